//! `ilp-edge` and `ilp-clique`: Sudoku as a 0-1 integer program, solved by HiGHS through `good_lp`.
//!
//! This module owns everything that knows about `good_lp` and HiGHS: building the two formulations
//! ([`Formulation`]), passing the solver options (threads, presolve, time limit, log), the one
//! process-wide lock that keeps two HiGHS solves from running at once, translating HiGHS's statuses
//! into an [`Outcome`] (a time limit without a solution becomes [`Outcome::LimitReached`] here and
//! nowhere else), and decoding a 0-1 solution into a [`Grid`]. Variable x\[v\]\[k\] = 1 means cell v
//! takes colour k, i.e. digit k + 1 (see [`crate::graph`]). Both models are pure feasibility
//! problems: the objective is the constant 0, so HiGHS stops at the first integer-feasible point
//! and no MIP gap setting matters.
//!
//! HiGHS never writes to stdout here (stdout carries CSV/JSON): its output is off unless
//! [`SolverOptions::verbose`], and then it goes to a log file only.

use std::ffi::{c_char, c_int, c_void};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use good_lp::solvers::highs::HighsProblem;
use good_lp::{variable, Expression, ProblemVariables, SolverModel, Variable};
use highs::{HighsModelStatus, HighsSolutionStatus};

use crate::graph::{colour_of, digit_of, ConstraintGraph};
use crate::grid::Grid;
use crate::solve::candidates::{dead_end, Candidates};
use crate::solve::{Limits, Outcome, Report, SolveError, Solver, SolverOptions, Stats};

/// HiGHS is not safe to run twice at once in one process (its task scheduler is global), so every
/// HiGHS call — model creation, options, solve and destruction — happens under this lock.
static HIGHS: Mutex<()> = Mutex::new(());

/// Where HiGHS writes its log when [`SolverOptions::verbose`] is set without a `log_file`.
pub const DEFAULT_LOG_FILE: &str = "highs.log";

// `highs` 2.4 only reads 32-bit (`HighsInt`) info values, but HiGHS keeps "mip_node_count" as an
// `int64_t`; this is the C API call for 64-bit info values, from the HiGHS library that `highs-sys`
// already links into every binary using HiGHS (`HighsInt` is a C `int` in that build).
extern "C" {
    fn Highs_getInt64InfoValue(highs: *const c_void, info: *const c_char, value: *mut i64) -> c_int;
}

/// `kHighsStatusOk` of the HiGHS C API.
const HIGHS_STATUS_OK: c_int = 0;

/// Which 0-1 model of Sudoku to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Formulation {
    /// `ilp-edge`, the origin study's model: N³ binaries x\[v\]\[k\] (givens fixed to 1 by their
    /// bounds), N² rows Σₖ x\[v\]\[k\] = 1 and N·|E| rows x\[u\]\[k\] + x\[v\]\[k\] ≤ 1, one per edge of
    /// the constraint graph and colour; |E| = N²(3N − r − c − 1)/2. Its LP relaxation is weak
    /// (x = 1/N everywhere satisfies every edge row), which is the point of the comparison.
    /// With [`SolverOptions::reduce`] (ablation) the variables ruled out by the givens are dropped,
    /// with the edge rows they make trivial.
    Edge,
    /// `ilp-clique`, the tight model: givens are placed and their digits removed from their peers
    /// *before* building, then one binary per remaining (cell, digit) candidate (≤ N³), one row
    /// Σ = 1 per empty cell and one row Σ = 1 per house and digit the house still misses (≤ 4N²
    /// rows). A cell or a house digit left without any candidate is answered `Infeasible` at once.
    Clique,
}

/// A HiGHS-backed solver for one [`Formulation`].
#[derive(Debug, Clone)]
pub struct Ilp {
    formulation: Formulation,
    options: SolverOptions,
}

