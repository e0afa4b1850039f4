//! The day's loop: the autoscaler and the replica pool acting on the traffic
//! of `sim.rs` for 86,400 seconds, the last day kept for the page, and the
//! benchmark's engine.
//!
//! After each second the autoscaler reads its signal as a demand estimate `m`
//! (tok/s):
//!
//! * `queue-depth`: in-flight plus waiting work, read as a rate:
//!   `D + Q / max(SLO, cold start)` (the backlog cleared within the wait SLO,
//!   or within a cold start, since no launch helps sooner);
//! * `tokens-per-second`: the arriving tokens, `D`, against the ceiling;
//! * `gpu-utilization`: the gauge `g = min(busy, 60 %)` read as the share of
//!   the ceiling in use, `m = g · R · C`. Decode is memory-bound, so the gauge
//!   saturates near 60 % however deep the queue, and the autoscaler
//!   under-scales: with one spare it never grows past 3 replicas. Closer to
//!   production the gauge is the share of time a kernel runs
//!   ([`kernel_busy_share`], near 100 % at any load), read the same way: the
//!   autoscaler adds its spare again and again until its maximum, the peak's
//!   fleet `N + s` (a Kubernetes HPA's `maxReplicas`), and holds it all day.
//!
//! It adds the rise the day's curve expects over the forecast window `F`
//! (the curve without the swing: the daily shape is known from earlier days,
//! the swing is not; `F = 0` turns it off) and wants
//! `desired = max(ceil(estimate / C) + s, f)`, at most 2,000. Launches are
//! immediate and ready after the cold start; removals wait until the want has
//! stayed lower for 300 s (the Kubernetes HPA default scale-down
//! stabilization) and nothing is booting, then drain: a draining replica
//! admits nothing and bills `drain_s` more seconds.

use super::model::{ceil_count, kernel_busy_share, replicas_with_spare, CeilSteps, Curve};
use super::params::{Day, Signal, DAY_S, MAX_REPLICAS, RING, STABILIZE_S};
use super::sim::{DayStats, Ledger, Minute, Second, Swing, Trace};
use crate::model::hot::smaller;
use crate::model::memo::Memo;
use crate::model::Engine;
use std::rc::Rc;

/// The autoscaler: its signal read as a demand estimate, plus the rise the
/// curve expects over the forecast window, in replicas with the spare.
struct Autoscaler {
    signal: Signal,
    gauge_cap: f64,
    /// Closer to production: the gauge is the share of time a kernel runs.
    kernel_busy: bool,
    ceiling: f64,
    forecast_s: usize,
    /// A launch helps only after the cold start, so the queue-depth signal
    /// spreads the backlog over the longer of the SLO and the cold start.
    inv_backlog: f64,
    curve: Curve,
    steps: CeilSteps,
    spare: i64,
    floor: i64,
    /// The most replicas it asks for: the card's cap, or closer to
    /// production on the GPU gauge the peak's fleet `N + s`.
    max: i64,
}

impl Autoscaler {
    fn new(d: &Day) -> Autoscaler {
        Autoscaler {
            signal: d.signal,
            gauge_cap: d.gauge_cap,
            kernel_busy: d.production,
            ceiling: d.ceiling,
            forecast_s: d.forecast_s,
            inv_backlog: 1.0 / d.wait_slo_s.max(d.cold_start_s as f64),
            curve: Curve::new(d),
            steps: CeilSteps::new(d.ceiling),
            spare: d.spare as i64,
            floor: d.floor as i64,
            max: max_replicas(d) as i64,
        }
    }

    /// The day's curve without the swing at second `t` (tok/s).
    #[inline(always)]
    fn curve(&self, t: usize) -> f64 {
        self.curve.at(t)
    }

    /// `max(ceil(estimate / C) + spare, floor)`, at most [`max_replicas`].
    #[inline(always)]
    fn want(&mut self, estimate: f64) -> u32 {
        (self.steps.of(estimate) + self.spare).clamp(self.floor, self.max.max(self.floor)) as u32
    }

    /// The pool the day opens with: the overnight steady state, on the first
    /// second's demand (`n0` is the swing then).
    fn opening(&mut self, d: &Day, n0: f64) -> u32 {
        let d0 = d.curve(0) * (1.0 + d.swing * n0);
        self.want(d0 + d.rise_ahead(0, d.curve(0)))
    }

