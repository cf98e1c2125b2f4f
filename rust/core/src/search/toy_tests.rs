//! The generic search on a game small enough to know the answer: Nim with one
//! heap, take 1 to 3, whoever takes the last stone wins. The positions to leave
//! the opponent are the multiples of 4.
//!
//! Nim draws nothing hidden, but by default it does not say so
//! (`Game::hidden_cursor`), so these tests see the search without proofs;
//! `Hidden::Never` says so and lets the tree prove values, and
//! `Hidden::EveryMove` claims a hidden draw at every move.

use std::sync::atomic::AtomicBool;

use super::{outcome, search, SearchConfig};
use crate::game::Game;
use crate::rng::SplitMix64;

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Nim {
    pub heap: u32,
    pub to_move: usize,
    pub hidden: Hidden,
    /// The winner's score (the loser scores 0), times the stones of the
    /// last take when `by_last_take`.
    pub stake: i64,
    pub by_last_take: bool,
    pub last_take: u32,
}

/// What a toy Nim tells a search of its hidden draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Hidden {
    Untold,
    Never,
    EveryMove,
}

impl Nim {
    /// A heap of `heap` stones, the first player to move, its draws untold.
    pub fn at(heap: u32) -> Nim {
        Nim { heap, to_move: 0, hidden: Hidden::Untold, stake: 1, by_last_take: false, last_take: 0 }
    }

    /// A heap whose game says `hidden` of its draws and whose winner scores `stake`.
    pub(crate) fn telling(heap: u32, hidden: Hidden, stake: i64) -> Nim {
        Nim { hidden, stake, ..Nim::at(heap) }
    }
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
        self.last_take = *m;
        self.to_move = 1 - self.to_move;
    }
    fn random_move(&self, rng: &mut SplitMix64, _scratch: &mut Vec<u32>) -> u32 {
        1 + rng.below(self.heap.min(3))
    }
    fn hidden_cursor(&self) -> Option<u64> {
        match self.hidden {
            Hidden::Untold => None,
            Hidden::Never => Some(0),
            Hidden::EveryMove => Some(u64::from(self.heap)),
        }
    }
    fn redraw_hidden(&mut self, _seed: u64) {}
    /// For `horizon=stage`: a stage is a run of ten stones (heaps 10 to 19, 20 to 29, ...).
    fn stage(&self) -> Option<u64> {
        Some(u64::from(self.heap / 10))
    }
    /// The player who took the last stone (the one not to move) wins.
    fn standing(&self, seat: usize) -> (i64, i64) {
        let points = if self.by_last_take { self.stake * i64::from(self.last_take) } else { self.stake };
        (if seat != self.to_move { points } else { 0 }, 0)
    }
    fn greedy_value(&self, m: &u32) -> f64 {
        f64::from(*m)
    }
    /// For the guided-search tests: the heap and the mover; each take one-hot.
    fn encoding() -> Option<crate::net::EncodingInfo> {
        Some(crate::net::EncodingInfo {
            game: "nim",
            version: 1,
            position_features: 2,
            move_features: 3,
            board_features: 0,
            board_seats: 0,
            prefixes: &[],
        })
    }
    fn encode_position(&self, out: &mut Vec<f32>) {
        out.clear();
        out.extend([self.heap as f32 / 20.0, self.to_move as f32]);
    }
    fn encode_moves(&self, moves: &[u32], out: &mut Vec<f32>) {
        for &m in moves {
            out.extend((1..=3).map(|take| f32::from(u8::from(take == m))));
        }
    }
}

/// A search with uniform rollouts (the toy game has no informed one).
fn uniform(seed: u64, threads: usize, parallel: super::Parallel) -> SearchConfig {
    SearchConfig { seed, threads, parallel, rollout: super::RolloutKind::Uniform, ..SearchConfig::default() }
}

