//! The paired sign-flip (permutation) test of a mean difference and the interval it gives when
//! inverted: one estimand — the mean of the paired log time differences, whose exponential is the
//! geometric-mean speed ratio — one set of sign vectors, and from it the estimate, the p-value
//! and the interval, so that the interval excludes 0 exactly when p is below its level.
//!
//! **Test** (Fisher 1935, §21; Good 2005, *Permutation, Parametric and Bootstrap Tests*, §3.3):
//! under H₀(δ) the differences dᵢ − δ are symmetric about 0, so flipping their signs leaves their
//! distribution unchanged; the statistic is |mean(sᵢ(dᵢ − δ))|, and p(δ) is the share of sign
//! vectors s whose statistic is at least the observed one. With n ≤ [`EXACT_UP_TO`] every one of
//! the 2ⁿ sign vectors is taken (exact p); above, B random vectors from the seeded stream and the
//! observed one, p = (1 + count)/(B + 1) (Phipson & Smyth 2010). Zeros and ties need no rule:
//! the statistic is a mean, a zero difference flips to itself, and the conditional permutation
//! distribution is used as it is. The smallest p the test can give is that of every difference
//! one way, 2/2ⁿ (exact): with n = 5 it is 0.0625, so no test at 5 % can decide.
//!
//! **Interval**: every δ that the test at level a does not reject, {δ : p(δ) ≥ a} (test
//! inversion), its ends found by bisection. Each sign vector's statistic is linear in δ —
//! mean(s·d) − δ·mean(s) — so after one pass over the data (O(B·n)) each p(δ) costs O(B). The end
//! on the side of 0 is searched from 0 itself, so the interval holds 0 exactly when p(0) ≥ a.
//! When even p(±∞) (the smallest p) is at least a, the interval is the whole line.

use rand::RngCore;

use super::bootstrap::Bootstrap;

/// Up to this many differences every sign vector is enumerated (2¹⁶ = 65,536 of them).
pub(crate) const EXACT_UP_TO: usize = 16;

/// The test and its inverted interval for one paired sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SignFlip {
    /// The mean difference.
    pub mean: f64,
    /// Lower end of the interval (−∞ when unbounded).
    pub low: f64,
    /// Upper end of the interval (+∞ when unbounded).
    pub high: f64,
    /// Two-sided p of H₀: mean difference 0.
    pub p: f64,
    /// The smallest p this n can give (every difference one way).
    pub min_p: f64,
    /// `true` when every sign vector was enumerated.
    pub exact: bool,
    /// The differences.
    pub n: usize,
}

/// The sign vectors' sums, each as (mean(s·d), mean(s)), and whether they are all 2ⁿ of them.
struct Flips {
    /// Per sign vector, mean(s·d) and mean(s).
    sums: Vec<(f64, f64)>,
    /// The observed mean, mean(d).
    mean: f64,
    /// `true` for all 2ⁿ vectors; else B random ones (the observed one counted apart).
    exact: bool,
}

impl Flips {
    /// The flips of `d`: all of them up to [`EXACT_UP_TO`], else `boot.resamples` random ones.
    fn of(d: &[f64], boot: &Bootstrap) -> Flips {
        let n = d.len() as f64;
        let mean = d.iter().sum::<f64>() / n;
        let sum_of = |bit: &dyn Fn(usize) -> bool| {
            let (mut sd, mut s) = (0.0, 0.0);
            for (i, x) in d.iter().enumerate() {
                let sign = if bit(i) { -1.0 } else { 1.0 };
                sd += sign * x;
                s += sign;
            }
            (sd / n, s / n)
        };
        if d.len() <= EXACT_UP_TO {
            let sums = (0..1_u64 << d.len()).map(|mask| sum_of(&|i| mask >> i & 1 == 1)).collect();
            return Flips { sums, mean, exact: true };
        }
        let mut rng = boot.rng();
        let words = d.len().div_ceil(64);
        let mut bits = vec![0_u64; words];
        let sums = (0..boot.resamples)
            .map(|_| {
                bits.iter_mut().for_each(|w| *w = rng.next_u64());
                sum_of(&|i| bits[i / 64] >> (i % 64) & 1 == 1)
            })
            .collect();
        Flips { sums, mean, exact: false }
    }

