//! The explorer's scene: the families placed by the chosen scheme (the page's
//! own placement, [`super::sim::resize`]) on the cards before the resize,
//! then the resize: a sweep goes once round the key circle and each family
//! whose card changed leaves its old card as the sweep passes its key and
//! travels to its new one; then the fleet holds, resizes back (the same
//! families return), holds, and the cycle repeats.
//!
//! Left, the key circle: the ring's arcs, one run of points per card (the
//! arcs of the cards after the resize, where the sweep has passed, those of
//! before elsewhere; arcs that changed owner in the accent ink), and the
//! families at their keys. Right, the cards (GPUs), each box holding its
//! families. With more than [`SAMPLE`] families, the first `SAMPLE` are drawn
//! (keys are hashed, so they are a fair sample) and the counters count all.
//!
//! Counters (they count every family, drawn or not, so once a resize is
//! done they equal the page's figures exactly; the tolerance only absorbs
//! rounding):
//!
//! ```text
//! moved share      families that reached a new card ÷ families   moved_share
//! families moved   families that reached a new card              displaced_families
//! rebuild          families moved × copy size (MB)               rebuild_mb
//! ```

use super::model::{ideal_moved_share, key};
use super::model_ring::{ring_arcs, TURN};
use super::params::{Input, Scheme};
use super::sim::{moved_at, resize};
use crate::model::scene::{Align, Comparison, CounterSpec, Frame, Glyph, Ink, Scene};
use crate::model::scene::{Brief, SceneSpec, Stepper, TextSize};
use crate::model::{Params, RingArc, Unit};
use std::f32::consts::TAU;

/// Families drawn at most.
const SAMPLE: usize = 1000;
const STEP_S: f64 = 1.0 / 120.0;
/// The cycle: hold, resize, hold, resize back (seconds of scene time).
const HOLD_S: f64 = 2.0;
/// The sweep's time round the circle, and each family's travel.
const SWEEP_S: f64 = 1.2;
const TRAVEL_S: f64 = 1.0;
const AFTER_S: f64 = 4.0;
const MOVE_S: f64 = SWEEP_S + TRAVEL_S;
const CYCLE_S: f64 = 2.0 * (HOLD_S + MOVE_S) + AFTER_S - HOLD_S;
/// The counters are read in the hold after the first resize.
const SETTLE_S: f64 = HOLD_S + MOVE_S + 1.0;

pub static SCENE: SceneSpec = SceneSpec {
    build,
    comparisons: &[
        Comparison {
            id: "modulo-vs-ring",
            label: "Modulo vs hash ring",
            param: "scheme",
            a: "modulo",
            b: "ring",
            watch: "On a +1 resize modulo moves almost every family and the ring only those on the new card's arcs; on a doubling both move about half, as the counters show.",
            claims: &[],
        },
        Comparison {
            id: "modulo-vs-jump",
            label: "Modulo vs jump consistent hash",
            param: "scheme",
            a: "modulo",
            b: "jump",
            watch: "On a +1 resize modulo moves almost every family and jump hash only those the new card must take, with no ring to keep; on a doubling both move about half.",
            claims: &[],
        },
        Comparison {
            id: "ring-vs-rendezvous",
            label: "Hash ring vs rendezvous",
            param: "scheme",
            a: "ring",
            b: "rendezvous",
            watch: "Both move about the least possible share; rendezvous needs no virtual nodes to spread evenly.",
            claims: &[],
        },
    ],
    counters: &COUNTERS,
};

static COUNTERS: [CounterSpec; 3] = [
    CounterSpec::share("moved_share", "moved share", "moved_share", 1e-9, SETTLE_S),
    CounterSpec::new("families_moved", "moved", Unit::Count("families")).settles_on(
        "displaced_families",
        1e-6,
        SETTLE_S,
    ),
    CounterSpec::new("rebuild_mb", "rebuild", Unit::Mb).settles_on("rebuild_mb", 1e-3, SETTLE_S),
];

