//! Figures of one results directory, written as SVG and PNG beside its `runs.csv`.
//!
//! This module reads result files only (through the report's loader, so figures and report censor
//! alike) and never calls a solver. Runs stopped by the time limit or the memory cap count as the
//! time limit, never silently dropped: a median drawn hollow sits at the limit (a lower bound), and
//! a cross on the dashed limit line marks every point where some runs were stopped. Axes are drawn
//! in transformed space (log10 for times), so one chart type serves linear and logarithmic axes.
//! Text uses the bundled DejaVu Sans (plotters is built without system fonts), so PNGs render
//! headless.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use crate::report::results::{solver_order, verdict, Alpha, Results, Summary, Verdict};
use crate::report::stats;

/// The figures this module can write: file stem and caption (the report embeds those that exist).
pub(crate) const FIGURES: [(&str, &str); 4] = [
    (
        "time_vs_n",
        "Median solve time vs N (log–log), interquartile band shaded, stopped runs counted as the time limit",
    ),
    ("time_vs_alpha", "Median solve time vs fill fraction α, one panel per N"),
    ("outcomes_vs_alpha", "What the solvers found out about each instance vs α, per mode and N"),
    ("phase", "Phase study: median backtrack guesses and median time vs α per N, with the peak α marked"),
];

const FONT: &str = "sans-serif";
const FONT_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
const PANEL: (u32, u32) = (440, 380);
const OUTCOME_PANEL: (u32, u32) = (360, 280);
const LEGEND_W: u32 = 280;
const MAX_COLS: usize = 4;
const GRID: RGBColor = RGBColor(205, 205, 205);
const GRID_LIGHT: RGBColor = RGBColor(238, 238, 238);
const INK: RGBColor = RGBColor(70, 70, 70);
/// Times below this (timer resolution) are drawn at it, since log10(0) is undefined.
const TINY: f64 = 1e-7;

/// Writes every figure the data supports into `dir` as `NAME.svg` and `NAME.png`; returns the files.
///
/// Reads `dir/runs.csv` and, if present, `dir/meta.json` (for the time limit; without it the longest
/// stopped run stands in). Figures without the data they need (e.g. a single N, or no α sweep) are
/// skipped rather than drawn empty.
pub fn plot_results(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    register_font()?;
    let results = Results::load(dir)?;
    let mut written = Vec::new();
    if let Some(fig) = TimeVsN::new(&results) {
        written.extend(save(dir, &fig)?);
    }
    if let Some(fig) = TimeVsAlpha::new(&results) {
        written.extend(save(dir, &fig)?);
    }
    if let Some(fig) = Outcomes::new(&results) {
        written.extend(save(dir, &fig)?);
    }
    if let Some(fig) = Phase::new(&results) {
        written.extend(save(dir, &fig)?);
    }
    remove_stale(dir, &written)?;
    Ok(written)
}

/// Deletes figures of ours left from an earlier call that the data no longer supports, so the
/// report does not embed them.
fn remove_stale(dir: &Path, written: &[PathBuf]) -> anyhow::Result<()> {
    for (stem, _) in FIGURES {
        for ext in ["svg", "png"] {
            let path = dir.join(format!("{stem}.{ext}"));
            if !written.contains(&path) && path.exists() {
                std::fs::remove_file(&path)
                    .map_err(|e| anyhow::anyhow!("cannot remove stale {}: {e}", path.display()))?;
            }
        }
    }
    Ok(())
}

/// Registers the bundled font once per process under the family name plotters asks for.
fn register_font() -> anyhow::Result<()> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        [FontStyle::Normal, FontStyle::Bold]
            .into_iter()
            .all(|style| plotters::style::register_font(FONT, style, FONT_BYTES).is_ok())
    });
    anyhow::ensure!(ok, "the bundled font assets/DejaVuSans.ttf could not be loaded");
    Ok(())
}

/// A figure that can draw itself on any backend.
trait Figure {
    /// File stem, one of [`FIGURES`].
    fn stem(&self) -> &'static str;
    /// Size in pixels.
    fn size(&self) -> (u32, u32);
    /// Draws the whole figure on `root`.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static;
}

/// Writes `fig` as SVG and PNG into `dir`.
fn save(dir: &Path, fig: &impl Figure) -> anyhow::Result<[PathBuf; 2]> {
    let svg = dir.join(format!("{}.svg", fig.stem()));
    let png = dir.join(format!("{}.png", fig.stem()));
    {
        let root = SVGBackend::new(&svg, fig.size()).into_drawing_area();
        fig.draw(&root)?;
        root.present()?;
    }
    {
        let root = BitMapBackend::new(&png, fig.size()).into_drawing_area();
        fig.draw(&root)?;
        root.present()?;
    }
    Ok([svg, png])
}

// ---------------------------------------------------------------------------------------------
// Looks: colour per solver, marker and dash per mode.

#[derive(Debug, Clone, Copy, PartialEq)]
enum Marker {
    Circle,
    Triangle,
    Square,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Dash {
    Solid,
    Dashed,
    Dotted,
}

/// How one series is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Look {
    color: RGBColor,
    marker: Marker,
    dash: Dash,
}

