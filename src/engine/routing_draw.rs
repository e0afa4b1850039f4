//! How the routing scenes (load balancing, cache-aware routing) draw the
//! live routing simulation ([`super::routing_live`]): arrivals flying from the
//! router to their card, a card's load bar against the headroom, and its
//! queue, the router's box, and the texts they share (all of normal size,
//! readable wide and on a phone). Each scene lays these out its own way, in
//! each layout, and picks the inks.

use super::routing_live::{Card, Fate, Flight, Kind, LiveRouting};
use crate::model::chart_text::{text_width, FONT_PX};
use crate::model::scene::{Align, Brief, Compact, CounterSpec, Frame, Glyph, Ink, TextSize};

/// A normal text's width in a scene's units (as the tests measure it).
pub fn width(s: &str) -> f32 {
    (text_width(s) * 13.0 / FONT_PX) as f32
}

/// A normal text in `ink`, anchored as `align` says.
pub fn say(f: &mut Frame, at: (f32, f32), ink: Ink, align: Align, args: std::fmt::Arguments) {
    f.label(at, ink, TextSize::Normal, align, args);
}

/// "+N" centred at `at`, unless it would touch the one before it on its
/// line, which ended at `end` (then left out: the page lists the counts).
pub fn more(f: &mut Frame, (x, y): (f32, f32), ink: Ink, n: usize, end: &mut f32) {
    let start = f.text.len();
    say(
        f,
        (x, y),
        ink,
        Align::Center,
        format_args!("+{}", Compact(n as f64)),
    );
    let half = width(&f.text[start..]) / 2.0;
    if x - half < *end + 4.0 {
        f.shapes.pop();
        f.text.truncate(start);
    } else {
        *end = x + half;
    }
}

/// A key from `(x, y)`: each item's mark, then its words, left to right.
/// Returns the x where it ended.
pub fn key(f: &mut Frame, (x, y): (f32, f32), items: &[(Glyph, Ink, &str)]) -> f32 {
    let mut x = x;
    for &(glyph, ink, words) in items {
        f.mark(x + 4.0, y - 4.5, 4.0, glyph, ink);
        say(
            f,
            (x + 12.0, y),
            Ink::Text,
            Align::Left,
            format_args!("{words}"),
        );
        x += 12.0 + width(words) + 14.0;
    }
    x
}

/// A scene's counters in a row from `(x, y)`, "label value" each.
pub fn counters(f: &mut Frame, (x, y): (f32, f32), specs: &[CounterSpec], values: &[f64]) {
    let mut x = x;
    for (c, &v) in specs.iter().zip(values) {
        let start = f.text.len();
        let args = format_args!("{} {}", c.label, Brief(v, c.unit));
        say(f, (x, y), Ink::Text, Align::Left, args);
        x += width(&f.text[start..]) + 22.0;
    }
}

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
/// `gap` apart, inked by `ink`; "+N" above when more wait (see [`more`]:
/// `end` is where the last one on the line ended).
pub fn queue(
    frame: &mut Frame,
    card: &Card,
    (x, bottom): (f32, f32),
    (gap, r): (f32, f32),
    rows: usize,
    ink: impl Fn(Kind) -> Ink,
    end: &mut f32,
) {
    let shown = (card.waiting as usize).min(rows);
    for k in 0..shown {
        let kind = card.waiting_kind(k.min(super::routing_live::SHOWN_WAITING - 1));
        frame.mark(x, bottom - gap * k as f32, r, Glyph::Ring, ink(kind));
    }
    if card.waiting as usize > shown {
        let at = (x, bottom - gap * shown as f32 - 2.0);
        more(frame, at, Ink::Warn, card.waiting as usize - shown, end);
    }
}

/// Says, right-aligned at `at`, that one arrival in `stride` is drawn
/// (when not all are).
pub fn stride_note(frame: &mut Frame, at: (f32, f32), stride: u64) {
    if stride > 1 {
        let args = format_args!("one arrival in {stride} drawn");
        say(frame, at, Ink::Muted, Align::Right, args);
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
    /// share written right-aligned at `names_x`.
    pub fn headroom(&self, frame: &mut Frame, (top, h): (f32, f32), headroom: f64, names_x: f32) {
        let y = top + h * (1.0 - headroom as f32);
        frame.line((self.x0, y), (self.right(), y), Ink::Warn, true);
        let args = format_args!("{:.0}%", 100.0 * headroom);
        say(frame, (names_x, y + 4.0), Ink::Warn, Align::Right, args);
    }
    /// The cards' numbers on the line `y` (always the first `first`, then
    /// every few, none touching the one before), "rest" under the column
    /// that stands for the rest, "card" right-aligned at `names_x`.
    pub fn numbers(&self, frame: &mut Frame, y: f32, first: usize, names_x: f32) {
        let ink = Ink::Muted;
        let every = (width("000") / self.width).ceil().max(1.0) as usize;
        // The "rest" label first: the numbers keep clear of it.
        let mut stop = f32::MAX;
        if self.aggregated() {
            let half = width("rest") / 2.0;
            let x = self.center(self.count() - 1).min(self.right() + 2.0 - half);
            say(frame, (x, y), ink, Align::Center, format_args!("rest"));
            stop = x - half - 4.0;
        }
        let mut end = f32::MIN;
        for c in (0..self.count()).filter(|&c| !self.is_rest(c)) {
            let x = self.center(c);
            let half = width(if c < 10 {
                "0"
            } else if c < 100 {
                "00"
            } else {
                "000"
            }) / 2.0;
            if (c % every == 0 || c < first) && x - half >= end + 3.0 && x + half <= stop {
                say(frame, (x, y), ink, Align::Center, format_args!("{c}"));
                end = x + half;
            }
        }
        say(frame, (names_x, y), ink, Align::Right, format_args!("card"));
    }
}

/// The box the arrivals leave from, `(x, y, w, h)`: its name and the
/// policy's word.
pub fn router_box(frame: &mut Frame, (x, y, w, h): (f32, f32, f32, f32), name: &str, word: &str) {
    frame.rect(x, y, w, h, Ink::Card);
    frame.outline(x, y, w, h, Ink::Text);
    let mid = x + w / 2.0;
    say(
        frame,
        (mid, y + 17.0),
        Ink::Text,
        Align::Center,
        format_args!("{name}"),
    );
    say(
        frame,
        (mid, y + 34.0),
        Ink::Muted,
        Align::Center,
        format_args!("{word}"),
    );
}
