//! Saved games: a game in progress as it is written to `games.json`, several per player.
//!
//! The undo history is not kept; the board, pencil marks, clock, mistakes, hints and score are.
//! A restored game starts paused, so the time away does not count.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::clock::Clock;
use super::game::{Game, Label};
use crate::grid::{Grid, GridError};

/// A game as saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Identifies the game across saves (its start time, Unix milliseconds).
    pub id: u64,
    /// The player's name.
    pub player: String,
    /// When it was last saved, Unix seconds.
    pub saved_at: u64,
    /// What the puzzle is.
    pub label: Label,
    /// The givens, row-major, 0 = empty.
    pub puzzle: Vec<u8>,
    /// A solution.
    pub solution: Vec<u8>,
    /// The determined cells.
    pub determined: Vec<u8>,
    /// The board.
    pub entries: Vec<u8>,
    /// Pencil marks per cell.
    pub notes: Vec<u64>,
    /// Play time, milliseconds.
    pub millis: u64,
    /// Mistakes so far.
    pub mistakes: u32,
    /// Hints so far.
    pub hints: u32,
    /// Score so far.
    pub score: i64,
    /// The selected cell.
    pub cursor: usize,
}

impl SavedGame {
    /// The record of `game` at `now`.
    pub fn of(game: &Game, id: u64, player: &str, saved_at: u64, now: Duration) -> SavedGame {
        SavedGame {
            id,
            player: player.to_string(),
            saved_at,
            label: game.label.clone(),
            puzzle: game.puzzle.cells().to_vec(),
            solution: game.solution.cells().to_vec(),
            determined: game.determined.cells().to_vec(),
            entries: game.entries.cells().to_vec(),
            notes: game.notes.clone(),
            millis: game.clock.elapsed(now).as_millis() as u64,
            mistakes: game.mistakes,
            hints: game.hints,
            score: game.score,
            cursor: game.cursor,
        }
    }

    /// The game again, paused; an error when the saved grids do not fit the shape.
    pub fn restore(&self) -> Result<Game, GridError> {
        let shape = self.label.shape;
        let grid = |cells: &[u8]| Grid::from_cells(shape, cells.to_vec());
        let mut game = Game::new(
            grid(&self.puzzle)?,
            grid(&self.solution)?,
            grid(&self.determined)?,
            self.label.clone(),
            Duration::ZERO,
        );
        game.entries = grid(&self.entries)?;
        if self.notes.len() == shape.cells() {
            game.notes = self.notes.clone();
        }
        let played = Duration::from_millis(self.millis);
        game.clock = Clock::paused_at(played);
        game.last_move = played;
        (game.mistakes, game.hints, game.score) = (self.mistakes, self.hints, self.score);
        game.cursor = self.cursor.min(shape.cells() - 1);
        Ok(game)
    }

    /// A one-line description for the list of saved games.
    pub fn describe(&self) -> String {
        let n = self.label.shape.n();
        let rating = self.label.rating.map_or("custom".to_string(), |r| r.to_string());
        let filled = self.entries.iter().filter(|&&v| v != 0).count();
        let secs = self.millis / 1000;
        format!(
            "{} · {n}×{n} {rating} · {filled}/{} filled · {}:{:02} · saved {}",
            self.player,
            self.entries.len(),
            secs / 60,
            secs % 60,
            super::ranking::date_of(self.saved_at)
        )
    }
}
