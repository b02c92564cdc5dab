//! The Sudoku model: box shapes, houses and grids of digits.
//!
//! This module owns the vocabulary every other module uses: a [`Shape`] is a box of r rows × c
//! columns and fixes the side N = r·c; a [`Grid`] holds N² cells, each empty (0) or a digit 1..=N;
//! a [`House`] is a row, a column or a box. Nothing here knows how to solve anything.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Largest supported side N (digits fit a `u64` bitset).
pub const MAX_N: usize = 64;

/// Why a box shape or size was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// The side is outside 1..=64.
    #[error("side {n} is out of range: N = rows × cols must be between 1 and {MAX_N}")]
    OutOfRange {
        /// The offending side.
        n: usize,
    },
    /// A box whose sides are zero or whose side N = rows × cols is above 64 (or overflows).
    #[error("box {rows}x{cols} is out of range: N = rows × cols must be between 1 and {MAX_N}")]
    BoxOutOfRange {
        /// Rows of the box asked for.
        rows: usize,
        /// Columns of the box asked for.
        cols: usize,
    },
    /// N is prime (or otherwise has no box with both sides above 1); `--box` must be given.
    #[error("size {n} has no sensible box shape (N is prime); give one explicitly with --box RxC, e.g. --box 1x{n}")]
    NoBox {
        /// The offending side.
        n: usize,
    },
    /// A `RxC` string that does not parse.
    #[error("'{text}' is not a box shape: expected ROWSxCOLS, e.g. 3x3 or 2x3")]
    Syntax {
        /// The text given.
        text: String,
    },
    /// A grid's cell count is not N² for an integer N.
    #[error("{cells} cells is not a square number, so it is no N×N grid")]
    NotSquare {
        /// The number of cells found.
        cells: usize,
    },
}

/// Box shape r×c: boxes of `box_rows` rows and `box_cols` columns; the grid side is N = r·c.
///
/// Every shape goes through [`Shape::new`], deserialized ones included, so N is always in 1..=64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "RawShape")]
pub struct Shape {
    box_rows: usize,
    box_cols: usize,
}

/// A shape as written in JSON (a saved game), before [`Shape::new`] has checked it.
#[derive(Deserialize)]
struct RawShape {
    box_rows: usize,
    box_cols: usize,
}

impl TryFrom<RawShape> for Shape {
    type Error = ShapeError;

    fn try_from(raw: RawShape) -> Result<Shape, ShapeError> {
        Shape::new(raw.box_rows, raw.box_cols)
    }
}

/// Kind of a house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HouseKind {
    /// A row of N cells.
    Row,
    /// A column of N cells.
    Column,
    /// A box of r×c cells.
    Box,
}

/// A house: a row, column or box, with its 0-based index (boxes numbered row-major).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct House {
    /// Row, column or box.
    pub kind: HouseKind,
    /// 0-based index among houses of its kind.
    pub index: usize,
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        };
        write!(f, "{kind} {}", self.index + 1)
    }
}

