//! The instructors' page (`?view=instructors`): choose a topic, a story and
//! its fix, the sliders to lock, the challenge and its seed, what to hide,
//! tries and chart height; see the embed live in a preview frame; copy the
//! students' link and the iframe snippet. Values moved in the preview (when
//! unlocked) are kept in the link: the preview's `params` events are read as
//! data, checked by the same validator as a URL, and never run.

mod fields;

use crate::challenge;
use crate::model::{ParamKind, Topic};
use crate::topics;
use crate::urlstate::{self, Lock, Questions, State, View};
use crate::web::dom::*;
use crate::web::links::link_for;
use crate::web::msg::{dispatch, FormMsg, Msg};
use fields::{checkbox, PREVIEW_HEIGHT};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlIFrameElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement,
    MessageEvent,
};

pub struct Form {
    /// What the embed shows (always `embed=1`).
    design: State,
    topic: HtmlSelectElement,
    preset: HtmlSelectElement,
    fix: HtmlInputElement,
    lock_all: HtmlInputElement,
    locks: Element,
    questions: HtmlSelectElement,
    graded_note: Element,
    salt: HtmlInputElement,
    challenge: HtmlSelectElement,
    only: HtmlInputElement,
    seed: HtmlInputElement,
    hide: Vec<HtmlInputElement>,
    tries: HtmlInputElement,
    height: HtmlInputElement,
    auto_height: HtmlInputElement,
    values: Element,
    link: HtmlInputElement,
    open: Element,
    snippet: HtmlTextAreaElement,
    preview: HtmlIFrameElement,
    /// When the preview started loading, until it says it is ready; a new
    /// design waits in `queued` rather than cutting that load short.
    loading_since: Option<f64>,
    queued: Option<String>,
}

/// A preview that has not said `ready` by then is replaced anyway.
const PREVIEW_PATIENCE_MS: f64 = 5000.0;

impl Form {
    /// Builds the instructors' page in `app`, opened on `link`'s design
    /// (`notes`: the link's adjustments).
    pub fn mount(app: &Element, link: State, notes: Vec<String>) -> Form {
        clear(app);
        let _ = app.remove_attribute("aria-busy");
        document().set_title("For instructors · Fleetlab");
        fields::head(app, &notes);
        let layout = el("div", "instructors");
        let form = el("form", "i-form");
        attr(&form, "id", "i-form");
        attr(&form, "aria-label", "What the embed shows");
        on(&form, "submit", |e| e.prevent_default());
        let page = fields::page_fields(&form);
        let (lock_all, locks) = fields::lock_fields(&form);
        let practice = fields::practice_fields(&form);
        let hide = fields::hide_fields(&form);
        let (height, auto_height) = fields::look_fields(&form);
        append(&layout, &form);
        let out = fields::outputs(&layout);
        append(app, &layout);

        let mut design = link;
        design.view = View::Topic;
        design.embed.on = true;
        let mut form = Form {
            design,
            topic: page.topic,
            preset: page.preset,
            fix: page.fix,
            lock_all,
            locks,
            questions: practice.questions,
            graded_note: practice.graded_note,
            salt: practice.salt,
            challenge: practice.challenge,
            only: practice.only,
            seed: practice.seed,
            hide,
            tries: practice.tries,
            height,
            auto_height,
            values: page.values,
            link: out.link,
            open: out.open,
            snippet: out.snippet,
            preview: out.preview,
            loading_since: None,
            queued: None,
        };
        form.topic.set_value(form.design.topic);
        form.build_topic_controls();
        form.fill_options();
        form.refresh(true);
        on(&window(), "message", |e| {
            if let Ok(e) = e.dyn_into::<MessageEvent>() {
                dispatch(Msg::Message(e));
            }
        });
        form
    }

