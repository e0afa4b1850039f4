//! The traffic of a simulated day and what it adds up to, one second at a
//! time (the loop itself, the autoscaler and the pool are in `sim_day.rs`).
//!
//! Demand `D(t)` (tok/s) is the day's curve (see `model.rs`) times a
//! minute-to-minute swing `1 + swing · n(t)`, `n` piecewise linear between
//! per-minute draws in [−1, 1] of SplitMix64 with a fixed seed, so the day is
//! the same every run. The swing is 0 by default (the worked example's day
//! follows its curve) and ±5 % in the GPU-trap story.
//!
//! Each second the ready capacity is `R · C`; demand above it queues,
//! `Q ← max(0, Q + D − R·C)` (tokens); the wait of a token arriving now is
//! `Q / (R·C)` seconds.
//!
//! The day adds up replica-seconds (ready + booting + draining), tokens
//! arrived and served, the peak queue, the seconds with wait above the SLO,
//! the fewest spares ready on the peak plateau, and the idle replica-seconds:
//! those paid beyond what the second's demand needs with one spare
//! (`ceil(D / C) + 1`).

use super::model::{ceil_whole, repeat_add, CeilSteps};
use super::params::{Day, DAY_S, IDLE_SPARE, SWING_SEED};
use crate::model::hot::{larger, smaller};
use crate::model::rng::SplitMix64;

/// What a day adds up to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DayStats {
    /// Replica-seconds billed: ready, booting and draining.
    pub paid_replica_s: f64,
    /// Replica-seconds of ready replicas.
    pub ready_replica_s: f64,
    /// Paid replica-seconds beyond `ceil(D / C) + 1`.
    pub idle_replica_s: f64,
    pub demand_tokens: f64,
    pub served_tokens: f64,
    /// Largest queue (tokens).
    pub peak_queue: f64,
    /// Queue left at midnight (tokens).
    pub end_queue: f64,
    /// Longest queueing wait (s).
    pub max_wait_s: f64,
    /// Seconds whose wait exceeded the SLO.
    pub seconds_above_slo: u32,
    /// First such second, or `DAY_S` if none.
    pub first_breach_s: usize,
    /// Fewest ready replicas during the peak plateau, minus `ceil(peak / C)`.
    pub spare_at_peak: f64,
    /// Most replicas billed at once.
    pub max_paid: u32,
    /// Replicas launched during the day.
    pub launches: u32,
    /// Ready replicas at the start of the day.
    pub start_ready: u32,
    /// Replicas billed in the day's last second.
    pub end_paid: u32,
}

/// Per-minute samples of a day, for drawing (1,440 rows).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// Highest demand in the minute (tok/s).
    pub demand: Vec<f64>,
    /// Lowest ready capacity in the minute (tok/s).
    pub ready_capacity: Vec<f64>,
    /// Most replicas billed in the minute.
    pub paid: Vec<f64>,
    /// Largest queue in the minute (tokens).
    pub queue: Vec<f64>,
}

impl Trace {
    /// Empty, with room for a day's 1,440 rows.
    pub fn new() -> Trace {
        let n = DAY_S / 60;
        Trace {
            demand: Vec::with_capacity(n),
            ready_capacity: Vec::with_capacity(n),
            paid: Vec::with_capacity(n),
            queue: Vec::with_capacity(n),
        }
    }
    pub(super) fn clear(&mut self) {
        self.demand.clear();
        self.ready_capacity.clear();
        self.paid.clear();
        self.queue.clear();
    }
}

impl DayStats {
    /// Paid replica-seconds beyond the need plus one spare, as a share of all
    /// paid replica-seconds (0 for a day that paid nothing).
    pub(super) fn idle_share(&self) -> f64 {
        if self.paid_replica_s > 0.0 {
            self.idle_replica_s / self.paid_replica_s
        } else {
            0.0
        }
    }
}

/// A draw of the swing in [−1, 1].
#[inline(always)]
fn swing_draw(rng: &mut SplitMix64) -> f64 {
    2.0 * rng.next_unit() - 1.0
}

/// The minute-to-minute swing `n(t)`: linear from this minute's draw `a` to
/// the next minute's `b`.
#[derive(Clone)]
pub(super) struct Swing {
    rng: SplitMix64,
    a: f64,
    b: f64,
}

impl Swing {
    pub(super) fn new() -> Swing {
        let mut rng = SplitMix64::new(SWING_SEED);
        let a = swing_draw(&mut rng);
        let b = swing_draw(&mut rng);
        Swing { rng, a, b }
    }

