//! One solver in one scope: its median time, its PAR-2 score and its solved share, each with a
//! 95 % interval and n, the number of instances.
//!
//! - **Median time**: the median (type 7) over instances of the instance's time, the geometric
//!   mean of its seeds' PAR-2 times ([`super::run`]). An unfinished run sits at 2 × the limit,
//!   above every finished time, so the median is the true median time while fewer than half the
//!   instances are unfinished, and 2 × the limit (read: "not finished") when at least half are.
//!   Interval: the two-stage percentile bootstrap ([`super::clusters`]).
//! - **PAR-2**: the mean over instances of the instance's mean PAR-2 time over its seeds (the SAT
//!   competition's score). Interval: the same bootstrap.
//! - **Solved share**: the mean over instances of the share of its seeds that finished (with one
//!   seed: solved instances / n). Interval: Wilson's score interval with n = instances, the
//!   fractional count standing in for the solved count — a bootstrap would collapse to a point at
//!   9/9.

use super::bootstrap::Bootstrap;
use super::center::median_in_place;
use super::clusters::Clusters;
use super::estimate::Estimate;
use super::run::{finished_share, instance_time, Run};
use super::wilson::wilson;

/// The median instance time of a solver over `instances` (each its runs over seeds), with its
/// bootstrap interval; `None` for no instances. Panics if an instance has no run.
///
/// Complexity: O(B · (U + n)) time for U runs on n instances, O(B + U) space.
pub(crate) fn median_time<R: AsRef<[Run]>>(instances: &[R], limit: f64, boot: &Bootstrap) -> Option<Estimate> {
    let data = clusters(instances, |r| r.log_par2(limit))?;
    let mut times: Vec<f64> = instances.iter().map(|runs| instance_time(runs.as_ref(), limit)).collect();
    let value = median_in_place(&mut times);
    // exp is increasing: select the middle log times, then exponentiate only those.
    let replicates = data.replicate(boot, 1, |draw, out| {
        times.clear();
        times.extend_from_slice(draw.channel(0));
        out[0] = median_of_exp(&mut times);
    });
    estimate(value, &replicates[0], instances.len(), boot)
}

/// The PAR-2 score of a solver over `instances` (each its runs over seeds), with its bootstrap
/// interval; `None` for no instances. Panics if an instance has no run.
///
/// Complexity: O(B · U) time for U runs, O(B + U) space.
pub(crate) fn par2<R: AsRef<[Run]>>(instances: &[R], limit: f64, boot: &Bootstrap) -> Option<Estimate> {
    let data = clusters(instances, |r| r.par2(limit))?;
    let mean = |values: &[f64]| values.iter().sum::<f64>() / values.len() as f64;
    let value = mean(data.observed().channel(0));
    let replicates = data.replicate(boot, 1, |draw, out| out[0] = mean(draw.channel(0)));
    estimate(value, &replicates[0], instances.len(), boot)
}

/// The share of `instances` a solver solved, with its Wilson score interval at `level`; `None`
/// for no instances. Every instance needs a run (one without counts as NaN).
///
/// Complexity: O(U) time for U runs, O(1) space.
pub(crate) fn solved_share<R: AsRef<[Run]>>(instances: &[R], level: f64) -> Option<Estimate> {
    let n = instances.len();
    let solved: f64 = instances.iter().map(|runs| finished_share(runs.as_ref())).sum();
    let (low, high) = wilson(solved, n, level)?;
    Some(Estimate { value: solved / n as f64, low, high, n })
}

/// The median of `values`, one per instance, with its percentile bootstrap interval over the
/// instances; `None` for no values.
///
/// Complexity: O(B · n) time, O(B + n) space.
pub(crate) fn median_estimate(values: &[f64], boot: &Bootstrap) -> Option<Estimate> {
    if values.is_empty() {
        return None;
    }
    let mut data = Clusters::new(1);
    for v in values {
        data.add(&[&[*v]]);
    }
    let mut scratch = values.to_vec();
    let value = median_in_place(&mut scratch);
    let replicates = data.replicate(boot, 1, |draw, out| {
        scratch.clear();
        scratch.extend_from_slice(draw.channel(0));
        out[0] = median_in_place(&mut scratch);
    });
    let (low, high) = boot.interval(&replicates[0])?;
    Some(Estimate { value, low, high, n: values.len() })
}

