//! The autoscaling topic's inputs: the day's clock, the autoscaler's limits,
//! the sliders with their sources, the three stories, and `Day`, the typed
//! input one simulated day reads from them.

use crate::engine::replica::PRICE_PER_HOUR;
use crate::model::*;

/// Seconds in the simulated day.
pub(super) const DAY_S: usize = 86_400;
/// The rise begins at 08:00.
pub(super) const RISE_AT: usize = 8 * 3600;
/// The fall begins at 18:00 ...
pub(super) const FALL_AT: usize = 18 * 3600;
/// ... and takes four hours.
pub(super) const FALL_S: usize = 4 * 3600;
/// Kubernetes HPA's default scale-down stabilization window (5 minutes).
pub(super) const STABILIZE_S: usize = 300;
/// Seed of the minute-to-minute swing.
pub(super) const SWING_SEED: u64 = 2;
/// Most replicas the autoscaler will ask for.
pub(super) const MAX_REPLICAS: u32 = 2000;
/// Ring of pending arrivals and drain ends; longer than any cold start or drain.
pub(super) const RING: usize = 1024;
/// Idle is measured against the need plus this one spare (N + 1).
pub(super) const IDLE_SPARE: i64 = 1;
/// Threshold of the idle check.
pub(super) const IDLE_MAX: f64 = 0.30;

/// What the autoscaler reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    QueueDepth,
    TokensPerSecond,
    GpuUtilization,
}

const SIGNALS: &[(&str, &str)] = &[
    ("queue-depth", "queue depth (in flight + waiting)"),
    ("tokens-per-second", "tokens per second vs the ceiling"),
    ("gpu-utilization", "GPU utilization gauge"),
];

impl Signal {
    pub(super) fn from_word(w: &str) -> Signal {
        match w {
            "tokens-per-second" => Signal::TokensPerSecond,
            "gpu-utilization" => Signal::GpuUtilization,
            _ => Signal::QueueDepth,
        }
    }
    pub(super) fn word(self) -> &'static str {
        SIGNALS[self as usize].0
    }
}

