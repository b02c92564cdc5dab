//! Where a resample lies: its mean or its median, computed in a buffer the caller keeps, so the
//! bootstrap's inner loop allocates nothing.

/// The centre of a group of instance-level values a statistic takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Center {
    /// The median (Hyndman & Fan type 7: the mean of the two middle values for an even count).
    Median,
    /// The arithmetic mean.
    Mean,
}

impl Center {
    /// The centre of `values` (NaN when empty), using `scratch` for the median's selection.
    ///
    /// Complexity: O(n) expected time (selection, not a sort), no allocation once `scratch` has
    /// grown to n.
    pub(crate) fn of(self, values: &[f64], scratch: &mut Vec<f64>) -> f64 {
        match self {
            Center::Mean => values.iter().sum::<f64>() / values.len() as f64,
            Center::Median => {
                scratch.clear();
                scratch.extend_from_slice(values);
                median_in_place(scratch)
            }
        }
    }
}

/// The median of `values`, reordering them (NaN when empty).
pub(crate) fn median_in_place(values: &mut [f64]) -> f64 {
    let n = values.len();
    if n == 0 {
        return f64::NAN;
    }
    let (left, mid, _) = values.select_nth_unstable_by(n / 2, f64::total_cmp);
    let upper = *mid;
    if n % 2 == 1 {
        return upper;
    }
    let lower = left.iter().copied().max_by(f64::total_cmp).expect("n is even and ≥ 2, so the left part is not empty");
    (lower + upper) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn centres_of_small_samples() {
        let mut scratch = Vec::new();
        assert_eq!(Center::Median.of(&[3.0, 1.0, 2.0], &mut scratch), 2.0);
        assert_eq!(Center::Median.of(&[4.0, 1.0, 3.0, 2.0], &mut scratch), 2.5);
        assert_eq!(Center::Mean.of(&[4.0, 1.0, 3.0, 2.0], &mut scratch), 2.5);
        assert!(Center::Median.of(&[], &mut scratch).is_nan());
    }

    proptest! {
        #[test]
        fn selection_agrees_with_the_sorting_median(values in prop::collection::vec(-1e6..1e6_f64, 1..40)) {
            let mut scratch = Vec::new();
            let (selected, sorted) = (Center::Median.of(&values, &mut scratch), super::super::describe::median(&values).unwrap());
            prop_assert!((selected - sorted).abs() <= 1e-12 * sorted.abs().max(1.0), "{selected} vs {sorted}");
        }
    }
}
