//! Fixed, seeded workloads for `pavilion bench` and `benches/`. Each returns
//! the count it processed, so a benchmark can assert it measured the right thing.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::Side;
use crate::moves::MoveList;
use crate::playout::random_playout;
use crate::rng::SplitMix64;
use crate::search::RolloutKind;
use crate::state::{Game, Options};

/// A fixed set of positions from every phase: every 7th position of random
/// games for 2, 3 and 4 players on both sides.
pub fn positions(count: usize) -> Vec<Game> {
    let mut out = Vec::with_capacity(count);
    let mut moves = MoveList::new();
    let mut seed = 0u64;
    while out.len() < count {
        let players = 2 + (seed % 3) as usize;
        let side = if seed.is_multiple_of(2) { Side::Coloured } else { Side::Gray };
        let mut g = Game::new(Options::new(players, side, None).expect("valid"), seed);
        let mut r = SplitMix64::new(seed);
        let mut step = 0;
        while !g.is_over() && out.len() < count {
            if step % 7 == 0 {
                out.push(g);
            }
            g.legal_moves(&mut moves);
            g.play_unchecked(&moves[r.below(moves.len() as u32) as usize]);
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

/// Plays `games` uniformly random games (seeds `seed..seed+games`); returns the moves played.
/// Stops early (with a partial count) once `stop` is set.
pub fn random_games(players: usize, games: u64, seed: u64, stop: &AtomicBool) -> u64 {
    let opts = Options::new(players, Side::Coloured, None).expect("2..4 players");
    let mut chooser = SplitMix64::new(seed ^ 0x5EED);
    (seed..seed + games)
        .take_while(|_| !stop.load(Ordering::Relaxed))
        .map(|s| random_playout(&mut Game::new(opts, s), &mut chooser) as u64)
        .sum()
}

/// The same games split over `threads` threads (each thread its own seeds).
pub fn random_games_parallel(players: usize, games: u64, seed: u64, threads: usize, stop: &AtomicBool) -> u64 {
    let threads = threads.max(1) as u64;
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let n = games / threads + u64::from(t < games % threads);
                let start = seed + t * (games / threads + 1);
                s.spawn(move || random_games(players, n, start, stop))
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("no panics")).sum()
    })
}

/// The fixed MCTS position: a 2-player opening, seed 1.
pub fn mcts_position() -> Game {
    opening(2)
}

/// The opening of seed 1 for `players` seats (2 to 4), where the networks are measured.
pub fn opening(players: usize) -> Game {
    let options = Options::new(players, Options::default().side, None).expect("2 to 4 players");
    Game::new(options, 1)
}

/// Runs `iterations` MCTS iterations on the fixed position; returns the tree
/// nodes created and the visits of the most visited move (a behaviour fingerprint).
pub fn mcts(iterations: u64, threads: usize, rollout: RolloutKind) -> (u64, u64) {
    pavilion_core::search::bench_iterations(&mcts_position(), iterations, threads, rollout)
}

/// Runs `iterations` iterations of the search `mcts:net=default` runs (the
/// shipped network of `players` seats, its exploration and its mix, one thread)
/// on the opening of that many; returns the tree nodes created and the most
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