    /// The autoscaler's signal, read as a demand (tok/s).
    #[inline(always)]
    fn measure(&self, x: &Second) -> f64 {
        self.read(self.signal, x)
    }

    /// A signal, read as a demand (tok/s).
    #[inline(always)]
    fn read(&self, signal: Signal, x: &Second) -> f64 {
        match signal {
            Signal::QueueDepth => x.demand + x.queue * self.inv_backlog,
            Signal::TokensPerSecond => x.demand,
            // Closer to production: the share of time a kernel runs × cap.
            Signal::GpuUtilization if self.kernel_busy => {
                let ready = x.cap * (1.0 / self.ceiling);
                kernel_busy_share(x.served, ready, x.queue > 0.0) * x.cap
            }
            // min(served / cap, gauge) × cap.
            Signal::GpuUtilization => smaller(x.served, self.gauge_cap * x.cap),
        }
    }

    /// The replicas wanted after second `t`.
    #[inline(always)]
    fn desired(&mut self, t: usize, x: &Second) -> u32 {
        let ahead = self.curve.rise_ahead(t, x.curve, self.forecast_s);
        self.want(self.measure(x) + ahead)
    }
}

/// The most replicas the day's autoscaler asks for: the card's cap of
/// `MAX_REPLICAS`, or closer to production on the GPU gauge its
/// `maxReplicas`, the worked example's fleet for the peak with its spares,
/// `N + s` (a gauge that reads near 100 % at any load never stops it
/// sooner).
pub(super) fn max_replicas(d: &Day) -> u32 {
    if d.production && d.signal == Signal::GpuUtilization {
        replicas_with_spare(d.peak, d.ceiling, d.spare).min(MAX_REPLICAS)
    } else {
        MAX_REPLICAS
    }
}

/// The replicas: ready, booting and draining, with the launches landing and
/// the drains ending by second modulo `RING`, and the scale-down pending.
struct Pool {
    ready: u32,
    booting: u32,
    draining: u32,
    arrive: [u32; RING],
    leave: [u32; RING],
    /// The second the want first fell below the pool, if it still is below.
    below_since: Option<usize>,
    /// The highest want since then: what the scale-down keeps.
    below_hi: u32,
    cold_s: usize,
    drain_s: usize,
    floor: u32,
}

impl Pool {
    fn new(d: &Day, ready: u32) -> Pool {
        Pool {
            ready,
            booting: 0,
            draining: 0,
            arrive: [0; RING],
            leave: [0; RING],
            below_since: None,
            below_hi: 0,
            cold_s: d.cold_start_s.max(1),
            drain_s: d.drain_s,
            floor: d.floor,
        }
    }

    /// Launches whose cold start has passed become ready; drains that end
    /// stop billing.
    #[inline(always)]
    fn settle(&mut self, t: usize) {
        let slot = t & (RING - 1);
        let a = self.arrive[slot];
        if a > 0 {
            self.ready += a;
            self.booting -= a;
            self.arrive[slot] = 0;
        }
        let l = self.leave[slot];
        if l > 0 {
            self.draining -= l;
            self.leave[slot] = 0;
        }
    }

    /// Replicas ready to serve.
    #[inline(always)]
    fn ready(&self) -> u32 {
        self.ready
    }

    /// Replicas billed this second.
    #[inline(always)]
    fn paid(&self) -> u32 {
        self.ready + self.booting + self.draining
    }

    /// Moves the pool toward `desired` after second `t`; returns the replicas
    /// launched. Launches are immediate; removals wait (see `scale_down`).
    #[inline(always)]
    fn scale(&mut self, t: usize, desired: u32) -> u32 {
        let target = self.ready + self.booting;
        if desired > target {
            let n = desired - target;
            self.booting += n;
            self.arrive[(t + self.cold_s) & (RING - 1)] += n;
            self.below_since = None;
            n
        } else {
            if desired < target {
                self.scale_down(t, desired);
            } else {
                self.below_since = None;
            }
            0
        }
    }

