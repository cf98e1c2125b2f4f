//! Monte-Carlo tree search for 2–4 players (each maximises its own outcome),
//! over any game that implements [`Game`], never reading the real future:
//! every iteration re-draws what no player has seen.
//!
//! Threads search root-parallel by default (one tree per thread with its own
//! seed, root statistics summed), or tree-parallel on request (one shared tree
//! with virtual loss). A game adds what only it knows through the trait (moves
//! worth searching, an informed rollout) and around the search (an exact
//! endgame solver, say) without the search knowing the game.

pub mod guide;
pub mod policy;
pub mod tree;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::error::Error;
use crate::game::{Game, Values, MAX_PLAYERS};
use policy::{Rollout, UniformRollout};
use tree::Tree;

/// Longest time budget a search accepts: one week, in seconds.
pub const MAX_SECONDS: f64 = 604_800.0;

/// A time budget in seconds as a `Duration`: finite, from 0 to [`MAX_SECONDS`].
pub fn time_budget(seconds: f64) -> Result<Duration, Error> {
    if seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(Error::InvalidOptions(format!("a time budget is 0 to {MAX_SECONDS} seconds (one week), not {seconds}")))
    }
}

crate::word_option!(
    /// How a simulation plays from a leaf to the end of the game.
    RolloutKind, "rollout", { Informed => "informed", Uniform => "uniform", Noisy => "noisy" }
);
crate::word_option!(
    /// Which moves the tree considers (see [`Game::search_moves`]).
    Passes, "passes", { Pruned => "pruned", All => "all" }
);
crate::word_option!(
    /// How several threads share the work.
    Parallel, "parallel", { Root => "root", Tree => "tree" }
);
crate::word_option!(
    /// How a node opens its moves: best prior first, more as it is visited
    /// (the game's own progressive widening, where it has one), or all at once.
    Widening, "widening", { Prior => "prior", Off => "off" }
);
crate::word_option!(
    /// With a network, how a node chooses the moves it tries: by the game's
    /// own quick judgement (progressive widening and UCB, as without a
    /// network), the network judging leaves only; or by the network's policy
    /// (PUCT, every move open). The game's is the default: with the first
    /// Akropolis network, PUCT over its flat policy won 1 to 2 games of 20
    /// against the rollout search, the game's priors about half of them.
    Priors, "priors", { Game => "game", Net => "net" }
);
crate::word_option!(
    /// With a network, where a leaf's position is judged: at the leaf itself,
    /// or where the rollout from it has played to the end of the game's
    /// current stage (`Game::stage`: a round), so that the round's own
    /// tactics are played out and the network judges what the round leaves.
    Horizon, "horizon", { Leaf => "leaf", Stage => "stage" }
);
crate::word_option!(
    /// Where a search asks the game for exact values: at the root only
    /// (`Game::solve_exactly`), at the root and at the tree's visited nodes
    /// (`Game::exact_value`), or nowhere.
    ExactUse, "exact", { Root => "root", Tree => "tree", Off => "off" }
);

impl Widening {
    /// The widening this names for a game: `(c, alpha)` lets a node consider
    /// its `ceil(c · (visits + 1)^alpha)` best-prior moves; `None`, every move.
    pub fn of<G: Game>(self) -> Option<(f64, f64)> {
        match self {
            Widening::Prior => G::widening(),
            Widening::Off => None,
        }
    }
}

