//! What the buying-the-fleet scene puts on screen: the month's demand
//! flowing into the dispatcher, then one row per line (owned cards, rented
//! cards, the API), each named where it stands: its pipe as thick as its
//! capacity with the part that carries nothing greyed ("paid, idle"), its
//! cards busy or idle (wide only), and its dollars so far growing toward
//! the month's; the bill under the three, their sum.
//!
//! Wide beside the sliders, or a narrow column on a phone (no card squares,
//! shorter words); [`Geometry`] says where each part goes, the drawing is
//! shared.

use super::params::MONTH_S;
use super::scene::{FleetMonth, SPAWN_S, STEP_S, TRAVEL_S};
use crate::model::scene::{
    Align, Compact, Frame, Glyph, Grid, Ink, Layout, Money, TextSize, Thousands,
};

/// Squares drawn per pool at most: beyond, a square stands for several cards.
const SQUARES: u64 = 120;
/// Of a packet's trip, the share spent on the demand lane.
const TO_SPLIT: f64 = 0.4;
const INKS: [Ink; 3] = [Ink::ClassA, Ink::ClassB, Ink::ClassC];

/// Where the parts go in one layout, in the scene's units.
pub(super) struct Geometry {
    pub(super) size: (f32, f32),
    narrow: bool,
    /// The demand lane, from x to x, and the split where the pipes start.
    lane: (f32, f32),
    split_x: f32,
    /// The pipes, from x to x; the rows' centres; the thickest pipe.
    pipe: (f32, f32),
    rows: [f32; 3],
    pipe_max: f32,
    /// The card squares' box, from x, its width (wide only).
    cards: Option<(f32, f32)>,
    /// The dollars: where a row's words start, its bar from x to x, and the
    /// bar's top below the row's centre.
    money_x: f32,
    bar: (f32, f32),
    bar_dy: f32,
    /// The bill's line under the rows.
    bill_y: f32,
}

impl Geometry {
    pub(super) fn of(layout: Layout) -> Geometry {
        if layout == Layout::Narrow {
            return Geometry {
                size: (320.0, 430.0),
                narrow: true,
                lane: (8.0, 56.0),
                split_x: 62.0,
                pipe: (66.0, 312.0),
                rows: [108.0, 226.0, 344.0],
                pipe_max: 40.0,
                cards: None,
                money_x: 66.0,
                bar: (180.0, 312.0),
                bar_dy: 32.0,
                bill_y: 416.0,
            };
        }
        Geometry {
            size: (876.0, 420.0),
            narrow: false,
            lane: (10.0, 176.0),
            split_x: 182.0,
            pipe: (186.0, 488.0),
            rows: [112.0, 218.0, 324.0],
            pipe_max: 56.0,
            cards: Some((506.0, 180.0)),
            money_x: 706.0,
            bar: (706.0, 866.0),
            bar_dy: 2.0,
            bill_y: 384.0,
        }
    }
}

/// A normal text in `ink`, anchored as `align` says.
fn say(f: &mut Frame, at: (f32, f32), ink: Ink, align: Align, args: std::fmt::Arguments) {
    f.label(at, ink, TextSize::Normal, align, args);
}

impl FleetMonth {
    /// The scene's size in `layout`.
    pub(super) fn size_in(&self, layout: Layout) -> (f32, f32) {
        Geometry::of(layout).size
    }

