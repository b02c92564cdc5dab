//! The hardness peak in α: per (mode, N), the α where each solver's own search effort is largest
//! (dead ends, conflicts or B&B nodes; see [`crate::results::Effort`]) and where its median time
//! is, side by side so that one sees whether the paradigms find the same instances hard; compared
//! with the Latin-square literature.
//!
//! Runs stopped at the limit count only as lower bounds: an effort peak is `censored` when the
//! solver's median time at that α is the time limit, and it is not clearly located when the median
//! time is at the limit at another α (whose effort, a lower bound, could exceed the maximum).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::fmt_peak;
use crate::results::Group;
use crate::results::{
    argmax, solver_order, sweep_effort, Alpha, Effort, PeakAt, Results, Statistic, Summary, MIN_PEAK_ALPHAS,
};
use crate::results::{fmt_count, SweepEffort};

/// Sweeps with more α values than this are written as a range with a step.
const LIST_ALPHAS_UP_TO: usize = 6;

/// Where one solver's search effort peaks along one (mode, N) sweep.
#[derive(Debug, Clone)]
pub(crate) struct EffortPeak {
    pub solver: String,
    /// The effort statistic, summed up over the runs at each α by [`EffortPeak::statistic`].
    pub effort: Effort,
    pub statistic: Statistic,
    pub at: PeakAt,
    /// Other α values of the sweep where the solver's median time is the time limit.
    pub censored_elsewhere: Vec<Alpha>,
}

impl EffortPeak {
    /// Words for the value, e.g. `median conflicts`.
    pub fn words(&self) -> String {
        format!("{} {}", self.statistic.name(), self.effort.noun(&self.solver))
    }

    /// The peak α when it is clearly located: one α, inside the sweep, and no median time at the
    /// limit anywhere in the sweep.
    pub fn located(&self) -> Option<Alpha> {
        let at = &self.at;
        (!at.edge && !at.censored && self.censored_elsewhere.is_empty() && at.alphas.len() == 1).then(|| at.alphas[0])
    }
}

/// Hardness peaks of one (mode, N) sweep over α.
#[derive(Debug, Clone)]
pub(crate) struct Peak {
    pub mode: Group,
    pub n: usize,
    /// The α values swept.
    pub alphas: Vec<Alpha>,
    /// Peak of each solver's search effort, in display order (solvers without one are absent).
    pub efforts: Vec<EffortPeak>,
    /// Peak of the median time of each solver, in display order.
    pub times: Vec<(String, PeakAt)>,
}

/// One solver's summaries along the α values of a sweep.
type Sweep<'a> = Vec<(Alpha, &'a Summary)>;

/// Hardness peaks per (mode, N) with enough α values; `unique` mode has no α axis and is skipped,
/// and so is an instance set whose fills are not a sweep ([`Results::sweeps_fill`]).
pub(crate) fn peaks(results: &Results) -> Vec<Peak> {
    let sweeps_fill: BTreeMap<Group, bool> =
        results.modes().into_iter().map(|m| (m.clone(), results.sweeps_fill(&m))).collect();
    let cells = results.summarize(|r| {
        sweeps_fill[&Group::of(r)].then(|| (Group::of(r), r.n, solver_order(&r.solver), Alpha::new(r.alpha)))
    });
    let mut sweeps: BTreeMap<(Group, usize), BTreeMap<(usize, String), Sweep<'_>>> = BTreeMap::new();
    for ((mode, n, solver, alpha), s) in &cells {
        sweeps.entry((mode.clone(), *n)).or_default().entry(solver.clone()).or_default().push((*alpha, s));
    }
    let mut out = Vec::new();
    for ((mode, n), by_solver) in sweeps {
        let alphas: BTreeSet<Alpha> = by_solver.values().flatten().map(|(a, _)| *a).collect();
        if alphas.len() < MIN_PEAK_ALPHAS {
            continue;
        }
        let alphas: Vec<Alpha> = alphas.into_iter().collect();
        let efforts = by_solver.iter().filter_map(|((_, solver), sweep)| effort_peak(results, solver, sweep, &alphas));
        let times = by_solver.iter().filter_map(|((_, solver), sweep)| {
            let values: Vec<(Alpha, f64)> = sweep.iter().filter_map(|(a, s)| Some((*a, s.median()?))).collect();
            Some((solver.clone(), argmax(&values, &alphas, |_, v| results.is_censored(v))?))
        });
        out.push(Peak { mode, n, efforts: efforts.collect(), times: times.collect(), alphas });
    }
    out
}