impl RolloutKind {
    /// The policy this kind names for a game.
    pub fn policy<G: Game>(self) -> &'static dyn Rollout<G> {
        match self {
            RolloutKind::Uniform => &UniformRollout,
            RolloutKind::Informed => G::informed_rollout(),
            RolloutKind::Noisy => G::noisy_rollout(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct SearchConfig {
    pub threads: usize,
    pub seed: u64,
    /// UCB exploration constant (values lie in 0..1).
    pub exploration: f64,
    /// Weight of the score margin (±50 points ↦ ±1) next to win/draw/loss.
    pub margin_weight: f64,
    pub rollout: RolloutKind,
    /// Memory cap for all trees together.
    pub max_bytes: usize,
    /// Which moves the tree searches: the game's pruned `search_moves`, or every
    /// legal move (only to measure what the pruning costs).
    pub passes: Passes,
    /// With several threads: one tree per thread, or one shared tree (with virtual loss).
    pub parallel: Parallel,
    /// Where the search uses the game's exact solver.
    pub exact: ExactUse,
    /// Whether nodes open their moves progressively, best prior first.
    pub widening: Widening,
    /// A policy + value network guiding the search (`tree`'s module notes):
    /// its priors choose moves by PUCT and its value judges leaves.
    pub net: Option<std::sync::Arc<crate::net::Net>>,
    /// With a network: the share of a rollout's outcome in a leaf's value (0: the network's alone).
    pub net_mix: f64,
    /// With a network: PUCT's exploration constant (utilities lie in about 0..1).
    pub puct: f64,
    /// With a network: whose move priors the tree follows.
    pub priors: Priors,
    /// With a network: where it judges a leaf (there, or at the end of the rollout's stage).
    pub horizon: Horizon,
    /// Positions a game's exact solver may visit in place of one iteration
    /// when an attempt stands in for iterations (`Game::solve_exactly` with an
    /// iteration budget, `Game::exact_value` inside the tree).
    pub exact_positions: u64,
    /// With a network and the game's widening: the walks at which a node
    /// orders the moves it has not opened yet by the network's value of the
    /// position after each, each then opening with that value as its first
    /// walk where a leaf's value is the network's alone (0: never; a network
    /// search takes `Game::net_rerank`).
    pub rerank: u32,
    /// Scales the game's widening constant (`c` of `Game::widening`): a node
    /// opens `ceil(widen · c · (visits + 1)^alpha)` moves; 1 is the game's own.
    pub widen: f64,
}

/// The UCB exploration constant of a search whose leaves a network judges,
/// where the spec gives none (`c=X`): a network's value carries no rollout's
/// noise, so the tree needs less exploration to trust it. Measured with
/// Akropolis generation 3 against the rollout search at 0.25 s a move (60
/// games, seed 3): c = 0.7 won 29, 0.35 won 35, 0.2 won 38.
pub const NET_EXPLORATION: f64 = 0.2;

/// The default [`SearchConfig::exact_positions`]: a Summer Pavilion solve's
/// positions in the time of one of its last round's iterations.
pub const POSITIONS_PER_ITERATION: u64 = 8;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            seed: 0,
            exploration: 0.7,
            margin_weight: 0.5,
            rollout: RolloutKind::Informed,
            max_bytes: 512 << 20,
            passes: Passes::Pruned,
            parallel: Parallel::Root,
            exact: ExactUse::Root,
            widening: Widening::Prior,
            net: None,
            net_mix: 0.0,
            puct: 1.5,
            priors: Priors::Game,
            horizon: Horizon::Leaf,
            exact_positions: POSITIONS_PER_ITERATION,
            rerank: 0,
            widen: 1.0,
        }
    }
}

/// Points of score margin that count as a whole win or loss in the utility.
pub const MARGIN_SCALE: f64 = 50.0;

/// The value a player maximises: its win share (win 1, shared win 1/k, loss 0)
/// plus `margin_weight` × its score margin over the best other player, scaled
/// by [`MARGIN_SCALE`] and clipped to ±1.
#[inline]
pub fn utility(win_share: f64, margin: f64, margin_weight: f64) -> f64 {
    win_share + margin_weight * (margin / MARGIN_SCALE).clamp(-1.0, 1.0)
}

/// The least and the most [`utility`] can be: a loss, and a win, by
/// [`MARGIN_SCALE`] points or more.
pub fn utility_range(margin_weight: f64) -> (f64, f64) {
    (utility(0.0, -MARGIN_SCALE, margin_weight), utility(1.0, MARGIN_SCALE, margin_weight))
}

/// Win/draw/loss and score margin per seat of a finished game: the best
/// standing (score, then tie-break) wins, shared equally by those tied on both;
/// the margin is the score minus the best other score.
pub fn outcome<G: Game>(g: &G) -> (Values, Values) {
    let n = g.num_players();
    let mut standing = [(0i64, 0i64); MAX_PLAYERS];
    for (s, slot) in standing.iter_mut().enumerate().take(n) {
        *slot = g.standing(s);
    }
    outcome_of(&standing[..n])
}

/// [`outcome`] from each seat's final standing (score, tie-break), for a
/// solver that knows the final scores without playing the game to its end.
pub fn outcome_of(standing: &[(i64, i64)]) -> (Values, Values) {
    let n = standing.len();
    let best = *standing.iter().max().expect("players");
    let winners = standing.iter().filter(|&&s| s == best).count() as f64;
    let mut wdl = [0.0; MAX_PLAYERS];
    let mut margin = [0.0; MAX_PLAYERS];
    for s in 0..n {
        wdl[s] = if standing[s] == best { 1.0 / winners } else { 0.0 };
        let other = (0..n).filter(|&o| o != s).map(|o| standing[o].0).max().expect("2+ players");
        margin[s] = (standing[s].0 - other) as f64;
    }
    (wdl, margin)
}

