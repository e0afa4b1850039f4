//! # Cache-aware routing & affinity — simulator
//!
//! Source: the "Cache-Aware Routing & Affinity" story of seed cards
//! `000_5d442942c02a98e5.txt` and `001_bf34b9f7b8e611d2.txt`; model per
//! `shared/spec/cache-aware-routing.md` (conventions of `shared/spec/README.md`).
//!
//! Units: arrivals Λ and card capacity μ in req/s (μ = decode capacity of one
//! card at 100 %); preamble P in tokens; KV k in KB per token; scratch M in GB.
//! Memory is decimal (1 GB = 1000 MB = 10^6 KB). Shares are fractions.
//!
//! ```text
//! copy_MB = P·k/1000                               1200·320/1000 = 384 MB
//! H       = floor(M·10^6 / (P·k))                  8 GB → 20 copies, 10 GB → 26
//! ```
//!
//! **Families and homes.** A hot family of share `h` (absent when h = 0) and
//! `C` cold families of share `q = (1−h)/C`. Cold family j is homed on card
//! `j mod n`; the hot family on card 0, or on cards 0 and 1 under
//! `hash-shard2` (`m` homes, each taking `h/m`). A hash is blind to
//! popularity, so the hot family shares card 0 with cold family 0. Only home
//! cards keep copies; a miss prefills into working memory and drops the copy.
//!
//! **Residency.** Card i is asked for `d_i` copies (its homes) and keeps the `H`
//! most requested (ties to the lower family index, the hot family first):
//! `held_i = min(d_i, H)`, `evicted_i = d_i − held_i`, silently.
//!
//! **Routing** (per-card load `L_i`, affinity = share routed to a home card,
//! hit = share routed to a home card that holds the copy):
//!
//! * `round-robin`: `L_i = Λ/n`; affinity `= Σ_f p_f·|homes_f|/n` (= 1/n);
//!   hit `= Σ_f p_f·(resident homes of f)/n`.
//! * `hash`: `L_i = Λ·Σ_{f homed on i} p_f/|homes_f|`; affinity 1; hit = the
//!   share whose home copy is resident.
//! * `hash-shard2`: `hash` with the hot family on two homes (+1 copy).
//! * `hash-overflow`: `hash`, then a card above `0.6μ` keeps `0.6μ`
//!   (`keep_i = 0.6μ/L_i` of each of its families); the excess spreads evenly
//!   over the cards under the cap and misses. Affinity and hit scale by keep_i.
//!
//! Derived: misses (re-prefills)/s `= Λ(1 − hit)`; wasted prefill tok/s
//! `= Λ(1 − hit)·P`; busiest `= max L_i/μ`. Checks: affinity ≥ 90 %; scratch:
//! `max d_i ≤ H`; headroom: busiest ≤ 60 %.
//!
//! **Request-level simulation** ([`simulate`]): N arrivals drawn from
//! SplitMix64 (one 64-bit draw each: the high half picks hot or cold, the low
//! half the cold family or the hot shard), routed by the same policy to cards
//! whose scratch holds the H most-requested homes. Hash-overflow meters each
//! card with a token bucket refilled at `0.6μ` (depth [`BUCKET_WINDOW`]
//! arrivals' worth); an arrival finding its card's bucket empty goes, in
//! rotation, to a card of the overflow table (the cards whose meters are at
//! least half full, refreshed every [`TABLE_EVERY`] arrivals) and misses; with
//! the table empty it stays and queues. Measured hit, affinity and per-card
//! load are shown beside the analytic ones.
//!
//! The same evaluator serves the load-balancing explorer: run with Λ = 1,
//! μ = 1, C = n − 1 and `hash` it gives the seed's `80 + 20/63 %`.
//!
//! **Challenges** (`challenges/cache-aware-routing.toml`, spec T3-C1..C3),
//! solved by the pub fns under "Challenge formulas": C1 the share round-robin
//! throws away, `1 − 1/n` (variants in the solution: hit `1/n`, re-prefills
//! `Λ(1−1/n)`/s, wasted `Λ(1−1/n)·P` tok/s); C2 `H` for a drawn scratch,
//! opening and KV; C3 `100·w·(h′ + (1−h)/(n−1))` points, h′ = h/2 in the 30 %
//! of draws that shard the hot template (the topic's `draw`).

use crate::challenge::{Solution, Solver, Template, Value, Vars};
pub use crate::engine::preamble::{
    copies_per_card, copy_mb, KV_KB_PER_TOKEN, PREAMBLE_TOKENS, SCRATCH_GB,
};
use crate::model::memo::Memo;
use crate::model::units;
use crate::model::units::percent4;
use crate::model::*;
use std::rc::Rc;

pub struct CacheAwareRouting;
pub static TOPIC: CacheAwareRouting = CacheAwareRouting;
/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: CacheAwareRouting = CacheAwareRouting;

/// Busiest-card decode headroom (the seeds' "capped near 60 %").
pub const HEADROOM: f64 = 0.6;
/// Affinity floor of the affinity check.
pub const AFFINITY_FLOOR: f64 = 0.9;
/// Requests the page simulates on each (memoized) run.
pub const PAGE_REQUESTS: u64 = 40_000;
/// The page simulation's SplitMix64 seed.
pub const PAGE_SEED: u64 = 2026;
/// Token-bucket depth of the overflow meter, in arrivals' worth of its rate.
pub const BUCKET_WINDOW: f64 = 256.0;

// ---------------------------------------------------------------------------
// Policies

/// A routing policy of the general evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    RoundRobin,
    Hash,
    HashShard2,
    HashOverflow,
}

const POLICY_WORDS: &[(&str, &str)] = &[
    ("round-robin", "round-robin (cache-blind)"),
    ("hash", "hash the prefix family"),
    ("hash-shard2", "hash, hot family sharded across two cards"),
    ("hash-overflow", "hash + overflow at the 60% cap"),
];

pub const ALL_POLICIES: [Policy; 4] = [
    Policy::RoundRobin,
    Policy::Hash,
    Policy::HashShard2,
    Policy::HashOverflow,
];

impl Policy {
    pub fn from_word(w: &str) -> Policy {
        match w {
            "hash" => Policy::Hash,
            "hash-shard2" => Policy::HashShard2,
            "hash-overflow" => Policy::HashOverflow,
            _ => Policy::RoundRobin,
        }
    }
    pub fn word(self) -> &'static str {
        POLICY_WORDS[self as usize].0
    }
    pub fn label(self) -> &'static str {
        POLICY_WORDS[self as usize].1
    }
    fn hashes(self) -> bool {
        self != Policy::RoundRobin
    }
}

// ---------------------------------------------------------------------------
// The general evaluator

