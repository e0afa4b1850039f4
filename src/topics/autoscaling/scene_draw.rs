//! What the autoscaling scene draws, every word at normal size or larger:
//! wide (840 × 400 units, beside the sliders) the clock and a strip of the
//! whole day over the moving window (demand, ready and billed replicas,
//! each named where its line ends; the day's curve ahead and the forecast
//! window; the queue's wait under it against the SLO), and beside it the
//! replicas now (ready, booting with the seconds left, draining), the queue
//! and the two signals as gauges, the counters across the foot. Narrow (320
//! units across, a phone) the same parts stack in one column, with fewer
//! ticks and no counters' row (the page lists the counters under the
//! scene). One plan of positions per layout; the drawing is shared.

use super::params::{Signal, DAY_S};
use super::scene::{wait_of, DayScene, CELLS, PAST};
use crate::model::scene::day_strip;
use crate::model::scene::{jitter, Align, Clock, Frame, Glyph, Ink, Layout, Thousands};

/// The scene's size in each layout.
const WIDE: (f32, f32) = (840.0, 400.0);
const NARROW: (f32, f32) = (320.0, 570.0);
/// Replica boxes: size, gap, most in a row, and the room for a row's name.
const BW: f32 = 20.0;
const BH: f32 = 20.0;
const GAP: f32 = 4.0;
const PER_ROW: u32 = 6;
const NAME_W: f32 = 62.0;
/// Most rings drawn in the queue, and per row.
const RINGS: usize = 40;
const RING_ROW: usize = 20;

/// Where the parts stand in one layout.
#[derive(Clone, Copy, Debug)]
struct Plan {
    narrow: bool,
    /// The scene's width.
    w: f32,
    /// The header's lines' baselines (the second only when narrow).
    head: (f32, f32),
    /// The day strip's top and bottom.
    strip: (f32, f32),
    /// The window chart: left and right, top and bottom.
    cx: (f32, f32),
    cy: (f32, f32),
    /// The wait strip's top and bottom.
    wait: (f32, f32),
    /// The panel of replicas, queue and signals: left, right, and the
    /// baseline of its first caption.
    px: (f32, f32),
    py: f32,
    /// The counters' row, wide only.
    tally: Option<f32>,
}

fn plan(layout: Layout) -> Plan {
    match layout {
        Layout::Wide => Plan {
            narrow: false,
            w: WIDE.0,
            head: (18.0, 18.0),
            strip: (28.0, 44.0),
            cx: (40.0, 490.0),
            cy: (92.0, 240.0),
            wait: (284.0, 314.0),
            px: (556.0, 830.0),
            py: 84.0,
            tally: Some(374.0),
        },
        Layout::Narrow => Plan {
            narrow: true,
            w: NARROW.0,
            head: (18.0, 36.0),
            strip: (46.0, 60.0),
            cx: (34.0, 306.0),
            cy: (104.0, 204.0),
            wait: (248.0, 276.0),
            px: (10.0, 310.0),
            py: 302.0,
            tally: None,
        },
    }
}