/// One candidate move with its statistics, from the mover's point of view.
/// A move the search never evaluated (no visit, no proof: a proof elsewhere
/// stopped the search first) has no win rate, margin or line: `None` and an
/// empty `pv`, never a 0 that reads as a searched loss.
#[derive(Clone, Debug)]
pub struct MoveStats<M> {
    pub mv: M,
    pub visits: u64,
    /// Mean win/draw/loss value: the win rate (a shared win counts 1/k).
    pub win_rate: Option<f64>,
    /// Mean final score margin over the best opponent.
    pub margin: Option<f64>,
    pub pv: Vec<M>,
}

impl<M> MoveStats<M> {
    /// Whether the search evaluated this move (visited or proved it).
    pub fn evaluated(&self) -> bool {
        self.win_rate.is_some()
    }
}

#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// Candidates, most visited first (for an exact solve: best value first).
    pub moves: Vec<MoveStats<M>>,
    pub iterations: u64,
    pub elapsed: Duration,
    /// True when the rest of the game was solved exactly.
    pub exact: bool,
    pub nodes: usize,
}

impl<M: Copy> SearchResult<M> {
    pub fn best(&self) -> Option<M> {
        self.moves.first().map(|m| m.mv)
    }
}

/// A search that can be run in slices (for progress and interruption).
pub struct Searcher<G: Game> {
    root: G,
    cfg: SearchConfig,
    trees: Vec<Tree<G>>,
    elapsed: Duration,
}

impl<G: Game> Searcher<G> {
    pub fn new(root: &G, cfg: SearchConfig) -> Searcher<G> {
        Searcher::build(root, cfg, None)
    }

    /// A search whose root considers only `moves` (each legal at `root`): to
    /// value given moves, such as the one a player chose, as surely as the best.
    pub fn among(root: &G, cfg: SearchConfig, moves: &[G::Move]) -> Searcher<G> {
        Searcher::build(root, cfg, Some(moves))
    }

    fn build(root: &G, cfg: SearchConfig, root_moves: Option<&[G::Move]>) -> Searcher<G> {
        let threads = if cfg.parallel == Parallel::Tree { 1 } else { cfg.threads.max(1) };
        let per_tree = cfg.max_bytes / threads;
        let all = cfg.passes == Passes::All;
        // With a network's priors its policy orders the moves and PUCT spreads the visits: no widening.
        let policy = cfg.net.clone().filter(|_| cfg.priors == Priors::Net);
        let widening = if policy.is_some() { None } else { cfg.widening.of::<G>().map(|(c, a)| (c * cfg.widen, a)) };
        let trees = (0..threads)
            .map(|i| {
                let seed = cfg.seed.wrapping_add(i as u64 * 0x9E37_79B9);
                Tree::new(root, seed, per_tree, all, widening, root_moves, policy.clone())
            })
            .collect();
        Searcher { root: root.clone(), cfg, trees, elapsed: Duration::ZERO }
    }

    pub fn iterations(&self) -> u64 {
        self.trees.iter().map(|t| t.iterations).sum()
    }

    /// Whether a tree has proven the root's value (then `run` does nothing).
    pub fn solved(&self) -> bool {
        self.trees.iter().any(|t| t.solved().is_some())
    }

    /// Searches until `iterations` more have run (split over the threads),
    /// `time` has passed, or `stop` is set — whichever comes first.
    pub fn run(&mut self, iterations: Option<u64>, time: Option<Duration>, stop: &AtomicBool) {
        if self.root.is_over() || self.solved() {
            return;
        }
        let start = Instant::now();
        let deadline = time.map(|t| start + t);
        let threads = self.trees.len() as u64;
        let cfg = &self.cfg;
        let policy = cfg.rollout.policy::<G>();
        let work = |tree: &mut Tree<G>, quota: Option<u64>| {
            let mut done = 0u64;
            loop {
                if quota.is_some_and(|q| done >= q) || stop.load(Ordering::Relaxed) || tree.solved().is_some() {
                    return;
                }
                // Check the clock every few iterations only.
                if done.is_multiple_of(16) && deadline.is_some_and(|d| Instant::now() >= d) {
                    return;
                }
                tree.iterate(cfg, policy);
                done += 1;
            }
        };
        let quota = |i: u64| iterations.map(|n| n / threads + u64::from(i < n % threads));
        if cfg.parallel == Parallel::Tree && cfg.threads > 1 {
            self.run_shared(iterations, deadline, stop);
        } else if self.trees.len() == 1 {
            work(&mut self.trees[0], quota(0));
        } else {
            std::thread::scope(|s| {
                for (i, tree) in self.trees.iter_mut().enumerate() {
                    let q = quota(i as u64);
                    s.spawn(move || work(tree, q));
                }
            });
        }
        self.elapsed += start.elapsed();
    }

