//! Growth at the hardness peak versus off it: per solver and mode, the median time at the peak α
//! of each N and the median time over the α values at least [`OFF_PEAK`] away from it, each series
//! fitted over N like the pooled growth fits ([`Growth::fit`]). Pooling over α mixes easy and hard
//! instances; split this way, the fits say whether the hard instances get harder faster.
//!
//! A size is left out of both series when its peak is at the edge of the sweep (the peak may lie
//! outside it) or when the solver's median time reaches the limit anywhere in the sweep (then the
//! peak, and the cost there, are unknown); it is listed rather than fitted.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::growth::{fit_cells, Growth, MIN_FIT_POINTS};
use super::peaks::Peak;
use super::{fmt_peak, fmt_secs, list_or_dash};
use crate::results::Group;
use crate::results::{solver_order, stats, Alpha, PeakAt, Results};

/// How far (in α) from every peak α an α value must be to count as off the peak.
pub(crate) const OFF_PEAK: f64 = 0.15;

/// The peak and off-peak medians of one solver at one N.
#[derive(Debug, Clone)]
pub(crate) struct PeakSize {
    pub n: usize,
    /// Where the peak is: the solver's effort peak, else its time peak.
    pub at: PeakAt,
    /// `true` when a median time in the solver's sweep is at the limit (the peak is unknown).
    pub censored: bool,
    /// Median censored seconds over the runs at the peak α.
    pub at_peak: Option<f64>,
    /// The α values at least [`OFF_PEAK`] away from every peak α.
    pub off_alphas: Vec<Alpha>,
    /// Median censored seconds over the runs at `off_alphas`.
    pub off_peak: Option<f64>,
}

/// At-peak and off-peak growth of one (solver, mode).
#[derive(Debug, Clone)]
pub(crate) struct PeakGrowth {
    pub solver: String,
    pub mode: Group,
    pub sizes: Vec<PeakSize>,
    /// Fit of the at-peak medians (censored: sizes with the limit somewhere in the sweep).
    pub at_peak: Growth,
    /// Fit of the off-peak medians.
    pub off_peak: Growth,
    /// Sizes left out because the peak is at the edge of the sweep.
    pub edge: Vec<usize>,
}

/// At-peak and off-peak growth of every (solver, mode) that has a peak at some N.
pub(crate) fn peak_growth(results: &Results, peaks: &[Peak]) -> Vec<PeakGrowth> {
    let cells = results.summarize(|r| Some((r.solver.clone(), Group::of(r), r.n, Alpha::new(r.alpha))));
    let pooled = |solver: &str, mode: &Group, n: usize, alphas: &[Alpha]| {
        let seconds: Vec<f64> = alphas
            .iter()
            .filter_map(|a| cells.get(&(solver.to_owned(), mode.to_owned(), n, *a)))
            .flat_map(|s| s.seconds.iter().copied())
            .collect();
        stats::median(&seconds)
    };
    let mut series: BTreeMap<((usize, String), Group), Vec<PeakSize>> = BTreeMap::new();
    for p in peaks {
        let solvers = p.times.iter().map(|(s, _)| s);
        for solver in solvers {
            let (at, censored) = match p.efforts.iter().find(|e| &e.solver == solver) {
                Some(e) => (e.at.clone(), e.at.censored || !e.censored_elsewhere.is_empty()),
                None => match p.times.iter().find(|(s, _)| s == solver) {
                    Some((_, at)) => (at.clone(), at.censored),
                    None => continue,
                },
            };
            let off_alphas: Vec<Alpha> = p
                .alphas
                .iter()
                .filter(|a| at.alphas.iter().all(|peak| (a.value() - peak.value()).abs() >= OFF_PEAK - 1e-9))
                .copied()
                .collect();
            let size = PeakSize {
                n: p.n,
                at_peak: pooled(solver, &p.mode, p.n, &at.alphas),
                off_peak: pooled(solver, &p.mode, p.n, &off_alphas),
                at,
                censored,
                off_alphas,
            };
            series.entry((solver_order(solver), p.mode.clone())).or_default().push(size);
        }
    }
    series.into_iter().map(|(((_, solver), mode), sizes)| fit(results, solver, mode, sizes)).collect()
}

/// Splits the sizes of one series into fitted, censored and edge sizes, and fits both series.
fn fit(results: &Results, solver: String, mode: Group, sizes: Vec<PeakSize>) -> PeakGrowth {
    let mut edge = Vec::new();
    let mut at = (Vec::new(), Vec::new());
    let mut off = (Vec::new(), Vec::new());
    for s in &sizes {
        if s.at.edge && !s.censored {
            edge.push(s.n);
            continue;
        }
        for ((points, censored), median) in [(&mut at, s.at_peak), (&mut off, s.off_peak)] {
            match median {
                Some(m) if s.censored || results.is_censored(m) => censored.push(s.n),
                Some(m) if m > 0.0 => points.push((s.n, m)),
                _ => {}
            }
        }
    }
    PeakGrowth {
        at_peak: Growth::fit(&solver, &mode, at.0, at.1),
        off_peak: Growth::fit(&solver, &mode, off.0, off.1),
        solver,
        mode,
        sizes,
        edge,
    }
}

