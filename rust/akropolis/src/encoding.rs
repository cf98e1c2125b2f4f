//! What a network sees of an Akropolis position, and of each legal move, from
//! the view of the player to move. Nothing hidden enters: the face-down
//! stacks count only by how many are left, never by their order or content
//! beyond what every player can work out (`tests` re-deal them and check that
//! nothing changes). docs/ENCODING.md describes every number.
//!
//! Three encodings, each a flat `f32` slice with its layout fixed by
//! [`ENCODING_VERSION`]:
//! - [`position_features`]: a compact summary (each city's score breakdown,
//!   stones and visible hexes, the construction site, the round), then each
//!   city's prospects (`prospects`: what its shape may still score): what the
//!   shipped networks read. Version 2 appended the prospects to version 1's
//!   numbers, so a version 1 network reads the first [`V1_POSITION_FEATURES`].
//! - [`move_features`]: what one legal move changes for its mover (the tile
//!   and its cost, the level it reaches, the hexes it covers, each district's
//!   stars and value after it): the policy head scores each move from these.
//! - [`city_planes`]: each city as planes over a window of hex positions
//!   around its starting tile (the visible face one-hot, the height), for
//!   networks that read the board itself.
//!
//! - [`board_features`] (version 3): each city as its hexes' neighbourhoods
//!   (each visible hex's face and level with what lies next to it), as the
//!   indices of the features lit, for networks that see the board: a first
//!   layer adds a row of weights per lit feature (`pavilion_core::net`).
//!
//! Seats are ordered from the mover: the mover's city first, then the next
//! seats in turn order, then zeros up to four seats.

use crate::city::{footprint, City};
use crate::hex::Hex;
use crate::moves::Move;
use crate::prospects::{prospects, Prospects};
use crate::scoring::{score_city, Breakdown};
use crate::state::Game;
use crate::tiles::{tile_faces, Face, Kind};

/// Bumped whenever a layout below changes: a network records the version it
/// was trained on. Version 3 added [`board_features`], leaving the position's
/// numbers as they were.
pub const ENCODING_VERSION: u32 = 3;

/// The encoding as a network records it (`pavilion_core::net`).
pub const ENCODING: pavilion_core::net::EncodingInfo = pavilion_core::net::EncodingInfo {
    game: "akropolis",
    version: ENCODING_VERSION,
    position_features: POSITION_FEATURES,
    move_features: MOVE_FEATURES,
    board_features: BOARD_FEATURES,
    board_seats: SEATS,
    prefixes: &[(1, V1_POSITION_FEATURES), (2, POSITION_FEATURES)],
};

/// Seats every encoding makes room for (the most Akropolis seats).
pub const SEATS: usize = 4;
/// The faces in encoding order: the districts h m b t g, the quarry, then the plazas H M B T G.
pub const FACES: [char; 11] = ['h', 'm', 'b', 't', 'g', 'q', 'H', 'M', 'B', 'T', 'G'];
/// The most tiles a construction site holds (four players: 6).
pub const SITE_SLOTS: usize = 6;

/// Per seat: 5 × (stars, value, score), stones, total, 11 face counts, hexes
/// above the ground, and whether the seat is in the game.
pub const SEAT_FEATURES: usize = 15 + 2 + 11 + 1 + 1;
/// Per site slot: present, price, affordable by the mover, and the tile's faces counted.
pub const SLOT_FEATURES: usize = 3 + 11;
/// Round and stacks (2), player count one-hot (3), variants (5).
pub const GAME_FEATURES: usize = 10;
/// Version 1's numbers: the summary without the prospects.
pub const V1_POSITION_FEATURES: usize = SEATS * SEAT_FEATURES + GAME_FEATURES + SITE_SLOTS * SLOT_FEATURES;
/// Per seat (version 2): houses (all levels, largest group's hexes, second
/// group's levels), markets (all levels, touching), barracks (all levels),
/// temples open on 1, 2, 3+ sides, frontier, nooks, holes, quarries (ground,
/// above), hexes at heights 1-4+, flat triangles.
pub const PROSPECT_FEATURES: usize = 3 + 2 + 1 + 3 + 3 + 2 + 4 + 1;
pub const POSITION_FEATURES: usize = V1_POSITION_FEATURES + SEATS * PROSPECT_FEATURES;

/// Site index one-hot (6), price, level reached, on the ground, 5 × (stars,
/// value, score) after the move, stones and total change, faces covered (11),
/// faces placed (11).
pub const MOVE_FEATURES: usize = SITE_SLOTS + 1 + 2 + 15 + 2 + 11 + 11;

