//! The widget of the question kinds beyond one number
//! (src/challenge/kinds/): a radio group for multiple choice and
//! predictions, a parameter and a value for choose-the-lever, a list with
//! "move up" and "move down" buttons for ordering steps (keyboard and screen
//! reader alike: nothing is drag only), the mark with its reasons, and a
//! polite live region that says what changed.

use super::dom::*;
use super::msg::{dispatch, KindMsg, Msg, PracticeMsg};
use super::store::Store;
use crate::challenge::kinds::{self, letter, lever, Body, Posed, Response};
use crate::model::{ParamKind, Topic};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

pub struct KindPanel {
    /// Everything of this widget: hidden while a numeric question is on show.
    pub area: Element,
    text: Element,
    meta: Element,
    controls: Element,
    check: Element,
    feedback: Element,
    why_button: Element,
    reasons: Element,
    /// Says a step moved (a screen reader hears where it went).
    live: Element,
    posed: Option<(&'static dyn Topic, Posed)>,
    /// The shown steps in the learner's order (ordering questions).
    order: Vec<usize>,
    tries: u32,
    done: bool,
    max_tries: Option<u32>,
}

fn send(m: KindMsg) {
    dispatch(Msg::Practice(PracticeMsg::Kind(m)));
}

fn button(text: &str, id: &str, m: KindMsg) -> Element {
    let b = push_button("", text);
    attr(&b, "id", id);
    on(&b, "click", move |_| send(m));
    b
}

fn select(e: Option<Element>) -> Option<HtmlSelectElement> {
    e.and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
}

impl KindPanel {
    /// The widget, appended to `parent`, hidden until a question is shown.
    pub fn mount(parent: &Element, max_tries: Option<u32>) -> KindPanel {
        let area = child(parent, "div", "k-area", &[("hidden", "")]);
        let text = child(&area, "p", "q-text", &[("id", "k-text")]);
        let meta = child(&area, "p", "q-meta", &[]);
        let form = submit_form(&area, "k-form", "k-form", || send(KindMsg::Check));
        let controls = child(&form, "div", "k-controls", &[]);
        let check = submit_button(&form, "primary", "Check", "k-check");
        let feedback = status_region(&area, "p", "q-feedback", "k-feedback");
        let row = child(&area, "div", "q-row", &[]);
        let why_button = button("Show why", "k-why", KindMsg::Why);
        attr(&why_button, "disabled", "");
        append(&row, &why_button);
        let reasons = child(&area, "div", "k-reasons q-solution", &[("id", "k-reasons")]);
        attr(&reasons, "hidden", "");
        let live = child(
            &area,
            "p",
            "vh",
            &[("aria-live", "polite"), ("id", "k-live")],
        );
        KindPanel {
            area,
            text,
            meta,
            controls,
            check,
            feedback,
            why_button,
            reasons,
            live,
            posed: None,
            order: Vec::new(),
            tries: 0,
            done: false,
            max_tries,
        }
    }

