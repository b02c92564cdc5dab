//! Small descriptive statistics used by the report and the figures: quantiles and least-squares fits.
//!
//! Nothing here knows about Sudoku; every function takes plain numbers and returns `None` rather
//! than panicking when the input is too small or degenerate (NaNs are ignored).

/// The `q`-quantile (0 ≤ q ≤ 1) of `values`, linearly interpolated between order statistics
/// (Hyndman & Fan type 7, the default of R and NumPy); `None` for no finite values.
pub(crate) fn quantile(values: &[f64], q: f64) -> Option<f64> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let h = (sorted.len() - 1) as f64 * q.clamp(0.0, 1.0);
    let lo = h.floor() as usize;
    let hi = h.ceil() as usize;
    Some(sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo]))
}

/// The median of `values`; `None` for no finite values.
pub(crate) fn median(values: &[f64]) -> Option<f64> {
    quantile(values, 0.5)
}

/// A least-squares line `y = intercept + slope · x` and its coefficient of determination.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LinearFit {
    /// Slope of the line.
    pub slope: f64,
    /// Value at x = 0.
    pub intercept: f64,
    /// R² = 1 − SS_res / SS_tot (1 when all y are equal and the line hits them).
    pub r2: f64,
}

/// Ordinary least squares of `points` (x, y); `None` for fewer than two distinct x values.
pub(crate) fn linear_fit(points: &[(f64, f64)]) -> Option<LinearFit> {
    let pts: Vec<(f64, f64)> = points.iter().copied().filter(|(x, y)| x.is_finite() && y.is_finite()).collect();
    let n = pts.len() as f64;
    if pts.len() < 2 {
        return None;
    }
    let mean_x = pts.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = pts.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = pts.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = pts.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    if sxx <= f64::EPSILON * n {
        return None;
    }
    let slope = sxy / sxx;
    let intercept = mean_y - slope * mean_x;
    let ss_tot: f64 = pts.iter().map(|p| (p.1 - mean_y).powi(2)).sum();
    let ss_res: f64 = pts.iter().map(|p| (p.1 - intercept - slope * p.0).powi(2)).sum();
    let r2 = if ss_tot > 0.0 { 1.0 - ss_res / ss_tot } else { 1.0 };
    Some(LinearFit { slope, intercept, r2 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[f64::NAN, 5.0]), Some(5.0));
    }

    #[test]
    fn quantiles_interpolate_like_numpy() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0];
        // numpy.percentile(range(1, 11), 90) == 9.1, 25 -> 3.25
        assert!((quantile(&v, 0.9).unwrap() - 9.1).abs() < 1e-12);
        assert!((quantile(&v, 0.25).unwrap() - 3.25).abs() < 1e-12);
        assert_eq!(quantile(&v, 0.0), Some(1.0));
        assert_eq!(quantile(&v, 1.0), Some(10.0));
    }

    #[test]
    fn fit_recovers_an_exact_line() {
        let pts: Vec<(f64, f64)> = (0..5).map(|i| (i as f64, 2.0 + 3.0 * i as f64)).collect();
        let fit = linear_fit(&pts).unwrap();
        assert!((fit.slope - 3.0).abs() < 1e-12);
        assert!((fit.intercept - 2.0).abs() < 1e-12);
        assert!((fit.r2 - 1.0).abs() < 1e-12);
    }

    #[test]
    fn fit_r2_drops_with_noise_and_needs_two_distinct_x() {
        let fit = linear_fit(&[(0.0, 0.0), (1.0, 2.0), (2.0, 1.0), (3.0, 3.0)]).unwrap();
        assert!(fit.r2 < 1.0 && fit.r2 > 0.0);
        assert_eq!(linear_fit(&[(1.0, 1.0)]), None);
        assert_eq!(linear_fit(&[(1.0, 1.0), (1.0, 2.0)]), None);
    }
}
