//! How a statistic is written: a fixed number of significant digits, trailing zeros kept (1.20,
//! not 1.2), the same bytes every time; interval ends in sentences with the digits the bootstrap
//! makes stable. Plain decimals from 10⁻⁵ up to below 10⁶ (366, 0.0123, 1230); scientific notation outside
//! (3.20e-9), which every CSV reader parses.

use std::fmt;

/// Significant digits of every number in `comparisons.csv` and `estimates.csv`, and of an
/// estimate or p-value in a sentence. An estimate and a p-value are exact functions of the data;
/// an interval end carries the bootstrap's Monte Carlo error, about 0.4 % of its value at
/// B = 10,000, so its third digit may differ by one between seeds (the same bytes for the same
/// seed).
pub(crate) const DIGITS: usize = 3;

/// Significant digits of an interval end in a sentence: the digits two bootstrap seeds agree on
/// at B = 10,000 (in 93 of 100 typical cases; the rest straddle a rounding boundary).
pub(crate) const INTERVAL_DIGITS: usize = 2;

/// `value` written with `digits` significant digits ([`fmt::Display`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sig(pub f64, pub usize);

impl fmt::Display for Sig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Sig(value, digits) = *self;
        let digits = digits.max(1);
        if !value.is_finite() || value == 0.0 {
            return write!(f, "{value}");
        }
        // Rust rounds the mantissa correctly (9.996 → 1.00e1); take its digits and exponent.
        let scientific = format!("{:.*e}", digits - 1, value);
        let (mantissa, exponent) = scientific.split_once('e').expect("`{:e}` writes an exponent");
        let exponent: i32 = exponent.parse().expect("`{:e}` writes an integer exponent");
        if !(-5..6).contains(&exponent) {
            return f.write_str(&scientific);
        }
        let sign = if value < 0.0 { "-" } else { "" };
        let figures: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        if exponent < 0 {
            let zeros = "0".repeat((-exponent - 1) as usize);
            return write!(f, "{sign}0.{zeros}{figures}");
        }
        let whole = exponent as usize + 1;
        if figures.len() <= whole {
            write!(f, "{sign}{figures}{}", "0".repeat(whole - figures.len()))
        } else {
            write!(f, "{sign}{}.{}", &figures[..whole], &figures[whole..])
        }
    }
}

/// `value` with [`DIGITS`] significant digits.
pub(crate) fn sig(value: f64) -> String {
    Sig(value, DIGITS).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn significant_digits_are_kept_and_rounded() {
        let three = |v: f64| Sig(v, 3).to_string();
        assert_eq!(three(1.2), "1.20");
        assert_eq!(three(1.23456), "1.23");
        assert_eq!(three(9.996), "10.0");
        assert_eq!(three(366.4), "366");
        assert_eq!(three(1234.5), "1230");
        assert_eq!(three(0.012345), "0.0123");
        assert_eq!(three(-0.5), "-0.500");
        assert_eq!(three(3.2e-9), "3.20e-9");
        assert_eq!(three(1.5e7), "1.50e7");
        assert_eq!(three(0.0), "0");
        assert_eq!(Sig(0.04401, 2).to_string(), "0.044");
        assert_eq!(Sig(123_456.0, 1).to_string(), "100000");
        assert_eq!(sig(2.5), "2.50");
    }

    proptest! {
        #[test]
        fn the_written_value_is_the_value_to_its_digits(value in -1e9..1e9_f64, digits in 1_usize..8) {
            prop_assume!(value != 0.0);
            let written: f64 = Sig(value, digits).to_string().parse().unwrap();
            let scale = 10f64.powi(value.abs().log10().floor() as i32 + 1 - digits as i32);
            prop_assert!((written - value).abs() <= scale * 0.5 * (1.0 + 1e-9), "{value} → {written}");
        }
    }
}
