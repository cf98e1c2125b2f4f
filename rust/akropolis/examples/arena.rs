//! Seat-balanced Akropolis matches between two agent specs, until the command
//! line has `pavilion akropolis arena`:
//! `cargo run --release --example arena -p pavilion-akropolis -- SPEC_A SPEC_B [games] [threads] [first game]`.

use std::sync::atomic::AtomicBool;

use pavilion_akropolis::{Game, Options};
use pavilion_core::arena::play_matches;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let specs = [args.first().cloned().unwrap_or("greedy".into()), args.get(1).cloned().unwrap_or("random".into())];
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let threads: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let first: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    let indices: Vec<u64> = (first..first + games).collect();
    let start = std::time::Instant::now();
    let results = play_matches(
        &specs,
        &|s| Game::new(Options::default(), s).expect("2 players"),
        1,
        &indices,
        threads,
        &AtomicBool::new(false),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (mut wins, mut points) = ([0.0f64; 2], [0i64; 2]);
    for r in &results {
        for (seat, &agent) in r.seats.iter().enumerate() {
            points[agent] += r.scores[seat];
            if r.winners.contains(&seat) {
                wins[agent] += 1.0 / r.winners.len() as f64;
            }
        }
    }
    let n = results.len() as f64;
    let p = wins[0] / n;
    // Wilson 95% interval for the first agent's share of wins.
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    println!(
        "{} vs {}: {:.1} - {:.1} of {n} games ({:.1}%, 95% CI {:.1}-{:.1}%), mean scores {:.1} vs {:.1}, {:.0} s",
        specs[0],
        specs[1],
        wins[0],
        wins[1],
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half),
        points[0] as f64 / n,
        points[1] as f64 / n,
        start.elapsed().as_secs_f64()
    );
}
