//! Self-play for any game: one searching agent (`mcts[:options]`) in every
//! seat, recording at each decision what its search thought of each move, as
//! training data for learning agents.
//!
//! The seats are seeded as in the arena ([`crate::arena::play_match`]), so a
//! self-play game that plays the search's best move throughout is the arena
//! game of the same spec, seed and index, move for move.

use std::sync::atomic::AtomicBool;

use crate::agents::{mcts_agent_from_spec, Thought};
use crate::error::Error;
use crate::game::Game;
use crate::rng::SplitMix64;
use crate::search::{outcome, SearchResult};

/// The most moves a game may take (a few hundred is the most any rules give);
/// reaching it means the rules stopped advancing.
const MAX_MOVES: u32 = 10_000;

/// The most decisions a game may draw from the search's probabilities: any
/// more would be more than a game has.
pub const MAX_SAMPLE_MOVES: u32 = MAX_MOVES;

/// Sets apart the stream that samples moves from the agents' search seeds.
const SAMPLING_SALT: u64 = 0x5E1F_91A7_0000_0001;

/// Sets apart the stream that draws which decisions search in full.
const FULL_SALT: u64 = 0xF011_5EA2_C400_0002;

/// Playout-cap randomisation (KataGo; Wu 2019): most decisions search with a
/// small budget, only to choose the move; a share of them, drawn decision by
/// decision, search with the agent's own budget, and only those make policy
/// targets. A game costs a fraction of a full one, so the value, which learns
/// from games' results, sees several times the games for the same compute,
/// and the policy still learns from full searches only.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FastSearches {
    /// The iterations of a fast search (at most the agent's own).
    pub iterations: u64,
    /// The probability that a decision searches in full (above 0, at most 1).
    pub full_share: f64,
}

impl FastSearches {
    pub fn new(iterations: u64, full_share: f64) -> Result<FastSearches, Error> {
        if iterations == 0 {
            return Err(Error::InvalidOptions("a fast search has at least 1 iteration".into()));
        }
        if !(full_share > 0.0 && full_share <= 1.0) {
            return Err(Error::InvalidOptions(format!(
                "the share of full searches is above 0 and at most 1, not {full_share}"
            )));
        }
        Ok(FastSearches { iterations, full_share })
    }
}

/// The share of decisions searched in full unless told otherwise (KataGo's choice).
pub const DEFAULT_FULL_SHARE: f64 = 0.25;

/// How a self-play game picks its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Playing {
    /// The decisions at the start of each game that play a move drawn from
    /// the search's probabilities (the rest play its best).
    pub sample_moves: u32,
    /// Where given, most decisions search fast ([`FastSearches`]); else every
    /// decision searches with the agent's budget.
    pub fast: Option<FastSearches>,
}

/// One decision, as the recorder sees it (before the move is played).
pub struct Decision<'a, M> {
    /// The decision's number in the game, from 0.
    pub ply: u32,
    pub to_move: usize,
    /// The move played.
    pub played: M,
    /// The search's probability for each move it weighed (summing to 1); moves
    /// left out have probability 0.
    pub policy: &'a [(M, f32)],
    /// The search's win share for the mover (`value_of`); `None` where one
    /// legal move left nothing to search.
    pub value: Option<f64>,
    /// Whether the search had the agent's whole budget (always, without
    /// [`FastSearches`]): only such a decision's policy is a training target.
    pub full: bool,
}

/// A finished self-play game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelfPlayGame {
    pub index: u64,
    /// Each seat's final score.
    pub scores: Vec<i64>,
    /// Each seat's share of the win: 1, 1/k for a k-way tie, 0 for a loss.
    pub returns: Vec<f64>,
    pub moves: u32,
}

/// The move probabilities a search result stands for: the visit shares of an
/// MCTS; for an exact solve (whose counts measure work, not preference) the
/// moves proven best share it equally.
pub fn policy_of<M: Copy>(r: &SearchResult<M>) -> Vec<(M, f32)> {
    let Some(best) = r.moves.first() else { return Vec::new() };
    let total: u64 = r.moves.iter().map(|m| m.visits).sum();
    if r.exact || total == 0 {
        let tied: Vec<M> =
            r.moves.iter().filter(|m| m.win_rate == best.win_rate && m.margin == best.margin).map(|m| m.mv).collect();
        let p = 1.0 / tied.len() as f32;
        return tied.into_iter().map(|mv| (mv, p)).collect();
    }
    r.moves.iter().map(|m| (m.mv, (m.visits as f64 / total as f64) as f32)).collect()
}