fn best(heap: u32, iterations: u64) -> u32 {
    let g = Nim::at(heap);
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
    let g = Nim::at(5);
    let r = search(&g, uniform(5, 1, super::Parallel::Root), Some(4000), None, &AtomicBool::new(false));
    let best = &r.moves[0];
    assert_eq!(best.mv, 1);
    assert!(
        best.win_rate.unwrap() > 0.8 && best.margin.unwrap() > 0.6,
        "{} {}",
        best.win_rate.unwrap(),
        best.margin.unwrap()
    );
    assert!(r
        .moves
        .iter()
        .all(|m| (0.0..=1.0).contains(&m.win_rate.unwrap()) && (-1.0..=1.0).contains(&m.margin.unwrap())));
    assert!(r.moves[1..].iter().all(|m| m.win_rate.unwrap() < best.win_rate.unwrap()));
}

#[test]
fn the_outcome_gives_the_winner_everything() {
    let g = Nim { to_move: 1, ..Nim::at(0) };
    let (wdl, margin) = outcome(&g);
    assert_eq!((&wdl[..2], &margin[..2]), (&[1.0, 0.0][..], &[1.0, -1.0][..]));
}

#[test]
fn agents_and_the_arena_play_any_game() {
    use crate::agents::{agent_from_spec, play_game};
    let mut agents = vec![agent_from_spec::<Nim>("greedy", 1).unwrap(), agent_from_spec::<Nim>("random", 2).unwrap()];
    let (end, moves) = play_game(Nim::at(21), &mut agents, &AtomicBool::new(false)).unwrap();
    assert!(end.is_over() && moves >= 7);
    // Seats rotate game by game.
    let specs = ["mcts:iterations=2000,rollout=uniform".to_string(), "random".to_string()];
    let indices: Vec<u64> = (0..10).collect();
    let results = crate::arena::play_matches(&specs, &|_| Nim::at(9), 3, &indices, 1, &AtomicBool::new(false)).unwrap();
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
    let mut eager = Searcher::new(&Nim::at(30), cfg.clone());
    let mut lazy = Searcher::new(&KeyedNim(Nim::at(30)), cfg);
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
    let mut s = Searcher::among(&Nim::at(7), cfg, &[1, 3]);
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
    let mut s = Searcher::new(&Nim::at(200), cfg);
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
    let mut s = Searcher::new(&Nim::at(30), cfg.clone());
    s.run(Some(1001), None, &AtomicBool::new(false));
    let per_tree: Vec<u64> = s.trees.iter().map(|t| t.iterations).collect();
    assert_eq!(per_tree, [501, 500]);
    assert_eq!(s.result(1).moves.iter().map(|m| m.visits).sum::<u64>(), 1001);
    // Each tree has its own seed, so trees given the same budget explore differently.
    let mut s = Searcher::new(&Nim::at(30), cfg);
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
        let mut s = Searcher::new(&Nim::at(25), cfg);
        s.run(Some(1500), None, &AtomicBool::new(false));
        s.result(3).moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>()
    };
    assert_eq!(run(Parallel::Tree), run(Parallel::Root));
}

#[test]
fn tree_parallel_threads_stop_at_the_shared_budget() {
    use super::{Parallel, Searcher};
    let cfg = uniform(6, 2, Parallel::Tree);
    let mut s = Searcher::new(&Nim::at(40), cfg);
    s.run(Some(777), None, &AtomicBool::new(false));
    assert_eq!(s.iterations(), 777);
    assert_eq!(s.result(3).moves.iter().map(|m| m.visits).sum::<u64>(), 777);
}

#[test]
fn tree_parallel_threads_search_until_the_time_is_up() {
    use super::{Parallel, Searcher};
    use std::time::{Duration, Instant};
    let cfg = uniform(6, 2, Parallel::Tree);
    let mut s = Searcher::new(&Nim::at(200), cfg);
    let start = Instant::now();
    s.run(None, Some(Duration::from_millis(40)), &AtomicBool::new(false));
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(40) && took < Duration::from_secs(20), "stopped after {took:?}");
    assert!(s.iterations() > 32, "it stopped at the first look at the clock");
}

