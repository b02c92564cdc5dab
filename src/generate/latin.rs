//! Uniformly distributed random Latin squares: the Jacobson–Matthews Markov chain.
//!
//! A Latin square of order N is an N×N grid in which every row and every column holds each symbol
//! once — a grid with 1×N boxes ([`Shape::is_latin`]). Quasigroup-with-holes (QWH) instances start
//! from a *uniformly* drawn complete square (Achlioptas, Gomes, Kautz & Selman 2000); a randomised
//! backtracking search (how [`super::random_solution`] draws a Sudoku solution) does not give that.
//!
//! The chain (Jacobson & Matthews 1996, "Generating uniformly distributed random Latin squares",
//! J. Combin. Designs 4(6), 405–437) walks on the *incidence cube* f: N×N×N → {−1, 0, 1}, f(r, c, s)
//! = 1 when cell (r, c) holds symbol s, with every line (fix two coordinates) summing to 1. A cube
//! with no −1 is a Latin square (*proper*); an *improper* cube has exactly one −1 entry. A move
//! picks a cell (r, c, s) — any 0 entry when proper, the −1 entry when improper — and three partner
//! coordinates r′, c′, s′ holding a 1 in its lines (the only one when proper, one of the two at
//! random when improper), then adds 1 at (r,c,s), (r,c′,s′), (r′,c,s′), (r′,c′,s) and subtracts 1
//! at (r,c,s′), (r,c′,s), (r′,c,s), (r′,c′,s′). The cube stays a cube; it is improper exactly when
//! (r′,c′,s′) became −1. Jacobson and Matthews prove the chain connected and its stationary
//! distribution uniform on the proper cubes, so stopping at a proper cube after many moves samples
//! Latin squares almost uniformly.
//!
//! **Reading the chain.** The chain's stationary distribution conditioned on a proper cube is
//! uniform, but the *first* proper cube after a given move is not a draw from it: at order 4 it
//! lands in the Klein group's isotopy class 9 % of the time instead of 25 % (measured while
//! writing this; the test below guards it). So the chain is read at fixed times only — every
//! [`read_gap`] = N² moves after the mixing length — and the first reading that finds a proper
//! cube is the square. About one cube in N is proper (18 % at N = 6, 6 % at N = 16), so that costs
//! about N³ moves more.
//!
//! **Mixing length.** No useful bound on the chain's mixing time is known (Jacobson and Matthews
//! give none; it is open). We make [`mixing_moves`] = N³ moves first — one per entry of the cube,
//! about N moves for each of the N² cells, each move rewriting four of them. N³ is the customary
//! length in QWH generators and cheap (O(N⁴) time in all). The tests check what can be checked:
//! at order 4 the squares fall into the two isotopy classes in the uniform proportions (1 : 3)
//! although the start is always in one of them; at order 6 the symbol in a fixed cell is even.
//! The start is the cyclic square (r + c) mod N with its rows, columns and symbols shuffled, so
//! even a short chain starts from a random isotope.
//!
//! Complexity: about 2N³ moves of O(N) each (a move scans three lines for their 1s): O(N⁴) time, O(N³)
//! space for the cube (measured at N = 36: docs/benchmarks.md, "The Latin-square sampler").

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::{Grid, Shape};

/// Moves the chain makes before it stops at the next proper cube: N³ (see the module doc).
pub fn mixing_moves(n: usize) -> u64 {
    (n as u64).pow(3)
}

/// Moves between two readings of the chain after the mixing length: N² (see the module doc).
pub fn read_gap(n: usize) -> u64 {
    (n as u64).pow(2).max(1)
}

/// The incidence cube of a Latin square or of an improper one (one entry −1).
struct Cube {
    n: usize,
    f: Vec<i8>,
    /// The −1 entry when the cube is improper.
    improper: Option<(usize, usize, usize)>,
}

impl Cube {
    fn at(&self, r: usize, c: usize, s: usize) -> usize {
        (r * self.n + c) * self.n + s
    }

    fn add(&mut self, r: usize, c: usize, s: usize, d: i8) {
        let i = self.at(r, c, s);
        self.f[i] += d;
    }

