use crate::board::{Side, FEATURES, NUM_FEATURES};
use crate::state::Game;
use crate::testkit::*;
use crate::tiles::Tiles;

/// The 18 features exactly as docs/RULES.md lists them (independent of `board.rs`):
/// (name, spaces, bonus tiles).
const TABLE: [(&str, [&str; 4], u32); NUM_FEATURES] = [
    ("window O", ["O5", "O6", "", ""], 3),
    ("window R", ["R5", "R6", "", ""], 3),
    ("window B", ["B5", "B6", "", ""], 3),
    ("window Y", ["Y5", "Y6", "", ""], 3),
    ("window G", ["G5", "G6", "", ""], 3),
    ("window P", ["P5", "P6", "", ""], 3),
    ("statue O", ["O1", "O2", "R3", "R4"], 2),
    ("statue R", ["R1", "R2", "B3", "B4"], 2),
    ("statue B", ["B1", "B2", "Y3", "Y4"], 2),
    ("statue Y", ["Y1", "Y2", "G3", "G4"], 2),
    ("statue G", ["G1", "G2", "P3", "P4"], 2),
    ("statue P", ["P1", "P2", "O3", "O4"], 2),
    ("pillar O", ["O2", "O3", "C6", "C1"], 1),
    ("pillar R", ["R2", "R3", "C1", "C2"], 1),
    ("pillar B", ["B2", "B3", "C2", "C3"], 1),
    ("pillar Y", ["Y2", "Y3", "C3", "C4"], 1),
    ("pillar G", ["G2", "G3", "C4", "C5"], 1),
    ("pillar P", ["P2", "P3", "C5", "C6"], 1),
];

