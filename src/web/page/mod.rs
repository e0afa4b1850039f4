//! One topic's page: presets, controls generated from the parameter specs,
//! figures, checks, notes and charts (each with its table). Every change goes
//! through `Page::render`, which runs the model once and repaints in place.
//!
//! The picture first: under the title and the stories, the topic's key
//! parameters (the rest fold under "More parameters") sit beside its key
//! figures, the checks' verdicts, the slot a scene mounts in (`#scene-slot`)
//! and the charts. On a narrow screen they stack in that order, the key
//! figures first, then the scene, then the sliders: the key figures stay at
//! the top while the scene and the sliders under them move.
//!
//! Files: `controls` (a parameter's inputs), `stories` (the presets row),
//! `outcome` (figures, checks, notes), `charts` (canvases and tables),
//! `math` (the folded panel of equations); this file builds the page and
//! handles its messages.

mod charts;
mod controls;
mod math;
mod outcome;
mod production;
mod stories;

use super::dom::*;
use super::glossary::{link_terms, terms_in_new_tab, text_with_term, SEED_CARD};
use super::links::{copy_button, instructors_href};
use super::msg::{dispatch, CopyWhat, Effect, Msg, PageMsg};
use super::scene::{IntroView, SceneView};
use crate::model::{Assumptions, Outcome, ParamSpec, Params, Preset, Topic};
use crate::urlstate::{self, State};
use charts::Charts;
use controls::{control, Control};
use outcome::OutcomeView;
use production::ProductionView;
use stories::Stories;
use wasm_bindgen::JsCast;
use web_sys::Element;

