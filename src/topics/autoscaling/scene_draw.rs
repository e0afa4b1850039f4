//! What the autoscaling scene draws (960 × 360): the clock and a strip of the
//! whole day; the moving window (demand, ready and billed replicas, the
//! day's curve ahead and the forecast window; the queue's wait under it
//! against the SLO); the replicas, booting ones with their cold-start
//! progress; the queue; the two signals as gauges; the counters and a legend.

use super::params::{Signal, DAY_S};
use super::scene::{wait_of, DayScene, CELLS, PAST};
use crate::model::scene::{day_strip, jitter, Align, Clock, Frame, Glyph, Ink, Thousands};

/// The window chart.
const CX0: f32 = 46.0;
const CX1: f32 = 600.0;
const CY0: f32 = 66.0;
const CY1: f32 = 218.0;
/// The wait strip under it.
const WY0: f32 = 240.0;
const WY1: f32 = 272.0;
/// The right-hand panel.
const RX0: f32 = 620.0;
const RX1: f32 = 946.0;
/// The replicas' boxes: most drawn, per row, size.
const BOXES: u32 = 24;
const PER_ROW: u32 = 8;
const BW: f32 = 36.0;
const BH: f32 = 22.0;
/// Most rings drawn in the queue.
const RINGS: usize = 40;

impl DayScene {
    /// Describes the scene now (`Scene::draw`).
    pub(super) fn paint(&self, f: &mut Frame) {
        self.header(f);
        self.strip(f);
        self.chart(f);
        self.waits(f);
        self.fleet(f);
        self.queue(f);
        self.gauges(f);
        self.tallies(f);
        legend(f);
    }
    /// The second shown as now.
    fn t_now(&self) -> f64 {
        self.run.t() as f64
    }

    /// The window's x of second `t`.
    fn x_of(&self, t: f64) -> f32 {
        let w = self.window as f64;
        let rel = (t - self.t_now()) / w + PAST;
        CX0 + (CX1 - CX0) * rel.clamp(0.0, 1.0) as f32
    }

    /// The chart's y of `v` replicas.
    fn y_of(&self, v: f64) -> f32 {
        let top = self.top * 1.15;
        CY1 - (CY1 - CY0) * (v / top).clamp(0.0, 1.0) as f32
    }

    fn header(&self, f: &mut Frame) {
        let (ready, booting, draining) = self.run.pool();
        let end = if self.over() {
            " · the day is over"
        } else {
            ""
        };
        f.plain(
            (10.0, 16.0),
            format_args!(
                "{} · demand {} tok/s · {ready} ready, {booting} booting, {draining} draining{end}",
                Clock(self.t_now()),
                Thousands(self.last.demand)
            ),
        );
    }

    /// The whole day: its curve, the window, a cursor, breaches.
    fn strip(&self, f: &mut Frame) {
        let (y0, y1) = (24.0f32, 42.0f32);
        let d = self.run.day();
        let now = self.t_now();
        let xs = day_strip(f, (10.0, 950.0), (y0, y1), now);
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
    fn chart(&self, f: &mut Frame) {
        f.outline(CX0, CY0, CX1 - CX0, CY1 - CY0, Ink::Muted);
        self.grid(f);
        let mut prev: Option<(f32, f64, f64, f64)> = None;
        for c in self.hist.iter() {
            let x = self.x_of(c.end as f64);
            if let Some((px, pd, pr, pp)) = prev {
                let paid = c.paid as f64;
                step(
                    f,
                    (px, x),
                    (self.y_of(pp), self.y_of(paid)),
                    Ink::Muted,
                    true,
                );
                step(
                    f,
                    (px, x),
                    (self.y_of(pr), self.y_of(c.ready)),
                    Ink::ClassA,
                    false,
                );
                f.line(
                    (px, self.y_of(pd)),
                    (x, self.y_of(c.demand)),
                    Ink::Accent,
                    false,
                );
            }
            prev = Some((x, c.demand, c.ready, c.paid as f64));
        }
        self.ahead(f);
    }

    /// Gridlines at whole replicas (or a round step of them), time ticks.
    fn grid(&self, f: &mut Frame) {
        let top = self.top * 1.15;
        let every = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]
            .into_iter()
            .find(|s| top / s <= 6.0)
            .unwrap_or(1000.0);
        let mut v = 0.0;
        while v <= top {
            let y = self.y_of(v);
            f.line((CX0, y), (CX1, y), Ink::Idle, false);
            f.small(
                (CX0 - 4.0, y + 4.0),
                Ink::Muted,
                Align::Right,
                format_args!("{v}"),
            );
            v += every;
        }
        f.note(
            (CX0, CY0 - 3.0),
            format_args!("replicas (1 = {} tok/s)", Thousands(self.run.day().ceiling)),
        );
        let w = self.window as f64;
        let tick = [60, 120, 300, 600, 900, 1800, 3600, 7200]
            .into_iter()
            .find(|&s| s * 7 >= self.window)
            .unwrap_or(7200);
        let now = self.t_now();
        let first = ((now - PAST * w) / tick as f64).ceil().max(0.0) as usize;
        for k in first.. {
            let t = k * tick;
            if t as f64 > now + (1.0 - PAST) * w {
                break;
            }
            let x = self.x_of(t as f64);
            let (h, m) = (t / 3600 % 24, t / 60 % 60);
            f.line((x, CY1), (x, CY1 + 3.0), Ink::Muted, false);
            f.small(
                (x, CY1 + 16.0),
                Ink::Muted,
                Align::Center,
                format_args!("{h:02}:{m:02}"),
            );
        }
    }

