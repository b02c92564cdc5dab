//! Instance generators and families: the origin study's `random` fill and `planted` instances,
//! the complete solutions they are cut from, the hole patterns ([`holes`]) that cut them, and
//! random isomorphs of given puzzles ([`isomorph`]: the same puzzle in another orientation), and
//! the random graph families of the colouring literature ([`graphs`]).
//! Every function takes `&mut impl Rng`; callers seed a [`ChaCha8Rng`] from an explicit `u64` with
//! [`rng_from_seed`], so the same seed gives the same instance on any machine.
//!
//! **Families.** A shape with 1×N (or N×1) boxes is a **Latin square** of order N: its boxes are
//! its rows, so its constraint graph is the rook's graph (N² cells, each with 2(N − 1) peers,
//! N²(N − 1) edges), and a planted instance is a quasigroup with holes (**QWH**, Achlioptas, Gomes,
//! Kautz & Selman 2000). Every other shape is a generalised Sudoku.
//!
//! **How the complete solution is drawn** ([`complete_solution`]). A Latin square comes from the
//! Jacobson–Matthews chain ([`latin`]): uniform in the limit, as QWH asks. A Sudoku solution comes
//! from [`random_solution`]: the first solution a randomised backtracking search of the empty grid
//! finds (random digit order, fewest-candidates cell first). That is *not* uniform over the
//! solutions: every solution is reachable, but the search's order decides how likely each is, and
//! the bias is unknown beyond that (solutions that propagation completes early, with fewer forced
//! restarts, are favoured). No uniform sampler is known to be practical for Sudoku grids above
//! 9×9, and the committed Sudoku results were all made this way, so it stays.

pub mod graphs;
pub mod holes;
pub mod isomorph;
pub mod latin;

pub use holes::Holes;
pub use isomorph::Isomorph;
pub use latin::jacobson_matthews;

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

/// A random complete solution of `shape`: a Jacobson–Matthews Latin square for 1×N and N×1 boxes,
/// else [`random_solution`] (see the module doc for what each is and its bias).
pub fn complete_solution(shape: Shape, rng: &mut impl Rng) -> Grid {
    if shape.is_latin() {
        jacobson_matthews(shape, rng)
    } else {
        random_solution(shape, rng)
    }
}

/// A planted ("quasigroup with holes") instance with uniform holes: see [`planted_with`].
pub fn planted(shape: Shape, alpha: f64, rng: &mut impl Rng) -> Planted {
    planted_with(shape, alpha, Holes::Uniform, rng)
}

/// A planted instance: a random complete solution ([`complete_solution`]), then exactly
/// round(α·N²) givens kept, the N² − round(α·N²) holes placed by `holes`. Always solvable.
///
/// Complexity: the solution's (O(N⁴) for a Latin square) plus the pattern's ([`holes`]).
pub fn planted_with(shape: Shape, alpha: f64, holes: Holes, rng: &mut impl Rng) -> Planted {
    let solution = complete_solution(shape, rng);
    let keep = (alpha * shape.cells() as f64).round() as usize;
    let mut puzzle = Grid::empty(shape);
    for cell in holes::givens(shape, keep, holes, rng) {
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
    fn latin_planted_instances_are_cut_from_jacobson_matthews_squares_with_either_pattern() {
        let shape = Shape::latin(15).unwrap();
        for holes in Holes::ALL {
            for seed in 0..5 {
                let p = planted_with(shape, 0.6, holes, &mut rng_from_seed(seed));
                assert!(verify::is_solution_of(&p.puzzle, &p.solution), "{holes} seed {seed}");
                assert_eq!(p.puzzle.givens(), 135);
                assert_eq!(p.solution, jacobson_matthews(shape, &mut rng_from_seed(seed)));
            }
        }
    }

    #[test]
    fn balanced_planted_instances_have_exactly_the_holes_asked_for_spread_over_every_house() {
        for (r, c, alpha) in [(1, 33, 0.68), (1, 30, 0.6), (3, 3, 0.4), (4, 4, 0.55), (2, 3, 0.5), (5, 5, 0.71)] {
            let shape = Shape::new(r, c).unwrap();
            let cells = shape.cells();
            let p = planted_with(shape, alpha, Holes::Balanced, &mut rng_from_seed(3));
            assert!(verify::is_solution_of(&p.puzzle, &p.solution), "{shape}");
            let holes = ((1.0 - alpha) * cells as f64).round() as usize;
            assert_eq!(cells - p.puzzle.givens(), holes, "{shape} α = {alpha}");
            let mut per_house = std::collections::BTreeMap::<crate::grid::House, usize>::new();
            for cell in (0..cells).filter(|&cell| p.puzzle.get(cell) == 0) {
                for house in shape.houses_of(cell) {
                    *per_house.entry(house).or_default() += 1;
                }
            }
            let (lo, hi) = (holes / shape.n(), holes.div_ceil(shape.n()));
            for house in shape.houses() {
                let k = per_house.get(&house).copied().unwrap_or(0);
                assert!((lo..=hi).contains(&k), "{shape} α = {alpha}: {house} holds {k} holes, not {lo}..={hi}");
            }
        }
    }

    #[test]
    fn sudoku_planted_instances_with_uniform_holes_are_the_ones_made_before_families_existed() {
        // The pin of a committed instance: seed004's kind (9×9 planted, uniform holes).
        let shape = Shape::new(3, 3).unwrap();
        let p = planted(shape, 0.4, &mut rng_from_seed(42));
        let mut rng = rng_from_seed(42);
        let solution = random_solution(shape, &mut rng);
        let mut puzzle = Grid::empty(shape);
        for cell in rand::seq::index::sample(&mut rng, 81, 32) {
            puzzle.set(cell, solution.get(cell));
        }
        assert_eq!(p, Planted { puzzle, solution });
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
