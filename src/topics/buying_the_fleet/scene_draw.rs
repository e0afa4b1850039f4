//! What the buying-the-fleet scene puts on screen: the month's demand
//! flowing into the dispatcher, three pipes (owned, rented, the API) as
//! thick as their capacity with the part that carries nothing greyed, the
//! owned and rented cards busy or idle, the API's meter, and each line's
//! dollars growing on the right.

use super::params::MONTH_S;
use super::scene::{FleetMonth, SPAWN_S, STEP_S, TRAVEL_S};
use crate::model::scene::{
    Align, Compact, Frame, Glyph, Grid, Ink, Legend, Money, TextSize, Thousands,
};

const LANE_X: f32 = 16.0;
const SPLIT_X: f32 = 196.0;
const PIPE_X1: f32 = 500.0;
const DEMAND_Y: f32 = 134.0;
const PIPE_Y: [f32; 3] = [88.0, 180.0, 272.0];
/// The thickest pipe.
const PIPE_MAX: f32 = 56.0;
const CARDS_X: f32 = 520.0;
const CARDS_W: f32 = 200.0;
const PANEL_X: f32 = 742.0;
/// Squares drawn per pool at most: beyond, a square stands for several cards.
const SQUARES: u64 = 120;
/// Of a packet's trip, the share spent on the demand lane.
const TO_SPLIT: f64 = 0.4;
const INKS: [Ink; 3] = [Ink::ClassA, Ink::ClassB, Ink::ClassC];

impl FleetMonth {
    pub(super) fn draw_scene(&self, f: &mut Frame) {
        let d = &self.m.d;
        f.plain(
            (LANE_X, 18.0),
            format_args!(
                "A month of {} tokens for the {}: owned cards carry first, then rented cards, then the API",
                Compact(d.demand as f64),
                self.inp.model.name()
            ),
        );
        let rate = |tokens: u64| tokens as f64 / MONTH_S as f64;
        f.caption(
            (LANE_X, DEMAND_Y - 12.0),
            format_args!("demand: {} tok/s", Compact(rate(d.demand))),
        );
        f.line((LANE_X, DEMAND_Y), (SPLIT_X, DEMAND_Y), Ink::Muted, true);
        f.line((SPLIT_X, PIPE_Y[0]), (SPLIT_X, PIPE_Y[2]), Ink::Text, false);
        self.draw_pipes(f);
        self.draw_packets(f);
        self.draw_cards(f);
        self.draw_dollars(f);
        legend(f);
    }

    /// Each line's thickness for `tokens` of the month.
    fn thickness(&self, tokens: u64) -> f32 {
        let d = &self.m.d;
        let top = d.owned_capacity.max(d.rented_capacity).max(d.demand).max(1);
        if tokens == 0 {
            0.0
        } else {
            (PIPE_MAX * (tokens as f64 / top as f64) as f32).max(2.0)
        }
    }

    fn draw_pipes(&self, f: &mut Frame) {
        let d = &self.m.d;
        let lines = [
            ("owned cards", d.owned_capacity, d.owned),
            ("rented cards", d.rented_capacity, d.rented),
            ("the API (no limit, pay per token)", d.api, d.api),
        ];
        for (k, &(name, cap, carried)) in lines.iter().enumerate() {
            let y = PIPE_Y[k];
            let (tc, tu) = (self.thickness(cap), self.thickness(carried));
            let x0 = SPLIT_X + 4.0;
            let w = PIPE_X1 - x0;
            if tc > 0.0 {
                f.rect(x0, y - tc / 2.0, w, tc, Ink::Idle);
                f.rect(x0, y + tc / 2.0 - tu, w, tu, INKS[k]);
                if k == 2 {
                    f.line(
                        (x0, y - tc / 2.0),
                        (PIPE_X1, y - tc / 2.0),
                        Ink::Muted,
                        true,
                    );
                    f.line(
                        (x0, y + tc / 2.0),
                        (PIPE_X1, y + tc / 2.0),
                        Ink::Muted,
                        true,
                    );
                } else {
                    f.outline(x0, y - tc / 2.0, w, tc, Ink::Muted);
                }
            } else {
                f.line((x0, y), (PIPE_X1, y), Ink::Muted, true);
            }
            let top = y - tc.max(2.0) / 2.0 - 5.0;
            let at = (x0, top);
            let (ink, s, a) = (Ink::Text, TextSize::Small, Align::Left);
            if k == 2 {
                f.label(
                    at,
                    ink,
                    s,
                    a,
                    format_args!("{name}: {} tokens", Compact(carried as f64)),
                );
            } else if cap == 0 {
                f.label(at, Ink::Muted, s, a, format_args!("{name}: none"));
            } else {
                f.label(
                    at,
                    ink,
                    s,
                    a,
                    format_args!(
                        "{name} carry {} of {} tokens ({:.0}% idle)",
                        Compact(carried as f64),
                        Compact(cap as f64),
                        100.0 * (cap - carried) as f64 / cap as f64
                    ),
                );
            }
        }
    }

