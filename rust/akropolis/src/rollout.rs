//! An informed rollout for the search: mostly the best of a few random moves by
//! a quick judgement of what a placement is worth now, sometimes a random move.
//!
//! The judgement is local and cheap (a dozen lookups, no scoring): each new hex
//! is worth its level times the stars its kind already has (a market next to a
//! market nothing; a plaza a few points per star, since it multiplies districts
//! to come), each covered hex loses what it was worth, a covered quarry brings a
//! stone and the tile costs its index. Scoring a city exactly costs hundreds of
//! times more, which a rollout cannot afford at every move.

use pavilion_core::rng::SplitMix64;
use pavilion_core::search::policy::Rollout;

use crate::city::{footprint, City};
use crate::hex::Hex;
use crate::moves::{Move, MoveList};
use crate::state::Game;
use crate::tiles::{tile_faces, Face, Kind};

/// Random moves judged per choice.
const SAMPLES: usize = 6;
/// Chance in 256 of playing the best sample rather than the first (random) one.
const GREEDY: u32 = 208;
/// What a plaza's star is worth now, in points (it multiplies the districts of its kind).
const STAR_VALUE: i32 = 3;

pub struct InformedRollout;

impl Rollout<Game> for InformedRollout {
    fn choose(&self, g: &Game, _scratch: &mut MoveList, rng: &mut SplitMix64) -> Move {
        let first = g.random_move(rng);
        if rng.below(256) >= GREEDY {
            return first;
        }
        let (mut best, mut best_v) = (first, quick_value(g, &first));
        for _ in 1..SAMPLES {
            let m = g.random_move(rng);
            let v = quick_value(g, &m);
            if v > best_v {
                (best, best_v) = (m, v);
            }
        }
        best
    }
}

/// What a hex is worth where it stands, by the quick judgement.
fn worth(city: &City, at: Hex, face: Face, level: i32) -> i32 {
    if face == Face::QUARRY {
        return 0;
    }
    let kind = face.kind();
    if face.is_plaza() {
        return STAR_VALUE * face.stars() as i32;
    }
    if kind == Kind::Market && at.neighbours().iter().any(|&n| city.top(n).is_some_and(|t| t.face == face)) {
        return 0;
    }
    city.plaza_stars(kind) as i32 * level
}

/// The quick judgement of a legal move for the player to move.
pub fn quick_value(g: &Game, m: &Move) -> i32 {
    let city = g.city(g.current_player());
    let faces = tile_faces(g.site()[m.index as usize]);
    let mut v = -(m.index as i32);
    for (h, face) in footprint(m.at, m.rot).into_iter().zip(faces) {
        let below = city.top(h);
        let level = below.map_or(1, |t| t.height as i32 + 1);
        if let Some(t) = below {
            v += if t.face == Face::QUARRY { 1 } else { -worth(city, h, t.face, level - 1) };
        }
        v += worth(city, h, face, level);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;

    #[test]
    fn informed_rollouts_play_legal_moves_and_outscore_random_ones() {
        let (mut informed, mut random) = (0u64, 0u64);
        for seed in 0..20 {
            let mut rng = SplitMix64::new(seed);
            let mut g = Game::new(Options::default(), seed).unwrap();
            let mut h = g.clone();
            while !g.is_over() {
                let m = InformedRollout.choose(&g, &mut Vec::new(), &mut rng);
                g.play(&m).expect("a legal move");
                let r = h.random_move(&mut rng);
                h.play(&r).unwrap();
            }
            informed += g.scores().iter().sum::<u32>() as u64;
            random += h.scores().iter().sum::<u32>() as u64;
        }
        // A modest edge (about a sixth more points): the judgement is quick, not deep.
        assert!(informed * 10 > random * 11, "informed {informed} vs random {random} points over 20 games");
    }

    #[test]
    fn the_quick_value_counts_stars_levels_stones_and_cost() {
        let mut g = Game::new(Options::default(), 1).unwrap();
        g.site[0] = 18; // Hmb: a House plaza (1 star), a market, a barracks
        g.site[1] = 7; // gqq
                       // On the ground next to the start: a House plaza's star, no market or barracks plaza yet.
        assert_eq!(quick_value(&g, &Move::parse("0@1,0/0").unwrap()), STAR_VALUE);
        // The garden tile costs a stone and has no plaza to score for.
        assert_eq!(quick_value(&g, &Move::parse("1@1,0/0").unwrap()), -1);
    }
}
