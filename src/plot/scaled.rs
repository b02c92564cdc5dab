//! The phase study's second view: each solver's median search effort against holes / N^1.55, the
//! normalisation under which the quasigroup literature's peaks of different orders line up
//! (Achlioptas, Gomes, Kautz & Selman 2000), one panel per (mode, solver), one line per N, with the
//! published peak of quasigroups with holes (1.53, Kautz et al. 2001) marked. Drawn when the runs
//! hold Latin squares or balanced holes ([`Results::has_literature_families`]) and some (mode,
//! solver) has an effort statistic swept over α at two sizes or more.

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{count_label, Axis};
use super::chart::{chart, draw_all_series, draw_peak};
use super::frame::{censoring_note, figure_size, frame, grid, Key};
use super::series::{has_alpha_axis, y_extent, Point, Series};
use super::style::{look, Dash, Look, Marker, INK, MAX_COLS, PANEL, SIZE_COLORS};
use super::{Draw, Figure};
use crate::results::Group;
use crate::results::{solver_order, stats, sweep_effort, Alpha, Results, Summary, MIN_PEAK_ALPHAS};

use crate::results::{HOLES_EXPONENT as EXPONENT, PUBLISHED_PEAK_CONSTANT as PUBLISHED};

/// Holes over N^1.55 of fill `alpha` at side `n`.
pub(super) fn scaled_holes(alpha: f64, n: usize) -> f64 {
    let n = n as f64;
    (1.0 - alpha) * n * n / n.powf(EXPONENT)
}

/// One (mode, solver) panel: one series per N.
struct ScaledPanel {
    title: String,
    series: Vec<Series>,
}

/// Effort vs holes / N^1.55, per (mode, solver).
pub(super) struct PhaseScaled<'r> {
    results: &'r Results,
    panels: Vec<ScaledPanel>,
    /// Every size drawn, for the legend.
    sizes: Vec<usize>,
}

impl<'r> PhaseScaled<'r> {
    /// The figure, or `None` when no (mode, solver) has an effort sweep at two sizes.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        if !results.has_literature_families() {
            return None;
        }
        let groups = results.summarize(|r| {
            (has_alpha_axis(&Group::of(r)) && results.sweeps_fill(&Group::of(r)))
                .then(|| (Group::of(r), solver_order(&r.solver), r.n, Alpha::new(r.alpha)))
        });
        type Sweeps<'a> = BTreeMap<usize, Vec<(Alpha, &'a Summary)>>;
        let mut by: BTreeMap<(Group, (usize, String)), Sweeps<'_>> = BTreeMap::new();
        for ((mode, solver, n, alpha), s) in &groups {
            by.entry((mode.clone(), solver.clone())).or_default().entry(*n).or_default().push((*alpha, s));
        }
        let all_sizes: Vec<usize> = {
            let mut v: Vec<usize> = groups.keys().map(|k| k.2).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let color = |n: usize| SIZE_COLORS[all_sizes.iter().position(|&m| m == n).unwrap_or(0) % SIZE_COLORS.len()];
        let mut panels = Vec::new();
        let mut drawn: Vec<usize> = Vec::new();
        for ((mode, (_, solver)), sweeps) in &by {
            let mut series = Vec::new();
            let mut noun = "";
            for (n, sweep) in sweeps.iter().filter(|(_, s)| s.len() >= MIN_PEAK_ALPHAS) {
                let summaries: Vec<&Summary> = sweep.iter().map(|(_, s)| *s).collect();
                let Some(effort) = sweep_effort(&summaries) else { continue };
                noun = effort.effort.noun(solver);
                let mut points: Vec<Point> = sweep
                    .iter()
                    .zip(&effort.values)
                    .map(|((alpha, s), value)| {
                        let runs = s.values(effort.effort);
                        let q = |p: f64| stats::quantile(runs, p).unwrap_or(*value) + 1.0;
                        Point {
                            x: scaled_holes(alpha.value(), *n),
                            y: value + 1.0,
                            lo: q(0.25),
                            hi: q(0.75),
                            censored: s.median().is_some_and(|m| results.is_censored(m)),
                            stopped: s.limit + s.memory + s.wrong,
                        }
                    })
                    .collect();
                points.sort_by(|a, b| a.x.total_cmp(&b.x));
                let marker = look(solver, mode, &[]).marker;
                let label = format!("N = {n} ({})", effort.statistic.name());
                series.push(Series { label, look: Look { color: color(*n), marker, dash: Dash::Solid }, points });
                drawn.push(*n);
            }
            if series.len() >= 2 {
                panels.push(ScaledPanel { title: format!("{solver}, {mode}: 1 + {noun}"), series });
            }
        }
        drawn.sort_unstable();
        drawn.dedup();
        (!panels.is_empty()).then_some(PhaseScaled { results, panels, sizes: drawn })
    }

    /// The notes under the panels.
    fn lines(&self) -> Vec<String> {
        vec![
            format!(
                "x: holes / N^{EXPONENT} = (1 − α)·N² / N^{EXPONENT}, the normalisation under which the quasigroup \
                 literature's peaks of different orders line up (Achlioptas et al. 2000). Dashed grey: the published \
                 QWH peak, {PUBLISHED} (Kautz et al. 2001, order 28)."
            ),
            "y: each solver's own effort statistic (median, or mean where the medians are flat), +1 so zero fits a \
             log axis; band: 25th–75th percentile. Hollow: median time at the limit (effort a lower bound)."
                .to_owned(),
            censoring_note(self.results),
        ]
    }

    /// The legend: one colour per size.
    fn keys(&self) -> Vec<(String, Key)> {
        let all: Vec<usize> = self.sizes.clone();
        all.iter()
            .enumerate()
            .map(|(i, n)| {
                let look =
                    Look { color: SIZE_COLORS[i % SIZE_COLORS.len()], marker: Marker::Circle, dash: Dash::Solid };
                (format!("N = {n}"), Key::Series(look))
            })
            .chain(std::iter::once((format!("published QWH peak ({PUBLISHED})"), Key::Line(INK, Dash::Dashed))))
            .collect()
    }
}

