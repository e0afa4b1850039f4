//! The simulator's scene: every arrival carries its prompt family's opening
//! and the router places it (the engine's routing simulation on a clock,
//! [`crate::engine::routing_live`], the same router and draws as the page's
//! measured figures). Each card shows its queue, its load against the 60 %
//! headroom, and one cell per family it homes: a copy kept in a slot, or a
//! home with no slot left (evicted). An arrival lands on its family's cell
//! and lights it: a hit, or a re-prefill of an evicted copy; one sent to a
//! card that does not home its family lands on the card and misses.
//!
//! The fleet starts warm, as the page's model does: every copy the card can
//! keep is in its slot. With more cards than columns (16 wide, 8 on a
//! phone) the last column stands for the rest (their average load, all
//! their waiting). Every [`TRACE_EVERY_S`] one arrival is followed, larger,
//! and labelled where it lands: a hit on its family's cell, or a miss that
//! prefills its preamble. What goes where is `scene_draw`'s.
//!
//! Counters, and the figures they converge to (N = Λ·t arrivals; at the
//! stories' 40 req/s, [`SETTLE_S`] gives N = 24,000):
//!
//! ```text
//! hit share        hits ÷ arrivals                       hit_share         ± 0.015
//! re-prefills      misses ÷ t                            reprefills_per_s  ± 1 req/s
//! busiest card     most arrivals on a card ÷ (t·μ)       busiest_share     ± 0.035
//! routed home      arrivals on a home card ÷ arrivals    affinity          ± 0.015
//! ```
//!
//! A share strays by √(p(1−p)/N) ≤ 0.0033, so ± 0.015 is 4.6 of those; the
//! re-prefill count is Poisson, √(37.5·600)/600 = 0.25 req/s at round-robin's
//! 37.5 req/s, so ± 1 is four; the hot card's 17.6 req/s strays by 0.0086 of
//! μ, so ± 0.035 is four (the busiest of 16 equal cards sits about two of its
//! 0.003 above the average, well inside).

use super::params::Input;
pub(super) use super::scene_lru::Caches;
use crate::engine::routing::Scenario;
use crate::engine::routing_live::{Clock, LiveRouting, Totals};
use crate::engine::routing_scene::{over_headroom, RoutingScene, RoutingView, FLIGHT_S, SETTLE_S};
use crate::model::scene::{Claim, Comparison, CounterSpec, Frame, Layout, Order, SceneSpec};
use crate::model::{Params, Unit};

/// Seconds a landed arrival stays lit on its cell.
pub(super) const LINGER_S: f64 = 0.35;
/// Every this many seconds one arrival is followed: drawn larger, and
/// labelled where it lands (hit or miss).
pub(super) const TRACE_EVERY_S: f64 = 2.5;
/// Seconds the followed arrival stays labelled after it lands.
pub(super) const TRACE_LINGER_S: f64 = 1.3;
/// Arrivals drawn at most (flying and landed).
pub(super) const MOST_MARKS: usize = 700;

pub static SCENE: SceneSpec = SceneSpec {
    build: RoutingScene::<CarScene>::build,
    production: true,
    comparisons: &[
        Comparison {
            id: "round-robin-vs-hash",
            label: "Round-robin vs cache-aware (hash the prefix family)",
            param: "policy",
            a: "round-robin",
            b: "hash",
            watch: "Round-robin lands most arrivals on a card that does not home their family (squares); hashing lands each on its family's cell (dots), on the same arrivals.",
            claims: &[Claim::new("hit_share", Order::Above), Claim::new("affinity", Order::Above)],
        },
        Comparison {
            id: "hash-vs-shard",
            label: "Hash vs hash with the hot family sharded",
            param: "policy",
            a: "hash",
            b: "hash-shard2",
            watch: "With a hot family, card 0's bar crosses the 60% line under hash; sharding splits it over two cards for one more copy.",
            claims: &[Claim::new("busiest", Order::AtMost)],
        },
        Comparison {
            id: "hash-vs-overflow",
            label: "Hash vs hash with overflow at 60%",
            param: "policy",
            a: "hash",
            b: "hash-overflow",
            watch: "With a hot card, overflow holds it near the cap by sending the excess elsewhere, where it re-prefills (triangles).",
            claims: &[Claim::new("busiest", Order::AtMost), Claim::new("hit_share", Order::AtMost), Claim::new("reprefills", Order::AtLeast)],
        },
    ],
    counters: &COUNTERS,
};

pub(super) static COUNTERS: [CounterSpec; 4] = [
    CounterSpec::share("hit_share", "hit share", "hit_share", 0.015, SETTLE_S),
    CounterSpec::new("reprefills", "re-prefills", Unit::ReqPerS).settles_on(
        "reprefills_per_s",
        1.0,
        SETTLE_S,
    ),
    CounterSpec::share("busiest", "busiest card", "busiest_share", 0.035, SETTLE_S),
    CounterSpec::share("affinity", "routed home", "affinity", 0.015, SETTLE_S),
];

