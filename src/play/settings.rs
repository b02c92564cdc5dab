//! What the game remembers between runs: the player's name, the theme, the last size and
//! difficulty chosen.

use serde::{Deserialize, Serialize};

use super::theme::ThemeName;
use crate::logic::Rating;

/// The sizes offered in the menu, as (box rows, box cols).
pub const SIZES: [(usize, usize); 5] = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)];

/// Remembered choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The player's name.
    pub player: String,
    /// The colour theme.
    pub theme: ThemeName,
    /// Index into [`SIZES`].
    pub size: usize,
    /// The difficulty.
    pub difficulty: Rating,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { player: "player".to_string(), theme: ThemeName::Classic, size: 2, difficulty: Rating::Easy }
    }
}
