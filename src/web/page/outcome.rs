//! The outcome in words: the key figures and a verdict chip per check in the
//! key bar (the page's first screen), then under the charts the checks with
//! their verdicts and a "Go to the lever" button (or, where the course page
//! locked the lever, what the learner can do instead), the notes, and the
//! other figures under "More figures". Each repaint updates the elements in
//! place.

use crate::model::{CheckSpec, Keys, Note, Outcome, ParamSpec};
use crate::web::dom::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// A figure's box, updated in place.
struct FigureSlot {
    id: &'static str,
    /// Shown among the key figures.
    key: bool,
    row: Element,
    value: Element,
}

/// A check's item, updated in place, and its chip in the key bar.
struct CheckSlot {
    label: &'static str,
    item: Element,
    badge: Element,
    cmp: Element,
    why: Element,
    lever: Element,
    /// Said instead of the lever's button when the lever is locked.
    fixed: Element,
    chip: Element,
    chip_badge: Element,
    chip_cmp: Element,
}

pub(super) struct OutcomeView {
    /// The topic's key figures, in the order shown first (under either
    /// model), and the model the boxes were built for.
    keys: Keys,
    built_production: bool,
    key: Element,
    more: Element,
    more_summary: Element,
    more_box: Element,
    figure_slots: Vec<FigureSlot>,
    check_slots: Vec<CheckSlot>,
    notes: Element,
    notes_html: String,
    /// The parameters this page locks (none unless told).
    locked: Vec<&'static str>,
}

impl OutcomeView {
    /// The key figures and check chips in `keybar`; the checks, notes and
    /// the other figures at the end of `results`.
    pub fn build(
        keybar: &Element,
        results: &Element,
        checks: &[CheckSpec],
        keys: Keys,
    ) -> OutcomeView {
        text_child(
            keybar,
            "h2",
            "keybar-h",
            "Key figures",
            &[("id", "keybar-h")],
        );
        let key = child(keybar, "dl", "figures key", &[("id", "figures")]);
        let chips = child(keybar, "ul", "chips", &[("aria-label", "Checks")]);
        text_child(results, "h2", "", "Checks", &[("id", "checks-h")]);
        let list = child(results, "ul", "checks", &[("id", "checks")]);
        let notes = child(results, "div", "notes", &[]);
        let more_box = child(
            results,
            "details",
            "more-figures",
            &[("id", "more-figures"), ("hidden", "")],
        );
        let more_summary = text_child(&more_box, "summary", "", "More figures", &[]);
        let more = child(&more_box, "dl", "figures", &[]);
        OutcomeView {
            keys,
            built_production: false,
            key,
            more,
            more_summary,
            more_box,
            figure_slots: Vec::new(),
            check_slots: checks
                .iter()
                .map(|c| check_slot(&list, &chips, c))
                .collect(),
            notes,
            notes_html: String::new(),
            locked: Vec::new(),
        }
    }

    /// The page locks the parameters `locked`: a failing check whose lever
    /// is one of them offers no way to it.
    pub fn locking(mut self, locked: impl Iterator<Item = &'static str>) -> OutcomeView {
        self.locked = locked.collect();
        self
    }

    /// Repaints from `out`; `specs` name the levers.
    /// Shows `out`; `before`, the outcome on show until now (a figure or
    /// verdict equal to its predecessor is left as it is).
    /// `production`: the run is closer to production (its key figures may
    /// differ: `Keys::closer_to_production`).
    pub fn paint(
        &mut self,
        out: &Outcome,
        production: bool,
        specs: &[ParamSpec],
        before: Option<&Outcome>,
    ) {
        self.paint_figures(out, production, before);
        self.paint_checks(out, specs, before);
        self.paint_notes(out);
    }

    /// The outcome in a few words, for the page's live region: the key
    /// figures, and how many checks pass (naming those that fail).
    pub fn spoken(&self, out: &Outcome) -> String {
        let figures: Vec<String> = self
            .figure_slots
            .iter()
            .zip(&out.figures)
            .filter(|(s, _)| s.key)
            .map(|(_, f)| format!("{} {}", f.label, f.text()))
            .collect();
        let failing: Vec<&str> = self
            .check_slots
            .iter()
            .zip(&out.checks)
            .filter(|(_, v)| !v.pass)
            .map(|(s, _)| s.label)
            .collect();
        let unjudged = out.checks.iter().filter(|v| !v.judged()).count();
        let n = out.checks.len() - unjudged;
        let mut text = format!("{}.", figures.join("; "));
        if n > 0 {
            text += &format!(" Checks: {} of {n} pass", n - failing.len());
            if !failing.is_empty() {
                text += &format!("; failing: {}", failing.join("; "));
            }
            text += ".";
        }
        if unjudged > 0 {
            text += &format!(" {unjudged} not judged here.");
        }
        text
    }

