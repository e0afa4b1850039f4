//! The charts: a canvas per chart (drawn by src/web/draw.rs at the pixels of
//! the space it is shown in), its legend and summary, and its data as a
//! table when the reader opens it.
//!
//! A move repaints at once only the charts on screen (an
//! IntersectionObserver says which) whose chart changed; one off screen is
//! marked stale and drawn when it scrolls into view, or once the page has
//! rested for [`REST_MS`], one chart a task, so a drag of a slider pays for
//! what the reader sees. The body's `data-charts-stale` counts the canvases
//! that do not show their chart yet (tests wait for 0 before reading one).

use crate::model::chart_layout::{Align, ChartLayout};
use crate::model::{Chart, Plot, Style, Tone};
use crate::web::dom::*;
use crate::web::draw;
use crate::web::msg::{dispatch, Msg, PageMsg};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlDetailsElement, IntersectionObserver};

/// How long the page waits after the last change before it draws the
/// charts off screen (ms): a drag's moves come a frame apart.
const REST_MS: i32 = 150;

struct ChartSlot {
    id: &'static str,
    /// The chart's `<figure>`.
    fig: Element,
    /// The canvas's CSS size, measured when the layout may have changed
    /// (its first paint, a resize), not on every repaint: reading it forces
    /// a synchronous layout of the page.
    size: (f64, f64),
    /// The legend on show: (name, colour, the swatch's classes) per entry.
    legend_items: Vec<(String, String, String)>,
    title: Element,
    canvas: HtmlCanvasElement,
    summary: Element,
    legend: Element,
    details: HtmlDetailsElement,
    table: Element,
    /// On screen, as the observer last said.
    seen: bool,
    /// The canvas does not show the chart yet.
    stale: bool,
}

pub(super) struct Charts {
    chart_box: Element,
    slots: Vec<ChartSlot>,
    /// Says which charts are on screen.
    watch: Option<IntersectionObserver>,
    /// The pending rest timeout, and what it sends.
    rest: Option<i32>,
    rest_tick: Closure<dyn FnMut()>,
    /// The stale count last written on the body.
    stale_said: Option<usize>,
}

impl Charts {
    /// The charts' box at the end of `results`.
    pub fn build(results: &Element) -> Charts {
        let chart_box = child(results, "div", "charts", &[]);
        Charts {
            chart_box,
            slots: Vec::new(),
            watch: watch_seen(),
            rest: None,
            rest_tick: Closure::new(|| dispatch(Msg::Page(PageMsg::ChartsRest))),
            stale_said: None,
        }
    }

    /// Shows `charts`; `before`, the charts on show until now (a chart equal
    /// to its predecessor is left as it is).
    pub fn paint(&mut self, charts: &[Chart], before: Option<&[Chart]>) {
        let same = self.slots.len() == charts.len()
            && self.slots.iter().zip(charts).all(|(s, c)| s.id == c.id);
        if !same {
            for slot in &self.slots {
                if let Some(io) = &self.watch {
                    io.unobserve(&slot.fig);
                }
                slot.fig.remove();
            }
            self.slots = charts
                .iter()
                .map(|c| chart_slot(&self.chart_box, c))
                .collect();
            // Each is measured when first drawn, after the page has laid
            // out (measured here, the new page's layout would be forced in
            // the middle of building it).
            for slot in &self.slots {
                if let Some(io) = &self.watch {
                    io.observe(&slot.fig);
                }
            }
        }
        let changed: Vec<usize> = (0..charts.len())
            .filter(|&k| !same || before.and_then(|b| b.get(k)) != Some(&charts[k]))
            .collect();
        // The words first, every canvas after: a canvas's first text
        // resolves its font against a style the words made stale, so
        // drawing between the writes would recalculate the page's style
        // once a chart instead of once a move.
        for &k in &changed {
            let (slot, chart) = (&mut self.slots[k], &charts[k]);
            slot.title.set_text_content(Some(&chart.title));
            slot.summary.set_text_content(Some(&chart.summary));
            attr(&slot.table, "aria-label", &format!("{}: data", chart.title));
            attr(
                &slot.canvas,
                "aria-label",
                &format!("{}: {}", chart.title, chart.summary),
            );
            slot.paint_legend(chart);
            if slot.details.open() {
                paint_table(&slot.table, chart);
            }
        }
        for &k in &changed {
            let (slot, chart) = (&mut self.slots[k], &charts[k]);
            if slot.seen {
                slot.paint_canvas(chart);
            } else {
                slot.stale = true;
            }
        }
        self.rest_later();
    }

