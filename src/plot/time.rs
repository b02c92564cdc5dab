//! The time figures: median total time vs N (one chart, pooled over α), median total time vs α (one
//! panel per N) and, for `unique` puzzles, median total time vs difficulty (one panel per N). Also
//! the per-N time panels against α that the phase figure reuses.

use std::collections::{BTreeMap, BTreeSet};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{integer_label, seconds_label, Axis};
use super::chart::{chart, draw_all_series, draw_limit, Chart};
use super::frame::{censoring_note, figure_size, frame, grid, series_keys, Key};
use super::series::{
    add_point, has_alpha_axis, several_alpha_modes, time_point, y_extent, AlphaPanel, PanelBuilder, Series,
};
use super::style::{look, series_label, MAX_COLS, PANEL};
use super::{Draw, Figure};
use crate::experiment::record::RunMode;
use crate::results::Group;
use crate::results::{difficulty_order, solver_order, Alpha, Clock, Results};

/// A series of a solver in a mode, in display order: (solver order key, mode).
type SeriesKey = ((usize, String), Group);

/// A time chart on `area` against `x`: a log time axis described by `y_desc` that covers `series`
/// and the limit, the limit line, then the series. Returns the chart for further marks.
fn time_chart<'a, DB>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
    x: &Axis,
    y_desc: &str,
    series: &[Series],
    band: bool,
    limit: Option<f64>,
) -> anyhow::Result<Chart<'a, DB>>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    let (min, max) = y_extent(series, limit).unwrap_or((1e-3, 1.0));
    let y = Axis::decades(y_desc, min, max, seconds_label);
    let mut c = chart(area, title, x, &y)?;
    if let Some(limit) = limit {
        draw_limit(&mut c, x, &y, limit)?;
    }
    draw_all_series(&mut c, (x, &y), series, band, limit)?;
    Ok(c)
}

// ---------------------------------------------------------------------------------------------
// Figure 1: time vs N.

/// Median time vs N, one line per (solver, mode), pooled over α and repeats, on the results' clock
/// (total time: `time_vs_n`; search only: `time_vs_n_search`).
pub(super) struct TimeVsN<'r> {
    results: &'r Results,
    series: Vec<Series>,
    sizes: Vec<f64>,
}

impl<'r> TimeVsN<'r> {
    /// The figure, or `None` with fewer than two N.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        let several_modes = results.modes().len() > 1;
        let all_solvers = results.solvers();
        let groups = results.summarize(|r| Some((solver_order(&r.solver), Group::of(r), r.n)));
        let mut by_series: BTreeMap<SeriesKey, Series> = BTreeMap::new();
        for ((solver, mode, n), s) in &groups {
            let Some(point) = time_point(results, *n as f64, s) else { continue };
            add_point(&mut by_series, (solver.clone(), mode.clone()), point, || {
                (series_label(&solver.1, mode, several_modes), look(&solver.1, mode, &all_solvers))
            });
        }
        let sizes: BTreeSet<usize> = groups.keys().map(|k| k.2).collect();
        (sizes.len() >= 2).then(|| TimeVsN {
            results,
            series: by_series.into_values().collect(),
            sizes: sizes.into_iter().map(|n| n as f64).collect(),
        })
    }
}

impl Draw for TimeVsN<'_> {
    fn figure(&self) -> Figure {
        match self.results.clock {
            Clock::Total => Figure::TimeVsN,
            Clock::Search => Figure::TimeVsNSearch,
        }
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
        let (title, y) = match self.results.clock {
            Clock::Total => ("Total time (set-up + search) vs N", "median total time, log scale"),
            Clock::Search => ("Search-only view: search time vs N (set-up left out)", "median search time, log scale"),
        };
        let limit = self.results.time_limit;
        let keys = series_keys(&self.series.iter().collect::<Vec<_>>(), true, limit);
        let f = frame(root, title, (1, 1), &lines, &keys)?;
        let x = Axis::log_at("N (digits per house; grid is N × N), log scale", &self.sizes, integer_label);
        time_chart(&f.panels[0], "", &x, y, &self.series, true, limit)?;
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Figure 2: time vs α per N.

/// Per N with at least `min_alphas` α values: the time series of the solvers `keep` accepts.
pub(super) fn alpha_panels(results: &Results, min_alphas: usize, keep: impl Fn(&str) -> bool) -> Vec<AlphaPanel> {
    let several_modes = several_alpha_modes(results);
    let all_solvers = results.solvers();
    let groups = results.summarize(|r| {
        (has_alpha_axis(&Group::of(r)) && keep(&r.solver))
            .then(|| (r.n, solver_order(&r.solver), Group::of(r), Alpha::new(r.alpha)))
    });
    let mut panels: BTreeMap<usize, PanelBuilder<SeriesKey>> = BTreeMap::new();
    for ((n, solver, mode, alpha), s) in &groups {
        let Some(point) = time_point(results, alpha.value(), s) else { continue };
        panels.entry(*n).or_default().add((solver.clone(), mode.clone()), *alpha, point, || {
            (series_label(&solver.1, mode, several_modes), look(&solver.1, mode, &all_solvers))
        });
    }
    PanelBuilder::finish(panels, min_alphas)
}

/// Median time vs α, one panel per N, one line per (solver, mode).
pub(super) struct TimeVsAlpha<'r> {
    results: &'r Results,
    panels: Vec<AlphaPanel>,
}

impl<'r> TimeVsAlpha<'r> {
    /// The figure, or `None` when no N has two or more α values.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        let panels = alpha_panels(results, 2, |_| true);
        (!panels.is_empty()).then_some(TimeVsAlpha { results, panels })
    }
}

