//! The one judgement of a run: did it finish, and was its answer right?
//!
//! A run counts as finished only with a solution the oracle accepted, or with "infeasible" backed
//! by a proof the independent checker accepted ([`crate::certificates`]): its own, or its
//! puzzle's, made once by the harness and shared by every repeat and solver of that puzzle (the
//! `certificate` column). A verified solution beats everything else known about a puzzle: an
//! expected verdict it contradicts is reported as wrong, never the solver. "Infeasible" is wrong
//! beside a verified solution of the same puzzle (from any run), on an instance solvable by
//! construction (planted, unique), with a rejected proof (`failed`); with certification on and no
//! checked proof it is [`Judged::Unproven`], not finished. Only where certification was off (or
//! in files older than it) does the old rule stand: "infeasible" that nothing contradicts — no
//! solution, no expected verdict saying solvable — counts, as unchecked. Everything else that
//! answered wrongly is [`Judged::Wrong`]: unsolved, as a run stopped at the limit is, in every
//! table, finding, ratio, fit and figure (PAR-2 counts it as twice the limit, censored times as
//! the limit), and counted on its own besides.
//!
//! Evidence is per **puzzle**: the runs of a set's puzzle in every repeat share it
//! ([`puzzle_key`]); a generated instance is its own puzzle.
//!
//! Every consumer asks [`super::Results::judged`] (or [`judge`] with a puzzle's [`Evidence`], or
//! [`judge_answer`] for answers that are no rows, as `solve`'s); none reads the `outcome` column
//! for itself, and none decides a verdict by itself. An expected verdict that an answer judged finished
//! contradicts is wrong, never that answer.
//!
//! A claim about a puzzle that no solution witnesses — no solution, exactly one, these cells are
//! determined (`analyze`, `puzzle --certify`, `bench`'s certified runs) — is judged by
//! [`judge_claim`]: it holds only with a checked proof, or unchecked where certification was off.

use crate::experiment::record::{RunMode, RunRow};
use crate::experiment::sets::Expect;
use crate::puzzle::certify::{Certificate, RunCertificate};

use super::Outcome;

/// Modes whose instances have a solution by construction.
const SOLVABLE_MODES: [RunMode; 2] = [RunMode::Planted, RunMode::Unique];

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
    /// "Infeasible" with certification on, but no checked proof of it within the certification's
    /// limits: not finished, and counted with the runs stopped at a limit.
    Unproven,
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
            Judged::Unproven => "unproven",
            Judged::Memory => "memory",
            Judged::Error => "error",
        }
    }
}

/// How a claim no solution witnesses stands ([`judge_claim`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Claim {
    /// The checker accepted a proof of it.
    Proven,
    /// Certification was off: it stands unchecked.
    Unchecked,
    /// Nothing needed a proof (every claim is witnessed by solutions found, or none was made).
    Witnessed,
    /// A proof was rejected, or a solution contradicts it: a solver bug.
    Refuted,
    /// Certification was on but settled nothing within its limits.
    Unproven,
}

impl Claim {
    /// `true` when the claim may be stated: proven, unchecked with certification off, or needing
    /// no proof.
    pub fn holds(self) -> bool {
        matches!(self, Claim::Proven | Claim::Unchecked | Claim::Witnessed)
    }
}

/// Judges a claim about a puzzle by its certificate: `certifying` says whether certification was
/// on, `certificate` what it gave (none when the claim needed no proof).
///
/// Complexity: O(1).
pub(crate) fn judge_claim(certifying: bool, certificate: Option<&Certificate>) -> Claim {
    match (certifying, certificate) {
        (false, _) => Claim::Unchecked,
        (true, None) => Claim::Witnessed,
        (true, Some(Certificate::Checked)) => Claim::Proven,
        (true, Some(Certificate::Refuted(_) | Certificate::Failed(_))) => Claim::Refuted,
        (true, Some(Certificate::Unproven(_))) => Claim::Unproven,
    }
}

/// What is known about one puzzle's answer, from how it was made and from all its runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Evidence {
    /// A run returned a solution the oracle accepted.
    pub verified_solution: bool,
    /// It has a solution by construction (planted and unique instances; never a set's puzzle).
    pub by_construction: bool,
    /// The checker accepted a proof that it has no solution (a run's `certificate` is `checked`).
    pub certified: bool,
    /// Its expected verdict says it has a solution.
    pub expected_solvable: bool,
    /// Its expected verdict says it has no solution.
    pub expected_unsolvable: bool,
}

