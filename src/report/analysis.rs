//! The numbers the report is made of, computed once so its tables and its conclusions agree:
//! per-cell summaries, paired speed ratios, growth fits in N and how many generated instances
//! turned out solvable; and, from their own modules, the hardness peaks in α ([`super::peaks`]),
//! growth at the peak versus off it ([`super::peak_growth`]) and the fastest solver per size
//! ([`super::winners`]).

use std::collections::{BTreeMap, BTreeSet};

use super::peak_growth::{peak_growth, PeakGrowth};
use super::peaks::{peaks, Peak};
use super::winners::{fastest, Fastest};
use crate::experiment::record::RunRow;
use crate::results::stats::{self, LinearFit};
use crate::results::{difficulty_order, fmt_num, solver_order, verdict, Alpha, Outcome, Results, Summary, Verdict};

pub(crate) use crate::results::UNIQUE_MODE;

/// Sizes needed before a growth fit is worth stating (two points always fit a line exactly).
pub(crate) const MIN_FIT_POINTS: usize = 3;

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
    /// α for a per-(mode, N, α) comparison; `None` when pooled over α.
    pub alpha: Option<Alpha>,
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

    /// The Markdown cells `paired | both solved | median t(A)/t(B) | A unfinished | B unfinished`.
    pub fn count_cells(&self) -> String {
        let median = self.median_ratio().map_or_else(|| "—".to_owned(), fmt_num);
        format!("{} | {} | {median} | {} | {}", self.paired, self.ratios.len(), self.a_unfinished, self.b_unfinished)
    }

    /// The same comparison with `first` as `a` (ratios inverted when the solvers swap places);
    /// `None` when `first` is neither solver.
    pub fn oriented(&self, first: &str) -> Option<Pairing> {
        if self.a == first {
            return Some(self.clone());
        }
        (self.b == first).then(|| Pairing {
            a: self.b.clone(),
            b: self.a.clone(),
            a_unfinished: self.b_unfinished,
            b_unfinished: self.a_unfinished,
            ratios: self.ratios.iter().map(|r| 1.0 / r).collect(),
            ..self.clone()
        })
    }
}

/// The comparison of `a` with `b` among `pairings` whose scope is `scope` and α `alpha`, with `a`
/// as the numerator.
pub(crate) fn find_pairing(
    pairings: &[Pairing],
    (a, b): (&str, &str),
    scope: &Option<(String, usize)>,
    alpha: Option<Alpha>,
) -> Option<Pairing> {
    pairings
        .iter()
        .filter(|p| &p.scope == scope && p.alpha == alpha)
        .find(|p| (p.a == a && p.b == b) || (p.a == b && p.b == a))
        .and_then(|p| p.oriented(a))
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

impl Growth {
    /// Fits `points` (N, seconds) when there are at least [`MIN_FIT_POINTS`] of them.
    pub fn fit(solver: &str, mode: &str, points: Vec<(usize, f64)>, censored: Vec<usize>) -> Growth {
        let (mut power, mut exponential) = (None, None);
        if points.len() >= MIN_FIT_POINTS {
            let log_t: Vec<(f64, f64)> = points.iter().map(|&(n, t)| (n as f64, t.log10())).collect();
            let log_log: Vec<(f64, f64)> = log_t.iter().map(|&(n, lt)| (n.log10(), lt)).collect();
            power = stats::linear_fit(&log_log);
            exponential = stats::linear_fit(&log_t);
        }
        Growth { solver: solver.to_owned(), mode: mode.to_owned(), points, censored, power, exponential }
    }
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
    pub peak_growth: Vec<PeakGrowth>,
    /// The fastest solver per (mode, N).
    pub fastest: Vec<Fastest>,
    /// The fastest solver per (mode, N, α), for sweeps short enough to tabulate.
    pub fastest_per_alpha: Vec<Fastest>,
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
        let [pairings, size_pairings, pooled_pairings, alpha_pairings] = pairings(results);
        let peaks = peaks(results);
        let peak_growth = peak_growth(results, &peaks);
        let (fastest, fastest_per_alpha) = fastest(results, &pairings, &alpha_pairings);
        Analysis {
            cells,
            pairings,
            size_pairings,
            pooled_pairings,
            growth: growth(results),
            peaks,
            peak_growth,
            fastest,
            fastest_per_alpha,
            solvability: solvability(results),
        }
    }
}