    /// Draws the charts off screen after the page has rested, one a task.
    fn rest_later(&mut self) {
        disarm(&mut self.rest);
        self.say_stale();
        if self.slots.iter().any(|s| s.stale) {
            rearm(&mut self.rest, &self.rest_tick, REST_MS);
        }
    }

    /// The rest timeout: one stale chart drawn, the next in a task of its own.
    pub fn rested(&mut self, charts: &[Chart]) {
        self.rest = None;
        let next = self.slots.iter_mut().zip(charts).find(|(s, _)| s.stale);
        if let Some((slot, chart)) = next {
            slot.paint_canvas(chart);
        }
        self.say_stale();
        if self.slots.iter().any(|s| s.stale) {
            rearm(&mut self.rest, &self.rest_tick, 0);
        }
    }

    /// The observer's word: which charts (by id) came on or went off
    /// screen. A stale one that came on is drawn now.
    pub fn seen(&mut self, changes: &[(String, bool)], charts: &[Chart]) {
        let mut draw = Vec::new();
        for (id, on) in changes {
            if let Some(k) = self.slots.iter().position(|s| s.id == *id) {
                let slot = &mut self.slots[k];
                slot.seen = *on;
                attr(
                    &slot.fig,
                    "data-on-screen",
                    if *on { "true" } else { "false" },
                );
                if *on && slot.stale {
                    draw.push(k);
                }
            }
        }
        // Every size read before any canvas is drawn: a read after a
        // drawing lays the page out again.
        for &k in &draw {
            self.slots[k].measure_once();
        }
        for &k in &draw {
            if let Some(chart) = charts.get(k) {
                self.slots[k].paint_canvas(chart);
            }
        }
        self.say_stale();
    }

    /// `data-charts-stale` on the body: how many canvases lag their chart.
    fn say_stale(&mut self) {
        let n = self.slots.iter().filter(|s| s.stale).count();
        if self.stale_said != Some(n) {
            self.stale_said = Some(n);
            if let Some(body) = document().body() {
                attr(&body, "data-charts-stale", &n.to_string());
            }
        }
    }

    /// The page's styles changed (a theme, projector mode, print, forced
    /// colours): every chart is measured and drawn again in its new inks.
    pub fn restyle(&mut self, charts: &[Chart]) {
        draw::restyle();
        // Every size read before any canvas is drawn (one layout, not one
        // a chart).
        for slot in &mut self.slots {
            slot.measure();
        }
        for (slot, chart) in self.slots.iter_mut().zip(charts) {
            slot.legend_items.clear();
            slot.paint_legend(chart);
            slot.paint_canvas(chart);
        }
        self.say_stale();
    }

    /// Repaints the charts whose canvas changed size since it was measured
    /// (those off screen once the page rests).
    pub fn repaint_resized(&mut self, charts: &[Chart]) {
        // Every size read before any canvas is drawn (one layout, not one
        // a chart).
        let resized: Vec<bool> = self.slots.iter_mut().map(ChartSlot::measure).collect();
        for ((slot, chart), resized) in self.slots.iter_mut().zip(charts).zip(resized) {
            if resized {
                if slot.seen {
                    slot.paint_canvas(chart);
                } else {
                    slot.stale = true;
                }
            }
        }
        self.rest_later();
    }

