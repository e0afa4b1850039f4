//! One topic's page: presets, controls generated from the parameter specs,
//! figures, checks, notes and charts (each with its table). Every change goes
//! through `Page::render`, which runs the model once and repaints in place.
//!
//! Files: `controls` (a parameter's inputs), `stories` (the presets row),
//! `outcome` (figures, checks, notes), `charts` (canvases and tables); this
//! file builds the page and handles its messages.

mod charts;
mod controls;
mod outcome;
mod stories;

use super::dom::*;
use super::links::{copy_button, instructors_href};
use super::msg::{dispatch, CopyWhat, Effect, Msg, PageMsg};
use super::scene::SceneView;
use crate::model::{Outcome, Params, Preset, Topic};
use crate::urlstate::{self, State};
use charts::Charts;
use controls::{control, Control};
use outcome::OutcomeView;
use stories::Stories;
use web_sys::Element;

pub struct Page {
    topic: &'static dyn Topic,
    /// The link the page was opened with: its embed options persist.
    link: State,
    params: Params,
    preset: Option<&'static Preset>,
    fix: bool,
    controls: Vec<Control>,
    stories: Stories,
    notice: Element,
    /// The results section (the practice panel goes at its end).
    results: Element,
    outcome: OutcomeView,
    charts: Charts,
    scene: SceneView,
    last: Option<Outcome>,
    renders: u32,
}

#[derive(Clone, Copy, PartialEq)]
enum Source {
    Slider,
    Control,
}

/// The page's title block: kind, title, question, source, "Copy link" and
/// (outside embed mode) "Embed this page…".
fn head(app: &Element, topic: &'static dyn Topic, link: &State) {
    let head = el("header", "topic-head");
    append(&head, &text_el("p", "kind", topic.kind().word()));
    append(&head, &text_el("h1", "", topic.title()));
    append(&head, &text_el("p", "question", topic.question()));
    let source = text_el("p", "source", &format!("Source: {}", topic.source()));
    append(&head, &source);
    let share = copy_button("Copy link", CopyWhat::PageLink);
    if !link.embed.on {
        // The instructors page, opened on what this page shows.
        let a = text_el("a", "embed-this", "Embed this page…");
        attr(&a, "id", "embed-this");
        attr(&a, "href", &instructors_href(link));
        append(&share, &a);
    }
    append(&head, &share);
    append(app, &head);
}

/// The parameters section, a control per spec.
fn controls_section(layout: &Element, topic: &'static dyn Topic, link: &State) -> Vec<Control> {
    let aside = el("section", "controls");
    attr(&aside, "aria-labelledby", "controls-h");
    let h = text_el("h2", "", "Parameters");
    attr(&h, "id", "controls-h");
    append(&aside, &h);
    let controls = topic
        .params()
        .iter()
        .enumerate()
        .map(|(i, spec)| control(&aside, i, spec, link.locked(spec.name)))
        .collect();
    append(layout, &aside);
    controls
}

impl Page {
    /// Builds `topic`'s page in #app as `link` describes it, rendered once;
    /// `adjustments` are the link's adjustments, shown in the notice.
    pub fn mount(
        topic: &'static dyn Topic,
        link: State,
        adjustments: Vec<String>,
    ) -> (Page, Vec<Effect>) {
        let app = by_id("app").expect("#app");
        clear(&app);
        let _ = app.remove_attribute("aria-busy");
        document().set_title(&format!("{} · Fleetlab", topic.title()));
        head(&app, topic, &link);
        let notice = el("p", "notice");
        attr(&notice, "role", "status");
        attr(&notice, "id", "notice");
        append(&app, &notice);
        let stories = Stories::build(topic);
        if !link.embed.hide.stories {
            append(&app, &stories.section);
        }
        let scene = SceneView::mount(&app, topic, &link);
        let layout = el("div", "layout");
        let controls = controls_section(&layout, topic, &link);
        let results = el("section", "results");
        attr(&results, "aria-labelledby", "results-h");
        let outcome = OutcomeView::build(&results, topic.checks());
        let charts = Charts::build(&results);
        append(&layout, &results);
        append(&app, &layout);

        let mut page = Page {
            topic,
            params: link.params(),
            preset: link.preset.and_then(|id| topic.preset(id)),
            fix: link.fix,
            link,
            controls,
            stories,
            notice,
            results,
            outcome,
            charts,
            scene,
            last: None,
            renders: 0,
        };
        if !adjustments.is_empty() {
            page.say(&adjustments.join(" "));
        }
        let mut fx = Vec::new();
        page.sync_controls();
        page.render(&mut fx);
        charts::watch_sizes();
        // Back and forward between stories: the address says what to show.
        on(&window(), "popstate", |_| dispatch(Msg::PopState));
        (page, fx)
    }

