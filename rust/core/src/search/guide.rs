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
    let (n, mover) = (g.num_players(), g.current_player());
    let (wins, margins) = net.values_seeing(&position, &board, n);
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
