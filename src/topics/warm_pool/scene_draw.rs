//! What the warm pool scene draws (960 × 360): the clock and the day's
//! bursts on a strip; arrivals flowing in, the queue, the replicas (standby,
//! cold, booting with a countdown, serving); this burst's timeline; the
//! standby rent meter; the counters and a legend.

use super::scene::{Phase, PoolScene, MARKS, TRACE};
use crate::model::scene::{day_strip, jitter, Align, Clock, Frame, Glyph, Ink, Thousands};

/// Panels' top and bottom.
const PY0: f32 = 70.0;
const PY1: f32 = 156.0;
/// The arrival lane and the queue.
const LX0: f32 = 10.0;
const LX1: f32 = 200.0;
const QX0: f32 = 210.0;
const QX1: f32 = 470.0;
/// The replicas.
const RX0: f32 = 486.0;
const BW: f32 = 52.0;
const BH: f32 = 36.0;
/// Most rings drawn in the queue.
const RINGS: usize = 60;
/// The burst's timeline.
const TX0: f32 = 40.0;
const TX1: f32 = 470.0;
const TY0: f32 = 184.0;
const TY1: f32 = 266.0;

impl PoolScene {
    /// Describes the scene now (`Scene::draw`).
    pub(super) fn paint(&self, f: &mut Frame) {
        self.header(f);
        self.lane(f);
        self.queue(f);
        self.replicas(f);
        self.timeline(f);
        self.meter(f);
        self.tallies(f);
        self.legend(f);
    }
    fn header(&self, f: &mut Frame) {
        let b = self.burst();
        let (k, n) = ((self.done + 1).min(self.bursts), self.bursts);
        let phase = match self.phase {
            Phase::Quiet { .. } => "quiet",
            Phase::Burst { .. } => "burst",
            Phase::Forward { .. } => "fast-forward through the quiet hours",
            Phase::Over => "the day is over",
        };
        f.plain(
            (10.0, 16.0),
            format_args!(
                "{} · burst {k} of {n} · {phase} · {} standby, {} launched on each burst",
                Clock(self.day_t),
                b.warm,
                b.launched()
            ),
        );
        let xs = day_strip(f, (10.0, 950.0), (24.0, 40.0), self.day_t);
        for i in 0..self.bursts {
            let x = xs(self.burst_start(i));
            let ink = if i < self.done {
                Ink::Accent
            } else {
                Ink::Muted
            };
            f.line((x, 27.0), (x, 37.0), ink, false);
        }
    }

    /// Arrivals flowing toward the queue: a dot per `per_mark` requests.
    fn lane(&self, f: &mut Frame) {
        let t = self.burst_t();
        let rate = self.burst().demand(t);
        f.caption(
            (LX0, PY0 - 6.0),
            format_args!("Arrivals: {} a second", Thousands(rate)),
        );
        f.outline(LX0, PY0, LX1 - LX0, PY1 - PY0, Ink::Idle);
        if !self.in_burst() {
            return;
        }
        let lane = self.lane_s();
        let first = self.n_marks.saturating_sub(MARKS);
        for i in first..self.n_marks {
            let age = t - self.marks[i % MARKS];
            if !(0.0..=lane).contains(&age) {
                continue;
            }
            let x = LX0 + 4.0 + (LX1 - LX0 - 8.0) * (age / lane) as f32;
            let y = (PY0 + PY1) / 2.0 + 36.0 * jitter(self.seed, i, 1);
            f.mark(x, y, 3.0, Glyph::Dot, Ink::ClassA);
        }
    }

    /// The backlog: a ring per `per_mark` waiting requests (at most 60),
    /// the head of the line on the right.
    fn queue(&self, f: &mut Frame) {
        let q = self.run.q;
        let all = (q / self.per_mark).ceil() as usize;
        let more = if all > RINGS {
            ", the first 60 drawn"
        } else {
            ""
        };
        f.caption(
            (QX0, PY0 - 6.0),
            format_args!("Queue: {} waiting{more}", Thousands(q)),
        );
        f.outline(QX0, PY0, QX1 - QX0, PY1 - PY0, Ink::Muted);
        for j in 0..all.min(RINGS) {
            let x = QX1 - 12.0 - (j % 12) as f32 * 20.0 + 2.0 * jitter(self.seed, j, 2);
            let y = PY0 + 10.0 + (j / 12) as f32 * 16.0 + 2.0 * jitter(self.seed, j, 3);
            f.mark(x, y, 5.0, Glyph::Ring, Ink::Waiting);
        }
    }

