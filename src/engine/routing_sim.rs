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
    let mut router = Router::new(s);
    let mut out = SimResult {
        requests,
        hits: 0,
        at_home: 0,
        spilled: 0,
        per_card: vec![0; s.n()],
    };
    let mut rng = SplitMix64::new(seed);
    // One loop per policy, so the policy's branch is not taken per arrival.
    // The browser's build optimizes for size and inlines little: the
    // closures are inlined by request, or each arrival pays a call.
    match s.policy {
        Policy::RoundRobin => tally(
            &mut out,
            &mut rng,
            #[inline(always)]
            |r| router.round_robin(r),
        ),
        Policy::Hash | Policy::HashShard2 => tally(
            &mut out,
            &mut rng,
            #[inline(always)]
            |r| router.hash(r),
        ),
        Policy::HashOverflow => tally(
            &mut out,
            &mut rng,
            #[inline(always)]
            |r| router.overflow(r),
        ),
    }
    out
}

#[inline(always)]
fn tally(out: &mut SimResult, rng: &mut SplitMix64, mut route: impl FnMut(u64) -> Routed) {
    let (mut hits, mut home, mut spilled) = (0u64, 0u64, 0u64);
    let per_card = &mut out.per_card[..];
    for _ in 0..out.requests {
        let x = route(rng.next_u64());
        per_card[x.card as usize] += 1;
        hits += u64::from(x.hit);
        home += u64::from(x.at_home);
        spilled += u64::from(x.spilled);
    }
    out.hits = hits;
    out.at_home = home;
    out.spilled = spilled;
}

/// One arrival as the router placed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Routed {
    /// Its family: cold family j as j (0..C), the hot family as C.
    pub family: u32,
    /// The home card of its family (the shard it drew, when sharded).
    pub home: u32,
    /// The card that serves it.
    pub card: u32,
    /// Served on a card that homes its family.
    pub at_home: bool,
    /// Met a resident copy of its opening.
    pub hit: bool,
    /// The overflow sent it away from its home.
    pub spilled: bool,
}

/// The routing simulation one arrival at a time: [`simulate`] is this router
/// fed `requests` draws, and a scene feeds it the same draws as its clock
/// runs. Each arrival takes one 64-bit draw (see the module's opening).
#[derive(Clone, Debug)]
pub struct Router {
    policy: Policy,
    /// Cold family j: its home card, with the RESIDENT bit if its copy is
    /// held. A boxed slice: indexing one is the language's own, where a
    /// `Vec`'s goes through `Index`, which the browser's size-optimized
    /// build leaves as a call per arrival.
    cold: Box<[u32]>,
    hot: [u32; 2],
    /// P(hot) = h, on the high 32 bits of the draw.
    hot_t: u64,
    c: u64,
    cards: usize,
    /// Round-robin's next card.
    next_card: usize,
    /// Hash-overflow's meters, its overflow table and its rotation in it.
    buckets: Vec<Bucket>,
    room: Vec<u32>,
    next_room: usize,
    depth: f64,
    /// Arrivals routed so far.
    now: u64,
}

impl Router {
    /// The router of `s`. Setup is O(n + C).
    pub fn new(s: &Scenario) -> Router {
        let n = s.n();
        let cold = (0..s.c())
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
        let hot_t = if s.hot_homes() == 0 {
            0
        } else {
            (s.h() * 4_294_967_296.0).round() as u64
        };
        // Per arrival, a card may take (cap·μ − background)/Λ of the families.
        let lam = s.arrivals.max(f64::MIN_POSITIVE);
        let rate = ((s.cap * s.capacity - s.background.max(0.0)) / lam).max(0.0);
        let depth = (rate * BUCKET_WINDOW).max(1.0);
        let overflow = s.policy == Policy::HashOverflow;
        Router {
            policy: s.policy,
            cold,
            hot,
            hot_t,
            c: s.c() as u64,
            cards: n,
            next_card: 0,
            buckets: if overflow {
                vec![
                    Bucket {
                        tokens: depth,
                        rate,
                        depth,
                        last: 0,
                    };
                    n
                ]
            } else {
                Vec::new()
            },
            room: Vec::with_capacity(if overflow { n } else { 0 }),
            next_room: 0,
            depth,
            now: 0,
        }
    }

    /// Cards the router routes to, n.
    pub fn cards(&self) -> usize {
        self.cards
    }

    /// Routes one arrival from its 64-bit draw `r`, by the scenario's policy.
    #[inline]
    pub fn route(&mut self, r: u64) -> Routed {
        match self.policy {
            Policy::RoundRobin => self.round_robin(r),
            Policy::Hash | Policy::HashShard2 => self.hash(r),
            Policy::HashOverflow => self.overflow(r),
        }
    }

    /// The home slot (card | RESIDENT) and the family of one arrival.
    #[inline(always)]
    fn draw(&self, r: u64) -> (u32, u32) {
        if (r >> 32) < self.hot_t {
            (self.hot[(r & 1) as usize], self.c as u32)
        } else {
            let j = ((r & 0xFFFF_FFFF) * self.c) >> 32;
            (self.cold[j as usize], j as u32)
        }
    }

    #[inline(always)]
    fn round_robin(&mut self, r: u64) -> Routed {
        let (slot, family) = self.draw(r);
        let card = self.next_card;
        self.next_card += 1;
        if self.next_card == self.cards {
            self.next_card = 0;
        }
        let at_home = (slot & CARD) as usize == card;
        Routed {
            family,
            home: slot & CARD,
            card: card as u32,
            at_home,
            hit: at_home && slot & RESIDENT != 0,
            spilled: false,
        }
    }

    #[inline(always)]
    fn hash(&mut self, r: u64) -> Routed {
        let (slot, family) = self.draw(r);
        Routed {
            family,
            home: slot & CARD,
            card: slot & CARD,
            at_home: true,
            hit: slot & RESIDENT != 0,
            spilled: false,
        }
    }

    /// Hash, then the token-bucket overflow (the module's opening).
    #[inline(always)]
    fn overflow(&mut self, r: u64) -> Routed {
        let now = self.now;
        self.now += 1;
        if now & (TABLE_EVERY - 1) == 0 {
            self.room.clear();
            for (i, b) in self.buckets.iter_mut().enumerate() {
                b.refill(now);
                if b.tokens >= 0.5 * self.depth {
                    self.room.push(i as u32);
                }
            }
        }
        let (slot, family) = self.draw(r);
        let card = (slot & CARD) as usize;
        let mut x = Routed {
            family,
            home: card as u32,
            card: card as u32,
            at_home: true,
            hit: slot & RESIDENT != 0,
            spilled: false,
        };
        if self.buckets[card].take(now) {
            return x;
        }
        // Overflow: the next card of the table, in rotation, not this one.
        let mut target = card;
        for _ in 0..2 {
            if self.room.is_empty() {
                break;
            }
            self.next_room += 1;
            if self.next_room >= self.room.len() {
                self.next_room = 0;
            }
            if self.room[self.next_room] as usize != card {
                target = self.room[self.next_room] as usize;
                break;
            }
        }
        if target != card {
            // The target's meter sees the load it takes on; the arrival
            // misses there. With nowhere to go it stays sticky and queues.
            self.buckets[target].take(now);
            x.card = target as u32;
            x.at_home = false;
            x.hit = false;
            x.spilled = true;
        }
        x
    }
}

/// A card's token bucket: tokens refill at `rate` per arrival (the cap's
/// share of the arrivals) up to `depth`; `last` is the arrival of the refill.
#[derive(Clone, Copy, Debug)]
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
