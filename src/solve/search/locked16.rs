//! Locked candidates of one digit on a 16×16 grid with 4×4 boxes, word by word: the fast sweep of
//! [`crate::solve::search::planes`] for its commonest large shape.
//!
//! A digit's plane is 256 bits, cell 16·row + column, so each 64-bit word holds one band: four
//! rows of 16 cells, i.e. four whole boxes. Where a row meets a box is a nibble of the row's
//! 16-bit lane; where a column meets a box is one bit in each of the four lanes of the band's
//! word. The sweep is the generic one of [`crate::solve::search::planes`] to the letter — the same
//! segments (box by box; in each, its rows, then its columns), in the same order, each judged on
//! the plane as the ones before it left it: where a box and a line meet and the digit has places
//! there, if it has places in exactly one of the rest of the line and the rest of the box, both
//! rests lose it (pointing or claiming). So it leaves exactly the board the generic sweep leaves,
//! and the search, its dead ends included, does not change; only the cost does.
//!
//! Complexity: 128 segments of a few single-word operations each, where the generic sweep does
//! four-word operations on 256-bit masks for each.

/// Bits of one row's lane (16 bits) in a band word, lane 0.
const LANE: u64 = 0xFFFF;
/// Column 0 in all four lanes of a band word.
const COLUMN: u64 = 0x0001_0001_0001_0001;
/// Box 0's cells in a band word (columns 0–3 of every lane).
const BOX: u64 = 0x000F_000F_000F_000F;

/// `plane` (four band words, cell 16·row + column) after one sweep of pointing and claiming.
pub fn sweep(mut p: [u64; 4]) -> [u64; 4] {
    if !fires(p) {
        return p;
    }
    for bx in 0..16 {
        let (k, j) = (bx / 4, bx % 4);
        let in_box = BOX << (4 * j);
        if p[k] & in_box == 0 {
            continue;
        }
        for lane in 0..4 {
            let row = LANE << (16 * lane);
            let seg = row & in_box;
            if p[k] & seg == 0 {
                continue;
            }
            let line_rest = row & !in_box;
            let box_rest = in_box & !row;
            if (p[k] & line_rest == 0) != (p[k] & box_rest == 0) {
                p[k] &= !(line_rest | box_rest);
            }
        }
        for c in 4 * j..4 * j + 4 {
            let column = COLUMN << c;
            if p[k] & column == 0 {
                continue;
            }
            let box_rest = in_box & !column;
            let elsewhere = (0..4).filter(|&o| o != k).any(|o| p[o] & column != 0);
            if elsewhere != (p[k] & box_rest != 0) {
                for (o, w) in p.iter_mut().enumerate() {
                    *w &= !if o == k { box_rest } else { column };
                }
            }
        }
    }
    p
}

