//! Perft: the number of move sequences of a given length, a fingerprint of
//! move generation and apply together (chance included: draws come from the
//! seeded state, so the count is exact and repeatable).

use crate::moves::MoveList;
use crate::state::Game;

pub fn perft(g: &Game, depth: u32) -> u64 {
    if depth == 0 {
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
            perft(&c, depth - 1)
        })
        .sum()
}
