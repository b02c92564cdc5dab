//! One game in progress: the board, the moves, undo/redo, mistakes, score and clock.
//!
//! Pure: every operation that depends on time takes `now`, the time since the program started,
//! so tests drive the clock by hand. The game knows the puzzle's **determined** cells (the same in
//! every solution; the whole solution when it is unique): a placed digit that differs from a
//! determined digit, or repeats in a house, is a **mistake**. The game is won when the board is a
//! solution of the puzzle (checked by [`verify`]).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::clock::Clock;
use super::score;
use crate::grid::{Grid, Shape};
use crate::logic::Rating;
use crate::verify;

/// Where a game's puzzle came from, for the ranking and the saved-game list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Label {
    /// The box shape.
    pub shape: Shape,
    /// The rating of the puzzle (`None` when it has several solutions).
    pub rating: Option<Rating>,
    /// The generator seed, for a generated puzzle.
    pub seed: Option<u64>,
}

impl Label {
    /// The ranking category: `9x9-easy`, or `None` for a puzzle without a rating.
    pub fn category(&self) -> Option<String> {
        let n = self.shape.n();
        self.rating.map(|r| format!("{n}x{n}-{r}"))
    }
}

/// One undoable change: a cell (value and notes), or the whole board (reset, solve).
#[derive(Debug, Clone, PartialEq)]
enum Change {
    Cell { cell: usize, before: (u8, u64), after: (u8, u64), points: i64 },
    Board { before: (Grid, Vec<u64>), after: (Grid, Vec<u64>) },
}

/// What a digit key did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placed {
    /// Nothing: a given, or the same digit again.
    Nothing,
    /// A pencil mark was toggled.
    Note,
    /// A digit was placed; `valid` when it repeats in no house, `mistake` when it is wrong.
    Digit {
        /// No house holds the digit twice.
        valid: bool,
        /// It contradicts the solution (or repeats in a house).
        mistake: bool,
        /// The points it scored (move and thinking time).
        points: i64,
    },
}

/// A game in progress (see the module doc).
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    /// The givens.
    pub puzzle: Grid,
    /// A solution, from the backtracking solver, verified.
    pub solution: Grid,
    /// The cells equal in every solution (0 elsewhere).
    pub determined: Grid,
    /// The board: givens and the player's digits.
    pub entries: Grid,
    /// Pencil marks per cell, bit d − 1 = digit d.
    pub notes: Vec<u64>,
    /// The selected cell.
    pub cursor: usize,
    /// Digits toggle pencil marks instead of placing.
    pub notes_mode: bool,
    /// Digits placed that contradict the solution.
    pub mistakes: u32,
    /// Hints asked for.
    pub hints: u32,
    /// The score so far (see [`score`]).
    pub score: i64,
    /// Play time, paused or running.
    pub clock: Clock,
    /// What the puzzle is.
    pub label: Label,
    /// True once the computer filled the board (no ranking then).
    pub solved_by_computer: bool,
    /// Play time of the last scored move (thinking time counts from it).
    pub(super) last_move: Duration,
    undo: Vec<Change>,
    redo: Vec<Change>,
}

