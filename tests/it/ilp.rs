//! The ILP solvers (`ilp-edge`, `ilp-clique`, `ilp-pop`) against known solutions, hand-made puzzles, an
//! unsolvable puzzle, their options (presolve, `reduce`, time limit, log) and the model sizes their
//! docs state. Every solve goes through `solve::solve` (which runs the oracle) and every grid is
//! checked again here with `verify::is_solution_of`.

use sudoku_lab::format::{self, Entry};
use sudoku_lab::generate;
use sudoku_lab::graph::ConstraintGraph;
use sudoku_lab::grid::{Grid, Shape};
use sudoku_lab::solve::ilp::pop::empty_size;
use sudoku_lab::solve::ilp::{Formulation, Ilp};
use sudoku_lab::solve::{self, Limits, Outcome, Report, Solver, SolverOptions};
use sudoku_lab::verify;

const BOTH: [Formulation; 2] = [Formulation::Edge, Formulation::Clique];

fn read(path: &str) -> Vec<Entry> {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    format::read_puzzles(&full, None, None).unwrap_or_else(|e| panic!("{e}"))
}

/// Puzzles of a sample file, each with the solution on the same line of its `.solutions.txt`.
fn samples(stem: &str) -> Vec<(Grid, Grid)> {
    let puzzles = read(&format!("tests/data/{stem}.txt"));
    let solutions = read(&format!("tests/data/{stem}.solutions.txt"));
    assert_eq!(puzzles.len(), solutions.len(), "{stem}: one solution per puzzle");
    puzzles.into_iter().zip(solutions).map(|(p, s)| (p.puzzle, s.puzzle)).collect()
}

fn grid(text: &str, shape: Shape) -> Grid {
    format::parse(text, "test", None, Some(shape)).expect("a valid puzzle").remove(0).puzzle
}

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).expect("a valid shape")
}

fn run(formulation: Formulation, options: SolverOptions, puzzle: &Grid, limits: &Limits) -> Report {
    let mut solver = Ilp::new(formulation, options);
    solve::solve(&mut solver, puzzle, limits).unwrap_or_else(|e| panic!("{formulation:?}: {e}"))
}

/// Solves with default options and no limit; asserts the answer is a verified solution.
fn solved(formulation: Formulation, puzzle: &Grid) -> (Grid, Report) {
    let report = run(formulation, SolverOptions::default(), puzzle, &Limits::default());
    let grid = report.outcome.solution().unwrap_or_else(|| panic!("{formulation:?}: {report:?}")).clone();
    assert!(verify::is_solution_of(puzzle, &grid), "{formulation:?} returned a non-solution");
    (grid, report)
}

#[test]
fn names_are_the_registry_names() {
    assert_eq!(Ilp::new(Formulation::Edge, SolverOptions::default()).name(), "ilp-edge");
    assert_eq!(Ilp::new(Formulation::Clique, SolverOptions::default()).name(), "ilp-clique");
    assert_eq!(solve::SolverKind::IlpClique.build(&SolverOptions::default()).name(), "ilp-clique");
}

#[test]
fn both_models_find_the_known_solution_of_9x9_samples() {
    let samples = samples("9x9-sample");
    assert_eq!(samples.len(), 7);
    for (i, (puzzle, solution)) in samples.iter().enumerate() {
        for formulation in BOTH {
            let (grid, report) = solved(formulation, puzzle);
            assert_eq!(&grid, solution, "{formulation:?}, sample {i}");
            assert!(report.stats.nodes.is_some() && report.stats.lp_iterations.is_some(), "HiGHS ran");
        }
    }
}

#[test]
fn both_models_solve_hand_made_4x4_and_6x6_puzzles() {
    let cases = [
        (shape(2, 2), "1234341221434321", "1.3..4.22..3..2."),
        (shape(2, 3), "123456456123231564564231312645645312", "1..4.6.5..2.2.1..4..4.3.3..6...4..12"),
    ];
    for (shape, solution, puzzle) in cases {
        let (solution, puzzle) = (grid(solution, shape), grid(puzzle, shape));
        assert!(verify::is_solution_of(&puzzle, &solution), "the puzzle is cut from its solution");
        for formulation in BOTH {
            solved(formulation, &puzzle);
        }
    }
}

