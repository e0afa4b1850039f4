//! The simulator's parameters, its three stories and the typed input.

use crate::engine::preamble::{
    copies_per_card, copy_mb, KV_KB_PER_TOKEN, PREAMBLE_TOKENS, SCRATCH_GB,
};
use crate::engine::routing::{Policy, Scenario, HEADROOM, POLICY_WORDS};
use crate::model::*;

/// Affinity floor of the affinity check.
pub(super) const AFFINITY_FLOOR: f64 = 0.9;

pub(super) static PARAMS: [ParamSpec; 9] = [
    ParamSpec {
        name: "cards",
        label: "Cards",
        unit: Unit::Count("cards"),
        kind: ParamKind::range(1.0, 256.0, 1.0),
        default: 16.0,
        source: "the seed cards' \"16-card fleet\"",
        help: "Fleet size in cards: GPUs that each serve one copy of the model. The cold families are homed on the cards in turn, one after another.",
    },
    ParamSpec {
        name: "arrivals",
        label: "Arrivals",
        unit: Unit::ReqPerS,
        kind: ParamKind::log_range(1.0, 2000.0, 1.0),
        default: 40.0,
        source: "Fleetlab's baseline: 40 requests a second",
        help: "Requests arriving at the fleet each second, every one carrying a shared opening (its preamble).",
    },
    ParamSpec {
        name: "card_capacity",
        label: "Card decode capacity",
        unit: Unit::ReqPerS,
        kind: ParamKind::log_range(1.0, 500.0, 1.0),
        default: 20.0,
        source: "Fleetlab's baseline: 20 requests a second at 100 % utilization",
        help: "Requests a second one card decodes at 100 % utilization.",
    },
    ParamSpec {
        name: "scratch_gb",
        label: "Prefix scratch per card",
        unit: Unit::Gb,
        kind: ParamKind::range(0.0, 160.0, 0.5),
        default: SCRATCH_GB,
        source: "the seed cards: \"an 8 GB prefix cache holds 20 families\"",
        help: "Memory each card keeps for resident preamble copies (its prefix cache); it holds as many whole copies as fit.",
    },
    ParamSpec {
        name: "hot_share",
        label: "Hot family's share",
        unit: Unit::Share,
        kind: ParamKind::range(0.0, 0.95, 0.01),
        default: 0.0,
        source: "Fleetlab's baseline: no hot template (40 % in the hot-template story)",
        help: "Share of arrivals that carry one hot prompt template; hashing puts all of it on the first card.",
    },
    ParamSpec {
        name: "families",
        label: "Cold families",
        unit: Unit::Count("families"),
        kind: ParamKind::log_range(1.0, 5000.0, 1.0),
        default: 64.0,
        source: "Fleetlab's baseline: 64 (15 and 400 in the other stories)",
        help: "Equally popular prompt families besides the hot one, each homed on one card.",
    },
    ParamSpec {
        name: "preamble_tokens",
        label: "Shared opening",
        unit: Unit::Tokens,
        kind: ParamKind::range(100.0, 8000.0, 100.0),
        default: PREAMBLE_TOKENS,
        source: "the seed cards: \"about 1200 tokens\" of system line, tool description and project brief",
        help: "Tokens of the shared opening, the preamble, that every arrival prefills unless a copy is resident on its card.",
    },
    ParamSpec {
        name: "kv_kb",
        label: "KV per token",
        unit: Unit::Count("KB"),
        kind: ParamKind::range(10.0, 1000.0, 1.0),
        default: KV_KB_PER_TOKEN,
        source: "the seed cards: a 70B-class model's KV cache at 320 KB per token",
        help: "KV cache (the attention keys and values a prefill writes) per token; a preamble copy is the opening's tokens × this.",
    },
    ParamSpec {
        name: "policy",
        label: "Routing policy",
        unit: Unit::None,
        kind: ParamKind::Choice(POLICY_WORDS),
        default: 0.0,
        source: "the seed cards, which start from cache-blind round-robin",
        help: "How an arrival picks its card: round-robin in turn, blind to the cache, or by hashing its prompt family to the family's home.",
    },
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "round-robin-politeness",
        title: "Round-robin politeness",
        story: "Sixteen cards serve 40 req/s over 64 equally popular prompt families, each 1,200-token opening homed on one card (4 homes a card; 8 GB holds 20 copies of 384 MB). Round-robin meets the home card one time in 16: 6.25 % of arrivals hit, and the fleet re-prefills 37.5 openings a second, 45,000 wasted prefill tokens/s. Raise the scratch to 80 GB: still 6.25 %.",
        set: &[("policy", "round-robin")],
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
        set: &[("hot_share", "0.4"), ("families", "15"), ("policy", "hash")],
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
        set: &[("families", "400"), ("policy", "hash")],
        fix: Some(Fix {
            label: "10 GB of scratch",
            explain: "10 GB holds 26 copies of 384 MB, more than the 25 homes of any card, so nothing is evicted and every hashed arrival hits.",
            set: &[("scratch_gb", "10")],
        }),
    },
];

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