/// Labelled ticks every 0.5 over `lo..hi`.
fn half_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let (first, last) = ((lo * 2.0).ceil() as i32, (hi * 2.0).floor() as i32);
    (first..=last).map(|k| f64::from(k) / 2.0).collect()
}

/// `1.5`.
fn one_decimal(v: f64) -> String {
    format!("{v:.1}")
}

impl Draw for PhaseScaled<'_> {
    fn figure(&self) -> Figure {
        Figure::PhaseScaled
    }

    fn size(&self) -> (u32, u32) {
        figure_size(grid(self.panels.len(), MAX_COLS), PANEL, &self.lines(), &self.keys())
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let title = "Phase study, second view: search effort vs holes / N^1.55";
        let f = frame(root, title, grid(self.panels.len(), MAX_COLS), &self.lines(), &self.keys())?;
        for (panel, area) in self.panels.iter().zip(&f.panels) {
            let xs = panel.series.iter().flat_map(|s| s.points.iter().map(|p| p.x));
            let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| (a.min(x), b.max(x)));
            let pad = ((hi - lo) * 0.05).max(0.05);
            let (lo, hi) = (lo - pad, hi + pad);
            let x = Axis::linear("holes / N^1.55", lo, hi, half_ticks(lo, hi), one_decimal);
            let (min, max) = y_extent(&panel.series, None).unwrap_or((1.0, 10.0));
            let y = Axis::decades("1 + effort, log", min.max(1.0), max, count_label);
            let mut c = chart(area, &panel.title, &x, &y)?;
            draw_all_series(&mut c, (&x, &y), &panel.series, true, None)?;
            if (lo..hi).contains(&PUBLISHED) {
                draw_peak(&mut c, y.lo..y.hi, x.at(PUBLISHED), INK)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_qwh_peak_is_at_1_53_on_the_scaled_axis() {
        // Order 33 at α ≈ 0.683: 345 holes, 1.53 · 33^1.55.
        assert!((scaled_holes(1.0 - 345.5 / 1089.0, 33) - PUBLISHED).abs() < 0.01);
        // The same fraction of holes is fewer per N^1.55 at a smaller order.
        assert!(scaled_holes(0.6, 16) < scaled_holes(0.6, 36));
    }

    #[test]
    fn ticks_fall_on_halves_inside_the_range() {
        assert_eq!(half_ticks(0.9, 2.6), [1.0, 1.5, 2.0, 2.5]);
    }
}