    fn paint_figures(&mut self, out: &Outcome, production: bool, before: Option<&Outcome>) {
        let same = self.built_production == production
            && self.figure_slots.len() == out.figures.len()
            && self
                .figure_slots
                .iter()
                .zip(&out.figures)
                .all(|(s, f)| s.id == f.id);
        if !same {
            self.built_production = production;
            self.build_figures(out);
        }
        let was = before.map_or(&[][..], |b| &b.figures[..]);
        for (k, (slot, f)) in self.figure_slots.iter().zip(&out.figures).enumerate() {
            if same && was.get(k) == Some(f) {
                continue;
            }
            set_value_if_changed(&slot.value, &f.text());
            attr(&slot.row, "data-value", &f.value.to_string());
        }
    }

    /// New boxes for `out`'s figures: the key ones first, in the topic's
    /// order (all of them, up to five, when it declares none), the rest
    /// under "More figures".
    fn build_figures(&mut self, out: &Outcome) {
        clear(&self.key);
        clear(&self.more);
        let key_ids = self.keys.figures_under(self.built_production);
        let rank = |id: &str| -> Option<usize> {
            if key_ids.is_empty() {
                out.figures
                    .iter()
                    .position(|f| f.id == id)
                    .filter(|&i| i < 5)
            } else {
                key_ids.iter().position(|k| *k == id)
            }
        };
        let mut order: Vec<(Option<usize>, usize)> = out
            .figures
            .iter()
            .enumerate()
            .map(|(i, f)| (rank(f.id), i))
            .collect();
        // Key figures by rank, then the others in the outcome's order.
        crate::model::few::sort_by_key(&mut order, |(r, i)| (r.is_none(), r.unwrap_or(0), *i));
        let mut slots: Vec<(usize, FigureSlot)> = Vec::new();
        let mut folded = 0;
        for (r, i) in order {
            let f = &out.figures[i];
            let row = el("div", "");
            attr(&row, "data-figure", f.id);
            append(&row, &text_el("dt", "", f.label));
            let value = el("dd", "");
            append(&row, &value);
            if r.is_some() {
                append(&self.key, &row);
            } else {
                append(&self.more, &row);
                folded += 1;
            }
            slots.push((
                i,
                FigureSlot {
                    id: f.id,
                    key: r.is_some(),
                    row,
                    value,
                },
            ));
        }
        crate::model::few::sort_by_key(&mut slots, |(i, _)| *i);
        self.figure_slots = slots.into_iter().map(|(_, s)| s).collect();
        self.more_summary
            .set_text_content(Some(&format!("More figures ({folded})")));
        if folded == 0 {
            attr(&self.more_box, "hidden", "");
        } else {
            let _ = self.more_box.remove_attribute("hidden");
        }
    }