/// One routing question: a fleet, its families, a scratch size and a policy.
/// Loads are in req/s (any unit works if Λ, μ and `background` share it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scenario {
    /// Cards `n` (at least 1).
    pub cards: usize,
    /// Arrivals of the families, Λ.
    pub arrivals: f64,
    /// Decode capacity of one card at 100 %, μ.
    pub capacity: f64,
    /// Share of the hot family, h (0 = no hot family).
    pub hot_share: f64,
    /// Cold families C, each with share (1−h)/C.
    pub cold_families: usize,
    /// Copies one card's scratch holds, H.
    pub held: usize,
    pub policy: Policy,
    /// Overflow cap as a share of μ (0.6 in the simulator).
    pub cap: f64,
    /// Other traffic on every card, outside the families (0 in the simulator;
    /// the load-balancing explorer's rest of the fleet).
    pub background: f64,
}

impl Scenario {
    /// The seeds' family-level worked example (seed 001, spec
    /// "Worked-example share arithmetic"): Λ = 1, μ = 1, C = n − 1 cold
    /// families beside the hot one, 8 GB of scratch, no other traffic.
    pub fn family_level(cards: usize, hot_share: f64, policy: Policy) -> Scenario {
        let cards = cards.max(2);
        Scenario {
            cards,
            arrivals: 1.0,
            capacity: 1.0,
            hot_share,
            cold_families: cards - 1,
            held: copies_per_card(SCRATCH_GB, PREAMBLE_TOKENS, KV_KB_PER_TOKEN),
            policy,
            cap: HEADROOM,
            background: 0.0,
        }
    }

    fn n(&self) -> usize {
        self.cards.max(1)
    }
    fn c(&self) -> usize {
        self.cold_families.max(1)
    }
    fn h(&self) -> f64 {
        self.hot_share.clamp(0.0, 1.0)
    }
    /// Homes of the hot family, m: 0 without one, 2 when sharded on ≥ 2 cards.
    pub fn hot_homes(&self) -> usize {
        if self.h() <= 0.0 {
            0
        } else if self.policy == Policy::HashShard2 && self.n() >= 2 {
            2
        } else {
            1
        }
    }
    /// Share of one cold family, q = (1−h)/C.
    pub fn cold_share(&self) -> f64 {
        (1.0 - self.h()) / self.c() as f64
    }
    /// Share of the hot family per home, h/m.
    fn hot_per_home(&self) -> f64 {
        match self.hot_homes() {
            0 => 0.0,
            m => self.h() / m as f64,
        }
    }
    /// Cold families homed on card i (j ≡ i mod n).
    fn cold_on(&self, i: usize) -> usize {
        let (n, c) = (self.n(), self.c());
        c / n + usize::from(i < c % n)
    }
    fn hot_on(&self, i: usize) -> bool {
        i < self.hot_homes()
    }
    /// Card i keeps its `held` most requested homes: (resident cold copies,
    /// hot copy resident). The hot family ranks first when its per-home share
    /// is at least a cold family's (a tie goes to its lower index).
    fn resident_on(&self, i: usize, held: usize) -> (usize, bool) {
        let cold = self.cold_on(i);
        if !self.hot_on(i) {
            return (cold.min(held), false);
        }
        if self.hot_per_home() >= self.cold_share() {
            (cold.min(held.saturating_sub(1)), held >= 1)
        } else {
            (cold.min(held), cold < held)
        }
    }
    /// Rank of cold family j among the homes of its card (0 = most requested).
    fn cold_rank(&self, j: usize) -> usize {
        let i = j % self.n();
        let k = j / self.n();
        if self.hot_on(i) && self.hot_per_home() >= self.cold_share() {
            k + 1
        } else {
            k
        }
    }
}

/// What the evaluator says about a scenario, card by card and in total.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Copies homed on each card, d_i.
    pub homes: Vec<usize>,
    /// Copies each card holds, min(d_i, H).
    pub held: Vec<usize>,
    /// Hot-family arrivals served on each card (after overflow).
    pub hot_load: Vec<f64>,
    /// Cold-family arrivals served on each card (after overflow).
    pub cold_load: Vec<f64>,
    /// Overflow received by each card.
    pub spill_in: Vec<f64>,
    /// Share of each card's own families it keeps (1 unless capped).
    pub keep: Vec<f64>,
    /// Total load of each card, background included.
    pub load: Vec<f64>,
    /// Share of arrivals routed to a card that homes their opening.
    pub affinity: f64,
    /// Share of arrivals that meet a resident copy.
    pub hit: f64,
    /// Overflow, per second.
    pub spilled: f64,
    /// Cards whose load is above the cap before overflow.
    pub capped_cards: usize,
    /// Cards under the cap that take the overflow.
    pub spill_targets: usize,
}

impl Evaluation {
    /// The busiest card: (index, load). Ties go to the lower index.
    pub fn busiest(&self) -> (usize, f64) {
        self.load
            .iter()
            .copied()
            .enumerate()
            .fold(
                (0, f64::NEG_INFINITY),
                |b, (i, l)| if l > b.1 { (i, l) } else { b },
            )
    }
    pub fn idlest(&self) -> (usize, f64) {
        self.load
            .iter()
            .copied()
            .enumerate()
            .fold(
                (0, f64::INFINITY),
                |b, (i, l)| if l < b.1 { (i, l) } else { b },
            )
    }
    /// Copies demanded across the fleet, Σ d_i.
    pub fn copies_demanded(&self) -> usize {
        self.homes.iter().sum()
    }
    /// Copies held across the fleet, Σ min(d_i, H).
    pub fn copies_held(&self) -> usize {
        self.held.iter().sum()
    }
    /// Copies silently evicted, Σ max(0, d_i − H).
    pub fn evicted(&self) -> usize {
        self.copies_demanded() - self.copies_held()
    }
    /// The most homes any card is asked to hold, max d_i.
    pub fn max_homes(&self) -> usize {
        self.homes.iter().copied().max().unwrap_or(0)
    }
    /// The most hot-family arrivals one card serves.
    pub fn hot_on_one_card(&self) -> f64 {
        self.hot_load.iter().copied().fold(0.0, f64::max)
    }
    /// The families' part of card i's load (background removed).
    pub fn family_load(&self, i: usize) -> f64 {
        self.hot_load[i] + self.cold_load[i] + self.spill_in[i]
    }
}

