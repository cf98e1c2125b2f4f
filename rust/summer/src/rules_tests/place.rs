use crate::board::Side;
use crate::state::Phase;
use crate::testkit::*;

fn texts_starting(g: &crate::state::Game, prefix: &str) -> Vec<String> {
    legal_texts(g).into_iter().filter(|m| m.starts_with(prefix)).collect()
}

// The seeds' worked examples, round 1, wild = purple.

#[test]
fn payment_all_real_tiles() {
    // 7 blue on blue 6: 1 placed, 5 to the tower, 1 blue left.
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "BBBBBBB");
    assert_eq!(texts_starting(&g, "B6"), ["B6"], "no wilds in hand: one payment");
    g.play(&mv("B6")).unwrap();
    assert_eq!(g.boards[0].hand, tiles("B"));
    assert_eq!(*g.tower(), tiles("BBBBB"));
    assert!(g.boards[0].is_covered("B6".parse().unwrap()));
    assert_census(&g);
}

#[test]
fn payment_real_plus_wilds() {
    // 3 blue + 3 purple on blue 6: 3 + 3 wilds, 1 blue placed, 5 to the tower.
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "BBBPPP");
    assert_eq!(texts_starting(&g, "B6"), ["B6+3"]);
    g.play(&mv("B6+3")).unwrap();
    assert!(g.boards[0].hand.is_empty());
    assert_eq!(g.tower, tiles("PPPBB"));
    assert_census(&g);
}

#[test]
fn payment_wild_colour_on_its_own_star() {
    // 4 purple on purple 4: legal, paid with purple alone.
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "PPPP");
    assert!(try_play(&g, "P4+1").is_err(), "the wild colour on its own star takes no +wilds");
    g.play(&mv("P4")).unwrap();
    assert_eq!(g.tower, tiles("PPP"));
}

#[test]
fn payment_wilds_alone_cannot_pay_another_star() {
    // 4 purple on blue 1: illegal, at least one real blue is needed.
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "PPPP");
    for text in ["B1", "B1+1", "B2+1", "B4+3"] {
        assert!(try_play(&g, text).is_err(), "{text}");
    }
    assert!(texts_starting(&g, "B").is_empty());
}

#[test]
fn every_payment_option_is_a_separate_move() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "BBBPPP");
    assert_eq!(texts_starting(&g, "B3"), ["B3", "B3+1", "B3+2"]);
    assert_eq!(texts_starting(&g, "B5"), ["B5+2", "B5+3"], "at least 2 wilds (3 blue), at most 3 (in hand)");
    let mut after = g;
    after.play(&mv("B3+2")).unwrap();
    assert_eq!(after.boards[0].hand, tiles("BBP"), "1 blue placed, 2 wilds to the tower");
    assert!(try_play(&g, "B3+3").is_err(), "at most n − 1 wilds");
}

#[test]
fn kept_wilds_are_plain_tiles_next_round() {
    // Purple kept after round 1 is an ordinary tile in round 2 (wild = green).
    let mut g = placing(2, Side::Coloured, 2);
    give(&mut g, 0, "PPBG");
    assert!(try_play(&g, "B2+1").is_ok(), "green pays now");
    assert!(try_play(&g, "B2").is_err() && try_play(&g, "B3+1").is_err());
    assert!(try_play(&g, "P2").is_ok(), "purple needs real tiles now: 2 purple for purple 2");
    assert!(try_play(&g, "P3+1").is_ok());
}

#[test]
fn wild_colour_tile_also_goes_on_the_centre() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "PPPP");
    assert!(try_play(&g, "C4P").is_ok());
    assert!(try_play(&g, "C4P+1").is_err());
    assert!(try_play(&g, "C5P").is_err(), "five tiles needed");
}

#[test]
fn centre_star_takes_each_colour_once() {
    let mut g = placing(2, Side::Coloured, 1);
    cover(&mut g, 0, &["C1:B", "C2:Y"]);
    give(&mut g, 0, "BBBYYYRRR");
    assert!(try_play(&g, "C3B").is_err());
    assert!(try_play(&g, "C3Y").is_err());
    assert!(try_play(&g, "C3R").is_ok());
    assert_eq!(texts_starting(&g, "C3"), ["C3R"]);
}

#[test]
fn coloured_stars_take_only_their_colour() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "RRRR");
    assert!(try_play(&g, "B1R").is_err());
    assert!(try_play(&g, "R1").is_ok());
    assert!(try_play(&g, "R1R").is_ok(), "the colour may be written out");
}