/// Okabe–Ito colours: warm for the ILP models, blue for the backtrackers.
fn solver_color(solver: &str) -> RGBColor {
    match solver {
        "ilp-edge" => RGBColor(230, 159, 0),
        "ilp-clique" => RGBColor(213, 94, 0),
        "backtrack-naive" => RGBColor(86, 180, 233),
        "backtrack" => RGBColor(0, 114, 178),
        _ => [RGBColor(0, 158, 115), RGBColor(204, 121, 167), RGBColor(90, 90, 90)][solver.len() % 3],
    }
}

fn look(solver: &str, mode: &str) -> Look {
    let (marker, dash) = match mode {
        "planted" => (Marker::Circle, Dash::Solid),
        "random" => (Marker::Triangle, Dash::Dashed),
        _ => (Marker::Square, Dash::Dotted),
    };
    Look { color: solver_color(solver), marker, dash }
}

fn series_label(solver: &str, mode: &str, several_modes: bool) -> String {
    if several_modes {
        format!("{solver} ({mode})")
    } else {
        solver.to_owned()
    }
}

// ---------------------------------------------------------------------------------------------
// Axes in transformed space.

/// One axis: its range and ticks are in drawing space (log10 of the value for a log axis).
#[derive(Debug, Clone)]
struct Axis {
    desc: String,
    log: bool,
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
    minor: Vec<f64>,
    label: fn(f64) -> String,
}

impl Axis {
    /// A linear axis over `lo..hi` with labels at `ticks`.
    fn linear(desc: &str, lo: f64, hi: f64, ticks: Vec<f64>, label: fn(f64) -> String) -> Self {
        Axis { desc: desc.to_owned(), log: false, lo, hi, ticks, minor: Vec::new(), label }
    }

    /// A log axis covering `min..max` with some room, labelled at each decade (widened to whole
    /// decades when it would otherwise show fewer than two labels).
    fn decades(desc: &str, min: f64, max: f64, label: fn(f64) -> String) -> Self {
        let (mut lo, mut hi) = (min.max(TINY).log10() - 0.2, max.max(TINY).log10() + 0.35);
        if hi.floor() - lo.ceil() < 1.0 {
            lo = lo.floor();
            hi = hi.ceil().max(lo + 1.0);
        }
        let ticks: Vec<f64> = (lo.ceil() as i32..=hi.floor() as i32).map(f64::from).collect();
        let minor = (lo.floor() as i32..=hi.floor() as i32)
            .flat_map(|d| (2..10).map(move |m| f64::from(d) + f64::from(m).log10()))
            .filter(|v| (lo..hi).contains(v))
            .collect();
        Axis { desc: desc.to_owned(), log: true, lo, hi, ticks, minor, label }
    }

    /// A log axis through the given values (e.g. the N swept), labelled at each of them.
    fn log_at(desc: &str, values: &[f64], label: fn(f64) -> String) -> Self {
        let ticks: Vec<f64> = values.iter().map(|v| v.max(TINY).log10()).collect();
        let lo = ticks.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ticks.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let pad = ((hi - lo) * 0.06).max(0.05);
        Axis { desc: desc.to_owned(), log: true, lo: lo - pad, hi: hi + pad, ticks, minor: Vec::new(), label }
    }

    /// The α axis through the values swept.
    fn alpha(alphas: &[f64]) -> Self {
        let lo = alphas.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = alphas.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let pad = ((hi - lo) * 0.1).max(0.03);
        let ticks = if alphas.len() <= 10 { alphas.to_vec() } else { (0..=10).map(|i| f64::from(i) / 10.0).collect() };
        Axis::linear("fill fraction α (share of cells given)", lo - pad, hi + pad, ticks, |a| {
            Alpha::new(a).to_string()
        })
    }

    /// A value's drawing coordinate.
    fn at(&self, value: f64) -> f64 {
        if self.log {
            value.max(TINY).log10()
        } else {
            value
        }
    }

    fn spec(&self) -> Scale {
        Scale { lo: self.lo, hi: self.hi, ticks: self.ticks.clone(), minor: self.minor.clone() }
    }

    fn tick_label(&self, drawn: f64) -> String {
        (self.label)(if self.log { 10f64.powf(drawn) } else { drawn })
    }
}

/// A linear plotters coordinate with fixed ticks (bold, labelled) and minor grid lines (light).
///
/// plotters' own `WithKeyPoints<RangedCoordf64>` cannot take label formatters, hence this.
#[derive(Debug, Clone)]
struct Scale {
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
    minor: Vec<f64>,
}

impl Ranged for Scale {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.hi - self.lo;
        if span.abs() < f64::EPSILON {
            return (limit.0 + limit.1) / 2;
        }
        let t = (value - self.lo) / span;
        limit.0 + (t * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.minor.clone()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

/// Seconds as a plain number: `0.001`, `0.1`, `10`; `1e-5` below 0.0001.
fn seconds_label(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.0}")
    } else if s >= 1e-4 {
        let decimals = (-s.log10()).round() as usize;
        format!("{s:.decimals$}")
    } else {
        format!("{s:.0e}")
    }
}

/// Counts: `1`, `100`, `1e4`.
fn count_label(c: f64) -> String {
    if c < 1e4 {
        format!("{c:.0}")
    } else {
        format!("{c:.0e}")
    }
}

