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
/// Closer to production: tokens per second one reply streams at (the drain
/// slider's source: a long reply at 25 tok/s), which turns a replica's load
/// into the requests it has in flight, the batch its GPU gauge sees.
pub const STREAM_TOK_S: f64 = 25.0;

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

choice_words!(Signal in SIGNALS: QueueDepth, TokensPerSecond, GpuUtilization);

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/autoscaling.rs"));

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
        /// Closer to production: the GPU gauge is the share of time a kernel
        /// runs, and the pool keeps its spare at the trough.
        production: bool = p.production(),
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