impl DayScene {
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
        self.strip(f, &p);
        self.chart(f, &p);
        self.names(f, &p);
        self.waits(f, &p);
        let y = self.fleet(f, &p);
        let y = self.queue(f, &p, y);
        self.gauges(f, &p, y);
        if let Some(y) = p.tally {
            self.tallies(f, y);
        }
    }
    /// The second shown as now.
    fn t_now(&self) -> f64 {
        self.run.t() as f64
    }

    /// The window's x of second `t`.
    fn x_of(&self, p: &Plan, t: f64) -> f32 {
        let w = self.window as f64;
        let rel = (t - self.t_now()) / w + PAST;
        p.cx.0 + (p.cx.1 - p.cx.0) * rel.clamp(0.0, 1.0) as f32
    }

    /// The chart's y of `v` replicas.
    fn y_of(&self, p: &Plan, v: f64) -> f32 {
        let top = self.top * 1.15;
        p.cy.1 - (p.cy.1 - p.cy.0) * (v / top).clamp(0.0, 1.0) as f32
    }

    fn header(&self, f: &mut Frame, p: &Plan) {
        let (ready, booting, draining) = self.run.pool();
        let end = if self.over() { " · day over" } else { "" };
        let at = (10.0, p.head.0);
        let (clock, demand) = (Clock(self.t_now()), Thousands(self.last.demand));
        if p.narrow {
            f.plain(at, format_args!("{clock} · demand {demand} tok/s"));
            f.plain(
                (10.0, p.head.1),
                format_args!("{ready} ready, {booting} booting, {draining} draining{end}"),
            );
        } else {
            f.plain(
                at,
                format_args!(
                    "{clock} · demand {demand} tok/s · {ready} ready, {booting} booting, {draining} draining{end}"
                ),
            );
        }
    }

    /// The whole day: its curve, the window, a cursor, breaches.
    fn strip(&self, f: &mut Frame, p: &Plan) {
        let (y0, y1) = p.strip;
        let d = self.run.day();
        let now = self.t_now();
        let xs = day_strip(f, (10.0, p.w - 10.0), (y0, y1), now);
        let ys = |v: f64| y1 - 2.0 - (y1 - y0 - 4.0) * (v / d.peak).clamp(0.0, 1.0) as f32;
        let cell = DAY_S / CELLS;
        for i in 0..CELLS {
            let (t0, t1) = (i * cell, (i + 1) * cell - 1);
            let (a, b) = (xs(t0 as f64), xs(t1 as f64));
            f.line(
                (a, ys(d.curve(t0))),
                (b, ys(d.curve(t1))),
                Ink::Muted,
                false,
            );
            if self.breaches[i] > 0 {
                f.rect(a, y1 - 4.0, (b - a).max(1.0), 4.0, Ink::Warn);
            }
        }
        let w = self.window as f64;
        let (a, b) = (xs(now - PAST * w), xs(now + (1.0 - PAST) * w));
        f.outline(a, y0, b - a, y1 - y0, Ink::Accent);
    }

    /// Demand, ready and billed replicas over the window; the curve ahead.
    fn chart(&self, f: &mut Frame, p: &Plan) {
        let ((x0, x1), (y0, y1)) = (p.cx, p.cy);
        f.outline(x0, y0, x1 - x0, y1 - y0, Ink::Muted);
        self.grid(f, p);
        let mut prev: Option<(f32, f64, f64, f64)> = None;
        for c in self.hist.iter() {
            let x = self.x_of(p, c.end as f64);
            if let Some((px, pd, pr, pp)) = prev {
                let paid = c.paid as f64;
                let billed = (self.y_of(p, pp), self.y_of(p, paid));
                step(f, (px, x), billed, Ink::Muted, true);
                let ready = (self.y_of(p, pr), self.y_of(p, c.ready));
                step(f, (px, x), ready, Ink::ClassA, false);
                let demand = (self.y_of(p, pd), self.y_of(p, c.demand));
                f.line((px, demand.0), (x, demand.1), Ink::Accent, false);
            }
            prev = Some((x, c.demand, c.ready, c.paid as f64));
        }
        self.ahead(f, p);
    }

    /// Gridlines at whole replicas (or a round step of them), time ticks.
    fn grid(&self, f: &mut Frame, p: &Plan) {
        let ((x0, x1), (_, y1)) = (p.cx, p.cy);
        let top = self.top * 1.15;
        let lines = if p.narrow { 4.0 } else { 6.0 };
        let every = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]
            .into_iter()
            .find(|s| top / s <= lines)
            .unwrap_or(1000.0);
        let mut v = 0.0;
        while v <= top {
            let y = self.y_of(p, v);
            f.line((x0, y), (x1, y), Ink::Idle, false);
            f.normal(
                (x0 - 4.0, y + 4.0),
                Ink::Muted,
                Align::Right,
                format_args!("{v}"),
            );
            v += every;
        }
        let unit = Thousands(self.run.day().ceiling);
        let name = if p.narrow { "" } else { "replicas " };
        let at = (x0, p.cy.0 - 8.0);
        f.normal(
            at,
            Ink::Muted,
            Align::Left,
            format_args!("{name}(1 = {unit} tok/s)"),
        );
        let w = self.window as f64;
        let most = if p.narrow { 3 } else { 7 };
        let tick = [60, 120, 300, 600, 900, 1800, 3600, 7200]
            .into_iter()
            .find(|&s| s * most >= self.window)
            .unwrap_or(7200);
        let now = self.t_now();
        let first = ((now - PAST * w) / tick as f64).ceil().max(0.0) as usize;
        for k in first.. {
            let t = k * tick;
            if t as f64 > now + (1.0 - PAST) * w {
                break;
            }
            let x = self.x_of(p, t as f64);
            f.line((x, y1), (x, y1 + 3.0), Ink::Muted, false);
            let x_now = self.x_of(p, now);
            if x + 20.0 <= p.w && x - 20.0 >= 0.0 && (x - x_now).abs() > 40.0 {
                let (h, m) = (t / 3600 % 24, t / 60 % 60);
                let at = (x, y1 + 18.0);
                f.normal(at, Ink::Muted, Align::Center, format_args!("{h:02}:{m:02}"));
            }
        }
    }

    /// The day's curve ahead of now (dashed), now (named under the time
    /// axis), and the forecast window (named over the chart's right end).
    fn ahead(&self, f: &mut Frame, p: &Plan) {
        let (y0, y1) = p.cy;
        let d = self.run.day();
        let now = self.run.t().min(DAY_S - 1);
        let span = ((1.0 - PAST) * self.window as f64) as usize;
        let x_now = self.x_of(p, self.t_now());
        f.line((x_now, y0), (x_now, y1), Ink::Text, false);
        let parts = 16;
        for i in 0..parts {
            let t0 = (now + span * i / parts).min(DAY_S - 1);
            let t1 = (now + span * (i + 1) / parts).min(DAY_S - 1);
            let a = (
                self.x_of(p, t0 as f64),
                self.y_of(p, d.curve(t0) / d.ceiling),
            );
            let b = (
                self.x_of(p, t1 as f64),
                self.y_of(p, d.curve(t1) / d.ceiling),
            );
            f.line(a, b, Ink::Accent, true);
        }
        let right = (p.cx.1, y0 - 8.0);
        if d.forecast_s > 0 {
            let x1 = self.x_of(p, self.t_now() + d.forecast_s as f64);
            f.line((x_now, y0 + 8.0), (x1, y0 + 8.0), Ink::Accent, false);
            f.line((x1, y0 + 4.0), (x1, y0 + 12.0), Ink::Accent, false);
            let fs = d.forecast_s;
            f.normal(
                right,
                Ink::Accent,
                Align::Right,
                format_args!("forecast {fs} s"),
            );
        } else {
            f.normal(right, Ink::Muted, Align::Right, format_args!("no forecast"));
        }
        let at = (x_now, y1 + 18.0);
        f.normal(at, Ink::Text, Align::Center, format_args!("now"));
    }

    /// Each line of the window named where it stands now: demand, ready,
    /// billed, just right of now, pushed apart so no two cover each other.
    fn names(&self, f: &mut Frame, p: &Plan) {
        let d = self.run.day();
        let mut at = [
            (self.y_of(p, self.last.demand / d.ceiling), 0usize),
            (self.y_of(p, self.last.cap / d.ceiling), 1),
            (self.y_of(p, self.paid as f64), 2),
        ];
        spread(&mut at, (p.cy.0 + 20.0, p.cy.1 - 4.0), 14.0);
        let x = self.x_of(p, self.t_now()) + 4.0;
        for (y, i) in at {
            let (ink, word) = [
                (Ink::Accent, "demand"),
                (Ink::ClassA, "ready"),
                (Ink::Muted, "billed"),
            ][i];
            f.normal((x, y + 4.0), ink, Align::Left, format_args!("{word}"));
        }
    }

    /// The queue's wait, one bar a column, against the SLO (dashed).
    fn waits(&self, f: &mut Frame, p: &Plan) {
        let ((x0, x1), (y0, y1)) = (p.cx, p.wait);
        let slo = self.run.day().wait_slo_s;
        let top = 4.0 * slo;
        let y = |w: f64| y1 - (y1 - y0) * (w / top).clamp(0.0, 1.0) as f32;
        f.outline(x0, y0, x1 - x0, y1 - y0, Ink::Muted);
        let mut px: Option<f32> = None;
        for c in self.hist.iter() {
            let x = self.x_of(p, c.end as f64);
            if let Some(a) = px {
                if c.wait > 0.0 && x > a {
                    let ink = if c.wait > slo {
                        Ink::Warn
                    } else {
                        Ink::Waiting
                    };
                    f.rect(a, y(c.wait), (x - a).max(1.0), y1 - y(c.wait), ink);
                }
            }
            px = Some(x);
        }
        f.line((x0, y(slo)), (x1, y(slo)), Ink::Warn, true);
        let at = (x0, y0 - 6.0);
        f.normal(at, Ink::Text, Align::Left, format_args!("queue wait"));
        let at = (x1, y0 - 6.0);
        if p.narrow {
            f.normal(
                at,
                Ink::Warn,
                Align::Right,
                format_args!("dashed: SLO {slo} s"),
            );
        } else {
            let args = format_args!("dashed: SLO {slo} s, orange: over it");
            f.normal(at, Ink::Warn, Align::Right, args);
        }
    }

    /// The replicas billed now, a row per state, each named where it
    /// stands: ready (fill = busy share; grey past the need plus one spare,
    /// counted idle), booting (fill = cold-start progress, the soonest's
    /// seconds left), draining. Returns the y under the rows.
    fn fleet(&self, f: &mut Frame, p: &Plan) -> f32 {
        let (ready, booting, draining) = self.run.pool();
        let d = self.run.day();
        let per = ready.max(booting).max(draining).div_ceil(PER_ROW).max(1);
        let x0 = p.px.0;
        if per > 1 {
            let args = format_args!("replicas now (a box = {per})");
            f.normal((x0, p.py), Ink::Text, Align::Left, args);
        } else {
            f.normal(
                (x0, p.py),
                Ink::Text,
                Align::Left,
                format_args!("replicas now"),
            );
        }
        let rows = [
            ("ready", ready),
            ("booting", booting),
            ("draining", draining),
        ];
        let row_y = |i: usize| p.py + 8.0 + i as f32 * (BH + 6.0);
        for (i, (name, n)) in rows.into_iter().enumerate() {
            let ink = if n > 0 { Ink::Text } else { Ink::Muted };
            let at = (x0, row_y(i) + 15.0);
            f.normal(at, ink, Align::Left, format_args!("{name}"));
        }
        let bx = |k: u32| x0 + NAME_W + k as f32 * (BW + GAP);
        // Ready: busy share in blue; past the need plus one spare, grey.
        let busy = self.last.served / d.ceiling;
        let keep = (self.last.demand / d.ceiling).ceil() + 1.0;
        for k in 0..ready.div_ceil(per).min(PER_ROW) {
            let first = (k * per) as f64;
            let b = (bx(k), row_y(0), BW, BH);
            if first >= keep {
                f.rect(b.0, b.1, BW, BH, Ink::Idle);
                f.outline(b.0, b.1, BW, BH, Ink::Text);
            } else {
                f.serving(b, ((busy - first) / per as f64) as f32, Ink::ClassA);
            }
        }
        let idle = ready as f64 - keep;
        if idle >= 1.0 {
            let at = (bx(ready.div_ceil(per).min(PER_ROW)) + 2.0, row_y(0) + 15.0);
            f.normal(at, Ink::Muted, Align::Left, format_args!("{idle:.0} idle"));
        }
        // Booting: progress fill; the soonest's seconds left after them.
        let cold = d.cold_start_s.max(1) as f32;
        let mut k = 0;
        for (left, n) in self.run.pending(false) {
            for _ in 0..n.div_ceil(per) {
                let (x, y) = (bx(k.min(PER_ROW - 1)), row_y(1));
                let done = (1.0 - left as f32 / cold).clamp(0.0, 1.0);
                f.rect(x, y, BW * done, BH, Ink::Booting);
                f.outline(x, y, BW, BH, Ink::Booting);
                k += 1;
            }
        }
        if let Some((left, _)) = self.run.pending(false).next() {
            let at = (bx(k.min(PER_ROW)) + 2.0, row_y(1) + 15.0);
            let args = format_args!("{} s left", left + 1);
            f.normal(at, Ink::Text, Align::Left, args);
        }
        for k in 0..draining.div_ceil(per).min(PER_ROW) {
            f.outline(bx(k), row_y(2), BW, BH, Ink::Muted);
        }
        row_y(3)
    }

    /// The queue from `y`: its size and wait, a ring per replica-second of
    /// waiting work (at most 40), and what a ring is. Returns the y under it.
    fn queue(&self, f: &mut Frame, p: &Plan, y: f32) -> f32 {
        let d = self.run.day();
        let q = self.run.queue();
        let wait = wait_of(&self.last);
        let x0 = p.px.0;
        let ink = if wait > d.wait_slo_s {
            Ink::Warn
        } else {
            Ink::Text
        };
        let cap = y + 22.0;
        if wait > 9_999.0 {
            let args = format_args!("queue: {} tokens, none ready", Thousands(q));
            f.normal((x0, cap), ink, Align::Left, args);
        } else {
            let args = format_args!("queue: {} tokens, {wait:.1} s wait", Thousands(q));
            f.normal((x0, cap), ink, Align::Left, args);
        }
        let all = (q / d.ceiling).ceil() as usize;
        let y0 = cap + 12.0;
        for j in 0..all.min(RINGS) {
            let (jx, jy) = (2.0 * jitter(self.seed, j, 1), 2.0 * jitter(self.seed, j, 2));
            let x = x0 + 6.0 + (j % RING_ROW) as f32 * 13.0 + jx;
            let y = y0 + (j / RING_ROW) as f32 * 12.0 + jy;
            f.mark(x, y, 4.0, Glyph::Ring, Ink::Waiting);
        }
        let key = y0 + 34.0;
        f.mark(x0 + 6.0, key - 4.0, 4.0, Glyph::Ring, Ink::Waiting);
        let more = if all > RINGS { ", 40 shown" } else { "" };
        let args = format_args!("a replica-second of work{more}");
        f.normal((x0 + 16.0, key), Ink::Muted, Align::Left, args);
        key + 4.0
    }
}

