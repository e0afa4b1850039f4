//! One parameter's controls, generated from its spec: a slider with a typed
//! number box (or a select for a choice), its value, help and error line.
//! The box shows the value as the slider does and reads what people type
//! ("80", "80%" or "0.8" in a percent box; "20k" or "20,000" anywhere):
//! `ParamSpec::read_typed`, with its hint under the box while it has focus.

use crate::model::{ParamKind, ParamSpec};
use crate::web::dom::*;
use crate::web::msg::{dispatch, Msg, PageMsg};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

/// One parameter's controls: the slider (or select) and the typed box.
pub(super) struct Control {
    pub spec: &'static ParamSpec,
    /// `<input type=range>` or `<select>`.
    input: Element,
    /// `<input type=number>` beside a slider.
    number: Option<HtmlInputElement>,
    output: Element,
    pub error: Element,
    /// Locked by the link (`lock=`): the inputs are disabled and their
    /// messages are refused, however the event was raised.
    pub locked: bool,
    /// Folded under "More parameters" (not one of the topic's key ones).
    pub folded: bool,
}

/// Builds parameter `i`'s labelled controls inside `parent`.
pub(super) fn control(
    parent: &Element,
    i: usize,
    spec: &'static ParamSpec,
    (locked, folded): (bool, bool),
) -> Control {
    let class = match (spec.kind, locked) {
        (ParamKind::Choice(_), true) => "control choice locked",
        (ParamKind::Choice(_), false) => "control choice",
        (_, true) => "control locked",
        _ => "control",
    };
    let wrap = child(parent, "div", class, &[("data-param", spec.name)]);
    let id = format!("p-{}", spec.name);
    let top = el("div", "control-top");
    let label = text_el("label", "", spec.label);
    attr(&label, "for", &id);
    if locked {
        append(&label, &text_el("span", "lock-tag", " (locked)"));
    }
    append(&top, &label);
    let output = el("output", "value");
    attr(&output, "for", &id);
    append(&top, &output);
    append(&wrap, &top);
    let error = el("p", "control-error");
    attr(&error, "role", "alert");
    let (input, number) = match spec.kind {
        ParamKind::Choice(options) => (choice(i, options), None),
        ParamKind::Number { .. } => {
            let (range, num) = slider(i, spec);
            let row = el("div", "control-row");
            append(&row, &range);
            append(&row, &num);
            append(&wrap, &row);
            if let Some(hint) = spec.box_hint() {
                let hint_id = format!("b-{}", spec.name);
                let p = text_el("p", "box-hint", &hint);
                attr(&p, "id", &hint_id);
                attr(&num, "aria-describedby", &hint_id);
                attr(&num, "title", &hint);
                append(&wrap, &p);
            }
            (range, Some(num))
        }
    };
    attr(&input, "id", &id);
    attr(&input, "name", spec.name);
    let help_id = format!("h-{}", spec.name);
    attr(&input, "aria-describedby", &help_id);
    if locked {
        attr(&input, "disabled", "");
        if let Some(n) = &number {
            attr(n, "disabled", "");
        }
    }
    if matches!(spec.kind, ParamKind::Choice(_)) {
        append(&wrap, &input);
    }
    let help = format!("{} Default from {}.", spec.help, spec.source);
    // Two lines show until the control has the focus (style.css); the
    // whole help is its tooltip under the mouse, without the panel growing
    // and moving the controls below as the mouse passes.
    text_child(
        &wrap,
        "p",
        "help",
        &help,
        &[("id", &help_id), ("title", &help)],
    );
    append(&wrap, &error);
    Control {
        spec,
        input,
        number,
        output,
        error,
        locked,
        folded,
    }
}

/// A select over a choice's options (values are option indices).
fn choice(i: usize, options: &'static [(&'static str, &'static str)]) -> Element {
    let sel = el("select", "");
    for (k, (word, text)) in options.iter().enumerate() {
        let o = text_el("option", "", text);
        attr(&o, "value", &k.to_string());
        attr(&o, "data-word", word);
        append(&sel, &o);
    }
    on(&sel, "change", move |e| {
        dispatch(Msg::Page(PageMsg::Choose(i, target_number(&e))))
    });
    sel
}

/// A range slider (a log track when the spec says so) and its number box.
fn slider(i: usize, spec: &'static ParamSpec) -> (Element, HtmlInputElement) {
    let Some(track) = spec.track() else {
        unreachable!("a slider is for a number");
    };
    let range = el("input", "");
    attr(&range, "type", "range");
    attr(&range, "min", &track.min.to_string());
    attr(&range, "max", &track.max.to_string());
    attr(&range, "step", &track.step.to_string());
    on(&range, "input", move |e| {
        dispatch(Msg::Page(PageMsg::Slide(i, target_number(&e))))
    });
    // Text, not `type=number`: the box takes "80%", "20k" and "12,288",
    // which a number box would throw away before the page saw them.
    let num = el("input", "num");
    attr(&num, "type", "text");
    attr(&num, "inputmode", "decimal");
    attr(&num, "autocomplete", "off");
    attr(&num, "spellcheck", "false");
    attr(
        &num,
        "aria-label",
        &format!("{} (type a value)", spec.label),
    );
    on(&num, "change", move |e| {
        let text = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            .map(|n| n.value())
            .unwrap_or_default();
        dispatch(Msg::Page(PageMsg::Type(i, text)));
    });
    (range, num.unchecked_into())
}

fn target_number(e: &web_sys::Event) -> f64 {
    let Some(t) = e.target() else { return f64::NAN };
    if let Some(i) = t.dyn_ref::<HtmlInputElement>() {
        return crate::model::decimal::parse(&i.value()).unwrap_or(f64::NAN);
    }
    if let Some(s) = t.dyn_ref::<HtmlSelectElement>() {
        return crate::model::decimal::parse(&s.value()).unwrap_or(f64::NAN);
    }
    f64::NAN
}

impl Control {
    /// The value a slider's track position stands for.
    pub fn track_value(&self, pos: f64) -> f64 {
        self.spec.track_value(pos)
    }

    /// Shows `v` in the value, the slider (or select) and the number box,
    /// and gives the slider the words a screen reader says.
    pub fn show(&self, v: f64) {
        let shown = self.spec.display(v);
        self.output.set_text_content(Some(&shown));
        // Marked when away from its default: what a story or the reader moved.
        if let Some(wrap) = self.output.closest(".control").ok().flatten() {
            let _ = wrap
                .class_list()
                .toggle_with_force("moved", v != self.spec.default);
        }
        match self.spec.kind {
            ParamKind::Choice(_) => {
                self.input
                    .unchecked_ref::<HtmlSelectElement>()
                    .set_value(&(v as usize).to_string());
            }
            ParamKind::Number { .. } => {
                // The thumb stays where a press left it if that position
                // stands for `v` (a log track's two positions of one value).
                let range = self.input.unchecked_ref::<HtmlInputElement>();
                let at = crate::model::decimal::parse(&range.value());
                let pos = self.spec.track_position(v, at);
                if at != Some(pos) {
                    range.set_value(&pos.to_string());
                }
                // A screen reader says the value as shown, with its unit, not
                // the track's position (a log slider's 0 to 1000, a share's
                // fraction).
                attr(&self.input, "aria-valuetext", &shown);
                if let Some(n) = &self.number {
                    n.set_value(&self.spec.box_text(v));
                }
            }
        }
    }
}
