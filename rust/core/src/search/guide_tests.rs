//! The search guided by a network, on Nim with networks written by hand: the
//! priors steer the visits, the value replaces the rollouts (or mixes with
//! them), proofs still prove, and a bad `net=` option is one clear error.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::toy_tests::{Hidden, Nim};
use super::{SearchConfig, Searcher};
use crate::net::tests::{file, metadata, Tensors};
use crate::net::Net;

/// A network reading Nim's encoding (heap, mover; each take one-hot) whose
/// value says the mover wins with logistic(`win_logit`) and whose policy
/// gives take k the logit `logits[k - 1]`.
fn hand_net(win_logit: f32, logits: [f32; 3]) -> Arc<Net> {
    Arc::new(Net::from_bytes(&hand_net_file(win_logit, logits)).unwrap())
}

/// [`hand_net`]'s file.
fn hand_net_file(win_logit: f32, logits: [f32; 3]) -> Vec<u8> {
    hand_net_file_with(win_logit, logits, &[])
}

/// [`hand_net`]'s file, with more metadata.
fn hand_net_file_with(win_logit: f32, logits: [f32; 3], more: &[(&str, &str)]) -> Vec<u8> {
    let t: Tensors = vec![
        // The trunk ignores the position: h = relu(1) = 1.
        ("trunk.0.weight".into(), vec![1, 2], vec![0.0, 0.0]),
        ("trunk.0.bias".into(), vec![1], vec![1.0]),
        ("value.0.weight".into(), vec![2, 1], vec![win_logit, 0.0]),
        ("value.0.bias".into(), vec![2], vec![0.0, 0.0]),
        ("policy.0.weight".into(), vec![1, 4], vec![0.0, logits[0], logits[1], logits[2]]),
        ("policy.0.bias".into(), vec![1], vec![0.0]),
    ];
    let mut meta = metadata();
    let nim = [("game", "nim"), ("encoding_version", "1"), ("position_features", "2"), ("move_features", "3")];
    for (k, v) in nim.iter().chain(more) {
        meta.insert(k.to_string(), v.to_string());
    }
    file(&t, meta)
}

/// A search following the network's priors (PUCT) and values.
fn guided(net: Arc<Net>, mix: f64) -> SearchConfig {
    SearchConfig {
        seed: 3,
        net: Some(net),
        net_mix: mix,
        priors: super::Priors::Net,
        exact: super::ExactUse::Off,
        ..SearchConfig::default()
    }
}

fn run(g: &Nim, cfg: SearchConfig, iterations: u64) -> super::SearchResult<u32> {
    let mut s = Searcher::new(g, cfg);
    s.run(Some(iterations), None, &AtomicBool::new(false));
    s.result(4)
}

#[test]
fn the_network_s_value_replaces_the_rollouts() {
    // Every position is worth an even game to its mover: without rollouts
    // each move's win rate is exactly 0.5 (no game ends within 200 walks from 60).
    let r = run(&Nim::at(60), guided(hand_net(0.0, [0.0; 3]), 0.0), 200);
    assert!(r.moves.iter().all(|m| m.win_rate == Some(0.5) && m.margin == Some(0.0)), "{:?}", r.moves);
    // Mixed half and half with rollouts, the win rates move off 0.5.
    let r = run(&Nim::at(60), guided(hand_net(0.0, [0.0; 3]), 0.5), 200);
    assert!(r.moves.iter().any(|m| m.win_rate.is_some_and(|w| (w - 0.5).abs() > 1e-9)));
    // A mover sure to win (p = logistic(4) = 0.982): each leaf gives the root's
    // mover p or 1 - p as it is to move there or not, so a move's summed win
    // rate is a whole number of each.
    let r = run(&Nim::at(60), guided(hand_net(4.0, [0.0; 3]), 0.0), 50);
    let p = 1.0 / (1.0 + (-4.0f64).exp());
    for m in &r.moves {
        let (v, w) = (m.visits as f64, m.win_rate.unwrap());
        let ahead = (w * v - v * (1.0 - p)) / (2.0 * p - 1.0);
        assert!((ahead - ahead.round()).abs() < 1e-6 && (0.0..=v).contains(&ahead.round()), "{m:?}");
    }
}

#[test]
fn the_priors_steer_the_visits() {
    // Values flat, so PUCT spends its visits by the priors. (A heap of 600
    // keeps the game's end, whose outcomes are not flat, beyond every walk.)
    for logits in [[0.0, 3.0, 0.0], [2.0, 0.0, -1.0], [0.0, 0.0, 4.0]] {
        let r = run(&Nim::at(600), guided(hand_net(0.0, logits), 0.0), 150);
        let visits = |take: u32| r.moves.iter().find(|m| m.mv == take).unwrap().visits;
        let favourite = 1 + (0..3).max_by(|&a, &b| logits[a].total_cmp(&logits[b])).unwrap() as u32;
        assert_eq!(r.best(), Some(favourite), "{logits:?}: {:?}", r.moves);
        assert!(
            (1..=3).filter(|&t| t != favourite).all(|t| visits(favourite) > 3 * visits(t)),
            "{logits:?}: {:?}",
            r.moves
        );
    }
}

