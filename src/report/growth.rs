//! How cost grows with N: least-squares fits of log10(median time) against log10 N (a power law)
//! and against N (an exponential), per solver and mode, over the sizes whose median is below the
//! time limit. The fits at the hardness peak and off it ([`super::peak_growth`]) use the same
//! [`Growth`].

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::list_or_dash;
use crate::results::stats::{self, LinearFit};
use crate::results::stats::{Law, Sig, AIC_MARGIN, DIGITS, INTERVAL_DIGITS, MIN_SIZES};
use crate::results::Group;
use crate::results::{solver_order, GrowthLaw, Results, Uncertainty};

/// Sizes needed before a growth fit is worth stating (two points always fit a line exactly).
pub(crate) const MIN_FIT_POINTS: usize = 3;

/// How one solver's median time grows with N.
#[derive(Debug, Clone)]
pub(crate) struct Growth {
    pub solver: String,
    pub mode: Group,
    /// (N, median seconds) where the median is below the time limit.
    pub points: Vec<(usize, f64)>,
    /// N where the median is censored by the limit (left out of the fits).
    pub censored: Vec<usize>,
    /// log10 t = a + b·log10 N: b is the polynomial exponent.
    pub power: Option<LinearFit>,
    /// log10 t = a + b·N: 10^b is the growth factor per unit of N.
    pub exponential: Option<LinearFit>,
}

impl Growth {
    /// Fits `points` (N, seconds) when there are at least [`MIN_FIT_POINTS`] of them.
    pub fn fit(solver: &str, mode: &Group, points: Vec<(usize, f64)>, censored: Vec<usize>) -> Growth {
        let (mut power, mut exponential) = (None, None);
        if points.len() >= MIN_FIT_POINTS {
            let log_t: Vec<(f64, f64)> = points.iter().map(|&(n, t)| (n as f64, t.log10())).collect();
            let log_log: Vec<(f64, f64)> = log_t.iter().map(|&(n, lt)| (n.log10(), lt)).collect();
            power = stats::linear_fit(&log_log);
            exponential = stats::linear_fit(&log_t);
        }
        Growth { solver: solver.to_owned(), mode: mode.to_owned(), points, censored, power, exponential }
    }

    /// Which of the two fits explains more variance ("similar" when R² differ by under 0.01).
    pub fn better_fit(&self) -> &'static str {
        match (self.power, self.exponential) {
            (Some(p), Some(e)) if (p.r2 - e.r2).abs() < 0.01 => "similar",
            (Some(p), Some(e)) if p.r2 > e.r2 => "polynomial",
            (Some(_), Some(_)) => "exponential",
            _ => "—",
        }
    }
}

/// The (N, median seconds) points of a series and its censored sizes.
type SizePoints = (Vec<(usize, f64)>, Vec<usize>);

/// Growth fits per (solver, mode), over the uncensored medians pooled over α.
pub(crate) fn growth(results: &Results) -> Vec<Growth> {
    let medians = results.summarize(|r| Some((solver_order(&r.solver), Group::of(r), r.n)));
    let mut by_series: BTreeMap<((usize, String), Group), SizePoints> = BTreeMap::new();
    for ((solver, mode, n), summary) in medians {
        let (points, censored) = by_series.entry((solver, mode)).or_default();
        match summary.median() {
            Some(m) if results.is_censored(m) => censored.push(n),
            Some(m) if m > 0.0 => points.push((n, m)),
            _ => {}
        }
    }
    by_series
        .into_iter()
        .map(|(((_, solver), mode), (points, censored))| Growth::fit(&solver, &mode, points, censored))
        .collect()
}

