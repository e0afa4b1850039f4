//! The instructors' page (`?view=instructors`): choose a topic, a story and
//! its fix, the sliders to lock, the challenge and its seed, what to hide,
//! tries and chart height; see the embed live in a preview frame; copy the
//! students' link and the iframe snippet. Values moved in the preview (when
//! unlocked) are kept in the link: the preview's `params` events are read as
//! data, checked by the same validator as a URL, and never run.

use super::dom::*;
use super::embed;
use crate::challenge;
use crate::model::{ParamKind, Topic};
use crate::topics;
use crate::urlstate::{self, Lock, State, View};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlIFrameElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement,
    MessageEvent,
};

/// The preview's height until it reports its own.
const PREVIEW_HEIGHT: u32 = 900;

struct Form {
    /// What the embed shows (always `embed=1`).
    design: State,
    topic: HtmlSelectElement,
    preset: HtmlSelectElement,
    fix: HtmlInputElement,
    lock_all: HtmlInputElement,
    locks: Element,
    challenge: HtmlSelectElement,
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

thread_local! {
    static FORM: RefCell<Option<Form>> = const { RefCell::new(None) };
}

fn with_form(f: impl FnOnce(&mut Form)) {
    FORM.with(|c| {
        if let Ok(mut g) = c.try_borrow_mut() {
            if let Some(form) = g.as_mut() {
                f(form);
            }
        }
    });
}

fn field(parent: &Element, id: &str, label: &str, input: &Element) {
    let wrap = el("div", "i-field");
    let l = text_el("label", "", label);
    attr(&l, "for", id);
    attr(input, "id", id);
    append(&wrap, &l);
    append(&wrap, input);
    append(parent, &wrap);
}

fn checkbox(parent: &Element, id: &str, label: &str) -> HtmlInputElement {
    let l = el("label", "i-check");
    let b = el("input", "");
    attr(&b, "type", "checkbox");
    attr(&b, "id", id);
    append(&l, &b);
    append(&l, &text_el("span", "", label));
    append(parent, &l);
    b.unchecked_into()
}

fn number_input(min: u64, max: u64, placeholder: &str) -> HtmlInputElement {
    let i = el("input", "");
    attr(&i, "type", "number");
    attr(&i, "min", &min.to_string());
    attr(&i, "max", &max.to_string());
    attr(&i, "step", "1");
    attr(&i, "inputmode", "numeric");
    attr(&i, "placeholder", placeholder);
    i.unchecked_into()
}

fn fieldset(parent: &Element, legend: &str) -> Element {
    let f = el("fieldset", "i-group");
    append(&f, &text_el("legend", "", legend));
    append(parent, &f);
    f
}

/// Every change to the form goes through here.
fn on_change(e: &Element, f: impl Fn(&mut Form) + 'static) {
    on(e, "change", move |_| {
        with_form(|form| {
            f(form);
            form.refresh(true);
        })
    });
}

pub fn mount(app: &Element, link: State, notes: Vec<String>) {
    clear(app);
    let _ = app.remove_attribute("aria-busy");
    document().set_title("For instructors · Fleetlab");
    let head = el("header", "topic-head");
    append(&head, &text_el("p", "kind", "for instructors"));
    append(&head, &text_el("h1", "", "Embed a page in your course"));
    append(
        &head,
        &text_el(
            "p",
            "question",
            "Choose what your students see, check it in the preview, then copy the link or the iframe snippet. Values you move in the preview stay in the link.",
        ),
    );
    append(app, &head);
    let notice = el("p", "notice");
    attr(&notice, "id", "notice");
    attr(&notice, "role", "status");
    if !notes.is_empty() {
        notice.set_text_content(Some(&notes.join(" ")));
    }
    append(app, &notice);

    let layout = el("div", "instructors");
    let form = el("form", "i-form");
    attr(&form, "id", "i-form");
    attr(&form, "aria-label", "What the embed shows");
    on(&form, "submit", |e| e.prevent_default());

    let what = fieldset(&form, "Page");
    let topic: HtmlSelectElement = el("select", "").unchecked_into();
    for t in topics::all() {
        let o = text_el("option", "", t.title());
        attr(&o, "value", t.id());
        append(&topic, &o);
    }
    field(&what, "i-topic", "Topic", &topic);
    let preset: HtmlSelectElement = el("select", "").unchecked_into();
    field(&what, "i-preset", "Story", &preset);
    let fix = checkbox(&what, "i-fix", "Apply the story's fix");
    let values = el("p", "i-values");
    attr(&values, "id", "i-values");
    append(&what, &values);
    let reset = text_el("button", "", "Back to the story's values");
    attr(&reset, "type", "button");
    attr(&reset, "id", "i-reset-values");
    on(&reset, "click", |_| {
        with_form(|f| {
            f.design.params.clear();
            f.refresh(true);
        })
    });
    append(&what, &reset);

    let lockset = fieldset(&form, "Lock sliders");
    let lock_all = checkbox(&lockset, "i-lock-all", "Lock every slider");
    let locks = el("div", "i-locks");
    append(&lockset, &locks);

    let practice = fieldset(&form, "Practice");
    let challenge: HtmlSelectElement = el("select", "").unchecked_into();
    field(&practice, "i-challenge", "Challenge", &challenge);
    let seed = number_input(0, urlstate::MAX_SEED, "each student draws their own");
    field(
        &practice,
        "i-seed",
        "Seed (the same numbers for the whole class)",
        &seed,
    );
    let tries = number_input(1, urlstate::MAX_TRIES as u64, "unlimited");
    field(&practice, "i-tries", "Tries per question", &tries);

    let hideset = fieldset(&form, "Hide");
    let hide_labels = [
        "Hints",
        "Worked solutions",
        "Score",
        "The practice panel",
        "The stories",
    ];
    let hide: Vec<HtmlInputElement> = urlstate::Hide::WORDS
        .iter()
        .zip(hide_labels)
        .map(|(w, label)| checkbox(&hideset, &format!("i-hide-{w}"), label))
        .collect();

    let look = fieldset(&form, "Look");
    let (lo, hi) = urlstate::CHART_HEIGHT;
    let height = number_input(lo as u64, hi as u64, "320");
    field(&look, "i-height", "Chart height (px)", &height);
    let auto_height = checkbox(
        &look,
        "i-auto-height",
        "The snippet resizes the frame to fit (adds a short script)",
    );
    auto_height.set_checked(true);
    append(&layout, &form);

    // Outputs and the preview.
    let out = el("section", "i-out");
    attr(&out, "aria-labelledby", "i-out-h");
    let h = text_el("h2", "", "Link and snippet");
    attr(&h, "id", "i-out-h");
    append(&out, &h);
    let link_field: HtmlInputElement = el("input", "i-link").unchecked_into();
    attr(&link_field, "type", "text");
    attr(&link_field, "readonly", "");
    field(
        &out,
        "i-link",
        "Link for students (the full site, opening on this page)",
        &link_field,
    );
    let row = el("div", "q-row");
    append(
        &row,
        &embed::copy_button("Copy the link", || {
            let mut s = None;
            with_form(|f| s = Some(f.link_value()));
            s
        }),
    );
    let open = text_el("a", "", "Open the embed in a new tab");
    attr(&open, "target", "_blank");
    attr(&open, "rel", "noopener");
    append(&row, &open);
    append(&out, &row);
    let snippet: HtmlTextAreaElement = el("textarea", "i-snippet").unchecked_into();
    attr(&snippet, "readonly", "");
    attr(&snippet, "rows", "7");
    attr(&snippet, "spellcheck", "false");
    field(
        &out,
        "i-snippet",
        "Iframe snippet for your course page",
        &snippet,
    );
    let row = el("div", "q-row");
    append(
        &row,
        &embed::copy_button("Copy the snippet", || {
            let mut s = None;
            with_form(|f| s = Some(f.snippet_value()));
            s
        }),
    );
    append(&out, &row);
    let h = text_el("h2", "", "Preview");
    append(&out, &h);
    let preview: HtmlIFrameElement = el("iframe", "i-preview").unchecked_into();
    attr(&preview, "id", "i-preview");
    attr(&preview, "title", "Preview of the embedded page");
    attr(&preview, "height", &PREVIEW_HEIGHT.to_string());
    append(&out, &preview);
    append(&layout, &out);
    append(app, &layout);

    let mut design = link;
    design.view = View::Topic;
    design.embed.on = true;
    let mut form = Form {
        design,
        topic,
        preset,
        fix,
        lock_all,
        locks,
        challenge,
        seed,
        hide,
        tries,
        height,
        auto_height,
        values,
        link: link_field,
        open,
        snippet,
        preview,
        loading_since: None,
        queued: None,
    };
    form.topic.set_value(form.design.topic);
    form.build_topic_controls();
    form.fill_options();
    form.refresh(true);

    // Form events.
    on_change(&form.topic, |f| {
        let Some(t) = topics::find(&f.topic.value()) else {
            return;
        };
        let keep = f.design.embed.clone();
        f.design = State::new(t);
        f.design.embed = keep;
        if matches!(f.design.embed.lock, Lock::Some(_)) {
            f.design.embed.lock = Lock::None;
        }
        f.build_topic_controls();
    });
    on_change(&form.preset, |f| {
        let t = f.design.topic();
        f.design.preset = t.preset(&f.preset.value()).map(|p| p.id);
        f.design.fix = false;
        f.design.params.clear();
        f.sync_fix();
    });
    on_change(&form.fix, |f| {
        f.design.fix = f.fix.checked();
        f.design.params.clear();
    });
    on_change(&form.lock_all, |f| f.read_locks());
    on_change(&form.locks, |f| f.read_locks());
    on_change(&form.challenge, |f| {
        let v = f.challenge.value();
        f.design.challenge = urlstate::Challenge {
            template: (!v.is_empty()).then_some(v),
            ..Default::default()
        };
    });
    on_change(&form.seed, |f| {
        f.design.embed.fixed_seed = read_number(&f.seed, 0, urlstate::MAX_SEED);
    });
    on_change(&form.tries, |f| {
        f.design.embed.tries =
            read_number(&f.tries, 1, urlstate::MAX_TRIES as u64).map(|n| n as u32);
    });
    on_change(&form.height, |f| {
        let (lo, hi) = urlstate::CHART_HEIGHT;
        f.design.embed.chart_height =
            read_number(&f.height, lo as u64, hi as u64).map(|n| n as u32);
    });
    for b in form.hide.clone() {
        on_change(&b, |f| f.read_hide());
    }
    on(&form.auto_height, "change", |_| {
        with_form(|f| f.refresh(false))
    });
    FORM.with(|c| *c.borrow_mut() = Some(form));
    on(&window(), "message", from_preview);
}

/// A whole number from a number box, clamped; blank is none.
fn read_number(i: &HtmlInputElement, lo: u64, hi: u64) -> Option<u64> {
    let v = i.value();
    let x: f64 = v.trim().parse().ok().filter(|x: &f64| x.is_finite())?;
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
        for b in self.lock_boxes() {
            b.set_checked(d.locked(&b.value()));
            b.set_disabled(d.embed.lock == Lock::All);
        }
        self.challenge
            .set_value(d.challenge.template.as_deref().unwrap_or(""));
        let num = |i: &HtmlInputElement, v: Option<u64>| {
            i.set_value(&v.map(|n| n.to_string()).unwrap_or_default())
        };
        num(&self.seed, d.embed.fixed_seed);
        num(&self.tries, d.embed.tries.map(u64::from));
        num(&self.height, d.embed.chart_height.map(u64::from));
        let h = d.embed.hide;
        for (b, on) in self
            .hide
            .iter()
            .zip([h.hints, h.solution, h.score, h.practice, h.stories])
        {
            b.set_checked(on);
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

    fn read_hide(&mut self) {
        let on: Vec<bool> = self.hide.iter().map(|b| b.checked()).collect();
        let h = &mut self.design.embed.hide;
        h.hints = on[0];
        h.solution = on[1];
        h.score = on[2];
        h.practice = on[3];
        h.stories = on[4];
    }

    /// The students' link: the design on the full site.
    fn link_value(&self) -> String {
        let mut s = self.design.clone();
        s.embed.on = false;
        embed::link_for(&s)
    }

    fn embed_url(&self) -> String {
        embed::link_for(&self.design)
    }

    fn snippet_value(&self) -> String {
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
        self.link.set_value(&self.link_value());
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
            } else {
                self.load_preview(src);
            }
        }
    }

    fn load_preview(&mut self, src: String) {
        self.loading_since = Some(now_ms());
        self.queued = None;
        self.preview.set_src(&src);
    }

    /// The preview has loaded: show the latest design if it changed meanwhile.
    fn preview_ready(&mut self) {
        self.loading_since = None;
        if let Some(src) = self.queued.take() {
            self.load_preview(src);
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

/// Messages from the preview frame only, read as data: a height to fit it,
/// parameters to keep in the link.
fn from_preview(e: web_sys::Event) {
    let Some(e) = e.dyn_ref::<MessageEvent>() else {
        return;
    };
    with_form(|f| {
        let ours = match (e.source(), f.preview.content_window()) {
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
                    attr(&f.preview, "height", &h.to_string());
                }
            }
            Some("params") => f.take_params(&data),
            Some("ready") => f.preview_ready(),
            _ => {}
        }
    });
}
