//! What a network reads of a Summer Pavilion position and of its moves
//! (`pavilion_core::net`).
//!
//! * The position: the public observation ([`crate::observation`]) from the
//!   seat of the player to move, each block divided by [`SCALES`] so that
//!   every number lies near 0..1 (tile counts and scores are raw counts in
//!   the observation), then each board's prospects ([`crate::prospects`],
//!   version 2). Nothing hidden enters it: the bag is counts only.
//! * A move: a fixed row of [`MOVE_FEATURES`] numbers of the move itself
//!   (kind, source, colour, star, space, wilds, tiles), the same in every
//!   position, so a row is a function of the action id ([`action_features`]);
//!   the network reads the rest from the position.
//!
//! The layout below is the one home of both; docs/ENCODING.md describes it.

use crate::action::NUM_ACTIONS;
use crate::board::{Side, NUM_STARS};
use crate::moves::{Move, NUM_SOURCES};
use crate::observation::{observe, LAYOUT, OBSERVATION_LEN, PLAYER_LAYOUT};
use crate::prospects::{prospects, PROSPECTS};
use crate::state::{Game, MAX_PLAYERS};
use crate::tiles::{Colour, Tiles, NUM_COLOURS};

/// Bumped whenever a layout below changes: a network records the version it was trained on.
/// Version 2 appended the boards' prospects to version 1's scaled observation.
pub const ENCODING_VERSION: u32 = 2;
/// Numbers of a position of version 1: the observation's.
pub const V1_POSITION_FEATURES: usize = OBSERVATION_LEN;
/// Numbers of a position: the observation's, then the prospects.
pub const POSITION_FEATURES: usize = OBSERVATION_LEN + PROSPECTS;
/// Numbers of a move: kind (4), source (10), colour (6), star (7), space on its star (6),
/// wilds paid, the space's value on the coloured side, and tiles taken or kept (6).
pub const MOVE_FEATURES: usize = 4 + NUM_SOURCES + NUM_COLOURS + NUM_STARS + 6 + 1 + 1 + NUM_COLOURS;

/// The encoding as a network records it.
pub const ENCODING: pavilion_core::net::EncodingInfo = pavilion_core::net::EncodingInfo {
    game: "summer-pavilion",
    version: ENCODING_VERSION,
    position_features: POSITION_FEATURES,
    move_features: MOVE_FEATURES,
    board_features: 0,
    board_seats: 0,
    prefixes: &[(1, V1_POSITION_FEATURES)],
};

/// What each observation block is divided by (blocks not named are one-hots or flags, kept as they are):
/// a factory holds 4 tiles, the centre and the supply about 10 of a colour, the bag and
/// the tower at most the 22 tiles of a colour, a score stays near 100, a hand near 10.
pub const SCALES: &[(&str, f32)] = &[
    ("bonus_owed", 4.0),
    ("factories", 4.0),
    ("centre", 10.0),
    ("supply", 10.0),
    ("bag", 22.0),
    ("tower", 22.0),
    ("score", 100.0),
    ("hand", 10.0),
    ("kept", 4.0),
];

fn scale_of(name: &str) -> f32 {
    SCALES.iter().find(|(n, _)| *n == name).map_or(1.0, |&(_, s)| s)
}

/// The divisor of every observation number, from the layouts and [`SCALES`].
fn divisors() -> &'static [f32] {
    static DIVISORS: std::sync::OnceLock<Vec<f32>> = std::sync::OnceLock::new();
    DIVISORS.get_or_init(|| {
        let mut out = Vec::with_capacity(OBSERVATION_LEN);
        for &(name, len, _) in LAYOUT {
            if name == "players" {
                for _ in 0..MAX_PLAYERS {
                    for &(field, flen, _) in PLAYER_LAYOUT {
                        out.extend(std::iter::repeat_n(scale_of(field), flen));
                    }
                }
            } else {
                out.extend(std::iter::repeat_n(scale_of(name), len));
            }
        }
        assert_eq!(out.len(), OBSERVATION_LEN, "the layouts cover the observation");
        out
    })
}

/// Scales an observation (`OBSERVATION_LEN` numbers, as `observe` writes them) into position features, in place.
pub fn scale_observation(values: &mut [f32]) {
    for (v, d) in values.iter_mut().zip(divisors()) {
        *v /= d;
    }
}

/// Turns the raw observation at the end of `out` (from `start`) into
/// position features on `side`: its prospects are read, then it is scaled
/// and they follow it.
fn finish_features(out: &mut Vec<f32>, start: usize, side: Side) {
    let prospects = prospects(&out[start..], side);
    scale_observation(&mut out[start..]);
    out.extend_from_slice(&prospects);
}

/// A raw observation's position features (`POSITION_FEATURES` numbers) on `side`, appended to `out`.
pub fn observation_features(observation: &[f32], side: Side, out: &mut Vec<f32>) {
    let start = out.len();
    out.extend_from_slice(observation);
    finish_features(out, start, side);
}

