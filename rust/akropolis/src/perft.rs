//! Perft: the number of move sequences of a given length, a checksum of move
//! generation and apply together (compared with golden counts in `seeds/`).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::moves::MoveList;
use crate::state::Game;

/// Leaves of the move tree `depth` plies deep (a finished game is one leaf).
pub fn perft(game: &Game, depth: u32) -> u64 {
    perft_until(game, depth, &AtomicBool::new(false))
}

/// `perft` that gives up (with a meaningless count) once `stop` is set, so
/// Ctrl-C can end a deep count from Python.
pub fn perft_until(game: &Game, depth: u32, stop: &AtomicBool) -> u64 {
    if depth == 0 || game.is_over() || (depth >= 3 && stop.load(Ordering::Relaxed)) {
        return 1;
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = game.clone();
            next.play_unchecked(m);
            perft_until(&next, depth - 1, stop)
        })
        .sum()
}
