//! The autoscaling arithmetic: the worked example's replica counts and bill,
//! and the day's demand curve.
//!
//! ## The worked example (static arithmetic, the first story)
//!
//! With a replica ceiling `C` (tok/s one replica sustains inside the latency
//! SLO), a peak `P`, a trough `T`, `s` spares, a floor `f` and a price `p` per
//! replica-hour (the seed card "Replica autoscaling"):
//!
//! * replicas for the peak `N = ceil(P / C)` (9,000 / 3,000 = 3, zero headroom);
//! * with the spare `N + s` (4); hourly bill `(N + s) · p` ($10.00/h) against
//!   `N · p` with no spare ($7.50/h);
//! * at the trough the need is `T / C` (4,500 / 3,000 = 1.5 replicas), so
//!   `max(ceil(T / C), f)` replicas carry it (2) and `N + s − kept` are
//!   released (2). The seed keeps no spare at the trough: its half replica of
//!   rounding is the headroom, and the floor the redundancy.
//!
//! These are the challenge formulas too (replicas with a spare, the hourly
//! bill, replicas released).
//!
//! Closer to production ([`Day::production`]) the trough keeps its spare as
//! the peak does: `max(ceil(T / C) + s, f)` replicas (3), so `N + s − kept`
//! (1) are released and the trough bills `s · p` more an hour.
//!
//! ## The GPU gauge closer to production
//!
//! The usual GPU utilization gauge (nvidia-smi's, DCGM's `GPU_UTIL`) is the
//! share of time any kernel runs, not the share of the card's capacity in
//! use. A replica batching `n` requests runs a decode step after another as
//! long as one is in flight, so with `n̄` in flight on average (Poisson, as
//! in any M/G/∞ count) the gauge reads `1 − e^(−n̄)`, with
//! `n̄ = served per replica / 25 tok/s per reply` ([`kernel_busy_share`]):
//! 60 replies in flight at the trough (1,500 tok/s a replica) read 100 %
//! to the last digit, and so does a quarter of that.
//!
//! ## The day's curve (tok/s, one value per second of 86,400)
//!
//! Demand without the swing, `D̄(t)`, is a business day: the trough until
//! 08:00, a smooth rise (smoothstep `3x² − 2x³`) over `ramp_s` to the peak,
//! the peak until 18:00, a four-hour fall back to the trough. The autoscaler's
//! forecast over a window `F` is the rise the curve expects,
//! `max D̄[t, t+F] − D̄(t)`: the daily shape is known from earlier days.
//!
//! `ceil` here forgives floating-point dust (9,000 / 3,000 is 3, not 4).

use super::params::{Day, DAY_S, FALL_AT, FALL_S, RISE_AT, STREAM_TOK_S};
use crate::model::hot::larger;

/// `ceil(x)` that forgives floating-point dust (9,000 / 3,000 is 3, not 4),
/// as a whole number, 0 for anything not above zero. Written with a
/// truncation to `i64`: `f64::ceil` is a libm call on baseline x86-64, and
/// the day calls this twice a second.
#[inline(always)]
pub(super) fn ceil_count(x: f64) -> i64 {
    let x = x - 1e-9;
    // Also catches NaN.
    if x.is_nan() || x <= 0.0 {
        return 0;
    }
    if x >= 1.0e15 {
        return 1_000_000_000_000_000;
    }
    let i = x as i64;
    i + ((i as f64) < x) as i64
}

/// [`ceil_count`] as a float.
#[inline(always)]
pub(super) fn ceil_whole(x: f64) -> f64 {
    ceil_count(x) as f64
}

/// Replicas a peak needs with no headroom: `ceil(peak / ceiling)`.
pub(super) fn replicas_for_peak(peak: f64, ceiling: f64) -> u32 {
    ceil_whole(peak / ceiling) as u32
}

/// Challenge C1, replicas for a peak with a spare: `ceil(peak / ceiling) + spare`.
pub fn replicas_with_spare(peak: f64, ceiling: f64, spare: u32) -> u32 {
    replicas_for_peak(peak, ceiling) + spare
}

/// Challenge C2, the hourly bill: `replicas × price per replica-hour`.
pub fn hourly_bill(replicas: u32, price_per_hour: f64) -> f64 {
    replicas as f64 * price_per_hour
}

/// Replicas kept when demand falls to `level`: `max(ceil(level / ceiling), floor)`.
pub(super) fn replicas_kept(level: f64, ceiling: f64, floor: u32) -> u32 {
    (ceil_whole(level / ceiling) as u32).max(floor)
}

