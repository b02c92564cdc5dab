//! Integer programming: `ilp-edge`, `ilp-clique` and `ilp-pop` (here: Sudoku as a 0-1 integer
//! program, solved by HiGHS through `good_lp`; the partial-ordering model is [`pop`]), `ilp-clique-cbc` (the clique model, [`clique`], on COIN-OR CBC:
//! [`cbc`]) and `ilp-hybrid` (the clique model's LP relaxation guiding a search: [`hybrid`]).
//!
//! This module owns everything that knows about `good_lp` and HiGHS: building the formulations
//! ([`Formulation`]), passing the solver options (threads, presolve, time limit, log), the one
//! process-wide lock that keeps two HiGHS solves from running at once, translating HiGHS's statuses
//! into an [`Outcome`] (a time limit without a solution becomes [`Outcome::LimitReached`] here and
//! nowhere else), and decoding a 0-1 solution into a [`Grid`]. Variable x\[v\]\[k\] = 1 means cell v
//! takes colour k, i.e. digit k + 1 (see [`crate::graph`]); POP's columns say instead on which
//! side of colour k the cell's colour lies ([`pop::Layout::decode`]). All models are pure feasibility
//! problems: the objective is the constant 0, so HiGHS stops at the first integer-feasible point
//! and no MIP gap setting matters. Ablation options ([`SolverOptions`]): `propagate` places the
//! singles before building ([`crate::solve::propagate`]); `perturb` gives each column a seeded
//! random cost ([`clique::objective`]) and stops HiGHS at its first feasible point all the same.
//! With `root` (the root-LP study) HiGHS solves the model's LP relaxation only
//! (`solve_relaxation`): an integral point is decoded as the solution, an infeasible LP answers
//! `Infeasible`, a fractional point `LimitReached`, and [`Stats::root_lp`], [`Stats::fractional`]
//! and [`Stats::fractional_cells`] say which.
//!
//! [`write_model`] writes any model to an LP or MPS file, as HiGHS writes it, with columns
//! named `x_r{row}c{col}_{digit}` (POP's `y_…` and `z_…`: [`pop::Column::name`]); [`solve_model_file`] reads such a file back into HiGHS and
//! solves it, which is how the tests prove an exported file is a real model.
//!
//! HiGHS never writes to stdout here (stdout carries CSV/JSON): its output is off unless
//! [`SolverOptions::verbose`], and then it goes to a log file only.

pub mod cbc;
pub mod clique;
pub mod hybrid;
pub mod placement;
pub mod pop;

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use good_lp::solvers::highs::HighsProblem;
use good_lp::{variable, Expression, ProblemVariables, SolverModel, Variable};
use highs::{HighsModelStatus, HighsSolutionStatus};

use crate::graph::{colour_of, digit_of, ConstraintGraph};
use crate::grid::Grid;
use crate::solve::candidates::{cell_name, Candidates};
use crate::solve::propagate;
use crate::solve::{is_fractional, Limits, Outcome, Report, RootLp, SolveError, Solver, SolverOptions, Stats};
use clique::decode;

/// HiGHS is not safe to run twice at once in one process (its task scheduler is global), so every
/// HiGHS call — model creation, options, solve and destruction — happens under this lock.
static HIGHS: Mutex<()> = Mutex::new(());

/// Takes the process-wide HiGHS lock (see [`HIGHS`]) for a solver that drives HiGHS itself
/// (`ilp-hybrid`): hold the guard from before the first HiGHS call until the instance is dropped.
/// A poisoned lock is taken all the same: the panic that poisoned it left no HiGHS call running.
pub(crate) fn lock_highs() -> std::sync::MutexGuard<'static, ()> {
    HIGHS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Where HiGHS writes its log when [`SolverOptions::verbose`] is set without a `log_file`.
pub const DEFAULT_LOG_FILE: &str = "highs.log";

