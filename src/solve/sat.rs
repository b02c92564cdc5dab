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
        let (mut solver, model) = match load(puzzle, self.encoding, deadline).map_err(backend)? {
            Loaded::Solver(solver, model) => (solver, model),
            Loaded::Infeasible(why) => {
                let stats = Stats { build_seconds: start.elapsed().as_secs_f64(), ..Stats::default() };
                return Ok(Report { outcome: Outcome::Infeasible, stats, note: Some(why) });
            }
            Loaded::OutOfTime => {
                let stats = Stats { build_seconds: start.elapsed().as_secs_f64(), ..Stats::default() };
                return Ok(out_of_time_encoding(stats));
            }
        };
        let mut stats = Stats {
            build_seconds: start.elapsed().as_secs_f64(),
            variables: Some(model.variables as usize),
            constraints: Some(model.clauses),
            ..Stats::default()
        };
        let search = Instant::now();
        let mut first = None;
        let (count, end) = search_solutions(&mut solver, puzzle, &model, limits.max_solutions.max(1), |grid| {
            first.get_or_insert_with(|| grid.clone());
        })
        .map_err(|e| backend(format!("CaDiCaL: {e}")))?;
        stats.seconds = search.elapsed().as_secs_f64();
        stats.conflicts = Some(solver.conflicts() as u64);
        stats.decisions = Some(solver.decisions() as u64);
        stats.propagations = Some(solver.propagations() as u64);
        if limits.max_solutions > 1 {
            stats.solutions = Some(count);
        }
        let (outcome, note) = match (first, end) {
            (Some(grid), CountEnd::Interrupted) if limits.max_solutions > 1 => {
                (Outcome::Solved(grid), Some(format!("time limit reached while counting: at least {count} solutions")))
            }
            (Some(grid), _) => (Outcome::Solved(grid), None),
            (None, CountEnd::Exhausted) => (Outcome::Infeasible, Some("CaDiCaL: unsatisfiable".to_string())),
            (None, _) => (Outcome::LimitReached, Some("CaDiCaL reached the time limit without a solution".to_string())),
        };
        Ok(Report { outcome, stats, note })
    }
}

/// The answer when the deadline passed before the formula was complete.
fn out_of_time_encoding(stats: Stats) -> Report {
    Report { outcome: Outcome::LimitReached, stats, note: Some("time limit reached while encoding".to_string()) }
}

/// A formula loaded into CaDiCaL, or why there is none.
enum Loaded {
    /// The solver holding the clauses (with the deadline attached), and the model's columns.
    Solver(Box<CaDiCaL<'static, 'static>>, CnfModel),
    /// Eliminating the givens proved infeasibility.
    Infeasible(String),
    /// The deadline passed while encoding.
    OutOfTime,
}

/// Configures CaDiCaL, encodes `puzzle` into it and attaches the deadline.
fn load(puzzle: &Grid, encoding: Encoding, deadline: Option<Instant>) -> Result<Loaded, String> {
    let mut solver = Box::new(CaDiCaL::default());
    // CaDiCaL's "sat" configuration (stable mode only, target phases): measured on planted
    // 36×36 at α = 0.4 and 0.45 (6 seeds each), the slowest instance went from 12.5 s to
    // 2.1 s and the conflicts from 146 k to 21 k. "plain" and "default" did no better at α = 0.5.
    solver.set_configuration(Config::Sat).map_err(|e| format!("CaDiCaL configuration: {e}"))?;
    // Congruence closure (gate extraction) finds nothing in these clauses, yet on a 36×36
    // formula it runs for about 1.5 s before the first conflict without polling the terminate
    // callback: a 0.3 s limit overran to 1.9 s. Off, a limit that falls in the search holds
    // within milliseconds; one that falls in CaDiCaL's start-up on a 3 M-clause formula (the
    // empty 36×36 grid) can still overrun by about 0.3 s.
    solver.set_option("congruence", 0).map_err(|e| format!("CaDiCaL option congruence: {e}"))?;
    let model = match cnf::encode_until(puzzle, encoding, deadline, solver.as_mut()) {
        Ok(Some(Encoded::Model(model))) => model,
        Ok(Some(Encoded::Infeasible(why))) => return Ok(Loaded::Infeasible(why)),
        Ok(None) => return Ok(Loaded::OutOfTime),
        Err(_) => return Err("CaDiCaL ran out of memory while loading the clauses".to_string()),
    };
    // The encoder looks at the clock only every few thousand clauses.
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Ok(Loaded::OutOfTime);
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
    Ok(Loaded::Solver(solver, model))
}

