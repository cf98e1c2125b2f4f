//! A player's city: an unbounded hex plane with stacks of hexes.
//!
//! Stored compactly (a few KB, no heap, so a game copies cheaply): every
//! position that is occupied or touches the city has an entry (its height, its
//! visible face and which placement put that face there), found through a small
//! open-addressing table keyed by the position. Entries are never removed —
//! positions never empty again — so lookups need no tombstones. The empty
//! positions touching the city (the *frontier*) are also kept in a list, so the
//! ground placements can be listed, or drawn at random, from them directly.

use crate::hex::Hex;
use crate::tiles::{tile_faces, Face, Kind, TileId, START_TILE};

/// Most tiles one city can hold: the starting tile and 30 placed (2 players, long game).
pub const MAX_PLACEMENTS: usize = 31;
/// Occupied positions are at most 4 + 3 × 30 = 94; a connected set of n hexes
/// has at most 2n + 4 empty neighbours (a straight line), so 192 frontier positions.
const MAX_ENTRIES: usize = 94 + 192;
const MAX_FRONTIER: usize = 192;
const TABLE_BITS: u32 = 9;
const TABLE_SIZE: usize = 1 << TABLE_BITS;
const NOT_IN_FRONTIER: u16 = u16::MAX;

/// The three positions a tile covers: hex 0 at `at`, hex 1 at `at + d_rot`, hex 2 at `at + d_(rot+1)`.
#[inline]
pub fn footprint(at: Hex, rot: u8) -> [Hex; 3] {
    [at, at.step(rot as usize), at.step(rot as usize + 1)]
}

/// One tile placed in a city: which tile, where its anchor went, its rotation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Placed {
    pub tile: TileId,
    pub at: Hex,
    pub rot: u8,
}

/// What is at one position: its height (0 = empty), its visible face and the
/// index (in the city's placements) of the tile that face belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Cell {
    height: u8,
    face: u8,
    placement: u8,
    /// Where this position is in the frontier list, or NOT_IN_FRONTIER.
    frontier_at: u16,
}

/// The visible hex at a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Top {
    pub height: u8,
    pub face: Face,
    /// Index into `City::placements()` (0 = the starting tile).
    pub placement: u8,
}

/// Why three positions cannot take a tile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unplaceable {
    /// The three positions are not at the same height.
    UnequalHeights,
    /// A ground placement with no hex next to the city.
    NotTouching,
    /// An upper placement resting on a single tile (it must span two or more).
    OneTileBelow,
}

#[derive(Clone)]
pub struct City {
    table: [u16; TABLE_SIZE],
    hexes: [Hex; MAX_ENTRIES],
    cells: [Cell; MAX_ENTRIES],
    entries: u16,
    frontier: [u16; MAX_FRONTIER],
    frontier_len: u16,
    placements: [Placed; MAX_PLACEMENTS],
    placed: u8,
    /// Stars of the visible plazas, per district kind (kept as hexes are built
    /// and covered, for quick judgements; scoring recounts them).
    stars: [u8; 5],
}

impl PartialEq for City {
    /// Two cities are equal when the same tiles were placed the same way in the same order.
    fn eq(&self, other: &City) -> bool {
        self.placements() == other.placements()
    }
}
impl Eq for City {}

impl std::fmt::Debug for City {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.placements()).finish()
    }
}

impl Default for City {
    fn default() -> City {
        City::new()
    }
}

#[inline]
fn slot_of(h: Hex) -> usize {
    let key = ((h.q as u8 as u32) << 8) | h.r as u8 as u32;
    (key.wrapping_mul(0x9E37_79B1) >> (32 - TABLE_BITS)) as usize
}

impl City {
    /// A city holding only the starting tile, its House plaza at the origin.
    pub fn new() -> City {
        let mut c = City {
            table: [0; TABLE_SIZE],
            hexes: [Hex::ORIGIN; MAX_ENTRIES],
            cells: [Cell::default(); MAX_ENTRIES],
            entries: 0,
            frontier: [0; MAX_FRONTIER],
            frontier_len: 0,
            placements: [Placed { tile: 0, at: Hex::ORIGIN, rot: 0 }; MAX_PLACEMENTS],
            placed: 1,
            stars: [0; 5],
        };
        for (dir, face) in START_TILE {
            let h = dir.map_or(Hex::ORIGIN, |d| Hex::ORIGIN.step(d));
            c.set_top(h, 1, face, 0);
        }
        c
    }

    /// The tiles in the order they were placed, the starting tile first.
    pub fn placements(&self) -> &[Placed] {
        &self.placements[..self.placed as usize]
    }