impl Evidence {
    /// The evidence of the runs of one puzzle.
    pub fn of(runs: &[&RunRow]) -> Evidence {
        // A set's puzzle is what its file says, whatever the set is called.
        let expected = runs.iter().find_map(|r| Expect::parse(&r.expected));
        Evidence {
            verified_solution: runs.iter().any(|r| verified_solution(r)),
            by_construction: runs.iter().any(|r| r.set.is_empty() && SOLVABLE_MODES.contains(&r.mode)),
            certified: runs.iter().any(|r| r.certificate == Some(RunCertificate::Checked)),
            expected_solvable: expected.is_some_and(|e| e != Expect::Unsolvable),
            expected_unsolvable: expected == Some(Expect::Unsolvable),
        }
    }

    /// A solution exists: verified, or by construction.
    pub fn solvable(self) -> bool {
        self.verified_solution || self.by_construction
    }
}

/// The key of the puzzle `row` was run on: its instance, but for a set's puzzle without the
/// repeat and its seed (every repeat runs the same puzzle).
pub(crate) fn puzzle_key(row: &RunRow) -> super::InstanceKey {
    let key = super::InstanceKey::of(row);
    if row.set.is_empty() {
        key
    } else {
        super::InstanceKey { rep: 0, seed: 0, ..key }
    }
}

/// `true` when `row` returned a solution and the oracle did not reject it.
fn verified_solution(row: &RunRow) -> bool {
    row.outcome == Outcome::Solved && row.verified != Some(false)
}

/// What the judgement reads of one answer: what the solver said, whether the oracle accepted its
/// grid, and the certificate of its "infeasible" (none when no proof applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Answer {
    outcome: Outcome,
    verified: Option<bool>,
    certificate: Option<RunCertificate>,
}

impl Answer {
    /// The answer of a run, from its row.
    pub fn of(row: &RunRow) -> Answer {
        Answer { outcome: row.outcome, verified: row.verified, certificate: row.certificate }
    }

    /// What a run said of itself and whether the oracle accepted its grid (`Some(false)`: it
    /// rejected it), with no certificate.
    pub fn said(outcome: Outcome, verified: Option<bool>) -> Answer {
        Answer { outcome, verified, certificate: None }
    }

    /// A verified solution.
    pub fn solved() -> Answer {
        Answer { outcome: Outcome::Solved, verified: Some(true), certificate: None }
    }

    /// A grid the oracle rejected.
    pub fn rejected_grid() -> Answer {
        Answer { outcome: Outcome::Error, verified: Some(false), certificate: None }
    }

    /// "No solution", with its certificate.
    pub fn infeasible(certificate: Option<RunCertificate>) -> Answer {
        Answer { outcome: Outcome::Infeasible, verified: None, certificate }
    }

    /// Stopped at a limit, or the solver's own "unknown".
    pub fn limit() -> Answer {
        Answer { outcome: Outcome::Limit, verified: None, certificate: None }
    }
}

/// Judges one run of an instance whose runs give `evidence`.
///
/// Complexity: O(1).
pub(crate) fn judge(row: &RunRow, evidence: Evidence) -> Judged {
    judge_answer(Answer::of(row), evidence)
}

