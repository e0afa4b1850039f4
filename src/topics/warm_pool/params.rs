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
/// Closer to production, how many times the card's cold start (the floor:
/// a boot that goes as planned) the slowest launch in twenty takes (its
/// 95th percentile).
pub const SPREAD_P95_OVER_FLOOR: f64 = 2.0;

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/warm_pool.rs"));

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
        /// Closer to production: the launched replicas' cold starts spread
        /// above the slider's, with a heavy tail.
        spread: bool = p.production(),
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
