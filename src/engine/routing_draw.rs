//! How the routing scenes (load balancing, cache-aware routing) draw the
//! live routing simulation ([`super::routing_live`]): arrivals flying from the
//! router to their card, a card's load bar against the headroom, and its
//! queue. Each scene lays these out its own way and picks the inks.

use super::routing_live::{Card, Fate, Flight, Kind, LiveRouting};
use crate::model::scene::{Align, Frame, Glyph, Ink, TextSize};

/// The mark of an arrival's fate: hit, miss, re-prefill and overflow differ
/// by shape as well as by ink.
pub fn glyph(f: Fate) -> Glyph {
    match f {
        Fate::Hit => Glyph::Dot,
        Fate::Away => Glyph::Square,
        Fate::Evicted => Glyph::Cross,
        Fate::Spilled => Glyph::Triangle,
    }
}

/// The ink of an arrival's fate.
pub fn fate_ink(f: Fate) -> Ink {
    match f {
        Fate::Hit => Ink::Hit,
        Fate::Away => Ink::Miss,
        Fate::Evicted => Ink::Warn,
        Fate::Spilled => Ink::ClassC,
    }
}

/// Draws the arrivals still in the air, one in `stride` by arrival number,
/// each on a straight line from `from` to `to(flight)`, shaped by `look`.
pub fn flights(
    frame: &mut Frame,
    live: &LiveRouting,
    stride: u64,
    from: (f32, f32),
    to: impl Fn(&Flight) -> (f32, f32),
    look: impl Fn(&Flight) -> (Glyph, Ink),
    r: f32,
) {
    let now = live.now();
    let fly = live.clock().flight_s;
    for f in live.flights() {
        let p = (now - f.t) / fly;
        if f.seq % stride != 0 || !(0.0..1.0).contains(&p) {
            continue;
        }
        let (x1, y1) = to(f);
        let p = p as f32;
        let (g, ink) = look(f);
        frame.mark(
            from.0 + (x1 - from.0) * p,
            from.1 + (y1 - from.1) * p,
            r,
            g,
            ink,
        );
    }
}

/// A card's load as a bar rising in the box `(x, y, w, h)` (full at 100 %):
/// the accent ink up to `headroom`, the warning ink above it, and an arrow
/// mark on top when the load is past the box.
pub fn load_bar(frame: &mut Frame, (x, y, w, h): (f32, f32, f32, f32), load: f64, headroom: f64) {
    frame.rect(x, y, w, h, Ink::Card);
    let fill = load.clamp(0.0, 1.0) as f32 * h;
    let ink = if load > headroom {
        Ink::Warn
    } else {
        Ink::Accent
    };
    if fill > 0.0 {
        frame.rect(x, y + h - fill, w, fill, ink);
    }
    frame.outline(x, y, w, h, Ink::Muted);
}

/// A card's queue: up to `rows` rings stacked upward from `(x, bottom)`,
/// `gap` apart, inked by `ink`; "+N" above when more wait.
pub fn queue(
    frame: &mut Frame,
    card: &Card,
    (x, bottom): (f32, f32),
    (gap, r): (f32, f32),
    rows: usize,
    ink: impl Fn(Kind) -> Ink,
) {
    let shown = (card.waiting as usize).min(rows);
    for k in 0..shown {
        let kind = card.waiting_kind(k.min(super::routing_live::SHOWN_WAITING - 1));
        frame.mark(x, bottom - gap * k as f32, r, Glyph::Ring, ink(kind));
    }
    if card.waiting as usize > shown {
        frame.label(
            (x, bottom - gap * shown as f32 - 2.0),
            Ink::Warn,
            TextSize::Small,
            Align::Center,
            format_args!("+{}", card.waiting as usize - shown),
        );
    }
}
