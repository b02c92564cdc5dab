//! The game as a pure state machine: `update(event, now)` changes the state and queues the
//! [`Effect`]s (files to write, quitting) for the terminal loop to carry out.
//!
//! No terminal, file or clock is touched here: keys arrive as [`Key`]s, mouse clicks as cells
//! (the view maps screen positions to cells), time as `now` since the program started, and the
//! wall-clock date as `unix_base + now`. So every screen is tested without a terminal.

use std::time::Duration;

use super::animate::Animation;
use super::game::Game;
use super::hint::Hint;
use super::ranking::Ranking;
use super::saves::SavedGame;
use super::settings::{Settings, SIZES};
use super::setup::Verdict;
use crate::grid::{Grid, Shape};
use crate::logic::Rating;

/// A key, independent of the terminal library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// A character typed with Ctrl.
    Ctrl(char),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
}

/// Something that happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A key was pressed.
    Key(Key),
    /// A board cell was clicked.
    Click(usize),
    /// Time passed (animations, the clock display).
    Tick,
}

/// Work for the terminal loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Write the saved games.
    SaveGames,
    /// Write the ranking.
    SaveRanking,
    /// Write the settings.
    SaveSettings,
    /// Leave the program.
    Quit,
}

/// The screen shown.
#[derive(Debug, Clone)]
pub enum Screen {
    /// The main menu.
    Menu,
    /// Typing the player's name.
    EditName,
    /// Picking a saved game.
    Saved,
    /// The best times of the selected size and difficulty.
    Ranking,
    /// Playing [`App::game`].
    Playing,
    /// The visual solve of [`App::game`]'s puzzle.
    Solving(Box<Animation>),
    /// Typing a puzzle in.
    Create,
    /// The game was won; its rank if it made the top 10.
    Won(Option<usize>),
}

/// A puzzle being typed in create mode.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The givens typed so far.
    pub grid: Grid,
    /// The selected cell.
    pub cursor: usize,
    /// The verdict on the grid as it was when last judged.
    pub verdict: Option<Verdict>,
}

/// Everything the game shows and remembers.
#[derive(Debug, Clone)]
pub struct App {
    /// The screen shown.
    pub screen: Screen,
    /// Remembered choices.
    pub settings: Settings,
    /// The selected menu line (or saved game).
    pub selected: usize,
    /// The game in progress, and its save id.
    pub game: Option<(u64, Game)>,
    /// The puzzle being created.
    pub draft: Option<Draft>,
    /// Saved games, every player's.
    pub saved: Vec<SavedGame>,
    /// Best times.
    pub ranking: Ranking,
    /// A one-line message (errors, hints, verdicts).
    pub message: String,
    /// The help overlay is shown.
    pub help: bool,
    /// Conflicts and correct cells are shown.
    pub checking: bool,
    /// The hint shown.
    pub hint: Option<Hint>,
    /// Seed of the next generated puzzle.
    pub next_seed: u64,
    /// Unix seconds at `now` = 0.
    pub unix_base: u64,
    /// Effects not yet carried out.
    pub effects: Vec<Effect>,
}

/// The menu lines.
pub const MENU: [&str; 9] = [
    "Player",
    "Size",
    "Difficulty",
    "Theme",
    "New game",
    "Continue a saved game",
    "Create a puzzle",
    "Best times",
    "Quit",
];

impl App {
    /// The app on its menu.
    pub fn new(settings: Settings, saved: Vec<SavedGame>, ranking: Ranking, next_seed: u64, unix_base: u64) -> App {
        App {
            screen: Screen::Menu,
            settings,
            selected: 4,
            game: None,
            draft: None,
            saved,
            ranking,
            message: String::new(),
            help: false,
            checking: false,
            hint: None,
            next_seed,
            unix_base,
            effects: Vec::new(),
        }
    }

    /// The shape chosen in the menu.
    pub fn shape(&self) -> Shape {
        let (r, c) = SIZES[self.settings.size.min(SIZES.len() - 1)];
        Shape::new(r, c).expect("menu sizes are valid shapes")
    }

    /// Unix seconds at `now`.
    pub fn unix(&self, now: Duration) -> u64 {
        self.unix_base + now.as_secs()
    }

    /// Takes the effects queued so far.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The saved games of the current player, newest first.
    pub fn my_saves(&self) -> Vec<&SavedGame> {
        let mut mine: Vec<&SavedGame> = self.saved.iter().filter(|s| s.player == self.settings.player).collect();
        mine.sort_by_key(|s| std::cmp::Reverse(s.saved_at));
        mine
    }

    /// Handles one event at time `now`.
    pub fn update(&mut self, event: Event, now: Duration) {
        if event == Event::Key(Key::Ctrl('c')) {
            self.autosave(now);
            self.effects.push(Effect::Quit);
            return;
        }
        if self.help {
            if matches!(event, Event::Key(_)) {
                self.help = false;
            }
            return;
        }
        match &self.screen {
            Screen::Menu => self.on_menu(event, now),
            Screen::EditName => self.on_name(event),
            Screen::Saved => self.on_saved(event, now),
            Screen::Ranking | Screen::Won(_) => {
                if matches!(event, Event::Key(Key::Enter | Key::Esc | Key::Char('q' | ' '))) {
                    self.screen = Screen::Menu;
                }
            }
            Screen::Playing => self.on_playing(event, now),
            Screen::Solving(_) => self.on_solving(event, now),
            Screen::Create => self.on_create(event, now),
        }
    }

