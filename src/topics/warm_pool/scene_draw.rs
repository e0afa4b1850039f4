//! What the warm pool scene draws, every word at normal size or larger:
//! wide (840 × 450 units, beside the sliders) the clock and the day's
//! bursts on a strip; arrivals flowing in, the queue, and the replicas in
//! two named groups, the standby (warm) ones and those each burst launches
//! (cold, each booting until its own cold start, then serving); this burst's
//! timeline with a key beside it; the standby rent meter; the counters in
//! two rows. Narrow (320 units across, a phone) the same parts stack in one
//! column with shorter words and no counters (the page lists them under the
//! scene). One plan of positions per layout; the drawing is shared.

use super::scene::{Phase, PoolScene, MARKS, TRACE};
use crate::model::scene::{day_strip, normal_width};
use crate::model::scene::{
    jitter, Align, Clock, Frame, Glyph, Ink, Layout, Shape, TextSize, Thousands,
};
use crate::model::Unit;

/// The scene's size in each layout.
const WIDE: (f32, f32) = (840.0, 450.0);
const NARROW: (f32, f32) = (320.0, 572.0);
/// Replica boxes: widest, height, gap.
const BW: f32 = 40.0;
const BH: f32 = 30.0;
const GAP: f32 = 6.0;
/// Ring pitch in the queue, across and down.
const PITCH: (f32, f32) = (20.0, 16.0);

/// Where the parts stand in one layout.
#[derive(Clone, Copy, Debug)]
struct Plan {
    narrow: bool,
    w: f32,
    /// The header's lines' baselines (the second only when narrow).
    head: (f32, f32),
    /// The day strip's top and bottom.
    strip: (f32, f32),
    /// The arrival lane's and the queue's left and right; their top and
    /// bottom (captions above, keys below).
    lane: (f32, f32),
    queue: (f32, f32),
    py: (f32, f32),
    /// The replicas: left, right, and their first caption's baseline.
    rx: (f32, f32),
    ry: f32,
    /// The timeline: left and right, top and bottom.
    tx: (f32, f32),
    ty: (f32, f32),
    /// The rent meter: left, right, and its caption's baseline.
    mx: (f32, f32),
    my: f32,
    /// The counters' first row, wide only.
    tally: Option<f32>,
}

fn plan(layout: Layout) -> Plan {
    match layout {
        Layout::Wide => Plan {
            narrow: false,
            w: WIDE.0,
            head: (18.0, 18.0),
            strip: (28.0, 44.0),
            lane: (10.0, 200.0),
            queue: (214.0, 430.0),
            py: (92.0, 172.0),
            rx: (450.0, 830.0),
            ry: 84.0,
            tx: (40.0, 340.0),
            ty: (254.0, 334.0),
            mx: (450.0, 830.0),
            my: 246.0,
            tally: Some(374.0),
        },
        Layout::Narrow => Plan {
            narrow: true,
            w: NARROW.0,
            head: (18.0, 36.0),
            strip: (46.0, 60.0),
            lane: (10.0, 150.0),
            queue: (166.0, 310.0),
            py: (106.0, 162.0),
            rx: (10.0, 310.0),
            ry: 206.0,
            tx: (34.0, 222.0),
            ty: (376.0, 446.0),
            mx: (10.0, 310.0),
            my: 488.0,
            tally: None,
        },
    }
}

impl PoolScene {
    /// Whether it writes its counters in `layout` (`Steps::draws_counters`):
    /// the wide one's tallies.
    pub(super) fn tallied(&self, layout: Layout) -> bool {
        plan(layout).tally.is_some()
    }

    /// The scene's size in `layout` (`Steps::size`).
    pub(super) fn extent(&self, layout: Layout) -> (f32, f32) {
        match layout {
            Layout::Wide => WIDE,
            Layout::Narrow => NARROW,
        }
    }

    /// Describes the scene now (`Scene::draw`), laid out as the frame says.
    pub(super) fn paint(&self, f: &mut Frame) {
        let p = plan(f.layout);
        self.header(f, &p);
        self.lane(f, &p);
        self.queue(f, &p);
        self.replicas(f, &p);
        self.timeline(f, &p);
        self.meter(f, &p);
        if let Some(y) = p.tally {
            self.tallies(f, y);
        }
    }

