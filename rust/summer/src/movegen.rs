//! Legal-move generation, and an independent legality check with reasons.
//!
//! `legal_moves` lists every distinct decision (each payment option, each
//! bonus pick, each keep set). `check` validates one move directly, without
//! generating the list, and says why a move is illegal. The random tests
//! compare the two over the whole action space.

use crate::board::{cost, cost_at, Side, Space, Star};
use crate::error::Error;
use crate::moves::{Move, MoveList, Source};
use crate::rng::SplitMix64;
use crate::state::{Board, Game, Phase, MAX_KEEP};
use crate::tiles::{for_each_submultiset, Colour, Submultisets, Tiles};

/// The choices of a pass: every way to keep at most [`MAX_KEEP`] tiles of a
/// hand, listed, counted or indexed by size without being listed. One
/// representation for move generation, the uniform random move, the search's
/// pass pruning and the rollout's pass. Order: `for_each_submultiset`'s.
pub struct KeepSets {
    hand: Tiles,
    /// The counting table, built on the first `count` or `nth` (listing needs none).
    table: std::cell::OnceCell<Submultisets>,
}

impl KeepSets {
    pub fn of(hand: &Tiles) -> Self {
        KeepSets { hand: *hand, table: std::cell::OnceCell::new() }
    }
    fn table(&self) -> &Submultisets {
        self.table.get_or_init(|| Submultisets::new(&self.hand))
    }
    /// The most tiles a pass can keep: the hand's size, at most [`MAX_KEEP`].
    pub fn largest(&self) -> u32 {
        self.hand.total().min(MAX_KEEP)
    }
    /// Every keep set, in order.
    #[inline]
    pub fn for_each(&self, f: impl FnMut(Tiles)) {
        for_each_submultiset(&self.hand, 0, MAX_KEEP, f);
    }
    /// How many keep sets have a size in `sizes`.
    pub fn count(&self, sizes: std::ops::RangeInclusive<u32>) -> u32 {
        self.table().count(*sizes.start(), *sizes.end())
    }
    /// The `k`-th keep set with a size in `sizes`, in order.
    pub fn nth(&self, sizes: std::ops::RangeInclusive<u32>, k: u32) -> Tiles {
        self.table().nth(*sizes.start(), *sizes.end(), k)
    }
    /// Every keep set of `size` tiles, in order.
    #[inline]
    pub fn for_each_of_size(&self, size: u32, f: impl FnMut(Tiles)) {
        for_each_submultiset(&self.hand, size, size, f);
    }
    /// All sizes a pass may keep.
    pub const ALL: std::ops::RangeInclusive<u32> = 0..=MAX_KEEP;
}

/// Colours (bit = colour index) that may still go on `star` of this board.
#[inline]
pub fn allowed_colours(side: Side, player: &Board, star: Star) -> u8 {
    let on_star = player.star_colours(star);
    match side {
        Side::Coloured if star.is_centre() => !on_star & 0b11_1111,
        Side::Coloured => 1 << star.index(),
        Side::Gray => {
            // Two tiles fix the star: one colour repeated, or all different.
            if player.star_bits(star).count_ones() <= 1 {
                0b11_1111
            } else if on_star.count_ones() == 1 {
                on_star
            } else {
                !on_star & 0b11_1111
            }
        }
    }
}