    /// Removes replicas once the want has stayed lower for `STABILIZE_S` and
    /// nothing is booting, down to the highest want meanwhile (never below
    /// the floor); the removed drain for `drain_s`.
    #[inline(always)]
    fn scale_down(&mut self, t: usize, desired: u32) {
        let Some(since) = self.below_since else {
            self.below_since = Some(t);
            self.below_hi = desired;
            return;
        };
        self.below_hi = self.below_hi.max(desired);
        if t - since >= STABILIZE_S && self.booting == 0 {
            let n = self.ready.saturating_sub(self.below_hi.max(self.floor));
            self.ready -= n;
            if self.drain_s > 0 {
                self.draining += n;
                self.leave[(t + self.drain_s) & (RING - 1)] += n;
            }
            self.below_since = None;
        }
    }
}

/// A quiet run of seconds (see [`DayLoop::quiet`]): the second of its
/// highest demand, the replicas billed, its end, and the swing to replay its
/// seconds from when their demand differs.
struct Quiet {
    hi: Second,
    paid: u32,
    end: usize,
    swing: Option<Swing>,
}

/// The day, one second at a time: the traffic, the autoscaler, the pool and
/// the ledger, stepped by [`DayLoop::step`]. [`simulate_day`] runs it to
/// midnight; the scene steps it as the learner watches.
pub(super) struct DayLoop {
    day: Day,
    swing: Swing,
    scaler: Autoscaler,
    pool: Pool,
    ledger: Ledger,
    /// Tokens waiting.
    q: f64,
    /// The next second to run.
    t: usize,
}

impl DayLoop {
    pub(super) fn new(d: &Day) -> DayLoop {
        let swing = Swing::new();
        let mut scaler = Autoscaler::new(d);
        let pool = Pool::new(d, scaler.opening(d, swing.first()));
        let ledger = Ledger::new(d, pool.ready());
        DayLoop {
            day: *d,
            swing,
            scaler,
            pool,
            ledger,
            q: 0.0,
            t: 0,
        }
    }

    /// Runs second `t` (no allocation): the launches land, the ready pool
    /// serves, the ledger books, the autoscaler scales. Returns the second's
    /// traffic and the replicas billed in it, or `None` after midnight.
    #[inline(always)]
    pub(super) fn step(&mut self) -> Option<(Second, u32)> {
        let t = self.t;
        if t >= DAY_S {
            return None;
        }
        let (d, pool) = (&self.day, &mut self.pool);
        pool.settle(t);
        let curve = self.scaler.curve(t);
        let demand = curve * (1.0 + d.swing * self.swing.at(t));
        let x = Second::serve(curve, demand, pool.ready() as f64 * d.ceiling, self.q);
        self.q = x.queue;
        let paid = pool.paid();
        self.ledger.record(t, &x, pool.ready(), paid);
        let desired = self.scaler.desired(t, &x);
        self.ledger.launched(pool.scale(t, desired));
        self.t = t + 1;
        Some((x, paid))
    }

    /// A run of seconds from `t` that change nothing but the sums: if second
    /// `t` would leave the day as it finds it (nothing booting, no drain
    /// ending, no queue, the curve and its forecast flat, the want equal to
    /// the pool or waiting out the scale-down), so would every second after it
    /// until the first of those to end. With a swing, the run stays inside the
    /// minute, whose demand moves one way between its ends (each step of
    /// `curve · (1 + swing · n)` is monotone in `n`, and `n` in the second), so
    /// its ends bound every second's queue and want. `None` when `t` must be
    /// stepped.
    fn quiet(&mut self) -> Option<Quiet> {
        let (t, d, p) = (self.t, &self.day, &self.pool);
        if t >= DAY_S || self.q.to_bits() != 0 || p.booting != 0 {
            return None;
        }
        let mut end = self.scaler.curve.flat_until(t, self.scaler.forecast_s);
        if d.swing != 0.0 {
            end = end.min(t - t % 60 + 60);
        }
        if p.draining > 0 {
            let next = (0..=p.drain_s).find(|&k| p.leave[(t + k) & (RING - 1)] > 0);
            end = end.min(t + next.unwrap_or(0));
        }
        if end <= t + 1 {
            return None;
        }
        let (curve, cap) = (self.scaler.curve(t), p.ready as f64 * d.ceiling);
        let mut swing = self.swing.clone();
        let serve = |n: f64| Second::serve(curve, curve * (1.0 + d.swing * n), cap, self.q);
        let (first, last) = (serve(swing.at(t)), serve(swing.at(end - 1)));
        let (lo, hi) = if first.demand <= last.demand {
            (first, last)
        } else {
            (last, first)
        };
        if hi.queue.to_bits() != 0 || lo.queue.to_bits() != 0 {
            return None;
        }
        let (ready, paid, below, below_hi) = (p.ready, p.paid(), p.below_since, p.below_hi);
        let want = (self.scaler.desired(t, &lo), self.scaler.desired(t, &hi));
        match (want, below) {
            ((a, b), None) if a == ready && b == ready => {}
            ((_, b), Some(since)) if b < ready && below_hi >= b => {
                end = end.min(since + STABILIZE_S);
            }
            _ => return None,
        }
        (end > t + 1).then_some(Quiet {
            hi,
            paid,
            end,
            swing: (lo.demand != hi.demand).then_some(swing),
        })
    }

