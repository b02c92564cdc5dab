//! The numbers the report is made of, computed once so its tables and its conclusions agree:
//! per-cell summaries, paired speed ratios, growth fits in N, hardness peaks in α and how many
//! generated instances turned out solvable.

use std::collections::{BTreeMap, BTreeSet};

use super::results::{difficulty_order, solver_order, verdict, Alpha, Outcome, Results, Summary, Verdict};
use super::stats::{self, LinearFit};

/// The solver whose search effort (dead ends) locates the hardness peak.
pub(crate) const PEAK_SOLVER: &str = "backtrack";
/// Sizes needed before a growth fit is worth stating (two points always fit a line exactly).
pub(crate) const MIN_FIT_POINTS: usize = 3;
/// α values needed before an argmax in α is called a peak.
pub(crate) const MIN_PEAK_ALPHAS: usize = 3;
/// The mode whose instances have a difficulty instead of an α axis.
pub(crate) const UNIQUE_MODE: &str = "unique";

/// One row of the main table: a (N, box shape, mode, difficulty, α, solver) cell.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct CellKey {
    pub n: usize,
    pub shape: (usize, usize),
    pub mode: String,
    pub difficulty: (usize, String),
    pub alpha: Alpha,
    pub solver: (usize, String),
}

/// Two solvers compared on the instances both were run on.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pairing {
    /// The first solver (numerator of the ratio).
    pub a: String,
    /// The second solver (denominator).
    pub b: String,
    /// (mode, N) for a per-size row; `None` for all instances pooled.
    pub scope: Option<(String, usize)>,
    /// Instances both were run on.
    pub paired: usize,
    /// Of those, instances `a` did not finish (limit, memory or error).
    pub a_unfinished: usize,
    /// Of those, instances `b` did not finish.
    pub b_unfinished: usize,
    /// t(a) / t(b) over the instances both solved.
    pub ratios: Vec<f64>,
    /// N of the instances both solved.
    pub sizes: BTreeSet<usize>,
}

impl Pairing {
    /// Median of t(a)/t(b) over the instances both solved.
    pub fn median_ratio(&self) -> Option<f64> {
        stats::median(&self.ratios)
    }
}

/// How one solver's median time grows with N.
#[derive(Debug, Clone)]
pub(crate) struct Growth {
    pub solver: String,
    pub mode: String,
    /// (N, median seconds) where the median is below the time limit.
    pub points: Vec<(usize, f64)>,
    /// N where the median is censored by the limit (left out of the fits).
    pub censored: Vec<usize>,
    /// log10 t = a + b·log10 N: b is the polynomial exponent.
    pub power: Option<LinearFit>,
    /// log10 t = a + b·N: 10^b is the growth factor per unit of N.
    pub exponential: Option<LinearFit>,
}

/// Where a median peaks over α.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PeakAt {
    /// The α values attaining the maximum (several when tied, e.g. all at the limit).
    pub alphas: Vec<Alpha>,
    /// The maximum median.
    pub value: f64,
    /// `true` when the maximum is the time limit (so the true peak is unknown).
    pub censored: bool,
    /// `true` when the peak is at the smallest or largest α swept (it may lie outside the sweep).
    pub edge: bool,
}