/// The analytic model of the spec: homes, residency, routing, overflow.
pub fn evaluate(s: &Scenario) -> Evaluation {
    let n = s.n();
    let lam = s.arrivals.max(0.0);
    let h = s.h();
    let ph = s.hot_per_home();
    let bg = s.background.max(0.0);
    let mut homes = vec![0usize; n];
    let mut held = vec![0usize; n];
    let mut hot_load = vec![0.0; n];
    let mut cold_load = vec![0.0; n];
    for i in 0..n {
        let (rc, hr) = s.resident_on(i, s.held);
        homes[i] = s.cold_on(i) + usize::from(s.hot_on(i));
        held[i] = rc + usize::from(hr);
        if s.policy.hashes() {
            hot_load[i] = if s.hot_on(i) { lam * ph } else { 0.0 };
            cold_load[i] = lam * (1.0 - h) * (s.cold_on(i) as f64 / s.c() as f64);
        } else {
            hot_load[i] = lam * h / n as f64;
            cold_load[i] = lam * (1.0 - h) / n as f64;
        }
    }
    let mut keep = vec![1.0; n];
    let mut spill_in = vec![0.0; n];
    let (mut spilled, mut capped, mut targets) = (0.0, 0, 0);
    if s.policy == Policy::HashOverflow {
        let k = s.cap * s.capacity;
        let own: Vec<f64> = (0..n).map(|i| hot_load[i] + cold_load[i]).collect();
        capped = own.iter().filter(|&&f| f + bg > k).count();
        targets = own.iter().filter(|&&f| f + bg < k).count();
        if targets > 0 {
            for i in 0..n {
                if own[i] + bg > k {
                    let kept = (k - bg).clamp(0.0, own[i]);
                    keep[i] = kept / own[i];
                    spilled += own[i] - kept;
                }
            }
            for i in 0..n {
                if own[i] + bg < k {
                    spill_in[i] = spilled / targets as f64;
                }
            }
        }
        for i in 0..n {
            hot_load[i] *= keep[i];
            cold_load[i] *= keep[i];
        }
    }
    let load = (0..n)
        .map(|i| hot_load[i] + cold_load[i] + spill_in[i] + bg)
        .collect();
    let affinity = hit_share_with(s, &keep, usize::MAX);
    let hit = hit_share_with(s, &keep, s.held);
    Evaluation {
        homes,
        held,
        hot_load,
        cold_load,
        spill_in,
        keep,
        load,
        affinity: if lam > 0.0 { affinity } else { 1.0 },
        hit: if lam > 0.0 { hit } else { 1.0 },
        spilled,
        capped_cards: capped,
        spill_targets: targets,
    }
}

/// The hit share of `s` if each card held `held` copies, with the overflow
/// keep factors `keep` of its evaluation (empty = nothing capped). With
/// `held = usize::MAX` every home copy is resident and this is the affinity.
/// The scratch sweep reuses an evaluation's `keep` for every scratch size.
pub fn hit_share_with(s: &Scenario, keep: &[f64], held: usize) -> f64 {
    let n = s.n();
    let (h, q, ph) = (s.h(), s.cold_share(), s.hot_per_home());
    let share = if keep.iter().any(|&k| k < 1.0) {
        // Overflow: each card's resident share, scaled by what it keeps.
        (0..n)
            .map(|i| {
                let (rc, hr) = s.resident_on(i, held);
                let hot = if hr { ph } else { 0.0 };
                (rc as f64 * q + hot) * keep.get(i).copied().unwrap_or(1.0)
            })
            .sum()
    } else {
        // Counted copies: Σ resident cold homes and resident hot homes.
        let (mut rc, mut rh) = (0usize, 0usize);
        for i in 0..n {
            let (a, b) = s.resident_on(i, held);
            rc += a;
            rh += usize::from(b);
        }
        let cold = (1.0 - h) * (rc as f64 / s.c() as f64);
        if s.policy.hashes() {
            let m = s.hot_homes();
            let hot = if m > 0 {
                h * (rh as f64 / m as f64)
            } else {
                0.0
            };
            cold + hot
        } else {
            // An arrival lands on its resident home one time in n.
            (cold + h * rh as f64) / n as f64
        }
    };
    share.clamp(0.0, 1.0)
}

// ---------------------------------------------------------------------------
// The request-level simulation

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
/// loop allocates nothing. This is the project's fleet-scale engine (issue 4:
/// ≥ 10 million requests per second natively, release build).
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

/// The sample the page shows, memoized on what the counts depend on: the
/// fleet, the families, the scratch and the policy (and, for the overflow
/// meter, the cap relative to the arrivals).
fn page_sample(s: &Scenario) -> Rc<SimResult> {
    let mut key = *s;
    if s.policy != Policy::HashOverflow {
        key.arrivals = 1.0;
        key.capacity = 1.0;
        key.cap = 0.0;
        key.background = 0.0;
    }
    SIM.with(|m| m.get_or(key, || simulate(&key, PAGE_REQUESTS, PAGE_SEED)))
}

thread_local! {
    static SIM: Memo<Scenario, SimResult> = const { Memo::new() };
}

// ---------------------------------------------------------------------------
// Challenge formulas (the spec's templates)

/// T3-C1 ("the hit share round-robin throws away"): points of arrivals
/// round-robin misses on `n` cards, `100·(1 − hit)` with the evaluator's
/// round-robin hit (= 100·(1 − 1/n) when every home copy is resident).
pub fn round_robin_thrown_away_points(cards: usize) -> f64 {
    100.0 * (1.0 - round_robin_hit_share(cards))
}

/// T3-C1 variant: round-robin's hit share on `n` equally loaded cards (1/n).
pub fn round_robin_hit_share(cards: usize) -> f64 {
    let n = cards.max(1);
    let s = Scenario {
        cards: n,
        cold_families: n,
        hot_share: 0.0,
        ..Scenario::family_level(n, 0.0, Policy::RoundRobin)
    };
    evaluate(&s).hit
}

/// T3-C1 variants: re-prefills per second `Λ(1 − 1/n)` and wasted prefill
/// tokens per second `Λ(1 − 1/n)·P` under round-robin.
pub fn round_robin_waste(cards: usize, arrivals: f64, preamble_tokens: f64) -> (f64, f64) {
    let miss = arrivals * (1.0 - round_robin_hit_share(cards));
    (miss, miss * preamble_tokens)
}

/// T3-C3 ("the busiest-card share the hash leaves behind"): the hash card's
/// share of the family, `h′ + (1−h)/(n−1)` with h′ = h, or h/2 when sharded —
/// from the evaluator at Λ = 1, μ = 1, C = n − 1.
pub fn hash_busiest_share(cards: usize, hot_share: f64, sharded: bool) -> f64 {
    let policy = if sharded {
        Policy::HashShard2
    } else {
        Policy::Hash
    };
    evaluate(&Scenario::family_level(cards, hot_share, policy))
        .busiest()
        .1
}

/// T3-C3: the hash card's points of fleet load, `100·w·busiest`, when the
/// family is `w` of all fleet traffic.
pub fn hash_card_fleet_points(
    cards: usize,
    hot_share: f64,
    family_share: f64,
    sharded: bool,
) -> f64 {
    100.0 * family_share * hash_busiest_share(cards, hot_share, sharded)
}

/// T3-C3's draw: the share of questions whose hot template is sharded across
/// two cards (spec: "30% of draws shard the hot family").
pub const CHALLENGE_SHARD_DRAWS: f64 = 0.3;

