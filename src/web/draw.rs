//! Draws a model [`Chart`] on a canvas. Knows chart kinds, never topics:
//! whatever a topic puts in its outcome is drawn the same way.
//!
//! Where everything goes is decided by the model's chart layout
//! (`model::chart_layout`): the plane, its scales, the grid and every text
//! box. Plotters draws the geometry (series, bars, arcs) at the layout's
//! pixels; text goes straight to the 2D context, exactly into the layout's
//! boxes (plotters' web font measures each label by inserting an element and
//! forcing a page layout, which cost most of a repaint).
//!
//! The colours are the stylesheet's (a custom property per tone, read once
//! per theme), text is written in a shade of its tone legible on the
//! chart's background, and no two series of a chart differ by colour alone:
//! lines carry markers, bar sets after the first are hatched.

use crate::model::chart_colour::{legible, Rgb};
use crate::model::chart_geometry::{dash_band, envelope, steps};
use crate::model::chart_layout::{layout, Align, ChartLayout, Label, Rect, Role, SWATCH_PX};
use crate::model::chart_scale::to_px;
use crate::model::chart_text::FONT_PX;
use crate::model::{BarChart, Chart, Plot, RingChart, Style, Tone, XyChart};
use crate::web::dom::{css_colour, css_number};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

type Area = DrawingArea<CanvasBackend, Shift>;

/// A dash and its gap, CSS px.
const DASH: (f64, f64) = (7.0, 4.0);
/// Markers along a line: one every so many CSS px, this big.
const MARK_EVERY: f64 = 56.0;
const MARK_R: f64 = 3.5;
/// The stripes of a hatched bar, this far apart (CSS px).
const HATCH_EVERY: f64 = 6.0;

/// The chart inks of the page's theme, read from the stylesheet's custom
/// properties (a colour per [`Tone::var`]) the first time a chart is drawn,
/// and again after [`restyle`]: a theme, projector mode, print or forced
/// colours change them without a line of code.
struct Inks {
    tone: [RGBColor; 13],
    /// Each tone as CSS, and the colour its text is written in (legible on
    /// the chart's background).
    css: [String; 13],
    text: [String; 13],
    bg: RGBColor,
    bg_css: String,
    grid: RGBColor,
    /// The saturation and lightness of the ring's arcs.
    arc: (f64, f64),
    /// CSS px per layout px (a projector draws charts larger), and the
    /// lines' multiple (thicker there).
    zoom: f64,
    weight: f64,
}

thread_local! {
    static INKS: RefCell<Option<Rc<Inks>>> = const { RefCell::new(None) };
}

/// The page's styles changed: the next chart reads its inks again.
pub fn restyle() {
    INKS.with(|i| i.borrow_mut().take());
}

fn inks() -> Rc<Inks> {
    INKS.with(|i| {
        i.borrow_mut()
            .get_or_insert_with(|| Rc::new(read_inks()))
            .clone()
    })
}

fn read_inks() -> Inks {
    let rgb = |var: &str, or: Rgb| Rgb::parse(&css_colour(var)).unwrap_or(or);
    let bg = rgb("--chart-bg", Rgb(255, 255, 255));
    let ink = rgb(Tone::Ink.var(), Rgb(0, 0, 0));
    let tones = Tone::ALL.map(|t| rgb(t.var(), ink));
    let plot = |c: Rgb| RGBColor(c.0, c.1, c.2);
    Inks {
        tone: tones.map(plot),
        css: tones.map(Rgb::hex),
        text: tones.map(|c| legible(c, bg, ink).hex()),
        bg: plot(bg),
        bg_css: bg.hex(),
        grid: plot(rgb("--chart-grid", ink)),
        arc: (
            css_number("--chart-arc-saturation", 0.25),
            css_number("--chart-arc-lightness", 0.8),
        ),
        zoom: css_number("--chart-zoom", 1.0).clamp(0.5, 3.0),
        weight: css_number("--chart-weight", 1.0).clamp(0.5, 4.0),
    }
}

/// Reads the chart inks now, before a page is built (reading them while it
/// is built costs a style pass of the half-built page).
pub fn read_inks_early() {
    inks();
}

