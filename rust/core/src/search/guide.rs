//! What a network tells a search: a position's value for every seat and a
//! prior per move, from the game's encoding (`Game::encode_position`,
//! `Game::encode_moves`).

use crate::game::{Game, Values};
use crate::net::Net;

/// Each seat's (win share, margin) as the network sees the position
/// (`Net::values`, whose seats are ordered from the mover, put back in the
/// game's seats).
pub fn value<G: Game>(net: &Net, g: &G) -> (Values, Values) {
    let mut position = Vec::new();
    g.encode_position(&mut position);
    let (n, mover) = (g.num_players(), g.current_player());
    let (wins, margins) = net.values(&position, n);
    let (mut wdl, mut margin) = ([0.0; crate::game::MAX_PLAYERS], [0.0; crate::game::MAX_PLAYERS]);
    for k in 0..n {
        (wdl[(mover + k) % n], margin[(mover + k) % n]) = (wins[k], margins[k]);
    }
    (wdl, margin)
}

/// The network's probability for each of `moves` (legal at `g`).
pub fn priors<G: Game>(net: &Net, g: &G, moves: &[G::Move]) -> Vec<f32> {
    let (mut position, mut rows) = (Vec::new(), Vec::new());
    g.encode_position(&mut position);
    g.encode_moves(moves, &mut rows);
    net.priors(&position, &rows)
}

/// `share` of `rolled` beside the rest of `judged`, seat by seat (a win
/// share kept within 0..1, which the rounding of the blend could leave).
pub fn mix(judged: (Values, Values), rolled: (Values, Values), share: f64) -> (Values, Values) {
    let blend = |a: Values, b: Values| std::array::from_fn(|s| (1.0 - share) * a[s] + share * b[s]);
    (blend(judged.0, rolled.0).map(|w: f64| w.clamp(0.0, 1.0)), blend(judged.1, rolled.1))
}
