//! Figure 4, the phase study: per N, each solver's median search effort vs α — its own statistic:
//! dead ends (backtracking), conflicts (SAT) or B&B nodes (ILP) — on a log axis (top row), and the
//! median time of the same solvers vs α (bottom row), with each solver's peak-effort α marked on
//! both. A folder with any solver that reports an effort statistic gets the figure.

use std::collections::{BTreeMap, BTreeSet};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::Axis;
use super::chart::{chart, draw_all_series, draw_peak};
use super::frame::{censoring_note, figure_size, frame, grid, series_keys, Key};
use super::series::{has_alpha_axis, several_alpha_modes, y_extent, AlphaPanel, PanelBuilder, Point, Series};
use super::style::{look, series_label, MAX_COLS, PANEL};
use super::time::{alpha_panels, time_panel};
use super::{Draw, Figure};
use crate::results::Group;
use crate::results::{argmax, solver_order, stats, sweep_effort, Alpha, Results, Statistic, Summary, MIN_PEAK_ALPHAS};

/// A series of a solver in a mode, in display order: (solver order key, mode).
type SeriesKey = ((usize, String), Group);

/// Per peak α: the colour of the first series peaking there and the solvers peaking there.
type PeaksByAlpha = BTreeMap<Alpha, (RGBColor, BTreeSet<(usize, String)>)>;

/// A peak marker: the α, the colour of the first series peaking there, and the series peaking there.
type PeakMark = (f64, RGBColor, String);

/// Per N: each solver's median effort vs α (top) and median time vs α (bottom), peak α marked.
pub(super) struct Phase<'r> {
    results: &'r Results,
    /// Effort series (one per solver and mode) per N.
    effort: Vec<AlphaPanel>,
    /// Time series of the same solvers per N, for the N in `effort`.
    times: Vec<AlphaPanel>,
    /// Per N, the solvers drawn as a mean because their median is the same at every α.
    means: BTreeMap<usize, BTreeSet<(usize, String)>>,
    /// Per N, the nouns of the effort statistics drawn (one noun: the panel title names it).
    nouns: BTreeMap<usize, BTreeSet<&'static str>>,
    /// Each solver drawn, in display order, with the noun of its effort statistic.
    statistics: BTreeMap<(usize, String), &'static str>,
    /// Per N, the peak markers of the series with at least [`MIN_PEAK_ALPHAS`] α values.
    peaks: BTreeMap<usize, Vec<PeakMark>>,
}

