//! The hash ring: each card `c` owns `v` virtual points
//! `hash((c+1)·2^32 + i)`, sorted clockwise; a key belongs to the first point
//! at or after it whose card is in the fleet. One table serves every fleet
//! size up to its card count, because a card beyond the fleet is skipped by
//! the walk. Bounded load: families placed in index order, a family whose
//! card is full walks clockwise to the next card with room.

use super::model::key;
use super::params::Input;
use crate::model::hash64;
use crate::model::memo::Memo;
use crate::model::RingArc;
use std::rc::Rc;

/// The ring's points for cards `0..cards`, sorted clockwise.
/// (The tables a lookup reads are boxed slices: indexing a slice is inline
/// in the browser's size-optimized build, `Vec`'s `Index` a call;
/// ARCHITECTURE.md, "Speed".)
pub(super) struct Ring {
    points: Box<[u64]>,
    cards: Box<[u32]>,
    /// `index[b]`: the first point at or after bucket `b`'s start, where a
    /// bucket is the keys sharing their top `shift`-complement bits; about
    /// one point per bucket, so a lookup scans a couple of points.
    index: Box<[u32]>,
    shift: u32,
    /// Each card's points (indices into `points`), card after card, `vnodes`
    /// a card, clockwise within a card.
    by_card: Vec<u32>,
    vnodes: usize,
}

impl Ring {
    fn new(cards: usize, vnodes: usize) -> Ring {
        let mut pts: Vec<(u64, u32)> = Vec::with_capacity(cards * vnodes);
        for c in 0..cards {
            for i in 0..vnodes {
                pts.push((hash64(((c as u64 + 1) << 32) | i as u64), c as u32));
            }
        }
        pts.sort_unstable();
        let points: Vec<u64> = pts.iter().map(|p| p.0).collect();
        let bits = (points.len().max(2) as f64).log2().ceil() as u32;
        let shift = 64 - bits.min(24);
        let buckets = 1usize << (64 - shift);
        let mut index = Vec::with_capacity(buckets);
        let mut i = 0usize;
        for b in 0..buckets {
            let start = (b as u64) << shift;
            while i < points.len() && points[i] < start {
                i += 1;
            }
            index.push(i as u32);
        }
        let mut by_card = vec![0u32; pts.len()];
        let mut next: Vec<usize> = (0..cards).map(|c| c * vnodes).collect();
        for (i, p) in pts.iter().enumerate() {
            by_card[next[p.1 as usize]] = i as u32;
            next[p.1 as usize] += 1;
        }
        Ring {
            points: points.into_boxed_slice(),
            cards: pts.iter().map(|p| p.1).collect(),
            index: index.into_boxed_slice(),
            shift,
            by_card,
            vnodes,
        }
    }

    /// Card `c`'s points, as indices into [`Ring::points`], clockwise.
    pub(super) fn points_of(&self, c: usize) -> &[u32] {
        &self.by_card[c * self.vnodes..(c + 1) * self.vnodes]
    }

    /// The points, clockwise.
    pub(super) fn points(&self) -> &[u64] {
        &self.points
    }

    /// Each point's card.
    pub(super) fn cards(&self) -> &[u32] {
        &self.cards
    }

    /// Index of the first point at or after `key`, wrapping.
    #[inline(always)]
    fn successor(&self, key: u64) -> usize {
        let mut i = self.index[(key >> self.shift) as usize] as usize;
        while i < self.points.len() && self.points[i] < key {
            i += 1;
        }
        if i == self.points.len() {
            0
        } else {
            i
        }
    }