impl Ilp {
    /// A solver for `formulation`, with HiGHS threads, presolve, log and `reduce` from `options`.
    pub fn new(formulation: Formulation, options: SolverOptions) -> Ilp {
        Ilp { formulation, options }
    }

    /// The formulation this solver builds.
    pub fn formulation(&self) -> Formulation {
        self.formulation
    }

    /// Builds this solver's model of `puzzle`.
    fn build(&self, puzzle: &Grid) -> Built {
        match self.formulation {
            Formulation::Edge => Built::Model(Box::new(build_edge(puzzle, self.options.reduce))),
            Formulation::Clique => build_clique(puzzle),
        }
    }
}

/// A model ready for HiGHS: the problem, and the (cell, colour) each column stands for.
struct Model {
    problem: HighsProblem,
    columns: Vec<(usize, usize)>,
    rows: usize,
}

/// What building found: a model, or (clique model only) a proof of infeasibility in words.
enum Built {
    Model(Box<Model>),
    Infeasible(String),
}

/// The edge model (see [`Formulation::Edge`]); with `reduce`, only the candidates of [`Candidates`].
///
/// Complexity: O(N·|E|) = O(N⁴) time and space.
fn build_edge(puzzle: &Grid, reduce: bool) -> Model {
    let n = puzzle.n();
    let graph = ConstraintGraph::new(puzzle.shape());
    let keep: Vec<u64> =
        if reduce { Candidates::new(puzzle, &graph).cells } else { vec![u64::MAX; puzzle.cells().len()] };
    let mut vars = ProblemVariables::new();
    let mut x: Vec<Option<Variable>> = Vec::with_capacity(n * n * n);
    let mut columns = Vec::with_capacity(n * n * n);
    for (cell, &given) in puzzle.cells().iter().enumerate() {
        for k in 0..n {
            if keep[cell] & 1 << k == 0 {
                x.push(None);
                continue;
            }
            // A given fixes its own variable to 1 through the bounds; the column stays in the model.
            let def =
                if given != 0 && colour_of(given) == k { variable().binary().min(1) } else { variable().binary() };
            x.push(Some(vars.add(def)));
            columns.push((cell, k));
        }
    }
    let mut problem = vars.minimise(0).using(good_lp::highs);
    let mut rows = 0;
    for cell in 0..puzzle.cells().len() {
        let mut sum = Expression::with_capacity(n);
        for v in x[cell * n..(cell + 1) * n].iter().flatten() {
            sum.add_mul(1, *v);
        }
        problem.add_constraint(sum.eq(1));
        rows += 1;
    }
    for (u, v) in graph.edges() {
        for k in 0..n {
            if let (Some(a), Some(b)) = (x[u * n + k], x[v * n + k]) {
                let mut pair = Expression::with_capacity(2);
                pair.add_mul(1, a);
                pair.add_mul(1, b);
                problem.add_constraint(pair.leq(1));
                rows += 1;
            }
        }
    }
    Model { problem, columns, rows }
}

/// The clique model (see [`Formulation::Clique`]), or why the puzzle has no solution.
///
/// Complexity: O(N³) time and space.
fn build_clique(puzzle: &Grid) -> Built {
    let n = puzzle.n();
    let graph = ConstraintGraph::new(puzzle.shape());
    let reduced = Candidates::new(puzzle, &graph);
    if let Some(dead) = dead_end(puzzle, &graph, &reduced) {
        return Built::Infeasible(dead.describe(n));
    }
    let (cands, placed) = (reduced.cells, reduced.placed);
    let empty = |cell: &usize| puzzle.get(*cell) == 0;
    let mut vars = ProblemVariables::new();
    let mut x: Vec<Option<Variable>> = vec![None; n * n * n];
    let mut columns = Vec::new();
    for cell in (0..cands.len()).filter(empty) {
        for k in (0..n).filter(|&k| cands[cell] & 1 << k != 0) {
            x[cell * n + k] = Some(vars.add(variable().binary()));
            columns.push((cell, k));
        }
    }
    let mut problem = vars.minimise(0).using(good_lp::highs);
    let mut rows = 0;
    for cell in (0..cands.len()).filter(empty) {
        let mut sum = Expression::with_capacity(cands[cell].count_ones() as usize);
        for v in x[cell * n..(cell + 1) * n].iter().flatten() {
            sum.add_mul(1, *v);
        }
        problem.add_constraint(sum.eq(1));
        rows += 1;
    }
    for ((_, cells), &done) in graph.houses().iter().zip(&placed) {
        for k in (0..n).filter(|&k| done & 1 << k == 0) {
            let mut sum = Expression::with_capacity(n);
            for v in cells.iter().filter_map(|&c| x[c * n + k]) {
                sum.add_mul(1, v);
            }
            problem.add_constraint(sum.eq(1));
            rows += 1;
        }
    }
    Built::Model(Box::new(Model { problem, columns, rows }))
}

