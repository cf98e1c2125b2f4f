//! The five scoring variants, each condition tried on both sides of its
//! boundary and against its look-alikes: the neighbour of the right kind and
//! of every other kind (district or plaza, any colour, any height), the
//! threshold and one below it, a neighbour that is empty, outside or a lake,
//! and both rule options where they matter. docs/AKROPOLIS.md names these
//! tests beside its variant rulings.
//!
//! Cities are drawn hex by hex well away from the starting tile (a House
//! plaza at 0,0, quarries at 0,1, 1,-1 and -1,0), so only the hexes drawn
//! touch the district under test. Values are compared, not scores: a value is
//! computed whether or not the city has a plaza of that kind.

use crate::hex::Hex;
use crate::options::{BarracksEdge, Lake, Options};
use crate::rules_tests::{city, district, opts};
use crate::tiles::Kind;

/// Every visible hex a neighbour can be, except `but`: districts and plazas of
/// the five kinds, and the quarry.
fn every_letter_but(but: char) -> impl Iterator<Item = char> {
    "hmbtgHMBTGq".chars().filter(move |&c| c != but)
}

/// The value of `kind` with and without its variant, under `options`' rule options.
fn values(hexes: &[(i8, i8, u8, char)], kind: Kind, options: Options) -> (u32, u32) {
    let c = city(hexes);
    let on = Options { variants: opts(&kind.letter().to_string()).variants, ..options };
    let off = Options { variants: opts("").variants, ..options };
    (district(&c, &off, kind).1, district(&c, &on, kind).1)
}

/// Both rule options' pairs (barracks edge, lake): the defaults and the other readings.
fn rule_options() -> [Options; 4] {
    let o = Options::default();
    [
        o,
        Options { barracks_edge: BarracksEdge::AnyEmpty, ..o },
        Options { lake: Lake::EnclosedRegion, ..o },
        Options { barracks_edge: BarracksEdge::AnyEmpty, lake: Lake::EnclosedRegion, ..o },
    ]
}

/// The six positions around `centre`, given letters (None: left empty) at `height`.
fn ring(centre: (i8, i8), letters: [Option<char>; 6], height: u8) -> Vec<(i8, i8, u8, char)> {
    let around = Hex::new(centre.0, centre.1).neighbours();
    around.iter().zip(letters).filter_map(|(h, l)| l.map(|l| (h.q, h.r, height, l))).collect()
}

#[test]
fn houses_variant_doubles_the_scoring_group_from_a_value_of_ten() {
    // Four houses in a row (7,0 .. 10,0): the value is the sum of their levels.
    let row = |levels: [u8; 4]| -> Vec<(i8, i8, u8, char)> {
        levels.iter().enumerate().map(|(i, &l)| (7 + i as i8, 0, l, 'h')).collect()
    };
    for o in rule_options() {
        assert_eq!(values(&row([3, 3, 2, 2]), Kind::House, o), (10, 20), "10 from heights: doubled");
        assert_eq!(values(&row([3, 2, 2, 2]), Kind::House, o), (9, 9), "9: not doubled");
        assert_eq!(values(&row([3, 3, 3, 2]), Kind::House, o), (11, 22), "11: doubled");
    }
    // Only the scoring group is looked at: five ground houses (value 5) outscore
    // four tall ones (value 12), so nothing is doubled though a group is worth 12.
    let mut two = row([3, 3, 3, 3]);
    two.extend((0..5).map(|i| (-8 - i, 4, 1, 'h')));
    assert_eq!(values(&two, Kind::House, Options::default()), (5, 5));
    // A group needs adjacent house districts: a House plaza or any other hex
    // between two groups does not join them (5 + 5 would be 10).
    for between in every_letter_but('h') {
        let mut split: Vec<_> = (0..5).map(|i| (-12 + i, 6, 1, 'h')).collect();
        split.push((-7, 6, 1, between));
        split.extend((0..5).map(|i| (-6 + i, 6, 1, 'h')));
        assert_eq!(values(&split, Kind::House, Options::default()), (5, 5), "joined by {between}");
    }
    let joined: Vec<_> = (0..10).map(|i| (-12 + i, 6, 1, 'h')).collect();
    assert_eq!(values(&joined, Kind::House, Options::default()), (10, 20), "ten in a row: doubled");
}

