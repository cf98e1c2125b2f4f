//! Golden perft counts from `seeds/akropolis_perft.json`, shared with the Python
//! tests, recounted to depth 2 by the independent oracle.

mod oracle;

use pavilion_akropolis::perft::perft;
use pavilion_akropolis::{Game, Move, Options};
use serde_json::Value;

#[test]
fn golden_perft_counts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../seeds/akropolis_perft.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    assert!(cases.len() >= 7);
    for case in cases {
        let options = Options {
            players: case["players"].as_u64().unwrap() as usize,
            long: case["long"].as_bool().unwrap(),
            ..Options::default()
        };
        let mut g = Game::new(options, case["seed"].as_u64().unwrap()).unwrap();
        for m in case["prefix"].as_array().unwrap() {
            g.play(&Move::parse(m.as_str().unwrap()).unwrap()).unwrap();
        }
        for (d, want) in case["counts"].as_array().unwrap().iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(perft(&g, depth), want.as_u64().unwrap(), "{case} depth {depth}");
            if depth <= 2 {
                assert_eq!(oracle::oracle_perft(&g, depth), want.as_u64().unwrap(), "oracle, {case} depth {depth}");
            }
        }
    }
}