#[test]
fn clique_model_finds_the_known_solution_of_a_16x16() {
    let samples = samples("16x16-sample");
    for (puzzle, solution) in &samples {
        let (grid, report) = solved(Formulation::Clique, puzzle);
        assert_eq!(&grid, solution);
        let n = 16;
        assert!(report.stats.variables.expect("a model was built") < n * n * n);
        assert!(report.stats.constraints.expect("a model was built") <= 4 * n * n);
    }
}

#[test]
fn an_unsolvable_puzzle_without_conflicting_givens_is_infeasible_in_both_models() {
    // r1c1 sees 1 and 2 in its row and 3 and 4 in its column, so it can hold no digit.
    let puzzle = grid("..12....3...4...", shape(2, 2));
    assert!(verify::conflicts(&puzzle).is_empty(), "no direct conflict among the givens");
    for formulation in BOTH {
        for reduce in [false, true] {
            let options = SolverOptions { reduce, ..SolverOptions::default() };
            let report = run(formulation, options, &puzzle, &Limits::default());
            assert_eq!(report.outcome, Outcome::Infeasible, "{formulation:?} reduce={reduce}: {report:?}");
        }
    }
    // The clique model sees it while building, before HiGHS: no model, no HiGHS counters.
    let report = run(Formulation::Clique, SolverOptions::default(), &puzzle, &Limits::default());
    let note = report.note.expect("the clique model names the reason");
    assert!(note.contains("r1c1") && note.contains("no candidate"), "{note}");
    assert_eq!((report.stats.nodes, report.stats.lp_iterations, report.stats.variables), (None, None, None));
    assert_eq!(report.stats.seconds, 0.0);
}

#[test]
fn clique_model_reports_a_digit_with_no_place_in_a_house_without_highs() {
    // Row 1 misses 1 and 4; box 1 already holds 1 (r2c1), so r1c1 and r1c2 can only take 4.
    let puzzle = grid("..321...........", shape(2, 2));
    assert!(verify::conflicts(&puzzle).is_empty());
    let report = run(Formulation::Clique, SolverOptions::default(), &puzzle, &Limits::default());
    assert_eq!(report.outcome, Outcome::Infeasible);
    assert_eq!(report.note.as_deref(), Some("digit 1 has no candidate cell in row 1"));
    assert_eq!(report.stats.nodes, None, "HiGHS did not run");
    assert_eq!(
        run(Formulation::Edge, SolverOptions::default(), &puzzle, &Limits::default()).outcome,
        Outcome::Infeasible
    );
}

/// On this 17-clue puzzle HiGHS 1.15's MIP presolve reduces the edge model to nothing and then
/// returns a point violating a row, which HiGHS reports as an error; the solver solves it again
/// with presolve off and says so. Should a later HiGHS get it right, the note is simply absent.
#[test]
fn a_highs_presolve_failure_is_solved_again_without_presolve() {
    let (puzzle, solution) = samples("9x9-sample").pop().expect("the 17-clue sample is last");
    assert_eq!(puzzle.givens(), 17);
    let report = run(Formulation::Edge, SolverOptions::default(), &puzzle, &Limits::default());
    assert_eq!(report.outcome.solution(), Some(&solution), "{report:?}");
    if let Some(note) = &report.note {
        assert!(note.contains("solved again with presolve off"), "{note}");
        assert!(report.stats.nodes.is_some(), "the second run's counters");
    }
}

