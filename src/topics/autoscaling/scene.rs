//! The autoscaling scene: the page's own day (`sim_day.rs`), stepped second
//! by second while the learner watches, as a time-lapse.
//!
//! The scene opens a little before the morning rise (the engine runs the
//! night before it at build time) and shows a moving window of the day around
//! now: demand against the ready replicas, the queue's wait under it, the
//! replicas booting with their cold-start progress, the two signals an
//! autoscaler could read as live gauges, and a strip of the whole day with a
//! cursor. The window's span follows the rise time and the cold start, so the
//! late ramp's five minutes fill the window instead of one pixel of a 24-hour
//! axis. At midnight the day is over and the scene holds its last frame.
//!
//! It is the figures' own day, not a sample of it: the traffic and the swing
//! are the topic's fixed pattern, so by midnight the counters are the day's
//! figures to the second. The seed only scatters the queue's marks.
//! Drawing is in `scene_draw.rs`.

use super::params::{Day, DAY_S, RISE_AT};
use super::sim::Second;
use super::sim_day::{day_run, DayLoop};
use crate::model::scene::{
    Claim, Comparison, CounterSpec, Frame, Layout, Order, Scene, SceneSpec, Stepped, Steps,
};
use crate::model::{Params, Unit};

pub static SCENE: SceneSpec = SceneSpec {
    build,
    production: false,
    comparisons: &[
        Comparison {
            id: "signal",
            label: "Queue depth vs GPU utilization",
            param: "signal",
            a: "queue-depth",
            b: "gpu-utilization",
            watch: "The GPU gauge flattens at its cap however busy the cards are, so its side adds no more replicas than queue depth does, and its queue spends as long or longer over the wait SLO.",
            claims: &[Claim::new("max_replicas", Order::AtMost), Claim::new("seconds_above_slo", Order::AtLeast)],
        },
        Comparison {
            id: "forecast",
            label: "React vs launch 300 s ahead",
            param: "forecast_s",
            a: "0",
            b: "300",
            watch: "Reacting, a replica launched for rising demand finishes its cold start after that demand arrives; looking 300 s ahead it can be ready first, so the queue waits no longer and spends no longer over the SLO.",
            claims: &[Claim::new("seconds_above_slo", Order::AtMost), Claim::new("max_wait_s", Order::AtMost)],
        },
    ],
    counters: &COUNTERS,
};

/// The whole day: the scene opens before 08:00 and reaches midnight within
/// 86,400 of its seconds, when its totals are the day's. Tolerances: the
/// scene is the figures' own engine, so at midnight each counter is the
/// figure exactly; the margins only absorb one second of stepping.
const WHOLE_DAY: f64 = DAY_S as f64;

static COUNTERS: [CounterSpec; 5] = [
    CounterSpec::new(
        "seconds_above_slo",
        "seconds over the wait SLO",
        Unit::Seconds,
    )
    .settles_on("seconds_above_slo", 1.0, WHOLE_DAY),
    CounterSpec::new("max_wait_s", "longest wait", Unit::Seconds).settles_on(
        "max_wait_s",
        0.01,
        WHOLE_DAY,
    ),
    CounterSpec::share(
        "idle_share",
        "idle beyond need + 1",
        "idle_share",
        0.001,
        WHOLE_DAY,
    ),
    CounterSpec::new(
        "max_replicas",
        "most replicas billed",
        Unit::Count("replicas"),
    )
    .settles_on("max_replicas", 0.0, WHOLE_DAY),
    CounterSpec::dollars("bill", "bill so far", "bill", WHOLE_DAY),
];

/// The window's spans (seconds): the first one at least the rise plus a
/// cold start is the scene's. Neither the signal nor the forecast moves it,
/// so the two sides of a comparison share one clock.
const SPANS: [usize; 9] = [300, 600, 900, 1800, 3600, 7200, 10_800, 14_400, 21_600];
/// Share of the window behind now; the rest shows the day's curve ahead.
pub(super) const PAST: f64 = 0.8;
/// Real seconds the default speed takes to cross the window.
const CROSS_S: f64 = 40.0;
/// Columns of the window's history.
pub(super) const COLS: usize = 300;
/// Cells of the day strip (15 minutes each).
pub(super) const CELLS: usize = 96;
/// Most seconds one `advance` runs: two hours of the day.
const MAX_STEPS: u32 = 7200;

