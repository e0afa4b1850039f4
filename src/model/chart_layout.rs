//! Where a chart's pixels and words go on a canvas of a given CSS size: the
//! plotting plane, its scales, grid and reference lines, and every text box
//! the canvas shows (axis titles with their units, tick labels, reference
//! labels, category labels, the key), placed so that no two boxes overlap and
//! none leaves the canvas. The web painter draws exactly this, so a test of
//! the layout tests what a reader sees.
//!
//! Text widths come from [`text_width`], an estimate never narrower than the
//! browser's. When a label finds no free place near its line it moves to a
//! key under the chart; category names wrap onto up to three lines, then give
//! way to letters explained in the key; ticks thin until their labels clear
//! each other; the end ticks' labels align inward. Nothing is cut short.

use super::chart::{Axis, BarChart, Chart, Plot, RefLine, Series, Style, Tone};
pub use super::chart_geometry::Rect;
use super::chart_geometry::{envelope, steps, Ink};
pub use super::chart_scale::Scale;
use super::chart_scale::{axis_ticks, fit, plotted, tick_text, to_px};
use super::chart_text::{text_width, wrap, wrap_hard, LINE_PX};

/// Clear space along the canvas's edges, CSS px.
pub const PAD: f64 = 6.0;
/// Clear space kept around a reference label, CSS px.
const GAP: f64 = 4.0;
/// Between a tick label and its axis, CSS px.
const TICK_GAP: f64 = 6.0;
/// The key's line sample before its text, CSS px.
pub const SWATCH_PX: f64 = 18.0;
/// Most lines a category name may take under its bar.
const CATEGORY_LINES: usize = 3;

/// Where in its box a line of text is anchored (the scenes' anchor).
pub use super::scene::Align;

/// What a text box is, for a painter's colour and a test's message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    AxisTitle,
    Tick,
    Reference,
    Category,
    /// An entry of the key under the chart; with a swatch it starts with a
    /// dashed sample of its line ([`SWATCH_PX`] wide).
    Key,
    /// Text in the middle of a ring.
    Caption,
}

/// One line of text and the box it fills (the estimate of its width).
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub rect: Rect,
    pub align: Align,
    pub tone: Tone,
    pub role: Role,
    pub swatch: bool,
}

impl Label {
    fn new(text: &str, rect: Rect, align: Align, tone: Tone, role: Role) -> Label {
        Label {
            text: text.to_string(),
            rect,
            align,
            tone,
            role,
            swatch: false,
        }
    }
}

/// A reference line as drawn: its pixel (y for horizontal, x for vertical)
/// and its colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    pub at: f64,
    pub tone: Tone,
}

/// Everything a painter needs for one chart at one size.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartLayout {
    pub width: f64,
    pub height: f64,
    /// The plotting plane (for a ring, the canvas).
    pub plane: Rect,
    pub x: Scale,
    pub y: Scale,
    /// Pixels of the horizontal grid lines (the y ticks).
    pub grid: Vec<f64>,
    pub hlines: Vec<Rule>,
    pub vlines: Vec<Rule>,
    /// A bar chart's bars, and the outlines of its highlighted categories.
    pub bars: Vec<Bar>,
    pub outlines: Vec<Rect>,
    pub labels: Vec<Label>,
}

/// One bar as drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bar {
    pub rect: Rect,
    pub tone: Tone,
}

impl ChartLayout {
    pub fn canvas(&self) -> Rect {
        Rect {
            x: 0.0,
            y: 0.0,
            w: self.width,
            h: self.height,
        }
    }
}

