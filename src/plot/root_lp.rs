//! The root-LP study (issue 50): for the solvers that stop at their LP relaxation (`root = true`),
//! the share of runs the LP alone decided against α, one line per root solver with Wilson's 95 %
//! interval at each point, one panel per (group, N) with two α levels or more. Decided is the one
//! judgement's ([`RootClass::decided`]): an integral point whose grid passed the
//! oracle, or an infeasible LP whose "no solution" was accepted. The numbers are
//! [`Results::root_cells`]'s; nothing is counted here.

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{percent_label, Axis};
use super::chart::{chart, draw_all_series, draw_whiskers};
use super::frame::{figure_size, frame, grid, Key};
use super::series::{has_alpha_axis, Point, Series};
use super::style::{look, MAX_COLS, PANEL};
use super::{Draw, Figure};
use crate::results::{Alpha, Group, Results, RootCell, RootClass};

/// The least number of α levels a (group, N) needs to be drawn.
const MIN_ALPHAS: usize = 2;
/// The share of the smallest α step that the series at one α spread over, so their whiskers do
/// not hide one another.
const DODGE: f64 = 0.4;

/// One (group, N): per root solver, its decided share at each α (`lo`, `hi`: Wilson's interval).
#[derive(Debug, Clone)]
struct RootPanel {
    group: Group,
    n: usize,
    alphas: Vec<f64>,
    series: Vec<Series>,
    /// The fewest and the most runs behind one point.
    runs: (usize, usize),
}

/// The share of runs decided by the root LP vs α, per root solver, one panel per (group, N).
pub(super) struct RootLp {
    panels: Vec<RootPanel>,
    /// The root solvers drawn, in display order.
    drawn: Vec<String>,
    /// Every solver of the results (the colours of variants depend on them).
    solvers: Vec<String>,
}

/// The point of a per-α `cell`: its decided share at α, whiskers at Wilson's interval.
fn point(cell: &RootCell, alpha: Alpha) -> Point {
    let d = cell.decided;
    Point { x: alpha.value(), y: d.value, lo: d.low, hi: d.high, censored: false, stopped: 0 }
}

impl RootLp {
    /// The figure, or `None` without root solvers or without a (group, N) of [`MIN_ALPHAS`] α.
    pub(super) fn new(results: &Results) -> Option<Self> {
        let roots = results.root_solvers();
        let solvers = results.solvers();
        // (group, N) → root solver's place → its cells, in α order.
        let mut by: BTreeMap<(Group, usize), BTreeMap<usize, Vec<RootCell>>> = BTreeMap::new();
        for cell in results.root_cells(true) {
            let Some(place) = roots.iter().position(|s| *s == cell.solver) else { continue };
            if cell.alpha.is_some() && has_alpha_axis(&cell.group) {
                by.entry((cell.group.clone(), cell.n)).or_default().entry(place).or_default().push(cell);
            }
        }
        let panels: Vec<RootPanel> = by
            .into_iter()
            .filter_map(|((group, n), lines)| {
                let cells = || lines.values().flatten();
                let mut alphas: Vec<Alpha> = cells().filter_map(|c| c.alpha).collect();
                alphas.sort_unstable();
                alphas.dedup();
                let runs = cells().map(RootCell::runs).fold((usize::MAX, 0), |(a, b), r| (a.min(r), b.max(r)));
                let series = lines
                    .values()
                    .map(|cells| Series {
                        label: cells[0].solver.clone(),
                        look: look(&cells[0].solver, &Group::PLANTED, &solvers),
                        points: cells.iter().filter_map(|c| Some(point(c, c.alpha?))).collect(),
                    })
                    .collect();
                let alphas: Vec<f64> = alphas.into_iter().map(Alpha::value).collect();
                (alphas.len() >= MIN_ALPHAS).then_some(RootPanel { group, n, alphas, series, runs })
            })
            .collect();
        let drawn =
            roots.into_iter().filter(|s| panels.iter().any(|p| p.series.iter().any(|l| l.label == *s))).collect();
        (!panels.is_empty()).then_some(RootLp { panels, drawn, solvers })
    }

