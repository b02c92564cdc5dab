//! Puzzles end to end: generated puzzles have exactly one solution (counted by `backtrack`,
//! confirmed by `ilp-clique` on a sample), rate exactly as asked when re-rated from scratch, are
//! symmetric when asked, deterministic for a seed and within their clue range; `analyze` through
//! the real binary on hand-built puzzles whose solution counts and determined cells are derived in
//! the comments; bad input exits 2.

use std::time::Duration;

use sudoku_lab::format;
use sudoku_lab::generate::rng_from_seed;
use sudoku_lab::grid::{Grid, Shape};
use sudoku_lab::logic::{self, Rating};
use sudoku_lab::puzzle::{
    default_givens, generate_unique, symmetries, Exhausted, Generated, Generator, PuzzleError, PuzzleSpec, Symmetry,
};
use sudoku_lab::solve::search::backtrack::count_solutions;
use sudoku_lab::solve::{self, Limits, Outcome, SolverKind};
use sudoku_lab::verify;

use crate::common::{self, run, stderr, stdout};

const BUDGET: Duration = Duration::from_secs(60);

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).expect("a valid shape")
}

fn make(shape: Shape, rating: Rating, symmetric: bool, seed: u64) -> Generated {
    let spec = PuzzleSpec { symmetric, ..PuzzleSpec::new(rating) };
    generate_unique(shape, &spec, &mut rng_from_seed(seed), BUDGET)
        .unwrap_or_else(|e| panic!("{shape} {rating} seed {seed}: {e}"))
}

/// Everything a generated puzzle promises, checked independently of the generator.
fn assert_sound(g: &Generated, rating: Rating, range: std::ops::RangeInclusive<usize>, what: &str) {
    assert!(verify::is_solution_of(&g.puzzle, &g.solution), "{what}: the solution does not fit the puzzle");
    let (count, first) = count_solutions(&g.puzzle, 2);
    assert_eq!(count, 1, "{what}: backtrack counts {count} solutions");
    assert_eq!(first.as_ref(), Some(&g.solution), "{what}");
    assert_eq!(logic::rate(&g.puzzle).0, rating, "{what}: re-rated differently");
    assert_eq!(g.rating, rating, "{what}");
    assert!(range.contains(&g.puzzle.givens()), "{what}: {} givens outside {range:?}", g.puzzle.givens());
}

#[test]
fn generated_puzzles_are_unique_rated_exactly_and_in_range() {
    let cases: &[((usize, usize), &[Rating], u64)] = &[
        ((2, 2), &[Rating::Easy], 10),
        ((2, 3), &[Rating::Easy, Rating::Medium, Rating::Expert], 5),
        ((3, 3), &Rating::ALL, 12),
        ((3, 4), &Rating::ALL, 3),
        ((4, 4), &[Rating::Easy, Rating::Medium, Rating::Hard], 2),
    ];
    for &((r, c), ratings, seeds) in cases {
        let shape = shape(r, c);
        for &rating in ratings {
            for seed in 0..seeds {
                let g = make(shape, rating, false, seed);
                assert_sound(&g, rating, default_givens(shape, rating), &format!("{shape} {rating} seed {seed}"));
            }
        }
    }
}

#[test]
fn nine_by_nine_clue_counts_follow_the_usual_ranges() {
    let nine = shape(3, 3);
    for (rating, lo, hi) in
        [(Rating::Easy, 40, 45), (Rating::Medium, 35, 39), (Rating::Hard, 30, 34), (Rating::Expert, 0, 29)]
    {
        assert_eq!(default_givens(nine, rating), lo..=hi);
        let counts: Vec<usize> = (0..8).map(|s| make(nine, rating, false, 100 + s).puzzle.givens()).collect();
        assert!(counts.iter().all(|g| (lo..=hi).contains(g)), "{rating}: {counts:?}");
    }
}

