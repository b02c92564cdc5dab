//! The search behind the `backtrack` solver for 9×9 grids (3×3 boxes): candidates kept per digit
//! and **band** (three rows of boxes), after JCZSolve (Zhou Yundong's band solver, as refined by
//! champagne and JasonLion on the enjoysudoku forum) and tdoku's account of it (Tom Dillon,
//! "Optimizing a Sudoku solver", 2019).
//!
//! Digit d's candidates in band b are one 27-bit word (bit 9·row + column, row within the band);
//! each digit's three words sit in one 128-bit lane group ([`lanes`]), so the whole state is nine
//! such groups, their values at each word's last update, and the unplaced cells of each band: 304
//! bytes, copied at each guess (but the last option of a branch point, which takes its parent's)
//! instead of undone.
//!
//! **Placing** d in a cell only clears the cell's row and box from d's word of its band; the rest
//! follows when that word is **updated**, as is every word that changed since its last update (one
//! SIMD compare of all 27 words finds them). An update maps each row's 9 bits to the 3 boxes it
//! reaches (the **shrunk** word, 9 bits) and looks up: the cells on some way of giving each row of
//! the band its own box (the digit goes once in each row and each box of a band; no way is a
//! **dead end**, and dropping the other cells is pointing and claiming between the band's rows and
//! boxes); the columns the band takes from the other two (a box with one column left); and the
//! rows left with one cell (a row locked to a box with one column left: a **hidden single** in the
//! row, or in the box), whose cells leave the unplaced cells at once and the other eight digits'
//! words at the end of the round of updates, in one SIMD pass over the nine groups (until then
//! those words hold a superset of the candidates, which keeps every elimination sound; a cell
//! taken in the round is not placed again). Clearing them in each update instead (nine scalar
//! writes, placement or not) was slower.
//! When no word changes, bit-sliced counting over the nine groups (one SIMD pass for the three
//! bands) gives the cells with no candidate (a dead end), with one (**naked singles**, placed, and
//! the updates run again) and with two. At the root only, a digit left with one place in a
//! column is placed too (a **hidden single** in a column): there it saves guesses on the 17-clue
//! set, below the root it costs more than it saves.
//! Before a guess (nothing else left to do), the **stacks** get the pointing and claiming the
//! band words cannot see: per digit and stack, the columns' boxes must be a permutation (the
//! bands' table, with columns for rows and bands for boxes), and a column's cells off every
//! permutation leave the digit. It saves guesses and time on top95's isomorphs, and costs those of
//! hardest11, which need few guesses, a little. Placing the hidden singles in columns it exposes
//! costs more than it saves.
//!
//! **Branching** on a cell with two candidates: of the rows (within their bands) with the most
//! such cells, the first; in it, the cell with the most two-candidate cells in its box and column
//! (the first such). Placing either digit there most likely empties peers down to one candidate,
//! so the naked singles that follow do what further guesses would: it takes fewer guesses than
//! the first two-candidate cell in scan order on every set it was measured on. Scoring every
//! two-candidate cell by all its peers saves a few more guesses but costs more than they do;
//! trying digits by their candidate count gains nothing. Without a two-candidate cell: the first
//! with three, else the one with the fewest; digits in ascending order. Statistics and limits are those of
//! [`crate::solve::search::planes`]: `nodes` = 1 + guesses, `guesses` = options tried at branch
//! points (both options of a two-candidate cell count), dead ends = options whose propagation
//! failed; the clock is read every 256 nodes.
//!
//! **Fixed costs** matter on puzzles solved in a few microseconds: loading visits the givens only
//! (a band's nonzero cells found eight bytes at a time), a solution is read back as four bit
//! planes spread eight cells at a time, and the update's table indices are masked so they need no
//! bounds check.
//!
//! The measurements behind these choices are in docs/benchmarks.md ("`backtrack` at 9×9: the band
//! search").
//!
//! Complexity: exponential in the worst case (NP-complete in general, though 9×9 is bounded); a
//! placement is one AND, a word update O(1) (five table look-ups and about 20 word operations), a
//! sweep for changed words or for counts O(1) (nine SIMD steps); space: 304 bytes per guess
//! level, at most 81 levels, on the call stack.

mod lanes;
mod tables;

use crate::grid::{Grid, Shape};
use crate::solve::search::engine::{Search, SearchLimits, Stop};
use lanes::{Lanes, Native, Sweep};
use tables::{
    shrink, BAND, COLUMN, COLUMN_CELLS, COLUMN_SINGLE, GATHER3, LOCKED, OTHER_BANDS, PERMUTED, PERMUTED_SEGMENTS,
    ROW_CELLS, SELF, SPREAD3,
};

