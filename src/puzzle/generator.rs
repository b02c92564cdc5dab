//! The unique-puzzle generator: dig holes in a random solution, keeping exactly one solution.
//!
//! One **attempt** draws a random complete solution ([`random_solution`]), shuffles the removal
//! units (cells, or 180°-symmetric cell pairs) and draws a target clue count t from the range
//! [lo, hi] (for expert's open range 0..=hi, from its top sixth). Then:
//!
//! 1. **Dig**: visit the units once each, removing each unless that breaks the *acceptance test*,
//!    and stop as soon as the puzzle rates exactly as asked with at most t givens. For easy, medium
//!    and hard the test is that the logical solver, restricted to techniques up to that level,
//!    still solves the puzzle — which proves the solution unique without any counting, and keeps
//!    the puzzle from getting harder than asked. For expert it is uniqueness; a logical solve
//!    settles most removals, the rest are settled by search (see below).
//! 2. **Fill**: when the puzzle first rated exactly as asked below lo givens (common for medium
//!    and hard at 9×9: random digging stays singles-solvable down to ~28 givens), add removed
//!    units back, each only if the puzzle still rates exactly as asked, until it has t givens.
//!
//! The attempt succeeds when it ends with lo..=hi givens and the exact rating; otherwise a new
//! attempt starts, until the attempt or time budget runs out. Both passes need one visit per unit:
//! removals never make a puzzle easier and additions never make it harder (the techniques are
//! monotone), so a unit refused once would be refused again later.
//!
//! **Uniqueness by search** (expert): the puzzle before a removal has one solution S, so any other
//! solution after removing cell x differs from S at x. So it suffices to show that forcing each
//! other digit into x — only those the logical solve left as candidates — leaves the puzzle
//! unsolvable: at most N − 1 find-one searches (2(N − 1) for a pair), usually refuted by
//! propagation, instead of a count to 2 that must exhaust the search tree. A search that hits
//! its node limit refuses the removal, so the outcome never depends on timing.
//!
//! Complexity per attempt: one logical solve per unit and pass — O(N² · peers) for singles,
//! polynomial for the rest (see [`crate::logic`]) — plus, for expert, the searches, which are
//! exponential in the worst case but node-limited. This is the "dig-hole" strategy of *Sudoku
//! Puzzles Generating: from Easy to Evil* (MCM 2008), including its uniqueness test by reduction
//! to absurdity (force another digit into the dug cell and look for a solution), with a logical
//! solver as the acceptance test so that the rating is controlled while digging.

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::Rng;

use super::{Exhausted, Generated, PuzzleError, PuzzleSpec, ShapeName};
use crate::generate::random_solution;
use crate::grid::{Grid, Shape};
use crate::logic::{Logic, Rating, Status, Techniques};
use crate::solve::search::backtrack::{SearchLimits, Stop};
use crate::solve::search::Searcher;

/// Branch states one uniqueness search may use before the removal is refused.
const SEARCH_NODE_LIMIT: u64 = 10_000;

/// A reusable generator for one shape: its uniqueness search (the `backtrack` solver's
/// [`Searcher`] for the shape: digit bands at 9×9, bitboards up to 16×16) and its logical solver
/// are built once.
#[derive(Debug, Clone)]
pub struct Generator {
    shape: Shape,
    search: Searcher,
    logic: Logic,
}

/// The outcome of testing one removal.
enum Verdict {
    /// Undo the removal.
    Reject,
    /// Keep it; the puzzle is not (yet) a hit.
    Keep,
    /// Keep it; the puzzle rates exactly as asked (with these techniques).
    Hit(Techniques),
}

/// The time budget ran out inside an attempt.
struct OutOfTime;

impl Generator {
    /// A generator for `shape`.
    pub fn new(shape: Shape) -> Generator {
        Generator { shape, search: Searcher::new(shape), logic: Logic::new(shape) }
    }

