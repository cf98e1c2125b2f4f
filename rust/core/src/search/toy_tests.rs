//! The generic search on a game small enough to know the answer: Nim with one
//! heap, take 1 to 3, whoever takes the last stone wins. The positions to leave
//! the opponent are the multiples of 4.

use std::sync::atomic::AtomicBool;

use super::{outcome, search, SearchConfig};
use crate::game::Game;
use crate::rng::SplitMix64;

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Nim {
    pub heap: u32,
    pub to_move: usize,
}

impl Game for Nim {
    type Move = u32;
    type MoveList = Vec<u32>;

    fn num_players(&self) -> usize {
        2
    }
    fn current_player(&self) -> usize {
        self.to_move
    }
    fn is_over(&self) -> bool {
        self.heap == 0
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend((1..=3).filter(|&k| k <= self.heap));
    }
    fn is_legal(&self, m: &u32) -> bool {
        (1..=3).contains(m) && *m <= self.heap
    }
    fn play_unchecked(&mut self, m: &u32) {
        self.heap -= m;
        self.to_move = 1 - self.to_move;
    }
    fn random_move(&self, rng: &mut SplitMix64, _scratch: &mut Vec<u32>) -> u32 {
        1 + rng.below(self.heap.min(3))
    }
    fn redraw_hidden(&mut self, _seed: u64) {}
    /// The player who took the last stone (the one not to move) wins.
    fn standing(&self, seat: usize) -> (i64, i64) {
        (i64::from(seat != self.to_move), 0)
    }
    fn greedy_value(&self, m: &u32) -> f64 {
        f64::from(*m)
    }
}

/// A search with uniform rollouts (the toy game has no informed one).
fn uniform(seed: u64, threads: usize, parallel: super::Parallel) -> SearchConfig {
    SearchConfig { seed, threads, parallel, rollout: super::RolloutKind::Uniform, ..SearchConfig::default() }
}

fn best(heap: u32, iterations: u64) -> u32 {
    let g = Nim { heap, to_move: 0 };
    let cfg = uniform(5, 1, super::Parallel::Root);
    search(&g, cfg, Some(iterations), None, &AtomicBool::new(false)).best().unwrap()
}

#[test]
fn the_search_finds_the_winning_take() {
    for heap in [5, 6, 7, 9, 10, 11, 13] {
        assert_eq!(best(heap, 4000), heap % 4, "heap {heap}");
    }
}

#[test]
fn win_rates_and_margins_are_the_mean_outcomes_of_each_move() {
    // Heap 5: taking 1 leaves the opponent a lost heap of 4, so the search's
    // mean outcome for it nears a win (1) and a margin of +1; every mean lies
    // between a loss and a win.
    let g = Nim { heap: 5, to_move: 0 };
    let r = search(&g, uniform(5, 1, super::Parallel::Root), Some(4000), None, &AtomicBool::new(false));
    let best = &r.moves[0];
    assert_eq!(best.mv, 1);
    assert!(best.win_rate > 0.8 && best.margin > 0.6, "{} {}", best.win_rate, best.margin);
    assert!(r.moves.iter().all(|m| (0.0..=1.0).contains(&m.win_rate) && (-1.0..=1.0).contains(&m.margin)));
    assert!(r.moves[1..].iter().all(|m| m.win_rate < best.win_rate));
}

#[test]
fn the_outcome_gives_the_winner_everything() {
    let g = Nim { heap: 0, to_move: 1 };
    let (wdl, margin) = outcome(&g);
    assert_eq!((&wdl[..2], &margin[..2]), (&[1.0, 0.0][..], &[1.0, -1.0][..]));
}

