//! The look-up tables of the band search, built at compile time from their definitions.
//!
//! A **band word** holds one digit's candidates in one band: bit 9·row + column, row 0–2 within
//! the band. A **segment** is the three cells of one row in one box; a **shrunk** word has one bit
//! per segment (bit 3·row + box) that still holds a candidate. The digit goes once in each row and
//! once in each box of the band, so its three places are a permutation of rows to boxes.

/// The 27 bits of a band word.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// Bits of the column of position 0 in a band word (the column's three cells).
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The six permutations of rows to boxes: `PERMUTATIONS[p][row]` is the row's box.
const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// Per 9-bit row: the boxes (3 bits) where the row has a bit. Applied to a shrunk word (as if it
/// were a row) it gives the rows (3 bits) that keep some segment.
pub(super) const SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row & (7 << (3 * k)) != 0 {
                t[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    t
};

/// The shrunk word of a band word (the masks spare the table look-ups their bounds checks).
#[inline(always)]
pub(super) fn shrink(w: u32) -> usize {
    (SHRINK[(w & 511) as usize] as usize
        | (SHRINK[(w >> 9 & 511) as usize] as usize) << 3
        | (SHRINK[(w >> 18 & 511) as usize] as usize) << 6)
        & 511
}

/// Per shrunk word: the segments (bit 3·row + box) on some permutation of rows to boxes.
pub(super) const PERMUTED_SEGMENTS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut shrunk = 0;
    while shrunk < 512 {
        let mut p = 0;
        while p < 6 {
            let mut segments = 0u16;
            let mut row = 0;
            while row < 3 {
                segments |= 1 << (3 * row + PERMUTATIONS[p][row]);
                row += 1;
            }
            if shrunk as u16 & segments == segments {
                t[shrunk] |= segments;
            }
            p += 1;
        }
        shrunk += 1;
    }
    t
};

/// Per shrunk word: the band cells that lie on some permutation of rows to boxes inside it (the
/// cells of [`PERMUTED_SEGMENTS`]); 0 when there is none (a dead end). Removing the others is
/// pointing and claiming between the band's rows and boxes.
pub(super) const PERMUTED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut shrunk = 0;
    while shrunk < 512 {
        let mut segment = 0;
        while segment < 9 {
            if PERMUTED_SEGMENTS[shrunk] & 1 << segment != 0 {
                t[shrunk] |= 7 << (9 * (segment / 3) + 3 * (segment % 3));
            }
            segment += 1;
        }
        shrunk += 1;
    }
    t
};

/// Per shrunk word: the segments on some permutation whose row has no other such segment (the
/// row is **locked** to that box).
pub(super) const LOCKED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut shrunk = 0;
    while shrunk < 512 {
        let kept = PERMUTED[shrunk];
        let mut row = 0;
        while row < 3 {
            let mut k = 0;
            let mut only = 0u16;
            let mut count = 0;
            while k < 3 {
                if kept & 7 << (9 * row + 3 * k) != 0 {
                    only = 1 << (3 * row + k);
                    count += 1;
                }
                k += 1;
            }
            if count == 1 {
                t[shrunk] |= only;
            }
            row += 1;
        }
        shrunk += 1;
    }
    t
};

/// Per 9-bit set of columns that keep a candidate in a band: the segments (all three rows) of
/// each box where exactly one column does.
pub(super) const COLUMN_SINGLE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let b = (cols >> (3 * k)) & 7;
            if b == 1 || b == 2 || b == 4 {
                t[cols] |= 1 << k | 1 << (3 + k) | 1 << (6 + k);
            }
            k += 1;
        }
        cols += 1;
    }
    t
};

/// Per 9-bit set of columns that keep a candidate in a band: the band word of the other two
/// bands without the columns this band takes (a box with one column left puts the digit there).
pub(super) const OTHER_BANDS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut m = BAND;
        let mut k = 0;
        while k < 3 {
            let b = (cols >> (3 * k)) & 7;
            if b == 1 || b == 2 || b == 4 {
                m &= !(COLUMN << (3 * k + (b as u32).trailing_zeros() as usize));
            }
            k += 1;
        }
        t[cols] = m;
        cols += 1;
    }
    t
};

/// Per set of segments (bit 3·row + box): the cells of the rows that hold one of them.
pub(super) const ROW_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut segments = 0;
    while segments < 512 {
        let rows = SHRINK[segments];
        let mut k = 0;
        while k < 3 {
            if rows & 1 << k != 0 {
                t[segments] |= 511 << (9 * k);
            }
            k += 1;
        }
        segments += 1;
    }
    t
};

/// The other cells of the row and box of position `p` (9·row + column) in a band word.
pub(super) const fn band_peers(p: usize) -> u32 {
    let (row, k) = (p / 9, p % 9 / 3);
    let mut m = 511 << (9 * row);
    let mut r = 0;
    while r < 3 {
        m |= 7 << (9 * r + 3 * k);
        r += 1;
    }
    m & !(1 << p)
}

/// Per position in a band: the band word without the other cells of its row and box (what
/// placing a digit there leaves of that digit's word).
pub(super) const SELF: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = BAND & !band_peers(p);
        p += 1;
    }
    t
};

/// Per 3 bits: bit i moved to bit 3·i.
pub(super) const SPREAD3: [u16; 8] = [0, 1, 8, 9, 64, 65, 72, 73];

/// Per 9 bits: bits 0, 3 and 6 gathered to bits 0–2.
pub(super) const GATHER3: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = ((x & 1) | (x >> 2 & 2) | (x >> 4 & 4)) as u8;
        x += 1;
    }
    t
};

/// Per 9-bit set of columns: their cells in a band word.
pub(super) const COLUMN_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut c = 0;
        while c < 9 {
            if x & 1 << c != 0 {
                t[x] |= COLUMN << c;
            }
            c += 1;
        }
        x += 1;
    }
    t
};
