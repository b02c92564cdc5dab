//! The search behind the `backtrack` solver for 9×9 grids (3×3 boxes): candidates kept per digit
//! and **band** (three rows of boxes), in the style of JCZSolve (Zhou Yundong's band solver) and
//! tdoku's account of it (Tom Dillion, "Optimizing a Sudoku solver", 2019).
//!
//! Digit d's candidates in band b are one 27-bit word (bit 9·row + column, row within the band),
//! so the whole state is 27 words plus the unplaced cells of each band: 124 bytes, copied at each
//! guess instead of undone. Placing d in a cell is a few masks: the cell leaves the other eight
//! digits' words of its band, its row and box leave d's word of its band (a table of 27 masks), and
//! its column leaves d's words of the two other bands.
//!
//! A changed digit-band word is **shrunk**: each row's 9 bits become 3 (the boxes where the row
//! may hold d), and the 9-bit shrunk word indexes a table of the cells that lie on some way of
//! giving each row of the band its own box (the digit must go once in each row and once in each
//! box of a band, so its three places are a permutation of rows to boxes). A word with no such
//! permutation is a **dead end**; segments on none are removed, which is pointing and claiming
//! between the band's rows and boxes. A row left with one unplaced cell is a **hidden single** in
//! the row; a box left with one is too, since the permutation then forces its row. Bit-sliced
//! counting over a band's nine words gives its cells with no candidate (a dead end) and with one
//! (**naked singles**). Once these settle, each digit's nine row words are counted by column: a
//! column with no place is a dead end, one with one unplaced cell a hidden single.
//!
//! **Branching**: a cell with two candidates (the first found), else the cell with the fewest;
//! digits in ascending order. Statistics and limits are those of [`crate::solve::search::planes`]:
//! `nodes` = 1 + guesses, `guesses` = options tried at branch points, dead ends = options whose
//! propagation failed; the clock is read every 256 nodes.
//!
//! Complexity: exponential in the worst case (NP-complete in general, though 9×9 is bounded); a
//! placement is O(1) words (about 12), a band-word update O(1) with three table look-ups, a
//! singles sweep 27 words; space: 124 bytes per guess level, at most 81 levels, on the call stack.

use crate::grid::{Grid, Shape};
use crate::solve::search::engine::{Search, SearchLimits, Stop};

/// The 27 bits of a band word.
const BAND: u32 = (1 << 27) - 1;

/// Bits of the column of position 0 in a band word (the column's three cells).
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// Per 9-bit row: the boxes (3 bits) where the row has a bit.
const SHRINK: [u8; 512] = {
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

/// Per shrunk band word (bit 3·row + box: the row may hold the digit in that box): the band
/// cells that lie on some permutation of rows to boxes inside it; 0 when there is none.
const PERMUTED: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 512];
    let mut shrunk = 0;
    while shrunk < 512 {
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut segments = 0u32;
            let mut row = 0;
            while row < 3 {
                segments |= 1 << (3 * row + boxes[row]);
                row += 1;
            }
            if shrunk as u32 & segments == segments {
                let mut row = 0;
                while row < 3 {
                    t[shrunk] |= 7 << (9 * row + 3 * boxes[row]);
                    row += 1;
                }
            }
            p += 1;
        }
        shrunk += 1;
    }
    t
};

/// Per position (9·row + column) in a band: the other cells of its row and box in that band.
const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (row, k) = (p / 9, p % 9 / 3);
        let mut m = 511 << (9 * row);
        let mut r = 0;
        while r < 3 {
            m |= 7 << (9 * r + 3 * k);
            r += 1;
        }
        t[p] = m & !(1 << p);
        p += 1;
    }
    t
};

/// The 27-bit word with one bit per row that holds exactly one bit of `w` (the rows' singles).
#[inline(always)]
fn row_singles(w: u32) -> u32 {
    let mut out = 0;
    for row in 0..3 {
        let r = w & 511 << (9 * row);
        if r & r.wrapping_sub(1) == 0 {
            out |= r;
        }
    }
    out
}

/// The candidates of a 9×9 grid: `cand[3·d + b]` is digit index d's word in band b (a placed cell
/// keeps its bit in its own digit's word only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    cand: [u32; 27],
    /// Unplaced cells of each band.
    unplaced: [u32; 3],
    /// Digit-band words changed since they were last shrunk (bit 3·d + b).
    dirty: u32,
}

