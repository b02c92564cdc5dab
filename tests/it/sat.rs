//! `sat` and `sat-minimal` (CaDiCaL) and `kissat`: the corpus, the time limit, counting by blocking
//! clauses, the statistics they report, their columns in `--stats`, and the logic preprocessing.
//! Every grid is checked by the oracle.

use std::time::{Duration, Instant};

use sudoku_lab::format::{parse, read_puzzles};
use sudoku_lab::generate::{planted, rng_from_seed};
use sudoku_lab::grid::{Grid, Shape};
use sudoku_lab::solve::propagate::{eliminate, Eliminated};
use sudoku_lab::solve::search::backtrack::count_solutions;
use sudoku_lab::solve::{solve, Limits, Outcome, Report, SolverKind, SolverOptions};
use sudoku_lab::verify::is_solution_of;

use crate::common::{corpus, data, run, stderr};

const SAT_SOLVERS: [SolverKind; 2] = [SolverKind::Sat, SolverKind::SatMinimal];

fn report(kind: SolverKind, puzzle: &Grid, limits: &Limits) -> Report {
    report_with(kind, &SolverOptions::default(), puzzle, limits)
}

fn report_with(kind: SolverKind, options: &SolverOptions, puzzle: &Grid, limits: &Limits) -> Report {
    let mut solver = kind.build(options);
    let report = solve(solver.as_mut(), puzzle, limits).expect("no backend failure");
    if let Outcome::Solved(g) = &report.outcome {
        assert!(is_solution_of(puzzle, g), "{kind} returned a non-solution");
    }
    report
}

fn grid(text: &str) -> Grid {
    parse(text, "t", None, None).expect("valid puzzle").remove(0).puzzle
}

#[test]
fn both_encodings_solve_every_corpus_puzzle_to_its_known_solution() {
    let files = [
        "4x4-samples",
        "6x6-forum",
        "9x9-17clue-200",
        "9x9-top95",
        "9x9-hardest11",
        "16x16-sample",
        "16x16-gecode-10",
        "25x25-sample",
    ];
    for kind in [SolverKind::Sat, SolverKind::SatMinimal, SolverKind::Kissat] {
        for name in files {
            for (p, s) in corpus(name) {
                match report(kind, &p.puzzle, &Limits::seconds(60.0)).outcome {
                    Outcome::Solved(g) => assert_eq!(g, s.puzzle, "{kind} on {name} line {}", p.line),
                    other => panic!("{kind} on {name} line {}: {other:?}", p.line),
                }
            }
        }
    }
}

#[test]
fn a_short_time_limit_stops_cadical_promptly_on_a_hard_36x36_instance() {
    // Planted 36×36 at α = 0.5 (the hardness peak at this size): `sat` needs about 30 s and
    // 380 k conflicts on it without a limit.
    let hard = read_puzzles(data("36x36-hard.txt").to_str().unwrap(), None, None).unwrap().remove(0).puzzle;
    for kind in SAT_SOLVERS {
        let start = Instant::now();
        let r = report(kind, &hard, &Limits::seconds(0.2));
        let elapsed = start.elapsed();
        assert_eq!(r.outcome, Outcome::LimitReached, "{kind}: {:?}", r.note);
        assert!(elapsed < Duration::from_millis(200 + 1000), "{kind} overran its 0.2 s limit: {elapsed:?}");
        assert!(r.stats.conflicts.is_some(), "{kind} reports CaDiCaL's statistics of the stopped search");
    }
}

#[test]
fn the_limit_counts_the_encoding_and_cadicals_start_up_on_the_largest_formulas() {
    // The empty 36×36 grid: 46,656 variables and 3.3 M clauses. Encoding takes about 0.6 s here and
    // CaDiCaL's congruence closure (now off) ran 1.5 s unpolled before this limit held.
    // Tolerance 1 s: a command must stop within max(1 s, 10 %) of its limit (CI shares 2 cores).
    let empty = Grid::empty(Shape::new(6, 6).unwrap());
    for limit in [0.1, 1.0] {
        let start = Instant::now();
        let r = report(SolverKind::Sat, &empty, &Limits::seconds(limit));
        let elapsed = start.elapsed().as_secs_f64();
        assert!(elapsed < limit + 1.0, "a {limit} s limit took {elapsed:.2} s: {:?}", r.note);
    }
    let r = report(SolverKind::Sat, &empty, &Limits::seconds(0.1));
    assert_eq!((r.outcome, r.note.as_deref()), (Outcome::LimitReached, Some("time limit reached while encoding")));
}

