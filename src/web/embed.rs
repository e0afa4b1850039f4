//! The page's address and its host. The address bar follows the page (the
//! query is `urlstate::encode` of what is shown): slider moves replace the
//! current history entry after a short pause, a story pushes a new one (not
//! inside a frame, where it would fill the host page's back button). Inside a
//! frame the page tells its host what happens with `postMessage` (events
//! `ready`, `params`, `graded`, `height`; README, "Embedding in a course
//! page"). It never listens to the host: no message can make it do anything.

use super::dom::*;
use crate::model::{ParamKind, Params, Topic};
use crate::urlstate::{self, State};
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// Quiet time after the last slider move before the address and the host
/// are told (history API calls are rate-limited by browsers).
const SETTLE_MS: i32 = 250;

thread_local! {
    static TIMER: Cell<Option<i32>> = const { Cell::new(None) };
    static PUSH: Cell<bool> = const { Cell::new(false) };
    static FLUSH: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    /// The parameters last told to the host (`params` is sent on change only).
    static TOLD: RefCell<String> = const { RefCell::new(String::new()) };
    static HEIGHT: Cell<i32> = const { Cell::new(-1) };
}

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

/// Starts reporting the document's height to the host (inside a frame).
pub fn watch_height() {
    if !framed() {
        return;
    }
    let cb = Closure::<dyn FnMut()>::new(report_height);
    if let Ok(ro) = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()) {
        if let Some(root) = document().document_element() {
            ro.observe(&root);
        }
    }
    cb.forget();
    report_height();
}

fn report_height() {
    let Some(root) = document().document_element() else {
        return;
    };
    let h = root.get_bounding_client_rect().height().ceil() as i32;
    if HEIGHT.with(|c| c.replace(h)) != h {
        post(&[("type", "height".into()), ("height", h.into())]);
    }
}

/// Tells the host (inside a frame) `{source: "fleetlab", ...fields}`.
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

/// The page is built: `ready` with its topic, story and parameters.
pub fn ready(topic: &'static dyn Topic, state: &State) {
    let params = state.params();
    TOLD.with(|t| *t.borrow_mut() = told(state));
    let [preset, fix] = preset_fields(state);
    post(&[
        ("type", "ready".into()),
        ("topic", topic.id().into()),
        preset,
        fix,
        ("params", params_object(&params)),
    ]);
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

/// Something on the page changed: the address (and the host) follow. A
/// `push` (a story, the fix, the defaults) makes a new history entry at once;
/// slider moves settle first and replace the current one.
pub fn changed(push: bool) {
    if push {
        PUSH.with(|p| p.set(true));
    }
    let delay = if push { 0 } else { SETTLE_MS };
    let f = FLUSH.with(|f| {
        f.borrow_mut()
            .get_or_insert_with(|| {
                Closure::<dyn FnMut()>::new(flush)
                    .into_js_value()
                    .unchecked_into::<js_sys::Function>()
            })
            .clone()
    });
    if let Some(t) = TIMER.with(|t| t.take()) {
        window().clear_timeout_with_handle(t);
    }
    if let Ok(id) = window().set_timeout_with_callback_and_timeout_and_arguments_0(&f, delay) {
        TIMER.with(|t| t.set(Some(id)));
    }
}

fn flush() {
    TIMER.with(|t| t.set(None));
    let push = PUSH.with(|p| p.replace(false)) && !framed();
    let Some(state) = super::page::current_state() else {
        return;
    };
    let query = format!("?{}", urlstate::encode(&state));
    let loc = window().location();
    if loc.search().unwrap_or_default() != query {
        if let Ok(history) = window().history() {
            // A file:// page may refuse; the page itself is unaffected.
            let _ = if push {
                history.push_state_with_url(&JsValue::NULL, "", Some(&query))
            } else {
                history.replace_state_with_url(&JsValue::NULL, "", Some(&query))
            };
        }
    }
    if let Some(a) = by_id("embed-this") {
        attr(&a, "href", &instructors_href(&state));
    }
    let now = told(&state);
    if TOLD.with(|t| t.replace(now.clone())) != now {
        let [preset, fix] = preset_fields(&state);
        post(&[
            ("type", "params".into()),
            ("topic", state.topic.into()),
            preset,
            fix,
            ("params", params_object(&state.params())),
        ]);
    }
}

/// The instructors page opened on `state` (relative to this document).
pub fn instructors_href(state: &State) -> String {
    let mut s = state.clone();
    s.view = urlstate::View::Instructors;
    s.challenge = urlstate::Challenge {
        template: state.challenge.template.clone(),
        ..Default::default()
    };
    format!("?{}", urlstate::encode(&s))
}

/// The page's address for `state`: this document's URL with its query.
pub fn link_for(state: &State) -> String {
    let href = window().location().href().unwrap_or_default();
    let base = href.split(['?', '#']).next().unwrap_or("").to_string();
    format!("{base}?{}", urlstate::encode(state))
}

/// A "Copy link" button and its fallback: when the clipboard is not
/// available (or refuses), a selected text field with the link appears.
/// `link` computes the link at the moment of the click.
pub fn copy_button(label: &str, link: impl Fn() -> Option<String> + 'static) -> Element {
    let wrap = el("span", "copy-link");
    let b = text_el("button", "copy", label);
    attr(&b, "type", "button");
    append(&wrap, &b);
    let status = el("span", "copy-status");
    attr(&status, "role", "status");
    append(&wrap, &status);
    let field = el("input", "copy-field");
    attr(&field, "type", "text");
    attr(&field, "readonly", "");
    attr(&field, "aria-label", &format!("{label}: the text to copy"));
    attr(&field, "hidden", "");
    append(&wrap, &field);
    let field: web_sys::HtmlInputElement = field.unchecked_into();
    on(&b, "click", move |_| {
        let Some(text) = link() else { return };
        copy_text(&text, &field, &status);
    });
    wrap
}

/// Copies `text` to the clipboard; falls back to showing it selected in
/// `field` with a word on how to copy it.
pub fn copy_text(text: &str, field: &web_sys::HtmlInputElement, status: &Element) {
    field.set_value(text);
    let fallback = {
        let field = field.clone();
        let status = status.clone();
        move || {
            let _ = field.remove_attribute("hidden");
            let _ = field.focus();
            field.select();
            status.set_text_content(Some("Press Ctrl+C (⌘C on a Mac) to copy it."));
        }
    };
    let clipboard = js_sys::Reflect::get(&window().navigator(), &"clipboard".into())
        .ok()
        .filter(|c| !c.is_undefined() && !c.is_null());
    let Some(clipboard) = clipboard else {
        fallback();
        return;
    };
    let clipboard: web_sys::Clipboard = clipboard.unchecked_into();
    let promise = clipboard.write_text(text);
    let ok = {
        let status = status.clone();
        let field = field.clone();
        Closure::once(move |_: JsValue| {
            attr(&field, "hidden", "");
            status.set_text_content(Some("Copied."));
        })
    };
    let err = Closure::once(move |_: JsValue| fallback());
    let _ = promise.then2(&ok, &err);
    // One pair per click, run once by the promise.
    ok.forget();
    err.forget();
}
