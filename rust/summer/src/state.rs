//! The game state: a small `Copy` value with no heap, so a search copies it with a memcpy.

use crate::board::{Side, Space, Star, NUM_STARS};
use crate::error::Error;
use crate::rng::SplitMix64;
use crate::tiles::{Colour, Tiles, NUM_COLOURS};

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;
pub const MAX_FACTORIES: usize = 9;
pub const FACTORY_SIZE: u32 = 4;
pub const SUPPLY_SIZE: u32 = 10;
pub const ROUNDS: u8 = 6;
pub const START_SCORE: i32 = 5;
/// Penalties never take a score below this.
pub const SCORE_FLOOR: i32 = 1;
pub const MAX_KEEP: u32 = 4;
/// No running score can pass this: the start score plus 6 points (a whole
/// star's run) for each of the 42 spaces. Position files are checked against
/// it, so score arithmetic (i32) can never wrap.
pub const MAX_RUNNING_SCORE: i32 = START_SCORE + 6 * crate::board::NUM_SPACES as i32;

pub const DEFAULT_WILD_ORDER: [Colour; 6] = Colour::ALL;

/// Factory displays for a player count: 5 / 7 / 9.
pub const fn factories_for(players: usize) -> usize {
    2 * players + 1
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Options {
    pub players: u8,
    pub side: Side,
    /// Wild colour of round r is `wild_order[r - 1]`.
    pub wild_order: [Colour; 6],
}

impl Options {
    pub fn new(players: usize, side: Side, wild_order: Option<[Colour; 6]>) -> Result<Options, Error> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(Error::InvalidOptions(format!("players must be 2, 3 or 4, not {players}")));
        }
        let wild_order = wild_order.unwrap_or(DEFAULT_WILD_ORDER);
        check_wild_order(&wild_order)?;
        Ok(Options { players: players as u8, side, wild_order })
    }
}

/// Reads a wild order: six colour letters (`"PGOYBR"`) or six colours separated by
/// commas or spaces (`"purple, green, …"`), each colour once.
pub fn parse_wild_order(text: &str) -> Result<[Colour; 6], Error> {
    let words: Vec<&str> = if text.contains(|c: char| c == ',' || c.is_whitespace()) {
        text.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()).collect()
    } else {
        text.char_indices().map(|(i, c)| &text[i..i + c.len_utf8()]).collect()
    };
    if words.len() != 6 {
        return Err(Error::InvalidOptions(format!(
            "a wild order is six colours, e.g. PGOYBR, not {}",
            crate::error::quote(text)
        )));
    }
    let mut order = [Colour::Purple; 6];
    for (slot, word) in order.iter_mut().zip(&words) {
        *slot = word.parse().map_err(|e: Error| Error::InvalidOptions(format!("wild order: {e}")))?;
    }
    check_wild_order(&order)?;
    Ok(order)
}

fn check_wild_order(order: &[Colour; 6]) -> Result<(), Error> {
    let seen = order.iter().fold(0u8, |seen, c| seen | 1 << c.index());
    if seen == 0b11_1111 {
        Ok(())
    } else {
        Err(Error::InvalidOptions("wild_order must name each of the six colours exactly once".into()))
    }
}

impl Default for Options {
    fn default() -> Self {
        Options { players: 2, side: Side::Coloured, wild_order: DEFAULT_WILD_ORDER }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    Draft,
    Place,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draft => "draft",
            Phase::Place => "place",
            Phase::Over => "over",
        }
    }
}

