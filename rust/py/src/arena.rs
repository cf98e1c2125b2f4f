//! `pavilion.play_matches`: seat-balanced games between agents, in parallel, without the GIL.

use pavilion_summer::agents::MAX_THREADS;
use pavilion_summer::arena::{play_matches as engine_play_matches, MatchResult};
use pavilion_summer::state::{MAX_PLAYERS, MIN_PLAYERS};
use pavilion_summer::{Options, Side};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::Int;
use crate::errors::{to_py, OptionsError};
use crate::game::seed_arg;

/// Plays games number `indices` (seed `seed + index`, seats rotated by index)
/// between `agents` (specs) on `threads` threads. Returns one dict per game:
/// {"index", "seats" (agent index per seat), "scores", "winners", "moves"}.
/// Ctrl-C abandons the games in progress and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (agents, indices, players=Int(2), side="coloured", seed=None, threads=Int(1)),
       text_signature = "(agents, indices, players=2, side='coloured', seed=None, threads=1)")]
pub fn play_matches<'py>(
    py: Python<'py>,
    agents: Vec<String>,
    indices: Vec<Int>,
    players: Int,
    side: &str,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Int,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    if agents.is_empty() {
        return Err(OptionsError::new_err("name at least one agent"));
    }
    let side: Side = side.parse().map_err(to_py)?;
    let players = players.within("players", MIN_PLAYERS as i64, MAX_PLAYERS as u64)? as usize;
    let threads = threads.within("threads", 1, MAX_THREADS)? as usize;
    let indices = crate::args::game_indices(&indices)?;
    let opts = Options::new(players, side, None).map_err(to_py)?;
    let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?.unwrap_or(0);
    let results = crate::interrupt::run(py, |stop| engine_play_matches(&agents, opts, seed, &indices, threads, stop))?
        .map_err(to_py)?;
    match_dicts(py, &results)
}

/// Finished matches as Python sees them, for either game.
pub fn match_dicts<'py>(py: Python<'py>, results: &[MatchResult]) -> PyResult<Vec<Bound<'py, PyDict>>> {
    results
        .iter()
        .map(|r| {
            let d = PyDict::new(py);
            d.set_item("index", r.index)?;
            d.set_item("seats", r.seats.clone())?;
            d.set_item("scores", r.scores.clone())?;
            d.set_item("winners", r.winners.clone())?;
            d.set_item("moves", r.moves)?;
            Ok(d)
        })
        .collect()
}