#[test]
fn a_presolve_claim_of_infeasibility_gets_a_second_opinion() {
    // A planted (so solvable) 9×9 from experiments/seed004.toml that HiGHS 1.15's presolve calls
    // infeasible in the edge model; the cross-check of `sudoku-lab run` caught it.
    let text = "6...92...9.2.3.6.7....6...2.65.8..2...1....68..9..6...3.6....8....2.8376.5.6.32.9";
    let puzzle = grid(text, shape(3, 3));
    let report = run(Formulation::Edge, SolverOptions::default(), &puzzle, &Limits::default());
    let solution = report.outcome.solution().expect("a planted puzzle has a solution");
    assert!(verify::is_solution_of(&puzzle, solution));
    // Genuinely infeasible puzzles stay infeasible, confirmed by the second run.
    let none = grid("12.........3...4", shape(2, 2));
    let report = run(Formulation::Edge, SolverOptions::default(), &none, &Limits::default());
    assert_eq!(report.outcome, Outcome::Infeasible);
    assert!(report.note.as_deref().is_some_and(|n| n.contains("confirmed with presolve off")), "{report:?}");
}

#[test]
fn clique_model_agrees_with_presolve_on_and_off() {
    let mut cases = samples("9x9-sample");
    cases.extend(samples("16x16-sample"));
    for (puzzle, solution) in &cases {
        for presolve in [true, false] {
            let options = SolverOptions { presolve, ..SolverOptions::default() };
            let report = run(Formulation::Clique, options, puzzle, &Limits::default());
            assert_eq!(report.outcome.solution(), Some(solution), "presolve={presolve}");
        }
    }
    let puzzle = grid("..12....3...4...", shape(2, 2));
    let off = SolverOptions { presolve: false, ..SolverOptions::default() };
    assert_eq!(run(Formulation::Edge, off, &puzzle, &Limits::default()).outcome, Outcome::Infeasible);
}

#[test]
fn reduced_edge_model_gives_the_same_answers_with_fewer_variables() {
    let mut cases = samples("9x9-sample");
    cases.truncate(3);
    let planted = generate::planted(shape(2, 3), 0.4, &mut generate::rng_from_seed(3));
    cases.push((planted.puzzle, planted.solution));
    for (puzzle, solution) in &cases {
        let full = run(Formulation::Edge, SolverOptions::default(), puzzle, &Limits::default());
        let reduce = SolverOptions { reduce: true, ..SolverOptions::default() };
        let reduced = run(Formulation::Edge, reduce, puzzle, &Limits::default());
        for report in [&full, &reduced] {
            let grid = report.outcome.solution().expect("solvable");
            assert!(verify::is_solution_of(puzzle, grid));
        }
        if puzzle.n() == 9 {
            assert_eq!(full.outcome.solution(), Some(solution));
            assert_eq!(reduced.outcome.solution(), Some(solution));
        }
        let (v_full, v_reduced) = (full.stats.variables.expect("built"), reduced.stats.variables.expect("built"));
        let n = puzzle.n();
        assert_eq!(v_full, n * n * n);
        assert!(v_reduced < v_full, "{v_reduced} < {v_full}");
        assert!(reduced.stats.constraints < full.stats.constraints);
    }
}

#[test]
fn edge_model_size_matches_its_formula_at_4x4() {
    let s = shape(2, 2);
    let (n, edges) = (s.n(), ConstraintGraph::new(s).stats().edges);
    assert_eq!(edges, 56);
    for puzzle in [Grid::empty(s), grid("1.3..4.22..3..2.", s)] {
        let report = run(Formulation::Edge, SolverOptions::default(), &puzzle, &Limits::default());
        assert!(report.outcome.solution().is_some());
        assert_eq!(report.stats.variables, Some(n * n * n), "N³ = 64 variables");
        assert_eq!(report.stats.constraints, Some(n * n + n * edges), "N² + N·|E| = 240 rows");
    }
    // The clique model of the empty 4×4: N³ variables, N² cell rows and 3N·N house rows.
    let report = run(Formulation::Clique, SolverOptions::default(), &Grid::empty(s), &Limits::default());
    assert_eq!((report.stats.variables, report.stats.constraints), (Some(64), Some(64)));
}

#[test]
fn a_full_grid_is_its_own_answer() {
    let full = grid("1234341221434321", shape(2, 2));
    for formulation in BOTH {
        let (grid, _) = solved(formulation, &full);
        assert_eq!(grid, full);
    }
}

