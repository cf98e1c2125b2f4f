//! Game options: player count, the five scoring variants, the long game and the
//! two rule options where public implementations read the rules differently.

use std::fmt;
use std::str::FromStr;

use pavilion_core::error::{quote, Error};

use crate::tiles::Kind;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;

/// The scoring variants switched on, one per district kind, written as the
/// letters `hmbtg` (any order, no repeats; `""` = none).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Variants(u8);

impl Variants {
    pub const NONE: Variants = Variants(0);
    pub const ALL: Variants = Variants(0b11111);

    /// Whether the variant of this district kind is on (never for quarries, which have none).
    pub const fn has(self, kind: Kind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    pub const fn with(self, kind: Kind) -> Variants {
        Variants(self.0 | (1 << kind as u8))
    }

    /// Every combination, from none to all five (32 of them).
    pub fn every() -> impl Iterator<Item = Variants> {
        (0..32).map(Variants)
    }
}

impl FromStr for Variants {
    type Err = Error;
    fn from_str(s: &str) -> Result<Variants, Error> {
        let mut v = Variants::NONE;
        for c in s.trim().chars() {
            let kind = Kind::DISTRICTS
                .into_iter()
                .find(|k| k.letter() == c.to_ascii_lowercase())
                .ok_or_else(|| Error::InvalidOptions(format!("variants {}: use the letters h m b t g", quote(s))))?;
            if v.has(kind) {
                return Err(Error::InvalidOptions(format!("variants {}: {c} is given twice", quote(s))));
            }
            v = v.with(kind);
        }
        Ok(v)
    }
}

impl fmt::Display for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in Kind::DISTRICTS {
            if self.has(k) {
                write!(f, "{}", k.letter())?;
            }
        }
        Ok(())
    }
}

pavilion_core::word_option!(
    /// Which empty neighbours put a barracks "on the edge of the city".
    BarracksEdge, "barracks_edge", {
        /// Only empty positions joined to the open plane outside the city (the ruling).
        Outside => "outside",
        /// Any empty neighbour, holes included.
        AnyEmpty => "any_empty",
    }
);

pavilion_core::word_option!(
    /// What counts as a lake for the Gardens variant.
    Lake, "lake", {
        /// One empty position whose six neighbours are occupied (the ruling).
        SingleHex => "single_hex",
        /// Any empty position cut off from the outside.
        EnclosedRegion => "enclosed_region",
    }
);

/// Everything fixed when a game starts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Options {
    pub players: usize,
    pub variants: Variants,
    /// The long game (2 or 3 players, all 61 tiles).
    pub long: bool,
    pub barracks_edge: BarracksEdge,
    pub lake: Lake,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 2,
            variants: Variants::NONE,
            long: false,
            barracks_edge: BarracksEdge::Outside,
            lake: Lake::SingleHex,
        }
    }
}

impl Options {
    pub fn validate(&self) -> Result<(), Error> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(Error::InvalidOptions(format!(
                "players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {}",
                self.players
            )));
        }
        if self.long && self.players == 4 {
            return Err(Error::InvalidOptions("the long game is for 2 or 3 players".into()));
        }
        Ok(())
    }

    /// Tiles on the construction site when a round starts: players + 2.
    pub const fn site_size(&self) -> usize {
        self.players + 2
    }

    /// Tiles per stack: players + 1 (one round's turns).
    pub const fn stack_size(&self) -> usize {
        self.players + 1
    }

    /// Number of stacks: the tiles in play less the starting site, in stacks of players + 1.
    pub fn stacks(&self) -> usize {
        (crate::tiles::tiles_in_play(self.players, self.long).count() - self.site_size()) / self.stack_size()
    }

    /// Rounds in a game: the first site, then one per stack.
    pub fn rounds(&self) -> usize {
        self.stacks() + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_table_stacks_and_rounds() {
        let cases = [(2, false, 11, 12), (3, false, 11, 12), (4, false, 11, 12), (2, true, 19, 20), (3, true, 14, 15)];
        for (players, long, stacks, rounds) in cases {
            let o = Options { players, long, ..Options::default() };
            o.validate().unwrap();
            assert_eq!((o.stacks(), o.rounds()), (stacks, rounds), "{players} players, long {long}");
            let tiles = crate::tiles::tiles_in_play(players, long).count();
            assert_eq!(o.site_size() + o.stacks() * o.stack_size(), tiles, "every tile dealt");
        }
        assert!(Options { players: 4, long: true, ..Options::default() }.validate().is_err());
        assert!(Options { players: 5, ..Options::default() }.validate().is_err());
    }

    #[test]
    fn vocabularies_read_and_write() {
        let v: Variants = "gH".parse().unwrap();
        assert!(v.has(Kind::Garden) && v.has(Kind::House) && !v.has(Kind::Market));
        assert_eq!(v.to_string(), "hg");
        assert!("hh".parse::<Variants>().is_err() && "x".parse::<Variants>().is_err());
        assert_eq!(v.with(Kind::House), v, "switching on a variant that is on changes nothing");
        assert!(!Variants::ALL.has(Kind::Quarry) && Variants::ALL.has(Kind::Garden));
        assert_eq!("any-empty".parse::<BarracksEdge>().unwrap(), BarracksEdge::AnyEmpty);
        assert_eq!(Lake::EnclosedRegion.to_string(), "enclosed_region");
        assert!("lakes".parse::<Lake>().is_err());
    }
}
