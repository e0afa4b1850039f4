//! The routing simulation on a clock, for the scenes of load balancing and
//! cache-aware routing: the same [`Router`] and the same draws as
//! [`super::routing_sim::simulate`] (the first N arrivals of a live run with
//! seed s are `simulate(s, N, seed)`'s N arrivals), now arriving in time,
//! flying to their card and waiting in its queue.
//!
//! ```text
//! arrivals     Poisson at Λ req/s: gaps −ln(1−u)/Λ, u from a second SplitMix64
//!              stream (seed ⊕ GAPS), so the router's draws stay simulate's
//! flight       a routed arrival reaches its card `flight_s` later
//! service      one at a time, exponential with mean D = 1/(μ·(1 − b)) s (requests
//!              differ in length): the card gives a share b of its time to the
//!              rest of the fleet's traffic (b ≥ 1: the card never frees up and
//!              its queue only grows); each card draws from its own SplitMix64
//!              stream (seed ⊕ hash(card)), so the order cards are caught up in
//!              changes nothing
//! load         card i's recent arrivals, an exponential average over TAU_S
//!              seconds, as a share of μ, plus b
//! ```
//!
//! Queues are counts, so a card can hold any number waiting at O(1) cost; each
//! remembers the kinds of its first [`SHOWN_WAITING`] for drawing. Everything
//! is a pure function of the simulated time reached: events are processed in
//! time order whatever the steps `advance_to` is called with. Memory grows
//! with the arrivals in flight (Λ·(flight + linger)) and then stays put.

use super::routing::Scenario;
use super::routing_sim::{Routed, Router};
use crate::model::scene::Stepper;
use crate::model::{hash64, SplitMix64};
use std::collections::VecDeque;

/// Seconds over which a card's load is averaged.
pub const TAU_S: f64 = 10.0;
/// Waiting requests whose kinds a card remembers (the ones a scene draws).
pub const SHOWN_WAITING: usize = 24;
/// The scene clock's step: events run in time order whatever the step, and
/// the step only sets the instants a frame can show.
const STEP_S: f64 = 1.0 / 120.0;
/// Steps one `advance` runs at most (a minute of scene time).
const MOST_STEPS: u32 = 120 * 60;
/// Mixed into the seed for the gaps' stream.
const GAPS: u64 = 0x6A09_E667_F3BC_C908;
/// Mixed into the cards' service streams.
const CARDS: u64 = 0xBB67_AE85_84CA_A73B;

/// What happened to an arrival, for its mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// At a home card that holds its opening.
    Hit,
    /// At a card that does not home its family: prefilled, then dropped.
    Away,
    /// At its home card, but the card had no slot left for its copy
    /// (silently evicted): prefilled again, then dropped.
    Evicted,
    /// Sent off its home by the overflow: prefilled elsewhere.
    Spilled,
}

impl Fate {
    pub fn of(r: &Routed) -> Fate {
        if r.spilled {
            Fate::Spilled
        } else if r.hit {
            Fate::Hit
        } else if r.at_home {
            Fate::Evicted
        } else {
            Fate::Away
        }
    }
}

/// One routed arrival on its way, or just landed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flight {
    /// Arrival number (0, 1, 2, … in order).
    pub seq: u64,
    /// When it was routed; it lands `flight_s` later.
    pub t: f64,
    pub routed: Routed,
    pub fate: Fate,
    /// Of the hot family.
    pub hot: bool,
}

/// A card's queue and its recent load.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// Requests waiting (not the one in service).
    pub waiting: u64,
    /// When the request in service is done (≤ now: idle).
    pub busy_until: f64,
    /// Kinds of the first waiting requests, oldest first (a ring).
    kinds: [Kind; SHOWN_WAITING],
    head: usize,
    /// Exponential average of arrivals (per second) as of `avg_t`.
    avg: f64,
    avg_t: f64,
    /// Arrivals served here.
    pub arrivals: u64,
    /// This card's service times.
    rng: SplitMix64,
}

/// A waiting request's kind, for its mark: its fate and whether it is hot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    pub fate: Fate,
    pub hot: bool,
}

const NO_KIND: Kind = Kind {
    fate: Fate::Hit,
    hot: false,
};

