//! Baseline agents: uniformly random, and greedy (best immediate points).

use std::time::Duration;

use crate::moves::{Move, MoveList, Source};
use crate::search::{search, SearchConfig};
use crate::rng::SplitMix64;
use crate::state::Game;
use crate::tiles::{Colour, Tiles};

/// Anything that picks a move for the player to move.
pub trait Agent {
    /// A legal move; `None` only when the game is over.
    fn choose(&mut self, g: &Game) -> Option<Move>;
}

pub struct RandomAgent {
    rng: SplitMix64,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: SplitMix64::new(seed) }
    }
}

impl Agent for RandomAgent {
    fn choose(&mut self, g: &Game) -> Option<Move> {
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        Some(moves[self.rng.below(moves.len() as u32) as usize])
    }
}

/// Takes the move with the best immediate value; ties broken at random (seeded).
///
/// Drafts: tiles gained, less the centre penalty. Placements: points plus bonus
/// tiles, preferring real tiles over wilds. Passing only when nothing scores,
/// keeping the most plentiful colours. Bonus picks: colours already held most.
pub struct GreedyAgent {
    rng: SplitMix64,
}

impl GreedyAgent {
    pub fn new(seed: u64) -> Self {
        GreedyAgent { rng: SplitMix64::new(seed) }
    }
}

/// Immediate value of a move for the player to move, in (roughly) points.
pub fn greedy_value(g: &Game, m: &Move) -> f64 {
    let seat = g.current_player();
    let hand = g.player(seat).hand;
    let held = |t: &Tiles| -> f64 { Colour::ALL.iter().map(|&c| t.get(c) as f64 * hand.get(c) as f64).sum() };
    match *m {
        Move::Draft { source, colour } => {
            let taken = g.draft_take(source, colour).total();
            let penalty = if source == Source::Centre && g.start_token().is_none() {
                let s = g.player(seat).score;
                (s - crate::state::apply_penalty(s, taken)) as f64
            } else {
                0.0
            };
            taken as f64 - penalty
        }
        Move::Place { star, pos, wilds, .. } => {
            let out = g.place_outcome(star as usize, pos as usize);
            let bonus = out.bonus.min(g.supply().total());
            out.points as f64 + bonus as f64 - 0.1 * wilds as f64
        }
        Move::Bonus { take } => held(&take) * 0.01,
        Move::Pass { keep } => {
            let discarded = hand.total() - keep.total();
            -1.0 - discarded as f64 + held(&keep) * 0.001
        }
    }
}

impl Agent for GreedyAgent {
    fn choose(&mut self, g: &Game) -> Option<Move> {
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        let mut best: Option<Move> = None;
        let mut best_v = f64::NEG_INFINITY;
        let mut ties = 0;
        for m in moves.iter() {
            let v = greedy_value(g, m);
            if v > best_v + 1e-9 {
                best_v = v;
                best = Some(*m);
                ties = 1;
            } else if (v - best_v).abs() <= 1e-9 {
                // Reservoir sampling keeps a uniform choice among equals.
                ties += 1;
                if self.rng.below(ties) == 0 {
                    best = Some(*m);
                }
            }
        }
        best
    }
}

/// Monte-Carlo tree search with a fixed budget per move (exact in small endgames).
pub struct MctsAgent {
    pub cfg: SearchConfig,
    pub iterations: Option<u64>,
    pub time: Option<Duration>,
    moves_played: u64,
}

impl MctsAgent {
    pub fn new(cfg: SearchConfig, iterations: Option<u64>, time: Option<Duration>) -> Self {
        MctsAgent { cfg, iterations, time, moves_played: 0 }
    }
}

impl Agent for MctsAgent {
    fn choose(&mut self, g: &Game) -> Option<Move> {
        if g.is_over() {
            return None;
        }
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        if moves.len() == 1 {
            return Some(moves[0]);
        }
        // A fresh search seed per move, derived from the agent's seed.
        let mut cfg = self.cfg.clone();
        cfg.seed = cfg.seed.wrapping_add(self.moves_played.wrapping_mul(0xA24B_AED4_963E_E407));
        self.moves_played += 1;
        search(g, cfg, self.iterations, self.time).best()
    }
}

/// Plays one game between agents (seat i uses `agents[i]`); returns the finished game.
pub fn play_game(mut g: Game, agents: &mut [&mut dyn Agent]) -> Game {
    while let Some(m) = agents[g.current_player()].choose(&g) {
        g.play(&m).expect("agents only choose legal moves");
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Options;

    #[test]
    fn greedy_beats_random_clearly() {
        let mut wins = 0;
        for seed in 0..100u64 {
            let mut greedy = GreedyAgent::new(seed);
            let mut random = RandomAgent::new(seed);
            let seat = (seed % 2) as usize;
            let g = Game::new(Options::default(), seed);
            let g = if seat == 0 {
                play_game(g, &mut [&mut greedy, &mut random])
            } else {
                play_game(g, &mut [&mut random, &mut greedy])
            };
            if g.winners() == vec![seat] {
                wins += 1;
            }
        }
        assert!(wins >= 90, "greedy won only {wins} of 100");
    }
}
