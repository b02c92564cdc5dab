//! How much of a solver's time is seed luck: over instances each run with several solver seeds,
//! the share of the variance of the log time that lies between seeds of one instance rather than
//! between instances, and how far one instance's seeds spread.
//!
//! - **Seed share** of the variance: the one-way random-effects analysis of variance of ln PAR-2
//!   time with instances as groups and seeds as replicates (Searle, Casella & McCulloch 1992,
//!   *Variance Components*, ch. 3). σ²_seed = MSW, σ²_instance = max(0, (MSB − MSW) / k₀), with
//!   k₀ = (N − Σkᵢ² / N) / (I − 1) for I instances of kᵢ seeds (N runs); the share is
//!   σ²_seed / (σ²_seed + σ²_instance), one minus the intraclass correlation ICC(1). Interval: the
//!   exact one of ICC(1) under normal log times from the F distribution of MSB / MSW (Shrout &
//!   Fleiss 1979; Searle et al. §3.5d), exact for equal kᵢ and close otherwise. Unfinished runs sit
//!   at the PAR-2 penalty, one value, so where many runs are censored the share understates seeds.
//! - **Spread** of an instance: its slowest seed's PAR-2 time over its fastest's. The statistic is
//!   the median spread over instances, with the percentile bootstrap interval over instances.
//!
//! Only instances with at least two runs count; at least two such instances are needed.

use statrs::distribution::{ContinuousCDF, FisherSnedecor};

use super::bootstrap::Bootstrap;
use super::center::median_in_place;
use super::clusters::Clusters;
use super::estimate::Estimate;
use super::run::Run;
use super::solver::median_estimate;

/// The seed statistics of one solver over a set of instances.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SeedSplit {
    /// The share of the log time's variance between seeds of one instance (0–1), with its
    /// interval; n = instances.
    pub share: Estimate,
    /// The median over instances of slowest / fastest seed, with its interval; n = instances.
    pub spread: Estimate,
    /// Runs per instance, on average (k₀ of the analysis of variance).
    pub seeds: f64,
}

/// The seed split of `instances` (each its runs over seeds); `None` with fewer than two instances
/// of at least two runs, or when every run has the same time (nothing varies to split).
///
/// Complexity: O(U + B · I) time for U runs on I instances, O(U + B) space.
pub(crate) fn seed_split<R: AsRef<[Run]>>(
    instances: &[R],
    limit: f64,
    level: f64,
    boot: &Bootstrap,
) -> Option<SeedSplit> {
    let logs: Vec<Vec<f64>> = instances
        .iter()
        .map(|runs| runs.as_ref().iter().map(|r| r.log_par2(limit)).collect::<Vec<f64>>())
        .filter(|logs| logs.len() >= 2)
        .collect();
    let (share, seeds) = seed_share(&logs, level)?;
    let spreads: Vec<f64> = logs.iter().map(|l| spread(l)).collect();
    Some(SeedSplit { share, spread: median_estimate(&spreads, boot)?, seeds })
}

/// The seed share of the variance of `logs` (per instance, its seeds' log times) with its exact
/// interval at `level`, and k₀.
fn seed_share(logs: &[Vec<f64>], level: f64) -> Option<(Estimate, f64)> {
    let groups = logs.len();
    if groups < 2 {
        return None;
    }
    let runs: usize = logs.iter().map(Vec::len).sum();
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let grand = logs.iter().flatten().sum::<f64>() / runs as f64;
    let within: f64 = logs.iter().map(|l| l.iter().map(|y| (y - mean(l)).powi(2)).sum::<f64>()).sum();
    let between: f64 = logs.iter().map(|l| l.len() as f64 * (mean(l) - grand).powi(2)).sum();
    let (df_between, df_within) = ((groups - 1) as f64, (runs - groups) as f64);
    let (msb, msw) = (between / df_between, within / df_within);
    let k0 = (runs as f64 - logs.iter().map(|l| (l.len() * l.len()) as f64).sum::<f64>() / runs as f64) / df_between;
    let n = groups;
    if msw == 0.0 {
        // Every seed of every instance took the same time: seeds explain nothing.
        return (msb > 0.0).then_some((Estimate { value: 0.0, low: 0.0, high: 0.0, n }, k0));
    }
    let share_at = |f: f64| 1.0 - ((f - 1.0) / (f + k0 - 1.0)).clamp(0.0, 1.0);
    let f = msb / msw;
    let tail = (1.0 - level) / 2.0;
    let upper = |d1: f64, d2: f64| FisherSnedecor::new(d1, d2).ok().map(|d| d.inverse_cdf(1.0 - tail));
    let f_low = f / upper(df_between, df_within)?;
    let f_high = f * upper(df_within, df_between)?;
    // A larger F is a larger instance share, so the ends swap.
    Some((Estimate { value: share_at(f), low: share_at(f_high), high: share_at(f_low), n }, k0))
}

