//! The proven score ranges against what they claim: the exact solve's values
//! lie inside them, the guaranteeing line reaches its guaranteed score and no
//! line passes a best score whatever the others and the refills do, and a
//! proven outcome never disagrees with the exact solve or with a line played out.

use std::sync::atomic::AtomicBool;

use super::exact::solve;
use super::exact_tests::{endgames, endgames_played};
use super::ranges::{proven, Proven, Ranges, ScoreRange};
use super::SearchConfig;
use crate::moves::MoveList;
use crate::rng::SplitMix64;
use crate::state::Game;

/// Both ways of reaching the last round: random play (large hands, odd boards) and greedy play.
fn both_ways(count: usize, seed: u64) -> Vec<Game> {
    let mut all = endgames(count, seed);
    // Greedy play: at the start of the last placing or up to 12 greedy moves into it.
    all.extend(endgames_played(count, seed + 1, true, 13));
    all
}

/// The expected margin range of `seat` the score ranges allow: its lowest
/// score against the others' highest, and the other way round.
fn margin_range(r: &[ScoreRange], seat: usize) -> (i64, i64) {
    let others = || r.iter().enumerate().filter(|&(t, _)| t != seat).map(|(_, x)| x);
    (
        r[seat].guaranteed - others().map(|x| x.best).max().unwrap(),
        r[seat].best - others().map(|x| x.guaranteed).max().unwrap(),
    )
}

/// `proven` agrees with the exact win share of `seat` (`share`, an
/// expectation over refills: summed, it can miss 1 by a rounding).
fn agrees(p: Proven, share: f64, players: usize) -> bool {
    match p {
        Proven::Wins => share >= 1.0 - 1e-9,
        Proven::CannotLose => share >= 1.0 / players as f64 - 1e-9,
        Proven::CannotWin => share <= 1e-9,
        Proven::Open => true,
    }
}

/// Plays `h` to its end with re-dealt refills: `careful` moves by
/// `guaranteeing_move`, every other seat at random.
fn play_out(mut h: Game, redeal: u64, careful: usize, ranges: &mut Ranges, rng: &mut SplitMix64) -> Game {
    let mut moves = MoveList::new();
    h.redraw_hidden(redeal);
    while !h.is_over() {
        let m = if h.current_player() == careful {
            ranges.guaranteeing_move(&h).expect("within the limit")
        } else {
            h.legal_moves(&mut moves);
            moves[rng.below(moves.len() as u32) as usize]
        };
        h.play_unchecked(&m);
    }
    h
}

#[test]
fn every_range_holds_the_exact_value_and_agrees_with_its_outcome() {
    let cfg = SearchConfig::default();
    let (mut solved, mut decided, mut moves_checked) = (0, 0, 0);
    for g in both_ways(60, 7) {
        let Some(r) = solve(&g, &cfg, 400_000, &AtomicBool::new(false)) else { continue };
        let mut ranges = Ranges::default();
        let Some(here) = ranges.of(&g) else { continue };
        solved += 1;
        let mover = g.current_player();
        let best = &r.moves[0];
        let (lo, hi) = margin_range(&here, mover);
        let margin = best.margin.unwrap();
        assert!(lo as f64 - 1e-9 <= margin && margin <= hi as f64 + 1e-9, "margin {margin} outside {lo}..{hi}\n{g:?}");
        let p = proven(&here, mover);
        decided += usize::from(p != Proven::Open);
        assert!(agrees(p, best.win_rate.unwrap(), g.num_players()), "{p} but the solve says {best:?}\n{g:?}");
        // Each move's range holds that move's exact value.
        let listed: Vec<_> = r.moves.iter().map(|m| m.mv).collect();
        for (m, after) in r.moves.iter().zip(ranges.after(&g, &listed)) {
            let after = after.expect("a move's ranges within the limit where the position's are");
            let (lo, hi) = margin_range(&after, mover);
            let margin = m.margin.unwrap();
            assert!(
                lo as f64 - 1e-9 <= margin && margin <= hi as f64 + 1e-9,
                "{}: margin {margin} outside {lo}..{hi}",
                m.mv
            );
            let p = proven(&after, mover);
            assert!(agrees(p, m.win_rate.unwrap(), g.num_players()), "{}: {p} {after:?}, solve {m:?}\n{g:?}", m.mv);
            moves_checked += 1;
        }
    }
    eprintln!("{solved} solved endgames, {decided} decided by their ranges, {moves_checked} moves");
    assert!(
        solved >= 25 && decided >= 5 && moves_checked >= 400,
        "{solved} solved, {decided} decided, {moves_checked} moves"
    );
}

