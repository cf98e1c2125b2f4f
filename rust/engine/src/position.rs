//! The position file: versioned JSON holding everything needed to continue a game exactly.
//!
//! Tile piles are colour-letter strings (`"PPBY"`, any order on input, wild
//! order on output); a board is its score, hand, kept tiles and a map from
//! covered space (`"B4"`, `"C1"`) to the colour on it. `rng` is the chance
//! state (16 hex digits): with it, the same moves give the same draws.
//! Reading checks every field and the whole position (each colour 22 times
//! over all locations, colours legal on their stars, …) and names what is wrong.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::board::{Side, Space};
use crate::error::{quote, Error};
use crate::movegen::allowed_colours;
use crate::rng::SplitMix64;
use crate::scoring::breakdown;
use crate::state::{
    factories_for, parse_wild_order, Game, Options, Phase, Player, FACTORY_SIZE, MAX_FACTORIES, MAX_KEEP, MAX_PLAYERS,
    MAX_RUNNING_SCORE, ROUNDS, SCORE_FLOOR, SUPPLY_SIZE,
};
use crate::tiles::{Colour, Tiles, TILES_PER_COLOUR};

pub const FORMAT: &str = "pavilion-position";
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    format: String,
    version: u32,
    players: u8,
    side: String,
    wild_order: String,
    rng: String,
    round: u8,
    phase: String,
    current_player: u8,
    starter: u8,
    start_token: Option<u8>,
    passed: Vec<u8>,
    bonus_owed: u8,
    factories: Vec<String>,
    centre: String,
    supply: String,
    bag: String,
    tower: String,
    boards: Vec<BoardDoc>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardDoc {
    /// The running score (for a finished game: before the end scoring).
    score: i32,
    /// Once the game is over: the total after the end scoring (checked on reading).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    final_score: Option<i32>,
    hand: String,
    kept: String,
    covered: BTreeMap<String, String>,
}

/// A serde message, which may quote a huge or hostile value, cut to a readable length
/// (keeping its end, which says where in the file the problem is).
fn clip(msg: &str) -> String {
    const KEEP: usize = 160;
    let chars: Vec<char> = msg.chars().collect();
    if chars.len() <= KEEP {
        return msg.to_string();
    }
    let head: String = chars[..KEEP / 2].iter().collect();
    let tail: String = chars[chars.len() - KEEP / 2..].iter().collect();
    format!("{head}…{tail}")
}

fn err(field: &str, why: impl std::fmt::Display) -> Error {
    Error::Notation(format!("position: {field}: {why}"))
}

fn tiles(field: &str, s: &str) -> Result<Tiles, Error> {
    Tiles::from_letters(s).map_err(|ch| err(field, format!("'{ch}' is not a colour letter (P G O Y B R)")))
}

fn seat(field: &str, v: u8, players: usize) -> Result<u8, Error> {
    if (v as usize) < players {
        Ok(v)
    } else {
        Err(err(field, format!("seat {v} does not exist with {players} players (seats are 0-based)")))
    }
}

