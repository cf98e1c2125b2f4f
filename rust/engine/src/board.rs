//! Board geometry: stars, spaces, printed values and architectural features.
//!
//! A space is `star * 6 + pos`, one bit of a `u64`. Outer stars are indexed by
//! the colour they carry on the coloured side (so star 4 is the blue star) and
//! star 6 is the centre star. `pos` is 0..6 and is the *position* on the star:
//! on the coloured side the printed value is `pos + 1`; on the gray side the
//! same position carries another value (see [`cost`]). The gray side keeps
//! the geometry, so features and adjacency are the same on both sides.

use crate::error::{quote, Error};
use crate::tiles::Colour;

pub const NUM_STARS: usize = 7;
pub const CENTRE: usize = 6;
pub const NUM_SPACES: usize = 42;
pub const STAR_MASK: u64 = 0b11_1111;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    Coloured,
    Gray,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::Coloured, Side::Gray];

    /// The side's name as pavilion writes it: `coloured` or `gray`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Coloured => "coloured",
            Side::Gray => "gray",
        }
    }

    /// Reads a side as people type it: either spelling, any case.
    pub fn parse(s: &str) -> Option<Side> {
        match s.trim().to_ascii_lowercase().as_str() {
            "coloured" | "colored" | "color" | "colour" => Some(Side::Coloured),
            "gray" | "grey" => Some(Side::Gray),
            _ => None,
        }
    }
}