pub(super) static PARAMS: [ParamSpec; 14] = [
    ParamSpec {
        name: "replica_ceiling",
        label: "Replica ceiling inside the latency target",
        unit: Unit::TokPerS,
        kind: ParamKind::range(500.0, 20_000.0, 100.0),
        default: 3000.0,
        source: "the worked example of the autoscaling seed card: one replica sustains 3,000 tokens per second inside the latency target (SLO)",
        help: "Tokens per second (tok/s) one replica, a complete inference server on its GPU, serves in total without breaking the latency target (SLO).",
    },
    ParamSpec {
        name: "peak",
        label: "Peak demand",
        unit: Unit::TokPerS,
        kind: ParamKind::log_range(1000.0, 100_000.0, 100.0),
        default: 9000.0,
        source: "the worked example: peak demand of 9,000 tokens per second",
        help: "The day's top demand (before the minute-to-minute swing).",
    },
    ParamSpec {
        name: "trough",
        label: "Trough demand",
        unit: Unit::TokPerS,
        kind: ParamKind::range(0.0, 100_000.0, 100.0),
        default: 4500.0,
        source: "the worked example: traffic halves to 4,500 tokens per second",
        help: "Overnight demand; the worked example's 'traffic halves' level.",
    },
    ParamSpec {
        name: "spare",
        label: "Spare replicas",
        unit: Unit::Count("replicas"),
        kind: ParamKind::range(0.0, 8.0, 1.0),
        default: 1.0,
        source: "the seed card: one spare absorbs a deploy or a failure (3 + 1 = 4)",
        help: "Spare replicas kept above the need, for a failure, a deploy or a swing.",
    },
    ParamSpec {
        name: "floor",
        label: "Floor",
        unit: Unit::Count("replicas"),
        kind: ParamKind::range(1.0, 32.0, 1.0),
        default: 2.0,
        source: "the seed card: keep a floor for redundancy at the minimum size (2 carry the trough)",
        help: "The fewest replicas the autoscaler keeps, whatever the signal says.",
    },
    ParamSpec {
        source: "the worked example: cards (GPUs) rent at $2.50 per hour",
        help: "Rent of one replica for an hour, booting and draining included.",
        ..PRICE_PER_HOUR
    },
    ParamSpec {
        name: "cold_start_s",
        label: "Cold start",
        unit: Unit::Seconds,
        kind: ParamKind::range(0.0, 900.0, 1.0),
        default: 32.0,
        source: "the warm-pool seed card's boot time: a cold start of 32 s",
        help: "Seconds from launch until a replica admits traffic, its cold start: loading the weights, allocating the KV cache, warming the kernels.",
    },
    ParamSpec {
        name: "forecast_s",
        label: "Forecast window",
        unit: Unit::Seconds,
        kind: ParamKind::range(0.0, 3600.0, 10.0),
        default: 60.0,
        source: "Fleetlab's choice: look 60 s ahead",
        help: "How far ahead the autoscaler looks along the day's curve; 0 reacts to the last second only.",
    },
    ParamSpec {
        name: "drain_s",
        label: "Scale-down drain",
        unit: Unit::Seconds,
        kind: ParamKind::range(0.0, 600.0, 5.0),
        default: 60.0,
        source: "Fleetlab's choice: a long reply (1,500 tokens at 25 tokens per second a stream) finishes within 60 s",
        help: "A removed replica stops admitting and bills this long while its in-flight replies finish.",
    },
    ParamSpec {
        name: "signal",
        label: "Signal",
        unit: Unit::None,
        kind: ParamKind::Choice(SIGNALS),
        default: 0.0,
        source: "the seed card: 'a live signal such as queue depth'",
        help: "What the autoscaler reads to size the pool.",
    },
    ParamSpec {
        name: "wait_slo_s",
        label: "Queueing wait SLO",
        unit: Unit::Seconds,
        kind: ParamKind::range(0.5, 30.0, 0.5),
        default: 2.0,
        source: "Fleetlab's choice (the seed cards state none): a first token within about 2 s of queueing",
        help: "The most a token may wait in the queue before the second counts as a breach.",
    },
    ParamSpec {
        name: "ramp_s",
        label: "Morning rise time",
        unit: Unit::Seconds,
        kind: ParamKind::range(60.0, 14_400.0, 60.0),
        default: 7200.0,
        source: "Fleetlab's choice: a business day that climbs from trough to peak over two hours from 08:00",
        help: "How long the morning climb from trough to peak takes; short is a surge.",
    },
    ParamSpec {
        name: "swing",
        label: "Minute-to-minute swing",
        unit: Unit::Share,
        kind: ParamKind::range(0.0, 0.3, 0.01),
        default: 0.0,
        source: "Fleetlab's choice: the worked example's day follows its curve exactly; the GPU-utilization trap adds ±5 %",
        help: "How far demand wanders around the curve (a fixed seeded pattern).",
    },
    ParamSpec {
        name: "gauge_cap",
        label: "GPU gauge saturates at",
        unit: Unit::Share,
        kind: ParamKind::range(0.3, 1.0, 0.05),
        default: 0.6,
        source: "the seed card: decode is memory-bound, so the GPU-utilization gauge flattens (Fleetlab puts it near 60 %)",
        help: "Where the GPU utilization gauge flattens however deep the queue; 100 % is an honest gauge.",
    },
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "peak-with-spare",
        title: "Worked example: the peak with a spare",
        story: "One replica sustains 3,000 tok/s inside the SLO and the peak is 9,000 tok/s: 3 replicas leave zero headroom, so one spare makes 4, $10.00 an hour against $7.50. When traffic halves to 4,500 tok/s the need is 1.5 replicas, 2 carry it and 2 are released. The day below runs that fleet on a queue-depth autoscaler.",
        set: &[
            ("replica_ceiling", "3000"),
            ("peak", "9000"),
            ("trough", "4500"),
            ("spare", "1"),
            ("floor", "2"),
            ("price_per_hour", "2.5"),
            ("signal", "queue-depth"),
        ],
        fix: None,
    },
    Preset {
        id: "gpu-util-trap",
        title: "The GPU-utilization trap",
        story: "The same 9,000 tok/s day, wandering ±5 % minute to minute, scaled on the GPU utilization gauge. Decode is memory-bound, so the gauge flattens near 60 % however deep the queue: the autoscaler reads 40 % headroom, stops at 3 replicas for a 9,000 tok/s peak, and every upward swing queues.",
        set: &[("signal", "gpu-utilization"), ("swing", "0.05")],
        fix: Some(Fix {
            label: "Scale on queue depth",
            explain: "Queue depth counts the work waiting, so it sees the peak the gauge hides and keeps the fourth replica.",
            set: &[("signal", "queue-depth")],
        }),
    },
    Preset {
        id: "late-ramp",
        title: "The late ramp",
        story: "Overnight the pool idles at 1,500 tok/s on 2 replicas; at 08:00 demand climbs to 9,000 tok/s in five minutes. A 70B replica takes 4 minutes to boot and the autoscaler has no forecast window, so each launch lands after the demand it was meant for and the queue spikes.",
        set: &[
            ("trough", "1500"),
            ("ramp_s", "300"),
            ("cold_start_s", "240"),
            ("forecast_s", "0"),
        ],
        fix: Some(Fix {
            label: "Forecast 300 s ahead",
            explain: "Looking 300 s along the day's curve launches each replica a cold start before the demand it serves arrives.",
            set: &[("forecast_s", "300")],
        }),
    },
];

typed_input! {
    /// The inputs of one simulated day (everything but the price, which only
    /// scales the bill).
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Day from p {
        /// tok/s one replica sustains inside the SLO.
        ceiling: f64 = p.get("replica_ceiling").max(1.0),
        peak: f64 = p.get("peak").max(1.0),
        /// At most the peak.
        trough: f64 = p.get("trough").clamp(0.0, peak),
        spare: u32 = p.count("spare") as u32,
        /// At least 1.
        floor: u32 = (p.count("floor") as u32).max(1),
        cold_start_s: usize = p.count("cold_start_s").min(RING - 2),
        forecast_s: usize = p.count("forecast_s"),
        drain_s: usize = p.count("drain_s").min(RING - 2),
        signal: Signal = Signal::from_word(p.choice("signal")),
        wait_slo_s: f64 = p.get("wait_slo_s").max(0.01),
        ramp_s: usize = p.count("ramp_s").max(1),
        swing: f64 = p.get("swing").clamp(0.0, 0.9),
        gauge_cap: f64 = p.get("gauge_cap").clamp(0.01, 1.0),
    }
}

impl Default for Day {
    /// The worked example's day (the parameters' defaults).
    fn default() -> Day {
        Day::read(&Params::defaults(&PARAMS))
    }
}

/// The parameters the page shows first (the signal the GPU-gauge trap
/// switches, the spare, and the launch lead the late ramp shortens); the rest
/// fold under "More parameters".
pub const KEY_PARAMS: &[&str] = &["signal", "spare", "forecast_s", "cold_start_s"];
