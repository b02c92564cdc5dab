//! The cactus plot, the headline figure of solver competitions: per solver, its finished runs
//! sorted by time, the k-th fastest at x = k, so a line shows how many instances the solver
//! finishes within any time on the y axis. Further right and lower is better; a line ends where the
//! solver stops finishing, and the dashed limit line marks where the rest were stopped.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{integer_label, seconds_label, Axis};
use super::chart::{chart, draw_limit};
use super::frame::{censoring_note, frame, Key};
use super::style::{line_style, look, Look};
use super::{Draw, Figure};
use crate::results::Group;
use crate::results::Results;

/// One solver's line: its label, its look, and the times of its finished runs, ascending.
#[derive(Debug, Clone)]
pub(super) struct CactusLine {
    pub(super) solver: String,
    pub(super) look: Look,
    pub(super) runs: usize,
    pub(super) times: Vec<f64>,
}

/// Instances finished against time, one line per solver, pooled over modes, N and α.
pub(super) struct Cactus<'r> {
    results: &'r Results,
    lines: Vec<CactusLine>,
}

impl<'r> Cactus<'r> {
    /// The figure, or `None` with fewer than two solvers or no finished run.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        let solvers = results.solvers();
        let lines: Vec<CactusLine> = solvers
            .iter()
            .map(|solver| {
                let rows = results.rows.iter().filter(|r| &r.solver == solver);
                let runs = rows.clone().count();
                let mut times: Vec<f64> = rows.filter_map(|r| results.finished_seconds(r)).collect();
                times.sort_by(f64::total_cmp);
                CactusLine { solver: solver.clone(), look: look(solver, &Group::PLANTED, &solvers), runs, times }
            })
            .collect();
        (solvers.len() >= 2 && lines.iter().any(|l| !l.times.is_empty())).then_some(Cactus { results, lines })
    }

    /// The legend: a line per solver with its finished count, and the limit.
    fn keys(&self) -> Vec<(String, Key)> {
        let mut keys: Vec<(String, Key)> = self
            .lines
            .iter()
            .map(|l| (format!("{} ({} of {})", l.solver, l.times.len(), l.runs), Key::Series(l.look)))
            .collect();
        if let Some(limit) = self.results.time_limit {
            keys.push((format!("time limit ({})", crate::results::fmt_round_seconds(limit)), Key::Limit));
        }
        keys
    }
}

impl Draw for Cactus<'_> {
    fn figure(&self) -> Figure {
        Figure::Cactus
    }

    fn size(&self) -> (u32, u32) {
        let legend = 40 + 26 * self.keys().len() as u32 + 10;
        (1200, 760u32.max(legend + 50 + 80))
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let lines = vec![
            "Each line: one solver's finished runs (solved or proved infeasible) sorted by total time; the k-th point is \
             its k-th fastest run."
                .to_owned(),
            censoring_note(self.results),
        ];
        let title = "Cactus plot: instances finished within a given total time";
        let f = frame(root, title, (1, 1), &lines, &self.keys())?;
        let most = self.lines.iter().map(|l| l.runs).max().unwrap_or(1) as f64;
        let ticks: Vec<f64> = nice_ticks(most);
        let x = Axis::linear(
            "instances finished (count, all modes, N and α pooled)",
            0.0,
            most * 1.03,
            ticks,
            integer_label,
        );
        let times = self.lines.iter().flat_map(|l| l.times.iter().copied());
        let (min, max) = times
            .chain(self.results.time_limit)
            .filter(|t| *t > 0.0)
            .fold((f64::INFINITY, 0.0f64), |(a, b), t| (a.min(t), b.max(t)));
        let (min, max) = if min.is_finite() { (min, max) } else { (1e-3, 1.0) };
        let y = Axis::decades("total time per instance, log scale", min, max, seconds_label);
        let mut c = chart(&f.panels[0], "", &x, &y)?;
        if let Some(limit) = self.results.time_limit {
            draw_limit(&mut c, &x, &y, limit)?;
        }
        for l in &self.lines {
            let pts: Vec<(f64, f64)> = l.times.iter().enumerate().map(|(i, t)| ((i + 1) as f64, y.at(*t))).collect();
            c.draw_series(LineSeries::new(pts.clone(), line_style(l.look.color)))?;
            // The line's end, where the solver stops finishing, marked as in the legend.
            if let Some(end) = pts.last() {
                c.draw_series(std::iter::once(Circle::new(*end, 4, l.look.color.filled())))?;
            }
        }
        Ok(())
    }
}

/// About five round ticks from 0 to `max`.
fn nice_ticks(max: f64) -> Vec<f64> {
    let raw = (max / 5.0).max(1.0);
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * magnitude).find(|s| *s >= raw).unwrap_or(raw);
    (0..).map(|i| i as f64 * step).take_while(|v| *v <= max + 1e-9).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_count() {
        assert_eq!(nice_ticks(320.0), vec![0.0, 100.0, 200.0, 300.0]);
        assert_eq!(nice_ticks(12.0), vec![0.0, 5.0, 10.0]);
        assert_eq!(nice_ticks(3.0), vec![0.0, 1.0, 2.0, 3.0]);
    }
}
