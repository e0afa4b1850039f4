//! Draws a model [`Chart`] on a canvas. Knows chart kinds, never topics:
//! whatever a topic puts in its outcome is drawn the same way.
//!
//! Where everything goes is decided by the model's chart layout
//! (`model::chart_layout`): the plane, its scales, the grid and every text
//! box. Plotters draws the geometry (series, bars, arcs) at the layout's
//! pixels; text goes straight to the 2D context, exactly into the layout's
//! boxes (plotters' web font measures each label by inserting an element and
//! forcing a page layout, which cost most of a repaint).

use crate::model::chart_geometry::{dash_band, envelope, steps};
use crate::model::chart_layout::{layout, Align, ChartLayout, Label, Rect, Role, SWATCH_PX};
use crate::model::chart_scale::to_px;
use crate::model::chart_text::FONT_PX;
use crate::model::{Chart, Plot, RingChart, Style, Tone, XyChart};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

type Area = DrawingArea<CanvasBackend, Shift>;

/// Okabe–Ito: distinguishable with the common colour-vision deficiencies.
const CATEGORICAL: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(120, 94, 240),
    RGBColor(90, 90, 90),
];
const INK: RGBColor = RGBColor(30, 34, 40);
const GRID: RGBColor = RGBColor(226, 229, 234);
/// A dash and its gap, CSS px.
const DASH: (f64, f64) = (7.0, 4.0);

pub fn color(t: Tone) -> RGBColor {
    match t {
        Tone::Cat(k) => CATEGORICAL[k as usize % CATEGORICAL.len()],
        Tone::Good => RGBColor(0, 140, 90),
        Tone::Bad => RGBColor(200, 40, 40),
        Tone::Warn => RGBColor(214, 130, 0),
        Tone::Muted => RGBColor(150, 156, 166),
        Tone::Ink => INK,
    }
}

