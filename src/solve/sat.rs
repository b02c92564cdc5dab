//! `sat` and `sat-minimal`: Sudoku as CNF ([`crate::solve::cnf`]), solved by CaDiCaL through
//! `rustsat-cadical`.
//!
//! This module owns everything that knows about CaDiCaL: loading the clauses, the time limit (a
//! terminate callback that CaDiCaL polls during search, checked against a deadline counted from
//! the start of the solve, encoding included), counting solutions with blocking clauses, and
//! translating CaDiCaL's answers into an [`Outcome`] — "interrupted" becomes
//! [`Outcome::LimitReached`] here and nowhere else. The encoding looks at the deadline too, so a
//! limit shorter than the encoding of a large grid is honoured.
//!
//! CDCL on the 3-D encoding is the strongest general method known for quasigroup completion, the
//! problem underneath Sudoku's hard phase (Kautz et al. 2001; Ansótegui et al., "Modeling choices
//! in quasigroup completion: SAT vs. CSP", AAAI 2004). CaDiCaL is deterministic: the same puzzle
//! gives the same clauses in the same order and the same search.

use std::time::Instant;

use rustsat::solvers::{ControlSignal, GetInternalStats, Solve, SolverResult, Terminate};
use rustsat::types::{Lit, TernaryVal, Var};
use rustsat_cadical::{CaDiCaL, Config};

use crate::grid::Grid;
use crate::solve::cnf::{self, CnfModel, Encoded, Encoding};
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, Stats};

/// A CaDiCaL-backed solver for one [`Encoding`].
#[derive(Debug, Clone)]
pub struct Sat {
    encoding: Encoding,
}

impl Sat {
    /// A solver for `encoding`.
    pub fn new(encoding: Encoding) -> Sat {
        Sat { encoding }
    }
}

/// What CaDiCaL's search ended with.
enum End {
    /// No (further) solution exists.
    Exhausted,
    /// The deadline passed.
    Interrupted,
    /// `max_solutions` were found.
    Enough,
}