    /// The shape this generator makes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Makes one puzzle with exactly one solution, rated exactly `spec.rating`, with a clue count in
    /// `spec.givens_range`. Deterministic for a given `rng` state (the budget only decides whether
    /// it gives up, never which puzzle it returns).
    pub fn generate(
        &mut self,
        spec: &PuzzleSpec,
        rng: &mut impl Rng,
        budget: Duration,
    ) -> Result<Generated, PuzzleError> {
        let range = spec.checked_range(self.shape)?;
        let (lo, hi) = (*range.start(), *range.end());
        let start = Instant::now();
        let deadline = start + budget;
        let shape = ShapeName(self.shape);
        let unreached = |attempts, exhausted| PuzzleError::Unreached {
            rating: spec.rating,
            shape,
            lo,
            hi,
            attempts,
            seconds: start.elapsed().as_secs_f64(),
            exhausted,
        };
        for attempt in 1..=spec.max_attempts {
            match self.attempt(spec, lo, hi, rng, deadline) {
                Ok(Some(mut generated)) => {
                    generated.attempts = attempt;
                    return Ok(generated);
                }
                Ok(None) if Instant::now() < deadline => {}
                Ok(None) | Err(OutOfTime) => return Err(unreached(attempt, Exhausted::Time)),
            }
        }
        Err(unreached(spec.max_attempts, Exhausted::Attempts))
    }

    /// One attempt from a fresh random solution (see the module doc).
    fn attempt(
        &mut self,
        spec: &PuzzleSpec,
        lo: usize,
        hi: usize,
        rng: &mut impl Rng,
        deadline: Instant,
    ) -> Result<Option<Generated>, OutOfTime> {
        let solution = random_solution(self.shape, rng);
        let mut units = removal_units(self.shape, spec.symmetric);
        units.shuffle(rng);
        let target = rng.random_range(target_range(lo, hi));
        let mut puzzle = solution.clone();
        let mut givens = self.shape.cells();
        // Some(techniques) while the puzzle rates exactly as asked; the full grid rates easy.
        let mut exact = (spec.rating == Rating::Easy).then(Techniques::default);
        // Dig: once the puzzle rates exactly as asked it keeps doing so (removals never make it
        // easier, and acceptance keeps it from getting harder), so stop at the first hit ≤ target.
        for &(a, b) in &units {
            if givens <= target && exact.is_some() {
                break;
            }
            if Instant::now() >= deadline {
                return Err(OutOfTime);
            }
            let size = unit_size(a, b);
            puzzle.set(a, 0);
            puzzle.set(b, 0);
            match self.verdict(&mut puzzle, &solution, (a, b), spec.rating, deadline)? {
                Verdict::Reject => {
                    puzzle.set(a, solution.get(a));
                    puzzle.set(b, solution.get(b));
                }
                Verdict::Keep => (givens, exact) = (givens - size, None),
                Verdict::Hit(t) => (givens, exact) = (givens - size, Some(t)),
            }
        }
        let Some(mut techniques) = exact else { return Ok(None) };
        // Fill: the first hit came below the range; add givens back while the rating holds.
        for &(a, b) in &units {
            if givens >= target {
                break;
            }
            let size = unit_size(a, b);
            if puzzle.get(a) != 0 || givens + size > hi {
                continue;
            }
            if Instant::now() >= deadline {
                return Err(OutOfTime);
            }
            puzzle.set(a, solution.get(a));
            puzzle.set(b, solution.get(b));
            match self.exact_rating(&puzzle, spec.rating) {
                Some(t) => (givens, techniques) = (givens + size, t),
                None => {
                    puzzle.set(a, 0);
                    puzzle.set(b, 0);
                }
            }
        }
        if !(lo..=hi).contains(&givens) {
            return Ok(None);
        }
        Ok(Some(Generated { puzzle, solution, rating: spec.rating, techniques, attempts: 0 }))
    }

    /// The acceptance test of the removal of `unit` (already emptied in `puzzle`), and whether the
    /// puzzle now rates exactly `rating`. `puzzle` is left as it was given.
    fn verdict(
        &mut self,
        puzzle: &mut Grid,
        solution: &Grid,
        unit: (usize, usize),
        rating: Rating,
        deadline: Instant,
    ) -> Result<Verdict, OutOfTime> {
        // The logical solve (capped at the rating asked, or at hard for expert) settles most
        // cases: solved means unique, and its level is the rating.
        let outcome = self.logic.solve(puzzle, rating);
        match outcome.status {
            Status::Solved if outcome.techniques.level() == rating => return Ok(Verdict::Hit(outcome.techniques)),
            Status::Solved => return Ok(Verdict::Keep),
            Status::Contradiction => return Ok(Verdict::Reject),
            Status::Stuck if rating < Rating::Expert => return Ok(Verdict::Reject),
            Status::Stuck => {}
        }
        // Expert: beyond the techniques, so only a search can tell whether it is still unique.
        let unique = self.still_unique(puzzle, solution, unit, deadline)?;
        Ok(if unique { Verdict::Hit(outcome.techniques) } else { Verdict::Reject })
    }

