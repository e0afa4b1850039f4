//! The web edge: builds the page shell from the registry, sliders from
//! parameter specs, and draws each outcome. It holds no topic-specific logic
//! (tests/tidy.rs checks that no topic id appears under src/web/).

mod dom;
mod draw;
mod page;
mod practice;
mod store;

use crate::topics;
use dom::*;
use wasm_bindgen::prelude::*;

/// The benchmark's entry (`window.wasmBindings.fleetlabBench(quick)`): every
/// preset's run() and every engine, timed with `performance.now()`.
#[wasm_bindgen(js_name = fleetlabBench)]
pub fn bench(quick: bool) -> JsValue {
    let b = crate::report::bench(&now_ms, if quick { 20.0 } else { 200.0 }, quick);
    serde_wasm_bindgen::to_value(&b).unwrap_or(JsValue::NULL)
}

/// The wasm entry (called by the `fleetlab-web` binary's `main`).
pub fn start() {
    install_panic_hook();
    let query = window().location().search().unwrap_or_default();
    let q = web_sys::UrlSearchParams::new_with_str(&query).ok();
    if q.as_ref().and_then(|q| q.get("view")).as_deref() == Some("practice") {
        build_menu("");
        if let Some(app) = by_id("app") {
            practice::mount_drill(&app);
        }
        ready();
        return;
    }
    let wanted = q.and_then(|q| q.get("topic"));
    let first = topics::all().next().expect("at least one topic is built");
    let (topic, notice) = match wanted.as_deref() {
        None | Some("") => (first, None),
        Some(id) => match topics::find(id) {
            Some(t) => (t, None),
            None => (
                first,
                Some(if topics::CATALOG.iter().any(|e| e.id == id) {
                    format!(
                        "“{id}” is coming soon; here is {} meanwhile.",
                        first.title()
                    )
                } else {
                    format!("There is no topic “{id}”; showing {}.", first.title())
                }),
            ),
        },
    };
    build_menu(topic.id());
    page::mount(topic, notice);
    ready();
}

/// Marks the page as built (tests and the benchmark wait for it).
fn ready() {
    if let Some(body) = document().body() {
        attr(&body, "data-ready", "true");
    }
}

/// Panics on purpose, so the browser test can see the error banner that a
/// real panic would show (`window.wasmBindings.fleetlabPanicForTest()`).
#[wasm_bindgen(js_name = fleetlabPanicForTest)]
pub fn panic_for_test() {
    panic!("a test asked for a panic");
}

/// A panic shows a banner instead of leaving a dead page.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        log_error(&format!("fleetlab panicked: {info}"));
        let payload = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".into());
        if let Some(banner) = by_id("fatal") {
            banner.set_text_content(Some(&format!(
                "Fleetlab hit an internal error and stopped ({payload}). Reload the page to start again; your practice progress is saved."
            )));
            let _ = banner.remove_attribute("hidden");
        }
    }));
}

/// The topic menu: built topics are links, the rest are marked "coming".
fn build_menu(active: &str) {
    let Some(nav) = by_id("topics") else { return };
    clear(&nav);
    let list = el("ul", "");
    for e in &topics::CATALOG {
        let li = el("li", "");
        if e.topic.is_some() {
            let a = text_el("a", "", e.title);
            attr(&a, "href", &format!("?topic={}", e.id));
            if e.id == active {
                attr(&a, "aria-current", "page");
            }
            append(&li, &a);
        } else {
            let span = text_el("span", "coming", e.title);
            attr(&span, "aria-disabled", "true");
            append(&span, &text_el("em", "", "coming"));
            append(&li, &span);
        }
        append(&list, &li);
    }
    let li = el("li", "sep");
    let a = text_el("a", "", "Practice");
    attr(&a, "href", "?view=practice");
    if active.is_empty() {
        attr(&a, "aria-current", "page");
    }
    append(&li, &a);
    append(&list, &li);
    append(&nav, &list);
}