/// HiGHS checks the clock right after its MIP presolve, and a limit of 0 (or 1 µs) has always
/// passed by then; only a model that presolve solves outright could escape, and presolve cannot
/// fix anything in an empty grid (every digit is interchangeable). So this does not depend on the
/// machine's speed.
#[test]
fn a_zero_or_tiny_time_limit_gives_limit_reached() {
    let puzzle = Grid::empty(shape(4, 4));
    for formulation in BOTH {
        for (presolve, seconds) in [(true, 0.0), (false, 0.0), (true, 1e-6)] {
            let options = SolverOptions { presolve, ..SolverOptions::default() };
            let report = run(formulation, options, &puzzle, &Limits::seconds(seconds));
            assert_eq!(report.outcome, Outcome::LimitReached, "{formulation:?} presolve={presolve}: {report:?}");
            assert!(report.note.expect("a reason").contains("time limit"));
        }
    }
}

#[test]
fn parallel_solves_are_serialised_and_all_succeed() {
    let puzzles: Vec<(Grid, Grid)> = samples("9x9-sample");
    std::thread::scope(|scope| {
        for (puzzle, solution) in &puzzles {
            scope.spawn(move || {
                let (grid, _) = solved(Formulation::Clique, puzzle);
                assert_eq!(&grid, solution);
            });
        }
    });
}

#[test]
fn verbose_logs_to_the_log_file() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let log = dir.path().join("highs.log");
    let options = SolverOptions { verbose: true, log_file: Some(log.clone()), ..SolverOptions::default() };
    let (puzzle, _) = samples("9x9-sample").remove(0);
    let report = run(Formulation::Edge, options, &puzzle, &Limits::default());
    assert!(report.outcome.solution().is_some());
    let text = std::fs::read_to_string(&log).expect("HiGHS wrote its log");
    assert!(text.contains("HiGHS"), "{text}");
}

#[test]
fn propagation_and_a_perturbed_objective_change_the_model_not_the_answers() {
    // Random fills (some without a solution) and the samples with unique solutions: every variant
    // of both models agrees with the backtracker on solvability, and its grids pass the oracle.
    let mut cases: Vec<(Grid, Option<Grid>)> = samples("9x9-sample").into_iter().map(|(p, s)| (p, Some(s))).collect();
    let mut rng = generate::rng_from_seed(17);
    for alpha in [0.2, 0.35, 0.5] {
        for _ in 0..6 {
            cases.push((generate::random_fill(shape(2, 3), alpha, &mut rng), None));
        }
    }
    let (mut solved_by_propagation, mut fewer_columns, mut infeasible) = (0, 0, 0);
    for (puzzle, known) in &cases {
        let truth = sudoku_lab::solve::search::backtrack::count_solutions(puzzle, 1).0 > 0;
        infeasible += usize::from(!truth);
        for formulation in BOTH {
            let plain = run(formulation, SolverOptions::default(), puzzle, &Limits::default());
            for (propagate, perturb) in [(true, false), (false, true), (true, true)] {
                let options = SolverOptions { propagate, perturb, ..SolverOptions::default() };
                let report = run(formulation, options, puzzle, &Limits::default());
                let what = format!("{formulation:?} propagate={propagate} perturb={perturb}: {report:?}");
                match &report.outcome {
                    Outcome::Solved(grid) => {
                        assert!(truth && verify::is_solution_of(puzzle, grid), "{what}");
                        if let Some(known) = known {
                            assert_eq!(grid, known, "{what}");
                        }
                    }
                    Outcome::Infeasible => assert!(!truth, "{what}"),
                    Outcome::LimitReached => panic!("no limit was set: {what}"),
                }
                if propagate {
                    let note = report.note.as_deref().unwrap_or_default();
                    assert!(note.contains("propagation"), "{what}");
                    solved_by_propagation += usize::from(note.contains("solved by propagation alone"));
                    if let (Some(p), Some(v)) = (plain.stats.variables, report.stats.variables) {
                        fewer_columns += usize::from(v < p);
                        assert!(v <= p, "{what}");
                    }
                }
            }
        }
    }
    // The cases exercise every path: some solved by the singles alone, some smaller models, some
    // without a solution.
    assert!(
        solved_by_propagation > 0 && fewer_columns > 0 && infeasible > 0,
        "{solved_by_propagation} {fewer_columns} {infeasible}"
    );
}

