//! Numbers from Python, checked once: a value of the wrong type is a
//! `TypeError`, a value out of range an `OptionsError` naming the range —
//! never an `OverflowError` or a silently wrapped value.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat};
use pyo3::Borrowed;

use crate::errors::OptionsError;

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into())
}

/// A Python int of any size: exact within i64/u64, saturated beyond (every accepted range lies inside).
#[derive(Clone, Copy, Debug)]
pub struct Int(pub i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let not_an_int = || PyTypeError::new_err(format!("expected an int, not {}", type_name(&obj.to_owned())));
        // i64 first: the fast path for every real argument (action ids in a training loop),
        // and through __index__ it takes numpy integers too.
        if let Ok(v) = obj.extract::<i64>() {
            return if obj.is_instance_of::<PyBool>() { Err(not_an_int()) } else { Ok(Int(i128::from(v))) };
        }
        if let Ok(v) = obj.extract::<u64>() {
            return Ok(Int(i128::from(v)));
        }
        // Beyond u64 (or not an int at all): only the sign matters.
        let index = obj.call_method0("__index__").map_err(|_| not_an_int())?;
        Ok(Int(if index.lt(0).unwrap_or(false) { i128::MIN } else { i128::MAX }))
    }
}

impl Int {
    /// The value if it lies in `min..=max`, else an `OptionsError` naming the range.
    pub fn within(self, name: &str, min: i64, max: u64) -> PyResult<u64> {
        if self.0 >= i128::from(min) && self.0 <= i128::from(max) {
            Ok(self.0 as u64)
        } else if self.0 == i128::MIN || self.0 == i128::MAX {
            Err(OptionsError::new_err(format!("{name} must be from {min} to {max}, not a number that large")))
        } else {
            Err(OptionsError::new_err(format!("{name} must be from {min} to {max}, not {}", self.0)))
        }
    }
}

/// A Python int or float as a float (huge ints become infinite, and so out of any range).
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f64);

impl<'a, 'py> FromPyObject<'a, 'py> for Num {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyFloat>() {
            return Ok(Num(obj.extract::<f64>()?));
        }
        let Int(i) = obj
            .extract::<Int>()
            .map_err(|_| PyTypeError::new_err(format!("expected a number, not {}", type_name(&obj.to_owned()))))?;
        Ok(Num(match i {
            i128::MIN => f64::NEG_INFINITY,
            i128::MAX => f64::INFINITY,
            i => i as f64,
        }))
    }
}

impl Num {
    /// The value if it is finite and in `min..=max`, else an `OptionsError` naming the range.
    pub fn within(self, name: &str, min: f64, max: f64) -> PyResult<f64> {
        if self.0.is_finite() && (min..=max).contains(&self.0) {
            Ok(self.0)
        } else {
            let v = self.0;
            let shown = if v.is_finite() && v.abs() < 1e9 { v.to_string() } else { format!("{v:e}") };
            Err(OptionsError::new_err(format!("{name} must be from {min} to {max}, not {shown}")))
        }
    }
}

/// Game numbers of a series (`play_matches`, `selfplay`), each checked.
pub fn game_indices(indices: &[Int]) -> PyResult<Vec<u64>> {
    indices.iter().map(|i| i.within("game index", 0, u64::MAX)).collect()
}
