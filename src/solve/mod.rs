//! Solvers behind one trait, and the one registry the CLI, benchmarks and experiments all use.
//!
//! One room per paradigm: [`ilp`] (the 0-1 models on HiGHS and CBC, the partial-ordering one among
//! them, and the LP-guided hybrid),
//! [`sat`] (the CNF encodings on CaDiCaL and kissat), [`colour`] (the solvers for any graph:
//! a maximum clique, DSATUR branch and bound, SAT and the assignment ILP, sharing the rooms above), [`search`] (every backtracking engine, the
//! origin study's naive solver among them) and [`dlx`] (exact cover); beside them what several
//! share: [`candidates`] (the givens eliminated), [`propagate`] (logic before a model is built),
//! [`process`] (a solve in a worker process), [`portfolio`] (solvers racing in such processes)
//! and [`cancel`] (a stop asked of the searches in this process, e.g. on Ctrl-C in Python).
//!
//! A solve returns a [`Report`]: an [`Outcome`] (`Solved`, `Infeasible`, `LimitReached`) and
//! [`Stats`]. "No solution" is an answer, never an error; errors are for backend failures and for
//! a solver bug caught by the oracle. [`solve`] is the only entry point callers use: it answers
//! conflicting givens as `Infeasible` (naming the conflict) and passes every `Solved` grid through
//! [`crate::verify`] before it leaves this layer.

pub mod cancel;
pub mod candidates;
pub mod colour;
pub mod dlx;
pub mod ilp;
pub mod portfolio;
pub mod process;
pub mod propagate;
pub mod sat;
pub mod search;

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::grid::Grid;
use crate::verify;

/// The answer of a solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A complete solution that keeps the givens (verified).
    Solved(Grid),
    /// Proven to have no solution.
    Infeasible,
    /// The time (or node) limit was reached before an answer.
    LimitReached,
}

impl Outcome {
    /// The outcome's name in CSV and JSON: `solved`, `infeasible` or `limit`.
    pub fn label(&self) -> &'static str {
        match self {
            Outcome::Solved(_) => "solved",
            Outcome::Infeasible => "infeasible",
            Outcome::LimitReached => "limit",
        }
    }

    /// The solution, if solved.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Solved(g) => Some(g),
            _ => None,
        }
    }
}

/// Measurements of one solve. Counters a solver does not have stay `None`.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Wall time of the solve itself, seconds (model building excluded).
    pub seconds: f64,
    /// Wall time spent building the model (ILP) or the initial state, seconds.
    pub build_seconds: f64,
    /// Search nodes: cells assigned (backtracking) or branch-and-bound nodes (ILP).
    pub nodes: Option<u64>,
    /// Guesses: branching decisions with more than one candidate (backtracking).
    pub guesses: Option<u64>,
    /// Dead ends: branches that failed and were undone (backtracking). Unlike guesses, this is
    /// zero when every decision was right, so it measures hardness rather than grid size.
    pub backtracks: Option<u64>,
    /// ILP variables.
    pub variables: Option<usize>,
    /// ILP constraints (rows).
    pub constraints: Option<usize>,
    /// Simplex iterations reported by HiGHS.
    pub lp_iterations: Option<u64>,
    /// Solutions found, when counting (`Limits::max_solutions` > 1).
    pub solutions: Option<u64>,
    /// Conflicts (CDCL: the SAT solvers' dead ends).
    pub conflicts: Option<u64>,
    /// Decisions (CDCL branching choices).
    pub decisions: Option<u64>,
    /// Propagations (CDCL implied literals).
    pub propagations: Option<u64>,
    /// The member whose answer a `portfolio` returned.
    pub winner: Option<String>,
    /// LP relaxations solved by HiGHS (`ilp-hybrid`, reused points not counted; `ilp-placement`, its
    /// master's LP solves).
    pub lp_solves: Option<u64>,
    /// What the root LP relaxation gave, for a solve that stops there ([`SolverOptions::root`]).
    pub root_lp: Option<RootLp>,
    /// Columns of the root LP's point strictly between 0 and 1 (0: integral), when it has one.
    pub fractional: Option<u64>,
    /// Empty cells the root LP's point leaves undecided: some digit's x(cell, digit) strictly
    /// between 0 and 1, whatever the formulation's columns stand for (comparable across them).
    pub fractional_cells: Option<u64>,
    /// Pricing rounds of column generation (`ilp-placement`).
    pub pricing_rounds: Option<u64>,
}