fn integer_label(v: f64) -> String {
    format!("{v:.0}")
}

fn percent_label(v: f64) -> String {
    format!("{:.0} %", v * 100.0)
}

// ---------------------------------------------------------------------------------------------
// Series and their drawing.

/// One point of a series, in data units: the median, its quartiles, and how many runs were stopped.
#[derive(Debug, Clone, Copy)]
struct Point {
    x: f64,
    y: f64,
    lo: f64,
    hi: f64,
    censored: bool,
    stopped: usize,
}

#[derive(Debug, Clone)]
struct Series {
    label: String,
    look: Look,
    points: Vec<Point>,
}

/// The median time of `s` at `x`, with quartiles.
fn time_point(results: &Results, x: f64, s: &Summary) -> Option<Point> {
    let y = s.median()?;
    Some(Point {
        x,
        y,
        lo: s.quantile(0.25)?,
        hi: s.quantile(0.75)?,
        censored: results.is_censored(y),
        stopped: s.limit + s.memory,
    })
}

/// The smallest and largest value a set of series (and the time limit) will show.
fn y_extent(series: &[Series], limit: Option<f64>) -> Option<(f64, f64)> {
    let values = series.iter().flat_map(|s| s.points.iter()).flat_map(|p| [p.y, p.lo, p.hi]);
    let (min, max) = values
        .chain(limit)
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold((f64::INFINITY, 0.0f64), |(a, b), v| (a.min(v), b.max(v)));
    (min.is_finite() && max > 0.0).then_some((min, max))
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<Scale, Scale>>;

/// A chart with labelled axes and grid on `area`.
fn chart<'a, DB>(area: &'a DrawingArea<DB, Shift>, title: &str, x: &Axis, y: &Axis) -> anyhow::Result<Chart<'a, DB>>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let mut builder = ChartBuilder::on(area);
    builder.margin(8).margin_right(18).x_label_area_size(50).y_label_area_size(68);
    if !title.is_empty() {
        builder.caption(title, (FONT, 17));
    }
    let mut chart = builder.build_cartesian_2d(x.spec(), y.spec())?;
    chart
        .configure_mesh()
        .x_desc(x.desc.as_str())
        .y_desc(y.desc.as_str())
        .x_label_formatter(&|v| x.tick_label(*v))
        .y_label_formatter(&|v| y.tick_label(*v))
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 14))
        .bold_line_style(GRID)
        .light_line_style(GRID_LIGHT)
        .draw()?;
    Ok(chart)
}

fn line_style(color: RGBColor) -> ShapeStyle {
    ShapeStyle { color: color.to_rgba(), filled: false, stroke_width: 2 }
}

/// A polyline in `look`'s dash pattern.
fn draw_line<DB>(chart: &mut Chart<'_, DB>, pts: Vec<(f64, f64)>, look: Look) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let style = line_style(look.color);
    match look.dash {
        Dash::Solid => chart.draw_series(LineSeries::new(pts, style))?,
        Dash::Dashed => chart.draw_series(DashedLineSeries::new(pts, 9, 5, style))?,
        Dash::Dotted => chart.draw_series(DashedLineSeries::new(pts, 2, 4, style))?,
    };
    Ok(())
}

/// Markers of one shape: filled, or hollow and larger for censored medians.
fn draw_markers<DB>(chart: &mut Chart<'_, DB>, pts: &[(f64, f64)], look: Look, hollow: bool) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let (style, size) = if hollow { (line_style(look.color), 6) } else { (look.color.filled(), 4) };
    let pts = pts.iter().copied();
    match look.marker {
        Marker::Circle => chart.draw_series(pts.map(|p| Circle::new(p, size, style)))?,
        Marker::Triangle => chart.draw_series(pts.map(|p| TriangleMarker::new(p, size + 1, style)))?,
        Marker::Square => chart
            .draw_series(pts.map(|p| EmptyElement::at(p) + Rectangle::new([(-size, -size), (size, size)], style)))?,
    };
    Ok(())
}

/// Draws `series` (band, line, markers, limit crosses) on `chart`; `slot` = (index, count) of the
/// series spreads the crosses on the limit line sideways so they do not hide one another.
fn draw_series<DB>(
    chart: &mut Chart<'_, DB>,
    (x, y): (&Axis, &Axis),
    series: &Series,
    band: bool,
    limit: Option<f64>,
    slot: (usize, usize),
) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let pts: Vec<(f64, f64)> = series.points.iter().map(|p| (x.at(p.x), y.at(p.y))).collect();
    if band && pts.len() >= 2 {
        let upper = series.points.iter().map(|p| (x.at(p.x), y.at(p.hi)));
        let lower = series.points.iter().rev().map(|p| (x.at(p.x), y.at(p.lo)));
        let outline: Vec<(f64, f64)> = upper.chain(lower).collect();
        chart.draw_series(std::iter::once(Polygon::new(outline, series.look.color.mix(0.13).filled())))?;
    }
    draw_line(chart, pts, series.look)?;
    let (hollow, filled): (Vec<&Point>, Vec<&Point>) = series.points.iter().partition(|p| p.censored);
    let coords = |v: Vec<&Point>| v.iter().map(|p| (x.at(p.x), y.at(p.y))).collect::<Vec<_>>();
    draw_markers(chart, &coords(filled), series.look, false)?;
    draw_markers(chart, &coords(hollow), series.look, true)?;
    if let Some(limit) = limit {
        let dx = (2 * slot.0 as i32 + 1 - slot.1 as i32) * 3;
        let crosses = series.points.iter().filter(|p| p.stopped > 0).map(|p| {
            EmptyElement::at((x.at(p.x), y.at(limit))) + Cross::new((dx, 0), 5, line_style(series.look.color))
        });
        chart.draw_series(crosses)?;
    }
    Ok(())
}

