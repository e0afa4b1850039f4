//! The web edge: builds the page shell from the registry, sliders from
//! parameter specs, and draws each outcome. It holds no topic-specific logic
//! (tests/tidy.rs checks that no topic id appears under src/web/).
//!
//! Layers, each importing only those above it in this list (and the model,
//! challenges, topics and urlstate):
//! - `dom`: helpers over web-sys;
//! - `msg`: the messages, the effects, and `dispatch`, the one door into the
//!   page's state (with its queue);
//! - `draw`, `store`, `host`, `links`, `glossary`, `scene`: drawing a chart,
//!   the saved record, talking to a host frame, links and "Copy" buttons,
//!   the glossary page and the links to its terms, the scene (a topic's
//!   engine, watched as it runs);
//! - `address`, `page`, `practice` (then `drill` and `interview`, built on
//!   it), `instructors`, `home`: the parts of a page, plain structs that take a
//!   message and return effects (the home page takes none);
//! - `app`: the owner, which holds the parts and applies their effects;
//! - this file: the entry, the menu, the panic banner, the benchmark;
//!   `alloc` counts allocations (the scene shows a frame makes none).

// A page build (one topic's page, Cargo.toml's features) leaves the other
// views' code unreached.
#![cfg_attr(not(feature = "every-view"), allow(dead_code, unused_imports))]

mod address;
mod alloc;
mod app;
mod dom;
mod draw;
mod drill;
mod glossary;
mod home;
mod host;
mod instructors;
mod interview;
mod kinds;
mod links;
mod msg;
mod page;
mod poe;
mod practice;
mod practice_load;
mod scene;
mod store;

use crate::topics;
use crate::urlstate::{self, View};
use dom::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The benchmark's entry (`window.wasmBindings.fleetlabBench(quick)`): every
/// preset's run() and every engine, timed with `performance.now()`. The
/// whole app's only (a page build holds one topic).
#[cfg(feature = "every-view")]
#[wasm_bindgen(js_name = fleetlabBench)]
pub fn bench(quick: bool) -> JsValue {
    let b = crate::report::bench(&now_ms, if quick { 20.0 } else { 200.0 }, quick);
    serde_wasm_bindgen::to_value(&b).unwrap_or(JsValue::NULL)
}

/// The wasm entry (called by the `fleetlab-web` binary's `main`): the page
/// the address describes (src/urlstate/ reads it).
pub fn start() {
    install_panic_hook();
    let query = window().location().search().unwrap_or_default();
    if !holds(&query) {
        return hand_over();
    }
    let (mut link, notes) = urlstate::decode(&query);
    // A graded page shows its one topic without the site's menu: the way
    // to a free page of the same topic is not a click away.
    link.embed.on |= link.graded() && link.view == View::Topic;
    host::prepare(&link);
    if !link.embed.on {
        build_menu(match link.view {
            View::Practice => Active::Practice,
            View::Instructors => Active::Instructors,
            View::Home => Active::Home,
            View::Glossary => Active::Glossary,
            View::Interview => Active::Interview,
            View::Topic => Active::Topic(link.topic().id()),
        });
    }
    // The inks, while the document is still the shell: resolving styles
    // costs little now.
    match link.view {
        View::Topic => {
            draw::read_inks_early();
            scene::read_inks();
        }
        View::Home => scene::read_inks(),
        _ => {}
    }
    let built = app::start(link, notes);
    host::watch_height();
    shown();
    // A topic page says so itself, once its start's second task is done.
    if built {
        ready();
    }
}

/// Whether this build serves the page `query` opens: the whole app serves
/// every page; a page build (one topic, `Cargo.toml`'s features) only its own
/// topic's page.
fn holds(query: &str) -> bool {
    cfg!(feature = "every-view")
        || urlstate::page_topic(query).is_some_and(|id| topics::find(&id).is_some())
}

