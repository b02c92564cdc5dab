//! Drawing every screen with ratatui: menu, saved games, best times, the board with its side
//! panel, the solve animation, create mode, the win screen and the help overlay.
//!
//! Drawing only reads the [`App`]. The board sits at column 1, line 1 of the frame; the side
//! panel goes to its right, or below it on a narrow terminal, and a terminal too small for either
//! gets a plain message saying what size is needed.

use std::time::Duration;

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::board::board_size;
use super::playing::KEYS;
use super::settings::SIZES;
use super::state::{App, Event, Key, Screen, MENU};
use super::theme::Theme;
use crate::grid::Shape;

/// Kept at their old paths; they live beside their users, so `view` and `panel` do not import each other.
pub use super::clock::clock_text;
pub use super::panel::animation_marks;

/// Columns the side panel needs beside the board.
const PANEL_WIDTH: u16 = 30;
/// Lines the panel needs under the board.
const PANEL_HEIGHT: u16 = 10;

/// Where the board and the panel go in `area`, or `None` when the terminal is too small.
pub fn layout(shape: Shape, area: Rect) -> Option<(Rect, Rect)> {
    let (w, h) = board_size(shape);
    let board = Rect::new(area.x + 1, area.y + 1, w, h);
    if area.width >= w + 2 + PANEL_WIDTH && area.height >= h + 2 {
        let x = board.right() + 2;
        return Some((board, Rect::new(x, area.y + 1, area.right() - x, area.height - 1)));
    }
    if area.width >= w + 2 && area.height >= h + 2 + PANEL_HEIGHT {
        let y = board.bottom() + 1;
        return Some((board, Rect::new(area.x + 1, y, area.width - 1, area.bottom() - y)));
    }
    None
}

/// The shape of the board on screen, if any.
pub fn board_shape(app: &App) -> Option<Shape> {
    match &app.screen {
        Screen::Create => app.draft.as_ref().map(|d| d.grid.shape()),
        Screen::Playing | Screen::Solving(_) | Screen::Won(_) => app.game.as_ref().map(|(_, g)| g.shape()),
        _ => None,
    }
}

/// Whether `event` may act on the app drawn in `area`. While a board screen cannot show its board
/// (the terminal is too small, and the screen says so) only the keys that leave act: a digit,
/// hint or move would play a board nobody can see.
pub fn acts(app: &App, area: Rect, event: Event) -> bool {
    let board_screen = matches!(app.screen, Screen::Playing | Screen::Solving(_) | Screen::Create);
    let hidden = board_screen && board_shape(app).is_some_and(|shape| layout(shape, area).is_none());
    !hidden || matches!(event, Event::Tick | Event::Key(Key::Char('q') | Key::Esc | Key::Ctrl('c')))
}

/// Draws the app at `now`.
pub fn draw(frame: &mut Frame, app: &App, now: Duration) {
    let area = frame.area();
    let theme = Theme::of(app.settings.theme);
    frame.render_widget(Block::default().style(theme.base), area);
    match &app.screen {
        Screen::Menu | Screen::EditName => menu(frame, app, &theme),
        Screen::Saved => saved(frame, app, &theme),
        Screen::Ranking => ranking(frame, app, &theme),
        Screen::Won(rank) => won(frame, app, *rank, &theme, now),
        Screen::Playing | Screen::Solving(_) | Screen::Create => board_screen(frame, app, &theme, now),
    }
    if app.help {
        help(frame, &theme);
    }
}