pub struct Page {
    topic: &'static dyn Topic,
    /// The link the page was opened with: its embed options persist.
    link: State,
    params: Params,
    preset: Option<&'static Preset>,
    fix: bool,
    controls: Vec<Control>,
    /// "More parameters", when some are folded.
    more: Option<Element>,
    stories: Stories,
    /// The model switch and "What production does differently", on a topic
    /// with a production model.
    production: Option<ProductionView>,
    notice: Element,
    /// The results section (the practice panel goes at its end).
    results: Element,
    outcome: OutcomeView,
    charts: Charts,
    scene: SceneView,
    /// The guided start at the top (src/web/scene/intro.rs).
    intro: IntroView,
    last: Option<Outcome>,
    renders: u32,
    /// The live region's timer: it says the figures once they settle.
    say: Option<i32>,
    /// A slider on the move: the pending timeout for when it rests, which
    /// runs the model in full after a preview (src/model/topic.rs
    /// `preview`) and lets the practice panel follow the values.
    settle: Option<i32>,
    /// A preview is on show: the settle runs the model in full.
    previewing: bool,
    settle_tick: wasm_bindgen::closure::Closure<dyn FnMut()>,
    /// The story (and whether its fix was on) the live region last named.
    said_story: Option<(&'static str, bool)>,
    say_tick: wasm_bindgen::closure::Closure<dyn FnMut()>,
}

/// The live region speaks this long after the last change (ms): a slider
/// dragged or held down is heard once, where it stops.
const SAY_AFTER_MS: i32 = 1200;
/// A slider at rest this long (ms) gets the full run after a preview, and
/// an untried question about the page follows its value.
const SETTLE_MS: i32 = 150;

#[derive(Clone, Copy, PartialEq)]
enum Source {
    Slider,
    Control,
}

/// The page's title block: kind, title, question, source, "Copy link" and
/// (outside embed mode) "Embed this page…".
/// The page's head; returns where the model switch goes (beside the
/// title, under the links: a setting of the whole page that takes no row
/// of its own above the figures). `shell`: index.html's head of this
/// topic, kept in place (see [`shell`]).
fn head(app: &Element, topic: &'static dyn Topic, link: &State, shell: Option<Element>) -> Element {
    let kept = shell.is_some();
    let head = shell.unwrap_or_else(|| {
        let head = el("header", "topic-head");
        append(&head, &text_el("p", "kind", topic.kind().word()));
        append(&head, &text_el("h1", "", topic.title()));
        append(&head, &text_el("p", "question", topic.question()));
        append(&head, &source_el(topic, link.embed.on));
        head
    });
    if kept && link.embed.on {
        terms_in_new_tab(&head);
    }
    head.set_class_name("topic-head");
    let _ = head.remove_attribute("data-topic");
    if let Some(h1) = head.query_selector("h1").ok().flatten() {
        attr(&h1, "id", "topic-title");
    }
    let share = copy_button("Copy link", CopyWhat::PageLink);
    if !link.embed.on {
        // The instructors page, opened on what this page shows.
        let a = text_el("a", "embed-this", "Embed this page…");
        attr(&a, "id", "embed-this");
        attr(&a, "href", &instructors_href(link));
        append(&share, &a);
    }
    append(&head, &share);
    let model_slot = el("div", "model-slot");
    append(&head, &model_slot);
    if !kept {
        append(app, &head);
    }
    model_slot
}

fn source_line(topic: &dyn Topic) -> String {
    format!("Source: {}", topic.source())
}

/// The source line, "seed card" linked to its glossary entry, as
/// scripts/pages.mjs writes it into index.html.
fn source_el(topic: &dyn Topic, new_tab: bool) -> Element {
    text_with_term("p", "source", &source_line(topic), SEED_CARD, new_tab)
}

/// index.html's head of `topic` in `app`, everything else in `app` removed
/// (`app` cleared where it has none). scripts/pages.mjs writes a head per
/// topic into index.html, its kind, title, question and source, and
/// www/loader.js shows the one an address opens while the model loads: the
/// page's largest text is painted before the model arrives. It is kept
/// when its words are the page's (else removed, and the page builds its
/// own); tests/browser/layout.test.mjs holds the two to the same box.
/// Its last part, the guided start's offer, is returned apart: the intro
/// keeps it on the same terms (src/web/scene/intro.rs).
fn shell(app: &Element, topic: &dyn Topic) -> (Option<Element>, Option<Element>) {
    let selector = format!("header.topic-shell[data-topic=\"{}\"]", topic.id());
    let Some(found) = clear_but(app, &selector).pop() else {
        return (None, None);
    };
    let offer = found
        .last_element_child()
        .filter(|o| o.matches("div.intro-wrap.topic-shell").unwrap_or(false));
    if !same_head(&found, topic, offer.is_some()) {
        found.remove();
        return (None, None);
    }
    (Some(found), offer)
}

/// Whether index.html's head `found` says what the page's head says, in
/// its first four parts (`offer`: the fifth is the guided start's offer).
fn same_head(found: &Element, topic: &dyn Topic, offer: bool) -> bool {
    let words = [
        topic.kind().word().to_string(),
        topic.title().to_string(),
        topic.question().to_string(),
        source_line(topic),
    ];
    let kids = found.children();
    kids.length() as usize == words.len() + usize::from(offer)
        && words.iter().enumerate().all(|(i, w)| {
            kids.item(i as u32)
                .and_then(|k| k.text_content())
                .is_some_and(|t| t == *w)
        })
}

/// The parameters section: the topic's key parameters, then the others
/// folded under "More parameters" (none folded when it declares no keys).
fn controls_section(
    parent: &Element,
    topic: &'static dyn Topic,
    link: &State,
) -> (Vec<Control>, Option<Element>) {
    let aside = labelled_section("controls", "controls-h", "Parameters");
    append(&aside, &text_el("p", "moved-key", "moved from its default"));
    let specs = topic.params();
    let declared = topic.keys().params;
    let key = |name: &str| declared.is_empty() || declared.contains(&name);
    let make = |parent: &Element, i: usize| {
        let spec = &specs[i];
        let c = control(parent, i, spec, (link.locked(spec.name), !key(spec.name)));
        (i, c)
    };
    let mut made: Vec<(usize, Control)> = if declared.is_empty() {
        (0..specs.len()).map(|i| make(&aside, i)).collect()
    } else {
        declared
            .iter()
            .filter_map(|name| specs.iter().position(|s| s.name == *name))
            .map(|i| make(&aside, i))
            .collect()
    };
    let folded: Vec<usize> = (0..specs.len()).filter(|&i| !key(specs[i].name)).collect();
    let more = (!folded.is_empty()).then(|| {
        let details = el("details", "more-params");
        attr(&details, "id", "more-params");
        let n = folded.len();
        append(
            &details,
            &text_el("summary", "", &format!("More parameters ({n})")),
        );
        made.extend(folded.iter().map(|&i| make(&details, i)));
        append(&aside, &details);
        details
    });
    crate::model::few::sort_by_key(&mut made, |(i, _)| *i);
    append(parent, &aside);
    (made.into_iter().map(|(_, c)| c).collect(), more)
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
        let (shell, offer) = shell(&app, topic);
        let _ = app.remove_attribute("aria-busy");
        attr(&app, "data-view", "topic");
        document().set_title(&format!("{} · Fleetlab", topic.title()));
        let model_slot = head(&app, topic, &link, shell);
        let intro = IntroView::mount(
            &model_slot.parent_element().expect("the page's head"),
            topic,
            offer,
            link.embed.intro == Some(false),
            link.embed.intro == Some(true),
        );
        let notice = notice(&app, "");
        let stories = Stories::build(topic);
        if !link.embed.hide.stories {
            append(&app, &stories.section);
        }
        // Key figures and sliders together (one block that stays together
        // on a narrow screen), then the results.
        let layout = el("div", "layout");
        let tune = el("div", "tune");
        let keybar = el("section", "keybar");
        attr(&keybar, "aria-labelledby", "keybar-h");
        append(&tune, &keybar);
        child(
            &tune,
            "div",
            "scene-slot",
            &[("id", "scene-slot"), ("hidden", "")],
        );
        let (controls, more) = controls_section(&tune, topic, &link);
        append(&layout, &tune);
        let results = el("section", "results");
        attr(&results, "aria-labelledby", "results-h");
        let h = text_el("h2", "vh", "Charts and checks");
        attr(&h, "id", "results-h");
        append(&results, &h);
        let charts = Charts::build(&results);
        let outcome = OutcomeView::build(&keybar, &results, topic.checks(), topic.keys()).locking(
            topic
                .params()
                .iter()
                .map(|s| s.name)
                .filter(|n| link.locked(n)),
        );
        math::panel(&results, topic);
        let production = ProductionView::build(topic, &model_slot, &results);
        append(&layout, &results);
        append(&app, &layout);
        // The scene under the key figures, beside the key sliders: the
        // picture first (unless the link hides it).
        let slot = by_id("scene-slot").expect("#scene-slot");
        let scene = SceneView::mount(&slot, topic, &link);
        if scene.shown() {
            let _ = slot.remove_attribute("hidden");
        }

        let mut page = Page {
            topic,
            more,
            params: link.params(),
            preset: link.preset.and_then(|id| topic.preset(id)),
            fix: link.fix,
            link,
            controls,
            stories,
            production,
            notice,
            results,
            outcome,
            charts,
            scene,
            intro,
            last: None,
            renders: 0,
            say: None,
            said_story: None,
            say_tick: wasm_bindgen::closure::Closure::new(|| {
                dispatch(Msg::Page(PageMsg::Announce))
            }),
            settle: None,
            previewing: false,
            settle_tick: wasm_bindgen::closure::Closure::new(|| {
                dispatch(Msg::Page(PageMsg::Settle))
            }),
        };
        page.said_story = page.preset.map(|p| (p.title, page.fix));
        if !adjustments.is_empty() {
            page.say(&adjustments.join(" "));
        }
        // A lock the course page chose, on a folded parameter: shown.
        if let urlstate::Lock::Some(names) = &page.link.embed.lock {
            for name in names {
                page.reveal(name);
            }
        }
        let mut fx = Vec::new();
        page.sync_controls();
        page.render(&mut fx);
        charts::watch_sizes();
        // Back and forward between stories: the address says what to show.
        on(&window(), "popstate", |_| dispatch(Msg::PopState));
        // A theme, projector mode, print or forced colours (www/theme.js).
        on(&document(), "fleetlab-restyle", |_| {
            dispatch(Msg::Page(PageMsg::Restyled))
        });
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

    /// The story on show and whether its fix is applied.
    pub fn story(&self) -> (Option<&'static Preset>, bool) {
        (self.preset, self.fix)
    }

    /// The outcome on show.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.last.as_ref()
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
            PageMsg::Model(a) => self.set_model(a, &mut fx),
            PageMsg::ProductionOpened => {
                if let (Some(v), Some(out)) = (&self.production, &self.last) {
                    v.fill(self.topic, &self.params, out);
                }
            }
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
            PageMsg::Intro(m) => {
                let was = self.intro.link_value();
                let story = self.intro.update(m);
                let index =
                    story.and_then(|id| self.topic.presets().iter().position(|p| p.id == id));
                if let Some(i) = index {
                    self.apply_preset(i, false, &mut fx);
                    // The full page, from its title.
                    if let Some(h) = by_id("topic-title") {
                        attr(&h, "tabindex", "-1");
                        let _ = html(&h).focus();
                    }
                }
                let now = self.intro.link_value();
                if now == Some(true) && was != now {
                    // Opening is a step Back undoes (`follow`).
                    fx.push(Effect::AddressChanged { push: true });
                } else if now != was {
                    // Closing, at once: a reload right after it does not
                    // open the guided start again.
                    fx.push(Effect::AddressNow);
                }
            }
            PageMsg::Resized => {
                if let Some(out) = &self.last {
                    self.charts.repaint_resized(&out.charts);
                }
            }
            PageMsg::ChartsSeen(changes) => {
                if let Some(out) = &self.last {
                    self.charts.seen(&changes, &out.charts);
                }
            }
            PageMsg::Settle => {
                self.settle = None;
                if self.end_preview() {
                    // The values are those the preview showed: the scene,
                    // started from them then, runs on.
                    let t0 = now_ms();
                    let out = self.topic.run(&self.params);
                    self.show(out, t0, false);
                }
                // What follows the values but not the hand (an untried
                // question about the page) catches up once.
                fx.push(Effect::PageParamsChanged);
            }
            PageMsg::ChartsRest => {
                if let Some(out) = &self.last {
                    self.charts.rested(&out.charts);
                }
            }
            PageMsg::Restyled => {
                if let Some(out) = &self.last {
                    self.charts.restyle(&out.charts);
                }
                self.scene.restyle();
                self.intro.restyle();
            }
            PageMsg::Announce => {
                self.say = None;
                let story = self.preset.map(|p| (p.title, self.fix));
                let mut text = String::new();
                if story != self.said_story {
                    if let Some((title, fix)) = story {
                        let fixed = if fix { ", its fix applied" } else { "" };
                        text = format!("Story: {title}{fixed}. ");
                    }
                    self.said_story = story;
                }
                if let Some(out) = &self.last {
                    announce(&(text + &self.outcome.spoken(out)));
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
                let fix = fix && p.fix.is_some();
                self.show_story("This story", params, Some(p), fix, fx);
            }
            Err(e) => self.say(&format!("This preset could not be applied: {e}")),
        }
    }