/// `(sin a, cos a)` by the browser's `Math`: the drawing's only
/// trigonometry, so a page whose model has none links no libm sine (its
/// argument reduction alone is 6 KB of code).
pub fn sin_cos(a: f64) -> (f64, f64) {
    (js_sys::Math::sin(a), js_sys::Math::cos(a))
}

/// `#rrggbb` of a tone, for the HTML legend.
pub fn css(t: Tone) -> String {
    inks().css[t.index()].clone()
}

/// How many CSS px a layout px takes (1, or more on a projector).
pub fn zoom() -> f64 {
    inks().zoom
}

/// The marker series `k` of `n` in a chart carries (0: none; 1 to 5: a
/// dot, square, triangle, diamond, inverted triangle), so that no two lines
/// of a chart differ by colour alone; a series of points is its markers.
pub fn marker(k: usize, n: usize, style: Style) -> usize {
    match style {
        Style::Points => 1 + k % 5,
        _ if n > 1 && k > 0 => 1 + (k - 1) % 5,
        _ => 0,
    }
}

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// The 2D context for what plotters does not draw (text, dashes, tints,
/// markers, hatching, clipping), in CSS pixels scaled by the device pixel
/// ratio.
struct Pen {
    ctx: CanvasRenderingContext2d,
    scale: f64,
    ink: Rc<Inks>,
}

impl Pen {
    fn new(canvas: &HtmlCanvasElement, scale: f64, ink: Rc<Inks>) -> Option<Pen> {
        let ctx = canvas
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        // The context outlives a paint: each paint starts from one state, so
        // the same chart draws the same pixels whatever was drawn before.
        ctx.set_global_alpha(1.0);
        ctx.set_line_join("miter");
        ctx.set_line_cap("butt");
        ctx.set_line_width(1.0);
        let _ = ctx.set_line_dash(&js_sys::Array::new());
        ctx.set_font(&format!("{}px system-ui, sans-serif", FONT_PX * scale));
        Some(Pen { ctx, scale, ink })
    }

    /// CSS px to device px.
    fn d(&self, v: f64) -> f64 {
        v * self.scale
    }

    /// A line width of `w` CSS px in device px, as thick as the theme asks.
    fn w(&self, w: f64) -> f64 {
        self.d(w * self.ink.weight)
    }

    /// A point in CSS px as plotters' device pixel.
    fn pt(&self, (x, y): (f64, f64)) -> (i32, i32) {
        (self.d(x).round() as i32, self.d(y).round() as i32)
    }

    fn path(&self, pts: &[(f64, f64)]) {
        let c = &self.ctx;
        c.begin_path();
        for (i, &(x, y)) in pts.iter().enumerate() {
            if i == 0 {
                c.move_to(self.d(x), self.d(y));
            } else {
                c.line_to(self.d(x), self.d(y));
            }
        }
    }

    /// A dashed polyline in one canvas path, so the dashes run on along it
    /// (plotters strokes every dash on its own).
    fn dashed(&self, pts: &[(f64, f64)], tone: Tone, width: f64) {
        if pts.len() < 2 {
            return;
        }
        let c = &self.ctx;
        c.save();
        c.set_stroke_style_str(&self.ink.css[tone.index()]);
        c.set_line_width(self.w(width));
        let dash = js_sys::Array::of2(&self.d(DASH.0).into(), &self.d(DASH.1).into());
        let _ = c.set_line_dash(&dash);
        self.path(pts);
        c.stroke();
        c.restore();
    }

    /// A closed outline filled with a light tint of `tone`.
    fn tint(&self, outline: &[(f64, f64)], tone: Tone) {
        let c = &self.ctx;
        c.save();
        c.set_global_alpha(0.14);
        c.set_fill_style_str(&self.ink.css[tone.index()]);
        self.path(outline);
        c.close_path();
        c.fill();
        c.restore();
    }

    /// Markers of `shape` (see [`marker`]) along the polyline `pts`, one
    /// every [`MARK_EVERY`] CSS px from `offset`, each ringed in the
    /// background so it stands out over the lines it crosses.
    fn markers(&self, pts: &[(f64, f64)], shape: usize, tone: Tone, offset: f64) {
        let mut at = Vec::new();
        let mut next = offset;
        let mut run = 0.0;
        for w in pts.windows(2) {
            let ((x0, y0), (x1, y1)) = (w[0], w[1]);
            let len = (x1 - x0).hypot(y1 - y0);
            while len > 0.0 && next <= run + len {
                let t = (next - run) / len;
                at.push((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t));
                next += MARK_EVERY;
            }
            run += len;
        }
        if at.is_empty() {
            at.extend(pts.first());
        }
        self.shapes(&at, shape, tone);
    }