/// Whether any segment's rule holds on `p` itself: if none does, the sweep (which judges each
/// segment on the plane the ones before it left) changes nothing. All segments at once, without
/// branches; most planes of a sparse grid pass here.
fn fires(p: [u64; 4]) -> bool {
    /// The low bit of each nibble.
    const NIBBLES: u64 = 0x1111_1111_1111_1111;
    /// Per nibble of `x`, at its low bit: whether two or more of its bits are set.
    fn two_or_more(x: u64) -> u64 {
        let (a, b, c, d) = (x, x >> 1, x >> 2, x >> 3);
        ((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) & NIBBLES
    }
    let mut any = 0;
    // Rows and boxes: a flag per row segment, at its nibble's low bit (bit 16·lane + 4·box).
    for w in p {
        let flags = (w | w >> 1 | w >> 2 | w >> 3) & NIBBLES;
        let rows_with_more = (0..4).fold(0, |m, lane| {
            let l = flags >> (16 * lane) & 0x1111;
            m | (u64::from(l & l.wrapping_sub(1) != 0) * (0x1111 << (16 * lane)))
        });
        // Per box, how many of its rows have the digit (0–4, in the box's nibble of lane 0).
        let rows_per_box = (0..4).map(|lane| flags >> (16 * lane) & 0x1111).sum::<u64>();
        let boxes_with_more = ((rows_per_box >> 1 | rows_per_box >> 2) & 0x1111) * 0x0001_0001_0001_0001;
        any |= flags & (rows_with_more ^ boxes_with_more);
    }
    // Columns and boxes: a flag per column and band.
    let g = p.map(|w| (w | w >> 16 | w >> 32 | w >> 48) & 0xFFFF);
    let in_two_bands = (g[0] & g[1]) | (g[0] & g[2]) | (g[0] & g[3]) | (g[1] & g[2]) | (g[1] & g[3]) | (g[2] & g[3]);
    for gk in g {
        let box_has_more = two_or_more(gk) * 0xF;
        any |= gk & (in_two_bands ^ box_has_more);
    }
    any != 0
}

#[cfg(test)]
mod tests {
    use rand::Rng;

    use super::*;
    use crate::generate::rng_from_seed;
    use crate::grid::Shape;

    /// The plane holding `cells`.
    fn plane_of(cells: impl IntoIterator<Item = usize>) -> [u64; 4] {
        cells.into_iter().fold([0u64; 4], |mut m, c| {
            m[c / 64] |= 1 << (c % 64);
            m
        })
    }

    /// One sweep as the generic code does it: segment by segment, each judged on the plane as
    /// left by the ones before, over the same 16×16 houses.
    fn generic(plane: [u64; 4]) -> [u64; 4] {
        let shape = Shape::new(4, 4).unwrap();
        let and = |a: [u64; 4], b: [u64; 4]| [0, 1, 2, 3].map(|k| a[k] & b[k]);
        let not = |a: [u64; 4]| a.map(|w| !w);
        let empty = |a: [u64; 4]| a == [0; 4];
        let houses: Vec<[u64; 4]> = shape.houses().into_iter().map(|h| plane_of(shape.house_cells(h))).collect();
        let mut p = plane;
        for b in &houses[32..] {
            for line in &houses[..32] {
                let seg = and(*b, *line);
                if empty(seg) || empty(and(p, seg)) {
                    continue;
                }
                let (line_rest, box_rest) = (and(*line, not(*b)), and(*b, not(*line)));
                if empty(and(p, line_rest)) != empty(and(p, box_rest)) {
                    p = and(p, not([0, 1, 2, 3].map(|k| line_rest[k] | box_rest[k])));
                }
            }
        }
        p
    }

    #[test]
    fn a_sweep_leaves_exactly_what_the_generic_sweep_leaves() {
        // Sparse planes make pointing and claiming fire; dense ones mostly not.
        let mut rng = rng_from_seed(16);
        let mut fired = 0;
        for density in [0.05, 0.1, 0.2, 0.3, 0.5, 0.8] {
            for _ in 0..400 {
                let plane = [0; 4].map(|_| (0..64).fold(0u64, |w, b| w | u64::from(rng.random_bool(density)) << b));
                let fast = sweep(plane);
                assert_eq!(fast, generic(plane), "plane {plane:x?}");
                assert_eq!(fires(plane), fast != plane, "the quick test is exact: plane {plane:x?}");
                fired += usize::from(fast != plane);
            }
        }
        assert!(fired > 500, "the sample must exercise the rules: {fired} of 2400 planes changed");
    }

    #[test]
    fn a_digit_only_in_one_row_of_a_box_leaves_the_rest_of_that_row() {
        // Box 1 holds the digit only in row 2 (r2c1, r2c2), which also has it at r2c10; columns
        // 1 and 2 have it in box 5 too (r6c1, r6c2), so nothing else fires.
        let plane = plane_of([16, 17, 16 + 9, 80, 81]);
        let expected = plane_of([16, 17, 80, 81]);
        assert_eq!(sweep(plane), expected, "pointing removes r2c10 and nothing else");
        assert_eq!(generic(plane), expected);
    }
}
