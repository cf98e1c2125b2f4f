//! Agents for any game, built from a spec (`random`, `greedy`,
//! `mcts:iterations=2000,threads=2`): uniformly random, greedy (the game's own
//! judgement of a move's immediate value) and Monte-Carlo tree search, and the
//! loop that plays a game between them.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::error::{quote, Error};
use crate::game::Game;
use crate::net::{EncodingInfo, Net};
use crate::rng::SplitMix64;
use crate::search::{
    search, time_budget, ExactUse, Horizon, Parallel, Passes, Priors, RolloutKind, SearchConfig, SearchResult,
    Widening, MAX_SECONDS,
};

/// Anything that picks a move for the player to move.
pub trait Agent<G: Game> {
    /// A legal move; `None` only when the game is over. Once `stop` is set, a
    /// long search returns at once (with its best move so far).
    fn choose_until(&mut self, g: &G, stop: &AtomicBool) -> Option<G::Move>;

    /// A legal move, thinking for the agent's whole budget.
    fn choose(&mut self, g: &G) -> Option<G::Move> {
        self.choose_until(g, &AtomicBool::new(false))
    }

    /// Whether choosing may take long enough to be worth interrupting (a search).
    fn searches(&self) -> bool {
        false
    }
}

pub struct RandomAgent {
    rng: SplitMix64,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: SplitMix64::new(seed) }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn choose_until(&mut self, g: &G, _stop: &AtomicBool) -> Option<G::Move> {
        let mut moves = G::MoveList::default();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        Some(moves[self.rng.below(moves.len() as u32) as usize])
    }
}

/// Takes the move with the best immediate value (`Game::greedy_value`); ties
/// broken at random (seeded).
pub struct GreedyAgent {
    rng: SplitMix64,
}

impl GreedyAgent {
    pub fn new(seed: u64) -> Self {
        GreedyAgent { rng: SplitMix64::new(seed) }
    }
}

