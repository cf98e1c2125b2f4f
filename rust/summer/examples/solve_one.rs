use std::sync::atomic::AtomicBool;
use std::time::Instant;

use pavilion_summer::agents::agent_from_spec;
use pavilion_summer::search::{exact, SearchConfig};
use pavilion_summer::state::{Game, Options, Phase, ROUNDS};
use pavilion_summer::Side;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(0);
    let budget: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20_000_000);
    let skip: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let stop = AtomicBool::new(false);
    let mut g = Game::new(Options::new(2, Side::Coloured, None).unwrap(), seed);
    let mut agents: Vec<_> = (0..2).map(|p| agent_from_spec("greedy", seed * 7 + p as u64).unwrap()).collect();
    while !(g.round() == ROUNDS && g.phase() == Phase::Place) {
        let m = agents[g.current_player()].choose(&g).expect("a move");
        g.play(&m).expect("legal");
    }
    for _ in 0..skip {
        let m = agents[g.current_player()].choose(&g).expect("a move");
        g.play(&m).expect("legal");
    }
    println!("hands {} / {}", g.board(0).hand.letters(), g.board(1).hand.letters());
    let start = Instant::now();
    let r = exact::solve(&g, &SearchConfig::default(), budget, &stop);
    println!(
        "{:?} in {:.2}s",
        r.map(|r| (r.iterations, r.nodes, r.moves[0].mv.to_string(), r.moves[0].win_rate.unwrap())),
        start.elapsed().as_secs_f64()
    );
}
