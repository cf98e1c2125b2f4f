//! Board geometry: stars, spaces, printed values and architectural features.
//!
//! A [`Space`] is a [`Star`] and a position, index `star * 6 + pos`, one bit of
//! a `u64`. Outer stars are indexed by the colour they carry on the coloured
//! side (so star 4 is the blue star) and star 6 is the centre star. `pos` is
//! 0..6 and is the *position* on the star:
//! on the coloured side the printed value is `pos + 1`; on the gray side the
//! same position carries another value (see [`cost`]). The gray side keeps
//! the geometry, so features and adjacency are the same on both sides.

use crate::error::{quote, Error};
use crate::tiles::Colour;

pub const NUM_STARS: usize = 7;
/// The centre star's index (after the six outer stars, indexed by colour).
const CENTRE: usize = 6;
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

/// One of the seven stars. An outer star is named by the colour it carries on
/// the coloured side, and its index is that colour's index (so `Star::of(Blue)`
/// is the blue star on either side); the centre star is index 6.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Star(u8);

impl Star {
    pub const CENTRE: Star = Star(CENTRE as u8);
    /// Every star, outer stars in colour order then the centre.
    pub const ALL: [Star; NUM_STARS] = [Star(0), Star(1), Star(2), Star(3), Star(4), Star(5), Star(6)];
    /// The six outer stars clockwise from the upper left.
    pub const CLOCKWISE: [Star; 6] = [
        Star::of(Colour::Orange),
        Star::of(Colour::Red),
        Star::of(Colour::Blue),
        Star::of(Colour::Yellow),
        Star::of(Colour::Green),
        Star::of(Colour::Purple),
    ];

    /// The outer star of a colour.
    pub const fn of(colour: Colour) -> Star {
        Star(colour as u8)
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn is_centre(self) -> bool {
        self.0 as usize == CENTRE
    }
    /// The colour an outer star carries on the coloured side; `None` for the centre.
    pub const fn colour(self) -> Option<Colour> {
        if self.is_centre() {
            None
        } else {
            Some(Colour::from_index(self.0 as usize))
        }
    }
    /// Its letter in move text: the outer star's colour letter, `C` for the centre.
    pub const fn letter(self) -> char {
        match self.colour() {
            Some(c) => c.letter(),
            None => 'C',
        }
    }
    /// The star named by a letter (any case), the inverse of [`Star::letter`].
    pub fn from_letter(c: char) -> Option<Star> {
        if c.eq_ignore_ascii_case(&'C') {
            Some(Star::CENTRE)
        } else {
            Colour::from_letter(c).map(Star::of)
        }
    }
    /// The outer star clockwise after this one (the centre has no neighbour: itself).
    pub const fn next_clockwise(self) -> Star {
        let mut i = 0;
        while i < 6 {
            if Star::CLOCKWISE[i].0 == self.0 {
                return Star::CLOCKWISE[(i + 1) % 6];
            }
            i += 1;
        }
        self
    }
    /// The space at position `pos` (0..6) of this star.
    #[inline]
    pub const fn space(self, pos: usize) -> Space {
        Space::new(self, pos)
    }
    /// The six positions of this star's covered bits, shifted down to bits 0..6.
    #[inline]
    pub const fn bits_of(self, mask: u64) -> u64 {
        (mask >> (self.0 as usize * 6)) & STAR_MASK
    }
}

impl std::str::FromStr for Star {
    type Err = Error;
    fn from_str(s: &str) -> Result<Star, Error> {
        let mut chars = s.trim().chars();
        match (chars.next().and_then(Star::from_letter), chars.next()) {
            (Some(star), None) => Ok(star),
            _ => Err(Error::InvalidOptions(format!("a star is one letter of P G O Y B R C, not {}", quote(s)))),
        }
    }
}

impl std::fmt::Display for Star {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// How a space is written, for the errors of every reader of space names.
pub const SPACE_SYNTAX: &str = "a space is a star letter (P G O Y B R C) and a digit 1..6, e.g. \"B4\"";

/// One of the 42 spaces: a star and a position 0..6 on it. The position is
/// the printed value on the coloured side minus one; it is named `B4`, `C1`.
/// Index `star * 6 + pos`, which is also its bit in a board's covered mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Space(u8);

impl Space {
    /// Every space, in index order.
    pub const ALL: [Space; NUM_SPACES] = {
        let mut out = [Space(0); NUM_SPACES];
        let mut i = 0;
        while i < NUM_SPACES {
            out[i] = Space(i as u8);
            i += 1;
        }
        out
    };

