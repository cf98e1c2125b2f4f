//! An independent oracle for the rules that decide scores, written from
//! docs/RULES.md alone: its own board tables, colour and payment rules and
//! scoring, using the engine only to play and to read positions. Random games
//! (both sides, 2–4 players) are checked at every step — the legal placements,
//! each placement's points and bonus, each pass's penalty, the final scores —
//! and random finished boards are scored by both. (tests/test_oracle.py is the
//! same oracle for the Python API.)

use pavilion_summer::board::Space;
use pavilion_summer::rng::SplitMix64;
use pavilion_summer::{Colour, Game, Move, MoveList, Options, Phase, Side};

/// Stars by colour index (P G O Y B R = 0..5), the centre 6; clockwise from the upper left.
const CLOCKWISE: [usize; 6] = [2, 5, 4, 3, 1, 0];
const CENTRE: usize = 6;
/// Completed one-colour star, by colour index: purple 20, green 18, orange 17, yellow 16, blue 15, red 14.
const STAR_VALUE: [i32; 6] = [20, 18, 17, 16, 15, 14];
const MULTICOLOUR: i32 = 12;
const GRAY_OUTER: [u32; 6] = [3, 2, 1, 4, 5, 6];

type Board = [[Option<usize>; 6]; 7];

/// Star letters by the oracle's star index.
const STAR_LETTERS: [char; 7] = ['P', 'G', 'O', 'Y', 'B', 'R', 'C'];

/// The engine's space for (star, pos), through its name as the rules write it ("B4").
fn space_of(star: usize, pos: usize) -> Space {
    format!("{}{}", STAR_LETTERS[star], pos + 1).parse().expect("a space name")
}

/// (star, pos) of an engine space, read back from its name.
fn star_pos(space: Space) -> (usize, usize) {
    let name = space.to_string();
    let mut chars = name.chars();
    let letter = chars.next();
    let star = STAR_LETTERS.iter().position(|&l| Some(l) == letter).expect("a star letter");
    (star, chars.next().and_then(|d| d.to_digit(10)).expect("a digit") as usize - 1)
}

fn printed(side: Side, star: usize, pos: usize) -> u32 {
    match side {
        Side::Coloured => pos as u32 + 1,
        Side::Gray if star == CENTRE => 3,
        Side::Gray => GRAY_OUTER[pos],
    }
}

/// (spaces as (star, pos 0-based), bonus) for the 18 features.
fn features() -> Vec<(Vec<(usize, usize)>, u32)> {
    let pillar_centre = [(6, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)];
    let mut out = Vec::new();
    for (i, &s) in CLOCKWISE.iter().enumerate() {
        let next = CLOCKWISE[(i + 1) % 6];
        out.push((vec![(s, 4), (s, 5)], 3));
        out.push((vec![(s, 0), (s, 1), (next, 2), (next, 3)], 2));
        let (a, b) = pillar_centre[i];
        out.push((vec![(s, 1), (s, 2), (CENTRE, a - 1), (CENTRE, b - 1)], 1));
    }
    out
}

fn board_of(g: &Game, seat: usize) -> Board {
    let p = g.board(seat);
    let mut b = [[None; 6]; 7];
    for (star, row) in b.iter_mut().enumerate() {
        for (pos, cell) in row.iter_mut().enumerate() {
            *cell = p.colour_at(space_of(star, pos)).map(|c| c.index());
        }
    }
    b
}

fn colour_allowed(side: Side, b: &Board, star: usize, colour: usize) -> bool {
    let on: Vec<usize> = b[star].iter().flatten().copied().collect();
    match side {
        Side::Coloured if star == CENTRE => !on.contains(&colour),
        Side::Coloured => colour == star,
        Side::Gray if on.len() <= 1 => true,
        Side::Gray if on.iter().all(|&c| c == on[0]) => colour == on[0],
        Side::Gray => !on.contains(&colour),
    }
}

