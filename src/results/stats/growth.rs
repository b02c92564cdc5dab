//! How a solver's time grows with N: the polynomial law t = a·N^k against the exponential law
//! t = a·b^N, fitted on every instance (not on medians) and told apart only when the data can.
//!
//! - **Fits**: ordinary least squares of ln t on ln N (slope k) and of ln t on N (slope ln b),
//!   over all instance-level points; t is the instance's time ([`super::run`]: the geometric mean
//!   of its seeds' PAR-2 times, an unfinished run at 2 × the limit).
//! - **Choice**: Akaike's criterion of the two Gaussian least-squares fits on the same response
//!   (Burnham & Anderson 2002, *Model Selection and Multimodel Inference*, §2.6). Both have three
//!   parameters (intercept, slope, variance), so ΔAIC = AIC(exponential) − AIC(polynomial) =
//!   n·ln(RSS_exp / RSS_poly). A law is named when |ΔAIC| ≥ [`AIC_MARGIN`] (2, below which
//!   Burnham & Anderson call both models substantially supported) and the points span at least
//!   [`MIN_SIZES`] distinct sizes (two sizes fit both laws equally well); else undecided.
//! - **Intervals**: the percentile bootstrap, resampling instances within each size (and seeds
//!   within each instance), refitting both laws each time: k's interval, b's interval, and the
//!   share of resamples in which the polynomial law has the smaller residual sum.

use super::bootstrap::Bootstrap;
use super::clusters::{Clusters, Draw};
use super::describe::LinearFit;
use super::estimate::Estimate;
use super::run::Run;

/// The smallest |ΔAIC| that names a law.
pub(crate) const AIC_MARGIN: f64 = 2.0;

/// The fewest distinct sizes that can name a law.
pub(crate) const MIN_SIZES: usize = 3;

/// Which growth law the data support.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Law {
    /// t = a·N^k fits clearly better.
    Polynomial,
    /// t = a·b^N fits clearly better.
    Exponential,
    /// The data cannot tell the two apart (|ΔAIC| < 2, or fewer than three sizes).
    Undecided,
}

/// Both growth laws fitted to a solver's instances, the choice between them and their intervals.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Growth {
    /// The law named, or undecided.
    pub law: Law,
    /// AIC(exponential) − AIC(polynomial): positive favours the polynomial law.
    pub delta_aic: f64,
    /// k of t = a·N^k, with its bootstrap interval.
    pub exponent: Estimate,
    /// b of t = a·b^N, with its bootstrap interval.
    pub base: Estimate,
    /// The fit ln t = ln a + k·ln N (slope k).
    pub polynomial: LinearFit,
    /// The fit ln t = ln a + N·ln b (slope ln b).
    pub exponential: LinearFit,
    /// Distinct sizes N.
    pub sizes: usize,
    /// Share of resamples in which the polynomial law has the smaller residual sum of squares.
    pub polynomial_share: f64,
}

/// Fits both laws to `instances`, each a size N with the runs of one instance at that size;
/// `None` for fewer than two distinct sizes. Panics if an instance has no run.
///
/// Complexity: O(B · U) time for U runs, O(B + U) space.
pub(crate) fn growth<R: AsRef<[Run]>>(instances: &[(f64, R)], limit: f64, boot: &Bootstrap) -> Option<Growth> {
    let mut order: Vec<usize> = (0..instances.len()).collect();
    order.sort_by(|&i, &j| instances[i].0.total_cmp(&instances[j].0));
    let mut sizes: Vec<f64> = Vec::new();
    let mut data = Clusters::new(1);
    for i in order {
        let (size, runs) = &instances[i];
        if sizes.last() != Some(size) {
            data.begin_stratum();
            sizes.push(*size);
        }
        data.add_runs(std::slice::from_ref(runs), |r| r.log_par2(limit));
    }
    if sizes.len() < 2 {
        return None;
    }
    let logs: Vec<f64> = sizes.iter().map(|n| n.ln()).collect();
    let observed = data.observed();
    let (polynomial, exponential) = (Ols::of(&observed, &logs)?, Ols::of(&observed, &sizes)?);
    let n = instances.len();
    let delta_aic = delta_aic(n, polynomial.rss, exponential.rss);
    let law = if sizes.len() < MIN_SIZES || delta_aic.abs() < AIC_MARGIN {
        Law::Undecided
    } else if delta_aic > 0.0 {
        Law::Polynomial
    } else {
        Law::Exponential
    };
    let replicates = data.replicate(boot, 3, |draw, out| match (Ols::of(draw, &logs), Ols::of(draw, &sizes)) {
        (Some(poly), Some(exp)) => {
            out.copy_from_slice(&[poly.slope, exp.slope, f64::from(u8::from(poly.rss < exp.rss))])
        }
        _ => out.fill(f64::NAN),
    });
    let (k_low, k_high) = boot.interval(&replicates[0])?;
    let (lnb_low, lnb_high) = boot.interval(&replicates[1])?;
    let polynomial_share = replicates[2].iter().sum::<f64>() / replicates[2].len() as f64;
    Some(Growth {
        law,
        delta_aic,
        exponent: Estimate { value: polynomial.slope, low: k_low, high: k_high, n },
        base: Estimate { value: exponential.slope.exp(), low: lnb_low.exp(), high: lnb_high.exp(), n },
        polynomial: polynomial.line(),
        exponential: exponential.line(),
        sizes: sizes.len(),
        polynomial_share,
    })
}

/// n·ln(RSS_exp / RSS_poly); 0 when both fits are exact.
fn delta_aic(n: usize, polynomial_rss: f64, exponential_rss: f64) -> f64 {
    if polynomial_rss <= 0.0 && exponential_rss <= 0.0 {
        return 0.0;
    }
    n as f64 * (exponential_rss / polynomial_rss).ln()
}

