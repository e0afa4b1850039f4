//! Paints a scene's [`Frame`] on a 2D canvas, straight through web-sys.
//!
//! Shapes paint as the scene lists them, a later one over an earlier one;
//! shapes that look alike and do not overlap share one path (src/web/scene/
//! batch.rs), so a row of cards or a few thousand requests in flight are a
//! few dozen canvas calls, not thousands.
//!
//! Inks are colours read from CSS custom properties (`--scene-hit`…) when
//! the page starts and whenever its theme changes; text is written in a
//! shade of its ink legible on the scene's background. They are kept as JS
//! strings and set through
//! setters that take them as they are, so a frame converts no colour. Hit and
//! miss differ by shape as well as colour (the glyphs). Sizes are the
//! scene's logical units scaled to the canvas, with floors in CSS pixels so
//! a mark or a label stays visible on a phone.

use super::batch::{Batches, Look};
use crate::model::chart_colour::{legible, Rgb};
use crate::model::scene::{text_units, Frame, Glyph, Ink, Shape, TextSize};
use crate::web::dom::css_colour;
use std::f64::consts::{FRAC_PI_2, TAU};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::CanvasRenderingContext2d;

#[wasm_bindgen]
extern "C" {
    /// The 2D context, through the setters that take a JS string made once
    /// (web-sys's take a `&str`, converted on every call).
    type Setters;
    #[wasm_bindgen(method, setter = fillStyle)]
    fn set_fill(this: &Setters, v: &JsValue);
    #[wasm_bindgen(method, setter = strokeStyle)]
    fn set_stroke(this: &Setters, v: &JsValue);
    #[wasm_bindgen(method, setter = font)]
    fn set_font_value(this: &Setters, v: &JsValue);
    #[wasm_bindgen(method, setter = textAlign)]
    fn set_align_value(this: &Setters, v: &JsValue);
}

fn setters(c: &CanvasRenderingContext2d) -> &Setters {
    c.unchecked_ref()
}

/// Every ink, in the order of `ink_index`, with its CSS custom property and
/// the colour used when the stylesheet gives none.
const INKS: [(Ink, &str, &str); 15] = [
    (Ink::Text, "--scene-text", "#1d2430"),
    (Ink::Muted, "--scene-muted", "#5f6672"),
    (Ink::Card, "--scene-card", "#dfe7f3"),
    (Ink::Booting, "--scene-booting", "#c9b6f0"),
    (Ink::Idle, "--scene-idle", "#e8e8e8"),
    (Ink::Down, "--scene-down", "#444444"),
    (Ink::Hit, "--scene-hit", "#1f7a3a"),
    (Ink::Miss, "--scene-miss", "#c2410c"),
    (Ink::Refused, "--scene-refused", "#b91c1c"),
    (Ink::Waiting, "--scene-waiting", "#6b7280"),
    (Ink::ClassA, "--scene-class-a", "#1d4ed8"),
    (Ink::ClassB, "--scene-class-b", "#c026d3"),
    (Ink::ClassC, "--scene-class-c", "#a16207"),
    (Ink::Warn, "--scene-warn", "#b45309"),
    (Ink::Accent, "--scene-accent", "#0e7490"),
];

fn ink_index(ink: Ink) -> usize {
    match ink {
        Ink::Text => 0,
        Ink::Muted => 1,
        Ink::Card => 2,
        Ink::Booting => 3,
        Ink::Idle => 4,
        Ink::Down => 5,
        Ink::Hit => 6,
        Ink::Miss => 7,
        Ink::Refused => 8,
        Ink::Waiting => 9,
        Ink::ClassA => 10,
        Ink::ClassB => 11,
        Ink::ClassC => 12,
        Ink::Warn => 13,
        Ink::Accent => 14,
    }
}

