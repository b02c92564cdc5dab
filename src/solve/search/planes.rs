//! The search behind the `backtrack` solver for grids of at most 256 cells other than 9×9 (which
//! has [`crate::solve::search::band`]): one bitboard per digit, a `u128` up to 128 cells (4×4 … 10×10), a
//! [`U256`] up to 256 (12×12, 15×15, 16×16).
//!
//! Digit d's **plane** is a [`CellSet`] holding the cells where d may still go (a placed cell keeps
//! its bit in its own digit's plane only). Placing d in a cell is N + 1 board operations: the cell
//! leaves every other plane and the cell's peers leave plane d. Singles are found over whole boards:
//! bit-sliced counting across the planes gives the empty cells with no candidate (a **dead end**)
//! and with exactly one (**naked singles**); a plane ANDed with a house mask gives a house-digit's
//! places (none is a dead end, one empty cell a **hidden single**). Only planes changed since the
//! last sweep are swept for hidden singles.
//!
//! **Locked candidates** run whenever the singles settle, on the planes changed since the last
//! sweep: per box and line that meet, a digit of the box found only where they meet leaves the
//! rest of the line (pointing), and a digit of the line found only there leaves the rest of the box
//! (claiming). They cut guesses and time (docs/benchmarks.md, "`backtrack` up to 256 cells: locked
//! candidates"). On 16×16 with 4×4 boxes the sweep is [`crate::solve::search::locked16`]'s, on band
//! words, with a branch-free test that skips the planes where no rule holds: the same removals in
//! the same order, a fraction of the cost.
//!
//! **Branching** goes to whatever has the fewest options, as in [`crate::solve::search`]: a cell
//! with two candidates, else a house-digit with two places, else the fewest of either (cells win
//! ties); the counts behind that choice are bit-sliced across the planes (cells) and, where the
//! CPU has it, made with its population-count instruction (houses). A state is N + 1 boards (at
//! most 16 · 16 + 16 = 272 bytes with `u128`, 544 with [`U256`]), so each branch point keeps a
//! copy instead of a trail. No restarts: these searches are short. On 16×16 this search replaced
//! the trail search of [`crate::solve::search`], whose two views of the candidates cost more per
//! placement than they saved.
//!
//! Statistics and limits are those of [`crate::solve::search::Core`]; the clock is read every 256
//! nodes.
//!
//! Complexity: exponential in the worst case; a placement is O(N) boards, a singles sweep O(N²)
//! boards (a board is N²/64 words or fewer), space O(N · depth) boards.

use crate::grid::{Grid, Shape};
use crate::solve::search::cellset::with_popcnt;
pub use crate::solve::search::cellset::{CellSet, U256};
use crate::solve::search::engine::{Search, SearchLimits, Stop};
use crate::solve::search::locked16;

/// Largest N whose grid fits 256 bits (N² ≤ 256).
const MAX_N: usize = 16;

/// In a digit's dirty mask (a house mask, 3N ≤ 48 bits): the plane changed since the last
/// locked-candidates sweep.
const LOCKED: u64 = 1 << 63;

/// Candidates of a whole grid: one plane per digit, and the empty cells.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Board<B> {
    planes: [B; MAX_N],
    empty: B,
}

/// What a branch point branches on.
#[derive(Debug, Clone, Copy)]
enum On {
    /// A cell: the options are its digits (bit d − 1).
    Cell(usize),
    /// A digit index in a house: the options are its cells.
    Digit(usize),
}

/// A branch point: the state there, what it branches on, and the options not yet tried.
#[derive(Debug, Clone, Copy)]
struct Frame<B> {
    board: Board<B>,
    on: On,
    remaining: B,
}