    /// The notes under the panels; "decided" names the classes that [`RootClass::decided`] counts.
    fn lines(&self) -> Vec<String> {
        let decided: Vec<&str> = RootClass::ALL.into_iter().filter(|c| c.decided()).map(RootClass::word).collect();
        let fewest = self.panels.iter().map(|p| p.runs.0).min().unwrap_or(0);
        let most = self.panels.iter().map(|p| p.runs.1).max().unwrap_or(0);
        let runs = if fewest == most { format!("{most}") } else { format!("{fewest}–{most}") };
        vec![
            format!(
                "Per group, N and α: the share of each root-only solver's runs (`root = true`: the LP relaxation \
                 only; for ilp-placement, column generation to LP optimality) that the LP alone decided, with \
                 Wilson's 95 % interval ({runs} runs per point)."
            ),
            format!(
                "Decided ({}): an integral point whose grid the oracle verified, or an infeasible LP whose \
                 \"no solution\" was accepted (a checked proof). A fractional point, the time limit before the LP \
                 was solved, or an unchecked proof decide nothing.",
                decided.join(" or ")
            ),
        ]
    }

    /// The legend: one line per root solver drawn.
    fn keys(&self) -> Vec<(String, Key)> {
        self.drawn.iter().map(|s| (s.clone(), Key::Series(look(s, &Group::PLANTED, &self.solvers)))).collect()
    }
}

/// The sideways offsets (in α) of `count` series at one α: spread over [`DODGE`] of the smallest
/// step between the sorted `alphas`, centred on the α.
fn dodge(alphas: &[f64], count: usize) -> Vec<f64> {
    let step = alphas.windows(2).map(|w| w[1] - w[0]).fold(f64::INFINITY, f64::min);
    let width = if step.is_finite() { DODGE * step } else { 0.0 };
    let count = count.max(1) as f64;
    (0..count as usize).map(|i| width * ((i as f64 + 0.5) / count - 0.5)).collect()
}

impl Draw for RootLp {
    fn figure(&self) -> Figure {
        Figure::RootLp
    }

