//! Two solvers on the same instances: the paired sample every comparison starts from, and the
//! speed ratio of the pair.
//!
//! **Speed ratio** of a over b: the geometric mean over instances of t(a)/t(b), each instance's
//! time the geometric mean of its seeds' PAR-2 times ([`super::run`]), so an unfinished run counts
//! at 2 × the limit and no instance drops out. Above 1, a is slower. Interval: the percentile
//! bootstrap of the two-stage resampling with both solvers' runs of an instance drawn together
//! ([`super::clusters`]). The ratio of geometric means is the geometric mean of ratios, so the
//! ratio does not depend on which instances are easy, only on how the two solvers differ on each.

use super::bootstrap::Bootstrap;
use super::clusters::Clusters;
use super::estimate::Estimate;
use super::run::{instance_log_time, solved, Run};

/// One instance run by two solvers, a and b, each over its own solver seeds (k ≥ 1 runs each).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Paired {
    /// Solver a's runs of the instance.
    pub a: Vec<Run>,
    /// Solver b's runs of the instance.
    pub b: Vec<Run>,
}

impl Paired {
    /// An instance with one run of each solver.
    pub(crate) fn once(a: Run, b: Run) -> Paired {
        Paired { a: vec![a], b: vec![b] }
    }
}

/// Per instance, a's log time minus b's (instance log times as in [`super::run`]): the paired
/// differences the Wilcoxon test ranks. Positive: a slower.
pub(crate) fn log_differences(pairs: &[Paired], limit: f64) -> Vec<f64> {
    pairs.iter().map(|p| instance_log_time(&p.a, limit) - instance_log_time(&p.b, limit)).collect()
}

/// The discordant pairs of McNemar's test: (instances only a solved, instances only b solved),
/// an instance counting as solved by a solver when a strict majority of its runs finished.
pub(crate) fn discordant(pairs: &[Paired]) -> (u64, u64) {
    pairs.iter().fold((0, 0), |(only_a, only_b), p| match (solved(&p.a), solved(&p.b)) {
        (true, false) => (only_a + 1, only_b),
        (false, true) => (only_a, only_b + 1),
        _ => (only_a, only_b),
    })
}

/// The speed ratio of a over b and its bootstrap interval; `None` for no instances. Panics if
/// an instance lacks a run of either solver.
///
/// Complexity: O(B · U) time for U runs, O(B + U) space.
pub(crate) fn speed_ratio(pairs: &[Paired], limit: f64, boot: &Bootstrap) -> Option<Estimate> {
    if pairs.is_empty() {
        return None;
    }
    let mut data = Clusters::new(2);
    for pair in pairs {
        data.add_runs(&[&pair.a, &pair.b], |r| r.log_par2(limit));
    }
    let log_ratio = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x - y).sum::<f64>() / a.len() as f64;
    let observed = data.observed();
    let value = log_ratio(observed.channel(0), observed.channel(1));
    let replicates = data.replicate(boot, 1, |draw, out| out[0] = log_ratio(draw.channel(0), draw.channel(1)));
    let (low, high) = boot.interval(&replicates[0])?;
    Some(Estimate { value: value.exp(), low: low.exp(), high: high.exp(), n: pairs.len() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_is_the_geometric_mean_of_instance_ratios() {
        let boot = Bootstrap { resamples: 1000, ..Bootstrap::new(5) };
        let pairs = [
            Paired::once(Run::finished(2.0), Run::finished(1.0)),
            Paired::once(Run::finished(8.0), Run::finished(1.0)),
        ];
        let ratio = speed_ratio(&pairs, 10.0, &boot).unwrap();
        assert!((ratio.value - 4.0).abs() < 1e-12, "√(2 · 8)");
        assert!((ratio.low - 2.0).abs() < 1e-9 && (ratio.high - 8.0).abs() < 1e-9);
        // An unfinished run counts at 2 × the limit: 20 / 5.
        let stopped = [Paired::once(Run::unfinished(10.0), Run::finished(5.0))];
        assert!((speed_ratio(&stopped, 10.0, &boot).unwrap().value - 4.0).abs() < 1e-12);
        assert_eq!(speed_ratio(&[], 10.0, &boot), None);
    }

    #[test]
    fn discordant_pairs_and_differences() {
        let (yes, no) = (Run::finished(1.0), Run::unfinished(10.0));
        let pairs = [Paired::once(yes, no), Paired::once(yes, no), Paired::once(no, yes), Paired::once(no, no)];
        assert_eq!(discordant(&pairs), (2, 1));
        let d = log_differences(&pairs, 10.0);
        assert!((d[0] - (1.0_f64 / 20.0).ln()).abs() < 1e-12 && d[3] == 0.0);
    }
}
