//! What must be read before any number: answers the verifier rejected, solvers that disagree on
//! an instance, and runs that failed, at the top of the report. A report without any says so in
//! its integrity conclusion instead and prints nothing here.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::results::{Outcome, Results};

/// The alert block, or nothing when every run is sound.
pub(crate) fn section(out: &mut String, results: &Results) {
    let mut wrong: BTreeMap<&str, usize> = BTreeMap::new();
    let mut errors: BTreeMap<&str, (usize, &str)> = BTreeMap::new();
    for row in &results.rows {
        if row.verified == Some(false) {
            *wrong.entry(row.solver.as_str()).or_default() += 1;
        } else if Outcome::of(row) == Outcome::Error {
            let e = errors.entry(row.solver.as_str()).or_insert((0, row.note.as_str()));
            e.0 += 1;
        }
    }
    let disagreements = results.instances().values().filter(|rows| rows.iter().any(|r| r.agree == Some(false))).count();
    if wrong.is_empty() && errors.is_empty() && disagreements == 0 {
        return;
    }
    out.push_str("> **Read this first.**\n");
    if !wrong.is_empty() {
        let who: Vec<String> = wrong.iter().map(|(s, k)| format!("`{s}` {k}")).collect();
        let _ = writeln!(
            out,
            "> - **Wrong answers** (a grid the verifier rejected, `verified = false`): {}. They count as unsolved.",
            who.join(", ")
        );
    }
    if disagreements > 0 {
        let _ = writeln!(
            out,
            "> - **Disagreements** on {disagreements} instance(s) (`agree = false`): a solver said infeasible where \
             another found a verified solution, or on a planted instance; the note of those rows names who said what."
        );
    }
    if !errors.is_empty() {
        let who: Vec<String> = errors
            .iter()
            .map(|(s, (k, note))| {
                let note = note.chars().take(100).collect::<String>();
                format!("`{s}` {k} (e.g. \"{}\")", note.replace('|', "/"))
            })
            .collect();
        let _ = writeln!(out, "> - **Errors**: {}.", who.join("; "));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::record::tests::row;
    use crate::experiment::record::RunRow;

    #[test]
    fn wrong_answers_disagreements_and_errors_are_flagged_and_a_sound_run_is_quiet() {
        let sound = Results { rows: vec![row()], meta: None, time_limit: Some(1.0), clock: Default::default() };
        let mut out = String::new();
        section(&mut out, &sound);
        assert!(out.is_empty());
        let rows = vec![
            RunRow { solver: "liar".into(), outcome: "error".into(), verified: Some(false), ..row() },
            RunRow { solver: "sat".into(), agree: Some(false), ..row() },
            RunRow { solver: "crash".into(), outcome: "error".into(), note: "killed by signal 11".into(), ..row() },
        ];
        let r = Results { rows, meta: None, time_limit: Some(1.0), clock: Default::default() };
        section(&mut out, &r);
        assert!(
            out.contains("**Wrong answers** (a grid the verifier rejected, `verified = false`): `liar` 1."),
            "{out}"
        );
        assert!(out.contains("**Disagreements** on 1 instance(s)"), "{out}");
        assert!(out.contains("**Errors**: `crash` 1 (e.g. \"killed by signal 11\")."), "{out}");
    }
}
