//! The hexes and tiles of Akropolis, as data.
//!
//! A city tile is three mutually adjacent hexes, listed clockwise from its
//! anchor (hex 0); tiles rotate but never flip. Ids 1–37 are the set every game
//! uses, 38–49 join with 3 or more players, 50–61 with 4 (and in the long games);
//! id 0 is the starting tile. Lower case letters are districts (and `q`
//! quarries), upper case letters are plazas.

use std::fmt;
use std::str::FromStr;

use pavilion_core::error::{quote, Error};

/// What a hex is, without whether it is a plaza: the five district kinds and the quarry.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Kind {
    House = 0,
    Market = 1,
    Barracks = 2,
    Temple = 3,
    Garden = 4,
    Quarry = 5,
}

impl Kind {
    /// The five district kinds in scoring order (each scores separately).
    pub const DISTRICTS: [Kind; 5] = [Kind::House, Kind::Market, Kind::Barracks, Kind::Temple, Kind::Garden];

    /// The lower-case letter of a district (or quarry) of this kind.
    pub const fn letter(self) -> char {
        match self {
            Kind::House => 'h',
            Kind::Market => 'm',
            Kind::Barracks => 'b',
            Kind::Temple => 't',
            Kind::Garden => 'g',
            Kind::Quarry => 'q',
        }
    }

    /// English name, as the score breakdown and the docs write it.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::House => "houses",
            Kind::Market => "markets",
            Kind::Barracks => "barracks",
            Kind::Temple => "temples",
            Kind::Garden => "gardens",
            Kind::Quarry => "quarries",
        }
    }

    /// The colour printed on the hexes of this kind.
    pub const fn colour(self) -> &'static str {
        match self {
            Kind::House => "blue",
            Kind::Market => "yellow",
            Kind::Barracks => "red",
            Kind::Temple => "purple",
            Kind::Garden => "green",
            Kind::Quarry => "grey",
        }
    }

    /// Stars on a plaza of this kind (quarries have no plaza).
    pub const fn plaza_stars(self) -> u32 {
        match self {
            Kind::House => 1,
            Kind::Market | Kind::Barracks | Kind::Temple => 2,
            Kind::Garden => 3,
            Kind::Quarry => 0,
        }
    }

    const fn from_index(i: u8) -> Kind {
        match i {
            0 => Kind::House,
            1 => Kind::Market,
            2 => Kind::Barracks,
            3 => Kind::Temple,
            4 => Kind::Garden,
            _ => Kind::Quarry,
        }
    }
}

/// One hex of a tile: a district, a plaza or a quarry. Packed in a byte (kind,
/// plus 8 for a plaza) so a city stores it cheaply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Face(u8);

impl Face {
    pub const QUARRY: Face = Face(Kind::Quarry as u8);

    pub const fn district(kind: Kind) -> Face {
        Face(kind as u8)
    }

    /// The plaza of a district kind (there is no quarry plaza).
    pub const fn plaza(kind: Kind) -> Face {
        Face(kind as u8 | 8)
    }

    pub const fn kind(self) -> Kind {
        Kind::from_index(self.0 & 7)
    }

    pub const fn is_plaza(self) -> bool {
        self.0 & 8 != 0
    }