/// Closer to production, replicas kept at `level`: the spare stays, as at
/// the peak: `max(ceil(level / ceiling) + spare, floor)`.
pub(super) fn replicas_kept_with_spare(level: f64, ceiling: f64, spare: u32, floor: u32) -> u32 {
    (ceil_whole(level / ceiling) as u32 + spare).max(floor)
}

/// Replicas the trough keeps under the day's model: without the spare on
/// the seed card, with it closer to production.
pub(super) fn trough_kept(d: &Day) -> u32 {
    if d.production {
        replicas_kept_with_spare(d.trough, d.ceiling, d.spare, d.floor)
    } else {
        replicas_kept(d.trough, d.ceiling, d.floor)
    }
}

/// Closer to production, what the GPU utilization gauge reads on replicas
/// serving `served_tok_s` in all with `ready` of them up and nothing
/// queued: the share of time a kernel runs, `1 − e^(−n̄)`, with `n̄` the
/// replies in flight on one replica (`served / ready / 25 tok/s`). With
/// work queued every replica is busy: 1.
pub fn kernel_busy_share(served_tok_s: f64, ready: f64, queued: bool) -> f64 {
    if queued {
        return 1.0;
    }
    if ready <= 0.0 || served_tok_s <= 0.0 {
        return 0.0;
    }
    1.0 - (-(served_tok_s / ready) * (1.0 / STREAM_TOK_S)).exp()
}

/// Challenge C3, replicas released when demand falls from the peak (with its
/// spares) to `level`: `ceil(peak / C) + spare − max(ceil(level / C), floor)`,
/// never below zero.
pub fn replicas_released(peak: f64, level: f64, ceiling: f64, spare: u32, floor: u32) -> u32 {
    replicas_with_spare(peak, ceiling, spare).saturating_sub(replicas_kept(level, ceiling, floor))
}

impl Day {
    /// The day's curve without the swing, at second `t`.
    #[inline(always)]
    pub fn curve(&self, t: usize) -> f64 {
        Curve::new(self).at(t)
    }

    /// First and last second of the plateau at the peak.
    pub fn plateau(&self) -> (usize, usize) {
        ((RISE_AT + self.ramp_s).min(FALL_AT), FALL_AT)
    }

    /// The rise the curve expects over `[t, t + F]`: `max D̄ − D̄(t)`. The
    /// curve climbs, holds, then falls, so its maximum over a window is the
    /// peak if the window meets the plateau, else the larger end.
    #[inline(always)]
    pub(super) fn rise_ahead(&self, t: usize, now: f64) -> f64 {
        Curve::new(self).rise_ahead(t, now, self.forecast_s)
    }
}

/// The curve's constants, worked out once per day.
#[derive(Clone, Copy)]
pub(super) struct Curve {
    trough: f64,
    peak: f64,
    amp: f64,
    up_end: usize,
    inv_ramp: f64,
}

impl Curve {
    pub(super) fn new(d: &Day) -> Curve {
        Curve {
            trough: d.trough,
            peak: d.peak,
            amp: d.peak - d.trough,
            up_end: (RISE_AT + d.ramp_s).min(FALL_AT),
            inv_ramp: 1.0 / d.ramp_s as f64,
        }
    }

    /// Demand without the swing at second `t`.
    #[inline(always)]
    pub(super) fn at(&self, t: usize) -> f64 {
        if !(RISE_AT..FALL_AT + FALL_S).contains(&t) {
            self.trough
        } else if t < self.up_end {
            self.trough + self.amp * smoothstep((t - RISE_AT) as f64 * self.inv_ramp)
        } else if t < FALL_AT {
            self.peak
        } else {
            self.trough
                + self.amp * (1.0 - smoothstep((t - FALL_AT) as f64 * (1.0 / FALL_S as f64)))
        }
    }

    /// `max D̄[t, t + f] − now`, with `now = D̄(t)`.
    #[inline(always)]
    pub(super) fn rise_ahead(&self, t: usize, now: f64, f: usize) -> f64 {
        if f == 0 {
            return 0.0;
        }
        let end = (t + f).min(DAY_S - 1);
        let top = if end >= self.up_end && t <= FALL_AT {
            self.peak
        } else {
            larger(self.at(end), now)
        };
        top - now
    }

    /// The end (exclusive) of the run of seconds from `t` over which the
    /// curve and its rise over a window `f` ahead both keep their values at
    /// `t`: the trough before the rise (while the window sees no rise, or
    /// already sees the plateau), the plateau, and the trough after the fall.
    /// `t` itself when no such run starts at `t`.
    pub(super) fn flat_until(&self, t: usize, f: usize) -> usize {
        if t < RISE_AT {
            if f == 0 || t + f >= self.up_end {
                RISE_AT
            } else if t + f < RISE_AT {
                RISE_AT - f
            } else {
                t
            }
        } else if t >= self.up_end && t < FALL_AT {
            FALL_AT
        } else if t >= FALL_AT + FALL_S {
            DAY_S
        } else {
            t
        }
    }
}

