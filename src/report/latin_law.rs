//! The hardness peak against the Latin-square law: in quasigroup completion with holes the number
//! of holes (empty cells) at the hardness peak grows like n^1.55 (Achlioptas, Gomes, Kautz & Selman
//! 2000), so the filled fraction at the peak, α = 1 − c·n^1.55 / n², rises towards 1 with the order.
//!
//! Per solver and mode, every effort peak that is clearly located (see
//! [`EffortPeak::located`]) and deep enough to mean something ([`MIN_PEAK_EFFORT`]) gives the
//! holes at the peak, h = (1 − α)·N². If the law holds, h / N^1.55 is the same at every N; a
//! least-squares fit of log h on log N gives the exponent the data show, with the range the α grid
//! allows (each peak α is only known to half a step either side). The law, with the constant of
//! the located peaks, predicts the peak α where the data could not locate it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::peaks::{EffortPeak, Peak};
use crate::results::Group;
use crate::results::{fmt_count, solver_order, Alpha};

pub(crate) use crate::results::HOLES_EXPONENT;
/// Effort peaks below this (median or mean dead ends, conflicts or nodes) are too shallow to
/// place: at 16×16 `sat` peaks at 8 conflicts, a difference of a few conflicts between α values.
pub(crate) use crate::results::MIN_PEAK_EFFORT;
/// At most this many located peaks are combined at both ends of their α step for the exponent's
/// range (2^k fits).
const MAX_RANGE_POINTS: usize = 10;

/// One located peak: where it is and how many holes that leaves.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LawPoint {
    pub n: usize,
    pub alpha: Alpha,
    /// Half the α step of the sweep around the peak: the peak α is known to ± this.
    pub half_step: f64,
}

impl LawPoint {
    /// Holes at the peak, (1 − α)·N², for the peak moved by `shift` in α.
    fn holes(&self, shift: f64) -> f64 {
        (1.0 - (self.alpha.value() + shift)) * (self.n * self.n) as f64
    }

    /// Holes at the peak over N^1.55: the law's constant, if the law holds.
    pub fn scaled(&self) -> f64 {
        self.holes(0.0) / (self.n as f64).powf(HOLES_EXPONENT)
    }
}

/// One solver's peaks in one mode, held against the law.
#[derive(Debug, Clone)]
pub(crate) struct LawCheck {
    pub solver: String,
    pub mode: Group,
    /// Clearly located, deep peaks, by N.
    pub points: Vec<LawPoint>,
    /// Sizes whose peak is located but too shallow ([`MIN_PEAK_EFFORT`]), with the effort there in words.
    pub shallow: Vec<(usize, String)>,
    /// Sizes in the sweep whose peak is not clearly located (censored, at the edge, tied).
    pub unlocated: Vec<usize>,
}

impl LawCheck {
    /// The law's constant from the located peaks: the median of h / N^1.55.
    pub fn constant(&self) -> Option<f64> {
        let mut c: Vec<f64> = self.points.iter().map(LawPoint::scaled).collect();
        c.sort_by(f64::total_cmp);
        match c.len() {
            0 => None,
            k if k % 2 == 1 => Some(c[k / 2]),
            k => Some((c[k / 2 - 1] + c[k / 2]) / 2.0),
        }
    }

    /// The exponent b of h ∝ N^b fitted to the located peaks, and its range over the α grid's
    /// resolution (every peak moved to either end of its step); `None` with fewer than two sizes.
    pub fn exponent(&self) -> Option<(f64, f64, f64)> {
        if self.points.len() < 2 {
            return None;
        }
        let slope = |shifts: &[f64]| {
            let xy: Vec<(f64, f64)> =
                self.points.iter().zip(shifts).map(|(p, s)| ((p.n as f64).ln(), p.holes(*s).ln())).collect();
            least_squares_slope(&xy)
        };
        let best = slope(&vec![0.0; self.points.len()]);
        let (mut lo, mut hi) = (best, best);
        let k = self.points.len().min(MAX_RANGE_POINTS);
        for mask in 0u32..(1 << k) {
            let shifts: Vec<f64> = self
                .points
                .iter()
                .enumerate()
                .map(|(i, p)| if i < k && mask >> i & 1 == 1 { p.half_step } else { -p.half_step })
                .collect();
            let b = slope(&shifts);
            lo = lo.min(b);
            hi = hi.max(b);
        }
        Some((best, lo, hi))
    }
}

