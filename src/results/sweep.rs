//! One solver's sweep over the fill fraction α: which effort statistic describes it, and where a
//! median peaks. The report's peak table and the phase figure both locate peaks here, so they agree.

use super::stats;
use super::{Alpha, Effort, Summary};

/// α values needed before an argmax in α is called a peak.
pub(crate) const MIN_PEAK_ALPHAS: usize = 3;

/// How the runs at one α are summed up into one effort value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Statistic {
    /// The median run.
    Median,
    /// The mean run (used when the median is the same at every α, so no peak could show).
    Mean,
}

impl Statistic {
    /// `median` or `mean`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Statistic::Median => "median",
            Statistic::Mean => "mean",
        }
    }
}

/// The effort of one solver along one α sweep: which statistic, summed up how, one value per α.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SweepEffort {
    /// The effort statistic counted.
    pub effort: Effort,
    /// Median, or mean where the medians are flat.
    pub statistic: Statistic,
    /// One value per summary of the sweep, in its order.
    pub values: Vec<f64>,
}

/// The effort statistic of one α sweep (the summaries of one solver, one per α), one value per
/// summary: the median, unless the medians are the same at every α (as when the median instance
/// needs no dead end at all, so no peak could show), then the mean. `None` when no summary reports
/// an effort statistic.
pub(crate) fn sweep_effort(sweep: &[&Summary]) -> Option<SweepEffort> {
    let effort = sweep.iter().find_map(|s| s.effort_values())?.0;
    let medians: Vec<f64> = sweep.iter().map(|s| stats::median(s.values(effort)).unwrap_or(0.0)).collect();
    let flat = medians.iter().all(|m| (m - medians[0]).abs() <= 1e-9);
    if flat && sweep.len() > 1 {
        let mean = |v: &[f64]| if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 };
        let values = sweep.iter().map(|s| mean(s.values(effort))).collect();
        Some(SweepEffort { effort, statistic: Statistic::Mean, values })
    } else {
        Some(SweepEffort { effort, statistic: Statistic::Median, values: medians })
    }
}

/// Where a median peaks over α.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PeakAt {
    /// The α values attaining the maximum (several when tied, e.g. all at the limit).
    pub alphas: Vec<Alpha>,
    /// The maximum.
    pub value: f64,
    /// `true` when the maximum is censored by the time limit (so the true peak is unknown).
    pub censored: bool,
    /// `true` when the peak is at the smallest or largest α swept (it may lie outside the sweep).
    pub edge: bool,
}

/// The α values where `values` is largest (ties within 0.1 %), whether that is at the edge of the
/// sweep `alphas`, and whether it is censored: `censored(α, value)` for any α of the maximum.
pub(crate) fn argmax(
    values: &[(Alpha, f64)],
    alphas: &[Alpha],
    censored: impl Fn(Alpha, f64) -> bool,
) -> Option<PeakAt> {
    let max = values.iter().map(|(_, v)| *v).max_by(f64::total_cmp)?;
    let at: Vec<Alpha> = values.iter().filter(|(_, v)| *v >= max - max.abs() * 1e-3).map(|(a, _)| *a).collect();
    let edge = at.first() == alphas.first() || at.last() == alphas.last();
    let censored = at.iter().any(|a| censored(*a, max));
    Some(PeakAt { alphas: at, value: max, censored, edge })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_median_sweep_falls_back_to_the_mean() {
        let summary = |dead_ends: &[f64]| Summary { backtracks: dead_ends.to_vec(), ..Summary::default() };
        let (a, b) = (summary(&[0.0, 0.0, 9.0]), summary(&[0.0, 0.0, 0.0]));
        let mean = sweep_effort(&[&a, &b]).unwrap();
        assert_eq!(mean.effort, Effort::DeadEnds);
        assert_eq!((mean.statistic, mean.values), (Statistic::Mean, vec![3.0, 0.0]));
        let c = summary(&[0.0, 5.0, 9.0]);
        let median = sweep_effort(&[&a, &c]).unwrap();
        assert_eq!((median.statistic, median.values), (Statistic::Median, vec![0.0, 5.0]));
    }

    #[test]
    fn conflicts_make_the_sweep_effort_of_a_sat_solver() {
        let summary = |c: &[f64]| Summary { conflicts: c.to_vec(), ..Summary::default() };
        let (a, b) = (summary(&[10.0, 20.0, 30.0]), summary(&[400.0, 500.0, 600.0]));
        let sweep = sweep_effort(&[&a, &b]).unwrap();
        assert_eq!((sweep.effort, sweep.statistic), (Effort::Conflicts, Statistic::Median));
        assert_eq!(sweep.values, vec![20.0, 500.0]);
    }

    #[test]
    fn argmax_reports_ties_edges_and_censoring() {
        let a = |x: f64| Alpha::new(x);
        let sweep = [a(0.2), a(0.4), a(0.6)];
        let peak = argmax(&[(a(0.2), 1.0), (a(0.4), 5.0), (a(0.6), 2.0)], &sweep, |_, _| false).unwrap();
        assert_eq!(peak.alphas, vec![a(0.4)]);
        assert!(!peak.edge && !peak.censored);
        let tied = argmax(&[(a(0.2), 10.0), (a(0.4), 10.0), (a(0.6), 2.0)], &sweep, |_, v| v >= 10.0).unwrap();
        assert_eq!(tied.alphas, vec![a(0.2), a(0.4)]);
        assert!(tied.edge && tied.censored);
        let by_alpha = argmax(&[(a(0.2), 1.0), (a(0.4), 5.0), (a(0.6), 2.0)], &sweep, |x, _| x == a(0.4)).unwrap();
        assert!(by_alpha.censored, "censoring can depend on the α of the peak");
    }
}