/// Legal placements as (star, pos, colour, wilds).
fn legal_placements(side: Side, b: &Board, held: [u32; 6], wild: usize) -> Vec<(usize, usize, usize, u32)> {
    let mut out = Vec::new();
    for star in 0..7 {
        for pos in 0..6 {
            if b[star][pos].is_some() {
                continue;
            }
            let cost = printed(side, star, pos);
            for colour in 0..6 {
                if !colour_allowed(side, b, star, colour) {
                    continue;
                }
                if colour == wild {
                    if held[colour] >= cost {
                        out.push((star, pos, colour, 0));
                    }
                    continue;
                }
                for wilds in 0..cost {
                    if held[colour] >= cost - wilds && held[wild] >= wilds {
                        out.push((star, pos, colour, wilds));
                    }
                }
            }
        }
    }
    out.sort();
    out
}

fn run_points(b: &Board, star: usize, pos: usize) -> i32 {
    let covered = |p: usize| p == pos || b[star][p].is_some();
    if (0..6).all(covered) {
        return 6;
    }
    let mut n = 1;
    let mut p = (pos + 1) % 6;
    while covered(p) {
        n += 1;
        p = (p + 1) % 6;
    }
    let mut p = (pos + 5) % 6;
    while covered(p) {
        n += 1;
        p = (p + 5) % 6;
    }
    n
}

fn bonus_for(b: &Board, star: usize, pos: usize) -> u32 {
    features()
        .iter()
        .filter(|(spaces, _)| spaces.contains(&(star, pos)))
        .filter(|(spaces, _)| spaces.iter().all(|&(s, p)| (s, p) == (star, pos) || b[s][p].is_some()))
        .map(|(_, bonus)| bonus)
        .sum()
}

fn with_floor(score: i32, loss: u32) -> i32 {
    if score > 1 {
        (score - loss as i32).max(1)
    } else {
        score
    }
}

fn final_score(side: Side, running: i32, b: &Board, kept: u32) -> i32 {
    let mut total = running;
    for (star, row) in b.iter().enumerate() {
        if row.iter().any(|c| c.is_none()) {
            continue;
        }
        let first = row[0].expect("complete");
        let one_colour = row.iter().all(|&c| c == Some(first));
        total += match side {
            Side::Coloured if star == CENTRE => MULTICOLOUR,
            Side::Coloured => STAR_VALUE[star],
            Side::Gray if one_colour => STAR_VALUE[first],
            Side::Gray => MULTICOLOUR,
        };
    }
    for n in 1..=4u32 {
        let all = (0..7).all(|s| (0..6).all(|p| printed(side, s, p) != n || b[s][p].is_some()));
        if all {
            total += 4 * n as i32;
        }
    }
    with_floor(total, kept)
}

fn held(g: &Game, seat: usize) -> [u32; 6] {
    let hand = g.board(seat).hand;
    Colour::ALL.map(|c| hand.get(c) as u32)
}

fn engine_placements(moves: &MoveList) -> Vec<(usize, usize, usize, u32)> {
    let mut out: Vec<_> = moves
        .iter()
        .filter_map(|m| match *m {
            Move::Place { space, colour, wilds } => {
                let (star, pos) = star_pos(space);
                Some((star, pos, colour.index(), wilds as u32))
            }
            _ => None,
        })
        .collect();
    out.sort();
    out
}