/// A drawn family: its key's place on the circle (a fraction of a turn), its
/// card and place in the card's box before and after.
#[derive(Clone, Copy, Debug)]
struct Dot {
    at: f64,
    before: (u32, u32),
    after: (u32, u32),
}

impl Dot {
    fn moved(&self) -> bool {
        self.before.0 != self.after.0
    }
}

struct ChScene {
    inp: Input,
    step: Stepper,
    dots: Vec<Dot>,
    /// Where the sweep meets each moved family: its key as a fraction,
    /// sorted, over all families.
    moved_at: Vec<f64>,
    /// The ring's arcs after (moved marked) and before the resize.
    arcs_after: Vec<RingArc>,
    arcs_before: Vec<RingArc>,
    /// The grid of card boxes: columns, box width and height.
    grid: (usize, f32, f32),
}

fn build(p: &Params, _seed: u64) -> Box<dyn Scene> {
    let inp = Input::read(p);
    let r = resize(&inp);
    let (n0, n1) = (inp.n0, inp.n1);
    let moved_at = moved_at(&inp, &r);
    let (arcs_after, arcs_before) = match &r.ring {
        Some(ring) => (ring_arcs(ring, n0, n1), ring_arcs(ring, n0, n0)),
        None => (Vec::new(), Vec::new()),
    };
    let cards = n0.max(n1);
    let cols = ((cards as f32 * GRID_W / GRID_H).sqrt().ceil() as usize).clamp(1, cards);
    let rows = cards.div_ceil(cols);
    Box::new(ChScene {
        dots: places(r.before(), r.after(), cards),
        moved_at,
        arcs_after,
        arcs_before,
        grid: (cols, GRID_W / cols as f32, GRID_H / rows as f32),
        step: Stepper::new(STEP_S),
        inp,
    })
}

/// The drawn families' places in their boxes: in index order before; after,
/// a family that stays keeps its place and one that arrives takes the first
/// place left free, then the next new one.
fn places(before: &[u32], after: &[u32], cards: usize) -> Vec<Dot> {
    let s = before.len().min(SAMPLE);
    let mut count = vec![0u32; cards];
    let mut dots: Vec<Dot> = (0..s)
        .map(|j| {
            let c = before[j];
            count[c as usize] += 1;
            Dot {
                at: key(j) as f64 / TURN,
                before: (c, count[c as usize] - 1),
                after: (after[j], 0),
            }
        })
        .collect();
    // Places freed on each card, in order, then fresh ones past the count.
    let mut freed: Vec<Vec<u32>> = vec![Vec::new(); cards];
    for d in dots.iter().filter(|d| d.moved()) {
        freed[d.before.0 as usize].push(d.before.1);
    }
    let mut next = vec![0usize; cards];
    for d in &mut dots {
        if !d.moved() {
            d.after.1 = d.before.1;
            continue;
        }
        let c = d.after.0 as usize;
        d.after.1 = match freed[c].get(next[c]) {
            Some(&p) => p,
            None => {
                count[c] += 1;
                count[c] - 1
            }
        };
        next[c] += 1;
    }
    dots
}

// Layout, in the scene's units (960 × 360).
const CX: f32 = 168.0;
const CY: f32 = 206.0;
const R: f32 = 112.0;
const GRID_X: f32 = 330.0;
const GRID_Y: f32 = 78.0;
const GRID_W: f32 = 620.0;
const GRID_H: f32 = 246.0;

/// Where the cycle is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    /// Holding on `n` cards (before: the first size).
    Hold { before: bool },
    /// Resizing; `s` seconds since it began; `back` when returning.
    Move { s: f64, back: bool },
}

impl ChScene {
    fn phase(&self) -> Phase {
        let t = self.step.now_s % CYCLE_S;
        let back_at = HOLD_S + MOVE_S + AFTER_S;
        if t < HOLD_S {
            Phase::Hold { before: true }
        } else if t < HOLD_S + MOVE_S {
            Phase::Move {
                s: t - HOLD_S,
                back: false,
            }
        } else if t < back_at {
            Phase::Hold { before: false }
        } else if t < back_at + MOVE_S {
            Phase::Move {
                s: t - back_at,
                back: true,
            }
        } else {
            Phase::Hold { before: true }
        }
    }

