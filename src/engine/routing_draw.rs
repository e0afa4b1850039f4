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

/// Says, bottom right, that one arrival in `stride` is drawn (when not all are).
pub fn stride_note(frame: &mut Frame, stride: u64) {
    if stride > 1 {
        frame.label(
            (950.0, 350.0),
            Ink::Muted,
            TextSize::Small,
            Align::Right,
            format_args!("one arrival in {stride} drawn"),
        );
    }
}

/// A row of card columns: `n` cards in at most `most` columns from `x0`,
/// `width` each; with more cards than columns the last stands for the rest.
#[derive(Clone, Copy, Debug)]
pub struct Columns {
    pub n: usize,
    pub most: usize,
    pub x0: f32,
    pub width: f32,
}

impl Columns {
    /// Columns across `x0..x1`, none wider than `widest`.
    pub fn new(n: usize, most: usize, (x0, x1): (f32, f32), widest: f32) -> Columns {
        let count = n.clamp(1, most.max(1));
        Columns {
            n,
            most,
            x0,
            width: ((x1 - x0) / count as f32).min(widest),
        }
    }
    pub fn count(&self) -> usize {
        self.n.clamp(1, self.most.max(1))
    }
    /// Whether the last column stands for several cards.
    pub fn aggregated(&self) -> bool {
        self.n > self.most
    }
    /// Whether column c is the one standing for the rest.
    pub fn is_rest(&self, c: usize) -> bool {
        self.aggregated() && c == self.count() - 1
    }
    /// The column that shows card i.
    pub fn of(&self, i: usize) -> usize {
        i.min(self.count() - 1)
    }
    /// Whether card i has a column of its own.
    pub fn own(&self, i: usize) -> bool {
        !self.is_rest(self.of(i))
    }
    pub fn left(&self, c: usize) -> f32 {
        self.x0 + self.width * c as f32
    }
    pub fn center(&self, c: usize) -> f32 {
        self.left(c) + 0.5 * self.width
    }
    pub fn right(&self) -> f32 {
        self.left(self.count())
    }
    /// What column c shows: its card's load and queue, or the rest's.
    pub fn card(&self, live: &LiveRouting, c: usize) -> (f64, Card) {
        if self.is_rest(c) {
            live.together(c)
        } else {
            (live.load(c), live.cards()[c].clone())
        }
    }
    /// The headroom as a dashed line across load bars `(top, height)`, its
    /// share written on the left.
    pub fn headroom(&self, frame: &mut Frame, (top, h): (f32, f32), headroom: f64) {
        let y = top + h * (1.0 - headroom as f32);
        frame.line((self.x0, y), (self.right(), y), Ink::Warn, true);
        frame.label(
            (self.x0 - 4.0, y + 4.0),
            Ink::Warn,
            TextSize::Small,
            Align::Right,
            format_args!("{:.0}%", 100.0 * headroom),
        );
    }
    /// The cards' numbers on the line `y` (every few when narrow, always
    /// the first `first`), "rest" under the column that stands for the rest.
    pub fn numbers(&self, frame: &mut Frame, y: f32, first: usize) {
        let every = (22.0 / self.width).ceil().max(1.0) as usize;
        let (ink, size, mid) = (Ink::Muted, TextSize::Small, Align::Center);
        for c in 0..self.count() {
            if self.is_rest(c) {
                frame.label(
                    (self.center(c), y + 12.0),
                    ink,
                    size,
                    mid,
                    format_args!("rest"),
                );
            } else if c % every == 0 || c < first {
                frame.label((self.center(c), y), ink, size, mid, format_args!("{c}"));
            }
        }
        frame.label(
            (self.x0 - 4.0, y),
            ink,
            size,
            Align::Right,
            format_args!("card"),
        );
    }
    /// Says which cards are drawn, when not all are.
    pub fn note(&self, frame: &mut Frame, at: (f32, f32)) {
        if self.aggregated() {
            frame.label(
                at,
                Ink::Muted,
                TextSize::Small,
                Align::Left,
                format_args!(
                    "Cards 0–{} drawn; the last column stands for the other {} (their average load, all their waiting).",
                    self.count() - 2,
                    self.n - (self.count() - 1)
                ),
            );
        }
    }
}

/// The box the arrivals leave from: its name and the policy's word.
pub fn router_box(frame: &mut Frame, (x, y): (f32, f32), name: &str, word: &str) {
    frame.rect(x, y, 94.0, 52.0, Ink::Card);
    frame.outline(x, y, 94.0, 52.0, Ink::Text);
    let mid = x + 47.0;
    frame.label(
        (mid, y + 20.0),
        Ink::Text,
        TextSize::Normal,
        Align::Center,
        format_args!("{name}"),
    );
    frame.label(
        (mid, y + 40.0),
        Ink::Muted,
        TextSize::Small,
        Align::Center,
        format_args!("{word}"),
    );
}
