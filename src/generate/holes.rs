//! Hole patterns: which cells of a complete solution a planted instance leaves empty.
//!
//! - **uniform**: the round(α·N²) givens are a uniformly random set of cells (the holes too).
//! - **balanced**: every row and every column holds the same number of holes, ± 1 — Kautz, Ruan,
//!   Achlioptas, Gomes, Selman & Stickel (IJCAI-01, "Balance and filtering in structured
//!   satisfiable problems"), whose balanced QWH instances are one to two orders of magnitude
//!   harder than uniform ones at the same size. For Sudoku shapes (both box sides above 1) the
//!   boxes are balanced too: Ansótegui, Béjar, Fernández, Gomes & Mateu's "fully balanced"
//!   pattern (AAAI-06). Only these two variants are made: Latin squares balanced in rows and
//!   columns, Sudoku balanced in rows, columns and boxes (which implies their "singly" and
//!   "doubly" balanced variants, but is not a sample of those wider families).
//!
//! Either way a pattern has exactly N² − round(α·N²) holes, which is round((1 − α)·N²) except
//! when α·N² is exactly half-way between two integers.
//!
//! **How a balanced pattern is drawn.** With h holes, let k = ⌊h / N⌋ and m = h − kN. Take a
//! *pattern grid* — a complete solution of the shape, the canonical one (digit (bc·(r mod br) +
//! ⌊r / br⌋ + c) mod N at row r, column c for br×bc boxes) with its bands, the rows in each band,
//! its stacks and the columns in each stack shuffled — and make a hole of every cell holding one of
//! k random digits, and of m random cells holding one further digit: every digit fills each row,
//! column and box once, so each house gets k or k + 1 holes. Then randomise by **swaps**
//! (Ryser's interchanges): pick two holes (r₁, c₁), (r₂, c₂) at random; when (r₁, c₂) and (r₂, c₁)
//! are givens and the swap keeps the boxes' counts (always, for Latin squares), move the holes
//! there. Every row, column and box keeps its count. For Latin squares the swap chain is
//! connected on the patterns with the same row and column counts (Ryser 1957) and symmetric, so
//! its stationary distribution is uniform on them — the random regular bipartite graph Kautz et
//! al. ask for, with the rows and columns that get k + 1 holes uniformly placed by the shuffles;
//! [`SWAPS_PER_HOLE`]·h swaps are attempted (no mixing bound is known; this is about h·ln h at
//! the sizes of the literature). For Sudoku the box-preserving swaps are not known to connect
//! every fully balanced pattern, so the pattern is random but not proven uniform.
//!
//! Complexity: uniform O(N²); balanced O(N² + h) time (the swaps are O(1) each), O(N²) space.

use rand::seq::index::sample;
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::grid::Shape;

/// Swap attempts per hole when a balanced pattern is randomised (see the module doc).
pub const SWAPS_PER_HOLE: usize = 20;

/// Where a planted instance's holes fall.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Holes {
    /// Uniformly random cells (the default, and the pattern of every instance made before holes
    /// could be chosen).
    #[default]
    Uniform,
    /// The same number of holes in every row and column, ± 1 (and every box, for Sudoku shapes).
    Balanced,
}

impl Holes {
    /// The pattern's name in configs, the CLI and CSV.
    pub fn name(self) -> &'static str {
        match self {
            Holes::Uniform => "uniform",
            Holes::Balanced => "balanced",
        }
    }

    /// Every pattern, in display order.
    pub const ALL: [Holes; 2] = [Holes::Uniform, Holes::Balanced];
}

impl std::fmt::Display for Holes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The cells a planted instance keeps as givens, `keep` of them, the rest holes placed by
/// `holes`; sorted for `Balanced`, in draw order for `Uniform` (as planted instances always drew
/// them, so no existing instance changes).
pub fn givens(shape: Shape, keep: usize, holes: Holes, rng: &mut impl Rng) -> Vec<usize> {
    let cells = shape.cells();
    let keep = keep.min(cells);
    match holes {
        Holes::Uniform => sample(rng, cells, keep).into_vec(),
        Holes::Balanced => {
            let hole = balanced(shape, cells - keep, rng);
            (0..cells).filter(|&c| !hole[c]).collect()
        }
    }
}

