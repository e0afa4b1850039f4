//! The glossary in the browser: the page `?view=glossary` shows
//! (src/glossary.rs holds the words), and the links a topic page puts on
//! each term's first mention in its question and help texts.
//!
//! A term's link carries its definition as its description (`title`). A
//! page build carries no definitions (build.rs): they are a file of their
//! own that index.html names (`<meta name="fleetlab-glossary">`,
//! scripts/pages.mjs), fetched once the page has painted
//! ([`fetch_definitions`]); when they come the app gives every term link
//! on the page its definition ([`define_terms`]), and links made later
//! have theirs at once. Until then (or if the file does not come) a link
//! still leads to its entry.

use super::dom::*;
use super::msg::{dispatch, Msg};
use crate::glossary::{self, Piece, Term, TERMS};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;

thread_local! {
    /// The definitions fetched for a page build: (term id, definition).
    static FETCHED: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// `t`'s definition: its own, or the one fetched for a page build.
fn definition(t: &Term) -> Option<String> {
    if !t.short.is_empty() {
        return Some(t.short.to_string());
    }
    FETCHED.with(|f| {
        f.borrow()
            .iter()
            .find(|(id, _)| id == t.id)
            .map(|(_, s)| s.clone())
    })
}

/// A page build's definitions, fetched after the first paint; then
/// [`Msg::Definitions`]. Nothing where the build carries its own (the
/// whole app) or index.html names no file.
pub fn fetch_definitions() {
    if TERMS.iter().all(|t| !t.short.is_empty()) {
        return;
    }
    let Some(url) = document()
        .query_selector("meta[name=\"fleetlab-glossary\"]")
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"))
    else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(got) = JsFuture::from(window().fetch_with_str(&url)).await else {
            return;
        };
        let got: web_sys::Response = got.unchecked_into();
        let Some(body) = got.ok().then(|| got.json().ok()).flatten() else {
            return;
        };
        let Ok(body) = JsFuture::from(body).await else {
            return;
        };
        let Some(body) = body.dyn_ref::<js_sys::Object>() else {
            return;
        };
        let pairs: Vec<(String, String)> = js_sys::Object::entries(body)
            .iter()
            .filter_map(|e| {
                let e: js_sys::Array = e.dyn_into().ok()?;
                Some((e.get(0).as_string()?, e.get(1).as_string()?))
            })
            .filter(|(id, _)| glossary::find(id).is_some())
            .collect();
        FETCHED.with(|f| *f.borrow_mut() = pairs);
        dispatch(Msg::Definitions);
    });
}

/// Every term link in `root` without a description gets its term's
/// definition, where one is known.
pub fn define_terms(root: &Element) {
    let Ok(found) = root.query_selector_all("a.term:not([title])") else {
        return;
    };
    for i in 0..found.length() {
        let Some(a) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        let term = a
            .get_attribute("href")
            .and_then(|h| h.strip_prefix("?view=glossary#").and_then(glossary::find));
        if let Some(short) = term.and_then(definition) {
            attr(&a, "title", &short);
        }
    }
}

/// The entry a topic's source line links (and the home page's explorers'
/// intro): what a seed card is.
pub const SEED_CARD: &str = "seed-card";

/// Where a term's entry lives.
fn href(t: &Term) -> String {
    format!("?view=glossary#{}", t.id)
}