#[test]
fn symmetric_puzzles_are_symmetric_under_a_half_turn() {
    for (s, rating) in [
        (shape(3, 3), Rating::Easy),
        (shape(3, 3), Rating::Hard),
        (shape(3, 3), Rating::Expert),
        (shape(2, 3), Rating::Easy),
        (shape(4, 4), Rating::Medium),
    ] {
        for seed in 0..3 {
            let g = make(s, rating, true, seed);
            assert!(symmetries(&g.puzzle).contains(&Symmetry::Rotational180), "{s} {rating} seed {seed}");
            assert_sound(&g, rating, default_givens(s, rating), &format!("symmetric {s} {rating} seed {seed}"));
        }
    }
}

#[test]
fn generation_is_deterministic_for_a_seed_and_a_reused_generator_changes_nothing() {
    let nine = shape(3, 3);
    let mut generator = Generator::new(nine);
    for rating in Rating::ALL {
        let spec = PuzzleSpec::new(rating);
        let a: Vec<Grid> =
            (0..3).map(|s| generator.generate(&spec, &mut rng_from_seed(s), BUDGET).unwrap().puzzle).collect();
        let b: Vec<Grid> = (0..3).map(|s| make(nine, rating, false, s).puzzle).collect();
        assert_eq!(a, b, "{rating}");
        assert_ne!(a[0], a[1], "{rating}: different seeds give different puzzles");
    }
}

#[test]
fn a_givens_override_is_honoured_and_impossible_targets_fail_clearly() {
    let nine = shape(3, 3);
    let spec = PuzzleSpec { givens: Some(30..=32), ..PuzzleSpec::new(Rating::Easy) };
    for seed in 0..5 {
        let g = generate_unique(nine, &spec, &mut rng_from_seed(seed), BUDGET).unwrap();
        assert_sound(&g, Rating::Easy, 30..=32, &format!("easy with 30-32 givens, seed {seed}"));
    }
    let spec = PuzzleSpec { givens: Some(82..=90), ..PuzzleSpec::new(Rating::Easy) };
    assert!(matches!(generate_unique(nine, &spec, &mut rng_from_seed(0), BUDGET), Err(PuzzleError::Range { .. })));
    // 4×4 puzzles with 7 givens never need locked candidates: the attempt budget runs out.
    let spec = PuzzleSpec { max_attempts: 300, ..PuzzleSpec::new(Rating::Medium) };
    let err = generate_unique(shape(2, 2), &spec, &mut rng_from_seed(0), BUDGET).unwrap_err();
    assert!(matches!(err, PuzzleError::Unreached { exhausted: Exhausted::Attempts, attempts: 300, .. }), "{err:?}");
    assert!(
        err.to_string().starts_with("no medium 4×4 (2x2 boxes) puzzle with 7-7 givens after 300 attempt(s)"),
        "{err}"
    );
    // A zero time budget fails on time, not on attempts.
    let err =
        generate_unique(nine, &PuzzleSpec::new(Rating::Expert), &mut rng_from_seed(0), Duration::ZERO).unwrap_err();
    assert!(matches!(err, PuzzleError::Unreached { exhausted: Exhausted::Time, .. }), "{err:?}");
}

/// An independent singles-only solver (naked and hidden singles, recomputed from the grid each
/// round): returns the grid it reaches.
fn singles_only(puzzle: &Grid) -> Grid {
    let shape = puzzle.shape();
    let n = shape.n() as u8;
    let mut g = puzzle.clone();
    let fits = |g: &Grid, cell: usize, d: u8| g.get(cell) == 0 && shape.peers(cell).iter().all(|&p| g.get(p) != d);
    loop {
        let mut progress = false;
        for cell in 0..g.cells().len() {
            let options: Vec<u8> = (1..=n).filter(|&d| fits(&g, cell, d)).collect();
            if options.len() == 1 {
                g.set(cell, options[0]);
                progress = true;
            }
        }
        for house in shape.houses() {
            let cells = shape.house_cells(house);
            for d in 1..=n {
                let places: Vec<usize> = cells.iter().copied().filter(|&c| fits(&g, c, d)).collect();
                if places.len() == 1 && !cells.iter().any(|&c| g.get(c) == d) {
                    g.set(places[0], d);
                    progress = true;
                }
            }
        }
        if !progress {
            return g;
        }
    }
}

