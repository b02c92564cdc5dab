//! The peak-holes law: the number of holes at the hardness peak grows like N^e. Quasigroup
//! completion has e = 1.55 (Achlioptas, Gomes, Kautz & Selman 2000, AAAI); is the data's e
//! different?
//!
//! **Estimator**: per size N, the peak α* ([`super::peak`]: largest median or mean over α) gives
//! holes h = (1 − α*)·cells (cells = N² for a grid of side N); e is the least-squares slope of ln h
//! on ln N over the sizes, ê = Σ wᵢ·ln hᵢ with wᵢ = (ln Nᵢ − mean) / Σ(ln Nⱼ − mean)².
//! **Interval**: one bootstrap over all sizes at once — each resample redraws the instances
//! within every (N, α), locates every size's peak again and refits e — gives the percentile
//! interval of the sampling noise. The α grid adds its own: a peak found at a level lies within
//! half a step of it (half the gap to the nearest other level). Since ê is linear in the ln hᵢ,
//! moving every peak to the end of its step that raises (lowers) ê bounds ê exactly; the interval
//! reported is the percentile interval widened by those two distances. **Test**: e differs from
//! the published value at the interval's level when the widened interval leaves it out.

use super::bootstrap::Bootstrap;
use super::center::Center;
use super::clusters::{Clusters, Draw};
use super::estimate::Estimate;
use super::peak::{add_levels, argmax, Level};

/// One size's α sweep of one solver.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Sweep {
    /// The size N (the law's variable).
    pub size: f64,
    /// Cells of a grid of that size (N² for side N): holes = (1 − α)·cells.
    pub cells: f64,
    /// The levels α with the instance-level values there.
    pub levels: Vec<Level>,
}

/// The fitted peak-holes exponent against a published one.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HolesLaw {
    /// ê with the sampling interval widened by the grid's resolution; n counts every instance of
    /// every sweep.
    pub exponent: Estimate,
    /// The bootstrap percentile interval alone.
    pub sampling: (f64, f64),
    /// The range of ê with every peak moved across its α step.
    pub resolution: (f64, f64),
    /// The published exponent it is held against.
    pub published: f64,
    /// `true` when the widened interval leaves the published exponent out.
    pub differs: bool,
    /// Per size (increasing): N and its α* on the data.
    pub peaks: Vec<(f64, f64)>,
}

/// Fits the holes at the peak of each of `sweeps` against `published`; `None` with fewer than two
/// sizes with a value, or a peak at α ≥ 1 (no holes).
///
/// Complexity: O(B · n) expected time for n values in all, O(B + n) space.
pub(crate) fn holes_law(sweeps: &[Sweep], center: Center, published: f64, boot: &Bootstrap) -> Option<HolesLaw> {
    let mut ordered: Vec<&Sweep> = sweeps.iter().collect();
    ordered.sort_by(|a, b| a.size.total_cmp(&b.size));
    let mut data = Clusters::new(1);
    // Per size with a value: N, its cells and its levels' α (its strata follow one another).
    let mut sizes: Vec<(f64, f64, Vec<f64>)> = Vec::new();
    for sweep in ordered {
        let alphas = add_levels(&mut data, &sweep.levels);
        if !alphas.is_empty() {
            sizes.push((sweep.size, sweep.cells, alphas));
        }
    }
    let weights = slope_weights(sizes.iter().map(|s| s.0.ln()))?;
    let mut scratch = Vec::new();
    // The peak level of each size in `draw`, into `at`; then ê.
    let mut exponent = |draw: &Draw, at: &mut [usize]| {
        let mut first = 0;
        for ((_, _, alphas), at) in sizes.iter().zip(at.iter_mut()) {
            *at = argmax(draw, first..first + alphas.len(), center, &mut scratch).0;
            first += alphas.len();
        }
        sizes
            .iter()
            .zip(at.iter())
            .zip(&weights)
            .map(|(((_, cells, alphas), &i), w)| w * holes(alphas[i], *cells))
            .sum::<f64>()
    };
    let mut at = vec![0; sizes.len()];
    let value = exponent(&data.observed(), &mut at);
    let observed = at.clone();
    let replicates = data.replicate(boot, 1, |draw, out| out[0] = exponent(draw, &mut at));
    if !value.is_finite() {
        return None;
    }
    let sampling = boot.interval(&replicates[0])?;
    // ê with every peak moved by ± its half step, in the direction that raises (`up`) or lowers it.
    let moved = |up: bool| -> f64 {
        sizes
            .iter()
            .zip(&observed)
            .zip(&weights)
            .map(|(((_, cells, alphas), &i), &w)| {
                let fewer_holes = (w > 0.0) != up;
                let alpha =
                    if fewer_holes { alphas[i] + half_step(alphas, i) } else { alphas[i] - half_step(alphas, i) };
                w * holes(alpha, *cells)
            })
            .sum()
    };
    let resolution = (moved(false), moved(true));
    let (low, high) = (sampling.0 - (value - resolution.0), sampling.1 + (resolution.1 - value));
    let estimate = Estimate { value, low, high, n: data.instances() };
    let peaks = sizes.iter().zip(&observed).map(|((n, _, alphas), &i)| (*n, alphas[i])).collect();
    Some(HolesLaw {
        exponent: estimate,
        sampling,
        resolution,
        published,
        differs: !estimate.contains(published),
        peaks,
    })
}