    /// The coordinates `k` along one line (the other two fixed by `index`) where the cube holds 1.
    fn ones(&self, index: impl Fn(usize) -> usize) -> [Option<usize>; 2] {
        let mut out = [None, None];
        let mut found = 0;
        for k in 0..self.n {
            if self.f[index(k)] == 1 && found < 2 {
                out[found] = Some(k);
                found += 1;
            }
        }
        out
    }

    /// One of the 1s of a line: the only one of a proper line, one of the two at random otherwise.
    fn partner(&self, rng: &mut impl Rng, index: impl Fn(usize) -> usize) -> usize {
        match self.ones(index) {
            [Some(a), Some(b)] => {
                if rng.random_bool(0.5) {
                    a
                } else {
                    b
                }
            }
            [Some(a), None] => a,
            _ => unreachable!("every line of a cube sums to 1, so it holds a 1"),
        }
    }

    /// One move of the chain.
    fn step(&mut self, rng: &mut impl Rng) {
        let n = self.n;
        let (r, c, s) = match self.improper {
            Some(cell) => cell,
            None => loop {
                let (r, c, s) = (rng.random_range(0..n), rng.random_range(0..n), rng.random_range(0..n));
                if self.f[self.at(r, c, s)] == 0 {
                    break (r, c, s);
                }
            },
        };
        let r2 = self.partner(rng, |k| self.at(k, c, s));
        let c2 = self.partner(rng, |k| self.at(r, k, s));
        let s2 = self.partner(rng, |k| self.at(r, c, k));
        for (a, b, d, delta) in [
            (r, c, s, 1),
            (r, c2, s2, 1),
            (r2, c, s2, 1),
            (r2, c2, s, 1),
            (r, c, s2, -1),
            (r, c2, s, -1),
            (r2, c, s, -1),
            (r2, c2, s2, -1),
        ] {
            self.add(a, b, d, delta);
        }
        self.improper = (self.f[self.at(r2, c2, s2)] == -1).then_some((r2, c2, s2));
    }
}

/// A Latin square of order `shape.n()` drawn by the Jacobson–Matthews chain (see the module doc),
/// as a grid of `shape`, which must be a Latin-square shape (1×N or N×1 boxes).
///
/// Complexity: O(N⁴) time, O(N³) space.
///
/// ```
/// use sudoku_lab::generate::{jacobson_matthews, rng_from_seed};
/// use sudoku_lab::grid::Shape;
/// let shape = Shape::latin(7).unwrap();
/// let square = jacobson_matthews(shape, &mut rng_from_seed(1));
/// assert!(square.is_full() && sudoku_lab::verify::conflicts(&square).is_empty());
/// ```
pub fn jacobson_matthews(shape: Shape, rng: &mut impl Rng) -> Grid {
    assert!(shape.is_latin(), "the Jacobson–Matthews chain draws Latin squares, not {shape} Sudoku grids");
    jacobson_matthews_moves(shape, mixing_moves(shape.n()), rng)
}