/// What a root-only solve ([`SolverOptions::root`]) found of the LP relaxation of its formulation.
/// The solver's own account; whether the run counts as finished is the judgement's
/// ([`crate::results`]): an integral point still has to pass the oracle, "infeasible" still needs a
/// checked proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RootLp {
    /// The LP's point is 0-1: it decodes to the solution (`Outcome::Solved`).
    Integral,
    /// The LP's point has fractional columns: no answer (`Outcome::LimitReached`).
    Fractional,
    /// The LP has no feasible point, so neither has the puzzle (`Outcome::Infeasible`).
    Infeasible,
    /// The time limit came before the LP was solved (`Outcome::LimitReached`).
    Limit,
}

impl RootLp {
    /// Every value, in the column's documented order.
    pub const ALL: [RootLp; 4] = [RootLp::Integral, RootLp::Fractional, RootLp::Infeasible, RootLp::Limit];

    /// Its word in `runs.csv`.
    pub const fn word(self) -> &'static str {
        match self {
            RootLp::Integral => "integral",
            RootLp::Fractional => "fractional",
            RootLp::Infeasible => "infeasible",
            RootLp::Limit => "limit",
        }
    }
}

/// A value strictly between 0 and 1, beyond `1e-6` of either end: a fractional LP column.
pub fn is_fractional(value: f64) -> bool {
    (1e-6..=1.0 - 1e-6).contains(&value)
}

/// Limits of one solve.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// Wall-clock limit for the solve (`None` = unlimited).
    pub time: Option<Duration>,
    /// Stop counting after this many solutions (1 = find one; 2 = decide uniqueness).
    pub max_solutions: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { time: None, max_solutions: 1 }
    }
}

/// Longest time limit accepted anywhere, seconds (one year): longer ones are refused with a range
/// error rather than overflowing the clock; no limit at all is the way to ask for "unlimited".
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// Shortest time limit accepted anywhere, seconds (1 ms): starting a solve, and reading the clock
/// it is stopped by, take longer than that, so a shorter limit would stop every run before it
/// began and measure nothing but its own overhead.
pub const MIN_SECONDS: f64 = 0.001;

/// Checks a number of seconds for a time limit: finite, at least [`MIN_SECONDS`], at most
/// [`MAX_SECONDS`]. The refusal shows the number as written short (`1e-300`, not 300 digits).
pub fn check_seconds(seconds: f64) -> Result<f64, String> {
    if (MIN_SECONDS..=MAX_SECONDS).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(format!(
            "{} is not a time limit: give seconds from {MIN_SECONDS} (1 ms) to {MAX_SECONDS} (one year), or no limit",
            short_number(seconds)
        ))
    }
}

/// `x` as Rust writes it (`0.0005`), or in scientific notation when that is much shorter
/// (`1e-9`, `1e-300`, `1e19`).
fn short_number(x: f64) -> String {
    let (plain, scientific) = (format!("{x}"), format!("{x:e}"));
    if plain.len() > scientific.len() + 4 {
        scientific
    } else {
        plain
    }
}

impl Limits {
    /// A limit of `seconds` of wall time, finding one solution.
    pub fn seconds(seconds: f64) -> Limits {
        Limits { time: Some(Duration::from_secs_f64(seconds)), max_solutions: 1 }
    }

    /// The instant the solve must stop by, counted from `start` (`None` also when that instant is
    /// beyond what the clock can represent: such a limit cannot be reached).
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.time.and_then(|t| start.checked_add(t))
    }
}

