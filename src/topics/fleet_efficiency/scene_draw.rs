//! What the fleet-efficiency scene puts on screen: every card of the pool as
//! a column, slowest true rate on the left, with its true rate (a bar), the
//! window's error band, its reading now (a dot) and the reading the evictor
//! used (a ring, a cross once evicted, orange when the eviction was wrong);
//! the fleet median splitting the pool in halves; each card's state under
//! it; and the month's clock, counters and dollars beside or under it.
//!
//! The fastest card's parts are named where they stand (true rate, window,
//! readings), so the picture needs no legend; a short key of four boxes
//! sits under the row of states it explains. Every word is normal size or
//! larger. Wide, the scene is 840 units across with the figures on the
//! right (13 units are 13.6 CSS px at 1,366 px); narrow, 320 across with
//! the figures in two columns under the pool (13 units are 13 CSS px on a
//! phone). Both draw through one [`Geo`], which says where each part goes.

use super::params::HOURS;
use super::scene::{FleetScene, Phase};
use crate::model::scene::normal_width;
use crate::model::scene::{Align, Frame, Glyph, Ink, Layout, Money, Thousands};

/// Where each part of the scene goes in one layout.
struct Geo {
    size: (f32, f32),
    /// The plot: columns from `x0` to `x1`, rates from `y1` (low) up to `y0`.
    x0: f32,
    x1: f32,
    y0: f32,
    y1: f32,
    /// The baseline of the halves' names over the plot.
    halves_y: f32,
    /// The row of card states, and the baseline of its key.
    box_y: f32,
    key_y: f32,
    /// The phase line's anchor and alignment.
    phase: (f32, f32, Align),
    /// Where the four figures' names stand (the value 20 units under):
    /// wrong evictions, bill, idle, delivered.
    stats: [(f32, f32); 4],
    /// The bill bar and the capacity bar: x, top, width.
    bill: (f32, f32, f32),
    cap: (f32, f32, f32),
    narrow: bool,
}

/// Wide, beside the sliders: the plot and its labels on the left, the
/// figures on the right.
const WIDE: Geo = Geo {
    size: (840.0, 336.0),
    x0: 56.0,
    x1: 476.0,
    y0: 66.0,
    y1: 238.0,
    halves_y: 50.0,
    box_y: 248.0,
    key_y: 290.0,
    phase: (830.0, 20.0, Align::Right),
    stats: [(640.0, 52.0), (640.0, 98.0), (640.0, 144.0), (640.0, 230.0)],
    bill: (640.0, 174.0, 190.0),
    cap: (640.0, 276.0, 190.0),
    narrow: false,
};

/// Narrow, on a phone: the plot, then the figures in two columns under it.
const NARROW: Geo = Geo {
    size: (320.0, 476.0),
    x0: 44.0,
    x1: 206.0,
    y0: 78.0,
    y1: 226.0,
    halves_y: 62.0,
    box_y: 234.0,
    key_y: 274.0,
    phase: (8.0, 38.0, Align::Left),
    stats: [(8.0, 302.0), (8.0, 346.0), (166.0, 346.0), (166.0, 302.0)],
    bill: (8.0, 372.0, 304.0),
    cap: (8.0, 428.0, 304.0),
    narrow: true,
};

fn geo(layout: Layout) -> &'static Geo {
    match layout {
        Layout::Wide => &WIDE,
        Layout::Narrow => &NARROW,
    }
}

/// What a label beside the fastest card names.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    Window,
    True,
    Now,
    Used,
    Evicted,
}

impl FleetScene {
    /// The scene's size in `layout`.
    pub(super) fn layout_size(&self, layout: Layout) -> (f32, f32) {
        geo(layout).size
    }

    pub(super) fn draw_scene(&self, f: &mut Frame) {
        let g = geo(f.layout);
        self.draw_axes(f, g);
        self.draw_cards(f, g);
        self.draw_callout(f, g);
        key(f, g);
        self.draw_panel(f, g);
    }

    /// The rate scale: half to 1.45 times the class's rated speed.
    fn y(&self, g: &Geo, rate: f64) -> f32 {
        let rated = self.inp.class.rated();
        let (lo, hi) = (0.5 * rated, 1.45 * rated);
        let p = ((rate - lo) / (hi - lo)).clamp(0.0, 1.0) as f32;
        g.y1 - p * (g.y1 - g.y0)
    }

    fn col(&self, g: &Geo) -> f32 {
        (g.x1 - g.x0) / self.order.len().max(1) as f32
    }

