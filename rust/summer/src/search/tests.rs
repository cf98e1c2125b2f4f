//! Search tests: legality, forced wins, exactness, hidden information, determinism.

use std::sync::atomic::AtomicBool;

use super::exact::solve;
use super::Values;
use super::*;
use crate::board::Side;
use crate::rng::SplitMix64;
use crate::state::Options;
use crate::testkit::*;

fn cfg(seed: u64) -> SearchConfig {
    SearchConfig { seed, ..SearchConfig::default() }
}

fn run(g: &Game, c: SearchConfig, iterations: u64) -> SearchResult {
    let mut s = Searcher::new(g, c);
    s.run(Some(iterations), None, &AtomicBool::new(false));
    s.result(8)
}

#[test]
fn search_returns_only_legal_moves() {
    let mut chooser = SplitMix64::new(5);
    let mut moves = MoveList::new();
    for (players, side) in [(2, Side::Coloured), (3, Side::Gray), (4, Side::Coloured)] {
        let mut g = Game::new(Options::new(players, side, None).unwrap(), 3);
        let mut step = 0;
        while !g.is_over() {
            assert!(step < 2000, "the game does not end");
            if step % 9 == 0 {
                let r = search(&g, cfg(step), Some(200), None, &AtomicBool::new(false));
                assert!(!r.moves.is_empty());
                for m in &r.moves {
                    assert!(g.is_legal(&m.mv), "{}", m.mv);
                    // The principal variation is playable from here, up to the first
                    // chance event (a draw may change what is legal after it).
                    let mut h = g;
                    for pv in &m.pv {
                        let drawn = h.rng_state() != g.rng_state();
                        match h.play(pv) {
                            Ok(_) => {}
                            Err(_) if drawn => break,
                            Err(e) => panic!("PV move {pv} is illegal with no draw before it: {e}"),
                        }
                    }
                }
            }
            g.legal_moves(&mut moves);
            g.play(&moves[chooser.below(moves.len() as u32) as usize]).unwrap();
            step += 1;
        }
    }
}

#[test]
fn finds_the_placement_completing_a_star_and_a_window() {
    // Round 3: blue star 1-5 covered; B6 completes the star (15 at the end)
    // and the window (3 bonus tiles) and scores a run of 6.
    let mut g = placing(2, Side::Coloured, 3);
    cover(&mut g, 0, &["B1", "B2", "B3", "B4", "B5"]);
    give(&mut g, 0, "BBBBBBRRY");
    give(&mut g, 1, "GGG");
    let r = run(&g, cfg(1), 3000);
    assert_eq!(r.best().unwrap().to_string(), "B6");
    assert!(!r.exact);
}

#[test]
fn exact_solve_finds_the_last_round_win() {
    // Red 2-6 covered (window done); R1 completes the star (+14 at the end)
    // with a run of 6 and no new feature, so no hidden draw can matter.
    let mut g = placing(2, Side::Coloured, 6);
    cover(&mut g, 0, &["R2", "R3", "R4", "R5", "R6"]);
    give(&mut g, 0, "R");
    give(&mut g, 1, "GG");
    set_score(&mut g, 0, 20);
    set_score(&mut g, 1, 36);
    let r = search(&g, cfg(1), Some(100), None, &AtomicBool::new(false));
    assert!(r.exact);
    // Only R1 (6 points now, 14 at the end: 40) overtakes seat 1 (at most 38).
    assert_eq!(r.best().unwrap().to_string(), "R1");
    assert_eq!(r.moves[0].win_rate.unwrap(), 1.0);
    assert!(r.moves[1..].iter().all(|m| m.win_rate.unwrap() == 0.0));
}

/// Max^n over every legal move, no table, no pruning: the reference.
fn brute(g: &Game, w: f64) -> (Values, Values) {
    if g.is_over() {
        return outcome(g);
    }
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let mover = g.current_player();
    let mut best: Option<(f64, (Values, Values))> = None;
    for m in moves.iter() {
        let mut c = *g;
        c.play_unchecked(m);
        let v = brute(&c, w);
        let u = utility(v.0[mover], v.1[mover], w);
        if best.as_ref().is_none_or(|(bu, _)| u > *bu) {
            best = Some((u, v));
        }
    }
    best.unwrap().1
}