    /// `n(0)`, before the first second.
    pub(super) fn first(&self) -> f64 {
        self.a
    }

    /// `n(t)`; called once a second in order, drawing a knot each new minute.
    #[inline(always)]
    pub(super) fn at(&mut self, t: usize) -> f64 {
        let sec = t % 60;
        if sec == 0 && t > 0 {
            self.a = self.b;
            self.b = swing_draw(&mut self.rng);
        }
        self.within(t)
    }

    /// `n(t)` from the knots drawn so far: [`Swing::at`] once `t`'s minute
    /// has begun.
    #[inline(always)]
    pub(super) fn within(&self, t: usize) -> f64 {
        self.a + (self.b - self.a) * ((t % 60) as f64 * (1.0 / 60.0))
    }

    /// Leaves the swing as calling [`Swing::at`] for every second of
    /// `t0..t1` would: a knot drawn at each new minute.
    pub(super) fn skip(&mut self, t0: usize, t1: usize) {
        let mut m = t0.max(1).div_ceil(60) * 60;
        while m < t1 {
            self.a = self.b;
            self.b = swing_draw(&mut self.rng);
            m += 60;
        }
    }
}

/// One second of traffic through the ready pool.
#[derive(Clone, Copy)]
pub(super) struct Second {
    /// The curve without the swing (tok/s).
    pub(super) curve: f64,
    /// Demand with the swing (tok/s).
    pub(super) demand: f64,
    /// Ready capacity, replicas × ceiling (tok/s).
    pub(super) cap: f64,
    /// Tokens served.
    pub(super) served: f64,
    /// Tokens still waiting after the second.
    pub(super) queue: f64,
}

impl Second {
    /// Serves the waiting tokens `q` and this second's demand: what the ready
    /// capacity cannot take queues.
    #[inline(always)]
    pub(super) fn serve(curve: f64, demand: f64, cap: f64, q: f64) -> Second {
        let total = q + demand;
        let served = smaller(total, cap);
        Second {
            curve,
            demand,
            cap,
            served,
            queue: total - served,
        }
    }

    /// The wait of a token arriving now: the queue ahead at full speed.
    #[inline(always)]
    fn wait(&self) -> f64 {
        if self.cap > 0.0 {
            self.queue / self.cap
        } else {
            f64::INFINITY
        }
    }
}

/// The day's sums, kept second by second.
pub(super) struct Ledger {
    s: DayStats,
    /// `ceil(D / C)`, the need the idle share counts from.
    need: CeilSteps,
    /// Replicas the peak needs, `ceil(peak / C)`.
    n_peak: f64,
    plateau: (usize, usize),
    wait_slo_s: f64,
    idle_rs: u64,
    paid_rs: u64,
    ready_rs: u64,
    demand_tokens: f64,
    served_tokens: f64,
}

impl Ledger {
    pub(super) fn new(d: &Day, start_ready: u32) -> Ledger {
        Ledger {
            s: DayStats {
                first_breach_s: DAY_S,
                spare_at_peak: f64::INFINITY,
                start_ready,
                ..DayStats::default()
            },
            need: CeilSteps::new(d.ceiling),
            n_peak: ceil_whole(d.peak / d.ceiling),
            plateau: d.plateau(),
            wait_slo_s: d.wait_slo_s,
            idle_rs: 0,
            paid_rs: 0,
            ready_rs: 0,
            demand_tokens: 0.0,
            served_tokens: 0.0,
        }
    }

    /// Books second `t`, served by `ready` replicas with `paid` billed.
    #[inline(always)]
    pub(super) fn record(&mut self, t: usize, x: &Second, ready: u32, paid: u32) {
        self.bill(x, ready, paid);
        if x.queue > 0.0 {
            self.queued(t, x);
        }
        self.peaks(t, t + 1, ready, paid);
    }

    /// Replica-seconds (paid, ready, idle beyond the need plus one spare) and
    /// tokens.
    #[inline(always)]
    pub(super) fn bill(&mut self, x: &Second, ready: u32, paid: u32) {
        let need1 = self.need.of(x.demand) + IDLE_SPARE;
        let extra = paid as i64 - need1;
        if extra > 0 {
            self.idle_rs += extra as u64;
        }
        self.paid_rs += paid as u64;
        self.ready_rs += ready as u64;
        self.demand_tokens += x.demand;
        self.served_tokens += x.served;
    }