/// The dashed grey "time limit" line across the chart.
fn draw_limit<DB>(chart: &mut Chart<'_, DB>, x: &Axis, y: &Axis, limit: f64) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let level = y.at(limit);
    chart.draw_series(DashedLineSeries::new(vec![(x.lo, level), (x.hi, level)], 7, 5, line_style(INK)))?;
    let text = format!("time limit {} s", crate::report::fmt_limit(limit));
    chart.draw_series(std::iter::once(
        EmptyElement::at((x.lo, level)) + Text::new(text, (6, -17), (FONT, 13).into_font().color(&INK)),
    ))?;
    Ok(())
}

/// A vertical dashed marker at `at` (the peak α) spanning the drawn y range `span`, labelled at the
/// bottom (the peak itself is at the top) unless `label` is empty.
fn draw_peak<DB>(
    chart: &mut Chart<'_, DB>,
    span: std::ops::Range<f64>,
    at: f64,
    color: RGBColor,
    label: &str,
    row: i32,
) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let style = ShapeStyle { color: color.mix(0.8), filled: false, stroke_width: 1 };
    chart.draw_series(DashedLineSeries::new(vec![(at, span.start), (at, span.end)], 4, 4, style))?;
    if label.is_empty() {
        return Ok(());
    }
    let text = Text::new(label.to_owned(), (5, -18 - 16 * row), (FONT, 12).into_font().color(&color));
    chart.draw_series(std::iter::once(EmptyElement::at((at, span.start)) + text))?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Frame: title, panels, legend, notes.

/// What a legend line shows.
#[derive(Debug, Clone)]
enum Key {
    Series(Look),
    Hollow(Look),
    Cross,
    Limit,
    Band,
    Fill(RGBColor),
}

/// The areas of a figure: panels in a grid, a legend column on the right, notes underneath.
struct Frame<DB: DrawingBackend> {
    panels: Vec<DrawingArea<DB, Shift>>,
    legend: DrawingArea<DB, Shift>,
    notes: DrawingArea<DB, Shift>,
}

/// Height of the notes strip for `lines` lines.
fn notes_height(lines: usize) -> u32 {
    22 * lines as u32 + 14
}

/// Rows and columns of a grid of `count` panels.
fn grid(count: usize, max_cols: usize) -> (usize, usize) {
    let cols = count.clamp(1, max_cols);
    (count.div_ceil(cols), cols)
}

/// Splits `root` into a titled grid of `rows` × `cols` panels, a legend and a notes strip.
fn frame<DB>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    (rows, cols): (usize, usize),
    notes: usize,
) -> anyhow::Result<Frame<DB>>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let body = root.titled(title, (FONT, 24))?;
    let (w, h) = body.dim_in_pixel();
    let (main, notes_area) = body.split_vertically(h.saturating_sub(notes_height(notes)));
    let (plots, legend) = main.split_horizontally(w.saturating_sub(LEGEND_W));
    let panels = plots.split_evenly((rows.max(1), cols.max(1)));
    Ok(Frame { panels, legend, notes: notes_area })
}

/// Draws the legend lines top-down.
fn legend<DB>(area: &DrawingArea<DB, Shift>, entries: &[(String, Key)]) -> anyhow::Result<()>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let font = (FONT, 14).into_font().color(&BLACK);
    for (i, (label, key)) in entries.iter().enumerate() {
        let y = 40 + 26 * i as i32;
        let (x0, x1, xm) = (12, 52, 32);
        match key {
            Key::Series(look) | Key::Hollow(look) => {
                let style = line_style(look.color);
                match look.dash {
                    Dash::Solid => area.draw(&PathElement::new(vec![(x0, y), (x1, y)], style))?,
                    Dash::Dashed => area.draw(&DashedPathElement::new(vec![(x0, y), (x1, y)], 9, 5, style))?,
                    Dash::Dotted => area.draw(&DashedPathElement::new(vec![(x0, y), (x1, y)], 2, 4, style))?,
                }
                let (style, size) = if matches!(key, Key::Hollow(_)) { (style, 6) } else { (look.color.filled(), 4) };
                match look.marker {
                    Marker::Circle => area.draw(&Circle::new((xm, y), size, style))?,
                    Marker::Triangle => area.draw(&TriangleMarker::new((xm, y), size + 1, style))?,
                    Marker::Square => {
                        area.draw(&Rectangle::new([(xm - size, y - size), (xm + size, y + size)], style))?
                    }
                }
            }
            Key::Cross => area.draw(&Cross::new((xm, y), 5, line_style(INK)))?,
            Key::Limit => area.draw(&DashedPathElement::new(vec![(x0, y), (x1, y)], 7, 5, line_style(INK)))?,
            Key::Band => area.draw(&Rectangle::new([(x0, y - 7), (x1, y + 7)], INK.mix(0.15).filled()))?,
            Key::Fill(color) => area.draw(&Rectangle::new([(x0, y - 8), (x1, y + 8)], color.mix(0.85).filled()))?,
        }
        area.draw(&Text::new(label.clone(), (x1 + 10, y - 8), font.clone()))?;
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
fn series_keys(series: &[&Series], band: bool, limit: Option<f64>) -> Vec<(String, Key)> {
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
        let look = Look { color: INK, marker: Marker::Circle, dash: Dash::Solid };
        keys.push(("median at the limit".to_owned(), Key::Hollow(look)));
    }
    if any_stopped {
        keys.push(("some runs stopped here".to_owned(), Key::Cross));
    }
    if let Some(limit) = limit {
        keys.push((format!("time limit ({} s)", crate::report::fmt_limit(limit)), Key::Limit));
    }
    keys
}

