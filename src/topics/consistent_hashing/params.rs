//! The topic's inputs: the four schemes, the parameters with their defaults
//! from the worked example, the three stories, and the typed `Input` a run
//! reads from them.

use crate::engine::preamble::{KV_KB_PER_TOKEN, PREAMBLE_TOKENS};
use crate::model::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scheme {
    Modulo,
    Ring,
    Jump,
    Rendezvous,
}

const SCHEMES: &[(&str, &str)] = &[
    ("modulo", "modulo (key mod n)"),
    ("ring", "hash ring with virtual nodes"),
    ("jump", "jump consistent hash"),
    ("rendezvous", "rendezvous (highest random weight)"),
];
pub(super) const ALL: [Scheme; 4] = [
    Scheme::Modulo,
    Scheme::Ring,
    Scheme::Jump,
    Scheme::Rendezvous,
];

impl Scheme {
    fn from_word(w: &str) -> Scheme {
        match w {
            "ring" => Scheme::Ring,
            "jump" => Scheme::Jump,
            "rendezvous" => Scheme::Rendezvous,
            _ => Scheme::Modulo,
        }
    }
    pub(super) fn word(self) -> &'static str {
        SCHEMES[self as usize].0
    }
}

/// One preamble copy in MB: 1,200 tokens × 320 KB a token, decimal = 384 MB.
pub(super) const COPY_MB: f64 = PREAMBLE_TOKENS * KV_KB_PER_TOKEN / 1000.0;

pub(super) static PARAMS: [ParamSpec; 7] = [
    ParamSpec {
        name: "cards_before",
        label: "Cards before",
        unit: Unit::Count("cards"),
        kind: ParamKind::range(1.0, 512.0, 1.0),
        default: 64.0,
        source: "the worked example of the consistent-hashing seed card: a 64-card fleet",
        help: "The fleet's size before the resize, in cards: GPUs that each serve one copy of the model.",
    },
    ParamSpec {
        name: "cards_after",
        label: "Cards after",
        unit: Unit::Count("cards"),
        kind: ParamKind::range(1.0, 512.0, 1.0),
        default: 128.0,
        source: "the worked example: the fleet doubles to 128 cards",
        help: "The fleet's size after the resize.",
    },
    ParamSpec {
        name: "families",
        label: "Cached families",
        unit: Unit::Count("families"),
        kind: ParamKind::log_range(1.0, 100_000.0, 1.0),
        default: 64.0,
        source: "the worked example: 64 cached prompt families",
        help: "Prompt families (requests that share one opening, the preamble) whose copies live on some card.",
    },
    ParamSpec {
        name: "vnodes",
        label: "Virtual nodes per card",
        unit: Unit::Count("per card"),
        kind: ParamKind::range(1.0, 512.0, 1.0),
        default: 128.0,
        source: "Fleetlab's choice: 128 points per card, enough for even arcs",
        help: "Points (virtual nodes) each card owns on the ring; more points, more even arcs.",
    },
    ParamSpec {
        name: "scheme",
        label: "Scheme",
        unit: Unit::None,
        kind: ParamKind::Choice(SCHEMES),
        default: 0.0,
        source: "the seed card, which starts from naive modulo routing",
        help: "How a family's key picks its card.",
    },
    ParamSpec {
        name: "bound",
        label: "Bounded-load factor c (0 = off)",
        unit: Unit::Ratio,
        kind: ParamKind::range(0.0, 3.0, 0.05),
        default: 0.0,
        source: "Fleetlab's choice: off, like the seed card's plain ring",
        help: "Ring only: no card takes more than c times its even share of families (rounded up); the rest walk clockwise to the next card with room. 0 turns the bound off.",
    },
    ParamSpec {
        name: "copy_mb",
        label: "Preamble copy size",
        unit: Unit::Mb,
        kind: ParamKind::range(1.0, 4000.0, 1.0),
        default: COPY_MB,
        source: "the seed card: a 1,200-token preamble at 320 KB of KV cache a token, 384 MB in decimal units",
        help: "What re-prefilling one displaced family's preamble costs, in memory written.",
    },
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "modulo-doubling",
        title: "Worked example: modulo doubling",
        story: "A 64-card fleet doubles to 128 and routes 64 cached families by key mod n. A family keeps its card only when its key mod 128 stays under 64, so half of them move and re-prefill a 384 MB preamble each. Doubling is modulo's one good resize: try 65 cards.",
        set: &[
            ("cards_before", "64"),
            ("cards_after", "128"),
            ("families", "64"),
            ("scheme", "modulo"),
        ],
        fix: None,
    },
    Preset {
        id: "ring-plus-one",
        title: "One card joins a ring",
        story: "One card joins a 64-card hash ring with 128 virtual nodes per card. It takes over only its own arcs, so roughly 1 family in 65 moves; over 100,000 families the measured share sits beside the theory. Try 1 virtual node per card to see uneven arcs, and the load bound that evens them.",
        set: &[
            ("cards_before", "64"),
            ("cards_after", "65"),
            ("families", "100000"),
            ("scheme", "ring"),
            ("vnodes", "128"),
        ],
        fix: None,
    },
    Preset {
        id: "modulo-plus-one",
        title: "The +1 resize by modulo",
        story: "The same fleet adds one card, but routes by key mod n. A key keeps its card only if key mod 64 equals key mod 65: 1 key in 65. Modulo redraws nearly every assignment and the fleet re-prefills almost everything.",
        set: &[
            ("cards_before", "64"),
            ("cards_after", "65"),
            ("families", "100000"),
            ("scheme", "modulo"),
        ],
        fix: Some(Fix {
            label: "Route by jump consistent hash",
            explain: "Jump hash moves only the keys the new card must take: 1/65 of them.",
            set: &[("scheme", "jump")],
        }),
    },
];

typed_input! {
    /// A run's parameters, typed.
    pub(super) struct Input from p {
        n0: usize = p.count("cards_before").max(1),
        n1: usize = p.count("cards_after").max(1),
        families: usize = p.count("families").max(1),
        vnodes: usize = p.count("vnodes").max(1),
        scheme: Scheme = Scheme::from_word(p.choice("scheme")),
        /// 0 = off; otherwise at least 1.
        bound: f64 = p.get("bound"),
        copy_mb: f64 = p.get("copy_mb"),
    }
}

impl Input {
    /// The bound actually applied: off unless the scheme is the ring.
    pub(super) fn effective_bound(&self) -> Option<f64> {
        (self.scheme == Scheme::Ring && self.bound > 0.0).then(|| self.bound.max(1.0))
    }
}

/// The parameters the page shows first (what the stories resize and which
/// scheme places the families); the rest fold under "More parameters".
pub const KEY_PARAMS: &[&str] = &["cards_before", "cards_after", "families", "scheme"];
