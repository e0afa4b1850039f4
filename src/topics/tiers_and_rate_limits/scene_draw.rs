//! What the tiers scene puts on screen: two arrival lanes (paid, free) into
//! the gateway, the token bucket under the free lane, refused requests
//! bouncing back as crosses, the provisioned and shared cards with their
//! queues as bars with counts (an incident's lost cards drawn down), the
//! running counters, and a legend.

use super::scene::{Flight, TiersScene, BOUNCE_S, FLY_S, HOP_S};
use super::sim::Fate;
use crate::model::scene::{Align, Compact, Frame, Glyph, Grid, Ink, Legend, TextSize, Thousands};

/// Where things stand (logical units of the 960 × 360 scene).
const LANE_X: f32 = 14.0;
const GATE_X: f32 = 178.0;
const GATE_W: f32 = 18.0;
const PAID_Y: f32 = 100.0;
const FREE_Y: f32 = 210.0;
const POOL_X: f32 = 214.0;
const POOL_W: f32 = 526.0;
const PROV_BOX: (f32, f32) = (34.0, 132.0);
const SHARED_BOX: (f32, f32) = (176.0, 152.0);
const PANEL_X: f32 = 756.0;
/// A queue bar is full at this many requests (its count says the rest).
const BAR_FULL: f64 = 20.0;

/// A card as drawn: down, busy, and its queue (paid, free).
#[derive(Clone, Copy)]
struct CardLook {
    down: bool,
    busy: bool,
    paid: u64,
    free: u64,
}

impl TiersScene {
    pub(super) fn draw_scene(&self, f: &mut Frame) {
        let (prov, shared) = self.grids();
        self.draw_gateway(f);
        self.draw_pools(f, &prov, &shared);
        self.draw_flights(f, &prov, &shared);
        self.draw_counters(f);
        legend(f);
    }

    /// The two pools' grids: cards standing first, then the ones down.
    fn grids(&self) -> (Grid, Grid) {
        let (down_p, down_s) = self.down();
        let fit = |n: usize, (top, h): (f32, f32)| {
            Grid::fit(n, (POOL_X + 6.0, top + 20.0, POOL_W - 12.0, h - 24.0), 0.3)
        };
        (
            fit(self.m.cp_up + down_p, PROV_BOX),
            fit(self.m.cs_up + down_s, SHARED_BOX),
        )
    }

    fn draw_gateway(&self, f: &mut Frame) {
        let inp = &self.input;
        let lanes = [
            (PAID_Y, Ink::ClassA, "paid", inp.paid),
            (FREE_Y, Ink::ClassB, "free", inp.free),
        ];
        for (y, ink, who, rate) in lanes {
            f.label(
                (LANE_X, y - 16.0),
                ink,
                TextSize::Small,
                Align::Left,
                format_args!("{who}: {} req/s", Thousands(rate)),
            );
            f.line((LANE_X, y), (GATE_X, y), Ink::Muted, true);
        }
        f.outline(GATE_X, 40.0, GATE_W, 230.0, Ink::Text);
        f.label(
            (GATE_X + GATE_W / 2.0, 34.0),
            Ink::Text,
            TextSize::Small,
            Align::Center,
            format_args!("gateway"),
        );
        // The token bucket: its level, its refill and what asks.
        let cap = inp.bucket.max(1.0);
        let level = self.live.bucket_tokens(self.now_ms());
        let (x, y, w, h) = (LANE_X, 262.0, 150.0, 12.0);
        f.caption(
            (x, y - 6.0),
            format_args!(
                "token bucket: {} of {}",
                Thousands(level.floor()),
                Thousands(inp.bucket)
            ),
        );
        f.rect(
            x,
            y,
            w * (level / cap).clamp(0.0, 1.0) as f32,
            h,
            Ink::Accent,
        );
        f.outline(x, y, w, h, Ink::Text);
        let refill = self.live.cfg().refill_rps;
        f.note(
            (x, y + h + 13.0),
            format_args!("refills {} tokens/s; each free", Thousands(refill)),
        );
        f.note(
            (x, y + h + 26.0),
            format_args!("request takes one, or gets a 429"),
        );
    }

    fn live_s(&self) -> f64 {
        self.now_ms() / 1000.0
    }

