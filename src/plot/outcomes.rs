//! Figure 3: what the solvers found out about each instance (solvable, proved infeasible, or
//! unresolved) as stacked shares vs α, one panel per (mode, N).

use std::collections::{BTreeMap, BTreeSet};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{percent_label, Axis};
use super::chart::chart;
use super::frame::{figure_size, frame, Key};
use super::series::has_alpha_axis;
use super::style::{MAX_COLS, OUTCOME_PANEL};
use super::{Draw, Figure};
use crate::results::Group;
use crate::results::{Alpha, Results, Verdict};

const SOLVABLE: RGBColor = RGBColor(0, 158, 115);
const INFEASIBLE: RGBColor = RGBColor(213, 94, 0);
const UNRESOLVED: RGBColor = RGBColor(160, 160, 160);

/// Verdict shares of one (mode, N): per α, the shares solvable, infeasible and unresolved.
#[derive(Debug, Clone)]
struct SharePanel {
    mode: Group,
    n: usize,
    shares: Vec<(f64, [f64; 3])>,
}

/// Shares of instance verdicts vs α, one panel per (mode, N).
pub(super) struct Outcomes {
    panels: Vec<SharePanel>,
    cols: usize,
}

impl Outcomes {
    /// The figure, or `None` when no (mode, N) has two or more α values.
    pub(super) fn new(results: &Results) -> Option<Self> {
        let mut counts: BTreeMap<(Group, usize), BTreeMap<Alpha, [usize; 3]>> = BTreeMap::new();
        for (key, runs) in results.instances() {
            if !has_alpha_axis(&key.mode) {
                continue;
            }
            let slot = match results.verdict(&runs) {
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

    /// Rows and columns of the panel grid: one column per N, one row per mode.
    fn layout(&self) -> (usize, usize) {
        (self.panels.len().div_ceil(self.cols), self.cols)
    }
}

impl Draw for Outcomes {
    fn figure(&self) -> Figure {
        Figure::OutcomesVsAlpha
    }

    fn size(&self) -> (u32, u32) {
        figure_size(self.layout(), OUTCOME_PANEL, &lines(), &keys())
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let f = frame(root, "Instance outcomes vs fill fraction α", self.layout(), &lines(), &keys())?;
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
        Ok(())
    }
}

/// The notes under the panels.
fn lines() -> Vec<String> {
    vec!["Per instance, over all solvers: solvable = some solver returned a verified solution; infeasible = proved to \
         have none; unresolved = no solver finished. Random instances follow the origin study's generator; planted \
         ones are solvable by construction."
        .to_owned()]
}

/// The legend: one colour per verdict.
fn keys() -> Vec<(String, Key)> {
    [("solvable", SOLVABLE), ("infeasible (proved)", INFEASIBLE), ("unresolved (no solver finished)", UNRESOLVED)]
        .map(|(l, c)| (l.to_owned(), Key::Fill(c)))
        .to_vec()
}
