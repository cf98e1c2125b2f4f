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

use crate::board::{Side, Space, SPACE_SYNTAX};
use crate::error::{quote, Error};
use crate::scoring::breakdown;
use crate::setup::{field_error as err, BoardSetup, Setup};
use crate::state::{parse_wild_order, Game, Options, Phase};
use crate::tiles::{Colour, Tiles};

pub const FORMAT: &str = "pavilion-position";
pub const VERSION: u32 = 1;

/// The file's JSON shape; [`Setup`] is the same position as typed data.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Doc {
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

#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardDoc {
    /// The running score (for a finished game: before the end scoring).
    score: i32,
    /// Once the game is over: the total after the end scoring (checked on reading).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    final_score: Option<i32>,
    hand: String,
    kept: String,
    covered: BTreeMap<String, String>,
}

fn tiles(field: &str, s: &str) -> Result<Tiles, Error> {
    Tiles::from_letters(s).map_err(|ch| err(field, format!("'{ch}' is not a colour letter (P G O Y B R)")))
}

impl Game {
    /// The position as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.doc()).expect("a position always serialises")
    }

    /// The position as JSON indented by `indent` spaces per level.
    pub fn to_json_indented(&self, indent: usize) -> String {
        pavilion_core::json::to_string_indented(&self.doc(), indent)
    }

    /// The position as one line of JSON.
    pub fn to_json_compact(&self) -> String {
        serde_json::to_string(&self.doc()).expect("a position always serialises")
    }

    fn doc(&self) -> Doc {
        let mut doc = Doc::from(self.setup());
        if self.is_over() {
            for (b, p) in doc.boards.iter_mut().zip(self.boards()) {
                b.final_score = Some(breakdown(self.opts.side, p).total);
            }
        }
        doc
    }

    /// Reads a position written by `to_json` (or by hand); errors name the bad field.
    pub fn from_json(text: &str) -> Result<Game, Error> {
        let doc: Doc = pavilion_core::json::read_document(text, FORMAT)?;
        let finals: Vec<Option<i32>> = doc.boards.iter().map(|b| b.final_score).collect();
        let g = Setup::try_from(doc)?.into_game()?;
        for (i, f) in finals.into_iter().enumerate() {
            let total = breakdown(g.opts.side, &g.boards[i]).total;
            match (f, g.is_over()) {
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
}

impl From<Setup> for Doc {
    fn from(s: Setup) -> Doc {
        Doc {
            format: FORMAT.into(),
            version: VERSION,
            players: s.options.players,
            side: s.options.side.name().into(),
            wild_order: s.options.wild_order.iter().map(|c| c.letter()).collect(),
            rng: format!("{:016x}", s.rng),
            round: s.round,
            phase: s.phase.name().into(),
            current_player: seat_number(s.current_player),
            starter: seat_number(s.starter),
            start_token: s.start_token.map(seat_number),
            passed: s.passed.iter().map(|&p| seat_number(p)).collect(),
            bonus_owed: s.bonus_owed,
            factories: s.factories.iter().map(|f| f.letters()).collect(),
            centre: s.centre.letters(),
            supply: s.supply.letters(),
            bag: s.bag.letters(),
            tower: s.tower.letters(),
            boards: s
                .boards
                .iter()
                .map(|b| BoardDoc {
                    score: b.score,
                    final_score: None,
                    hand: b.hand.letters(),
                    kept: b.kept.letters(),
                    covered: b.covered.iter().map(|(sp, c)| (sp.to_string(), c.letter().to_string())).collect(),
                })
                .collect(),
        }
    }
}

/// A seat as the file writes it; a seat past 255 (only a hand-made `Setup`
/// has one) is written as 255, which no game has, so reading it back says so.
fn seat_number(seat: usize) -> u8 {
    seat.min(u8::MAX as usize) as u8
}

/// Reads the file's fields into typed values (letters, names, hex); what the
/// values mean together is checked by [`Setup::into_game`].
impl TryFrom<Doc> for Setup {
    type Error = Error;
    fn try_from(doc: Doc) -> Result<Setup, Error> {
        if doc.format != FORMAT {
            return Err(err("format", format!("expected \"{FORMAT}\", found {}", quote(&doc.format))));
        }
        if doc.version != VERSION {
            return Err(err("version", format!("this pavilion reads version {VERSION}, not {}", doc.version)));
        }
        let side: Side = doc.side.parse().map_err(|e| err("side", e))?;
        let order = parse_wild_order(&doc.wild_order).map_err(|e| err("wild_order", e))?;
        // The player count is checked with the rest of the position, in `into_game`.
        let options = Options { players: doc.players, side, wild_order: order };
        let rng = u64::from_str_radix(&doc.rng, 16)
            .ok()
            .filter(|_| doc.rng.len() == 16)
            .ok_or_else(|| err("rng", "expected 16 hex digits"))?;
        let phase: Phase = doc.phase.parse().map_err(|e| err("phase", e))?;
        let factories = doc
            .factories
            .iter()
            .enumerate()
            .map(|(i, f)| tiles(&format!("factories[{i}]"), f))
            .collect::<Result<Vec<_>, _>>()?;
        let boards = doc
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| read_board(&format!("boards[{i}]"), b))
            .collect::<Result<_, _>>()?;
        Ok(Setup {
            options,
            rng,
            round: doc.round,
            phase,
            current_player: doc.current_player as usize,
            starter: doc.starter as usize,
            start_token: doc.start_token.map(|t| t as usize),
            passed: doc.passed.iter().map(|&p| p as usize).collect(),
            bonus_owed: doc.bonus_owed,
            factories,
            centre: tiles("centre", &doc.centre)?,
            supply: tiles("supply", &doc.supply)?,
            bag: tiles("bag", &doc.bag)?,
            tower: tiles("tower", &doc.tower)?,
            boards,
        })
    }
}

fn read_board(field: &str, b: &BoardDoc) -> Result<BoardSetup, Error> {
    let mut board = BoardSetup {
        score: b.score,
        hand: tiles(&format!("{field}.hand"), &b.hand)?,
        kept: tiles(&format!("{field}.kept"), &b.kept)?,
        covered: BTreeMap::new(),
    };
    for (name, colour) in &b.covered {
        let f = format!("{field}.covered[{}]", quote(name));
        let Some(space) = Space::parse(name) else {
            return Err(err(&f, SPACE_SYNTAX));
        };
        let c = Colour::parse(colour).ok_or_else(|| err(&f, format!("{} is not a colour", quote(colour))))?;
        if board.covered.insert(space, c).is_some() {
            return Err(err(&f, "this space is listed twice"));
        }
    }
    Ok(board)
}
