//! Predict, observe, explain on a topic page: with predictions on (the
//! checkbox under the stories, or `predict=on` in the link), choosing a
//! story or its fix hides the outcome until the learner commits a
//! prediction — the page's first figure, and whether the check the story is
//! about holds — or skips. Then each prediction shows beside the model's
//! answer, with the story's explanation, and the record keeps it.
//!
//! The outcome is veiled, not withheld: the page has already run the model;
//! the figures, checks, charts and scene and the story's ending are blurred
//! and inert (unreachable by keyboard and screen reader) until the reveal,
//! and its fix button, there only for a story that fails a check, is out
//! of the page (blurred, its place alone would tell). The parameters stay
//! in sight and in reach: a prediction is made from them (moving one drops
//! the prediction, as any move does).

use super::dom::*;
use super::msg::{dispatch, Msg, PredictMsg};
use super::store::Store;
use crate::challenge::kinds::predict::{self, Guess, GuessReader, Near, Prompt};
use crate::model::{Outcome, Preset, Topic};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

/// Records that a prediction of `topic`'s story `key` bore out, or not, in
/// the learner's record (opened on first use); the reason it could not, in
/// words.
pub type Recorder = fn(&mut Option<Store>, &str, &str, bool) -> Result<(), String>;

/// What a prediction's reveal needs of the challenge panel's part (a
/// browser page build fetches it after the page's first paint,
/// src/web/practice_load.rs): the reader of answers, and the record.
#[derive(Clone, Copy)]
pub struct PoeCode {
    pub read: GuessReader,
    pub record: Recorder,
}

pub struct Poe {
    topic: &'static dyn Topic,
    pub enabled: bool,
    section: Element,
    form: Element,
    reveal: Element,
    /// The story (and fix) waiting for a prediction, and what it asks.
    pending: Option<(&'static Preset, bool, Vec<Prompt>)>,
    /// A prediction committed before the answer reader's code came (it is
    /// in the challenge panel's part): committed again when it comes.
    waiting: bool,
}

fn send(m: PredictMsg) {
    dispatch(Msg::Predict(m));
}

/// The page's outcome: the key figures, the scene and the results, and
/// the story's text (which tells how it ends), blurred; the story's fix
/// button (there only when the story fails a check) out of the page.
fn veil(on: bool) {
    const VEILED: [&str; 4] = [
        ".layout .keybar",
        ".layout .scene-slot",
        ".layout .results",
        ".presets .story",
    ];
    for (sel, class) in VEILED
        .iter()
        .map(|s| (*s, "veiled"))
        .chain([("#apply-fix", "poe-out")])
    {
        let Some(e) = document().query_selector(sel).ok().flatten() else {
            continue;
        };
        if on {
            let _ = e.class_list().add_1(class);
            attr(&e, "inert", "");
        } else {
            let _ = e.class_list().remove_1(class);
            let _ = e.remove_attribute("inert");
        }
    }
}

impl Poe {
    /// The switch among the story buttons, and the section under them
    /// (none when the link hides the stories).
    pub fn mount(topic: &'static dyn Topic, enabled: bool) -> Option<Poe> {
        let stories = document()
            .query_selector("section.presets")
            .ok()
            .flatten()?;
        let row = stories.query_selector(".preset-row").ok().flatten()?;
        // The switch sits with the story buttons; the section below them
        // shows only while a prediction is asked or revealed.
        let lab = el("label", "poe-toggle");
        attr(&lab, "title", "Before a story's outcome shows, predict it");
        let cb = el("input", "");
        attr(&cb, "type", "checkbox");
        attr(&cb, "id", "poe-on");
        if enabled {
            attr(&cb, "checked", "");
        }
        on(&cb, "change", |_| send(PredictMsg::Toggle));
        append(&lab, &cb);
        append(&lab, &text_el("span", "", " Predict first"));
        append(&row, &lab);
        let section = el("section", "poe");
        attr(&section, "id", "poe");
        attr(&section, "aria-label", "Predict before you look");
        attr(&section, "hidden", "");
        let form = submit_form(&section, "poe-form", "poe-form", || {
            send(PredictMsg::Commit)
        });
        attr(&form, "hidden", "");
        let reveal = status_region(&section, "div", "poe-reveal", "poe-reveal");
        let _ = stories.after_with_node_1(&section);
        Some(Poe {
            topic,
            enabled,
            section,
            form,
            reveal,
            pending: None,
            waiting: false,
        })
    }

