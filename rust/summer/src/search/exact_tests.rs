//! The exact solver against references: the max^n solver it replaced,
//! wherever that one can solve; an expectimax brute force (every move, every
//! draw, no table, no pruning) on tiny endgames where bonus picks follow
//! refills; and the hidden order, which must change nothing.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use pavilion_core::agents::{Agent, GreedyAgent};

use super::bounds::ScoreBounds;
use super::exact::{solve, solve_with, Limits};
use super::maxn_reference::reference_solve;
use super::{outcome, utility, SearchConfig, SearchResult};
use crate::chance::refill_outcomes;
use crate::moves::{Move, MoveList};
use crate::rng::SplitMix64;
use crate::state::{Game, Options, Phase, ROUNDS};
use crate::testkit::*;
use crate::tiles::{Colour, Tiles};
use crate::Side;

/// Positions of the last round's placing from random games (2 to 4 players,
/// both sides): at its start or up to 15 random moves into it.
pub(super) fn endgames(count: usize, seed: u64) -> Vec<Game> {
    endgames_played(count, seed, false, 16)
}

/// Positions of the last round's placing from games of random moves, or of
/// greedy moves with `greedy` (2 to 4 players, both sides): at its start or
/// up to `extra - 1` more moves into it.
pub(super) fn endgames_played(count: usize, seed: u64, greedy: bool, extra: u32) -> Vec<Game> {
    let mut rng = SplitMix64::new(seed);
    let mut moves = MoveList::new();
    let mut out = Vec::new();
    let mut game = seed * 1000;
    while out.len() < count {
        game += 1;
        let players = 2 + (game % 3) as usize;
        let side = if game.is_multiple_of(2) { Side::Coloured } else { Side::Gray };
        let mut g = Game::new(Options::new(players, side, None).unwrap(), game);
        let mut agent = GreedyAgent::new(game);
        let mut play = |g: &mut Game, rng: &mut SplitMix64| {
            let m = if greedy {
                agent.choose(g).unwrap()
            } else {
                g.legal_moves(&mut moves);
                moves[rng.below(moves.len() as u32) as usize]
            };
            g.play_unchecked(&m);
        };
        while !(g.round() == ROUNDS && g.phase() == Phase::Place) {
            play(&mut g, &mut rng);
        }
        for _ in 0..rng.below(extra) {
            if g.is_over() {
                break;
            }
            play(&mut g, &mut rng);
        }
        if !g.is_over() {
            out.push(g);
        }
    }
    out
}

