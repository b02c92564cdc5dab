//! Everything said about one pair of solvers in one scope: the speed ratio with its interval
//! ([`super::pair`]), Wilcoxon's signed-rank test on the paired log times ([`super::wilcoxon`];
//! an unfinished run sits at 2 × the limit, so it ranks as the slowest) and McNemar's exact test
//! on solved/unsolved ([`super::mcnemar`]); and the Holm adjustment over a report's family of
//! these ([`super::holm`]).

use super::bootstrap::Bootstrap;
use super::estimate::Estimate;
use super::holm::holm;
use super::mcnemar::mcnemar_exact;
use super::pair::{discordant, log_differences, speed_ratio, Paired};
use super::record::{Comparison, Test};
use super::wilcoxon::{signed_rank, SignedRank};

/// One pair of solvers compared on the instances both ran.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PairComparison {
    /// Speed ratio, a's time over b's, with its bootstrap interval and n.
    pub ratio: Estimate,
    /// Wilcoxon's signed-rank test on the log times; `None` when no instance differs.
    pub wilcoxon: Option<SignedRank>,
    /// Instances only a solved.
    pub only_a: u64,
    /// Instances only b solved.
    pub only_b: u64,
    /// McNemar's exact two-sided p on (only_a, only_b).
    pub mcnemar: f64,
}

impl PairComparison {
    /// Compares a and b on `pairs` (one per instance both ran) under `limit`; `None` for no
    /// instances. Panics if an instance lacks a run of either solver. The interval's stream is `boot`'s: give each comparison its own
    /// ([`Bootstrap::for_label`]).
    pub(crate) fn of(pairs: &[Paired], limit: f64, boot: &Bootstrap) -> Option<PairComparison> {
        let ratio = speed_ratio(pairs, limit, boot)?;
        let wilcoxon = signed_rank(&log_differences(pairs, limit));
        let (only_a, only_b) = discordant(pairs);
        Some(PairComparison { ratio, wilcoxon, only_a, only_b, mcnemar: mcnemar_exact(only_a, only_b) })
    }

    /// Its two `comparisons.csv` rows, Wilcoxon's then McNemar's, not yet adjusted.
    pub(crate) fn rows(&self, scope: &str, solver_a: &str, solver_b: &str) -> [Comparison; 2] {
        let row = |test, p| Comparison {
            scope: scope.to_owned(),
            solver_a: solver_a.to_owned(),
            solver_b: solver_b.to_owned(),
            n: self.ratio.n,
            ratio: self.ratio.value,
            ci_low: self.ratio.low,
            ci_high: self.ratio.high,
            test,
            p,
            p_adjusted: None,
        };
        [row(Test::Wilcoxon, self.wilcoxon.map(|w| w.p)), row(Test::Mcnemar, Some(self.mcnemar))]
    }
}

/// Fills `p_adjusted` of every row with a p by Holm's method over all of them: the rows are the
/// family. Rows without a p stay without.
pub(crate) fn adjust(rows: &mut [Comparison]) {
    let p: Vec<f64> = rows.iter().map(|r| r.p.unwrap_or(f64::NAN)).collect();
    for (row, adjusted) in rows.iter_mut().zip(holm(&p)) {
        row.p_adjusted = row.p.map(|_| adjusted);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::stats::run::Run;

    #[test]
    fn a_pair_gives_two_rows_and_the_family_is_adjusted() {
        let (yes, no) = (Run::finished(1.0), Run::unfinished(10.0));
        let mut pairs: Vec<Paired> = (0..5).map(|_| Paired::once(yes, no)).collect();
        pairs.push(Paired::once(Run::finished(2.0), Run::finished(1.0)));
        let compared = PairComparison::of(&pairs, 10.0, &Bootstrap { resamples: 500, ..Bootstrap::new(1) }).unwrap();
        assert_eq!((compared.only_a, compared.only_b), (5, 0));
        assert!((compared.mcnemar - 0.0625).abs() < 1e-12);
        let wilcoxon = compared.wilcoxon.unwrap();
        assert_eq!((wilcoxon.statistic, wilcoxon.n), (1.0, 6), "a faster on five, slower on one with the smallest |d|");
        let mut rows = compared.rows("all", "a", "b").to_vec();
        assert_eq!((rows[0].test, rows[1].test, rows[0].n), (Test::Wilcoxon, Test::Mcnemar, 6));
        assert!(rows[0].ratio < 1.0 && rows[0].ratio == rows[1].ratio);
        adjust(&mut rows);
        // Wilcoxon: ties (five |d| equal) force the normal approximation, z = (1 − 10.5 + 0.5)/4.5.
        let (p0, p1) = (rows[0].p.unwrap(), rows[1].p.unwrap());
        assert!((p0 - 0.045_50).abs() < 1e-4 && p0 < p1, "{p0}");
        assert_eq!((rows[0].p_adjusted, rows[1].p_adjusted), (Some(2.0 * p0), Some((2.0 * p0).max(p1))));
    }
}