impl Game {
    /// The position as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.doc()).expect("a position always serialises")
    }

    /// The position as JSON indented by `indent` spaces per level.
    pub fn to_json_indented(&self, indent: usize) -> String {
        let pad = " ".repeat(indent);
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(
            &mut out,
            serde_json::ser::PrettyFormatter::with_indent(pad.as_bytes()),
        );
        self.doc().serialize(&mut ser).expect("a position always serialises");
        String::from_utf8(out).expect("serde_json writes UTF-8")
    }

    /// The position as one line of JSON.
    pub fn to_json_compact(&self) -> String {
        serde_json::to_string(&self.doc()).expect("a position always serialises")
    }

    fn doc(&self) -> Doc {
        let n = self.num_players();
        Doc {
            format: FORMAT.into(),
            version: VERSION,
            players: n as u8,
            side: self.opts.side.name().into(),
            wild_order: self.opts.wild_order.iter().map(|c| c.letter()).collect(),
            rng: format!("{:016x}", self.rng.state),
            round: self.round,
            phase: self.phase.name().into(),
            current_player: self.to_move,
            starter: self.starter,
            start_token: self.token,
            passed: (0..n as u8).filter(|&s| self.has_passed(s as usize)).collect(),
            bonus_owed: self.bonus_owed,
            factories: self.factories().iter().map(|f| f.letters()).collect(),
            centre: self.centre.letters(),
            supply: self.supply.letters(),
            bag: self.bag.letters(),
            tower: self.tower.letters(),
            boards: self
                .players()
                .iter()
                .map(|p| BoardDoc {
                    score: p.score,
                    final_score: self.is_over().then(|| breakdown(self.opts.side, p).total),
                    hand: p.hand.letters(),
                    kept: p.kept.letters(),
                    covered: p.covered().map(|(sp, c)| (sp.to_string(), c.letter().to_string())).collect(),
                })
                .collect(),
        }
    }

    /// Reads a position written by `to_json` (or by hand); errors name the bad field.
    pub fn from_json(text: &str) -> Result<Game, Error> {
        let doc: Doc =
            serde_json::from_str(text).map_err(|e| Error::Notation(format!("position: {}", clip(&e.to_string()))))?;
        if doc.format != FORMAT {
            return Err(err("format", format!("expected \"{FORMAT}\", found {}", quote(&doc.format))));
        }
        if doc.version != VERSION {
            return Err(err("version", format!("this pavilion reads version {VERSION}, not {}", doc.version)));
        }
        let side: Side = doc.side.parse().map_err(|e| err("side", e))?;
        let order = parse_wild_order(&doc.wild_order).map_err(|e| err("wild_order", e))?;
        let opts = Options::new(doc.players as usize, side, Some(order)).map_err(|e| err("players/wild_order", e))?;
        let n = opts.players as usize;
        let rng = u64::from_str_radix(&doc.rng, 16)
            .ok()
            .filter(|_| doc.rng.len() == 16)
            .ok_or_else(|| err("rng", "expected 16 hex digits"))?;
        if !(1..=ROUNDS).contains(&doc.round) {
            return Err(err("round", format!("expected 1..{ROUNDS}, found {}", doc.round)));
        }
        let phase: Phase = doc.phase.parse().map_err(|e| err("phase", e))?;
        let nf = factories_for(n);
        if doc.factories.len() != nf {
            return Err(err("factories", format!("{n} players use {nf} factories, found {}", doc.factories.len())));
        }
        let mut factories = [Tiles::EMPTY; MAX_FACTORIES];
        for (i, f) in doc.factories.iter().enumerate() {
            factories[i] = tiles(&format!("factories[{i}]"), f)?;
            if factories[i].total() > FACTORY_SIZE {
                return Err(err(&format!("factories[{i}]"), "a factory holds at most 4 tiles"));
            }
        }
        if doc.boards.len() != n {
            return Err(err("boards", format!("expected {n} boards, found {}", doc.boards.len())));
        }
        let mut players = [Player::default(); MAX_PLAYERS];
        for (i, b) in doc.boards.iter().enumerate() {
            players[i] = read_board(&format!("boards[{i}]"), b, side)?;
        }
        let mut passed = 0u8;
        for &s in &doc.passed {
            passed |= 1 << seat("passed", s, n)?;
        }
        let g = Game {
            opts,
            rng: SplitMix64::new(rng),
            round: doc.round,
            phase,
            to_move: seat("current_player", doc.current_player, n)?,
            starter: seat("starter", doc.starter, n)?,
            token: doc.start_token.map(|t| seat("start_token", t, n)).transpose()?,
            passed,
            bonus_owed: doc.bonus_owed,
            factories,
            centre: tiles("centre", &doc.centre)?,
            bag: tiles("bag", &doc.bag)?,
            tower: tiles("tower", &doc.tower)?,
            supply: tiles("supply", &doc.supply)?,
            players,
        };
        g.check_consistency()?;
        for (i, b) in doc.boards.iter().enumerate() {
            let total = breakdown(side, &g.players[i]).total;
            match (b.final_score, g.is_over()) {
                (Some(f), true) if f != total => {
                    return Err(err(
                        &format!("boards[{i}].final_score"),
                        format!("{f}, but this board scores {total}"),
                    ));
                }
                (Some(_), false) => {
                    return Err(err(&format!("boards[{i}].final_score"), "only a finished game has one"))
                }
                _ => {}
            }
        }
        Ok(g)
    }

    /// Cross-field checks a hand-edited file could break.
    fn check_consistency(&self) -> Result<(), Error> {
        let census = self.census();
        for c in Colour::ALL {
            if census.get(c) != TILES_PER_COLOUR {
                return Err(err(
                    "tiles",
                    format!(
                        "{} appears {} times over all locations; there are {TILES_PER_COLOUR}",
                        c.name(),
                        census.get(c)
                    ),
                ));
            }
        }
        if self.supply.total() > SUPPLY_SIZE {
            return Err(err("supply", "the supply holds at most 10 tiles"));
        }
        if self.bonus_owed > 3 || (self.bonus_owed > 0 && self.phase != Phase::Place) {
            return Err(err("bonus_owed", "at most 3, and only during the place phase"));
        }
        if self.bonus_owed as u32 > self.supply.total() {
            return Err(err("bonus_owed", "more than the supply holds"));
        }
        if self.phase != Phase::Draft && !self.sources_empty() {
            return Err(err("phase", "factories and centre must be empty after the draft"));
        }
        if self.phase == Phase::Draft && self.sources_empty() {
            return Err(err("phase", "the draft phase needs tiles in the factories or centre"));
        }
        if self.phase == Phase::Draft && self.passed != 0 {
            return Err(err("passed", "nobody has passed during the draft phase"));
        }
        if self.phase == Phase::Place && self.has_passed(self.current_player()) {
            return Err(err("current_player", "the player to move has already passed"));
        }
        if self.passed.count_ones() as usize == self.num_players() && self.phase == Phase::Place {
            return Err(err("passed", "every player has passed: the round would be over"));
        }
        for (i, p) in self.players().iter().enumerate() {
            if self.has_passed(i) && !p.hand.is_empty() {
                return Err(err(&format!("boards[{i}].hand"), "a player who passed holds no tiles in hand"));
            }
            if !self.has_passed(i) && self.phase != Phase::Over && !p.kept.is_empty() {
                return Err(err(&format!("boards[{i}].kept"), "only a player who passed has kept tiles"));
            }
        }
        Ok(())
    }
}