    /// p(δ): the share of sign vectors whose |mean(s·(d − δ))| reaches |mean(d) − δ|.
    fn p(&self, delta: f64) -> f64 {
        let observed = (self.mean - delta).abs();
        // A relative tolerance so that sign vectors tied with the observed one count as reaching it.
        let reach = observed - 1e-12 * (observed + self.mean.abs() + delta.abs());
        let count = self.sums.iter().filter(|(sd, s)| (sd - delta * s).abs() >= reach).count();
        if self.exact {
            count as f64 / self.sums.len() as f64
        } else {
            (1 + count) as f64 / (1 + self.sums.len()) as f64
        }
    }

    /// p as δ → ±∞: the share of vectors with |mean(s)| = 1 (all signs alike).
    fn min_p(&self) -> f64 {
        let count = self.sums.iter().filter(|(_, s)| s.abs() > 1.0 - 1e-12).count();
        if self.exact {
            count as f64 / self.sums.len() as f64
        } else {
            (1 + count) as f64 / (1 + self.sums.len()) as f64
        }
    }

    /// The end of {δ : p(δ) ≥ a} beyond `inside` (p(inside) ≥ a) in direction `dir` (±1): the last
    /// accepted δ before the first rejected one, by doubling then bisection.
    fn end(&self, a: f64, inside: f64, dir: f64, scale: f64) -> f64 {
        let mut step = scale;
        let mut outside = inside + dir * step;
        let mut inside = inside;
        while self.p(outside) >= a {
            inside = outside;
            step *= 2.0;
            outside = inside + dir * step;
        }
        bisect(self, a, outside, inside)
    }
}

/// The sign-flip test of `d` (paired differences) against 0 and its interval at `level` (e.g.
/// 0.95, or a family's adjusted level); `None` for no differences. The random flips (n above
/// [`EXACT_UP_TO`]) are `boot`'s stream, B = `boot.resamples`; `boot.level` is not used.
///
/// Complexity: O(S·n + S·log(range/precision)) time for S sign vectors (2ⁿ or B), O(S) space.
pub(crate) fn sign_flip(d: &[f64], level: f64, boot: &Bootstrap) -> Option<SignFlip> {
    if d.is_empty() {
        return None;
    }
    let flips = Flips::of(d, boot);
    let a = 1.0 - level;
    let (mean, p, min_p) = (flips.mean, flips.p(0.0), flips.min_p());
    let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
    if min_p < a {
        let spread = d.iter().fold(0.0_f64, |m, x| m.max((x - mean).abs()));
        let scale = spread.max(mean.abs()).max(1e-9) / 8.0;
        // The end on 0's side is searched from 0 when 0 is accepted (so it lies beyond 0), and
        // between 0 and the mean when 0 is rejected (so it lies short of 0).
        let accepted = p >= a;
        low = match accepted || mean <= 0.0 {
            true => flips.end(a, if accepted { mean.min(0.0) } else { mean }, -1.0, scale),
            false => bisect(&flips, a, 0.0, mean),
        };
        high = match accepted || mean >= 0.0 {
            true => flips.end(a, if accepted { mean.max(0.0) } else { mean }, 1.0, scale),
            false => bisect(&flips, a, 0.0, mean),
        };
    }
    Some(SignFlip { mean, low, high, p, min_p, exact: flips.exact, n: d.len() })
}