/// The search's estimate of the mover's win share: the win rate of the move
/// it chose (the most visited; for an exact solve, the best), rather than the
/// root's average, which the exploration of poor moves drags down. `None` when
/// that move was not evaluated. A training target with less noise than the
/// game's one result.
pub fn value_of<M>(r: &SearchResult<M>) -> Option<f64> {
    r.moves.first().and_then(|m| m.win_rate)
}

/// A move drawn with the policy's probabilities.
fn sample<M: Copy>(policy: &[(M, f32)], rng: &mut SplitMix64) -> M {
    // 53 random bits: a uniform number in [0, 1).
    let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    for &(mv, p) in policy {
        x -= f64::from(p);
        if x < 0.0 {
            return mv;
        }
    }
    // Rounding can leave a sliver past the last move: give it to the last move that can be drawn.
    policy.iter().rev().find(|(_, p)| *p > 0.0).expect("a policy has a move of positive probability").0
}

/// Plays game number `index` (the game `new_game(seed + index)`) with the agent
/// `spec` in every seat, calling `record` at each decision before its move is
/// played. The first `playing.sample_moves` decisions play a move drawn from the
/// search's probabilities (seeded by the game), the rest the search's best;
/// with `playing.fast`, most decisions search fast (drawn, seeded by the game).
/// `Ok(None)` once `stop` is set.
pub fn selfplay_game<G: Game>(
    spec: &str,
    new_game: &(dyn Fn(u64) -> G + Sync),
    seed: u64,
    index: u64,
    playing: Playing,
    stop: &AtomicBool,
    record: &mut dyn FnMut(&G, &Decision<'_, G::Move>),
) -> Result<Option<SelfPlayGame>, Error> {
    let game_seed = seed.wrapping_add(index);
    let mut g = new_game(game_seed);
    let players = g.num_players();
    let mut agents = (0..players)
        .map(|s| mcts_agent_from_spec::<G>(spec, game_seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut rng = SplitMix64::new(game_seed ^ SAMPLING_SALT);
    let mut full_draws = SplitMix64::new(game_seed ^ FULL_SALT);
    let mut ply = 0;
    while !g.is_over() {
        let to_move = g.current_player();
        let agent = &mut agents[to_move];
        let own = agent.iterations;
        let full = playing.fast.is_none_or(|fast| {
            // 53 random bits: a uniform number in [0, 1).
            let full = ((full_draws.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < fast.full_share;
            if !full {
                agent.iterations = Some(own.map_or(fast.iterations, |own| own.min(fast.iterations)));
            }
            full
        });
        let thought = agent.think(&g, stop).expect("a running game has a move");
        agent.iterations = own;
        let (policy, value) = match thought {
            Thought::Only(m) => (vec![(m, 1.0)], None),
            Thought::Searched(result) => (policy_of(&result), value_of(&result)),
        };
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(None);
        }
        // `policy_of` lists the search's best move first.
        let played = if ply < playing.sample_moves { sample(&policy, &mut rng) } else { policy[0].0 };
        record(&g, &Decision { ply, to_move, played, policy: &policy, value, full });
        assert!(g.is_legal(&played), "the search weighs legal moves only");
        g.play_unchecked(&played);
        ply += 1;
        assert!(ply < MAX_MOVES, "a game did not end in {MAX_MOVES} moves");
    }
    let (wdl, _) = outcome(&g);
    Ok(Some(SelfPlayGame {
        index,
        scores: (0..players).map(|s| g.standing(s).0).collect(),
        returns: wdl[..players].to_vec(),
        moves: ply,
    }))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use super::*;
    use crate::arena::play_match;
    use crate::search::toy_tests::Nim;
    use crate::search::MoveStats;

    const SPEC: &str = "mcts:iterations=300,rollout=uniform";

    fn nim(seed: u64) -> Nim {
        Nim::at(9 + (seed % 7) as u32)
    }

    /// A decision as recorded: (to_move, played, policy).
    type Seen = (usize, u32, Vec<(u32, f32)>);

    #[test]
    fn a_decisions_value_is_the_searchs_win_share_for_the_mover() {
        // A Nim heap that is not a multiple of 4 wins for the mover; a long enough search sees it.
        const STRONG: &str = "mcts:iterations=5000,rollout=uniform";
        for index in 0..6 {
            let mut seen = Vec::new();
            selfplay_game(STRONG, &nim, 40, index, Playing::default(), &AtomicBool::new(false), &mut |g, d| {
                seen.push((g.heap, d.value));
            })
            .unwrap();
            assert!(seen.iter().any(|(_, v)| v.is_some()), "no decision recorded a value");
            for (heap, value) in seen.into_iter().filter_map(|(h, v)| Some((h, v?))) {
                assert_eq!(value > 0.5, heap % 4 != 0, "game {index}: heap {heap} valued {value}");
            }
        }
    }

    #[test]
    fn a_value_is_the_chosen_moves_win_rate() {
        let mut r = result(vec![stats(2, 30, 0.5, 1.0), stats(1, 10, 0.9, 0.0), stats(3, 0, 0.1, 0.0)]);
        assert_eq!(value_of(&r), Some(0.5));
        r.moves[0].win_rate = None;
        assert_eq!(value_of(&r), None);
        r.moves.clear();
        assert_eq!(value_of(&r), None);
    }

    /// Every decision of a self-play game.
    fn decisions(spec: &str, index: u64, sample_moves: u32) -> (SelfPlayGame, Vec<Seen>) {
        let mut seen = Vec::new();
        let playing = Playing { sample_moves, fast: None };
        let game = selfplay_game(spec, &nim, 40, index, playing, &AtomicBool::new(false), &mut |g, d| {
            assert!(d.full, "without fast searches every decision searches in full");
            assert_eq!(d.to_move, g.current_player());
            assert_eq!(d.ply as usize, seen.len());
            seen.push((d.to_move, d.played, d.policy.to_vec()));
        })
        .unwrap()
        .unwrap();
        (game, seen)
    }

    #[test]
    fn playing_the_best_move_throughout_is_the_arena_game() {
        for index in 0..6 {
            let (game, seen) = decisions(SPEC, index, 0);
            let arena = play_match(&[SPEC.to_string()], &nim, 40, index, &AtomicBool::new(false)).unwrap().unwrap();
            assert_eq!((game.moves, &game.scores), (arena.moves, &arena.scores), "game {index}");
            let winner = arena.winners[0];
            assert_eq!(game.returns[winner], 1.0);
            assert_eq!(game.returns.iter().sum::<f64>(), 1.0);
            // The best move is listed first and played.
            assert!(seen.iter().all(|(_, played, policy)| policy[0].0 == *played));
        }
    }

    #[test]
    fn each_decision_records_a_probability_for_each_legal_move_weighed() {
        let (game, seen) = decisions(SPEC, 3, 4);
        let mut g = nim(43);
        for (to_move, played, policy) in &seen {
            assert_eq!(*to_move, g.current_player());
            let sum: f32 = policy.iter().map(|(_, p)| p).sum();
            assert!((sum - 1.0).abs() < 1e-5, "probabilities sum to {sum}");
            assert!(policy.iter().all(|(m, p)| g.is_legal(m) && *p >= 0.0));
            assert!(policy.iter().any(|(m, p)| m == played && *p > 0.0));
            g.play_unchecked(played);
        }
        assert!(g.is_over());
        assert_eq!(seen.len() as u32, game.moves);
    }

    #[test]
    fn sampled_openings_differ_from_the_best_move_but_repeat_with_the_seed() {
        let best: Vec<_> = (0..8).map(|i| decisions(SPEC, i, 0).1).collect();
        let sampled: Vec<_> = (0..8).map(|i| decisions(SPEC, i, 3).1).collect();
        assert_ne!(best, sampled, "drawing the first 3 moves changed no game");
        assert_eq!(sampled, (0..8).map(|i| decisions(SPEC, i, 3).1).collect::<Vec<_>>());
    }

    #[test]
    fn moves_are_drawn_with_the_policy_probabilities() {
        let policy = [(1u32, 0.25f32), (2, 0.0), (3, 0.75)];
        let mut rng = SplitMix64::new(9);
        let mut counts = [0u32; 4];
        for _ in 0..20_000 {
            counts[sample(&policy, &mut rng) as usize] += 1;
        }
        assert_eq!(counts[2], 0, "a move of probability 0 was drawn");
        let share = f64::from(counts[1]) / 20_000.0;
        assert!((share - 0.25).abs() < 0.015, "drew the 0.25 move {share} of the time");
    }

    fn stats(mv: u32, visits: u64, win_rate: f64, margin: f64) -> MoveStats<u32> {
        MoveStats { mv, visits, win_rate: Some(win_rate), margin: Some(margin), pv: Vec::new() }
    }

    /// A search's result of 40 iterations over `moves`, not exact.
    fn result(moves: Vec<MoveStats<u32>>) -> SearchResult<u32> {
        SearchResult { moves, iterations: 40, elapsed: Duration::ZERO, exact: false, nodes: 3 }
    }

    #[test]
    fn a_policy_is_the_visit_shares_or_the_moves_proven_best() {
        let mut r = result(vec![stats(2, 30, 0.5, 1.0), stats(1, 10, 0.4, 0.0), stats(3, 0, 0.1, 0.0)]);
        assert_eq!(policy_of(&r), vec![(2, 0.75), (1, 0.25), (3, 0.0)]);
        // Exact: visit counts are work done; the two moves worth 1.0 share it.
        r.exact = true;
        r.moves = vec![stats(1, 5, 1.0, 3.0), stats(3, 90, 1.0, 3.0), stats(2, 50, 1.0, 2.0)];
        assert_eq!(policy_of(&r), vec![(1, 0.5), (3, 0.5)]);
    }

    #[test]
    fn only_a_searching_agent_can_self_play() {
        for (spec, why) in [
            ("greedy", "needs a searching agent"),
            ("random", "needs a searching agent"),
            ("alphazero", "unknown agent"),
            ("mcts:iterations=0", "iterations"),
        ] {
            let e = selfplay_game(spec, &nim, 0, 0, Playing::default(), &AtomicBool::new(false), &mut |_, _| {})
                .unwrap_err();
            assert!(e.to_string().contains(why), "{spec}: {e}");
        }
    }

    #[test]
    fn a_stopped_game_records_nothing_more() {
        let mut calls = 0;
        let r = selfplay_game(SPEC, &nim, 0, 0, Playing::default(), &AtomicBool::new(true), &mut |_, _| calls += 1)
            .unwrap();
        assert_eq!((r, calls), (None, 0));
    }

    /// Each searched decision of game `index` with fast searches: (full, its policy's shares).
    fn capped(fast: FastSearches, index: u64) -> Vec<(bool, Vec<f32>)> {
        const BIG: &str = "mcts:iterations=2000,rollout=uniform";
        let mut seen = Vec::new();
        let playing = Playing { sample_moves: 0, fast: Some(fast) };
        let heap = |s| Nim::at(30 + (s % 7) as u32);
        selfplay_game(BIG, &heap, 40, index, playing, &AtomicBool::new(false), &mut |_, d| {
            if d.value.is_some() {
                seen.push((d.full, d.policy.iter().map(|(_, p)| *p).collect()));
            }
        })
        .unwrap()
        .unwrap();
        seen
    }

    #[test]
    fn fast_searches_are_drawn_at_the_share_asked_and_repeat_with_the_seed() {
        let fast = FastSearches::new(20, 0.25).unwrap();
        let all: Vec<bool> = (0..12).flat_map(|i| capped(fast, i)).map(|(full, _)| full).collect();
        let share = all.iter().filter(|f| **f).count() as f64 / all.len() as f64;
        assert!(all.len() > 100 && (share - 0.25).abs() < 0.1, "{} decisions, {share} in full", all.len());
        assert_eq!(capped(fast, 3), capped(fast, 3));
        // Every decision in full at a share of 1.
        let whole = FastSearches::new(20, 1.0).unwrap();
        assert!(capped(whole, 3).iter().all(|(full, _)| *full));
    }

    #[test]
    fn a_fast_search_runs_its_own_budget_and_a_full_one_the_agents() {
        // A policy is visit shares: a search of 20 iterations gives shares in twentieths only.
        let twentieths = |policy: &[f32]| policy.iter().all(|p| ((p * 20.0) - (p * 20.0).round()).abs() < 1e-3);
        let seen: Vec<_> = (0..6).flat_map(|i| capped(FastSearches::new(20, 0.5).unwrap(), i)).collect();
        assert!(seen.iter().filter(|(full, _)| !full).all(|(_, p)| twentieths(p)));
        let full: Vec<_> = seen.iter().filter(|(full, _)| *full).collect();
        assert!(!full.is_empty() && full.iter().filter(|(_, p)| !twentieths(p)).count() * 2 > full.len());
    }

    #[test]
    fn fast_searches_need_an_iteration_and_a_share_of_full_ones() {
        for (iterations, share, why) in [
            (0, 0.5, "at least 1 iteration"),
            (10, 0.0, "above 0 and at most 1"),
            (10, 1.5, "above 0 and at most 1"),
            (10, f64::NAN, "above 0 and at most 1"),
        ] {
            let e = FastSearches::new(iterations, share).unwrap_err().to_string();
            assert!(e.contains(why), "{iterations} {share}: {e}");
        }
    }
}
