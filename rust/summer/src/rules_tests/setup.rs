use crate::board::Side;
use crate::error::Error;
use crate::state::{Game, Options, Phase};
use crate::testkit::*;
use crate::tiles::{Colour, Tiles};

#[test]
fn components_and_setup() {
    for (players, factories) in [(2, 5), (3, 7), (4, 9)] {
        let g = new_game(players, Side::Coloured);
        assert_census(&g);
        assert_eq!(g.factories().len(), factories);
        assert!(g.factories().iter().all(|f| f.total() == 4));
        assert_eq!(g.supply().total(), 10, "supply of 10");
        assert_eq!(g.bag().total(), 132 - 10 - 4 * factories as u32);
        assert!(g.tower().is_empty());
        assert_eq!(g.scores(), vec![5; players], "scores start at 5");
        assert_eq!((g.round(), g.phase(), g.current_player()), (1, Phase::Draft, 0), "seat 0 starts round 1");
    }
}

#[test]
fn supply_is_drawn_before_the_factories() {
    // Same seed: the first ten draws of the bag are the supply. (White-box: it
    // replays the private draw on a scratch game, which no Setup describes.)
    let g = new_game(2, Side::Coloured);
    let mut bag = Game::new(Options::default(), 1);
    bag.bag = Tiles::FULL_SET;
    bag.supply = Tiles::EMPTY;
    bag.rng = crate::rng::SplitMix64::new(1);
    bag.refill_supply();
    assert_eq!(bag.supply, g.supply);
}

#[test]
fn default_wild_order() {
    let mut g = new_game(2, Side::Coloured);
    let names: Vec<&str> = (1..=6)
        .map(|r| {
            edit(&mut g, |s| s.round = r);
            g.wild().name()
        })
        .collect();
    assert_eq!(names, ["purple", "green", "orange", "yellow", "blue", "red"]);
}

#[test]
fn wild_order_is_configurable() {
    use Colour::*;
    let order = [Red, Blue, Yellow, Orange, Green, Purple];
    let mut g = Game::new(Options::new(3, Side::Gray, Some(order)).unwrap(), 9);
    for (r, c) in (1..=6).zip(order) {
        edit(&mut g, |s| s.round = r);
        assert_eq!(g.wild(), c);
    }
    let dup = [Red, Red, Yellow, Orange, Green, Purple];
    assert!(matches!(Options::new(2, Side::Coloured, Some(dup)), Err(Error::InvalidOptions(_))));
    assert!(matches!(Options::new(5, Side::Coloured, None), Err(Error::InvalidOptions(_))));
    assert!(matches!(Options::new(1, Side::Coloured, None), Err(Error::InvalidOptions(_))));
}

#[test]
fn the_chance_state_is_the_draw_order_and_nothing_else() {
    // Dealing draws from it, so a new game's state is past its seed's.
    let mut g = new_game(2, Side::Coloured);
    assert_ne!(g.rng_state(), crate::rng::SplitMix64::new(1).state, "dealing drew nothing");
    // Re-dealing the hidden order replaces the state and changes nothing visible.
    let before = g;
    g.redraw_hidden(7);
    assert_eq!(g.rng_state(), crate::rng::SplitMix64::new(7).state);
    assert_eq!((g.bag, g.tower, g.supply, g.boards), (before.bag, before.tower, before.supply, before.boards));
}

