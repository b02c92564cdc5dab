//! The partial-ordering model (POP) of Sudoku as a backend-agnostic `good_lp` model: `ilp-pop`.
//!
//! Jabrayilov & Mutzel's POP ("New integer linear programming models for the vertex coloring
//! problem", LATIN 2018, arXiv:1706.10191) states a colouring by where each vertex stands in a
//! partial order of vertices and colours instead of by assignment: for cell v and colour k
//! (0-based, digit k + 1),
//!
//! - y\[v\]\[k\] = 1 iff colour(v) > k (the paper's y_{k,v}, "k ≺ v"),
//! - z\[v\]\[k\] = 1 iff colour(v) < k (the paper's z_{v,k}, "v ≺ k"),
//!
//! so the assignment variable of the classical model is the affine form x\[v\]\[k\] =
//! 1 − y\[v\]\[k\] − z\[v\]\[k\], never a column. The paper's POP, for H colours:
//!
//! | paper | row | here |
//! |---|---|---|
//! | objective 1 + Σₖ y_{k,q} | colours used, via a vertex q of largest colour | dropped: N colours are fixed, the objective is 0 (or the `perturb` one) |
//! | z_{v,1} = 0, y_{H,v} = 0 | no colour below the first or above the last | bounds: constants, no column |
//! | y_{k,v} − y_{k+1,v} ≥ 0 | "colour(v) > k + 1 ⇒ colour(v) > k" | **chain** rows |
//! | y_{k,v} + z_{v,k+1} = 1 | "colour(v) > k ⇔ not colour(v) < k + 1" | **link** rows |
//! | y_{k,u} + z_{u,k} + y_{k,v} + z_{v,k} ≥ 1 | x_{u,k} + x_{v,k} ≤ 1 per edge uv and colour k | **edge** rows, over [`ConstraintGraph::edges`] |
//! | y_{k,q} − y_{k,v} ≥ 0 | q has the largest colour | dropped with the objective |
//!
//! (We could not read the paper's equation numbers from a stored copy, so the table names the
//! rows by their text; the model is the one of the authors' code, `vcp_pop`, with z kept as
//! columns as in the paper.) That x ≥ 0 and Σₖ x\[v\]\[k\] = 1 need no rows of their own follows
//! from chain and link: Σₖ x telescopes to 1 − y\[v\]\[N−1\] − z\[v\]\[0\] = 1.
//!
//! The givens are eliminated before building ([`Candidates`]): a given has no columns; an empty
//! cell keeps columns only inside the window \[lo, hi\] of its lowest and highest candidate — below
//! it y = 1 and z = 0 are constants, above it y = 0 and z = 1 — so y\[v\]\[k\] is a column for
//! lo ≤ k < hi and z\[v\]\[k\] for lo < k ≤ hi, 2(hi − lo) in all. A colour inside the window that
//! is no candidate gets the **gap** row y\[v\]\[k\] + z\[v\]\[k\] = 1 (x\[v\]\[k\] = 0). An edge row is
//! written only between two empty cells and for a colour both still have: every other edge row
//! is satisfied by the constants. A cell or a house digit without a candidate, and two peers left
//! with the same single candidate (an edge row without a column), are proofs of infeasibility,
//! given in words instead of a model.
//!
//! On an empty grid: 2N²(N − 1) columns and N²(N − 2) chain + N²(N − 1) link + N·|E| edge rows,
//! |E| = N²(3N − r − c − 1)/2 ([`empty_size`]): 1 296 columns and 8 505 rows for 9×9. Its LP
//! relaxation is as weak as the edge model's (x = 1/N satisfies every row): POP's case in the
//! paper is sparse graphs, where it is smaller than the assignment model, not a stronger bound.
//!
//! **Houses** ([`build`] with `houses`): the strengthening the authors' follow-up ("Strengthened
//! partial-ordering based ILP models for the vertex coloring problem", 2022) proposes in the form
//! of clique rows, Σ_{v ∈ Q} x\[v\]\[k\] ≤ 1 over a clique Q, here over each house and with = 1,
//! since every house holds every digit: Σ_{v} (y\[v\]\[k\] + z\[v\]\[k\]) = m − 1 over the m empty
//! cells of the house that can take k, one row per house and digit it misses. Every edge of the
//! Sudoku graph lies in a house and x ≥ 0 follows from chain and link, so the house rows imply the
//! edge rows, LP relaxation included, and replace them: N²(2N − 3) + 3N² rows on an empty grid.
//! This is not the paper's POP2 row for row; it is the clique strengthening on Sudoku's known
//! cliques, and the solver `ilp-pop` does not use it (export: `--model pop-houses`).
//!
//! Complexity: O(N·|E|) = O(N⁴) time and space (plain), O(N³) (houses).

