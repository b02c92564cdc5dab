//! Figure 10: for instance sets that span several fill levels, the share of each solver's runs
//! finished within the time limit against the puzzles' fill, one panel per (set, N) — the figure
//! of the Lloyd–Amos papers, where a solver's success rate dips in the hard middle of the fills.
//! Finished is the one judgement of a run ([`Results::judged`]): a wrong answer is not finished.

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{percent_label, Axis};
use super::chart::chart;
use super::frame::{figure_size, frame, grid, Key};
use super::style::{line_style, look, MAX_COLS, PANEL};
use super::{Draw, Figure};
use crate::results::Group;
use crate::results::{fmt_round_seconds, solver_order, Alpha, Results};

/// The least number of fill levels a (set, N) needs to be drawn.
const MIN_FILLS: usize = 3;

/// One (set, N): per solver, the share finished at each fill.
#[derive(Debug, Clone)]
struct SolvedPanel {
    set: String,
    n: usize,
    fills: Vec<f64>,
    /// (solver, [(fill, share finished)]), in display order.
    lines: Vec<(String, Vec<(f64, f64)>)>,
}

/// Share of runs finished within the limit vs fill, per solver, one panel per (set, N).
pub(super) struct SolvedVsFill<'r> {
    results: &'r Results,
    panels: Vec<SolvedPanel>,
    solvers: Vec<String>,
}

impl<'r> SolvedVsFill<'r> {
    /// The figure, or `None` when no set has [`MIN_FILLS`] fill levels at one N.
    pub(super) fn new(results: &'r Results) -> Option<Self> {
        // (set, N) → solver → fill → (finished, runs).
        type Counts = BTreeMap<(usize, String), BTreeMap<Alpha, (usize, usize)>>;
        let mut by: BTreeMap<(String, usize), Counts> = BTreeMap::new();
        for row in results.rows.iter().filter(|r| !r.set.is_empty()) {
            let solver = by.entry((row.set.clone(), row.n)).or_default().entry(solver_order(&row.solver)).or_default();
            let c = solver.entry(Alpha::new(row.alpha)).or_default();
            c.0 += usize::from(results.judged(row).finished());
            c.1 += 1;
        }
        let panels: Vec<SolvedPanel> = by
            .into_iter()
            .filter_map(|((set, n), solvers)| {
                let mut fills: Vec<f64> =
                    solvers.values().flat_map(|f| f.keys().map(|a| a.value())).collect::<Vec<_>>();
                fills.sort_by(f64::total_cmp);
                fills.dedup();
                let lines = solvers
                    .into_iter()
                    .map(|((_, solver), f)| {
                        (
                            solver,
                            f.into_iter().map(|(a, (done, runs))| (a.value(), done as f64 / runs as f64)).collect(),
                        )
                    })
                    .collect();
                (fills.len() >= MIN_FILLS).then_some(SolvedPanel { set, n, fills, lines })
            })
            .collect();
        (!panels.is_empty()).then(|| SolvedVsFill { results, panels, solvers: results.solvers() })
    }

    /// The notes under the panels.
    fn lines(&self) -> Vec<String> {
        let limit = self.results.time_limit.map_or("the time limit".to_owned(), fmt_round_seconds);
        vec![format!(
            "Per set and N: the share of each solver's runs that finished (a verified solution, or a proof of \
             infeasibility nothing contradicts) within {limit}, against the puzzles' fill (givens / N², binned when a \
             set spans many levels). Wrong answers count as not finished."
        )]
    }

    /// The legend: one line per solver.
    fn keys(&self) -> Vec<(String, Key)> {
        let drawn: std::collections::BTreeSet<&str> =
            self.panels.iter().flat_map(|p| p.lines.iter().map(|l| l.0.as_str())).collect();
        self.solvers
            .iter()
            .filter(|s| drawn.contains(s.as_str()))
            .map(|s| (s.clone(), Key::Series(look(s, &Group::PLANTED, &self.solvers))))
            .collect()
    }
}

impl Draw for SolvedVsFill<'_> {
    fn figure(&self) -> Figure {
        Figure::SolvedVsFill
    }

    fn size(&self) -> (u32, u32) {
        figure_size(grid(self.panels.len(), MAX_COLS), PANEL, &self.lines(), &self.keys())
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let title = "Share of runs finished within the time limit vs fill";
        let f = frame(root, title, grid(self.panels.len(), MAX_COLS), &self.lines(), &self.keys())?;
        for (panel, area) in self.panels.iter().zip(&f.panels) {
            let x = Axis::alpha(&panel.fills);
            let y = Axis::linear("runs finished", 0.0, 1.02, vec![0.0, 0.25, 0.5, 0.75, 1.0], percent_label);
            let mut c = chart(area, &format!("{}, N = {}", panel.set, panel.n), &x, &y)?;
            for (solver, points) in &panel.lines {
                let l = look(solver, &Group::PLANTED, &self.solvers);
                let pts: Vec<(f64, f64)> = points.iter().map(|(a, s)| (x.at(*a), y.at(*s))).collect();
                c.draw_series(LineSeries::new(pts.clone(), line_style(l.color)))?;
                c.draw_series(pts.into_iter().map(|p| Circle::new(p, 3, l.color.filled())))?;
            }
        }
        Ok(())
    }
}
