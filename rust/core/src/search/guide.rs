//! What a network tells a search: a position's value for every seat and a
//! prior per move, from the game's encoding (`Game::encode_position`,
//! `Game::encode_moves`, and `Game::encode_board` for a network that sees
//! the board).

use crate::game::{Game, Values};
use crate::net::Net;

/// Each seat's (win share, margin) as the network sees the position
/// (`Net::values`, whose seats are ordered from the mover, put back in the
/// game's seats).
pub fn value<G: Game>(net: &Net, g: &G) -> (Values, Values) {
    let (position, board) = inputs(net, g);
    let (wins, margins) = net.values_seeing(&position, &board, g.num_players());
    in_seats(g, wins, margins)
}

/// Values positions near one another, as [`value`] does: the positions after
/// each of a node's moves, for a rerank. The first is valued afresh and
/// anchors the rest, whose first layer adds only the rows of the features
/// where they differ from it ([`Net::values_near`]).
pub struct Siblings<'a> {
    net: &'a Net,
    anchor: Option<crate::net::Anchor>,
}

impl<'a> Siblings<'a> {
    pub fn new(net: &'a Net) -> Siblings<'a> {
        Siblings { net, anchor: None }
    }

    /// [`value`] of `g`, from the anchor where there is one.
    pub fn value<G: Game>(&mut self, g: &G) -> (Values, Values) {
        let (position, board) = inputs(self.net, g);
        let anchor = self.anchor.get_or_insert_with(|| self.net.anchor(&position));
        let (wins, margins) = self.net.values_near(anchor, &position, &board, g.num_players());
        in_seats(g, wins, margins)
    }
}

/// Values whose seats are ordered from `g`'s mover, put back in the game's seats.
fn in_seats<G: Game>(g: &G, wins: Values, margins: Values) -> (Values, Values) {
    let (n, mover) = (g.num_players(), g.current_player());
    let (mut wdl, mut margin) = ([0.0; crate::game::MAX_PLAYERS], [0.0; crate::game::MAX_PLAYERS]);
    for k in 0..n {
        (wdl[(mover + k) % n], margin[(mover + k) % n]) = (wins[k], margins[k]);
    }
    (wdl, margin)
}

/// The network's probability for each of `moves` (legal at `g`).
pub fn priors<G: Game>(net: &Net, g: &G, moves: &[G::Move]) -> Vec<f32> {
    let (position, board) = inputs(net, g);
    let mut rows = Vec::new();
    g.encode_moves(moves, &mut rows);
    net.priors_seeing(&position, &board, &rows)
}

/// The position's features, and its board's where the network sees the board.
fn inputs<G: Game>(net: &Net, g: &G) -> (Vec<f32>, Vec<u32>) {
    let (mut position, mut board) = (Vec::new(), Vec::new());
    g.encode_position(&mut position);
    if net.info.board_features > 0 {
        g.encode_board(&mut board);
    }
    (position, board)
}

/// `share` of `rolled` beside the rest of `judged`, seat by seat (a win
/// share kept within 0..1, which the rounding of the blend could leave).
pub fn mix(judged: (Values, Values), rolled: (Values, Values), share: f64) -> (Values, Values) {
    let blend = |a: Values, b: Values| std::array::from_fn(|s| (1.0 - share) * a[s] + share * b[s]);
    (blend(judged.0, rolled.0).map(|w: f64| w.clamp(0.0, 1.0)), blend(judged.1, rolled.1))
}