    /// The replicas: standby ones first, then those each burst launches.
    fn replicas(&self, f: &mut Frame) {
        let b = self.burst();
        let (w, k) = (b.warm, b.shape.need);
        f.caption(
            (RX0, PY0 - 6.0),
            format_args!("Replicas: {w} standby, {} launched per burst", b.launched()),
        );
        let in_burst = self.in_burst();
        let t = self.burst_t();
        let cold = b.shape.cold_start_s;
        let busy = self.run.served_rate() / b.shape.rate;
        let mut ready = 0u32;
        for slot in 0..w.max(k) {
            let x = RX0 + (slot % 8) as f32 * (BW + 6.0);
            let y = PY0 + (slot / 8) as f32 * (BH + 10.0);
            let standby = slot < w;
            if standby || (in_burst && t >= cold) {
                if in_burst {
                    let fill = (busy - ready as f64) as f32;
                    f.serving((x, y, BW, BH), fill, Ink::ClassA);
                    ready += 1;
                } else {
                    f.rect(x, y, BW, BH, Ink::Idle);
                    f.small(
                        (x + BW / 2.0, y + 22.0),
                        Ink::Muted,
                        Align::Center,
                        format_args!("standby"),
                    );
                    f.outline(x, y, BW, BH, Ink::Text);
                }
            } else if in_burst {
                let done = if cold > 0.0 { (t / cold) as f32 } else { 1.0 };
                f.booting((x, y, BW, BH), done, (cold - t).ceil());
            } else {
                f.idle_box((x, y, BW, BH), "cold");
            }
        }
    }
}

impl PoolScene {
    /// This burst: demand and ready replicas (known curves), the backlog as
    /// it has run, a cursor, and when the launches are ready.
    fn timeline(&self, f: &mut Frame) {
        let b = self.burst();
        let h = self.run.stats.horizon_s;
        let r = b.shape.rate;
        let top = b.warm.max(b.shape.need) as f64 * 1.15;
        let x = |t: f64| TX0 + (TX1 - TX0) * (t / h).clamp(0.0, 1.0) as f32;
        let y = |v: f64| TY1 - (TY1 - TY0) * (v / top).clamp(0.0, 1.0) as f32;
        let which = if self.in_burst() { "This" } else { "Each" };
        f.small(
            (10.0, TY0 - 8.0),
            Ink::Text,
            Align::Left,
            format_args!("{which} burst: demand (teal), ready replicas (blue), the backlog (grey)"),
        );
        f.outline(TX0, TY0, TX1 - TX0, TY1 - TY0, Ink::Muted);
        let scale = self.trace_top;
        let bar = (TX1 - TX0) / TRACE as f32;
        for (i, q) in self.trace.iter().enumerate() {
            if *q > 0.0 {
                let hgt = (TY1 - TY0) * (*q as f64 / scale.max(1.0)).min(1.0) as f32;
                f.rect(
                    TX0 + i as f32 * bar,
                    TY1 - hgt,
                    bar.max(1.0),
                    hgt,
                    Ink::Waiting,
                );
            }
        }
        let parts = 60;
        for i in 0..parts {
            let (t0, t1) = (
                h * i as f64 / parts as f64,
                h * (i + 1) as f64 / parts as f64,
            );
            let (y0, y1) = (y(b.demand(t0) / r), y(b.demand(t1) / r));
            f.line((x(t0), y0), (x(t1), y1), Ink::Accent, false);
            let (r0, r1) = (y(b.ready(t0) as f64), y(b.ready(t1) as f64));
            f.line((x(t0), r0), (x(t1), r0), Ink::ClassA, false);
            if r1 != r0 {
                f.line((x(t1), r0), (x(t1), r1), Ink::ClassA, false);
            }
        }
        if scale >= 0.5 {
            let mid = (TX0 + TX1) / 2.0;
            let top = Thousands(scale);
            f.small(
                (mid, TY1 + 12.0),
                Ink::Muted,
                Align::Center,
                format_args!("grey up to {top} waiting"),
            );
        }
        let cold = b.shape.cold_start_s;
        if b.launched() > 0 {
            f.line((x(cold), TY0), (x(cold), TY1), Ink::Booting, true);
            let at = (x(cold) + 3.0, TY0 + 11.0);
            f.small(
                at,
                Ink::Muted,
                Align::Left,
                format_args!("launches ready at {cold:.0} s"),
            );
        }
        f.note((TX0, TY1 + 12.0), format_args!("0 s"));
        f.small(
            (TX1, TY1 + 12.0),
            Ink::Muted,
            Align::Right,
            format_args!("{h:.0} s"),
        );
        for v in [0u32, b.warm.max(b.shape.need)] {
            f.small(
                (TX0 - 4.0, y(v as f64) + 4.0),
                Ink::Muted,
                Align::Right,
                format_args!("{v}"),
            );
        }
        if self.in_burst() {
            let cx = x(self.burst_t());
            f.line((cx, TY0 - 2.0), (cx, TY1 + 2.0), Ink::Text, false);
        }
    }

