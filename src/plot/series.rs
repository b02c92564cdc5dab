//! The data a figure draws, in data units: [`Point`]s (a median with its quartiles and how many runs
//! were stopped) grouped into labelled [`Series`], and the per-N [`AlphaPanel`]s of series against α
//! that the time and phase figures share. Nothing here draws.

use std::collections::{BTreeMap, BTreeSet};

use super::style::Look;
use crate::results::Group;
use crate::results::{Alpha, Results, Summary};

/// One point of a series, in data units: the value and its range (a median's quartiles, or a
/// share's interval), and how many runs were stopped.
#[derive(Debug, Clone, Copy)]
pub(super) struct Point {
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) lo: f64,
    pub(super) hi: f64,
    pub(super) censored: bool,
    pub(super) stopped: usize,
}

/// One labelled line of points.
#[derive(Debug, Clone)]
pub(super) struct Series {
    pub(super) label: String,
    pub(super) look: Look,
    pub(super) points: Vec<Point>,
}

/// Adds `point` to the series `key` of `series`, creating it with `label`'s (label, look).
pub(super) fn add_point<K: Ord>(
    series: &mut BTreeMap<K, Series>,
    key: K,
    point: Point,
    label: impl FnOnce() -> (String, Look),
) {
    let series = series.entry(key).or_insert_with(|| {
        let (label, look) = label();
        Series { label, look, points: Vec::new() }
    });
    series.points.push(point);
}

/// The median time of `s` at `x`, with quartiles.
pub(super) fn time_point(results: &Results, x: f64, s: &Summary) -> Option<Point> {
    let y = s.median()?;
    Some(Point {
        x,
        y,
        lo: s.quantile(0.25)?,
        hi: s.quantile(0.75)?,
        censored: results.is_censored(y),
        stopped: s.limit + s.memory + s.wrong,
    })
}

/// The smallest and largest value a set of series (and the time limit) will show.
pub(super) fn y_extent(series: &[Series], limit: Option<f64>) -> Option<(f64, f64)> {
    let values = series.iter().flat_map(|s| s.points.iter()).flat_map(|p| [p.y, p.lo, p.hi]);
    let (min, max) = values
        .chain(limit)
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold((f64::INFINITY, 0.0f64), |(a, b), v| (a.min(v), b.max(v)));
    (min.is_finite() && max > 0.0).then_some((min, max))
}

/// `true` for modes with an α axis (`unique` puzzles have a difficulty instead).
pub(super) fn has_alpha_axis(mode: &Group) -> bool {
    !mode.is_unique()
}

/// `true` when the rows hold more than one mode with an α axis (so labels must name the mode).
pub(super) fn several_alpha_modes(results: &Results) -> bool {
    let modes: BTreeSet<Group> = results.rows.iter().map(Group::of).filter(has_alpha_axis).collect();
    modes.len() > 1
}

/// The series of one N's panel, drawn against the α values swept at that N.
#[derive(Debug, Clone)]
pub(super) struct AlphaPanel {
    pub(super) n: usize,
    pub(super) series: Vec<Series>,
    pub(super) alphas: Vec<f64>,
}

/// An [`AlphaPanel`] being collected: series keyed by (solver order, mode) or by mode.
#[derive(Debug)]
pub(super) struct PanelBuilder<K> {
    series: BTreeMap<K, Series>,
    alphas: BTreeSet<Alpha>,
}

impl<K> Default for PanelBuilder<K> {
    fn default() -> Self {
        PanelBuilder { series: BTreeMap::new(), alphas: BTreeSet::new() }
    }
}

impl<K: Ord> PanelBuilder<K> {
    /// Adds `point` at `alpha` to the series `key`, creating it with `label` and `look`.
    pub(super) fn add(&mut self, key: K, alpha: Alpha, point: Point, label: impl FnOnce() -> (String, Look)) {
        self.alphas.insert(alpha);
        add_point(&mut self.series, key, point, label);
    }

    /// The finished panels at N with at least `min_alphas` α values.
    pub(super) fn finish(panels: BTreeMap<usize, Self>, min_alphas: usize) -> Vec<AlphaPanel> {
        panels
            .into_iter()
            .filter(|(_, b)| b.alphas.len() >= min_alphas)
            .map(|(n, b)| AlphaPanel {
                n,
                series: b.series.into_values().collect(),
                alphas: b.alphas.iter().map(|a| a.value()).collect(),
            })
            .collect()
    }
}
