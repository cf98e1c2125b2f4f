//! Exact solve of the last round's placing, chance included.
//!
//! The value of a position is, for each seat, its expected win share, score
//! margin and search utility (`utility`: the value MCTS estimates) under best
//! play by everyone. The only chance left in the last round's placing is the
//! supply refill before each turn; the solve never draws: where a refill is
//! due it weighs every outcome by its probability (`chance::refill_outcomes`,
//! from the public contents of bag and tower), so it reads nothing hidden.
//!
//! With two players the utility is constant-sum (the two add up to 1), so the
//! solve is expectiminimax with alpha-beta pruning on seat 0's utility, a
//! transposition table of exact values and bounds, and moves tried best-first
//! (the table's best move, then the greedy value). With three or four players
//! it is max^n (each seat maximises its own utility) with the same table and
//! chance nodes. With two players a chance node is searched by Star1: each
//! outcome in the window that keeps the expectation inside the parent's, the
//! rest skipped once it cannot (seat 0's utility is bounded: see
//! `Solver::expectation`). Two-player positions are also bounded by each
//! player's best and guaranteed scores alone (`bounds`), and cut off when
//! that range lies outside the window; and the game is split by player where
//! one can no longer complete a feature (`split`).

use std::hash::BuildHasher;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rustc_hash::{FxBuildHasher, FxHashMap};

use super::bounds::ScoreBounds;
use super::split::FixedSeats;
use super::Values;
use super::{outcome, tree_moves, utility, utility_range, Effort, MoveStats, SearchConfig, SearchResult};
use crate::chance::refill_outcomes;
use crate::moves::{Move, MoveList};
use crate::state::{Game, Phase, ROUNDS};
use pavilion_core::search::outcome_of;

/// Positions a solve may visit (table hits included) before it gives up (the caller then searches
/// by MCTS): about 1.5 s on one thread here (1.3 M positions a second in greedy games' endgames).
pub const DEFAULT_NODE_BUDGET: u64 = 2_000_000;

/// Where a solve gives up: after `nodes` positions, or at `deadline`.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub nodes: u64,
    pub deadline: Option<Instant>,
}

impl Limits {
    /// At most `nodes` positions, whatever the time.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes, deadline: None }
    }

    /// The limits of an attempt in place of a search: the work of its
    /// iterations at `per_iteration` positions each (`SearchConfig::exact_positions`;
    /// never more than the default), by its deadline.
    pub fn of(effort: Effort, per_iteration: u64) -> Limits {
        let nodes =
            effort.iterations.map_or(DEFAULT_NODE_BUDGET, |n| n.saturating_mul(per_iteration).min(DEFAULT_NODE_BUDGET));
        Limits { nodes, deadline: effort.deadline }
    }
}

/// What a position is worth to each seat: expected win share, margin and utility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Value {
    pub wdl: Values,
    pub margin: Values,
    pub util: Values,
}

impl Value {
    const ZERO: Value = Value { wdl: [0.0; 4], margin: [0.0; 4], util: [0.0; 4] };

    fn add_scaled(&mut self, v: &Value, p: f64) {
        for s in 0..4 {
            self.wdl[s] += p * v.wdl[s];
            self.margin[s] += p * v.margin[s];
            self.util[s] += p * v.util[s];
        }
    }
}

/// How a stored value relates to the true one (two-player alpha-beta).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Bound {
    Exact,
    /// The true value (for seat 0) is at least this.
    Lower,
    /// The true value (for seat 0) is at most this.
    Upper,
}

/// `Entry::best` of a position valued by each player's best score alone (no move searched).
const BY_THE_PLAYERS_ALONE: u16 = u16::MAX;

#[derive(Clone, Copy)]
struct Entry {
    value: Value,
    bound: Bound,
    /// Index (in `tree_moves` order) of the best move found, tried first next time.
    best: u16,
}

/// The positions a solve may still visit, and the caller's request to stop.
pub(super) struct Budget<'a> {
    pub(super) nodes: u64,
    limits: Limits,
    stop: &'a AtomicBool,
}