/// The window of [`city_planes`]: q and r from −RADIUS to RADIUS around the starting tile.
pub const PLANE_RADIUS: i8 = 7;
pub const PLANE_SIDE: usize = 2 * PLANE_RADIUS as usize + 1;
/// Per position: the visible face one-hot (11) and the height / 4.
pub const PLANE_CHANNELS: usize = 12;
pub const CITY_PLANES: usize = PLANE_CHANNELS * PLANE_SIDE * PLANE_SIDE;

/// The levels [`board_features`] tells apart: 1, 2, and 3 or more.
pub const BOARD_LEVELS: usize = 3;
/// What may lie next to a hex, for [`board_features`]: nothing, or a face
/// lower than it, at its level, or higher.
pub const NEIGHBOURS: usize = 1 + FACES.len() * 3;
/// Per seat: a feature per kind of hex (face and level) and neighbour.
pub const BOARD_SEAT_FEATURES: usize = FACES.len() * BOARD_LEVELS * NEIGHBOURS;
pub const BOARD_FEATURES: usize = SEATS * BOARD_SEAT_FEATURES;

/// Scales that keep features near 0-1 in real games.
const STARS_SCALE: f32 = 6.0;
const VALUE_SCALE: f32 = 20.0;
const SCORE_SCALE: f32 = 60.0;
const TOTAL_SCALE: f32 = 100.0;
const STONES_SCALE: f32 = 10.0;
const COUNT_SCALE: f32 = 20.0;
const HEIGHT_SCALE: f32 = 4.0;

fn face_index(face: Face) -> usize {
    let letter = face.letter();
    FACES.iter().position(|&c| c == letter).expect("every face has a letter")
}

/// The seats from the mover's view: the mover, then the others in turn order.
fn seats_from_mover(g: &Game) -> impl Iterator<Item = usize> + '_ {
    let (n, mover) = (g.players(), g.current_player());
    (0..n).map(move |k| (mover + k) % n)
}

fn push_breakdown(out: &mut Vec<f32>, b: &Breakdown) {
    for d in b.districts {
        out.extend([d.stars as f32 / STARS_SCALE, d.value as f32 / VALUE_SCALE, d.score as f32 / SCORE_SCALE]);
    }
}

fn push_seat(out: &mut Vec<f32>, g: &Game, seat: usize) {
    let b = g.score(seat);
    push_breakdown(out, &b);
    out.extend([g.stones(seat) as f32 / STONES_SCALE, b.total as f32 / TOTAL_SCALE]);
    let mut faces = [0u32; 11];
    let mut raised = 0u32;
    for (_, top) in g.city(seat).tops() {
        faces[face_index(top.face)] += 1;
        raised += u32::from(top.height >= 2);
    }
    out.extend(faces.iter().map(|&c| c as f32 / COUNT_SCALE));
    out.extend([raised as f32 / COUNT_SCALE, 1.0]);
}

/// The compact position summary, [`POSITION_FEATURES`] numbers, written to `out` (cleared first).
pub fn position_features(g: &Game, out: &mut Vec<f32>) {
    out.clear();
    for seat in seats_from_mover(g) {
        push_seat(out, g, seat);
    }
    out.resize(SEATS * SEAT_FEATURES, 0.0);
    let o = g.options();
    out.push(g.round() as f32 / o.rounds() as f32);
    out.push(g.stacks_left() as f32 / o.stacks() as f32);
    out.extend((2..=4).map(|p| f32::from(u8::from(g.players() == p))));
    out.extend(Kind::DISTRICTS.map(|k| f32::from(u8::from(o.variants.has(k)))));
    let affordable = g.max_affordable();
    let site = g.site();
    for slot in 0..SITE_SLOTS {
        let Some(&tile) = site.get(slot) else {
            out.extend([0.0; SLOT_FEATURES]);
            continue;
        };
        out.extend([1.0, slot as f32 / 5.0, f32::from(u8::from(slot <= affordable))]);
        out.extend(tile_face_counts(tile));
    }
    debug_assert_eq!(out.len(), V1_POSITION_FEATURES);
    for seat in seats_from_mover(g) {
        push_prospects(out, &prospects(g.city(seat)));
    }
    out.resize(POSITION_FEATURES, 0.0);
}

