//! Applying moves: tiles move, scores change, turns and rounds advance.

use crate::board::{cost, run_length, Space, FEATURES, SPACE_FEATURES};
use crate::error::Error;
use crate::moves::{Move, Source};
use crate::state::{apply_penalty, Game, Phase, ROUNDS, SUPPLY_SIZE};
use crate::tiles::{Colour, Tiles};

/// What a placement would earn, for agents and move descriptions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PlaceOutcome {
    pub points: u32,
    /// Bonus tiles owed before the supply cap.
    pub bonus: u32,
}

/// What a played move did, as [`Game::play`] reports it: enough to tell a
/// player what happened without comparing two positions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveOutcome {
    /// The seat that moved.
    pub seat: usize,
    /// Points scored by a placement (its run).
    pub points: u32,
    /// Points lost: the first draft from the centre, or a pass's discards
    /// (after the floor of 1, so possibly fewer than the tiles).
    pub penalty: u32,
    /// Tiles that went into the mover's hand (a draft or a bonus pick).
    pub taken: Tiles,
    /// Tiles a pass discarded to the tower.
    pub discarded: Tiles,
    /// This draft took the start token.
    pub start_token: bool,
    /// Bonus tiles the mover must now take from the supply (capped by the supply).
    pub bonus_owed: u32,
    /// The move ended the round (every player has passed).
    pub round_over: bool,
    /// The move ended the game.
    pub game_over: bool,
}

impl Game {
    /// Plays a move after checking it and says what it did; an illegal move
    /// leaves the game untouched.
    pub fn play(&mut self, m: &Move) -> Result<MoveOutcome, Error> {
        self.check(m)?;
        let seat = self.to_move as usize;
        let (round, score, hand) = (self.round, self.boards[seat].score, self.boards[seat].hand);
        let mut out = MoveOutcome { seat, ..MoveOutcome::default() };
        match *m {
            Move::Draft { source, colour } => {
                out.taken = self.draft_take(source, colour);
                out.start_token = self.takes_start_token(source);
            }
            Move::Bonus { take } => out.taken = take,
            Move::Pass { keep } => {
                out.discarded = hand;
                out.discarded.sub_all(&keep);
            }
            Move::Place { .. } => {}
        }
        self.play_unchecked(m);
        // Only a placement scores and it loses nothing; drafts and passes only lose.
        let change = self.boards[seat].score - score;
        (out.points, out.penalty) = (change.max(0) as u32, (-change).max(0) as u32);
        if self.to_move as usize == seat {
            out.bonus_owed = self.bonus_owed as u32;
        }
        out.game_over = self.is_over();
        out.round_over = out.game_over || self.round != round;
        Ok(out)
    }

    /// Plays a move known to be legal (from `legal_moves`). An illegal move
    /// here corrupts the state; use `play` for anything typed or read.
    #[inline]
    pub fn play_unchecked(&mut self, m: &Move) {
        self.play_before_refill(m);
        self.refill_supply_if_due();
    }

    /// `play_unchecked` up to the supply refill that begins the next turn: the
    /// game as it stands before the hidden draw (an exact search weighs every
    /// draw instead of drawing); `refill_supply_if_due` completes the move.
    #[inline]
    pub fn play_before_refill(&mut self, m: &Move) {
        match *m {
            Move::Draft { source, colour } => self.apply_draft(source, colour),
            Move::Place { space, colour, wilds } => {
                self.apply_place(space, colour, wilds);
            }
            Move::Bonus { take } => {
                self.supply.sub_all(&take);
                self.boards[self.to_move as usize].hand.add_all(&take);
                self.bonus_owed = 0;
                self.next_placer();
            }
            Move::Pass { keep } => self.apply_pass(keep),
        }
    }

    /// The tiles a draft of `colour` from `source` takes: all of that colour
    /// plus one wild if there is one, or a single wild from a source of wilds.
    pub fn draft_take(&self, source: Source, colour: Colour) -> Tiles {
        let wild = self.wild();
        let tiles = match source {
            Source::Centre => &self.centre,
            Source::Factory(i) => &self.factories[i as usize],
        };
        let mut taken = Tiles::EMPTY;
        if colour == wild {
            taken.add(wild, 1);
        } else {
            taken.add(colour, tiles.get(colour));
            if tiles.get(wild) > 0 {
                taken.add(wild, 1);
            }
        }
        taken
    }

    /// Points a draft taking `taken` tiles from `source` would cost the mover:
    /// the first take from the centre loses one point per tile, never below 1.
    pub fn draft_penalty(&self, source: Source, taken: u32) -> u32 {
        if self.takes_start_token(source) {
            let score = self.boards[self.to_move as usize].score;
            (score - apply_penalty(score, taken)) as u32
        } else {
            0
        }
    }

    /// Whether a draft from `source` takes the start token: the first take from the centre this round.
    pub fn takes_start_token(&self, source: Source) -> bool {
        source == Source::Centre && self.token.is_none()
    }

