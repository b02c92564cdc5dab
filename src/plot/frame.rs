//! The frame around a figure's panels: the title, the panel grid, the legend column on the right
//! (series keys and censoring keys) and the strip of notes underneath, and the pixel size they add up
//! to.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::series::Series;
use super::style::{line_style, marker_style, Dash, Look, Marker, INK, LEGEND_W, LIMIT_DASH};
use super::FONT;
use crate::results::Results;

/// What a legend line shows.
#[derive(Debug, Clone)]
pub(super) enum Key {
    Series(Look),
    Hollow(Look),
    Cross,
    Limit,
    Band,
    Fill(RGBColor),
    /// A hollow circle without a line (a point drawn hollow, such as a run not finished).
    Ring(RGBColor),
    /// A line without a marker (a reference line such as a diagonal).
    Line(RGBColor, Dash),
    /// A line of text without a symbol (e.g. which statistic a solver's effort counts).
    Note,
}

/// The panels of a figure, in a grid; [`frame`] has drawn the title, legend and notes around them.
pub(super) struct Frame<DB: DrawingBackend> {
    pub(super) panels: Vec<DrawingArea<DB, Shift>>,
}

/// Width in pixels of a character of the 14-pixel legend and notes text, generously: DejaVu Sans
/// averages about 6.1, so text measured with this never runs past its area.
const CHAR_W: f64 = 6.6;

/// The legend column's width: [`LEGEND_W`], or wider when a label would not fit in it.
pub(super) fn legend_width(keys: &[(String, Key)]) -> u32 {
    let widest = keys
        .iter()
        .map(|(label, key)| {
            let indent = if matches!(key, Key::Note) { 12.0 } else { 62.0 };
            indent + CHAR_W * label.chars().count() as f64
        })
        .fold(0.0, f64::max);
    LEGEND_W.max(widest.ceil() as u32 + 12)
}

/// `lines` wrapped at spaces to fit a notes strip `width` pixels wide.
pub(super) fn wrap(lines: &[String], width: u32) -> Vec<String> {
    let most = ((f64::from(width.saturating_sub(32)) / CHAR_W) as usize).max(20);
    let mut out = Vec::new();
    for line in lines {
        let mut current = String::new();
        for word in line.split(' ') {
            if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > most {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out
}

/// Height of the notes strip for `lines` lines.
fn notes_height(lines: usize) -> u32 {
    22 * lines as u32 + 14
}

/// Rows and columns of a grid of `count` panels.
pub(super) fn grid(count: usize, max_cols: usize) -> (usize, usize) {
    let cols = count.clamp(1, max_cols);
    (count.div_ceil(cols), cols)
}

/// Legend line spacing in pixels when there is room, and the least it is squeezed to.
const LEGEND_STEP: (u32, u32) = (26, 20);
/// Room above the first legend line.
const LEGEND_TOP: u32 = 40;

/// Pixel size of a figure with `rows` × `cols` panels of size `panel`, the legend column (wide
/// and tall enough for `keys`), room for the title, and the notes `lines` (wrapped to the width).
pub(super) fn figure_size(
    (rows, cols): (usize, usize),
    panel: (u32, u32),
    lines: &[String],
    keys: &[(String, Key)],
) -> (u32, u32) {
    let legend = LEGEND_TOP + LEGEND_STEP.1 * keys.len() as u32 + 10;
    let width = cols as u32 * panel.0 + legend_width(keys);
    (width, (rows as u32 * panel.1).max(legend) + 50 + notes_height(wrap(lines, width).len()))
}

/// Draws the title, the legend `keys` on the right and the notes `lines` underneath (wrapped to the
/// width) on `root`, and splits what is left into a grid of `rows` × `cols` panels.
pub(super) fn frame<DB>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    (rows, cols): (usize, usize),
    lines: &[String],
    keys: &[(String, Key)],
) -> anyhow::Result<Frame<DB>>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let body = root.titled(title, (FONT, 24))?;
    let (w, h) = body.dim_in_pixel();
    let lines = wrap(lines, w);
    let (main, notes_area) = body.split_vertically(h.saturating_sub(notes_height(lines.len())));
    let (plots, legend_area) = main.split_horizontally(w.saturating_sub(legend_width(keys)));
    legend(&legend_area, keys)?;
    notes(&notes_area, &lines)?;
    let panels = plots.split_evenly((rows.max(1), cols.max(1)));
    Ok(Frame { panels })
}

/// Draws the legend lines top-down.
fn legend<DB>(area: &DrawingArea<DB, Shift>, entries: &[(String, Key)]) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let font = (FONT, 14).into_font().color(&BLACK);
    // Squeeze the lines when they would not fit at full spacing, never below LEGEND_STEP.1 (the
    // figure's height allows for that: see figure_size).
    let room = area.dim_in_pixel().1.saturating_sub(LEGEND_TOP + 10);
    let step = (room / entries.len().max(1) as u32).clamp(LEGEND_STEP.1, LEGEND_STEP.0) as i32;
    for (i, (label, key)) in entries.iter().enumerate() {
        let y = LEGEND_TOP as i32 + step * i as i32;
        let (x0, x1, xm) = (12, 52, 32);
        match key {
            Key::Series(look) | Key::Hollow(look) => {
                let style = line_style(look.color);
                match look.dash.pattern() {
                    None => area.draw(&PathElement::new(vec![(x0, y), (x1, y)], style))?,
                    Some((dash, gap)) => {
                        area.draw(&DashedPathElement::new(vec![(x0, y), (x1, y)], dash, gap, style))?
                    }
                }
                let (style, size) = marker_style(*look, matches!(key, Key::Hollow(_)));
                match look.marker {
                    Marker::Circle => area.draw(&Circle::new((xm, y), size, style))?,
                    Marker::Triangle => area.draw(&TriangleMarker::new((xm, y), size + 1, style))?,
                    Marker::Square => {
                        area.draw(&Rectangle::new([(xm - size, y - size), (xm + size, y + size)], style))?
                    }
                }
            }
            Key::Cross => area.draw(&Cross::new((xm, y), 5, line_style(INK)))?,
            Key::Limit => {
                let (dash, gap) = LIMIT_DASH;
                area.draw(&DashedPathElement::new(vec![(x0, y), (x1, y)], dash, gap, line_style(INK)))?
            }
            Key::Band => area.draw(&Rectangle::new([(x0, y - 7), (x1, y + 7)], INK.mix(0.15).filled()))?,
            Key::Ring(color) => area.draw(&Circle::new((xm, y), 5, line_style(*color)))?,
            Key::Line(color, dash) => {
                let style = line_style(*color);
                match dash.pattern() {
                    None => area.draw(&PathElement::new(vec![(x0, y), (x1, y)], style))?,
                    Some((d, g)) => area.draw(&DashedPathElement::new(vec![(x0, y), (x1, y)], d, g, style))?,
                }
            }
            Key::Fill(color) => area.draw(&Rectangle::new([(x0, y - 8), (x1, y + 8)], color.mix(0.85).filled()))?,
            Key::Note => {}
        }
        let x = if matches!(key, Key::Note) { x0 } else { x1 + 10 };
        area.draw(&Text::new(label.clone(), (x, y - 8), font.clone()))?;
    }
    Ok(())
}

