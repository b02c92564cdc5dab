//! Search effort on the same instances: two solvers that count the same statistic (dead ends for
//! `backtrack` and `ilp-hybrid`, conflicts for `sat` and a preprocessing variant of it) compared
//! instance by instance, per (mode, N) — the hardware-independent answer to "does this help the
//! search?", beside the time ratios.
//!
//! A run's effort is its dead ends, else its conflicts (the hardness counts; nodes and guesses grow
//! with the empty cells); a pair counts only where both rows report the same one. Over the instances both solved: the median effort
//! of each and how often each needed less. A stopped run's count is only what it had reached, so
//! stopped runs are left out (their number is given).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::experiment::record::RunRow;
use crate::results::Group;
use crate::results::{fmt_count, paradigm, stats, Effort, Judged, Paradigm, Results};

/// One pair of solvers at one (mode, N).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EffortPair {
    pub a: String,
    pub b: String,
    pub mode: Group,
    pub n: usize,
    /// The statistic both report (the same on every instance counted).
    pub effort: Effort,
    /// (effort of a, effort of b) on the instances both solved.
    pub both: Vec<(f64, f64)>,
    /// Instances both ran where one or both did not solve.
    pub unfinished: usize,
}

impl EffortPair {
    /// A pair with no instance counted yet.
    fn new(a: &str, b: &str, mode: &Group, n: usize, effort: Effort) -> EffortPair {
        EffortPair { a: a.into(), b: b.into(), mode: mode.clone(), n, effort, both: Vec::new(), unfinished: 0 }
    }

    /// Instances where a needed less, where b did, and ties.
    pub fn wins(&self) -> (usize, usize, usize) {
        let a = self.both.iter().filter(|(x, y)| x < y).count();
        let b = self.both.iter().filter(|(x, y)| y < x).count();
        (a, b, self.both.len() - a - b)
    }

    /// Median effort of a and of b over the instances both solved.
    pub fn medians(&self) -> Option<(f64, f64)> {
        let a: Vec<f64> = self.both.iter().map(|p| p.0).collect();
        let b: Vec<f64> = self.both.iter().map(|p| p.1).collect();
        Some((stats::median(&a)?, stats::median(&b)?))
    }
}

/// A row's hardness count: its dead ends, else its conflicts. Nodes and guesses are left out: they
/// grow with the empty cells even when no guess is wrong, and a MIP's nodes are not a search's.
fn effort_of(row: &RunRow) -> Option<(Effort, f64)> {
    match (row.backtracks, row.conflicts) {
        (Some(d), _) => Some((Effort::DeadEnds, d as f64)),
        (None, Some(c)) => Some((Effort::Conflicts, c as f64)),
        (None, None) => None,
    }
}

/// Every pair of solvers (display order) with a common effort statistic, per (mode, N); the
/// portfolio is left out (its counters are its winner's). With solver seeds an instance's effort
/// is the mean over its seeds, and it counts as solved by a solver when every seed solved it.
pub(crate) fn effort_pairs(results: &Results) -> Vec<EffortPair> {
    let solvers = results.solvers();
    let mut map: BTreeMap<(Group, usize, usize, usize), EffortPair> = BTreeMap::new();
    for (key, runs) in results.instances() {
        let mut by_solver: BTreeMap<usize, Vec<&RunRow>> = BTreeMap::new();
        for r in runs.iter().filter(|r| paradigm(&r.solver) != Some(Paradigm::Portfolio)) {
            if let Some(i) = solvers.iter().position(|s| *s == r.solver) {
                by_solver.entry(i).or_default().push(r);
            }
        }
        let efforts: BTreeMap<usize, (Effort, f64, bool)> =
            by_solver.iter().filter_map(|(&i, rows)| Some((i, instance_effort(results, rows)?))).collect();
        for (&i, &(ea, va, solved_a)) in &efforts {
            for (&j, &(eb, vb, solved_b)) in efforts.range(i + 1..) {
                if ea != eb {
                    continue;
                }
                let p = map
                    .entry((key.mode.clone(), key.n, i, j))
                    .or_insert_with(|| EffortPair::new(&solvers[i], &solvers[j], &key.mode, key.n, ea));
                if p.effort != ea {
                    continue; // another statistic on this instance: not comparable with the rest
                }
                if solved_a && solved_b {
                    p.both.push((va, vb));
                } else {
                    p.unfinished += 1;
                }
            }
        }
    }
    map.into_values().collect()
}

/// One solver's effort on one instance over its runs (one per solver seed): the statistic, its
/// mean over the runs, and whether every run solved the instance; `None` when a run reports no
/// effort or the runs report different statistics.
fn instance_effort(results: &Results, rows: &[&RunRow]) -> Option<(Effort, f64, bool)> {
    let efforts: Vec<(Effort, f64)> = rows.iter().map(|r| effort_of(r)).collect::<Option<_>>()?;
    let effort = efforts.first()?.0;
    if efforts.iter().any(|(e, _)| *e != effort) {
        return None;
    }
    let mean = efforts.iter().map(|(_, v)| v).sum::<f64>() / efforts.len() as f64;
    Some((effort, mean, rows.iter().all(|r| results.judged(r) == Judged::Solved)))
}

