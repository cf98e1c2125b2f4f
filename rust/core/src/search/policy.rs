//! Rollout policies: how a simulation plays from a leaf to the end of the game.

use crate::game::Game;
use crate::rng::SplitMix64;

/// Chooses moves during a rollout (of a game that is not over); `scratch` is
/// a move buffer the policy may fill. Implementations return legal moves only.
pub trait Rollout<G: Game>: Send + Sync {
    fn choose(&self, g: &G, scratch: &mut G::MoveList, rng: &mut SplitMix64) -> G::Move;
}

/// Uniform over the legal moves (the game's own fast random move).
pub struct UniformRollout;

impl<G: Game> Rollout<G> for UniformRollout {
    fn choose(&self, g: &G, scratch: &mut G::MoveList, rng: &mut SplitMix64) -> G::Move {
        g.random_move(rng, scratch)
    }
}
