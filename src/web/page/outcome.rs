//! The outcome in words: figures (the key ones first, the rest folded),
//! checks with their verdicts and a "Go to the lever" button, and notes.
//! Each repaint updates the elements in place.

use crate::model::{CheckSpec, Note, Outcome, ParamSpec};
use crate::web::dom::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// Figures shown before "All N figures".
const KEY_FIGURES: usize = 8;

/// A figure's box, updated in place.
struct FigureSlot {
    id: &'static str,
    row: Element,
    value: Element,
}

/// A check's item, updated in place.
struct CheckSlot {
    item: Element,
    badge: Element,
    cmp: Element,
    why: Element,
    lever: Element,
}

pub(super) struct OutcomeView {
    figures: Element,
    figure_slots: Vec<FigureSlot>,
    check_slots: Vec<CheckSlot>,
    notes: Element,
    notes_html: String,
}

impl OutcomeView {
    /// The figures, checks and notes of the results section.
    pub fn build(results: &Element, checks: &[CheckSpec]) -> OutcomeView {
        let h = text_el("h2", "", "Figures");
        attr(&h, "id", "results-h");
        append(results, &h);
        let figures = el("div", "figure-box");
        attr(&figures, "id", "figures");
        append(results, &figures);
        let h = text_el("h2", "", "Checks");
        append(results, &h);
        let list = el("ul", "checks");
        attr(&list, "id", "checks");
        attr(&list, "aria-live", "polite");
        append(results, &list);
        let notes = el("div", "notes");
        append(results, &notes);
        OutcomeView {
            figures,
            figure_slots: Vec::new(),
            check_slots: checks.iter().map(|c| check_slot(&list, c)).collect(),
            notes,
            notes_html: String::new(),
        }
    }

    /// Repaints from `out`; `specs` name the levers.
    pub fn paint(&mut self, out: &Outcome, specs: &[ParamSpec]) {
        self.paint_figures(out);
        self.paint_checks(out, specs);
        self.paint_notes(out);
    }

    fn paint_figures(&mut self, out: &Outcome) {
        let same = self.figure_slots.len() == out.figures.len()
            && self
                .figure_slots
                .iter()
                .zip(&out.figures)
                .all(|(s, f)| s.id == f.id);
        if !same {
            self.build_figures(out);
        }
        for (slot, f) in self.figure_slots.iter().zip(&out.figures) {
            set_text_if_changed(&slot.value, &f.text());
            attr(&slot.row, "data-value", &f.value.to_string());
        }
    }

    /// New boxes for `out`'s figures. The topic lists its key figures
    /// first; the rest fold away.
    fn build_figures(&mut self, out: &Outcome) {
        clear(&self.figures);
        let key = el("dl", "figures");
        append(&self.figures, &key);
        let more = el("dl", "figures");
        if out.figures.len() > KEY_FIGURES {
            let details = el("details", "more-figures");
            let n = out.figures.len();
            append(
                &details,
                &text_el("summary", "", &format!("All {n} figures")),
            );
            append(&details, &more);
            append(&self.figures, &details);
        }
        self.figure_slots = out
            .figures
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let row = el("div", "");
                attr(&row, "data-figure", f.id);
                append(&row, &text_el("dt", "", f.label));
                let value = el("dd", "");
                append(&row, &value);
                append(if i < KEY_FIGURES { &key } else { &more }, &row);
                FigureSlot {
                    id: f.id,
                    row,
                    value,
                }
            })
            .collect();
    }

    fn paint_checks(&self, out: &Outcome, specs: &[ParamSpec]) {
        for (slot, v) in self.check_slots.iter().zip(&out.checks) {
            let class = if v.pass { "check pass" } else { "check fail" };
            if slot.item.class_name() != class {
                slot.item.set_class_name(class);
                attr(
                    &slot.item,
                    "data-pass",
                    if v.pass { "true" } else { "false" },
                );
                slot.badge
                    .set_text_content(Some(if v.pass { "✓ pass" } else { "✗ fail" }));
            }
            set_text_if_changed(&slot.cmp, &v.comparison());
            set_text_if_changed(&slot.why, &v.why);
            let lever = v
                .lever
                .filter(|_| !v.pass)
                .and_then(|name| specs.iter().find(|s| s.name == name));
            match lever {
                Some(spec) => {
                    set_text_if_changed(&slot.lever, &format!("Go to the lever: {}", spec.label));
                    attr(&slot.lever, "data-lever", spec.name);
                    if slot.lever.has_attribute("hidden") {
                        let _ = slot.lever.remove_attribute("hidden");
                    }
                }
                None => {
                    if !slot.lever.has_attribute("hidden") {
                        attr(&slot.lever, "hidden", "");
                    }
                }
            }
        }
    }

    fn paint_notes(&mut self, out: &Outcome) {
        let mut html = String::new();
        for n in &out.notes {
            match n {
                Note::Erratum(t) => {
                    html += &format!("<p class=\"erratum\" role=\"note\">{}</p>", esc(t))
                }
                Note::Info(t) => html += &format!("<p class=\"info\" role=\"note\">{}</p>", esc(t)),
            }
        }
        if html != self.notes_html {
            self.notes.set_inner_html(&html);
            self.notes_html = html;
        }
    }
}

fn set_text_if_changed(e: &Element, text: &str) {
    if e.text_content().as_deref() != Some(text) {
        e.set_text_content(Some(text));
    }
}

fn check_slot(parent: &Element, spec: &CheckSpec) -> CheckSlot {
    let item = el("li", "check");
    attr(&item, "data-check", spec.id);
    let head = el("div", "check-head");
    let badge = el("span", "badge");
    append(&head, &badge);
    append(&head, &text_el("strong", "", spec.label));
    let cmp = el("span", "cmp");
    append(&head, &cmp);
    append(&item, &head);
    let why = el("p", "why");
    append(&item, &why);
    append(
        &item,
        &text_el("p", "rule", &format!("Rule: {}", spec.rule)),
    );
    let lever = el("button", "lever");
    attr(&lever, "type", "button");
    attr(&lever, "hidden", "");
    // Moves the focus only; the page's state is not touched.
    on(&lever, "click", |e| {
        let name = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|b| b.get_attribute("data-lever"));
        if let Some(input) = name.and_then(|n| by_id(&format!("p-{n}"))) {
            input.scroll_into_view();
            let _ = html(&input).focus();
        }
    });
    append(&item, &lever);
    append(parent, &item);
    CheckSlot {
        item,
        badge,
        cmp,
        why,
        lever,
    }
}