use good_lp::{variable, Constraint, Expression, ProblemVariables, Variable};

use crate::graph::{digit_of, ConstraintGraph};
use crate::grid::{Grid, Shape};
use crate::solve::candidates::{cell_name, dead_end, Candidates};

/// Which side of colour k a POP column says the cell's colour lies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// y\[v\]\[k\] = 1 iff colour(v) > k.
    Above,
    /// z\[v\]\[k\] = 1 iff colour(v) < k.
    Below,
}

/// What one POP column stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Column {
    /// The cell.
    pub cell: usize,
    /// The colour k (0-based) it compares the cell's colour with.
    pub colour: usize,
    /// y (above) or z (below).
    pub side: Side,
}

impl Column {
    /// Its name in LP and MPS files: `y_r{row}c{col}_{d}` = 1 iff the cell's digit is above d,
    /// `z_r{row}c{col}_{d}` = 1 iff below d (1-based, d = k + 1); `y_r2c3_5` = 1 means r2c3 > 5.
    pub fn name(&self, n: usize) -> String {
        let letter = match self.side {
            Side::Above => 'y',
            Side::Below => 'z',
        };
        format!("{letter}_{}_{}", cell_name(self.cell, n), digit_of(self.colour))
    }
}

/// How a point of a POP model reads as a grid: its columns, and each empty cell's lowest
/// candidate (the colour it takes when none of its y columns is 1).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// What each column (variable, in creation order) stands for.
    pub columns: Vec<Column>,
    /// (cell, lowest candidate colour) per empty cell.
    pub floors: Vec<(usize, usize)>,
}

impl Layout {
    /// The grid `values` (one per column, 0-1 up to tolerance) describe, on top of `grid`: each
    /// empty cell takes colour lo + #{k : y\[v\]\[k\] = 1}, since y\[v\]\[k\] = 1 exactly for k below
    /// its colour (and the y below lo are the constant 1). The z columns are not read: the verifier
    /// judges the grid, so an inconsistent point cannot pass as a solution.
    pub fn decode(&self, mut grid: Grid, values: &[f64]) -> Grid {
        let n = grid.n();
        let mut colour: Vec<usize> = vec![0; n * n];
        for &(cell, lo) in &self.floors {
            colour[cell] = lo;
        }
        for (column, _) in self.columns.iter().zip(values).filter(|(c, &v)| c.side == Side::Above && v > 0.5) {
            colour[column.cell] += 1;
        }
        for &(cell, _) in &self.floors {
            grid.set(cell, digit_of(colour[cell].min(n - 1)));
        }
        grid
    }
}

/// The POP model's parts, ready for any `good_lp` backend.
pub struct PopModel {
    /// The binaries.
    pub vars: ProblemVariables,
    /// The rows.
    pub constraints: Vec<Constraint>,
    /// The variables, in column order.
    pub variables: Vec<Variable>,
    /// What the columns stand for, and how a point decodes.
    pub layout: Layout,
}

/// Columns and rows of the POP model of an empty grid of `shape`: (columns, rows), plain
/// (`houses` false) or with the house rows instead of the edge rows (see the module doc).
pub fn empty_size(shape: Shape, houses: bool) -> (usize, usize) {
    let (n, r, c) = (shape.n(), shape.box_rows(), shape.box_cols());
    let cells = n * n;
    let edges = cells * (3 * n - r - c - 1) / 2;
    let order = cells * (n.saturating_sub(2) + n - 1);
    let last = if houses { 3 * n * n } else { n * edges };
    (2 * cells * (n - 1), order + last)
}

