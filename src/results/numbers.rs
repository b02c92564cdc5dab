//! How the report, the figures and the terminal write numbers for people: three significant digits
//! for measurements, times with a unit ([`fmt_seconds`]: `2.79 µs`, `4.37 ms`, `1.20 s`), round times
//! such as a limit or an axis tick without trailing zeros (`3 s`, `10 ms`), and an exponent for
//! large counts, so a table cell stays short. Files for programs (`runs.csv`, JSON) keep plain seconds.

/// A number with three significant digits (no exponent), e.g. `0.0235`, `12.3`, `1234`; a value
/// that rounds up into the next decade keeps three digits too (`9.996` is `10.0`, not `10.00`).
pub(crate) fn fmt_num(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let decimals = |x: f64| (2 - x.abs().log10().floor() as i32).max(0) as usize;
    let d = decimals(x);
    let text = format!("{x:.d$}");
    match text.parse::<f64>() {
        Ok(rounded) if rounded != 0.0 && decimals(rounded) < d => {
            let d = decimals(rounded);
            format!("{rounded:.d$}")
        }
        _ => text,
    }
}

/// The units [`fmt_seconds`] writes up to the second, smallest first: the power of ten of one in
/// seconds, its symbol, and the value from which the next unit takes over. Below the second a unit
/// gives way before it would print `1000`; seconds last to 9999 s, so a time limit, the medians at
/// it and PAR-2 (twice the limit) stay in one unit for any limit up to 5000 s; longer times, such
/// as a whole experiment, read in hours. Minutes are not used: `1234 s` next to a `600 s` limit
/// compares at a glance, `20.6 min` does not.
const UNITS: [(i32, &str, f64); 4] = [(-9, "ns", 1e3), (-6, "µs", 1e3), (-3, "ms", 1e3), (0, "s", 1e4)];

/// Seconds for people: three significant digits with a unit (`30.0 ns`, `2.79 µs`, `4.37 ms`,
/// `1.20 s`, `60.0 s`, `1234 s`, `2.78 h`, `0 s`); see [`UNITS`] for where each unit starts. A
/// censored statistic is this with `≥ ` before it (`≥ 60.0 s`).
pub(crate) fn fmt_seconds(seconds: f64) -> String {
    let (number, _, unit) = in_unit(seconds);
    format!("{number} {unit}")
}

/// An interval of seconds in the unit [`fmt_seconds`] picks for `like` (the estimate it goes
/// with), each end with two significant digits: `200–350 ms`.
pub(crate) fn fmt_seconds_range(low: f64, high: f64, like: f64) -> String {
    let (_, size, unit) = in_unit(like);
    let end = |x: f64| super::stats::Sig(x / size, 2).to_string();
    format!("{}–{} {unit}", end(low), end(high))
}

/// A round time — a time limit, a tick on a time axis — like [`fmt_seconds`], without the trailing
/// zeros when the digits are the whole value: `3 s`, `600 s`, `2.5 s`, `10 ms`, `100 µs`; a value
/// that is not round keeps its three digits (`10.0 s` for 10.0487 s).
pub(crate) fn fmt_round_seconds(seconds: f64) -> String {
    let (number, size, unit) = in_unit(seconds);
    let exact = number.parse::<f64>().is_ok_and(|n| (n * size - seconds).abs() <= 1e-9 * seconds.abs());
    if exact && number.contains('.') {
        format!("{} {unit}", number.trim_end_matches('0').trim_end_matches('.'))
    } else {
        format!("{number} {unit}")
    }
}

/// `seconds` in the unit [`fmt_seconds`] picks: the three digits, the unit's size in seconds and its
/// symbol. The digits are those of the seconds themselves with the decimal point moved, so a value
/// rounds as it would in plain seconds (no error from dividing by 10⁻⁶).
fn in_unit(seconds: f64) -> (String, f64, &'static str) {
    if seconds == 0.0 || !seconds.is_finite() {
        return (format!("{seconds}"), 1.0, "s");
    }
    let digits = fmt_num(seconds);
    for (exponent, unit, next) in UNITS {
        let number = shift_point(&digits, exponent.unsigned_abs() as usize);
        // Compare what is printed, so a value that rounds up to the next unit's start moves on.
        if number.parse::<f64>().is_ok_and(|v| v.abs() < next) {
            return (number, 10f64.powi(exponent), unit);
        }
    }
    (fmt_num(seconds / 3600.0), 3600.0, "h")
}