/// The layout of `chart` on a canvas of `width` × `height` CSS pixels.
pub fn layout(chart: &Chart, width: f64, height: f64) -> ChartLayout {
    match &chart.plot {
        Plot::Xy(xy) => {
            let tx = |v: f64| plotted(&xy.x, v);
            let ty = |v: f64| plotted(&xy.y, v);
            let xs = xy
                .series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| tx(p.0)));
            let ys = xy
                .series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| ty(p.1)));
            let spec = PlaneSpec {
                x: Some(&xy.x),
                x_range: fit(
                    xs.chain(xy.vlines.iter().map(|l| tx(l.at))),
                    xy.x.range.map(|(a, b)| (tx(a), tx(b))),
                    false,
                ),
                y: &xy.y,
                y_range: fit(
                    ys.chain(xy.hlines.iter().map(|l| ty(l.at))),
                    xy.y.range.map(|(a, b)| (ty(a), ty(b))),
                    !xy.y.log,
                ),
                data: Data::Series(&xy.series),
                hlines: &xy.hlines,
                vlines: &xy.vlines,
            };
            plane_layout(&spec, width, height)
        }
        Plot::Bars(b) => {
            let n = b.categories.len().max(1);
            let tops = (0..n).map(|i| {
                let vals = b
                    .sets
                    .iter()
                    .map(|s| s.values.get(i).copied().unwrap_or(0.0));
                if b.stacked {
                    vals.sum::<f64>()
                } else {
                    vals.fold(0.0, f64::max)
                }
            });
            let spec = PlaneSpec {
                x: None,
                x_range: (0.0, n as f64),
                y: &b.y,
                y_range: fit(tops.chain(b.hlines.iter().map(|l| l.at)), b.y.range, true),
                data: Data::Bars(b),
                hlines: &b.hlines,
                vlines: &[],
            };
            plane_layout(&spec, width, height)
        }
        Plot::Ring(r) => {
            let moved = r.dots.iter().filter(|d| d.moved).count();
            use super::units::{counted, number};
            let lines = [
                counted(r.cards as f64, "cards"),
                format!(
                    "{} of {} drawn moved",
                    number(moved as f64),
                    number(r.dots.len() as f64)
                ),
            ];
            ring_layout(&lines, width, height)
        }
    }
}

/// What a plane chart (lines or bars) asks of the layout.
struct PlaneSpec<'a> {
    /// The x axis; `None` for bars, whose x is their categories.
    x: Option<&'a Axis>,
    x_range: (f64, f64),
    y: &'a Axis,
    y_range: (f64, f64),
    data: Data<'a>,
    hlines: &'a [RefLine],
    vlines: &'a [RefLine],
}

/// What a plane shows.
enum Data<'a> {
    Series(&'a [Series]),
    Bars(&'a BarChart),
}

impl PlaneSpec<'_> {
    fn categories(&self) -> &[String] {
        match self.data {
            Data::Bars(b) => &b.categories,
            Data::Series(_) => &[],
        }
    }
    fn highlight(&self) -> &[usize] {
        match self.data {
            Data::Bars(b) => &b.highlight,
            Data::Series(_) => &[],
        }
    }
}

/// What a pass of the layout keeps for the next: room under the bars, and
/// what moved to the key.
#[derive(Clone, Default)]
struct Reserve {
    category_lines: usize,
    /// Categories shown as letters explained in the key.
    lettered: bool,
    /// Reference labels shown in the key: (text, tone).
    key: Vec<(String, Tone)>,
}

/// Lays the plane out, giving more room (category lines, key entries) each
/// pass until every label has a place; each pass adds room, so it ends.
fn plane_layout(spec: &PlaneSpec, width: f64, height: f64) -> ChartLayout {
    let mut reserve = Reserve {
        category_lines: 1,
        ..Reserve::default()
    };
    loop {
        match plane_pass(spec, width, height, &reserve) {
            Ok(done) => return done,
            Err(more) => reserve = more,
        }
    }
}

/// The labels placed so far, and their check for a free place.
struct Placed(Vec<Label>);

impl Placed {
    fn free(&self, r: &Rect, clear: f64) -> bool {
        let g = r.grown(clear);
        self.0.iter().all(|l| !l.rect.overlaps(&g))
    }
    fn push(&mut self, l: Label) {
        self.0.push(l);
    }
}

fn line_rect(x: f64, y: f64, text: &str) -> Rect {
    Rect {
        x,
        y,
        w: text_width(text),
        h: LINE_PX,
    }
}

/// The plane's rows from top to bottom: the y title, the plane, the tick
/// or category row, the x title, the key.
struct Rows {
    plane_top: f64,
    plane_bottom: f64,
    row_top: f64,
    title_top: f64,
    key_top: f64,
}

