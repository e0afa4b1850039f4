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
use crate::engine::routing_draw::{self, fate_ink, glyph};
use crate::engine::routing_live::{Clock, Fate, Flight, Kind, LiveRouting};
use crate::model::scene::{Align, Comparison, CounterSpec, Frame, Glyph, Ink, Scene};
use crate::model::scene::{SceneSpec, Stepper, TextSize};
use crate::model::{Params, Unit};

/// Card columns drawn at most; past it the last column stands for the rest.
const COLUMNS: usize = 16;
const SETTLE_S: f64 = 600.0;
const STEP_S: f64 = 1.0 / 120.0;
const FLIGHT_S: f64 = 0.6;
const LINGER_S: f64 = 0.35;
/// Marks drawn at most (flying and landed).
const MOST_MARKS: usize = 700;

pub static SCENE: SceneSpec = SceneSpec {
    build,
    comparisons: &COMPARISONS,
    counters: &COUNTERS,
};

static COMPARISONS: [Comparison; 3] = [
    Comparison {
        id: "round-robin-vs-hash",
        label: "Round-robin vs cache-aware (hash the prefix family)",
        param: "policy",
        a: "round-robin",
        b: "hash",
        watch: "Round-robin lands most arrivals on a card that does not home their family (orange squares); hashing lands each on its family's cell (green dots), at the same load.",
    },
    Comparison {
        id: "hash-vs-shard",
        label: "Hash vs hash with the hot family sharded",
        param: "policy",
        a: "hash",
        b: "hash-shard2",
        watch: "With a hot family, card 0's bar crosses the 60% line under hash; sharding splits it over two cards for one more copy.",
    },
    Comparison {
        id: "hash-vs-overflow",
        label: "Hash vs hash with overflow at 60%",
        param: "policy",
        a: "hash",
        b: "hash-overflow",
        watch: "Overflow holds the hot card near the cap by sending the excess elsewhere, where it re-prefills (triangles).",
    },
];

static COUNTERS: [CounterSpec; 4] = [
    CounterSpec {
        id: "hit_share",
        label: "hit share",
        unit: Unit::Share,
        figure: Some("hit_share"),
        tolerance: 0.015,
        settle_s: SETTLE_S,
    },
    CounterSpec {
        id: "reprefills",
        label: "re-prefills",
        unit: Unit::ReqPerS,
        figure: Some("reprefills_per_s"),
        tolerance: 1.0,
        settle_s: SETTLE_S,
    },
    CounterSpec {
        id: "busiest",
        label: "busiest card",
        unit: Unit::Share,
        figure: Some("busiest_share"),
        tolerance: 0.035,
        settle_s: SETTLE_S,
    },
    CounterSpec {
        id: "affinity",
        label: "routed home",
        unit: Unit::Share,
        figure: Some("affinity"),
        tolerance: 0.015,
        settle_s: SETTLE_S,
    },
];

struct CarScene {
    inp: Input,
    s: Scenario,
    live: LiveRouting,
    step: Stepper,
}

fn build(p: &Params, seed: u64) -> Box<dyn Scene> {
    let inp = Input::read(p);
    let s = inp.scenario();
    let clock = Clock {
        arrivals: inp.arrivals,
        capacity: inp.capacity,
        background: 0.0,
        flight_s: FLIGHT_S,
        linger_s: LINGER_S,
    };
    Box::new(CarScene {
        live: LiveRouting::new(&s, clock, seed),
        step: Stepper::new(STEP_S),
        inp,
        s,
    })
}

// Layout, in the scene's units (960 × 360).
const X0: f32 = 130.0;
const X1: f32 = 950.0;
const QUEUE_BOTTOM: f32 = 124.0;
const QUEUE_TOP: f32 = 90.0;
const BAR_Y: f32 = 130.0;
const BAR_H: f32 = 28.0;
const CELLS_Y: f32 = 182.0;
const CELLS_BOTTOM: f32 = 322.0;
const PITCH: f32 = 10.0;
const FROM: (f32, f32) = (104.0, 250.0);

