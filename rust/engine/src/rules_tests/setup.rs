use crate::board::Side;
use crate::error::Error;
use crate::state::{Game, Options, Phase};
use crate::testkit::*;
use crate::tiles::{Colour, Tiles};

#[test]
fn components_and_setup() {
    for (players, factories) in [(2, 5), (3, 7), (4, 9)] {
        let g = new_game(players, Side::Colored);
        assert_census(&g);
        assert_eq!(g.factories().len(), factories);
        assert!(g.factories().iter().all(|f| f.total() == 4));
        assert_eq!(g.supply().total(), 10, "supply of 10");
        assert_eq!(g.bag().total(), 132 - 10 - 4 * factories as u32);
        assert!(g.tower().is_empty());
        assert_eq!(g.scores(), vec![5; players], "scores start at 5");
        assert_eq!((g.round(), g.phase(), g.current_player()), (1, Phase::Draft, 0), "seat 0 starts round 1");
    }
}

#[test]
fn supply_is_drawn_before_the_factories() {
    // Same seed: the first ten draws of the bag are the supply.
    let g = new_game(2, Side::Colored);
    let mut bag = Game::new(Options::default(), 1);
    bag.bag = Tiles::FULL_SET;
    bag.supply = Tiles::EMPTY;
    bag.rng = crate::rng::SplitMix64::new(1);
    bag.refill_supply();
    assert_eq!(bag.supply, g.supply);
}

#[test]
fn default_wild_order() {
    let mut g = new_game(2, Side::Colored);
    let names: Vec<&str> = (1..=6)
        .map(|r| {
            g.round = r;
            g.wild().name()
        })
        .collect();
    assert_eq!(names, ["purple", "green", "orange", "yellow", "blue", "red"]);
}

#[test]
fn wild_order_is_configurable() {
    use Colour::*;
    let order = [Red, Blue, Yellow, Orange, Green, Purple];
    let mut g = Game::new(Options::new(3, Side::Gray, Some(order)).unwrap(), 9);
    for (r, c) in (1..=6).zip(order) {
        g.round = r;
        assert_eq!(g.wild(), c);
    }
    let dup = [Red, Red, Yellow, Orange, Green, Purple];
    assert!(matches!(Options::new(2, Side::Colored, Some(dup)), Err(Error::InvalidOptions(_))));
    assert!(matches!(Options::new(5, Side::Colored, None), Err(Error::InvalidOptions(_))));
    assert!(matches!(Options::new(1, Side::Colored, None), Err(Error::InvalidOptions(_))));
}

#[test]
fn score_is_an_unbounded_integer() {
    // The track wraps at 80 but the score does not: 79 + a 6-run scores 85.
    let mut g = placing(2, Side::Colored, 1);
    g.players[0].score = 79;
    cover(&mut g, 0, &["R1", "R2", "R3", "R5", "R6"]);
    give(&mut g, 0, "RRRR");
    g.play(&mv("R4")).unwrap();
    assert_eq!(g.players[0].score, 85);
}
