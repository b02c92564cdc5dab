//! One row of `runs.csv`: a (instance, solver) run and what came of it.
//!
//! This is the contract between the runner (which appends rows), and the plots and the report
//! (which only read them). Column names are fixed: scripts rely on them.

use serde::{Deserialize, Serialize};

use crate::generate::Holes;
pub use crate::solve::process::RunOutcome;

/// The columns of `runs.csv`, in order.
pub const COLUMNS: &[&str] = &[
    "experiment",
    "box_rows",
    "box_cols",
    "n",
    "alpha",
    "mode",
    "difficulty",
    "rep",
    "seed",
    "givens",
    "solver",
    "outcome",
    "seconds",
    "build_seconds",
    "nodes",
    "guesses",
    "backtracks",
    "variables",
    "constraints",
    "lp_iterations",
    "peak_rss_mb",
    "verified",
    "agree",
    "note",
    "conflicts",
    "decisions",
    "propagations",
    "winner",
    "lp_solves",
    "cpu_seconds",
    "set",
    "instance",
    "expected",
    "contradiction",
    "holes",
    "certificate",
    "certify_seconds",
];

/// One (instance, solver) run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRow {
    /// Experiment name (the config's `name`).
    pub experiment: String,
    /// Box rows r.
    pub box_rows: usize,
    /// Box columns c.
    pub box_cols: usize,
    /// Side N = r·c.
    pub n: usize,
    /// Fill fraction α asked for (the target; `givens` is what the instance really has); 0 for
    /// `unique` instances, which have a difficulty instead.
    pub alpha: f64,
    /// Instance mode: `random`, `planted` or `unique`.
    pub mode: String,
    /// Difficulty for `unique` instances (`easy|medium|hard|expert`), empty otherwise.
    #[serde(default)]
    pub difficulty: String,
    /// Repeat index, 0-based.
    pub rep: u32,
    /// The instance's own seed (derived from the master seed and its coordinates).
    pub seed: u64,
    /// Givens the instance really has.
    pub givens: usize,
    /// Solver name (`ilp-edge`, `ilp-clique`, `backtrack-naive`, `backtrack`).
    pub solver: String,
    /// `solved`, `infeasible`, `limit`, `memory` or `error`.
    pub outcome: RunOutcome,
    /// Wall seconds of the solve itself (for `limit`/`memory` rows: the time until it was stopped).
    pub seconds: f64,
    /// Model build seconds (ILP) or set-up seconds.
    #[serde(default)]
    pub build_seconds: Option<f64>,
    /// Search nodes (cells assigned, or branch-and-bound nodes).
    pub nodes: Option<u64>,
    /// Guesses (backtracking branching decisions).
    #[serde(default)]
    pub guesses: Option<u64>,
    /// Dead ends (backtracking branches undone): the hardware-independent hardness measure.
    #[serde(default)]
    pub backtracks: Option<u64>,
    /// ILP variables.
    pub variables: Option<usize>,
    /// ILP constraints.
    pub constraints: Option<usize>,
    /// HiGHS simplex iterations.
    #[serde(default)]
    pub lp_iterations: Option<u64>,
    /// Peak resident memory of the worker process, MiB.
    pub peak_rss_mb: Option<f64>,
    /// `true` when a returned solution passed the oracle; empty when nothing was returned.
    pub verified: Option<bool>,
    /// `true` when this solver agrees with the other finished solvers on this instance; empty when
    /// there was nothing to compare.
    pub agree: Option<bool>,
    /// Free text: the reason for `error`, the conflict for an infeasible puzzle, etc.
    #[serde(default)]
    pub note: String,
    /// CDCL conflicts (the SAT solvers' dead ends). Columns from here on were appended later, so
    /// older `runs.csv` files without them still load.
    #[serde(default)]
    pub conflicts: Option<u64>,
    /// CDCL decisions.
    #[serde(default)]
    pub decisions: Option<u64>,
    /// CDCL propagations.
    #[serde(default)]
    pub propagations: Option<u64>,
    /// The member whose answer a `portfolio` returned (empty for other solvers).
    #[serde(default)]
    pub winner: Option<String>,
    /// LP relaxations solved by HiGHS (`ilp-hybrid`; empty for other solvers).
    #[serde(default)]
    pub lp_solves: Option<u64>,
    /// CPU seconds, user + system, of the worker and every process it started (the kernel's
    /// accounting: `getrusage` of the worker and its reaped children, `/proc` for a killed run);
    /// covers set-up and search. Empty in files written before it was measured.
    #[serde(default)]
    pub cpu_seconds: Option<f64>,
    /// The instance set the puzzle came from (a config's `[[sets]]` name); empty for generated
    /// instances.
    #[serde(default)]
    pub set: String,
    /// The puzzle's stable id within its set (`FILE#PUZZLE`, the file relative to the config's
    /// folder, puzzles numbered from 1); empty for generated instances.
    #[serde(default)]
    pub instance: String,
    /// The puzzle's expected verdict: `solvable`, `unsolvable`, `unique`, or empty when none is known.
    #[serde(default)]
    pub expected: String,
    /// How this run's answer contradicts the expected verdict (for instance "a solution other than
    /// the expected unique one"); empty when it does not. A contradicted run is never solved.
    #[serde(default)]
    pub contradiction: String,
    /// Where a planted instance's holes fall: `uniform` or `balanced` ([`Holes`]); `uniform` for
    /// every other instance, and for rows of files written before the column existed.
    #[serde(default)]
    pub holes: Holes,
    /// What backs a verdict without a solution: `checked` (the proof checker accepted a proof of
    /// this run's "infeasible", its own or its puzzle's), `failed` (a proof was rejected, or the
    /// puzzle has a solution after all), `unproven` (certification was on but no proof was checked
    /// within its limits: the run is not finished), `off` (certification turned off: the verdict
    /// is unchecked); empty when no proof applies (a solution, a limit) and in older files.
    #[serde(default)]
    pub certificate: String,
    /// Wall seconds the harness spent certifying this run's verdict (the proof-producing run on
    /// the reference CNF and the checker), outside the solver's `seconds`; 0 when the puzzle's
    /// certificate was made for an earlier run; empty when nothing was certified.
    #[serde(default)]
    pub certify_seconds: Option<f64>,
}

