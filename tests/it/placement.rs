//! `ilp-placement` (the placement formulation by column generation and branch and price) end to
//! end: the known solutions of the shipped 9×9, 16×16 and 25×25 samples, planted quasigroups with
//! holes, an "infeasible" for every unsolvable 9×9 sample, and `solve` certifying that verdict
//! with the independent checker. In-process solves go through `solve::solve` (the oracle) and
//! are serialised by the library's HiGHS lock.

use sudoku_lab::generate::{planted_with, rng_from_seed, Holes};
use sudoku_lab::grid::Shape;
use sudoku_lab::solve::{self, Limits, Outcome, SolverKind, SolverOptions};
use sudoku_lab::verify;

use crate::common::{self, puzzles, sudoku_lab};

fn solver() -> Box<dyn solve::Solver> {
    SolverKind::IlpPlacement.build(&SolverOptions::default())
}

#[test]
fn the_registry_knows_it_by_one_name() {
    assert_eq!("ilp-placement".parse::<SolverKind>(), Ok(SolverKind::IlpPlacement));
    assert_eq!(solver().name(), "ilp-placement");
    assert!(SolverKind::IlpPlacement.uses_highs() && SolverKind::IlpPlacement.uses_backend());
}

#[test]
fn it_finds_the_known_solutions_of_the_9x9_16x16_and_25x25_samples() {
    for stem in ["9x9-sample", "9x9-hardest11", "16x16-sample", "25x25-sample"] {
        for (i, (puzzle, solution)) in common::corpus(stem).into_iter().enumerate() {
            let report = solve::solve(&mut *solver(), &puzzle.puzzle, &Limits::seconds(120.0)).expect("no failure");
            let grid = report.outcome.solution().unwrap_or_else(|| panic!("{stem} #{i}: {report:?}"));
            assert_eq!(grid, &solution.puzzle, "{stem} #{i}: the known (unique) solution");
            assert!(report.stats.variables.is_some() && report.stats.nodes.is_some_and(|n| n >= 1));
        }
    }
}

#[test]
fn it_completes_planted_quasigroups_with_holes() {
    // QWH: a Latin square (boxes are rows, so the pricer is one assignment) with balanced holes.
    for (order, alpha, seed) in [(10, 0.5, 1), (15, 0.6, 2), (20, 0.7, 3)] {
        let shape = Shape::latin(order).expect("a Latin shape");
        let p = planted_with(shape, alpha, Holes::Balanced, &mut rng_from_seed(seed));
        let report = solve::solve(&mut *solver(), &p.puzzle, &Limits::seconds(120.0)).expect("no failure");
        let grid = report.outcome.solution().unwrap_or_else(|| panic!("order {order}: {report:?}"));
        assert!(verify::is_solution_of(&p.puzzle, grid), "order {order}");
    }
}

#[test]
fn every_unsolvable_9x9_sample_is_infeasible_with_its_proof_named() {
    let file = common::data("9x9-unsolvable.txt");
    let entries = sudoku_lab::format::read_puzzles(file.to_str().unwrap(), None, None).expect("the sample");
    assert_eq!(entries.len(), 10);
    for (i, entry) in entries.iter().enumerate() {
        let report = solve::solve(&mut *solver(), &entry.puzzle, &Limits::seconds(60.0)).expect("no failure");
        assert_eq!(report.outcome, Outcome::Infeasible, "#{i}: {report:?}");
        let note = report.note.unwrap_or_default();
        let named = ["propagation", "no feasible point", "has no placement", "tree exhausted"];
        assert!(named.iter().any(|how| note.contains(how)), "#{i}: {note}");
    }
}

#[test]
fn solve_certifies_the_infeasible_verdict_of_ilp_placement() {
    let dir = tempfile::tempdir().unwrap();
    let none = dir.path().join("none.txt");
    // The second unsolvable sample: its root LP is feasible, so the branch-and-price tree decides.
    std::fs::write(&none, puzzles("9x9-unsolvable.txt")[..2].join("\n") + "\n").unwrap();
    let o = sudoku_lab(&["solve", none.to_str().unwrap(), "-s", "ilp-placement"]);
    let err = common::stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(common::stdout(&o).lines().collect::<Vec<_>>(), ["none", "none"]);
    assert!(err.contains("2 proven without a solution (certified by rate"), "{err}");
}
