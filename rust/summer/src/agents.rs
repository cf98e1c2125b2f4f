//! The agents for Summer Pavilion: the generic ones of `pavilion-core`
//! (random, greedy, mcts by spec) with this game's greedy judgement.

use std::sync::atomic::AtomicBool;

pub use pavilion_core::agents::{
    agent_spec_summary, Agent, GreedyAgent, MctsAgent, OptionRange, RandomAgent, SpecOption, AGENT_NAMES,
    DEFAULT_ITERATIONS, MAX_ITERATIONS, MAX_THREADS, MCTS_OPTIONS,
};

use crate::error::Error;
use crate::moves::Move;
use crate::state::Game;
use crate::tiles::{Colour, Tiles};

/// An agent for this game.
pub type BoxedAgent = Box<dyn Agent<Game> + Send + Sync>;

/// Builds an agent from its spec (see `pavilion_core::agents::agent_from_spec`).
pub fn agent_from_spec(spec: &str, seed: u64) -> Result<BoxedAgent, Error> {
    pavilion_core::agents::agent_from_spec::<Game>(spec, seed)
}

/// Plays a game to its end between agents: the finished game and the number of moves.
pub fn play_game(g: Game, agents: &mut [BoxedAgent], stop: &AtomicBool) -> Option<(Game, u32)> {
    pavilion_core::agents::play_game(g, agents, stop)
}

/// Immediate value of a move for the player to move, in (roughly) points.
pub fn greedy_value(g: &Game, m: &Move) -> f64 {
    let seat = g.current_player();
    let hand = g.board(seat).hand;
    let held = |t: &Tiles| -> f64 { Colour::ALL.iter().map(|&c| t.get(c) as f64 * hand.get(c) as f64).sum() };
    match *m {
        Move::Draft { source, colour } => {
            let taken = g.draft_take(source, colour).total();
            taken as f64 - g.draft_penalty(source, taken) as f64
        }
        Move::Place { space, wilds, .. } => g.place_gain(space) as f64 - 0.1 * wilds as f64,
        Move::Bonus { take } => held(&take) * 0.01,
        Move::Pass { keep } => {
            let discarded = hand.total() - keep.total();
            -1.0 - discarded as f64 + held(&keep) * 0.001
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Options;

    #[test]
    fn greedy_beats_random_clearly() {
        let mut wins = 0;
        for seed in 0..100u64 {
            let greedy: BoxedAgent = Box::new(GreedyAgent::new(seed));
            let random: BoxedAgent = Box::new(RandomAgent::new(seed));
            let seat = (seed % 2) as usize;
            let g = Game::new(Options::default(), seed);
            let never = AtomicBool::new(false);
            let mut agents = if seat == 0 { [greedy, random] } else { [random, greedy] };
            let (g, _) = play_game(g, &mut agents, &never).expect("never stopped");
            if g.winners() == vec![seat] {
                wins += 1;
            }
        }
        assert!(wins >= 90, "greedy won only {wins} of 100");
    }
}
