//! The search behind the `backtrack` solver for grids of more than 256 cells (25×25 … 64×64):
//! the exact-cover view of Sudoku kept as bitsets, with a trail, locked candidates and restarts.
//! [`Searcher`] picks it, [`crate::solve::search::band`] for 9×9, or [`crate::solve::search::planes`] for the
//! other grids of at most 256 cells (on 16×16, gecode set, the bitboards take about half the time
//! of this search at the same guesses).
//!
//! The state holds two views of the same candidates, as bitsets of one [`Word`] width (`u16` for
//! N ≤ 16, `u32` for N ≤ 32, `u64` above): per **cell**, the digits it may still take; per
//! **house-digit**, the places (positions in the house) where the digit may still go. Removing a
//! candidate updates the cell and its three house-digits at once, so both kinds of single are seen
//! the moment they appear: a cell left with one digit is a **naked single**, a house-digit left
//! with one place a **hidden single**, and either left with none is a **dead end**. A placed
//! digit's house-digits are emptied, so an empty house-digit means "done" once propagation settles.
//!
//! - **Locked candidates** (pointing and claiming) run whenever the singles settle: a box-digit
//!   whose places lie in one row or column of the box leaves the rest of that line, and a
//!   line-digit whose places lie in one box leaves the rest of the box.
//! - **Branching** goes to whatever has the fewest options: the empty cell with the fewest
//!   candidates, or the house-digit with the fewest places when that is fewer (cells win ties).
//!   Options are tried in ascending order (digits, or positions in the house).
//! - **State**: every write to a bitset is recorded on a trail (index and old word); a branch
//!   undoes the trail back to its mark instead of copying the state, so a guess costs what it
//!   changed, not O(N²) words (a 64×64 state is over 100 KB). Copying each branch point's state is
//!   kept as an option ([`Core::set_trailing`]) for the tests, as an independent undo.
//! - **Restarts** (from N = 25, when one solution is wanted): runs are cut after a Luby sequence
//!   of dead-end budgets (32, 32, 64, 32, …), so a run that meets no dead end is never cut (a
//!   budget of nodes would cut the first run of an empty grid, which needs N² nodes and no dead
//!   end); every run after the first breaks ties (cells and house-digits alike) and orders options
//!   at random, from a generator seeded by the puzzle (mixed with the solver seed when one is
//!   given, [`Core::set_seed`]), so results are reproducible. The restarts
//!   open with a run of the plain cell search ([`crate::solve::search::engine::Engine`], the
//!   generators' search: fewest candidates, digits in ascending order, no locked candidates) for
//!   at most 8 nodes per cell: it fills empty and nearly empty grids without a dead end, where the
//!   house-digit branching and locked candidates of this search lose their way, and costs little
//!   where it gives up. Restarts cut the heavy tail of a single deterministic run at the 25×25
//!   peak; below N = 25 they cost more than they save.
//! - **Probing** (in the restarting runs, [`Core::set_probing`]): at every node, once propagation
//!   settles, each option of every cell with two candidates and every house-digit with two places
//!   is tried with singles alone; an option that fails leaves the other, placed for real, and the
//!   sweeps repeat until one places nothing (failed-literal probing, as in SAT and as singleton
//!   consistency in CSP). A node costs several times more, but far fewer are needed.
//!
//! Each of these choices was measured against its alternatives: the numbers are in
//! docs/benchmarks.md ("Why the solvers are built as they are").
//!
//! Statistics follow [`crate::solve::Stats`]: `nodes` = 1 + guesses, `guesses` = options tried at
//! branch points (which always have two or more), dead ends = options whose propagation (probing
//! included) failed; they add up over restarts. Probes are neither nodes nor dead ends, so a node
//! of the restarting runs costs more than one of the first run. The clock is read every 16 nodes.
//!
//! Complexity: exponential in the worst case (Sudoku completion is NP-complete). A placement
//! costs O(N) (its peers and its other digits, three house-digits each); a locked-candidates
//! sweep and a branching choice each cost O(N²), a probing sweep O(N²) propagations; space is
//! O(N²) words plus a trail of at most one entry per candidate removed, O(N³).

use crate::grid::{Grid, Shape};
use crate::solve::search::cellset::with_popcnt;
use crate::solve::search::engine::{Engine, Search, SearchLimits, Stop};

use super::word::{nth, Word};

