//! `dlx`: Knuth's Algorithm X with dancing links on Sudoku's exact-cover matrix, for every shape.
//!
//! Sudoku is an exact-cover problem. The matrix has 4N² primary columns — one per cell (it holds a
//! digit), per row-digit, per column-digit and per box-digit (the digit appears once in that
//! house) — and one row per candidate (cell, digit), which covers exactly four columns. A solution
//! is a set of rows covering every column exactly once. Algorithm X picks a column, tries each of
//! its rows in turn, removes ("covers") every column that row satisfies together with every row
//! that clashes with it, and recurses; dancing links make covering and uncovering O(1) per link.
//!
//! - **Givens** are covered up front, at build time: their columns start covered, and rows are
//!   built only for candidates of empty cells none of whose columns a given covers. That is
//!   exactly the matrix covering the givens' rows would leave, so the search is still plain exact
//!   cover, on a smaller matrix. Two givens covering one column are conflicting givens: answered
//!   `Infeasible` with a note (`solve()` already rejects them; this is robustness).
//! - **Branching** (Knuth's S heuristic): the column with the fewest rows, ties broken by the
//!   lowest column index, so the search is deterministic. A column with no rows is a **dead end**.
//! - **Layout**: an index arena (`u32` links, no `unsafe`, no `Rc`). The four nodes of a row are
//!   consecutive and 4-aligned, so a row's neighbours are computed, not stored (rows never change
//!   their horizontal links). Knuth's linked list of active column headers is replaced by a dense
//!   byte array of row counts with a "covered" bit, scanned for its minimum (vectorised) and then
//!   for that minimum's first place (eight counts per step); the search is otherwise Knuth's.
//!   Buffers, and per-cell tables of columns and houses for the last shape, are kept between
//!   solves.
//! - The search is iterative (an explicit stack, one frame per chosen row: a 64×64 grid can need
//!   4096 levels), counts solutions up to `Limits::max_solutions`, and looks at the clock every
//!   256 nodes.
//!
//! Statistics: `nodes` = rows chosen, `guesses` = rows tried at columns with two or more rows,
//! `backtracks` = dead ends, `build_seconds` = building the matrix, `seconds` = the search.
//!
//! Complexity: exponential in the worst case (Sudoku completion is NP-complete). Building is
//! O(N³) time; space is O(N³) for at most N³ rows of four nodes, plus O(N²) for the column counts
//! and the stack. Each node costs O(N²) to choose a column (a scan of all 4N² counts) plus O(N)
//! link updates for each of the columns it covers (the branching column and three more).
//!
//! Reference: D. E. Knuth, "Dancing Links", in *Millennial Perspectives in Computer Science*
//! (2000), 187–214; arXiv:cs/0011047.

use std::time::Instant;

use crate::grid::{Grid, Shape};
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, Stats};

/// A node of a column's vertical list (a column header too: node `c` heads column `c`).
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    up: u32,
    down: u32,
    col: u32,
}

/// Marks a covered column in [`Matrix::sizes`]. A covered column's row count never changes while it
/// is covered (every row that meets it has left the other columns), so the mark can sit on it.
/// Row counts fit a byte below the mark: a column has at most N ≤ 64 rows.
const COVERED: u8 = 0x80;

/// One level of the search: the column branched on, the row chosen in it, and whether the column
/// offered a choice (two or more rows) when it was chosen.
#[derive(Debug, Clone, Copy)]
struct Frame {
    col: u32,
    row: u32,
    guess: bool,
}

/// The dancing-links matrix of one puzzle and the search over it.
#[derive(Debug, Clone, Default)]
struct Matrix {
    /// Side N.
    n: usize,
    /// Number of columns, 4N²; also the index of the first row node (a multiple of 4).
    cols: usize,
    /// Headers `0..cols` then row nodes, four per row, each row 4-aligned.
    nodes: Vec<Node>,
    /// Per column: its number of rows, plus [`COVERED`] while it is covered. This dense byte array
    /// replaces Knuth's doubly linked list of active headers: the smallest column is found by a
    /// linear scan the compiler vectorises (16 columns per instruction), several times faster than
    /// chasing links on 9×9.
    sizes: Vec<u8>,
    /// Per row: its cell and digit.
    rows: Vec<(u32, u8)>,
    /// Per house (rows, columns, boxes): the digits its givens hold, bit d − 1 for digit d.
    used: Vec<u64>,
    /// The shape the cell tables below were made for.
    shape: Option<Shape>,
    /// Per cell: its [`Matrix::column_bases`] and its houses (row, N + column, 2N + box), made
    /// once per shape so that a build does no divisions.
    cell_tables: Vec<([u32; 4], [u32; 3])>,
}

