//! # sudoku-lab
//!
//! A research harness that treats generalized Sudoku as graph colouring, and compares 0-1 integer
//! programming (HiGHS through `good_lp`) with backtracking on reproducible instance families.
//!
//! ## Glossary
//! - **box shape** r×c; **N** = r·c digits = colours (9×9 has 3×3 boxes, 6×6 has 2×3 boxes).
//! - **cell** = graph vertex; **house** = a row, column or box = a clique of N cells;
//!   **peers** = a cell's neighbours (3N − r − c − 1 of them; 20 for 9×9); **givens** = pre-filled cells.
//! - **fill fraction α** = share of cells given. **planted** instance = a full solution with cells
//!   removed (always solvable); **random** instance = the origin study's cell-by-cell random fill
//!   (may be unsolvable).
//! - **edge model** / **clique model** = the two ILP formulations.
//!
//! ## Example: parse → graph → solve → verify
//! ```
//! use sudoku_lab::{format, graph::ConstraintGraph, solve, verify};
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle = format::parse(text, "example", None, None).unwrap().remove(0).puzzle;
//! assert_eq!(ConstraintGraph::new(puzzle.shape()).stats().edges, 810);
//!
//! let mut solver = solve::SolverKind::Backtrack.build(&solve::SolverOptions::default());
//! let report = solve::solve(solver.as_mut(), &puzzle, &solve::Limits::default()).unwrap();
//! let solution = report.outcome.solution().expect("this puzzle has a solution");
//! assert!(verify::is_solution_of(&puzzle, solution));
//! ```
#![warn(missing_docs)]

/// `eprintln!` that never panics. The harness's messages on stderr are for people: a closed or
/// full stderr (`2>&1 | head -c10`, `2>/dev/full`, a terminal gone) silences them instead of
/// crashing the command at its next message with exit 101, so the work and its files go on and
/// the exit code follows the rules. Defined before the modules, so every module sees it.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod certificates;
pub mod cli;
pub mod experiment;
pub mod export;
pub mod external;
pub mod format;
pub mod generate;
pub mod graph;
pub mod grid;
pub mod logic;
pub mod play;
pub mod plot;
pub mod puzzle;
pub mod report;
pub(crate) mod results;
pub mod solve;
pub mod verify;
