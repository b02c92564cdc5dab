//! X-wing, the smallest fish.
//!
//! For a digit d: if two rows each have exactly two candidate places for d, in the same two
//! columns, then d sits at opposite corners of that rectangle, one per row and one per column; so
//! d leaves every other cell of those two columns. The same holds with rows and columns swapped.
//!
//! For each digit the rows' places are a bitset of columns (and the columns' a bitset of rows),
//! built in one pass over the grid. Complexity: O(N² · candidates) to build, then O(N²) pairs of
//! lines per digit, so O(N³) per sweep.

use super::board::{Board, Tables};

/// Applies the first X-wing found (rows as base sets first, then columns); returns how many
/// candidates it eliminated and the rectangle's four corner cells.
pub(crate) fn x_wing(t: &Tables, b: &mut Board) -> Option<(u32, [usize; 4])> {
    let mut lines = std::mem::take(&mut b.scratch.lines);
    let result = x_wing_with(t, b, &mut lines);
    b.scratch.lines = lines;
    result
}

fn x_wing_with(t: &Tables, b: &mut Board, lines: &mut Vec<u64>) -> Option<(u32, [usize; 4])> {
    let n = t.n;
    // by_row[d * n + r] = columns of row r where digit d is a candidate; by_col likewise.
    lines.clear();
    lines.resize(2 * n * n, 0);
    let (by_row, by_col) = lines.split_at_mut(n * n);
    for (cell, &cand) in b.cand.iter().enumerate() {
        let (r, c) = (cell / n, cell % n);
        let mut m = cand;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            by_row[d * n + r] |= 1u64 << c;
            by_col[d * n + c] |= 1u64 << r;
            m &= m - 1;
        }
    }
    for rows_are_base in [true, false] {
        let base: &[u64] = if rows_are_base { by_row } else { by_col };
        for d in 0..n {
            let places = &base[d * n..(d + 1) * n];
            for i in 0..n {
                if places[i].count_ones() != 2 {
                    continue;
                }
                for j in i + 1..n {
                    if places[j] != places[i] {
                        continue;
                    }
                    // Cover lines: the two crossing lines, minus the two base lines.
                    let mut removed = 0;
                    let mut cover = places[i];
                    while cover != 0 {
                        let x = cover.trailing_zeros() as usize;
                        cover &= cover - 1;
                        for y in (0..n).filter(|&y| y != i && y != j) {
                            let cell = if rows_are_base { y * n + x } else { x * n + y };
                            if b.remove(cell, 1u64 << d) {
                                removed += 1;
                            }
                        }
                    }
                    if removed > 0 {
                        let (x0, x1) = (places[i].trailing_zeros() as usize, 63 - places[i].leading_zeros() as usize);
                        let at = |base: usize, x: usize| if rows_are_base { base * n + x } else { x * n + base };
                        return Some((removed, [at(i, x0), at(i, x1), at(j, x0), at(j, x1)]));
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};

    #[test]
    fn an_x_wing_on_rows_clears_its_columns() {
        // 4×4, digit 1 restricted by hand to columns 1 and 3 in rows 1 and 3 (r1c1, r1c3, r3c1,
        // r3c3): it must leave r2c1, r2c3, r4c1 and r4c3.
        let shape = Shape::new(2, 2).unwrap();
        let t = Tables::new(shape);
        let mut b = Board::default();
        b.load(&t, &Grid::empty(shape));
        for cell in [1, 3, 9, 11] {
            b.remove(cell, 1);
        }
        let (removed, corners) = x_wing(&t, &mut b).expect("an X-wing exists");
        assert_eq!(removed, 4);
        assert_eq!(corners, [0, 2, 8, 10]);
        for cell in [4, 6, 12, 14] {
            assert_eq!(b.cand[cell] & 1, 0, "cell {cell}");
        }
        assert_ne!(b.cand[0] & 1, 0);
    }
}