#[test]
fn agents_and_the_arena_play_any_game() {
    use crate::agents::{agent_from_spec, play_game};
    let mut agents = vec![agent_from_spec::<Nim>("greedy", 1).unwrap(), agent_from_spec::<Nim>("random", 2).unwrap()];
    let (end, moves) = play_game(Nim { heap: 21, to_move: 0 }, &mut agents, &AtomicBool::new(false)).unwrap();
    assert!(end.is_over() && moves >= 7);
    // Seats rotate game by game.
    let specs = ["mcts:iterations=2000,rollout=uniform".to_string(), "random".to_string()];
    let indices: Vec<u64> = (0..10).collect();
    let results =
        crate::arena::play_matches(&specs, &|_| Nim { heap: 9, to_move: 0 }, 3, &indices, 1, &AtomicBool::new(false))
            .unwrap();
    // From 9 the first player wins with perfect play: mcts moving first wins every game.
    for r in results.iter().filter(|r| r.seats[0] == 0) {
        assert_eq!(r.winners, vec![0], "{r:?}");
    }
}

/// Nim whose move set the tree may check by a key (it never changes by chance).
#[derive(Clone, Debug, PartialEq)]
struct KeyedNim(Nim);

impl Game for KeyedNim {
    type Move = u32;
    type MoveList = Vec<u32>;

    fn num_players(&self) -> usize {
        2
    }
    fn current_player(&self) -> usize {
        self.0.current_player()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        self.0.legal_moves(out)
    }
    fn moves_key(&self) -> Option<u64> {
        Some(0)
    }
    fn is_legal(&self, m: &u32) -> bool {
        self.0.is_legal(m)
    }
    fn play_unchecked(&mut self, m: &u32) {
        self.0.play_unchecked(m)
    }
    fn random_move(&self, rng: &mut SplitMix64, scratch: &mut Vec<u32>) -> u32 {
        self.0.random_move(rng, scratch)
    }
    fn redraw_hidden(&mut self, _seed: u64) {}
    fn standing(&self, seat: usize) -> (i64, i64) {
        self.0.standing(seat)
    }
    fn greedy_value(&self, m: &u32) -> f64 {
        self.0.greedy_value(m)
    }
}

#[test]
fn a_moves_key_saves_listing_moves_but_never_changes_what_the_search_finds() {
    use super::Searcher;
    let cfg = uniform(3, 1, super::Parallel::Root);
    let stop = AtomicBool::new(false);
    let mut eager = Searcher::new(&Nim { heap: 30, to_move: 0 }, cfg.clone());
    let mut lazy = Searcher::new(&KeyedNim(Nim { heap: 30, to_move: 0 }), cfg);
    eager.run(Some(3000), None, &stop);
    lazy.run(Some(3000), None, &stop);
    let (a, b) = (eager.result(3), lazy.result(3));
    let stats = |r: &super::SearchResult<u32>| -> Vec<_> {
        r.moves.iter().map(|m| (m.mv, m.visits, m.win_rate, m.pv.clone())).collect()
    };
    assert_eq!(stats(&a), stats(&b));
    assert_eq!(a.nodes, b.nodes);
    // The same nodes, but only those a walk came back to have their edges listed.
    assert!(lazy.memory_bytes() < eager.memory_bytes(), "{} vs {}", lazy.memory_bytes(), eager.memory_bytes());
}

#[test]
fn a_search_among_given_moves_ranks_only_those() {
    use super::Searcher;
    // From 7 the winning take is 3 (leaving 4); the search is asked about 1 and 3 only.
    let cfg = uniform(2, 1, super::Parallel::Root);
    let mut s = Searcher::among(&Nim { heap: 7, to_move: 0 }, cfg, &[1, 3]);
    s.run(Some(2000), None, &AtomicBool::new(false));
    let r = s.result(4);
    let mut moves: Vec<u32> = r.moves.iter().map(|m| m.mv).collect();
    assert_eq!(r.best(), Some(3));
    moves.sort();
    assert_eq!(moves, [1, 3]);
    assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 2000);
}