/// The candidates of a 9×9 grid: `cand[d][b]` is digit index d's word in band b (a placed cell
/// keeps its bit in its own digit's word only); lane 3 of each group stays 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(16))]
struct State {
    cand: [Lanes; 9],
    /// Each word as its last update left it: a word that differs needs an update.
    prev: [Lanes; 9],
    /// Unplaced cells of each band.
    unplaced: Lanes,
}

impl State {
    /// The empty grid: every digit possible everywhere, every word due for an update.
    fn new() -> State {
        State {
            cand: [[BAND, BAND, BAND, 0]; 9],
            prev: [[u32::MAX, u32::MAX, u32::MAX, 0]; 9],
            unplaced: [BAND, BAND, BAND, 0],
        }
    }

    /// True when every cell is placed.
    fn solved(&self) -> bool {
        self.unplaced == [0; 4]
    }

    /// Places digit index `d` at position `p` of band `b` during the search (it must be a
    /// candidate there): only d's word of the band changes; its update does the rest.
    #[inline(always)]
    fn set(&mut self, d: usize, b: usize, p: usize) {
        self.cand[d][b] &= SELF[p];
    }

    /// Updates digit index `d`'s word of band `b`; false on a dead end. The cells it places are
    /// added to `taken` (band lanes) and to `fresh[d]`, for [`Sweep::clear`] to take from the
    /// other digits' words at the end of the round: until then those words may still hold them
    /// (a superset of candidates, which makes every elimination sound), so a cell already taken
    /// this round is never placed again.
    #[inline(always)]
    fn update(&mut self, d: usize, b: usize, taken: &mut Lanes, fresh: &mut [Lanes; 9]) -> bool {
        let shrunk = shrink(self.cand[d][b]);
        let w = self.cand[d][b] & PERMUTED[shrunk];
        if w == 0 {
            return false;
        }
        let columns = ((w | w >> 9 | w >> 18) & 511) as usize;
        // All of d's words lose the columns; its word of band b is written back below.
        let others = OTHER_BANDS[columns];
        for word in &mut self.cand[d] {
            *word &= others;
        }
        let placed = ROW_CELLS[(LOCKED[shrunk] & COLUMN_SINGLE[columns]) as usize & 511] & w & !taken[b];
        self.unplaced[b] &= !placed;
        taken[b] |= placed;
        fresh[d][b] |= placed;
        self.cand[d][b] = w;
        self.prev[d][b] = w;
        true
    }

