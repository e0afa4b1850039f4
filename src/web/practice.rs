//! Practice: the challenge panel under each topic page and the practice page's
//! drill across topics. One question widget serves both: the question, the
//! answer box, feedback, hints, the worked solution, tries and the score.

use super::dom::*;
use super::store;
use crate::challenge::{self, Grade, Question, Template, Verdict};
use crate::model::{Params, Topic};
use crate::topics;
use crate::urlstate;
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

/// What a host page (embed mode) may turn off or limit.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub hide_hints: bool,
    pub hide_solution: bool,
    pub hide_score: bool,
    /// Tries allowed per question.
    pub max_tries: Option<u32>,
    /// Every "new question" uses this seed (a whole class, the same numbers).
    pub seed: Option<u64>,
    /// The template to open on (C1, C2, C3).
    pub template: Option<String>,
    /// The first question is drawn from this seed (a link reopens the
    /// question it was made on); later ones are fresh.
    pub open_seed: Option<u64>,
    /// The first question is asked about the page's parameters.
    pub open_live: bool,
}

/// Told of each graded answer: the question, the grade, the tries so far.
pub type OnGraded = Box<dyn Fn(&Question, &Grade, u32)>;

/// A fresh seed from the browser's entropy (below 2^32, so it survives JSON
/// and JS numbers exactly).
pub fn fresh_seed() -> u64 {
    let mut b = [0u8; 4];
    if getrandom::fill(&mut b).is_err() {
        // No entropy source: fall back to the clock, still a fine question.
        return (now_ms() * 1000.0) as u64 % 4_294_967_296;
    }
    u32::from_le_bytes(b) as u64
}

