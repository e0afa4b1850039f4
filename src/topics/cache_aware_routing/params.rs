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
        /// Closer to production: an LRU prefix cache on every card (a miss's
        /// prefill stays resident until evicted), and a miss's prefill on
        /// its card's load.
        production: bool = p.production(),
    }
}

/// Parameters of a 70B-class model (Llama 3.1 70B's configuration, the
/// model whose 320 KB of KV a token the seed cards take).
const MODEL_PARAMS: f64 = 70.6e9;
/// Dense 16-bit FLOP/s of one H100 SXM (its datasheet, without sparsity).
const H100_DENSE_FLOPS: f64 = 989e12;
/// GPUs of one card: a 70B-class model in 16 bits on four H100s (two hold
/// its 141 GB of weights but leave next to nothing for the KV cache).
const GPUS_PER_CARD: f64 = 4.0;
/// The share of the dense FLOP/s large matrix work reaches in serving.
const COMPUTE_EFFICIENCY: f64 = 0.5;

/// Closer to production, the prefill rate of one card, tokens a second:
/// prefill is compute-bound, 2 FLOPs a parameter a token, so
/// 4 × 989 TFLOP/s × 0.5 ÷ (2 × 70.6 B) ≈ 14,000 tokens a second (the
/// preamble's own attention adds about 1 % at 1,200 tokens, left out).
pub(super) const PREFILL_TOK_S: f64 =
    GPUS_PER_CARD * H100_DENSE_FLOPS * COMPUTE_EFFICIENCY / (2.0 * MODEL_PARAMS);

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

    /// Closer to production, what one re-prefill costs its card, in
    /// requests of decode capacity: its seconds of prefill, `P ÷ R`, times
    /// `μ` (0 under the seed card's model, where a miss costs no capacity).
    pub(super) fn prefill_cost(&self) -> f64 {
        if self.production {
            self.capacity * self.preamble_tokens / PREFILL_TOK_S
        } else {
            0.0
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
