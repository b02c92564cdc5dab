//! Hints: the next deduction of the logic module, shown in two steps.
//!
//! The first press names the technique (or techniques, when eliminations come before the first
//! placement: "pointing, then hidden single") and highlights the cells it rests on and the cell it
//! fills; the second press places the digit. A board with mistakes gets a hint pointing at them
//! instead; a puzzle the techniques cannot advance gets the solution's digit for one cell.

use super::game::Game;
use crate::logic::{Logic, Technique};

/// A hint being shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// These cells hold mistakes: fix them first.
    Wrong(Vec<usize>),
    /// The logic module's next steps, ending with placing `digit` in `cell`.
    Logic {
        /// The techniques, in the order applied.
        techniques: Vec<Technique>,
        /// The cells the steps rest on.
        basis: Vec<usize>,
        /// The cell filled.
        cell: usize,
        /// Its digit.
        digit: u8,
    },
    /// No technique applies: the solution's digit for `cell`.
    Solution {
        /// The cell.
        cell: usize,
        /// Its digit.
        digit: u8,
    },
}

impl Hint {
    /// The hint for `game`'s board, or `None` when the board is full and right.
    pub fn for_game(game: &Game) -> Option<Hint> {
        let wrong = game.wrong_cells();
        if !wrong.is_empty() {
            return Some(Hint::Wrong(wrong));
        }
        let known = game.known();
        if let Some(steps) = Logic::new(known.shape()).next_steps(&known) {
            let (cell, digit) = steps.last().and_then(|s| s.placement)?;
            if game.entries.get(cell) == 0 {
                let mut basis: Vec<usize> = steps.iter().flat_map(|s| s.basis.iter().copied()).collect();
                basis.sort_unstable();
                basis.dedup();
                let techniques = steps.iter().map(|s| s.technique).collect();
                return Some(Hint::Logic { techniques, basis, cell, digit });
            }
        }
        // The techniques are stuck (or the next deduction is a cell already filled right).
        let cell = (0..known.cells().len()).find(|&c| game.entries.get(c) == 0)?;
        Some(Hint::Solution { cell, digit: game.solution.get(cell) })
    }

    /// The one-line message of the first press.
    pub fn message(&self, shape_n: usize) -> String {
        let at = |cell: usize| format!("r{}c{}", cell / shape_n + 1, cell % shape_n + 1);
        match self {
            Hint::Wrong(cells) => {
                let list: Vec<String> = cells.iter().map(|&c| at(c)).collect();
                format!("Hint: fix the marked mistakes first ({})", list.join(", "))
            }
            Hint::Logic { techniques, cell, .. } => {
                let names: Vec<String> = techniques.iter().map(|t| t.name().replace('-', " ")).collect();
                let mut names = names;
                names.dedup();
                format!("Hint: {} gives {} (press i again for the digit)", names.join(", then "), at(*cell))
            }
            Hint::Solution { cell, .. } => {
                format!("Hint: no technique applies; the solution fills {} (press i again)", at(*cell))
            }
        }
    }

    /// The cells to highlight.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Hint::Wrong(cells) => cells.clone(),
            Hint::Logic { basis, .. } => basis.clone(),
            Hint::Solution { .. } => Vec::new(),
        }
    }

    /// The cell and digit the second press places, if any.
    pub fn placement(&self) -> Option<(usize, u8)> {
        match self {
            Hint::Wrong(_) => None,
            Hint::Logic { cell, digit, .. } | Hint::Solution { cell, digit } => Some((*cell, *digit)),
        }
    }
}
