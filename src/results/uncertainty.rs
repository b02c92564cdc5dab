//! The statistics of a results folder with their uncertainty: for every scope — `all` (every
//! instance pooled) and each (group, N) cell the tables compare — each solver's median time,
//! PAR-2 and solved share with their intervals ([`EstimateRow`]), and for each pair of solvers the
//! speed ratio with its interval, Wilcoxon's signed-rank test on the paired log times and
//! McNemar's exact test on solved/unsolved, Holm-adjusted over every comparison of the folder
//! ([`Comparison`]). The estimators and tests are [`super::stats`]'s; this file only chooses the
//! scopes and hands each instance's runs, as the one judgement counts them, to them.
//!
//! A run counts as finished when the judgement says so ([`super::Judged::finished`]); its time is
//! on the results' clock; an unfinished run counts at the PAR-2 penalty, twice the time limit.
//! The bootstrap is seeded by the run's master seed (`meta.json`'s `config.seed`, 0 without one),
//! one stream per statistic named by its scope and solvers, so the files render byte for byte.

use std::collections::BTreeMap;

use super::stats::{
    adjust, median_time, par2, solved_share, Bootstrap, Comparison, EstimateRow, PairComparison, Paired, Quantity, Run,
    LEVEL,
};
use super::{solver_order, Group, Results};
use crate::experiment::record::RunRow;

/// The scope of every instance pooled.
pub(crate) const ALL_SCOPE: &str = "all";

/// The rows of `estimates.csv` and `comparisons.csv` of one results folder.
#[derive(Debug, Clone, Default)]
pub(crate) struct Uncertainty {
    /// Each solver's median, PAR-2 and solved share per scope.
    pub estimates: Vec<EstimateRow>,
    /// Each pair's speed ratio and tests per scope, p-values Holm-adjusted over all of them.
    pub comparisons: Vec<Comparison>,
}

/// One instance's runs, per solver (display order), each run as the statistics see it.
type InstanceRuns = BTreeMap<(usize, String), Vec<Run>>;

impl Results {
    /// The estimates and comparisons of these runs ([`Uncertainty`]); empty without a time limit
    /// (no PAR-2 penalty can be stated).
    pub fn uncertainty(&self) -> Uncertainty {
        let Some(limit) = self.time_limit else { return Uncertainty::default() };
        let seed = self.meta.as_ref().and_then(|m| m.get("config")?.get("seed")?.as_u64()).unwrap_or(0);
        let boot = Bootstrap::new(seed);
        let mut scopes: BTreeMap<String, Vec<InstanceRuns>> = BTreeMap::new();
        for runs in self.instances().into_values() {
            let Some(first) = runs.first() else { continue };
            let cell = format!("{} N={}", Group::of(first), first.n);
            let by_solver = self.instance_runs(&runs);
            scopes.entry(ALL_SCOPE.to_owned()).or_default().push(by_solver.clone());
            scopes.entry(cell).or_default().push(by_solver);
        }
        let solvers: Vec<(usize, String)> = self.solvers().iter().map(|s| solver_order(s)).collect();
        let mut out = Uncertainty::default();
        // `all` first, then the cells by name.
        let ordered = scopes.remove_entry(ALL_SCOPE).into_iter().chain(scopes);
        for (scope, instances) in ordered {
            for solver in &solvers {
                let runs: Vec<&Vec<Run>> = instances.iter().filter_map(|i| i.get(solver)).collect();
                estimates(&mut out.estimates, &scope, &solver.1, &runs, limit, &boot);
            }
            for (i, a) in solvers.iter().enumerate() {
                for b in &solvers[i + 1..] {
                    let pairs: Vec<Paired> = instances
                        .iter()
                        .filter_map(|runs| Some(Paired { a: runs.get(a)?.clone(), b: runs.get(b)?.clone() }))
                        .collect();
                    let label = format!("{scope}/{}/{}", a.1, b.1);
                    if let Some(c) = PairComparison::of(&pairs, limit, &boot.for_label(&label)) {
                        out.comparisons.extend(c.rows(&scope, &a.1, &b.1));
                    }
                }
            }
        }
        adjust(&mut out.comparisons);
        out
    }