    /// The packets in flight: each leaves the demand at a fixed time and
    /// goes to the line a low-discrepancy sequence picks in the month's
    /// proportions.
    fn draw_packets(&self, f: &mut Frame) {
        let d = &self.m.d;
        let total = d.demand.max(1) as f64;
        let (s_own, s_rent) = (d.owned as f64 / total, d.rented as f64 / total);
        let now = self.steps as f64 * STEP_S;
        let first = ((now - TRAVEL_S) / SPAWN_S).ceil().max(0.0) as u64;
        let last = (now / SPAWN_S).floor() as u64;
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
                let x = LANE_X + (SPLIT_X - LANE_X) * (p / TO_SPLIT) as f32;
                f.mark(x, DEMAND_Y + wob, 3.0, Glyph::Dot, Ink::Muted);
            } else {
                let q = ((p - TO_SPLIT) / (1.0 - TO_SPLIT)) as f32;
                // Inside the part of the pipe that carries: its foot.
                let (cap, carried) = match lane {
                    0 => (d.owned_capacity, d.owned),
                    1 => (d.rented_capacity, d.rented),
                    _ => (d.api, d.api),
                };
                let (tc, tu) = (self.thickness(cap), self.thickness(carried));
                let mid = PIPE_Y[lane] + tc / 2.0 - tu / 2.0;
                let y = mid + wob.clamp(-tu / 2.0, tu / 2.0) * 0.5;
                let x = SPLIT_X + 4.0 + (PIPE_X1 - SPLIT_X - 4.0) * q;
                f.mark(x, y, 3.0, Glyph::Ring, Ink::Text);
            }
        }
    }

    /// Owned and rented cards, busy or idle (a square is several cards when
    /// there are many), and the API's meter.
    fn draw_cards(&self, f: &mut Frame) {
        let inp = &self.inp;
        let d = &self.m.d;
        let owned: u64 = inp.owned.iter().sum();
        let rented: u64 = inp.rented.iter().sum();
        let rented_busy = if d.rented_capacity == 0 {
            0
        } else {
            (rented as f64 * d.rented as f64 / d.rented_capacity as f64).ceil() as u64
        };
        squares(
            f,
            PIPE_Y[0],
            "owned",
            owned,
            self.m.cards_needed,
            Ink::ClassA,
        );
        squares(f, PIPE_Y[1], "rented", rented, rented_busy, Ink::ClassB);
        let y = PIPE_Y[2];
        f.outline(CARDS_X, y - 16.0, CARDS_W, 30.0, Ink::Muted);
        let (_, _, api) = self.dollars();
        f.caption(
            (CARDS_X + 6.0, y - 2.0),
            format_args!("API meter: {}", Money(api)),
        );
        f.note(
            (CARDS_X + 6.0, y + 10.0),
            format_args!("${:.2} per 1M tokens, retail", inp.api_price),
        );
    }

    fn draw_dollars(&self, f: &mut Frame) {
        let (own, rent, api) = self.dollars();
        let m = &self.m;
        let days = self.done() * MONTH_S as f64 / 86_400.0;
        f.plain((PANEL_X, 44.0), format_args!("day {days:.1} of 30.4"));
        f.note((PANEL_X, 68.0), format_args!("bill so far"));
        f.big(
            (PANEL_X, 88.0),
            Ink::Text,
            format_args!("{}", Money(own + rent + api)),
        );
        let full = m
            .owned_dollars
            .max(m.rented_dollars)
            .max(m.api_dollars)
            .max(1.0);
        let rows = [
            ("owned card-months", own, m.owned_dollars, Ink::ClassA),
            ("rented card-months", rent, m.rented_dollars, Ink::ClassB),
            ("API", api, m.api_dollars, Ink::ClassC),
        ];
        for (k, (label, v, month, ink)) in rows.into_iter().enumerate() {
            let y = 116.0 + 48.0 * k as f32;
            f.caption((PANEL_X, y), format_args!("{label}: {}", Money(v)));
            let w = 200.0;
            f.outline(
                PANEL_X,
                y + 6.0,
                w * (month / full) as f32,
                12.0,
                Ink::Muted,
            );
            let filled = w * (v / full) as f32;
            f.rect(PANEL_X, y + 6.0, filled, 12.0, ink);
            if k == 0 {
                f.rect(
                    PANEL_X + filled * (1.0 - self.idle_share()) as f32,
                    y + 6.0,
                    filled * self.idle_share() as f32,
                    12.0,
                    Ink::Idle,
                );
            }
        }
        f.note((PANEL_X, 270.0), format_args!("idle owned capacity so far"));
        f.big(
            (PANEL_X, 290.0),
            if self.idle_share() > 0.15 {
                Ink::Warn
            } else {
                Ink::Text
            },
            format_args!("{:.1}%", 100.0 * self.idle_share()),
        );
    }
}

