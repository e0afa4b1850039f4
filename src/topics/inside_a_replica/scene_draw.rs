//! What the replica scene draws (every word at normal size or larger):
//! the running batch as rows (a prompt's prefill bar, its
//! chunk of the last step highlighted, then its reply's decode bar with a
//! dot where the last step gave it a token), the waiting queue as rings
//! (triangles for preempted sequences, which prefill again), a preempted
//! sequence's walk back to the queue, the last step (kind, duration,
//! tokens), the KV cache as a grid of blocks, the counters, and the step's
//! rule.
//!
//! The KV grid is drawn as runs: one rectangle per stretch of blocks held
//! alike (and per grid row it crosses), then the grid's lines, so a cache
//! of thousands of blocks is a few dozen shapes.
//!
//! Two layouts share the drawing: wide (840 × 460 units, the batch and the
//! queue side by side) and narrow for a phone (320 × 558, one column, the
//! rows' words shortened). A [`Geo`] says where each part goes in each.

use super::params::BLOCK_TOKENS;
use super::scene::{ReplicaScene, LEAVES, ROWS, SIZE};
use super::sim::Seq;
use crate::model::scene::normal_width;
use crate::model::scene::{Align, Compact, Frame, Glyph, Ink, Layout, TextSize, Thousands};

/// Where each part of the scene goes in one layout.
struct Geo {
    size: (f32, f32),
    narrow: bool,
    /// The title's baseline, and the right edge text keeps to.
    title_y: f32,
    right: f32,
    /// The batch: its heading, the column heads, the rows (each `row_h`
    /// tall, its bars `bar_h`), the request's number, the prompt's and the
    /// reply's bars, and the anchor of the row's words (left-aligned wide,
    /// right-aligned narrow).
    head_y: f32,
    cols_y: f32,
    row_y0: f32,
    row_h: f32,
    bar_h: f32,
    id_x: f32,
    px: (f32, f32),
    dx: (f32, f32),
    tx: f32,
    /// The queue: its heading's baseline and left, the first ring's row,
    /// the rings across and down.
    queue_head_y: f32,
    qx: f32,
    queue_y: f32,
    queue_cols: usize,
    queue_rows: usize,
    /// The last step: its heading's baseline, its left and right.
    step_y: f32,
    rx: (f32, f32),
    /// The KV grid: its caption, its box, most cells, columns.
    kv_y: f32,
    gx: f32,
    gw: f32,
    gy: f32,
    cell_h: f32,
    most_cells: u32,
    grid_cols: u32,
    /// The step's rule (the page shows the counters under the scene).
    rule_y: f32,
}

/// Wide, beside the sliders: the batch and the queue side by side, the
/// last step under the queue, the KV grid across the foot (840 × 460
/// units: a unit is 1.04 CSS px at 1,366 px).
const WIDE: Geo = Geo {
    size: SIZE,
    narrow: false,
    title_y: 18.0,
    right: 830.0,
    head_y: 42.0,
    cols_y: 60.0,
    row_y0: 66.0,
    row_h: 18.0,
    bar_h: 12.0,
    id_x: 10.0,
    px: (62.0, 222.0),
    dx: (228.0, 378.0),
    tx: 386.0,
    queue_head_y: 42.0,
    qx: 604.0,
    queue_y: 60.0,
    queue_cols: 18,
    queue_rows: 4,
    step_y: 160.0,
    rx: (604.0, 830.0),
    kv_y: 306.0,
    gx: 10.0,
    gw: 820.0,
    gy: 314.0,
    cell_h: 12.0,
    most_cells: 384,
    grid_cols: 64,
    rule_y: 446.0,
};

/// Narrow, on a phone: one column, the batch, the queue, the last step,
/// the KV grid and the rule under each other (320 × 558 units: a unit is a
/// CSS px on a phone).
const NARROW: Geo = Geo {
    size: (320.0, 558.0),
    narrow: true,
    title_y: 18.0,
    right: 316.0,
    head_y: 58.0,
    cols_y: 74.0,
    row_y0: 80.0,
    row_h: 14.0,
    bar_h: 10.0,
    id_x: 4.0,
    px: (58.0, 138.0),
    dx: (142.0, 226.0),
    tx: 316.0,
    queue_head_y: 272.0,
    qx: 4.0,
    queue_y: 286.0,
    queue_cols: 24,
    queue_rows: 2,
    step_y: 328.0,
    rx: (4.0, 316.0),
    kv_y: 404.0,
    gx: 4.0,
    gw: 312.0,
    gy: 430.0,
    cell_h: 10.0,
    most_cells: 192,
    grid_cols: 32,
    rule_y: 532.0,
};