impl std::str::FromStr for Phase {
    type Err = Error;
    fn from_str(s: &str) -> Result<Phase, Error> {
        match s {
            "draft" => Ok(Phase::Draft),
            "place" => Ok(Phase::Place),
            "over" => Ok(Phase::Over),
            _ => Err(Error::Notation(format!("a phase is draft, place or over, not {}", crate::error::quote(s)))),
        }
    }
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One player's board and tiles: what the position file calls a board and Python's `Game.board(seat)` shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    /// Covered spaces, bit = [`Space::index`]; [`Board::covered`] lists them with their colours.
    pub covered_mask: u64,
    /// Colour of each covered space, 3 bits per space.
    pub colours: u128,
    /// Per star (index = [`Star::index`]), the set of colours on it (bit = colour index): the centre
    /// and gray-side colour rules read it on every move generation.
    pub(crate) star_colours: [u8; NUM_STARS],
    /// Tiles in hand, usable this round.
    pub hand: Tiles,
    /// Tiles kept at this round's pass; back in hand next round.
    pub kept: Tiles,
    pub score: i32,
}

impl Board {
    /// The covered positions of `star` as bits 0..6.
    #[inline]
    pub fn star_bits(&self, star: Star) -> u64 {
        star.bits_of(self.covered_mask)
    }

    #[inline]
    pub fn is_covered(&self, space: Space) -> bool {
        self.covered_mask & space.bit() != 0
    }

    /// The colour of the tile on `space`, if it is covered.
    pub fn colour_at(&self, space: Space) -> Option<Colour> {
        self.is_covered(space).then(|| self.colour_bits(space))
    }

    /// Every covered space with the colour on it, in space order.
    pub fn covered(&self) -> impl Iterator<Item = (Space, Colour)> + '_ {
        Space::in_mask(self.covered_mask).map(|sp| (sp, self.colour_bits(sp)))
    }

    /// The colour stored for `space` (meaningful only where it is covered).
    fn colour_bits(&self, space: Space) -> Colour {
        Colour::from_index(((self.colours >> (3 * space.index())) & 0b111) as usize)
    }

    /// The colours on `star` (bit = colour index).
    #[inline]
    pub fn star_colours(&self, star: Star) -> u8 {
        self.star_colours[star.index()]
    }

    #[inline]
    pub(crate) fn cover(&mut self, space: Space, colour: Colour) {
        self.covered_mask |= space.bit();
        self.colours |= (colour.index() as u128) << (3 * space.index());
        self.star_colours[space.star().index()] |= 1 << colour.index();
    }
}

/// Lowers a score by a penalty, never below 1; a score of 1 or less is left as it is.
#[inline]
pub fn apply_penalty(score: i32, n: u32) -> i32 {
    if score > SCORE_FLOOR {
        (score - n as i32).max(SCORE_FLOOR)
    } else {
        score
    }
}

/// The whole game: options, chance state and every tile's location.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Game {
    pub(crate) opts: Options,
    pub(crate) rng: SplitMix64,
    pub(crate) round: u8,
    pub(crate) phase: Phase,
    pub(crate) to_move: u8,
    /// Who started this round's draft.
    pub(crate) starter: u8,
    /// Who took the start token this round, if anyone.
    pub(crate) token: Option<u8>,
    /// Bit per seat: passed this round.
    pub(crate) passed: u8,
    /// Bonus tiles `to_move` must take from the supply before anything else.
    pub(crate) bonus_owed: u8,
    pub(crate) factories: [Tiles; MAX_FACTORIES],
    pub(crate) centre: Tiles,
    pub(crate) bag: Tiles,
    pub(crate) tower: Tiles,
    pub(crate) supply: Tiles,
    pub(crate) boards: [Board; MAX_PLAYERS],
}

impl Game {
    /// A new game: the supply is drawn first, then the factories, from a bag seeded by `seed`.
    pub fn new(opts: Options, seed: u64) -> Game {
        let mut g = Game {
            opts,
            rng: SplitMix64::new(seed),
            round: 1,
            phase: Phase::Draft,
            to_move: 0,
            starter: 0,
            token: None,
            passed: 0,
            bonus_owed: 0,
            factories: [Tiles::EMPTY; MAX_FACTORIES],
            centre: Tiles::EMPTY,
            bag: Tiles::FULL_SET,
            tower: Tiles::EMPTY,
            supply: Tiles::EMPTY,
            boards: [Board { score: START_SCORE, ..Board::default() }; MAX_PLAYERS],
        };
        for p in g.boards.iter_mut().skip(opts.players as usize) {
            p.score = 0;
        }
        g.refill_supply();
        g.fill_factories();
        g
    }

