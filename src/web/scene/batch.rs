//! Sorts a frame's shapes into batches that each paint as one path, without
//! changing what covers what.
//!
//! Shapes are taken in the frame's order. Each goes into the first batch of
//! its look (its kind, ink, glyph, dash, width) that paints no earlier than
//! every batch holding a shape it may overlap, or opens a new batch at the
//! end. Painting the batches in order then keeps every overlapping pair in
//! the order the scene listed it, while shapes that do not touch (a row of
//! cards, their fills, their outlines; hundreds of requests) share a path.
//! Overlap is judged on a coarse grid of the scene: a cell remembers the
//! last batch painting in it, so a shape looks only at the cells its box
//! covers (a text's box is estimated, generously). The buffers are kept
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

/// Cells across the longer side of the scene.
const CELLS: f32 = 32.0;

#[derive(Default)]
pub(super) struct Batches {
    /// Per grid cell: one more than the last batch painting in it (0: none).
    grid: Vec<u16>,
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
        self.cell = w.max(h) / CELLS;
        self.cols = (w / self.cell).ceil() as usize + 1;
        self.rows = (h / self.cell).ceil() as usize + 1;
        self.grid.clear();
        self.grid.resize(self.cols * self.rows, 0);
        self.looks.clear();
        self.of.clear();
        for s in &frame.shapes {
            let l = look(s);
            let cells = self.cells(bounds(s, frame, text_h, min_r));
            let mut after = 0u16;
            self.each_cell(cells, |c| after = after.max(*c));
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
            self.each_cell(cells, |c| *c = (*c).max(b + 1));
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

    /// The grid cells (columns, rows) a box covers, clamped to the grid.
    fn cells(&self, (x0, y0, x1, y1): (f32, f32, f32, f32)) -> (usize, usize, usize, usize) {
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
        mut f: impl FnMut(&mut u16),
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

/// The box a shape may paint in (generous: a stroke's width, a text's
/// estimated width), as (x0, y0, x1, y1).
fn bounds(s: &Shape, frame: &Frame, text_h: [f32; 3], min_r: f32) -> (f32, f32, f32, f32) {
    const PAD: f32 = 1.5;
    let b = match *s {
        Shape::Rect { x, y, w, h, .. } => (x.min(x + w), y.min(y + h), x.max(x + w), y.max(y + h)),
        Shape::Arc {
            cx, cy, r, width, ..
        } => {
            let r = r.abs() + width.abs();
            (cx - r, cy - r, cx + r, cy + r)
        }
        Shape::Line { x0, y0, x1, y1, .. } => (x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1)),
        Shape::Mark { x, y, r, .. } => {
            let r = r.max(min_r) * 1.2;
            (x - r, y - r, x + r, y + r)
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
            // Wider than any glyph of a sans-serif face is on average.
            let w = frame.str(text).chars().count() as f32 * h * 0.7;
            let (x0, x1) = match align {
                Align::Left => (x, x + w),
                Align::Center => (x - w / 2.0, x + w / 2.0),
                Align::Right => (x - w, x),
            };
            (x0, y - h, x1, y + h * 0.35)
        }
    };
    (b.0 - PAD, b.1 - PAD, b.2 + PAD, b.3 + PAD)
}