/// The layout's places.
fn geo(layout: Layout) -> &'static Geo {
    match layout {
        Layout::Wide => &WIDE,
        Layout::Narrow => &NARROW,
    }
}

/// A duration in ms as a counter reads: "9.84 ms", "41.8 ms", "632 ms",
/// "10.6 s".
struct Ms(f64);

impl std::fmt::Display for Ms {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let v = self.0;
        if !v.is_finite() {
            write!(f, "—")
        } else if v >= 10_000.0 {
            write!(f, "{} s", Thousands(v / 1000.0))
        } else if v >= 1000.0 {
            write!(f, "{:.2} s", v / 1000.0)
        } else if v >= 100.0 {
            write!(f, "{v:.0} ms")
        } else if v >= 10.0 {
            write!(f, "{v:.1} ms")
        } else {
            write!(f, "{v:.2} ms")
        }
    }
}

/// A sequence's blocks in parts, as the KV key names them: its prompt
/// prefilled before this step (`Miss`), this step's chunk of it (`Accent`),
/// its reply decoded so far (`ClassA`). What it holds past its tokens goes
/// to the prompt while it prefills (admission reserves the whole prompt)
/// and to the reply once it decodes (the last block's empty slots).
fn kv_parts(s: &Seq) -> [(Ink, f32); 3] {
    let block = BLOCK_TOKENS as f32;
    let prompt = s.computed.min(s.target);
    let chunk = s.chunk.min(prompt);
    let reply = s.computed.saturating_sub(s.target);
    let mut parts = [
        (Ink::Miss, (prompt - chunk) as f32 / block),
        (Ink::Accent, chunk as f32 / block),
        (Ink::ClassA, reply as f32 / block),
    ];
    let slack = (s.blocks as f32 - parts.iter().map(|p| p.1).sum::<f32>()).max(0.0);
    parts[if s.prefilling() { 0 } else { 2 }].1 += slack;
    parts
}

/// A prompt's bar: `Warn` when it is prefilled again after a preemption.
fn prompt_ink(scene: &ReplicaScene, s: &Seq) -> Ink {
    if scene.engine.records[s.req as usize].preempted > 0 {
        Ink::Warn
    } else {
        Ink::Miss
    }
}

impl ReplicaScene {
    /// The scene's size in `layout`.
    pub(super) fn layout_size(&self, layout: Layout) -> (f32, f32) {
        geo(layout).size
    }

    /// Describes the scene now (`Scene::draw`), laid out as the frame says.
    pub(super) fn paint(&self, f: &mut Frame) {
        let g = geo(f.layout);
        self.title(f, g);
        self.batch(f, g);
        self.queue(f, g);
        self.leaving(f, g);
        self.last_step(f, g);
        self.kv(f, g);
        self.rule(f, g);
    }

    fn title(&self, f: &mut Frame, g: &Geo) {
        let hw = &self.input.hw;
        let bits = |b: f64| if b >= 2.0 { 16 } else { 8 };
        let (w, kv) = (bits(hw.weight_bytes), bits(hw.kv_bytes));
        let at = (g.id_x, g.title_y);
        if g.narrow {
            let (model, gpu) = (hw.model.name, hw.gpu.name);
            let model = model.strip_suffix(" model").unwrap_or(model);
            let args = format_args!("{model} on {} × {gpu}", hw.tp);
            f.normal(at, Ink::Text, Align::Left, args);
            let at = (g.id_x, g.title_y + 18.0);
            let args = format_args!("{w}-bit weights, {kv}-bit KV");
            f.normal(at, Ink::Muted, Align::Left, args);
        } else {
            let args = format_args!(
                "{} on {} × {}, {w}-bit weights, {kv}-bit KV",
                hw.model.name, hw.tp, hw.gpu.name,
            );
            f.normal(at, Ink::Text, Align::Left, args);
        }
        let at = (g.right, g.title_y);
        f.normal(
            at,
            Ink::Muted,
            Align::Right,
            format_args!("{:.2} s", self.clock()),
        );
    }