/// Solves until `max` solutions, exhaustion or the deadline, handing each solution to
/// `on_solution`; returns the count and why it stopped.
fn search_solutions(
    solver: &mut CaDiCaL<'_, '_>,
    puzzle: &Grid,
    model: &CnfModel,
    max: u64,
    mut on_solution: impl FnMut(&Grid),
) -> anyhow::Result<(u64, CountEnd)> {
    let mut count = 0u64;
    let mut blocking: Vec<Lit> = Vec::new();
    loop {
        match solver.solve()? {
            SolverResult::Unsat => return Ok((count, CountEnd::Exhausted)),
            SolverResult::Interrupted => return Ok((count, CountEnd::Interrupted)),
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
        on_solution(&cnf::decode(puzzle, &model.columns, blocking.iter().map(|lit| lit.vidx())));
        if count >= max {
            return Ok((count, CountEnd::Enough));
        }
        if blocking.is_empty() {
            // A full grid has one solution and no variables to block it with.
            return Ok((count, CountEnd::Exhausted));
        }
        solver.add_clause_ref(rustsat::types::Cl::new(&blocking))?;
    }
}

/// What [`survey`] found about a puzzle's solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Survey {
    /// Solutions counted (at most the cap asked for).
    pub solutions: u64,
    /// How the count ended: `Exhausted` = exact, `Enough` = the cap was reached, `Interrupted` =
    /// the deadline passed (a lower bound).
    pub count_end: CountEnd,
    /// The cells that hold the same digit in every solution found (0 elsewhere); empty without a
    /// solution.
    pub determined: Grid,
    /// True when `determined` is proven: no solution differs from them (the backbone is complete).
    pub determined_exact: bool,
    /// Why the puzzle has no solution, when eliminating the givens already shows it.
    pub infeasible: Option<String>,
}

/// How a search for solutions ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountEnd {
    /// Every solution was counted.
    Exhausted,
    /// The cap was reached: there may be more.
    Enough,
    /// The deadline passed.
    Interrupted,
}

/// Counts the solutions of `puzzle` up to `max_solutions` and finds its **determined cells** (the
/// backbone: cells with one digit in every solution), with CaDiCaL on the full encoding, stopping
/// at `deadline`.
///
/// Counting adds a blocking clause after each solution. When the cap is reached first, the
/// backbone is completed incrementally: with S the first solution and D the cells on which every
/// solution found agrees, add "some cell of D differs from S" and solve again; a new solution
/// shrinks D, "unsatisfiable" proves D exact. Each round removes at least one cell, so at most
/// |D| + 1 calls, usually a handful (a solution differs from S in many cells at once).
pub fn survey(puzzle: &Grid, max_solutions: u64, deadline: Option<Instant>) -> Result<Survey, SolveError> {
    let backend = |message: String| SolveError::Backend { solver: "sat", message };
    let shape = puzzle.shape();
    let mut survey = Survey {
        solutions: 0,
        count_end: CountEnd::Exhausted,
        determined: Grid::empty(shape),
        determined_exact: true,
        infeasible: None,
    };
    let (mut solver, model) = match load(puzzle, Encoding::Full, deadline).map_err(backend)? {
        Loaded::Solver(solver, model) => (solver, model),
        Loaded::Infeasible(why) => {
            survey.infeasible = Some(why);
            return Ok(survey);
        }
        Loaded::OutOfTime => {
            (survey.count_end, survey.determined_exact) = (CountEnd::Interrupted, false);
            return Ok(survey);
        }
    };
    let mut agree: Option<Grid> = None;
    let mut meet = |grid: &Grid| match agree.as_mut() {
        None => agree = Some(grid.clone()),
        Some(a) => {
            for c in 0..grid.cells().len() {
                if a.get(c) != grid.get(c) {
                    a.set(c, 0);
                }
            }
        }
    };
    let cadical = |e: anyhow::Error| backend(format!("CaDiCaL: {e}"));
    let (count, end) =
        search_solutions(&mut solver, puzzle, &model, max_solutions.max(1), &mut meet).map_err(cadical)?;
    survey.solutions = count;
    survey.count_end = end;
    let Some(mut agree) = agree else {
        survey.determined_exact = end == CountEnd::Exhausted;
        return Ok(survey);
    };
    if end == CountEnd::Enough {
        let first = agree.clone();
        let var_of: std::collections::HashMap<(usize, usize), u32> =
            model.columns.iter().enumerate().map(|(i, &col)| (col, i as u32)).collect();
        survey.determined_exact = loop {
            let differs: Vec<Lit> = (0..first.cells().len())
                .filter(|&c| puzzle.get(c) == 0 && agree.get(c) != 0)
                .map(|c| Var::new(var_of[&(c, usize::from(first.get(c)) - 1)]).neg_lit())
                .collect();
            if differs.is_empty() {
                break true;
            }
            solver.add_clause_ref(rustsat::types::Cl::new(&differs)).map_err(cadical)?;
            match solver.solve().map_err(cadical)? {
                SolverResult::Unsat => break true,
                SolverResult::Interrupted => break false,
                SolverResult::Sat => {
                    for c in 0..first.cells().len() {
                        if puzzle.get(c) != 0 || agree.get(c) == 0 {
                            continue;
                        }
                        let var = Var::new(var_of[&(c, usize::from(first.get(c)) - 1)]);
                        if solver.lit_val(var.pos_lit()).map_err(cadical)? != TernaryVal::True {
                            agree.set(c, 0);
                        }
                    }
                }
            }
        };
    } else {
        survey.determined_exact = end == CountEnd::Exhausted;
    }
    survey.determined = agree;
    Ok(survey)
}