#[test]
fn exact_solve_agrees_with_brute_force_on_tiny_endgames() {
    let mut r = SplitMix64::new(11);
    let letters = ["P", "G", "O", "Y", "B", "R"];
    let mut solved = 0;
    for case in 0..30 {
        let side = if case % 2 == 0 { Side::Coloured } else { Side::Gray };
        let mut g = placing(2, side, 6);
        for seat in 0..2 {
            let hand: String = (0..2 + r.below(3)).map(|_| letters[r.below(6) as usize]).collect();
            give(&mut g, seat, &hand);
            set_score(&mut g, seat, 1 + r.below(12) as i32);
        }
        cover(&mut g, 0, &["B1", "B2", "R1"]);
        cover(&mut g, 1, &["Y5"]);
        let c = cfg(0);
        let Some(res) = solve(&g, &c, 2_000_000, &AtomicBool::new(false)) else { continue };
        solved += 1;
        let mover = g.current_player();
        let want = brute(&g, c.margin_weight);
        let top = &res.moves[0];
        assert_eq!(top.win_rate.unwrap(), want.0[mover], "case {case}");
        assert_eq!(top.margin.unwrap(), want.1[mover], "case {case}");
        assert!(g.is_legal(&top.mv));
    }
    assert!(solved >= 20, "only {solved} of 30 tiny endgames were solvable");
}

#[test]
fn hidden_bag_order_does_not_change_the_search() {
    let a = Game::new(Options::default(), 21);
    let mut b = a;
    b.redraw_hidden(0xDEAD_BEEF);
    assert_ne!(a, b, "the positions differ in the hidden future");
    let ra = run(&a, cfg(4), 2000);
    let rb = run(&b, cfg(4), 2000);
    let key =
        |r: &SearchResult| r.moves.iter().map(|m| (m.mv, m.visits, m.win_rate.map(f64::to_bits))).collect::<Vec<_>>();
    assert_eq!(key(&ra), key(&rb));
}

#[test]
fn same_seed_same_result_with_one_thread() {
    let g = Game::new(Options::new(3, Side::Gray, None).unwrap(), 8);
    let key = |r: &SearchResult| r.moves.iter().map(|m| (m.mv, m.visits, m.pv.clone())).collect::<Vec<_>>();
    assert_eq!(key(&run(&g, cfg(9), 1500)), key(&run(&g, cfg(9), 1500)));
    assert_ne!(key(&run(&g, cfg(9), 1500)), key(&run(&g, cfg(10), 1500)));
}

#[test]
fn threads_split_the_budget_and_the_memory_cap_holds() {
    let g = Game::new(Options::default(), 2);
    let c = SearchConfig { threads: 2, max_bytes: 1 << 20, ..cfg(3) };
    let mut s = Searcher::new(&g, c);
    s.run(Some(4000), None, &AtomicBool::new(false));
    assert_eq!(s.iterations(), 4000);
    assert!(s.memory_bytes() < (1 << 20) + 64 * 1024, "{} bytes", s.memory_bytes());
    let r = s.result(4);
    assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 4000);
}

#[test]
fn search_passes_keep_all_they_can_or_nothing() {
    let mut g = placing(2, Side::Coloured, 2);
    give(&mut g, 0, "PPGGOOYY");
    let mut l = MoveList::new();
    tree_moves(&g, &mut l);
    let mut sizes: Vec<u32> =
        l.iter().filter_map(|m| if let Move::Pass { keep } = m { Some(keep.total()) } else { None }).collect();
    sizes.sort();
    // Keeping nothing once, and every choice of 4 of P P G G O O Y Y (19 multisets).
    assert_eq!(sizes.iter().filter(|&&n| n == 0).count(), 1, "{sizes:?}");
    assert_eq!(sizes.iter().filter(|&&n| n == 4).count(), 19, "{sizes:?}");
    assert_eq!(sizes.len(), 20, "no other keep size before the last round: {sizes:?}");
    let mut last = placing(2, Side::Coloured, 6);
    give(&mut last, 0, "PPGGOOYY");
    tree_moves(&last, &mut l);
    let sizes: Vec<u32> =
        l.iter().filter_map(|m| if let Move::Pass { keep } = m { Some(keep.total()) } else { None }).collect();
    assert_eq!(sizes.len(), 5, "one pass per keep size 0..4 in the last round: {sizes:?}");
}

