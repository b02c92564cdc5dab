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
use crate::certificates::Statement;
use crate::grid::Grid;
use crate::puzzle::certify::{Certificate, Certifier, FAILED, OFF, UNPROVEN};

/// The certificates of a run's puzzles, made as their instances finish.
#[derive(Debug)]
pub struct Certifications {
    certifier: Option<Certifier>,
    /// Per puzzle (its cells): the certificate's word and why, when not checked.
    done: HashMap<Vec<u8>, (&'static str, String)>,
}

impl Certifications {
    /// Certifications with `certifier`; `None`: certification is off.
    pub fn new(certifier: Option<Certifier>) -> Certifications {
        Certifications { certifier, done: HashMap::new() }
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
            row.certificate = word.into();
            row.certify_seconds = Some(if paid { 0.0 } else { (seconds * 1e6).round() / 1e6 });
            paid = true;
            if !why.is_empty() {
                row.note = if row.note.is_empty() { why.clone() } else { format!("{}; {why}", row.note) };
            }
        }
    }
}