// `highs` 2.4 only reads 32-bit (`HighsInt`) info values, but HiGHS keeps "mip_node_count" as an
// `int64_t`; this is the C API call for 64-bit info values, from the HiGHS library that `highs-sys`
// already links into every binary using HiGHS (`HighsInt` is a C `int` in that build). The others
// are C API calls `highs` does not wrap: for the solvers that drive HiGHS's LP themselves
// (`ilp-hybrid`, `ilp-placement`), changing column bounds and costs and resetting the run clock;
// for [`write_model`] and [`solve_model_file`], naming columns, writing a model to a file, and
// reading one back into an instance of our own.
// Signatures as in `highs_c_api.h` of HiGHS 1.x (the `highs-sys` 1.15 sources).
extern "C" {
    /// Sets the bounds of columns `from_col..=to_col` (the LP-driving solvers' branching).
    pub(crate) fn Highs_changeColsBoundsByRange(
        highs: *mut c_void,
        from_col: c_int,
        to_col: c_int,
        lower: *const f64,
        upper: *const f64,
    ) -> c_int;
    /// Sets the costs of columns `from_col..=to_col`.
    pub(crate) fn Highs_changeColsCostByRange(
        highs: *mut c_void,
        from_col: c_int,
        to_col: c_int,
        cost: *const f64,
    ) -> c_int;
    /// Resets HiGHS's run clock, so a time limit counts from the next run (ERGO-Code/HiGHS#1331).
    pub(crate) fn Highs_zeroAllClocks(highs: *const c_void) -> c_int;
    fn Highs_getInt64InfoValue(highs: *const c_void, info: *const c_char, value: *mut i64) -> c_int;
    fn Highs_create() -> *mut c_void;
    fn Highs_destroy(highs: *mut c_void);
    fn Highs_passColName(highs: *const c_void, col: c_int, name: *const c_char) -> c_int;
    fn Highs_writeModel(highs: *mut c_void, filename: *const c_char) -> c_int;
    fn Highs_readModel(highs: *mut c_void, filename: *const c_char) -> c_int;
    fn Highs_setBoolOptionValue(highs: *mut c_void, option: *const c_char, value: c_int) -> c_int;
    fn Highs_setIntOptionValue(highs: *mut c_void, option: *const c_char, value: c_int) -> c_int;
    fn Highs_setStringOptionValue(highs: *mut c_void, option: *const c_char, value: *const c_char) -> c_int;
    fn Highs_setDoubleOptionValue(highs: *mut c_void, option: *const c_char, value: f64) -> c_int;
    fn Highs_getOptionType(highs: *const c_void, option: *const c_char, kind: *mut c_int) -> c_int;
    fn Highs_run(highs: *mut c_void) -> c_int;
    fn Highs_getModelStatus(highs: *const c_void) -> c_int;
    fn Highs_getIntInfoValue(highs: *const c_void, info: *const c_char, value: *mut c_int) -> c_int;
    fn Highs_getNumCol(highs: *const c_void) -> c_int;
    fn Highs_getSolution(
        highs: *const c_void,
        col_value: *mut f64,
        col_dual: *mut f64,
        row_value: *mut f64,
        row_dual: *mut f64,
    ) -> c_int;
    fn Highs_getColName(highs: *const c_void, col: c_int, name: *mut c_char) -> c_int;
}

/// `kHighsStatusOk` of the HiGHS C API.
const HIGHS_STATUS_OK: c_int = 0;

/// `kHighsStatusError` of the HiGHS C API (`kHighsStatusWarning`, 1, still did the job).
const HIGHS_STATUS_ERROR: c_int = -1;

/// `kHighsSolutionStatusFeasible` of the HiGHS C API.
const HIGHS_SOLUTION_FEASIBLE: c_int = 2;

/// `kHighsMaximumStringLength`: the buffer `Highs_getColName` writes a name into.
const HIGHS_MAXIMUM_STRING_LENGTH: usize = 512;

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
    /// `ilp-pop`, Jabrayilov & Mutzel's partial-ordering model ([`pop`]): per empty cell v and
    /// colour k inside its candidate window, y\[v\]\[k\] = 1 iff colour(v) > k and
    /// z\[v\]\[k\] = 1 iff colour(v) < k; chain, link and gap rows per cell and one row
    /// y + z + y + z ≥ 1 per edge and shared candidate. Givens eliminated up front; 2N²(N − 1)
    /// columns and N²(2N − 3) + N·|E| rows on an empty grid.
    Pop,
    /// POP with one = 1 row per house and missing digit instead of the edge rows (the clique
    /// strengthening, [`pop`]'s "Houses"): a formulation for export and measurement, not a
    /// solver of the registry.
    PopHouses,
}

impl Formulation {
    /// The name of the solver that builds it: `ilp-edge`, `ilp-clique`, `ilp-pop`; the house-row
    /// variant of POP, no solver of the registry, is `ilp-pop-houses`.
    pub fn solver(self) -> &'static str {
        match self {
            Formulation::Edge => "ilp-edge",
            Formulation::Clique => "ilp-clique",
            Formulation::Pop => "ilp-pop",
            Formulation::PopHouses => "ilp-pop-houses",
        }
    }
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
        build(puzzle, self.formulation, &self.options)
    }
}

/// Builds `formulation`'s model of `puzzle` with `options`.
fn build(puzzle: &Grid, formulation: Formulation, options: &SolverOptions) -> Built {
    match formulation {
        Formulation::Edge => Built::Model(Box::new(build_edge(puzzle, options))),
        Formulation::Clique => build_clique(puzzle, options),
        Formulation::Pop => build_pop(puzzle, options, false),
        Formulation::PopHouses => build_pop(puzzle, options, true),
    }
}

/// A model ready for HiGHS: the problem, and what each column stands for.
struct Model {
    problem: HighsProblem,
    columns: Columns,
    rows: usize,
}

/// What a model's columns stand for, in column order, and so how a point of it reads as a grid.
enum Columns {
    /// x\[v\]\[k\] as (cell, colour): the edge and clique models.
    Assignment(Vec<(usize, usize)>),
    /// POP's y and z columns ([`pop::Layout`]).
    Order(pop::Layout),
}

impl Columns {
    /// How many columns.
    fn len(&self) -> usize {
        match self {
            Columns::Assignment(columns) => columns.len(),
            Columns::Order(layout) => layout.columns.len(),
        }
    }