#[test]
fn markets_variant_doubles_a_scoring_market_next_to_a_market_plaza_only() {
    // A market on level 1 at 7,0 with one neighbour (7,1) of each kind.
    for o in rule_options() {
        for n in every_letter_but('m') {
            let hexes = [(7, 0, 1, 'm'), (7, 1, 1, n)];
            let want = if n == 'M' { (1, 2) } else { (1, 1) };
            assert_eq!(values(&hexes, Kind::Market, o), want, "next to {n}");
        }
        // A neighbouring market district: it does not score at all, plaza or not.
        let pair = [(7, 0, 1, 'm'), (7, 1, 1, 'm'), (8, 0, 1, 'M')];
        assert_eq!(values(&pair, Kind::Market, o), (0, 0));
    }
    // Adjacency ignores levels: a Market plaza on level 3 next to a ground
    // market, and a level-2 market next to a ground plaza, are doubled.
    assert_eq!(values(&[(7, 0, 1, 'm'), (7, 1, 3, 'M')], Kind::Market, Options::default()), (1, 2));
    assert_eq!(values(&[(7, 0, 2, 'm'), (7, 1, 1, 'M')], Kind::Market, Options::default()), (2, 4));
    // A Market plaza two steps away, or covered by another hex, does not double.
    assert_eq!(values(&[(7, 0, 1, 'm'), (7, 2, 1, 'M'), (7, 1, 1, 'q')], Kind::Market, Options::default()), (1, 1));
    let covered = city(&[(7, 0, 1, 'm'), (7, 1, 1, 'M'), (7, 1, 2, 'q')]);
    assert_eq!(district(&covered, &opts("m"), Kind::Market).1, 1, "a covered plaza is not visible");
    // Every market next to a plaza counts double, each once however many plazas.
    let two = [(7, 0, 1, 'm'), (7, 1, 1, 'M'), (6, 0, 1, 'M'), (9, 0, 2, 'm'), (9, 1, 1, 'M')];
    assert_eq!(values(&two, Kind::Market, Options::default()), (3, 6));
}

#[test]
fn barracks_variant_doubles_a_scoring_barracks_with_three_or_four_edge_neighbours() {
    // A barracks at 8,0; `walls` of its six neighbours (from north, clockwise) occupied.
    let walled = |walls: usize, wall: char, level: u8| -> Vec<(i8, i8, u8, char)> {
        let letters: [Option<char>; 6] = std::array::from_fn(|i| (i < walls).then_some(wall));
        let mut hexes = vec![(8, 0, level, 'b')];
        hexes.extend(ring((8, 0), letters, 1));
        hexes
    };
    for o in rule_options() {
        for wall in every_letter_but('b') {
            assert_eq!(values(&walled(2, wall, 1), Kind::Barracks, o), (1, 2), "4 open, walls {wall}");
            assert_eq!(values(&walled(3, wall, 1), Kind::Barracks, o), (1, 2), "3 open, walls {wall}");
            assert_eq!(values(&walled(4, wall, 1), Kind::Barracks, o), (1, 1), "2 open, walls {wall}");
            assert_eq!(values(&walled(5, wall, 1), Kind::Barracks, o), (1, 1), "1 open, walls {wall}");
            assert_eq!(values(&walled(6, wall, 1), Kind::Barracks, o), (0, 0), "closed in: not on the edge");
        }
        // Barracks walls close a side too, and score themselves: the level-2
        // barracks keeps 3 open sides (2, doubled 4), each ground wall 3 or 4 (1, doubled 2).
        assert_eq!(values(&walled(3, 'b', 2), Kind::Barracks, o), (2 + 3, 4 + 6), "barracks walls");
        assert_eq!(values(&walled(4, 'q', 3), Kind::Barracks, o), (3, 3), "2 open on level 3");
    }
}

#[test]
fn barracks_variant_counts_only_outside_neighbours_unless_any_empty() {
    // The barracks at 8,0 has 3 empty neighbours: 8,-1 and 9,-1 outside, and
    // 7,1, a one-hex hole walled in by quarries.
    let mut hexes = vec![(8, 0, 1, 'b'), (8, 1, 1, 'q'), (9, 0, 1, 'q'), (7, 0, 1, 'q')];
    hexes.extend(ring((7, 1), [Some('q'), Some('q'), None, None, Some('q'), Some('q')], 1));
    for lake in [Lake::SingleHex, Lake::EnclosedRegion] {
        let outside = Options { lake, ..Options::default() };
        assert_eq!(values(&hexes, Kind::Barracks, outside), (1, 1), "two outside: not doubled");
        let any = Options { barracks_edge: BarracksEdge::AnyEmpty, ..outside };
        assert_eq!(values(&hexes, Kind::Barracks, any), (1, 2), "three empty: doubled");
    }
}