/// `#rrggbb` of a tone, for the HTML legend.
pub fn css(t: Tone) -> String {
    let RGBColor(r, g, b) = color(t);
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// A tone darkened for text, so that small letters keep their contrast on
/// white.
fn text_css(t: Tone) -> String {
    let RGBColor(r, g, b) = color(t);
    let d = |c: u8| (c as f64 * 0.68) as u8;
    format!("#{:02x}{:02x}{:02x}", d(r), d(g), d(b))
}

/// The 2D context for what plotters does not draw (text, dashes, tints,
/// clipping), in CSS pixels scaled by the device pixel ratio.
struct Pen {
    ctx: CanvasRenderingContext2d,
    scale: f64,
}

impl Pen {
    fn new(canvas: &HtmlCanvasElement, scale: f64) -> Option<Pen> {
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
        Some(Pen { ctx, scale })
    }

    /// CSS px to device px.
    fn d(&self, v: f64) -> f64 {
        v * self.scale
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
        c.set_stroke_style_str(&css(tone));
        c.set_line_width(self.d(width));
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
        c.set_fill_style_str(&css(tone));
        self.path(outline);
        c.close_path();
        c.fill();
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
        if l.role == Role::Reference {
            // A white halo keeps a label inside the plane legible over the
            // lines and bars it sits on.
            c.set_stroke_style_str("#ffffff");
            c.set_line_width(self.d(3.0));
            c.set_line_join("round");
            c.set_text_align(align);
            c.set_text_baseline("middle");
            let _ = c.stroke_text(&l.text, self.d(x), self.d(mid));
        }
        c.set_fill_style_str(&text_css(l.tone));
        c.set_text_align(align);
        c.set_text_baseline("middle");
        let _ = c.fill_text(&l.text, self.d(x), self.d(mid));
        c.restore();
    }
}

fn px(v: f64, scale: f64) -> u32 {
    (v * scale).round().max(1.0) as u32
}

/// Draws `chart` filling `canvas` (whose pixel size the caller has set);
/// `scale` is the device pixel ratio. Returns the layout it drew.
pub fn draw(canvas: &HtmlCanvasElement, chart: &Chart, scale: f64) -> Result<ChartLayout, String> {
    let size = (
        canvas.width() as f64 / scale,
        canvas.height() as f64 / scale,
    );
    let lay = layout(chart, size.0, size.1);
    let backend =
        CanvasBackend::with_canvas_object(canvas.clone()).ok_or("no 2d canvas context")?;
    let pen = Pen::new(canvas, scale).ok_or("no 2d canvas context")?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    match &chart.plot {
        Plot::Xy(xy) => draw_xy(&root, &pen, xy, &lay)?,
        Plot::Bars(_) => draw_bars(&root, &pen, &lay)?,
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
        root.draw(&PathElement::new(line, GRID.stroke_width(thin)))
            .map_err(err)?;
    }
    let axes = vec![
        pen.pt((p.x, p.y)),
        pen.pt((p.x, p.bottom())),
        pen.pt((p.right(), p.bottom())),
    ];
    root.draw(&PathElement::new(
        axes,
        color(Tone::Muted).stroke_width(thin),
    ))
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
    let s = pen.scale;
    // Every point is a call into the canvas: a line with more points than
    // pixel columns keeps each column's extremes (the same picture).
    let columns = pen.d(lay.plane.w) as usize;
    let span = (lay.plane.x, lay.plane.right());
    pen.clip(&lay.plane);
    for se in &xy.series {
        let c = color(se.tone);
        let pts = to_px(&se.points, &lay.x, &lay.y);
        let device = |pts: &[(f64, f64)]| pts.iter().map(|&q| pen.pt(q)).collect::<Vec<_>>();
        match se.style {
            Style::Line => {
                let pts = envelope(pts, span, columns);
                root.draw(&PathElement::new(device(&pts), c.stroke_width(px(2.0, s))))
                    .map_err(err)?;
            }
            Style::Dashed => {
                let pts = envelope(pts, span, columns);
                // A line that turns back faster than its dashes repeat would
                // read as hatching: it shows as the band it sweeps instead.
                match dash_band(&pts, DASH.0 + DASH.1) {
                    Some((top, bottom)) => {
                        let outline: Vec<(f64, f64)> =
                            top.iter().chain(bottom.iter().rev()).copied().collect();
                        pen.tint(&outline, se.tone);
                        pen.dashed(&top, se.tone, 1.5);
                        pen.dashed(&bottom, se.tone, 1.5);
                    }
                    None => pen.dashed(&pts, se.tone, 1.5),
                }
            }
            Style::Points => {
                for q in pts {
                    root.draw(&Circle::new(pen.pt(q), px(3.5, s), c.filled()))
                        .map_err(err)?;
                }
            }
            Style::Step => {
                root.draw(&PathElement::new(
                    device(&steps(&pts)),
                    c.stroke_width(px(2.0, s)),
                ))
                .map_err(err)?;
            }
        }
    }
    pen.unclip();
    rules(pen, lay);
    Ok(())
}

fn draw_bars(root: &Area, pen: &Pen, lay: &ChartLayout) -> Result<(), String> {
    frame(root, pen, lay)?;
    let corners = |r: &Rect| [pen.pt((r.x, r.y)), pen.pt((r.right(), r.bottom()))];
    for bar in &lay.bars {
        root.draw(&Rectangle::new(
            corners(&bar.rect),
            color(bar.tone).filled(),
        ))
        .map_err(err)?;
    }
    let outline = color(Tone::Ink).stroke_width(px(1.5, pen.scale));
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
        let a = turn * std::f64::consts::TAU;
        (
            (cx + rad * a.sin()).round() as i32,
            (cy - rad * a.cos()).round() as i32,
        )
    };
    if r.arcs.is_empty() {
        root.draw(&Circle::new(
            at(0.0, 0.0),
            radius as i32,
            color(Tone::Muted).stroke_width(px(1.5, s)),
        ))
        .map_err(err)?;
    }
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
            color(Tone::Warn).stroke_width(width)
        } else {
            let hue = (arc.card as f64 * 0.618_033_988_75).fract();
            HSLColor(hue, 0.25, 0.80).stroke_width(width)
        };
        root.draw(&PathElement::new(pts, style)).map_err(err)?;
    }
    let inner = radius - band / 2.0 - 8.0 * s;
    let (small, big) = (px(2.0, s) as i32, px(4.0, s) as i32);
    for moved in [false, true] {
        let style = if moved {
            color(Tone::Bad).filled()
        } else {
            color(Tone::Muted).filled()
        };
        let size = if moved { big } else { small };
        for d in r.dots.iter().filter(|d| d.moved == moved) {
            root.draw(&Circle::new(at(d.at, inner), size, style))
                .map_err(err)?;
        }
    }
    Ok(())
}
