//! The forward pass against a plain reference written out loop by loop, on a
//! tiny network built here; and every malformed file refused with its reason.
//! (tests/test_net.py checks the same pass against PyTorch's own, from
//! golden outputs in seeds/nets/.)

use std::collections::HashMap;

use safetensors::tensor::TensorView;
use safetensors::Dtype;

use super::*;
use crate::rng::SplitMix64;

/// (name, [out, in] or [out], values) of each tensor.
pub(crate) type Tensors = Vec<(String, Vec<usize>, Vec<f32>)>;

fn random_layers(rng: &mut SplitMix64, prefix: &str, sizes: &[usize], out: &mut Tensors) {
    for (i, w) in sizes.windows(2).enumerate() {
        let mut draw = |n: usize| (0..n).map(|_| (rng.below(2001) as f32 - 1000.0) / 2000.0).collect::<Vec<_>>();
        out.push((format!("{prefix}.{i}.weight"), vec![w[1], w[0]], draw(w[0] * w[1])));
        out.push((format!("{prefix}.{i}.bias"), vec![w[1]], draw(w[1])));
    }
}

/// A network of 5 position and 3 move features, its trunk 5 → 4 → 4.
fn tiny(seed: u64) -> Tensors {
    let mut rng = SplitMix64::new(seed);
    let mut t = Vec::new();
    random_layers(&mut rng, "trunk", &[5, 4, 4], &mut t);
    random_layers(&mut rng, "value", &[4, 3, 2], &mut t);
    random_layers(&mut rng, "policy", &[4 + 3, 6, 1], &mut t);
    t
}