#[test]
fn points_are_the_run_length_with_the_wrap() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "G");
    let s0 = g.boards[0].score;
    g.play(&mv("G1")).unwrap();
    assert_eq!(g.boards[0].score, s0 + 1, "a lone tile scores 1");
    // Covered 5 and 6, then 1: the run 5-6-1 wraps and scores 3; 3 stays apart.
    let mut g = placing(2, Side::Coloured, 1);
    cover(&mut g, 0, &["G5", "G6", "G3"]);
    give(&mut g, 0, "G");
    g.play(&mv("G1")).unwrap();
    assert_eq!(g.boards[0].score, 5 + 3);
    // Filling 2 then joins 5-6-1-2-3: 5 points.
    let mut g2 = g;
    g2.to_move = 0;
    give(&mut g2, 0, "GG");
    g2.play(&mv("G2")).unwrap();
    assert_eq!(g2.boards[0].score, 8 + 5);
}

#[test]
fn runs_never_cross_stars() {
    // Blue 6 and the pillar/statue neighbours on other stars do not count.
    let mut g = placing(2, Side::Coloured, 1);
    cover(&mut g, 0, &["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "C1:G", "C2:O"]);
    give(&mut g, 0, "B");
    g.play(&mv("B1")).unwrap();
    assert_eq!(g.boards[0].score, 6);
}

#[test]
fn passing_keeps_up_to_four_and_discards_the_rest_at_a_point_each() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "BBBYYRG");
    assert!(try_play(&g, "pass:BBBYY").is_err(), "five kept");
    assert!(try_play(&g, "pass:BBBB").is_err(), "not in hand");
    g.play(&mv("pass:BBYR")).unwrap();
    assert_eq!(g.boards[0].kept, tiles("BBYR"));
    assert!(g.boards[0].hand.is_empty());
    assert_eq!(g.boards[0].score, 5 - 3);
    assert_eq!(g.tower, tiles("GYB"));
    assert!(g.has_passed(0));
    assert_census(&g);
}

#[test]
fn discard_penalty_floors_at_one() {
    let mut g = placing(2, Side::Coloured, 1);
    set_score(&mut g, 0, 3);
    give(&mut g, 0, "BBBBBBBB");
    g.play(&mv("pass")).unwrap();
    assert_eq!(g.boards[0].score, 1);
}

#[test]
fn keep_sets_are_listed_one_per_distinct_choice() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "BBY");
    let passes: Vec<String> = texts_starting(&g, "pass");
    // Sub-multisets of BBY: {}, Y, B, BY, BB, BBY.
    assert_eq!(passes.len(), 6);
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "PPPPGGGGOOOOYYYYBBBBRRRR");
    assert_eq!(texts_starting(&g, "pass").len(), 1 + 6 + 21 + 56 + 126);
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "PPGGOOYYBBRR");
    assert_eq!(texts_starting(&g, "pass").len(), 210 - 6 - 6 - 30, "no three or four of one colour");
}

#[test]
fn voluntary_pass_is_allowed_and_an_empty_hand_can_only_pass() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "B");
    let moves = legal_texts(&g);
    assert!(moves.contains(&"B1".to_string()) && moves.contains(&"pass".to_string()));
    g.play(&mv("pass:B")).unwrap();
    assert_eq!(g.current_player(), 1);
    assert_eq!(legal_texts(&g), ["pass"], "no tiles: pass is the only move");
}

#[test]
fn no_legal_placement_means_only_passes() {
    // One purple (wild) with purple 1 covered and purple already on the centre.
    let mut g = placing(2, Side::Coloured, 1);
    cover(&mut g, 0, &["P1", "C3:P"]);
    give(&mut g, 0, "P");
    assert_eq!(legal_texts(&g), ["pass", "pass:P"]);
}

#[test]
fn passed_players_take_no_more_turns() {
    let mut g = placing(3, Side::Coloured, 1);
    for s in 0..3 {
        give(&mut g, s, "RRR");
    }
    g.play(&mv("R1")).unwrap(); // 0
    g.play(&mv("pass")).unwrap(); // 1 passes
    assert_eq!(g.current_player(), 2);
    g.play(&mv("R1")).unwrap(); // 2
    assert_eq!(g.current_player(), 0);
    g.play(&mv("R2")).unwrap(); // 0
    assert_eq!(g.current_player(), 2, "seat 1 is skipped");
    g.play(&mv("pass")).unwrap();
    assert_eq!(g.current_player(), 0);
    g.play(&mv("pass")).unwrap();
    assert_eq!(g.round(), 2, "all passed: the round ends");
    assert_eq!(g.phase(), Phase::Draft);
}

#[test]
fn illegal_moves_leave_the_game_untouched() {
    let mut g = placing(2, Side::Coloured, 1);
    give(&mut g, 0, "BB");
    let before = g;
    for text in ["B3", "B1+1", "1B", "bonus:B", "pass:BBB", "Y1"] {
        assert!(g.play(&mv(text)).is_err(), "{text}");
        assert_eq!(g, before);
    }
}