/// A drawn number that must be a whole count of at least `least`.
fn whole(v: &Vars, name: &str, least: usize) -> Result<usize, String> {
    let x = v.num(name);
    (x >= least as f64 && x.fract() == 0.0)
        .then_some(x as usize)
        .ok_or(format!("{name} must be a whole number, at least {least}"))
}

/// Solves the templates of `challenges/cache-aware-routing.toml` with the
/// challenge formulas above.
fn solve_challenge(t: &Template, v: &Vars) -> Result<Solution, String> {
    match t.answer.as_str() {
        "round_robin_thrown_away" => {
            let n = whole(v, "n", 1)?;
            let (arrivals, preamble) = (v.num("arrivals"), v.num("P"));
            let points = round_robin_thrown_away_points(n);
            let (misses, wasted) = round_robin_waste(n, arrivals, preamble);
            Ok(Solution::new(points / 100.0)
                .with("hit", percent4(round_robin_hit_share(n)))
                .with("points", units::number(points))
                .with("thrown", percent4(points / 100.0))
                .with("misses", units::trim(&units::group(misses, 2)))
                .with("wasted", Unit::TokPerS.format(wasted)))
        }
        "copies_per_card" => {
            let (m, p, k) = (v.num("M"), v.num("P"), v.num("k"));
            let held = copies_per_card(m, p, k);
            let copy_kb = p * k;
            let scratch_kb = m * 1e6;
            Ok(Solution::new(held as f64)
                .with("copy_kb", units::group(copy_kb, 0))
                .with("copy", Unit::Mb.format(copy_mb(p, k)))
                .with("scratch_kb", units::group(scratch_kb, 0))
                .with("fit", units::number(scratch_kb / copy_kb.max(1e-12)))
                .with(
                    "left",
                    Unit::Mb.format((scratch_kb - held as f64 * copy_kb) / 1000.0),
                ))
        }
        "hash_card_fleet_points" => {
            let n = whole(v, "n", 2)?;
            let (h, w) = (v.num("h"), v.num("w"));
            let sharded = match v.word("policy") {
                "hash-shard2" => true,
                "hash" => false,
                other => return Err(format!("policy must be hash or hash-shard2, not '{other}'")),
            };
            let busiest = hash_busiest_share(n, h, sharded);
            let hot_part = if sharded { h / 2.0 } else { h };
            let layout = if sharded {
                "homes the hot template on cards 0 and 1 (sharded, each taking half of its arrivals), so each of those two cards also carries one of the others."
            } else {
                "puts the hot template on card 0, beside one of the others, and every arrival goes to its template's home card."
            };
            let shard_note = if sharded {
                format!(" (half of {}, sharded)", percent4(h))
            } else {
                String::new()
            };
            Ok(Solution::new(hash_card_fleet_points(n, h, w, sharded))
                .with("others", (n - 1).to_string())
                .with("layout", layout)
                .with("hot_part", percent4(hot_part))
                .with("shard_note", shard_note)
                .with("cold", percent4((1.0 - h) / (n - 1) as f64))
                .with("busiest", percent4(busiest)))
        }
        other => Err(format!("no answer named {other}")),
    }
}

// ---------------------------------------------------------------------------
// The topic

static PARAMS: [ParamSpec; 9] = [
    ParamSpec::number(
        "cards",
        "Cards",
        Unit::Count("cards"),
        (1.0, 256.0, 1.0),
        16.0,
        "spec cache-aware-routing.md: a 16-card fleet (the seed's \"16-card fleet\")",
        "Fleet size n; cold family j is homed on card j mod n.",
    ),
    ParamSpec::number(
        "arrivals",
        "Arrivals",
        Unit::ReqPerS,
        (1.0, 2000.0, 1.0),
        40.0,
        "spec cache-aware-routing.md: Λ = 40 req/s",
        "Fleet arrivals Λ, every one carrying a shared opening.",
    )
    .log(),
    ParamSpec::number(
        "card_capacity",
        "Card decode capacity",
        Unit::ReqPerS,
        (1.0, 500.0, 1.0),
        20.0,
        "spec cache-aware-routing.md: μ = 20 req/s at 100 %",
        "Requests a second one card decodes at 100 % utilization.",
    )
    .log(),
    ParamSpec::number(
        "scratch_gb",
        "Prefix scratch per card",
        Unit::Gb,
        (0.0, 160.0, 0.5),
        SCRATCH_GB,
        "seed story: \"an 8 GB prefix cache holds 20 families\"",
        "Memory each card keeps for resident preamble copies; it holds floor(M/copy) of them.",
    ),
    ParamSpec::number(
        "hot_share",
        "Hot family's share",
        Unit::Share,
        (0.0, 0.95, 0.01),
        0.0,
        "spec cache-aware-routing.md: h = 0 (0.40 in the hot-template story)",
        "Share of arrivals of one hot prompt template; hashing puts all of it on card 0.",
    ),
    ParamSpec::number(
        "families",
        "Cold families",
        Unit::Count("families"),
        (1.0, 5000.0, 1.0),
        64.0,
        "spec cache-aware-routing.md: C = 64 (15 and 400 in the other stories)",
        "Equally popular prompt families besides the hot one, each homed on one card.",
    )
    .log(),
    ParamSpec::number(
        "preamble_tokens",
        "Shared opening",
        Unit::Tokens,
        (100.0, 8000.0, 100.0),
        PREAMBLE_TOKENS,
        "seed story: \"about 1200 tokens\" of system line, tool spec and brief",
        "Tokens every arrival prefills unless its opening is resident on its card.",
    ),
    ParamSpec::number(
        "kv_kb",
        "KV per token",
        Unit::Count("KB"),
        (10.0, 1000.0, 1.0),
        KV_KB_PER_TOKEN,
        "seed story: 70B-class KV at 320 KB per token",
        "KV cache per token; copy size = opening × KV per token.",
    ),
    ParamSpec::choice(
        "policy",
        "Routing policy",
        POLICY_WORDS,
        0,
        "seed story: cache-blind round-robin first",
        "How an arrival picks its card.",
    ),
];