    /// Chart `id`'s table opened or closed: fill it when open.
    pub fn table_toggled(&self, id: &str, charts: &[Chart]) {
        let slot = self.slots.iter().find(|s| s.id == id);
        if let (Some(slot), Some(c)) = (slot, charts.iter().find(|c| c.id == id)) {
            if slot.details.open() {
                paint_table(&slot.table, c);
            }
        }
    }
}

/// Re-measures and repaints the charts whenever their box changes size (a
/// window resize, a scrollbar appearing, a host resizing the frame), so a
/// canvas's pixels always match the space it is shown in.
pub(super) fn watch_sizes() {
    let cb = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(|| {
        dispatch(Msg::Page(PageMsg::Resized))
    });
    if let (Ok(ro), Some(target)) = (
        web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()),
        by_id("app"),
    ) {
        ro.observe(&target);
        std::mem::forget(ro);
    }
    cb.forget();
}

fn chart_slot(parent: &Element, chart: &Chart) -> ChartSlot {
    let fig = el("figure", "chart");
    attr(&fig, "data-chart", chart.id);
    let title = el("h3", "");
    append(&fig, &title);
    let ring = matches!(chart.plot, Plot::Ring(_));
    let canvas = el("canvas", if ring { "ring" } else { "" });
    attr(&canvas, "role", "img");
    append(&fig, &canvas);
    let legend = el("ul", "legend");
    append(&fig, &legend);
    let summary = el("figcaption", "");
    append(&fig, &summary);
    let details = el("details", "");
    append(&details, &text_el("summary", "", "Chart data as a table"));
    let table = scroll_box(&details, "table-wrap", "");
    append(&fig, &details);
    append(parent, &fig);
    let id = chart.id;
    on(&details, "toggle", move |_| {
        dispatch(Msg::Page(PageMsg::Table(id)))
    });
    ChartSlot {
        id: chart.id,
        fig,
        size: (0.0, 0.0),
        legend_items: Vec::new(),
        title,
        canvas: canvas.unchecked_into(),
        summary,
        legend,
        details: details.unchecked_into(),
        table,
        seen: false,
        stale: true,
    }
}

/// The observer of the charts on screen: its word comes as a message.
fn watch_seen() -> Option<IntersectionObserver> {
    let cb = Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
        let changes: Vec<(String, bool)> = entries
            .iter()
            .filter_map(|e| {
                let e: web_sys::IntersectionObserverEntry = e.unchecked_into();
                let id = e.target().get_attribute("data-chart")?;
                Some((id, e.is_intersecting()))
            })
            .collect();
        dispatch(Msg::Page(PageMsg::ChartsSeen(changes)))
    });
    let io = IntersectionObserver::new(cb.as_ref().unchecked_ref()).ok();
    cb.forget();
    io
}

impl ChartSlot {
    /// Reads the canvas's CSS size; true when it changed.
    fn measure(&mut self) -> bool {
        let c = &self.canvas;
        let now = (
            c.client_width().max(200) as f64,
            c.client_height().max(160) as f64,
        );
        let before = std::mem::replace(&mut self.size, now);
        now != before
    }

    /// Measures a canvas never measured yet.
    fn measure_once(&mut self) {
        if self.size == (0.0, 0.0) {
            self.measure();
        }
    }

    fn paint_canvas(&mut self, chart: &Chart) {
        let t0 = now_ms();
        self.stale = false;
        self.measure_once();
        let dpr = window().device_pixel_ratio().max(1.0);
        let (w, h) = self.size;
        let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
        let canvas = &self.canvas;
        if canvas.width() != pw {
            canvas.set_width(pw);
        }
        if canvas.height() != ph {
            canvas.set_height(ph);
        }
        match draw::draw(canvas, chart, dpr) {
            Ok(lay) => attr(canvas, "data-labels", &label_boxes(&lay, draw::zoom())),
            Err(e) => log_error(&format!("chart {}: {e}", chart.id)),
        }
        attr(canvas, "data-paint-ms", &format!("{:.2}", now_ms() - t0));
    }