impl Card {
    fn new(seed: u64) -> Card {
        Card {
            rng: SplitMix64::new(seed),
            waiting: 0,
            busy_until: 0.0,
            kinds: [NO_KIND; SHOWN_WAITING],
            head: 0,
            avg: 0.0,
            avg_t: 0.0,
            arrivals: 0,
        }
    }

    /// One service time, exponential with mean `mean`.
    fn service(&mut self, mean: f64) -> f64 {
        if mean.is_infinite() {
            return mean;
        }
        -(1.0 - self.rng.next_unit()).ln() * mean
    }

    /// Serves what finishes by `t`.
    fn catch_up(&mut self, t: f64, service: f64) {
        while self.waiting > 0 && self.busy_until <= t {
            self.waiting -= 1;
            self.busy_until += self.service(service);
            // The next one starts at once; its kind leaves the ring, and the
            // newest arrival past the ring (unknown) takes its place there.
            let last = self.kinds[(self.head + SHOWN_WAITING - 1) % SHOWN_WAITING];
            self.kinds[self.head] = last;
            self.head = (self.head + 1) % SHOWN_WAITING;
        }
    }

    fn arrive(&mut self, t: f64, service: f64, kind: Kind) {
        self.catch_up(t, service);
        self.avg = self.avg * (-(t - self.avg_t) / TAU_S).exp() + 1.0 / TAU_S;
        self.avg_t = t;
        self.arrivals += 1;
        if self.busy_until <= t {
            self.busy_until = t + self.service(service);
        } else {
            if (self.waiting as usize) < SHOWN_WAITING {
                self.kinds[(self.head + self.waiting as usize) % SHOWN_WAITING] = kind;
            } else {
                // Remember the newest in the last shown place.
                self.kinds[(self.head + SHOWN_WAITING - 1) % SHOWN_WAITING] = kind;
            }
            self.waiting += 1;
        }
    }

    /// Kind of the k-th waiting request (k < SHOWN_WAITING, k < waiting).
    pub fn waiting_kind(&self, k: usize) -> Kind {
        self.kinds[(self.head + k) % SHOWN_WAITING]
    }

    /// Whether a request is in service at `now`.
    pub fn serving(&self, now: f64) -> bool {
        self.busy_until > now
    }

    /// Recent arrivals per second at `now`.
    pub fn rate(&self, now: f64) -> f64 {
        self.avg * (-(now - self.avg_t).max(0.0) / TAU_S).exp()
    }
}

/// How the clock runs: rates and the flight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// Arrivals Λ of the routed families, per second.
    pub arrivals: f64,
    /// One card's decode capacity μ, requests per second.
    pub capacity: f64,
    /// Share of each card's time taken by other traffic, b.
    pub background: f64,
    /// Seconds from routing to the card.
    pub flight_s: f64,
    /// Seconds a landed arrival is kept for drawing (a flash at its card).
    pub linger_s: f64,
}

/// What the run counted since it started (one count per arrival, at routing).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Totals {
    pub requests: u64,
    pub hits: u64,
    pub at_home: u64,
    pub away: u64,
    pub evicted: u64,
    pub spilled: u64,
}

impl Totals {
    pub fn share(&self, count: u64) -> f64 {
        count as f64 / self.requests.max(1) as f64
    }
    /// Arrivals that prefilled their opening: all but the hits.
    pub fn misses(&self) -> u64 {
        self.requests - self.hits
    }
}

/// The routing simulation on a clock.
#[derive(Clone, Debug)]
pub struct LiveRouting {
    router: Router,
    draws: SplitMix64,
    gaps: SplitMix64,
    clock: Clock,
    step: Stepper,
    service: f64,
    now: f64,
    next_arrival: f64,
    /// Routed arrivals still drawn: the first `landed` have reached their card.
    flights: VecDeque<Flight>,
    landed: usize,
    cards: Vec<Card>,
    totals: Totals,
    hot_family: u32,
}

