//! End-of-game scoring and the per-player breakdown.

use crate::board::{all_n_mask, Side, Star, ALL_N_BONUS, MULTICOLOUR_STAR_VALUE, NUM_STARS, STAR_VALUE};
use crate::state::{apply_penalty, Board, Game};

/// How a player's final score is made up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Breakdown {
    /// Score when the last round's placing ended (before the end bonuses).
    pub before_end: i32,
    /// Points for each completed star (0 for an incomplete one), index = [`Star::index`].
    pub stars: [i32; NUM_STARS],
    /// "All N's" bonus for N = 1..=4 (index N−1).
    pub all_n: [i32; 4],
    /// Tiles still kept at the end.
    pub leftover_tiles: u32,
    /// Points actually lost to them (the score never drops below 1).
    pub leftover_penalty: i32,
    pub total: i32,
}

impl Breakdown {
    pub fn stars_total(&self) -> i32 {
        self.stars.iter().sum()
    }
    pub fn all_n_total(&self) -> i32 {
        self.all_n.iter().sum()
    }
}

/// Value of `star` if it is complete on this board, else 0.
pub fn star_points(side: Side, p: &Board, star: Star) -> i32 {
    if p.star_bits(star) != 0b11_1111 {
        return 0;
    }
    let colours = p.star_colours(star);
    match side {
        Side::Coloured if star.is_centre() => MULTICOLOUR_STAR_VALUE,
        Side::Coloured => STAR_VALUE[star.index()],
        Side::Gray if colours.count_ones() == 1 => STAR_VALUE[colours.trailing_zeros() as usize],
        Side::Gray => MULTICOLOUR_STAR_VALUE,
    }
}

/// The end-of-game breakdown for a player with running score `p.score`.
pub fn breakdown(side: Side, p: &Board) -> Breakdown {
    let mut b = Breakdown { before_end: p.score, ..Breakdown::default() };
    for s in Star::ALL {
        b.stars[s.index()] = star_points(side, p, s);
    }
    for v in 1..=4u8 {
        let m = all_n_mask(side, v);
        if p.covered_mask & m == m {
            b.all_n[v as usize - 1] = ALL_N_BONUS[v as usize - 1];
        }
    }
    let with_bonus = b.before_end + b.stars_total() + b.all_n_total();
    b.leftover_tiles = p.kept.total();
    b.total = apply_penalty(with_bonus, b.leftover_tiles);
    b.leftover_penalty = with_bonus - b.total;
    b
}

impl Game {
    /// Per-player end breakdown (meaningful once the game is over; before
    /// that it shows what the end scoring would give now).
    pub fn final_breakdown(&self) -> Vec<Breakdown> {
        self.boards().iter().map(|p| breakdown(self.opts.side, p)).collect()
    }

    /// Running scores; once the game is over, the final totals.
    pub fn scores(&self) -> Vec<i32> {
        if self.is_over() {
            self.final_breakdown().iter().map(|b| b.total).collect()
        } else {
            self.boards().iter().map(|p| p.score).collect()
        }
    }

    /// Seats with the highest final score (all of them share the victory);
    /// empty while the game is running.
    pub fn winners(&self) -> Vec<usize> {
        if !self.is_over() {
            return Vec::new();
        }
        let scores = self.scores();
        let best = *scores.iter().max().expect("at least two players");
        (0..scores.len()).filter(|&i| scores[i] == best).collect()
    }
}
