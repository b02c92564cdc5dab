//! The bootstrap's settings and its interval: B resamples from a ChaCha8 stream seeded by an
//! explicit u64, and the percentile interval of the B replicates.
//!
//! The percentile interval (Efron & Tibshirani 1993, *An Introduction to the Bootstrap*, ch. 13)
//! takes the (1 − level)/2 and (1 + level)/2 quantiles of the replicates (Hyndman & Fan type 7,
//! R's and NumPy's default). It is transformation-respecting, so a ratio's interval is the
//! exponential of its log's. No bias correction (BCa) is made.
//!
//! Reproducibility: the same seed, data and B give the same bytes. Each statistic of a report
//! should draw its own stream, [`Bootstrap::for_label`] (the run's master seed mixed with a label
//! such as `all/sat/kissat`), so adding a comparison changes no other one.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::describe::quantile;

/// Resamples drawn unless told otherwise: enough that a 95 % interval's ends are stable to the
/// two or three significant digits a report prints (see the module tests).
pub(crate) const RESAMPLES: usize = 10_000;

/// The confidence level of every interval unless told otherwise.
pub(crate) const LEVEL: f64 = 0.95;

/// How to bootstrap: the seed of the stream, the number of resamples B and the interval's level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Bootstrap {
    /// Seed of the ChaCha8 stream.
    pub seed: u64,
    /// Resamples B.
    pub resamples: usize,
    /// Confidence level of the interval, e.g. 0.95.
    pub level: f64,
}

impl Bootstrap {
    /// [`RESAMPLES`] resamples at [`LEVEL`] from `seed`.
    pub(crate) fn new(seed: u64) -> Bootstrap {
        Bootstrap { seed, resamples: RESAMPLES, level: LEVEL }
    }

    /// The same settings on a stream of its own for the statistic named `label`: the seed mixed
    /// with the label's FNV-1a hash through SplitMix64, so it is the same on every platform.
    pub(crate) fn for_label(&self, label: &str) -> Bootstrap {
        let hash =
            label.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        Bootstrap { seed: splitmix64(self.seed ^ splitmix64(hash)), ..*self }
    }

    /// The random stream of this bootstrap.
    pub(crate) fn rng(&self) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(self.seed)
    }

    /// The percentile interval of `replicates` at this level; `None` when none is finite.
    pub(crate) fn interval(&self, replicates: &[f64]) -> Option<(f64, f64)> {
        let tail = (1.0 - self.level) / 2.0;
        Some((quantile(replicates, tail)?, quantile(replicates, 1.0 - tail)?))
    }
}

/// One step of SplitMix64 (Steele, Lea & Flood 2014): a bijective mix of 64 bits.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_give_distinct_fixed_streams() {
        let boot = Bootstrap::new(7);
        assert_eq!(boot.for_label("all/sat/kissat"), boot.for_label("all/sat/kissat"));
        assert_ne!(boot.for_label("all/sat/kissat").seed, boot.for_label("all/kissat/sat").seed);
        assert_ne!(boot.for_label("x").seed, Bootstrap::new(8).for_label("x").seed);
        // Pinned: a change here changes every committed interval.
        assert_eq!(Bootstrap::new(0).for_label("").seed, splitmix64(splitmix64(0xcbf2_9ce4_8422_2325)));
    }

    #[test]
    fn the_interval_is_the_middle_level_of_the_replicates() {
        let replicates: Vec<f64> = (0..=1000).map(f64::from).collect();
        let boot = Bootstrap::new(1);
        let (low, high) = boot.interval(&replicates).unwrap();
        assert!((low - 25.0).abs() < 1e-9 && (high - 975.0).abs() < 1e-9);
        assert_eq!(boot.interval(&[f64::NAN]), None);
    }
}
