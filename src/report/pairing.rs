//! Paired speed ratios: two solvers compared on the instances both ran, per (mode, N), per N over
//! the modes, pooled, and per (mode, N, α); and the ratio matrices of the report, one per N. The
//! ratio of a pair is the geometric mean of the per-instance ratios t(A)/t(B) over the instances
//! both finished (solved or proved infeasible): it turns around exactly when the solvers swap
//! places and weighs a 10× win like a 10× loss. Times are the results' clock
//! ([`crate::results::Clock`]): total (set-up + search) unless asked otherwise.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use crate::experiment::record::RunRow;
use crate::results::{fmt_num, Alpha, Group, Results};

/// Two solvers compared on the instances both were run on.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pairing {
    /// The first solver (numerator of the ratio).
    pub a: String,
    /// The second solver (denominator).
    pub b: String,
    /// (mode, N) for a per-size row; `None` for all instances pooled.
    pub scope: Option<SizeScope>,
    /// α for a per-(mode, N, α) comparison; `None` when pooled over α.
    pub alpha: Option<Alpha>,
    /// Instances both were run on.
    pub paired: usize,
    /// Of those, instances `a` did not finish (limit, memory or error).
    pub a_unfinished: usize,
    /// Of those, instances `b` did not finish.
    pub b_unfinished: usize,
    /// t(a) / t(b) over the instances both finished.
    pub ratios: Vec<f64>,
    /// N of the instances both finished.
    pub sizes: BTreeSet<usize>,
}

impl Pairing {
    /// The geometric mean of t(a)/t(b) over the instances both finished; `None` without any.
    pub fn ratio(&self) -> Option<f64> {
        geometric_mean(&self.ratios)
    }

    /// The ratio and its count as one matrix cell, `8.07 (164)`; `— (0)` without instances both finished.
    pub fn ratio_cell(&self) -> String {
        format!("{} ({})", self.ratio().map_or_else(|| "—".to_owned(), fmt_num), self.ratios.len())
    }

