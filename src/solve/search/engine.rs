//! The plain cell search: the [`Engine`] the generators use, and the types every backtracking
//! search shares ([`Search`], [`SearchLimits`], [`Stop`]). Kept apart from the `backtrack` solver
//! ([`crate::solve::search::backtrack`]) because that solver runs [`crate::solve::search::Searcher`], and
//! the searches import these types: with them in `backtrack.rs` the two files imported each other.
//!
//! [`Engine`] is the previous search, kept unchanged because instance generation depends on its
//! exact order of digits and cells (the committed `instances.txt` files must come out the same):
//! each cell keeps its candidates as a `u64` bitset (bit d − 1 = digit d). Placing a digit removes
//! it from the peers' candidates; a peer left with one candidate is a **naked single** and is
//! placed next; a digit with one possible cell in a house is a **hidden single**. Both are
//! propagated to a fixpoint before every guess; a cell or a house-digit with no place left is a
//! dead end. Guesses go to the cell with the fewest candidates. The search is iterative (a stack of
//! states, one per guess depth), counts solutions up to a limit, and looks at the clock every 256
//! branches. It also serves [`count_solutions`], whose first solution callers compare.
//!
//! Complexity: exponential in the worst case (Sudoku completion is NP-complete); each propagation
//! sweep is O(N²) for hidden singles plus O(3N) per placement; space O(N² · depth).

use std::time::Instant;

use rand::Rng;

use crate::grid::{Grid, Shape};
/// Precomputed peers and houses of one shape.
#[derive(Debug, Clone)]
struct Tables {
    shape: Shape,
    n: usize,
    peer_count: usize,
    /// `peers[cell * peer_count ..][..peer_count]`.
    peers: Vec<u16>,
    /// `houses[h * n ..][..n]`, rows then columns then boxes.
    houses: Vec<u16>,
    /// The row, column and box (house indices) of each cell.
    cell_houses: Vec<[u16; 3]>,
    all: u64,
}

impl Tables {
    fn new(shape: Shape) -> Tables {
        let n = shape.n();
        let peers = (0..shape.cells()).flat_map(|c| shape.peers(c)).map(|p| p as u16).collect();
        let houses = shape.houses().into_iter().flat_map(|h| shape.house_cells(h)).map(|c| c as u16).collect();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let cell_houses = (0..shape.cells())
            .map(|c| [shape.row_of(c) as u16, (n + shape.col_of(c)) as u16, (2 * n + shape.box_of(c)) as u16])
            .collect();
        Tables { shape, n, peer_count: shape.peer_count(), peers, houses, cell_houses, all }
    }
}

/// The search state at one depth: candidates and values of every cell.
#[derive(Debug, Clone, Default)]
struct State {
    /// Candidates of each empty cell; a filled cell keeps just its digit's bit.
    cand: Vec<u64>,
    /// Digits placed in each house.
    done: Vec<u64>,
    /// Digit of each cell (0 = empty).
    value: Vec<u8>,
    /// Number of empty cells.
    empty: usize,
}

/// Why a search stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The whole tree was explored: the solution count is exact.
    Exhausted,
    /// The solution limit was reached (or the callback asked to stop).
    SolutionLimit,
    /// The deadline passed.
    Deadline,
    /// The branch (node) limit was reached.
    NodeLimit,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// Solutions found (exact when `stop == Exhausted`).
    pub solutions: u64,
    /// Why the search stopped.
    pub stop: Stop,
    /// Branch states entered (1 + guesses).
    pub nodes: u64,
    /// Guesses: digits tried at branching cells.
    pub guesses: u64,
    /// Dead ends: guesses whose propagation failed.
    pub dead_ends: u64,
}

impl Search {
    /// The count at the root of a search: one node entered, nothing found, no limit met.
    pub fn root() -> Search {
        Search { solutions: 0, stop: Stop::Exhausted, nodes: 1, guesses: 0, dead_ends: 0 }
    }
}

/// Limits of one search.
#[derive(Debug, Clone, Copy)]
pub struct SearchLimits {
    /// Stop after this many solutions.
    pub max_solutions: u64,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop after this many branch states.
    pub max_nodes: Option<u64>,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits { max_solutions: 1, deadline: None, max_nodes: None }
    }
}

