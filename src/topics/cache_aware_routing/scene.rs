//! The simulator's scene: every arrival carries its prompt family's opening
//! and the router places it (the engine's routing simulation on a clock,
//! [`crate::engine::routing_live`], the same router and draws as the page's
//! measured figures). Each card shows its queue, its load against the 60 %
//! headroom, and one cell per family it homes: a copy kept in a slot, or a
//! home with no slot left (evicted). An arrival lands on its family's cell
//! and lights it: a hit, or a re-prefill of an evicted copy; one sent to a
//! card that does not home its family lands on the card and misses.
//!
//! The fleet starts warm, as the page's model does: every copy the card can
//! keep is in its slot. With more than [`COLUMNS`] cards the last column
//! stands for the rest (their average load, all their waiting).
//!
//! Counters, and the figures they converge to (N = Λ·t arrivals; at the
//! stories' 40 req/s, [`SETTLE_S`] gives N = 24,000):
//!
//! ```text
//! hit share        hits ÷ arrivals                       hit_share         ± 0.015
//! re-prefills      misses ÷ t                            reprefills_per_s  ± 1 req/s
//! busiest card     most arrivals on a card ÷ (t·μ)       busiest_share     ± 0.035
//! routed home      arrivals on a home card ÷ arrivals    affinity          ± 0.015
//! ```
//!
//! A share strays by √(p(1−p)/N) ≤ 0.0033, so ± 0.015 is 4.6 of those; the
//! re-prefill count is Poisson, √(37.5·600)/600 = 0.25 req/s at round-robin's
//! 37.5 req/s, so ± 1 is four; the hot card's 17.6 req/s strays by 0.0086 of
//! μ, so ± 0.035 is four (the busiest of 16 equal cards sits about two of its
//! 0.003 above the average, well inside).

use super::params::Input;
use crate::engine::routing::{Scenario, HEADROOM};
use crate::engine::routing_draw::{self, fate_ink, glyph, Columns};
use crate::engine::routing_live::{Clock, Fate, Flight, Kind, LiveRouting};
use crate::engine::routing_scene::{
    self, over_headroom, RoutingScene, RoutingView, FLIGHT_S, SETTLE_S,
};
use crate::model::scene::{Align, Claim, Comparison, CounterSpec, Frame, Glyph, Ink, Order};
use crate::model::scene::{SceneSpec, TextSize};
use crate::model::{Params, Unit};

/// Card columns drawn at most; past it the last column stands for the rest.
const COLUMNS: usize = 16;
/// Seconds a landed arrival stays lit on its cell.
const LINGER_S: f64 = 0.35;

pub static SCENE: SceneSpec = SceneSpec {
    build: RoutingScene::<CarScene>::build,
    comparisons: &[
        Comparison {
            id: "round-robin-vs-hash",
            label: "Round-robin vs cache-aware (hash the prefix family)",
            param: "policy",
            a: "round-robin",
            b: "hash",
            watch: "Round-robin lands most arrivals on a card that does not home their family (squares); hashing lands each on its family's cell (dots), on the same arrivals.",
            claims: &[Claim::new("hit_share", Order::Above), Claim::new("affinity", Order::Above)],
        },
        Comparison {
            id: "hash-vs-shard",
            label: "Hash vs hash with the hot family sharded",
            param: "policy",
            a: "hash",
            b: "hash-shard2",
            watch: "With a hot family, card 0's bar crosses the 60% line under hash; sharding splits it over two cards for one more copy.",
            claims: &[Claim::new("busiest", Order::AtMost)],
        },
        Comparison {
            id: "hash-vs-overflow",
            label: "Hash vs hash with overflow at 60%",
            param: "policy",
            a: "hash",
            b: "hash-overflow",
            watch: "With a hot card, overflow holds it near the cap by sending the excess elsewhere, where it re-prefills (triangles).",
            claims: &[Claim::new("busiest", Order::AtMost), Claim::new("hit_share", Order::AtMost), Claim::new("reprefills", Order::AtLeast)],
        },
    ],
    counters: &COUNTERS,
};

static COUNTERS: [CounterSpec; 4] = [
    CounterSpec::share("hit_share", "hit share", "hit_share", 0.015, SETTLE_S),
    CounterSpec::new("reprefills", "re-prefills", Unit::ReqPerS).settles_on(
        "reprefills_per_s",
        1.0,
        SETTLE_S,
    ),
    CounterSpec::share("busiest", "busiest card", "busiest_share", 0.035, SETTLE_S),
    CounterSpec::share("affinity", "routed home", "affinity", 0.015, SETTLE_S),
];

