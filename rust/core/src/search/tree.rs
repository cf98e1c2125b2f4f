//! One Monte-Carlo search tree (open loop, re-determinised every iteration).
//!
//! Each iteration copies the root, re-draws the hidden future with the tree's
//! own RNG (`Game::redraw_hidden`), and walks down by move. Statistics live on
//! edges, from the point of view of the player who chose the edge. A node
//! remembers a fingerprint of the legal moves it was created with; when a
//! chance event (new factories, a supply refill, a revealed stack) gives a walk
//! a different move set, the walk stops there and rolls out instead of mixing
//! positions. A game with a `moves_key` has its chance checked by the key
//! instead, and a node's edges are listed only when a walk comes back to it:
//! most nodes are reached once, so most move lists are never needed.
//!
//! With `exact=tree`, where the game has an exact solver
//! (`Game::exact_value`), a node asks it for its value once visited (at 16
//! walks, then at each fourfold), with a budget of a share of the walks
//! already spent there. A solved node keeps its value under the position's
//! public key, and the edge into it trades its rollouts for that value: a
//! later walk that reaches it in the same public position backs the value up
//! instead of rolling out and goes no deeper; a walk that reaches it after
//! another draw of chance goes on searching as before.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use super::policy::Rollout;
use super::{outcome, utility, ExactUse, SearchConfig};
use crate::game::{Game, Values};
use crate::rng::SplitMix64;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
pub struct Edge<M> {
    pub mv: M,
    pub child: u32,
    pub visits: u32,
    /// Sum of win/draw/loss values (1, 1/k for a k-way shared win, 0).
    pub wdl: f64,
    /// Sum of final score margins (own score minus best other score).
    pub margin: f64,
}

struct Node {
    fingerprint: u64,
    /// `NONE` until the node's edges are listed (lazy expansion, with a `moves_key`).
    first_edge: u32,
    num_edges: u32,
    visits: u32,
    unvisited: u32,
}

/// An exact value found for a node, and the public position it holds for.
struct Proof {
    key: u64,
    wdl: Values,
    margin: Values,
}

/// Walks through a node before the search first asks the game for its exact
/// value (a power of 4: it asks again at each fourfold).
const EXACT_FIRST_VISITS: u32 = 16;
/// Share of the walks through a node that an exact attempt there may cost
/// (as MCTS iterations' worth of work): a quarter, so the attempts at 16, 64,
/// 256... walks together cost about a third of the walks.
const EXACT_SHARE: u32 = 4;

pub struct Tree<G: Game> {
    nodes: Vec<Node>,
    edges: Vec<Edge<G::Move>>,
    rng: SplitMix64,
    root: G,
    /// Memory the tree may grow to (edges, nodes and proofs; at least 1,024 edges' worth).
    max_bytes: usize,
    /// Search every legal move rather than the game's `search_moves`.
    all_moves: bool,
    /// Progressive widening `(c, alpha)`, or every move from the first visit.
    widening: Option<(f64, f64)>,
    /// Exact values by node (few: kept beside the nodes, which stay small).
    proofs: HashMap<u32, Proof>,
    pub iterations: u64,
}

/// A fast multiply-rotate hasher: fingerprints need speed, not DoS resistance.
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
    }
}

fn fingerprint<M: Hash>(moves: &[M]) -> u64 {
    let mut h = FoldHasher(moves.len() as u64);
    moves.hash(&mut h);
    h.finish()
}

/// Bytes of tree memory per edge of a game's moves (nodes are few next to edges).
pub const fn edge_bytes<M>() -> usize {
    std::mem::size_of::<Edge<M>>() + 8
}