    fn draw_pools(&self, f: &mut Frame, prov: &Grid, shared: &Grid) {
        let (down_p, down_s) = self.down();
        let now = self.now_ms();
        f.outline(POOL_X, PROV_BOX.0, POOL_W, PROV_BOX.1, Ink::Muted);
        pool_title(
            f,
            PROV_BOX.0,
            "provisioned cards, paid only",
            self.m.cp_up,
            down_p,
            0,
        );
        let free_at = self.live.prov_free_at();
        for k in 0..self.m.cp_up + down_p {
            let look = if k < self.m.cp_up {
                CardLook {
                    down: false,
                    busy: free_at.get(k).is_some_and(|&t| t > now),
                    paid: self.prov_queue.get(k).map_or(0, |q| q.len() as u64),
                    free: 0,
                }
            } else {
                CardLook::DOWN
            };
            card(f, prov, k, look);
        }
        f.outline(POOL_X, SHARED_BOX.0, POOL_W, SHARED_BOX.1, Ink::Muted);
        pool_title(
            f,
            SHARED_BOX.0,
            "shared cards, free and spilled paid (paid first)",
            self.m.cs_up,
            down_s,
            self.input.burst,
        );
        for k in 0..self.m.cs_up + down_s {
            let look = if k < self.m.cs_up {
                let (busy_until, paid, free) = self.live.shared_card(k);
                CardLook {
                    down: false,
                    busy: busy_until > now,
                    paid,
                    free,
                }
            } else {
                CardLook::DOWN
            };
            card(f, shared, k, look);
        }
    }

    fn draw_flights(&self, f: &mut Frame, prov: &Grid, shared: &Grid) {
        let now = self.live_s();
        for fl in &self.flights {
            let age = now - fl.t;
            let shown = match fl.fate {
                Fate::Refused | Fate::Stranded => FLY_S + BOUNCE_S,
                _ => FLY_S + HOP_S,
            };
            if !(0.0..shown).contains(&age) {
                continue;
            }
            let (ink, lane) = if fl.paid {
                (Ink::ClassA, PAID_Y)
            } else {
                (Ink::ClassB, FREE_Y)
            };
            let y = lane + jitter(fl);
            if age < FLY_S {
                let p = (age / FLY_S) as f32;
                f.mark(LANE_X + (GATE_X - LANE_X) * p, y, 3.0, Glyph::Dot, ink);
                continue;
            }
            let p = ((age - FLY_S) / HOP_S) as f32;
            let back = ((age - FLY_S) / BOUNCE_S) as f32;
            let from = (GATE_X + GATE_W, y);
            match fl.fate {
                Fate::Refused => f.mark(
                    GATE_X - 4.0 - 46.0 * back,
                    y + 30.0 * back,
                    3.5,
                    Glyph::Cross,
                    Ink::Refused,
                ),
                Fate::Stranded => f.mark(GATE_X - 6.0, y, 3.5, Glyph::Cross, Ink::Warn),
                Fate::Prov { card, .. } => hop(f, from, target(prov, card), p, ink),
                Fate::Shared { card } => hop(f, from, target(shared, card), p, ink),
            }
        }
    }

    fn draw_counters(&self, f: &mut Frame) {
        let (paid, free) = self.means();
        let (a, b, c) = self.waiting();
        f.plain(
            (PANEL_X, 44.0),
            format_args!("after {:.1} s", self.live_s()),
        );
        let rows: [(&str, Ink, f64, &str); 4] = [
            ("paid wait, mean so far", Ink::ClassA, paid, " ms"),
            ("free wait, mean so far", Ink::ClassB, free, " ms"),
            (
                "free refused (429)",
                Ink::Refused,
                100.0 * self.refused_share(),
                "%",
            ),
            ("requests waiting now", Ink::Text, (a + b + c) as f64, ""),
        ];
        for (i, (label, ink, v, unit)) in rows.into_iter().enumerate() {
            let y = 70.0 + 44.0 * i as f32;
            f.note((PANEL_X, y), format_args!("{label}"));
            if unit == "%" {
                f.label(
                    (PANEL_X, y + 18.0),
                    ink,
                    TextSize::Large,
                    Align::Left,
                    format_args!("{v:.1}{unit}"),
                );
            } else {
                f.label(
                    (PANEL_X, y + 18.0),
                    ink,
                    TextSize::Large,
                    Align::Left,
                    format_args!("{}{unit}", Thousands(v)),
                );
            }
        }
        f.note(
            (PANEL_X, 262.0),
            format_args!("{} requests so far", Thousands(self.arrivals as f64)),
        );
    }
}

impl CardLook {
    const DOWN: CardLook = CardLook {
        down: true,
        busy: false,
        paid: 0,
        free: 0,
    };
}

