//! Rollout policies: how a simulation plays from a leaf to the end of the game.

pub use pavilion_core::search::policy::{Rollout, UniformRollout};

use crate::movegen::KeepSets;
use crate::moves::{Move, MoveList, Source};
use crate::rng::SplitMix64;
use crate::state::Game;

// The uniform rollout (`UniformRollout`, from core) is weak in this game: a hand
// of tiles has up to 210 keep sets, so a uniform pick mostly passes at once.

/// Cheap informed play, close to the greedy agent with some noise: drafts
/// mostly the take with the most tiles (counting the centre penalty);
/// places before passing, mostly the placement that scores most now (points
/// plus bonus tiles, sparing wilds); passes keeping as many tiles as allowed;
/// bonus picks at random.
pub struct InformedRollout;

/// Chance in 256 of playing the heuristic's choice rather than a random one.
const GREEDY_DRAFT: u32 = 192;
const GREEDY_PLACE: u32 = 216;

fn best_by<F: Fn(&Move) -> i32>(moves: &[Move], f: F) -> Move {
    let mut best = moves[0];
    let mut best_v = i32::MIN;
    for m in moves {
        let v = f(m);
        if v > best_v {
            best_v = v;
            best = *m;
        }
    }
    best
}

impl Rollout<Game> for InformedRollout {
    fn choose(&self, g: &Game, moves: &mut MoveList, rng: &mut SplitMix64) -> Move {
        g.legal_moves(moves);
        let moves = &*moves;
        match moves[0] {
            Move::Draft { .. } => {
                if rng.below(256) >= GREEDY_DRAFT {
                    return moves[rng.below(moves.len() as u32) as usize];
                }
                best_by(moves, |m| draft_value(g, m))
            }
            Move::Bonus { .. } => moves[rng.below(moves.len() as u32) as usize],
            Move::Pass { .. } => best_keep(g, rng),
            Move::Place { .. } => {
                // Placements come first in the list, then the passes.
                let places = moves.iter().position(|m| matches!(m, Move::Pass { .. })).unwrap_or(moves.len());
                if rng.below(256) >= GREEDY_PLACE {
                    return moves[rng.below(places as u32) as usize];
                }
                best_by(&moves[..places], |m| match *m {
                    Move::Place { space, wilds, .. } => g.place_gain(space) as i32 * 8 - wilds as i32,
                    _ => i32::MIN,
                })
            }
        }
    }
}

/// Tiles a draft takes, less the points it costs (as the greedy agent counts
/// them), times 4 (integer scale), plus one for taking a wild.
fn draft_value(g: &Game, m: &Move) -> i32 {
    let Move::Draft { source, colour } = *m else { return i32::MIN };
    let taken = g.draft_take(source, colour).total();
    let penalty = g.draft_penalty(source, taken) as i32;
    let taken = taken as i32;
    let wild_there = match source {
        Source::Centre => g.centre().get(g.wild()),
        Source::Factory(i) => g.factories()[i as usize].get(g.wild()),
    } > 0;
    4 * (taken - penalty) + wild_there as i32
}

/// A random pass among those keeping the most tiles.
pub fn best_keep(g: &Game, rng: &mut SplitMix64) -> Move {
    let keeps = KeepSets::of(&g.board(g.current_player()).hand);
    let largest = keeps.largest();
    let k = rng.below(keeps.count(largest..=largest));
    Move::Pass { keep: keeps.nth(largest..=largest, k) }
}
