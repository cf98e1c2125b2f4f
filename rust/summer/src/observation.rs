//! What a player can see, as a fixed vector of numbers (for learning agents),
//! and the legal actions as a mask over the action ids.
//!
//! Everything in the observation is public to the seat it is made for; the
//! order of the bag (the random source) is not in it, only the bag's and the
//! tower's colour counts, which every player can work out. Players are listed
//! from the observing seat on, clockwise, so a seat always sees itself first;
//! the slots of absent players (in 2- and 3-player games) are zeros.
//!
//! [`LAYOUT`] names every block with its length, in order; the Python layer
//! and the docs read it from here.

use crate::action::NUM_ACTIONS;
use crate::board::{Space, NUM_SPACES};
use crate::moves::MoveList;
use crate::state::{Game, Phase, MAX_FACTORIES, MAX_PLAYERS, ROUNDS};
use crate::tiles::{Colour, Tiles, NUM_COLOURS};

/// The blocks of the observation, in order: (name, length, what it holds).
pub const LAYOUT: &[(&str, usize, &str)] = &[
    ("round", ROUNDS as usize, "one-hot: the round, 1 to 6"),
    ("phase", 2, "one-hot: draft, place"),
    ("wild", NUM_COLOURS, "one-hot: this round's wild colour (P G O Y B R)"),
    ("bonus_owed", 1, "bonus tiles the player to move must take now"),
    ("factories", MAX_FACTORIES * NUM_COLOURS, "tiles of each colour on factory 1 to 9 (zeros past the last)"),
    ("centre", NUM_COLOURS, "tiles of each colour in the centre"),
    ("start_token_in_centre", 1, "1 while the start token lies in the centre"),
    ("supply", NUM_COLOURS, "tiles of each colour in the supply"),
    ("bag", NUM_COLOURS, "tiles of each colour in the bag (counts only: the order stays hidden)"),
    ("tower", NUM_COLOURS, "tiles of each colour in the tower"),
    ("players", MAX_PLAYERS * PLAYER_LEN, "each player from this seat on, clockwise: see PLAYER_LAYOUT"),
];

/// The blocks of one player's slot, in order.
pub const PLAYER_LAYOUT: &[(&str, usize, &str)] = &[
    ("present", 1, "1 if this slot is a player of the game"),
    ("to_move", 1, "1 if this player moves now"),
    ("score", 1, "the score"),
    ("hand", NUM_COLOURS, "tiles of each colour in hand"),
    ("kept", NUM_COLOURS, "tiles of each colour kept for next round"),
    ("passed", 1, "1 once this player has passed this round"),
    ("start_token", 1, "1 if this player holds the start token"),
    ("spaces", NUM_SPACES * (NUM_COLOURS + 1), "per space (B1..C6 in index order): one-hot empty, P, G, O, Y, B, R"),
];

/// Length of one player's slot.
pub const PLAYER_LEN: usize = 1 + 1 + 1 + NUM_COLOURS + NUM_COLOURS + 1 + 1 + NUM_SPACES * (NUM_COLOURS + 1);

/// Length of the whole observation.
pub const OBSERVATION_LEN: usize = ROUNDS as usize
    + 2
    + NUM_COLOURS
    + 1
    + MAX_FACTORIES * NUM_COLOURS
    + NUM_COLOURS
    + 1
    + NUM_COLOURS * 3
    + MAX_PLAYERS * PLAYER_LEN;

fn put_counts(out: &mut Vec<f32>, t: &Tiles) {
    out.extend(Colour::ALL.iter().map(|&c| t.get(c) as f32));
}

fn one_hot(out: &mut Vec<f32>, len: usize, hot: Option<usize>) {
    out.extend((0..len).map(|i| if Some(i) == hot { 1.0 } else { 0.0 }));
}