    /// Books the quiet run `t..end` (see [`DayLoop::quiet`]) and moves past it.
    fn skip(&mut self, run: Quiet) {
        let (t, d, ready) = (self.t, &self.day, self.pool.ready);
        match run.swing {
            None => self.ledger.record_run(t, run.end, &run.hi, ready, run.paid),
            // Its minute has begun: the swing's knots are drawn.
            Some(swing) => {
                let (curve, cap) = (run.hi.curve, run.hi.cap);
                for s in t..run.end {
                    let demand = curve * (1.0 + d.swing * swing.within(s));
                    let x = Second::serve(curve, demand, cap, self.q);
                    self.ledger.bill(&x, ready, run.paid);
                }
                self.ledger.peaks(t, run.end, ready, run.paid);
            }
        }
        self.swing.skip(t, run.end);
        self.q = run.hi.queue;
        self.t = run.end;
    }

    /// What the day adds up to so far (the whole day once `t` is midnight).
    pub(super) fn stats(&self) -> DayStats {
        self.ledger.close(self.q)
    }
}

/// What the scene reads of a running day.
impl DayLoop {
    /// The next second to run (86,400 once the day is over).
    pub(super) fn t(&self) -> usize {
        self.t
    }
    pub(super) fn day(&self) -> &Day {
        &self.day
    }
    /// Replicas ready, booting and draining.
    pub(super) fn pool(&self) -> (u32, u32, u32) {
        let p = &self.pool;
        (p.ready, p.booting, p.draining)
    }
    /// Tokens waiting.
    pub(super) fn queue(&self) -> f64 {
        self.q
    }
    /// The booting replicas as (seconds until ready, how many), soonest
    /// first; `draining` instead gives the draining ones and their seconds
    /// left.
    pub(super) fn pending(&self, draining: bool) -> impl Iterator<Item = (usize, u32)> + '_ {
        let (ring, span) = if draining {
            (&self.pool.leave, self.pool.drain_s)
        } else {
            (&self.pool.arrive, self.pool.cold_s)
        };
        (0..=span).filter_map(move |k| {
            let n = ring[(self.t + k) & (RING - 1)];
            (n > 0).then_some((k, n))
        })
    }
    /// What `signal` reads after second `x` (tok/s, a demand estimate) and
    /// the replicas it asks for with the forecast (the day just run).
    pub(super) fn reading(&self, signal: Signal, x: &Second) -> (f64, u32) {
        let s = &self.scaler;
        let m = s.read(signal, x);
        let ahead = s
            .curve
            .rise_ahead(self.t.saturating_sub(1), x.curve, s.forecast_s);
        let want = (ceil_count((m + ahead) / self.day.ceiling) + s.spare)
            .clamp(s.floor, s.max.max(s.floor));
        (m, want as u32)
    }
}

/// Simulates the day second by second (86,400 steps, no allocation inside the
/// loop; a quiet run of seconds, see [`DayLoop::quiet`], is booked at once,
/// exactly as its seconds one by one would book it) and, when `trace` is
/// given, fills it with one row per minute. The benchmark's engine (below)
/// times this.
pub fn simulate_day(d: &Day, mut trace: Option<&mut Trace>) -> DayStats {
    if let Some(tr) = trace.as_deref_mut() {
        tr.clear();
    }
    let mut day = DayLoop::new(d);
    let mut minute = Minute::new();
    loop {
        if let Some(run) = day.quiet() {
            // Within a minute the extremes are those of its highest second.
            if let Some(tr) = trace.as_deref_mut() {
                minute.sample_run(tr, day.t, run.end, &run.hi, run.paid);
            }
            day.skip(run);
            continue;
        }
        let Some((x, paid)) = day.step() else { break };
        if let Some(tr) = trace.as_deref_mut() {
            minute.sample(tr, day.t - 1, &x, paid);
        }
    }
    day.stats()
}

