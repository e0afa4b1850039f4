//! The explorer's scene: the families placed by the chosen scheme (the page's
//! own placement, [`super::sim::resize`]) on the cards before the resize,
//! then the resize: a sweep goes once round the key circle and each family
//! whose card changed leaves its old card as the sweep passes its key and
//! travels to its new one; then the fleet holds, resizes back (the same
//! families return), holds, and the cycle repeats.
//!
//! Left (on a phone, above), the key circle: the ring's arcs, one run of
//! points per card (the arcs of the cards after the resize, where the sweep
//! has passed, those of before elsewhere), the families at their keys, and
//! one family's key walking clockwise to the point of the card that holds
//! it. Right (below), the cards (GPUs), each box holding its families. How
//! it is drawn, and in which inks, is [`super::scene_draw`]'s. With more
//! than [`SAMPLE`] families, the first `SAMPLE` are drawn (keys are hashed,
//! so they are a fair sample) and the counters count all.
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

use super::model::key;
use super::model_ring::{ring_arcs, Ring, TURN};
use super::params::Input;
use super::sim::{moved_at, resize};
use crate::model::scene::{
    Brief, Comparison, CounterSpec, Frame, Layout, Scene, SceneSpec, Stepper,
};
use crate::model::{Params, RingArc, Unit};
use std::rc::Rc;

/// Families drawn at most.
pub(super) const SAMPLE: usize = 1000;
const STEP_S: f64 = 1.0 / 120.0;
/// The cycle: hold, resize, hold, resize back (seconds of scene time).
const HOLD_S: f64 = 2.0;
/// The sweep's time round the circle, and each family's travel.
pub(super) const SWEEP_S: f64 = 1.2;
const TRAVEL_S: f64 = 1.0;
const AFTER_S: f64 = 4.0;
const MOVE_S: f64 = SWEEP_S + TRAVEL_S;
const CYCLE_S: f64 = 2.0 * (HOLD_S + MOVE_S) + AFTER_S - HOLD_S;
/// The counters are read in the hold after the first resize.
const SETTLE_S: f64 = HOLD_S + MOVE_S + 1.0;
/// When, in each cycle, the walker's key first walks to its card.
const WALK_FROM_S: f64 = 0.1;
/// The scene's size wide (beside the sliders) and on a phone.
pub(super) const WIDE: (f32, f32) = (840.0, 440.0);
pub(super) const NARROW: (f32, f32) = (320.0, 560.0);

