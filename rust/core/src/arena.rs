//! Seat-balanced matches between agents given by spec (`random`, `greedy`,
//! `mcts:iterations=2000,threads=1`; see `agents::agent_from_spec`), for any game.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::agents::{agent_from_spec, play_game};
use crate::error::Error;
use crate::game::Game;
use crate::search::outcome;

/// One finished match: which agent sat where, and how it went.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// The game's number in the series.
    pub index: u64,
    /// Agent index (into the spec list) for each seat.
    pub seats: Vec<usize>,
    /// Each seat's final score.
    pub scores: Vec<i64>,
    pub winners: Vec<usize>,
    pub moves: u32,
}

/// Agent for each seat in game `index`: the specs rotate round the table so
/// every agent sits in every seat equally often.
pub fn seating(num_specs: usize, players: usize, index: u64) -> Vec<usize> {
    (0..players).map(|s| (s + index as usize) % num_specs).collect()
}

/// Plays game number `index` of a match series (the game `new_game(seed + index)`);
/// `Ok(None)` when `stop` was set before it finished.
pub fn play_match<G: Game>(
    specs: &[String],
    new_game: &(dyn Fn(u64) -> G + Sync),
    seed: u64,
    index: u64,
    stop: &AtomicBool,
) -> Result<Option<MatchResult>, Error> {
    let game_seed = seed.wrapping_add(index);
    let game = new_game(game_seed);
    let players = game.num_players();
    let seats = seating(specs.len(), players, index);
    let mut agents = seats
        .iter()
        .enumerate()
        .map(|(s, &a)| agent_from_spec::<G>(&specs[a], game_seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect::<Result<Vec<_>, _>>()?;
    let Some((g, moves)) = play_game(game, &mut agents, stop) else { return Ok(None) };
    let scores = (0..players).map(|s| g.standing(s).0).collect();
    let wdl = outcome(&g).0;
    let winners = (0..players).filter(|&s| wdl[s] > 0.0).collect();
    Ok(Some(MatchResult { index, seats, scores, winners, moves }))
}

/// Plays games `indices` on `threads` worker threads; results in index order.
/// Once `stop` is set, games still running are abandoned and left out.
pub fn play_matches<G: Game>(
    specs: &[String],
    new_game: &(dyn Fn(u64) -> G + Sync),
    seed: u64,
    indices: &[u64],
    threads: usize,
    stop: &AtomicBool,
) -> Result<Vec<MatchResult>, Error> {
    for s in specs {
        agent_from_spec::<G>(s, 0)?;
    }
    run_indexed(indices, threads, stop, &|index| play_match(specs, new_game, seed, index, stop))
}

/// Runs `work(index)` for each of `indices` on `threads` worker threads (each
/// takes the next index when it is free); the finished results in index
/// order. Once `stop` is set no more work starts, and work that answers
/// `Ok(None)` (abandoned) is left out; the first error (in index order) is returned.
pub fn run_indexed<T: Send>(
    indices: &[u64],
    threads: usize,
    stop: &AtomicBool,
    work: &(dyn Fn(u64) -> Result<Option<T>, Error> + Sync),
) -> Result<Vec<T>, Error> {
    let threads = threads.clamp(1, indices.len().max(1));
    let mut out: Vec<Option<Result<Option<T>, Error>>> = (0..indices.len()).map(|_| None).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots = std::sync::Mutex::new(&mut out);
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= indices.len() || stop.load(Ordering::Relaxed) {
                    return;
                }
                let r = work(indices[i]);
                slots.lock().expect("no worker panics")[i] = Some(r);
            });
        }
    });
    // Work never started (after a stop) is `None`, like work abandoned.
    let mut finished = Vec::new();
    for r in out.into_iter().flatten() {
        finished.extend(r?);
    }
    Ok(finished)
}
