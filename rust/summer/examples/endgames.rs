//! `cargo run --release --example endgames -p pavilion-summer -- [games] [agent] [players] [positions]`:
//! how early the exact solver works. Plays `games` games between copies of
//! `agent` (default greedy) and, at the start of the last round's placing,
//! times `exact::solve` (at most `positions`, default the default node
//! budget): the share solved and the distribution of times.
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use pavilion_summer::agents::agent_from_spec;
use pavilion_summer::search::{exact, SearchConfig};
use pavilion_summer::state::{Game, Options, Phase, ROUNDS};
use pavilion_summer::Side;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let spec = args.get(1).cloned().unwrap_or("greedy".into());
    let players: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let budget: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(exact::DEFAULT_NODE_BUDGET);
    let stop = AtomicBool::new(false);
    let mut times = Vec::new();
    let mut solved = 0;
    let mut first = Vec::new();
    for seed in 0..games {
        let options = Options::new(players, Side::Coloured, None).expect("2 to 4 players");
        let mut g = Game::new(options, seed);
        let mut agents: Vec<_> = (0..players).map(|p| agent_from_spec(&spec, seed * 7 + p as u64).unwrap()).collect();
        while !(g.round() == ROUNDS && g.phase() == Phase::Place) {
            let m = agents[g.current_player()].choose(&g).expect("a move");
            g.play(&m).expect("legal");
        }
        let start = Instant::now();
        let r = exact::solve(&g, &SearchConfig::default(), budget, &stop);
        let t = start.elapsed().as_secs_f64();
        if r.is_some() {
            solved += 1;
            times.push(t);
        }
        // How many moves into the placing the solve first succeeds (the game played on by the agents).
        let mut into = 0;
        let mut unsolved = r.is_none();
        while unsolved && !g.is_over() {
            let m = agents[g.current_player()].choose(&g).expect("a move");
            g.play(&m).expect("legal");
            into += 1;
            unsolved = !g.is_over() && exact::solve(&g, &SearchConfig::default(), budget, &stop).is_none();
        }
        first.push(into);
    }
    first.sort_unstable();
    println!(
        "first solved after this many placing moves: median {}, 90% {}, max {}",
        first[first.len() / 2],
        first[first.len() * 9 / 10],
        first[first.len() - 1]
    );
    times.sort_by(f64::total_cmp);
    let q = |p: f64| times.get(((times.len() as f64 - 1.0) * p) as usize).copied().unwrap_or(f64::NAN);
    println!(
        "{players} players, {spec}: solved {solved} of {games} at the start of the last placing; \
         time median {:.3}s, 90% {:.3}s, max {:.3}s; within 1 s: {}",
        q(0.5),
        q(0.9),
        q(1.0),
        times.iter().filter(|&&t| t <= 1.0).count()
    );
}
