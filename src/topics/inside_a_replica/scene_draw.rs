//! What the replica scene draws (840 × 510 units, every word at normal
//! size or larger): the running batch as rows (a prompt's prefill bar, its
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

use super::scene::{ReplicaScene, LEAVES, ROWS};
use super::sim::Seq;
use crate::model::scene::{Align, Frame, Glyph, Ink, TextSize, Thousands};

/// The title's baseline.
const TITLE_Y: f32 = 18.0;
/// The batch: its heading, the column heads, the rows.
const HEAD_Y: f32 = 42.0;
const COLS_Y: f32 = 60.0;
const ROW_Y0: f32 = 66.0;
const ROW_H: f32 = 18.0;
const BAR_H: f32 = 12.0;
const ID_X: f32 = 10.0;
const PX0: f32 = 62.0;
const PX1: f32 = 222.0;
const DX0: f32 = 228.0;
const DX1: f32 = 378.0;
const TX: f32 = 386.0;
/// The right column: the queue and the last step.
const RX: f32 = 604.0;
const RX1: f32 = 830.0;
const QUEUE_COLS: usize = 18;
const QUEUE_ROWS: usize = 4;
const QUEUE_Y: f32 = 60.0;
const STEP_Y: f32 = 160.0;
/// The KV grid: its caption, its box, most cells, columns.
const KV_Y: f32 = 306.0;
const GX: f32 = 10.0;
const GW: f32 = 820.0;
const GY: f32 = 314.0;
const CELL_H: f32 = 12.0;
const MOST_CELLS: u32 = 384;
const GRID_COLS: u32 = 64;
/// The step's rule (the page shows the counters under the scene).
const RULE_Y: f32 = 446.0;

