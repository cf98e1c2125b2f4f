//! `Setup`: a position as plain data, not necessarily legal (as in shakmaty).
//!
//! Build or edit one freely — a test position, a puzzle, a file read from
//! disk — then [`Setup::into_game`] checks everything a game relies on (each
//! colour 22 times over all locations, colours legal on their stars, seats and
//! counts in range, the phase consistent with the table) and gives a [`Game`],
//! or an error naming the field that is wrong. [`Game::setup`] goes back.
//! Field names are the position file's (`docs/RULES.md`, *Position files*).
//!
//! ```
//! use pavilion_summer::{Game, Options, Setup};
//! let mut setup = Game::new(Options::default(), 1).setup();
//! setup.boards[0].score = 40;
//! assert_eq!(setup.clone().into_game().unwrap().scores(), vec![40, 5]);
//! setup.boards[0].hand = "BBB".parse().unwrap(); // three tiles from nowhere
//! assert!(setup.into_game().unwrap_err().to_string().contains("blue appears 25 times"));
//! ```

use std::collections::BTreeMap;

use crate::board::{Side, Space};
use crate::error::Error;
use crate::movegen::allowed_colours;
use crate::rng::SplitMix64;
use crate::state::{
    factories_for, Board, Game, Options, Phase, FACTORY_SIZE, MAX_FACTORIES, MAX_KEEP, MAX_PLAYERS, MAX_RUNNING_SCORE,
    ROUNDS, SCORE_FLOOR, SUPPLY_SIZE,
};
use crate::tiles::{Colour, Tiles, TILES_PER_COLOUR};

/// One player's board as data: running score, tiles and the covered spaces.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct BoardSetup {
    /// The running score (for a finished game: before the end scoring).
    pub score: i32,
    pub hand: Tiles,
    pub kept: Tiles,
    pub covered: BTreeMap<Space, Colour>,
}

/// A whole position as data. Seats are 0-based; factories are listed in
/// order (factory 1 first, as move text numbers them). Serde reads and writes
/// it as the position file (`Game::to_json` / `Game::from_json` go through it).
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(into = "crate::position::Doc", try_from = "crate::position::Doc")]
pub struct Setup {
    pub options: Options,
    /// The chance state: with it, the same moves give the same draws.
    pub rng: u64,
    pub round: u8,
    pub phase: Phase,
    pub current_player: usize,
    pub starter: usize,
    pub start_token: Option<usize>,
    /// Seats that have passed this round.
    pub passed: Vec<usize>,
    pub bonus_owed: u8,
    pub factories: Vec<Tiles>,
    pub centre: Tiles,
    pub supply: Tiles,
    pub bag: Tiles,
    pub tower: Tiles,
    pub boards: Vec<BoardSetup>,
}

pub(crate) fn field_error(field: &str, why: impl std::fmt::Display) -> Error {
    Error::Notation(format!("position: {field}: {why}"))
}

fn seat(field: &str, v: usize, players: usize) -> Result<u8, Error> {
    if v < players {
        Ok(v as u8)
    } else {
        Err(field_error(field, format!("seat {v} does not exist with {players} players (seats are 0-based)")))
    }
}

impl Game {
    /// This position as a [`Setup`] (`setup().into_game()` gives it back exactly).
    pub fn setup(&self) -> Setup {
        let n = self.num_players();
        Setup {
            options: self.opts,
            rng: self.rng.state,
            round: self.round,
            phase: self.phase,
            current_player: self.to_move as usize,
            starter: self.starter as usize,
            start_token: self.token.map(|t| t as usize),
            passed: (0..n).filter(|&s| self.has_passed(s)).collect(),
            bonus_owed: self.bonus_owed,
            factories: self.factories().to_vec(),
            centre: self.centre,
            supply: self.supply,
            bag: self.bag,
            tower: self.tower,
            boards: self
                .boards()
                .iter()
                .map(|p| BoardSetup { score: p.score, hand: p.hand, kept: p.kept, covered: p.covered().collect() })
                .collect(),
        }
    }
}

