//! A fingerprint of a node's move list: a walk whose chance gave it other
//! moves than the node was made with stops sharing the node there.

use std::hash::{Hash, Hasher};

/// A fast multiply-rotate hasher: fingerprints need speed, not DoS resistance.
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.fold(b as u64);
        }
    }
    // A move's fields are small integers: each is folded in whole, not byte
    // by byte (a walk fingerprints a node's moves at each step where the
    // game has no `moves_key`, a few dozen moves of a few fields each).
    fn write_u8(&mut self, i: u8) {
        self.fold(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.fold(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.fold(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.fold(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.fold(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.fold(i as u64);
    }
}

impl FoldHasher {
    fn fold(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

pub(super) fn fingerprint<M: Hash>(moves: &[M]) -> u64 {
    let mut h = FoldHasher(moves.len() as u64);
    moves.hash(&mut h);
    h.finish()
}
