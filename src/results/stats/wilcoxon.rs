//! Wilcoxon's signed-rank test of paired differences (Wilcoxon 1945, *Biometrics Bulletin* 1:80;
//! Hollander, Wolfe & Chicken 2014, *Nonparametric Statistical Methods*, §3.1), two-sided, done as
//! R's `wilcox.test(d, exact = NULL, correct = TRUE)` does it, so R is its oracle:
//!
//! - **Zeros** are dropped (Wilcoxon's rule, R's and SciPy's default): a pair with no difference
//!   (for log times: both unfinished, or equal times) says nothing about the direction.
//! - **Ties** among |d| get mid-ranks.
//! - The statistic V is the sum of the ranks of the positive differences.
//! - **Exact** null distribution (all 2^n sign patterns, counted by dynamic programming) when
//!   n < 50 remain and there are neither ties nor zeros; p = min(1, 2·P(V ≤ v)) or 2·P(V ≥ v),
//!   whichever tail v is in.
//! - Otherwise the **normal approximation** with the tie-corrected variance
//!   n(n+1)(2n+1)/24 − Σ(t³ − t)/48 (t: the size of each group of tied |d|) and a continuity
//!   correction of ½ towards the mean.

use statrs::distribution::{ContinuousCDF, Normal};

/// Below this many non-zero differences (and without ties or zeros) the p-value is exact.
pub(crate) const EXACT_BELOW: usize = 50;

/// How the p-value was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Method {
    /// From the exact null distribution of V.
    Exact,
    /// From the normal approximation with tie correction and continuity correction.
    Normal,
}

/// The outcome of a signed-rank test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SignedRank {
    /// V: the sum of the ranks of the positive differences.
    pub statistic: f64,
    /// Non-zero differences ranked.
    pub n: usize,
    /// Zero differences dropped.
    pub zeros: usize,
    /// Two-sided p-value.
    pub p: f64,
    /// Exact or normal approximation.
    pub method: Method,
}

/// Wilcoxon's signed-rank test of `differences` against a median of 0; `None` when no difference
/// is non-zero (nothing to rank) or one is NaN.
///
/// Complexity: O(n log n) for the ranks; the exact distribution takes O(n³) time and O(n²) space
/// (n < 50).
pub(crate) fn signed_rank(differences: &[f64]) -> Option<SignedRank> {
    if differences.iter().any(|d| d.is_nan()) {
        return None;
    }
    let mut nonzero: Vec<f64> = differences.iter().copied().filter(|&d| d != 0.0).collect();
    let (n, zeros) = (nonzero.len(), differences.len() - nonzero.len());
    if n == 0 {
        return None;
    }
    nonzero.sort_by(|a, b| a.abs().total_cmp(&b.abs()));
    let (mut statistic, mut ties, mut tied) = (0.0, 0.0, false);
    let mut start = 0;
    while start < n {
        let end = start + nonzero[start..].iter().take_while(|d| d.abs() == nonzero[start].abs()).count();
        let (t, mid_rank) = ((end - start) as f64, (start + 1 + end) as f64 / 2.0);
        statistic += mid_rank * nonzero[start..end].iter().filter(|&&d| d > 0.0).count() as f64;
        ties += t * t * t - t;
        tied |= end - start > 1;
        start = end;
    }
    let nf = n as f64;
    let mean = nf * (nf + 1.0) / 4.0;
    let (p, method) = if n < EXACT_BELOW && !tied && zeros == 0 {
        let v = statistic.round() as usize;
        let tail = if statistic > mean { upper_tail(n, v) } else { lower_tail(n, v) };
        ((2.0 * tail).min(1.0), Method::Exact)
    } else {
        let sd = (nf * (nf + 1.0) * (2.0 * nf + 1.0) / 24.0 - ties / 48.0).sqrt();
        let shift = statistic - mean;
        let z = (shift - 0.5 * shift.signum()) / sd;
        let normal = Normal::standard();
        ((2.0 * normal.cdf(z).min(normal.sf(z))).min(1.0), Method::Normal)
    };
    Some(SignedRank { statistic, n, zeros, p, method })
}

/// The number of sign patterns of ranks 1..=n per value of V (index = V), by dynamic programming.
fn counts(n: usize) -> Vec<f64> {
    let max = n * (n + 1) / 2;
    let mut ways = vec![0.0; max + 1];
    ways[0] = 1.0;
    for rank in 1..=n {
        for v in (rank..=rank * (rank + 1) / 2).rev() {
            ways[v] += ways[v - rank];
        }
    }
    ways
}

