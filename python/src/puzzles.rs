//! Instances and puzzles: `generate` (the command line's `generate` and `puzzle`),
//! `count_solutions`, `rate`, `analyze` (the command line's `analyze --json`), `isomorphs` (the
//! command line's `isomorphs`) and the constraint graph's edges.

use std::time::{Duration, Instant};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use sudoku_lab::certificates::Checker;
use sudoku_lab::generate::{planted, random_fill, rng_from_seed, Isomorph};
use sudoku_lab::graph::ConstraintGraph;
use sudoku_lab::logic::{Logic, Rating};
use sudoku_lab::puzzle::certify::Certifier;
use sudoku_lab::puzzle::{analyze as analyze_puzzle, certify_analysis, Generator, PuzzleSpec};
use sudoku_lab::solve::{self, Limits, Outcome, SolverKind, SolverOptions};

use crate::convert::{count, shape_of, to_py};
use crate::grid::Grid;
use crate::solving::limits_of;
use crate::wait::interruptible;

/// `copies` random isomorphs of `grid` (digits relabelled; rows, columns, bands and stacks
/// permuted; transposed half of the time for square boxes), isomorph i drawn from the stream
/// seeded by seed + i, as `sudoku-lab isomorphs` draws a one-puzzle file's.
#[pyfunction]
#[pyo3(signature = (grid, copies = 1, seed = 0))]
pub fn isomorphs(grid: &Grid, copies: i128, seed: i128) -> PyResult<Vec<Grid>> {
    let (copies, seed): (u64, u64) = (count("copies", copies)?, count("seed", seed)?);
    let shape = grid.grid.shape();
    Ok((0..copies)
        .map(|i| Grid::new(Isomorph::random(shape, &mut rng_from_seed(seed.wrapping_add(i))).apply(&grid.grid)))
        .collect())
}

