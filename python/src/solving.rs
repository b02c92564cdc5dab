//! `solve`, `solve_many`, `solvers` and their result. The search solvers (`backtrack`,
//! `backtrack-naive`, `dlx`) run in this process, as `sudoku-lab bench` runs them; the solvers on
//! a backend (HiGHS, CaDiCaL, kissat, the portfolio) and external solvers run in a worker
//! process, as `sudoku-lab solve` runs them, so their time limit and memory cap always hold.
//! Every grid returned has passed the verifier.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use sudoku_lab::cli::{IlpArgs, Switch};
use sudoku_lab::experiment::config::MIN_MEMORY_MB;
use sudoku_lab::experiment::isolate::{default_memory_mb, Ended, Isolated, Measured};
use sudoku_lab::experiment::record::RunOutcome;
use sudoku_lab::external::definition::{check_unique, load_file, Checks, Definition};
use sudoku_lab::external::Job;
use sudoku_lab::grid::Grid as RustGrid;
use sudoku_lab::solve::{self as lab, Limits, Outcome, Report, SolverKind, SolverOptions, Stats};

use crate::convert::serde_to_py;
use crate::grid::Grid;
use crate::wait::interruptible;

/// The options `solve` and `solve_many` take as keywords, as the command line's flags.
const OPTIONS: [&str; 11] = [
    "threads",
    "presolve",
    "verbose",
    "highs_log",
    "reduce",
    "highs_options",
    "propagate",
    "perturb",
    "preprocess",
    "members",
    "root",
];

/// What one solve gave: the outcome as in `runs.csv` (`solved`, `infeasible`, `limit`, `memory`
/// or `error`), the verified solution, the statistics the command line records, and a note.
#[pyclass(module = "sudoku_lab", name = "SolveResult", frozen)]
pub struct SolveResult {
    solver: Arc<str>,
    outcome: &'static str,
    solution: Option<RustGrid>,
    stats: Stats,
    note: String,
    /// `Some(false)` when the solver answered a grid the verifier rejects (outcome `error`),
    /// `Some(true)` for a verified solution; what the one judgement reads besides the outcome.
    verified: Option<bool>,
    /// CPU seconds and peak memory of a solve in a worker process (none for in-process searches).
    measured: Measured,
}

#[pymethods]
impl SolveResult {
    /// The solver's name.
    #[getter]
    fn solver(&self) -> &str {
        &self.solver
    }

    /// `solved`, `infeasible` (proven), `limit`, `memory` (the cap) or `error`.
    #[getter]
    fn outcome(&self) -> &str {
        self.outcome
    }

    /// The one judgement of this answer, as `report` counts a run (`solved`, `infeasible`,
    /// `wrong`, `limit`, `memory`, `error`), nothing else being known of the puzzle: a grid the
    /// verifier rejected is `wrong`.
    #[getter]
    fn judged(&self) -> &'static str {
        let outcome = RunOutcome::parse(self.outcome).unwrap_or(RunOutcome::Error);
        sudoku_lab::report::judged_answer(outcome, self.verified)
    }

    /// The solution (verified), or None.
    #[getter]
    fn solution(&self) -> Option<Grid> {
        self.solution.clone().map(Grid::new)
    }

    /// True when solved.
    #[getter]
    fn solved(&self) -> bool {
        self.solution.is_some()
    }

    /// Total seconds: set-up (`stats["build_seconds"]`, model building) plus search
    /// (`stats["seconds"]`, the `seconds` column of runs.csv).
    #[getter]
    fn total_seconds(&self) -> f64 {
        self.stats.seconds + self.stats.build_seconds
    }

    /// The statistics, as `solve --stats` records them (`seconds`, `build_seconds`, `nodes`,
    /// `guesses`, `backtracks`, `variables`, `constraints`, `lp_iterations`, `conflicts`, …;
    /// None where the solver has no such counter).
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        serde_to_py(py, &self.stats)
    }

    /// The solver's note: the conflict of an infeasible puzzle, why a run was stopped, an error.
    #[getter]
    fn note(&self) -> &str {
        &self.note
    }

    /// CPU seconds (user + system) of the worker process and everything it started, as the
    /// `cpu_seconds` column of runs.csv; None for a search run in this process.
    #[getter]
    fn cpu_seconds(&self) -> Option<f64> {
        self.measured.cpu_seconds
    }

    /// Peak resident memory of the worker process, MiB, as the `peak_rss_mb` column; None for a
    /// search run in this process.
    #[getter]
    fn peak_rss_mb(&self) -> Option<f64> {
        self.measured.peak_rss_mb
    }

    fn __repr__(&self) -> String {
        format!(
            "SolveResult(solver={:?}, outcome={:?}, total_seconds={:.6})",
            self.solver,
            self.outcome,
            self.total_seconds()
        )
    }
}

