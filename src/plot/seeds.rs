//! Each instance's spread over solver seeds: for runs with several seeds per instance, one panel
//! per solver, one column per instance (the group and N with the most seeded instances, sorted by
//! α, then by the instance's geometric-mean time), a vertical bar from its fastest seed to its
//! slowest and a dot per seed, coloured by α. Runs not finished sit on the limit line, hollow. The
//! numbers behind it (the median spread, the seeds' share of the variance) are the report's *Seed
//! luck* table.

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{integer_label, seconds_label, Axis};
use super::chart::{chart, draw_limit};
use super::frame::{censoring_note, figure_size, frame, grid, Key};
use super::scatter::{alpha_color, UNFINISHED_RADIUS};
use super::style::{line_style, MAX_COLS, PANEL};
use super::{Draw, Figure};
use crate::results::{Group, InstanceKey, Results};

/// One instance of one solver: its α and its seeds' times (`None`: not finished).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Spread {
    pub(super) alpha: f64,
    pub(super) times: Vec<Option<f64>>,
}

/// The figure: per solver with seeds, its instances' spreads in one (group, N) cell.
pub(super) struct SeedSpread<'r> {
    results: &'r Results,
    group: Group,
    n: usize,
    panels: Vec<(String, Vec<Spread>)>,
}

impl<'r> SeedSpread<'r> {
    /// The figure, or `None` when no instance was run with two solver seeds or more.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        // Per (group, N): per solver, per instance, its runs.
        type Cell = BTreeMap<String, BTreeMap<InstanceKey, Spread>>;
        let mut cells: BTreeMap<(Group, usize), Cell> = BTreeMap::new();
        for row in &results.rows {
            let cell = cells.entry((Group::of(row), row.n)).or_default();
            let spread = cell
                .entry(row.solver.clone())
                .or_default()
                .entry(InstanceKey::of(row))
                .or_insert(Spread { alpha: row.alpha, times: Vec::new() });
            spread.times.push(results.finished_seconds(row));
        }
        let seeded = |cell: &Cell| cell.values().flat_map(|i| i.values()).filter(|s| s.times.len() > 1).count();
        let ((group, n), cell) = cells.into_iter().filter(|(_, c)| seeded(c) > 0).max_by_key(|(key, c)| {
            // The most seeded instances; among equals the larger N, then the first group.
            (seeded(c), key.1, std::cmp::Reverse(key.0.clone()))
        })?;
        let limit = results.time_limit.unwrap_or(f64::INFINITY);
        let order = |s: &Spread| {
            let logs: Vec<f64> = s.times.iter().map(|t| t.unwrap_or(2.0 * limit).max(1e-6).ln()).collect();
            logs.iter().sum::<f64>() / logs.len() as f64
        };
        let mut panels: Vec<(String, Vec<Spread>)> = Vec::new();
        for solver in results.solvers() {
            let Some(instances) = cell.get(&solver) else { continue };
            let mut spreads: Vec<Spread> = instances.values().filter(|s| s.times.len() > 1).cloned().collect();
            spreads.sort_by(|a, b| a.alpha.total_cmp(&b.alpha).then(order(a).total_cmp(&order(b))));
            if !spreads.is_empty() {
                panels.push((solver, spreads));
            }
        }
        Some(SeedSpread { results, group, n, panels })
    }

    /// The legend: the α colours, a finished and an unfinished seed, the limit.
    fn keys(&self) -> Vec<(String, Key)> {
        let mut alphas: Vec<f64> = self.panels.iter().flat_map(|(_, s)| s.iter().map(|s| s.alpha)).collect();
        alphas.sort_by(f64::total_cmp);
        alphas.dedup();
        let mut keys: Vec<(String, Key)> = alphas
            .iter()
            .map(|a| (format!("α = {}", crate::results::Alpha::new(*a)), Key::Fill(alpha_color(*a))))
            .collect();
        keys.push(("a seed not finished (on the limit)".to_owned(), Key::Ring(super::style::INK)));
        if let Some(limit) = self.results.time_limit {
            keys.push((format!("time limit ({})", crate::results::fmt_round_seconds(limit)), Key::Limit));
        }
        keys
    }

    /// The notes under the panels.
    fn lines(&self) -> Vec<String> {
        vec![
            format!(
                "{} instances at N = {}: one column per instance, sorted by α, then by its geometric-mean time; a bar \
                 from its fastest seed to its slowest, a dot per seed.",
                self.group, self.n
            ),
            censoring_note(self.results),
        ]
    }
}

