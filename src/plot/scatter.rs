//! Pairwise log-log scatter plots, as in solver papers: one point per instance both solvers ran,
//! x the first solver's total time and y the second's, coloured by α. Runs not finished sit on the
//! border of the chart (right or top), past the time limit, drawn hollow, so a timeout is never
//! mistaken for a time. The diagonal marks equal time and the dashed lines a factor of 10 either way.
//!
//! Two pairs are drawn: the two fastest solvers by PAR-2 (`scatter_fastest`) and the origin
//! study's pair, `ilp-edge` against `backtrack-naive` (`scatter_origin`), when both ran and they
//! are not the two fastest already. `plot --figure scatter --pair A B` draws any pair asked for
//! (`scatter_A_vs_B`).

use std::collections::BTreeMap;

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::axis::{alpha_label, seconds_label, Axis};
use super::chart::chart;
use super::frame::{frame, Key};
use super::series::has_alpha_axis;
use super::style::{line_style, Dash, INK, LIMIT_DASH};
use super::{Draw, Figure};
use crate::results::Group;
use crate::results::{InstanceKey, Results};

/// The origin study's comparison: its ILP model against its backtracking.
pub(super) const ORIGIN_PAIR: (&str, &str) = ("ilp-edge", "backtrack-naive");

/// Radius of a point one solver did not finish: hollow and larger than a finished point (3 px).
pub(super) const UNFINISHED_RADIUS: i32 = 5;

/// One instance of the scatter: each solver's time, `None` when it did not finish; its α.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Dot {
    pub(super) x: Option<f64>,
    pub(super) y: Option<f64>,
    /// α of the instance; `None` for `unique` puzzles (no α axis).
    pub(super) alpha: Option<f64>,
}

/// Which pair a scatter figure shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pair {
    /// The two solvers with the lowest PAR-2.
    Fastest,
    /// `ilp-edge` against `backtrack-naive`.
    Origin,
    /// The pair asked for by name: the first solver on x, the second on y.
    Chosen(String, String),
}

/// Per-instance times of two solvers, log-log.
pub(super) struct Scatter<'r> {
    results: &'r Results,
    pair: Pair,
    a: String,
    b: String,
    dots: Vec<Dot>,
}

impl<'r> Scatter<'r> {
    /// The figure of `pair`, or `None` when the results do not hold it (fewer than two solvers, the
    /// origin pair missing or the same as the fastest pair, no instance both ran).
    pub(super) fn new(results: &'r Results, pair: Pair) -> Option<Self> {
        let ranking: Vec<String> = results.by_par2().into_iter().map(|(s, _)| s).collect();
        let fastest = (ranking.first()?.clone(), ranking.get(1)?.clone());
        let (a, b) = match &pair {
            Pair::Chosen(a, b) => (a != b).then(|| (a.clone(), b.clone()))?,
            Pair::Fastest => fastest,
            Pair::Origin => {
                let has = |s: &str| ranking.iter().any(|r| r == s);
                let origin = (ORIGIN_PAIR.0.to_owned(), ORIGIN_PAIR.1.to_owned());
                let same = fastest == origin || (fastest.1.clone(), fastest.0.clone()) == origin;
                if !has(ORIGIN_PAIR.0) || !has(ORIGIN_PAIR.1) || same {
                    return None;
                }
                origin
            }
        };
        let dots = dots(results, &a, &b);
        (!dots.is_empty()).then_some(Scatter { results, pair, a, b, dots })
    }

    /// The axis range in seconds: the smallest time and the limit (or the largest time).
    fn range(&self) -> (f64, f64) {
        let times = self.dots.iter().flat_map(|d| [d.x, d.y]).flatten().filter(|t| *t > 0.0);
        let (min, max) =
            times.chain(self.results.time_limit).fold((f64::INFINITY, 0.0f64), |(a, b), t| (a.min(t), b.max(t)));
        if min.is_finite() {
            (min, max)
        } else {
            (1e-3, 1.0)
        }
    }

    /// The legend: the reference lines, the border, and the α colours.
    fn keys(&self) -> Vec<(String, Key)> {
        let mut keys = vec![
            ("equal time (diagonal)".to_owned(), Key::Line(INK, Dash::Solid)),
            ("10× apart".to_owned(), Key::Line(INK, Dash::Dotted)),
            ("not finished (on the border)".to_owned(), Key::Ring(INK)),
        ];
        if let Some(limit) = self.results.time_limit {
            keys.push((format!("time limit ({}): thin lines", crate::results::fmt_round_seconds(limit)), Key::Note));
        }
        if self.dots.iter().any(|d| d.alpha.is_some()) {
            keys.push(("fill fraction α:".to_owned(), Key::Note));
            for a in legend_alphas(&self.dots) {
                keys.push((format!("α = {}", alpha_label(a)), Key::Fill(alpha_color(a))));
            }
        }
        if self.dots.iter().any(|d| d.alpha.is_none()) {
            keys.push(("no α (unique puzzles)".to_owned(), Key::Fill(INK)));
        }
        keys
    }
}

