//! Uniformly random playouts: the reference workload for tests and benchmarks.

use crate::moves::MoveList;
use crate::rng::SplitMix64;
use crate::state::Game;

/// Plays uniformly random legal moves until the game ends; returns the number of moves.
/// `rng` is the player's choice source, separate from the game's chance state.
pub fn random_playout(g: &mut Game, rng: &mut SplitMix64) -> u32 {
    let mut moves = MoveList::new();
    let mut n = 0;
    loop {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return n;
        }
        let m = moves[rng.below(moves.len() as u32) as usize];
        g.play_unchecked(&m);
        n += 1;
    }
}