/// The section: a row per pair and (mode, N) with instances both solved (none without any);
/// `mode` heads the mode column ([`Results::mode_heading`](crate::results::Results::mode_heading)).
pub(crate) fn section(out: &mut String, pairs: &[EffortPair], mode: &str, seeded: bool) {
    if pairs.iter().all(|p| p.both.is_empty()) {
        return;
    }
    out.push_str("## Search effort on the same instances\n\n");
    out.push_str(
        "Pairs of solvers that count the same effort statistic, compared instance by instance over the instances \
         **both solved**: the median of each and how often each needed less. A stopped run's count is only what it \
         had reached, so those instances are left out; *not both solved* counts them.",
    );
    if seeded {
        out.push_str(super::pairing::SEEDED);
    }
    out.push_str("\n\n");
    let _ = writeln!(out, "| A | B | {mode} | N | statistic | both solved | median A | median B | A less | B less | equal | not both solved |");
    out.push_str("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for p in pairs.iter().filter(|p| !p.both.is_empty()) {
        let noun = p.effort.noun(&p.a);
        let (ma, mb) = p.medians().map_or(("—".to_owned(), "—".to_owned()), |(a, b)| (fmt_count(a), fmt_count(b)));
        let (a, b, tie) = p.wins();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {noun} | {} | {ma} | {mb} | {a} | {b} | {tie} | {} |",
            p.a,
            p.b,
            p.mode,
            p.n,
            p.both.len(),
            p.unfinished
        );
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;

    fn run(solver: &str, rep: u32, outcome: &str, backtracks: Option<u64>, conflicts: Option<u64>) -> RunRow {
        RunRow {
            solver: solver.into(),
            rep,
            outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
            backtracks,
            conflicts,
            ..row()
        }
    }

    fn results(rows: Vec<RunRow>) -> Results {
        Results::new(rows, None, None, Some(60.0))
    }

    #[test]
    fn pairs_compare_the_same_statistic_on_instances_both_solved() {
        let r = results(vec![
            run("backtrack", 0, "solved", Some(10), None),
            run("ilp-hybrid", 0, "solved", Some(4), None),
            run("backtrack", 1, "solved", Some(3), None),
            run("ilp-hybrid", 1, "solved", Some(30), None),
            run("backtrack", 2, "solved", Some(5), None),
            run("ilp-hybrid", 2, "limit", Some(900), None),
            run("sat", 0, "solved", None, Some(77)),
            // Nodes alone (a MIP's B&B nodes) are no hardness count: never paired.
            RunRow { solver: "ilp-clique".into(), backtracks: None, ..row() },
        ]);
        let pairs = effort_pairs(&r);
        assert_eq!(pairs.len(), 1, "sat counts conflicts, not dead ends: {pairs:?}");
        let p = &pairs[0];
        // Display order: the ILP paradigm before backtracking.
        assert_eq!((p.a.as_str(), p.b.as_str()), ("ilp-hybrid", "backtrack"));
        assert_eq!(p.both, vec![(4.0, 10.0), (30.0, 3.0)]);
        assert_eq!((p.unfinished, p.wins()), (1, (1, 1, 0)));
        assert_eq!(p.medians(), Some((17.0, 6.5)));
        let mut text = String::new();
        section(&mut text, &pairs, "mode", false);
        assert!(
            text.contains("| ilp-hybrid | backtrack | planted | 9 | dead ends | 2 | 17.0 | 6.50 | 1 | 1 | 0 | 1 |"),
            "{text}"
        );
    }

    #[test]
    fn seeds_of_one_solver_are_one_instance_not_a_pair() {
        let seeded = |solver: &str, s: u64, outcome: &str, d: u64| RunRow {
            solver_seed: Some(s),
            ..run(solver, 0, outcome, Some(d), None)
        };
        let r = results(vec![
            seeded("backtrack", 1, "solved", 10),
            seeded("backtrack", 2, "solved", 30),
            seeded("ilp-hybrid", 1, "solved", 4),
            seeded("ilp-hybrid", 2, "solved", 8),
        ]);
        let pairs = effort_pairs(&r);
        assert_eq!(pairs.len(), 1, "no solver is paired with itself: {pairs:?}");
        assert_eq!(pairs[0].both, vec![(6.0, 20.0)], "the mean over the seeds");
        let r = results(vec![
            seeded("backtrack", 1, "solved", 10),
            seeded("backtrack", 2, "limit", 30),
            seeded("ilp-hybrid", 1, "solved", 4),
        ]);
        assert_eq!(effort_pairs(&r)[0].unfinished, 1, "solved only when every seed solved");
    }

    #[test]
    fn the_portfolio_is_never_paired_on_effort() {
        let r = results(vec![run("sat", 0, "solved", None, Some(50)), run("portfolio", 0, "solved", None, Some(50))]);
        assert!(effort_pairs(&r).is_empty());
        let mut out = String::new();
        section(&mut out, &[], "mode", false);
        assert!(out.is_empty());
    }
}