#[test]
fn cbc_with_propagation_solves_and_says_so() {
    let (puzzle, solution) = samples("9x9-sample").remove(0);
    let mut cbc = sudoku_lab::solve::ilp::cbc::Cbc { propagate: true, seed: None };
    let report = solve::solve(&mut cbc, &puzzle, &Limits::default()).unwrap();
    assert_eq!(report.outcome.solution(), Some(&solution));
    assert!(report.note.as_deref().is_some_and(|n| n.contains("propagation")), "{report:?}");
}

/// The partial-ordering models: `ilp-pop` (edge rows) and its house-row variant.
const POPS: [Formulation; 2] = [Formulation::Pop, Formulation::PopHouses];

#[test]
fn pop_is_the_registry_solver_ilp_pop() {
    assert_eq!(Ilp::new(Formulation::Pop, SolverOptions::default()).name(), "ilp-pop");
    assert_eq!(solve::SolverKind::IlpPop.build(&SolverOptions::default()).name(), "ilp-pop");
    assert_eq!("ilp-pop".parse::<solve::SolverKind>(), Ok(solve::SolverKind::IlpPop));
    assert!(solve::SolverKind::IlpPop.uses_highs());
}

#[test]
fn pop_model_size_matches_its_formula_on_an_empty_4x4_and_9x9() {
    for (s, columns, rows) in [(shape(2, 2), 96, 304), (shape(3, 3), 1296, 8505)] {
        let (n, edges) = (s.n(), ConstraintGraph::new(s).stats().edges);
        // 2N²(N − 1) columns; N²(N − 2) chain + N²(N − 1) link + N·|E| edge rows.
        assert_eq!((2 * n * n * (n - 1), n * n * (2 * n - 3) + n * edges), (columns, rows));
        assert_eq!(empty_size(s, false), (columns, rows));
        let (grid, report) = solved(Formulation::Pop, &Grid::empty(s));
        assert!(grid.is_full());
        assert_eq!((report.stats.variables, report.stats.constraints), (Some(columns), Some(rows)), "{n}×{n}");
        // With houses: the same columns, 3N² house rows instead of the N·|E| edge rows.
        let (_, report) = solved(Formulation::PopHouses, &Grid::empty(s));
        let houses = (Some(columns), Some(n * n * (2 * n - 3) + 3 * n * n));
        assert_eq!((report.stats.variables, report.stats.constraints), houses, "{n}×{n} houses");
    }
}

/// A handful per set, the ones POP answers in well under a second (its weak relaxation leaves
/// the others to branch and bound: the 16×16 sample takes minutes, see docs/solvers.md), and the
/// 25×25 sample (about 15 s).
#[test]
fn pop_finds_the_known_solutions_of_the_9x9_16x16_and_25x25_samples() {
    let pick = |stem: &str, at: &[usize]| {
        let all = samples(stem);
        at.iter().map(|&i| all[i].clone()).collect::<Vec<_>>()
    };
    let mut cases = pick("9x9-sample", &[0, 1, 2, 6]);
    cases.extend(pick("9x9-hardest11", &[4, 5, 6, 7]));
    cases.extend(pick("16x16-gecode-10", &[0, 5, 6, 7]));
    cases.extend(samples("25x25-sample"));
    for (i, (puzzle, solution)) in cases.iter().enumerate() {
        let (grid, report) = solved(Formulation::Pop, puzzle);
        assert_eq!(&grid, solution, "case {i}");
        let n = puzzle.n();
        assert!(report.stats.variables.expect("a model") < 2 * n * n * (n - 1), "givens eliminated: case {i}");
    }
}

#[test]
fn pop_solves_planted_qwh_and_sudoku_instances() {
    let mut rng = generate::rng_from_seed(50);
    for (s, alpha) in [(Shape::latin(10).unwrap(), 0.42), (Shape::latin(12).unwrap(), 0.45), (shape(3, 4), 0.4)] {
        for _ in 0..3 {
            let planted = generate::planted_with(s, alpha, generate::Holes::Balanced, &mut rng);
            for formulation in POPS {
                solved(formulation, &planted.puzzle);
            }
        }
    }
}