/// A day's stats and its drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct DayRun {
    pub stats: DayStats,
    pub trace: Trace,
}

thread_local! {
    /// The last days simulated (about 46 KB each): moving the price re-bills
    /// a day without rerunning it, and a question that reads a story and its
    /// fix, or the page's stories in turn, finds them here.
    static DAY: Memo<Day, DayRun> = const { Memo::with_capacity(8) };
}

/// The day `d`, simulated with its trace, or a recent one if it is the same.
pub(super) fn day_run(d: &Day) -> Rc<DayRun> {
    DAY.with(|m| {
        m.get_or(*d, || {
            let mut trace = Trace::new();
            let stats = simulate_day(d, Some(&mut trace));
            DayRun { stats, trace }
        })
    })
}

/// The benchmark's engine: the worked example's day on the GPU-utilization
/// signal, simulated for at least `n` seconds (whole days; each second
/// stepped but the quiet runs, booked at once); returns the billed
/// replica-seconds.
fn simulate_seconds(n: u64, seed: u64) -> u64 {
    let mut day = Day {
        signal: Signal::GpuUtilization,
        ..Day::default()
    };
    // Vary the day a little with the seed, so no run is a copy of another.
    day.peak += (seed % 7) as f64;
    (0..n.div_ceil(86_400).max(1))
        .map(|_| simulate_day(&day, None).paid_replica_s as u64)
        .sum()
}

/// The topic's benchmark engine.
pub(super) const ENGINE: Engine = Engine {
    name: "simulate the worked example's day (quiet runs of seconds booked at once)",
    unit: "simulated seconds",
    default_n: 86_400 * 20,
    run: simulate_seconds,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rng::SplitMix64;

    /// The day one second at a time, no run skipped.
    fn stepwise(d: &Day) -> (DayStats, Trace) {
        let (mut trace, mut minute) = (Trace::new(), Minute::new());
        let mut day = DayLoop::new(d);
        while let Some((x, paid)) = day.step() {
            minute.sample(&mut trace, day.t - 1, &x, paid);
        }
        (day.stats(), trace)
    }

    /// Skipping the quiet runs changes nothing, bit for bit, whatever the day.
    #[test]
    fn skipped_runs_book_what_their_seconds_would() {
        let mut rng = SplitMix64::new(11);
        let signals = [
            Signal::QueueDepth,
            Signal::TokensPerSecond,
            Signal::GpuUtilization,
        ];
        for i in 0..144 {
            let mut pick = |n: u64| rng.below(n) as usize;
            let peak = 1000.0 + 100.0 * pick(400) as f64 + [0.0, 0.37][pick(2)];
            let d = Day {
                ceiling: [500.0, 3000.0, 1234.5][pick(3)],
                peak,
                trough: (peak * pick(101) as f64 / 100.0).floor() + [0.0, 0.25][pick(2)],
                spare: pick(3) as u32,
                floor: 1 + pick(4) as u32,
                cold_start_s: [0, 1, 60, 240, 900][pick(5)],
                forecast_s: [0, 1, 300, 3600][pick(4)],
                drain_s: [0, 1, 120, 600][pick(4)],
                signal: signals[i % 3],
                wait_slo_s: [0.5, 2.0, 30.0][pick(3)],
                ramp_s: [60, 300, 7200, 14_400][pick(4)],
                swing: [0.0, 0.0, 0.05, 0.3][pick(4)],
                gauge_cap: [0.3, 0.6, 1.0][pick(3)],
                production: i % 2 == 1,
            };
            let mut trace = Trace::new();
            let stats = simulate_day(&d, Some(&mut trace));
            let (want_stats, want_trace) = stepwise(&d);
            assert_eq!(format!("{stats:?}"), format!("{want_stats:?}"), "{d:?}");
            assert_eq!(format!("{trace:?}"), format!("{want_trace:?}"), "{d:?}");
            assert_eq!(simulate_day(&d, None), want_stats);
        }
    }
}
