//! Writes `seeds/perft.json`: `cargo run --release --example make_perft > seeds/perft.json`.
//! Only for adding cases; the counts in the file are the reference, checked by
//! `cargo test` and pytest.
use pavilion_summer::perft::perft;
use pavilion_summer::rng::SplitMix64;
use pavilion_summer::{Game, MoveList, Options, Phase, Side};

fn main() {
    let mut cases = Vec::new();
    for (players, side, seed, prefix_len, depth) in [
        (2, Side::Coloured, 1u64, 0usize, 4u32),
        (3, Side::Coloured, 2, 0, 3),
        (4, Side::Gray, 3, 0, 3),
        (2, Side::Coloured, 4, 12, 3),
        (2, Side::Gray, 5, 12, 3),
        (3, Side::Coloured, 6, 25, 2),
        (4, Side::Coloured, 7, 40, 2),
        (2, Side::Coloured, 8, 60, 2),
    ] {
        let mut g = Game::new(Options::new(players, side, None).unwrap(), seed);
        let mut r = SplitMix64::new(seed * 31);
        let mut moves = MoveList::new();
        let mut prefix = Vec::new();
        // Random prefix that prefers placements, so the place phase gets reached with tiles in hand.
        while prefix.len() < prefix_len {
            g.legal_moves(&mut moves);
            let places: Vec<_> = moves.iter().filter(|m| !matches!(m, pavilion_summer::Move::Pass { .. })).collect();
            let m = if g.phase() == Phase::Place && !places.is_empty() {
                *places[r.below(places.len() as u32) as usize]
            } else {
                moves[r.below(moves.len() as u32) as usize]
            };
            g.play(&m).unwrap();
            prefix.push(format!("\"{m}\""));
        }
        let counts: Vec<String> = (1..=depth).map(|d| perft(&g, d).to_string()).collect();
        cases.push(format!(
            "    {{\"players\": {players}, \"side\": \"{}\", \"seed\": {seed}, \"prefix\": [{}], \"phase\": \"{}\", \"counts\": [{}]}}",
            side.name(),
            prefix.join(", "),
            g.phase().name(),
            counts.join(", ")
        ));
    }
    println!("{{\n  \"about\": \"perft: legal move sequences of length 1..n after the prefix, from Game(players, seed, side)\",\n  \"cases\": [\n{}\n  ]\n}}", cases.join(",\n"));
}
