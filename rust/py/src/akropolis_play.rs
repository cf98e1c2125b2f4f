//! `pavilion.akropolis.Agent`, `.Search` and `.play_matches`: the agents, the
//! search and the arena of `pavilion-core` over Akropolis, shaped like their
//! Summer Pavilion twins (same specs, options, results and Ctrl-C behaviour).

use std::sync::Mutex;

use pavilion_akropolis::Game;
use pavilion_core::agents::{agent_from_spec, Agent, MAX_THREADS};
use pavilion_core::search::Searcher;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::akropolis::{PyGame, PyMove};
use crate::args::{Int, Num};
use crate::errors::{to_py, OptionsError};
use crate::game::seed_arg;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyAgent>()?;
    m.add_class::<PySearch>()?;
    m.add_function(wrap_pyfunction!(play_matches, m)?)?;
    m.add_function(wrap_pyfunction!(crate::akropolis_selfplay::selfplay, m)?)?;
    Ok(())
}

#[pyclass(name = "Agent", module = "pavilion.akropolis")]
pub struct PyAgent {
    spec: String,
    seed: u64,
    inner: Box<dyn Agent<Game> + Send + Sync>,
}

#[pymethods]
impl PyAgent {
    /// `spec`: "random", "greedy" (the biggest immediate score gain, stones
    /// included) or "mcts" with options, as for Summer Pavilion. `seed` fixes its choices.
    #[new]
    #[pyo3(signature = (spec, seed=None))]
    fn new(spec: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?.unwrap_or(0);
        let inner = agent_from_spec::<Game>(spec, seed).map_err(to_py)?;
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
        pavilion_core::game::default_net_players::<Game>()
    }

    /// The agent's move for the player to move; None once the game is over.
    /// Runs without the GIL; Ctrl-C stops a search at once (KeyboardInterrupt),
    /// and so does `stop.is_set()` turning true (a `threading.Event` set by
    /// another thread): the search then plays the best move it has found.
    #[pyo3(signature = (game, stop=None))]
    fn choose(&mut self, py: Python<'_>, game: &PyGame, stop: Option<Py<PyAny>>) -> PyResult<Option<PyMove>> {
        let g = game.inner.clone();
        let agent = &mut self.inner;
        Ok(crate::interrupt::run_watching(py, stop, |stop| agent.choose_until(&g, stop))?.map(|inner| PyMove { inner }))
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?}, seed={})", self.spec, self.seed)
    }
}

#[pyclass(name = "Search", module = "pavilion.akropolis", frozen)]
pub struct PySearch {
    searcher: Mutex<Searcher<Game>>,
}