impl Game {
    /// Fills `out` with every legal move (empty once the game is over).
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Draft => self.gen_drafts(out),
            Phase::Place if self.bonus_owed > 0 => {
                for_each_submultiset(&self.supply, self.bonus_owed as u32, self.bonus_owed as u32, |take| {
                    out.push(Move::Bonus { take })
                });
            }
            Phase::Place => {
                self.gen_places(out);
                KeepSets::of(&self.boards[self.to_move as usize].hand).for_each(|keep| out.push(Move::Pass { keep }));
            }
        }
    }

    /// A uniformly random legal move: exactly the one
    /// `moves[rng.below(moves.len())]` would pick from `legal_moves`, but the
    /// passes are counted and indexed rather than listed. `None` once over.
    pub fn random_move(&self, rng: &mut SplitMix64, scratch: &mut MoveList) -> Option<Move> {
        if self.phase == Phase::Place && self.bonus_owed == 0 {
            scratch.clear();
            self.gen_places(scratch);
            let keeps = KeepSets::of(&self.boards[self.to_move as usize].hand);
            let places = scratch.len() as u32;
            let r = rng.below(places + keeps.count(KeepSets::ALL));
            return Some(if r < places {
                scratch[r as usize]
            } else {
                Move::Pass { keep: keeps.nth(KeepSets::ALL, r - places) }
            });
        }
        self.legal_moves(scratch);
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[rng.below(scratch.len() as u32) as usize])
    }

    fn gen_drafts(&self, out: &mut MoveList) {
        let wild = self.wild().index();
        let nf = self.num_factories();
        for s in 0..=nf {
            let (source, tiles) =
                if s < nf { (Source::Factory(s as u8), self.factories[s]) } else { (Source::Centre, self.centre) };
            let mut any_other = false;
            for c in 0..6 {
                if c != wild && tiles.0[c] > 0 {
                    any_other = true;
                    out.push(Move::Draft { source, colour: Colour::from_index(c) });
                }
            }
            if !any_other && tiles.0[wild] > 0 {
                out.push(Move::Draft { source, colour: Colour::from_index(wild) });
            }
        }
    }

    pub(crate) fn gen_places(&self, out: &mut MoveList) {
        let side = self.opts.side;
        let wild = self.wild();
        let p = &self.boards[self.to_move as usize];
        let w = p.hand.get(wild);
        let mut in_hand = 0u8;
        for c in Colour::ALL {
            if p.hand.get(c) > 0 {
                in_hand |= 1 << c.index();
            }
        }
        for star in Star::ALL {
            let colours = allowed_colours(side, p, star) & in_hand;
            let mut open = !p.star_bits(star) & 0b11_1111;
            if colours == 0 {
                continue;
            }
            // Walk the set bits of the open positions and the colours.
            while open != 0 {
                let pos = open.trailing_zeros() as usize;
                open &= open - 1;
                let space = star.space(pos);
                let n = cost_at(side, star, pos);
                let mut cs = colours;
                while cs != 0 {
                    let c = Colour::from_index(cs.trailing_zeros() as usize);
                    cs &= cs - 1;
                    let h = p.hand.get(c);
                    let (lo, hi) = if c == wild {
                        if h >= n {
                            (0, 0)
                        } else {
                            continue;
                        }
                    } else {
                        (n.saturating_sub(h), (n - 1).min(w))
                    };
                    for wilds in lo..=hi {
                        out.push(Move::Place { space, colour: c, wilds });
                    }
                }
            }
        }
    }

    /// Whether `m` is legal now; the error says why not.
    pub fn check(&self, m: &Move) -> Result<(), Error> {
        let illegal = |why: String| Err(Error::IllegalMove(why));
        let seat = self.to_move as usize;
        let p = &self.boards[seat];
        match (self.phase, m) {
            (Phase::Over, _) => illegal("the game is over".into()),
            (Phase::Place, _) if self.bonus_owed > 0 && !matches!(m, Move::Bonus { .. }) => illegal(format!(
                "player {} must first take {} bonus tile(s) from the supply",
                seat + 1,
                self.bonus_owed
            )),
            (Phase::Draft, Move::Draft { source, colour }) => self.check_draft(*source, *colour),
            (Phase::Draft, _) => illegal("this is the draft phase: only drafts are allowed".into()),
            (Phase::Place, Move::Draft { .. }) => illegal("drafting is over for this round".into()),
            (Phase::Place, Move::Bonus { take }) => {
                if self.bonus_owed == 0 {
                    illegal("no bonus is owed".into())
                } else if take.total() != self.bonus_owed as u32 {
                    illegal(format!("the bonus is exactly {} tile(s), not {}", self.bonus_owed, take.total()))
                } else if !self.supply.contains(take) {
                    illegal(format!("the supply ({}) does not hold {}", self.supply, take))
                } else {
                    Ok(())
                }
            }
            (Phase::Place, Move::Pass { keep }) => {
                if keep.total() > MAX_KEEP {
                    illegal(format!("at most {MAX_KEEP} tiles may be kept, not {}", keep.total()))
                } else if !p.hand.contains(keep) {
                    illegal(format!("cannot keep {keep}: the hand holds {}", p.hand))
                } else {
                    Ok(())
                }
            }
            (Phase::Place, &Move::Place { space, colour, wilds }) => self.check_place(p, space, colour, wilds),
        }
    }

    fn check_draft(&self, source: Source, colour: Colour) -> Result<(), Error> {
        let tiles = match source {
            Source::Centre => self.centre,
            Source::Factory(i) if (i as usize) < self.num_factories() => self.factories[i as usize],
            Source::Factory(i) => {
                return Err(Error::IllegalMove(format!(
                    "there is no factory {} with {} players",
                    i + 1,
                    self.num_players()
                )))
            }
        };
        let name = match source {
            Source::Centre => "the centre".to_string(),
            Source::Factory(i) => format!("factory {}", i + 1),
        };
        let wild = self.wild();
        if tiles.get(colour) == 0 {
            return Err(Error::IllegalMove(format!("{name} holds no {} tile", colour.name())));
        }
        if colour == wild && tiles.total() != tiles.get(wild) as u32 {
            return Err(Error::IllegalMove(format!(
                "{} is wild this round: it can only be drafted from a source holding nothing else",
                wild.name()
            )));
        }
        Ok(())
    }

    fn check_place(&self, p: &Board, at: Space, colour: Colour, wilds: u8) -> Result<(), Error> {
        let illegal = |why: String| Err(Error::IllegalMove(why));
        let star = at.star();
        if p.is_covered(at) {
            return illegal(format!("space {at} is already covered"));
        }
        if allowed_colours(self.opts.side, p, star) & (1 << colour.index()) == 0 {
            return illegal(format!("{} may not go on star {star}: {}", colour.name(), self.star_rule(star)));
        }
        let n = cost(self.opts.side, at);
        let wild = self.wild();
        let h = p.hand.get(colour);
        if colour == wild {
            if wilds != 0 {
                return illegal(format!("{} is wild: it is paid with its own colour alone (no +wilds)", wild.name()));
            }
            if h < n {
                return illegal(format!("space {at} costs {n} {} and the hand has {h}", colour.name()));
            }
            return Ok(());
        }
        if wilds >= n {
            return illegal(format!(
                "space {at} costs {n}: at most {} may be wild, one real {} is needed",
                n - 1,
                colour.name()
            ));
        }
        let real = n - wilds;
        if h < real {
            return illegal(format!(
                "space {at} paying {wilds} wild needs {real} {} and the hand has {h}",
                colour.name()
            ));
        }
        if p.hand.get(wild) < wilds {
            return illegal(format!("the hand has only {} wild {}", p.hand.get(wild), wild.name()));
        }
        Ok(())
    }

    fn star_rule(&self, star: Star) -> &'static str {
        match self.opts.side {
            Side::Coloured if star.is_centre() => "the centre star takes each colour once",
            Side::Coloured => "a coloured star takes only its own colour",
            Side::Gray => "a gray star ends all one colour or six different colours",
        }
    }

    /// True when `m` is legal now.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.check(m).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_sets_count_and_index_what_they_list() {
        for letters in ["", "B", "BBBBBBB", "PGOYBR", "PPGGOOYYBBRR", "PPPPGY"] {
            let hand: Tiles = letters.parse().unwrap();
            let keeps = KeepSets::of(&hand);
            let mut listed = Vec::new();
            keeps.for_each(|k| listed.push(k));
            assert_eq!(keeps.count(KeepSets::ALL), listed.len() as u32, "{letters}");
            for (k, t) in listed.iter().enumerate() {
                assert!(hand.contains(t) && t.total() <= MAX_KEEP);
                assert_eq!(keeps.nth(KeepSets::ALL, k as u32), *t, "{letters} #{k}");
            }
            let largest = keeps.largest();
            assert_eq!(largest, hand.total().min(MAX_KEEP));
            let of_largest: Vec<Tiles> = listed.iter().copied().filter(|t| t.total() == largest).collect();
            assert_eq!(keeps.count(largest..=largest), of_largest.len() as u32);
            for (k, t) in of_largest.iter().enumerate() {
                assert_eq!(keeps.nth(largest..=largest, k as u32), *t);
            }
        }
        // Six distinct colours: 1 + 6 + 15 + 20 + 15 ways to keep 0..4 of them.
        assert_eq!(KeepSets::of(&"PGOYBR".parse().unwrap()).count(KeepSets::ALL), 57);
    }
}