fn menu(frame: &mut Frame, app: &App, theme: &Theme) {
    let s = &app.settings;
    let (r, c) = SIZES[s.size.min(SIZES.len() - 1)];
    let values = [
        if matches!(app.screen, Screen::EditName) { format!("{}_", s.player) } else { s.player.clone() },
        format!("‹ {n}×{n} ({r}x{c} boxes) ›", n = r * c),
        format!(
            "‹ {} ›",
            if r * c <= 4 { "easy (4×4 puzzles are all easy)".to_string() } else { s.difficulty.to_string() }
        ),
        format!("‹ {} ›", s.theme.name()),
    ];
    let mut lines = vec![Line::from(Span::styled("sudoku-lab play", theme.title)), Line::from("")];
    for (i, item) in MENU.iter().enumerate() {
        let text = match values.get(i) {
            Some(v) => format!("{item:<12} {v}"),
            None => item.to_string(),
        };
        let (mark, style) = if i == app.selected { ("▶ ", theme.cursor) } else { ("  ", theme.base) };
        lines.push(Line::from(vec![Span::raw(mark), Span::styled(text, style)]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(app.message.clone()));
    lines.push(Line::from("↑↓ choose · ←→ change · Enter select · ? help · q quit"));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inset(frame.area()));
}

fn saved(frame: &mut Frame, app: &App, theme: &Theme) {
    let mine = app.my_saves();
    let mut lines = vec![Line::from(Span::styled(format!("Saved games of {}", app.settings.player), theme.title))];
    lines.push(Line::from(""));
    if mine.is_empty() {
        lines.push(Line::from("No saved games yet: a game is saved when you leave it."));
    }
    for (i, game) in mine.iter().enumerate() {
        let style = if i == app.selected { theme.cursor } else { theme.base };
        lines.push(Line::from(Span::styled(game.describe(), style)));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(app.message.clone()));
    lines.push(Line::from("↑↓ choose · Enter continue · Esc back"));
    frame.render_widget(Paragraph::new(lines), inset(frame.area()));
}

fn ranking(frame: &mut Frame, app: &App, theme: &Theme) {
    let n = app.shape().n();
    let rating = if n <= 4 { crate::logic::Rating::Easy } else { app.settings.difficulty };
    let category = format!("{n}x{n}-{rating}");
    let mut lines = vec![Line::from(Span::styled(format!("Best times · {category}"), theme.title)), Line::from("")];
    let top = app.ranking.top(&category);
    if top.is_empty() {
        lines.push(Line::from("No finished games yet (←→ on Size and Difficulty in the menu pick another)."));
    } else {
        lines.push(Line::from(format!(
            "{:>2}  {:<16} {:>8} {:>7} {:>8} {:>5}  date",
            "#", "player", "time", "score", "mistakes", "hints"
        )));
    }
    for (i, e) in top.iter().enumerate() {
        let time = clock_text(Duration::from_millis(e.millis));
        lines.push(Line::from(format!(
            "{:>2}  {:<16} {time:>8} {:>7} {:>8} {:>5}  {}",
            i + 1,
            e.player,
            e.score,
            e.mistakes,
            e.hints,
            e.date
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from("Enter or Esc: back"));
    frame.render_widget(Paragraph::new(lines), inset(frame.area()));
}

fn won(frame: &mut Frame, app: &App, rank: Option<usize>, theme: &Theme, now: Duration) {
    let Some((_, game)) = &app.game else { return };
    let category = game.label.category().unwrap_or_else(|| "unrated puzzle".to_string());
    let rank = match rank {
        Some(k) => format!("#{k} in {category}"),
        None if game.solved_by_computer => "not ranked (the computer filled it)".to_string(),
        None if game.label.rating.is_none() => "not ranked (several solutions)".to_string(),
        None => format!("outside the top 10 of {category}"),
    };
    let lines = vec![
        Line::from(Span::styled("Puzzle solved!", theme.title)),
        Line::from(""),
        Line::from(format!("Time      {}", clock_text(game.clock.elapsed(now)))),
        Line::from(format!("Mistakes  {}", game.mistakes)),
        Line::from(format!("Hints     {}", game.hints)),
        Line::from(format!("Score     {}", game.score)),
        Line::from(format!("Rank      {rank}")),
        Line::from(""),
        Line::from("Enter: back to the menu"),
    ];
    let area = centered(frame.area(), 44, lines.len() as u16 + 2);
    frame.render_widget(Clear, area);
    let block = Block::default().borders(Borders::ALL).style(theme.base);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn board_screen(frame: &mut Frame, app: &App, theme: &Theme, now: Duration) {
    let Some(shape) = board_shape(app) else { return };
    let area = frame.area();
    let Some((board_area, panel)) = layout(shape, area) else {
        let (w, h) = board_size(shape);
        let n = shape.n();
        let text = format!(
            "The terminal is too small for a {n}×{n} board: it needs at least {}×{} (or {}×{}), and it is {}×{}. \
             Enlarge the window, or press q to go back.",
            w + 2 + PANEL_WIDTH,
            h + 2,
            w + 2,
            h + 2 + PANEL_HEIGHT,
            area.width,
            area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    };
    if let Some(view) = super::panel::board_view(app) {
        frame.render_widget(Paragraph::new(view.lines(theme)), board_area);
    }
    let info = super::panel::panel_lines(app, theme, now);
    frame.render_widget(Paragraph::new(info).wrap(Wrap { trim: false }), panel);
}

fn help(frame: &mut Frame, theme: &Theme) {
    let mut lines: Vec<Line> = KEYS.iter().map(|(k, what)| Line::from(format!("{k:<26} {what}"))).collect();
    lines.push(Line::from(""));
    lines.push(Line::from("Score: +100 × digit per valid move, −200 per invalid one, −10 per second of thinking."));
    let area = centered(frame.area(), 80, lines.len() as u16 + 2);
    frame.render_widget(Clear, area);
    let block = Block::default().borders(Borders::ALL).title(" Keys (any key closes) ").style(theme.base);
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }), area);
}

/// A `w`×`h` rectangle centred in `area` (clamped to it).
fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let (w, h) = (w.min(area.width), h.min(area.height));
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

/// `area` less a one-cell margin.
fn inset(area: Rect) -> Rect {
    Rect::new(area.x + 1, area.y + 1, area.width.saturating_sub(2), area.height.saturating_sub(2))
}
