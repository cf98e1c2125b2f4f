//! Random full games for every player count, the long games and every variant,
//! checking invariants at every step against an oracle written from the rules
//! (not from the move generator): which placements are legal, where tiles are,
//! what stones a move pays and earns.

use std::collections::{BTreeSet, HashMap};

mod oracle;
use oracle::{oracle, oracle_score};

use pavilion_akropolis::movegen::{footprints, random_footprint};
use pavilion_akropolis::options::{BarracksEdge, Lake};
use pavilion_akropolis::tiles::{tiles_in_play, Kind};
use pavilion_akropolis::{Game, Hex, Move, Options, Variants};
use pavilion_core::rng::SplitMix64;

fn configs() -> Vec<Options> {
    let mut v = Vec::new();
    for (players, long) in [(2, false), (3, false), (4, false), (2, true), (3, true)] {
        v.push(Options { players, long, ..Options::default() });
    }
    for variants in Variants::every() {
        for (barracks_edge, lake) in
            [(BarracksEdge::Outside, Lake::SingleHex), (BarracksEdge::AnyEmpty, Lake::EnclosedRegion)]
        {
            v.push(Options {
                players: 2 + (variants.to_string().len() % 3),
                variants,
                barracks_edge,
                lake,
                ..Options::default()
            });
        }
    }
    v
}

#[test]
fn random_games_keep_every_invariant() {
    let mut rng = SplitMix64::new(2026);
    let mut moves = Vec::new();
    let mut games = 0;
    // How often each variant doubled a value, summed over every city at every turn.
    let mut doubled = [0u32; 5];
    for (ci, options) in configs().into_iter().enumerate() {
        let runs = if ci < 5 { 12 } else { 2 };
        for run in 0..runs {
            let seed = (ci * 100 + run) as u64;
            let mut g = Game::new(options, seed).unwrap();
            let mut played = Vec::new();
            while !g.is_over() {
                let seat = g.current_player();
                // Every tile in play is in exactly one place.
                let census = g.census();
                for t in tiles_in_play(options.players, options.long) {
                    assert_eq!(census[t as usize], 1, "tile {t}");
                }
                // The stars a city keeps track of are those scoring counts, and
                // every city's breakdown is the independent scorer's.
                for s in 0..options.players {
                    let b = g.score(s);
                    for k in Kind::DISTRICTS {
                        assert_eq!(g.city(s).plaza_stars(k), b.district(k).stars, "{k}");
                    }
                    let o = oracle_score(g.city(s), g.stones(s), &options);
                    let engine: Vec<_> = b.districts.iter().map(|d| (d.stars, d.value, d.score)).collect();
                    assert_eq!(
                        (engine, b.stones, b.total),
                        (o.districts.to_vec(), o.stones, o.total),
                        "seed {seed}, turn {}, seat {s}, {options:?}",
                        played.len()
                    );
                    for (k, n) in o.doubled.iter().enumerate() {
                        doubled[k] += n;
                    }
                }
                // The position file reads back to the same game.
                assert_eq!(Game::from_json(&g.to_json()).unwrap(), g);
                // The generator's footprints are the oracle's, each once.
                g.legal_moves(&mut moves);
                let city = g.city(seat);
                let mut fps = Vec::new();
                footprints(city, &mut fps);
                let listed: BTreeSet<(Hex, u8)> = fps.iter().copied().collect();
                assert_eq!(listed.len(), fps.len(), "no footprint twice");
                assert_eq!(listed, oracle(city), "seed {seed}, turn {}", played.len());
                let affordable = (g.site().len() - 1).min(g.stones(seat) as usize) + 1;
                assert_eq!(moves.len(), affordable * fps.len());
                // Random moves are legal; `check` accepts the listed moves and rejects others.
                let m = g.random_move(&mut rng);
                assert!(g.check(&m).is_ok(), "{m}");
                // Odd runs play the biggest score gain instead, which builds the large house
                // groups and surrounded upper temples random play hardly reaches.
                let m = if run % 2 == 1 { greediest(&g, &moves, &mut rng) } else { m };
                for _ in 0..8 {
                    let listed_move = moves[rng.below(moves.len() as u32) as usize];
                    assert!(g.check(&listed_move).is_ok());
                    let probe = Move::new(
                        rng.below(6) as u8,
                        Hex::new(listed_move.at.q + rng.below(5) as i8 - 2, listed_move.at.r + rng.below(5) as i8 - 2),
                        rng.below(6) as u8,
                    );
                    let fits = listed.contains(&(probe.at, probe.rot)) && (probe.index as usize) < affordable;
                    assert_eq!(g.check(&probe).is_ok(), fits, "{probe}");
                }
                // Stones: pay the index, earn one per quarry covered.
                let quarries =
                    m.footprint().iter().filter(|&&h| city.top(h).is_some_and(|t| t.face.letter() == 'q')).count();
                let before = g.stones(seat);
                let out = g.play(&m).unwrap();
                assert_eq!(out.quarries as usize, quarries);
                assert_eq!(g.stones(seat), before - m.index as u32 + quarries as u32);
                played.push(m);
            }
            // Equality looks at the cities, not only the counters: the same free tile
            // placed in two places leaves everything else equal.
            let (mut a, mut b) = (Game::new(options, seed).unwrap(), Game::new(options, seed).unwrap());
            a.play(&Move::parse("0@1,0/0").unwrap()).unwrap();
            b.play(&Move::parse("0@-1,2/0").unwrap()).unwrap();
            assert_eq!((a.site(), a.stones(0), a.current_player()), (b.site(), b.stones(0), b.current_player()));
            assert_ne!(a, b);
            // Same options, seed and moves: the same game.
            let mut again = Game::new(options, seed).unwrap();
            for m in &played {
                again.play(m).unwrap();
            }
            assert_eq!(again, g);
            assert_eq!(Game::from_json(&g.to_json_compact()).unwrap(), g, "a finished game too");
            assert_eq!(played.len(), options.rounds() * (options.players + 1));
            for s in 0..options.players {
                let b = g.score(s);
                assert_eq!(b.total, b.districts.iter().map(|d| d.score).sum::<u32>() + g.stones(s));
                for (k, d) in Kind::DISTRICTS.iter().zip(b.districts) {
                    assert_eq!(d.score, d.stars * d.value, "{k}");
                }
            }
            games += 1;
        }
    }
    assert_eq!(games, 5 * 12 + 64 * 2);
    // The comparison means something only where each variant's condition was met.
    println!("values doubled by variant (h m b t g): {doubled:?}");
    assert!(doubled.iter().all(|&n| n >= 20), "a variant's condition was hardly reached: {doubled:?}");
}