#[test]
fn a_wild_order_is_read_as_letters_or_colour_names() {
    use crate::state::parse_wild_order;
    use Colour::*;
    let order = [Red, Blue, Yellow, Orange, Green, Purple];
    for text in
        ["RBYOGP", "red,blue,yellow,orange,green,purple", "red blue  yellow orange green purple", "R, B, Y, O, G, P"]
    {
        assert_eq!(parse_wild_order(text).unwrap(), order, "{text}");
    }
    for (text, why) in [
        ("RBYOG", "six colours, e.g. PGOYBR, not 'RBYOG'"),
        ("RBYOGPP", "six colours"),
        ("red blue yellow orange green", "six colours"),
        ("RRYOGP", "each of the six colours exactly once"),
        ("red,red,yellow,orange,green,purple", "each of the six colours exactly once"),
        ("RBYOGX", "wild order: "),
        ("red,blue,yellow,orange,green,teal", "wild order: "),
    ] {
        let e = parse_wild_order(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn score_is_an_unbounded_integer() {
    // The track wraps at 80 but the score does not: 79 + a 6-run scores 85.
    let mut g = placing(2, Side::Coloured, 1);
    set_score(&mut g, 0, 79);
    cover(&mut g, 0, &["R1", "R2", "R3", "R5", "R6"]);
    give(&mut g, 0, "RRRR");
    g.play(&mv("R4")).unwrap();
    assert_eq!(g.boards[0].score, 85);
}

/// A finished game's file carries each board's final score, and reads back to the same result.
#[test]
fn finished_game_file_carries_final_scores() {
    let mut g = crate::testkit::new_game(3, Side::Gray);
    let mut rng = crate::rng::SplitMix64::new(5);
    let mut l = crate::moves::MoveList::new();
    for step in 0.. {
        assert!(step < 2000, "the game does not end");
        if g.is_over() {
            break;
        }
        let m = g.random_move(&mut rng, &mut l).unwrap();
        g.play(&m).unwrap();
    }
    let text = g.to_json();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let finals: Vec<i64> =
        doc["boards"].as_array().unwrap().iter().map(|b| b["final_score"].as_i64().unwrap()).collect();
    assert_eq!(finals, g.scores().iter().map(|&s| s as i64).collect::<Vec<_>>());
    let back = Game::from_json(&text).unwrap();
    assert_eq!((back.scores(), back.winners(), back.final_breakdown()), (g.scores(), g.winners(), g.final_breakdown()));
    // A final score that the board does not give is refused, as is one on a running game.
    let forged =
        text.replacen(&format!("\"final_score\": {}", finals[0]), &format!("\"final_score\": {}", finals[0] + 1), 1);
    assert!(Game::from_json(&forged).unwrap_err().to_string().contains("boards[0].final_score"));
    let running = crate::testkit::new_game(2, Side::Coloured).to_json().replacen(
        "\"score\": 5,",
        "\"score\": 5, \"final_score\": 5,",
        1,
    );
    assert!(Game::from_json(&running).unwrap_err().to_string().contains("only a finished game"));
}

/// Scores are bounded on reading, so no placement can make one wrap.
#[test]
fn unreachable_scores_are_refused() {
    let text = crate::testkit::new_game(2, Side::Coloured).to_json();
    for bad in ["2147483647", "258", "0", "-3"] {
        let doc = text.replacen("\"score\": 5,", &format!("\"score\": {bad},"), 1);
        let e = Game::from_json(&doc).unwrap_err().to_string();
        assert!(e.contains("boards[0].score") && e.contains("257"), "{bad}: {e}");
    }
    let ok = text.replacen("\"score\": 5,", "\"score\": 257,", 1);
    assert_eq!(Game::from_json(&ok).unwrap().scores()[0], crate::state::MAX_RUNNING_SCORE);
}

/// Hostile text in a file is quoted escaped and cut short in the error.
#[test]
fn errors_quote_file_text_escaped_and_short() {
    let text = crate::testkit::new_game(2, Side::Coloured).to_json();
    let evil = format!("x\\u001b]0;pwned\\u0007{}", "A".repeat(100_000));
    let doc = text.replacen("\"pavilion-position\"", &format!("\"{evil}\""), 1);
    let e = Game::from_json(&doc).unwrap_err().to_string();
    assert!(e.len() < 200, "{} chars", e.len());
    assert!(e.contains("x\\x1b]0;pwned\\x07AAA") && !e.chars().any(crate::error::is_control), "{e}");
}

/// A Setup is checked as a whole when it becomes a game; each error names its field.
#[test]
fn a_setup_is_checked_and_errors_name_the_field() {
    use crate::board::Space;
    let g = placing(2, Side::Coloured, 2);
    assert_eq!(g.setup().into_game().unwrap(), g);
    type Edit = Box<dyn Fn(&mut crate::setup::Setup)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("current_player", Box::new(|s| s.current_player = 2)),
        ("starter", Box::new(|s| s.starter = 7)),
        ("start_token", Box::new(|s| s.start_token = Some(3))),
        ("passed", Box::new(|s| s.passed = vec![5])),
        ("round", Box::new(|s| s.round = 7)),
        ("factories", Box::new(|s| s.factories.pop().map(|_| ()).unwrap())),
        ("factories[0]", Box::new(|s| s.factories[0] = tiles("BBBBB"))),
        ("boards", Box::new(|s| s.boards.truncate(1))),
        ("boards[1].score", Box::new(|s| s.boards[1].score = 0)),
        ("boards[0].kept", Box::new(|s| s.boards[0].kept = tiles("BBBBB"))),
        ("tiles", Box::new(|s| s.bag.add(Colour::Red, 1))),
        ("phase", Box::new(|s| s.phase = Phase::Draft)),
        ("bonus_owed", Box::new(|s| s.bonus_owed = 4)),
        (
            "boards[0].covered[\"B4\"]",
            Box::new(|s| {
                s.bag.sub(Colour::Red, 1);
                s.boards[0].covered.insert(Space::parse("B4").unwrap(), Colour::Red);
            }),
        ),
    ];
    for (field, edit) in cases {
        let mut s = g.setup();
        edit(&mut s);
        let e = s.into_game().unwrap_err().to_string();
        assert!(e.starts_with(&format!("position: {field}: ")), "{field}: {e}");
    }
    // Each broken rule is named as it is: a coloured outer star, the centre, a bonus owed while drafting.
    let refused = |edit: &dyn Fn(&mut crate::setup::Setup), from: &Game| {
        let mut s = from.setup();
        edit(&mut s);
        s.into_game().unwrap_err().to_string()
    };
    let e = refused(
        &|s| {
            s.bag.sub(Colour::Red, 1);
            s.boards[0].covered.insert(Space::parse("B4").unwrap(), Colour::Red);
        },
        &g,
    );
    assert!(e.ends_with("a coloured star holds only its own colour"), "{e}");
    let e = refused(
        &|s| {
            s.bag.sub(Colour::Red, 2);
            s.boards[0].covered.insert(Space::parse("C1").unwrap(), Colour::Red);
            s.boards[0].covered.insert(Space::parse("C4").unwrap(), Colour::Red);
        },
        &g,
    );
    assert!(e.ends_with("the centre star holds each colour once"), "{e}");
    let drafting = new_game(2, Side::Coloured);
    assert_eq!(drafting.phase(), Phase::Draft);
    let e = refused(&|s| s.bonus_owed = 1, &drafting);
    assert_eq!(e, "position: bonus_owed: at most 3, and only during the place phase");
}