/// The slope of the least-squares line through `xy` (at least two distinct x).
fn least_squares_slope(xy: &[(f64, f64)]) -> f64 {
    let n = xy.len() as f64;
    let (mx, my) = (xy.iter().map(|p| p.0).sum::<f64>() / n, xy.iter().map(|p| p.1).sum::<f64>() / n);
    let sxy: f64 = xy.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xy.iter().map(|(x, _)| (x - mx).powi(2)).sum();
    sxy / sxx
}

/// The peak α the law predicts at side `n` with constant `c` (holes = c·n^1.55), within [0, 1].
pub(crate) fn predicted_alpha(c: f64, n: usize) -> f64 {
    let n = n as f64;
    (1.0 - c * n.powf(HOLES_EXPONENT) / (n * n)).clamp(0.0, 1.0)
}

/// Every (solver, mode) with an effort statistic, held against the law.
pub(crate) fn checks(peaks: &[Peak]) -> Vec<LawCheck> {
    let mut by: BTreeMap<(Group, (usize, String)), LawCheck> = BTreeMap::new();
    for p in peaks {
        let half_step = half_step(&p.alphas);
        for e in &p.efforts {
            let check = by.entry((p.mode.clone(), solver_order(&e.solver))).or_insert_with(|| LawCheck {
                solver: e.solver.clone(),
                mode: p.mode.clone(),
                points: Vec::new(),
                shallow: Vec::new(),
                unlocated: Vec::new(),
            });
            match located_deep(e) {
                Located::Deep(alpha) => check.points.push(LawPoint { n: p.n, alpha, half_step }),
                Located::Shallow(effort) => check.shallow.push((p.n, format!("{} {}", fmt_count(effort), e.words()))),
                Located::Not => check.unlocated.push(p.n),
            }
        }
    }
    by.into_values().collect()
}

/// How one effort peak stands.
enum Located {
    Deep(Alpha),
    Shallow(f64),
    Not,
}

fn located_deep(e: &EffortPeak) -> Located {
    match e.located() {
        Some(alpha) if e.at.value >= MIN_PEAK_EFFORT => Located::Deep(alpha),
        Some(_) => Located::Shallow(e.at.value),
        None => Located::Not,
    }
}

/// Half the smallest gap between consecutive α values swept (0 for a single α).
fn half_step(alphas: &[Alpha]) -> f64 {
    let step = alphas.windows(2).map(|w| w[1].value() - w[0].value()).fold(f64::INFINITY, f64::min);
    if step.is_finite() {
        step / 2.0
    } else {
        0.0
    }
}

/// The next square side above `n` (the next box size k×k): where a sweep would go next.
fn next_square_side(n: usize) -> usize {
    let mut k = 1;
    while k * k <= n {
        k += 1;
    }
    k * k
}