#[test]
fn temples_variant_doubles_a_surrounded_temple_from_level_two() {
    for o in rule_options() {
        for wall in every_letter_but('t') {
            for (level, want) in [(1, (1, 1)), (2, (2, 4)), (3, (3, 6))] {
                let mut hexes = vec![(8, 0, level, 't')];
                hexes.extend(ring((8, 0), [Some(wall); 6], 1));
                assert_eq!(values(&hexes, Kind::Temple, o), want, "level {level} walled by {wall}");
            }
        }
        // Not surrounded (one neighbour empty): no value at any level, so nothing to double.
        for level in 1..=3 {
            let mut open = vec![(8, 0, level, 't')];
            open.extend(ring((8, 0), [Some('q'), Some('q'), Some('q'), Some('q'), Some('q'), None], 2));
            assert_eq!(values(&open, Kind::Temple, o), (0, 0), "level {level}, one side open");
        }
    }
    // Temples walling a temple: the walls are not surrounded, the middle one is.
    let mut hexes = vec![(8, 0, 2, 't')];
    hexes.extend(ring((8, 0), [Some('t'); 6], 1));
    assert_eq!(values(&hexes, Kind::Temple, Options::default()), (2, 4));
}

#[test]
fn gardens_variant_doubles_a_garden_next_to_a_lake() {
    // A one-hex lake at 8,0 walled by six hexes, the garden (level `level`) one of them.
    let lake = |wall: char, level: u8| -> Vec<(i8, i8, u8, char)> {
        let mut hexes = ring((8, 0), [Some(wall); 6], 1);
        hexes[0] = (hexes[0].0, hexes[0].1, level, 'g');
        hexes
    };
    for o in rule_options() {
        for wall in every_letter_but('g') {
            assert_eq!(values(&lake(wall, 1), Kind::Garden, o), (1, 2), "lake walled by {wall}");
        }
        assert_eq!(values(&lake('q', 2), Kind::Garden, o), (2, 4), "on level 2");
        // One wall missing: the hole is open, a plain empty neighbour.
        let mut open = lake('q', 1);
        open.pop();
        assert_eq!(values(&open, Kind::Garden, o), (1, 1), "next to an outside position");
        // A garden two steps from the lake is not next to it.
        let mut far = lake('q', 1);
        far[0].3 = 'q';
        far.push((8, 3, 1, 'g'));
        assert_eq!(values(&far, Kind::Garden, o), (1, 1), "two steps away");
        // A garden alone, empty all round.
        assert_eq!(values(&[(8, 5, 3, 'g')], Kind::Garden, o), (3, 3));
    }
    // A filled lake is no lake: a hex on 8,0 (any kind) leaves the garden undoubled.
    for fill in "hmbtgHMBTGq".chars() {
        let mut filled = lake('q', 1);
        filled.push((8, 0, 1, fill));
        let gardens = if fill == 'g' { (2, 2) } else { (1, 1) };
        assert_eq!(values(&filled, Kind::Garden, Options::default()), gardens, "filled with {fill}");
    }
}

#[test]
fn gardens_variant_takes_a_two_hex_hole_for_a_lake_only_when_enclosed_regions_are_lakes() {
    // The hole 8,0 + 8,1, walled by quarries and a garden at 9,0.
    let hole = [Hex::new(8, 0), Hex::new(8, 1)];
    let mut walls: Vec<Hex> = hole.iter().flat_map(|h| h.neighbours()).filter(|n| !hole.contains(n)).collect();
    walls.sort();
    walls.dedup();
    let hexes: Vec<_> = walls.iter().map(|h| (h.q, h.r, 1, if *h == Hex::new(9, 0) { 'g' } else { 'q' })).collect();
    for barracks_edge in [BarracksEdge::Outside, BarracksEdge::AnyEmpty] {
        let single = Options { barracks_edge, ..Options::default() };
        assert_eq!(values(&hexes, Kind::Garden, single), (1, 1), "a two-hex hole is not a one-hex lake");
        let enclosed = Options { lake: Lake::EnclosedRegion, ..single };
        assert_eq!(values(&hexes, Kind::Garden, enclosed), (1, 2), "but it is an enclosed region");
    }
}
