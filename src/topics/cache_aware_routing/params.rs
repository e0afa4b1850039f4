//! The simulator's parameters, its three stories and the typed input.

use crate::engine::preamble::{
    copies_per_card, copy_mb, KV_KB_PER_TOKEN, PREAMBLE_TOKENS, SCRATCH_GB,
};
use crate::engine::routing::{Policy, Scenario, HEADROOM, POLICY_WORDS};
use crate::model::*;

/// Affinity floor of the affinity check.
pub(super) const AFFINITY_FLOOR: f64 = 0.9;

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/cache_aware_routing.rs"));

typed_input! {
    /// The parameters of one run.
    pub(super) struct Input from p {
        cards: usize = p.count("cards").max(1),
        arrivals: f64 = p.get("arrivals"),
        capacity: f64 = p.get("card_capacity"),
        scratch_gb: f64 = p.get("scratch_gb"),
        hot_share: f64 = p.get("hot_share"),
        families: usize = p.count("families").max(1),
        preamble_tokens: f64 = p.get("preamble_tokens"),
        kv_kb: f64 = p.get("kv_kb"),
        policy: Policy = Policy::from_word(p.choice("policy")),
    }
}

impl Input {
    pub(super) fn held(&self) -> usize {
        copies_per_card(self.scratch_gb, self.preamble_tokens, self.kv_kb)
    }

    pub(super) fn copy_mb(&self) -> f64 {
        copy_mb(self.preamble_tokens, self.kv_kb)
    }

    pub(super) fn scenario(&self) -> Scenario {
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

    pub(super) fn with_policy(&self, policy: Policy) -> Scenario {
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

/// The parameters the page shows first (the policy, the families and hot
/// share the stories set, and the scratch the eviction fix raises); the rest
/// fold under "More parameters".
pub const KEY_PARAMS: &[&str] = &["policy", "families", "hot_share", "scratch_gb"];