fn rows(
    spec: &PlaneSpec,
    h: f64,
    reserve: &Reserve,
    y_title: usize,
    x_title: usize,
    key: usize,
) -> Rows {
    let plane_top = PAD + y_title as f64 * LINE_PX + GAP + LINE_PX / 2.0;
    let key_h = if key == 0 {
        0.0
    } else {
        GAP + key as f64 * LINE_PX
    };
    // Tick labels of x sit clear of the lowest y tick label's box.
    let (row_gap, row_lines, after) = match spec.x {
        Some(_) => (LINE_PX / 2.0 + 1.0, 1.0, 2.0),
        None => (GAP, reserve.category_lines as f64, 0.0),
    };
    let below = row_gap + row_lines * LINE_PX + after + x_title as f64 * LINE_PX + key_h + PAD;
    let plane_bottom = (h - below).max(plane_top + 1.0);
    let row_top = plane_bottom + row_gap;
    let title_top = row_top + row_lines * LINE_PX + after;
    Rows {
        plane_top,
        plane_bottom,
        row_top,
        title_top,
        key_top: title_top + x_title as f64 * LINE_PX + if key == 0 { 0.0 } else { GAP },
    }
}

/// One pass over the plane with the room `reserve` grants; `Err` with more
/// room when something found no place.
fn plane_pass(spec: &PlaneSpec, w: f64, h: f64, reserve: &Reserve) -> Result<ChartLayout, Reserve> {
    let inner = (w - 2.0 * PAD).max(1.0);
    let y_title = wrap_hard(&spec.y.title(), inner);
    let x_title = spec
        .x
        .map(|a| wrap_hard(&a.title(), inner))
        .unwrap_or_default();
    let key = key_labels(reserve, spec.categories(), inner);
    let key_lines = key
        .iter()
        .map(|l| (l.rect.y / LINE_PX).round() as usize + 1)
        .max()
        .unwrap_or(0);
    let at = rows(spec, h, reserve, y_title.len(), x_title.len(), key_lines);
    let mut placed = Placed(Vec::new());
    for (i, line) in y_title.iter().enumerate() {
        let r = line_rect(PAD, PAD + i as f64 * LINE_PX, line);
        placed.push(Label::new(
            line,
            r,
            Align::Left,
            Tone::Muted,
            Role::AxisTitle,
        ));
    }
    let y = Scale {
        lo: spec.y_range.0,
        hi: spec.y_range.1,
        log: spec.y.log,
        px0: at.plane_bottom,
        px1: at.plane_top,
    };
    let y_ticks = pick_y_ticks(spec.y, &y);
    let tick_w = y_ticks
        .iter()
        .map(|(_, t)| text_width(t))
        .fold(0.0, f64::max);
    let left = PAD + tick_w + TICK_GAP;
    // A line chart keeps a little room right of its plane for the last point.
    let right = (w - PAD - if spec.x.is_some() { 2.0 } else { 0.0 }).max(left + 1.0);
    let plane = Rect {
        x: left,
        y: at.plane_top,
        w: right - left,
        h: at.plane_bottom - at.plane_top,
    };
    let x = Scale {
        lo: spec.x_range.0,
        hi: spec.x_range.1,
        log: spec.x.is_some_and(|a| a.log),
        px0: left,
        px1: right,
    };
    let mut grid = Vec::new();
    for (v, text) in &y_ticks {
        let py = y.px(*v);
        grid.push(py);
        let r = line_rect(left - TICK_GAP - text_width(text), py - LINE_PX / 2.0, text);
        placed.push(Label::new(text, r, Align::Right, Tone::Ink, Role::Tick));
    }
    match spec.x {
        Some(axis) => placed.0.extend(pick_x_ticks(axis, &x, at.row_top, w)),
        None => category_labels(spec, &x, at.row_top, reserve, &mut placed)?,
    }
    let cx = (left + right) / 2.0;
    for (i, line) in x_title.iter().enumerate() {
        let tw = text_width(line);
        let lx = (cx - tw / 2.0).clamp(PAD, (w - PAD - tw).max(PAD));
        let r = line_rect(lx, at.title_top + i as f64 * LINE_PX, line);
        placed.push(Label::new(
            line,
            r,
            Align::Center,
            Tone::Muted,
            Role::AxisTitle,
        ));
    }
    let (bars, outlines, ink) = data_ink(spec, (&x, &y), &plane);
    let (hlines, vlines) = references(spec, (&x, &y), &plane, &ink, reserve, &mut placed)?;
    for mut l in key {
        l.rect.y += at.key_top;
        placed.push(l);
    }
    Ok(ChartLayout {
        width: w,
        height: h,
        plane,
        x,
        y,
        grid,
        hlines,
        vlines,
        bars,
        outlines,
        labels: placed.0,
    })
}