#[test]
fn random_games_agree_with_the_oracle_at_every_step() {
    let mut stars_scored = 0;
    let mut bonuses = 0;
    for side in [Side::Coloured, Side::Gray] {
        for players in 2..=4 {
            for seed in 0..12u64 {
                let mut g = Game::new(Options::new(players, side, None).unwrap(), seed);
                let mut rng = SplitMix64::new(seed ^ 0x5EED);
                let mut moves = MoveList::new();
                for step in 0.. {
                    assert!(step < 2000, "the game does not end");
                    if g.is_over() {
                        break;
                    }
                    g.legal_moves(&mut moves);
                    let seat = g.current_player();
                    let b = board_of(&g, seat);
                    if g.phase() == Phase::Place && g.bonus_owed() == 0 {
                        let want = legal_placements(side, &b, held(&g, seat), g.wild().index());
                        assert_eq!(engine_placements(&moves), want, "legal placements, seed {seed}");
                    }
                    // Mostly placements, preferring the fullest star, so boards fill up.
                    let places: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Place { .. })).collect();
                    let m = if !places.is_empty() && rng.below(16) != 0 {
                        let full = |m: &Move| match *m {
                            Move::Place { space, .. } => b[star_pos(space).0].iter().flatten().count(),
                            _ => 0,
                        };
                        if rng.below(2) == 0 {
                            *places.iter().max_by_key(|m| full(m)).expect("some")
                        } else {
                            places[rng.below(places.len() as u32) as usize]
                        }
                    } else {
                        moves[rng.below(moves.len() as u32) as usize]
                    };
                    let (score, supply) = (g.board(seat).score, g.supply().total());
                    let hand = g.board(seat).hand.total();
                    let out = g.play(&m).unwrap();
                    match m {
                        Move::Place { space, .. } => {
                            let (star, pos) = star_pos(space);
                            assert_eq!(g.board(seat).score - score, run_points(&b, star, pos), "points of {m}");
                            assert_eq!(out.points as i32, run_points(&b, star, pos), "reported points of {m}");
                            let owed = bonus_for(&b, star, pos).min(supply);
                            let engine_owed = if g.current_player() == seat { g.bonus_owed() } else { 0 };
                            assert_eq!(engine_owed, owed, "bonus of {m}");
                            assert_eq!(out.bonus_owed, owed, "reported bonus of {m}");
                            bonuses += (owed > 0) as u32;
                        }
                        Move::Pass { keep } if !g.is_over() => {
                            let after = with_floor(score, hand - keep.total());
                            assert_eq!(g.board(seat).score, after, "pass {m}");
                            assert_eq!(out.penalty as i32, score - after, "reported penalty of {m}");
                            assert_eq!(out.discarded.total(), hand - keep.total(), "reported discards of {m}");
                        }
                        _ => {}
                    }
                }
                let want: Vec<i32> = (0..players)
                    .map(|s| final_score(side, g.board(s).score, &board_of(&g, s), g.board(s).kept.total()))
                    .collect();
                assert_eq!(g.scores(), want, "final scores, seed {seed}");
                stars_scored += (0..players)
                    .map(|s| g.final_breakdown()[s].stars.iter().filter(|&&v| v > 0).count())
                    .sum::<usize>();
            }
        }
    }
    assert!(
        stars_scored > 20 && bonuses > 50,
        "the games reached the end scoring: {stars_scored} stars, {bonuses} bonuses"
    );
}

