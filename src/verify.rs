//! The oracle: conflicts in a grid, and whether a grid is a complete solution of a puzzle.
//!
//! Every answer any solver returns passes through here before it leaves the solver layer. To stay
//! an independent check it imports nothing but [`crate::grid`] and shares no code with any solver:
//! it walks each house's cells directly and counts digits. Colourings and cliques of any graph
//! have their own oracle, [`colouring`], as independent of the graph solvers.

pub mod colouring;

use std::fmt;

use crate::grid::{Grid, House};

/// Two or more cells of one house holding the same digit.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Conflict {
    /// The house where the digit repeats.
    pub house: House,
    /// The repeated digit.
    pub digit: u8,
    /// The 0-based cells holding it (at least two), in reading order.
    pub cells: Vec<usize>,
    /// Side N of the grid, to name cells as row and column.
    pub n: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "digit {} repeats in {} at", self.digit, self.house)?;
        for (i, c) in self.cells.iter().enumerate() {
            write!(f, "{}r{}c{}", if i == 0 { " " } else { ", " }, c / self.n + 1, c % self.n + 1)?;
        }
        Ok(())
    }
}

/// Why a grid is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Puzzle and grid have different shapes.
    ShapeMismatch,
    /// A cell left empty.
    Empty {
        /// 0-based cell.
        cell: usize,
        /// Side N, to name the cell as row and column.
        n: usize,
    },
    /// A given replaced by another digit.
    GivenChanged {
        /// 0-based cell.
        cell: usize,
        /// Side N, to name the cell as row and column.
        n: usize,
        /// The puzzle's digit.
        given: u8,
        /// The grid's digit.
        found: u8,
    },
    /// A repeated digit in a house.
    Conflict(Conflict),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::ShapeMismatch => write!(f, "the grid's shape differs from the puzzle's"),
            Fault::Empty { cell, n } => write!(f, "r{}c{} is empty", cell / n + 1, cell % n + 1),
            Fault::GivenChanged { cell, n, given, found } => {
                write!(f, "r{}c{} holds {found}, but the puzzle gives {given}", cell / n + 1, cell % n + 1)
            }
            Fault::Conflict(c) => write!(f, "{c}"),
        }
    }
}

/// Every conflict in a grid (empty cells ignored): one entry per house and repeated digit.
///
/// Complexity: O(N²) time — each of the 3N houses is scanned once — and O(N) extra space; a grid
/// without a conflict (the common case: every verified answer) allocates nothing.
pub fn conflicts(grid: &Grid) -> Vec<Conflict> {
    if !has_conflict(grid) {
        return Vec::new();
    }
    let shape = grid.shape();
    let mut found = Vec::new();
    for house in shape.houses() {
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); shape.n() + 1];
        for cell in shape.house_cells(house) {
            let d = grid.get(cell) as usize;
            if d != 0 {
                by_digit[d].push(cell);
            }
        }
        for (digit, cells) in by_digit.into_iter().enumerate() {
            if cells.len() > 1 {
                found.push(Conflict { house, digit: digit as u8, cells, n: shape.n() });
            }
        }
    }
    found
}

/// True when a digit repeats in a row, column or box: one pass over the cells, band by band and
/// box column by box column (no division per cell), with a bitmask of the digits seen per house
/// (N ≤ 64); no allocation.
fn has_conflict(grid: &Grid) -> bool {
    let shape = grid.shape();
    let (n, r, c) = (shape.n(), shape.box_rows(), shape.box_cols());
    let cells = grid.cells();
    let (mut rows, mut cols, mut boxes) = ([0u64; 64], [0u64; 64], [0u64; 64]);
    for row in 0..n {
        let band = row / r * (n / c);
        for stack in 0..n / c {
            let b = band + stack;
            for col in stack * c..(stack + 1) * c {
                let digit = cells[row * n + col];
                if digit == 0 {
                    continue;
                }
                let bit = 1u64 << (digit - 1);
                if (rows[row] | cols[col] | boxes[b]) & bit != 0 {
                    return true;
                }
                rows[row] |= bit;
                cols[col] |= bit;
                boxes[b] |= bit;
            }
        }
    }
    false
}

/// Every reason `grid` is not a complete solution of `puzzle` (empty when it is one).
pub fn solution_faults(puzzle: &Grid, grid: &Grid) -> Vec<Fault> {
    if puzzle.shape() != grid.shape() {
        return vec![Fault::ShapeMismatch];
    }
    let mut faults = Vec::new();
    for cell in 0..grid.cells().len() {
        let (given, found) = (puzzle.get(cell), grid.get(cell));
        if found == 0 {
            faults.push(Fault::Empty { cell, n: puzzle.n() });
        } else if given != 0 && given != found {
            faults.push(Fault::GivenChanged { cell, n: puzzle.n(), given, found });
        }
    }
    faults.extend(conflicts(grid).into_iter().map(Fault::Conflict));
    faults
}

/// True when `grid` is full, keeps every given of `puzzle` and has no conflict.
pub fn is_solution_of(puzzle: &Grid, grid: &Grid) -> bool {
    solution_faults(puzzle, grid).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{HouseKind, Shape};

    fn grid(text: &str, r: usize, c: usize) -> Grid {
        let cells = text.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        Grid::from_cells(Shape::new(r, c).unwrap(), cells).unwrap()
    }

    #[test]
    fn the_quick_conflict_check_agrees_with_the_full_one() {
        use crate::generate::{planted, random_fill, rng_from_seed};
        for (r, c) in [(1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (4, 4), (8, 8)] {
            let shape = Shape::new(r, c).unwrap();
            for seed in 0..20 {
                let mut rng = rng_from_seed(seed);
                let fine = planted(shape, 0.5, &mut rng).solution;
                assert!(!has_conflict(&fine) && conflicts(&fine).is_empty(), "{shape} seed {seed}");
                let mut cells = random_fill(shape, 0.6, &mut rng).cells().to_vec();
                // A second copy of some digit in the first row (when the row has room).
                if let (Some(a), Some(b)) =
                    (cells[..r * c].iter().position(|&d| d != 0), cells[..r * c].iter().position(|&d| d == 0))
                {
                    cells[b] = cells[a];
                    let clash = Grid::from_cells(shape, cells).unwrap();
                    assert!(has_conflict(&clash) && !conflicts(&clash).is_empty(), "{shape} seed {seed}");
                }
            }
        }
    }

    #[test]
    fn a_latin_but_not_sudoku_grid_has_box_conflicts_only() {
        // Rows and columns are permutations, but the top-left box holds 1 and 2 twice.
        let g = grid("1234234134124123", 2, 2);
        let found = conflicts(&g);
        assert!(!found.is_empty());
        assert!(found.iter().all(|c| c.house.kind == HouseKind::Box));
        assert_eq!(found[0].cells, vec![1, 4]);
    }

    #[test]
    fn a_solution_must_keep_the_givens() {
        let solution = grid("1234341221434321", 2, 2);
        assert!(conflicts(&solution).is_empty());
        let puzzle = grid("1...............", 2, 2);
        assert!(is_solution_of(&puzzle, &solution));
        let other = grid("2...............", 2, 2);
        assert_eq!(solution_faults(&other, &solution), vec![Fault::GivenChanged { cell: 0, n: 4, given: 2, found: 1 }]);
        assert!(!is_solution_of(&puzzle, &puzzle));
    }
}