impl Budget<'_> {
    /// Counts one more position; false once the limits are passed or `stop` is
    /// set (the clock and the flag are read every 1,024 positions).
    pub(super) fn spend(&mut self) -> bool {
        self.charge(1)
    }

    /// Counts `n` more positions: false once past the limits (as `spend`).
    fn charge(&mut self, n: u64) -> bool {
        let before = self.nodes;
        self.nodes += n;
        if self.nodes > self.limits.nodes {
            return false;
        }
        // The clock and the flag, each time the count passes a multiple of 1,024.
        !(before / 1024 != self.nodes / 1024
            && (self.stop.load(Ordering::Relaxed) || self.limits.deadline.is_some_and(|d| Instant::now() >= d)))
    }
}

struct Solver<'a> {
    budget: Budget<'a>,
    tt: FxHashMap<u64, Entry>,
    margin_weight: f64,
    players: usize,
    /// With two players: each seat's best score alone, once it can earn no more bonus tiles.
    fixed: Option<FixedSeats>,
    /// With two players: each seat's final score bounds alone.
    bounds: Option<ScoreBounds>,
    /// Reused buffers for chance outcomes, one per depth of chance nesting.
    outcomes: Vec<Vec<(Game, f64)>>,
}

fn key(g: &Game) -> u64 {
    FxBuildHasher.hash_one(g)
}