/// The α levels the legend shows: those the dots were run at, each once; past eight levels (a fine
/// grid, or a set's measured fills), five of them spread over the range run, first and last kept.
fn legend_alphas(dots: &[Dot]) -> Vec<f64> {
    let mut levels: Vec<f64> = dots.iter().filter_map(|d| d.alpha).collect();
    levels.sort_by(f64::total_cmp);
    levels.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    if levels.len() <= 8 {
        return levels;
    }
    let last = levels.len() - 1;
    (0..5).map(|i| levels[i * last / 4]).collect()
}

/// An instance being collected: `a`'s and `b`'s run once seen (its time, `None` when not
/// finished), and the α.
type Pending = (Option<Option<f64>>, Option<Option<f64>>, Option<f64>);

/// The instances both `a` and `b` ran, with each one's time on the results' clock.
pub(super) fn dots(results: &Results, a: &str, b: &str) -> Vec<Dot> {
    let mut by_instance: BTreeMap<InstanceKey, Pending> = BTreeMap::new();
    for row in results.rows.iter().filter(|r| r.solver == a || r.solver == b) {
        let time = results.finished_seconds(row);
        let alpha = has_alpha_axis(&Group::of(row)).then_some(row.alpha);
        let e = by_instance.entry(InstanceKey::of(row)).or_insert((None, None, alpha));
        if row.solver == a {
            e.0 = Some(time);
        } else {
            e.1 = Some(time);
        }
    }
    by_instance.into_values().filter_map(|(x, y, alpha)| Some(Dot { x: x?, y: y?, alpha })).collect()
}

/// A colour for α in [0, 1] from a viridis-like ramp (dark purple → teal → yellow), readable
/// with the common colour-vision deficiencies.
pub(super) fn alpha_color(alpha: f64) -> RGBColor {
    const STOPS: [(f64, (f64, f64, f64)); 5] = [
        (0.0, (68.0, 1.0, 84.0)),
        (0.25, (59.0, 82.0, 139.0)),
        (0.5, (33.0, 145.0, 140.0)),
        (0.75, (94.0, 201.0, 98.0)),
        (1.0, (220.0, 200.0, 30.0)),
    ];
    let a = alpha.clamp(0.0, 1.0);
    let i = STOPS.iter().rposition(|(s, _)| *s <= a).unwrap_or(0).min(STOPS.len() - 2);
    let ((s0, c0), (s1, c1)) = (STOPS[i], STOPS[i + 1]);
    let t = (a - s0) / (s1 - s0);
    let mix = |p: f64, q: f64| (p + t * (q - p)).round() as u8;
    RGBColor(mix(c0.0, c1.0), mix(c0.1, c1.1), mix(c0.2, c1.2))
}