    fn header(&self, f: &mut Frame, p: &Plan) {
        let (k, n) = ((self.done + 1).min(self.bursts), self.bursts);
        let phase = match self.phase {
            Phase::Quiet { .. } => "quiet before the burst",
            Phase::Burst { .. } => "the burst",
            Phase::Forward { .. } => "fast-forward through the quiet hours",
            Phase::Over => "the day is over",
        };
        let clock = Clock(self.day_t);
        if p.narrow {
            f.plain((10.0, p.head.0), format_args!("{clock} · burst {k} of {n}"));
            f.plain((10.0, p.head.1), format_args!("{phase}"));
        } else {
            let args = format_args!("{clock} · burst {k} of {n} · {phase}");
            f.plain((10.0, p.head.0), args);
        }
        let (y0, y1) = p.strip;
        let xs = day_strip(f, (10.0, p.w - 10.0), (y0, y1), self.day_t);
        for i in 0..self.bursts {
            let x = xs(self.burst_start(i));
            let ink = if i < self.done {
                Ink::Accent
            } else {
                Ink::Muted
            };
            f.line((x, y0 + 3.0), (x, y1 - 3.0), ink, false);
        }
    }

    /// Arrivals flowing toward the queue: a dot per `per_mark` requests,
    /// and what a dot is under the lane.
    fn lane(&self, f: &mut Frame, p: &Plan) {
        let ((x0, x1), (y0, y1)) = (p.lane, p.py);
        let t = self.burst_t();
        let rate = Thousands(self.burst().demand(t));
        let head = if p.narrow { "in" } else { "arrivals" };
        let args = format_args!("{head}: {rate} a second");
        f.normal((x0, y0 - 8.0), Ink::Text, Align::Left, args);
        f.outline(x0, y0, x1 - x0, y1 - y0, Ink::Idle);
        let key = (x0 + 5.0, y1 + 18.0);
        f.mark(key.0, key.1 - 4.0, 3.5, Glyph::Dot, Ink::ClassA);
        // What a dot stands for: "● = 10 requests".
        let noun = if self.per_mark == 1.0 {
            "request"
        } else {
            "requests"
        };
        let args = format_args!("= {} {noun}", self.per_mark);
        f.normal((key.0 + 9.0, key.1), Ink::Muted, Align::Left, args);
        if !self.in_burst() {
            return;
        }
        let lane = self.lane_s();
        let first = self.n_marks.saturating_sub(MARKS);
        let mid = (y0 + y1) / 2.0;
        for i in first..self.n_marks {
            let age = t - self.marks[i % MARKS];
            if !(0.0..=lane).contains(&age) {
                continue;
            }
            let x = x0 + 5.0 + (x1 - x0 - 10.0) * (age / lane) as f32;
            let y = mid + (mid - y0 - 6.0) * jitter(self.seed, i, 1);
            f.mark(x, y, 3.5, Glyph::Dot, Ink::ClassA);
        }
    }

    /// The backlog: a ring per `per_mark` waiting requests (as many as the
    /// box holds), the head of the line on the right; what a ring is under
    /// it.
    fn queue(&self, f: &mut Frame, p: &Plan) {
        let ((x0, x1), (y0, y1)) = (p.queue, p.py);
        let q = self.run.q;
        let cols = ((x1 - x0 - 4.0) / PITCH.0) as usize;
        let rows = ((y1 - y0 - 4.0) / PITCH.1) as usize;
        let room = cols * rows;
        let all = (q / self.per_mark).ceil() as usize;
        let at = (x0, y0 - 8.0);
        let ink = if q >= 0.5 { Ink::Text } else { Ink::Muted };
        f.normal(
            at,
            ink,
            Align::Left,
            format_args!("queue: {}", Thousands(q)),
        );
        if all > room {
            let at = (x1, y0 - 8.0);
            f.normal(at, Ink::Muted, Align::Right, format_args!("{room} drawn"));
        }
        f.outline(x0, y0, x1 - x0, y1 - y0, Ink::Muted);
        for j in 0..all.min(room) {
            let x = x1 - 12.0 - (j % cols) as f32 * PITCH.0 + 2.0 * jitter(self.seed, j, 2);
            let y = y0 + 10.0 + (j / cols) as f32 * PITCH.1 + 2.0 * jitter(self.seed, j, 3);
            f.mark(x, y, 5.0, Glyph::Ring, Ink::Waiting);
        }
        let key = (x0 + 6.0, y1 + 18.0);
        f.mark(key.0, key.1 - 4.0, 5.0, Glyph::Ring, Ink::Waiting);
        // What a ring stands for, as the arrivals' dot: "○ = 10 waiting"
        // (a ring with a bare count read as that many waiting now).
        let args = format_args!("= {} waiting", self.per_mark);
        f.normal((key.0 + 10.0, key.1), Ink::Muted, Align::Left, args);
    }