/// Random finished positions (each star empty, partly or wholly covered with
/// colours its rules allow; random leftovers and running scores) scored by both.
#[test]
fn random_finished_boards_agree_with_the_oracle() {
    let mut rng = SplitMix64::new(77);
    let mut kinds = [0u32; 4]; // (centre?, one colour?) of each complete star scored
    for n in 0..600u64 {
        let side = if n % 2 == 0 { Side::Coloured } else { Side::Gray };
        let players = 2 + (n % 3) as usize;
        let g = Game::new(Options::new(players, side, None).unwrap(), n);
        let mut doc: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
        let mut pool = [22u32; 6];
        let letters = ['P', 'G', 'O', 'Y', 'B', 'R'];
        let mut boards = Vec::new();
        for seat in 0..players {
            let mut covered = serde_json::Map::new();
            let mut b: Board = [[None; 6]; 7];
            for star in 0..7 {
                let fill: [usize; 6] = match side {
                    Side::Coloured if star == CENTRE => shuffled(&mut rng),
                    Side::Coloured => [star; 6],
                    Side::Gray if rng.below(2) == 0 => [rng.below(6) as usize; 6],
                    Side::Gray => shuffled(&mut rng),
                };
                let count = [0, 3, 5, 6, 6, 6][rng.below(6) as usize];
                let order = shuffled(&mut rng);
                for &pos in &order[..count] {
                    let c = fill[pos];
                    if pool[c] > 0 {
                        pool[c] -= 1;
                        b[star][pos] = Some(c);
                        covered.insert(format!("{}{}", STAR_LETTERS[star], pos + 1), letters[c].to_string().into());
                    }
                }
            }
            let mut kept = String::new();
            for _ in 0..rng.below(5) {
                let c = rng.below(6) as usize;
                if pool[c] > 0 {
                    pool[c] -= 1;
                    kept.push(letters[c]);
                }
            }
            let score = [1, 2, 5, 40, 120][rng.below(5) as usize];
            let board = &mut doc["boards"][seat];
            board["covered"] = covered.into();
            board["kept"] = kept.clone().into();
            board["hand"] = "".into();
            board["score"] = score.into();
            boards.push((score, b, kept.len() as u32));
        }
        let bag: String = (0..6).map(|c| letters[c].to_string().repeat(pool[c] as usize)).collect();
        let empty: Vec<String> = vec![String::new(); 2 * players + 1];
        for (k, v) in [
            ("phase", "over".into()),
            ("round", 6.into()),
            ("factories", empty.into()),
            ("centre", "".into()),
            ("supply", "".into()),
            ("tower", "".into()),
            ("bag", bag.into()),
            ("bonus_owed", 0.into()),
            ("start_token", serde_json::Value::Null),
            ("passed", serde_json::json!([])),
            ("current_player", 0.into()),
        ] {
            doc[k] = v;
        }
        let g = Game::from_json(&doc.to_string()).unwrap_or_else(|e| panic!("{e}"));
        let want: Vec<i32> = boards.iter().map(|(score, b, kept)| final_score(side, *score, b, *kept)).collect();
        assert_eq!(g.scores(), want, "board {n}");
        for (_, b, _) in &boards {
            for (star, row) in b.iter().enumerate() {
                if let [Some(first), ..] = row {
                    if row.iter().all(|c| c.is_some()) {
                        let one = row.iter().all(|&c| c == Some(*first));
                        kinds[2 * (star == CENTRE) as usize + one as usize] += 1;
                    }
                }
            }
        }
    }
    assert!(kinds.iter().all(|&k| k > 20), "every kind of complete star scored: {kinds:?}");
}

fn shuffled(rng: &mut SplitMix64) -> [usize; 6] {
    let mut a = [0, 1, 2, 3, 4, 5];
    for i in (1..6).rev() {
        a.swap(i, rng.below(i as u32 + 1) as usize);
    }
    a
}

#[test]
fn the_oracle_on_hand_checked_cases() {
    let mut b: Board = [[None; 6]; 7];
    let blue = 4;
    for p in [4, 5, 1] {
        b[blue][p] = Some(blue);
    }
    assert_eq!(run_points(&b, blue, 0), 4, "B5 B6 B1 B2: the ring wraps");
    assert_eq!(GRAY_OUTER.iter().sum::<u32>(), 21);
    assert_eq!(features().len(), 18);
    assert_eq!(features().iter().map(|f| f.1).sum::<u32>(), 36);
    assert_eq!(with_floor(5, 5), 1);
    assert_eq!(with_floor(1, 3), 1);
}

/// Every multiset of exactly `k` tiles drawn from `pool` (per-colour counts).
fn multisets(pool: [u32; 6], k: u32) -> Vec<[u32; 6]> {
    fn go(pool: &[u32; 6], colour: usize, left: u32, cur: &mut [u32; 6], out: &mut Vec<[u32; 6]>) {
        if colour == 6 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        for n in 0..=pool[colour].min(left) {
            cur[colour] = n;
            go(pool, colour + 1, left - n, cur, out);
        }
        cur[colour] = 0;
    }
    let mut out = Vec::new();
    go(&pool, 0, k, &mut [0; 6], &mut out);
    out
}

fn tiles_of(counts: [u32; 6]) -> pavilion_summer::Tiles {
    let mut t = pavilion_summer::Tiles::EMPTY;
    for (c, &n) in Colour::ALL.iter().zip(&counts) {
        t.add(*c, n as u8);
    }
    t
}