    /// Rebuilt only when its entries change. Each swatch's colour is set
    /// through the CSSOM (`--c`): the page's Content-Security-Policy refuses
    /// `style="…"` attributes.
    fn paint_legend(&mut self, chart: &Chart) {
        let items = legend_items(chart);
        if self.legend_items == items {
            return;
        }
        clear(&self.legend);
        for (name, color, class) in &items {
            let li = el("li", "");
            let swatch = el("span", class);
            let _ = html(&swatch).style().set_property("--c", color);
            append(&li, &swatch);
            let _ = li.append_with_str_1(name);
            append(&self.legend, &li);
        }
        self.legend_items = items;
    }
}

/// The text boxes drawn, one a line: "x y w h align swatch text" in CSS
/// px (`zoom` of them a layout px), for a test that measures the real text
/// against them.
fn label_boxes(lay: &ChartLayout, zoom: f64) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for l in &lay.labels {
        let r = &l.rect;
        let align = match l.align {
            Align::Left => "left",
            Align::Center => "center",
            Align::Right => "right",
        };
        for v in [r.x, r.y, r.w, r.h] {
            crate::model::units::push_tenths(&mut out, v * zoom);
            out.push(' ');
        }
        let _ = writeln!(out, "{align} {} {}", l.swatch as u8, l.text);
    }
    out
}

/// The legend's entries: a swatch of each series' colour that shows its
/// line (dashed or not), its marker or its hatching, as the canvas draws it.
fn legend_items(chart: &Chart) -> Vec<(String, String, String)> {
    let entry = |name: &str, tone: Tone, class: String| (name.to_string(), draw::css(tone), class);
    match &chart.plot {
        Plot::Xy(xy) => {
            let n = xy.series.len();
            xy.series
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    let line = match s.style {
                        Style::Dashed => " dashed",
                        Style::Points => " points",
                        _ => "",
                    };
                    let mark = draw::marker(k, n, s.style);
                    entry(&s.name, s.tone, format!("swatch{line} m{mark}"))
                })
                .collect()
        }
        Plot::Bars(b) => b
            .sets
            .iter()
            .enumerate()
            .map(|(k, s)| entry(&s.name, s.tone, format!("swatch bar h{k}")))
            .collect(),
        Plot::Ring(r) => {
            let mut items = vec![
                entry("moved family", Tone::Bad, "swatch points m1".into()),
                entry("kept family", Tone::Muted, "swatch points m1 small".into()),
            ];
            if r.arcs.iter().any(|a| a.moved) {
                items.push(entry(
                    "arc that changed card",
                    Tone::Warn,
                    "swatch bar".into(),
                ));
            }
            items
        }
    }
}

/// The chart's data as a table, captioned with its title. A header cell
/// with no words is a plain cell (a header must name its column).
fn paint_table(holder: &Element, chart: &Chart) {
    let t = chart.table();
    let mut html = format!("<table><caption>{}</caption>", esc(&chart.title));
    if t.headers.iter().any(|h| !h.is_empty()) {
        html += "<thead><tr>";
        for h in &t.headers {
            html += &match h.as_str() {
                "" => "<td></td>".to_string(),
                h => format!("<th scope=\"col\">{}</th>", esc(h)),
            };
        }
        html += "</tr></thead>";
    }
    html += "<tbody>";
    for row in &t.rows {
        html += "<tr>";
        for (k, cell) in row.iter().enumerate() {
            if k == 0 {
                html += &format!("<th scope=\"row\">{}</th>", esc(cell));
            } else {
                html += &format!("<td>{}</td>", esc(cell));
            }
        }
        html += "</tr>";
    }
    html += "</tbody></table>";
    holder.set_inner_html(&html);
}
