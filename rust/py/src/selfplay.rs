//! `pavilion.selfplay`: games of one searching agent against itself, recorded
//! decision by decision as numpy arrays (what the player to move saw, what was
//! legal, what the search thought of each move), in parallel without the GIL.

use std::sync::atomic::AtomicBool;

use pavilion_core::agents::mcts_agent_from_spec;
use pavilion_core::arena::run_indexed;
use pavilion_core::selfplay::{
    selfplay_game, FastSearches, Playing, SelfPlayGame, DEFAULT_FULL_SHARE, MAX_SAMPLE_MOVES,
};
use pavilion_summer::agents::{MAX_ITERATIONS, MAX_THREADS};
use pavilion_summer::observation::{legal_actions_mask, observe, OBSERVATION_LEN};
use pavilion_summer::state::{MAX_PLAYERS, MIN_PLAYERS};
use pavilion_summer::{Game, Options, Side, NUM_ACTIONS};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::Int;
use crate::arrays::{array, matrix};
use crate::errors::to_py;

/// How a self-play run goes (either game), read from Python's arguments.
pub struct Run {
    pub indices: Vec<u64>,
    pub seed: u64,
    pub threads: usize,
    pub playing: Playing,
}

impl Run {
    /// The run's arguments, each checked; a bad agent spec is refused here,
    /// before any thread starts. `fast_iterations` 0 searches every decision
    /// in full; else a `full_share` of them (`FastSearches`).
    pub fn read<G: pavilion_core::Game>(
        agent: &str,
        indices: &[Int],
        seed: Int,
        threads: Int,
        sample_moves: Int,
        (fast_iterations, full_share): (Int, f64),
    ) -> PyResult<Run> {
        mcts_agent_from_spec::<G>(agent, 0).map_err(to_py)?;
        let fast_iterations = fast_iterations.within("fast_iterations", 0, MAX_ITERATIONS)?;
        let fast = match fast_iterations {
            0 => None,
            n => Some(FastSearches::new(n, full_share).map_err(to_py)?),
        };
        Ok(Run {
            indices: crate::args::game_indices(indices)?,
            seed: seed.within("seed", 0, u64::MAX)?,
            threads: threads.within("threads", 1, MAX_THREADS)? as usize,
            playing: Playing {
                sample_moves: sample_moves.within("sample_moves", 0, u64::from(MAX_SAMPLE_MOVES))? as u32,
                fast,
            },
        })
    }

    /// Plays the run's games on its threads without the GIL (Ctrl-C raises
    /// KeyboardInterrupt); `game(index, stop)` plays one.
    pub fn play<T: Send>(
        &self,
        py: Python<'_>,
        game: impl Fn(u64, &AtomicBool) -> Result<Option<T>, pavilion_core::Error> + Sync,
    ) -> PyResult<Vec<T>> {
        crate::interrupt::run(py, |stop| run_indexed(&self.indices, self.threads, stop, &|index| game(index, stop)))?
            .map_err(to_py)
    }
}

/// One game's decisions, row by row.
#[derive(Default)]
struct Rows {
    game: SelfPlayGame,
    ply: Vec<i16>,
    to_move: Vec<i8>,
    action: Vec<i16>,
    observation: Vec<f32>,
    legal_mask: Vec<bool>,
    policy: Vec<f32>,
    search_value: Vec<f32>,
    full: Vec<bool>,
}

fn play(
    spec: &str,
    opts: Options,
    seed: u64,
    index: u64,
    playing: Playing,
    stop: &AtomicBool,
) -> Result<Option<Rows>, pavilion_core::Error> {
    let mut rows = Rows::default();
    let mut mask = [false; NUM_ACTIONS];
    let id = |m: &pavilion_summer::Move| m.action().expect("every legal move has an action id");
    let game = selfplay_game(spec, &|s| Game::new(opts, s), seed, index, playing, stop, &mut |g, d| {
        rows.ply.push(d.ply as i16);
        rows.to_move.push(d.to_move as i8);
        rows.action.push(id(&d.played) as i16);
        rows.search_value.push(d.value.map_or(f32::NAN, |v| v as f32));
        rows.full.push(d.full);
        observe(g, d.to_move, &mut rows.observation);
        legal_actions_mask(g, &mut mask);
        rows.legal_mask.extend_from_slice(&mask);
        let at = rows.policy.len();
        rows.policy.resize(at + NUM_ACTIONS, 0.0);
        for (m, p) in d.policy {
            rows.policy[at + id(m)] = *p;
        }
    })?;
    Ok(game.map(|game| Rows { game, ..rows }))
}

