//! The keys of the board screens: playing, the visual solve, and create mode.
//!
//! The full key table is [`KEYS`]; the help overlay and docs/play.md print it.

use std::time::Duration;

use super::animate::{Animation, SearchResult};
use super::game::Placed;
use super::hint::Hint;
use super::ranking::{date_of, RankEntry};
use super::setup::{self, Verdict};
use super::state::{App, Effect, Event, Key, Screen};

/// Every key of the game: (keys, what they do).
pub const KEYS: [(&str, &str); 22] = [
    ("← ↑ ↓ → / h j k l / mouse", "move the selection"),
    ("1–9, A–G", "write a digit (letters are 10–16)"),
    ("0 / . / Delete / Backspace", "clear the cell"),
    ("n", "notes mode: digits toggle pencil marks"),
    ("u / Ctrl-Z", "undo (no limit)"),
    ("r / Ctrl-Y", "redo"),
    ("v", "check: conflicts !d! (red), correct digits (green)"),
    ("i", "hint: technique and cells; again: the digit"),
    ("p / Space", "pause (hides the board) / resume"),
    ("x", "reset to the givens (undoable)"),
    ("m", "show determined cells (same in every solution)"),
    ("s", "solve: animated backtracking"),
    ("+ / -", "solve: faster / slower"),
    ("Enter", "solve: skip to the end; create: judge, then play"),
    ("w", "save now"),
    ("q / Esc", "save and go back to the menu"),
    ("Ctrl-C", "save and quit"),
    ("?", "this help"),
    ("menu: ↑ ↓", "choose a line"),
    ("menu: ← → / Enter", "change a setting / choose"),
    ("saved games: ↑ ↓ Enter", "pick a game to continue"),
    ("create: digits, Enter", "type givens; Enter judges (none / one / many)"),
];

/// The digit a key writes on an N×N board: 1–9, then A–G (either case) for 10–16.
pub fn digit_of(c: char, n: usize) -> Option<u8> {
    let d = match c {
        '1'..='9' => c as u8 - b'0',
        'a'..='g' => c as u8 - b'a' + 10,
        'A'..='G' => c as u8 - b'A' + 10,
        _ => return None,
    };
    (d as usize <= n).then_some(d)
}

/// A move of the selection, from a key.
fn direction(key: Key) -> Option<(isize, isize)> {
    match key {
        Key::Up | Key::Char('k') => Some((-1, 0)),
        Key::Down | Key::Char('j') => Some((1, 0)),
        Key::Left | Key::Char('h') => Some((0, -1)),
        Key::Right | Key::Char('l') => Some((0, 1)),
        _ => None,
    }
}

impl App {
    pub(super) fn on_playing(&mut self, event: Event, now: Duration) {
        let Some((_, game)) = self.game.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        let n = game.shape().n();
        let key = match event {
            Event::Tick => return,
            Event::Click(cell) => {
                game.cursor = cell;
                return;
            }
            Event::Key(key) => key,
        };
        if game.clock.is_paused() {
            match key {
                Key::Char('p' | ' ') => game.clock.resume(now),
                Key::Char('q') | Key::Esc => self.leave(now),
                _ => {}
            }
            return;
        }
        if let Some((dr, dc)) = direction(key) {
            game.move_cursor(dr, dc);
            return;
        }
        self.message.clear();
        match key {
            Key::Char(c) if digit_of(c, n).is_some() => {
                let digit = digit_of(c, n).expect("checked");
                self.hint = None;
                if let Placed::Digit { valid: false, .. } = game.type_digit(digit, now) {
                    self.message = format!("{digit} repeats in this row, column or box (−200)");
                }
            }
            Key::Char('0' | '.') | Key::Delete | Key::Backspace => game.clear(),
            Key::Char('n') => game.notes_mode = !game.notes_mode,
            Key::Char('u') | Key::Ctrl('z') => {
                self.message = if game.undo() { String::new() } else { "nothing to undo".to_string() };
            }
            Key::Char('r') | Key::Ctrl('y') => {
                self.message = if game.redo() { String::new() } else { "nothing to redo".to_string() };
            }
            Key::Char('v') => self.checking = !self.checking,
            Key::Char('i') => self.hint(),
            Key::Char('p' | ' ') => game.clock.pause(now),
            Key::Char('x') => {
                game.reset();
                self.message = "board reset to the givens (u undoes it)".to_string();
            }
            Key::Char('m') => {
                let mut board = game.entries.clone();
                let det = game.determined.clone();
                let empty: Vec<usize> = (0..board.cells().len()).filter(|&c| board.get(c) == 0).collect();
                empty.iter().filter(|&&c| det.get(c) != 0).for_each(|&c| board.set(c, det.get(c)));
                let filled = empty.iter().filter(|&&c| det.get(c) != 0).count();
                game.set_board(board);
                game.solved_by_computer |= game.entries.is_full();
                self.message = format!("{filled} empty cells are the same in every solution: filled");
            }
            Key::Char('s') => {
                let animation = Animation::record(&game.puzzle, now);
                self.screen = Screen::Solving(Box::new(animation));
                return;
            }
            Key::Char('w') => {
                self.autosave(now);
                self.message = "saved".to_string();
            }
            Key::Char('?') => self.help = true,
            Key::Char('q') | Key::Esc => {
                self.leave(now);
                return;
            }
            _ => {}
        }
        self.finish_if_won(now);
    }