/// Judges one answer to a puzzle whose answers and construction give `evidence`: the rules of
/// the module doc, for `run`'s rows ([`judge`]) and `solve`'s answers alike.
///
/// Complexity: O(1).
pub(crate) fn judge_answer(answer: Answer, evidence: Evidence) -> Judged {
    use RunCertificate::{Checked, Failed, Unproven};
    let certificate = answer.certificate;
    match answer.outcome {
        Outcome::Solved if answer.verified == Some(false) => Judged::Wrong,
        Outcome::Solved => Judged::Solved,
        Outcome::Infeasible if certificate == Some(Failed) || evidence.solvable() => Judged::Wrong,
        Outcome::Infeasible if certificate == Some(Checked) || evidence.certified => Judged::Infeasible,
        Outcome::Infeasible if certificate == Some(Unproven) => Judged::Unproven,
        // Certification off, or a file older than it: unchecked, judged on what else is known.
        Outcome::Infeasible if evidence.expected_solvable => Judged::Wrong,
        Outcome::Infeasible => Judged::Infeasible,
        Outcome::Error if answer.verified == Some(false) => Judged::Wrong,
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
        RunRow {
            solver: solver.into(),
            mode: RunMode::Random,
            outcome: crate::experiment::record::RunOutcome::parse(outcome).expect("an outcome's word"),
            verified,
            ..row()
        }
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
        let runs = [RunRow { mode: RunMode::Planted, ..run("liar", "infeasible", None) }];
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
    fn a_verified_solution_beats_any_expectation_and_unchecked_infeasible_still_meets_them() {
        let expect = |outcome: &str, expected: &str| RunRow { expected: expected.into(), ..run("sat", outcome, None) };
        assert_eq!(judged(&[expect("infeasible", "solvable")]), [Judged::Wrong]);
        assert_eq!(judged(&[expect("infeasible", "unique")]), [Judged::Wrong]);
        assert_eq!(judged(&[expect("infeasible", "unsolvable")]), [Judged::Infeasible]);
        assert_eq!(judged(&[expect("solved", "unique")]), [Judged::Solved]);
        // The expectation is wrong, not the solver whose solution the oracle accepted.
        let solved = RunRow { verified: Some(true), ..expect("solved", "unsolvable") };
        assert_eq!(judged(std::slice::from_ref(&solved)), [Judged::Solved]);
        let other = RunRow { contradiction: "a solution other than the expected unique one".into(), ..solved.clone() };
        assert_eq!(judged(&[other]), [Judged::Solved]);
        // ... and a liar's "infeasible" beside it is wrong, whatever the file expected.
        let liar = RunRow { solver: "liar".into(), ..expect("infeasible", "unsolvable") };
        assert_eq!(judged(&[solved, liar]), [Judged::Solved, Judged::Wrong]);
    }

    #[test]
    fn a_claim_no_solution_witnesses_holds_only_proven_or_with_certification_off() {
        let grid = crate::grid::Grid::empty(crate::grid::Shape::new(2, 2).unwrap());
        let cases = [
            (true, Some(Certificate::Checked), Claim::Proven),
            (true, Some(Certificate::Refuted(grid)), Claim::Refuted),
            (true, Some(Certificate::Failed("rejected".into())), Claim::Refuted),
            (true, Some(Certificate::Unproven("out of time".into())), Claim::Unproven),
            (true, None, Claim::Witnessed),
            (false, None, Claim::Unchecked),
        ];
        for (certifying, certificate, claim) in cases {
            assert_eq!(judge_claim(certifying, certificate.as_ref()), claim, "{certificate:?}");
        }
        let holds: Vec<bool> = [Claim::Proven, Claim::Unchecked, Claim::Witnessed, Claim::Refuted, Claim::Unproven]
            .map(Claim::holds)
            .to_vec();
        assert_eq!(holds, [true, true, true, false, false]);
    }

    #[test]
    fn with_certification_only_a_checked_proof_finishes_infeasible() {
        use RunCertificate::{Checked, Failed, Off, Unproven};
        let cert = |solver: &str, certificate: Option<RunCertificate>| RunRow {
            certificate,
            ..run(solver, "infeasible", None)
        };
        assert_eq!(judged(&[cert("sat", Some(Checked))]), [Judged::Infeasible]);
        assert_eq!(judged(&[cert("liar", Some(Failed))]), [Judged::Wrong]);
        assert_eq!(judged(&[cert("sat", Some(Unproven))]), [Judged::Unproven]);
        assert!(!Judged::Unproven.finished());
        // A checked proof beats a wrong expectation; a rejected one loses even beside a checked one.
        let expected_solvable = RunRow { expected: "solvable".into(), ..cert("sat", Some(Checked)) };
        assert_eq!(judged(&[expected_solvable]), [Judged::Infeasible]);
        assert_eq!(
            judged(&[cert("sat", Some(Checked)), cert("liar", Some(Failed))]),
            [Judged::Infeasible, Judged::Wrong]
        );
        // Certification off: unchecked, judged as before.
        assert_eq!(judged(&[cert("sat", Some(Off))]), [Judged::Infeasible]);
        // A set named like a generated mode is still a set: nothing is solvable by construction.
        let named_qwh =
            RunRow { set: "qwh".into(), mode: RunMode::Set, instance: "a.txt#1".into(), ..cert("liar", None) };
        assert_eq!(judged(&[named_qwh]), [Judged::Infeasible]);
    }

    #[test]
    fn the_repeats_of_a_sets_puzzle_are_one_puzzle() {
        let rep = |rep: u32, solver: &str, outcome: &str| RunRow {
            set: "s".into(),
            instance: "a.txt#1".into(),
            rep,
            seed: 100 + u64::from(rep),
            verified: (outcome == "solved").then_some(true),
            ..run(solver, outcome, None)
        };
        assert_eq!(puzzle_key(&rep(0, "a", "solved")), puzzle_key(&rep(3, "b", "solved")));
        assert_ne!(
            crate::results::InstanceKey::of(&rep(0, "a", "solved")),
            crate::results::InstanceKey::of(&rep(3, "b", "solved"))
        );
    }
}
