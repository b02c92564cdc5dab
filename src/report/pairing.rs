//! Paired speed ratios: two solvers compared on the instances both ran, per (mode, N), per N over
//! the modes, pooled, and per (mode, N, α); the ratio table and its conclusions. Times are the
//! results' clock ([`crate::results::Clock`]): total (set-up + search) unless asked otherwise.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::speedup_phrase;
use crate::experiment::record::RunRow;
use crate::results::stats;
use crate::results::{fmt_num, Alpha, Outcome, Results, UNIQUE_MODE};

/// Below this many paired instances a ratio is called indicative.
const FEW_PAIRS: usize = 5;

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

/// Mode name of comparisons pooled over modes.
pub(crate) const ALL_MODES: &str = "all";

/// Where a comparison applies: (mode, N) or pooled, and α or pooled over α.
type Scope = (Option<(String, usize)>, Option<Alpha>);

/// The comparisons of every pair of solvers, in display order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pairings {
    /// Per (mode, N).
    pub per_size: Vec<Pairing>,
    /// Per N over all modes (scope mode [`ALL_MODES`]).
    pub per_size_all_modes: Vec<Pairing>,
    /// Over everything.
    pub pooled: Vec<Pairing>,
    /// Per (mode, N, α), for modes with an α axis.
    pub per_alpha: Vec<Pairing>,
}

/// Paired comparisons per (mode, N), per N, pooled, and per (mode, N, α), for every pair of
/// solvers in display order, on the results' clock.
pub(crate) fn pairings(results: &Results) -> Pairings {
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
                    add_pair(results, p, ra, rb, key.n);
                }
            }
        }
    }
    let [per_size, per_size_all_modes, pooled, per_alpha] = maps.map(|m| m.into_values().collect());
    Pairings { per_size, per_size_all_modes, pooled, per_alpha }
}

/// Adds one instance on which both solvers ran.
fn add_pair(results: &Results, p: &mut Pairing, a: &RunRow, b: &RunRow, n: usize) {
    p.paired += 1;
    let (oa, ob) = (Outcome::of(a), Outcome::of(b));
    p.a_unfinished += usize::from(!oa.finished());
    p.b_unfinished += usize::from(!ob.finished());
    let (ta, tb) = (results.clock.seconds(a), results.clock.seconds(b));
    if oa == Outcome::Solved && ob == Outcome::Solved && ta > 0.0 && tb > 0.0 {
        p.ratios.push(ta / tb);
        p.sizes.insert(n);
    }
}

/// The ratio table: pooled, per N over the modes (only with two or more modes: with one they are
/// the per-(mode, N) rows again), per (mode, N); total-time ratios, and the search-only ratio of
/// the same pair beside them (from `search`, the same comparisons on search time alone).
pub(crate) fn section(out: &mut String, results: &Results, total: &Pairings, search: &Pairings) {
    out.push_str("## Speed ratios on the same instances\n\n");
    out.push_str(
        "Runs are paired by (experiment, box shape, α, mode, difficulty, repeat, seed). The ratio is \
         the median over the instances **both solved** of t(A) / t(B), on total time (set-up + \
         search): above 1 means B is faster. The last column is the same median on search time alone \
         (set-up left out). Instances proved infeasible are not in the ratio; the `unfinished` columns \
         count the paired instances each solver did not finish (limit, memory or error).\n\n",
    );
    out.push_str(
        "| A | B | mode | N | paired | both solved | median t(A)/t(B) | A unfinished | B unfinished | search-only t(A)/t(B) |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|---|---|\n");
    let several_modes = results.modes().len() > 1;
    let groups: [(&[Pairing], &[Pairing]); 3] = [
        (&total.pooled, &search.pooled),
        (if several_modes { &total.per_size_all_modes } else { &[] }, &search.per_size_all_modes),
        (&total.per_size, &search.per_size),
    ];
    for (rows, search_rows) in groups {
        for p in rows {
            let (mode, n) = match &p.scope {
                Some((mode, n)) => (mode.clone(), n.to_string()),
                None => (ALL_MODES.to_owned(), ALL_MODES.to_owned()),
            };
            let search_ratio = find_pairing(search_rows, (&p.a, &p.b), &p.scope, p.alpha)
                .and_then(|q| q.median_ratio())
                .map_or_else(|| "—".to_owned(), fmt_num);
            let _ = writeln!(out, "| {} | {} | {mode} | {n} | {} | {search_ratio} |", p.a, p.b, p.count_cells());
        }
    }
    out.push('\n');
}

