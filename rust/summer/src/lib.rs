//! Rules-exact engine for *Azul: Summer Pavilion*.
//!
//! Pure Rust (no Python): state, move generation, apply, scoring, notation
//! and position files live in separate modules; `pavilion-py` wraps them.
//! Errors and the random source come from `pavilion-core`, shared with Akropolis.
//!
//! ```
//! use pavilion_summer::{Game, Options, Move, MoveList};
//! let mut g = Game::new(Options::default(), 7);
//! let mut moves = MoveList::new();
//! g.legal_moves(&mut moves);
//! g.play(&moves[0]).unwrap();
//! assert!(g.play(&Move::parse("pass").unwrap()).is_err()); // still drafting
//! ```

// The machinery both games share, re-exported so `crate::error` and `crate::rng` read as before.
pub use pavilion_core::{error, rng};

pub mod action;
pub mod agents;
pub mod apply;
pub mod arena;
pub mod bench;
pub mod board;
pub mod chance;
pub mod encoding;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod observation;
pub mod perft;
pub mod playout;
pub mod position;
pub mod prospects;
pub mod scoring;
pub mod search;
pub mod setup;
pub mod shipped;
pub mod state;
pub mod tiles;

#[cfg(test)]
mod outcome_tests;
#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod testkit;

pub use action::NUM_ACTIONS;
pub use apply::{MoveOutcome, PlaceOutcome};
pub use board::Side;
pub use error::Error;
pub use moves::{Move, MoveList, Source};
pub use scoring::Breakdown;
pub use setup::{BoardSetup, Setup};
pub use state::{Game, Options, Phase};
pub use tiles::{Colour, Tiles};
