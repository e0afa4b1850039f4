//! What the fleet-efficiency scene puts on screen: every card of the pool as
//! a column, slowest true rate on the left, with its true rate (a bar), the
//! window's error band, its reading now (a dot) and the reading the evictor
//! used (a ring, a cross once evicted, orange when the eviction was wrong);
//! the fleet median splitting the pool in halves; each card's state under
//! it; and the month's clock, counters and dollars on the right.

use super::params::HOURS;
use super::scene::{FleetScene, Phase};
use crate::model::scene::{Align, Frame, Glyph, Ink, Legend, Money, TextSize, Thousands};

const X0: f32 = 56.0;
const X1: f32 = 620.0;
const Y0: f32 = 56.0;
const Y1: f32 = 250.0;
const BOX_Y: f32 = 262.0;
const PANEL_X: f32 = 646.0;

impl FleetScene {
    pub(super) fn draw_scene(&self, f: &mut Frame) {
        self.draw_axes(f);
        self.draw_cards(f);
        self.draw_panel(f);
        legend(f);
    }

    /// The rate scale: half to 1.45 times the class's rated speed.
    fn y(&self, rate: f64) -> f32 {
        let rated = self.inp.class.rated();
        let (lo, hi) = (0.5 * rated, 1.45 * rated);
        let p = ((rate - lo) / (hi - lo)).clamp(0.0, 1.0) as f32;
        Y1 - p * (Y1 - Y0)
    }

    fn col(&self) -> f32 {
        (X1 - X0) / self.order.len().max(1) as f32
    }

    fn draw_axes(&self, f: &mut Frame) {
        let rated = self.inp.class.rated();
        f.plain(
            (X0, 20.0),
            format_args!(
                "{} {} cards, slowest true rate on the left; tok/s through the {} window (±{:.0}%)",
                self.order.len(),
                self.inp.class.word(),
                self.inp.window.word(),
                100.0 * self.inp.window.err(),
            ),
        );
        for k in [0.6, 1.0, 1.4] {
            let y = self.y(k * rated);
            f.line((X0, y), (X1, y), Ink::Idle, false);
            f.label(
                (X0 - 4.0, y + 4.0),
                Ink::Muted,
                TextSize::Small,
                Align::Right,
                format_args!("{}", Thousands(k * rated)),
            );
        }
        // The fleet median: the halves of the pool, and its rate.
        let n = self.order.len();
        let x = X0 + (n / 2) as f32 * self.col();
        f.line((x, Y0 - 14.0), (x, BOX_Y + 12.0), Ink::Warn, true);
        f.label(
            (x - 4.0, Y0 - 4.0),
            Ink::Muted,
            TextSize::Small,
            Align::Right,
            format_args!("slower half"),
        );
        f.label(
            (x + 4.0, Y0 - 4.0),
            Ink::Warn,
            TextSize::Small,
            Align::Left,
            format_args!("faster half: evicting one is wrong"),
        );
        let ym = self.y(self.m.median);
        f.line((X0, ym), (X1, ym), Ink::Muted, true);
        f.note((X0 + 2.0, ym - 3.0), format_args!("median"));
    }

    fn draw_cards(&self, f: &mut Frame) {
        let cw = self.col();
        let half = (cw * 0.35).max(0.6);
        let r = (cw / 3.0).clamp(1.0, 3.5);
        let err = self.inp.window.err();
        let decided = !matches!(self.phase(), Phase::Measuring(_));
        let out = self.evicted_so_far();
        let running = matches!(self.phase(), Phase::Running(_));
        for (j, &i) in self.order.iter().enumerate() {
            let cx = X0 + (j as f32 + 0.5) * cw;
            let t = self.m.cards[i].true_rate;
            f.line(
                (cx, self.y(t * (1.0 + err))),
                (cx, self.y(t * (1.0 - err))),
                Ink::Muted,
                false,
            );
            f.line(
                (cx - half, self.y(t)),
                (cx + half, self.y(t)),
                Ink::Text,
                false,
            );
            let gone = self.m.evicted[..out].contains(&i);
            let wrong = gone && self.is_wrong(i);
            if decided {
                let (glyph, ink) = match (gone, wrong) {
                    (true, true) => (Glyph::Cross, Ink::Warn),
                    (true, false) => (Glyph::Cross, Ink::Refused),
                    _ => (Glyph::Ring, Ink::Muted),
                };
                f.mark(cx, self.y(self.m.measured[i]), r + 0.5, glyph, ink);
            }
            if !gone {
                f.mark(cx, self.y(self.reading[i]), r, Glyph::Dot, Ink::Accent);
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
                f.outline(cx - half, BOX_Y, 2.0 * half, 10.0, ink);
            } else {
                f.rect(cx - half, BOX_Y, 2.0 * half, 10.0, ink);
            }
        }
        if let Phase::Evicting(n) = self.phase() {
            if let Some(&i) = self.m.evicted[..n].last() {
                let j = self.order.iter().position(|&c| c == i).unwrap_or(0);
                let cx = X0 + (j as f32 + 0.5) * cw;
                f.mark(cx, BOX_Y + 18.0, 4.0, Glyph::Triangle, Ink::Accent);
            }
        }
    }

