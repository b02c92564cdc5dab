//! `sudoku_lab._native`: the sudoku-lab harness as a Python extension module (PyO3). Every
//! function here calls the Rust library; the Python package around it (`python/sudoku_lab/`) only
//! converts to pandas and networkx. The typed API is in `sudoku_lab/_native.pyi`.

mod convert;
mod experiments;
mod grid;
mod puzzles;
mod solving;
mod wait;

use pyo3::prelude::*;

pyo3::create_exception!(
    sudoku_lab,
    SolverError,
    pyo3::exceptions::PyRuntimeError,
    "A solver answered a grid the verifier rejects (raised by solve; solve_many reports it as outcome 'error')."
);

/// The module: classes, functions and the exception.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SolverError", m.py().get_type::<SolverError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<grid::Grid>()?;
    m.add_class::<solving::SolveResult>()?;
    m.add_function(wrap_pyfunction!(grid::read, m)?)?;
    m.add_function(wrap_pyfunction!(solving::solvers, m)?)?;
    m.add_function(wrap_pyfunction!(solving::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solving::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::generate, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::rate, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::graph_edges, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::isomorphs, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::run, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::report, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::plot, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::runs_columns, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::read_runs, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::cli_main, m)?)?;
    Ok(())
}
