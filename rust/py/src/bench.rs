//! Benchmark workloads (`pavilion.bench`), each run without the GIL and
//! returning the count it processed.

use pavilion_summer::bench;
use pavilion_summer::search::RolloutKind;
use pavilion_summer::Game;
use pyo3::prelude::*;

use crate::args::Int;
use crate::game::PyGame;
use pavilion_summer::agents::{MAX_ITERATIONS, MAX_THREADS};
use pavilion_summer::state::{MAX_PLAYERS, MIN_PLAYERS};

/// `pavilion._engine.bench`: the workloads `pavilion bench` times.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBenchPositions>()?;
    m.add_function(wrap_pyfunction!(bench_random_games, m)?)?;
    m.add_function(wrap_pyfunction!(bench_mcts, m)?)?;
    m.add_class::<PyAkropolisPositions>()?;
    m.add_function(wrap_pyfunction!(akropolis_random_games, m)?)?;
    m.add_function(wrap_pyfunction!(akropolis_mcts, m)?)?;
    m.add_function(wrap_pyfunction!(akropolis_net_mcts, m)?)?;
    m.add_function(wrap_pyfunction!(akropolis_net_values, m)?)?;
    m.add_function(wrap_pyfunction!(akropolis_net_candidates, m)?)?;
    m.add_function(wrap_pyfunction!(net_mcts, m)?)?;
    m.add_function(wrap_pyfunction!(net_values, m)?)?;
    m.add_function(wrap_pyfunction!(net_candidates, m)?)?;
    Ok(())
}

/// The Akropolis twin of `Positions`.
#[pyclass(name = "AkropolisPositions", module = "pavilion._engine.bench")]
pub struct PyAkropolisPositions {
    positions: Vec<pavilion_akropolis::Game>,
}

#[pymethods]
impl PyAkropolisPositions {
    #[new]
    fn new(count: Int) -> PyResult<Self> {
        let count = count.within("count", 0, 1_000_000)? as usize;
        Ok(PyAkropolisPositions { positions: pavilion_akropolis::bench::positions(count) })
    }
    fn __len__(&self) -> usize {
        self.positions.len()
    }
    /// Generates every position's legal moves; returns the total count.
    fn movegen(&self, py: Python<'_>) -> u64 {
        py.detach(|| pavilion_akropolis::bench::movegen(&self.positions))
    }
}

/// Random Akropolis games in Rust on one thread; returns turns played plus points scored.
#[pyfunction]
#[pyo3(signature = (players, games, seed=Int(0)), text_signature = "(players, games, seed=0)")]
pub fn akropolis_random_games(py: Python<'_>, players: Int, games: Int, seed: Int) -> PyResult<u64> {
    let players = akropolis_players(players)?;
    let games = games.within("games", 0, u64::MAX)?;
    let seed = seed.within("seed", 0, u64::MAX)?;
    crate::interrupt::run(py, |stop| pavilion_akropolis::bench::random_games(players, games, seed, stop))
}

/// Handle to the fixed position set, built once so timing excludes its creation.
#[pyclass(name = "Positions", module = "pavilion._engine.bench")]
pub struct PyBenchPositions {
    positions: Vec<Game>,
}

#[pymethods]
impl PyBenchPositions {
    #[new]
    fn new(count: Int) -> PyResult<Self> {
        Ok(PyBenchPositions { positions: bench::positions(count.within("count", 0, 1_000_000)? as usize) })
    }
    fn __len__(&self) -> usize {
        self.positions.len()
    }
    /// Generates every position's legal moves; returns the total count.
    fn movegen(&self, py: Python<'_>) -> u64 {
        py.detach(|| bench::movegen(&self.positions))
    }
    fn position(&self, i: Int) -> Option<PyGame> {
        let i = usize::try_from(i.0).ok()?;
        self.positions.get(i).map(|g| PyGame::wrap(*g))
    }
}

/// Random games in Rust; returns the number of moves played.
#[pyfunction(name = "random_games")]
#[pyo3(signature = (players, games, seed=Int(0), threads=Int(1)), text_signature = "(players, games, seed=0, threads=1)")]
pub fn bench_random_games(py: Python<'_>, players: Int, games: Int, seed: Int, threads: Int) -> PyResult<u64> {
    let players = summer_players(players)?;
    let games = games.within("games", 0, u64::MAX)?;
    let seed = seed.within("seed", 0, u64::MAX)?;
    let threads = threads.within("threads", 1, MAX_THREADS)? as usize;
    crate::interrupt::run(py, |stop| bench::random_games_parallel(players, games, seed, threads, stop))
}

/// MCTS iterations on the fixed 2-player position; returns (tree nodes created,
/// visits of the most visited move).
#[pyfunction(name = "mcts")]
#[pyo3(signature = (iterations, threads=Int(1), rollout="uniform"), text_signature = "(iterations, threads=1, rollout='uniform')")]
pub fn bench_mcts(py: Python<'_>, iterations: Int, threads: Int, rollout: &str) -> PyResult<(u64, u64)> {
    let iterations = iterations.within("iterations", 1, MAX_ITERATIONS)?;
    let threads = threads.within("threads", 1, MAX_THREADS)? as usize;
    let rollout: RolloutKind = rollout.parse().map_err(crate::errors::to_py)?;
    crate::interrupt::run(py, |_| bench::mcts(iterations, threads, rollout))
}

