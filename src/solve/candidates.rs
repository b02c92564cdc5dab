//! Givens eliminated up front: the candidates every model that works on undecided cells starts from.
//!
//! `ilp-clique`, `sat` and `sat-minimal` (and `ilp-edge` with `reduce`) build their variables over
//! what is left after each given removes its digit from its peers. This module owns that step and
//! the two immediate proofs of infeasibility it can give: an empty cell with no candidate left, and
//! a house missing a digit that none of its empty cells can take.

use crate::graph::{colour_of, digit_of, ConstraintGraph};
use crate::grid::{Grid, House};

/// Candidate colours per cell and placed colours per house, after eliminating the givens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidates {
    /// Per cell, a bitset of colours (bit k = colour k): a given keeps only its own colour; an
    /// empty cell loses every colour placed in one of its houses.
    pub cells: Vec<u64>,
    /// Per house of [`ConstraintGraph::houses`], the colours already placed in it.
    pub placed: Vec<u64>,
}

impl Candidates {
    /// Eliminates the givens of `puzzle` from their peers.
    ///
    /// Complexity: O(N²) time and space (each of the 3N houses of N cells is scanned twice).
    pub fn new(puzzle: &Grid, graph: &ConstraintGraph) -> Candidates {
        let n = puzzle.n();
        let all: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let placed: Vec<u64> = graph
            .houses()
            .iter()
            .map(|(_, cells)| {
                cells.iter().filter(|&&c| puzzle.get(c) != 0).fold(0, |m, &c| m | 1 << colour_of(puzzle.get(c)))
            })
            .collect();
        let mut cands: Vec<u64> =
            puzzle.cells().iter().map(|&d| if d == 0 { all } else { 1 << colour_of(d) }).collect();
        for ((_, cells), &mask) in graph.houses().iter().zip(&placed) {
            for &c in cells.iter().filter(|&&c| puzzle.get(c) == 0) {
                cands[c] &= !mask;
            }
        }
        Candidates { cells: cands, placed }
    }

    /// The colours house number `house` still misses.
    pub fn missing(&self, house: usize, n: usize) -> impl Iterator<Item = usize> + '_ {
        let done = self.placed[house];
        (0..n).filter(move |&k| done & 1 << k == 0)
    }
}

/// Why a puzzle has no solution, found by eliminating the givens alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dead {
    /// An empty cell whose houses already hold every digit.
    Cell(usize),
    /// A house missing a digit that none of its empty cells can take.
    HouseDigit(House, usize),
}

impl Dead {
    /// The reason in words, naming the cell as `rRcC` and the digit as a digit.
    pub fn describe(&self, n: usize) -> String {
        match *self {
            Dead::Cell(cell) => format!(
                "cell {} has no candidate: its row, column and box already hold all {n} digits",
                cell_name(cell, n)
            ),
            Dead::HouseDigit(house, k) => format!("digit {} has no candidate cell in {house}", digit_of(k)),
        }
    }
}

/// The first dead end of `cands` for `puzzle`, if any: a cell without candidates, else a house
/// digit without a cell.
///
/// Complexity: O(N²).
pub fn dead_end(puzzle: &Grid, graph: &ConstraintGraph, cands: &Candidates) -> Option<Dead> {
    let n = puzzle.n();
    let empty = |cell: &usize| puzzle.get(*cell) == 0;
    if let Some(cell) = (0..cands.cells.len()).filter(empty).find(|&c| cands.cells[c] == 0) {
        return Some(Dead::Cell(cell));
    }
    for ((house, cells), &done) in graph.houses().iter().zip(&cands.placed) {
        let reachable = cells.iter().filter(|c| empty(c)).fold(0, |m, &c| m | cands.cells[c]);
        if let Some(k) = (0..n).find(|&k| (done | reachable) & 1 << k == 0) {
            return Some(Dead::HouseDigit(*house, k));
        }
    }
    None
}

/// Names a cell as `rRcC` (1-based), as the oracle does.
pub fn cell_name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;

    fn grid(text: &str, r: usize, c: usize) -> Grid {
        let cells = text.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        Grid::from_cells(Shape::new(r, c).expect("valid shape"), cells).expect("valid grid")
    }

    #[test]
    fn candidates_remove_placed_digits_from_peers_only() {
        let puzzle = grid("1...............", 2, 2);
        let cands = Candidates::new(&puzzle, &ConstraintGraph::new(puzzle.shape()));
        assert_eq!(cands.cells[0], 0b0001, "a given keeps its own colour");
        assert_eq!(cands.cells[1], 0b1110, "a row peer loses colour 0");
        assert_eq!(cands.cells[5], 0b1110, "a box peer loses colour 0");
        assert_eq!(cands.cells[10], 0b1111, "a non-peer keeps every colour");
        assert_eq!(cands.placed.iter().filter(|&&m| m == 1).count(), 3, "row 1, column 1 and box 1 hold digit 1");
    }

    fn dead(text: &str) -> Option<String> {
        let puzzle = grid(text, 2, 2);
        let graph = ConstraintGraph::new(puzzle.shape());
        dead_end(&puzzle, &graph, &Candidates::new(&puzzle, &graph)).map(|d| d.describe(4))
    }

    #[test]
    fn a_cell_seeing_every_digit_is_a_dead_end() {
        // r1c3 sees 1 and 2 in its row, 3 and 4 in its column.
        let why = dead("12........3...4.");
        assert_eq!(
            why.as_deref(),
            Some("cell r1c3 has no candidate: its row, column and box already hold all 4 digits")
        );
    }

    #[test]
    fn a_digit_without_a_cell_in_a_house_is_a_dead_end() {
        // Row 1 holds 2 and 3; the 1 in r2c3 shuts digit 1 out of r1c3 and r1c4 (same box).
        assert_eq!(dead("23....1.........").as_deref(), Some("digit 1 has no candidate cell in row 1"));
    }

    #[test]
    fn an_open_puzzle_has_no_dead_end() {
        assert_eq!(dead("1..............."), None);
    }
}