/// A pool of cards as squares, `busy` of them busy, the rest idle.
fn squares(f: &mut Frame, y: f32, what: &str, cards: u64, busy: u64, ink: Ink) {
    let per = cards.div_ceil(SQUARES).max(1);
    let n = cards.div_ceil(per);
    let lit = busy.div_ceil(per).min(n);
    let top = y - 30.0;
    let (c, b) = (Thousands(cards as f64), Thousands(busy as f64));
    let (small, left) = (TextSize::Small, Align::Left);
    let at = (CARDS_X, top - 4.0);
    match cards {
        0 => f.label(at, Ink::Muted, small, left, format_args!("no {what} cards")),
        _ => f.label(
            at,
            Ink::Text,
            small,
            left,
            format_args!("{c} {what} cards, {b} busy"),
        ),
    }
    if per > 1 {
        f.label(
            (CARDS_X + CARDS_W, top + 70.0),
            Ink::Muted,
            small,
            Align::Right,
            format_args!("each square: {per} cards"),
        );
    }
    if n == 0 {
        return;
    }
    let g = Grid::fit(n as usize, (CARDS_X, top, CARDS_W, 58.0), 1.0);
    let side = g.cell_w.min(g.cell_h);
    for i in 0..n as usize {
        let (x, yy) = g.cell(i);
        let k = if (i as u64) < lit { ink } else { Ink::Idle };
        f.rect(
            x + 0.5,
            yy + 0.5,
            (side - 1.0).max(0.5),
            (side - 1.0).max(0.5),
            k,
        );
    }
}

fn legend(f: &mut Frame) {
    let mut l = Legend {
        x: LANE_X + 4.0,
        y: 346.0,
    };
    l.swatch(f, Ink::ClassA, "owned (billed every hour)");
    l.swatch(f, Ink::ClassB, "rented (billed every hour, at a premium)");
    l.swatch(f, Ink::ClassC, "API (billed per token)");
    l.swatch(f, Ink::Idle, "capacity paid for, carrying nothing");
    l.mark(f, Glyph::Ring, Ink::Text, "tokens");
}