pub(crate) fn metadata() -> HashMap<String, String> {
    [
        ("format", NET_FORMAT),
        ("version", "1"),
        ("game", "toy"),
        ("encoding_version", "3"),
        ("position_features", "5"),
        ("move_features", "3"),
        ("manifest", "{\"steps\": 0}"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

pub(crate) fn file(tensors: &Tensors, meta: HashMap<String, String>) -> Vec<u8> {
    let bytes: Vec<(String, Vec<usize>, Vec<u8>)> = tensors
        .iter()
        .map(|(n, shape, v)| (n.clone(), shape.clone(), v.iter().flat_map(|x| x.to_le_bytes()).collect()))
        .collect();
    let views = bytes.iter().map(|(n, shape, b)| (n.clone(), TensorView::new(Dtype::F32, shape.clone(), b).unwrap()));
    safetensors::serialize(views, Some(meta)).unwrap()
}

/// y = W x + b, loop by loop, W being [out, in].
fn linear(t: &Tensors, name: &str, x: &[f32]) -> Vec<f32> {
    let find = |n: String| t.iter().find(|(m, _, _)| *m == n).unwrap();
    let (_, shape, w) = find(format!("{name}.weight"));
    let (_, _, b) = find(format!("{name}.bias"));
    (0..shape[0]).map(|o| b[o] + (0..shape[1]).map(|i| w[o * shape[1] + i] * x[i]).sum::<f32>()).collect()
}

fn relu(v: Vec<f32>) -> Vec<f32> {
    v.into_iter().map(|x| x.max(0.0)).collect()
}

/// The policy head of [`tiny`]'s shape over the trunk's `h` and each move's 3
/// features, then the softmax over the moves, loop by loop.
fn reference_priors(t: &Tensors, h: &[f32], moves: &[f32]) -> Vec<f32> {
    let logits: Vec<f32> = moves
        .chunks(3)
        .map(|mv| {
            let x: Vec<f32> = h.iter().chain(mv).copied().collect();
            linear(t, "policy.1", &relu(linear(t, "policy.0", &x)))[0]
        })
        .collect();
    let total: f32 = logits.iter().map(|l| l.exp()).sum();
    logits.iter().map(|l| l.exp() / total).collect()
}

#[test]
fn the_forward_pass_is_the_plain_reference() {
    for seed in 0..20 {
        let t = tiny(seed);
        let net = Net::from_bytes(&file(&t, metadata())).unwrap();
        assert_eq!(net.info.game, "toy");
        assert_eq!((net.info.position_features, net.info.move_features, net.info.encoding_version), (5, 3, 3));
        let mut rng = SplitMix64::new(seed + 100);
        let mut draw = |n: usize| (0..n).map(|_| rng.below(1000) as f32 / 500.0 - 1.0).collect::<Vec<f32>>();
        let (position, moves) = (draw(5), draw(3 * 7));
        let (win, margin) = net.value(&position, 2);
        let priors = net.priors(&position, &moves);
        let h = relu(linear(&t, "trunk.1", &relu(linear(&t, "trunk.0", &position))));
        let v = linear(&t, "value.1", &relu(linear(&t, "value.0", &h)));
        assert!((win - 1.0 / (1.0 + (-f64::from(v[0])).exp())).abs() < 1e-6, "seed {seed}");
        assert!((margin - 50.0 * f64::from(v[1]).tanh()).abs() < 1e-4, "seed {seed}");
        assert_eq!(priors.len(), 7);
        for (p, want) in priors.iter().zip(reference_priors(&t, &h, &moves)) {
            assert!((p - want).abs() < 1e-6, "seed {seed}: {p} vs {want}");
        }
        assert!(net.priors(&position, &[]).is_empty(), "no moves, no priors");
    }
}

#[test]
fn subnormal_weights_are_read_as_zero() {
    // Every product with a subnormal weight is a slow path on many x86
    // processors; the reader keeps none, and leaves every other weight alone.
    let mut t = tiny(7);
    let tiny_weight = f32::MIN_POSITIVE / 4.0;
    assert!(tiny_weight.is_subnormal() && (-tiny_weight).is_subnormal());
    for (i, x) in t[0].2.iter_mut().enumerate().filter(|(i, _)| i % 3 == 0) {
        *x = if i % 2 == 0 { tiny_weight } else { -tiny_weight };
    }
    t[1].2[0] = f32::MIN_POSITIVE; // the smallest normal number stays
    let net = Net::from_bytes(&file(&t, metadata())).unwrap();
    let layers = net.trunk.iter().chain(&net.value).chain(&net.policy);
    assert!(layers.flat_map(|l| l.w.iter().chain(&l.b)).all(|x| !x.is_subnormal()));
    // trunk.0's weight is [out 4, in 5] in the file and [in, out] in the reader.
    let w = &net.trunk[0].w;
    for (i, &x) in t[0].2.iter().enumerate() {
        let read = w[[i % 5, i / 5]];
        assert_eq!(read, if i % 3 == 0 { 0.0 } else { x }, "weight {i}");
    }
    assert_eq!(net.trunk[0].b[0], f32::MIN_POSITIVE);
}

#[test]
fn a_malformed_network_file_is_refused_with_its_reason() {
    let t = tiny(1);
    let with = |key: &str, value: &str| {
        let mut m = metadata();
        m.insert(key.to_string(), value.to_string());
        file(&t, m)
    };
    let without = |key: &str| {
        let mut m = metadata();
        m.remove(key);
        file(&t, m)
    };
    let mut short = t.clone();
    short.retain(|(n, _, _)| !n.starts_with("policy.1"));
    let mut wide = t.clone();
    wide[0] = ("trunk.0.weight".into(), vec![4, 6], vec![0.0; 24]);
    let mut nan = t.clone();
    nan[3].2[0] = f32::NAN;
    let mut no_bias = t.clone();
    no_bias.retain(|(n, _, _)| n != "value.0.bias");
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"not a network".to_vec(), "not safetensors"),
        (Vec::new(), "not safetensors"),
        (with("format", "other"), "\"format\" must be \"pavilion-net\""),
        (with("version", "2"), "version 2 is not read here"),
        (with("position_features", "five"), "\"position_features\" must be a whole number"),
        (with("mix", "1.5"), "\"mix\" must be a number from 0 to 1, not '1.5'"),
        (with("mix", "NaN"), "\"mix\" must be a number from 0 to 1"),
        (without("game"), "the metadata has no \"game\""),
        (file(&short, metadata()), "the policy head must end in 1 number"),
        (file(&wide, metadata()), "trunk.0 has shape [4, 6] and bias [4]; it takes 5 inputs"),
        (file(&nan, metadata()), "trunk.1 holds a value that is not finite"),
        (file(&no_bias, metadata()), "value.0 has no bias"),
    ];
    for (bytes, why) in cases {
        let e = Net::from_bytes(&bytes).unwrap_err();
        assert!(matches!(e, Error::Notation(_)), "{e}");
        assert!(e.to_string().starts_with("network file: ") && e.to_string().contains(why), "{why}: {e}");
    }
}

#[test]
fn a_network_names_the_game_and_encoding_it_reads() {
    let net = Net::from_bytes(&file(&tiny(2), metadata())).unwrap();
    let info = |game, version, position_features, move_features, prefixes| EncodingInfo {
        game,
        version,
        position_features,
        move_features,
        board_features: 0,
        board_seats: 0,
        prefixes,
    };
    assert!(net.check_game(&info("toy", 3, 5, 3, &[])).is_ok());
    let e = net.check_game(&info("akropolis", 1, 214, 48, &[])).unwrap_err().to_string();
    assert_eq!(e, "the network reads 'toy' encoding 3 (5 + 3 features), not akropolis encoding 1 (214 + 48)");
    // Encoding 4 appends to 3's five features: the network reads them; not if 3 had six.
    assert!(net.check_game(&info("toy", 4, 9, 3, &[(3, 5)])).is_ok());
    assert!(net.check_game(&info("toy", 4, 9, 3, &[(3, 6)])).is_err());
    assert!(net.check_game(&info("toy", 4, 9, 4, &[(3, 5)])).is_err(), "the move features never grow");
}

#[test]
fn a_network_of_an_earlier_encoding_reads_the_first_features_only() {
    let net = Net::from_bytes(&file(&tiny(4), metadata())).unwrap();
    let position = [0.3, -0.2, 0.9, 0.1, 0.5];
    let longer = [0.3, -0.2, 0.9, 0.1, 0.5, 7.0, -7.0];
    assert_eq!(net.value(&position, 2), net.value(&longer, 2));
    let moves = [0.1, 0.2, 0.3, -0.4, 0.5, 0.6];
    assert_eq!(net.priors(&position, &moves), net.priors(&longer, &moves));
}

#[test]
fn the_forward_pass_equals_pytorch_s_on_the_golden_network() {
    // seeds/nets/tiny-akropolis.*: a small network and its outputs computed
    // by PyTorch on random encodings (scripts/make_golden_net.py).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../seeds/nets");
    let net = Net::load(&dir.join("tiny-akropolis.safetensors")).unwrap();
    assert_eq!((net.info.game.as_str(), net.info.position_features, net.info.move_features), ("akropolis", 214, 48));
    let golden: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("tiny-akropolis.json")).unwrap()).unwrap();
    let floats = |v: &serde_json::Value| -> Vec<f32> {
        v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap() as f32).collect()
    };
    let cases = golden["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 3);
    for case in cases {
        let (position, moves) = (floats(&case["position"]), floats(&case["moves"]));
        let (win, margin) = net.value(&position, 2);
        assert!((win - case["win"].as_f64().unwrap()).abs() < 1e-5, "{win} vs {}", case["win"]);
        // 1e-5 of the network's output, which the margin scales by 50 points.
        assert!((margin - case["margin"].as_f64().unwrap()).abs() < 5e-4, "{margin} vs {}", case["margin"]);
        let priors = net.priors(&position, &moves);
        let want = floats(&case["priors"]);
        assert_eq!(priors.len(), want.len());
        for (p, w) in priors.iter().zip(&want) {
            assert!((p - w).abs() < 1e-5, "{p} vs {w}");
        }
    }
}