/// An instance, as `sudoku-lab generate` (modes `random`, the origin study's fill, which may have
/// no solution, and `planted`, always solvable) or `sudoku-lab puzzle` (mode `unique`, with a
/// `difficulty`: easy, medium, hard or expert) makes it from the same seed.
#[pyfunction]
#[pyo3(signature = (r#box, alpha = 0.0, mode = "planted", seed = 0, *, difficulty = None, time_limit = 10.0))]
pub fn generate(
    py: Python<'_>,
    r#box: &Bound<'_, PyAny>,
    alpha: f64,
    mode: &str,
    seed: i128,
    difficulty: Option<&str>,
    time_limit: f64,
) -> PyResult<Grid> {
    let seed: u64 = count("seed", seed)?;
    let shape = shape_of(r#box)?;
    if mode == "unique" {
        let Some(name) = difficulty else {
            return Err(PyValueError::new_err("mode \"unique\" needs a difficulty: easy, medium, hard or expert"));
        };
        let rating = Rating::ALL.into_iter().find(|r| r.name() == name).ok_or_else(|| {
            PyValueError::new_err(format!("difficulty: expected easy, medium, hard or expert, not {name:?}"))
        })?;
        let budget = limits_of(Some(time_limit))?.time.unwrap_or(Duration::ZERO);
        let spec = PuzzleSpec::new(rating);
        let made = py.detach(|| Generator::new(shape).generate(&spec, &mut rng_from_seed(seed), budget));
        return made
            .map(|g| Grid::new(g.puzzle))
            .map_err(|e| PyRuntimeError::new_err(format!("puzzle (seed {seed}): {e}")));
    }
    if difficulty.is_some() {
        return Err(PyValueError::new_err("difficulty applies to mode \"unique\" only"));
    }
    if !(0.0..=1.0).contains(&alpha) {
        return Err(PyValueError::new_err(format!("alpha {alpha} is outside [0, 1]")));
    }
    let mut rng = rng_from_seed(seed);
    match mode {
        "random" => Ok(Grid::new(random_fill(shape, alpha, &mut rng))),
        "planted" => Ok(Grid::new(planted(shape, alpha, &mut rng).puzzle)),
        _ => Err(PyValueError::new_err(format!("mode: expected random, planted or unique, not {mode:?}"))),
    }
}

/// The number of solutions, counted by the `backtrack` search up to `max_solutions`, and whether
/// the count is exact: (count, True) when the search finished; (max_solutions, False) when there
/// are more; (found so far, False) when `time_limit` passed. The count never exceeds
/// `max_solutions`. Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (grid, max_solutions = 1000, *, time_limit = None))]
pub fn count_solutions(
    py: Python<'_>,
    grid: PyRef<'_, Grid>,
    max_solutions: i128,
    time_limit: Option<f64>,
) -> PyResult<(u64, bool)> {
    let max_solutions = positive_max(max_solutions)?;
    let limits = Limits { max_solutions: max_solutions.saturating_add(1), ..limits_of(time_limit)? };
    let puzzle = grid.grid.clone();
    let work = || {
        let mut solver = SolverKind::Backtrack.build(&SolverOptions::default());
        solve::solve(solver.as_mut(), &puzzle, &limits)
    };
    let ran = interruptible(py, work, solve::cancel::request, |_| Ok(()));
    solve::cancel::clear();
    let (report, raised) = ran?;
    if let Some(err) = raised {
        return Err(err);
    }
    let report = report.map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let found = report.stats.solutions.unwrap_or(u64::from(matches!(report.outcome, Outcome::Solved(_))));
    let exact = report.outcome != Outcome::LimitReached && found <= max_solutions;
    Ok((found.min(max_solutions), exact))
}

/// `max_solutions` of `count_solutions` and `analyze`: 1 or more.
fn positive_max(max_solutions: i128) -> PyResult<u64> {
    match count::<u64>("max_solutions", max_solutions)? {
        0 => Err(PyValueError::new_err("max_solutions must be 1 or more")),
        n => Ok(n),
    }
}

/// The logic rating: the hardest technique a human solver needs (`easy`: singles, `medium`:
/// locked candidates, `hard`: pairs, triples, X-wing, `expert`: more) and how often each
/// technique was applied. Meaningful for puzzles with one solution: a full grid (nothing to rate)
/// and an empty one (every solution at once) raise ValueError saying so.
#[pyfunction]
pub fn rate(grid: PyRef<'_, Grid>) -> PyResult<(String, Vec<(String, u32)>)> {
    let cells = grid.grid.cells().len();
    match grid.grid.givens() {
        0 => {
            return Err(PyValueError::new_err(
                "rate: the grid is empty; a rating is meaningful for a puzzle with one solution",
            ))
        }
        g if g == cells => return Err(PyValueError::new_err("rate: the grid is full; there is nothing left to rate")),
        _ => {}
    }
    let (rating, techniques) = Logic::new(grid.grid.shape()).rate(&grid.grid);
    let used = techniques.used().map(|(t, k)| (t.name().to_string(), k)).collect();
    Ok((rating.name().to_string(), used))
}

/// What `sudoku-lab analyze --json` says of the puzzle, as a dict: givens, conflicts, solutions
/// (exact up to `max_solutions`), determined cells, rating, symmetry, and with `certify` (the
/// default, as on the command line) the certificate of its claims without a witness ("no
/// solution", "unique", the determined cells), judged by the proof checker `rate`. Runs without
/// the GIL but is not stopped by Ctrl-C: give a `time_limit` for large grids.
#[pyfunction]
#[pyo3(signature = (grid, max_solutions = 2, *, time_limit = None, certify = true))]
pub fn analyze(
    py: Python<'_>,
    grid: PyRef<'_, Grid>,
    max_solutions: i128,
    time_limit: Option<f64>,
    certify: bool,
) -> PyResult<Py<PyAny>> {
    let max_solutions = positive_max(max_solutions)?;
    let limits = limits_of(time_limit)?;
    let certifier = match certify {
        false => None,
        true => {
            let checker = Checker::find().ok_or_else(|| {
                PyRuntimeError::new_err(format!(
                    "certify=True needs the proof checker `rate`, which was not found: {}; or pass certify=False",
                    sudoku_lab::certificates::INSTALL_HINT
                ))
            })?;
            Some(Certifier::new(checker, limits.time.unwrap_or(Duration::from_secs(300))))
        }
    };
    let puzzle = grid.grid.clone();
    let analysis = py
        .detach(|| {
            let mut a = analyze_puzzle(&puzzle, max_solutions, limits.time.map(|t| Instant::now() + t))?;
            if let Some(c) = &certifier {
                certify_analysis(&puzzle, &mut a, c)?;
            }
            Ok::<_, sudoku_lab::solve::SolveError>(a)
        })
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let line = sudoku_lab::cli::json_line(0, 1, &analysis);
    let mut value: serde_json::Value =
        serde_json::from_str(&line).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    if let Some(map) = value.as_object_mut() {
        map.remove("puzzle");
        map.remove("line");
    }
    to_py(py, &value)
}

/// The constraint graph of a box shape: its N² nodes (cells in reading order), each as (row,
/// column, box), 0-based, and its edges (pairs of cells sharing a row, column or box), each
/// (u, v) with u < v.
#[pyfunction]
#[pyo3(signature = (r#box))]
#[allow(clippy::type_complexity)]
pub fn graph_edges(r#box: &Bound<'_, PyAny>) -> PyResult<(Vec<(usize, usize, usize)>, Vec<(usize, usize)>)> {
    let graph = ConstraintGraph::new(shape_of(r#box)?);
    let shape = graph.shape();
    let nodes = (0..shape.cells()).map(|c| (shape.row_of(c), shape.col_of(c), shape.box_of(c))).collect();
    Ok((nodes, graph.edges().collect()))
}
