//! `ilp-clique-cbc`: the clique model ([`super::clique`]) solved by COIN-OR CBC through `good_lp`,
//! the second MIP solver that separates "the model" from "HiGHS" in the ILP comparison.
//!
//! This module owns everything that knows about CBC: its parameters (one thread, no output, the
//! time limit in whole seconds as CBC takes it), the process-wide lock (CBC keeps global state, so
//! `good_lp`'s `singlethread-cbc` serialises calls too) and the translation of its answers. CBC
//! treats a pure feasibility problem with a random objective of its own and finds most solutions
//! with its feasibility pump at the root, so it answers where HiGHS's root LP (dual simplex on the
//! zero-cost, degenerate LP) stalls (measured: docs/benchmarks.md, "`ilp-clique-cbc`"). CBC
//! reports no node count through `good_lp`; `lp_iterations` is its simplex iteration count.
//!
//! A run stopped by the time limit can still hand back a point; it counts only when the oracle
//! accepts the decoded grid, otherwise the outcome is [`Outcome::LimitReached`]. CBC's feasibility
//! pump does not poll the time limit (runs go on past it to the runner's hard limit; the count is
//! in docs/benchmarks.md): `solve`, `bench` and `run` stop it from outside, in a worker process.

use std::time::Instant;

use good_lp::solvers::coin_cbc::CoinCbcProblem;
use good_lp::{ResolutionError, SolverModel, WithTimeLimit};

use crate::grid::Grid;
use crate::solve::ilp::clique::{self, decode};
use crate::solve::propagate;
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, Stats};
use crate::verify;

/// CBC on the clique model.
#[derive(Debug, Clone, Default)]
pub struct Cbc {
    /// Place naked and hidden singles before building ([`crate::solve::propagate`]).
    pub propagate: bool,
    /// The solver seed (`SolverOptions::seed`): CBC's and its LP solver's random seeds
    /// (`randomCbcSeed`, `randomSeed`); `None`: CBC's defaults.
    pub seed: Option<u64>,
}

impl Solver for Cbc {
    fn name(&self) -> &'static str {
        "ilp-clique-cbc"
    }

    /// Builds the clique model, solves it with CBC within what is left of the time limit (model
    /// building counts), and decodes the answer. `limits.max_solutions` is not used.
    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let name = self.name();
        let start = Instant::now();
        let reduced = match propagate::presolve(puzzle, self.propagate, start) {
            Ok(reduced) => reduced,
            Err(settled) => return Ok(*settled),
        };
        let (puzzle, propagated) = match &reduced {
            Some((grid, note)) => (grid, Some(note.clone())),
            None => (puzzle, None),
        };
        let model = match clique::build(puzzle) {
            Ok(model) => model,
            Err(why) => {
                let stats = Stats { build_seconds: start.elapsed().as_secs_f64(), ..Stats::default() };
                return Ok(Report { outcome: Outcome::Infeasible, stats, note: Some(why) });
            }
        };
        let (columns, rows) = (model.columns, model.constraints.len());
        let mut stats = Stats { variables: Some(columns.len()), constraints: Some(rows), ..Stats::default() };
        if columns.is_empty() {
            stats.build_seconds = start.elapsed().as_secs_f64();
            return Ok(Report { outcome: Outcome::Solved(puzzle.clone()), stats, note: Some("no empty cell".into()) });
        }
        let mut problem: CoinCbcProblem = model.vars.minimise(0).using(good_lp::coin_cbc);
        for row in model.constraints {
            problem.add_constraint(row);
        }
        problem.set_parameter("threads", "1");
        problem.set_parameter("log", "0");
        problem.set_parameter("slogLevel", "0");
        if let Some(seed) = self.seed {
            // Both take a non-negative int; reduced as the SAT backends' seeds are.
            let seed = (seed % crate::solve::sat::BACKEND_SEEDS).to_string();
            problem.set_parameter("randomCbcSeed", &seed);
            problem.set_parameter("randomSeed", &seed);
        }
        stats.build_seconds = start.elapsed().as_secs_f64();
        if let Some(limit) = limits.time {
            let Some(left) = limit.checked_sub(start.elapsed()) else {
                let note = "time limit reached while building the model".to_string();
                return Ok(Report { outcome: Outcome::LimitReached, stats, note: Some(note) });
            };
            // CBC takes whole seconds (good_lp rounds up); the caller's hard limit bounds the rest.
            problem = problem.with_time_limit(left.as_secs_f64().max(1.0));
        }
        let search = Instant::now();
        let answer = problem.solve();
        stats.seconds = search.elapsed().as_secs_f64();
        let (outcome, note) = match answer {
            Ok(solution) => {
                stats.lp_iterations = u64::try_from(solution.model().iteration_count()).ok();
                let values = solution.model().col_solution().to_vec();
                let grid = decode(puzzle.clone(), &columns, &values);
                if verify::is_solution_of(puzzle, &grid) {
                    (Outcome::Solved(grid), None)
                } else {
                    (Outcome::LimitReached, Some("CBC stopped at the time limit without a solution".to_string()))
                }
            }
            Err(ResolutionError::Infeasible) => (Outcome::Infeasible, Some("CBC: infeasible".to_string())),
            Err(e) => return Err(SolveError::Backend { solver: name, message: format!("CBC: {e}") }),
        };
        let notes: Vec<String> = [propagated, note].into_iter().flatten().collect();
        Ok(Report { outcome, stats, note: (!notes.is_empty()).then(|| notes.join("; ")) })
    }
}
