//! `pavilion.Search`: MCTS (or an exact solve) on a position, run in slices
//! without the GIL so callers can show progress and stop on Ctrl-C.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use pavilion_engine::search::{exact, RolloutKind, SearchConfig, SearchResult, Searcher};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::OptionsError;
use crate::game::{seed_arg, PyGame};
use crate::moves::PyMove;

#[pyclass(name = "Search", module = "pavilion")]
pub struct PySearch {
    searcher: Option<Searcher>,
    exact: Option<SearchResult>,
}

fn budget_time(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_finite() && s >= 0.0 => Ok(Some(Duration::from_secs_f64(s))),
        Some(s) => Err(OptionsError::new_err(format!("seconds must be a non-negative number, not {s}"))),
    }
}

pub fn result_dict<'py>(py: Python<'py>, r: &SearchResult, top: Option<usize>) -> PyResult<Bound<'py, PyDict>> {
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
            e.set_item("move", PyMove { inner: m.mv })?;
            e.set_item("visits", m.visits)?;
            e.set_item("win_rate", m.win_rate)?;
            e.set_item("margin", m.margin)?;
            e.set_item("pv", m.pv.iter().map(|&inner| PyMove { inner }).collect::<Vec<_>>())?;
            Ok(e)
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("moves", moves)?;
    Ok(d)
}

#[pymethods]
impl PySearch {
    /// Prepares a search of `game` for the player to move. When the rest of the
    /// game can be solved exactly (last round's placing, no hidden draw that
    /// matters, small enough), it is solved here and `exact` is True.
    #[new]
    #[pyo3(signature = (game, seed=None, threads=1, rollout="informed", exploration=0.7, margin=0.1, memory_mb=512.0, exact=true, parallel="root"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &PyGame,
        seed: Option<&Bound<'_, PyAny>>,
        threads: usize,
        rollout: &str,
        exploration: f64,
        margin: f64,
        memory_mb: f64,
        exact: bool,
        parallel: &str,
    ) -> PyResult<Self> {
        if parallel != "root" && parallel != "tree" {
            return Err(OptionsError::new_err(format!("parallel must be 'root' or 'tree', not '{parallel}'")));
        }
        if game.inner.is_over() {
            return Err(OptionsError::new_err("the game is over: there is nothing to search"));
        }
        let rollout = match rollout {
            "informed" => RolloutKind::Informed,
            "uniform" | "random" => RolloutKind::Uniform,
            other => return Err(OptionsError::new_err(format!("rollout must be 'informed' or 'uniform', not '{other}'"))),
        };
        if !(1..=256).contains(&threads) {
            return Err(OptionsError::new_err("threads must be 1..256"));
        }
        if !(exploration.is_finite() && exploration >= 0.0 && margin.is_finite() && margin >= 0.0 && memory_mb > 0.0) {
            return Err(OptionsError::new_err("exploration and margin must be >= 0, memory_mb > 0"));
        }
        let cfg = SearchConfig {
            threads,
            seed: seed.map(seed_arg).transpose()?.unwrap_or(0),
            exploration,
            margin_weight: margin,
            rollout,
            max_bytes: (memory_mb * 1048576.0) as usize,
            all_passes: false,
            tree_parallel: parallel == "tree",
        };
        let g = game.inner;
        let solved = if exact {
            let c = cfg.clone();
            py.detach(move || exact::solve(&g, &c, exact::DEFAULT_NODE_BUDGET))
        } else {
            None
        };
        let searcher = if solved.is_none() { Some(Searcher::new(&g, cfg)) } else { None };
        Ok(PySearch { searcher, exact: solved })
    }

    /// True when the position was solved exactly (then `run` does nothing).
    #[getter]
    fn exact(&self) -> bool {
        self.exact.is_some()
    }

    /// Iterations run so far.
    #[getter]
    fn iterations(&self) -> u64 {
        self.searcher.as_ref().map_or(0, |s| s.iterations())
    }

    /// Searches for `iterations` more iterations and/or `seconds` more, without the GIL.
    #[pyo3(signature = (iterations=None, seconds=None))]
    fn run(&mut self, py: Python<'_>, iterations: Option<u64>, seconds: Option<f64>) -> PyResult<()> {
        let time = budget_time(seconds)?;
        if iterations.is_none() && time.is_none() {
            return Err(OptionsError::new_err("give iterations and/or seconds"));
        }
        if let Some(s) = self.searcher.as_mut() {
            py.detach(|| s.run(iterations, time, &AtomicBool::new(false)));
        }
        Ok(())
    }

    /// Ranked candidates: {"exact", "iterations", "seconds", "nodes",
    /// "moves": [{"move", "visits", "win_rate", "margin", "pv"}]}.
    #[pyo3(signature = (top=None, pv_length=12))]
    fn result<'py>(&self, py: Python<'py>, top: Option<usize>, pv_length: usize) -> PyResult<Bound<'py, PyDict>> {
        let r = match (&self.exact, &self.searcher) {
            (Some(r), _) => r.clone(),
            (None, Some(s)) => s.result(pv_length),
            (None, None) => unreachable!("a search is either solved or running"),
        };
        result_dict(py, &r, top)
    }
}