    /// True when the model has no column.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The column names of LP and MPS files ([`column_name`], [`pop::Column::name`]).
    fn names(&self, n: usize) -> Vec<String> {
        match self {
            Columns::Assignment(columns) => columns.iter().map(|&(cell, k)| column_name(cell, k, n)).collect(),
            Columns::Order(layout) => layout.columns.iter().map(|c| c.name(n)).collect(),
        }
    }

    /// Empty cells the point `values` leaves undecided: some x(cell, digit) strictly between 0 and
    /// 1 — for POP, some of the cell's y or z columns, which say the same (x = y\[k − 1\] − y\[k\]).
    fn fractional_cells(&self, n: usize, values: &[f64]) -> u64 {
        let mut open = vec![false; n * n];
        let cells: Box<dyn Iterator<Item = usize> + '_> = match self {
            Columns::Assignment(columns) => Box::new(columns.iter().map(|&(cell, _)| cell)),
            Columns::Order(layout) => Box::new(layout.columns.iter().map(|c| c.cell)),
        };
        for (cell, &v) in cells.zip(values) {
            open[cell] |= is_fractional(v);
        }
        open.iter().filter(|&&o| o).count() as u64
    }

    /// The grid `values` describe on top of `grid`.
    fn decode(&self, grid: Grid, values: &[f64]) -> Grid {
        match self {
            Columns::Assignment(columns) => decode(grid, columns, values),
            Columns::Order(layout) => layout.decode(grid, values),
        }
    }
}

/// What building found: a model, or (clique model only) a proof of infeasibility in words.
enum Built {
    Model(Box<Model>),
    Infeasible(String),
}

/// The edge model (see [`Formulation::Edge`]); with `options.reduce`, only the candidates of
/// [`Candidates`]; with `options.perturb`, the perturbed objective ([`clique::objective`]).
///
/// Complexity: O(N·|E|) = O(N⁴) time and space.
fn build_edge(puzzle: &Grid, options: &SolverOptions) -> Model {
    let (reduce, perturb) = (options.reduce, options.perturb);
    let n = puzzle.n();
    let graph = ConstraintGraph::shared(puzzle.shape());
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
    let variables: Vec<Variable> = x.iter().flatten().copied().collect();
    let mut problem = vars.minimise(clique::objective(puzzle, &variables, perturb, options.seed)).using(good_lp::highs);
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
    Model { problem, columns: Columns::Assignment(columns), rows }
}

/// `vars` minimising `objective` under `constraints` as a HiGHS problem, and its row count.
fn highs_problem(
    vars: ProblemVariables,
    objective: Expression,
    constraints: Vec<good_lp::Constraint>,
) -> (HighsProblem, usize) {
    let mut problem = vars.minimise(objective).using(good_lp::highs);
    let rows = constraints.len();
    for row in constraints {
        problem.add_constraint(row);
    }
    (problem, rows)
}

/// One LP solve of `model` by the solvers that drive HiGHS themselves (`ilp-hybrid`,
/// `ilp-placement`), its time limit `time` counted from this run: HiGHS's clocks are reset first
/// (its time limit otherwise counts from the instance's first run, ERGO-Code/HiGHS#1331).
pub(crate) fn solve_lp_within(mut model: highs::Model, time: Duration) -> Result<highs::SolvedModel, String> {
    // SAFETY: the model owns a live HiGHS instance (under the caller's HiGHS lock); the call only
    // resets HiGHS's timers.
    unsafe { Highs_zeroAllClocks(model.as_ptr()) };
    model
        .try_set_option("time_limit", time.as_secs_f64().max(1e-3))
        .map_err(|_| "HiGHS refused the time limit".to_string())?;
    model.try_solve().map_err(|s| format!("HiGHS LP solve ended in error ({s:?})"))
}

/// The clique model (see [`Formulation::Clique`]) for HiGHS, or why the puzzle has no solution.
fn build_clique(puzzle: &Grid, options: &SolverOptions) -> Built {
    match clique::build(puzzle) {
        Err(why) => Built::Infeasible(why),
        Ok(model) => {
            let objective = clique::objective(puzzle, &model.variables, options.perturb, options.seed);
            let (problem, rows) = highs_problem(model.vars, objective, model.constraints);
            Built::Model(Box::new(Model { problem, columns: Columns::Assignment(model.columns), rows }))
        }
    }
}

/// The POP model ([`pop`], with the house rows when `houses`) for HiGHS, or why the puzzle has no
/// solution; with `options.perturb`, the perturbed objective over its y and z columns.
fn build_pop(puzzle: &Grid, options: &SolverOptions, houses: bool) -> Built {
    match pop::build(puzzle, houses) {
        Err(why) => Built::Infeasible(why),
        Ok(model) => {
            let objective = clique::objective(puzzle, &model.variables, options.perturb, options.seed);
            let (problem, rows) = highs_problem(model.vars, objective, model.constraints);
            Built::Model(Box::new(Model { problem, columns: Columns::Order(model.layout), rows }))
        }
    }
}