    fn draw_panel(&self, f: &mut Frame) {
        let (x, s) = (PANEL_X, TextSize::Small);
        let phase = self.phase();
        match phase {
            Phase::Measuring(done) => f.plain(
                (x, 40.0),
                format_args!(
                    "watching: {:.0}% of the {} window",
                    100.0 * done,
                    self.inp.window.word()
                ),
            ),
            Phase::Evicting(n) => f.plain(
                (x, 40.0),
                format_args!("evicting the lowest measured: {n} of {}", self.m.k),
            ),
            Phase::Running(h) => f.plain(
                (x, 40.0),
                format_args!("month: hour {h} of {HOURS} (day {})", h / 24 + 1),
            ),
        }
        let (wrong, out) = (self.wrong_so_far(), self.evicted_so_far());
        f.label(
            (x, 66.0),
            Ink::Muted,
            s,
            Align::Left,
            format_args!("wrong evictions"),
        );
        f.big(
            (x, 84.0),
            if wrong > 0 { Ink::Warn } else { Ink::Text },
            format_args!("{wrong} of {out} ({:.0}%)", 100.0 * self.wrong_share()),
        );
        f.label(
            (x, 108.0),
            Ink::Muted,
            s,
            Align::Left,
            format_args!("bill so far (rent + churn fees)"),
        );
        f.big(
            (x, 126.0),
            Ink::Text,
            format_args!("{}", Money(self.bill_so_far())),
        );
        f.label(
            (x, 150.0),
            Ink::Muted,
            s,
            Align::Left,
            format_args!("of it idle: rent that moved no tokens"),
        );
        f.big(
            (x, 168.0),
            Ink::Muted,
            format_args!("{}", Money(self.idle_so_far())),
        );
        self.draw_bill_bar(f, 178.0);
        f.label(
            (x, 220.0),
            Ink::Muted,
            s,
            Align::Left,
            format_args!("delivered ÷ demanded so far"),
        );
        f.big(
            (x, 238.0),
            if self.delivered_share() < 0.99 {
                Ink::Warn
            } else {
                Ink::Text
            },
            format_args!("{:.1}%", 100.0 * self.delivered_share()),
        );
        self.draw_capacity(f, 260.0);
    }

    /// The bill so far against the month's, its idle part inside, and the
    /// ideal operator's month as a tick.
    fn draw_bill_bar(&self, f: &mut Frame, y: f32) {
        let w = 290.0;
        let full = self.m.bill.max(self.m.ideal_bill).max(1.0);
        let sx = |v: f64| (w * (v / full).clamp(0.0, 1.0) as f32).max(0.0);
        f.outline(PANEL_X, y, w, 10.0, Ink::Muted);
        f.rect(PANEL_X, y, sx(self.bill_so_far()), 10.0, Ink::ClassA);
        f.rect(PANEL_X, y, sx(self.idle_so_far()), 10.0, Ink::Idle);
        let xi = PANEL_X + sx(self.m.ideal_bill);
        f.line((xi, y - 3.0), (xi, y + 13.0), Ink::Accent, false);
        f.label(
            (PANEL_X + w, y + 22.0),
            Ink::Accent,
            TextSize::Small,
            Align::Right,
            format_args!("| ideal operator's month: {}", Money(self.m.ideal_bill)),
        );
    }

    /// The warm cards' true capacity against the demand.
    fn draw_capacity(&self, f: &mut Frame, y: f32) {
        let w = 290.0;
        let peak = self.m.peak.max(self.m.capacity).max(1.0);
        let sx = |v: f64| w * (v / peak).clamp(0.0, 1.0) as f32;
        f.note(
            (PANEL_X, y),
            format_args!(
                "{} warm cards: {} tok/s true, demand {}",
                self.m.run.len(),
                Thousands(self.m.capacity),
                Thousands(self.m.peak)
            ),
        );
        f.rect(PANEL_X, y + 6.0, sx(self.m.capacity), 10.0, Ink::Card);
        f.outline(PANEL_X, y + 6.0, sx(self.m.capacity), 10.0, Ink::Muted);
        let xd = PANEL_X + sx(self.m.peak);
        f.line((xd, y + 2.0), (xd, y + 20.0), Ink::Text, false);
    }
}

fn legend(f: &mut Frame) {
    let mut l = Legend { x: 20.0, y: 316.0 };
    f.line(
        (l.x - 4.0, l.y - 4.0),
        (l.x + 4.0, l.y - 4.0),
        Ink::Text,
        false,
    );
    l.words(f, "true rate");
    f.line((l.x, l.y - 9.0), (l.x, l.y + 1.0), Ink::Muted, false);
    l.words(f, "the window's ± error");
    l.mark(f, Glyph::Dot, Ink::Accent, "reading now");
    l.mark(f, Glyph::Ring, Ink::Muted, "the reading the evictor used");
    l.mark(f, Glyph::Cross, Ink::Refused, "evicted");
    l.mark(f, Glyph::Cross, Ink::Warn, "wrong eviction (faster half)");
    let mut l = Legend { x: 20.0, y: 338.0 };
    l.swatch(f, Ink::Card, "card (GPU) running");
    l.swatch(f, Ink::Muted, "kept cold (not billed)");
    l.swatch(f, Ink::Down, "evicted (15% churn fee)");
    l.swatch(f, Ink::ClassA, "bill so far");
    l.swatch(f, Ink::Idle, "of it idle");
}