/// The POP model of `puzzle` (with the house rows instead of the edge rows when `houses`), or why
/// it has no solution.
pub fn build(puzzle: &Grid, houses: bool) -> Result<PopModel, String> {
    let n = puzzle.n();
    let graph = ConstraintGraph::shared(puzzle.shape());
    let cands = Candidates::new(puzzle, &graph);
    if let Some(dead) = dead_end(puzzle, &graph, &cands) {
        return Err(dead.describe(n));
    }
    let empty = |cell: usize| puzzle.get(cell) == 0;
    let window = |cell: usize| {
        let set = cands.cells[cell];
        (set.trailing_zeros() as usize, 63 - set.leading_zeros() as usize)
    };
    let mut vars = ProblemVariables::new();
    // y[cell·N + k] and z[cell·N + k]: a column inside the cell's window, `None` where constant.
    let (mut y, mut z): (Vec<Option<Variable>>, Vec<Option<Variable>>) = (vec![None; n * n * n], vec![None; n * n * n]);
    let mut layout = Layout::default();
    let mut variables = Vec::new();
    for cell in (0..n * n).filter(|&c| empty(c)) {
        let (lo, hi) = window(cell);
        layout.floors.push((cell, lo));
        let mut add = |colour: usize, side: Side| {
            let v = vars.add(variable().binary());
            layout.columns.push(Column { cell, colour, side });
            variables.push(v);
            Some(v)
        };
        for k in lo..hi {
            y[cell * n + k] = add(k, Side::Above);
        }
        for k in lo + 1..=hi {
            z[cell * n + k] = add(k, Side::Below);
        }
    }
    let sum = |terms: &[Option<Variable>]| {
        let mut e = Expression::with_capacity(terms.len());
        for v in terms.iter().flatten() {
            e.add_mul(1, *v);
        }
        e
    };
    let at = |cell: usize, k: usize| [y[cell * n + k], z[cell * n + k]];
    let mut constraints = Vec::new();
    for &(cell, lo) in &layout.floors {
        let hi = window(cell).1;
        for k in lo..hi.saturating_sub(1) {
            // chain: y[v][k] − y[v][k+1] ≥ 0
            let mut e = sum(&[y[cell * n + k]]);
            e.add_mul(-1, y[cell * n + k + 1].expect("k + 1 < hi: a column"));
            constraints.push(e.geq(0));
        }
        for k in lo..hi {
            // link: y[v][k] + z[v][k+1] = 1
            constraints.push(sum(&[y[cell * n + k], z[cell * n + k + 1]]).eq(1));
        }
        for k in (lo + 1..hi).filter(|&k| cands.cells[cell] & 1 << k == 0) {
            // gap: x[v][k] = 0, i.e. y[v][k] + z[v][k] = 1
            constraints.push(sum(&at(cell, k)).eq(1));
        }
    }
    let clash = |u: usize, v: usize, k: usize| {
        format!(
            "cells {} and {} are peers and both can only take digit {} once the givens are eliminated",
            cell_name(u, n),
            cell_name(v, n),
            digit_of(k)
        )
    };
    if houses {
        for (house, (_, cells)) in graph.houses().iter().enumerate() {
            for k in cands.missing(house, n) {
                let able: Vec<usize> =
                    cells.iter().copied().filter(|&c| empty(c) && cands.cells[c] & 1 << k != 0).collect();
                let terms: Vec<Option<Variable>> = able.iter().flat_map(|&c| at(c, k)).collect();
                if terms.iter().all(Option::is_none) {
                    // Every cell of `able` is fixed to k (dead_end ruled out none at all).
                    if let [u, v, ..] = able[..] {
                        return Err(clash(u, v, k));
                    }
                    continue;
                }
                // Σ x = 1 over the house: Σ (y + z) = m − 1.
                constraints.push(sum(&terms).eq(able.len() as f64 - 1.0));
            }
        }
    } else {
        for (u, v) in graph.edges().filter(|&(u, v)| empty(u) && empty(v)) {
            let common = cands.cells[u] & cands.cells[v];
            for k in (0..n).filter(|&k| common & 1 << k != 0) {
                let terms = [at(u, k), at(v, k)].concat();
                if terms.iter().all(Option::is_none) {
                    return Err(clash(u, v, k));
                }
                // edge: y[u][k] + z[u][k] + y[v][k] + z[v][k] ≥ 1, i.e. x[u][k] + x[v][k] ≤ 1
                constraints.push(sum(&terms).geq(1));
            }
        }
    }
    Ok(PopModel { vars, constraints, variables, layout })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(r: usize, c: usize) -> Shape {
        Shape::new(r, c).expect("a valid shape")
    }

    fn size(puzzle: &Grid, houses: bool) -> (usize, usize) {
        let model = build(puzzle, houses).expect("a model");
        (model.layout.columns.len(), model.constraints.len())
    }

    #[test]
    fn an_empty_grid_has_the_stated_size() {
        // 4×4: 2·16·3 = 96 columns; 16·2 chain + 16·3 link + 4·56 edge = 304 rows.
        assert_eq!(empty_size(shape(2, 2), false), (96, 304));
        // 9×9: 2·81·8 = 1 296 columns; 81·7 + 81·8 + 9·810 = 8 505 rows.
        assert_eq!(empty_size(shape(3, 3), false), (1296, 8505));
        assert_eq!(empty_size(shape(3, 3), true), (1296, 81 * 15 + 243));
        for (r, c) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
            for houses in [false, true] {
                let s = shape(r, c);
                assert_eq!(size(&Grid::empty(s), houses), empty_size(s, houses), "{r}×{c} houses={houses}");
            }
        }
    }

    #[test]
    fn a_given_has_no_columns_and_a_cell_keeps_only_its_window() {
        // 4×4, r1c1 = 1 and r1c4 = 4: r1c2 and r1c3 keep {2, 3}, one y and one z each, no gap.
        let mut puzzle = Grid::empty(shape(2, 2));
        puzzle.set(0, 1);
        puzzle.set(3, 4);
        let model = build(&puzzle, false).expect("a model");
        let of = |cell: usize| model.layout.columns.iter().filter(|c| c.cell == cell).count();
        assert_eq!((of(0), of(3)), (0, 0));
        assert_eq!((of(1), of(2)), (2, 2));
        let names: Vec<String> = model.layout.columns.iter().filter(|c| c.cell == 1).map(|c| c.name(4)).collect();
        assert_eq!(names, ["y_r1c2_2", "z_r1c2_3"]);
    }

    #[test]
    fn a_non_candidate_inside_the_window_gets_a_gap_row() {
        // 4×4 with r1c1 = 2 given: r1c2 keeps {1, 3, 4}, window [0, 3], colour 1 (digit 2) a gap.
        let mut puzzle = Grid::empty(shape(2, 2));
        puzzle.set(0, 2);
        let with = build(&puzzle, false).expect("a model").constraints.len();
        let mut gapless = Grid::empty(shape(2, 2));
        gapless.set(0, 1);
        let without = build(&gapless, false).expect("a model").constraints.len();
        // Digit 1 given: the peers keep {2, 3, 4}, windows shrink and no gap appears; digit 2
        // given: windows stay [0, 3] with a gap row each.
        assert!(with > without, "{with} vs {without}");
    }

    #[test]
    fn decoding_counts_the_y_columns_above_the_floor() {
        let layout = Layout {
            columns: vec![
                Column { cell: 0, colour: 1, side: Side::Above },
                Column { cell: 0, colour: 2, side: Side::Above },
                Column { cell: 0, colour: 2, side: Side::Below },
                Column { cell: 0, colour: 3, side: Side::Below },
            ],
            floors: vec![(0, 1)],
        };
        // y[1] = 1, y[2] = 0: colour 2, digit 3.
        let grid = layout.decode(Grid::empty(shape(2, 2)), &[1.0, 0.0, 0.0, 1.0]);
        assert_eq!(grid.get(0), 3);
    }

    #[test]
    fn two_peers_fixed_to_one_digit_are_a_proof_without_a_model() {
        // 9×9: r1c1 and r1c2 see 6, 7, 8 in row 1, 1 and 2 in box 1, and 3, 4, 5 in their
        // columns, so both can only be 9; no cell or house digit is left without a candidate.
        let text = "...678.....1........2......3........4........5.........3........4........5.......";
        let cells: Vec<u8> = text.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let puzzle = Grid::from_cells(shape(3, 3), cells).expect("a grid");
        match build(&puzzle, false) {
            Err(why) => assert!(why.contains("r1c1") && why.contains("r1c2") && why.contains("digit 9"), "{why}"),
            Ok(_) => panic!("built a model of a clash"),
        }
    }
}