    /// The running batch, a row per sequence (the newest `ROWS`: what
    /// is admitted, prefilled and preempted shows).
    fn batch(&self, f: &mut Frame, g: &Geo) {
        let e = &self.engine;
        let n = e.running.len();
        let limit = self.input.traffic.max_batch;
        let at = (g.id_x, g.head_y);
        if n > ROWS && g.narrow {
            let args = format_args!("Batch: {n}, limit {limit}, newest {ROWS} shown");
            f.normal(at, Ink::Text, Align::Left, args);
        } else if n > ROWS {
            let args = format_args!(
                "Batch: {n} sequences (batch limit {limit}) · newest {ROWS} shown, {} older",
                n - ROWS
            );
            f.normal(at, Ink::Text, Align::Left, args);
        } else if g.narrow {
            let args = format_args!("Batch: {n}, limit {limit}");
            f.normal(at, Ink::Text, Align::Left, args);
        } else {
            let args = format_args!(
                "Batch: {n} {} (batch limit {limit})",
                if n == 1 { "sequence" } else { "sequences" }
            );
            f.normal(at, Ink::Text, Align::Left, args);
        }
        let heads = if g.narrow {
            ["prefill", "decode"]
        } else {
            ["prompt: prefill", "reply: decode"]
        };
        for ((x0, x1), words) in [g.px, g.dx].into_iter().zip(heads) {
            let at = ((x0 + x1) / 2.0, g.cols_y);
            f.normal(at, Ink::Muted, Align::Center, format_args!("{words}"));
        }
        if g.narrow {
            let at = (g.tx, g.cols_y);
            f.normal(at, Ink::Muted, Align::Right, format_args!("tokens"));
        }
        if n == 0 {
            let at = (g.px.0, g.row_y0 + g.bar_h + 1.0);
            let args = format_args!("empty: no sequence is running");
            f.normal(at, Ink::Muted, Align::Left, args);
        }
        let decoded = e.last.decode_tokens > 0;
        let shown = &e.running[n.saturating_sub(ROWS)..];
        for (k, s) in shown.iter().enumerate() {
            self.row(f, g, g.row_y0 + k as f32 * g.row_h, s, decoded);
        }
    }

    fn row(&self, f: &mut Frame, g: &Geo, y: f32, s: &Seq, decoded: bool) {
        let rec = &self.engine.records[s.req as usize];
        let req = &self.engine.requests[s.req as usize];
        let (by, bh) = (y + (g.row_h - g.bar_h) / 2.0, g.bar_h);
        let base = y + bh + 1.0;
        let args = format_args!("#{}", s.req + 1);
        f.normal((g.id_x, base), Ink::Muted, Align::Left, args);
        // The prompt: prefilled share, this step's chunk on top.
        let ((px0, px1), (dx0, dx1)) = (g.px, g.dx);
        let pw = px1 - px0;
        let target = s.target.max(1) as f32;
        let done = (s.computed.min(s.target) as f32 / target).min(1.0);
        f.rect(px0, by, pw * done, bh, prompt_ink(self, s));
        if s.chunk > 0 {
            let c0 = s.computed.saturating_sub(s.chunk) as f32 / target;
            f.rect(px0 + pw * c0, by, pw * (done - c0), bh, Ink::Accent);
        }
        f.outline(px0, by, pw, bh, Ink::Muted);
        // The reply: tokens so far, a dot on the one this step gave.
        let dw = dx1 - dx0;
        let out = req.output.max(1) as f32;
        let got = (rec.generated as f32 / out).min(1.0);
        f.rect(dx0, by, dw * got, bh, Ink::ClassA);
        f.outline(dx0, by, dw, bh, Ink::Muted);
        let token_now = !s.prefilling() && (s.chunk > 0 || decoded);
        if token_now {
            let r = (bh / 3.0).min(4.0);
            f.mark(dx0 + dw * got, by + bh / 2.0, r, Glyph::Dot, Ink::Accent);
        }
        let at = (g.tx, base);
        let (ink, again) = if s.prefilling() {
            (prompt_ink(self, s), rec.preempted > 0)
        } else {
            (Ink::Text, false)
        };
        let (now, of) = if s.prefilling() {
            (s.computed as f64, s.target as f64)
        } else {
            (rec.generated as f64, req.output as f64)
        };
        if g.narrow {
            let args = format_args!("{}/{}", Compact(now), Compact(of));
            f.normal(at, ink, Align::Right, args);
        } else {
            let word = match (s.prefilling(), again) {
                (true, true) => "again",
                (true, false) => "prefill",
                _ => "token",
            };
            let args = format_args!("{word} {} of {}", Thousands(now), Thousands(of));
            f.normal(at, ink, Align::Left, args);
        }
    }

