//! Experiments: `run` a TOML config (with progress and Ctrl-C), `report` and `plot` a results
//! folder, read its `runs.csv` (checked as the command line checks it) for pandas, and the
//! `sudoku-lab` command of the package.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use sudoku_lab::experiment::folder::{read_runs_by_name, RUNS_FILE};
use sudoku_lab::experiment::progress::{Counts, Snapshot, Watch};
use sudoku_lab::experiment::record::COLUMNS;
use sudoku_lab::experiment::{self, Config, ExperimentError, RunOptions, Shard};

use crate::convert::{serde_to_py, to_py};
use crate::wait::interruptible;

/// SIGINT's number, what the stop flag is set to on Ctrl-C (the runner names the signal).
const SIGINT: usize = 2;

/// How often `run` calls its progress callback.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// An experiment error as Python sees it: bad input is `ValueError`, the rest `RuntimeError`
/// (`OSError` for the file system), with the command line's words.
fn experiment_error(err: ExperimentError) -> PyErr {
    crate::convert::input_error(anyhow::Error::new(err))
}

/// The pandas dtype of each `runs.csv` column, in order: `string`, `Int64` (`UInt64` for the
/// 64-bit seeds), `Float64` or `boolean` (nullable: an empty cell is missing).
#[pyfunction]
pub fn runs_columns() -> Vec<(&'static str, &'static str)> {
    COLUMNS
        .iter()
        .map(|&c| {
            let dtype = match c {
                "experiment" | "mode" | "difficulty" | "solver" | "outcome" | "note" | "winner" | "set"
                | "instance" | "expected" | "contradiction" | "holes" | "certificate" | JUDGED => "string",
                "seed" | "solver_seed" => "UInt64",
                "alpha" | "seconds" | "build_seconds" | "peak_rss_mb" | "cpu_seconds" | "certify_seconds" => "Float64",
                "verified" | "agree" => "boolean",
                _ => "Int64",
            };
            (c, dtype)
        })
        .chain([(JUDGED, "string")])
        .collect()
}

/// The column `load_results` adds after the `runs.csv` ones: the one judgement of each run, as
/// `report` and `plot` count it (`solved`, `infeasible`, `wrong`, `unproven`, `limit`, `memory`,
/// `error`).
const JUDGED: &str = "judged";

/// The rows of `<folder>/runs.csv`, read and checked as `sudoku-lab report` reads them (files of
/// any earlier layout too), as a
/// dict of column name → list of values (None where empty), in the order of `runs_columns()`.
#[pyfunction]
pub fn read_runs(py: Python<'_>, folder: PathBuf) -> PyResult<Py<PyAny>> {
    let path = folder.join(RUNS_FILE);
    if !path.is_file() {
        return Err(pyo3::exceptions::PyFileNotFoundError::new_err(format!(
            "{}: no runs.csv (is {} a results folder?)",
            path.display(),
            folder.display()
        )));
    }
    let rows = py.detach(|| read_runs_by_name(&path, None)).map_err(experiment_error)?;
    let columns = PyDict::new(py);
    let values: Vec<serde_json::Value> = rows
        .iter()
        .map(serde_json::to_value)
        .collect::<Result<_, _>>()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let text_columns: Vec<&str> = runs_columns().into_iter().filter(|(_, t)| *t == "string").map(|(c, _)| c).collect();
    // A text column is never missing, only empty, as `runs.csv` writes it (`certificate` is a
    // type in the row, absent when no proof applies).
    let empty = serde_json::Value::String(String::new());
    for &name in COLUMNS {
        let text = text_columns.contains(&name);
        let list: Vec<Py<PyAny>> = values
            .iter()
            .map(|row| match row.get(name) {
                None | Some(serde_json::Value::Null) if text => to_py(py, &empty),
                value => to_py(py, value.unwrap_or(&serde_json::Value::Null)),
            })
            .collect::<PyResult<_>>()?;
        columns.set_item(name, list)?;
    }
    columns.set_item(JUDGED, sudoku_lab::report::judged_outcomes(rows))?;
    Ok(columns.into_any().unbind())
}

