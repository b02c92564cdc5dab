//! A statistic with its interval and n: what every estimator here returns and the report formats.

/// A point estimate with its 95 % (or other level) interval and the number of instances behind it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Estimate {
    /// The estimate on the data themselves.
    pub value: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
    /// Instances (not runs) the estimate rests on.
    pub n: usize,
}

impl Estimate {
    /// `true` when `x` lies in the closed interval [low, high].
    pub(crate) fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}