    /// Tree parallelism: every thread walks the one tree under a lock, with
    /// virtual loss, and plays its rollouts outside the lock.
    fn run_shared(&mut self, iterations: Option<u64>, deadline: Option<Instant>, stop: &AtomicBool) {
        let cfg = &self.cfg;
        let policy = cfg.rollout.policy::<G>();
        let tree = std::sync::Mutex::new(&mut self.trees[0]);
        let started = std::sync::atomic::AtomicU64::new(0);
        let seed = cfg.seed;
        std::thread::scope(|s| {
            for t in 0..cfg.threads {
                let (tree, started) = (&tree, &started);
                s.spawn(move || {
                    let mut rng = crate::rng::SplitMix64::new(seed ^ (0xC0FFEE + t as u64));
                    let mut scratch = G::MoveList::default();
                    loop {
                        let n = started.fetch_add(1, Ordering::Relaxed);
                        if iterations.is_some_and(|q| n >= q)
                            || stop.load(Ordering::Relaxed)
                            || (n % 16 == 0 && deadline.is_some_and(|d| Instant::now() >= d))
                        {
                            return;
                        }
                        let mut walk = {
                            let mut tree = tree.lock().expect("no panics");
                            if tree.solved().is_some() {
                                return;
                            }
                            tree.descend(cfg, true)
                        };
                        let (wdl, margin) = walk.finish(cfg, policy, &mut scratch, &mut rng);
                        tree.lock().expect("no panics").backup(&walk, &wdl, &margin, true);
                    }
                });
            }
        });
    }

    /// Root statistics summed over the trees, most visited first; once a
    /// tree has proven the root, its proven moves first, best value first,
    /// with their exact values, and the result is exact.
    pub fn result(&self, pv_len: usize) -> SearchResult<G::Move> {
        let root_edges = self.trees[0].root_edges();
        let solved = self.trees.iter().find(|t| t.solved().is_some());
        let mover = self.root.current_player();
        let mut ranked: Vec<(Option<f64>, MoveStats<G::Move>)> = (0..root_edges.len())
            .map(|i| {
                let (mut v, mut w, mut m) = (0u64, 0.0, 0.0);
                for t in &self.trees {
                    let e = &t.root_edges()[i];
                    v += e.visits as u64;
                    w += e.wdl;
                    m += e.margin;
                }
                // The PV comes from the tree that proved the root, else the one that visited this move most.
                let pv_tree = solved.unwrap_or_else(|| {
                    self.trees.iter().max_by_key(|t| t.root_edges()[i].visits).expect("at least one tree")
                });
                let proof = solved.and_then(|t| t.root_edge_proof(i)).map(|(wdl, margin)| (wdl[mover], margin[mover]));
                let value = proof.or((v > 0).then(|| (w / v as f64, m / v as f64)));
                let stats = MoveStats {
                    mv: root_edges[i].mv,
                    visits: v,
                    win_rate: value.map(|(w, _)| w),
                    margin: value.map(|(_, m)| m),
                    pv: if value.is_some() { pv_tree.principal_variation(i, pv_len) } else { Vec::new() },
                };
                (proof.map(|(w, m)| utility(w, m, self.cfg.margin_weight)), stats)
            })
            .collect();
        // Proven moves first, best value first (the proving move leads: a
        // stable sort keeps the first best, as the proof chose); then by visits.
        ranked.sort_by(|(pa, a), (pb, b)| match (pa, pb) {
            (Some(x), Some(y)) => y.total_cmp(x),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => {
                b.visits.cmp(&a.visits).then(b.win_rate.unwrap_or(0.0).total_cmp(&a.win_rate.unwrap_or(0.0)))
            }
        });
        SearchResult {
            moves: ranked.into_iter().map(|(_, m)| m).collect(),
            iterations: self.iterations(),
            elapsed: self.elapsed,
            exact: solved.is_some(),
            nodes: self.trees.iter().map(|t| t.node_count()).sum(),
        }
    }

    pub fn memory_bytes(&self) -> usize {
        self.trees.iter().map(|t| t.memory_bytes()).sum()
    }

    /// Exact values the trees hold (`Game::exact_value` at well-visited nodes).
    pub fn proof_count(&self) -> usize {
        self.trees.iter().map(|t| t.proof_count()).sum()
    }
}

