//! Colours and tile multisets.
//!
//! Every pile of tiles in the game (bag, tower, factory, hand…) is a multiset,
//! so it is stored as six per-colour counts: adding, removing and comparing
//! piles never allocates and never depends on order.

use std::fmt;

/// The six tile colours, in the default wild order (round 1 wild first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Colour {
    Purple = 0,
    Green = 1,
    Orange = 2,
    Yellow = 3,
    Blue = 4,
    Red = 5,
}

pub const NUM_COLOURS: usize = 6;
/// Tiles of each colour in the box.
pub const TILES_PER_COLOUR: u8 = 22;

impl Colour {
    pub const ALL: [Colour; NUM_COLOURS] =
        [Colour::Purple, Colour::Green, Colour::Orange, Colour::Yellow, Colour::Blue, Colour::Red];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn from_index(i: usize) -> Colour {
        Colour::ALL[i]
    }

    pub const fn letter(self) -> char {
        ['P', 'G', 'O', 'Y', 'B', 'R'][self as usize]
    }

    pub const fn name(self) -> &'static str {
        ["purple", "green", "orange", "yellow", "blue", "red"][self as usize]
    }

    /// Case-insensitive colour letter.
    pub fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'P' => Some(Colour::Purple),
            'G' => Some(Colour::Green),
            'O' => Some(Colour::Orange),
            'Y' => Some(Colour::Yellow),
            'B' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            _ => None,
        }
    }

    /// A full colour name or its letter, case-insensitive.
    pub fn parse(s: &str) -> Option<Colour> {
        let lower = s.trim().to_ascii_lowercase();
        if let Some(c) = Colour::ALL.iter().find(|c| c.name() == lower) {
            return Some(*c);
        }
        let mut chars = lower.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Colour::from_letter(ch),
            _ => None,
        }
    }
}

impl std::str::FromStr for Colour {
    type Err = crate::error::Error;
    /// A full colour name or its letter, case-insensitive.
    fn from_str(s: &str) -> Result<Colour, Self::Err> {
        Colour::parse(s).ok_or_else(|| {
            crate::error::Error::Notation(format!(
                "{} is not a colour (purple green orange yellow blue red, or P G O Y B R)",
                crate::error::quote(s)
            ))
        })
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A multiset of tiles: how many of each colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Tiles(pub [u8; NUM_COLOURS]);

impl Tiles {
    pub const EMPTY: Tiles = Tiles([0; NUM_COLOURS]);
    pub const FULL_SET: Tiles = Tiles([TILES_PER_COLOUR; NUM_COLOURS]);

    #[inline]
    pub fn get(&self, c: Colour) -> u8 {
        self.0[c.index()]
    }

    #[inline]
    pub fn add(&mut self, c: Colour, n: u8) {
        self.0[c.index()] += n;
    }

    #[inline]
    pub fn sub(&mut self, c: Colour, n: u8) {
        debug_assert!(self.0[c.index()] >= n, "removing tiles that are not there");
        self.0[c.index()] -= n;
    }

    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; NUM_COLOURS]
    }

    #[inline]
    pub fn add_all(&mut self, other: &Tiles) {
        for i in 0..NUM_COLOURS {
            self.0[i] += other.0[i];
        }
    }

    #[inline]
    pub fn sub_all(&mut self, other: &Tiles) {
        for i in 0..NUM_COLOURS {
            debug_assert!(self.0[i] >= other.0[i], "removing tiles that are not there");
            self.0[i] -= other.0[i];
        }
    }

    /// True when `other` is a sub-multiset of `self`.
    #[inline]
    pub fn contains(&self, other: &Tiles) -> bool {
        (0..NUM_COLOURS).all(|i| self.0[i] >= other.0[i])
    }

    /// Letters in wild order, e.g. `PPBY`; empty string for no tiles.
    pub fn letters(&self) -> String {
        let mut s = String::with_capacity(self.total() as usize);
        for c in Colour::ALL {
            for _ in 0..self.get(c) {
                s.push(c.letter());
            }
        }
        s
    }

    /// Parses colour letters in any order (case-insensitive); the error is the
    /// first character that is not a colour letter (or a colour past 255 tiles).
    pub fn from_letters(s: &str) -> Result<Tiles, char> {
        let mut t = Tiles::EMPTY;
        for ch in s.chars() {
            let c = Colour::from_letter(ch).ok_or(ch)?;
            if t.get(c) == u8::MAX {
                return Err(ch);
            }
            t.add(c, 1);
        }
        Ok(t)
    }
}

impl std::str::FromStr for Tiles {
    type Err = crate::error::Error;
    fn from_str(s: &str) -> Result<Tiles, Self::Err> {
        Tiles::from_letters(s).map_err(|ch| {
            crate::error::Error::Notation(format!(
                "{} is not colour letters (P G O Y B R): {}",
                crate::error::quote(s),
                crate::error::quote(&ch.to_string())
            ))
        })
    }
}