    /// Shows a drawn question, its controls empty.
    pub fn show(&mut self, topic: &'static dyn Topic, q: Posed) {
        // A new question starts untried before its controls are painted:
        // the last one's answered state would disable its steps' buttons
        // (#35, defect 2).
        self.tries = 0;
        self.done = false;
        let _ = self.area.remove_attribute("hidden");
        self.text.set_text_content(Some(&q.text));
        for (k, v) in [
            ("data-topic", q.topic.to_string()),
            ("data-template", q.kind.id().to_string()),
            ("data-kind", q.kind.word().to_string()),
            ("data-seed", q.seed.to_string()),
            ("data-level", q.level.word().to_string()),
        ] {
            attr(&self.text, k, &v);
        }
        let how = match &q.body {
            Body::Lever(ask) if matches!(ask.variant, lever::Variant::Only(_)) => {
                "Type the lever's value"
            }
            Body::Lever(_) => "Choose a parameter and type its value",
            Body::Options { .. } => "Choose one answer",
            Body::Order { .. } => "Move the steps into order with the up and down buttons",
        };
        self.meta.set_text_content(Some(&format!(
            "{} · {} · {how}, then check. (seed {})",
            q.kind.title(),
            q.level.word(),
            q.seed
        )));
        clear(&self.controls);
        match &q.body {
            Body::Options { options, .. } => self.paint_options(options),
            Body::Lever(ask) => self.paint_lever(topic, ask),
            Body::Order { steps, .. } => {
                self.order = (0..steps.len()).collect();
                child(
                    &self.controls,
                    "ol",
                    "k-steps",
                    &[("id", "k-steps"), ("aria-label", "Steps, in your order")],
                );
                self.paint_steps(&q);
            }
        }
        self.feedback.set_text_content(None);
        self.feedback.set_class_name("q-feedback");
        let _ = self.feedback.remove_attribute("data-verdict");
        attr(&self.reasons, "hidden", "");
        clear(&self.reasons);
        attr(&self.why_button, "disabled", "");
        let _ = self.check.remove_attribute("disabled");
        self.live.set_text_content(None);
        let named =
            matches!(&q.body, Body::Lever(a) if matches!(a.variant, lever::Variant::Only(_)));
        self.posed = Some((topic, q));
        if named {
            // The question names its lever: its value box is ready.
            self.param_chosen();
        }
    }

    /// Hides the widget (a numeric question is on show).
    pub fn hide(&self) {
        attr(&self.area, "hidden", "");
    }

    fn paint_options(&self, options: &[kinds::Said]) {
        let set = child(&self.controls, "fieldset", "k-options", &[]);
        append(&set, &text_el("legend", "", "Your answer"));
        for (i, o) in options.iter().enumerate() {
            let text = format!("{}. {}", letter(i), o.text);
            let input = radio(&set, "k-option", "k-opt", &i.to_string(), &text);
            attr(&input, "id", &format!("k-opt-{i}"));
        }
    }

    /// The lever's controls: every parameter to choose from, but the fix's
    /// own where the question puts them off the table, and only the one it
    /// names where it names one.
    fn paint_lever(&self, topic: &'static dyn Topic, ask: &kinds::LeverAsk) {
        let row = child(&self.controls, "div", "k-lever", &[]);
        text_child(&row, "label", "", "Lever", &[("for", "k-param")]);
        let s = child(
            &row,
            "select",
            "",
            &[("id", "k-param"), ("aria-describedby", "k-hint")],
        );
        let only = match ask.variant {
            lever::Variant::Only(name) => Some(name),
            _ => None,
        };
        if only.is_none() {
            text_child(&s, "option", "", "Choose a parameter…", &[("value", "")]);
        }
        let story = ask.scenario.story;
        for spec in topic.params() {
            let off = ask.variant == lever::Variant::Other && lever::fix_sets(story, spec.name);
            if off || only.is_some_and(|n| n != spec.name) {
                continue;
            }
            text_child(&s, "option", "", spec.label, &[("value", spec.name)]);
        }
        on(&s, "change", |_| send(KindMsg::Param));
        text_child(&row, "label", "", "Set it to", &[("for", "k-value")]);
        child(
            &row,
            "input",
            "",
            &[
                ("id", "k-value"),
                ("type", "text"),
                ("autocomplete", "off"),
                ("aria-describedby", "k-hint"),
            ],
        );
        child(
            &row,
            "select",
            "",
            &[
                ("id", "k-word"),
                ("aria-label", "Set it to"),
                ("hidden", ""),
            ],
        );
        child(&self.controls, "p", "q-meta", &[("id", "k-hint")]);
    }

