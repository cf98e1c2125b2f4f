//! Bounds on each player's final score in a two-player last round, each
//! found by a search over that player's board alone.
//!
//! A player's placements touch only its own board and hand; the other player
//! and the refills reach it only through what its bonus picks can take. So:
//! - **upper**: the best final score if every bonus pick could take any
//!   colours, as many tiles as owed or fewer. Every line the real game allows
//!   is a line of this one, so no play by anyone does better;
//! - **lower**: the best final score if bonus tiles were never used, each
//!   costing the point it costs when discarded or left over. The player can
//!   play that line whatever the supply holds (taking the tiles and leaving
//!   them unused), so it is guaranteed.
//!
//! With two players the utility rises with the margin, so seat 0's value lies
//! between its utility at (its lower, the other's upper) and at (its upper,
//! the other's lower): the exact solve cuts a position off when that range
//! lies outside its window, and bounds the refill outcomes of a chance node
//! by it (`Solver::expectation`), which does not depend on the supply.

use super::split::{alone, final_score, Alone, Found};
use super::tree_moves;
use crate::moves::{Move, MoveList};
use crate::state::{Board, Game};
use crate::tiles::{for_each_submultiset, Tiles, NUM_COLOURS};

/// A player's (upper, lower) final score bounds.
pub(super) type Scores = (i64, i64);

/// Each seat's score bounds by (board, bonus tiles owed), kept for the whole solve.
pub(super) struct ScoreBounds {
    pub(super) known: Alone<(Board, u8), Scores>,
}

impl ScoreBounds {
    pub(super) fn new(limit: u64) -> ScoreBounds {
        ScoreBounds { known: Alone::new(limit) }
    }

    /// `seat`'s (upper, lower) final score bounds in `g`, whatever the other
    /// player does and the refills bring; `None` past the limit.
    pub(super) fn of(&mut self, g: &Game, seat: usize) -> Option<Scores> {
        self.search(&alone(g, seat), seat)
    }

    fn search(&mut self, g: &Game, seat: usize) -> Option<Scores> {
        if g.has_passed(seat) {
            let score = final_score(g, seat);
            return Some((score, score));
        }
        let k = (*g.board(seat), g.bonus_owed);
        if let Found::Known(v) = self.known.find(seat, &k)? {
            return Some(v);
        }
        let owed = g.bonus_owed();
        let v = if owed > 0 {
            // A supply holding `owed` of every colour offers every pick.
            let mut free = *g;
            free.supply = Tiles([owed as u8; NUM_COLOURS]);
            let mut picks = Vec::new();
            for_each_submultiset(&free.supply, 0, owed, |take| picks.push(take));
            let mut upper = i64::MIN;
            for take in picks {
                let mut c = free;
                c.play_before_refill(&Move::Bonus { take });
                upper = upper.max(self.search(&c, seat)?.0);
            }
            free.play_before_refill(&Move::Bonus { take: Tiles::EMPTY });
            (upper, self.search(&free, seat)?.1 - i64::from(owed))
        } else {
            let mut moves = MoveList::new();
            tree_moves(g, &mut moves);
            let (mut upper, mut lower) = (i64::MIN, i64::MIN);
            for m in moves.iter() {
                let mut c = *g;
                c.play_before_refill(m);
                let (u, l) = self.search(&c, seat)?;
                (upper, lower) = (upper.max(u), lower.max(l));
            }
            (upper, lower)
        };
        self.known.insert(seat, k, v);
        Some(v)
    }
}