/// The note every time figure carries about censoring.
fn censoring_note(results: &Results) -> String {
    match results.time_limit {
        Some(_) => "Runs stopped by the time limit or the memory cap count as the limit (censored, not dropped); \
                    error runs are left out."
            .to_owned(),
        None => "No run was stopped by a limit; error runs are left out.".to_owned(),
    }
}

// ---------------------------------------------------------------------------------------------
// Figure 1: time vs N.

/// Median time vs N, one line per (solver, mode), pooled over α and repeats.
struct TimeVsN<'r> {
    results: &'r Results,
    series: Vec<Series>,
    sizes: Vec<f64>,
}

impl<'r> TimeVsN<'r> {
    fn new(results: &'r Results) -> Option<Self> {
        let several_modes = results.modes().len() > 1;
        let groups = results.summarize(|r| Some((solver_order(&r.solver), r.mode.clone(), r.n)));
        let mut by_series: BTreeMap<SeriesKey, Series> = BTreeMap::new();
        for ((solver, mode, n), s) in &groups {
            let Some(point) = time_point(results, *n as f64, s) else { continue };
            by_series
                .entry((solver.clone(), mode.clone()))
                .or_insert_with(|| Series {
                    label: series_label(&solver.1, mode, several_modes),
                    look: look(&solver.1, mode),
                    points: Vec::new(),
                })
                .points
                .push(point);
        }
        let sizes: BTreeSet<usize> = groups.keys().map(|k| k.2).collect();
        (sizes.len() >= 2).then(|| TimeVsN {
            results,
            series: by_series.into_values().collect(),
            sizes: sizes.into_iter().map(|n| n as f64).collect(),
        })
    }
}

impl Figure for TimeVsN<'_> {
    fn stem(&self) -> &'static str {
        FIGURES[0].0
    }

    fn size(&self) -> (u32, u32) {
        (1200, 760)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let lines = vec![
            "Median over all α and repeats at each N; shaded band: 25th–75th percentile.".to_owned(),
            censoring_note(self.results),
        ];
        let f = frame(root, "Solve time vs N", (1, 1), lines.len())?;
        let limit = self.results.time_limit;
        let (min, max) = y_extent(&self.series, limit).unwrap_or((1e-3, 1.0));
        let x = Axis::log_at("N (digits per house; grid is N × N), log scale", &self.sizes, integer_label);
        let y = Axis::decades("median solve time (s), log scale", min, max, seconds_label);
        let mut c = chart(&f.panels[0], "", &x, &y)?;
        if let Some(limit) = limit {
            draw_limit(&mut c, &x, &y, limit)?;
        }
        for (i, s) in self.series.iter().enumerate() {
            draw_series(&mut c, (&x, &y), s, true, limit, (i, self.series.len()))?;
        }
        legend(&f.legend, &series_keys(&self.series.iter().collect::<Vec<_>>(), true, limit))?;
        notes(&f.notes, &lines)
    }
}

// ---------------------------------------------------------------------------------------------
// Figure 2: time vs α per N.

/// The series of one N's panel, drawn against the α values swept at that N.
#[derive(Debug, Clone)]
struct AlphaPanel {
    n: usize,
    series: Vec<Series>,
    alphas: Vec<f64>,
}

/// An [`AlphaPanel`] being collected: series keyed by (solver order, mode) or by mode.
#[derive(Debug, Default)]
struct PanelBuilder<K> {
    series: BTreeMap<K, Series>,
    alphas: BTreeSet<Alpha>,
}

impl<K: Ord> PanelBuilder<K> {
    /// Adds `point` at `alpha` to the series `key`, creating it with `label` and `look`.
    fn add(&mut self, key: K, alpha: Alpha, point: Point, label: impl FnOnce() -> (String, Look)) {
        self.alphas.insert(alpha);
        let series = self.series.entry(key).or_insert_with(|| {
            let (label, look) = label();
            Series { label, look, points: Vec::new() }
        });
        series.points.push(point);
    }

    /// The finished panels at N with at least `min_alphas` α values.
    fn finish(panels: BTreeMap<usize, Self>, min_alphas: usize) -> Vec<AlphaPanel> {
        panels
            .into_iter()
            .filter(|(_, b)| b.alphas.len() >= min_alphas)
            .map(|(n, b)| AlphaPanel {
                n,
                series: b.series.into_values().collect(),
                alphas: b.alphas.iter().map(|a| a.value()).collect(),
            })
            .collect()
    }
}

