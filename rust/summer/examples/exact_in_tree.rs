//! `cargo run --release --example exact_in_tree -p pavilion-summer -- [positions] [iterations]`:
//! what exact values inside the tree are worth. On last-round positions the
//! exact solver can value move by move, MCTS (without the root solve) picks a
//! move with `exact=tree` and with `exact=off` (the same as `root` here: the
//! search is run without its root solve); prints how often each picks a
//! best move and the mean utility it gives away.
use std::sync::atomic::AtomicBool;

use pavilion_summer::agents::agent_from_spec;
use pavilion_summer::search::{exact, ExactUse, SearchConfig, Searcher};
use pavilion_summer::state::{Game, Options, Phase, ROUNDS};
use pavilion_summer::Side;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let want: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(50);
    let iterations: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3000);
    let stop = AtomicBool::new(false);
    let modes = [ExactUse::Tree, ExactUse::Off];
    let (mut best, mut lost, mut proofs) = ([0usize; 2], [0f64; 2], 0usize);
    let mut found = 0;
    let mut seed = 0;
    while found < want {
        seed += 1;
        let mut g = Game::new(Options::new(2, Side::Coloured, None).unwrap(), seed);
        let mut agents: Vec<_> = (0..2).map(|p| agent_from_spec("greedy", seed * 7 + p as u64).unwrap()).collect();
        while !(g.round() == ROUNDS && g.phase() == Phase::Place) {
            let m = agents[g.current_player()].choose(&g).unwrap();
            g.play(&m).unwrap();
        }
        // The first position of the placing the solver values within its budget.
        let solved = loop {
            if g.is_over() {
                break None;
            }
            if let Some(r) = exact::solve(&g, &SearchConfig::default(), 4_000_000, &stop) {
                break Some(r);
            }
            let m = agents[g.current_player()].choose(&g).unwrap();
            g.play(&m).unwrap();
        };
        let Some(r) = solved else { continue };
        if r.moves.len() < 2 {
            continue;
        }
        found += 1;
        let w = SearchConfig::default().margin_weight;
        let util = |m: &pavilion_summer::search::MoveStats| {
            pavilion_summer::search::utility(m.win_rate.unwrap(), m.margin.unwrap(), w)
        };
        let top = util(&r.moves[0]);
        for (k, mode) in modes.iter().enumerate() {
            let cfg = SearchConfig { seed, exact: *mode, ..SearchConfig::default() };
            let mut s = Searcher::new(&g, cfg);
            s.run(Some(iterations), None, &stop);
            if k == 0 {
                proofs += s.proof_count();
            }
            let pick = s.result(1).best().unwrap();
            let v = util(r.moves.iter().find(|m| m.mv == pick).unwrap());
            if v >= top - 1e-12 {
                best[k] += 1;
            }
            lost[k] += top - v;
        }
    }
    for (k, mode) in modes.iter().enumerate() {
        println!(
            "exact={mode}: a best move in {} of {found}, mean utility given away {:.4}",
            best[k],
            lost[k] / found as f64
        );
    }
    println!("proofs per search with exact=tree: {:.1}", proofs as f64 / found as f64);
}
