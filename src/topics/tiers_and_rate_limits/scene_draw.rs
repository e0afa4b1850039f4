//! What the tiers scene puts on screen, every word at normal size or larger:
//! the two arrival lanes (paid, free) into the gateway; the token bucket
//! beside it, drawn as a level with its count and its refill; refused
//! requests bouncing back as crosses under "429: no token"; the provisioned
//! and shared cards with their queues as bars with counts (an incident's
//! lost cards drawn down), each pool titled with what stands and waits in
//! it; and the shared queues up close, together, paid standing ahead of
//! free, each labelled where it stands. Closer to production each pool is
//! one queue: the cards hold none of their own, the titles count the pool's. A small key beside the pools tells
//! a busy card from an idle and a down one.
//!
//! One [`Plan`] places the parts for each layout: wide beside the sliders
//! (840 × 440 units), or stacked in a column for a phone (320 × 512, the
//! bucket beside the gateway and the pools under it). The drawing is the
//! same code for both.

use super::scene::{Flight, TiersScene, BOUNCE_S, FLY_S, HOP_S, NARROW_SIZE, WIDE_SIZE};
use super::sim::Fate;
use crate::model::chart_text;
use crate::model::scene::{Align, Compact, Frame, Glyph, Grid, Ink, Layout, Shape, Thousands};
use std::fmt::{Arguments, Display};

/// A box: x, y, width, height (logical units).
type Area = (f32, f32, f32, f32);

/// Where the parts stand in one layout.
struct Plan {
    narrow: bool,
    size: (f32, f32),
    /// The header's baseline (the time, and the key at the right).
    head_y: f32,
    /// Where the lanes start, and their heights (paid, free).
    lane_x: f32,
    paid_y: f32,
    free_y: f32,
    gate: Area,
    bucket: Area,
    /// Where a refused mark's bounce ends, from the gateway (dx, dy), and
    /// where "429: no token" stands (right-aligned).
    bounce: (f32, f32),
    refused_at: (f32, f32),
    prov: Area,
    shared: Area,
    zoom: Area,
    /// The least width over height of a card's cell.
    aspect: f32,
}

const WIDE: Plan = Plan {
    narrow: false,
    size: WIDE_SIZE,
    head_y: 18.0,
    lane_x: 10.0,
    paid_y: 100.0,
    free_y: 200.0,
    gate: (226.0, 44.0, 18.0, 250.0),
    bucket: (40.0, 258.0, 84.0, 100.0),
    bounce: (-50.0, -38.0),
    refused_at: (222.0, 152.0),
    prov: (268.0, 44.0, 562.0, 122.0),
    shared: (268.0, 178.0, 562.0, 150.0),
    zoom: (268.0, 340.0, 562.0, 92.0),
    aspect: 0.3,
};

const NARROW: Plan = Plan {
    narrow: true,
    size: NARROW_SIZE,
    head_y: 14.0,
    lane_x: 10.0,
    paid_y: 62.0,
    free_y: 120.0,
    gate: (194.0, 42.0, 14.0, 110.0),
    bucket: (240.0, 60.0, 52.0, 66.0),
    bounce: (-44.0, 22.0),
    refused_at: (180.0, 166.0),
    prov: (10.0, 176.0, 300.0, 94.0),
    shared: (10.0, 280.0, 300.0, 136.0),
    zoom: (10.0, 426.0, 300.0, 80.0),
    aspect: 0.4,
};

/// The zoomed queue: where its first mark stands from the box's left, the
/// marks' spacing, and the room kept after them for the count of the rest.
const ZOOM_X0: f32 = 52.0;
const PITCH: f32 = 12.0;
const ZOOM_REST: f32 = 68.0;
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

impl CardLook {
    const DOWN: CardLook = CardLook {
        down: true,
        busy: false,
        paid: 0,
        free: 0,
    };
}

/// A pool's cards as its title counts them: "21 up (5 rented), 9 down".
struct Standing {
    up: usize,
    rented: usize,
    down: usize,
}

impl Display for Standing {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} up", self.up)?;
        if self.rented > 0 {
            write!(f, " ({} rented)", self.rented)?;
        }
        if self.down > 0 {
            write!(f, ", {} down", self.down)?;
        }
        Ok(())
    }
}

/// Tokens as the bucket's count reads them: grouped, or short from ten
/// thousand up where room is narrow ("12.3k").
struct Tokens(f64, bool);