/// Where `solver`'s effort peaks along `sweep`; `None` when its runs report no effort statistic.
fn effort_peak(results: &Results, solver: &str, sweep: &Sweep<'_>, alphas: &[Alpha]) -> Option<EffortPeak> {
    let with_effort: Vec<(Alpha, &Summary)> = sweep.iter().filter(|(_, s)| s.effort().is_some()).copied().collect();
    let summaries: Vec<&Summary> = with_effort.iter().map(|(_, s)| *s).collect();
    let SweepEffort { effort, statistic, values } = sweep_effort(&summaries)?;
    let values: Vec<(Alpha, f64)> = with_effort.iter().map(|(a, _)| *a).zip(values).collect();
    let time_censored: BTreeSet<Alpha> =
        sweep.iter().filter(|(_, s)| s.median().is_some_and(|m| results.is_censored(m))).map(|(a, _)| *a).collect();
    let at = argmax(&values, alphas, |a, _| time_censored.contains(&a))?;
    let censored_elsewhere = time_censored.iter().filter(|a| !at.alphas.contains(a)).copied().collect();
    Some(EffortPeak { solver: solver.to_owned(), effort, statistic, at, censored_elsewhere })
}

/// The α values swept: listed when few, else `first–last, step s (k values)`.
fn fmt_sweep(alphas: &[Alpha]) -> String {
    let step = spacing(alphas);
    let even = alphas.windows(2).all(|w| (w[1].value() - w[0].value() - step).abs() < 1e-6);
    match (alphas.first(), alphas.last()) {
        (Some(first), Some(last)) if alphas.len() > LIST_ALPHAS_UP_TO && even => {
            format!("{first}–{last}, step {} ({} values)", Alpha::new(step), alphas.len())
        }
        _ => alphas.iter().map(Alpha::to_string).collect::<Vec<_>>().join(", "),
    }
}

/// One effort peak as a table cell, e.g. `0.4 (1.2e5 median dead ends)`,
/// `0.5 (censored; ≥ 9.0e4 median conflicts)` or `0.2 (3.00 mean B&B nodes; limit at α = 0.4)`.
pub(crate) fn fmt_effort_peak(p: &EffortPeak) -> String {
    let location = fmt_peak(&PeakAt { censored: false, edge: false, ..p.at.clone() });
    let value = format!("{} {}", fmt_count(p.at.value), p.words());
    let text = if p.at.censored {
        format!("censored; ≥ {value}")
    } else if p.at.edge {
        format!("edge; {value}")
    } else {
        value
    };
    let elsewhere = if p.censored_elsewhere.is_empty() {
        String::new()
    } else {
        let alphas: Vec<String> = p.censored_elsewhere.iter().map(Alpha::to_string).collect();
        format!("; limit at α = {}", alphas.join(", "))
    };
    format!("{location} ({text}{elsewhere})")
}