    fn on_menu(&mut self, event: Event, now: Duration) {
        let Event::Key(key) = event else { return };
        self.message.clear();
        let step = match key {
            Key::Up | Key::Char('k') => {
                self.selected = (self.selected + MENU.len() - 1) % MENU.len();
                return;
            }
            Key::Down | Key::Char('j') => {
                self.selected = (self.selected + 1) % MENU.len();
                return;
            }
            Key::Left | Key::Char('h') => -1,
            Key::Right | Key::Char('l') => 1,
            Key::Char('q') | Key::Esc => {
                self.effects.push(Effect::Quit);
                return;
            }
            Key::Char('?') => {
                self.help = true;
                return;
            }
            Key::Enter => 0,
            _ => return,
        };
        let s = &mut self.settings;
        // Enter on a setting steps it forward.
        let turn = if step == 0 { 1 } else { step };
        match (self.selected, step) {
            (0, 0) => self.screen = Screen::EditName,
            (1, _) => s.size = (s.size as isize + turn).rem_euclid(SIZES.len() as isize) as usize,
            (2, _) => {
                let at = Rating::ALL.iter().position(|&r| r == s.difficulty).unwrap_or(0) as isize;
                s.difficulty = Rating::ALL[(at + turn).rem_euclid(4) as usize];
            }
            (3, _) => s.theme = s.theme.cycle(turn),
            (4, 0) => self.new_game(now),
            (5, 0) => {
                self.selected = 0;
                self.screen = Screen::Saved;
            }
            (6, 0) => {
                self.draft = Some(Draft { grid: Grid::empty(self.shape()), cursor: 0, verdict: None });
                self.screen = Screen::Create;
            }
            (7, 0) => self.screen = Screen::Ranking,
            (8, 0) => self.effects.push(Effect::Quit),
            _ => return,
        }
        if (1..=3).contains(&self.selected) {
            self.effects.push(Effect::SaveSettings);
        }
    }

    fn on_name(&mut self, event: Event) {
        let Event::Key(key) = event else { return };
        let name = &mut self.settings.player;
        match key {
            Key::Char(c) if name.chars().count() < 20 && !c.is_control() => name.push(c),
            Key::Backspace => {
                name.pop();
            }
            Key::Enter | Key::Esc => {
                if name.trim().is_empty() {
                    *name = "player".to_string();
                }
                self.screen = Screen::Menu;
                self.effects.push(Effect::SaveSettings);
            }
            _ => {}
        }
    }

    fn on_saved(&mut self, event: Event, now: Duration) {
        let Event::Key(key) = event else { return };
        let count = self.my_saves().len();
        match key {
            Key::Up | Key::Char('k') if count > 0 => self.selected = (self.selected + count - 1) % count,
            Key::Down | Key::Char('j') if count > 0 => self.selected = (self.selected + 1) % count,
            Key::Enter if count > 0 => {
                let id = self.my_saves()[self.selected.min(count - 1)].id;
                self.resume(id, now);
            }
            Key::Esc | Key::Char('q') => {
                self.selected = 5;
                self.screen = Screen::Menu;
            }
            _ => {}
        }
    }

    /// Generates a puzzle of the menu's size and difficulty and starts playing it.
    pub fn new_game(&mut self, now: Duration) {
        let (shape, rating, seed) = (self.shape(), self.settings.difficulty, self.next_seed);
        // 4×4 puzzles are always easy (see `puzzle`): ask for what exists.
        let rating = if shape.n() <= 4 { Rating::Easy } else { rating };
        self.next_seed = self.next_seed.wrapping_add(1);
        match super::setup::generated(shape, rating, seed, now) {
            Ok(game) => self.start(game, now),
            Err(e) => self.message = e.to_string(),
        }
    }

    /// Starts playing `game` (a new id, clock running).
    pub fn start(&mut self, mut game: Game, now: Duration) {
        game.clock.resume(now);
        let id = self.unix(now) * 1000 + now.subsec_millis() as u64;
        self.game = Some((id, game));
        self.begin_playing();
    }

    /// Resumes saved game `id`.
    pub fn resume(&mut self, id: u64, now: Duration) {
        let Some(saved) = self.saved.iter().find(|s| s.id == id) else { return };
        match saved.restore() {
            Ok(mut game) => {
                game.clock.resume(now);
                game.last_move = game.clock.elapsed(now);
                self.game = Some((id, game));
                self.begin_playing();
            }
            Err(e) => self.message = format!("saved game unreadable: {e}"),
        }
    }

    fn begin_playing(&mut self) {
        self.screen = Screen::Playing;
        self.checking = false;
        self.hint = None;
        self.message.clear();
    }

    /// Saves the game in progress (unless won or solved by the computer).
    pub fn autosave(&mut self, now: Duration) {
        let Some((id, game)) = &self.game else { return };
        if game.is_won() || game.solved_by_computer {
            return;
        }
        let record = SavedGame::of(game, *id, &self.settings.player, self.unix(now), now);
        match self.saved.iter_mut().find(|s| s.id == *id) {
            Some(slot) => *slot = record,
            None => self.saved.push(record),
        }
        self.effects.push(Effect::SaveGames);
    }
}