fn push_prospects(out: &mut Vec<f32>, p: &Prospects) {
    let levels = |v: u32| v as f32 / VALUE_SCALE;
    let count = |v: u32| v as f32 / COUNT_SCALE;
    out.extend([levels(p.house_levels), count(p.largest_house_group), levels(p.second_house_group)]);
    out.extend([levels(p.market_levels), count(p.touching_markets), levels(p.barracks_levels)]);
    out.extend(p.temples_open.map(levels));
    out.extend([count(p.frontier), count(p.nooks), count(p.holes)]);
    out.extend(p.quarries.map(count));
    out.extend(p.heights.map(count));
    out.push(count(p.flat_triangles));
}

/// A tile's faces counted, in [`FACES`] order.
fn tile_face_counts(tile: crate::tiles::TileId) -> [f32; 11] {
    let mut faces = [0.0f32; 11];
    for face in tile_faces(tile) {
        faces[face_index(face)] += 1.0;
    }
    faces
}

/// [`move_features`] for each of `moves`, row after row: the mover's score
/// before them is reckoned once for all.
pub fn moves_features(g: &Game, moves: &[Move], out: &mut Vec<f32>) {
    let before = g.score(g.current_player()).total as f32;
    for m in moves {
        features_after(g, m, before, out);
    }
}

/// What legal move `m` does for the player to move, [`MOVE_FEATURES`]
/// numbers appended to `out`. The breakdown after it is scored exactly.
pub fn move_features(g: &Game, m: &Move, out: &mut Vec<f32>) {
    features_after(g, m, g.score(g.current_player()).total as f32, out);
}

/// [`move_features`], given the mover's total before the move.
fn features_after(g: &Game, m: &Move, before: f32, out: &mut Vec<f32>) {
    let seat = g.current_player();
    let city = g.city(seat);
    let tile = g.site()[m.index as usize];
    let start = out.len();
    out.extend((0..SITE_SLOTS).map(|i| f32::from(u8::from(i == m.index as usize))));
    out.push(m.index as f32 / 5.0);
    let spots = footprint(m.at, m.rot);
    let below = city.height(spots[0]);
    out.extend([(below + 1) as f32 / HEIGHT_SCALE, f32::from(u8::from(below == 0))]);
    let mut after: City = city.clone();
    let quarries = after.place(tile, m.at, m.rot);
    let stones = g.stones(seat) - m.index as u32 + quarries;
    let b = score_city(&after, stones, g.options());
    push_breakdown(out, &b);
    out.push((quarries as f32 - m.index as f32) / 5.0);
    out.push((b.total as f32 - before) / VALUE_SCALE);
    let mut covered = [0.0f32; 11];
    for h in spots {
        if let Some(top) = city.top(h) {
            covered[face_index(top.face)] += 1.0;
        }
    }
    out.extend(covered);
    out.extend(tile_face_counts(tile));
    debug_assert_eq!(out.len() - start, MOVE_FEATURES);
}

/// Each seat's city (mover first, padded to four) as [`CITY_PLANES`] numbers:
/// channel-major planes over the window, row r, column q. Hexes outside the
/// window are left out (no 2-player game here has reached one); the count of
/// those left out is returned.
pub fn city_planes(g: &Game, out: &mut Vec<f32>) -> usize {
    out.clear();
    out.resize(SEATS * CITY_PLANES, 0.0);
    let mut dropped = 0;
    for (k, seat) in seats_from_mover(g).enumerate() {
        let base = k * CITY_PLANES;
        for (h, top) in g.city(seat).tops() {
            let Some(cell) = window_cell(h) else {
                dropped += 1;
                continue;
            };
            let plane = PLANE_SIDE * PLANE_SIDE;
            out[base + face_index(top.face) * plane + cell] = 1.0;
            out[base + 11 * plane + cell] = f32::from(top.height) / HEIGHT_SCALE;
        }
    }
    dropped
}

/// Each seat's city (mover first) as the indices of its lit board
/// features, one per visible hex and neighbour: what the hex is (its face,
/// its level 1, 2 or 3 and above) and what lies next to it (nothing, or a
/// face lower, level or higher), `seat · BOARD_SEAT_FEATURES + (hex ·
/// NEIGHBOURS + neighbour)`. A feature lit by several pairs comes that many
/// times: the first layer adds its row as often. Where the city lies and
/// which way it is turned do not enter: a pattern learned in one place holds
/// everywhere. The indices come seat by seat and rise within a seat; a
/// 2-player position lights none past the second seat, so a network that
/// learned 2-player games keeps only those rows.
pub fn board_features(g: &Game, out: &mut Vec<u32>) {
    out.clear();
    let mut lit = Vec::with_capacity(6 * 64);
    for (k, seat) in seats_from_mover(g).enumerate() {
        lit.clear();
        let city = g.city(seat);
        for (h, top) in city.tops() {
            let hex = face_index(top.face) * BOARD_LEVELS + level_index(top.height);
            for n in h.neighbours() {
                let neighbour = city.top(n).map_or(0, |t| {
                    1 + face_index(t.face) * 3
                        + usize::from(t.height >= top.height)
                        + usize::from(t.height > top.height)
                });
                lit.push((k * BOARD_SEAT_FEATURES + hex * NEIGHBOURS + neighbour) as u32);
            }
        }
        lit.sort_unstable();
        out.extend_from_slice(&lit);
    }
}