#[test]
fn easy_means_singles_suffice_by_an_independent_singles_solver() {
    for (s, seeds) in [(shape(3, 3), 0..10), (shape(2, 3), 0..5), (shape(3, 4), 0..3)] {
        for rating in Rating::ALL {
            if s.n() == 6 && rating == Rating::Hard {
                continue; // hundreds of attempts each: covered by the 9×9 and 12×12 cases
            }
            for seed in seeds.clone() {
                let g = make(s, rating, false, seed);
                let reached = singles_only(&g.puzzle);
                assert_eq!(reached.is_full(), rating == Rating::Easy, "{s} {rating} seed {seed}");
                if rating == Rating::Easy {
                    assert_eq!(reached, g.solution);
                }
            }
        }
    }
}

#[test]
fn corpus_puzzles_rate_easy_exactly_when_the_independent_singles_solver_solves_them() {
    let sets = ["puzzle-top95", "puzzle-17clue", "puzzle-gecode9", "puzzle-6x6", "puzzle-16x16", "puzzle-4x4"];
    let mut easy = 0;
    for set in sets {
        let path = common::data(&format!("{set}.txt"));
        for entry in format::read_puzzles(path.to_str().unwrap(), None, None).unwrap() {
            let solved = singles_only(&entry.puzzle).is_full();
            assert_eq!(logic::rate(&entry.puzzle).0 == Rating::Easy, solved, "{set} line {}", entry.line);
            easy += usize::from(solved);
        }
    }
    assert!(easy > 10 && easy < 100, "{easy} easy corpus puzzles");
}

#[test]
fn removing_a_given_never_makes_a_puzzle_easier() {
    for (s, seeds) in [(shape(3, 3), 0..3), (shape(3, 4), 0..1)] {
        for rating in Rating::ALL {
            for seed in seeds.clone() {
                let g = make(s, rating, false, seed);
                for cell in (0..g.puzzle.cells().len()).filter(|&c| g.puzzle.get(c) != 0) {
                    let mut fewer = g.puzzle.clone();
                    fewer.set(cell, 0);
                    let (r, _) = logic::rate(&fewer);
                    assert!(r >= rating, "{s} {rating} seed {seed}: without cell {cell} it rates {r}");
                }
            }
        }
    }
}

/// Uniqueness by the ILP: it finds the puzzle's solution, and forcing any other digit into any
/// empty cell makes the puzzle infeasible — so no second solution exists.
#[test]
fn ilp_clique_confirms_uniqueness_on_a_sample() {
    let mut ilp = SolverKind::IlpClique.build(&Default::default());
    let samples = [
        make(shape(2, 2), Rating::Easy, false, 1),
        make(shape(2, 3), Rating::Expert, false, 1),
        make(shape(3, 3), Rating::Easy, true, 1),
    ];
    for g in samples {
        let report = solve::solve(ilp.as_mut(), &g.puzzle, &Limits::default()).expect("HiGHS runs");
        assert_eq!(report.outcome, Outcome::Solved(g.solution.clone()));
        for cell in (0..g.puzzle.cells().len()).filter(|&c| g.puzzle.get(c) == 0) {
            for d in (1..=g.puzzle.n() as u8).filter(|&d| d != g.solution.get(cell)) {
                let mut forced = g.puzzle.clone();
                forced.set(cell, d);
                let report = solve::solve(ilp.as_mut(), &forced, &Limits::default()).expect("HiGHS runs");
                assert_eq!(report.outcome, Outcome::Infeasible, "cell {cell} = {d} must leave no solution");
            }
        }
    }
}

// ---- analyze, through the binary ----

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

