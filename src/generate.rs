//! Instance generators: the origin study's `random` fill and `planted` (quasigroup-with-holes)
//! instances. Every function takes `&mut impl Rng`; callers seed a [`ChaCha8Rng`] from an explicit
//! `u64` with [`rng_from_seed`], so the same seed gives the same instance on any machine.

use rand::seq::index::sample;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::grid::{Grid, Shape};
use crate::solve::search::backtrack::{Engine, SearchLimits, Stop};

/// How an instance is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The origin study's cell-by-cell random fill (may be unsolvable).
    Random,
    /// A random complete solution with exactly round(α·N²) givens kept (always solvable).
    Planted,
    /// A puzzle with exactly one solution at a chosen difficulty ([`crate::puzzle`]); an experiment
    /// mode only (hidden from `generate --mode`, which refuses it: `sudoku-lab puzzle` makes these).
    #[value(hide = true)]
    Unique,
}

impl Mode {
    /// The mode's name in configs and CSV.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Random => "random",
            Mode::Planted => "planted",
            Mode::Unique => "unique",
        }
    }
}

/// The project's random number generator, seeded from an explicit `u64`.
pub fn rng_from_seed(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The origin study's fill, exactly: visit the cells row by row; with probability α draw a value
/// uniformly from 1..=N and keep it only if no cell filled so far in its row, column or box holds
/// it, else leave the cell empty. The result may have no solution, and its real fill is below α.
///
/// Complexity: O(N²·N) time (one O(N) validity scan per drawn value), O(N²) space.
pub fn random_fill(shape: Shape, alpha: f64, rng: &mut impl Rng) -> Grid {
    let n = shape.n();
    let mut grid = Grid::empty(shape);
    for cell in 0..shape.cells() {
        if rng.random_bool(alpha) {
            let value = rng.random_range(1..=n) as u8;
            let clash = shape.peers(cell).into_iter().any(|p| grid.get(p) == value);
            if !clash {
                grid.set(cell, value);
            }
        }
    }
    grid
}

/// A uniformly-seeded random complete solution, from a randomised search of the empty grid
/// (random digit order, fewest-candidates cell first, naked and hidden singles), restarted with a
/// doubled branch budget whenever a run stalls, so heavy-tailed runs cannot hang it.
///
/// Complexity: a few milliseconds at 9×9 to 16×16, well under a second at 64×64 in practice.
pub fn random_solution(shape: Shape, rng: &mut impl Rng) -> Grid {
    let mut engine = Engine::new(shape);
    let empty = Grid::empty(shape);
    let mut budget = 64 + shape.cells() as u64;
    loop {
        let mut found = None;
        let limits = SearchLimits { max_solutions: 1, deadline: None, max_nodes: Some(budget) };
        let search = engine.search(&empty, limits, Some(rng), &mut |cells| {
            found = Some(cells.to_vec());
            false
        });
        if let Some(cells) = found {
            return Grid::from_cells(shape, cells).expect("digits are 1..=N");
        }
        assert_eq!(search.stop, Stop::NodeLimit, "the empty grid of every shape has a solution");
        budget *= 2;
    }
}

/// A planted instance: the puzzle and the solution it was cut from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planted {
    /// The puzzle: exactly round(α·N²) cells of `solution`, chosen uniformly.
    pub puzzle: Grid,
    /// The complete solution the puzzle agrees with.
    pub solution: Grid,
}

/// A planted ("quasigroup with holes") instance: a random complete solution, then exactly
/// round(α·N²) givens kept, chosen uniformly. Always solvable.
pub fn planted(shape: Shape, alpha: f64, rng: &mut impl Rng) -> Planted {
    let solution = random_solution(shape, rng);
    let cells = shape.cells();
    let keep = (alpha * cells as f64).round() as usize;
    let mut puzzle = Grid::empty(shape);
    for cell in sample(rng, cells, keep.min(cells)) {
        puzzle.set(cell, solution.get(cell));
    }
    Planted { puzzle, solution }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify;

    #[test]
    fn planted_keeps_exactly_round_alpha_n2_givens_of_a_valid_solution() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6)] {
            let shape = Shape::new(r, c).unwrap();
            for alpha in [0.0, 0.3, 0.6, 1.0] {
                let p = planted(shape, alpha, &mut rng_from_seed(7));
                assert!(verify::is_solution_of(&p.puzzle, &p.solution), "{shape} α={alpha}");
                assert_eq!(p.puzzle.givens(), (alpha * shape.cells() as f64).round() as usize);
            }
        }
    }

    #[test]
    fn random_fill_never_places_a_conflict_and_stays_below_alpha() {
        let shape = Shape::new(3, 3).unwrap();
        for alpha in [0.2, 0.6] {
            let mut total = 0;
            for seed in 0..200 {
                let g = random_fill(shape, alpha, &mut rng_from_seed(seed));
                assert!(verify::conflicts(&g).is_empty());
                total += g.givens();
            }
            let mean = total as f64 / (200.0 * 81.0);
            assert!(mean <= alpha, "mean fill {mean} above α = {alpha}");
            assert!(mean > alpha * 0.5, "mean fill {mean} implausibly low for α = {alpha}");
        }
        assert_eq!(random_fill(shape, 0.0, &mut rng_from_seed(1)).givens(), 0);
    }

    #[test]
    fn solutions_differ_beyond_relabelling() {
        // Relabelling a fixed pattern keeps which cells of row 1 hold the same digit as row 0's
        // first cell's column mates; distinct random searches should not all share one pattern.
        let shape = Shape::new(3, 3).unwrap();
        let signature = |g: &Grid| -> Vec<usize> {
            (0..9).map(|c| (0..9).find(|&c2| g.get(9 + c2) == g.get(c)).expect("row 1 is a permutation")).collect()
        };
        let sigs: std::collections::HashSet<_> =
            (0..20).map(|s| signature(&random_solution(shape, &mut rng_from_seed(s)))).collect();
        assert!(sigs.len() > 5, "only {} distinct row patterns in 20 solutions", sigs.len());
    }
}
