use crate::state::Phase;
use crate::testkit::*;

/// Round 1 (wild purple), 2 players, factories and centre set by hand.
fn drafting(factories: &[&str], centre: &str) -> crate::state::Game {
    let g = crate::testkit::drafting(2, factories, centre);
    assert_census(&g);
    g
}

#[test]
fn take_all_of_one_colour_plus_exactly_one_wild_rest_to_centre() {
    let mut g = drafting(&["BBPP", "YYYY"], "");
    g.play(&mv("1B")).unwrap();
    assert_eq!(g.boards[0].hand, tiles("BBP"));
    assert_eq!(g.centre, tiles("P"), "the other wild goes to the centre");
    assert!(g.factories[0].is_empty());
    assert_eq!(g.current_player(), 1);
    assert_census(&g);
}

#[test]
fn wild_colour_is_never_drafted_as_the_main_colour() {
    let g = drafting(&["BBPY", "GGGG"], "");
    assert!(try_play(&g, "1P").is_err());
    let moves = legal_texts(&g);
    assert!(moves.contains(&"1B".to_string()) && moves.contains(&"1Y".to_string()));
    assert!(!moves.contains(&"1P".to_string()));
}

#[test]
fn only_wilds_left_take_exactly_one() {
    let mut g = drafting(&["PPPP", "GGGG"], "PP");
    assert!(legal_texts(&g).contains(&"1P".to_string()));
    g.play(&mv("1P")).unwrap();
    assert_eq!(g.boards[0].hand, tiles("P"));
    assert_eq!(g.centre, tiles("PPPPP"), "three from the factory join the two in the centre");
    // From the centre holding only wilds: one tile, and it is the first take from the centre.
    let mut g2 = drafting(&["GGGG"], "PP");
    g2.play(&mv("CP")).unwrap();
    assert_eq!(g2.boards[0].hand, tiles("P"));
    assert_eq!(g2.centre, tiles("P"));
    assert_eq!(g2.boards[0].score, 4, "one tile taken: one point lost");
}

#[test]
fn centre_take_leaves_other_tiles_and_extra_wilds() {
    let mut g = drafting(&["GGGG"], "BBBPPY");
    g.play(&mv("CB")).unwrap();
    assert_eq!(g.boards[0].hand, tiles("BBBP"));
    assert_eq!(g.centre, tiles("PY"));
}

#[test]
fn first_from_centre_takes_token_and_loses_a_point_per_tile() {
    // The FAQ: five tiles from the centre at score 5 → 1 (never below 1).
    let mut g = drafting(&["GGGG"], "BBBBP");
    g.play(&mv("CB")).unwrap();
    assert_eq!(g.boards[0].score, 1);
    assert_eq!(g.start_token(), Some(0));
    // Wild counted, token not: 3 blue + 1 wild at score 5 → 1; at 7 → 3.
    let mut g = drafting(&["GGGG"], "BBBPP");
    set_score(&mut g, 0, 7);
    g.play(&mv("CB")).unwrap();
    assert_eq!(g.boards[0].score, 3);
    // The second player from the centre pays nothing and the token stays.
    g.play(&mv("CP")).unwrap();
    assert_eq!(g.boards[1].score, 5);
    assert_eq!(g.start_token(), Some(0));
}

#[test]
fn centre_penalty_floor_and_low_scores() {
    let mut g = drafting(&["GGGG"], "BB");
    set_score(&mut g, 0, 2);
    g.play(&mv("CB")).unwrap();
    assert_eq!(g.boards[0].score, 1, "2 − 2 floors at 1");
    let mut g = drafting(&["GGGG"], "BB");
    set_score(&mut g, 0, 1);
    g.play(&mv("CB")).unwrap();
    assert_eq!(g.boards[0].score, 1, "a score of 1 is left as it is");
    assert_eq!(g.start_token(), Some(0), "a player at 1 may still take first from the centre");
}

#[test]
fn draft_turns_go_clockwise_from_the_starter_and_end_when_all_is_empty() {
    let mut g = crate::testkit::drafting(3, &["GGGG", "YYYY", "BBBB"], "");
    edit(&mut g, |s| {
        s.starter = 2;
        s.current_player = 2;
    });
    let mut order = vec![];
    for m in ["1G", "2Y", "3B"] {
        order.push(g.current_player());
        assert_eq!(g.phase(), Phase::Draft);
        g.play(&mv(m)).unwrap();
    }
    assert_eq!(order, [2, 0, 1]);
    assert_eq!(g.phase(), Phase::Place, "factories and centre empty: placing starts");
    // Nobody took the token (the centre was never used): the round's starter places first.
    assert_eq!(g.start_token(), None);
    assert_eq!(g.current_player(), 2);
}

#[test]
fn placing_starts_with_the_token_holder() {
    let mut g = drafting(&["BBYY"], "");
    g.play(&mv("1B")).unwrap(); // seat 0; YY to the centre
    g.play(&mv("CY")).unwrap(); // seat 1 takes the token
    assert_eq!(g.phase(), Phase::Place);
    assert_eq!(g.current_player(), 1);
}

#[test]
fn drafts_from_empty_or_missing_sources_are_illegal() {
    let g = drafting(&["BBYY"], "");
    for bad in ["2B", "CB", "6B", "9B", "1G"] {
        assert!(try_play(&g, bad).is_err(), "{bad}");
    }
}