#[test]
fn with_the_games_priors_the_network_only_judges_leaves() {
    // Priors that pile on take 2, values flat: with `priors=game` the visits
    // ignore the policy (UCB over flat values spreads them evenly), and every
    // leaf is still the network's (win rates exactly 0.5, no rollout).
    let cfg = SearchConfig { priors: super::Priors::Game, ..guided(hand_net(0.0, [0.0, 5.0, 0.0]), 0.0) };
    let r = run(&Nim::at(600), cfg, 150);
    let visits: Vec<u64> = (1..=3).map(|t| r.moves.iter().find(|m| m.mv == t).unwrap().visits).collect();
    assert!(visits.iter().max().unwrap() - visits.iter().min().unwrap() <= 1, "{visits:?}");
    assert!(r.moves.iter().all(|m| m.win_rate == Some(0.5)), "{:?}", r.moves);
    // The same network's priors, followed, give take 2 most of the walks.
    let r = run(&Nim::at(600), guided(hand_net(0.0, [0.0, 5.0, 0.0]), 0.0), 150);
    assert_eq!(r.best(), Some(2));
    assert!(r.moves[0].visits > 100, "{:?}", r.moves);
}

#[test]
fn a_guided_tree_still_proves_what_it_can() {
    // Nim says it draws nothing hidden: finished games prove their nodes, and
    // the root's proven value is minimax's whatever the network thinks.
    for heap in [5, 6, 7, 9] {
        let cfg = SearchConfig { exact: super::ExactUse::Root, ..guided(hand_net(-2.0, [1.0, 0.0, 2.0]), 0.0) };
        let r = run(&Nim::telling(heap, Hidden::Never, 50), cfg, 100_000);
        assert!(r.exact, "heap {heap}");
        let wins = heap % 4 != 0;
        assert_eq!(r.moves[0].win_rate, Some(if wins { 1.0 } else { 0.0 }), "heap {heap}");
        if wins {
            assert_eq!(r.best(), Some(heap % 4), "heap {heap}");
        }
    }
}

#[test]
fn guided_searches_are_the_same_for_the_same_seed() {
    let net = hand_net(0.3, [0.5, 0.1, -0.2]);
    let key = |r: super::SearchResult<u32>| r.moves.iter().map(|m| (m.mv, m.visits, m.win_rate)).collect::<Vec<_>>();
    let a = key(run(&Nim::at(40), guided(net.clone(), 0.3), 300));
    assert_eq!(a, key(run(&Nim::at(40), guided(net, 0.3), 300)));
}