impl LiveRouting {
    pub fn new(s: &Scenario, clock: Clock, seed: u64) -> LiveRouting {
        let router = Router::new(s);
        let n = router.cards();
        let b = clock.background.max(0.0);
        let mu = clock.capacity.max(f64::MIN_POSITIVE);
        let mut live = LiveRouting {
            router,
            draws: SplitMix64::new(seed),
            gaps: SplitMix64::new(seed ^ GAPS),
            clock,
            step: Stepper::new(STEP_S),
            service: if b < 1.0 {
                1.0 / (mu * (1.0 - b))
            } else {
                f64::INFINITY
            },
            now: 0.0,
            next_arrival: 0.0,
            flights: VecDeque::new(),
            landed: 0,
            cards: (0..n as u64)
                .map(|i| Card::new(seed ^ hash64(CARDS ^ i)))
                .collect(),
            totals: Totals::default(),
            hot_family: s.cold_families.max(1) as u32,
        };
        live.next_arrival = live.gap();
        live
    }

    fn gap(&mut self) -> f64 {
        let lam = self.clock.arrivals;
        if lam.is_nan() || lam <= 0.0 || lam.is_infinite() {
            return f64::INFINITY;
        }
        -(1.0 - self.gaps.next_unit()).ln() / lam
    }

    /// Advances the scene clock by `dt_s` seconds, in whole steps (at most a
    /// minute of scene time at once), and runs every event up to it.
    pub fn advance(&mut self, dt_s: f64) {
        self.step.due(dt_s, MOST_STEPS);
        self.advance_to(self.step.now_s);
    }

    /// Runs every event up to time `t` (seconds since the start).
    pub fn advance_to(&mut self, t: f64) {
        if t.is_nan() || t <= self.now {
            return;
        }
        let fly = self.clock.flight_s;
        loop {
            let landing = self.flights.get(self.landed).map(|f| f.t + fly);
            let arrival = self.next_arrival;
            match landing {
                Some(l) if l <= arrival && l <= t => self.land(l),
                _ if arrival <= t => {
                    self.dispatch(arrival);
                    self.next_arrival = arrival + self.gap();
                }
                _ => break,
            }
        }
        for c in &mut self.cards {
            c.catch_up(t, self.service);
        }
        let keep = fly + self.clock.linger_s;
        while self.landed > 0 && self.flights.front().is_some_and(|f| f.t + keep < t) {
            self.flights.pop_front();
            self.landed -= 1;
        }
        self.now = t;
    }

    fn dispatch(&mut self, t: f64) {
        let routed = self.router.route(self.draws.next_u64());
        let fate = Fate::of(&routed);
        let tot = &mut self.totals;
        tot.requests += 1;
        tot.hits += u64::from(routed.hit);
        tot.at_home += u64::from(routed.at_home);
        match fate {
            Fate::Hit => {}
            Fate::Away => tot.away += 1,
            Fate::Evicted => tot.evicted += 1,
            Fate::Spilled => tot.spilled += 1,
        }
        self.flights.push_back(Flight {
            seq: tot.requests - 1,
            t,
            routed,
            fate,
            hot: routed.family == self.hot_family,
        });
    }

    fn land(&mut self, t: f64) {
        let f = self.flights[self.landed];
        self.landed += 1;
        let kind = Kind {
            fate: f.fate,
            hot: f.hot,
        };
        self.cards[f.routed.card as usize].arrive(t, self.service, kind);
    }

    pub fn now(&self) -> f64 {
        self.now
    }
    pub fn clock(&self) -> &Clock {
        &self.clock
    }
    pub fn totals(&self) -> &Totals {
        &self.totals
    }
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
    /// Card i's recent load as a share of its capacity, other traffic included.
    pub fn load(&self, i: usize) -> f64 {
        self.cards[i].rate(self.now) / self.clock.capacity.max(f64::MIN_POSITIVE)
            + self.clock.background.max(0.0)
    }
    /// Cards `from..` taken together: their average recent load, and one
    /// queue holding all their waiting (with the kinds of card `from`'s).
    pub fn together(&self, from: usize) -> (f64, Card) {
        let cards = &self.cards[from..];
        let load = (from..self.cards.len()).map(|i| self.load(i)).sum::<f64>() / cards.len() as f64;
        let mut q = cards[0].clone();
        q.waiting = cards.iter().map(|c| c.waiting).sum();
        (load, q)
    }