/// A plain decimal (`-0.00000691`) times 10^`places`, written out (`-6.91`).
fn shift_point(decimal: &str, places: usize) -> String {
    let (sign, digits) = decimal.strip_prefix('-').map_or(("", decimal), |d| ("-", d));
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let fraction = format!("{fraction:0<places$}");
    let (moved, rest) = fraction.split_at(places);
    let whole = format!("{whole}{moved}");
    let whole = match whole.trim_start_matches('0') {
        "" => "0",
        w => w,
    };
    if rest.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{rest}")
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
    fn seconds_for_people_carry_a_unit_and_three_significant_digits() {
        assert_eq!(fmt_seconds(0.00000279), "2.79 µs");
        assert_eq!(fmt_seconds(0.0000834), "83.4 µs");
        assert_eq!(fmt_seconds(0.00437), "4.37 ms");
        assert_eq!(fmt_seconds(0.5), "500 ms");
        assert_eq!(fmt_seconds(1.2), "1.20 s");
        assert_eq!(fmt_seconds(60.0), "60.0 s");
        assert_eq!(fmt_seconds(1234.4), "1234 s");
        assert_eq!(fmt_seconds(9999.0), "9999 s", "seconds last to 9999 s: PAR-2 beside its limit");
        assert_eq!(fmt_seconds(10_000.0), "2.78 h");
        assert_eq!(fmt_seconds(90_000.0), "25.0 h");
        assert_eq!(fmt_seconds(0.0009996), "1.00 ms", "rounding up does not print 1000 µs");
        assert_eq!(fmt_seconds(0.9996), "1.00 s", "nor 1000 ms");
        assert_eq!(fmt_seconds(3e-8), "30.0 ns");
        assert_eq!(fmt_seconds(4e-10), "0.400 ns");
        assert_eq!(fmt_seconds(-0.0021), "-2.10 ms", "a difference of two times keeps its sign");
        assert_eq!(fmt_seconds(0.0), "0 s");
        // Rounded as in plain seconds: 6.915e-6 is stored just below 6.915e-6 (0.00000691).
        assert_eq!(fmt_seconds(6.915e-6), "6.91 µs");
    }

    #[test]
    fn the_decimal_point_moves_without_arithmetic() {
        assert_eq!(shift_point("0.00000691", 6), "6.91");
        assert_eq!(shift_point("-0.0235", 3), "-23.5");
        assert_eq!(shift_point("0.000000000400", 9), "0.400");
        assert_eq!(shift_point("5.00", 3), "5000");
        assert_eq!(shift_point("1234", 0), "1234");
    }

    #[test]
    fn round_times_drop_trailing_zeros() {
        assert_eq!(fmt_round_seconds(3.0), "3 s");
        assert_eq!(fmt_round_seconds(60.0), "60 s");
        assert_eq!(fmt_round_seconds(600.0), "600 s");
        assert_eq!(fmt_round_seconds(2.5), "2.5 s");
        assert_eq!(fmt_round_seconds(2.57), "2.57 s");
        assert_eq!(fmt_round_seconds(0.01), "10 ms");
        assert_eq!(fmt_round_seconds(1e-4), "100 µs");
        assert_eq!(fmt_round_seconds(1e-6), "1 µs");
        assert_eq!(fmt_round_seconds(1e-7), "100 ns");
        assert_eq!(fmt_round_seconds(1000.0), "1000 s");
        assert_eq!(fmt_round_seconds(10.0487), "10.0 s", "a limit guessed from the runs is not round");
        assert_eq!(fmt_round_seconds(0.0), "0 s");
    }

    #[test]
    fn numbers_keep_three_significant_digits() {
        assert_eq!(fmt_num(0.0235), "0.0235");
        assert_eq!(fmt_num(12.345), "12.3");
        assert_eq!(fmt_num(1234.4), "1234");
        assert_eq!(fmt_num(10.0), "10.0");
        assert_eq!(fmt_num(9.996), "10.0", "rounding into the next decade keeps three digits");
        assert_eq!(fmt_num(0.09996), "0.100");
        assert_eq!(fmt_num(-99.96), "-100");
        assert_eq!(fmt_num(0.0), "0");
    }

    #[test]
    fn large_counts_print_an_exponent() {
        assert_eq!(fmt_count(122_009.0), "1.2e5");
        assert_eq!(fmt_count(31_000.0), "3.1e4");
        assert_eq!(fmt_count(9_999.0), "9999");
        assert_eq!(fmt_count(3.5), "3.50");
    }
}
