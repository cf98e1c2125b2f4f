//! `pavilion.VecGame`: many Summer Pavilion games stepped at once, for
//! learning agents. Arrays go to and from numpy as raw buffers, and the
//! stepping runs without the GIL.

use pavilion_summer::observation::{legal_actions_mask, observe, OBSERVATION_LEN};
use pavilion_summer::state::{MAX_PLAYERS, MIN_PLAYERS};
use pavilion_summer::{Game, Move, MoveList, Options, Side, NUM_ACTIONS};
use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args::Int;
use crate::arrays::{array, matrix};
use crate::errors::{to_py, IllegalMoveError, OptionsError};

/// Most games in one VecGame.
const MAX_ENVS: u64 = 1 << 16;

#[pyclass(name = "VecGame", module = "pavilion")]
pub struct PyVecGame {
    games: Vec<Game>,
    /// How many games each env has started (its next game's seed follows from it).
    started: Vec<u64>,
    options: Options,
    seed: u64,
}

impl PyVecGame {
    /// Env `i`'s `k`-th game: seed `seed + i + k * num_envs`.
    /// (While the envs are first filled, `k` is 0 and their number does not matter.)
    fn new_game(&self, i: usize, k: u64) -> Game {
        let n = self.games.len() as u64;
        Game::new(self.options, self.seed.wrapping_add(i as u64).wrapping_add(k.wrapping_mul(n)))
    }
}

#[pymethods]
impl PyVecGame {
    /// `num_envs` games of `players` players on `side`; env i's k-th game has
    /// seed `seed + i + k * num_envs` (the same game as `Game(seed=...)`).
    #[new]
    #[pyo3(
        signature = (num_envs, players=Int(2), side="coloured", seed=Int(0)),
        text_signature = "(num_envs, players=2, side='coloured', seed=0)"
    )]
    fn new(num_envs: Int, players: Int, side: &str, seed: Int) -> PyResult<Self> {
        let n = num_envs.within("num_envs", 1, MAX_ENVS)? as usize;
        let players = players.within("players", MIN_PLAYERS as i64, MAX_PLAYERS as u64)? as usize;
        let side: Side = side.parse().map_err(to_py)?;
        let options = Options::new(players, side, None).map_err(to_py)?;
        let seed = seed.within("seed", 0, u64::MAX)?;
        let mut v = PyVecGame { games: Vec::with_capacity(n), started: vec![1; n], options, seed };
        for i in 0..n {
            let first = v.new_game(i, 0);
            v.games.push(first);
        }
        Ok(v)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }

    #[getter]
    fn players(&self) -> usize {
        self.options.players as usize
    }

    /// The player to move in each game (int8[num_envs]).
    fn to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let seats: Vec<i8> = self.games.iter().map(|g| g.current_player() as i8).collect();
        array(py, &seats)
    }

    /// Each game's legal action ids, one after another: (int16[total] ids,
    /// int32[num_envs + 1] offsets); game i's are `ids[offsets[i]:offsets[i+1]]`,
    /// so `ids[offsets[:-1] + (u * counts).astype(int)]` picks one of each at random.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (ids, offsets) = py.detach(|| {
            let mut ids: Vec<i16> = Vec::with_capacity(self.games.len() * 64);
            let mut offsets: Vec<i32> = Vec::with_capacity(self.games.len() + 1);
            offsets.push(0);
            let mut moves = MoveList::new();
            for g in &self.games {
                g.legal_moves(&mut moves);
                ids.extend(moves.iter().map(|m| m.action().expect("legal moves have ids") as i16));
                offsets.push(ids.len() as i32);
            }
            (ids, offsets)
        });
        PyTuple::new(py, [array(py, &ids)?, array(py, &offsets)?])
    }

    /// Each game's legal actions as a mask (bool[num_envs, NUM_ACTIONS]).
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let masks = py.detach(|| {
            let mut out = Vec::with_capacity(self.games.len() * NUM_ACTIONS);
            let mut mask = [false; NUM_ACTIONS];
            for g in &self.games {
                legal_actions_mask(g, &mut mask);
                out.extend_from_slice(&mask);
            }
            out
        });
        matrix(py, &masks, NUM_ACTIONS)
    }

    /// What the player to move sees in each game (float32[num_envs, OBSERVATION_LEN]).
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = py.detach(|| {
            let mut v = Vec::with_capacity(self.games.len() * OBSERVATION_LEN);
            for g in &self.games {
                observe(g, g.current_player(), &mut v);
            }
            v
        });
        matrix(py, &v, OBSERVATION_LEN)
    }

    /// Plays one action id in every game (any integer sequence or array of
    /// num_envs); a finished game starts the env's next one at once. Returns
    /// (rewards float32[num_envs, players]: each winner's 1/k at a game's end,
    /// done bool[num_envs], to_move int8[num_envs]). An illegal action raises
    /// IllegalMoveError naming its env, and no game moves.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.games.len();
        let acts: Vec<i64> = match PyBuffer::<i64>::get(actions) {
            Ok(buf) => buf.to_vec(py)?,
            Err(_) => actions.extract().map_err(|_| {
                OptionsError::new_err("actions must be num_envs action ids (an int64 array or a list of ints)")
            })?,
        };
        if acts.len() != n {
            return Err(OptionsError::new_err(format!("actions: {} given for {n} games", acts.len())));
        }
        let mut moves: Vec<Move> = Vec::with_capacity(n);
        for (i, (&a, g)) in acts.iter().zip(&self.games).enumerate() {
            let m = usize::try_from(a).ok().and_then(Move::from_action).filter(|m| g.check(m).is_ok());
            match m {
                Some(m) => moves.push(m),
                None => return Err(IllegalMoveError::new_err(format!("illegal move: env {i}: action {a}"))),
            }
        }
        let players = self.options.players as usize;
        let (rewards, done, to_move) = py.detach(|| {
            let mut rewards = vec![0f32; n * players];
            let mut done = vec![false; n];
            for i in 0..n {
                self.games[i].play_unchecked(&moves[i]);
                if self.games[i].is_over() {
                    let winners = self.games[i].winners();
                    for &w in &winners {
                        rewards[i * players + w] = 1.0 / winners.len() as f32;
                    }
                    done[i] = true;
                    let k = self.started[i];
                    self.started[i] += 1;
                    self.games[i] = self.new_game(i, k);
                }
            }
            let to_move: Vec<i8> = self.games.iter().map(|g| g.current_player() as i8).collect();
            (rewards, done, to_move)
        });
        PyTuple::new(py, [matrix(py, &rewards, players)?, array(py, &done)?, array(py, &to_move)?])
    }

    /// Env `env`'s current game, as a `Game` (a copy).
    fn game(&self, env: Int) -> PyResult<crate::game::PyGame> {
        let i = env.within("env", 0, self.games.len() as u64 - 1)? as usize;
        Ok(crate::game::PyGame::wrap(self.games[i]))
    }
}