#[test]
fn a_network_valuing_every_seat_equals_pytorch_s_on_its_golden_network() {
    // seeds/nets/tiny-akropolis-seats.*: PyTorch's win shares and margins at 2, 3 and 4 players.
    seat_values_equal_pytorch_s("tiny-akropolis-seats", 0);
}

#[test]
fn a_network_seeing_the_board_equals_pytorch_s_on_its_golden_network() {
    // seeds/nets/tiny-akropolis-board.*: PyTorch's embedding bag over the lit
    // board features, which the file keeps as the first layer's last columns.
    seat_values_equal_pytorch_s("tiny-akropolis-board", 40);
}

/// The golden network `name` (its board features `board_features`) gives
/// PyTorch's win shares, margins and priors on each of its cases.
fn seat_values_equal_pytorch_s(name: &str, board_features: usize) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../seeds/nets");
    let net = Net::load(&dir.join(format!("{name}.safetensors"))).unwrap();
    assert!(net.info.seat_values);
    assert_eq!(net.info.board_features, board_features);
    let golden: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap()).unwrap();
    let floats =
        |v: &serde_json::Value| -> Vec<f64> { v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect() };
    let cases = golden["cases"].as_array().unwrap();
    assert_eq!(cases.iter().map(|c| c["players"].as_u64().unwrap()).collect::<Vec<_>>(), [2, 3, 4]);
    for case in cases {
        let position: Vec<f32> = floats(&case["position"]).into_iter().map(|x| x as f32).collect();
        let moves: Vec<f32> = floats(&case["moves"]).into_iter().map(|x| x as f32).collect();
        let board: Vec<u32> = case
            .get("board")
            .map_or(Vec::new(), |b| b.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as u32).collect());
        let (wins, margins) = net.values_seeing(&position, &board, case["players"].as_u64().unwrap() as usize);
        for (w, want) in wins.iter().zip(floats(&case["wins"])) {
            assert!((w - want).abs() < 1e-5, "{w} vs {want}");
        }
        for (m, want) in margins.iter().zip(floats(&case["margins"])) {
            assert!((m - want).abs() < 5e-4, "{m} vs {want}");
        }
        for (p, want) in net.priors_seeing(&position, &board, &moves).iter().zip(floats(&case["priors"])) {
            assert!((f64::from(*p) - want).abs() < 1e-5, "{p} vs {want}");
        }
    }
}