    pub fn topic(&self) -> &'static dyn Topic {
        self.topic
    }

    /// The values on show.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The results section (the practice panel goes at its end).
    pub fn results(&self) -> &Element {
        &self.results
    }

    pub fn update(&mut self, msg: PageMsg) -> Vec<Effect> {
        let mut fx = Vec::new();
        match msg {
            PageMsg::Preset(i) => self.apply_preset(i, false, &mut fx),
            PageMsg::Fix => {
                if let Some(i) = self.preset_index() {
                    self.apply_preset(i, true, &mut fx)
                }
            }
            PageMsg::Reset => self.reset(&mut fx),
            PageMsg::Choose(i, v) => self.set_param(i, v, Source::Control, &mut fx),
            PageMsg::Slide(i, pos) => {
                if let Some(c) = self.controls.get(i) {
                    let v = c.track_value(pos);
                    self.set_param(i, v, Source::Slider, &mut fx);
                }
            }
            PageMsg::Type(i, text) => self.type_param(i, &text, &mut fx),
            PageMsg::Table(id) => {
                if let Some(out) = &self.last {
                    self.charts.table_toggled(id, &out.charts);
                }
            }
            PageMsg::Scene(m) => self.scene.update(m, &mut fx),
            PageMsg::Resized => {
                if let Some(out) = &self.last {
                    self.charts.repaint_resized(&out.charts);
                }
            }
        }
        fx
    }

    fn preset_index(&self) -> Option<usize> {
        let p = self.preset?;
        self.topic.presets().iter().position(|q| q.id == p.id)
    }

    fn apply_preset(&mut self, i: usize, fix: bool, fx: &mut Vec<Effect>) {
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
        self.render(fx);
        fx.push(Effect::AddressChanged { push: true });
    }

    fn reset(&mut self, fx: &mut Vec<Effect>) {
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
        self.render(fx);
        fx.push(Effect::AddressChanged { push: true });
    }

    /// The label of a locked parameter that `p` would change, if any.
    fn moves_a_lock(&self, p: &Params) -> Option<&'static str> {
        moves_a_lock(&self.controls, &self.params, p)
    }

    /// Shows what a link (back/forward in history) describes; locked
    /// parameters keep their values.
    pub fn follow(&mut self, link: &State) -> Vec<Effect> {
        let mut fx = Vec::new();
        if link.topic != self.topic.id() {
            return fx;
        }
        let mut wanted = link.params();
        for (i, c) in self.controls.iter().enumerate() {
            if c.locked {
                wanted.set_clamped(i, self.params.values()[i]);
            }
        }
        self.preset = link.preset.and_then(|id| self.topic.preset(id));
        self.fix = link.fix;
        self.scene.follow(link.compare);
        self.params = wanted;
        self.sync_controls();
        self.render(&mut fx);
        fx
    }

    /// The page as a link: the opening link's options with what is shown
    /// now, and `challenge`, the question on show.
    pub fn link_state(&self, challenge: Option<urlstate::Challenge>) -> State {
        let mut s = self.link.clone();
        s.view = urlstate::View::Topic;
        s.topic = self.topic.id();
        s.preset = self.preset.map(|p| p.id);
        s.fix = self.fix;
        s.set_params(&self.params);
        s.compare = self.scene.compare();
        s.challenge = challenge.unwrap_or_default();
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
    fn set_param(&mut self, i: usize, v: f64, source: Source, fx: &mut Vec<Effect>) {
        let Some(c) = self.controls.get(i) else {
            return;
        };
        let spec = c.spec;
        if c.locked {
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
        self.render(fx);
        fx.push(Effect::AddressChanged { push: false });
    }

    /// A typed value: refused with a message when it is not allowed.
    fn type_param(&mut self, i: usize, text: &str, fx: &mut Vec<Effect>) {
        let Some(c) = self.controls.get(i) else {
            return;
        };
        let spec = c.spec;
        if c.locked {
            self.refuse_locked(i);
            return;
        }
        match spec.parse(text) {
            Ok(v) => {
                c.error.set_text_content(None);
                let _ = self.params.set_value(spec.name, v);
                self.sync_control(i);
                self.render(fx);
                fx.push(Effect::AddressChanged { push: false });
            }
            Err(e) => {
                c.error.set_text_content(Some(&e.to_string()));
                self.sync_control(i);
            }
        }
    }

    fn say(&self, text: &str) {
        self.notice.set_text_content(Some(text));
    }

    fn sync_control(&self, i: usize) {
        self.controls[i].show(self.params.values()[i]);
    }

    fn sync_controls(&self) {
        for i in 0..self.controls.len() {
            self.sync_control(i);
        }
        let (controls, params) = (&self.controls, &self.params);
        self.stories.sync(self.topic, self.preset, self.fix, |p| {
            moves_a_lock(controls, params, p)
        });
    }

    /// Runs the model and repaints figures, checks, notes and charts. The
    /// body's data attributes count renders and time them (tests wait on the
    /// count; the benchmark reads the split).
    fn render(&mut self, fx: &mut Vec<Effect>) {
        let t0 = now_ms();
        let out = self.topic.run(&self.params);
        let t1 = now_ms();
        self.outcome.paint(&out, self.topic.params());
        let t2 = now_ms();
        self.charts.paint(&out.charts);
        let t3 = now_ms();
        self.scene.rebuild(&self.params);
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
        fx.push(Effect::PageParamsChanged);
    }
}

/// The label of a locked parameter whose value `new` would change from `old`.
fn moves_a_lock(controls: &[Control], old: &Params, new: &Params) -> Option<&'static str> {
    controls
        .iter()
        .zip(new.values().iter().zip(old.values()))
        .find(|(c, (new, old))| c.locked && new != old)
        .map(|(c, _)| c.spec.label)
}