/// A listed move of biggest score gain; the list is scanned from a random start, so ties fall at random.
fn greediest(g: &Game, moves: &[Move], rng: &mut SplitMix64) -> Move {
    let start = rng.below(moves.len() as u32) as usize;
    let order = moves[start..].iter().chain(&moves[..start]);
    *order.max_by_key(|m| g.score_gain(m)).expect("a move")
}

#[test]
fn random_footprints_are_uniform() {
    let mut g = Game::new(Options::default(), 4).unwrap();
    let mut rng = SplitMix64::new(8);
    for _ in 0..14 {
        let m = g.random_move(&mut rng);
        g.play(&m).unwrap();
    }
    let city = g.city(g.current_player());
    let mut fps = Vec::new();
    footprints(city, &mut fps);
    let per = 400;
    let draws = per * fps.len();
    let mut counts: HashMap<(Hex, u8), usize> = HashMap::new();
    for _ in 0..draws {
        *counts.entry(random_footprint(city, &mut rng)).or_default() += 1;
    }
    assert_eq!(counts.len(), fps.len(), "every footprint drawn, nothing else");
    let chi2: f64 = counts.values().map(|&c| (c as f64 - per as f64).powi(2) / per as f64).sum();
    let df = (fps.len() - 1) as f64;
    // Far beyond chance (about six standard deviations) only if the draw is biased.
    assert!(chi2 < df + 6.0 * (2.0 * df).sqrt(), "chi2 {chi2:.0} for {df} degrees of freedom");
}

#[test]
fn redraw_hidden_changes_only_the_unseen_order() {
    let mut g = Game::new(Options { players: 3, ..Options::default() }, 1).unwrap();
    let mut rng = SplitMix64::new(3);
    for _ in 0..7 {
        let m = g.random_move(&mut rng);
        g.play(&m).unwrap();
    }
    let before = g.clone();
    g.redraw_hidden(99);
    assert_ne!(g.stacked(), before.stacked(), "the order changed");
    let mut a = g.stacked().to_vec();
    let mut b = before.stacked().to_vec();
    a.sort();
    b.sort();
    assert_eq!(a, b, "the same tiles");
    assert_eq!((g.site(), g.stacks_left(), g.round()), (before.site(), before.stacks_left(), before.round()));
    // The new order does not depend on the real one: the same seed from another order gives the same deal.
    let mut other = before.clone();
    other.redraw_hidden(5);
    let mut again = g.clone();
    again.redraw_hidden(5);
    assert_eq!(other.stacked(), again.stacked());
    for s in 0..3 {
        assert_eq!((g.city(s), g.stones(s)), (before.city(s), before.stones(s)));
    }
}