impl State {
    /// The empty grid: every digit possible everywhere.
    fn new() -> State {
        State { cand: [BAND; 27], unplaced: [BAND; 3], dirty: BAND }
    }

    /// True when every cell is placed.
    fn solved(&self) -> bool {
        self.unplaced == [0; 3]
    }

    /// Places digit index `d` at position `p` of band `b` (it must be a candidate there).
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, p: usize) {
        let bit = 1u32 << p;
        for e in 0..9 {
            let w = &mut self.cand[3 * e + b];
            self.dirty |= ((*w >> p) & 1) << (3 * e + b);
            *w &= !bit;
        }
        let i = 3 * d;
        self.cand[i + b] = (self.cand[i + b] & !BAND_PEERS[p]) | bit;
        let column = COLUMN << (p % 9);
        for other in [(b + 1) % 3, (b + 2) % 3] {
            let w = &mut self.cand[i + other];
            self.dirty |= ((*w & column != 0) as u32) << (i + other);
            *w &= !column;
        }
        self.dirty |= 1 << (i + b);
        self.unplaced[b] &= !bit;
    }

    /// Places singles until none is left; false on a dead end.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let i = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.shrink(i) {
                    return false;
                }
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if self.solved() {
                return true;
            }
            match self.column_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Shrinks digit-band word `i` (removes segments on no permutation) and places its row
    /// singles; false on a dead end.
    #[inline(always)]
    fn shrink(&mut self, i: usize) -> bool {
        let (d, b) = (i / 3, i % 3);
        let mut w = self.cand[i];
        let shrunk = SHRINK[(w & 511) as usize] as usize
            | (SHRINK[(w >> 9 & 511) as usize] as usize) << 3
            | (SHRINK[(w >> 18) as usize] as usize) << 6;
        w &= PERMUTED[shrunk];
        if w == 0 {
            return false;
        }
        self.cand[i] = w;
        let mut singles = row_singles(w) & self.unplaced[b];
        while singles != 0 {
            let p = singles.trailing_zeros() as usize;
            singles &= singles - 1;
            // An earlier single of this word may have taken this row's place (same box).
            if self.cand[i] & 1 << p == 0 {
                return false;
            }
            self.place(d, b, p);
        }
        true
    }

    /// Places the naked singles of every band: `Some(true)` when it placed any, `None` on a cell
    /// with no candidate.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut any = false;
        for b in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for d in 0..9 {
                let w = self.cand[3 * d + b];
                twice |= once & w;
                once |= w;
            }
            let open = self.unplaced[b];
            if once & open != open {
                return None;
            }
            let mut singles = open & !twice;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this batch may have taken this cell's last candidate.
                let d = (0..9).find(|&d| self.cand[3 * d + b] & 1 << p != 0)?;
                self.place(d, b, p);
                any = true;
            }
        }
        Some(any)
    }

    /// Places hidden singles in columns: `Some(true)` when it placed any, `None` on a column
    /// where a digit has no place.
    fn column_singles(&mut self) -> Option<bool> {
        let mut any = false;
        for d in 0..9 {
            let (mut once, mut twice) = (0u32, 0u32);
            for b in 0..3 {
                let w = self.cand[3 * d + b];
                for row in 0..3 {
                    let r = w >> (9 * row) & 511;
                    twice |= once & r;
                    once |= r;
                }
            }
            if once != 511 {
                return None;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let c = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                for b in 0..3 {
                    let m = self.cand[3 * d + b] & self.unplaced[b] & COLUMN << c;
                    if m != 0 {
                        self.place(d, b, m.trailing_zeros() as usize);
                        any = true;
                        break;
                    }
                }
            }
            if any {
                // The placements changed other digits' words: settle them before going on.
                return Some(true);
            }
        }
        Some(any)
    }

    /// The digits (bit d) still possible at position `p` of band `b`.
    fn digits(&self, b: usize, p: usize) -> u32 {
        (0..9).fold(0, |m, d| m | (self.cand[3 * d + b] >> p & 1) << d)
    }

    /// The branch point of a settled, unfinished state: (band, position, digits) of the first
    /// cell with two candidates, else of the one with the fewest.
    fn branch_cell(&self) -> (usize, usize, u32) {
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let w = self.cand[3 * d + b];
                thrice |= twice & w;
                twice |= once & w;
                once |= w;
            }
            let pairs = twice & !thrice & self.unplaced[b];
            if pairs != 0 {
                let p = pairs.trailing_zeros() as usize;
                return (b, p, self.digits(b, p));
            }
            let mut open = self.unplaced[b];
            while open != 0 {
                let p = open.trailing_zeros() as usize;
                open &= open - 1;
                let digits = self.digits(b, p);
                if digits.count_ones() < best.2.count_ones() {
                    best = (b, p, digits);
                }
            }
        }
        best
    }
}