/// A height's level as [`board_features`] tells them apart: 1, 2, 3 and above, from 0.
fn level_index(height: u8) -> usize {
    usize::from(height.clamp(1, BOARD_LEVELS as u8)) - 1
}

fn window_cell(h: Hex) -> Option<usize> {
    let (q, r) = (h.q + PLANE_RADIUS, h.r + PLANE_RADIUS);
    let side = PLANE_SIDE as i8;
    ((0..side).contains(&q) && (0..side).contains(&r)).then(|| r as usize * PLANE_SIDE + q as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use pavilion_core::rng::SplitMix64;

    fn encode(g: &Game) -> (Vec<f32>, Vec<f32>, Vec<f32>, Vec<u32>) {
        let (mut pos, mut moves, mut planes, mut board) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        position_features(g, &mut pos);
        let mut legal = Default::default();
        g.legal_moves(&mut legal);
        for m in legal.iter() {
            move_features(g, m, &mut moves);
        }
        city_planes(g, &mut planes);
        board_features(g, &mut board);
        (pos, moves, planes, board)
    }

    #[test]
    fn no_encoding_changes_when_the_face_down_stacks_are_dealt_again() {
        let mut redealt = 0;
        for players in 2..=4 {
            let mut g = Game::new(Options { players, ..Options::default() }, players as u64).unwrap();
            let mut rng = SplitMix64::new(7);
            while !g.is_over() {
                let want = encode(&g);
                for seed in 0..3 {
                    let mut again = g.clone();
                    again.redraw_hidden(seed);
                    redealt += usize::from(again.stacked() != g.stacked());
                    assert!(encode(&again) == want, "{players} players, round {}", g.round());
                }
                let m = g.random_move(&mut rng);
                g.play(&m).unwrap();
            }
        }
        assert!(redealt > 300, "only {redealt} re-deals changed the stacks");
    }

    #[test]
    fn sizes_follow_the_layout_and_seats_start_from_the_mover() {
        let mut g = Game::new(Options { players: 3, ..Options::default() }, 5).unwrap();
        let (pos, moves, planes, _) = encode(&g);
        let mut legal = Default::default();
        g.legal_moves(&mut legal);
        assert_eq!(
            (pos.len(), moves.len(), planes.len()),
            (POSITION_FEATURES, legal.len() * MOVE_FEATURES, 4 * CITY_PLANES)
        );
        let mut together = Vec::new();
        moves_features(&g, &legal, &mut together);
        assert!(together == moves, "the moves encoded together are each move encoded alone");
        // Seat 0 moves first with 1 stone; seats 1 and 2 hold 2 and 3; the fourth seat is empty.
        let stones = |pos: &[f32], k: usize| pos[k * SEAT_FEATURES + 15] * STONES_SCALE;
        assert_eq!([stones(&pos, 0), stones(&pos, 1), stones(&pos, 2), stones(&pos, 3)], [1.0, 2.0, 3.0, 0.0]);
        assert_eq!(pos[3 * SEAT_FEATURES + SEAT_FEATURES - 1], 0.0, "no fourth seat");
        g.play(&legal[0]).unwrap();
        let (pos, _, _, _) = encode(&g);
        assert_eq!(
            [stones(&pos, 0), stones(&pos, 1), stones(&pos, 2)],
            [2.0, 3.0, g.stones(0) as f32],
            "seat 1's view"
        );
    }

    #[test]
    fn the_prospects_follow_version_1_s_numbers_mover_first() {
        let mut g = Game::new(Options::default(), 9).unwrap();
        let mut rng = SplitMix64::new(2);
        for _ in 0..9 {
            let m = g.random_move(&mut rng);
            g.play(&m).unwrap();
        }
        let (pos, _, _, _) = encode(&g);
        let mover = g.current_player();
        let mut want = Vec::new();
        push_prospects(&mut want, &prospects(g.city(mover)));
        push_prospects(&mut want, &prospects(g.city(1 - mover)));
        assert_eq!(&pos[V1_POSITION_FEATURES..V1_POSITION_FEATURES + 2 * PROSPECT_FEATURES], &want[..]);
        assert!(pos[V1_POSITION_FEATURES + 2 * PROSPECT_FEATURES..].iter().all(|&x| x == 0.0), "two seats only");
        assert!(want.iter().any(|&x| x > 0.0));
    }

    #[test]
    fn a_move_s_features_are_what_it_does() {
        let mut g = Game::new(Options::default(), 1).unwrap();
        g.site[0] = 18; // Hmb: a House plaza, a market, a barracks
        let m = Move::parse("0@1,0/0").unwrap();
        let mut f = Vec::new();
        move_features(&g, &m, &mut f);
        assert_eq!(&f[..SITE_SLOTS + 1], &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "site index 0, free");
        assert_eq!(&f[7..9], &[0.25, 1.0], "level 1, on the ground");
        // After it: two House plazas (2 stars) and no house district yet: the houses' stars.
        assert_eq!(f[9] * STARS_SCALE, 2.0);
        let placed = &f[MOVE_FEATURES - 11..];
        let letters: String = FACES.iter().zip(placed).filter(|(_, &n)| n > 0.0).map(|(c, _)| *c).collect();
        assert_eq!(letters, "mbH");
        assert!(f[MOVE_FEATURES - 22..MOVE_FEATURES - 11].iter().all(|&c| c == 0.0), "covers nothing");
    }

    #[test]
    fn the_planes_show_each_visible_hex_at_its_place() {
        let g = Game::new(Options::default(), 2).unwrap();
        let mut planes = Vec::new();
        assert_eq!(city_planes(&g, &mut planes), 0);
        let plane = PLANE_SIDE * PLANE_SIDE;
        let origin = window_cell(Hex::ORIGIN).unwrap();
        assert_eq!(planes[6 * plane + origin], 1.0, "the House plaza at the centre");
        assert_eq!(planes[11 * plane + origin], 0.25, "at height 1");
        assert_eq!(planes[..CITY_PLANES].iter().filter(|&&x| x == 1.0).count(), 4, "four hexes, one face each");
        assert_eq!(planes[2 * CITY_PLANES..].iter().sum::<f32>(), 0.0, "no third or fourth city");
    }

    #[test]
    fn the_board_lights_each_visible_hex_with_each_neighbour_mover_first() {
        let mut g = Game::new(Options { players: 3, ..Options::default() }, 4).unwrap();
        let mut board = Vec::new();
        board_features(&g, &mut board);
        // Three starting tiles: four hexes with six neighbours each.
        assert_eq!(board.len(), 3 * 4 * 6);
        // The House plaza (face 6) at level 1 with a quarry (face 5) at its level next to it, three times a city.
        let plaza_by_quarry = ((6 * BOARD_LEVELS) * NEIGHBOURS + 1 + 5 * 3 + 1) as u32;
        for k in 0..3 {
            let seat = (k * BOARD_SEAT_FEATURES) as u32;
            assert_eq!(board.iter().filter(|&&i| i == seat + plaza_by_quarry).count(), 3, "seat {k}");
        }
        assert!(board.iter().all(|&i| (i as usize) < 3 * BOARD_SEAT_FEATURES), "no fourth seat");
        // Play on: the features follow each city's hexes, mover first.
        let mut rng = SplitMix64::new(3);
        for _ in 0..20 {
            let m = g.random_move(&mut rng);
            g.play(&m).unwrap();
        }
        board_features(&g, &mut board);
        let mut want = Vec::new();
        for (k, seat) in seats_from_mover(&g).enumerate() {
            let city = g.city(seat);
            for (h, top) in city.tops() {
                for n in h.neighbours() {
                    let next = match city.top(n) {
                        None => 0,
                        Some(t) if t.height < top.height => 1 + face_index(t.face) * 3,
                        Some(t) if t.height == top.height => 2 + face_index(t.face) * 3,
                        Some(t) => 3 + face_index(t.face) * 3,
                    };
                    let hex = face_index(top.face) * 3 + usize::from(top.height.min(3)) - 1;
                    want.push((k * BOARD_SEAT_FEATURES + hex * NEIGHBOURS + next) as u32);
                }
            }
        }
        want.sort_unstable();
        assert_eq!(board, want);
        // Some hex has a higher one beside it by now (a neighbour index of 3, 6, ... 33).
        let neighbour = |i: u32| i as usize % NEIGHBOURS;
        assert!(board.iter().any(|&i| neighbour(i) > 0 && neighbour(i).is_multiple_of(3)));
    }
}
