use crate::board::Side;
use crate::scoring::breakdown;
use crate::state::{Game, Phase};
use crate::testkit::*;
use crate::tiles::Tiles;

fn all_pass(g: &mut Game) {
    while g.phase() == Phase::Place {
        let keep = g.boards[g.current_player()].hand;
        let k: String = keep.letters().chars().take(4).collect();
        let text = if k.is_empty() { "pass".to_string() } else { format!("pass:{k}") };
        g.play(&mv(&text)).unwrap();
    }
}

#[test]
fn token_holder_starts_the_next_round() {
    let mut g = placing(3, Side::Coloured, 1);
    edit(&mut g, |s| {
        s.start_token = Some(2);
        s.current_player = 2;
    });
    all_pass(&mut g);
    assert_eq!((g.round(), g.phase()), (2, Phase::Draft));
    assert_eq!(g.current_player(), 2);
    assert_eq!(g.starter(), 2);
    assert_eq!(g.start_token(), None, "the token is back in the centre");
}

#[test]
fn without_a_token_taker_the_same_player_starts_again() {
    let mut g = placing(3, Side::Coloured, 1);
    edit(&mut g, |s| {
        s.starter = 1;
        s.current_player = 1;
    });
    all_pass(&mut g);
    assert_eq!(g.current_player(), 1);
}

#[test]
fn factories_are_refilled_and_kept_tiles_return_to_hand() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "PPBY");
    give(&mut g, 1, "GGGGG");
    all_pass(&mut g);
    assert!(g.factories().iter().all(|f| f.total() == 4));
    assert_eq!(g.boards[0].hand, tiles("PPBY"));
    assert_eq!(g.boards[1].hand, tiles("GGGG"));
    assert!(g.boards[0].kept.is_empty());
    assert_eq!(g.wild().name(), "green", "round 2's wild");
    assert_census(&g);
}

#[test]
fn factory_refill_uses_the_tower_when_the_bag_runs_out() {
    let mut g = placing(2, Side::Coloured, 1);
    edit(&mut g, |s| {
        let keep_in_bag = Tiles([2, 1, 0, 0, 0, 0]);
        let mut rest = s.bag;
        rest.sub_all(&keep_in_bag);
        s.bag = keep_in_bag;
        s.tower.add_all(&rest);
    });
    all_pass(&mut g);
    assert!(g.factories().iter().all(|f| f.total() == 4));
    assert_eq!(g.bag.total() + g.tower.total(), 122 - 20);
    assert_census(&g);
}

#[test]
fn when_bag_and_tower_run_dry_only_some_displays_are_filled() {
    // The one position no Setup can make (the census is set aside: 126 tiles
    // vanish) — only the refill mechanism is under test, so fields are written.
    let mut g = placing(2, Side::Coloured, 1);
    g.bag = tiles("BBBBBB");
    g.tower = Tiles::EMPTY;
    all_pass(&mut g);
    let sizes: Vec<u32> = g.factories().iter().map(|f| f.total()).collect();
    assert_eq!(sizes, [4, 2, 0, 0, 0]);
    assert_eq!(g.phase(), Phase::Draft);
    // Nothing at all to draft: the round goes straight to placing.
    let mut g = placing(2, Side::Coloured, 1);
    g.bag = Tiles::EMPTY;
    g.tower = Tiles::EMPTY;
    g.play(&mv("pass")).unwrap();
    g.play(&mv("pass")).unwrap();
    assert_eq!((g.round(), g.phase()), (2, Phase::Place));
}

#[test]
fn the_game_ends_after_round_six() {
    let mut g = placing(2, Side::Coloured, 6);
    all_pass(&mut g);
    assert_eq!(g.phase(), Phase::Over);
    assert!(legal_texts(&g).is_empty());
    assert!(try_play(&g, "pass").is_err());
}

#[test]
fn completed_star_values_coloured_side() {
    let mut g = placing(2, Side::Coloured, 6);
    for (star, value) in [("P", 20), ("G", 18), ("O", 17), ("Y", 16), ("B", 15), ("R", 14)] {
        let mut h = g;
        let spaces: Vec<String> = (1..=6).map(|v| format!("{star}{v}")).collect();
        cover(&mut h, 0, &spaces.iter().map(|s| s.as_str()).collect::<Vec<_>>());
        assert_eq!(breakdown(Side::Coloured, &h.boards[0]).stars_total(), value, "{star}");
    }
    cover(&mut g, 0, &["C1:P", "C2:G", "C3:O", "C4:Y", "C5:B", "C6:R"]);
    assert_eq!(breakdown(Side::Coloured, &g.boards[0]).stars, [0, 0, 0, 0, 0, 0, 12]);
    let mut part = placing(2, Side::Coloured, 6);
    cover(&mut part, 0, &["B1", "B2", "B3", "B4", "B5"]);
    assert_eq!(breakdown(Side::Coloured, &part.boards[0]).stars_total(), 0, "five of six: nothing");
}