impl SolveResult {
    /// The result of a report.
    fn of_report(solver: &Arc<str>, report: Report) -> SolveResult {
        let outcome = report.outcome.label();
        let solution = match report.outcome {
            Outcome::Solved(grid) => Some(grid),
            _ => None,
        };
        SolveResult {
            solver: Arc::clone(solver),
            outcome,
            verified: solution.as_ref().map(|_| true),
            solution,
            stats: report.stats,
            note: report.note.unwrap_or_default(),
            measured: Measured::default(),
        }
    }

    /// The result of an isolated solve, with what the kernel measured of it.
    fn of_ended(solver: &Arc<str>, ended: Ended, measured: Measured) -> SolveResult {
        let (label, note, stats) = (ended.label(), ended.note(), ended.stats());
        match ended {
            Ended::Answered(report) => SolveResult { measured, ..SolveResult::of_report(solver, report) },
            _ => SolveResult {
                solver: Arc::clone(solver),
                outcome: if label == "unverified" { "error" } else { label },
                solution: None,
                stats,
                note,
                verified: (label == "unverified").then_some(false),
                measured,
            },
        }
    }

    /// An error the solver raised.
    fn of_error(solver: &Arc<str>, message: String) -> SolveResult {
        SolveResult {
            solver: Arc::clone(solver),
            outcome: "error",
            solution: None,
            stats: Stats::default(),
            note: message,
            verified: None,
            measured: Measured::default(),
        }
    }

    /// The result of an in-process solve that failed; a grid the verifier rejected is `wrong`.
    fn of_solve_error(solver: &Arc<str>, error: lab::SolveError) -> SolveResult {
        let verified = matches!(error, lab::SolveError::Unverified { .. }).then_some(false);
        SolveResult { verified, ..SolveResult::of_error(solver, error.to_string()) }
    }
}

/// The names of the built-in solvers.
#[pyfunction]
pub fn solvers() -> Vec<&'static str> {
    SolverKind::ALL.iter().map(|k| k.name()).collect()
}

/// A solver picked by name: built-in, or defined in a TOML file.
enum Picked {
    Registry(SolverKind),
    External(Box<Definition>),
}

/// The solver named `name`: a built-in one, else one defined in the `external` files.
fn pick(name: &str, external: &[PathBuf]) -> PyResult<Picked> {
    let builtin = name.parse::<SolverKind>();
    if let Ok(kind) = builtin {
        return Ok(Picked::Registry(kind));
    }
    let reserved = |n: &str| n == "all" || n.parse::<SolverKind>().is_ok();
    let wanted = |n: &str| n == name;
    let mut defined = Vec::new();
    for file in external {
        defined.extend(
            load_file(file, Checks { reserved: &reserved, wanted: &wanted })
                .map_err(|e| PyValueError::new_err(e.to_string()))?,
        );
    }
    check_unique(&defined, "external").map_err(|e| PyValueError::new_err(e.to_string()))?;
    match defined.into_iter().find(|d| d.name == name) {
        Some(d) => Ok(Picked::External(Box::new(d))),
        None => {
            let e = builtin.err().unwrap_or_default();
            let files: Vec<String> = external.iter().map(|f| f.display().to_string()).collect();
            Err(PyValueError::new_err(if files.is_empty() {
                format!("solver: {e}")
            } else {
                format!("solver: {e}, or an external solver of {}", files.join(", "))
            }))
        }
    }
}

