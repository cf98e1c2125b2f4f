//! Writes the golden perft file `seeds/akropolis_perft.json`:
//! `cargo run --release --example make_perft -p pavilion-akropolis > seeds/akropolis_perft.json`.
//! Each case is a position reached by seeded random moves (the prefix, as move
//! text) and the perft counts from it. `tests/perft.rs` recounts depths 1 and 2
//! with a move generator written independently from the rules.

use pavilion_akropolis::perft::perft;
use pavilion_akropolis::{Game, Options};
use pavilion_core::rng::SplitMix64;

fn main() {
    let cases = [
        // (players, long, seed, prefix length, depth)
        (2, false, 1, 0, 3),
        (2, false, 2, 11, 2),
        (2, false, 3, 33, 3),
        (3, false, 4, 20, 2),
        (4, false, 5, 30, 2),
        (2, true, 6, 45, 2),
        (3, true, 7, 57, 2),
    ];
    println!("{{\n  \"about\": \"perft: legal move sequences of length 1..n after the prefix, from akropolis Game(players, seed, long)\",\n  \"cases\": [");
    for (i, (players, long, seed, plies, depth)) in cases.into_iter().enumerate() {
        let mut g = Game::new(Options { players, long, ..Options::default() }, seed).unwrap();
        let mut rng = SplitMix64::new(seed * 1000);
        let mut prefix = Vec::new();
        for _ in 0..plies {
            let m = g.random_move(&mut rng);
            g.play(&m).unwrap();
            prefix.push(format!("\"{m}\""));
        }
        let counts: Vec<String> = (1..=depth).map(|d| perft(&g, d).to_string()).collect();
        let comma = if i + 1 < cases.len() { "," } else { "" };
        println!(
            "    {{\"players\": {players}, \"long\": {long}, \"seed\": {seed}, \"prefix\": [{}], \"counts\": [{}]}}{comma}",
            prefix.join(", "),
            counts.join(", ")
        );
    }
    println!("  ]\n}}");
}