#[test]
fn the_generic_search_sees_the_same_legal_moves() {
    // What the shared search and agents ask through `pavilion_core::Game`.
    let mut rng = SplitMix64::new(8);
    let mut legal = MoveList::new();
    let mut g = Game::new(Options::default(), 3);
    for _ in 0..60 {
        g.legal_moves(&mut legal);
        for id in 0..crate::action::NUM_ACTIONS {
            let m = Move::from_action(id).expect("every id is a move");
            assert_eq!(<Game as pavilion_core::Game>::is_legal(&g, &m), legal.contains(&m), "{m}");
        }
        g.play_unchecked(&legal[rng.below(legal.len() as u32) as usize]);
    }
}

#[test]
fn the_passes_option_decides_which_passes_the_root_weighs() {
    // Round 2, a hand of 8: 20 passes are weighed by default, every one of the
    // legal passes with `passes=all`.
    let mut g = placing(2, Side::Coloured, 2);
    give(&mut g, 0, "PPGGOOYY");
    let passes = |r: &SearchResult| r.moves.iter().filter(|m| matches!(m.mv, Move::Pass { .. })).count();
    let mut legal = MoveList::new();
    g.legal_moves(&mut legal);
    let every = legal.iter().filter(|m| matches!(m, Move::Pass { .. })).count();
    assert!(every > 20);
    let pruned = run(&g, cfg(1), 3000);
    assert_eq!(passes(&pruned), 20);
    let all = run(&g, SearchConfig { passes: crate::search::Passes::All, ..cfg(1) }, 3000);
    assert_eq!(passes(&all), every);
}

/// The tree's moves are the legal moves, in their order, less the pruned passes:
/// keeping nothing or as many as allowed (in the last round, the first of each size).
#[test]
fn tree_moves_are_the_legal_moves_in_order_with_passes_pruned() {
    let mut rng = crate::rng::SplitMix64::new(4);
    let (mut all, mut tree) = (MoveList::new(), MoveList::new());
    let mut pruned_positions = 0;
    for seed in 0..40 {
        let mut g = Game::new(Options::new(2 + seed as usize % 3, Side::ALL[seed as usize % 2], None).unwrap(), seed);
        while !g.is_over() {
            g.legal_moves(&mut all);
            tree_moves(&g, &mut tree);
            let largest = g.board(g.current_player()).hand.total().min(crate::state::MAX_KEEP);
            let mut seen = 0u32;
            let want: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| match m {
                    Move::Pass { keep } if g.round() == crate::state::ROUNDS => {
                        let new = seen & (1 << keep.total()) == 0;
                        seen |= 1 << keep.total();
                        new
                    }
                    Move::Pass { keep } => keep.is_empty() || keep.total() == largest,
                    _ => true,
                })
                .collect();
            assert_eq!(tree.to_vec(), want);
            pruned_positions += (want.len() < all.len()) as u32;
            let m = g.random_move(&mut rng, &mut all).unwrap();
            g.play(&m).unwrap();
        }
    }
    assert!(pruned_positions > 500, "{pruned_positions}");
}

#[test]
fn tree_parallel_shares_one_tree() {
    let g = Game::new(Options::new(3, Side::Coloured, None).unwrap(), 6);
    let c = SearchConfig { threads: 2, parallel: Parallel::Tree, ..cfg(2) };
    let mut s = Searcher::new(&g, c);
    s.run(Some(3000), None, &AtomicBool::new(false));
    assert_eq!(s.iterations(), 3000);
    let r = s.result(6);
    assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 3000, "virtual losses are all settled");
    assert!(r.moves.iter().all(|m| g.is_legal(&m.mv) && m.win_rate.is_none_or(|w| (0.0..=1.0).contains(&w))));
    assert!(r.moves.iter().all(|m| m.win_rate.is_some() == (m.visits > 0)), "a value where a move was visited");
    assert_eq!(r.nodes, 3001, "one tree, one node per iteration");
}

