//! Search for Summer Pavilion: the generic Monte-Carlo tree search of
//! `pavilion-core` over this game, plus what only this game knows — which
//! passes are worth searching (`tree_moves`), an informed rollout
//! (`policy::InformedRollout`) and the exact solve of the last round's placing
//! (`exact`). The search never reads the real future: every iteration re-draws
//! the bag's order.

mod bounds;
pub mod exact;
pub mod policy;
pub mod ranges;
mod split;

#[cfg(test)]
mod exact_tests;
#[cfg(test)]
mod maxn_reference;
#[cfg(test)]
mod ranges_tests;
#[cfg(test)]
mod tests;

use std::hash::BuildHasher;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use pavilion_core::game::Values;
pub use pavilion_core::search::{
    time_budget, utility, utility_range, Effort, ExactUse, Parallel, Passes, RolloutKind, SearchConfig, Widening,
    MARGIN_SCALE, MAX_SECONDS, POSITIONS_PER_ITERATION,
};

/// Progressive widening `(c, alpha)`: a node considers its
/// `ceil(c · (visits + 1)^alpha)` moves of best greedy value (2 at the first
/// walk, 4 at 100, 11 at 10,000). Kept because it won (2,000 iterations a
/// move, 100 games each): against every move open from the start 95.5% with
/// (1, 0.25), 94% with (1, 0.5), 84.5% with (2, 0.5); head to head (1, 0.25)
/// beat (1, 0.5) 61.5% and (1, 0.15) 79%.
pub const WIDENING: (f64, f64) = (1.0, 0.25);

/// The walks at which a node of a network search reranks its unopened moves
/// by the network's value of the position after each (`Game::net_rerank`).
/// The widening opens so few moves (4 by 100 walks) that the order they are
/// opened in decides what the tree ever looks at; the greedy order is the
/// points a move adds now, the network's value sees the rest of the game.
pub const NET_RERANK: u32 = 4;

use crate::movegen::KeepSets;
use crate::moves::{Move, MoveList};
use crate::rng::SplitMix64;
use crate::scoring::breakdown;
use crate::state::{Game, Phase, ROUNDS};
use crate::tiles::Tiles;

/// The search over this game.
pub type Searcher = pavilion_core::search::Searcher<Game>;
pub type SearchResult = pavilion_core::search::SearchResult<Move>;
pub type MoveStats = pavilion_core::search::MoveStats<Move>;

/// What the generic search needs from a game, answered by this one.
impl pavilion_core::Game for Game {
    type Move = Move;
    type MoveList = MoveList;