    /// Entry index of a position, if it is occupied or on the frontier.
    #[inline]
    fn entry(&self, h: Hex) -> Option<usize> {
        let mut s = slot_of(h);
        loop {
            let e = self.table[s];
            if e == 0 {
                return None;
            }
            if self.hexes[e as usize - 1] == h {
                return Some(e as usize - 1);
            }
            s = (s + 1) & (TABLE_SIZE - 1);
        }
    }

    fn entry_or_insert(&mut self, h: Hex) -> usize {
        let mut s = slot_of(h);
        loop {
            let e = self.table[s];
            if e == 0 {
                let i = self.entries as usize;
                self.hexes[i] = h;
                self.cells[i] = Cell { frontier_at: NOT_IN_FRONTIER, ..Cell::default() };
                self.entries += 1;
                self.table[s] = self.entries;
                return i;
            }
            if self.hexes[e as usize - 1] == h {
                return e as usize - 1;
            }
            s = (s + 1) & (TABLE_SIZE - 1);
        }
    }

    /// Height of the stack at a position (0 = empty).
    #[inline]
    pub fn height(&self, h: Hex) -> u8 {
        self.entry(h).map_or(0, |e| self.cells[e].height)
    }

    /// Whether a position is empty and next to the city.
    #[inline]
    pub fn is_frontier(&self, h: Hex) -> bool {
        self.entry(h).is_some_and(|e| self.cells[e].height == 0)
    }

    /// The visible hex at a position, if any.
    #[inline]
    pub fn top(&self, h: Hex) -> Option<Top> {
        let c = self.cells[self.entry(h)?];
        (c.height > 0).then(|| Top { height: c.height, face: Face::from_bits(c.face), placement: c.placement })
    }

