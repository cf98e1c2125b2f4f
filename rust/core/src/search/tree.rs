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
//! Proven values (MCTS-Solver). Where the game tells when a move reveals
//! something hidden (`Game::hidden_cursor`), a node reached from the root
//! without such a move is *settled*: its position follows from the root's
//! public position and the moves alone, whatever the walk's re-draw. A
//! settled node's value, once known, holds for every walk: a finished game's
//! outcome, an exact solve (`exact=tree`), or its moves' values, once every
//! move is proven or one gives its mover the most the utility allows (a
//! win by 50 points or more). A proof replaces the rollouts of the edge into
//! it and goes up the walk as far as its parents are proven too; a walk that
//! reaches a proven node backs its value up and goes no deeper; a proven move
//! worse for its mover than another proven move is not tried again; and a
//! proven root ends the search with its exact value. Unproven moves keep the
//! widening window to themselves, so proven moves make room for the next.
//! With `exact=off` the tree proves nothing.
//!
//! With `exact=tree`, where the game has an exact solver
//! (`Game::exact_value`), a node asks it for its value once visited (at 16
//! walks, then at each fourfold), with a budget of a share of the walks
//! already spent there. A solved node keeps its value under the position's
//! public key, and the edge into it trades its rollouts for that value: a
//! later walk that reaches it in the same public position backs the value up
//! instead of rolling out and goes no deeper; a walk that reaches it after
//! another draw of chance goes on searching as before.

//!
//! Guided by a network (`SearchConfig::net`), a node's moves get the
//! network's priors when they are listed, a walk chooses by PUCT (mean
//! utility plus `puct · prior · √N / (1 + n)`, a move not yet tried counting
//! as the node's mean so far less `FPU_REDUCTION`), and a new leaf is judged by
//! the network's value instead of a rollout (or a mix of both, `net_mix`).
//! Proofs and exact values work as without a network. With the game's
//! priors instead (progressive widening by its quick judgement, UCB), the
//! network judges leaves and, once a node has had `rerank` walks, orders the
//! moves the node has not opened yet by its value of the position after
//! each; where a leaf's value is the network's alone, each of those moves
//! then opens with that value as its first walk (`open_seeded`).

use std::collections::HashMap;
use std::sync::Arc;

use super::policy::Rollout;
use super::{outcome, utility, utility_range, ExactUse, SearchConfig};
use crate::game::{Game, Values};
use crate::net::Net;
use crate::rng::SplitMix64;

mod fingerprint;
mod rerank;

use fingerprint::fingerprint;

const NONE: u32 = u32::MAX;

/// A move's value for its mover, (win share, margin), given as its first walk (`Tree::open_seeded`).
type Seed = (f64, f64);

impl Node {
    fn new(fingerprint: u64) -> Node {
        Node {
            fingerprint,
            first_edge: NONE,
            num_edges: 0,
            visits: 0,
            unvisited: 0,
            proven: 0,
            settled: false,
            reranked: false,
        }
    }
}

#[derive(Clone, Copy)]
pub struct Edge<M> {
    pub mv: M,
    pub child: u32,
    pub visits: u32,
    /// Sum of win/draw/loss values (1, 1/k for a k-way shared win, 0).
    pub wdl: f64,
    /// Sum of final score margins (own score minus best other score).
    pub margin: f64,
    /// The network's probability for this move (0 without a network).
    pub prior: f32,
}

struct Node {
    fingerprint: u64,
    /// `NONE` until the node's edges are listed (lazy expansion, with a `moves_key`).
    first_edge: u32,
    num_edges: u32,
    visits: u32,
    unvisited: u32,
    /// Edges whose child has a settled proof.
    proven: u32,
    /// No hidden draw between the root and this node (see the module's
    /// notes): a proof it holds is settled, good for every walk.
    settled: bool,
    /// Its unopened moves are ordered by the network's value of what each
    /// leads to (`SearchConfig::rerank`).
    reranked: bool,
}