impl<'a> Solver<'a> {
    fn new(g: &Game, cfg: &SearchConfig, limits: Limits, stop: &'a AtomicBool, split: bool) -> Solver<'a> {
        let players = g.num_players();
        Solver {
            budget: Budget { nodes: 0, limits, stop },
            tt: FxHashMap::default(),
            margin_weight: cfg.margin_weight,
            players,
            fixed: (players == 2 && split).then(|| FixedSeats::new(limits.nodes / 2)),
            bounds: (players == 2 && split).then(|| ScoreBounds::new(limits.nodes / 2)),
            outcomes: Vec::new(),
        }
    }

    fn terminal(&self, g: &Game) -> Value {
        self.valued(outcome(g))
    }

    /// The value of a finished two-player game with these final scores.
    fn scores_value(&self, scores: [i64; 2]) -> Value {
        self.valued(outcome_of(&[(scores[0], 0), (scores[1], 0)]))
    }

    /// A finished game's win shares and margins, with each seat's utility.
    fn valued(&self, (wdl, margin): (Values, Values)) -> Value {
        let mut util = [0.0; 4];
        for s in 0..self.players {
            util[s] = utility(wdl[s], margin[s], self.margin_weight);
        }
        Value { wdl, margin, util }
    }

    /// The value of playing `m` in `g`: the position it leads to, or the
    /// expectation over the refill that follows it.
    fn after(&mut self, g: &Game, m: &Move, alpha: f64, beta: f64) -> Option<Value> {
        let mut c = *g;
        c.play_before_refill(m);
        if !c.refill_due() {
            return self.value(&c, alpha, beta);
        }
        // After the last bonus pick the supply no longer matters: the value
        // is the same whatever the refill brings, so none is weighed.
        if let Some(scores) = self.fixed_scores(&c)? {
            return Some(self.scores_value(scores));
        }
        // Every outcome has the same boards, so the same range.
        let range = self.range(&c)?;
        if let Some(cut) = self.outside(range, alpha, beta) {
            return Some(cut);
        }
        let mut outcomes = self.outcomes.pop().unwrap_or_default();
        refill_outcomes(&c, &mut outcomes);
        let result = self.expectation(&outcomes, alpha, beta, range);
        self.outcomes.push(outcomes);
        result
    }

    /// With two players split by player (`FixedSeats`): both players' best
    /// scores alone once neither can complete a feature any more, else
    /// `Some(None)`; `None` once the budget is spent (the boards searched
    /// alone count as positions too).
    fn fixed_scores(&mut self, g: &Game) -> Option<Option<[i64; 2]>> {
        self.charged(|s| {
            let fixed = s.fixed.as_mut()?;
            let (a, b) = fixed.best(g, 0).zip(fixed.best(g, 1))?;
            Some([a, b])
        })
    }

    /// Boards searched alone so far (`FixedSeats` and `ScoreBounds`).
    fn boards_alone(&self) -> u64 {
        self.fixed.as_ref().map_or(0, |f| f.best.nodes) + self.bounds.as_ref().map_or(0, |b| b.known.nodes)
    }

    /// What `f` answers, the boards it searched alone counted as positions:
    /// `None` once that spends the budget.
    fn charged<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> Option<T> {
        let before = self.boards_alone();
        let answer = f(self);
        let spent = self.boards_alone() - before;
        self.budget.charge(spent).then_some(answer)
    }

    /// Seat 0's utility range in `g` from each player's score bounds alone
    /// (`ScoreBounds`): `Some(None)` where they are not known, `None` once the
    /// budget is spent (the boards searched count as positions).
    fn range(&mut self, g: &Game) -> Option<Option<(f64, f64)>> {
        self.charged(|s| s.range_uncharged(g))
    }

    /// `range` without counting the boards searched against the budget.
    fn range_uncharged(&mut self, g: &Game) -> Option<(f64, f64)> {
        let bounds = self.bounds.as_mut()?;
        let ((upper0, lower0), (upper1, lower1)) = bounds.of(g, 0).zip(bounds.of(g, 1))?;
        Some((self.scores_value([lower0, upper1]).util[0], self.scores_value([upper0, lower1]).util[0]))
    }

    /// A bound to return at once when `range` lies outside `alpha..beta`.
    fn outside(&self, range: Option<(f64, f64)>, alpha: f64, beta: f64) -> Option<Value> {
        let (lo, hi) = range?;
        if hi <= alpha {
            Some(self.bound(hi))
        } else if lo >= beta {
            Some(self.bound(lo))
        } else {
            None
        }
    }

    /// The expected value over a refill's `outcomes`. With two players it is
    /// Star1: seat 0's utility lies in `range` (from the score bounds, else
    /// `utility_range`: a loss to a win by 50 points or more), so each outcome is searched in the window that
    /// keeps the expectation inside `alpha..beta` whatever the outcomes still
    /// to come, and once the expectation cannot get back inside, the rest are
    /// skipped and a bound is returned (its seat 0 utility at most `alpha` or
    /// at least `beta`, as from `value`). With more players every outcome is
    /// searched whole.
    fn expectation(
        &mut self,
        outcomes: &[(Game, f64)],
        alpha: f64,
        beta: f64,
        range: Option<(f64, f64)>,
    ) -> Option<Value> {
        let range = (self.players == 2).then(|| range.unwrap_or_else(|| utility_range(self.margin_weight)));
        let mut sum = Value::ZERO;
        let mut rest: f64 = 1.0;
        for (d, p) in outcomes {
            rest = (rest - p).max(0.0);
            let Some((lo, hi)) = range else {
                sum.add_scaled(&self.value(d, f64::NEG_INFINITY, f64::INFINITY)?, *p);
                continue;
            };
            let (a, b) = ((alpha - sum.util[0] - hi * rest) / p, (beta - sum.util[0] - lo * rest) / p);
            let v = self.value(d, a, b)?;
            sum.add_scaled(&v, *p);
            if v.util[0] <= a {
                // Clamped: rounding must not lift a bound past alpha, where
                // the caller would take it for an exact value.
                return Some(self.bound((sum.util[0] + hi * rest).min(alpha)));
            }
            if v.util[0] >= b {
                return Some(self.bound((sum.util[0] + lo * rest).max(beta)));
            }
        }
        // A win share is a probability: the draws' weights sum to 1 only up to
        // a rounding, which once made a sure win worth 1.0000000000000002.
        for w in &mut sum.wdl {
            *w = w.clamp(0.0, 1.0);
        }
        Some(sum)
    }

    /// A two-player value known only as a bound on seat 0's utility (win
    /// shares and margins are never read from a bound).
    fn bound(&self, util0: f64) -> Value {
        let mut v = Value::ZERO;
        (v.util[0], v.util[1]) = (util0, 1.0 - util0);
        v
    }

    /// The value of `g`; with two players, exact when it lies strictly
    /// between `alpha` and `beta` (seat 0's utility), else a bound on the
    /// side it fell. `None` once the budget is spent or `stop` is set.
    fn value(&mut self, g: &Game, alpha: f64, beta: f64) -> Option<Value> {
        if g.is_over() {
            return Some(self.terminal(g));
        }
        // Every visit counts, a table hit too: a chance node can ask for
        // thousands of known positions, and the budget bounds the time.
        if !self.budget.spend() {
            return None;
        }
        let k = key(g);
        let stored = self.tt.get(&k).copied();
        if let Some(e) = stored {
            let u = e.value.util[0];
            match e.bound {
                Bound::Exact => return Some(e.value),
                Bound::Lower if u >= beta => return Some(e.value),
                Bound::Upper if u <= alpha => return Some(e.value),
                _ => {}
            }
        }
        if let Some(scores) = self.fixed_scores(g)? {
            let value = self.scores_value(scores);
            self.tt.insert(k, Entry { value, bound: Bound::Exact, best: BY_THE_PLAYERS_ALONE });
            return Some(value);
        }
        let range = self.range(g)?;
        if let Some(cut) = self.outside(range, alpha, beta) {
            return Some(cut);
        }
        let mut moves = MoveList::new();
        tree_moves(g, &mut moves);
        let forced = self.charged(|s| s.fixed.as_mut().and_then(|f| f.forced_move(g, &moves)))?;
        let order = match forced {
            Some(i) => vec![i],
            None => self.order(g, &moves, stored.map(|e| e.best as usize)),
        };
        let mover = g.current_player();
        let (mut a, mut b) = (alpha, beta);
        let mut best: Option<(usize, Value)> = None;
        for &i in &order {
            let v = self.after(g, &moves[i], a, b)?;
            // Two players: seat 0 maximises its utility, seat 1 minimises it
            // (their utilities add up to 1), so the bounds and the choice agree.
            let better = match &best {
                None => true,
                Some((_, bv)) if self.players == 2 && mover == 1 => v.util[0] < bv.util[0],
                Some((_, bv)) => v.util[mover] > bv.util[mover],
            };
            if better {
                best = Some((i, v));
            }
            if self.players == 2 {
                if mover == 0 {
                    a = a.max(v.util[0]);
                } else {
                    b = b.min(v.util[0]);
                }
                if a >= b {
                    break;
                }
            }
        }
        let (i, v) = best.expect("a running game has moves");
        let bound = if self.players > 2 {
            Bound::Exact
        } else if v.util[0] <= alpha {
            Bound::Upper
        } else if v.util[0] >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.insert(k, Entry { value: v, bound, best: i as u16 });
        Some(v)
    }

    /// Move indices, most promising first: the table's best, then by the
    /// best the mover can hope for after the move (its end of the score
    /// bounds' range, where known), then by greedy value.
    fn order(&mut self, g: &Game, moves: &MoveList, first: Option<usize>) -> Vec<usize> {
        let mover = g.current_player();
        let mut order: Vec<(f64, f64, usize)> = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            let mut hope = 0.0;
            if self.bounds.is_some() {
                let mut c = *g;
                c.play_before_refill(m);
                // Not charged: the boards searched here are bounded by the bounds' own limit.
                if let Some((lo, hi)) = self.range_uncharged(&c) {
                    hope = if mover == 0 { hi } else { -lo };
                }
            }
            order.push((hope, crate::agents::greedy_value(g, m), i));
        }
        order.sort_by(|x, y| y.0.total_cmp(&x.0).then(y.1.total_cmp(&x.1)).then(x.2.cmp(&y.2)));
        let mut order: Vec<usize> = order.into_iter().map(|(_, _, i)| i).collect();
        if let Some(f) = first.filter(|&f| f < moves.len()) {
            order.retain(|&i| i != f);
            order.insert(0, f);
        }
        order
    }