struct CarScene {
    inp: Input,
    s: Scenario,
    cols: Columns,
}

// Layout, in the scene's units (960 × 360).
const QUEUE_BOTTOM: f32 = 124.0;
const QUEUE_TOP: f32 = 90.0;
const BAR_Y: f32 = 130.0;
const BAR_H: f32 = 28.0;
const CELLS_Y: f32 = 182.0;
const CELLS_BOTTOM: f32 = 322.0;
const PITCH: f32 = 10.0;
const FROM: (f32, f32) = (104.0, 250.0);

impl CarScene {
    fn per_row(&self) -> usize {
        (((self.cols.width - 4.0) / PITCH) as usize).max(1)
    }
    fn cells_cap(&self) -> usize {
        self.per_row() * ((CELLS_BOTTOM - CELLS_Y) / PITCH) as usize
    }
    /// Top-left of the cell of rank r in column c.
    fn cell(&self, c: usize, r: usize) -> (f32, f32) {
        let (row, k) = (r / self.per_row(), r % self.per_row());
        (
            self.cols.left(c) + 2.0 + PITCH * k as f32,
            CELLS_Y + PITCH * row as f32,
        )
    }
    /// Where an arrival lands: its family's cell on a home card, else the
    /// card's load bar.
    fn target(&self, f: &Flight) -> (f32, f32) {
        let card = f.routed.card as usize;
        let c = self.cols.of(card);
        if f.routed.at_home && self.cols.own(card) {
            let r = self.s.home_rank(f.routed.family as usize, card);
            if r < self.cells_cap() {
                let (x, y) = self.cell(c, r);
                return (x + 4.5, y + 4.5);
            }
        }
        (self.cols.center(c), BAR_Y + 0.5 * BAR_H)
    }

    /// Card i's homes in rank order, then its free slots; "+N" past the cap.
    fn cells(&self, f: &mut Frame, i: usize) {
        let (d, held, cap) = (self.s.homes_on(i), self.inp.held(), self.cells_cap());
        let hot_rank =
            (self.s.hot_homes() > i).then(|| self.s.home_rank(self.s.cold_families.max(1), i));
        let total = d.max(held);
        for r in 0..total.min(cap) {
            let (x, y) = self.cell(i, r);
            if r >= d {
                f.outline(x, y, 8.0, 8.0, Ink::Idle);
            } else if r >= held {
                f.outline(x, y, 8.0, 8.0, Ink::Warn);
                f.mark(x + 4.0, y + 4.0, 2.5, Glyph::Cross, Ink::Warn);
            } else {
                let ink = if hot_rank == Some(r) {
                    Ink::ClassA
                } else {
                    Ink::Card
                };
                f.rect(x, y, 8.0, 8.0, ink);
                f.outline(x, y, 8.0, 8.0, Ink::Muted);
            }
        }
        if total > cap {
            let x = self.cols.center(i);
            f.label(
                (x, CELLS_BOTTOM + 10.0),
                Ink::Muted,
                TextSize::Small,
                Align::Center,
                format_args!("+{}", total - cap),
            );
        }
    }
}

