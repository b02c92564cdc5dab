//! Times the `sudoku` crate's `some_solution` (the first solution, as `bench` asks for) per puzzle on a file of 81-character lines and prints one
//! CSV row in the columns `sudoku-lab bench --csv` uses (solver, puzzles, solved, infeasible, limit,
//! total_s, us_mean, us_median). Parsing is outside the timed region, as in `bench`; every answer is
//! checked against the puzzle's givens and the sudoku rules after the timed loop.
use std::time::Instant;

use sudoku::Sudoku;

fn main() {
    let path = std::env::args().nth(1).expect("usage: sudoku-crate-baseline PUZZLES.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles: Vec<Sudoku> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Sudoku::from_str_line(l).unwrap_or_else(|e| panic!("{path}: {l}: {e:?}")))
        .collect();
    let mut times = Vec::with_capacity(puzzles.len());
    let mut answers = Vec::with_capacity(puzzles.len());
    let total = Instant::now();
    for p in &puzzles {
        let start = Instant::now();
        let answer = p.some_solution();
        times.push(start.elapsed().as_secs_f64());
        answers.push(answer);
    }
    let total_s = total.elapsed().as_secs_f64();
    let mut solved = 0;
    for (p, a) in puzzles.iter().zip(&answers) {
        let Some(a) = a else { continue };
        assert!(is_solution_of(&p.to_bytes(), &a.to_bytes()), "{path}: wrong answer for {p}");
        solved += 1;
    }
    let n = puzzles.len().max(1) as f64;
    let mean = times.iter().sum::<f64>() * 1e6 / n;
    times.sort_by(f64::total_cmp);
    let median = if times.is_empty() {
        0.0
    } else if times.len() % 2 == 1 {
        times[times.len() / 2] * 1e6
    } else {
        (times[times.len() / 2 - 1] + times[times.len() / 2]) * 0.5e6
    };
    let infeasible = puzzles.len() - solved;
    println!("solver,puzzles,solved,infeasible,limit,total_s,us_mean,us_median");
    println!("sudoku-crate,{},{solved},{infeasible},0,{total_s},{mean},{median}", puzzles.len());
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