/// Builds the glossary page in `root`, every term in alphabetical order,
/// and brings the entry the address names into view.
pub fn mount(root: &Element) {
    clear(root);
    let _ = root.remove_attribute("aria-busy");
    document().set_title("Glossary · Fleetlab");
    let page = el("article", "glossary");
    append(&page, &text_el("h1", "", "Glossary"));
    append(
        &page,
        &text_el(
            "p",
            "lead",
            "The words the pages use, each in a sentence or two. On a topic page a term's first mention links here.",
        ),
    );
    let mut terms: Vec<&Term> = TERMS.iter().collect();
    terms.sort_by_key(|t| t.term.to_lowercase());
    let list = el("dl", "terms");
    for t in terms {
        let entry = el("div", "entry");
        attr(&entry, "id", t.id);
        let dt = el("dt", "");
        append(&dt, &text_el("dfn", "", t.term));
        append(&entry, &dt);
        let dd = text_el("dd", "", t.short);
        if !t.aliases.is_empty() {
            let also = format!(" Also written: {}.", t.aliases.join(", "));
            append(&dd, &text_el("span", "also", &also));
        }
        append(&entry, &dd);
        append(&list, &entry);
    }
    append(&page, &list);
    append(root, &page);
    let hash = window().location().hash().unwrap_or_default();
    if let Some(entry) = by_id(hash.trim_start_matches('#')).filter(|_| hash.len() > 1) {
        entry.set_class_name("entry current");
        entry.scroll_into_view();
    }
}

/// A link to `t`'s entry around `text`; its definition is the link's
/// description (a tooltip, and what a screen reader says after the word).
fn term_link(text: &str, t: &Term, new_tab: bool) -> Element {
    let a = text_el("a", "term", text);
    attr(&a, "href", &href(t));
    if let Some(short) = definition(t) {
        attr(&a, "title", &short);
    }
    if new_tab {
        open_beside(&a);
    }
    a
}

/// An embedded page keeps its place: the glossary opens beside it.
fn open_beside(a: &Element) {
    attr(a, "target", "_blank");
    attr(a, "rel", "noopener");
}

/// Links the first mention of each glossary term in `root`'s question and
/// help texts, in page order. `new_tab` opens the entries in a new tab
/// (an embedded page).
pub fn link_terms(root: &Element, new_tab: bool) {
    let Ok(found) = root.query_selector_all(".question, .help") else {
        return;
    };
    let mut seen = Vec::new();
    for i in 0..found.length() {
        let Some(e) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        if already_linked(&e, &mut seen) {
            continue;
        }
        let text = e.text_content().unwrap_or_default();
        let pieces = glossary::link(&text, &mut seen);
        if !pieces.iter().any(|p| matches!(p, Piece::Term(..))) {
            continue;
        }
        clear(&e);
        fill(&e, pieces, new_tab);
    }
}

/// Whether `e` holds term links already (a topic's question as index.html
/// wrote it, scripts/pages.mjs): then it is left as painted, not written
/// again, and its terms count as mentioned.
fn already_linked(e: &Element, seen: &mut Vec<&'static str>) -> bool {
    let Ok(found) = e.query_selector_all("a.term") else {
        return false;
    };
    for i in 0..found.length() {
        let id = found
            .item(i)
            .and_then(|n| n.dyn_into::<Element>().ok())
            .and_then(|a| a.get_attribute("href"))
            .and_then(|h| h.strip_prefix("?view=glossary#").and_then(glossary::find));
        if let Some(t) = id {
            seen.push(t.id);
        }
    }
    found.length() > 0
}

/// Appends `pieces` to `e`, each term a link to its entry.
fn fill(e: &Element, pieces: Vec<Piece>, new_tab: bool) {
    for p in pieces {
        match p {
            Piece::Text(s) => {
                let _ = e.append_with_str_1(s);
            }
            Piece::Term(s, t) => append(e, &term_link(s, t, new_tab)),
        }
    }
}

/// `text` in a new `tag` element of class `class`, its first mention of the
/// term `id`, and of no other, linked to its entry: a line that names one
/// term on purpose ("seed card" in a topic's source line).
pub fn text_with_term(tag: &str, class: &str, text: &str, id: &str, new_tab: bool) -> Element {
    let mut others: Vec<&'static str> = TERMS.iter().map(|t| t.id).filter(|&t| t != id).collect();
    let e = el(tag, class);
    fill(&e, glossary::link(text, &mut others), new_tab);
    e
}

/// The term links in `root` open in a new tab (an embedded page's links
/// that index.html wrote before the app knew it was embedded).
pub fn terms_in_new_tab(root: &Element) {
    let Ok(found) = root.query_selector_all("a.term") else {
        return;
    };
    for i in 0..found.length() {
        if let Some(a) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            open_beside(&a);
        }
    }
}