    /// The techniques used when `puzzle` (known to have one solution) rates exactly `rating`.
    fn exact_rating(&mut self, puzzle: &Grid, rating: Rating) -> Option<Techniques> {
        let outcome = self.logic.solve(puzzle, rating);
        match outcome.rating() {
            Some(r) if r == rating => Some(outcome.techniques),
            None if rating == Rating::Expert => Some(outcome.techniques),
            _ => None,
        }
    }

    /// True when `puzzle` — a puzzle with the one solution `solution`, minus the cells of `unit` —
    /// still has only that solution. Any other solution differs from it in the unit: either its
    /// first cell holds another digit, or the first cell agrees and the second differs. So instead
    /// of counting to 2 (which must exhaust the tree), it asks at most 2(N − 1) find-one searches
    /// whether the puzzle with a wrong digit forced into the unit is solvable — typically refuted
    /// by propagation alone. `puzzle` is restored before returning.
    fn still_unique(
        &mut self,
        puzzle: &mut Grid,
        solution: &Grid,
        (a, b): (usize, usize),
        deadline: Instant,
    ) -> Result<bool, OutOfTime> {
        let mut unique = self.no_other_digit(puzzle, solution, a, deadline)?;
        if unique && a != b {
            puzzle.set(a, solution.get(a));
            unique = self.no_other_digit(puzzle, solution, b, deadline)?;
            puzzle.set(a, 0);
        }
        Ok(unique)
    }

    /// True when no digit other than `solution`'s can go in the empty `cell` of a solvable
    /// `puzzle` (cell restored to empty before returning). Only digits still among the cell's
    /// candidates after the last logical solve (of `puzzle`, or of a puzzle with fewer givens) are
    /// tried: the others fit in no solution. A search that hits the node limit
    /// counts as "another digit fits", so the removal is refused and results stay deterministic.
    fn no_other_digit(
        &mut self,
        puzzle: &mut Grid,
        solution: &Grid,
        cell: usize,
        deadline: Instant,
    ) -> Result<bool, OutOfTime> {
        let limits = SearchLimits { max_solutions: 1, deadline: Some(deadline), max_nodes: Some(SEARCH_NODE_LIMIT) };
        let mut answer = Ok(true);
        // Digits the logical solve already ruled out for this cell fit in no solution.
        let open = self.logic.candidates(cell);
        for d in (1..=self.shape.n() as u8).filter(|&d| d != solution.get(cell) && open & (1u64 << (d - 1)) != 0) {
            puzzle.set(cell, d);
            let search = self.search.search(puzzle, limits, &mut |_| false);
            match (search.solutions, search.stop) {
                (_, Stop::Deadline) => answer = Err(OutOfTime),
                (0, Stop::Exhausted) => continue,
                _ => answer = Ok(false),
            }
            break;
        }
        puzzle.set(cell, 0);
        answer
    }
}

/// Where the target clue count is drawn: the whole range, except that a range open at the bottom
/// (expert's 0..=hi) uses only its top sixth (25–29 for 9×9), as digging far below the easier
/// ranges costs ever more uniqueness counts and stops at a minimal puzzle anyway.
fn target_range(lo: usize, hi: usize) -> std::ops::RangeInclusive<usize> {
    if lo == 0 {
        hi - hi.div_ceil(6).min(hi)..=hi
    } else {
        lo..=hi
    }
}

/// Cells in a removal unit.
fn unit_size(a: usize, b: usize) -> usize {
    if a == b {
        1
    } else {
        2
    }
}

/// The units removed together: single cells, or with `symmetric` each cell with its 180° image
/// (the centre cell of an odd side alone, as `(c, c)`).
fn removal_units(shape: Shape, symmetric: bool) -> Vec<(usize, usize)> {
    let cells = shape.cells();
    if !symmetric {
        return (0..cells).map(|c| (c, c)).collect();
    }
    (0..cells).map(|c| (c, cells - 1 - c)).filter(|&(a, b)| a <= b).collect()
}
