//! Declarations: the checks' thresholds, the parameters with their sources,
//! the three stories with their fixes, and the typed input the model reads.

use crate::model::*;

/// The shared pool's utilization cap (the shared-cap check).
pub(super) const UTIL_CAP: f64 = 0.85;
/// The paid SLO on the mean queue wait (the paid-SLO check).
pub(super) const PAID_SLO_MS: f64 = 150.0;
/// The most of free demand the gateway may shed (the free-shed check).
pub(super) const SHED_LIMIT: f64 = 0.5;
/// The burst the bucket chart follows, in seconds.
pub(super) const BURST_SECONDS: f64 = 60.0;

const ON_OFF: &[(&str, &str)] = &[
    ("off", "off: the bucket admits the admit share"),
    ("on", "on: admit only the room under the 85 % cap"),
];

/// How the gateway spreads a pool's requests over its cards (simulation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assign {
    Random,
    RoundRobin,
}

const ASSIGN: &[(&str, &str)] = &[
    ("random", "random card (each card sees Poisson arrivals)"),
    (
        "round-robin",
        "round-robin (each card sees smoother arrivals)",
    ),
];

pub(super) static PARAMS: [ParamSpec; 14] = [
    ParamSpec {
        name: "service_ms",
        label: "Service time per request",
        unit: Unit::Ms,
        kind: ParamKind::log_range(5.0, 500.0, 0.01),
        default: 49.67,
        source: "Fleetlab's calibration: with 8,245 ÷ 166 = 49.67 ms, the seed cards' incident turns a 97 ms paid wait into 850 ms",
        help: "Mean time a card (a GPU serving one copy of the model) spends on one request; a card serves 1,000 ÷ this many requests a second (its rate μ).",
    },
    ParamSpec {
        name: "prov_cards",
        label: "Provisioned cards (paid only)",
        unit: Unit::Count("cards"),
        kind: ParamKind::range(0.0, 200.0, 1.0),
        default: 10.0,
        source: "Fleetlab's baseline: 10 provisioned cards",
        help: "Cards that exist for the paid tier only; their utilization sets the paid wait.",
    },
    ParamSpec {
        name: "shared_cards",
        label: "Shared cards (free, and spilled paid first)",
        unit: Unit::Count("cards"),
        kind: ParamKind::range(0.0, 400.0, 1.0),
        default: 30.0,
        source: "Fleetlab's baseline: 30 shared cards",
        help: "Cards that carry admitted free requests and any spilled paid ones, paid first.",
    },
    ParamSpec {
        name: "paid_rps",
        label: "Paid arrivals",
        unit: Unit::ReqPerS,
        kind: ParamKind::range(0.0, 5000.0, 0.05),
        default: 133.15,
        source: "Fleetlab's calibration to the seed cards' 97 ms: 133.15 requests a second keep 10 cards busy 66.14 % of the time",
        help: "Subscriber requests per second; their mean queue wait must stay inside the 150 ms SLO.",
    },
    ParamSpec {
        name: "free_rps",
        label: "Free arrivals",
        unit: Unit::ReqPerS,
        kind: ParamKind::range(0.0, 20_000.0, 1.0),
        default: 500.0,
        source: "Fleetlab's baseline: 500 requests a second (1,500 on launch day)",
        help: "Free-tier requests per second arriving at the gateway.",
    },
    ParamSpec {
        name: "admit_share",
        label: "Bucket admit share",
        unit: Unit::Share,
        kind: ParamKind::range(0.0, 1.0, 0.001),
        default: 0.8,
        source: "Fleetlab's baseline: admit 80 % of free requests",
        help: "The share of free demand the token bucket's refill grants each second; the rest is refused with a 429 (too many requests).",
    },
    ParamSpec {
        name: "bucket_capacity",
        label: "Bucket capacity",
        unit: Unit::Count("grants"),
        kind: ParamKind::range(0.0, 100_000.0, 100.0),
        default: 3000.0,
        source: "Fleetlab's baseline: a bucket of 3,000 grants",
        help: "Grants the full bucket holds: the burst it lets through before refusing.",
    },
    ParamSpec {
        name: "spill_share",
        label: "Paid spilled to the shared pool",
        unit: Unit::Share,
        kind: ParamKind::range(0.0, 1.0, 0.01),
        default: 0.0,
        source: "Fleetlab's baseline: no paid spill",
        help: "Share of paid requests sent to the shared pool, where they overtake free ones.",
    },
    ParamSpec {
        name: "burst_cards",
        label: "Rented burst cards",
        unit: Unit::Count("cards"),
        kind: ParamKind::range(0.0, 200.0, 1.0),
        default: 0.0,
        source: "Fleetlab's baseline: no burst cards",
        help: "Cards rented into the shared pool for a burst.",
    },
    ParamSpec {
        name: "loss_prov",
        label: "Incident: provisioned capacity lost",
        unit: Unit::Share,
        kind: ParamKind::range(0.0, 1.0, 0.01),
        default: 0.0,
        source: "Fleetlab's baseline: no loss (the incident story removes 30 %)",
        help: "An incident removes this share of the provisioned cards (rounded to whole cards); the service time stays.",
    },
    ParamSpec {
        name: "loss_shared",
        label: "Incident: shared capacity lost",
        unit: Unit::Share,
        kind: ParamKind::range(0.0, 1.0, 0.01),
        default: 0.0,
        source: "Fleetlab's baseline: no loss (the incident story removes 30 %)",
        help: "An incident removes this share of the shared cards (rounded to whole cards); the service time stays.",
    },
    ParamSpec {
        name: "shed_to_cap",
        label: "Shed free to the cap",
        unit: Unit::None,
        kind: ParamKind::Choice(ON_OFF),
        default: 0.0,
        source: "Fleetlab's baseline: off (the incident's fix turns it on)",
        help: "On: the bucket admits only the free requests that fit under the 85 % cap once spilled paid is served (rounded down), and the admit share is ignored.",
    },
    ParamSpec {
        name: "seed",
        label: "Simulation seed",
        unit: Unit::None,
        kind: ParamKind::range(0.0, 999.0, 1.0),
        default: 1.0,
        source: "Fleetlab's choice: any seed does, and the same seed gives the same run",
        help: "Seeds the request-by-request simulation shown beside the formulas, which also measures the tail waits (p95, p99).",
    },
    ParamSpec {
        name: "assignment",
        label: "Simulation: card assignment",
        unit: Unit::None,
        kind: ParamKind::Choice(ASSIGN),
        default: 0.0,
        source: "the formulas' assumption: arrivals spread evenly and at random over a pool's cards",
        help: "How the simulated gateway picks a card in a pool; the formulas assume random (Poisson per card).",
    },
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "normal-day",
        title: "A normal day",
        story: "133.15 paid req/s on 10 provisioned cards run them at 66.1 % for a 97 ms mean wait, and the bucket admits 80 % of 500 free req/s into the 30-card shared pool (66.2 %, free waits 97.4 ms). Every check passes: this is the baseline the launch and the incident break. Move the incident sliders to watch the operating point climb the curve.",
        set: &[
            ("service_ms", "49.67"),
            ("prov_cards", "10"),
            ("shared_cards", "30"),
            ("paid_rps", "133.15"),
            ("free_rps", "500"),
            ("admit_share", "0.8"),
            ("bucket_capacity", "3000"),
        ],
        fix: None,
    },
    Preset {
        id: "launch-day",
        title: "Launch-day burst",
        story: "Launch day triples free arrivals to 1,500 req/s and the bucket still admits 80 % of them (1,200 req/s) into 30 shared cards that serve 604 req/s. The shared pool jams at 198.7 % and the free wait is unbounded, while the provisioned pool keeps paid at 97 ms. Tightening alone (admit 513/s) holds the cap but sheds 65.8 % of free.",
        set: &[("free_rps", "1500")],
        fix: Some(Fix {
            label: "Rent 23 burst cards and admit 60 %",
            explain: "900 free req/s on 53 shared cards run the pool at 84.4 %, under the cap, while the gateway sheds 40 %, within the 50 % limit.",
            set: &[("burst_cards", "23"), ("admit_share", "0.6")],
        }),
    },
    Preset {
        id: "incident",
        title: "Incident: 30 % of capacity gone",
        story: "An incident removes 30 % of both pools, 10 → 7 provisioned and 30 → 21 shared cards, with the service time unchanged. The provisioned pool climbs from 66.1 % to 94.5 % and the paid wait from 97 ms to 850 ms; the shared pool sits at 94.6 %.",
        set: &[("loss_prov", "0.3"), ("loss_shared", "0.3")],
        fix: Some(Fix {
            label: "Spill 30 % of paid and shed free to the cap",
            explain: "40 paid req/s move to the shared pool where they overtake free (46.6 ms), the provisioned pool is back at 97.0 ms, and the bucket admits only the 319 free req/s the 85 % cap leaves.",
            set: &[("spill_share", "0.3"), ("shed_to_cap", "on")],
        }),
    },
];