/// Why a build found the givens inconsistent: the column two givens both cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Clash {
    cell: usize,
    digit: u8,
    col: usize,
}

/// Why a search stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// The whole tree was explored.
    Exhausted,
    /// `max_solutions` solutions were found.
    SolutionLimit,
    /// The deadline passed.
    Deadline,
}

/// What a search found.
#[derive(Debug, Clone)]
struct Search {
    solutions: u64,
    first: Option<Vec<u8>>,
    stop: Stop,
    nodes: u64,
    guesses: u64,
    dead_ends: u64,
}

impl Matrix {
    /// The first of the N columns of each of `cell`'s four constraints: its cell column (one
    /// only), its row-digit, column-digit and box-digit columns. Digit d − 1 = `k` adds `k` to the
    /// last three.
    fn column_bases(shape: Shape, cell: usize) -> [usize; 4] {
        let n = shape.n();
        let nn = n * n;
        [cell, nn + shape.row_of(cell) * n, 2 * nn + shape.col_of(cell) * n, 3 * nn + shape.box_of(cell) * n]
    }

    /// The four columns of candidate (cell, digit d − 1 = `k`) from the cell's [`Matrix::column_bases`].
    #[inline]
    fn columns(bases: [u32; 4], k: usize) -> [usize; 4] {
        let k = k as u32;
        [bases[0], bases[1] + k, bases[2] + k, bases[3] + k].map(|c| c as usize)
    }

    /// Makes the per-cell tables for `shape` unless they are already made for it.
    fn tables_for(&mut self, shape: Shape) {
        if self.shape == Some(shape) {
            return;
        }
        let n = shape.n();
        self.cell_tables = (0..shape.cells())
            .map(|cell| {
                let bases = Matrix::column_bases(shape, cell).map(|c| c as u32);
                let houses = [shape.row_of(cell), n + shape.col_of(cell), 2 * n + shape.box_of(cell)];
                (bases, houses.map(|h| h as u32))
            })
            .collect();
        self.shape = Some(shape);
    }

