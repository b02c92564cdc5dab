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
/// file system), with the CLI's words.
pub fn input_error(err: anyhow::Error) -> PyErr {
    let text = sudoku_lab::cli::error_text(&err);
    if err.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some()) {
        PyOSError::new_err(text)
    } else {
        PyValueError::new_err(text)
    }
}
