//! `Game::play` reports what a move did: the numbers a player is told after each move.

use crate::apply::MoveOutcome;
use crate::board::Side;
use crate::testkit::*;
use crate::tiles::Tiles;

#[test]
fn first_centre_draft_reports_the_token_and_its_penalty() {
    let mut g = drafting(2, &["BBPP", "YYYY"], "RRRO");
    let out = g.play(&mv("1B")).unwrap();
    assert_eq!(out, MoveOutcome { seat: 0, taken: tiles("BBP"), ..MoveOutcome::default() });
    let out = g.play(&mv("CR")).unwrap();
    assert_eq!(out, MoveOutcome { seat: 1, taken: tiles("RRRP"), start_token: true, penalty: 4, ..out });
    assert_eq!(g.boards[1].score, 1, "5 − 4 tiles");
    let out = g.play(&mv("CO")).unwrap();
    assert!(!out.start_token && out.penalty == 0, "the token is taken once: {out:?}");
}

#[test]
fn a_placement_reports_its_points_and_the_bonus_owed_capped_by_the_supply() {
    let mut g = placing(2, Side::Coloured, 2);
    cover(&mut g, 0, &["B5", "B1"]);
    give(&mut g, 0, "BBBBBB");
    set_supply(&mut g, "YY");
    let out = g.play(&mv("B6")).unwrap();
    // B6 joins B5 and wraps to B1: a run of 3; it completes the blue window (3 bonus), supply holds 2.
    assert_eq!(out, MoveOutcome { seat: 0, points: 3, bonus_owed: 2, ..MoveOutcome::default() });
    let out = g.play(&mv("bonus:YY")).unwrap();
    assert_eq!(out, MoveOutcome { seat: 0, taken: tiles("YY"), ..MoveOutcome::default() });
}

#[test]
fn a_pass_reports_its_discards_and_the_points_actually_lost() {
    let mut g = placing(2, Side::Coloured, 6);
    give(&mut g, 0, "BBBRR");
    give(&mut g, 1, "YYYYYY");
    set_score(&mut g, 1, 2);
    let out = g.play(&mv("pass:BBBR")).unwrap();
    assert_eq!(out, MoveOutcome { seat: 0, discarded: tiles("R"), penalty: 1, ..MoveOutcome::default() });
    let out = g.play(&mv("pass:YY")).unwrap();
    // Four discards from a score of 2 lose only 1 point (never below 1); the last pass ends the game.
    assert_eq!(
        out,
        MoveOutcome { seat: 1, discarded: tiles("YYYY"), penalty: 1, round_over: true, game_over: true, ..out }
    );
    assert_eq!(out.taken, Tiles::EMPTY);
}

#[test]
fn the_last_pass_of_an_earlier_round_ends_the_round_not_the_game() {
    let mut g = placing(2, Side::Coloured, 3);
    assert!(!g.play(&mv("pass")).unwrap().round_over);
    let out = g.play(&mv("pass")).unwrap();
    assert!(out.round_over && !out.game_over, "{out:?}");
    assert_eq!(g.round(), 4);
}

#[test]
fn an_illegal_move_reports_why_and_changes_nothing() {
    let mut g = placing(2, Side::Coloured, 2);
    let before = g;
    assert!(g.play(&mv("B6")).is_err());
    assert_eq!(g, before);
}

#[test]
fn a_placements_gain_is_its_points_and_the_bonus_the_supply_can_give() {
    let mut g = placing(2, Side::Coloured, 2);
    cover(&mut g, 0, &["B5", "B1"]);
    give(&mut g, 0, "BBBBBB");
    let b6: crate::board::Space = "B6".parse().unwrap();
    let b3: crate::board::Space = "B3".parse().unwrap();
    // B6: a run of 3 (B5, B6, B1) and the blue window's 3 bonus tiles.
    assert_eq!(g.place_gain(b6), 6);
    assert_eq!(g.place_gain(b3), 1, "a lone tile: one point, no feature");
    set_supply(&mut g, "Y");
    assert_eq!(g.place_gain(b6), 4, "the supply holds only one bonus tile");
}

#[test]
fn a_drafts_penalty_is_the_centres_first_take_floored_at_one() {
    use crate::moves::Source;
    let mut g = drafting(2, &["BBPP"], "RRRO");
    assert!(g.takes_start_token(Source::Centre) && !g.takes_start_token(Source::Factory(0)));
    assert_eq!((g.draft_penalty(Source::Centre, 3), g.draft_penalty(Source::Factory(0), 3)), (3, 0));
    set_score(&mut g, 0, 2);
    assert_eq!(g.draft_penalty(Source::Centre, 3), 1, "never below 1");
    g.play(&mv("1B")).unwrap();
    g.play(&mv("CR")).unwrap();
    assert!(!g.takes_start_token(Source::Centre), "taken once a round");
    assert_eq!(g.draft_penalty(Source::Centre, 4), 0);
}