static PRESETS: [Preset; 3] = [
    Preset {
        id: "round-robin-politeness",
        title: "Round-robin politeness",
        story: "Sixteen cards serve 40 req/s over 64 equally popular prompt families, each 1,200-token opening homed on one card (4 homes a card; 8 GB holds 20 copies of 384 MB). Round-robin meets the home card one time in 16: 6.25 % of arrivals hit, and the fleet re-prefills 37.5 openings a second, 45,000 wasted prefill tokens/s. Raise the scratch to 80 GB: still 6.25 %.",
        set: &[
            ("cards", "16"),
            ("arrivals", "40"),
            ("card_capacity", "20"),
            ("scratch_gb", "8"),
            ("hot_share", "0"),
            ("families", "64"),
            ("preamble_tokens", "1200"),
            ("kv_kb", "320"),
            ("policy", "round-robin"),
        ],
        fix: Some(Fix {
            label: "Hash the prefix family",
            explain: "Every arrival lands on the card that homes its opening, so every copy is met: 100 % hit at the same 12.5 % load per card.",
            set: &[("policy", "hash")],
        }),
    },
    Preset {
        id: "hot-template",
        title: "The hot template",
        story: "One template takes 40 % of the 40 req/s; the hash lands it on card 0 beside cold family 0: 16 + 1.6 = 17.6 req/s, 88 % of a 20 req/s card, while card 15 idles at 0 % and the fleet averages 12.5 %. Sharding it across two cards halves the hot part to 8 req/s (48 %) for one duplicate copy; hash + overflow at 60 % holds the card but spills 5.6 req/s that miss.",
        set: &[
            ("cards", "16"),
            ("arrivals", "40"),
            ("card_capacity", "20"),
            ("scratch_gb", "8"),
            ("hot_share", "0.4"),
            ("families", "15"),
            ("preamble_tokens", "1200"),
            ("kv_kb", "320"),
            ("policy", "hash"),
        ],
        fix: Some(Fix {
            label: "Shard the hot family across two cards",
            explain: "Each of its two homes takes half of the hot template (16 → 8 req/s), so the busiest card drops from 88 % to 48 % at the cost of one duplicate 384 MB copy (16 → 17).",
            set: &[("policy", "hash-shard2")],
        }),
    },
    Preset {
        id: "silent-eviction",
        title: "Silent eviction",
        story: "400 equally popular families hash onto 16 cards: 25 homes a card, but 8 GB holds only 20 copies of 384 MB. Each card silently evicts 5, 80 across the fleet, so one hashed arrival in five re-prefills: 80 % hit, 8 re-prefills a second, 9,600 wasted tokens/s. 10 GB holds 26; 20 cards make it exactly 20 homes for 20 slots.",
        set: &[
            ("cards", "16"),
            ("arrivals", "40"),
            ("card_capacity", "20"),
            ("scratch_gb", "8"),
            ("hot_share", "0"),
            ("families", "400"),
            ("preamble_tokens", "1200"),
            ("kv_kb", "320"),
            ("policy", "hash"),
        ],
        fix: Some(Fix {
            label: "10 GB of scratch",
            explain: "10 GB holds 26 copies of 384 MB, more than the 25 homes of any card, so nothing is evicted and every hashed arrival hits.",
            set: &[("scratch_gb", "10")],
        }),
    },
];

static CHECKS: [CheckSpec; 3] = [
    CheckSpec {
        id: "affinity",
        label: "Arrivals meet their home card",
        rule: "share of arrivals routed to a card that homes their opening ≥ 90%",
    },
    CheckSpec {
        id: "scratch",
        label: "No silent eviction",
        rule: "every card holds all the copies homed on it: max homes per card ≤ copies the scratch holds",
    },
    CheckSpec {
        id: "headroom",
        label: "Busiest card keeps decode headroom",
        rule: "busiest card's decode utilization ≤ 60%",
    },
];

/// The benchmark's engine: `n` requests of the silent-eviction story (400
/// families hashed over 16 cards, 8 GB of scratch) through [`simulate`];
/// returns the hits.
fn simulate_silent_eviction(n: u64, seed: u64) -> u64 {
    let p = TOPIC
        .presets()
        .iter()
        .find(|p| p.id == "silent-eviction")
        .and_then(|p| (&TOPIC as &dyn Topic).preset_params(p, false).ok());
    match p {
        Some(p) => simulate(&scenario(&p), n, seed).hits,
        None => 0,
    }
}

static ABOUT: About = About {
    id: "cache-aware-routing",
    title: "Cache-aware routing & affinity",
    kind: TopicKind::Simulator,
    question: "Where should each request land so its shared opening is already resident, without one card drowning?",
    source: "seeds 000 and 001 (Cache-Aware Routing & Affinity); shared/spec/cache-aware-routing.md",
    params: &PARAMS,
    presets: &PRESETS,
    checks: &CHECKS,
};

impl Topic for CacheAwareRouting {
    fn about(&self) -> &'static About {
        &ABOUT
    }
    fn engine(&self) -> Option<Engine> {
        Some(Engine {
            name: "route requests of the silent-eviction story through 16 cards' residency",
            unit: "requests",
            default_n: 10_000_000,
            run: simulate_silent_eviction,
        })
    }
    /// T3-C3 shards the hot template in 30 % of draws: its `policy` word takes
    /// its one unit as `hash-shard2` below 0.3. Every other variable is drawn
    /// as the file says, in order.
    fn run(&self, p: &Params) -> Outcome {
        let inp = Input::read(p);
        let s = inp.scenario();
        let ev = evaluate(&s);
        let sim = page_sample(&s);
        let mut out = Outcome::default();
        figures(&inp, &s, &ev, &sim, &mut out);
        checks(&inp, &s, &ev, &mut out);
        out.charts.push(load_chart(&inp, &ev, &sim));
        out.charts.push(copies_chart(&inp, &ev));
        out.charts.push(levers_chart(&inp));
        out.charts.push(scratch_chart(&inp, &s));
        notes(&inp, &s, &ev, &sim, &mut out);
        out
    }
}

impl Solver for CacheAwareRouting {
    fn topic(&self) -> &'static dyn Topic {
        &TOPIC
    }
    fn draw(&self, t: &Template, rng: &mut SplitMix64) -> Vars {
        let mut vars = Vars::default();
        for var in &t.vars {
            let value = if t.id == "C3" && var.name == "policy" {
                let word = if rng.next_unit() < CHALLENGE_SHARD_DRAWS {
                    Policy::HashShard2
                } else {
                    Policy::Hash
                };
                Value::Word(word.word().to_string())
            } else {
                var.draw(rng)
            };
            vars.values.push((var.name.clone(), value));
        }
        t.attach_units(&mut vars);
        vars
    }
    fn solve(&self, t: &Template, v: &Vars) -> Result<Solution, String> {
        solve_challenge(t, v)
    }
}

/// The parameters of one run.
pub struct Input {
    pub cards: usize,
    pub arrivals: f64,
    pub capacity: f64,
    pub scratch_gb: f64,
    pub hot_share: f64,
    pub families: usize,
    pub preamble_tokens: f64,
    pub kv_kb: f64,
    pub policy: Policy,
}

impl Input {
    pub fn read(p: &Params) -> Input {
        Input {
            cards: p.count("cards").max(1),
            arrivals: p.get("arrivals"),
            capacity: p.get("card_capacity"),
            scratch_gb: p.get("scratch_gb"),
            hot_share: p.get("hot_share"),
            families: p.count("families").max(1),
            preamble_tokens: p.get("preamble_tokens"),
            kv_kb: p.get("kv_kb"),
            policy: Policy::from_word(p.choice("policy")),
        }
    }