    /// Updates changed words until none is left; false on a dead end.
    #[inline(always)]
    fn settle<S: Sweep>(&mut self) -> bool {
        let mut taken = [0u32; 4];
        let mut fresh = [[0u32; 4]; 9];
        loop {
            if taken != [0; 4] {
                S::clear(&mut self.cand, taken, &fresh);
                taken = [0; 4];
                fresh = [[0; 4]; 9];
            }
            let mut changed = S::changed(&self.cand, &self.prev);
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let i = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.update(i / 4, i % 4, &mut taken, &mut fresh) {
                    return false;
                }
            }
        }
    }

    /// Updates words and places naked singles (and, when `COLUMNS`, hidden singles in columns)
    /// until nothing changes: the cells with two candidates of each band, or `None` on a dead end.
    fn propagate<S: Sweep, const COLUMNS: bool>(&mut self) -> Option<Lanes> {
        loop {
            if !self.settle::<S>() {
                return None;
            }
            if self.solved() {
                return Some([0; 4]);
            }
            let [once, twice, thrice] = S::counts(&self.cand);
            let mut any = false;
            for b in 0..3 {
                if once[b] != BAND {
                    return None;
                }
                let mut singles = !twice[b] & self.unplaced[b];
                while singles != 0 {
                    let p = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    // An earlier single of this batch may have taken this cell's last candidate.
                    let d = (0..9).find(|&d| self.cand[d][b] & 1 << p != 0)?;
                    self.set(d, b, p);
                    any = true;
                }
            }
            if !(any || COLUMNS && self.column_singles()? || self.stacks()?) {
                return Some([0, 1, 2, 3].map(|b| twice[b] & !thrice[b]));
            }
        }
    }

    /// Pointing and claiming in the **stacks** (three columns of boxes), which the band words do
    /// not see: per digit and stack, the digit goes once in each column and each box, so the
    /// columns' boxes (one per band) are a permutation; a column's cells in a band that lie on
    /// none leave the digit (a column whose digit lies in one box empties the box's other columns
    /// of it, two boxes confined to the same two columns empty them in the third). `Some(true)`
    /// when a word changed, `None` on a dead end.
    fn stacks(&mut self) -> Option<bool> {
        let mut any = false;
        let fold = |w: u32| (w | w >> 9 | w >> 18) & 511;
        for d in 0..9 {
            let cols = [fold(self.cand[d][0]), fold(self.cand[d][1]), fold(self.cand[d][2])];
            // Per stack, bit 3·column + band where the band keeps the column: a shrunk word, with
            // columns for rows and bands for boxes, so the bands' table of permutations applies.
            let mut gone = 0usize;
            for s in 0..3 {
                let x = |b: usize| (cols[b] >> (3 * s) & 7) as usize;
                let idx = (SPREAD3[x(0)] | SPREAD3[x(1)] << 1 | SPREAD3[x(2)] << 2) as usize & 511;
                let keep = PERMUTED_SEGMENTS[idx] as usize;
                if keep == 0 {
                    return None;
                }
                gone |= (idx & !keep) << (9 * s);
            }
            if gone != 0 {
                for b in 0..3 {
                    let g = gone >> b;
                    let dropped = GATHER3[g & 0o111] as usize
                        | (GATHER3[g >> 9 & 0o111] as usize) << 3
                        | (GATHER3[g >> 18 & 0o111] as usize) << 6;
                    self.cand[d][b] &= !COLUMN_CELLS[dropped & 511];
                }
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
                let w = self.cand[d][b];
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
                    let m = self.cand[d][b] & self.unplaced[b] & COLUMN << c;
                    if m != 0 {
                        self.set(d, b, m.trailing_zeros() as usize);
                        any = true;
                    }
                }
            }
        }
        Some(any)
    }

    /// The digits (bit d) still possible at position `p` of band `b`.
    fn digits(&self, b: usize, p: usize) -> u32 {
        (0..9).fold(0, |m, d| m | (self.cand[d][b] >> p & 1) << d)
    }

    /// The branch point of a settled, unfinished state whose two-candidate cells are `pairs`:
    /// (band, position, digits) of a cell with two candidates, else of the first with three, else
    /// of the one with the fewest. Of the two-candidate cells it takes one where placing either
    /// digit most likely sets off naked singles: in the row with the most of them (the first such
    /// row), the one with the most in its box and column (the first such).
    fn branch_cell(&self, pairs: Lanes) -> (usize, usize, u32) {
        let (mut most, mut b, mut cells) = (0, 0, 0u32);
        for (band, &two) in pairs[..3].iter().enumerate() {
            for r in 0..3 {
                let row = two & 511 << (9 * r);
                if row.count_ones() > most {
                    (most, b, cells) = (row.count_ones(), band, row);
                }
            }
        }
        if cells != 0 {
            let mut best = (0, cells.trailing_zeros() as usize);
            while cells != 0 {
                let p = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let column = COLUMN << (p % 9);
                let boxed = (7 << (p % 9 / 3 * 3)) * COLUMN;
                let peers = (pairs[b] & boxed).count_ones()
                    + (pairs[0] & column).count_ones()
                    + (pairs[1] & column).count_ones()
                    + (pairs[2] & column).count_ones();
                if peers > best.0 {
                    best = (peers, p);
                }
            }
            return (b, best.1, self.digits(b, best.1));
        }
        for b in 0..3 {
            let (mut once, mut twice, mut thrice, mut four) = (0u32, 0u32, 0u32, 0u32);
            for words in &self.cand {
                let w = words[b];
                four |= thrice & w;
                thrice |= twice & w;
                twice |= once & w;
                once |= w;
            }
            let triples = thrice & !four & self.unplaced[b];
            if triples != 0 {
                let p = triples.trailing_zeros() as usize;
                return (b, p, self.digits(b, p));
            }
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
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
    /// The cells of the last solution, and 7 bytes of padding that [`Bands::values`] writes past
    /// the last cell.
    value: [u8; 88],
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
        Bands { value: [0; 88] }
    }

    /// Searches `puzzle` (9×9), calling `on_solution` with each solution's cells (it returns
    /// `false` to stop), up to `limits`.
    pub fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Search {
        self.search_with::<Native>(puzzle, limits, on_solution)
    }

    /// [`Bands::search`] with the sweeps `S` (the tests run both implementations).
    fn search_with<S: Sweep>(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Search {
        assert!(Bands::fits(puzzle.shape()), "the band search is for 9×9 grids");
        let result = Search::root();
        let mut run = Run { limits, result, on_solution };
        let Some(mut state) = load(puzzle) else { return run.result };
        let Some(pairs) = state.propagate::<S, true>() else { return run.result };
        if state.solved() {
            run.result.solutions = 1;
            if !(run.on_solution)(self.values(&state)) || limits.max_solutions <= 1 {
                run.result.stop = Stop::SolutionLimit;
            }
            return run.result;
        }
        self.branch::<S>(&mut state, pairs, &mut run);
        run.result
    }

    /// Tries each digit of the branch cell of the settled, unfinished `state` (whose
    /// two-candidate cells are `pairs`), searching below each; the last option takes `state`
    /// itself. True when the search must stop (`run.result.stop` says why).
    fn branch<S: Sweep>(&mut self, state: &mut State, pairs: Lanes, run: &mut Run) -> bool {
        let (b, p, mut digits) = state.branch_cell(pairs);
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
            let mut copy;
            let child = if digits == 0 {
                &mut *state
            } else {
                copy = *state;
                &mut copy
            };
            child.set(d, b, p);
            let Some(pairs) = child.propagate::<S, false>() else {
                run.result.dead_ends += 1;
                continue;
            };
            if child.solved() {
                run.result.solutions += 1;
                if !(run.on_solution)(self.values(child)) || run.result.solutions >= run.limits.max_solutions {
                    run.result.stop = Stop::SolutionLimit;
                    return true;
                }
                continue;
            }
            if self.branch::<S>(child, pairs, run) {
                return true;
            }
        }
        false
    }

    /// The digits of a solved state, row by row: the four bits of the digits as four bit planes
    /// per band, spread eight cells at a time into eight bytes.
    fn values(&mut self, state: &State) -> &[u8] {
        let mut planes = [[0u32; 4]; 4];
        for (d, words) in state.cand.iter().enumerate() {
            for (k, plane) in planes.iter_mut().enumerate() {
                if (d + 1) >> k & 1 != 0 {
                    for b in 0..3 {
                        plane[b] |= words[b];
                    }
                }
            }
        }
        for b in 0..3 {
            for chunk in 0..4 {
                let bits = |k: usize| SPREAD[(planes[k][b] >> (8 * chunk) & 255) as usize];
                let eight = bits(0) | bits(1) << 1 | bits(2) << 2 | bits(3) << 3;
                // The last chunk of a band runs 5 bytes into the next band (or the padding),
                // which the next band's first chunk then overwrites.
                let at = 27 * b + 8 * chunk;
                self.value[at..at + 8].copy_from_slice(&eight.to_le_bytes());
            }
        }
        &self.value[..81]
    }
}