/// What an exact attempt may spend: at most the work of the search it would
/// replace. A game turns `iterations` into its own measure (positions, say)
/// and stops at `deadline`; with neither it uses its own limit.
#[derive(Clone, Copy, Debug, Default)]
pub struct Effort {
    pub iterations: Option<u64>,
    pub deadline: Option<Instant>,
}

/// One-call search: exact when the game can solve the rest, else MCTS with the
/// given budget. Once `stop` is set it returns at once with what it has.
pub fn search<G: Game>(
    g: &G,
    cfg: SearchConfig,
    iterations: Option<u64>,
    time: Option<Duration>,
    stop: &AtomicBool,
) -> SearchResult<G::Move> {
    // A time budget gives the exact attempt at most half of itself (a failed
    // attempt leaves MCTS the rest); an iteration budget, the work of those iterations.
    let start = Instant::now();
    if cfg.exact != ExactUse::Off {
        if let Some(r) = g.solve_exactly(&cfg, stop, Effort { iterations, deadline: time.map(|t| start + t / 2) }) {
            return r;
        }
    }
    let mut s = Searcher::new(g, cfg);
    s.run(iterations, time.map(|t| t.saturating_sub(start.elapsed())), stop);
    s.result(12)
}

/// A benchmark workload: `iterations` MCTS iterations from `root` (seed 1);
/// returns the tree nodes created and the visits of the most visited move (a
/// fingerprint of the search's behaviour).
pub fn bench_iterations<G: Game>(root: &G, iterations: u64, threads: usize, rollout: RolloutKind) -> (u64, u64) {
    bench_search(root, iterations, SearchConfig { threads, seed: 1, rollout, ..SearchConfig::default() })
}

/// Runs `iterations` iterations of a search configured by `cfg` from `root`;
/// returns the tree nodes created and the most visited move's visits.
pub fn bench_search<G: Game>(root: &G, iterations: u64, cfg: SearchConfig) -> (u64, u64) {
    let mut s = Searcher::new(root, cfg);
    s.run(Some(iterations), None, &AtomicBool::new(false));
    let r = s.result(1);
    (r.nodes as u64, r.moves[0].visits)
}

/// A benchmark workload: the game's shipped network judges `root` `count`
/// times, its encoding included, as a leaf of the search is judged; returns
/// `count`.
pub fn bench_net_values<G: Game>(root: &G, count: u64) -> u64 {
    let net = G::default_net(root.num_players()).expect("the game ships a network");
    for _ in 0..count {
        std::hint::black_box(guide::value(&net, root));
    }
    count
}

/// A benchmark workload: the cost of judging candidate moves, as a rerank
/// does (`SearchConfig::rerank`): `rounds` times, every move the search
/// considers at `root` is played on a copy and the position it leads to is
/// judged by the game's shipped network (its encoding included); returns the
/// candidates judged.
pub fn bench_net_candidates<G: Game>(root: &G, rounds: u64) -> u64 {
    let net = G::default_net(root.num_players()).expect("the game ships a network");
    let mut moves = G::MoveList::default();
    root.search_moves(&mut moves);
    let mut judged = 0;
    for _ in 0..rounds {
        let mut siblings = guide::Siblings::new(&net);
        for m in moves.iter() {
            let mut after = root.clone();
            after.play_unchecked(m);
            std::hint::black_box(siblings.value(&after));
            judged += 1;
        }
    }
    judged
}

#[cfg(test)]
pub(crate) mod toy_tests;

#[cfg(test)]
mod guide_tests;

#[cfg(test)]
mod rerank_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_budget_is_finite_and_at_most_a_week() {
        assert_eq!(time_budget(1.5).unwrap(), Duration::from_millis(1500));
        assert_eq!(time_budget(0.0).unwrap(), Duration::ZERO);
        assert_eq!(time_budget(MAX_SECONDS).unwrap(), Duration::from_secs(604_800));
        for bad in [-0.5, MAX_SECONDS + 1.0, f64::NAN, f64::INFINITY] {
            let e = time_budget(bad).unwrap_err().to_string();
            assert!(e.contains("a time budget is 0 to 604800 seconds"), "{bad}: {e}");
        }
    }

    #[test]
    fn the_utility_is_the_win_share_plus_the_clipped_margin() {
        assert_eq!(utility(0.5, 25.0, 0.1), 0.5 + 0.1 * 0.5);
        assert_eq!(utility(1.0, 500.0, 0.1), 1.1, "clipped at +1");
        assert_eq!(utility(0.0, -500.0, 0.2), -0.2, "clipped at -1");
    }
}
