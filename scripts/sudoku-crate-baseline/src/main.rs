//! Times the `sudoku` crate's `some_solution` (the first solution, as `bench` asks for) per puzzle on a file of 81-character lines and prints one
//! CSV row in the columns `sudoku-lab bench --csv` uses (solver, puzzles, solved, infeasible, limit,
//! total_s, us_mean, us_median). Parsing is outside the timed region, as in `bench`; every answer is
//! checked against the puzzle's givens and the sudoku rules after each timed pass. An optional
//! second argument K solves the file K times in order, as `bench --passes K` does: a puzzle's time
//! is the median of its K solves, `total_s` the mean pass.
use std::time::Instant;

use sudoku::Sudoku;

fn main() {
    let path = std::env::args().nth(1).expect("usage: sudoku-crate-baseline PUZZLES.txt [PASSES]");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles: Vec<Sudoku> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Sudoku::from_str_line(l).unwrap_or_else(|e| panic!("{path}: {l}: {e:?}")))
        .collect();
    let passes: usize = std::env::args().nth(2).map_or(1, |k| k.parse().expect("passes: a whole number ≥ 1")).max(1);
    let mut per_puzzle: Vec<Vec<f64>> = vec![Vec::with_capacity(passes); puzzles.len()];
    let mut total_s = 0.0;
    let mut solved = 0;
    for _ in 0..passes {
        let mut answers = Vec::with_capacity(puzzles.len());
        let pass = Instant::now();
        for (p, times) in puzzles.iter().zip(&mut per_puzzle) {
            let start = Instant::now();
            let answer = p.some_solution();
            times.push(start.elapsed().as_secs_f64());
            answers.push(answer);
        }
        total_s += pass.elapsed().as_secs_f64() / passes as f64;
        solved = 0;
        for (p, a) in puzzles.iter().zip(&answers) {
            let Some(a) = a else { continue };
            assert!(is_solution_of(&p.to_bytes(), &a.to_bytes()), "{path}: wrong answer for {p}");
            solved += 1;
        }
    }
    let mut times: Vec<f64> = per_puzzle.iter_mut().map(|t| median(t)).collect();
    let n = puzzles.len().max(1) as f64;
    let mean = times.iter().sum::<f64>() * 1e6 / n;
    let median = median(&mut times) * 1e6;
    let infeasible = puzzles.len() - solved;
    println!("solver,puzzles,solved,infeasible,limit,total_s,us_mean,us_median");
    println!("sudoku-crate,{},{solved},{infeasible},0,{total_s},{mean},{median}", puzzles.len());
}

/// The median of `xs` (0 when empty), sorting them.
fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => 0.0,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// Whether `grid` keeps `puzzle`'s givens and every row, column and box holds 1–9 once.
fn is_solution_of(puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
    let keeps = puzzle.iter().zip(grid).all(|(&p, &g)| p == 0 || p == g);
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u16;
        for c in cells {
            seen |= 1 << grid[c];
        }
        seen == 0b11_1111_1110
    };
    keeps
        && (0..9).all(|i| {
            unit_ok(&mut (0..9).map(|j| 9 * i + j))
                && unit_ok(&mut (0..9).map(|j| 9 * j + i))
                && unit_ok(&mut (0..9).map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3))
        })
}
