//! The page's host, when it is inside a frame (a course page embedding it).
//! The page tells its host what happens with `postMessage` (events `ready`,
//! `params`, `graded`, `progress`, `height`; README, "Embedding in a course
//! page"); `graded` and `progress` carry an xAPI statement for the host to
//! route to its learning record store. It never listens to the host: no
//! message can make it do anything.

use super::dom::*;
use super::msg::{dispatch, Msg};
use crate::challenge::{self, progress::Progress, Grade, Question};
use crate::model::{ParamKind, Params, Topic};
use crate::urlstate::{self, State};
use crate::xapi::{self, Agent};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Whether the page is inside a frame (then it talks to its host).
pub fn framed() -> bool {
    match window().parent() {
        Ok(Some(parent)) => !js_sys::Object::is(parent.as_ref(), window().as_ref()),
        _ => false,
    }
}

/// Applies the link's page-wide options before anything is built: embed mode
/// hides the site's chrome; a chart height sets the charts' CSS height.
pub fn prepare(state: &State) {
    let root = document().document_element().expect("<html>");
    // index.html guessed from the address before the app loaded; decide.
    let _ = root.class_list().toggle_with_force("embed", state.embed.on);
    if let Some(h) = state.embed.chart_height {
        let _ = html(&root)
            .style()
            .set_property("--chart-h", &format!("{h}px"));
    }
}

/// Sends `{source: "fleetlab", ...fields}` to the host (inside a frame).
pub fn post(fields: &[(&str, JsValue)]) {
    if !framed() {
        return;
    }
    let o = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&o, &"source".into(), &"fleetlab".into());
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&o, &(*k).into(), v);
    }
    if let Ok(Some(parent)) = window().parent() {
        let _ = parent.post_message(&o, "*");
    }
}

/// A graded answer, as the host hears of it.
pub struct Graded<'a> {
    pub question: &'a Question,
    pub grade: &'a Grade,
    /// What the learner typed.
    pub response: &'a str,
    pub tries: u32,
    /// Solved, or its tries used.
    pub done: bool,
}

/// Tells the host a question of the page `page` was graded (`graded`, with
/// its `answered` statement) and, when the answer solved one of the topic's
/// challenges for the first time in the learner's `record`, how far through
/// them the learner is (`progress`, with a `progressed` or `completed`
/// statement).
pub fn graded(page: &State, g: &Graded, record: &Progress) {
    if !framed() {
        return;
    }
    let (q, topic) = (g.question, page.topic());
    let base = base();
    let actor = page
        .embed
        .actor
        .clone()
        .unwrap_or_else(|| Agent::anonymous(&base));
    let now = String::from(js_sys::Date::new_0().to_iso_string());
    let stamp = || xapi::Stamp {
        actor: &actor,
        timestamp: &now,
        id: statement_id(),
        base: &base,
    };
    let correct = g.grade.correct();
    let iri = crate::urlstate::question_iri(&base, page, q);
    let st = xapi::answered_statement(stamp(), iri, topic.title(), q, g.response, correct, g.done);
    let value = g.grade.parsed.filter(|v| v.is_finite());
    post(&[
        ("type", "graded".into()),
        ("topic", q.topic.into()),
        ("template", q.template.as_str().into()),
        ("seed", (q.seed as f64).into()),
        ("live", q.live.into()),
        ("correct", correct.into()),
        ("verdict", g.grade.verdict.word().into()),
        ("tries", g.tries.into()),
        ("score", record.score.into()),
        ("response", g.response.into()),
        ("value", value.map_or(JsValue::NULL, JsValue::from)),
        ("question", q.text.as_str().into()),
        ("done", g.done.into()),
        ("statement", js(&st)),
    ]);
    if !correct || record.entry(q.topic, &q.template).correct != 1 {
        return;
    }
    let templates = challenge::templates(topic);
    let total = templates.len() as u32;
    let solved = templates
        .iter()
        .filter(|t| record.entry(q.topic, &t.id).correct > 0)
        .count() as u32;
    let st = xapi::progress_statement(stamp(), q.topic, topic.title(), solved, total);
    post(&[
        ("type", "progress".into()),
        ("topic", q.topic.into()),
        ("solved", solved.into()),
        ("templates", total.into()),
        ("complete", (solved >= total).into()),
        ("statement", js(&st)),
    ]);
}

