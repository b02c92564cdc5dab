//! Proofs of unsatisfiability: CaDiCaL on a given formula, writing a DRAT proof as it searches.
//!
//! The solver side of certification ([`crate::certificates`] owns the formula and the checker):
//! it only writes the proof; it never judges one. The proof tracer is attached before the first
//! clause, as CaDiCaL requires, and the proof file is complete when the solver is dropped, which
//! happens before [`refute`] returns.

use std::path::Path;
use std::time::Instant;

use rustsat::solvers::{ControlSignal, Solve, SolverResult, Terminate};
use rustsat::types::{Clause, Lit, TernaryVal, Var};
use rustsat_cadical::{CaDiCaL, ProofFormat};

use crate::certificates::Cnf;
use crate::solve::SolveError;

/// How a proof-producing run on a formula ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refutation {
    /// Unsatisfiable: the proof file holds a DRAT refutation (for the checker to judge).
    Refuted,
    /// Satisfiable: the variables set true in the model found.
    Satisfied(Vec<i32>),
    /// The deadline passed first.
    Unfinished,
}

/// Solves `cnf` with CaDiCaL, writing a binary DRAT proof to `proof` (`None`: no proof, the
/// same search without the logging, to measure its cost), until `deadline` or until `stop`
/// returns true (asked at CaDiCaL's terminator checks).
///
/// Complexity: CaDiCaL's search (exponential in the worst case); the proof grows with it.
pub fn refute(
    cnf: &Cnf,
    proof: Option<&Path>,
    deadline: Instant,
    stop: impl Fn() -> bool + 'static,
) -> Result<Refutation, SolveError> {
    let backend = |message: String| SolveError::Backend { solver: "certify", message };
    let cadical = |e: anyhow::Error| backend(format!("CaDiCaL: {e}"));
    let mut solver = CaDiCaL::default();
    if let Some(proof) = proof {
        solver
            .trace_proof(proof, ProofFormat::Drat { binary: true })
            .map_err(|e| backend(format!("proof path {}: {e}", proof.display())))?;
    }
    let lit = |l: i32| {
        let var = Var::new(l.unsigned_abs() - 1);
        if l > 0 {
            var.pos_lit()
        } else {
            var.neg_lit()
        }
    };
    for clause in cnf.clauses() {
        let clause: Clause = clause.iter().map(|&l| lit(l)).collect();
        solver.add_clause(clause).map_err(cadical)?;
    }
    solver.attach_terminator(move || {
        if Instant::now() >= deadline || stop() {
            ControlSignal::Terminate
        } else {
            ControlSignal::Continue
        }
    });
    let answer = match solver.solve().map_err(cadical)? {
        SolverResult::Unsat => Refutation::Refuted,
        SolverResult::Interrupted => Refutation::Unfinished,
        SolverResult::Sat => {
            let mut model = Vec::new();
            for v in 1..=cnf.variables as u32 {
                if solver.lit_val(Lit::positive(v - 1)).map_err(cadical)? == TernaryVal::True {
                    model.push(v as i32);
                }
            }
            Refutation::Satisfied(model)
        }
    };
    drop(solver); // flushes and closes the proof file
    Ok(answer)
}
