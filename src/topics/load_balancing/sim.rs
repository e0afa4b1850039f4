//! Closer to production, requests cost what they generate: a card decodes
//! every request it holds at once (continuous batching), each for as long as
//! its output runs, so its decode load at an instant is the requests it
//! holds ÷ [`STREAMS_PER_CARD`] (its decode capacity), plus the rest of the
//! fleet's traffic. Output lengths are lognormal with σ = [`COST_SIGMA`]:
//! the 1st and 99th percentiles are a thousand-fold apart, the spread the
//! published serving traces show (ShareGPT conversations; Azure's LLM
//! inference traces of the Splitwise paper). The long-run average of every
//! card is the fluid model's; what a balancer changes is how far the busiest
//! card strays above it while long requests pile up.
//!
//! The family's arrivals are Poisson at `λ = A·K` requests per mean
//! duration (so `A·K` are in flight on average); the system starts from its
//! stationary state (`A·K` requests whose remaining times are drawn from the
//! equilibrium law: a length-biased lognormal, lognormal(μ + σ², σ), times a
//! uniform share), warms up, then every arrival samples the most requests
//! any card holds before it is dispatched (Poisson arrivals see time
//! averages). Dispatch:
//!
//! ```text
//! random             a card at random (each card an M/G/∞ queue)
//! round-robin        the next card in turn
//! two choices        two cards at random, the one holding fewer requests (Mitzenmacher)
//! least outstanding  the card holding the fewest requests (the page's least-loaded)
//! routed             card i with its share of the family under the hash (the member
//!                    hashed, its home); with overflow at the cap, a request whose home
//!                    already holds the cap's worth goes to the card holding the fewest
//! ```

use super::params::{Balancer, Input};
use crate::engine::routing::{evaluate, Evaluation};
use crate::model::memo::Memo;
use crate::model::SplitMix64;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Requests one card decodes at once at 100 % of its decode capacity
/// (vLLM's default cap on the requests in one batch, `max_num_seqs`).
pub const STREAMS_PER_CARD: f64 = 256.0;
/// The lognormal σ of a request's output length (p99 ÷ p1 = e^(2·2.326·σ) ≈ 1,070).
pub const COST_SIGMA: f64 = 1.5;
/// The load's quantile over time the page reads.
pub const QUANTILE: f64 = 0.95;
/// Arrivals before the count starts, and arrivals counted.
const WARM: usize = 2_000;
const COUNTED: usize = 20_000;
const SEED: u64 = 0x10AD_BA1A;

/// How a request picks its card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dispatch {
    Random,
    RoundRobin,
    TwoChoices,
    LeastOutstanding,
    /// Card i with the evaluation's share of the family.
    Routed,
}

/// Cards by how many requests each holds: the fewest and the most in O(1).
struct Counts {
    count: Vec<u32>,
    by: Vec<Vec<u32>>,
    pos: Vec<u32>,
    min: usize,
    max: usize,
}

impl Counts {
    fn new(n: usize) -> Counts {
        Counts {
            count: vec![0; n],
            by: vec![(0..n as u32).collect()],
            pos: (0..n as u32).collect(),
            min: 0,
            max: 0,
        }
    }
    fn take_out(&mut self, c: usize) {
        let v = self.count[c] as usize;
        let p = self.pos[c] as usize;
        let last = *self.by[v].last().unwrap();
        self.by[v].swap_remove(p);
        if last as usize != c {
            self.pos[last as usize] = p as u32;
        }
    }
    fn put_in(&mut self, c: usize, v: usize) {
        if self.by.len() <= v {
            self.by.resize_with(v + 1, Vec::new);
        }
        self.count[c] = v as u32;
        self.pos[c] = self.by[v].len() as u32;
        self.by[v].push(c as u32);
    }
    fn add(&mut self, c: usize) {
        let v = self.count[c] as usize;
        self.take_out(c);
        self.put_in(c, v + 1);
        self.max = self.max.max(v + 1);
        while self.by[self.min].is_empty() {
            self.min += 1;
        }
    }
    fn remove(&mut self, c: usize) {
        let v = self.count[c] as usize;
        self.take_out(c);
        self.put_in(c, v - 1);
        self.min = self.min.min(v - 1);
        while self.max > 0 && self.by[self.max].is_empty() {
            self.max -= 1;
        }
    }
    fn fewest(&self) -> usize {
        *self.by[self.min].last().unwrap() as usize
    }
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let u = 1.0 - rng.next_unit();
    let v = rng.next_unit();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// What one run counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Held {
    /// The most requests one card holds, at the [`QUANTILE`] of time.
    pub busiest: f64,
    /// Share of the counted arrivals sent off their home by the cap.
    pub spilled: f64,
}