/// What a solve reports.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The answer.
    pub outcome: Outcome,
    /// Measurements.
    pub stats: Stats,
    /// Why, in words, when that helps (e.g. the conflict that makes a puzzle infeasible).
    pub note: Option<String>,
}

/// Failures that are not answers.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The backend failed (HiGHS error, model too large, …).
    #[error("{solver}: backend failure: {message}")]
    Backend {
        /// Solver name.
        solver: &'static str,
        /// What the backend said.
        message: String,
    },
    /// A solver returned a grid the oracle rejects: a bug in that solver.
    #[error("{solver}: BUG: returned a grid that is not a solution ({faults})")]
    Unverified {
        /// Solver name.
        solver: &'static str,
        /// The oracle's faults, joined.
        faults: String,
    },
}

/// Options shared by the solvers (the ILP ones use most of them).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SolverOptions {
    /// HiGHS threads (1 by default: one solve per core).
    pub threads: u32,
    /// HiGHS presolve on/off.
    pub presolve: bool,
    /// Let HiGHS print its log (to `log_file` if set, else stderr-side log file).
    pub verbose: bool,
    /// Where HiGHS writes its log when verbose.
    pub log_file: Option<PathBuf>,
    /// `ilp-edge` ablation: drop variables ruled out by the givens.
    pub reduce: bool,
    /// Further HiGHS options, `(name, value)`, set after the others (e.g. `("mip_lp_solver", "ipm")`):
    /// for ablations. HiGHS parses each value by its option's type.
    pub highs_options: Vec<(String, String)>,
    /// MIP solvers: place naked and hidden singles to a fixpoint before building the model
    /// ([`propagate`]).
    pub propagate: bool,
    /// HiGHS solvers: a perturbed objective (a pseudo-random cost in [0, 1) per column, seeded by the
    /// puzzle) instead of the constant 0; HiGHS then stops at its first integer-feasible point.
    pub perturb: bool,
    /// SAT solvers: eliminate candidates with the logic techniques up to pairs, triples and X-wing
    /// before encoding ([`propagate::eliminate`]).
    pub preprocess: bool,
    /// `portfolio`: the solvers that race (empty: [`portfolio::DEFAULT_MEMBERS`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<SolverKind>,
    /// The memory cap, MiB, that a solver starting processes of its own (`portfolio`) holds each of
    /// them to; set by whoever enforces the cap (the runner, `solve`), never by a config.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_mb: Option<u64>,
    /// ILP solvers (`ilp-edge`, `ilp-clique`, `ilp-pop`, `ilp-placement`): solve the root LP
    /// relaxation only (placement: column generation to LP optimality) and stop there — an
    /// integral point is the solution, an infeasible LP the answer "no solution", a fractional
    /// point no answer ([`RootLp`]); for the root-LP study of the formulations.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub root: bool,
    /// The run's solver seed (`solver_seeds` > 1 in a config): each seeded solver mixes it into
    /// the seed it draws from the puzzle; `None` (and not written): the puzzle's seed alone. Set
    /// by the runner, never by a config.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

impl Default for SolverOptions {
    fn default() -> SolverOptions {
        SolverOptions {
            threads: 1,
            presolve: true,
            verbose: false,
            log_file: None,
            reduce: false,
            highs_options: Vec::new(),
            propagate: false,
            perturb: false,
            preprocess: false,
            members: Vec::new(),
            memory_mb: None,
            root: false,
            seed: None,
        }
    }
}

/// A Sudoku solver.
pub trait Solver {
    /// The solver's kebab-case name, as in the CLI, the CSV and the docs.
    fn name(&self) -> &'static str;

    /// Solves `puzzle` within `limits`. Implementations may assume the givens have no conflict.
    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError>;
}