    /// The waiting queue: a ring per request, head of the line first; a
    /// preempted one is a triangle (it prefills again).
    fn queue(&self, f: &mut Frame, g: &Geo) {
        let e = &self.engine;
        let n = e.waiting.len();
        let room = g.queue_cols * g.queue_rows;
        let shown = if n > room && !g.narrow {
            ", first 72 shown"
        } else {
            ""
        };
        let args = format_args!("Waiting: {}{shown}", Thousands(n as f64));
        f.normal((g.qx, g.queue_head_y), Ink::Text, Align::Left, args);
        let mut again = false;
        for (i, &r) in e.waiting.iter().take(room).enumerate() {
            let x = g.qx + 6.0 + (i % g.queue_cols) as f32 * 12.5;
            let y = g.queue_y + (i / g.queue_cols) as f32 * 14.0;
            if e.records[r as usize].preempted > 0 {
                again = true;
                f.mark(x, y, 5.0, Glyph::Triangle, Ink::Warn);
            } else {
                f.mark(x, y, 4.5, Glyph::Ring, Ink::Waiting);
            }
        }
        if again {
            // Wide, the sign's meaning under the rings; narrow, at the
            // right of the heading.
            let words = "preempted: to prefill again";
            let (x, y) = if g.narrow {
                (g.right - normal_width(words) - 12.0, g.queue_head_y)
            } else {
                (g.qx, g.queue_y + g.queue_rows as f32 * 14.0 + 6.0)
            };
            f.mark(x + 6.0, y - 4.0, 5.0, Glyph::Triangle, Ink::Warn);
            let args = format_args!("{words}");
            f.normal((x + 16.0, y), Ink::Warn, Align::Left, args);
        } else if n == 0 {
            let at = (g.qx, g.queue_y + 4.0);
            f.normal(at, Ink::Muted, Align::Left, format_args!("nobody waits"));
        }
    }

    /// Sequences preempted lately, walking from their row to the queue.
    fn leaving(&self, f: &mut Frame, g: &Geo) {
        let (now, span) = (self.clock(), self.leave_s());
        let first = self.n_leaves.saturating_sub(LEAVES);
        for i in first..self.n_leaves {
            let l = self.leaves[i % LEAVES];
            let u = ((now - l.t) / span) as f32;
            if !(0.0..1.0).contains(&u) {
                continue;
            }
            let row = l.row.min(ROWS) as f32;
            let x0 = (g.px.0 + g.px.1) / 2.0;
            let y0 = g.row_y0 + row * g.row_h + g.row_h / 2.0;
            let (x1, y1) = (g.qx + 6.0, g.queue_y);
            let x = x0 + (x1 - x0) * u;
            let y = y0 + (y1 - y0) * u;
            f.mark(x, y, 6.0, Glyph::Triangle, Ink::Warn);
        }
    }
}