/// Hardness peaks of one (mode, N) sweep over α.
#[derive(Debug, Clone)]
pub(crate) struct Peak {
    pub mode: String,
    pub n: usize,
    /// The α values swept.
    pub alphas: Vec<Alpha>,
    /// Peak of the median search effort of [`PEAK_SOLVER`], with "dead ends", "guesses" or "nodes".
    pub effort: Option<(&'static str, PeakAt)>,
    /// Peak of the median time of each solver.
    pub times: Vec<(String, PeakAt)>,
}

/// How many instances of one (mode, N, difficulty, α) cell were solvable.
#[derive(Debug, Clone, Default)]
pub(crate) struct Solvability {
    pub instances: usize,
    pub solvable: usize,
    pub infeasible: usize,
    pub unresolved: usize,
}

/// Everything the report states.
#[derive(Debug, Clone)]
pub(crate) struct Analysis {
    pub cells: BTreeMap<CellKey, Summary>,
    /// Per (mode, N).
    pub pairings: Vec<Pairing>,
    /// Per N over all modes (scope mode `all`).
    pub size_pairings: Vec<Pairing>,
    /// Over everything.
    pub pooled_pairings: Vec<Pairing>,
    pub growth: Vec<Growth>,
    pub peaks: Vec<Peak>,
    /// Per (mode, N, difficulty, α).
    pub solvability: BTreeMap<(String, usize, (usize, String), Alpha), Solvability>,
}

impl Analysis {
    /// Computes every statistic of the report from `results`.
    pub fn of(results: &Results) -> Self {
        let cells = results.summarize(|r| {
            Some(CellKey {
                n: r.n,
                shape: (r.box_rows, r.box_cols),
                mode: r.mode.clone(),
                difficulty: difficulty_order(&r.difficulty),
                alpha: Alpha::new(r.alpha),
                solver: solver_order(&r.solver),
            })
        });
        let [pairings, size_pairings, pooled_pairings] = pairings(results);
        Analysis {
            cells,
            pairings,
            size_pairings,
            pooled_pairings,
            growth: growth(results),
            peaks: peaks(results),
            solvability: solvability(results),
        }
    }
}

/// Mode name of comparisons pooled over modes.
pub(crate) const ALL_MODES: &str = "all";

/// A solver's display-order sort key (see [`solver_order`]).
type SolverKey = (usize, String);
/// One solver's summaries along the α values of a sweep.
type Sweep<'a> = Vec<(Alpha, &'a Summary)>;

/// Paired comparisons per (mode, N), per N and pooled, for every pair of solvers in display order.
fn pairings(results: &Results) -> [Vec<Pairing>; 3] {
    let solvers = results.solvers();
    let mut scoped: BTreeMap<(String, usize, usize, usize), Pairing> = BTreeMap::new();
    let mut sized: BTreeMap<(usize, usize, usize), Pairing> = BTreeMap::new();
    let mut pooled: BTreeMap<(usize, usize), Pairing> = BTreeMap::new();
    for (key, runs) in results.instances() {
        let by_solver: BTreeMap<usize, _> =
            runs.iter().filter_map(|r| Some((solvers.iter().position(|s| *s == r.solver)?, *r))).collect();
        for (&i, ra) in &by_solver {
            for (&j, rb) in by_solver.range(i + 1..) {
                let scope = Some((key.mode.clone(), key.n));
                let all = Some((ALL_MODES.to_owned(), key.n));
                let targets = [
                    scoped.entry((key.mode.clone(), key.n, i, j)).or_insert_with(|| pairing(&solvers, i, j, scope)),
                    sized.entry((key.n, i, j)).or_insert_with(|| pairing(&solvers, i, j, all)),
                    pooled.entry((i, j)).or_insert_with(|| pairing(&solvers, i, j, None)),
                ];
                for p in targets {
                    add_pair(p, ra, rb, key.n);
                }
            }
        }
    }
    [scoped.into_values().collect(), sized.into_values().collect(), pooled.into_values().collect()]
}

/// An empty comparison of `solvers[i]` with `solvers[j]`.
fn pairing(solvers: &[String], i: usize, j: usize, scope: Option<(String, usize)>) -> Pairing {
    Pairing { a: solvers[i].clone(), b: solvers[j].clone(), scope, ..Pairing::default() }
}

/// Adds one instance on which both solvers ran.
fn add_pair(p: &mut Pairing, a: &crate::experiment::record::RunRow, b: &crate::experiment::record::RunRow, n: usize) {
    p.paired += 1;
    let (oa, ob) = (Outcome::of(a), Outcome::of(b));
    p.a_unfinished += usize::from(!oa.finished());
    p.b_unfinished += usize::from(!ob.finished());
    if oa == Outcome::Solved && ob == Outcome::Solved && a.seconds > 0.0 && b.seconds > 0.0 {
        p.ratios.push(a.seconds / b.seconds);
        p.sizes.insert(n);
    }
}