    /// Builds the matrix of `puzzle` in place (reusing the buffers); `Err` names the first clash
    /// between givens.
    fn build(&mut self, puzzle: &Grid) -> Result<(), Clash> {
        let shape = puzzle.shape();
        let n = shape.n();
        let cols = 4 * n * n;
        self.n = n;
        self.cols = cols;
        self.sizes.clear();
        self.sizes.resize(cols, 0);
        self.used.clear();
        self.used.resize(3 * n, 0);
        self.tables_for(shape);
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                let (bases, houses) = self.cell_tables[cell];
                for col in Matrix::columns(bases, d as usize - 1) {
                    if std::mem::replace(&mut self.sizes[col], COVERED) == COVERED {
                        return Err(Clash { cell, digit: d, col });
                    }
                }
                for h in houses {
                    self.used[h as usize] |= 1 << (d - 1);
                }
            }
        }
        self.nodes.clear();
        self.nodes.extend((0..cols as u32).map(|c| Node { up: c, down: c, col: c }));
        self.rows.clear();
        for cell in (0..shape.cells()).filter(|&c| puzzle.cells()[c] == 0) {
            let (bases, [r, c, b]) = self.cell_tables[cell];
            // The digits no given in the cell's houses holds: exactly the rows whose four columns
            // are all uncovered (the houses' bitsets say the same as the covered columns, faster).
            let used = self.used[r as usize] | self.used[c as usize] | self.used[b as usize];
            let mut candidates = !used & (u64::MAX >> (64 - n));
            while candidates != 0 {
                let k = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                let four = Matrix::columns(bases, k);
                self.rows.push((cell as u32, k as u8 + 1));
                for c in four {
                    let node = self.nodes.len() as u32;
                    let head = c as u32;
                    let up = self.nodes[c].up;
                    self.nodes.push(Node { up, down: head, col: head });
                    self.nodes[up as usize].down = node;
                    self.nodes[c].up = node;
                    self.sizes[c] += 1;
                }
            }
        }
        Ok(())
    }

    /// The node `step` places to the right (1..=3) of `node` in its row, cyclically.
    #[inline]
    fn beside(node: u32, step: u32) -> u32 {
        (node & !3) | ((node + step) & 3)
    }

    /// Marks column `c` covered and removes every row of `c` from the other columns.
    #[inline]
    fn cover(&mut self, c: u32) {
        self.sizes[c as usize] |= COVERED;
        let mut i = self.nodes[c as usize].down;
        while i != c {
            for step in 1..4 {
                let j = Matrix::beside(i, step);
                let Node { up, down, col } = self.nodes[j as usize];
                self.nodes[down as usize].up = up;
                self.nodes[up as usize].down = down;
                self.sizes[col as usize] -= 1;
            }
            i = self.nodes[i as usize].down;
        }
    }

    /// Undoes [`Matrix::cover`] of `c`, in exactly the reverse order.
    #[inline]
    fn uncover(&mut self, c: u32) {
        let mut i = self.nodes[c as usize].up;
        while i != c {
            for step in (1..4).rev() {
                let j = Matrix::beside(i, step);
                let Node { up, down, col } = self.nodes[j as usize];
                self.sizes[col as usize] += 1;
                self.nodes[down as usize].up = j;
                self.nodes[up as usize].down = j;
            }
            i = self.nodes[i as usize].up;
        }
        self.sizes[c as usize] &= !COVERED;
    }

    /// Covers the columns of `row`'s other three nodes (its own column is already covered).
    #[inline]
    fn choose(&mut self, row: u32) {
        for step in 1..4 {
            let col = self.nodes[Matrix::beside(row, step) as usize].col;
            self.cover(col);
        }
    }

    /// Undoes [`Matrix::choose`] of `row`.
    #[inline]
    fn unchoose(&mut self, row: u32) {
        for step in (1..4).rev() {
            let col = self.nodes[Matrix::beside(row, step) as usize].col;
            self.uncover(col);
        }
    }

    /// The active column with the fewest rows, lowest index first; `None` when every column is
    /// covered (a solution).
    #[inline]
    fn smallest_column(&self) -> Option<u32> {
        // Two passes (the minimum, then its first place) beat one with an early exit: the first
        // vectorises and the second reads eight columns per step.
        let least = self.sizes.iter().copied().min().unwrap_or(COVERED);
        if least >= COVERED {
            return None;
        }
        first_equal(&self.sizes, least).map(|c| c as u32)
    }

    /// The cell and digit of row node `node`.
    fn candidate(&self, node: u32) -> (u32, u8) {
        self.rows[(node as usize - self.cols) / 4]
    }

    /// Runs Algorithm X from the built matrix, starting with `puzzle`'s givens as the grid.
    fn search(
        &mut self,
        puzzle: &Grid,
        frames: &mut Vec<Frame>,
        max_solutions: u64,
        deadline: Option<Instant>,
    ) -> Search {
        let mut s = Search { solutions: 0, first: None, stop: Stop::Exhausted, nodes: 0, guesses: 0, dead_ends: 0 };
        frames.clear();
        'descend: loop {
            match self.smallest_column() {
                None => {
                    s.solutions += 1;
                    if s.first.is_none() {
                        let mut cells = puzzle.cells().to_vec();
                        for f in frames.iter() {
                            let (cell, digit) = self.candidate(f.row);
                            cells[cell as usize] = digit;
                        }
                        s.first = Some(cells);
                    }
                    if s.solutions >= max_solutions {
                        s.stop = Stop::SolutionLimit;
                        return s;
                    }
                }
                Some(c) => {
                    let size = self.sizes[c as usize];
                    if size == 0 {
                        s.dead_ends += 1;
                    } else {
                        self.cover(c);
                        let row = self.nodes[c as usize].down;
                        let guess = size >= 2;
                        frames.push(Frame { col: c, row, guess });
                        if self.tick(&mut s, guess, deadline) {
                            return s;
                        }
                        self.choose(row);
                        continue 'descend;
                    }
                }
            }
            // Backtrack: move the deepest frame to its next row, popping exhausted frames.
            loop {
                let Some(frame) = frames.last_mut() else {
                    return s;
                };
                let (col, row, guess) = (frame.col, frame.row, frame.guess);
                self.unchoose(row);
                let next = self.nodes[row as usize].down;
                if next == col {
                    self.uncover(col);
                    frames.pop();
                    continue;
                }
                frame.row = next;
                if self.tick(&mut s, guess, deadline) {
                    return s;
                }
                self.choose(next);
                continue 'descend;
            }
        }
    }

    /// Counts a chosen row and, every 256 nodes, looks at the clock; true when the deadline passed.
    #[inline]
    fn tick(&self, s: &mut Search, guess: bool, deadline: Option<Instant>) -> bool {
        s.nodes += 1;
        s.guesses += u64::from(guess);
        if s.nodes.is_multiple_of(256) && crate::solve::cancel::past(deadline) {
            s.stop = Stop::Deadline;
            return true;
        }
        false
    }

    /// Names a clash between givens in words, with cells numbered from 1 (r1c1).
    fn describe(&self, shape: Shape, clash: Clash) -> String {
        let nn = self.n * self.n;
        let (row, col) = (shape.row_of(clash.cell) + 1, shape.col_of(clash.cell) + 1);
        let house = match clash.col / nn {
            0 => "cell",
            1 => "row",
            2 => "column",
            _ => "box",
        };
        format!("conflicting givens: digit {} at r{row}c{col} repeats in its {house}", clash.digit)
    }
}