#[test]
fn pop_proves_the_unsolvable_9x9_samples_infeasible_with_highs() {
    for (i, entry) in read("tests/data/9x9-unsolvable.txt").iter().take(4).enumerate() {
        for formulation in POPS {
            let report = run(formulation, SolverOptions::default(), &entry.puzzle, &Limits::default());
            assert_eq!(report.outcome, Outcome::Infeasible, "{formulation:?}, puzzle {i}: {report:?}");
        }
    }
    // A dead end of the givens is answered before any model, as the clique model does.
    let puzzle = grid("..12....3...4...", shape(2, 2));
    let report = run(Formulation::Pop, SolverOptions::default(), &puzzle, &Limits::default());
    assert_eq!(report.outcome, Outcome::Infeasible);
    assert!(report.note.as_deref().is_some_and(|n| n.contains("r1c1") && n.contains("no candidate")), "{report:?}");
    assert_eq!(report.stats.nodes, None, "HiGHS did not run");
}

#[test]
fn pop_agrees_with_the_clique_model_on_random_small_puzzles() {
    // Random fills (the origin study's, often without a solution): both POP variants, plain and
    // perturbed with a solver seed, give the clique model's verdict, and every grid is verified.
    let mut rng = generate::rng_from_seed(2);
    let (mut solvable, mut unsolvable) = (0, 0);
    for (s, alpha, count) in
        [(shape(2, 2), 0.3, 8), (shape(2, 3), 0.25, 8), (shape(2, 3), 0.4, 8), (shape(3, 3), 0.45, 4)]
    {
        for _ in 0..count {
            let puzzle = generate::random_fill(s, alpha, &mut rng);
            let clique = run(Formulation::Clique, SolverOptions::default(), &puzzle, &Limits::default());
            let feasible = clique.outcome.solution().is_some();
            (solvable, unsolvable) = if feasible { (solvable + 1, unsolvable) } else { (solvable, unsolvable + 1) };
            for formulation in POPS {
                for perturb in [false, true] {
                    let options = SolverOptions { perturb, seed: perturb.then_some(7), ..SolverOptions::default() };
                    let report = run(formulation, options, &puzzle, &Limits::default());
                    let what = format!("{formulation:?} perturb={perturb} on {puzzle:?}: {report:?}");
                    match &report.outcome {
                        Outcome::Solved(grid) => assert!(feasible && verify::is_solution_of(&puzzle, grid), "{what}"),
                        Outcome::Infeasible => assert!(!feasible, "{what}"),
                        Outcome::LimitReached => panic!("no limit was set: {what}"),
                    }
                }
            }
        }
    }
    assert!(solvable > 0 && unsolvable > 0, "both verdicts exercised: {solvable} {unsolvable}");
}

#[test]
fn pop_gives_limit_reached_under_a_zero_time_limit() {
    let report = run(Formulation::Pop, SolverOptions::default(), &Grid::empty(shape(4, 4)), &Limits::seconds(0.0));
    assert_eq!(report.outcome, Outcome::LimitReached, "{report:?}");
}

