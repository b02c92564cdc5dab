//! `backtrack`: a bitset backtracking solver for every shape 4×4 … 64×64. The generators' plain
//! cell search ([`Engine`]) and the types the searches share live in [`crate::solve::search::engine`];
//! they are re-exported here, so `solve::search::backtrack::{Engine, count_solutions, …}` keep working.
//!
//! The [`Backtrack`] solver runs [`crate::solve::search::Searcher`]: for 9×9, digit-band words in
//! the JCZSolve style ([`crate::solve::search::band`]); for the other grids of at most 256 cells, digit
//! bitboards with locked candidates ([`crate::solve::search::planes`]); above, the exact-cover bitset
//! search with a trail, locked candidates and restarts ([`crate::solve::search`]). The last two
//! branch on a cell or a house-digit, whichever has fewer options; the band search on a cell.
//!
//! Complexity: exponential in the worst case (Sudoku completion is NP-complete); see each search
//! for the cost of a node.

use std::time::Instant;

use crate::grid::{Grid, Shape};
use crate::solve::search::Searcher;
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, Stats};

pub use crate::solve::search::engine::{count_solutions, Engine, Search, SearchLimits, Stop};

/// The `backtrack` solver: a [`Searcher`] (digit-band words for 9×9, digit bitboards for the other
/// grids up to 256 cells, else the exact-cover bitset search with restarts) kept per shape between
/// solves. [`Engine`] stays as it is for the
/// generators and [`count_solutions`], whose instances and first solutions depend on its order.
#[derive(Debug, Default, Clone)]
pub struct Backtrack {
    /// Searchers of up to [`KEPT_SHAPES`] shapes, oldest first: experiments interleave shapes, and
    /// remaking the searcher at every switch cost more than a small solve (docs/benchmarks.md,
    /// "`backtrack` keeps a searcher per shape").
    searchers: Vec<Searcher>,
    /// The solver seed of the restarts' tie-breaks (`SolverOptions::seed`; `None`: the puzzle's).
    seed: Option<u64>,
}

/// How many shapes' searchers a [`Backtrack`] keeps.
const KEPT_SHAPES: usize = 8;

impl Backtrack {
    /// A solver whose restarts break ties with `seed` mixed into the puzzle's seed (`None`: the
    /// puzzle's alone, [`Backtrack::default`]).
    pub fn seeded(seed: Option<u64>) -> Backtrack {
        Backtrack { seed, ..Backtrack::default() }
    }

    /// The kept searcher for `shape`, or a new one (in place of the oldest when all are taken).
    fn searcher(&mut self, shape: Shape) -> &mut Searcher {
        let i = match self.searchers.iter().position(|s| s.shape() == shape) {
            Some(i) => i,
            None => {
                if self.searchers.len() == KEPT_SHAPES {
                    self.searchers.remove(0);
                }
                self.searchers.push(Searcher::new(shape));
                self.searchers.len() - 1
            }
        };
        &mut self.searchers[i]
    }
}

impl Solver for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let start = Instant::now();
        let shape = puzzle.shape();
        let seed = self.seed;
        let searcher = self.searcher(shape);
        searcher.set_seed(seed);
        let search_limits = SearchLimits {
            max_solutions: limits.max_solutions.max(1),
            deadline: limits.deadline(start),
            max_nodes: None,
        };
        let mut first: Option<Vec<u8>> = None;
        let search = searcher.search(puzzle, search_limits, &mut |cells| {
            if first.is_none() {
                first = Some(cells.to_vec());
            }
            true
        });
        let outcome = match (first, search.stop) {
            (Some(cells), _) => Outcome::Solved(Grid::from_cells(shape, cells).expect("digits are 1..=N")),
            (None, Stop::Exhausted) => Outcome::Infeasible,
            (None, _) => Outcome::LimitReached,
        };
        let stats = Stats {
            seconds: start.elapsed().as_secs_f64(),
            nodes: Some(search.nodes),
            guesses: Some(search.guesses),
            backtracks: Some(search.dead_ends),
            solutions: (limits.max_solutions > 1).then_some(search.solutions),
            ..Stats::default()
        };
        Ok(Report { outcome, stats, note: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{planted, rng_from_seed};
    use crate::verify::is_solution_of;

    #[test]
    fn one_solver_serves_interleaved_shapes_as_fresh_solvers_do() {
        // Nine shapes (one more than are kept, so the oldest is dropped), then the same backwards
        // (kept ones found, the dropped one made again): every answer and every search is what a
        // fresh solver gives.
        let shapes = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3), (4, 4)];
        let mut rng = rng_from_seed(7);
        let puzzles: Vec<Grid> =
            shapes.iter().map(|&(r, c)| planted(Shape::new(r, c).unwrap(), 0.3, &mut rng).puzzle).collect();
        let limits = Limits { time: None, max_solutions: 2 };
        let mut kept = Backtrack::default();
        for puzzle in puzzles.iter().chain(puzzles.iter().rev()) {
            let fresh = Backtrack::default().solve(puzzle, &limits).unwrap();
            let reused = kept.solve(puzzle, &limits).unwrap();
            let Outcome::Solved(grid) = &reused.outcome else { panic!("a planted puzzle has a solution") };
            assert!(is_solution_of(puzzle, grid));
            assert_eq!(reused.outcome, fresh.outcome);
            let search = |r: &Report| (r.stats.solutions, r.stats.nodes, r.stats.guesses, r.stats.backtracks);
            assert_eq!(search(&reused), search(&fresh), "{:?}", puzzle.shape());
            assert!(kept.searchers.len() <= KEPT_SHAPES);
        }
    }
}