    /// A marker of `shape` at each of `at` (CSS px), in one path.
    fn shapes(&self, at: &[(f64, f64)], shape: usize, tone: Tone) {
        let c = &self.ctx;
        let r = self.w(MARK_R);
        c.begin_path();
        for &(x, y) in at {
            let (x, y) = (self.d(x), self.d(y));
            match shape {
                2 => c.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7),
                3 | 5 => {
                    let s = if shape == 3 { 1.0 } else { -1.0 };
                    c.move_to(x, y - s * r * 1.15);
                    c.line_to(x + r * 1.05, y + s * r * 0.8);
                    c.line_to(x - r * 1.05, y + s * r * 0.8);
                    c.close_path();
                }
                4 => {
                    c.move_to(x, y - r * 1.25);
                    c.line_to(x + r * 1.05, y);
                    c.line_to(x, y + r * 1.25);
                    c.line_to(x - r * 1.05, y);
                    c.close_path();
                }
                _ => {
                    c.move_to(x + r, y);
                    let _ = c.arc(x, y, r, 0.0, std::f64::consts::TAU);
                }
            }
        }
        c.set_fill_style_str(&self.ink.css[tone.index()]);
        c.set_stroke_style_str(&self.ink.bg_css);
        c.set_line_width(self.d(1.0));
        c.stroke();
        c.fill();
    }

    /// Stripes of the background across `r` (CSS px), slanting one way for
    /// the second bar set, the other for the third, and so on.
    fn hatch(&self, r: &Rect, k: usize) {
        let c = &self.ctx;
        c.save();
        c.begin_path();
        c.rect(self.d(r.x), self.d(r.y), self.d(r.w), self.d(r.h));
        c.clip();
        c.begin_path();
        let slope = [1.0, -1.0, 0.0][(k - 1) % 3];
        let mut x = r.x - r.h.abs();
        while x < r.right() + r.h.abs() {
            c.move_to(self.d(x), self.d(r.bottom()));
            c.line_to(self.d(x + slope * r.h), self.d(r.y));
            x += HATCH_EVERY;
        }
        c.set_stroke_style_str(&self.ink.bg_css);
        c.set_line_width(self.w(1.5));
        c.stroke();
        c.restore();
    }

    /// Keeps what is drawn next inside `r` (grown by a few pixels, so a
    /// line or a point on the edge shows whole) until [`Pen::unclip`].
    fn clip(&self, r: &Rect) {
        let c = &self.ctx;
        c.save();
        c.begin_path();
        c.rect(
            self.d(r.x - 3.0),
            self.d(r.y - 3.0),
            self.d(r.w + 6.0),
            self.d(r.h + 6.0),
        );
        c.clip();
    }

    fn unclip(&self) {
        self.ctx.restore();
    }

    /// One of the layout's text boxes: the text anchored in its box as the
    /// layout says, a key entry's line sample before it.
    fn label(&self, l: &Label) {
        let mid = l.rect.y + l.rect.h / 2.0;
        let mut left = l.rect.x;
        if l.swatch {
            self.dashed(
                &[(left + 1.0, mid), (left + SWATCH_PX - 5.0, mid)],
                l.tone,
                2.0,
            );
            left += SWATCH_PX;
        }
        let (x, align) = match l.align {
            Align::Left => (left, "left"),
            Align::Center => (l.rect.x + l.rect.w / 2.0, "center"),
            Align::Right => (l.rect.right(), "right"),
        };
        let c = &self.ctx;
        // Everything set here is undone after: the context outlives this
        // paint, and the next one must start from the same state (a round
        // line join left behind would round the next outline's corners).
        c.save();
        c.set_text_align(align);
        c.set_text_baseline("middle");
        if l.role == Role::Reference {
            // A halo of the background keeps a label inside the plane
            // legible over the lines and bars it sits on.
            c.set_stroke_style_str(&self.ink.bg_css);
            c.set_line_width(self.d(3.0));
            c.set_line_join("round");
            let _ = c.stroke_text(&l.text, self.d(x), self.d(mid));
        }
        c.set_fill_style_str(&self.ink.text[l.tone.index()]);
        let _ = c.fill_text(&l.text, self.d(x), self.d(mid));
        c.restore();
    }
}