/// HiGHS's answer: a feasible point to decode, or an outcome without a grid and why.
enum Answer {
    /// Column values of an integer-feasible point.
    Values(Vec<f64>),
    /// `Infeasible` or `LimitReached`, with HiGHS's reason.
    NoGrid(Outcome, String),
}

/// Why a HiGHS run gave no answer.
enum RunError {
    /// HiGHS's run itself ended in error (`Highs_run` returned an error status) after `seconds`.
    Failed { message: String, load_seconds: f64, seconds: f64 },
    /// Anything else: a refused option, a model HiGHS would not take, an untranslatable status.
    Other(String),
}

/// What one HiGHS run produced.
struct Run {
    answer: Answer,
    /// Seconds spent turning the `good_lp` problem into a HiGHS model (part of the build).
    load_seconds: f64,
    /// Seconds of the HiGHS solve call.
    seconds: f64,
    nodes: Option<u64>,
    lp_iterations: Option<u64>,
}

/// Sets one HiGHS option, naming it on failure.
fn set_option<V: highs::HighsOptionValue>(model: &mut highs::Model, name: &str, value: V) -> Result<(), RunError> {
    model.try_set_option(name, value).map_err(|_| RunError::Other(format!("HiGHS refused option {name}")))
}

/// Solves `problem` with HiGHS under the process-wide lock, and translates its status.
fn run_highs(problem: HighsProblem, options: &SolverOptions, limits: &Limits) -> Result<Run, RunError> {
    let _guard = HIGHS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let load = Instant::now();
    let mut model = problem.try_into_inner().map_err(|e| RunError::Other(e.to_string()))?;
    set_option(&mut model, "threads", i32::try_from(options.threads).unwrap_or(i32::MAX))?;
    set_option(&mut model, "presolve", if options.presolve { "on" } else { "off" })?;
    if let Some(time) = limits.time {
        set_option(&mut model, "time_limit", time.as_secs_f64())?;
    }
    // HiGHS starts quiet (`highs::Model` turns output off); verbose output goes to a file only.
    if options.verbose {
        let path = options.log_file.as_deref().unwrap_or(Path::new(DEFAULT_LOG_FILE));
        let path = path.to_str().ok_or_else(|| RunError::Other(format!("log file {} is not UTF-8", path.display())))?;
        set_option(&mut model, "log_to_console", false)?;
        set_option(&mut model, "log_file", path)?;
        set_option(&mut model, "output_flag", true)?;
    }
    let load_seconds = load.elapsed().as_secs_f64();
    let start = Instant::now();
    let solved = model.try_solve().map_err(|status| RunError::Failed {
        message: format!("HiGHS run ended in error (status {status:?})"),
        load_seconds,
        seconds: start.elapsed().as_secs_f64(),
    })?;
    let seconds = start.elapsed().as_secs_f64();

    let nodes = {
        let mut value: i64 = -1;
        // SAFETY: `solved` owns a live HiGHS instance for this whole block, the name is a
        // NUL-terminated string, and `value` is a valid `int64_t` to write to.
        let status = unsafe { Highs_getInt64InfoValue(solved.as_ptr(), c"mip_node_count".as_ptr(), &mut value) };
        (status == HIGHS_STATUS_OK).then_some(value).and_then(|v| u64::try_from(v).ok())
    };
    // For a MIP, HiGHS reports the LP iterations of the whole branch and bound here.
    let lp_iterations = solved.int_info_value(c"simplex_iteration_count").ok().and_then(|v| u64::try_from(v).ok());
    let status = solved.status();
    // Any status with an integer-feasible point answers a feasibility problem, even a time limit.
    let answer = if solved.primal_solution_status() == HighsSolutionStatus::Feasible {
        Answer::Values(solved.get_solution().columns().to_vec())
    } else {
        match status {
            HighsModelStatus::Infeasible => Answer::NoGrid(Outcome::Infeasible, "HiGHS: infeasible".to_string()),
            // Every variable is a bounded binary, so "unbounded or infeasible" can only be infeasible.
            HighsModelStatus::UnboundedOrInfeasible => Answer::NoGrid(
                Outcome::Infeasible,
                "HiGHS: unbounded or infeasible (all variables are bounded)".to_string(),
            ),
            HighsModelStatus::ReachedTimeLimit => {
                Answer::NoGrid(Outcome::LimitReached, "HiGHS reached the time limit without a solution".to_string())
            }
            // Limits this module never sets; answered as limits all the same, by name.
            HighsModelStatus::ReachedIterationLimit
            | HighsModelStatus::ReachedSolutionLimit
            | HighsModelStatus::ReachedInterrupt => {
                Answer::NoGrid(Outcome::LimitReached, format!("HiGHS stopped without a solution: {status:?}"))
            }
            other => return Err(RunError::Other(format!("HiGHS ended with status {other:?} and no solution"))),
        }
    };
    Ok(Run { answer, load_seconds, seconds, nodes, lp_iterations })
}