    /// Families of the whole run that reached their new card in this
    /// resize: those the sweep met at least `TRAVEL_S` ago.
    fn arrived(&self) -> usize {
        match self.phase() {
            Phase::Hold { before } => {
                let first = self.step.now_s < HOLD_S;
                if before && first {
                    0
                } else {
                    self.moved_at.len()
                }
            }
            Phase::Move { s, .. } => {
                let swept = (s - TRAVEL_S) / SWEEP_S;
                self.moved_at.partition_point(|&a| a <= swept)
            }
        }
    }

    fn values(&self) -> [f64; 3] {
        let m = self.arrived() as f64;
        [m / self.inp.families as f64, m, m * self.inp.copy_mb]
    }

    /// A drawn family's way now: from, to, and how far along (0 = still on
    /// its first card, 1 = arrived).
    fn way(&self, d: &Dot) -> ((u32, u32), (u32, u32), f32) {
        let first = self.step.now_s < HOLD_S;
        match self.phase() {
            _ if !d.moved() => (d.before, d.before, 0.0),
            Phase::Hold { before: true } if first => (d.before, d.after, 0.0),
            Phase::Hold { before: true } => (d.after, d.before, 1.0),
            Phase::Hold { before: false } => (d.before, d.after, 1.0),
            Phase::Move { s, back } => {
                let p = ((s - d.at * SWEEP_S) / TRAVEL_S).clamp(0.0, 1.0) as f32;
                if back {
                    (d.after, d.before, p)
                } else {
                    (d.before, d.after, p)
                }
            }
        }
    }

    /// The look of a family `p` along its way: on its card with its copy, on
    /// the move, or arrived and re-prefilling.
    fn look(p: f32) -> (Glyph, Ink) {
        if p >= 1.0 {
            (Glyph::Square, Ink::Miss)
        } else if p > 0.0 {
            (Glyph::Triangle, Ink::Accent)
        } else {
            (Glyph::Dot, Ink::Hit)
        }
    }

    /// A drawn family's place in the boxes now.
    fn place(&self, d: &Dot) -> (f32, f32) {
        let (from, to, p) = self.way(d);
        let (x0, y0) = self.slot(from);
        let (x1, y1) = self.slot(to);
        let e = p * p * (3.0 - 2.0 * p);
        (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e)
    }

    fn card_box(&self, c: usize) -> (f32, f32, f32, f32) {
        let (cols, w, h) = self.grid;
        (
            GRID_X + w * (c % cols) as f32,
            GRID_Y + h * (c / cols) as f32,
            w,
            h,
        )
    }

    /// The centre of place `k` in card `c`'s box (places past the box's
    /// room wrap round and overlap).
    fn slot(&self, (c, k): (u32, u32)) -> (f32, f32) {
        let (x, y, w, h) = self.card_box(c as usize);
        let pitch = (w.min(h) / 6.0).clamp(3.0, 6.0);
        let per_row = (((w - 4.0) / pitch) as usize).max(1);
        let rows = (((h - 4.0) / pitch) as usize).max(1);
        let k = k as usize % (per_row * rows);
        (
            x + 2.0 + pitch * ((k % per_row) as f32 + 0.5),
            y + 2.0 + pitch * ((k / per_row) as f32 + 0.5),
        )
    }

    /// Cards in the fleet now, and whether the other size's extra cards
    /// are joining (growing) or leaving.
    fn fleet_now(&self) -> usize {
        match self.phase() {
            Phase::Hold { before: true } => self.inp.n0,
            Phase::Hold { before: false } => self.inp.n1,
            Phase::Move { back, .. } => {
                if back {
                    self.inp.n0
                } else {
                    self.inp.n1
                }
            }
        }
    }
}

