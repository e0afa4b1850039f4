//! One topic's page: presets, controls generated from the parameter specs,
//! figures, checks, notes and charts (each with its table). Every change goes
//! through `Page::render`, which runs the model once and repaints in place.

use super::dom::*;
use super::{draw, embed, practice, store};
use crate::model::{Chart, Note, Outcome, ParamKind, ParamSpec, Params, Preset, Topic};
use crate::urlstate::{self, State};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlCanvasElement, HtmlDetailsElement, HtmlInputElement, HtmlSelectElement,
};

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
}

/// The mounted page's parameters (for "ask about this page").
pub(super) fn current_params() -> Option<Params> {
    PAGE.with(|p| {
        p.try_borrow()
            .ok()
            .and_then(|g| g.as_ref().map(|pg| pg.params.clone()))
    })
}

/// What the mounted page shows, as a link would rebuild it.
pub(super) fn current_state() -> Option<State> {
    PAGE.with(|p| {
        p.try_borrow()
            .ok()
            .and_then(|g| g.as_ref().map(|pg| pg.link_state()))
    })
}

/// Runs `f` on the mounted page (no-op before mounting).
fn with_page(f: impl FnOnce(&mut Page)) {
    PAGE.with(|p| {
        if let Ok(mut guard) = p.try_borrow_mut() {
            if let Some(page) = guard.as_mut() {
                f(page);
            }
        }
    });
}

/// Figures shown before "All N figures".
const KEY_FIGURES: usize = 8;

/// Positions of a logarithmic slider track.
const LOG_STEPS: f64 = 1000.0;

/// One parameter's controls: the slider (or select) and the typed box.
struct Control {
    spec: &'static ParamSpec,
    /// `<input type=range>` or `<select>`.
    input: Element,
    /// `<input type=number>` beside a slider.
    number: Option<HtmlInputElement>,
    output: Element,
    error: Element,
    /// Locked by the link (`lock=`): the inputs are disabled and their
    /// handlers ignore every event, however it was raised.
    locked: bool,
}

struct ChartSlot {
    id: &'static str,
    /// The canvas's CSS size, measured when the layout may have changed
    /// (creation, window resize), not on every repaint: reading it forces a
    /// synchronous layout of the page.
    size: std::cell::Cell<(f64, f64)>,
    legend_html: RefCell<String>,
    title: Element,
    canvas: HtmlCanvasElement,
    summary: Element,
    legend: Element,
    details: HtmlDetailsElement,
    table: Element,
}

/// A figure's box, updated in place.
struct FigureSlot {
    id: &'static str,
    row: Element,
    value: Element,
}

/// A check's item, updated in place.
struct CheckSlot {
    item: Element,
    badge: Element,
    cmp: Element,
    why: Element,
    lever: Element,
}

struct Page {
    topic: &'static dyn Topic,
    /// The link the page was opened with: its embed options persist.
    link: State,
    params: Params,
    preset: Option<&'static Preset>,
    fix: bool,
    controls: Vec<Control>,
    preset_buttons: Vec<Element>,
    fix_button: Element,
    reset_button: Element,
    story: Element,
    /// Says why some stories are unavailable (they would move a lock).
    lock_note: Element,
    notice: Element,
    figures: Element,
    figure_slots: Vec<FigureSlot>,
    check_slots: Vec<CheckSlot>,
    notes: Element,
    notes_html: String,
    chart_box: Element,
    charts: Vec<ChartSlot>,
    last: Option<Outcome>,
    renders: u32,
}

