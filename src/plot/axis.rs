//! Axes in transformed space: an [`Axis`] keeps its range and ticks in drawing coordinates (log10 of
//! the value on a log axis) and labels ticks in data units, so one linear plotters coordinate
//! ([`Scale`]) serves linear and logarithmic axes alike; a categorical axis puts its categories at
//! 0, 1, 2, … and labels them by name. Also the tick label formats.

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::prelude::*;

use crate::results::fmt_round_seconds;

/// Times below this (timer resolution) are drawn at it, since log10(0) is undefined.
const TINY: f64 = 1e-7;

/// One axis: its range and ticks are in drawing space (log10 of the value for a log axis).
#[derive(Debug, Clone)]
pub(super) struct Axis {
    pub(super) desc: String,
    log: bool,
    pub(super) lo: f64,
    pub(super) hi: f64,
    ticks: Vec<f64>,
    minor: Vec<f64>,
    label: fn(f64) -> String,
    /// Names of the categories at 0, 1, 2, … of a categorical axis (empty otherwise).
    names: Vec<String>,
}

impl Axis {
    /// A linear axis over `lo..hi` with labels at `ticks`.
    pub(super) fn linear(desc: &str, lo: f64, hi: f64, ticks: Vec<f64>, label: fn(f64) -> String) -> Self {
        Axis { desc: desc.to_owned(), log: false, lo, hi, ticks, minor: Vec::new(), label, names: Vec::new() }
    }

    /// A log axis covering `min..max` with some room, labelled at each decade (widened to whole
    /// decades when it would otherwise show fewer than two labels).
    pub(super) fn decades(desc: &str, min: f64, max: f64, label: fn(f64) -> String) -> Self {
        let (mut lo, mut hi) = (min.max(TINY).log10() - 0.2, max.max(TINY).log10() + 0.35);
        if hi.floor() - lo.ceil() < 1.0 {
            lo = lo.floor();
            hi = hi.ceil().max(lo + 1.0);
        }
        let ticks: Vec<f64> = (lo.ceil() as i32..=hi.floor() as i32).map(f64::from).collect();
        let minor = (lo.floor() as i32..=hi.floor() as i32)
            .flat_map(|d| (2..10).map(move |m| f64::from(d) + f64::from(m).log10()))
            .filter(|v| (lo..hi).contains(v))
            .collect();
        Axis { desc: desc.to_owned(), log: true, lo, hi, ticks, minor, label, names: Vec::new() }
    }

    /// A log axis of `1 + count` (search effort): as [`Axis::decades`] from `min` (at least 1),
    /// but never below 1, where a widened axis would put a tick at 0.1 that a count label prints
    /// as `0`.
    pub(super) fn one_plus_counts(desc: &str, min: f64, max: f64) -> Self {
        let mut axis = Axis::decades(desc, min.max(1.0), max, count_label);
        if axis.lo < -0.2 {
            axis.lo = -0.2;
            axis.ticks.retain(|t| *t >= 0.0);
            let lo = axis.lo;
            axis.minor.retain(|v| *v >= lo);
        }
        axis
    }

    /// A log axis through the given values (e.g. the N swept), labelled at each of them.
    pub(super) fn log_at(desc: &str, values: &[f64], label: fn(f64) -> String) -> Self {
        let ticks: Vec<f64> = values.iter().map(|v| v.max(TINY).log10()).collect();
        let lo = ticks.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ticks.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let pad = ((hi - lo) * 0.06).max(0.05);
        Axis {
            desc: desc.to_owned(),
            log: true,
            lo: lo - pad,
            hi: hi + pad,
            ticks,
            minor: Vec::new(),
            label,
            names: Vec::new(),
        }
    }

    /// The α axis through the values swept.
    pub(super) fn alpha(alphas: &[f64]) -> Self {
        let lo = alphas.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = alphas.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let pad = ((hi - lo) * 0.1).max(0.03);
        // The levels swept when they are few and on the grid of 0.05 configs use; otherwise (a fine
        // grid, or a set's measured fills such as 0.2593) round ticks across the range, which never
        // crowd into one another.
        let on_grid = alphas.iter().all(|a| ((a * 20.0).round() - a * 20.0).abs() < 1e-6);
        let ticks = if alphas.len() <= 10 && on_grid {
            alphas.to_vec()
        } else {
            let step = if hi - lo > 0.3 {
                0.1
            } else if hi - lo > 0.1 {
                0.05
            } else {
                0.01
            };
            let first = (lo / step).ceil() as i64;
            let last = (hi / step).floor() as i64;
            (first..=last).map(|i| i as f64 * step).collect()
        };
        Axis::linear("fill fraction α (share of cells given)", lo - pad, hi + pad, ticks, alpha_label)
    }

    /// A categorical axis: `names` in order at 0, 1, 2, … (a series' x is the index of its category).
    pub(super) fn categories(desc: &str, names: &[String]) -> Self {
        let ticks = (0..names.len()).map(|i| i as f64).collect();
        let hi = names.len().max(1) as f64 - 0.5;
        Axis { names: names.to_vec(), ..Axis::linear(desc, -0.5, hi, ticks, integer_label) }
    }

    /// A value's drawing coordinate.
    pub(super) fn at(&self, value: f64) -> f64 {
        if self.log {
            value.max(TINY).log10()
        } else {
            value
        }
    }

    /// The plotters coordinate of this axis.
    pub(super) fn spec(&self) -> Scale {
        Scale { lo: self.lo, hi: self.hi, ticks: self.ticks.clone(), minor: self.minor.clone() }
    }