    /// The value control follows the chosen parameter: a box for a number
    /// (with its range and the story's value), the words for a choice.
    fn param_chosen(&self) {
        let Some((topic, q)) = &self.posed else {
            return;
        };
        let Body::Lever(ask) = &q.body else { return };
        let (Some(s), Some(v), Some(w), Some(hint)) = (
            select(by_id("k-param")),
            by_id("k-value"),
            select(by_id("k-word")),
            by_id("k-hint"),
        ) else {
            return;
        };
        let Some(spec) = lever::find_param(*topic, &s.value()) else {
            hint.set_text_content(None);
            return;
        };
        let now = ask.base.get(spec.name);
        match spec.kind {
            ParamKind::Choice(options) => {
                attr(&v, "hidden", "");
                let _ = w.remove_attribute("hidden");
                w.set_inner_html("");
                for (word, label) in options {
                    text_child(&w, "option", "", label, &[("value", word)]);
                }
                hint.set_text_content(Some(&format!("The story has {}.", spec.display(now))));
            }
            ParamKind::Number { min, max, .. } => {
                attr(&w, "hidden", "");
                let _ = v.remove_attribute("hidden");
                let extra = spec.box_hint().map(|h| format!(" {h}")).unwrap_or_default();
                hint.set_text_content(Some(&format!(
                    "The story has {}; allowed {} to {}.{extra}",
                    spec.display(now),
                    spec.display(min),
                    spec.display(max)
                )));
            }
        }
    }

    /// The steps in the learner's order, each with its move buttons.
    fn paint_steps(&self, q: &Posed) {
        let Body::Order { steps, .. } = &q.body else {
            return;
        };
        let Some(list) = by_id("k-steps") else { return };
        clear(&list);
        let n = self.order.len();
        for (pos, &i) in self.order.iter().enumerate() {
            let li = child(&list, "li", "k-step", &[("data-step", &i.to_string())]);
            append(&li, &text_el("span", "k-pos", &format!("{}.", pos + 1)));
            append(&li, &text_el("span", "k-step-text", &steps[i].text));
            for (up, glyph, word) in [(true, "↑", "up"), (false, "↓", "down")] {
                let b = push_button("k-move", glyph);
                attr(&b, "id", &format!("k-{word}-{pos}"));
                attr(
                    &b,
                    "aria-label",
                    &format!("Move “{}” {word}", steps[i].text),
                );
                if (up && pos == 0) || (!up && pos + 1 == n) || self.done {
                    attr(&b, "disabled", "");
                }
                on(&b, "click", move |_| send(KindMsg::Move(pos, up)));
                append(&li, &b);
            }
        }
    }

    fn move_step(&mut self, pos: usize, up: bool) {
        let to = if up {
            pos.checked_sub(1)
        } else {
            Some(pos + 1)
        };
        let Some(to) = to.filter(|t| *t < self.order.len()) else {
            return;
        };
        if self.done {
            return;
        }
        self.order.swap(pos, to);
        let Some((_, q)) = &self.posed else { return };
        self.paint_steps(q);
        if let Body::Order { steps, .. } = &q.body {
            let moved = &steps[self.order[to]].text;
            self.live.set_text_content(Some(&format!(
                "“{moved}” is now step {} of {}.",
                to + 1,
                self.order.len()
            )));
        }
        // Focus stays with the step that moved, on the same button when it
        // can still move that way.
        let word = if up { "up" } else { "down" };
        let same = by_id(&format!("k-{word}-{to}")).filter(|b| !b.has_attribute("disabled"));
        let other = by_id(&format!("k-{}-{to}", if up { "down" } else { "up" }));
        if let Some(b) = same.or(other) {
            let _ = html(&b).focus();
        }
    }

