//! Where games come from: the unique-puzzle generator, a puzzle typed or loaded, and the verdict
//! on a puzzle (no, one or many solutions) that create mode shows.
//!
//! No solving happens here beyond calling the existing modules: [`puzzle::generate_unique`],
//! [`puzzle::analyze`] (solution count and determined cells) and the backtracking solver, whose
//! answer is checked by [`verify`] before a game is built on it.

use std::time::{Duration, Instant};

use thiserror::Error;

use super::game::{Game, Label};
use crate::generate::rng_from_seed;
use crate::grid::{Grid, Shape};
use crate::logic::Rating;
use crate::puzzle::{self, PuzzleError, PuzzleSpec, SearchEnd};
use crate::solve::{self, Limits, Outcome, SolverKind, SolverOptions};
use crate::verify;

/// How long the solution count of a typed puzzle may take.
const ANALYSIS_BUDGET: Duration = Duration::from_secs(3);
/// How long generating one puzzle may take.
const GENERATION_BUDGET: Duration = Duration::from_secs(20);
/// Solutions counted before a puzzle is just "many".
const MAX_SOLUTIONS: u64 = 1000;

/// Why no game could be made.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SetupError {
    /// The generator gave up.
    #[error(transparent)]
    Generate(#[from] PuzzleError),
    /// The puzzle has no solution.
    #[error("this puzzle has no solution: {0}")]
    NoSolution(String),
    /// The search ran out of time before finding a solution.
    #[error("no solution found within {} s; the puzzle may have none", ANALYSIS_BUDGET.as_secs())]
    Undecided,
}

/// What a puzzle's solution count is.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// No solution, and why.
    None(String),
    /// Exactly one solution, rated.
    One {
        /// The solution.
        solution: Grid,
        /// Its rating.
        rating: Rating,
    },
    /// Several solutions.
    Many {
        /// Solutions found (a lower bound when `capped`).
        count: u64,
        /// True when the count stopped at the cap or the time limit.
        capped: bool,
        /// The cells equal in every solution found (in every solution when `exact`).
        determined: Grid,
        /// True when `determined` is proven for all solutions, not only those found.
        exact: bool,
        /// One solution.
        solution: Grid,
    },
    /// The time ran out before any solution was found.
    Unknown,
}

impl Verdict {
    /// A one-line description for the player.
    pub fn describe(&self) -> String {
        match self {
            Verdict::None(reason) => format!("No solution: {reason}"),
            Verdict::One { rating, .. } => format!("Exactly one solution (rated {rating})"),
            Verdict::Many { count, capped: true, determined, exact: true, .. } => {
                format!("Many solutions (at least {count}); {} cells are the same in all of them", determined.givens())
            }
            Verdict::Many { count, capped: true, determined, .. } => {
                format!("Many solutions (at least {count}); {} cells are the same in all found", determined.givens())
            }
            Verdict::Many { count, determined, .. } => {
                format!("{count} solutions; {} cells are the same in all of them", determined.givens())
            }
            Verdict::Unknown => "Undecided: the search ran out of time".to_string(),
        }
    }
}

/// Counts the solutions of `puzzle` (up to a cap, within a time budget) and says why there are
/// none when there are none.
pub fn judge(puzzle: &Grid) -> Verdict {
    let Ok(analysis) = puzzle::analyze(puzzle, MAX_SOLUTIONS, Some(Instant::now() + ANALYSIS_BUDGET)) else {
        // CaDiCaL failed (out of memory): nothing is known.
        return Verdict::Unknown;
    };
    if let Some(conflict) = analysis.conflicts.first() {
        return Verdict::None(format!("the givens conflict: {conflict}"));
    }
    if analysis.solutions == 0 {
        return match analysis.search {
            SearchEnd::Complete => Verdict::None(no_solution_reason(puzzle)),
            _ => Verdict::Unknown,
        };
    }
    let Some(solution) = solve_verified(puzzle) else { return Verdict::Unknown };
    match analysis.rating {
        Some((rating, _)) if analysis.is_unique() => Verdict::One { solution, rating },
        _ => Verdict::Many {
            count: analysis.solutions,
            capped: analysis.capped(),
            exact: analysis.determined_exact,
            determined: analysis.determined,
            solution,
        },
    }
}

