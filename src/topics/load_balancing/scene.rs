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
use crate::engine::routing::{Scenario, HEADROOM};
use crate::engine::routing_draw::{self, glyph, Columns};
use crate::engine::routing_live::{Clock, Flight, Kind, LiveRouting};
use crate::engine::routing_scene::{
    self, over_headroom, RoutingScene, RoutingView, FLIGHT_S, SETTLE_S,
};
use crate::model::scene::{Align, Claim, Comparison, CounterSpec, Frame, Glyph, Ink, Order};
use crate::model::scene::{SceneSpec, TextSize, SIZE};
use crate::model::Params;

/// One card's decode capacity in the scene, req/s (the routing simulator's
/// baseline μ = 20 req/s).
pub(super) const CARD_RPS: f64 = 20.0;
/// Card columns drawn at most; past it the last column stands for the rest.
const COLUMNS: usize = 64;

pub static SCENE: SceneSpec = SceneSpec {
    build: RoutingScene::<LbScene>::build,
    comparisons: &[
        Comparison {
            id: "round-robin-vs-hash",
            label: "Round-robin vs hash",
            param: "policy",
            a: "round-robin",
            b: "hash",
            watch: "Round-robin keeps every card equally idle but almost every arrival misses its copy (squares); hash keeps every arrival on its copy and piles the hot member onto card 0.",
            claims: &[Claim::new("locality", Order::Above), Claim::new("busiest_load", Order::Above)],
        },
        Comparison {
            id: "hash-vs-shard",
            label: "Hash vs hash with the hot member sharded",
            param: "policy",
            a: "hash",
            b: "hash-shard2",
            watch: "Sharding splits the hot member over cards 0 and 1: the tallest bar drops (watch it against the 60% line) and every arrival still meets its copy.",
            claims: &[Claim::new("busiest_load", Order::Below), Claim::new("locality", Order::AtLeast)],
        },
        Comparison {
            id: "hash-vs-overflow",
            label: "Hash vs hash with overflow at the cap",
            param: "policy",
            a: "hash",
            b: "hash-overflow",
            watch: "Overflow holds card 0 at the cap and sends the excess to other cards, where it misses (triangles).",
            claims: &[Claim::new("busiest_load", Order::Below), Claim::new("locality", Order::Below), Claim::new("overflowed", Order::Above)],
        },
    ],
    counters: &COUNTERS,
};

/// A share of the family's arrivals, within two points of its figure once
/// settled.
const fn share(id: &'static str, label: &'static str, figure: &'static str) -> CounterSpec {
    CounterSpec::share(id, label, figure, 0.02, SETTLE_S)
}

static COUNTERS: [CounterSpec; 4] = [
    share(
        "busiest_share",
        "busiest card's share of the family",
        "busiest_card_share",
    ),
    share("busiest_load", "busiest card's load", "busiest_card_util"),
    share("locality", "met a resident copy", "locality"),
    share("overflowed", "overflowed", "spilled_share"),
];

struct LbScene {
    inp: Input,
    cols: Columns,
    hot_homes: usize,
}

// Layout, in the scene's units (960 × 360).
const BOX_Y: f32 = 268.0;
const BOX_H: f32 = 42.0;
const QUEUE_TOP: f32 = 92.0;
const FROM: (f32, f32) = (104.0, 180.0);

impl LbScene {
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
}

impl RoutingView for LbScene {
    const COUNTERS: &'static [CounterSpec] = &COUNTERS;
    /// Marks in the air drawn at most.
    const MOST_MARKS: usize = 600;
    fn new(p: &Params) -> (Self, Scenario, Clock) {
        let inp = Input::read(p);
        let s = inp.scenario(inp.balancer);
        let clock = Clock {
            arrivals: inp.load * CARD_RPS,
            capacity: CARD_RPS,
            background: inp.background(),
            flight_s: FLIGHT_S,
            linger_s: 0.0,
        };
        let view = LbScene {
            hot_homes: s.hot_homes(),
            cols: Columns::new(inp.n, COLUMNS, (130.0, 950.0), 40.0),
            inp,
        };
        (view, s, clock)
    }
    fn values(&self, live: &LiveRouting) -> [f64; 4] {
        let cards = live.cards();
        let landed: u64 = cards.iter().map(|c| c.arrivals).sum();
        let b = live.busiest_so_far();
        let share = cards[b].arrivals as f64 / landed.max(1) as f64;
        let t = live.totals();
        [
            share,
            self.inp.load * share + self.inp.background(),
            t.share(t.hits),
            t.share(t.spilled),
        ]
    }
    fn header(&self, f: &mut Frame) {
        let label = BALANCERS[self.inp.balancer as usize].1;
        routing_scene::header(
            f,
            format_args!(
                "Balancer: {label} · {} cards (GPUs) · the family is {:.2} cards of load, {:.0}% of fleet traffic",
                self.inp.n,
                self.inp.load,
                100.0 * self.inp.w
            ),
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
            format_args!(
                "Bars: each card's load, the rest of the fleet's traffic included; dashed: the 60% headroom."
            ),
            &self.cols,
        );
    }
    fn router(&self) -> ((f32, f32), &'static str, &'static str) {
        ((10.0, 154.0), "balancer", self.inp.balancer.word())
    }
    fn cards(&self, live: &LiveRouting, f: &mut Frame) {
        let w = self.cols.width;
        let gap = w.clamp(6.0, 10.0);
        let r = (0.4 * w).min(3.6);
        let rows = ((BOX_Y - 8.0 - QUEUE_TOP) / gap) as usize;
        for c in 0..self.cols.count() {
            let (load, card) = self.cols.card(live, c);
            let x = self.cols.left(c);
            routing_draw::load_bar(f, (x + 1.0, BOX_Y, w - 2.0, BOX_H), load, HEADROOM);
            let bottom = (self.cols.center(c), BOX_Y - 6.0);
            routing_draw::queue(f, &card, bottom, (gap, r), rows, Self::kind_ink);
        }
        let b = live.busiest_now();
        let load = live.load(b);
        f.label(
            (
                // Its centre where its card is, the words inside the scene.
                self.cols
                    .center(self.cols.of(b))
                    .clamp(170.0, SIZE.0 - 48.0),
                QUEUE_TOP - 10.0,
            ),
            if load > HEADROOM {
                Ink::Warn
            } else {
                Ink::Text
            },
            TextSize::Small,
            Align::Center,
            format_args!("card {b}: {:.0}%", 100.0 * load),
        );
        self.cols.headroom(f, (BOX_Y, BOX_H), HEADROOM);
        self.cols
            .numbers(f, BOX_Y + BOX_H + 13.0, self.hot_homes.max(1));
    }
    fn marks(&self, live: &LiveRouting, f: &mut Frame, stride: u64) {
        let r = (0.4 * self.cols.width).clamp(2.0, 3.6);
        routing_draw::flights(
            f,
            live,
            stride,
            FROM,
            |fl: &Flight| {
                (
                    self.cols.center(self.cols.of(fl.routed.card as usize)),
                    BOX_Y - 6.0,
                )
            },
            |fl: &Flight| (glyph(fl.fate), Self::member_ink(fl.hot)),
            r,
        );
    }
    fn tell(&self, live: &LiveRouting, out: &mut String) {
        use std::fmt::Write as _;
        let b = live.busiest_now();
        let load = live.load(b);
        let waiting = live.cards()[b].waiting;
        let v = self.values(live);
        let _ = write!(
            out,
            "Card {b} is the busiest at {:.0}% of its decode capacity with {waiting} waiting{}. ",
            100.0 * load,
            over_headroom(load)
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
