//! Routing arithmetic: where a fleet's prompt families land under a routing
//! policy, which of their preamble copies stay resident, and what each card
//! carries. Cache-aware routing runs it on req/s; load balancing runs it on
//! shares of one family plus the rest of the fleet's traffic.
//!
//! Units: arrivals Λ and card capacity μ in one load unit (req/s, or cards of
//! decode capacity); μ is one card's decode capacity at 100 %. Shares are
//! fractions.
//!
//! **Families and homes.** A hot family of share `h` (absent when h = 0) and
//! `C` cold families of share `q = (1−h)/C`. Cold family j is homed on card
//! `j mod n`; the hot family on card 0, or on cards 0 and 1 under
//! `hash-shard2` (`m` homes, each taking `h/m`). A hash is blind to
//! popularity, so the hot family shares card 0 with cold family 0. Only home
//! cards keep copies; a miss prefills into working memory and drops the copy.
//!
//! **Residency.** Card i is asked for `d_i` copies (its homes) and keeps the
//! `H` most requested (ties to the lower family index, the hot family first):
//! `held_i = min(d_i, H)`, `evicted_i = d_i − held_i`, silently.
//!
//! **Routing** (per-card load `L_i`, affinity = share routed to a home card,
//! hit = share routed to a home card that holds the copy; `b` = background,
//! other traffic on every card):
//!
//! ```text
//! round-robin    L_i = Λ/n + b;  affinity = Σ_f p_f·|homes_f|/n (= 1/n)
//!                hit = Σ_f p_f·(resident homes of f)/n
//! hash           L_i = Λ·Σ_{f homed on i} p_f/|homes_f| + b;  affinity 1
//!                hit = the share whose home copy is resident
//! hash-shard2    hash with the hot family on two homes (+1 copy)
//! hash-overflow  hash, then a card above the cap k = cap·μ keeps k − b
//!                (keep_i = (k − b)/(L_i − b) of each of its families); the
//!                excess spreads evenly over the cards under the cap and
//!                misses. Affinity and hit scale by keep_i.
//! ```
//!
//! Busiest card `= max L_i/μ`, judged against the seeds' headroom of 60 %.
//!
//! **The family-level worked example** (seed 001): Λ = 1, μ = 1, C = n − 1
//! cold members beside the hot one, so under `hash` the busiest card carries
//!
//! ```text
//! busiest = h′ + (1−h)/(n−1)      h′ = h, or h/2 sharded   64 cards, h = 80 %: 80.3175 %
//! points  = 100 · w · busiest     (w = the family's share of fleet traffic)   = 24.095
//! ```

use super::preamble::{copies_per_card, KV_KB_PER_TOKEN, PREAMBLE_TOKENS, SCRATCH_GB};
use crate::model::{CheckSpec, Symbol, Unit, Verdict};

/// Busiest-card decode headroom (the seeds' "capped near 60 %").
pub const HEADROOM: f64 = 0.6;

/// The routing topics' math symbol for the fleet's cards.
pub const CARDS_SYMBOL: Symbol = Symbol {
    symbol: "n",
    meaning: "cards",
    param: Some("cards"),
};

/// A routing topic's headroom verdict (`spec`): the busiest card's decode
/// utilization `util` against [`HEADROOM`], moved by `lever`.
pub fn headroom_verdict(
    spec: &CheckSpec,
    util: f64,
    lever: &'static str,
    why: impl FnOnce(bool) -> String,
) -> Verdict {
    spec.verdict(util, HEADROOM, Unit::Share, Some(lever), why)
}

/// A routing policy of the general evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    RoundRobin,
    Hash,
    HashShard2,
    HashOverflow,
}

/// Each policy's word (its parameter value) and its label.
pub const POLICY_WORDS: &[(&str, &str)] = &[
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
    /// Whether the policy sends each family to its home cards.
    pub fn hashes(self) -> bool {
        self != Policy::RoundRobin
    }
}

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
    /// Overflow cap as a share of μ (the 60 % headroom, or a chosen cap).
    pub cap: f64,
    /// Other traffic on every card, outside the families (0 when the families
    /// are all the traffic; otherwise the rest of the fleet's).
    pub background: f64,
}

impl Scenario {
    /// The seeds' family-level worked example (seed 001's share arithmetic):
    /// Λ = 1, μ = 1, C = n − 1 cold families beside the hot one, 8 GB of
    /// scratch, no other traffic.
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

    pub(super) fn n(&self) -> usize {
        self.cards.max(1)
    }
    pub(super) fn c(&self) -> usize {
        self.cold_families.max(1)
    }
    pub(super) fn h(&self) -> f64 {
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
    pub fn hot_per_home(&self) -> f64 {
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
    pub(super) fn resident_on(&self, i: usize, held: usize) -> (usize, bool) {
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
    /// Families homed on card i, d_i (the hot family counted once per home).
    pub fn homes_on(&self, i: usize) -> usize {
        self.cold_on(i) + usize::from(self.hot_on(i))
    }
    /// Rank of a family among the homes of card `home` (0 = most requested;
    /// the card keeps the ranks below H): cold family j (< C) on its card, or
    /// the hot family (family C) on one of its homes.
    pub fn home_rank(&self, family: usize, home: usize) -> usize {
        if family < self.c() {
            self.cold_rank(family)
        } else if self.hot_per_home() >= self.cold_share() {
            0
        } else {
            self.cold_on(home)
        }
    }
    /// Rank of cold family j among the homes of its card (0 = most requested).
    pub(super) fn cold_rank(&self, j: usize) -> usize {
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

/// The analytic model: homes, residency, routing, overflow.
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

/// The busiest-card share the hash leaves behind: the hash card's share of
/// the family, `h′ + (1−h)/(n−1)` with h′ = h, or h/2 when sharded —
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

/// The hash card's points of fleet load, `100·w·busiest`, when the
/// family is `w` of all fleet traffic.
pub fn hash_card_fleet_points(
    cards: usize,
    hot_share: f64,
    family_share: f64,
    sharded: bool,
) -> f64 {
    100.0 * family_share * hash_busiest_share(cards, hot_share, sharded)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The hot-template story: 16 cards, 40 req/s on 20 req/s cards, a hot
    /// family of 40 % beside 15 cold ones, 20 copies a card.
    pub(in crate::engine) fn base(policy: Policy) -> Scenario {
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
                    if s.hot_homes() > i {
                        assert_eq!(
                            s.home_rank(c, i) < held,
                            s.resident_on(i, held).1,
                            "{n} {c} {h} {held} hot on card {i}"
                        );
                    }
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
}