impl Display for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if self.1 && self.0 >= 10_000.0 {
            write!(f, "{}", Compact(self.0))
        } else {
            write!(f, "{}", Thousands(self.0))
        }
    }
}

impl TiersScene {
    /// Describes the scene now in the frame's layout (`Scene::draw`).
    pub(super) fn draw_scene(&self, f: &mut Frame) {
        let p = match f.layout {
            Layout::Wide => &WIDE,
            Layout::Narrow => &NARROW,
        };
        let (prov, shared) = self.grids(p);
        self.draw_header(f, p);
        self.draw_gateway(f, p);
        self.draw_bucket(f, p);
        self.draw_pools(f, p, &prov, &shared);
        self.draw_zoom(f, p);
        self.draw_flights(f, p, &prov, &shared);
    }

    /// The two pools' grids: cards standing first, then the ones down.
    fn grids(&self, p: &Plan) -> (Grid, Grid) {
        let (down_p, down_s) = self.down();
        let fit = |n: usize, (x, y, w, h): Area| {
            Grid::fit(n, (x + 6.0, y + 22.0, w - 12.0, h - 26.0), p.aspect)
        };
        (
            fit(self.m.cp_up + down_p, p.prov),
            fit(self.m.cs_up + down_s, p.shared),
        )
    }

    fn live_s(&self) -> f64 {
        self.now_ms() / 1000.0
    }

    /// The time (and, wide, the arrivals so far), and the cards' key.
    fn draw_header(&self, f: &mut Frame, p: &Plan) {
        let at = (p.lane_x, p.head_y);
        if p.narrow {
            f.normal(
                at,
                Ink::Muted,
                Align::Left,
                format_args!("{:.1} s", self.live_s()),
            );
        } else {
            f.normal(
                at,
                Ink::Muted,
                Align::Left,
                format_args!(
                    "after {:.1} s · {} requests",
                    self.live_s(),
                    Thousands(self.arrivals as f64)
                ),
            );
        }
        key(f, (p.size.0 - 10.0, p.head_y));
    }

    /// The lanes, the gateway, and the label the refused bounce under.
    fn draw_gateway(&self, f: &mut Frame, p: &Plan) {
        let (gx, gy, gw, gh) = p.gate;
        let inp = &self.input;
        let lanes = [
            (p.paid_y, Ink::ClassA, "paid", inp.paid),
            (p.free_y, Ink::ClassB, "free", inp.free),
        ];
        for (y, ink, who, rate) in lanes {
            let at = (p.lane_x, y - 14.0);
            f.normal(
                at,
                ink,
                Align::Left,
                format_args!("{who} {} req/s", Thousands(rate)),
            );
            f.line((p.lane_x, y), (gx, y), Ink::Muted, true);
        }
        f.outline(gx, gy, gw, gh, Ink::Text);
        let at = (gx + gw / 2.0, gy - 6.0);
        f.normal(at, Ink::Text, Align::Center, format_args!("gateway"));
        let now = self.live_s();
        let bouncing = self.flights.iter().any(|fl| {
            fl.fate == Fate::Refused && (FLY_S..FLY_S + BOUNCE_S).contains(&(now - fl.t))
        });
        let ink = if bouncing { Ink::Refused } else { Ink::Muted };
        f.normal(
            p.refused_at,
            ink,
            Align::Right,
            format_args!("429: no token"),
        );
    }

