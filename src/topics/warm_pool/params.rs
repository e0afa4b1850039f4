//! The warm pool's inputs: its constants, parameters and stories, and the
//! typed [`Input`] a run reads from them.

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
    ParamSpec::number(
        "warm",
        "Warm replicas",
        Unit::Count("replicas"),
        (0.0, MAX_POOL as f64, 1.0),
        1.0,
        "seed 003 middle ground: 1 warm replica",
        "Standby replicas booted and ready before the burst; each rents all day.",
    ),
    ParamSpec::number(
        "burst_replicas",
        "Replicas the burst needs",
        Unit::Count("replicas"),
        (1.0, MAX_POOL as f64, 1.0),
        4.0,
        "seed 003 worked example: bursts that need 4 replicas up at once",
        "Replicas the top of the burst needs; the rest of them launch when it starts.",
    ),
    ParamSpec::number(
        "cold_start_s",
        "Cold start",
        Unit::Seconds,
        (0.0, 600.0, 1.0),
        32.0,
        "seed 003 worked example: cold start of 32 s per replica",
        "Seconds from launch to admitting traffic: weights, cache, kernels.",
    ),
    ParamSpec::number(
        "price_per_hour",
        "Price per replica-hour",
        Unit::UsdPerHour,
        (0.1, 20.0, 0.05),
        2.5,
        "seed 003 worked example: an H100 renting at $2.50 per hour",
        "Rent of one replica for an hour.",
    ),
    ParamSpec::number(
        "rise_s",
        "Burst rise time",
        Unit::Seconds,
        (0.0, 600.0, 5.0),
        60.0,
        "chosen: the burst climbs to its top in a minute (seed 003: one warm replica 'absorbs the first seconds')",
        "Seconds the burst takes to climb from nothing to its top; 0 arrives all at once.",
    ),
    ParamSpec::number(
        "burst_s",
        "Burst length at the top",
        Unit::Seconds,
        (10.0, 3600.0, 10.0),
        60.0,
        "chosen: a one-minute spike at the top (a push notification, a class hitting submit)",
        "How long the burst holds at its top before it stops.",
    ),
    ParamSpec::number(
        "bursts_per_day",
        "Bursts per day",
        Unit::Count("per day"),
        (1.0, 96.0, 1.0),
        12.0,
        "chosen: a dozen spikes a day",
        "How often the pool earns its rent.",
    ),
    ParamSpec::number(
        "replica_rate",
        "Requests per replica",
        Unit::ReqPerS,
        (1.0, 200.0, 1.0),
        10.0,
        "seed 002's 3,000 tok/s per replica ÷ 300-token replies (chosen reply length)",
        "Requests per second one replica serves at the top of its SLO.",
    ),
    ParamSpec::number(
        "wait_target_s",
        "p95 wait target",
        Unit::Seconds,
        (1.0, 120.0, 1.0),
        10.0,
        "the model's target: a burst's p95 wait of at most 10 s",
        "The most the 95th-percentile burst arrival may wait.",
    ),
    ParamSpec::number(
        "rent_budget",
        "Idle rent budget",
        Unit::UsdPerYear,
        (0.0, 400_000.0, 500.0),
        30_000.0,
        "chosen: between one warm replica ($21,900/yr) and two ($43,800), the seed's middle path",
        "The most the standby pool may rent in a year.",
    ),
    ParamSpec::number(
        "wait_value",
        "Value of a user-hour of waiting",
        Unit::UsdPerHour,
        (0.0, 500.0, 1.0),
        20.0,
        "chosen: $20 per user-hour spent waiting (a round figure; move it)",
        "What an hour of users' waiting costs the business; prices the wait a pool removes.",
    ),
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "always-warm",
        title: "Always warm: all 4 standing by",
        story: "Keep all 4 replicas the burst needs booted all day: 4 × $2.50 × 24 = $240 a day, about $87,600 a year. No burst arrival ever waits, and most of that rent buys readiness nobody calls.",
        set: &[("warm", "4"), ("burst_replicas", "4")],
        fix: None,
    },
    Preset {
        id: "all-cold",
        title: "All cold: launch on the burst",
        story: "Keep nothing warm: $0 of idle rent. When the burst starts, all 4 replicas launch and each arrives 32 s late, so the first arrivals queue for up to half a minute and the backlog lingers after the pool is up.",
        set: &[("warm", "0"), ("burst_replicas", "4")],
        fix: None,
    },
    Preset {
        id: "one-warm",
        title: "The middle ground: one warm replica",
        story: "Keep 1 replica warm, about $21,900 a year. It absorbs the first seconds of the burst while the other 3 launch, and they arrive 32 s later to clear the small backlog: little queueing for a quarter of the always-warm rent.",
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