/// P(V ≤ v) under the null for n ranks.
fn lower_tail(n: usize, v: usize) -> f64 {
    let ways = counts(n);
    ways[..=v.min(ways.len() - 1)].iter().sum::<f64>() / 2f64.powi(n as i32)
}

/// P(V ≥ v) under the null for n ranks.
fn upper_tail(n: usize, v: usize) -> f64 {
    // V and n(n+1)/2 − V have the same null distribution.
    lower_tail(n, n * (n + 1) / 2 - v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hollander & Wolfe's depression ratings (R's `?wilcox.test` example): x − y of nine patients.
    #[allow(clippy::approx_constant, reason = "a rating of 3.14, not π")]
    fn depression() -> Vec<f64> {
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
        x.iter().zip(y).map(|(x, y)| x - y).collect()
    }

    #[test]
    fn exact_p_of_a_textbook_example() {
        // R: wilcox.test(x, y, paired = TRUE) → V = 40, p-value = 0.03906 (= 2 · 10/512).
        let test = signed_rank(&depression()).unwrap();
        assert_eq!((test.statistic, test.n, test.method), (40.0, 9, Method::Exact));
        assert!((test.p - 20.0 / 512.0).abs() < 1e-12);
        let flipped = signed_rank(&depression().iter().map(|d| -d).collect::<Vec<_>>()).unwrap();
        assert_eq!(flipped.statistic, 5.0);
        assert!((flipped.p - test.p).abs() < 1e-12, "two-sided: symmetric");
    }

    #[test]
    fn the_exact_distribution_counts_every_sign_pattern() {
        for n in 1..=12 {
            let ways = counts(n);
            assert_eq!(ways.iter().sum::<f64>(), 2f64.powi(n as i32));
            assert!(ways.iter().zip(ways.iter().rev()).all(|(a, b)| a == b), "symmetric");
        }
        // n = 9: the sign patterns with V ≤ 5 are 1 + 1 + 1 + 2 + 2 + 3 = 10.
        assert_eq!(lower_tail(9, 5) * 512.0, 10.0);
    }

    #[test]
    fn normal_approximation_matches_r() {
        // R: wilcox.test(x - y, exact = FALSE) → V = 40, p-value = 0.04401 (continuity corrected;
        // SciPy's method="approx", correction=True agrees: 0.044 011):
        // z = (40 − 22.5 − 0.5) / √71.25 = 2.01398.
        let mut d = depression();
        d.push(0.0); // a zero forces the approximation and is dropped
        let test = signed_rank(&d).unwrap();
        assert_eq!((test.statistic, test.n, test.zeros, test.method), (40.0, 9, 1, Method::Normal));
        assert!((test.p - 0.044_01).abs() < 5e-6, "{}", test.p);
    }

    #[test]
    fn ties_get_mid_ranks_and_a_smaller_variance() {
        // |d| = 1, 1, 2, 3, 3, 3 → ranks 1.5, 1.5, 3, 5, 5, 5; positive: 1.5 + 3 + 5 + 5 = 14.5.
        // Σ(t³ − t) = 6 + 24 = 30; σ² = 6·7·13/24 − 30/48 = 22.75 − 0.625 = 22.125.
        // z = (14.5 − 10.5 − 0.5) / √22.125 = 0.744 09; p = 2·(1 − Φ(z)) = 0.456 82.
        // SciPy: wilcoxon([1, -1, 2, 3, 3, -3], method="approx", correction=True) → p = 0.456 821.
        let test = signed_rank(&[1.0, -1.0, 2.0, 3.0, 3.0, -3.0]).unwrap();
        assert_eq!((test.statistic, test.method), (14.5, Method::Normal));
        assert!((test.p - 0.456_82).abs() < 5e-5, "{}", test.p);
    }

    #[test]
    fn nothing_to_rank() {
        assert_eq!(signed_rank(&[0.0, 0.0]), None);
        assert_eq!(signed_rank(&[]), None);
        assert_eq!(signed_rank(&[1.0, f64::NAN]), None);
        let one = signed_rank(&[0.5]).unwrap();
        assert_eq!((one.statistic, one.p), (1.0, 1.0));
    }
}
