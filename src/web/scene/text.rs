//! The scene as text: its clock, its counters (and, side by side, their
//! differences), the spoken summary, and the data
//! attributes tests and the benchmark read.

use super::play::Stats;
use super::side::Side;
use crate::model::{Comparison, CounterSpec, Unit};
use crate::web::dom::*;
use std::fmt::Write as _;
use web_sys::{Element, HtmlSelectElement};

/// The text on show, kept to write only what changed.
#[derive(Default)]
pub(super) struct Readout {
    /// The playback state on show (`Clock::word`).
    pub state: &'static str,
    /// The value cells, a row per counter: the value, or A, B and B − A.
    cells: Vec<Element>,
    shown: Vec<String>,
    /// Side by side: each side's label.
    heads: Vec<String>,
    scratch: String,
    text: String,
    shown_summary: String,
    said: String,
    /// Side by side: the caption's figures on show.
    shown_told: String,
}

impl Readout {
    /// The counters' text in `holder`: a list of values, or side by side a
    /// table of both values and their difference.
    pub fn build(holder: &Element, counters: &[CounterSpec], heads: &[String]) -> Readout {
        clear(holder);
        let mut cells = Vec::new();
        if heads.is_empty() {
            let dl = el("dl", "scene-values");
            for c in counters {
                let item = el("div", "");
                attr(&item, "data-counter", c.id);
                append(&item, &text_el("dt", "", c.label));
                let dd = el("dd", "");
                append(&item, &dd);
                append(&dl, &item);
                cells.push(dd);
            }
            append(holder, &dl);
        } else {
            let table = el("table", "scene-diff");
            append(
                &table,
                &text_el("caption", "vh", "The counters side by side"),
            );
            let head = el("tr", "");
            let cols = ["Counter", &heads[0], &heads[1], "B − A"];
            for (i, h) in cols.iter().enumerate() {
                let th = text_el("th", "", &side_head(i, h));
                attr(&th, "scope", "col");
                append(&head, &th);
            }
            let thead = el("thead", "");
            append(&thead, &head);
            append(&table, &thead);
            let body = el("tbody", "");
            for c in counters {
                let tr = el("tr", "");
                attr(&tr, "data-counter", c.id);
                let th = text_el("th", "", c.label);
                attr(&th, "scope", "row");
                append(&tr, &th);
                for _ in 0..3 {
                    let td = el("td", "");
                    append(&tr, &td);
                    cells.push(td);
                }
                append(&body, &tr);
            }
            append(&table, &body);
            // Wider than a phone, it scrolls: a keyboard can reach it.
            let wrap = scroll_box(holder, "table-wrap", "The counters side by side");
            append(&wrap, &table);
        }
        Readout {
            shown: vec![String::new(); cells.len()],
            cells,
            heads: heads.to_vec(),
            ..Readout::default()
        }
    }

    /// The simulated time, on the clock and as `data-scene-time` (on the
    /// section, and on each canvas for its own scene).
    /// `step` is the simulated seconds of a step: the clock shows it.
    pub fn time(&mut self, clock: &Element, section: &Element, sides: &[Side], t: f64, step: f64) {
        self.scratch.clear();
        let _ = write!(self.scratch, "t = {}", clock_text(t, step));
        clock.set_text_content(Some(&self.scratch));
        self.scratch.clear();
        let _ = write!(self.scratch, "{t:.3}");
        attr(section, "data-scene-time", &self.scratch);
        for s in sides {
            self.scratch.clear();
            let _ = write!(self.scratch, "{:.3}", s.now_s());
            attr(&s.canvas, "data-scene-time", &self.scratch);
        }
    }

    /// Side by side, the caption's figures from the two sides' counters
    /// (`Comparison::tell`); nothing with one side.
    pub fn told(
        &mut self,
        el: &Element,
        c: Option<&Comparison>,
        specs: &[CounterSpec],
        sides: &[Side],
    ) {
        self.scratch.clear();
        if let (Some(c), [a, b, ..]) = (c, sides) {
            c.tell(specs, &a.counters, &b.counters, &mut self.scratch);
        }
        if self.scratch != self.shown_told {
            el.set_text_content(Some(&self.scratch));
            self.shown_told.clone_from(&self.scratch);
        }
    }

    /// Each counter's value (side by side: both, and B − A).
    pub fn counters(&mut self, specs: &[CounterSpec], sides: &[Side]) {
        let per_row = if sides.len() > 1 { 3 } else { 1 };
        for (i, spec) in specs.iter().enumerate() {
            let value = |s: &Side| s.counters.get(i).copied().unwrap_or(f64::NAN);
            let texts: [String; 3] = match sides {
                [one] => [spec.unit.format(value(one)), String::new(), String::new()],
                [a, b, ..] => {
                    let (x, y) = (value(a), value(b));
                    [
                        spec.unit.format(x),
                        spec.unit.format(y),
                        difference(spec.unit, y - x),
                    ]
                }
                [] => return,
            };
            for (k, text) in texts.into_iter().take(per_row).enumerate() {
                let at = i * per_row + k;
                if let (Some(cell), Some(old)) = (self.cells.get(at), self.shown.get_mut(at)) {
                    if *old != text {
                        cell.set_text_content(Some(&text));
                        *old = text;
                    }
                }
            }
        }
    }