    /// Runs the values on show under `a` (the seed card's model or closer
    /// to production); the story, its fix and the sliders stay.
    fn set_model(&mut self, a: Assumptions, fx: &mut Vec<Effect>) {
        if self.production.is_none() || self.params.assumptions() == a {
            return;
        }
        self.params.set_assumptions(a);
        self.sync_controls();
        self.render(fx);
        let base = self.topic.about().base;
        self.say(&if a.is_production() && self.scene.stays_on_first_model() {
            // The scene's own note says the same, below.
            format!(
                "The figures and checks now run closer to production; the scene stays on {}.",
                base.phrase()
            )
        } else {
            format!("Now running {}.", a.label(base).to_ascii_lowercase())
        });
        fx.push(Effect::AddressChanged { push: true });
    }

    fn reset(&mut self, fx: &mut Vec<Effect>) {
        let defaults = self.topic.defaults();
        self.show_story("The defaults", defaults, None, false, fx);
    }

    /// Shows `params`, a story (with its fix when `fix`) or the defaults,
    /// unless they would move a locked parameter: then the reader is told
    /// what (`what`: "This story") would change it, and nothing moves.
    fn show_story(
        &mut self,
        what: &str,
        params: Params,
        preset: Option<&'static Preset>,
        fix: bool,
        fx: &mut Vec<Effect>,
    ) {
        if let Some(label) = self.moves_a_lock(&params) {
            self.say(&format!(
                "{what} would change {label}, which this page keeps fixed."
            ));
            self.reveal_label(label);
            return;
        }
        self.params = params.under(self.params.assumptions());
        self.preset = preset;
        self.fix = fix;
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
        self.intro.follow(link.embed.intro);
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
        s.model = self.params.assumptions();
        s.compare = self.scene.compare();
        s.embed.intro = self.intro.link_value();
        s.challenge = challenge.unwrap_or_default();
        if s.has_question_seed() {
            // Every question uses the fixed (or the learner's) seed; the
            // link need not repeat it.
            s.challenge.seed = None;
        }
        s
    }

