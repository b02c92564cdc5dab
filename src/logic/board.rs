//! The candidate grid the techniques work on, its per-shape tables, and the singles.
//!
//! [`Tables`] are built once per shape (peers, houses, box/line intersections) and shared by every
//! solve; [`Board`] is the mutable state of one solve: each cell's value and its candidates as a
//! `u64` bitset (bit d − 1 = digit d). Placing a digit removes it from the peers' candidates, and
//! any peer left with one candidate is queued as a naked single. A contradiction (a cell or a
//! house-digit with no place left) sets [`Board::broken`]; sound deductions never cause one on a
//! puzzle that has a solution.

use crate::grid::{Grid, Shape};

/// Precomputed geometry of one shape.
#[derive(Debug, Clone)]
pub(crate) struct Tables {
    pub shape: Shape,
    pub n: usize,
    /// Every digit: the low N bits.
    pub all: u64,
    peer_count: usize,
    /// `peers[cell * peer_count ..][..peer_count]`.
    peers: Vec<u16>,
    /// `houses[h * n ..][..n]`: rows, then columns, then boxes.
    houses: Vec<u16>,
    /// Box/line intersections, for locked candidates.
    pub intersections: Vec<Intersection>,
    /// The box of each cell.
    box_of: Vec<u16>,
}

/// The cells a line (row or column) shares with a box, and the rest of each.
#[derive(Debug, Clone)]
pub(crate) struct Intersection {
    /// The shared cells (c of them for a row, r for a column).
    pub shared: Vec<u16>,
    /// The line's other cells.
    pub line_rest: Vec<u16>,
    /// The box's other cells.
    pub box_rest: Vec<u16>,
}

impl Tables {
    /// The tables of `shape`. Complexity: O(N³) time and space (the intersections dominate).
    pub fn new(shape: Shape) -> Tables {
        let n = shape.n();
        let peers = (0..shape.cells()).flat_map(|c| shape.peers(c)).map(|p| p as u16).collect();
        let houses = shape.houses().into_iter().flat_map(|h| shape.house_cells(h)).map(|c| c as u16).collect();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut intersections = Vec::new();
        for line in shape.houses().into_iter().take(2 * n) {
            let cells = shape.house_cells(line);
            let mut boxes: Vec<usize> = cells.iter().map(|&c| shape.box_of(c)).collect();
            boxes.dedup();
            for b in boxes {
                let (shared, line_rest): (Vec<usize>, Vec<usize>) = cells.iter().partition(|&&c| shape.box_of(c) == b);
                let box_cells = shape.house_cells(crate::grid::House { kind: crate::grid::HouseKind::Box, index: b });
                let box_rest = box_cells.into_iter().filter(|c| !shared.contains(c)).collect::<Vec<_>>();
                let to16 = |v: Vec<usize>| v.into_iter().map(|c| c as u16).collect();
                intersections.push(Intersection {
                    shared: to16(shared),
                    line_rest: to16(line_rest),
                    box_rest: to16(box_rest),
                });
            }
        }
        let box_of = (0..shape.cells()).map(|c| shape.box_of(c) as u16).collect();
        Tables { shape, n, all, peer_count: shape.peer_count(), peers, houses, intersections, box_of }
    }

    /// Number of houses, 3N.
    pub fn house_count(&self) -> usize {
        3 * self.n
    }

    /// The N cells of house `h` (rows 0..N, columns N..2N, boxes 2N..3N).
    #[inline]
    pub fn house(&self, h: usize) -> &[u16] {
        &self.houses[h * self.n..(h + 1) * self.n]
    }

    /// The peers of `cell`.
    #[inline]
    fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }
}

/// The state of one solve: values, candidates and the naked-single queue.
#[derive(Debug, Clone, Default)]
pub(crate) struct Board {
    /// Candidates of each empty cell (0 for a filled cell).
    pub cand: Vec<u64>,
    /// Digit of each cell (0 = empty).
    pub value: Vec<u8>,
    /// Number of empty cells.
    pub empty: usize,
    /// Set once a contradiction is found.
    pub broken: bool,
    /// Cells whose candidates shrank to one.
    queue: Vec<u16>,
    /// Buffers the techniques reuse between calls.
    pub scratch: Scratch,
}

/// Reusable buffers of the techniques (kept to avoid an allocation per step).
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    /// (house position, candidates) of a house's cells.
    pub cells: Vec<(usize, u64)>,
    /// Places (house positions) of each digit in a house.
    pub places: Vec<u64>,
    /// (digit bit, places) of a house's digits.
    pub digits: Vec<(u64, u64)>,
    /// X-wing: each digit's places per row, then per column.
    pub lines: Vec<u64>,
    /// Loading: the digits given in each house.
    pub used: Vec<u64>,
}