/// The observation of `g` for `seat` (appended to `out`, `OBSERVATION_LEN` numbers).
pub fn observe(g: &Game, seat: usize, out: &mut Vec<f32>) {
    let start = out.len();
    one_hot(out, ROUNDS as usize, Some(g.round() as usize - 1));
    one_hot(
        out,
        2,
        match g.phase() {
            Phase::Draft => Some(0),
            Phase::Place => Some(1),
            Phase::Over => None,
        },
    );
    one_hot(out, NUM_COLOURS, Some(g.wild().index()));
    out.push(g.bonus_owed() as f32);
    for f in 0..MAX_FACTORIES {
        put_counts(out, g.factories().get(f).unwrap_or(&Tiles::EMPTY));
    }
    put_counts(out, g.centre());
    out.push(if g.start_token().is_none() && g.phase() == Phase::Draft { 1.0 } else { 0.0 });
    put_counts(out, g.supply());
    put_counts(out, g.bag());
    put_counts(out, g.tower());
    let n = g.num_players();
    for k in 0..MAX_PLAYERS {
        if k >= n {
            out.extend(std::iter::repeat_n(0.0, PLAYER_LEN));
            continue;
        }
        let p = (seat + k) % n;
        let b = g.board(p);
        out.push(1.0);
        out.push(if !g.is_over() && g.current_player() == p { 1.0 } else { 0.0 });
        out.push(b.score as f32);
        put_counts(out, &b.hand);
        put_counts(out, &b.kept);
        out.push(if g.has_passed(p) { 1.0 } else { 0.0 });
        out.push(if g.start_token() == Some(p) { 1.0 } else { 0.0 });
        for space in Space::ALL {
            one_hot(out, NUM_COLOURS + 1, Some(b.colour_at(space).map_or(0, |c| c.index() + 1)));
        }
    }
    debug_assert_eq!(out.len() - start, OBSERVATION_LEN);
}

/// The legal actions as a mask over the action ids (`true` = legal).
pub fn legal_actions_mask(g: &Game, out: &mut [bool; NUM_ACTIONS]) {
    out.fill(false);
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    for m in moves.iter() {
        out[m.action().expect("every legal move has an id")] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::state::Options;
    use crate::Side;

    #[test]
    fn the_layout_adds_up_and_every_step_fills_it_exactly() {
        assert_eq!(LAYOUT.iter().map(|b| b.1).sum::<usize>(), OBSERVATION_LEN);
        assert_eq!(PLAYER_LAYOUT.iter().map(|b| b.1).sum::<usize>(), PLAYER_LEN);
        for players in 2..=4 {
            let mut g = Game::new(Options::new(players, Side::Gray, None).unwrap(), players as u64);
            let mut rng = SplitMix64::new(1);
            let mut mask = [false; NUM_ACTIONS];
            let mut moves = MoveList::new();
            while !g.is_over() {
                for seat in 0..players {
                    let mut v = Vec::new();
                    observe(&g, seat, &mut v);
                    assert_eq!(v.len(), OBSERVATION_LEN);
                }
                legal_actions_mask(&g, &mut mask);
                g.legal_moves(&mut moves);
                assert_eq!(mask.iter().filter(|&&x| x).count(), moves.len());
                let m = moves[rng.below(moves.len() as u32) as usize];
                assert!(mask[m.action().unwrap()]);
                g.play(&m).unwrap();
            }
        }
    }

    #[test]
    fn a_seat_sees_itself_first_and_never_the_bag_order() {
        let g = Game::new(Options::new(3, Side::Coloured, None).unwrap(), 9);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        observe(&g, 0, &mut a);
        observe(&g, 1, &mut b);
        let players = OBSERVATION_LEN - MAX_PLAYERS * PLAYER_LEN;
        // Seat 1's first slot is seat 0's second; the table part is the same for all.
        assert_eq!(a[..players], b[..players]);
        assert_eq!(a[players + PLAYER_LEN..players + 2 * PLAYER_LEN], b[players..players + PLAYER_LEN]);
        assert_eq!(a[players + 1], 1.0, "seat 0 moves first and sees itself to move");
        assert_eq!(b[players + 1], 0.0);
        // Only the future order of draws differs after a re-deal: nothing visible changes.
        let mut h = g;
        h.redraw_hidden(77);
        let mut c = Vec::new();
        observe(&h, 0, &mut c);
        assert_eq!(a, c);
    }
}