/// A series of a solver in a mode, in display order: (solver order key, mode).
type SeriesKey = ((usize, String), String);

/// `true` for modes with an α axis (`unique` puzzles have a difficulty instead).
fn has_alpha_axis(mode: &str) -> bool {
    mode != "unique"
}

/// Per N with at least `min_alphas` α values: the time series of the solvers `keep` accepts.
fn alpha_panels(results: &Results, min_alphas: usize, keep: impl Fn(&str) -> bool) -> Vec<AlphaPanel> {
    let modes: BTreeSet<&str> = results.rows.iter().map(|r| r.mode.as_str()).filter(|m| has_alpha_axis(m)).collect();
    let several_modes = modes.len() > 1;
    let groups = results.summarize(|r| {
        (has_alpha_axis(&r.mode) && keep(&r.solver))
            .then(|| (r.n, solver_order(&r.solver), r.mode.clone(), Alpha::new(r.alpha)))
    });
    let mut panels: BTreeMap<usize, PanelBuilder<SeriesKey>> = BTreeMap::new();
    for ((n, solver, mode, alpha), s) in &groups {
        let Some(point) = time_point(results, alpha.value(), s) else { continue };
        panels.entry(*n).or_default().add((solver.clone(), mode.clone()), *alpha, point, || {
            (series_label(&solver.1, mode, several_modes), look(&solver.1, mode))
        });
    }
    PanelBuilder::finish(panels, min_alphas)
}

/// Median time vs α, one panel per N, one line per (solver, mode).
struct TimeVsAlpha<'r> {
    results: &'r Results,
    panels: Vec<AlphaPanel>,
}

impl<'r> TimeVsAlpha<'r> {
    fn new(results: &'r Results) -> Option<Self> {
        let panels = alpha_panels(results, 2, |_| true);
        (!panels.is_empty()).then_some(TimeVsAlpha { results, panels })
    }
}

/// Draws one time-vs-α panel (limit line and series); returns the chart for further marks.
fn time_panel<'a, DB>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
    panel: &AlphaPanel,
    limit: Option<f64>,
) -> anyhow::Result<Chart<'a, DB>>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let (min, max) = y_extent(&panel.series, limit).unwrap_or((1e-3, 1.0));
    let x = Axis::alpha(&panel.alphas);
    let y = Axis::decades("median time (s), log", min, max, seconds_label);
    let mut c = chart(area, title, &x, &y)?;
    if let Some(limit) = limit {
        draw_limit(&mut c, &x, &y, limit)?;
    }
    for (i, s) in panel.series.iter().enumerate() {
        draw_series(&mut c, (&x, &y), s, false, limit, (i, panel.series.len()))?;
    }
    Ok(c)
}

impl Figure for TimeVsAlpha<'_> {
    fn stem(&self) -> &'static str {
        FIGURES[1].0
    }

    fn size(&self) -> (u32, u32) {
        let (rows, cols) = grid(self.panels.len(), MAX_COLS);
        (cols as u32 * PANEL.0 + LEGEND_W, rows as u32 * PANEL.1 + 50 + notes_height(2))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let lines = vec![
            "Median over repeats at each (N, α); y axes differ between panels.".to_owned(),
            censoring_note(self.results),
        ];
        let f = frame(root, "Solve time vs fill fraction α", grid(self.panels.len(), MAX_COLS), lines.len())?;
        let limit = self.results.time_limit;
        for (panel, area) in self.panels.iter().zip(&f.panels) {
            time_panel(area, &format!("N = {}", panel.n), panel, limit)?;
        }
        let all: Vec<&Series> = self.panels.iter().flat_map(|p| &p.series).collect();
        legend(&f.legend, &series_keys(&all, false, limit))?;
        notes(&f.notes, &lines)
    }
}

// ---------------------------------------------------------------------------------------------
// Figure 3: instance outcomes vs α.

const SOLVABLE: RGBColor = RGBColor(0, 158, 115);
const INFEASIBLE: RGBColor = RGBColor(213, 94, 0);
const UNRESOLVED: RGBColor = RGBColor(160, 160, 160);

/// Verdict shares of one (mode, N): per α, the shares solvable, infeasible and unresolved.
#[derive(Debug, Clone)]
struct SharePanel {
    mode: String,
    n: usize,
    shares: Vec<(f64, [f64; 3])>,
}

/// Shares of instance verdicts vs α, one panel per (mode, N).
struct Outcomes {
    panels: Vec<SharePanel>,
    cols: usize,
}