#[pymethods]
impl PySearch {
    /// Prepares a Monte-Carlo search of `game` for the player to move; options
    /// left as None take the engine's defaults (those of `mcts` agents).
    #[new]
    /// With `moves`, only those (legal now) are searched: to value a chosen
    /// move as surely as the best one. With `net` (a network file, or
    /// "default" for the one shipped with the game), the network judges the
    /// leaves, as an `mcts:net=...` agent's search; `mix`, `horizon` and
    /// `rerank` are that spec's `mix=`, `horizon=` and `rerank=`.
    #[pyo3(signature = (game, seed=None, threads=None, rollout=None, exploration=None, margin=None, memory_mb=None, parallel=None, moves=None, widening=None, net=None, mix=None, horizon=None, rerank=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &PyGame,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<Int>,
        rollout: Option<&str>,
        exploration: Option<Num>,
        margin: Option<Num>,
        memory_mb: Option<Num>,
        parallel: Option<&str>,
        moves: Option<&Bound<'_, PyAny>>,
        widening: Option<&str>,
        net: Option<&str>,
        mix: Option<Num>,
        horizon: Option<&str>,
        rerank: Option<Int>,
    ) -> PyResult<Self> {
        if game.inner.is_over() {
            return Err(OptionsError::new_err("the game is over: there is nothing to search"));
        }
        let mut cfg =
            crate::search::search_config(seed, threads, rollout, exploration, margin, memory_mb, parallel, widening)?;
        crate::search::guide::<Game>(&mut cfg, net, exploration.is_some(), mix, horizon, rerank, game.inner.players())?;
        let g = &game.inner;
        let searcher = match crate::search::root_moves(moves, crate::akropolis::to_move, |m| g.check(m).map_err(to_py))?
        {
            Some(among) => Searcher::among(g, cfg, &among),
            None => Searcher::new(g, cfg),
        };
        Ok(PySearch { searcher: Mutex::new(searcher) })
    }

    /// True once the tree has proven the position's value (every line it
    /// needs played to the end with no stack left to turn up); then `run`
    /// does nothing and `result` gives the proven values.
    #[getter]
    fn exact(&self, py: Python<'_>) -> bool {
        py.detach(|| self.lock().solved())
    }

    /// Iterations run so far.
    #[getter]
    fn iterations(&self, py: Python<'_>) -> u64 {
        py.detach(|| self.lock().iterations())
    }

    /// Searches for `iterations` more iterations and/or `seconds` more, without
    /// the GIL; Ctrl-C stops it at once (KeyboardInterrupt), keeping what was searched.
    #[pyo3(signature = (iterations=None, seconds=None))]
    fn run(&self, py: Python<'_>, iterations: Option<Int>, seconds: Option<Num>) -> PyResult<()> {
        let (iterations, time) = crate::search::run_budget(iterations, seconds)?;
        crate::interrupt::run(py, |stop| self.lock().run(iterations, time, stop))
    }

    /// Ranked candidates: {"exact", "iterations", "seconds", "nodes",
    /// "moves": [{"move", "visits", "win_rate", "margin", "pv"}]}.
    #[pyo3(signature = (top=None, pv_length=Int(12)), text_signature = "(self, top=None, pv_length=12)")]
    fn result<'py>(&self, py: Python<'py>, top: Option<Int>, pv_length: Int) -> PyResult<Bound<'py, PyDict>> {
        let top = top.map(|t| t.within("top", 0, u32::MAX as u64)).transpose()?.map(|t| t as usize);
        let pv_length = pv_length.within("pv_length", 0, 1000)? as usize;
        let r = py.detach(|| self.lock().result(pv_length));
        crate::search::result_dict(py, &r, top, |inner| PyMove { inner })
    }
}

impl PySearch {
    fn lock(&self) -> std::sync::MutexGuard<'_, Searcher<Game>> {
        // A panic inside a search is a bug; the tree is still valid.
        self.searcher.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Plays games number `indices` (seed `seed + index`, seats rotated by index)
/// between `agents` (specs) on `threads` threads, with the game options given.
/// Returns one dict per game: {"index", "seats", "scores", "winners", "moves"}.
/// Ctrl-C abandons the games in progress and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (agents, indices, players=Int(2), variants="", long=false, barracks_edge="outside", lake="single_hex", seed=None, threads=Int(1)),
       text_signature = "(agents, indices, players=2, variants='', long=False, barracks_edge='outside', lake='single_hex', seed=None, threads=1)")]
#[allow(clippy::too_many_arguments)]
fn play_matches<'py>(
    py: Python<'py>,
    agents: Vec<String>,
    indices: Vec<Int>,
    players: Int,
    variants: &str,
    long: bool,
    barracks_edge: &str,
    lake: &str,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Int,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    if agents.is_empty() {
        return Err(OptionsError::new_err("name at least one agent"));
    }
    let options = crate::akropolis::options_arg(players, variants, long, barracks_edge, lake)?;
    let threads = threads.within("threads", 1, MAX_THREADS)? as usize;
    let indices = crate::args::game_indices(&indices)?;
    let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?.unwrap_or(0);
    let new_game = move |s: u64| Game::new(options, s).expect("options checked above");
    let results = crate::interrupt::run(py, |stop| {
        pavilion_core::arena::play_matches(&agents, &new_game, seed, &indices, threads, stop)
    })?
    .map_err(to_py)?;
    crate::arena::match_dicts(py, &results)
}
