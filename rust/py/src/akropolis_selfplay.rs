//! `pavilion.akropolis.selfplay`: Akropolis games of one searching agent
//! against itself, recorded decision by decision. Akropolis has no fixed
//! action space (a city grows without bound), so each decision lists its legal
//! moves in notation, with the search's probability for each.

use pavilion_akropolis::{Game, MoveList};
use pavilion_core::selfplay::{selfplay_game, Playing, SelfPlayGame, DEFAULT_FULL_SHARE};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::Int;

/// One decision as recorded.
struct Row {
    ply: u32,
    to_move: usize,
    position: String,
    legal_moves: Vec<String>,
    policy: Vec<f32>,
    /// The search's win share for the mover; NaN where nothing was searched.
    search_value: f32,
    action: usize,
    /// Whether the search had the agent's whole budget.
    full: bool,
}

fn play(
    spec: &str,
    options: pavilion_akropolis::Options,
    seed: u64,
    index: u64,
    playing: Playing,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<Option<(SelfPlayGame, Vec<Row>)>, pavilion_core::Error> {
    let new_game = move |s: u64| Game::new(options, s).expect("options checked before play");
    let mut rows = Vec::new();
    let mut legal = MoveList::new();
    let game = selfplay_game(spec, &new_game, seed, index, playing, stop, &mut |g, d| {
        g.legal_moves(&mut legal);
        let position = |m| legal.iter().position(|l| *l == m).expect("the search weighs legal moves");
        let mut policy = vec![0.0; legal.len()];
        for &(m, p) in d.policy {
            policy[position(m)] = p;
        }
        rows.push(Row {
            ply: d.ply,
            to_move: d.to_move,
            position: g.public_view().to_json_compact(),
            legal_moves: legal.iter().map(|m| m.to_string()).collect(),
            policy,
            search_value: d.value.map_or(f32::NAN, |v| v as f32),
            action: position(d.played),
            full: d.full,
        });
    })?;
    Ok(game.map(|game| (game, rows)))
}

/// Plays Akropolis self-play games number `indices` (game i has seed
/// `seed + i`, as in `play_matches`) with the searching `agent` in every seat,
/// on `threads` threads; the first `sample_moves` decisions of each game play
/// a move drawn from the search's probabilities, the rest its best. With
/// `fast_iterations` above 0, a decision searches in full with probability
/// `full_share`, else fast (playout-cap randomisation, as `pavilion.selfplay`).
///
/// Returns lists, one item per decision in game order — "game", "ply",
/// "to_move", "position" (the position file as the player to move sees it:
/// face-down tiles in ascending order, never their real order),
/// "legal_moves" (in notation), "policy" (the search's probability for each
/// legal move), "search_value" (the search's win share for the mover, NaN
/// where one legal move left nothing to search), "action" (the index of the
/// move played), "full" (whether the search had the agent's budget) — and one item per
/// game: "index", "scores", "returns" (each seat's share of the win), "moves".
#[pyfunction]
#[pyo3(signature = (agent, indices, players=Int(2), variants="", long=false, barracks_edge="outside", lake="single_hex", seed=Int(0), threads=Int(1), sample_moves=Int(0), fast_iterations=Int(0), full_share=DEFAULT_FULL_SHARE),
       text_signature = "(agent, indices, players=2, variants='', long=False, barracks_edge='outside', lake='single_hex', seed=0, threads=1, sample_moves=0, fast_iterations=0, full_share=0.25)")]
#[allow(clippy::too_many_arguments)]
pub fn selfplay<'py>(
    py: Python<'py>,
    agent: &str,
    indices: Vec<Int>,
    players: Int,
    variants: &str,
    long: bool,
    barracks_edge: &str,
    lake: &str,
    seed: Int,
    threads: Int,
    sample_moves: Int,
    fast_iterations: Int,
    full_share: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let options = crate::akropolis::options_arg(players, variants, long, barracks_edge, lake)?;
    let fast = (fast_iterations, full_share);
    let run =
        crate::selfplay::Run::read::<pavilion_akropolis::Game>(agent, &indices, seed, threads, sample_moves, fast)?;
    let games = run.play(py, |index, stop| play(agent, options, run.seed, index, run.playing, stop))?;

    let d = PyDict::new(py);
    let rows = || games.iter().flat_map(|(g, rows)| rows.iter().map(move |r| (g, r)));
    d.set_item("game", rows().map(|(g, _)| g.index).collect::<Vec<_>>())?;
    d.set_item("ply", rows().map(|(_, r)| r.ply).collect::<Vec<_>>())?;
    d.set_item("to_move", rows().map(|(_, r)| r.to_move).collect::<Vec<_>>())?;
    d.set_item("position", rows().map(|(_, r)| r.position.as_str()).collect::<Vec<_>>())?;
    d.set_item("legal_moves", rows().map(|(_, r)| r.legal_moves.clone()).collect::<Vec<_>>())?;
    d.set_item("policy", rows().map(|(_, r)| r.policy.clone()).collect::<Vec<_>>())?;
    d.set_item("search_value", rows().map(|(_, r)| r.search_value).collect::<Vec<_>>())?;
    d.set_item("action", rows().map(|(_, r)| r.action).collect::<Vec<_>>())?;
    d.set_item("full", rows().map(|(_, r)| r.full).collect::<Vec<_>>())?;
    d.set_item("index", games.iter().map(|(g, _)| g.index).collect::<Vec<_>>())?;
    d.set_item("scores", games.iter().map(|(g, _)| g.scores.clone()).collect::<Vec<_>>())?;
    d.set_item("returns", games.iter().map(|(g, _)| g.returns.clone()).collect::<Vec<_>>())?;
    d.set_item("moves", games.iter().map(|(g, _)| g.moves).collect::<Vec<_>>())?;
    Ok(d)
}
