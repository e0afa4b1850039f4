//! Sorts a frame's shapes into batches that each paint as one path, without
//! changing what covers what.
//!
//! Shapes are taken in the frame's order. Each goes into the first batch of
//! its look (its kind, ink, glyph, dash, width) that paints no earlier than
//! every batch holding a shape it may overlap, or opens a new batch at the
//! end. Painting the batches in order then keeps every overlapping pair in
//! the order the scene listed it, while shapes that do not touch (a row of
//! cards, their fills, their outlines; hundreds of requests) share a path.
//! One exception: thin strokes (lines and outlines) keep their order with
//! everything but each other (where two cross, which is on top does not
//! show), so a chart's interleaved series are a path each.
//!
//! Overlap is judged on a grid of the scene (cells of about 4 units): a cell
//! remembers the last batch painting in it, and the last that is not a thin
//! stroke, so a shape looks only at the cells it covers (an outline: its four
//! edges; a text: its box, estimated generously). The buffers are kept
//! between frames.

use crate::model::scene::{Align, Frame, Glyph, Ink, Shape, TextSize};

/// How a shape is filled or stroked: shapes that look alike share a path.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Look {
    Fill(Ink),
    Outline(Ink),
    /// Its ink and width (as bits).
    Arc(Ink, u32),
    /// Its ink, dashed or not.
    Line(Ink, bool),
    Mark(Glyph, Ink),
    /// Texts (each sets its own ink, size and anchor).
    Text,
}

pub(super) fn look(s: &Shape) -> Look {
    match *s {
        Shape::Rect {
            ink, filled: true, ..
        } => Look::Fill(ink),
        Shape::Rect { ink, .. } => Look::Outline(ink),
        Shape::Arc { ink, width, .. } => Look::Arc(ink, width.to_bits()),
        Shape::Line { ink, dashed, .. } => Look::Line(ink, dashed),
        Shape::Mark { glyph, ink, .. } => Look::Mark(glyph, ink),
        Shape::Text { .. } => Look::Text,
    }
}

/// Grid cells across the longer side of the scene, at most.
const CELLS: f32 = 256.0;
/// Half a thin stroke's width and a little, in logical units.
const PAD: f32 = 0.75;

/// A box (x0, y0, x1, y1) in logical units.
type Box = (f32, f32, f32, f32);

#[derive(Default)]
pub(super) struct Batches {
    /// Per grid cell: one more than the last batch painting in it, and than
    /// the last that is not a thin stroke (0: none).
    grid: Vec<(u16, u16)>,
    cols: usize,
    rows: usize,
    cell: f32,
    /// Each batch's look.
    looks: Vec<Look>,
    /// Each shape's batch.
    of: Vec<u16>,
    /// Shape indices, batch after batch (the frame's order within each).
    order: Vec<u32>,
    /// Where each batch starts in `order` (and one past the last).
    starts: Vec<u32>,
    next: Vec<u32>,
}

impl Batches {
    /// Sorts `frame` (of logical size `size`); `text_h` is each text size's
    /// height in logical units, and `min_r` the least radius a mark is drawn
    /// with.
    pub fn sort(&mut self, frame: &Frame, size: (f32, f32), text_h: [f32; 3], min_r: f32) {
        let (w, h) = (size.0.max(1.0), size.1.max(1.0));
        self.cell = (w.max(h) / CELLS).max(1.0);
        self.cols = (w / self.cell).ceil() as usize + 1;
        self.rows = (h / self.cell).ceil() as usize + 1;
        self.grid.clear();
        self.grid.resize(self.cols * self.rows, (0, 0));
        self.looks.clear();
        self.of.clear();
        for s in &frame.shapes {
            let l = look(s);
            let thin = matches!(l, Look::Outline(_) | Look::Line(..));
            let (boxes, n) = covers(s, frame, text_h, min_r);
            let mut after = 0u16;
            for b in &boxes[..n] {
                let cells = self.cells(*b);
                self.each_cell(cells, |(any, solid)| {
                    after = after.max(if thin { *solid } else { *any })
                });
            }
            let from = after.saturating_sub(1) as usize;
            let b = match self.looks[from..].iter().position(|x| *x == l) {
                Some(k) => from + k,
                None => {
                    self.looks.push(l);
                    self.looks.len() - 1
                }
            }
            .min(u16::MAX as usize - 1) as u16;
            self.of.push(b);
            for bx in &boxes[..n] {
                let cells = self.cells(*bx);
                self.each_cell(cells, |(any, solid)| {
                    *any = (*any).max(b + 1);
                    if !thin {
                        *solid = (*solid).max(b + 1);
                    }
                });
            }
        }
        self.order_by_batch();
    }

    /// A counting sort of the shapes by batch.
    fn order_by_batch(&mut self) {
        let n = self.looks.len();
        self.starts.clear();
        self.starts.resize(n + 1, 0);
        for &b in &self.of {
            self.starts[b as usize + 1] += 1;
        }
        for i in 0..n {
            self.starts[i + 1] += self.starts[i];
        }
        self.next.clear();
        self.next.extend_from_slice(&self.starts[..n]);
        self.order.clear();
        self.order.resize(self.of.len(), 0);
        for (i, &b) in self.of.iter().enumerate() {
            let at = &mut self.next[b as usize];
            self.order[*at as usize] = i as u32;
            *at += 1;
        }
    }