    /// The space at position `pos` (0..6) of `star`.
    #[inline]
    pub const fn new(star: Star, pos: usize) -> Space {
        debug_assert!(pos < 6);
        Space(star.0 * 6 + pos as u8)
    }
    /// The space with index `i` (0..42), if there is one.
    pub const fn from_index(i: usize) -> Option<Space> {
        if i < NUM_SPACES {
            Some(Space(i as u8))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn star(self) -> Star {
        Star(self.0 / 6)
    }
    /// Position 0..6 on its star.
    #[inline]
    pub const fn pos(self) -> usize {
        (self.0 % 6) as usize
    }
    /// Its bit in a covered mask.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
    /// Printed value = how many tiles covering it costs.
    #[inline]
    pub const fn cost(self, side: Side) -> u8 {
        cost(side, self)
    }
    /// Reads a space name like `"B4"` (star letter, position 1..6; any case).
    pub fn parse(name: &str) -> Option<Space> {
        let mut chars = name.chars();
        let star = chars.next().and_then(Star::from_letter)?;
        let pos = chars.next().and_then(|c| c.to_digit(10)).filter(|d| (1..=6).contains(d))? as usize;
        chars.next().is_none().then_some(Space::new(star, pos - 1))
    }
    /// The spaces whose bits are set in `mask`, in index order.
    pub fn in_mask(mask: u64) -> impl Iterator<Item = Space> {
        let mut rest = mask & ((1u64 << NUM_SPACES) - 1);
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                Space(i as u8)
            })
        })
    }
}

impl std::str::FromStr for Space {
    type Err = Error;
    fn from_str(s: &str) -> Result<Space, Error> {
        Space::parse(s.trim()).ok_or_else(|| Error::Notation(format!("{SPACE_SYNTAX}, not {}", quote(s))))
    }
}

impl std::fmt::Display for Space {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.star().letter(), self.pos() + 1)
    }
}

/// Gray side: printed value of each outer-star position (position = coloured value − 1).
const GRAY_OUTER: [u8; 6] = [3, 2, 1, 4, 5, 6];
const GRAY_CENTRE: u8 = 3;

/// Printed value of a space = how many tiles it costs.
#[inline]
pub const fn cost(side: Side, space: Space) -> u8 {
    cost_at(side, space.star(), space.pos())
}