impl ReplicaScene {
    /// The last step: its kind, its time, its tokens (a bar split prefill
    /// and decode), and who got nothing or was preempted. Wide, a line
    /// each; narrow, the kind and the time on the heading's line.
    fn last_step(&self, f: &mut Frame, g: &Geo) {
        let s = self.shown;
        let (x, y) = (g.rx.0, g.step_y);
        f.normal((x, y), Ink::Muted, Align::Left, format_args!("Last step"));
        let ink = if self.paused > 0 {
            Ink::Warn
        } else {
            Ink::Text
        };
        let kind_at = if g.narrow {
            (x + 74.0, y)
        } else {
            (x, y + 22.0)
        };
        let args = format_args!("{}", self.step_kind());
        f.label(kind_at, ink, TextSize::Large, Align::Left, args);
        if s.dt <= 0.0 {
            return;
        }
        let tokens = s.prefill_tokens + s.decode_tokens;
        let noun = if tokens == 1 { "token" } else { "tokens" };
        let (p, d) = (
            Thousands(s.prefill_tokens as f64),
            Thousands(s.decode_tokens as f64),
        );
        let bar_y = if g.narrow {
            let at = (g.rx.1, y);
            f.normal(
                at,
                Ink::Text,
                Align::Right,
                format_args!("{}", Ms(s.dt * 1000.0)),
            );
            let args = format_args!(
                "{} {noun}: {p} prefill + {d} decode",
                Thousands(tokens as f64)
            );
            f.normal((x, y + 18.0), Ink::Text, Align::Left, args);
            y + 24.0
        } else {
            let args = format_args!(
                "{} · {} {noun}",
                Ms(s.dt * 1000.0),
                Thousands(tokens as f64)
            );
            f.normal((x, y + 42.0), Ink::Text, Align::Left, args);
            let args = format_args!("{p} prefill + {d} decode");
            f.normal((x, y + 60.0), Ink::Text, Align::Left, args);
            y + 68.0
        };
        let w = g.rx.1 - x;
        let share = s.prefill_tokens as f32 / tokens.max(1) as f32;
        f.rect(x, bar_y, w * share, 10.0, Ink::Miss);
        f.rect(x + w * share, bar_y, w * (1.0 - share), 10.0, Ink::ClassA);
        f.outline(x, bar_y, w, 10.0, Ink::Muted);
        let at = (x, bar_y + 28.0);
        if self.paused > 0 {
            let who = if self.paused == 1 {
                "reply got"
            } else {
                "replies got"
            };
            let args = format_args!("{} {who} no token", Thousands(self.paused as f64));
            f.normal(at, Ink::Warn, Align::Left, args);
        } else if s.preempted > 0 {
            let args = format_args!("{} preempted: KV full", s.preempted);
            f.normal(at, Ink::Warn, Align::Left, args);
        }
    }

    /// The KV cache: a grid of cells (a cell is one block, or `per` blocks
    /// when there are thousands), the blocks each sequence holds in batch
    /// order, then the free ones.
    fn kv(&self, f: &mut Frame, g: &Geo) {
        let e = &self.engine;
        let total = e.replica.blocks;
        let used = total - e.free_blocks.min(total);
        let at = (g.gx, g.kv_y);
        if total == 0 {
            if g.narrow {
                let args = format_args!("KV cache: none beside the weights,");
                f.normal(at, Ink::Warn, Align::Left, args);
                let args = format_args!("so every request is refused");
                f.normal((g.gx, g.kv_y + 18.0), Ink::Warn, Align::Left, args);
            } else {
                let args = format_args!(
                    "KV cache: no memory left beside the weights; every request is refused"
                );
                f.normal(at, Ink::Warn, Align::Left, args);
            }
            f.outline(g.gx, g.gy, g.gw, g.cell_h, Ink::Muted);
            return;
        }
        let args = format_args!(
            "KV cache: {} of {} blocks{} ({:.0} %)",
            Thousands(used as f64),
            Thousands(total as f64),
            if g.narrow { "" } else { " used" },
            100.0 * used as f64 / total as f64
        );
        f.normal(at, Ink::Text, Align::Left, args);
        let per = total.div_ceil(g.most_cells).max(1);
        let cells = total.div_ceil(per);
        let cols = g.grid_cols.min(cells);
        let rows = cells.div_ceil(cols);
        let cw = g.gw / cols as f32;
        let args = format_args!(
            "a cell is {} {} of 16 tokens",
            Thousands(per as f64),
            if per == 1 { "block" } else { "blocks" }
        );
        if g.narrow {
            f.normal((g.gx, g.kv_y + 18.0), Ink::Muted, Align::Left, args);
        } else {
            f.normal((g.gx + g.gw, g.kv_y), Ink::Muted, Align::Right, args);
        }
        // Runs of blocks held alike, in cells (fractions where a cell is
        // several blocks, or a block part filled): each sequence's prompt,
        // this step's chunk of it, then its reply.
        let cell = |b: f32| b / per as f32;
        let mut start = 0.0f32;
        let mut at = 0.0f32;
        let mut ink = None;
        for s in &e.running {
            for (k, blocks) in kv_parts(s) {
                if blocks <= 0.0 {
                    continue;
                }
                if ink != Some(k) {
                    if let Some(i) = ink {
                        run(f, g, (cell(start), cell(at)), (cols, cw), i);
                    }
                    (start, ink) = (at, Some(k));
                }
                at += blocks;
            }
        }
        if let Some(i) = ink {
            run(f, g, (cell(start), cell(at)), (cols, cw), i);
        }
        // The grid: a box per row, a line per column.
        for r in 0..rows {
            let in_row = (cells - r * cols).min(cols);
            let y = g.gy + r as f32 * g.cell_h;
            f.outline(g.gx, y, in_row as f32 * cw, g.cell_h, Ink::Muted);
        }
        let full_rows = if cells.is_multiple_of(cols) {
            rows
        } else {
            rows - 1
        };
        for c in 1..cols {
            let tall = if c < cells - (rows - 1) * cols {
                rows
            } else {
                full_rows
            };
            let x = g.gx + c as f32 * cw;
            let y1 = g.gy + tall as f32 * g.cell_h;
            f.line((x, g.gy), (x, y1), Ink::Muted, false);
        }
        kv_key(f, g, g.gy + rows as f32 * g.cell_h + 18.0);
    }