#[test]
fn a_network_says_the_player_count_it_learned_for_where_its_manifest_does() {
    let net = Net::from_bytes(&file(&tiny(2), metadata())).unwrap();
    assert_eq!(net.info.players(), None, "{{\"steps\": 0}} names no data");
    let mut meta = metadata();
    meta.insert("manifest".into(), r#"{"data": {"players": 3, "games": 10}}"#.into());
    assert_eq!(Net::from_bytes(&file(&tiny(2), meta)).unwrap().info.players(), Some(3));
}

#[test]
fn a_shipped_network_is_read_once_and_checked_against_its_folder() {
    let for_players = |players: usize| -> &'static [u8] {
        let mut meta = metadata();
        meta.insert("manifest".into(), format!(r#"{{"data": {{"players": {players}}}}}"#));
        Box::leak(file(&tiny(5 + players as u64), meta).into_boxed_slice())
    };
    let bytes = for_players(2);
    let toy = EncodingInfo {
        game: "toy",
        version: 3,
        position_features: 5,
        move_features: 3,
        board_features: 0,
        board_seats: 0,
        prefixes: &[],
    };
    let unsaid =
        ShippedNet::new(2, "seeds/nets/akropolis-gen4", Box::leak(file(&tiny(5), metadata()).into_boxed_slice()));
    assert!(unsaid.check(&toy, env!("CARGO_MANIFEST_DIR")).unwrap_err().contains("data.players is not 2"));
    let shipped = ShippedNet::new(2, "seeds/nets/akropolis-gen4", bytes);
    assert!(std::sync::Arc::ptr_eq(&shipped.get(), &shipped.get()), "read once");
    let e = shipped.check(&toy, env!("CARGO_MANIFEST_DIR")).unwrap_err();
    assert!(e.ends_with("seeds/nets/akropolis-gen4/net.safetensors is not the embedded network"), "{e}");
    let other = EncodingInfo { game: "chess", ..toy };
    assert!(shipped.check(&other, env!("CARGO_MANIFEST_DIR")).unwrap_err().contains("not chess encoding 3"));
    let nowhere = ShippedNet::new(2, "seeds/nets/no-such-folder", bytes);
    assert!(nowhere.check(&toy, env!("CARGO_MANIFEST_DIR")).unwrap_err().contains("no-such-folder"));
}

#[test]
fn each_player_count_takes_its_own_shipped_network_or_else_the_first() {
    let net = |players: usize| -> &'static [u8] {
        let mut meta = metadata();
        meta.insert("manifest".into(), format!(r#"{{"data": {{"players": {players}}}}}"#));
        Box::leak(file(&tiny(10 + players as u64), meta).into_boxed_slice())
    };
    let nets: &'static [ShippedNet] =
        Box::leak(Box::new([ShippedNet::new(2, "two", net(2)), ShippedNet::new(4, "four", net(4))]));
    assert_eq!(ShippedNet::for_players(nets, 2).info.players(), Some(2));
    assert_eq!(ShippedNet::for_players(nets, 4).info.players(), Some(4));
    assert!(std::sync::Arc::ptr_eq(&ShippedNet::for_players(nets, 3), &nets[0].get()), "none of its own: the first");
}

/// [`tiny`] with a value head valuing every seat (3 → 8 outputs).
fn tiny_seats(seed: u64) -> Tensors {
    let mut rng = SplitMix64::new(seed);
    let mut t = Vec::new();
    random_layers(&mut rng, "trunk", &[5, 4, 4], &mut t);
    random_layers(&mut rng, "value", &[4, 3, SEAT_VALUE_OUTPUTS], &mut t);
    random_layers(&mut rng, "policy", &[4 + 3, 6, 1], &mut t);
    t
}

#[test]
fn a_network_valuing_every_seat_gives_a_softmax_over_the_seats_in_the_game() {
    for seed in 0..20 {
        let t = tiny_seats(seed);
        let net = Net::from_bytes(&file(&t, metadata())).unwrap();
        assert!(net.info.seat_values);
        let position: Vec<f32> = (0..5).map(|i| (i as f32 - 2.0) / 3.0 + seed as f32 / 40.0).collect();
        let h = relu(linear(&t, "trunk.1", &relu(linear(&t, "trunk.0", &position))));
        let v = linear(&t, "value.1", &relu(linear(&t, "value.0", &h)));
        for players in 2..=4 {
            let (wins, margins) = net.values(&position, players);
            let total: f64 = v[..players].iter().map(|&l| f64::from(l).exp()).sum();
            for s in 0..MAX_PLAYERS {
                let (want_win, want_margin) = if s < players {
                    (f64::from(v[s]).exp() / total, 50.0 * f64::from(v[MAX_PLAYERS + s]).tanh())
                } else {
                    (0.0, 0.0)
                };
                assert!((wins[s] - want_win).abs() < 1e-6, "seed {seed}, {players} players, seat {s}");
                assert!((margins[s] - want_margin).abs() < 1e-4, "seed {seed}, {players} players, seat {s}");
            }
            assert!((wins.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert_eq!(net.value(&position, players), (wins[0], margins[0]));
        }
    }
}

#[test]
fn a_network_of_the_movers_value_shares_the_rest_among_the_others() {
    let net = Net::from_bytes(&file(&tiny(4), metadata())).unwrap();
    assert!(!net.info.seat_values);
    let position = [0.5, -0.25, 1.0, 0.0, 0.75];
    let (win, margin) = net.value(&position, 2);
    for players in 2..=4 {
        let (wins, margins) = net.values(&position, players);
        assert_eq!((wins[0], margins[0]), (win, margin), "the mover's value does not depend on the count");
        for s in 1..players {
            assert!((wins[s] - (1.0 - win) / (players - 1) as f64).abs() < 1e-12);
            assert_eq!(margins[s], -margin);
        }
        assert!(wins[players..].iter().chain(&margins[players..]).all(|&x| x == 0.0), "padding");
    }
}

#[test]
fn a_value_head_of_another_width_is_refused() {
    let mut rng = SplitMix64::new(9);
    let mut t = Vec::new();
    random_layers(&mut rng, "trunk", &[5, 4], &mut t);
    random_layers(&mut rng, "value", &[4, 3], &mut t);
    random_layers(&mut rng, "policy", &[4 + 3, 1], &mut t);
    let e = Net::from_bytes(&file(&t, metadata())).unwrap_err().to_string();
    assert!(e.contains("the value head must end in 2 numbers") && e.contains("or 8"), "{e}");
}

/// [`tiny`] seeing a board of 6 features: its first layer takes 5 + 6 inputs.
fn tiny_seeing(seed: u64) -> (Tensors, HashMap<String, String>) {
    seeing(seed, 5, [4, 4], 3)
}

/// A network of `position` features and 6 of the board, its trunk
/// `position + 6 → trunk[0] → trunk[1]`, its value head one hidden layer of
/// `value` wide, and 3 move features.
fn seeing(seed: u64, position: usize, trunk: [usize; 2], value: usize) -> (Tensors, HashMap<String, String>) {
    let mut rng = SplitMix64::new(seed);
    let mut t = Vec::new();
    random_layers(&mut rng, "trunk", &[position + 6, trunk[0], trunk[1]], &mut t);
    random_layers(&mut rng, "value", &[trunk[1], value, 2], &mut t);
    random_layers(&mut rng, "policy", &[trunk[1] + 3, 6, 1], &mut t);
    let mut meta = metadata();
    meta.insert("position_features".into(), position.to_string());
    meta.insert("board_features".into(), "6".into());
    (t, meta)
}

#[test]
fn a_network_seeing_the_board_adds_the_rows_of_the_board_s_lit_features() {
    for seed in 0..10 {
        let (t, meta) = tiny_seeing(seed);
        let net = Net::from_bytes(&file(&t, meta)).unwrap();
        assert_eq!(net.info.board_features, 6);
        let mut rng = SplitMix64::new(seed + 100);
        let mut draw = |n: usize| (0..n).map(|_| rng.below(1000) as f32 / 500.0 - 1.0).collect::<Vec<f32>>();
        let (position, moves) = (draw(5), draw(3 * 4));
        for board in [vec![], vec![1u32, 4], vec![0, 2, 3, 5], vec![1, 1, 1, 3, 5, 5]] {
            // The reference: the board as six counts after the position's.
            let mut x = position.clone();
            x.extend((0..6).map(|i| board.iter().filter(|&&j| j == i).count() as f32));
            let h = relu(linear(&t, "trunk.1", &relu(linear(&t, "trunk.0", &x))));
            let v = linear(&t, "value.1", &relu(linear(&t, "value.0", &h)));
            let (win, margin) = net.values_seeing(&position, &board, 2);
            assert!((win[0] - 1.0 / (1.0 + (-f64::from(v[0])).exp())).abs() < 1e-6, "seed {seed} {board:?}");
            assert!((margin[0] - 50.0 * f64::from(v[1]).tanh()).abs() < 1e-4, "seed {seed} {board:?}");
            for (p, want) in net.priors_seeing(&position, &board, &moves).iter().zip(reference_priors(&t, &h, &moves)) {
                assert!((p - want).abs() < 1e-6, "seed {seed} {board:?}");
            }
        }
        // Without a board, the board's inputs count as 0.
        assert_eq!(net.values(&position, 2), net.values_seeing(&position, &[], 2));
    }
}

#[test]
fn a_network_seeing_the_board_reads_only_the_encoding_whose_board_it_learned() {
    let (t, meta) = tiny_seeing(1);
    let net = Net::from_bytes(&file(&t, meta.clone())).unwrap();
    let toy = |version, board_features| EncodingInfo {
        game: "toy",
        version,
        position_features: 5,
        move_features: 3,
        board_features,
        board_seats: 2,
        prefixes: &[(3, 5)],
    };
    assert!(net.check_game(&toy(3, 6)).is_ok());
    // Two seats of 6: the network kept the first seat's rows.
    assert!(net.check_game(&toy(3, 12)).is_ok());
    let e = net.check_game(&toy(3, 8)).unwrap_err().to_string();
    assert_eq!(e, "the network reads 6 board features of 'toy' encoding 3, not the 8 of encoding 3 (4 a seat)");
    // A later encoding keeps the position's prefix, but its board is another.
    assert!(net.check_game(&toy(4, 6)).unwrap_err().to_string().contains("not the 6 of encoding 4"));
    // A seat the network never saw lights features past its rows: they count as 0.
    let position = [0.5, -0.25, 1.0, 0.0, 0.75];
    assert_eq!(net.values_seeing(&position, &[2, 7, 11], 2), net.values_seeing(&position, &[2], 2));
    // A network not seeing the board reads any encoding's position prefix.
    let plain = Net::from_bytes(&file(&tiny(1), metadata())).unwrap();
    assert!(plain.check_game(&toy(4, 6)).is_ok());
    // The first layer must take the position's and the board's features.
    let mut short = meta;
    short.insert("board_features".into(), "5".into());
    let e = Net::from_bytes(&file(&t, short)).unwrap_err().to_string();
    assert!(e.contains("trunk.0 has shape [4, 11] and bias [4]; it takes 10 inputs"), "{e}");
}

#[test]
fn the_blocked_sums_are_the_row_by_row_sums_bit_for_bit() {
    // `accumulate` holds blocks of outputs in registers and is compiled for
    // several vector widths; each output must still be the same sum, in the
    // same order, as adding one row after another.
    let mut rng = SplitMix64::new(7);
    let mut draw = |n: usize| (0..n).map(|_| (rng.below(2_000_001) as f32 - 1e6) / 3e5).collect::<Vec<f32>>();
    for width in [1, 2, 31, 32, 33, 64, 100, 128] {
        let rows = 50;
        let (w, start, ks) = (draw(rows * width), draw(width), draw(rows));
        let terms: Vec<(usize, f32)> = (0..rows).rev().step_by(3).map(|i| (i, ks[i])).collect();
        let mut blocked = start.clone();
        accumulate(&mut blocked, &w, &terms);
        let mut plain = start;
        for &(i, k) in &terms {
            for (p, &r) in plain.iter_mut().zip(&w[i * width..(i + 1) * width]) {
                *p += k * r;
            }
        }
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&blocked), bits(&plain), "width {width}");
    }
}

/// A network of 40 position features and 6 of the board, its trunk 46 → 64
/// → 40: wide enough for whole blocks of outputs and a remainder.
fn wide_seeing(seed: u64) -> Net {
    let (t, meta) = seeing(seed, 40, [64, 40], 16);
    Net::from_bytes(&file(&t, meta)).unwrap()
}

#[test]
fn a_position_near_an_anchor_is_valued_as_afresh() {
    for seed in 0..10 {
        let net = wide_seeing(seed);
        let mut rng = SplitMix64::new(seed + 100);
        // Sparse features, as an encoding's: about a third lit.
        let mut sparse = |n: usize| {
            (0..n).map(|_| if rng.below(3) == 0 { rng.below(1000) as f32 / 250.0 } else { 0.0 }).collect::<Vec<f32>>()
        };
        let anchored = sparse(40);
        let anchor = net.anchor(&anchored);
        let mut near = anchored.clone();
        (near[3], near[17], near[39]) = (0.0, 1.5, near[39] + 0.25);
        let far = sparse(40);
        for (position, board) in [(&anchored, vec![]), (&near, vec![1u32, 1, 4]), (&far, vec![0, 5])] {
            let (want_wins, want_margins) = net.values_seeing(position, &board, 3);
            let (wins, margins) = net.values_near(&anchor, position, &board, 3);
            for s in 0..3 {
                assert!((wins[s] - want_wins[s]).abs() < 1e-5, "seed {seed}: {wins:?} vs {want_wins:?}");
                assert!((margins[s] - want_margins[s]).abs() < 1e-3, "seed {seed}: {margins:?} vs {want_margins:?}");
            }
        }
        // A position as far from the anchor as from nothing is valued
        // afresh: the very same numbers.
        let unlike: Vec<f32> = anchored.iter().map(|&x| if x == 0.0 { 1.0 } else { 0.0 }).collect();
        assert_eq!(net.values_near(&anchor, &unlike, &[], 2), net.values_seeing(&unlike, &[], 2), "seed {seed}");
    }
}