impl RunRow {
    /// `true` when the run's answer contradicts its instance's expected verdict.
    pub fn contradicts_expected(&self) -> bool {
        !self.contradiction.trim().is_empty()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A solved 9×9 backtrack run, for tests to vary.
    pub(crate) fn row() -> RunRow {
        RunRow {
            experiment: "x".into(),
            box_rows: 3,
            box_cols: 3,
            n: 9,
            alpha: 0.2,
            mode: "planted".into(),
            difficulty: String::new(),
            rep: 0,
            seed: 1,
            givens: 16,
            solver: "backtrack".into(),
            outcome: RunOutcome::Solved,
            seconds: 0.001,
            build_seconds: None,
            nodes: Some(65),
            guesses: Some(0),
            backtracks: Some(0),
            variables: None,
            constraints: None,
            lp_iterations: None,
            peak_rss_mb: Some(3.5),
            verified: Some(true),
            agree: None,
            note: String::new(),
            conflicts: None,
            decisions: None,
            propagations: None,
            winner: None,
            lp_solves: None,
            cpu_seconds: Some(0.001),
            set: String::new(),
            instance: String::new(),
            expected: String::new(),
            contradiction: String::new(),
            holes: Holes::Uniform,
            certificate: String::new(),
            certify_seconds: None,
        }
    }

    #[test]
    fn header_matches_the_struct_fields() {
        let row = RunRow { winner: Some("sat".into()), lp_solves: Some(3), ..row() };
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(&row).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        assert_eq!(text.lines().next().unwrap(), COLUMNS.join(","));
        let back: RunRow = csv::Reader::from_reader(text.as_bytes()).deserialize().next().unwrap().unwrap();
        assert_eq!(back, row);
    }
}
