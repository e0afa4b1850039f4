//! Draws a model [`Chart`] on a canvas with plotters. Knows chart kinds, never
//! topics: whatever a topic puts in its outcome is drawn the same way.

//!
//! Plotters draws the geometry (grid, series, bars, arcs). Text goes straight
//! to the 2D context: plotters' web font measures each label by inserting an
//! element and forcing a page layout, which cost most of a repaint.

use crate::model::{Axis, BarChart, Chart, Plot, RingChart, Style, Tone, XyChart};
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

/// Text on the canvas, drawn by the 2D context itself.
struct Pen {
    ctx: CanvasRenderingContext2d,
    scale: f64,
}

#[derive(Clone, Copy)]
enum Align {
    Left,
    Center,
    Right,
}

#[derive(Clone, Copy)]
enum Base {
    Top,
    Middle,
    Bottom,
}

impl Pen {
    fn new(canvas: &HtmlCanvasElement, scale: f64) -> Option<Pen> {
        let ctx = canvas
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        ctx.set_font(&format!(
            "{}px system-ui, sans-serif",
            (12.0 * scale).round()
        ));
        Some(Pen { ctx, scale })
    }

    /// A dashed polyline in one canvas path (plotters strokes every dash
    /// on its own).
    fn dashed(&self, pts: &[(i32, i32)], tone: Tone, width: f64) {
        if pts.len() < 2 {
            return;
        }
        let c = &self.ctx;
        c.save();
        c.set_stroke_style_str(&css(tone));
        c.set_line_width(width * self.scale);
        let dash = js_sys::Array::of2(&(7.0 * self.scale).into(), &(4.0 * self.scale).into());
        let _ = c.set_line_dash(&dash);
        c.begin_path();
        c.move_to(pts[0].0 as f64, pts[0].1 as f64);
        for p in &pts[1..] {
            c.line_to(p.0 as f64, p.1 as f64);
        }
        c.stroke();
        c.restore();
    }

    fn text(&self, s: &str, (x, y): (i32, i32), align: Align, base: Base, tone: Tone) {
        self.ctx.set_fill_style_str(&css(tone));
        self.ctx.set_text_align(match align {
            Align::Left => "left",
            Align::Center => "center",
            Align::Right => "right",
        });
        self.ctx.set_text_baseline(match base {
            Base::Top => "top",
            Base::Middle => "middle",
            Base::Bottom => "bottom",
        });
        let _ = self.ctx.fill_text(s, x as f64, y as f64);
    }

    /// Centred text shortened with an ellipsis to fit `width` pixels.
    fn fitted(&self, s: &str, at: (i32, i32), width: f64) {
        let fits = |t: &str| {
            self.ctx
                .measure_text(t)
                .map(|m| m.width() <= width)
                .unwrap_or(true)
        };
        if fits(s) {
            self.text(s, at, Align::Center, Base::Top, Tone::Ink);
            return;
        }
        let chars: Vec<char> = s.chars().collect();
        let mut n = chars.len();
        while n > 1 {
            n -= 1;
            let t: String = chars[..n].iter().collect::<String>() + "…";
            if fits(&t) {
                self.text(&t, at, Align::Center, Base::Top, Tone::Ink);
                return;
            }
        }
    }

    /// Text turned a quarter left (a y-axis title), centred on `(x, y)`.
    fn vertical(&self, s: &str, (x, y): (i32, i32)) {
        self.ctx.save();
        let _ = self.ctx.translate(x as f64, y as f64);
        let _ = self.ctx.rotate(-std::f64::consts::FRAC_PI_2);
        self.text(s, (0, 0), Align::Center, Base::Top, Tone::Ink);
        self.ctx.restore();
    }

    fn px(&self, v: f64) -> i32 {
        (v * self.scale).round() as i32
    }
}

/// Ticks for an axis: on a log axis (values are log10) the whole decades when
/// the range spans two or more, otherwise round values.
fn axis_ticks(axis: &Axis, lo: f64, hi: f64, n: usize) -> Vec<f64> {
    if axis.log && hi - lo >= 2.0 {
        let step = ((hi - lo) / n as f64).ceil().max(1.0);
        return ((lo.ceil() as i64)..=(hi.floor() as i64))
            .filter(|k| (*k as f64 / step).fract() == 0.0)
            .map(|k| k as f64)
            .collect();
    }
    ticks(lo, hi, n)
}