impl ChScene {
    fn header(&self, f: &mut Frame) {
        let scheme = match self.inp.scheme {
            Scheme::Modulo => "modulo (key mod n)",
            Scheme::Ring => "hash ring",
            Scheme::Jump => "jump consistent hash",
            Scheme::Rendezvous => "rendezvous (highest random weight)",
        };
        f.plain(
            (10.0, 18.0),
            format_args!(
                "Scheme: {scheme} · {} → {} cards (GPUs serving the model) · {} families, each a {:.0} MB preamble copy",
                self.inp.n0,
                self.inp.n1,
                Brief(self.inp.families as f64, Unit::Count("")),
                self.inp.copy_mb
            ),
        );
        f.legend(
            (10.0, 38.0),
            &[
                (Glyph::Dot, Ink::Hit, "family on its card, copy kept"),
                (Glyph::Triangle, Ink::Accent, "moving to its new card"),
                (
                    Glyph::Square,
                    Ink::Miss,
                    "moved: re-prefilled its copy there",
                ),
            ],
        );
        let at = (10.0, 58.0);
        let (ink, size, align) = (Ink::Text, TextSize::Small, Align::Left);
        let (n0, n1) = (self.inp.n0, self.inp.n1);
        match self.phase() {
            Phase::Hold { before: true } => {
                f.label(at, ink, size, align, format_args!("On {n0} cards; next, the fleet resizes to {n1}."))
            }
            Phase::Move { back, .. } => {
                let (a, b) = if back { (n1, n0) } else { (n0, n1) };
                f.label(at, ink, size, align, format_args!(
                    "Resizing {a} → {b} cards: the sweep passes each key, and a family whose card changed moves to its new card."
                ))
            }
            Phase::Hold { before: false } => f.label(at, ink, size, align, format_args!(
                "On {n1} cards: {:.1}% of the families moved; the least any scheme must move is {:.1}%.",
                100.0 * self.values()[0],
                100.0 * ideal_moved_share(n0, n1)
            )),
        }
    }

    fn ring(&self, f: &mut Frame) {
        if self.arcs_after.is_empty() {
            f.arc(CX, CY, R, 0.0, TAU, 3.0, Ink::Idle);
            f.label(
                (CX, CY - 4.0),
                Ink::Muted,
                TextSize::Small,
                Align::Center,
                format_args!("no ring: the key"),
            );
            f.label(
                (CX, CY + 10.0),
                Ink::Muted,
                TextSize::Small,
                Align::Center,
                format_args!("picks the card"),
            );
        } else {
            let (now, other, sweep) = match self.phase() {
                Phase::Hold { before } if before => (&self.arcs_before, &self.arcs_before, 1.0),
                Phase::Hold { .. } => (&self.arcs_after, &self.arcs_after, 1.0),
                Phase::Move { s, back: false } => {
                    (&self.arcs_after, &self.arcs_before, s / SWEEP_S)
                }
                Phase::Move { s, back: true } => (&self.arcs_before, &self.arcs_after, s / SWEEP_S),
            };
            let sweep = sweep.min(1.0);
            arcs(f, now, 0.0, sweep);
            arcs(f, other, sweep, 1.0);
            f.label(
                (CX, CY + 4.0),
                Ink::Muted,
                TextSize::Small,
                Align::Center,
                format_args!(
                    "{} point{} a card",
                    self.inp.vnodes,
                    if self.inp.vnodes == 1 { "" } else { "s" }
                ),
            );
        }
        if let Phase::Move { s, .. } = self.phase() {
            if s < SWEEP_S {
                let a = (s / SWEEP_S) as f32 * TAU;
                f.line(
                    (CX, CY),
                    (CX + (R + 8.0) * a.sin(), CY - (R + 8.0) * a.cos()),
                    Ink::Accent,
                    true,
                );
            }
        }
        for d in &self.dots {
            let (_, _, p) = self.way(d);
            let (g, ink) = Self::look(p);
            let a = d.at as f32 * TAU;
            f.mark(
                CX + (R - 14.0) * a.sin(),
                CY - (R - 14.0) * a.cos(),
                2.2,
                g,
                ink,
            );
        }
        f.label(
            (CX, GRID_Y - 6.0),
            Ink::Muted,
            TextSize::Small,
            Align::Center,
            format_args!("the key circle"),
        );
    }