    fn draw_axes(&self, f: &mut Frame, g: &Geo) {
        let rated = self.inp.class.rated();
        let n = self.order.len();
        let class = self.inp.class.word();
        if g.narrow {
            f.plain(
                (8.0, 18.0),
                format_args!("{n} {class} cards, slowest first"),
            );
        } else {
            f.plain(
                (10.0, 20.0),
                format_args!("{n} {class} cards, slowest true rate on the left (tok/s)"),
            );
        }
        for k in [0.6, 1.0, 1.4] {
            let y = self.y(g, k * rated);
            f.line((g.x0, y), (g.x1, y), Ink::Idle, false);
            let at = (g.x0 - 4.0, y + 4.0);
            f.normal(
                at,
                Ink::Muted,
                Align::Right,
                format_args!("{}", Thousands(k * rated)),
            );
        }
        // The fleet median: the halves of the pool, and its rate.
        let x = g.x0 + (n / 2) as f32 * self.col(g);
        let y = g.halves_y;
        f.line((x, y - 12.0), (x, g.box_y + 12.0), Ink::Warn, true);
        f.normal(
            (x - 4.0, y),
            Ink::Muted,
            Align::Right,
            format_args!("slower half"),
        );
        let faster = if g.narrow {
            "faster: wrong to evict"
        } else {
            "faster half: evicting one is wrong"
        };
        f.normal(
            (x + 4.0, y),
            Ink::Warn,
            Align::Left,
            format_args!("{faster}"),
        );
        let ym = self.y(g, self.m.median);
        f.line((g.x0, ym), (g.x1, ym), Ink::Muted, true);
        f.normal(
            (g.x0 + 2.0, ym - 3.0),
            Ink::Muted,
            Align::Left,
            format_args!("median"),
        );
    }

    /// Whether card `i` is evicted so far, and wrongly.
    fn gone(&self, i: usize) -> (bool, bool) {
        let gone = self.m.evicted[..self.evicted_so_far()].contains(&i);
        (gone, gone && self.is_wrong(i))
    }

    fn draw_cards(&self, f: &mut Frame, g: &Geo) {
        let cw = self.col(g);
        let half = (cw * 0.35).max(0.6);
        let r = (cw / 3.0).clamp(1.0, 4.0);
        let err = self.inp.window.err();
        let decided = !matches!(self.phase(), Phase::Measuring(_));
        let running = matches!(self.phase(), Phase::Running(_));
        for (j, &i) in self.order.iter().enumerate() {
            let cx = g.x0 + (j as f32 + 0.5) * cw;
            let t = self.m.cards[i].true_rate;
            let (top, bottom) = (self.y(g, t * (1.0 + err)), self.y(g, t * (1.0 - err)));
            f.line((cx, top), (cx, bottom), Ink::Muted, false);
            let yt = self.y(g, t);
            f.line((cx - half, yt), (cx + half, yt), Ink::Text, false);
            let (gone, wrong) = self.gone(i);
            if decided {
                let (glyph, ink) = match (gone, wrong) {
                    (true, true) => (Glyph::Cross, Ink::Warn),
                    (true, false) => (Glyph::Cross, Ink::Refused),
                    _ => (Glyph::Ring, Ink::Muted),
                };
                f.mark(cx, self.y(g, self.m.measured[i]), r + 0.5, glyph, ink);
            }
            if !gone {
                f.mark(cx, self.y(g, self.reading[i]), r, Glyph::Dot, Ink::Accent);
            }
            let ink = if wrong {
                Ink::Warn
            } else if gone {
                Ink::Down
            } else if !running || self.m.is_warm[i] {
                Ink::Card
            } else {
                Ink::Muted
            };
            if ink == Ink::Muted {
                f.outline(cx - half, g.box_y, 2.0 * half, 10.0, ink);
            } else {
                f.rect(cx - half, g.box_y, 2.0 * half, 10.0, ink);
            }
        }
        if let Phase::Evicting(n) = self.phase() {
            if let Some(&i) = self.m.evicted[..n].last() {
                let j = self.order.iter().position(|&c| c == i).unwrap_or(0);
                let cx = g.x0 + (j as f32 + 0.5) * cw;
                f.mark(cx, g.box_y + 18.0, 4.0, Glyph::Triangle, Ink::Accent);
            }
        }
    }

