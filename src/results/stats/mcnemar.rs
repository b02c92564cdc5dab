//! McNemar's exact test (McNemar 1947, *Psychometrika* 12:153; the exact form: Fagerland, Lydersen
//! & Laake 2013, *BMC Med. Res. Methodol.* 13:91) on paired solved/unsolved outcomes: of the b + c
//! instances exactly one solver solved, b went to a and c to b. Under "equally likely to solve"
//! each is a fair coin, so the two-sided p is min(1, 2·P(X ≤ min(b, c))) for X ~ Binomial(b + c, ½).

use statrs::distribution::{Binomial, DiscreteCDF};

/// The two-sided exact p of McNemar's test for `only_a` and `only_b` discordant pairs (1 when
/// there are none).
pub(crate) fn mcnemar_exact(only_a: u64, only_b: u64) -> f64 {
    let trials = only_a + only_b;
    if trials == 0 {
        return 1.0;
    }
    let coin = Binomial::new(0.5, trials).expect("p = ½ is a probability");
    (2.0 * coin.cdf(only_a.min(only_b))).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_computed_values() {
        // 0 of 5 discordant one way: 2 · (1/2)^5.
        assert!((mcnemar_exact(0, 5) - 0.0625).abs() < 1e-12);
        // 1 vs 6: 2 · (1 + 7)/128.
        assert!((mcnemar_exact(1, 6) - 0.125).abs() < 1e-12);
        // 2 vs 8: 2 · (1 + 10 + 45)/1024; symmetric in its arguments.
        assert!((mcnemar_exact(8, 2) - 0.109_375).abs() < 1e-12);
        // 5 of the 10 instances solved only by one solver, none only by the other (9 vs 4 solved):
        // 2 / 32, as R's binom.test(0, 5)$p.value.
        assert!((mcnemar_exact(5, 0) - 0.0625).abs() < 1e-12);
        assert_eq!(mcnemar_exact(3, 3), 1.0);
        assert_eq!(mcnemar_exact(0, 0), 1.0);
    }
}