/// The bitboard search for one shape of at most `B::BITS` cells; buffers are kept between
/// searches.
#[derive(Debug, Clone)]
pub struct Planes<B> {
    shape: Shape,
    n: usize,
    /// Peers of each cell, as a board mask.
    peers: Vec<B>,
    /// Cells of each house (rows, columns, boxes), as board masks.
    houses: Vec<B>,
    /// Per house lying in one 64-bit word of a board (16×16 rows and boxes): that word's index
    /// and the house's bits in it, for a cheaper hidden-singles test; `None` for the others.
    house_words: Vec<Option<(usize, u64)>>,
    /// Per cell: its three houses, as a house mask (bit h = house h).
    cell_houses: Vec<u64>,
    /// Per cell: the houses that meet its peers, as a house mask.
    peer_houses: Vec<u64>,
    /// Per box and line (row or column) that meet: the cells they share, the rest of the line
    /// and the rest of the box, for locked candidates.
    segments: Vec<[B; 3]>,
    /// 16×16 with 4×4 boxes: locked candidates by [`locked16::sweep`] on band words (the same
    /// sweep, far cheaper) instead of the generic segment masks.
    band16: bool,
    frames: Vec<Frame<B>>,
    value: Vec<u8>,
}

impl<B: CellSet> Planes<B> {
    /// True when `shape` fits (N² ≤ `B::BITS`).
    pub fn fits(shape: Shape) -> bool {
        shape.cells() <= B::BITS
    }

    /// A search for `shape`; panics when it has more than `B::BITS` cells.
    pub fn new(shape: Shape) -> Planes<B> {
        assert!(Planes::<B>::fits(shape), "{} cells do not fit {} bits", shape.cells(), B::BITS);
        let mask = |cells: Vec<usize>| cells.into_iter().fold(B::EMPTY, |m, c| m | B::single(c));
        let houses: Vec<B> = shape.houses().into_iter().map(|h| mask(shape.house_cells(h))).collect();
        let touching =
            |cells: B| (0..houses.len()).filter(|&h| !(houses[h] & cells).is_empty()).fold(0u64, |m, h| m | 1 << h);
        let peers: Vec<B> = (0..shape.cells()).map(|c| mask(shape.peers(c))).collect();
        let n = shape.n();
        let mut segments = Vec::new();
        for b in &houses[2 * n..] {
            for line in &houses[..2 * n] {
                let seg = *b & *line;
                if !seg.is_empty() {
                    segments.push([seg, *line & !*b, *b & !*line]);
                }
            }
        }
        let house_words = houses
            .iter()
            .map(|h| {
                let k = h.first() / 64;
                let word = h.word(k);
                (word.count_ones() as usize == n).then_some((k, word))
            })
            .collect();
        Planes {
            shape,
            n,
            segments,
            band16: shape.box_rows() == 4 && shape.box_cols() == 4,
            house_words,
            cell_houses: (0..shape.cells()).map(|c| touching(B::single(c))).collect(),
            peer_houses: peers.iter().map(|&p| touching(p)).collect(),
            peers,
            houses,
            frames: Vec::new(),
            value: vec![0; shape.cells()],
        }
    }

    /// The shape this search is built for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Searches `puzzle`, calling `on_solution` with each solution's cells (it returns `false` to
    /// stop), up to `limits`.
    pub fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        on_solution: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Search {
        assert_eq!(puzzle.shape(), self.shape, "search built for another shape");
        let mut result = Search::root();
        let Some(mut board) = self.load(puzzle) else { return result };
        if !self.propagate(&mut board, &mut [self.all_houses() | LOCKED; MAX_N]) {
            return result;
        }
        if board.empty.is_empty() {
            result.solutions = 1;
            if !on_solution(self.values(&board)) || limits.max_solutions <= 1 {
                result.stop = Stop::SolutionLimit;
            }
            return result;
        }
        self.frames.clear();
        let root = self.frame(&board);
        self.frames.push(root);
        while let Some(frame) = self.frames.last_mut() {
            if frame.remaining.is_empty() {
                self.frames.pop();
                continue;
            }
            let option = frame.remaining.first();
            frame.remaining = frame.remaining.rest();
            let mut board = frame.board;
            let (cell, d) = match frame.on {
                On::Cell(cell) => (cell, option),
                On::Digit(d) => (option, d),
            };
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
            let mut dirty = [0; MAX_N];
            self.place(&mut board, cell, d, &mut dirty);
            if !self.propagate(&mut board, &mut dirty) {
                result.dead_ends += 1;
                continue;
            }
            if board.empty.is_empty() {
                result.solutions += 1;
                if !on_solution(self.values(&board)) || result.solutions >= limits.max_solutions {
                    result.stop = Stop::SolutionLimit;
                    return result;
                }
                continue;
            }
            let next = self.frame(&board);
            self.frames.push(next);
        }
        result
    }