/// The least each text size (small, normal, large) may shrink to on
/// screen, in CSS pixels; its height is the model's
/// ([`crate::model::scene::text_units`], as `examples/scene_svg` draws it).
const TEXT_FLOOR_PX: [f64; 3] = [7.0, 8.0, 10.0];
/// The least radius a mark shrinks to, in CSS pixels.
const MIN_MARK_PX: f64 = 1.75;
/// Stroke widths in CSS pixels: outlines and lines, rings and crosses.
const LINE_PX: f64 = 1.0;
const GLYPH_PX: f64 = 1.5;
/// Dash and gap of a dashed line, in CSS pixels.
const DASH_PX: (f64, f64) = (5.0, 4.0);

/// The colours of a page's theme, read once (and again when it changes).
#[derive(Clone)]
pub struct Palette {
    inks: Vec<JsValue>,
    /// Each ink as text: legible on the scene's background.
    text: Vec<JsValue>,
    background: JsValue,
}

impl Palette {
    /// Reads the inks from the stylesheet's custom properties as the page
    /// resolves them now (its theme, print, forced colours' system colours).
    /// The last read is kept for [`Palette::current`].
    pub fn read() -> Palette {
        let p = Palette::fresh();
        LAST.with(|l| *l.borrow_mut() = Some(p.clone()));
        p
    }

    /// The inks as last read (read now if never): a page reads them before
    /// it builds, while resolving the styles costs little, not in the
    /// middle of building (where it costs a style pass of the half-built
    /// page).
    pub fn current() -> Palette {
        LAST.with(|l| l.borrow().clone())
            .unwrap_or_else(Palette::read)
    }

    fn fresh() -> Palette {
        let get = |name: &str, fallback: &str| {
            let v = css_colour(&format!("{name}, {fallback}"));
            Rgb::parse(&v).unwrap_or(Rgb(0, 0, 0))
        };
        let bg = get("--scene-bg", "#ffffff");
        let ink = get("--scene-text", "#1d2430");
        let inks: Vec<Rgb> = INKS.iter().map(|(_, name, fb)| get(name, fb)).collect();
        let js = |c: Rgb| JsValue::from_str(&c.hex());
        Palette {
            text: inks.iter().map(|c| js(legible(*c, bg, ink))).collect(),
            inks: inks.into_iter().map(js).collect(),
            background: js(bg),
        }
    }
}

thread_local! {
    static LAST: std::cell::RefCell<Option<Palette>> = const { std::cell::RefCell::new(None) };
}

/// What the context is set to, so a frame sets each state once per change.
#[derive(Clone, Copy, PartialEq)]
enum Set {
    Unknown,
    To(u8),
}

/// Paints frames on one canvas; keeps its scratch and the context's state
/// between frames.
pub struct Painter {
    ctx: CanvasRenderingContext2d,
    /// The scale from logical units to device pixels.
    k: f64,
    /// Logical units per CSS pixel (the floors above are in CSS pixels).
    per_px: f64,
    fonts: [JsValue; 3],
    aligns: [JsValue; 3],
    dash: JsValue,
    solid: JsValue,
    fill: Set,
    stroke: Set,
    font: Set,
    align: Set,
    /// The frame's shapes in batches (kept between frames).
    sorted: Batches,
    /// Each text size's height in logical units.
    text_h: [f32; 3],
    /// Paths (and text batches) of the last frame (the benchmark prints
    /// them).
    pub batches: u32,
    /// CSS pixels per logical unit.
    css_per_unit: f64,
    /// The smallest text of the last frame, in CSS pixels (0 without text).
    pub least_text_px: f64,
}

impl Painter {
    pub fn new(ctx: CanvasRenderingContext2d) -> Painter {
        Painter {
            ctx,
            k: 1.0,
            per_px: 1.0,
            fonts: Default::default(),
            aligns: ["left", "center", "right"].map(JsValue::from_str),
            dash: JsValue::NULL,
            solid: js_sys::Array::new().into(),
            fill: Set::Unknown,
            stroke: Set::Unknown,
            font: Set::Unknown,
            align: Set::Unknown,
            sorted: Batches::default(),
            text_h: [TextSize::Small, TextSize::Normal, TextSize::Large].map(text_units),
            batches: 0,
            css_per_unit: 1.0,
            least_text_px: 0.0,
        }
    }