#[test]
fn the_guaranteeing_line_reaches_its_score_and_no_line_passes_a_best() {
    // The seat plays `guaranteeing_move` at each turn, the others and the
    // refills at random (re-dealt each line): its final score is at least its
    // guaranteed score, and nobody's ends above its best.
    let mut rng = SplitMix64::new(11);
    let (mut lines, mut open) = (0, 0);
    for g in both_ways(24, 3) {
        let mut ranges = Ranges::default();
        let Some(r) = ranges.of(&g) else { continue };
        for seat in 0..g.num_players() {
            open += usize::from(r[seat].width() > 0);
            for trial in 0..4 {
                let scores = play_out(g, trial * 7 + seat as u64, seat, &mut ranges, &mut rng).scores();
                let score = i64::from(scores[seat]);
                assert!(score >= r[seat].guaranteed, "seat {seat} scored {score} below {:?}\n{g:?}", r[seat]);
                for (t, &s) in scores.iter().enumerate() {
                    assert!(i64::from(s) <= r[t].best, "seat {t} scored {s} above {:?}\n{g:?}", r[t]);
                }
                lines += 1;
            }
        }
    }
    assert!(lines >= 300 && open * 3 >= lines / 4, "{lines} lines, {open} open ranges");
}

#[test]
fn a_proven_outcome_holds_in_every_line_played_out() {
    // From a position whose ranges decide a seat's result, lines to the end
    // with the refills re-dealt: the player whose guaranteed score decides it
    // (the seat itself for "wins" and "cannot lose", the strongest other for
    // "cannot win") plays `guaranteeing_move`, everyone else at random. The
    // seat then wins (or at least shares) every line, or never wins.
    let mut rng = SplitMix64::new(13);
    let mut decided = 0;
    for g in both_ways(80, 9) {
        let mut ranges = Ranges::default();
        let Some(r) = ranges.of(&g) else { continue };
        for seat in 0..g.num_players() {
            let p = proven(&r, seat);
            let careful = match p {
                Proven::Open => continue,
                Proven::Wins | Proven::CannotLose => seat,
                Proven::CannotWin => {
                    (0..g.num_players()).filter(|&t| t != seat).max_by_key(|&t| r[t].guaranteed).unwrap()
                }
            };
            decided += 1;
            for trial in 0..4 {
                let scores = play_out(g, trial, careful, &mut ranges, &mut rng).scores();
                let top = *scores.iter().max().unwrap();
                let others_top = scores.iter().enumerate().filter(|&(t, _)| t != seat).map(|(_, &s)| s).max().unwrap();
                let ok = match p {
                    Proven::Wins => scores[seat] > others_top,
                    Proven::CannotLose => scores[seat] == top,
                    Proven::CannotWin => scores[seat] < top,
                    Proven::Open => unreachable!(),
                };
                assert!(ok, "seat {seat} {p}, but scores {scores:?} ({r:?})\n{g:?}");
            }
        }
    }
    assert!(decided >= 20, "only {decided} results decided");
}

#[test]
fn outcomes_are_read_from_the_ranges_ends() {
    let r = |g, b| ScoreRange { guaranteed: g, best: b };
    assert_eq!(proven(&[r(50, 60), r(40, 49)], 0), Proven::Wins);
    assert_eq!(proven(&[r(50, 60), r(40, 49)], 1), Proven::CannotWin);
    // A tie is a shared win: equal ends decide "cannot lose", not "wins".
    assert_eq!(proven(&[r(50, 60), r(40, 50)], 0), Proven::CannotLose);
    assert_eq!(proven(&[r(50, 60), r(40, 50)], 1), Proven::Open);
    assert_eq!(proven(&[r(50, 60), r(55, 70)], 0), Proven::Open);
    // Three players: the strongest other decides.
    assert_eq!(proven(&[r(50, 60), r(10, 20), r(61, 61)], 0), Proven::CannotWin);
    assert_eq!(proven(&[r(50, 60), r(10, 20), r(30, 49)], 0), Proven::Wins);
    assert_eq!("cannot_win".parse::<Proven>().unwrap(), Proven::CannotWin);
    assert_eq!(Proven::CannotLose.to_string(), "cannot_lose");
}