    /// The standby rent, ticking: today's, against the whole burst warm.
    fn meter(&self, f: &mut Frame) {
        let b = self.burst();
        let (x0, x1) = (RX0, 946.0f32);
        let rent = self.rent();
        f.caption((x0, TY0 - 8.0), format_args!("Standby rent today"));
        f.big((x0, TY0 + 14.0), Ink::Accent, format_args!("${rent:.2}"));
        f.note(
            (x0 + 110.0, TY0 + 12.0),
            format_args!(
                "{} standby × ${:.2} an hour, called or not",
                b.warm, self.price
            ),
        );
        let whole = b.warm.max(b.shape.need) as f64 * self.price * 24.0;
        let fill = (rent / whole.max(1e-9)).clamp(0.0, 1.0) as f32;
        f.outline(x0, TY0 + 24.0, x1 - x0, 10.0, Ink::Muted);
        f.rect(x0, TY0 + 24.0, (x1 - x0) * fill, 10.0, Ink::Accent);
        f.note(
            (x0, TY0 + 48.0),
            format_args!("bar: against the whole burst warm all day (${whole:.0})"),
        );
        if let Phase::Forward { from, to, .. } = self.phase {
            let quiet = (to - from) / 60.0;
            let extra = b.warm as f64 * self.price * (to - from) / 3600.0;
            f.small(
                (x0, TY0 + 64.0),
                Ink::Accent,
                Align::Left,
                format_args!(
                    "{quiet:.0} quiet minutes to {}: +${extra:.2}, nobody called",
                    Clock(to)
                ),
            );
        } else {
            let every = self.cycle / 60.0;
            f.note(
                (x0, TY0 + 64.0),
                format_args!(
                    "A burst every {every:.0} min, {} a day; the quiet between passes fast",
                    self.bursts
                ),
            );
        }
    }

    /// The counters, drawn across the bottom.
    fn tallies(&self, f: &mut Frame) {
        let dash = if self.done > 0 { "" } else { " (so far)" };
        let arrived = self.burst().arrived(self.burst_t()) > 0.0;
        let share = self.at_once_share() * 100.0;
        let cells: [(std::fmt::Arguments, &str); 6] = [
            (format_args!("${:.2}", self.rent()), "standby rent today"),
            (format_args!("{:.1} s{dash}", self.worst), "worst wait"),
            (
                format_args!("{:.1} s", self.p95_so_far()),
                if self.in_burst() {
                    "p95 wait, served so far"
                } else {
                    "p95 wait, last burst"
                },
            ),
            (format_args!("{}", Thousands(self.peak)), "peak backlog"),
            (
                format_args!("{:.2} h", self.waited / 3600.0),
                "user-hours waited today",
            ),
            match arrived {
                true => (format_args!("{share:.0} %"), "served without waiting"),
                false => (format_args!("—"), "served without waiting"),
            },
        ];
        for (i, (value, label)) in cells.into_iter().enumerate() {
            f.counter((10.0 + i as f32 * 157.0, 314.0), Ink::Text, value, label);
        }
    }

    fn legend(&self, f: &mut Frame) {
        let m = self.per_mark;
        f.footer(

            format_args!("A dot is {m} arriving requests; a ring, {m} waiting. A box is a replica (a GPU card): grey = standby, rented and idle; blue fill = share busy;"),

            format_args!("purple = cold start (fill = progress, seconds left); outlined = cold, not running. The meter counts the standby replicas only, as the page's idle rent does."),

        );
    }
}