/// The section (none without effort peaks): holes at each located peak and where the law puts the
/// peaks it could not locate; the exponents go to the conclusions.
/// `mode` heads the mode column ([`Results::mode_heading`](crate::results::Results::mode_heading)).
pub(crate) fn section(out: &mut String, checks: &[LawCheck], mode: &str) {
    if checks.is_empty() {
        return; // no effort peak anywhere: the peak section already says why
    }
    out.push_str("## The peak against the Latin-square law\n\n");
    let _ = write!(
        out,
        "For quasigroup (Latin-square) completion the number of holes at the hardness peak grows like \
         n^{HOLES_EXPONENT} (Achlioptas, Gomes, Kautz & Selman 2000), so the peak's fill α = 1 − c·N^{HOLES_EXPONENT}/N² \
         rises with N. Below, every clearly located effort peak (one interior α, no median time at the limit) with a \
         median effort of at least {} gives the holes at the peak, (1 − α)·N², known to ± half an α step; if the law \
         holds for Sudoku, holes / N^{HOLES_EXPONENT} is the same at every N. The exponent is the least-squares slope \
         of log holes on log N, with its range when every peak is moved to either end of its α step.\n\n",
        fmt_count(MIN_PEAK_EFFORT)
    );
    let rows: Vec<(&LawCheck, &LawPoint)> = checks.iter().flat_map(|c| c.points.iter().map(move |p| (c, p))).collect();
    if rows.is_empty() {
        out.push_str(
            "No solver has a clearly located peak deep enough to place, so the law cannot be checked on these \
             results.\n\n",
        );
        return;
    }
    let _ = writeln!(
        out,
        "| solver | {mode} | N | peak α | holes at the peak | holes / N^1.55 |\n|---|---|---|---|---|---|"
    );
    for (c, p) in &rows {
        let spread = p.half_step * (p.n * p.n) as f64;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} ± {} | {:.2} |",
            c.solver,
            c.mode,
            p.n,
            p.alpha,
            fmt_count(p.holes(0.0)),
            fmt_count(spread),
            p.scaled()
        );
    }
    out.push('\n');
    for line in checks.iter().filter_map(verdict).chain(checks.iter().filter_map(prediction)) {
        let _ = writeln!(out, "- {line}");
    }
    out.push('\n');
}

/// One solver's exponent against 1.55, from two located sizes or more.
pub(crate) fn verdict(c: &LawCheck) -> Option<String> {
    let (b, lo, hi) = c.exponent()?;
    let sizes: Vec<String> = c.points.iter().map(|p| p.n.to_string()).collect();
    let agrees = if (lo..=hi).contains(&HOLES_EXPONENT) {
        format!("consistent with the Latin-square exponent {HOLES_EXPONENT}")
    } else if lo > HOLES_EXPONENT {
        format!("steeper than the Latin-square exponent {HOLES_EXPONENT}")
    } else {
        format!("shallower than the Latin-square exponent {HOLES_EXPONENT}")
    };
    let few = if c.points.len() == 2 { "; two sizes give a slope, not a fit" } else { "" };
    Some(format!(
        "Holes at the {} peak ({}) grow like N^{b:.2} over N = {} ({lo:.2}–{hi:.2} within the α grid{few}): {agrees}.",
        c.solver,
        c.mode,
        sizes.join(", ")
    ))
}

