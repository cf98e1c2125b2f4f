//! The machinery every pavilion game shares (pure Rust, no Python).
//!
//! Each game is its own crate (`pavilion-summer`, `pavilion-akropolis`) and
//! holds only its rules; what does not depend on a game lives here once:
//! the error type that the bindings map to Python's exceptions, the quoting of
//! untrusted text in messages, and the seeded random source whose stream
//! saved games depend on.

pub mod agents;
pub mod arena;
pub mod error;
pub mod game;
pub mod json;
pub mod net;
pub mod rng;
pub mod search;
pub mod selfplay;
pub mod vocab;

pub use error::Error;
pub use game::Game;
pub use rng::SplitMix64;
