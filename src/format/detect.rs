//! Auto-detection of the input format; the rules are listed in the module doc of [`super`].

use super::read::{content_lines, is_separator_line, read_cells, strip_comment};
use super::Format;
use crate::grid::{Shape, MAX_N};

/// The format auto-detection chose, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detection {
    /// The format chosen.
    pub format: Format,
    /// Why, in words ("the first line holds 81 cells").
    pub reason: String,
    /// What to pass if the guess is wrong ("pass --input-format grid if …"); empty when the guess is sure.
    pub instead: String,
}

impl Detection {
    /// One sentence for an error note: what was chosen, why, and what to pass instead; `None`
    /// when the guess is sure (JSON, or no content at all).
    pub fn hint(&self) -> Option<String> {
        (!self.instead.is_empty()).then(|| format!("read as {} because {}; {}", self.format, self.reason, self.instead))
    }
}

/// Guesses the format of `text` (see the module doc for the rules).
pub fn detect(text: &str) -> Format {
    detection(text).format
}

const GRID_FLAG: &str = "--input-format grid";
const LINE_FLAG: &str = "--input-format line";

/// Guesses the format of `text`, saying why (see the module doc for the rules).
pub fn detection(text: &str) -> Detection {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let found = |format, reason: String, instead: String| Detection { format, reason, instead };
    let Some((first_no, first)) = content_lines(text).next() else {
        return found(Format::Line, "the input holds no puzzle".into(), String::new());
    };
    let first = first.trim();
    if first.starts_with('{') || first.starts_with('[') {
        return found(Format::Json, "the input starts with '{' or '['".into(), String::new());
    }
    if first.contains(':') {
        let reason = "the first line holds a ':' (PUZZLE:SOLUTION)".into();
        return found(Format::Line, reason, format!("for another format pass {GRID_FLAG} or --input-format json"));
    }
    if is_separator_line(first) || first.contains('|') {
        let reason = format!("line {first_no} holds box borders");
        return found(Format::Grid, reason, "give its box shape with --box RxC if the borders do not show it".into());
    }
    // The block the first line starts: its rows' cell counts and largest values.
    let block: Vec<Option<(usize, usize)>> = text
        .lines()
        .skip(first_no - 1)
        .filter(|l| !l.trim_start().starts_with('#'))
        .map(strip_comment)
        .take_while(|l| !l.trim().is_empty())
        .take(MAX_N + 1) // enough to tell: a grid row count never exceeds 64
        .map(|l| read_cells(l, 0, false, None).ok().map(|c| (c.len(), c.iter().map(|&(v, _)| v).max().unwrap_or(0))))
        .collect();
    let Some(&Some((len, _))) = block.first() else {
        let reason = format!("line {first_no} is no grid row");
        return found(Format::Line, reason, format!("pass {GRID_FLAG} if it starts a grid"));
    };
    let side = (len as f64).sqrt().round() as usize;
    let line_length = side * side == len && Shape::for_size(side).is_ok();
    let rows: Vec<usize> =
        block.iter().take(len).map_while(|r| r.filter(|&(l, _)| l == len)).map(|(_, max)| max).collect();
    let max = rows.iter().copied().max().unwrap_or(0);
    let grid_rows = (2..=MAX_N).contains(&len) && rows.len() >= 2;
    if line_length {
        if grid_rows && max > side {
            let reason = format!(
                "its first {} lines hold {len} cells each with values up to {max}, above {side}, so they are rows of a {len}×{len} grid",
                rows.len()
            );
            return found(Format::Grid, reason, format!("pass {LINE_FLAG} if each line is a {side}×{side} puzzle"));
        }
        let reason = format!("line {first_no} holds {len} = {side}² cells, a {side}×{side} puzzle");
        let instead = if (2..=MAX_N).contains(&len) {
            format!("pass {GRID_FLAG} if the lines are rows of one {len}×{len} grid")
        } else {
            "each line must hold N² cells".into()
        };
        return found(Format::Line, reason, instead);
    }
    if (2..=MAX_N).contains(&len) && block.len() >= 2 {
        let reason = format!("line {first_no} holds {len} cells, no N² for a usable side N, so it is the first row of a {len}×{len} grid");
        return found(Format::Grid, reason, format!("pass {LINE_FLAG} if each line is a puzzle"));
    }
    let reason = format!("line {first_no} is a single line of {len} cells");
    found(Format::Line, reason, "a line puzzle holds N² cells (81 for 9×9), a grid N lines of N cells".into())
}
