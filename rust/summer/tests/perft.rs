//! Golden perft counts from `seeds/perft.json`, shared with the Python tests.

use pavilion_summer::perft::perft;
use pavilion_summer::{Game, Move, Options, Side};
use serde_json::Value;

#[test]
fn golden_perft_counts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../seeds/perft.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    assert!(cases.len() >= 8);
    for case in cases {
        let side = Side::parse(case["side"].as_str().unwrap()).unwrap();
        let players = case["players"].as_u64().unwrap() as usize;
        let mut g = Game::new(Options::new(players, side, None).unwrap(), case["seed"].as_u64().unwrap());
        for m in case["prefix"].as_array().unwrap() {
            g.play(&Move::parse(m.as_str().unwrap()).unwrap()).unwrap();
        }
        assert_eq!(g.phase().name(), case["phase"].as_str().unwrap());
        for (d, want) in case["counts"].as_array().unwrap().iter().enumerate() {
            assert_eq!(perft(&g, d as u32 + 1), want.as_u64().unwrap(), "{case} depth {}", d + 1);
        }
    }
}