    fn size(&self) -> (u32, u32) {
        figure_size(grid(self.panels.len(), MAX_COLS), PANEL, &self.lines(), &self.keys())
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let title = "Runs decided by the root LP alone vs fill fraction α";
        let f = frame(root, title, grid(self.panels.len(), MAX_COLS), &self.lines(), &self.keys())?;
        for (panel, area) in self.panels.iter().zip(&f.panels) {
            let x = Axis::alpha(&panel.alphas);
            let y = Axis::linear(
                "runs decided by the root LP",
                -0.02,
                1.02,
                vec![0.0, 0.25, 0.5, 0.75, 1.0],
                percent_label,
            );
            let mut c = chart(area, &format!("{}, N = {}", panel.group, panel.n), &x, &y)?;
            let shifted: Vec<Series> = panel
                .series
                .iter()
                .zip(dodge(&panel.alphas, panel.series.len()))
                .map(|(s, dx)| Series {
                    points: s.points.iter().map(|p| Point { x: p.x + dx, ..*p }).collect(),
                    ..s.clone()
                })
                .collect();
            for s in &shifted {
                draw_whiskers(&mut c, (&x, &y), s)?;
            }
            draw_all_series(&mut c, (&x, &y), &shifted, false, None)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::{RootLp as LpAnswer, RunOutcome, RunRow};

    /// A root-only run of `solver` on planted instance `rep` at N = `n` and `alpha`, decided
    /// (integral, verified) or not (fractional).
    fn root_run(solver: &str, n: usize, alpha: f64, rep: u32, decided: bool) -> RunRow {
        let (lp, outcome) =
            if decided { (LpAnswer::Integral, RunOutcome::Solved) } else { (LpAnswer::Fractional, RunOutcome::Limit) };
        let side = (n as f64).sqrt() as usize;
        RunRow {
            box_rows: side,
            box_cols: side,
            n,
            alpha,
            rep,
            seed: u64::from(rep),
            solver: solver.into(),
            outcome,
            verified: decided.then_some(true),
            root_lp: Some(lp),
            ..row()
        }
    }

    fn results(rows: Vec<RunRow>) -> Results {
        let meta = serde_json::json!({ "config": { "time_limit": 10.0, "seed": 4 } });
        Results::new(rows, Some(meta), None, Some(10.0))
    }

    /// Two root solvers at N = 9 over α 0.2, 0.4, 0.6 (two instances each): the clique LP decides
    /// 0, 1 and 2 of them, the edge LP 0, 0 and 1; a full solver beside them; one α at N = 16.
    fn study() -> Results {
        let mut rows = Vec::new();
        for (alpha, clique, edge) in [(0.2, 0, 0), (0.4, 1, 0), (0.6, 2, 1)] {
            for rep in 0..2u32 {
                let at = (alpha * 10.0) as u32 * 2 + rep;
                rows.push(root_run("ilp-clique+root", 9, alpha, at, rep < clique));
                rows.push(root_run("ilp-edge+root", 9, alpha, at, rep < edge));
                rows.push(RunRow { alpha, rep: at, seed: u64::from(at), solver: "ilp-clique".into(), ..row() });
            }
        }
        rows.push(root_run("ilp-clique+root", 16, 0.4, 0, true));
        results(rows)
    }

    #[test]
    fn without_root_solvers_there_is_no_figure() {
        assert!(RootLp::new(&results(vec![row()])).is_none());
    }

    #[test]
    fn each_root_solver_is_a_line_of_its_decided_shares_against_alpha_with_wilson_intervals() {
        let fig = RootLp::new(&study()).expect("two root solvers over three α");
        assert_eq!(fig.panels.len(), 1, "N = 16 has one α only");
        let panel = &fig.panels[0];
        assert_eq!(
            (panel.group.to_string(), panel.n, panel.alphas.clone()),
            ("planted".into(), 9, vec![0.2, 0.4, 0.6])
        );
        let lines: Vec<(&str, Vec<f64>)> =
            panel.series.iter().map(|s| (s.label.as_str(), s.points.iter().map(|p| p.y).collect())).collect();
        assert_eq!(lines, [("ilp-edge+root", vec![0.0, 0.0, 0.5]), ("ilp-clique+root", vec![0.0, 0.5, 1.0])]);
        // Whiskers: Wilson's interval of the decided share, e.g. 1 of 2 at α 0.4 (R:
        // prop.test(1, 2, correct = FALSE)$conf.int: 0.0945–0.9055).
        let half = panel.series[1].points[1];
        assert!((half.lo - 0.0945).abs() < 1e-3 && (half.hi - 0.9055).abs() < 1e-3, "{half:?}");
        for p in panel.series.iter().flat_map(|s| &s.points) {
            assert!(p.lo <= p.y + 1e-12 && p.y <= p.hi + 1e-12 && p.hi - p.lo > 0.3, "{p:?}");
        }
        let keys: Vec<String> = fig.keys().into_iter().map(|(label, _)| label).collect();
        assert_eq!(keys, ["ilp-edge+root", "ilp-clique+root"], "one key per root solver, the full solver not drawn");
    }

    #[test]
    fn series_at_one_alpha_sit_side_by_side_within_the_smallest_step() {
        let offsets = dodge(&[0.2, 0.3, 0.6], 2);
        assert!((offsets[0] + 0.01).abs() < 1e-12 && (offsets[1] - 0.01).abs() < 1e-12, "{offsets:?}");
        assert_eq!(dodge(&[0.2, 0.4], 1), [0.0]);
    }

    #[test]
    fn the_figure_is_written_as_svg_and_png() {
        super::super::register_font().expect("the bundled font");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let fig = RootLp::new(&study()).expect("two root solvers over three α");
        let files = super::super::save(dir.path(), &fig, &super::super::Output::default()).expect("drawn");
        let [svg, png] = &files[..] else { panic!("two files: {files:?}") };
        assert!(svg.ends_with("root_lp.svg") && png.ends_with("root_lp.png"));
        let text = std::fs::read_to_string(svg).expect("the SVG");
        assert!(text.contains("planted, N = 9") && text.contains("ilp-clique+root"));
        assert!(text.contains("Decided (integral or infeasible)") && text.contains("(2 runs per point)"));
        assert!(std::fs::metadata(png).expect("the PNG").len() > 0);
    }
}
