//! The explorer's scene: the family's arrivals routed one by one by the
//! chosen balancer (the engine's routing simulation on a clock,
//! [`crate::engine::routing_live`]), flying to their card (GPU), waiting in
//! its queue, and each card's load against the 60 % headroom.
//!
//! Scale: a card decodes [`CARD_RPS`] requests a second (the routing
//! simulator's baseline μ), so the family arrives at `A·20` req/s, and each
//! card gives the share `b` of its time to the rest of the fleet's traffic
//! (`other_traffic_per_card`). With more cards than columns (64 wide, 16
//! on a phone) the last column stands for the rest (their average load,
//! their waiting summed): beyond the hot member's one or two homes every
//! card carries the same.
//!
//! Wide beside the sliders or in a column on a phone, the balancer sits
//! over the cards with a short key beside it (the hot member and the
//! others by ink, hit, miss and overflow by shape), and the busiest card's
//! load is written over its queue.
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
use crate::engine::routing_draw::{self, glyph, say, Columns};
use crate::engine::routing_live::{Clock, Flight, Kind, LiveRouting};
use crate::engine::routing_scene::{over_headroom, RoutingScene, RoutingView, FLIGHT_S, SETTLE_S};
use crate::model::scene::{Align, Claim, Comparison, CounterSpec, Frame, Glyph, Ink, Layout};
use crate::model::scene::{Order, SceneSpec};
use crate::model::Params;

/// One card's decode capacity in the scene, req/s (the routing simulator's
/// baseline μ = 20 req/s).
pub(super) const CARD_RPS: f64 = 20.0;
/// Card columns drawn at most, wide and narrow; past it the last column
/// stands for the rest.
const COLUMNS: (usize, usize) = (64, 16);
/// Marks in the air drawn at most.
const MOST_MARKS: usize = 600;

pub static SCENE: SceneSpec = SceneSpec {
    build: RoutingScene::<LbScene>::build,
    production: false,
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
    share("busiest_load", "its load so far", "busiest_card_util"),
    share("locality", "met a resident copy", "locality"),
    share("overflowed", "overflowed", "spilled_share"),
];

struct LbScene {
    inp: Input,
    hot_homes: usize,
}

/// Where the parts go in one layout, in the scene's units.
struct Geometry {
    size: (f32, f32),
    narrow: bool,
    cols: Columns,
    /// The right edge of the rows' names, left of the columns.
    names_x: f32,
    router: (f32, f32, f32, f32),
    /// The keys: by ink (the members) and by shape (hit, miss, overflow).
    inks_key: (f32, f32),
    shapes_key: (f32, f32),
    /// The queues' top, the load bars' top and height.
    queue_top: f32,
    bar: (f32, f32),
    numbers_y: f32,
    counters_y: Option<f32>,
    stride_y: f32,
}

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

    fn geometry(&self, layout: Layout) -> Geometry {
        let n = self.inp.n;
        if layout == Layout::Narrow {
            let cols = Columns::new(n, COLUMNS.1, (52.0, 316.0), 66.0);
            let mid = (cols.x0 + cols.right()) / 2.0;
            return Geometry {
                size: (320.0, 404.0),
                narrow: true,
                cols,
                names_x: 48.0,
                router: (mid - 55.0, 68.0, 110.0, 42.0),
                inks_key: (8.0, 58.0),
                shapes_key: (8.0, 374.0),
                queue_top: 148.0,
                bar: (290.0, 42.0),
                numbers_y: 350.0,
                counters_y: None,
                stride_y: 396.0,
            };
        }
        let cols = Columns::new(n, COLUMNS.0, (118.0, 866.0), 120.0);
        let mid = (cols.x0 + cols.right()) / 2.0;
        Geometry {
            size: (876.0, 364.0),
            narrow: false,
            cols,
            names_x: 114.0,
            router: (mid - 55.0, 30.0, 110.0, 42.0),
            inks_key: (mid + 73.0, 46.0),
            shapes_key: (mid + 73.0, 66.0),
            queue_top: 110.0,
            bar: (240.0, 42.0),
            numbers_y: 300.0,
            counters_y: Some(336.0),
            stride_y: 356.0,
        }
    }

    /// The title lines and the keys beside the balancer.
    fn header(&self, f: &mut Frame, g: &Geometry) {
        let inp = &self.inp;
        if g.narrow {
            f.plain(
                (8.0, 18.0),
                format_args!("Balancer: {}", inp.balancer.word()),
            );
            let args = format_args!(
                "{} cards · the family: {:.2} cards of load",
                inp.n, inp.load
            );
            say(f, (8.0, 36.0), Ink::Muted, Align::Left, args);
        } else {
            let label = BALANCERS[inp.balancer as usize].1;
            let args = format_args!(
                "Balancer: {label} · {} cards (GPUs) · the family is {:.2} cards of load, {:.0}% of fleet traffic",
                inp.n,
                inp.load,
                100.0 * inp.w
            );
            f.plain((10.0, 18.0), args);
        }
        let members = [
            (Glyph::Dot, Ink::ClassA, "hot member"),
            (Glyph::Dot, Ink::ClassB, "other members"),
        ];
        routing_draw::key(f, g.inks_key, &members);
        // Hit, and the one way this balancer misses, if any.
        let hit = (Glyph::Dot, Ink::Muted, "hit: its copy is here");
        let misses = match inp.balancer {
            Balancer::RoundRobin | Balancer::LeastLoaded => {
                Some((Glyph::Square, Ink::Muted, "miss: prefilled again"))
            }
            Balancer::HashOverflow => Some((Glyph::Triangle, Ink::Muted, "overflowed, misses")),
            Balancer::Hash | Balancer::HashShard2 => None,
        };
        let items = [hit, misses.unwrap_or(hit)];
        routing_draw::key(f, g.shapes_key, &items[..1 + usize::from(misses.is_some())]);
    }

    /// The columns: queues and load bars, the headroom, the numbers, and
    /// the busiest card's load over its queue.
    fn cards(&self, live: &LiveRouting, f: &mut Frame, g: &Geometry) {
        let w = g.cols.width;
        let gap = w.clamp(6.0, 10.0);
        let r = (0.4 * w).min(3.6);
        let (bar_y, bar_h) = g.bar;
        let rows = ((bar_y - 8.0 - g.queue_top) / gap) as usize;
        let mut end = f32::MIN;
        for c in 0..g.cols.count() {
            let (load, card) = g.cols.card(live, c);
            let x = g.cols.left(c);
            routing_draw::load_bar(f, (x + 1.0, bar_y, w - 2.0, bar_h), load, HEADROOM);
            let bottom = (g.cols.center(c), bar_y - 6.0);
            routing_draw::queue(f, &card, bottom, (gap, r), rows, Self::kind_ink, &mut end);
        }
        let b = live.busiest_now();
        let load = live.load(b);
        let ink = if load > HEADROOM {
            Ink::Warn
        } else {
            Ink::Text
        };
        // Its centre where its card is, the words inside the scene.
        let half = routing_draw::width("card 000 now 000%") / 2.0;
        let x = g
            .cols
            .center(g.cols.of(b))
            .clamp(half + 4.0, g.size.0 - half - 4.0);
        // "now": the load over the last moments, where the counters and the
        // summary read the run so far.
        let args = format_args!("card {b} now {:.0}%", 100.0 * load);
        say(f, (x, g.queue_top - 14.0), ink, Align::Center, args);
        let nx = g.names_x;
        g.cols.headroom(f, g.bar, HEADROOM, nx);
        g.cols.numbers(f, g.numbers_y, self.hot_homes.max(1), nx);
        say(
            f,
            (nx, bar_y - 12.0),
            Ink::Muted,
            Align::Right,
            format_args!("queue"),
        );
        let at = (nx, bar_y + bar_h - 2.0);
        say(f, at, Ink::Muted, Align::Right, format_args!("load"));
    }
}

