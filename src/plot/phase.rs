//! Figure 4, the phase study: per N, the backtrack solver's median search effort vs α (top row)
//! and the median time of selected solvers vs α (bottom row), with the peak-effort α marked on both.

use std::collections::{BTreeMap, BTreeSet};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{count_label, Axis};
use super::chart::{chart, draw_all_series, draw_peak};
use super::frame::{censoring_note, figure_size, frame, grid, legend, notes, series_keys};
use super::series::{has_alpha_axis, several_alpha_modes, y_extent, AlphaPanel, PanelBuilder, Point, Series};
use super::style::{look, series_label, MAX_COLS, PANEL};
use super::time::{alpha_panels, time_panel};
use super::{Figure, FIGURES};
use crate::report::results::{sweep_effort, Alpha, Results, Summary};
use crate::report::stats;

/// The solver whose search effort (dead ends) locates the peak, and the solvers whose times the phase figure shows.
const PHASE_SOLVER: &str = "backtrack";
const PHASE_TIME_SOLVERS: [&str; 2] = ["backtrack", "ilp-clique"];

/// Per N: median backtrack effort vs α (top) and median time vs α (bottom), peak α marked.
pub(super) struct Phase<'r> {
    results: &'r Results,
    /// Effort series (one per mode) per N.
    effort: Vec<AlphaPanel>,
    /// Time series per N, for the N in `effort`.
    times: Vec<AlphaPanel>,
    /// Per N, the effort statistic drawn: "median dead ends", "mean dead ends", … (see
    /// `sweep_effort`).
    words: BTreeMap<usize, &'static str>,
}

impl<'r> Phase<'r> {
    /// The figure, or `None` when no N has backtrack effort at two or more α values.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        let several_modes = several_alpha_modes(results);
        let groups = results.summarize(|r| {
            (has_alpha_axis(&r.mode) && r.solver == PHASE_SOLVER).then(|| (r.n, r.mode.clone(), Alpha::new(r.alpha)))
        });
        let mut words = BTreeMap::new();
        let mut sweeps: BTreeMap<(usize, String), Vec<(Alpha, &Summary)>> = BTreeMap::new();
        for ((n, mode, alpha), s) in &groups {
            if s.effort().is_some() {
                sweeps.entry((*n, mode.clone())).or_default().push((*alpha, s));
            }
        }
        let mut panels: BTreeMap<usize, PanelBuilder<String>> = BTreeMap::new();
        for ((n, mode), sweep) in &sweeps {
            let summaries: Vec<&Summary> = sweep.iter().map(|(_, s)| *s).collect();
            let Some((w, values)) = sweep_effort(&summaries) else { continue };
            words.insert(*n, w);
            for ((alpha, s), value) in sweep.iter().zip(values) {
                let runs = s.effort_values().map_or(&[][..], |(_, v)| v);
                let q = |p: f64| stats::quantile(runs, p).unwrap_or(value) + 1.0;
                let point = Point {
                    x: alpha.value(),
                    y: value + 1.0,
                    lo: q(0.25),
                    hi: q(0.75),
                    censored: false,
                    stopped: s.limit + s.memory,
                };
                panels.entry(*n).or_default().add(mode.clone(), *alpha, point, || {
                    (series_label(PHASE_SOLVER, mode, several_modes), look(PHASE_SOLVER, mode))
                });
            }
        }
        let effort = PanelBuilder::finish(panels, 2);
        let sizes: BTreeSet<usize> = effort.iter().map(|p| p.n).collect();
        let times = alpha_panels(results, 2, |s| PHASE_TIME_SOLVERS.contains(&s))
            .into_iter()
            .filter(|p| sizes.contains(&p.n))
            .collect();
        (!effort.is_empty()).then_some(Phase { results, effort, times, words })
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
        let word = self.words.get(&panel.n).copied().unwrap_or("dead ends");
        let y = Axis::decades(&format!("1 + {word}, log"), min.max(1.0), max, count_label);
        let mut c = chart(area, &format!("N = {}: {PHASE_SOLVER} {word}", panel.n), &x, &y)?;
        draw_all_series(&mut c, (&x, &y), &panel.series, true, None)?;
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
        figure_size((2 * rows, cols), PANEL, 3)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let lines = vec![
            "Top: search effort of the backtrack solver (hardware-independent; +1 so that zero fits a log axis; the mean where the median is the same at every α); band: 25th–75th percentile.".to_owned(),
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
