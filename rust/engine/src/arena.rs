//! Agents by name (`random`, `greedy`, `mcts:iterations=2000,threads=1`) and
//! seat-balanced matches between them.

use std::time::Duration;

use crate::agents::{Agent, GreedyAgent, MctsAgent, RandomAgent};
use crate::error::Error;
use crate::search::{RolloutKind, SearchConfig};
use crate::state::{Game, Options};

/// Builds an agent from its spec. MCTS options: `iterations=N`, `time=SECONDS`,
/// `threads=N`, `rollout=informed|uniform`, `c=EXPLORATION`, `margin=WEIGHT`,
/// `memory=MB`, `passes=pruned|all`, `parallel=root|tree`; without a budget it runs 2,000 iterations a move.
pub fn agent_from_spec(spec: &str, seed: u64) -> Result<Box<dyn Agent + Send + Sync>, Error> {
    let bad = |why: String| Error::InvalidOptions(format!("agent '{spec}': {why}"));
    let (name, opts) = spec.trim().split_once(':').unwrap_or((spec.trim(), ""));
    match name {
        "random" | "greedy" if !opts.is_empty() => Err(bad(format!("{name} takes no options"))),
        "random" => Ok(Box::new(RandomAgent::new(seed))),
        "greedy" => Ok(Box::new(GreedyAgent::new(seed))),
        "mcts" => {
            let mut cfg = SearchConfig { seed, ..SearchConfig::default() };
            let (mut iterations, mut time) = (None, None);
            for kv in opts.split(',').filter(|s| !s.trim().is_empty()) {
                let (k, v) = kv.split_once('=').ok_or_else(|| bad(format!("'{kv}' is not key=value")))?;
                let (k, v) = (k.trim(), v.trim());
                let num = |v: &str| v.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
                let num = |v: &str| num(v).ok_or_else(|| bad(format!("{k}={v}: expected a non-negative number")));
                match k {
                    "iterations" => iterations = Some(num(v)? as u64).filter(|&n| n > 0),
                    "time" => time = Some(Duration::from_secs_f64(num(v)?)).filter(|t| !t.is_zero()),
                    "threads" => cfg.threads = (num(v)? as usize).clamp(1, 256),
                    "c" => cfg.exploration = num(v)?,
                    "margin" => cfg.margin_weight = num(v)?,
                    "memory" => cfg.max_bytes = (num(v)? * 1048576.0) as usize,
                    "parallel" => {
                        cfg.tree_parallel = match v {
                            "root" => false,
                            "tree" => true,
                            _ => return Err(bad(format!("parallel={v}: choose root or tree"))),
                        }
                    }
                    "passes" => {
                        cfg.all_passes = match v {
                            "pruned" => false,
                            "all" => true,
                            _ => return Err(bad(format!("passes={v}: choose pruned or all"))),
                        }
                    }
                    "rollout" => {
                        cfg.rollout = match v {
                            "informed" => RolloutKind::Informed,
                            "uniform" | "random" => RolloutKind::Uniform,
                            _ => return Err(bad(format!("rollout={v}: choose informed or uniform"))),
                        }
                    }
                    _ => return Err(bad(format!("unknown option '{k}' (iterations, time, threads, rollout, c, margin, memory, passes, parallel)"))),
                }
            }
            if iterations.is_none() && time.is_none() {
                iterations = Some(2000);
            }
            Ok(Box::new(MctsAgent::new(cfg, iterations, time)))
        }
        _ => Err(bad("unknown agent: choose random, greedy or mcts[:options]".into())),
    }
}

/// One finished match: which agent sat where, and how it went.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// Agent index (into the spec list) for each seat.
    pub seats: Vec<usize>,
    pub scores: Vec<i32>,
    pub winners: Vec<usize>,
    pub moves: u32,
}

/// Agent for each seat in game `index`: the specs rotate round the table so
/// every agent sits in every seat equally often.
pub fn seating(num_specs: usize, players: usize, index: u64) -> Vec<usize> {
    (0..players).map(|s| (s + index as usize) % num_specs).collect()
}

/// Plays game number `index` of a match series (seed `seed + index`).
pub fn play_match(specs: &[String], opts: Options, seed: u64, index: u64) -> Result<MatchResult, Error> {
    let players = opts.players as usize;
    let seats = seating(specs.len(), players, index);
    let game_seed = seed.wrapping_add(index);
    let mut agents = seats
        .iter()
        .enumerate()
        .map(|(s, &a)| agent_from_spec(&specs[a], game_seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut g = Game::new(opts, game_seed);
    let mut moves = 0;
    while let Some(m) = agents[g.current_player()].choose(&g) {
        g.play(&m).expect("agents choose legal moves");
        moves += 1;
    }
    Ok(MatchResult { seats, scores: g.scores(), winners: g.winners(), moves })
}

/// Plays games `indices` on `threads` worker threads; results in index order.
pub fn play_matches(
    specs: &[String],
    opts: Options,
    seed: u64,
    indices: &[u64],
    threads: usize,
) -> Result<Vec<MatchResult>, Error> {
    for s in specs {
        agent_from_spec(s, 0)?;
    }
    let threads = threads.clamp(1, indices.len().max(1));
    let mut out: Vec<Option<Result<MatchResult, Error>>> = vec![None; indices.len()];
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots = std::sync::Mutex::new(&mut out);
    std::thread::scope(|sc| {
        for _ in 0..threads {
            sc.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= indices.len() {
                    return;
                }
                let r = play_match(specs, opts, seed, indices[i]);
                slots.lock().expect("no worker panics")[i] = Some(r);
            });
        }
    });
    out.into_iter().map(|r| r.expect("every index played")).collect()
}
