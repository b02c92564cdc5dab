//! The findings that say whether the numbers can be trusted: wrong answers and wrong expected
//! verdicts first, then how the "infeasible" answers are backed.

use std::collections::{BTreeMap, BTreeSet};

use super::super::finding::{Finding, Kind, Stated, What};
use super::code;
use crate::experiment::record::{RunOutcome, RunRow};
use crate::results::Results;

/// Wrong answers — grids the oracle rejected, "infeasible" on an instance known to be solvable,
/// rejected proofs, unchecked answers contradicting an expected verdict — first, when any, naming
/// the solvers that gave them (the one judgement of a run: [`Results::judged`]); then expected
/// verdicts that the evidence shows wrong.
pub(super) fn integrity(results: &Results) -> Option<Finding> {
    let wrong: Vec<&RunRow> = results.wrong().collect();
    let mut f = Finding::new(Kind::Integrity);
    let expectations = wrong_expectations(results, &mut f);
    if wrong.is_empty() {
        return expectations.map(|text| f.says(text));
    }
    let by_solver = |f: &dyn Fn(&RunRow) -> bool| {
        let mut by: BTreeMap<&str, usize> = BTreeMap::new();
        for r in wrong.iter().filter(|r| f(r)) {
            *by.entry(r.solver.as_str()).or_default() += 1;
        }
        let named: Vec<String> = by.iter().map(|(s, k)| format!("{} {k}", code(s))).collect();
        (by.values().sum::<usize>(), if named.is_empty() { String::new() } else { format!(" ({})", named.join(", ")) })
    };
    let rejected = |r: &RunRow| r.verified == Some(false);
    let failed = |r: &RunRow| !rejected(r) && results.proof_failed(r);
    let infeasible =
        |r: &RunRow| !rejected(r) && !failed(r) && r.outcome == RunOutcome::Infeasible && results.solvable(r);
    let contradicted = |r: &RunRow| !rejected(r) && !failed(r) && !infeasible(r) && r.contradicts_expected();
    let (n_rejected, rejected_by) = by_solver(&|r| rejected(r));
    let (n_failed, failed_by) = by_solver(&|r| failed(r));
    let (n_infeasible, infeasible_by) = by_solver(&|r| infeasible(r));
    let (n_other, other_by) = by_solver(&|r| contradicted(r));
    let proofs = if n_failed > 0 {
        format!(", {n_failed} said infeasible where certification failed (a rejected proof, or a solution found){failed_by}")
    } else {
        String::new()
    };
    let expectation = if n_other > 0 {
        format!(", {n_other} contradicted the puzzle's expected verdict, unchecked{other_by}")
    } else {
        String::new()
    };
    let total = f.state(Stated::new(What::WrongRuns, &[], wrong.len() as f64));
    let first = format!(
        "Check before trusting these numbers: {total} runs gave a wrong answer — {n_rejected} returned a solution the \
         oracle rejected{rejected_by}, {n_infeasible} called a solvable instance (planted, or solved by another \
         solver) infeasible{infeasible_by}{proofs}{expectation} (`verified`, `agree`, `outcome`, `certificate` and \
         `contradiction` columns of runs.csv); wrong answers count as unsolved everywhere in this report."
    );
    // The wrong runs per solver, after the total.
    let mut by: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &wrong {
        *by.entry(r.solver.as_str()).or_default() += 1;
    }
    for (solver, k) in by {
        f.numbers.push(Stated::new(What::WrongRuns, &[solver], k as f64));
    }
    let text = match expectations {
        Some(more) => format!("{first} {more}"),
        None => first,
    };
    Some(f.says(text))
}

/// The puzzles whose expected verdict a verified solution or a checked proof contradicts: the
/// expectation is wrong, and the answers count.
fn wrong_expectations(results: &Results, f: &mut Finding) -> Option<String> {
    let mut puzzles = BTreeSet::new();
    for r in results.rows.iter().filter(|r| r.contradicts_expected() && results.judged(r).finished()) {
        puzzles.insert((r.set.clone(), r.instance.clone(), r.seed * u64::from(r.set.is_empty())));
    }
    (!puzzles.is_empty()).then(|| {
        format!(
            "{} puzzle(s) have a wrong expected verdict: a verified solution or a checked proof contradicts it \
             (`contradiction` column); those answers count, the expectations do not.",
            f.state(Stated::new(What::WrongExpectations, &[], puzzles.len() as f64))
        )
    })
}

/// How the "infeasible" answers are backed ([`Results::certification`]): checked by the proof
/// checker, failed, unproven within the limits, or unchecked; `None` without such an answer.
pub(super) fn certification(results: &Results) -> Option<Finding> {
    let c = results.certification()?;
    let mut f = Finding::new(Kind::Certification);
    let claims = f.state(Stated::new(What::Claims, &[], c.claims as f64));
    if c.checked + c.failed + c.unproven == 0 {
        let text = format!(
            "Certified verdicts (*Integrity*): none of the {claims} \"infeasible\" answers is backed by a checked proof \
             (certification off, or runs made before it){}: they count on trust.",
            if c.refuted > 0 { format!("; {} are refuted by a verified solution", c.refuted) } else { String::new() }
        );
        return Some(f.says(text));
    }
    let checker = checked_by(&c);
    let checked = f.state(Stated::new(What::Checked, &[], c.checked as f64));
    let mut parts = vec![format!("{checked} checked by {checker} (a DRAT proof of the puzzle's reference CNF)")];
    if c.failed > 0 {
        parts.push(format!("{} failed: a proof rejected, or a solution found (wrong answers)", c.failed));
    }
    if c.refuted > 0 {
        parts.push(format!("{} refuted by a verified solution (wrong answers)", c.refuted));
    }
    if c.unproven > 0 {
        parts.push(format!("{} without a checked proof within the limits (not finished)", c.unproven));
    }
    if c.unchecked > 0 {
        parts.push(format!(
            "{} unchecked (certification off, or runs made before it: they count on trust)",
            c.unchecked
        ));
    }
    let text = format!("Certified verdicts (*Integrity*): of {claims} \"infeasible\" answers, {}.", parts.join(", "));
    Some(f.says(text))
}

/// The checkers of `c` as the report names them: each program with the version it gave
/// (its name and version, then its program), or "the proof checker" when `meta.json` records none.
pub(crate) fn checked_by(c: &crate::results::Certification) -> String {
    if c.checkers.is_empty() {
        return "the proof checker".to_string();
    }
    let described =
        |c: &crate::certificates::Checker| format!("{} ({})", code(&c.label()), code(&c.program.display().to_string()));
    c.checkers.iter().map(described).collect::<Vec<_>>().join(" or ")
}