/// Every legal move, enumerated from the rules page (not the engine's generator).
fn oracle_moves(g: &Game) -> Vec<Move> {
    use pavilion_summer::Source;
    let mut out = Vec::new();
    let wild = g.wild();
    match g.phase() {
        Phase::Over => {}
        Phase::Draft => {
            let sources = g.factories().iter().enumerate().map(|(i, t)| (Source::Factory(i as u8), *t));
            for (source, tiles) in sources.chain([(Source::Centre, *g.centre())]) {
                let others: Vec<Colour> = Colour::ALL.into_iter().filter(|&c| c != wild && tiles.get(c) > 0).collect();
                if others.is_empty() && tiles.get(wild) > 0 {
                    out.push(Move::Draft { source, colour: wild }); // only wilds: take one
                }
                out.extend(others.into_iter().map(|colour| Move::Draft { source, colour }));
            }
        }
        Phase::Place if g.bonus_owed() > 0 => {
            let supply = Colour::ALL.map(|c| g.supply().get(c) as u32);
            let picks = multisets(supply, g.bonus_owed());
            out.extend(picks.into_iter().map(|take| Move::Bonus { take: tiles_of(take) }));
        }
        Phase::Place => {
            let seat = g.current_player();
            let side = g.options().side;
            for (star, pos, colour, wilds) in legal_placements(side, &board_of(g, seat), held(g, seat), wild.index()) {
                out.push(Move::Place { space: space_of(star, pos), colour: Colour::ALL[colour], wilds: wilds as u8 });
            }
            let hand = held(g, seat);
            let most = hand.iter().sum::<u32>().min(4);
            for k in 0..=most {
                out.extend(multisets(hand, k).into_iter().map(|keep| Move::Pass { keep: tiles_of(keep) }));
            }
        }
    }
    out
}

fn oracle_perft(g: &Game, depth: u32) -> u64 {
    let moves = oracle_moves(g);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut c = *g;
            c.play(m).unwrap_or_else(|e| panic!("the oracle's move {m} is illegal: {e}"));
            oracle_perft(&c, depth - 1)
        })
        .sum()
}

/// The move generator lists exactly the oracle's moves at every step of random games.
#[test]
fn the_generator_lists_exactly_the_oracles_moves() {
    let mut checked = 0;
    for side in [Side::Coloured, Side::Gray] {
        for players in 2..=4 {
            for seed in 0..6u64 {
                let mut g = Game::new(Options::new(players, side, None).unwrap(), seed);
                let mut rng = SplitMix64::new(seed);
                let mut moves = MoveList::new();
                for step in 0.. {
                    assert!(step < 2000, "the game does not end");
                    if g.is_over() {
                        break;
                    }
                    g.legal_moves(&mut moves);
                    let mut engine: Vec<Move> = moves.to_vec();
                    let mut oracle = oracle_moves(&g);
                    engine.sort();
                    oracle.sort();
                    assert_eq!(engine, oracle, "{side:?} {players}p seed {seed}, round {}", g.round());
                    checked += 1;
                    let m = moves[rng.below(moves.len() as u32) as usize];
                    g.play(&m).unwrap();
                }
            }
        }
    }
    assert!(checked > 1000);
}

/// The golden perft counts of seeds/perft.json, recounted with the oracle's moves:
/// an anchor for the goldens that the engine's own generator did not write.
#[test]
fn golden_perft_counts_recounted_by_the_oracle() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../seeds/perft.json");
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut place_depth3 = 0;
    for case in doc["cases"].as_array().unwrap() {
        let side = Side::parse(case["side"].as_str().unwrap()).unwrap();
        let players = case["players"].as_u64().unwrap() as usize;
        let mut g = Game::new(Options::new(players, side, None).unwrap(), case["seed"].as_u64().unwrap());
        for m in case["prefix"].as_array().unwrap() {
            g.play(&Move::parse(m.as_str().unwrap()).unwrap()).unwrap();
        }
        for (d, want) in case["counts"].as_array().unwrap().iter().enumerate() {
            assert_eq!(oracle_perft(&g, d as u32 + 1), want.as_u64().unwrap(), "{case} depth {}", d + 1);
            place_depth3 += (g.phase() == Phase::Place && d == 2) as u32;
        }
    }
    assert!(place_depth3 >= 2, "place-phase cases anchored to depth 3");
}