/// The 4×4 puzzle          . 2 3 4 / 3 . 1 2 / . 1 . 3 / . 3 . .
/// r1c1 = 1 and r2c2 = 4 (last in their rows), r4c4 = 1 (last in column 4). Rows 3 and 4 then
/// need {2, 4} in columns 1 and 3, and each column's other cells hold 1, 3 — so r3c1 ∈ {2, 4}
/// fixes the rest: r3c1 = 2 gives 2143/4321, r3c1 = 4 gives 4123/2341, both valid (boxes 3 and 4
/// each get 1–4). Exactly 2 solutions; every cell but r3c1, r3c3, r4c1, r4c3 is determined.
const TWO_SOLUTIONS: &str = ".2343.12.1.3.3..";

#[test]
fn analyze_reports_two_solutions_and_the_determined_cells() {
    let out = run(&["analyze", "-", "--json"], TWO_SOLUTIONS);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = &json_lines(&stdout(&out))[0];
    assert_eq!(v["givens"], 9);
    assert_eq!(v["conflicts"], serde_json::json!([]));
    assert_eq!(v["solutions"], 2);
    assert_eq!(v["solutions_capped"], false);
    assert_eq!(v["determined"], "12343412.1.3.3.1");
    assert_eq!(v["rating"], serde_json::Value::Null);
    let human = stdout(&run(&["analyze", "-"], TWO_SOLUTIONS));
    assert!(human.contains("solutions: 2\n"), "{human}");
    assert!(human.contains("12 cells hold the same digit in all 2 solutions"), "{human}");
}

#[test]
fn analyze_reports_conflicting_givens_without_a_solution() {
    // Two 1s in row 1 (and so in box 1): no solution, and the conflicts name both houses.
    let out = run(&["analyze", "-", "--json"], "11..............");
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&stdout(&out))[0];
    assert_eq!(v["solutions"], 0);
    assert_eq!(v["solutions_capped"], false);
    let houses: Vec<&str> = v["conflicts"].as_array().unwrap().iter().map(|c| c["house"].as_str().unwrap()).collect();
    assert_eq!(houses, ["row 1", "box 1"]);
    assert_eq!(v["conflicts"][0]["cells"], serde_json::json!(["r1c1", "r1c2"]));
    assert_eq!((v["determined"].clone(), v["determined_status"].clone()), (serde_json::Value::Null, "none".into()));
    assert_eq!(v["rating"], serde_json::Value::Null);
}

#[test]
fn analyze_rates_a_unique_puzzle_and_shows_its_solution() {
    // The 4×4 sample with its published unique solution, and the classic (singles-only) 9×9.
    let text = "0 3 4 0 4 0 0 2 1 0 0 3 0 2 1 0\n\
                53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let out = run(&["analyze", "-", "--json"], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json_lines(&stdout(&out));
    assert_eq!((v[0]["solutions"].clone(), v[0]["rating"].clone()), (1.into(), "easy".into()));
    assert_eq!(v[0]["determined"], "2 3 4 1 4 1 3 2 1 4 2 3 3 2 1 4".replace(' ', ""));
    assert_eq!(v[1]["determined"], "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    assert_eq!(v[1]["givens"], 30);
    assert_eq!(v[1]["rating"], "easy");
}

#[test]
fn analyze_caps_the_count_and_says_so() {
    // The empty 4×4 grid has 288 solutions, and no cell is the same in all of them.
    let empty = "0 ".repeat(16);
    let v = &json_lines(&stdout(&run(&["analyze", "-", "--json"], &empty)))[0];
    assert_eq!((v["solutions"].clone(), v["solutions_capped"].clone()), (288.into(), false.into()));
    assert_eq!((v["determined"].clone(), v["determined_status"].clone()), ("................".into(), "exact".into()));
    let out = run(&["analyze", "-", "--json", "--max-solutions", "10"], &empty);
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&stdout(&out))[0];
    assert_eq!((v["solutions"].clone(), v["solutions_capped"].clone()), (11.into(), true.into()));
    // Past the cap the determined cells are still proven: none, since the grid is open.
    assert_eq!((v["determined_cells"].clone(), v["determined_status"].clone()), (0.into(), "exact".into()));
    let human = stdout(&run(&["analyze", "-", "--max-solutions", "10"], &empty));
    assert!(human.contains("solutions: more than 10"), "{human}");
    assert!(human.contains("determined cells: none (proven"), "{human}");
}

