//! The whole game: options, the construction site, the face-down stacks, and per
//! player a city and stones.
//!
//! All of Akropolis's chance happens when the stacks are dealt, so the dealt
//! stacks *are* the chance state: no generator is kept. What no player has seen
//! is the order of the tiles still in the stacks; `redraw_hidden` re-deals them.

use pavilion_core::error::Error;
use pavilion_core::rng::SplitMix64;

use crate::city::City;
use crate::moves::MAX_SITE;
use crate::options::{Options, MAX_PLAYERS};
use crate::tiles::{tiles_in_play, TileId, LAST_TILE};

/// Most tiles ever face down: 2-player long game, 19 stacks of 3.
pub const MAX_STACKED: usize = 57;

#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) options: Options,
    pub(crate) round: u8,
    pub(crate) current: u8,
    pub(crate) site: [TileId; MAX_SITE],
    pub(crate) site_len: u8,
    /// Face-down tiles in dealing order; the next stack is the first `stack_size`.
    pub(crate) stacked: [TileId; MAX_STACKED],
    pub(crate) stacked_len: u8,
    pub(crate) stones: [u32; MAX_PLAYERS],
    pub(crate) cities: [City; MAX_PLAYERS],
    pub(crate) over: bool,
}

/// Two games are equal when everything in play is: the unused ends of the
/// fixed-size arrays (and the seats a smaller game leaves empty) do not count.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        let n = self.players();
        self.options == other.options
            && self.round == other.round
            && self.current == other.current
            && self.site() == other.site()
            && self.stacked() == other.stacked()
            && self.stones[..n] == other.stones[..n]
            && self.cities[..n] == other.cities[..n]
            && self.over == other.over
    }
}
impl Eq for Game {}

/// A uniform shuffle (Fisher–Yates) driven by the seeded generator.
pub(crate) fn shuffle(tiles: &mut [TileId], rng: &mut SplitMix64) {
    for i in (1..tiles.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        tiles.swap(i, j);
    }
}

impl Game {
    /// A new game: the tiles in play shuffled by `seed`, the first players + 2
    /// face up on the site, the rest dealt into stacks. Seat s starts with s + 1 stones.
    pub fn new(options: Options, seed: u64) -> Result<Game, Error> {
        options.validate()?;
        let mut tiles: Vec<TileId> = tiles_in_play(options.players, options.long).collect();
        shuffle(&mut tiles, &mut SplitMix64::new(seed));
        let (site, stacked) = tiles.split_at(options.site_size());
        let mut g = Game {
            options,
            round: 1,
            current: 0,
            site: [0; MAX_SITE],
            site_len: site.len() as u8,
            stacked: [0; MAX_STACKED],
            stacked_len: stacked.len() as u8,
            stones: [1, 2, 3, 4],
            cities: std::array::from_fn(|_| City::new()),
            over: false,
        };
        g.site[..site.len()].copy_from_slice(site);
        g.stacked[..stacked.len()].copy_from_slice(stacked);
        Ok(g)
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn players(&self) -> usize {
        self.options.players
    }

    /// The round, from 1; a round starts each time a stack is revealed.
    pub fn round(&self) -> usize {
        self.round as usize
    }

    /// The seat to move (0-based). Turns pass to the next seat and never reset.
    pub fn current_player(&self) -> usize {
        self.current as usize
    }

    /// The construction site, index 0 (free) first.
    pub fn site(&self) -> &[TileId] {
        &self.site[..self.site_len as usize]
    }

    pub fn stones(&self, seat: usize) -> u32 {
        self.stones[seat]
    }

    pub fn city(&self, seat: usize) -> &City {
        &self.cities[seat]
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Stacks still face down.
    pub fn stacks_left(&self) -> usize {
        self.stacked_len as usize / self.options.stack_size()
    }

    /// The face-down tiles in dealing order (hidden from the players: a search
    /// must not read this order; see `redraw_hidden`).
    pub fn stacked(&self) -> &[TileId] {
        &self.stacked[..self.stacked_len as usize]
    }

    /// The seat that starts the current round (the Chief Architect): turns never
    /// reset, so each round starts one seat after the previous one.
    pub fn chief_architect(&self) -> usize {
        (self.round as usize - 1) * self.options.stack_size() % self.players()
    }

    /// Re-deals the face-down tiles in an order drawn from `seed`, leaving everything
    /// visible (the site, the cities, the number of stacks) as it is. A search calls
    /// this so that it never plays out the real, unseen order: the result depends
    /// only on the seed and on which tiles are face down, never on their order.
    pub fn redraw_hidden(&mut self, seed: u64) {
        let n = self.stacked_len as usize;
        // Sorted first, so the new order depends on which tiles are face down
        // (public: every other tile is in sight) and never on their real order.
        self.stacked[..n].sort_unstable();
        shuffle(&mut self.stacked[..n], &mut SplitMix64::new(seed));
    }

    /// The game as every player sees it: the face-down tiles in ascending order,
    /// so that a position written from it tells which tiles are face down (public:
    /// every other tile is in sight) but never their real order.
    pub fn public_view(&self) -> Game {
        let mut view = self.clone();
        let n = view.stacked_len as usize;
        view.stacked[..n].sort_unstable();
        view
    }

    /// Every tile in play, once: on the site, face down, or in a city.
    pub fn census(&self) -> [u8; LAST_TILE as usize + 1] {
        let mut seen = [0u8; LAST_TILE as usize + 1];
        for &t in self.site().iter().chain(self.stacked()) {
            seen[t as usize] += 1;
        }
        for city in &self.cities[..self.players()] {
            for p in &city.placements()[1..] {
                seen[p.tile as usize] += 1;
            }
        }
        seen
    }
}
