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
    if let Some(tr) = trace.as_deref_mut() {
        *tr = BurstTrace::default();
    }
    let every = SLICES.div_ceil(DRAWN).max(1);
    let mut run = BurstRun::new(b);
    while run.step() {
        let i = run.slice() - 1;
        if let Some(tr) = trace.as_deref_mut() {
            if i.is_multiple_of(every) || i + 1 == SLICES {
                record(tr, b, i as f64 * run.dt, (i + 1) as f64 * run.dt, run.q);
            }
        }
    }
    run.finish()
}

/// One burst, stepped a slice at a time: each slice's arrivals join the
/// backlog and the ready replicas serve what they can (the forward pass);
/// then every arrival the service has reached leaves, first in first out:
/// the request at cumulative level `y` leaves when service reaches `y`.
/// [`simulate_burst`] runs it through; the scene steps it as it draws.
pub(super) struct BurstRun {
    pub(super) b: Burst,
    /// Seconds per slice.
    pub(super) dt: f64,
    /// The next slice.
    i: usize,
    /// Requests waiting after the last slice.
    pub(super) q: f64,
    served: f64,
    a_prev: f64,
    c_prev: f64,
    /// Cumulative service at each slice edge so far.
    served_by: Vec<f64>,
    /// The FIFO's own count of arrivals, its next arrival slice, and the
    /// slice of service it has reached.
    fifo_arrived: f64,
    next: usize,
    j: usize,
    /// An arrival slice waiting for service: (its start, level, requests).
    pending: Option<(f64, f64, f64)>,
    /// Each arrival slice's (wait, requests), in arrival order.
    pub(super) waits: Vec<(f64, f64)>,
    pub(super) stats: BurstStats,
}

impl BurstRun {
    pub(super) fn new(b: &Burst) -> BurstRun {
        let mut run = BurstRun {
            b: *b,
            dt: 0.0,
            i: 0,
            q: 0.0,
            served: 0.0,
            a_prev: 0.0,
            c_prev: 0.0,
            served_by: Vec::with_capacity(SLICES + 1),
            fifo_arrived: 0.0,
            next: 0,
            j: 0,
            pending: None,
            waits: Vec::with_capacity(SLICES),
            stats: BurstStats::default(),
        };
        run.reset();
        run
    }

    /// Back to the burst's start, keeping the buffers.
    pub(super) fn reset(&mut self) {
        let h = self.b.horizon();
        self.dt = h / SLICES as f64;
        (self.i, self.q, self.served) = (0, 0.0, 0.0);
        (self.a_prev, self.c_prev) = (0.0, 0.0);
        self.served_by.clear();
        self.served_by.push(0.0);
        (self.fifo_arrived, self.next, self.j) = (0.0, 0, 0);
        self.pending = None;
        self.waits.clear();
        self.stats = BurstStats {
            arrivals: self.b.arrived(h),
            horizon_s: h,
            ..BurstStats::default()
        };
    }

    /// Slices run so far.
    pub(super) fn slice(&self) -> usize {
        self.i
    }

    /// Requests per second the last slice served.
    pub(super) fn served_rate(&self) -> f64 {
        match self.served_by.as_slice() {
            [.., a, b] if self.dt > 0.0 => (b - a) / self.dt,
            _ => 0.0,
        }
    }

    /// Runs the next slice and lets out whom its service reaches; false
    /// once the burst's horizon is done.
    pub(super) fn step(&mut self) -> bool {
        if self.i >= SLICES {
            return false;
        }
        self.serve();
        self.depart();
        self.i += 1;
        true
    }

    /// The forward pass over slice `i`: records the peak backlog and when it
    /// last emptied.
    fn serve(&mut self) {
        let (b, s) = (&self.b, &mut self.stats);
        let t1 = (self.i + 1) as f64 * self.dt;
        let a1 = b.arrived(t1);
        let c1 = b.capacity_by(t1);
        let (a, c) = (a1 - self.a_prev, c1 - self.c_prev);
        (self.a_prev, self.c_prev) = (a1, c1);
        let total = self.q + a;
        let out = total.min(c);
        let mut q = total - out;
        // Rounding dust is not a backlog.
        if q <= 1e-9 * (a + c) {
            self.served += q;
            q = 0.0;
        }
        self.served += out;
        self.served_by.push(self.served);
        self.q = q;
        if q > s.peak_backlog {
            s.peak_backlog = q;
        }
        if q > 1e-9 {
            s.clear_s = t1;
        }
    }

    /// The arrivals the service has reached by the end of slice `i` leave;
    /// the last slice lets everyone out (at the horizon if never reached).
    fn depart(&mut self) {
        let (dt, h) = (self.dt, self.stats.horizon_s);
        let last = self.i + 1 == SLICES;
        loop {
            let (t0, y, a) = match self.pending {
                Some(p) => p,
                None if self.next <= self.i => {
                    let t0 = self.next as f64 * dt;
                    self.next += 1;
                    let a = self.b.arrived(t0 + dt) - self.fifo_arrived;
                    if a <= 0.0 {
                        self.fifo_arrived += a.max(0.0);
                        continue;
                    }
                    let y = self.fifo_arrived + a / 2.0;
                    self.fifo_arrived += a;
                    (t0, y, a)
                }
                None => return,
            };
            let sb = &self.served_by;
            while self.j <= self.i && sb[self.j + 1] < y {
                self.j += 1;
            }
            if self.j > self.i && !last {
                self.pending = Some((t0, y, a));
                return;
            }
            let leave = if self.j >= SLICES {
                h
            } else {
                let (s0, s1) = (sb[self.j], sb[self.j + 1]);
                let f = if s1 > s0 {
                    ((y - s0) / (s1 - s0)).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                (self.j as f64 + f) * dt
            };
            let wait = leave - (t0 + dt / 2.0);
            // Interpolation dust is not a wait.
            let wait = if wait > 1e-9 * h { wait } else { 0.0 };
            self.waits.push((wait, a));
            self.pending = None;
        }
    }

    /// The burst's wait statistics (sorts `waits`); run it once the burst
    /// is done.
    pub(super) fn finish(&mut self) -> BurstStats {
        wait_stats(&mut self.stats, &mut self.waits);
        self.stats
    }
}

/// One point of the drawn timeline: the state at `tm` (the slice's start),
/// plotted at `t1` (its end) with the backlog `q` it ends with.
fn record(tr: &mut BurstTrace, b: &Burst, tm: f64, t1: f64, q: f64) {
    let r = b.shape.rate;
    tr.t.push(t1);
    tr.demand.push(b.demand(tm) / r);
    tr.ready.push(b.ready(tm) as f64);
    tr.booting.push(b.booting(tm) as f64);
    tr.backlog.push(q);
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
    if let Some(p95) = p95_wait(waits) {
        s.p95_wait_s = p95;
    }
}

/// The p95 of `waits` (wait, requests), weighted by requests; None when
/// no request is among them. Sorts `waits`.
pub(super) fn p95_wait(waits: &mut [(f64, f64)]) -> Option<f64> {
    let weight: f64 = waits.iter().map(|w| w.1).sum();
    waits.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    let mut acc = 0.0;
    for (w, a) in waits.iter() {
        acc += a;
        if acc >= 0.95 * weight {
            return Some(*w);
        }
    }
    None
}

thread_local! {
    /// The burst met by every pool size 0..=16, for the last burst shape
    /// (its model included: the shape carries it):
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
                    _ => simulate_burst(&Burst::new(w, *shape), None),
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