    fn num_players(&self) -> usize {
        Game::num_players(self)
    }
    fn current_player(&self) -> usize {
        Game::current_player(self)
    }
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
    fn legal_moves(&self, out: &mut MoveList) {
        Game::legal_moves(self, out)
    }
    fn search_moves(&self, out: &mut MoveList) {
        tree_moves(self, out)
    }
    fn is_legal(&self, m: &Move) -> bool {
        Game::is_legal(self, m)
    }
    fn play_unchecked(&mut self, m: &Move) {
        Game::play_unchecked(self, m)
    }
    fn random_move(&self, rng: &mut SplitMix64, scratch: &mut MoveList) -> Move {
        Game::random_move(self, rng, scratch).expect("a game that is not over has a legal move")
    }
    /// Every hidden draw (a refill, a new round's factories) moves the bag's generator, and nothing else does.
    fn hidden_cursor(&self) -> Option<u64> {
        Some(self.rng_state())
    }
    fn redraw_hidden(&mut self, seed: u64) {
        Game::redraw_hidden(self, seed)
    }
    /// The round: a stage ends when its placing does and the next round's factories are filled.
    fn stage(&self) -> Option<u64> {
        Some(self.round() as u64)
    }
    /// The final score; no tie-break (a tie is shared).
    fn standing(&self, seat: usize) -> (i64, i64) {
        (breakdown(self.side(), self.board(seat)).total as i64, 0)
    }
    fn greedy_value(&self, m: &Move) -> f64 {
        crate::agents::greedy_value(self, m)
    }
    /// Its moves ordered by `greedy_value` (the trait's `move_prior`).
    fn widening() -> Option<(f64, f64)> {
        Some(WIDENING)
    }
    /// With a network, a node visited `NET_RERANK` times orders its unopened
    /// moves by the network's value after each (2-player arena figures in
    /// docs/experiments.md, "The network's value orders Summer Pavilion's
    /// moves too").
    fn net_rerank() -> u32 {
        NET_RERANK
    }
    fn informed_rollout() -> &'static dyn pavilion_core::search::policy::Rollout<Game> {
        &policy::InformedRollout
    }
    fn encoding() -> Option<pavilion_core::net::EncodingInfo> {
        Some(crate::encoding::ENCODING)
    }
    fn default_net(players: usize) -> Option<std::sync::Arc<pavilion_core::net::Net>> {
        Some(crate::shipped::shipped_net(players))
    }
    fn encode_position(&self, out: &mut Vec<f32>) {
        out.clear();
        crate::encoding::position_features(self, out);
    }
    fn encode_moves(&self, moves: &[Move], out: &mut Vec<f32>) {
        for m in moves {
            crate::encoding::move_features(m, out);
        }
    }
    fn noisy_rollout() -> &'static dyn pavilion_core::search::policy::Rollout<Game> {
        &policy::NoisyRollout
    }
    /// The position with the bag's order forgotten (the seed of its draws), hashed.
    fn public_key(&self) -> Option<u64> {
        let mut public = *self;
        public.redraw_hidden(0);
        Some(rustc_hash::FxBuildHasher.hash_one(public))
    }
    /// The last round's placing valued exactly, in place of `iterations` (at
    /// `cfg.exact_positions` positions each).
    fn exact_value(&self, cfg: &SearchConfig, iterations: u64) -> Option<(Values, Values)> {
        let limits = exact::Limits::of(Effort { iterations: Some(iterations), deadline: None }, cfg.exact_positions);
        exact::value_within(self, cfg, limits, &AtomicBool::new(false))
    }
    /// The last round's placing, solved exactly when it is small enough.
    fn solve_exactly(&self, cfg: &SearchConfig, stop: &AtomicBool, effort: Effort) -> Option<SearchResult> {
        exact::solve_within(self, cfg, exact::Limits::of(effort, cfg.exact_positions), stop, None)
    }
}

/// Win/draw/loss and score margin per seat of a finished game.
pub fn outcome(g: &Game) -> (Values, Values) {
    pavilion_core::search::outcome(g)
}

/// Moves the search considers: every legal move except some passes. A pass
/// differs from another only by the tiles it keeps. In the last round the
/// colours kept change nothing (no more placements), so one pass per keep size
/// remains, and the result is exact. Before that, the search keeps the passes
/// that keep as many tiles as allowed (each choice of colours), plus keeping
/// nothing: a discard costs its point now and a kept tile may cost it later,
/// so the other sizes only matter when the floor at 1 makes discards free, and
/// there keeping nothing is the extreme. The player still sees every pass.
pub fn tree_moves(g: &Game, out: &mut MoveList) {
    if g.phase() != Phase::Place || g.bonus_owed() > 0 {
        g.legal_moves(out);
        return;
    }
    // The placements, then the passes in `legal_moves` order (keeping nothing comes first).
    out.clear();
    g.gen_places(out);
    let keeps = KeepSets::of(&g.board(g.current_player()).hand);
    if g.round() == ROUNDS {
        // The first keep set of each size.
        let mut seen = 0u32;
        keeps.for_each(|keep| {
            let bit = 1 << keep.total();
            if seen & bit == 0 {
                seen |= bit;
                out.push(Move::Pass { keep });
            }
        });
    } else {
        let largest = keeps.largest();
        if largest > 0 {
            out.push(Move::Pass { keep: Tiles::EMPTY });
        }
        keeps.for_each_of_size(largest, |keep| out.push(Move::Pass { keep }));
    }
}

/// One-call search: exact when the endgame allows it, else MCTS with the given
/// budget. Once `stop` is set it returns at once with what it has.
pub fn search(
    g: &Game,
    cfg: SearchConfig,
    iterations: Option<u64>,
    time: Option<Duration>,
    stop: &AtomicBool,
) -> SearchResult {
    pavilion_core::search::search(g, cfg, iterations, time, stop)
}
