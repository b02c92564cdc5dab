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
//!
//! A solution the oracle accepts is stronger than any proof: when the instance has one (planted,
//! a unique puzzle's, its file's) or any run of it returned one, every "infeasible" of the
//! instance is `failed` — with certification on or off, and whatever its own proof's check said
//! (a proof can only have been accepted against a formula other than the puzzle's). A solver's
//! own proof is checked against a fresh copy of its input the harness wrote after the solver had
//! exited ([`crate::external`]), never against the file the solver had.
//!
//! A checker that cannot be started, or the run's stop request, ends the certification with an
//! error ([`CertifyError`]): the run stops and the instance's rows are not written, so `--resume`
//! runs it again; nothing is ever recorded `unproven` for want of a checker.

use std::collections::HashMap;

use super::record::{RunCertificate, RunOutcome, RunRow};
use crate::certificates::{Check, Checker, Statement, INSTALL_HINT};
use crate::grid::Grid;
use crate::puzzle::certify::{Certificate, Certifier, CertifyError};
use crate::solve::process::{ProofFiles, ProofProblem};

/// The certificates of a run's puzzles, made as their instances finish.
#[derive(Debug)]
pub struct Certifications {
    certifier: Option<Certifier>,
    /// The checker's limit on a solver's own proof.
    check_limit: std::time::Duration,
    /// The checker of solvers' own proofs: the certifier's, else one found on first use (with
    /// certification off), else none.
    own_checker: std::cell::OnceCell<Option<Checker>>,
    /// The run's stop request (its signal flag), if any.
    stop: Option<super::signals::StopFlag>,
    /// Per puzzle (its cells): the certificate's word and why, when not checked.
    done: HashMap<Vec<u8>, (RunCertificate, String)>,
}

/// Where a solution of an instance that no run returned comes from, for the notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known<'a> {
    /// Nothing known beyond the runs.
    Nothing,
    /// A solution the oracle accepted, and where it is from (`"its planted solution"`, `"its
    /// file's solution"`).
    Solution(&'a Grid, &'a str),
}

impl Certifications {
    /// Certifications with `certifier` (`None`: certification is off) for a run with `time_limit`
    /// seconds a solve, stopped by `stop` when given.
    pub fn new(
        certifier: Option<Certifier>,
        time_limit: f64,
        stop: Option<super::signals::StopFlag>,
    ) -> Certifications {
        let check_limit = Certifier::check_limit_for(std::time::Duration::from_secs_f64(time_limit));
        let certifier = match (&stop, certifier) {
            (Some(stop), Some(c)) => Some(c.stop_on(std::sync::Arc::clone(stop))),
            (_, c) => c,
        };
        Certifications { certifier, check_limit, own_checker: std::cell::OnceCell::new(), stop, done: HashMap::new() }
    }

    /// `true` once the run's stop request arrived.
    fn stopped(&self) -> bool {
        self.stop.as_ref().and_then(super::signals::received).is_some()
    }

    /// Checks the proof an external solver wrote with its "infeasible" (`{proof}`) against the
    /// harness's copy of the CNF it was given, with the checker (checked whether or not
    /// certification is on: a solver that offers a proof has it judged), and removes both files.
    /// A proof refused unread (not a regular file), rejected or missing makes the row `failed`;
    /// an accepted one `checked`; a checker that did not finish, crashed or met a proof too large
    /// to read leaves it `unproven` (then the puzzle's certificate, made next by
    /// [`Certifications::apply`], decides). Errors when the checker cannot be started or on the
    /// stop request, with nothing written into the row.
    pub fn check_own(&mut self, row: &mut RunRow, files: &ProofFiles) -> Result<(), CertifyError> {
        let result = self.check_own_files(row, files);
        let _ = std::fs::remove_file(&files.cnf);
        let _ = std::fs::remove_file(&files.proof);
        result
    }

