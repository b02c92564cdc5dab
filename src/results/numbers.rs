//! How the report and the figures write numbers: three significant digits for measurements, whole
//! seconds for a round time limit, and an exponent for large counts, so a table cell stays short.

/// A number with three significant digits (no exponent), e.g. `0.0235`, `12.3`, `1234`.
pub(crate) fn fmt_num(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.abs().log10().floor() as i32;
    let decimals = (2 - magnitude).max(0) as usize;
    format!("{x:.decimals$}")
}

/// A time limit: whole seconds without decimals (`10`), anything else like [`fmt_num`].
pub(crate) fn fmt_limit(seconds: f64) -> String {
    if (seconds - seconds.round()).abs() < 1e-9 {
        format!("{seconds:.0}")
    } else {
        fmt_num(seconds)
    }
}

/// A count such as dead ends or conflicts: like [`fmt_num`] below 10 000, else with two significant
/// digits and an exponent (`1.2e5`), since only the order of magnitude matters there.
pub(crate) fn fmt_count(x: f64) -> String {
    if x.abs() < 1e4 || !x.is_finite() {
        fmt_num(x)
    } else {
        format!("{x:.1e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_three_significant_digits() {
        assert_eq!(fmt_num(0.0235), "0.0235");
        assert_eq!(fmt_num(12.345), "12.3");
        assert_eq!(fmt_num(1234.4), "1234");
        assert_eq!(fmt_num(10.0), "10.0");
        assert_eq!(fmt_num(0.0), "0");
    }

    #[test]
    fn limits_print_whole_seconds_and_large_counts_an_exponent() {
        assert_eq!(fmt_limit(300.0), "300");
        assert_eq!(fmt_limit(2.5), "2.50");
        assert_eq!(fmt_count(122_009.0), "1.2e5");
        assert_eq!(fmt_count(31_000.0), "3.1e4");
        assert_eq!(fmt_count(9_999.0), "9999");
        assert_eq!(fmt_count(3.5), "3.50");
    }
}