impl Draw for SeedSpread<'_> {
    fn figure(&self) -> Figure {
        Figure::SeedSpread
    }

    fn size(&self) -> (u32, u32) {
        figure_size(grid(self.panels.len(), MAX_COLS), PANEL, &self.lines(), &self.keys())
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let title = format!("Each instance's spread over solver seeds ({}, N = {})", self.group, self.n);
        let f = frame(root, &title, grid(self.panels.len(), MAX_COLS), &self.lines(), &self.keys())?;
        let times = self.panels.iter().flat_map(|(_, s)| s.iter().flat_map(|s| s.times.iter().flatten().copied()));
        let (min, max) = times
            .chain(self.results.time_limit)
            .filter(|t| *t > 0.0)
            .fold((f64::INFINITY, 0.0f64), |(a, b), t| (a.min(t), b.max(t)));
        let (min, max) = if min.is_finite() { (min, max) } else { (1e-3, 1.0) };
        let y = Axis::decades("total time, log scale", min, max, seconds_label);
        for ((solver, spreads), area) in self.panels.iter().zip(&f.panels) {
            let count = spreads.len() as f64;
            let x = Axis::linear("instance", 0.0, count + 1.0, vec![1.0, count], integer_label);
            let mut c = chart(area, solver, &x, &y)?;
            let limit = self.results.time_limit;
            if let Some(limit) = limit {
                draw_limit(&mut c, &x, &y, limit)?;
            }
            let top = limit.map_or(y.hi, |l| y.at(l));
            for (i, s) in spreads.iter().enumerate() {
                let at = (i + 1) as f64;
                let color = alpha_color(s.alpha);
                let ys: Vec<f64> = s.times.iter().map(|t| t.map_or(top, |t| y.at(t))).collect();
                let (lo, hi) = ys.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| (l.min(*v), h.max(*v)));
                c.draw_series(LineSeries::new(vec![(at, lo), (at, hi)], line_style(color)))?;
                for (t, v) in s.times.iter().zip(&ys) {
                    match t {
                        Some(_) => c.draw_series(std::iter::once(Circle::new((at, *v), 3, color.filled())))?,
                        None => {
                            c.draw_series(std::iter::once(Circle::new((at, *v), UNFINISHED_RADIUS, line_style(color))))?
                        }
                    };
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::{RunOutcome, RunRow};

    #[test]
    fn instances_with_several_seeds_become_columns_and_single_runs_no_figure() {
        let run = |rep: u32, solver_seed: Option<u64>, outcome: RunOutcome, seconds: f64| RunRow {
            rep,
            seed: u64::from(rep),
            solver_seed,
            outcome,
            verified: (outcome == RunOutcome::Solved).then_some(true),
            seconds,
            ..row()
        };
        let once = Results::new(vec![run(0, None, RunOutcome::Solved, 1.0)], None, None, Some(10.0));
        assert!(SeedSpread::new(&once).is_none(), "one run per instance: nothing to spread");
        let rows = vec![
            run(0, Some(1), RunOutcome::Solved, 4.0),
            run(0, Some(2), RunOutcome::Limit, 10.0),
            run(1, Some(1), RunOutcome::Solved, 0.5),
            run(1, Some(2), RunOutcome::Solved, 0.25),
        ];
        let results = Results::new(rows, None, None, Some(10.0));
        let fig = SeedSpread::new(&results).expect("two seeded instances");
        assert_eq!(fig.panels.len(), 1);
        let (solver, spreads) = &fig.panels[0];
        assert_eq!(solver, &row().solver);
        // Sorted by geometric-mean time: instance 1 first; the unfinished seed has no time.
        assert_eq!(spreads[0].times, [Some(0.5), Some(0.25)]);
        assert_eq!(spreads[1].times, [Some(4.0), None]);
    }
}