impl CarScene {
    fn n(&self) -> usize {
        self.inp.cards
    }
    fn columns(&self) -> usize {
        self.n().min(COLUMNS)
    }
    fn aggregated(&self) -> bool {
        self.n() > COLUMNS
    }
    /// Whether card i has a column of its own.
    fn drawn(&self, i: usize) -> bool {
        !self.aggregated() || i < COLUMNS - 1
    }
    fn column(&self, i: usize) -> usize {
        i.min(self.columns() - 1)
    }
    fn col_w(&self) -> f32 {
        ((X1 - X0) / self.columns() as f32).min(130.0)
    }
    fn col_left(&self, c: usize) -> f32 {
        X0 + self.col_w() * c as f32
    }
    fn per_row(&self) -> usize {
        (((self.col_w() - 4.0) / PITCH) as usize).max(1)
    }
    fn cells_cap(&self) -> usize {
        self.per_row() * ((CELLS_BOTTOM - CELLS_Y) / PITCH) as usize
    }
    /// Top-left of the cell of rank r in column c.
    fn cell(&self, c: usize, r: usize) -> (f32, f32) {
        let (row, k) = (r / self.per_row(), r % self.per_row());
        (
            self.col_left(c) + 2.0 + PITCH * k as f32,
            CELLS_Y + PITCH * row as f32,
        )
    }
    /// Where an arrival lands: its family's cell on a home card, else the
    /// card's load bar.
    fn target(&self, f: &Flight) -> (f32, f32) {
        let card = f.routed.card as usize;
        let c = self.column(card);
        if f.routed.at_home && self.drawn(card) {
            let r = self.s.home_rank(f.routed.family as usize, card);
            if r < self.cells_cap() {
                let (x, y) = self.cell(c, r);
                return (x + 4.5, y + 4.5);
            }
        }
        (self.col_left(c) + 0.5 * self.col_w(), BAR_Y + 0.5 * BAR_H)
    }

    fn values(&self) -> [f64; 4] {
        let t = self.live.totals();
        let now = self.live.now();
        let b = self.live.busiest_so_far();
        let served_s = (now - FLIGHT_S).max(1e-9);
        [
            t.share(t.hits),
            t.misses() as f64 / now.max(1e-9),
            self.live.cards()[b].arrivals as f64 / served_s / self.inp.capacity,
            t.share(t.at_home),
        ]
    }

    fn header(&self, f: &mut Frame) {
        f.label(
            (10.0, 18.0),
            Ink::Text,
            TextSize::Normal,
            Align::Left,
            format_args!(
                "Router: {} · {} cards (GPUs serving the model) · {:.0} req/s over {} families{}",
                self.inp.policy.label(),
                self.n(),
                self.inp.arrivals,
                self.inp.families,
                if self.inp.hot_share > 0.0 {
                    " + a hot one"
                } else {
                    ""
                },
            ),
        );
        f.legend(
            (10.0, 38.0),
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
        );
        f.label((10.0, 56.0), Ink::Muted, TextSize::Small, Align::Left, format_args!(
            "A card keeps {} openings of {:.0} MB. Cells: the families it homes; filled = copy kept (blue: the hot family), orange = no slot left (evicted), grey = free slot.",
            self.inp.held(),
            self.inp.copy_mb()
        ));
        if self.aggregated() {
            f.label(
                (10.0, 72.0),
                Ink::Muted,
                TextSize::Small,
                Align::Left,
                format_args!(
                    "Cards 0–{} drawn; the last column stands for the other {}.",
                    COLUMNS - 2,
                    self.n() - (COLUMNS - 1)
                ),
            );
        }
    }

    fn router_box(&self, f: &mut Frame) {
        f.rect(10.0, 224.0, 94.0, 52.0, Ink::Card);
        f.outline(10.0, 224.0, 94.0, 52.0, Ink::Text);
        f.label(
            (57.0, 244.0),
            Ink::Text,
            TextSize::Normal,
            Align::Center,
            format_args!("router"),
        );
        f.label(
            (57.0, 264.0),
            Ink::Muted,
            TextSize::Small,
            Align::Center,
            format_args!("{}", self.inp.policy.word()),
        );
    }