    /// The replicas in two groups, each named over its boxes and its state
    /// written under them: the standby (warm) ones, idle and renting or
    /// serving from the burst's first second; then those the burst
    /// launches (cold: off, then each booting until its own cold start,
    /// the model's, filling as it goes, then serving).
    fn replicas(&self, f: &mut Frame, p: &Plan) {
        let b = self.burst();
        let (w, cold_n) = (b.warm, b.launched());
        let (x0, x1) = p.rx;
        let n = w.max(cold_n).max(1) as f32;
        let bw = ((x1 - x0 + GAP) / n - GAP).min(BW);
        let in_burst = self.in_burst();
        let t = self.burst_t();
        let launches = b.launches();
        let busy = self.run.served_rate() / b.shape.rate;
        let groups = [(w, true), (cold_n, false)];
        for (g, (count, standby)) in groups.into_iter().enumerate() {
            let y = p.ry + g as f32 * 80.0;
            let (name, short) = match standby {
                true => ("standby (warm)", "standby"),
                false => ("launched on each burst (cold)", "launched (cold)"),
            };
            let name = if p.narrow { short } else { name };
            if count > 0 {
                let args = format_args!("{name}: {count}");
                f.normal((x0, y), Ink::Text, Align::Left, args);
            } else {
                f.normal(
                    (x0, y),
                    Ink::Muted,
                    Align::Left,
                    format_args!("{name}: none"),
                );
            }
            let first = if standby { 0 } else { w };
            for i in 0..count {
                let (x, by) = (x0 + i as f32 * (bw + GAP), y + 8.0);
                // When this one is ready: at once if standby, else its own
                // cold start (the launches soonest first, left to right).
                let ready_at = match standby {
                    true => 0.0,
                    false => launches.get(i as usize).copied().unwrap_or(0.0),
                };
                if in_burst && t >= ready_at {
                    let fill = (busy - (first + i) as f64) as f32;
                    f.serving((x, by, bw, BH), fill, Ink::ClassA);
                } else if standby {
                    f.rect(x, by, bw, BH, Ink::Idle);
                    f.outline(x, by, bw, BH, Ink::Text);
                } else if in_burst {
                    let done = (t / ready_at) as f32;
                    f.rect(x, by, bw * done.clamp(0.0, 1.0), BH, Ink::Booting);
                    f.outline(x, by, bw, BH, Ink::Booting);
                } else {
                    f.outline(x, by, bw, BH, Ink::Muted);
                }
            }
            let at = (x0, y + 8.0 + BH + 18.0);
            let booting = if standby || !in_burst {
                0
            } else {
                b.booting(t)
            };
            if booting > 0 {
                let (next, last) = self.boot_left(t);
                if booting == count && next == last {
                    let args = format_args!("booting, {next:.0} s left");
                    f.normal(at, Ink::Text, Align::Left, args);
                } else {
                    let args = format_args!("{booting} booting, next up in {next:.0} s");
                    f.normal(at, Ink::Text, Align::Left, args);
                }
            } else if let Some((ink, words)) = state(count, standby, in_burst) {
                f.normal(at, ink, Align::Left, format_args!("{words}"));
            }
        }
    }
}