    /// How a step is built, as this replica's scheduler builds it: a line
    /// wide, two narrow.
    fn rule(&self, f: &mut Frame, g: &Geo) {
        let tr = &self.input.traffic;
        let step = Thousands(tr.step_tokens as f64);
        let (at, next) = ((g.gx, g.rule_y), (g.gx, g.rule_y + 18.0));
        match (tr.chunked, g.narrow) {
            (true, false) => f.normal(at,
                Ink::Muted,
                Align::Left,
                format_args!(
                    "Each step: a token for every decoding reply, then prompt chunks, {step} tokens at most."
                ),
            ),
            (false, false) => f.normal(at,
                Ink::Muted,
                Align::Left,
                format_args!(
                    "Chunked prefill off: a step prefills whole prompts while every reply waits, or decodes."
                ),
            ),
            (true, true) => {
                let args = format_args!("Each step: a token for every reply,");
                f.normal(at, Ink::Muted, Align::Left, args);
                let args = format_args!("then prompt chunks, {step} tokens at most.");
                f.normal(next, Ink::Muted, Align::Left, args);
            }
            (false, true) => {
                let args = format_args!("Chunked prefill off: a step prefills");
                f.normal(at, Ink::Muted, Align::Left, args);
                let args = format_args!("whole prompts while replies wait, or decodes.");
                f.normal(next, Ink::Muted, Align::Left, args);
            }
        }
    }
}

/// What the inks of the rows and the grid mean, under the grid: a row's
/// prompt bar and a prefilling sequence's blocks in the prefill ink, a
/// reply's bar and a decoding sequence's blocks in the decode ink.
fn kv_key(f: &mut Frame, g: &Geo, y: f32) {
    let keys = if g.narrow {
        [
            (Ink::Miss, "prompt"),
            (Ink::Accent, "chunk"),
            (Ink::ClassA, "reply"),
            (Ink::Muted, "free block"),
        ]
    } else {
        [
            (Ink::Miss, "prompt, prefilled"),
            (Ink::Accent, "this step's chunk"),
            (Ink::ClassA, "reply, decoded"),
            (Ink::Muted, "free block"),
        ]
    };
    let gap = if g.narrow { 14.0 } else { 22.0 };
    let mut x = g.gx;
    for (ink, words) in keys {
        if ink != Ink::Muted {
            f.rect(x, y - 10.0, 12.0, 10.0, ink);
        }
        f.outline(x, y - 10.0, 12.0, 10.0, Ink::Muted);
        f.normal(
            (x + 17.0, y),
            Ink::Text,
            Align::Left,
            format_args!("{words}"),
        );
        x += 17.0 + normal_width(words) + gap;
    }
}

/// The cells `c0..c1` (fractional) filled in `ink`, a rectangle per grid
/// row they cross.
fn run(f: &mut Frame, g: &Geo, (mut c0, c1): (f32, f32), (cols, cw): (u32, f32), ink: Ink) {
    let cols = cols as f32;
    while c0 < c1 - 1e-4 {
        let row = (c0 / cols).floor();
        let end = c1.min((row + 1.0) * cols);
        let x = g.gx + (c0 - row * cols) * cw;
        f.rect(x, g.gy + row * g.cell_h, (end - c0) * cw, g.cell_h, ink);
        c0 = end;
    }
}
