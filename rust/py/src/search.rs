//! `pavilion.Search`: MCTS (or an exact solve) on a position, run without the
//! GIL and stopped by Ctrl-C. One search may be shared by several Python
//! threads: calls take turns on its lock.

use std::sync::Mutex;

use pavilion_summer::agents::{OptionRange, MAX_ITERATIONS, MCTS_OPTIONS};
use pavilion_summer::search::{exact, time_budget, SearchConfig, SearchResult, Searcher, MAX_SECONDS};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::{Int, Num};
use crate::errors::{to_py, OptionsError};
use crate::game::{seed_arg, PyGame};
use crate::moves::PyMove;

enum State {
    Exact(SearchResult),
    Running(Box<Searcher>),
}

#[pyclass(name = "Search", module = "pavilion", frozen)]
pub struct PySearch {
    state: Mutex<State>,
}

/// A search result as Python sees it (moves wrapped by `wrap`), for either game.
pub fn result_dict<'py, M: Copy, W: IntoPyObject<'py>>(
    py: Python<'py>,
    r: &pavilion_core::search::SearchResult<M>,
    top: Option<usize>,
    wrap: impl Fn(M) -> W,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("exact", r.exact)?;
    d.set_item("iterations", r.iterations)?;
    d.set_item("seconds", r.elapsed.as_secs_f64())?;
    d.set_item("nodes", r.nodes)?;
    let moves = r
        .moves
        .iter()
        .take(top.unwrap_or(usize::MAX))
        .map(|m| {
            let e = PyDict::new(py);
            e.set_item("move", wrap(m.mv))?;
            e.set_item("visits", m.visits)?;
            e.set_item("win_rate", m.win_rate)?;
            e.set_item("margin", m.margin)?;
            e.set_item("pv", m.pv.iter().map(|&mv| wrap(mv)).collect::<Vec<_>>())?;
            Ok(e)
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("moves", moves)?;
    Ok(d)
}

/// The range the `mcts` agent spec gives an option, so a Search and an agent accept the same values.
fn option_range(key: &str) -> (f64, f64) {
    match MCTS_OPTIONS.iter().find(|o| o.key == key).map(|o| o.range) {
        Some(OptionRange::Whole { min, max }) => (min as f64, max as f64),
        Some(OptionRange::Number { min, max, .. }) => (min, max),
        _ => unreachable!("{key} is a numeric option"),
    }
}

/// A search configuration from the options a Python caller gave (None: the
/// engine's default, as for `mcts` agents), for either game.
#[allow(clippy::too_many_arguments)]
pub fn search_config(
    seed: Option<&Bound<'_, PyAny>>,
    threads: Option<Int>,
    rollout: Option<&str>,
    exploration: Option<Num>,
    margin: Option<Num>,
    memory_mb: Option<Num>,
    parallel: Option<&str>,
    widening: Option<&str>,
) -> PyResult<SearchConfig> {
    let mut cfg = SearchConfig::default();
    if let Some(s) = seed.filter(|s| !s.is_none()) {
        cfg.seed = seed_arg(s)?;
    }
    let (lo, hi) = option_range("threads");
    if let Some(t) = threads {
        cfg.threads = t.within("threads", lo as i64, hi as u64)? as usize;
    }
    if let Some(r) = rollout {
        cfg.rollout = r.parse().map_err(to_py)?;
    }
    let (lo, hi) = option_range("c");
    if let Some(c) = exploration {
        cfg.exploration = c.within("exploration", lo, hi)?;
    }
    let (lo, hi) = option_range("margin");
    if let Some(m) = margin {
        cfg.margin_weight = m.within("margin", lo, hi)?;
    }
    let (lo, hi) = option_range("memory");
    if let Some(mb) = memory_mb {
        cfg.max_bytes = (mb.within("memory_mb", lo, hi)? * 1048576.0) as usize;
    }
    if let Some(p) = parallel {
        cfg.parallel = p.parse().map_err(to_py)?;
    }
    if let Some(w) = widening {
        cfg.widening = w.parse().map_err(to_py)?;
    }
    Ok(cfg)
}

/// Guides a search of a game `G` of `players` seats with the network `net`
/// names, as an `mcts` spec's `net=` does (a file, or "default": the one
/// shipped for that player count), where the caller gave one,
/// with the caller's `mix`, `horizon` and `rerank` (each None: the spec's
/// default; for `mix`, the network's own); `exploration_given`: the caller
/// set the exploration, which then stays.
pub fn guide<G: pavilion_core::Game>(
    cfg: &mut SearchConfig,
    net: Option<&str>,
    exploration_given: bool,
    mix: Option<Num>,
    horizon: Option<&str>,
    rerank: Option<Int>,
    players: usize,
) -> PyResult<()> {
    let (lo, hi) = option_range("mix");
    if let Some(x) = mix {
        cfg.net_mix = x.within("mix", lo, hi)?;
    }
    if let Some(k) = rerank {
        let (lo, hi) = option_range("rerank");
        cfg.rerank = k.within("rerank", lo as i64, hi as u64)? as u32;
    }
    if let Some(h) = horizon {
        cfg.horizon = h.parse().map_err(to_py)?;
    }
    if let Some(name) = net {
        let given = pavilion_core::agents::NetGiven {
            exploration: exploration_given,
            mix: mix.is_some(),
            rerank: rerank.is_some(),
        };
        pavilion_core::agents::guide_search::<G>(cfg, name, given, players).map_err(to_py)?;
    }
    Ok(())
}

/// Budget arguments of `run`, checked: iterations and/or a time.
pub fn run_budget(
    iterations: Option<Int>,
    seconds: Option<Num>,
) -> PyResult<(Option<u64>, Option<std::time::Duration>)> {
    let iterations = iterations.map(|i| i.within("iterations", 1, MAX_ITERATIONS)).transpose()?;
    let time = seconds.map(|s| s.within("seconds", 0.0, MAX_SECONDS)).transpose()?;
    let time = time.map(time_budget).transpose().map_err(to_py)?;
    if iterations.is_none() && time.is_none() {
        return Err(OptionsError::new_err("give iterations and/or seconds"));
    }
    Ok((iterations, time))
}

/// The `moves=` argument of a search, for either game: a non-empty list of
/// distinct moves (`Move` or text), each legal now (`check` says why not).
pub fn root_moves<M: PartialEq + std::fmt::Display>(
    list: Option<&Bound<'_, PyAny>>,
    convert: impl Fn(&Bound<'_, PyAny>) -> PyResult<M>,
    check: impl Fn(&M) -> PyResult<()>,
) -> PyResult<Option<Vec<M>>> {
    let Some(list) = list else { return Ok(None) };
    let not_a_list = || OptionsError::new_err("moves must be a list of moves (Move or move text)");
    if list.is_instance_of::<pyo3::types::PyString>() {
        return Err(not_a_list());
    }
    let mut moves: Vec<M> = Vec::new();
    // Distinct legal moves are few, so a repeat (or an illegal move) ends any
    // list, endless iterators included, long before memory matters.
    for obj in list.try_iter().map_err(|_| not_a_list())? {
        let m = convert(&obj?)?;
        check(&m)?;
        if moves.contains(&m) {
            return Err(OptionsError::new_err(format!("moves: {m} is listed twice")));
        }
        moves.push(m);
    }
    if moves.is_empty() {
        return Err(OptionsError::new_err("moves: give at least one move to search"));
    }
    Ok(Some(moves))
}

impl PySearch {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic inside a search is a bug; the state is still a valid tree.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[pymethods]
impl PySearch {
    /// Prepares a search of `game` for the player to move. When the rest of the
    /// game can be solved exactly (last round's placing, no hidden draw that
    /// matters, small enough), it is solved here and `exact` is True.
    /// Options left as None take the engine's defaults (those of `mcts` agents).
    #[new]
    /// With `moves`, only those (legal now) are searched: to value a chosen
    /// move as surely as the best one. With `net` (a network file, or
    /// "default" for the one shipped with the game), the network judges the
    /// leaves, as an `mcts:net=...` agent's search; `mix`, `horizon` and
    /// `rerank` are that spec's `mix=`, `horizon=` and `rerank=`.
    #[pyo3(signature = (game, seed=None, threads=None, rollout=None, exploration=None, margin=None, memory_mb=None, exact=true, parallel=None, moves=None, widening=None, net=None, mix=None, horizon=None, rerank=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &PyGame,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<Int>,
        rollout: Option<&str>,
        exploration: Option<Num>,
        margin: Option<Num>,
        memory_mb: Option<Num>,
        exact: bool,
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
        let mut cfg = search_config(seed, threads, rollout, exploration, margin, memory_mb, parallel, widening)?;
        guide::<pavilion_summer::Game>(
            &mut cfg,
            net,
            exploration.is_some(),
            mix,
            horizon,
            rerank,
            game.inner.num_players(),
        )?;
        if !exact {
            // No exact values anywhere: at the root or inside the tree.
            cfg.exact = pavilion_summer::search::ExactUse::Off;
        }
        let g = game.inner;
        let among = root_moves(moves, crate::game::to_move, |m| g.check(m).map_err(to_py))?;
        let solved = if exact {
            let (c, among) = (cfg.clone(), among.clone());
            crate::interrupt::run(py, move |stop| {
                exact::solve_among(&g, &c, exact::DEFAULT_NODE_BUDGET, stop, among.as_deref())
            })?
        } else {
            None
        };
        let state = match (solved, among) {
            (Some(r), _) => State::Exact(r),
            (None, Some(among)) => State::Running(Box::new(Searcher::among(&g, cfg, &among))),
            (None, None) => State::Running(Box::new(Searcher::new(&g, cfg))),
        };
        Ok(PySearch { state: Mutex::new(state) })
    }

    /// True when the position was solved exactly, at the start or by the
    /// tree's proofs on the way (then `run` does nothing).
    #[getter]
    fn exact(&self, py: Python<'_>) -> bool {
        py.detach(|| match &*self.lock() {
            State::Exact(_) => true,
            State::Running(s) => s.solved(),
        })
    }

    /// Iterations run so far.
    #[getter]
    fn iterations(&self, py: Python<'_>) -> u64 {
        py.detach(|| match &*self.lock() {
            State::Exact(_) => 0,
            State::Running(s) => s.iterations(),
        })
    }

    /// Searches for `iterations` more iterations and/or `seconds` more,
    /// without the GIL; Ctrl-C stops it at once (KeyboardInterrupt), keeping
    /// what was searched.
    #[pyo3(signature = (iterations=None, seconds=None))]
    fn run(&self, py: Python<'_>, iterations: Option<Int>, seconds: Option<Num>) -> PyResult<()> {
        let (iterations, time) = run_budget(iterations, seconds)?;
        crate::interrupt::run(py, |stop| {
            if let State::Running(s) = &mut *self.lock() {
                s.run(iterations, time, stop);
            }
        })
    }

    /// Ranked candidates: {"exact", "iterations", "seconds", "nodes",
    /// "moves": [{"move", "visits", "win_rate", "margin", "pv"}]}.
    #[pyo3(signature = (top=None, pv_length=Int(12)), text_signature = "(self, top=None, pv_length=12)")]
    fn result<'py>(&self, py: Python<'py>, top: Option<Int>, pv_length: Int) -> PyResult<Bound<'py, PyDict>> {
        let top = top.map(|t| t.within("top", 0, u32::MAX as u64)).transpose()?.map(|t| t as usize);
        let pv_length = pv_length.within("pv_length", 0, 1000)? as usize;
        let r = py.detach(|| match &*self.lock() {
            State::Exact(r) => r.clone(),
            State::Running(s) => s.result(pv_length),
        });
        result_dict(py, &r, top, |inner| PyMove { inner })
    }
}