/// What a group of replicas is doing, written under it (a launched
/// group's countdown aside): `count` of them, standby or launched, in a
/// burst or not.
fn state(count: u32, standby: bool, in_burst: bool) -> Option<(Ink, &'static str)> {
    Some(match (count, standby, in_burst) {
        (0, true, _) => return None,
        (0, false, _) => (Ink::Muted, "the warm replicas cover the burst"),
        (_, true, true) => (Ink::ClassA, "serving from the first second"),
        (_, true, false) => (Ink::Muted, "idle, rent ticking"),
        (_, false, true) => (Ink::ClassA, "ready, serving"),
        (_, false, false) => (Ink::Muted, "off until the burst"),
    })
}

impl PoolScene {
    /// This burst: demand and ready replicas (known curves), the backlog as
    /// it has run, a cursor, when the launches are ready, and a key beside
    /// it.
    fn timeline(&self, f: &mut Frame, p: &Plan) {
        let ((x0, x1), (y0, y1)) = (p.tx, p.ty);
        let b = self.burst();
        let h = self.run.stats.horizon_s;
        let r = b.shape.rate;
        let most = b.warm.max(b.shape.need);
        let top = most as f64 * 1.15;
        let x = |t: f64| x0 + (x1 - x0) * (t / h).clamp(0.0, 1.0) as f32;
        let y = |v: f64| y1 - (y1 - y0) * (v / top).clamp(0.0, 1.0) as f32;
        let which = if self.in_burst() { "this" } else { "each" };
        let args = format_args!("{which} burst, replicas' worth");
        f.normal((10.0, y0 - 8.0), Ink::Text, Align::Left, args);
        f.outline(x0, y0, x1 - x0, y1 - y0, Ink::Muted);
        let scale = self.trace_top;
        let bar = (x1 - x0) / TRACE as f32;
        for (i, q) in self.trace.iter().enumerate() {
            if *q > 0.0 {
                let hgt = (y1 - y0) * (*q as f64 / scale.max(1.0)).min(1.0) as f32;
                let at = x0 + i as f32 * bar;
                f.rect(at, y1 - hgt, bar.max(1.0), hgt, Ink::Waiting);
            }
        }
        let parts = 60;
        for i in 0..parts {
            let (t0, t1) = (
                h * i as f64 / parts as f64,
                h * (i + 1) as f64 / parts as f64,
            );
            let (d0, d1) = (y(b.demand(t0) / r), y(b.demand(t1) / r));
            f.line((x(t0), d0), (x(t1), d1), Ink::Accent, false);
            let (r0, r1) = (y(b.ready(t0) as f64), y(b.ready(t1) as f64));
            f.line((x(t0), r0), (x(t1), r0), Ink::ClassA, false);
            if r1 != r0 {
                f.line((x(t1), r0), (x(t1), r1), Ink::ClassA, false);
            }
        }
        let (cold, last) = (b.shape.cold_start_s, b.last_ready());
        if b.launched() > 0 {
            // The seed card's one cold start, or when the last of the
            // launches (each with its own) is up.
            let cx = x(last);
            f.line((cx, y0), (cx, y1), Ink::Booting, true);
            let start = f.text.len();
            let at = (cx + 3.0, y0 + 28.0);
            let args = match b.shape.spread {
                false => format_args!("cold start {cold:.0} s"),
                true => format_args!("all up by {last:.0} s"),
            };
            f.normal(at, Ink::Muted, Align::Left, args);
            // Left of the line where it would leave the chart on the right.
            if cx + 3.0 + normal_width(&f.text[start..]) > x1 {
                if let Some(Shape::Text { x, align, .. }) = f.shapes.last_mut() {
                    (*x, *align) = (cx - 3.0, Align::Right);
                }
            }
        }
        f.normal(
            (x0, y1 + 18.0),
            Ink::Muted,
            Align::Left,
            format_args!("0 s"),
        );
        f.normal(
            (x1, y1 + 18.0),
            Ink::Muted,
            Align::Right,
            format_args!("{h:.0} s"),
        );
        for v in [0u32, most] {
            let at = (x0 - 4.0, y(v as f64) + 4.0);
            f.normal(at, Ink::Muted, Align::Right, format_args!("{v}"));
        }
        if self.in_burst() {
            let cx = x(self.burst_t());
            f.line((cx, y0 - 2.0), (cx, y1 + 2.0), Ink::Text, false);
        }
        self.key(f, (x1 + 10.0, y0 + 12.0), scale);
    }

