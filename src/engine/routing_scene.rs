//! The frame both routing scenes (load balancing, cache-aware routing) share:
//! the live routing simulation ([`super::routing_live`]) on its own clock,
//! drawn top to bottom as a header (a title line, the legend, a caption),
//! the router box the arrivals leave from, the cards, the arrivals, and the
//! counters along the foot. A topic says what its cards and arrivals look
//! like; [`Scene`] comes with it.

use super::routing::Scenario;
use super::routing::HEADROOM;
use super::routing_draw::{router_box, stride_note, Columns};
use super::routing_live::{Clock, LiveRouting};
use crate::model::scene::{CounterSpec, Frame, Glyph, Ink, Scene};
use crate::model::Params;

/// Seconds an arrival flies from the router to its card.
pub const FLIGHT_S: f64 = 0.6;
/// Simulated seconds after which a routing scene's counters have settled.
pub const SETTLE_S: f64 = 600.0;

/// A topic's view of the live routing simulation: what it routes, what it
/// counts and how it draws its part of the frame.
pub trait RoutingView: Sized {
    /// The counters the scene keeps (its `SceneSpec`'s), in `values` order.
    const COUNTERS: &'static [CounterSpec];
    /// Arrivals drawn at most.
    const MOST_MARKS: usize;
    /// The view of a run at `p`, the scenario it routes and its clock.
    fn new(p: &Params) -> (Self, Scenario, Clock);
    /// The counters' values now.
    fn values(&self, live: &LiveRouting) -> [f64; 4];
    /// The words at the top (see [`header`]).
    fn header(&self, f: &mut Frame);
    /// The router box: its top-left corner, its name and its policy's word.
    fn router(&self) -> ((f32, f32), &'static str, &'static str);
    /// The cards: their queues and load bars.
    fn cards(&self, live: &LiveRouting, f: &mut Frame);
    /// The arrivals, one in `stride` by arrival number.
    fn marks(&self, live: &LiveRouting, f: &mut Frame, stride: u64);
    /// As [`Scene::summary`].
    fn tell(&self, live: &LiveRouting, out: &mut String);
}

/// A routing scene: the live simulation and the topic's view of it.
pub struct RoutingScene<V> {
    live: LiveRouting,
    view: V,
}

impl<V: RoutingView + 'static> RoutingScene<V> {
    /// The scene at `p`, its arrivals drawn from `seed`: a `SceneSpec`'s
    /// `build`.
    pub fn build(p: &Params, seed: u64) -> Box<dyn Scene> {
        let (view, s, clock) = V::new(p);
        let live = LiveRouting::new(&s, clock, seed);
        Box::new(RoutingScene { live, view })
    }
}

impl<V: RoutingView> Scene for RoutingScene<V> {
    fn advance(&mut self, dt_s: f64) {
        self.live.advance(dt_s);
    }
    fn now_s(&self) -> f64 {
        self.live.now()
    }
    fn draw(&self, f: &mut Frame) {
        let (live, view) = (&self.live, &self.view);
        let stride = live.stride(V::MOST_MARKS);
        view.header(f);
        let (at, name, word) = view.router();
        router_box(f, at, name, word);
        view.cards(live, f);
        view.marks(live, f, stride);
        f.counters((10.0, 350.0), V::COUNTERS, &view.values(live));
        stride_note(f, stride);
    }
    fn counters(&self, out: &mut Vec<f64>) {
        out.clear();
        out.extend_from_slice(&self.view.values(&self.live));
    }
    fn summary(&self, out: &mut String) {
        self.view.tell(&self.live, out);
    }
}

/// A routing scene's header: the title line, the legend under it, a small
/// caption, and which cards the columns show.
pub fn header(
    f: &mut Frame,
    title: std::fmt::Arguments,
    legend: &[(Glyph, Ink, &str)],
    caption: std::fmt::Arguments,
    cols: &Columns,
) {
    f.plain((10.0, 18.0), title);
    f.legend((10.0, 38.0), legend);
    f.note((10.0, 56.0), caption);
    cols.note(f, (10.0, 72.0));
}

/// The ending of a summary when the busiest card runs over the headroom.
pub fn over_headroom(load: f64) -> &'static str {
    if load > HEADROOM {
        ", over the 60% headroom"
    } else {
        ""
    }
}