/// The chain of [`jacobson_matthews`] with `moves` moves, then read every [`read_gap`] moves
/// until a reading finds a proper cube.
pub(crate) fn jacobson_matthews_moves(shape: Shape, moves: u64, rng: &mut impl Rng) -> Grid {
    let n = shape.n();
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<usize> = (0..n).collect();
    rows.shuffle(rng);
    cols.shuffle(rng);
    symbols.shuffle(rng);
    let mut cube = Cube { n, f: vec![0; n * n * n], improper: None };
    for r in 0..n {
        for c in 0..n {
            let i = cube.at(rows[r], cols[c], symbols[(r + c) % n]);
            cube.f[i] = 1;
        }
    }
    // Order 1 has one square and no 0 entry to move from.
    let mut made = if n < 2 { moves } else { 0 };
    let gap = read_gap(n);
    while made < moves || cube.improper.is_some() || !(made - moves).is_multiple_of(gap) {
        cube.step(rng);
        made += 1;
    }
    let mut grid = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            let s = (0..n).find(|&s| cube.f[cube.at(r, c, s)] == 1).expect("a proper cube has one symbol per cell");
            grid.set(shape.cell(r, c), (s + 1) as u8);
        }
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng_from_seed;
    use crate::verify;

    #[test]
    fn jacobson_matthews_squares_are_latin_squares_of_every_order() {
        for n in [1, 2, 3, 5, 8, 13, 30] {
            for seed in 0..3 {
                let shape = Shape::latin(n).unwrap();
                let g = jacobson_matthews(shape, &mut rng_from_seed(seed));
                assert!(g.is_full() && verify::conflicts(&g).is_empty(), "order {n} seed {seed}");
                let tall = Shape::new(n, 1).unwrap();
                let g = jacobson_matthews(tall, &mut rng_from_seed(seed));
                assert!(g.is_full() && verify::conflicts(&g).is_empty(), "{tall} seed {seed}");
            }
        }
    }

    #[test]
    fn every_intermediate_proper_cube_is_a_latin_square() {
        // Short chains stop at a proper cube too: the moves keep every line summing to 1.
        let shape = Shape::latin(6).unwrap();
        for moves in 0..60 {
            let g = jacobson_matthews_moves(shape, moves, &mut rng_from_seed(moves));
            assert!(g.is_full() && verify::conflicts(&g).is_empty(), "{moves} moves");
        }
    }

    /// Pearson's χ² of `counts` against equal expected counts.
    fn chi_squared(counts: &[u64]) -> f64 {
        let total: u64 = counts.iter().sum();
        let expected = total as f64 / counts.len() as f64;
        counts.iter().map(|&k| (k as f64 - expected).powi(2) / expected).sum()
    }

    /// 2×2 subsquares (r1, r2) × (c1, c2) holding two symbols crosswise.
    fn intercalates(g: &Grid) -> usize {
        let (n, shape) = (g.n(), g.shape());
        let at = |r, c| g.get(shape.cell(r, c));
        let mut count = 0;
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                for c1 in 0..n {
                    for c2 in c1 + 1..n {
                        count += usize::from(at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1));
                    }
                }
            }
        }
        count
    }

    #[test]
    fn the_symbol_in_a_fixed_cell_spreads_evenly() {
        // Uniform squares put each symbol in cell (2, 3) with probability 1/N. Over seeds 0..1200
        // at N = 6 (5 degrees of freedom) χ² stays below 20.5, the 0.1 % critical value; the seeds
        // are fixed, so the test is deterministic.
        let shape = Shape::latin(6).unwrap();
        let mut counts = [0u64; 6];
        for seed in 0..1200 {
            let g = jacobson_matthews(shape, &mut rng_from_seed(seed));
            counts[usize::from(g.get(shape.cell(2, 3))) - 1] += 1;
        }
        assert!(chi_squared(&counts) < 20.5, "symbol counts in cell (2, 3): {counts:?}");
    }

    #[test]
    fn order_4_squares_fall_in_both_isotopy_classes_as_often_as_uniform_sampling_says() {
        // Of the 576 Latin squares of order 4, 432 are isotopic to the cyclic group's table (4
        // intercalates) and 144 to the Klein group's (12). The shuffled cyclic start is always in
        // the first class, so only the chain's moves can reach the second, and a uniform sampler
        // lands there a quarter of the time: χ² with 1 degree of freedom below 10.83 (0.1 %).
        let shape = Shape::latin(4).unwrap();
        let mut klein = 0u64;
        let draws = 1200;
        for seed in 0..draws {
            let g = jacobson_matthews(shape, &mut rng_from_seed(seed));
            match intercalates(&g) {
                12 => klein += 1,
                4 => {}
                other => panic!("seed {seed}: {other} intercalates in an order-4 Latin square"),
            }
        }
        let expected = [draws as f64 / 4.0, draws as f64 * 3.0 / 4.0];
        let observed = [klein as f64, (draws - klein) as f64];
        let chi: f64 = observed.iter().zip(expected).map(|(o, e)| (o - e).powi(2) / e).sum();
        assert!(chi < 10.83, "{klein} of {draws} squares in the Klein class (expected {})", expected[0]);
        // With no moves the chain never leaves the start's class.
        assert!((0..50).all(|s| intercalates(&jacobson_matthews_moves(shape, 0, &mut rng_from_seed(s))) == 4));
    }
}