impl Outcomes {
    fn new(results: &Results) -> Option<Self> {
        let mut counts: BTreeMap<(String, usize), BTreeMap<Alpha, [usize; 3]>> = BTreeMap::new();
        for (key, runs) in results.instances() {
            if !has_alpha_axis(&key.mode) {
                continue;
            }
            let slot = match verdict(&runs) {
                Verdict::Solvable => 0,
                Verdict::Infeasible => 1,
                Verdict::Unresolved => 2,
            };
            counts.entry((key.mode, key.n)).or_default().entry(key.alpha).or_default()[slot] += 1;
        }
        let share = |(a, c): (Alpha, [usize; 3])| {
            let total = c.iter().sum::<usize>().max(1) as f64;
            (a.value(), c.map(|k| k as f64 / total))
        };
        let panels: Vec<SharePanel> = counts
            .into_iter()
            .filter(|(_, by_alpha)| by_alpha.len() >= 2)
            .map(|((mode, n), by_alpha)| SharePanel { mode, n, shares: by_alpha.into_iter().map(share).collect() })
            .collect();
        let sizes: BTreeSet<usize> = panels.iter().map(|p| p.n).collect();
        (!panels.is_empty()).then(|| Outcomes { cols: sizes.len().clamp(1, MAX_COLS), panels })
    }
}

impl Figure for Outcomes {
    fn stem(&self) -> &'static str {
        FIGURES[2].0
    }

    fn size(&self) -> (u32, u32) {
        let rows = self.panels.len().div_ceil(self.cols);
        (self.cols as u32 * OUTCOME_PANEL.0 + LEGEND_W, rows as u32 * OUTCOME_PANEL.1 + 50 + notes_height(2))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let lines = vec![
            "Per instance, over all solvers: solvable = some solver returned a verified solution; infeasible = proved to have none;"
                .to_owned(),
            "unresolved = no solver finished. Random instances follow the origin study's generator; planted ones are solvable by construction."
                .to_owned(),
        ];
        let rows = self.panels.len().div_ceil(self.cols);
        let f = frame(root, "Instance outcomes vs fill fraction α", (rows, self.cols), lines.len())?;
        for (panel, area) in self.panels.iter().zip(&f.panels) {
            let alphas: Vec<f64> = panel.shares.iter().map(|s| s.0).collect();
            let x = Axis::alpha(&alphas);
            let y = Axis::linear("share of instances", 0.0, 1.0, vec![0.0, 0.25, 0.5, 0.75, 1.0], percent_label);
            let mut c = chart(area, &format!("{}, N = {}", panel.mode, panel.n), &x, &y)?;
            let mut below = vec![0.0; alphas.len()];
            for (slot, color) in [SOLVABLE, INFEASIBLE, UNRESOLVED].into_iter().enumerate() {
                let above: Vec<f64> = below.iter().zip(&panel.shares).map(|(b, s)| b + s.1[slot]).collect();
                let top = alphas.iter().zip(&above).map(|(a, v)| (*a, *v));
                let bottom = alphas.iter().zip(&below).rev().map(|(a, v)| (*a, *v));
                c.draw_series(std::iter::once(Polygon::new(
                    top.chain(bottom).collect::<Vec<_>>(),
                    color.mix(0.85).filled(),
                )))?;
                below = above;
            }
        }
        let keys = [
            ("solvable", SOLVABLE),
            ("infeasible (proved)", INFEASIBLE),
            ("unresolved (no solver finished)", UNRESOLVED),
        ];
        legend(&f.legend, &keys.map(|(l, c)| (l.to_owned(), Key::Fill(c))))?;
        notes(&f.notes, &lines)
    }
}

// ---------------------------------------------------------------------------------------------
// Figure 4: phase study.

/// The solver whose guesses locate the peak, and the solvers whose times the phase figure shows.
const PHASE_SOLVER: &str = "backtrack";
const PHASE_TIME_SOLVERS: [&str; 2] = ["backtrack", "ilp-clique"];

/// Per N: median backtrack effort vs α (top) and median time vs α (bottom), peak α marked.
struct Phase<'r> {
    results: &'r Results,
    /// Effort series (one per mode) per N.
    effort: Vec<AlphaPanel>,
    /// Time series per N, for the N in `effort`.
    times: Vec<AlphaPanel>,
    /// `guesses`, or `nodes` when the rows carry no guesses.
    word: &'static str,
}

impl<'r> Phase<'r> {
    fn new(results: &'r Results) -> Option<Self> {
        let several_modes =
            results.rows.iter().filter(|r| has_alpha_axis(&r.mode)).map(|r| &r.mode).collect::<BTreeSet<_>>().len() > 1;
        let groups = results.summarize(|r| {
            (has_alpha_axis(&r.mode) && r.solver == PHASE_SOLVER).then(|| (r.n, r.mode.clone(), Alpha::new(r.alpha)))
        });
        let mut word = "guesses";
        let mut panels: BTreeMap<usize, PanelBuilder<String>> = BTreeMap::new();
        for ((n, mode, alpha), s) in &groups {
            let Some((w, median)) = s.effort() else { continue };
            word = w;
            let values = if w == "guesses" { &s.guesses } else { &s.nodes };
            let q = |p: f64| stats::quantile(values, p).unwrap_or(median) + 1.0;
            let point = Point {
                x: alpha.value(),
                y: median + 1.0,
                lo: q(0.25),
                hi: q(0.75),
                censored: false,
                stopped: s.limit + s.memory,
            };
            panels.entry(*n).or_default().add(mode.clone(), *alpha, point, || {
                (series_label(PHASE_SOLVER, mode, several_modes), look(PHASE_SOLVER, mode))
            });
        }
        let effort = PanelBuilder::finish(panels, 2);
        let sizes: BTreeSet<usize> = effort.iter().map(|p| p.n).collect();
        let times = alpha_panels(results, 2, |s| PHASE_TIME_SOLVERS.contains(&s))
            .into_iter()
            .filter(|p| sizes.contains(&p.n))
            .collect();
        (!effort.is_empty()).then_some(Phase { results, effort, times, word })
    }

