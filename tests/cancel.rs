//! `solve::cancel`: a stop requested from another thread ends every in-process search at its
//! next clock check, as a passed deadline would (the Python binding's Ctrl-C). The flag is
//! process-wide, so this file is its own test binary and its one test runs the cases in turn.

use std::sync::mpsc;
use std::time::Duration;

use sudoku_lab::generate::{planted, rng_from_seed};
use sudoku_lab::grid::Shape;
use sudoku_lab::solve::{self, cancel, Limits, Outcome, SolverKind, SolverOptions};

#[test]
fn a_requested_stop_ends_each_search_solver_without_a_deadline() {
    // A 36×36 instance at its hardness peak: none of the three finishes it in minutes.
    let puzzle = planted(Shape::new(6, 6).unwrap(), 0.5, &mut rng_from_seed(1)).puzzle;
    for kind in [SolverKind::BacktrackNaive, SolverKind::Backtrack, SolverKind::Dlx] {
        let (tx, rx) = mpsc::channel();
        let p = puzzle.clone();
        std::thread::spawn(move || {
            let mut solver = kind.build(&SolverOptions::default());
            let _ = tx.send(solve::solve(solver.as_mut(), &p, &Limits::default()));
        });
        // Still searching after a moment (no deadline), then stopped by the request.
        assert!(rx.recv_timeout(Duration::from_millis(300)).is_err(), "{kind} finished the peak instance early");
        cancel::request();
        let asked = std::time::Instant::now();
        let report = rx.recv_timeout(Duration::from_secs(60)).expect("the search stopped").unwrap();
        cancel::clear();
        eprintln!("{kind}: stopped {:.3} s after the request", asked.elapsed().as_secs_f64());
        assert_eq!(report.outcome, Outcome::LimitReached, "{kind}");
    }
    // Withdrawn: a search runs to its answer again.
    let easy = planted(Shape::new(3, 3).unwrap(), 0.5, &mut rng_from_seed(2));
    let mut solver = SolverKind::Backtrack.build(&SolverOptions::default());
    let report = solve::solve(solver.as_mut(), &easy.puzzle, &Limits::default()).unwrap();
    assert!(matches!(report.outcome, Outcome::Solved(_)));
}
