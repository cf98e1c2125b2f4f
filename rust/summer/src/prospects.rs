//! What each board may still score, in numbers a network reads (encoding
//! version 2): the observation shows every space one by one, and a small
//! network learning from a few thousand games does not find out for itself
//! which stars are nearly complete or which bonuses are already won.
//!
//! The prospects are read from a raw observation ([`crate::observation`],
//! before scaling) and the side of the boards, never from the game itself:
//! the search (from a position) and training (from the observations a
//! self-play shard stores) compute the same numbers by the same code.

use crate::board::{all_n_mask, FeatureKind, Side, Space, Star, FEATURES, NUM_SPACES, NUM_STARS};
use crate::observation::{OBSERVATION_LEN, PLAYER_LAYOUT, PLAYER_LEN};
use crate::scoring::breakdown;
use crate::state::{Board, MAX_PLAYERS};
use crate::tiles::{Colour, NUM_COLOURS};

/// Prospects of one board: the bonuses won (completed stars and "all N's",
/// / 50); the score with them (/ 100); for each star the spaces covered (/ 6);
/// for each N = 1..4 the spaces printed N covered (/ 7); for each feature kind
/// (window, statue, pillar) those surrounded, then those one space short (/ 6).
pub const BOARD_PROSPECTS: usize = 2 + NUM_STARS + 4 + 2 * FeatureKind::ALL.len();
/// Prospects of a position: each player's slot of the observation in turn (zeros for an absent one).
pub const PROSPECTS: usize = MAX_PLAYERS * BOARD_PROSPECTS;

/// Where a block of a player's slot starts, from the layout (the one home of its order).
fn slot_offset(name: &str) -> usize {
    let mut at = 0;
    for &(field, len, _) in PLAYER_LAYOUT {
        if field == name {
            return at;
        }
        at += len;
    }
    unreachable!("the player layout has a {name} block")
}

/// The spaces a player's slot of a raw observation shows covered (its block
/// of spaces starts at `spaces`), with their colours; its score, hand and
/// kept tiles are read from the slot as they are.
fn board_of_slot(slot: &[f32], spaces: usize) -> Board {
    let mut b = Board::default();
    for space in Space::ALL {
        let cells = &slot[spaces + space.index() * (NUM_COLOURS + 1)..][..NUM_COLOURS + 1];
        if let Some(c) = (1..=NUM_COLOURS).find(|&c| cells[c] > 0.5) {
            b.cover(space, Colour::from_index(c - 1));
        }
    }
    b
}

/// One board's prospects, written into `out` (`BOARD_PROSPECTS` numbers).
fn board_prospects(side: Side, score: f32, b: &Board, out: &mut [f32]) {
    let end = breakdown(side, b);
    let bonuses = (end.stars_total() + end.all_n_total()) as f32;
    let missing = |kind: FeatureKind| {
        FEATURES.iter().filter(move |f| f.kind == kind).map(|f| (f.mask & !b.covered_mask).count_ones())
    };
    let numbers = [bonuses / 50.0, (score + bonuses) / 100.0]
        .into_iter()
        .chain(Star::ALL.map(|star| b.star_bits(star).count_ones() as f32 / 6.0))
        .chain((1..=4u8).map(|n| (b.covered_mask & all_n_mask(side, n)).count_ones() as f32 / NUM_STARS as f32))
        .chain(FeatureKind::ALL.map(|kind| missing(kind).filter(|&m| m == 0).count() as f32 / 6.0))
        .chain(FeatureKind::ALL.map(|kind| missing(kind).filter(|&m| m == 1).count() as f32 / 6.0));
    for (slot, v) in out.iter_mut().zip(numbers) {
        *slot = v;
    }
}

/// The prospects of the boards a raw observation (`OBSERVATION_LEN` numbers
/// as `observe` writes them) shows on `side`: each player slot's in turn,
/// zeros for an absent player. A fixed array, so a caller may read the
/// observation from the buffer the prospects then go into.
pub fn prospects(observation: &[f32], side: Side) -> [f32; PROSPECTS] {
    debug_assert_eq!(observation.len(), OBSERVATION_LEN);
    let players = OBSERVATION_LEN - MAX_PLAYERS * PLAYER_LEN;
    let (present, score, spaces) = (slot_offset("present"), slot_offset("score"), slot_offset("spaces"));
    let mut out = [0.0; PROSPECTS];
    for (k, numbers) in out.chunks_exact_mut(BOARD_PROSPECTS).enumerate() {
        let slot = &observation[players + k * PLAYER_LEN..][..PLAYER_LEN];
        if slot[present] > 0.5 {
            board_prospects(side, slot[score], &board_of_slot(slot, spaces), numbers);
        }
    }
    out
}

