//! The terminal: raw mode and the alternate screen (restored on exit and on panic), the event
//! loop that turns crossterm events into [`Event`]s, and the [`Effect`]s carried out on the store.
//!
//! The loop redraws after every event and at least every 100 ms (the clock and the solve
//! animation move on their own).

use std::io::{self, Stdout};
use std::time::{Duration, Instant};

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, KeyCode, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

use super::board::cell_at;
use super::state::{App, Effect, Event, Key};
use super::store::{Store, GAMES, RANKING, SETTINGS};
use super::view;

/// How long the loop waits for input before a tick.
const TICK: Duration = Duration::from_millis(100);

/// Plays until the player quits. The terminal is restored however this ends.
pub fn run(app: &mut App, store: &Store) -> io::Result<()> {
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    let result = Terminal::new(CrosstermBackend::new(io::stdout())).and_then(|mut t| event_loop(&mut t, app, store));
    restore();
    result
}

/// Leaves raw mode and the alternate screen (errors ignored: this is the way out).
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, DisableMouseCapture, crossterm::cursor::Show);
}

fn event_loop(terminal: &mut Terminal<CrosstermBackend<Stdout>>, app: &mut App, store: &Store) -> io::Result<()> {
    let start = Instant::now();
    loop {
        let now = start.elapsed();
        terminal.draw(|frame| view::draw(frame, app, now))?;
        if event::poll(TICK)? {
            let size = terminal.size()?;
            let area = Rect::new(0, 0, size.width, size.height);
            if let Some(event) = translate(event::read()?, app, area) {
                app.update(event, start.elapsed());
            }
        }
        app.update(Event::Tick, start.elapsed());
        for effect in app.take_effects() {
            let saved = match effect {
                Effect::SaveGames => store.save(GAMES, &app.saved),
                Effect::SaveRanking => store.save(RANKING, &app.ranking),
                Effect::SaveSettings => store.save(SETTINGS, &app.settings),
                Effect::Quit => return Ok(()),
            };
            if let Err(e) = saved {
                app.message = format!("could not save: {e}");
            }
        }
    }
}

/// The app's event for a terminal event, if it has one.
fn translate(event: event::Event, app: &App, area: Rect) -> Option<Event> {
    match event {
        event::Event::Key(k) if k.kind != KeyEventKind::Release => {
            let key = match k.code {
                KeyCode::Char(c) if k.modifiers.contains(KeyModifiers::CONTROL) => Key::Ctrl(c.to_ascii_lowercase()),
                KeyCode::Char(c) => Key::Char(c),
                KeyCode::Up => Key::Up,
                KeyCode::Down => Key::Down,
                KeyCode::Left => Key::Left,
                KeyCode::Right => Key::Right,
                KeyCode::Enter => Key::Enter,
                KeyCode::Esc => Key::Esc,
                KeyCode::Backspace => Key::Backspace,
                KeyCode::Delete => Key::Delete,
                _ => return None,
            };
            Some(Event::Key(key))
        }
        event::Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            let shape = view::board_shape(app)?;
            let (board, _) = view::layout(shape, area)?;
            cell_at(shape, board, m.column, m.row).map(Event::Click)
        }
        _ => None,
    }
}
