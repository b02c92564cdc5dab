//! `sat-col`: CDCL (CaDiCaL, through `rustsat-cadical` as [`crate::solve::sat`] uses it) on the
//! k-colouring CNF, with k falling from DSATUR's colouring until k colours fail.
//!
//! The encoding (this solver's own; the certificate's formula is written independently by
//! [`crate::certificates::colouring`]): a variable x(v, c) per vertex and colour c < k; per vertex
//! one clause "some colour" (no "at most one": a vertex with several true colours keeps its
//! lowest, still proper); per edge and colour ¬x(u, c) ∨ ¬x(v, c); a unit per precoloured vertex;
//! and, without a precolouring, the clique found coloured 0, 1, … as units — the symmetry breaking
//! of Van Gelder (2008) and Heule, Karahalios & van Hoeve (CP 2022): every colouring can be
//! renamed to agree with it, so it removes only renamings.
//!
//! For a minimum: DSATUR's first descent gives a colouring with u colours; then k = u − 1, u − 2,
//! … is tried, each with a fresh CaDiCaL (a satisfiable answer may use fewer than k colours,
//! which skips ahead), until an answer is "unsatisfiable" (χ ≥ k + 1 claimed) or k reaches the
//! clique's size. For k colours: DSATUR's descent if it fits, else one CaDiCaL call at k. The
//! deadline is a terminate callback CaDiCaL polls; an interrupted call leaves the bounds as they
//! are.
//!
//! Complexity: exponential in the worst case; the CNF of k colours has n·k variables and
//! n + k·|E| clauses.

use std::time::Instant;

use rustsat::solvers::{ControlSignal, GetInternalStats, Solve, SolverResult, Terminate};
use rustsat::types::{Clause, TernaryVal, Var};
use rustsat_cadical::CaDiCaL;

use crate::graph::{Goal, Problem};
use crate::solve::colour::{colours, dsatur, within, Claim};
use crate::solve::{cancel, SolveError, Stats};

/// How one CaDiCaL call on k colours ended.
enum Call {
    Coloured(Vec<usize>),
    NoColouring,
    Interrupted,
}

/// The solver's state over its calls.
struct Run<'a> {
    problem: &'a Problem,
    fixed: Vec<(usize, usize)>,
    deadline: Option<Instant>,
    stats: Stats,
}

impl Run<'_> {
    /// One CaDiCaL call: is there a colouring with colours 0..k (keeping the fixed colours)?
    fn call(&mut self, k: usize) -> Result<Call, SolveError> {
        let backend = |e: anyhow::Error| SolveError::Backend { solver: "sat-col", message: format!("CaDiCaL: {e}") };
        let n = self.problem.vertices();
        let x = |v: usize, c: usize| Var::new((v * k + c) as u32).pos_lit();
        let mut solver = CaDiCaL::default();
        let mut clauses = 0;
        for v in 0..n {
            solver.add_clause((0..k).map(|c| x(v, c)).collect()).map_err(backend)?;
            for &u in self.problem.neighbours(v).iter().filter(|&&u| u > v) {
                for c in 0..k {
                    solver.add_clause([!x(v, c), !x(u, c)].into_iter().collect::<Clause>()).map_err(backend)?;
                }
            }
            clauses += 1 + self.problem.neighbours(v).iter().filter(|&&u| u > v).count() * k;
        }
        for &(v, c) in &self.fixed {
            let unit: Clause = if c < k { [x(v, c)].into_iter().collect() } else { Clause::new() };
            solver.add_clause(unit).map_err(backend)?;
            clauses += 1;
        }
        self.stats.variables = Some(n * k);
        self.stats.constraints = Some(clauses);
        let deadline = self.deadline;
        solver.attach_terminator(move || {
            if cancel::past(deadline) {
                ControlSignal::Terminate
            } else {
                ControlSignal::Continue
            }
        });
        let answer = solver.solve().map_err(backend)?;
        *self.stats.conflicts.get_or_insert(0) += solver.conflicts() as u64;
        *self.stats.decisions.get_or_insert(0) += solver.decisions() as u64;
        *self.stats.propagations.get_or_insert(0) += solver.propagations() as u64;
        Ok(match answer {
            SolverResult::Unsat => Call::NoColouring,
            SolverResult::Interrupted => Call::Interrupted,
            SolverResult::Sat => {
                let mut colouring = vec![0; n];
                for (v, colour) in colouring.iter_mut().enumerate() {
                    let mut c = 0;
                    while c < k && solver.lit_val(x(v, c)).map_err(backend)? != TernaryVal::True {
                        c += 1;
                    }
                    *colour = c;
                }
                Call::Coloured(colouring)
            }
        })
    }
}

/// `sat-col` on `problem` from the clique `clique`, until `deadline` (see the module doc).
pub fn solve(problem: &Problem, clique: &[usize], deadline: Option<Instant>) -> Result<Claim, SolveError> {
    let fixed = dsatur::fixed_colours(problem, clique);
    let floor = clique.len().max(fixed.iter().map(|&(_, c)| c + 1).max().unwrap_or(0)).max(1);
    let mut run = Run { problem, fixed, deadline, stats: Stats::default() };
    let mut best = dsatur::greedy(problem, clique);
    let mut calls = 0;
    let (mut lower, mut exhausted) = (floor, false);
    let mut k = match (problem.goal(), &best) {
        (Goal::Colours(k), Some(c)) if colours(c) <= k => {
            let note = Some("DSATUR's first descent fits".to_string());
            return Ok(Claim { colouring: best, lower: floor, exhausted: true, stats: run.stats, note });
        }
        (Goal::Colours(k), _) => k,
        (Goal::Minimum, Some(c)) => colours(c).saturating_sub(1),
        (Goal::Minimum, None) => problem.vertices(),
    };
    if problem.vertices() == 0 {
        return Ok(Claim { colouring: Some(Vec::new()), lower: 0, exhausted: true, ..Claim::default() });
    }
    loop {
        if problem.goal() == Goal::Minimum && k < floor {
            exhausted = true;
            break;
        }
        calls += 1;
        match run.call(k)? {
            Call::Coloured(colouring) => {
                k = colours(&colouring).saturating_sub(1);
                best = Some(colouring);
                if let Goal::Colours(_) = problem.goal() {
                    exhausted = true;
                    break;
                }
            }
            Call::NoColouring => {
                lower = lower.max(k + 1);
                exhausted = true;
                break;
            }
            Call::Interrupted => break,
        }
    }
    let best = best.filter(|c| within(problem.goal(), c));
    let note = Some(format!("{calls} CaDiCaL calls"));
    Ok(Claim { colouring: best, lower, exhausted, stats: run.stats, note })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{graphs::flat, rng_from_seed};
    use crate::solve::colour::clique::maximum_clique;
    use crate::verify::colouring::is_colouring;

    #[test]
    fn sat_col_agrees_with_dsatur_on_planted_graphs() {
        for seed in 0..6 {
            let (g, planted) = flat(40, 4, 250, &mut rng_from_seed(seed)).unwrap();
            let q = maximum_clique(&g, None).vertices;
            let sat = solve(&g, &q, None).unwrap();
            let exact = dsatur::solve(&g, &q, false, None);
            let colouring = sat.colouring.unwrap();
            assert!(sat.exhausted && is_colouring(&g, &colouring, 4) && is_colouring(&g, &planted, 4));
            assert_eq!((sat.lower, colours(&colouring)), (exact.lower, exact.lower), "seed {seed}");
        }
    }
}