/// "provisioned cards, paid only: 7 up, 3 down (incident)".
fn pool_title(f: &mut Frame, top: f32, what: &str, up: usize, down: usize, burst: usize) {
    let at = (POOL_X + 6.0, top + 13.0);
    let (t, s, a) = (Ink::Text, TextSize::Small, Align::Left);
    match (down, burst) {
        (0, 0) => f.label(at, t, s, a, format_args!("{what}: {up} up")),
        (0, b) => f.label(
            at,
            t,
            s,
            a,
            format_args!("{what}: {up} up, {b} of them rented"),
        ),
        (d, 0) => f.label(
            at,
            t,
            s,
            a,
            format_args!("{what}: {up} up, {d} down (incident)"),
        ),
        (d, b) => f.label(
            at,
            t,
            s,
            a,
            format_args!("{what}: {up} up ({b} rented), {d} down"),
        ),
    }
}

/// One card of a grid: its box at the foot of the cell (busy, idle or
/// down) and its queue above it, paid under free, with a count.
fn card(f: &mut Frame, g: &Grid, k: usize, look: CardLook) {
    let (x, y) = g.cell(k);
    let (w, h) = (g.cell_w, g.cell_h);
    let pad = (w * 0.15).min(3.0);
    let box_h = (h * 0.18).clamp(3.0, 10.0);
    let ink = if look.down {
        Ink::Down
    } else if look.busy {
        Ink::Card
    } else {
        Ink::Idle
    };
    let base = y + h - box_h - 1.0;
    f.rect(x + pad, base, w - 2.0 * pad, box_h, ink);
    f.outline(x + pad, base, w - 2.0 * pad, box_h, Ink::Muted);
    if look.busy {
        serving(f, x + w / 2.0, base + box_h / 2.0, box_h);
    }
    let label_h = if w >= 13.0 && h >= 30.0 { 10.0 } else { 0.0 };
    let room = (h - box_h - 3.0 - label_h).max(0.0);
    let bar_w = (w - 2.0 * pad) * 0.6;
    let bx = x + (w - bar_w) / 2.0;
    let paid = (look.paid as f64).min(BAR_FULL);
    let free = (look.free as f64).min(BAR_FULL - paid);
    let ph = room * (paid / BAR_FULL) as f32;
    let fh = room * (free / BAR_FULL) as f32;
    if ph > 0.0 {
        f.rect(bx, base - 1.0 - ph, bar_w, ph, Ink::ClassA);
    }
    if fh > 0.0 {
        f.rect(bx, base - 1.0 - ph - fh, bar_w, fh, Ink::ClassB);
    }
    let n = look.paid + look.free;
    if n > 0 && label_h > 0.0 {
        f.label(
            (x + w / 2.0, base - 3.0 - ph - fh),
            Ink::Text,
            TextSize::Small,
            Align::Center,
            format_args!("{}", Compact(n as f64)),
        );
    }
}

/// The dot of a card serving a request.
fn serving(f: &mut Frame, x: f32, y: f32, box_h: f32) {
    f.mark(x, y, (box_h / 3.0).min(2.5), Glyph::Dot, Ink::Text);
}

/// Where a request lands on card `k` of a grid: the top of its queue.
fn target(g: &Grid, k: usize) -> (f32, f32) {
    let (x, y) = g.cell(k);
    (x + g.cell_w / 2.0, y + g.cell_h * 0.55)
}

fn hop(f: &mut Frame, (x0, y0): (f32, f32), (x1, y1): (f32, f32), p: f32, ink: Ink) {
    f.mark(x0 + (x1 - x0) * p, y0 + (y1 - y0) * p, 3.0, Glyph::Dot, ink);
}

/// A mark's small offset from its lane, fixed by its arrival time.
fn jitter(fl: &Flight) -> f32 {
    ((fl.t.to_bits() >> 17) % 13) as f32 - 6.0
}

fn legend(f: &mut Frame) {
    let mut l = Legend {
        x: LANE_X + 4.0,
        y: 350.0,
    };
    l.mark(f, Glyph::Dot, Ink::ClassA, "paid request");
    l.mark(f, Glyph::Dot, Ink::ClassB, "free request");
    l.mark(f, Glyph::Cross, Ink::Refused, "429: too many requests");
    serving(f, l.x + 0.5, l.y - 4.0, 8.0);
    l.swatch(f, Ink::Card, "card (GPU) serving");
    l.swatch(f, Ink::Idle, "idle");
    l.swatch(f, Ink::Down, "down");
    f.rect(l.x - 3.0, l.y - 10.0, 5.0, 10.0, Ink::ClassA);
    l.words(f, "queue, with its count");
}