impl RoutingView for LbScene {
    const COUNTERS: &'static [CounterSpec] = &COUNTERS;
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
    fn size(&self, layout: Layout) -> (f32, f32) {
        self.geometry(layout).size
    }
    fn draw(&self, live: &LiveRouting, f: &mut Frame) {
        let g = self.geometry(f.layout);
        self.header(f, &g);
        routing_draw::router_box(f, g.router, "balancer", self.inp.balancer.word());
        self.cards(live, f, &g);
        let stride = live.stride(MOST_MARKS);
        let r = (0.4 * g.cols.width).clamp(2.0, 3.6);
        let (x, y, w, h) = g.router;
        let bottom = g.bar.0 - 6.0;
        routing_draw::flights(
            f,
            live,
            stride,
            (x + w / 2.0, y + h),
            |fl: &Flight| (g.cols.center(g.cols.of(fl.routed.card as usize)), bottom),
            |fl: &Flight| (glyph(fl.fate), Self::member_ink(fl.hot)),
            r,
        );
        if let Some(y) = g.counters_y {
            routing_draw::counters(f, (10.0, y), &COUNTERS, &self.values(live));
        }
        routing_draw::stride_note(f, (g.size.0 - 8.0, g.stride_y), stride);
    }
    fn tell(&self, live: &LiveRouting, out: &mut String) {
        use std::fmt::Write as _;
        // The busiest card as the counters read it (its share of the family
        // so far), so the summary and the counters under it agree.
        let landed: u64 = live.cards().iter().map(|c| c.arrivals).sum();
        if landed == 0 {
            let _ = write!(
                out,
                "No request of the family has reached a card yet; the balancer is about to route them."
            );
            return;
        }
        let b = live.busiest_so_far();
        let waiting = live.cards()[b].waiting;
        let v = self.values(live);
        let _ = write!(
            out,
            "Card {b} has taken {:.0}% of the family so far, a load of {:.0}% of its decode capacity{}; {waiting} {} on it now. ",
            100.0 * v[0],
            100.0 * v[1],
            over_headroom(v[1]),
            if waiting == 1 { "waits" } else { "wait" },
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

#[cfg(test)]
#[path = "scene_tests.rs"]
mod tests;