    /// What frames cost, for the benchmark: `data-scene-frame-ms` (p50,
    /// p95, max over the last frames), `data-scene-allocs` (allocations in
    /// those frames, and how many frames), `data-scene-load` (shapes, marks
    /// and paint batches of the last frame), `data-scene-frames`.
    pub fn costs(&mut self, section: &Element, stats: &mut Stats, sides: &[Side]) {
        let Some((p50, p95, max, allocs, n)) = stats.summary() else {
            return;
        };
        let s = &mut self.scratch;
        s.clear();
        let _ = write!(s, "{p50:.3} {p95:.3} {max:.3}");
        attr(section, "data-scene-frame-ms", s);
        s.clear();
        let _ = write!(s, "{allocs} {n}");
        attr(section, "data-scene-allocs", s);
        let (mut shapes, mut marks, mut batches) = (0, 0, 0);
        for side in sides {
            let (x, y, z) = side.load();
            (shapes, marks, batches) = (shapes + x, marks + y, batches + z);
        }
        s.clear();
        let _ = write!(s, "{shapes} {marks} {batches}");
        attr(section, "data-scene-load", s);
        s.clear();
        let _ = write!(s, "{}", stats.frames);
        attr(section, "data-scene-frames", s);
    }

    /// The scene's own summary (side by side: both) under the canvas; and,
    /// when `speak`, into the polite live region if it changed there (true
    /// when it did).
    pub fn say(&mut self, shown: &Element, live: &Element, sides: &[Side], speak: bool) -> bool {
        self.text.clear();
        for (i, side) in sides.iter().enumerate() {
            let Some(scene) = &side.scene else { continue };
            self.scratch.clear();
            scene.summary(&mut self.scratch);
            if let Some(head) = self.heads.get(i) {
                let _ = write!(self.text, "{} ({head}): ", if i == 0 { "A" } else { "B" });
            }
            self.text.push_str(self.scratch.trim());
            self.text.push(' ');
        }
        let text = self.text.trim_end();
        if text != self.shown_summary {
            shown.set_text_content(Some(text));
            self.shown_summary.clear();
            self.shown_summary.push_str(text);
        }
        if !speak || text == self.said {
            return false;
        }
        live.set_text_content(Some(text));
        self.said.clear();
        self.said.push_str(text);
        true
    }
}

fn side_head(i: usize, h: &str) -> String {
    match i {
        1 => format!("A · {h}"),
        2 => format!("B · {h}"),
        _ => h.to_string(),
    }
}

/// B − A in the counter's unit, signed; a share's difference in points.
fn difference(unit: Unit, d: f64) -> String {
    let text = match unit {
        Unit::Share => Unit::Points.format(d * 100.0),
        _ => unit.format(d),
    };
    if d > 0.0 {
        format!("+{text}")
    } else {
        text
    }
}

/// The speed select's options, the scene's default chosen.
pub fn fill_speeds(sel: &HtmlSelectElement, speeds: &[f64], default: f64) {
    clear(sel);
    for (i, s) in speeds.iter().enumerate() {
        let label = if *s == 1.0 {
            "×1 (real time)".to_string()
        } else {
            format!("×{}", crate::model::units::number(*s))
        };
        append(sel, &text_el("option", "", &label));
        if (*s - default).abs() < 1e-9 {
            sel.set_selected_index(i as i32);
        }
    }
}

/// A span of simulated time: "0.5 s", "20 s", "10 min", "2.5 h".
pub fn span(s: f64) -> String {
    let trim = |x: f64| {
        let k = if x < 10.0 { 100.0 } else { 10.0 };
        crate::model::units::number((x * k).round() / k)
    };
    if s < 90.0 {
        format!("{} s", trim(s))
    } else if s < 5400.0 {
        format!("{} min", trim(s / 60.0))
    } else {
        format!("{} h", trim(s / 3600.0))
    }
}

/// The scene's clock: "12.3 s", "4 min 05 s", "2 h 03 min", each the time
/// gone by cut to what it shows, as a picture's day clock ("00:00:02" at
/// 2.96 s, beside "2.9 s"); "0.35 s" where a step is under a tenth of a
/// second (inside a replica's), rounded as its picture's own clock is, so
/// that every step moves it.
fn clock_text(t: f64, step: f64) -> String {
    let t = t.max(0.0);
    if t < 60.0 && step < 0.1 {
        format!("{t:.2} s")
    } else {
        crate::model::scene_clock::clock_words(t)
    }
}