    /// What the controls say: `None` with a message when nothing is chosen.
    fn response(&self) -> Result<Response, String> {
        let Some((_, q)) = &self.posed else {
            return Err(String::new());
        };
        match &q.body {
            Body::Options { .. } => document()
                .query_selector("input[name=k-opt]:checked")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
                .and_then(|e| e.value().parse().ok())
                .map(Response::Pick)
                .ok_or_else(|| "Choose one of the answers first.".into()),
            Body::Order { .. } => Ok(Response::Order(self.order.clone())),
            Body::Lever(_) => {
                let param = select(by_id("k-param"))
                    .map(|s| s.value())
                    .unwrap_or_default();
                if param.is_empty() {
                    return Err("Choose the parameter you would change first.".into());
                }
                let word = select(by_id("k-word")).filter(|w| !w.has_attribute("hidden"));
                let value = match word {
                    Some(w) => w.value(),
                    None => by_id("k-value")
                        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
                        .map(|e| e.value())
                        .unwrap_or_default(),
                };
                Ok(Response::Lever { param, value })
            }
        }
    }

    /// Marks the answer with the model, records it (its first try moves the
    /// template's box) and says why; a question of options is answered once.
    fn check(&mut self, store: &mut Store) -> bool {
        let Some((topic, q)) = self.posed.clone() else {
            return false;
        };
        if self.done {
            return false;
        }
        let r = match self.response() {
            Ok(r) => r,
            Err(why) => {
                self.say(&why, "unreadable");
                return false;
            }
        };
        let m = kinds::mark(topic, &q, &r);
        if m.unreadable {
            self.say(&m.message, "unreadable");
            return false;
        }
        self.tries += 1;
        let first = self.tries == 1;
        let saved = store
            .update(|p| p.record_question(q.topic, q.kind.id(), &q.text, q.seed, m.correct, first));
        let once = matches!(q.body, Body::Options { .. });
        let spent = self.max_tries.is_some_and(|n| self.tries >= n);
        self.done = m.correct || once || spent;
        // A record that could not be saved is said, not lost in silence.
        let message = match saved {
            Ok(()) => m.message.clone(),
            Err(why) => format!("{} {why}", m.message),
        };
        self.say(&message, if m.correct { "correct" } else { "wrong" });
        let _ = self.why_button.remove_attribute("disabled");
        if self.done {
            attr(&self.check, "disabled", "");
            self.show_why(&m.reasons);
            if let Body::Order { .. } = q.body {
                self.paint_steps(&q);
            }
        }
        true
    }

    fn say(&self, text: &str, verdict: &str) {
        self.feedback
            .set_class_name(&format!("q-feedback {verdict}"));
        attr(&self.feedback, "data-verdict", verdict);
        self.feedback.set_text_content(Some(text));
    }

    /// Every option's or step's reason, or every lever the model finds, and
    /// the story's explanation.
    fn show_why(&self, given: &[String]) {
        let Some((topic, q)) = &self.posed else {
            return;
        };
        let lines: Vec<String> = match (&q.body, given.is_empty()) {
            (Body::Lever(ask), _) => lever::explain(*topic, ask),
            (_, false) => given.to_vec(),
            _ => kinds::key(*topic, q)
                .map(|k| kinds::mark(*topic, q, &k).reasons)
                .unwrap_or_default(),
        };
        let mut out = String::from("<ul>");
        for l in &lines {
            out += &format!("<li>{}</li>", esc(l));
        }
        out += "</ul>";
        if !q.reveal.is_empty() {
            out += &format!("<p>{}</p>", esc(&q.reveal));
        }
        self.reasons.set_inner_html(&out);
        let _ = self.reasons.remove_attribute("hidden");
    }

    /// Handles a message of the widget; true when an answer was recorded.
    pub fn update(&mut self, m: KindMsg, store: &mut Store) -> bool {
        match m {
            KindMsg::Check => return self.check(store),
            KindMsg::Param => self.param_chosen(),
            KindMsg::Move(pos, up) => self.move_step(pos, up),
            KindMsg::Why => {
                if !self.why_button.has_attribute("disabled") {
                    self.show_why(&[]);
                }
            }
        }
        false
    }
}
