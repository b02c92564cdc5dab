//! Solvers for any graph: the colouring problems of [`crate::graph::problem`], a grid's among them.
//!
//! One file per algorithm, as petgraph's `algo/` has them: [`clique`] (a maximum clique, the lower
//! bound every solver starts from and the vertices it fixes to colours), [`dsatur`] (DSATUR branch
//! and bound, `dsatur` and `dsatur-pass`), [`sat`] (`sat-col`: CaDiCaL on the k-colouring CNF, k
//! falling from DSATUR's colouring) and [`ilp`] (`ilp-assign`: the assignment model with
//! Méndez-Díaz & Zabala's symmetry breaking on HiGHS, through the plumbing of
//! [`crate::solve::ilp`]). The Sudoku engines stay where they are and take grids only; these take
//! any [`Problem`] and never ask where it came from.
//!
//! A solve returns a [`ColourReport`]: the best colouring found (verified by
//! [`crate::verify::colouring`] before it leaves this layer, or the solve is an error), the largest
//! clique found (verified as a clique), and the **claimed** lower bound — what the solver's search
//! says (an exhausted search, an UNSAT answer, an LP bound). A claim is not a certificate: the
//! judgement ([`crate::puzzle::chromatic`]) counts a lower bound only with a clique or a checked
//! proof, and calls χ proved only when the bounds so evidenced meet.

pub mod clique;
pub mod dsatur;
pub mod ilp;
pub mod sat;

use std::time::Instant;

use crate::graph::{Goal, Problem};
use crate::solve::{Limits, SolveError, SolverOptions, Stats};
use crate::verify::colouring::{colouring_faults, is_clique};

/// The graph solvers, by name.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum ColourSolverKind {
    /// DSATUR branch and bound (Brélaz), ties by degree.
    Dsatur,
    /// DSATUR branch and bound with San Segundo's PASS tie-breaking.
    DsaturPass,
    /// CaDiCaL on the k-colouring CNF with the clique fixed, k falling from DSATUR's colouring.
    SatCol,
    /// The assignment ILP with Méndez-Díaz & Zabala's symmetry breaking, on HiGHS.
    IlpAssign,
}

impl ColourSolverKind {
    /// Every graph solver, in a fixed order.
    pub const ALL: [ColourSolverKind; 4] =
        [ColourSolverKind::Dsatur, ColourSolverKind::DsaturPass, ColourSolverKind::SatCol, ColourSolverKind::IlpAssign];

    /// The kebab-case name, as in the CLI, the CSV and the docs.
    pub fn name(self) -> &'static str {
        match self {
            ColourSolverKind::Dsatur => "dsatur",
            ColourSolverKind::DsaturPass => "dsatur-pass",
            ColourSolverKind::SatCol => "sat-col",
            ColourSolverKind::IlpAssign => "ilp-assign",
        }
    }

    /// True for the solvers that run HiGHS (never two at once in one process).
    pub fn uses_highs(self) -> bool {
        self == ColourSolverKind::IlpAssign
    }
}

/// What a solver found and claims about one problem, before verification.
#[derive(Debug, Clone, Default)]
pub struct Claim {
    /// The best colouring found (colour of each vertex, 0-based).
    pub colouring: Option<Vec<usize>>,
    /// The lower bound the solver claims: for a minimum, on χ; for k colours, k + 1 when it claims
    /// there is no k-colouring.
    pub lower: usize,
    /// True when the search ended rather than hit a limit.
    pub exhausted: bool,
    /// Measurements.
    pub stats: Stats,
    /// Why, in words, when that helps.
    pub note: Option<String>,
}

/// A verified report of one solve.
#[derive(Debug, Clone)]
pub struct ColourReport {
    /// The solver.
    pub solver: ColourSolverKind,
    /// The best colouring found, verified: proper, keeping the precolouring, within k.
    pub colouring: Option<Vec<usize>>,
    /// The largest clique found, verified as a clique.
    pub clique: Vec<usize>,
    /// True when the clique search proved it maximum.
    pub clique_maximum: bool,
    /// The claimed lower bound (at least the clique's size).
    pub lower: usize,
    /// True when the solver's search ended (its claims are its final word).
    pub exhausted: bool,
    /// Measurements (`seconds`: the whole solve, clique search included).
    pub stats: Stats,
    /// Why, in words.
    pub note: Option<String>,
}

impl ColourReport {
    /// The colours of the colouring found: its largest colour + 1 (colours are 0..k).
    pub fn upper(&self) -> Option<usize> {
        self.colouring.as_deref().map(colours)
    }
}

/// True when `colouring` is within what `goal` allows: at most k colours for a decision (a
/// minimum allows any). A first heuristic colouring beyond k is no answer to a decision.
pub fn within(goal: Goal, colouring: &[usize]) -> bool {
    match goal {
        Goal::Colours(k) => colours(colouring) <= k,
        Goal::Minimum => true,
    }
}

/// Colours 0..k a colouring uses: its largest colour + 1 (0 for no vertex).
pub fn colours(colouring: &[usize]) -> usize {
    colouring.iter().max().map_or(0, |&c| c + 1)
}

/// Solves `problem` with `kind` within `limits` (`options`: HiGHS's threads, presolve, log), and
/// verifies what comes back: a colouring the oracle rejects, a set of vertices that is no clique,
/// or a claimed lower bound above the solver's own colouring is a [`SolveError::Unverified`].
pub fn solve(
    kind: ColourSolverKind,
    problem: &Problem,
    limits: &Limits,
    options: &SolverOptions,
) -> Result<ColourReport, SolveError> {
    let start = Instant::now();
    let deadline = limits.deadline(start);
    let found = clique::maximum_clique(problem, deadline);
    let claim = match kind {
        ColourSolverKind::Dsatur | ColourSolverKind::DsaturPass => {
            dsatur::solve(problem, &found.vertices, kind == ColourSolverKind::DsaturPass, deadline)
        }
        ColourSolverKind::SatCol => sat::solve(problem, &found.vertices, deadline)?,
        ColourSolverKind::IlpAssign => ilp::solve(problem, &found.vertices, limits, start, options)?,
    };
    let name = kind.name();
    let unverified = |faults: String| SolveError::Unverified { solver: name, faults };
    if !is_clique(problem, &found.vertices) {
        return Err(unverified(format!("the clique {:?} is not one", found.vertices)));
    }
    if let Some(colouring) = &claim.colouring {
        let limit = match problem.goal() {
            Goal::Colours(k) => k,
            Goal::Minimum => colours(colouring),
        };
        let faults = colouring_faults(problem, colouring, limit);
        if !faults.is_empty() {
            let words: Vec<String> = faults.iter().take(5).map(ToString::to_string).collect();
            return Err(unverified(words.join("; ")));
        }
        if claim.lower > colours(colouring) {
            let why = format!("claims {} colours are needed but coloured with {}", claim.lower, colours(colouring));
            return Err(unverified(why));
        }
    }
    let mut stats = claim.stats;
    stats.seconds = start.elapsed().as_secs_f64();
    Ok(ColourReport {
        solver: kind,
        colouring: claim.colouring,
        lower: claim.lower.max(found.vertices.len()),
        clique: found.vertices,
        clique_maximum: found.maximum,
        exhausted: claim.exhausted,
        stats,
        note: claim.note,
    })
}