/// A balanced pattern of exactly `h` holes (`true` = hole), by cell (see the module doc).
pub fn balanced(shape: Shape, h: usize, rng: &mut impl Rng) -> Vec<bool> {
    let (n, br, bc) = (shape.n(), shape.box_rows(), shape.box_cols());
    let cells = shape.cells();
    let h = h.min(cells);
    // Shuffled bands and stacks, and rows and columns inside them, keep the pattern grid a solution.
    let order = |groups: usize, size: usize, rng: &mut dyn rand::RngCore| -> Vec<usize> {
        let mut outer: Vec<usize> = (0..groups).collect();
        outer.shuffle(rng);
        outer
            .into_iter()
            .flat_map(|g| {
                let mut inner: Vec<usize> = (0..size).map(|i| g * size + i).collect();
                inner.shuffle(rng);
                inner
            })
            .collect()
    };
    let rows = order(n / br, br, rng);
    let cols = order(n / bc, bc, rng);
    let digit = |r: usize, c: usize| (bc * (rows[r] % br) + rows[r] / br + cols[c]) % n;
    let mut digits: Vec<usize> = (0..n).collect();
    digits.shuffle(rng);
    let (k, m) = (h / n, h % n);
    let mut hole = vec![false; cells];
    let mut partial = Vec::with_capacity(n);
    for r in 0..n {
        for c in 0..n {
            let rank = digits.iter().position(|&d| d == digit(r, c)).expect("digits is a permutation");
            if rank < k {
                hole[shape.cell(r, c)] = true;
            } else if rank == k {
                partial.push(shape.cell(r, c));
            }
        }
    }
    for i in sample(rng, partial.len(), m) {
        hole[partial[i]] = true;
    }
    let mut list: Vec<usize> = (0..cells).filter(|&c| hole[c]).collect();
    if list.len() >= 2 {
        for _ in 0..SWAPS_PER_HOLE * list.len() {
            let (i, j) = (rng.random_range(0..list.len()), rng.random_range(0..list.len()));
            let (r1, c1, r2, c2) =
                (shape.row_of(list[i]), shape.col_of(list[i]), shape.row_of(list[j]), shape.col_of(list[j]));
            if r1 == r2 || c1 == c2 {
                continue;
            }
            let (a, b) = (shape.cell(r1, c2), shape.cell(r2, c1));
            let mut before = [shape.box_of(list[i]), shape.box_of(list[j])];
            let mut after = [shape.box_of(a), shape.box_of(b)];
            before.sort_unstable();
            after.sort_unstable();
            if hole[a] || hole[b] || before != after {
                continue;
            }
            hole[list[i]] = false;
            hole[list[j]] = false;
            hole[a] = true;
            hole[b] = true;
            list[i] = a;
            list[j] = b;
        }
    }
    hole
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng_from_seed;

    /// Holes per house of each kind: (rows, columns, boxes).
    fn counts(shape: Shape, hole: &[bool]) -> [Vec<usize>; 3] {
        let mut out = [vec![0; shape.n()], vec![0; shape.n()], vec![0; shape.n()]];
        for cell in (0..shape.cells()).filter(|&c| hole[c]) {
            out[0][shape.row_of(cell)] += 1;
            out[1][shape.col_of(cell)] += 1;
            out[2][shape.box_of(cell)] += 1;
        }
        out
    }

    fn spread(v: &[usize]) -> usize {
        v.iter().max().unwrap() - v.iter().min().unwrap()
    }

    #[test]
    fn balanced_patterns_hold_exactly_h_holes_within_one_per_row_column_and_box() {
        for (r, c) in [(1, 4), (1, 9), (1, 30), (1, 33), (9, 1), (2, 2), (2, 3), (3, 3), (4, 4), (3, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let cells = shape.cells();
            for h in [0, 1, shape.n() - 1, shape.n(), cells / 3, cells / 2 + 1, cells - 1, cells] {
                for seed in 0..4 {
                    let hole = balanced(shape, h, &mut rng_from_seed(seed));
                    assert_eq!(hole.iter().filter(|&&x| x).count(), h, "{shape} h={h}");
                    for (kind, v) in ["row", "column", "box"].iter().zip(counts(shape, &hole)) {
                        assert!(spread(&v) <= 1, "{shape} h={h} seed {seed}: holes per {kind} {v:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn uniform_givens_are_the_draw_planted_instances_always_made() {
        let shape = Shape::new(3, 3).unwrap();
        let old = sample(&mut rng_from_seed(5), 81, 30).into_vec();
        assert_eq!(givens(shape, 30, Holes::Uniform, &mut rng_from_seed(5)), old);
    }

    #[test]
    fn balanced_patterns_differ_by_seed_and_uniform_ones_are_not_balanced() {
        let shape = Shape::latin(12).unwrap();
        let patterns: std::collections::HashSet<Vec<bool>> =
            (0..20).map(|s| balanced(shape, 50, &mut rng_from_seed(s))).collect();
        assert_eq!(patterns.len(), 20);
        // Uniform patterns are not balanced: at this size some row gets 2 more holes than another.
        let uniform: Vec<bool> = {
            let keep = givens(shape, 144 - 50, Holes::Uniform, &mut rng_from_seed(1));
            (0..144).map(|c| !keep.contains(&c)).collect()
        };
        assert!(spread(&counts(shape, &uniform)[0]) > 1);
    }
}