pub(super) struct CarScene {
    pub(super) inp: Input,
    pub(super) s: Scenario,
    /// Closer to production, every card's LRU cache of openings.
    pub(super) caches: Option<Caches>,
}

impl CarScene {
    /// What the run counted: the seed card's homes, or closer to
    /// production the caches'.
    pub(super) fn totals<'a>(&'a self, live: &'a LiveRouting) -> &'a Totals {
        self.caches.as_ref().map_or(live.totals(), |c| &c.totals)
    }

    /// Card i's recent load: its arrivals, and closer to production its
    /// share of misses' prefill on top (`cost` requests of decode each).
    pub(super) fn load(&self, live: &LiveRouting, i: usize) -> f64 {
        let extra = self.caches.as_ref().map_or(0.0, |c| c.miss_share(i));
        live.load(i) * (1.0 + extra * self.inp.prefill_cost())
    }

    /// The busiest card so far and its share of μ: arrivals served, and
    /// closer to production their misses' prefill.
    fn busiest(&self, live: &LiveRouting) -> f64 {
        let now = live.now();
        let mu = self.inp.capacity;
        let Some(c) = &self.caches else {
            let b = live.busiest_so_far();
            let served_s = (now - FLIGHT_S).max(1e-9);
            return live.cards()[b].arrivals as f64 / served_s / mu;
        };
        let cost = self.inp.prefill_cost();
        let most = (0..c.routed.len())
            .map(|i| c.routed[i] as f64 + cost * c.misses[i] as f64)
            .fold(0.0, f64::max);
        most / now.max(1e-9) / mu
    }

    /// The card with the highest recent load now.
    fn busiest_now(&self, live: &LiveRouting) -> usize {
        let n = live.cards().len();
        (0..n).fold(0, |b, i| {
            if self.load(live, i) > self.load(live, b) {
                i
            } else {
                b
            }
        })
    }

    /// Draw one arrival in this many, so that at most [`MOST_MARKS`] are
    /// drawn (by arrival number: a drawn mark stays drawn).
    pub(super) fn stride(&self) -> u64 {
        let expect = self.inp.arrivals * (FLIGHT_S + LINGER_S);
        ((expect / MOST_MARKS as f64).ceil() as u64).max(1)
    }
}

impl RoutingView for CarScene {
    const COUNTERS: &'static [CounterSpec] = &COUNTERS;
    /// Closer to production, every card's LRU cache of openings
    /// ([`super::scene_lru`]), on the run's own arrivals.
    fn seeded(&mut self, s: &Scenario, seed: u64) {
        if self.inp.production {
            self.caches = Some(Caches::new(s, seed));
        }
    }
    fn follow(&mut self, live: &LiveRouting) {
        if let Some(c) = &mut self.caches {
            c.follow(live);
        }
    }
    fn new(p: &Params) -> (Self, Scenario, Clock) {
        let inp = Input::read(p);
        let s = inp.scenario();
        // Arrivals are kept as long as the followed one stays labelled; the
        // others stay lit for `LINGER_S` only.
        let clock = Clock {
            arrivals: inp.arrivals,
            capacity: inp.capacity,
            background: 0.0,
            flight_s: FLIGHT_S,
            linger_s: TRACE_LINGER_S,
        };
        let caches = None;
        (CarScene { inp, s, caches }, s, clock)
    }
    fn values(&self, live: &LiveRouting) -> [f64; 4] {
        let t = self.totals(live);
        let now = live.now();
        [
            t.share(t.hits),
            t.misses() as f64 / now.max(1e-9),
            self.busiest(live),
            t.share(t.at_home),
        ]
    }
    fn size(&self, layout: Layout) -> (f32, f32) {
        self.geometry(layout).size
    }
    fn draw(&self, live: &LiveRouting, f: &mut Frame) {
        self.draw_scene(live, f);
    }
    fn tell(&self, live: &LiveRouting, out: &mut String) {
        use std::fmt::Write as _;
        let b = self.busiest_now(live);
        let load = self.load(live, b);
        let v = self.values(live);
        let t = self.totals(live);
        let _ = write!(
            out,
            "Card {b} runs at {:.0}% of its decode capacity with {} waiting{}. {:.0}% of arrivals found their opening on their card",
            100.0 * load,
            live.cards()[b].waiting,
            over_headroom(load),
            100.0 * v[0],
        );
        let cause = if t.misses() == 0 {
            ""
        } else if self.caches.is_some() && t.spilled * 2 < t.misses() {
            ", most of the rest found their card had not kept their opening"
        } else if t.away >= t.evicted.max(t.spilled) {
            ", most of the rest landed on a card that does not home their family"
        } else if t.evicted >= t.spilled {
            ", most of the rest found their card had evicted its copy"
        } else {
            ", most of the rest were sent off by the overflow"
        };
        let _ = write!(out, "{cause}: {:.1} re-prefills a second.", v[1]);
    }
}

#[cfg(test)]
#[path = "scene_tests.rs"]
mod tests;