impl<G: Game> Tree<G> {
    /// A tree for `root`; its root considers `root_moves` when given (legal
    /// moves of `root`), else the game's search moves (or all, with `all_moves`).
    /// With `widening` a node considers its best-prior moves first (see `select`).
    pub fn new(
        root: &G,
        seed: u64,
        max_bytes: usize,
        all_moves: bool,
        widening: Option<(f64, f64)>,
        root_moves: Option<&[G::Move]>,
    ) -> Tree<G> {
        let mut t = Tree {
            nodes: Vec::new(),
            edges: Vec::new(),
            rng: SplitMix64::new(seed),
            root: root.clone(),
            max_bytes: max_bytes.max(1024 * edge_bytes::<G::Move>()),
            all_moves,
            widening,
            proofs: HashMap::new(),
            iterations: 0,
        };
        match root_moves {
            Some(moves) => t.add_node(root, moves),
            None => {
                let mut moves = G::MoveList::default();
                t.moves_at(root, &mut moves);
                t.add_node(root, &moves)
            }
        };
        t
    }

    fn moves_at(&self, g: &G, out: &mut G::MoveList) {
        if self.all_moves {
            g.legal_moves(out);
        } else {
            g.search_moves(out);
        }
    }

    /// Adds a node for position `g` with these moves.
    fn add_node(&mut self, g: &G, moves: &[G::Move]) -> u32 {
        self.nodes.push(Node {
            fingerprint: fingerprint(moves),
            first_edge: NONE,
            num_edges: 0,
            visits: 0,
            unvisited: 0,
        });
        let node = (self.nodes.len() - 1) as u32;
        self.set_edges(node, g, moves);
        node
    }

    /// Adds a node for position `g` (which has a `moves_key`) without listing its moves.
    fn add_lazy_node(&mut self, key: u64) -> u32 {
        self.nodes.push(Node { fingerprint: key, first_edge: NONE, num_edges: 0, visits: 0, unvisited: 0 });
        (self.nodes.len() - 1) as u32
    }

    /// Gives `node` (at position `g`) its edges. With progressive widening
    /// they are stored best prior first, so the window grows in that order.
    fn set_edges(&mut self, node: u32, g: &G, moves: &[G::Move]) {
        let first = self.edges.len() as u32;
        self.edges.extend(moves.iter().map(|&mv| Edge { mv, child: NONE, visits: 0, wdl: 0.0, margin: 0.0 }));
        if self.widening.is_some() {
            let edges = &mut self.edges[first as usize..];
            let mut keyed: Vec<(f64, Edge<G::Move>)> = edges.iter().map(|e| (g.move_prior(&e.mv), *e)).collect();
            keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
            for (slot, (_, e)) in edges.iter_mut().zip(keyed) {
                *slot = e;
            }
        }
        let n = &mut self.nodes[node as usize];
        n.first_edge = first;
        n.num_edges = moves.len() as u32;
        n.unvisited = moves.len() as u32;
    }

    pub fn root_edges(&self) -> &[Edge<G::Move>] {
        self.edges_of(0)
    }

    /// A node's edges (none while it is not expanded).
    fn edges_of(&self, node: u32) -> &[Edge<G::Move>] {
        let n = &self.nodes[node as usize];
        if n.first_edge == NONE {
            return &[];
        }
        &self.edges[n.first_edge as usize..(n.first_edge + n.num_edges) as usize]
    }

    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    pub fn memory_bytes(&self) -> usize {
        self.edges.len() * edge_bytes::<G::Move>()
            + self.nodes.len() * std::mem::size_of::<Node>()
            + self.proofs.len() * (std::mem::size_of::<Proof>() + 8)
    }

    /// Most-visited line from the root, starting with `first` (a root move).
    pub fn principal_variation(&self, first: usize, max_len: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut e = &self.root_edges()[first];
        loop {
            pv.push(e.mv);
            if e.child == NONE || pv.len() >= max_len {
                return pv;
            }
            match self.edges_of(e.child).iter().filter(|x| x.visits > 0).max_by_key(|x| x.visits) {
                Some(best) => e = best,
                None => return pv,
            }
        }
    }