/// HiGHS's answer: a feasible point to decode, or an outcome without a grid and why.
pub(crate) enum Answer {
    /// Column values of an integer-feasible point.
    Values(Vec<f64>),
    /// `Infeasible` or `LimitReached`, with HiGHS's reason.
    NoGrid(Outcome, String),
}

/// Why a HiGHS run gave no answer.
pub(crate) enum RunError {
    /// HiGHS's run itself ended in error (`Highs_run` returned an error status) after `seconds`.
    Failed { message: String, load_seconds: f64, seconds: f64 },
    /// Anything else: a refused option, a model HiGHS would not take, an untranslatable status.
    Other(String),
}

/// What one HiGHS run produced.
pub(crate) struct Run {
    pub(crate) answer: Answer,
    /// Seconds spent turning the `good_lp` problem into a HiGHS model (part of the build).
    pub(crate) load_seconds: f64,
    /// Seconds of the HiGHS solve call.
    pub(crate) seconds: f64,
    pub(crate) nodes: Option<u64>,
    pub(crate) lp_iterations: Option<u64>,
    /// True when HiGHS proved its point optimal (for a model with an objective: the graph
    /// colouring ILP's colour count).
    pub(crate) optimal: bool,
    /// HiGHS's MIP dual bound (`mip_dual_bound`), when it reports one.
    pub(crate) dual_bound: Option<f64>,
}

/// Sets one HiGHS option, naming it on failure.
fn set_option<V: highs::HighsOptionValue>(model: &mut highs::Model, name: &str, value: V) -> Result<(), RunError> {
    model.try_set_option(name, value).map_err(|_| RunError::Other(format!("HiGHS refused option {name}")))
}

/// Sets any HiGHS option from text, parsed by the option's type (HiGHS's own text setter is
/// deprecated and says so on stdout), naming it on failure.
fn set_option_text(highs: *mut c_void, name: &str, value: &str) -> Result<(), RunError> {
    let refused = || RunError::Other(format!("HiGHS refused option {name} = {value}"));
    let c_name = CString::new(name).map_err(|_| refused())?;
    let mut kind: c_int = -1;
    // SAFETY (here and below): `highs` is a live HiGHS instance owned by the caller for this
    // call, under the process-wide lock; the strings are NUL-terminated and outlive the calls.
    if unsafe { Highs_getOptionType(highs, c_name.as_ptr(), &mut kind) } == HIGHS_STATUS_ERROR {
        return Err(refused());
    }
    let status = match kind {
        0 => {
            let on = match value {
                "true" | "on" | "1" => 1,
                "false" | "off" | "0" => 0,
                _ => return Err(refused()),
            };
            unsafe { Highs_setBoolOptionValue(highs, c_name.as_ptr(), on) }
        }
        1 => {
            let v: c_int = value.parse().map_err(|_| refused())?;
            unsafe { Highs_setIntOptionValue(highs, c_name.as_ptr(), v) }
        }
        2 => {
            let v: f64 = value.parse().map_err(|_| refused())?;
            unsafe { Highs_setDoubleOptionValue(highs, c_name.as_ptr(), v) }
        }
        3 => {
            let v = CString::new(value).map_err(|_| refused())?;
            unsafe { Highs_setStringOptionValue(highs, c_name.as_ptr(), v.as_ptr()) }
        }
        _ => return Err(refused()),
    };
    if status == HIGHS_STATUS_ERROR {
        return Err(refused());
    }
    Ok(())
}

/// Sets any HiGHS option of the instance `highs` from text, as `--highs-option` does, for a solver
/// that drives HiGHS itself; the caller holds the HiGHS lock. The error names the option.
pub(crate) fn set_highs_option(highs: *mut c_void, name: &str, value: &str) -> Result<(), String> {
    set_option_text(highs, name, value).map_err(|_| format!("HiGHS refused option {name} = {value}"))
}