/// Where the law, with one solver's constant, puts the peak: at the sizes whose peak was not
/// located and at the next box size; and which located peaks were too shallow to use.
fn prediction(c: &LawCheck) -> Option<String> {
    let constant = c.constant()?;
    let largest = c.points.iter().map(|p| p.n).chain(c.unlocated.iter().copied()).max().unwrap_or(0);
    // The law describes large orders: it is not extrapolated below the smallest located peak.
    let smallest = c.points.iter().map(|p| p.n).min().unwrap_or(0);
    let mut targets: Vec<usize> = c.unlocated.iter().copied().filter(|&n| n > smallest).collect();
    targets.push(next_square_side(largest));
    targets.sort_unstable();
    targets.dedup();
    let predictions: Vec<String> =
        targets.iter().map(|n| format!("α ≈ {:.2} at N = {n}", predicted_alpha(constant, *n))).collect();
    let mut text = format!(
        "{} ({}): with c = {constant:.2} (the median of holes / N^{HOLES_EXPONENT}), the law puts the peak at {}",
        c.solver,
        c.mode,
        predictions.join(", ")
    );
    let unlocated: Vec<&usize> = c.unlocated.iter().filter(|&&n| n > smallest).collect();
    if !unlocated.is_empty() {
        let listed: Vec<String> = unlocated.iter().map(|n| n.to_string()).collect();
        let _ = write!(text, " (N = {}: not clearly located in these results)", listed.join(", "));
    }
    if !c.shallow.is_empty() {
        let listed: Vec<String> = c.shallow.iter().map(|(n, e)| format!("N = {n} ({e})")).collect();
        let _ = write!(text, "; peaks too shallow to place: {}", listed.join(", "));
    }
    text.push('.');
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(n: usize, alpha: f64) -> LawPoint {
        LawPoint { n, alpha: Alpha::new(alpha), half_step: 0.025 }
    }

    fn check(points: Vec<LawPoint>) -> LawCheck {
        LawCheck { solver: "sat".into(), mode: Group::PLANTED, points, shallow: vec![], unlocated: vec![] }
    }

    #[test]
    fn peaks_on_the_law_give_its_exponent_and_constant() {
        // Holes exactly 2·N^1.55 at N = 25, 36, 49: α = 1 − 2·N^1.55/N².
        let on_law: Vec<LawPoint> = [25usize, 36, 49]
            .iter()
            .map(|&n| LawPoint { n, alpha: Alpha::new(predicted_alpha(2.0, n)), half_step: 0.0 })
            .collect();
        let c = check(on_law);
        let (b, lo, hi) = c.exponent().expect("three sizes");
        // Alpha keeps a few decimals, so the law is met to that precision.
        assert!((b - HOLES_EXPONENT).abs() < 0.02, "exponent {b}");
        assert!((lo - b).abs() < 1e-12 && (hi - b).abs() < 1e-12, "no α step, no range");
        assert!((c.constant().unwrap() - 2.0).abs() < 0.02);
    }

    #[test]
    fn the_alpha_grid_widens_the_exponent_into_a_range() {
        // The results/peak `sat` peaks: 0.45 at 25×25 (344 holes), 0.5 at 36×36 (648 holes).
        let c = check(vec![point(25, 0.45), point(36, 0.5)]);
        let (b, lo, hi) = c.exponent().unwrap();
        assert!((b - (648.0f64 / 343.75).ln() / (36.0f64 / 25.0).ln()).abs() < 1e-9);
        assert!(lo < HOLES_EXPONENT && HOLES_EXPONENT < hi, "{lo}–{hi} holds 1.55");
        let text = verdict(&c).unwrap();
        assert!(text.contains("consistent with the Latin-square exponent 1.55"), "{text}");
        assert!(text.contains("two sizes give a slope"), "{text}");
        let text = prediction(&c).unwrap();
        assert!(text.contains("α ≈ 0.58 at N = 49"), "predicts the next box size: {text}");
    }

    #[test]
    fn the_law_is_not_extrapolated_below_the_smallest_located_peak() {
        let c = LawCheck { unlocated: vec![6, 9, 36], ..check(vec![point(25, 0.45)]) };
        let text = prediction(&c).unwrap();
        assert!(text.contains("at N = 36") && !text.contains("N = 6") && !text.contains("N = 9,"), "{text}");
        let mut out = String::new();
        section(&mut out, &[c], "mode");
        assert!(!out.contains("grow like"), "one size, no exponent: {out}");
    }

    #[test]
    fn a_fill_that_does_not_move_is_steeper_than_the_law() {
        // The same α at every N keeps holes ∝ N²: exponent 2, outside 1.55 even with the α step.
        let c = check(vec![point(16, 0.45), point(25, 0.45), point(36, 0.45)]);
        let (b, lo, _) = c.exponent().unwrap();
        assert!((b - 2.0).abs() < 1e-9 && lo > HOLES_EXPONENT);
        assert!(verdict(&c).unwrap().contains("steeper than"));
    }

    #[test]
    fn predictions_rise_with_n_and_stay_in_range() {
        let a = [16, 25, 36, 49, 64].map(|n| predicted_alpha(2.4, n));
        assert!(a.windows(2).all(|w| w[1] > w[0]), "{a:?}");
        assert_eq!(predicted_alpha(100.0, 9), 0.0);
        assert_eq!(next_square_side(36), 49);
        assert_eq!(next_square_side(30), 36);
    }

    #[test]
    fn no_located_peak_says_the_law_cannot_be_checked() {
        let mut out = String::new();
        section(&mut out, &[LawCheck { unlocated: vec![49], ..check(vec![]) }], "mode");
        assert!(out.contains("cannot be checked"), "{out}");
        let mut none = String::new();
        section(&mut none, &[], "mode");
        assert!(none.is_empty(), "no effort peak, no section");
        let one = check(vec![point(36, 0.5)]);
        assert!(verdict(&one).is_none(), "one size gives no exponent");
        assert!(prediction(&one).unwrap().contains("at N = 49"), "but still a prediction");
    }
}