/// The section: effort peaks per solver, then time peaks per solver; `mode` heads the mode column
/// ([`Results::mode_heading`](crate::results::Results::mode_heading)).
pub(crate) fn section(out: &mut String, peaks: &[Peak], mode: &str) {
    out.push_str("## Hardness peak in α\n\n");
    out.push_str(
        "For Latin-square (quasigroup) completion, search cost peaks near 42 % pre-filled cells at \
         orders around 9 (Gomes & Selman 1997; Achlioptas et al. 2000), and the peak moves to higher \
         fill as the order grows. Below, each solver's peak is the α with the largest median of its \
         own search effort, which is hardware-independent: *dead ends* for the backtracking solvers \
         (branches undone; zero when every guess was right, unlike the guess count, which grows with \
         the empty cells), *conflicts* for the SAT solvers (CDCL conflicts), *B&B nodes* for the ILP \
         solvers (branch-and-bound nodes; guesses or search nodes only where nothing better was \
         recorded). Where the median is the same at every α, the mean is used. `edge` means the peak \
         is at the end of the sweep (it may lie outside); `censored` means the solver's median time \
         at that α is the time limit, so its effort there is only a lower bound (`≥`); `limit at α = …` \
         names other α where the median time is the limit, whose effort could be larger still.\n\n",
    );
    if peaks.is_empty() {
        out.push_str("Too few α values (fewer than 3 per N) to locate a peak.\n\n");
        return;
    }
    let solvers = |names: &mut dyn Iterator<Item = String>| {
        let mut v: Vec<String> = names.collect();
        v.sort_by_key(|s| solver_order(s));
        v.dedup();
        v
    };
    let with_effort = solvers(&mut peaks.iter().flat_map(|p| p.efforts.iter().map(|e| e.solver.clone())));
    let heads: String = with_effort.iter().map(|s| format!(" effort peak: {s} |")).collect();
    let _ = writeln!(out, "| {mode} | N | α swept |{heads}");
    let _ = writeln!(out, "|{}", "---|".repeat(3 + with_effort.len()));
    for p in peaks {
        let cells: String = with_effort
            .iter()
            .map(|s| match p.efforts.iter().find(|e| &e.solver == s) {
                Some(e) => format!(" {} |", fmt_effort_peak(e)),
                None => " — |".to_owned(),
            })
            .collect();
        let _ = writeln!(out, "| {} | {} | {} |{cells}", p.mode, p.n, fmt_sweep(&p.alphas));
    }
    out.push_str(
        "\nFor comparison, the α with the largest median time of each solver (`censored`: that median is \
         the time limit, so the true peak cannot be located):\n\n",
    );
    let with_time = solvers(&mut peaks.iter().flat_map(|p| p.times.iter().map(|t| t.0.clone())));
    let heads: String = with_time.iter().map(|s| format!(" time peak: {s} |")).collect();
    let _ = writeln!(out, "| {mode} | N |{heads}");
    let _ = writeln!(out, "|{}", "---|".repeat(2 + with_time.len()));
    for p in peaks {
        let cells: String = with_time
            .iter()
            .map(|s| match p.times.iter().find(|t| &t.0 == s) {
                Some((_, at)) => format!(" {} |", fmt_peak(at)),
                None => " — |".to_owned(),
            })
            .collect();
        let _ = writeln!(out, "| {} | {} |{cells}", p.mode, p.n);
    }
    out.push('\n');
}

/// The smallest gap between consecutive α values swept.
fn spacing(alphas: &[Alpha]) -> f64 {
    alphas.windows(2).map(|w| w[1].value() - w[0].value()).fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peak(alphas: &[f64], value: f64, censored: bool, edge: bool) -> PeakAt {
        PeakAt { alphas: alphas.iter().map(|a| Alpha::new(*a)).collect(), value, censored, edge }
    }

    #[test]
    fn effort_cells_name_the_statistic_and_mark_censoring() {
        let mut p = EffortPeak {
            solver: "sat".into(),
            effort: Effort::Conflicts,
            statistic: Statistic::Median,
            at: peak(&[0.5], 31_000.0, false, false),
            censored_elsewhere: Vec::new(),
        };
        assert_eq!(fmt_effort_peak(&p), "0.5 (3.1e4 median conflicts)");
        assert_eq!(p.located(), Some(Alpha::new(0.5)));
        p.at.censored = true;
        assert_eq!(fmt_effort_peak(&p), "0.5 (censored; ≥ 3.1e4 median conflicts)");
        assert_eq!(p.located(), None);
        p.at = peak(&[0.5], 12.0, false, false);
        p.censored_elsewhere = vec![Alpha::new(0.4)];
        assert_eq!(fmt_effort_peak(&p), "0.5 (12.0 median conflicts; limit at α = 0.4)");
        assert_eq!(p.located(), None, "the limit elsewhere hides where the peak is");
    }

    #[test]
    fn long_even_sweeps_print_as_a_range() {
        let alphas: Vec<Alpha> = (0..20).map(|i| Alpha::new(0.05 * i as f64)).collect();
        assert_eq!(fmt_sweep(&alphas), "0–0.95, step 0.05 (20 values)");
        let short: Vec<Alpha> = [0.2, 0.4, 0.6, 0.8].map(Alpha::new).to_vec();
        assert_eq!(fmt_sweep(&short), "0.2, 0.4, 0.6, 0.8");
    }
}