/// A step line: across at `y0`, then up or down to `y1`.
fn step(f: &mut Frame, (x0, x1): (f32, f32), (y0, y1): (f32, f32), ink: Ink, dashed: bool) {
    f.line((x0, y0), (x1, y0), ink, dashed);
    if y1 != y0 {
        f.line((x1, y0), (x1, y1), ink, dashed);
    }
}

/// Sorts the labels' ys (each with what it names) and pushes them `gap`
/// apart inside `lo..hi`.
fn spread(at: &mut [(f32, usize)], (lo, hi): (f32, f32), gap: f32) {
    at.sort_by(|a, b| a.0.total_cmp(&b.0));
    for i in 0..at.len() {
        let least = if i == 0 { lo } else { at[i - 1].0 + gap };
        at[i].0 = at[i].0.max(least);
    }
    for i in (0..at.len()).rev() {
        let most = if i + 1 == at.len() {
            hi
        } else {
            at[i + 1].0 - gap
        };
        at[i].0 = at[i].0.min(most);
    }
}

impl DayScene {
    /// Queue depth and the GPU gauge as shares of the ready capacity, each
    /// with the replicas it asks for, from `y`; the one the autoscaler reads
    /// marked ▶ in accent.
    fn gauges(&self, f: &mut Frame, p: &Plan, y: f32) {
        let d = self.run.day();
        let cap = self.last.cap.max(1e-9);
        let (x0, x1) = p.px;
        let x = |v: f64| x0 + (x1 - x0) * (v / 1.5).clamp(0.0, 1.0) as f32;
        let head = y + 18.0;
        if d.signal == Signal::TokensPerSecond {
            let (_, want) = self.run.reading(Signal::TokensPerSecond, &self.last);
            let args = format_args!("▶ scales on tokens a second → {want}");
            f.normal((x0, head), Ink::Accent, Align::Left, args);
        } else {
            let args = format_args!("signals, % of ready capacity");
            f.normal((x0, head), Ink::Text, Align::Left, args);
        }
        let rows = [
            (Signal::QueueDepth, "queue depth", head + 20.0),
            (Signal::GpuUtilization, "GPU utilization", head + 52.0),
        ];
        for (signal, name, y) in rows {
            let (m, want) = self.run.reading(signal, &self.last);
            let share = m / cap;
            let reads = signal == d.signal;
            let (ink, tag) = if reads {
                (Ink::Accent, "▶ ")
            } else {
                (Ink::Muted, "")
            };
            f.normal((x0, y), ink, Align::Left, format_args!("{tag}{name}"));
            let args = format_args!("{:.0} % → wants {want}", share * 100.0);
            f.normal((x1, y), ink, Align::Right, args);
            f.outline(x0, y + 4.0, x1 - x0, 10.0, Ink::Muted);
            let fill = if reads { Ink::Accent } else { Ink::Waiting };
            f.rect(x0, y + 4.0, x(share) - x0, 10.0, fill);
            f.line((x(1.0), y + 2.0), (x(1.0), y + 16.0), Ink::Text, true);
        }
        let y = head + 52.0;
        let busy = self.last.served / cap;
        let stop = x(d.gauge_cap);
        f.line((stop, y + 2.0), (stop, y + 16.0), Ink::Warn, true);
        f.mark(x(busy), y + 19.0, 3.5, Glyph::Triangle, Ink::Text);
        let args = format_args!(
            "▲ busy {:.0} %; gauge stops at {:.0} %",
            busy * 100.0,
            d.gauge_cap * 100.0
        );
        f.normal((x0, y + 36.0), Ink::Muted, Align::Left, args);
    }

