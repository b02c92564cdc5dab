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

/// Seconds for people: three significant digits with a unit (`2.79 µs`, `4.37 ms`, `1.20 s`,
/// `0 s`); files for programs keep plain seconds.
pub(crate) fn fmt_seconds(seconds: f64) -> String {
    if seconds == 0.0 || !seconds.is_finite() {
        return format!("{seconds} s");
    }
    let (value, unit) = match seconds.abs() {
        s if s < 1e-6 => (seconds * 1e9, "ns"),
        s if s < 1e-3 => (seconds * 1e6, "µs"),
        s if s < 1.0 => (seconds * 1e3, "ms"),
        _ => (seconds, "s"),
    };
    // Three significant digits, keeping trailing zeros (1.20 s), and no jump past 999.
    let magnitude = value.abs().log10().floor().max(0.0) as usize;
    let decimals = 2usize.saturating_sub(magnitude);
    let text = format!("{value:.decimals$}");
    if text.trim_start_matches('-').starts_with("1000") && unit != "s" {
        return fmt_seconds(
            seconds.signum()
                * 10f64.powi(if unit == "ns" {
                    -6
                } else if unit == "µs" {
                    -3
                } else {
                    0
                }),
        );
    }
    format!("{text} {unit}")
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
    fn seconds_for_people_carry_a_unit_and_three_significant_digits() {
        assert_eq!(fmt_seconds(0.00000279), "2.79 µs");
        assert_eq!(fmt_seconds(0.0000834), "83.4 µs");
        assert_eq!(fmt_seconds(0.00437), "4.37 ms");
        assert_eq!(fmt_seconds(1.2), "1.20 s");
        assert_eq!(fmt_seconds(60.0), "60.0 s");
        assert_eq!(fmt_seconds(1234.4), "1234 s");
        assert_eq!(fmt_seconds(0.0009996), "1.00 ms", "rounding up does not print 1000 µs");
        assert_eq!(fmt_seconds(3e-8), "30.0 ns");
        assert_eq!(fmt_seconds(0.0), "0 s");
    }

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