/// The crossing between a rejected `outside` and the accepted `inside`: the last accepted δ.
fn bisect(flips: &Flips, a: f64, mut outside: f64, mut inside: f64) -> f64 {
    for _ in 0..60 {
        let mid = 0.5 * (inside + outside);
        if mid == inside || mid == outside {
            break;
        }
        if flips.p(mid) >= a {
            inside = mid;
        } else {
            outside = mid;
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eighteen_of_eighteen_one_way_give_the_exact_two_sided_p() {
        // Above EXACT_UP_TO the flips are random: p = (1 + count)/(B + 1); with every difference
        // one way only the all-minus vector (probability 2^-18 per draw) could reach it.
        let d: Vec<f64> = (1..=18).map(|i| f64::from(i) / 10.0).collect();
        let boot = Bootstrap::new(3);
        let t = sign_flip(&d, 0.95, &boot).unwrap();
        assert!(!t.exact && t.p < 3.0 / 10_001.0, "{t:?}");
        // Sixteen of sixteen, enumerated: exactly 2 / 2^16; and 18 of 18 enumerated by hand: 2/2^18.
        let t16 = sign_flip(&d[..16], 0.95, &boot).unwrap();
        assert!(t16.exact && t16.p == 2.0 / 65_536.0 && t16.min_p == t16.p, "{t16:?}");
        let flips = Flips { sums: all_flips(&d), mean: d.iter().sum::<f64>() / 18.0, exact: true };
        assert!((flips.p(0.0) - 7.629_394_531_25e-6).abs() < 1e-18, "2/2^18 = 7.63e-6: {}", flips.p(0.0));
        assert!(t.low > 0.0 && t.high > t.mean && t.low < t.mean);
    }

    /// Every sign vector of `d`, as [`Flips::of`] enumerates them (for n above its limit).
    fn all_flips(d: &[f64]) -> Vec<(f64, f64)> {
        let n = d.len() as f64;
        (0..1_u64 << d.len())
            .map(|mask| {
                d.iter().enumerate().fold((0.0, 0.0), |(sd, s), (i, x)| {
                    let sign = if mask >> i & 1 == 1 { -1.0 } else { 1.0 };
                    (sd + sign * x / n, s + sign / n)
                })
            })
            .collect()
    }

    #[test]
    fn five_cannot_decide_at_five_percent_and_six_can() {
        let boot = Bootstrap::new(1);
        let five = sign_flip(&[6.8; 5], 0.95, &boot).unwrap();
        assert_eq!((five.p, five.min_p), (0.0625, 0.0625));
        assert!(five.low == f64::NEG_INFINITY && five.high == f64::INFINITY, "{five:?}");
        // A 900× effect on 6 of 6: p = 2/64, the interval above 0 and holding the mean.
        let six = sign_flip(&[900_f64.ln(); 6], 0.95, &boot).unwrap();
        assert_eq!(six.p, 0.031_25);
        assert!(six.low > 0.0 && six.low <= six.mean && six.high >= six.mean, "{six:?}");
    }

    #[test]
    fn zeros_flip_to_themselves_and_the_interval_agrees_with_the_test() {
        let boot = Bootstrap::new(9);
        // Two zeros among eight: 2^8 vectors, the zeros' signs doubling each outcome.
        let d = [0.0, 0.0, 0.5, 0.7, 0.9, 1.1, 1.3, 1.5];
        let t = sign_flip(&d, 0.95, &boot).unwrap();
        assert_eq!(t.p, 8.0 / 256.0, "all six non-zero ones alike, either sign for the zeros: 2/2^6, as without them");
        for level in [0.95, 0.99, 0.995] {
            let t = sign_flip(&d, level, &boot).unwrap();
            assert_eq!(t.low > 0.0, t.p < 1.0 - level, "level {level}: {t:?}");
        }
        // A sample centred near 0: not rejected, the interval holds 0, and p(δ) ≥ a at its ends.
        let d: Vec<f64> = (0..40).map(|i| ((i * 37 % 17) as f64 - 8.0) / 4.0).collect();
        let t = sign_flip(&d, 0.95, &boot).unwrap();
        assert!(t.p >= 0.05 && t.low <= 0.0 && t.high >= 0.0, "{t:?}");
        let flips = Flips::of(&d, &boot);
        assert!(flips.p(t.low) >= 0.05 && flips.p(t.high) >= 0.05);
        assert!(flips.p(t.low - 0.05) < 0.05 && flips.p(t.high + 0.05) < 0.05);
    }
}