#[test]
fn counting_with_blocking_clauses_matches_exhaustive_search() {
    let shape = Shape::new(2, 2).unwrap();
    let cases = [
        (Grid::empty(shape), 288),
        (grid("12343412........"), 4),
        (grid("1234341221434321"), 1),
        (grid("12.........3...4"), 0),
    ];
    for (puzzle, expected) in cases {
        assert_eq!(count_solutions(&puzzle, 1000).0, expected, "the reference count");
        for kind in SAT_SOLVERS {
            let r = report(kind, &puzzle, &Limits { time: None, max_solutions: 1000 });
            let solutions = r.stats.solutions.unwrap_or(0);
            assert_eq!(solutions, expected, "{kind} on {}", sudoku_lab::format::to_line(&puzzle));
            assert_eq!(matches!(r.outcome, Outcome::Solved(_)), expected > 0, "{kind}");
        }
    }
}

#[test]
fn deciding_uniqueness_stops_at_two_solutions() {
    let (unique, _) = corpus("9x9-hardest11").remove(0);
    let several = grid(&"1".chars().chain(std::iter::repeat_n('.', 80)).collect::<String>());
    let two = Limits { time: Some(Duration::from_secs(30)), max_solutions: 2 };
    for kind in SAT_SOLVERS {
        assert_eq!(report(kind, &unique.puzzle, &two).stats.solutions, Some(1), "{kind}");
        assert_eq!(report(kind, &several, &two).stats.solutions, Some(2), "{kind}");
    }
    // Finding one solution does not count.
    assert_eq!(report(SolverKind::Sat, &unique.puzzle, &Limits::default()).stats.solutions, None);
}

#[test]
fn the_statistics_describe_the_formula_and_the_search() {
    let (p, _) = corpus("9x9-hardest11").remove(0);
    let full = report(SolverKind::Sat, &p.puzzle, &Limits::default()).stats;
    let minimal = report(SolverKind::SatMinimal, &p.puzzle, &Limits::default()).stats;
    for s in [&full, &minimal] {
        assert!(s.variables.unwrap() > 0 && s.constraints.unwrap() > 0, "{s:?}");
        assert!(s.decisions.is_some() && s.propagations.unwrap() > 0, "{s:?}");
        assert!(s.conflicts.is_some() && s.nodes.is_none() && s.lp_iterations.is_none(), "{s:?}");
    }
    assert_eq!(full.variables, minimal.variables, "same cell variables; 9×9 needs no auxiliaries");
    assert!(full.constraints > minimal.constraints, "the full encoding adds the redundant clauses");
}

#[test]
fn at_25x25_near_the_peak_cadical_runs_plain_and_stays_deterministic() {
    // Up to 25×25 CaDiCaL runs without pre- or inprocessing (sat::PLAIN_UP_TO): the same puzzle
    // still gives the same search, so conflicts stay comparable between runs.
    assert_eq!(sudoku_lab::solve::sat::PLAIN_UP_TO, 25);
    let puzzle = planted(Shape::new(5, 5).unwrap(), 0.45, &mut rng_from_seed(24)).puzzle;
    let first = report(SolverKind::Sat, &puzzle, &Limits::default());
    let again = report(SolverKind::Sat, &puzzle, &Limits::default());
    assert!(matches!(first.outcome, Outcome::Solved(_)), "{:?}", first.note);
    assert!(first.stats.conflicts.is_some());
    assert_eq!(
        (first.stats.conflicts, first.stats.decisions, first.stats.propagations),
        (again.stats.conflicts, again.stats.decisions, again.stats.propagations)
    );
}