/// The registry: every solver, by name.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum SolverKind {
    /// The origin study's ILP: x[u][k] + x[v][k] ≤ 1 per edge and colour.
    IlpEdge,
    /// The tight ILP: one = 1 row per cell and per house and digit, givens eliminated.
    IlpClique,
    /// The clique model solved by COIN-OR CBC instead of HiGHS: the MIP-solver ablation.
    IlpCliqueCbc,
    /// The origin study's backtracking: row-major, values ascending, no propagation.
    BacktrackNaive,
    /// Bitset backtracking: branches on the cell or house-digit with the fewest options; naked and
    /// hidden singles, locked candidates; restarts from 25×25.
    Backtrack,
    /// CDCL (CaDiCaL) on the 3-D encoding with cell and house-digit at-least/at-most-one.
    Sat,
    /// CDCL on the minimal encoding (cell at-least-one, house-digit at-most-one): an ablation.
    SatMinimal,
    /// CDCL (kissat) on the same 3-D encoding as `sat`.
    Kissat,
    /// Races several solvers (default `backtrack`, `sat`, `kissat`) in worker processes; the first
    /// verified answer wins.
    Portfolio,
    /// Knuth's Algorithm X with dancing links on the exact-cover matrix.
    Dlx,
    /// The clique model's LP relaxation (HiGHS, re-solved warm) guiding a search with propagation,
    /// randomized rounding and restarts (Gomes & Shmoys).
    IlpHybrid,
    /// Jabrayilov & Mutzel's partial-ordering ILP (POP): per cell and colour, "above" and "below"
    /// binaries instead of an assignment, one row per edge and colour; givens eliminated.
    IlpPop,
    /// The packing (placement) formulation: one column per placement of a digit, generated by an
    /// exact pricer, solved by column generation and branch and price on HiGHS.
    IlpPlacement,
}

impl SolverKind {
    /// Every solver, in a fixed order.
    pub const ALL: [SolverKind; 13] = [
        SolverKind::IlpEdge,
        SolverKind::IlpClique,
        SolverKind::BacktrackNaive,
        SolverKind::Backtrack,
        SolverKind::Sat,
        SolverKind::SatMinimal,
        SolverKind::Dlx,
        SolverKind::IlpCliqueCbc,
        SolverKind::Kissat,
        SolverKind::Portfolio,
        SolverKind::IlpHybrid,
        SolverKind::IlpPop,
        SolverKind::IlpPlacement,
    ];