#[test]
fn all_n_bonuses_and_nothing_for_fives_and_sixes() {
    let mut g = placing(2, Side::Coloured, 6);
    for v in [1, 4, 5, 6] {
        let mut spaces: Vec<String> = ["P", "G", "O", "Y", "B", "R"].iter().map(|s| format!("{s}{v}")).collect();
        spaces.push(format!("C{v}:{}", ["P", "G", "O", "Y", "B", "R"][v - 1]));
        cover(&mut g, 0, &spaces.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    }
    let b = breakdown(Side::Coloured, &g.boards[0]);
    assert_eq!(b.all_n, [4, 0, 0, 16]);
    // One space short of all 2's: nothing.
    cover(&mut g, 0, &["P2", "G2", "O2", "Y2", "B2", "R2"]);
    assert_eq!(breakdown(Side::Coloured, &g.boards[0]).all_n[1], 0);
    cover(&mut g, 0, &["C2:G"]);
    assert_eq!(breakdown(Side::Coloured, &g.boards[0]).all_n[1], 8);
}

#[test]
fn leftover_kept_tiles_cost_a_point_each_never_below_one() {
    let mut g = placing(2, Side::Coloured, 6);
    give(&mut g, 0, "BBBRR");
    give(&mut g, 1, "YYY");
    set_score(&mut g, 0, 12);
    set_score(&mut g, 1, 2);
    g.play(&mv("pass:BBBR")).unwrap(); // discards R: 12 → 11, keeps 4
    g.play(&mv("pass:YYY")).unwrap();
    assert!(g.is_over());
    let b = g.final_breakdown();
    assert_eq!((b[0].before_end, b[0].leftover_tiles, b[0].leftover_penalty, b[0].total), (11, 4, 4, 7));
    assert_eq!((b[1].before_end, b[1].leftover_tiles, b[1].leftover_penalty, b[1].total), (2, 3, 1, 1));
    assert_eq!(g.scores(), vec![7, 1]);
    assert_eq!(g.winners(), vec![0]);
}

#[test]
fn end_bonuses_are_added_before_leftovers_are_taken() {
    let mut g = placing(2, Side::Coloured, 6);
    cover(&mut g, 0, &["R1", "R2", "R3", "R4", "R5", "R6"]);
    give(&mut g, 0, "BB");
    set_score(&mut g, 0, 1);
    g.play(&mv("pass:BB")).unwrap();
    g.play(&mv("pass")).unwrap();
    let b = g.final_breakdown()[0];
    // 1 + 14 (red star) = 15, then −2 for the kept tiles.
    assert_eq!(b.total, 13);
}

#[test]
fn a_tie_is_a_shared_victory() {
    let mut g = placing(3, Side::Coloured, 6);
    set_score(&mut g, 0, 20);
    set_score(&mut g, 1, 9);
    set_score(&mut g, 2, 20);
    all_pass(&mut g);
    assert_eq!(g.winners(), vec![0, 2]);
}

/// RULES: "the supply is refilled to 10 before the next player's turn" — also
/// the first turn of a round's placing, after a round whose last pass left it short.
#[test]
fn supply_is_full_when_the_next_rounds_placing_starts() {
    let mut g = placing(2, Side::Coloured, 1);
    edit(&mut g, |s| s.passed = vec![1]); // seat 0's pass ends the round with no turn after it
    set_supply(&mut g, "PGO");
    all_pass(&mut g);
    assert_eq!((g.round(), g.phase()), (2, Phase::Draft));
    assert_eq!(g.supply().total(), 3, "no turn has started since the last pass");
    while g.phase() == Phase::Draft {
        let mut l = crate::moves::MoveList::new();
        g.legal_moves(&mut l);
        g.play(&l[0]).unwrap();
    }
    assert_eq!(g.phase(), Phase::Place);
    assert_eq!(g.supply().total(), 10, "refilled before the first placement");
    assert_census(&g);
}