/// One run: `n` cards, `in_flight` requests in flight on average,
/// dispatched by `how` (`shares`: each card's share under
/// [`Dispatch::Routed`]; `cap`: under it, the most requests a home keeps).
pub fn busiest_held(n: usize, in_flight: f64, how: Dispatch, shares: &[f64], cap: f64) -> Held {
    let n = n.max(1);
    if in_flight <= 0.0 {
        return Held {
            busiest: 0.0,
            spilled: 0.0,
        };
    }
    let mut rng = SplitMix64::new(SEED);
    let mu = -COST_SIGMA * COST_SIGMA / 2.0;
    let mut cum: Vec<f64> = shares
        .iter()
        .scan(0.0, |s, &x| {
            *s += x;
            Some(*s)
        })
        .collect();
    if let Some(&t) = cum.last() {
        cum.iter_mut().for_each(|c| *c /= t.max(f64::MIN_POSITIVE));
    }
    let mut counts = Counts::new(n);
    let mut next = 0usize;
    // A request's card, and whether the cap sent it off its home.
    let mut pick = |rng: &mut SplitMix64, counts: &Counts| -> (usize, bool) {
        let card = match how {
            Dispatch::Random => rng.below(n as u64) as usize,
            Dispatch::RoundRobin => {
                next = (next + 1) % n;
                next
            }
            Dispatch::TwoChoices => {
                let a = rng.below(n as u64) as usize;
                let b = rng.below(n as u64) as usize;
                if counts.count[b] < counts.count[a] {
                    b
                } else {
                    a
                }
            }
            Dispatch::LeastOutstanding => counts.fewest(),
            Dispatch::Routed => {
                let u = rng.next_unit();
                let home = cum.partition_point(|&c| c <= u).min(n - 1);
                let other = counts.fewest();
                if counts.count[home] as f64 + 1.0 > cap && counts.count[other] < counts.count[home]
                {
                    return (other, true);
                }
                home
            }
        };
        (card, false)
    };
    // Departures: (time's bits, card); times are positive, so bits order them.
    let mut leave: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    for _ in 0..in_flight.round().max(1.0) as usize {
        let (c, _) = pick(&mut rng, &counts);
        counts.add(c);
        let left = (mu + COST_SIGMA * COST_SIGMA + COST_SIGMA * normal(&mut rng)).exp();
        leave.push(Reverse(((left * rng.next_unit()).to_bits(), c as u32)));
    }
    let mut seen = vec![0u32; 1];
    let mut t = 0.0f64;
    let mut sent_off = 0usize;
    for k in 0..WARM + COUNTED {
        t += -(1.0 - rng.next_unit()).ln() / in_flight;
        while let Some(&Reverse((at, c))) = leave.peek() {
            if f64::from_bits(at) > t {
                break;
            }
            leave.pop();
            counts.remove(c as usize);
        }
        if k >= WARM {
            if seen.len() <= counts.max {
                seen.resize(counts.max + 1, 0);
            }
            seen[counts.max] += 1;
        }
        let (c, off) = pick(&mut rng, &counts);
        sent_off += usize::from(off && k >= WARM);
        counts.add(c);
        let d = (mu + COST_SIGMA * normal(&mut rng)).exp();
        leave.push(Reverse(((t + d).to_bits(), c as u32)));
    }
    let spilled = sent_off as f64 / COUNTED as f64;
    let want = (QUANTILE * COUNTED as f64).ceil() as u32;
    let mut acc = 0u32;
    let busiest = seen
        .iter()
        .position(|&s| {
            acc += s;
            acc >= want
        })
        .unwrap_or(seen.len() - 1) as f64;
    Held { busiest, spilled }
}