/// A shared victory is worth 1/k to each of the k winners, nothing to the others;
/// the margin is each score less the best other score.
#[test]
fn outcome_shares_a_tied_win() {
    let mut g = placing(3, Side::Coloured, 6);
    set_score(&mut g, 0, 30);
    set_score(&mut g, 1, 30);
    set_score(&mut g, 2, 12);
    for _ in 0..3 {
        let seat = g.current_player();
        assert!(g.board(seat).hand.is_empty());
        g.play(&mv("pass")).unwrap();
    }
    assert!(g.is_over());
    let (wdl, margin) = outcome(&g);
    assert_eq!(&wdl[..3], &[0.5, 0.5, 0.0]);
    assert_eq!(&margin[..3], &[0.0, 0.0, -18.0]);
    assert!((utility(wdl[0], margin[0], 0.1) - 0.5).abs() < 1e-12);
    assert!((utility(wdl[2], margin[2], 0.1) - (0.0 - 0.1 * 18.0 / MARGIN_SCALE)).abs() < 1e-12);
    assert!((utility(0.0, -500.0, 0.1) + 0.1).abs() < 1e-12, "the margin term is clipped at -1");
}

#[test]
fn the_search_widens_from_the_best_greedy_values_and_widening_off_opens_every_move() {
    // The opening draft: every move is searched, none pruned.
    let g = Game::new(Options::default(), 4);
    let mut moves = MoveList::new();
    tree_moves(&g, &mut moves);
    let mut values: Vec<f64> = moves.iter().map(|m| crate::agents::greedy_value(&g, m)).collect();
    values.sort_by(|a, b| b.total_cmp(a));
    // 4,000 walks open a window of ceil((4000 + 1)^0.25) = 8 moves, best greedy value first.
    let (c, alpha) = WIDENING;
    let window = (c * 4001f64.powf(alpha)).ceil() as usize;
    assert!(window == 8 && moves.len() > window, "{} moves, window {window}", moves.len());
    let r = run(&g, cfg(1), 4000);
    let tried: Vec<_> = r.moves.iter().filter(|m| m.visits > 0).collect();
    assert_eq!(tried.len(), window, "every move of the window is tried, and no other");
    for m in tried {
        assert!(crate::agents::greedy_value(&g, &m.mv) >= values[window - 1], "{} is outside the window", m.mv);
    }
    // `widen=1.25` opens a quarter more: ceil(1.25 · 7.95) = 10 moves, still the best greedy values.
    let wider = (1.25 * c * 4001f64.powf(alpha)).ceil() as usize;
    assert!(wider == 10 && moves.len() > wider, "{} moves, window {wider}", moves.len());
    let r = run(&g, SearchConfig { widen: 1.25, ..cfg(1) }, 4000);
    let tried: Vec<_> = r.moves.iter().filter(|m| m.visits > 0).collect();
    assert_eq!(tried.len(), wider, "widen=1.25 tries the wider window's moves, and no other");
    for m in tried {
        assert!(crate::agents::greedy_value(&g, &m.mv) >= values[wider - 1], "{} is outside the window", m.mv);
    }
    let off = run(&g, SearchConfig { widening: Widening::Off, ..cfg(1) }, 4000);
    assert_eq!(off.moves.iter().filter(|m| m.visits > 0).count(), moves.len(), "widening=off tries every move");
}

#[test]
fn a_stage_is_a_round_and_ends_with_the_next_round_s_factories_filled() {
    use pavilion_core::Game as _;
    let mut rng = SplitMix64::new(2);
    let mut moves = MoveList::new();
    for players in 2..=4 {
        let mut g = Game::new(Options::new(players, Side::Coloured, None).unwrap(), players as u64);
        let mut stages = vec![g.stage()];
        while !g.is_over() {
            g.legal_moves(&mut moves);
            let before = g.stage();
            g.play_unchecked(&moves[rng.below(moves.len() as u32) as usize]);
            if g.stage() != before && !g.is_over() {
                // Where a horizon=stage rollout stops: a new round, its factories dealt, nobody yet drafting.
                assert_eq!(g.phase(), crate::state::Phase::Draft);
                assert!(g.factories().iter().all(|f| f.total() == 4));
                stages.push(g.stage());
            }
        }
        assert_eq!(stages, (1..=6).map(Some).collect::<Vec<_>>());
    }
}