/// An instance's spread: exp(largest − smallest log time), its slowest seed over its fastest.
fn spread(logs: &[f64]) -> f64 {
    let (low, high) = logs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &y| (l.min(y), h.max(y)));
    (high - low).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(seconds: &[f64]) -> Vec<Run> {
        seconds.iter().map(|&s| Run::finished(s)).collect()
    }

    #[test]
    fn instances_that_differ_only_between_themselves_leave_seeds_nothing() {
        let boot = Bootstrap { resamples: 500, ..Bootstrap::new(1) };
        let same = [runs(&[1.0, 1.0, 1.0]), runs(&[4.0, 4.0, 4.0]), runs(&[9.0, 9.0, 9.0])];
        let split = seed_split(&same, 10.0, 0.95, &boot).unwrap();
        assert_eq!((split.share.value, split.share.low, split.share.high), (0.0, 0.0, 0.0));
        assert_eq!(split.spread.value, 1.0);
        assert_eq!(split.seeds, 3.0);
    }

    #[test]
    fn seeds_that_vary_as_much_as_instances_take_most_of_the_variance() {
        let boot = Bootstrap { resamples: 500, ..Bootstrap::new(1) };
        // Every instance's seeds span the same times: all the variance is between seeds.
        let times = [1.0, 2.0, 4.0, 8.0];
        let luck: Vec<Vec<Run>> =
            (0..8).map(|i| runs(&[times[i % 4], times[(i + 1) % 4], times[(i + 2) % 4], times[(i + 3) % 4]])).collect();
        let split = seed_split(&luck, 10.0, 0.95, &boot).unwrap();
        assert_eq!(split.share.value, 1.0, "no variance is left between instances");
        assert!(split.share.low > 0.5 && split.share.high == 1.0, "{:?}", split.share);
        assert!((split.spread.value - 8.0).abs() < 1e-9 && split.spread.n == 8);
    }

    #[test]
    fn the_share_matches_the_textbook_anova() {
        // Two instances of two seeds: logs (0, ln 2) and (3 ln 2, 4 ln 2); each instance's squares
        // about its mean sum to (ln 2)² / 2, and the means 0.5 ln 2 and 3.5 ln 2 lie 1.5 ln 2 from
        // the grand mean 2 ln 2.
        let (a, b) = (runs(&[1.0, 2.0]), runs(&[8.0, 16.0]));
        let logs: Vec<Vec<f64>> = [&a, &b].iter().map(|r| r.iter().map(|x| x.log_par2(10.0)).collect()).collect();
        let (share, k0) = seed_share(&logs, 0.95).unwrap();
        let l2 = 2.0_f64.ln();
        let msw = (l2 * l2 / 2.0 + l2 * l2 / 2.0) / 2.0;
        let msb = 2.0 * 2.0 * (1.5 * l2).powi(2);
        let instance = (msb - msw) / 2.0;
        assert_eq!(k0, 2.0);
        assert!((share.value - msw / (msw + instance)).abs() < 1e-12, "{share:?}");
        assert!(share.low <= share.value && share.value <= share.high);
        assert_eq!(share.n, 2);
    }

    #[test]
    fn one_run_per_instance_has_no_split() {
        let boot = Bootstrap::new(1);
        assert_eq!(seed_split(&[runs(&[1.0]), runs(&[2.0]), runs(&[3.0])], 10.0, 0.95, &boot), None);
        assert_eq!(seed_split(&[runs(&[1.0, 2.0])], 10.0, 0.95, &boot), None, "one instance");
        assert_eq!(seed_split(&[runs(&[1.0, 1.0]), runs(&[1.0, 1.0])], 10.0, 0.95, &boot), None);
    }
}