enum Mode {
    /// Under a topic page: tabs for its templates.
    Topic {
        topic: &'static dyn Topic,
        templates: Vec<Template>,
        current: usize,
        tabs: Vec<Element>,
    },
    /// The practice page: a drill over the chosen topics.
    Drill { chosen: Vec<&'static str> },
}

struct Panel {
    mode: Mode,
    options: Options,
    text: Element,
    meta: Element,
    input: HtmlInputElement,
    feedback: Element,
    hint_button: Element,
    hints: Element,
    solution_button: Element,
    solution: Element,
    score: Element,
    question: Option<Question>,
    tries: u32,
    solved: bool,
    hints_shown: usize,
    /// The page's parameters when the question on show was asked about them.
    asked: Option<Params>,
    /// Called after each grade (embed mode tells the host).
    on_graded: Option<OnGraded>,
}

/// The question on show, as a link names it. A question asked about the
/// page's parameters keeps its seed only while the page still shows them.
pub fn current_challenge(page: &Params) -> Option<urlstate::Challenge> {
    PANEL.with(|p| {
        let g = p.try_borrow().ok()?;
        let panel = g.as_ref()?;
        let q = panel.question.as_ref()?;
        let mut c = urlstate::Challenge {
            template: Some(q.template.clone()),
            seed: Some(q.seed),
            live: q.live,
        };
        if q.live && panel.asked.as_ref() != Some(page) {
            c.seed = None;
        }
        Some(c)
    })
}

/// The page's parameters moved: a question asked about them that the learner
/// has not tried yet follows the sliders (same seed); one already tried stays
/// as it was, so an answer is never graded against a question that changed.
pub fn page_changed(page: &Params) {
    with_panel(|panel| {
        let untouched = panel.tries == 0 && !panel.solved;
        let live = panel.question.as_ref().is_some_and(|q| q.live);
        if live && untouched && panel.asked.as_ref() != Some(page) {
            let Some((topic, t)) = panel.topic_templates() else {
                return;
            };
            let (id, seed) = (t.id.clone(), panel.question.as_ref().map_or(0, |q| q.seed));
            panel.show(topics::question_live(topic, &id, seed, page));
            panel.asked = Some(page.clone());
        }
    });
}

thread_local! {
    static PANEL: RefCell<Option<Panel>> = const { RefCell::new(None) };
}

fn with_panel(f: impl FnOnce(&mut Panel)) {
    PANEL.with(|p| {
        if let Ok(mut g) = p.try_borrow_mut() {
            if let Some(panel) = g.as_mut() {
                f(panel);
            }
        }
    });
}

fn button(class: &str, text: &str) -> Element {
    let b = text_el("button", class, text);
    attr(&b, "type", "button");
    b
}

/// The question area shared by both modes, appended to `parent`.
fn widget(parent: &Element, options: Options, mode: Mode) -> Panel {
    let text = el("p", "q-text");
    attr(&text, "id", "q-text");
    append(parent, &text);
    let meta = el("p", "q-meta");
    append(parent, &meta);
    let form = el("form", "q-form");
    attr(&form, "id", "q-form");
    let label = text_el("label", "", "Your answer");
    attr(&label, "for", "q-answer");
    append(&form, &label);
    let input = el("input", "");
    attr(&input, "id", "q-answer");
    attr(&input, "type", "text");
    attr(&input, "autocomplete", "off");
    attr(&input, "inputmode", "decimal");
    attr(&input, "aria-describedby", "q-feedback");
    append(&form, &input);
    let check = text_el("button", "primary", "Check");
    attr(&check, "type", "submit");
    append(&form, &check);
    on(&form, "submit", |e| {
        e.prevent_default();
        with_panel(|p| p.check());
    });
    append(parent, &form);
    let feedback = el("p", "q-feedback");
    attr(&feedback, "id", "q-feedback");
    attr(&feedback, "role", "status");
    attr(&feedback, "aria-live", "polite");
    append(parent, &feedback);
    let row = el("div", "q-row");
    let hint_button = button("", "Show a hint");
    attr(&hint_button, "id", "q-hint");
    on(&hint_button, "click", |_| with_panel(|p| p.hint()));
    let solution_button = button("", "Show the worked solution");
    attr(&solution_button, "id", "q-solution");
    on(&solution_button, "click", |_| with_panel(|p| p.reveal()));
    if !options.hide_hints {
        append(&row, &hint_button);
    }
    if !options.hide_solution {
        append(&row, &solution_button);
    }
    append(parent, &row);
    let hints = el("ol", "q-hints");
    append(parent, &hints);
    let solution = el("div", "q-solution");
    attr(&solution, "hidden", "");
    append(parent, &solution);
    let score = el("p", "q-score");
    attr(&score, "id", "q-score");
    if !options.hide_score {
        append(parent, &score);
    }
    Panel {
        mode,
        options,
        text,
        meta,
        input: input.unchecked_into(),
        feedback,
        hint_button,
        hints,
        solution_button,
        solution,
        score,
        question: None,
        tries: 0,
        solved: false,
        hints_shown: 0,
        asked: None,
        on_graded: None,
    }
}

/// The challenge panel under a topic page. `params` gives the page's live
/// parameters for "ask about this page".
pub fn mount_topic(
    parent: &Element,
    topic: &'static dyn Topic,
    options: Options,
    on_graded: Option<OnGraded>,
) {
    let templates = challenge::templates(topic);
    if templates.is_empty() {
        return;
    }
    let section = el("section", "practice");
    attr(&section, "id", "practice");
    attr(&section, "aria-labelledby", "practice-h");
    let h = text_el("h2", "", "Practice");
    attr(&h, "id", "practice-h");
    append(&section, &h);
    let tabs_row = el("div", "q-tabs");
    attr(&tabs_row, "role", "group");
    attr(&tabs_row, "aria-label", "Challenge");
    let mut tabs = Vec::new();
    for (i, t) in templates.iter().enumerate() {
        let b = button("q-tab", &format!("{}: {}", t.id, t.title));
        attr(&b, "data-template", &t.id);
        on(&b, "click", move |_| with_panel(|p| p.select(i)));
        append(&tabs_row, &b);
        tabs.push(b);
    }
    append(&section, &tabs_row);
    let row = el("div", "q-row");
    let fresh = button("", "New question");
    attr(&fresh, "id", "q-new");
    on(&fresh, "click", |_| with_panel(|p| p.fresh()));
    append(&row, &fresh);
    let live = button("", "Ask about this page");
    attr(&live, "id", "q-live");
    on(&live, "click", |_| with_panel(|p| p.about_page()));
    append(&row, &live);
    append(&section, &row);
    let current = options
        .template
        .as_deref()
        .and_then(|id| templates.iter().position(|t| t.id.eq_ignore_ascii_case(id)))
        .unwrap_or(0);
    let mode = Mode::Topic {
        topic,
        templates,
        current,
        tabs,
    };
    let opening = (options.open_seed, options.open_live);
    let mut panel = widget(&section, options, mode);
    panel.on_graded = on_graded;
    append(parent, &section);
    match opening {
        (Some(seed), live) if panel.options.seed.is_none() => {
            panel.mark_tab(current);
            if live {
                panel.about_page_with(seed);
            } else {
                panel.draw(seed);
            }
        }
        (None, true) => {
            panel.mark_tab(current);
            panel.about_page();
        }
        _ => panel.select(current),
    }
    PANEL.with(|p| *p.borrow_mut() = Some(panel));
}

impl Panel {
    fn topic_templates(&self) -> Option<(&'static dyn Topic, &Template)> {
        match &self.mode {
            Mode::Topic {
                topic,
                templates,
                current,
                ..
            } => Some((*topic, &templates[*current])),
            Mode::Drill { .. } => None,
        }
    }