/// Reads a keyword of `options` as `T`, naming it in the error.
fn option<'py, T>(options: &Bound<'py, PyDict>, key: &str) -> PyResult<Option<T>>
where
    T: for<'a> FromPyObject<'a, 'py, Error = PyErr>,
{
    match options.get_item(key)? {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => v.extract::<T>().map(Some).map_err(|e| PyTypeError::new_err(format!("{key}: {e}"))),
    }
}

/// The solver options of the keywords, for `kinds`, checked as the command line checks its flags.
fn solver_options(options: Option<&Bound<'_, PyDict>>, kinds: &[SolverKind], caller: &str) -> PyResult<SolverOptions> {
    let mut ilp = IlpArgs::default();
    if let Some(options) = options {
        for key in options.keys() {
            let key: String = key.extract()?;
            if !OPTIONS.contains(&key.as_str()) {
                return Err(PyTypeError::new_err(format!(
                    "{caller}() got an unexpected keyword argument '{key}'; the solver options are: {}",
                    OPTIONS.join(", ")
                )));
            }
        }
        if let Some(threads) = option::<i128>(options, "threads")? {
            let threads: u32 = crate::convert::count("threads", threads)?;
            if !(1..=1024).contains(&threads) {
                return Err(PyValueError::new_err(format!("threads: {threads} is not in 1..=1024")));
            }
            ilp.threads = threads;
        }
        if let Some(on) = option::<bool>(options, "presolve")? {
            ilp.presolve = if on { Switch::On } else { Switch::Off };
        }
        ilp.verbose = option(options, "verbose")?.unwrap_or(false);
        ilp.highs_log = option(options, "highs_log")?;
        ilp.reduce = option(options, "reduce")?.unwrap_or(false);
        ilp.propagate = option(options, "propagate")?.unwrap_or(false);
        ilp.perturb = option(options, "perturb")?.unwrap_or(false);
        ilp.preprocess = option(options, "preprocess")?.unwrap_or(false);
        ilp.root = option(options, "root")?.unwrap_or(false);
        if let Some(pairs) = option::<std::collections::BTreeMap<String, String>>(options, "highs_options")? {
            ilp.highs_options = pairs.into_iter().collect();
        }
        if let Some(names) = option::<Vec<String>>(options, "members")? {
            ilp.members = names
                .iter()
                .map(|n| n.parse::<SolverKind>().map_err(|e| PyValueError::new_err(format!("members: {e}"))))
                .collect::<PyResult<_>>()?;
        }
    }
    ilp.options_for(kinds).map_err(crate::convert::input_error)
}

/// The limits of a time limit in seconds, checked as the command line checks `--time-limit`.
pub fn limits_of(time_limit: Option<f64>) -> PyResult<Limits> {
    let time = match time_limit {
        None => None,
        Some(t) => Some(Duration::from_secs_f64(
            lab::check_seconds(t).map_err(|e| PyValueError::new_err(format!("time_limit: {e}")))?,
        )),
    };
    Ok(Limits { time, max_solutions: 1 })
}

/// The memory cap, checked as the command line checks `--memory-mb`.
fn memory_of(memory_mb: Option<u64>) -> PyResult<u64> {
    match memory_mb {
        Some(mb) if mb < MIN_MEMORY_MB => Err(PyValueError::new_err(format!(
            "memory_mb: {mb} is below {MIN_MEMORY_MB} MiB, too little for any solver"
        ))),
        Some(mb) => Ok(mb),
        None => Ok(default_memory_mb()),
    }
}

