//! Benchmark workloads (`pavilion.bench`), each run without the GIL and
//! returning the count it processed.

use pavilion_engine::bench;
use pavilion_engine::search::RolloutKind;
use pavilion_engine::Game;
use pyo3::prelude::*;

use crate::errors::OptionsError;
use crate::game::PyGame;

/// Handle to the fixed position set, built once so timing excludes its creation.
#[pyclass(name = "BenchPositions", module = "pavilion")]
pub struct PyBenchPositions {
    positions: Vec<Game>,
}

#[pymethods]
impl PyBenchPositions {
    #[new]
    fn new(count: usize) -> Self {
        PyBenchPositions { positions: bench::positions(count) }
    }
    fn __len__(&self) -> usize {
        self.positions.len()
    }
    /// Generates every position's legal moves; returns the total count.
    fn movegen(&self, py: Python<'_>) -> u64 {
        py.detach(|| bench::movegen(&self.positions))
    }
    fn position(&self, i: usize) -> Option<PyGame> {
        self.positions.get(i).map(|g| PyGame::wrap(*g))
    }
}

/// Random games in Rust; returns the number of moves played.
#[pyfunction]
#[pyo3(signature = (players, games, seed=0, threads=1))]
pub fn bench_random_games(py: Python<'_>, players: usize, games: u64, seed: u64, threads: usize) -> PyResult<u64> {
    if !(2..=4).contains(&players) {
        return Err(OptionsError::new_err("players must be 2, 3 or 4"));
    }
    Ok(py.detach(|| bench::random_games_parallel(players, games, seed, threads)))
}

/// MCTS iterations on the fixed 2-player position; returns (tree nodes created,
/// visits of the most visited move).
#[pyfunction]
#[pyo3(signature = (iterations, threads=1, rollout="uniform"))]
pub fn bench_mcts(py: Python<'_>, iterations: u64, threads: usize, rollout: &str) -> PyResult<(u64, u64)> {
    let rollout = match rollout {
        "uniform" => RolloutKind::Uniform,
        "informed" => RolloutKind::Informed,
        _ => return Err(OptionsError::new_err("rollout must be 'uniform' or 'informed'")),
    };
    Ok(py.detach(|| bench::mcts(iterations, threads, rollout)))
}