    fn select(&mut self, node: u32, cfg: &SearchConfig) -> usize {
        let n = &self.nodes[node as usize];
        let first = n.first_edge as usize;
        let mut count = n.num_edges as usize;
        if let Some((c, alpha)) = self.widening {
            // Progressive widening: only the best-prior edges, more as the node is visited;
            // an unvisited edge in the window is tried first, in prior order.
            let window = (c * ((n.visits + 1) as f64).powf(alpha)).ceil() as usize;
            count = count.min(window.max(1));
            if let Some(i) = (0..count).find(|&i| self.edges[first + i].visits == 0) {
                return i;
            }
        } else if n.unvisited > 0 {
            // A random unvisited edge, so move order does not bias the search.
            let start = self.rng.below(count as u32) as usize;
            for k in 0..count {
                let i = (start + k) % count;
                if self.edges[first + i].visits == 0 {
                    return i;
                }
            }
        }
        let log_n = (n.visits.max(1) as f64).ln();
        let mut best = 0;
        let mut best_v = f64::NEG_INFINITY;
        for i in 0..count {
            let e = &self.edges[first + i];
            let v = e.visits as f64;
            let q = utility(e.wdl / v, e.margin / v, cfg.margin_weight);
            let u = q + cfg.exploration * (log_n / v).sqrt();
            if u > best_v {
                best_v = u;
                best = i;
            }
        }
        best
    }

    /// Runs one iteration: select, expand one node, roll out, back up.
    pub fn iterate(&mut self, cfg: &SearchConfig, rollout: &dyn Rollout<G>) {
        let mut walk = self.descend(cfg, false);
        let mut moves = G::MoveList::default();
        let (wdl, margin) = walk.finish(rollout, &mut moves, &mut self.rng);
        self.backup(&walk, &wdl, &margin, false);
    }

    /// Selects down the tree from a fresh determinisation and expands one node.
    /// With `virtual_loss` the walk's edges count as visited (and lost) at
    /// once, so threads sharing the tree spread out; `backup` settles them.
    pub fn descend(&mut self, cfg: &SearchConfig, virtual_loss: bool) -> Walk<G> {
        let mut g = self.root.clone();
        g.redraw_hidden(self.rng.next_u64());
        let mut walk = Walk { game: g, path: [(0, 0, 0); MAX_DEPTH], depth: 0, exact: None };
        let mut node = 0u32;
        let mut moves = G::MoveList::default();
        loop {
            if walk.game.is_over() {
                break;
            }
            let mover = walk.game.current_player();
            let i = self.select(node, cfg);
            let ei = self.nodes[node as usize].first_edge as usize + i;
            let mv = self.edges[ei].mv;
            walk.game.play_unchecked(&mv);
            walk.path[walk.depth] = (node, ei as u32, mover as u8);
            walk.depth += 1;
            if virtual_loss {
                self.count_visit(node, ei);
            }
            let child = self.edges[ei].child;
            let room = self.memory_bytes() < self.max_bytes && walk.depth < MAX_DEPTH;
            if child == NONE {
                if !walk.game.is_over() && room {
                    let c = match walk.game.moves_key() {
                        Some(key) => self.add_lazy_node(key),
                        None => {
                            self.moves_at(&walk.game, &mut moves);
                            self.add_node(&walk.game, &moves)
                        }
                    };
                    self.edges[ei].child = c;
                }
                break;
            }
            if walk.game.is_over() || walk.depth == MAX_DEPTH {
                break;
            }
            if cfg.exact == ExactUse::Tree {
                if let Some(v) = self.exact_at(child, ei, mover, virtual_loss, &walk.game, cfg) {
                    walk.exact = Some(v);
                    break;
                }
            }
            match walk.game.moves_key() {
                Some(key) => {
                    if self.nodes[child as usize].fingerprint != key {
                        break; // chance gave this walk other moves: stop sharing here
                    }
                    if self.nodes[child as usize].first_edge == NONE {
                        if !room {
                            break;
                        }
                        self.moves_at(&walk.game, &mut moves);
                        self.set_edges(child, &walk.game, &moves);
                    }
                }
                None => {
                    self.moves_at(&walk.game, &mut moves);
                    if self.nodes[child as usize].fingerprint != fingerprint(&moves) {
                        break; // chance gave this walk other moves: stop sharing here
                    }
                }
            }
            node = child;
        }
        walk
    }

