//! Where one solver's hardness peaks over the fill fraction α, and how sure that is.
//!
//! **Estimator**: α* = the level whose instance-level values (a time, PAR-2, conflicts — the
//! caller's choice) have the largest centre ([`Center`]: median or mean); on a tie, the lowest
//! such α. **Interval**: the bootstrap resamples instances within each α (the levels are a
//! designed grid, so each keeps its count), finds α* in each resample, and reports the share of
//! resamples at each level and the percentile interval of α*, taken as inverse-CDF quantiles
//! (Hyndman & Fan type 1) so both ends are levels of the grid. A peak whose interval spans most of
//! the grid is not located.

use super::bootstrap::Bootstrap;
use super::center::Center;
use super::clusters::{Clusters, Draw};
use super::estimate::Estimate;

/// One level α of a sweep with the instance-level values measured there.
pub(crate) type Level = (f64, Vec<f64>);

/// The hardness peak of one solver in α, with its bootstrap distribution.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Peak {
    /// α* on the data.
    pub alpha: f64,
    /// Lower end of α*'s percentile interval (a level of the grid).
    pub low: f64,
    /// Upper end of α*'s percentile interval (a level of the grid).
    pub high: f64,
    /// Every level α with the share of resamples whose α* it was, in increasing α.
    pub shares: Vec<(f64, f64)>,
    /// Share of resamples whose largest centre was shared by several levels (the lowest counted).
    pub tied: f64,
    /// Instances over all levels.
    pub n: usize,
}

impl Peak {
    /// α* as an [`Estimate`], for `estimates.csv`.
    pub(crate) fn estimate(&self) -> Estimate {
        Estimate { value: self.alpha, low: self.low, high: self.high, n: self.n }
    }
}

/// The peak of `levels` (α with its values; empty levels are left out) by `center`; `None` when
/// no level has a value.
///
/// Complexity: O(B · n) expected time for n values (selection for the medians), O(B + n) space.
pub(crate) fn peak(levels: &[Level], center: Center, boot: &Bootstrap) -> Option<Peak> {
    let (alphas, data) = strata(levels)?;
    let mut scratch = Vec::new();
    let (at, _) = argmax(&data.observed(), 0..alphas.len(), center, &mut scratch);
    let replicates = data.replicate(boot, 2, |draw, out| {
        let (at, tied) = argmax(draw, 0..alphas.len(), center, &mut scratch);
        out.copy_from_slice(&[at as f64, f64::from(u8::from(tied))]);
    });
    let b = replicates[0].len() as f64;
    let mut counts = vec![0_usize; alphas.len()];
    for &at in &replicates[0] {
        counts[at as usize] += 1;
    }
    let shares: Vec<(f64, f64)> = alphas.iter().zip(&counts).map(|(&a, &c)| (a, c as f64 / b)).collect();
    let tail = (1.0 - boot.level) / 2.0;
    Some(Peak {
        alpha: alphas[at],
        low: inverse_cdf(&shares, tail),
        high: inverse_cdf(&shares, 1.0 - tail),
        shares,
        tied: replicates[1].iter().sum::<f64>() / b,
        n: data.instances(),
    })
}

/// The levels in increasing α, and their values as one stratum per level; `None` if all empty.
fn strata(levels: &[Level]) -> Option<(Vec<f64>, Clusters)> {
    let mut data = Clusters::new(1);
    let alphas = add_levels(&mut data, levels);
    (!alphas.is_empty()).then_some((alphas, data))
}

/// Adds the non-empty `levels` to `data` in increasing α, one stratum each; returns their α.
pub(crate) fn add_levels(data: &mut Clusters, levels: &[Level]) -> Vec<f64> {
    let mut sorted: Vec<&Level> = levels.iter().filter(|(_, values)| !values.is_empty()).collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (_, values) in &sorted {
        data.begin_stratum();
        for value in values {
            data.add(&[std::slice::from_ref(value)]);
        }
    }
    sorted.iter().map(|(alpha, _)| *alpha).collect()
}

/// Among the draw's `strata` (one per level), the offset of the one with the largest centre (the
/// first on a tie) and whether it was tied.
pub(crate) fn argmax(
    draw: &Draw,
    strata: std::ops::Range<usize>,
    center: Center,
    scratch: &mut Vec<f64>,
) -> (usize, bool) {
    let (mut best, mut at, mut tied) = (f64::NEG_INFINITY, 0, false);
    for (offset, stratum) in strata.enumerate() {
        let c = center.of(draw.stratum(0, stratum), scratch);
        if c > best {
            (best, at, tied) = (c, offset, false);
        } else if c == best {
            tied = true;
        }
    }
    (at, tied)
}

/// The smallest α whose cumulative share reaches `q` (Hyndman & Fan type 1).
fn inverse_cdf(shares: &[(f64, f64)], q: f64) -> f64 {
    let mut cumulative = 0.0;
    for &(alpha, share) in shares {
        cumulative += share;
        if cumulative >= q - 1e-12 {
            return alpha;
        }
    }
    shares.last().expect("at least one level").0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::stats::fixtures::{normal, stream};

    /// Per α, `count` log times around a hump centred at `top` (height 3, width 0.1) with noise.
    fn hump(alphas: &[f64], top: f64, count: usize, sigma: f64, seed: u64) -> Vec<Level> {
        let mut rng = stream(seed);
        let height = |a: f64| 3.0 * (-((a - top) / 0.1).powi(2)).exp();
        alphas.iter().map(|&a| (a, (0..count).map(|_| height(a) + sigma * normal(&mut rng)).collect())).collect()
    }

    const GRID: [f64; 9] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

    #[test]
    fn a_clear_hump_is_located_to_one_level() {
        let boot = Bootstrap { resamples: 2000, ..Bootstrap::new(1) };
        let peak = peak(&hump(&GRID, 0.4, 20, 0.5, 1), Center::Median, &boot).unwrap();
        assert_eq!((peak.alpha, peak.low, peak.high, peak.n), (0.4, 0.4, 0.4, 180), "{peak:?}");
        let total: f64 = peak.shares.iter().map(|s| s.1).sum();
        assert!((total - 1.0).abs() < 1e-9 && peak.shares[3].1 > 0.97);
        assert_eq!(peak.estimate().value, 0.4);
    }

    #[test]
    fn a_flat_top_spreads_the_interval() {
        let boot = Bootstrap { resamples: 2000, ..Bootstrap::new(2) };
        // The hump's top lies between 0.4 and 0.5, with noise as large as the difference.
        let peak = peak(&hump(&GRID, 0.45, 5, 1.0, 2), Center::Mean, &boot).unwrap();
        assert!(peak.low <= 0.4 && peak.high >= 0.5, "{peak:?}");
        assert!(peak.shares.iter().filter(|s| s.1 > 0.05).count() >= 2);
    }

    #[test]
    fn ties_and_order() {
        let boot = Bootstrap { resamples: 100, ..Bootstrap::new(3) };
        // Given out of order; 0.2 and 0.3 are tied at the top (both censored, say): the lowest wins.
        let levels = vec![(0.3, vec![5.0, 5.0]), (0.1, vec![1.0, 1.0]), (0.2, vec![5.0, 5.0]), (0.4, vec![])];
        let peak = peak(&levels, Center::Median, &boot).unwrap();
        assert_eq!((peak.alpha, peak.tied, peak.n), (0.2, 1.0, 6));
        assert_eq!(peak.shares, vec![(0.1, 0.0), (0.2, 1.0), (0.3, 0.0)]);
        assert!(super::peak(&[(0.5, vec![])], Center::Median, &boot).is_none());
    }
}
