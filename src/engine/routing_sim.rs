//! The request-level routing simulation: the evaluator's scenario routed one
//! arrival at a time, to measure beside the analytic hit, affinity and load.
//!
//! N arrivals are drawn from SplitMix64, one 64-bit draw each: the high half
//! picks hot or cold (`P(hot) = h`, compared on 32 bits), the low half the
//! cold family (`⌊low·C/2³²⌋`) or the hot shard (its lowest bit). Each is
//! routed by the scenario's policy to cards whose scratch holds their `H`
//! most-requested homes, the same residency as [`super::routing`].
//!
//! Hash-overflow meters each card with a token bucket refilled at
//! `(cap·μ − b)/Λ` tokens per arrival (depth [`BUCKET_WINDOW`] arrivals' worth);
//! an arrival finding its card's bucket empty goes, in rotation, to a card of
//! the overflow table (the cards whose meters are at least half full,
//! refreshed every [`TABLE_EVERY`] arrivals) and misses; with the table empty
//! it stays and queues.
//!
//! This is the project's fleet-scale engine: at least 10 million simulated
//! requests a second natively in a release build. Setup is O(n + C); the
//! loop allocates nothing.

use super::routing::{Policy, Scenario};
use crate::model::SplitMix64;

/// Token-bucket depth of the overflow meter, in arrivals' worth of its rate.
pub const BUCKET_WINDOW: f64 = 256.0;

/// What a simulated run counted.
#[derive(Clone, Debug, PartialEq)]
pub struct SimResult {
    pub requests: u64,
    /// Arrivals that met a resident copy.
    pub hits: u64,
    /// Arrivals served on a card that homes their family.
    pub at_home: u64,
    /// Arrivals the overflow sent to another card.
    pub spilled: u64,
    /// Arrivals served by each card.
    pub per_card: Vec<u64>,
}

impl SimResult {
    pub fn hit_share(&self) -> f64 {
        self.hits as f64 / self.requests.max(1) as f64
    }
    pub fn affinity(&self) -> f64 {
        self.at_home as f64 / self.requests.max(1) as f64
    }
    /// Card i's share of all arrivals.
    pub fn card_share(&self, i: usize) -> f64 {
        self.per_card[i] as f64 / self.requests.max(1) as f64
    }
}

const RESIDENT: u32 = 1 << 31;
const CARD: u32 = RESIDENT - 1;

/// Routes `requests` arrivals of `s` one by one, drawn from SplitMix64 with
/// `seed`, and counts hits, homes and per-card load. Setup is O(n + C); the
/// loop allocates nothing.
pub fn simulate(s: &Scenario, requests: u64, seed: u64) -> SimResult {
    let n = s.n();
    let c = s.c();
    // Cold family j: its home card, with the RESIDENT bit if its copy is held.
    let cold: Vec<u32> = (0..c)
        .map(|j| {
            let card = (j % n) as u32;
            if s.cold_rank(j) < s.held {
                card | RESIDENT
            } else {
                card
            }
        })
        .collect();
    let mut hot = [0u32; 2];
    for (k, slot) in hot.iter_mut().enumerate().take(s.hot_homes()) {
        let (_, resident) = s.resident_on(k, s.held);
        *slot = k as u32 | if resident { RESIDENT } else { 0 };
    }
    if s.hot_homes() < 2 {
        hot[1] = hot[0];
    }
    // P(hot) = h, on the high 32 bits of the draw.
    let hot_t = if s.hot_homes() == 0 {
        0
    } else {
        (s.h() * 4_294_967_296.0).round() as u64
    };
    let draw = Draw {
        cold: &cold,
        hot,
        hot_t,
        c: c as u64,
    };
    let mut out = SimResult {
        requests,
        hits: 0,
        at_home: 0,
        spilled: 0,
        per_card: vec![0; n],
    };
    let mut rng = SplitMix64::new(seed);
    match s.policy {
        Policy::RoundRobin => sim_round_robin(&draw, &mut rng, &mut out),
        Policy::Hash | Policy::HashShard2 => sim_hash(&draw, &mut rng, &mut out),
        Policy::HashOverflow => sim_overflow(s, &draw, &mut rng, &mut out),
    }
    out
}

/// The family table a draw reads.
struct Draw<'a> {
    cold: &'a [u32],
    hot: [u32; 2],
    hot_t: u64,
    c: u64,
}