impl Draw for Scatter<'_> {
    fn figure(&self) -> Figure {
        match self.pair {
            Pair::Fastest | Pair::Chosen(..) => Figure::ScatterFastest,
            Pair::Origin => Figure::ScatterOrigin,
        }
    }

    fn stem(&self) -> String {
        match &self.pair {
            Pair::Chosen(a, b) => format!("scatter_{a}_vs_{b}"),
            _ => self.figure().stem().to_owned(),
        }
    }

    fn caption(&self) -> String {
        match &self.pair {
            Pair::Chosen(a, b) => format!(
                "Per instance, {a} (x) against {b} (y), total time (log–log, coloured by α): runs not finished on \
                 the border, the diagonal is equal time, dotted lines 10× apart"
            ),
            _ => super::caption(self.figure()).to_owned(),
        }
    }

    fn size(&self) -> (u32, u32) {
        (1000, 820)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let what = match self.pair {
            Pair::Fastest => "the two solvers with the lowest PAR-2",
            Pair::Origin => "the origin study's ILP (edge model) against its backtracking",
            Pair::Chosen(..) => "the pair asked for",
        };
        let lines = vec![
            format!("One point per instance both ran ({what}); below the diagonal {} is faster.", self.b),
            "Runs not finished (time limit, memory cap or error) are drawn on the border, past the limit.".to_owned(),
        ];
        let title = format!("Per instance: {} against {}, total time", self.a, self.b);
        let f = frame(root, &title, (1, 1), &lines, &self.keys())?;
        let (min, max) = self.range();
        let x = Axis::decades(&format!("{} total time, log scale", self.a), min, max, seconds_label);
        let y = Axis::decades(&format!("{} total time, log scale", self.b), min, max, seconds_label);
        // Draw square: the panel is wider than tall, so the chart keeps both axes alike by range.
        let mut c = chart(&f.panels[0], "", &x, &y)?;
        let (lo, hi) = (x.lo, x.hi);
        c.draw_series(LineSeries::new(vec![(lo, lo), (hi, hi)], line_style(INK)))?;
        let faint = ShapeStyle { color: INK.mix(0.7), filled: false, stroke_width: 1 };
        for shift in [1.0, -1.0] {
            let pts = vec![(lo, lo + shift), (hi, hi + shift)];
            c.draw_series(std::iter::once(DashedPathElement::new(pts, 2, 4, faint)))?;
        }
        if let Some(limit) = self.results.time_limit {
            let at = x.at(limit);
            let (dash, gap) = LIMIT_DASH;
            let thin = ShapeStyle { color: INK.mix(0.5), filled: false, stroke_width: 1 };
            c.draw_series(std::iter::once(DashedPathElement::new(vec![(at, lo), (at, hi)], dash, gap, thin)))?;
            c.draw_series(std::iter::once(DashedPathElement::new(vec![(lo, at), (hi, at)], dash, gap, thin)))?;
        }
        let place = |t: Option<f64>| t.map_or(hi, |t| x.at(t));
        for d in &self.dots {
            let color = d.alpha.map_or(INK, alpha_color);
            let at = (place(d.x), place(d.y));
            if d.x.is_none() || d.y.is_none() {
                c.draw_series(std::iter::once(Circle::new(at, UNFINISHED_RADIUS, line_style(color))))?;
            } else {
                c.draw_series(std::iter::once(Circle::new(at, 3, color.mix(0.8).filled())))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::RunRow;

    #[test]
    fn runs_not_finished_have_no_time_and_go_to_the_border() {
        let run = |solver: &str, rep: u32, outcome: &str, seconds: f64| RunRow {
            solver: solver.into(),
            rep,
            seed: u64::from(rep),
            outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
            seconds,
            ..row()
        };
        let rows = vec![
            run("sat", 0, "solved", 0.5),
            run("backtrack", 0, "limit", 10.1),
            run("sat", 1, "solved", 0.2),
            run("backtrack", 1, "solved", 0.01),
            run("sat", 2, "solved", 0.3), // backtrack never ran it: no dot
        ];
        let results = Results::new(rows, None, None, Some(10.0));
        let dots = dots(&results, "sat", "backtrack");
        assert_eq!(dots.len(), 2);
        assert_eq!(dots[0], Dot { x: Some(0.5), y: None, alpha: Some(0.2) });
        assert_eq!(dots[1].y, Some(0.01));
        let s = Scatter::new(&results, Pair::Fastest).expect("two solvers");
        assert_eq!((s.a.as_str(), s.b.as_str()), ("sat", "backtrack"), "lowest PAR-2 first");
        assert!(Scatter::new(&results, Pair::Origin).is_none(), "no ilp-edge, no origin pair");
    }

    #[test]
    fn the_legend_lists_the_alpha_levels_that_were_run_and_no_others() {
        let at = |alpha: f64| Dot { x: Some(1.0), y: Some(1.0), alpha: Some(alpha) };
        assert_eq!(legend_alphas(&[at(0.5), at(0.25), at(0.5)]), vec![0.25, 0.5], "never α = 0 or 1");
        let fine: Vec<Dot> = (0..20).map(|i| at(f64::from(i) / 20.0)).collect();
        let shown = legend_alphas(&fine);
        assert_eq!(shown.len(), 5);
        assert_eq!((shown[0], shown[4]), (0.0, 0.95), "the range run, ends kept");
        assert!(shown.iter().all(|a| fine.iter().any(|d| d.alpha == Some(*a))), "{shown:?}: levels that were run");
    }

    #[test]
    fn alpha_colours_run_from_purple_to_yellow() {
        assert_eq!(alpha_color(0.0), RGBColor(68, 1, 84));
        assert_eq!(alpha_color(1.0), RGBColor(220, 200, 30));
        assert_eq!(alpha_color(0.5), RGBColor(33, 145, 140));
        assert_ne!(alpha_color(0.1), alpha_color(0.2));
    }
}