/// Iterations of `mcts:net=default` (the shipped network of `players` seats
/// and its mix) on the opening of that many (one thread); returns (tree nodes
/// created, visits of the most visited move).
#[pyfunction]
#[pyo3(signature = (iterations, players=Int(2)), text_signature = "(iterations, players=2)")]
pub fn net_mcts(py: Python<'_>, iterations: Int, players: Int) -> PyResult<(u64, u64)> {
    let iterations = iterations.within("iterations", 1, MAX_ITERATIONS)?;
    let players = summer_players(players)?;
    crate::interrupt::run(py, |_| bench::net_mcts(iterations, players))
}

/// The shipped network's value for `players` seats, `count` times on the
/// opening of that many; returns `count`.
#[pyfunction]
#[pyo3(signature = (count, players=Int(2)), text_signature = "(count, players=2)")]
pub fn net_values(py: Python<'_>, count: Int, players: Int) -> PyResult<u64> {
    let count = count.within("count", 1, MAX_ITERATIONS)?;
    let players = summer_players(players)?;
    crate::interrupt::run(py, |_| bench::net_values(count, players))
}

/// The shipped network's value of the position after each candidate move
/// of the opening of `players` seats (as a rerank judges them), `rounds`
/// times; returns the candidates judged.
#[pyfunction]
#[pyo3(signature = (rounds, players=Int(2)), text_signature = "(rounds, players=2)")]
pub fn net_candidates(py: Python<'_>, rounds: Int, players: Int) -> PyResult<u64> {
    let rounds = rounds.within("rounds", 1, MAX_ITERATIONS)?;
    let players = summer_players(players)?;
    crate::interrupt::run(py, |_| bench::net_candidates(rounds, players))
}

/// Akropolis MCTS iterations on its fixed 2-player opening; returns (tree nodes
/// created, visits of the most visited move).
#[pyfunction]
#[pyo3(signature = (iterations, threads=Int(1), rollout="informed"), text_signature = "(iterations, threads=1, rollout='informed')")]
pub fn akropolis_mcts(py: Python<'_>, iterations: Int, threads: Int, rollout: &str) -> PyResult<(u64, u64)> {
    let iterations = iterations.within("iterations", 1, MAX_ITERATIONS)?;
    let threads = threads.within("threads", 1, MAX_THREADS)? as usize;
    let rollout: RolloutKind = rollout.parse().map_err(crate::errors::to_py)?;
    crate::interrupt::run(py, |_| pavilion_akropolis::bench::mcts(iterations, threads, rollout))
}

/// Akropolis iterations of the search guided by the shipped network on its
/// fixed opening of `players` seats, with that count's network (one thread);
/// returns (tree nodes created, visits of the most visited move).
#[pyfunction]
#[pyo3(signature = (iterations, players=Int(2)), text_signature = "(iterations, players=2)")]
pub fn akropolis_net_mcts(py: Python<'_>, iterations: Int, players: Int) -> PyResult<(u64, u64)> {
    let iterations = iterations.within("iterations", 1, MAX_ITERATIONS)?;
    let players = akropolis_players(players)?;
    crate::interrupt::run(py, |_| pavilion_akropolis::bench::net_mcts(iterations, players))
}

/// The shipped Akropolis network's value for `players` seats, `count` times
/// on the fixed opening of that many; returns `count`.
#[pyfunction]
#[pyo3(signature = (count, players=Int(2)), text_signature = "(count, players=2)")]
pub fn akropolis_net_values(py: Python<'_>, count: Int, players: Int) -> PyResult<u64> {
    let count = count.within("count", 1, MAX_ITERATIONS)?;
    let players = akropolis_players(players)?;
    crate::interrupt::run(py, |_| pavilion_akropolis::bench::net_values(count, players))
}

/// The same for Akropolis: the shipped network of `players` seats judges the
/// position after each candidate move of that many's opening, `rounds` times;
/// returns the candidates judged.
#[pyfunction]
#[pyo3(signature = (rounds, players=Int(2)), text_signature = "(rounds, players=2)")]
pub fn akropolis_net_candidates(py: Python<'_>, rounds: Int, players: Int) -> PyResult<u64> {
    let rounds = rounds.within("rounds", 1, MAX_ITERATIONS)?;
    let players = akropolis_players(players)?;
    crate::interrupt::run(py, |_| pavilion_akropolis::bench::net_candidates(rounds, players))
}

/// A Summer Pavilion player count, checked against the game's own bounds.
fn summer_players(players: Int) -> PyResult<usize> {
    Ok(players.within("players", MIN_PLAYERS as i64, MAX_PLAYERS as u64)? as usize)
}

/// An Akropolis player count, checked against the game's own bounds.
fn akropolis_players(players: Int) -> PyResult<usize> {
    use pavilion_akropolis::options::{MAX_PLAYERS, MIN_PLAYERS};
    Ok(players.within("players", MIN_PLAYERS as i64, MAX_PLAYERS as u64)? as usize)
}
