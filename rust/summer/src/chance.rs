//! The one chance event of a round's placing: the supply refill before each
//! turn, which draws unseen tiles from the bag (and, once the bag is empty,
//! from the tower poured back into it). What the bag and the tower hold is
//! public; only the order of the draws is hidden. So a refill's outcomes are
//! the multisets of colours it can bring, each with its probability from the
//! counts alone — an exact search weighs them all instead of drawing.

use crate::state::{Game, SUPPLY_SIZE};
use crate::tiles::{for_each_submultiset, Tiles, NUM_COLOURS};

/// Ways to choose `k` of `n` things, as a float (the counts here are at most 132).
fn choose(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// Every way the refill due in `g` (`Game::refill_due`) can come out: the game
/// after it and the outcome's probability (they sum to 1). Drawing `k` tiles
/// from a pool of counts `c` brings the colour counts `d` with probability
/// Π C(c_i, d_i) / C(|c|, k) (the multivariate hypergeometric law), whatever
/// the order of the draws. A bag too small for the refill is drawn whole
/// first, then the tower becomes the bag, as when drawing tile by tile.
pub fn refill_outcomes(g: &Game, out: &mut Vec<(Game, f64)>) {
    out.clear();
    let mut base = *g;
    let mut need = SUPPLY_SIZE.saturating_sub(g.supply.total());
    if base.bag.total() <= need {
        need -= base.bag.total();
        let bag = base.bag;
        base.supply.add_all(&bag);
        base.bag = Tiles::EMPTY;
        if need == 0 || base.tower.is_empty() {
            out.push((base, 1.0));
            return;
        }
        base.bag = base.tower;
        base.tower = Tiles::EMPTY;
        need = need.min(base.bag.total());
    }
    let pool = base.bag;
    let all = choose(pool.total(), need);
    for_each_submultiset(&pool, need, need, |drawn| {
        let ways: f64 = (0..NUM_COLOURS).map(|i| choose(u32::from(pool.0[i]), u32::from(drawn.0[i]))).product();
        let mut after = base;
        after.bag.sub_all(&drawn);
        after.supply.add_all(&drawn);
        out.push((after, ways / all));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveList;
    use crate::rng::SplitMix64;
    use crate::state::{Options, Phase};

    /// A placing turn about to begin with a short supply, from random play.
    fn refill_positions(count: usize) -> Vec<Game> {
        let mut found = Vec::new();
        let mut rng = SplitMix64::new(3);
        let mut moves = MoveList::new();
        let mut seed = 0;
        while found.len() < count {
            seed += 1;
            let mut g = Game::new(Options::new(2 + (seed % 3) as usize, crate::Side::Coloured, None).unwrap(), seed);
            while !g.is_over() {
                g.legal_moves(&mut moves);
                let m = moves[rng.below(moves.len() as u32) as usize];
                let mut before = g;
                before.play_before_refill(&m);
                if before.refill_due() && found.len() < count {
                    found.push(before);
                }
                g.play_unchecked(&m);
            }
        }
        found
    }

    #[test]
    fn the_outcomes_are_every_draw_with_its_probability() {
        let mut out = Vec::new();
        for g in refill_positions(300) {
            refill_outcomes(&g, &mut out);
            let total: f64 = out.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "probabilities sum to {total}");
            for (after, p) in &out {
                assert!(*p > 0.0);
                assert_eq!(after.census(), g.census(), "tiles conserved");
                let short = (after.bag.total() + after.tower.total()) == 0;
                assert!(after.supply.total() == SUPPLY_SIZE || short, "the supply is filled while tiles remain");
                assert!(!after.refill_due());
                assert_eq!((after.boards, after.phase, after.to_move), (g.boards, g.phase, g.to_move));
            }
            // Distinct outcomes.
            for (i, (a, _)) in out.iter().enumerate() {
                assert!(out[i + 1..].iter().all(|(b, _)| (a.supply, a.bag, a.tower) != (b.supply, b.bag, b.tower)));
            }
        }
    }

    #[test]
    fn the_engine_draws_each_outcome_as_often_as_its_probability() {
        // Re-dealing the hidden order and refilling as the engine does, many
        // times: each outcome's frequency matches its probability (χ² test).
        let mut out = Vec::new();
        let positions: Vec<Game> = refill_positions(400).into_iter().filter(|g| g.phase == Phase::Place).collect();
        let g = positions
            .iter()
            .max_by_key(|g| {
                refill_outcomes(g, &mut out);
                out.len()
            })
            .copied()
            .unwrap();
        refill_outcomes(&g, &mut out);
        assert!(out.len() >= 5, "a refill with only {} outcomes", out.len());
        let trials: u32 = 20_000;
        let mut counts = vec![0u32; out.len()];
        for seed in 0..u64::from(trials) {
            let mut d = g;
            d.redraw_hidden(seed);
            d.refill_supply_if_due();
            let i = out.iter().position(|(a, _)| (a.supply, a.bag, a.tower) == (d.supply, d.bag, d.tower));
            counts[i.expect("the engine drew an outcome that was not listed")] += 1;
        }
        let chi2: f64 = out
            .iter()
            .zip(&counts)
            .map(|((_, p), &n)| {
                let e = p * f64::from(trials);
                (f64::from(n) - e).powi(2) / e
            })
            .sum();
        let df = (out.len() - 1) as f64;
        // Far beyond the 99.9% quantile for these degrees of freedom.
        assert!(chi2 < df + 6.0 * (2.0 * df).sqrt() + 10.0, "χ² {chi2:.1} over {df} degrees of freedom");
    }

    #[test]
    fn a_short_bag_is_drawn_whole_then_the_tower_is_poured_in() {
        let mut g = refill_positions(1)[0];
        g.supply = Tiles([2, 0, 0, 0, 0, 0]);
        let rest = g.census();
        let mut others = rest;
        others.sub_all(&g.supply);
        for p in g.boards.iter() {
            others.sub_all(&p.hand);
            others.sub_all(&p.kept);
            for (_, c) in p.covered() {
                others.sub(c, 1);
            }
        }
        // Bag: 3 blue; tower: the rest.
        g.bag = Tiles([0, 0, 0, 0, 3, 0]);
        others.sub_all(&g.bag);
        g.tower = others;
        let tower = g.tower;
        let mut out = Vec::new();
        refill_outcomes(&g, &mut out);
        assert!(out.len() > 1);
        for (a, _) in &out {
            // The 2 purple and the 3 blue stay, 5 come from the tower, the rest of it is the bag.
            let mut from_tower = a.supply;
            from_tower.sub_all(&Tiles([2, 0, 0, 0, 3, 0]));
            assert_eq!(from_tower.total(), 5);
            let mut poured = a.bag;
            poured.add_all(&from_tower);
            assert_eq!(poured, tower);
            assert!(a.tower.is_empty(), "the tower became the bag");
        }
    }
}