/// An exact value found for a node, and the public position it holds for
/// (every position the node stands for, when the node is settled).
struct Proof {
    key: u64,
    /// The edge whose value this is, when the node was proven by its moves.
    best: u32,
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
    /// The root's best edge, once the root is proven.
    solved: Option<usize>,
    /// The network whose priors guide this tree's choices (PUCT), if any;
    /// leaves are judged by `SearchConfig::net` whether or not it is this one.
    net: Option<Arc<Net>>,
    /// The network's value, for its mover, of each move a reranked node has
    /// not opened yet (edge index → win share, margin): the move's first
    /// walk, given when the widening opens it (see `open_seeded`).
    seeds: HashMap<u32, Seed>,
    pub iterations: u64,
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
        net: Option<Arc<Net>>,
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
            solved: None,
            net,
            seeds: HashMap::new(),
            iterations: 0,
        };
        // The root is settled when the game can tell its hidden draws.
        let settled = root.hidden_cursor().is_some();
        match root_moves {
            Some(moves) => t.add_node(root, moves, settled),
            None => {
                let mut moves = G::MoveList::default();
                t.moves_at(root, &mut moves);
                t.add_node(root, &moves, settled)
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
    fn add_node(&mut self, g: &G, moves: &[G::Move], settled: bool) -> u32 {
        let node = self.add_lazy_node(fingerprint(moves), settled);
        self.set_edges(node, g, moves);
        node
    }

    /// Adds a node without listing its moves (for a position with a
    /// `moves_key`, the key; for a finished game, none).
    fn add_lazy_node(&mut self, key: u64, settled: bool) -> u32 {
        self.nodes.push(Node { settled, ..Node::new(key) });
        (self.nodes.len() - 1) as u32
    }

    /// Gives `node` (at position `g`) its edges. With progressive widening
    /// they are stored best prior first, so the window grows in that order.
    fn set_edges(&mut self, node: u32, g: &G, moves: &[G::Move]) {
        let first = self.edges.len() as u32;
        self.edges.extend(moves.iter().map(|&mv| Edge {
            mv,
            child: NONE,
            visits: 0,
            wdl: 0.0,
            margin: 0.0,
            prior: 0.0,
        }));
        if let Some(net) = &self.net {
            // Best prior first, as with widening, so a proof's scan and the PV meet the likeliest moves first.
            let priors = super::guide::priors(net, g, moves);
            let edges = &mut self.edges[first as usize..];
            for (e, p) in edges.iter_mut().zip(priors) {
                e.prior = p;
            }
            edges.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        } else if self.widening.is_some() {
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
            + self.seeds.len() * (std::mem::size_of::<(u32, Seed)>() + 8)
    }

    /// The line from the root starting with `first` (a root move): through a
    /// node proven by its moves, the move that proves it; elsewhere the most visited.
    pub fn principal_variation(&self, first: usize, max_len: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut e = &self.root_edges()[first];
        loop {
            pv.push(e.mv);
            if e.child == NONE || pv.len() >= max_len {
                return pv;
            }
            let edges = self.edges_of(e.child);
            let proven_best = self.settled_proof(e.child).map(|p| p.best).filter(|&b| b != NONE);
            match proven_best {
                Some(b) => e = &edges[b as usize],
                None => match edges.iter().filter(|x| x.visits > 0).max_by_key(|x| x.visits) {
                    Some(best) => e = best,
                    None => return pv,
                },
            }
        }
    }

    /// The root's best move, once the tree has proven the root's value.
    pub fn solved(&self) -> Option<usize> {
        self.solved
    }

    /// The proven value of the root's move `i`, when the tree has one.
    pub fn root_edge_proof(&self, i: usize) -> Option<(Values, Values)> {
        self.settled_proof(self.root_edges()[i].child).map(|p| (p.wdl, p.margin))
    }

    /// A node's settled proof (one that holds for every walk reaching it).
    fn settled_proof(&self, node: u32) -> Option<&Proof> {
        if node == NONE || !self.nodes[node as usize].settled {
            return None;
        }
        self.proofs.get(&node)
    }

    /// Edge `i` of `node`'s utility for `mover`, where it is proven.
    fn proven_utility(&self, ei: usize, mover: usize, cfg: &SearchConfig) -> Option<f64> {
        let p = self.settled_proof(self.edges[ei].child)?;
        Some(utility(p.wdl[mover], p.margin[mover], cfg.margin_weight))
    }

    /// The value of `node` (where `mover` moves) from its proven moves, with
    /// the edge that gives it: once every move is proven, or one is worth the
    /// most the utility allows (a win by at least `MARGIN_SCALE` points).
    fn value_from_moves(&self, node: u32, mover: usize, cfg: &SearchConfig) -> Option<(usize, (Values, Values))> {
        let n = &self.nodes[node as usize];
        if n.first_edge == NONE || n.proven == 0 {
            return None;
        }
        let first = n.first_edge as usize;
        let mut best: Option<(usize, f64)> = None;
        for i in 0..n.num_edges as usize {
            if let Some(u) = self.proven_utility(first + i, mover, cfg) {
                if best.is_none_or(|(_, b)| u > b) {
                    best = Some((i, u));
                }
            }
        }
        let (i, u) = best?;
        if n.proven < n.num_edges && u < utility_range(cfg.margin_weight).1 {
            return None;
        }
        let p = self.settled_proof(self.edges[first + i].child).expect("a proven edge");
        Some((i, (p.wdl, p.margin)))
    }

    /// How many of its best-prior moves a node visited `visits` times
    /// considers: `ceil(c · (visits + 1)^alpha)` (at least one) with
    /// progressive widening, every move without.
    fn window(&self, visits: u32) -> usize {
        match self.widening {
            Some((c, alpha)) => ((c * ((visits + 1) as f64).powf(alpha)).ceil() as usize).max(1),
            None => usize::MAX,
        }
    }

    fn select(&mut self, node: u32, mover: usize, g: &G, cfg: &SearchConfig) -> usize {
        if self.nodes[node as usize].proven > 0 {
            return self.select_among_proofs(node, mover, cfg);
        }
        if let Some(net) = &cfg.net {
            let n = &self.nodes[node as usize];
            if cfg.rerank > 0
                && n.visits >= cfg.rerank
                && !n.reranked
                && self.widening.is_some()
                && self.net.is_none()
                && self.opens_a_move(node)
            {
                self.rerank(node, mover, g, net, cfg);
            }
        }
        if self.net.is_some() {
            let explore = self.explore(node, cfg);
            let edges = self.edges_of(node);
            return (0..edges.len())
                .max_by(|&a, &b| score(&edges[a], &explore, cfg).total_cmp(&score(&edges[b], &explore, cfg)))
                .unwrap_or(0);
        }
        let n = &self.nodes[node as usize];
        let (first, visits, unvisited, reranked) = (n.first_edge as usize, n.visits, n.unvisited, n.reranked);
        let mut count = n.num_edges as usize;
        if self.widening.is_some() {
            // Progressive widening: only the best-prior edges, more as the node is visited;
            // an unvisited edge in the window is tried first, in prior order (a reranked
            // node's are given their seeds instead).
            count = count.min(self.window(visits));
            if reranked {
                self.open_seeded(node, 0..count);
            }
            if let Some(i) = (0..count).find(|&i| self.edges[first + i].visits == 0) {
                return i;
            }
        } else if unvisited > 0 {
            // A random unvisited edge, so move order does not bias the search.
            let start = self.rng.below(count as u32) as usize;
            for k in 0..count {
                let i = (start + k) % count;
                if self.edges[first + i].visits == 0 {
                    return i;
                }
            }
        }
        let explore = Explore::Ucb { log_n: (visits.max(1) as f64).ln() };
        let mut best = 0;
        let mut best_v = f64::NEG_INFINITY;
        for i in 0..count {
            let u = score(&self.edges[first + i], &explore, cfg);
            if u > best_v {
                best_v = u;
                best = i;
            }
        }
        best
    }

    /// How a node's moves earn their exploration bonus: PUCT with a network, else UCB.
    fn explore(&self, node: u32, cfg: &SearchConfig) -> Explore {
        let n = &self.nodes[node as usize];
        if self.net.is_none() {
            return Explore::Ucb { log_n: (n.visits.max(1) as f64).ln() };
        }
        // First-play urgency: the mean utility of the moves tried so far, a little less.
        let (mut sum, mut visits) = (0.0, 0u32);
        for e in self.edges_of(node).iter().filter(|e| e.visits > 0) {
            sum += utility(e.wdl / f64::from(e.visits), e.margin / f64::from(e.visits), cfg.margin_weight)
                * f64::from(e.visits);
            visits += e.visits;
        }
        let fpu = if visits > 0 { sum / f64::from(visits) - FPU_REDUCTION } else { 0.5 };
        Explore::Puct { sqrt_n: f64::from(n.visits.max(1)).sqrt(), fpu }
    }

    /// `select` at a node with proven moves: a proven move worse for the
    /// mover than another proven move is never tried again, the best proven
    /// move competes with its exact value and no exploration bonus (trying
    /// it again teaches nothing), and the widening window counts unproven
    /// moves only (proven ones make room for the next).
    fn select_among_proofs(&mut self, node: u32, mover: usize, cfg: &SearchConfig) -> usize {
        let n = &self.nodes[node as usize];
        let first = n.first_edge as usize;
        let proven: Vec<Option<f64>> =
            (0..n.num_edges as usize).map(|i| self.proven_utility(first + i, mover, cfg)).collect();
        let floor = proven.iter().flatten().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
        let window = self.window(n.visits);
        let explore = self.explore(node, cfg);
        let guided = self.net.is_some();
        let reranked = n.reranked;
        let (mut open, mut best, mut best_v) = (0, 0, f64::NEG_INFINITY);
        for (i, p) in proven.iter().enumerate() {
            match p {
                Some(u) if *u < floor => continue,
                Some(_) => {}
                None if open == window => break,
                None => open += 1,
            }
            if self.edges[first + i].visits == 0 && !guided {
                if reranked {
                    self.open_seeded(node, i..i + 1);
                }
                if self.edges[first + i].visits == 0 {
                    return i;
                }
            }
            let e = &self.edges[first + i];
            // A proven move's value is known: no bonus for exploring it.
            let u = p.unwrap_or_else(|| score(e, &explore, cfg));
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
        let (wdl, margin) = walk.finish(cfg, rollout, &mut moves, &mut self.rng);
        self.backup(&walk, &wdl, &margin, false);
    }

    /// Selects down the tree from a fresh determinisation and expands one node.
    /// With `virtual_loss` the walk's edges count as visited (and lost) at
    /// once, so threads sharing the tree spread out; `backup` settles them.
    pub fn descend(&mut self, cfg: &SearchConfig, virtual_loss: bool) -> Walk<G> {
        let mut g = self.root.clone();
        g.redraw_hidden(self.rng.next_u64());
        let mut walk = Walk { game: g, path: [(0, 0, 0); MAX_DEPTH], depth: 0, exact: None, exact_from: MAX_DEPTH };
        let proving = cfg.exact != ExactUse::Off;
        let mut node = 0u32;
        let mut moves = G::MoveList::default();
        loop {
            if walk.game.is_over() {
                break;
            }
            let mover = walk.game.current_player();
            let cursor = if proving && self.nodes[node as usize].settled { walk.game.hidden_cursor() } else { None };
            let i = self.select(node, mover, &walk.game, cfg);
            let ei = self.nodes[node as usize].first_edge as usize + i;
            let mv = self.edges[ei].mv;
            let seeded = self.edges[ei].visits > 0 && self.edges[ei].child == NONE;
            walk.game.play_unchecked(&mv);
            walk.path[walk.depth] = (node, ei as u32, mover as u8);
            walk.depth += 1;
            if virtual_loss {
                self.count_visit(node, ei);
            }
            // Settled too, when the move drew nothing hidden.
            let settled = cursor.is_some() && walk.game.hidden_cursor() == cursor;
            let mut child = self.edges[ei].child;
            let room = self.memory_bytes() < self.max_bytes && walk.depth < MAX_DEPTH;
            if child == NONE {
                if walk.game.is_over() {
                    if settled && room {
                        // A finished game's outcome is its proof.
                        let c = self.add_lazy_node(0, true);
                        self.edges[ei].child = c;
                        let value = outcome(&walk.game);
                        self.prove(&mut walk, c, value, virtual_loss, cfg);
                    }
                    break;
                }
                if !room {
                    break;
                }
                let c = match walk.game.moves_key() {
                    Some(key) => self.add_lazy_node(key, settled),
                    None => {
                        self.moves_at(&walk.game, &mut moves);
                        self.add_node(&walk.game, &moves, settled)
                    }
                };
                self.edges[ei].child = c;
                // A walk before this one made the child, unless the edge was
                // opened with a seed (`open_seeded`): then it holds the value
                // this walk would find here, so the walk goes on below.
                if !seeded {
                    break;
                }
                child = c;
            }
            if walk.game.is_over() || walk.depth == MAX_DEPTH {
                break;
            }
            if proving {
                if let Some(v) = self.proof_at(child, &walk.game) {
                    walk.exact = Some(v);
                    break;
                }
            }
            if cfg.exact == ExactUse::Tree {
                if let Some(v) = self.exact_at(child, ei, mover, virtual_loss, &walk.game, cfg) {
                    if self.nodes[child as usize].settled {
                        self.prove(&mut walk, child, v, virtual_loss, cfg);
                    } else {
                        walk.exact = Some(v);
                    }
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

    /// A proof stored for `node` that holds for a walk in position `g`.
    fn proof_at(&self, node: u32, g: &G) -> Option<(Values, Values)> {
        let p = self.proofs.get(&node)?;
        (self.nodes[node as usize].settled || g.public_key() == Some(p.key)).then_some((p.wdl, p.margin))
    }

    /// Records the settled `node`'s value, reached at the end of the walk:
    /// the edge into it trades its results for the value, and each parent
    /// up the walk whose moves now prove its value is proven in turn (the
    /// root last, which solves the search). The walk backs up the value of
    /// the highest node proven.
    fn prove(
        &mut self,
        walk: &mut Walk<G>,
        node: u32,
        value: (Values, Values),
        virtual_loss: bool,
        cfg: &SearchConfig,
    ) {
        let (mut node, mut value, mut best, mut depth) = (node, value, NONE, walk.depth);
        loop {
            self.proofs.insert(node, Proof { key: 0, best, wdl: value.0, margin: value.1 });
            walk.exact = Some(value);
            if depth == 0 {
                self.solved = Some(best as usize);
                return;
            }
            depth -= 1;
            walk.exact_from = depth;
            let (parent, ei, mover) = walk.path[depth];
            // Every visit of the edge, this walk's too, now counts the exact value.
            let e = &mut self.edges[ei as usize];
            let visits = f64::from(e.visits + u32::from(!virtual_loss));
            (e.wdl, e.margin) = (value.0[mover as usize] * visits, value.1[mover as usize] * visits);
            self.nodes[parent as usize].proven += 1;
            let Some((i, v)) = self.value_from_moves(parent, mover as usize, cfg) else { return };
            (node, value, best) = (parent, v, i as u32);
        }
    }

    /// The exact value of `node` (reached by edge `ei`, chosen by `mover`)
    /// for a walk in position `g`, at the attempt counts: the game's solve,
    /// which then replaces the edge's rollout results (a settled node's, by
    /// `prove`; another's, kept for its public position).
    fn exact_at(
        &mut self,
        node: u32,
        ei: usize,
        mover: usize,
        virtual_loss: bool,
        g: &G,
        cfg: &SearchConfig,
    ) -> Option<(Values, Values)> {
        if self.proofs.contains_key(&node) {
            return None; // solved already, for another public position
        }
        // Walks through the node before this one (a virtual loss already counts it).
        let walks = self.edges[ei].visits - u32::from(virtual_loss);
        // At 16 walks, then at every fourfold (64, 256, ...).
        if walks < EXACT_FIRST_VISITS || !walks.is_power_of_two() || !walks.trailing_zeros().is_multiple_of(2) {
            return None;
        }
        let settled = self.nodes[node as usize].settled;
        let key = if settled { 0 } else { g.public_key()? };
        let (wdl, margin) = g.exact_value(cfg, u64::from(walks / EXACT_SHARE))?;
        if !settled {
            self.proofs.insert(node, Proof { key, best: NONE, wdl, margin });
            let e = &mut self.edges[ei];
            (e.wdl, e.margin) = (wdl[mover] * f64::from(walks), margin[mover] * f64::from(walks));
        }
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
        for (d, &(n, ei, mover)) in walk.path[..walk.depth].iter().enumerate() {
            if !virtual_loss {
                self.count_visit(n, ei as usize);
            }
            if d >= walk.exact_from {
                continue; // `prove` gave these edges their exact values, this walk's included
            }
            let e = &mut self.edges[ei as usize];
            e.wdl += wdl[mover as usize];
            e.margin += margin[mover as usize];
        }
        self.iterations += 1;
    }
}

const MAX_DEPTH: usize = 256;

/// How much a PUCT walk lowers the node's mean utility for a move it has not tried.
const FPU_REDUCTION: f64 = 0.2;

/// A node's exploration rule (see `Tree::explore`).
enum Explore {
    /// UCB: `log_n` is the log of the node's visits (every edge scored was visited).
    Ucb { log_n: f64 },
    /// PUCT: `sqrt_n` the root of the node's visits, `fpu` the value of an untried move.
    Puct { sqrt_n: f64, fpu: f64 },
}

/// An edge's score for selection: its mean utility plus the exploration bonus.
fn score<M>(e: &Edge<M>, explore: &Explore, cfg: &SearchConfig) -> f64 {
    let v = e.visits as f64;
    match *explore {
        Explore::Ucb { log_n } => {
            utility(e.wdl / v, e.margin / v, cfg.margin_weight) + cfg.exploration * (log_n / v).sqrt()
        }
        Explore::Puct { sqrt_n, fpu } => {
            let q = if e.visits == 0 { fpu } else { utility(e.wdl / v, e.margin / v, cfg.margin_weight) };
            q + cfg.puct * f64::from(e.prior) * sqrt_n / (1.0 + v)
        }
    }
}

/// A walk down the tree: the position reached and the edges taken.
pub struct Walk<G> {
    pub game: G,
    path: [(u32, u32, u8); MAX_DEPTH],
    depth: usize,
    /// The exact value of the position reached, when the tree knows it.
    exact: Option<(Values, Values)>,
    /// The first edge of the path that `prove` valued already (`MAX_DEPTH`: none).
    exact_from: usize,
}

impl<G: Game> Walk<G> {
    /// The outcome to back up: the exact value where known, else the
    /// network's value (at the end of the rollout's stage with
    /// `horizon=stage`; mixed with a rollout's as `cfg.net_mix` says), else a rollout's.
    pub fn finish(
        &mut self,
        cfg: &SearchConfig,
        rollout: &dyn Rollout<G>,
        scratch: &mut G::MoveList,
        rng: &mut SplitMix64,
    ) -> (Values, Values) {
        if let Some(v) = self.exact {
            return v;
        }
        match &cfg.net {
            Some(net) if !self.game.is_over() => {
                if cfg.horizon == super::Horizon::Stage {
                    play_to_stage_end(&mut self.game, rollout, scratch, rng);
                    if self.game.is_over() {
                        return outcome(&self.game);
                    }
                }
                let judged = super::guide::value(net, &self.game);
                if cfg.net_mix <= 0.0 {
                    return judged;
                }
                let rolled = play_out(&mut self.game, rollout, scratch, rng);
                super::guide::mix(judged, rolled, cfg.net_mix)
            }
            _ => play_out(&mut self.game, rollout, scratch, rng),
        }
    }
}

/// Plays the rollout policy until the game's stage ends (or the game does);
/// at once where the game has no stages.
pub fn play_to_stage_end<G: Game>(
    g: &mut G,
    rollout: &dyn Rollout<G>,
    scratch: &mut G::MoveList,
    rng: &mut SplitMix64,
) {
    let Some(stage) = g.stage() else { return };
    while !g.is_over() && g.stage() == Some(stage) {
        let m = rollout.choose(g, scratch, rng);
        g.play_unchecked(&m);
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
