//! Perft: the number of move sequences of a given length, a fingerprint of
//! move generation and apply together (chance included: draws come from the
//! seeded state, so the count is exact and repeatable).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::moves::MoveList;
use crate::state::Game;

pub fn perft(g: &Game, depth: u32) -> u64 {
    perft_until(g, depth, &AtomicBool::new(false))
}

/// Perft that gives up (returning a partial count) once `stop` is set.
pub fn perft_until(g: &Game, depth: u32, stop: &AtomicBool) -> u64 {
    if depth == 0 || (depth >= 3 && stop.load(Ordering::Relaxed)) {
        return 1;
    }
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut c = *g;
            c.play_unchecked(m);
            perft_until(&c, depth - 1, stop)
        })
        .sum()
}