/// One column of the window: the extremes of its seconds.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Col {
    /// The second after its last.
    pub(super) end: usize,
    /// Highest demand, in replicas' worth.
    pub(super) demand: f64,
    /// Fewest ready replicas.
    pub(super) ready: f64,
    /// Most replicas billed.
    pub(super) paid: u32,
    /// Longest queueing wait (s).
    pub(super) wait: f64,
}

/// The window's last `COLS` columns, in a ring, and the one filling now.
pub(super) struct History {
    cols: [Col; COLS],
    /// Where the next closed column goes.
    head: usize,
    len: usize,
    cur: Col,
    /// Seconds per column.
    bucket: usize,
}

impl History {
    fn new(bucket: usize) -> History {
        History {
            cols: [Col::default(); COLS],
            head: 0,
            len: 0,
            cur: Col::default(),
            bucket: bucket.max(1),
        }
    }

    /// Takes second `t` in; its column's last second closes the column.
    fn push(&mut self, t: usize, x: &Second, ceiling: f64, paid: u32) {
        let c = &mut self.cur;
        let fresh = c.end == 0 || t.is_multiple_of(self.bucket);
        let wait = wait_of(x);
        let (demand, ready) = (x.demand / ceiling, x.cap / ceiling);
        if fresh {
            *c = Col {
                end: t + 1,
                demand,
                ready,
                paid,
                wait,
            };
        } else {
            c.end = t + 1;
            c.demand = c.demand.max(demand);
            c.ready = c.ready.min(ready);
            c.paid = c.paid.max(paid);
            c.wait = c.wait.max(wait);
        }
        if (t + 1).is_multiple_of(self.bucket) {
            self.cols[self.head] = *c;
            self.head = (self.head + 1) % COLS;
            self.len = (self.len + 1).min(COLS);
        }
    }

    /// The columns oldest first, the one filling now last.
    pub(super) fn iter(&self) -> impl Iterator<Item = &Col> + '_ {
        let first = (self.head + COLS - self.len) % COLS;
        let open = !self.cur.end.is_multiple_of(self.bucket);
        (0..self.len)
            .map(move |i| &self.cols[(first + i) % COLS])
            .chain(open.then_some(&self.cur))
    }
}

/// The wait of a token arriving in second `x`: the queue ahead at full
/// speed (s), large but finite when nothing is ready.
pub(super) fn wait_of(x: &Second) -> f64 {
    if x.cap > 0.0 {
        x.queue / x.cap
    } else if x.queue > 0.0 {
        1e9
    } else {
        0.0
    }
}

/// The running day and what the drawing keeps of it.
pub(super) struct DayScene {
    pub(super) run: DayLoop,
    /// The second the scene opened at.
    pub(super) start: usize,
    /// The window's span (s).
    pub(super) window: usize,
    pub(super) price: f64,
    pub(super) seed: u64,
    /// The chart's top, in replicas.
    pub(super) top: f64,
    /// The last second run and the replicas billed in it.
    pub(super) last: Second,
    pub(super) paid: u32,
    pub(super) hist: History,
    /// Seconds over the wait SLO in each cell of the day strip.
    pub(super) breaches: [u16; CELLS],
}

fn build(p: &Params, seed: u64) -> Box<dyn Scene> {
    // The scene runs the seed card's model (the page says so closer to
    // production).
    let d = Day {
        production: false,
        ..Day::read(p)
    };
    let day = DayScene::new(&d, p.get("price_per_hour"), seed);
    Stepped::boxed(day, 1.0, MAX_STEPS)
}

