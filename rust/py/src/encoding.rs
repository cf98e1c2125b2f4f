//! Summer Pavilion's network encoding for Python (one home:
//! `pavilion_summer::encoding`): its constants, every action id's move
//! features, and observations turned into position features, as numpy arrays.

use pavilion_summer::encoding::{
    action_features as features_of_actions, observation_features, ENCODING_VERSION, MOVE_FEATURES, POSITION_FEATURES,
};
use pavilion_summer::observation::OBSERVATION_LEN;
use pavilion_summer::Side;
use pyo3::prelude::*;

use crate::arrays::matrix;
use crate::errors::{to_py, OptionsError};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ENCODING_VERSION", ENCODING_VERSION)?;
    m.add("POSITION_FEATURES", POSITION_FEATURES)?;
    m.add("MOVE_FEATURES", MOVE_FEATURES)?;
    m.add_function(wrap_pyfunction!(action_features, m)?)?;
    m.add_function(wrap_pyfunction!(encode_observations, m)?)?;
    Ok(())
}

/// Every action id's move features: float32[NUM_ACTIONS, MOVE_FEATURES] (zeros for an id naming no move).
#[pyfunction]
fn action_features(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    matrix(py, &features_of_actions(), MOVE_FEATURES)
}

/// Observations (`Game.observation`, rows of OBSERVATION_LEN) of games on
/// `side` as the network's position features: float32[N, POSITION_FEATURES]
/// (each observation scaled, then its boards' prospects).
#[pyfunction]
#[pyo3(signature = (observations, side="coloured"))]
fn encode_observations<'py>(
    py: Python<'py>,
    observations: &Bound<'py, PyAny>,
    side: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let side: Side = side.parse().map_err(to_py)?;
    let numpy =
        py.import("numpy").map_err(|_| OptionsError::new_err("arrays need numpy: pip install 'pavilion[rl]'"))?;
    let rows = numpy.call_method1("ascontiguousarray", (observations, "<f4"))?;
    let shape: Vec<usize> = rows.getattr("shape")?.extract()?;
    if shape.len() != 2 || shape[1] != OBSERVATION_LEN {
        return Err(OptionsError::new_err(format!(
            "observations must be an array of shape (N, {OBSERVATION_LEN}), not {shape:?}"
        )));
    }
    let bytes: Vec<u8> = rows.call_method0("tobytes")?.extract()?;
    let values: Vec<f32> = bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    let features = py.detach(|| {
        let mut out = Vec::with_capacity(shape[0] * POSITION_FEATURES);
        for row in values.chunks_exact(OBSERVATION_LEN) {
            observation_features(row, side, &mut out);
        }
        out
    });
    matrix(py, &features, POSITION_FEATURES)
}
