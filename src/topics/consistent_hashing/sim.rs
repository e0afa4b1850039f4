//! Placing the families: every family's card before and after the resize by
//! the chosen scheme, what moved, and the busiest card after. Keys are hashed
//! from the family's index, so a run is deterministic. Also the benchmark's
//! engine, which places families on a 64 → 65 card ring.

use super::model::{cap, card_hash, jump, key, weight};
use super::model_ring::{ring_cards, ring_table, Ring};
use super::params::{Input, Scheme};
use crate::model::hash64;
use crate::model::memo::Memo;
use crate::model::Engine;
use std::rc::Rc;

/// Where every family sits before and after the resize.
pub(super) struct Resize {
    pub(super) before: Vec<u32>,
    pub(super) after: Vec<u32>,
    pub(super) moved: usize,
    /// The busiest card's families after the resize, and the average.
    pub(super) busiest: usize,
    pub(super) average: f64,
    /// The ring, when the scheme uses one (for the chart).
    pub(super) ring: Option<Rc<Ring>>,
}

/// Each family's card before and after, side by side.
type Placement = (Vec<u32>, Vec<u32>);

thread_local! {
    /// Recent placements: the page's run and the two sides of a scene's
    /// comparison ask for the same ones (rendezvous over 512 cards and
    /// 100,000 families is the costliest step of any run).
    static PLACED: Memo<PlacementKey, Resize> = const { Memo::with_capacity(3) };
}

/// What a placement depends on: sizes, families, points, scheme and bound.
type PlacementKey = (usize, usize, usize, usize, Scheme, Option<f64>);

/// Where every family sits before and after the resize (cached).
pub(super) fn resize(inp: &Input) -> Rc<Resize> {
    let key = (
        inp.n0,
        inp.n1,
        inp.families,
        inp.vnodes,
        inp.scheme,
        inp.effective_bound(),
    );
    PLACED.with(|m| m.get_or(key, || place(inp)))
}

fn place(inp: &Input) -> Resize {
    let (n0, n1, f) = (inp.n0, inp.n1, inp.families);
    let mut ring = None;
    let (before, after) = match inp.scheme {
        Scheme::Modulo => place_modulo(f, n0, n1),
        Scheme::Jump => place_jump(f, n0, n1),
        Scheme::Rendezvous => place_rendezvous(f, n0, n1),
        Scheme::Ring => {
            let r = ring_table(ring_cards(inp), inp.vnodes);
            let pair = place_ring(&r, inp.effective_bound(), f, n0, n1);
            ring = Some(r);
            pair
        }
    };
    let moved = before.iter().zip(&after).filter(|(a, b)| a != b).count();
    Resize {
        busiest: busiest(n1, &after),
        average: f as f64 / n1 as f64,
        before,
        after,
        moved,
        ring,
    }
}

fn place_modulo(f: usize, n0: usize, n1: usize) -> Placement {
    (0..f)
        .map(|j| {
            let k = key(j);
            ((k % n0 as u64) as u32, (k % n1 as u64) as u32)
        })
        .unzip()
}

fn place_jump(f: usize, n0: usize, n1: usize) -> Placement {
    (0..f)
        .map(|j| {
            let k = key(j);
            (jump(k, n0) as u32, jump(k, n1) as u32)
        })
        .unzip()
}

/// Both sizes' winners from one pass over the cards' weights.
fn place_rendezvous(f: usize, n0: usize, n1: usize) -> Placement {
    let n = n0.max(n1);
    let hashes: Vec<u64> = (0..n).map(card_hash).collect();
    (0..f)
        .map(|j| {
            let k = key(j);
            let (mut b0, mut w0, mut b1, mut w1) = (0u32, 0u64, 0u32, 0u64);
            for (c, h) in hashes.iter().enumerate() {
                let w = weight(k, *h);
                if c < n0 && (c == 0 || w > w0) {
                    (b0, w0) = (c as u32, w);
                }
                if c < n1 && (c == 0 || w > w1) {
                    (b1, w1) = (c as u32, w);
                }
            }
            (b0, b1)
        })
        .unzip()
}

/// The ring's owners, or with a load bound `c` each size placed on its own
/// under its cap.
fn place_ring(r: &Ring, bound: Option<f64>, f: usize, n0: usize, n1: usize) -> Placement {
    match bound {
        Some(c) => (
            r.bounded(f, n0, cap(c, f, n0)),
            r.bounded(f, n1, cap(c, f, n1)),
        ),
        None => (0..f)
            .map(|j| {
                let (a, b) = r.owners(key(j), n0, n1);
                (a as u32, b as u32)
            })
            .unzip(),
    }
}

/// The busiest card's families after the resize.
fn busiest(n1: usize, after: &[u32]) -> usize {
    let mut load = vec![0usize; n1];
    for &c in after {
        load[c as usize] += 1;
    }
    load.into_iter().max().unwrap_or(0)
}

/// The benchmark's engine: `n` families from key offset `seed`, owners on a
/// 64- and a 65-card ring, returns how many moved.
pub(super) fn place_families(n: u64, seed: u64) -> u64 {
    let ring = ring_table(128, 128);
    (0..n)
        .filter(|&j| {
            let (a, b) = ring.owners(hash64(seed.wrapping_add(j)), 64, 65);
            a != b
        })
        .count() as u64
}

/// The topic's benchmark engine.
pub(super) const ENGINE: Engine = Engine {
    name: "place families on a 64 → 65 card ring (128 vnodes) and count moves",
    unit: "families",
    default_n: 2_000_000,
    run: place_families,
};
