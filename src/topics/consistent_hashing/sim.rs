//! Placing the families: every family's card before and after the resize by
//! the chosen scheme, what moved, and the busiest card after. Keys are hashed
//! from the family's index, so a run is deterministic. Also the benchmark's
//! engine, which places families on a 64 → 65 card ring.

use super::model::cap;
use super::model_ring::{ring_cards, ring_table, Ring, TURN};
use super::params::{Input, Scheme};
use super::sim_place::{key_order, placement, Placement, Way};
use crate::model::hash64;
use crate::model::memo::Memo;
use crate::model::Engine;
use std::rc::Rc;

/// Where every family sits before and after the resize.
pub(super) struct Resize {
    /// The placements (of at least the families), shared with the kept ones
    /// rather than copied: see [`Resize::before`] and [`Resize::after`].
    before_on: Rc<Placement>,
    after_on: Rc<Placement>,
    families: usize,
    pub(super) moved: usize,
    /// The busiest card's families after the resize, and the average.
    pub(super) busiest: usize,
    pub(super) average: f64,
    /// The ring, when the scheme uses one (for the chart).
    pub(super) ring: Option<Rc<Ring>>,
}

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

impl Resize {
    /// Every family's card before the resize.
    pub(super) fn before(&self) -> &[u32] {
        &self.before_on.owner[..self.families]
    }

    /// Every family's card after the resize.
    pub(super) fn after(&self) -> &[u32] {
        &self.after_on.owner[..self.families]
    }
}

fn place(inp: &Input) -> Resize {
    let (n0, n1, f) = (inp.n0, inp.n1, inp.families);
    let ring = (inp.scheme == Scheme::Ring).then(|| ring_table(ring_cards(inp), inp.vnodes));
    let (before, after) = match (inp.effective_bound(), &ring) {
        (Some(c), Some(r)) => (
            Rc::new(Placement::of(n0, r.bounded(f, n0, cap(c, f, n0)))),
            Rc::new(Placement::of(n1, r.bounded(f, n1, cap(c, f, n1)))),
        ),
        _ => {
            let way = match (inp.scheme, &ring) {
                (Scheme::Modulo, _) => Way::Modulo,
                (Scheme::Jump, _) => Way::Jump,
                (Scheme::Rendezvous, _) => Way::Rendezvous,
                (Scheme::Ring, r) => Way::Ring {
                    vnodes: inp.vnodes,
                    table: r
                        .clone()
                        .unwrap_or_else(|| ring_table(ring_cards(inp), inp.vnodes)),
                },
            };
            (placement(&way, n0, f), placement(&way, n1, f))
        }
    };
    let (moved, busiest) = moved_and_busiest(n1, &before.owner[..f], &after.owner[..f]);
    Resize {
        busiest,
        average: f as f64 / n1 as f64,
        before_on: before,
        after_on: after,
        families: f,
        moved,
        ring,
    }
}

/// Where the moved families' keys sit on the circle, as fractions of a
/// turn, in order.
pub(super) fn moved_at(inp: &Input, r: &Resize) -> Vec<f64> {
    let order = key_order(inp.families);
    let (before, after) = (r.before(), r.after());
    order
        .keys
        .iter()
        .zip(&order.fams)
        .filter(|&(_, &j)| (j as usize) < inp.families && before[j as usize] != after[j as usize])
        .map(|(&k, _)| k as f64 / TURN)
        .collect()
}

/// The families that change card, and the busiest card's families after
/// the resize, in one pass.
fn moved_and_busiest(n1: usize, before: &[u32], after: &[u32]) -> (usize, usize) {
    let mut load = vec![0u32; n1];
    let mut moved = 0;
    for (&a, &b) in before.iter().zip(after) {
        moved += (a != b) as usize;
        load[b as usize] += 1;
    }
    (moved, load.into_iter().max().unwrap_or(0) as usize)
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