    /// The token bucket: a level with its count, its refill over it, and
    /// the pipe its tokens take to the gateway.
    fn draw_bucket(&self, f: &mut Frame, p: &Plan) {
        let (x, y, w, h) = p.bucket;
        let cap = self.input.bucket;
        let level = self.live.bucket_tokens(self.now_ms());
        let full = (level / cap.max(1.0)).clamp(0.0, 1.0) as f32;
        f.rect(x, y + h * (1.0 - full), w, h * full, Ink::Accent);
        f.line((x, y), (x, y + h), Ink::Text, false);
        f.line((x, y + h), (x + w, y + h), Ink::Text, false);
        f.line((x + w, y + h), (x + w, y), Ink::Text, false);
        let (gx, _, gw, _) = p.gate;
        let pipe_y = y + 14.0;
        let refill = self.live.cfg().refill_rps;
        let n = p.narrow;
        let (level, cap) = (Tokens(level.floor(), n), Tokens(cap, n));
        if n {
            f.line((x, pipe_y), (gx + gw, pipe_y), Ink::Accent, false);
            let mid = x + w / 2.0;
            let within = (gx + gw + 4.0, p.size.0 - 4.0);
            let at = (mid, y - 10.0);
            f.normal(
                at,
                Ink::Text,
                Align::Center,
                format_args!("refill +{}/s", Tokens(refill, n)),
            );
            keep_within(f, within);
            f.normal(
                (mid, y + h + 18.0),
                Ink::Text,
                Align::Center,
                format_args!("bucket"),
            );
            f.normal(
                (mid, y + h + 34.0),
                Ink::Text,
                Align::Center,
                format_args!("{level} of {cap}"),
            );
            keep_within(f, within);
        } else {
            f.line((x + w, pipe_y), (gx, pipe_y), Ink::Accent, false);
            let at = (x + w + 6.0, pipe_y - 6.0);
            f.normal(at, Ink::Muted, Align::Left, format_args!("1 token each"));
            let at = (x, y - 10.0);
            f.normal(
                at,
                Ink::Text,
                Align::Left,
                format_args!("refills {} tokens/s", Thousands(refill)),
            );
            let at = (x, y + h + 22.0);
            f.normal(
                at,
                Ink::Text,
                Align::Left,
                format_args!("bucket {level} of {cap}"),
            );
        }
    }