#[test]
fn the_bench_workload_is_a_search_seeded_1_on_the_threads_asked() {
    use super::{bench_iterations, Searcher};
    let g = Nim::at(30);
    for threads in [1, 2] {
        let cfg = uniform(1, threads, super::Parallel::Root);
        let mut s = Searcher::new(&g, cfg);
        s.run(Some(600), None, &AtomicBool::new(false));
        let r = s.result(1);
        let want = (r.nodes as u64, r.moves[0].visits);
        assert_eq!(bench_iterations(&g, 600, threads, super::RolloutKind::Uniform), want, "{threads} thread(s)");
    }
}

/// Nim's exact value for the player to move: a heap that is not a multiple
/// of 4 wins.
fn nim_wins(heap: u32) -> bool {
    !heap.is_multiple_of(4)
}

/// The search's proof of Nim from `heap` (the winner scoring `stake`), with
/// every proven move checked against minimax and the best line played out.
fn proven_nim(heap: u32, stake: i64) -> super::SearchResult<u32> {
    use super::Searcher;
    let mut s = Searcher::new(&Nim::telling(heap, Hidden::Never, stake), uniform(7, 1, super::Parallel::Root));
    s.run(Some(200_000), None, &AtomicBool::new(false));
    let r = s.result(40);
    assert!(r.exact, "heap {heap}, stake {stake}: not proven in {} iterations", r.iterations);
    assert!(r.iterations < 200_000, "heap {heap}: it searched on after the proof");
    let (win, loss) = ((1.0, stake as f64), (0.0, -stake as f64));
    let best = &r.moves[0];
    assert_eq!((best.win_rate.unwrap(), best.margin.unwrap()), if nim_wins(heap) { win } else { loss }, "heap {heap}");
    if nim_wins(heap) {
        assert_eq!(best.mv, heap % 4);
    }
    // The principal variation is a proven line to the end: the winner
    // leaves a multiple of 4 after each of its moves.
    assert_eq!(best.pv.iter().sum::<u32>(), heap, "heap {heap}: {:?}", best.pv);
    let mut left = heap;
    for (ply, take) in best.pv.iter().enumerate() {
        left -= take;
        if nim_wins(heap) && ply % 2 == 0 {
            assert_eq!(left % 4, 0, "heap {heap}: {:?}", best.pv);
        }
    }
    r
}

#[test]
fn the_tree_proves_nim_from_its_finished_games_and_stops_searching() {
    // Winning by 50 points is the most a value says, so a proven win proves
    // its parent at once (the MCTS-Solver of win/loss games).
    for heap in 1..=20 {
        let r = proven_nim(heap, 50);
        if !nim_wins(heap) {
            assert!(
                r.moves.iter().all(|m| (m.win_rate.unwrap(), m.margin.unwrap()) == (0.0, -50.0)),
                "heap {heap}: every move loses"
            );
        }
    }
    // Winning by 1 point leaves room for a bigger win, so a node is proven
    // only once every move is: each then has its minimax value.
    for heap in 1..=2 {
        let r = proven_nim(heap, 1);
        for m in &r.moves {
            let won = !nim_wins(heap - m.mv);
            assert_eq!(
                (m.win_rate.unwrap(), m.margin.unwrap()),
                if won { (1.0, 1.0) } else { (0.0, -1.0) },
                "heap {heap} take {}",
                m.mv
            );
        }
    }
}