    /// The canvas now shows `css_per_unit` CSS pixels per logical unit at
    /// `dpr` device pixels per CSS pixel (after a resize; a resized canvas
    /// forgets its state).
    pub fn scale(&mut self, css_per_unit: f64, dpr: f64) {
        let css_per_unit = css_per_unit.max(1e-3);
        self.k = css_per_unit * dpr;
        self.per_px = 1.0 / css_per_unit;
        self.css_per_unit = css_per_unit;
        let sizes = [TextSize::Small, TextSize::Normal, TextSize::Large];
        let logical = [0, 1, 2].map(|i| {
            (text_units(sizes[i]) as f64 * css_per_unit).max(TEXT_FLOOR_PX[i]) * self.per_px
        });
        self.text_h = logical.map(|h| h as f32);
        self.fonts = logical.map(|h| JsValue::from_str(&format!("{h:.2}px system-ui, sans-serif")));
        let dash = js_sys::Array::of2(
            &(DASH_PX.0 * self.per_px).into(),
            &(DASH_PX.1 * self.per_px).into(),
        );
        self.dash = dash.into();
        let c = &self.ctx;
        let _ = c.set_line_dash(&self.solid);
        c.set_line_cap("butt");
        c.set_text_baseline("alphabetic");
    }

    /// Paints `frame` over the whole canvas, `size` being the scene's
    /// logical size.
    pub fn paint(&mut self, frame: &Frame, size: (f32, f32), palette: &Palette) {
        let c = &self.ctx;
        let _ = c.set_transform(self.k, 0.0, 0.0, self.k, 0.0, 0.0);
        self.fill = Set::Unknown;
        self.stroke = Set::Unknown;
        self.font = Set::Unknown;
        self.align = Set::Unknown;
        self.least_text_px = 0.0;
        setters(c).set_fill(&palette.background);
        c.fill_rect(0.0, 0.0, size.0 as f64, size.1 as f64);
        let min_r = MIN_MARK_PX * self.per_px;
        let mut sorted = std::mem::take(&mut self.sorted);
        sorted.sort(frame, size, self.text_h, min_r as f32);
        for b in 0..sorted.len() {
            let (l, shapes) = sorted.batch(b);
            if l == Look::Text {
                self.texts(shapes, frame, palette);
                continue;
            }
            let c = &self.ctx;
            c.begin_path();
            for &i in shapes {
                add_to_path(c, &frame.shapes[i as usize], min_r);
            }
            self.finish(l, palette);
        }
        self.batches = sorted.len() as u32;
        self.sorted = sorted;
    }

    /// Fills or strokes the path as `l` says.
    fn finish(&mut self, l: Look, palette: &Palette) {
        let c = &self.ctx;
        let line = LINE_PX * self.per_px;
        match l {
            Look::Fill(ink) | Look::Mark(Glyph::Dot | Glyph::Square | Glyph::Triangle, ink) => {
                fill_with(c, &mut self.fill, ink, palette);
                c.fill();
            }
            Look::Mark(_, ink) => {
                stroke_with(c, &mut self.stroke, ink, palette);
                c.set_line_width(GLYPH_PX * self.per_px);
                c.stroke();
            }
            Look::Outline(ink) | Look::Line(ink, false) => {
                stroke_with(c, &mut self.stroke, ink, palette);
                c.set_line_width(line);
                c.stroke();
            }
            Look::Line(ink, true) => {
                stroke_with(c, &mut self.stroke, ink, palette);
                c.set_line_width(line);
                let _ = c.set_line_dash(&self.dash);
                c.stroke();
                let _ = c.set_line_dash(&self.solid);
            }
            Look::Arc(ink, width) => {
                stroke_with(c, &mut self.stroke, ink, palette);
                c.set_line_width((f32::from_bits(width) as f64).max(line));
                c.stroke();
            }
            Look::Text => {}
        }
    }

