//! A city's score written again from the rules (docs/AKROPOLIS.md), sharing
//! nothing with the engine's scorer: the city is read as a map of letters and
//! heights, neighbours come from the oracle's own direction list, and every
//! condition (variants and rule options included) is spelt out once more.
//! It also counts how often each variant doubled something, so a test can
//! show that random games reached every variant's condition.

use std::collections::{HashMap, HashSet, VecDeque};

use pavilion_akropolis::{BarracksEdge, City, Hex, Lake, Options};

use super::add;

/// Kinds in the rules' order: houses, markets, barracks, temples, gardens.
const LETTERS: [char; 5] = ['h', 'm', 'b', 't', 'g'];
/// Plaza stars by kind, from the rules' table (H 1, M 2, B 2, T 2, G 3).
const STARS: [u32; 5] = [1, 2, 2, 2, 3];

/// (stars, value, stars × value) for each kind, the stones, the total, and
/// how many values each variant doubled (the house group counts once).
#[derive(Debug, Default, PartialEq)]
pub struct OracleScore {
    pub districts: [(u32, u32, u32); 5],
    pub stones: u32,
    pub total: u32,
    pub doubled: [u32; 5],
}

struct Map {
    tops: HashMap<(i8, i8), (char, u32)>,
    /// Empty positions of the box one ring around the city that join its border.
    outside: HashSet<(i8, i8)>,
    /// The box (inclusive), one ring wider than the city.
    lo: (i8, i8),
    hi: (i8, i8),
}

fn key(h: Hex) -> (i8, i8) {
    (h.q, h.r)
}

fn around(p: (i8, i8)) -> impl Iterator<Item = (i8, i8)> {
    (0..6).map(move |d| key(add(Hex::new(p.0, p.1), d)))
}

impl Map {
    fn new(city: &City) -> Map {
        let tops: HashMap<_, _> = city.tops().map(|(h, t)| (key(h), (t.face.letter(), u32::from(t.height)))).collect();
        let lo = (tops.keys().map(|p| p.0).min().unwrap() - 1, tops.keys().map(|p| p.1).min().unwrap() - 1);
        let hi = (tops.keys().map(|p| p.0).max().unwrap() + 1, tops.keys().map(|p| p.1).max().unwrap() + 1);
        let mut m = Map { tops, outside: HashSet::new(), lo, hi };
        // Breadth-first from every border position of the box (all empty).
        let mut queue: VecDeque<(i8, i8)> = VecDeque::new();
        for q in lo.0..=hi.0 {
            for r in lo.1..=hi.1 {
                if q == lo.0 || q == hi.0 || r == lo.1 || r == hi.1 {
                    queue.push_back((q, r));
                }
            }
        }
        while let Some(p) = queue.pop_front() {
            if !m.in_box(p) || m.tops.contains_key(&p) || !m.outside.insert(p) {
                continue;
            }
            queue.extend(around(p));
        }
        m
    }

    fn in_box(&self, p: (i8, i8)) -> bool {
        (self.lo.0..=self.hi.0).contains(&p.0) && (self.lo.1..=self.hi.1).contains(&p.1)
    }

    fn letter(&self, p: (i8, i8)) -> Option<char> {
        self.tops.get(&p).map(|t| t.0)
    }

    /// An empty position beyond the box is outside too.
    fn is_outside(&self, p: (i8, i8)) -> bool {
        !self.tops.contains_key(&p) && (!self.in_box(p) || self.outside.contains(&p))
    }

    fn is_lake(&self, p: (i8, i8), lake: Lake) -> bool {
        !self.tops.contains_key(&p)
            && match lake {
                Lake::SingleHex => around(p).all(|n| self.tops.contains_key(&n)),
                Lake::EnclosedRegion => !self.is_outside(p),
            }
    }
}

pub fn oracle_score(city: &City, stones: u32, options: &Options) -> OracleScore {
    let m = Map::new(city);
    let on = |k: usize| options.variants.to_string().contains(LETTERS[k]);
    let mut s = OracleScore { stones, ..OracleScore::default() };
    let mut stars = [0u32; 5];
    let mut value = [0u32; 5];
    for &(letter, _) in m.tops.values() {
        if let Some(k) = LETTERS.iter().position(|&l| l.to_ascii_uppercase() == letter) {
            stars[k] += STARS[k];
        }
    }
    // Houses: groups of adjacent houses; the one with most hexes, then most value, scores.
    let mut seen = HashSet::new();
    let mut best = (0usize, 0u32);
    for (&p, &(letter, _)) in &m.tops {
        if letter != 'h' || seen.contains(&p) {
            continue;
        }
        let (mut size, mut sum, mut todo) = (0, 0, vec![p]);
        seen.insert(p);
        while let Some(x) = todo.pop() {
            size += 1;
            sum += m.tops[&x].1;
            for n in around(x) {
                if m.letter(n) == Some('h') && seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        best = best.max((size, sum));
    }
    value[0] = best.1;
    if on(0) && best.1 >= 10 {
        value[0] *= 2;
        s.doubled[0] += 1;
    }
    for (&p, &(letter, level)) in &m.tops {
        let double = match letter {
            'm' if around(p).all(|n| m.letter(n) != Some('m')) => {
                Some((1, around(p).any(|n| m.letter(n) == Some('M'))))
            }
            'b' => {
                let edges = around(p)
                    .filter(|&n| match options.barracks_edge {
                        BarracksEdge::Outside => m.is_outside(n),
                        BarracksEdge::AnyEmpty => m.letter(n).is_none(),
                    })
                    .count();
                (edges > 0).then_some((2, edges >= 3))
            }
            't' if around(p).all(|n| m.letter(n).is_some()) => Some((3, level >= 2)),
            'g' => Some((4, around(p).any(|n| m.is_lake(n, options.lake)))),
            _ => None,
        };
        if let Some((k, condition)) = double {
            let doubles = on(k) && condition;
            value[k] += if doubles { 2 * level } else { level };
            s.doubled[k] += u32::from(doubles);
        }
    }
    for k in 0..5 {
        s.districts[k] = (stars[k], value[k], stars[k] * value[k]);
    }
    s.total = s.districts.iter().map(|d| d.2).sum::<u32>() + stones;
    s
}
