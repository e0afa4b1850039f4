//! The warm pool's inputs: its constants, parameters and stories, and the
//! typed [`Input`] a run reads from them.

use crate::engine::replica::PRICE_PER_HOUR;
use crate::model::*;

/// Hours in a day, days in a year (the seed's 365).
pub(super) const HOURS_PER_DAY: f64 = 24.0;
pub(super) const DAYS_PER_YEAR: f64 = 365.0;
/// The largest pool the page considers (the slider's top).
pub const MAX_POOL: usize = 16;
/// Even slices of one burst's timeline.
pub(super) const SLICES: usize = 2000;
/// Points per series on the timeline chart.
pub(super) const DRAWN: usize = 400;

pub(super) static PARAMS: [ParamSpec; 11] = [
    ParamSpec {
        name: "warm",
        label: "Warm replicas",
        unit: Unit::Count("replicas"),
        kind: ParamKind::range(0.0, MAX_POOL as f64, 1.0),
        default: 1.0,
        source: "the middle ground of the warm-pool seed card: 1 warm replica",
        help: "Standby replicas (the warm pool) booted and ready before the burst; each rents its GPU all day.",
    },
    ParamSpec {
        name: "burst_replicas",
        label: "Replicas the burst needs",
        unit: Unit::Count("replicas"),
        kind: ParamKind::range(1.0, MAX_POOL as f64, 1.0),
        default: 4.0,
        source: "the worked example: bursts that need 4 replicas up at once",
        help: "Replicas the top of the burst needs; the rest of them launch when it starts.",
    },
    ParamSpec {
        name: "cold_start_s",
        label: "Cold start",
        unit: Unit::Seconds,
        kind: ParamKind::range(0.0, 600.0, 1.0),
        default: 32.0,
        source: "the worked example: a cold start of 32 s per replica",
        help: "Seconds from launch to admitting traffic (a cold start): loading weights, allocating the KV cache, warming kernels.",
    },
    ParamSpec {
        source: "the worked example: an H100 GPU renting at $2.50 per hour",
        help: "Rent of one replica for an hour.",
        ..PRICE_PER_HOUR
    },
    ParamSpec {
        name: "rise_s",
        label: "Burst rise time",
        unit: Unit::Seconds,
        kind: ParamKind::range(0.0, 600.0, 5.0),
        default: 60.0,
        source: "Fleetlab's choice: the burst climbs to its top in a minute, so one warm replica can absorb the first seconds, as the seed card says",
        help: "Seconds the burst takes to climb from nothing to its top; 0 arrives all at once.",
    },
    ParamSpec {
        name: "burst_s",
        label: "Burst length at the top",
        unit: Unit::Seconds,
        kind: ParamKind::range(10.0, 3600.0, 10.0),
        default: 60.0,
        source: "Fleetlab's choice: a one-minute spike at the top (a push notification, a class hitting submit)",
        help: "How long the burst holds at its top before it stops.",
    },
    ParamSpec {
        name: "bursts_per_day",
        label: "Bursts per day",
        unit: Unit::Count("per day"),
        kind: ParamKind::range(1.0, 96.0, 1.0),
        default: 12.0,
        source: "Fleetlab's choice: a dozen spikes a day",
        help: "How often the pool earns its rent.",
    },
    ParamSpec {
        name: "replica_rate",
        label: "Requests per replica",
        unit: Unit::ReqPerS,
        kind: ParamKind::range(1.0, 200.0, 1.0),
        default: 10.0,
        source: "the autoscaling seed card's 3,000 tokens per second a replica, divided by replies of 300 tokens (Fleetlab's choice of reply length)",
        help: "Requests per second one replica serves while keeping its latency target (SLO).",
    },
    ParamSpec {
        name: "wait_target_s",
        label: "p95 wait target",
        unit: Unit::Seconds,
        kind: ParamKind::range(1.0, 120.0, 1.0),
        default: 10.0,
        source: "Fleetlab's target: 95 % of a burst's arrivals wait at most 10 s",
        help: "The longest wait allowed for 95 % of burst arrivals (the p95: only 1 arrival in 20 may wait longer).",
    },
    ParamSpec {
        name: "rent_budget",
        label: "Idle rent budget",
        unit: Unit::UsdPerYear,
        kind: ParamKind::range(0.0, 400_000.0, 500.0),
        default: 30_000.0,
        source: "Fleetlab's choice: between one warm replica ($21,900 a year) and two ($43,800), the seed card's middle path",
        help: "The most the standby pool may rent in a year.",
    },
    ParamSpec {
        name: "wait_value",
        label: "Value of a user-hour of waiting",
        unit: Unit::UsdPerHour,
        kind: ParamKind::range(0.0, 500.0, 1.0),
        default: 20.0,
        source: "Fleetlab's choice: $20 per user-hour spent waiting (a round figure; move it)",
        help: "What an hour of users' waiting costs the business; prices the wait a pool removes.",
    },
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "always-warm",
        title: "Always warm: all 4 standing by",
        story: "Keep all 4 replicas the burst needs booted all day: 4 × $2.50 × 24 = $240 a day, about $87,600 a year. No burst arrival ever waits, and most of that rent buys readiness nobody calls.",
        set: &[("warm", "4"), ("burst_replicas", "4")],
        fix: Some(Fix {
            label: "Keep one warm, launch the rest",
            explain: "One warm replica absorbs the first seconds of the burst while the other 3 boot: the p95 wait stays near 2 s, and the standby rent falls to $21,900 a year, inside the budget.",
            set: &[("warm", "1")],
        }),
    },
    Preset {
        id: "all-cold",
        title: "All cold: launch on the burst",
        story: "Keep nothing warm: $0 of idle rent. When the burst starts, all 4 replicas launch and each arrives 32 s late, so the first arrivals queue for up to half a minute and the backlog lingers after the pool is up.",
        set: &[("warm", "0"), ("burst_replicas", "4")],
        fix: Some(Fix {
            label: "Keep one replica warm",
            explain: "One warm replica serves from the first second, so only 3 replicas' worth of demand piles up while they boot: the p95 wait drops from about 13 s to about 2 s for $21,900 a year of standby rent.",
            set: &[("warm", "1")],
        }),
    },
    Preset {
        id: "one-warm",
        title: "The middle ground: one warm replica",
        story: "Keep 1 replica warm, about $21,900 a year. It absorbs the first seconds of the burst while the other 3 launch, and they arrive 32 s later to clear the small backlog: little queueing for a quarter of the always-warm rent. This is the seed card's answer, and the baseline the other two stories are fixed towards.",
        set: &[("warm", "1"), ("burst_replicas", "4")],
        fix: None,
    },
];

typed_input! {
    /// The burst's shape and the pool's response, without the pool size.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub(super) struct Shape from p {
        /// Replicas the top needs (`k`).
        need: u32 = (p.count("burst_replicas") as u32).max(1),
        cold_start_s: f64 = p.get("cold_start_s"),
        rise_s: f64 = p.get("rise_s"),
        /// Length at the top.
        hold_s: f64 = p.get("burst_s"),
        /// req/s per replica.
        rate: f64 = p.get("replica_rate").max(1e-6),
    }
}

typed_input! {
    /// One run's parameters, typed.
    pub(super) struct Input from p {
        warm: u32 = p.count("warm") as u32,
        shape: Shape = Shape::read(p),
        price: f64 = p.get("price_per_hour"),
        bursts_per_day: f64 = p.get("bursts_per_day"),
        target_s: f64 = p.get("wait_target_s"),
        budget: f64 = p.get("rent_budget"),
        wait_value: f64 = p.get("wait_value"),
    }
}

/// The parameters the page shows first (the pool size every story sets, and
/// the burst, cold start and price it is weighed against); the rest fold
/// under "More parameters".
pub const KEY_PARAMS: &[&str] = &["warm", "burst_replicas", "cold_start_s", "price_per_hour"];