impl std::str::FromStr for Side {
    type Err = Error;
    fn from_str(s: &str) -> Result<Side, Error> {
        Side::parse(s).ok_or_else(|| Error::InvalidOptions(format!("side must be coloured or gray, not {}", quote(s))))
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[inline]
pub const fn space(star: usize, pos: usize) -> usize {
    star * 6 + pos
}

#[inline]
pub const fn bit(star: usize, pos: usize) -> u64 {
    1u64 << space(star, pos)
}

/// The six outer stars clockwise from the upper left (as colour indices).
pub const CLOCKWISE: [usize; 6] = [
    Colour::Orange as usize,
    Colour::Red as usize,
    Colour::Blue as usize,
    Colour::Yellow as usize,
    Colour::Green as usize,
    Colour::Purple as usize,
];

const fn clockwise_index(star: usize) -> usize {
    let mut i = 0;
    while CLOCKWISE[i] != star {
        i += 1;
    }
    i
}

/// The outer star clockwise after `star`.
pub const fn next_star(star: usize) -> usize {
    CLOCKWISE[(clockwise_index(star) + 1) % 6]
}

/// Gray side: printed value of each outer-star position (position = coloured value − 1).
const GRAY_OUTER: [u8; 6] = [3, 2, 1, 4, 5, 6];
const GRAY_CENTRE: u8 = 3;

/// Printed value of a space = how many tiles it costs.
#[inline]
pub const fn cost(side: Side, star: usize, pos: usize) -> u8 {
    match side {
        Side::Coloured => pos as u8 + 1,
        Side::Gray => {
            if star == CENTRE {
                GRAY_CENTRE
            } else {
                GRAY_OUTER[pos]
            }
        }
    }
}

/// End-of-game value of a completed star of one colour (index = colour), and of a
/// six-colour star (the centre star on the coloured side; any such star on gray).
pub const STAR_VALUE: [i32; 6] = [20, 18, 17, 16, 15, 14];
pub const MULTICOLOUR_STAR_VALUE: i32 = 12;

/// "All N's" bonus for N = 1..=4 (index N−1). Values 5 and 6 give nothing.
pub const ALL_N_BONUS: [i32; 4] = [4, 8, 12, 16];

/// Spaces printed `value` on `side`.
pub const fn value_mask(side: Side, value: u8) -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < NUM_STARS {
        let mut p = 0;
        while p < 6 {
            if cost(side, s, p) == value {
                m |= bit(s, p);
            }
            p += 1;
        }
        s += 1;
    }
    m
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FeatureKind {
    Window,
    Statue,
    Pillar,
}

impl FeatureKind {
    pub const fn bonus(self) -> u8 {
        match self {
            FeatureKind::Window => 3,
            FeatureKind::Statue => 2,
            FeatureKind::Pillar => 1,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            FeatureKind::Window => "window",
            FeatureKind::Statue => "statue",
            FeatureKind::Pillar => "pillar",
        }
    }
}

/// One architectural feature: the outer star it belongs to and the spaces around it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Feature {
    pub kind: FeatureKind,
    pub star: usize,
    pub mask: u64,
}

pub const NUM_FEATURES: usize = 18;

const fn build_features() -> [Feature; NUM_FEATURES] {
    let empty = Feature { kind: FeatureKind::Window, star: 0, mask: 0 };
    let mut out = [empty; NUM_FEATURES];
    let mut k = 0;
    while k < 6 {
        let s = CLOCKWISE[k];
        let n = next_star(s);
        // The pillar of the k-th star clockwise sits between centre positions k−1 and k.
        let c1 = (k + 5) % 6;
        let c2 = k;
        out[3 * k] = Feature { kind: FeatureKind::Window, star: s, mask: bit(s, 4) | bit(s, 5) };
        out[3 * k + 1] =
            Feature { kind: FeatureKind::Statue, star: s, mask: bit(s, 0) | bit(s, 1) | bit(n, 2) | bit(n, 3) };
        out[3 * k + 2] = Feature {
            kind: FeatureKind::Pillar,
            star: s,
            mask: bit(s, 1) | bit(s, 2) | bit(CENTRE, c1) | bit(CENTRE, c2),
        };
        k += 1;
    }
    out
}

/// The 18 features, three per outer star in clockwise order (window, statue, pillar).
pub const FEATURES: [Feature; NUM_FEATURES] = build_features();

const fn build_space_features() -> [u32; NUM_SPACES] {
    let mut out = [0u32; NUM_SPACES];
    let mut f = 0;
    while f < NUM_FEATURES {
        let mut sp = 0;
        while sp < NUM_SPACES {
            if FEATURES[f].mask & (1u64 << sp) != 0 {
                out[sp] |= 1 << f;
            }
            sp += 1;
        }
        f += 1;
    }
    out
}

/// For each space, the set of features (bit f = `FEATURES[f]`) it surrounds.
pub const SPACE_FEATURES: [u32; NUM_SPACES] = build_space_features();

/// Points for a tile just placed at (star, pos) given the star's covered
/// positions (6 bits, including the new one): the length of the covered run
/// around the ring that contains it.
#[inline]
pub fn run_length(star_bits: u64, pos: usize) -> u32 {
    let ring = (star_bits & STAR_MASK) as u32;
    if ring == 0b11_1111 {
        return 6;
    }
    let mut n = 1;
    let mut p = (pos + 1) % 6;
    while ring & (1 << p) != 0 {
        n += 1;
        p = (p + 1) % 6;
    }
    let mut p = (pos + 5) % 6;
    while ring & (1 << p) != 0 {
        n += 1;
        p = (p + 5) % 6;
    }
    n
}

/// Letter naming a star in move text: the outer star's coloured-side colour, `C` for the centre.
pub const fn star_letter(star: usize) -> char {
    if star == CENTRE {
        'C'
    } else {
        Colour::from_index(star).letter()
    }
}

pub fn star_from_letter(c: char) -> Option<usize> {
    if c.eq_ignore_ascii_case(&'C') {
        Some(CENTRE)
    } else {
        Colour::from_letter(c).map(|c| c.index())
    }
}

/// Name of a space in move text and position files, e.g. `B4`, `C1`.
pub fn space_name(space: usize) -> String {
    format!("{}{}", star_letter(space / 6), space % 6 + 1)
}

/// The space named like `"B4"` (star letter, position 1..6; any case), the inverse of [`space_name`].
pub fn parse_space(name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let star = chars.next().and_then(star_from_letter)?;
    let pos = chars.next().and_then(|c| c.to_digit(10)).filter(|d| (1..=6).contains(d))? as usize;
    chars.next().is_none().then_some(space(star, pos - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_neighbours() {
        use Colour::*;
        let o = Orange as usize;
        assert_eq!(next_star(o), Red as usize);
        assert_eq!(next_star(Purple as usize), o);
    }

    #[test]
    fn run_lengths_wrap() {
        // Covered 6, 1, 2 on one star; placing at 1 (pos 0) scores 3 through the wrap.
        let bits = 0b10_0011;
        assert_eq!(run_length(bits, 0), 3);
        assert_eq!(run_length(0b00_0100, 2), 1);
        assert_eq!(run_length(0b11_1111, 3), 6);
    }
}