/// Solves `problem` with HiGHS under the process-wide lock, and translates its status.
pub(crate) fn run_highs(problem: HighsProblem, options: &SolverOptions, limits: &Limits) -> Result<Run, RunError> {
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
    if let Some(seed) = options.seed {
        // HiGHS's `random_seed` takes 0 to 2^31 − 1; without a solver seed it keeps its default.
        set_option(&mut model, "random_seed", (seed % (1 << 31)) as i32)?;
    }
    if options.root {
        // The LP relaxation alone: HiGHS drops the integrality and solves an LP.
        set_option(&mut model, "solve_relaxation", true)?;
    }
    if options.perturb {
        // A feasibility problem with a cost: the first integer-feasible point answers it.
        set_option(&mut model, "mip_max_improving_sols", 1)?;
    }
    for (name, value) in &options.highs_options {
        set_option_text(model.as_mut_ptr(), name, value)?;
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
    let optimal = status == HighsModelStatus::Optimal;
    let dual_bound = solved.double_info_value(c"mip_dual_bound").ok().filter(|b| b.is_finite());
    // Any status with an integer-feasible point answers a feasibility problem, even a time limit.
    let answer = if solved.primal_solution_status() == HighsSolutionStatus::Feasible {
        Answer::Values(solved.get_solution().columns().to_vec())
    } else {
        let (outcome, why) = no_point(status).map_err(RunError::Other)?;
        Answer::NoGrid(outcome, why)
    };
    Ok(Run { answer, load_seconds, seconds, nodes, lp_iterations, optimal, dual_bound })
}

/// Translates a HiGHS status that came without an integer-feasible point into `Infeasible` or
/// `LimitReached` with HiGHS's reason; any other status is an error, said in words.
fn no_point(status: HighsModelStatus) -> Result<(Outcome, String), String> {
    match status {
        HighsModelStatus::Infeasible => Ok((Outcome::Infeasible, "HiGHS: infeasible".to_string())),
        // Every variable is a bounded binary, so "unbounded or infeasible" can only be infeasible.
        HighsModelStatus::UnboundedOrInfeasible => {
            Ok((Outcome::Infeasible, "HiGHS: unbounded or infeasible (all variables are bounded)".to_string()))
        }
        HighsModelStatus::ReachedTimeLimit => {
            Ok((Outcome::LimitReached, "HiGHS reached the time limit without a solution".to_string()))
        }
        // Limits this module never sets; answered as limits all the same, by name.
        HighsModelStatus::ReachedIterationLimit
        | HighsModelStatus::ReachedSolutionLimit
        | HighsModelStatus::ReachedInterrupt => {
            Ok((Outcome::LimitReached, format!("HiGHS stopped without a solution: {status:?}")))
        }
        other => Err(format!("HiGHS ended with status {other:?} and no solution")),
    }
}

impl Solver for Ilp {
    fn name(&self) -> &'static str {
        self.formulation.solver()
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
        let build = Instant::now();
        let reduced = match propagate::presolve(puzzle, self.options.propagate, build) {
            Ok(reduced) => reduced,
            Err(settled) => return Ok(*settled),
        };
        let (puzzle, propagated) = match &reduced {
            Some((grid, note)) => (grid, Some(note.clone())),
            None => (puzzle, None),
        };
        let Ready { model, mut stats, start_grid, limits } = match self.ready(puzzle, limits, build) {
            ControlFlow::Continue(ready) => ready,
            ControlFlow::Break(report) => return Ok(self.settled_before_the_lp(report)),
        };
        let Settled { run, columns, retry_note } = self.run_doubting(puzzle, model, &limits, &mut stats)?;
        stats.build_seconds += run.load_seconds;
        stats.seconds = run.seconds;
        stats.nodes = run.nodes;
        stats.lp_iterations = run.lp_iterations;
        let (outcome, note) = match run.answer {
            Answer::Values(values) if self.options.root => {
                let fractional = values.iter().filter(|&&v| is_fractional(v)).count() as u64;
                stats.fractional = Some(fractional);
                stats.fractional_cells = Some(columns.fractional_cells(puzzle.n(), &values));
                if fractional == 0 {
                    stats.root_lp = Some(RootLp::Integral);
                    (Outcome::Solved(columns.decode(start_grid, &values)), Some("root LP integral".to_string()))
                } else {
                    stats.root_lp = Some(RootLp::Fractional);
                    let why = format!("root LP fractional: {fractional} of {} columns", columns.len());
                    (Outcome::LimitReached, Some(why))
                }
            }
            Answer::Values(values) => (Outcome::Solved(columns.decode(start_grid, &values)), None),
            Answer::NoGrid(outcome, why) => {
                if self.options.root {
                    stats.root_lp = Some(match outcome {
                        Outcome::Infeasible => RootLp::Infeasible,
                        _ => RootLp::Limit,
                    });
                }
                (outcome, Some(why))
            }
        };
        let notes: Vec<String> = [propagated, retry_note, note].into_iter().flatten().collect();
        let note = (!notes.is_empty()).then(|| notes.join("; "));
        Ok(Report { outcome, stats, note })
    }
}

impl Ilp {
    /// A report settled without an LP solve (the build proved infeasibility, left no column, or
    /// used up the time), with its root-LP account when this is a root-only solve: the LP of a
    /// model with no column is integral, one the build refuted infeasible.
    fn settled_before_the_lp(&self, mut report: Report) -> Report {
        if self.options.root {
            report.stats.root_lp = Some(match report.outcome {
                Outcome::Solved(_) => {
                    (report.stats.fractional, report.stats.fractional_cells) = (Some(0), Some(0));
                    RootLp::Integral
                }
                Outcome::Infeasible => RootLp::Infeasible,
                Outcome::LimitReached => RootLp::Limit,
            });
        }
        report
    }
}

/// A model built and ready for HiGHS, with what HiGHS is given of the time limit.
struct Ready {
    model: Model,
    /// The build's stats: its seconds, the model's size.
    stats: Stats,
    /// The grid the model's values are decoded onto.
    start_grid: Grid,
    /// The limits less the build's time.
    limits: Limits,
}

/// The HiGHS run that answers a model, the columns its values belong to, and the note of a second
/// opinion when there was one.
struct Settled {
    run: Run,
    columns: Columns,
    retry_note: Option<String>,
}