/// The page's address without its query or fragment.
fn base() -> String {
    let href = window().location().href().unwrap_or_default();
    href.split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A fresh statement id (a version-4 UUID from the browser's entropy).
fn statement_id() -> String {
    let mut b = [0u8; 16];
    if getrandom::fill(&mut b).is_err() {
        for x in &mut b {
            *x = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    xapi::uuid(b)
}

/// A statement as a plain object.
fn js(st: &xapi::Statement) -> JsValue {
    js_sys::JSON::parse(&st.json()).unwrap_or(JsValue::NULL)
}

/// `{name: number | word}` for every parameter, as `fleetlab run --json`
/// writes them.
pub fn params_object(p: &Params) -> JsValue {
    let o = js_sys::Object::new();
    for (spec, v) in p.specs().iter().zip(p.values()) {
        let value: JsValue = match spec.kind {
            ParamKind::Choice(_) => spec.show(*v).into(),
            ParamKind::Number { .. } => (*v).into(),
        };
        let _ = js_sys::Reflect::set(&o, &spec.name.into(), &value);
    }
    o.into()
}

fn preset_fields(state: &State) -> [(&'static str, JsValue); 2] {
    [
        (
            "preset",
            state.preset.map(JsValue::from).unwrap_or(JsValue::NULL),
        ),
        ("fix", state.fix.into()),
    ]
}

/// The part of a state the `params` event reports (story, fix, values), as
/// text to compare.
fn told(state: &State) -> String {
    let mut s = State::new(state.topic());
    s.preset = state.preset;
    s.fix = state.fix;
    s.params = state.params.clone();
    urlstate::encode(&s)
}

/// What the host has been told.
#[derive(Default)]
pub struct Host {
    /// The parameters last told (`params` is sent on change only).
    told: String,
    /// The document height last told.
    height: Option<i32>,
}

impl Host {
    /// The page is built: `ready` with its topic, story and parameters.
    pub fn ready(&mut self, topic: &'static dyn Topic, state: &State) {
        let params = state.params();
        self.told = told(state);
        let [preset, fix] = preset_fields(state);
        post(&[
            ("type", "ready".into()),
            ("topic", topic.id().into()),
            preset,
            fix,
            ("params", params_object(&params)),
        ]);
    }

    /// The page settled on `state`: `params` when story, fix or values changed.
    pub fn settled(&mut self, state: &State) {
        let now = told(state);
        if self.told == now {
            return;
        }
        self.told = now;
        let [preset, fix] = preset_fields(state);
        post(&[
            ("type", "params".into()),
            ("topic", state.topic.into()),
            preset,
            fix,
            ("params", params_object(&state.params())),
        ]);
    }

    /// `height` when the document's height changed.
    pub fn report_height(&mut self) {
        let Some(root) = document().document_element() else {
            return;
        };
        let h = root.get_bounding_client_rect().height().ceil() as i32;
        if self.height.replace(h) != Some(h) {
            post(&[("type", "height".into()), ("height", h.into())]);
        }
    }
}

/// Inside a frame, sends [`Msg::Height`] whenever the document resizes (and
/// once now); outside one, nothing.
pub fn watch_height() {
    if !framed() {
        return;
    }
    let cb = Closure::<dyn FnMut()>::new(|| dispatch(Msg::Height));
    if let Ok(ro) = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()) {
        if let Some(root) = document().document_element() {
            ro.observe(&root);
        }
    }
    cb.forget();
    dispatch(Msg::Height);
}
