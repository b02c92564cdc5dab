//! Conversions between Python values and the library's: box shapes, JSON values, errors.

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use sudoku_lab::grid::Shape;

/// A box shape from `"3x3"`, `(3, 3)` or a side `9` (its usual boxes).
pub fn shape_of(value: &Bound<'_, PyAny>) -> PyResult<Shape> {
    let shape = if let Ok(text) = value.extract::<String>() {
        text.parse::<Shape>().map_err(|e| e.to_string())
    } else if let Ok((rows, cols)) = value.extract::<(usize, usize)>() {
        Shape::new(rows, cols).map_err(|e| e.to_string())
    } else if let Ok(n) = value.extract::<usize>() {
        Shape::for_size(n).map_err(|e| e.to_string())
    } else {
        Err(format!("box: expected \"RxC\" (e.g. \"2x3\"), a pair (R, C) or a side N, not {value}"))
    };
    shape.map_err(PyValueError::new_err)
}

/// An optional box shape.
pub fn shape_opt(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Shape>> {
    value.filter(|v| !v.is_none()).map(shape_of).transpose()
}

/// A count, size or seed given as a Python int (read as `i128`, so that a negative one is seen
/// for what it is): `ValueError` naming the parameter when it is negative or too large for `T`.
pub fn count<T: TryFrom<i128>>(name: &str, value: i128) -> PyResult<T> {
    if value < 0 {
        return Err(PyValueError::new_err(format!("{name}: {value} is negative; give 0 or more")));
    }
    T::try_from(value).map_err(|_| PyValueError::new_err(format!("{name}: {value} is too large")))
}

/// An optional [`count`].
pub fn count_opt<T: TryFrom<i128>>(name: &str, value: Option<i128>) -> PyResult<Option<T>> {
    value.map(|v| count(name, v)).transpose()
}

/// A message of the library in the words of the Python API: the command line's flags
/// (`--highs-option`, `--time-limit`, `--reduce`) become the keyword arguments that set the same
/// thing (`highs_options`, `time_limit`, `reduce`).
pub fn python_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after.find(|c: char| !(c.is_ascii_lowercase() || c == '-')).unwrap_or(after.len());
        let flag = &after[..end];
        if flag.is_empty() || !after.starts_with(|c: char| c.is_ascii_lowercase()) {
            out.push_str("--");
        } else if flag == "highs-option" {
            out.push_str("highs_options");
        } else if matches!(flag, "resume" | "force") {
            // "pass --resume to continue them": the keyword argument that says so.
            out.push_str(&format!("{flag}=True"));
        } else {
            out.push_str(&flag.replace('-', "_"));
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// A JSON value as the Python value `json.loads` would give.
pub fn to_py(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any().unbind(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any().unbind(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any().unbind(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// Anything serializable as the Python value of its JSON.
pub fn serde_to_py(py: Python<'_>, value: &impl serde::Serialize) -> PyResult<Py<PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_py(py, &json)
}

/// A library error whose text the CLI prints, as `ValueError` (bad input) or `OSError` (the
/// file system), its flags named as the Python keywords ([`python_words`]).
pub fn input_error(err: anyhow::Error) -> PyErr {
    let text = python_words(&sudoku_lab::cli::error_text(&err));
    if err.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some()) {
        PyOSError::new_err(text)
    } else {
        PyValueError::new_err(text)
    }
}