impl fmt::Display for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.letters())
    }
}

/// Calls `f` on every sub-multiset of `limit` whose size lies in
/// `min_size..=max_size`, in a fixed order (six nested loops: this is the
/// hot path of pass and bonus generation).
#[inline]
pub fn for_each_submultiset(limit: &Tiles, min_size: u32, max_size: u32, mut f: impl FnMut(Tiles)) {
    let l = limit.0.map(|n| n as u32);
    let max = max_size;
    for a in 0..=l[0].min(max) {
        let ra = max - a;
        for b in 0..=l[1].min(ra) {
            let rb = ra - b;
            for c in 0..=l[2].min(rb) {
                let rc = rb - c;
                for d in 0..=l[3].min(rc) {
                    let rd = rc - d;
                    for e in 0..=l[4].min(rd) {
                        let re = rd - e;
                        let used = max - re;
                        // The last colour fills the rest up to the minimum size.
                        let lo = min_size.saturating_sub(used);
                        let hi = l[5].min(re);
                        for g in lo..=hi {
                            f(Tiles([a as u8, b as u8, c as u8, d as u8, e as u8, g as u8]));
                        }
                    }
                }
            }
        }
    }
}

/// Counts and indexes the sub-multisets of a pile in `for_each_submultiset`
/// order without visiting them (sizes up to 8).
pub struct Submultisets {
    limit: Tiles,
    /// `ways[i][t]`: fillings of colours `i..6` with exactly `t` tiles.
    ways: [[u32; 9]; NUM_COLOURS + 1],
}

impl Submultisets {
    pub fn new(limit: &Tiles) -> Self {
        let mut ways = [[0u32; 9]; NUM_COLOURS + 1];
        ways[NUM_COLOURS][0] = 1;
        for i in (0..NUM_COLOURS).rev() {
            for t in 0..9 {
                let top = (limit.0[i] as usize).min(t);
                ways[i][t] = (0..=top).map(|a| ways[i + 1][t - a]).sum();
            }
        }
        Submultisets { limit: *limit, ways }
    }

    /// How many have a size in `min_size..=max_size`.
    pub fn count(&self, min_size: u32, max_size: u32) -> u32 {
        (min_size..=max_size).map(|t| self.ways[0][t as usize]).sum()
    }

    /// The `k`-th of those, in enumeration order.
    pub fn nth(&self, min_size: u32, max_size: u32, mut k: u32) -> Tiles {
        let mut out = Tiles::EMPTY;
        let mut used = 0u32;
        for i in 0..NUM_COLOURS {
            let top = (self.limit.0[i] as u32).min(max_size - used);
            for a in 0..=top {
                // Completions of colours i+1.. that keep the size within bounds.
                let lo = min_size.saturating_sub(used + a);
                let hi = max_size - used - a;
                let block: u32 = (lo..=hi).map(|t| self.ways[i + 1][t as usize]).sum();
                if k < block {
                    out.0[i] = a as u8;
                    used += a;
                    break;
                }
                k -= block;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        let t = Tiles::from_letters("byBp").unwrap();
        assert_eq!(t.letters(), "PYBB");
        assert_eq!(Tiles::from_letters("BX"), Err('X'));
    }

    #[test]
    fn nth_and_count_match_the_enumeration() {
        for limit in [
            Tiles([5; 6]),
            Tiles([2, 0, 1, 3, 0, 4]),
            Tiles([1, 1, 1, 1, 1, 1]),
            Tiles::EMPTY,
            Tiles([0, 0, 0, 0, 0, 7]),
        ] {
            for (min, max) in [(0, 4), (1, 1), (2, 2), (3, 3), (0, 0), (4, 4)] {
                let mut all = Vec::new();
                for_each_submultiset(&limit, min, max, |t| all.push(t));
                let index = Submultisets::new(&limit);
                assert_eq!(index.count(min, max), all.len() as u32, "{limit:?} {min}..{max}");
                for (k, t) in all.iter().enumerate() {
                    assert_eq!(index.nth(min, max, k as u32), *t, "{limit:?} {min}..{max} #{k}");
                }
            }
        }
    }

    #[test]
    fn submultisets_count() {
        // All sub-multisets of size <= 4 of a rich hand: C(6+4, 4) = 210.
        let mut n = 0;
        for_each_submultiset(&Tiles([5; 6]), 0, 4, |_| n += 1);
        assert_eq!(n, 210);
        let mut n = 0;
        for_each_submultiset(&Tiles([2, 0, 1, 0, 0, 0]), 2, 2, |_| n += 1);
        assert_eq!(n, 2); // PP, PO
    }
}