/// The index of the first byte of `bytes` equal to `value`, eight bytes per step: a byte of
/// `x = word ^ pattern` is zero exactly where `value` is, and `(x − 0x01…01) & !x & 0x80…80` sets
/// the high bit of the lowest zero byte (borrows can mark higher bytes too, never lower ones).
fn first_equal(bytes: &[u8], value: u8) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    let pattern = u64::from_le_bytes([value; 8]);
    let mut words = bytes.chunks_exact(8);
    for (i, word) in words.by_ref().enumerate() {
        let x = u64::from_le_bytes(word.try_into().expect("chunks of eight bytes")) ^ pattern;
        let zero = x.wrapping_sub(ONES) & !x & HIGHS;
        if zero != 0 {
            return Some(8 * i + zero.trailing_zeros() as usize / 8);
        }
    }
    let done = bytes.len() - words.remainder().len();
    words.remainder().iter().position(|&b| b == value).map(|p| done + p)
}

/// The `dlx` solver: Algorithm X with dancing links (see the module doc). Its buffers are kept
/// between solves.
#[derive(Debug, Default, Clone)]
pub struct Dlx {
    matrix: Matrix,
    frames: Vec<Frame>,
}

impl Solver for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let start = Instant::now();
        let shape = puzzle.shape();
        if let Err(clash) = self.matrix.build(puzzle) {
            let stats = Stats { build_seconds: start.elapsed().as_secs_f64(), ..Stats::default() };
            return Ok(Report { outcome: Outcome::Infeasible, stats, note: Some(self.matrix.describe(shape, clash)) });
        }
        let built = Instant::now();
        let max_solutions = limits.max_solutions.max(1);
        let search = self.matrix.search(puzzle, &mut self.frames, max_solutions, limits.deadline(start));
        let outcome = match (search.first, search.stop) {
            (Some(cells), _) => Outcome::Solved(Grid::from_cells(shape, cells).expect("digits are 1..=N")),
            (None, Stop::Exhausted) => Outcome::Infeasible,
            (None, _) => Outcome::LimitReached,
        };
        let stats = Stats {
            seconds: built.elapsed().as_secs_f64(),
            build_seconds: (built - start).as_secs_f64(),
            nodes: Some(search.nodes),
            guesses: Some(search.guesses),
            backtracks: Some(search.dead_ends),
            solutions: (limits.max_solutions > 1).then_some(search.solutions),
            ..Stats::default()
        };
        Ok(Report { outcome, stats, note: None })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::format::parse;
    use crate::generate::{planted, random_fill, rng_from_seed};
    use crate::solve::search::backtrack::count_solutions;
    use crate::solve::solve;
    use crate::verify::{conflicts, is_solution_of};

    fn grid(text: &str) -> Grid {
        parse(text, "t", None, None).expect("a valid puzzle").remove(0).puzzle
    }

    fn run(puzzle: &Grid, limits: &Limits) -> Report {
        Dlx::default().solve(puzzle, limits).expect("dlx has no backend to fail")
    }

    fn counting(max_solutions: u64) -> Limits {
        Limits { time: None, max_solutions }
    }

    #[test]
    fn the_matrix_has_4n2_columns_and_one_row_per_candidate_left_by_the_givens() {
        let mut m = Matrix::default();
        m.build(&Grid::empty(Shape::new(3, 3).unwrap())).unwrap();
        assert_eq!((m.cols, m.rows.len(), m.nodes.len()), (324, 729, 324 + 4 * 729));
        assert!(m.sizes.iter().all(|&s| s == 9), "every column has N rows");
        // One given removes its cell's N rows and, for each of its 3 houses, the N − 1 other
        // cells' rows of its digit; 4 + 4 + 2 (r = c = 2) of those peers share two houses.
        m.build(&grid("1...............")).unwrap();
        assert_eq!(m.rows.len(), 64 - 4 - (3 * 3 - 2));
    }

    #[test]
    fn first_equal_finds_the_first_match_in_words_and_in_the_tail() {
        let bytes: Vec<u8> = (0..21).map(|i| [5, 3, 7][i % 3]).collect();
        for (value, expected) in [(5, Some(0)), (3, Some(1)), (7, Some(2)), (9, None)] {
            assert_eq!(first_equal(&bytes, value), expected);
            assert_eq!(first_equal(&bytes[9..], value), bytes[9..].iter().position(|&b| b == value));
        }
        // A borrow out of a zero byte can mark the byte above it, never the one below.
        assert_eq!(first_equal(&[1, 0, 1, 2, 2, 2, 2, 2, 2], 0), Some(1));
        assert_eq!(first_equal(&[4, 4, 4, 4, 4, 4, 4, 4, 4, 1], 1), Some(9));
        assert_eq!(first_equal(&[0x80, 0x81, 0x01, 0x00, 0, 0, 0, 0], 0x01), Some(2));
    }

    #[test]
    fn the_empty_4x4_grid_has_exactly_288_solutions() {
        let report = run(&Grid::empty(Shape::new(2, 2).unwrap()), &counting(1000));
        assert_eq!(report.stats.solutions, Some(288));
        assert!(matches!(report.outcome, Outcome::Solved(_)));
    }

    #[test]
    fn counting_stops_at_the_limit_and_reports_only_when_asked() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        assert_eq!(run(&empty, &counting(10)).stats.solutions, Some(10));
        assert_eq!(run(&empty, &counting(1)).stats.solutions, None);
        // Four solutions (the same puzzle as tests/solvers.rs), counted exactly below the cap.
        assert_eq!(run(&grid("12343412........"), &counting(100)).stats.solutions, Some(4));
    }

    #[test]
    fn solves_a_6x6_and_a_9x9_classic_to_their_known_solutions() {
        let cases = [
            ("....4..1.3.5...2....3...6.2.5..5....", "325146416325541263263514632451154632"),
            (
                "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
                "859612437723854169164379528986147352375268914241593786432981675617425893598736241",
            ),
        ];
        for (puzzle, solution) in cases {
            let (puzzle, solution) = (grid(puzzle), grid(solution));
            let report = solve(&mut Dlx::default(), &puzzle, &Limits::default()).unwrap();
            let answer = report.outcome.solution().expect("solved");
            assert!(is_solution_of(&puzzle, answer));
            assert_eq!(answer, &solution);
            let empty = puzzle.cells().iter().filter(|&&d| d == 0).count() as u64;
            // One row is chosen per empty cell on the way down, and more only after a dead end.
            let (nodes, dead_ends) = (report.stats.nodes.unwrap(), report.stats.backtracks.unwrap());
            assert!(nodes >= empty);
            assert_eq!(nodes == empty, dead_ends == 0, "{:?}", report.stats);
        }
    }

    #[test]
    fn a_forced_puzzle_needs_no_guess_and_a_hard_one_needs_dead_ends() {
        let one_hole = grid("859612437723854169164379528986147352375268914241593786432981675617425893598736.41");
        let stats = run(&one_hole, &Limits::default()).stats;
        assert_eq!((stats.nodes, stats.guesses, stats.backtracks), (Some(1), Some(0), Some(0)));
        let hard = grid("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.");
        let stats = run(&hard, &Limits::default()).stats;
        assert!(stats.guesses.unwrap() > 0 && stats.backtracks.unwrap() > 0, "{stats:?}");
    }

    #[test]
    fn conflicting_givens_are_infeasible_with_the_clash_named() {
        // solve() answers these before any solver runs; dlx must not rely on it.
        let puzzle = grid("1..1............");
        assert!(!conflicts(&puzzle).is_empty());
        let report = run(&puzzle, &Limits::default());
        assert_eq!(report.outcome, Outcome::Infeasible);
        assert_eq!(report.note.as_deref(), Some("conflicting givens: digit 1 at r1c4 repeats in its row"));
        let report = run(&grid("1....1.........."), &Limits::default());
        assert_eq!(report.note.as_deref(), Some("conflicting givens: digit 1 at r2c2 repeats in its box"));
    }

    #[test]
    fn a_puzzle_without_a_clash_but_with_no_solution_is_proven_infeasible() {
        // r1c4 sees 1 and 2 in its row and 3 and 4 in its column: no row of the matrix covers it.
        let puzzle = grid("12.........3...4");
        assert!(conflicts(&puzzle).is_empty());
        let report = run(&puzzle, &Limits::default());
        assert_eq!(report.outcome, Outcome::Infeasible);
        assert_eq!(report.stats.backtracks, Some(1));
    }

    #[test]
    fn random_fills_are_proven_infeasible_exactly_when_backtrack_finds_no_solution() {
        // Random fills are often unsolvable in ways no single cell shows: only search proves it.
        let mut searched_infeasible = 0;
        for seed in 0..200 {
            let alpha = [0.3, 0.45][seed as usize % 2];
            let puzzle = random_fill(Shape::new(3, 3).unwrap(), alpha, &mut rng_from_seed(seed));
            let solvable = count_solutions(&puzzle, 1).0 > 0;
            let report = solve(&mut Dlx::default(), &puzzle, &Limits::default()).unwrap();
            assert_eq!(matches!(report.outcome, Outcome::Solved(_)), solvable, "seed {seed}");
            if !solvable && report.stats.guesses.unwrap() > 0 {
                assert_eq!(report.outcome, Outcome::Infeasible);
                searched_infeasible += 1;
            }
        }
        assert!(searched_infeasible > 0, "some fill is proven infeasible only after guessing");
    }

    #[test]
    fn a_deadline_in_the_past_stops_the_search_at_the_first_clock_check() {
        // The empty 25×25 grid needs 625 rows before its first solution; the clock is read at 256.
        let empty = Grid::empty(Shape::new(5, 5).unwrap());
        let report = run(&empty, &Limits { time: Some(Duration::ZERO), max_solutions: 1 });
        assert_eq!(report.outcome, Outcome::LimitReached);
        assert_eq!(report.stats.nodes, Some(256));
        let report = solve(&mut Dlx::default(), &empty, &Limits::seconds(60.0)).unwrap();
        assert!(matches!(report.outcome, Outcome::Solved(_)), "without the deadline it is solved");
    }

    #[test]
    fn one_solver_serves_puzzles_of_different_shapes_in_turn() {
        let mut dlx = Dlx::default();
        // 2×3 then 3×2 boxes: the same N, other houses (the per-shape tables must be remade).
        let mut puzzles: Vec<Grid> =
            ["....4..1.3.5...2....3...6.2.5..5....", "1...............", "12.........3...4"].map(grid).into();
        puzzles.insert(1, Grid::empty(Shape::new(3, 2).unwrap()));
        for puzzle in puzzles {
            let text = crate::format::to_line(&puzzle);
            let fresh = run(&puzzle, &counting(5));
            let reused = dlx.solve(&puzzle, &counting(5)).unwrap();
            // Deterministic, and nothing left over from the previous shape: the same answer and
            // the same search.
            let search = |r: &Report| (r.stats.solutions, r.stats.nodes, r.stats.guesses, r.stats.backtracks);
            assert_eq!(search(&reused), search(&fresh), "{text}");
            assert_eq!(reused.outcome, fresh.outcome, "{text}");
        }
    }

    #[test]
    fn a_64x64_puzzle_is_searched_over_a_thousand_levels_deep_without_recursion() {
        let puzzle = planted(Shape::new(8, 8).unwrap(), 0.7, &mut rng_from_seed(0)).puzzle;
        let empty = puzzle.cells().iter().filter(|&&d| d == 0).count() as u64;
        assert!(empty > 1200);
        let report = solve(&mut Dlx::default(), &puzzle, &Limits::seconds(60.0)).unwrap();
        assert!(matches!(report.outcome, Outcome::Solved(_)), "{:?}", report.stats);
        assert!(report.stats.nodes.unwrap() >= empty);
    }
}
