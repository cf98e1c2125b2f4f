use crate::board::{cost, value_mask, Side, Star};
use crate::scoring::breakdown;
use crate::testkit::*;

#[test]
fn gray_printed_values() {
    // By coloured-side position 1..6 each outer star reads 3 2 1 4 5 6; the centre is all 3.
    for star in Star::CLOCKWISE {
        let values: Vec<u8> = (0..6).map(|p| cost(Side::Gray, star.space(p))).collect();
        assert_eq!(values, [3, 2, 1, 4, 5, 6]);
    }
    assert!((0..6).all(|p| cost(Side::Gray, Star::CENTRE.space(p)) == 3));
    assert_eq!(value_mask(Side::Gray, 3).count_ones(), 12, "all 3's is 12 spaces");
    assert_eq!(value_mask(Side::Gray, 1).count_ones(), 6);
    assert_eq!(value_mask(Side::Coloured, 3).count_ones(), 7);
}

#[test]
fn gray_cost_is_paid_per_printed_value() {
    let mut g = placing(2, Side::Gray, 2);
    give(&mut g, 0, "B");
    assert!(try_play(&g, "B3").is_ok(), "position 3 is printed 1 on gray");
    assert!(try_play(&g, "B1").is_err(), "position 1 is printed 3");
    give(&mut g, 0, "BB");
    g.play(&mv("B1")).unwrap();
    assert!(g.boards[0].hand.is_empty());
    assert_eq!(*g.tower(), tiles("BB"));
}

#[test]
fn any_colour_on_any_gray_star_until_two_tiles_fix_it() {
    let mut g = placing(2, Side::Gray, 2);
    give(&mut g, 0, "RRRRRRYYYYYY");
    assert!(try_play(&g, "B4R").is_ok() && try_play(&g, "B4Y").is_ok(), "empty star: any colour");
    cover(&mut g, 0, &["B1:R"]);
    assert!(try_play(&g, "B4R").is_ok() && try_play(&g, "B4Y").is_ok(), "one tile: still either way");
    // Two of one colour: this star is now one-colour.
    let mut mono = g;
    cover(&mut mono, 0, &["B2:R"]);
    assert!(try_play(&mono, "B4R").is_ok());
    assert!(try_play(&mono, "B4Y").is_err());
    // Two different: six different colours, no repeat.
    let mut multi = g;
    cover(&mut multi, 0, &["B2:Y"]);
    assert!(try_play(&multi, "B4R").is_err() && try_play(&multi, "B4Y").is_err());
    give(&mut multi, 0, "OOOO");
    assert!(try_play(&multi, "B4O").is_ok());
}

#[test]
fn gray_centre_may_be_one_colour_and_stars_may_share_a_colour() {
    let mut g = placing(2, Side::Gray, 2);
    cover(&mut g, 0, &["C1:B", "C2:B", "Y1:B", "Y2:B"]);
    give(&mut g, 0, "BBBYYY");
    assert!(try_play(&g, "C3B").is_ok());
    assert!(try_play(&g, "C3Y").is_err());
    assert!(try_play(&g, "Y3B").is_ok(), "another blue star");
}

#[test]
fn gray_wild_colour_is_placed_as_its_own_colour_anywhere() {
    // Round 1: purple is wild; purple tiles go on any star, paid with purple alone.
    let mut g = placing(2, Side::Gray, 1);
    give(&mut g, 0, "PPPB");
    assert!(try_play(&g, "B1P").is_ok());
    assert!(try_play(&g, "R1P").is_ok());
    assert!(try_play(&g, "B1P+1").is_err());
    assert!(try_play(&g, "B1+2").is_ok(), "blue printed 3: 1 blue + 2 wilds");
    assert!(try_play(&g, "B1+3").is_err(), "one real blue is always needed");
    assert!(try_play(&g, "B2+1").is_ok(), "blue printed 2: 1 blue + 1 wild");
}

#[test]
fn gray_completed_star_values() {
    let mut g = placing(2, Side::Gray, 2);
    cover(&mut g, 0, &["O1:G", "O2:G", "O3:G", "O4:G", "O5:G", "O6:G"]);
    cover(&mut g, 0, &["R1:G", "R2:G", "R3:G", "R4:G", "R5:G", "R6:G"]);
    cover(&mut g, 0, &["C1:P", "C2:G", "C3:O", "C4:Y", "C5:B", "C6:R"]);
    cover(&mut g, 0, &["B1:R", "B2:R", "B3:R", "B4:R", "B5:R", "B6:R"]);
    let b = breakdown(Side::Gray, &g.boards[0]);
    // One-colour stars score their colour's value (green 18, twice; red 14), six-colour 12.
    assert_eq!(b.stars, [0, 0, 18, 0, 14, 18, 12]);
    assert_eq!(b.stars_total(), 62);
}

#[test]
fn gray_all_threes_needs_twelve_spaces() {
    let mut g = placing(2, Side::Gray, 2);
    let threes: Vec<String> = ["O1", "R1", "B1", "Y1", "G1", "P1"].iter().map(|s| format!("{s}:B")).collect();
    cover(&mut g, 0, &threes.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    assert_eq!(breakdown(Side::Gray, &g.boards[0]).all_n[2], 0, "centre 3's still open");
    cover(&mut g, 0, &["C1:P", "C2:G", "C3:O", "C4:Y", "C5:B", "C6:R"]);
    assert_eq!(breakdown(Side::Gray, &g.boards[0]).all_n, [0, 0, 12, 0]);
    cover(&mut g, 0, &["O3:B", "R3:R", "B3:B", "Y3:G", "G3:Y", "P3:P"]);
    assert_eq!(breakdown(Side::Gray, &g.boards[0]).all_n, [4, 0, 12, 0], "all 1's: position 3 on gray");
}

/// The other two kinds of complete star: a one-colour centre scores its colour's
/// value (not 12), a six-colour outer star scores 12 (not nothing).
#[test]
fn gray_one_colour_centre_and_six_colour_outer_star() {
    let mut g = placing(2, Side::Gray, 2);
    cover(&mut g, 0, &["C1:Y", "C2:Y", "C3:Y", "C4:Y", "C5:Y", "C6:Y"]);
    cover(&mut g, 0, &["P1:P", "P2:G", "P3:O", "P4:Y", "P5:B", "P6:R"]);
    let b = breakdown(Side::Gray, &g.boards[0]);
    assert_eq!(b.stars[Star::CENTRE.index()], 16, "a yellow centre scores yellow's 16");
    assert_eq!(b.stars[Star::of(crate::tiles::Colour::Purple).index()], 12, "six colours score 12");
    assert_eq!(b.stars_total(), 28);
}