    /// A field changed: the design follows, then the outputs (and, but for
    /// the snippet's resize script, the preview).
    pub fn update(&mut self, msg: FormMsg) {
        match msg {
            FormMsg::Topic => self.choose_topic(),
            FormMsg::Preset => {
                let t = self.design.topic();
                self.design.preset = t.preset(&self.preset.value()).map(|p| p.id);
                self.design.fix = false;
                self.design.params.clear();
                self.sync_fix();
            }
            FormMsg::Fix => {
                self.design.fix = self.fix.checked();
                self.design.params.clear();
            }
            FormMsg::Locks => self.read_locks(),
            FormMsg::Questions => {
                self.read_questions();
                self.fill_options();
            }
            FormMsg::Salt => {
                self.design.embed.salt = read_number(&self.salt, 0, urlstate::MAX_SEED);
                if self.design.embed.graded && self.design.embed.salt.is_none() {
                    self.design.embed.salt = Some(crate::web::practice::fresh_seed());
                }
                self.fill_options();
            }
            FormMsg::Challenge => {
                let v = self.challenge.value();
                self.design.challenge = urlstate::Challenge {
                    template: (!v.is_empty()).then_some(v),
                    ..Default::default()
                };
                self.read_only();
            }
            FormMsg::Only => self.read_only(),
            FormMsg::Seed => {
                self.design.embed.fixed_seed = read_number(&self.seed, 0, urlstate::MAX_SEED);
            }
            FormMsg::Tries => {
                self.design.embed.tries =
                    read_number(&self.tries, 1, urlstate::MAX_TRIES as u64).map(|n| n as u32);
            }
            FormMsg::Height => {
                let (lo, hi) = urlstate::CHART_HEIGHT;
                self.design.embed.chart_height =
                    read_number(&self.height, lo as u64, hi as u64).map(|n| n as u32);
            }
            FormMsg::Hide => self.read_hide(),
            FormMsg::AutoHeight => {
                self.refresh(false);
                return;
            }
            FormMsg::ResetValues => self.design.params.clear(),
        }
        self.refresh(true);
    }

    /// Another topic: a fresh design that keeps the embed options (but a
    /// lock of named sliders, which belonged to the old topic).
    fn choose_topic(&mut self) {
        let Some(t) = topics::find(&self.topic.value()) else {
            return;
        };
        let keep = self.design.embed.clone();
        self.design = State::new(t);
        self.design.embed = keep;
        if matches!(self.design.embed.lock, Lock::Some(_)) {
            self.design.embed.lock = Lock::None;
        }
        self.build_topic_controls();
    }
}

/// A whole number from a number box, clamped; blank is none.
fn read_number(i: &HtmlInputElement, lo: u64, hi: u64) -> Option<u64> {
    let v = i.value();
    let x = crate::model::decimal::parse(v.trim()).filter(|x| x.is_finite())?;
    let n = x.round().clamp(lo as f64, hi as f64) as u64;
    i.set_value(&n.to_string());
    Some(n)
}

