//! `backtrack-naive`: the origin study's backtracking solver, kept faithful.
//!
//! Take the first empty cell in row-major order, try the values 1..N in ascending order, accept a
//! value when no cell of its row, column or box already holds it (checked by scanning them), and
//! undo on a dead end. No candidate sets, no propagation, no ordering heuristic: its cost is the
//! point of the comparison. Written iteratively (an explicit stack of filled cells), so no
//! recursion limit applies, and it looks at the clock only every 4096 steps.
//!
//! [`Naive::solve_observed`] runs the same search and tells an [`Observer`] each placement, undo
//! and dead end (the `play` command animates it); [`Solver::solve`] passes the no-op observer `()`,
//! whose empty methods the compiler removes, so the measured solver is unchanged.
//!
//! Complexity: O(N^(empty cells)) time in the worst case, O(N) per validity check; O(N²) space.

use std::time::Instant;

use crate::grid::Grid;
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, Stats};

/// The origin study's solver (see the module doc).
#[derive(Debug, Default, Clone, Copy)]
pub struct Naive;

/// Watches the search step by step; every method does nothing unless overridden.
pub trait Observer {
    /// `digit` was placed in `cell` (a node of the search tree).
    fn placed(&mut self, _cell: usize, _digit: u8) {}
    /// No value fits the next empty cell: the search backs up.
    fn dead_end(&mut self) {}
    /// The digit in `cell` was taken back to try the next one.
    fn undone(&mut self, _cell: usize) {}
}

/// The no-op observer of a plain solve.
impl Observer for () {}

/// True when `value` may go in `cell`: no other cell of its row, column or box holds it.
fn is_valid(cells: &[u8], n: usize, box_rows: usize, box_cols: usize, cell: usize, value: u8) -> bool {
    let (row, col) = (cell / n, cell % n);
    for i in 0..n {
        if cells[row * n + i] == value || cells[i * n + col] == value {
            return false;
        }
    }
    let (top, left) = (row - row % box_rows, col - col % box_cols);
    for r in top..top + box_rows {
        for c in left..left + box_cols {
            if cells[r * n + c] == value {
                return false;
            }
        }
    }
    true
}

impl Solver for Naive {
    fn name(&self) -> &'static str {
        "backtrack-naive"
    }

    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        Ok(self.solve_observed(puzzle, limits, &mut ()))
    }
}

impl Naive {
    /// Solves `puzzle` like [`Solver::solve`], telling `observer` every step of the search.
    pub fn solve_observed<O: Observer>(&self, puzzle: &Grid, limits: &Limits, observer: &mut O) -> Report {
        let start = Instant::now();
        let deadline = limits.deadline(start);
        let shape = puzzle.shape();
        let (n, r, c) = (shape.n(), shape.box_rows(), shape.box_cols());
        let mut cells = puzzle.cells().to_vec();
        let empties: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 0).collect();
        let mut nodes: u64 = 0;
        let mut steps: u64 = 0;
        let mut dead_ends: u64 = 0;
        // `k` indexes `empties`: the next empty cell in row-major order.
        let mut k = 0;
        let mut next_value: u8 = 1;
        let outcome = loop {
            if k == empties.len() {
                break Outcome::Solved(Grid::from_cells(shape, cells.clone()).expect("digits are 1..=N"));
            }
            steps += 1;
            if steps.is_multiple_of(4096) && crate::solve::cancel::past(deadline) {
                break Outcome::LimitReached;
            }
            let cell = empties[k];
            let found = (next_value..=n as u8).find(|&v| is_valid(&cells, n, r, c, cell, v));
            match found {
                Some(v) => {
                    cells[cell] = v;
                    observer.placed(cell, v);
                    nodes += 1;
                    k += 1;
                    next_value = 1;
                }
                None => {
                    // Dead end: go back to the previous empty cell and try its next value.
                    dead_ends += 1;
                    observer.dead_end();
                    if k == 0 {
                        break Outcome::Infeasible;
                    }
                    k -= 1;
                    let prev = empties[k];
                    next_value = cells[prev] + 1;
                    cells[prev] = 0;
                    observer.undone(prev);
                }
            }
        };
        let stats = Stats {
            seconds: start.elapsed().as_secs_f64(),
            nodes: Some(nodes),
            // Without propagation every placement is a guess: nothing forces any value.
            guesses: Some(nodes),
            backtracks: Some(dead_ends),
            ..Stats::default()
        };
        Report { outcome, stats, note: None }
    }
}
