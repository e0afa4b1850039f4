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

pub(super) const ALL: [Balancer; 5] = [
    Balancer::RoundRobin,
    Balancer::LeastLoaded,
    Balancer::Hash,
    Balancer::HashOverflow,
    Balancer::HashShard2,
];

impl Balancer {
    pub(super) fn from_word(w: &str) -> Balancer {
        match w {
            "least-loaded" => Balancer::LeastLoaded,
            "hash" => Balancer::Hash,
            "hash-overflow" => Balancer::HashOverflow,
            "hash-shard2" => Balancer::HashShard2,
            _ => Balancer::RoundRobin,
        }
    }
    pub(super) fn word(self) -> &'static str {
        BALANCERS[self as usize].0
    }
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

pub(super) static PARAMS: [ParamSpec; 6] = [
    ParamSpec {
        name: "cards",
        label: "Cards",
        unit: Unit::Count("cards"),
        kind: ParamKind::range(2.0, 256.0, 1.0),
        default: 64.0,
        source: "the worked example of the load-balancing seed card: a 64-card fleet",
        help: "Fleet size: cards, each a GPU serving one copy of the model. The family's other members are hashed one per card.",
    },
    ParamSpec {
        name: "hot_share",
        label: "Hot member's share of the family",
        unit: Unit::Share,
        kind: ParamKind::range(0.0, 1.0, 0.01),
        default: 0.8,
        source: "the worked example: one family owns 80 percent of arrivals",
        help: "The share of the family's arrivals that carry the hot member's preamble; the family's other members, one per remaining card, share the rest.",
    },
    ParamSpec {
        name: "family_share",
        label: "Family's share of fleet traffic",
        unit: Unit::Share,
        kind: ParamKind::range(0.01, 1.0, 0.01),
        default: 0.3,
        source: "the worked example: the family is 30 percent of all fleet traffic",
        help: "The share of all fleet traffic the family's arrivals make up; the rest is spread evenly over the cards.",
    },
    ParamSpec {
        name: "policy",
        label: "Balancer",
        unit: Unit::None,
        kind: ParamKind::Choice(BALANCERS),
        default: 0.0,
        source: "the seed card, which starts from round-robin, the plain answer",
        help: "What the balancer balances for: load (round-robin, least-loaded), or the family's cache (hashing, with a fallback for the hot member).",
    },
    ParamSpec {
        name: "cap",
        label: "Overflow cap",
        unit: Unit::Share,
        kind: ParamKind::range(0.05, 1.0, 0.01),
        default: HEADROOM,
        source: "the seed cards' headroom rule: the busiest card capped near 60 % of its decode capacity",
        help: "With overflow at the cap only: the sticky card keeps load up to this utilization, the rest of the card staying as headroom; the excess goes to other cards and misses the cache.",
    },
    ParamSpec {
        name: "family_load",
        label: "Family's arrivals, in cards of decode capacity",
        unit: Unit::Ratio,
        kind: ParamKind::log_range(0.05, 16.0, 0.05),
        default: 1.0,
        source: "Fleetlab's choice: the family alone would fill one card",
        help: "Turns shares into utilization: 1× means the family's arrivals equal one card's decode capacity.",
    },
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "round-robin",
        title: "Worked example: round-robin",
        story: "A 64-card fleet serves one family whose hot member owns 80 percent of its arrivals. Round-robin gives every card an equal 100/64 = 1.5625 % of the family, so the busiest card idles at the fleet's 5.2 % — and a card meets the family's resident copy one time in 64: perfect balance, a starved cache.",
        set: &[("policy", "round-robin")],
        fix: Some(Fix {
            label: "Hash the family, shard its hot member",
            explain: "Hashing sends each member to its one home card, so every arrival meets a resident copy, and sharding the hot member keeps its card at 44 %.",
            set: &[("policy", "hash-shard2")],
        }),
    },
    Preset {
        id: "hash",
        title: "Worked example: hash routing",
        story: "Hash routing sends the family to its home: the busiest card takes 80 + 20/63 = 80.32 % of the family, and one resident copy catches all of it. With the family 30 % of fleet traffic that card absorbs 24.1 points of fleet load; with the family worth one card of decode capacity it runs at 84 %, over the 60 % headroom, while the rest idle.",
        set: &[("policy", "hash")],
        fix: Some(Fix {
            label: "Shard the hot member across two cards",
            explain: "Two homes split the hot member's 80 %, so the busiest card carries 40 + 20/63 = 40.32 % of the family (44 % utilization) for one duplicate preamble copy.",
            set: &[("policy", "hash-shard2")],
        }),
    },
    Preset {
        id: "hash-shard2",
        title: "Shard the hot member across two cards",
        story: "The hot member gets two home cards, each taking half: the busiest card carries 40 + 20/63 = 40.32 % of the family, 12.1 points of fleet load, 44 % of its decode capacity. Locality stays 100 % at the price of one duplicate preamble copy (2 instead of 1). Try the balancer that overflows at the cap to see the other fallback: balance bought with misses.",
        set: &[("policy", "hash-shard2")],
        fix: None,
    },
];

typed_input! {
    /// The parameters of one run.
    pub(super) struct Input from p {
        n: usize = p.count("cards").max(2),
        h: f64 = p.get("hot_share"),
        w: f64 = p.get("family_share").max(0.01),
        balancer: Balancer = Balancer::from_word(p.choice("policy")),
        cap: f64 = p.get("cap"),
        load: f64 = p.get("family_load"),
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
