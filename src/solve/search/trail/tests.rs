//! Tests of the search: counts against `Engine`, branching choices, locked candidates, trail undo,
//! deadlines, restarts and probing.

use super::*;
use crate::format::read_puzzles;
use crate::generate::{planted, random_fill, rng_from_seed};
use crate::solve::search::backtrack::count_solutions;
use crate::solve::search::planes::Planes;
use crate::solve::search::Searcher;
use proptest::prelude::*;
use std::time::Instant;

/// Puzzles of `tests/data/NAME.txt` with their solutions.
pub(crate) fn corpus(name: &str) -> Vec<(Grid, Grid)> {
    let path = |file: String| format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let read = |file: String| read_puzzles(&path(file), None, None).expect("corpus parses");
    let puzzles = read(format!("{name}.txt"));
    let solutions = read(format!("{name}.solutions.txt"));
    puzzles.into_iter().zip(solutions).map(|(p, s)| (p.puzzle, s.puzzle)).collect()
}

fn core(shape: Shape, locked: bool) -> Core<u16> {
    let mut core = Core::<u16>::new(shape);
    core.set_locked_candidates(locked);
    core
}

fn count(puzzle: &Grid, limit: u64, trailing: bool) -> u64 {
    let limits = SearchLimits { max_solutions: limit, ..SearchLimits::default() };
    let mut core = core(puzzle.shape(), trailing);
    core.set_trailing(trailing);
    core.search(puzzle, limits, &mut |_| true).solutions
}

#[test]
fn counts_equal_the_engine_counts_on_300_random_fills() {
    let shapes = [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap(), Shape::new(3, 3).unwrap()];
    for seed in 0..300u64 {
        let shape = shapes[seed as usize % 3];
        let alpha = [0.0, 0.1, 0.2, 0.3, 0.4][(seed / 3) as usize % 5];
        let puzzle = random_fill(shape, alpha, &mut rng_from_seed(seed));
        let limit = if shape.n() == 9 { 50 } else { 100_000 };
        let expected = count_solutions(&puzzle, limit).0;
        // Trail with locked candidates, copies without: both undo paths and both propagations.
        assert_eq!(count(&puzzle, limit, true), expected, "seed {seed}, trail");
        assert_eq!(count(&puzzle, limit, false), expected, "seed {seed}, copies");
        let limits = SearchLimits { max_solutions: limit, ..SearchLimits::default() };
        let planes = Planes::<u128>::new(shape).search(&puzzle, limits, &mut |_| true).solutions;
        assert_eq!(planes, expected, "seed {seed}, planes");
    }
}

