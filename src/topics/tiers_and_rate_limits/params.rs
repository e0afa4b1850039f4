//! Declarations: the checks' thresholds, the parameters with their sources
//! (the price per card-hour is the engine's, as the replica topics take it),
//! the three stories with their fixes, and the typed input the model reads.

use crate::engine::replica::PRICE_PER_HOUR;
use crate::model::*;

/// The shared pool's utilization cap (the shared-cap check).
pub(super) const UTIL_CAP: f64 = 0.85;
/// The paid SLO on the queue wait (the paid-SLO check): on the mean in the
/// seed card's model, on the p95 ([`SLO_QUANTILE`]) closer to production.
pub(super) const PAID_SLO_MS: f64 = 150.0;
/// The quantile the paid SLO judges closer to production.
pub(super) const SLO_QUANTILE: f64 = 0.95;
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

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/tiers_and_rate_limits.rs"));

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
        /// $ per card-hour, and tokens a request (prompt and reply).
        price: f64 = p.get("price_per_hour").max(0.0),
        tokens: f64 = p.get("tokens_per_request").max(0.0),
        seed: u64 = p.count("seed") as u64,
        assign: Assign = if p.choice("assignment") == "round-robin" {
            Assign::RoundRobin
        } else {
            Assign::Random
        },
        /// Closer to production: one queue per pool, a constant-rate bucket,
        /// the paid SLO on the p95.
        production: bool = p.production(),
        /// The normal day's free arrivals (the free-arrivals slider's
        /// default): closer to production, the bucket refills at the admit
        /// share of this, whatever the demand.
        base_free: f64 = default_of("free_rps"),
    }
}

/// A parameter's declared default (0 for a name not declared).
fn default_of(name: &str) -> f64 {
    PARAMS
        .iter()
        .find(|s| s.name == name)
        .map_or(0.0, |s| s.default)
}

impl Input {
    /// The bucket's admit share as a refill, req/s: of the current free
    /// demand on the seed card, of the normal day's closer to production.
    pub(super) fn admit_refill(&self) -> f64 {
        if self.production {
            self.admit * self.base_free
        } else {
            self.admit * self.free
        }
    }
}

/// The parameters the page shows first (the free surge of launch day and the
/// levers its fixes move); the rest fold under "More parameters".
pub const KEY_PARAMS: &[&str] = &["free_rps", "admit_share", "burst_cards", "spill_share"];