    /// The peak α of the effort series with at least three α values, one entry per α: its colour
    /// and the modes (series) peaking there.
    fn peaks(series: &[Series]) -> Vec<(f64, RGBColor, String)> {
        let mut by_alpha: BTreeMap<Alpha, (RGBColor, Vec<String>)> = BTreeMap::new();
        for s in series.iter().filter(|s| s.points.len() >= crate::report::MIN_PEAK_ALPHAS) {
            if let Some(p) = s.points.iter().max_by(|a, b| a.y.total_cmp(&b.y)) {
                let mode = s.label.rsplit_once('(').map_or(s.label.as_str(), |(_, m)| m.trim_end_matches(')'));
                by_alpha.entry(Alpha::new(p.x)).or_insert_with(|| (s.look.color, Vec::new())).1.push(mode.to_owned());
            }
        }
        by_alpha.into_iter().map(|(a, (color, modes))| (a.value(), color, modes.join(", "))).collect()
    }

    /// Draws one effort panel with its peak markers.
    fn effort_panel<DB>(&self, area: &DrawingArea<DB, Shift>, panel: &AlphaPanel) -> anyhow::Result<()>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
    {
        let (min, max) = y_extent(&panel.series, None).unwrap_or((1.0, 10.0));
        let x = Axis::alpha(&panel.alphas);
        let y = Axis::decades(&format!("1 + median {}, log", self.word), min.max(1.0), max, count_label);
        let mut c = chart(area, &format!("N = {}: {PHASE_SOLVER} {}", panel.n, self.word), &x, &y)?;
        for (i, s) in panel.series.iter().enumerate() {
            draw_series(&mut c, (&x, &y), s, true, None, (i, panel.series.len()))?;
        }
        for (row, (at, color, modes)) in Phase::peaks(&panel.series).into_iter().enumerate() {
            draw_peak(&mut c, y.lo..y.hi, at, color, &format!("peak α = {} ({modes})", Alpha::new(at)), row as i32)?;
        }
        Ok(())
    }
}

impl Figure for Phase<'_> {
    fn stem(&self) -> &'static str {
        FIGURES[3].0
    }

    fn size(&self) -> (u32, u32) {
        let (rows, cols) = grid(self.effort.len(), MAX_COLS);
        (cols as u32 * PANEL.0 + LEGEND_W, 2 * rows as u32 * PANEL.1 + 50 + notes_height(3))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let lines = vec![
            format!(
                "Top: median {} of the backtrack solver (hardware-independent; +1 so that zero fits a log axis); band: 25th–75th percentile.",
                self.word
            ),
            "Bottom: median solve time. Dashed verticals: the α of the largest median effort (peak) per mode.".to_owned(),
            censoring_note(self.results),
        ];
        let (rows, cols) = grid(self.effort.len(), MAX_COLS);
        let f = frame(root, "Phase study: search effort and time vs fill fraction α", (2 * rows, cols), lines.len())?;
        let (top, bottom) = f.panels.split_at(rows * cols);
        let limit = self.results.time_limit;
        for ((effort, top), bottom) in self.effort.iter().zip(top).zip(bottom) {
            self.effort_panel(top, effort)?;
            let Some(times) = self.times.iter().find(|t| t.n == effort.n) else { continue };
            let mut c = time_panel(bottom, &format!("N = {}: time", effort.n), times, limit)?;
            for (at, color, _) in Phase::peaks(&effort.series) {
                let span = c.y_range();
                draw_peak(&mut c, span, at, color, "", 0)?;
            }
        }
        let mut all: Vec<&Series> = self.effort.iter().flat_map(|p| &p.series).collect();
        all.extend(self.times.iter().flat_map(|p| &p.series));
        legend(&f.legend, &series_keys(&all, true, limit))?;
        notes(&f.notes, &lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_read_as_seconds() {
        assert_eq!(seconds_label(10.0), "10");
        assert_eq!(seconds_label(1.0), "1");
        assert_eq!(seconds_label(0.01), "0.01");
        assert_eq!(seconds_label(1e-4), "0.0001");
        assert_eq!(seconds_label(1e-6), "1e-6");
        assert_eq!(count_label(1000.0), "1000");
        assert_eq!(count_label(1e5), "1e5");
    }

    #[test]
    fn decade_axes_cover_the_data_and_the_limit() {
        let y = Axis::decades("t", 0.0032, 10.0, seconds_label);
        assert!(y.lo <= 0.0032f64.log10() && y.hi > 1.0);
        assert_eq!(y.ticks, vec![-2.0, -1.0, 0.0, 1.0]);
        let narrow = Axis::decades("t", 2.0, 3.0, seconds_label);
        assert_eq!(narrow.ticks, vec![0.0, 1.0], "widened to show two labels");
        assert_eq!(grid(5, 4), (2, 4));
        assert_eq!(grid(3, 4), (1, 3));
    }
}