    /// The queue's peak and the wait it makes, against the SLO.
    #[inline(always)]
    fn queued(&mut self, t: usize, x: &Second) {
        let s = &mut self.s;
        if x.queue > s.peak_queue {
            s.peak_queue = x.queue;
        }
        let wait = x.wait();
        if wait > s.max_wait_s {
            s.max_wait_s = wait;
        }
        if wait > self.wait_slo_s {
            s.seconds_above_slo += 1;
            if s.first_breach_s == DAY_S {
                s.first_breach_s = t;
            }
        }
    }

    /// Books the seconds `t0..t1` as [`Ledger::record`] would book each, when
    /// each is the same second `x` with nothing queued, served by `ready`
    /// with `paid` billed.
    pub(super) fn record_run(&mut self, t0: usize, t1: usize, x: &Second, ready: u32, paid: u32) {
        debug_assert!(x.queue == 0.0 && t0 < t1);
        let k = (t1 - t0) as u64;
        let extra = paid as i64 - (self.need.of(x.demand) + IDLE_SPARE);
        if extra > 0 {
            self.idle_rs += extra as u64 * k;
        }
        self.paid_rs += paid as u64 * k;
        self.ready_rs += ready as u64 * k;
        self.demand_tokens = repeat_add(self.demand_tokens, x.demand, k as usize);
        self.served_tokens = repeat_add(self.served_tokens, x.served, k as usize);
        self.peaks(t0, t1, ready, paid);
    }

    /// The fewest spares on the plateau and the most replicas billed, for the
    /// seconds `t0..t1` served by `ready` with `paid` billed.
    #[inline(always)]
    pub(super) fn peaks(&mut self, t0: usize, t1: usize, ready: u32, paid: u32) {
        let (p0, p1) = self.plateau;
        if t0 < p1 && p0 < t1 {
            let sp = ready as f64 - self.n_peak;
            if sp < self.s.spare_at_peak {
                self.s.spare_at_peak = sp;
            }
        }
        if paid > self.s.max_paid {
            self.s.max_paid = paid;
        }
        self.s.end_paid = paid;
    }

    /// Counts the replicas launched after a second.
    #[inline(always)]
    pub(super) fn launched(&mut self, n: u32) {
        self.s.launches += n;
    }

    /// The day's stats, with `end_queue` tokens left at midnight.
    pub(super) fn close(&self, end_queue: f64) -> DayStats {
        let mut s = self.s;
        s.demand_tokens = self.demand_tokens;
        s.served_tokens = self.served_tokens;
        s.end_queue = end_queue;
        s.idle_replica_s = self.idle_rs as f64;
        s.paid_replica_s = self.paid_rs as f64;
        s.ready_replica_s = self.ready_rs as f64;
        if !s.spare_at_peak.is_finite() {
            s.spare_at_peak = 0.0;
        }
        s
    }
}

/// The trace's extremes within the current minute.
pub(super) struct Minute {
    demand: f64,
    cap: f64,
    paid: u32,
    queue: f64,
}

impl Minute {
    pub(super) fn new() -> Minute {
        Minute {
            demand: 0.0,
            cap: f64::INFINITY,
            paid: 0,
            queue: 0.0,
        }
    }

    /// Takes second `t` in; its minute's last second writes the row.
    #[inline(always)]
    pub(super) fn sample(&mut self, tr: &mut Trace, t: usize, x: &Second, paid: u32) {
        self.demand = larger(self.demand, x.demand);
        self.cap = smaller(self.cap, x.cap);
        self.paid = self.paid.max(paid);
        self.queue = larger(self.queue, x.queue);
        if t % 60 == 59 {
            tr.demand.push(self.demand);
            tr.ready_capacity.push(self.cap);
            tr.paid.push(self.paid as f64);
            tr.queue.push(self.queue);
            *self = Minute::new();
        }
    }

    /// Takes the seconds `t0..t1` in, each the same second `x` with `paid`
    /// billed: the extremes of equal samples are the sample, so each minute's
    /// part of the run is sampled once, at its last second.
    pub(super) fn sample_run(
        &mut self,
        tr: &mut Trace,
        t0: usize,
        t1: usize,
        x: &Second,
        paid: u32,
    ) {
        let mut t = t0;
        while t < t1 {
            let last = (t - t % 60 + 59).min(t1 - 1);
            self.sample(tr, last, x, paid);
            t = last + 1;
        }
    }
}