/// The band search for 9×9 grids; the solution buffer is kept between searches.
#[derive(Debug, Clone)]
pub struct Bands {
    value: [u8; 81],
}

impl Default for Bands {
    fn default() -> Bands {
        Bands::new()
    }
}

/// One search's limits, counters and solution callback.
struct Run<'a> {
    limits: SearchLimits,
    result: Search,
    on_solution: &'a mut dyn FnMut(&[u8]) -> bool,
}

impl Bands {
    /// The shape this search is built for: 9×9 with 3×3 boxes.
    pub fn shape() -> Shape {
        Shape::new(3, 3).expect("3×3 boxes are a valid shape")
    }

    /// True when `shape` is 9×9 with 3×3 boxes.
    pub fn fits(shape: Shape) -> bool {
        shape == Bands::shape()
    }

    /// A search for 9×9 grids.
    pub fn new() -> Bands {
        Bands { value: [0; 81] }
    }

    /// Searches `puzzle` (9×9), calling `on_solution` with each solution's cells (it returns
    /// `false` to stop), up to `limits`.
    pub fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Search {
        assert!(Bands::fits(puzzle.shape()), "the band search is for 9×9 grids");
        let result = Search::root();
        let mut run = Run { limits, result, on_solution };
        let Some(mut state) = load(puzzle) else { return run.result };
        if !state.propagate() {
            return run.result;
        }
        if state.solved() {
            run.result.solutions = 1;
            if !(run.on_solution)(self.values(&state)) || limits.max_solutions <= 1 {
                run.result.stop = Stop::SolutionLimit;
            }
            return run.result;
        }
        self.branch(&state, &mut run);
        run.result
    }

    /// Tries each digit of the branch cell of the settled, unfinished `state`, searching below
    /// each; true when the search must stop (`run.result.stop` says why).
    fn branch(&mut self, state: &State, run: &mut Run) -> bool {
        let (b, p, mut digits) = state.branch_cell();
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            run.result.guesses += 1;
            run.result.nodes += 1;
            if run.result.nodes.is_multiple_of(256) {
                if crate::solve::cancel::past(run.limits.deadline) {
                    run.result.stop = Stop::Deadline;
                    return true;
                }
                if run.limits.max_nodes.is_some_and(|m| run.result.nodes >= m) {
                    run.result.stop = Stop::NodeLimit;
                    return true;
                }
            }
            let mut child = *state;
            child.place(d, b, p);
            if !child.propagate() {
                run.result.dead_ends += 1;
                continue;
            }
            if child.solved() {
                run.result.solutions += 1;
                if !(run.on_solution)(self.values(&child)) || run.result.solutions >= run.limits.max_solutions {
                    run.result.stop = Stop::SolutionLimit;
                    return true;
                }
                continue;
            }
            if self.branch(&child, run) {
                return true;
            }
        }
        false
    }

    /// The digits of a solved state, row by row.
    fn values(&mut self, state: &State) -> &[u8] {
        for (i, &w) in state.cand.iter().enumerate() {
            let (d, b) = (i / 3, i % 3);
            let mut m = w;
            while m != 0 {
                self.value[27 * b + m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        &self.value
    }
}

/// The state of the givens (not propagated), or `None` when two givens clash.
fn load(puzzle: &Grid) -> Option<State> {
    let mut state = State::new();
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            let (d, b, p) = (digit as usize - 1, cell / 27, cell % 27);
            if state.cand[3 * d + b] & 1 << p == 0 || state.unplaced[b] & 1 << p == 0 {
                return None;
            }
            state.place(d, b, p);
        }
    }
    Some(state)
}

#[cfg(test)]
mod tests;