fn px(v: f64, scale: f64) -> u32 {
    (v * scale).round().max(1.0) as u32
}

/// Draws `chart` filling `canvas` (whose pixel size the caller has set);
/// `scale` is the device pixel ratio. Returns the layout it drew, in layout
/// px ([`zoom`] CSS px each).
pub fn draw(canvas: &HtmlCanvasElement, chart: &Chart, scale: f64) -> Result<ChartLayout, String> {
    let ink = inks();
    let scale = scale * ink.zoom;
    let size = (
        canvas.width() as f64 / scale,
        canvas.height() as f64 / scale,
    );
    let lay = layout(chart, size.0, size.1);
    let backend =
        CanvasBackend::with_canvas_object(canvas.clone()).ok_or("no 2d canvas context")?;
    let pen = Pen::new(canvas, scale, ink.clone()).ok_or("no 2d canvas context")?;
    let root = backend.into_drawing_area();
    root.fill(&ink.bg).map_err(err)?;
    match &chart.plot {
        Plot::Xy(xy) => draw_xy(&root, &pen, xy, &lay)?,
        Plot::Bars(b) => draw_bars(&root, &pen, b, &lay)?,
        Plot::Ring(r) => draw_ring(&root, &pen, r)?,
    }
    for l in &lay.labels {
        pen.label(l);
    }
    root.present().map_err(err)?;
    Ok(lay)
}

/// The plane's grid (at the y ticks) and its two axes.
fn frame(root: &Area, pen: &Pen, lay: &ChartLayout) -> Result<(), String> {
    let p = &lay.plane;
    let thin = px(1.0, pen.scale);
    for &y in &lay.grid {
        let line = vec![pen.pt((p.x, y)), pen.pt((p.right(), y))];
        root.draw(&PathElement::new(line, pen.ink.grid.stroke_width(thin)))
            .map_err(err)?;
    }
    let axes = vec![
        pen.pt((p.x, p.y)),
        pen.pt((p.x, p.bottom())),
        pen.pt((p.right(), p.bottom())),
    ];
    let muted = pen.ink.tone[Tone::Muted.index()];
    root.draw(&PathElement::new(axes, muted.stroke_width(thin)))
        .map_err(err)
}

/// The reference lines, dashed across the plane.
fn rules(pen: &Pen, lay: &ChartLayout) {
    let p = &lay.plane;
    for r in &lay.hlines {
        pen.dashed(&[(p.x, r.at), (p.right(), r.at)], r.tone, 1.5);
    }
    for r in &lay.vlines {
        pen.dashed(&[(r.at, p.bottom()), (r.at, p.y)], r.tone, 1.5);
    }
}

fn draw_xy(root: &Area, pen: &Pen, xy: &XyChart, lay: &ChartLayout) -> Result<(), String> {
    frame(root, pen, lay)?;
    let line = px(2.0 * pen.ink.weight, pen.scale);
    // Every point is a call into the canvas: a line with more points than
    // pixel columns keeps each column's extremes (the same picture).
    let columns = pen.d(lay.plane.w) as usize;
    let span = (lay.plane.x, lay.plane.right());
    let n = xy.series.len();
    pen.clip(&lay.plane);
    for (k, se) in xy.series.iter().enumerate() {
        let c = pen.ink.tone[se.tone.index()];
        let pts = to_px(&se.points, &lay.x, &lay.y);
        let device = |pts: &[(f64, f64)]| pts.iter().map(|&q| pen.pt(q)).collect::<Vec<_>>();
        let shape = marker(k, n, se.style);
        // Markers start at a different place on each line, so that two
        // lines that run together still show both.
        let offset = 14.0 + 11.0 * k as f64;
        match se.style {
            Style::Line => {
                let pts = envelope(pts, span, columns);
                root.draw(&PathElement::new(device(&pts), c.stroke_width(line)))
                    .map_err(err)?;
                if shape > 0 {
                    pen.markers(&pts, shape, se.tone, offset);
                }
            }
            Style::Dashed => {
                let pts = envelope(pts, span, columns);
                // A line that turns back faster than its dashes repeat would
                // read as hatching: it shows as the band it sweeps instead.
                let top = match dash_band(&pts, DASH.0 + DASH.1) {
                    Some((top, bottom)) => {
                        let outline: Vec<(f64, f64)> =
                            top.iter().chain(bottom.iter().rev()).copied().collect();
                        pen.tint(&outline, se.tone);
                        pen.dashed(&bottom, se.tone, 1.5);
                        top
                    }
                    None => pts,
                };
                pen.dashed(&top, se.tone, 1.5);
                if shape > 0 {
                    pen.markers(&top, shape, se.tone, offset);
                }
            }
            Style::Points => pen.shapes(&pts, shape, se.tone),
            Style::Step => {
                let pts = steps(&pts);
                root.draw(&PathElement::new(device(&pts), c.stroke_width(line)))
                    .map_err(err)?;
                if shape > 0 {
                    pen.markers(&pts, shape, se.tone, offset);
                }
            }
        }
    }
    pen.unclip();
    rules(pen, lay);
    Ok(())
}