fn spaces(f: &[&'static str; 4]) -> Vec<&'static str> {
    f.iter().copied().filter(|s| !s.is_empty()).collect()
}

fn mask_of(names: &[&str]) -> u64 {
    let mut g = placing(2, Side::Coloured, 2);
    let with_colours: Vec<String> = names.iter().map(|n| with_colour(n, 0)).collect();
    cover(&mut g, 0, &with_colours.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    g.boards[0].covered_mask
}

/// Centre spaces need a colour: give each a different one.
fn with_colour(name: &str, salt: usize) -> String {
    if let Some(d) = name.strip_prefix('C') {
        let colour = ["P", "G", "O", "Y", "B", "R"][(d.parse::<usize>().unwrap() + salt) % 6];
        format!("{name}:{colour}")
    } else {
        name.to_string()
    }
}

#[test]
fn the_engine_has_exactly_these_18_features() {
    let mut expected: Vec<(u64, u8)> = TABLE.iter().map(|(_, s, b)| (mask_of(&spaces(s)), *b as u8)).collect();
    let mut actual: Vec<(u64, u8)> = FEATURES.iter().map(|f| (f.mask, f.kind.bonus())).collect();
    expected.sort();
    actual.sort();
    assert_eq!(expected, actual);
}

/// Covers all of a feature but `last`, then places `last` with exactly enough tiles.
fn complete_with(names: &[&str], last: &str, round: u8) -> Game {
    let mut g = placing(2, Side::Coloured, round);
    let rest: Vec<String> = names.iter().filter(|n| **n != last).map(|n| with_colour(n, 0)).collect();
    cover(&mut g, 0, &rest.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    let value: usize = last[1..].parse().unwrap();
    let colour = if last.starts_with('C') {
        // a colour not already on the centre
        let used = g.boards[0].star_colours[6];
        ["P", "G", "O", "Y", "B", "R"][(0..6).find(|i| used & (1 << i) == 0).unwrap()].to_string()
    } else {
        last[..1].to_string()
    };
    give(&mut g, 0, &colour.repeat(value));
    let text = if last.starts_with('C') { format!("{last}{colour}") } else { last.to_string() };
    g.play(&mv(&text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    g
}

#[test]
fn completing_each_feature_by_each_of_its_spaces_gives_its_bonus() {
    for (name, f, bonus) in TABLE {
        for last in spaces(&f) {
            // Round 2: green is wild, so every colour above can pay for itself.
            let g = complete_with(&spaces(&f), last, 2);
            assert_eq!(g.bonus_owed(), bonus, "{name} completed by {last}");
            assert_eq!(g.current_player(), 0, "the bonus is taken before the turn passes");
        }
    }
}

#[test]
fn a_feature_with_an_open_space_gives_nothing() {
    for (name, f, _) in TABLE {
        let s = spaces(&f);
        // Cover all but two; place one of them: still one open space.
        let names: Vec<&str> = s[..s.len() - 1].to_vec();
        let g = complete_with(&names, names[names.len() - 1], 2);
        assert_eq!(g.bonus_owed(), 0, "{name}");
        assert_eq!(g.current_player(), 1);
    }
}

#[test]
fn one_placement_can_complete_two_features() {
    // Orange 2 finishes statue O (O1 O2 R3 R4) and pillar O (O2 O3 C6 C1): 2 + 1 tiles.
    let mut g = placing(2, Side::Coloured, 2);
    cover(&mut g, 0, &["O1", "R3", "R4", "O3", "C6:B", "C1:Y"]);
    give(&mut g, 0, "OO");
    g.play(&mv("O2")).unwrap();
    assert_eq!(g.bonus_owed(), 3);
}

#[test]
fn bonus_tiles_are_of_the_players_choice_wilds_included() {
    let mut g = placing(2, Side::Coloured, 1);
    cover(&mut g, 0, &["B5"]);
    set_supply(&mut g, "PPGGOOYYBR");
    give(&mut g, 0, "BBBBBB");
    g.play(&mv("B6")).unwrap();
    let moves = legal_texts(&g);
    assert!(moves.iter().all(|m| m.starts_with("bonus:")), "only the bonus pick now");
    assert!(moves.contains(&"bonus:PPG".to_string()), "wild (purple) tiles may be picked");
    // Multisets of 3 from PP GG OO YY B R: 56 of 6 colours, less 6 triples,
    // less 5 each with two blue or two red = 40 distinct choices.
    assert_eq!(moves.len(), 40);
    assert!(try_play(&g, "pass").is_err() && try_play(&g, "B1").is_err());
    assert!(try_play(&g, "bonus:BB").is_err() && try_play(&g, "bonus:PP").is_err(), "exactly three");
    g.play(&mv("bonus:PBR")).unwrap();
    assert_eq!(g.boards[0].hand, tiles("PBR"));
    assert_eq!(g.supply.total(), 10, "refilled to 10 before the next turn");
    assert_eq!(g.current_player(), 1);
    assert_census(&g);
}

#[test]
fn bonus_is_capped_by_the_supply_and_refills_stop_when_bag_and_tower_are_empty() {
    let mut g = placing(2, Side::Coloured, 1);
    cover(&mut g, 0, &["B5"]);
    give(&mut g, 0, "BBBBBB");
    set_supply(&mut g, "GY");
    // Park every other tile in seat 1's hand: bag and tower are empty.
    edit(&mut g, |s| {
        let rest = s.bag;
        s.bag = Tiles::EMPTY;
        s.boards[1].hand.add_all(&rest);
    });
    assert_census(&g);
    g.play(&mv("B6")).unwrap();
    assert_eq!(g.bonus_owed(), 2, "owed 3, the supply holds 2");
    assert_eq!(legal_texts(&g), ["bonus:GY"]);
    g.play(&mv("bonus:GY")).unwrap();
    // The refill finds an empty bag, refills it from the tower (the 5 blue
    // paid for B6), and then both are empty: the other spaces stay empty.
    assert_eq!(g.supply, tiles("BBBBB"));
    assert!(g.bag.is_empty() && g.tower.is_empty());
    assert_census(&g);
}

#[test]
fn supply_refill_draws_from_the_tower_when_the_bag_is_empty() {
    let mut g = placing(2, Side::Coloured, 1);
    cover(&mut g, 0, &["B5"]);
    give(&mut g, 0, "BBBBBB");
    edit(&mut g, |s| {
        let bag = s.bag;
        s.bag = Tiles::EMPTY;
        s.tower.add_all(&bag);
    });
    g.play(&mv("B6")).unwrap();
    let take = legal_texts(&g)[0].clone();
    let tower_before = g.tower.total();
    g.play(&mv(&take)).unwrap();
    assert_eq!(g.supply.total(), 10);
    assert_eq!(g.tower.total() + g.bag.total(), tower_before - 3);
    assert_census(&g);
}
