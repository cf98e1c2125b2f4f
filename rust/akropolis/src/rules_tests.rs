//! One test per ruling of docs/AKROPOLIS.md, named after it. Scoring tests draw
//! cities hex by hex (`City::put`) next to the starting tile, which every city
//! has: a House plaza (1 star) at 0,0 and quarries at 0,1, 1,-1 and -1,0.

use crate::city::City;
use crate::hex::Hex;
use crate::moves::Move;
use crate::options::{BarracksEdge, Lake, Options, Variants};
use crate::scoring::score_city;
use crate::state::Game;
use crate::tiles::{Face, Kind};
use crate::Error;

/// A city: the starting tile plus hexes given as (q, r, height, letter).
pub(crate) fn city(hexes: &[(i8, i8, u8, char)]) -> City {
    let mut c = City::new();
    for &(q, r, height, letter) in hexes {
        c.put(Hex::new(q, r), height, Face::from_letter(letter).unwrap());
    }
    c
}

pub(crate) fn opts(variants: &str) -> Options {
    Options { variants: variants.parse().unwrap(), ..Options::default() }
}

/// (stars, value, score) of one district kind.
pub(crate) fn district(c: &City, o: &Options, kind: Kind) -> (u32, u32, u32) {
    let d = score_city(c, 0, o).district(kind);
    (d.stars, d.value, d.score)
}

#[test]
fn houses_only_the_largest_group_scores_most_hexes_first() {
    // A: four ground houses (value 4); B: three houses, two of them on level 2 (value 5).
    let a = [(2, 0, 1, 'h'), (2, 1, 1, 'h'), (3, 0, 1, 'h'), (3, 1, 1, 'h')];
    let b = [(-3, 0, 2, 'h'), (-4, 0, 2, 'h'), (-4, 1, 1, 'h')];
    let c = city(&[&a[..], &b[..]].concat());
    // Most hexes wins even with the lower value; the start tile's House plaza gives 1 star.
    assert_eq!(district(&c, &opts(""), Kind::House), (1, 4, 4));
}

#[test]
fn houses_tie_on_hexes_goes_to_the_highest_value() {
    let a = [(2, 0, 1, 'h'), (2, 1, 1, 'h'), (3, 0, 1, 'h')];
    let b = [(-3, 0, 2, 'h'), (-4, 0, 2, 'h'), (-4, 1, 1, 'h')];
    let c = city(&[&a[..], &b[..]].concat());
    assert_eq!(district(&c, &opts(""), Kind::House), (1, 5, 5));
}

#[test]
fn houses_variant_doubles_a_group_worth_ten_or_more() {
    let nine: Vec<_> = (0..3).flat_map(|r| (2..5).map(move |q| (q, r, 1, 'h'))).collect();
    let c = city(&nine);
    assert_eq!(district(&c, &opts("h"), Kind::House), (1, 9, 9), "9 is not doubled");
    let mut ten = nine.clone();
    ten.push((5, 0, 1, 'h'));
    assert_eq!(district(&city(&ten), &opts("h"), Kind::House), (1, 20, 20));
    assert_eq!(district(&city(&ten), &opts(""), Kind::House), (1, 10, 10));
}

#[test]
fn markets_count_only_with_no_adjacent_market_at_any_level() {
    let c = city(&[
        (2, 0, 1, 'M'),  // Market plaza: 2 stars
        (2, 1, 1, 'm'),  // alone, next to the plaza: 1
        (-3, 0, 3, 'm'), // next to another market: adjacency ignores levels, so 0
        (-3, 1, 1, 'm'), // likewise 0
        (0, -3, 2, 'm'), // alone on level 2: 2
    ]);
    assert_eq!(district(&c, &opts(""), Kind::Market), (2, 3, 6));
    // The variant doubles the market next to a Market plaza.
    assert_eq!(district(&c, &opts("m"), Kind::Market), (2, 4, 8));
}

/// A single-hex lake at 5,0 ringed by quarries and two barracks: the barracks at
/// 4,0 touches only the lake; the one at 6,0 touches the lake and three outside
/// positions. A Barracks plaza (2 stars) elsewhere.
fn barracks_city() -> City {
    city(&[
        (5, 1, 1, 'q'),
        (6, 0, 1, 'b'),
        (6, -1, 1, 'q'),
        (5, -1, 1, 'q'),
        (4, 0, 1, 'b'),
        (4, 1, 1, 'q'),
        (4, -1, 1, 'q'),
        (3, 0, 1, 'q'),
        (3, 1, 1, 'q'),
        (-3, 0, 1, 'B'),
    ])
}