/// What a memoized run depends on: the dispatch, cards, the family's load,
/// (routed) each card's share and the cap, as bits.
type Key = (Dispatch, usize, u64, Vec<u64>, u64);

thread_local! {
    /// The page's balancer and the four plain dispatches of the note: a
    /// slider moves one of them at a time.
    static HELD: Memo<Key, Held> = const { Memo::with_capacity(8) };
}

/// A run of `how` for the page's family (cached): under
/// [`Dispatch::Routed`], the balancer's homes (before any overflow) and,
/// with overflow, the cap's worth of requests a home keeps.
fn run(inp: &Input, ev: &Evaluation, how: Dispatch) -> Held {
    let n = ev.load.len();
    let in_flight = inp.load * STREAMS_PER_CARD;
    let (shares, cap): (Vec<f64>, f64) = match (how, inp.balancer) {
        (Dispatch::Routed, Balancer::HashOverflow) => {
            let homes = evaluate(&inp.scenario(Balancer::Hash));
            let cap = (inp.cap - inp.background()) * STREAMS_PER_CARD;
            ((0..n).map(|i| homes.family_load(i)).collect(), cap.max(0.0))
        }
        (Dispatch::Routed, _) => ((0..n).map(|i| ev.family_load(i)).collect(), f64::INFINITY),
        _ => (Vec::new(), f64::INFINITY),
    };
    let key = (
        how,
        n,
        in_flight.to_bits(),
        shares.iter().map(|s| s.to_bits()).collect(),
        cap.to_bits(),
    );
    *HELD.with(|m| m.get_or(key, || busiest_held(n, in_flight, how, &shares, cap)))
}

/// The busiest card's decode load at the [`QUANTILE`] of time under `how`:
/// the most requests it holds ÷ [`STREAMS_PER_CARD`], plus the rest of the
/// fleet's traffic.
pub(super) fn peak_load(inp: &Input, ev: &Evaluation, how: Dispatch) -> f64 {
    run(inp, ev, how).busiest / STREAMS_PER_CARD + inp.background()
}

/// The dispatch a balancer uses closer to production.
pub(super) fn dispatch_of(b: Balancer) -> Dispatch {
    match b {
        Balancer::RoundRobin => Dispatch::RoundRobin,
        Balancer::LeastLoaded => Dispatch::LeastOutstanding,
        Balancer::Hash | Balancer::HashOverflow | Balancer::HashShard2 => Dispatch::Routed,
    }
}

/// What the page reads closer to production.
pub(super) struct Closer {
    /// Share of the family's arrivals that meet a copy their card kept (LRU).
    pub locality: f64,
    /// The busiest card's decode load at the [`QUANTILE`] of time.
    pub peak: f64,
    /// Share of the family the cap sends off its home, as the cards' load
    /// stands when each request arrives (the fluid share otherwise).
    pub spilled: f64,
}

/// The production reading of this balancer, or none on the seed card.
pub(super) fn closer(inp: &Input, ev: &Evaluation) -> Option<Closer> {
    inp.production.then(|| {
        let how = dispatch_of(inp.balancer);
        let held = run(inp, ev, how);
        Closer {
            locality: super::model_cache::lru_locality(inp, inp.balancer, ev),
            peak: held.busiest / STREAMS_PER_CARD + inp.background(),
            spilled: if inp.balancer == Balancer::HashOverflow {
                held.spilled
            } else {
                ev.spilled / inp.load
            },
        }
    })
}