    /// The timeline's key, from `(x, y)` down: demand, ready, waiting (up
    /// to the burst's peak backlog).
    fn key(&self, f: &mut Frame, (x, y): (f32, f32), scale: f64) {
        f.line((x, y - 4.0), (x + 14.0, y - 4.0), Ink::Accent, false);
        f.normal(
            (x + 18.0, y),
            Ink::Accent,
            Align::Left,
            format_args!("demand"),
        );
        let y = y + 18.0;
        f.line((x, y - 4.0), (x + 14.0, y - 4.0), Ink::ClassA, false);
        f.normal(
            (x + 18.0, y),
            Ink::ClassA,
            Align::Left,
            format_args!("ready"),
        );
        let y = y + 18.0;
        f.rect(x, y - 9.0, 14.0, 9.0, Ink::Waiting);
        f.normal(
            (x + 18.0, y),
            Ink::Muted,
            Align::Left,
            format_args!("waiting"),
        );
        if scale >= 0.5 {
            // The shade's full height: the burst's peak backlog, as a
            // scale (not a count: "peak backlog" counts today's so far).
            let args = format_args!("top: {}", Thousands(scale));
            f.normal((x + 18.0, y + 16.0), Ink::Muted, Align::Left, args);
        }
    }

    /// The standby rent, ticking: today's, against the whole burst warm.
    fn meter(&self, f: &mut Frame, p: &Plan) {
        let b = self.burst();
        let ((x0, x1), y) = (p.mx, p.my);
        let rent = self.rent();
        f.normal(
            (x0, y),
            Ink::Text,
            Align::Left,
            format_args!("standby rent today"),
        );
        let at = (x1, y + 2.0);
        // As the counter under the picture writes it (early in the day a
        // fraction of a cent, which "$0.00" hid).
        f.label(
            at,
            Ink::Accent,
            TextSize::Large,
            Align::Right,
            format_args!("{}", Unit::Usd.format(rent)),
        );
        let args = format_args!("{} × ${:.2} an hour, called or not", b.warm, self.price);
        f.normal((x0, y + 22.0), Ink::Muted, Align::Left, args);
        let most = b.warm.max(b.shape.need);
        let whole = most as f64 * self.price * 24.0;
        let fill = (rent / whole.max(1e-9)).clamp(0.0, 1.0) as f32;
        f.outline(x0, y + 30.0, x1 - x0, 12.0, Ink::Muted);
        f.rect(x0, y + 30.0, (x1 - x0) * fill, 12.0, Ink::Accent);
        let args = format_args!("full bar: all {most} warm all day, ${whole:.0}");
        f.normal((x0, y + 60.0), Ink::Muted, Align::Left, args);
        let at = (x0, y + 78.0);
        if let Phase::Forward { to, .. } = self.phase {
            // Still to come by `to` (the rent above climbs toward it).
            let left = (to - self.day_t).max(0.0);
            let quiet = left / 60.0;
            let extra = b.warm as f64 * self.price * left / 3600.0;
            let who = if p.narrow { "" } else { ", nobody called" };
            let extra = Unit::Usd.format(extra);
            let args = format_args!("+{extra} in {quiet:.0} quiet minutes{who}");
            f.normal(at, Ink::Accent, Align::Left, args);
        } else {
            let every = self.cycle / 60.0;
            let args = format_args!("a burst every {every:.0} min, {} a day", self.bursts);
            f.normal(at, Ink::Muted, Align::Left, args);
        }
    }

    /// The counters in two rows of three from `y` (wide only).
    fn tallies(&self, f: &mut Frame, y: f32) {
        let dash = if self.done > 0 { "" } else { " (so far)" };
        let arrived = self.burst().arrived(self.burst_t()) > 0.0;
        let share = self.at_once_share() * 100.0;
        let cells: [(std::fmt::Arguments, &str); 6] = [
            (
                format_args!("{}", Unit::Usd.format(self.rent())),
                "standby rent today",
            ),
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
            let (x, y) = (10.0 + (i % 3) as f32 * 280.0, y + (i / 3) as f32 * 44.0);
            f.big((x, y), Ink::Text, value);
            let at = (x, y + 18.0);
            f.normal(at, Ink::Muted, Align::Left, format_args!("{label}"));
        }
    }
}