const _: () = assert!(NUM_SPACES == 6 * NUM_STARS, "every star has six spaces");

#[cfg(test)]
mod tests {
    use pavilion_core::rng::SplitMix64;

    use super::*;
    use crate::moves::MoveList;
    use crate::observation::observe;
    use crate::state::{Game, Options};

    /// The prospects of `g` from `seat`'s observation.
    fn of(g: &Game, seat: usize) -> Vec<f32> {
        let mut obs = Vec::new();
        observe(g, seat, &mut obs);
        prospects(&obs, g.opts.side).to_vec()
    }

    #[test]
    fn the_prospects_read_from_the_observation_are_the_boards_own_in_random_games() {
        // The bonuses won equal the end scoring's on the game's own boards, at every step.
        for seed in 0..12 {
            let side = Side::ALL[seed as usize % 2];
            let players = 2 + seed as usize % 3;
            let mut g = Game::new(Options::new(players, side, None).unwrap(), seed);
            let mut rng = SplitMix64::new(seed);
            let mut moves = MoveList::new();
            while !g.is_over() {
                let seat = g.current_player();
                let p = of(&g, seat);
                assert_eq!(p.len(), PROSPECTS);
                for k in 0..MAX_PLAYERS {
                    let slot = &p[k * BOARD_PROSPECTS..][..BOARD_PROSPECTS];
                    if k >= players {
                        assert!(slot.iter().all(|&v| v == 0.0), "an absent player has no prospects");
                        continue;
                    }
                    let board = g.board((seat + k) % players);
                    let end = breakdown(side, board);
                    let bonuses = end.stars_total() + end.all_n_total();
                    assert!((slot[0] * 50.0 - bonuses as f32).abs() < 1e-3);
                    assert!((slot[1] * 100.0 - (board.score + bonuses) as f32).abs() < 1e-3);
                    let covered: f32 = slot[2..2 + NUM_STARS].iter().map(|v| v * 6.0).sum();
                    assert!((covered - board.covered_mask.count_ones() as f32).abs() < 1e-3);
                }
                g.legal_moves(&mut moves);
                let m = moves[rng.below(moves.len() as u32) as usize];
                g.play_unchecked(&m);
            }
        }
    }

    #[test]
    fn a_complete_star_an_all_ns_bonus_and_a_surrounded_window_show() {
        let mut g = Game::new(Options::new(2, Side::Coloured, None).unwrap(), 1);
        let purple = Star::of(Colour::Purple);
        {
            let b = &mut g.boards[0];
            for pos in 0..6 {
                b.cover(purple.space(pos), Colour::Purple);
            }
            // The space printed 1 on every other star: with purple's own, all the 1's.
            for star in Star::ALL.into_iter().filter(|&s| s != purple) {
                let one = (0..6).find(|&p| star.space(p).cost(Side::Coloured) == 1).unwrap();
                b.cover(star.space(one), star.colour().unwrap_or(Colour::Green));
            }
            b.score = 10;
        }
        let p = of(&g, 0);
        let star = crate::board::STAR_VALUE[Colour::Purple.index()];
        let all_ones = crate::board::ALL_N_BONUS[0];
        assert_eq!(p[0], (star + all_ones) as f32 / 50.0);
        assert_eq!(p[1], (10 + star + all_ones) as f32 / 100.0);
        assert_eq!(p[2 + purple.index()], 1.0, "the purple star is full");
        assert_eq!(p[2 + NUM_STARS], 1.0, "every space printed 1 is covered");
        // Purple's window is its spaces 5 and 6, both covered; no other feature is whole.
        assert_eq!(p[2 + NUM_STARS + 4], 1.0 / 6.0, "one window surrounded");
        // The other seat's board is empty: it sees nothing won.
        assert_eq!(p[BOARD_PROSPECTS], 0.0);
        assert_eq!(of(&g, 1)[BOARD_PROSPECTS..2 * BOARD_PROSPECTS], p[..BOARD_PROSPECTS], "seen from the other seat");
    }
}
