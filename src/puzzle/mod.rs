//! Puzzles for people: unique-solution generation by difficulty, and analysis of a given puzzle.
//!
//! This module owns what makes a *puzzle* rather than an instance: exactly one solution, a
//! difficulty [`Rating`] from the logical solver ([`crate::logic`]), a clue count in the range that
//! goes with that difficulty, and optional 180° symmetry. [`Generator`] makes them (see its doc for
//! the algorithm); [`analyze()`] reports on any puzzle: solution count, determined cells, rating and
//! symmetry. Beside them, [`chromatic`] judges the graph solvers' answers to colouring problems
//! with the same certification ([`certify`]): bounds that count only with their evidence.
//!
//! ## Clue-count ranges
//! For 9×9 the ranges are the usual ones: easy 40–45 givens, medium 35–39, hard 30–34, expert
//! 29 or fewer. Other sizes use the same *fractions of the N² cells*: the 9×9 boundaries 29.5,
//! 34.5, 39.5 and 45.5 are scaled by N²/81 and the ranges are the integers between them (16×16:
//! easy 125–143, medium 110–124, hard 94–109, expert ≤ 93). [`PuzzleSpec::givens`] overrides them.
//!
//! ## Sizes
//! Any shape works in principle; what is reachable depends on the size. Small grids have few clue
//! counts per range and little room for hard logic: 4×4 puzzles come out easy (no other rating
//! was ever found; asking for one ends in a [`PuzzleError`] once [`PuzzleSpec::max_attempts`]
//! attempts have failed), and hard 6×6 puzzles take many attempts. From 16×16 up, digging stops at
//! a larger share of givens than at 9×9 (minimal 16×16 puzzles keep about 36 % of the cells, right
//! at the expert bound), so expert puzzles are hard to reach there: expert 25×25 ones need a wider
//! `givens` range (e.g. up to 290). What generation costs at each size: docs/benchmarks.md
//! ("Puzzle generation by size").

mod analyze;
pub mod certify;
pub mod chromatic;
mod generator;
mod symmetry;

use std::ops::RangeInclusive;
use std::time::Duration;

use rand::Rng;
use thiserror::Error;

pub use analyze::{analyze, certify as certify_analysis, Analysis, SearchEnd};
pub use generator::Generator;
pub use symmetry::{symmetries, Symmetry};

use crate::grid::{Grid, Shape};
use crate::logic::{Rating, Techniques};

/// Attempts (fresh solutions) a generation makes by default before giving up.
pub const DEFAULT_MAX_ATTEMPTS: u64 = 20_000;

/// What puzzle to make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleSpec {
    /// The exact rating wanted.
    pub rating: Rating,
    /// Keep the givens 180° rotationally symmetric (remove cells in symmetric pairs).
    pub symmetric: bool,
    /// Clue-count range; `None` = [`default_givens`] for the shape and rating.
    pub givens: Option<RangeInclusive<usize>>,
    /// Give up after this many attempts (each from a fresh random solution).
    pub max_attempts: u64,
}

impl PuzzleSpec {
    /// A spec for `rating` with the default range, no symmetry and [`DEFAULT_MAX_ATTEMPTS`].
    pub fn new(rating: Rating) -> PuzzleSpec {
        PuzzleSpec { rating, symmetric: false, givens: None, max_attempts: DEFAULT_MAX_ATTEMPTS }
    }

    /// The clue-count range that applies to `shape`.
    pub fn givens_range(&self, shape: Shape) -> RangeInclusive<usize> {
        self.givens.clone().unwrap_or_else(|| default_givens(shape, self.rating))
    }

    /// [`PuzzleSpec::givens_range`] when `shape` can hold it: refuses a range given that is empty
    /// or goes beyond the N² cells ([`PuzzleError::Range`]), and a shape too small for any default
    /// range of the rating ([`PuzzleError::NoDefaultRange`]).
    pub fn checked_range(&self, shape: Shape) -> Result<RangeInclusive<usize>, PuzzleError> {
        let (range, cells) = (self.givens_range(shape), shape.cells());
        match (&self.givens, range.is_empty() || *range.end() > cells) {
            (_, false) => Ok(range),
            (Some(_), true) => {
                Err(PuzzleError::Range { lo: *range.start(), hi: *range.end(), cells, shape: ShapeName(shape) })
            }
            (None, true) => Err(PuzzleError::NoDefaultRange { rating: self.rating, cells, shape: ShapeName(shape) }),
        }
    }
}

/// The default clue-count range of a rating for a shape: the 9×9 ranges as fractions of N² (see
/// the module doc). The four ranges partition 0..=⌈45.5·N²/81⌉ − 1.
pub fn default_givens(shape: Shape, rating: Rating) -> RangeInclusive<usize> {
    // Boundaries in half-clues of a 9×9 grid: 29.5, 34.5, 39.5, 45.5 → ⌈b·N²/162⌉.
    let cells = shape.cells();
    let bound = |half: usize| (half * cells).div_ceil(162);
    let (lo, hi) = match rating {
        Rating::Expert => (0, bound(59)),
        Rating::Hard => (bound(59), bound(69)),
        Rating::Medium => (bound(69), bound(79)),
        Rating::Easy => (bound(79), bound(91)),
    };
    lo..=hi.saturating_sub(1)
}

