//! The position file: versioned JSON holding everything needed to continue a game.
//!
//! Options as words and letters, the round and the player to move, the site
//! and the face-down stacks as tile ids, and per player the stones and the
//! ordered list of placements (`{"tile": 7, "at": [1, 0], "rot": 0}`; the
//! starting tile is implicit). Reading rebuilds each city placement by
//! placement, so every placement must have been legal when made, and checks
//! the whole: each tile in play exactly once, stacks of the right size, the
//! round, the player to move and each city's size agreeing with the turns
//! played, stones no more than a city could have. Errors name the field.

use serde::{Deserialize, Serialize};

use pavilion_core::error::Error;

use crate::city::{footprint, City, Unplaceable};
use crate::hex::{Hex, COORD_LIMIT};
use crate::moves::MAX_SITE;
use crate::options::{Options, MAX_PLAYERS, MIN_PLAYERS};
use crate::state::{Game, MAX_STACKED};
use crate::tiles::{tiles_in_play, TileId, LAST_TILE};

pub const FORMAT: &str = "pavilion-akropolis-position";
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    format: String,
    version: u32,
    players: usize,
    /// Scoring variants switched on, as letters from `hmbtg`.
    variants: String,
    long: bool,
    barracks_edge: String,
    lake: String,
    round: usize,
    current_player: usize,
    site: Vec<TileId>,
    stacks: Vec<Vec<TileId>>,
    cities: Vec<CityDoc>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CityDoc {
    stones: u32,
    placements: Vec<PlacedDoc>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacedDoc {
    tile: TileId,
    at: [i32; 2],
    rot: u8,
}

fn err(field: &str, why: impl std::fmt::Display) -> Error {
    Error::Notation(format!("position: {field}: {why}"))
}

impl Game {
    /// The position as indented JSON.
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
        let o = self.options();
        Doc {
            format: FORMAT.into(),
            version: VERSION,
            players: o.players,
            variants: o.variants.to_string(),
            long: o.long,
            barracks_edge: o.barracks_edge.to_string(),
            lake: o.lake.to_string(),
            round: self.round(),
            current_player: self.current_player(),
            site: self.site().to_vec(),
            stacks: self.stacked().chunks(o.stack_size()).map(|c| c.to_vec()).collect(),
            cities: (0..o.players)
                .map(|s| CityDoc {
                    stones: self.stones(s),
                    placements: self.city(s).placements()[1..]
                        .iter()
                        .map(|p| PlacedDoc { tile: p.tile, at: [p.at.q as i32, p.at.r as i32], rot: p.rot })
                        .collect(),
                })
                .collect(),
        }
    }

    /// Reads a position, checking everything (see the module comment).
    pub fn from_json(text: &str) -> Result<Game, Error> {
        let doc: Doc = pavilion_core::json::read_document(text, FORMAT)?;
        if doc.version != VERSION {
            return Err(err("version", format!("{} is not supported (this pavilion reads {VERSION})", doc.version)));
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&doc.players) {
            return Err(err("players", format!("must be {MIN_PLAYERS} to {MAX_PLAYERS}")));
        }
        let option = |field: &str, e: Error| err(field, e);
        let options = Options {
            players: doc.players,
            variants: doc.variants.parse().map_err(|e| option("variants", e))?,
            long: doc.long,
            barracks_edge: doc.barracks_edge.parse().map_err(|e| option("barracks_edge", e))?,
            lake: doc.lake.parse().map_err(|e| option("lake", e))?,
        };
        options.validate().map_err(|e| option("long", e))?;
        let players = options.players;
        if doc.cities.len() != players {
            return Err(err("cities", format!("{} cities for {players} players", doc.cities.len())));
        }
        let in_play = tiles_in_play(players, options.long);
        let mut seen = [false; LAST_TILE as usize + 1];
        let mut mark = |field: &str, t: TileId| -> Result<(), Error> {
            if !in_play.contains(&t) {
                return Err(err(field, format!("tile {t} is not in this game (tiles 1 to {})", in_play.end())));
            }
            if std::mem::replace(&mut seen[t as usize], true) {
                return Err(err(field, format!("tile {t} appears twice")));
            }
            Ok(())
        };
        // The site and the stacks.
        if doc.site.is_empty() || doc.site.len() > options.site_size() {
            return Err(err("site", format!("holds 1 to {} tiles, not {}", options.site_size(), doc.site.len())));
        }
        for (i, &t) in doc.site.iter().enumerate() {
            mark(&format!("site[{i}]"), t)?;
        }
        if doc.stacks.len() > options.stacks() {
            return Err(err("stacks", format!("this game has {} stacks, not {}", options.stacks(), doc.stacks.len())));
        }
        let mut stacked = Vec::new();
        for (i, stack) in doc.stacks.iter().enumerate() {
            if stack.len() != options.stack_size() {
                return Err(err(&format!("stacks[{i}]"), format!("a stack holds {} tiles", options.stack_size())));
            }
            for (j, &t) in stack.iter().enumerate() {
                mark(&format!("stacks[{i}][{j}]"), t)?;
            }
            stacked.extend_from_slice(stack);
        }
        if doc.site.len() == 1 && !doc.stacks.is_empty() {
            return Err(err("site", "one tile left with stacks remaining: the next stack would be revealed"));
        }
        // The turn order: rounds, the player to move, each city's size (checked before
        // the cities are built, which bounds how much building a file can ask for).
        let stacks_used = options.stacks() - doc.stacks.len();
        if doc.round != stacks_used + 1 {
            return Err(err(
                "round",
                format!("{} stacks are revealed, so this is round {}", stacks_used, stacks_used + 1),
            ));
        }
        let turns = stacks_used * options.stack_size() + options.site_size() - doc.site.len();
        if doc.current_player != turns % players {
            return Err(err("current_player", format!("after {turns} turns seat {} is to move", turns % players)));
        }
        for (s, c) in doc.cities.iter().enumerate() {
            let want = turns / players + usize::from(s < turns % players);
            if c.placements.len() != want {
                return Err(err(
                    &format!("cities[{s}].placements"),
                    format!("seat {s} has placed {want} tiles after {turns} turns"),
                ));
            }
        }
        // The cities, placement by placement.
        let mut cities: [City; MAX_PLAYERS] = std::array::from_fn(|_| City::new());
        for (s, c) in doc.cities.iter().enumerate() {
            for (i, p) in c.placements.iter().enumerate() {
                let field = format!("cities[{s}].placements[{i}]");
                mark(&format!("{field}.tile"), p.tile)?;
                let limit = COORD_LIMIT as i32;
                if p.at.iter().any(|v| v.abs() > limit) {
                    return Err(err(&format!("{field}.at"), format!("coordinates go from -{limit} to {limit}")));
                }
                if p.rot > 5 {
                    return Err(err(&format!("{field}.rot"), "a rotation is 0 to 5"));
                }
                let at = Hex::new(p.at[0] as i8, p.at[1] as i8);
                if let Err(why) = cities[s].can_place(footprint(at, p.rot)) {
                    let why = match why {
                        Unplaceable::UnequalHeights => "the three positions were not at the same height",
                        Unplaceable::NotTouching => "a tile on the ground must touch the city",
                        Unplaceable::OneTileBelow => "a tile placed higher must rest on at least two tiles",
                    };
                    return Err(err(&field, format!("illegal when made: {why}")));
                }
                cities[s].place(p.tile, at, p.rot);
            }
        }
        if let Some(t) = in_play.clone().find(|&t| !seen[t as usize]) {
            return Err(err("site", format!("tile {t} is nowhere (on the site, in a stack or in a city)")));
        }
        for (s, c) in doc.cities.iter().enumerate() {
            let quarries = stones_possible(&cities[s]);
            if c.stones > s as u32 + 1 + quarries {
                return Err(err(
                    &format!("cities[{s}].stones"),
                    format!(
                        "{} is more than this city could earn ({} to start, {quarries} quarries covered)",
                        c.stones,
                        s + 1
                    ),
                ));
            }
        }
        let mut g = Game::new(options, 0)?;
        g.round = doc.round as u8;
        g.current = doc.current_player as u8;
        g.site = [0; MAX_SITE];
        g.site[..doc.site.len()].copy_from_slice(&doc.site);
        g.site_len = doc.site.len() as u8;
        g.stacked = [0; MAX_STACKED];
        g.stacked[..stacked.len()].copy_from_slice(&stacked);
        g.stacked_len = stacked.len() as u8;
        for (s, c) in doc.cities.iter().enumerate() {
            g.stones[s] = c.stones;
        }
        g.cities = cities;
        g.over = doc.site.len() == 1;
        Ok(g)
    }
}