    pub const fn letter(self) -> char {
        let c = self.kind().letter();
        if self.is_plaza() {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }

    pub const fn from_letter(c: char) -> Option<Face> {
        Some(match c {
            'h' => Face::district(Kind::House),
            'm' => Face::district(Kind::Market),
            'b' => Face::district(Kind::Barracks),
            't' => Face::district(Kind::Temple),
            'g' => Face::district(Kind::Garden),
            'q' => Face::QUARRY,
            'H' => Face::plaza(Kind::House),
            'M' => Face::plaza(Kind::Market),
            'B' => Face::plaza(Kind::Barracks),
            'T' => Face::plaza(Kind::Temple),
            'G' => Face::plaza(Kind::Garden),
            _ => return None,
        })
    }

    /// Stars this hex gives when visible (plazas only).
    pub const fn stars(self) -> u32 {
        if self.is_plaza() {
            self.kind().plaza_stars()
        } else {
            0
        }
    }

    pub(crate) const fn to_bits(self) -> u8 {
        self.0
    }

    pub(crate) const fn from_bits(bits: u8) -> Face {
        Face(bits & 15)
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A tile's id: 0 for the starting tile, 1–61 for the city tiles.
pub type TileId = u8;

/// The highest tile id.
pub const LAST_TILE: TileId = 61;

/// The city tiles' letters by id (index 0 is unused: the starting tile has four hexes).
const LETTERS: [&str; 62] = [
    "", // the starting tile: see START_TILE
    "hbt", "Mbq", "qhb", "Bhq", "Bqq", "Bht", "gqq", "qbm", "qtm", "qmb", // 1–10
    "Gqh", "qmh", "Ghq", "qtb", "hgm", "Bmh", "Mhg", "Hmb", "qhh", "hgb", // 11–20
    "Mth", "Mqq", "Tqq", "Gqq", "qmg", "mqq", "qbm", "Hqq", "Thq", "tqq", // 21–30
    "Tqh", "Hgq", "Hqq", "Thb", "htm", "qmt", "Hqq", // 31–37: every game
    "hmb", "qth", "qbg", "qhh", "qhm", "Tqq", "hqq", "qmh", "Htm", "Ghb", "Bqh", "Mqq", // 38–49: 3+ players
    "bqq", "Bqq", "Hqm", "Gmh", "Mqt", "qht", "Thm", "qgh", "qhh", "qbh", "qhb", "qhm", // 50–61: 4 players
];

const fn face_of(b: u8) -> Face {
    match Face::from_letter(b as char) {
        Some(f) => f,
        None => panic!("bad letter in the tile table"),
    }
}

const fn build_tiles() -> [[Face; 3]; 62] {
    let mut out = [[Face::QUARRY; 3]; 62];
    let mut id = 1;
    while id < 62 {
        let b = LETTERS[id].as_bytes();
        out[id] = [face_of(b[0]), face_of(b[1]), face_of(b[2])];
        id += 1;
    }
    out
}

/// Each city tile's three hexes (anchor first, then clockwise), by id.
static TILES: [[Face; 3]; 62] = build_tiles();

/// The faces of city tile `id` (1..=61).
#[inline]
pub fn tile_faces(id: TileId) -> [Face; 3] {
    TILES[id as usize]
}

/// The starting tile: a House plaza at the centre and quarries on three alternate
/// sides, as (direction from the centre or None for the centre, face).
pub const START_TILE: [(Option<usize>, Face); 4] =
    [(None, Face::plaza(Kind::House)), (Some(0), Face::QUARRY), (Some(2), Face::QUARRY), (Some(4), Face::QUARRY)];

/// The tile ids in play: the 2+ set, plus 3+ with three or more players, plus
/// 4 with four players or in a long game.
pub fn tiles_in_play(players: usize, long: bool) -> std::ops::RangeInclusive<TileId> {
    let last = if players >= 4 || long {
        LAST_TILE
    } else if players == 3 {
        49
    } else {
        37
    };
    1..=last
}

/// A tile as written: its id (`7`, `07`) or its letters (`gqq`; the first id with them).
pub fn parse_tile(text: &str) -> Result<TileId, Error> {
    let t = text.trim();
    if let Ok(id) = t.parse::<u8>() {
        if (1..=LAST_TILE).contains(&id) {
            return Ok(id);
        }
    }
    (1..=LAST_TILE).find(|&id| LETTERS[id as usize] == t).ok_or_else(|| {
        Error::Notation(format!("{}: not a tile (an id 1–61 or three letters such as gqq)", quote(text)))
    })
}

/// The letters of tile `id` (`"gqq"`; the starting tile is `"Hqqq"`).
pub fn tile_letters(id: TileId) -> &'static str {
    if id == 0 {
        "Hqqq"
    } else {
        LETTERS[id as usize]
    }
}

impl FromStr for Kind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Kind, Error> {
        let t = s.trim().to_ascii_lowercase();
        [Kind::House, Kind::Market, Kind::Barracks, Kind::Temple, Kind::Garden, Kind::Quarry]
            .into_iter()
            .find(|k| t == k.name() || t.len() == 1 && t.starts_with(k.letter()))
            .ok_or_else(|| Error::Notation(format!("{}: not a hex kind (h m b t g q)", quote(s))))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(ids: std::ops::RangeInclusive<TileId>) -> std::collections::BTreeMap<char, usize> {
        let mut m = std::collections::BTreeMap::new();
        for id in ids {
            for f in tile_faces(id) {
                *m.entry(f.letter()).or_insert(0) += 1;
            }
        }
        m
    }

    #[test]
    fn the_tile_table_has_the_published_hex_counts() {
        let all = count(1..=61);
        let want = [
            ('q', 61),
            ('h', 36),
            ('m', 20),
            ('b', 16),
            ('t', 12),
            ('g', 8),
            ('H', 7),
            ('M', 6),
            ('B', 6),
            ('T', 6),
            ('G', 5),
        ];
        for (c, n) in want {
            assert_eq!(all[&c], n, "{c} over all 61 tiles");
        }
        assert_eq!(all.values().sum::<usize>(), 183);
        let base = count(1..=37);
        for (c, n) in [('q', 37), ('h', 18), ('m', 12), ('b', 10), ('t', 8), ('g', 6), ('H', 5), ('M', 4), ('G', 3)] {
            assert_eq!(base[&c], n, "{c} in the 2+ set");
        }
        for set in [38..=49, 50..=61] {
            let c = count(set);
            for (l, n) in [('q', 12), ('h', 9), ('m', 4), ('b', 3), ('t', 2), ('g', 1)] {
                assert_eq!(c[&l], n);
            }
            for l in ['H', 'M', 'B', 'T', 'G'] {
                assert_eq!(c[&l], 1);
            }
        }
    }

    #[test]
    fn tiles_read_by_id_or_letters_and_plazas_carry_stars() {
        assert_eq!(parse_tile("07").unwrap(), 7);
        assert_eq!(parse_tile("gqq").unwrap(), 7);
        assert_eq!(tile_letters(1), "hbt");
        assert!(parse_tile("htb").is_err(), "tiles never flip: htb is not hbt");
        assert!(parse_tile("62").is_err() && parse_tile("0").is_err());
        let stars: Vec<u32> = "HMBTG".chars().map(|c| Face::from_letter(c).unwrap().stars()).collect();
        assert_eq!(stars, [1, 2, 2, 2, 3]);
        assert_eq!(Face::from_letter('h').unwrap().stars(), 0);
        assert_eq!(tiles_in_play(2, false).count(), 37);
        assert_eq!(tiles_in_play(3, false).count(), 49);
        assert_eq!(tiles_in_play(4, false).count(), 61);
        assert_eq!(tiles_in_play(2, true).count(), 61);
        assert_eq!("Barracks".parse::<Kind>().unwrap(), Kind::Barracks);
        assert_eq!("t".parse::<Kind>().unwrap(), Kind::Temple);
    }

    #[test]
    fn each_kind_has_its_printed_colour() {
        let colours: Vec<&str> = "hmbtgq".chars().map(|c| Face::from_letter(c).unwrap().kind().colour()).collect();
        assert_eq!(colours, ["blue", "yellow", "red", "purple", "green", "grey"]);
        assert_eq!(Face::from_letter('G').unwrap().kind().colour(), "green");
    }
}
