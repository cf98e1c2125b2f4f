//! Legal moves: every affordable site tile times every legal footprint.
//!
//! A footprint is legal on the ground when its three positions are empty and one
//! of them touches the city (is on the frontier), and higher up when its three
//! positions have the same height and their visible hexes come from two or more
//! tiles. Which tile is taken does not change where it fits, so footprints are
//! found once per position and paired with each tile the player can pay for.
//! `check` is written separately from the generator (the random-game tests
//! compare the two), and says why a move is illegal.

use pavilion_core::error::Error;
use pavilion_core::rng::SplitMix64;

use crate::city::{footprint, City, Unplaceable};
use crate::hex::Hex;
use crate::moves::{Move, MoveList};
use crate::state::Game;

/// Where a footprint can go: (anchor, rotation).
pub type Footprint = (Hex, u8);

/// Every legal footprint in a city: ground ones first (found from the frontier),
/// then upper ones (anchored on an occupied position). Each appears once.
pub fn footprints(city: &City, out: &mut Vec<Footprint>) {
    out.clear();
    for_each_footprint(city, |at, rot| out.push((at, rot)));
}

fn for_each_footprint(city: &City, mut found: impl FnMut(Hex, u8)) {
    for fi in 0..city.frontier_len() {
        let f = city.frontier_hex(fi);
        for j in 0..3 {
            for rot in 0..6u8 {
                let at = anchor_for(f, j, rot);
                let spots = footprint(at, rot);
                // Counted from its first frontier position only, so once.
                if spots.iter().all(|&h| city.height(h) == 0) && !spots[..j].iter().any(|&h| city.is_frontier(h)) {
                    found(at, rot);
                }
            }
        }
    }
    for e in 0..city.entry_count() {
        if city.entry_height(e) == 0 {
            continue;
        }
        let at = city.entry_hex(e);
        for rot in 0..6u8 {
            if city.can_place(footprint(at, rot)).is_ok() {
                found(at, rot);
            }
        }
    }
}

/// The anchor that puts hex `j` (0, 1 or 2) of a tile turned `rot` on position `f`.
#[inline]
fn anchor_for(f: Hex, j: usize, rot: u8) -> Hex {
    match j {
        0 => f,
        1 => f.step(rot as usize + 3),
        _ => f.step(rot as usize + 4),
    }
}

/// A legal footprint drawn uniformly from all of them, without listing them:
/// candidates are drawn from a superset (each frontier position with each of
/// 18 ways a tile can cover it, and each position with each of 6 rotations as
/// an anchor) and rejected until one is legal. A ground footprint with c frontier
/// positions has c candidates, so it is kept with probability 1/c; an upper one
/// has exactly one. Every legal footprint is thus equally likely.
pub fn random_footprint(city: &City, rng: &mut SplitMix64) -> Footprint {
    let ground = 18 * city.frontier_len() as u32;
    let total = ground + 6 * city.entry_count() as u32;
    loop {
        let u = rng.below(total);
        if u < ground {
            let (fi, rem) = ((u / 18) as usize, u % 18);
            let (j, rot) = ((rem / 6) as usize, (rem % 6) as u8);
            let at = anchor_for(city.frontier_hex(fi), j, rot);
            let spots = footprint(at, rot);
            if spots.iter().any(|&h| city.height(h) != 0) {
                continue;
            }
            let touching = spots.iter().filter(|&&h| city.is_frontier(h)).count() as u32;
            if touching == 1 || rng.below(touching) == 0 {
                return (at, rot);
            }
        } else {
            let v = u - ground;
            let e = (v / 6) as usize;
            let rot = (v % 6) as u8;
            if city.entry_height(e) == 0 {
                continue;
            }
            let at = city.entry_hex(e);
            if city.can_place(footprint(at, rot)).is_ok() {
                return (at, rot);
            }
        }
    }
}

impl Game {
    /// Highest site index the player to move can pay for (index i costs i stones).
    pub fn max_affordable(&self) -> usize {
        (self.site().len() - 1).min(self.stones(self.current_player()) as usize)
    }

    /// Every legal move: for each affordable site index, every legal footprint.
    /// Empty once the game is over.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if self.is_over() {
            return;
        }
        // The footprints once (as index-0 moves), then copied for each dearer tile:
        // no allocation beyond what `out` already holds.
        for_each_footprint(self.city(self.current_player()), |at, rot| out.push(Move { index: 0, at, rot }));
        let n = out.len();
        for index in 1..=self.max_affordable() as u8 {
            out.extend_from_within(..n);
            out[index as usize * n..].iter_mut().for_each(|m| m.index = index);
        }
    }

    /// A legal move drawn uniformly from `legal_moves` without listing them.
    /// Call only while the game is not over.
    pub fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let index = rng.below(self.max_affordable() as u32 + 1) as u8;
        let (at, rot) = random_footprint(self.city(self.current_player()), rng);
        Move { index, at, rot }
    }

    /// Whether a move is legal now, and if not, why (independent of the generator).
    pub fn check(&self, m: &Move) -> Result<(), Error> {
        let illegal = |why: String| Err(Error::IllegalMove(why));
        if self.is_over() {
            return illegal("the game is over".into());
        }
        let (index, len) = (m.index as usize, self.site().len());
        if index >= len {
            return illegal(format!("the construction site has {len} tiles (indexes 0 to {})", len - 1));
        }
        let stones = self.stones(self.current_player());
        if index as u32 > stones {
            return illegal(format!("site tile {index} costs {index} stones; you have {stones}"));
        }
        match self.city(self.current_player()).can_place(m.footprint()) {
            Ok(_) => Ok(()),
            Err(Unplaceable::UnequalHeights) => {
                illegal(format!("{m}: the three positions under the tile are not at the same height"))
            }
            Err(Unplaceable::NotTouching) => illegal(format!("{m}: a tile on the ground must touch the city")),
            Err(Unplaceable::OneTileBelow) => {
                illegal(format!("{m}: a tile placed higher must rest on at least two tiles"))
            }
        }
    }
}
