//! Analysis of one puzzle: conflicts, solution count, determined cells, rating and symmetry.
//!
//! A cell is **determined** when it holds the same digit in every solution. The solutions are
//! enumerated by the backtracking [`Engine`] up to a cap, intersecting them as they come, so the
//! answer is exact when the search completes. When it stops early (the solution cap or the time
//! limit), the determined cells are those agreeing over the solutions *found*: an upper bound on
//! the true set. Every truly determined cell is shown, but a shown cell might still differ in a
//! solution not found; a blank cell certainly takes two digits. With no solution at all, no cell is
//! reported determined (the vacuous "every solution agrees" is no use to anyone).
//!
//! Complexity: the count is exponential in the worst case and bounded by the cap; the
//! intersection is O(N²) per solution found.

use std::time::Instant;

use serde::Serialize;

use super::symmetry::{symmetries, Symmetry};
use crate::grid::Grid;
use crate::logic::{Logic, Rating, Techniques};
use crate::solve::backtrack::{Engine, SearchLimits, Stop};
use crate::verify::{self, Conflict};

/// How the solution count ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearchEnd {
    /// The whole search tree was explored: the count is exact.
    Complete,
    /// More solutions than the cap were found: the count is a lower bound.
    MaxSolutions,
    /// The time limit passed: the count is a lower bound.
    TimeLimit,
}

/// What [`analyze()`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// Number of givens.
    pub givens: usize,
    /// Repeated digits among the givens (then there is no solution).
    pub conflicts: Vec<Conflict>,
    /// Solutions found: exact when `search` is `Complete`, else a lower bound (cap + 1 when the
    /// cap was passed).
    pub solutions: u64,
    /// How the count ended.
    pub search: SearchEnd,
    /// The determined cells (0 elsewhere); the solution when unique.
    pub determined: Grid,
    /// The rating and techniques, for a puzzle with exactly one solution.
    pub rating: Option<(Rating, Techniques)>,
    /// The symmetries of the pattern of givens.
    pub symmetries: Vec<Symmetry>,
}

impl Analysis {
    /// True when the count is not exact.
    pub fn capped(&self) -> bool {
        self.search != SearchEnd::Complete
    }

    /// True when the puzzle has exactly one solution (proven).
    pub fn is_unique(&self) -> bool {
        !self.capped() && self.solutions == 1
    }
}

/// Analyses `puzzle`: counts its solutions exactly up to `max_solutions` (searching for one more
/// to tell "exactly K" from "more than K"), stopping at `deadline` if given.
pub fn analyze(puzzle: &Grid, max_solutions: u64, deadline: Option<Instant>) -> Analysis {
    let shape = puzzle.shape();
    let conflicts = verify::conflicts(puzzle);
    let mut analysis = Analysis {
        givens: puzzle.givens(),
        conflicts,
        solutions: 0,
        search: SearchEnd::Complete,
        determined: Grid::empty(shape),
        rating: None,
        symmetries: symmetries(puzzle),
    };
    if !analysis.conflicts.is_empty() {
        return analysis;
    }
    let mut determined: Option<Vec<u8>> = None;
    let limits = SearchLimits { max_solutions: max_solutions.saturating_add(1), deadline, max_nodes: None };
    let search = Engine::new(shape).search(puzzle, limits, None, &mut |cells| {
        match determined.as_mut() {
            None => determined = Some(cells.to_vec()),
            Some(det) => det.iter_mut().zip(cells).filter(|(d, c)| *d != *c).for_each(|(d, _)| *d = 0),
        }
        true
    });
    analysis.solutions = search.solutions;
    analysis.search = match search.stop {
        Stop::Exhausted => SearchEnd::Complete,
        Stop::SolutionLimit => SearchEnd::MaxSolutions,
        Stop::Deadline | Stop::NodeLimit => SearchEnd::TimeLimit,
    };
    if let Some(cells) = determined {
        analysis.determined = Grid::from_cells(shape, cells).expect("solution digits are 1..=N");
    }
    if analysis.is_unique() {
        analysis.rating = Some(Logic::new(shape).rate(puzzle));
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    fn grid(text: &str) -> Grid {
        format::parse(text, "t", None, None).unwrap().remove(0).puzzle
    }

    #[test]
    fn two_solutions_leave_the_deadly_rectangle_undetermined() {
        // Solutions 1234/3412/2143/4321 and 1234/3412/4123/2341 differ in r3c1, r3c3, r4c1, r4c3.
        let a = analyze(&grid(".2343.12.1.3.3.."), 1000, None);
        assert_eq!((a.solutions, a.search), (2, SearchEnd::Complete));
        assert_eq!(format::to_line(&a.determined), "12343412.1.3.3.1");
        assert_eq!(a.rating, None);
        let capped = analyze(&grid(".2343.12.1.3.3.."), 1, None);
        assert_eq!((capped.solutions, capped.search), (2, SearchEnd::MaxSolutions));
    }

    #[test]
    fn conflicting_givens_have_no_solution_and_nothing_determined() {
        let a = analyze(&grid("11.............."), 1000, None);
        assert_eq!(a.conflicts.len(), 2, "row 1 and box 1");
        assert_eq!((a.solutions, a.search), (0, SearchEnd::Complete));
        assert_eq!(a.determined.givens(), 0);
    }
}