    /// The fastest card's parts named beside it, right of the plot: its
    /// window's band, its true rate, its reading now and the reading the
    /// evictor used. The names keep 15 units apart, each joined to what it
    /// names by a short line.
    fn draw_callout(&self, f: &mut Frame, g: &Geo) {
        let Some(&i) = self.order.last() else {
            return;
        };
        let c = &self.m.cards[i];
        let err = self.inp.window.err();
        let (gone, wrong) = self.gone(i);
        let mut parts = [(0.0f32, Part::Window); 4];
        let mut n = 0;
        let mut put = |y: f32, p: Part| {
            parts[n] = (y, p);
            n += 1;
        };
        put(self.y(g, c.true_rate * (1.0 + err)), Part::Window);
        put(self.y(g, c.true_rate), Part::True);
        if !gone {
            put(self.y(g, self.reading[i]), Part::Now);
        }
        if !matches!(self.phase(), Phase::Measuring(_)) {
            let used = self.y(g, self.m.measured[i]);
            put(used, if gone { Part::Evicted } else { Part::Used });
        }
        let parts = &mut parts[..n];
        parts.sort_by(|a, b| a.0.total_cmp(&b.0));
        let at = spread(parts, g.y0 + 4.0, g.y1 + 4.0);
        let cx = g.x1 - 0.5 * self.col(g);
        let lx = g.x1 + 10.0;
        for (&(want, part), &y) in parts.iter().zip(&at) {
            f.line((cx + 5.0, want), (lx - 3.0, y - 4.0), Ink::Muted, false);
            let (ink, pos) = (Ink::Text, (lx, y));
            match part {
                Part::Window if g.narrow => f.normal(
                    pos,
                    Ink::Muted,
                    Align::Left,
                    format_args!("{}: ±{:.0}%", self.inp.window.word(), 100.0 * err),
                ),
                Part::Window => f.normal(
                    pos,
                    Ink::Muted,
                    Align::Left,
                    format_args!("{} window: ±{:.0}%", self.inp.window.word(), 100.0 * err),
                ),
                Part::True => f.normal(pos, ink, Align::Left, format_args!("true rate")),
                Part::Now => f.normal(pos, Ink::Accent, Align::Left, format_args!("reading now")),
                Part::Used if g.narrow => {
                    f.normal(pos, Ink::Muted, Align::Left, format_args!("reading used"))
                }
                Part::Used => f.normal(
                    pos,
                    Ink::Muted,
                    Align::Left,
                    format_args!("evictor's reading"),
                ),
                Part::Evicted => {
                    let ink = if wrong { Ink::Warn } else { Ink::Refused };
                    f.normal(pos, ink, Align::Left, format_args!("evicted"))
                }
            }
        }
    }

    fn draw_panel(&self, f: &mut Frame, g: &Geo) {
        let (px, py, align) = g.phase;
        let window = self.inp.window.word();
        match self.phase() {
            Phase::Measuring(done) => f.normal(
                (px, py),
                Ink::Text,
                align,
                format_args!("watching: {:.0}% of the {window} window", 100.0 * done),
            ),
            Phase::Evicting(n) => f.normal(
                (px, py),
                Ink::Text,
                align,
                format_args!("evicting the lowest readings: {n} of {}", self.m.k),
            ),
            Phase::Running(h) => f.normal(
                (px, py),
                Ink::Text,
                align,
                format_args!("month: hour {h} of {HOURS} (day {})", h / 24 + 1),
            ),
        }
        let names: [&str; 4] = if g.narrow {
            ["wrong evictions", "bill so far", "of it idle", "demand met"]
        } else {
            [
                "wrong evictions",
                "bill: rent + churn fees",
                "of it idle: no tokens moved",
                "delivered ÷ demanded",
            ]
        };
        for (&at, name) in g.stats.iter().zip(names) {
            f.normal(at, Ink::Muted, Align::Left, format_args!("{name}"));
        }
        let value = |k: usize| (g.stats[k].0, g.stats[k].1 + 20.0);
        let wrong = self.wrong_so_far();
        f.big(
            value(0),
            if wrong > 0 { Ink::Warn } else { Ink::Text },
            format_args!(
                "{wrong} of {} ({:.0}%)",
                self.evicted_so_far(),
                100.0 * self.wrong_share()
            ),
        );
        f.big(
            value(1),
            Ink::Text,
            format_args!("{}", Money(self.bill_so_far())),
        );
        f.big(
            value(2),
            Ink::Muted,
            format_args!("{}", Money(self.idle_so_far())),
        );
        let short = self.delivered_share() < 0.99;
        f.big(
            value(3),
            if short { Ink::Warn } else { Ink::Text },
            format_args!("{:.1}%", 100.0 * self.delivered_share()),
        );
        self.draw_bill_bar(f, g);
        self.draw_capacity(f, g);
    }