    fn draw_pools(&self, f: &mut Frame, p: &Plan, prov: &Grid, shared: &Grid) {
        let (down_p, down_s) = self.down();
        let (wait_p, wait_sp, wait_sf) = self.waiting();
        let now = self.now_ms();
        let standing = Standing {
            up: self.m.cp_up,
            rented: 0,
            down: down_p,
        };
        let pooled = self.input.production;
        let names = if pooled {
            [
                "provisioned cards, paid only, one queue",
                "provisioned, one queue",
                "provisioned",
            ]
        } else {
            [
                "provisioned cards, paid only",
                "provisioned, paid only",
                "provisioned",
            ]
        };
        pool_title(f, p.prov, &names, &standing, wait_p);
        let free_at = self.live.prov_free_at();
        for k in 0..self.m.cp_up + down_p {
            let look = if k < self.m.cp_up {
                CardLook {
                    down: false,
                    busy: free_at.get(k).is_some_and(|&t| t > now),
                    paid: if self.input.production {
                        0
                    } else {
                        self.prov_queue.get(k).map_or(0, |q| q.len() as u64)
                    },
                    free: 0,
                }
            } else {
                CardLook::DOWN
            };
            card(f, prov, k, look);
        }
        let standing = Standing {
            up: self.m.cs_up,
            rented: self.input.burst,
            down: down_s,
        };
        let names = if pooled {
            [
                "shared cards, free and spilled paid, one queue",
                "shared, one queue",
                "shared",
            ]
        } else {
            [
                "shared cards, free and spilled paid",
                "shared, free and paid",
                "shared",
            ]
        };
        pool_title(f, p.shared, &names, &standing, wait_sp + wait_sf);
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

    /// The shared cards' queues up close, together: the cards, then a
    /// mark per request waiting, paid first (nearest the cards: each card
    /// serves its paid before its free), then free, each group named where
    /// it stands, the rest counted.
    fn draw_zoom(&self, f: &mut Frame, p: &Plan) {
        let (x, y, w, h) = p.zoom;
        f.outline(x, y, w, h, Ink::Muted);
        fitted(
            f,
            (x + 8.0, y + 16.0),
            w - 16.0,
            &if self.input.production {
                [
                    format_args!("the shared pool's one queue up close: paid goes ahead of free"),
                    format_args!("shared queue: paid goes first"),
                ]
            } else {
                [
                    format_args!("the shared queues up close: paid goes ahead of free"),
                    format_args!("shared queues: paid goes first"),
                ]
            },
        );
        let (x0, row, slots) = zoom_row(p);
        if self.m.cs_up == 0 {
            let at = (x + 8.0, row + 5.0);
            f.normal(
                at,
                Ink::Muted,
                Align::Left,
                format_args!("no shared card is up"),
            );
            return;
        }
        // The cards, a small stack of them.
        for i in (0..3).rev() {
            let d = 3.0 * i as f32;
            f.rect(x + 8.0 + d, row - 11.0 - d, 28.0, 20.0, Ink::Card);
            f.outline(x + 8.0 + d, row - 11.0 - d, 28.0, 20.0, Ink::Muted);
        }
        serving(f, x + 22.0, row - 1.0, 8.0);
        let (_, paid, free) = self.waiting();
        let n_paid = paid.min(slots);
        let n_free = free.min(slots - n_paid);
        for i in 0..n_paid + n_free {
            let ink = if i < n_paid { Ink::ClassA } else { Ink::ClassB };
            f.mark(x0 + PITCH * i as f32, row, 4.5, Glyph::Dot, ink);
        }
        let shown = n_paid + n_free;
        let rest = paid + free - shown;
        let end = x0 + PITCH * shown as f32;
        if rest > 0 {
            let at = (end - 2.0, row + 5.0);
            f.normal(
                at,
                Ink::Muted,
                Align::Left,
                format_args!("+{}", Thousands(rest as f64)),
            );
        } else if shown == 0 {
            f.normal(
                (x0 - 4.0, row + 5.0),
                Ink::Muted,
                Align::Left,
                format_args!("no one waiting"),
            );
        }
        let under = (x0 - 4.0, row + 24.0);
        if paid > 0 {
            f.normal(
                under,
                Ink::ClassA,
                Align::Left,
                format_args!("paid {}", Thousands(paid as f64)),
            );
        } else if self.input.spill == 0.0 {
            f.normal(
                under,
                Ink::Muted,
                Align::Left,
                format_args!("no paid spilled"),
            );
        } else {
            f.normal(
                under,
                Ink::Muted,
                Align::Left,
                format_args!("paid: none waiting"),
            );
        }
        if free > 0 {
            let at = (x0 - 4.0 + PITCH * n_paid as f32, row - 12.0);
            f.normal(
                at,
                Ink::ClassB,
                Align::Left,
                format_args!("free {}", Thousands(free as f64)),
            );
            keep_within(f, (x + 4.0, x + w - 4.0));
        }
    }

    fn draw_flights(&self, f: &mut Frame, p: &Plan, prov: &Grid, shared: &Grid) {
        let now = self.live_s();
        let (gx, _, gw, _) = p.gate;
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
                (Ink::ClassA, p.paid_y)
            } else {
                (Ink::ClassB, p.free_y)
            };
            let y = lane + jitter(fl);
            if age < FLY_S {
                let along = (age / FLY_S) as f32;
                let x = p.lane_x + (gx - p.lane_x) * along;
                f.mark(x, y, 3.0, Glyph::Dot, ink);
                continue;
            }
            let hop_p = ((age - FLY_S) / HOP_S) as f32;
            let back = ((age - FLY_S) / BOUNCE_S) as f32;
            // Wide, admitted requests leave the gateway on its right, toward
            // the pools beside it; narrow, from inside it, down to the
            // pools under it.
            let from = if p.narrow {
                (gx + gw / 2.0, y)
            } else {
                (gx + gw, y)
            };
            match fl.fate {
                Fate::Refused => f.mark(
                    gx - 4.0 + p.bounce.0 * back,
                    y + p.bounce.1 * back,
                    3.5,
                    Glyph::Cross,
                    Ink::Refused,
                ),
                Fate::Stranded => f.mark(gx - 6.0, y, 3.5, Glyph::Cross, Ink::Warn),
                Fate::Prov { card, .. } => hop(f, from, target(prov, card), hop_p, ink),
                Fate::Shared { card } => {
                    if let Some(card) = card {
                        hop(f, from, target(shared, card), hop_p, ink);
                    }
                    if let Some(to) = self.zoom_target(p, fl.paid) {
                        hop(f, from, to, hop_p, ink);
                    }
                }
            }
        }
    }

    /// Where a request joining a shared card lands in the close-up: a paid
    /// one behind the paid, ahead of every free one; a free one at the end.
    /// None for a free one past the marks shown (it joins the count).
    fn zoom_target(&self, p: &Plan, paid: bool) -> Option<(f32, f32)> {
        let (x0, row, slots) = zoom_row(p);
        let (_, n_paid, n_free) = self.waiting();
        let k = if paid { n_paid } else { n_paid + n_free };
        (k < slots).then_some((x0 + PITCH * k as f32, row))
    }
}

