//! Random games per second: `cargo run --release --example playouts -p pavilion-akropolis -- [games] [players]`.

use pavilion_akropolis::{Game, Options};
use pavilion_core::rng::SplitMix64;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let options = Options { players, ..Options::default() };
    let mut rng = SplitMix64::new(1);
    let start = std::time::Instant::now();
    let (mut turns, mut points) = (0u64, 0u64);
    for seed in 0..games {
        let mut g = Game::new(options, seed).unwrap();
        while !g.is_over() {
            let m = g.random_move(&mut rng);
            g.play_unchecked(&m);
            turns += 1;
        }
        points += g.scores().iter().map(|&s| s as u64).sum::<u64>();
    }
    let secs = start.elapsed().as_secs_f64();
    // What a search pays to copy a position (done once per iteration).
    let g = Game::new(options, 0).unwrap();
    let copies = 1_000_000;
    let t = std::time::Instant::now();
    let mut rounds = 0;
    for _ in 0..copies {
        rounds += std::hint::black_box(g.clone()).round();
    }
    let ns = t.elapsed().as_nanos() as f64 / copies as f64;
    println!("a game is {} bytes; a clone takes {ns:.0} ns ({rounds} rounds summed)", std::mem::size_of::<Game>());
    println!(
        "{games} games, {turns} turns in {secs:.2} s: {:.0} games/s, mean score {:.1}",
        games as f64 / secs,
        points as f64 / (games * players as u64) as f64
    );
}