impl Solver for Sat {
    fn name(&self) -> &'static str {
        match self.encoding {
            Encoding::Full => "sat",
            Encoding::Minimal => "sat-minimal",
        }
    }

    /// Encodes, solves and decodes. With `limits.max_solutions` > 1 it counts: after each
    /// solution a blocking clause (the negation of its true cell variables) rules that grid out
    /// and CaDiCaL searches on, incrementally, until the count is reached or no grid is left;
    /// `stats.solutions` is then the count (exact when below the maximum and not interrupted).
    /// `variables`/`constraints` are the CNF's variables and clauses; `conflicts`, `decisions` and
    /// `propagations` are CaDiCaL's totals over all solve calls.
    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let name = self.name();
        let backend = |message: String| SolveError::Backend { solver: name, message };
        let start = Instant::now();
        let deadline = limits.deadline(start);
        let mut solver = CaDiCaL::default();
        // CaDiCaL's "sat" configuration (stable mode only, target phases): measured on planted
        // 36×36 at α = 0.4 and 0.45 (6 seeds each), the slowest instance went from 12.5 s to
        // 2.1 s and the conflicts from 146 k to 21 k. "plain" and "default" did no better at α = 0.5.
        solver.set_configuration(Config::Sat).map_err(|e| backend(format!("CaDiCaL configuration: {e}")))?;
        // Congruence closure (gate extraction) finds nothing in these clauses, yet on a 36×36
        // formula it runs for about 1.5 s before the first conflict without polling the terminate
        // callback: a 0.3 s limit overran to 1.9 s. Off, a limit that falls in the search holds
        // within milliseconds; one that falls in CaDiCaL's start-up on a 3 M-clause formula (the
        // empty 36×36 grid) can still overrun by about 0.3 s.
        solver.set_option("congruence", 0).map_err(|e| backend(format!("CaDiCaL option congruence: {e}")))?;
        let model = match cnf::encode_until(puzzle, self.encoding, deadline, &mut solver) {
            Ok(Some(Encoded::Model(model))) => model,
            Ok(Some(Encoded::Infeasible(why))) => {
                let stats = Stats { build_seconds: start.elapsed().as_secs_f64(), ..Stats::default() };
                return Ok(Report { outcome: Outcome::Infeasible, stats, note: Some(why) });
            }
            Ok(None) => {
                let stats = Stats { build_seconds: start.elapsed().as_secs_f64(), ..Stats::default() };
                return Ok(out_of_time_encoding(stats));
            }
            Err(_) => return Err(backend("CaDiCaL ran out of memory while loading the clauses".to_string())),
        };
        let mut stats = Stats {
            build_seconds: start.elapsed().as_secs_f64(),
            variables: Some(model.variables as usize),
            constraints: Some(model.clauses),
            ..Stats::default()
        };
        // The encoder looks at the clock only every few thousand clauses.
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(out_of_time_encoding(stats));
        }
        if let Some(deadline) = deadline {
            solver.attach_terminator(move || {
                if Instant::now() >= deadline {
                    ControlSignal::Terminate
                } else {
                    ControlSignal::Continue
                }
            });
        }
        let search = Instant::now();
        let (first, count, end) = search_solutions(&mut solver, puzzle, &model, limits.max_solutions.max(1))
            .map_err(|e| backend(format!("CaDiCaL: {e}")))?;
        stats.seconds = search.elapsed().as_secs_f64();
        stats.conflicts = Some(solver.conflicts() as u64);
        stats.decisions = Some(solver.decisions() as u64);
        stats.propagations = Some(solver.propagations() as u64);
        if limits.max_solutions > 1 {
            stats.solutions = Some(count);
        }
        let (outcome, note) = match (first, end) {
            (Some(grid), End::Interrupted) if limits.max_solutions > 1 => {
                (Outcome::Solved(grid), Some(format!("time limit reached while counting: at least {count} solutions")))
            }
            (Some(grid), _) => (Outcome::Solved(grid), None),
            (None, End::Exhausted) => (Outcome::Infeasible, Some("CaDiCaL: unsatisfiable".to_string())),
            (None, _) => (Outcome::LimitReached, Some("CaDiCaL reached the time limit without a solution".to_string())),
        };
        Ok(Report { outcome, stats, note })
    }
}

/// The answer when the deadline passed before the formula was complete.
fn out_of_time_encoding(stats: Stats) -> Report {
    Report { outcome: Outcome::LimitReached, stats, note: Some("time limit reached while encoding".to_string()) }
}

/// Solves until `max` solutions, exhaustion or the deadline; returns the first solution, the
/// count and why it stopped.
fn search_solutions(
    solver: &mut CaDiCaL<'_, '_>,
    puzzle: &Grid,
    model: &CnfModel,
    max: u64,
) -> anyhow::Result<(Option<Grid>, u64, End)> {
    let mut first = None;
    let mut count = 0u64;
    let mut blocking: Vec<Lit> = Vec::new();
    loop {
        match solver.solve()? {
            SolverResult::Unsat => return Ok((first, count, End::Exhausted)),
            SolverResult::Interrupted => return Ok((first, count, End::Interrupted)),
            SolverResult::Sat => {}
        }
        count += 1;
        blocking.clear();
        for i in 0..model.columns.len() {
            let var = Var::new(i as u32);
            if solver.lit_val(var.pos_lit())? == TernaryVal::True {
                blocking.push(var.neg_lit());
            }
        }
        if first.is_none() {
            first = Some(cnf::decode(puzzle, &model.columns, blocking.iter().map(|lit| lit.vidx())));
        }
        if count >= max {
            return Ok((first, count, End::Enough));
        }
        if blocking.is_empty() {
            // A full grid has one solution and no variables to block it with.
            return Ok((first, count, End::Exhausted));
        }
        solver.add_clause_ref(rustsat::types::Cl::new(&blocking))?;
    }
}