#[test]
fn barracks_touching_only_a_hole_are_not_on_the_edge() {
    let c = barracks_city();
    assert_eq!(district(&c, &opts(""), Kind::Barracks), (2, 1, 2), "only 6,0 scores");
    let any_empty = Options { barracks_edge: BarracksEdge::AnyEmpty, ..opts("") };
    assert_eq!(district(&c, &any_empty, Kind::Barracks), (2, 2, 4), "the other reading counts the lake");
}

#[test]
fn barracks_variant_counts_outside_neighbours_only() {
    let c = barracks_city();
    // 6,0 has three outside empty neighbours: doubled. 4,0 still does not score.
    assert_eq!(district(&c, &opts("b"), Kind::Barracks), (2, 2, 4));
    // Read as "any empty": 6,0 has four (doubled), 4,0 one (scores, not doubled).
    let any_empty = Options { barracks_edge: BarracksEdge::AnyEmpty, ..opts("b") };
    assert_eq!(district(&c, &any_empty, Kind::Barracks), (2, 3, 6));
}

#[test]
fn barracks_variant_needs_three_outside_neighbours() {
    // 4,0 between quarries at 3,0, 5,0 and 3,1: three open neighbours (4,1, 5,-1, 4,-1).
    let three = city(&[(3, 0, 1, 'q'), (4, 0, 1, 'b'), (5, 0, 1, 'q'), (3, 1, 1, 'q'), (-3, 0, 1, 'B')]);
    assert_eq!(district(&three, &opts(""), Kind::Barracks), (2, 1, 2));
    assert_eq!(district(&three, &opts("b"), Kind::Barracks), (2, 2, 4), "three: doubled");
    // Wall in 5,-1 as well: two open neighbours, on the edge but not doubled.
    let two = city(&[(3, 0, 1, 'q'), (4, 0, 1, 'b'), (5, 0, 1, 'q'), (3, 1, 1, 'q'), (5, -1, 1, 'q'), (-3, 0, 1, 'B')]);
    assert_eq!(district(&two, &opts("b"), Kind::Barracks), (2, 1, 2), "two: not doubled");
}

#[test]
fn temples_count_when_surrounded_whatever_the_heights() {
    let ring = |q: i8, r: i8, heights: [u8; 6]| -> Vec<(i8, i8, u8, char)> {
        Hex::new(q, r).neighbours().iter().zip(heights).map(|(h, ht)| (h.q, h.r, ht, 'q')).collect()
    };
    let mut hexes = vec![(-6, 0, 2, 't'), (-12, 0, 1, 't'), (-20, 0, 1, 't'), (3, 0, 1, 'T')];
    hexes.extend(ring(-6, 0, [1, 3, 1, 2, 1, 1]));
    hexes.extend(ring(-12, 0, [1; 6]));
    let mut open = ring(-20, 0, [1; 6]);
    open.pop(); // one empty neighbour: this temple does not score
    hexes.extend(open);
    let c = city(&hexes);
    assert_eq!(district(&c, &opts(""), Kind::Temple), (2, 3, 6));
    // The variant doubles the temple on level 2 only.
    assert_eq!(district(&c, &opts("t"), Kind::Temple), (2, 5, 10));
}

/// A garden by a single-hex lake (at 5,0) and one by a two-hex hole (10,0 and 10,1).
fn garden_city() -> City {
    let mut hexes = vec![(3, 0, 1, 'G')];
    let lake = Hex::new(5, 0);
    let hole = [Hex::new(10, 0), Hex::new(10, 1)];
    for (i, n) in lake.neighbours().into_iter().enumerate() {
        hexes.push((n.q, n.r, 1, if i == 0 { 'g' } else { 'q' }));
    }
    let mut ring: Vec<Hex> = hole.iter().flat_map(|h| h.neighbours()).filter(|n| !hole.contains(n)).collect();
    ring.sort();
    ring.dedup();
    for n in ring {
        hexes.push((n.q, n.r, 1, if n == Hex::new(9, 1) { 'g' } else { 'q' }));
    }
    hexes.push((0, -4, 2, 'g')); // by no lake
    city(&hexes)
}

