//! `Grid`: a puzzle or a solution, from and to text, lists and numpy arrays, with the verifier.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use sudoku_lab::format::{self, Format};
use sudoku_lab::grid::{Grid as RustGrid, Shape};
use sudoku_lab::verify;

use crate::convert::shape_opt;

/// A grid of side N = r·c with boxes of r×c cells; 0 is an empty cell. Immutable.
#[pyclass(module = "sudoku_lab", name = "Grid", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    /// The library's grid.
    pub grid: RustGrid,
}

impl Grid {
    /// Wraps a library grid.
    pub fn new(grid: RustGrid) -> Grid {
        Grid { grid }
    }
}

/// Parses every puzzle of `text` (`source` names it in errors).
fn parse_all(text: &str, source: &str, shape: Option<Shape>) -> PyResult<Vec<format::Entry>> {
    format::parse(text, source, None, shape).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The format a name asks for.
fn format_named(name: &str) -> PyResult<Format> {
    match name {
        "line" => Ok(Format::Line),
        "grid" => Ok(Format::Grid),
        "pretty" => Ok(Format::Pretty),
        "json" => Ok(Format::Json),
        _ => Err(PyValueError::new_err(format!("format: expected line, grid, pretty or json, not {name:?}"))),
    }
}

#[pymethods]
impl Grid {
    /// Parses one puzzle from text: an 81-character line (`.` or `0` for empty), a whitespace
    /// matrix, a pretty grid or JSON, as the command line reads them; `box` for non-default shapes.
    #[new]
    #[pyo3(signature = (text, r#box = None))]
    fn py_new(text: &str, r#box: Option<&Bound<'_, PyAny>>) -> PyResult<Grid> {
        let mut entries = parse_all(text, "text", shape_opt(r#box)?)?;
        match entries.len() {
            1 => Ok(Grid::new(entries.remove(0).puzzle)),
            0 => Err(PyValueError::new_err("text: no puzzle in it")),
            k => Err(PyValueError::new_err(format!("text: {k} puzzles in it; read several with sudoku_lab.read"))),
        }
    }

    /// A grid from N rows of N digits (a list of lists or a 2-D numpy array; 0 = empty).
    #[staticmethod]
    #[pyo3(signature = (rows, r#box = None))]
    fn from_array(rows: &Bound<'_, PyAny>, r#box: Option<&Bound<'_, PyAny>>) -> PyResult<Grid> {
        let rows = if rows.hasattr("tolist")? { rows.call_method0("tolist")? } else { rows.clone() };
        let rows: Vec<Vec<i64>> = rows.extract().map_err(|_| {
            PyValueError::new_err("rows: expected N rows of N integers (a list of lists or a 2-D array)")
        })?;
        let n = rows.len();
        if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(PyValueError::new_err(format!(
                "rows: row {} has {} values; expected {n} (a square grid)",
                i + 1,
                row.len()
            )));
        }
        let shape = match shape_opt(r#box)? {
            Some(shape) if shape.n() != n => {
                return Err(PyValueError::new_err(format!("box {shape} is for {0}×{0} grids, not {n}×{n}", shape.n())))
            }
            Some(shape) => shape,
            None => Shape::for_size(n).map_err(|e| PyValueError::new_err(e.to_string()))?,
        };
        let mut cells = Vec::with_capacity(n * n);
        for (r, row) in rows.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                match u8::try_from(v) {
                    Ok(d) if usize::from(d) <= n => cells.push(d),
                    _ => {
                        return Err(PyValueError::new_err(format!(
                            "rows: {v} at row {}, column {} is not a digit of a {n}×{n} grid (0 to {n})",
                            r + 1,
                            c + 1
                        )))
                    }
                }
            }
        }
        RustGrid::from_cells(shape, cells).map(Grid::new).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// An empty grid of this box shape.
    #[staticmethod]
    #[pyo3(signature = (r#box))]
    fn empty(r#box: &Bound<'_, PyAny>) -> PyResult<Grid> {
        Ok(Grid::new(RustGrid::empty(crate::convert::shape_of(r#box)?)))
    }

    /// The text in a format: `line` (one line, `.` for empty), `grid`, `pretty` or `json`;
    /// non-default box shapes carry a `# box=RxC` line, as the command line writes them.
    #[pyo3(signature = (format = "line"))]
    fn to_text(&self, format: &str) -> PyResult<String> {
        Ok(format::write_entry(format_named(format)?, &self.grid, None))
    }

    /// The rows as a list of lists of ints.
    fn to_list(&self) -> Vec<Vec<u32>> {
        // u32, not u8: PyO3 turns a Vec<u8> into bytes.
        self.grid.cells().chunks(self.grid.n()).map(|row| row.iter().map(|&d| u32::from(d)).collect()).collect()
    }

    /// The rows as an N×N numpy array of uint8 (needs numpy).
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numpy = py.import("numpy")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", numpy.getattr("uint8")?)?;
        numpy.call_method("array", (self.to_list(),), Some(&kwargs))
    }

    /// Side N.
    #[getter]
    fn n(&self) -> usize {
        self.grid.n()
    }

    /// Box shape (rows, columns).
    #[getter]
    fn r#box(&self) -> (usize, usize) {
        (self.grid.shape().box_rows(), self.grid.shape().box_cols())
    }

    /// The family and size in words: "Latin square of order 33" (1×N boxes: the rows are the
    /// boxes, so only rows and columns constrain it) or "Sudoku 9×9 (3x3 boxes)".
    #[getter]
    fn family(&self) -> String {
        self.grid.shape().family()
    }

    /// Cells in reading order (0 = empty).
    #[getter]
    fn cells(&self) -> Vec<u32> {
        self.grid.cells().iter().map(|&d| u32::from(d)).collect()
    }

    /// Number of filled cells.
    #[getter]
    fn givens(&self) -> usize {
        self.grid.givens()
    }

    /// Share of cells filled.
    #[getter]
    fn fill_fraction(&self) -> f64 {
        self.grid.fill_fraction()
    }

    /// True when no cell is empty.
    #[getter]
    fn is_full(&self) -> bool {
        self.grid.is_full()
    }

    /// The digit at (row, column), 0-based (0 = empty).
    fn __getitem__(&self, at: (usize, usize)) -> PyResult<u8> {
        let n = self.grid.n();
        if at.0 >= n || at.1 >= n {
            return Err(PyIndexError::new_err(format!("({}, {}) is outside a {n}×{n} grid", at.0, at.1)));
        }
        Ok(self.grid.get(self.grid.shape().cell(at.0, at.1)))
    }

    /// N (rows).
    fn __len__(&self) -> usize {
        self.grid.n()
    }

    /// The repeated digits: one dict per house where a digit repeats (`house`, `digit`, `cells`
    /// as (row, column) pairs, 0-based, and `message`, the command line's words).
    fn conflicts<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let n = self.grid.n();
        verify::conflicts(&self.grid)
            .into_iter()
            .map(|c| {
                let d = PyDict::new(py);
                d.set_item("house", c.house.to_string())?;
                d.set_item("digit", c.digit)?;
                d.set_item("cells", c.cells.iter().map(|&x| (x / n, x % n)).collect::<Vec<_>>())?;
                d.set_item("message", c.to_string())?;
                Ok(d)
            })
            .collect()
    }

    /// With a puzzle: True when this grid is a solution of it (full, no conflict, the givens
    /// kept). Without: True when this grid is full and has no conflict.
    #[pyo3(signature = (puzzle = None))]
    fn verify(&self, puzzle: Option<PyRef<'_, Grid>>) -> bool {
        match puzzle {
            Some(p) => verify::is_solution_of(&p.grid, &self.grid),
            None => verify::is_solution_of(&RustGrid::empty(self.grid.shape()), &self.grid),
        }
    }

    /// Why this grid is not a solution of `puzzle`, one sentence per fault (empty when it is).
    fn faults(&self, puzzle: PyRef<'_, Grid>) -> Vec<String> {
        verify::solution_faults(&puzzle.grid, &self.grid).iter().map(ToString::to_string).collect()
    }

    /// Pickling: the grid's line and its box shape.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let grid = &slf.get().grid;
        let line = format::to_line(grid);
        Ok((slf.get_type().into_any(), (line, grid.shape().to_string())))
    }

    fn __str__(&self) -> String {
        format::write_entry(Format::Pretty, &self.grid, None)
    }

    fn __repr__(&self) -> String {
        let line = sudoku_lab::format::to_line(&self.grid);
        let shape = self.grid.shape();
        if Shape::for_size(shape.n()).is_ok_and(|s| s == shape) {
            format!("Grid({line:?})")
        } else {
            format!("Grid({line:?}, box=\"{shape}\")")
        }
    }
}

/// Every puzzle of a file (or `-` for stdin), in any format the command line reads; errors name
/// the file, line and column.
#[pyfunction]
#[pyo3(signature = (path, r#box = None))]
pub fn read(path: std::path::PathBuf, r#box: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Grid>> {
    let path = path.to_str().ok_or_else(|| PyValueError::new_err(format!("{}: not a UTF-8 path", path.display())))?;
    let entries = format::read_puzzles(path, None, shape_opt(r#box)?).map_err(|e| {
        if matches!(e.kind, format::ParseErrorKind::Io(_)) {
            pyo3::exceptions::PyOSError::new_err(e.to_string())
        } else {
            PyValueError::new_err(e.to_string())
        }
    })?;
    Ok(entries.into_iter().map(|e| Grid::new(e.puzzle)).collect())
}
