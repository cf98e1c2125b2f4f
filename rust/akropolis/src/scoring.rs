//! Scoring a city: for each district kind, stars (from visible plazas) times
//! value (from visible districts that meet the kind's condition), plus stones.
//!
//! The city is copied into a small grid around it (its bounding box plus one
//! ring of empty positions), where neighbours are index offsets and the
//! positions joined to the open plane ("outside") are found by one flood fill.

use crate::city::City;
use crate::hex::{Hex, DIRECTIONS};
use crate::options::{BarracksEdge, Lake, Options};
use crate::state::Game;
use crate::tiles::{Face, Kind};

/// One district kind's part of a score.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct DistrictScore {
    /// Stars on the visible plazas of this kind.
    pub stars: u32,
    /// The districts' value (sum of levels of those that count, variants applied).
    pub value: u32,
    /// stars × value.
    pub score: u32,
}

/// A city's score, per district kind in `Kind::DISTRICTS` order.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Breakdown {
    pub districts: [DistrictScore; 5],
    pub stones: u32,
    pub total: u32,
}

impl Breakdown {
    pub fn district(&self, kind: Kind) -> DistrictScore {
        self.districts[kind as usize]
    }
}

/// The grid side: a city's span is at most 62 positions along an axis, plus a ring each side.
const SIDE: usize = 68;
const EMPTY: u8 = 0xFF;

struct Grid {
    q0: i32,
    r0: i32,
    w: usize,
    h: usize,
    /// Visible face bits, or EMPTY.
    face: [u8; SIDE * SIDE],
    level: [u8; SIDE * SIDE],
    outside: [bool; SIDE * SIDE],
}

impl Grid {
    fn new(city: &City) -> Grid {
        let (mut qmin, mut qmax, mut rmin, mut rmax) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for (h, _) in city.tops() {
            qmin = qmin.min(h.q as i32);
            qmax = qmax.max(h.q as i32);
            rmin = rmin.min(h.r as i32);
            rmax = rmax.max(h.r as i32);
        }
        let (w, h) = ((qmax - qmin + 3) as usize, (rmax - rmin + 3) as usize);
        debug_assert!(w <= SIDE && h <= SIDE, "a city spans at most 62 positions");
        let mut g = Grid {
            q0: qmin - 1,
            r0: rmin - 1,
            w,
            h,
            face: [EMPTY; SIDE * SIDE],
            level: [0; SIDE * SIDE],
            outside: [false; SIDE * SIDE],
        };
        for (hex, top) in city.tops() {
            let i = g.index(hex);
            g.face[i] = top.face.to_bits();
            g.level[i] = top.height;
        }
        g.flood_outside();
        g
    }

    /// The cell of an occupied position (always inside the box, by construction).
    fn index(&self, hex: Hex) -> usize {
        let (q, r) = (hex.q as i32 - self.q0, hex.r as i32 - self.r0);
        debug_assert!((0..self.w as i32).contains(&q) && (0..self.h as i32).contains(&r));
        r as usize * SIDE + q as usize
    }

    /// The neighbours of cell i that lie in the box.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (w, h) = (self.w as i32, self.h as i32);
        let (q, r) = ((i % SIDE) as i32, (i / SIDE) as i32);
        DIRECTIONS.into_iter().filter_map(move |d| {
            let (nq, nr) = (q + d.q as i32, r + d.r as i32);
            ((0..w).contains(&nq) && (0..h).contains(&nr)).then(|| nr as usize * SIDE + nq as usize)
        })
    }

    /// Marks the empty cells joined to the box's border by empty cells. The
    /// border ring is all empty (the box has a free ring around the city) and
    /// joined to itself and to the plane beyond, so a flood from one corner
    /// reaches exactly the outside.
    fn flood_outside(&mut self) {
        // Each cell is pushed at most once (when first marked), so a grid-sized stack suffices.
        let mut stack = [0u16; SIDE * SIDE];
        self.outside[0] = true; // the corner cell, index 0: already on the stack below
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let i = stack[len] as usize;
            for n in self.neighbours(i) {
                if self.face[n] == EMPTY && !self.outside[n] {
                    self.outside[n] = true;
                    stack[len] = n as u16;
                    len += 1;
                }
            }
        }
    }

    fn is(&self, i: usize, face: Face) -> bool {
        self.face[i] == face.to_bits()
    }

    /// Empty neighbours of cell i (a cell on the border has none outside the box
    /// that matter: border cells are empty, so no occupied cell is on the border).
    fn empty_neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours(i).filter(move |&n| self.face[n] == EMPTY)
    }

    /// A lake: one empty position whose six neighbours are occupied, or (rule
    /// option) any empty position cut off from the outside.
    fn is_lake(&self, i: usize, lake: Lake) -> bool {
        self.face[i] == EMPTY
            && match lake {
                Lake::SingleHex => self.neighbours(i).filter(|&n| self.face[n] != EMPTY).count() == 6,
                Lake::EnclosedRegion => !self.outside[i],
            }
    }
}

