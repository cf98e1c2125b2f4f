//! Rules-exact engine for *Akropolis* (Jules Messaud, Gigamic 2022), 2 to 4 players.
//!
//! Pure Rust (no Python). Tiles are data (`tiles`), positions are axial hexes
//! (`hex`), each player's city is a compact hex map (`city`); state, move
//! generation, applying moves, scoring, notation and position files live in
//! separate modules. Errors and the random source come from `pavilion-core`,
//! shared with the Summer Pavilion engine. The rules this follows, each with the
//! test that checks it, are in `docs/AKROPOLIS.md`.
//!
//! ```
//! use pavilion_akropolis::{Game, Move, Options};
//! let mut g = Game::new(Options::default(), 7).unwrap();
//! let mut moves = Vec::new();
//! g.legal_moves(&mut moves);
//! g.play(&moves[0]).unwrap();
//! assert!(g.play(&Move::parse("0@0,0/0").unwrap()).is_err()); // not at one height
//! ```

pub mod apply;
pub mod bench;
pub mod city;
pub mod encoding;
pub mod hex;
pub mod movegen;
pub mod moves;
pub mod options;
pub mod perft;
pub mod position;
pub mod prospects;
pub mod rollout;
pub mod scoring;
pub mod search;
pub mod shipped;
pub mod state;
pub mod tiles;

pub use pavilion_core::error::{self, Error};

pub use apply::MoveOutcome;
pub use city::City;
pub use hex::Hex;
pub use moves::{Move, MoveList};
pub use options::{BarracksEdge, Lake, Options, Variants};
pub use scoring::{Breakdown, DistrictScore};
pub use state::Game;
pub use tiles::{Face, Kind, TileId};

#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod variant_tests;