#[test]
fn a_proven_move_worse_than_another_proven_move_is_not_tried_again() {
    use super::Searcher;
    // From 3, where the winner scores the stones of its last take: taking 3
    // wins by 3 at once, and taking 2 loses by 1 (the other player takes the
    // last). Once both are proven, taking 2 is never tried again.
    let nim = Nim { by_last_take: true, ..Nim::telling(3, Hidden::Never, 1) };
    let mut s = Searcher::new(&nim, uniform(2, 1, super::Parallel::Root));
    let cfg = s.cfg.clone();
    let policy = cfg.rollout.policy::<Nim>();
    let tree = &mut s.trees[0];
    let mut frozen: Vec<Option<u32>> = vec![None; 3];
    let mut checked = 0;
    for _ in 0..20_000 {
        tree.iterate(&cfg, policy);
        let proofs: Vec<Option<f64>> = (0..3)
            .map(|i| tree.root_edge_proof(i).map(|(wdl, margin)| super::utility(wdl[0], margin[0], 0.5)))
            .collect();
        let floor = proofs.iter().flatten().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
        for i in 0..3 {
            let visits = tree.root_edges()[i].visits;
            match frozen[i] {
                Some(v) => {
                    assert_eq!(visits, v, "move {} was tried after its proof showed it worse", tree.root_edges()[i].mv);
                    checked += 1;
                }
                None if proofs[i].is_some_and(|u| u < floor) => frozen[i] = Some(visits),
                None => {}
            }
        }
    }
    assert!(checked > 10_000, "taking 2 was not proven worse early: {checked} checks");
    assert!(frozen[1].is_some() && frozen[0].is_none() && frozen[2].is_none(), "{frozen:?}");
}

#[test]
fn nothing_is_proven_without_the_game_telling_its_hidden_draws_or_with_exact_off() {
    use super::{ExactUse, Searcher};
    let stop = AtomicBool::new(false);
    let off = SearchConfig { exact: ExactUse::Off, ..uniform(3, 1, super::Parallel::Root) };
    let cases = [
        (Hidden::Untold, uniform(3, 1, super::Parallel::Root)),
        (Hidden::EveryMove, uniform(3, 1, super::Parallel::Root)),
        (Hidden::Never, off),
    ];
    for (hidden, cfg) in cases {
        // Heap 3: every game ends within three moves, so any proof would come at once.
        let mut s = Searcher::new(&Nim::telling(3, hidden, 50), cfg.clone());
        s.run(Some(3000), None, &stop);
        let r = s.result(4);
        assert!(!r.exact && r.iterations == 3000, "{hidden:?}, exact={:?}", cfg.exact);
        assert_eq!(s.proof_count(), 0);
        assert_eq!(r.best(), Some(3), "the search still finds the winning take");
    }
}

#[test]
fn threads_prove_nim_alike_in_one_shared_tree_or_one_tree_each() {
    use super::{Parallel, Searcher};
    let stop = AtomicBool::new(false);
    for parallel in [Parallel::Root, Parallel::Tree] {
        let mut s = Searcher::new(&Nim::telling(10, Hidden::Never, 50), uniform(4, 2, parallel));
        s.run(Some(500_000), None, &stop);
        let r = s.result(12);
        assert!(r.exact && r.iterations < 500_000, "{parallel:?}: {} iterations", r.iterations);
        assert_eq!(
            (r.best(), r.moves[0].win_rate.unwrap(), r.moves[0].margin.unwrap()),
            (Some(2), 1.0, 50.0),
            "{parallel:?}"
        );
    }
}

#[test]
fn moves_a_proof_stopped_the_search_before_reaching_have_no_values() {
    // Heap 3, winner by 50: taking 3 wins at once and proves the root, so
    // the search stops with the other moves perhaps never tried. Those have
    // no win rate, margin or line; they are not searched losses.
    use super::Searcher;
    let mut unreached = 0;
    for seed in 0..40 {
        let mut s = Searcher::new(&Nim::telling(3, Hidden::Never, 50), uniform(seed, 1, super::Parallel::Root));
        s.run(Some(1000), None, &AtomicBool::new(false));
        let r = s.result(8);
        assert!(r.exact && r.iterations < 1000, "seed {seed}: not proven");
        assert_eq!((r.moves[0].mv, r.moves[0].win_rate, r.moves[0].margin), (3, Some(1.0), Some(50.0)));
        for m in &r.moves[1..] {
            if m.visits == 0 {
                unreached += 1;
                assert_eq!((m.win_rate, m.margin, m.pv.len()), (None, None, 0), "seed {seed}: take {}", m.mv);
            } else {
                assert!(m.win_rate.is_some() && m.margin.is_some() && !m.pv.is_empty(), "seed {seed}");
            }
        }
    }
    assert!(unreached > 0, "no seed stopped before reaching every move");
}