/// Why a conflict-free puzzle has no solution: a cell without candidates, or else the search.
fn no_solution_reason(puzzle: &Grid) -> String {
    let shape = puzzle.shape();
    let n = shape.n() as u8;
    for cell in (0..shape.cells()).filter(|&c| puzzle.get(c) == 0) {
        let peers = shape.peers(cell);
        if (1..=n).all(|d| peers.iter().any(|&p| puzzle.get(p) == d)) {
            return format!(
                "r{}c{} has no digit left (its row, column and box hold all {n})",
                cell / shape.n() + 1,
                cell % shape.n() + 1
            );
        }
    }
    "the givens allow no complete grid (the search tried every possibility)".to_string()
}

/// A solution from the backtracking solver, checked by the oracle.
fn solve_verified(puzzle: &Grid) -> Option<Grid> {
    let mut solver = SolverKind::Backtrack.build(&SolverOptions::default());
    let limits = Limits { time: Some(ANALYSIS_BUDGET), ..Limits::default() };
    match solve::solve(solver.as_mut(), puzzle, &limits).ok()?.outcome {
        Outcome::Solved(grid) if verify::is_solution_of(puzzle, &grid) => Some(grid),
        _ => None,
    }
}

/// A new game on a generated unique puzzle of `shape` rated `rating`, from `seed`.
pub fn generated(shape: Shape, rating: Rating, seed: u64, now: Duration) -> Result<Game, SetupError> {
    let spec = PuzzleSpec { max_attempts: 2_000, ..PuzzleSpec::new(rating) };
    let made = puzzle::generate_unique(shape, &spec, &mut rng_from_seed(seed), GENERATION_BUDGET)?;
    if !verify::is_solution_of(&made.puzzle, &made.solution) {
        return Err(SetupError::NoSolution("the generator's solution failed verification".to_string()));
    }
    let label = Label { shape, rating: Some(rating), seed: Some(seed) };
    Ok(Game::new(made.puzzle, made.solution.clone(), made.solution, label, now))
}

/// A new game on any puzzle with at least one solution.
pub fn from_puzzle(puzzle: Grid, now: Duration) -> Result<Game, SetupError> {
    let shape = puzzle.shape();
    match judge(&puzzle) {
        Verdict::None(reason) => Err(SetupError::NoSolution(reason)),
        Verdict::Unknown => Err(SetupError::Undecided),
        Verdict::One { solution, rating } => {
            let label = Label { shape, rating: Some(rating), seed: None };
            Ok(Game::new(puzzle, solution.clone(), solution, label, now))
        }
        Verdict::Many { determined, solution, exact, .. } => {
            let label = Label { shape, rating: None, seed: None };
            // Cells that only agree over the solutions found might still differ: a digit there is
            // no proven mistake, so only proven determined cells count.
            let determined = if exact { determined } else { Grid::empty(shape) };
            Ok(Game::new(puzzle, solution, determined, label, now))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    fn grid(text: &str) -> Grid {
        format::parse(text, "t", None, None).unwrap().remove(0).puzzle
    }

    #[test]
    fn the_verdict_says_none_one_or_many_with_the_reason_for_none() {
        assert!(matches!(judge(&grid("11..............")), Verdict::None(r) if r.contains("conflict")));
        // r1c1 sees 1, 2 (row), 3 (column) and 4 (box): nothing fits.
        assert!(matches!(judge(&grid(".12.34...3......")), Verdict::None(r) if r.contains("r1c1")));
        assert!(matches!(judge(&grid(".2343.12.1.3.3..")), Verdict::Many { count: 2, .. }));
        let generated = generated(Shape::new(2, 2).unwrap(), Rating::Easy, 1, Duration::ZERO).unwrap();
        assert!(matches!(judge(&generated.puzzle), Verdict::One { rating: Rating::Easy, .. }));
    }
}