/// Builds `topic`'s page as `link` describes it; `adjustments` are the link's
/// adjustments, shown in the notice.
pub fn mount(topic: &'static dyn Topic, link: State, adjustments: Vec<String>) {
    let app = by_id("app").expect("#app");
    clear(&app);
    let _ = app.remove_attribute("aria-busy");
    document().set_title(&format!("{} · Fleetlab", topic.title()));

    let head = el("header", "topic-head");
    append(&head, &text_el("p", "kind", topic.kind().word()));
    append(&head, &text_el("h1", "", topic.title()));
    append(&head, &text_el("p", "question", topic.question()));
    let source = text_el("p", "source", &format!("Source: {}", topic.source()));
    append(&head, &source);
    let share = embed::copy_button("Copy link", || current_state().map(|s| embed::link_for(&s)));
    if !link.embed.on {
        // The instructors page, opened on what this page shows.
        let a = text_el("a", "embed-this", "Embed this page…");
        attr(&a, "id", "embed-this");
        attr(&a, "href", &embed::instructors_href(&link));
        append(&share, &a);
    }
    append(&head, &share);
    append(&app, &head);

    let notice_el = el("p", "notice");
    attr(&notice_el, "role", "status");
    attr(&notice_el, "id", "notice");
    append(&app, &notice_el);

    // Presets.
    let presets = el("section", "presets");
    attr(&presets, "aria-labelledby", "presets-h");
    let h = text_el("h2", "", "Stories");
    attr(&h, "id", "presets-h");
    append(&presets, &h);
    let row = el("div", "preset-row");
    let mut preset_buttons = Vec::new();
    for (i, p) in topic.presets().iter().enumerate() {
        let b = text_el("button", "preset", &format!("{}. {}", i + 1, p.title));
        attr(&b, "type", "button");
        attr(&b, "data-preset", p.id);
        attr(&b, "aria-pressed", "false");
        on(&b, "click", move |_| {
            with_page(|pg| pg.apply_preset(i, false))
        });
        append(&row, &b);
        preset_buttons.push(b);
    }
    let fix_button = text_el("button", "fix", "Apply the fix");
    attr(&fix_button, "type", "button");
    attr(&fix_button, "id", "apply-fix");
    attr(&fix_button, "hidden", "");
    on(&fix_button, "click", |_| {
        with_page(|pg| {
            if let Some(i) = pg.preset_index() {
                pg.apply_preset(i, true)
            }
        })
    });
    append(&row, &fix_button);
    let reset = text_el("button", "reset", "Defaults");
    attr(&reset, "type", "button");
    attr(&reset, "id", "reset");
    on(&reset, "click", |_| with_page(|pg| pg.reset()));
    append(&row, &reset);
    append(&presets, &row);
    let story = el("div", "story");
    attr(&story, "aria-live", "polite");
    append(&presets, &story);
    let lock_note = el("p", "lock-note");
    attr(&lock_note, "id", "lock-note");
    append(&presets, &lock_note);
    if !link.embed.hide.stories {
        append(&app, &presets);
    }

    let layout = el("div", "layout");
    // Controls.
    let aside = el("section", "controls");
    attr(&aside, "aria-labelledby", "controls-h");
    let h = text_el("h2", "", "Parameters");
    attr(&h, "id", "controls-h");
    append(&aside, &h);
    let controls: Vec<Control> = topic
        .params()
        .iter()
        .enumerate()
        .map(|(i, spec)| control(&aside, i, spec, link.locked(spec.name)))
        .collect();
    append(&layout, &aside);

    // Results.
    let results = el("section", "results");
    attr(&results, "aria-labelledby", "results-h");
    let h = text_el("h2", "", "Figures");
    attr(&h, "id", "results-h");
    append(&results, &h);
    let figures = el("div", "figure-box");
    attr(&figures, "id", "figures");
    append(&results, &figures);
    let h = text_el("h2", "", "Checks");
    append(&results, &h);
    let checks = el("ul", "checks");
    attr(&checks, "id", "checks");
    attr(&checks, "aria-live", "polite");
    append(&results, &checks);
    let notes = el("div", "notes");
    append(&results, &notes);
    let chart_box = el("div", "charts");
    append(&results, &chart_box);
    append(&layout, &results);
    append(&app, &layout);

    let mut page = Page {
        topic,
        params: link.params(),
        preset: link.preset.and_then(|id| topic.preset(id)),
        fix: link.fix,
        link: link.clone(),
        controls,
        preset_buttons,
        fix_button,
        reset_button: reset,
        story,
        lock_note,
        notice: notice_el,
        figure_slots: Vec::new(),
        check_slots: topic
            .checks()
            .iter()
            .map(|c| check_slot(&checks, c))
            .collect(),
        figures,
        notes,
        notes_html: String::new(),
        chart_box,
        charts: Vec::new(),
        last: None,
        renders: 0,
    };
    if !adjustments.is_empty() {
        page.notice.set_text_content(Some(&adjustments.join(" ")));
    }
    page.sync_controls();
    page.render();
    PAGE.with(|p| *p.borrow_mut() = Some(page));
    // The address bar shows the canonical link (a tampered one is replaced).
    embed::changed(false);
    if !link.embed.hide.practice {
        let e = &link.embed;
        let options = practice::Options {
            hide_hints: e.hide.hints,
            hide_solution: e.hide.solution,
            hide_score: e.hide.score,
            max_tries: e.tries,
            seed: e.fixed_seed,
            template: link.challenge.template.clone(),
            open_seed: link.challenge.seed,
            open_live: link.challenge.live,
        };
        practice::mount_topic(&results, topic, options, Some(Box::new(graded)));
    }
    watch_chart_sizes();
    // Back and forward between stories: the address says what to show.
    on(&window(), "popstate", |_| {
        let query = window().location().search().unwrap_or_default();
        let (state, _) = urlstate::decode(&query);
        with_page(|pg| pg.follow(&state));
    });
    embed::ready(topic, &link);
}