    fn cards(&self, f: &mut Frame) {
        let w = self.col_w();
        let cards = self.live.cards();
        let rows = ((QUEUE_BOTTOM - QUEUE_TOP) / 8.0) as usize;
        for (c, card) in cards.iter().enumerate().take(self.columns()) {
            let rest = self.aggregated() && c == self.columns() - 1;
            let (load, card) = if rest {
                self.rest(c)
            } else {
                (self.live.load(c), card.clone())
            };
            let x = self.col_left(c);
            routing_draw::queue(
                f,
                &card,
                (x + 0.5 * w, QUEUE_BOTTOM),
                (8.0, 3.2),
                rows,
                |k: Kind| fate_ink(k.fate),
            );
            routing_draw::load_bar(f, (x + 2.0, BAR_Y, w - 4.0, BAR_H), load, HEADROOM);
            let label = (x + 0.5 * w, BAR_Y + BAR_H + 13.0);
            if rest {
                f.label(
                    label,
                    Ink::Muted,
                    TextSize::Small,
                    Align::Center,
                    format_args!("rest"),
                );
            } else {
                f.label(
                    label,
                    Ink::Muted,
                    TextSize::Small,
                    Align::Center,
                    format_args!("{c}"),
                );
                self.cells(f, c);
            }
        }
        let y = BAR_Y + BAR_H * (1.0 - HEADROOM as f32);
        f.line(
            (X0, y),
            (X0 + w * self.columns() as f32, y),
            Ink::Warn,
            true,
        );
        let right = |f: &mut Frame, y: f32, args| {
            f.label(
                (X0 - 4.0, y),
                Ink::Muted,
                TextSize::Small,
                Align::Right,
                args,
            )
        };
        right(f, 110.0, format_args!("queue"));
        right(f, y + 4.0, format_args!("load, 60%"));
    }

    /// The last column when aggregated: the rest's average load, and one
    /// queue holding all their waiting.
    fn rest(&self, from: usize) -> (f64, crate::engine::routing_live::Card) {
        let cards = self.live.cards();
        let k = (cards.len() - from) as f64;
        let load = (from..cards.len()).map(|i| self.live.load(i)).sum::<f64>() / k;
        let mut q = cards[from].clone();
        q.waiting = cards[from..].iter().map(|c| c.waiting).sum();
        (load, q)
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
            let x = self.col_left(i) + 0.5 * self.col_w();
            f.label(
                (x, CELLS_BOTTOM + 10.0),
                Ink::Muted,
                TextSize::Small,
                Align::Center,
                format_args!("+{}", total - cap),
            );
        }
    }

    /// Arrivals in the air, then the ones just landed, lit where they landed.
    fn marks(&self, f: &mut Frame, stride: u64) {
        routing_draw::flights(
            f,
            &self.live,
            stride,
            FROM,
            |fl: &Flight| self.target(fl),
            |fl: &Flight| (glyph(fl.fate), fate_ink(fl.fate)),
            3.2,
        );
        let now = self.live.now();
        for fl in self.live.flights() {
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
}

impl Scene for CarScene {
    fn advance(&mut self, dt_s: f64) {
        self.step.due(dt_s, 240 * 120);
        self.live.advance_to(self.step.now_s);
    }
    fn now_s(&self) -> f64 {
        self.live.now()
    }
    fn draw(&self, f: &mut Frame) {
        let stride = self.live.stride(MOST_MARKS);
        self.header(f);
        self.router_box(f);
        self.cards(f);
        self.marks(f, stride);
        f.counters((10.0, 350.0), &COUNTERS, &self.values());
        routing_draw::stride_note(f, stride);
    }
    fn counters(&self, out: &mut Vec<f64>) {
        out.clear();
        out.extend_from_slice(&self.values());
    }
    fn summary(&self, out: &mut String) {
        use std::fmt::Write as _;
        let b = self.live.busiest_now();
        let load = self.live.load(b);
        let v = self.values();
        let t = self.live.totals();
        let _ = write!(
            out,
            "Card {b} runs at {:.0}% of its decode capacity with {} waiting{}. {:.0}% of arrivals found their opening on their card",
            100.0 * load,
            self.live.cards()[b].waiting,
            if load > HEADROOM { ", over the 60% headroom" } else { "" },
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