/// How many endgames the agreement test tries: 40 in the everyday suite,
/// more with PAVILION_ENDGAMES (`make endgames` runs 1,000).
fn agreement_size() -> usize {
    std::env::var("PAVILION_ENDGAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(40)
}

fn by_move(r: &SearchResult) -> Vec<(String, f64, f64)> {
    let mut v: Vec<_> = r.moves.iter().map(|m| (m.mv.to_string(), m.win_rate.unwrap(), m.margin.unwrap())).collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// Two solves of `g` give every move the same win share and margin (to 1e-9).
fn assert_same_values((name_a, a): (&str, &SearchResult), (name_b, b): (&str, &SearchResult), g: &Game) {
    let (a, b) = (by_move(a), by_move(b));
    assert_eq!(a.len(), b.len());
    for ((m, w, d), (m2, w2, d2)) in a.iter().zip(&b) {
        assert_eq!(m, m2);
        assert!(
            (w - w2).abs() < 1e-9 && (d - d2).abs() < 1e-9,
            "{m}: {name_a} ({w}, {d}), {name_b} ({w2}, {d2})\n{g:?}"
        );
    }
}

#[test]
fn agrees_with_the_max_n_solver_wherever_both_solve() {
    let cfg = SearchConfig::default();
    let stop = AtomicBool::new(false);
    let (mut both, mut only_new, mut tried) = (0, 0, 0);
    for g in endgames(agreement_size(), 5) {
        tried += 1;
        let Some(new) = solve(&g, &cfg, 2_000_000, &stop) else { continue };
        let Some(old) = reference_solve(&g, &cfg, 2_000_000, &stop) else {
            only_new += 1;
            continue;
        };
        both += 1;
        assert_same_values(("new", &new), ("max^n", &old), &g);
        // The best move's value is the best value (ties may pick another move).
        let u = |r: &SearchResult| utility(r.moves[0].win_rate.unwrap(), r.moves[0].margin.unwrap(), cfg.margin_weight);
        assert!((u(&new) - u(&old)).abs() < 1e-9);
    }
    eprintln!("{tried} endgames: both solved {both}, only the new solver {only_new}");
    // Random play leaves big hands, so most of these endgames are past both
    // solvers' budget; about one in six is solved by both (7 of 40 here).
    assert!(both * 8 >= tried, "only {both} of {tried} endgames solved by both");
}

#[test]
fn splitting_by_player_agrees_with_the_joint_search() {
    // Two-player endgames, each solved by the joint tree alone and with the
    // split (asked at every position): the same value for every move.
    let cfg = SearchConfig::default();
    let stop = AtomicBool::new(false);
    let (mut both, mut only_split, mut tried) = (0, 0, 0);
    let (mut split_nodes, mut joint_nodes) = (0, 0);
    for g in endgames(agreement_size() * 3, 11).into_iter().filter(|g| g.num_players() == 2) {
        tried += 1;
        let Some(split) = solve_with(&g, &cfg, Limits::nodes(2_000_000), &stop, None, true) else { continue };
        let Some(joint) = solve_with(&g, &cfg, Limits::nodes(2_000_000), &stop, None, false) else {
            only_split += 1;
            continue;
        };
        both += 1;
        assert_same_values(("split", &split), ("joint", &joint), &g);
        (split_nodes, joint_nodes) = (split_nodes + split.iterations, joint_nodes + joint.iterations);
    }
    eprintln!(
        "{tried} two-player endgames: both solved {both}, only with the split {only_split}; \
         positions where both solved: {split_nodes} split, {joint_nodes} joint"
    );
    // The joint search alone solves fewer than half (8 of 19 here).
    assert!(both * 4 >= tried, "only {both} of {tried} endgames solved both ways");
}

#[test]
fn each_players_score_bounds_hold_whatever_the_other_and_the_refills_do() {
    // From two-player endgames, lines to the end: the other player and the
    // refills random, the player itself random (no line may beat its upper
    // bound) or always moving to the position with the highest lower bound
    // (which must end with at least its lower bound: the bound is a guarantee).
    let mut rng = SplitMix64::new(5);
    let mut moves = MoveList::new();
    let (mut lines, mut open) = (0, 0);
    for g in endgames(600, 21).into_iter().filter(|g| g.num_players() == 2) {
        if lines == 12 * 16 {
            break;
        }
        // Random play leaves hands large; some boards take too long alone.
        // Only where a bonus tile is still to earn (the bounds differ).
        let mut bounds = ScoreBounds::new(100_000);
        let Some(both) = bounds.of(&g, 0).zip(bounds.of(&g, 1)) else { continue };
        if both.0 .0 == both.0 .1 && both.1 .0 == both.1 .1 {
            continue;
        }
        for seat in 0..2 {
            let (upper, lower) = bounds.of(&g, seat).unwrap();
            assert!(lower <= upper, "{lower} > {upper}\n{g:?}");
            open += usize::from(lower < upper);
            for trial in 0..8 {
                let careful = trial % 2 == 0;
                let mut h = g;
                h.redraw_hidden(trial);
                while !h.is_over() {
                    h.legal_moves(&mut moves);
                    let m = if careful && h.current_player() == seat {
                        *moves
                            .iter()
                            .max_by_key(|m| {
                                let mut c = h;
                                c.play_before_refill(m);
                                bounds.of(&c, seat).unwrap().1
                            })
                            .unwrap()
                    } else {
                        moves[rng.below(moves.len() as u32) as usize]
                    };
                    h.play_unchecked(&m);
                }
                let score = i64::from(h.scores()[seat]);
                assert!(score <= upper, "seat {seat} scored {score}, above its upper bound {upper}\n{g:?}");
                if careful {
                    assert!(score >= lower, "seat {seat} scored {score}, below its lower bound {lower}\n{g:?}");
                }
                lines += 1;
            }
        }
    }
    // Every position taken has a seat with bonus tiles still to earn, and at
    // least a third of the seats tried have open bounds: the test is not
    // about fixed players only.
    assert_eq!(lines, 12 * 16, "too few endgames bounded");
    assert!(open * 3 >= lines / 8, "only {open} of {} bounds open", lines / 8);
}

/// What `seat` can be sure to score playing `g` alone (`g`'s other seat has
/// passed) if each bonus pick meets a supply of one colour only, the colour
/// chosen against it: never less than what it can be sure of against any
/// supply, so never less than its lower bound.
fn sure_against_one_colour(g: &Game, seat: usize, memo: &mut HashMap<Game, i64>) -> i64 {
    if g.has_passed(seat) {
        return super::split::final_score(g, seat);
    }
    if let Some(&v) = memo.get(g) {
        return v;
    }
    let owed = g.bonus_owed();
    let v = if owed > 0 {
        let worst = Colour::ALL.iter().map(|&colour| {
            let mut take = Tiles::EMPTY;
            take.add(colour, owed as u8);
            let mut c = *g;
            c.supply = take;
            c.play_before_refill(&Move::Bonus { take });
            sure_against_one_colour(&c, seat, memo)
        });
        worst.min().unwrap()
    } else {
        let mut moves = MoveList::new();
        super::tree_moves(g, &mut moves);
        let lines = moves.iter().map(|m| {
            let mut c = *g;
            c.play_before_refill(m);
            sure_against_one_colour(&c, seat, memo)
        });
        lines.max().unwrap()
    };
    memo.insert(*g, v);
    v
}

#[test]
fn a_lower_bound_is_never_more_than_the_player_can_be_sure_of() {
    // Small hands, each seat alone: the lower bound against a brute force
    // where the supply is the worst single colour at every pick. Where that
    // leaves the bonus tiles unusable the two are equal, so a bound that
    // forgot what unused tiles cost would exceed it.
    let (mut compared, mut equal) = (0, 0);
    for g in endgames(1500, 33).into_iter().filter(|g| g.num_players() == 2) {
        for seat in 0..2 {
            if g.board(seat).hand.total() > 7 || g.has_passed(seat) {
                continue;
            }
            let mut bounds = ScoreBounds::new(100_000);
            let Some((upper, lower)) = bounds.of(&g, seat) else { continue };
            if lower == upper {
                continue;
            }
            let sure = sure_against_one_colour(&super::split::alone(&g, seat), seat, &mut HashMap::new());
            assert!(lower <= sure && sure <= upper, "seat {seat}: lower {lower}, sure {sure}, upper {upper}\n{g:?}");
            compared += 1;
            equal += usize::from(lower == sure);
        }
    }
    eprintln!("{compared} bounds compared, {equal} equal to the brute force");
    assert!(compared >= 20 && equal >= 5, "{compared} compared, {equal} equal");
}

type Brute = (f64, [f64; 4], [f64; 4]);

/// Expectimax over every legal move and every refill outcome: the reference
/// (no pruning, no move order; a position met again is looked up, not re-searched).
fn brute(g: &Game, w: f64, memo: &mut HashMap<Game, Brute>) -> Brute {
    if let Some(v) = memo.get(g) {
        return *v;
    }
    let v = brute_search(g, w, memo);
    memo.insert(*g, v);
    v
}

fn brute_search(g: &Game, w: f64, memo: &mut HashMap<Game, Brute>) -> Brute {
    if g.is_over() {
        let (wdl, margin) = outcome(g);
        return (0.0, wdl, margin);
    }
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let mut best: Option<Brute> = None;
    for m in moves.iter() {
        let v = brute_after(g, m, w, memo);
        if best.is_none_or(|(bu, _, _)| v.0 > bu + 1e-12) {
            best = Some(v);
        }
    }
    best.unwrap()
}

/// The brute-force value of playing `m` in `g`: the mover's expected
/// utility, and each seat's expected win share and margin, over the refill.
fn brute_after(g: &Game, m: &Move, w: f64, memo: &mut HashMap<Game, Brute>) -> Brute {
    let mover = g.current_player();
    let mut c = *g;
    c.play_before_refill(m);
    let mut draws = Vec::new();
    if c.refill_due() {
        refill_outcomes(&c, &mut draws);
    } else {
        draws.push((c, 1.0));
    }
    let (mut u, mut wdl, mut margin) = (0.0, [0.0; 4], [0.0; 4]);
    for (d, p) in &draws {
        let (_, w2, m2) = brute(d, w, memo);
        u += p * utility(w2[mover], m2[mover], w);
        for s in 0..4 {
            wdl[s] += p * w2[s];
            margin[s] += p * m2[s];
        }
    }
    (u, wdl, margin)
}

#[test]
fn agrees_with_brute_force_where_bonus_picks_follow_refills() {
    // Each seat lacks only the space 1 of one star (seat 0 red, seat 1
    // orange), which completes a statue and earns two bonus tiles, and holds
    // the tile for it: when seat 0 places first, seat 1 picks from a supply
    // the bag has refilled (unseen). Everything else is covered but one space
    // 1 each, so bonus tiles have few uses and the tree stays small.
    let mut r = SplitMix64::new(17);
    let letters = ["P", "G", "O", "Y", "B", "R"];
    let mut with_chance = 0;
    for case in 0..12 {
        let mut g = placing(2, Side::Coloured, 6);
        for (seat, open) in [(0, &["R1"][..]), (1, &["O1", "G1"][..])] {
            let spaces: Vec<String> = letters
                .iter()
                .flat_map(|s| (1..=6).map(move |v| format!("{s}{v}")))
                .filter(|sp| !open.contains(&sp.as_str()))
                .chain(letters.iter().enumerate().map(|(i, c)| format!("C{}:{c}", i + 1)))
                .collect();
            cover(&mut g, seat, &spaces.iter().map(String::as_str).collect::<Vec<_>>());
            give(&mut g, seat, &open[0][..1]);
            // Close scores: the margin stays under the utility's clip, so ties between moves are rare.
            set_score(&mut g, seat, 1 + r.below(12) as i32);
        }
        // A supply of two colours keeps the first picks few.
        let first = r.below(6) as usize;
        let two = [letters[first], letters[(first + 1 + r.below(5) as usize) % 6]];
        set_supply(&mut g, &(0..10).map(|i| two[i % 2]).collect::<String>());
        let c = SearchConfig::default();
        let res = solve(&g, &c, 2_000_000, &AtomicBool::new(false)).expect("tiny endgames are solved");
        // Every move the solve values has its brute-force value, and its best
        // move is worth the best of every legal move (pruned passes included).
        let mut memo = HashMap::new();
        let best = brute(&g, c.margin_weight, &mut memo);
        let mover = g.current_player();
        for (i, ms) in res.moves.iter().enumerate() {
            let (u, wdl, margin) = brute_after(&g, &ms.mv, c.margin_weight, &mut memo);
            assert!(
                (ms.win_rate.unwrap() - wdl[mover]).abs() < 1e-9,
                "case {case}, {}: {} vs {}",
                ms.mv,
                ms.win_rate.unwrap(),
                wdl[mover]
            );
            assert!(
                (ms.margin.unwrap() - margin[mover]).abs() < 1e-9,
                "case {case}, {}: {} vs {}",
                ms.mv,
                ms.margin.unwrap(),
                margin[mover]
            );
            if i == 0 {
                assert!(
                    (u - best.0).abs() < 1e-9,
                    "case {case}: the solve's best {} is worth {u}, not {}",
                    ms.mv,
                    best.0
                );
            }
        }
        if reference_solve(&g, &c, 2_000_000, &AtomicBool::new(false)).is_none() {
            with_chance += 1;
        }
    }
    assert!(with_chance >= 4, "only {with_chance} cases needed a refill weighed");
}

#[test]
fn the_hidden_order_changes_nothing_in_a_solve() {
    let cfg = SearchConfig::default();
    let stop = AtomicBool::new(false);
    let mut compared = 0;
    for g in endgames(30, 9) {
        let Some(a) = solve(&g, &cfg, 1_000_000, &stop) else { continue };
        let mut h = g;
        h.redraw_hidden(0xBAD5EED);
        let b = solve(&h, &cfg, 1_000_000, &stop).expect("the same position, the same work");
        assert_eq!(by_move(&a), by_move(&b));
        compared += 1;
    }
    assert!(compared >= 10);
}

#[test]
fn an_attempt_in_place_of_iterations_does_their_work_and_no_more() {
    use super::exact::DEFAULT_NODE_BUDGET;
    use super::search;
    let stop = AtomicBool::new(false);
    let mut tried = 0;
    for g in endgames(40, 4) {
        // Endgames the default budget solves with room to spare.
        let Some(full) = solve(&g, &SearchConfig::default(), DEFAULT_NODE_BUDGET / 10, &stop) else { continue };
        // Whatever the iterations, the attempt visits at most their share of
        // positions, at the default rate and at another (`exact_positions`).
        for per in [super::POSITIONS_PER_ITERATION, 3] {
            let cfg = SearchConfig { exact_positions: per, ..SearchConfig::default() };
            if full.iterations < 4 * per {
                continue;
            }
            for n in [1, 3, full.iterations / per / 2, full.iterations] {
                let r = search(&g, cfg.clone(), Some(n), None, &stop);
                if r.exact {
                    assert!(r.iterations <= n * per, "{} positions for {n} iterations at {per}", r.iterations);
                    assert_eq!(by_move(&r), by_move(&full));
                } else {
                    assert_eq!(r.iterations, n, "the iterations were searched by MCTS");
                }
            }
            // Just below the positions the solve needs, the attempt gives up.
            let short = (full.iterations - 1) / per;
            assert!(
                !search(&g, cfg.clone(), Some(short.max(1)), None, &stop).exact,
                "{per}: solved in {short} iterations"
            );
        }
        tried += 1;
    }
    assert!(tried >= 5, "only {tried} endgames solved");
}

#[test]
fn a_principal_variation_to_the_end_scores_what_the_solve_says() {
    let (stop, cfg) = (AtomicBool::new(false), SearchConfig::default());
    let mut to_the_end = 0;
    for g in endgames(40, 6) {
        let Some(r) = solve(&g, &cfg, 200_000, &stop) else { continue };
        let best = &r.moves[0];
        let mover = g.current_player();
        let mut end = g;
        for m in &best.pv {
            assert!(end.is_legal(m), "{m} in the line is illegal");
            end.play_before_refill(m);
        }
        if !end.is_over() {
            // A refill (or a position only bounded) ends the line early.
            continue;
        }
        let (wdl, margin) = outcome(&end);
        assert_eq!((wdl[mover], margin[mover]), (best.win_rate.unwrap(), best.margin.unwrap()), "{:?}", best.pv);
        to_the_end += 1;
    }
    assert!(to_the_end >= 5, "only {to_the_end} lines reached the end");
}

#[test]
fn the_public_key_ignores_the_hidden_order_and_nothing_else() {
    use pavilion_core::Game as _;
    for g in endgames(6, 12) {
        let mut other_order = g;
        other_order.redraw_hidden(0xFEED);
        assert_eq!(g.public_key(), other_order.public_key());
        let mut other_supply = g;
        let Some(c) = Colour::ALL.into_iter().find(|&c| g.supply().get(c) > 0) else { continue };
        edit(&mut other_supply, |s| {
            s.supply.sub(c, 1);
            s.bag.add(c, 1);
        });
        assert_ne!(g.public_key(), other_supply.public_key(), "the supply is public");
    }
}

#[test]
fn nodes_solved_in_the_tree_back_up_their_exact_values() {
    use super::{ExactUse, Searcher};
    let stop = AtomicBool::new(false);
    let (mut searched, mut solved_nodes) = (0, 0);
    // Root moves whose mean is their exact value, with exact values in the tree and without.
    let mut at_exact = [0, 0];
    for g in endgames(150, 13) {
        if g.num_players() != 2 {
            continue;
        }
        // Positions the solver values move by move within a small budget.
        let Some(exact) = solve(&g, &SearchConfig::default(), 100_000, &stop) else { continue };
        searched += 1;
        for (k, mode) in [ExactUse::Tree, ExactUse::Off].into_iter().enumerate() {
            let mut s = Searcher::new(&g, SearchConfig { seed: 3, exact: mode, ..SearchConfig::default() });
            s.run(Some(4000), None, &stop);
            if mode == ExactUse::Off {
                assert_eq!(s.proof_count(), 0, "no exact values when off");
            }
            solved_nodes += s.proof_count();
            for m in &s.result(1).moves {
                let e = exact.moves.iter().find(|x| x.mv == m.mv).expect("the same moves");
                // A move the tree never reached has no value to compare.
                let (Some(w), Some(mg)) = (m.win_rate, m.margin) else { continue };
                if (w - e.win_rate.unwrap()).abs() < 1e-9 && (mg - e.margin.unwrap()).abs() < 1e-9 {
                    at_exact[k] += 1;
                }
            }
        }
    }
    assert!(searched >= 5 && solved_nodes >= searched, "{solved_nodes} nodes solved in {searched} searches");
    // A move whose position was solved averages its exact value (its
    // rollouts gave way at the solve); without, only moves whose every
    // rollout ends the same do.
    let [with, without] = at_exact;
    assert!(with >= without + 2 * searched, "{with} vs {without} moves at their exact values, {searched} endgames");
}

#[test]
fn the_tree_proves_endgames_without_hidden_draws_and_agrees_with_the_solver() {
    use super::Searcher;
    let stop = AtomicBool::new(false);
    let (mut proven, mut tried) = (0, 0);
    for g in endgames(400, 21) {
        if g.num_players() != 2 {
            continue; // with 3 or 4 players a value depends on how ties are broken
        }
        let Some(exact) = solve(&g, &SearchConfig::default(), 50_000, &stop) else { continue };
        tried += 1;
        // MCTS alone (no solve at the root), with its proofs.
        let mut s = Searcher::new(&g, SearchConfig { seed: 5, ..SearchConfig::default() });
        s.run(Some(20_000), None, &stop);
        let r = s.result(64);
        if !r.exact {
            continue;
        }
        proven += 1;
        assert!(r.iterations < 20_000, "it searched on after the proof");
        let w = SearchConfig::default().margin_weight;
        let best = &r.moves[0];
        let value = |m: &super::MoveStats| utility(m.win_rate.unwrap(), m.margin.unwrap(), w);
        let exact_best = exact.moves.iter().map(value).fold(f64::NEG_INFINITY, f64::max);
        assert!((value(best) - exact_best).abs() < 1e-9, "proven {} vs exact {exact_best}\n{g:?}", value(best));
        // The proven move is worth in the solve what the tree proved it worth.
        let same = exact.moves.iter().find(|m| m.mv == best.mv).expect("the same moves");
        assert_eq!(
            (same.win_rate.unwrap(), same.margin.unwrap()),
            (best.win_rate.unwrap(), best.margin.unwrap()),
            "{}\n{g:?}",
            best.mv
        );
        // And its line plays to the end to exactly that.
        let mover = g.current_player();
        let mut end = g;
        for m in &best.pv {
            assert!(end.is_legal(m), "{m} in the line is illegal");
            end.play_unchecked(m);
        }
        assert!(end.is_over(), "the proven line {:?} stops short", best.pv);
        let (wdl, margin) = outcome(&end);
        assert_eq!((wdl[mover], margin[mover]), (best.win_rate.unwrap(), best.margin.unwrap()), "{:?}", best.pv);
    }
    assert!(tried >= 25 && proven >= 5, "{proven} of {tried} endgames proven by the tree");
}