/// Tells the host a question was graded.
fn graded(q: &crate::challenge::Question, g: &crate::challenge::Grade, tries: u32) {
    embed::post(&[
        ("type", "graded".into()),
        ("topic", q.topic.into()),
        ("template", q.template.as_str().into()),
        ("seed", (q.seed as f64).into()),
        ("live", q.live.into()),
        ("correct", g.correct().into()),
        ("verdict", g.verdict.word().into()),
        ("tries", tries.into()),
        ("score", store::progress().score.into()),
    ]);
}

/// Builds one parameter's labelled controls inside `parent`.
fn control(parent: &Element, i: usize, spec: &'static ParamSpec, locked: bool) -> Control {
    let wrap = el("div", if locked { "control locked" } else { "control" });
    attr(&wrap, "data-param", spec.name);
    let id = format!("p-{}", spec.name);
    let top = el("div", "control-top");
    let label = text_el("label", "", spec.label);
    attr(&label, "for", &id);
    if locked {
        append(&label, &text_el("span", "lock-tag", " (locked)"));
    }
    append(&top, &label);
    let output = el("output", "value");
    attr(&output, "for", &id);
    append(&top, &output);
    append(&wrap, &top);
    let error = el("p", "control-error");
    attr(&error, "role", "alert");
    let (input, number) = match spec.kind {
        ParamKind::Choice(options) => {
            let sel = el("select", "");
            for (k, (word, text)) in options.iter().enumerate() {
                let o = text_el("option", "", text);
                attr(&o, "value", &k.to_string());
                attr(&o, "data-word", word);
                append(&sel, &o);
            }
            on(&sel, "change", move |e| {
                let v = target_number(&e);
                with_page(|pg| pg.set_param(i, v, Source::Control));
            });
            (sel, None)
        }
        ParamKind::Number {
            min,
            max,
            step,
            log,
        } => {
            let row = el("div", "control-row");
            let range = el("input", "");
            attr(&range, "type", "range");
            if log {
                attr(&range, "min", "0");
                attr(&range, "max", &LOG_STEPS.to_string());
                attr(&range, "step", "1");
            } else {
                attr(&range, "min", &min.to_string());
                attr(&range, "max", &max.to_string());
                attr(&range, "step", &step.to_string());
            }
            on(&range, "input", move |e| {
                let pos = target_number(&e);
                with_page(|pg| {
                    let v = if log { from_log(spec, pos) } else { pos };
                    pg.set_param(i, v, Source::Slider)
                });
            });
            append(&row, &range);
            let num = el("input", "num");
            attr(&num, "type", "number");
            attr(&num, "min", &min.to_string());
            attr(&num, "max", &max.to_string());
            attr(&num, "step", if spec.is_integer() { "1" } else { "any" });
            attr(
                &num,
                "aria-label",
                &format!("{} (type a value)", spec.label),
            );
            on(&num, "change", move |e| {
                let text = e
                    .target()
                    .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
                    .map(|n| n.value())
                    .unwrap_or_default();
                with_page(|pg| pg.type_param(i, &text));
            });
            append(&row, &num);
            append(&wrap, &row);
            (range, Some(num.unchecked_into::<HtmlInputElement>()))
        }
    };
    attr(&input, "id", &id);
    attr(&input, "name", spec.name);
    let help_id = format!("h-{}", spec.name);
    attr(&input, "aria-describedby", &help_id);
    if locked {
        attr(&input, "disabled", "");
        if let Some(n) = &number {
            attr(n, "disabled", "");
        }
    }
    if matches!(spec.kind, ParamKind::Choice(_)) {
        append(&wrap, &input);
    }
    let help = text_el(
        "p",
        "help",
        &format!("{} Default from {}.", spec.help, spec.source),
    );
    attr(&help, "id", &help_id);
    append(&wrap, &help);
    append(&wrap, &error);
    append(parent, &wrap);
    Control {
        spec,
        input,
        number,
        output,
        error,
        locked,
    }
}

