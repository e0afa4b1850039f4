//! The home page's previews: each topic's scene, small and without its
//! words, running at the topic's first values so a card shows its fleet at
//! work before the learner opens it.
//!
//! One animation frame moves one preview (in turn), so the home page costs
//! one scene frame per display frame however many cards are on screen. A
//! preview off screen, in a hidden tab (no animation frames come), or under
//! `prefers-reduced-motion: reduce` does not move: there each shows one
//! still frame. Frames arrive through the page's one owner as
//! [`PreviewMsg`]s. Each canvas says how many times it was painted
//! (`data-frames`) and whether it moves (`data-preview="moving|still"`).

use super::paint::Palette;
use super::side::Side;
use crate::model::Topic;
use crate::topics;
use crate::web::dom::*;
use crate::web::msg::{dispatch, Msg, PreviewMsg};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// Every preview starts from this seed: the same picture on every visit.
const SEED: u64 = 1;
/// Simulated seconds of warm-up (in the scene's default speed's real
/// seconds) before the first frame, so the fleet is busy when first seen.
const WARM_S: f64 = 1.5;
/// A preview gone unpainted this long (s) catches up by at most this much.
const MAX_GAP_S: f64 = 0.25;

pub struct Previews {
    items: Vec<Item>,
    palette: Palette,
    /// The next preview to move.
    turn: usize,
    moving: bool,
    pending: bool,
    raf: Closure<dyn FnMut(f64)>,
}

struct Item {
    topic: &'static dyn Topic,
    side: Side,
    /// Built and warmed (on its first turn, so mounting costs nothing).
    started: bool,
    /// The animation-frame time (ms) it was last moved at.
    last_ms: Option<f64>,
    in_view: bool,
    frames: u32,
}

impl Previews {
    /// A preview canvas in each `.preview[data-topic]` slot under `root`
    /// whose topic has a scene.
    pub fn mount(root: &Element) -> Previews {
        let reduced = window()
            .match_media("(prefers-reduced-motion: reduce)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
        let mut items = Vec::new();
        let slots = root.query_selector_all(".preview[data-topic]").ok();
        for k in 0..slots.as_ref().map_or(0, |s| s.length()) {
            let Some(slot) = slots
                .as_ref()
                .and_then(|s| s.item(k))
                .and_then(|n| n.dyn_into::<Element>().ok())
            else {
                continue;
            };
            let id = slot.get_attribute("data-topic").unwrap_or_default();
            let (Some(topic), Some(_)) = (topics::find(&id), topics::scene(&id)) else {
                continue;
            };
            let canvas = el("canvas", "preview-canvas");
            attr(&canvas, "data-scene", topic.id());
            attr(&canvas, "data-i", &items.len().to_string());
            attr(&canvas, "data-frames", "0");
            attr(
                &canvas,
                "data-preview",
                if reduced { "still" } else { "moving" },
            );
            append(&slot, &canvas);
            if let Some(side) = Side::on(canvas.unchecked_into(), false) {
                items.push(Item {
                    topic,
                    side,
                    started: false,
                    last_ms: None,
                    in_view: true,
                    frames: 0,
                });
            }
        }
        let raf =
            Closure::<dyn FnMut(f64)>::new(|t: f64| dispatch(Msg::Preview(PreviewMsg::Frame(t))));
        let mut p = Previews {
            items,
            palette: Palette::current(),
            turn: 0,
            moving: !reduced,
            pending: false,
            raf,
        };
        watch(&p.items);
        // A theme, print or forced colours (www/theme.js): new inks.
        on(&document(), "fleetlab-restyle", |_| {
            dispatch(Msg::Preview(PreviewMsg::Restyled))
        });
        p.ask();
        p
    }

    pub fn update(&mut self, msg: PreviewMsg) {
        match msg {
            PreviewMsg::Frame(t) => {
                self.pending = false;
                self.frame(t);
            }
            PreviewMsg::Restyled => {
                self.palette = Palette::read();
                for item in self.items.iter_mut().filter(|i| i.started) {
                    item.side.draw(&self.palette);
                }
            }
            PreviewMsg::InView(i, seen) => {
                if let Some(item) = self.items.get_mut(i) {
                    item.in_view = seen;
                    // Back on screen: it resumes where it was, not jumps.
                    item.last_ms = None;
                }
            }
        }
        self.ask();
    }

    /// Moves (or, still, paints once) the next preview that needs it.
    fn frame(&mut self, t: f64) {
        let n = self.items.len();
        for k in 0..n {
            let i = (self.turn + k) % n;
            let item = &mut self.items[i];
            let due = !item.started || (self.moving && item.in_view);
            if !due {
                continue;
            }
            item.turn(t, self.moving, &self.palette);
            self.turn = (i + 1) % n;
            return;
        }
    }

    /// Asks for an animation frame while a preview has work to do.
    fn ask(&mut self) {
        let work = self
            .items
            .iter()
            .any(|i| !i.started || (self.moving && i.in_view));
        if work && !self.pending {
            let f = self.raf.as_ref().unchecked_ref();
            self.pending = window().request_animation_frame(f).is_ok();
        }
    }
}

impl Item {
    fn turn(&mut self, t_ms: f64, moving: bool, palette: &Palette) {
        if !self.started {
            let Some(spec) = topics::scene(self.topic.id()) else {
                return;
            };
            let scene = (spec.build)(&self.topic.defaults(), SEED);
            let warm = scene.default_speed() * WARM_S;
            self.side.set(scene);
            self.side.advance(warm);
            self.started = true;
        } else if moving {
            self.side.measure();
            let speed = self.side.scene.as_ref().map_or(1.0, |s| s.default_speed());
            let gap = self
                .last_ms
                .map_or(0.0, |l| ((t_ms - l) / 1000.0).clamp(0.0, MAX_GAP_S));
            self.side.advance(gap * speed);
        }
        self.last_ms = Some(t_ms);
        self.side.draw(palette);
        self.frames += 1;
        attr(&self.side.canvas, "data-frames", &self.frames.to_string());
    }
}

/// A message when a preview scrolls into or out of view.
fn watch(items: &[Item]) {
    let seen = Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
        for e in entries.iter() {
            let e: web_sys::IntersectionObserverEntry = e.unchecked_into();
            let i = e
                .target()
                .get_attribute("data-i")
                .and_then(|v| v.parse().ok());
            if let Some(i) = i {
                dispatch(Msg::Preview(PreviewMsg::InView(i, e.is_intersecting())));
            }
        }
    });
    if let Ok(io) = web_sys::IntersectionObserver::new(seen.as_ref().unchecked_ref()) {
        for item in items {
            io.observe(&item.side.canvas);
        }
        std::mem::forget(io);
    }
    seen.forget();
}