    pub fn options(&self) -> &Options {
        &self.opts
    }
    pub fn num_players(&self) -> usize {
        self.opts.players as usize
    }
    pub fn num_factories(&self) -> usize {
        factories_for(self.num_players())
    }
    pub fn side(&self) -> Side {
        self.opts.side
    }
    pub fn round(&self) -> u8 {
        self.round
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    pub fn current_player(&self) -> usize {
        self.to_move as usize
    }
    pub fn starter(&self) -> usize {
        self.starter as usize
    }
    pub fn start_token(&self) -> Option<usize> {
        self.token.map(|t| t as usize)
    }
    pub fn has_passed(&self, seat: usize) -> bool {
        self.passed & (1 << seat) != 0
    }
    pub fn bonus_owed(&self) -> u32 {
        self.bonus_owed as u32
    }
    /// The wild colour of the current round (of round 6 once the game is over).
    pub fn wild(&self) -> Colour {
        self.opts.wild_order[(self.round.min(ROUNDS) - 1) as usize]
    }
    pub fn factories(&self) -> &[Tiles] {
        &self.factories[..self.num_factories()]
    }
    pub fn centre(&self) -> &Tiles {
        &self.centre
    }
    pub fn bag(&self) -> &Tiles {
        &self.bag
    }
    pub fn tower(&self) -> &Tiles {
        &self.tower
    }
    pub fn supply(&self) -> &Tiles {
        &self.supply
    }
    pub fn board(&self, seat: usize) -> &Board {
        &self.boards[seat]
    }
    pub fn boards(&self) -> &[Board] {
        &self.boards[..self.num_players()]
    }
    pub fn rng_state(&self) -> u64 {
        self.rng.state
    }

    /// Replaces the chance state. Bag and tower *contents* are public (they
    /// follow from what is on the table); only the order of future draws is
    /// hidden, and it lives entirely in the RNG. A search calls this with its
    /// own seed before simulating, so it never sees the real future.
    pub fn redraw_hidden(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
    }

    /// Tiles per colour over every location. Always 22 each.
    pub fn census(&self) -> Tiles {
        let mut t = self.bag;
        t.add_all(&self.tower);
        t.add_all(&self.supply);
        t.add_all(&self.centre);
        for f in self.factories() {
            t.add_all(f);
        }
        for p in self.boards() {
            t.add_all(&p.hand);
            t.add_all(&p.kept);
            for (_, c) in p.covered() {
                t.add(c, 1);
            }
        }
        t
    }

    /// Draws one tile; an empty bag is first refilled from the tower.
    pub(crate) fn draw(&mut self) -> Option<Colour> {
        if self.bag.is_empty() {
            if self.tower.is_empty() {
                return None;
            }
            self.bag = self.tower;
            self.tower = Tiles::EMPTY;
        }
        let mut r = self.rng.below(self.bag.total()) as u8;
        for i in 0..NUM_COLOURS {
            let n = self.bag.0[i];
            if r < n {
                self.bag.0[i] -= 1;
                return Some(Colour::from_index(i));
            }
            r -= n;
        }
        unreachable!("draw index past the bag total")
    }

    pub(crate) fn refill_supply(&mut self) {
        while self.supply.total() < SUPPLY_SIZE {
            match self.draw() {
                Some(c) => self.supply.add(c, 1),
                None => break,
            }
        }
    }

    pub(crate) fn fill_factories(&mut self) {
        for f in 0..self.num_factories() {
            for _ in 0..FACTORY_SIZE {
                match self.draw() {
                    Some(c) => self.factories[f].add(c, 1),
                    None => return,
                }
            }
        }
    }

    pub(crate) fn sources_empty(&self) -> bool {
        self.centre.is_empty() && self.factories().iter().all(|f| f.is_empty())
    }
}