    /// The card owning `key` among cards `0..n`.
    #[inline(always)]
    pub(super) fn owner(&self, key: u64, n: usize) -> usize {
        let len = self.cards.len();
        let mut i = self.successor(key);
        loop {
            let c = self.cards[i] as usize;
            if c < n {
                return c;
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
    }

    /// The owners of `key` among cards `0..n0` and among `0..n1`, from one
    /// search: walking clockwise, the first card below the larger size owns
    /// it there, and the walk goes on to the first card below the smaller.
    #[inline(always)]
    pub(super) fn owners(&self, key: u64, n0: usize, n1: usize) -> (usize, usize) {
        let (lo, hi) = (n0.min(n1), n0.max(n1));
        let len = self.cards.len();
        let mut i = self.successor(key);
        let mut at_hi = None;
        loop {
            let c = self.cards[i] as usize;
            if c < hi && at_hi.is_none() {
                at_hi = Some(c);
            }
            if c < lo {
                let h = at_hi.unwrap_or(c);
                return if n0 <= n1 { (c, h) } else { (h, c) };
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
    }

    /// Cards that own `key` as the fleet grows: walking clockwise, each card
    /// with a lower id than all before it. Returned increasing, so the owner
    /// at size `n` is the last record below `n`.
    pub(super) fn records(&self, key: u64, out: &mut Vec<u32>) {
        out.clear();
        let len = self.cards.len();
        let mut i = self.successor(key);
        let mut low = u32::MAX;
        for _ in 0..len {
            let c = self.cards[i];
            if c < low {
                low = c;
                out.push(c);
                if c == 0 {
                    break;
                }
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
        out.reverse();
    }

    /// The card owning `key` among cards `0..n` but `lost`: the walk goes
    /// past the lost card's points to the next card of the fleet.
    pub(super) fn owner_except(&self, key: u64, n: usize, lost: usize) -> usize {
        let len = self.cards.len();
        let mut i = self.successor(key);
        loop {
            let c = self.cards[i] as usize;
            if c < n && c != lost {
                return c;
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
    }

    /// Bounded-load placement of families `0..f` on cards `0..n`, each card
    /// taking at most `cap`.
    pub(super) fn bounded(&self, f: usize, n: usize, cap: usize) -> Vec<u32> {
        self.bounded_except(f, n, cap, usize::MAX)
    }

    /// [`Ring::bounded`] on cards `0..n` but `lost`.
    pub(super) fn bounded_except(&self, f: usize, n: usize, cap: usize, lost: usize) -> Vec<u32> {
        let len = self.cards.len();
        let mut load = vec![0usize; n];
        (0..f)
            .map(|j| {
                let mut i = self.successor(key(j));
                loop {
                    let c = self.cards[i] as usize;
                    if c < n && c != lost && load[c] < cap {
                        load[c] += 1;
                        return c as u32;
                    }
                    i += 1;
                    if i == len {
                        i = 0;
                    }
                }
            })
            .collect()
    }
}

/// Angular resolution of the ring's arcs.
const RING_STEPS: usize = 720;
/// 2^64: a key as a fraction of the circle.
pub(super) const TURN: f64 = 18_446_744_073_709_551_616.0;

/// The arcs of cards `0..n1`, each step's midpoint owner, runs merged;
/// `moved` where the owner among `0..n0` was another card.
pub(super) fn ring_arcs(ring: &Ring, n0: usize, n1: usize) -> Vec<RingArc> {
    let mut arcs: Vec<RingArc> = Vec::new();
    for s in 0..RING_STEPS {
        let start = s as f64 / RING_STEPS as f64;
        let k = ((start + 0.5 / RING_STEPS as f64) * TURN) as u64;
        let card = ring.owner(k, n1) as u32;
        let moved = card as usize != ring.owner(k, n0);
        let end = start + 1.0 / RING_STEPS as f64;
        match arcs.last_mut() {
            Some(a) if a.card == card && a.moved == moved => a.end = end,
            _ => arcs.push(RingArc {
                start,
                end,
                card,
                moved,
            }),
        }
    }
    arcs
}

thread_local! {
    /// Rings built lately. Sorting every card's points is the costliest step
    /// of a run, and the table's size is a power of two (see `ring_cards`),
    /// so a few tables serve every slider position of one vnodes value.
    static RING: Memo<(usize, usize), Ring> = const { Memo::with_capacity(4) };
}

/// The ring for cards `0..cards` (at least) with `vnodes` points each. A
/// larger table gives the same owners (see `ring_cards`), so one already
/// built for twice or four times the cards serves: a slider that went up
/// and comes back down sorts no table again.
pub(super) fn ring_table(cards: usize, vnodes: usize) -> Rc<Ring> {
    RING.with(|m| {
        let built = (0..3)
            .map(|k| cards << k)
            .find(|&c| m.has(&(c, vnodes)))
            .unwrap_or(cards);
        m.get_or((built, vnodes), || Ring::new(built, vnodes))
    })
}

/// The largest size the sweep chart measures: past both sizes and the
/// doubling, at least 8 and at most 512. It lives here because the ring
/// table must cover it.
pub(super) fn sweep_hi(inp: &Input) -> usize {
    (2 * inp.n0).max(inp.n1 + inp.n1 / 4).clamp(8, 512)
}

/// Cards in the ring table: enough for both sizes and the sweep, rounded up
/// to a power of two (at least 64) so that moving a size slider reuses one of
/// four tables. A card beyond the fleet is skipped by the walk, so a larger
/// table gives the same owners.
pub(super) fn ring_cards(inp: &Input) -> usize {
    sweep_hi(inp)
        .max(inp.n0)
        .max(inp.n1)
        .next_power_of_two()
        .max(64)
}

#[cfg(test)]
mod tests {
    use super::super::model::cap;
    use super::*;

    #[test]
    fn ring_records_agree_with_owner() {
        let ring = Ring::new(100, 16);
        let mut rec = Vec::new();
        for j in 0..200 {
            let k = key(j);
            ring.records(k, &mut rec);
            for n in 1..=100 {
                let owner = rec[rec.partition_point(|&c| (c as usize) < n) - 1] as usize;
                assert_eq!(owner, ring.owner(k, n));
            }
        }
    }

    #[test]
    fn owners_agree_with_owner() {
        let ring = Ring::new(128, 16);
        for j in 0..500 {
            let k = key(j);
            for (n0, n1) in [(64, 65), (65, 64), (10, 100), (7, 7), (1, 128)] {
                assert_eq!(
                    ring.owners(k, n0, n1),
                    (ring.owner(k, n0), ring.owner(k, n1))
                );
            }
        }
    }

    #[test]
    fn bounded_load_respects_its_cap() {
        let ring = Ring::new(65, 128);
        let placed = ring.bounded(10_000, 65, cap(1.2, 10_000, 65));
        let mut load = [0usize; 65];
        placed.iter().for_each(|&c| load[c as usize] += 1);
        assert!(load.iter().all(|&l| l <= cap(1.2, 10_000, 65)));
        assert_eq!(load.iter().sum::<usize>(), 10_000);
    }

    /// A table built for more cards serves a smaller fleet: the same
    /// owner for every key and fleet size, and the same arcs, as the table
    /// for those cards alone.
    #[test]
    fn a_larger_table_built_earlier_serves_a_smaller_fleet() {
        let big = ring_table(512, 128);
        let served = ring_table(256, 128);
        assert!(
            Rc::ptr_eq(&big, &served),
            "the 512-card table serves 256 cards"
        );
        assert!(
            !RING.with(|m| m.has(&(256, 128))),
            "no 256-card table built"
        );
        let own = Ring::new(256, 128);
        for j in 0..20_000 {
            let k = key(j);
            for n in [1, 64, 65, 200, 256] {
                assert_eq!(
                    served.owner(k, n),
                    own.owner(k, n),
                    "family {j} on {n} cards"
                );
            }
        }
        assert_eq!(ring_arcs(&served, 64, 200), ring_arcs(&own, 64, 200));
    }

    /// The page's story: a slider that went up to 384 cards and came back
    /// to 200 sorts no table on the way down.
    #[test]
    fn a_slider_coming_back_down_sorts_no_table() {
        use crate::model::Topic;
        let topic: &dyn Topic = &super::super::TOPIC;
        let story = topic.preset("ring-plus-one").expect("the story");
        let at = |cards: f64| {
            let mut p = topic.preset_params(story, false).expect("its values");
            p.set_value("cards_after", cards).expect("a size");
            p
        };
        topic.run(&at(384.0));
        assert!(
            RING.with(|m| m.has(&(512, 128))),
            "the way up built the 512-card table"
        );
        topic.run(&at(200.0));
        assert!(
            !RING.with(|m| m.has(&(256, 128))),
            "the way down built none"
        );
    }
}