/// A generated puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its rating (as asked).
    pub rating: Rating,
    /// The techniques the logical solver used on it (for expert, those it applied before it got
    /// stuck).
    pub techniques: Techniques,
    /// Attempts (random solutions) it took.
    pub attempts: u64,
}

/// Which budget ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exhausted {
    /// The time budget.
    Time,
    /// The attempt budget ([`PuzzleSpec::max_attempts`]).
    Attempts,
}

/// Why no puzzle was made.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PuzzleError {
    /// The clue-count range asked for is empty or goes beyond the grid.
    #[error("the givens range {lo}-{hi} {}: give a range within 0-{cells}", range_problem(*.lo, *.hi, *.cells, *.shape))]
    Range {
        /// Lowest clue count asked for.
        lo: usize,
        /// Highest clue count asked for.
        hi: usize,
        /// N².
        cells: usize,
        /// The shape.
        shape: ShapeName,
    },
    /// No range was asked for, and the shape is too small for the rating's default range (the
    /// default ranges are shares of the cells: a 1×1 grid has none for easy, medium or hard).
    #[error(
        "a {shape} grid is too small for a default {rating} clue count (the default ranges are shares of its \
         {cells} cell(s)): give --givens A-B within 0-{cells}"
    )]
    NoDefaultRange {
        /// The rating asked for.
        rating: Rating,
        /// N².
        cells: usize,
        /// The shape.
        shape: ShapeName,
    },
    /// The target was not reached within the budget.
    #[error("no {rating} {shape} puzzle with {lo}-{hi} givens after {attempts} attempt(s) in {seconds:.1} s: {}", hint(*.exhausted, *.rating, *.shape))]
    Unreached {
        /// The rating asked for.
        rating: Rating,
        /// The shape.
        shape: ShapeName,
        /// Lowest clue count asked for.
        lo: usize,
        /// Highest clue count asked for.
        hi: usize,
        /// Attempts made.
        attempts: u64,
        /// Time spent.
        seconds: f64,
        /// Which budget ran out.
        exhausted: Exhausted,
    },
}

/// A shape named for messages: `9×9 (3x3 boxes)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeName(pub Shape);

impl std::fmt::Display for ShapeName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{n}×{n} ({} boxes)", self.0, n = self.0.n())
    }
}

/// What is wrong with the clue-count range `lo`-`hi` on a grid of `cells` cells.
fn range_problem(lo: usize, hi: usize, cells: usize, shape: ShapeName) -> String {
    if lo > hi {
        "is empty".to_string()
    } else {
        format!("goes beyond the {cells} cells of a {shape} grid")
    }
}

fn hint(exhausted: Exhausted, rating: Rating, shape: ShapeName) -> String {
    match exhausted {
        Exhausted::Time => "the time budget ran out; allow more time or widen the givens range".to_string(),
        Exhausted::Attempts if shape.0.n() <= 6 && rating > Rating::Easy => format!(
            "puzzles this small rarely need {rating} techniques at that clue count; try an easier rating or another --givens range"
        ),
        Exhausted::Attempts => {
            format!("{rating} puzzles seem out of reach at that clue count; try another --givens range or rating")
        }
    }
}

/// Makes one unique puzzle rated exactly `spec.rating` (see [`Generator`]), within `budget` wall
/// time. Builds a one-off [`Generator`]; keep one per shape to make many.
pub fn generate_unique(
    shape: Shape,
    spec: &PuzzleSpec,
    rng: &mut impl Rng,
    budget: Duration,
) -> Result<Generated, PuzzleError> {
    Generator::new(shape).generate(spec, rng, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_ranges_are_the_usual_ones_for_9x9_and_partition_the_counts() {
        let nine = Shape::new(3, 3).unwrap();
        let r = |rating| default_givens(nine, rating);
        assert_eq!(
            (r(Rating::Easy), r(Rating::Medium), r(Rating::Hard), r(Rating::Expert)),
            (40..=45, 35..=39, 30..=34, 0..=29)
        );
        for (a, b) in [(2, 2), (2, 3), (3, 4), (4, 4), (5, 5), (6, 6)] {
            let shape = Shape::new(a, b).unwrap();
            let ranges: Vec<_> = Rating::ALL.iter().rev().map(|&x| default_givens(shape, x)).collect();
            for w in ranges.windows(2) {
                assert_eq!(*w[0].end() + 1, *w[1].start(), "{shape}: {ranges:?}");
            }
        }
        let sixteen = Shape::new(4, 4).unwrap();
        assert_eq!(default_givens(sixteen, Rating::Easy), 125..=143);
        assert_eq!(default_givens(sixteen, Rating::Expert), 0..=93);
    }
}