    /// A story (or its fix) was chosen and the page ran it: with
    /// predictions on, the outcome is veiled and the prompts asked.
    pub fn story_chosen(&mut self, story: Option<&'static Preset>, fix: bool, out: &Outcome) {
        clear(&self.reveal);
        self.cancel();
        let Some(story) = story.filter(|_| self.enabled) else {
            return;
        };
        let prompts = predict::story_prompts(self.topic, story, out);
        if prompts.is_empty() {
            return;
        }
        clear(&self.form);
        let what = match (fix, story.fix) {
            (true, Some(f)) => format!("“{}” with its fix, {}", story.title, f.label),
            _ => format!("“{}”", story.title),
        };
        append(
            &self.form,
            &text_el(
                "p",
                "poe-lede",
                &format!("Before you look at {what}: commit a prediction. The outcome stays hidden until you do, or skip."),
            ),
        );
        for (i, p) in prompts.iter().enumerate() {
            append(&self.form, &prompt_field(i, p));
        }
        let row = el("div", "q-row");
        submit_button(&row, "primary", "Commit my prediction", "poe-commit");
        let skip = push_button("", "Skip: show me");
        attr(&skip, "id", "poe-skip");
        on(&skip, "click", |_| send(PredictMsg::Skip));
        append(&row, &skip);
        append(&self.form, &row);
        let _ = self.form.remove_attribute("hidden");
        let _ = self.section.remove_attribute("hidden");
        clear(&self.reveal);
        veil(true);
        if let Some(first) = self.form.query_selector("input").ok().flatten() {
            let _ = html(&first).focus();
        }
        self.pending = Some((story, fix, prompts));
    }

    /// Anything else moved on the page: a pending prediction is dropped.
    pub fn cancel(&mut self) {
        self.waiting = false;
        if self.pending.take().is_some() {
            attr(&self.form, "hidden", "");
            clear(&self.form);
            veil(false);
        }
        if !self.reveal.has_child_nodes() {
            attr(&self.section, "hidden", "");
        }
    }

    /// Whether a committed prediction waits for the answer reader's code.
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    /// Each prediction beside the model's answer in `out`, a figure read by
    /// `code` (`None`: it has not come yet, and the commit waits for it);
    /// the record counts it (right when every one bore out).
    fn commit(&mut self, out: &Outcome, store: &mut Option<Store>, code: Option<PoeCode>) {
        let Some((story, fix, prompts)) = self.pending.clone() else {
            return;
        };
        let mut guesses = Vec::new();
        for (i, p) in prompts.iter().enumerate() {
            let Some(guess) = read_guess(i, p) else {
                self.note(&format!("Answer “{}” first, or skip.", p.question()));
                return;
            };
            guesses.push(guess);
        }
        let Some(code) = code else {
            self.waiting = true;
            self.note("Reading your prediction…");
            return;
        };
        self.waiting = false;
        // A figure the reader cannot read is said so before anything is
        // shown or counted: the prediction stays open to mend.
        for (p, guess) in prompts.iter().zip(&guesses) {
            if let (Prompt::Figure { label, unit, .. }, Guess::Figure(text)) = (p, guess) {
                if let Err(why) = (code.read)(text, *unit) {
                    self.note(&format!(
                        "“{}” for “{label}”: {}. Mend it and commit again, or skip.",
                        text.trim(),
                        why.trim_end_matches('.')
                    ));
                    return;
                }
            }
        }
        let rows: Vec<_> = prompts
            .iter()
            .zip(&guesses)
            .filter_map(|(p, guess)| predict::reveal_with(p, guess, out, code.read))
            .collect();
        self.pending = None;
        attr(&self.form, "hidden", "");
        clear(&self.form);
        veil(false);
        let right = rows.iter().filter(|r| r.near == Near::Right).count();
        let in_range = rows.iter().filter(|r| r.near == Near::Range).count();
        let key = if fix {
            format!("{}+fix", story.id)
        } else {
            story.id.to_string()
        };
        let saved = (code.record)(store, self.topic.id(), &key, right == rows.len());
        let more = match in_range {
            0 => String::new(),
            n => format!("; {n} more in range"),
        };
        let mut h = format!(
            "<p class=\"poe-score\">{right} of {} predictions bore out{more}.</p><table class=\"poe-table\"><caption>Your prediction beside the model</caption><thead><tr><th scope=\"col\">Prediction</th><th scope=\"col\">Yours</th><th scope=\"col\">The model</th><th scope=\"col\">How near</th></tr></thead><tbody>",
            rows.len()
        );
        for r in &rows {
            h += &format!(
                "<tr data-near=\"{}\"><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td></tr>",
                r.near.word(),
                esc(&r.question),
                esc(&r.yours),
                esc(&r.model),
                r.said
            );
        }
        h += "</tbody></table>";
        h += &format!("<p class=\"poe-rule\">{}</p>", esc(&predict::near_rule()));
        // Why: the story's own account, or with its fix applied what the
        // fix changes (the story's account, which the page shows beside
        // the story, is the unfixed run's).
        match (fix, story.fix) {
            (true, Some(f)) => {
                h += &format!(
                    "<p class=\"poe-why\"><strong>Why, with the fix:</strong> {}</p>",
                    esc(f.explain)
                )
            }
            _ => {
                h += &format!(
                    "<p class=\"poe-why\"><strong>Why:</strong> {}</p>",
                    esc(story.story)
                )
            }
        }
        if let Err(why) = saved {
            h += &format!("<p class=\"poe-score\">{}</p>", esc(&why));
        }
        self.reveal.set_inner_html(&h);
        attr(&self.reveal, "data-recorded", &key);
        // The keyboard goes on from the result, not from the page's top
        // (the form it was in is gone).
        attr(&self.reveal, "tabindex", "-1");
        let _ = html(&self.reveal).focus();
    }

