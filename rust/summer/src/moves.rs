//! Moves: every decision a player makes is one of these.

use std::mem::MaybeUninit;

use crate::board::Space;
use crate::tiles::{Colour, Tiles};

/// Where a draft takes tiles from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Source {
    /// Factory display, 0-based (written 1-based in move text).
    Factory(u8),
    Centre,
}

impl Source {
    /// 0..9 for factories, 9 for the centre: the same for every player count.
    pub const fn index(self) -> usize {
        match self {
            Source::Factory(i) => i as usize,
            Source::Centre => 9,
        }
    }
}

pub const NUM_SOURCES: usize = 10;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Move {
    /// Take every tile of `colour` from `source`, plus one wild if any is there.
    /// `colour` is the wild colour only when the source holds nothing else
    /// (then exactly one wild is taken).
    Draft { source: Source, colour: Colour },
    /// Cover `space` with a tile of `colour`, paying the printed
    /// cost with `cost − wilds` tiles of `colour` and `wilds` tiles of the
    /// round's wild colour. A tile of the wild colour itself is paid with its
    /// own colour alone, so then `wilds` is 0.
    Place { space: Space, colour: Colour, wilds: u8 },
    /// Take these tiles from the supply as a feature bonus.
    Bonus { take: Tiles },
    /// End this round's placing: keep these tiles (at most 4), discard the rest.
    Pass { keep: Tiles },
}

/// Enough for any position: the largest lists are gray-side placements
/// with many wilds (under 800) plus the 210 keep sets of a pass.
pub const MAX_MOVES: usize = 1024;

/// A move list on the stack; left uninitialised past `len` so that creating
/// one costs nothing in the playout loop.
pub struct MoveList {
    len: usize,
    moves: [MaybeUninit<Move>; MAX_MOVES],
}

impl MoveList {
    #[inline]
    pub fn new() -> Self {
        MoveList { len: 0, moves: [const { MaybeUninit::uninit() }; MAX_MOVES] }
    }

    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len].write(m);
        self.len += 1;
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}
