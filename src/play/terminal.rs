//! The terminal: raw mode and the alternate screen (restored on exit and on panic), the event
//! loop that turns crossterm events into [`Event`]s, and the [`Effect`]s carried out on the store.
//!
//! The loop redraws after every event and at least every 100 ms (the clock and the solve
//! animation move on their own). SIGHUP, SIGTERM and SIGINT end the game as Ctrl-C does: the game
//! is saved and the terminal restored before the program exits (with 128 + the signal).

use std::io::{self, Stdout};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
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

/// The signals that end the game as Ctrl-C does (saved, terminal restored): the terminal closing
/// (SIGHUP), `kill` (SIGTERM) and an interrupt sent from outside (SIGINT; the Ctrl-C key itself
/// arrives as a key in raw mode).
const SIGNALS: [i32; 3] = [signal_hook::consts::SIGHUP, signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT];

/// Plays until the player quits or a signal of [`SIGNALS`] arrives; returns that signal, if one
/// ended it. The game in progress is saved and the terminal restored however this ends.
pub fn run(app: &mut App, store: &Store) -> io::Result<Option<i32>> {
    // The handlers only store the signal's number; the loop notices it within one tick.
    let received = Arc::new(AtomicUsize::new(0));
    let mut handlers = Vec::new();
    for signal in SIGNALS {
        handlers.push(signal_hook::flag::register_usize(signal, Arc::clone(&received), signal as usize)?);
    }
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    let start = Instant::now();
    let result = Terminal::new(CrosstermBackend::new(io::stdout()))
        .and_then(|mut t| event_loop(&mut t, app, store, start, &received));
    if !matches!(result, Ok(Ended::Quit)) {
        // A signal or a terminal that failed (e.g. closed under us): save as leaving does.
        app.autosave(start.elapsed());
        carry_out(app, store);
    }
    restore();
    for id in handlers {
        signal_hook::low_level::unregister(id);
    }
    result.map(|ended| match ended {
        Ended::Quit => None,
        Ended::Signal(number) => Some(number),
    })
}

/// Leaves raw mode and the alternate screen (errors ignored: this is the way out).
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, DisableMouseCapture, crossterm::cursor::Show);
}

/// How the event loop ended.
enum Ended {
    /// The player quit.
    Quit,
    /// A signal of [`SIGNALS`] arrived.
    Signal(i32),
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    store: &Store,
    start: Instant,
    received: &AtomicUsize,
) -> io::Result<Ended> {
    let signalled = || match received.load(Ordering::SeqCst) {
        0 => None,
        number => Some(Ended::Signal(number as i32)),
    };
    loop {
        // Checked before drawing: after SIGHUP the terminal is gone and drawing would fail.
        if let Some(ended) = signalled() {
            return Ok(ended);
        }
        let now = start.elapsed();
        terminal.draw(|frame| view::draw(frame, app, now))?;
        let ready = match event::poll(TICK) {
            Ok(ready) => ready,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => false,
            Err(e) => return Err(e),
        };
        if ready {
            let size = terminal.size()?;
            let area = Rect::new(0, 0, size.width, size.height);
            let event = translate(event::read()?, app, area).filter(|&e| view::acts(app, area, e));
            if let Some(event) = event {
                app.update(event, start.elapsed());
            }
        }
        app.update(Event::Tick, start.elapsed());
        if carry_out(app, store) {
            return Ok(Ended::Quit);
        }
    }
}

/// Carries out the app's pending effects on the store; true when one of them is to quit.
fn carry_out(app: &mut App, store: &Store) -> bool {
    for effect in app.take_effects() {
        let saved = match effect {
            Effect::SaveGames => store.save(GAMES, &app.saved),
            Effect::SaveRanking => store.save(RANKING, &app.ranking),
            Effect::SaveSettings => store.save(SETTINGS, &app.settings),
            Effect::Quit => return true,
        };
        if let Err(e) = saved {
            app.message = format!("could not save: {e}");
        }
    }
    false
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