    pub fn held(&self) -> usize {
        copies_per_card(self.scratch_gb, self.preamble_tokens, self.kv_kb)
    }

    pub fn copy_mb(&self) -> f64 {
        copy_mb(self.preamble_tokens, self.kv_kb)
    }

    pub fn scenario(&self) -> Scenario {
        Scenario {
            cards: self.cards,
            arrivals: self.arrivals,
            capacity: self.capacity,
            hot_share: self.hot_share,
            cold_families: self.families,
            held: self.held(),
            policy: self.policy,
            cap: HEADROOM,
            background: 0.0,
        }
    }

    fn with_policy(&self, policy: Policy) -> Scenario {
        Scenario {
            policy,
            ..self.scenario()
        }
    }
}

/// The scenario of a topic's parameters (for tests and the benchmark).
pub fn scenario(p: &Params) -> Scenario {
    Input::read(p).scenario()
}

fn figures(inp: &Input, s: &Scenario, ev: &Evaluation, sim: &SimResult, out: &mut Outcome) {
    let lam = inp.arrivals;
    let mu = inp.capacity;
    let (_, busiest) = ev.busiest();
    let (_, idlest) = ev.idlest();
    let miss = lam * (1.0 - ev.hit).max(0.0);
    out.figure("copy_mb", "Preamble copy", inp.copy_mb(), Unit::Mb);
    out.figure(
        "copies_per_card",
        "Copies a card's scratch holds",
        inp.held() as f64,
        Unit::Count("copies"),
    );
    out.figure(
        "homes_per_card",
        "Most homes on one card",
        ev.max_homes() as f64,
        Unit::Count("copies"),
    );
    out.figure(
        "affinity",
        "Routed to the home card",
        ev.affinity,
        Unit::Share,
    );
    out.figure("hit_share", "Hit share", ev.hit, Unit::Share);
    out.figure("busiest_share", "Busiest card", busiest / mu, Unit::Share);
    out.figure(
        "busiest_req_s",
        "Busiest card's load",
        busiest,
        Unit::ReqPerS,
    );
    out.figure("idlest_share", "Idlest card", idlest / mu, Unit::Share);
    out.figure(
        "fleet_average_share",
        "Fleet average",
        lam / (inp.cards as f64 * mu),
        Unit::Share,
    );
    out.figure(
        "hot_req_s_per_card",
        "Hot family on its busiest card",
        ev.hot_on_one_card(),
        Unit::ReqPerS,
    );
    out.figure(
        "copies_demanded",
        "Copies demanded (homes)",
        ev.copies_demanded() as f64,
        Unit::Count("copies"),
    );
    out.figure(
        "copies_held",
        "Copies held",
        ev.copies_held() as f64,
        Unit::Count("copies"),
    );
    out.figure(
        "evicted_copies",
        "Copies silently evicted",
        ev.evicted() as f64,
        Unit::Count("copies"),
    );
    out.figure(
        "spilled_req_s",
        "Overflow (misses)",
        ev.spilled,
        Unit::ReqPerS,
    );
    out.figure("reprefills_per_s", "Re-prefills", miss, Unit::ReqPerS);
    out.figure(
        "wasted_prefill_tok_s",
        "Wasted prefill",
        miss * inp.preamble_tokens,
        Unit::TokPerS,
    );
    // The request-level simulation beside the analytic figures.
    let m_miss = lam * (1.0 - sim.hit_share());
    let m_busiest = (0..sim.per_card.len())
        .map(|i| sim.card_share(i))
        .fold(0.0, f64::max)
        * lam
        / mu
        + s.background / mu;
    out.figure(
        "sim_requests",
        "Simulated requests",
        sim.requests as f64,
        Unit::Count("requests"),
    );
    out.figure(
        "measured_affinity",
        "Routed home (simulated)",
        sim.affinity(),
        Unit::Share,
    );
    out.figure(
        "measured_hit_share",
        "Hit share (simulated)",
        sim.hit_share(),
        Unit::Share,
    );
    out.figure(
        "measured_busiest_share",
        "Busiest card (simulated)",
        m_busiest,
        Unit::Share,
    );
    out.figure(
        "measured_reprefills_per_s",
        "Re-prefills (simulated)",
        m_miss,
        Unit::ReqPerS,
    );
    out.figure(
        "measured_wasted_prefill_tok_s",
        "Wasted prefill (simulated)",
        m_miss * inp.preamble_tokens,
        Unit::TokPerS,
    );
}

fn checks(inp: &Input, s: &Scenario, ev: &Evaluation, out: &mut Outcome) {
    let pct = |v: f64| Unit::Share.format(v);
    let policy = inp.policy;
    out.checks.push(Verdict::at_least(
        "affinity",
        ev.affinity,
        AFFINITY_FLOOR,
        Unit::Share,
        Some("policy"),
        |pass| match (pass, policy) {
            (true, _) => format!(
                "{} of arrivals land on the card that homes their opening ({}), at least the 90% floor.",
                pct(ev.affinity),
                policy.label()
            ),
            (false, Policy::RoundRobin) => format!(
                "Round-robin meets the home card one time in {}: only {} of arrivals land where their opening lives, under the 90% floor. Set the policy to hash.",
                inp.cards,
                pct(ev.affinity)
            ),
            (false, Policy::HashOverflow) => format!(
                "The overflow holds the hot card at 60% by spilling {} req/s to cards without the copy, so only {} of arrivals reach their home, under the 90% floor. Shard the hot family instead (policy hash-shard2).",
                crate::model::units::number(ev.spilled),
                pct(ev.affinity)
            ),
            (false, _) => format!(
                "Only {} of arrivals reach their home card, under the 90% floor. Change the policy.",
                pct(ev.affinity)
            ),
        },
    ));
    let worst = ev.max_homes();
    let held = s.held;
    out.checks.push(Verdict::at_most(
        "scratch",
        worst as f64,
        held as f64,
        Unit::Count("copies"),
        Some("scratch_gb"),
        |pass| {
            if pass {
                format!(
                    "The fullest card is asked for {worst} copies and {} of scratch holds {held} of {}: nothing is evicted.",
                    Unit::Gb.format(inp.scratch_gb),
                    Unit::Mb.format(inp.copy_mb())
                )
            } else {
                let need = worst as f64 * inp.copy_mb() / 1000.0;
                format!(
                    "The fullest card is asked for {worst} copies but {} holds only {held} of {}: {} copies are silently evicted across the fleet and their arrivals re-prefill. Raise the scratch to at least {} (or add cards).",
                    Unit::Gb.format(inp.scratch_gb),
                    Unit::Mb.format(inp.copy_mb()),
                    ev.evicted(),
                    Unit::Gb.format((need * 100.0).ceil() / 100.0)
                )
            }
        },
    ));
    let (b, busiest) = ev.busiest();
    let util = busiest / inp.capacity;
    let average = inp.arrivals / (inp.cards as f64 * inp.capacity);
    let lever =
        if average > HEADROOM || policy == Policy::RoundRobin || policy == Policy::HashOverflow {
            "cards"
        } else {
            "policy"
        };
    out.checks.push(Verdict::at_most(
        "headroom",
        util,
        HEADROOM,
        Unit::Share,
        Some(lever),
        |pass| {
            let head = format!(
                "Card {b} carries {} req/s, {} of its {} req/s decode capacity",
                crate::model::units::number(busiest),
                pct(util),
                crate::model::units::number(inp.capacity)
            );
            if pass {
                format!("{head}: within the 60% headroom (fleet average {}).", pct(average))
            } else if lever == "cards" {
                format!(
                    "{head}, over the 60% headroom with the fleet averaging {}: add cards.",
                    pct(average)
                )
            } else if policy == Policy::HashShard2 {
                format!(
                    "{head}, over the 60% headroom while the fleet averages {}: even half of the hot family is too much for one card. Set the policy to hash-overflow to cap it (or lower the hot share).",
                    pct(average)
                )
            } else {
                format!(
                    "{head}, over the 60% headroom while the fleet averages {}: the hash piles the hot family on one card. Set the policy to hash-shard2 (or hash-overflow).",
                    pct(average)
                )
            }
        },
    ));
}

