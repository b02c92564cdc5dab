//! Locked candidates: where a box meets a row or column.
//!
//! For every box/line intersection (the c cells a row shares with a box, or the r cells a column
//! shares with one) and every digit d:
//! - **pointing**: the box's candidates for d all lie in the intersection, so d is in the
//!   intersection, and it leaves the rest of the line;
//! - **claiming** (box/line reduction): the line's candidates for d all lie in the intersection, so
//!   d leaves the rest of the box.
//!
//! Both are one bitset expression per intersection: with `u`, `l`, `b` the unions of the
//! candidates of the shared cells, the rest of the line and the rest of the box, pointing digits
//! are `u & !b & l` and claiming digits `u & !l & b`.
//!
//! Complexity: O(N) per intersection, N²/c + N²/r intersections, so O(N³/min(r, c)) per sweep.

use super::board::{Board, Tables};
use super::Technique;

/// Applies the first locked-candidates elimination found (all its digits at once). Returns the
/// technique used, how many digits it eliminated and the index of the intersection in
/// `t.intersections` (whose shared cells the deduction rests on), or `None` when there is none.
pub(crate) fn locked_candidates(t: &Tables, b: &mut Board) -> Option<(Technique, u32, usize)> {
    let union = |b: &Board, cells: &[u16]| cells.iter().fold(0u64, |acc, &c| acc | b.cand[c as usize]);
    for (at, x) in t.intersections.iter().enumerate() {
        let u = union(b, &x.shared);
        if u == 0 {
            continue;
        }
        let (line, boxed) = (union(b, &x.line_rest), union(b, &x.box_rest));
        let pointing = u & !boxed & line;
        if pointing != 0 {
            b.remove_from(&x.line_rest, pointing);
            return Some((Technique::Pointing, pointing.count_ones(), at));
        }
        let claiming = u & !line & boxed;
        if claiming != 0 {
            b.remove_from(&x.box_rest, claiming);
            return Some((Technique::Claiming, claiming.count_ones(), at));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};

    #[test]
    fn every_row_meets_n_over_c_boxes_and_every_column_n_over_r() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let t = Tables::new(shape);
            let n = shape.n();
            assert_eq!(t.intersections.len(), n * n / c + n * n / r, "{shape}");
            for x in &t.intersections {
                assert_eq!(x.shared.len() + x.line_rest.len(), n);
                assert_eq!(x.shared.len() + x.box_rest.len(), n);
            }
        }
    }

    #[test]
    fn pointing_removes_the_digit_from_the_rest_of_the_row() {
        // 9×9: in box 1, digit 1 can only go in row 1 (rows 2 and 3 of the box are full of other
        // digits), so 1 leaves row 1 outside box 1.
        let shape = Shape::new(3, 3).unwrap();
        let mut cells = vec![0u8; 81];
        cells[9..12].copy_from_slice(&[2, 3, 4]);
        cells[18..21].copy_from_slice(&[5, 6, 7]);
        let puzzle = Grid::from_cells(shape, cells).unwrap();
        let t = Tables::new(shape);
        let mut b = Board::default();
        b.load(&t, &puzzle);
        assert_ne!(b.cand[5] & 1, 0);
        let (technique, _, _) = locked_candidates(&t, &mut b).expect("a pointing pair exists");
        assert_eq!(technique, Technique::Pointing);
        assert_eq!(b.cand[5] & 1, 0, "digit 1 left r1c6");
        assert_ne!(b.cand[0] & 1, 0, "digit 1 stays in the box");
    }
}