fn read_board(field: &str, b: &BoardDoc, side: Side) -> Result<Player, Error> {
    if !(SCORE_FLOOR..=MAX_RUNNING_SCORE).contains(&b.score) {
        return Err(err(
            &format!("{field}.score"),
            format!("{} is not a reachable score: scores run from {SCORE_FLOOR} to {MAX_RUNNING_SCORE}", b.score),
        ));
    }
    let mut p = Player {
        score: b.score,
        hand: tiles(&format!("{field}.hand"), &b.hand)?,
        kept: tiles(&format!("{field}.kept"), &b.kept)?,
        ..Player::default()
    };
    if p.kept.total() > MAX_KEEP {
        return Err(err(&format!("{field}.kept"), "at most 4 tiles are kept"));
    }
    for (name, colour) in &b.covered {
        let f = format!("{field}.covered[{}]", quote(name));
        let Some(space) = Space::parse(name) else {
            return Err(err(&f, "a space is a star letter (P G O Y B R C) and a digit 1..6, e.g. \"B4\""));
        };
        let star = space.star();
        let c = Colour::parse(colour).ok_or_else(|| err(&f, format!("{} is not a colour", quote(colour))))?;
        if p.is_covered(space) {
            return Err(err(&f, "this space is listed twice"));
        }
        // Covering one at a time with the placement rule accepts exactly the
        // legal end states (one colour or all different), whatever the order.
        if allowed_colours(side, &p, star) & (1 << c.index()) == 0 {
            let rule = match side {
                Side::Coloured if star.is_centre() => "the centre star holds each colour once",
                Side::Coloured => "a coloured star holds only its own colour",
                Side::Gray => "a gray star is all one colour or six different colours",
            };
            return Err(err(&f, rule));
        }
        p.cover(space, c);
    }
    Ok(p)
}
