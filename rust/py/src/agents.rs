//! `pavilion.Agent`: the built-in players, chosen by name.

use pavilion_engine::agents::Agent;
use pavilion_engine::arena::agent_from_spec;
use pyo3::prelude::*;

use crate::errors::to_py;
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
    /// `spec`: "random", "greedy" or "mcts" with options, e.g.
    /// "mcts:iterations=2000,threads=2" or "mcts:time=1.0". `seed` fixes its choices.
    #[new]
    #[pyo3(signature = (spec, seed=None))]
    fn new(spec: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = seed.map(crate::game::seed_arg).transpose()?.unwrap_or(0);
        let inner = agent_from_spec(spec, seed).map_err(to_py)?;
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