    /// The day's curve ahead of now (dashed) and the forecast window.
    fn ahead(&self, f: &mut Frame) {
        let d = self.run.day();
        let now = self.run.t().min(DAY_S - 1);
        let span = ((1.0 - PAST) * self.window as f64) as usize;
        let x_now = self.x_of(self.t_now());
        f.line((x_now, CY0), (x_now, CY1), Ink::Text, false);
        let parts = 16;
        for i in 0..parts {
            let t0 = (now + span * i / parts).min(DAY_S - 1);
            let t1 = (now + span * (i + 1) / parts).min(DAY_S - 1);
            let (y0, y1) = (
                self.y_of(d.curve(t0) / d.ceiling),
                self.y_of(d.curve(t1) / d.ceiling),
            );
            f.line(
                (self.x_of(t0 as f64), y0),
                (self.x_of(t1 as f64), y1),
                Ink::Accent,
                true,
            );
        }
        if d.forecast_s > 0 {
            let x1 = self.x_of(self.t_now() + d.forecast_s as f64);
            f.line((x_now, CY0 + 8.0), (x1, CY0 + 8.0), Ink::Accent, false);
            f.line((x1, CY0 + 4.0), (x1, CY0 + 12.0), Ink::Accent, false);
            let fs = d.forecast_s;
            f.small(
                (x_now + 3.0, CY0 + 22.0),
                Ink::Accent,
                Align::Left,
                format_args!("forecast {fs} s"),
            );
        } else {
            f.note((x_now + 3.0, CY0 + 12.0), format_args!("no forecast"));
        }
        f.small(
            (x_now - 3.0, CY0 + 12.0),
            Ink::Text,
            Align::Right,
            format_args!("now"),
        );
    }

    /// The queue's wait, one bar a column, against the SLO (dashed).
    fn waits(&self, f: &mut Frame) {
        let slo = self.run.day().wait_slo_s;
        let top = 4.0 * slo;
        let y = |w: f64| WY1 - (WY1 - WY0) * (w / top).clamp(0.0, 1.0) as f32;
        f.outline(CX0, WY0, CX1 - CX0, WY1 - WY0, Ink::Muted);
        let mut px: Option<f32> = None;
        for c in self.hist.iter() {
            let x = self.x_of(c.end as f64);
            if let Some(p) = px {
                if c.wait > 0.0 && x > p {
                    let ink = if c.wait > slo {
                        Ink::Warn
                    } else {
                        Ink::Waiting
                    };
                    f.rect(p, y(c.wait), (x - p).max(1.0), WY1 - y(c.wait), ink);
                }
            }
            px = Some(x);
        }
        f.line((CX0, y(slo)), (CX1, y(slo)), Ink::Warn, true);
        f.note(
            (CX0, WY1 + 12.0),
            format_args!("queue wait (dashed: the {slo} s SLO; orange bars break it)"),
        );
    }

    /// The replicas billed now: ready (fill = busy share; idle beyond the
    /// need plus one spare in grey), booting (fill = cold-start progress,
    /// seconds left) and draining.
    fn fleet(&self, f: &mut Frame) {
        let (ready, booting, draining) = self.run.pool();
        let d = self.run.day();
        let per = (ready + booting + draining).div_ceil(BOXES).max(1);
        f.caption(
            (RX0, CY0 - 3.0),
            format_args!(
                "Replicas{}",
                if per > 1 { " (a box is several)" } else { "" }
            ),
        );
        let busy = self.last.served / d.ceiling;
        let keep = (self.last.demand / d.ceiling).ceil() + 1.0;
        let mut slot = 0u32;
        for i in 0..ready.div_ceil(per) {
            let (x, y) = box_at(slot);
            let first = (i * per) as f64;
            if first >= keep {
                f.rect(x, y, BW, BH, Ink::Idle);
                f.outline(x, y, BW, BH, Ink::Text);
            } else {
                let fill = ((busy - first) / per as f64) as f32;
                f.serving((x, y, BW, BH), fill, Ink::ClassA);
            }
            slot += 1;
        }
        let cold = d.cold_start_s.max(1) as f32;
        for (left, n) in self.run.pending(false) {
            for _ in 0..n.div_ceil(per) {
                let (x, y) = box_at(slot);
                let done = 1.0 - left as f32 / cold;
                f.booting((x, y, BW, BH), done, (left + 1) as f64);
                slot += 1;
            }
        }
        for _ in 0..draining.div_ceil(per) {
            let (x, y) = box_at(slot);
            f.idle_box((x, y, BW, BH), "drain");
            slot += 1;
        }
    }