    /// The kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::IlpEdge => "ilp-edge",
            SolverKind::IlpClique => "ilp-clique",
            SolverKind::BacktrackNaive => "backtrack-naive",
            SolverKind::Backtrack => "backtrack",
            SolverKind::Sat => "sat",
            SolverKind::SatMinimal => "sat-minimal",
            SolverKind::Kissat => "kissat",
            SolverKind::Portfolio => "portfolio",
            SolverKind::Dlx => "dlx",
            SolverKind::IlpCliqueCbc => "ilp-clique-cbc",
            SolverKind::IlpHybrid => ilp::hybrid::NAME,
            SolverKind::IlpPop => "ilp-pop",
            SolverKind::IlpPlacement => ilp::placement::NAME,
        }
    }

    /// True for the solvers that count solutions when asked for more than one
    /// (`Limits::max_solutions`), reporting `Stats::solutions`: the searches and CaDiCaL.
    pub fn counts(self) -> bool {
        matches!(self, SolverKind::Backtrack | SolverKind::Dlx | SolverKind::Sat | SolverKind::SatMinimal)
    }

    /// True for the solvers that run HiGHS (never two at once in one process).
    pub fn uses_highs(self) -> bool {
        matches!(
            self,
            SolverKind::IlpEdge
                | SolverKind::IlpClique
                | SolverKind::IlpHybrid
                | SolverKind::IlpPop
                | SolverKind::IlpPlacement
        )
    }

    /// True for the solvers whose work happens in a C/C++ backend (HiGHS, CBC, CaDiCaL, kissat) or
    /// in processes of their own (`portfolio`): only a separate process can bound their time and
    /// memory for sure (and a portfolio's members die with it). The search solvers are plain Rust
    /// that polls its deadline and holds O(N² · depth) bytes.
    pub fn uses_backend(self) -> bool {
        matches!(
            self,
            SolverKind::IlpEdge
                | SolverKind::IlpClique
                | SolverKind::IlpCliqueCbc
                | SolverKind::IlpHybrid
                | SolverKind::IlpPop
                | SolverKind::IlpPlacement
                | SolverKind::Sat
                | SolverKind::SatMinimal
                | SolverKind::Kissat
                | SolverKind::Portfolio
        )
    }

    /// The processes a solve of this kind runs at once with `options`: the member count for the
    /// `portfolio`, 1 for every other solver. The runner gives a job that many cores.
    pub fn processes(self, options: &SolverOptions) -> usize {
        match self {
            SolverKind::Portfolio => portfolio::members(options).len(),
            _ => 1,
        }
    }

    /// A solver of this kind.
    pub fn build(self, options: &SolverOptions) -> Box<dyn Solver> {
        match self {
            SolverKind::IlpEdge => Box::new(ilp::Ilp::new(ilp::Formulation::Edge, options.clone())),
            SolverKind::IlpClique => Box::new(ilp::Ilp::new(ilp::Formulation::Clique, options.clone())),
            SolverKind::BacktrackNaive => Box::new(search::naive::Naive),
            SolverKind::Backtrack => Box::new(search::backtrack::Backtrack::seeded(options.seed)),
            SolverKind::Sat => {
                Box::new(sat::Sat::new(sat::cnf::Encoding::Full).preprocessing(options.preprocess).seeded(options.seed))
            }
            SolverKind::SatMinimal => Box::new(
                sat::Sat::new(sat::cnf::Encoding::Minimal).preprocessing(options.preprocess).seeded(options.seed),
            ),
            SolverKind::Kissat => Box::new(sat::Sat::kissat().preprocessing(options.preprocess).seeded(options.seed)),
            SolverKind::Portfolio => Box::new(portfolio::Portfolio::new(options)),
            SolverKind::Dlx => Box::new(dlx::Dlx::default()),
            SolverKind::IlpCliqueCbc => Box::new(ilp::cbc::Cbc { propagate: options.propagate, seed: options.seed }),
            SolverKind::IlpHybrid => Box::new(ilp::hybrid::Hybrid::new(options)),
            SolverKind::IlpPop => Box::new(ilp::Ilp::new(ilp::Formulation::Pop, options.clone())),
            SolverKind::IlpPlacement => Box::new(ilp::placement::IlpPlacement::new(options)),
        }
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for SolverKind {
    type Err = String;

    fn from_str(s: &str) -> Result<SolverKind, String> {
        SolverKind::ALL.into_iter().find(|k| k.name() == s).ok_or_else(|| {
            let names: Vec<&str> = SolverKind::ALL.iter().map(|k| k.name()).collect();
            format!("unknown solver '{s}'; expected one of: {}", names.join(", "))
        })
    }
}

/// Solves `puzzle` with `solver`: conflicting givens are answered `Infeasible` with the conflict
/// named, and every `Solved` grid is verified by the oracle before it is returned.
pub fn solve(solver: &mut dyn Solver, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
    let conflicts = verify::conflicts(puzzle);
    if let Some(first) = conflicts.first() {
        return Ok(Report {
            outcome: Outcome::Infeasible,
            stats: Stats::default(),
            note: Some(format!("conflicting givens: {first}")),
        });
    }
    let report = solver.solve(puzzle, limits)?;
    if let Outcome::Solved(grid) = &report.outcome {
        let faults = verify::solution_faults(puzzle, grid);
        if !faults.is_empty() {
            let faults: Vec<String> = faults.iter().take(5).map(|f| f.to_string()).collect();
            return Err(SolveError::Unverified { solver: solver.name(), faults: faults.join("; ") });
        }
    }
    Ok(report)
}