    /// The card with the highest recent load (ties to the lower index).
    pub fn busiest_now(&self) -> usize {
        (0..self.cards.len()).fold(0, |b, i| if self.load(i) > self.load(b) { i } else { b })
    }
    /// The card that has served the most arrivals (ties to the lower index).
    pub fn busiest_so_far(&self) -> usize {
        (0..self.cards.len()).fold(0, |b, i| {
            if self.cards[i].arrivals > self.cards[b].arrivals {
                i
            } else {
                b
            }
        })
    }
    /// Requests waiting or in service across the fleet, and in flight.
    pub fn in_flight(&self) -> u64 {
        let queued: u64 = self
            .cards
            .iter()
            .map(|c| c.waiting + u64::from(c.serving(self.now)))
            .sum();
        queued + (self.flights.len() - self.landed) as u64
    }
    /// The arrivals kept for drawing, oldest first: flying (`t + flight_s >
    /// now`) or landed within the linger.
    pub fn flights(&self) -> impl Iterator<Item = &Flight> {
        self.flights.iter()
    }
    /// How many arrivals are kept for drawing.
    pub fn flights_kept(&self) -> usize {
        self.flights.len()
    }
    /// Draw one arrival in `stride` so that at most `most` marks are drawn;
    /// by arrival number, so a drawn mark stays drawn from frame to frame.
    pub fn stride(&self, most: usize) -> u64 {
        let expect = self.clock.arrivals * (self.clock.flight_s + self.clock.linger_s);
        ((expect / most.max(1) as f64).ceil() as u64).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::routing::tests::base;
    use crate::engine::routing::ALL_POLICIES;
    use crate::engine::routing_sim::simulate;

    fn clock() -> Clock {
        Clock {
            arrivals: 40.0,
            capacity: 20.0,
            background: 0.0,
            flight_s: 0.5,
            linger_s: 0.3,
        }
    }

    #[test]
    fn a_live_run_routes_simulates_arrivals() {
        for policy in ALL_POLICIES {
            let s = base(policy);
            let mut live = LiveRouting::new(&s, clock(), 9);
            live.advance_to(120.0);
            let tot = *live.totals();
            let sim = simulate(&s, tot.requests, 9);
            assert_eq!(tot.hits, sim.hits, "{policy:?}");
            assert_eq!(tot.at_home, sim.at_home, "{policy:?}");
            assert_eq!(tot.spilled, sim.spilled, "{policy:?}");
            let landed: u64 = live.cards().iter().map(|c| c.arrivals).sum();
            let flying = live.flights().filter(|f| f.t + 0.5 > 120.0).count() as u64;
            assert_eq!(landed + flying, tot.requests, "{policy:?}");
        }
    }

    #[test]
    fn the_state_depends_on_time_not_on_steps() {
        let s = base(crate::engine::routing::Policy::Hash);
        let mut a = LiveRouting::new(&s, clock(), 3);
        a.advance_to(30.0);
        let mut b = LiveRouting::new(&s, clock(), 3);
        for k in 1..=3000 {
            b.advance_to(k as f64 * 0.01);
        }
        b.advance_to(30.0);
        assert_eq!(a.totals(), b.totals());
        assert_eq!(a.cards(), b.cards());
    }

    #[test]
    fn an_overloaded_card_queues_and_a_starved_one_never_serves() {
        let s = base(crate::engine::routing::Policy::Hash);
        let mut live = LiveRouting::new(
            &s,
            Clock {
                arrivals: 600.0,
                ..clock()
            },
            1,
        );
        live.advance_to(10.0);
        // Card 0 gets 264 req/s for a capacity of 20: about 2,300 waiting.
        assert!(
            live.cards()[0].waiting > 2000,
            "{}",
            live.cards()[0].waiting
        );
        assert!(live.in_flight() > 2000);
        let mut stuck = LiveRouting::new(
            &s,
            Clock {
                background: 1.5,
                ..clock()
            },
            1,
        );
        stuck.advance_to(10.0);
        assert!(stuck.cards().iter().all(|c| c.arrivals <= c.waiting + 1));
    }
}