    /// The label of the tick at drawing coordinate `drawn`, in data units.
    pub(super) fn tick_label(&self, drawn: f64) -> String {
        if !self.names.is_empty() {
            let index = usize::try_from(drawn.round() as i64).ok();
            return index.and_then(|i| self.names.get(i)).cloned().unwrap_or_default();
        }
        (self.label)(if self.log { 10f64.powf(drawn) } else { drawn })
    }
}

/// A linear plotters coordinate with fixed ticks (bold, labelled) and minor grid lines (light).
///
/// plotters' own `WithKeyPoints<RangedCoordf64>` cannot take label formatters, hence this.
#[derive(Debug, Clone)]
pub(super) struct Scale {
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
    minor: Vec<f64>,
}

impl Ranged for Scale {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.hi - self.lo;
        if span.abs() < f64::EPSILON {
            return (limit.0 + limit.1) / 2;
        }
        let t = (value - self.lo) / span;
        limit.0 + (t * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.minor.clone()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

/// Seconds with a unit, as round as the tick: `100 µs`, `1 ms`, `10 s` ([`fmt_round_seconds`]).
pub(super) fn seconds_label(s: f64) -> String {
    fmt_round_seconds(s)
}

/// Counts: `1`, `100`, `1e4`.
pub(super) fn count_label(c: f64) -> String {
    if c < 1e4 {
        format!("{c:.0}")
    } else {
        format!("{c:.0e}")
    }
}

/// A fill fraction at most two decimals long, trailing zeros dropped: `0`, `0.25`, `0.3`.
pub(super) fn alpha_label(a: f64) -> String {
    let text = format!("{a:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Whole numbers: `4`, `16`.
pub(super) fn integer_label(v: f64) -> String {
    format!("{v:.0}")
}

/// Shares as percent: `25 %`.
pub(super) fn percent_label(v: f64) -> String {
    format!("{:.0} %", v * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_ticks_carry_a_unit_and_count_ticks_an_exponent() {
        let decade_ticks: Vec<String> = (-7..=3).map(|d| seconds_label(10f64.powi(d))).collect();
        assert_eq!(
            decade_ticks,
            ["100 ns", "1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s", "100 s", "1000 s"]
        );
        // A tick is drawn at 10^d computed from its drawing coordinate, never exactly a power of 10.
        assert_eq!(seconds_label(10f64.powf(-2.0000000001)), "10 ms");
        assert_eq!(count_label(1000.0), "1000");
        assert_eq!(count_label(1e5), "1e5");
    }

    #[test]
    fn decade_axes_cover_the_data_and_the_limit() {
        let y = Axis::decades("t", 0.0032, 10.0, seconds_label);
        assert!(y.lo <= 0.0032f64.log10() && y.hi > 1.0);
        assert_eq!(y.ticks, vec![-2.0, -1.0, 0.0, 1.0]);
        let narrow = Axis::decades("t", 2.0, 3.0, seconds_label);
        assert_eq!(narrow.ticks, vec![0.0, 1.0], "widened to show two labels");
    }

    #[test]
    fn categorical_axes_label_their_categories_in_order() {
        let names: Vec<String> = ["easy", "hard"].map(str::to_owned).to_vec();
        let x = Axis::categories("difficulty", &names);
        assert_eq!((x.lo, x.hi), (-0.5, 1.5));
        assert_eq!(x.ticks, vec![0.0, 1.0]);
        assert_eq!(x.tick_label(0.0), "easy");
        assert_eq!(x.tick_label(1.0), "hard");
        assert_eq!(x.tick_label(2.0), "");
        assert_eq!(x.at(1.0), 1.0);
    }

    #[test]
    fn alpha_ticks_are_the_levels_run_or_round_steps_never_measured_fills() {
        let grid = Axis::alpha(&[0.0, 0.2, 0.4, 0.6]);
        assert_eq!(grid.ticks, vec![0.0, 0.2, 0.4, 0.6]);
        assert_eq!(grid.tick_label(0.2), "0.2");
        // A set's measured fills: round steps across the range, never 0.2593 beside 0.284.
        let fills = Axis::alpha(&[0.2593, 0.284, 0.3086, 0.3457]);
        assert!(fills.ticks.iter().all(|t| ((t * 100.0).round() - t * 100.0).abs() < 1e-9), "{:?}", fills.ticks);
        assert!(fills.ticks.len() >= 2, "{:?}", fills.ticks);
        let labels: Vec<String> = fills.ticks.iter().map(|t| fills.tick_label(*t)).collect();
        assert!(labels.iter().all(|l| l.len() <= 4), "{labels:?}");
        assert_eq!(alpha_label(0.25), "0.25");
        assert_eq!(alpha_label(0.0), "0");
    }

    #[test]
    fn a_one_plus_effort_axis_has_no_tick_below_one() {
        // Every run without a dead end: 1 + effort is 1 throughout; widening to two decades must
        // not reach 0.1, which the count label prints as "0".
        let flat = Axis::one_plus_counts("1 + effort", 1.0, 1.0);
        let labels: Vec<String> = flat.ticks.iter().map(|t| flat.tick_label(*t)).collect();
        assert_eq!(labels, ["1", "10"]);
        assert!(flat.lo >= -0.2);
        let wide = Axis::one_plus_counts("1 + effort", 3.0, 5e4);
        assert_eq!(wide.ticks.first(), Some(&1.0), "from 10 when the data start above it");
    }
}
