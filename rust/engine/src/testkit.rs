//! Helpers for the rules tests: build exact positions while keeping all 132 tiles accounted for.

use crate::board::{Side, Space};
use crate::moves::{Move, MoveList};
use crate::state::{Game, Options, Phase};
use crate::tiles::{Colour, Tiles};

pub fn mv(text: &str) -> Move {
    Move::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

pub fn tiles(letters: &str) -> Tiles {
    Tiles::from_letters(letters).unwrap()
}

pub fn new_game(players: usize, side: Side) -> Game {
    Game::new(Options::new(players, side, None).unwrap(), 1)
}

/// Returns every tile on the table (factories, centre) and in hands to the bag.
pub fn clear_table(g: &mut Game) {
    let mut back = g.centre;
    g.centre = Tiles::EMPTY;
    for f in g.factories.iter_mut() {
        back.add_all(f);
        *f = Tiles::EMPTY;
    }
    for p in g.players.iter_mut() {
        back.add_all(&p.hand);
        p.hand = Tiles::EMPTY;
    }
    g.bag.add_all(&back);
}

/// A game in the place phase of `round`, nothing in hand, seat 0 to move.
pub fn placing(players: usize, side: Side, round: u8) -> Game {
    let mut g = new_game(players, side);
    clear_table(&mut g);
    g.round = round;
    g.phase = Phase::Place;
    g.to_move = 0;
    g
}

/// Moves tiles from the bag into `seat`'s hand.
pub fn give(g: &mut Game, seat: usize, letters: &str) {
    let t = tiles(letters);
    take_from_bag(g, &t);
    g.players[seat].hand.add_all(&t);
}

/// Takes tiles out of the bag, pulling from the supply/tower back into it first if needed.
pub fn take_from_bag(g: &mut Game, t: &Tiles) {
    for c in Colour::ALL {
        for pile in [&mut g.tower, &mut g.supply] {
            let short = t.get(c).saturating_sub(g.bag.get(c));
            let moved = short.min(pile.get(c));
            pile.sub(c, moved);
            g.bag.add(c, moved);
        }
    }
    assert!(g.bag.contains(t), "test wants more {t} than the box has");
    g.bag.sub_all(t);
}

/// Covers spaces on `seat`'s board, e.g. `&["B4", "C1:O"]` (colour after ':'; default the star's own).
pub fn cover(g: &mut Game, seat: usize, spaces: &[&str]) {
    for s in spaces {
        let (name, colour) = s.split_once(':').unwrap_or((s, ""));
        let sp = Space::parse(name).unwrap_or_else(|| panic!("{name} is not a space"));
        let c = if colour.is_empty() { sp.star().colour().unwrap() } else { Colour::parse(colour).unwrap() };
        take_from_bag(g, &Tiles::from_letters(&c.letter().to_string()).unwrap());
        g.players[seat].cover(sp, c);
    }
}

/// Sets the supply to exactly these tiles (the rest goes back to the bag).
pub fn set_supply(g: &mut Game, letters: &str) {
    let old = g.supply;
    g.bag.add_all(&old);
    g.supply = Tiles::EMPTY;
    let t = tiles(letters);
    take_from_bag(g, &t);
    g.supply = t;
}

pub fn legal_texts(g: &Game) -> Vec<String> {
    let mut l = MoveList::new();
    g.legal_moves(&mut l);
    l.iter().map(|m| m.to_string()).collect()
}

pub fn assert_census(g: &Game) {
    assert_eq!(g.census(), Tiles::FULL_SET, "tiles not conserved");
}

/// Plays move text on a copy; the original is untouched.
pub fn try_play(g: &Game, text: &str) -> Result<Game, crate::error::Error> {
    let mut c = *g;
    c.play(&mv(text))?;
    Ok(c)
}
