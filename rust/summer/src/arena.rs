//! Seat-balanced matches between agents for Summer Pavilion: the generic arena
//! of `pavilion-core` over games with these options.

use std::sync::atomic::AtomicBool;

pub use pavilion_core::arena::{seating, MatchResult};

use crate::error::Error;
use crate::state::{Game, Options};

/// Plays games `indices` (game i is `Game::new(opts, seed + i)`) on `threads`
/// worker threads; results in index order. Once `stop` is set, games still
/// running are abandoned and left out.
pub fn play_matches(
    specs: &[String],
    opts: Options,
    seed: u64,
    indices: &[u64],
    threads: usize,
    stop: &AtomicBool,
) -> Result<Vec<MatchResult>, Error> {
    pavilion_core::arena::play_matches(specs, &|s| Game::new(opts, s), seed, indices, threads, stop)
}