/// The bars' boxes and their outlines, and where the data is drawn.
fn data_ink(
    spec: &PlaneSpec,
    (x, y): (&Scale, &Scale),
    plane: &Rect,
) -> (Vec<Bar>, Vec<Rect>, Ink) {
    let mut ink = Ink::new(plane);
    let labelled = !spec.hlines.is_empty() || !spec.vlines.is_empty();
    let (bars, outlines) = match spec.data {
        Data::Bars(b) => bar_boxes(b, x, y),
        // Only reference labels look at the ink.
        Data::Series(_) if !labelled => (Vec::new(), Vec::new()),
        Data::Series(series) => {
            for s in series {
                let pts = to_px(&s.points, x, y);
                match s.style {
                    Style::Points => {
                        for p in pts {
                            ink.area(&Rect {
                                x: p.0 - 4.0,
                                y: p.1 - 4.0,
                                w: 8.0,
                                h: 8.0,
                            });
                        }
                    }
                    Style::Step => ink.line(&steps(&pts)),
                    Style::Line | Style::Dashed => {
                        ink.line(&envelope(pts, (plane.x, plane.right()), plane.w as usize))
                    }
                }
            }
            (Vec::new(), Vec::new())
        }
    };
    for b in bars.iter().filter(|_| labelled) {
        ink.area(&b.rect);
    }
    (bars, outlines, ink)
}

/// Each bar's box (side by side in its slot, or stacked) and the outlines
/// of the highlighted slots.
fn bar_boxes(b: &BarChart, x: &Scale, y: &Scale) -> (Vec<Bar>, Vec<Rect>) {
    let py = |v: f64| y.px(v.clamp(y.lo, y.hi));
    let n = b.categories.len().max(1);
    let groups = if b.stacked { 1 } else { b.sets.len().max(1) };
    let width = 0.8 / groups as f64;
    let mut bars = Vec::new();
    for i in 0..n {
        let mut base = 0.0;
        for (k, set) in b.sets.iter().enumerate() {
            let v = set.values.get(i).copied().unwrap_or(0.0);
            if !v.is_finite() {
                continue;
            }
            let left = 0.1 + i as f64 + if b.stacked { 0.0 } else { k as f64 * width };
            let (lo, hi) = if b.stacked {
                (base, base + v)
            } else {
                (0.0, v)
            };
            base += v;
            let (top, bottom) = (py(lo).min(py(hi)), py(lo).max(py(hi)));
            let (l, r) = (x.px(left), x.px(left + width));
            bars.push(Bar {
                rect: Rect {
                    x: l,
                    y: top,
                    w: r - l,
                    h: bottom - top,
                },
                tone: set.tone,
            });
        }
    }
    let top = py(y.hi - (y.hi - y.lo) * 0.01);
    let outlines = b
        .highlight
        .iter()
        .filter(|&&i| i < n)
        .map(|&i| {
            let (l, r) = (x.px(i as f64 + 0.04), x.px(i as f64 + 0.96));
            Rect {
                x: l,
                y: top,
                w: r - l,
                h: py(y.lo) - top,
            }
        })
        .collect();
    (bars, outlines)
}

