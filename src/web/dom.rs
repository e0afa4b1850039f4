//! A few helpers over web-sys so the page code reads as the page it builds.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event, HtmlElement, Window};

pub fn window() -> Window {
    web_sys::window().expect("a browser window")
}

pub fn document() -> Document {
    window().document().expect("a document")
}

pub fn by_id(id: &str) -> Option<Element> {
    document().get_element_by_id(id)
}

/// A new element with a class (empty for none).
pub fn el(tag: &str, class: &str) -> Element {
    let e = document().create_element(tag).expect("create_element");
    if !class.is_empty() {
        e.set_class_name(class);
    }
    e
}

/// A new element with a class and text.
pub fn text_el(tag: &str, class: &str, text: &str) -> Element {
    let e = el(tag, class);
    e.set_text_content(Some(text));
    e
}

pub fn attr(e: &Element, name: &str, value: &str) {
    let _ = e.set_attribute(name, value);
}

/// Removes attribute `name` of `e` (nothing when it has none).
pub fn remove_attr(e: &Element, name: &str) {
    let _ = e.remove_attribute(name);
}

pub fn append(parent: &Element, child: &Element) {
    let _ = parent.append_child(child);
}

/// A new element with a class (empty for none) and attributes, appended to
/// `parent`.
pub fn child(parent: &Element, tag: &str, class: &str, attrs: &[(&str, &str)]) -> Element {
    let e = el(tag, class);
    for (name, value) in attrs {
        attr(&e, name, value);
    }
    append(parent, &e);
    e
}

/// A new element with a class (empty for none), text and attributes,
/// appended to `parent`.
pub fn text_child(
    parent: &Element,
    tag: &str,
    class: &str,
    text: &str,
    attrs: &[(&str, &str)],
) -> Element {
    let e = child(parent, tag, class, attrs);
    e.set_text_content(Some(text));
    e
}

/// A push button (`type=button`: it submits no form) with a class and text.
pub fn push_button(class: &str, text: &str) -> Element {
    let b = text_el("button", class, text);
    attr(&b, "type", "button");
    b
}

/// A form's submit button with a class, text and id (empty for none),
/// appended to `form`.
pub fn submit_button(form: &Element, class: &str, text: &str, id: &str) -> Element {
    let b = text_child(form, "button", class, text, &[("type", "submit")]);
    if !id.is_empty() {
        attr(&b, "id", id);
    }
    b
}

/// A form with a class and id (empty for none), appended to `parent`, whose
/// submit (Enter, or its submit button) runs `f` instead of leaving the page.
pub fn submit_form(parent: &Element, class: &str, id: &str, f: impl Fn() + 'static) -> Element {
    let form = child(parent, "form", class, &[]);
    if !id.is_empty() {
        attr(&form, "id", id);
    }
    on(&form, "submit", move |e| {
        e.prevent_default();
        f();
    });
    form
}

/// A polite status region with a class and id, appended to `parent`: a
/// screen reader reads out what it comes to say.
pub fn status_region(parent: &Element, tag: &str, class: &str, id: &str) -> Element {
    child(
        parent,
        tag,
        class,
        &[("id", id), ("role", "status"), ("aria-live", "polite")],
    )
}

/// A radio button of group `name` with `value`, in a `label` of `class`
/// that says `text`, appended to `parent`; returns the input.
pub fn radio(parent: &Element, class: &str, name: &str, value: &str, text: &str) -> Element {
    let label = child(parent, "label", class, &[]);
    let input = child(
        &label,
        "input",
        "",
        &[("type", "radio"), ("name", name), ("value", value)],
    );
    text_child(&label, "span", "", text, &[]);
    input
}

/// A `div` of `class` appended to `parent`, one group of controls to a
/// screen reader, named `label` (empty: unnamed).
pub fn group(parent: &Element, class: &str, label: &str) -> Element {
    let g = child(parent, "div", class, &[("role", "group")]);
    if !label.is_empty() {
        attr(&g, "aria-label", label);
    }
    g
}

/// A group (see [`group`]) that scrolls what is too wide or long for the
/// screen; a keyboard can reach it to scroll it.
pub fn scroll_box(parent: &Element, class: &str, label: &str) -> Element {
    let wrap = group(parent, class, label);
    attr(&wrap, "tabindex", "0");
    wrap
}

/// The browser's localStorage; none when it keeps none (private modes,
/// storage turned off).
pub fn local_storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// A `section` of `class` opened by an `h2` of `title`, whose id
/// (`heading_id`) names the section.
pub fn labelled_section(class: &str, heading_id: &str, title: &str) -> Element {
    let section = el("section", class);
    attr(&section, "aria-labelledby", heading_id);
    let h = text_el("h2", "", title);
    attr(&h, "id", heading_id);
    append(&section, &h);
    section
}