impl Game {
    /// A new game at `now`, with the clock running.
    pub fn new(puzzle: Grid, solution: Grid, determined: Grid, label: Label, now: Duration) -> Game {
        let cells = puzzle.cells().len();
        Game {
            entries: puzzle.clone(),
            puzzle,
            solution,
            determined,
            notes: vec![0; cells],
            cursor: 0,
            notes_mode: false,
            mistakes: 0,
            hints: 0,
            score: 0,
            clock: Clock::started(now),
            label,
            solved_by_computer: false,
            last_move: Duration::ZERO,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.puzzle.shape()
    }

    /// True for a given (immutable) cell.
    pub fn is_given(&self, cell: usize) -> bool {
        self.puzzle.get(cell) != 0
    }

    /// Moves the cursor by (rows, cols), wrapping around the board.
    pub fn move_cursor(&mut self, rows: isize, cols: isize) {
        let n = self.shape().n() as isize;
        let (r, c) = ((self.cursor as isize) / n, (self.cursor as isize) % n);
        let (r, c) = ((r + rows).rem_euclid(n), (c + cols).rem_euclid(n));
        self.cursor = (r * n + c) as usize;
    }

    /// Types `digit` at the cursor: toggles a pencil mark in notes mode, else places it and scores
    /// it. Givens do not change.
    pub fn type_digit(&mut self, digit: u8, now: Duration) -> Placed {
        let cell = self.cursor;
        if self.is_given(cell) || digit == 0 || digit as usize > self.shape().n() {
            return Placed::Nothing;
        }
        let before = (self.entries.get(cell), self.notes[cell]);
        if self.notes_mode {
            if before.0 != 0 {
                return Placed::Nothing;
            }
            let after = (0, before.1 ^ (1u64 << (digit - 1)));
            self.apply(Change::Cell { cell, before, after, points: 0 });
            return Placed::Note;
        }
        if before.0 == digit {
            return Placed::Nothing;
        }
        let valid = self.fits(cell, digit);
        let det = self.determined.get(cell);
        let mistake = !valid || (det != 0 && det != digit);
        let moved = score::move_points(valid, before.0, digit);
        let played = self.clock.elapsed(now);
        let thinking = score::thinking_points(played.saturating_sub(self.last_move));
        self.last_move = played;
        self.score += thinking;
        self.mistakes += u32::from(mistake);
        self.apply(Change::Cell { cell, before, after: (digit, 0), points: moved });
        Placed::Digit { valid, mistake, points: moved + thinking }
    }

    /// Places `digit` at `cell` unscored (a revealed hint).
    pub fn reveal(&mut self, cell: usize, digit: u8) {
        if !self.is_given(cell) {
            let before = (self.entries.get(cell), self.notes[cell]);
            self.apply(Change::Cell { cell, before, after: (digit, 0), points: 0 });
        }
    }

    /// Clears the cursor's cell (digit and pencil marks); givens do not change.
    pub fn clear(&mut self) {
        let cell = self.cursor;
        let before = (self.entries.get(cell), self.notes[cell]);
        if !self.is_given(cell) && before != (0, 0) {
            self.apply(Change::Cell { cell, before, after: (0, 0), points: 0 });
        }
    }

    /// Puts the board back to the givens (undoable).
    pub fn reset(&mut self) {
        self.set_board(self.puzzle.clone());
    }

    /// Replaces the board (undoable): used by reset, determined cells and solve.
    pub fn set_board(&mut self, grid: Grid) {
        let notes = vec![0; grid.cells().len()];
        let before = (self.entries.clone(), self.notes.clone());
        self.apply(Change::Board { before, after: (grid, notes) });
    }

    /// True when `digit` repeats nowhere among `cell`'s peers.
    pub fn fits(&self, cell: usize, digit: u8) -> bool {
        self.shape().peers(cell).into_iter().all(|p| self.entries.get(p) != digit)
    }

    /// Takes back the last change; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(change) = self.undo.pop() else { return false };
        self.put(&change, false);
        self.redo.push(change);
        true
    }

    /// Does again the last change taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(change) = self.redo.pop() else { return false };
        self.put(&change, true);
        self.undo.push(change);
        true
    }

    /// True when the board is a solution of the puzzle.
    pub fn is_won(&self) -> bool {
        self.entries.is_full() && verify::is_solution_of(&self.puzzle, &self.entries)
    }

    /// For each cell, true when its digit repeats in one of its houses.
    pub fn conflicts(&self) -> Vec<bool> {
        let mut marked = vec![false; self.entries.cells().len()];
        for conflict in verify::conflicts(&self.entries) {
            conflict.cells.iter().for_each(|&c| marked[c] = true);
        }
        marked
    }

    /// The givens and the player's digits that agree with the determined cells.
    pub fn known(&self) -> Grid {
        let mut known = self.puzzle.clone();
        for cell in 0..known.cells().len() {
            let v = self.entries.get(cell);
            if v != 0 && v == self.determined.get(cell) {
                known.set(cell, v);
            }
        }
        known
    }

    /// Cells holding a digit that is a mistake (repeats, or differs from a determined digit).
    pub fn wrong_cells(&self) -> Vec<usize> {
        let conflicts = self.conflicts();
        (0..self.entries.cells().len())
            .filter(|&c| !self.is_given(c) && self.entries.get(c) != 0)
            .filter(|&c| conflicts[c] || (self.determined.get(c) != 0 && self.determined.get(c) != self.entries.get(c)))
            .collect()
    }

    fn apply(&mut self, change: Change) {
        self.put(&change, true);
        self.undo.push(change);
        self.redo.clear();
    }

    fn put(&mut self, change: &Change, forward: bool) {
        match change {
            Change::Cell { cell, before, after, points } => {
                let (value, notes) = if forward { after } else { before };
                self.entries.set(*cell, *value);
                self.notes[*cell] = *notes;
                self.score += if forward { *points } else { -*points };
            }
            Change::Board { before, after } => {
                let (grid, notes) = if forward { after } else { before };
                self.entries = grid.clone();
                self.notes = notes.clone();
            }
        }
    }
}
