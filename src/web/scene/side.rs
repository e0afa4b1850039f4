//! One side of the scene: its canvas and painter, the scene running on it,
//! and the buffers a frame reuses (the display list, the counters).

use super::paint::{Painter, Palette};
use crate::model::scene::Layout;
use crate::model::{Frame, Scene};
use crate::web::dom::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement};

pub(super) struct Side {
    pub scene: Option<Box<dyn Scene>>,
    pub canvas: HtmlCanvasElement,
    painter: Painter,
    frame: Frame,
    /// The frame before (its buffers swap with `frame`'s, never freed).
    before: Frame,
    pub counters: Vec<f64>,
    /// The canvas's CSS size and the device pixel ratio, measured when the
    /// layout may have changed (reading them forces a layout).
    measured: (f64, f64, f64),
    /// The scene's logical size the canvas is proportioned for.
    shaped: (f32, f32),
    /// The frame's texts are painted.
    words: bool,
    /// The layout the scene is drawn in: narrow when the canvas's box is
    /// narrower than [`NARROW_BELOW_PX`] and the scene has a narrow layout.
    layout: Layout,
    /// The smallest text painted last, in CSS pixels, as the canvas's
    /// `data-least-text-px` says.
    least_text_px: f64,
}

/// Below this width (CSS px) of its box, a scene with a layout for a phone
/// is drawn in it.
const NARROW_BELOW_PX: i32 = 700;

impl Side {
    /// A canvas for a scene in `parent`, labelled for a screen reader.
    pub fn new(parent: &Element, topic_id: &str, which: &str, label: &str) -> Option<Side> {
        let canvas = el("canvas", "scene-canvas");
        attr(&canvas, "data-scene", topic_id);
        attr(&canvas, "data-side", which);
        attr(&canvas, "role", "img");
        attr(&canvas, "aria-label", label);
        attr(&canvas, "aria-describedby", "scene-summary");
        // On a phone a scene with a narrow layout draws it (`measure`);
        // one without scrolls sideways rather than shrink past reading.
        let scroll = scroll_box(parent, "scene-scroll", label);
        append(&scroll, &canvas);
        Side::on(canvas.unchecked_into(), true)
    }

    /// A side painting on `canvas`; `words`: the frame's texts are painted
    /// (a thumbnail leaves them out).
    pub fn on(canvas: HtmlCanvasElement, words: bool) -> Option<Side> {
        let ctx = canvas
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        Some(Side {
            scene: None,
            canvas,
            painter: Painter::new(ctx),
            frame: Frame::default(),
            before: Frame::default(),
            counters: Vec::new(),
            measured: (0.0, 0.0, 0.0),
            shaped: (0.0, 0.0),
            words,
            layout: Layout::Wide,
            least_text_px: -1.0,
        })
    }

    /// Whether its picture writes the scene's counters, in the layout it
    /// has now.
    pub fn draws_counters(&self) -> bool {
        self.scene
            .as_ref()
            .is_some_and(|s| s.draws_counters(self.layout))
    }

    /// Runs `scene` on this side from its start.
    pub fn set(&mut self, scene: Box<dyn Scene>) {
        self.scene = Some(scene);
        self.measure();
    }

    /// Proportions the canvas for the scene's size in its layout (a canvas
    /// keeps the scene's proportions at any width) and marks a narrow one.
    fn shape(&mut self) {
        let Some(s) = &self.scene else { return };
        let size = s.size(self.layout);
        if size == self.shaped {
            return;
        }
        // As f64: an f32's Display is code of its own (1.6 KB), the f64's the app's.
        let (w, h) = (size.0.max(1.0) as f64, size.1.max(1.0) as f64);
        let ratio = format!("{w} / {h}");
        let style = html(&self.canvas).style();
        let _ = style.set_property("aspect-ratio", &ratio);
        // For CSS that caps a picture's height (the guided start's).
        let _ = style.set_property("--scene-ratio", &(w / h).to_string());
        let narrow = self.layout == Layout::Narrow;
        let _ = self.canvas.class_list().toggle_with_force("narrow", narrow);
        self.shaped = size;
    }

    /// The layout the canvas's box calls for: narrow on a phone, if the
    /// scene has one (a thumbnail, without words, stays wide).
    fn fitting_layout(&self) -> Layout {
        let has_narrow = self
            .scene
            .as_ref()
            .is_some_and(|s| s.size(Layout::Narrow) != s.size(Layout::Wide));
        let room = self
            .canvas
            .parent_element()
            .map_or(i32::MAX, |p| p.client_width());
        if self.words && has_narrow && room > 0 && room < NARROW_BELOW_PX {
            Layout::Narrow
        } else {
            Layout::Wide
        }
    }

    /// Lays the scene out for the canvas's box and gives the canvas the
    /// device pixels of the space it is shown in; true when they changed.
    pub fn measure(&mut self) -> bool {
        // Proportioned for the layout it has before any size is read: the
        // read lays the page out once, and only a change of layout (a
        // phone's narrow scene) lays it out again.
        self.shape();
        let layout = self.fitting_layout();
        let relaid = layout != self.layout;
        self.layout = layout;
        self.shape();
        let c = &self.canvas;
        let dpr = window().device_pixel_ratio().max(1.0);
        let now = (
            (c.client_width() as f64).max(1.0),
            (c.client_height() as f64).max(1.0),
            dpr,
        );
        if now == self.measured && !relaid {
            return false;
        }
        self.measured = now;
        let (w, h, dpr) = now;
        c.set_width((w * dpr).round() as u32);
        c.set_height((h * dpr).round() as u32);
        let unit = w / self.shaped.0.max(1.0) as f64;
        self.painter.scale(unit, dpr);
        true
    }

    pub fn advance(&mut self, dt_s: f64) {
        if let Some(s) = &mut self.scene {
            s.advance(dt_s);
        }
    }

    /// Describes and paints the scene as it is now, and reads its counters.
    pub fn draw(&mut self, palette: &Palette) {
        let Some(s) = &self.scene else { return };
        std::mem::swap(&mut self.frame, &mut self.before);
        self.frame.clear();
        self.frame.layout = self.layout;
        s.draw(&mut self.frame);
        if !self.words {
            self.frame
                .shapes
                .retain(|s| !matches!(s, crate::model::scene::Shape::Text { .. }));
        }
        self.painter
            .paint(&self.frame, s.size(self.layout), palette);
        // What the browser tests read: the smallest text on screen.
        let least = (self.painter.least_text_px * 10.0).round() / 10.0;
        if least != self.least_text_px {
            self.least_text_px = least;
            attr(&self.canvas, "data-least-text-px", &least.to_string());
        }
        self.counters.clear();
        s.counters(&mut self.counters);
    }

    /// The last frame drawn differs from the one before it.
    pub fn changed(&self) -> bool {
        self.frame.shapes != self.before.shapes || self.frame.text != self.before.text
    }

    /// Its scene has shown all it has (its run is over).
    pub fn ended(&self) -> bool {
        self.scene.as_ref().is_some_and(|s| s.ended())
    }

    pub fn now_s(&self) -> f64 {
        self.scene.as_ref().map_or(0.0, |s| s.now_s())
    }

    /// The last frame's shapes, marks among them, and the fills and
    /// strokes that painted them.
    pub fn load(&self) -> (usize, usize, u32) {
        let shapes = &self.frame.shapes;
        let marks = shapes
            .iter()
            .filter(|s| matches!(s, crate::model::scene::Shape::Mark { .. }))
            .count();
        (shapes.len(), marks, self.painter.batches)
    }
}
