//! The Wilson score interval of a proportion (Wilson 1927, *JASA* 22:209; recommended over the
//! Wald interval by Brown, Cai & DasGupta 2001, *Statistical Science* 16:101): the set of p whose
//! score test at the level does not reject the observed share. It stays inside [0, 1] and keeps
//! a width at 0/n and n/n, where a bootstrap or the Wald interval collapses to a point.

use statrs::distribution::{ContinuousCDF, Normal};

/// The two-sided standard normal quantile z of `level` (1.96 for 0.95).
pub(crate) fn z_of(level: f64) -> f64 {
    Normal::standard().inverse_cdf(0.5 + level / 2.0)
}

/// The Wilson score interval of `successes` out of `n` at `level`; `None` for n = 0.
///
/// `successes` may be fractional (an instance run with several seeds counts as the share of its
/// seeds that finished).
pub(crate) fn wilson(successes: f64, n: usize, level: f64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let (p, z) = (successes / n, z_of(level));
    let z2n = z * z / n;
    let center = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z / (1.0 + z2n) * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt();
    Some(((center - half).max(0.0), (center + half).min(1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rounded((low, high): (f64, f64)) -> (f64, f64) {
        ((low * 1000.0).round() / 1000.0, (high * 1000.0).round() / 1000.0)
    }

    #[test]
    fn textbook_values() {
        // Brown, Cai & DasGupta's formula by hand; R: prop.test(9, 10, correct = FALSE)$conf.int.
        assert_eq!(rounded(wilson(9.0, 10, 0.95).unwrap()), (0.596, 0.982));
        assert_eq!(rounded(wilson(4.0, 10, 0.95).unwrap()), (0.168, 0.687));
        // Newcombe (1998, Statistics in Medicine 17:857), Table I: 0/10 → 0 to 0.2775.
        assert_eq!(rounded(wilson(0.0, 10, 0.95).unwrap()), (0.0, 0.278));
        assert_eq!(rounded(wilson(10.0, 10, 0.95).unwrap()), (0.722, 1.0));
        assert!((z_of(0.95) - 1.959_964).abs() < 1e-6);
        assert_eq!(wilson(0.0, 0, 0.95), None);
    }
}