// ---- puzzle, through the binary ----

#[test]
fn the_puzzle_command_writes_unique_puzzles_that_analyze_accepts() {
    let out =
        run(&["puzzle", "--size", "9", "--difficulty", "medium", "--seed", "5", "--count", "3", "--symmetric"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 3);
    assert!(text.lines().all(|l| l.len() == 81), "{text}");
    assert!(stderr(&out).contains("puzzles/s"), "{}", stderr(&out));
    let checked = run(&["analyze", "-", "--json"], &text);
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    for v in json_lines(&stdout(&checked)) {
        assert_eq!(v["rating"], "medium");
        assert!(v["symmetry"].as_array().unwrap().contains(&"rotational-180".into()));
    }
    // Puzzle i uses seed + i: the second line is seed 6's first.
    let alone = stdout(&run(&["puzzle", "--size", "9", "--difficulty", "medium", "--seed", "6", "--symmetric"], ""));
    assert_eq!(alone.lines().next(), text.lines().nth(1));
    // With its solution, in JSON.
    let out = run(&["puzzle", "--size", "6", "--difficulty", "easy", "--format", "json", "--with-solution"], "");
    let entry = format::parse(&stdout(&out), "out", None, None).unwrap().remove(0);
    assert!(verify::is_solution_of(&entry.puzzle, entry.solution.as_ref().unwrap()));
}

#[test]
fn a_givens_range_beyond_the_grid_or_a_grid_too_small_is_refused_without_echoing_a_range() {
    // --givens 0-200 on 9×9 was clamped to 0-81 and echoed back as "givens 0-200".
    let out = run(&["puzzle", "--size", "9", "--difficulty", "easy", "--givens", "0-200"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "no puzzle is written: {}", stdout(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "the givens range 0-200 goes beyond the 81 cells of a 9×9 (3x3 boxes) grid: give a range within 0-81"
        ),
        "{err}"
    );
    assert!(!err.contains("puzzle 1"), "refused before any puzzle: {err}");
    // A 1×1 grid has no default clue range: the message names none (it said "givens range 1-0").
    for difficulty in ["easy", "medium", "hard"] {
        let out = run(&["puzzle", "--size", "1", "--difficulty", difficulty], "");
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(!err.contains("range 1-0") && !err.contains("1-0"), "{difficulty}: {err}");
        assert!(
            err.contains(&format!("a 1×1 (1x1 boxes) grid is too small for a default {difficulty} clue count")),
            "{difficulty}: {err}"
        );
        assert!(err.contains("give --givens A-B within 0-1"), "{difficulty}: {err}");
    }
    // With a range of its own, a 1×1 puzzle is made.
    let out = run(&["puzzle", "--size", "1", "--difficulty", "easy", "--givens", "0-1"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["puzzle", "--size", "9", "--difficulty", "impossible"], "", "invalid value 'impossible'"),
        (&["puzzle", "--size", "7", "--difficulty", "easy"], "", "size 7 has no sensible box shape"),
        (
            &["puzzle", "--size", "9", "--difficulty", "easy", "--givens", "40-30"],
            "",
            "low end 40 is above its high end 30",
        ),
        (&["puzzle", "--size", "4", "--difficulty", "medium", "--max-attempts", "50"], "", "no medium 4×4"),
        (&["puzzle", "--size", "9", "--difficulty", "easy", "--givens", "90-95"], "", "givens range 90-95"),
        (&["analyze", "-"], "12?.............", "cell 3: unknown symbol '?'"),
        (&["analyze", "-", "--max-solutions", "0"], "", "--max-solutions"),
    ];
    for (args, stdin, message) in cases {
        let out = run(args, stdin);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: expected '{message}' in: {}", stderr(&out));
    }
}
