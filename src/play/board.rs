//! Drawing a board: box borders, digits, pencil marks and every cell marker, as ratatui lines.
//!
//! Each cell is three characters wide. Markers that do not depend on colour: `[d]` the selected
//! cell, `!d!` a conflict (when checking), `?` a hint's target; a hint's cells are underlined.
//! An empty cell with pencil marks shows up to three of them, dimmed. The board takes
//! `3N + N/c + 1` columns and `N + N/r + 1` lines for r×c boxes.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::grid::{Grid, Shape};

/// What one cell shows beyond its digit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Marks {
    /// A given.
    pub given: bool,
    /// The selected cell.
    pub cursor: bool,
    /// Its digit repeats in a house (shown when checking).
    pub conflict: bool,
    /// Its digit agrees with the solution (shown when checking).
    pub correct: bool,
    /// A hint rests on it.
    pub hint: bool,
    /// A hint fills it.
    pub target: bool,
    /// The solve animation just placed a digit here.
    pub placed: bool,
    /// The solve animation just emptied it.
    pub undone: bool,
}

/// A board to draw: values, pencil marks and marks per cell; `hidden` blanks every cell (pause).
#[derive(Debug, Clone)]
pub struct BoardView<'a> {
    /// The digits (0 = empty).
    pub grid: &'a Grid,
    /// Pencil marks per cell (may be empty).
    pub notes: &'a [u64],
    /// Marks per cell.
    pub marks: Vec<Marks>,
    /// Blank every cell.
    pub hidden: bool,
}

/// The width and height a board of `shape` takes.
pub fn board_size(shape: Shape) -> (u16, u16) {
    let (n, r, c) = (shape.n(), shape.box_rows(), shape.box_cols());
    ((3 * n + n / c + 1) as u16, (n + n / r + 1) as u16)
}

/// The cell under the screen position (x, y), for a board drawn with its corner at `origin`.
pub fn cell_at(shape: Shape, origin: Rect, x: u16, y: u16) -> Option<usize> {
    let (r, c) = (shape.box_rows(), shape.box_cols());
    let (lx, ly) = (usize::from(x.checked_sub(origin.x)?), usize::from(y.checked_sub(origin.y)?));
    let (box_w, box_h) = (3 * c + 1, r + 1);
    if lx % box_w == 0 || ly % box_h == 0 {
        return None;
    }
    let col = lx / box_w * c + (lx % box_w - 1) / 3;
    let row = ly / box_h * r + ly % box_h - 1;
    (row < shape.n() && col < shape.n()).then(|| shape.cell(row, col))
}

/// The symbol of a digit: 1–9, then A–G.
pub fn symbol(d: u8) -> char {
    match d {
        0 => ' ',
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
    }
}

impl BoardView<'_> {
    /// The board as lines of styled text.
    pub fn lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let shape = self.grid.shape();
        let (n, r, c) = (shape.n(), shape.box_rows(), shape.box_cols());
        let rule = |left: &str, mid: &str, right: &str| {
            let seg = "─".repeat(3 * c);
            let text = format!("{left}{}{right}", vec![seg; n / c].join(mid));
            Line::from(Span::styled(text, theme.border))
        };
        let mut lines = vec![rule("┌", "┬", "┐")];
        for row in 0..n {
            let mut spans = Vec::with_capacity(2 * n + 1);
            for col in 0..n {
                if col % c == 0 {
                    spans.push(Span::styled("│", theme.border));
                }
                spans.push(self.cell(shape.cell(row, col), theme));
            }
            spans.push(Span::styled("│", theme.border));
            lines.push(Line::from(spans));
            if row % r == r - 1 {
                lines.push(if row == n - 1 { rule("└", "┴", "┘") } else { rule("├", "┼", "┤") });
            }
        }
        lines
    }

    fn cell(&self, cell: usize, theme: &Theme) -> Span<'static> {
        let m = self.marks.get(cell).copied().unwrap_or_default();
        let value = if self.hidden { 0 } else { self.grid.get(cell) };
        let notes = if self.hidden { 0 } else { self.notes.get(cell).copied().unwrap_or(0) };
        let mut style = theme.base;
        let mid: String = if m.target && !self.hidden {
            "?".into()
        } else if value != 0 {
            style = style.patch(if m.given { theme.given } else { theme.entry });
            symbol(value).to_string()
        } else if notes != 0 {
            style = style.patch(theme.note);
            let marks: String = (1..=64u8).filter(|d| notes & (1u64 << (d - 1)) != 0).take(3).map(symbol).collect();
            return Span::styled(format!("{marks:<3}"), self.decorate(style, m, theme));
        } else {
            " ".into()
        };
        let (l, r) = match (m.cursor, m.conflict && !self.hidden) {
            (true, _) => ('[', ']'),
            (false, true) => ('!', '!'),
            _ => (' ', ' '),
        };
        Span::styled(format!("{l}{mid}{r}"), self.decorate(style, m, theme))
    }

    fn decorate(&self, mut style: Style, m: Marks, theme: &Theme) -> Style {
        if self.hidden {
            return if m.cursor { style.patch(theme.cursor) } else { style };
        }
        for (on, patch) in [
            (m.correct, theme.correct),
            (m.conflict, theme.conflict),
            (m.hint || m.target, theme.hint),
            (m.placed, theme.placed),
            (m.undone, theme.undone),
            (m.cursor, theme.cursor),
        ] {
            if on {
                style = style.patch(patch);
            }
        }
        style
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_maps_to_the_cell_under_it_and_borders_to_none() {
        let shape = Shape::new(3, 3).unwrap();
        let origin = Rect::new(1, 1, 31, 13);
        assert_eq!(board_size(shape), (31, 13));
        assert_eq!(cell_at(shape, origin, 2, 2), Some(0));
        assert_eq!(cell_at(shape, origin, 4, 2), Some(0));
        assert_eq!(cell_at(shape, origin, 5, 2), Some(1));
        assert_eq!(cell_at(shape, origin, 1, 2), None, "left border");
        assert_eq!(cell_at(shape, origin, 11, 2), None, "box border");
        assert_eq!(cell_at(shape, origin, 12, 6), Some(shape.cell(3, 3)));
        assert_eq!(cell_at(shape, origin, 30, 12), Some(80));
    }
}