impl Draw<'_> {
    /// The home slot (card | RESIDENT) of one arrival from one 64-bit draw.
    #[inline(always)]
    fn slot(&self, r: u64) -> u32 {
        if (r >> 32) < self.hot_t {
            self.hot[(r & 1) as usize]
        } else {
            self.cold[(((r & 0xFFFF_FFFF) * self.c) >> 32) as usize]
        }
    }
}

fn sim_round_robin(d: &Draw, rng: &mut SplitMix64, out: &mut SimResult) {
    let n = out.per_card.len();
    let (mut card, mut hits, mut home) = (0usize, 0u64, 0u64);
    for _ in 0..out.requests {
        let slot = d.slot(rng.next_u64());
        let at_home = u64::from((slot & CARD) as usize == card);
        home += at_home;
        hits += at_home & u64::from(slot >> 31);
        out.per_card[card] += 1;
        card += 1;
        if card == n {
            card = 0;
        }
    }
    out.hits = hits;
    out.at_home = home;
}

fn sim_hash(d: &Draw, rng: &mut SplitMix64, out: &mut SimResult) {
    let mut hits = 0u64;
    let per_card = &mut out.per_card[..];
    for _ in 0..out.requests {
        let slot = d.slot(rng.next_u64());
        hits += u64::from(slot >> 31);
        per_card[(slot & CARD) as usize] += 1;
    }
    out.hits = hits;
    out.at_home = out.requests;
}

/// A card's token bucket: tokens refill at `rate` per arrival (the cap's
/// share of the arrivals) up to `depth`; `last` is the arrival of the refill.
#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    rate: f64,
    depth: f64,
    last: u64,
}

impl Bucket {
    #[inline(always)]
    fn refill(&mut self, now: u64) {
        self.tokens = (self.tokens + (now - self.last) as f64 * self.rate).min(self.depth);
        self.last = now;
    }
    #[inline(always)]
    fn take(&mut self, now: u64) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Arrivals between refreshes of the overflow table (a power of two).
pub const TABLE_EVERY: u64 = 512;

fn sim_overflow(s: &Scenario, d: &Draw, rng: &mut SplitMix64, out: &mut SimResult) {
    let n = out.per_card.len();
    let lam = s.arrivals.max(f64::MIN_POSITIVE);
    // Per arrival, a card may take (cap·μ − background)/Λ of the families.
    let rate = ((s.cap * s.capacity - s.background.max(0.0)) / lam).max(0.0);
    let depth = (rate * BUCKET_WINDOW).max(1.0);
    let mut buckets = vec![
        Bucket {
            tokens: depth,
            rate,
            depth,
            last: 0,
        };
        n
    ];
    // The overflow table: cards whose meters are at least half full.
    let mut room: Vec<u32> = Vec::with_capacity(n);
    let (mut hits, mut home, mut spilled, mut next) = (0u64, 0u64, 0u64, 0usize);
    for now in 0..out.requests {
        if now & (TABLE_EVERY - 1) == 0 {
            room.clear();
            for (i, b) in buckets.iter_mut().enumerate() {
                b.refill(now);
                if b.tokens >= 0.5 * depth {
                    room.push(i as u32);
                }
            }
        }
        let slot = d.slot(rng.next_u64());
        let card = (slot & CARD) as usize;
        if buckets[card].take(now) {
            out.per_card[card] += 1;
            home += 1;
            hits += u64::from(slot >> 31);
            continue;
        }
        // Overflow: the next card of the table, in rotation, not this one.
        let mut target = card;
        for _ in 0..2 {
            if room.is_empty() {
                break;
            }
            next += 1;
            if next >= room.len() {
                next = 0;
            }
            if room[next] as usize != card {
                target = room[next] as usize;
                break;
            }
        }
        out.per_card[target] += 1;
        if target == card {
            // Nowhere to go: it stays sticky and queues.
            home += 1;
            hits += u64::from(slot >> 31);
        } else {
            // The target's meter sees the load it takes on.
            buckets[target].take(now);
            spilled += 1;
        }
    }
    out.hits = hits;
    out.at_home = home;
    out.spilled = spilled;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::routing::tests::base;
    use crate::engine::routing::ALL_POLICIES;

    #[test]
    fn simulation_conserves_arrivals() {
        for policy in ALL_POLICIES {
            let r = simulate(&base(policy), 10_000, 7);
            assert_eq!(r.per_card.iter().sum::<u64>(), 10_000);
            assert!(r.hits <= r.at_home);
        }
    }
}
