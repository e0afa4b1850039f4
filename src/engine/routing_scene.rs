//! The frame both routing scenes (load balancing, cache-aware routing) share:
//! the live routing simulation ([`super::routing_live`]) on its own clock,
//! and a topic's view of it, which lays the picture out in each layout (the
//! parts it draws with are [`super::routing_draw`]'s). A topic says what
//! it routes, counts and draws; [`Scene`] comes with it.

use super::routing::Scenario;
use super::routing::HEADROOM;
use super::routing_live::{Clock, LiveRouting};
use crate::model::scene::{CounterSpec, Frame, Layout, Scene};
use crate::model::Params;

/// Seconds an arrival flies from the router to its card.
pub const FLIGHT_S: f64 = 0.6;
/// Simulated seconds after which a routing scene's counters have settled.
pub const SETTLE_S: f64 = 600.0;

/// A topic's view of the live routing simulation: what it routes, what it
/// counts and how it draws the frame.
pub trait RoutingView: Sized {
    /// The counters the scene keeps (its `SceneSpec`'s), in `values` order.
    const COUNTERS: &'static [CounterSpec];
    /// The view of a run at `p`, the scenario it routes and its clock.
    fn new(p: &Params) -> (Self, Scenario, Clock);
    /// The counters' values now.
    fn values(&self, live: &LiveRouting) -> [f64; 4];
    /// As [`Scene::size`].
    fn size(&self, layout: Layout) -> (f32, f32);
    /// The picture now, laid out as `f.layout` says.
    fn draw(&self, live: &LiveRouting, f: &mut Frame);
    /// As [`Scene::summary`].
    fn tell(&self, live: &LiveRouting, out: &mut String);
    /// Once built: the seed its arrivals are drawn from (a view that keeps
    /// state of its own alongside the run draws it from the same seed).
    fn seeded(&mut self, _s: &Scenario, _seed: u64) {}
    /// After each advance: the run as it stands now.
    fn follow(&mut self, _live: &LiveRouting) {}
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
        let (mut view, s, clock) = V::new(p);
        view.seeded(&s, seed);
        let live = LiveRouting::new(&s, clock, seed);
        Box::new(RoutingScene { live, view })
    }
}

impl<V: RoutingView> Scene for RoutingScene<V> {
    fn advance(&mut self, dt_s: f64) {
        self.live.advance(dt_s);
        self.view.follow(&self.live);
    }
    fn now_s(&self) -> f64 {
        self.live.now()
    }
    fn size(&self, layout: Layout) -> (f32, f32) {
        self.view.size(layout)
    }
    fn draw(&self, f: &mut Frame) {
        self.view.draw(&self.live, f);
    }
    fn counters(&self, out: &mut Vec<f64>) {
        out.clear();
        out.extend_from_slice(&self.view.values(&self.live));
    }
    fn summary(&self, out: &mut String) {
        self.view.tell(&self.live, out);
    }
}

/// The ending of a summary when the busiest card runs over the headroom.
pub fn over_headroom(load: f64) -> &'static str {
    if load > HEADROOM {
        ", over the 60% headroom"
    } else {
        ""
    }
}
