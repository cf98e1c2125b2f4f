//! What a search needs from a game, and nothing more (in the spirit of
//! OpenSpiel's `State` API): players, whose turn, legal moves into a reusable
//! buffer, play, the end and who stands where, a fast random move, and a
//! re-draw of what no player has seen. A game may also offer the moves worth
//! searching (pruning moves it can prove are never better) and a rollout that
//! plays better than at random; the search never knows which game it plays.

use std::sync::atomic::AtomicBool;

use crate::net::EncodingInfo;
use crate::rng::SplitMix64;
use crate::search::policy::{Rollout, UniformRollout};
use crate::search::{Effort, SearchConfig, SearchResult};

/// Most players any pavilion game seats.
pub const MAX_PLAYERS: usize = 4;

/// One value per seat, padded to [`MAX_PLAYERS`].
pub type Values = [f64; MAX_PLAYERS];

pub trait Game: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + std::hash::Hash + std::fmt::Debug + std::fmt::Display + Send + Sync;
    /// A move buffer a search keeps and refills.
    type MoveList: Default + std::ops::Deref<Target = [Self::Move]> + Send;

    fn num_players(&self) -> usize;
    fn current_player(&self) -> usize;
    fn is_over(&self) -> bool;
    /// Every legal move now (none once the game is over).
    fn legal_moves(&self, out: &mut Self::MoveList);
    /// The moves a search tree considers: by default every legal move; a game may
    /// leave out moves it can prove are never better than one it keeps.
    fn search_moves(&self, out: &mut Self::MoveList) {
        self.legal_moves(out)
    }
    /// A cheap key for the move set, where the game has one: two positions
    /// reached by the same moves from one search root have the same
    /// `search_moves` exactly when their keys agree (chance can change the
    /// moves only through what the key covers). With a key the tree checks
    /// chance without listing moves, and lists a node's moves only when a walk
    /// comes back to it; without one it lists them at every step.
    fn moves_key(&self) -> Option<u64> {
        None
    }
    /// Whether a move is legal now (the game's own check, independent of `legal_moves`).
    fn is_legal(&self, m: &Self::Move) -> bool;
    /// Plays a move known to be legal.
    fn play_unchecked(&mut self, m: &Self::Move);
    /// A legal move drawn uniformly, of a game that is not over (`scratch` is a buffer it may use).
    fn random_move(&self, rng: &mut SplitMix64, scratch: &mut Self::MoveList) -> Self::Move;
    /// Where the game stands in its hidden future, when it can tell: a value
    /// that changes exactly when a move reveals something no player had seen
    /// (a draw from a bag, a stack turned up). Between such moves a position
    /// follows from the search root's public position and the moves alone, so
    /// a search can prove values there (MCTS-Solver). `None` (the default):
    /// the game cannot tell, and the search proves nothing from move to move.
    fn hidden_cursor(&self) -> Option<u64> {
        None
    }
    /// Where the game stands among its stages (its rounds): a value that
    /// changes exactly when a stage ends. A search whose network judges at
    /// the stage's end (`horizon=stage`) plays each leaf's rollout until it
    /// changes. `None` (the default): the game has no stages, and the
    /// network judges the leaf itself.
    fn stage(&self) -> Option<u64> {
        None
    }
    /// Replaces what no player has seen (a bag's order, face-down stacks) with a
    /// draw from `seed`, leaving everything visible as it is.
    fn redraw_hidden(&mut self, seed: u64);
    /// A seat's standing once the game is over: its score, then its tie-break
    /// (higher is better on both; equal on both is a shared win).
    fn standing(&self, seat: usize) -> (i64, i64);
    /// The immediate value of a legal move for the player to move, in (roughly)
    /// points: what the greedy agent maximises.
    fn greedy_value(&self, m: &Self::Move) -> f64;
    /// How much a search should try a move first (higher first), when the game
    /// asks for progressive widening; a cheap judgement, called at every
    /// expansion. The greedy value unless the game has a cheaper one.
    fn move_prior(&self, m: &Self::Move) -> f64 {
        self.greedy_value(m)
    }
    /// Progressive widening for games with many moves: `Some((c, alpha))` lets
    /// a node consider only its `ceil(c · (visits + 1)^alpha)` best-prior moves.
    /// `None` (the default) considers every move from the start.
    fn widening() -> Option<(f64, f64)> {
        None
    }
    /// With a network judging the leaves and this game's widening: the walks
    /// at which a node orders the moves it has not opened yet by the
    /// network's value of the position after each (`SearchConfig::rerank`),
    /// where the spec gives none. 0 (the default): never, the game's own
    /// order stands.
    fn net_rerank() -> u32 {
        0
    }
    /// What a network reads of this game (`crate::net`), where it has an
    /// encoding; `None`: no network can guide its search.
    fn encoding() -> Option<EncodingInfo> {
        None
    }
    /// The network shipped with the game (`net=default`) for games of
    /// `players` seats, read once: the one that learned from games of that
    /// many players where one ships, else the game's first network (which
    /// [`default_net_players`] does not count); `None` where no network ships.
    fn default_net(_players: usize) -> Option<std::sync::Arc<crate::net::Net>> {
        None
    }
    /// The position's features from the mover's view, into `out` (cleared first).
    fn encode_position(&self, _out: &mut Vec<f32>) {}
    /// One row of features per move of `moves` (legal now), appended to `out`.
    fn encode_moves(&self, _moves: &[Self::Move], _out: &mut Vec<f32>) {}
    /// The board's features lit, by index below the encoding's
    /// `board_features`, each as often as it counts (a run of equal indices),
    /// from the mover's view, into `out` (cleared first; left empty where the
    /// game has none).
    fn encode_board(&self, out: &mut Vec<u32>) {
        out.clear();
    }
    /// The rollout a search plays when asked for an informed one (uniform unless
    /// the game has a better one).
    fn informed_rollout() -> &'static dyn Rollout<Self> {
        &UniformRollout
    }
    /// The rollout a search plays when asked for a noisy one: a game's
    /// earlier informed rollout, kept to measure against (the informed one
    /// unless the game keeps another).
    fn noisy_rollout() -> &'static dyn Rollout<Self> {
        Self::informed_rollout()
    }
    /// A hash of what every player sees of this position (not the hidden
    /// order of a bag or a stack): equal keys, equal public positions. A
    /// search stores exact values under it. `None`: the game has none.
    fn public_key(&self) -> Option<u64> {
        None
    }
    /// This position's exact value, each seat's (win share, score margin)
    /// under best play with chance weighed by its odds (reading nothing
    /// hidden), when the game can find it in about the work of `iterations`
    /// MCTS iterations; `None` otherwise, and at once where it has no solver
    /// for the position. A search uses it in place of a rollout.
    fn exact_value(&self, _cfg: &SearchConfig, _iterations: u64) -> Option<(Values, Values)> {
        None
    }
    /// The rest of the game solved exactly, when this game knows how (a small
    /// endgame, say) within `effort` (no more work than the search it would
    /// replace); `None` sends the search to MCTS.
    fn solve_exactly(
        &self,
        _cfg: &SearchConfig,
        _stop: &AtomicBool,
        _effort: Effort,
    ) -> Option<SearchResult<Self::Move>> {
        None
    }
}

/// The player counts for which the game ships a network (`net=default`)
/// that learned from games of that many players, as its manifest says.
pub fn default_net_players<G: Game>() -> Vec<usize> {
    (1..=MAX_PLAYERS).filter(|&p| G::default_net(p).and_then(|net| net.info.players()) == Some(p)).collect()
}