/// Explanatory lines under the panels.
fn notes<DB>(area: &DrawingArea<DB, Shift>, lines: &[String]) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let font = (FONT, 14).into_font().color(&INK);
    for (i, line) in lines.iter().enumerate() {
        area.draw(&Text::new(line.clone(), (16, 6 + 22 * i as i32), font.clone()))?;
    }
    Ok(())
}

/// The legend entries of `series` (deduplicated by label) and the censoring keys.
pub(super) fn series_keys(series: &[&Series], band: bool, limit: Option<f64>) -> Vec<(String, Key)> {
    let mut keys: Vec<(String, Key)> = Vec::new();
    for s in series {
        if !keys.iter().any(|(l, _)| *l == s.label) {
            keys.push((s.label.clone(), Key::Series(s.look)));
        }
    }
    if band {
        keys.push(("interquartile range".to_owned(), Key::Band));
    }
    let any_censored = series.iter().flat_map(|s| &s.points).any(|p| p.censored);
    let any_stopped = series.iter().flat_map(|s| &s.points).any(|p| p.stopped > 0);
    if any_censored {
        // The key shows the censored series' marker when they share one, else a circle.
        let mut markers = series.iter().filter(|s| s.points.iter().any(|p| p.censored)).map(|s| s.look.marker);
        let first = markers.next().unwrap_or(Marker::Circle);
        let marker = if markers.all(|m| m == first) { first } else { Marker::Circle };
        let look = Look { color: INK, marker, dash: Dash::Solid };
        keys.push(("median at the limit".to_owned(), Key::Hollow(look)));
    }
    if any_stopped {
        keys.push(("some runs stopped here".to_owned(), Key::Cross));
    }
    if let Some(limit) = limit {
        keys.push((format!("time limit ({})", crate::results::fmt_round_seconds(limit)), Key::Limit));
    }
    keys
}

/// The note every time figure carries about censoring.
pub(super) fn censoring_note(results: &Results) -> String {
    match results.time_limit {
        Some(_) => "Runs stopped by the time limit or the memory cap, and wrong answers, count as the limit \
                    (censored, not dropped); error runs are left out."
            .to_owned(),
        None => "No run was stopped by a limit; error runs are left out.".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_wrap_at_spaces_and_legends_widen_for_long_labels() {
        let line = "word ".repeat(60).trim_end().to_owned();
        let wrapped = wrap(&[line.clone(), "short".to_owned()], 400);
        assert!(wrapped.len() > 2 && wrapped.iter().all(|l| l.chars().count() as f64 * CHAR_W <= 400.0 - 32.0));
        assert_eq!(wrapped.join(" ").replace(" short", ""), line, "nothing lost");
        assert_eq!(wrapped.last().map(String::as_str), Some("short"));
        assert_eq!(legend_width(&[("sat".to_owned(), Key::Cross)]), LEGEND_W);
        let long = "ilp-clique+more-heuristics (random)".to_owned();
        assert!(legend_width(&[(long, Key::Cross)]) > LEGEND_W);
    }

    #[test]
    fn panel_grids_wrap_after_max_cols() {
        assert_eq!(grid(5, 4), (2, 4));
        assert_eq!(grid(3, 4), (1, 3));
    }
}