#[test]
fn givens_that_leave_a_cell_without_candidates_are_infeasible_before_cadical_runs() {
    let r = report(SolverKind::Sat, &grid("12.........3...4"), &Limits::default());
    assert_eq!(r.outcome, Outcome::Infeasible);
    assert_eq!(
        r.note.as_deref(),
        Some("cell r1c4 has no candidate: its row, column and box already hold all 4 digits")
    );
    assert_eq!(r.stats.conflicts, None, "CaDiCaL never ran");
}

#[test]
fn stats_csv_appends_the_cdcl_columns_the_portfolio_winner_lp_solves_and_the_measurements_after_the_old_ones() {
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.csv");
    let o = run(&["solve", "-", "--solver", "sat", "--stats", stats.to_str().unwrap()], "1...............\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let csv = std::fs::read_to_string(&stats).unwrap();
    let header = csv.lines().next().unwrap();
    assert!(
        header.ends_with(
            ",note,conflicts,decisions,propagations,winner,lp_solves,cpu_seconds,peak_rss_mb,\
             root_lp,fractional,fractional_cells,pricing_rounds"
        ),
        "{header}"
    );
    assert!(csv.lines().nth(1).unwrap().starts_with("1,sat,solved,"), "{csv}");
}

#[test]
fn sat_agrees_with_backtracking_on_generated_unique_puzzles_and_their_weakened_forms() {
    use sudoku_lab::generate::rng_from_seed;
    use sudoku_lab::logic::Rating;
    use sudoku_lab::puzzle::{analyze, generate_unique, PuzzleSpec};
    let two = Limits { time: Some(Duration::from_secs(60)), max_solutions: 2 };
    for (rows, cols, rating) in [(2, 3, Rating::Expert), (3, 3, Rating::Hard), (4, 4, Rating::Medium)] {
        let spec = PuzzleSpec::new(rating);
        let g = generate_unique(Shape::new(rows, cols).unwrap(), &spec, &mut rng_from_seed(7), Duration::from_secs(60))
            .expect("a unique puzzle");
        let unique = report(SolverKind::Sat, &g.puzzle, &two);
        assert_eq!((unique.outcome, unique.stats.solutions), (Outcome::Solved(g.solution.clone()), Some(1)));
        // Without one of its givens a minimal-ish puzzle may gain solutions: both must agree.
        let cell = (0..g.puzzle.cells().len()).find(|&c| g.puzzle.get(c) != 0).expect("a given");
        let mut weaker = g.puzzle.clone();
        weaker.set(cell, 0);
        let sat = report(SolverKind::Sat, &weaker, &two).stats.solutions;
        assert_eq!(sat, report(SolverKind::Backtrack, &weaker, &two).stats.solutions, "{rows}×{cols}");
        assert_eq!(sat, Some(analyze(&weaker, 1, None).unwrap().solutions.min(2)), "{rows}×{cols}");
    }
}

#[test]
fn absurd_time_limits_are_refused_with_a_range_error_not_a_panic() {
    // The puzzle comes from a file: the binary refuses the flag before it would read stdin.
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("p.txt");
    std::fs::write(&puzzle, "1...............\n").unwrap();
    let puzzle = puzzle.to_str().unwrap();
    for limit in ["1e20", "1e19", "0", "-1", "inf", "NaN"] {
        let o = run(&["solve", puzzle, "--solver", "sat", &format!("--time-limit={limit}")], "");
        assert_eq!(o.status.code(), Some(2), "--time-limit {limit}: {}", stderr(&o));
        assert!(stderr(&o).contains("is not a time limit"), "--time-limit {limit}: {}", stderr(&o));
    }
    // A year is accepted and cannot overflow the clock.
    let o = run(&["solve", puzzle, "--solver", "sat", "--time-limit", "31536000"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn kissat_stops_promptly_at_a_short_limit_and_finds_one_solution_without_counting() {
    let hard = read_puzzles(data("36x36-hard.txt").to_str().unwrap(), None, None).unwrap().remove(0).puzzle;
    let start = Instant::now();
    let r = report(SolverKind::Kissat, &hard, &Limits::seconds(0.2));
    assert_eq!(r.outcome, Outcome::LimitReached, "{:?}", r.note);
    assert!(start.elapsed() < Duration::from_millis(1200), "kissat overran its 0.2 s limit: {:?}", start.elapsed());
    // kissat is not incremental: asked to count, it answers with one solution and says so.
    let several = grid(&"1".chars().chain(std::iter::repeat_n('.', 80)).collect::<String>());
    let r = report(SolverKind::Kissat, &several, &Limits { time: None, max_solutions: 2 });
    assert!(matches!(r.outcome, Outcome::Solved(_)));
    assert_eq!(r.stats.solutions, None, "no count is claimed");
    assert!(r.note.unwrap().contains("cannot count"));
    assert_eq!(report(SolverKind::Kissat, &grid("12.........3...4"), &Limits::default()).outcome, Outcome::Infeasible);
}

#[test]
fn preprocessing_keeps_every_answer_and_every_count_while_shrinking_the_formula() {
    use sudoku_lab::generate::{random_fill, rng_from_seed};
    let pre = SolverOptions { preprocess: true, ..SolverOptions::default() };
    // Counts on random 4×4 fills (some unsolvable, some with many solutions) are those of CaDiCaL
    // on the unreduced formula: the techniques remove only what no solution uses.
    for seed in 0..120 {
        let alpha = [0.1, 0.25, 0.4, 0.55][seed as usize % 4];
        let puzzle = random_fill(Shape::new(2, 2).unwrap(), alpha, &mut rng_from_seed(seed));
        let limits = Limits { time: None, max_solutions: 1000 };
        let plain = report(SolverKind::Sat, &puzzle, &limits);
        let reduced = report_with(SolverKind::Sat, &pre, &puzzle, &limits);
        assert_eq!(reduced.stats.solutions.unwrap_or(0), plain.stats.solutions.unwrap_or(0), "seed {seed}");
        assert_eq!(reduced.outcome.label(), plain.outcome.label(), "seed {seed}");
    }
    // On hard 9×9 puzzles the formula shrinks (or the logic alone solves the puzzle) and every
    // backend still finds the known solution.
    for (p, s) in corpus("9x9-hardest11") {
        let plain = report(SolverKind::Sat, &p.puzzle, &Limits::default());
        let by_logic = matches!(eliminate(&p.puzzle), Eliminated::Solved(_));
        for kind in [SolverKind::Sat, SolverKind::SatMinimal, SolverKind::Kissat] {
            let r = report_with(kind, &pre, &p.puzzle, &Limits::default());
            assert_eq!(r.outcome, Outcome::Solved(s.puzzle.clone()), "{kind} line {}", p.line);
            let note = r.note.unwrap_or_default();
            if by_logic {
                assert_eq!(r.stats.constraints, Some(0), "{kind} line {}", p.line);
                assert!(note.contains("solved by preprocessing alone"), "{note}");
            } else {
                assert!(note.starts_with("preprocessing placed"), "{note}");
                if kind == SolverKind::Sat {
                    assert!(r.stats.constraints < plain.stats.constraints, "line {}: {note}", p.line);
                }
            }
        }
    }
    // A puzzle the logic solves never reaches the SAT solver.
    let (easy, solution) = corpus("9x9-17clue-200")
        .into_iter()
        .find(|(p, _)| matches!(eliminate(&p.puzzle), Eliminated::Solved(_)))
        .expect("some 17-clue puzzle needs no more than pairs, triples and X-wing");
    let r = report_with(SolverKind::Kissat, &pre, &easy.puzzle, &Limits::default());
    assert_eq!(r.outcome, Outcome::Solved(solution.puzzle));
    assert_eq!(r.stats.constraints, Some(0));
    assert!(r.note.unwrap().contains("solved by preprocessing alone"));
}