#[test]
fn a_bad_net_option_is_one_clear_error() {
    use crate::agents::agent_from_spec;
    let dir = std::env::temp_dir().join(format!("pavilion-guide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let other = dir.join("other.safetensors");
    let mut meta = metadata();
    meta.insert("game".into(), "chess".into());
    let t: Tensors = vec![
        ("trunk.0.weight".into(), vec![1, 5], vec![0.0; 5]),
        ("trunk.0.bias".into(), vec![1], vec![1.0]),
        ("value.0.weight".into(), vec![2, 1], vec![0.0; 2]),
        ("value.0.bias".into(), vec![2], vec![0.0; 2]),
        ("policy.0.weight".into(), vec![1, 4], vec![0.0; 4]),
        ("policy.0.bias".into(), vec![1], vec![0.0]),
    ];
    std::fs::write(&other, file(&t, meta)).unwrap();
    let garbage = dir.join("garbage.safetensors");
    std::fs::write(&garbage, b"\x00\x01 not a network").unwrap();
    let spec = |path: &std::path::Path| format!("mcts:net={}", path.display());
    let cases = [
        (spec(&dir.join("missing.safetensors")), "missing.safetensors"),
        (spec(&garbage), "not safetensors"),
        (spec(&other), "the network reads 'chess' encoding 3 (5 + 3 features), not nim encoding 1 (2 + 3)"),
        ("mcts:net=".to_string(), "net '': expected a file's path"),
    ];
    for (spec, why) in cases {
        let e = agent_from_spec::<Nim>(&spec, 0).err().expect("refused").to_string();
        assert!(e.starts_with("agent ") && e.contains(why) && !e.contains('\n'), "{spec}: {e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_network_search_explores_less_unless_told() {
    use crate::agents::mcts_agent_from_spec;
    let dir = std::env::temp_dir().join(format!("pavilion-guide-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nim.safetensors");
    std::fs::write(&path, hand_net_file(0.0, [0.0; 3])).unwrap();
    let c = |spec: String| mcts_agent_from_spec::<Nim>(&spec, 0).unwrap().cfg.exploration;
    assert_eq!(c("mcts".into()), SearchConfig::default().exploration);
    assert_eq!(c(format!("mcts:net={}", path.display())), super::NET_EXPLORATION);
    assert_eq!(c(format!("mcts:net={},c=0.9", path.display())), 0.9, "a given c stands");
    assert_eq!(c(format!("mcts:c=0.9,net={}", path.display())), 0.9, "in any order");
    assert!(super::NET_EXPLORATION < SearchConfig::default().exploration);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_network_search_takes_the_network_s_own_mix_unless_told() {
    use crate::agents::{guide_search, mcts_agent_from_spec, NetGiven};
    let dir = std::env::temp_dir().join(format!("pavilion-guide-mix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (plain, mixed) = (dir.join("plain.safetensors"), dir.join("mixed.safetensors"));
    std::fs::write(&plain, hand_net_file(0.0, [0.0; 3])).unwrap();
    std::fs::write(&mixed, hand_net_file_with(0.0, [0.0; 3], &[("mix", "0.25")])).unwrap();
    assert_eq!(hand_net(0.0, [0.0; 3]).info.mix, 0.0, "no mix in the file: none");
    let mix = |spec: String| mcts_agent_from_spec::<Nim>(&spec, 0).unwrap().cfg.net_mix;
    assert_eq!(mix(format!("mcts:net={}", plain.display())), 0.0);
    assert_eq!(mix(format!("mcts:net={}", mixed.display())), 0.25, "the network's own");
    assert_eq!(mix(format!("mcts:net={},mix=0.75", mixed.display())), 0.75, "a given mix stands");
    assert_eq!(mix(format!("mcts:mix=0,net={}", mixed.display())), 0.0, "in any order, 0 too");
    let mut cfg = SearchConfig { net_mix: 0.5, ..SearchConfig::default() };
    guide_search::<Nim>(
        &mut cfg,
        &mixed.display().to_string(),
        NetGiven { exploration: false, mix: true, rerank: false },
        2,
    )
    .unwrap();
    assert_eq!(cfg.net_mix, 0.5, "a search built from options keeps the mix it was given");
    guide_search::<Nim>(&mut cfg, &mixed.display().to_string(), NetGiven::default(), 2).unwrap();
    assert_eq!((cfg.net_mix, cfg.exploration), (0.25, super::NET_EXPLORATION));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A search whose tree follows the game's own judgement (UCB) and whose
/// network judges leaves `at` the leaf or the end of its stage.
fn judged(net: Arc<Net>, at: super::Horizon) -> SearchConfig {
    SearchConfig { seed: 5, net: Some(net), horizon: at, exact: super::ExactUse::Off, ..SearchConfig::default() }
}

#[test]
fn at_the_stage_s_end_the_network_judges_where_the_rollout_stopped() {
    // From 9 stones the stage (heaps 0 to 9) lasts to the game's end: every
    // leaf is played out, so a network that is wrong everywhere (the mover
    // loses) changes nothing, and the search is the rollout search exactly.
    let wrong = hand_net(-4.0, [0.0; 3]);
    let plain = SearchConfig { seed: 5, exact: super::ExactUse::Off, ..SearchConfig::default() };
    let visits =
        |r: &super::SearchResult<u32>| r.moves.iter().map(|m| (m.mv, m.visits, m.win_rate)).collect::<Vec<_>>();
    let rolled = run(&Nim::at(9), plain, 300);
    let staged = run(&Nim::at(9), judged(wrong.clone(), super::Horizon::Stage), 300);
    assert_eq!(visits(&staged), visits(&rolled));
    assert_eq!(staged.moves[0].mv, 1, "take 1 leaves 8, a lost heap for the other side");
    // Judged at the leaf, the wrong network is heard.
    assert_ne!(visits(&run(&Nim::at(9), judged(wrong, super::Horizon::Leaf), 300)), visits(&rolled));
    // From 25 stones no rollout reaches the end: each stops where its stage
    // ends (below 20) and the flat network's 0.5 is all a walk brings back.
    let r = run(&Nim::at(25), judged(hand_net(0.0, [0.0; 3]), super::Horizon::Stage), 200);
    assert!(r.moves.iter().all(|m| m.win_rate == Some(0.5)), "{:?}", r.moves);
    // Played to the end instead (mix 1: the rollout's outcome alone), they are not.
    let mut to_end = judged(hand_net(0.0, [0.0; 3]), super::Horizon::Leaf);
    to_end.net_mix = 1.0;
    assert!(run(&Nim::at(25), to_end, 200).moves.iter().any(|m| m.win_rate != Some(0.5)));
}