/// A set of α values: listed when few, else as runs of consecutive swept values (`0–0.3, 0.65–0.95`).
fn fmt_alpha_set(alphas: &[Alpha], swept: &[Alpha]) -> String {
    if alphas.len() <= 4 {
        return list_or_dash(alphas.iter().map(Alpha::to_string));
    }
    let mut runs: Vec<(Alpha, Alpha)> = Vec::new();
    let mut previous: Option<usize> = None;
    for a in alphas {
        let index = swept.iter().position(|s| s == a);
        match (runs.last_mut(), previous, index) {
            (Some(run), Some(p), Some(i)) if i == p + 1 => run.1 = *a,
            _ => runs.push((*a, *a)),
        }
        previous = index;
    }
    let text = runs.iter().map(|(a, b)| if a == b { a.to_string() } else { format!("{a}–{b}") });
    list_or_dash(text)
}

/// The section: per-N medians at and off the peak, then the fits.
pub(crate) fn section(out: &mut String, results: &Results, peak_growth: &[PeakGrowth], peaks: &[Peak]) {
    out.push_str("## Growth at the hardness peak versus off it\n\n");
    let _ = writeln!(
        out,
        "Per solver and mode, at each N: the peak α (the largest median search effort, see *Hardness \
         peak in α* below; the time peak for a solver without an effort statistic), the median total time \
         over the runs at the peak, and the median total time over the runs at the α values at least {OFF_PEAK} away \
         from it (off the peak). Each series is fitted over N as above (t ∝ N^b and t ∝ c^N, at least \
         {MIN_FIT_POINTS} sizes). Sizes whose peak is at the edge of the sweep are left out (the peak may \
         lie outside it), and so are sizes where the solver's median time reaches the limit anywhere in the \
         sweep: the peak, and the cost there, are then unknown (only a lower bound), so they are listed as \
         censored rather than fitted.\n"
    );
    if peak_growth.is_empty() {
        out.push_str("No sweep has enough α values (at least 3 per N) to locate a peak.\n\n");
        return;
    }
    let mode = results.mode_heading();
    let _ = writeln!(out, "| solver | {mode} | N | peak α | median at peak | α off the peak | median off peak |");
    out.push_str("|---|---|---|---|---|---|---|\n");
    let swept: BTreeMap<(&Group, usize), &[Alpha]> =
        peaks.iter().map(|p| ((&p.mode, p.n), p.alphas.as_slice())).collect();
    for g in peak_growth {
        for s in &g.sizes {
            let mut peak = fmt_peak(&s.at);
            if s.censored && !s.at.censored {
                peak.push_str(" (limit elsewhere)");
            }
            let all = swept.get(&(&g.mode, s.n)).copied().unwrap_or(&[]);
            let _ = writeln!(
                out,
                "| {} | {} | {} | {peak} | {} | {} | {} |",
                g.solver,
                g.mode,
                s.n,
                fmt_secs(results, s.at_peak),
                fmt_alpha_set(&s.off_alphas, all),
                fmt_secs(results, s.off_peak),
            );
        }
    }
    let _ = writeln!(out, "\n| solver | {mode} | series | sizes fitted | censored sizes | edge sizes | exponent b (t ∝ N^b) | R² | base c (t ∝ c^N) | R² | better fit |");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for g in peak_growth {
        for (label, fit) in [("at the peak", &g.at_peak), ("off the peak", &g.off_peak)] {
            let _ = writeln!(
                out,
                "| {} | {} | {label} | {} | {} | {} |{}",
                g.solver,
                g.mode,
                list_or_dash(fit.points.iter().map(|p| p.0.to_string())),
                list_or_dash(fit.censored.iter().map(|n| n.to_string())),
                list_or_dash(g.edge.iter().map(|n| n.to_string())),
                fit_cells(fit),
            );
        }
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_peak_alpha_sets_print_as_runs_of_the_sweep() {
        let swept: Vec<Alpha> = (0..20).map(|i| Alpha::new(0.05 * i as f64)).collect();
        let off: Vec<Alpha> = swept.iter().copied().filter(|a| (a.value() - 0.5).abs() >= OFF_PEAK - 1e-9).collect();
        assert_eq!(fmt_alpha_set(&off, &swept), "0–0.35, 0.65–0.95");
        assert_eq!(fmt_alpha_set(&swept[..2], &swept), "0, 0.05");
    }
}