/// Measurement, not a check (run by hand, release, nothing else running): per puzzle and model,
/// the seconds of the root LP relaxation (the LP file `write_model` writes, its `bin` section
/// dropped so every column is continuous in [0, 1], solved by HiGHS with presolve on) with the
/// share of its columns left fractional, then the MIP's seconds and nodes within 60 s.
///
/// `cargo test --release --test it ilp::measure_pop_against_clique -- --ignored --nocapture`
#[test]
#[ignore = "a measurement for docs/solvers.md; minutes long"]
fn measure_pop_against_clique() {
    use sudoku_lab::solve::ilp::{solve_model_file, write_model, FileAnswer, WriteOutcome};
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut cases: Vec<(String, Grid)> = Vec::new();
    for (stem, count) in [("9x9-sample", 7), ("16x16-gecode-10", 10), ("16x16-sample", 1), ("25x25-sample", 1)] {
        for (i, (puzzle, _)) in samples(stem).into_iter().take(count).enumerate() {
            cases.push((format!("{stem}#{}", i + 1), puzzle));
        }
    }
    println!("| puzzle | model | columns | rows | LP s | LP fractional | MIP s | nodes | outcome |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, puzzle) in &cases {
        for formulation in [Formulation::Clique, Formulation::Pop, Formulation::PopHouses] {
            let path = dir.path().join("model.lp");
            let (columns, rows) = match write_model(puzzle, formulation, &path).expect("written") {
                WriteOutcome::Written { columns, rows } => (columns, rows),
                other => panic!("{name}: {other:?}"),
            };
            let text = std::fs::read_to_string(&path).expect("the LP file");
            let (head, tail) = text.split_once("\nbin\n").expect("a bin section");
            let rest = tail.split_once("\ngen\n").map_or("end\n".to_string(), |(_, r)| format!("gen\n{r}"));
            let relaxed = dir.path().join("relaxed.lp");
            std::fs::write(&relaxed, format!("{head}\n{rest}")).expect("written");
            let start = std::time::Instant::now();
            let answer = solve_model_file(&relaxed, &Limits::seconds(60.0)).expect("HiGHS ran");
            let lp_seconds = start.elapsed().as_secs_f64();
            let fractional = match &answer {
                FileAnswer::Point(point) => {
                    let f = point.iter().filter(|(_, v)| v.min(1.0 - v) > 1e-6).count();
                    format!("{:.0}%", 100.0 * f as f64 / point.len() as f64)
                }
                FileAnswer::NoPoint(outcome, _) => outcome.label().to_string(),
            };
            let report = run(formulation, SolverOptions::default(), puzzle, &Limits::seconds(60.0));
            println!(
                "| {name} | {} | {columns} | {rows} | {lp_seconds:.3} | {fractional} | {:.3} | {} | {} |",
                formulation.solver(),
                report.stats.seconds,
                report.stats.nodes.map_or("-".to_string(), |n| n.to_string()),
                report.outcome.label()
            );
        }
    }
}

#[test]
fn pop_models_written_to_lp_and_mps_solve_from_the_file() {
    use sudoku_lab::solve::ilp::{solve_model_file, write_model, FileAnswer, WriteOutcome};
    let dir = tempfile::tempdir().expect("a temp dir");
    let (puzzle, solution) = samples("9x9-sample").remove(0);
    for formulation in POPS {
        for ext in ["lp", "mps"] {
            let path = dir.path().join(format!("pop.{ext}"));
            let written = write_model(&puzzle, formulation, &path).expect("written");
            let WriteOutcome::Written { columns, .. } = written else { panic!("{written:?}") };
            let FileAnswer::Point(point) = solve_model_file(&path, &Limits::default()).expect("solved") else {
                panic!("{formulation:?} {ext}: no point")
            };
            assert_eq!(point.len(), columns);
            // A cell's digit is its lowest y column's digit plus the count of its y columns at 1
            // (y_rRcC_d = 1 iff the digit is above d; its y columns start at its lowest candidate).
            let mut cells: std::collections::BTreeMap<String, (u8, u8)> = Default::default();
            for (name, value) in &point {
                let Some(rest) = name.strip_prefix("y_") else { continue };
                let (cell, digit) = rest.split_once('_').expect("y_rRcC_d");
                let entry = cells.entry(cell.to_string()).or_insert((u8::MAX, 0));
                entry.0 = entry.0.min(digit.parse().expect("a digit"));
                entry.1 += u8::from(*value > 0.5);
            }
            assert!(!cells.is_empty());
            for (cell, (lowest, above)) in cells {
                let (r, c) = cell[1..].split_once('c').expect("rRcC");
                let at = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
                assert_eq!(lowest + above, solution.get(at), "{formulation:?} {ext}: {cell}");
            }
        }
    }
}