typed_input! {
    /// The parameters as the model reads them: clamped, counted, chosen.
    pub(super) struct Input from p {
        s: f64 = p.get("service_ms").max(1e-6),
        c_p: usize = p.count("prov_cards"),
        c_s: usize = p.count("shared_cards"),
        paid: f64 = p.get("paid_rps").max(0.0),
        free: f64 = p.get("free_rps").max(0.0),
        admit: f64 = p.get("admit_share").clamp(0.0, 1.0),
        bucket: f64 = p.get("bucket_capacity").max(0.0),
        spill: f64 = p.get("spill_share").clamp(0.0, 1.0),
        burst: usize = p.count("burst_cards"),
        loss_p: f64 = p.get("loss_prov"),
        loss_s: f64 = p.get("loss_shared"),
        shed_to_cap: bool = p.choice("shed_to_cap") == "on",
        seed: u64 = p.count("seed") as u64,
        assign: Assign = if p.choice("assignment") == "round-robin" {
            Assign::RoundRobin
        } else {
            Assign::Random
        },
    }
}

/// The parameters the page shows first (the free surge of launch day and the
/// levers its fixes move); the rest fold under "More parameters".
pub const KEY_PARAMS: &[&str] = &["free_rps", "admit_share", "burst_cards", "spill_share"];