/// One bullet per solver pair, pooled over all instances, noting where the faster one changes
/// with N; then, once, which ratios leave out instances their faster solver did not finish.
pub(crate) fn bullets(pairings: &Pairings) -> Vec<String> {
    let mut flattered = Vec::new();
    let mut out: Vec<String> = pairings
        .pooled
        .iter()
        .map(|p| {
            let unfinished = format!(
                "{} did not finish {} of the {} paired instances, {} {}",
                p.a, p.a_unfinished, p.paired, p.b, p.b_unfinished
            );
            let Some(ratio) = p.median_ratio() else {
                return format!(
                    "No speed ratio between {} and {}: no instance was solved by both ({unfinished}).",
                    p.a, p.b
                );
            };
            let sizes: Vec<String> = p.sizes.iter().map(|n| n.to_string()).collect();
            let hedge = if p.ratios.len() < FEW_PAIRS { " Few instances: indicative only." } else { "" };
            let (faster, slower, faster_unfinished) =
                if ratio >= 1.0 { (&p.b, &p.a, p.b_unfinished) } else { (&p.a, &p.b, p.a_unfinished) };
            if faster_unfinished > 0 {
                flattered.push(format!("{faster} over {slower} ({faster_unfinished} left out)"));
            }
            format!(
                "On the {} instances both solved (N = {}), {} (median of per-instance total-time ratios); \
                 {unfinished}.{}{hedge}",
                p.ratios.len(),
                sizes.join(", "),
                speedup_phrase(p, ratio),
                crossover(&pairings.per_size_all_modes, p)
            )
        })
        .collect();
    if !flattered.is_empty() {
        out.push(format!(
            "These ratios leave out the instances the faster solver did not finish, so they likely overstate \
             its advantage: {}.",
            flattered.join(", ")
        ));
    }
    out
}

/// " The faster solver changes with N: …" when it does; else empty.
fn crossover(per_size: &[Pairing], pooled: &Pairing) -> String {
    let mut a_faster = Vec::new();
    let mut b_faster = Vec::new();
    for p in per_size.iter().filter(|p| p.a == pooled.a && p.b == pooled.b) {
        let (Some(ratio), Some((_, n))) = (p.median_ratio(), &p.scope) else { continue };
        if ratio > 1.0 {
            b_faster.push(n.to_string());
        } else if ratio < 1.0 {
            a_faster.push(n.to_string());
        }
    }
    if a_faster.is_empty() || b_faster.is_empty() {
        return String::new();
    }
    format!(
        " The faster solver changes with N: {} is faster at N = {}, {} at N = {}.",
        pooled.a,
        a_faster.join(", "),
        pooled.b,
        b_faster.join(", ")
    )
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
    fn the_overstatement_caveat_is_said_once_naming_each_flattered_pair() {
        let pair = |a: &str, b: &str, ratio: f64, b_unfinished: usize| Pairing {
            a: a.into(),
            b: b.into(),
            paired: 10,
            b_unfinished,
            ratios: vec![ratio; 8],
            sizes: BTreeSet::from([9]),
            ..Pairing::default()
        };
        let pooled = vec![pair("ilp-clique", "backtrack", 50.0, 1), pair("ilp-clique", "sat", 40.0, 2)];
        let text = bullets(&Pairings { pooled, ..Pairings::default() });
        assert_eq!(text.len(), 3);
        assert_eq!(text.iter().filter(|b| b.contains("overstate")).count(), 1);
        assert!(
            text[2].ends_with("backtrack over ilp-clique (1 left out), sat over ilp-clique (2 left out)."),
            "{}",
            text[2]
        );
    }
}
