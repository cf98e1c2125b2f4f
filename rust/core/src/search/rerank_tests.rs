//! `rerank`: a node visited often enough orders the moves it has not opened
//! yet by the network's value of the position after each, so the widening
//! opens the network's favourites next rather than the game's quick
//! judgement's. On a toy whose quick judgement is exactly wrong.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::{SearchConfig, Searcher};
use crate::game::Game;
use crate::net::tests::{file, metadata, Tensors};
use crate::net::Net;
use crate::rng::SplitMix64;

/// Moves a pick chooses from.
const CHOICES: u32 = 60;

thread_local! {
    /// Positions this thread has encoded for the network (a one-thread search runs on its caller's).
    static ENCODED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The first player picks a number below [`CHOICES`], the second answers
/// with its only move, and the first wins when the pick is one of the three
/// highest. The game's quick judgement ranks the picks lowest first.
#[derive(Clone, Debug)]
struct Pick {
    picked: Option<u32>,
    answered: bool,
}

impl Game for Pick {
    type Move = u32;
    type MoveList = Vec<u32>;

    fn num_players(&self) -> usize {
        2
    }
    fn current_player(&self) -> usize {
        usize::from(self.picked.is_some())
    }
    fn is_over(&self) -> bool {
        self.answered
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.clear();
        match self.picked {
            None => out.extend(0..CHOICES),
            Some(_) => out.push(0),
        }
    }
    fn is_legal(&self, m: &u32) -> bool {
        if self.picked.is_none() {
            *m < CHOICES
        } else {
            *m == 0
        }
    }
    fn play_unchecked(&mut self, m: &u32) {
        match self.picked {
            None => self.picked = Some(*m),
            Some(_) => self.answered = true,
        }
    }
    fn random_move(&self, rng: &mut SplitMix64, _scratch: &mut Vec<u32>) -> u32 {
        if self.picked.is_none() {
            rng.below(CHOICES)
        } else {
            0
        }
    }
    fn redraw_hidden(&mut self, _seed: u64) {}
    fn standing(&self, seat: usize) -> (i64, i64) {
        let first_wins = self.picked.is_some_and(|p| p >= CHOICES - 3);
        (i64::from((seat == 0) == first_wins), 0)
    }
    fn greedy_value(&self, _m: &u32) -> f64 {
        0.0
    }
    /// Exactly wrong: the lowest pick first.
    fn move_prior(&self, m: &u32) -> f64 {
        -f64::from(*m)
    }
    fn widening() -> Option<(f64, f64)> {
        Some((2.0, 0.5))
    }
    fn net_rerank() -> u32 {
        8
    }
    fn encoding() -> Option<crate::net::EncodingInfo> {
        Some(crate::net::EncodingInfo {
            game: "pick",
            version: 1,
            position_features: 2,
            move_features: 1,
            board_features: 0,
            board_seats: 0,
            prefixes: &[],
        })
    }
    /// The pick as a share of the choices, and the mover.
    fn encode_position(&self, out: &mut Vec<f32>) {
        ENCODED.with(|n| n.set(n.get() + 1));
        out.clear();
        out.extend([self.picked.map_or(0.0, |p| p as f32 / CHOICES as f32), self.current_player() as f32]);
    }
    fn encode_moves(&self, moves: &[u32], out: &mut Vec<f32>) {
        out.extend(moves.iter().map(|_| 0.0));
    }
}

/// [`knowing_net`]'s file.
fn knowing_net_file() -> Vec<u8> {
    let t: Tensors = vec![
        ("trunk.0.weight".into(), vec![1, 2], vec![1.0, 0.0]),
        ("trunk.0.bias".into(), vec![1], vec![0.0]),
        ("value.0.weight".into(), vec![2, 1], vec![-20.0, 0.0]),
        ("value.0.bias".into(), vec![2], vec![18.0, 0.0]),
        ("policy.0.weight".into(), vec![1, 2], vec![0.0, 0.0]),
        ("policy.0.bias".into(), vec![1], vec![0.0]),
    ];
    let mut meta = metadata();
    let pick = [("game", "pick"), ("encoding_version", "1"), ("position_features", "2"), ("move_features", "1")];
    for (k, v) in pick {
        meta.insert(k.to_string(), v.to_string());
    }
    file(&t, meta)
}

/// A network that knows the game: after a pick p (a share s of the
/// choices), the second player to move wins with logistic(20 · (0.9 - s)),
/// so the higher the pick, the better for the first player.
fn knowing_net() -> Arc<Net> {
    Arc::new(Net::from_bytes(&knowing_net_file()).unwrap())
}

fn search(rerank: u32, iterations: u64) -> super::SearchResult<u32> {
    search_with(SearchConfig { rerank, ..SearchConfig::default() }, iterations)
}

fn search_with(cfg: SearchConfig, iterations: u64) -> super::SearchResult<u32> {
    let cfg = SearchConfig { seed: 1, net: Some(knowing_net()), ..cfg };
    let mut s = Searcher::new(&Pick { picked: None, answered: false }, cfg);
    s.run(Some(iterations), None, &AtomicBool::new(false));
    s.result(2)
}

/// The first player's win share after `pick` as [`knowing_net`] judges it.
fn first_wins_after(pick: u32) -> f64 {
    let share = pick as f32 / CHOICES as f32;
    1.0 - 1.0 / (1.0 + (-f64::from(18.0 - 20.0 * share)).exp())
}

/// The root's visits over all its moves.
fn root_visits(r: &super::SearchResult<u32>) -> u64 {
    r.moves.iter().map(|m| m.visits).sum()
}

#[test]
fn a_reranked_node_opens_the_network_s_favourites_next() {
    // 100 walks open ceil(2 · √101) = 21 picks: the game's lowest, all lost.
    let plain = search(0, 100);
    assert!(plain.moves.iter().filter(|m| m.visits > 0).all(|m| m.mv <= 20), "{:?}", plain.moves);
    assert!(plain.best().unwrap() < CHOICES - 3);
    // Reranked at 8 walks, the picks not yet opened (all but the lowest six)
    // are opened highest first: the winning ones come next and win.
    let reranked = search(8, 100);
    assert!(reranked.best().unwrap() >= CHOICES - 3, "{:?}", reranked.moves);
    assert!(reranked.moves[0].win_rate.is_some_and(|w| w > 0.8), "{:?}", reranked.moves);
    // The six picks opened before the rerank kept their walks.
    let early = |r: &super::SearchResult<u32>, mv: u32| r.moves.iter().find(|m| m.mv == mv).unwrap().visits;
    assert!((0..6).all(|mv| early(&reranked, mv) > 0), "{:?}", reranked.moves);
    // A node not yet visited that often is not reranked.
    let early_stop = search(200, 100);
    assert_eq!(
        early_stop.moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>(),
        plain.moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>()
    );
}

#[test]
fn a_network_search_reranks_at_the_game_s_walks_unless_told() {
    use crate::agents::{guide_search, mcts_agent_from_spec, NetGiven};
    let dir = std::env::temp_dir().join(format!("pavilion-rerank-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pick.safetensors");
    std::fs::write(&path, knowing_net_file()).unwrap();
    let rerank = |spec: String| mcts_agent_from_spec::<Pick>(&spec, 0).unwrap().cfg.rerank;
    assert_eq!(rerank("mcts".into()), 0, "without a network, never");
    assert_eq!(rerank(format!("mcts:net={}", path.display())), Pick::net_rerank());
    assert_eq!(rerank(format!("mcts:net={},rerank=0", path.display())), 0, "a given rerank stands");
    assert_eq!(rerank(format!("mcts:rerank=40,net={}", path.display())), 40, "in any order");
    let e = mcts_agent_from_spec::<Pick>("mcts:rerank=-3", 0).err().unwrap().to_string();
    assert!(e.contains("rerank '-3': expected a whole number from 0 to"), "{e}");
    let mut cfg = SearchConfig { rerank: 5, ..SearchConfig::default() };
    let name = path.display().to_string();
    guide_search::<Pick>(&mut cfg, &name, NetGiven { rerank: true, ..NetGiven::default() }, 2).unwrap();
    assert_eq!(cfg.rerank, 5, "a search built from options keeps the rerank it was given");
    guide_search::<Pick>(&mut cfg, &name, NetGiven::default(), 2).unwrap();
    assert_eq!(cfg.rerank, Pick::net_rerank());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reranked_node_s_new_moves_start_with_their_value_as_a_walk() {
    // Six picks were opened by walks before the rerank at 8; each opened
    // after it starts with one visit of its own, the network's value, that
    // no walk paid for. (With little exploration, the losing ones stay at
    // that one visit: their value says enough.)
    let r = search_with(SearchConfig { rerank: 8, exploration: 0.05, ..SearchConfig::default() }, 100);
    let opened = r.moves.iter().filter(|m| m.visits > 0).count() as u64;
    assert_eq!(root_visits(&r), r.iterations + (opened - 6), "{:?}", r.moves);
    let seeded = r.moves.iter().filter(|m| m.mv >= 6 && m.visits > 0);
    let (alone, walked): (Vec<&super::MoveStats<u32>>, Vec<_>) = seeded.partition(|m| m.visits == 1);
    assert!(!alone.is_empty() && !walked.is_empty(), "{:?}", r.moves);
    for m in alone {
        // Its value is the network's after the pick, and nothing was made below it.
        let w = m.win_rate.unwrap();
        assert!((w - first_wins_after(m.mv)).abs() < 1e-5, "pick {}: {w}", m.mv);
        assert_eq!(m.pv, vec![m.mv], "no walk went below pick {}", m.mv);
    }
    // The first walk that took a seeded pick went on below it: the answer is in its line.
    for m in walked {
        assert_eq!(m.pv, vec![m.mv, 0], "pick {}", m.mv);
    }
    assert!(r.best().unwrap() >= CHOICES - 3, "{:?}", r.moves);
}

#[test]
fn seeds_only_where_a_leaf_is_the_network_s_value_alone() {
    // Mixed with a rollout, a walk's value is not the network's: moves open by walks.
    let mixed = search_with(SearchConfig { rerank: 8, net_mix: 0.5, ..SearchConfig::default() }, 100);
    assert_eq!(root_visits(&mixed), mixed.iterations, "{:?}", mixed.moves);
    assert!(mixed.moves.iter().filter(|m| m.visits > 0).count() > 6, "it reranked and opened more");
}

#[test]
fn threads_sharing_a_tree_open_seeded_moves_too() {
    let cfg = SearchConfig { rerank: 8, threads: 2, parallel: super::Parallel::Tree, ..SearchConfig::default() };
    let r = search_with(cfg, 400);
    let opened = r.moves.iter().filter(|m| m.visits > 0).count() as u64;
    assert!(root_visits(&r) > r.iterations && root_visits(&r) <= r.iterations + opened, "{:?}", r.moves);
    assert!(r.best().unwrap() >= CHOICES - 3, "{:?}", r.moves);
}

#[test]
fn a_node_reranks_only_when_its_widening_opens_a_move() {
    // The window at half the widening holds ceil(√(visits + 1)) picks: 3
    // from 4 walks to 8, 4 from 9. Past its rerank at 5 walks, the root
    // values nothing until its ninth walk opens a fourth pick; then it
    // values the 57 not yet opened.
    let cfg = SearchConfig { seed: 1, rerank: 5, widen: 0.5, net: Some(knowing_net()), ..SearchConfig::default() };
    let mut s = Searcher::new(&Pick { picked: None, answered: false }, cfg);
    let encoded = || ENCODED.with(std::cell::Cell::get);
    let before = encoded();
    s.run(Some(9), None, &AtomicBool::new(false));
    let walks = encoded() - before;
    assert!(walks <= 9, "one value a walk at most, no rerank: {walks}");
    s.run(Some(1), None, &AtomicBool::new(false));
    // The rerank's 57; the walk takes the seeded best pick and goes on below
    // it to the game's end, which needs no value.
    assert_eq!(encoded() - before - walks, 57, "the rerank's values");
    let r = s.result(2);
    let opened: Vec<u32> = r.moves.iter().filter(|m| m.visits > 0).map(|m| m.mv).collect();
    assert_eq!(opened.len(), 4, "{:?}", r.moves);
    assert!(opened.contains(&(CHOICES - 1)), "the fourth pick opened is the network's best: {:?}", r.moves);
}