/// Draws one time-vs-α panel (limit line and series); returns the chart for further marks.
pub(super) fn time_panel<'a, DB>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
    panel: &AlphaPanel,
    limit: Option<f64>,
) -> anyhow::Result<Chart<'a, DB>>
where
    DB: DrawingBackend,
    DB::ErrorType: 'static,
{
    time_chart(area, title, &Axis::alpha(&panel.alphas), "median total time, log", &panel.series, false, limit)
}

impl Draw for TimeVsAlpha<'_> {
    fn figure(&self) -> Figure {
        Figure::TimeVsAlpha
    }

    fn size(&self) -> (u32, u32) {
        figure_size(grid(self.panels.len(), MAX_COLS), PANEL, &self.lines(), &self.keys())
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let title = "Total time (set-up + search) vs fill fraction α";
        let f = frame(root, title, grid(self.panels.len(), MAX_COLS), &self.lines(), &self.keys())?;
        let limit = self.results.time_limit;
        for (panel, area) in self.panels.iter().zip(&f.panels) {
            time_panel(area, &self.results.size_name(panel.n), panel, limit)?;
        }
        Ok(())
    }
}

impl TimeVsAlpha<'_> {
    /// The notes under the panels.
    fn lines(&self) -> Vec<String> {
        vec![
            "Median over repeats at each (N, α); y axes differ between panels.".to_owned(),
            censoring_note(self.results),
        ]
    }

    /// The legend: every series once, and the censoring keys.
    fn keys(&self) -> Vec<(String, Key)> {
        let all: Vec<&Series> = self.panels.iter().flat_map(|p| &p.series).collect();
        series_keys(&all, false, self.results.time_limit)
    }
}

// ---------------------------------------------------------------------------------------------
// Figure 5: time vs difficulty per N.

/// Smallest width of the difficulty figure, so its notes fit beside a single panel.
const MIN_WIDTH: u32 = 860;

/// The series of one N against difficulty: one per solver, x the index of the difficulty.
#[derive(Debug, Clone)]
struct DifficultyPanel {
    n: usize,
    series: Vec<Series>,
}

/// Median time vs difficulty of `unique` puzzles, one panel per N, one line per solver.
pub(super) struct TimeVsDifficulty<'r> {
    results: &'r Results,
    /// The difficulties of the rows in display order (easy, medium, hard, expert, others); every
    /// panel shares this axis, and a point's x is the index of its difficulty here.
    difficulties: Vec<String>,
    panels: Vec<DifficultyPanel>,
}

impl<'r> TimeVsDifficulty<'r> {
    /// The figure, or `None` without `unique` rows that have a time.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        let all_solvers = results.solvers();
        let groups = results.summarize(|r| {
            (r.mode == RunMode::Unique).then(|| (r.n, solver_order(&r.solver), difficulty_order(&r.difficulty)))
        });
        let levels: Vec<&(usize, String)> = groups.keys().map(|k| &k.2).collect::<BTreeSet<_>>().into_iter().collect();
        let mut panels: BTreeMap<usize, BTreeMap<(usize, String), Series>> = BTreeMap::new();
        // Keys end in the difficulty, so each series receives its points in axis order.
        for ((n, solver, difficulty), s) in &groups {
            let x = levels.iter().position(|d| *d == difficulty).unwrap_or(0) as f64;
            let Some(point) = time_point(results, x, s) else { continue };
            add_point(panels.entry(*n).or_default(), solver.clone(), point, || {
                (solver.1.clone(), look(&solver.1, &Group::UNIQUE, &all_solvers))
            });
        }
        let panels: Vec<DifficultyPanel> = panels
            .into_iter()
            .map(|(n, series)| DifficultyPanel { n, series: series.into_values().collect() })
            .collect();
        let difficulties = levels.iter().map(|d| if d.1.is_empty() { "—".to_owned() } else { d.1.clone() }).collect();
        (!panels.is_empty()).then_some(TimeVsDifficulty { results, difficulties, panels })
    }
}

impl Draw for TimeVsDifficulty<'_> {
    fn figure(&self) -> Figure {
        Figure::TimeVsDifficulty
    }

    fn size(&self) -> (u32, u32) {
        let (w, h) = figure_size(grid(self.panels.len(), MAX_COLS), PANEL, &self.lines(), &self.keys());
        // Wide enough for the notes when there is a single N.
        (w.max(MIN_WIDTH), h)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let title = "Total time (set-up + search) vs puzzle difficulty";
        let f = frame(root, title, grid(self.panels.len(), MAX_COLS), &self.lines(), &self.keys())?;
        let limit = self.results.time_limit;
        let x = Axis::categories("difficulty (logical rating)", &self.difficulties);
        for (panel, area) in self.panels.iter().zip(&f.panels) {
            let title = self.results.size_name(panel.n);
            time_chart(area, &title, &x, "median total time, log", &panel.series, true, limit)?;
        }
        Ok(())
    }
}

impl TimeVsDifficulty<'_> {
    /// The notes under the panels.
    fn lines(&self) -> Vec<String> {
        vec![
            "Puzzles with exactly one solution, rated by the logical solver (`unique` mode).".to_owned(),
            format!(
                "Median over repeats at each (N, difficulty); band: 25th–75th percentile{}.",
                if self.panels.len() > 1 { "; y axes differ between panels" } else { "" }
            ),
            censoring_note(self.results),
        ]
    }

    /// The legend: every series once, the band and the censoring keys.
    fn keys(&self) -> Vec<(String, Key)> {
        let all: Vec<&Series> = self.panels.iter().flat_map(|p| &p.series).collect();
        series_keys(&all, true, self.results.time_limit)
    }
}
