//! `pavilion.Agent`: the built-in players, chosen by spec.

use pavilion_summer::agents::{agent_from_spec, agent_spec_summary, OptionRange, AGENT_NAMES, MCTS_OPTIONS};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::to_py;
use crate::game::PyGame;
use crate::moves::PyMove;

#[pyclass(name = "Agent", module = "pavilion")]
pub struct PyAgent {
    spec: String,
    seed: u64,
    inner: pavilion_summer::agents::BoxedAgent,
}

#[pymethods]
impl PyAgent {
    /// `spec`: "random", "greedy" or "mcts" with options, e.g.
    /// "mcts:iterations=2000,threads=2" or "mcts:time=1.0". `seed` fixes its choices.
    #[new]
    #[pyo3(signature = (spec, seed=None))]
    fn new(spec: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = seed.filter(|s| !s.is_none()).map(crate::game::seed_arg).transpose()?.unwrap_or(0);
        let inner = agent_from_spec(spec, seed).map_err(to_py)?;
        Ok(PyAgent { spec: spec.trim().to_string(), seed, inner })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.spec
    }

    /// The player counts the shipped network (`mcts:net=default`, `--level master`) learned for.
    #[classattr]
    #[pyo3(name = "DEFAULT_NET_PLAYERS")]
    fn default_net_players() -> Vec<usize> {
        pavilion_core::game::default_net_players::<pavilion_summer::Game>()
    }

    /// The agent's move for the player to move; None once the game is over.
    /// Runs without the GIL; Ctrl-C stops a search at once (KeyboardInterrupt),
    /// and so does `stop.is_set()` turning true (a `threading.Event` set by
    /// another thread): the search then plays the best move it has found.
    #[pyo3(signature = (game, stop=None))]
    fn choose(&mut self, py: Python<'_>, game: &PyGame, stop: Option<Py<PyAny>>) -> PyResult<Option<PyMove>> {
        let g = game.inner;
        let agent = &mut self.inner;
        if !agent.searches() {
            return Ok(agent.choose(&g).map(|inner| PyMove { inner }));
        }
        Ok(crate::interrupt::run_watching(py, stop, |stop| agent.choose_until(&g, stop))?.map(|inner| PyMove { inner }))
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?}, seed={})", self.spec, self.seed)
    }
}

/// The agent vocabulary: {"summary": "random, greedy, mcts[:…]", "mcts": [{"key", "form", "accepts", "help"}]}.
pub fn agent_options(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("summary", agent_spec_summary())?;
    d.set_item("agents", AGENT_NAMES.to_vec())?;
    let options = MCTS_OPTIONS
        .iter()
        .map(|o| {
            let e = PyDict::new(py);
            e.set_item("key", o.key)?;
            e.set_item("form", o.form())?;
            e.set_item("accepts", o.range.describe())?;
            e.set_item("help", o.help)?;
            e.set_item("default", o.default_value())?;
            if let OptionRange::Choice(words) = o.range {
                e.set_item("choices", words.to_vec())?;
            }
            Ok(e)
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("mcts", options)?;
    Ok(d)
}
