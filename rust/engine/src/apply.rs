//! Applying moves: tiles move, scores change, turns and rounds advance.

use crate::board::{cost, run_length, Space, FEATURES, SPACE_FEATURES};
use crate::error::Error;
use crate::moves::{Move, Source};
use crate::state::{apply_penalty, Game, Phase, ROUNDS};
use crate::tiles::{Colour, Tiles};

/// What a placement earned, for agents and move descriptions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PlaceOutcome {
    pub points: u32,
    /// Bonus tiles owed before the supply cap.
    pub bonus: u32,
}

impl Game {
    /// Plays a move after checking it; an illegal move leaves the game untouched.
    pub fn play(&mut self, m: &Move) -> Result<(), Error> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move known to be legal (from `legal_moves`). An illegal move
    /// here corrupts the state; use `play` for anything typed or read.
    #[inline]
    pub fn play_unchecked(&mut self, m: &Move) {
        match *m {
            Move::Draft { source, colour } => self.apply_draft(source, colour),
            Move::Place { space, colour, wilds } => {
                self.apply_place(space, colour, wilds);
            }
            Move::Bonus { take } => {
                self.supply.sub_all(&take);
                self.players[self.to_move as usize].hand.add_all(&take);
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

    fn apply_draft(&mut self, source: Source, colour: Colour) {
        let taken = self.draft_take(source, colour);
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
        let p = &mut self.players[seat];
        p.hand.add_all(&taken);
        if source == Source::Centre && self.token.is_none() {
            self.token = Some(seat as u8);
            p.score = apply_penalty(p.score, taken.total());
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
        self.refill_supply();
        self.phase = Phase::Place;
        self.passed = 0;
        self.to_move = self.token.unwrap_or(self.starter);
    }

    /// Points and bonus a placement would earn on the mover's board, without playing it.
    pub fn place_outcome(&self, space: Space) -> PlaceOutcome {
        let p = &self.players[self.to_move as usize];
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
        let p = &mut self.players[seat];
        let real = n - wilds;
        p.hand.sub(colour, real);
        p.hand.sub(wild, wilds);
        p.cover(space, colour);
        p.score += out.points as i32;
        self.tower.add(colour, real - 1);
        self.tower.add(wild, wilds);
        let owed = out.bonus.min(self.supply.total());
        if owed > 0 {
            self.bonus_owed = owed as u8;
        } else {
            self.next_placer();
        }
        out
    }

    fn apply_pass(&mut self, keep: Tiles) {
        let seat = self.to_move as usize;
        let p = &mut self.players[seat];
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

    /// Hands the turn to the next player who has not passed; the supply is
    /// refilled first, as the rules ask before every new turn.
    fn next_placer(&mut self) {
        self.refill_supply();
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
        for p in self.players.iter_mut() {
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
