//! `cargo run --release --example playouts -- [games] [players]`: random games per
//! second on one thread, without Python (for perf and callgrind).
use pavilion_summer::bench::random_games;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    assert!((2..=4).contains(&players), "players must be 2, 3 or 4");
    let t = Instant::now();
    let moves = random_games(players, games, 0, &std::sync::atomic::AtomicBool::new(false));
    let s = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {players} players: {:.0} games/s, {:.0} moves/s, {:.1} moves/game",
        games as f64 / s,
        moves as f64 / s,
        moves as f64 / games as f64
    );
}