/// Runs an experiment config, as `sudoku-lab run` does (worker processes, hard limits, every
/// answer verified, rows appended as instances finish; `out` defaults to results/<name>).
/// `progress(snapshot)` is called about twice a second while rows come in, with a dict: `done`,
/// `total`, the counts by outcome, `disagreements` and new `notes`. Ctrl-C stops the run cleanly
/// (what finished is kept; resume with `resume=True`) and raises KeyboardInterrupt. Returns a
/// dict: `rows`, the counts, `problems` (disagreements) and `out`.
#[pyfunction]
#[pyo3(signature = (config, out = None, *, jobs = None, resume = false, force = false, shard = None, progress = None))]
#[allow(clippy::too_many_arguments)]
pub fn run(
    py: Python<'_>,
    config: PathBuf,
    out: Option<PathBuf>,
    jobs: Option<i128>,
    resume: bool,
    force: bool,
    shard: Option<&str>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let jobs: Option<usize> = crate::convert::count_opt("jobs", jobs)?;
    if let Some(p) = progress.as_ref().filter(|p| !p.is_callable()) {
        let what = p.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "progress: expected a function called with a dict of counts, not a {what}"
        )));
    }
    let loaded = Config::load(&config).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let shard =
        shard.map(|s| s.parse::<Shard>().map_err(|e| PyValueError::new_err(format!("shard: {e}")))).transpose()?;
    if let Some(shard) = shard {
        shard
            .check(&loaded, &config.display().to_string())
            .map_err(|e| PyValueError::new_err(format!("shard {shard}: {e}")))?;
    }
    let jobs = jobs.or(loaded.jobs).unwrap_or_else(sudoku_lab::experiment::meta::available_cores);
    if jobs == 0 {
        return Err(PyValueError::new_err("jobs must be 1 or more"));
    }
    loaded
        .check_threads(jobs.min(sudoku_lab::experiment::meta::available_cores()))
        .map_err(|e| PyValueError::new_err(format!("{}: {e}", config.display())))?;
    let out = out.unwrap_or_else(|| PathBuf::from("results").join(&loaded.name));
    let exe = sudoku_lab::solve::portfolio::worker_exe().map_err(PyRuntimeError::new_err)?;
    let stop = Arc::new(AtomicUsize::new(0));
    let watch: Watch = Arc::new(Mutex::new(Snapshot::default()));
    let options = RunOptions {
        out: out.clone(),
        jobs,
        shard,
        resume,
        force,
        exe,
        stop: Some(Arc::clone(&stop)),
        watch: Some(Arc::clone(&watch)),
        banner: None,
    };
    let (mut shown, mut last) = (None::<Snapshot>, Instant::now());
    let mut tick = |py: Python<'_>, last_call: bool| -> PyResult<()> {
        let Some(callback) = &progress else { return Ok(()) };
        if !last_call && last.elapsed() < PROGRESS_EVERY {
            return Ok(());
        }
        last = Instant::now();
        let now = watch.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        if shown.as_ref() == Some(&now) {
            return Ok(());
        }
        let seen = shown.as_ref().map_or(0, |s| s.notes.len());
        let d = PyDict::new(py);
        d.set_item("done", now.done)?;
        d.set_item("total", now.total)?;
        set_counts(&d, &now.counts)?;
        d.set_item("notes", now.notes[seen.min(now.notes.len())..].to_vec())?;
        callback.call1((d,))?;
        shown = Some(now);
        Ok(())
    };
    let (ran, raised) = interruptible(
        py,
        || experiment::run(&loaded, &options),
        || stop.store(SIGINT, Ordering::SeqCst),
        |py| tick(py, false),
    )?;
    let summary = match (ran, raised) {
        // Ctrl-C: the runner stopped cleanly and says what is kept and how to resume.
        (Err(e @ ExperimentError::Interrupted { .. }), raised)
            if raised.as_ref().is_none_or(|err| err.is_instance_of::<PyKeyboardInterrupt>(py)) =>
        {
            return Err(PyKeyboardInterrupt::new_err(e.to_string().replace("CONFIG", &config.display().to_string())))
        }
        // The progress callback raised: the run was stopped for it.
        (_, Some(err)) => return Err(err),
        (ran, None) => {
            tick(py, true)?;
            ran.map_err(experiment_error)?
        }
    };
    let result = PyDict::new(py);
    result.set_item("rows", summary.rows)?;
    set_counts(&result, &summary.counts)?;
    result.set_item("problems", serde_to_py(py, &summary.problems)?)?;
    result.set_item("out", out.display().to_string())?;
    Ok(result.into_any().unbind())
}

/// Puts the rows by outcome and the disagreements into `dict`, one key each.
fn set_counts(dict: &Bound<'_, PyDict>, counts: &Counts) -> PyResult<()> {
    for (k, v) in [
        ("solved", counts.solved),
        ("infeasible", counts.infeasible),
        ("limit", counts.limit),
        ("memory", counts.memory),
        ("error", counts.error),
        ("disagreements", counts.disagreements),
    ] {
        dict.set_item(k, v)?;
    }
    Ok(())
}

/// `FileNotFoundError` when `folder` is not there (or is no folder).
fn results_folder(folder: &std::path::Path) -> PyResult<()> {
    if folder.is_dir() {
        return Ok(());
    }
    let why = if folder.exists() { "is not a folder" } else { "does not exist" };
    Err(pyo3::exceptions::PyFileNotFoundError::new_err(format!("{}: the results folder {why}", folder.display())))
}

/// Writes `<folder>/REPORT.md`, as `sudoku-lab report`; returns its path.
#[pyfunction]
pub fn report(py: Python<'_>, folder: PathBuf) -> PyResult<String> {
    results_folder(&folder)?;
    py.detach(|| sudoku_lab::report::write_report(&folder))
        .map(|p| p.display().to_string())
        .map_err(crate::convert::input_error)
}

/// Draws the figures of a results folder (SVG and PNG), as `sudoku-lab plot`; returns their paths.
#[pyfunction]
pub fn plot(py: Python<'_>, folder: PathBuf) -> PyResult<Vec<String>> {
    results_folder(&folder)?;
    py.detach(|| sudoku_lab::plot::plot_results(&folder))
        .map(|files| files.iter().map(|p| p.display().to_string()).collect())
        .map_err(crate::convert::input_error)
}

/// The `sudoku-lab` command line (the package's console script): runs `argv` (program name
/// first) and ends the process with the command's exit code.
#[pyfunction]
pub fn cli_main(py: Python<'_>, argv: Vec<std::ffi::OsString>) -> PyResult<()> {
    let code = py.detach(|| sudoku_lab::cli::main(argv));
    // ExitCode keeps its number to itself; it compares equal to the one made from it.
    let number = (0..=u8::MAX).find(|&k| std::process::ExitCode::from(k) == code).unwrap_or(1);
    std::process::exit(i32::from(number))
}
