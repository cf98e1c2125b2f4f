//! Random simulation: full games for 2, 3 and 4 players on both sides, with
//! the invariants checked after every single move.

use pavilion_summer::rng::SplitMix64;
use pavilion_summer::{Game, Move, MoveList, Options, Phase, Side, Tiles, NUM_ACTIONS};

const SIDES: [Side; 2] = [Side::Coloured, Side::Gray];

fn check_invariants(g: &Game, moves: &MoveList) {
    assert_eq!(g.census(), Tiles::FULL_SET, "132 tiles, 22 of each colour");
    for p in g.boards() {
        assert!(p.score >= 1, "score below 1");
    }
    assert!(g.supply().total() <= 10);
    // Every turn of the placing starts with a full supply, unless bag and tower are spent
    // (the rules refill it before each turn, the round's first included).
    if g.phase() == Phase::Place && g.bonus_owed() == 0 {
        assert!(
            g.supply().total() == 10 || g.bag().total() + g.tower().total() == 0,
            "a placing turn with a short supply"
        );
    }
    assert_eq!(moves.is_empty(), g.is_over(), "only a finished game has no moves");
    for m in moves.iter() {
        assert!(g.is_legal(m), "listed move {m} rejected: {:?}", g.check(m));
    }
    let mut sorted: Vec<Move> = moves.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "a move is listed twice");
}

/// Plays `games` random games per configuration, checking the cheap invariants at every step.
fn run(games: u64, players: usize, side: Side, mut every_step: impl FnMut(&Game, &MoveList)) -> u64 {
    let mut total_moves = 0;
    let mut moves = MoveList::new();
    for seed in 0..games {
        let mut g = Game::new(Options::new(players, side, None).unwrap(), seed);
        let mut chooser = SplitMix64::new(seed ^ 0xABCD);
        let mut steps = 0;
        loop {
            g.legal_moves(&mut moves);
            check_invariants(&g, &moves);
            every_step(&g, &moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[chooser.below(moves.len() as u32) as usize];
            g.play(&m).expect("listed move applies");
            steps += 1;
            assert!(steps < 2000, "game does not end");
        }
        assert_eq!(g.round(), 6);
        assert_eq!(g.phase(), Phase::Over);
        let w = g.winners();
        assert!(!w.is_empty());
        let best = g.scores().into_iter().max().unwrap();
        assert!(w.iter().all(|&s| g.scores()[s] == best));
        total_moves += steps;
    }
    total_moves
}

#[test]
fn thousands_of_games_keep_every_invariant() {
    // 6 configurations × 1000 games = 6000 full games. At every step, besides
    // the invariants above: the JSON round-trip is exact, and 24 random action
    // ids outside the list are all rejected.
    for players in 2..=4 {
        for side in SIDES {
            let mut probe = SplitMix64::new(players as u64);
            let games = run(1000, players, side, |g, moves| {
                assert_eq!(&Game::from_json(&g.to_json_compact()).unwrap(), g);
                assert_eq!(&g.setup().into_game().unwrap(), g, "a position survives its Setup");
                let listed: Vec<usize> = moves.iter().map(|m| m.action().unwrap()).collect();
                for _ in 0..24 {
                    let a = probe.below(NUM_ACTIONS as u32) as usize;
                    if !listed.contains(&a) {
                        assert!(!g.is_legal(&Move::from_action(a).unwrap()), "unlisted action {a} accepted");
                    }
                }
            });
            assert!(games > 1000 * 60, "random games average well over 60 moves");
        }
    }
}

#[test]
fn no_unlisted_move_is_accepted() {
    // The checker and the generator are separate code: compare them over the whole action space.
    for players in 2..=4 {
        for side in SIDES {
            run(20, players, side, |g, moves| {
                let listed: Vec<usize> = moves.iter().map(|m| m.action().unwrap()).collect();
                for a in 0..NUM_ACTIONS {
                    let m = Move::from_action(a).unwrap();
                    assert_eq!(g.is_legal(&m), listed.contains(&a), "action {a} = {m}");
                }
            });
        }
    }
}

#[test]
fn json_and_move_text_round_trip_every_step() {
    for players in 2..=4 {
        for side in SIDES {
            run(60, players, side, |g, moves| {
                let back = Game::from_json(&g.to_json()).expect("own JSON reads back");
                assert_eq!(&back, g);
                for m in moves.iter() {
                    assert_eq!(Move::parse(&m.to_string()).unwrap(), *m);
                }
            });
        }
    }
}

#[test]
fn same_seed_same_game() {
    let play = |seed| {
        let mut g = Game::new(Options::new(3, Side::Gray, None).unwrap(), seed);
        let mut r = SplitMix64::new(1);
        pavilion_summer::playout::random_playout(&mut g, &mut r);
        g
    };
    assert_eq!(play(42), play(42));
    assert_ne!(play(42), play(43));
}

#[test]
fn redraw_hidden_changes_only_the_future() {
    let mut a = Game::new(Options::default(), 5);
    let mut moves = MoveList::new();
    let mut b = a;
    b.redraw_hidden(999);
    // Same visible position: same factories, bag contents, legal moves.
    assert_eq!(a.factories(), b.factories());
    assert_eq!(a.bag(), b.bag());
    a.legal_moves(&mut moves);
    let la = moves.to_vec();
    b.legal_moves(&mut moves);
    assert_eq!(la, moves.to_vec());
    // Draft identically (no draws happen while drafting), then everyone passes:
    // the visible game is the same, only the refill for round 2 differs.
    let mut r = SplitMix64::new(3);
    while a.phase() == Phase::Draft {
        a.legal_moves(&mut moves);
        let m = moves[r.below(moves.len() as u32) as usize];
        a.play(&m).unwrap();
        b.play(&m).unwrap();
    }
    let pass = Move::parse("pass").unwrap();
    while a.round() == 1 {
        a.play(&pass).unwrap();
        b.play(&pass).unwrap();
    }
    assert_eq!(a.boards(), b.boards());
    assert_eq!(a.bag().total(), b.bag().total());
    assert_ne!(a.factories(), b.factories());
}

#[test]
fn random_move_is_the_listed_choice_for_the_same_draw() {
    // `random_move` indexes passes instead of listing them; it must pick
    // exactly what a uniform pick from `legal_moves` would.
    let mut scratch = MoveList::new();
    for players in 2..=4 {
        for side in SIDES {
            let mut probe = SplitMix64::new(77);
            run(100, players, side, |g, moves| {
                let mut a = probe;
                let fast = g.random_move(&mut a, &mut scratch);
                let listed =
                    if moves.is_empty() { None } else { Some(moves[probe.below(moves.len() as u32) as usize]) };
                assert_eq!(fast, listed);
                assert_eq!(a, probe, "both draw once");
            });
        }
    }
}