/// A root-only solve (`root = true`) of `puzzle` by `kind`.
fn root_solve(kind: solve::SolverKind, puzzle: &Grid) -> Report {
    let options = SolverOptions { root: true, ..SolverOptions::default() };
    let mut solver = kind.build(&options);
    solve::solve(&mut *solver, puzzle, &Limits::seconds(60.0)).unwrap_or_else(|e| panic!("{kind:?}: {e}"))
}

#[test]
fn a_root_lp_answers_with_a_verified_integral_point_or_stops_at_a_fractional_one() {
    use solve::{RootLp, SolverKind};
    for (puzzle, solution) in samples("9x9-sample") {
        let empty = puzzle.cells().iter().filter(|&&v| v == 0).count() as u64;
        for kind in [SolverKind::IlpEdge, SolverKind::IlpClique, SolverKind::IlpPop, SolverKind::IlpPlacement] {
            let report = root_solve(kind, &puzzle);
            match (&report.outcome, report.stats.root_lp) {
                (Outcome::Solved(grid), Some(RootLp::Integral)) => {
                    assert_eq!(grid, &solution, "{kind:?}: the (unique) solution");
                    assert_eq!(
                        (report.stats.fractional, report.stats.fractional_cells),
                        (Some(0), Some(0)),
                        "{kind:?}"
                    );
                }
                (Outcome::LimitReached, Some(RootLp::Fractional)) => {
                    assert!(report.stats.fractional.is_some_and(|k| k > 0), "{kind:?}: {report:?}");
                    let open = report.stats.fractional_cells.expect("undecided cells counted");
                    assert!((1..=empty).contains(&open), "{kind:?}: {open} of {empty} empty cells open");
                    assert!(report.note.as_deref().unwrap_or("").contains("root LP fractional"), "{report:?}");
                }
                other => panic!("{kind:?}: a solvable puzzle's root LP gave {other:?}"),
            }
            assert!(report.stats.nodes.is_none_or(|n| n <= 1), "{kind:?}: no branching at the root: {report:?}");
        }
    }
    // The clique and placement LPs decide every one of these 7 puzzles; the edge LP does not.
    let decided =
        |kind| samples("9x9-sample").iter().filter(|(p, _)| root_solve(kind, p).outcome.solution().is_some()).count();
    assert_eq!(decided(solve::SolverKind::IlpClique), 7);
    assert_eq!(decided(solve::SolverKind::IlpPlacement), 7);
    assert!(decided(solve::SolverKind::IlpEdge) < 7);
}

#[test]
fn a_stronger_formulation_proves_at_least_every_infeasibility_a_weaker_one_proves() {
    // LP infeasibility is monotone in strength: the clique polytope lies inside the edge model's
    // (with the givens), and the placement LP is the clique LP's Dantzig–Wolfe reformulation.
    use solve::SolverKind::{IlpClique, IlpEdge, IlpPlacement};
    let puzzles = read("tests/data/9x9-unsolvable.txt");
    let mut proved = [0; 3];
    for (i, entry) in puzzles.iter().enumerate() {
        let says: Vec<bool> = [IlpEdge, IlpClique, IlpPlacement]
            .iter()
            .map(|&kind| {
                let report = root_solve(kind, &entry.puzzle);
                assert!(report.outcome.solution().is_none(), "#{i} {kind:?}: an unsolvable puzzle solved");
                report.outcome == Outcome::Infeasible
            })
            .collect();
        for (count, &said) in proved.iter_mut().zip(&says) {
            *count += usize::from(said);
        }
        assert!(!says[0] || says[1], "#{i}: the edge LP is infeasible, the clique LP is not");
        assert!(!says[1] || says[2], "#{i}: the clique LP is infeasible, the placement LP is not");
    }
    assert!(proved[2] > proved[0], "placement proves more than edge: {proved:?}");
}

#[test]
fn root_applies_to_the_ilp_solvers_only() {
    let sample = crate::common::data("9x9-sample.txt");
    let (code, err) =
        crate::common::code_and_err(&["solve", "-s", "backtrack", "--root", sample.to_str().unwrap()], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--root does not apply to backtrack"), "{err}");
}
