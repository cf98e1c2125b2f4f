//! Hex positions in a city: flat-topped hexes in axial coordinates (q, r).
//!
//! Directions are numbered clockwise from north: d0 N (0,+1), d1 NE (+1,0),
//! d2 SE (+1,−1), d3 S (0,−1), d4 SW (−1,0), d5 NW (−1,+1). Coordinates fit
//! in `i8`: a city of n placed tiles spans at most 2 + 2n positions along any
//! axis (a new tile lies within two steps of the city), and n ≤ 30, so every
//! hex a rule looks at lies within ±64 of the origin.

use std::fmt;

/// A position in a city's plane (not a level: heights are stored per position).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Hex {
    pub q: i8,
    pub r: i8,
}

/// The six directions, clockwise from north (see the module comment).
pub const DIRECTIONS: [Hex; 6] = [
    Hex { q: 0, r: 1 },
    Hex { q: 1, r: 0 },
    Hex { q: 1, r: -1 },
    Hex { q: 0, r: -1 },
    Hex { q: -1, r: 0 },
    Hex { q: -1, r: 1 },
];

/// Largest |q| or |r| a move may name. Positions further out can never touch a
/// city (see the module comment), so such a move is illegal rather than unreadable.
pub const COORD_LIMIT: i8 = 100;

impl Hex {
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    /// The neighbour in direction `d` (0..6). Saturates at the `i8` range, which no
    /// real city approaches (see the module comment).
    #[inline]
    pub fn step(self, d: usize) -> Hex {
        let o = DIRECTIONS[d % 6];
        Hex { q: self.q.saturating_add(o.q), r: self.r.saturating_add(o.r) }
    }

    #[inline]
    pub fn neighbours(self) -> [Hex; 6] {
        [0, 1, 2, 3, 4, 5].map(|d| self.step(d))
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_go_clockwise_and_opposites_cancel() {
        let names = ["N", "NE", "SE", "S", "SW", "NW"];
        for (d, name) in names.iter().enumerate() {
            let back = Hex::ORIGIN.step(d).step(d + 3);
            assert_eq!(back, Hex::ORIGIN, "{name} then its opposite");
            // Consecutive directions are themselves neighbours: that is what lets a
            // tile's three hexes (anchor, anchor+d_k, anchor+d_k+1) form a triangle.
            assert!(Hex::ORIGIN.step(d).neighbours().contains(&Hex::ORIGIN.step(d + 1)));
        }
        assert_eq!(Hex::ORIGIN.step(0), Hex::new(0, 1));
        assert_eq!(Hex::ORIGIN.step(2), Hex::new(1, -1));
        assert_eq!(Hex::ORIGIN.step(5), Hex::new(-1, 1));
    }
}