    fn note(&self, text: &str) {
        self.reveal
            .set_inner_html(&format!("<p class=\"poe-score\">{}</p>", esc(text)));
    }

    /// Handles a message; `out` is the outcome on the page, `code` what
    /// reads a figure and records it (`None` until it has come).
    pub fn update(
        &mut self,
        m: PredictMsg,
        out: Option<&Outcome>,
        store: &mut Option<Store>,
        code: Option<PoeCode>,
    ) {
        match m {
            PredictMsg::Toggle => {
                self.enabled = by_id("poe-on")
                    .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
                    .is_some_and(|e| e.checked());
                if !self.enabled {
                    self.cancel();
                }
            }
            PredictMsg::Skip => {
                clear(&self.reveal);
                self.cancel();
            }
            PredictMsg::Commit => {
                if let Some(out) = out {
                    self.commit(out, store, code);
                }
            }
        }
    }
}

/// A prediction's field: a box for a figure, a yes/no radio group for a check.
fn prompt_field(i: usize, p: &Prompt) -> Element {
    match p {
        Prompt::Figure { unit, .. } => {
            let row = el("div", "poe-field");
            let l = text_el("label", "", &p.question());
            attr(&l, "for", &format!("poe-{i}"));
            append(&row, &l);
            let input = el("input", "");
            attr(&input, "id", &format!("poe-{i}"));
            attr(&input, "type", "text");
            attr(&input, "autocomplete", "off");
            attr(&input, "inputmode", "decimal");
            append(&row, &input);
            let u = unit.symbol();
            if !u.is_empty() {
                append(&row, &text_el("span", "poe-unit", u));
            }
            row
        }
        Prompt::Holds(_) => {
            let set = el("fieldset", "poe-field");
            append(&set, &text_el("legend", "", &p.question()));
            for (v, word) in [("1", "It holds"), ("0", "It fails")] {
                radio(&set, "", &format!("poe-{i}"), v, &format!(" {word}"));
            }
            set
        }
    }
}

/// What the learner predicted in field `i`; none while it is empty.
fn read_guess(i: usize, p: &Prompt) -> Option<Guess> {
    match p {
        Prompt::Figure { .. } => by_id(&format!("poe-{i}"))
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            .map(|e| e.value())
            .filter(|v| !v.trim().is_empty())
            .map(Guess::Figure),
        Prompt::Holds(_) => document()
            .query_selector(&format!("input[name=poe-{i}]:checked"))
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            .map(|e| Guess::Holds(e.value() == "1")),
    }
}