    fn mark_tab(&mut self, i: usize) {
        if let Mode::Topic { current, tabs, .. } = &mut self.mode {
            *current = i;
            for (k, t) in tabs.iter().enumerate() {
                attr(t, "aria-pressed", if k == i { "true" } else { "false" });
            }
        }
    }

    fn select(&mut self, i: usize) {
        self.mark_tab(i);
        if self.options.seed.is_some() {
            self.fresh();
            return;
        }
        let live = self
            .topic_templates()
            .is_some_and(|(_, t)| challenge::mirrors_page(t));
        if live {
            self.about_page();
        } else {
            self.fresh();
        }
    }

    /// A new draw (or the host's fixed seed).
    fn fresh(&mut self) {
        let seed = self.options.seed.unwrap_or_else(fresh_seed);
        self.draw(seed);
    }

    /// The question drawn from `seed`.
    fn draw(&mut self, seed: u64) {
        match &self.mode {
            Mode::Topic { .. } => {
                if let Some((topic, t)) = self.topic_templates() {
                    let id = t.id.clone();
                    self.show(topics::question(topic, &id, seed));
                }
            }
            Mode::Drill { chosen } => {
                let pool: Vec<(&'static dyn Topic, String)> = chosen
                    .iter()
                    .filter_map(|id| topics::find(id))
                    .flat_map(|t| {
                        challenge::templates(t)
                            .into_iter()
                            .map(move |tpl| (t, tpl.id))
                    })
                    .collect();
                if pool.is_empty() {
                    self.text
                        .set_text_content(Some("Choose at least one topic above."));
                    return;
                }
                let (t, id) = &pool[(crate::model::hash64(seed) % pool.len() as u64) as usize];
                self.show(topics::question(*t, id, seed));
            }
        }
    }

    fn about_page(&mut self) {
        let seed = self.options.seed.unwrap_or_else(fresh_seed);
        self.about_page_with(seed);
    }

    /// The template asked about the page's parameters, the rest from `seed`.
    fn about_page_with(&mut self, seed: u64) {
        let Some((topic, t)) = self.topic_templates() else {
            return;
        };
        let id = t.id.clone();
        match super::page::current_params() {
            Some(params) => {
                self.show(topics::question_live(topic, &id, seed, &params));
                self.asked = Some(params);
            }
            None => self.show(topics::question(topic, &id, seed)),
        }
    }

    fn show(&mut self, q: Result<Question, challenge::ChallengeError>) {
        let q = match q {
            Ok(q) => q,
            Err(e) => {
                self.text
                    .set_text_content(Some(&format!("This question could not be drawn: {e}")));
                return;
            }
        };
        let topic_title = topics::find(q.topic).map(|t| t.title()).unwrap_or("");
        let head = match self.mode {
            Mode::Drill { .. } => format!("{topic_title} · {}: {}. ", q.template, q.title),
            Mode::Topic { .. } => String::new(),
        };
        self.text
            .set_text_content(Some(&format!("{head}{}", q.text)));
        let source = if q.live {
            "asked about this page's sliders".to_string()
        } else {
            format!("seed {}", q.seed)
        };
        self.meta.set_text_content(Some(&format!(
            "Answer in {}; graded {}. ({source})",
            unit_words(q.unit),
            q.tolerance.describe(q.unit)
        )));
        self.input.set_value("");
        let _ = self.input.remove_attribute("disabled");
        self.feedback.set_text_content(None);
        self.feedback.set_class_name("q-feedback");
        self.hints.set_inner_html("");
        self.solution.set_text_content(Some(&q.solution));
        attr(&self.solution, "hidden", "");
        attr(&self.solution_button, "disabled", "");
        let _ = self.hint_button.remove_attribute("disabled");
        self.tries = 0;
        self.solved = false;
        self.hints_shown = 0;
        attr(&self.text, "data-template", &q.template);
        attr(&self.text, "data-seed", &q.seed.to_string());
        attr(
            &self.text,
            "data-live",
            if q.live { "true" } else { "false" },
        );
        attr(&self.text, "data-topic", q.topic);
        self.question = Some(q);
        self.asked = None;
        self.paint_score();
        // The address names the question on show.
        super::embed::changed(false);
    }

    fn check(&mut self) {
        let Some(q) = self.question.clone() else {
            return;
        };
        if self.solved {
            return;
        }
        if let Some(max) = self.options.max_tries {
            if self.tries >= max {
                self.feedback.set_text_content(Some(&format!(
                    "No tries left on this question ({max} allowed)."
                )));
                return;
            }
        }
        let g = challenge::grade(&q, &self.input.value());
        if g.verdict != Verdict::Unreadable {
            self.tries += 1;
        }
        let class = match g.verdict {
            Verdict::Correct => "q-feedback correct",
            Verdict::Close => "q-feedback close",
            Verdict::Wrong => "q-feedback wrong",
            Verdict::Unreadable => "q-feedback unreadable",
        };
        self.feedback.set_class_name(class);
        attr(&self.feedback, "data-verdict", g.verdict.word());
        let mut message = g.message.clone();
        if self.options.hide_hints {
            // The grader's wrong-answer message carries the first hint.
            if let Some(i) = message.find(" Hint:") {
                message.truncate(i);
            }
        } else if g.verdict == Verdict::Wrong && self.hints_shown == 0 {
            self.hints_shown = 1;
            self.paint_hints();
        }
        self.feedback.set_text_content(Some(&message));
        match g.verdict {
            Verdict::Correct => {
                self.solved = true;
                let first = self.tries == 1;
                store::update(|p| p.record(q.topic, &q.template, q.seed, true, first));
                let _ = self.solution_button.remove_attribute("disabled");
            }
            Verdict::Wrong | Verdict::Close => {
                store::update(|p| p.record(q.topic, &q.template, q.seed, false, self.tries == 1));
                let _ = self.solution_button.remove_attribute("disabled");
            }
            Verdict::Unreadable => {}
        }
        if let Some(max) = self.options.max_tries {
            if !self.solved && self.tries >= max {
                attr(&self.input, "disabled", "");
                self.feedback.set_text_content(Some(&format!(
                    "{message} That was the last of {max} tries."
                )));
            }
        }
        if g.verdict != Verdict::Unreadable {
            if let Some(f) = &self.on_graded {
                f(&q, &g, self.tries);
            }
        }
        self.paint_score();
    }

    fn hint(&mut self) {
        if self.hints_shown < 2 {
            self.hints_shown += 1;
            self.paint_hints();
        }
    }

    fn paint_hints(&self) {
        let Some(q) = &self.question else { return };
        let mut html = String::new();
        for h in q.hints.iter().take(self.hints_shown) {
            html += &format!("<li>{}</li>", esc(h));
        }
        self.hints.set_inner_html(&html);
        if self.hints_shown >= 2 {
            attr(&self.hint_button, "disabled", "");
        }
    }

    fn reveal(&mut self) {
        if self.solution_button.has_attribute("disabled") {
            return;
        }
        let _ = self.solution.remove_attribute("hidden");
    }

    fn paint_score(&self) {
        let p = store::progress();
        let line = match (&self.mode, &self.question) {
            (Mode::Topic { .. }, Some(q)) => {
                let e = p.entry(q.topic, &q.template);
                format!(
                    "{}: solved {} in {} tries. Score {} · streak {} (best {}).",
                    q.template, e.correct, e.attempts, p.score, p.streak, p.best_streak
                )
            }
            _ => format!(
                "Score {} · streak {} (best {}).",
                p.score, p.streak, p.best_streak
            ),
        };
        self.score.set_text_content(Some(&line));
    }
}

fn unit_words(u: crate::model::Unit) -> String {
    match u {
        crate::model::Unit::Share => "percent (35%) or a fraction (0.35)".into(),
        u if u.symbol().is_empty() => "a number".into(),
        u => u.symbol().to_string(),
    }
}

/// The practice page: choose topics, drill, see progress, export/import.
pub fn mount_drill(app: &Element, link: &urlstate::State, notes: Vec<String>) {
    clear(app);
    let _ = app.remove_attribute("aria-busy");
    document().set_title("Practice · Fleetlab");
    let head = el("header", "topic-head");
    append(&head, &text_el("p", "kind", "practice"));
    append(&head, &text_el("h1", "", "Practice"));
    append(
        &head,
        &text_el(
            "p",
            "question",
            "Questions drawn from every topic's challenges, graded as you type them. Your progress stays in this browser; export it to keep it.",
        ),
    );
    append(app, &head);
    let notice = el("p", "notice");
    attr(&notice, "id", "notice");
    attr(&notice, "role", "status");
    let mut said = notes;
    said.extend(store::notice());
    if !said.is_empty() {
        notice.set_text_content(Some(&said.join(" ")));
    }
    append(app, &notice);

    let available: Vec<&'static dyn Topic> = topics::all()
        .filter(|t| !challenge::templates(*t).is_empty())
        .collect();
    let choose = el("fieldset", "q-topics");
    append(&choose, &text_el("legend", "", "Topics in the drill"));
    for t in &available {
        let lab = el("label", "");
        let cb = el("input", "");
        attr(&cb, "type", "checkbox");
        attr(&cb, "checked", "");
        attr(&cb, "value", t.id());
        on(&cb, "change", |_| chosen_changed());
        append(&lab, &cb);
        append(&lab, &text_el("span", "", &format!(" {}", t.title())));
        append(&choose, &lab);
    }
    append(app, &choose);

    let section = el("section", "practice drill");
    attr(&section, "id", "practice");
    let row = el("div", "q-row");
    let next = button("primary", "Next question");
    attr(&next, "id", "q-new");
    on(&next, "click", |_| with_panel(|p| p.fresh()));
    append(&row, &next);
    append(&section, &row);
    let chosen = available.iter().map(|t| t.id()).collect();
    let e = &link.embed;
    let options = Options {
        hide_hints: e.hide.hints,
        hide_solution: e.hide.solution,
        hide_score: e.hide.score,
        max_tries: e.tries,
        seed: e.fixed_seed,
        ..Options::default()
    };
    let mut panel = widget(&section, options, Mode::Drill { chosen });
    append(app, &section);

    let records = el("section", "records");
    append(&records, &text_el("h2", "", "Your progress"));
    let table = el("div", "table-wrap");
    attr(&table, "id", "progress-table");
    append(&records, &table);
    let tools = el("div", "q-row");
    let export = button("", "Export progress");
    attr(&export, "id", "export");
    on(&export, "click", |_| {
        store::download("fleetlab-progress.json", &store::write(&store::progress()))
    });
    append(&tools, &export);
    let import_label = text_el("label", "file-button", "Import progress");
    attr(&import_label, "for", "import");
    let import = el("input", "");
    attr(&import, "type", "file");
    attr(&import, "id", "import");
    attr(&import, "accept", "application/json,.json");
    on(&import, "change", import_file);
    append(&tools, &import_label);
    append(&tools, &import);
    if store::backup().is_some() {
        let b = button("", "Download the unreadable backup");
        attr(&b, "id", "backup");
        on(&b, "click", |_| {
            if let Some(text) = store::backup() {
                store::download("fleetlab-progress-backup.txt", &text);
            }
        });
        append(&tools, &b);
    }
    append(&records, &tools);
    append(app, &records);

    panel.on_graded = Some(Box::new(|_, _, _| paint_progress_table()));
    panel.fresh();
    PANEL.with(|p| *p.borrow_mut() = Some(panel));
    paint_progress_table();
}

fn chosen_changed() {
    let boxes = document().query_selector_all(".q-topics input[type=checkbox]");
    let mut chosen = Vec::new();
    if let Ok(list) = boxes {
        for i in 0..list.length() {
            if let Some(cb) = list
                .item(i)
                .and_then(|n| n.dyn_into::<HtmlInputElement>().ok())
            {
                if cb.checked() {
                    if let Some(t) = topics::find(&cb.value()) {
                        chosen.push(t.id());
                    }
                }
            }
        }
    }
    with_panel(|p| {
        p.mode = Mode::Drill { chosen };
        p.fresh();
    });
}

fn import_file(e: web_sys::Event) {
    let Some(input) = e
        .target()
        .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let r = reader.clone();
    on(&reader, "load", move |_| {
        let text = r
            .result()
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        let msg = match store::import(&text) {
            Ok(m) => m,
            Err(why) => format!("That file could not be imported: {why}. Nothing was changed."),
        };
        if let Some(n) = by_id("notice") {
            n.set_text_content(Some(&msg));
        }
        paint_progress_table();
        with_panel(|p| p.paint_score());
    });
    let _ = reader.read_as_text(&file);
    input.set_value("");
}

fn paint_progress_table() {
    let Some(holder) = by_id("progress-table") else {
        return;
    };
    let p = store::progress();
    let mut html = String::from(
        "<table><thead><tr><th scope=\"col\">Topic</th><th scope=\"col\">Challenge</th><th scope=\"col\">Tries</th><th scope=\"col\">Solved</th><th scope=\"col\">First try</th></tr></thead><tbody>",
    );
    let mut rows = 0;
    for t in topics::all() {
        for tpl in challenge::templates(t) {
            let e = p.entry(t.id(), &tpl.id);
            if e.attempts == 0 {
                continue;
            }
            rows += 1;
            html += &format!(
                "<tr><th scope=\"row\">{}</th><td>{}: {}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(t.title()),
                tpl.id,
                esc(&tpl.title),
                e.attempts,
                e.correct,
                e.first_try
            );
        }
    }
    if rows == 0 {
        html += "<tr><td colspan=\"5\">No answers yet.</td></tr>";
    }
    html += "</tbody></table>";
    holder.set_inner_html(&html);
}