/// The score of one city holding `stones` stones, under the game's options.
pub fn score_city(city: &City, stones: u32, options: &Options) -> Breakdown {
    let g = Grid::new(city);
    let v = options.variants;
    let mut b = Breakdown { stones, ..Breakdown::default() };
    for (_, top) in city.tops().filter(|(_, t)| t.face.is_plaza()) {
        b.districts[top.face.kind() as usize].stars += top.face.stars();
    }
    let cells = || city.tops().map(|(h, _)| g.index(h));
    let level = |i: usize| g.level[i] as u32;
    let doubled = |value: u32, yes: bool| if yes { 2 * value } else { value };

    // Houses: only the largest group of adjacent houses (most hexes, then highest value).
    let house = Face::district(Kind::House);
    let mut seen = [false; SIDE * SIDE];
    let mut stack = [0u16; SIDE * SIDE];
    let mut best = (0usize, 0u32);
    for start in cells() {
        if !g.is(start, house) || seen[start] {
            continue;
        }
        let (mut size, mut value, mut len) = (0usize, 0u32, 1);
        stack[0] = start as u16;
        seen[start] = true;
        while len > 0 {
            len -= 1;
            let i = stack[len] as usize;
            size += 1;
            value += level(i);
            for n in g.neighbours(i) {
                if g.is(n, house) && !seen[n] {
                    seen[n] = true;
                    stack[len] = n as u16;
                    len += 1;
                }
            }
        }
        best = best.max((size, value));
    }
    b.districts[Kind::House as usize].value = doubled(best.1, v.has(Kind::House) && best.1 >= 10);

    let market = Face::district(Kind::Market);
    let market_plaza = Face::plaza(Kind::Market);
    let barracks = Face::district(Kind::Barracks);
    let temple = Face::district(Kind::Temple);
    let garden = Face::district(Kind::Garden);
    let edge = |n: usize| g.face[n] == EMPTY && (options.barracks_edge == BarracksEdge::AnyEmpty || g.outside[n]);
    for i in cells() {
        let (kind, value) = if g.is(i, market) {
            // Markets: alone (no adjacent market); the variant doubles one next to a Market plaza.
            if g.neighbours(i).any(|n| g.is(n, market)) {
                continue;
            }
            let bonus = v.has(Kind::Market) && g.neighbours(i).any(|n| g.is(n, market_plaza));
            (Kind::Market, doubled(level(i), bonus))
        } else if g.is(i, barracks) {
            // Barracks: on the city's edge; the variant doubles those with 3 or more edge neighbours.
            let edges = g.empty_neighbours(i).filter(|&n| edge(n)).count();
            if edges == 0 {
                continue;
            }
            (Kind::Barracks, doubled(level(i), v.has(Kind::Barracks) && edges >= 3))
        } else if g.is(i, temple) {
            // Temples: surrounded on all six sides; the variant doubles those above the ground.
            if g.empty_neighbours(i).next().is_some() {
                continue;
            }
            (Kind::Temple, doubled(level(i), v.has(Kind::Temple) && level(i) >= 2))
        } else if g.is(i, garden) {
            // Gardens: always; the variant doubles those next to a lake.
            let bonus = v.has(Kind::Garden) && g.neighbours(i).any(|n| g.is_lake(n, options.lake));
            (Kind::Garden, doubled(level(i), bonus))
        } else {
            continue;
        };
        b.districts[kind as usize].value += value;
    }
    for d in &mut b.districts {
        d.score = d.stars * d.value;
    }
    b.total = b.districts.iter().map(|d| d.score).sum::<u32>() + stones;
    b
}

impl Game {
    /// The score of a seat's city now (the final score once the game is over).
    pub fn score(&self, seat: usize) -> Breakdown {
        score_city(self.city(seat), self.stones(seat), self.options())
    }

    /// How much a legal move changes the mover's total now (stones paid and
    /// earned included): what the greedy agent maximises.
    pub fn score_gain(&self, m: &crate::moves::Move) -> i64 {
        let seat = self.current_player();
        let mut city = self.city(seat).clone();
        let quarries = city.place(self.site()[m.index as usize], m.at, m.rot);
        let stones = self.stones(seat) - m.index as u32 + quarries;
        score_city(&city, stones, self.options()).total as i64 - self.score(seat).total as i64
    }

    /// Every seat's total.
    pub fn scores(&self) -> Vec<u32> {
        (0..self.players()).map(|s| self.score(s).total).collect()
    }

    /// The seats that win: the highest total, then the most stones; a tie on both is shared.
    /// Meaningful once the game is over (before, it names who leads).
    pub fn winners(&self) -> Vec<usize> {
        // Each city scored once: (total, stones) per seat.
        let keys: Vec<(u32, u32)> = (0..self.players()).map(|s| (self.score(s).total, self.stones(s))).collect();
        let best = *keys.iter().max().expect("at least two players");
        (0..self.players()).filter(|&s| keys[s] == best).collect()
    }
}
