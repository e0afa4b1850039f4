//! # Warm pools: the model
//!
//! The arithmetic of a warm pool: what standby replicas rent, and how a
//! burst meets a pool of `w` warm replicas while the rest launch.
//!
//! Source: the "Model warm pool" seed card (003) for the rent, the cold start
//! and the three stories; the burst model (one fluid FIFO queue, a p95 wait
//! target of 10 s) follows the project's concepts spec for warm pools.
//!
//! ## Rent (the seed's worked example)
//!
//! A warm replica rents its card all day whether or not anyone calls it:
//! idle rent = `w × price × 24` per day (dollars), `× 365` per year. Always
//! warm for a burst of `k = 4`: 4 × $2.50 × 24 = $240/day = $87,600/year; one
//! warm replica $21,900/year; all cold $0, and each of the `k − w` launched
//! replicas arrives a cold start (32 s) late.
//!
//! ## The burst (fluid FIFO model)
//!
//! A burst needs `k` replicas of `r` req/s at its top: demand climbs linearly
//! from 0 to `k·r` over the rise time, holds for the burst length, then stops.
//! At its start the `w` warm replicas serve at once and the other `k − w`
//! launch, ready after the cold start `T` (seconds): capacity is `w·r` before
//! `T` and `k·r` after. Demand above capacity waits in one FIFO queue; the
//! backlog is the demand the booting replicas miss. For a burst that arrives
//! all at once (rise 0) the backlog at `T` is `(k − w)·r·T` requests (missing
//! replicas × rate × cold start: 3 × 10 × 32 = 960 for one warm replica).
//! [`Burst`] holds these curves; the simulation steps them (see `sim.rs`).
//!
//! Closed form for a step burst of length `L ≥ w·T/k`: total wait
//! `W = r·(k − w)·T·(L − w·T/(2k))` request-seconds; the tests hold the
//! simulation to it.
//!
//! ## Cold starts closer to production
//!
//! The card gives every launched replica the same cold start `T`. Closer to
//! production ([`Shape::spread`]) each launched replica has its own: the
//! boot the card times (the weights read at full speed, the engine's start)
//! is the floor, and delays only add to it: an image pull on a node without
//! the image, the weights fetched from network or object storage rather
//! than host memory or local NVMe, a busy node. Fleetlab takes a Pareto
//! spread above the floor (a power tail) whose 95th percentile is twice the
//! floor, `Q(q) = T·(1 − q)^(−1/α)` with `20^(1/α) = 2`, and places the
//! `j`-th of `m` launched replicas at its quantile `(j − ½)/m`
//! ([`launch_spread`]): one launch comes up at 1.17·T; of 3, at 1.04·T,
//! 1.17·T and 1.51·T; of 4, the last at 1.62·T. A burst arriving at once
//! then leaves `r·Σ T_j` requests when the last one lands (the missing
//! replicas × rate × their mean cold start).
//!
//! ## What the pool buys
//!
//! Wait removed by `w` = wait with no pool − wait with `w`, per burst, times
//! bursts per day; priced at the value of a user-hour of waiting. The
//! break-even pool is where one more replica would rent more than the wait it
//! removes is worth: the `w` minimizing rent − value of the wait removed.

use super::params::{Shape, DAYS_PER_YEAR, HOURS_PER_DAY, MAX_POOL, SPREAD_P95_OVER_FLOOR};

/// Challenge C1, idle rent per year of `w` warm replicas:
/// `w × price per hour × 24 × 365`.
pub fn idle_rent_per_year(warm: u32, price_per_hour: f64) -> f64 {
    idle_rent_per_day(warm, price_per_hour) * DAYS_PER_YEAR
}

/// Idle rent per day: `w × price per hour × 24`.
pub(super) fn idle_rent_per_day(warm: u32, price_per_hour: f64) -> f64 {
    warm as f64 * price_per_hour * HOURS_PER_DAY
}

/// Challenge C2, the backlog a cold start leaves when the burst arrives at
/// once: `missing replicas × rate × cold start` (requests).
pub fn cold_start_backlog(missing: u32, rate: f64, cold_start_s: f64) -> f64 {
    missing as f64 * rate * cold_start_s
}

/// Total wait (request-seconds) of a burst that arrives at once at `k·r`
/// req/s for `length_s`, with `w` warm replicas and `k − w` launched at its
/// start: `r·(k − w)·T·(L − w·T/(2k))` when `L ≥ w·T/k`, else
/// `r·(k − w)·k·L²/(2w)`. Used by challenge C3 and by the tests of the
/// simulation.
pub fn step_burst_wait(warm: u32, need: u32, rate: f64, cold_start_s: f64, length_s: f64) -> f64 {
    if warm >= need || need == 0 {
        return 0.0;
    }
    let (w, k, t, l) = (warm as f64, need as f64, cold_start_s, length_s);
    if w == 0.0 || l >= w * t / k {
        rate * (k - w) * t * (l - w * t / (2.0 * k))
    } else {
        rate * (k - w) * k * l * l / (2.0 * w)
    }
}

