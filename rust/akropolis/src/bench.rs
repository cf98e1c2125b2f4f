//! Fixed, seeded workloads for `pavilion bench`. Each returns the count it
//! processed, so a benchmark can check it measured the same work every run.

use std::sync::atomic::{AtomicBool, Ordering};

use pavilion_core::rng::SplitMix64;

use crate::moves::MoveList;
use crate::options::Options;
use crate::state::Game;

/// A fixed set of positions from every stage of the game: every 5th position of
/// random games for 2, 3 and 4 players.
pub fn positions(count: usize) -> Vec<Game> {
    let mut out = Vec::with_capacity(count);
    let mut seed = 0u64;
    while out.len() < count {
        let options = Options { players: 2 + (seed % 3) as usize, ..Options::default() };
        let mut g = Game::new(options, seed).expect("2 to 4 players");
        let mut rng = SplitMix64::new(seed);
        let mut step = 0;
        while !g.is_over() && out.len() < count {
            if step % 5 == 0 {
                out.push(g.clone());
            }
            let m = g.random_move(&mut rng);
            g.play_unchecked(&m);
            step += 1;
        }
        seed += 1;
    }
    out
}

/// Generates the legal moves of every position; returns the total number of moves.
pub fn movegen(positions: &[Game]) -> u64 {
    let mut moves = MoveList::new();
    positions
        .iter()
        .map(|g| {
            g.legal_moves(&mut moves);
            moves.len() as u64
        })
        .sum()
}

/// Plays `games` random games (seeds `seed..seed+games`) with the uniform random
/// move, scoring each at the end; returns the turns played plus the points scored
/// (so the count changes if either the play or the scoring does). Stops early
/// (with a partial count) once `stop` is set.
pub fn random_games(players: usize, games: u64, seed: u64, stop: &AtomicBool) -> u64 {
    let options = Options { players, ..Options::default() };
    let mut chooser = SplitMix64::new(seed ^ 0x5EED);
    (seed..seed + games)
        .take_while(|_| !stop.load(Ordering::Relaxed))
        .map(|s| {
            let mut g = Game::new(options, s).expect("2 to 4 players");
            let mut turns = 0;
            while !g.is_over() {
                let m = g.random_move(&mut chooser);
                g.play_unchecked(&m);
                turns += 1;
            }
            turns + g.scores().iter().map(|&p| p as u64).sum::<u64>()
        })
        .sum()
}

/// The fixed MCTS position: a 2-player opening, seed 1.
pub fn mcts_position() -> Game {
    opening(2)
}

/// The opening of seed 1 for `players` seats (2 to 4), where the networks are measured.
pub fn opening(players: usize) -> Game {
    Game::new(Options { players, ..Options::default() }, 1).expect("2 to 4 players")
}

/// Runs `iterations` MCTS iterations on the fixed position; returns the tree
/// nodes created and the visits of the most visited move (a behaviour fingerprint).
pub fn mcts(iterations: u64, threads: usize, rollout: pavilion_core::search::RolloutKind) -> (u64, u64) {
    pavilion_core::search::bench_iterations(&mcts_position(), iterations, threads, rollout)
}

/// Runs `iterations` iterations of the search guided by the shipped network
/// as `mcts:net=default` runs it (the game's priors reranked by the network's
/// values, its exploration, one thread) on the opening of `players` seats
/// (each count's own network); returns the tree nodes created and the most
/// visited move's visits.
pub fn net_mcts(iterations: u64, players: usize) -> (u64, u64) {
    pavilion_core::agents::bench_net_search(&opening(players), iterations)
}

/// Evaluates the shipped network's value `count` times on the opening of
/// `players` seats (its encoding included, as a leaf of the search does); returns `count`.
pub fn net_values(count: u64, players: usize) -> u64 {
    pavilion_core::search::bench_net_values(&opening(players), count)
}

/// Judges every candidate move of the opening of `players` seats by the
/// shipped network, `rounds` times (as a rerank does); returns the candidates judged.
pub fn net_candidates(rounds: u64, players: usize) -> u64 {
    pavilion_core::search::bench_net_candidates(&opening(players), rounds)
}
