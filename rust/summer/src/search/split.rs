//! What the exact solve of a two-player last round gains by looking at each
//! player alone.
//!
//! In the last round a player's placements touch only its own board and hand;
//! the one thing the two players share is the supply, and only a bonus pick
//! takes from it (a refill after it draws from the bag). A player who cannot
//! complete a feature with any sequence of its own placements is "fixed": its
//! final score depends on nothing but its own choices, and whatever the other
//! does, a higher score of its own is never worse for it (the utility rises
//! with its own score and the game is constant-sum). So:
//! - once both players are fixed, the game's value is the value of their two
//!   best scores, each found by a search over one board (`FixedSeats::best`).
//!   That holds right after a bonus pick too: the refill due then cannot
//!   change the value, so its outcomes are not weighed (most of the refills
//!   a solve meets are these);
//! - while one is fixed, it needs to try only one move at each turn: a move
//!   that keeps its best score reachable (`FixedSeats::forced_move`). The joint
//!   search then branches only on the other player's moves and the refills.
//!
//! One link remains: once the bag runs out, a refill pours in the tower, which
//! every placement and discard fills. So a fixed player's moves are narrowed
//! only while the bag holds at least as many tiles as the other player could
//! still take as bonus tiles (`bonus_left`): the tower then never matters.
//! `exact_tests` checks the values against the joint search without any of this.

use rustc_hash::FxHashMap;

use super::tree_moves;
use crate::board::FEATURES;
use crate::moves::{Move, MoveList};
use crate::scoring::breakdown;
use crate::state::{Board, Game, MAX_PLAYERS};

/// The game as `seat` plays it alone: every other seat has passed, so `seat`
/// takes every turn until it passes.
pub(super) fn alone(g: &Game, seat: usize) -> Game {
    let mut a = *g;
    let everyone = (1u8 << g.num_players()) - 1;
    a.passed = g.passed | (everyone & !(1 << seat));
    if a.to_move as usize != seat {
        a.to_move = seat as u8;
        a.bonus_owed = 0; // only the seat to move can owe a pick
    }
    a
}

/// `seat`'s final score once it has passed in a game it plays alone (`alone`).
pub(super) fn final_score(g: &Game, seat: usize) -> i64 {
    i64::from(breakdown(g.side(), g.board(seat)).total)
}

/// The most bonus tiles `board` could still earn: every feature not yet
/// complete completed.
pub(super) fn bonus_left(board: &Board) -> u32 {
    FEATURES.iter().filter(|f| board.covered_mask & f.mask != f.mask).map(|f| u32::from(f.kind.bonus())).sum()
}

/// What a search over each seat's board alone has found, by board, and how
/// many boards it may still search: past its limit it answers `None` for
/// every board not yet known (the joint search then does without it, which
/// is always exact), and the solve's own budget stays the bound on its time.
pub(super) struct Alone<K, V> {
    known: [FxHashMap<K, V>; MAX_PLAYERS],
    /// Boards searched (each once).
    pub(super) nodes: u64,
    limit: u64,
}

pub(super) enum Found<V> {
    Known(V),
    Search,
}

impl<K: std::hash::Hash + Eq, V: Copy> Alone<K, V> {
    pub(super) fn new(limit: u64) -> Alone<K, V> {
        Alone { known: Default::default(), nodes: 0, limit }
    }

    /// What is known of `k` for `seat`, or leave to search it now (counted);
    /// `None` past the limit.
    pub(super) fn find(&mut self, seat: usize, k: &K) -> Option<Found<V>> {
        if let Some(&v) = self.known[seat].get(k) {
            return Some(Found::Known(v));
        }
        if self.nodes >= self.limit {
            return None;
        }
        self.nodes += 1;
        Some(Found::Search)
    }

    pub(super) fn insert(&mut self, seat: usize, k: K, v: V) {
        self.known[seat].insert(k, v);
    }
}

/// Each seat's best final score playing alone, by board: `None` while it can
/// still complete a feature. Kept for the whole solve.
pub(super) struct FixedSeats {
    pub(super) best: Alone<Board, Option<i64>>,
}

impl FixedSeats {
    pub(super) fn new(limit: u64) -> FixedSeats {
        FixedSeats { best: Alone::new(limit) }
    }

    /// The best final score `seat` can still reach in `g`, if it can no longer
    /// complete a feature (whatever the supply holds then: the other player's
    /// picks and the refills may change it), else `None`.
    pub(super) fn best(&mut self, g: &Game, seat: usize) -> Option<i64> {
        if g.current_player() == seat && g.bonus_owed() > 0 {
            return None;
        }
        self.best_alone(&alone(g, seat), seat)
    }

    fn best_alone(&mut self, g: &Game, seat: usize) -> Option<i64> {
        if g.has_passed(seat) {
            return Some(final_score(g, seat));
        }
        let board = *g.board(seat);
        if let Found::Known(v) = self.best.find(seat, &board)? {
            return v;
        }
        let mut moves = MoveList::new();
        tree_moves(g, &mut moves);
        let mut best = Some(i64::MIN);
        for m in moves.iter() {
            if let Move::Place { space, .. } = *m {
                if g.place_outcome(space).bonus > 0 {
                    best = None;
                    break;
                }
            }
            let mut c = *g;
            c.play_before_refill(m);
            match self.best_alone(&c, seat) {
                Some(v) => best = best.map(|b| b.max(v)),
                None => {
                    best = None;
                    break;
                }
            }
        }
        self.best.insert(seat, board, best);
        best
    }

    /// When the mover of `g` is fixed and the other player's picks cannot
    /// reach the tower, the index in `moves` (the search's moves of `g`) of
    /// the first move keeping the mover's best score; else `None` (every move
    /// must be searched).
    pub(super) fn forced_move(&mut self, g: &Game, moves: &MoveList) -> Option<usize> {
        let other = 1 - g.current_player();
        if g.bag().total() < bonus_left(g.board(other)) {
            return None;
        }
        self.keeping_best(g, moves)
    }

    /// The index in `moves` (the search's moves of `g`) of the first move
    /// keeping the fixed mover's best score, if it is fixed.
    pub(super) fn keeping_best(&mut self, g: &Game, moves: &MoveList) -> Option<usize> {
        let mover = g.current_player();
        let best = self.best(g, mover)?;
        let start = alone(g, mover);
        moves.iter().position(|m| {
            let mut c = start;
            c.play_before_refill(m);
            self.best_alone(&c, mover) == Some(best)
        })
    }
}