impl<G: Game> Agent<G> for GreedyAgent {
    fn choose_until(&mut self, g: &G, _stop: &AtomicBool) -> Option<G::Move> {
        let mut moves = G::MoveList::default();
        g.legal_moves(&mut moves);
        let mut best: Option<G::Move> = None;
        let mut best_v = f64::NEG_INFINITY;
        let mut ties = 0;
        for m in moves.iter() {
            let v = g.greedy_value(m);
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

/// Monte-Carlo tree search with a fixed budget per move (exact where the game can solve the rest).
pub struct MctsAgent {
    pub cfg: SearchConfig,
    pub iterations: Option<u64>,
    pub time: Option<Duration>,
    moves_played: u64,
    /// With `net=default`: the settings before the network set its own, what
    /// the spec gave, and the player count `cfg`'s network is the one for
    /// (a game ships a network per player count, and a spec names no count).
    shipped: Option<(SearchConfig, NetGiven, usize)>,
}

impl MctsAgent {
    pub fn new(cfg: SearchConfig, iterations: Option<u64>, time: Option<Duration>) -> Self {
        MctsAgent { cfg, iterations, time, moves_played: 0, shipped: None }
    }

    /// `cfg` guided by the shipped network for games of `players` seats.
    fn for_players<G: Game>(&mut self, players: usize) {
        let Some((base, given, resolved)) = &mut self.shipped else { return };
        if *resolved == players {
            return;
        }
        if let Some(net) = G::default_net(players) {
            let mut cfg = base.clone();
            set_net(&mut cfg, net, *given, NetDefaults::of::<G>());
            self.cfg = cfg;
        }
        *resolved = players;
    }
}

/// What an MCTS agent makes of a position it must move in.
pub enum Thought<M> {
    /// The only legal move: nothing to weigh.
    Only(M),
    /// The search's verdict on the moves.
    Searched(SearchResult<M>),
}

impl MctsAgent {
    /// The search behind a choice: `None` when the game is over; the only
    /// legal move as it is. Each search gets a fresh seed derived from the agent's.
    pub fn think<G: Game>(&mut self, g: &G, stop: &AtomicBool) -> Option<Thought<G::Move>> {
        if g.is_over() {
            return None;
        }
        let mut moves = G::MoveList::default();
        g.legal_moves(&mut moves);
        if moves.len() == 1 {
            return Some(Thought::Only(moves[0]));
        }
        self.for_players::<G>(g.num_players());
        let mut cfg = self.cfg.clone();
        cfg.seed = cfg.seed.wrapping_add(self.moves_played.wrapping_mul(0xA24B_AED4_963E_E407));
        self.moves_played += 1;
        Some(Thought::Searched(search(g, cfg, self.iterations, self.time, stop)))
    }
}

impl<G: Game> Agent<G> for MctsAgent {
    fn choose_until(&mut self, g: &G, stop: &AtomicBool) -> Option<G::Move> {
        match self.think(g, stop)? {
            Thought::Only(m) => Some(m),
            Thought::Searched(result) => result.best(),
        }
    }

    fn searches(&self) -> bool {
        true
    }
}

/// How an `mcts` option's value is read and which values it takes.
#[derive(Clone, Copy, Debug)]
pub enum OptionRange {
    /// A whole number in `min..=max`.
    Whole { min: u64, max: u64 },
    /// A number in `min..=max` (`min` excluded when `open_min`).
    Number { min: f64, max: f64, open_min: bool },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A file's path.
    File,
}

/// One option of the `mcts` agent spec (`mcts:iterations=2000,threads=2`).
#[derive(Clone, Copy, Debug)]
pub struct SpecOption {
    pub key: &'static str,
    /// The value's placeholder in the short form (`N` in `iterations=N`); choices list their words instead.
    pub placeholder: &'static str,
    pub range: OptionRange,
    pub help: &'static str,
}

/// Most iterations a move an agent may be given.
pub const MAX_ITERATIONS: u64 = 1_000_000_000_000;
/// Most search threads.
pub const MAX_THREADS: u64 = 256;
/// Iterations a move of an `mcts` agent given no budget.
pub const DEFAULT_ITERATIONS: u64 = 2000;

/// Every option of the `mcts` agent: the one list the parser, its errors, the
/// CLI's help and the manual (docs/analysis.md) read.
pub const MCTS_OPTIONS: &[SpecOption] = &[
    SpecOption {
        key: "iterations",
        placeholder: "N",
        range: OptionRange::Whole { min: 1, max: MAX_ITERATIONS },
        help: "iterations a move (the default applies only when no time is given)",
    },
    SpecOption {
        key: "time",
        placeholder: "S",
        range: OptionRange::Number { min: 0.0, max: MAX_SECONDS, open_min: true },
        help: "seconds a move; with iterations too, whichever ends first",
    },
    SpecOption {
        key: "threads",
        placeholder: "N",
        range: OptionRange::Whole { min: 1, max: MAX_THREADS },
        help: "search threads",
    },
    SpecOption {
        key: "rollout",
        placeholder: "",
        range: OptionRange::Choice(RolloutKind::WORDS),
        help: "how simulations play to the end",
    },
    SpecOption {
        key: "c",
        placeholder: "X",
        range: OptionRange::Number { min: 0.0, max: 100.0, open_min: false },
        help: "UCB exploration constant",
    },
    SpecOption {
        key: "margin",
        placeholder: "X",
        range: OptionRange::Number { min: 0.0, max: 100.0, open_min: false },
        help: "weight of the score margin beside winning",
    },
    SpecOption {
        key: "memory",
        placeholder: "MB",
        range: OptionRange::Whole { min: 1, max: 1 << 20 },
        help: "cap on the search trees' memory",
    },
    SpecOption {
        key: "passes",
        placeholder: "",
        range: OptionRange::Choice(Passes::WORDS),
        help: "moves the tree searches: the game's pruned set (Summer Pavilion's passes) or all",
    },
    SpecOption {
        key: "parallel",
        placeholder: "",
        range: OptionRange::Choice(Parallel::WORDS),
        help: "one tree per thread, or one shared tree",
    },
    SpecOption {
        key: "exact",
        placeholder: "",
        range: OptionRange::Choice(ExactUse::WORDS),
        help: "where the game's exact endgame solver is used: at the root, also inside the tree, or nowhere",
    },
    SpecOption {
        key: "net",
        placeholder: "FILE",
        range: OptionRange::File,
        help: "a policy + value network (safetensors, written by pavilion train) whose priors and values guide the search; default: the one shipped with the game",
    },
    SpecOption {
        key: "mix",
        placeholder: "X",
        range: OptionRange::Number { min: 0.0, max: 1.0, open_min: false },
        help: "with net: the share of a rollout's outcome in a leaf's value beside the network's",
    },
    SpecOption {
        key: "puct",
        placeholder: "X",
        range: OptionRange::Number { min: 0.0, max: 100.0, open_min: false },
        help: "with net: PUCT's exploration constant",
    },
    SpecOption {
        key: "priors",
        placeholder: "",
        range: OptionRange::Choice(Priors::WORDS),
        help: "with net: the moves a node tries by the network's policy (PUCT), or by the game's quick judgement (widening), the network judging leaves only",
    },
    SpecOption {
        key: "horizon",
        placeholder: "",
        range: OptionRange::Choice(Horizon::WORDS),
        help: "with net: where the network judges a leaf: there, or after a rollout to the end of the game's stage (its round)",
    },
    SpecOption {
        key: "rerank",
        placeholder: "N",
        range: OptionRange::Whole { min: 0, max: 1 << 30 },
        help: "with net: the visits at which a node orders the moves it has not opened yet by the network's value of the position after each (0: never)",
    },
    SpecOption {
        key: "exact_positions",
        placeholder: "N",
        range: OptionRange::Whole { min: 1, max: 1_000 },
        help: "positions an exact attempt may visit in place of each iteration it stands in for",
    },
    SpecOption {
        key: "widening",
        placeholder: "",
        range: OptionRange::Choice(Widening::WORDS),
        help: "how a tree node opens its moves: best first by the game's quick judgement, more as it is visited, or all at once",
    },
    SpecOption {
        key: "widen",
        placeholder: "X",
        range: OptionRange::Number { min: 0.0, max: 100.0, open_min: true },
        help: "with widening: a multiple of the moves a node opens at each number of visits (1: the game's own)",
    },
];

impl SpecOption {
    /// The value an `mcts` agent uses when the spec does not give this option.
    pub fn default_value(&self) -> Option<String> {
        let d = SearchConfig::default();
        Some(match self.key {
            "iterations" => DEFAULT_ITERATIONS.to_string(),
            "time" => return None,
            "threads" => d.threads.to_string(),
            "rollout" => d.rollout.to_string(),
            "c" => format!("{}; with net, {}", d.exploration, crate::search::NET_EXPLORATION),
            "margin" => d.margin_weight.to_string(),
            "memory" => (d.max_bytes >> 20).to_string(),
            "passes" => d.passes.to_string(),
            "parallel" => d.parallel.to_string(),
            "exact" => d.exact.to_string(),
            "widening" => d.widening.to_string(),
            "widen" => d.widen.to_string(),
            "net" => return None,
            "mix" => format!("{}, or the network's own where its file gives one", d.net_mix),
            "puct" => d.puct.to_string(),
            "priors" => d.priors.to_string(),
            "horizon" => d.horizon.to_string(),
            "exact_positions" => d.exact_positions.to_string(),
            "rerank" => format!("{}; with net, the game's own", d.rerank),
            _ => unreachable!("every option of MCTS_OPTIONS has its default here"),
        })
    }

    /// How the option is written: `iterations=N`, `rollout=informed|uniform|noisy`.
    pub fn form(&self) -> String {
        match self.range {
            OptionRange::Choice(words) => format!("{}={}", self.key, words.join("|")),
            _ => format!("{}={}", self.key, self.placeholder),
        }
    }
}

/// The built-in agents, by the name a spec starts with.
pub const AGENT_NAMES: [&str; 3] = ["random", "greedy", "mcts"];

/// The agents and their options in one line: `random, greedy, mcts[:iterations=N,…]`.
pub fn agent_spec_summary() -> String {
    let forms: Vec<String> = MCTS_OPTIONS.iter().map(|o| o.form()).collect();
    let [random, greedy, mcts] = AGENT_NAMES;
    format!("{random}, {greedy}, {mcts}[:{}]", forms.join(","))
}

impl OptionRange {
    /// The accepted values, as an error message says them.
    pub fn describe(&self) -> String {
        match *self {
            OptionRange::Whole { min, max } => format!("a whole number from {min} to {max}"),
            OptionRange::Number { min, max, open_min: true } => format!("a number above {min} and at most {max}"),
            OptionRange::Number { min, max, open_min: false } => format!("a number from {min} to {max}"),
            OptionRange::Choice(words) => format!("one of {}", words.join(", ")),
            OptionRange::File => "a file's path".to_string(),
        }
    }

    /// The value as a number (a choice gives its index), or why it is not accepted.
    fn read(&self, v: &str) -> Option<f64> {
        match *self {
            OptionRange::Whole { min, max } => {
                v.parse::<u64>().ok().filter(|n| (min..=max).contains(n)).map(|n| n as f64)
            }
            OptionRange::Number { min, max, open_min } => {
                v.parse::<f64>().ok().filter(|x| x.is_finite() && *x <= max && (*x > min || (!open_min && *x == min)))
            }
            OptionRange::Choice(words) => words.iter().position(|w| *w == v).map(|i| i as f64),
            OptionRange::File => (!v.is_empty()).then_some(0.0),
        }
    }
}

/// The `net=` value that names the network shipped with the game (`Game::default_net`).
pub const DEFAULT_NET: &str = "default";

/// Builds an agent from its spec: `random`, `greedy`, or `mcts` with the
/// options of [`MCTS_OPTIONS`], e.g. `mcts:iterations=2000,threads=2`. A value
/// out of range is an error naming the range; nothing is clamped or replaced.
pub fn agent_from_spec<G: Game>(spec: &str, seed: u64) -> Result<Box<dyn Agent<G> + Send + Sync>, Error> {
    let (name, opts, bad) = split_spec(spec);
    match name {
        "random" | "greedy" if !opts.is_empty() => Err(bad(format!("{name} takes no options"))),
        "random" => Ok(Box::new(RandomAgent::new(seed))),
        "greedy" => Ok(Box::new(GreedyAgent::new(seed))),
        "mcts" => Ok(Box::new(read_mcts(opts, seed, NetDefaults::of::<G>(), &bad)?)),
        _ => Err(bad(format!("unknown agent: choose {}", agent_spec_summary()))),
    }
}

/// A spec's agent name and options, and how to word an error about it.
fn split_spec(spec: &str) -> (&str, &str, impl Fn(String) -> Error + '_) {
    let (name, opts) = spec.trim().split_once(':').unwrap_or((spec.trim(), ""));
    (name, opts, move |why: String| Error::InvalidOptions(format!("agent {}: {why}", quote(spec.trim()))))
}

/// An `mcts` agent from its spec, for the work that needs the search itself
/// (self-play records its visit counts): any other agent is an error.
pub fn mcts_agent_from_spec<G: Game>(spec: &str, seed: u64) -> Result<MctsAgent, Error> {
    let (name, opts, bad) = split_spec(spec);
    match name {
        "mcts" => read_mcts(opts, seed, NetDefaults::of::<G>(), &bad),
        "random" | "greedy" => {
            Err(bad("needs a searching agent, mcts[:options], whose visit counts give the move probabilities".into()))
        }
        _ => Err(bad(format!("unknown agent: choose {}", agent_spec_summary()))),
    }
}

/// The options of an `mcts` spec (after `mcts:`), read as [`MCTS_OPTIONS`] says.
fn read_mcts(opts: &str, seed: u64, game: NetDefaults, bad: &dyn Fn(String) -> Error) -> Result<MctsAgent, Error> {
    let mut cfg = SearchConfig { seed, ..SearchConfig::default() };
    let (mut iterations, mut time) = (None, None);
    let (mut seen, mut net) = (Vec::new(), None);
    for kv in opts.split(',').filter(|kv| !kv.trim().is_empty()) {
        let (k, v) = kv.split_once('=').ok_or_else(|| bad(format!("{} is not key=value", quote(kv))))?;
        let (k, v) = (k.trim(), v.trim());
        let Some(opt) = MCTS_OPTIONS.iter().find(|o| o.key == k) else {
            let keys: Vec<&str> = MCTS_OPTIONS.iter().map(|o| o.key).collect();
            return Err(bad(format!("unknown option {} (options: {})", quote(k), keys.join(", "))));
        };
        if seen.contains(&k) {
            return Err(bad(format!("{k} is given twice")));
        }
        seen.push(k);
        let x = opt.range.read(v).ok_or_else(|| bad(format!("{k} {}: expected {}", quote(v), opt.range.describe())))?;
        match k {
            "iterations" => iterations = Some(x as u64),
            "time" => time = Some(time_budget(x)?),
            "threads" => cfg.threads = x as usize,
            "c" => cfg.exploration = x,
            "margin" => cfg.margin_weight = x,
            "memory" => cfg.max_bytes = (x as usize) << 20,
            "passes" => cfg.passes = v.parse()?,
            "parallel" => cfg.parallel = v.parse()?,
            "exact" => cfg.exact = v.parse()?,
            "widening" => cfg.widening = v.parse()?,
            "widen" => cfg.widen = x,
            "rollout" => cfg.rollout = v.parse()?,
            "net" => net = Some((read_net(v, game, PLAYERS_FIRST_ASKED).map_err(bad)?, v == DEFAULT_NET)),
            "mix" => cfg.net_mix = x,
            "puct" => cfg.puct = x,
            "priors" => cfg.priors = v.parse()?,
            "horizon" => cfg.horizon = v.parse()?,
            "exact_positions" => cfg.exact_positions = x as u64,
            "rerank" => cfg.rerank = x as u32,
            _ => unreachable!("every option of MCTS_OPTIONS is read above"),
        }
    }
    if iterations.is_none() && time.is_none() {
        iterations = Some(DEFAULT_ITERATIONS);
    }
    let mut shipped = None;
    if let Some((net, is_default)) = net {
        let given =
            NetGiven { exploration: seen.contains(&"c"), mix: seen.contains(&"mix"), rerank: seen.contains(&"rerank") };
        if is_default {
            shipped = Some((cfg.clone(), given, PLAYERS_FIRST_ASKED));
        }
        set_net(&mut cfg, net, given, game);
    }
    Ok(MctsAgent { shipped, ..MctsAgent::new(cfg, iterations, time) })
}

/// The player count a spec's `net=default` is first read for (before the
/// agent meets a game): the one every game plays.
const PLAYERS_FIRST_ASKED: usize = 2;

/// What a game tells a `net=` (a spec's, or `guide_search`'s): its encoding,
/// its shipped network and its search's rerank with a network
/// (`Game::net_rerank`).
#[derive(Clone, Copy)]
struct NetDefaults {
    encoding: Option<EncodingInfo>,
    default_net: fn(usize) -> Option<std::sync::Arc<Net>>,
    rerank: u32,
}

impl NetDefaults {
    fn of<G: Game>() -> NetDefaults {
        NetDefaults { encoding: G::encoding(), default_net: G::default_net, rerank: G::net_rerank() }
    }
}

/// The network a `net=` value names: [`DEFAULT_NET`] for the one shipped
/// with the game for games of `players` seats, else a file; checked to read
/// the game's encoding. The error says why in words, for the caller to place.
fn read_net(name: &str, game: NetDefaults, players: usize) -> Result<std::sync::Arc<Net>, String> {
    let Some(encoding) = game.encoding else { return Err("this game has no network encoding".into()) };
    let net = if name == DEFAULT_NET {
        (game.default_net)(players).ok_or("no network ships with this game")?
    } else {
        std::sync::Arc::new(Net::load(std::path::Path::new(name)).map_err(|e| e.to_string())?)
    };
    net.check_game(&encoding).map_err(|e| e.to_string())?;
    Ok(net)
}

/// Which of the settings a network changes the caller gave (they then
/// stand): its exploration (`c=`), its mix (`mix=`) and its rerank (`rerank=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NetGiven {
    pub exploration: bool,
    pub mix: bool,
    pub rerank: bool,
}

/// A benchmark workload: `iterations` iterations of the search
/// `mcts:net=default` runs from `root` (the game's shipped network for its
/// player count, with the settings that network brings; one thread, seed 1);
/// returns the tree nodes created and the most visited move's visits.
pub fn bench_net_search<G: Game>(root: &G, iterations: u64) -> (u64, u64) {
    let mut cfg = SearchConfig { seed: 1, ..SearchConfig::default() };
    guide_search::<G>(&mut cfg, DEFAULT_NET, NetGiven::default(), root.num_players())
        .expect("the shipped network reads (shipped tests)");
    crate::search::bench_search(root, iterations, cfg)
}

/// Guides a search of a game of `players` seats with the network `name`
/// names (as an `mcts` spec's `net=`), for a search built from options
/// rather than a spec: what the caller did not give, it sets as a spec with
/// `net=` does (the network's exploration, the network's own mix and the
/// game's rerank).
pub fn guide_search<G: Game>(cfg: &mut SearchConfig, name: &str, given: NetGiven, players: usize) -> Result<(), Error> {
    let game = NetDefaults::of::<G>();
    let net = read_net(name, game, players).map_err(|why| Error::InvalidOptions(format!("net: {why}")))?;
    set_net(cfg, net, given, game);
    Ok(())
}

fn set_net(cfg: &mut SearchConfig, net: std::sync::Arc<Net>, given: NetGiven, game: NetDefaults) {
    if !given.exploration {
        cfg.exploration = crate::search::NET_EXPLORATION;
    }
    if !given.mix {
        cfg.net_mix = net.info.mix;
    }
    if !given.rerank {
        cfg.rerank = game.rerank;
    }
    cfg.net = Some(net);
}

/// Plays a game to its end between agents (seat i uses `agents[i]`): the
/// finished game and the number of moves, or `None` once `stop` is set.
pub fn play_game<G: Game>(
    mut g: G,
    agents: &mut [Box<dyn Agent<G> + Send + Sync>],
    stop: &AtomicBool,
) -> Option<(G, u32)> {
    // No game comes near this many moves (a few hundred at most); reaching it
    // means the rules stopped advancing, and a panic beats an endless loop.
    const MAX_MOVES: u32 = 10_000;
    let mut moves = 0;
    while let Some(m) = agents[g.current_player()].choose_until(&g, stop) {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        assert!(g.is_legal(&m), "agents choose legal moves, not {m}");
        g.play_unchecked(&m);
        moves += 1;
        assert!(moves < MAX_MOVES, "a game did not end in {MAX_MOVES} moves");
    }
    Some((g, moves))
}