/// Quarries covered in a city (each gave a stone): rebuilt by replaying its placements.
fn stones_possible(city: &City) -> u32 {
    let mut replay = City::new();
    city.placements()[1..].iter().map(|p| replay.place(p.tile, p.at, p.rot)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use serde_json::{json, Value};

    fn sample() -> Game {
        let mut g = Game::new(Options { players: 3, ..Options::default() }, 17).unwrap();
        let mut rng = pavilion_core::rng::SplitMix64::new(2);
        for _ in 0..9 {
            let m = g.random_move(&mut rng);
            g.play(&m).unwrap();
        }
        g
    }

    fn read(edit: impl FnOnce(&mut Value)) -> Result<Game, Error> {
        let mut doc: Value = serde_json::from_str(&sample().to_json()).unwrap();
        edit(&mut doc);
        Game::from_json(&doc.to_string())
    }

    fn refused(edit: impl FnOnce(&mut Value), want: &str) {
        let e = match read(edit) {
            Ok(_) => panic!("accepted; should be refused for {want}"),
            Err(e) => e.to_string(),
        };
        assert!(e.contains(want), "{e}\nshould mention {want}");
    }

    #[test]
    fn a_position_reads_back_exactly_and_names_every_bad_field() {
        let g = sample();
        assert_eq!(Game::from_json(&g.to_json()).unwrap(), g);
        assert!(g.to_json().contains("\"format\": \"pavilion-akropolis-position\""));
        refused(|d| d["format"] = json!("pavilion-position"), "format");
        refused(|d| d["version"] = json!(2), "version: 2 is not supported");
        refused(|d| d["players"] = json!(5), "players");
        refused(|d| d["variants"] = json!("hx"), "variants");
        refused(|d| d["lake"] = json!("sea"), "lake");
        refused(|d| d["long"] = json!(true), "round: 5 stacks are revealed, so this is round 6");
        // A city asking for more tiles than the turns allow is refused before anything is built.
        refused(
            |d| {
                let p = d["cities"][0]["placements"][0].clone();
                d["cities"][0]["placements"] = json!(vec![p; 40]);
            },
            "seat 0 has placed 3 tiles after 9 turns",
        );
        refused(|d| d["round"] = json!(2), "round: 2 stacks are revealed, so this is round 3");
        refused(|d| d["current_player"] = json!(1), "current_player: after 9 turns seat 0 is to move");
        refused(|d| d["site"][0] = d["site"][1].clone(), "appears twice");
        refused(|d| d["site"][0] = json!(55), "tile 55 is not in this game");
        refused(|d| d["stacks"][0].as_array_mut().unwrap().pop().map(|_| ()).unwrap(), "stacks[0]: a stack holds 4");
        refused(|d| d["cities"][0]["stones"] = json!(99), "cities[0].stones: 99 is more than this city could earn");
        refused(|d| d["cities"][1]["placements"][0]["rot"] = json!(6), "rot");
        refused(
            |d| d["cities"][1]["placements"][0]["at"] = json!([9, 9]),
            "cities[1].placements[0]: illegal when made",
        );
        refused(|d| d["cities"][1]["placements"][0]["at"] = json!([1000, 0]), "coordinates go from");
        refused(|d| d["cities"][1]["placements"][0]["at"] = json!([100, 0]), "illegal when made");
        refused(|d| d["site"] = json!([]), "site: holds 1 to 5 tiles, not 0");
        refused(
            |d| {
                let extra = d["stacks"][0][0].clone();
                d["site"].as_array_mut().unwrap().extend([extra.clone(), extra]);
            },
            "site: holds 1 to 5 tiles, not 6",
        );
        refused(|d| d["cities"].as_array_mut().unwrap().pop().map(|_| ()).unwrap(), "2 cities for 3 players");
        refused(|d| d["extra"] = json!(1), "unknown field");
        // One more turn (seat 0's fourth tile), then the first two cities swapped.
        let mut g = sample();
        let m = g.random_move(&mut pavilion_core::rng::SplitMix64::new(1));
        g.play(&m).unwrap();
        let mut doc: Value = serde_json::from_str(&g.to_json()).unwrap();
        let cities = doc["cities"].as_array_mut().unwrap();
        cities.swap(0, 1);
        let e = Game::from_json(&doc.to_string()).unwrap_err().to_string();
        assert!(e.contains("cities[0].placements: seat 0 has placed 4 tiles after 10 turns"), "{e}");
        assert!(Game::from_json("{").is_err() && Game::from_json("").is_err());
    }

    #[test]
    fn indentation_is_the_callers_and_reads_back() {
        let g = sample();
        let four = g.to_json_indented(4);
        assert!(four.starts_with("{\n    \"format\": \"pavilion-akropolis-position\""));
        assert_eq!(Game::from_json(&four).unwrap(), g);
        assert!(!g.to_json_compact().contains('\n'));
    }

    #[test]
    fn a_finished_game_reads_back_over() {
        let mut g = sample();
        let mut rng = pavilion_core::rng::SplitMix64::new(5);
        while !g.is_over() {
            let m = g.random_move(&mut rng);
            g.play(&m).unwrap();
        }
        let back = Game::from_json(&g.to_json()).unwrap();
        assert!(back.is_over() && back == g);
        assert_eq!(back.scores(), g.scores());
        assert!(back.check(&Move::parse("0@1,1/0").unwrap()).is_err());
    }
}
