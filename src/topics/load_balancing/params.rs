//! The explorer's parameters, its three worked examples, the balancers it
//! compares and the typed input.

use crate::engine::routing::{Policy, Scenario, HEADROOM};
use crate::model::*;

/// A balancer the explorer compares; each maps to an evaluator policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Balancer {
    RoundRobin,
    LeastLoaded,
    Hash,
    HashOverflow,
    HashShard2,
}

pub(super) const BALANCERS: &[(&str, &str)] = &[
    ("round-robin", "round-robin"),
    ("least-loaded", "least-loaded"),
    ("hash", "hash the family"),
    ("hash-overflow", "hash + overflow at the cap"),
    ("hash-shard2", "hash, hot member sharded across two cards"),
];

choice_words!(Balancer in BALANCERS: RoundRobin, LeastLoaded, Hash, HashOverflow, HashShard2);

pub(super) const ALL: [Balancer; 5] = [
    Balancer::RoundRobin,
    Balancer::LeastLoaded,
    Balancer::Hash,
    Balancer::HashOverflow,
    Balancer::HashShard2,
];

impl Balancer {
    /// What a reader sees for it ("hash the family").
    pub(super) fn label(self) -> &'static str {
        BALANCERS[self as usize].1
    }
    /// The evaluator's policy: least-loaded balances like round-robin.
    pub(super) fn policy(self) -> Policy {
        match self {
            Balancer::RoundRobin | Balancer::LeastLoaded => Policy::RoundRobin,
            Balancer::Hash => Policy::Hash,
            Balancer::HashOverflow => Policy::HashOverflow,
            Balancer::HashShard2 => Policy::HashShard2,
        }
    }
}

/// The locality floor (the headroom is the engine's [`HEADROOM`]).
pub(super) const LOCALITY_FLOOR: f64 = 0.9;

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/load_balancing.rs"));

typed_input! {
    /// The parameters of one run.
    pub(super) struct Input from p {
        n: usize = p.count("cards").max(2),
        h: f64 = p.get("hot_share"),
        w: f64 = p.get("family_share").max(0.01),
        balancer: Balancer = Balancer::from_word(p.choice("policy")),
        cap: f64 = p.get("cap"),
        load: f64 = p.get("family_load"),
        /// Closer to production: every card keeps what it prefilled (LRU),
        /// and requests cost heavy-tailed times (see `model_cache`, `sim`).
        production: bool = p.production(),
    }
}

impl Input {
    /// The rest of the fleet's traffic on every card, in cards of capacity.
    pub(super) fn background(&self) -> f64 {
        self.load * (1.0 - self.w) / (self.w * self.n as f64)
    }

    /// The evaluator's scenario, in units of one card's decode capacity.
    pub(super) fn scenario(&self, b: Balancer) -> Scenario {
        Scenario {
            arrivals: self.load,
            cap: self.cap,
            background: self.background(),
            ..Scenario::family_level(self.n, self.h, b.policy())
        }
    }
}

/// The parameters the page shows first (the balancer every story switches,
/// and what it balances); the rest fold under "More parameters".
pub const KEY_PARAMS: &[&str] = &["policy", "cards", "hot_share", "cap"];