/// The median (type 7) of exp(v) over `logs`, reordering them; the mean of the two middle times
/// for an even count.
fn median_of_exp(logs: &mut [f64]) -> f64 {
    let n = logs.len();
    let (left, mid, _) = logs.select_nth_unstable_by(n / 2, f64::total_cmp);
    let upper = mid.exp();
    if n % 2 == 1 {
        return upper;
    }
    let lower = left.iter().copied().max_by(f64::total_cmp).expect("n is even and ≥ 2");
    (lower.exp() + upper) / 2.0
}

/// One channel of instances, each run's unit from `unit`; `None` for no instances.
fn clusters<R: AsRef<[Run]>>(instances: &[R], unit: impl Fn(&Run) -> f64) -> Option<Clusters> {
    if instances.is_empty() {
        return None;
    }
    let mut data = Clusters::new(1);
    for runs in instances {
        data.add_runs(std::slice::from_ref(runs), &unit);
    }
    Some(data)
}

/// `value` with the percentile interval of `replicates`.
fn estimate(value: f64, replicates: &[f64], n: usize, boot: &Bootstrap) -> Option<Estimate> {
    let (low, high) = boot.interval(replicates)?;
    Some(Estimate { value, low, high, n })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_seed(times: &[f64], limit: f64) -> Vec<Vec<Run>> {
        times.iter().map(|&t| vec![if t <= limit { Run::finished(t) } else { Run::unfinished(limit) }]).collect()
    }

    #[test]
    fn median_and_par2_count_unfinished_runs_at_the_penalty() {
        let boot = Bootstrap { resamples: 2000, ..Bootstrap::new(1) };
        // 1, 2, 3 finished; two runs over the limit of 10 count as 20 each.
        let runs = one_seed(&[1.0, 2.0, 3.0, 99.0, 99.0], 10.0);
        let median = median_time(&runs, 10.0, &boot).unwrap();
        assert!((median.value - 3.0).abs() < 1e-12 && median.n == 5);
        assert!(median.low >= 1.0 && median.high <= 20.0 && median.contains(3.0));
        let score = par2(&runs, 10.0, &boot).unwrap();
        assert!((score.value - 46.0 / 5.0).abs() < 1e-12);
        assert!(score.low < score.value && score.value < score.high);
        // Three of five unfinished: the median is the penalty, "not finished".
        let worse = one_seed(&[1.0, 2.0, 99.0, 99.0, 99.0], 10.0);
        assert_eq!(median_time(&worse, 10.0, &boot).unwrap().value, 20.0);
        assert_eq!(median_time::<Vec<Run>>(&[], 10.0, &boot), None);
    }

    #[test]
    fn the_median_of_exponentials_selects_on_the_logs() {
        let mut logs: Vec<f64> = [4.0_f64, 1.0, 3.0, 2.0].iter().map(|t| t.ln()).collect();
        assert!((median_of_exp(&mut logs) - 2.5).abs() < 1e-12);
        let mut odd: Vec<f64> = [5.0_f64, 1.0, 3.0].iter().map(|t| t.ln()).collect();
        assert!((median_of_exp(&mut odd) - 3.0).abs() < 1e-12);
    }

    #[test]
    fn the_solved_share_counts_instances_and_their_seeds() {
        let runs = one_seed(&[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 99.0], 10.0);
        let share = solved_share(&runs, 0.95).unwrap();
        assert_eq!((share.value, share.n), (0.9, 10));
        assert!((share.low - 0.596).abs() < 5e-4 && (share.high - 0.982).abs() < 5e-4);
        let seeds = vec![vec![Run::finished(1.0), Run::unfinished(10.0)], vec![Run::finished(1.0); 2]];
        assert_eq!(solved_share(&seeds, 0.95).unwrap().value, 0.75);
    }
}
