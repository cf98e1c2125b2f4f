//! A move — take site tile `index` and place it with its anchor at `at`, turned
//! `rot` steps clockwise — and its text, `i@q,r/k` (`0@1,0/0`).

use std::fmt;
use std::str::FromStr;

use pavilion_core::error::{quote, Error};

use crate::city::footprint;
use crate::hex::{Hex, COORD_LIMIT};

/// Most tiles the construction site holds (4 players + 2).
pub const MAX_SITE: usize = 6;

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Move {
    /// Index of the tile on the construction site, 0 = leftmost (it costs `index` stones).
    pub index: u8,
    /// Where hex 0 (the anchor) goes.
    pub at: Hex,
    /// Rotation 0..6: hex 1 goes to `at + d_rot`, hex 2 to `at + d_(rot+1)`.
    pub rot: u8,
}

impl Move {
    pub const fn new(index: u8, at: Hex, rot: u8) -> Move {
        Move { index, at, rot }
    }

    /// The three positions the tile covers (anchor first, then clockwise).
    pub fn footprint(&self) -> [Hex; 3] {
        footprint(self.at, self.rot)
    }
}

/// The move syntax, quoted by every notation error.
pub const MOVE_SYNTAX: &str = "a move is i@q,r/k: site index 0-5, anchor hex q,r, rotation 0-5 (as 0@1,0/0)";

impl FromStr for Move {
    type Err = Error;
    fn from_str(text: &str) -> Result<Move, Error> {
        let bad = |why: &str| Error::Notation(format!("{}: {why}; {MOVE_SYNTAX}", quote(text)));
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let (index, rest) = t.split_once('@').ok_or_else(|| bad("no '@'"))?;
        let (at, rot) = rest.split_once('/').ok_or_else(|| bad("no '/'"))?;
        let (q, r) = at.split_once(',').ok_or_else(|| bad("the anchor needs q,r"))?;
        let digit = |s: &str, what: &str| -> Result<u8, Error> {
            match s.as_bytes() {
                [d @ b'0'..=b'5'] => Ok(d - b'0'),
                _ => Err(bad(&format!("{what} must be 0 to 5"))),
            }
        };
        let coord = |s: &str| -> Result<i8, Error> {
            let digits = s.strip_prefix('-').unwrap_or(s);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad("a coordinate is a whole number"));
            }
            // Digits only, so parsing fails only past i64: out of range like any big number.
            let v: i64 = s.parse().unwrap_or(i64::MAX);
            if v.abs() > COORD_LIMIT as i64 {
                return Err(bad(&format!("coordinates go from -{COORD_LIMIT} to {COORD_LIMIT}")));
            }
            Ok(v as i8)
        };
        Ok(Move {
            index: digit(index, "the site index")?,
            at: Hex::new(coord(q)?, coord(r)?),
            rot: digit(rot, "the rotation")?,
        })
    }
}

impl Move {
    pub fn parse(text: &str) -> Result<Move, Error> {
        text.parse()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}/{}", self.index, self.at, self.rot)
    }
}

/// A reusable buffer of moves. Akropolis move lists are long (up to every legal
/// footprint times six site tiles), so this is a growable buffer that a search
/// keeps and clears rather than a fixed stack array.
pub type MoveList = Vec<Move>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_round_trips_and_rejects_junk() {
        let m: Move = "0@1,0/0".parse().unwrap();
        assert_eq!(m, Move::new(0, Hex::new(1, 0), 0));
        assert_eq!(m.footprint(), [Hex::new(1, 0), Hex::new(1, 1), Hex::new(2, 0)]);
        let m: Move = " 3 @ -2,-11 / 5 ".parse().unwrap();
        assert_eq!(m.to_string(), "3@-2,-11/5");
        for bad in ["", "6@0,0/0", "0@0,0/6", "0@0/0", "0@a,0/0", "0@1,0", "x", "0@--1,0/0", "0@101,0/0", "0@99999,0/0"]
        {
            let e = bad.parse::<Move>().unwrap_err();
            assert!(matches!(e, Error::Notation(_)), "{bad}: {e}");
        }
    }
}
