//! Random **isomorphs** of a puzzle: the same puzzle under a symmetry of the Sudoku rules — the
//! digits relabelled; the bands (rows of boxes) permuted and the rows within each band; the stacks
//! (columns of boxes) permuted and the columns within each stack; and, when the boxes are square,
//! the grid transposed half of the time. An isomorph has as many solutions as its puzzle (the map
//! carries each solution to one of the isomorph), needs the same logic, and is as hard for any
//! solver that does not depend on the orientation; a solver that does (every search that breaks
//! ties by position) meets it in another orientation.
//!
//! That is why the field's benchmarks time random isomorphs: tdoku's benchmark builds its dataset
//! by permuting every puzzle so (its option `randomize`, on by default, "to avoid bias and test
//! data dependence when comparing between solvers"); `scripts/bench-sudoku-crate.sh` does the same
//! with [`Isomorph`], through `sudoku-lab isomorphs`, so both programs it compares get the very
//! same puzzles.
//!
//! Complexity: O(N²) to draw and to apply.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::{Grid, Shape};

/// One symmetry of the rules of a shape, applied to any grid of that shape by [`Isomorph::apply`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Isomorph {
    shape: Shape,
    /// `labels[d]` is the new digit of digit d (index 0, the empty cell, stays 0).
    labels: Vec<u8>,
    /// Row r of the image is row `rows[r]` of the (transposed, if so) source.
    rows: Vec<usize>,
    /// Column c of the image is column `cols[c]` of the (transposed, if so) source.
    cols: Vec<usize>,
    /// Whether the source is read transposed (square boxes only).
    transpose: bool,
}

impl Isomorph {
    /// A uniformly random symmetry of `shape`'s rules (among the relabellings, the band, row,
    /// stack and column permutations, and the transposition for square boxes).
    pub fn random(shape: Shape, rng: &mut impl Rng) -> Isomorph {
        let n = shape.n();
        let mut labels: Vec<u8> = (0..=n as u8).collect();
        labels[1..].shuffle(rng);
        // Bands are box_rows rows tall; stacks are box_cols columns wide.
        let rows = grouped_permutation(n, shape.box_rows(), rng);
        let cols = grouped_permutation(n, shape.box_cols(), rng);
        let transpose = shape.box_rows() == shape.box_cols() && rng.random_bool(0.5);
        Isomorph { shape, labels, rows, cols, transpose }
    }

    /// The identity: every grid maps to itself.
    pub fn identity(shape: Shape) -> Isomorph {
        let n = shape.n();
        Isomorph {
            shape,
            labels: (0..=n as u8).collect(),
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            transpose: false,
        }
    }

    /// The image of `grid` (which must have this isomorph's shape): empty cells stay empty.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape(), self.shape, "an isomorph applies to grids of its own shape");
        let n = self.shape.n();
        let mut cells = Vec::with_capacity(n * n);
        for &r in &self.rows {
            for &c in &self.cols {
                let (row, col) = if self.transpose { (c, r) } else { (r, c) };
                cells.push(self.labels[grid.get(self.shape.cell(row, col)) as usize]);
            }
        }
        Grid::from_cells(self.shape, cells).expect("a relabelling keeps digits in 0..=N")
    }
}

/// A random permutation of 0..n that keeps groups of `size` consecutive indices together: the
/// groups are permuted, and the indices within each group.
fn grouped_permutation(n: usize, size: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / size).collect();
    groups.shuffle(rng);
    let mut out = Vec::with_capacity(n);
    for g in groups {
        let mut within: Vec<usize> = (g * size..(g + 1) * size).collect();
        within.shuffle(rng);
        out.extend(within);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{planted, rng_from_seed};
    use crate::solve::search::backtrack::count_solutions;
    use crate::verify::{conflicts, is_solution_of};

    fn shapes() -> Vec<Shape> {
        [(2, 2), (2, 3), (3, 2), (3, 3), (1, 5), (2, 4)].iter().map(|&(r, c)| Shape::new(r, c).unwrap()).collect()
    }

    #[test]
    fn an_isomorph_of_a_solution_solves_the_isomorph_of_its_puzzle() {
        let mut rng = rng_from_seed(3);
        for shape in shapes() {
            for _ in 0..20 {
                let p = planted(shape, 0.4, &mut rng);
                let iso = Isomorph::random(shape, &mut rng);
                let (puzzle, solution) = (iso.apply(&p.puzzle), iso.apply(&p.solution));
                assert!(conflicts(&puzzle).is_empty(), "{shape:?}");
                assert!(solution.is_full());
                assert!(is_solution_of(&puzzle, &solution), "{shape:?}: the image of a solution breaks a rule");
                assert_eq!(puzzle.givens(), p.puzzle.givens());
            }
        }
    }

    #[test]
    fn an_isomorph_keeps_the_number_of_solutions() {
        let mut rng = rng_from_seed(4);
        for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap()] {
            for alpha in [0.2, 0.3, 0.5] {
                let p = planted(shape, alpha, &mut rng);
                let iso = Isomorph::random(shape, &mut rng);
                assert_eq!(count_solutions(&iso.apply(&p.puzzle), 1000).0, count_solutions(&p.puzzle, 1000).0);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_isomorph_and_others_move_the_givens() {
        let shape = Shape::new(3, 3).unwrap();
        let p = planted(shape, 0.3, &mut rng_from_seed(5));
        let a = Isomorph::random(shape, &mut rng_from_seed(9)).apply(&p.puzzle);
        let b = Isomorph::random(shape, &mut rng_from_seed(9)).apply(&p.puzzle);
        assert_eq!(a, b);
        let moved = (10..20).filter(|&s| Isomorph::random(shape, &mut rng_from_seed(s)).apply(&p.puzzle) != p.puzzle);
        assert!(moved.count() >= 9, "nearly every random isomorph differs from the puzzle");
        assert_eq!(Isomorph::identity(shape).apply(&p.puzzle), p.puzzle);
    }

    #[test]
    fn rows_stay_in_their_bands_and_only_square_boxes_transpose() {
        let mut rng = rng_from_seed(6);
        for _ in 0..50 {
            let iso = Isomorph::random(Shape::new(2, 3).unwrap(), &mut rng);
            assert!(!iso.transpose);
            // 2×3 boxes: bands of 2 rows, stacks of 3 columns.
            for pair in iso.rows.chunks(2) {
                assert_eq!(pair[0] / 2, pair[1] / 2);
            }
            for triple in iso.cols.chunks(3) {
                assert!(triple.iter().all(|&c| c / 3 == triple[0] / 3));
            }
        }
        let transposed =
            (0..64).filter(|&s| Isomorph::random(Shape::new(3, 3).unwrap(), &mut rng_from_seed(s)).transpose);
        assert!((16..=48).contains(&transposed.count()), "about half of the 9×9 isomorphs transpose");
    }
}