    /// The bill so far against the month's, its idle part inside, and the
    /// ideal operator's month as a tick, named under it.
    fn draw_bill_bar(&self, f: &mut Frame, g: &Geo) {
        let (x, y, w) = g.bill;
        let full = self.m.bill.max(self.m.ideal_bill).max(1.0);
        let sx = |v: f64| (w * (v / full).clamp(0.0, 1.0) as f32).max(0.0);
        f.outline(x, y, w, 10.0, Ink::Muted);
        f.rect(x, y, sx(self.bill_so_far()), 10.0, Ink::ClassA);
        f.rect(x, y, sx(self.idle_so_far()), 10.0, Ink::Idle);
        let xi = x + sx(self.m.ideal_bill);
        f.line((xi, y - 3.0), (xi, y + 13.0), Ink::Accent, false);
        f.normal(
            (x + w, y + 28.0),
            Ink::Accent,
            Align::Right,
            format_args!("| ideal operator: {}", Money(self.m.ideal_bill)),
        );
    }

    /// The warm cards' true capacity against the peak demand, a tick.
    fn draw_capacity(&self, f: &mut Frame, g: &Geo) {
        let (x, y, w) = g.cap;
        let peak = self.m.peak.max(self.m.capacity).max(1.0);
        let sx = |v: f64| w * (v / peak).clamp(0.0, 1.0) as f32;
        f.normal(
            (x, y - 6.0),
            Ink::Muted,
            Align::Left,
            format_args!(
                "{} warm: {} tok/s",
                self.m.run.len(),
                Thousands(self.m.capacity)
            ),
        );
        f.rect(x, y, sx(self.m.capacity), 10.0, Ink::Card);
        f.outline(x, y, sx(self.m.capacity), 10.0, Ink::Muted);
        let xd = x + sx(self.m.peak);
        f.line((xd, y - 3.0), (xd, y + 13.0), Ink::Text, false);
        f.normal(
            (x + w, y + 28.0),
            Ink::Text,
            Align::Right,
            format_args!("| peak demand: {}", Thousands(self.m.peak)),
        );
    }
}

/// Baselines for names wanted at `parts`' heights (sorted), at least 15
/// units apart, inside `lo..=hi`, each as near its own as the others let.
fn spread(parts: &[(f32, Part)], lo: f32, hi: f32) -> [f32; 4] {
    let mut at = [0.0f32; 4];
    let n = parts.len();
    for k in 0..n {
        let want = parts[k].0 + 4.0;
        at[k] = if k == 0 {
            want.max(lo)
        } else {
            want.max(at[k - 1] + 15.0)
        };
    }
    if n > 0 && at[n - 1] > hi {
        at[n - 1] = hi;
        for k in (0..n - 1).rev() {
            at[k] = at[k].min(at[k + 1] - 15.0);
        }
    }
    at
}

/// What the row of states under the columns means: four boxes, beside it.
fn key(f: &mut Frame, g: &Geo) {
    let items: [(Ink, &str); 4] = if g.narrow {
        [
            (Ink::Card, "running"),
            (Ink::Muted, "cold"),
            (Ink::Down, "evicted"),
            (Ink::Warn, "wrong"),
        ]
    } else {
        [
            (Ink::Card, "running"),
            (Ink::Muted, "kept cold, not billed"),
            (Ink::Down, "evicted: 15% churn fee"),
            (Ink::Warn, "evicted, faster half"),
        ]
    };
    let (mut x, y) = (if g.narrow { 8.0 } else { 10.0 }, g.key_y);
    for (ink, words) in items {
        if ink == Ink::Muted {
            f.outline(x, y - 10.0, 12.0, 10.0, ink);
        } else {
            f.rect(x, y - 10.0, 12.0, 10.0, ink);
        }
        // An evicted card's reading is a cross, in its box's ink.
        let mut tx = x + 17.0;
        if let Ink::Down | Ink::Warn = ink {
            let cross = if ink == Ink::Warn {
                Ink::Warn
            } else {
                Ink::Refused
            };
            f.mark(tx + 4.0, y - 5.0, 4.5, Glyph::Cross, cross);
            tx += 14.0;
        }
        f.normal((tx, y), Ink::Text, Align::Left, format_args!("{words}"));
        x = tx + normal_width(words) + if g.narrow { 10.0 } else { 20.0 };
    }
}
