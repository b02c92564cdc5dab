//! The rows of the machine-readable files beside REPORT.md: `comparisons.csv` (one per pair of
//! solvers, scope and test) and `estimates.csv` (one per solver, scope and statistic). Numbers are
//! written with [`DIGITS`] significant digits ([`Sig`]), a missing one as an empty cell.

use serde::{Serialize, Serializer};

use super::digits::{Sig, DIGITS};
use super::estimate::Estimate;

/// The test behind a comparison's p-value, written as its lower-case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Test {
    /// Wilcoxon's signed-rank test on the paired log times.
    Wilcoxon,
    /// McNemar's exact test on the paired solved/unsolved outcomes.
    Mcnemar,
}

/// One row of `comparisons.csv`: solver a against solver b in a scope, by one test.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Comparison {
    /// `all` for every instance pooled, else the cell compared (e.g. `planted/N=9/α=0.4`).
    pub scope: String,
    /// The solver whose time is the numerator.
    pub solver_a: String,
    /// The solver whose time is the denominator.
    pub solver_b: String,
    /// Instances both solvers ran.
    pub n: usize,
    /// Speed ratio, a's time over b's (above 1: a slower).
    #[serde(serialize_with = "digits")]
    pub ratio: f64,
    /// Lower end of the ratio's interval.
    #[serde(serialize_with = "digits")]
    pub ci_low: f64,
    /// Upper end of the ratio's interval.
    #[serde(serialize_with = "digits")]
    pub ci_high: f64,
    /// The test of this row.
    pub test: Test,
    /// Its two-sided p-value; empty when the test has nothing to test (no non-zero difference).
    #[serde(serialize_with = "optional_digits")]
    pub p: Option<f64>,
    /// p adjusted over the report's family of comparisons (Holm); empty until adjusted.
    #[serde(serialize_with = "optional_digits")]
    pub p_adjusted: Option<f64>,
}

/// What an `estimates.csv` row estimates, written as its snake-case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Quantity {
    /// The median instance time (seconds, unfinished at the PAR-2 penalty).
    Median,
    /// The PAR-2 score (seconds).
    Par2,
    /// The share of instances solved.
    SolvedShare,
    /// The α of the hardness peak.
    PeakAlpha,
    /// The exponent k of the polynomial law t = a·N^k.
    GrowthExponent,
    /// The base b of the exponential law t = a·b^N.
    GrowthBase,
    /// The exponent e of the peak-holes law, holes at the peak ∝ N^e.
    HolesExponent,
    /// The share of the variance of the log time between solver seeds of one instance (0–1).
    SeedShare,
    /// The median over instances of the slowest seed's time over the fastest's.
    SeedSpread,
    /// Root-only runs: the share the LP alone decided (integral point or infeasible LP).
    RootDecided,
    /// Root-only runs: the share whose LP point was integral (the solution).
    RootIntegral,
    /// Root-only runs: the share whose LP was infeasible (proof accepted).
    RootInfeasible,
    /// Root-only runs: the share whose LP point was fractional.
    RootFractional,
    /// Root-only runs with an LP point: the median share of the empty cells it leaves undecided.
    OpenCells,
    /// Root-only runs: the median seconds of the LP (a run stopped at the limit at its time).
    RootSeconds,
}

/// One row of `estimates.csv`: a statistic of one solver in one scope, with its interval and n.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct EstimateRow {
    /// `all`, or the cell (mode, N, α, set) the estimate is for.
    pub scope: String,
    /// The solver.
    pub solver: String,
    /// What is estimated.
    pub statistic: Quantity,
    /// The estimate.
    #[serde(serialize_with = "digits")]
    pub estimate: f64,
    /// Lower end of its interval.
    #[serde(serialize_with = "digits")]
    pub ci_low: f64,
    /// Upper end of its interval.
    #[serde(serialize_with = "digits")]
    pub ci_high: f64,
    /// Instances it rests on.
    pub n: usize,
}

impl Comparison {
    /// The row's speed ratio with its interval and n.
    pub(crate) fn ratio_estimate(&self) -> Estimate {
        Estimate { value: self.ratio, low: self.ci_low, high: self.ci_high, n: self.n }
    }
}

impl EstimateRow {
    /// The row's estimate with its interval and n.
    pub(crate) fn as_estimate(&self) -> Estimate {
        Estimate { value: self.estimate, low: self.ci_low, high: self.ci_high, n: self.n }
    }

    /// The row of `estimate`, a `statistic` of `solver` in `scope`.
    pub(crate) fn new(scope: &str, solver: &str, statistic: Quantity, estimate: &Estimate) -> EstimateRow {
        EstimateRow {
            scope: scope.to_owned(),
            solver: solver.to_owned(),
            statistic,
            estimate: estimate.value,
            ci_low: estimate.low,
            ci_high: estimate.high,
            n: estimate.n,
        }
    }
}

/// Serializes a number with [`DIGITS`] significant digits.
fn digits<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&Sig(*value, DIGITS))
}

/// Serializes a number with [`DIGITS`] significant digits, `None` as an empty cell.
fn optional_digits<S: Serializer>(value: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => digits(v, serializer),
        None => serializer.serialize_str(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_write_the_planned_columns() {
        let mut out = csv::Writer::from_writer(Vec::new());
        out.serialize(Comparison {
            scope: "all".into(),
            solver_a: "sat".into(),
            solver_b: "kissat".into(),
            n: 40,
            ratio: 3.04512,
            ci_low: 2.4,
            ci_high: 3.912,
            test: Test::Wilcoxon,
            p: Some(3.2e-9),
            p_adjusted: None,
        })
        .unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(
            text,
            "scope,solver_a,solver_b,n,ratio,ci_low,ci_high,test,p,p_adjusted\nall,sat,kissat,40,3.05,2.40,3.91,wilcoxon,3.20e-9,\n"
        );
        let mut out = csv::Writer::from_writer(Vec::new());
        let estimate = Estimate { value: 0.9, low: 0.596, high: 0.9821, n: 10 };
        out.serialize(EstimateRow::new("N=9", "sat", Quantity::SolvedShare, &estimate)).unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(
            text,
            "scope,solver,statistic,estimate,ci_low,ci_high,n\nN=9,sat,solved_share,0.900,0.596,0.982,10\n"
        );
    }

    #[test]
    fn statistics_are_written_as_their_names() {
        use Quantity::*;
        let names: Vec<String> = [
            Median,
            Par2,
            SolvedShare,
            PeakAlpha,
            GrowthExponent,
            GrowthBase,
            HolesExponent,
            SeedShare,
            SeedSpread,
            RootDecided,
            RootIntegral,
            RootInfeasible,
            RootFractional,
            OpenCells,
            RootSeconds,
        ]
        .iter()
        .map(|q| serde_json::to_string(q).unwrap())
        .collect();
        let expected = [
            "median",
            "par2",
            "solved_share",
            "peak_alpha",
            "growth_exponent",
            "growth_base",
            "holes_exponent",
            "seed_share",
            "seed_spread",
            "root_decided",
            "root_integral",
            "root_infeasible",
            "root_fractional",
            "open_cells",
            "root_seconds",
        ];
        assert_eq!(names, expected.map(|n| format!("\"{n}\"")));
        assert_eq!(serde_json::to_string(&Test::Mcnemar).unwrap(), "\"mcnemar\"");
    }
}
