//! # Consistent hashing — the arithmetic
//!
//! Source: seed 000 (Consistent hashing) and its worked example — 64 cached
//! prompt families on a 64-card fleet that doubles to 128, each displaced
//! family re-prefilling a 384 MB preamble copy — with the project's concept
//! notes for the ring's default of 128 virtual nodes and the optional load
//! bound.
//!
//! Family `j` has the key `k_j = SplitMix64(j)` (the first output for seed
//! `j`), and each scheme maps keys to cards `0..n`:
//!
//! * modulo: `card = k mod n`;
//! * ring: each card owns `v` virtual points `hash((c+1)·2^32 + i)`; a key
//!   belongs to the first point clockwise (at or after it) — see `model_ring`;
//! * jump: Lamping–Veach jump consistent hash;
//! * rendezvous: the card with the highest `mix(k ⊕ hash(c))`;
//! * bounded load (ring, factor `c` ≥ 1, Mirrokni–Thorup–Zadimoghaddam): no
//!   card holds more than `ceil(c·F/n)` families.
//!
//! Theory beside the measurement, as shares of the `F` families (fractions):
//!
//! ```text
//! modulo kept share   = min(n0, n1) / lcm(n0, n1)    (64→128: 50 % move; 64→65: 64/65 move)
//! least moved share   = |n1 − n0| / max(n0, n1)      (ring, jump, rendezvous; 64→65: 1/65)
//! rebuild             = moved families × copy size   (MB, decimal: 1,200 tok × 320 KB = 384 MB)
//! ```

use super::params::{Input, Scheme};
use crate::model::{hash64, mix64};

/// The key of family `j`.
#[inline(always)]
pub(super) fn key(j: usize) -> u64 {
    hash64(j as u64)
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The least common multiple of two sizes: `a / gcd(a, b) · b`.
pub(super) fn lcm(a: usize, b: usize) -> usize {
    a / gcd(a, b) * b
}

/// Share of uniform keys that modulo moves on a resize n0 → n1:
/// `1 − min/lcm`.
pub(super) fn modulo_moved_share(n0: usize, n1: usize) -> f64 {
    1.0 - n0.min(n1) as f64 / lcm(n0, n1) as f64
}

/// The least share any scheme must move: the new cards' (or lost cards') part.
pub(super) fn ideal_moved_share(n0: usize, n1: usize) -> f64 {
    n0.abs_diff(n1) as f64 / n0.max(n1) as f64
}

/// The theory's moved share for the input's scheme.
pub(super) fn expected_share(inp: &Input) -> f64 {
    match inp.scheme {
        Scheme::Modulo => modulo_moved_share(inp.n0, inp.n1),
        _ => ideal_moved_share(inp.n0, inp.n1),
    }
}

/// Lamping & Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm":
/// the bucket of `key` among `n`, and the next bucket the key would visit
/// (the first at or past `n`, where it goes once the fleet grows past it).
#[inline]
pub(super) fn jump(mut key: u64, n: usize) -> (u32, u64) {
    let (mut b, mut j) = (-1i64, 0i64);
    while j < n as i64 {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    (b as u32, j as u64)
}

/// Every bucket jump hash visits for `key` below `n_max`, in increasing order:
/// the bucket for size `n` is the last of them below `n`.
pub(super) fn jump_records(mut key: u64, n_max: usize, out: &mut Vec<u32>) {
    out.clear();
    let mut j = 0i64;
    while j < n_max as i64 {
        let b = j;
        out.push(b as u32);
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
}

/// Card `c`'s hash for rendezvous.
#[inline(always)]
pub(super) fn card_hash(c: usize) -> u64 {
    hash64(0xC0FF_EE00_0000_0000 ^ c as u64)
}

/// Rendezvous weight of a key on a card: the card with the highest wins.
#[inline(always)]
pub(super) fn weight(key: u64, card_hash: u64) -> u64 {
    mix64(key ^ card_hash)
}

/// The bounded-load cap: at most `ceil(c·F/n)` families a card (at least 1).
pub(super) fn cap(c: f64, families: usize, n: usize) -> usize {
    ((c * families as f64 / n as f64) - 1e-9).ceil().max(1.0) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jump_records_agree_with_jump() {
        let mut rec = Vec::new();
        for j in 0..200 {
            let k = key(j);
            jump_records(k, 300, &mut rec);
            for n in 1..=300 {
                let owner = rec[rec.partition_point(|&c| (c as usize) < n) - 1] as usize;
                assert_eq!(owner, jump(k, n).0 as usize, "key {j} size {n}");
            }
        }
    }
}