    /// Texts (the frame's shapes at `which`), each in its ink, size and
    /// anchor.
    fn texts(&mut self, which: &[u32], frame: &Frame, palette: &Palette) {
        let c = &self.ctx;
        for &i in which {
            let Shape::Text {
                x,
                y,
                text,
                ink,
                size,
                align,
            } = frame.shapes[i as usize]
            else {
                continue;
            };
            // `fonts` and `aligns` are in the order the enums declare.
            let f = size as u8;
            let px = self.text_h[f as usize] as f64 * self.css_per_unit;
            if self.least_text_px == 0.0 || px < self.least_text_px {
                self.least_text_px = px;
            }
            if self.font != Set::To(f) {
                setters(c).set_font_value(&self.fonts[f as usize]);
                self.font = Set::To(f);
            }
            let a = align as u8;
            if self.align != Set::To(a) {
                setters(c).set_align_value(&self.aligns[a as usize]);
                self.align = Set::To(a);
            }
            // Text inks follow the others in the fill's record.
            let i = ink_index(ink);
            if self.fill != Set::To((i + INKS.len()) as u8) {
                setters(c).set_fill(&palette.text[i]);
                self.fill = Set::To((i + INKS.len()) as u8);
            }
            let _ = c.fill_text(frame.str(text), x as f64, y as f64);
        }
    }
}

/// Sets the fill to `ink` unless it already is.
fn fill_with(c: &CanvasRenderingContext2d, set: &mut Set, ink: Ink, palette: &Palette) {
    let i = ink_index(ink);
    if *set != Set::To(i as u8) {
        setters(c).set_fill(&palette.inks[i]);
        *set = Set::To(i as u8);
    }
}

/// Sets the stroke to `ink` unless it already is.
fn stroke_with(c: &CanvasRenderingContext2d, set: &mut Set, ink: Ink, palette: &Palette) {
    let i = ink_index(ink);
    if *set != Set::To(i as u8) {
        setters(c).set_stroke(&palette.inks[i]);
        *set = Set::To(i as u8);
    }
}

/// Adds one glyph of radius `r` at `(x, y)` to the current path.
fn glyph_path(c: &CanvasRenderingContext2d, glyph: Glyph, x: f64, y: f64, r: f64) {
    match glyph {
        Glyph::Dot | Glyph::Ring => {
            c.move_to(x + r, y);
            let _ = c.arc(x, y, r, 0.0, TAU);
        }
        Glyph::Square => {
            // A square of the dot's area would look smaller; its side is
            // the dot's diameter less a little.
            let h = r * 0.9;
            c.rect(x - h, y - h, 2.0 * h, 2.0 * h);
        }
        Glyph::Cross => {
            let h = r * 0.85;
            c.move_to(x - h, y - h);
            c.line_to(x + h, y + h);
            c.move_to(x - h, y + h);
            c.line_to(x + h, y - h);
        }
        Glyph::Triangle => {
            c.move_to(x, y - r * 1.1);
            c.line_to(x + r, y + r * 0.8);
            c.line_to(x - r, y + r * 0.8);
            c.close_path();
        }
    }
}

/// Adds `s` (not a text) to the current path; marks at least `min_r`.
fn add_to_path(c: &CanvasRenderingContext2d, s: &Shape, min_r: f64) {
    match *s {
        Shape::Rect { x, y, w, h, .. } => c.rect(x as f64, y as f64, w as f64, h as f64),
        Shape::Arc {
            cx, cy, r, a0, a1, ..
        } => {
            let (cx, cy, r) = (cx as f64, cy as f64, r as f64);
            let (a0, a1) = (a0 as f64 - FRAC_PI_2, a1 as f64 - FRAC_PI_2);
            let (sin, cos) = crate::web::draw::sin_cos(a0);
            c.move_to(cx + r * cos, cy + r * sin);
            let _ = c.arc(cx, cy, r, a0, a1);
        }
        Shape::Line { x0, y0, x1, y1, .. } => {
            c.move_to(x0 as f64, y0 as f64);
            c.line_to(x1 as f64, y1 as f64);
        }
        Shape::Mark { x, y, r, glyph, .. } => {
            glyph_path(c, glyph, x as f64, y as f64, (r as f64).max(min_r))
        }
        Shape::Text { .. } => {}
    }
}