/// ln of the holes at `alpha` in a grid of `cells` (−∞ at α ≥ 1).
fn holes(alpha: f64, cells: f64) -> f64 {
    ((1.0 - alpha) * cells).max(0.0).ln()
}

/// Half the gap from level `i` to its nearest neighbour among `alphas` (0 for a single level).
fn half_step(alphas: &[f64], i: usize) -> f64 {
    let below = i.checked_sub(1).map(|j| alphas[i] - alphas[j]);
    let above = alphas.get(i + 1).map(|a| a - alphas[i]);
    match (below, above) {
        (Some(b), Some(a)) => b.min(a) / 2.0,
        (Some(gap), None) | (None, Some(gap)) => gap / 2.0,
        (None, None) => 0.0,
    }
}

/// The weights wᵢ = (xᵢ − mean) / Σ(xⱼ − mean)² that make a least-squares slope Σ wᵢ·yᵢ; `None`
/// when x does not vary (fewer than two distinct sizes).
fn slope_weights(xs: impl Iterator<Item = f64> + Clone) -> Option<Vec<f64>> {
    let (n, sum) = xs.clone().fold((0.0, 0.0), |(n, s), x| (n + 1.0, s + x));
    let mean = sum / n;
    let sxx: f64 = xs.clone().map(|x| (x - mean).powi(2)).sum();
    (sxx > 0.0).then(|| xs.map(|x| (x - mean) / sxx).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::stats::fixtures::{normal, stream};

    /// Sweeps at N = 9, 16, 25, 36 over a grid of step 0.01 whose hump (height 3) sits at the
    /// level nearest to holes = c·N^e, values with noise `sigma`, `count` per level.
    fn sweeps(c: f64, e: f64, count: usize, sigma: f64, seed: u64) -> Vec<Sweep> {
        let mut rng = stream(seed);
        [9.0_f64, 16.0, 25.0, 36.0]
            .iter()
            .map(|&n| {
                let top = ((1.0 - c * n.powf(e) / (n * n)) * 100.0).round() / 100.0;
                let levels = (-6..=6)
                    .map(|k| {
                        let alpha = ((top * 100.0).round() + f64::from(k)) / 100.0;
                        let height = 3.0 * (-(f64::from(k) / 3.0).powi(2)).exp();
                        (alpha, (0..count).map(|_| height + sigma * normal(&mut rng)).collect())
                    })
                    .collect();
                Sweep { size: n, cells: n * n, levels }
            })
            .collect()
    }

    #[test]
    fn the_published_law_is_not_rejected_by_its_own_data() {
        let boot = Bootstrap { resamples: 2000, ..Bootstrap::new(1) };
        let law = holes_law(&sweeps(2.0, 1.55, 10, 0.5, 1), Center::Median, 1.55, &boot).unwrap();
        assert!(!law.differs && law.exponent.contains(1.55), "{law:?}");
        assert!((law.exponent.value - 1.55).abs() < 0.1 && law.exponent.n == 4 * 13 * 10);
        assert!(law.exponent.low <= law.sampling.0 && law.sampling.1 <= law.exponent.high);
        assert!(law.resolution.0 < law.exponent.value && law.exponent.value < law.resolution.1);
        assert_eq!(law.peaks.len(), 4);
    }

    #[test]
    fn a_different_law_is_told_apart() {
        let boot = Bootstrap { resamples: 2000, ..Bootstrap::new(2) };
        let law = holes_law(&sweeps(4.0, 1.0, 10, 0.5, 2), Center::Median, 1.55, &boot).unwrap();
        assert!(law.differs && law.exponent.contains(1.0), "{law:?}");
    }

    #[test]
    fn one_size_fits_nothing_and_steps_are_halved() {
        let boot = Bootstrap { resamples: 10, ..Bootstrap::new(3) };
        let one = sweeps(2.0, 1.55, 2, 0.5, 3).into_iter().take(1).collect::<Vec<_>>();
        assert!(holes_law(&one, Center::Median, 1.55, &boot).is_none());
        assert_eq!(half_step(&[0.1, 0.2, 0.4], 1), 0.05);
        assert_eq!(half_step(&[0.1, 0.2, 0.4], 2), 0.1);
        assert_eq!(half_step(&[0.3], 0), 0.0);
    }
}