impl Ilp {
    /// Builds the model of `puzzle` (building started at `build`); `Break` with the report when no
    /// HiGHS run is needed: the model proves the puzzle infeasible, has no variable left, or the
    /// time limit ran out while building.
    fn ready(&self, puzzle: &Grid, limits: &Limits, build: Instant) -> ControlFlow<Report, Ready> {
        let model = match self.build(puzzle) {
            Built::Model(model) => *model,
            Built::Infeasible(note) => {
                let stats = Stats { build_seconds: build.elapsed().as_secs_f64(), ..Stats::default() };
                return ControlFlow::Break(Report { outcome: Outcome::Infeasible, stats, note: Some(note) });
            }
        };
        let stats = Stats {
            build_seconds: build.elapsed().as_secs_f64(),
            variables: Some(model.columns.len()),
            constraints: Some(model.rows),
            ..Stats::default()
        };
        // Grid cells the model has no variables for keep their givens (clique, POP); the edge
        // model decodes every cell, givens included, from its variables.
        let start_grid = match self.formulation {
            Formulation::Edge => Grid::empty(puzzle.shape()),
            Formulation::Clique | Formulation::Pop | Formulation::PopHouses => puzzle.clone(),
        };
        // A full grid leaves the clique model without variables, and HiGHS calls such a model
        // an error ("model empty"): the givens are the whole answer. POP also has no column when
        // every empty cell is left a single candidate; its decoding places them.
        if model.columns.is_empty() {
            let note =
                Some(if puzzle.is_full() { "no empty cell" } else { "no column: every empty cell has one candidate" });
            let grid = model.columns.decode(start_grid, &[]);
            return ControlFlow::Break(Report {
                outcome: Outcome::Solved(grid),
                stats,
                note: note.map(str::to_string),
            });
        }
        // Model building counts against the limit: HiGHS gets what is left of it.
        let limits = match limits.time.map(|t| t.checked_sub(build.elapsed())) {
            Some(None) => {
                let note = "time limit reached while building the model".to_string();
                return ControlFlow::Break(Report { outcome: Outcome::LimitReached, stats, note: Some(note) });
            }
            left => Limits { time: left.flatten(), ..limits.clone() },
        };
        ControlFlow::Continue(Ready { model, stats, start_grid, limits })
    }

    /// Runs HiGHS on `model` of `puzzle`; with presolve on, an error or "infeasible" gets a second
    /// opinion with presolve off (see [`Solver::solve`] for why), whose build and times are added
    /// to `stats`.
    fn run_doubting(
        &self,
        puzzle: &Grid,
        model: Model,
        limits: &Limits,
        stats: &mut Stats,
    ) -> Result<Settled, SolveError> {
        let name = self.name();
        let backend = |message: String| SolveError::Backend { solver: name, message };
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
        Ok(Settled { run, columns, retry_note })
    }
}

/// Checks HiGHS options (`--highs-option`) before any solve: each name must be a HiGHS option and
/// each value one HiGHS accepts for it. Returns the first refused `name = value`.
pub fn check_highs_options(options: &[(String, String)]) -> Result<(), String> {
    if options.is_empty() {
        return Ok(());
    }
    let _guard = HIGHS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    // SAFETY: a fresh HiGHS instance, used and destroyed under the process-wide lock.
    let highs = unsafe { Highs_create() };
    if highs.is_null() {
        return Err("HiGHS could not be started".to_string());
    }
    // Quiet, so an unknown name is reported by our error alone, not also on stdout by HiGHS.
    // SAFETY: `highs` is live; the name is NUL-terminated.
    unsafe { Highs_setBoolOptionValue(highs, c"output_flag".as_ptr(), 0) };
    let mut result = Ok(());
    for (name, value) in options {
        if set_option_text(highs, name, value).is_err() {
            result = Err(format!("HiGHS refuses option {name} = {value}"));
            break;
        }
    }
    // SAFETY: `highs` came from `Highs_create` above and is destroyed once.
    unsafe { Highs_destroy(highs) };
    result
}

/// Threads HiGHS runs with under `options`: the last `threads` of `highs_options` (they are set
/// after the others), else `options.threads`; 0 is HiGHS's own choice, every core of the machine.
/// `None` when a `threads` option is no count (HiGHS refuses it: [`check_highs_options`]).
pub fn highs_threads(options: &SolverOptions) -> Option<u32> {
    match options.highs_options.iter().rev().find(|(name, _)| name == "threads") {
        Some((_, value)) => value.trim().parse().ok(),
        None => Some(options.threads),
    }
}

/// Checks that HiGHS under `options` runs no more threads than the `cores` a solve holds (nor
/// HiGHS's own choice, 0, which takes every core of the machine): more would oversubscribe the
/// cores, and every run timed on them. Returns the thread count.
pub fn check_highs_threads(options: &SolverOptions, cores: usize) -> Result<u32, String> {
    let cores = cores.max(1);
    match highs_threads(options) {
        Some(0) => {
            Err(format!("threads = 0 lets HiGHS take every core of the machine; give a count from 1 to {cores}"))
        }
        Some(t) if t as usize > cores => Err(format!(
            "threads = {t} is more than the {cores} core(s) a solve holds here: HiGHS would oversubscribe them \
             and slow every run timed beside it; give at most {cores}"
        )),
        Some(t) => Ok(t),
        None => Ok(options.threads),
    }
}