/// The reference lines in view and their labels, each near its line where a
/// free place is; `Err` with the labels that found none moved to the key.
fn references(
    spec: &PlaneSpec,
    (x, y): (&Scale, &Scale),
    plane: &Rect,
    ink: &Ink,
    reserve: &Reserve,
    placed: &mut Placed,
) -> Result<(Vec<Rule>, Vec<Rule>), Reserve> {
    let mut more = reserve.clone();
    let lines: Vec<(&RefLine, bool)> = spec
        .hlines
        .iter()
        .map(|l| (l, true))
        .chain(spec.vlines.iter().map(|l| (l, false)))
        .collect();
    let mut shown = Vec::new();
    for &(line, horizontal) in &lines {
        let scale = if horizontal { y } else { x };
        if scale.contains(line.at) {
            shown.push((line, horizontal, scale.at(line.at)));
        } else if !reserve.key.iter().any(|(t, _)| *t == line.label) {
            // Out of view: only the key can say it.
            more.key.push((line.label.clone(), line.tone));
        }
    }
    let rule = |&(l, _, at): &(&RefLine, bool, f64)| Rule { at, tone: l.tone };
    let rules = (
        shown.iter().filter(|s| s.1).map(rule).collect::<Vec<_>>(),
        shown.iter().filter(|s| !s.1).map(rule).collect::<Vec<_>>(),
    );
    // A label crossing another line reads worse than one beside it.
    let crosses = |r: &Rect| {
        rules.0.iter().any(|h| r.y < h.at && h.at < r.bottom())
            || rules.1.iter().any(|v| r.x < v.at && v.at < r.right())
    };
    for &(line, horizontal, at) in &shown {
        if reserve.key.iter().any(|(t, _)| *t == line.label) {
            continue;
        }
        let spots = if horizontal {
            hline_spots(&line.label, at, plane)
        } else {
            vline_spots(&line.label, at, plane)
        };
        // The first free place, preferring one clear of the data, then one
        // crossing no other line.
        let spot = spots
            .iter()
            .filter(|r| r.inside(plane) && placed.free(r, GAP))
            .min_by_key(|r| 2 * ink.hits(r) as u8 + crosses(r) as u8);
        match spot {
            Some(&r) => {
                let label = Label::new(&line.label, r, Align::Left, line.tone, Role::Reference);
                placed.push(label)
            }
            None => more.key.push((line.label.clone(), line.tone)),
        }
    }
    if more.key.len() == reserve.key.len() {
        Ok(rules)
    } else {
        Err(more)
    }
}

/// Places for a horizontal line's label, best first: just above or below
/// the line at the left, then the right, then the middle, then a row
/// further away.
fn hline_spots(text: &str, at: f64, plane: &Rect) -> Vec<Rect> {
    let w = text_width(text);
    let xs = [
        plane.x + GAP,
        plane.right() - GAP - w,
        plane.x + (plane.w - w) / 2.0,
    ];
    let ys = [
        at - 2.0 - LINE_PX,
        at + 2.0,
        at - 4.0 - 2.0 * LINE_PX,
        at + 4.0 + LINE_PX,
    ];
    ys.iter()
        .flat_map(|&y| xs.iter().map(move |&x| line_box(x, y, w)))
        .collect()
}

/// Places for a vertical line's label, best first: beside the line at the
/// top, on the right then the left, one row lower at a time.
fn vline_spots(text: &str, at: f64, plane: &Rect) -> Vec<Rect> {
    let w = text_width(text);
    let rows = ((plane.h - 2.0) / (LINE_PX + 2.0)).floor().max(0.0) as usize;
    (0..rows)
        .flat_map(|k| {
            let y = plane.y + 2.0 + k as f64 * (LINE_PX + 2.0);
            [at + GAP, at - GAP - w].map(|x| line_box(x, y, w))
        })
        .collect()
}

fn line_box(x: f64, y: f64, w: f64) -> Rect {
    Rect {
        x,
        y,
        w,
        h: LINE_PX,
    }
}