#[test]
fn gardens_always_count_and_the_variant_doubles_those_by_a_lake() {
    let c = garden_city();
    assert_eq!(district(&c, &opts(""), Kind::Garden), (3, 4, 12));
    // Only the garden next to the one-hex lake is doubled: a two-hex hole is not a lake.
    assert_eq!(district(&c, &opts("g"), Kind::Garden), (3, 5, 15));
    let enclosed = Options { lake: Lake::EnclosedRegion, ..opts("g") };
    assert_eq!(district(&c, &enclosed, Kind::Garden), (3, 6, 18), "the other reading: any enclosed hole");
}

#[test]
fn a_district_without_its_plaza_scores_nothing() {
    let c = city(&[(2, 0, 1, 'g'), (2, 1, 1, 'g')]);
    assert_eq!(district(&c, &opts(""), Kind::Garden), (0, 2, 0));
}

#[test]
fn score_total_is_the_districts_plus_stones() {
    let c = barracks_city();
    let b = score_city(&c, 7, &opts(""));
    assert_eq!(b.stones, 7);
    assert_eq!(b.total, b.districts.iter().map(|d| d.score).sum::<u32>() + 7);
    assert_eq!(b.total, 2 + 7, "barracks 2; houses: no house district, so 0");
}

fn game(players: usize) -> Game {
    Game::new(Options { players, ..Options::default() }, 11).unwrap()
}

#[test]
fn setup_site_stacks_and_starting_stones() {
    for (players, long, site, stacks) in
        [(2, false, 4, 11), (3, false, 5, 11), (4, false, 6, 11), (2, true, 4, 19), (3, true, 5, 14)]
    {
        let g = Game::new(Options { players, long, ..Options::default() }, 3).unwrap();
        assert_eq!((g.site().len(), g.stacks_left()), (site, stacks));
        let stones: Vec<u32> = (0..players).map(|s| g.stones(s)).collect();
        assert_eq!(stones, (1..=players as u32).collect::<Vec<_>>());
        assert!(g.census()[1..].iter().all(|&n| n <= 1), "each tile once");
        assert_eq!(g.census().iter().map(|&n| n as usize).sum::<usize>(), site + stacks * (players + 1));
    }
}

#[test]
fn the_notation_example_places_a_garden_tile() {
    let mut g = game(2);
    g.site[0] = 7; // gqq
    g.play(&Move::parse("0@1,0/0").unwrap()).unwrap();
    let c = g.city(0);
    let top = |q, r| c.top(Hex::new(q, r)).map(|t| t.face.letter());
    assert_eq!((top(1, 0), top(1, 1), top(2, 0)), (Some('g'), Some('q'), Some('q')));
}

#[test]
fn site_tile_i_costs_i_stones_paid_to_the_reserve() {
    let mut g = game(2);
    let site: Vec<u8> = g.site().to_vec();
    let m = Move::parse("2@1,0/0").unwrap();
    assert!(matches!(g.check(&m), Err(Error::IllegalMove(e)) if e.contains("costs 2 stones; you have 1")));
    let out = g.play(&Move::parse("1@1,0/0").unwrap()).unwrap();
    assert_eq!((out.tile, out.cost, g.stones(0), g.stones(1)), (site[1], 1, 0, 2));
    assert_eq!(g.site(), &[site[0], site[2], site[3]], "the tiles to the right move left");
}

#[test]
fn ground_placement_must_touch_the_city() {
    let g = game(2);
    let e = g.check(&Move::parse("0@3,3/0").unwrap()).unwrap_err();
    assert!(e.to_string().contains("must touch the city"), "{e}");
    // One hex next to the starting tile is enough.
    assert!(g.check(&Move::parse("0@1,1/0").unwrap()).is_ok());
}

#[test]
fn upper_placement_needs_equal_heights_and_two_tiles_below() {
    let mut g = game(2);
    g.site[0] = 7;
    g.play(&Move::parse("0@1,0/0").unwrap()).unwrap(); // seat 0: g 1,0  q 1,1  q 2,0
    g.play(&Move::parse("0@1,0/0").unwrap()).unwrap(); // seat 1
                                                       // Overhang: 1,0 and 1,1 are on level 1, 0,2 is empty.
    let e = g.check(&Move::parse("0@1,1/4").unwrap()).unwrap_err().to_string();
    assert!(e.contains("same height"), "{e}");
    // Exactly on the tile placed: one tile below.
    let e = g.check(&Move::parse("0@1,0/0").unwrap()).unwrap_err().to_string();
    assert!(e.contains("at least two tiles"), "{e}");
    // Across the starting tile and the new one: 0,0 (H), 0,1 (q), 1,0 (g).
    assert!(g.check(&Move::parse("0@0,0/0").unwrap()).is_ok());
}