fn text(f: &mut Frame, at: (f32, f32), ink: Ink, align: Align, args: std::fmt::Arguments) {
    f.label(at, ink, TextSize::Normal, align, args);
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

/// How a sequence's blocks are inked: held for a prompt being prefilled
/// (`Miss`, as its prefill bar) or by a reply decoding (`ClassA`).
fn kv_ink(s: &Seq) -> Ink {
    if s.prefilling() {
        Ink::Miss
    } else {
        Ink::ClassA
    }
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
    /// Describes the scene now (`Scene::draw`).
    pub(super) fn paint(&self, f: &mut Frame) {
        self.title(f);
        self.batch(f);
        self.queue(f);
        self.leaving(f);
        self.last_step(f);
        self.kv(f);
        self.rule(f);
    }

    fn title(&self, f: &mut Frame) {
        let hw = &self.input.hw;
        let bits = |b: f64| if b >= 2.0 { 16 } else { 8 };
        text(
            f,
            (10.0, TITLE_Y),
            Ink::Text,
            Align::Left,
            format_args!(
                "{} on {} × {}, {}-bit weights, {}-bit KV",
                hw.model.name,
                hw.tp,
                hw.gpu.name,
                bits(hw.weight_bytes),
                bits(hw.kv_bytes),
            ),
        );
        text(
            f,
            (RX1, TITLE_Y),
            Ink::Muted,
            Align::Right,
            format_args!("{:.2} s", self.clock()),
        );
    }

    /// The running batch, a row per sequence (the newest `ROWS`: what
    /// is admitted, prefilled and preempted shows).
    fn batch(&self, f: &mut Frame) {
        let e = &self.engine;
        let n = e.running.len();
        let limit = self.input.traffic.max_batch;
        if n > ROWS {
            text(
                f,
                (ID_X, HEAD_Y),
                Ink::Text,
                Align::Left,
                format_args!(
                    "Batch: {n} of at most {limit} sequences · newest {ROWS} shown, {} older",
                    n - ROWS
                ),
            );
        } else {
            text(
                f,
                (ID_X, HEAD_Y),
                Ink::Text,
                Align::Left,
                format_args!("Batch: {n} of at most {limit} sequences"),
            );
        }
        let heads = [
            ((PX0 + PX1) / 2.0, "prompt: prefill"),
            ((DX0 + DX1) / 2.0, "reply: decode"),
        ];
        for (x, words) in heads {
            text(
                f,
                (x, COLS_Y),
                Ink::Muted,
                Align::Center,
                format_args!("{words}"),
            );
        }
        if n == 0 {
            text(
                f,
                (PX0, ROW_Y0 + 13.0),
                Ink::Muted,
                Align::Left,
                format_args!("empty: no sequence is running"),
            );
        }
        let decoded = e.last.decode_tokens > 0;
        let shown = &e.running[n.saturating_sub(ROWS)..];
        for (k, s) in shown.iter().enumerate() {
            self.row(f, ROW_Y0 + k as f32 * ROW_H, s, decoded);
        }
    }

    fn row(&self, f: &mut Frame, y: f32, s: &Seq, decoded: bool) {
        let rec = &self.engine.records[s.req as usize];
        let req = &self.engine.requests[s.req as usize];
        let by = y + 3.0;
        text(
            f,
            (ID_X, y + 13.0),
            Ink::Muted,
            Align::Left,
            format_args!("#{}", s.req + 1),
        );
        // The prompt: prefilled share, this step's chunk on top.
        let pw = PX1 - PX0;
        let target = s.target.max(1) as f32;
        let done = (s.computed.min(s.target) as f32 / target).min(1.0);
        f.rect(PX0, by, pw * done, BAR_H, prompt_ink(self, s));
        if s.chunk > 0 {
            let c0 = s.computed.saturating_sub(s.chunk) as f32 / target;
            f.rect(PX0 + pw * c0, by, pw * (done - c0), BAR_H, Ink::Accent);
        }
        f.outline(PX0, by, pw, BAR_H, Ink::Muted);
        // The reply: tokens so far, a dot on the one this step gave.
        let dw = DX1 - DX0;
        let out = req.output.max(1) as f32;
        let got = (rec.generated as f32 / out).min(1.0);
        f.rect(DX0, by, dw * got, BAR_H, Ink::ClassA);
        f.outline(DX0, by, dw, BAR_H, Ink::Muted);
        let token_now = !s.prefilling() && (s.chunk > 0 || decoded);
        if token_now {
            f.mark(
                DX0 + dw * got,
                by + BAR_H / 2.0,
                4.0,
                Glyph::Dot,
                Ink::Accent,
            );
        }
        let at = (TX, y + 13.0);
        if s.prefilling() {
            let again = if rec.preempted > 0 {
                "again"
            } else {
                "prefill"
            };
            text(
                f,
                at,
                prompt_ink(self, s),
                Align::Left,
                format_args!(
                    "{again} {} of {}",
                    Thousands(s.computed as f64),
                    Thousands(s.target as f64)
                ),
            );
        } else {
            text(
                f,
                at,
                Ink::Text,
                Align::Left,
                format_args!(
                    "token {} of {}",
                    Thousands(rec.generated as f64),
                    Thousands(req.output as f64)
                ),
            );
        }
    }

    /// The waiting queue: a ring per request, head of the line first; a
    /// preempted one is a triangle (it prefills again).
    fn queue(&self, f: &mut Frame) {
        let e = &self.engine;
        let n = e.waiting.len();
        let room = QUEUE_COLS * QUEUE_ROWS;
        let shown = if n > room { ", first 72 shown" } else { "" };
        text(
            f,
            (RX, HEAD_Y),
            Ink::Text,
            Align::Left,
            format_args!("Waiting: {}{shown}", Thousands(n as f64)),
        );
        let mut again = false;
        for (i, &r) in e.waiting.iter().take(room).enumerate() {
            let x = RX + 6.0 + (i % QUEUE_COLS) as f32 * 12.5;
            let y = QUEUE_Y + (i / QUEUE_COLS) as f32 * 14.0;
            if e.records[r as usize].preempted > 0 {
                again = true;
                f.mark(x, y, 5.0, Glyph::Triangle, Ink::Warn);
            } else {
                f.mark(x, y, 4.5, Glyph::Ring, Ink::Waiting);
            }
        }
        let y = QUEUE_Y + QUEUE_ROWS as f32 * 14.0 + 6.0;
        if again {
            f.mark(RX + 6.0, y - 4.0, 5.0, Glyph::Triangle, Ink::Warn);
            text(
                f,
                (RX + 16.0, y),
                Ink::Warn,
                Align::Left,
                format_args!("preempted: to prefill again"),
            );
        } else if n == 0 {
            text(
                f,
                (RX, QUEUE_Y + 4.0),
                Ink::Muted,
                Align::Left,
                format_args!("nobody waits"),
            );
        }
    }

    /// Sequences preempted lately, walking from their row to the queue.
    fn leaving(&self, f: &mut Frame) {
        let (now, span) = (self.clock(), self.leave_s());
        let first = self.n_leaves.saturating_sub(LEAVES);
        for i in first..self.n_leaves {
            let l = self.leaves[i % LEAVES];
            let u = ((now - l.t) / span) as f32;
            if !(0.0..1.0).contains(&u) {
                continue;
            }
            let row = l.row.min(ROWS) as f32;
            let (x0, y0) = ((PX0 + PX1) / 2.0, ROW_Y0 + row * ROW_H + 9.0);
            let (x1, y1) = (RX + 6.0, QUEUE_Y);
            let x = x0 + (x1 - x0) * u;
            let y = y0 + (y1 - y0) * u;
            f.mark(x, y, 6.0, Glyph::Triangle, Ink::Warn);
        }
    }

    /// The last step: its kind, its time, its tokens (a bar split prefill
    /// and decode), and who got nothing or was preempted.
    fn last_step(&self, f: &mut Frame) {
        let s = self.shown;
        text(
            f,
            (RX, STEP_Y),
            Ink::Muted,
            Align::Left,
            format_args!("Last step"),
        );
        let ink = if self.paused > 0 {
            Ink::Warn
        } else {
            Ink::Text
        };
        f.label(
            (RX, STEP_Y + 22.0),
            ink,
            TextSize::Large,
            Align::Left,
            format_args!("{}", self.step_kind()),
        );
        if s.dt <= 0.0 {
            return;
        }
        let tokens = s.prefill_tokens + s.decode_tokens;
        text(
            f,
            (RX, STEP_Y + 42.0),
            Ink::Text,
            Align::Left,
            format_args!(
                "{} · {} {}",
                Ms(s.dt * 1000.0),
                Thousands(tokens as f64),
                if tokens == 1 { "token" } else { "tokens" }
            ),
        );
        text(
            f,
            (RX, STEP_Y + 60.0),
            Ink::Text,
            Align::Left,
            format_args!(
                "{} prefill + {} decode",
                Thousands(s.prefill_tokens as f64),
                Thousands(s.decode_tokens as f64)
            ),
        );
        let w = RX1 - RX;
        let share = s.prefill_tokens as f32 / tokens.max(1) as f32;
        let y = STEP_Y + 68.0;
        f.rect(RX, y, w * share, 10.0, Ink::Miss);
        f.rect(RX + w * share, y, w * (1.0 - share), 10.0, Ink::ClassA);
        f.outline(RX, y, w, 10.0, Ink::Muted);
        let y = STEP_Y + 96.0;
        if self.paused > 0 {
            text(
                f,
                (RX, y),
                Ink::Warn,
                Align::Left,
                format_args!(
                    "{} {} no token",
                    Thousands(self.paused as f64),
                    if self.paused == 1 {
                        "reply got"
                    } else {
                        "replies got"
                    }
                ),
            );
        } else if s.preempted > 0 {
            text(
                f,
                (RX, y),
                Ink::Warn,
                Align::Left,
                format_args!("{} preempted: KV full", s.preempted),
            );
        }
    }
}

impl ReplicaScene {
    /// The KV cache: a grid of cells (a cell is one block, or `per` blocks
    /// when there are thousands), the blocks each sequence holds in batch
    /// order, then the free ones.
    fn kv(&self, f: &mut Frame) {
        let e = &self.engine;
        let total = e.replica.blocks;
        let used = total - e.free_blocks.min(total);
        if total == 0 {
            text(
                f,
                (GX, KV_Y),
                Ink::Warn,
                Align::Left,
                format_args!(
                    "KV cache: no memory left beside the weights; every request is refused"
                ),
            );
            f.outline(GX, GY, GW, CELL_H, Ink::Muted);
            return;
        }
        text(
            f,
            (GX, KV_Y),
            Ink::Text,
            Align::Left,
            format_args!(
                "KV cache: {} of {} blocks used ({:.0} %)",
                Thousands(used as f64),
                Thousands(total as f64),
                100.0 * used as f64 / total as f64
            ),
        );
        let per = total.div_ceil(MOST_CELLS).max(1);
        let cells = total.div_ceil(per);
        let cols = GRID_COLS.min(cells);
        let rows = cells.div_ceil(cols);
        let cw = GW / cols as f32;
        text(
            f,
            (GX + GW, KV_Y),
            Ink::Muted,
            Align::Right,
            format_args!(
                "a cell is {} {} of 16 tokens",
                Thousands(per as f64),
                if per == 1 { "block" } else { "blocks" }
            ),
        );
        // Runs of blocks held alike, in cells (fractions where a cell is
        // several blocks).
        let cell = |b: u32| b as f32 / per as f32;
        let mut start = 0u32;
        let mut at = 0u32;
        let mut ink = None;
        for s in &e.running {
            let k = kv_ink(s);
            if ink != Some(k) {
                if let Some(i) = ink {
                    run(f, (cell(start), cell(at)), cols, cw, i);
                }
                (start, ink) = (at, Some(k));
            }
            at += s.blocks;
        }
        if let Some(i) = ink {
            run(f, (cell(start), cell(at)), cols, cw, i);
        }
        // The grid: a box per row, a line per column.
        for r in 0..rows {
            let in_row = (cells - r * cols).min(cols);
            let y = GY + r as f32 * CELL_H;
            f.outline(GX, y, in_row as f32 * cw, CELL_H, Ink::Muted);
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
            let x = GX + c as f32 * cw;
            f.line((x, GY), (x, GY + tall as f32 * CELL_H), Ink::Muted, false);
        }
        self.kv_key(f, GY + rows as f32 * CELL_H + 18.0);
    }

    /// What the inks of the rows and the grid mean, under the grid: a
    /// row's prompt bar and a prefilling sequence's blocks in the prefill
    /// ink, a reply's bar and a decoding sequence's blocks in the decode ink.
    fn kv_key(&self, f: &mut Frame, y: f32) {
        let keys = [
            (Ink::Miss, "prompt, prefilled"),
            (Ink::Accent, "this step's chunk"),
            (Ink::ClassA, "reply, decoded"),
            (Ink::Muted, "free block"),
        ];
        let mut x = GX;
        for (ink, words) in keys {
            if ink != Ink::Muted {
                f.rect(x, y - 10.0, 12.0, 10.0, ink);
            }
            f.outline(x, y - 10.0, 12.0, 10.0, Ink::Muted);
            let start = f.text.len();
            text(
                f,
                (x + 17.0, y),
                Ink::Text,
                Align::Left,
                format_args!("{words}"),
            );
            x += 17.0 + width(&f.text[start..]) + 22.0;
        }
    }

    /// How a step is built, as this replica's scheduler builds it.
    fn rule(&self, f: &mut Frame) {
        let tr = &self.input.traffic;
        if tr.chunked {
            text(
                f,
                (10.0, RULE_Y),
                Ink::Muted,
                Align::Left,
                format_args!(
                    "Each step: a token for every decoding reply, then prompt chunks, {} tokens at most.",
                    Thousands(tr.step_tokens as f64)
                ),
            );
        } else {
            text(
                f,
                (10.0, RULE_Y),
                Ink::Muted,
                Align::Left,
                format_args!(
                    "Chunked prefill off: a step prefills whole prompts while every reply waits, or decodes."
                ),
            );
        }
    }
}

/// A normal text's width in the scene's units.
fn width(s: &str) -> f32 {
    use crate::model::chart_text::{text_width, FONT_PX};
    (text_width(s) * 13.0 / FONT_PX) as f32
}

/// The cells `c0..c1` (fractional) filled in `ink`, a rectangle per grid
/// row they cross.
fn run(f: &mut Frame, (mut c0, c1): (f32, f32), cols: u32, cw: f32, ink: Ink) {
    let cols = cols as f32;
    while c0 < c1 - 1e-4 {
        let row = (c0 / cols).floor();
        let end = c1.min((row + 1.0) * cols);
        let x = GX + (c0 - row * cols) * cw;
        f.rect(x, GY + row * CELL_H, (end - c0) * cw, CELL_H, ink);
        c0 = end;
    }
}