impl DayScene {
    pub(super) fn new(d: &Day, price: f64, seed: u64) -> DayScene {
        let window = SPANS
            .into_iter()
            .find(|&s| s >= d.ramp_s + d.cold_start_s)
            .unwrap_or(SPANS[SPANS.len() - 1]);
        let behind = (window as f64 * PAST) as usize;
        let start = RISE_AT.saturating_sub(behind / 4).max(1);
        let most = day_run(d).stats.max_paid as f64;
        let mut s = DayScene {
            run: DayLoop::new(d),
            start,
            window,
            price,
            seed,
            top: most.max(d.peak * (1.0 + d.swing) / d.ceiling).max(1.0),
            last: Second::serve(0.0, 0.0, 0.0, 0.0),
            paid: 0,
            hist: History::new(window / COLS),
            breaches: [0; CELLS],
        };
        // The night before the window opens, run at build time.
        while s.run.t() < start && s.step() {}
        s
    }

    pub(super) fn over(&self) -> bool {
        self.run.t() >= DAY_S
    }
}

impl Steps for DayScene {
    /// Runs the next second; false once the day is over.
    fn step(&mut self) -> bool {
        let Some((x, paid)) = self.run.step() else {
            return false;
        };
        let t = self.run.t() - 1;
        self.hist.push(t, &x, self.run.day().ceiling, paid);
        if wait_of(&x) > self.run.day().wait_slo_s {
            let cell = &mut self.breaches[t * CELLS / DAY_S];
            *cell = cell.saturating_add(1);
        }
        self.last = x;
        self.paid = paid;
        true
    }

    /// Seconds since the scene opened (it stops at midnight).
    fn now_s(&self, _clock_s: f64) -> f64 {
        (self.run.t() - self.start) as f64
    }

    /// Wide beside the sliders, or a column for a phone (`scene_draw.rs`).
    fn size(&self, layout: Layout) -> (f32, f32) {
        self.extent(layout)
    }

    fn draws_counters(&self, layout: Layout) -> bool {
        self.tallied(layout)
    }

    /// The speed that crosses the window in `CROSS_S` real seconds.
    fn default_speed(&self) -> f64 {
        self.window as f64 / CROSS_S
    }

    fn draw(&self, f: &mut Frame) {
        self.paint(f)
    }

    fn counters(&self, out: &mut Vec<f64>) {
        let s = self.run.stats();
        out.extend([
            s.seconds_above_slo as f64,
            s.max_wait_s,
            s.idle_share(),
            s.max_paid as f64,
            s.paid_replica_s / 3600.0 * self.price,
        ]);
    }

    fn summary(&self, out: &mut String) {
        self.tell(out)
    }
}

impl DayScene {
    /// One or two sentences on now: the demand and the pool, what boots,
    /// what waits; at midnight, the day's totals.
    fn tell(&self, out: &mut String) {
        use crate::model::scene::{Clock, Thousands};
        use std::fmt::Write as _;
        let s = self.run.stats();
        let d = self.run.day();
        if self.over() {
            let _ = write!(
                out,
                "Midnight: the day is over. {} s over the wait SLO, longest wait {:.1} s, at most {} replicas billed, bill ${:.2}.",
                s.seconds_above_slo,
                s.max_wait_s,
                s.max_paid,
                s.paid_replica_s / 3600.0 * self.price
            );
            return;
        }
        let (ready, booting, _) = self.run.pool();
        let _ = write!(
            out,
            "{}: demand {} tok/s on {ready} ready replicas ({} tok/s).",
            Clock(self.run.t() as f64),
            Thousands(self.last.demand),
            Thousands(ready as f64 * d.ceiling)
        );
        if booting > 0 {
            let soon = self.run.pending(false).next().map_or(0, |(k, _)| k + 1);
            let verb = if booting == 1 { "is" } else { "are" };
            let _ = write!(out, " {booting} {verb} booting ({soon} s left).");
        }
        let q = self.run.queue();
        let wait = wait_of(&self.last);
        if q >= 0.5 {
            let over = if wait > d.wait_slo_s {
                ", over the SLO"
            } else {
                ""
            };
            let _ = write!(out, " {} tokens wait {wait:.1} s{over}.", Thousands(q));
        } else {
            out.push_str(" Nothing waits.");
        }
    }
}
