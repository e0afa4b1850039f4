//! "The math": a folded panel with the topic's equations in MathML, their
//! units, the symbols they use, and every parameter's default with where it
//! comes from. Built from the topic's declarations (`topics::math`) when
//! first opened: folded, it is half of a page's elements, and a page is on
//! screen sooner without building them.

use crate::model::math::{mathml, Math};
use crate::model::{ParamSpec, Topic};
use crate::topics;
use crate::web::dom::*;
use web_sys::Element;

/// A MathML element for `formula` (its text when it cannot be read, which
/// the native tests rule out).
fn formula(class: &str, formula: &str) -> Element {
    let e = el("div", class);
    match mathml(formula) {
        Ok(m) => e.set_inner_html(&m),
        Err(_) => e.set_text_content(Some(formula)),
    }
    e
}

fn cell(row: &Element, tag: &str, text: &str) -> Element {
    let c = text_el(tag, "", text);
    append(row, &c);
    c
}

fn equations(panel: &Element, m: &Math) {
    let list = el("ol", "equations");
    for e in m.equations {
        let item = el("li", "");
        append(&item, &text_el("p", "eq-name", e.name));
        append(&item, &formula("eq", e.formula));
        append(&item, &text_el("p", "eq-note", e.note));
        append(&list, &item);
    }
    append(panel, &list);
}

fn symbols(panel: &Element, m: &Math, params: &[ParamSpec]) {
    append(panel, &text_el("h3", "", "The symbols"));
    let table = el("table", "symbols");
    let head = el("tr", "");
    for h in ["symbol", "what it stands for", "set by"] {
        let th = cell(&head, "th", h);
        attr(&th, "scope", "col");
    }
    append(&table, &head);
    for s in m.symbols {
        let row = el("tr", "");
        let sym = el("td", "");
        append(&sym, &formula("sym", s.symbol));
        append(&row, &sym);
        cell(&row, "td", s.meaning);
        let by = s
            .param
            .and_then(|n| params.iter().find(|p| p.name == n))
            .map(|p| format!("{} (default {})", p.label, p.display(p.default)))
            .unwrap_or_else(|| "no slider: see what it stands for".into());
        cell(&row, "td", &by);
        append(&table, &row);
    }
    append(panel, &table);
}

fn defaults(panel: &Element, params: &[ParamSpec]) {
    append(
        panel,
        &text_el("h3", "", "Every default and where it comes from"),
    );
    let list = el("dl", "defaults");
    for p in params {
        append(
            &list,
            &text_el("dt", "", &format!("{}: {}", p.label, p.display(p.default))),
        );
        append(&list, &text_el("dd", "", p.source));
    }
    append(panel, &list);
}

/// The folded panel of `topic`'s math, at the end of `parent`.
pub(super) fn panel(parent: &Element, topic: &dyn Topic) {
    let Some(m) = topics::math(topic.id()) else {
        return;
    };
    let panel = el("details", "math");
    attr(&panel, "id", "math");
    append(&panel, &text_el("summary", "", "The math"));
    let params = topic.params();
    // Filled once: by a click on its summary (a key on it clicks too),
    // before the browser opens it, or when a script opens it (the toggle
    // event follows the open).
    let fill = move |panel: &Element| {
        if panel.child_element_count() > 1 {
            return;
        }
        append(panel, &text_el("p", "math-intro", m.intro));
        equations(panel, m);
        symbols(panel, m, params);
        defaults(panel, params);
    };
    if let Some(summary) = panel.first_element_child() {
        let p = panel.clone();
        on(&summary, "click", move |_| fill(&p));
    }
    let p = panel.clone();
    on(&panel, "toggle", move |_| {
        if p.has_attribute("open") {
            fill(&p);
        }
    });
    append(parent, &panel);
}