/// Challenge C3, the break-even pool: the pool size past which one more
/// replica rents more than the wait it removes is worth, i.e. the `w` that
/// minimizes `w · rent per replica − removed[w]` (the smallest on a tie;
/// `removed[w]` is the daily cost of the wait `w` warm replicas remove, 0 at
/// `w = 0`). Where the removed wait flattens (at `k`), so does the answer.
pub fn break_even_pool(rent_per_replica_day: f64, removed_per_day: &[f64]) -> usize {
    let mut best = (0usize, 0.0f64);
    for (w, r) in removed_per_day.iter().enumerate() {
        let net = rent_per_replica_day * w as f64 - r;
        if net < best.1 - 1e-9 {
            best = (w, net);
        }
    }
    best.0
}

/// Closer to production, the cold starts of `launched` replicas launched
/// together, soonest first: the `j`-th at the `(j − ½)/m` quantile of a
/// Pareto spread whose floor is `cold_start_s` and whose 95th percentile is
/// [`SPREAD_P95_OVER_FLOOR`] times it.
pub fn launch_spread(launched: usize, cold_start_s: f64) -> Vec<f64> {
    // (1 − 0.95)^(−1/α) = SPREAD_P95_OVER_FLOOR.
    let inv_alpha = SPREAD_P95_OVER_FLOOR.ln() / 20f64.ln();
    (0..launched)
        .map(|j| {
            let q = (j as f64 + 0.5) / launched as f64;
            cold_start_s * (1.0 - q).powf(-inv_alpha)
        })
        .collect()
}

/// One burst met by `warm` standby replicas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Burst {
    pub(super) warm: u32,
    pub(super) shape: Shape,
    /// When each launched replica is ready, soonest first (the first
    /// [`Burst::launched`] entries): all at the cold start on the seed card,
    /// spread closer to production.
    ready_at: [f64; MAX_POOL],
}

impl Burst {
    pub(super) fn new(warm: u32, shape: Shape) -> Burst {
        let m = (shape.need.saturating_sub(warm) as usize).min(MAX_POOL);
        let mut ready_at = [shape.cold_start_s; MAX_POOL];
        if shape.spread {
            ready_at[..m].copy_from_slice(&launch_spread(m, shape.cold_start_s));
        }
        Burst {
            warm,
            shape,
            ready_at,
        }
    }
    /// When the launched replicas are ready, soonest first.
    pub(super) fn launches(&self) -> &[f64] {
        &self.ready_at[..(self.launched() as usize).min(MAX_POOL)]
    }
    /// When the last launched replica is ready (the cold start when none
    /// is launched).
    pub(super) fn last_ready(&self) -> f64 {
        self.launches()
            .last()
            .copied()
            .unwrap_or(self.shape.cold_start_s)
    }
    /// The backlog a burst arriving at once leaves when the last launched
    /// replica lands: `missing × rate × cold start` on the seed card,
    /// `rate × Σ T_j` closer to production.
    pub(super) fn step_backlog(&self) -> f64 {
        let r = self.shape.rate;
        if self.shape.spread {
            r * self.launches().iter().sum::<f64>()
        } else {
            cold_start_backlog(self.launched(), r, self.shape.cold_start_s)
        }
    }
    fn peak(&self) -> f64 {
        self.shape.need as f64 * self.shape.rate
    }
    /// When arrivals stop.
    fn end(&self) -> f64 {
        self.shape.rise_s + self.shape.hold_s
    }
    pub(super) fn launched(&self) -> u32 {
        self.shape.need.saturating_sub(self.warm)
    }
    /// Requests arrived by `t`.
    pub(super) fn arrived(&self, t: f64) -> f64 {
        let (p, rise) = (self.peak(), self.shape.rise_s);
        let t = t.min(self.end()).max(0.0);
        if rise <= 0.0 {
            p * t
        } else if t <= rise {
            p * t * t / (2.0 * rise)
        } else {
            p * (rise / 2.0 + (t - rise))
        }
    }
    /// Demand (req/s) at `t`.
    pub(super) fn demand(&self, t: f64) -> f64 {
        if t < 0.0 || t >= self.end() {
            0.0
        } else if t < self.shape.rise_s {
            self.peak() * t / self.shape.rise_s
        } else {
            self.peak()
        }
    }
    /// Requests the pool can have served by `t` (cumulative capacity).
    pub(super) fn capacity_by(&self, t: f64) -> f64 {
        let r = self.shape.rate;
        if !self.shape.spread {
            return self.warm as f64 * r * t
                + self.launched() as f64 * r * (t - self.shape.cold_start_s).max(0.0);
        }
        let late: f64 = self.launches().iter().map(|&a| (t - a).max(0.0)).sum();
        self.warm as f64 * r * t + r * late
    }
    /// Ready replicas at `t`.
    pub(super) fn ready(&self, t: f64) -> u32 {
        if !self.shape.spread {
            return if t >= self.shape.cold_start_s {
                self.warm.max(self.shape.need)
            } else {
                self.warm
            };
        }
        self.warm + self.launches().iter().filter(|&&a| t >= a).count() as u32
    }
    /// Launched replicas still booting at `t`.
    pub(super) fn booting(&self, t: f64) -> u32 {
        self.launches().iter().filter(|&&a| t < a).count() as u32
    }
    /// Seconds simulated: until arrivals stop and the launched replicas have
    /// had a cold start to clear what is left (the backlog never exceeds
    /// `(k − w)·r·T`, cleared at `k·r` or faster; closer to production `T` is
    /// the last launch's).
    pub(super) fn horizon(&self) -> f64 {
        let last = self.last_ready();
        self.end().max(last) + last + 1.0
    }
}
