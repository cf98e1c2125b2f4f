//! `cargo run --release --example arena -- GAMES SPEC SPEC...`: a quick 2-player match in Rust.
use pavilion_engine::arena::play_matches;
use pavilion_engine::Options;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let specs: Vec<String> = args.collect();
    let t = std::time::Instant::now();
    let indices: Vec<u64> = (0..games).collect();
    let res = play_matches(&specs, Options::default(), 1, &indices, 2).expect("valid specs");
    let mut wins = vec![0.0; specs.len()];
    let mut score = vec![0.0; specs.len()];
    for r in &res {
        for (seat, &a) in r.seats.iter().enumerate() {
            score[a] += r.scores[seat] as f64 / games as f64;
            if r.winners.contains(&seat) {
                wins[a] += 1.0 / r.winners.len() as f64;
            }
        }
    }
    for (i, s) in specs.iter().enumerate() {
        println!("{s}: wins {:.1}/{games}, mean score {:.1}", wins[i], score[i]);
    }
    println!("{:.1}s", t.elapsed().as_secs_f64());
}