/// [`cost`] of position `pos` of `star`, for loops that already hold both.
#[inline]
pub const fn cost_at(side: Side, star: Star, pos: usize) -> u8 {
    match side {
        Side::Coloured => pos as u8 + 1,
        Side::Gray => {
            if star.is_centre() {
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
    let mut i = 0;
    while i < NUM_SPACES {
        if cost(side, Space::ALL[i]) == value {
            m |= Space::ALL[i].bit();
        }
        i += 1;
    }
    m
}

/// The spaces printed 1, 2, 3 and 4 on each side (coloured, gray), computed
/// once: end scoring and every placement a rollout weighs test them.
const ALL_N_MASKS: [[u64; 4]; 2] = {
    let mut masks = [[0; 4]; 2];
    let mut n = 0;
    while n < 4 {
        masks[0][n] = value_mask(Side::Coloured, n as u8 + 1);
        masks[1][n] = value_mask(Side::Gray, n as u8 + 1);
        n += 1;
    }
    masks
};

/// The spaces an "all N's" bonus needs covered, N = 1..=4 (`value_mask` from a table).
#[inline]
pub const fn all_n_mask(side: Side, n: u8) -> u64 {
    let side = match side {
        Side::Coloured => 0,
        Side::Gray => 1,
    };
    ALL_N_MASKS[side][n as usize - 1]
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

    pub const ALL: [FeatureKind; 3] = [FeatureKind::Window, FeatureKind::Statue, FeatureKind::Pillar];

    /// Its name in pavilion's vocabulary (docs, Python's `FEATURES`).
    pub const fn name(self) -> &'static str {
        match self {
            FeatureKind::Window => "window",
            FeatureKind::Statue => "statue",
            FeatureKind::Pillar => "pillar",
        }
    }
}

impl std::str::FromStr for FeatureKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<FeatureKind, Error> {
        let word = s.trim().to_ascii_lowercase();
        FeatureKind::ALL
            .into_iter()
            .find(|k| k.name() == word)
            .ok_or_else(|| Error::InvalidOptions(format!("a feature is a window, statue or pillar, not {}", quote(s))))
    }
}

impl std::fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One architectural feature: the outer star it belongs to and the spaces around it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Feature {
    pub kind: FeatureKind,
    pub star: Star,
    pub mask: u64,
}

impl Feature {
    /// The spaces around it.
    pub fn spaces(&self) -> impl Iterator<Item = Space> {
        Space::in_mask(self.mask)
    }
}

pub const NUM_FEATURES: usize = 18;

const fn bit(star: Star, pos: usize) -> u64 {
    star.space(pos).bit()
}

const fn build_features() -> [Feature; NUM_FEATURES] {
    let empty = Feature { kind: FeatureKind::Window, star: Star::CENTRE, mask: 0 };
    let mut out = [empty; NUM_FEATURES];
    let mut k = 0;
    while k < 6 {
        let s = Star::CLOCKWISE[k];
        let n = s.next_clockwise();
        // The pillar of the k-th star clockwise sits between centre positions k−1 and k.
        let c1 = (k + 5) % 6;
        let c2 = k;
        out[3 * k] = Feature { kind: FeatureKind::Window, star: s, mask: bit(s, 4) | bit(s, 5) };
        out[3 * k + 1] =
            Feature { kind: FeatureKind::Statue, star: s, mask: bit(s, 0) | bit(s, 1) | bit(n, 2) | bit(n, 3) };
        out[3 * k + 2] = Feature {
            kind: FeatureKind::Pillar,
            star: s,
            mask: bit(s, 1) | bit(s, 2) | bit(Star::CENTRE, c1) | bit(Star::CENTRE, c2),
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
        // Each space of the feature: the set bits of its mask.
        let mut rest = FEATURES[f].mask;
        while rest != 0 {
            out[rest.trailing_zeros() as usize] |= 1 << f;
            rest &= rest - 1;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_neighbours() {
        use Colour::*;
        assert_eq!(Star::of(Orange).next_clockwise(), Star::of(Red));
        assert_eq!(Star::of(Purple).next_clockwise(), Star::of(Orange));
    }

    #[test]
    fn feature_kinds_read_and_write_their_names() {
        let names: Vec<String> = FeatureKind::ALL.iter().map(|k| k.to_string()).collect();
        assert_eq!(names, ["window", "statue", "pillar"]);
        for k in FeatureKind::ALL {
            assert_eq!(k.name().parse::<FeatureKind>().unwrap(), k);
            assert_eq!(k.name().to_uppercase().parse::<FeatureKind>().unwrap(), k);
        }
        assert!("door".parse::<FeatureKind>().unwrap_err().to_string().contains("window, statue or pillar"));
        let spaces = |f: &Feature| f.spaces().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(spaces(&FEATURES[0]), ["O5", "O6"], "the orange window");
        assert_eq!(spaces(&FEATURES[2]), ["O2", "O3", "C1", "C6"], "the orange pillar");
    }

    #[test]
    fn spaces_name_and_index_round_trip() {
        for sp in Space::ALL {
            assert_eq!(Space::parse(&sp.to_string()), Some(sp));
            assert_eq!(Space::new(sp.star(), sp.pos()), sp);
        }
        assert_eq!("b4".parse::<Space>().unwrap().to_string(), "B4");
        assert!("B7".parse::<Space>().is_err() && "B".parse::<Space>().is_err() && "B44".parse::<Space>().is_err());
        assert_eq!("c".parse::<Star>().unwrap(), Star::CENTRE);
        assert_eq!(Star::CENTRE.next_clockwise(), Star::CENTRE, "the centre has no clockwise neighbour");
        assert_eq!((Space::from_index(41), Space::from_index(42)), (Some(Space(41)), None));
        let (b3, b4, c1): (Space, Space, Space) = ("B3".parse().unwrap(), "B4".parse().unwrap(), "C1".parse().unwrap());
        assert_eq!((b3.cost(Side::Coloured), b3.cost(Side::Gray)), (3, 1));
        assert_eq!((b4.cost(Side::Coloured), b4.cost(Side::Gray), c1.cost(Side::Gray)), (4, 4, 3));
        let covered: Vec<String> =
            Space::in_mask(Space::parse("C1").unwrap().bit() | 1).map(|s| s.to_string()).collect();
        assert_eq!(covered, ["P1", "C1"]);
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