    pub(super) fn draw_scene(&self, f: &mut Frame) {
        let g = Geometry::of(f.layout);
        let d = &self.m.d;
        let days = self.done() * MONTH_S as f64 / 86_400.0;
        let rate = Compact(d.demand as f64 / MONTH_S as f64);
        let (tokens, model) = (Compact(d.demand as f64), self.inp.model.name());
        let y1 = g.rows[1];
        if g.narrow {
            f.plain((8.0, 18.0), format_args!("{tokens} tokens for the {model}"));
            let args = format_args!("demand {rate} tok/s · day {days:.1} of 30.4");
            say(f, (8.0, 36.0), Ink::Muted, Align::Left, args);
        } else {
            let args = format_args!(
                "{tokens} tokens for the {model} this month: owned cards first, then rented, then the API"
            );
            f.plain((10.0, 20.0), args);
            let at = (g.size.0 - 10.0, 20.0);
            say(
                f,
                at,
                Ink::Text,
                Align::Right,
                format_args!("day {days:.1} of 30.4"),
            );
            let args = format_args!("demand {rate} tok/s");
            say(f, (g.lane.0, y1 - 12.0), Ink::Muted, Align::Left, args);
        }
        f.line((g.lane.0, y1), (g.split_x, y1), Ink::Muted, true);
        f.line(
            (g.split_x, g.rows[0]),
            (g.split_x, g.rows[2]),
            Ink::Text,
            false,
        );
        self.draw_pipes(f, &g);
        self.draw_packets(f, &g);
        if let Some(at) = g.cards {
            self.draw_cards(f, at, &g);
        }
        self.draw_dollars(f, &g);
    }

    /// Each line's thickness for `tokens` of the month.
    fn thickness(&self, g: &Geometry, tokens: u64) -> f32 {
        let d = &self.m.d;
        let top = d.owned_capacity.max(d.rented_capacity).max(d.demand).max(1);
        if tokens == 0 {
            0.0
        } else {
            (g.pipe_max * (tokens as f64 / top as f64) as f32).max(2.0)
        }
    }

    /// Each line's capacity and the tokens it carried this month.
    fn lines(&self) -> [(u64, u64); 3] {
        let d = &self.m.d;
        [
            (d.owned_capacity, d.owned),
            (d.rented_capacity, d.rented),
            (d.api, d.api),
        ]
    }

    fn draw_pipes(&self, f: &mut Frame, g: &Geometry) {
        let (x0, x1) = g.pipe;
        let w = x1 - x0;
        let cards: [u64; 2] = [self.inp.owned.iter().sum(), self.inp.rented.iter().sum()];
        for (k, (cap, carried)) in self.lines().into_iter().enumerate() {
            let y = g.rows[k];
            let (tc, tu) = (self.thickness(g, cap), self.thickness(g, carried));
            if tc > 0.0 {
                f.rect(x0, y - tc / 2.0, w, tc, Ink::Idle);
                f.rect(x0, y + tc / 2.0 - tu, w, tu, INKS[k]);
                if k == 2 {
                    f.line((x0, y - tc / 2.0), (x1, y - tc / 2.0), Ink::Muted, true);
                    f.line((x0, y + tc / 2.0), (x1, y + tc / 2.0), Ink::Muted, true);
                } else {
                    f.outline(x0, y - tc / 2.0, w, tc, Ink::Muted);
                }
            } else {
                f.line((x0, y), (x1, y), Ink::Muted, true);
            }
            // The grey part named where it is, when there is room.
            if tc - tu >= 16.0 {
                let at = (x1 - 6.0, y - tc / 2.0 + (tc - tu) / 2.0 + 4.5);
                say(f, at, Ink::Text, Align::Right, format_args!("paid, idle"));
            }
            let at = (x0, y - tc.max(2.0) / 2.0 - 6.0);
            let (c, u) = (Compact(cap as f64), Compact(carried as f64));
            let idle = 100.0 * cap.saturating_sub(carried) as f64 / cap.max(1) as f64;
            let name = ["owned", "rented", "API"][k];
            let args = match (k, g.narrow) {
                (2, false) => format_args!("API: {u} tokens, no limit"),
                (2, true) => format_args!("API: {u} tokens"),
                _ if cap == 0 => format_args!("{name} cards: none"),
                (_, false) => format_args!("{name}: {u} of {c} tokens, {idle:.0}% idle"),
                (_, true) => format_args!(
                    "{name}: {} cards, {idle:.0}% idle",
                    Thousands(cards[k] as f64)
                ),
            };
            let ink = if cap == 0 && k < 2 {
                Ink::Muted
            } else {
                Ink::Text
            };
            say(f, at, ink, Align::Left, args);
        }
    }