impl Setup {
    /// Checks the position and makes it a game; the error names the bad field.
    pub fn into_game(self) -> Result<Game, Error> {
        let opts = self.options;
        Options::new(opts.players as usize, opts.side, Some(opts.wild_order))
            .map_err(|e| field_error("players/wild_order", e))?;
        let n = opts.players as usize;
        if !(1..=ROUNDS).contains(&self.round) {
            return Err(field_error("round", format!("expected 1..{ROUNDS}, found {}", self.round)));
        }
        let nf = factories_for(n);
        if self.factories.len() != nf {
            return Err(field_error(
                "factories",
                format!("{n} players use {nf} factories, found {}", self.factories.len()),
            ));
        }
        let mut factories = [Tiles::EMPTY; MAX_FACTORIES];
        for (i, f) in self.factories.iter().enumerate() {
            if f.total() > FACTORY_SIZE {
                return Err(field_error(&format!("factories[{i}]"), "a factory holds at most 4 tiles"));
            }
            factories[i] = *f;
        }
        if self.boards.len() != n {
            return Err(field_error("boards", format!("expected {n} boards, found {}", self.boards.len())));
        }
        let mut boards = [Board::default(); MAX_PLAYERS];
        for (i, b) in self.boards.iter().enumerate() {
            boards[i] = board_of(&format!("boards[{i}]"), b, opts.side)?;
        }
        let mut passed = 0u8;
        for &s in &self.passed {
            passed |= 1 << seat("passed", s, n)?;
        }
        let g = Game {
            opts,
            rng: SplitMix64::new(self.rng),
            round: self.round,
            phase: self.phase,
            to_move: seat("current_player", self.current_player, n)?,
            starter: seat("starter", self.starter, n)?,
            token: self.start_token.map(|t| seat("start_token", t, n)).transpose()?,
            passed,
            bonus_owed: self.bonus_owed,
            factories,
            centre: self.centre,
            bag: self.bag,
            tower: self.tower,
            supply: self.supply,
            boards,
        };
        g.check_consistency()?;
        Ok(g)
    }
}

fn board_of(field: &str, b: &BoardSetup, side: Side) -> Result<Board, Error> {
    if !(SCORE_FLOOR..=MAX_RUNNING_SCORE).contains(&b.score) {
        return Err(field_error(
            &format!("{field}.score"),
            format!("{} is not a reachable score: scores run from {SCORE_FLOOR} to {MAX_RUNNING_SCORE}", b.score),
        ));
    }
    if b.kept.total() > MAX_KEEP {
        return Err(field_error(&format!("{field}.kept"), "at most 4 tiles are kept"));
    }
    let mut p = Board { score: b.score, hand: b.hand, kept: b.kept, ..Board::default() };
    for (&space, &colour) in &b.covered {
        let star = space.star();
        // Covering one at a time with the placement rule accepts exactly the
        // legal end states (one colour or all different), whatever the order.
        if allowed_colours(side, &p, star) & (1 << colour.index()) == 0 {
            let rule = match side {
                Side::Coloured if star.is_centre() => "the centre star holds each colour once",
                Side::Coloured => "a coloured star holds only its own colour",
                Side::Gray => "a gray star is all one colour or six different colours",
            };
            return Err(field_error(&format!("{field}.covered[\"{space}\"]"), rule));
        }
        p.cover(space, colour);
    }
    Ok(p)
}

impl Game {
    /// Cross-field checks a hand-made position could break.
    fn check_consistency(&self) -> Result<(), Error> {
        let census = self.census();
        for c in Colour::ALL {
            if census.get(c) != TILES_PER_COLOUR {
                return Err(field_error(
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
            return Err(field_error("supply", "the supply holds at most 10 tiles"));
        }
        if self.bonus_owed > 3 || (self.bonus_owed > 0 && self.phase != Phase::Place) {
            return Err(field_error("bonus_owed", "at most 3, and only during the place phase"));
        }
        if self.bonus_owed as u32 > self.supply.total() {
            return Err(field_error("bonus_owed", "more than the supply holds"));
        }
        if self.phase != Phase::Draft && !self.sources_empty() {
            return Err(field_error("phase", "factories and centre must be empty after the draft"));
        }
        if self.phase == Phase::Draft && self.sources_empty() {
            return Err(field_error("phase", "the draft phase needs tiles in the factories or centre"));
        }
        if self.phase == Phase::Draft && self.passed != 0 {
            return Err(field_error("passed", "nobody has passed during the draft phase"));
        }
        if self.phase == Phase::Place && self.has_passed(self.current_player()) {
            return Err(field_error("current_player", "the player to move has already passed"));
        }
        if self.passed.count_ones() as usize == self.num_players() && self.phase == Phase::Place {
            return Err(field_error("passed", "every player has passed: the round would be over"));
        }
        for (i, p) in self.boards().iter().enumerate() {
            if self.has_passed(i) && !p.hand.is_empty() {
                return Err(field_error(&format!("boards[{i}].hand"), "a player who passed holds no tiles in hand"));
            }
            if !self.has_passed(i) && self.phase != Phase::Over && !p.kept.is_empty() {
                return Err(field_error(&format!("boards[{i}].kept"), "only a player who passed has kept tiles"));
            }
        }
        Ok(())
    }
}