/// The `external` argument: one path or several.
fn paths_of(external: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PathBuf>> {
    match external {
        None => Ok(Vec::new()),
        Some(v) if v.is_none() => Ok(Vec::new()),
        Some(v) => match v.extract::<PathBuf>() {
            Ok(one) => Ok(vec![one]),
            Err(_) => v.extract::<Vec<PathBuf>>().map_err(|_| {
                PyTypeError::new_err(
                    "external: expected a path to a TOML file of solver definitions, or a list of them",
                )
            }),
        },
    }
}

/// Search work done on the calling thread (the GIL released) before a batch moves to a thread of
/// its own that Ctrl-C can reach: short batches, most of them, pay no thread start and run on a
/// warm core.
const INLINE: Duration = Duration::from_millis(20);

/// Workers kept between calls, so that a loop of `solve` calls does not start one per call.
static SPARE: Mutex<Vec<Spare>> = Mutex::new(Vec::new());

/// An idle isolated solver, its options and its stop flag.
struct Spare {
    options: SolverOptions,
    memory_mb: u64,
    isolated: Isolated,
    stop: Arc<AtomicUsize>,
}

/// An isolated solver for these options: a spare one, or a new one.
fn take_spare(options: &SolverOptions, memory_mb: u64) -> PyResult<Spare> {
    let mut spare = SPARE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(at) = spare.iter().position(|s| s.options == *options && s.memory_mb == memory_mb) {
        return Ok(spare.swap_remove(at));
    }
    let exe = lab::portfolio::worker_exe().map_err(PyRuntimeError::new_err)?;
    let stop = Arc::new(AtomicUsize::new(0));
    let isolated = Isolated::new(exe, options.clone(), memory_mb).stop_on(Arc::clone(&stop));
    Ok(Spare { options: options.clone(), memory_mb, isolated, stop })
}

/// Keeps `spare` for the next call (at most a few are kept).
fn keep_spare(spare: Spare) {
    spare.stop.store(0, Ordering::SeqCst);
    let mut kept = SPARE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if kept.len() < 4 {
        kept.push(spare);
    }
}

/// One batch: the solver, its options and limits.
struct Batch {
    name: Arc<str>,
    picked: Picked,
    options: SolverOptions,
    limits: Limits,
    memory_mb: u64,
}

impl Batch {
    /// Reads the arguments shared by `solve` and `solve_many`.
    fn new(
        solver: &str,
        time_limit: Option<f64>,
        memory_mb: Option<u64>,
        external: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
        caller: &str,
    ) -> PyResult<Batch> {
        let picked = pick(solver, &paths_of(external)?)?;
        let kinds: Vec<SolverKind> = match &picked {
            Picked::Registry(kind) => vec![*kind],
            Picked::External(_) => Vec::new(),
        };
        if kinds.is_empty() && options.is_some_and(|o| !o.is_empty()) {
            return Err(PyValueError::new_err(format!(
                "{solver} is an external solver: the solver options ({}) apply to built-in solvers only",
                OPTIONS.join(", ")
            )));
        }
        Ok(Batch {
            name: Arc::from(solver),
            picked,
            options: solver_options(options, &kinds, caller)?,
            limits: limits_of(time_limit)?,
            memory_mb: memory_of(memory_mb)?,
        })
    }

    /// True when the solves run in worker processes.
    fn isolated(&self) -> bool {
        match &self.picked {
            Picked::Registry(kind) => kind.uses_backend(),
            Picked::External(_) => true,
        }
    }

    /// Solves `grids[i]` for every `i` of `indices`, in order, stopping early once `halt` is set.
    fn solve_each(
        &self,
        grids: &[RustGrid],
        indices: &[usize],
        halt: &AtomicBool,
        spare: Option<&mut Spare>,
    ) -> Vec<(usize, SolveResult)> {
        let mut out = Vec::with_capacity(indices.len());
        match (&self.picked, spare) {
            (Picked::Registry(kind), None) => {
                let mut solver = kind.build(&self.options);
                for &i in indices {
                    if halt.load(Ordering::Relaxed) {
                        break;
                    }
                    out.push((
                        i,
                        match lab::solve(solver.as_mut(), &grids[i], &self.limits) {
                            Ok(report) => SolveResult::of_report(&self.name, report),
                            Err(e) => SolveResult::of_solve_error(&self.name, e),
                        },
                    ));
                }
            }
            (picked, Some(spare)) => {
                for &i in indices {
                    if halt.load(Ordering::Relaxed) {
                        break;
                    }
                    let ended = match picked {
                        Picked::Registry(kind) => spare.isolated.solve(*kind, &grids[i], &self.limits),
                        Picked::External(definition) => {
                            let job = Job {
                                definition: (**definition).clone(),
                                seed: i as u64 + 1,
                                logs: None,
                                log_name: format!("{}-{}", i + 1, self.name),
                            };
                            spare.isolated.solve_external(&job, &grids[i], &self.limits)
                        }
                    };
                    out.push((
                        i,
                        match ended {
                            Ok(ended) => SolveResult::of_ended(&self.name, ended, spare.isolated.measured()),
                            Err(e) => SolveResult::of_error(&self.name, format!("starting a worker process: {e}")),
                        },
                    ));
                }
            }
            (Picked::External(_), None) => unreachable!("external solvers always run isolated"),
        }
        out
    }

    /// Solves the first grids on the calling thread for at most [`INLINE`] (searches in this
    /// process only; each solve held to the time left, and one stopped by that rather than by its
    /// own limit is left for the thread); returns their results, in order.
    fn solve_inline(&self, py: Python<'_>, grids: &[RustGrid]) -> Vec<SolveResult> {
        let Picked::Registry(kind) = &self.picked else { return Vec::new() };
        py.detach(|| {
            let mut solver = kind.build(&self.options);
            let start = Instant::now();
            let mut out = Vec::new();
            for grid in grids {
                let left = INLINE.saturating_sub(start.elapsed());
                if left.is_zero() {
                    break;
                }
                let capped = self.limits.time.is_none_or(|t| t > left);
                let limits =
                    Limits { time: Some(self.limits.time.map_or(left, |t| t.min(left))), ..self.limits.clone() };
                match lab::solve(solver.as_mut(), grid, &limits) {
                    Ok(report) if capped && report.outcome == Outcome::LimitReached => break,
                    Ok(report) => out.push(SolveResult::of_report(&self.name, report)),
                    Err(e) => out.push(SolveResult::of_solve_error(&self.name, e)),
                }
            }
            out
        })
    }

    /// Solves every grid (see [`Batch::solve_on_threads`]), the first ones inline when the solver
    /// searches in this process and one job is asked for.
    fn solve_all(&self, py: Python<'_>, grids: &[RustGrid], jobs: usize) -> PyResult<Vec<SolveResult>> {
        if self.isolated() || jobs > 1 {
            return self.solve_on_threads(py, grids, jobs);
        }
        let mut done = self.solve_inline(py, grids);
        if done.len() < grids.len() {
            done.extend(self.solve_on_threads(py, &grids[done.len()..], 1)?);
        }
        Ok(done)
    }

    /// Solves every grid on `jobs` threads, honouring Ctrl-C; results in the order of `grids`.
    fn solve_on_threads(&self, py: Python<'_>, grids: &[RustGrid], jobs: usize) -> PyResult<Vec<SolveResult>> {
        let jobs = jobs.clamp(1, grids.len().max(1));
        let mut spares = Vec::new();
        if self.isolated() {
            for _ in 0..jobs {
                spares.push(take_spare(&self.options, self.memory_mb)?);
            }
        }
        let halt = AtomicBool::new(false);
        let stops: Vec<Arc<AtomicUsize>> = spares.iter().map(|s| Arc::clone(&s.stop)).collect();
        let work = || {
            let slices: Vec<Vec<usize>> = (0..jobs).map(|t| (t..grids.len()).step_by(jobs).collect()).collect();
            let mut spares = spares;
            let mut results: Vec<(usize, SolveResult)> = if jobs == 1 {
                self.solve_each(grids, &slices[0], &halt, spares.first_mut())
            } else {
                std::thread::scope(|scope| {
                    let mut spare_iter = spares.iter_mut();
                    let handles: Vec<_> = slices
                        .iter()
                        .map(|slice| {
                            let spare = spare_iter.next();
                            let halt = &halt;
                            scope.spawn(move || self.solve_each(grids, slice, halt, spare))
                        })
                        .collect();
                    handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
                })
            };
            results.sort_by_key(|(i, _)| *i);
            (results, spares)
        };
        let stop = || {
            halt.store(true, Ordering::SeqCst);
            lab::cancel::request();
            for s in &stops {
                s.store(2, Ordering::SeqCst);
            }
        };
        let ran = interruptible(py, work, stop, |_| Ok(()));
        lab::cancel::clear();
        let ((results, spares), raised) = ran?;
        for spare in spares {
            keep_spare(spare);
        }
        match raised {
            Some(err) => Err(err),
            None => Ok(results.into_iter().map(|(_, r)| r).collect()),
        }
    }
}

/// Solves one grid with a solver (a built-in name from `solvers()`, or one defined in the
/// `external` TOML file(s)), within `time_limit` seconds (None: no limit) and `memory_mb` (for
/// solvers in a worker process; default half the machine's memory). Solver options as keywords,
/// named as the command line's flags: threads, presolve, verbose, highs_log, reduce,
/// highs_options (a dict), propagate, perturb, preprocess, members (a list of names), root. The GIL is
/// released while it runs; Ctrl-C stops it and raises KeyboardInterrupt. An answer the verifier
/// rejects (a bug in the solver) raises SolverError; other failures are results (`error`).
#[pyfunction]
#[pyo3(signature = (grid, solver = "backtrack", *, time_limit = None, memory_mb = None, external = None, **options))]
pub fn solve(
    py: Python<'_>,
    grid: PyRef<'_, Grid>,
    solver: &str,
    time_limit: Option<f64>,
    memory_mb: Option<i128>,
    external: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<SolveResult> {
    let memory_mb = crate::convert::count_opt("memory_mb", memory_mb)?;
    let batch = Batch::new(solver, time_limit, memory_mb, external, options, "solve")?;
    let grids = [grid.grid.clone()];
    let mut results = batch.solve_all(py, &grids, 1)?;
    let result = results.pop().ok_or_else(|| PyRuntimeError::new_err("no result"))?;
    if result.judged() == "wrong" {
        return Err(crate::SolverError::new_err(format!("{solver}: wrong answer: {}", result.note)));
    }
    Ok(result)
}

/// Solves many grids with one solver (see `solve`), on `jobs` threads (at most one per core; each
/// solve on a backend in a worker process of its own); results in the order of `grids`. An answer
/// the verifier rejects is a result with outcome `error` (its fault in the note), so that one
/// wrong answer does not discard the batch. The batch runs without the
/// GIL; Ctrl-C stops it and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (grids, solver = "backtrack", *, time_limit = None, memory_mb = None, external = None, jobs = 1, **options))]
#[allow(clippy::too_many_arguments)]
pub fn solve_many(
    py: Python<'_>,
    grids: Vec<PyRef<'_, Grid>>,
    solver: &str,
    time_limit: Option<f64>,
    memory_mb: Option<i128>,
    external: Option<&Bound<'_, PyAny>>,
    jobs: i128,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<SolveResult>> {
    let memory_mb = crate::convert::count_opt("memory_mb", memory_mb)?;
    let jobs: usize = crate::convert::count("jobs", jobs)?;
    if jobs == 0 {
        return Err(PyValueError::new_err("jobs must be 1 or more"));
    }
    // More solves at once than cores would only slow each one down, and skew every time measured.
    let jobs = jobs.min(sudoku_lab::experiment::meta::available_cores());
    let batch = Batch::new(solver, time_limit, memory_mb, external, options, "solve_many")?;
    let grids: Vec<RustGrid> = grids.iter().map(|g| g.grid.clone()).collect();
    batch.solve_all(py, &grids, jobs)
}