#[test]
fn the_luby_sequence_starts_1_1_2_1_1_2_4_1() {
    let terms: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

/// The puzzles of a corpus with `extra` more cells of the solution given (every 7th cell).
pub(crate) fn roots(name: &str, extra: &[usize]) -> Vec<(Grid, Grid)> {
    let mut out = Vec::new();
    for (puzzle, solution) in corpus(name) {
        for &k in extra {
            let mut p = puzzle.clone();
            for cell in (0..p.shape().cells()).step_by(7).take(k) {
                p.set(cell, solution.get(cell));
            }
            out.push((p, solution.clone()));
        }
    }
    out
}

#[test]
fn locked_candidates_never_remove_a_digit_of_the_solution() {
    let mut removed_something = false;
    for name in ["9x9-top95", "9x9-hardest11", "16x16-gecode-10"] {
        for (puzzle, solution) in roots(name, &[0, 3, 6, 10]) {
            let (mut with, mut without) = (core(puzzle.shape(), true), core(puzzle.shape(), false));
            assert!(with.load(&puzzle) && with.propagate(), "{name}: a solvable puzzle propagates");
            assert!(without.load(&puzzle) && without.propagate());
            for cell in 0..puzzle.shape().cells() {
                let digit = W::bit(solution.get(cell) as usize - 1);
                assert_ne!(with.words[cell] & digit, 0, "{name}: cell {cell} lost its solution digit");
            }
            removed_something |= with.words[..puzzle.shape().cells()] != without.words[..puzzle.shape().cells()];
        }
    }
    assert!(removed_something, "locked candidates removed nothing: the test tests nothing");
}

type W = u16;

#[test]
fn branching_goes_to_a_house_digit_when_it_has_fewer_options_than_any_cell() {
    let mut seen = 0;
    for (puzzle, _) in roots("9x9-top95", &[0, 3]).into_iter().chain(roots("16x16-gecode-10", &[0])) {
        let mut c = core(puzzle.shape(), false);
        assert!(c.load(&puzzle) && c.propagate());
        if c.empty == 0 {
            continue;
        }
        let nn = c.g.nn;
        let fewest = |words: &[W]| words.iter().map(|w| w.count()).filter(|&k| k > 1).min().unwrap_or(u32::MAX);
        let (cells, house_digits) = (fewest(&c.words[..nn]), fewest(&c.words[nn..]));
        let frame = c.frame();
        assert_eq!(frame.remaining.count(), cells.min(house_digits), "the fewest options");
        if house_digits < cells {
            assert!(frame.on >= nn, "a house-digit with {house_digits} places beats cells with {cells}");
            seen += 1;
        }
    }
    assert!(seen > 0, "no root had a house-digit with fewer options than every cell");
}

/// A copy of the search state that undo must restore.
fn snapshot(c: &Core<W>) -> (Vec<W>, Vec<u8>, usize) {
    (c.words.clone(), c.value.clone(), c.empty)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn undoing_the_trail_restores_the_exact_state(seed in any::<u64>(), box_rows in 2usize..=4, alpha in 0.0f64..0.5) {
        let shape = Shape::new(box_rows, box_rows).unwrap();
        let puzzle = planted(shape, alpha, &mut rng_from_seed(seed)).puzzle;
        let mut c = core(shape, true);
        c.set_trailing(true);
        prop_assume!(c.load(&puzzle) && c.propagate() && c.empty > 0);
        // Walk down a random path, then undo every level and compare with its snapshot.
        let mut levels = Vec::new();
        let mut pick = seed;
        for _ in 0..6 {
            if c.empty == 0 {
                break;
            }
            let frame = c.frame();
            let before = snapshot(&c);
            let options: Vec<usize> = (0..16).filter(|&i| frame.remaining & W::bit(i) != 0).collect();
            let option = options[(pick % options.len() as u64) as usize];
            pick /= 3;
            let (cell, digit) = c.option(frame.on, option);
            let ok = c.place(cell, digit) && c.propagate();
            levels.push((frame, before));
            if !ok {
                c.naked.clear();
                c.hidden.clear();
                break;
            }
        }
        for (frame, before) in levels.into_iter().rev() {
            c.undo(&frame);
            prop_assert_eq!(snapshot(&c), before);
        }
    }
}

#[test]
fn a_deadline_in_the_past_stops_within_one_clock_period() {
    let past = SearchLimits { max_solutions: u64::MAX, deadline: Some(Instant::now()), max_nodes: None };
    for (r, c) in [(3, 3), (4, 4), (5, 5)] {
        let shape = Shape::new(r, c).unwrap();
        let search = Searcher::new(shape).search(&Grid::empty(shape), past, &mut |_| true);
        assert_eq!(search.stop, Stop::Deadline, "{r}x{c}");
        assert!(search.nodes <= 256, "{r}x{c}: {} nodes", search.nodes);
    }
    // Counting the solutions of the empty 36×36 never ends: only the clock stops it.
    let shape = Shape::new(6, 6).unwrap();
    let start = Instant::now();
    let soon = SearchLimits { deadline: Some(start + std::time::Duration::from_millis(200)), ..past };
    let search = Searcher::new(shape).search(&Grid::empty(shape), soon, &mut |_| true);
    assert_eq!(search.stop, Stop::Deadline);
    assert!(start.elapsed().as_secs_f64() < 1.5, "stopped {:?} after the start", start.elapsed());
}

#[test]
fn restarts_find_the_known_solution_and_repeat_exactly() {
    let (puzzle, solution) = corpus("25x25-sample").remove(0);
    let mut runs = Vec::new();
    for _ in 0..2 {
        let mut found = None;
        let search = Searcher::new(puzzle.shape()).search(&puzzle, SearchLimits::default(), &mut |cells| {
            found = Some(cells.to_vec());
            false
        });
        assert_eq!(found.as_deref(), Some(solution.cells()));
        runs.push(search);
    }
    assert_eq!(runs[0], runs[1], "the same puzzle gets the same runs");
}

#[test]
fn empty_large_grids_are_filled_by_the_opening_run_without_a_restart() {
    // Restarts once counted nodes and cut every run of an empty 49×49 grid (which needs about
    // N² nodes and no dead end) before it could finish; the opening cell search fills it.
    for (r, c) in [(5, 5), (6, 6), (7, 7)] {
        let shape = Shape::new(r, c).unwrap();
        let mut solution = None;
        let search = Searcher::new(shape).search(&Grid::empty(shape), SearchLimits::default(), &mut |cells| {
            solution = Grid::from_cells(shape, cells.to_vec()).ok();
            false
        });
        assert_eq!((search.solutions, search.stop), (1, Stop::SolutionLimit), "{r}x{c}: {search:?}");
        let n2 = (shape.n() * shape.n()) as u64;
        assert!(search.nodes <= 8 * n2, "{r}x{c}: {} nodes, more than the opening's {}", search.nodes, 8 * n2);
        let grid = solution.expect("the solution was handed over");
        assert!(crate::verify::is_solution_of(&Grid::empty(shape), &grid), "{r}x{c}");
    }
}

#[test]
fn probing_never_places_a_digit_against_the_solution_and_places_some() {
    // Unique puzzles: every digit probing places must be the solution's, and none may vanish.
    let mut placed_something = false;
    for name in ["9x9-top95", "9x9-hardest11", "16x16-gecode-10"] {
        for (puzzle, solution) in roots(name, &[0, 3]) {
            let mut c = core(puzzle.shape(), true);
            assert!(c.load(&puzzle) && c.propagate(), "{name}: a solvable puzzle propagates");
            let settled = c.empty;
            assert!(c.probe(), "{name}: probing a solvable puzzle meets no dead end");
            for cell in 0..puzzle.shape().cells() {
                let digit = W::bit(solution.get(cell) as usize - 1);
                assert_ne!(c.words[cell] & digit, 0, "{name}: cell {cell} lost its solution digit");
            }
            placed_something |= c.empty < settled;
        }
    }
    assert!(placed_something, "probing placed nothing: the test tests nothing");
}

#[test]
fn restarting_runs_with_and_without_probing_solve_planted_25x25_at_the_peak() {
    // α = 0.45 is the hardness peak of planted 25×25: these need restarting runs.
    let shape = Shape::new(5, 5).unwrap();
    for seed in 0..2 {
        let puzzle = planted(shape, 0.45, &mut rng_from_seed(seed)).puzzle;
        for probing in [true, false] {
            let mut c = Core::<u32>::new(shape);
            c.set_probing(probing);
            let mut found = None;
            let search = c.search(&puzzle, SearchLimits::default(), &mut |cells| {
                found = Grid::from_cells(shape, cells.to_vec()).ok();
                false
            });
            assert_eq!(search.stop, Stop::SolutionLimit, "seed {seed}, probing {probing}");
            let grid = found.expect("the solution was handed over");
            assert!(crate::verify::is_solution_of(&puzzle, &grid), "seed {seed}, probing {probing}");
        }
    }
}