/// Mode name of comparisons pooled over modes.
pub(crate) const ALL_MODES: &str = "all";

/// Where a comparison applies: (mode, N) or pooled, and α or pooled over α.
type Scope = (Option<(String, usize)>, Option<Alpha>);

/// Paired comparisons per (mode, N), per N, pooled, and per (mode, N, α), for every pair of
/// solvers in display order.
fn pairings(results: &Results) -> [Vec<Pairing>; 4] {
    let solvers = results.solvers();
    let mut maps: [BTreeMap<(Scope, usize, usize), Pairing>; 4] = Default::default();
    for (key, runs) in results.instances() {
        let by_solver: BTreeMap<usize, _> =
            runs.iter().filter_map(|r| Some((solvers.iter().position(|s| *s == r.solver)?, *r))).collect();
        let with_alpha = key.mode != UNIQUE_MODE;
        let scopes: [Option<Scope>; 4] = [
            Some((Some((key.mode.clone(), key.n)), None)),
            Some((Some((ALL_MODES.to_owned(), key.n)), None)),
            Some((None, None)),
            with_alpha.then(|| (Some((key.mode.clone(), key.n)), Some(key.alpha))),
        ];
        for (&i, ra) in &by_solver {
            for (&j, rb) in by_solver.range(i + 1..) {
                for (map, scope) in maps.iter_mut().zip(&scopes) {
                    let Some(scope) = scope else { continue };
                    let p = map.entry((scope.clone(), i, j)).or_insert_with(|| Pairing {
                        a: solvers[i].clone(),
                        b: solvers[j].clone(),
                        scope: scope.0.clone(),
                        alpha: scope.1,
                        ..Pairing::default()
                    });
                    add_pair(p, ra, rb, key.n);
                }
            }
        }
    }
    maps.map(|m| m.into_values().collect())
}

/// Adds one instance on which both solvers ran.
fn add_pair(p: &mut Pairing, a: &RunRow, b: &RunRow, n: usize) {
    p.paired += 1;
    let (oa, ob) = (Outcome::of(a), Outcome::of(b));
    p.a_unfinished += usize::from(!oa.finished());
    p.b_unfinished += usize::from(!ob.finished());
    if oa == Outcome::Solved && ob == Outcome::Solved && a.seconds > 0.0 && b.seconds > 0.0 {
        p.ratios.push(a.seconds / b.seconds);
        p.sizes.insert(n);
    }
}

/// The (N, median seconds) points of a series and its censored sizes.
type SizePoints = (Vec<(usize, f64)>, Vec<usize>);

/// Growth fits per (solver, mode), over the uncensored medians pooled over α.
fn growth(results: &Results) -> Vec<Growth> {
    let medians = results.summarize(|r| Some((solver_order(&r.solver), r.mode.clone(), r.n)));
    let mut by_series: BTreeMap<((usize, String), String), SizePoints> = BTreeMap::new();
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
    fn a_comparison_turned_around_inverts_each_ratio_and_swaps_the_counts() {
        let p = Pairing {
            a: "sat".into(),
            b: "sat-minimal".into(),
            paired: 3,
            a_unfinished: 1,
            ratios: vec![0.5, 0.25],
            ..Pairing::default()
        };
        let q = p.oriented("sat-minimal").expect("one of the two");
        assert_eq!((q.a.as_str(), q.b.as_str()), ("sat-minimal", "sat"));
        assert_eq!((q.a_unfinished, q.b_unfinished), (0, 1));
        assert_eq!(q.ratios, vec![2.0, 4.0]);
        assert_eq!(q.median_ratio(), Some(3.0), "the median of the inverses, not the inverse of the median");
        assert!(p.oriented("backtrack").is_none());
    }

    #[test]
    fn growth_fits_need_three_sizes_and_recover_a_power_law() {
        let cubic: Vec<(usize, f64)> = [9, 16, 25].iter().map(|&n| (n, 1e-4 * (n as f64).powi(3))).collect();
        let g = Growth::fit("sat", "planted", cubic.clone(), vec![36]);
        assert!((g.power.expect("a fit").slope - 3.0).abs() < 1e-9);
        assert_eq!(g.censored, vec![36]);
        assert!(Growth::fit("sat", "planted", cubic[..2].to_vec(), Vec::new()).power.is_none());
    }
}
