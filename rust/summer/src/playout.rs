//! Uniformly random playouts: the reference workload for tests and benchmarks.

use crate::moves::MoveList;
use crate::rng::SplitMix64;
use crate::state::Game;

/// Plays uniformly random legal moves until the game ends; returns the number of moves.
/// `rng` is the player's choice source, separate from the game's chance state.
pub fn random_playout(g: &mut Game, rng: &mut SplitMix64) -> u32 {
    let mut scratch = MoveList::new();
    let mut n = 0;
    while let Some(m) = g.random_move(rng, &mut scratch) {
        g.play_unchecked(&m);
        n += 1;
    }
    n
}