/// A least-squares line with its residual and total sums of squares.
#[derive(Debug, Clone, Copy)]
struct Ols {
    slope: f64,
    intercept: f64,
    rss: f64,
    tss: f64,
}

impl Ols {
    /// Least squares of the draw's values on x, one x per stratum; `None` when x does not vary.
    /// Two passes (means, then deviations), no allocation.
    fn of(draw: &Draw, xs: &[f64]) -> Option<Ols> {
        let (mut n, mut sum_x, mut sum_y) = (0.0, 0.0, 0.0);
        for (s, x) in xs.iter().enumerate() {
            let ys = draw.stratum(0, s);
            n += ys.len() as f64;
            sum_x += x * ys.len() as f64;
            sum_y += ys.iter().sum::<f64>();
        }
        let (mean_x, mean_y) = (sum_x / n, sum_y / n);
        let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
        for (s, x) in xs.iter().enumerate() {
            let dx = x - mean_x;
            for y in draw.stratum(0, s) {
                let dy = y - mean_y;
                sxx += dx * dx;
                sxy += dx * dy;
                syy += dy * dy;
            }
        }
        if sxx <= 0.0 {
            return None;
        }
        let slope = sxy / sxx;
        Some(Ols { slope, intercept: mean_y - slope * mean_x, rss: (syy - slope * sxy).max(0.0), tss: syy })
    }

    /// The line with its R².
    fn line(&self) -> LinearFit {
        let r2 = if self.tss > 0.0 { 1.0 - self.rss / self.tss } else { 1.0 };
        LinearFit { slope: self.slope, intercept: self.intercept, r2 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::stats::fixtures::{normal, stream};

    /// `per_size` instances at each size, time `law(N)` times a log-normal factor of spread `sigma`.
    fn points(sizes: &[f64], per_size: usize, sigma: f64, seed: u64, law: impl Fn(f64) -> f64) -> Vec<(f64, [Run; 1])> {
        let mut rng = stream(seed);
        let mut out = Vec::new();
        for &n in sizes {
            for _ in 0..per_size {
                out.push((n, [Run::finished(law(n) * (sigma * normal(&mut rng)).exp())]));
            }
        }
        out
    }

    const LIMIT: f64 = 1e30;
    const SIZES: [f64; 5] = [4.0, 9.0, 16.0, 25.0, 36.0];

    #[test]
    fn cubic_data_name_the_polynomial_law() {
        let boot = Bootstrap { resamples: 2000, ..Bootstrap::new(1) };
        let growth = growth(&points(&SIZES, 10, 0.5, 1, |n| 1e-6 * n.powi(3)), LIMIT, &boot).unwrap();
        assert_eq!(growth.law, Law::Polynomial, "{growth:?}");
        assert!(
            growth.exponent.contains(3.0) && growth.exponent.high - growth.exponent.low < 0.5,
            "{:?}",
            growth.exponent
        );
        assert!(growth.delta_aic >= AIC_MARGIN && growth.polynomial_share > 0.95);
        assert_eq!((growth.sizes, growth.exponent.n), (5, 50));
    }

    #[test]
    fn doubling_data_name_the_exponential_law() {
        let boot = Bootstrap { resamples: 2000, ..Bootstrap::new(2) };
        let growth = growth(&points(&SIZES, 10, 0.5, 2, |n| 1e-6 * 2f64.powf(n)), LIMIT, &boot).unwrap();
        assert_eq!(growth.law, Law::Exponential, "{growth:?}");
        assert!(growth.base.contains(2.0), "{:?}", growth.base);
        assert!(growth.polynomial_share < 0.05);
    }

    #[test]
    fn two_sizes_never_decide_and_three_decide_only_with_enough_data() {
        let boot = Bootstrap { resamples: 500, ..Bootstrap::new(3) };
        let cubic = |n: f64| 1e-6 * n.powi(3);
        let two = growth(&points(&[9.0, 36.0], 50, 0.1, 3, cubic), LIMIT, &boot).unwrap();
        assert_eq!(two.law, Law::Undecided);
        assert!((two.delta_aic).abs() < 1e-6, "both laws go through the two means: {}", two.delta_aic);
        // Three sizes close together and noisy times: the laws' curvature is lost in the noise.
        let noisy = growth(&points(&[16.0, 20.0, 25.0], 6, 1.0, 4, cubic), LIMIT, &boot).unwrap();
        assert_eq!(noisy.law, Law::Undecided, "{noisy:?}");
        // Three sizes far apart with little noise: the criterion does decide (as it should).
        let clear = growth(&points(&[9.0, 25.0, 49.0], 10, 0.2, 5, cubic), LIMIT, &boot).unwrap();
        assert_eq!(clear.law, Law::Polynomial, "{clear:?}");
        assert!(growth(&points(&[9.0], 5, 0.1, 6, cubic), LIMIT, &boot).is_none());
    }

    #[test]
    fn unfinished_runs_count_at_the_penalty() {
        let boot = Bootstrap { resamples: 200, ..Bootstrap::new(7) };
        let instances = [(4.0, [Run::finished(1.0)]), (8.0, [Run::finished(8.0)]), (16.0, [Run::unfinished(10.0)])];
        let growth = growth(&instances, 10.0, &boot).unwrap();
        // Points (ln 4, 0), (ln 8, ln 8), (ln 16, ln 20): the last is at 2 × the limit.
        assert!(growth.polynomial.slope > 2.0 && growth.polynomial.slope < 3.5, "{:?}", growth.polynomial);
    }
}
