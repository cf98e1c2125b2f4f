//! What can be proven of the last round's placing where the exact solve
//! cannot reach: each player's final-score range and, where the ranges
//! decide it, the outcome.
//!
//! A player's range comes from two searches over its own board alone
//! (`bounds`): `guaranteed`, the score a line of its own reaches whatever the
//! others play and the refills bring (bonus tiles taken and never used, each
//! costing its point), and `best`, a score no line of the game can beat
//! (every bonus pick free to take any colours). Neither reads the bag or the
//! tower, so neither reads the hidden order, and both hold for any number of
//! players: a player's placements touch only its own board and hand.
//!
//! Ranges decide an outcome where they do not overlap: a player whose
//! guaranteed score beats every other player's best wins whatever happens;
//! one whose best is below another's guaranteed score cannot win (a tie is a
//! shared win, so equal ends decide "cannot lose" but not "wins").

use super::bounds::ScoreBounds;
use super::tree_moves;
use crate::moves::{Move, MoveList};
use crate::state::{Game, Phase, ROUNDS};

/// Boards the range searches may look at alone (all seats together) before
/// giving up: about half a second here on the widest boards met in
/// random games' last rounds; greedy and searched games need far fewer.
pub const RANGE_BOARD_LIMIT: u64 = 1_000_000;

/// A player's final score as far as it is proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreRange {
    /// A score the player reaches whatever the others and the refills do
    /// (`guaranteeing_move` plays a line that does).
    pub guaranteed: i64,
    /// A score no line of the game beats.
    pub best: i64,
}

impl ScoreRange {
    pub fn width(&self) -> i64 {
        self.best - self.guaranteed
    }
}

pavilion_core::word_option!(
    /// What the score ranges prove of one player's result.
    Proven, "proven outcome", {
        /// The ranges overlap: nothing is proven.
        Open => "open",
        /// Its guaranteed score beats every other player's best.
        Wins => "wins",
        /// Its guaranteed score reaches every other player's best: a win, or a shared one.
        CannotLose => "cannot_lose",
        /// Its best is below another player's guaranteed score.
        CannotWin => "cannot_win",
    }
);

/// What `ranges` (every seat's) prove of `seat`'s result.
pub fn proven(ranges: &[ScoreRange], seat: usize) -> Proven {
    let others = || ranges.iter().enumerate().filter(move |&(t, _)| t != seat).map(|(_, r)| r);
    let (others_best, others_guaranteed) =
        (others().map(|r| r.best).max().unwrap_or(i64::MIN), others().map(|r| r.guaranteed).max().unwrap_or(i64::MIN));
    let r = ranges[seat];
    if r.guaranteed > others_best {
        Proven::Wins
    } else if r.guaranteed >= others_best {
        Proven::CannotLose
    } else if r.best < others_guaranteed {
        Proven::CannotWin
    } else {
        Proven::Open
    }
}

/// Where ranges can be proven: the last round's placing (a refill due or not),
/// or a finished game (each range its final score).
fn has_ranges(g: &Game) -> bool {
    g.is_over() || (g.round() == ROUNDS && g.phase() == Phase::Place)
}

/// The range searches of one position and the positions after its moves,
/// sharing what they learn of each board.
pub struct Ranges {
    bounds: ScoreBounds,
}

impl Default for Ranges {
    fn default() -> Self {
        Ranges::new(RANGE_BOARD_LIMIT)
    }
}

impl Ranges {
    /// Searches that give up past `limit` boards alone.
    pub fn new(limit: u64) -> Ranges {
        Ranges { bounds: ScoreBounds::new(limit) }
    }

    /// Each seat's range in `g`; `None` outside the last round's placing
    /// (`has_ranges`) or once the searches pass their limit.
    pub fn of(&mut self, g: &Game) -> Option<Vec<ScoreRange>> {
        if !has_ranges(g) {
            return None;
        }
        (0..g.num_players()).map(|seat| self.seat(g, seat)).collect()
    }

    /// `seat`'s range in `g` (which `has_ranges`).
    fn seat(&mut self, g: &Game, seat: usize) -> Option<ScoreRange> {
        if g.is_over() {
            let score = i64::from(g.scores()[seat]);
            return Some(ScoreRange { guaranteed: score, best: score });
        }
        let (best, guaranteed) = self.bounds.of(g, seat)?;
        Some(ScoreRange { guaranteed, best })
    }

    /// The ranges after each of `moves` (legal in `g`), before the refill
    /// that may follow it (no board depends on it).
    pub fn after(&mut self, g: &Game, moves: &[Move]) -> Vec<Option<Vec<ScoreRange>>> {
        moves
            .iter()
            .map(|m| {
                let mut c = *g;
                c.play_before_refill(m);
                self.of(&c)
            })
            .collect()
    }

    /// A move of the player to move that keeps its guaranteed score (the
    /// highest guaranteed score after it, then the highest best): played at
    /// each of its turns, its final score is at least its guaranteed score now.
    /// `None` outside the last round's placing or past the limit.
    pub fn guaranteeing_move(&mut self, g: &Game) -> Option<Move> {
        if g.is_over() || !has_ranges(g) {
            return None;
        }
        let seat = g.current_player();
        let mut moves = MoveList::new();
        // The search's moves lose nothing here: a pass left out keeps the same
        // number of tiles as one kept, and colours kept no longer matter.
        tree_moves(g, &mut moves);
        let mut best: Option<((i64, i64), Move)> = None;
        for m in moves.iter() {
            let mut c = *g;
            c.play_before_refill(m);
            let r = self.seat(&c, seat)?;
            if best.is_none_or(|(k, _)| (r.guaranteed, r.best) > k) {
                best = Some(((r.guaranteed, r.best), *m));
            }
        }
        best.map(|(_, m)| m)
    }
}