    /// The best line from `g` after `first`, read from the table without
    /// searching again: at each step the best move of an exact entry (or,
    /// where both players were fixed, a move keeping the mover's best score).
    /// A refill ends it (what comes next depends on the draw), and so does a
    /// position the solve only bounded.
    fn line(&mut self, g: &Game, first: Move, max_len: usize) -> Vec<Move> {
        let mut pv = vec![first];
        let mut g = *g;
        g.play_before_refill(&first);
        let mut moves = MoveList::new();
        while !g.is_over() && !g.refill_due() && pv.len() < max_len {
            let Some(e) = self.tt.get(&key(&g)).filter(|e| e.bound == Bound::Exact) else { break };
            tree_moves(&g, &mut moves);
            let next = if e.best == BY_THE_PLAYERS_ALONE {
                self.fixed.as_mut().and_then(|f| f.keeping_best(&g, &moves))
            } else {
                Some(e.best as usize)
            };
            let Some(m) = next.and_then(|i| moves.get(i).copied()) else { break };
            pv.push(m);
            g.play_before_refill(&m);
        }
        pv
    }
}

/// Whether the solve applies: the last round's placing, between turns (no refill pending).
fn solvable(g: &Game) -> bool {
    g.round() == ROUNDS && g.phase() == Phase::Place && !g.refill_due()
}

