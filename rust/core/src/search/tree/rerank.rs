//! The rerank of a tree's node (`SearchConfig::rerank`): its unopened moves
//! ordered by the network's value of the position after each, and those
//! values given to the moves as their first walks when the widening opens them.

use super::{Edge, Seed, Tree, NONE};
use crate::game::Game;
use crate::net::Net;
use crate::search::{outcome, utility, Horizon, SearchConfig};

impl<G: Game> Tree<G> {
    /// Orders the moves `node` (at position `g`, `mover` to move) has not
    /// opened yet by the network's value, for the mover, of the position each
    /// leads to, best first, so the widening opens them in that order. Opened
    /// moves keep their places (a walk may hold their index).
    pub(super) fn rerank(&mut self, node: u32, mover: usize, g: &G, net: &Net, cfg: &SearchConfig) {
        let n = &mut self.nodes[node as usize];
        n.reranked = true;
        let edges = (n.first_edge as usize)..(n.first_edge + n.num_edges) as usize;
        let slots: Vec<usize> = edges.filter(|&i| self.edges[i].visits == 0 && self.edges[i].child == NONE).collect();
        let mut siblings = crate::search::guide::Siblings::new(net);
        let mut keyed: Vec<(f64, Seed, Edge<G::Move>)> = slots
            .iter()
            .map(|&i| {
                let e = self.edges[i];
                let mut after = g.clone();
                after.play_unchecked(&e.mv);
                let (wdl, margin) = if after.is_over() { outcome(&after) } else { siblings.value(&after) };
                (utility(wdl[mover], margin[mover], cfg.margin_weight), (wdl[mover], margin[mover]), e)
            })
            .collect();
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        // Each value is the one a walk opening the move would back up (up to
        // the rounding of `Siblings`' sums), where a leaf is judged by the
        // network alone, at the leaf.
        let seeding = cfg.net_mix <= 0.0 && cfg.horizon == Horizon::Leaf;
        for (&slot, (_, seed, e)) in slots.iter().zip(keyed) {
            self.edges[slot] = e;
            if seeding {
                self.seeds.insert(slot as u32, seed);
            }
        }
    }

    /// Whether this visit's widening window holds a move not yet opened. A
    /// rerank waits for that: the order of the unopened moves matters only
    /// when one is opened, and most nodes past `rerank` walks open no other
    /// before the search ends (Summer Pavilion's window grows at 16 walks,
    /// then 81, 256, ...), so reranking there, not at `rerank` walks, makes
    /// the same tree for a fraction of the network's values.
    pub(super) fn opens_a_move(&self, node: u32) -> bool {
        let n = &self.nodes[node as usize];
        let count = (n.num_edges as usize).min(self.window(n.visits));
        self.edges[n.first_edge as usize..][..count].iter().any(|e| e.visits == 0)
    }

    /// Gives each unopened move among `node`'s edges `range` (a reranked
    /// node's) the value `rerank` found for it, as one walk. A walk that
    /// opened it would have backed up that same value (the network's, at the
    /// position the move leads to; another draw of the hidden tiles aside),
    /// so the widening's new moves cost no walk: they compete at once, and
    /// the first walk that takes one goes on below it (`descend`). Without
    /// seeds (a leaf judged otherwise), moves open by walks as elsewhere.
    pub(super) fn open_seeded(&mut self, node: u32, range: std::ops::Range<usize>) {
        let first = self.nodes[node as usize].first_edge as usize;
        for i in range {
            let ei = first + i;
            if self.edges[ei].visits > 0 {
                continue;
            }
            if let Some((wdl, margin)) = self.seeds.remove(&(ei as u32)) {
                let e = &mut self.edges[ei];
                (e.visits, e.wdl, e.margin) = (1, wdl, margin);
                self.nodes[node as usize].unvisited -= 1;
            }
        }
    }
}
