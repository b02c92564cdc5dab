//! The one judgement of a run: did it finish, and was its answer right?
//!
//! A run counts as finished only if it returned a solution the oracle accepted, or proved
//! infeasibility that nothing known about its instance contradicts: no verified solution of the
//! same instance (from any solver), no solution by construction (planted and unique instances), no
//! expected verdict saying solvable (an instance set's `PUZZLE:COUNT` or `expect`). A solution on
//! an instance expected unsolvable is a contradiction too: a wrong expectation or a verifier
//! defect, and never a success. Everything else that answered is [`Judged::Wrong`]: unsolved, as a
//! run stopped at the limit is, in every table, finding, ratio, fit and figure (PAR-2 counts it as
//! twice the limit, censored times as the limit), and counted on its own besides.
//!
//! Every consumer asks [`super::Results::judged`] (or [`judge`] with an instance's [`Evidence`]);
//! none reads the `outcome` column for itself.

use crate::experiment::record::RunRow;
use crate::experiment::sets::Expect;

use super::Outcome;

/// Modes whose instances have a solution by construction.
const SOLVABLE_MODES: [&str; 3] = ["planted", super::QWH_MODE, super::UNIQUE_MODE];

/// How one run is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Judged {
    /// A solution the oracle accepted, on an instance not expected unsolvable.
    Solved,
    /// A proof of infeasibility nothing contradicts.
    Infeasible,
    /// An answer that is wrong: a grid the oracle rejected, "infeasible" on an instance known to be
    /// solvable, or a solution on one expected unsolvable.
    Wrong,
    /// Stopped at the time limit (or the solver's own "unknown").
    Limit,
    /// Stopped at the memory cap.
    Memory,
    /// No answer: a crash, unreadable output.
    Error,
}

impl Judged {
    /// `true` for a trusted answer (a verified solution, an uncontradicted proof of infeasibility).
    pub fn finished(self) -> bool {
        matches!(self, Judged::Solved | Judged::Infeasible)
    }

    /// Its word: the `outcome` column's word, `wrong` for a wrong answer.
    pub fn word(self) -> &'static str {
        match self {
            Judged::Solved => "solved",
            Judged::Infeasible => "infeasible",
            Judged::Wrong => "wrong",
            Judged::Limit => "limit",
            Judged::Memory => "memory",
            Judged::Error => "error",
        }
    }
}

/// What is known about one instance's answer, from how it was made and from all its runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Evidence {
    /// A solution exists: a run returned one the oracle accepted, the instance was made from a
    /// solution, or its expected verdict says so.
    pub solvable: bool,
    /// Its expected verdict says it has no solution.
    pub expected_unsolvable: bool,
}

impl Evidence {
    /// The evidence of the runs of one instance.
    pub fn of(runs: &[&RunRow]) -> Evidence {
        let verified_solution = runs.iter().any(|r| verified_solution(r));
        // A planted mode seen with its family or hole pattern (`qwh`, `planted/balanced`, [`super::view`])
        // is planted.
        let base = |mode: &str| mode.split('/').next().unwrap_or_default().to_owned();
        let by_construction = runs.iter().any(|r| SOLVABLE_MODES.contains(&base(&r.mode).as_str()));
        let expected = runs.iter().find_map(|r| Expect::parse(&r.expected));
        Evidence {
            solvable: verified_solution || by_construction || expected.is_some_and(|e| e != Expect::Unsolvable),
            expected_unsolvable: expected == Some(Expect::Unsolvable),
        }
    }
}

/// `true` when `row` returned a solution and the oracle did not reject it.
fn verified_solution(row: &RunRow) -> bool {
    Outcome::of(row) == Outcome::Solved && row.verified != Some(false) && !row.contradicts_expected()
}

/// Judges one run of an instance whose runs give `evidence`.
///
/// Complexity: O(1).
pub(crate) fn judge(row: &RunRow, evidence: Evidence) -> Judged {
    match Outcome::of(row) {
        Outcome::Solved if row.verified == Some(false) || row.contradicts_expected() => Judged::Wrong,
        Outcome::Solved if evidence.expected_unsolvable => Judged::Wrong,
        Outcome::Solved => Judged::Solved,
        Outcome::Infeasible if evidence.solvable => Judged::Wrong,
        Outcome::Infeasible => Judged::Infeasible,
        Outcome::Error if row.verified == Some(false) => Judged::Wrong,
        Outcome::Limit => Judged::Limit,
        Outcome::Memory => Judged::Memory,
        Outcome::Error => Judged::Error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;

    fn run(solver: &str, outcome: &str, verified: Option<bool>) -> RunRow {
        RunRow { solver: solver.into(), mode: "random".into(), outcome: outcome.into(), verified, ..row() }
    }

    fn judged(runs: &[RunRow]) -> Vec<Judged> {
        let refs: Vec<&RunRow> = runs.iter().collect();
        let evidence = Evidence::of(&refs);
        runs.iter().map(|r| judge(r, evidence)).collect()
    }

    #[test]
    fn infeasible_beside_a_verified_solution_is_wrong_and_the_solution_stays_solved() {
        let runs = [run("sat", "solved", Some(true)), run("liar", "infeasible", None)];
        assert_eq!(judged(&runs), [Judged::Solved, Judged::Wrong]);
    }

    #[test]
    fn infeasible_on_a_planted_instance_is_wrong_even_alone() {
        let runs = [RunRow { mode: "planted".into(), ..run("liar", "infeasible", None) }];
        assert_eq!(judged(&runs), [Judged::Wrong]);
    }

    #[test]
    fn infeasible_that_nothing_contradicts_is_finished() {
        let runs = [run("sat", "infeasible", None), run("backtrack", "limit", None)];
        assert_eq!(judged(&runs), [Judged::Infeasible, Judged::Limit]);
        assert!(Judged::Infeasible.finished() && !Judged::Limit.finished());
    }

    #[test]
    fn a_rejected_grid_is_wrong_and_proves_nothing() {
        // The rejected grid is no evidence of a solution: the infeasible claim stands.
        let runs = [run("liar", "solved", Some(false)), run("sat", "infeasible", None), run("x", "error", Some(false))];
        assert_eq!(judged(&runs), [Judged::Wrong, Judged::Infeasible, Judged::Wrong]);
        assert!(!Judged::Wrong.finished());
    }

    #[test]
    fn expected_verdicts_contradict_answers() {
        let expect = |outcome: &str, expected: &str| RunRow { expected: expected.into(), ..run("sat", outcome, None) };
        assert_eq!(judged(&[expect("infeasible", "solvable")]), [Judged::Wrong]);
        assert_eq!(judged(&[expect("infeasible", "unique")]), [Judged::Wrong]);
        assert_eq!(judged(&[expect("solved", "unsolvable")]), [Judged::Wrong]);
        assert_eq!(judged(&[expect("infeasible", "unsolvable")]), [Judged::Infeasible]);
        assert_eq!(judged(&[expect("solved", "unique")]), [Judged::Solved]);
        let other = RunRow { contradiction: "not the expected solution".into(), ..expect("solved", "unique") };
        assert_eq!(judged(&[other]), [Judged::Wrong]);
    }
}