    /// Saves and goes back to the menu.
    fn leave(&mut self, now: Duration) {
        self.autosave(now);
        self.screen = Screen::Menu;
    }

    fn hint(&mut self) {
        let Some((_, game)) = self.game.as_mut() else { return };
        match self.hint.take() {
            Some(hint) => match hint.placement() {
                Some((cell, digit)) => {
                    game.reveal(cell, digit);
                    game.cursor = cell;
                }
                None => self.hint = Some(hint),
            },
            None => match Hint::for_game(game) {
                Some(hint) => {
                    game.hints += 1;
                    self.message = hint.message(game.shape().n());
                    self.hint = Some(hint);
                }
                None => self.message = "nothing left to hint".to_string(),
            },
        }
    }

    /// On a won board: stops the clock, ranks the game and shows the win screen.
    fn finish_if_won(&mut self, now: Duration) {
        let Some((id, game)) = self.game.as_mut() else { return };
        if !game.is_won() {
            return;
        }
        game.clock.pause(now);
        let id = *id;
        self.saved.retain(|s| s.id != id);
        self.effects.push(Effect::SaveGames);
        let mut rank = None;
        if let (false, Some(category)) = (game.solved_by_computer, game.label.category()) {
            let entry = RankEntry {
                player: self.settings.player.clone(),
                millis: game.clock.elapsed(now).as_millis() as u64,
                score: game.score,
                mistakes: game.mistakes,
                hints: game.hints,
                date: date_of(self.unix_base + now.as_secs()),
            };
            rank = self.ranking.record(&category, entry);
            self.effects.push(Effect::SaveRanking);
        }
        self.hint = None;
        self.screen = Screen::Won(rank);
    }

    pub(super) fn on_solving(&mut self, event: Event, now: Duration) {
        let Screen::Solving(animation) = &mut self.screen else { return };
        match event {
            Event::Tick => animation.tick(now),
            Event::Key(Key::Char('+' | '=')) => animation.change_speed(1),
            Event::Key(Key::Char('-')) => animation.change_speed(-1),
            Event::Key(Key::Enter) => animation.finish(),
            Event::Key(Key::Char('?')) => self.help = true,
            Event::Key(Key::Esc | Key::Char('q')) => {
                let solved = match (&animation.result, animation.is_done()) {
                    (SearchResult::Solved(grid), true) => Some(grid.clone()),
                    _ => None,
                };
                if let (Some(grid), Some((_, game))) = (solved, self.game.as_mut()) {
                    game.set_board(grid);
                    game.solved_by_computer = true;
                    self.message = "solved by the computer: not ranked".to_string();
                }
                self.screen = Screen::Playing;
            }
            _ => {}
        }
    }

    pub(super) fn on_create(&mut self, event: Event, now: Duration) {
        let Some(draft) = self.draft.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        let shape = draft.grid.shape();
        let key = match event {
            Event::Tick => return,
            Event::Click(cell) => {
                draft.cursor = cell;
                return;
            }
            Event::Key(key) => key,
        };
        if let Some((dr, dc)) = direction(key) {
            let n = shape.n() as isize;
            let (r, c) =
                ((draft.cursor as isize / n + dr).rem_euclid(n), (draft.cursor as isize % n + dc).rem_euclid(n));
            draft.cursor = (r * n + c) as usize;
            return;
        }
        match key {
            Key::Char(c) if digit_of(c, shape.n()).is_some() => {
                draft.grid.set(draft.cursor, digit_of(c, shape.n()).expect("checked"));
                draft.verdict = None;
            }
            Key::Char('0' | '.') | Key::Delete | Key::Backspace => {
                draft.grid.set(draft.cursor, 0);
                draft.verdict = None;
            }
            Key::Enter => match &draft.verdict {
                Some(Verdict::One { .. } | Verdict::Many { .. }) => match setup::from_puzzle(draft.grid.clone(), now) {
                    Ok(game) => self.start(game, now),
                    Err(e) => self.message = e.to_string(),
                },
                _ => {
                    let verdict = setup::judge(&draft.grid);
                    let playable = matches!(verdict, Verdict::One { .. } | Verdict::Many { .. });
                    self.message = verdict.describe() + if playable { " — Enter to play it" } else { "" };
                    draft.verdict = Some(verdict);
                }
            },
            Key::Char('?') => self.help = true,
            Key::Esc | Key::Char('q') => self.screen = Screen::Menu,
            _ => {}
        }
    }
}