fn target_number(e: &web_sys::Event) -> f64 {
    let Some(t) = e.target() else { return f64::NAN };
    if let Some(i) = t.dyn_ref::<HtmlInputElement>() {
        return i.value().parse().unwrap_or(f64::NAN);
    }
    if let Some(s) = t.dyn_ref::<HtmlSelectElement>() {
        return s.value().parse().unwrap_or(f64::NAN);
    }
    f64::NAN
}

fn log_bounds(spec: &ParamSpec) -> (f64, f64) {
    match spec.kind {
        ParamKind::Number { min, max, .. } => (min.max(1e-9), max.max(min.max(1e-9) * 1.000_001)),
        ParamKind::Choice(_) => (1.0, 2.0),
    }
}

fn from_log(spec: &ParamSpec, pos: f64) -> f64 {
    let (lo, hi) = log_bounds(spec);
    let v = lo * (hi / lo).powf(pos / LOG_STEPS);
    // Round to three significant figures so the track lands on readable values.
    let mag = 10f64.powf(v.log10().floor() - 2.0);
    (v / mag).round() * mag
}

fn to_log(spec: &ParamSpec, v: f64) -> f64 {
    let (lo, hi) = log_bounds(spec);
    ((v.max(lo) / lo).ln() / (hi / lo).ln() * LOG_STEPS).round()
}

#[derive(Clone, Copy, PartialEq)]
enum Source {
    Slider,
    Control,
}

impl Page {
    fn preset_index(&self) -> Option<usize> {
        let p = self.preset?;
        self.topic.presets().iter().position(|q| q.id == p.id)
    }

    fn apply_preset(&mut self, i: usize, fix: bool) {
        let Some(p) = self.topic.presets().get(i) else {
            return;
        };
        match self.topic.preset_params(p, fix) {
            Ok(params) => {
                if let Some(label) = self.moves_a_lock(&params) {
                    self.say(&format!(
                        "This story would change {label}, which this page keeps fixed."
                    ));
                    return;
                }
                self.params = params;
                self.preset = Some(p);
                self.fix = fix && p.fix.is_some();
            }
            Err(e) => {
                self.say(&format!("This preset could not be applied: {e}"));
                return;
            }
        }
        self.sync_controls();
        self.render();
        embed::changed(true);
    }

    fn reset(&mut self) {
        let defaults = self.topic.defaults();
        if let Some(label) = self.moves_a_lock(&defaults) {
            self.say(&format!(
                "The defaults would change {label}, which this page keeps fixed."
            ));
            return;
        }
        self.params = defaults;
        self.preset = None;
        self.fix = false;
        self.sync_controls();
        self.render();
        embed::changed(true);
    }