fn draw_bars(root: &Area, pen: &Pen, b: &BarChart, lay: &ChartLayout) -> Result<(), String> {
    frame(root, pen, lay)?;
    let corners = |r: &Rect| [pen.pt((r.x, r.y)), pen.pt((r.right(), r.bottom()))];
    for bar in &lay.bars {
        root.draw(&Rectangle::new(
            corners(&bar.rect),
            pen.ink.tone[bar.tone.index()].filled(),
        ))
        .map_err(err)?;
        // Sets after the first are hatched: told apart without colour.
        match b.sets.iter().position(|s| s.tone == bar.tone) {
            Some(k) if k > 0 => pen.hatch(&bar.rect, k),
            _ => {}
        }
    }
    let ink = pen.ink.tone[Tone::Ink.index()];
    let outline = ink.stroke_width(px(1.5 * pen.ink.weight, pen.scale));
    for r in &lay.outlines {
        root.draw(&Rectangle::new(corners(r), outline))
            .map_err(err)?;
    }
    rules(pen, lay);
    Ok(())
}

fn draw_ring(root: &Area, pen: &Pen, r: &RingChart) -> Result<(), String> {
    let s = pen.scale;
    let (w, h) = root.dim_in_pixel();
    let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
    let band = 14.0 * s;
    let radius = (cx.min(cy) - band - 6.0 * s).max(10.0);
    let at = |turn: f64, rad: f64| -> (i32, i32) {
        let (sin, cos) = sin_cos(turn * std::f64::consts::TAU);
        (
            (cx + rad * sin).round() as i32,
            (cy - rad * cos).round() as i32,
        )
    };
    let tone = |t: Tone| pen.ink.tone[t.index()];
    if r.arcs.is_empty() {
        root.draw(&Circle::new(
            at(0.0, 0.0),
            radius as i32,
            tone(Tone::Muted).stroke_width(px(1.5, s)),
        ))
        .map_err(err)?;
    }
    let (saturation, lightness) = pen.ink.arc;
    for arc in &r.arcs {
        let steps = (((arc.end - arc.start) * 360.0).ceil() as usize).max(1);
        let pts: Vec<(i32, i32)> = (0..=steps)
            .map(|k| {
                at(
                    arc.start + (arc.end - arc.start) * k as f64 / steps as f64,
                    radius,
                )
            })
            .collect();
        // Arcs that changed card stand out; the rest are quiet pastels.
        let width = band as u32;
        let style = if arc.moved {
            tone(Tone::Warn).stroke_width(width)
        } else {
            let hue = (arc.card as f64 * 0.618_033_988_75).fract();
            HSLColor(hue, saturation, lightness).stroke_width(width)
        };
        root.draw(&PathElement::new(pts, style)).map_err(err)?;
    }
    let inner = radius - band / 2.0 - 8.0 * s;
    let (small, big) = (px(2.0, s) as i32, px(4.0, s) as i32);
    for moved in [false, true] {
        let style = if moved {
            tone(Tone::Bad).filled()
        } else {
            tone(Tone::Muted).filled()
        };
        let size = if moved { big } else { small };
        for d in r.dots.iter().filter(|d| d.moved == moved) {
            root.draw(&Circle::new(at(d.at, inner), size, style))
                .map_err(err)?;
        }
    }
    Ok(())
}