/// Per byte: its eight bits spread to the low bits of eight bytes (bit i to byte i).
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut i = 0;
        while i < 8 {
            if x >> i & 1 != 0 {
                t[x] |= 1 << (8 * i);
            }
            i += 1;
        }
        x += 1;
    }
    t
};

/// The state of the givens (not propagated), or `None` when two givens clash. Each given clears
/// its row, box and column from its digit's words at once; the given cells leave the other
/// digits' words in one pass at the end. Only the givens are visited: each band's are found as a
/// 27-bit mask of its nonzero cells.
fn load(puzzle: &Grid) -> Option<State> {
    let mut state = State::new();
    let mut mine = [[0u32; 4]; 9];
    for (b, band) in puzzle.cells().chunks_exact(27).enumerate() {
        let band: &[u8; 27] = band.try_into().expect("a 9×9 grid is three bands of 27 cells");
        let mut givens = nonzero(band);
        while givens != 0 {
            let p = givens.trailing_zeros() as usize;
            givens &= givens - 1;
            let d = band[p] as usize - 1;
            // Only givens of the same digit clear its bits before this pass ends.
            if state.cand[d][b] & 1 << p == 0 {
                return None;
            }
            state.cand[d][b] &= SELF[p];
            for other in [(b + 1) % 3, (b + 2) % 3] {
                state.cand[d][other] &= !(COLUMN << (p % 9));
            }
            mine[d][b] |= 1 << p;
        }
    }
    let given: Lanes = std::array::from_fn(|b| mine.iter().fold(0, |m, w| m | w[b]));
    for (words, own) in state.cand.iter_mut().zip(&mine) {
        for b in 0..4 {
            words[b] = (words[b] & !given[b]) | own[b];
        }
    }
    for (open, cells) in state.unplaced.iter_mut().zip(given) {
        *open &= !cells;
    }
    Some(state)
}

/// The nonzero cells of a band (bit p for cell p), eight bytes at a time: a byte's high bit is
/// set when it is nonzero, and one multiplication gathers the eight high bits.
#[inline(always)]
fn nonzero(band: &[u8; 27]) -> u32 {
    let eight = |at: usize| {
        let x = u64::from_le_bytes(band[at..at + 8].try_into().expect("eight bytes"));
        let high = (((x & 0x7f7f_7f7f_7f7f_7f7f) + 0x7f7f_7f7f_7f7f_7f7f) | x) & 0x8080_8080_8080_8080;
        ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
    };
    // The last eight bytes (19–26) overlap the third eight (16–23); the overlap agrees.
    eight(0) | eight(8) << 8 | eight(16) << 16 | eight(19) << 19
}

#[cfg(test)]
mod tests;
