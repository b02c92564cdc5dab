//! What the board screens show: the board with its marks, and the side panel's lines (clock,
//! score, mistakes, hints, the solve counters, the message).

use std::time::Duration;

use ratatui::text::{Line, Span};

use super::animate::{SearchResult, SearchStep};
use super::board::{symbol, BoardView, Marks};
use super::clock::clock_text;
use super::state::{App, Screen};
use super::theme::Theme;
use crate::grid::Grid;

/// The board of the current screen with its marks, if the screen has one.
pub fn board_view(app: &App) -> Option<BoardView<'_>> {
    match &app.screen {
        Screen::Create => {
            let draft = app.draft.as_ref()?;
            let conflicts = conflict_cells(&draft.grid);
            let marks = (0..draft.grid.cells().len())
                .map(|c| Marks { given: true, cursor: c == draft.cursor, conflict: conflicts[c], ..Marks::default() })
                .collect();
            Some(BoardView { grid: &draft.grid, notes: &[], marks, hidden: false })
        }
        Screen::Solving(animation) => {
            let (_, game) = app.game.as_ref()?;
            let mut marks =
                animation_marks(game.puzzle.cells().len(), animation.last, &animation.result, animation.is_done());
            marks.iter_mut().enumerate().for_each(|(c, m)| m.given = game.is_given(c));
            Some(BoardView { grid: &animation.board, notes: &[], marks, hidden: false })
        }
        _ => {
            let (_, game) = app.game.as_ref()?;
            let conflicts = if app.checking { game.conflicts() } else { vec![false; game.entries.cells().len()] };
            let hint_cells = app.hint.as_ref().map(|h| h.cells()).unwrap_or_default();
            let target = app.hint.as_ref().and_then(|h| h.placement()).map(|(c, _)| c);
            let marks = (0..game.entries.cells().len())
                .map(|c| {
                    let v = game.entries.get(c);
                    Marks {
                        given: game.is_given(c),
                        cursor: c == game.cursor,
                        conflict: conflicts[c],
                        correct: app.checking
                            && !game.is_given(c)
                            && v != 0
                            && !conflicts[c]
                            && v == game.solution.get(c),
                        hint: hint_cells.contains(&c),
                        target: target == Some(c),
                        ..Marks::default()
                    }
                })
                .collect();
            Some(BoardView { grid: &game.entries, notes: &game.notes, marks, hidden: game.clock.is_paused() })
        }
    }
}

fn conflict_cells(grid: &Grid) -> Vec<bool> {
    let mut marked = vec![false; grid.cells().len()];
    for conflict in crate::verify::conflicts(grid) {
        conflict.cells.iter().for_each(|&c| marked[c] = true);
    }
    marked
}

/// The side panel's lines.
pub fn panel_lines(app: &App, theme: &Theme, now: Duration) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut title = |text: String| lines.push(Line::from(Span::styled(text, theme.title)));
    match &app.screen {
        Screen::Create => {
            let n = app.draft.as_ref().map_or(0, |d| d.grid.n());
            title(format!("Create a {n}×{n} puzzle"));
            lines.push(Line::from("Type the givens; Enter judges"));
            lines.push(Line::from("(no, one or many solutions);"));
            lines.push(Line::from("Enter again plays it. Esc: menu"));
        }
        Screen::Solving(a) => {
            title("Solve: backtracking".to_string());
            lines.push(Line::from("first empty cell, digits 1..N"));
            lines.push(Line::from(format!("Nodes      {}", a.nodes)));
            lines.push(Line::from(format!("Dead ends  {}", a.dead_ends)));
            lines.push(Line::from(format!("Speed      {} steps/s (+/-)", a.steps_per_second())));
            let status = match (&a.result, a.is_done()) {
                (_, false) => "Enter: skip to the end".to_string(),
                (super::animate::SearchResult::Solved(_), true) => "Solved (verified). Esc: back".to_string(),
                (super::animate::SearchResult::Infeasible, true) => "No solution. Esc: back".to_string(),
                (super::animate::SearchResult::TooLong, true) => "Search too long to show in full".to_string(),
            };
            lines.push(Line::from(status));
        }
        _ => {
            let Some((_, game)) = app.game.as_ref() else { return lines };
            let n = game.shape().n();
            let rating = game.label.rating.map_or("custom".to_string(), |r| r.to_string());
            let seed = game.label.seed.map(|s| format!(" #{s}")).unwrap_or_default();
            title(format!("{n}×{n} {rating}{seed}"));
            lines.push(Line::from(format!("Player    {}", app.settings.player)));
            let paused = if game.clock.is_paused() { " (paused)" } else { "" };
            lines.push(Line::from(format!("Time      {}{paused}", clock_text(game.clock.elapsed(now)))));
            lines.push(Line::from(format!("Score     {}", game.score)));
            lines.push(Line::from(format!("Mistakes  {}", game.mistakes)));
            lines.push(Line::from(format!("Hints     {}", game.hints)));
            let mode = if game.notes_mode { "notes" } else { "digits" };
            let check = if app.checking { "on" } else { "off" };
            lines.push(Line::from(format!("Mode      {mode} · check {check}")));
            let notes = game.notes[game.cursor];
            if notes != 0 {
                let marks: Vec<String> =
                    (1..=n as u8).filter(|d| notes & (1u64 << (d - 1)) != 0).map(|d| symbol(d).to_string()).collect();
                lines.push(Line::from(format!("Notes     {}", marks.join(" "))));
            }
            if game.clock.is_paused() {
                lines.push(Line::from("Paused: p or Space resumes"));
            }
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(app.message.clone()));
    lines.push(Line::from("? help · q menu"));
    lines
}

/// The marks of the solve animation's last step.
pub fn animation_marks(cells: usize, last: Option<SearchStep>, result: &SearchResult, done: bool) -> Vec<Marks> {
    let mut marks = vec![Marks::default(); cells];
    match last {
        Some(SearchStep::Place(cell, _)) if !done => marks[cell].placed = true,
        Some(SearchStep::Undo(cell)) if !done => marks[cell].undone = true,
        _ => {}
    }
    if done && matches!(result, SearchResult::Solved(_)) {
        marks.iter_mut().for_each(|m| m.correct = true);
    }
    marks
}