    /// What a placement on `space` gains the mover now: its points plus the
    /// bonus tiles it would actually get (owed, capped by the supply). The
    /// greedy agent and the informed rollout judge placements by it.
    pub fn place_gain(&self, space: Space) -> u32 {
        let out = self.place_outcome(space);
        out.points + self.bonus_given(out.bonus)
    }

    /// Bonus tiles actually owed for `bonus` earned: no more than the supply holds.
    fn bonus_given(&self, bonus: u32) -> u32 {
        bonus.min(self.supply.total())
    }

    fn apply_draft(&mut self, source: Source, colour: Colour) {
        let taken = self.draft_take(source, colour);
        let (token, penalty) = (self.takes_start_token(source), self.draft_penalty(source, taken.total()));
        let tiles = match source {
            Source::Centre => &mut self.centre,
            Source::Factory(i) => &mut self.factories[i as usize],
        };
        tiles.sub_all(&taken);
        if let Source::Factory(_) = source {
            let rest = *tiles;
            *tiles = Tiles::EMPTY;
            self.centre.add_all(&rest);
        }
        let seat = self.to_move as usize;
        let p = &mut self.boards[seat];
        p.hand.add_all(&taken);
        p.score -= penalty as i32;
        if token {
            self.token = Some(seat as u8);
        }
        if self.sources_empty() {
            self.start_placing();
        } else {
            self.to_move = ((seat + 1) % self.num_players()) as u8;
        }
    }

    /// The placing phase starts; its first player's turn, like every turn,
    /// begins with a full supply (the round's last pass left it as it was).
    fn start_placing(&mut self) {
        self.phase = Phase::Place;
        self.passed = 0;
        self.to_move = self.token.unwrap_or(self.starter);
    }

    /// Points and bonus a placement would earn on the mover's board, without playing it.
    pub fn place_outcome(&self, space: Space) -> PlaceOutcome {
        let p = &self.boards[self.to_move as usize];
        let covered = p.covered_mask | space.bit();
        let points = run_length(space.star().bits_of(covered), space.pos());
        let mut bonus = 0;
        let mut fs = SPACE_FEATURES[space.index()];
        while fs != 0 {
            let f = &FEATURES[fs.trailing_zeros() as usize];
            if covered & f.mask == f.mask {
                bonus += f.kind.bonus() as u32;
            }
            fs &= fs - 1;
        }
        PlaceOutcome { points, bonus }
    }

    fn apply_place(&mut self, space: Space, colour: Colour, wilds: u8) -> PlaceOutcome {
        let out = self.place_outcome(space);
        let n = cost(self.opts.side, space);
        let wild = self.wild();
        let seat = self.to_move as usize;
        let p = &mut self.boards[seat];
        let real = n - wilds;
        p.hand.sub(colour, real);
        p.hand.sub(wild, wilds);
        p.cover(space, colour);
        p.score += out.points as i32;
        self.tower.add(colour, real - 1);
        self.tower.add(wild, wilds);
        let owed = self.bonus_given(out.bonus);
        if owed > 0 {
            self.bonus_owed = owed as u8;
        } else {
            self.next_placer();
        }
        out
    }

    fn apply_pass(&mut self, keep: Tiles) {
        let seat = self.to_move as usize;
        let p = &mut self.boards[seat];
        let mut discard = p.hand;
        discard.sub_all(&keep);
        p.score = apply_penalty(p.score, discard.total());
        p.kept = keep;
        p.hand = Tiles::EMPTY;
        self.tower.add_all(&discard);
        self.passed |= 1 << seat;
        if self.passed.count_ones() as usize == self.num_players() {
            self.end_round();
        } else {
            self.next_placer();
        }
    }

    /// Whether a placing turn is about to begin with a short supply that the
    /// bag or the tower can refill: the rules refill it before every turn (a
    /// bonus pick is part of its placement's turn, so the refill waits for it).
    #[inline]
    pub fn refill_due(&self) -> bool {
        self.phase == Phase::Place
            && self.bonus_owed == 0
            && self.supply.total() < SUPPLY_SIZE
            && !(self.bag.is_empty() && self.tower.is_empty())
    }

    #[inline]
    pub(crate) fn refill_supply_if_due(&mut self) {
        if self.refill_due() {
            self.refill_supply();
        }
    }

    /// Hands the turn to the next player who has not passed (the supply is
    /// refilled at the end of the move, before the turn begins).
    fn next_placer(&mut self) {
        let n = self.num_players();
        let mut s = self.to_move as usize;
        loop {
            s = (s + 1) % n;
            if self.passed & (1 << s) == 0 {
                break;
            }
        }
        self.to_move = s as u8;
    }

    fn end_round(&mut self) {
        if self.round == ROUNDS {
            self.phase = Phase::Over;
            return;
        }
        self.round += 1;
        if let Some(t) = self.token.take() {
            self.starter = t;
        }
        for p in self.boards.iter_mut() {
            let kept = p.kept;
            p.hand.add_all(&kept);
            p.kept = Tiles::EMPTY;
        }
        self.fill_factories();
        self.passed = 0;
        self.to_move = self.starter;
        self.phase = Phase::Draft;
        // With bag and tower exhausted there may be nothing to draft at all.
        if self.sources_empty() {
            self.start_placing();
        }
    }
}
