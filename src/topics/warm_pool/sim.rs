//! One burst stepped in [`SLICES`] even slices (fluid FIFO, deterministic:
//! no randomness), and the same burst met by every pool size, memoized.

use super::model::Burst;
use super::params::{Input, Shape, DRAWN, MAX_POOL, SLICES};
use crate::model::memo::Memo;
use std::rc::Rc;

/// What one burst adds up to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct BurstStats {
    /// Requests arriving in the burst.
    pub(super) arrivals: f64,
    /// Largest backlog (requests).
    pub(super) peak_backlog: f64,
    /// Total wait, request-seconds.
    pub(super) total_wait: f64,
    pub(super) mean_wait_s: f64,
    pub(super) p95_wait_s: f64,
    pub(super) max_wait_s: f64,
    /// When the backlog last emptied (s from the burst's start).
    pub(super) clear_s: f64,
    /// Seconds simulated.
    pub(super) horizon_s: f64,
}

/// The timeline, thinned for drawing: time, demand in replicas' worth,
/// ready replicas, booting replicas, backlog.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct BurstTrace {
    pub(super) t: Vec<f64>,
    pub(super) demand: Vec<f64>,
    pub(super) ready: Vec<f64>,
    pub(super) booting: Vec<f64>,
    pub(super) backlog: Vec<f64>,
}

/// Simulates one burst in [`SLICES`] even slices (fluid FIFO). The only
/// allocations are the slices' buffers, once per call.
pub(super) fn simulate_burst(b: &Burst, mut trace: Option<&mut BurstTrace>) -> BurstStats {
    let h = b.horizon();
    let dt = h / SLICES as f64;
    let mut s = BurstStats {
        arrivals: b.arrived(h),
        horizon_s: h,
        ..BurstStats::default()
    };
    if let Some(tr) = trace.as_deref_mut() {
        *tr = BurstTrace::default();
    }
    let served_by = serve(b, dt, &mut s, trace);
    let mut waits = fifo_waits(b, h, dt, &served_by);
    wait_stats(&mut s, &mut waits);
    s
}

/// The forward pass: each slice's arrivals join the backlog and the ready
/// replicas serve what they can. Returns the cumulative service at each
/// slice edge; records the peak backlog, when it last emptied, and the
/// thinned timeline.
fn serve(b: &Burst, dt: f64, s: &mut BurstStats, mut trace: Option<&mut BurstTrace>) -> Vec<f64> {
    let every = SLICES.div_ceil(DRAWN).max(1);
    // Cumulative arrivals and service at each slice edge.
    let mut served_by = Vec::with_capacity(SLICES + 1);
    let mut q = 0.0f64;
    let mut served = 0.0f64;
    served_by.push(0.0);
    let mut a_prev = 0.0;
    let mut c_prev = 0.0;
    for i in 0..SLICES {
        let t1 = (i + 1) as f64 * dt;
        let a1 = b.arrived(t1);
        let c1 = b.capacity_by(t1);
        let (a, c) = (a1 - a_prev, c1 - c_prev);
        (a_prev, c_prev) = (a1, c1);
        let total = q + a;
        let out = total.min(c);
        q = total - out;
        // Rounding dust is not a backlog.
        if q <= 1e-9 * (a + c) {
            served += q;
            q = 0.0;
        }
        served += out;
        served_by.push(served);
        if q > s.peak_backlog {
            s.peak_backlog = q;
        }
        if q > 1e-9 {
            s.clear_s = t1;
        }
        if let Some(tr) = trace.as_deref_mut() {
            if i % every == 0 || i + 1 == SLICES {
                record(tr, b, i as f64 * dt, t1, q);
            }
        }
    }
    served_by
}

/// One point of the drawn timeline: the state at `tm` (the slice's start),
/// plotted at `t1` (its end) with the backlog `q` it ends with.
fn record(tr: &mut BurstTrace, b: &Burst, tm: f64, t1: f64, q: f64) {
    let r = b.shape.rate;
    tr.t.push(t1);
    tr.demand.push(b.demand(tm) / r);
    tr.ready.push(b.ready(tm) as f64);
    tr.booting.push(if tm < b.shape.cold_start_s {
        b.launched() as f64
    } else {
        0.0
    });
    tr.backlog.push(q);
}

/// Each slice's arrivals as (wait, requests): FIFO, the request at
/// cumulative level `y` leaves when service reaches `y`.
fn fifo_waits(b: &Burst, h: f64, dt: f64, served_by: &[f64]) -> Vec<(f64, f64)> {
    let mut waits: Vec<(f64, f64)> = Vec::with_capacity(SLICES);
    let mut j = 0usize;
    let mut arrived = 0.0;
    for i in 0..SLICES {
        let t0 = i as f64 * dt;
        let a = b.arrived(t0 + dt) - arrived;
        if a <= 0.0 {
            arrived += a.max(0.0);
            continue;
        }
        let y = arrived + a / 2.0;
        arrived += a;
        while j < SLICES && served_by[j + 1] < y {
            j += 1;
        }
        let leave = if j >= SLICES {
            h
        } else {
            let (s0, s1) = (served_by[j], served_by[j + 1]);
            let f = if s1 > s0 {
                ((y - s0) / (s1 - s0)).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (j as f64 + f) * dt
        };
        let wait = leave - (t0 + dt / 2.0);
        // Interpolation dust is not a wait.
        let wait = if wait > 1e-9 * h { wait } else { 0.0 };
        waits.push((wait, a));
    }
    waits
}

/// Total, mean, longest and p95 wait, weighted by requests (sorts `waits`).
fn wait_stats(s: &mut BurstStats, waits: &mut [(f64, f64)]) {
    let weight: f64 = waits.iter().map(|w| w.1).sum();
    s.total_wait = waits.iter().map(|(w, a)| w * a).sum();
    s.mean_wait_s = if weight > 0.0 {
        s.total_wait / weight
    } else {
        0.0
    };
    s.max_wait_s = waits.iter().map(|w| w.0).fold(0.0, f64::max);
    waits.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    let mut acc = 0.0;
    for (w, a) in waits.iter() {
        acc += a;
        if acc >= 0.95 * weight {
            s.p95_wait_s = *w;
            break;
        }
    }
}

thread_local! {
    /// The burst met by every pool size 0..=16, for the last burst shape:
    /// moving the pool, the price, the budget or the value of waiting reuses it.
    static POOLS: Memo<Shape, Vec<BurstStats>> = const { Memo::new() };
}

/// One burst for every pool size `0..=MAX_POOL`.
pub(super) fn pool_curve(shape: &Shape) -> Rc<Vec<BurstStats>> {
    POOLS.with(|m| {
        m.get_or(*shape, || {
            let mut v = Vec::with_capacity(MAX_POOL + 1);
            let mut last = None;
            for w in 0..=MAX_POOL as u32 {
                // With the whole burst warm nothing waits; the rest only rent.
                let st = match last {
                    Some(st) if w >= shape.need => st,
                    _ => simulate_burst(
                        &Burst {
                            warm: w,
                            shape: *shape,
                        },
                        None,
                    ),
                };
                if w >= shape.need {
                    last = Some(st);
                }
                v.push(st);
            }
            v
        })
    })
}

/// Dollars per day of the waiting a pool of `w` removes.
pub(super) fn removed_per_day(inp: &Input, pools: &[BurstStats], w: usize) -> f64 {
    let hours = (pools[0].total_wait - pools[w.min(MAX_POOL)].total_wait).max(0.0) / 3600.0;
    hours * inp.bursts_per_day * inp.wait_value
}