fn card_names(n: usize) -> Vec<String> {
    (0..n).map(|i| i.to_string()).collect()
}

fn load_chart(inp: &Input, ev: &Evaluation, sim: &SimResult) -> Chart {
    let n = ev.load.len();
    let mu = inp.capacity;
    let (b, busiest) = ev.busiest();
    let (idle_i, idlest) = ev.idlest();
    let measured: Vec<f64> = (0..n)
        .map(|i| sim.card_share(i) * inp.arrivals / mu)
        .collect();
    Chart {
        id: "load",
        title: format!("Decode load per card ({})", inp.policy.word()),
        summary: format!(
            "Card {b} is busiest at {} of its decode capacity ({} req/s) against the 60% headroom line; card {idle_i} is idlest at {}; the fleet averages {}. The simulated {} requests put card {b} at {}.",
            Unit::Share.format(busiest / mu),
            crate::model::units::number(busiest),
            Unit::Share.format(idlest / mu),
            Unit::Share.format(inp.arrivals / (n as f64 * mu)),
            crate::model::units::number(sim.requests as f64),
            Unit::Share.format(measured[b])
        ),
        plot: Plot::Bars(BarChart {
            categories: card_names(n),
            y: Axis::new("decode utilization", Unit::Share),
            sets: vec![
                BarSet {
                    name: "model".to_string(),
                    tone: Tone::Cat(0),
                    values: ev.load.iter().map(|l| l / mu).collect(),
                },
                BarSet {
                    name: format!("simulated ({} requests)", sim.requests),
                    tone: Tone::Cat(1),
                    values: measured,
                },
            ],
            stacked: false,
            hlines: vec![
                RefLine::new(HEADROOM, "60% headroom", Tone::Bad),
                RefLine::new(
                    inp.arrivals / (n as f64 * mu),
                    "fleet average",
                    Tone::Muted,
                ),
            ],
            highlight: vec![b],
        }),
    }
}

fn copies_chart(inp: &Input, ev: &Evaluation) -> Chart {
    let n = ev.homes.len();
    let held = inp.held();
    let evicting: Vec<usize> = (0..n).filter(|&i| ev.homes[i] > ev.held[i]).collect();
    Chart {
        id: "copies",
        title: "Copies homed vs copies held, per card".to_string(),
        summary: if ev.evicted() > 0 {
            format!(
                "Cards are asked to hold up to {} copies but {} holds {held} of {}: {} of {} cards silently evict, {} copies in all.",
                ev.max_homes(),
                Unit::Gb.format(inp.scratch_gb),
                Unit::Mb.format(inp.copy_mb()),
                evicting.len(),
                n,
                ev.evicted()
            )
        } else {
            format!(
                "Every card holds all its homes: at most {} copies against the {held} that {} holds ({} copies demanded, all held).",
                ev.max_homes(),
                Unit::Gb.format(inp.scratch_gb),
                ev.copies_demanded()
            )
        },
        plot: Plot::Bars(BarChart {
            categories: card_names(n),
            y: Axis::new("preamble copies", Unit::Count("copies")),
            sets: vec![
                BarSet {
                    name: "held (resident)".to_string(),
                    tone: Tone::Good,
                    values: ev.held.iter().map(|&h| h as f64).collect(),
                },
                BarSet {
                    name: "homed but silently evicted".to_string(),
                    tone: Tone::Bad,
                    values: (0..n).map(|i| (ev.homes[i] - ev.held[i]) as f64).collect(),
                },
            ],
            stacked: true,
            hlines: vec![RefLine::new(
                held as f64,
                format!("scratch holds {held}"),
                Tone::Ink,
            )],
            highlight: evicting,
        }),
    }
}

/// Every policy at the current parameters: what switching would buy.
fn levers_chart(inp: &Input) -> Chart {
    let evs: Vec<Evaluation> = ALL_POLICIES
        .iter()
        .map(|&p| evaluate(&inp.with_policy(p)))
        .collect();
    let mu = inp.capacity;
    let cur = inp.policy as usize;
    let passing: Vec<&str> = ALL_POLICIES
        .iter()
        .zip(&evs)
        .filter(|(_, e)| {
            e.affinity >= AFFINITY_FLOOR - 1e-9
                && e.busiest().1 / mu <= HEADROOM + 1e-9
                && e.max_homes() <= inp.held()
        })
        .map(|(p, _)| p.word())
        .collect();
    Chart {
        id: "levers",
        title: "What else helps: every policy on this fleet".to_string(),
        summary: format!(
            "Hit share / busiest card — {}. {}",
            ALL_POLICIES
                .iter()
                .zip(&evs)
                .map(|(p, e)| format!(
                    "{}: {} / {}",
                    p.word(),
                    Unit::Share.format(e.hit),
                    Unit::Share.format(e.busiest().1 / mu)
                ))
                .collect::<Vec<_>>()
                .join("; "),
            if passing.is_empty() {
                "No policy passes every check here; the scratch or the cards must change too."
                    .to_string()
            } else {
                format!("Passing every check: {}.", passing.join(", "))
            }
        ),
        plot: Plot::Bars(BarChart {
            categories: ALL_POLICIES.iter().map(|p| p.word().to_string()).collect(),
            y: Axis::new("share", Unit::Share),
            sets: vec![
                BarSet {
                    name: "routed home (affinity)".to_string(),
                    tone: Tone::Cat(0),
                    values: evs.iter().map(|e| e.affinity).collect(),
                },
                BarSet {
                    name: "hit share".to_string(),
                    tone: Tone::Good,
                    values: evs.iter().map(|e| e.hit).collect(),
                },
                BarSet {
                    name: "busiest card".to_string(),
                    tone: Tone::Warn,
                    values: evs.iter().map(|e| e.busiest().1 / mu).collect(),
                },
            ],
            stacked: false,
            hlines: vec![
                RefLine::new(AFFINITY_FLOOR, "90% affinity floor", Tone::Ink),
                RefLine::new(HEADROOM, "60% headroom", Tone::Bad),
            ],
            highlight: vec![cur],
        }),
    }
}

