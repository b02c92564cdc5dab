//! Certifying the "infeasible" runs of an instance before its rows are written.
//!
//! When a run says "infeasible" and nothing shows the puzzle solvable (no verified solution among
//! its runs, no solution by construction), the harness certifies the puzzle once: a
//! proof-producing CaDiCaL run on its reference CNF, judged by the independent checker
//! ([`crate::puzzle::certify`]). The result is kept per puzzle (by its cells), so every repeat and
//! every solver of the same puzzle shares it, and written into the `certificate` column of each
//! infeasible row (`certify_seconds` on the row that paid for it, 0 on the rows that reuse it).
//! A run whose own proof the checker rejected (an external solver's `{proof}`) stays `failed`
//! whatever the puzzle's certificate says.

use std::collections::HashMap;

use super::record::RunRow;
use crate::certificates::{Check, Checker, Statement, INSTALL_HINT};
use crate::grid::Grid;
use crate::puzzle::certify::{Certificate, Certifier, CHECKED, FAILED, OFF, UNPROVEN};
use crate::solve::process::ProofFiles;

/// The certificates of a run's puzzles, made as their instances finish.
#[derive(Debug)]
pub struct Certifications {
    certifier: Option<Certifier>,
    /// The checker's limit on a solver's own proof.
    check_limit: std::time::Duration,
    /// The checker of solvers' own proofs: the certifier's, else one found on first use (with
    /// certification off), else none.
    own_checker: std::cell::OnceCell<Option<Checker>>,
    /// Per puzzle (its cells): the certificate's word and why, when not checked.
    done: HashMap<Vec<u8>, (&'static str, String)>,
}

impl Certifications {
    /// Certifications with `certifier` (`None`: certification is off) for a run with `time_limit`
    /// seconds a solve.
    pub fn new(certifier: Option<Certifier>, time_limit: f64) -> Certifications {
        let check_limit = Certifier::check_limit_for(std::time::Duration::from_secs_f64(time_limit));
        Certifications { certifier, check_limit, own_checker: std::cell::OnceCell::new(), done: HashMap::new() }
    }

    /// Checks the proof an external solver wrote with its "infeasible" (`{proof}`) against the CNF
    /// it was given, with the checker (checked whether or not certification is on: a solver that
    /// offers a proof has it judged), and removes both files. A rejected or missing proof makes
    /// the row `failed`; an accepted one `checked` (the puzzle's own certificate, made next by
    /// [`Certifications::apply`], has the last word on the statement).
    pub fn check_own(&mut self, row: &mut RunRow, files: &ProofFiles) {
        if row.outcome == "infeasible" {
            let limit = self.check_limit;
            // Looked up once a run (a PATH search and a `--version` run), not once a proof.
            let certifier = &self.certifier;
            let checker =
                self.own_checker.get_or_init(|| certifier.as_ref().map(|c| c.checker.clone()).or_else(Checker::find));
            let start = std::time::Instant::now();
            let (word, why) = match checker.as_ref().map(|c| (c.check(&files.cnf, &files.proof, limit), &c.name)) {
                Some((Check::Accepted, _)) => (CHECKED, String::new()),
                Some((Check::Rejected(why), name)) => (FAILED, format!("{name} rejected the solver's proof: {why}")),
                Some((Check::Unfinished(why), _)) => (UNPROVEN, format!("the solver's proof: {why}")),
                // Only with certification off (a run with it on refuses to start without a checker):
                // the verdict is unchecked, as every other one of the run.
                None => (OFF, format!("the solver's proof was not checked: no checker ({INSTALL_HINT})")),
            };
            row.certificate = word.into();
            row.certify_seconds = Some((start.elapsed().as_secs_f64() * 1e6).round() / 1e6);
            if !why.is_empty() {
                row.note = if row.note.is_empty() { why } else { format!("{}; {why}", row.note) };
            }
        }
        let _ = std::fs::remove_file(&files.cnf);
        let _ = std::fs::remove_file(&files.proof);
    }

    /// Fills `certificate` (and `certify_seconds`, `note`) of the infeasible rows of one instance
    /// of `puzzle`; `solvable`: the instance has a solution by construction.
    pub fn apply(&mut self, puzzle: &Grid, solvable: bool, rows: &mut [RunRow]) {
        let infeasible = |r: &RunRow| r.outcome == "infeasible";
        if !rows.iter().any(infeasible) {
            return;
        }
        let Some(certifier) = &self.certifier else {
            for row in rows.iter_mut().filter(|r| infeasible(r) && r.certificate.is_empty()) {
                row.certificate = OFF.into();
            }
            return;
        };
        // A verified solution (or one by construction) already makes every "infeasible" wrong.
        if solvable || rows.iter().any(|r| r.outcome == "solved" && r.verified == Some(true)) {
            return;
        }
        let mut seconds = 0.0;
        let (word, why) = match self.done.get(puzzle.cells()) {
            Some(done) => done.clone(),
            None => {
                let done = match certifier.certify(puzzle, &Statement::NoSolution) {
                    Ok(certified) => {
                        seconds = certified.seconds();
                        let why = match &certified.certificate {
                            Certificate::Checked => String::new(),
                            Certificate::Refuted(_) => "certification found a solution: the puzzle is solvable".into(),
                            Certificate::Failed(why) | Certificate::Unproven(why) => format!("certification: {why}"),
                        };
                        (certified.certificate.word(), why)
                    }
                    Err(e) => (UNPROVEN, format!("certification failed: {e}")),
                };
                self.done.insert(puzzle.cells().to_vec(), done.clone());
                done
            }
        };
        let mut paid = false;
        for row in rows.iter_mut().filter(|r| infeasible(r)) {
            if row.certificate == FAILED {
                continue; // its own proof was rejected
            }
            let own = row.certify_seconds.unwrap_or(0.0);
            row.certificate = word.into();
            row.certify_seconds = Some(own + if paid { 0.0 } else { (seconds * 1e6).round() / 1e6 });
            paid = true;
            if !why.is_empty() {
                row.note = if row.note.is_empty() { why.clone() } else { format!("{}; {why}", row.note) };
            }
        }
    }
}