/// A page's title block (`header.topic-head`): what kind of page it is,
/// its title and the question it answers.
pub fn title_block(kind: &str, title: &str, question: &str) -> Element {
    let head = el("header", "topic-head");
    append(&head, &text_el("p", "kind", kind));
    append(&head, &text_el("h1", "", title));
    append(&head, &text_el("p", "question", question));
    head
}

/// The page's notice (`#notice`, a status line) at the end of `parent`,
/// saying `said` (nothing yet when empty).
pub fn notice(parent: &Element, said: &str) -> Element {
    let notice = el("p", "notice");
    attr(&notice, "id", "notice");
    attr(&notice, "role", "status");
    if !said.is_empty() {
        notice.set_text_content(Some(said));
    }
    append(parent, &notice);
    notice
}

pub fn clear(e: &Element) {
    e.set_inner_html("");
}

/// `parent`'s children matching `selector` (index.html's words painted
/// while the model loaded), in order, every other child removed; without
/// one, `parent` cleared. The kept nodes stay where they are: removed and
/// built again, their paint might not count as the page's largest (a
/// browser reports the largest paint a moment after it), and the same words
/// built again would.
pub fn clear_but(parent: &Element, selector: &str) -> Vec<Element> {
    let kids = parent.children();
    let mut kept = Vec::new();
    for i in (0..kids.length()).rev() {
        let Some(kid) = kids.item(i) else { continue };
        if kid.matches(selector).unwrap_or(false) {
            kept.push(kid);
        } else {
            kid.remove();
        }
    }
    if kept.is_empty() {
        clear(parent);
    }
    kept.reverse();
    kept
}

/// Listens for `event` on `target` for the page's lifetime.
pub fn on(target: &web_sys::EventTarget, event: &str, f: impl FnMut(Event) + 'static) {
    let cb = Closure::<dyn FnMut(Event)>::new(f);
    let _ = target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref());
    cb.forget();
}

pub fn html(e: &Element) -> &HtmlElement {
    e.unchecked_ref::<HtmlElement>()
}

/// Gives `e` the keyboard's focus where it is, without scrolling it into
/// view: for a control that comes next while what the learner reads now is
/// elsewhere on a small screen.
pub fn focus_in_place(e: &Element) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = html(e).focus_with_options(&options);
}

/// Escapes text for an HTML string.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

pub fn now_ms() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or(0.0)
}

pub fn log_error(msg: &str) {
    web_sys::console::error_1(&JsValue::from_str(msg));
}

/// A timeout held in `slot`: the pending one cancelled, `tick` called after
/// `ms` (a page's "once changes stop" timers).
pub fn rearm(slot: &mut Option<i32>, tick: &wasm_bindgen::closure::Closure<dyn FnMut()>, ms: i32) {
    disarm(slot);
    *slot = window()
        .set_timeout_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), ms)
        .ok();
}

/// The timeout held in `slot` cancelled, if any.
pub fn disarm(slot: &mut Option<i32>) {
    if let Some(t) = slot.take() {
        window().clear_timeout_with_handle(t);
    }
}

/// What the custom property `var` holds where the page is now (its theme,
/// print, forced colours): a colour as the browser computes it, `rgb(…)`.
/// Read through a hidden probe that forced colours leave alone, so a system
/// colour (`CanvasText`) arrives as the colour it stands for.
pub fn css_colour(var: &str) -> String {
    let probe = by_id("ink-probe").unwrap_or_else(|| {
        let p = el("i", "ink-probe");
        attr(&p, "id", "ink-probe");
        attr(&p, "hidden", "");
        if let Some(body) = document().body() {
            let _ = body.append_child(&p);
        }
        p
    });
    let _ = html(&probe)
        .style()
        .set_property("color", &format!("var({var})"));
    computed(&probe, "color")
}

/// A number the custom property `var` holds on the page (`--chart-zoom`),
/// `default` when it holds none.
pub fn css_number(var: &str, default: f64) -> f64 {
    document()
        .document_element()
        .map(|root| computed(&root, var))
        .and_then(|v| crate::model::decimal::parse(v.trim()))
        .unwrap_or(default)
}

fn computed(e: &Element, property: &str) -> String {
    window()
        .get_computed_style(e)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value(property).ok())
        .unwrap_or_default()
}

/// The page's one polite live region (made on first use): what a screen
/// reader hears of a change it did not ask about (the figures a slider
/// moved, the scene as it runs), throttled by whoever writes it.
pub fn live_region() -> Element {
    by_id("say").unwrap_or_else(|| {
        let p = el("p", "sr-only");
        attr(&p, "id", "say");
        attr(&p, "aria-live", "polite");
        attr(&p, "aria-atomic", "true");
        if let Some(body) = document().body() {
            let _ = body.append_child(&p);
        }
        p
    })
}

/// Says `text` in the live region (nothing when it says it already).
pub fn announce(text: &str) {
    let region = live_region();
    if region.text_content().as_deref() != Some(text) {
        region.set_text_content(Some(text));
    }
}
