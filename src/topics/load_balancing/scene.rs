//! The explorer's scene: the family's arrivals routed one by one by the
//! chosen balancer (the engine's routing simulation on a clock,
//! [`crate::engine::routing_live`]), flying to their card (GPU), waiting in
//! its queue, and each card's load against the 60 % headroom.
//!
//! Scale: a card decodes [`CARD_RPS`] requests a second (the routing
//! simulator's baseline μ), so the family arrives at `A·20` req/s, and each
//! card gives the share `b` of its time to the rest of the fleet's traffic
//! (`other_traffic_per_card`). With more than [`COLUMNS`] cards the last
//! column stands for the rest (their average load, their waiting summed):
//! beyond the hot member's one or two homes every card carries the same.
//!
//! Counters and the figures they converge to (shares of the family's arrivals
//! so far; a share of N arrivals strays by about √(p(1−p)/N), under 0.005 at
//! the 12,000 arrivals the stories reach in [`SETTLE_S`] seconds, so the
//! tolerance of two points is four of those):
//!
//! ```text
//! busiest card's share   most arrivals on one card ÷ arrivals   busiest_card_share
//! busiest card's load    A · that share + b                     busiest_card_util
//! met a resident copy    hits ÷ arrivals                        locality
//! overflowed             sent off their home ÷ arrivals         spilled_share
//! ```

use super::params::{Balancer, Input, BALANCERS};
use crate::engine::routing::HEADROOM;
use crate::engine::routing_draw::{self, glyph};
use crate::engine::routing_live::{Clock, Flight, Kind, LiveRouting};
use crate::model::scene::{Align, Comparison, CounterSpec, Frame, Glyph, Ink, Scene};
use crate::model::scene::{SceneSpec, Stepper, TextSize};
use crate::model::{Params, Unit};

/// One card's decode capacity in the scene, req/s (the routing simulator's
/// baseline μ = 20 req/s).
pub(super) const CARD_RPS: f64 = 20.0;
/// Card columns drawn at most; past it the last column stands for the rest.
const COLUMNS: usize = 64;
/// Simulated seconds after which the counters have settled.
const SETTLE_S: f64 = 600.0;
const STEP_S: f64 = 1.0 / 120.0;
const FLIGHT_S: f64 = 0.6;
/// Marks in the air drawn at most.
const MOST_FLYING: usize = 600;

pub static SCENE: SceneSpec = SceneSpec {
    build,
    comparisons: &COMPARISONS,
    counters: &COUNTERS,
};

static COMPARISONS: [Comparison; 3] = [
    Comparison {
        id: "round-robin-vs-hash",
        label: "Round-robin vs hash",
        param: "policy",
        a: "round-robin",
        b: "hash",
        watch: "Round-robin keeps every card equally idle but almost every arrival misses its copy (squares); hash keeps every arrival on its copy and piles the hot member onto card 0.",
    },
    Comparison {
        id: "hash-vs-shard",
        label: "Hash vs hash with the hot member sharded",
        param: "policy",
        a: "hash",
        b: "hash-shard2",
        watch: "Sharding splits the hot member over cards 0 and 1: the tallest bar drops under the 60% line and every arrival still meets its copy.",
    },
    Comparison {
        id: "hash-vs-overflow",
        label: "Hash vs hash with overflow at the cap",
        param: "policy",
        a: "hash",
        b: "hash-overflow",
        watch: "Overflow holds card 0 at the cap and sends the excess to other cards, where it misses (triangles).",
    },
];

const fn counter(id: &'static str, label: &'static str, figure: &'static str) -> CounterSpec {
    CounterSpec {
        id,
        label,
        unit: Unit::Share,
        figure: Some(figure),
        tolerance: 0.02,
        settle_s: SETTLE_S,
    }
}

static COUNTERS: [CounterSpec; 4] = [
    counter(
        "busiest_share",
        "busiest card's share of the family",
        "busiest_card_share",
    ),
    counter("busiest_load", "its load", "busiest_card_util"),
    counter("locality", "met a resident copy", "locality"),
    counter("overflowed", "overflowed", "spilled_share"),
];

struct LbScene {
    inp: Input,
    live: LiveRouting,
    step: Stepper,
    hot_homes: usize,
}

fn build(p: &Params, seed: u64) -> Box<dyn Scene> {
    let inp = Input::read(p);
    let s = inp.scenario(inp.balancer);
    let clock = Clock {
        arrivals: inp.load * CARD_RPS,
        capacity: CARD_RPS,
        background: inp.background(),
        flight_s: FLIGHT_S,
        linger_s: 0.0,
    };
    Box::new(LbScene {
        hot_homes: s.hot_homes(),
        live: LiveRouting::new(&s, clock, seed),
        step: Stepper::new(STEP_S),
        inp,
    })
}