/// The close-up's first mark's x, its row's y, and how many marks it shows.
fn zoom_row(p: &Plan) -> (f32, f32, u64) {
    let (x, y, w, _) = p.zoom;
    let slots = ((w - ZOOM_X0 - ZOOM_REST) / PITCH).floor().max(1.0) as u64;
    (x + ZOOM_X0, y + 50.0, slots)
}

/// Units a normal-size text takes across (the charts' widths, scaled to
/// the scene's 13 units).
fn normal_width(s: &str) -> f32 {
    (chart_text::text_width(s) * 13.0 / chart_text::FONT_PX) as f32
}

/// The last text's width, and its shape.
fn last_text(f: &mut Frame) -> Option<(f32, &mut Shape)> {
    let Some(Shape::Text { text, .. }) = f.shapes.last() else {
        return None;
    };
    let width = normal_width(f.str(*text).trim());
    f.shapes.last_mut().map(|s| (width, s))
}

/// Moves the text just written across so that it stays between `lo` and
/// `hi`.
fn keep_within(f: &mut Frame, (lo, hi): (f32, f32)) {
    let Some((width, Shape::Text { x, align, .. })) = last_text(f) else {
        return;
    };
    let x0 = match align {
        Align::Left => *x,
        Align::Center => *x - width / 2.0,
        Align::Right => *x - width,
    };
    if x0 < lo {
        *x += lo - x0;
    } else if x0 + width > hi {
        *x -= (x0 + width - hi).min(x0 - lo);
    }
}

/// Writes the first of `variants` that fits in `room` across (the last
/// one whatever its width), from the left at `at`.
fn fitted(f: &mut Frame, at: (f32, f32), room: f32, variants: &[Arguments]) {
    for (i, v) in variants.iter().enumerate() {
        let start = f.text.len();
        f.normal(at, Ink::Text, Align::Left, *v);
        if i + 1 == variants.len() || normal_width(&f.text[start..]) <= room {
            return;
        }
        f.text.truncate(start);
        f.shapes.pop();
    }
}

/// A pool's box and its title: its name (the longest of `names` that fits),
/// what stands in it, and how many wait in it.
fn pool_title(f: &mut Frame, (x, y, w, h): Area, names: &[&str; 3], s: &Standing, waiting: u64) {
    f.outline(x, y, w, h, Ink::Muted);
    let n = Thousands(waiting as f64);
    fitted(
        f,
        (x + 8.0, y + 16.0),
        w - 16.0,
        &[
            format_args!("{}: {s} · {n} waiting", names[0]),
            format_args!("{}: {s} · {n} waiting", names[1]),
            format_args!("{}: {s} · {n} waiting", names[2]),
            format_args!("{}: {s}", names[2]),
        ],
    );
}

/// The cards' key, right-aligned to end at `right`: busy (a dot in it),
/// idle, down.
fn key(f: &mut Frame, (right, y): (f32, f32)) {
    let items = [
        (Ink::Card, "busy"),
        (Ink::Idle, "idle"),
        (Ink::Down, "down"),
    ];
    let across: f32 = items
        .iter()
        .map(|(_, w)| 16.0 + normal_width(w) + 12.0)
        .sum();
    let mut x = right - across + 12.0;
    for (ink, words) in items {
        f.rect(x, y - 10.0, 12.0, 10.0, ink);
        f.outline(x, y - 10.0, 12.0, 10.0, Ink::Muted);
        if ink == Ink::Card {
            serving(f, x + 6.0, y - 5.0, 8.0);
        }
        f.normal(
            (x + 16.0, y),
            Ink::Text,
            Align::Left,
            format_args!("{words}"),
        );
        x += 16.0 + normal_width(words) + 12.0;
    }
}

/// One card of a grid: its box at the foot of the cell (busy, idle or
/// down) and its queue above it, paid under free, with a count where it
/// fits.
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
    let label_h = if h >= 34.0 { 14.0 } else { 0.0 };
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
        let at = (x + w / 2.0, base - 3.0 - ph - fh);
        let start = f.text.len();
        f.normal(
            at,
            Ink::Text,
            Align::Center,
            format_args!("{}", Compact(n as f64)),
        );
        if normal_width(&f.text[start..]) > w - 0.5 {
            f.text.truncate(start);
            f.shapes.pop();
        }
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