/// The y ticks whose labels clear each other: as many as fit, up to six.
fn pick_y_ticks(axis: &Axis, y: &Scale) -> Vec<(f64, String)> {
    let mut last = Vec::new();
    for n in (2..=6).rev() {
        let ts: Vec<(f64, String)> = axis_ticks(axis, y.lo, y.hi, n)
            .into_iter()
            .map(|t| (t, tick_text(axis, t)))
            .collect();
        let clear = ts
            .windows(2)
            .all(|p| (y.px(p[0].0) - y.px(p[1].0)).abs() >= LINE_PX + 2.0 && p[0].1 != p[1].1);
        if clear {
            return ts;
        }
        last = ts;
    }
    // Even two collide (a very short plane): the lowest alone.
    last.truncate(1);
    last
}

/// The x ticks whose labels clear each other (as many as fit, up to seven),
/// each centred under its tick; the end ones aligned inward to stay on the
/// canvas.
fn pick_x_ticks(axis: &Axis, x: &Scale, top: f64, w: f64) -> Vec<Label> {
    let mut last = Vec::new();
    for n in (2..=7).rev() {
        let ls: Vec<Label> = axis_ticks(axis, x.lo, x.hi, n)
            .into_iter()
            .map(|t| {
                let text = tick_text(axis, t);
                let (px, tw) = (x.px(t), text_width(&text));
                let (lx, align) = if px - tw / 2.0 < PAD {
                    (px.max(PAD), Align::Left)
                } else if px + tw / 2.0 > w - PAD {
                    ((px - tw).min(w - PAD - tw), Align::Right)
                } else {
                    (px - tw / 2.0, Align::Center)
                };
                Label::new(
                    &text,
                    line_rect(lx, top, &text),
                    align,
                    Tone::Ink,
                    Role::Tick,
                )
            })
            .collect();
        let clear = ls
            .windows(2)
            .all(|p| p[0].rect.right() + TICK_GAP <= p[1].rect.x && p[0].text != p[1].text);
        if clear {
            return ls;
        }
        last = ls;
    }
    last.truncate(1);
    last
}

/// True when every name is a number (card 0, 1, 2…): thinning them loses
/// nothing a reader cannot count.
fn numbered(names: &[String]) -> bool {
    names
        .iter()
        .all(|n| super::decimal::parse(n.trim()).is_some())
}

/// Letters standing for the categories when their names fit nowhere.
fn letter(i: usize) -> String {
    let a = (b'A' + (i % 26) as u8) as char;
    if i < 26 {
        a.to_string()
    } else {
        format!("{a}{}", i / 26)
    }
}

/// The names under the bars: each wrapped into its slot on up to the
/// reserved lines; numbered names thinned to every k-th (and the
/// highlighted); `Err` with more lines, or letters, when one does not fit.
fn category_labels(
    spec: &PlaneSpec,
    x: &Scale,
    top: f64,
    reserve: &Reserve,
    placed: &mut Placed,
) -> Result<(), Reserve> {
    let names: Vec<String> = if reserve.lettered {
        (0..spec.categories().len()).map(letter).collect()
    } else {
        spec.categories().to_vec()
    };
    let slot = (x.px1 - x.px0) / names.len().max(1) as f64;
    let thin = numbered(&names) || reserve.lettered;
    let every = if thin {
        let widest = names.iter().map(|n| text_width(n)).fold(0.0, f64::max);
        round_step(((widest + TICK_GAP) / slot).ceil().max(1.0) as usize)
    } else {
        1
    };
    let room = every as f64 * slot - 2.0;
    let mut shown: Vec<usize> = spec
        .highlight()
        .iter()
        .copied()
        .filter(|&i| i < names.len())
        .collect();
    shown.extend(
        (0..names.len())
            .step_by(every)
            .filter(|i| !spec.highlight().contains(i)),
    );
    for i in shown {
        let cx = x.px(i as f64 + 0.5);
        let lines = match wrap(&names[i], room, reserve.category_lines) {
            Some(lines) => lines,
            None if thin => vec![names[i].clone()],
            None => return Err(more_category_room(reserve)),
        };
        let boxes: Vec<Label> = lines
            .iter()
            .enumerate()
            .map(|(k, line)| {
                let tw = text_width(line);
                // Centred under its bar, but never past the plane's ends.
                let lx = (cx - tw / 2.0).min(x.px1 - tw).max(PAD);
                let r = line_rect(lx, top + k as f64 * LINE_PX, line);
                Label::new(line, r, Align::Center, Tone::Ink, Role::Category)
            })
            .collect();
        // A highlighted name may land among thinned ones: the first placed wins.
        if boxes.iter().all(|b| placed.free(&b.rect, 1.0)) {
            placed.0.extend(boxes);
        } else if !thin {
            return Err(more_category_room(reserve));
        }
    }
    Ok(())
}

