//! How the explorer's scene draws itself, wide beside the sliders or in a
//! column on a phone: the same parts in both, placed by [`Geo`].
//!
//! With few cards (up to [`INKED_CARDS`]) each card has an ink of its own:
//! its arcs on the key circle, the families it holds and its box share it,
//! and each arc is labelled with its card's number where it stands. With
//! more, the arcs alternate two inks and those that change owner take the
//! accent. One family's key (the walker) walks clockwise to the point of the
//! card that holds it, at the start and again each time the sweep passes it.

use super::model::ideal_moved_share;
use super::model_ring::{Ring, TURN};
use super::params::Scheme;
use super::scene::{ChScene, Dot, Phase, COUNTERS, SAMPLE, SWEEP_S};
use crate::model::scene::text_width;
use crate::model::scene::{text_units, Align, Brief, Frame, Glyph, Ink, Layout, TextBox, TextSize};
use crate::model::{RingArc, Unit};
use std::f32::consts::TAU;

/// The cards' inks, in turn.
const CARD_INKS: [Ink; 6] = [
    Ink::ClassA,
    Ink::Miss,
    Ink::Hit,
    Ink::ClassB,
    Ink::Accent,
    Ink::ClassC,
];
/// Cards at most for an ink each (each ink used twice at most, every arc
/// labelled with its card).
const INKED_CARDS: usize = 12;
/// Ring points at most for drawing each point as a tick.
const TICKED_POINTS: usize = 96;
/// The least arc (a fraction of a turn) that gets its card's label.
const LABELLED_ARC: f64 = 0.03;
/// Seconds the walker's key takes to reach its card's point.
const WALK_S: f64 = 0.9;
/// The arcs' stroke, and how far inside the arcs the families' keys sit.
const ARC_W: f32 = 10.0;
const KEYS_IN: f32 = 18.0;
/// How far outside the arcs their labels' centres sit.
const LABEL_OUT: f32 = 18.0;
/// The card numbers an arc label can show, without allocating.
const NUMBERS: [&str; INKED_CARDS] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"];

/// Where the parts go in one layout, in the scene's units.
struct Geo {
    narrow: bool,
    /// The title's two lines' baselines.
    lines: (f32, f32),
    /// The key circle's centre and radius.
    ring: (f32, f32, f32),
    /// The circle's caption's baseline (wide only).
    ring_caption: Option<f32>,
    /// The cards' panel (x, y, w, h) and its caption's baseline.
    grid: (f32, f32, f32, f32),
    grid_caption: f32,
    /// The glyphs' key: where its first entry starts.
    key: (f32, f32),
    /// The counters' row (wide only; a phone lists them under the scene).
    foot: Option<f32>,
}

impl Geo {
    fn of(layout: Layout) -> Geo {
        match layout {
            Layout::Wide => Geo {
                narrow: false,
                lines: (20.0, 42.0),
                ring: (190.0, 250.0, 128.0),
                ring_caption: Some(72.0),
                grid: (392.0, 82.0, 438.0, 296.0),
                grid_caption: 72.0,
                key: (392.0, 404.0),
                foot: Some(430.0),
            },
            Layout::Narrow => Geo {
                narrow: true,
                lines: (18.0, 38.0),
                ring: (160.0, 196.0, 104.0),
                ring_caption: None,
                grid: (10.0, 372.0, 300.0, 182.0),
                grid_caption: 362.0,
                key: (14.0, 338.0),
                foot: None,
            },
        }
    }

    /// The cards' grid for `cards` boxes: columns, box width and height.
    fn cells(&self, cards: usize) -> (usize, f32, f32) {
        let (_, _, w, h) = self.grid;
        let cols = ((cards as f32 * w / h).sqrt().ceil() as usize).clamp(1, cards.max(1));
        let rows = cards.max(1).div_ceil(cols);
        (cols, w / cols as f32, h / rows as f32)
    }
}

/// A normal text's box centred on `x`, its baseline at `y`.
fn centred_box(x: f32, y: f32, s: &str) -> TextBox {
    let (w, px) = (
        text_width(s, TextSize::Normal),
        text_units(TextSize::Normal),
    );
    (x - w / 2.0, y - 0.75 * px, x + w / 2.0, y + 0.22 * px)
}

