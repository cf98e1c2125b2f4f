//! Playing a move: pay, take the tile, build, collect quarry stones, and end the
//! round (reveal the next stack) or the game.

use pavilion_core::error::Error;

use crate::moves::Move;
use crate::state::Game;
use crate::tiles::TileId;

/// What a move did, for screens and records (so they never diff two positions).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveOutcome {
    /// The seat that moved.
    pub seat: usize,
    pub tile: TileId,
    /// Stones paid (the site index).
    pub cost: u32,
    /// Level of the new hexes (1 = ground).
    pub level: u8,
    /// Stones gained: one per quarry covered.
    pub quarries: u32,
    /// A stack was revealed: a new round starts.
    pub new_round: bool,
    pub game_over: bool,
}

impl Game {
    /// Plays a move after checking it; an illegal move leaves the game untouched.
    pub fn play(&mut self, m: &Move) -> Result<MoveOutcome, Error> {
        self.check(m)?;
        Ok(self.play_unchecked(m))
    }

    /// Plays a move known to be legal (from `legal_moves` or `random_move`).
    pub fn play_unchecked(&mut self, m: &Move) -> MoveOutcome {
        let seat = self.current as usize;
        let index = m.index as usize;
        let len = self.site_len as usize;
        let tile = self.site[index];
        // The tiles to the right of the one taken move one place left.
        self.site.copy_within(index + 1..len, index);
        self.site_len -= 1;
        self.stones[seat] -= index as u32;
        let level = self.cities[seat].height(m.at) + 1;
        let quarries = self.cities[seat].place(tile, m.at, m.rot);
        self.stones[seat] += quarries;
        let (mut new_round, mut game_over) = (false, false);
        if self.site_len == 1 {
            if self.stacked_len == 0 {
                self.over = true;
                game_over = true;
            } else {
                self.reveal_next_stack();
                new_round = true;
            }
        }
        self.current = ((seat + 1) % self.players()) as u8;
        MoveOutcome { seat, tile, cost: index as u32, level, quarries, new_round, game_over }
    }

    /// The leftover tile stays at index 0; the next stack's tiles follow it.
    fn reveal_next_stack(&mut self) {
        let n = self.options.stack_size();
        let stacked = self.stacked_len as usize;
        self.site[1..1 + n].copy_from_slice(&self.stacked[..n]);
        self.site_len = 1 + n as u8;
        self.stacked.copy_within(n..stacked, 0);
        self.stacked_len -= n as u8;
        self.round += 1;
    }
}