/// The next step of 1, 2, 5, 10, 20, 50… at or above `k`.
fn round_step(k: usize) -> usize {
    let mut base = 1;
    loop {
        for m in [1, 2, 5] {
            if m * base >= k {
                return m * base;
            }
        }
        base *= 10;
    }
}

fn more_category_room(reserve: &Reserve) -> Reserve {
    let mut more = reserve.clone();
    if more.category_lines < CATEGORY_LINES {
        more.category_lines += 1;
    } else {
        more.category_lines = 1;
        more.lettered = true;
    }
    more
}

/// The key under the chart, lines from y = 0: lettered categories' names,
/// then the reference labels that found no place by their line, each with
/// a sample of its line, flowing left to right and wrapping.
fn key_labels(reserve: &Reserve, categories: &[String], inner: f64) -> Vec<Label> {
    let mut entries: Vec<(String, Tone, bool)> = Vec::new();
    if reserve.lettered {
        entries.extend(
            categories
                .iter()
                .enumerate()
                .map(|(i, c)| (format!("{}: {c}", letter(i)), Tone::Ink, false)),
        );
    }
    entries.extend(reserve.key.iter().map(|(t, tone)| (t.clone(), *tone, true)));
    let mut out = Vec::new();
    let (mut cx, mut line) = (PAD, 0usize);
    for (text, tone, swatch) in entries {
        let lead = if swatch { SWATCH_PX } else { 0.0 };
        let lines = wrap_hard(&text, inner - lead);
        let first_w = lead + text_width(&lines[0]);
        if cx > PAD && (lines.len() > 1 || cx + first_w > PAD + inner) {
            line += 1;
            cx = PAD;
        }
        for (k, part) in lines.iter().enumerate() {
            let (x, lead) = if k == 0 {
                (cx, lead)
            } else {
                (PAD + lead, 0.0)
            };
            let r = Rect {
                x,
                y: line as f64 * LINE_PX,
                w: lead + text_width(part),
                h: LINE_PX,
            };
            out.push(Label {
                swatch: swatch && k == 0,
                ..Label::new(part, r, Align::Left, tone, Role::Key)
            });
            if k + 1 < lines.len() {
                line += 1;
            }
        }
        if lines.len() > 1 {
            line += 1;
            cx = PAD;
        } else {
            cx = out.last().map_or(PAD, |l| l.rect.right() + 3.0 * GAP);
        }
    }
    out
}

/// A ring's captions, one above the other at the centre.
fn ring_layout(lines: &[String], w: f64, h: f64) -> ChartLayout {
    let canvas = Rect {
        x: 0.0,
        y: 0.0,
        w,
        h,
    };
    let mut labels = Vec::new();
    let parts: Vec<String> = lines
        .iter()
        .flat_map(|l| wrap_hard(l, w - 2.0 * PAD))
        .collect();
    let mut y = h / 2.0 - parts.len() as f64 * LINE_PX / 2.0;
    for p in &parts {
        let tw = text_width(p);
        labels.push(Label::new(
            p,
            line_rect((w - tw) / 2.0, y, p),
            Align::Center,
            Tone::Ink,
            Role::Caption,
        ));
        y += LINE_PX;
    }
    let unit = Scale {
        lo: 0.0,
        hi: 1.0,
        log: false,
        px0: 0.0,
        px1: 1.0,
    };
    ChartLayout {
        width: w,
        height: h,
        plane: canvas,
        x: unit,
        y: unit,
        grid: Vec::new(),
        hlines: Vec::new(),
        vlines: Vec::new(),
        bars: Vec::new(),
        outlines: Vec::new(),
        labels,
    }
}