    /// The runs of one instance per solver, as the statistics see them.
    fn instance_runs(&self, runs: &[&RunRow]) -> InstanceRuns {
        let mut by_solver = InstanceRuns::new();
        for row in runs {
            let seconds = self.clock.seconds(row);
            let run = if self.judged(row).finished() { Run::finished(seconds) } else { Run::unfinished(seconds) };
            by_solver.entry(solver_order(&row.solver)).or_default().push(run);
        }
        by_solver
    }
}

/// Appends the median, PAR-2 and solved share of one solver's `runs` (one entry per instance) in
/// `scope`.
fn estimates(out: &mut Vec<EstimateRow>, scope: &str, solver: &str, runs: &[&Vec<Run>], limit: f64, boot: &Bootstrap) {
    if runs.is_empty() {
        return;
    }
    let label = |what: &str| boot.for_label(&format!("{scope}/{solver}/{what}"));
    let found = [
        (Quantity::Median, median_time(runs, limit, &label("median"))),
        (Quantity::Par2, par2(runs, limit, &label("par2"))),
        (Quantity::SolvedShare, solved_share(runs, LEVEL)),
    ];
    for (statistic, estimate) in found {
        if let Some(e) = estimate {
            out.push(EstimateRow::new(scope, solver, statistic, &e));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::RunOutcome;

    /// `n` planted 9×9 instances, each run by `fast` in `t` seconds and by `slow` in `factor`·`t`,
    /// with a little noise from the instance number.
    fn two_solvers(n: u32, factor: f64) -> Results {
        let mut rows = Vec::new();
        for rep in 0..n {
            let t = 0.01 * (1.0 + f64::from(rep % 7) / 7.0);
            for (solver, seconds) in [("sat", t), ("backtrack", factor * t * (1.0 + f64::from(rep % 3) / 10.0))] {
                rows.push(RunRow {
                    rep,
                    seed: u64::from(rep),
                    solver: solver.into(),
                    outcome: RunOutcome::Solved,
                    verified: Some(true),
                    seconds,
                    build_seconds: None,
                    ..row()
                });
            }
        }
        let meta = serde_json::json!({ "config": { "time_limit": 10.0, "seed": 4 } });
        Results::new(rows, Some(meta), None, Some(10.0))
    }

    #[test]
    fn every_scope_has_each_solvers_estimates_and_each_pairs_two_tests() {
        let u = two_solvers(20, 3.0).uncertainty();
        let scopes: Vec<&str> = u.comparisons.iter().map(|c| c.scope.as_str()).collect();
        assert_eq!(scopes, ["all", "all", "planted N=9", "planted N=9"]);
        let all: Vec<&Comparison> = u.comparisons.iter().filter(|c| c.scope == ALL_SCOPE).collect();
        // backtrack sorts before sat: a = backtrack, three times slower.
        assert_eq!((all[0].solver_a.as_str(), all[0].solver_b.as_str(), all[0].n), ("backtrack", "sat", 20));
        assert!(all[0].ci_low > 2.5 && all[0].ci_high < 4.0, "{:?}", all[0]);
        assert!(all[0].p_adjusted.is_some_and(|p| p < 0.01), "{:?}", all[0]);
        let statistics: Vec<Quantity> =
            u.estimates.iter().filter(|e| e.scope == ALL_SCOPE && e.solver == "sat").map(|e| e.statistic).collect();
        assert_eq!(statistics, [Quantity::Median, Quantity::Par2, Quantity::SolvedShare]);
    }

    #[test]
    fn the_same_folder_gives_the_same_numbers() {
        let (a, b) = (two_solvers(12, 1.0).uncertainty(), two_solvers(12, 1.0).uncertainty());
        assert_eq!(a.comparisons, b.comparisons);
        assert_eq!(a.estimates, b.estimates);
    }
}