pub static SCENE: SceneSpec = SceneSpec {
    build,
    production: false,
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

pub(super) static COUNTERS: [CounterSpec; 3] = [
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
pub(super) struct Dot {
    pub(super) at: f64,
    pub(super) before: (u32, u32),
    pub(super) after: (u32, u32),
}

impl Dot {
    pub(super) fn moved(&self) -> bool {
        self.before.0 != self.after.0
    }
}

pub(super) struct ChScene {
    pub(super) inp: Input,
    step: Stepper,
    pub(super) dots: Vec<Dot>,
    /// Where the sweep meets each moved family: its key as a fraction,
    /// sorted, over all families.
    moved_at: Vec<f64>,
    /// The ring's arcs after (moved marked) and before the resize.
    pub(super) arcs_after: Vec<RingArc>,
    pub(super) arcs_before: Vec<RingArc>,
    /// The ring itself, for its points and a key's walk.
    pub(super) ring: Option<Rc<Ring>>,
    /// The drawn family whose key's walk the scene follows: the first that
    /// moves, else the first.
    pub(super) walker: usize,
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
    let dots = places(r.before(), r.after(), n0.max(n1));
    Box::new(ChScene {
        walker: dots.iter().position(Dot::moved).unwrap_or(0),
        dots,
        moved_at,
        arcs_after,
        arcs_before,
        ring: r.ring.clone(),
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

/// Where the cycle is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Phase {
    /// Holding on `n` cards (before: the first size).
    Hold { before: bool },
    /// Resizing; `s` seconds since it began; `back` when returning.
    Move { s: f64, back: bool },
}

impl ChScene {
    pub(super) fn phase(&self) -> Phase {
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

    pub(super) fn values(&self) -> [f64; 3] {
        let m = self.arrived() as f64;
        [m / self.inp.families as f64, m, m * self.inp.copy_mb]
    }

    /// A drawn family's way now: from, to, and how far along (0 = still on
    /// its first card, 1 = arrived).
    pub(super) fn way(&self, d: &Dot) -> ((u32, u32), (u32, u32), f32) {
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

    /// Cards in the fleet now (the size the resize goes to, while it runs).
    pub(super) fn fleet_now(&self) -> usize {
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

    /// Whether the placement after the resize holds at key `at` (a
    /// fraction of a turn) now: the sweep has passed it going to the second
    /// size, or not yet passed it going back.
    pub(super) fn after_at(&self, at: f64) -> bool {
        match self.phase() {
            Phase::Hold { before } => !before,
            Phase::Move { s, back } => (s / SWEEP_S >= at) != back,
        }
    }

    /// Seconds since the walker's key began its walk to its card's point:
    /// once near the start of each cycle, and again each time the sweep
    /// passes it. None before the first walk.
    pub(super) fn walk_s(&self) -> Option<f64> {
        let t = self.step.now_s % CYCLE_S;
        let at = self.dots.get(self.walker).map_or(0.0, |d| d.at);
        let back_at = HOLD_S + MOVE_S + AFTER_S;
        [WALK_FROM_S, HOLD_S + at * SWEEP_S, back_at + at * SWEEP_S]
            .into_iter()
            .filter(|&t0| t0 <= t)
            .map(|t0| t - t0)
            .reduce(f64::min)
    }
}

impl Scene for ChScene {
    fn advance(&mut self, dt_s: f64) {
        self.step.due(dt_s, 240 * 120);
    }
    fn now_s(&self) -> f64 {
        self.step.now_s
    }
    fn size(&self, layout: Layout) -> (f32, f32) {
        match layout {
            Layout::Wide => WIDE,
            Layout::Narrow => NARROW,
        }
    }
    fn draw(&self, f: &mut Frame) {
        self.paint(f);
    }
    fn counters(&self, out: &mut Vec<f64>) {
        out.clear();
        out.extend_from_slice(&self.values());
    }
    fn summary(&self, out: &mut String) {
        use std::fmt::Write as _;
        let v = self.values();
        let (n0, n1, fam) = (self.inp.n0, self.inp.n1, self.inp.families);
        // Counts with their nouns agreeing ("1 family sits on 4 cards").
        let (fams, cards0) = (
            Brief(fam as f64, Unit::Count("families")),
            Brief(n0 as f64, Unit::Count("cards")),
        );
        let sit = if fam == 1 { "sits" } else { "sit" };
        let _ = match self.phase() {
            Phase::Hold { before: true } if n0 == n1 => write!(
                out,
                "{fams} {sit} on {cards0}; the fleet keeps its size."
            ),
            Phase::Hold { before: true } if self.step.now_s < HOLD_S => write!(
                out,
                "{fams} {sit} on {cards0}; the fleet is about to resize to {n1}."
            ),
            Phase::Move { back, .. } => write!(
                out,
                "Resizing {} → {}: {} of {} {} reached {} new card.",
                if back { n1 } else { n0 },
                Brief((if back { n0 } else { n1 }) as f64, Unit::Count("cards")),
                Brief(v[1], Unit::Count("")),
                Brief(self.moved_at.len() as f64, Unit::Count("")),
                if self.moved_at.len() == 1 {
                    "moving family has"
                } else {
                    "moving families have"
                },
                if self.moved_at.len() == 1 { "its" } else { "their" }
            ),
            Phase::Hold { .. } => write!(
                out,
                "{} of {fams} ({:.1}%) moved to a new card and re-prefill {:.0} MB each: {} rebuilt.",
                Brief(v[1], Unit::Count("")),
                100.0 * v[0],
                self.inp.copy_mb,
                Brief(v[2], Unit::Mb)
            ),
        };
    }
}