impl<'r> Phase<'r> {
    /// The figure, or `None` when no N has a solver's effort at two or more α values.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        let several_modes = several_alpha_modes(results);
        let groups = results.summarize(|r| {
            has_alpha_axis(&Group::of(r)).then(|| (r.n, solver_order(&r.solver), Group::of(r), Alpha::new(r.alpha)))
        });
        let mut sweeps: BTreeMap<(usize, SeriesKey), Vec<(Alpha, &Summary)>> = BTreeMap::new();
        for ((n, solver, mode, alpha), s) in &groups {
            if s.effort().is_some() {
                sweeps.entry((*n, (solver.clone(), mode.clone()))).or_default().push((*alpha, s));
            }
        }
        let mut panels: BTreeMap<usize, PanelBuilder<SeriesKey>> = BTreeMap::new();
        let mut means: BTreeMap<usize, BTreeSet<(usize, String)>> = BTreeMap::new();
        let mut nouns: BTreeMap<usize, BTreeSet<&'static str>> = BTreeMap::new();
        let mut statistics = BTreeMap::new();
        let mut peaks: BTreeMap<usize, PeaksByAlpha> = BTreeMap::new();
        let all_solvers = results.solvers();
        for ((n, key), sweep) in &sweeps {
            let (order, mode) = key;
            let solver = &order.1;
            let summaries: Vec<&Summary> = sweep.iter().map(|(_, s)| *s).collect();
            let Some(effort) = sweep_effort(&summaries) else { continue };
            let label = series_label(solver, mode, several_modes);
            let noun = effort.effort.noun(solver);
            if effort.statistic == Statistic::Mean {
                means.entry(*n).or_default().insert(order.clone());
            }
            nouns.entry(*n).or_default().insert(noun);
            statistics.insert(order.clone(), noun);
            for ((alpha, s), value) in sweep.iter().zip(&effort.values) {
                let runs = s.values(effort.effort);
                let q = |p: f64| stats::quantile(runs, p).unwrap_or(*value) + 1.0;
                let point = Point {
                    x: alpha.value(),
                    y: value + 1.0,
                    lo: q(0.25),
                    hi: q(0.75),
                    censored: s.median().is_some_and(|m| results.is_censored(m)),
                    stopped: s.limit + s.memory + s.wrong,
                };
                panels
                    .entry(*n)
                    .or_default()
                    .add(key.clone(), *alpha, point, || (label.clone(), look(solver, mode, &all_solvers)));
            }
            let values: Vec<(Alpha, f64)> = sweep.iter().map(|(a, _)| *a).zip(effort.values.iter().copied()).collect();
            let alphas: Vec<Alpha> = values.iter().map(|v| v.0).collect();
            if let Some(at) = argmax(&values, &alphas, |_, _| false).filter(|_| alphas.len() >= MIN_PEAK_ALPHAS) {
                let entry = peaks.entry(*n).or_default().entry(at.alphas[0]);
                entry
                    .or_insert_with(|| (look(solver, mode, &all_solvers).color, BTreeSet::new()))
                    .1
                    .insert(order.clone());
            }
        }
        let effort = PanelBuilder::finish(panels, 2);
        let sizes: BTreeSet<usize> = effort.iter().map(|p| p.n).collect();
        let times = alpha_panels(results, 2, |s| statistics.contains_key(&solver_order(s)))
            .into_iter()
            .filter(|p| sizes.contains(&p.n))
            .collect();
        let peaks = peaks
            .into_iter()
            .map(|(n, by_alpha)| {
                let marks =
                    by_alpha.into_iter().map(|(a, (color, solvers))| (a.value(), color, peak_label(a, &solvers)));
                (n, marks.collect())
            })
            .collect();
        (!effort.is_empty()).then_some(Phase { results, effort, times, means, nouns, statistics, peaks })
    }

    /// The title of N's effort panel: the statistic when there is one, and who is drawn as a mean.
    fn effort_title(&self, n: usize) -> String {
        let what = match self.nouns.get(&n).map(|v| v.iter().collect::<Vec<_>>()).as_deref() {
            Some([noun]) => format!("median {noun}"),
            _ => "median search effort".to_owned(),
        };
        format!("{}: {what}", self.results.size_name(n))
    }

    /// The notes under the panels: what is drawn, who is drawn as a mean, and the peaks per N
    /// (written here rather than in the panels, where they would cover the lines).
    fn note_lines(&self) -> Vec<String> {
        let mut lines = vec![
            "Top: each solver's own search effort (dead ends, conflicts or B&B nodes; see the legend); +1 so zero fits a log axis; band: 25th–75th percentile.".to_owned(),
            "Bottom: median total time (set-up + search). Dashed verticals: each solver's α of largest effort (peak). Hollow: median time at the limit (effort a lower bound).".to_owned(),
            censoring_note(self.results),
        ];
        let means: Vec<String> = self
            .means
            .iter()
            .map(|(n, solvers)| {
                let names: Vec<&str> = solvers.iter().map(|s| s.1.as_str()).collect();
                format!("N = {n}: {}", names.join(", "))
            })
            .collect();
        if !means.is_empty() {
            lines.push(format!("Drawn as a mean (their median is the same at every α): {}.", means.join("; ")));
        }
        for (n, marks) in &self.peaks {
            let labels: Vec<&str> = marks.iter().map(|m| m.2.as_str()).collect();
            lines.push(format!("N = {n}: {}", labels.join("; ")));
        }
        lines
    }

    /// The peak markers of N.
    fn peaks_at(&self, n: usize) -> &[PeakMark] {
        self.peaks.get(&n).map_or(&[], Vec::as_slice)
    }

    /// Draws one effort panel with its peak markers.
    fn effort_panel<DB>(&self, area: &DrawingArea<DB, Shift>, panel: &AlphaPanel) -> anyhow::Result<()>
    where
        DB: DrawingBackend,
        DB::ErrorType: 'static,
    {
        let (min, max) = y_extent(&panel.series, None).unwrap_or((1.0, 10.0));
        let x = Axis::alpha(&panel.alphas);
        let y = Axis::one_plus_counts("1 + search effort, log", min, max);
        let mut c = chart(area, &self.effort_title(panel.n), &x, &y)?;
        draw_all_series(&mut c, (&x, &y), &panel.series, true, None)?;
        for (at, color, _) in self.peaks_at(panel.n) {
            draw_peak(&mut c, y.lo..y.hi, *at, *color)?;
        }
        Ok(())
    }
}

/// A peak marker's label for the notes: the α and every solver peaking there.
fn peak_label(at: Alpha, solvers: &BTreeSet<(usize, String)>) -> String {
    let names: Vec<&str> = solvers.iter().map(|s| s.1.as_str()).collect();
    format!("peak α = {at} ({})", names.join(", "))
}

impl Draw for Phase<'_> {
    fn figure(&self) -> Figure {
        Figure::Phase
    }

    fn size(&self) -> (u32, u32) {
        let (rows, cols) = grid(self.effort.len(), MAX_COLS);
        figure_size((2 * rows, cols), PANEL, &self.note_lines(), &self.keys())
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let lines = self.note_lines();
        let (rows, cols) = grid(self.effort.len(), MAX_COLS);
        let title = "Phase study: search effort and time vs fill fraction α";
        let f = frame(root, title, (2 * rows, cols), &lines, &self.keys())?;
        let (top, bottom) = f.panels.split_at(rows * cols);
        let limit = self.results.time_limit;
        for ((effort, top), bottom) in self.effort.iter().zip(top).zip(bottom) {
            self.effort_panel(top, effort)?;
            let Some(times) = self.times.iter().find(|t| t.n == effort.n) else { continue };
            let mut c = time_panel(bottom, &format!("{}: time", self.results.size_name(effort.n)), times, limit)?;
            for (at, color, _) in self.peaks_at(effort.n) {
                let span = c.y_range();
                draw_peak(&mut c, span, *at, *color)?;
            }
        }
        Ok(())
    }
}

impl Phase<'_> {
    /// The legend: the series, the censoring keys, and which effort each solver counts.
    fn keys(&self) -> Vec<(String, Key)> {
        // Effort and time series of a solver share label and look, so each appears once.
        let mut all: Vec<&Series> = self.effort.iter().flat_map(|p| &p.series).collect();
        all.extend(self.times.iter().flat_map(|p| &p.series));
        let mut keys = series_keys(&all, true, self.results.time_limit);
        keys.push(("Search effort counted:".to_owned(), Key::Note));
        keys.extend(self.statistics.iter().map(|((_, solver), noun)| (format!("  {solver}: {noun}"), Key::Note)));
        keys
    }
}