/// `acc + c + c + … ` (`k` additions, left to right), in one multiplication
/// when that is exact: whole numbers whose sums stay below 2^52 add without
/// rounding, so the product gives the sum the additions give, bit for bit.
/// Otherwise the additions, one by one.
pub(super) fn repeat_add(acc: f64, c: f64, k: usize) -> f64 {
    const EXACT: f64 = 4_503_599_627_370_496.0; // 2^52
    let kc = c * k as f64;
    if acc.fract() == 0.0 && c.fract() == 0.0 && acc.abs() < EXACT && kc.abs() < EXACT {
        return acc + kc;
    }
    (0..k).fold(acc, |a, _| a + c)
}

/// `ceil_count(x / c)`, remembered: the answer holds while `x` stays in the
/// same step of the ceiling, which is most seconds of a day, so the loop
/// compares twice instead of converting.
pub(super) struct CeilSteps {
    c: f64,
    inv_c: f64,
    k: i64,
    lo: f64,
    hi: f64,
}

impl CeilSteps {
    pub(super) fn new(c: f64) -> CeilSteps {
        CeilSteps {
            c,
            inv_c: 1.0 / c,
            k: 0,
            lo: 1.0,
            hi: 0.0,
        }
    }

    #[inline(always)]
    pub(super) fn of(&mut self, x: f64) -> i64 {
        if x > self.lo && x <= self.hi {
            return self.k;
        }
        let k = ceil_count(x * self.inv_c);
        self.k = k;
        // The step whose members all give k; empty when k is 0 (x ≤ 0).
        if k > 0 {
            // x/c − 1e-9 ∈ (k − 1, k] ⇔ x ∈ ((k − 1 + 1e-9)·c, (k + 1e-9)·c];
            // kept a hair inside, so an edge case takes the direct path.
            self.lo = ((k - 1) as f64 + 2e-9) * self.c;
            self.hi = k as f64 * self.c;
        } else {
            self.lo = 1.0;
            self.hi = 0.0;
        }
        k
    }
}

#[inline(always)]
fn smoothstep(x: f64) -> f64 {
    x * x * (3.0 - 2.0 * x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rng::SplitMix64;

    #[test]
    fn ceil_steps_agree_with_ceil_count() {
        let mut rng = SplitMix64::new(7);
        for c in [3000.0, 500.0, 1234.5, 20_000.0] {
            let mut steps = CeilSteps::new(c);
            for i in 0..20_000 {
                let x = match i % 4 {
                    0 => rng.next_unit() * 12.0 * c,
                    1 => (rng.below(12) as f64) * c,
                    2 => (rng.below(12) as f64) * c * (1.0 + 1e-10),
                    _ => rng.next_unit() * 1e-5,
                };
                // The cache answers as the direct computation would.
                assert_eq!(steps.of(x), ceil_count(x * (1.0 / c)), "x {x} c {c}");
            }
        }
        assert_eq!(ceil_count(9000.0 / 3000.0), 3);
        assert_eq!(ceil_count(4500.0 / 3000.0), 2);
        assert_eq!(ceil_count(0.0), 0);
        assert_eq!(ceil_count(-5.0), 0);
    }

    #[test]
    fn the_curve_climbs_holds_and_falls() {
        let d = Day::default();
        assert_eq!(d.curve(0), 4500.0);
        assert_eq!(d.curve(RISE_AT + d.ramp_s), 9000.0);
        assert_eq!(d.curve(FALL_AT - 1), 9000.0);
        assert_eq!(d.curve(DAY_S - 1), 4500.0);
        let mid = d.curve(RISE_AT + d.ramp_s / 2);
        assert!((mid - 6750.0).abs() < 1e-9);
    }

    #[test]
    fn rise_ahead_is_the_window_maximum() {
        let mut d = Day {
            forecast_s: 300,
            ..Day::default()
        };
        for ramp in [60, 300, 7200] {
            d.ramp_s = ramp;
            for t in (0..DAY_S).step_by(37) {
                let now = d.curve(t);
                let brute = (t..=(t + d.forecast_s).min(DAY_S - 1))
                    .map(|u| d.curve(u))
                    .fold(f64::MIN, f64::max);
                assert!(
                    (d.rise_ahead(t, now) - (brute - now)).abs() < 1e-6,
                    "ramp {ramp} t {t}"
                );
            }
        }
    }
}