    /// The packets in flight: each leaves the demand at a fixed time and
    /// goes to the line a low-discrepancy sequence picks in the month's
    /// proportions.
    fn draw_packets(&self, f: &mut Frame, g: &Geometry) {
        let d = &self.m.d;
        let total = d.demand.max(1) as f64;
        let (s_own, s_rent) = (d.owned as f64 / total, d.rented as f64 / total);
        let now = self.steps as f64 * STEP_S;
        let first = ((now - TRAVEL_S) / SPAWN_S).ceil().max(0.0) as u64;
        let last = (now / SPAWN_S).floor() as u64;
        let lines = self.lines();
        let (lane_y, (x0, x1)) = (g.rows[1], g.pipe);
        for j in first..=last {
            let age = now - j as f64 * SPAWN_S;
            if !(0.0..TRAVEL_S).contains(&age) {
                continue;
            }
            let u = (j as f64 * 0.618_033_988_749_895).fract();
            let lane = if u < s_own {
                0
            } else if u < s_own + s_rent {
                1
            } else {
                2
            };
            let p = age / TRAVEL_S;
            let wob = ((j * 7) % 9) as f32 - 4.0;
            if p < TO_SPLIT {
                let x = g.lane.0 + (g.split_x - g.lane.0) * (p / TO_SPLIT) as f32;
                f.mark(x, lane_y + wob, 3.0, Glyph::Dot, Ink::Muted);
            } else {
                let q = ((p - TO_SPLIT) / (1.0 - TO_SPLIT)) as f32;
                // Inside the part of the pipe that carries: its foot.
                let (cap, carried) = lines[lane];
                let (tc, tu) = (self.thickness(g, cap), self.thickness(g, carried));
                let mid = g.rows[lane] + tc / 2.0 - tu / 2.0;
                let y = mid + wob.clamp(-tu / 2.0, tu / 2.0) * 0.5;
                f.mark(x0 + (x1 - x0) * q, y, 3.0, Glyph::Ring, Ink::Text);
            }
        }
    }

    /// Owned and rented cards, busy or idle (a square is several cards when
    /// there are many), and the API's price.
    fn draw_cards(&self, f: &mut Frame, (x, w): (f32, f32), g: &Geometry) {
        let inp = &self.inp;
        let d = &self.m.d;
        let owned: u64 = inp.owned.iter().sum();
        let rented: u64 = inp.rented.iter().sum();
        let rented_busy = if d.rented_capacity == 0 {
            0
        } else {
            (rented as f64 * d.rented as f64 / d.rented_capacity as f64).ceil() as u64
        };
        let pools = [
            ("owned", owned, self.m.cards_needed, Ink::ClassA),
            ("rented", rented, rented_busy, Ink::ClassB),
        ];
        for (k, (what, cards, busy, ink)) in pools.into_iter().enumerate() {
            squares(f, (x, w, g.rows[k]), what, cards, busy.min(cards), ink);
        }
        let y = g.rows[2];
        f.outline(x, y - 20.0, w, 40.0, Ink::Muted);
        let price = format_args!("${:.2} per 1M tokens", inp.api_price);
        say(f, (x + 6.0, y - 4.0), Ink::Text, Align::Left, price);
        let note = format_args!("retail, no cards");
        say(f, (x + 6.0, y + 13.0), Ink::Muted, Align::Left, note);
    }