impl RoutingView for CarScene {
    const COUNTERS: &'static [CounterSpec] = &COUNTERS;
    /// Marks drawn at most (flying and landed).
    const MOST_MARKS: usize = 700;
    fn new(p: &Params) -> (Self, Scenario, Clock) {
        let inp = Input::read(p);
        let s = inp.scenario();
        let clock = Clock {
            arrivals: inp.arrivals,
            capacity: inp.capacity,
            background: 0.0,
            flight_s: FLIGHT_S,
            linger_s: LINGER_S,
        };
        let cols = Columns::new(inp.cards, COLUMNS, (130.0, 950.0), 130.0);
        (CarScene { inp, s, cols }, s, clock)
    }
    fn values(&self, live: &LiveRouting) -> [f64; 4] {
        let t = live.totals();
        let now = live.now();
        let b = live.busiest_so_far();
        let served_s = (now - FLIGHT_S).max(1e-9);
        [
            t.share(t.hits),
            t.misses() as f64 / now.max(1e-9),
            live.cards()[b].arrivals as f64 / served_s / self.inp.capacity,
            t.share(t.at_home),
        ]
    }
    fn header(&self, f: &mut Frame) {
        routing_scene::header(
            f,
            format_args!(
                "Router: {} · {} cards (GPUs serving the model) · {:.0} req/s over {} families{}",
                self.inp.policy.label(),
                self.inp.cards,
                self.inp.arrivals,
                self.inp.families,
                if self.inp.hot_share > 0.0 {
                    " + a hot one"
                } else {
                    ""
                },
            ),
            &[
                (Glyph::Dot, Ink::Hit, "hit: its opening was kept"),
                (Glyph::Square, Ink::Miss, "miss: not its family's card"),
                (
                    Glyph::Cross,
                    Ink::Warn,
                    "re-prefill: its card had no slot left",
                ),
                (Glyph::Triangle, Ink::ClassC, "overflowed, misses"),
                (Glyph::Ring, Ink::Muted, "waiting"),
            ],
            format_args!(
                "A card keeps {} openings of {:.0} MB. Cells: the families it homes, most asked first; filled = copy kept (the hot family in its ink), × = no slot (evicted), faint = free.",
                self.inp.held(),
                self.inp.copy_mb()
            ),
            &self.cols,
        );
    }
    fn router(&self) -> ((f32, f32), &'static str, &'static str) {
        ((10.0, 224.0), "router", self.inp.policy.word())
    }
    fn cards(&self, live: &LiveRouting, f: &mut Frame) {
        let w = self.cols.width;
        let rows = ((QUEUE_BOTTOM - QUEUE_TOP) / 8.0) as usize;
        for c in 0..self.cols.count() {
            let (load, card) = self.cols.card(live, c);
            let bottom = (self.cols.center(c), QUEUE_BOTTOM);
            routing_draw::queue(f, &card, bottom, (8.0, 3.2), rows, |k: Kind| {
                fate_ink(k.fate)
            });
            let x = self.cols.left(c);
            routing_draw::load_bar(f, (x + 2.0, BAR_Y, w - 4.0, BAR_H), load, HEADROOM);
            if !self.cols.is_rest(c) {
                self.cells(f, c);
            }
        }
        self.cols.headroom(f, (BAR_Y, BAR_H), HEADROOM);
        self.cols.numbers(f, BAR_Y + BAR_H + 13.0, 0);
        f.label(
            (self.cols.x0 - 4.0, 110.0),
            Ink::Muted,
            TextSize::Small,
            Align::Right,
            format_args!("queue"),
        );
    }
    /// Arrivals in the air, then the ones just landed, lit where they landed.
    fn marks(&self, live: &LiveRouting, f: &mut Frame, stride: u64) {
        routing_draw::flights(
            f,
            live,
            stride,
            FROM,
            |fl: &Flight| self.target(fl),
            |fl: &Flight| (glyph(fl.fate), fate_ink(fl.fate)),
            3.2,
        );
        let now = live.now();
        for fl in live.flights() {
            let age = now - fl.t - FLIGHT_S;
            if fl.seq % stride != 0 || !(0.0..LINGER_S).contains(&age) {
                continue;
            }
            let (x, y) = self.target(fl);
            match fl.fate {
                Fate::Hit | Fate::Evicted if fl.routed.at_home => {
                    f.rect(x - 4.5, y - 4.5, 9.0, 9.0, fate_ink(fl.fate));
                }
                _ => f.mark(x, y, 4.0, glyph(fl.fate), fate_ink(fl.fate)),
            }
        }
    }
    fn tell(&self, live: &LiveRouting, out: &mut String) {
        use std::fmt::Write as _;
        let b = live.busiest_now();
        let load = live.load(b);
        let v = self.values(live);
        let t = live.totals();
        let _ = write!(
            out,
            "Card {b} runs at {:.0}% of its decode capacity with {} waiting{}. {:.0}% of arrivals found their opening on their card",
            100.0 * load,
            live.cards()[b].waiting,
            over_headroom(load),
            100.0 * v[0],
        );
        let cause = if t.misses() == 0 {
            ""
        } else if t.away >= t.evicted.max(t.spilled) {
            ", most of the rest landed on a card that does not home their family"
        } else if t.evicted >= t.spilled {
            ", most of the rest found their card had evicted its copy"
        } else {
            ", most of the rest were sent off by the overflow"
        };
        let _ = write!(out, "{cause}: {:.1} re-prefills a second.", v[1]);
    }
}
