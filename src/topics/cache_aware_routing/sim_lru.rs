//! Closer to production, the request-level sample with an LRU prefix cache
//! on every card: the engine's router places each arrival exactly as under
//! the seed card's model (the same draws, cards and homes), and the card it
//! lands on keeps the opening it prefills, evicting its least recently used
//! copy when its `H` slots are full. An arrival hits when its opening is
//! resident on its card, wherever it was homed.
//!
//! The fleet starts warm, as the page's model does: each card begins with
//! the `H` most requested of the openings it is sent (the model's
//! [`families_sent`]), the most requested the most recently used.

use super::model::families_sent;
use crate::engine::routing::{evaluate, Scenario};
use crate::engine::routing_sim::{Router, SimResult};
use crate::model::SplitMix64;

/// A sample closer to production: what the seed's sample counts, with the
/// hits of the LRU caches, and each card's re-prefills.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Cached {
    pub(super) sim: SimResult,
    /// Arrivals each card re-prefilled.
    pub(super) misses: Vec<u64>,
}

/// What an arrival met in its card's cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Admit {
    /// Its opening was resident.
    Hit,
    /// A miss, kept in a free slot.
    Free,
    /// A miss, kept in the place of this family's copy (the least recently
    /// used).
    Evicting(usize),
    /// A miss on a card with no slot: prefilled and dropped.
    Dropped,
}

/// No family: the end of a card's list.
const NONE: u32 = u32::MAX;

/// Every card's LRU list of the openings it keeps, one node per (card,
/// family) and a sentinel per card whose `next` is the most recently used.
#[derive(Clone, Debug)]
pub(super) struct Lru {
    families: usize,
    slots: usize,
    prev: Vec<u32>,
    next: Vec<u32>,
    resident: Vec<bool>,
    len: Vec<usize>,
}

impl Lru {
    /// `cards` empty caches of `slots` copies over `families` openings.
    pub(super) fn new(cards: usize, families: usize, slots: usize) -> Lru {
        let stride = families + 1;
        let mut prev = vec![NONE; cards * stride];
        let mut next = vec![NONE; cards * stride];
        for card in 0..cards {
            let sentinel = card * stride + families;
            prev[sentinel] = sentinel as u32;
            next[sentinel] = sentinel as u32;
        }
        Lru {
            families,
            slots,
            prev,
            next,
            resident: vec![false; cards * stride],
            len: vec![0; cards],
        }
    }

    fn unlink(&mut self, node: usize) {
        let (p, n) = (self.prev[node] as usize, self.next[node] as usize);
        self.next[p] = n as u32;
        self.prev[n] = p as u32;
    }

    fn push_front(&mut self, sentinel: usize, node: usize) {
        let first = self.next[sentinel] as usize;
        self.next[node] = first as u32;
        self.prev[node] = sentinel as u32;
        self.prev[first] = node as u32;
        self.next[sentinel] = node as u32;
    }

    /// An arrival of `family` on `card`: whether its opening was resident.
    /// Either way it is now the most recently used; on a miss the least
    /// recently used copy makes room.
    #[inline]
    pub(super) fn touch(&mut self, card: usize, family: usize) -> bool {
        self.admit(card, family) == Admit::Hit
    }

    /// As [`Lru::touch`], saying which copy made room on a miss.
    #[inline]
    pub(super) fn admit(&mut self, card: usize, family: usize) -> Admit {
        let stride = self.families + 1;
        let sentinel = card * stride + self.families;
        let node = card * stride + family;
        if self.resident[node] {
            self.unlink(node);
            self.push_front(sentinel, node);
            return Admit::Hit;
        }
        if self.slots == 0 {
            return Admit::Dropped;
        }
        let admit = if self.len[card] == self.slots {
            let last = self.prev[sentinel] as usize;
            self.unlink(last);
            self.resident[last] = false;
            Admit::Evicting(last - card * stride)
        } else {
            self.len[card] += 1;
            Admit::Free
        };
        self.resident[node] = true;
        self.push_front(sentinel, node);
        admit
    }

    /// Whether `family`'s opening is resident on `card`.
    #[cfg(test)]
    pub(super) fn holds(&self, card: usize, family: usize) -> bool {
        self.resident[card * (self.families + 1) + family]
    }
}

/// The fleet's caches warm, as the page's model starts them: each card with
/// the `s.held` most requested of the openings it is sent (the model's
/// [`families_sent`]), the most requested the most recently used; and
/// those openings of each card, most requested first.
pub(super) fn warm_start(s: &Scenario) -> (Lru, Vec<Vec<u32>>) {
    let n = s.cards.max(1);
    let families = s.cold_families.max(1) + 1;
    let ev = evaluate(s);
    let mut lru = Lru::new(n, families, s.held);
    let kept: Vec<Vec<u32>> = (0..n)
        .map(|card| {
            let sent = families_sent(s, &ev, card);
            let kept: Vec<u32> = sent.iter().take(s.held).map(|&(f, _)| f).collect();
            for &f in kept.iter().rev() {
                lru.touch(card, f as usize);
            }
            kept
        })
        .collect();
    (lru, kept)
}

/// Routes `requests` arrivals of `s` as the engine's [`Router`] does, on the
/// same SplitMix64 draws, through an LRU cache of `s.held` copies a card.
pub(super) fn simulate_lru(s: &Scenario, requests: u64, seed: u64) -> Cached {
    let n = s.cards.max(1);
    let (mut lru, _) = warm_start(s);
    let mut router = Router::new(s);
    let mut rng = SplitMix64::new(seed);
    let mut sim = SimResult {
        requests,
        hits: 0,
        at_home: 0,
        spilled: 0,
        per_card: vec![0; n],
    };
    let mut misses = vec![0u64; n];
    for _ in 0..requests {
        let x = router.route(rng.next_u64());
        let card = x.card as usize;
        sim.per_card[card] += 1;
        sim.at_home += u64::from(x.at_home);
        sim.spilled += u64::from(x.spilled);
        if lru.touch(card, x.family as usize) {
            sim.hits += 1;
        } else {
            misses[card] += 1;
        }
    }
    Cached { sim, misses }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_copy_makes_room() {
        let mut lru = Lru::new(2, 5, 2);
        assert!(!lru.touch(0, 1));
        assert!(!lru.touch(0, 2));
        assert!(lru.touch(0, 1));
        // Card 0 is full: 3 evicts 2, the least recently used.
        assert!(!lru.touch(0, 3));
        assert!(lru.holds(0, 1) && lru.holds(0, 3) && !lru.holds(0, 2));
        // Card 1 keeps its own.
        assert!(!lru.holds(1, 1));
        assert!(!lru.touch(1, 1));
        let mut none = Lru::new(1, 3, 0);
        assert!(!none.touch(0, 0) && !none.touch(0, 0));
    }
}