// Layout, in the scene's units (960 × 360).
const X0: f32 = 130.0;
const X1: f32 = 950.0;
const BOX_Y: f32 = 268.0;
const BOX_H: f32 = 42.0;
const QUEUE_TOP: f32 = 92.0;
const FROM: (f32, f32) = (106.0, 180.0);

impl LbScene {
    fn n(&self) -> usize {
        self.inp.n
    }
    fn columns(&self) -> usize {
        self.n().min(COLUMNS)
    }
    /// The column of card i (the last stands for the rest when aggregated).
    fn column(&self, i: usize) -> usize {
        i.min(self.columns() - 1)
    }
    fn aggregated(&self) -> bool {
        self.n() > COLUMNS
    }
    fn col_w(&self) -> f32 {
        (X1 - X0) / self.columns() as f32
    }
    fn col_x(&self, c: usize) -> f32 {
        X0 + self.col_w() * (c as f32 + 0.5)
    }
    fn member_ink(hot: bool) -> Ink {
        if hot {
            Ink::ClassA
        } else {
            Ink::ClassB
        }
    }
    fn kind_ink(k: Kind) -> Ink {
        Self::member_ink(k.hot)
    }

    fn values(&self) -> [f64; 4] {
        let cards = self.live.cards();
        let landed: u64 = cards.iter().map(|c| c.arrivals).sum();
        let b = self.live.busiest_so_far();
        let share = cards[b].arrivals as f64 / landed.max(1) as f64;
        let t = self.live.totals();
        [
            share,
            self.inp.load * share + self.inp.background(),
            t.share(t.hits),
            t.share(t.spilled),
        ]
    }

    fn header(&self, f: &mut Frame) {
        let label = BALANCERS[self.inp.balancer as usize].1;
        f.label(
            (10.0, 18.0),
            Ink::Text,
            TextSize::Normal,
            Align::Left,
            format_args!(
                "Balancer: {label} · {} cards (a card is a GPU serving the model) · the family is {:.2} cards of load, {:.0}% of fleet traffic",
                self.n(),
                self.inp.load,
                100.0 * self.inp.w
            ),
        );
        f.legend(
            (10.0, 38.0),
            &[
                (Glyph::Dot, Ink::ClassA, "hot member"),
                (Glyph::Dot, Ink::ClassB, "other members"),
                (Glyph::Dot, Ink::Muted, "hit: its copy is on the card"),
                (Glyph::Square, Ink::Muted, "miss: prefilled again"),
                (
                    Glyph::Triangle,
                    Ink::Muted,
                    "overflowed: sent to another card, misses",
                ),
                (Glyph::Ring, Ink::Muted, "waiting"),
            ],
        );
        let at = (10.0, 56.0);
        if self.aggregated() {
            f.label(at, Ink::Muted, TextSize::Small, Align::Left, format_args!(
                "Cards 0–{} drawn; the last column stands for the other {} cards (average load, all their waiting). Bars: load; dashed: the 60% headroom.",
                COLUMNS - 2,
                self.n() - (COLUMNS - 1)
            ));
        } else {
            f.label(at, Ink::Muted, TextSize::Small, Align::Left, format_args!(
                "Bars: each card's load, the rest of the fleet's traffic included; dashed: the 60% headroom."
            ));
        }
    }

    fn balancer_box(&self, f: &mut Frame) {
        f.rect(10.0, 154.0, 96.0, 52.0, Ink::Card);
        f.outline(10.0, 154.0, 96.0, 52.0, Ink::Text);
        f.label(
            (58.0, 174.0),
            Ink::Text,
            TextSize::Normal,
            Align::Center,
            format_args!("balancer"),
        );
        f.label(
            (58.0, 194.0),
            Ink::Muted,
            TextSize::Small,
            Align::Center,
            format_args!("{}", self.inp.balancer.word()),
        );
    }