/// Plays self-play games number `indices` (game i has seed `seed + i`, as in
/// `play_matches`) with the searching agent `agent` in every seat, on `threads`
/// threads. The first `sample_moves` decisions of each game play a move drawn
/// from the search's probabilities, the rest its best move. With
/// `fast_iterations` above 0, a decision searches in full (the agent's budget)
/// with probability `full_share`, else with that many iterations, only to
/// choose its move (playout-cap randomisation).
///
/// Returns numpy arrays, one row per decision in game order — "game", "ply",
/// "to_move", "action" (the move played), "observation" (what the player to
/// move sees), "legal_mask", "policy" (the search's probability per action id),
/// "search_value" (the search's win share for the mover, NaN where one legal
/// move left nothing to search), "full" (whether the search had the agent's
/// budget: only those policies are training targets) — and one row per game: "index", "scores", "returns" (each seat's share of
/// the win), "moves". Ctrl-C abandons the games in progress and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (agent, indices, players=Int(2), side="coloured", seed=Int(0), threads=Int(1), sample_moves=Int(0), fast_iterations=Int(0), full_share=DEFAULT_FULL_SHARE),
       text_signature = "(agent, indices, players=2, side='coloured', seed=0, threads=1, sample_moves=0, fast_iterations=0, full_share=0.25)")]
#[allow(clippy::too_many_arguments)]
pub fn selfplay<'py>(
    py: Python<'py>,
    agent: &str,
    indices: Vec<Int>,
    players: Int,
    side: &str,
    seed: Int,
    threads: Int,
    sample_moves: Int,
    fast_iterations: Int,
    full_share: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let side: Side = side.parse().map_err(to_py)?;
    let players = players.within("players", MIN_PLAYERS as i64, MAX_PLAYERS as u64)? as usize;
    let opts = Options::new(players, side, None).map_err(to_py)?;
    let run = Run::read::<pavilion_summer::Game>(
        agent,
        &indices,
        seed,
        threads,
        sample_moves,
        (fast_iterations, full_share),
    )?;
    let games = run.play(py, |index, stop| play(agent, opts, run.seed, index, run.playing, stop))?;

    let d = PyDict::new(py);
    let game_of_row: Vec<i64> =
        games.iter().flat_map(|g| std::iter::repeat_n(g.game.index as i64, g.ply.len())).collect();
    d.set_item("game", array(py, &game_of_row)?)?;
    d.set_item("ply", array(py, &concat(&games, |g| &g.ply))?)?;
    d.set_item("to_move", array(py, &concat(&games, |g| &g.to_move))?)?;
    d.set_item("action", array(py, &concat(&games, |g| &g.action))?)?;
    d.set_item("observation", matrix(py, &concat(&games, |g| &g.observation), OBSERVATION_LEN)?)?;
    d.set_item("legal_mask", matrix(py, &concat(&games, |g| &g.legal_mask), NUM_ACTIONS)?)?;
    d.set_item("policy", matrix(py, &concat(&games, |g| &g.policy), NUM_ACTIONS)?)?;
    d.set_item("search_value", array(py, &concat(&games, |g| &g.search_value))?)?;
    d.set_item("full", array(py, &concat(&games, |g| &g.full))?)?;
    let index: Vec<i64> = games.iter().map(|g| g.game.index as i64).collect();
    let scores: Vec<i32> = games.iter().flat_map(|g| g.game.scores.iter().map(|&s| s as i32)).collect();
    let returns: Vec<f32> = games.iter().flat_map(|g| g.game.returns.iter().map(|&r| r as f32)).collect();
    let moves: Vec<i32> = games.iter().map(|g| g.game.moves as i32).collect();
    d.set_item("index", array(py, &index)?)?;
    d.set_item("scores", matrix(py, &scores, players)?)?;
    d.set_item("returns", matrix(py, &returns, players)?)?;
    d.set_item("moves", array(py, &moves)?)?;
    Ok(d)
}

/// One field of every game's rows, end to end.
fn concat<T: Copy>(games: &[Rows], field: impl Fn(&Rows) -> &Vec<T>) -> Vec<T> {
    games.iter().flat_map(|g| field(g).iter().copied()).collect()
}