/// About `n` round tick values covering `lo..hi` (steps of 1, 2 or 5 × 10^k).
fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) {
        return vec![lo];
    }
    let raw = span / n.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// Draws `chart` filling `canvas` (whose pixel size the caller has set);
/// `scale` is the device pixel ratio, for line widths and text.
pub fn draw(canvas: &HtmlCanvasElement, chart: &Chart, scale: f64) -> Result<(), String> {
    let backend =
        CanvasBackend::with_canvas_object(canvas.clone()).ok_or("no 2d canvas context")?;
    let pen = Pen::new(canvas, scale).ok_or("no 2d canvas context")?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    match &chart.plot {
        Plot::Xy(xy) => draw_xy(&root, &pen, xy)?,
        Plot::Bars(b) => draw_bars(&root, &pen, b)?,
        Plot::Ring(r) => draw_ring(&root, &pen, r)?,
    }
    root.present().map_err(err)
}

fn px(v: f64, scale: f64) -> u32 {
    (v * scale).round().max(1.0) as u32
}

/// Fits `lo..hi` to data with a little room, never empty.
fn fit(
    values: impl Iterator<Item = f64>,
    fixed: Option<(f64, f64)>,
    from_zero: bool,
) -> (f64, f64) {
    if let Some(r) = fixed {
        return r;
    }
    let (mut lo, mut hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    if from_zero {
        lo = lo.min(0.0);
    }
    if hi - lo < 1e-12 {
        hi = lo + lo.abs().max(1.0);
    }
    let pad = (hi - lo) * 0.06;
    (if from_zero && lo >= 0.0 { lo } else { lo - pad }, hi + pad)
}

fn axis_text(axis: &Axis, v: f64) -> String {
    let v = if axis.log { 10f64.powf(v) } else { v };
    axis.unit.tick(v)
}

type Plane<'a> = ChartContext<
    'a,
    CanvasBackend,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// The plotting plane with room for tick labels and axis titles, its grid,
/// and the labels themselves.
fn plane<'a>(
    root: &'a Area,
    pen: &Pen,
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
    x: Option<&Axis>,
    y: &Axis,
) -> Result<Plane<'a>, String> {
    let s = pen.scale;
    let mut chart = ChartBuilder::on(root)
        .margin(px(12.0, s))
        .x_label_area_size(px(40.0, s))
        .y_label_area_size(px(62.0, s))
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(0)
        .y_labels(0)
        .axis_style(color(Tone::Muted))
        .draw()
        .map_err(err)?;
    let grid = GRID.stroke_width(px(1.0, s));
    for t in axis_ticks(y, y0, y1, 5) {
        chart
            .draw_series(LineSeries::new([(x0, t), (x1, t)], grid))
            .map_err(err)?;
        let p = chart.backend_coord(&(x0, t));
        pen.text(
            &axis_text(y, t),
            (p.0 - pen.px(6.0), p.1),
            Align::Right,
            Base::Middle,
            Tone::Ink,
        );
    }
    let (left, top) = chart.backend_coord(&(x0, y1));
    let (_, bottom) = chart.backend_coord(&(x0, y0));
    pen.vertical(y.label, (left - pen.px(58.0), (top + bottom) / 2));
    if let Some(xa) = x {
        for t in axis_ticks(xa, x0, x1, 6) {
            let p = chart.backend_coord(&(t, y0));
            pen.text(
                &axis_text(xa, t),
                (p.0, p.1 + pen.px(6.0)),
                Align::Center,
                Base::Top,
                Tone::Ink,
            );
        }
        let (right, _) = chart.backend_coord(&(x1, y0));
        pen.text(
            xa.label,
            ((left + right) / 2, bottom + pen.px(22.0)),
            Align::Center,
            Base::Top,
            Tone::Muted,
        );
    }
    Ok(chart)
}