    /// The queue: a ring per replica-second of waiting work (at most 40),
    /// and its size and wait.
    fn queue(&self, f: &mut Frame) {
        let d = self.run.day();
        let q = self.run.queue();
        let wait = wait_of(&self.last);
        let n = ((q / d.ceiling).ceil() as usize).min(RINGS);
        let (y0, pitch) = (166.0f32, 8.0f32);
        for j in 0..n {
            let (jx, jy) = (2.0 * jitter(self.seed, j, 1), 2.0 * jitter(self.seed, j, 2));
            let x = RX0 + 6.0 + (j % 20) as f32 * pitch + jx;
            let y = y0 + 6.0 + (j / 20) as f32 * 9.0 + jy;
            f.mark(x, y, 3.0, Glyph::Ring, Ink::Waiting);
        }
        let ink = if wait > d.wait_slo_s {
            Ink::Warn
        } else {
            Ink::Text
        };
        let more = if (q / d.ceiling).ceil() as usize > RINGS {
            "; first 40 shown"
        } else {
            ""
        };
        f.caption(
            (RX0, y0 - 6.0),
            format_args!("Queue (a ring = a replica-second of work{more})"),
        );
        f.small(
            (RX1, y0 + 6.0),
            ink,
            Align::Right,
            format_args!("{} tokens wait", Thousands(q)),
        );
        f.small(
            (RX1, y0 + 19.0),
            ink,
            Align::Right,
            format_args!("{:.1} s (SLO {} s)", wait.min(1e6), d.wait_slo_s),
        );
    }
}

/// A step line: across at `y0`, then up or down to `y1`.
fn step(f: &mut Frame, (x0, x1): (f32, f32), (y0, y1): (f32, f32), ink: Ink, dashed: bool) {
    f.line((x0, y0), (x1, y0), ink, dashed);
    if y1 != y0 {
        f.line((x1, y0), (x1, y1), ink, dashed);
    }
}

/// The top-left corner of box `slot` (slots past the last row share it).
fn box_at(slot: u32) -> (f32, f32) {
    let s = slot.min(BOXES - 1);
    let (col, row) = (s % PER_ROW, s / PER_ROW);
    (
        RX0 + col as f32 * (BW + 5.0),
        CY0 + 2.0 + row as f32 * (BH + 5.0),
    )
}

impl DayScene {
    /// Queue depth and the GPU gauge as shares of the ready capacity, each
    /// with the replicas it asks for; the one the autoscaler reads in accent.
    fn gauges(&self, f: &mut Frame) {
        let d = self.run.day();
        let cap = self.last.cap.max(1e-9);
        let x = |v: f64| RX0 + (RX1 - RX0) * (v / 1.5).clamp(0.0, 1.0) as f32;
        f.note(
            (RX0, 202.0),
            format_args!("Signals as % of ready capacity; ▶ the one it scales on"),
        );
        let rows = [
            (
                Signal::QueueDepth,
                "Queue depth (working + waiting)",
                216.0f32,
            ),
            (Signal::GpuUtilization, "GPU utilization gauge", 252.0f32),
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
            f.small((RX0, y), ink, Align::Left, format_args!("{tag}{name}"));
            f.small(
                (RX1, y),
                ink,
                Align::Right,
                format_args!("{:.0} % → wants {want}", share * 100.0),
            );
            f.outline(RX0, y + 4.0, RX1 - RX0, 10.0, Ink::Muted);
            f.rect(
                RX0,
                y + 4.0,
                x(share) - RX0,
                10.0,
                if reads { Ink::Accent } else { Ink::Waiting },
            );
            f.line((x(1.0), y + 2.0), (x(1.0), y + 16.0), Ink::Text, true);
            if signal == Signal::GpuUtilization {
                let busy = self.last.served / cap;
                f.line(
                    (x(d.gauge_cap), y + 2.0),
                    (x(d.gauge_cap), y + 16.0),
                    Ink::Warn,
                    true,
                );
                f.mark(x(busy), y + 18.0, 3.0, Glyph::Triangle, Ink::Text);
                f.note(
                    (RX0, y + 32.0),
                    format_args!(
                        "▲ cards really busy {:.0} %; gauge stops at {:.0} % (dashed)",
                        busy * 100.0,
                        d.gauge_cap * 100.0
                    ),
                );
            }
        }
        if d.signal == Signal::TokensPerSecond {
            let (_, want) = self.run.reading(Signal::TokensPerSecond, &self.last);
            f.small(
                (RX0, 292.0),
                Ink::Accent,
                Align::Left,
                format_args!("Scales on tokens per second → {want}"),
            );
        }
    }

    /// The counters, drawn across the bottom.
    fn tallies(&self, f: &mut Frame) {
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
            f.counter((10.0 + i as f32 * 188.0, 314.0), ink, value, label);
        }
    }
}

fn legend(f: &mut Frame) {
    f.footer(

        format_args!("Teal: demand (dashed: the day's curve ahead). Blue: replicas ready to serve; grey dashed: replicas billed (booting and draining too)."),

        format_args!("A box is a replica (a GPU card): blue fill = share busy, grey = idle beyond need + 1, purple = cold start (fill = progress). A ring is one replica-second of waiting work."),

    );
}