/// A reusable search engine for one shape (tables and state buffers are kept between searches).
#[derive(Debug, Clone)]
pub struct Engine {
    t: Tables,
    states: Vec<State>,
    queue: Vec<u16>,
    frames: Vec<Frame>,
}

/// The branching frame: the cell branched on and the digits not yet tried.
#[derive(Debug, Clone)]
struct Frame {
    cell: usize,
    remaining: u64,
}

impl Engine {
    /// An engine for `shape`.
    pub fn new(shape: Shape) -> Engine {
        Engine { t: Tables::new(shape), states: Vec::new(), queue: Vec::new(), frames: Vec::new() }
    }

    /// The shape this engine searches.
    pub fn shape(&self) -> Shape {
        self.t.shape
    }

    /// Searches `puzzle` (which must have this engine's shape), calling `on_solution` with each
    /// solution's cells; the callback returns `false` to stop. Digits are tried in ascending order,
    /// or in random order when `rng` is given.
    pub fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        rng: Option<&mut dyn rand::RngCore>,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Search {
        assert_eq!(puzzle.shape(), self.t.shape, "engine built for another shape");
        let mut result = Search::root();
        if self.states.is_empty() {
            self.states.push(State::default());
        }
        if !self.load(puzzle) || !self.propagate(0) {
            return result;
        }
        if self.states[0].empty == 0 {
            result.solutions = 1;
            if !on_solution(&self.states[0].value) || limits.max_solutions <= 1 {
                result.stop = Stop::SolutionLimit;
            }
            return result;
        }
        let mut frames = std::mem::take(&mut self.frames);
        frames.clear();
        frames.push(self.branch_frame(0));
        let result = self.branch(&mut frames, result, limits, rng, on_solution);
        self.frames = frames;
        result
    }

    /// The depth-first loop over `frames` (an explicit stack: no recursion limit).
    fn branch(
        &mut self,
        frames: &mut Vec<Frame>,
        mut result: Search,
        limits: SearchLimits,
        mut rng: Option<&mut dyn rand::RngCore>,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Search {
        while let Some(frame) = frames.last_mut() {
            if frame.remaining == 0 {
                frames.pop();
                continue;
            }
            let bit = match rng.as_deref_mut() {
                Some(r) => nth_bit(frame.remaining, r.random_range(0..frame.remaining.count_ones())),
                None => frame.remaining & frame.remaining.wrapping_neg(),
            };
            frame.remaining &= !bit;
            let cell = frame.cell;
            let depth = frames.len();
            if self.states.len() <= depth {
                self.states.push(State::default());
            }
            let (parents, children) = self.states.split_at_mut(depth);
            children[0].clone_from(&parents[depth - 1]);
            result.guesses += 1;
            result.nodes += 1;
            if result.nodes.is_multiple_of(256) {
                if crate::solve::cancel::past(limits.deadline) {
                    result.stop = Stop::Deadline;
                    return result;
                }
                if limits.max_nodes.is_some_and(|m| result.nodes >= m) {
                    result.stop = Stop::NodeLimit;
                    return result;
                }
            }
            if !(self.place(depth, cell, bit) && self.propagate(depth)) {
                result.dead_ends += 1;
                continue;
            }
            if self.states[depth].empty == 0 {
                result.solutions += 1;
                if !on_solution(&self.states[depth].value) || result.solutions >= limits.max_solutions {
                    result.stop = Stop::SolutionLimit;
                    return result;
                }
                continue;
            }
            let next = self.branch_frame(depth);
            frames.push(next);
        }
        result
    }

    /// Loads the givens into the root state; false when two givens clash.
    fn load(&mut self, puzzle: &Grid) -> bool {
        let cells = self.t.shape.cells();
        let s = &mut self.states[0];
        s.cand.clear();
        s.cand.resize(cells, self.t.all);
        s.value.clear();
        s.value.resize(cells, 0);
        s.done.clear();
        s.done.resize(3 * self.t.n, 0);
        s.empty = cells;
        self.queue.clear();
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 && !self.place(0, cell, 1u64 << (d - 1)) {
                return false;
            }
        }
        true
    }