    /// Every occupied position with its visible hex, in the order positions were first built on.
    pub fn tops(&self) -> impl Iterator<Item = (Hex, Top)> + '_ {
        (0..self.entries as usize).filter(|&e| self.cells[e].height > 0).map(move |e| {
            let c = self.cells[e];
            (self.hexes[e], Top { height: c.height, face: Face::from_bits(c.face), placement: c.placement })
        })
    }

    /// The empty positions next to the city.
    pub fn frontier(&self) -> impl Iterator<Item = Hex> + '_ {
        self.frontier[..self.frontier_len as usize].iter().map(move |&e| self.hexes[e as usize])
    }

    pub(crate) fn frontier_len(&self) -> usize {
        self.frontier_len as usize
    }

    pub(crate) fn frontier_hex(&self, i: usize) -> Hex {
        self.hexes[self.frontier[i] as usize]
    }

    /// Number of occupied positions.
    pub fn ground_size(&self) -> usize {
        self.entries as usize - self.frontier_len as usize
    }

    /// Whether three positions (a tile's footprint) can take a tile now; on success,
    /// the height they are at (0 = ground).
    pub fn can_place(&self, spots: [Hex; 3]) -> Result<u8, Unplaceable> {
        let cells = spots.map(|h| self.entry(h).map(|e| self.cells[e]));
        let height = |c: Option<Cell>| c.map_or(0, |c| c.height);
        let h = height(cells[0]);
        if height(cells[1]) != h || height(cells[2]) != h {
            return Err(Unplaceable::UnequalHeights);
        }
        if h == 0 {
            // Empty positions with an entry are exactly the frontier: next to the city.
            if cells.iter().all(|c| c.is_none()) {
                return Err(Unplaceable::NotTouching);
            }
            return Ok(0);
        }
        let p = cells.map(|c| c.map_or(0, |c| c.placement));
        if p[0] == p[1] && p[1] == p[2] {
            return Err(Unplaceable::OneTileBelow);
        }
        Ok(h)
    }

    /// Places a tile (assumed placeable: see `can_place`); returns how many quarries it covered.
    pub fn place(&mut self, tile: TileId, at: Hex, rot: u8) -> u32 {
        self.place_faces(tile, tile_faces(tile), at, rot)
    }

    /// `place` with the faces given: tests build cities from any three hexes.
    pub(crate) fn place_faces(&mut self, tile: TileId, faces: [Face; 3], at: Hex, rot: u8) -> u32 {
        let index = self.placed;
        self.placements[index as usize] = Placed { tile, at, rot };
        self.placed += 1;
        let mut quarries = 0;
        for (h, face) in footprint(at, rot).into_iter().zip(faces) {
            let below = self.top(h);
            quarries += below.is_some_and(|t| t.face == Face::QUARRY) as u32;
            self.set_top(h, below.map_or(1, |t| t.height + 1), face, index);
        }
        quarries
    }

    /// Puts a hex on a position at a given height, as if built there by a tile of its
    /// own: scoring tests draw cities hex by hex with it.
    #[cfg(test)]
    pub(crate) fn put(&mut self, h: Hex, height: u8, face: Face) {
        let index = self.placed;
        self.placements[index as usize] = Placed { tile: 1, at: h, rot: 0 };
        self.placed += 1;
        self.set_top(h, height, face, index);
    }

    /// Puts a face on top of a position; a newly occupied position leaves the
    /// frontier and its empty neighbours join it.
    fn set_top(&mut self, h: Hex, height: u8, face: Face, placement: u8) {
        let e = self.entry_or_insert(h);
        let was_empty = self.cells[e].height == 0;
        if !was_empty {
            let covered = Face::from_bits(self.cells[e].face);
            if covered.is_plaza() {
                self.stars[covered.kind() as usize] -= covered.stars() as u8;
            }
        }
        if face.is_plaza() {
            self.stars[face.kind() as usize] += face.stars() as u8;
        }
        self.cells[e].height = height;
        self.cells[e].face = face.to_bits();
        self.cells[e].placement = placement;
        if !was_empty {
            return;
        }
        self.leave_frontier(e);
        for n in h.neighbours() {
            let ne = self.entry_or_insert(n);
            if self.cells[ne].height == 0 && self.cells[ne].frontier_at == NOT_IN_FRONTIER {
                self.cells[ne].frontier_at = self.frontier_len;
                self.frontier[self.frontier_len as usize] = ne as u16;
                self.frontier_len += 1;
            }
        }
    }

    fn leave_frontier(&mut self, e: usize) {
        let at = self.cells[e].frontier_at;
        if at == NOT_IN_FRONTIER {
            return;
        }
        self.cells[e].frontier_at = NOT_IN_FRONTIER;
        self.frontier_len -= 1;
        let last = self.frontier[self.frontier_len as usize];
        if last as usize != e {
            self.frontier[at as usize] = last;
            self.cells[last as usize].frontier_at = at;
        }
    }

    /// Entries: every occupied or frontier position, by index (for move generation).
    #[inline]
    pub(crate) fn entry_count(&self) -> usize {
        self.entries as usize
    }

    #[inline]
    pub(crate) fn entry_hex(&self, e: usize) -> Hex {
        self.hexes[e]
    }

    #[inline]
    pub(crate) fn entry_height(&self, e: usize) -> u8 {
        self.cells[e].height
    }

    /// Stars of the visible plazas of a district kind.
    #[inline]
    pub fn plaza_stars(&self, kind: Kind) -> u32 {
        self.stars.get(kind as usize).map_or(0, |&s| s as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_tile_is_a_house_plaza_with_three_quarries() {
        let c = City::new();
        assert_eq!(c.top(Hex::ORIGIN).unwrap().face.letter(), 'H');
        for h in [Hex::new(0, 1), Hex::new(1, -1), Hex::new(-1, 0)] {
            let t = c.top(h).unwrap();
            assert_eq!((t.face.letter(), t.height, t.placement), ('q', 1, 0));
        }
        assert_eq!(c.ground_size(), 4);
        // The four hexes' empty neighbours: 12 positions around a 4-hex "Y".
        assert_eq!(c.frontier().count(), 12);
        assert!(c.frontier().all(|h| c.height(h) == 0 && h.neighbours().iter().any(|&n| c.height(n) > 0)));
        assert!(c.frontier().all(|h| c.top(h).is_none()), "an empty position shows no hex");
    }

    #[test]
    fn cities_are_equal_when_built_the_same_way() {
        let (mut a, mut b) = (City::new(), City::new());
        assert_eq!(a, b);
        a.place(7, Hex::new(1, 0), 0);
        assert_ne!(a, b, "a tile more");
        b.place(7, Hex::new(1, 0), 1);
        assert_ne!(a, b, "the same tile turned otherwise");
        let mut c = City::new();
        c.place(7, Hex::new(1, 0), 0);
        assert_eq!(a, c);
    }

    #[test]
    fn the_frontier_follows_every_placement() {
        let mut c = City::new();
        c.place(7, Hex::new(1, 0), 0);
        c.place(1, Hex::new(-1, -1), 3);
        let want: std::collections::BTreeSet<Hex> =
            c.tops().flat_map(|(h, _)| h.neighbours()).filter(|&n| c.height(n) == 0).collect();
        let got: std::collections::BTreeSet<Hex> = c.frontier().collect();
        assert_eq!(got, want);
        assert_eq!(c.frontier().count(), want.len(), "no position twice");
    }
}