impl Board {
    /// Loads `puzzle`'s givens: each empty cell's candidates are the digits missing from its row,
    /// column and box; cells left with one candidate are queued. Complexity: O(N²).
    pub fn load(&mut self, t: &Tables, puzzle: &Grid) {
        let (n, cells) = (t.n, t.shape.cells());
        self.broken = false;
        self.queue.clear();
        self.value.clear();
        self.value.extend_from_slice(puzzle.cells());
        // used[0..n] rows, used[n..2n] columns, used[2n..3n] boxes: digits given there.
        let used = &mut self.scratch.used;
        used.clear();
        used.resize(3 * n, 0);
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                let bit = 1u64 << (d - 1);
                for h in [cell / n, n + cell % n, 2 * n + t.box_of[cell] as usize] {
                    self.broken |= used[h] & bit != 0; // the digit repeats in this house
                    used[h] |= bit;
                }
            }
        }
        self.cand.clear();
        self.cand.resize(cells, 0);
        self.empty = 0;
        for cell in (0..cells).filter(|&c| self.value[c] == 0) {
            let c = t.all & !(used[cell / n] | used[n + cell % n] | used[2 * n + t.box_of[cell] as usize]);
            self.cand[cell] = c;
            self.empty += 1;
            if c & c.wrapping_sub(1) == 0 {
                self.broken |= c == 0;
                self.queue.push(cell as u16);
            }
        }
    }

    /// Places the digit `bit` in `cell` and removes it from the peers. Complexity: O(peers).
    pub fn place(&mut self, t: &Tables, cell: usize, bit: u64) {
        if self.value[cell] != 0 || self.cand[cell] & bit == 0 {
            self.broken |= self.value[cell] as u32 != bit.trailing_zeros() + 1;
            return;
        }
        self.value[cell] = (bit.trailing_zeros() + 1) as u8;
        self.cand[cell] = 0;
        self.empty -= 1;
        // Branch-light: clear the bit everywhere; only a peer that lost it and is left with at
        // most one candidate needs attention (filled peers have no candidates).
        for &p in t.peers(cell) {
            let c = self.cand[p as usize];
            let left = c & !bit;
            self.cand[p as usize] = left;
            if c != left && left & left.wrapping_sub(1) == 0 {
                self.broken |= left == 0;
                self.queue.push(p);
            }
        }
    }

    /// Removes the digits `mask` from `cell`'s candidates; true when that changed anything.
    #[inline]
    pub fn remove(&mut self, cell: usize, mask: u64) -> bool {
        let c = self.cand[cell];
        if c & mask == 0 {
            return false;
        }
        let left = c & !mask;
        self.cand[cell] = left;
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                self.broken = true;
            } else {
                self.queue.push(cell as u16);
            }
        }
        true
    }

    /// Removes `mask` from every cell of `cells`; true when anything changed.
    pub fn remove_from(&mut self, cells: &[u16], mask: u64) -> bool {
        let mut changed = false;
        for &c in cells {
            changed |= self.remove(c as usize, mask);
        }
        changed
    }

    /// Places every queued naked single (and those they create); returns how many.
    pub fn naked_singles(&mut self, t: &Tables) -> u32 {
        let mut placed = 0;
        while let Some(cell) = self.queue.pop() {
            let c = self.cand[cell as usize];
            if c != 0 && !self.broken {
                self.place(t, cell as usize, c);
                placed += 1;
            }
        }
        placed
    }

    /// One sweep over the houses placing hidden singles; stops after the first house that queues
    /// a naked single (those are cheaper). Returns how many were placed.
    /// Complexity: O(3N · N) per sweep.
    pub fn hidden_singles(&mut self, t: &Tables) -> u32 {
        let mut placed = 0;
        for h in 0..t.house_count() {
            let (mut once, mut twice, mut done) = (0u64, 0u64, 0u64);
            for &cell in t.house(h) {
                let c = self.cand[cell as usize];
                twice |= once & c;
                once |= c;
                let v = self.value[cell as usize];
                if v != 0 {
                    done |= 1u64 << (v - 1);
                }
            }
            if once | done != t.all {
                self.broken = true; // a digit with no place left in this house
                return placed;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= !bit;
                // An earlier placement in this house may have taken the digit's only place.
                match t.house(h).iter().find(|&&c| self.cand[c as usize] & bit != 0) {
                    Some(&cell) => self.place(t, cell as usize, bit),
                    None => self.broken = true,
                }
                if self.broken {
                    return placed;
                }
                placed += 1;
            }
            if !self.queue.is_empty() {
                return placed;
            }
        }
        placed
    }

    /// The digits placed so far, as a grid of `t`'s shape.
    pub fn grid(&self, t: &Tables) -> Grid {
        Grid::from_cells(t.shape, self.value.clone()).expect("values are digits 1..=N")
    }
}