    /// Places digit `bit` in `cell` at `depth` and removes it from the peers; queues naked
    /// singles. False on a contradiction (the digit is not a candidate, or a peer runs dry).
    #[inline]
    fn place(&mut self, depth: usize, cell: usize, bit: u64) -> bool {
        let s = &mut self.states[depth];
        if s.value[cell] != 0 {
            return s.value[cell] as u32 == bit.trailing_zeros() + 1;
        }
        if s.cand[cell] & bit == 0 {
            return false;
        }
        s.value[cell] = (bit.trailing_zeros() + 1) as u8;
        s.cand[cell] = bit;
        s.empty -= 1;
        for h in self.t.cell_houses[cell] {
            s.done[h as usize] |= bit;
        }
        let pc = self.t.peer_count;
        for &p in &self.t.peers[cell * pc..(cell + 1) * pc] {
            let c = &mut s.cand[p as usize];
            if *c & bit != 0 {
                *c &= !bit;
                if *c & (*c - 1) == 0 {
                    if *c == 0 {
                        return false;
                    }
                    self.queue.push(p);
                }
            }
        }
        true
    }

    /// Propagates naked and hidden singles at `depth` to a fixpoint; false on a contradiction.
    fn propagate(&mut self, depth: usize) -> bool {
        loop {
            while let Some(p) = self.queue.pop() {
                // A cell placed since it was queued holds its own bit: `place` accepts that.
                let c = self.states[depth].cand[p as usize];
                if !self.place(depth, p as usize, c) {
                    self.queue.clear();
                    return false;
                }
            }
            if self.states[depth].empty == 0 {
                return true;
            }
            match self.hidden_singles(depth) {
                None => {
                    self.queue.clear();
                    return false;
                }
                Some(0) => return true,
                Some(_) => {}
            }
        }
    }

    /// Places every hidden single found in one sweep of the houses. Returns how many were placed,
    /// or `None` on a contradiction (a house-digit with no place).
    fn hidden_singles(&mut self, depth: usize) -> Option<usize> {
        let n = self.t.n;
        let mut placed = 0;
        for h in 0..3 * n {
            let (mut once, mut twice) = (0u64, 0u64);
            let s = &self.states[depth];
            for &cell in &self.t.houses[h * n..(h + 1) * n] {
                let c = s.cand[cell as usize];
                twice |= once & c;
                once |= c;
            }
            if once != self.t.all {
                return None;
            }
            let mut singles = once & !twice & !s.done[h];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= !bit;
                let cell = self.t.houses[h * n..(h + 1) * n]
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.states[depth].cand[c] & bit != 0);
                // An earlier placement in this sweep may have taken the digit's only place.
                let cell = cell?;
                if !self.place(depth, cell, bit) {
                    return None;
                }
                placed += 1;
            }
            if !self.queue.is_empty() {
                // Let naked singles run before sweeping further: they are cheaper.
                return Some(placed);
            }
        }
        Some(placed)
    }

    /// A branching frame on the empty cell with the fewest candidates at `depth`.
    fn branch_frame(&self, depth: usize) -> Frame {
        let s = &self.states[depth];
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (cell, &c) in s.cand.iter().enumerate() {
            // Filled cells hold one bit; after propagation no empty cell does.
            let k = c.count_ones();
            if k > 1 && k < best_count {
                best = cell;
                best_count = k;
                if k == 2 {
                    break;
                }
            }
        }
        Frame { cell: best, remaining: s.cand[best] }
    }
}

/// The `k`-th (0-based) set bit of `mask`, as a one-bit mask.
fn nth_bit(mut mask: u64, k: u32) -> u64 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

/// Counts the solutions of `puzzle` up to `limit`; returns the count and the first solution.
/// The count is exact when it is below `limit`.
pub fn count_solutions(puzzle: &Grid, limit: u64) -> (u64, Option<Grid>) {
    let mut first = None;
    let limits = SearchLimits { max_solutions: limit, ..SearchLimits::default() };
    let search = Engine::new(puzzle.shape()).search(puzzle, limits, None, &mut |cells| {
        if first.is_none() {
            first = Some(cells.to_vec());
        }
        true
    });
    let first = first.map(|c| Grid::from_cells(puzzle.shape(), c).expect("digits are 1..=N"));
    (search.solutions, first)
}
