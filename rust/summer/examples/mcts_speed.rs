//! `cargo run --release --example mcts_speed -- [iterations] [threads] [uniform|informed]`:
//! MCTS iterations per second on a fixed 2-player opening.
use pavilion_summer::bench::mcts_position;
use pavilion_summer::search::{RolloutKind, SearchConfig, Searcher};
use std::sync::atomic::AtomicBool;

fn main() {
    let mut args = std::env::args().skip(1);
    let iterations: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let rollout = match args.next().as_deref() {
        Some("uniform") => RolloutKind::Uniform,
        _ => RolloutKind::Informed,
    };
    let g = mcts_position();
    let cfg = SearchConfig { threads, seed: 7, rollout, ..SearchConfig::default() };
    let mut s = Searcher::new(&g, cfg);
    s.run(Some(iterations), None, &AtomicBool::new(false));
    let r = s.result(8);
    let secs = r.elapsed.as_secs_f64();
    println!(
        "{} iterations, {threads} thread(s), {rollout:?}: {:.0} it/s, {} nodes, {:.1} MB, best {} ({} visits, win {:.2})",
        r.iterations,
        r.iterations as f64 / secs,
        r.nodes,
        s.memory_bytes() as f64 / 1e6,
        r.moves[0].mv,
        r.moves[0].visits,
        r.moves[0].win_rate.unwrap()
    );
}