impl Shape {
    /// A shape with boxes of `box_rows` × `box_cols`; N = box_rows·box_cols must be in 1..=64.
    /// The one constructor: every reader, option, config and save file builds its shapes here.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        match box_rows.checked_mul(box_cols) {
            Some(n) if (1..=MAX_N).contains(&n) => Ok(Shape { box_rows, box_cols }),
            _ => Err(ShapeError::BoxOutOfRange { rows: box_rows, cols: box_cols }),
        }
    }

    /// The default shape for side N: square boxes when N is a square, otherwise r = the largest
    /// divisor of N not above √N (6 → 2×3, 12 → 3×4). Prime N (no box with both sides > 1) is refused.
    pub fn for_size(n: usize) -> Result<Shape, ShapeError> {
        if n == 0 || n > MAX_N {
            return Err(ShapeError::OutOfRange { n });
        }
        if n == 1 {
            return Shape::new(1, 1);
        }
        let r = (1..=n).take_while(|r| r * r <= n).filter(|r| n.is_multiple_of(*r)).max().unwrap_or(1);
        if r == 1 {
            return Err(ShapeError::NoBox { n });
        }
        Shape::new(r, n / r)
    }

    /// The default shape of a grid with `cells` cells (N² = cells).
    pub fn for_cells(cells: usize) -> Result<Shape, ShapeError> {
        let n = (cells as f64).sqrt().round() as usize;
        if n.checked_mul(n) != Some(cells) {
            return Err(ShapeError::NotSquare { cells });
        }
        Shape::for_size(n)
    }

    /// The Latin square of order N: 1×N boxes, so the boxes are the rows and only rows and columns
    /// constrain it (N in 1..=64).
    pub fn latin(order: usize) -> Result<Shape, ShapeError> {
        Shape::new(1, order)
    }

    /// True for a Latin-square shape: 1×N or N×1 boxes, each box a row or a column, so the
    /// constraint graph is the rook's graph (N² cells, N²(N − 1) edges). 1×1 counts as both.
    pub fn is_latin(&self) -> bool {
        self.box_rows == 1 || self.box_cols == 1
    }

    /// The family and size in words: "Latin square of order 33" or "Sudoku 9×9 (3x3 boxes)".
    pub fn family(&self) -> String {
        if self.is_latin() {
            format!("Latin square of order {}", self.n())
        } else {
            format!("Sudoku {n}×{n} ({self} boxes)", n = self.n())
        }
    }

    /// Rows of one box (r).
    pub fn box_rows(&self) -> usize {
        self.box_rows
    }

    /// Columns of one box (c).
    pub fn box_cols(&self) -> usize {
        self.box_cols
    }

    /// Side N = r·c: the number of digits, rows, columns and boxes.
    pub fn n(&self) -> usize {
        self.box_rows * self.box_cols
    }

    /// Number of cells, N².
    pub fn cells(&self) -> usize {
        self.n() * self.n()
    }

    /// Row of a cell index (cell = row·N + col).
    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.n()
    }

    /// Column of a cell index.
    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.n()
    }

    /// Box of a cell index, boxes numbered row-major (N / c boxes per band).
    pub fn box_of(&self, cell: usize) -> usize {
        let (row, col) = (self.row_of(cell), self.col_of(cell));
        (row / self.box_rows) * (self.n() / self.box_cols) + col / self.box_cols
    }

    /// Cell index of (row, col).
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.n() + col
    }

    /// All 3N houses: rows, then columns, then boxes.
    pub fn houses(&self) -> Vec<House> {
        [HouseKind::Row, HouseKind::Column, HouseKind::Box]
            .into_iter()
            .flat_map(|kind| (0..self.n()).map(move |index| House { kind, index }))
            .collect()
    }

    /// The N cells of a house, in reading order.
    pub fn house_cells(&self, house: House) -> Vec<usize> {
        let n = self.n();
        match house.kind {
            HouseKind::Row => (0..n).map(|c| self.cell(house.index, c)).collect(),
            HouseKind::Column => (0..n).map(|r| self.cell(r, house.index)).collect(),
            HouseKind::Box => {
                let boxes_per_band = n / self.box_cols;
                let top = (house.index / boxes_per_band) * self.box_rows;
                let left = (house.index % boxes_per_band) * self.box_cols;
                (0..self.box_rows).flat_map(|dr| (0..self.box_cols).map(move |dc| (top + dr) * n + left + dc)).collect()
            }
        }
    }

    /// The three houses containing a cell: its row, column and box.
    pub fn houses_of(&self, cell: usize) -> [House; 3] {
        [
            House { kind: HouseKind::Row, index: self.row_of(cell) },
            House { kind: HouseKind::Column, index: self.col_of(cell) },
            House { kind: HouseKind::Box, index: self.box_of(cell) },
        ]
    }

    /// Number of peers of every cell: 3N − r − c − 1.
    pub fn peer_count(&self) -> usize {
        3 * self.n() - self.box_rows - self.box_cols - 1
    }

    /// The peers of a cell (cells sharing a row, column or box), sorted, without the cell itself.
    pub fn peers(&self, cell: usize) -> Vec<usize> {
        let mut peers: Vec<usize> =
            self.houses_of(cell).into_iter().flat_map(|h| self.house_cells(h)).filter(|&p| p != cell).collect();
        peers.sort_unstable();
        peers.dedup();
        peers
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Parses `RxC` (also `R×C` or `R*C`).
    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax { text: text.to_string() };
        let (r, c) = text.trim().split_once(['x', 'X', '×', '*']).ok_or_else(syntax)?;
        let r: usize = r.trim().parse().map_err(|_| syntax())?;
        let c: usize = c.trim().parse().map_err(|_| syntax())?;
        Shape::new(r, c)
    }
}

