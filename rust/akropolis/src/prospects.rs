//! What a city may still score: the parts of its shape that today's score
//! does not count but the rest of the game can turn into points (a temple
//! one hex short of surrounded, houses outside the largest group, markets
//! that touch, places where a tile can be stacked). The network encoding
//! reads these (`encoding`), because a city's score breakdown alone cannot
//! tell two placements apart that score the same now and differently later.
//!
//! Everything here is read from the visible city alone: no hidden information.

use crate::city::City;
use crate::hex::Hex;
use crate::tiles::{Face, Kind};

/// A city's prospects, counted (levels are summed where a district's worth is its level).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Prospects {
    /// Levels of every house, in any group.
    pub house_levels: u32,
    /// Hexes in the largest group of houses.
    pub largest_house_group: u32,
    /// Levels of the second-best group of houses (what joining it would add).
    pub second_house_group: u32,
    /// Levels of every market, touching another market or not.
    pub market_levels: u32,
    /// Markets next to another market (they score nothing while they touch).
    pub touching_markets: u32,
    /// Levels of every barracks, on the edge or not.
    pub barracks_levels: u32,
    /// Levels of the temples with 1, 2, and 3 or more empty neighbours.
    pub temples_open: [u32; 3],
    /// Empty positions next to the city, and those of them with 3 or more city neighbours (nooks).
    pub frontier: u32,
    pub nooks: u32,
    /// Empty positions whose six neighbours are all built (single-hex lakes).
    pub holes: u32,
    /// Visible quarries on the ground and above it (covering one earns a stone).
    pub quarries: [u32; 2],
    /// Visible hexes at height 1, 2, 3, and 4 or more.
    pub heights: [u32; 4],
    /// Triangles of three adjacent visible hexes at one height from two or
    /// more tiles: places where a tile could be stacked.
    pub flat_triangles: u32,
}

/// The two triangle shapes of the hex grid, as the two other corners from a
/// corner (`DIRECTIONS` 0-1 and 1-2): every triangle is counted exactly once.
const TRIANGLES: [(usize, usize); 2] = [(0, 1), (1, 2)];