/// Points of the scratch sweep.
const SWEEP_POINTS: usize = 160;

/// Hit share against the scratch size, for every policy.
fn scratch_chart(inp: &Input, s: &Scenario) -> Chart {
    let copy_gb = inp.copy_mb() / 1000.0;
    let ev = evaluate(s);
    let need_gb = ev.max_homes() as f64 * copy_gb;
    let hi = (2.0 * inp.scratch_gb).max(1.25 * need_gb).clamp(1.0, 160.0);
    let xs: Vec<f64> = (0..=SWEEP_POINTS)
        .map(|k| hi * k as f64 / SWEEP_POINTS as f64)
        .collect();
    let series = ALL_POLICIES
        .iter()
        .map(|&p| {
            let sp = inp.with_policy(p);
            let e = evaluate(&sp);
            // Beyond the fullest card's homes more scratch changes nothing,
            // and neighbouring points often hold the same count: compute
            // each distinct count once.
            let top = e.max_homes();
            let mut last: Option<(usize, f64)> = None;
            let points = xs
                .iter()
                .map(|&x| {
                    let held = copies_per_card(x, inp.preamble_tokens, inp.kv_kb).min(top);
                    let hit = match last {
                        Some((h, v)) if h == held => v,
                        _ => hit_share_with(&sp, &e.keep, held),
                    };
                    last = Some((held, hit));
                    (x, hit)
                })
                .collect();
            Series::new(p.word(), Style::Step, Tone::Cat(p as u8), points)
        })
        .collect();
    let rr_big = hit_share_with(
        &inp.with_policy(Policy::RoundRobin),
        &[],
        copies_per_card(160.0, inp.preamble_tokens, inp.kv_kb),
    );
    let mut vlines = vec![RefLine::new(
        inp.scratch_gb,
        format!("now: {}", Unit::Gb.format(inp.scratch_gb)),
        Tone::Ink,
    )];
    if need_gb <= hi {
        vlines.push(RefLine::new(
            need_gb,
            format!("holds all {} homes", ev.max_homes()),
            Tone::Good,
        ));
    }
    Chart {
        id: "scratch",
        title: "Hit share against the scratch per card".to_string(),
        summary: format!(
            "A card needs {} ({} copies of {}) to hold all its homes; round-robin stays at {} even with 160 GB, while hashing reaches its best once the homes fit.",
            Unit::Gb.format((need_gb * 100.0).ceil() / 100.0),
            ev.max_homes(),
            Unit::Mb.format(inp.copy_mb()),
            Unit::Share.format(rr_big)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("scratch per card", Unit::Gb),
            y: Axis::new("hit share", Unit::Share).range(0.0, 1.0),
            series,
            hlines: vec![],
            vlines,
        }),
    }
}

fn notes(inp: &Input, s: &Scenario, ev: &Evaluation, sim: &SimResult, out: &mut Outcome) {
    out.notes.push(Note::Info(format!(
        "Request-level simulation: {} arrivals from SplitMix64 seed {PAGE_SEED}, routed by {} to cards that hold their {} most-requested homes. Measured hit {} against the model's {}; routed home {} against {}.",
        crate::model::units::number(sim.requests as f64),
        inp.policy.word(),
        s.held,
        Unit::Share.format(sim.hit_share()),
        Unit::Share.format(ev.hit),
        Unit::Share.format(sim.affinity()),
        Unit::Share.format(ev.affinity)
    )));
    if inp.hot_share > 0.0 && inp.policy.hashes() {
        out.notes.push(Note::Info(format!(
            "A hash is blind to popularity: the hot family shares card 0 with cold family 0 ({} + {} req/s).",
            crate::model::units::number(inp.arrivals * s.hot_per_home()),
            crate::model::units::number(inp.arrivals * s.cold_share())
        )));
    }
    if inp.policy == Policy::HashShard2 && inp.cards < 2 {
        out.notes.push(Note::Info(
            "One card cannot shard: the hot family keeps a single home.".to_string(),
        ));
    }
    if inp.policy == Policy::HashOverflow && ev.capped_cards > 0 && ev.spill_targets == 0 {
        out.notes.push(Note::Info(
            "Every card is at or above the 60% cap, so the overflow has nowhere to go: arrivals stay on their home cards and queue.".to_string(),
        ));
    }
    if inp.policy == Policy::RoundRobin {
        out.notes.push(Note::Info(format!(
            "Only home cards keep copies (a miss prefills into working memory and drops it), so round-robin meets a copy one time in {} however big the scratch.",
            inp.cards
        )));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(policy: Policy) -> Scenario {
        Scenario {
            cards: 16,
            arrivals: 40.0,
            capacity: 20.0,
            hot_share: 0.4,
            cold_families: 15,
            held: 20,
            policy,
            cap: HEADROOM,
            background: 0.0,
        }
    }

    #[test]
    fn residency_ranks_match_the_per_card_counts() {
        for (n, c, h, held) in [
            (16, 400, 0.0, 20),
            (16, 15, 0.4, 1),
            (5, 23, 0.01, 4),
            (3, 7, 0.9, 2),
        ] {
            for policy in ALL_POLICIES {
                let s = Scenario {
                    cards: n,
                    cold_families: c,
                    hot_share: h,
                    held,
                    ..base(policy)
                };
                for i in 0..n {
                    let ranked = (0..c)
                        .filter(|&j| j % n == i && s.cold_rank(j) < held)
                        .count();
                    assert_eq!(
                        ranked,
                        s.resident_on(i, held).0,
                        "{n} {c} {h} {held} card {i}"
                    );
                }
            }
        }
    }

    #[test]
    fn overflow_holds_the_hot_card_at_the_cap() {
        let ev = evaluate(&base(Policy::HashOverflow));
        assert!((ev.busiest().1 - 12.0).abs() < 1e-12);
        assert!((ev.spilled - 5.6).abs() < 1e-12);
        let total: f64 = ev.load.iter().sum();
        assert!((total - 40.0).abs() < 1e-9, "overflow conserves arrivals");
    }

    #[test]
    fn simulation_conserves_arrivals() {
        for policy in ALL_POLICIES {
            let r = simulate(&base(policy), 10_000, 7);
            assert_eq!(r.per_card.iter().sum::<u64>(), 10_000);
            assert!(r.hits <= r.at_home);
        }
    }
}