fn draw_xy(root: &Area, pen: &Pen, xy: &XyChart) -> Result<(), String> {
    let s = pen.scale;
    let tx = |v: f64| if xy.x.log { v.max(1e-300).log10() } else { v };
    let ty = |v: f64| if xy.y.log { v.max(1e-300).log10() } else { v };
    let xs = xy
        .series
        .iter()
        .flat_map(|se| se.points.iter().map(|p| tx(p.0)));
    let (x0, x1) = fit(
        xs.chain(xy.vlines.iter().map(|l| tx(l.at))),
        xy.x.range.map(|(a, b)| (tx(a), tx(b))),
        false,
    );
    let ys = xy
        .series
        .iter()
        .flat_map(|se| se.points.iter().map(|p| ty(p.1)));
    let (y0, y1) = fit(
        ys.chain(xy.hlines.iter().map(|l| ty(l.at))),
        xy.y.range.map(|(a, b)| (ty(a), ty(b))),
        !xy.y.log,
    );
    let mut chart = plane(root, pen, (x0, x1), (y0, y1), Some(&xy.x), &xy.y)?;
    for se in &xy.series {
        let c = color(se.tone);
        let pts: Vec<(f64, f64)> = se
            .points
            .iter()
            .filter(|p| p.0.is_finite() && p.1.is_finite())
            .map(|p| (tx(p.0), ty(p.1).clamp(y0, y1)))
            .collect();
        // Every point is a call into the canvas: a line with more points than
        // pixel columns keeps each column's extremes (the same picture).
        let width = chart.plotting_area().dim_in_pixel().0 as usize;
        let pts = match se.style {
            Style::Line | Style::Dashed => envelope(pts, (x0, x1), width),
            Style::Points | Style::Step => pts,
        };
        match se.style {
            Style::Line => {
                chart
                    .draw_series(LineSeries::new(pts, c.stroke_width(px(2.0, s))))
                    .map_err(err)?;
            }
            Style::Dashed => {
                let at: Vec<(i32, i32)> = pts.iter().map(|p| chart.backend_coord(p)).collect();
                pen.dashed(&at, se.tone, 1.5);
            }
            Style::Points => {
                let r = px(3.5, s);
                chart
                    .draw_series(pts.into_iter().map(|p| Circle::new(p, r, c.filled())))
                    .map_err(err)?;
            }
            Style::Step => {
                // Only the points where the level changes draw anything.
                let mut steps: Vec<(f64, f64)> = Vec::new();
                for (i, p) in pts.iter().enumerate() {
                    match steps.last() {
                        Some(prev) if prev.1 == p.1 && i + 1 < pts.len() => {}
                        Some(prev) => {
                            let level = prev.1;
                            steps.push((p.0, level));
                            steps.push(*p);
                        }
                        None => steps.push(*p),
                    }
                }
                chart
                    .draw_series(LineSeries::new(steps, c.stroke_width(px(2.0, s))))
                    .map_err(err)?;
            }
        }
    }
    for line in &xy.hlines {
        let y = ty(line.at);
        let p = chart.backend_coord(&(x0, y));
        pen.dashed(&[p, chart.backend_coord(&(x1, y))], line.tone, 1.5);
        pen.text(
            &line.label,
            (p.0 + pen.px(4.0), p.1 - pen.px(2.0)),
            Align::Left,
            Base::Bottom,
            line.tone,
        );
    }
    for line in &xy.vlines {
        let x = tx(line.at);
        let p = chart.backend_coord(&(x, y1));
        pen.dashed(&[chart.backend_coord(&(x, y0)), p], line.tone, 1.5);
        let (right, _) = chart.backend_coord(&(x1, y1));
        // Keep the label inside the plane: to the left of the line near the right edge.
        let (align, dx) = if right - p.0 < pen.px(90.0) {
            (Align::Right, -4.0)
        } else {
            (Align::Left, 4.0)
        };
        pen.text(
            &line.label,
            (p.0 + pen.px(dx), p.1 + pen.px(2.0)),
            align,
            Base::Top,
            line.tone,
        );
    }
    Ok(())
}