    /// The Markdown cells `paired | both finished | t(A)/t(B) | A unfinished | B unfinished`.
    pub fn count_cells(&self) -> String {
        let ratio = self.ratio().map_or_else(|| "—".to_owned(), fmt_num);
        format!("{} | {} | {ratio} | {} | {}", self.paired, self.ratios.len(), self.a_unfinished, self.b_unfinished)
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
    scope: &Option<SizeScope>,
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

/// The instances of one size a comparison pools: one group's (mode or set) at N, or every
/// group's at N (`None`, named [`ALL_MODES`]).
pub(crate) type SizeScope = (Option<Group>, usize);

/// The name of a [`SizeScope`]'s group: the group's, or [`ALL_MODES`].
pub(crate) fn scope_name(group: &Option<Group>) -> String {
    group.as_ref().map_or_else(|| ALL_MODES.to_owned(), Group::name)
}

/// Where a comparison applies: (mode, N) or pooled, and α or pooled over α.
type Scope = (Option<SizeScope>, Option<Alpha>);

/// The comparisons of every pair of solvers, in display order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pairings {
    /// Per (mode, N).
    pub per_size: Vec<Pairing>,
    /// Per N over all modes (scope mode [`ALL_MODES`]).
    pub per_size_all_modes: Vec<Pairing>,
    /// Per (mode, N, α), for modes with an α axis.
    pub per_alpha: Vec<Pairing>,
}

/// Paired comparisons per (mode, N), per N and per (mode, N, α), for every pair of
/// solvers in display order, on the results' clock.
pub(crate) fn pairings(results: &Results) -> Pairings {
    let solvers = results.solvers();
    let mut maps: [BTreeMap<(Scope, usize, usize), Pairing>; 3] = Default::default();
    for (key, runs) in results.instances() {
        let mut by_solver: BTreeMap<usize, Vec<&RunRow>> = BTreeMap::new();
        for r in &runs {
            if let Some(i) = solvers.iter().position(|s| *s == r.solver) {
                by_solver.entry(i).or_default().push(r);
            }
        }
        let with_alpha = !key.mode.is_unique();
        let scopes: [Option<Scope>; 3] = [
            Some((Some((Some(key.mode.clone()), key.n)), None)),
            Some((Some((None, key.n)), None)),
            with_alpha.then(|| (Some((Some(key.mode.clone()), key.n)), Some(key.alpha))),
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
    let [per_size, per_size_all_modes, per_alpha] = maps.map(|m| m.into_values().collect());
    Pairings { per_size, per_size_all_modes, per_alpha }
}

/// The geometric mean of positive `values`; `None` when there are none.
pub(crate) fn geometric_mean(values: &[f64]) -> Option<f64> {
    let logs: Vec<f64> = values.iter().filter(|v| **v > 0.0 && v.is_finite()).map(|v| v.ln()).collect();
    (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp())
}

/// Adds one instance on which both solvers ran, each with its runs (one per solver seed): a
/// solver finished the instance when every run finished, and its time is the geometric mean of
/// its runs' times.
fn add_pair(results: &Results, p: &mut Pairing, a: &[&RunRow], b: &[&RunRow], n: usize) {
    p.paired += 1;
    let finished = |runs: &[&RunRow]| runs.iter().all(|r| results.judged(r).finished());
    let (fa, fb) = (finished(a), finished(b));
    p.a_unfinished += usize::from(!fa);
    p.b_unfinished += usize::from(!fb);
    let time = |runs: &[&RunRow]| {
        let times: Vec<f64> = runs.iter().map(|r| results.clock.seconds(r)).collect();
        if times.iter().all(|t| *t > 0.0) {
            geometric_mean(&times)
        } else {
            None
        }
    };
    if let (true, true, Some(ta), Some(tb)) = (fa, fb, time(a), time(b)) {
        p.ratios.push(ta / tb);
        p.sizes.insert(n);
    }
}

/// What the pairing and effort tables do with solver seeds, said where runs have them.
pub(crate) const SEEDED: &str = " With several solver seeds per instance, a solver's time on an instance is the \
     geometric mean of its seeds' times (its effort their mean), and it counts as finished (solved) when every \
     seed did.";

/// The speed-ratio matrices: one per N (pooled over modes), a row and a column per solver; cell
/// (A, B) is the geometric mean over the instances both finished of t(A)/t(B), with their count.
pub(crate) fn section(out: &mut String, results: &Results, pairings: &Pairings) {
    let solvers = results.solvers();
    if solvers.len() < 2 {
        return;
    }
    let mut sizes: Vec<usize> =
        pairings.per_size_all_modes.iter().filter_map(|p| p.scope.as_ref().map(|s| s.1)).collect();
    sizes.sort_unstable();
    sizes.dedup();
    out.push_str("## Speed ratios on the same instances\n\n");
    let pooled =
        if results.modes().len() > 1 { format!(" (all {} pooled)", results.modes_word()) } else { String::new() };
    let _ = writeln!(
        out,
        "One matrix per N{pooled}. Runs are paired by instance (experiment, box shape, α, mode, difficulty, repeat, \
         seed). Cell (row A, column B): the geometric mean over the instances **both finished** (solved or proved \
         infeasible) of t(A) / t(B) on total time, and in brackets how many instances that is; above 1 the column's \
         solver B is faster. Instances one of the two did not finish are left out, so a ratio can flatter the solver \
         that gives up; the *Runs not finished* table says how many those are.{}\n",
        if results.seeded() { SEEDED } else { "" }
    );
    let heads: String = solvers.iter().map(|s| format!(" {s} |")).collect();
    for n in sizes {
        let scope = Some((None, n));
        let _ = writeln!(out, "### N = {n}: t(row) / t(column)\n");
        let _ = writeln!(out, "| A \\ B |{heads}");
        let _ = writeln!(out, "|---|{}", "---|".repeat(solvers.len()));
        for a in &solvers {
            let cells: String = solvers
                .iter()
                .map(|b| {
                    if a == b {
                        return " — |".to_owned();
                    }
                    match find_pairing(&pairings.per_size_all_modes, (a, b), &scope, None) {
                        Some(p) => format!(" {} |", p.ratio_cell()),
                        None => " |".to_owned(),
                    }
                })
                .collect();
            let _ = writeln!(out, "| **{a}** |{cells}");
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_turned_around_inverts_its_geometric_mean_and_swaps_the_counts() {
        let p = Pairing {
            a: "sat".into(),
            b: "sat-minimal".into(),
            paired: 3,
            a_unfinished: 1,
            ratios: vec![0.5, 0.125],
            ..Pairing::default()
        };
        let q = p.oriented("sat-minimal").expect("one of the two");
        assert_eq!((q.a.as_str(), q.b.as_str()), ("sat-minimal", "sat"));
        assert_eq!((q.a_unfinished, q.b_unfinished), (0, 1));
        assert_eq!(q.ratios, vec![2.0, 8.0]);
        let (forth, back) = (p.ratio().expect("two ratios"), q.ratio().expect("two ratios"));
        assert!((back - 4.0).abs() < 1e-12 && (forth * back - 1.0).abs() < 1e-12, "{forth} {back}");
        assert_eq!(q.ratio_cell(), "4.00 (2)");
        assert_eq!(Pairing::default().ratio_cell(), "— (0)");
        assert!(p.oriented("backtrack").is_none());
    }

    #[test]
    fn the_geometric_mean_skips_what_is_no_ratio() {
        assert_eq!(geometric_mean(&[]), None);
        assert_eq!(geometric_mean(&[0.0, f64::NAN]), None);
        assert!((geometric_mean(&[10.0, 0.1, 1.0]).expect("three") - 1.0).abs() < 1e-12);
    }
}
