//! `pavilion.play_matches`: seat-balanced games between agents, in parallel, without the GIL.

use pavilion_engine::arena::play_matches as engine_play_matches;
use pavilion_engine::{Options, Side};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{to_py, OptionsError};
use crate::game::seed_arg;

/// Plays games number `indices` (seed `seed + index`, seats rotated by index)
/// between `agents` (specs) on `threads` threads. Returns one dict per game:
/// {"index", "seats" (agent index per seat), "scores", "winners", "moves"}.
#[pyfunction]
#[pyo3(signature = (agents, indices, players=2, side="colored", seed=None, threads=1))]
pub fn play_matches<'py>(
    py: Python<'py>,
    agents: Vec<String>,
    indices: Vec<u64>,
    players: usize,
    side: &str,
    seed: Option<&Bound<'_, PyAny>>,
    threads: usize,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    if agents.is_empty() {
        return Err(OptionsError::new_err("name at least one agent"));
    }
    let side = Side::parse(side).ok_or_else(|| OptionsError::new_err(format!("side must be 'colored' or 'gray', not '{side}'")))?;
    let opts = Options::new(players, side, None).map_err(to_py)?;
    let seed = seed.map(seed_arg).transpose()?.unwrap_or(0);
    let results = py.detach(|| engine_play_matches(&agents, opts, seed, &indices, threads)).map_err(to_py)?;
    results
        .iter()
        .zip(&indices)
        .map(|(r, i)| {
            let d = PyDict::new(py);
            d.set_item("index", i)?;
            d.set_item("seats", r.seats.clone())?;
            d.set_item("scores", r.scores.clone())?;
            d.set_item("winners", r.winners.clone())?;
            d.set_item("moves", r.moves)?;
            Ok(d)
        })
        .collect()
}