/// The position's features from the mover's seat, appended to `out`.
pub fn position_features(g: &Game, out: &mut Vec<f32>) {
    let start = out.len();
    observe(g, g.current_player(), out);
    finish_features(out, start, g.opts.side);
}

fn one_hot(out: &mut Vec<f32>, len: usize, hot: Option<usize>) {
    out.extend((0..len).map(|i| if Some(i) == hot { 1.0 } else { 0.0 }));
}

fn tiles(out: &mut Vec<f32>, t: Option<&Tiles>) {
    out.extend(Colour::ALL.iter().map(|&c| t.map_or(0.0, |t| t.get(c) as f32 / 4.0)));
}

/// The features of one move, appended to `out` (`MOVE_FEATURES` numbers).
pub fn move_features(m: &Move, out: &mut Vec<f32>) {
    let start = out.len();
    let kind = match m {
        Move::Draft { .. } => 0,
        Move::Place { .. } => 1,
        Move::Bonus { .. } => 2,
        Move::Pass { .. } => 3,
    };
    one_hot(out, 4, Some(kind));
    let source = match m {
        Move::Draft { source, .. } => Some(source.index()),
        _ => None,
    };
    one_hot(out, NUM_SOURCES, source);
    let colour = match m {
        Move::Draft { colour, .. } | Move::Place { colour, .. } => Some(colour.index()),
        _ => None,
    };
    one_hot(out, NUM_COLOURS, colour);
    let space = match m {
        Move::Place { space, .. } => Some(*space),
        _ => None,
    };
    one_hot(out, NUM_STARS, space.map(|s| s.star().index()));
    one_hot(out, 6, space.map(|s| s.pos()));
    out.push(match m {
        Move::Place { wilds, .. } => *wilds as f32 / 3.0,
        _ => 0.0,
    });
    out.push(space.map_or(0.0, |s| (s.pos() + 1) as f32 / 6.0));
    tiles(
        out,
        match m {
            Move::Bonus { take } => Some(take),
            Move::Pass { keep } => Some(keep),
            _ => None,
        },
    );
    debug_assert_eq!(out.len() - start, MOVE_FEATURES);
}

/// Every action id's move features, one row per id (`NUM_ACTIONS` × `MOVE_FEATURES`,
/// zeros for an id that names no move): what training reads for the legal moves of a shard's row.
pub fn action_features() -> Vec<f32> {
    let mut out = Vec::with_capacity(NUM_ACTIONS * MOVE_FEATURES);
    for a in 0..NUM_ACTIONS {
        match Move::from_action(a) {
            Some(m) => move_features(&m, &mut out),
            None => out.extend(std::iter::repeat_n(0.0, MOVE_FEATURES)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use pavilion_core::rng::SplitMix64;

    use super::*;
    use crate::board::Side;
    use crate::moves::MoveList;
    use crate::state::Options;

    #[test]
    fn every_position_number_is_near_0_to_1_in_random_games() {
        for seed in 0..20 {
            for players in 2..=4 {
                let mut g = Game::new(Options::new(players, Side::Coloured, None).unwrap(), seed);
                let mut rng = SplitMix64::new(seed);
                while !g.is_over() {
                    let mut out = Vec::new();
                    position_features(&g, &mut out);
                    assert_eq!(out.len(), POSITION_FEATURES);
                    assert!(out.iter().all(|v| (0.0..=2.0).contains(v)), "{out:?}");
                    let mut moves = MoveList::new();
                    g.legal_moves(&mut moves);
                    let m = moves[rng.below(moves.len() as u32) as usize];
                    g.play_unchecked(&m);
                }
            }
        }
    }

    #[test]
    fn a_moves_features_tell_apart_every_action() {
        let table = action_features();
        assert_eq!(table.len(), NUM_ACTIONS * MOVE_FEATURES);
        let rows: std::collections::HashSet<Vec<u32>> = (0..NUM_ACTIONS)
            .filter(|&a| Move::from_action(a).is_some())
            .map(|a| table[a * MOVE_FEATURES..(a + 1) * MOVE_FEATURES].iter().map(|v| v.to_bits()).collect())
            .collect();
        let moves = (0..NUM_ACTIONS).filter(|&a| Move::from_action(a).is_some()).count();
        assert_eq!(rows.len(), moves, "no two moves share a row");
    }

    #[test]
    fn the_bags_order_never_enters_the_encoding() {
        let mut g = Game::new(Options::new(3, Side::Gray, None).unwrap(), 7);
        let mut a = Vec::new();
        position_features(&g, &mut a);
        g.redraw_hidden(99);
        let mut b = Vec::new();
        position_features(&g, &mut b);
        assert_eq!(a, b);
    }
}
