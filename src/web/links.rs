//! Links to this page and the "Copy" buttons that hand them out.

use super::dom::*;
use super::msg::{dispatch, CopyUi, CopyWhat, Msg};
use crate::urlstate::{self, State};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

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

/// A "Copy" button and its fallback: when the clipboard is not available
/// (or refuses), a selected text field with the text appears. The owner
/// works out `what` at the moment of the click.
pub fn copy_button(label: &str, what: CopyWhat) -> Element {
    let wrap = el("span", "copy-link");
    let b = push_button("copy", label);
    append(&wrap, &b);
    let status = child(&wrap, "span", "copy-status", &[("role", "status")]);
    let aria = format!("{label}: the text to copy");
    let field = [
        ("type", "text"),
        ("readonly", ""),
        ("aria-label", &aria),
        ("hidden", ""),
    ];
    let field = child(&wrap, "input", "copy-field", &field);
    let field: HtmlInputElement = field.unchecked_into();
    on(&b, "click", move |_| {
        let ui = CopyUi {
            field: field.clone(),
            status: status.clone(),
        };
        dispatch(Msg::Copy(what, ui));
    });
    wrap
}

/// Copies `text` to the clipboard; falls back to showing it selected in the
/// field with a word on how to copy it.
pub fn copy_text(text: &str, ui: &CopyUi) {
    let (field, status) = (&ui.field, &ui.status);
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
