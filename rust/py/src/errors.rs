//! Core error enum → Python exception classes, one to one. All are `ValueError`s.

use pavilion_summer::Error;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(pavilion, IllegalMoveError, PyValueError, "A well-formed move the rules do not allow now.");
create_exception!(pavilion, NotationError, PyValueError, "Move text or a position file that cannot be read.");
create_exception!(pavilion, OptionsError, PyValueError, "Game options out of range (players, side, wild order).");

pub fn to_py(e: Error) -> PyErr {
    match e {
        Error::IllegalMove(_) => IllegalMoveError::new_err(e.to_string()),
        Error::Notation(_) => NotationError::new_err(e.to_string()),
        Error::InvalidOptions(_) => OptionsError::new_err(e.to_string()),
    }
}