    /// Every house, as a house mask.
    fn all_houses(&self) -> u64 {
        (1 << (3 * self.n)) - 1
    }

    /// The board of the givens (not propagated), or `None` when two givens clash.
    fn load(&self, puzzle: &Grid) -> Option<Board<B>> {
        let mut board = Board { planes: [B::EMPTY; MAX_N], empty: B::EMPTY };
        let all = self.houses[..self.n].iter().fold(B::EMPTY, |m, &h| m | h);
        board.empty = all;
        for plane in &mut board.planes[..self.n] {
            *plane = all;
        }
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                if !board.planes[d as usize - 1].has(cell) {
                    return None;
                }
                self.place(&mut board, cell, d as usize - 1, &mut [0; MAX_N]);
            }
        }
        Some(board)
    }

    /// The digits of a full board.
    fn values(&mut self, board: &Board<B>) -> &[u8] {
        for (d, &plane) in board.planes[..self.n].iter().enumerate() {
            let mut m = plane;
            while !m.is_empty() {
                self.value[m.first()] = d as u8 + 1;
                m = m.rest();
            }
        }
        &self.value
    }

    /// Places digit index `d` (a candidate) in `cell`, marking in `dirty` the house-digits it
    /// changed (per digit, a house mask).
    #[inline]
    fn place(&self, board: &mut Board<B>, cell: usize, d: usize, dirty: &mut [u64; MAX_N]) {
        let houses = self.cell_houses[cell];
        for (plane, dirty) in board.planes[..self.n].iter_mut().zip(dirty.iter_mut()) {
            // Branch-free: which planes hold the cell is not predictable.
            let had = plane.has(cell) as u64;
            plane.remove(cell);
            *dirty |= (houses | LOCKED) & had.wrapping_neg();
        }
        board.planes[d] = (board.planes[d] & !self.peers[cell]) | B::single(cell);
        // The cell's own houses now hold d: nothing to look for there.
        dirty[d] = (dirty[d] | self.peer_houses[cell] | LOCKED) & !houses;
        board.empty.remove(cell);
    }

    /// Places naked and hidden singles until none is left; false on a dead end. `dirty` holds
    /// the house-digits changed since the last hidden-singles sweep.
    fn propagate(&self, board: &mut Board<B>, dirty: &mut [u64; MAX_N]) -> bool {
        let n = self.n;
        loop {
            let (mut once, mut twice) = (B::EMPTY, B::EMPTY);
            for &plane in &board.planes[..n] {
                let p = plane & board.empty;
                twice = twice | (once & p);
                once = once | p;
            }
            if once != board.empty {
                return false;
            }
            let mut singles = once & !twice;
            if !singles.is_empty() {
                while !singles.is_empty() {
                    let cell = singles.first();
                    singles = singles.rest();
                    // An earlier single of this batch may have taken this cell's last candidate.
                    let Some(d) = (0..n).find(|&d| board.planes[d].has(cell)) else { return false };
                    self.place(board, cell, d, dirty);
                }
                continue;
            }
            if board.empty.is_empty() {
                return true;
            }
            let mut found = false;
            for d in 0..n {
                let mut houses = dirty[d] & !LOCKED;
                dirty[d] &= LOCKED;
                while houses != 0 {
                    let h = houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let cell = match self.house_words[h] {
                        Some((k, word)) => {
                            let m = board.planes[d].word(k) & word;
                            if m & m.wrapping_sub(1) != 0 {
                                continue;
                            }
                            if m == 0 {
                                return false;
                            }
                            64 * k + m.trailing_zeros() as usize
                        }
                        None => {
                            let m = board.planes[d] & self.houses[h];
                            if !m.at_most_one() {
                                continue;
                            }
                            if m.is_empty() {
                                return false;
                            }
                            m.first()
                        }
                    };
                    if board.empty.has(cell) {
                        self.place(board, cell, d, dirty);
                        found = true;
                    }
                }
            }
            if !found && !self.locked_candidates(board, dirty) {
                return true;
            }
        }
    }

    /// One sweep of pointing (a box-digit in one line leaves the rest of the line) and claiming (a
    /// line-digit in one box leaves the rest of the box); true when it removed a candidate (the
    /// changed planes are marked dirty in every house).
    fn locked_candidates(&self, board: &mut Board<B>, dirty: &mut [u64; MAX_N]) -> bool {
        let mut changed = false;
        for (plane, dirty) in board.planes[..self.n].iter_mut().zip(dirty.iter_mut()) {
            if *dirty & LOCKED == 0 {
                continue;
            }
            *dirty &= !LOCKED;
            let mut p = *plane;
            if self.band16 {
                p = B::from_words(locked16::sweep(p.words()));
            } else {
                for &[seg, line_rest, box_rest] in &self.segments {
                    if !(p & seg).is_empty() {
                        let (in_line, in_box) = (!(p & line_rest).is_empty(), !(p & box_rest).is_empty());
                        if in_line != in_box {
                            p = p & !(line_rest | box_rest);
                        }
                    }
                }
            }
            if p != *plane {
                *plane = p;
                *dirty = self.all_houses() | LOCKED;
                changed = true;
            }
        }
        changed
    }

    /// The first house-digit (digits in order, houses in order) with the fewest places, two or
    /// more, as (places, digit index, house); it stops at the first with two. The counts are most
    /// of [`Planes::frame`]'s time: made [`with_popcnt`], a house lying in one word in that word.
    fn fewest_places(&self, board: &Board<B>) -> Option<(u32, usize, usize)> {
        with_popcnt(
            board,
            #[inline(always)]
            |board| self.fewest_places_scan(board),
        )
    }

    /// [`Planes::fewest_places`], inlined into the copy [`with_popcnt`] compiles.
    #[inline(always)]
    fn fewest_places_scan(&self, board: &Board<B>) -> Option<(u32, usize, usize)> {
        let mut best = None;
        let mut best_count = u32::MAX;
        for (d, plane) in board.planes[..self.n].iter().enumerate() {
            for (h, (&house, word)) in self.houses.iter().zip(&self.house_words).enumerate() {
                let k = match *word {
                    Some((w, bits)) => (plane.word(w) & bits).count_ones(),
                    None => (*plane & house).count(),
                };
                if k > 1 && k < best_count {
                    best = Some((k, d, h));
                    best_count = k;
                    if k == 2 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// A branch point at a settled, unfinished board: the fewest options, cells before
    /// house-digits on ties.
    fn frame(&self, board: &Board<B>) -> Frame<B> {
        let n = self.n;
        let (mut once, mut twice, mut thrice) = (B::EMPTY, B::EMPTY, B::EMPTY);
        for &plane in &board.planes[..n] {
            let p = plane & board.empty;
            thrice = thrice | (twice & p);
            twice = twice | (once & p);
            once = once | p;
        }
        let digits_of =
            |cell: usize| (0..n).filter(|&d| board.planes[d].has(cell)).fold(B::EMPTY, |m, d| m | B::single(d));
        let pairs = twice & !thrice;
        if !pairs.is_empty() {
            let cell = pairs.first();
            return Frame { board: *board, on: On::Cell(cell), remaining: digits_of(cell) };
        }
        let (mut best, best_count) = match self.fewest_places(board) {
            Some((k, d, h)) => {
                let places = board.planes[d] & self.houses[h];
                if k == 2 {
                    return Frame { board: *board, on: On::Digit(d), remaining: places };
                }
                (Frame { board: *board, on: On::Digit(d), remaining: places }, k)
            }
            None => (Frame { board: *board, on: On::Cell(0), remaining: B::EMPTY }, u32::MAX),
        };
        // The first cell with the fewest candidates, by bit-sliced counters over the planes
        // (bit b of `counts[b]` per cell) rather than a count per cell.
        let mut counts = [B::EMPTY; 5];
        for &plane in &board.planes[..n] {
            let mut carry = plane & board.empty;
            for bit in &mut counts {
                let next = *bit & carry;
                *bit = (*bit | carry) & !next;
                carry = next;
            }
        }
        let with = |k: usize| {
            (0..counts.len()).fold(board.empty, |m, b| m & if k >> b & 1 == 1 { counts[b] } else { !counts[b] })
        };
        let cell_best = (3..=n)
            .find_map(|k| Some(with(k)).filter(|m| !m.is_empty()).map(|m| (k as u32, m.first())))
            .expect("a settled, unfinished board has an empty cell with three or more candidates");
        if cell_best.0 <= best_count {
            let cell = cell_best.1;
            best = Frame { board: *board, on: On::Cell(cell), remaining: digits_of(cell) };
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::trail::tests::roots;

    /// The root board of `puzzle`, propagated (a solvable puzzle).
    fn root<B: CellSet>(planes: &Planes<B>, puzzle: &Grid) -> Board<B> {
        let mut board = planes.load(puzzle).expect("no clash");
        let all = planes.all_houses() | LOCKED;
        assert!(planes.propagate(&mut board, &mut [all; MAX_N]), "a solvable puzzle propagates");
        board
    }

    fn keeps_the_solution<B: CellSet>(name: &str) {
        for (puzzle, solution) in roots(name, &[0, 3, 6, 10]) {
            let planes = Planes::<B>::new(puzzle.shape());
            let board = root(&planes, &puzzle);
            for cell in 0..puzzle.shape().cells() {
                let d = solution.get(cell) as usize - 1;
                assert!(board.planes[d].has(cell), "{name}: cell {cell} lost its solution digit");
            }
        }
    }

    #[test]
    fn propagation_with_locked_candidates_never_removes_a_digit_of_the_solution() {
        for name in ["6x6-forum", "9x9-top95", "9x9-hardest11"] {
            keeps_the_solution::<u128>(name);
        }
        for name in ["6x6-forum", "9x9-top95", "16x16-gecode-10", "16x16-sample"] {
            keeps_the_solution::<U256>(name);
        }
    }

    #[test]
    fn both_board_widths_count_the_same_solutions_as_the_engine() {
        use crate::generate::{random_fill, rng_from_seed};
        use crate::solve::search::backtrack::count_solutions;
        let shapes = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 3), (2, 5)].map(|(r, c)| Shape::new(r, c).unwrap());
        for seed in 0..240u64 {
            let shape = shapes[seed as usize % shapes.len()];
            let alpha = [0.0, 0.2, 0.3, 0.4, 0.5][(seed / 6) as usize % 5];
            let puzzle = random_fill(shape, alpha, &mut rng_from_seed(seed));
            let limit = [2, 3, 20][seed as usize % 3];
            let expected = count_solutions(&puzzle, limit).0;
            let limits = SearchLimits { max_solutions: limit, ..SearchLimits::default() };
            if Planes::<u128>::fits(shape) {
                let narrow = Planes::<u128>::new(shape).search(&puzzle, limits, &mut |_| true);
                assert_eq!(narrow.solutions, expected, "seed {seed}, u128");
            }
            let wide = Planes::<U256>::new(shape).search(&puzzle, limits, &mut |_| true);
            assert_eq!(wide.solutions, expected, "seed {seed}, U256");
        }
    }

    #[test]
    fn branching_goes_to_a_house_digit_when_it_has_fewer_options_than_any_cell() {
        let shape = Shape::new(3, 3).unwrap();
        let planes = Planes::<u128>::new(shape);
        let mut board = planes.load(&Grid::empty(shape)).expect("no givens");
        // Digit 1 keeps two places in row 1 (r1c1, r1c6); every cell keeps 8 or 9 candidates.
        board.planes[0] &= !planes.houses[0] | 1 | 1 << 5;
        let frame = planes.frame(&board);
        assert!(matches!(frame.on, On::Digit(0)), "{:?}", frame.on);
        assert_eq!(frame.remaining, 1 | 1 << 5);
        // A cell with two candidates ties with it, and cells win ties.
        for d in 2..9 {
            board.planes[d] &= !(1 << 40);
        }
        let frame = planes.frame(&board);
        assert!(matches!(frame.on, On::Cell(40)), "{:?}", frame.on);
        assert_eq!(frame.remaining, 0b11);
        // With three candidates left in that cell, the house-digit wins again.
        board.planes[2] |= 1 << 40;
        assert!(matches!(planes.frame(&board).on, On::Digit(0)));
    }
    /// The branch point as the first version of [`Planes::frame`] chose it, one count per house
    /// and per cell: the specification the faster counting must keep to the letter.
    fn frame_by_counting<B: CellSet>(planes: &Planes<B>, board: &Board<B>) -> (usize, bool, B) {
        let n = planes.n;
        let digits_of =
            |cell: usize| (0..n).filter(|&d| board.planes[d].has(cell)).fold(B::EMPTY, |m, d| m | B::single(d));
        let mut cells = board.empty;
        let mut cell_best = (u32::MAX, 0);
        while !cells.is_empty() {
            let cell = cells.first();
            cells = cells.rest();
            let k = digits_of(cell).count();
            if k < cell_best.0 {
                cell_best = (k, cell);
            }
        }
        if cell_best.0 == 2 {
            return (cell_best.1, true, digits_of(cell_best.1));
        }
        let mut best = (0, true, B::EMPTY);
        let mut best_count = u32::MAX;
        'scan: for d in 0..n {
            for &house in &planes.houses {
                let m = board.planes[d] & house;
                let k = m.count();
                if k > 1 && k < best_count {
                    best = (d, false, m);
                    best_count = k;
                    if k == 2 {
                        break 'scan;
                    }
                }
            }
        }
        if cell_best.0 <= best_count {
            best = (cell_best.1, true, digits_of(cell_best.1));
        }
        best
    }

    fn frames_match_counting<B: CellSet>(shape: Shape, seeds: std::ops::Range<u64>) -> usize {
        use crate::generate::{planted, rng_from_seed};
        let planes = Planes::<B>::new(shape);
        let mut branched = 0;
        for seed in seeds {
            let alpha = [0.05, 0.1, 0.2, 0.3, 0.4][seed as usize % 5];
            let puzzle = planted(shape, alpha, &mut rng_from_seed(seed)).puzzle;
            let board = root(&planes, &puzzle);
            if board.empty.is_empty() {
                continue;
            }
            let frame = planes.frame(&board);
            let chosen = match frame.on {
                On::Cell(cell) => (cell, true, frame.remaining),
                On::Digit(d) => (d, false, frame.remaining),
            };
            assert_eq!(chosen, frame_by_counting(&planes, &board), "{shape:?}, seed {seed}");
            branched += 1;
        }
        branched
    }

    #[test]
    fn branch_points_are_the_ones_one_count_per_house_and_cell_gives() {
        // Sparse grids, where no cell has two candidates and the counting decides.
        let branched = frames_match_counting::<U256>(Shape::new(4, 4).unwrap(), 0..60)
            + frames_match_counting::<U256>(Shape::new(3, 4).unwrap(), 0..60)
            + frames_match_counting::<u128>(Shape::new(2, 5).unwrap(), 0..60);
        assert!(branched > 100, "only {branched} boards needed a branch");
    }
}