/// Thins a line with more than two points per pixel column to the lowest
/// and highest point of each column, in their order.
fn envelope(pts: Vec<(f64, f64)>, (x0, x1): (f64, f64), columns: usize) -> Vec<(f64, f64)> {
    if columns == 0 || pts.len() <= 2 * columns || x1 <= x0 {
        return pts;
    }
    let col = |x: f64| (((x - x0) / (x1 - x0)) * columns as f64).floor() as i64;
    let mut out = Vec::with_capacity(2 * columns + 2);
    let mut i = 0;
    while i < pts.len() {
        let c = col(pts[i].0);
        let (mut lo, mut hi, mut j) = (i, i, i);
        while j < pts.len() && col(pts[j].0) == c {
            if pts[j].1 < pts[lo].1 {
                lo = j;
            }
            if pts[j].1 > pts[hi].1 {
                hi = j;
            }
            j += 1;
        }
        out.push(pts[lo.min(hi)]);
        if lo != hi {
            out.push(pts[lo.max(hi)]);
        }
        i = j;
    }
    out
}

fn draw_bars(root: &Area, pen: &Pen, b: &BarChart) -> Result<(), String> {
    let s = pen.scale;
    let n = b.categories.len().max(1);
    let tops = (0..n).map(|i| {
        let vals = b
            .sets
            .iter()
            .map(|set| set.values.get(i).copied().unwrap_or(0.0));
        if b.stacked {
            vals.sum::<f64>()
        } else {
            vals.fold(0.0, f64::max)
        }
    });
    let (y0, y1) = fit(tops.chain(b.hlines.iter().map(|l| l.at)), b.y.range, true);
    let mut chart = plane(root, pen, (0.0, n as f64), (y0, y1), None, &b.y)?;
    let groups = if b.stacked { 1 } else { b.sets.len().max(1) };
    let width = 0.8 / groups as f64;
    let bars = (0..n).flat_map(|i| {
        let mut base = 0.0;
        b.sets.iter().enumerate().filter_map(move |(k, set)| {
            let v = set.values.get(i).copied().unwrap_or(0.0);
            if !v.is_finite() {
                return None;
            }
            let left = 0.1 + i as f64 + if b.stacked { 0.0 } else { k as f64 * width };
            let (lo, hi) = if b.stacked {
                (base, base + v)
            } else {
                (0.0, v)
            };
            base += v;
            Some(Rectangle::new(
                [(left, lo.clamp(y0, y1)), (left + width, hi.clamp(y0, y1))],
                color(set.tone).filled(),
            ))
        })
    });
    chart.draw_series(bars).map_err(err)?;
    chart
        .draw_series(b.highlight.iter().filter(|&&i| i < n).map(|&i| {
            Rectangle::new(
                [
                    (i as f64 + 0.04, y0),
                    (i as f64 + 0.96, y1 - (y1 - y0) * 0.01),
                ],
                color(Tone::Ink).stroke_width(px(1.5, s)),
            )
        }))
        .map_err(err)?;
    // Category names under the bars: every k-th when they are many.
    let every = n.div_ceil(12).max(1);
    for (i, name) in b.categories.iter().enumerate() {
        if i % every != 0 && !b.highlight.contains(&i) {
            continue;
        }
        let p = chart.backend_coord(&(i as f64 + 0.5, y0));
        let left = chart.backend_coord(&(i as f64, y0)).0;
        let right = chart.backend_coord(&((i + every) as f64, y0)).0;
        pen.fitted(name, (p.0, p.1 + pen.px(6.0)), (right - left) as f64 * 0.96);
    }
    for line in &b.hlines {
        let p = chart.backend_coord(&(0.0, line.at));
        pen.dashed(
            &[p, chart.backend_coord(&(n as f64, line.at))],
            line.tone,
            1.5,
        );
        pen.text(
            &line.label,
            (p.0 + pen.px(4.0), p.1 - pen.px(2.0)),
            Align::Left,
            Base::Bottom,
            line.tone,
        );
    }
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
    let moved = r.dots.iter().filter(|d| d.moved).count();
    let (cx, cy) = (cx as i32, cy as i32);
    pen.text(
        &format!("{} cards", r.cards),
        (cx, cy - pen.px(2.0)),
        Align::Center,
        Base::Bottom,
        Tone::Ink,
    );
    pen.text(
        &format!("{moved} of {} drawn moved", r.dots.len()),
        (cx, cy + pen.px(2.0)),
        Align::Center,
        Base::Top,
        Tone::Ink,
    );
    Ok(())
}