    /// Each line's dollars so far in its row, a bar filling toward the
    /// month's (the owned bar's idle share greyed), and the bill under
    /// them.
    fn draw_dollars(&self, f: &mut Frame, g: &Geometry) {
        let (own, rent, api) = self.dollars();
        let m = &self.m;
        let full = m
            .owned_dollars
            .max(m.rented_dollars)
            .max(m.api_dollars)
            .max(1.0);
        let rows = [
            ("owned card-months", own, m.owned_dollars),
            ("rented card-months", rent, m.rented_dollars),
            ("API, per token", api, m.api_dollars),
        ];
        let (bx0, bx1) = g.bar;
        let bw = bx1 - bx0;
        for (k, (label, v, month)) in rows.into_iter().enumerate() {
            let y = g.rows[k];
            let value = format_args!("{}", Money(v));
            if g.narrow {
                f.big((g.money_x, y + g.bar_dy + 12.0), INKS[k], value);
            } else {
                say(
                    f,
                    (g.money_x, y - 34.0),
                    Ink::Muted,
                    Align::Left,
                    format_args!("{label}"),
                );
                f.big((g.money_x, y - 6.0), INKS[k], value);
            }
            let top = y + g.bar_dy;
            f.outline(bx0, top, bw * (month / full) as f32, 12.0, Ink::Muted);
            let filled = bw * (v / full) as f32;
            f.rect(bx0, top, filled, 12.0, INKS[k]);
            if k == 0 {
                let idle = self.idle_share() as f32;
                f.rect(
                    bx0 + filled * (1.0 - idle),
                    top,
                    filled * idle,
                    12.0,
                    Ink::Idle,
                );
            }
        }
        let idle_ink = if self.idle_share() > 0.15 {
            Ink::Warn
        } else {
            Ink::Muted
        };
        let idle = format_args!("idle so far {:.1}%", 100.0 * self.idle_share());
        if g.narrow {
            say(
                f,
                (g.money_x, g.rows[0] + 62.0),
                idle_ink,
                Align::Left,
                idle,
            );
        } else {
            say(
                f,
                (g.money_x, g.rows[0] + 34.0),
                idle_ink,
                Align::Left,
                idle,
            );
        }
        // The sum: a rule under the three, the bill under it.
        let (x0, y) = (if g.narrow { 8.0 } else { g.money_x }, g.bill_y);
        f.line((x0, y - 22.0), (bx1, y - 22.0), Ink::Text, false);
        say(
            f,
            (x0, y),
            Ink::Text,
            Align::Left,
            format_args!("bill so far"),
        );
        let total = format_args!("{}", Money(own + rent + api));
        if g.narrow {
            f.label((bx1, y), Ink::Text, TextSize::Large, Align::Right, total);
        } else {
            f.big((x0, y + 26.0), Ink::Text, total);
        }
    }
}

/// A pool of cards as squares in the box from `x`, `w` wide, around row
/// `y`: `busy` of them busy, the rest idle, its count over it.
fn squares(f: &mut Frame, (x, w, y): (f32, f32, f32), what: &str, cards: u64, busy: u64, ink: Ink) {
    let per = cards.div_ceil(SQUARES).max(1);
    let n = cards.div_ceil(per);
    let lit = busy.div_ceil(per).min(n);
    let top = y - 28.0;
    let (c, b) = (Thousands(cards as f64), Thousands(busy as f64));
    let at = (x, top - 6.0);
    match cards {
        0 => say(
            f,
            at,
            Ink::Muted,
            Align::Left,
            format_args!("no {what} cards"),
        ),
        _ => say(
            f,
            at,
            Ink::Text,
            Align::Left,
            format_args!("{c} {what}, {b} busy"),
        ),
    }
    if per > 1 {
        let args = format_args!("a square: {per} cards");
        say(f, (x + w, top + 70.0), Ink::Muted, Align::Right, args);
    }
    if n == 0 {
        return;
    }
    let g = Grid::fit(n as usize, (x, top, w, 56.0), 1.0);
    let side = g.cell_w.min(g.cell_h);
    for i in 0..n as usize {
        let (cx, cy) = g.cell(i);
        let k = if (i as u64) < lit { ink } else { Ink::Idle };
        let s = (side - 1.0).max(0.5);
        f.rect(cx + 0.5, cy + 0.5, s, s, k);
    }
}