/// A Sudoku grid: N² cells in row-major order, 0 for empty, 1..=N for a digit.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Why a vector of cells is not a grid of a given shape.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// Wrong number of cells.
    #[error("expected {expected} cells for a {shape} grid, found {found}")]
    CellCount {
        /// The shape asked for.
        shape: Shape,
        /// N².
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A value above N.
    #[error("cell {cell} holds {value}, but digits of a {n}×{n} grid are 1..={n}")]
    Value {
        /// 0-based cell index.
        cell: usize,
        /// The value found.
        value: usize,
        /// N.
        n: usize,
    },
}

impl Grid {
    /// An empty grid of a shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid { shape, cells: vec![0; shape.cells()] }
    }

    /// A grid from row-major cell values (0 = empty); checks the count and that values are ≤ N.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        if cells.len() != shape.cells() {
            return Err(GridError::CellCount { shape, expected: shape.cells(), found: cells.len() });
        }
        // The largest value first (a loop the compiler vectorises); the cell only on an error.
        if cells.iter().fold(0, |m, &v| m.max(v)) as usize > shape.n() {
            let (cell, &v) = cells.iter().enumerate().find(|(_, &v)| v as usize > shape.n()).expect("a value above N");
            return Err(GridError::Value { cell, value: v as usize, n: shape.n() });
        }
        Ok(Grid { shape, cells })
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Side N.
    pub fn n(&self) -> usize {
        self.shape.n()
    }

    /// The row-major cells (0 = empty).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Value of a cell (0 = empty).
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell (0 clears it). Panics if the value exceeds N: callers hold digits of this shape.
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(value as usize <= self.n(), "digit {value} exceeds N = {}", self.n());
        self.cells[cell] = value;
    }

    /// Number of givens (non-empty cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Fill fraction α: givens / N².
    pub fn fill_fraction(&self) -> f64 {
        self.givens() as f64 / self.shape.cells() as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_box_whose_side_overflows_or_exceeds_64_is_refused() {
        // 2^32 × 2^32 wraps to 0 and (2^63 + 1) × 2 wraps to 2 in unchecked arithmetic.
        let bad =
            [(1usize << 32, 1usize << 32), ((1usize << 63) + 1, 2), (usize::MAX, usize::MAX), (0, 3), (3, 0), (8, 9)];
        for (rows, cols) in bad {
            assert_eq!(Shape::new(rows, cols), Err(ShapeError::BoxOutOfRange { rows, cols }), "{rows}x{cols}");
        }
        assert!("4294967296x4294967296".parse::<Shape>().is_err());
        assert!("9223372036854775809x2".parse::<Shape>().is_err());
        assert_eq!(Shape::for_cells(usize::MAX), Err(ShapeError::NotSquare { cells: usize::MAX }));
    }

    #[test]
    fn cells_above_n_are_refused_naming_the_first_such_cell() {
        let shape = Shape::new(2, 2).unwrap();
        let mut cells = vec![0u8; 16];
        cells[3] = 4;
        assert!(Grid::from_cells(shape, cells.clone()).is_ok(), "4 is a digit of a 4×4 grid");
        cells[9] = 5;
        cells[12] = 7;
        let err = Grid::from_cells(shape, cells).unwrap_err();
        assert!(matches!(err, GridError::Value { cell: 9, value: 5, n: 4 }), "{err}");
    }

    #[test]
    fn a_deserialized_shape_goes_through_the_checked_constructor() {
        let read = |json: &str| serde_json::from_str::<Shape>(json);
        assert_eq!(read(r#"{"box_rows":2,"box_cols":3}"#).unwrap(), Shape::new(2, 3).unwrap());
        for json in [
            r#"{"box_rows":0,"box_cols":0}"#,
            r#"{"box_rows":4294967296,"box_cols":4294967296}"#,
            r#"{"box_rows":9223372036854775809,"box_cols":2}"#,
        ] {
            assert!(read(json).is_err(), "{json}");
        }
        let shape = Shape::new(3, 2).unwrap();
        assert_eq!(read(&serde_json::to_string(&shape).unwrap()).unwrap(), shape, "round trip");
    }

    proptest! {
        #[test]
        fn any_two_numbers_make_a_shape_exactly_when_their_product_is_1_to_64(
            rows in prop_oneof![0usize..=70, any::<usize>()],
            cols in prop_oneof![0usize..=70, any::<usize>()],
        ) {
            let product = rows as u128 * cols as u128;
            match Shape::new(rows, cols) {
                Ok(shape) => {
                    prop_assert!((1..=MAX_N as u128).contains(&product));
                    prop_assert_eq!(shape.n() as u128, product);
                    prop_assert_eq!(shape.cells() as u128, product * product);
                    prop_assert_eq!(Grid::empty(shape).cells().len() as u128, product * product);
                }
                Err(e) => {
                    prop_assert!(!(1..=MAX_N as u128).contains(&product));
                    prop_assert_eq!(e, ShapeError::BoxOutOfRange { rows, cols });
                }
            }
        }

        #[test]
        fn any_text_parses_to_a_valid_shape_or_an_error(text in ".{0,40}", rows in any::<usize>(), cols in any::<usize>()) {
            for text in [text, format!("{rows}x{cols}")] {
                if let Ok(shape) = text.parse::<Shape>() {
                    prop_assert!((1..=MAX_N).contains(&shape.n()), "{}", text);
                }
            }
        }
    }

    #[test]
    fn default_shapes_follow_the_largest_divisor_rule() {
        let expect = [(4, 2, 2), (6, 2, 3), (8, 2, 4), (9, 3, 3), (12, 3, 4), (16, 4, 4), (64, 8, 8)];
        for (n, r, c) in expect {
            assert_eq!(Shape::for_size(n).unwrap(), Shape::new(r, c).unwrap(), "N = {n}");
        }
        assert_eq!(Shape::for_size(7), Err(ShapeError::NoBox { n: 7 }));
        assert!(Shape::for_size(65).is_err());
        assert_eq!("2x3".parse::<Shape>().unwrap(), Shape::new(2, 3).unwrap());
        assert!("3by3".parse::<Shape>().is_err());
    }

    #[test]
    fn every_cell_has_3n_minus_r_minus_c_minus_1_peers() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 4)] {
            let shape = Shape::new(r, c).unwrap();
            for cell in 0..shape.cells() {
                assert_eq!(shape.peers(cell).len(), shape.peer_count(), "{shape} cell {cell}");
            }
        }
        assert_eq!(Shape::new(3, 3).unwrap().peer_count(), 20);
    }

    #[test]
    fn each_cell_lies_in_exactly_one_house_of_each_kind() {
        for (r, c) in [(2, 3), (3, 2), (3, 3), (2, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let mut seen = vec![0; shape.cells()];
            for house in shape.houses() {
                let cells = shape.house_cells(house);
                assert_eq!(cells.len(), shape.n());
                for cell in cells {
                    seen[cell] += 1;
                    assert!(shape.houses_of(cell).contains(&house));
                }
            }
            assert!(seen.iter().all(|&k| k == 3), "{shape}");
        }
    }
}