/// What [`write_model`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteOutcome {
    /// HiGHS wrote the model to the file.
    Written {
        /// Columns (0-1 variables), each named by [`column_name`].
        columns: usize,
        /// Rows (constraints).
        rows: usize,
    },
    /// No file: the puzzle has no solution, proven before any model (conflicting givens, or a
    /// dead end of the clique model's elimination of the givens); the reason in words.
    Infeasible(String),
    /// No file: the clique model of a full grid, or a POP model whose empty cells each keep a
    /// single candidate, has no columns (the givens are the whole answer, and HiGHS calls a model
    /// without columns an error).
    NoColumns,
}

/// The name [`write_model`] gives the column of (cell, colour): `x_r{row}c{col}_{digit}`, 1-based;
/// `x_r2c3_5` = 1 means cell r2c3 holds digit 5.
pub fn column_name(cell: usize, colour: usize, n: usize) -> String {
    format!("x_{}_{}", cell_name(cell, n), digit_of(colour))
}

/// A path as a C string for HiGHS, which takes UTF-8 file names.
fn c_path(path: &Path) -> Result<CString, String> {
    let text = path.to_str().ok_or_else(|| format!("{} is not UTF-8", path.display()))?;
    CString::new(text).map_err(|_| format!("{} contains a NUL byte", path.display()))
}

/// Writes `formulation`'s model of `puzzle` to `path` as HiGHS writes it: LP for a path ending in
/// `.lp`, MPS for `.mps` (HiGHS picks the format from the extension). The model is exactly the one
/// the solver builds — the edge model without `reduce` — with every column named by
/// [`column_name`] (POP's by [`pop::Column::name`]) and the constant objective 0.
///
/// Conflicting givens are answered [`WriteOutcome::Infeasible`] before any model, as
/// [`crate::solve::solve`] answers them for the solvers: the clique and POP models leave the
/// givens out and would not see the conflict. Runs under the process-wide HiGHS lock.
///
/// Complexity: that of building the model, O(N⁴) time and space (edge, POP) or O(N³) (clique, POP
/// with house rows), plus
/// writing a file of that size.
pub fn write_model(puzzle: &Grid, formulation: Formulation, path: &Path) -> Result<WriteOutcome, SolveError> {
    let solver = formulation.solver();
    let backend = |message: String| SolveError::Backend { solver, message };
    if let Some(conflict) = crate::verify::conflicts(puzzle).first() {
        return Ok(WriteOutcome::Infeasible(format!("conflicting givens: {conflict}")));
    }
    let built = build(puzzle, formulation, &SolverOptions::default());
    let model = match built {
        Built::Model(model) => *model,
        Built::Infeasible(why) => return Ok(WriteOutcome::Infeasible(why)),
    };
    if model.columns.is_empty() {
        return Ok(WriteOutcome::NoColumns);
    }
    let filename = c_path(path).map_err(backend)?;
    let n = puzzle.n();
    let names: Vec<CString> = model
        .columns
        .names(n)
        .into_iter()
        .map(|name| CString::new(name).expect("a column name has no NUL byte"))
        .collect();
    let _guard = HIGHS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut highs = model.problem.try_into_inner().map_err(|e| backend(e.to_string()))?;
    if highs.num_cols() != names.len() {
        return Err(backend(format!("HiGHS holds {} columns, the model {}", highs.num_cols(), names.len())));
    }
    for (col, name) in names.iter().enumerate() {
        let col = c_int::try_from(col).map_err(|_| backend("more columns than HiGHS can index".to_string()))?;
        // SAFETY: `highs` owns a live HiGHS instance, `col` is one of its columns (counted above)
        // and `name` is a NUL-terminated string that HiGHS copies.
        let status = unsafe { Highs_passColName(highs.as_mut_ptr(), col, name.as_ptr()) };
        if status == HIGHS_STATUS_ERROR {
            return Err(backend(format!("HiGHS refused the column name {}", name.to_string_lossy())));
        }
    }
    // SAFETY: `highs` owns a live HiGHS instance (quiet: `highs::Model` turns its output off, so
    // nothing reaches stdout) and `filename` is a NUL-terminated, non-empty path.
    let status = unsafe { Highs_writeModel(highs.as_mut_ptr(), filename.as_ptr()) };
    if status == HIGHS_STATUS_ERROR {
        return Err(backend(format!("HiGHS could not write {}", path.display())));
    }
    Ok(WriteOutcome::Written { columns: names.len(), rows: model.rows })
}

/// What HiGHS made of a model file ([`solve_model_file`]).
#[derive(Debug, Clone, PartialEq)]
pub enum FileAnswer {
    /// An integer-feasible point: every column's name and value, in the file's column order.
    Point(Vec<(String, f64)>),
    /// No point: [`Outcome::Infeasible`] or [`Outcome::LimitReached`], with HiGHS's reason.
    NoPoint(Outcome, String),
}

