//! `play`: Sudoku in the terminal, on top of the library's generator, logic, analysis and solvers.
//!
//! It keeps every feature of the four origin game programs: new games by size and difficulty,
//! moves with undo/redo and pencil marks, check, mistakes, a timer with pause, the Python game's
//! score, hints that name the logic technique, reset, an animated backtracking solve, the
//! determined cells of a multi-solution puzzle, create mode, saved games, a ranking, and themes.
//!
//! The layers are kept apart so all but the last are tested without a terminal:
//! - the **game** ([`game`], [`clock`], [`score`], [`hint`]) and the **app** state machine
//!   ([`state`], [`playing`]): pure, time passed in as `now`;
//! - **where puzzles come from** ([`setup`]) and the **solve animation** ([`animate`]);
//! - **files** ([`store`], [`saves`], [`ranking`], [`settings`]);
//! - **drawing** ([`view`], [`panel`], [`board`], [`theme`]): ratatui only, tested on a `TestBackend`;
//! - the **terminal** ([`terminal`]): crossterm raw mode, the event loop, and the effects.

pub mod animate;
pub mod board;
pub mod clock;
pub mod game;
pub mod hint;
pub mod panel;
pub mod playing;
pub mod ranking;
pub mod saves;
pub mod score;
pub mod settings;
pub mod setup;
pub mod state;
pub mod store;
pub mod terminal;
pub mod theme;
pub mod view;

pub use game::Game;
pub use state::{App, Effect, Event, Key, Screen};
pub use theme::ThemeName;