    fn cards(&self, f: &mut Frame) {
        let (w, cols) = (self.col_w(), self.columns());
        let gap = w.clamp(6.0, 10.0);
        let r = (0.4 * w).min(3.6);
        let rows = ((BOX_Y - 8.0 - QUEUE_TOP) / gap) as usize;
        let cards = self.live.cards();
        for (c, card) in cards.iter().enumerate().take(cols) {
            let x = self.col_x(c);
            let (load, card) = if self.aggregated() && c == cols - 1 {
                self.rest(c)
            } else {
                (self.live.load(c), card.clone())
            };
            routing_draw::load_bar(
                f,
                (x - 0.5 * w + 1.0, BOX_Y, w - 2.0, BOX_H),
                load,
                HEADROOM,
            );
            routing_draw::queue(f, &card, (x, BOX_Y - 6.0), (gap, r), rows, Self::kind_ink);
            let every = (22.0 / w).ceil().max(1.0) as usize;
            if c % every == 0 || c < self.hot_homes.max(1) {
                f.label(
                    (x, BOX_Y + BOX_H + 13.0),
                    Ink::Muted,
                    TextSize::Small,
                    Align::Center,
                    format_args!("{c}"),
                );
            }
        }
        let b = self.live.busiest_now();
        let load = self.live.load(b);
        f.label(
            (self.col_x(self.column(b)).max(X0 + 40.0), QUEUE_TOP - 18.0),
            if load > HEADROOM {
                Ink::Warn
            } else {
                Ink::Text
            },
            TextSize::Small,
            Align::Center,
            format_args!("card {b}: {:.0}%", 100.0 * load),
        );
        if self.aggregated() {
            f.label(
                (self.col_x(cols - 1), BOX_Y + BOX_H + 25.0),
                Ink::Muted,
                TextSize::Small,
                Align::Center,
                format_args!("rest"),
            );
        }
        let y = BOX_Y + BOX_H * (1.0 - HEADROOM as f32);
        f.line((X0, y), (X1, y), Ink::Warn, true);
        f.label(
            (X0 - 4.0, y + 4.0),
            Ink::Warn,
            TextSize::Small,
            Align::Right,
            format_args!("60%"),
        );
        f.label(
            (X0 - 4.0, BOX_Y + BOX_H + 13.0),
            Ink::Muted,
            TextSize::Small,
            Align::Right,
            format_args!("card"),
        );
    }

    /// The last column when aggregated: the rest's average load, and one
    /// queue holding all their waiting (the kinds of the first of them).
    fn rest(&self, from: usize) -> (f64, crate::engine::routing_live::Card) {
        let cards = self.live.cards();
        let k = (cards.len() - from) as f64;
        let load = (from..cards.len()).map(|i| self.live.load(i)).sum::<f64>() / k;
        let mut q = cards[from].clone();
        q.waiting = cards[from..].iter().map(|c| c.waiting).sum();
        (load, q)
    }

    fn flights(&self, f: &mut Frame) {
        let stride = self.live.stride(MOST_FLYING);
        let r = (0.4 * self.col_w()).clamp(2.0, 3.6);
        routing_draw::flights(
            f,
            &self.live,
            stride,
            FROM,
            |fl: &Flight| {
                (
                    self.col_x(self.column(fl.routed.card as usize)),
                    BOX_Y - 6.0,
                )
            },
            |fl: &Flight| (glyph(fl.fate), Self::member_ink(fl.hot)),
            r,
        );
    }
}

impl Scene for LbScene {
    fn advance(&mut self, dt_s: f64) {
        self.step.due(dt_s, 240 * 120);
        self.live.advance_to(self.step.now_s);
    }
    fn now_s(&self) -> f64 {
        self.live.now()
    }
    fn draw(&self, f: &mut Frame) {
        self.header(f);
        self.balancer_box(f);
        self.cards(f);
        self.flights(f);
        f.counters((10.0, 350.0), &COUNTERS, &self.values());
    }
    fn counters(&self, out: &mut Vec<f64>) {
        out.clear();
        out.extend_from_slice(&self.values());
    }
    fn summary(&self, out: &mut String) {
        use std::fmt::Write as _;
        let b = self.live.busiest_now();
        let load = self.live.load(b);
        let waiting = self.live.cards()[b].waiting;
        let v = self.values();
        let _ = write!(
            out,
            "Card {b} is the busiest at {:.0}% of its decode capacity with {waiting} waiting{}. ",
            100.0 * load,
            if load > HEADROOM {
                ", over the 60% headroom"
            } else {
                ""
            }
        );
        let _ = match self.inp.balancer {
            Balancer::Hash => write!(out, "Hash sends the whole hot member to card 0; "),
            Balancer::HashShard2 => write!(out, "Cards 0 and 1 share the hot member; "),
            Balancer::HashOverflow => write!(
                out,
                "{:.0}% of arrivals overflowed off their card and missed; ",
                100.0 * v[3]
            ),
            Balancer::RoundRobin | Balancer::LeastLoaded => {
                write!(out, "Every card gets an equal share; ")
            }
        };
        let _ = write!(out, "{:.0}% of arrivals met their copy.", 100.0 * v[2]);
    }
}