    /// The label of a locked parameter that `p` would change, if any.
    fn moves_a_lock(&self, p: &Params) -> Option<&'static str> {
        self.controls
            .iter()
            .zip(p.values().iter().zip(self.params.values()))
            .find(|(c, (new, old))| c.locked && new != old)
            .map(|(c, _)| c.spec.label)
    }

    /// Shows what a link (back/forward in history) describes; locked
    /// parameters keep their values.
    fn follow(&mut self, link: &State) {
        if link.topic != self.topic.id() {
            return;
        }
        let mut wanted = link.params();
        for (i, c) in self.controls.iter().enumerate() {
            if c.locked {
                wanted.set_clamped(i, self.params.values()[i]);
            }
        }
        self.preset = link.preset.and_then(|id| self.topic.preset(id));
        self.fix = link.fix;
        self.params = wanted;
        self.sync_controls();
        self.render();
    }

    /// The page as a link: the opening link's options with what is shown now.
    fn link_state(&self) -> State {
        let mut s = self.link.clone();
        s.view = urlstate::View::Topic;
        s.topic = self.topic.id();
        s.preset = self.preset.map(|p| p.id);
        s.fix = self.fix;
        s.set_params(&self.params);
        s.challenge = practice::current_challenge(&self.params).unwrap_or_default();
        if s.embed.fixed_seed.is_some() {
            // Every question uses the fixed seed; the link need not repeat it.
            s.challenge.seed = None;
        }
        s
    }

    /// Tells the reader that a locked control ignored an event.
    fn refuse_locked(&self, i: usize) {
        let spec = self.controls[i].spec;
        self.say(&format!("{} is locked on this page.", spec.label));
        self.sync_control(i);
    }

    /// A value from a slider or select: clamped to the spec (a script can set
    /// anything), and the reader told when it was adjusted.
    fn set_param(&mut self, i: usize, v: f64, source: Source) {
        let spec = self.controls[i].spec;
        if self.controls[i].locked {
            self.refuse_locked(i);
            return;
        }
        if v.is_nan() {
            self.say(&format!(
                "{}: that is not a value; kept {}.",
                spec.label,
                spec.display(self.params.values()[i])
            ));
            self.sync_control(i);
            return;
        }
        let stored = self.params.set_clamped(i, v);
        if (stored - v).abs() > 1e-9 * v.abs().max(1.0) && source == Source::Control {
            self.say(&format!(
                "{}: adjusted to {}.",
                spec.label,
                spec.display(stored)
            ));
        }
        self.sync_control(i);
        self.render();
        embed::changed(false);
    }

    /// A typed value: refused with a message when it is not allowed.
    fn type_param(&mut self, i: usize, text: &str) {
        let spec = self.controls[i].spec;
        if self.controls[i].locked {
            self.refuse_locked(i);
            return;
        }
        match spec.parse(text) {
            Ok(v) => {
                self.controls[i].error.set_text_content(None);
                let _ = self.params.set_value(spec.name, v);
                self.sync_control(i);
                self.render();
                embed::changed(false);
            }
            Err(e) => {
                self.controls[i]
                    .error
                    .set_text_content(Some(&e.to_string()));
                self.sync_control(i);
            }
        }
    }

    fn say(&self, text: &str) {
        self.notice.set_text_content(Some(text));
    }

    fn sync_controls(&self) {
        for i in 0..self.controls.len() {
            self.sync_control(i);
        }
        let mut blocked = false;
        for (k, b) in self.preset_buttons.iter().enumerate() {
            let on = self.preset_index() == Some(k);
            attr(b, "aria-pressed", if on { "true" } else { "false" });
            let p = &self.topic.presets()[k];
            blocked |= self.lock_button(b, self.topic.preset_params(p, false).ok());
        }
        blocked |= self.lock_button(&self.reset_button, Some(self.topic.defaults()));
        if let Some(p) = self.preset {
            blocked |= self.lock_button(&self.fix_button, self.topic.preset_params(p, true).ok());
        }
        let why = "Some of these buttons are unavailable: they would change a slider this page keeps locked.";
        self.lock_note
            .set_text_content(if blocked { Some(why) } else { None });
        match self.preset {
            Some(p) => {
                let mut html = format!("<p><strong>{}</strong> {}</p>", esc(p.title), esc(p.story));
                if let Some(f) = &p.fix {
                    if self.fix {
                        html += &format!(
                            "<p class=\"fixed\"><strong>Fix applied: {}.</strong> {}</p>",
                            esc(f.label),
                            esc(f.explain)
                        );
                    }
                    let _ = self.fix_button.remove_attribute("hidden");
                    self.fix_button
                        .set_text_content(Some(&format!("Apply the fix: {}", f.label)));
                    attr(
                        &self.fix_button,
                        "aria-pressed",
                        if self.fix { "true" } else { "false" },
                    );
                } else {
                    attr(&self.fix_button, "hidden", "");
                }
                self.story.set_inner_html(&html);
            }
            None => {
                attr(&self.fix_button, "hidden", "");
                self.story.set_inner_html("");
            }
        }
    }

    /// Disables a button whose parameters would move a locked slider; says
    /// whether it did.
    fn lock_button(&self, b: &Element, params: Option<Params>) -> bool {
        match params.and_then(|p| self.moves_a_lock(&p)) {
            Some(label) => {
                attr(b, "disabled", "");
                let why = format!("Changes {label}, which this page keeps fixed");
                attr(b, "title", &why);
                true
            }
            None => {
                let _ = b.remove_attribute("disabled");
                let _ = b.remove_attribute("title");
                false
            }
        }
    }

    fn sync_control(&self, i: usize) {
        let c = &self.controls[i];
        let v = self.params.values()[i];
        c.output.set_text_content(Some(&c.spec.display(v)));
        match c.spec.kind {
            ParamKind::Choice(_) => {
                c.input
                    .unchecked_ref::<HtmlSelectElement>()
                    .set_value(&(v as usize).to_string());
            }
            ParamKind::Number { log, .. } => {
                let pos = if log { to_log(c.spec, v) } else { v };
                c.input
                    .unchecked_ref::<HtmlInputElement>()
                    .set_value(&pos.to_string());
                if let Some(n) = &c.number {
                    n.set_value(&c.spec.show(v));
                }
            }
        }
    }

    /// Runs the model and repaints figures, checks, notes and charts. The
    /// body's data attributes count renders and time them (tests wait on the
    /// count; the benchmark reads the split).
    fn render(&mut self) {
        let t0 = now_ms();
        let out = self.topic.run(&self.params);
        let t1 = now_ms();
        self.paint_figures(&out);
        self.paint_checks(&out);
        self.paint_notes(&out);
        let t2 = now_ms();
        self.paint_charts(&out.charts);
        let t3 = now_ms();
        self.last = Some(out);
        self.renders += 1;
        let body = document().body().expect("body");
        attr(&body, "data-renders", &self.renders.to_string());
        attr(&body, "data-render-ms", &format!("{:.2}", t3 - t0));
        let split = format!(
            "model {:.2} dom {:.2} charts {:.2}",
            t1 - t0,
            t2 - t1,
            t3 - t2
        );
        attr(&body, "data-render-split", &split);
        super::practice::page_changed(&self.params);
    }

    fn paint_figures(&mut self, out: &Outcome) {
        let same = self.figure_slots.len() == out.figures.len()
            && self
                .figure_slots
                .iter()
                .zip(&out.figures)
                .all(|(s, f)| s.id == f.id);
        if !same {
            // The topic lists its key figures first; the rest fold away.
            clear(&self.figures);
            let key = el("dl", "figures");
            append(&self.figures, &key);
            let more = el("dl", "figures");
            if out.figures.len() > KEY_FIGURES {
                let details = el("details", "more-figures");
                let n = out.figures.len();
                append(
                    &details,
                    &text_el("summary", "", &format!("All {n} figures")),
                );
                append(&details, &more);
                append(&self.figures, &details);
            }
            self.figure_slots = out
                .figures
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let row = el("div", "");
                    attr(&row, "data-figure", f.id);
                    append(&row, &text_el("dt", "", f.label));
                    let value = el("dd", "");
                    append(&row, &value);
                    append(if i < KEY_FIGURES { &key } else { &more }, &row);
                    FigureSlot {
                        id: f.id,
                        row,
                        value,
                    }
                })
                .collect();
        }
        for (slot, f) in self.figure_slots.iter().zip(&out.figures) {
            set_text_if_changed(&slot.value, &f.text());
            attr(&slot.row, "data-value", &f.value.to_string());
        }
    }

    fn paint_checks(&self, out: &Outcome) {
        for (slot, v) in self.check_slots.iter().zip(&out.checks) {
            let class = if v.pass { "check pass" } else { "check fail" };
            if slot.item.class_name() != class {
                slot.item.set_class_name(class);
                attr(
                    &slot.item,
                    "data-pass",
                    if v.pass { "true" } else { "false" },
                );
                slot.badge
                    .set_text_content(Some(if v.pass { "✓ pass" } else { "✗ fail" }));
            }
            set_text_if_changed(&slot.cmp, &v.comparison());
            set_text_if_changed(&slot.why, &v.why);
            let lever = v
                .lever
                .filter(|_| !v.pass)
                .and_then(|name| self.controls.iter().find(|c| c.spec.name == name));
            match lever {
                Some(c) => {
                    set_text_if_changed(&slot.lever, &format!("Go to the lever: {}", c.spec.label));
                    attr(&slot.lever, "data-lever", c.spec.name);
                    if slot.lever.has_attribute("hidden") {
                        let _ = slot.lever.remove_attribute("hidden");
                    }
                }
                None => {
                    if !slot.lever.has_attribute("hidden") {
                        attr(&slot.lever, "hidden", "");
                    }
                }
            }
        }
    }

    fn paint_notes(&mut self, out: &Outcome) {
        let mut html = String::new();
        for n in &out.notes {
            match n {
                Note::Erratum(t) => {
                    html += &format!("<p class=\"erratum\" role=\"note\">{}</p>", esc(t))
                }
                Note::Info(t) => html += &format!("<p class=\"info\" role=\"note\">{}</p>", esc(t)),
            }
        }
        if html != self.notes_html {
            self.notes.set_inner_html(&html);
            self.notes_html = html;
        }
    }

    fn paint_charts(&mut self, charts: &[Chart]) {
        let same = self.charts.len() == charts.len()
            && self.charts.iter().zip(charts).all(|(s, c)| s.id == c.id);
        if !same {
            clear(&self.chart_box);
            self.charts = charts
                .iter()
                .map(|c| chart_slot(&self.chart_box, c))
                .collect();
            // Measured once all are in place: the grid decides each width.
            for slot in &self.charts {
                slot.measure();
            }
        }
        for (slot, chart) in self.charts.iter().zip(charts) {
            slot.title.set_text_content(Some(&chart.title));
            slot.summary.set_text_content(Some(&chart.summary));
            attr(
                &slot.canvas,
                "aria-label",
                &format!("{}: {}", chart.title, chart.summary),
            );
            slot.paint_legend(chart);
            let t0 = now_ms();
            slot.paint_canvas(chart);
            attr(
                &slot.canvas,
                "data-paint-ms",
                &format!("{:.2}", now_ms() - t0),
            );
            if slot.details.open() {
                paint_table(&slot.table, chart);
            }
        }
    }

    /// Repaints the charts whose canvas changed size since it was measured.
    fn repaint_resized_charts(&mut self) {
        if let Some(out) = self.last.take() {
            for (slot, chart) in self.charts.iter().zip(&out.charts) {
                if slot.measure() {
                    slot.paint_canvas(chart);
                }
            }
            self.last = Some(out);
        }
    }
}