/// Precomputed geometry of one shape.
#[derive(Debug, Clone)]
struct Geometry {
    shape: Shape,
    n: usize,
    /// N², the number of cells; also where the house-digit words start.
    nn: usize,
    peer_count: usize,
    /// `peers[cell * peer_count ..][..peer_count]`.
    peers: Vec<u16>,
    /// Per cell: the word index of digit 0 in its row, column and box (`N² + house · N`; houses
    /// are rows, then columns, then boxes).
    houses: Vec<[u32; 3]>,
    /// Per cell: its position in its row, column and box.
    places: Vec<[u8; 3]>,
    /// `house_cells[h * n + p]`: the cell at position `p` of house `h`.
    house_cells: Vec<u16>,
    /// Per row `i` of a box: its places in the box.
    box_row_places: Vec<u64>,
    /// Per column `j` of a box: its places in the box.
    box_col_places: Vec<u64>,
    /// `(x / c, x % c)` for x < N ≤ 64, c the box width: the sweep of locked candidates divides by
    /// the box's sides thousands of times per node, and a division by a number known only at
    /// run time costs tens of cycles.
    by_width: [(u8, u8); 64],
    /// `(x / r, x % r)` for x < N, r the box height.
    by_height: [(u8, u8); 64],
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.n();
        let (r, c) = (shape.box_rows(), shape.box_cols());
        let cells = shape.cells();
        let peers = (0..cells).flat_map(|x| shape.peers(x)).map(|p| p as u16).collect();
        let houses = (0..cells)
            .map(|x| [shape.row_of(x), n + shape.col_of(x), 2 * n + shape.box_of(x)].map(|h| (cells + h * n) as u32))
            .collect();
        let places = (0..cells)
            .map(|x| {
                let (row, col) = (shape.row_of(x), shape.col_of(x));
                [col as u8, row as u8, ((row % r) * c + col % c) as u8]
            })
            .collect();
        let house_cells = shape.houses().into_iter().flat_map(|h| shape.house_cells(h)).map(|x| x as u16).collect();
        let box_row_places = (0..r).map(|i| (0..c).fold(0u64, |m, j| m | 1 << (i * c + j))).collect();
        let box_col_places = (0..c).map(|j| (0..r).fold(0u64, |m, i| m | 1 << (i * c + j))).collect();
        Geometry {
            shape,
            n,
            nn: cells,
            peer_count: shape.peer_count(),
            peers,
            houses,
            places,
            house_cells,
            box_row_places,
            box_col_places,
            by_width: std::array::from_fn(|x| ((x / c) as u8, (x % c) as u8)),
            by_height: std::array::from_fn(|x| ((x / r) as u8, (x % r) as u8)),
        }
    }
}

/// One branch point: what it branches on, the options not yet tried, and the marks to undo to.
#[derive(Debug, Clone, Copy)]
struct Frame<W> {
    /// A cell (`< N²`) or a house-digit word index (`≥ N²`).
    on: usize,
    remaining: W,
    trail: usize,
    placed: usize,
    empty: usize,
    /// Where this branch point's copy of the state starts in [`Core::saved`] (copying mode).
    saved: usize,
}

/// The search over one shape with bitsets of width `W`; buffers are kept between searches.
#[derive(Debug, Clone)]
pub struct Core<W> {
    g: Geometry,
    /// Candidates of each cell (`0..N²`), then places of each house-digit (`N² + h·N + d`).
    words: Vec<W>,
    /// Digit of each cell (0 = empty).
    value: Vec<u8>,
    /// Number of empty cells.
    empty: usize,
    /// Old words, to undo writes: (index, value before the write).
    trail: Vec<(u32, W)>,
    /// Cells placed, in order, to undo placements.
    placed: Vec<u16>,
    /// Naked singles to place (cells).
    naked: Vec<u16>,
    /// Hidden singles to place (house-digit word indices).
    hidden: Vec<u32>,
    frames: Vec<Frame<W>>,
    /// Run locked candidates after the singles.
    locked: bool,
    /// Undo by the trail (true) or by copies of the state saved at each branch point (false).
    trailing: bool,
    /// Copies of `words` then `value` at each branch point (copying mode).
    saved: Vec<W>,
    saved_values: Vec<u8>,
    /// Restart with randomised tie-breaks when looking for one solution.
    restarts: bool,
    /// The plain cell search of the opening run (made on first use).
    opener: Option<Engine>,
    /// The tie-break generator of the current run (xorshift; `None` in the first run).
    rng: Option<u64>,
    /// The solver seed mixed into the puzzle's seed of the tie-breaks ([`Core::set_seed`]).
    seed: Option<u64>,
    /// Probe failed literals at every node of the restarting runs (see [`Core::probe`]).
    probing: bool,
    /// Whether the current run probes: the restarting runs do, a single complete run does not.
    probing_now: bool,
}

