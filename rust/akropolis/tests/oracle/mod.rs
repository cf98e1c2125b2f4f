//! Legal placements and scores written again from the rules, sharing nothing
//! with the engine's move generator or scorer but the city's storage (heights
//! and visible hexes).

// Each test binary that includes this module uses only part of it.
#![allow(dead_code)]

use std::collections::BTreeSet;

use pavilion_akropolis::{City, Game, Hex, Move};

mod score;
// Like the rest of this module, used by some of the test binaries that include it.
#[allow(unused_imports)]
pub use score::oracle_score;

/// The six neighbours, written out again from the rules' direction list (N, NE, SE, S, SW, NW).
const DIRS: [(i8, i8); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];

pub fn add(h: Hex, d: usize) -> Hex {
    Hex::new(h.q + DIRS[d % 6].0, h.r + DIRS[d % 6].1)
}

/// Every legal (anchor, rotation), by brute force over a box around the city:
/// equal heights; on the ground one hex next to an occupied position; higher up,
/// visible hexes from two or more tiles.
pub fn oracle(city: &City) -> BTreeSet<(Hex, u8)> {
    let occupied: Vec<Hex> = city.tops().map(|(h, _)| h).collect();
    let (qmin, qmax) = (occupied.iter().map(|h| h.q).min().unwrap(), occupied.iter().map(|h| h.q).max().unwrap());
    let (rmin, rmax) = (occupied.iter().map(|h| h.r).min().unwrap(), occupied.iter().map(|h| h.r).max().unwrap());
    let mut out = BTreeSet::new();
    for q in qmin - 3..=qmax + 3 {
        for r in rmin - 3..=rmax + 3 {
            for rot in 0..6u8 {
                let at = Hex::new(q, r);
                let spots = [at, add(at, rot as usize), add(at, rot as usize + 1)];
                let heights = spots.map(|h| city.height(h));
                if heights[1] != heights[0] || heights[2] != heights[0] {
                    continue;
                }
                let legal = if heights[0] == 0 {
                    spots.iter().any(|&h| (0..6).any(|d| city.height(add(h, d)) > 0))
                } else {
                    let tiles: BTreeSet<u8> = spots.iter().map(|&h| city.top(h).unwrap().placement).collect();
                    tiles.len() >= 2
                };
                if legal {
                    out.insert((at, rot));
                }
            }
        }
    }
    out
}

/// Every legal move by the oracle: each affordable site index with each legal footprint.
pub fn oracle_moves(g: &Game) -> Vec<Move> {
    if g.is_over() {
        return Vec::new();
    }
    let seat = g.current_player();
    let affordable = (g.site().len() - 1).min(g.stones(seat) as usize);
    let spots = oracle(g.city(seat));
    (0..=affordable as u8).flat_map(|i| spots.iter().map(move |&(at, rot)| Move::new(i, at, rot))).collect()
}

/// Perft by the oracle's move lists.
pub fn oracle_perft(g: &Game, depth: u32) -> u64 {
    if depth == 0 || g.is_over() {
        return 1;
    }
    oracle_moves(g)
        .iter()
        .map(|m| {
            let mut next = g.clone();
            next.play(m).expect("the oracle's move is legal");
            oracle_perft(&next, depth - 1)
        })
        .sum()
}
