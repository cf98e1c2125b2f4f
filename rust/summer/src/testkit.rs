//! Helpers for the rules tests: build exact positions while keeping all 132 tiles accounted for.

use crate::board::{Side, Space};
use crate::moves::{Move, MoveList};
use crate::setup::Setup;
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

/// Edits the position as a [`Setup`]; the result must be a consistent position
/// (every tile accounted for), which `into_game` checks.
pub fn edit(g: &mut Game, f: impl FnOnce(&mut Setup)) {
    let mut s = g.setup();
    f(&mut s);
    *g = s.into_game().unwrap_or_else(|e| panic!("test position: {e}"));
}

/// Returns every tile on the table (factories, centre) and in hands to the bag.
pub fn clear_table(s: &mut Setup) {
    let mut back = s.centre;
    s.centre = Tiles::EMPTY;
    for f in s.factories.iter_mut() {
        back.add_all(f);
        *f = Tiles::EMPTY;
    }
    for b in s.boards.iter_mut() {
        back.add_all(&b.hand);
        b.hand = Tiles::EMPTY;
    }
    s.bag.add_all(&back);
}

/// A game in the place phase of `round`, nothing in hand, seat 0 to move.
pub fn placing(players: usize, side: Side, round: u8) -> Game {
    let mut g = new_game(players, side);
    edit(&mut g, |s| {
        clear_table(s);
        s.round = round;
        s.phase = Phase::Place;
        s.current_player = 0;
    });
    g
}

/// A game in the draft phase of round 1 with these factories and centre, seat 0 to move.
pub fn drafting(players: usize, factories: &[&str], centre: &str) -> Game {
    let mut g = new_game(players, Side::Coloured);
    edit(&mut g, |s| {
        clear_table(s);
        for (i, f) in factories.iter().enumerate() {
            let t = tiles(f);
            take_from_bag(s, &t);
            s.factories[i] = t;
        }
        let c = tiles(centre);
        take_from_bag(s, &c);
        s.centre = c;
    });
    g
}

/// Moves tiles from the bag into `seat`'s hand.
pub fn give(g: &mut Game, seat: usize, letters: &str) {
    edit(g, |s| {
        let t = tiles(letters);
        take_from_bag(s, &t);
        s.boards[seat].hand.add_all(&t);
    });
}

/// Takes tiles out of the bag, pulling from the supply/tower back into it first if needed.
pub fn take_from_bag(s: &mut Setup, t: &Tiles) {
    for c in Colour::ALL {
        for pile in [&mut s.tower, &mut s.supply] {
            let short = t.get(c).saturating_sub(s.bag.get(c));
            let moved = short.min(pile.get(c));
            pile.sub(c, moved);
            s.bag.add(c, moved);
        }
    }
    assert!(s.bag.contains(t), "test wants more {t} than the box has");
    s.bag.sub_all(t);
}

/// Covers spaces on `seat`'s board, e.g. `&["B4", "C1:O"]` (colour after ':'; default the star's own).
pub fn cover(g: &mut Game, seat: usize, spaces: &[&str]) {
    edit(g, |s| {
        for text in spaces {
            let (name, colour) = text.split_once(':').unwrap_or((text, ""));
            let sp = Space::parse(name).unwrap_or_else(|| panic!("{name} is not a space"));
            let c = if colour.is_empty() { sp.star().colour().unwrap() } else { Colour::parse(colour).unwrap() };
            take_from_bag(s, &Tiles::from_letters(&c.letter().to_string()).unwrap());
            s.boards[seat].covered.insert(sp, c);
        }
    });
}

/// Sets the supply to exactly these tiles (the rest goes back to the bag).
pub fn set_supply(g: &mut Game, letters: &str) {
    edit(g, |s| {
        let old = s.supply;
        s.bag.add_all(&old);
        s.supply = Tiles::EMPTY;
        let t = tiles(letters);
        take_from_bag(s, &t);
        s.supply = t;
    });
}

/// Sets a seat's running score.
pub fn set_score(g: &mut Game, seat: usize, score: i32) {
    edit(g, |s| s.boards[seat].score = score);
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
