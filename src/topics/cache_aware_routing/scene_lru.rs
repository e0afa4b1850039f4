//! The scene closer to production: every card keeps an LRU list of the
//! openings it prefills ([`super::sim_lru`]'s [`Lru`], started warm as the
//! measured sample is). The live run's router is followed arrival by
//! arrival: a second [`Router`] on the same draws routes what the live run
//! routed (its first N arrivals are the same N), and the card each lands on
//! meets its opening in its cache (a hit) or prefills it and keeps it in a
//! free slot or in the place of its least recently used copy (a miss).
//!
//! Every slot keeps its place on screen: a copy that comes in takes the
//! place of the one it evicts. Each miss's prefill adds `P ÷ R` seconds to
//! its card (`prefill_cost` requests of decode), on its load bar and on the
//! busiest-card counter.

use super::sim_lru::{warm_start, Admit, Lru};
use crate::engine::routing::{Policy, Scenario};
use crate::engine::routing_live::{Fate, LiveRouting, Totals};
use crate::engine::routing_sim::{Routed, Router};
use crate::model::SplitMix64;
use std::collections::VecDeque;

/// No family in a slot.
pub(super) const FREE: u32 = u32::MAX;

/// What an arrival met closer to production, for its mark.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Met {
    pub(super) seq: u64,
    pub(super) fate: Fate,
    /// The slot its copy is in now (hit or kept), if it is kept.
    pub(super) slot: Option<usize>,
}

/// Every card's cache, and what it counted since the start.
pub(super) struct Caches {
    router: Router,
    /// Whether the router homes families (round-robin's homes mean nothing
    /// to a cache: its misses are all plain misses).
    homes: bool,
    draws: SplitMix64,
    lru: Lru,
    /// Slots a card has: as many copies as fit, at most every opening.
    slots: usize,
    families: usize,
    /// Card i's slot k holds `place[i·slots + k]` (or [`FREE`]).
    place: Vec<u32>,
    /// Where card i keeps family f: `slot_of[i·families + f]`.
    slot_of: Vec<u32>,
    filled: Vec<usize>,
    /// What the arrivals still drawn met, oldest first.
    recent: VecDeque<Met>,
    pub(super) totals: Totals,
    /// Arrivals routed to each card, and its misses.
    pub(super) routed: Vec<u64>,
    pub(super) misses: Vec<u64>,
}

impl Caches {
    /// The fleet of `s` warm, following the live run of `seed`.
    pub(super) fn new(s: &Scenario, seed: u64) -> Caches {
        let n = s.cards.max(1);
        let families = s.cold_families.max(1) + 1;
        let slots = s.held.min(families);
        let (lru, kept) = warm_start(s);
        let mut place = vec![FREE; n * slots];
        let mut slot_of = vec![FREE; n * families];
        let mut filled = vec![0; n];
        for (i, kept) in kept.iter().enumerate() {
            for (k, &f) in kept.iter().take(slots).enumerate() {
                place[i * slots + k] = f;
                slot_of[i * families + f as usize] = k as u32;
            }
            filled[i] = kept.len().min(slots);
        }
        Caches {
            router: Router::new(s),
            homes: s.policy != Policy::RoundRobin,
            draws: SplitMix64::new(seed),
            lru,
            slots,
            families,
            place,
            slot_of,
            filled,
            recent: VecDeque::new(),
            totals: Totals::default(),
            routed: vec![0; n],
            misses: vec![0; n],
        }
    }

    /// Catches up with the live run: every arrival it routed meets its
    /// card's cache; what is no longer drawn is forgotten.
    pub(super) fn follow(&mut self, live: &LiveRouting) {
        while self.totals.requests < live.totals().requests {
            let r = self.router.route(self.draws.next_u64());
            self.meet(r);
        }
        let oldest = live.flights().next().map_or(u64::MAX, |f| f.seq);
        while self.recent.front().is_some_and(|m| m.seq < oldest) {
            self.recent.pop_front();
        }
    }