/// The exact value of `g` (each seat's win share and margin) when it is the
/// last round's placing and `limits` allow: alpha-beta from the root, no
/// per-move values or lines (what a search's tree needs at a node).
pub fn value_within(g: &Game, cfg: &SearchConfig, limits: Limits, stop: &AtomicBool) -> Option<(Values, Values)> {
    if !solvable(g) {
        return None;
    }
    let v = Solver::new(g, cfg, limits, stop, true).value(g, f64::NEG_INFINITY, f64::INFINITY)?;
    Some((v.wdl, v.margin))
}

/// Solves the rest of the game exactly when it is the last round's placing and
/// at most `budget` positions are needed. Setting `stop` abandons the solve (`None`).
pub fn solve(g: &Game, cfg: &SearchConfig, budget: u64, stop: &AtomicBool) -> Option<SearchResult> {
    solve_among(g, cfg, budget, stop, None)
}

/// `solve`, valuing only `among` (legal moves of `g`, pruned ones included)
/// when given, instead of every move the search considers. Every move listed
/// gets its exact value (a full window each; the table carries over).
pub fn solve_among(
    g: &Game,
    cfg: &SearchConfig,
    budget: u64,
    stop: &AtomicBool,
    among: Option<&[Move]>,
) -> Option<SearchResult> {
    solve_within(g, cfg, Limits::nodes(budget), stop, among)
}

/// `solve_among` within `limits` (positions and a deadline).
pub fn solve_within(
    g: &Game,
    cfg: &SearchConfig,
    limits: Limits,
    stop: &AtomicBool,
    among: Option<&[Move]>,
) -> Option<SearchResult> {
    solve_with(g, cfg, limits, stop, among, true)
}

/// `solve_within`, with two players splitting the game by player where it
/// can (`split`) or searching the joint tree throughout (for the tests).
pub(super) fn solve_with(
    g: &Game,
    cfg: &SearchConfig,
    limits: Limits,
    stop: &AtomicBool,
    among: Option<&[Move]>,
    split: bool,
) -> Option<SearchResult> {
    if !solvable(g) {
        return None;
    }
    let start = Instant::now();
    let mut s = Solver::new(g, cfg, limits, stop, split);
    let mover = g.current_player();
    let mut moves = MoveList::new();
    if among.is_none() {
        tree_moves(g, &mut moves);
    }
    let mut stats = Vec::new();
    for m in among.unwrap_or(&moves).iter() {
        let before = s.budget.nodes;
        let v = s.after(g, m, f64::NEG_INFINITY, f64::INFINITY)?;
        stats.push((
            v.util[mover],
            MoveStats {
                mv: *m,
                visits: s.budget.nodes - before,
                win_rate: Some(v.wdl[mover]),
                margin: Some(v.margin[mover]),
                pv: Vec::new(),
            },
        ));
    }
    stats.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut moves: Vec<MoveStats> = stats.into_iter().map(|(_, m)| m).collect();
    for m in moves.iter_mut() {
        m.pv = s.line(g, m.mv, 24);
    }
    Some(SearchResult { moves, iterations: s.budget.nodes, elapsed: start.elapsed(), exact: true, nodes: s.tt.len() })
}