/// Hands the page to the whole app (www/loader.js's `fleetlabWhole`): a page
/// build was loaded for an address it does not serve. Nothing of the page
/// has been touched yet.
fn hand_over() {
    let whole = js_sys::Reflect::get(&window(), &JsValue::from_str("fleetlabWhole"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match whole {
        Some(f) => {
            let _ = f.call0(&JsValue::NULL);
        }
        None => log_error("fleetlab: this page build does not serve this address"),
    }
}

/// Marks the page as built, every part of it (tests wait for it).
pub(super) fn ready() {
    mark("data-ready");
}

/// Marks the page as shown: what the first screen holds is built (a topic
/// page's controls, figures, charts and scene), its challenge panel perhaps
/// not yet. The benchmark's first paint is the frame after it.
fn shown() {
    mark("data-shown");
}

/// Sets the body's state attribute `name`.
fn mark(name: &str) {
    if let Some(body) = document().body() {
        attr(&body, name, "true");
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

/// Which menu entry is the page on show.
#[derive(Clone, Copy, PartialEq)]
enum Active {
    Topic(&'static str),
    Practice,
    Instructors,
    Home,
    Glossary,
    Interview,
}

/// The site menu, one row that keeps the header's height whatever the
/// screen (nothing below it moves when it arrives): "Topics", a disclosure
/// listing every topic of the registry (built topics are links, the rest
/// marked "coming") and the learning path, then Practice and For
/// instructors.
fn build_menu(active: Active) {
    let Some(nav) = by_id("topics") else { return };
    clear(&nav);
    if let (Active::Home, Ok(Some(brand))) = (active, document().query_selector(".brand")) {
        attr(&brand, "aria-current", "page");
    }
    let menu = el("details", "menu");
    attr(&menu, "id", "menu");
    append(&menu, &text_el("summary", "", "Topics"));
    let list = el("ul", "menu-list");
    for e in &topics::CATALOG {
        let li = el("li", "");
        if e.has_page() {
            let a = text_el("a", "", e.title());
            attr(&a, "href", &format!("?topic={}", e.id()));
            if active == Active::Topic(e.id()) {
                attr(&a, "aria-current", "page");
            }
            append(&li, &a);
        } else {
            let span = text_el("span", "coming", e.title());
            attr(&span, "aria-disabled", "true");
            append(&span, &text_el("em", "", "coming"));
            append(&li, &span);
        }
        append(&list, &li);
    }
    // On a narrow phone the glossary is reached from here (and the footer):
    // the row of views keeps only Practice and For instructors.
    for (text, href, current) in [
        ("All topics, as a learning path", "?view=home", false),
        (
            "Mock interview: a timed design problem",
            "?view=interview",
            active == Active::Interview,
        ),
        ("Glossary of terms", "?view=glossary", false),
    ] {
        let li = el("li", "sep path-link");
        let a = text_el("a", "", text);
        attr(&a, "href", href);
        if current {
            attr(&a, "aria-current", "page");
        }
        append(&li, &a);
        append(&list, &li);
    }
    append(&menu, &list);
    append(&nav, &menu);
    let views = el("ul", "views");
    for (text, href, which) in [
        ("Practice", "?view=practice", Active::Practice),
        ("For instructors", "?view=instructors", Active::Instructors),
        ("Glossary", "?view=glossary", Active::Glossary),
    ] {
        let li = el(
            "li",
            if which == Active::Glossary {
                "sep glossary-view"
            } else {
                "sep"
            },
        );
        let a = text_el("a", "", text);
        attr(&a, "href", href);
        if active == which {
            attr(&a, "aria-current", "page");
        }
        append(&li, &a);
        append(&views, &li);
    }
    append(&nav, &views);
    // The open menu closes on a click elsewhere or on Escape.
    let close = |e: &web_sys::Event, escape: bool| {
        let Some(menu) = by_id("menu") else { return };
        let inside = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
            .is_some_and(|n| menu.contains(Some(&n)));
        if menu.has_attribute("open") && (escape || !inside) {
            let _ = menu.remove_attribute("open");
        }
    };
    on(&document(), "click", move |e| close(&e, false));
    on(&document(), "keydown", move |e| {
        let escape = e
            .dyn_ref::<web_sys::KeyboardEvent>()
            .is_some_and(|k| k.key() == "Escape");
        if escape {
            close(&e, true);
        }
    });
}