    fn meet(&mut self, r: Routed) {
        let (card, family) = (r.card as usize, r.family as usize);
        let met = self.lru.admit(card, family);
        let slot = match met {
            Admit::Hit => Some(self.slot_of[card * self.families + family] as usize),
            Admit::Free => {
                self.filled[card] += 1;
                Some(self.filled[card] - 1)
            }
            Admit::Evicting(old) => {
                let k = self.slot_of[card * self.families + old];
                self.slot_of[card * self.families + old] = FREE;
                Some(k as usize)
            }
            Admit::Dropped => None,
        };
        if let (Some(k), false) = (slot, met == Admit::Hit) {
            self.place[card * self.slots + k] = family as u32;
            self.slot_of[card * self.families + family] = k as u32;
        }
        let fate = if met == Admit::Hit {
            Fate::Hit
        } else if r.spilled {
            Fate::Spilled
        } else if r.at_home && self.homes {
            Fate::Evicted
        } else {
            Fate::Away
        };
        let t = &mut self.totals;
        t.requests += 1;
        t.at_home += u64::from(r.at_home);
        match fate {
            Fate::Hit => t.hits += 1,
            Fate::Away => t.away += 1,
            Fate::Evicted => t.evicted += 1,
            Fate::Spilled => t.spilled += 1,
        }
        self.routed[card] += 1;
        self.misses[card] += u64::from(fate != Fate::Hit);
        let seq = t.requests - 1;
        self.recent.push_back(Met { seq, fate, slot });
    }

    /// What arrival `seq` met, while it is drawn.
    pub(super) fn met(&self, seq: u64) -> Option<&Met> {
        let first = self.recent.front()?.seq;
        self.recent.get(seq.checked_sub(first)? as usize)
    }

    /// Slots a card has.
    pub(super) fn slots(&self) -> usize {
        self.slots
    }

    /// The family in card i's slot k, if one is.
    pub(super) fn at(&self, i: usize, k: usize) -> Option<u32> {
        let f = self.place[i * self.slots + k];
        (f != FREE).then_some(f)
    }

    /// Card i's share of misses so far.
    pub(super) fn miss_share(&self, i: usize) -> f64 {
        self.misses[i] as f64 / self.routed[i].max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::{Input, PARAMS};
    use super::super::sim_lru::simulate_lru;
    use super::*;
    use crate::engine::routing::ALL_POLICIES;
    use crate::engine::routing_live::Clock;
    use crate::model::Params;

    #[test]
    fn the_scene_counts_what_the_measured_sample_counts() {
        let clock = Clock {
            arrivals: 40.0,
            capacity: 20.0,
            background: 0.0,
            flight_s: 0.6,
            linger_s: 1.3,
        };
        let cases = ALL_POLICIES.iter().flat_map(|&p| [(p, "64"), (p, "400")]);
        for (policy, families) in cases {
            let mut p = Params::defaults(&PARAMS);
            p.apply(&[("families", families), ("hot_share", "0.3")])
                .unwrap();
            let s = Input::read(&p).with_policy(policy);
            let mut live = LiveRouting::new(&s, clock, 5);
            let mut caches = Caches::new(&s, 5);
            for _ in 0..40 {
                live.advance(3.0);
                caches.follow(&live);
            }
            let n = caches.totals.requests;
            let sim = simulate_lru(&s, n, 5);
            assert_eq!(caches.totals.hits, sim.sim.hits, "{policy:?}");
            assert_eq!(caches.misses, sim.misses, "{policy:?}");
            for fl in live.flights() {
                assert!(caches.met(fl.seq).is_some_and(|m| m.seq == fl.seq));
            }
            // Every slot holds a resident copy, each in one place.
            for i in 0..s.cards {
                let mut seen: Vec<u32> = (0..caches.slots())
                    .filter_map(|k| caches.at(i, k))
                    .collect();
                let len = seen.len();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), len, "{policy:?} card {i}");
            }
        }
    }
}