    fn paint_checks(&self, out: &Outcome, specs: &[ParamSpec], before: Option<&Outcome>) {
        let was = before.map_or(&[][..], |b| &b.checks[..]);
        for (k, (slot, v)) in self.check_slots.iter().zip(&out.checks).enumerate() {
            if was.get(k) == Some(v) {
                continue;
            }
            let state = match (v.judged(), v.pass) {
                (false, _) => "unjudged",
                (true, true) => "pass",
                (true, false) => "fail",
            };
            let class = format!("check {state}");
            if slot.item.class_name() != class {
                let pass = if v.pass { "true" } else { "false" };
                let judged = if v.judged() { "true" } else { "false" };
                slot.item.set_class_name(&class);
                attr(&slot.item, "data-pass", pass);
                attr(&slot.item, "data-judged", judged);
                slot.badge.set_text_content(Some(v.badge()));
                slot.chip.set_class_name(&format!("chip {state}"));
                attr(&slot.chip, "data-pass", pass);
                attr(&slot.chip, "data-judged", judged);
                slot.chip_badge.set_text_content(Some(v.mark()));
            }
            set_text_if_changed(&slot.cmp, &v.comparison());
            set_text_if_changed(&slot.chip_cmp, &v.comparison());
            set_text_if_changed(&slot.why, &v.why);
            // The chip's verdict in words on hover: "≤ 100%" alone does not
            // say what 100% is.
            attr(&slot.chip, "title", &format!("{}: {}", slot.label, v.why));
            let lever = v
                .lever
                .filter(|_| !v.pass)
                .and_then(|name| specs.iter().find(|s| s.name == name));
            let fixed = lever.filter(|spec| self.locked.contains(&spec.name));
            match fixed {
                Some(spec) => {
                    set_text_if_changed(&slot.fixed, &self.instead(spec, specs));
                    show(&slot.fixed, true);
                }
                None => show(&slot.fixed, false),
            }
            match lever.filter(|_| fixed.is_none()) {
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

    /// What a learner can do about a failing check whose lever `spec` is
    /// locked: the sliders still free, or, with none, the reading.
    fn instead(&self, spec: &ParamSpec, specs: &[ParamSpec]) -> String {
        let free: Vec<&str> = specs
            .iter()
            .filter(|s| !self.locked.contains(&s.name))
            .map(|s| s.label)
            .collect();
        let head = format!(
            "Its lever, {}, is fixed on this page: that change cannot be made here, so the check stays as it is.",
            spec.label
        );
        match free.len() {
            0 => format!("{head} Every value is set by your course: read why it fails and what the rule asks, then answer the question below."),
            n => {
                let named = free.iter().take(3).copied().collect::<Vec<_>>().join(", ");
                let more = if n > 3 { " and the others" } else { "" };
                format!("{head} You can still move {named}{more} and watch how this check responds, or answer the question below.")
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
                Note::Carry(c) => {
                    let query: String = c
                        .set
                        .iter()
                        .map(|(k, v)| {
                            format!("&{k}={}", String::from(js_sys::encode_uri_component(v)))
                        })
                        .collect();
                    html += &format!(
                        "<p class=\"info carry\" role=\"note\">{} <a href=\"?topic={}{query}\">{}</a></p>",
                        esc(&c.text),
                        esc(c.topic),
                        esc(&c.label)
                    );
                }
            }
        }
        if html != self.notes_html {
            self.notes.set_inner_html(&html);
            self.notes_html = html;
        }
    }
}

/// Shows or hides `e` (touching the DOM only on a change).
fn show(e: &Element, on: bool) {
    if e.has_attribute("hidden") == on {
        if on {
            let _ = e.remove_attribute("hidden");
        } else {
            attr(e, "hidden", "");
        }
    }
}

/// A figure's value. One without a space but with a "/" (a rate in dollars,
/// "$762,300/month") gets a line-break opportunity after the "/", so that a
/// narrow box wraps it as "$762,300/" and "month", never inside the unit
/// ("…/mon" "th"); a value with a space breaks there ("500 req/s"). Its text,
/// as read aloud, copied or compared, is the figure's text unchanged (a
/// `<wbr>` holds none).
fn set_value_if_changed(e: &Element, text: &str) {
    if !text.contains('/') || text.contains(' ') {
        set_text_if_changed(e, text);
        return;
    }
    if e.text_content().as_deref() == Some(text) {
        return;
    }
    e.set_text_content(None);
    let mut parts = text.split_inclusive('/').peekable();
    while let Some(part) = parts.next() {
        let _ = e.append_with_str_1(part);
        if parts.peek().is_some() {
            append(e, &el("wbr", ""));
        }
    }
}

fn set_text_if_changed(e: &Element, text: &str) {
    if e.text_content().as_deref() != Some(text) {
        e.set_text_content(Some(text));
    }
}

/// A check's verdict badge, its `label` (a `label_tag`) and the
/// comparison, appended to `parent` with `classes` in that order; returns
/// the badge and the comparison.
fn verdict_parts(
    parent: &Element,
    classes: [&str; 3],
    label_tag: &str,
    label: &str,
) -> (Element, Element) {
    let badge = child(parent, "span", classes[0], &[]);
    append(parent, &text_el(label_tag, classes[1], label));
    let cmp = child(parent, "span", classes[2], &[]);
    (badge, cmp)
}

fn check_slot(parent: &Element, chips: &Element, spec: &CheckSpec) -> CheckSlot {
    let item = el("li", "check");
    attr(&item, "data-check", spec.id);
    attr(&item, "id", &format!("check-{}", spec.id));
    let head = child(&item, "div", "check-head", &[]);
    let (badge, cmp) = verdict_parts(&head, ["badge", "", "cmp"], "strong", spec.label);
    let why = el("p", "why");
    append(&item, &why);
    append(
        &item,
        &text_el("p", "rule", &format!("Rule: {}", spec.rule)),
    );
    let lever = push_button("lever", "");
    attr(&lever, "hidden", "");
    // Moves the focus only (opening "More parameters" when the lever is
    // folded there); the page's state is not touched.
    on(&lever, "click", |e| {
        let name = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|b| b.get_attribute("data-lever"));
        if let Some(input) = name.and_then(|n| by_id(&format!("p-{n}"))) {
            if let Ok(Some(fold)) = input.closest("details:not([open])") {
                attr(&fold, "open", "");
            }
            input.scroll_into_view();
            let _ = html(&input).focus();
        }
    });
    append(&item, &lever);
    let fixed = el("p", "lever-fixed");
    attr(&fixed, "hidden", "");
    append(&item, &fixed);
    append(parent, &item);
    // The chip: the verdict in the first screen; pressed, it shows the
    // whole check (a button, not a link: the address keeps no fragment).
    let li = el("li", "");
    let chip = push_button("chip", "");
    attr(&chip, "data-chip", spec.id);
    let target = format!("check-{}", spec.id);
    on(&chip, "click", move |_| {
        if let Some(check) = by_id(&target) {
            check.scroll_into_view();
        }
    });
    let chip_classes = ["chip-badge", "chip-label", "chip-cmp"];
    let (chip_badge, chip_cmp) = verdict_parts(&chip, chip_classes, "span", spec.label);
    append(&li, &chip);
    append(chips, &li);
    CheckSlot {
        label: spec.label,
        item,
        badge,
        cmp,
        why,
        lever,
        fixed,
        chip,
        chip_badge,
        chip_cmp,
    }
}
