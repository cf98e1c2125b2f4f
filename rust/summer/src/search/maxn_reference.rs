//! The max^n solver this crate had before chance nodes and alpha-beta, kept
//! as a reference for the tests: each player maximises its own utility over
//! every move `tree_moves` lists, with a transposition table and no pruning;
//! it gives up (`None`) where a bonus pick would follow a hidden draw, which
//! it cannot weigh. Where it does solve, the new solver must agree with it.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::Values;
use super::{outcome, tree_moves, utility, MoveStats, SearchConfig, SearchResult};
use crate::moves::{Move, MoveList};
use crate::state::{Game, Phase, ROUNDS};

type Value = (Values, Values);

struct Solver<'a> {
    stop: &'a AtomicBool,
    tt: HashMap<u64, Value>,
    nodes: u64,
    budget: u64,
    margin_weight: f64,
}

fn key(g: &Game) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    g.hash(&mut h);
    h.finish()
}

impl Solver<'_> {
    fn utility(&self, v: &Value, seat: usize) -> f64 {
        utility(v.0[seat], v.1[seat], self.margin_weight)
    }

    /// Value of `g`; `drawn` once a hidden draw has happened on this line.
    fn value(&mut self, g: &Game, drawn: bool) -> Option<Value> {
        if g.is_over() {
            return Some(outcome(g));
        }
        let k = key(g);
        if let Some(v) = self.tt.get(&k) {
            return Some(*v);
        }
        self.nodes += 1;
        if self.nodes > self.budget || (self.nodes.is_multiple_of(4096) && self.stop.load(Ordering::Relaxed)) {
            return None;
        }
        let mut moves = MoveList::new();
        tree_moves(g, &mut moves);
        if drawn && g.bonus_owed() > 0 {
            return None; // the pick depends on hidden draws
        }
        let mover = g.current_player();
        let mut best: Option<(f64, Value)> = None;
        for m in moves.iter() {
            let v = self.child_value(g, m, drawn)?;
            let u = self.utility(&v, mover);
            if best.as_ref().is_none_or(|(bu, _)| u > *bu) {
                best = Some((u, v));
            }
        }
        let v = best.expect("a running game has moves").1;
        self.tt.insert(k, v);
        Some(v)
    }

    fn child_value(&mut self, g: &Game, m: &Move, drawn: bool) -> Option<Value> {
        let mut c = *g;
        c.play_before_refill(m);
        let draws = c.refill_due();
        c.refill_supply_if_due();
        self.value(&c, drawn || draws)
    }

    /// The best line from `g`, read back from the table.
    fn line(&mut self, g: &Game, first: Move, max_len: usize) -> Vec<Move> {
        let mut pv = vec![first];
        let mut g = *g;
        g.play_unchecked(&first);
        let mut moves = MoveList::new();
        while !g.is_over() && pv.len() < max_len {
            tree_moves(&g, &mut moves);
            let mover = g.current_player();
            let mut best: Option<(f64, Move)> = None;
            for m in moves.iter() {
                // Every child of a solved node is in the table or terminal.
                let Some(v) = self.child_value(&g, m, false) else { return pv };
                let u = self.utility(&v, mover);
                if best.is_none_or(|(bu, _)| u > bu) {
                    best = Some((u, *m));
                }
            }
            let Some((_, m)) = best else { return pv };
            pv.push(m);
            g.play_unchecked(&m);
        }
        pv
    }
}

/// Solves the rest of the game exactly when it is the last round's placing,
/// no bonus pick depends on hidden draws, and at most `budget` positions are needed.
/// Setting `stop` abandons the solve (`None`).
pub fn reference_solve(g: &Game, cfg: &SearchConfig, budget: u64, stop: &AtomicBool) -> Option<SearchResult> {
    reference_solve_among(g, cfg, budget, stop, None)
}

/// `solve`, valuing only `among` (legal moves of `g`, pruned ones included)
/// when given, instead of every move the search considers.
pub fn reference_solve_among(
    g: &Game,
    cfg: &SearchConfig,
    budget: u64,
    stop: &AtomicBool,
    among: Option<&[Move]>,
) -> Option<SearchResult> {
    if g.round() != ROUNDS || g.phase() != Phase::Place {
        return None;
    }
    let start = Instant::now();
    let mut s = Solver { stop, tt: HashMap::new(), nodes: 0, budget, margin_weight: cfg.margin_weight };
    let mover = g.current_player();
    let mut moves = MoveList::new();
    if among.is_none() {
        tree_moves(g, &mut moves);
    }
    let mut stats = Vec::new();
    for m in among.unwrap_or(&moves).iter() {
        let before = s.nodes;
        let v = s.child_value(g, m, false)?;
        stats.push((
            s.utility(&v, mover),
            MoveStats {
                mv: *m,
                visits: s.nodes - before,
                win_rate: Some(v.0[mover]),
                margin: Some(v.1[mover]),
                pv: Vec::new(),
            },
        ));
    }
    stats.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut moves: Vec<MoveStats> = stats.into_iter().map(|(_, m)| m).collect();
    for m in moves.iter_mut() {
        m.pv = s.line(g, m.mv, 24);
    }
    Some(SearchResult { moves, iterations: s.nodes, elapsed: start.elapsed(), exact: true, nodes: s.tt.len() })
}
