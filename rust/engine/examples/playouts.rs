//! `cargo run --release --example playouts -- [games] [players]`: random games per second on one thread.
use pavilion_engine::playout::random_playout;
use pavilion_engine::rng::SplitMix64;
use pavilion_engine::{Game, Options, Side};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let opts = Options::new(players, Side::Colored, None).expect("2..4 players");
    let mut chooser = SplitMix64::new(1);
    let t = Instant::now();
    let mut moves = 0u64;
    for seed in 0..games {
        let mut g = Game::new(opts, seed);
        moves += random_playout(&mut g, &mut chooser) as u64;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {players} players: {:.0} games/s, {:.0} moves/s, {:.1} moves/game",
        games as f64 / s,
        moves as f64 / s,
        moves as f64 / games as f64
    );
}