/// Growth fits per (solver, mode), over the uncensored medians pooled over α.
fn growth(results: &Results) -> Vec<Growth> {
    let medians = results.summarize(|r| Some((solver_order(&r.solver), r.mode.clone(), r.n)));
    let mut by_series: BTreeMap<((usize, String), String), Growth> = BTreeMap::new();
    for ((solver, mode, n), summary) in medians {
        let g = by_series.entry((solver.clone(), mode.clone())).or_insert_with(|| Growth {
            solver: solver.1.clone(),
            mode: mode.clone(),
            points: Vec::new(),
            censored: Vec::new(),
            power: None,
            exponential: None,
        });
        match summary.median() {
            Some(m) if results.is_censored(m) => g.censored.push(n),
            Some(m) if m > 0.0 => g.points.push((n, m)),
            _ => {}
        }
    }
    let mut out: Vec<Growth> = by_series.into_values().collect();
    for g in &mut out {
        if g.points.len() >= MIN_FIT_POINTS {
            let log_t = |&(n, t): &(usize, f64)| (n as f64, t.log10());
            let power: Vec<_> = g.points.iter().map(log_t).map(|(n, lt)| (n.log10(), lt)).collect();
            let exponential: Vec<_> = g.points.iter().map(log_t).collect();
            g.power = stats::linear_fit(&power);
            g.exponential = stats::linear_fit(&exponential);
        }
    }
    out
}

/// Hardness peaks per (mode, N) with enough α values; `unique` mode has no α axis and is skipped.
fn peaks(results: &Results) -> Vec<Peak> {
    let cells = results.summarize(|r| {
        (r.mode != UNIQUE_MODE).then(|| (r.mode.clone(), r.n, solver_order(&r.solver), Alpha::new(r.alpha)))
    });
    let mut sweeps: BTreeMap<(String, usize), BTreeMap<SolverKey, Sweep<'_>>> = BTreeMap::new();
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
        let effort = by_solver.get(&solver_order(PEAK_SOLVER)).and_then(|sweep| {
            let sweep: Vec<(Alpha, &Summary)> = sweep.iter().filter(|(_, s)| s.effort().is_some()).copied().collect();
            let summaries: Vec<&Summary> = sweep.iter().map(|(_, s)| *s).collect();
            let (word, values) = super::results::sweep_effort(&summaries)?;
            let values: Vec<(Alpha, f64)> = sweep.iter().map(|(a, _)| *a).zip(values).collect();
            Some((word, argmax(&values, &alphas, |_| false)?))
        });
        let times = by_solver
            .iter()
            .filter_map(|(solver, sweep)| {
                let values: Vec<(Alpha, f64)> = sweep.iter().filter_map(|(a, s)| Some((*a, s.median()?))).collect();
                Some((solver.1.clone(), argmax(&values, &alphas, |v| results.is_censored(v))?))
            })
            .collect();
        out.push(Peak { mode, n, alphas, effort, times });
    }
    out
}

/// The α values where `values` is largest (ties within 0.1 %), and whether that is censored or at
/// the edge of the sweep `alphas`.
fn argmax(values: &[(Alpha, f64)], alphas: &[Alpha], censored: impl Fn(f64) -> bool) -> Option<PeakAt> {
    let max = values.iter().map(|(_, v)| *v).max_by(f64::total_cmp)?;
    let at: Vec<Alpha> = values.iter().filter(|(_, v)| *v >= max - max.abs() * 1e-3).map(|(a, _)| *a).collect();
    let edge = at.first() == alphas.first() || at.last() == alphas.last();
    Some(PeakAt { alphas: at, value: max, censored: censored(max), edge })
}

/// Instance verdicts per (mode, N, difficulty, α).
fn solvability(results: &Results) -> BTreeMap<(String, usize, (usize, String), Alpha), Solvability> {
    let mut out: BTreeMap<_, Solvability> = BTreeMap::new();
    for (key, runs) in results.instances() {
        let s = out.entry((key.mode, key.n, difficulty_order(&key.difficulty), key.alpha)).or_default();
        s.instances += 1;
        match verdict(&runs) {
            Verdict::Solvable => s.solvable += 1,
            Verdict::Infeasible => s.infeasible += 1,
            Verdict::Unresolved => s.unresolved += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argmax_reports_ties_and_edges() {
        let a = |x: f64| Alpha::new(x);
        let sweep = [a(0.2), a(0.4), a(0.6)];
        let peak = argmax(&[(a(0.2), 1.0), (a(0.4), 5.0), (a(0.6), 2.0)], &sweep, |_| false).unwrap();
        assert_eq!(peak.alphas, vec![a(0.4)]);
        assert!(!peak.edge && !peak.censored);
        let tied = argmax(&[(a(0.2), 10.0), (a(0.4), 10.0), (a(0.6), 2.0)], &sweep, |v| v >= 10.0).unwrap();
        assert_eq!(tied.alphas, vec![a(0.2), a(0.4)]);
        assert!(tied.edge && tied.censored);
    }
}