#[test]
fn covering_quarries_gives_stones_and_covered_plazas_lose_their_stars() {
    let mut g = game(2);
    g.site[0] = 7;
    g.play(&Move::parse("0@1,0/0").unwrap()).unwrap();
    g.play(&Move::parse("0@1,0/0").unwrap()).unwrap();
    g.site[0] = 1; // hbt: no plaza
    assert_eq!(g.score(0).district(Kind::House).stars, 1);
    let before = g.stones(0);
    // Covers 0,0 (the House plaza), 0,1 (a quarry) and 1,0 (a garden).
    let out = g.play(&Move::parse("0@0,0/0").unwrap()).unwrap();
    assert_eq!((out.quarries, out.level, g.stones(0)), (1, 2, before + 1));
    assert_eq!(g.score(0).district(Kind::House).stars, 0, "the covered plaza counts no more");
    assert_eq!(g.city(0).top(Hex::ORIGIN).unwrap().height, 2);
}

#[test]
fn a_round_ends_when_one_tile_is_left_and_the_next_stack_follows_it() {
    let mut g = game(3);
    let first_stack: Vec<u8> = g.stacked()[..4].to_vec();
    let mut moves = Vec::new();
    for turn in 0..4 {
        assert_eq!((g.round(), g.current_player()), (1, turn % 3));
        g.legal_moves(&mut moves);
        let out = g.play(&moves[0]).unwrap();
        assert_eq!(out.new_round, turn == 3);
    }
    // Round 2: the leftover tile, then the revealed stack; seat 1 starts it.
    assert_eq!(g.round(), 2);
    assert_eq!(&g.site()[1..], &first_stack[..]);
    assert_eq!(g.site().len(), 5);
    assert_eq!((g.current_player(), g.chief_architect()), (1, 1));
}

#[test]
fn each_round_starts_one_seat_later_with_the_chief_architect() {
    for players in 2..=4 {
        let mut g = game(players);
        let mut rng = pavilion_core::rng::SplitMix64::new(players as u64);
        let mut starters = vec![g.current_player()];
        while !g.is_over() {
            let m = g.random_move(&mut rng);
            if g.play(&m).unwrap().new_round {
                assert_eq!(g.current_player(), g.chief_architect(), "{players} players, round {}", g.round());
                starters.push(g.current_player());
            }
        }
        let want: Vec<usize> = (0..starters.len()).map(|r| r % players).collect();
        assert_eq!(starters, want, "{players} players");
    }
}

#[test]
fn the_game_ends_when_the_last_stack_is_used_and_one_tile_is_left() {
    for (players, long) in [(2, false), (3, false), (4, false), (2, true), (3, true)] {
        let o = Options { players, long, ..Options::default() };
        let mut g = Game::new(o, 5).unwrap();
        let mut rng = pavilion_core::rng::SplitMix64::new(9);
        let mut turns = 0;
        while !g.is_over() {
            let m = g.random_move(&mut rng);
            g.play(&m).unwrap();
            turns += 1;
        }
        assert_eq!(turns, o.rounds() * (players + 1), "{players} players, long {long}");
        assert_eq!((g.round(), g.site().len(), g.stacks_left()), (o.rounds(), 1, 0));
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert!(moves.is_empty(), "the last tile is never taken");
        assert!(g.check(&Move::parse("0@1,1/0").unwrap()).is_err());
    }
}

#[test]
fn ties_go_to_the_most_stones_then_are_shared() {
    let mut g = game(3);
    // Empty cities score only their stones: 1, 2 and 3 → seat 2 wins.
    assert_eq!(g.winners(), vec![2]);
    g.stones = [3, 3, 3, 0];
    assert_eq!(g.winners(), vec![0, 1, 2]);
    // Equal totals, different stones: seat 1 has one garden point less but one stone more.
    g.cities[0].put(Hex::new(2, 0), 1, Face::from_letter('G').unwrap());
    g.cities[0].put(Hex::new(2, 1), 1, Face::from_letter('g').unwrap());
    g.stones = [1, 4, 0, 0];
    assert_eq!((g.score(0).total, g.score(1).total), (4, 4));
    assert_eq!(g.winners(), vec![1]);
}

#[test]
fn variants_switch_one_by_one() {
    let c = garden_city();
    for v in Variants::every() {
        let o = Options { variants: v, ..Options::default() };
        let gardens = district(&c, &o, Kind::Garden).1;
        assert_eq!(gardens, if v.has(Kind::Garden) { 5 } else { 4 }, "{v}");
    }
}