    fn cards(&self, f: &mut Frame) {
        let (_, w, h) = self.grid;
        let n = self.fleet_now();
        let numbered = w >= 26.0 && h >= 26.0;
        for c in 0..self.inp.n0.max(self.inp.n1) {
            let (x, y, _, _) = self.card_box(c);
            if c < n {
                f.rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0, Ink::Card);
                f.outline(x + 1.0, y + 1.0, w - 2.0, h - 2.0, Ink::Muted);
            } else {
                f.outline(x + 1.0, y + 1.0, w - 2.0, h - 2.0, Ink::Idle);
            }
            if numbered {
                f.label(
                    (x + w - 3.0, y + h - 3.0),
                    Ink::Muted,
                    TextSize::Small,
                    Align::Right,
                    format_args!("{c}"),
                );
            }
        }
        let r = (w.min(h) / 6.0).clamp(3.0, 6.0) * 0.36;
        for d in &self.dots {
            let (_, _, p) = self.way(d);
            let (g, ink) = Self::look(p);
            let (x, y) = self.place(d);
            f.mark(x, y, r, g, ink);
        }
        f.note(
            (GRID_X, GRID_Y - 6.0),
            format_args!("cards: filled = in the fleet now, outlined = not in it"),
        );
    }
}

/// The part of `arcs` between fractions `from` and `to` of the circle.
fn arcs(f: &mut Frame, arcs: &[RingArc], from: f64, to: f64) {
    for a in arcs {
        let (s, e) = (a.start.max(from), a.end.min(to));
        if s >= e {
            continue;
        }
        let ink = if a.moved {
            Ink::Accent
        } else if a.card % 2 == 0 {
            Ink::Muted
        } else {
            Ink::Card
        };
        f.arc(CX, CY, R, s as f32 * TAU, e as f32 * TAU, 10.0, ink);
    }
}

impl Scene for ChScene {
    fn advance(&mut self, dt_s: f64) {
        self.step.due(dt_s, 240 * 120);
    }
    fn now_s(&self) -> f64 {
        self.step.now_s
    }
    fn draw(&self, f: &mut Frame) {
        self.header(f);
        self.ring(f);
        self.cards(f);
        f.counters((10.0, 350.0), &COUNTERS, &self.values());
        if self.inp.families > SAMPLE {
            f.label(
                (950.0, 350.0),
                Ink::Muted,
                TextSize::Small,
                Align::Right,
                format_args!(
                    "{SAMPLE} of {} families drawn; the counters count all",
                    Brief(self.inp.families as f64, Unit::Count(""))
                ),
            );
        }
    }
    fn counters(&self, out: &mut Vec<f64>) {
        out.clear();
        out.extend_from_slice(&self.values());
    }
    fn summary(&self, out: &mut String) {
        use std::fmt::Write as _;
        let v = self.values();
        let (n0, n1, fam) = (self.inp.n0, self.inp.n1, self.inp.families);
        let _ = match self.phase() {
            Phase::Hold { before: true } if self.step.now_s < HOLD_S => write!(
                out,
                "{} families sit on {n0} cards; the fleet is about to resize to {n1}.",
                Brief(fam as f64, Unit::Count(""))
            ),
            Phase::Move { back, .. } => write!(
                out,
                "Resizing {} → {} cards: {} of {} moving families have reached their new card.",
                if back { n1 } else { n0 },
                if back { n0 } else { n1 },
                Brief(v[1], Unit::Count("")),
                Brief(self.moved_at.len() as f64, Unit::Count(""))
            ),
            Phase::Hold { .. } => write!(
                out,
                "{} of {} families ({:.1}%) moved to a new card and re-prefill {:.0} MB each: {} rebuilt.",
                Brief(v[1], Unit::Count("")),
                Brief(fam as f64, Unit::Count("")),
                100.0 * v[0],
                self.inp.copy_mb,
                Brief(v[2], Unit::Mb)
            ),
        };
    }
}