/// Decodes column values: each column above 0.5 sets its cell to its colour's digit.
fn decode(mut grid: Grid, columns: &[(usize, usize)], values: &[f64]) -> Grid {
    for (&(cell, k), _) in columns.iter().zip(values).filter(|(_, &value)| value > 0.5) {
        grid.set(cell, digit_of(k));
    }
    grid
}

impl Solver for Ilp {
    fn name(&self) -> &'static str {
        match self.formulation {
            Formulation::Edge => "ilp-edge",
            Formulation::Clique => "ilp-clique",
        }
    }

    /// Builds the model, solves it with HiGHS and decodes the answer. `stats.nodes` and
    /// `stats.lp_iterations` are `Some` only when HiGHS ran. `limits.max_solutions` is not used:
    /// the ILP solvers look for one solution.
    ///
    /// When a run with presolve on ends in a HiGHS error or in "infeasible", the model is built and
    /// solved once more with presolve off (within what is left of the time limit), and the note
    /// says so. Infeasibility claims are doubted because HiGHS's MIP presolve sometimes declares a
    /// feasible model infeasible (seen here on planted 9×9 edge models). Errors because HiGHS
    /// 1.15's MIP presolve occasionally reduces an edge model to nothing and then hands back a
    /// point that violates a row, which HiGHS itself rejects with an error (a known family of
    /// HiGHS presolve bugs, e.g. ERGO-Code/HiGHS#2402). Then `seconds` and `build_seconds` add up
    /// both attempts, and `nodes` and `lp_iterations` are the second run's.
    fn solve(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Report, SolveError> {
        let name = self.name();
        let backend = |message: String| SolveError::Backend { solver: name, message };
        let build = Instant::now();
        let model = match self.build(puzzle) {
            Built::Model(model) => *model,
            Built::Infeasible(note) => {
                let stats = Stats { build_seconds: build.elapsed().as_secs_f64(), ..Stats::default() };
                return Ok(Report { outcome: Outcome::Infeasible, stats, note: Some(note) });
            }
        };
        let mut stats = Stats {
            build_seconds: build.elapsed().as_secs_f64(),
            variables: Some(model.columns.len()),
            constraints: Some(model.rows),
            ..Stats::default()
        };
        // Grid cells the model has no variables for keep their givens (clique); the edge model
        // decodes every cell, givens included, from its variables.
        let start_grid = match self.formulation {
            Formulation::Edge => Grid::empty(puzzle.shape()),
            Formulation::Clique => puzzle.clone(),
        };
        // A full grid leaves the clique model without variables, and HiGHS calls such a model
        // an error ("model empty"): the givens are the whole answer.
        if model.columns.is_empty() {
            return Ok(Report { outcome: Outcome::Solved(start_grid), stats, note: Some("no empty cell".to_string()) });
        }
        let mut columns = model.columns;
        let mut retry_note = None;
        // With presolve on, two HiGHS answers get a second opinion with presolve off: an error, and
        // "infeasible" (HiGHS's MIP presolve is known to declare feasible models infeasible, e.g.
        // ERGO-Code/HiGHS#3090; our cross-check caught it on planted 9×9 edge models). The
        // verifier checks every grid, but nothing checks a claim of infeasibility except this.
        let first = run_highs(model.problem, &self.options, limits);
        let doubt = match &first {
            Err(RunError::Failed { message, load_seconds, seconds }) => {
                Some((format!("{message} with presolve on"), *load_seconds, *seconds))
            }
            Ok(run) if matches!(run.answer, Answer::NoGrid(Outcome::Infeasible, _)) => {
                Some(("HiGHS presolve on: infeasible".to_string(), run.load_seconds, run.seconds))
            }
            _ => None,
        };
        let run = match (first, doubt) {
            (first, Some((said, load_seconds, seconds))) if self.options.presolve => {
                let rebuild = Instant::now();
                let Built::Model(again) = self.build(puzzle) else {
                    return Err(backend(format!("{said}; the model did not build again")));
                };
                stats.build_seconds += load_seconds + rebuild.elapsed().as_secs_f64();
                columns = again.columns;
                let options = SolverOptions { presolve: false, ..self.options.clone() };
                let left = limits.time.map(|t| t.saturating_sub(Duration::from_secs_f64(seconds)));
                let limits = Limits { time: left, ..limits.clone() };
                let mut run = run_highs(again.problem, &options, &limits).map_err(|e| match e {
                    RunError::Failed { message: second, .. } | RunError::Other(second) => {
                        backend(format!("{said}, and {second} with presolve off"))
                    }
                })?;
                run.seconds += seconds;
                let verdict = match (&first, &run.answer) {
                    (Ok(_), Answer::Values(_)) => "presolve off found a solution (HiGHS presolve bug)",
                    (Ok(_), Answer::NoGrid(Outcome::Infeasible, _)) => "confirmed with presolve off",
                    _ => "solved again with presolve off",
                };
                retry_note = Some(format!("{said}; {verdict}"));
                run
            }
            (Ok(run), _) => run,
            (Err(RunError::Failed { message, .. } | RunError::Other(message)), _) => return Err(backend(message)),
        };
        stats.build_seconds += run.load_seconds;
        stats.seconds = run.seconds;
        stats.nodes = run.nodes;
        stats.lp_iterations = run.lp_iterations;
        let (outcome, note) = match run.answer {
            Answer::Values(values) => (Outcome::Solved(decode(start_grid, &columns, &values)), None),
            Answer::NoGrid(outcome, why) => (outcome, Some(why)),
        };
        let note = match (retry_note, note) {
            (Some(retry), Some(why)) => Some(format!("{retry}; {why}")),
            (retry, why) => retry.or(why),
        };
        Ok(Report { outcome, stats, note })
    }
}
