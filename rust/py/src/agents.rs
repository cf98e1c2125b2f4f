//! `pavilion.Agent`: the built-in players, chosen by name.

use pavilion_engine::agents::{Agent, GreedyAgent, RandomAgent};
use pyo3::prelude::*;

use crate::errors::OptionsError;
use crate::game::PyGame;
use crate::moves::PyMove;

#[pyclass(name = "Agent", module = "pavilion")]
pub struct PyAgent {
    spec: String,
    seed: u64,
    inner: Box<dyn Agent + Send + Sync>,
}

#[pymethods]
impl PyAgent {
    /// `spec`: "random" or "greedy". `seed` fixes its choices among equals.
    #[new]
    #[pyo3(signature = (spec, seed=None))]
    fn new(spec: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = seed.map(crate::game::seed_arg).transpose()?.unwrap_or(0);
        let inner: Box<dyn Agent + Send + Sync> = match spec.trim() {
            "random" => Box::new(RandomAgent::new(seed)),
            "greedy" => Box::new(GreedyAgent::new(seed)),
            other => return Err(OptionsError::new_err(format!("unknown agent '{other}': choose random or greedy"))),
        };
        Ok(PyAgent { spec: spec.trim().to_string(), seed, inner })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.spec
    }

    /// The agent's move for the player to move; None once the game is over.
    fn choose(&mut self, py: Python<'_>, game: &PyGame) -> Option<PyMove> {
        let g = game.inner;
        let agent = &mut self.inner;
        py.detach(|| agent.choose(&g)).map(|inner| PyMove { inner })
    }

    fn __repr__(&self) -> String {
        format!("Agent('{}', seed={})", self.spec, self.seed)
    }
}
