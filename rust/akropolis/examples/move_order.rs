//! `cargo run --release --example move_order -p pavilion-akropolis -- NET [games] [iterations]`:
//! how well three orders of a position's legal moves find the move a deep
//! search plays, the order a node's progressive widening opens them in.
//!
//! Games of the network's search at 800 iterations a move (deal seeds 900,
//! 901, …); at every fourth turn from the second, a search of `iterations`
//! (30,000 by default, whose root considers nearly every move) picks a move,
//! and each order gives that move a rank among the legal moves (1 is first;
//! ties share the middle rank): the game's quick judgement (`move_prior`),
//! the network's policy, and the network's win probability for the mover in
//! the position after each move (`rerank=N` orders by that value with its
//! margin weighed in, as the search's utility). The deep search does not
//! rerank, so its choice leans on neither order.
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use pavilion_akropolis::encoding::{moves_features, position_features};
use pavilion_akropolis::search::Searcher;
use pavilion_akropolis::{Game, Move, MoveList, Options};
use pavilion_core::net::Net;
use pavilion_core::search::{SearchConfig, NET_EXPLORATION};
use pavilion_core::Game as _;

/// The rank of `scores[best]` among `scores`, highest first; ties share the middle rank.
fn rank_of(scores: &[f64], best: usize) -> usize {
    let b = scores[best];
    let higher = scores.iter().filter(|&&s| s > b).count();
    let tied = scores.iter().filter(|&&s| s == b).count() - 1;
    higher + tied / 2 + 1
}

/// Each move's score under the three orders.
fn orders(g: &Game, moves: &[Move], net: &Net) -> [Vec<f64>; 3] {
    let quick = moves.iter().map(|m| g.move_prior(m)).collect();
    let (mut position, mut rows) = (Vec::new(), Vec::new());
    position_features(g, &mut position);
    moves_features(g, moves, &mut rows);
    let policy = net.priors(&position, &rows).into_iter().map(f64::from).collect();
    let after = moves
        .iter()
        .map(|m| {
            let mut h = g.clone();
            h.play_unchecked(m);
            if h.is_over() {
                return 0.5;
            }
            position_features(&h, &mut position);
            let (win, _) = net.value(&position, h.players());
            if h.current_player() == g.current_player() {
                win
            } else {
                1.0 - win
            }
        })
        .collect();
    [quick, policy, after]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("the network file");
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(8);
    let deep: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30_000);
    let net = Arc::new(Net::load(std::path::Path::new(&path)).expect("a network"));
    let names = ["quick judgement", "network's policy", "network's value after the move"];
    let mut ranks: [Vec<usize>; 3] = Default::default();
    for seed in 0..games {
        let mut g = Game::new(Options::default(), 900 + seed).expect("2 players");
        let mut ply = 0u64;
        while !g.is_over() {
            let probe = ply % 4 == 1;
            let cfg = SearchConfig {
                seed: seed * 1000 + ply,
                net: Some(net.clone()),
                exploration: NET_EXPLORATION,
                ..SearchConfig::default()
            };
            let mut s = Searcher::new(&g, cfg);
            s.run(Some(if probe { deep } else { 800 }), None, &AtomicBool::new(false));
            let r = s.result(1);
            let chosen = r.moves[0].mv;
            if probe && !r.exact {
                let mut moves = MoveList::new();
                g.legal_moves(&mut moves);
                let best = moves.iter().position(|m| *m == chosen).expect("a legal move");
                for (k, scores) in orders(&g, &moves, &net).iter().enumerate() {
                    ranks[k].push(rank_of(scores, best));
                }
            }
            g.play_unchecked(&chosen);
            ply += 1;
        }
    }
    for (name, r) in names.iter().zip(&ranks) {
        let n = r.len() as f64;
        let share = |top: usize| r.iter().filter(|&&x| x <= top).count() as f64 / n;
        let mean = r.iter().sum::<usize>() as f64 / n;
        println!(
            "{name}: mean rank {mean:.1}; in the first 5 {:.0}%, 15 {:.0}%, 40 {:.0}% ({n} positions)",
            100.0 * share(5),
            100.0 * share(15),
            100.0 * share(40)
        );
    }
}