    /// Tells the reader that a locked control ignored an event.
    /// The spec of control i if it may move; a locked one is refused, and
    /// the reader told.
    fn movable(&self, i: usize) -> Option<&'static ParamSpec> {
        let c = self.controls.get(i)?;
        if c.locked {
            self.refuse_locked(i);
            return None;
        }
        Some(c.spec)
    }

    fn refuse_locked(&self, i: usize) {
        let spec = self.controls[i].spec;
        self.say(&format!("{} is locked on this page.", spec.label));
        self.sync_control(i);
    }

    /// A value from a slider or select: clamped to the spec (a script can set
    /// anything), and the reader told when it was adjusted.
    fn set_param(&mut self, i: usize, v: f64, source: Source, fx: &mut Vec<Effect>) {
        let Some(spec) = self.movable(i) else {
            return;
        };
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
        if source == Source::Slider {
            self.render_moving();
        } else {
            self.render(fx);
        }
        fx.push(Effect::AddressChanged { push: false });
    }

    /// A typed value: refused with a message when it is not allowed.
    fn type_param(&mut self, i: usize, text: &str, fx: &mut Vec<Effect>) {
        let Some(spec) = self.movable(i) else {
            return;
        };
        match spec.read_typed(text) {
            Ok(v) => {
                self.controls[i].error.set_text_content(None);
                let _ = self.params.set_value(spec.name, v);
                self.sync_control(i);
                self.render(fx);
                fx.push(Effect::AddressChanged { push: false });
            }
            Err(e) => {
                self.controls[i].error.set_text_content(Some(&e));
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

    /// Opens "More parameters" when parameter `name` is folded there.
    fn reveal(&self, name: &str) {
        let folded = self
            .controls
            .iter()
            .any(|c| c.folded && c.spec.name == name);
        if let (true, Some(more)) = (folded, &self.more) {
            if !more.has_attribute("open") {
                attr(more, "open", "");
            }
        }
    }

    /// "More parameters (n)", and how many of them are away from their
    /// defaults ("n, 2 moved"), so a closed fold still says a story set them.
    fn count_folded_moves(&self) {
        let Some(summary) = self.more.as_ref().and_then(|m| m.first_element_child()) else {
            return;
        };
        let folded = self.controls.iter().filter(|c| c.folded);
        let (mut n, mut moved) = (0, 0);
        for c in folded {
            n += 1;
            let v = self.params.get(c.spec.name);
            moved += usize::from(v != c.spec.default);
        }
        let text = match moved {
            0 => format!("More parameters ({n})"),
            m => format!("More parameters ({n}, {m} moved)"),
        };
        if summary.text_content().as_deref() != Some(text.as_str()) {
            summary.set_text_content(Some(&text));
        }
    }

    fn reveal_label(&self, label: &str) {
        if let Some(c) = self.controls.iter().find(|c| c.spec.label == label) {
            self.reveal(c.spec.name);
        }
    }

    /// Shows every control at its value. A story or link that sets a folded
    /// parameter away from its default opens "More parameters" (never
    /// closes it: the reader's choice stands).
    fn sync_controls(&self) {
        for i in 0..self.controls.len() {
            self.sync_control(i);
        }
        for (c, v) in self.controls.iter().zip(self.params.values()) {
            if c.folded && *v != c.spec.default {
                self.reveal(c.spec.name);
            }
        }
        if let Some(v) = &self.production {
            v.sync(self.params.assumptions());
        }
        let (controls, params) = (&self.controls, &self.params);
        let production = self.params.production();
        self.stories
            .sync(self.topic, (self.preset, self.fix), production, |p| {
                moves_a_lock(controls, params, p)
            });
    }

    /// Says the figures in the live region once changes stop for
    /// [`SAY_AFTER_MS`].
    fn say_later(&mut self) {
        rearm(&mut self.say, &self.say_tick, SAY_AFTER_MS);
    }

    /// Runs the model and repaints figures, checks, notes and charts. The
    /// body's data attributes count renders and time them (tests wait on the
    /// count; the benchmark reads the split).
    fn render(&mut self, fx: &mut Vec<Effect>) {
        let t0 = now_ms();
        let out = self.topic.run(&self.params);
        if let Some(v) = &self.production {
            v.fill(self.topic, &self.params, &out);
        }
        self.show(out, t0, true);
        disarm(&mut self.settle);
        self.end_preview();
        fx.push(Effect::PageParamsChanged);
    }

    /// The start's second task, once the page has painted: the glossary's
    /// links in the page's help texts (its head's are index.html's).
    pub fn finish_start(&mut self) {
        if let Some(app) = by_id("app") {
            link_terms(&app, self.link.embed.on);
        }
    }

    /// No preview on show any more (`body[data-preview]` goes); whether one
    /// was.
    fn end_preview(&mut self) -> bool {
        if self.previewing {
            remove_attr(&document().body().expect("body"), "data-preview");
        }
        std::mem::take(&mut self.previewing)
    }

    /// A slider on the move: the topic's preview where its full run would
    /// take longer than a frame, the full run once the slider rests
    /// ([`SETTLE_MS`]); the full run at once elsewhere. The body carries
    /// `data-preview` while a preview is on show. An untried question about
    /// the page follows the values once the slider rests, not on every move.
    fn render_moving(&mut self) {
        let t0 = now_ms();
        match self.topic.preview(&self.params) {
            Some(out) => {
                self.show(out, t0, true);
                self.previewing = true;
                attr(&document().body().expect("body"), "data-preview", "");
            }
            None => {
                let out = self.topic.run(&self.params);
                self.show(out, t0, true);
                self.end_preview();
            }
        }
        rearm(&mut self.settle, &self.settle_tick, SETTLE_MS);
    }

    /// Shows `out` (the model's run, begun at `t0`): figures, checks, notes
    /// and charts, and the scene started again from the values when
    /// `restart`.
    fn show(&mut self, out: Outcome, t0: f64, restart: bool) {
        let t1 = now_ms();
        let story = self
            .preset
            .and_then(|p| self.topic.preset_params(p, self.fix).ok());
        self.stories.mark_moved(story.as_ref(), &self.params);
        self.outcome.paint(
            &out,
            self.params.production(),
            self.topic.params(),
            self.last.as_ref(),
        );
        self.count_folded_moves();
        let t2 = now_ms();
        let before = self.last.as_ref().map(|o| o.charts.as_slice());
        self.charts.paint(&out.charts, before);
        let t3 = now_ms();
        if restart {
            self.scene.rebuild(&self.params);
        }
        self.last = Some(out);
        self.renders += 1;
        if self.renders > 1 {
            self.say_later();
        }
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
    }
}

/// Embedded, a page may share its host's screen with another: its main
/// landmark and its regions carry the topic's title, so that each names a
/// place no other landmark on the screen names.
pub fn name_regions() {
    let Some(app) = by_id("app") else { return };
    attr(&app, "aria-labelledby", "topic-title");
    if let Ok(regions) = app.query_selector_all("section[aria-labelledby]") {
        for i in 0..regions.length() {
            if let Some(r) = regions.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                let own = r.get_attribute("aria-labelledby").unwrap_or_default();
                attr(&r, "aria-labelledby", &format!("{own} topic-title"));
            }
        }
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