impl Form {
    fn topic(&self) -> &'static dyn Topic {
        self.design.topic()
    }

    /// The story, lock and challenge choices of the chosen topic.
    fn build_topic_controls(&mut self) {
        let t = self.topic();
        clear(&self.preset);
        let o = text_el("option", "", "None: the defaults");
        attr(&o, "value", "");
        append(&self.preset, &o);
        for p in t.presets() {
            let o = text_el("option", "", p.title);
            attr(&o, "value", p.id);
            append(&self.preset, &o);
        }
        clear(&self.locks);
        for spec in t.params() {
            checkbox(&self.locks, &format!("i-lock-{}", spec.name), spec.label)
                .set_value(spec.name);
        }
        clear(&self.challenge);
        let templates = challenge::templates(t);
        let o = text_el(
            "option",
            "",
            if templates.is_empty() {
                "This topic has no challenges yet"
            } else {
                "The first"
            },
        );
        attr(&o, "value", "");
        append(&self.challenge, &o);
        for tpl in &templates {
            let o = text_el("option", "", &format!("{}: {}", tpl.id, tpl.title));
            attr(&o, "value", &tpl.id);
            append(&self.challenge, &o);
        }
        self.fill_options();
    }

    /// Sets every control from the design.
    fn fill_options(&self) {
        let d = &self.design;
        self.preset.set_value(d.preset.unwrap_or(""));
        self.sync_fix();
        self.lock_all.set_checked(d.embed.lock == Lock::All);
        // Graded mode locks the sliders its questions use, whatever is ticked.
        let graded_locks = d.graded_locks();
        for b in self.lock_boxes() {
            b.set_checked(d.locked(&b.value()));
            b.set_disabled(
                d.embed.lock == Lock::All || graded_locks.iter().any(|n| *n == b.value()),
            );
        }
        self.challenge
            .set_value(d.challenge.template.as_deref().unwrap_or(""));
        self.questions
            .set_value(match (d.embed.graded, d.embed.questions) {
                (true, _) => "graded",
                (false, Some(Questions::Drawn)) => "drawn",
                _ => "page",
            });
        self.only.set_checked(d.embed.only.is_some());
        let _ = self
            .graded_note
            .toggle_attribute_with_force("hidden", !d.embed.graded);
        self.salt
            .set_value(&d.embed.salt.map(|n| n.to_string()).unwrap_or_default());
        self.salt.set_disabled(!d.embed.graded);
        self.only
            .set_disabled(!d.embed.graded || d.challenge.template.is_none());
        let num = |i: &HtmlInputElement, v: Option<u64>| {
            i.set_value(&v.map(|n| n.to_string()).unwrap_or_default())
        };
        num(&self.seed, d.embed.fixed_seed);
        num(&self.tries, d.embed.tries.map(u64::from));
        num(&self.height, d.embed.chart_height.map(u64::from));
        for (b, w) in self.hide.iter().zip(urlstate::Hide::WORDS) {
            b.set_checked(d.embed.hide.is(w));
        }
    }

    fn sync_fix(&self) {
        let has_fix = self
            .design
            .preset
            .and_then(|id| self.topic().preset(id))
            .and_then(|p| p.fix);
        match has_fix {
            Some(f) => {
                self.fix.set_disabled(false);
                self.fix.set_checked(self.design.fix);
                if let Some(label) = self
                    .fix
                    .parent_element()
                    .and_then(|l| l.last_element_child())
                {
                    label.set_text_content(Some(&format!("Apply the story's fix: {}", f.label)));
                }
            }
            None => {
                self.fix.set_disabled(true);
                self.fix.set_checked(false);
                if let Some(label) = self
                    .fix
                    .parent_element()
                    .and_then(|l| l.last_element_child())
                {
                    label.set_text_content(Some("Apply the story's fix (this story has none)"));
                }
            }
        }
    }

    fn lock_boxes(&self) -> Vec<HtmlInputElement> {
        let mut out = Vec::new();
        if let Ok(list) = self.locks.query_selector_all("input") {
            for i in 0..list.length() {
                if let Some(b) = list.item(i).and_then(|n| n.dyn_into().ok()) {
                    out.push(b);
                }
            }
        }
        out
    }

    fn read_locks(&mut self) {
        if self.lock_all.checked() {
            self.design.embed.lock = Lock::All;
        } else {
            let names: Vec<&'static str> = self
                .topic()
                .params()
                .iter()
                .map(|s| s.name)
                .filter(|n| {
                    self.lock_boxes()
                        .iter()
                        .any(|b| b.checked() && b.value() == *n)
                })
                .collect();
            self.design.embed.lock = if names.is_empty() {
                Lock::None
            } else {
                Lock::Some(names)
            };
        }
        for b in self.lock_boxes() {
            b.set_disabled(self.lock_all.checked());
        }
    }

    /// How questions are asked: about the page, drawn, or graded (which
    /// takes a salt of its own, so this course's learners draw numbers no
    /// other course's link gives them).
    fn read_questions(&mut self) {
        let e = &mut self.design.embed;
        let way = self.questions.value();
        e.graded = way == "graded";
        e.questions = match way.as_str() {
            "drawn" => Some(Questions::Drawn),
            "graded" => None,
            _ => Some(Questions::Page),
        };
        if e.graded && e.salt.is_none() {
            e.salt = Some(crate::web::practice::fresh_seed());
        }
        self.read_only();
    }

    /// "Ask only this challenge": graded, with a challenge chosen.
    fn read_only(&mut self) {
        let d = &mut self.design;
        d.embed.only = match (&d.challenge.template, d.embed.graded && self.only.checked()) {
            (Some(t), true) => Some(vec![t.clone()]),
            _ => None,
        };
        self.only
            .set_disabled(!d.embed.graded || d.challenge.template.is_none());
    }

    fn read_hide(&mut self) {
        for (b, w) in self.hide.iter().zip(urlstate::Hide::WORDS) {
            self.design.embed.hide.set(w, b.checked());
        }
    }

    /// The students' link: the design on the full site.
    pub fn link_value(&self) -> String {
        let mut s = self.design.clone();
        s.embed.on = false;
        // An embed asks about the page unless told otherwise; a full page
        // would draw: the students' link says what the embed does.
        if !s.embed.graded && s.embed.questions.is_none() {
            s.embed.questions = Some(Questions::Page);
        }
        link_for(&s)
    }

    fn embed_url(&self) -> String {
        link_for(&self.design)
    }

    /// The iframe snippet for a course page.
    pub fn snippet_value(&self) -> String {
        let t = self.topic();
        let id = format!("fleetlab-{}", t.id());
        let mut s = format!(
            "<iframe id=\"{id}\" src=\"{}\" title=\"Fleetlab: {}\" style=\"width:100%;height:{PREVIEW_HEIGHT}px;border:0\" allow=\"clipboard-write\" loading=\"lazy\"></iframe>",
            esc(&self.embed_url()),
            esc(t.title())
        );
        if self.auto_height.checked() {
            s += &format!(
                "\n<script>\naddEventListener(\"message\", function (e) {{\n  var f = document.getElementById(\"{id}\");\n  if (f && e.source === f.contentWindow && e.data && e.data.source === \"fleetlab\" && e.data.type === \"height\") f.style.height = e.data.height + \"px\";\n}});\n</script>"
            );
        }
        s
    }

    /// Rewrites the outputs; `reload` also points the preview at the design.
    fn refresh(&mut self, reload: bool) {
        // A comparison the locks or `hide=scene` now rule out is dropped.
        let d = &self.design;
        if d.comparison().is_some_and(|c| !d.can_compare(c)) {
            self.design.compare = None;
        }
        self.link.set_value(&self.link_value());
        if let Some(label) = self.link.labels().and_then(|ls| ls.item(0)) {
            label.set_text_content(Some(fields::link_label(self.design.embed.graded)));
        }
        attr(&self.open, "href", &self.embed_url());
        self.snippet.set_value(&self.snippet_value());
        let changed = self.design.params();
        let specs = self.topic().params();
        let moved: Vec<String> = self
            .design
            .params
            .iter()
            .filter_map(|(n, _)| specs.iter().position(|s| s.name == *n))
            .map(|i| {
                format!(
                    "{} {}",
                    specs[i].label,
                    specs[i].display(changed.values()[i])
                )
            })
            .collect();
        self.values.set_text_content(Some(&if moved.is_empty() {
            "Values: the story's own. Move sliders in the preview to change them.".to_string()
        } else {
            format!("Values moved in the preview: {}.", moved.join("; "))
        }));
        if reload {
            let src = format!("?{}", urlstate::encode(&self.design));
            let busy = self
                .loading_since
                .is_some_and(|t| now_ms() - t < PREVIEW_PATIENCE_MS);
            if busy {
                self.queued = Some(src);
                let _ = self.preview.remove_attribute("data-loaded");
            } else {
                self.load_preview(src);
            }
        }
    }

    fn load_preview(&mut self, src: String) {
        self.loading_since = Some(now_ms());
        self.queued = None;
        let _ = self.preview.remove_attribute("data-loaded");
        // Setting a frame's `src` again adds an entry to the top-level
        // history (Back would walk through old previews before leaving this
        // page): after the first load, the frame's own address is replaced.
        let shown = self.preview.has_attribute("src");
        let replaced = shown
            && self
                .preview
                .content_window()
                .is_some_and(|w| w.location().replace(&src).is_ok());
        if !replaced {
            self.preview.set_src(&src);
        }
    }

    /// The preview has loaded: show the latest design if it changed
    /// meanwhile. The frame carries `data-loaded` while it shows the latest
    /// design, built (tests wait on it before leaving the page, which would
    /// cut a loading preview's requests short).
    fn preview_ready(&mut self) {
        self.loading_since = None;
        match self.queued.take() {
            Some(src) => self.load_preview(src),
            None => attr(&self.preview, "data-loaded", "true"),
        }
    }

    /// The preview moved its sliders or chose a story: keep them.
    fn take_params(&mut self, data: &JsValue) {
        let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
        let t = self.topic();
        if get("topic").as_string().as_deref() != Some(t.id()) {
            return;
        }
        let preset = get("preset")
            .as_string()
            .and_then(|id| t.preset(&id))
            .map(|p| p.id);
        let fix = get("fix").as_bool().unwrap_or(false);
        self.design.preset = preset;
        self.design.fix = fix
            && preset
                .and_then(|id| t.preset(id))
                .is_some_and(|p| p.fix.is_some());
        let mut values = self.design.baseline();
        let params = get("params");
        for (i, spec) in t.params().iter().enumerate() {
            let v = js_sys::Reflect::get(&params, &spec.name.into()).unwrap_or(JsValue::UNDEFINED);
            let parsed = match spec.kind {
                ParamKind::Choice(_) => v.as_string().and_then(|w| spec.parse(&w).ok()),
                ParamKind::Number { .. } => v.as_f64().and_then(|x| spec.check(x).ok()),
            };
            if let Some(x) = parsed {
                values.set_clamped(i, x);
            }
        }
        self.design.set_params(&values);
        self.preset.set_value(self.design.preset.unwrap_or(""));
        self.sync_fix();
        self.refresh(false);
    }
}

impl Form {
    /// Messages from the preview frame only, read as data: a height to fit
    /// it, parameters to keep in the link.
    pub fn preview_message(&mut self, e: &MessageEvent) {
        let ours = match (e.source(), self.preview.content_window()) {
            (Some(src), Some(w)) => js_sys::Object::is(&src, w.as_ref()),
            _ => false,
        };
        if !ours {
            return;
        }
        let data = e.data();
        if !data.is_object() {
            return;
        }
        let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).unwrap_or(JsValue::UNDEFINED);
        if get("source").as_string().as_deref() != Some("fleetlab") {
            return;
        }
        match get("type").as_string().as_deref() {
            Some("height") => {
                if let Some(h) = get("height").as_f64().filter(|h| h.is_finite()) {
                    let h = h.clamp(200.0, 20_000.0).round();
                    attr(&self.preview, "height", &h.to_string());
                }
            }
            Some("params") => self.take_params(&data),
            Some("ready") => self.preview_ready(),
            _ => {}
        }
    }
}