fn set_text_if_changed(e: &Element, text: &str) {
    if e.text_content().as_deref() != Some(text) {
        e.set_text_content(Some(text));
    }
}

fn check_slot(parent: &Element, spec: &crate::model::CheckSpec) -> CheckSlot {
    let item = el("li", "check");
    attr(&item, "data-check", spec.id);
    let head = el("div", "check-head");
    let badge = el("span", "badge");
    append(&head, &badge);
    append(&head, &text_el("strong", "", spec.label));
    let cmp = el("span", "cmp");
    append(&head, &cmp);
    append(&item, &head);
    let why = el("p", "why");
    append(&item, &why);
    append(
        &item,
        &text_el("p", "rule", &format!("Rule: {}", spec.rule)),
    );
    let lever = el("button", "lever");
    attr(&lever, "type", "button");
    attr(&lever, "hidden", "");
    on(&lever, "click", |e| {
        let name = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|b| b.get_attribute("data-lever"));
        if let Some(input) = name.and_then(|n| by_id(&format!("p-{n}"))) {
            input.scroll_into_view();
            let _ = html(&input).focus();
        }
    });
    append(&item, &lever);
    append(parent, &item);
    CheckSlot {
        item,
        badge,
        cmp,
        why,
        lever,
    }
}

/// Re-measures and repaints the charts whenever their box changes size (a
/// window resize, a scrollbar appearing, a host resizing the frame), so a
/// canvas's pixels always match the space it is shown in.
fn watch_chart_sizes() {
    let cb = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(|| {
        with_page(|pg| pg.repaint_resized_charts());
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
    let canvas = el(
        "canvas",
        if matches!(chart.plot, crate::model::Plot::Ring(_)) {
            "ring"
        } else {
            ""
        },
    );
    attr(&canvas, "role", "img");
    append(&fig, &canvas);
    let legend = el("ul", "legend");
    append(&fig, &legend);
    let summary = el("figcaption", "");
    append(&fig, &summary);
    let details = el("details", "");
    append(&details, &text_el("summary", "", "Chart data as a table"));
    let table = el("div", "table-wrap");
    append(&details, &table);
    append(&fig, &details);
    append(parent, &fig);
    let id = chart.id;
    on(&details, "toggle", move |_| {
        with_page(|pg| {
            if let (Some(out), Some(slot)) = (&pg.last, pg.charts.iter().find(|s| s.id == id)) {
                if let Some(c) = out.charts.iter().find(|c| c.id == id) {
                    if slot.details.open() {
                        paint_table(&slot.table, c);
                    }
                }
            }
        })
    });
    ChartSlot {
        id: chart.id,
        size: std::cell::Cell::new((0.0, 0.0)),
        legend_html: RefCell::new(String::new()),
        title,
        canvas: canvas.unchecked_into(),
        summary,
        legend,
        details: details.unchecked_into(),
        table,
    }
}

impl ChartSlot {
    /// Reads the canvas's CSS size; true when it changed.
    fn measure(&self) -> bool {
        let c = &self.canvas;
        let before = self.size.get();
        let now = (
            c.client_width().max(200) as f64,
            c.client_height().max(160) as f64,
        );
        self.size.set(now);
        now != before
    }

    fn paint_canvas(&self, chart: &Chart) {
        let dpr = window().device_pixel_ratio().max(1.0);
        let (w, h) = self.size.get();
        let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
        let canvas = &self.canvas;
        if canvas.width() != pw {
            canvas.set_width(pw);
        }
        if canvas.height() != ph {
            canvas.set_height(ph);
        }
        if let Err(e) = draw::draw(canvas, chart, dpr) {
            log_error(&format!("chart {}: {e}", chart.id));
        }
    }

    fn paint_legend(&self, chart: &Chart) {
        let html = legend_html(chart);
        if *self.legend_html.borrow() != html {
            self.legend.set_inner_html(&html);
            *self.legend_html.borrow_mut() = html;
        }
    }
}

fn legend_html(chart: &Chart) -> String {
    use crate::model::Plot;
    let items: Vec<(String, String, bool)> = match &chart.plot {
        Plot::Xy(xy) => xy
            .series
            .iter()
            .map(|s| {
                (
                    s.name.clone(),
                    draw::css(s.tone),
                    s.style == crate::model::Style::Dashed,
                )
            })
            .collect(),
        Plot::Bars(b) => b
            .sets
            .iter()
            .map(|s| (s.name.clone(), draw::css(s.tone), false))
            .collect(),
        Plot::Ring(r) => {
            use crate::model::Tone;
            let mut items = vec![
                ("moved family".into(), draw::css(Tone::Bad), false),
                ("kept family".into(), draw::css(Tone::Muted), false),
            ];
            if r.arcs.iter().any(|a| a.moved) {
                items.push(("arc that changed card".into(), draw::css(Tone::Warn), false));
            }
            items
        }
    };
    let mut html = String::new();
    for (name, color, dashed) in items {
        html += &format!(
            "<li><span class=\"swatch{}\" style=\"--c:{color}\"></span>{}</li>",
            if dashed { " dashed" } else { "" },
            esc(&name)
        );
    }
    html
}

fn paint_table(holder: &Element, chart: &Chart) {
    let t = chart.table();
    let mut html = String::from("<table><thead><tr>");
    for h in &t.headers {
        html += &format!("<th scope=\"col\">{}</th>", esc(h));
    }
    html += "</tr></thead><tbody>";
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