    /// The exact value of `node` (reached by edge `ei`, chosen by `mover`)
    /// for a walk in position `g`: the node's proof if it holds for this
    /// public position, else (at the attempt counts) the game's solve, which
    /// then replaces the edge's rollout results.
    fn exact_at(
        &mut self,
        node: u32,
        ei: usize,
        mover: usize,
        virtual_loss: bool,
        g: &G,
        cfg: &SearchConfig,
    ) -> Option<(Values, Values)> {
        if let Some(p) = self.proofs.get(&node) {
            return (g.public_key() == Some(p.key)).then_some((p.wdl, p.margin));
        }
        // Walks through the node before this one (a virtual loss already counts it).
        let walks = self.edges[ei].visits - u32::from(virtual_loss);
        // At 16 walks, then at every fourfold (64, 256, ...).
        if walks < EXACT_FIRST_VISITS || !walks.is_power_of_two() || !walks.trailing_zeros().is_multiple_of(2) {
            return None;
        }
        let key = g.public_key()?;
        let (wdl, margin) = g.exact_value(cfg, u64::from(walks / EXACT_SHARE))?;
        self.proofs.insert(node, Proof { key, wdl, margin });
        let e = &mut self.edges[ei];
        (e.wdl, e.margin) = (wdl[mover] * f64::from(walks), margin[mover] * f64::from(walks));
        Some((wdl, margin))
    }

    /// Exact values stored in the tree.
    pub fn proof_count(&self) -> usize {
        self.proofs.len()
    }

    fn count_visit(&mut self, node: u32, ei: usize) {
        let e = &mut self.edges[ei];
        if e.visits == 0 {
            self.nodes[node as usize].unvisited -= 1;
        }
        e.visits += 1;
        self.nodes[node as usize].visits += 1;
    }

    /// Adds a finished game's values along the walk (visits too, unless the
    /// descent already counted them as a virtual loss).
    pub fn backup(&mut self, walk: &Walk<G>, wdl: &Values, margin: &Values, virtual_loss: bool) {
        for &(n, ei, mover) in &walk.path[..walk.depth] {
            if !virtual_loss {
                self.count_visit(n, ei as usize);
            }
            let e = &mut self.edges[ei as usize];
            e.wdl += wdl[mover as usize];
            e.margin += margin[mover as usize];
        }
        self.iterations += 1;
    }
}

const MAX_DEPTH: usize = 256;

/// A walk down the tree: the position reached and the edges taken.
pub struct Walk<G> {
    pub game: G,
    path: [(u32, u32, u8); MAX_DEPTH],
    depth: usize,
    /// The exact value of the position reached, when the tree knows it.
    exact: Option<(Values, Values)>,
}

impl<G: Game> Walk<G> {
    /// The outcome to back up: the exact value where known, else a rollout's.
    pub fn finish(
        &mut self,
        rollout: &dyn Rollout<G>,
        scratch: &mut G::MoveList,
        rng: &mut SplitMix64,
    ) -> (Values, Values) {
        match self.exact {
            Some(v) => v,
            None => play_out(&mut self.game, rollout, scratch, rng),
        }
    }
}

/// Plays the rollout policy to the end of the game; the outcome per seat.
pub fn play_out<G: Game>(
    g: &mut G,
    rollout: &dyn Rollout<G>,
    scratch: &mut G::MoveList,
    rng: &mut SplitMix64,
) -> (Values, Values) {
    while !g.is_over() {
        let m = rollout.choose(g, scratch, rng);
        g.play_unchecked(&m);
    }
    outcome(g)
}