    pub fn len(&self) -> usize {
        self.looks.len()
    }

    /// Batch `b`: its look and its shapes' indices, in paint order.
    pub fn batch(&self, b: usize) -> (Look, &[u32]) {
        let (s, e) = (self.starts[b] as usize, self.starts[b + 1] as usize);
        (self.looks[b], &self.order[s..e])
    }

    /// The grid cells (columns, then rows) a box covers, clamped.
    fn cells(&self, (x0, y0, x1, y1): Box) -> (usize, usize, usize, usize) {
        let at = |v: f32, n: usize| ((v / self.cell).floor().max(0.0) as usize).min(n - 1);
        (
            at(x0, self.cols),
            at(x1, self.cols),
            at(y0, self.rows),
            at(y1, self.rows),
        )
    }

    fn each_cell(
        &mut self,
        (c0, c1, r0, r1): (usize, usize, usize, usize),
        mut f: impl FnMut(&mut (u16, u16)),
    ) {
        if c0 > c1 {
            return;
        }
        for r in r0..=r1 {
            let row = r * self.cols;
            for c in &mut self.grid[row + c0..=row + c1] {
                f(c);
            }
        }
    }
}

/// The box of an arc of the circle (cx, cy, r) from angle `a0` to `a1`
/// (from the top, turning as the painter's `arc()` turns: clockwise, the
/// short way round past a full turn), grown by `pad`: its two ends and every
/// quarter of the circle it passes. A ring drawn as many short arcs then
/// covers its band, not each arc its whole circle's box.
fn arc_box((cx, cy, r): (f32, f32, f32), a0: f32, a1: f32, pad: f32) -> Box {
    use std::f32::consts::{FRAC_PI_2, TAU};
    let sweep = a1 - a0;
    if sweep.is_nan() || sweep.abs() >= TAU {
        return (cx - r - pad, cy - r - pad, cx + r + pad, cy + r + pad);
    }
    let (t0, t1) = (a0 - FRAC_PI_2, a0 - FRAC_PI_2 + sweep.rem_euclid(TAU));
    let at = |t: f32| {
        let (sin, cos) = crate::web::draw::sin_cos(t as f64);
        (cx + r * cos as f32, cy + r * sin as f32)
    };
    let (mut x0, mut y0) = at(t0);
    let (mut x1, mut y1) = (x0, y0);
    let mut grow = |(x, y): (f32, f32)| {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    };
    grow(at(t1));
    let mut k = (t0 / FRAC_PI_2).floor() + 1.0;
    while k * FRAC_PI_2 < t1 {
        grow(at(k * FRAC_PI_2));
        k += 1.0;
    }
    (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
}

/// Where a shape may paint, as up to four boxes: an outline's four edges,
/// anything else's box (a stroke's with its width, a text's estimated
/// generously).
fn covers(s: &Shape, frame: &Frame, text_h: [f32; 3], min_r: f32) -> ([Box; 4], usize) {
    let one = |b: Box| ([b; 4], 1);
    match *s {
        Shape::Rect {
            x, y, w, h, filled, ..
        } => {
            let (x0, y0, x1, y1) = (x.min(x + w), y.min(y + h), x.max(x + w), y.max(y + h));
            if filled {
                return one((x0, y0, x1, y1));
            }
            let p = PAD;
            (
                [
                    (x0 - p, y0 - p, x1 + p, y0 + p),
                    (x0 - p, y1 - p, x1 + p, y1 + p),
                    (x0 - p, y0 - p, x0 + p, y1 + p),
                    (x1 - p, y0 - p, x1 + p, y1 + p),
                ],
                4,
            )
        }
        Shape::Arc {
            cx,
            cy,
            r,
            a0,
            a1,
            width,
            ..
        } => one(arc_box((cx, cy, r.abs()), a0, a1, width.abs() / 2.0 + PAD)),
        Shape::Line { x0, y0, x1, y1, .. } => one((
            x0.min(x1) - PAD,
            y0.min(y1) - PAD,
            x0.max(x1) + PAD,
            y0.max(y1) + PAD,
        )),
        Shape::Mark { x, y, r, .. } => {
            let r = r.max(min_r) * 1.15 + PAD;
            one((x - r, y - r, x + r, y + r))
        }
        Shape::Text {
            x,
            y,
            text,
            size,
            align,
            ..
        } => {
            let h = text_h[match size {
                TextSize::Small => 0,
                TextSize::Normal => 1,
                TextSize::Large => 2,
            }];
            // Wider than a sans-serif face's letters are on average.
            let w = frame.str(text).chars().count() as f32 * h * 0.7;
            let (x0, x1) = match align {
                Align::Left => (x, x + w),
                Align::Center => (x - w / 2.0, x + w / 2.0),
                Align::Right => (x - w, x),
            };
            one((x0, y - h, x1, y + h * 0.35))
        }
    }
}