/// Reads an LP or MPS file (the format from its extension) into a fresh HiGHS instance and solves
/// it, quiet and on one thread, within `limits.time`: proof that a written model is a real one.
/// As in [`Ilp`]'s solve, a presolve "infeasible" or error is doubted and the file solved again
/// with presolve off (within what is left of the time limit). Runs under the process-wide HiGHS
/// lock. The values are returned raw: decoding and verifying them is the caller's part.
pub fn solve_model_file(path: &Path, limits: &Limits) -> Result<FileAnswer, SolveError> {
    let backend = |message: String| SolveError::Backend { solver: "highs", message };
    let filename = c_path(path).map_err(backend)?;
    let _guard = HIGHS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let start = Instant::now();
    let first = run_file(&filename, path, limits.time, true);
    let said = match &first {
        Ok(FileAnswer::NoPoint(Outcome::Infeasible, why)) => why.clone(),
        Err(message) => message.clone(),
        Ok(_) => return first.map_err(backend),
    };
    let left = limits.time.map(|t| t.saturating_sub(start.elapsed()));
    run_file(&filename, path, left, false)
        .map_err(|second| backend(format!("{said} with presolve on, and {second} with presolve off")))
}

/// A HiGHS instance of our own, destroyed when dropped.
struct Instance(*mut c_void);

impl Drop for Instance {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `Highs_create`, is not null, and is destroyed only here.
        unsafe { Highs_destroy(self.0) }
    }
}

/// Reads `filename` (shown as `path` in messages) into a new instance and solves it. The caller
/// holds the HiGHS lock.
fn run_file(filename: &CStr, path: &Path, time: Option<Duration>, presolve: bool) -> Result<FileAnswer, String> {
    // SAFETY: `Highs_create` has no preconditions; a null answer is checked before any use.
    let raw = unsafe { Highs_create() };
    if raw.is_null() {
        return Err("HiGHS could not create an instance".to_string());
    }
    let instance = Instance(raw);
    let h = instance.0;
    let ok = |status: c_int, what: &str| {
        if status == HIGHS_STATUS_ERROR {
            Err(format!("HiGHS: {what} failed"))
        } else {
            Ok(())
        }
    };
    // SAFETY (every call in this block): `h` is a live instance owned by `instance`, which
    // outlives the block; option and info names and `filename` are NUL-terminated; the value and
    // name buffers have the sizes HiGHS writes: one `HighsInt` (a C `int`), one `double` per
    // column (`Highs_getNumCol`; the null pointers ask for nothing else) and
    // `kHighsMaximumStringLength` bytes per column name, as `highs_c_api.h` specifies.
    unsafe {
        // Quiet before anything else: HiGHS logs to stdout by default, and stdout is not ours.
        ok(Highs_setBoolOptionValue(h, c"output_flag".as_ptr(), 0), "setting output_flag")?;
        ok(Highs_setBoolOptionValue(h, c"log_to_console".as_ptr(), 0), "setting log_to_console")?;
        ok(Highs_setIntOptionValue(h, c"threads".as_ptr(), 1), "setting threads")?;
        let switch = if presolve { c"on" } else { c"off" };
        ok(Highs_setStringOptionValue(h, c"presolve".as_ptr(), switch.as_ptr()), "setting presolve")?;
        if let Some(time) = time {
            ok(Highs_setDoubleOptionValue(h, c"time_limit".as_ptr(), time.as_secs_f64()), "setting time_limit")?;
        }
        ok(Highs_readModel(h, filename.as_ptr()), &format!("reading {}", path.display()))?;
        ok(Highs_run(h), "the run")?;
        let raw_status = Highs_getModelStatus(h);
        let status =
            HighsModelStatus::try_from(raw_status).map_err(|_| format!("HiGHS: unknown status {raw_status}"))?;
        let mut primal: c_int = -1;
        ok(Highs_getIntInfoValue(h, c"primal_solution_status".as_ptr(), &mut primal), "primal_solution_status")?;
        if primal != HIGHS_SOLUTION_FEASIBLE {
            let (outcome, why) = no_point(status)?;
            return Ok(FileAnswer::NoPoint(outcome, why));
        }
        let columns = usize::try_from(Highs_getNumCol(h)).map_err(|_| "HiGHS: negative column count".to_string())?;
        let mut values = vec![0.0; columns];
        let none = std::ptr::null_mut();
        ok(Highs_getSolution(h, values.as_mut_ptr(), none, none, none), "reading the solution")?;
        let mut name = [0 as c_char; HIGHS_MAXIMUM_STRING_LENGTH];
        let mut point = Vec::with_capacity(columns);
        for (col, value) in values.into_iter().enumerate() {
            let col = c_int::try_from(col).expect("HiGHS counted the columns in a C int");
            ok(Highs_getColName(h, col, name.as_mut_ptr()), "reading a column name")?;
            point.push((CStr::from_ptr(name.as_ptr()).to_string_lossy().into_owned(), value));
        }
        Ok(FileAnswer::Point(point))
    }
}
