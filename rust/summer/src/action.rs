//! A fixed integer id for every distinct move, so that Python loops and
//! learning code can work with plain ints (`legal_actions`, `apply_action`).
//!
//! Layout (`NUM_ACTIONS` = 1992):
//! * drafts: `source * 6 + colour` (source 0..9 factories, 9 the centre) — 60 ids;
//! * places: `60 + (space * 6 + colour) * 6 + wilds` — 1512 ids;
//! * bonus picks: `1572 + k`, k the index of the multiset among all of size ≤ 4 — 210 ids;
//! * passes: `1782 + k`, k the index of the keep set likewise — 210 ids.
//!
//! Ids are the same for every player count and side; some are never legal.

use crate::board::{Space, NUM_SPACES};
use crate::moves::{Move, Source, NUM_SOURCES};
use crate::tiles::{Colour, Tiles};

/// Drafts come first, from id 0.
pub const PLACE_BASE: usize = NUM_SOURCES * 6;
pub const BONUS_BASE: usize = PLACE_BASE + NUM_SPACES * 6 * 6;
pub const NUM_SMALL_SETS: usize = 210;
pub const PASS_BASE: usize = BONUS_BASE + NUM_SMALL_SETS;
pub const NUM_ACTIONS: usize = PASS_BASE + NUM_SMALL_SETS;

const CODES: usize = 5 * 5 * 5 * 5 * 5 * 5;

const fn digits(code: usize) -> [u8; 6] {
    let mut d = [0u8; 6];
    let mut c = code;
    let mut i = 0;
    while i < 6 {
        d[i] = (c % 5) as u8;
        c /= 5;
        i += 1;
    }
    d
}

const fn size(d: &[u8; 6]) -> usize {
    let mut s = 0;
    let mut i = 0;
    while i < 6 {
        s += d[i] as usize;
        i += 1;
    }
    s
}

/// Every multiset of at most four tiles, in a fixed order.
const SMALL_SETS: [[u8; 6]; NUM_SMALL_SETS] = {
    let mut out = [[0u8; 6]; NUM_SMALL_SETS];
    let mut n = 0;
    let mut code = 0;
    while code < CODES {
        let d = digits(code);
        if size(&d) <= 4 {
            out[n] = d;
            n += 1;
        }
        code += 1;
    }
    out
};

/// Base-5 code of a small multiset → its index in `SMALL_SETS` (u16::MAX if larger).
static SMALL_SET_INDEX: [u16; CODES] = {
    let mut out = [u16::MAX; CODES];
    let mut i = 0;
    while i < NUM_SMALL_SETS {
        let d = SMALL_SETS[i];
        let mut code = 0;
        let mut k = 6;
        while k > 0 {
            k -= 1;
            code = code * 5 + d[k] as usize;
        }
        out[code] = i as u16;
        i += 1;
    }
    out
};

fn small_set_index(t: &Tiles) -> Option<usize> {
    if t.total() > 4 {
        return None;
    }
    let mut code = 0;
    for i in (0..6).rev() {
        code = code * 5 + t.0[i] as usize;
    }
    Some(SMALL_SET_INDEX[code] as usize)
}

impl Move {
    /// This move's id in `0..NUM_ACTIONS`; `None` for a move outside the
    /// action space (a bonus or keep set of more than four tiles, which is
    /// never legal).
    pub fn action(&self) -> Option<usize> {
        match *self {
            Move::Draft { source, colour } => Some(source.index() * 6 + colour.index()),
            Move::Place { space, colour, wilds } => {
                if wilds >= 6 {
                    return None;
                }
                Some(PLACE_BASE + (space.index() * 6 + colour.index()) * 6 + wilds as usize)
            }
            Move::Bonus { take } => small_set_index(&take).map(|k| BONUS_BASE + k),
            Move::Pass { keep } => small_set_index(&keep).map(|k| PASS_BASE + k),
        }
    }

    /// The move with id `a`, or `None` when `a >= NUM_ACTIONS`.
    pub fn from_action(a: usize) -> Option<Move> {
        if a < PLACE_BASE {
            let s = a / 6;
            let source = if s == 9 { Source::Centre } else { Source::Factory(s as u8) };
            Some(Move::Draft { source, colour: Colour::from_index(a % 6) })
        } else if a < BONUS_BASE {
            let r = a - PLACE_BASE;
            let wilds = (r % 6) as u8;
            let colour = Colour::from_index((r / 6) % 6);
            let space = Space::from_index(r / 36).expect("place ids cover the 42 spaces");
            Some(Move::Place { space, colour, wilds })
        } else if a < PASS_BASE {
            Some(Move::Bonus { take: Tiles(SMALL_SETS[a - BONUS_BASE]) })
        } else if a < NUM_ACTIONS {
            Some(Move::Pass { keep: Tiles(SMALL_SETS[a - PASS_BASE]) })
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_round_trips() {
        for a in 0..NUM_ACTIONS {
            let m = Move::from_action(a).unwrap();
            assert_eq!(m.action(), Some(a), "{m:?}");
        }
        assert_eq!(Move::from_action(NUM_ACTIONS), None);
        assert_eq!(NUM_ACTIONS, 1992);
    }
}
