//! Holm's step-down adjustment of a family of p-values (Holm 1979, *Scand. J. Statist.* 6:65):
//! sorted ascending, the i-th smallest (from 0) of m is multiplied by m − i, the products made
//! non-decreasing by a running maximum and capped at 1. It controls the family-wise error rate
//! under any dependence, and rejects everything Bonferroni rejects. R: `p.adjust(p, "holm")`.

/// The Holm-adjusted p-values of `p`, in the input order. NaN entries (no test) stay NaN and do
/// not count in the family.
///
/// Complexity: O(m log m) time, O(m) space.
pub(crate) fn holm(p: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..p.len()).filter(|&i| !p[i].is_nan()).collect();
    order.sort_by(|&i, &j| p[i].total_cmp(&p[j]).then(i.cmp(&j)));
    let m = order.len();
    let mut adjusted = vec![f64::NAN; p.len()];
    let mut running = 0.0_f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max((m - rank) as f64 * p[i]).min(1.0);
        adjusted[i] = running;
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_worked_example() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") → 0.03 0.06 0.06 0.02
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]);
        for (got, want) in adjusted.iter().zip([0.03, 0.06, 0.06, 0.02]) {
            assert!((got - want).abs() < 1e-12, "{adjusted:?}");
        }
        assert_eq!(holm(&[0.5, 0.9]), vec![1.0, 1.0]);
        let with_gap = holm(&[0.01, f64::NAN, 0.02]);
        assert!((with_gap[0] - 0.02).abs() < 1e-12 && with_gap[1].is_nan() && (with_gap[2] - 0.02).abs() < 1e-12);
        assert!(holm(&[]).is_empty());
    }

    proptest! {
        #[test]
        fn adjusted_values_are_monotone_bounded_and_at_least_the_raw(p in prop::collection::vec(0.0..=1.0_f64, 1..30)) {
            let adjusted = holm(&p);
            for i in 0..p.len() {
                prop_assert!(adjusted[i] >= p[i] && adjusted[i] <= 1.0);
                prop_assert!(adjusted[i] <= (p.len() as f64 * p[i]).min(1.0) + 1e-15, "never above Bonferroni");
                for j in 0..p.len() {
                    if p[i] < p[j] {
                        prop_assert!(adjusted[i] <= adjusted[j]);
                    }
                }
            }
        }
    }
}