#[test]
fn a_time_budget_searches_until_the_time_is_up() {
    use super::Searcher;
    use std::time::{Duration, Instant};
    let cfg = uniform(4, 1, super::Parallel::Root);
    let mut s = Searcher::new(&Nim { heap: 200, to_move: 0 }, cfg);
    let start = Instant::now();
    s.run(None, Some(Duration::from_millis(40)), &AtomicBool::new(false));
    assert!(start.elapsed() >= Duration::from_millis(40), "stopped after {:?}", start.elapsed());
    assert!(s.iterations() > 16, "it stopped at the first look at the clock");
    // A set stop flag ends it at once, whatever the budget.
    let stop = AtomicBool::new(true);
    let before = s.iterations();
    s.run(None, Some(Duration::from_secs(60)), &stop);
    assert_eq!(s.iterations(), before);
}

#[test]
fn root_parallel_threads_share_the_iterations_one_tree_each() {
    use super::{Parallel, Searcher};
    let cfg = uniform(5, 2, Parallel::Root);
    let mut s = Searcher::new(&Nim { heap: 30, to_move: 0 }, cfg.clone());
    s.run(Some(1001), None, &AtomicBool::new(false));
    let per_tree: Vec<u64> = s.trees.iter().map(|t| t.iterations).collect();
    assert_eq!(per_tree, [501, 500]);
    assert_eq!(s.result(1).moves.iter().map(|m| m.visits).sum::<u64>(), 1001);
    // Each tree has its own seed, so trees given the same budget explore differently.
    let mut s = Searcher::new(&Nim { heap: 30, to_move: 0 }, cfg);
    s.run(Some(2000), None, &AtomicBool::new(false));
    let visits = |t: &super::Tree<Nim>| t.root_edges().iter().map(|e| e.visits).collect::<Vec<_>>();
    assert_eq!(s.trees.iter().map(|t| t.iterations).collect::<Vec<_>>(), [1000, 1000]);
    assert_ne!(visits(&s.trees[0]), visits(&s.trees[1]), "the trees searched alike");
}

#[test]
fn tree_parallelism_on_one_thread_is_the_plain_search() {
    use super::{Parallel, Searcher};
    let run = |parallel| {
        let cfg = uniform(8, 1, parallel);
        let mut s = Searcher::new(&Nim { heap: 25, to_move: 0 }, cfg);
        s.run(Some(1500), None, &AtomicBool::new(false));
        s.result(3).moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>()
    };
    assert_eq!(run(Parallel::Tree), run(Parallel::Root));
}

#[test]
fn tree_parallel_threads_stop_at_the_shared_budget() {
    use super::{Parallel, Searcher};
    let cfg = uniform(6, 2, Parallel::Tree);
    let mut s = Searcher::new(&Nim { heap: 40, to_move: 0 }, cfg);
    s.run(Some(777), None, &AtomicBool::new(false));
    assert_eq!(s.iterations(), 777);
    assert_eq!(s.result(3).moves.iter().map(|m| m.visits).sum::<u64>(), 777);
}

#[test]
fn tree_parallel_threads_search_until_the_time_is_up() {
    use super::{Parallel, Searcher};
    use std::time::{Duration, Instant};
    let cfg = uniform(6, 2, Parallel::Tree);
    let mut s = Searcher::new(&Nim { heap: 200, to_move: 0 }, cfg);
    let start = Instant::now();
    s.run(None, Some(Duration::from_millis(40)), &AtomicBool::new(false));
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(40) && took < Duration::from_secs(20), "stopped after {took:?}");
    assert!(s.iterations() > 32, "it stopped at the first look at the clock");
}

#[test]
fn the_bench_workload_is_a_search_seeded_1_on_the_threads_asked() {
    use super::{bench_iterations, Searcher};
    let g = Nim { heap: 30, to_move: 0 };
    for threads in [1, 2] {
        let cfg = uniform(1, threads, super::Parallel::Root);
        let mut s = Searcher::new(&g, cfg);
        s.run(Some(600), None, &AtomicBool::new(false));
        let r = s.result(1);
        let want = (r.nodes as u64, r.moves[0].visits);
        assert_eq!(bench_iterations(&g, 600, threads, super::RolloutKind::Uniform), want, "{threads} thread(s)");
    }
}