    fn check_own_files(&mut self, row: &mut RunRow, files: &ProofFiles) -> Result<(), CertifyError> {
        if row.outcome != RunOutcome::Infeasible {
            return Ok(());
        }
        let limit = self.check_limit;
        // Looked up once a run (a PATH search and a `--version` run), not once a proof.
        let certifier = &self.certifier;
        let checker =
            self.own_checker.get_or_init(|| certifier.as_ref().map(|c| c.checker.clone()).or_else(Checker::find));
        let start = std::time::Instant::now();
        let stop = self.stop.clone();
        let stopped = move || stop.as_ref().and_then(super::signals::received).is_some();
        let (word, why) = match (&files.problem, checker) {
            (Some(ProofProblem::NotAFile(why)), _) => {
                (RunCertificate::Failed, format!("the solver's proof was refused unread: {why}"))
            }
            (Some(ProofProblem::TooLarge(bytes)), _) => (
                RunCertificate::Unproven,
                format!(
                    "the solver's proof ({} MiB) is larger than the {} MiB checked",
                    bytes >> 20,
                    crate::external::PROOF_CAP >> 20
                ),
            ),
            // Only with certification off (a run with it on refuses to start without a checker):
            // the verdict is unchecked, as every other one of the run.
            (None, None) => {
                (RunCertificate::Off, format!("the solver's proof was not checked: no checker ({INSTALL_HINT})"))
            }
            (None, Some(c)) => match c.check_until(&files.cnf, &files.proof, limit, &stopped) {
                Check::Accepted => (RunCertificate::Checked, String::new()),
                Check::Rejected(why) => {
                    (RunCertificate::Failed, format!("{} rejected the solver's proof: {why}", c.name))
                }
                Check::Unfinished(why) => (RunCertificate::Unproven, format!("the solver's proof: {why}")),
                Check::Unavailable(why) => return Err(CertifyError::CheckerUnavailable(why)),
                Check::Interrupted => return Err(CertifyError::Interrupted),
            },
        };
        row.certificate = Some(word);
        row.certify_seconds = Some((start.elapsed().as_secs_f64() * 1e6).round() / 1e6);
        add_note(row, &why);
        Ok(())
    }

    /// Fills `certificate` (and `certify_seconds`, `note`) of the infeasible rows of one instance
    /// of `puzzle` whose solution `known` may name (see the module doc for the rules). Errors when
    /// the checker cannot be started or on the stop request, leaving the rows as they were.
    pub fn apply(&mut self, puzzle: &Grid, known: Known, rows: &mut [RunRow]) -> Result<(), CertifyError> {
        let infeasible = |r: &RunRow| r.outcome == RunOutcome::Infeasible;
        if !rows.iter().any(infeasible) {
            return Ok(());
        }
        // A verified solution makes every "infeasible" wrong, whatever else was said of it.
        let verified = |r: &&RunRow| r.outcome == RunOutcome::Solved && r.verified == Some(true);
        let source = match known {
            Known::Solution(grid, from) if crate::verify::is_solution_of(puzzle, grid) => Some(from.to_string()),
            _ => rows.iter().find(verified).map(|r| format!("{}'s verified solution", r.solver)),
        };
        if let Some(source) = source {
            for row in rows.iter_mut().filter(|r| infeasible(r)) {
                row.certificate = Some(RunCertificate::Failed);
                add_note(row, &format!("refuted: the puzzle has a solution ({source})"));
            }
            return Ok(());
        }
        let Some(certifier) = &self.certifier else {
            for row in rows.iter_mut().filter(|r| infeasible(r) && r.certificate.is_none()) {
                row.certificate = Some(RunCertificate::Off);
            }
            return Ok(());
        };
        if self.stopped() {
            return Err(CertifyError::Interrupted);
        }
        let mut seconds = 0.0;
        let (word, why) = match self.done.get(puzzle.cells()) {
            Some(done) => done.clone(),
            None => {
                let done = match certifier.certify(puzzle, &Statement::NoSolution) {
                    Ok(certified) => {
                        seconds = certified.seconds();
                        match &certified.certificate {
                            Certificate::Checked => (RunCertificate::Checked, String::new()),
                            Certificate::Refuted(_) => (
                                RunCertificate::Failed,
                                "refuted: certification found a solution, the puzzle is solvable".into(),
                            ),
                            // The harness's own proof rejected, or its formula's model no solution:
                            // a fault of the certification, not of the solvers.
                            Certificate::Failed(why) | Certificate::Unproven(why) => {
                                (RunCertificate::Unproven, format!("certification: {why}"))
                            }
                        }
                    }
                    Err(e @ (CertifyError::CheckerUnavailable(_) | CertifyError::Interrupted)) => return Err(e),
                    Err(e) => (RunCertificate::Unproven, format!("certification failed: {e}")),
                };
                self.done.insert(puzzle.cells().to_vec(), done.clone());
                done
            }
        };
        let mut paid = false;
        for row in rows.iter_mut().filter(|r| infeasible(r)) {
            // A rejected proof stays rejected; a checked one of the solver's own stands unless a
            // solution refutes it.
            if row.certificate == Some(RunCertificate::Failed)
                || (row.certificate == Some(RunCertificate::Checked) && word != RunCertificate::Failed)
            {
                continue;
            }
            let own = row.certify_seconds.unwrap_or(0.0);
            row.certificate = Some(word);
            row.certify_seconds = Some(own + if paid { 0.0 } else { (seconds * 1e6).round() / 1e6 });
            paid = true;
            add_note(row, &why);
        }
        Ok(())
    }
}

/// Appends `why` to the row's note.
fn add_note(row: &mut RunRow, why: &str) {
    if !why.is_empty() {
        row.note = if row.note.is_empty() { why.to_string() } else { format!("{}; {why}", row.note) };
    }
}