/// The next state of a xorshift64 generator (never 0 from a non-zero state).
fn xorshift(mut x: u64) -> u64 {
    x ^= x << 13;
    x ^= x >> 7;
    x ^ x << 17
}

/// Dead ends per unit of the Luby restart sequence.
const RESTART_UNIT: u64 = 32;

/// Nodes per cell of the opening run of the plain cell search, before the restarting search.
const OPENING_NODES_PER_CELL: u64 = 8;

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …
pub(crate) fn luby(mut i: u64) -> u64 {
    loop {
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

impl<W: Word> Core<W> {
    /// The shape this search is built for.
    pub fn shape(&self) -> Shape {
        self.g.shape
    }

    /// A search for `shape`; panics when N exceeds the word's width.
    pub fn new(shape: Shape) -> Core<W> {
        assert!(shape.n() as u32 <= W::BITS, "N = {} does not fit a {}-bit word", shape.n(), W::BITS);
        Core {
            g: Geometry::new(shape),
            words: Vec::new(),
            value: Vec::new(),
            empty: 0,
            trail: Vec::new(),
            placed: Vec::new(),
            naked: Vec::new(),
            hidden: Vec::new(),
            frames: Vec::new(),
            locked: true,
            trailing: true,
            saved: Vec::new(),
            saved_values: Vec::new(),
            restarts: shape.n() >= 25,
            opener: None,
            rng: None,
            seed: None,
            probing: true,
            probing_now: false,
        }
    }

    /// Undo by a trail (true, the default) or by copying the state at each branch point (false).
    pub fn set_trailing(&mut self, on: bool) {
        self.trailing = on;
    }

    /// Turns failed-literal probing on or off in the restarting runs (on by default; it needs the
    /// trail, so copying mode never probes).
    pub fn set_probing(&mut self, on: bool) {
        self.probing = on;
    }

    /// Turns locked candidates on or off (on by default).
    pub fn set_locked_candidates(&mut self, on: bool) {
        self.locked = on;
    }

    /// Mixes a solver seed into the seed of the restarts' tie-breaks (`None`, the default: the
    /// puzzle's alone, as without solver seeds). The first run breaks no tie at random, so only
    /// searches that restart see it.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// Searches `puzzle`, calling `on_solution` with each solution's cells (it returns `false` to
    /// stop), up to `limits`. With restarts on and one solution wanted, runs restart after a
    /// Luby sequence of dead-end budgets, every run after the first with randomised tie-breaks seeded
    /// from the puzzle (so a puzzle always gets the same runs); the counters add up over runs.
    pub fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Search {
        assert_eq!(puzzle.shape(), self.g.shape, "search built for another shape");
        let mut result = Search::root();
        self.rng = None;
        self.probing_now = false;
        if !self.restarts || limits.max_solutions > 1 {
            result.stop = self.run(puzzle, limits, u64::MAX, &mut result, on_solution).unwrap_or(Stop::NodeLimit);
            return result;
        }
        // The opening: the plain cell search, for OPENING_NODES_PER_CELL · N² nodes (see the module doc).
        let opening = (OPENING_NODES_PER_CELL * self.g.nn as u64).min(limits.max_nodes.unwrap_or(u64::MAX));
        let engine = self.opener.get_or_insert_with(|| Engine::new(self.g.shape));
        let first = engine.search(puzzle, SearchLimits { max_nodes: Some(opening), ..limits }, None, on_solution);
        let caller_limit = limits.max_nodes.is_some_and(|m| first.nodes >= m);
        if first.stop != Stop::NodeLimit || caller_limit {
            return first;
        }
        (result.nodes, result.guesses, result.dead_ends) = (first.nodes, first.guesses, first.dead_ends);
        let seed =
            puzzle.cells().iter().fold(0x9e37_79b9_7f4a_7c15u64, |h, &d| (h ^ d as u64).wrapping_mul(0x100_0000_01b3));
        let seed = match self.seed {
            None => seed,
            Some(s) => seed ^ s.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29),
        };
        self.probing_now = self.probing && self.trailing;
        for run in 1u64.. {
            let budget = result.dead_ends.saturating_add(RESTART_UNIT * luby(run));
            if let Some(stop) = self.run(puzzle, limits, budget, &mut result, on_solution) {
                result.stop = stop;
                return result;
            }
            self.rng = Some((seed ^ run.wrapping_mul(0xbf58_476d_1ce4_e5b9)) | 1);
        }
        unreachable!("the runs end with an answer or a limit")
    }

    /// One run of the search, stopping when `result.dead_ends` reaches `budget` (`None`: restart).
    fn run(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        budget: u64,
        result: &mut Search,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Option<Stop> {
        if !self.load(puzzle) || !self.propagate() || (self.probing_now && !self.probe()) {
            return Some(Stop::Exhausted);
        }
        if self.empty == 0 {
            result.solutions = 1;
            let go_on = on_solution(&self.value) && limits.max_solutions > 1;
            return Some(if go_on { Stop::Exhausted } else { Stop::SolutionLimit });
        }
        let poll: u64 = 15;
        self.frames.clear();
        self.saved.clear();
        self.saved_values.clear();
        let root = self.frame();
        self.push(root);
        while let Some(frame) = self.frames.last_mut() {
            if frame.remaining == W::ZERO {
                let saved = frame.saved;
                self.frames.pop();
                if !self.trailing {
                    self.saved.truncate(saved);
                    self.saved_values.truncate(saved / 4);
                }
                continue;
            }
            let option = match self.rng.as_mut() {
                Some(rng) => {
                    *rng = xorshift(*rng);
                    nth(frame.remaining, (*rng % frame.remaining.count() as u64) as usize)
                }
                _ => frame.remaining.first(),
            };
            frame.remaining = frame.remaining & !W::bit(option);
            let frame = *frame;
            self.undo(&frame);
            result.guesses += 1;
            result.nodes += 1;
            if result.nodes & poll == 0 {
                if crate::solve::cancel::past(limits.deadline) {
                    return Some(Stop::Deadline);
                }
                if limits.max_nodes.is_some_and(|m| result.nodes >= m) {
                    return Some(Stop::NodeLimit);
                }
            }
            let (cell, digit) = self.option(frame.on, option);
            if !(self.place(cell, digit) && self.propagate() && (!self.probing_now || self.probe())) {
                self.naked.clear();
                self.hidden.clear();
                result.dead_ends += 1;
                if result.dead_ends >= budget {
                    return None;
                }
                continue;
            }
            if self.empty == 0 {
                result.solutions += 1;
                if !on_solution(&self.value) || result.solutions >= limits.max_solutions {
                    return Some(Stop::SolutionLimit);
                }
                continue;
            }
            let next = self.frame();
            self.push(next);
        }
        Some(Stop::Exhausted)
    }

    /// The (cell, digit index) of option `option` of branch `on`.
    #[inline]
    fn option(&self, on: usize, option: usize) -> (usize, usize) {
        if on < self.g.nn {
            (on, option)
        } else {
            let (h, d) = ((on - self.g.nn) / self.g.n, (on - self.g.nn) % self.g.n);
            (self.g.house_cells[h * self.g.n + option] as usize, d)
        }
    }

    /// A branch point on the fewest options at the current (settled, unfinished) state.
    fn frame(&mut self) -> Frame<W> {
        if self.rng.is_some() {
            return self.random_frame();
        }
        let best = with_popcnt(
            &*self,
            #[inline(always)]
            |core| core.fewest_scan(),
        );
        self.frame_on(best)
    }

    /// A branch point on word `best` (a cell or a house-digit) at the current state.
    fn frame_on(&self, best: usize) -> Frame<W> {
        Frame {
            on: best,
            remaining: self.words[best],
            trail: self.trail.len(),
            placed: self.placed.len(),
            empty: self.empty,
            saved: self.saved.len(),
        }
    }

    /// The first cell, else the first house-digit, with the fewest options (two or more), for
    /// [`Core::frame`]; inlined into the copy [`with_popcnt`] compiles.
    #[inline(always)]
    fn fewest_scan(&self) -> usize {
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (cell, &c) in self.words[..self.g.nn].iter().enumerate() {
            // Placed cells hold one digit; once propagation settles, no empty cell does.
            let k = c.count();
            if k > 1 && k < best_count {
                best = cell;
                best_count = k;
                if k == 2 {
                    break;
                }
            }
        }
        if best_count > 2 {
            for (i, &m) in self.words[self.g.nn..].iter().enumerate() {
                // Done house-digits are empty; once propagation settles, no other has one place.
                let k = m.count();
                if k > 1 && k < best_count {
                    best = self.g.nn + i;
                    best_count = k;
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A branch point on the fewest options, ties (cells and house-digits alike) broken at random.
    fn random_frame(&mut self) -> Frame<W> {
        // Two plain passes (the fewest options and their number, then the chosen tie) beat one
        // pass that draws a random number at every tie.
        let (fewest, ties) = with_popcnt(
            &self.words,
            #[inline(always)]
            |words| fewest_and_ties(words),
        );
        let rng = xorshift(self.rng.expect("called with an rng"));
        self.rng = Some(rng);
        let pick = (rng % ties) as usize;
        let best = with_popcnt(
            &self.words,
            #[inline(always)]
            |words| nth_with(words, fewest, pick),
        );
        self.frame_on(best)
    }

    /// Saves a copy of the state for `frame` (copying mode) and pushes it.
    fn push(&mut self, frame: Frame<W>) {
        if !self.trailing {
            self.saved.extend_from_slice(&self.words);
            self.saved_values.extend_from_slice(&self.value);
        }
        self.frames.push(frame);
    }

    /// Returns to the state at `frame`.
    fn undo(&mut self, frame: &Frame<W>) {
        if !self.trailing {
            let len = self.words.len();
            self.words.copy_from_slice(&self.saved[frame.saved..frame.saved + len]);
            let at = frame.saved / len * self.g.nn;
            self.value.copy_from_slice(&self.saved_values[at..at + self.g.nn]);
            self.empty = frame.empty;
            return;
        }
        self.undo_to(frame.trail, frame.placed, frame.empty);
    }

    /// Failed-literal probing at a settled state: each option of every cell with two candidates
    /// and every house-digit with two places is placed in turn and its singles propagated (no
    /// locked candidates: with them a probe cost several times more, and on planted 25×25 at
    /// α = 0.45 the search took twice the time); an option that fails leaves the other, which is
    /// placed for real and propagated in full. Sweeps repeat until one places nothing. False on a
    /// dead end. The probes are undone by the trail and are not nodes. Cost: O(N²) probes per
    /// sweep, each a propagation.
    fn probe(&mut self) -> bool {
        let words = self.g.nn + 3 * self.g.n * self.g.n;
        loop {
            let mut changed = false;
            for i in 0..words {
                if self.empty == 0 {
                    return true;
                }
                let w = self.words[i];
                // Placed cells hold one digit and done house-digits none.
                if w.count() != 2 {
                    continue;
                }
                let options = [w.first(), w.last()];
                if let Some(k) = (0..2).find(|&k| !self.survives(i, options[k])) {
                    let (cell, d) = self.option(i, options[1 - k]);
                    if !(self.place(cell, d) && self.propagate()) {
                        self.naked.clear();
                        self.hidden.clear();
                        return false;
                    }
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Whether option `option` of word `i` survives the singles it implies; the state is restored.
    fn survives(&mut self, i: usize, option: usize) -> bool {
        let (trail, placed, empty) = (self.trail.len(), self.placed.len(), self.empty);
        let (cell, d) = self.option(i, option);
        let locked = std::mem::replace(&mut self.locked, false);
        let ok = self.place(cell, d) && self.propagate();
        self.locked = locked;
        self.naked.clear();
        self.hidden.clear();
        self.undo_to(trail, placed, empty);
        ok
    }

    /// Undoes the trail and the placements back to the given marks.
    fn undo_to(&mut self, trail: usize, placed: usize, empty: usize) {
        for &(i, old) in self.trail[trail..].iter().rev() {
            self.words[i as usize] = old;
        }
        self.trail.truncate(trail);
        for &cell in &self.placed[placed..] {
            self.value[cell as usize] = 0;
        }
        self.placed.truncate(placed);
        self.empty = empty;
    }

    /// Resets the state and places the givens (without propagating); false when they clash.
    fn load(&mut self, puzzle: &Grid) -> bool {
        let (n, nn) = (self.g.n, self.g.nn);
        self.words.clear();
        self.words.resize(nn + 3 * n * n, W::low(n));
        self.value.clear();
        self.value.resize(nn, 0);
        self.empty = nn;
        self.placed.clear();
        self.naked.clear();
        self.hidden.clear();
        self.trail.clear();
        // The givens are never undone: no trail while placing them.
        let trailing = std::mem::replace(&mut self.trailing, false);
        let ok = puzzle.cells().iter().enumerate().all(|(cell, &d)| d == 0 || self.place(cell, d as usize - 1));
        self.trailing = trailing;
        self.placed.clear();
        ok
    }

    /// Writes `word` at `i`, recording the old word on the trail.
    #[inline]
    fn set(&mut self, i: usize, word: W) {
        if self.trailing {
            self.trail.push((i as u32, self.words[i]));
        }
        self.words[i] = word;
    }

    /// Removes place `place` from house-digit word `i`; false when none is left.
    #[inline(always)]
    fn unplace(&mut self, i: usize, place: usize) -> bool {
        let m = self.words[i];
        let bit = W::bit(place);
        if m & bit == W::ZERO {
            return true;
        }
        let rest = m & !bit;
        self.set(i, rest);
        if rest.at_most_one() {
            if rest == W::ZERO {
                return false;
            }
            self.hidden.push(i as u32);
        }
        true
    }

    /// Removes digit index `d` from the candidates of the empty `cell`; false on a dead end.
    #[inline(always)]
    fn eliminate(&mut self, cell: usize, d: usize) -> bool {
        let c = self.words[cell];
        let bit = W::bit(d);
        if c & bit == W::ZERO {
            return true;
        }
        let rest = c & !bit;
        self.set(cell, rest);
        if rest.at_most_one() {
            if rest == W::ZERO {
                return false;
            }
            self.naked.push(cell as u16);
        }
        let (houses, places) = (self.g.houses[cell], self.g.places[cell]);
        self.unplace(houses[0] as usize + d, places[0] as usize)
            && self.unplace(houses[1] as usize + d, places[1] as usize)
            && self.unplace(houses[2] as usize + d, places[2] as usize)
    }

    /// Places digit index `d` in `cell`: its house-digits are done, its other digits leave its
    /// houses, and the digit leaves its peers. False on a dead end.
    fn place(&mut self, cell: usize, d: usize) -> bool {
        if self.value[cell] != 0 {
            return self.value[cell] as usize == d + 1;
        }
        let c = self.words[cell];
        let bit = W::bit(d);
        if c & bit == W::ZERO {
            return false;
        }
        self.value[cell] = d as u8 + 1;
        if self.trailing {
            self.placed.push(cell as u16);
        }
        self.empty -= 1;
        let (houses, places) = (self.g.houses[cell], self.g.places[cell]);
        for h in houses {
            self.set(h as usize + d, W::ZERO);
        }
        self.set(cell, bit);
        let mut others = c & !bit;
        while others != W::ZERO {
            let e = others.first();
            others = others.rest();
            if !(self.unplace(houses[0] as usize + e, places[0] as usize)
                && self.unplace(houses[1] as usize + e, places[1] as usize)
                && self.unplace(houses[2] as usize + e, places[2] as usize))
            {
                return false;
            }
        }
        let pc = self.g.peer_count;
        for k in cell * pc..(cell + 1) * pc {
            let p = self.g.peers[k] as usize;
            if self.words[p] & bit != W::ZERO && !self.eliminate(p, d) {
                return false;
            }
        }
        true
    }

    /// Places singles (and runs locked candidates, when on) until nothing changes; false on a dead
    /// end (the queues are then emptied).
    fn propagate(&mut self) -> bool {
        let (n, nn) = (self.g.n, self.g.nn);
        loop {
            let ok = if let Some(cell) = self.naked.pop() {
                let cell = cell as usize;
                // A cell placed since it was queued is skipped; one that ran dry already failed.
                self.value[cell] != 0 || self.place(cell, self.words[cell].first())
            } else if let Some(i) = self.hidden.pop() {
                let (i, m) = (i as usize, self.words[i as usize]);
                // An empty house-digit here was placed since it was queued.
                m == W::ZERO || self.place(self.g.house_cells[(i - nn) / n * n + m.first()] as usize, (i - nn) % n)
            } else if self.empty == 0 || !self.locked {
                return true;
            } else {
                match self.locked_candidates() {
                    Some(true) => true,
                    Some(false) => return true,
                    None => false,
                }
            };
            if !ok {
                self.naked.clear();
                self.hidden.clear();
                return false;
            }
        }
    }

    /// One sweep of pointing (box-digit in one line) and claiming (line-digit in one box).
    /// `Some(true)` when it removed a candidate, `None` on a dead end.
    fn locked_candidates(&mut self) -> Option<bool> {
        let (n, nn) = (self.g.n, self.g.nn);
        let (r, c) = (self.g.shape.box_rows(), self.g.shape.box_cols());
        let bands = n / c;
        let mut changed = false;
        let word = |h: usize, d: usize| nn + h * n + d;
        let (by_width, by_height) = (self.g.by_width, self.g.by_height);
        for b in 0..n {
            let (top, left) = ((b / bands) * r, (b % bands) * c);
            for d in 0..n {
                let m = self.words[word(2 * n + b, d)];
                if m.at_most_one() {
                    continue;
                }
                // A box place p is at row p / c and column p % c of the box.
                let ((lo_row, lo_col), (hi_row, _)) = (by_width[m.first()], by_width[m.last()]);
                let mut out = W::ZERO;
                let mut line = 0;
                if lo_row == hi_row {
                    // Pointing along row top + lo_row: clear the row outside this box's columns.
                    line = top + lo_row as usize;
                    out = self.words[word(line, d)] & !(W::low(c + left) & !W::low(left));
                } else if m & !W::from_u64(self.g.box_col_places[lo_col as usize]) == W::ZERO {
                    // Pointing along column left + lo_col: clear it outside this box's rows.
                    line = n + left + lo_col as usize;
                    out = self.words[word(line, d)] & !(W::low(r + top) & !W::low(top));
                }
                while out != W::ZERO {
                    let place = out.first();
                    out = out.rest();
                    changed = true;
                    if !self.eliminate(self.g.house_cells[line * n + place] as usize, d) {
                        return None;
                    }
                }
            }
        }
        for line in 0..2 * n {
            // A row's places are columns, in blocks of c; a column's are rows, in blocks of r.
            let (blocks, is_row) = if line < n { (&by_width, true) } else { (&by_height, false) };
            for d in 0..n {
                let m = self.words[word(line, d)];
                if m.at_most_one() || blocks[m.first()].0 != blocks[m.last()].0 {
                    continue;
                }
                let block = blocks[m.first()].0 as usize;
                let (b, keep) = if is_row {
                    let (band, row) = by_height[line];
                    (band as usize * bands + block, W::from_u64(self.g.box_row_places[row as usize]))
                } else {
                    let (stack, col) = by_width[line - n];
                    (block * bands + stack as usize, W::from_u64(self.g.box_col_places[col as usize]))
                };
                let mut out = self.words[word(2 * n + b, d)] & !keep;
                while out != W::ZERO {
                    let place = out.first();
                    out = out.rest();
                    changed = true;
                    if !self.eliminate(self.g.house_cells[(2 * n + b) * n + place] as usize, d) {
                        return None;
                    }
                }
            }
        }
        Some(changed)
    }
}

/// The fewest options (two or more) among `words` and how many words have that many, for
/// [`Core::random_frame`].
#[inline(always)]
fn fewest_and_ties<W: Word>(words: &[W]) -> (u32, u64) {
    let (mut fewest, mut ties) = (u32::MAX, 0u64);
    for &w in words {
        let k = w.count();
        if k > 1 && k <= fewest {
            ties = if k < fewest { 1 } else { ties + 1 };
            fewest = k;
        }
    }
    (fewest, ties)
}

/// The index of the `pick`-th (from 0) of `words` with `fewest` members.
#[inline(always)]
fn nth_with<W: Word>(words: &[W], fewest: u32, pick: usize) -> usize {
    let mut ties = words.iter().enumerate().filter(|(_, w)| w.count() == fewest);
    ties.nth(pick).map(|(i, _)| i).expect("the pick is below the number of ties")
}

#[cfg(test)]
pub(crate) mod tests;