    /// The counters, across the foot from `y` (wide only).
    fn tallies(&self, f: &mut Frame, y: f32) {
        let s = self.run.stats();
        let bill = s.paid_replica_s / 3600.0 * self.price;
        let slo_ink = if s.seconds_above_slo > 0 {
            Ink::Warn
        } else {
            Ink::Text
        };
        let cells: [(Ink, std::fmt::Arguments, &str); 5] = [
            (
                slo_ink,
                format_args!("{} s", s.seconds_above_slo),
                "over the wait SLO",
            ),
            (
                Ink::Text,
                format_args!("{:.1} s", s.max_wait_s),
                "longest wait",
            ),
            (
                Ink::Text,
                format_args!("{:.1} %", s.idle_share() * 100.0),
                "idle beyond need + 1",
            ),
            (
                Ink::Text,
                format_args!("{}", s.max_paid),
                "most replicas billed",
            ),
            (Ink::Text, format_args!("${bill:.2}"), "bill so far"),
        ];
        for (i, (ink, value, label)) in cells.into_iter().enumerate() {
            let x = 10.0 + i as f32 * 166.0;
            f.big((x, y), ink, value);
            f.normal(
                (x, y + 18.0),
                Ink::Muted,
                Align::Left,
                format_args!("{label}"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The labels of the window's lines keep their gap inside the room.
    #[test]
    fn names_are_pushed_apart_inside_the_room() {
        let mut at = [(100.0, 0), (101.0, 1), (300.0, 2)];
        spread(&mut at, (50.0, 200.0), 14.0);
        assert_eq!(at, [(100.0, 0), (114.0, 1), (200.0, 2)]);
    }
}