/// What `city` may still score (see [`Prospects`]).
pub fn prospects(city: &City) -> Prospects {
    let mut p = Prospects::default();
    let house = Face::district(Kind::House);
    let market = Face::district(Kind::Market);
    let is = |h: Hex, face: Face| city.top(h).is_some_and(|t| t.face == face);
    let mut groups: Vec<(u32, u32)> = Vec::new();
    let mut seen: Vec<Hex> = Vec::new();
    for (h, top) in city.tops() {
        let level = u32::from(top.height);
        p.heights[(top.height as usize).clamp(1, 4) - 1] += 1;
        match (top.face.is_plaza(), top.face.kind()) {
            (true, _) => {}
            (false, Kind::House) => {
                p.house_levels += level;
                if !seen.contains(&h) {
                    groups.push(house_group(city, h, house, &mut seen));
                }
            }
            (false, Kind::Market) => {
                p.market_levels += level;
                p.touching_markets += u32::from(h.neighbours().into_iter().any(|n| is(n, market)));
            }
            (false, Kind::Barracks) => p.barracks_levels += level,
            (false, Kind::Temple) => {
                let empty = h.neighbours().into_iter().filter(|&n| city.height(n) == 0).count();
                if empty > 0 {
                    p.temples_open[empty.min(3) - 1] += level;
                }
            }
            (false, Kind::Quarry) => p.quarries[usize::from(top.height > 1)] += 1,
            _ => {}
        }
        for (a, b) in TRIANGLES {
            let (ta, tb) = (city.top(h.step(a)), city.top(h.step(b)));
            if let (Some(ta), Some(tb)) = (ta, tb) {
                let flat = ta.height == top.height && tb.height == top.height;
                let one_tile = ta.placement == top.placement && tb.placement == top.placement;
                p.flat_triangles += u32::from(flat && !one_tile);
            }
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    p.largest_house_group = groups.first().map_or(0, |g| g.0);
    p.second_house_group = groups.get(1).map_or(0, |g| g.1);
    for h in city.frontier() {
        let built = h.neighbours().into_iter().filter(|&n| city.height(n) > 0).count();
        p.frontier += 1;
        p.nooks += u32::from(built >= 3);
        p.holes += u32::from(built == 6);
    }
    p
}

/// The (hexes, levels) of the group of `face` hexes joined to `start`, each marked in `seen`.
fn house_group(city: &City, start: Hex, face: Face, seen: &mut Vec<Hex>) -> (u32, u32) {
    let (mut size, mut levels) = (0, 0);
    let mut stack = vec![start];
    seen.push(start);
    while let Some(h) = stack.pop() {
        size += 1;
        levels += city.top(h).map_or(0, |t| u32::from(t.height));
        for n in h.neighbours() {
            if city.top(n).is_some_and(|t| t.face == face) && !seen.contains(&n) {
                seen.push(n);
                stack.push(n);
            }
        }
    }
    (size, levels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::options::Options;
    use crate::scoring::score_city;
    use crate::state::Game;

    #[test]
    fn the_starting_city_has_only_its_plaza_and_three_quarries() {
        let p = prospects(&City::new());
        assert_eq!(p.quarries, [3, 0]);
        assert_eq!(p.heights, [4, 0, 0, 0]);
        assert_eq!((p.house_levels, p.largest_house_group, p.market_levels), (0, 0, 0));
        // One tile: its four hexes form triangles, but all of one tile, so none to stack on.
        assert_eq!(p.flat_triangles, 0);
        // Twelve empty positions touch the four hexes (a plaza and three quarries around it).
        assert_eq!(p.frontier as usize, City::new().frontier().count());
        assert_eq!((p.holes, p.temples_open), (0, [0, 0, 0]));
    }

    #[test]
    fn a_placed_tile_makes_triangles_with_the_start_and_its_districts_count() {
        let mut g = Game::new(Options::default(), 1).unwrap();
        g.site[0] = 18; // Hmb: a House plaza, a market, a barracks
        g.play(&Move::parse("0@1,0/0").unwrap()).unwrap();
        let city = g.city(0);
        let p = prospects(city);
        assert_eq!((p.market_levels, p.barracks_levels, p.touching_markets), (1, 1, 0));
        assert!(p.flat_triangles > 0, "the new tile lies beside the start at the same height");
        assert_eq!(p.heights[0] as usize, city.tops().count());
    }

    /// The counts agree with the score where they overlap, in random games:
    /// scoring houses never exceed all houses, nor markets all markets, and a
    /// temple is either surrounded (scored) or open.
    #[test]
    fn prospects_bound_the_score_in_random_games() {
        let mut rng = pavilion_core::rng::SplitMix64::new(3);
        for seed in 0..20 {
            let mut g = Game::new(Options::default(), seed).unwrap();
            while !g.is_over() {
                let m = g.random_move(&mut rng);
                g.play(&m).unwrap();
                for seat in 0..g.players() {
                    let (city, p) = (g.city(seat), prospects(g.city(seat)));
                    let b = score_city(city, 0, g.options());
                    let value = |k: Kind| b.district(k).value;
                    assert!(value(Kind::House) <= p.house_levels);
                    assert!(value(Kind::Market) <= p.market_levels);
                    assert!(value(Kind::Barracks) <= p.barracks_levels);
                    let temples: u32 = city
                        .tops()
                        .filter(|(_, t)| t.face == Face::district(Kind::Temple))
                        .map(|(_, t)| u32::from(t.height))
                        .sum();
                    assert_eq!(value(Kind::Temple) + p.temples_open.iter().sum::<u32>(), temples);
                    assert_eq!(p.heights.iter().sum::<u32>() as usize, city.tops().count());
                    assert!(p.holes <= p.nooks && p.nooks <= p.frontier);
                }
            }
        }
    }
}