/// The section: one row of fits per (solver, mode), and the law the statistics name from every
/// instance ([`Uncertainty::growth`]); `mode` heads the mode column
/// ([`Results::mode_heading`](crate::results::Results::mode_heading)).
pub(crate) fn section(out: &mut String, growth: &[Growth], u: &Uncertainty, mode: &str) {
    out.push_str("## How cost grows with N\n\n");
    let _ = writeln!(
        out,
        "Per solver and mode, the median total time at each N (pooled over α and repeats) is fitted by \
         least squares as log10 t = a + b·log10 N (polynomial: t ∝ N^b) and as log10 t = a + b·N \
         (exponential: t ∝ c^N with c = 10^b). Sizes whose median sits at the time limit are left \
         out (their true cost is unknown); at least {MIN_FIT_POINTS} sizes are needed for a fit. These \
         fits describe the medians; R² over three or four medians cannot choose a law. The last column \
         is the law the statistics name (estimates.csv, docs/statistics.md): both laws fitted to every \
         instance (an unfinished run at the PAR-2 penalty), the one with the lower AIC named when \
         ΔAIC ≥ {AIC_MARGIN} over at least {MIN_SIZES} sizes, with its 95 % bootstrap interval.\n"
    );
    let _ = writeln!(out, "| solver | {mode} | sizes fitted | censored sizes | exponent b (t ∝ N^b) | R² | base c (t ∝ c^N) | R² | law (AIC, every instance) |");
    out.push_str("|---|---|---|---|---|---|---|---|---|\n");
    for g in growth {
        let fitted = list_or_dash(g.points.iter().map(|p| p.0.to_string()));
        let censored = list_or_dash(g.censored.iter().map(|n| n.to_string()));
        let law = u.growth.iter().find(|l| l.group == g.mode && l.solver == g.solver).map(law_cell);
        // The medians' fit columns, then the statistics' law in place of the R² comparison; where
        // the medians were too few to fit, what the column says of them stays before the law.
        let mut columns = fit_columns(g);
        columns[4] = match (law, g.power) {
            (Some(law), Some(_)) => law,
            (Some(law), None) => format!("{}; {law}", columns[4]),
            (None, _) => columns[4].clone(),
        };
        let cells: String = columns.iter().map(|c| format!(" {c} |")).collect();
        let _ = writeln!(out, "| {} | {} | {fitted} | {censored} |{cells}", g.solver, g.mode);
    }
    out.push('\n');
}

/// The law the statistics name for one (group, solver), with its interval and n.
fn law_cell(l: &GrowthLaw) -> String {
    let g = &l.growth;
    let with = |e: &crate::results::stats::Estimate| {
        format!(
            "{} (95 % CI {}–{}, n = {})",
            Sig(e.value, DIGITS),
            Sig(e.low, INTERVAL_DIGITS),
            Sig(e.high, INTERVAL_DIGITS),
            e.n
        )
    };
    let bound = if l.unfinished > 0 { format!("; {} unfinished: a lower bound", l.unfinished) } else { String::new() };
    match g.law {
        Law::Polynomial => format!("polynomial, k = {}{bound}", with(&g.exponent)),
        Law::Exponential => format!("exponential, b = {}{bound}", with(&g.base)),
        Law::Undecided => format!("cannot tell ({} sizes, ΔAIC {:.1}{bound})", l.sizes.len(), g.delta_aic.abs()),
    }
}

/// The fit columns of a growth row as table cells: exponent, R², base, R², better fit (or why
/// there is none).
pub(crate) fn fit_cells(g: &Growth) -> String {
    fit_columns(g).iter().map(|c| format!(" {c} |")).collect()
}

/// The fit columns of a growth row: exponent, R², base, R², better fit (or why there is none).
fn fit_columns(g: &Growth) -> [String; 5] {
    let (exp_b, r2_p, base, r2_e, better) = match (g.power, g.exponential) {
        (Some(p), Some(e)) => (
            format!("{:.2}", p.slope),
            format!("{:.3}", p.r2),
            format!("{:.3}", 10f64.powf(e.slope)),
            format!("{:.3}", e.r2),
            g.better_fit().to_owned(),
        ),
        _ => {
            let note = format!("too few points ({} < {MIN_FIT_POINTS})", g.points.len());
            ("—".into(), "—".into(), "—".into(), "—".into(), note)
        }
    };
    [exp_b, r2_p, base, r2_e, better]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_fits_need_three_sizes_and_recover_a_power_law() {
        let cubic: Vec<(usize, f64)> = [9, 16, 25].iter().map(|&n| (n, 1e-4 * (n as f64).powi(3))).collect();
        let g = Growth::fit("sat", &Group::PLANTED, cubic.clone(), vec![36]);
        assert!((g.power.expect("a fit").slope - 3.0).abs() < 1e-9);
        assert_eq!(g.censored, vec![36]);
        assert_eq!(g.better_fit(), "polynomial");
        let two = Growth::fit("sat", &Group::PLANTED, cubic[..2].to_vec(), Vec::new());
        assert!(two.power.is_none());
    }

    #[test]
    fn an_exponential_series_reads_as_a_base_to_the_n() {
        let doubling: Vec<(usize, f64)> = [4, 9, 16, 25].iter().map(|&n| (n, 1e-6 * 2f64.powi(n as i32))).collect();
        let g = Growth::fit("backtrack", &Group::PLANTED, doubling, Vec::new());
        assert_eq!(g.better_fit(), "exponential");
    }
}