fn meets(a: &TextBox, b: &TextBox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// A point of the circle of radius `r` at `a` turns clockwise from twelve.
fn on((cx, cy, _): (f32, f32, f32), r: f32, a: f64) -> (f32, f32) {
    let a = a as f32 * TAU;
    (cx + r * a.sin(), cy - r * a.cos())
}

impl ChScene {
    /// The frame, laid out as `f.layout` says.
    pub(super) fn paint(&self, f: &mut Frame) {
        let g = Geo::of(f.layout);
        self.title(f, &g);
        self.ring_panel(f, &g);
        self.cards_panel(f, &g);
        self.key_row(f, &g);
        if let Some(y) = g.foot {
            self.foot(f, y);
        }
    }

    /// Whether the ring's points are few enough to draw each.
    fn ticked(&self) -> bool {
        self.ring.is_some() && self.inp.n0.max(self.inp.n1) * self.inp.vnodes <= TICKED_POINTS
    }

    /// Whether each card has an ink of its own.
    fn inked(&self) -> bool {
        self.inp.n0.max(self.inp.n1) <= INKED_CARDS
    }

    /// A family's glyph and ink at `p` along its way from card `from` to
    /// card `to`: on its card with its copy, on the move, or arrived and
    /// re-prefilling.
    fn look(&self, from: u32, to: u32, p: f32) -> (Glyph, Ink) {
        let inked = self.inked();
        let card = |c: u32| CARD_INKS[c as usize % CARD_INKS.len()];
        if p >= 1.0 {
            (Glyph::Square, if inked { card(to) } else { Ink::Miss })
        } else if p > 0.0 {
            (Glyph::Triangle, if inked { card(to) } else { Ink::Accent })
        } else {
            (Glyph::Dot, if inked { card(from) } else { Ink::Hit })
        }
    }

    /// The scheme and sizes, then what the cycle is doing.
    fn title(&self, f: &mut Frame, g: &Geo) {
        let (n0, n1, v) = (self.inp.n0, self.inp.n1, self.inp.vnodes);
        // Counts with their nouns agreeing ("1 family", "4 cards").
        let fams = Brief(self.inp.families as f64, Unit::Count("families"));
        let copy = self.inp.copy_mb;
        let points = if v == 1 { "point" } else { "points" };
        let [cards0, cards1] = [n0, n1].map(|n| Brief(n as f64, Unit::Count("cards")));
        let scheme = match (self.inp.scheme, g.narrow) {
            (Scheme::Modulo, false) => "Modulo (key mod n)",
            (Scheme::Ring, _) => "Hash ring",
            (Scheme::Jump, false) => "Jump consistent hash",
            (Scheme::Rendezvous, false) => "Rendezvous (highest weight)",
            (Scheme::Modulo, true) => "Modulo",
            (Scheme::Jump, true) => "Jump hash",
            (Scheme::Rendezvous, true) => "Rendezvous",
        };
        let at = (10.0, g.lines.0);
        match (self.inp.scheme, g.narrow) {
            (Scheme::Ring, false) => f.plain(
                at,
                format_args!(
                    "{scheme}, {v} {points} a card · {n0} → {cards1} (GPUs) · {fams}, {copy:.0} MB a copy"
                ),
            ),
            (_, false) => f.plain(
                at,
                format_args!("{scheme} · {n0} → {cards1} (GPUs) · {fams}, {copy:.0} MB a copy"),
            ),
            (_, true) => f.plain(at, format_args!("{scheme} · {n0} → {cards1} (GPUs)")),
        }
        let at = (10.0, g.lines.1);
        let moved = 100.0 * self.values()[0];
        let least = 100.0 * ideal_moved_share(n0, n1);
        match (self.phase(), g.narrow) {
            (Phase::Hold { before: true }, _) if n0 == n1 => {
                f.plain(at, format_args!("On {cards0}; the fleet keeps its size."))
            }
            (Phase::Hold { before: true }, false) => {
                f.plain(at, format_args!("On {cards0}. Next, the fleet resizes to {n1}."))
            }
            (Phase::Hold { before: true }, true) => {
                f.plain(at, format_args!("On {cards0}. Next: {n1}."))
            }
            (Phase::Move { back, .. }, narrow) => {
                let (a, b) = if back { (n1, n0) } else { (n0, n1) };
                if narrow {
                    let b = Brief(b as f64, Unit::Count("cards"));
                    f.plain(at, format_args!("Resizing {a} → {b}…"))
                } else {
                    f.plain(at, format_args!(
                        "Resizing {a} → {b}: as the sweep passes a key, a family whose card changed moves."
                    ))
                }
            }
            (Phase::Hold { before: false }, false) => f.plain(at, format_args!(
                "On {cards1}: {moved:.1}% of the families moved; a balanced resize moves {least:.1}%."
            )),
            (Phase::Hold { before: false }, true) => {
                f.plain(at, format_args!("{moved:.1}% moved (balanced: {least:.1}%)"))
            }
        }
    }

    /// The key circle: the arcs, the points, the sweep, the families' keys
    /// and the walker.
    fn ring_panel(&self, f: &mut Frame, g: &Geo) {
        let (cx, cy, r) = g.ring;
        if let Some(y) = g.ring_caption {
            // Only the ring walks clockwise to a card; the other schemes
            // place a key by arithmetic, and the circle only spreads the
            // keys out to be seen.
            let words = match self.inp.scheme {
                Scheme::Ring => "the key circle, clockwise",
                _ => "each family's key (no ring: placed by arithmetic)",
            };
            let x = cx - 160.0;
            f.label(
                (x, y),
                Ink::Muted,
                TextSize::Normal,
                Align::Left,
                format_args!("{words}"),
            );
            if self.ticked() {
                tick_key(
                    f,
                    (x + text_width(words, TextSize::Normal) + 18.0, y),
                    "a card's point",
                );
            }
        }
        if self.arcs_after.is_empty() {
            // Two halves: a painter may draw an arc from a point to itself as
            // nothing.
            f.arc(cx, cy, r, 0.0, TAU / 2.0, ARC_W, Ink::Idle);
            f.arc(cx, cy, r, TAU / 2.0, TAU, ARC_W, Ink::Idle);
        } else {
            let (now, other, sweep) = match self.phase() {
                Phase::Hold { before: true } => (&self.arcs_before, &self.arcs_before, 1.0),
                Phase::Hold { before: false } => (&self.arcs_after, &self.arcs_after, 1.0),
                Phase::Move { s, back: false } => {
                    (&self.arcs_after, &self.arcs_before, s / SWEEP_S)
                }
                Phase::Move { s, back: true } => (&self.arcs_before, &self.arcs_after, s / SWEEP_S),
            };
            let sweep = sweep.min(1.0);
            let mut placed: Vec<TextBox> = Vec::new();
            self.arcs(f, g, now, (0.0, sweep), &mut placed);
            self.arcs(f, g, other, (sweep, 1.0), &mut placed);
            self.ticks(f, g);
        }
        if let Phase::Move { s, .. } = self.phase() {
            if s < SWEEP_S {
                let end = on(g.ring, r + 10.0, s / SWEEP_S);
                f.line((cx, cy), end, Ink::Text, true);
            }
        }
        let key_r = if self.dots.len() <= 100 { 3.5 } else { 2.6 };
        for d in &self.dots {
            let (from, to, p) = self.way(d);
            let (glyph, ink) = self.look(from.0, to.0, p);
            let (x, y) = on(g.ring, r - KEYS_IN, d.at);
            f.mark(x, y, key_r, glyph, ink);
        }
        self.walk(f, g);
    }

    /// The part of `arcs` between fractions `from` and `to` of the circle,
    /// each labelled with its card where it is long enough and its label
    /// clear of those `placed`.
    fn arcs(
        &self,
        f: &mut Frame,
        g: &Geo,
        arcs: &[RingArc],
        (from, to): (f64, f64),
        placed: &mut Vec<TextBox>,
    ) {
        let (cx, cy, r) = g.ring;
        let inked = self.inked();
        for a in arcs {
            let (s, e) = (a.start.max(from), a.end.min(to));
            if s >= e {
                continue;
            }
            let ink = match (inked, a.moved, a.card % 2) {
                (true, _, _) => CARD_INKS[a.card as usize % CARD_INKS.len()],
                (false, true, _) => Ink::Accent,
                (false, false, 0) => Ink::Muted,
                (false, false, _) => Ink::Card,
            };
            f.arc(cx, cy, r, s as f32 * TAU, e as f32 * TAU, ARC_W, ink);
            if !inked || e - s < LABELLED_ARC {
                continue;
            }
            let text = NUMBERS[a.card as usize % NUMBERS.len()];
            let (x, y) = on(g.ring, r + LABEL_OUT, 0.5 * (s + e));
            let b = centred_box(x, y + 4.5, text);
            if placed.iter().any(|p| meets(p, &b)) {
                continue;
            }
            placed.push(b);
            f.label(
                (x, y + 4.5),
                ink,
                TextSize::Normal,
                Align::Center,
                format_args!("{text}"),
            );
        }
    }

    /// Each card's points as ticks across the arcs, when few: solid where
    /// the card is in the fleet at that point now, dashed where it is not
    /// (a card about to join, or gone).
    fn ticks(&self, f: &mut Frame, g: &Geo) {
        let Some(ring) = self.ring.as_ref().filter(|_| self.ticked()) else {
            return;
        };
        let cards = self.inp.n0.max(self.inp.n1);
        let r = g.ring.2;
        for c in 0..cards {
            for &i in ring.points_of(c) {
                let at = ring.points()[i as usize] as f64 / TURN;
                let n = if self.after_at(at) {
                    self.inp.n1
                } else {
                    self.inp.n0
                };
                let (ink, dashed) = if c < n {
                    (Ink::Text, false)
                } else {
                    (Ink::Muted, true)
                };
                f.line(
                    on(g.ring, r - 8.0, at),
                    on(g.ring, r + 8.0, at),
                    ink,
                    dashed,
                );
            }
        }
    }

    /// The walker: its key walks clockwise to the point of the card that
    /// holds it (on the ring), and the circle's middle says where it went.
    fn walk(&self, f: &mut Frame, g: &Geo) {
        let Some(d) = self.dots.get(self.walker) else {
            return;
        };
        let after = self.after_at(d.at);
        let (owner, n) = if after {
            (d.after.0, self.inp.n1)
        } else {
            (d.before.0, self.inp.n0)
        };
        let (cx, cy, r) = g.ring;
        let p = self.walk_s().map_or(0.0, |s| (s / WALK_S).min(1.0));
        let mut head = d.at;
        if let Some(ring) = &self.ring {
            let end = point_of(ring, key_of(d), owner);
            let span = (end - d.at).rem_euclid(1.0);
            head = d.at + span * p;
            if p > 0.0 {
                let (a0, a1) = (d.at as f32 * TAU, head as f32 * TAU);
                f.arc(cx, cy, r - KEYS_IN, a0, a1, 4.0, Ink::Text);
            }
            if p >= 1.0 {
                f.line(
                    on(g.ring, r - KEYS_IN + 6.0, end),
                    on(g.ring, r - 6.0, end),
                    Ink::Text,
                    false,
                );
            }
        }
        let (x, y) = on(g.ring, r - KEYS_IN, head);
        f.mark(x, y, 7.5, Glyph::Ring, Ink::Text);
        let (w, ink, size) = (self.walker, Ink::Text, TextSize::Normal);
        f.label(
            (cx, cy - 6.0),
            ink,
            size,
            Align::Center,
            format_args!("family {w}"),
        );
        let at = (cx, cy + 12.0);
        match self.inp.scheme {
            Scheme::Ring if p < 1.0 => f.label(
                at,
                ink,
                size,
                Align::Center,
                format_args!("walks clockwise…"),
            ),
            Scheme::Ring => f.label(
                at,
                ink,
                size,
                Align::Center,
                format_args!("stops at card {owner}"),
            ),
            Scheme::Modulo => f.label(
                at,
                ink,
                size,
                Align::Center,
                format_args!("key mod {n} = {owner}"),
            ),
            Scheme::Jump => f.label(
                at,
                ink,
                size,
                Align::Center,
                format_args!("jump hash: card {owner}"),
            ),
            Scheme::Rendezvous => f.label(
                at,
                ink,
                size,
                Align::Center,
                format_args!("top weight: card {owner}"),
            ),
        }
    }
}

/// A drawn family's key.
fn key_of(d: &Dot) -> u64 {
    (d.at * TURN) as u64
}

/// The first point of card `card` at or after `key`, clockwise, as a
/// fraction of a turn (where a family walking from `key` stops, when that
/// card holds it).
fn point_of(ring: &Ring, key: u64, card: u32) -> f64 {
    let (points, cards) = (ring.points(), ring.cards());
    let start = points.partition_point(|&p| p < key);
    (0..points.len())
        .map(|k| (start + k) % points.len())
        .find(|&i| cards[i] == card)
        .map_or(0.0, |i| points[i] as f64 / TURN)
}

impl ChScene {
    /// The cards' boxes, each holding its families.
    fn cards_panel(&self, f: &mut Frame, g: &Geo) {
        let (gx, _, _, _) = g.grid;
        let at = (gx, g.grid_caption);
        let (ink, size) = (Ink::Muted, TextSize::Normal);
        let fams = Brief(self.inp.families as f64, Unit::Count("families"));
        match (g.narrow, self.inp.families > SAMPLE) {
            (false, _) => f.label(
                at,
                ink,
                size,
                Align::Left,
                format_args!("cards: filled = in the fleet now"),
            ),
            (true, false) => f.label(
                at,
                ink,
                size,
                Align::Left,
                format_args!("cards, holding {fams}"),
            ),
            (true, true) => f.label(
                at,
                ink,
                size,
                Align::Left,
                format_args!(
                    "cards · {} of {fams} drawn",
                    Brief(SAMPLE as f64, Unit::Count(""))
                ),
            ),
        }
        let cards = self.inp.n0.max(self.inp.n1);
        let (_, w, h) = g.cells(cards);
        let n = self.fleet_now();
        let inked = self.inked();
        let room = label_room(w, h, cards - 1);
        for c in 0..cards {
            let (x, y) = cell(g, cards, c);
            let ink = if inked {
                CARD_INKS[c % CARD_INKS.len()]
            } else {
                Ink::Muted
            };
            if c < n {
                f.rect(x + 1.5, y + 1.5, w - 3.0, h - 3.0, Ink::Card);
                f.outline(x + 1.5, y + 1.5, w - 3.0, h - 3.0, ink);
            } else {
                f.outline(x + 1.5, y + 1.5, w - 3.0, h - 3.0, Ink::Muted);
            }
            let ink = if c < n { ink } else { Ink::Muted };
            match room {
                Room::Words => {
                    f.label(
                        (x + 6.0, y + 16.0),
                        ink,
                        TextSize::Normal,
                        Align::Left,
                        format_args!("card {c}"),
                    );
                    if c >= n && h >= 56.0 && w >= 120.0 {
                        f.label(
                            (x + 6.0, y + 34.0),
                            Ink::Muted,
                            TextSize::Normal,
                            Align::Left,
                            format_args!("not in the fleet"),
                        );
                    }
                }
                Room::Number => f.label(
                    (x + w / 2.0, y + 14.0),
                    ink,
                    TextSize::Normal,
                    Align::Center,
                    format_args!("{c}"),
                ),
                Room::None => {}
            }
        }
        let (pitch, _, _) = slots(w, h, room);
        let r = pitch * 0.36;
        for d in &self.dots {
            let (from, to, p) = self.way(d);
            let (glyph, ink) = self.look(from.0, to.0, p);
            let (x0, y0) = slot(g, cards, from);
            let (x1, y1) = slot(g, cards, to);
            let e = p * p * (3.0 - 2.0 * p);
            f.mark(x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, r, glyph, ink);
        }
    }

    /// The glyphs' key, beside the cards.
    fn key_row(&self, f: &mut Frame, g: &Geo) {
        let inked = self.inked();
        let entries: [(Glyph, Ink, &str, &str); 3] = [
            (Glyph::Dot, Ink::Hit, "copy kept", "kept"),
            (Glyph::Triangle, Ink::Accent, "moving", "moving"),
            (
                Glyph::Square,
                Ink::Miss,
                "moved: copy re-prefilled",
                "moved",
            ),
        ];
        let (mut x, y) = g.key;
        for (glyph, ink, wide, narrow) in entries {
            let ink = if inked { Ink::Text } else { ink };
            f.mark(x + 4.0, y - 4.5, 4.5, glyph, ink);
            let words = if g.narrow { narrow } else { wide };
            f.label(
                (x + 13.0, y),
                Ink::Text,
                TextSize::Normal,
                Align::Left,
                format_args!("{words}"),
            );
            x += 13.0 + text_width(words, TextSize::Normal) + 16.0;
        }
        if g.narrow && self.ticked() {
            tick_key(f, (x, y), "point");
        }
    }

    /// The counters along the foot, and how many families are drawn.
    fn foot(&self, f: &mut Frame, y: f32) {
        let mut x = 10.0;
        for (c, v) in COUNTERS.iter().zip(self.values()) {
            let start = f.text.len();
            f.plain((x, y), format_args!("{} {}", c.label, Brief(v, c.unit)));
            x += text_width(&f.text[start..], TextSize::Normal) + 24.0;
        }
        if self.inp.families > SAMPLE {
            f.label(
                (830.0, y),
                Ink::Muted,
                TextSize::Normal,
                Align::Right,
                format_args!(
                    "{} of {} families drawn",
                    Brief(SAMPLE as f64, Unit::Count("")),
                    Brief(self.inp.families as f64, Unit::Count(""))
                ),
            );
        }
    }
}

/// A key entry for the points' ticks: a tick, then `words`, from `(x, y)`.
fn tick_key(f: &mut Frame, (x, y): (f32, f32), words: &str) {
    f.line((x, y - 11.0), (x, y + 2.0), Ink::Text, false);
    f.label(
        (x + 7.0, y),
        Ink::Text,
        TextSize::Normal,
        Align::Left,
        format_args!("{words}"),
    );
}

/// What a card's box has room to say: "card 3", "3", or nothing.
#[derive(Clone, Copy, PartialEq)]
enum Room {
    Words,
    Number,
    None,
}

fn label_room(w: f32, h: f32, c: usize) -> Room {
    let digits = if c >= 100 {
        "000"
    } else if c >= 10 {
        "00"
    } else {
        "0"
    };
    if h >= 40.0 && w >= 12.0 + text_width("card 000", TextSize::Normal) {
        Room::Words
    } else if h >= 26.0 && w >= 2.0 + text_width(digits, TextSize::Normal) {
        Room::Number
    } else {
        Room::None
    }
}

/// Card `c`'s box's top-left corner among `cards`.
fn cell(g: &Geo, cards: usize, c: usize) -> (f32, f32) {
    let (gx, gy, _, _) = g.grid;
    let (cols, w, h) = g.cells(cards);
    (gx + w * (c % cols) as f32, gy + h * (c / cols) as f32)
}

/// The families' places in a box `w` × `h` under its label: pitch, places
/// a row, rows.
fn slots(w: f32, h: f32, room: Room) -> (f32, usize, usize) {
    let top = if room == Room::None { 2.0 } else { 20.0 };
    let pitch = ((w - 6.0).min(h - top - 4.0) / 6.0).clamp(3.0, 12.0);
    let per_row = (((w - 8.0) / pitch) as usize).max(1);
    let rows = (((h - top - 4.0) / pitch) as usize).max(1);
    (pitch, per_row, rows)
}

/// The centre of place `k` in card `c`'s box (places past the box's room
/// wrap round and overlap).
fn slot(g: &Geo, cards: usize, (c, k): (u32, u32)) -> (f32, f32) {
    let (_, w, h) = g.cells(cards);
    let (x, y) = cell(g, cards, c as usize);
    let room = label_room(w, h, cards - 1);
    let top = if room == Room::None { 2.0 } else { 20.0 };
    let (pitch, per_row, rows) = slots(w, h, room);
    let k = k as usize % (per_row * rows);
    (
        x + 4.0 + pitch * ((k % per_row) as f32 + 0.5),
        y + top + 2.0 + pitch * ((k / per_row) as f32 + 0.5),
    )
}

#[cfg(test)]
mod tests {
    use super::super::params::PARAMS;
    use super::super::scene::SCENE;
    use super::*;
    use crate::model::scene::{Shape, LEAST_TEXT_PX, NARROW_CSS_PX, WIDE_CSS_PX};
    use crate::model::Params;

    /// The guided start's toy values: four cards, a dozen families, three
    /// points a card, resized to `after` cards by `scheme`.
    fn toy(after: &str, scheme: &str) -> Params {
        let mut p = Params::defaults(&PARAMS);
        let set = [
            ("cards_before", "4"),
            ("cards_after", after),
            ("families", "12"),
            ("scheme", scheme),
            ("vnodes", "3"),
        ];
        p.apply(&set).expect("toy values apply");
        p
    }

    fn frame_at(p: &Params, layout: Layout, seconds: f64) -> Frame {
        let mut scene = (SCENE.build)(p, 1);
        scene.advance(seconds);
        let mut f = Frame::laid_out(layout);
        scene.draw(&mut f);
        f
    }

    /// The registry's text rules hold at toy scale too (the stories are all
    /// at full scale): every text big enough, inside, clear of the others.
    #[test]
    fn toy_pictures_read_in_both_layouts() {
        let mut faults = Vec::new();
        for (after, scheme) in [("4", "ring"), ("5", "ring"), ("5", "modulo"), ("3", "jump")] {
            let p = toy(after, scheme);
            for layout in [Layout::Wide, Layout::Narrow] {
                let scene = (SCENE.build)(&p, 1);
                let (w, h) = scene.size(layout);
                let (css, least) = match layout {
                    Layout::Wide => (WIDE_CSS_PX, LEAST_TEXT_PX.0),
                    Layout::Narrow => (NARROW_CSS_PX, LEAST_TEXT_PX.1),
                };
                for q in 0..50 {
                    let f = frame_at(&p, layout, 0.25 * q as f64);
                    let boxes = f.text_boxes();
                    for (i, (b, t, size)) in boxes.iter().enumerate() {
                        if text_units(*size) * css / w < least {
                            faults.push(format!("{scheme} {after} {layout:?}: {t:?} too small"));
                        }
                        if b.0 < -0.5 || b.1 < -0.5 || b.2 > w + 0.5 || b.3 > h + 0.5 {
                            faults.push(format!("{scheme} {after} {layout:?}: {t:?} leaves"));
                        }
                        for (c, u, _) in &boxes[i + 1..] {
                            if b.0 < c.2 - 0.5
                                && c.0 < b.2 - 0.5
                                && b.1 < c.3 - 0.5
                                && c.1 < b.3 - 0.5
                            {
                                faults.push(format!(
                                    "{scheme} {after} {layout:?}: {t:?} covers {u:?}"
                                ));
                            }
                        }
                    }
                }
            }
        }
        faults.dedup();
        assert!(faults.is_empty(), "{}", faults.join("\n"));
    }

    /// At toy scale each card's arcs take its own ink, and the walker's key,
    /// once walked, stops at a point (a tick) of the card it names, on that
    /// card's arc: before the fifth card joins and after.
    #[test]
    fn each_card_has_its_ink_and_the_walk_stops_at_its_card_point() {
        let p = toy("5", "ring");
        for (seconds, cards) in [(1.5, 4), (5.0, 5)] {
            let f = frame_at(&p, Layout::Wide, seconds);
            let (cx, cy, r) = Geo::of(Layout::Wide).ring;
            let mut inks: Vec<Ink> = Vec::new();
            let mut trail = None;
            let mut ticks = Vec::new();
            let mut arcs = Vec::new();
            for s in &f.shapes {
                match *s {
                    Shape::Arc {
                        a0, a1, width, ink, ..
                    } if width == ARC_W => {
                        if !inks.contains(&ink) {
                            inks.push(ink);
                        }
                        arcs.push((a0 / TAU, a1 / TAU, ink));
                    }
                    Shape::Arc {
                        a1, ink: Ink::Text, ..
                    } => trail = Some((a1 / TAU).rem_euclid(1.0)),
                    // A point's tick starts 8 units inside the arcs.
                    Shape::Line {
                        x0,
                        y0,
                        ink: Ink::Text,
                        dashed: false,
                        ..
                    } if ((x0 - cx).hypot(y0 - cy) - (r - 8.0)).abs() < 0.01 => {
                        ticks.push(((x0 - cx).atan2(cy - y0) / TAU).rem_euclid(1.0))
                    }
                    _ => {}
                }
            }
            inks.sort_by_key(|i| CARD_INKS.iter().position(|c| c == i));
            assert_eq!(inks, CARD_INKS[..cards], "at {seconds} s");
            let end = trail.expect("the walk is drawn");
            assert!(
                ticks.iter().any(|t| (t - end).abs() < 1e-3),
                "at {seconds} s the walk ends at {end}, no point there: {ticks:?}"
            );
            let said = f.text_boxes().into_iter().find_map(|(_, t, _)| {
                t.strip_prefix("stops at card ")
                    .map(|n| n.parse::<usize>().unwrap())
            });
            let owner = said.expect("the circle says where the walk stopped");
            let on_arc = arcs
                .iter()
                .find(|(a, b, _)| *a < end - 1e-4 && end - 1e-4 < *b);
            assert_eq!(
                on_arc.map(|a| a.2),
                Some(CARD_INKS[owner]),
                "at {seconds} s"
            );
        }
    }
}
