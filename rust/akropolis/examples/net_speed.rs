//! `cargo run --release --example net_speed -p pavilion-akropolis -- NET [seconds]`:
//! the network-guided search's iterations per second on one thread (with the
//! game's priors, reranked by the network's values or not, and with the
//! network's priors) and the tree nodes each made, and the network's evaluations per
//! second: a value alone (what a leaf asks with `priors=game`), and a value
//! with the priors of every legal move (an expansion with `priors=net`), at
//! the opening of a 2-player game.
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pavilion_akropolis::encoding::{moves_features, position_features};
use pavilion_akropolis::search::{Searcher, NET_RERANK};
use pavilion_akropolis::{Game, MoveList, Options};
use pavilion_core::net::Net;
use pavilion_core::search::{Priors, SearchConfig, NET_EXPLORATION};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("the network file");
    let seconds: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let net = Arc::new(Net::load(std::path::Path::new(&path)).expect("a network"));
    let g = Game::new(Options::default(), 1).expect("2 players");
    let (mut pos, mut rows, mut moves) = (Vec::new(), Vec::new(), MoveList::new());
    // The position's encoding alone, then with the trunk and value head (a value).
    let (start, mut evals) = (Instant::now(), 0u64);
    while start.elapsed() < Duration::from_secs_f64(seconds) {
        position_features(&g, &mut pos);
        std::hint::black_box(&pos);
        evals += 1;
    }
    let per_encoding = start.elapsed().as_secs_f64() / evals as f64;
    println!("{:.0} position encodings/s ({:.1} us)", 1.0 / per_encoding, per_encoding * 1e6);
    let (start, mut evals) = (Instant::now(), 0u64);
    while start.elapsed() < Duration::from_secs_f64(seconds) {
        position_features(&g, &mut pos);
        std::hint::black_box(net.value(&pos, g.players()));
        evals += 1;
    }
    let per_eval = start.elapsed().as_secs_f64() / evals as f64;
    println!("{:.0} value evaluations/s ({:.1} us)", 1.0 / per_eval, per_eval * 1e6);
    // The value and every move's prior, as a node's expansion asks with priors=net.
    let (start, mut evals) = (Instant::now(), 0u64);
    while start.elapsed() < Duration::from_secs_f64(seconds) {
        g.legal_moves(&mut moves);
        position_features(&g, &mut pos);
        rows.clear();
        moves_features(&g, &moves, &mut rows);
        std::hint::black_box((net.value(&pos, g.players()), net.priors(&pos, &rows)));
        evals += 1;
    }
    let per_eval = start.elapsed().as_secs_f64() / evals as f64;
    println!("{:.0} evaluations/s ({} moves each, {:.2} ms)", 1.0 / per_eval, moves.len(), per_eval * 1e3);
    // The network's search as `mcts:net=NET` runs it (its exploration, reranking at NET_RERANK walks), then variants.
    let searches = [
        ("rollouts", None, Priors::Game, 0),
        ("network, priors=game, rerank=0", Some(net.clone()), Priors::Game, 0),
        ("network, priors=game (the default)", Some(net.clone()), Priors::Game, NET_RERANK),
        ("network, priors=net", Some(net), Priors::Net, 0),
    ];
    for (name, net, priors, rerank) in searches {
        let exploration = if net.is_some() { NET_EXPLORATION } else { SearchConfig::default().exploration };
        let cfg = SearchConfig { seed: 7, net, priors, rerank, exploration, ..SearchConfig::default() };
        let mut s = Searcher::new(&g, cfg);
        s.run(None, Some(Duration::from_secs_f64(seconds)), &AtomicBool::new(false));
        let r = s.result(1);
        // More nodes than walks: a reranked node's seeded moves cost no walk, and the walk that takes one makes two.
        println!(
            "{name}: {:.0} iterations/s, {:.2} nodes a walk, best {}",
            r.iterations as f64 / r.elapsed.as_secs_f64(),
            r.nodes as f64 / r.iterations.max(1) as f64,
            r.moves[0].mv
        );
    }
}
