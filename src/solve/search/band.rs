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
//! row, or in the box), whose cells leave the other eight digits' words and the unplaced cells.
//! When no word changes, bit-sliced counting over the nine groups (one SIMD pass for the three
//! bands) gives the cells with no candidate (a dead end), with one (**naked singles**, placed, and
//! the updates run again) and with two. At the root only, a digit left with one place in a
//! column is placed too (a **hidden single** in a column): there it saves guesses on the 17-clue
//! set (4.2 to 2.0 a puzzle), below the root it costs more than it saves (instruction counts).
//!
//! **Branching**: the first cell with two candidates (bands in order, positions ascending), else
//! the first with three, else the one with the fewest; digits in ascending order. Statistics and
//! limits are those of [`crate::solve::search::planes`]: `nodes` = 1 + guesses, `guesses` = options
//! tried at branch points (both options of a two-candidate cell count), dead ends = options whose
//! propagation failed; the clock is read every 256 nodes.
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
use tables::{shrink, BAND, COLUMN, COLUMN_SINGLE, LOCKED, OTHER_BANDS, PERMUTED, ROW_CELLS, SELF};

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

    /// Updates digit index `d`'s word of band `b`; false on a dead end.
    #[inline(always)]
    fn update(&mut self, d: usize, b: usize) -> bool {
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
        let placed = ROW_CELLS[(LOCKED[shrunk] & COLUMN_SINGLE[columns]) as usize] & w;
        self.unplaced[b] &= !placed;
        for words in &mut self.cand {
            words[b] &= !placed;
        }
        self.cand[d][b] = w;
        self.prev[d][b] = w;
        true
    }

    /// Updates changed words until none is left; false on a dead end.
    #[inline(always)]
    fn settle<S: Sweep>(&mut self) -> bool {
        loop {
            let mut changed = S::changed(&self.cand, &self.prev);
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let i = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.update(i / 4, i % 4) {
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
            if !(any || COLUMNS && self.column_singles()?) {
                return Some([0, 1, 2, 3].map(|b| twice[b] & !thrice[b]));
            }
        }
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
    /// (band, position, digits) of the first cell with two candidates, else with three, else of
    /// the one with the fewest.
    fn branch_cell(&self, pairs: Lanes) -> (usize, usize, u32) {
        for (b, &two) in pairs[..3].iter().enumerate() {
            if two != 0 {
                let p = two.trailing_zeros() as usize;
                return (b, p, self.digits(b, p));
            }
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

    /// The digits of a solved state, row by row.
    fn values(&mut self, state: &State) -> &[u8] {
        for (d, words) in state.cand.iter().enumerate() {
            for (b, &w) in words[..3].iter().enumerate() {
                let mut m = w;
                while m != 0 {
                    self.value[27 * b + m.trailing_zeros() as usize] = d as u8 + 1;
                    m &= m - 1;
                }
            }
        }
        &self.value
    }
}

/// The state of the givens (not propagated), or `None` when two givens clash. Each given clears
/// its row, box and column from its digit's words at once; the given cells leave the other
/// digits' words in one pass at the end.
fn load(puzzle: &Grid) -> Option<State> {
    let mut state = State::new();
    let mut mine = [[0u32; 4]; 9];
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            let (d, b, p) = (digit as usize - 1, cell / 27, cell % 27);
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

#[cfg(test)]
mod tests;
