//! The question widget: the question, the answer box, feedback, hints, the
//! worked solution, tries and the score. It serves the challenge panel under
//! each topic page (tabs for the topic's templates) and the practice page's
//! drill across topics (src/web/drill.rs builds that page around it).

use super::dom::*;
use super::msg::{dispatch, Effect, Msg, PracticeMsg};
use super::store::Store;
use crate::challenge::tries::Spent;
use crate::challenge::{self, Question, Template, Verdict};
use crate::model::{Params, Topic};
use crate::topics;
use crate::urlstate::{self, Hide, Questions, State};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

/// What a host page (embed mode) may turn off or limit.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The parts the host hides (hints, the worked solution, the score).
    pub hide: Hide,
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
    /// The first question is asked on these values (a mock interview's
    /// review reopening its question).
    pub open_values: Vec<(String, String)>,
    /// Where a topic page's questions take their values.
    pub ask: Ask,
    /// Graded mode: drawn from the learner's seed alone, no "New question"
    /// or "Ask about this page", the worked solution once a question is
    /// over, and only the templates asked.
    pub graded: bool,
    /// The templates a graded page asks (ids); none: all.
    pub asked: Option<Vec<String>>,
    /// Tries a launcher restored, per template (a graded page).
    pub spent: Vec<(String, Spent)>,
    /// A learner is named (`actor`): a graded page's numbers are theirs.
    pub learner: bool,
}

/// Where a topic page's questions take their values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ask {
    /// A full page: a template's tab asks about the page, "New question"
    /// draws one (unless a host fixed the seed).
    #[default]
    Mixed,
    /// Always about the page's values where the template mirrors them (an
    /// embedded page, unless its host chose otherwise).
    Page,
    /// Always drawn from the seed alone.
    Drawn,
}

impl Options {
    /// What the link's embed options allow (the practice page's drill).
    pub fn embedded(link: &State) -> Options {
        let e = &link.embed;
        let mut hide = e.hide;
        // A graded question's worked solution holds its key: it shows once
        // the question is over, never between tries.
        hide.solution |= e.graded;
        Options {
            hide,
            max_tries: e.tries,
            seed: link.question_seed(),
            ask: match e.questions {
                _ if e.graded => Ask::Drawn,
                Some(Questions::Page) => Ask::Page,
                Some(Questions::Drawn) => Ask::Drawn,
                None if e.on => Ask::Page,
                None => Ask::Mixed,
            },
            graded: e.graded,
            asked: e
                .graded
                .then(|| link.asked_templates().into_iter().map(|t| t.id).collect()),
            spent: e.spent.clone(),
            learner: e.actor.is_some(),
            ..Options::default()
        }
    }

    /// The embed options, and the question the link names (a topic page).
    pub fn for_topic(link: &State) -> Options {
        Options {
            template: link.challenge.template.clone(),
            open_seed: link.challenge.seed,
            open_live: link.challenge.live,
            open_values: link.challenge.values.clone(),
            ..Options::embedded(link)
        }
    }
}

/// The line a graded page shows above its questions.
fn graded_note(options: &Options) -> String {
    let tries = match options.max_tries {
        Some(1) => "one try".to_string(),
        Some(n) => format!("{n} tries"),
        None => "as many tries as you need".to_string(),
    };
    let whose = if options.learner {
        "Your numbers are drawn for you alone"
    } else {
        "No learner is named in this page's address, so everyone who opens it gets these same numbers"
    };
    format!(
        "Graded. {whose}; the sliders these questions use are locked, and you have {tries} \
         per question. The worked solution shows once a question is over."
    )
}

/// Tries a course's launcher restored (`spent=`): recorded against the
/// questions the graded page will draw, so a finished one opens finished.
fn restore_spent(topic: &'static dyn Topic, options: &Options, cx: &mut Cx) {
    let (Some(seed), Some(page)) = (options.seed.filter(|_| options.graded), cx.page) else {
        return;
    };
    for (id, given) in &options.spent {
        let Ok(q) = topics::graded_question(topic, id, seed, page) else {
            continue;
        };
        let had = cx.store.spent(&q);
        let merged = Spent {
            tries: had.tries.max(given.tries),
            solved: had.solved || given.solved,
        };
        if merged != had {
            let _ = cx.store.spend(&q, merged);
        }
    }
}

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

/// What an update of the widget reads and writes besides itself: the
/// learner's record, the topic page's values (none on the practice page),
/// and the effects for the owner.
pub struct Cx<'a> {
    pub store: &'a mut Store,
    pub page: Option<&'a Params>,
    pub fx: Vec<Effect>,
}

impl<'a> Cx<'a> {
    pub fn new(store: &'a mut Store, page: Option<&'a Params>) -> Cx<'a> {
        Cx {
            store,
            page,
            fx: Vec::new(),
        }
    }
}

pub struct Panel {
    mode: Mode,
    options: Options,
    text: Element,
    meta: Element,
    input: HtmlInputElement,
    feedback: Element,
    /// Says when the browser refused to save (empty otherwise).
    saved: Element,
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
    /// The values the question on show was opened on, with its template and
    /// seed: the page's address keeps them while that question is on show.
    pinned: Option<(String, u64, Values)>,
}

/// A question's own values as a link names them (`challenge_values`).
type Values = Vec<(String, String)>;

/// A button that sends `msg` when clicked.
pub fn msg_button(class: &str, text: &str, id: &str, msg: fn() -> PracticeMsg) -> Element {
    let b = push_button(class, text);
    attr(&b, "id", id);
    on(&b, "click", move |_| dispatch(Msg::Practice(msg())));
    b
}

/// The question, the answer form and the feedback line.
fn question_area(parent: &Element) -> [Element; 4] {
    let text = child(parent, "p", "q-text", &[("id", "q-text")]);
    let meta = child(parent, "p", "q-meta", &[]);
    let form = submit_form(parent, "q-form", "q-form", || {
        dispatch(Msg::Practice(PracticeMsg::Check))
    });
    text_child(&form, "label", "", "Your answer", &[("for", "q-answer")]);
    let input = child(
        &form,
        "input",
        "",
        &[
            ("id", "q-answer"),
            ("type", "text"),
            ("autocomplete", "off"),
            ("inputmode", "decimal"),
            ("aria-describedby", "q-feedback"),
        ],
    );
    submit_button(&form, "primary", "Check", "");
    let feedback = status_region(parent, "p", "q-feedback", "q-feedback");
    [text, meta, input, feedback]
}

/// The question area shared by both modes, appended to `parent`.
fn widget(parent: &Element, options: Options, mode: Mode) -> Panel {
    let [text, meta, input, feedback] = question_area(parent);
    let saved = child(
        parent,
        "p",
        "q-saved",
        &[("id", "q-saved"), ("role", "alert")],
    );
    let row = child(parent, "div", "q-row", &[]);
    let hint_button = msg_button("", "Show a hint", "q-hint", || PracticeMsg::Hint);
    let solution_button = msg_button("", "Show the worked solution", "q-solution", || {
        PracticeMsg::Reveal
    });
    if !options.hide.hints {
        append(&row, &hint_button);
    }
    if !options.hide.solution {
        append(&row, &solution_button);
    }
    let hints = child(parent, "ol", "q-hints", &[]);
    let solution = child(parent, "div", "q-solution", &[("hidden", "")]);
    let score = el("p", "q-score");
    attr(&score, "id", "q-score");
    if !options.hide.score {
        append(parent, &score);
    }
    Panel {
        mode,
        options,
        text,
        meta,
        input: input.unchecked_into(),
        feedback,
        saved,
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
        pinned: None,
    }
}

/// The "Practice" section's head: its title, the template tabs and the
/// question buttons.
fn topic_section(templates: &[Template], options: &Options) -> (Element, Vec<Element>) {
    let section = labelled_section("practice", "practice-h", "Practice");
    attr(&section, "id", "practice");
    let tabs_row = group(&section, "q-tabs", "Challenge");
    let mut tabs = Vec::new();
    for (i, t) in templates.iter().enumerate() {
        let b = push_button("q-tab", &format!("{}: {}", t.id, t.title));
        attr(&b, "data-template", &t.id);
        on(&b, "click", move |_| {
            dispatch(Msg::Practice(PracticeMsg::Tab(i)))
        });
        append(&tabs_row, &b);
        tabs.push(b);
    }
    if options.graded {
        let note = child(&section, "p", "q-graded", &[("id", "q-graded")]);
        note.set_text_content(Some(&graded_note(options)));
        return (section, tabs);
    }
    let row = child(&section, "div", "q-row", &[]);
    append(
        &row,
        &msg_button("", "New question", "q-new", || PracticeMsg::Fresh),
    );
    // Questions drawn from the seed alone are never asked about the page.
    if options.ask != Ask::Drawn {
        append(
            &row,
            &msg_button("", "Ask about this page", "q-live", || {
                PracticeMsg::AboutPage
            }),
        );
    }
    (section, tabs)
}

impl Panel {
    /// The challenge panel under a topic page, appended to `parent`, with
    /// its first question on show; none when the topic has no challenges.
    pub fn mount_topic(
        parent: &Element,
        topic: &'static dyn Topic,
        options: Options,
        cx: &mut Cx,
    ) -> Option<Panel> {
        let templates: Vec<Template> = challenge::templates(topic)
            .into_iter()
            .filter(|t| options.asked.as_ref().is_none_or(|ids| ids.contains(&t.id)))
            .collect();
        if templates.is_empty() {
            return None;
        }
        restore_spent(topic, &options, cx);
        let (section, tabs) = topic_section(&templates, &options);
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
        let values = options.open_values.clone();
        let mut panel = widget(&section, options, mode);
        append(parent, &section);
        if let (Some(seed), false) = (opening.0, values.is_empty()) {
            if panel.options.seed.is_none() && panel.open_on(seed, values, cx) {
                panel.mark_tab(current);
                return Some(panel);
            }
        }
        match opening {
            (Some(seed), live) if panel.options.seed.is_none() => {
                panel.mark_tab(current);
                if live {
                    panel.about_page_with(seed, cx);
                } else {
                    panel.draw(seed, cx);
                }
            }
            (None, true) if panel.options.ask != Ask::Drawn => {
                panel.mark_tab(current);
                panel.about_page(cx);
            }
            _ => panel.select(current, cx),
        }
        Some(panel)
    }

    /// The practice page's widget, appended to `parent` (no question yet).
    pub fn mount_drill(parent: &Element, options: Options, chosen: Vec<&'static str>) -> Panel {
        widget(parent, options, Mode::Drill { chosen })
    }

    /// The practice page's drill now draws from `chosen`.
    pub fn choose(&mut self, chosen: Vec<&'static str>) {
        self.mode = Mode::Drill { chosen };
    }

    pub fn update(&mut self, msg: PracticeMsg, cx: &mut Cx) {
        match msg {
            PracticeMsg::Check => self.check(cx),
            PracticeMsg::Hint => self.hint(),
            PracticeMsg::Reveal => self.reveal(),
            PracticeMsg::Tab(i) => self.select(i, cx),
            PracticeMsg::Fresh => self.fresh(cx),
            // Only offered where questions may be about the page.
            PracticeMsg::AboutPage if self.options.ask != Ask::Drawn => self.about_page(cx),
            PracticeMsg::AboutPage => {}
            // The practice page's own (src/web/drill.rs).
            PracticeMsg::Chosen
            | PracticeMsg::Export
            | PracticeMsg::Imported(_)
            | PracticeMsg::Kind(_) => {}
        }
    }

    /// The question on show, as a link names it. A question asked about the
    /// page's parameters keeps its seed only while the page still shows them.
    pub fn current_challenge(&self, page: &Params) -> Option<urlstate::Challenge> {
        let q = self.question.as_ref()?;
        let values = match &self.pinned {
            Some((t, seed, values)) if *t == q.template && *seed == q.seed && !q.live => {
                values.clone()
            }
            _ => Vec::new(),
        };
        let mut c = urlstate::Challenge {
            template: Some(q.template.clone()),
            seed: Some(q.seed),
            live: q.live,
            values,
        };
        if q.live && self.asked.as_ref() != Some(page) {
            c.seed = None;
        }
        Some(c)
    }

    /// The page's parameters moved: a question asked about them that the
    /// learner has not tried yet follows the sliders (same seed); one already
    /// tried stays as it was, so an answer is never graded against a
    /// question that changed.
    pub fn page_changed(&mut self, cx: &mut Cx) {
        let Some(page) = cx.page else { return };
        let untouched = self.tries == 0 && !self.solved;
        let live = self.question.as_ref().is_some_and(|q| q.live);
        if live && untouched && self.asked.as_ref() != Some(page) {
            let Some((topic, t)) = self.topic_template() else {
                return;
            };
            let (id, seed) = (t.id.clone(), self.question.as_ref().map_or(0, |q| q.seed));
            self.show(topics::question_live(topic, &id, seed, page), cx);
            self.asked = Some(page.clone());
        }
    }

    /// Back or forward to an address naming `want`: the page's values have
    /// followed it (in `cx.page`); the question on show becomes the one the
    /// address names. The question on show stays (with its tries) when the
    /// address names it already, or names no question.
    pub fn follow(&mut self, want: &urlstate::Challenge, cx: &mut Cx) {
        let Some(page) = cx.page else { return };
        let mut have = self.current_challenge(page);
        if self.options.seed.is_some() {
            // The address leaves a host's fixed seed out (Page::link_state).
            if let Some(c) = &mut have {
                c.seed = None;
            }
        }
        if have.as_ref() == Some(want) {
            // Named already: kept, tries and all (an untried question about
            // the page follows its values, as on any change).
            self.page_changed(cx);
            return;
        }
        let index = match &self.mode {
            Mode::Topic { templates, .. } => want
                .template
                .as_deref()
                .and_then(|id| templates.iter().position(|t| t.id.eq_ignore_ascii_case(id))),
            Mode::Drill { .. } => None,
        };
        let Some(i) = index else {
            self.page_changed(cx);
            return;
        };
        // The host's fixed seed wins, as when the page opened; then the
        // address's; an address without one keeps the seed on show.
        let seed = self
            .options
            .seed
            .or(want.seed)
            .or(self.question.as_ref().map(|q| q.seed))
            .unwrap_or_else(fresh_seed);
        self.mark_tab(i);
        if !want.values.is_empty() && self.open_on(seed, want.values.clone(), cx) {
            return;
        }
        if want.live {
            self.about_page_with(seed, cx);
        } else {
            self.draw(seed, cx);
        }
    }

    fn topic_template(&self) -> Option<(&'static dyn Topic, &Template)> {
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

    fn select(&mut self, i: usize, cx: &mut Cx) {
        self.mark_tab(i);
        let about_page = match self.options.ask {
            Ask::Mixed => self.options.seed.is_none(),
            Ask::Page => true,
            Ask::Drawn => false,
        };
        if about_page && self.mirrors_page() {
            self.about_page(cx);
        } else {
            self.draw(self.options.seed.unwrap_or_else(fresh_seed), cx);
        }
    }

    /// Whether the template on show asks about the page's values.
    fn mirrors_page(&self) -> bool {
        self.topic_template()
            .is_some_and(|(_, t)| challenge::mirrors_page(t))
    }

    /// A new question: drawn (or the host's fixed seed), or asked about the
    /// page where the host wants questions about it.
    pub fn fresh(&mut self, cx: &mut Cx) {
        if self.options.ask == Ask::Page && self.mirrors_page() {
            self.about_page(cx);
            return;
        }
        let seed = self.options.seed.unwrap_or_else(fresh_seed);
        self.draw(seed, cx);
    }

    /// The question drawn from `seed`.
    fn draw(&mut self, seed: u64, cx: &mut Cx) {
        match &self.mode {
            Mode::Topic { .. } => {
                if let Some((topic, t)) = self.topic_template() {
                    let id = t.id.clone();
                    let q = match cx.page.filter(|_| self.options.graded) {
                        Some(page) => topics::graded_question(topic, &id, seed, page),
                        None => topics::question(topic, &id, seed),
                    };
                    self.show(q, cx);
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
                self.show(topics::question(*t, id, seed), cx);
            }
        }
    }

    /// The question on `values` (the rest from `seed`); false, with nothing
    /// shown, where the model has no answer on them.
    fn open_on(&mut self, seed: u64, values: Values, cx: &mut Cx) -> bool {
        let Some((topic, t)) = self.topic_template() else {
            return false;
        };
        let id = t.id.clone();
        let Ok(q) = topics::question_on(topic, &id, seed, &values) else {
            return false;
        };
        self.show(Ok(q), cx);
        self.pinned = Some((id, seed, values));
        true
    }

    fn about_page(&mut self, cx: &mut Cx) {
        let seed = self.options.seed.unwrap_or_else(fresh_seed);
        self.about_page_with(seed, cx);
    }

    /// The template asked about the page's parameters, the rest from `seed`.
    fn about_page_with(&mut self, seed: u64, cx: &mut Cx) {
        let Some((topic, t)) = self.topic_template() else {
            return;
        };
        let id = t.id.clone();
        match cx.page {
            Some(params) => {
                self.show(topics::question_live(topic, &id, seed, params), cx);
                self.asked = Some(params.clone());
            }
            None => self.show(topics::question(topic, &id, seed), cx),
        }
    }

    /// Shows `q` (drawn by the caller: the practice page's adaptive pick).
    pub fn show(&mut self, q: Result<Question, challenge::ChallengeError>, cx: &mut Cx) {
        let q = match q {
            Ok(q) => q,
            Err(e) => {
                self.text
                    .set_text_content(Some(&format!("This question could not be drawn: {e}")));
                return;
            }
        };
        self.paint_question(&q);
        self.input.set_value("");
        let _ = self.input.remove_attribute("disabled");
        self.feedback.set_text_content(None);
        self.feedback.set_class_name("q-feedback");
        let _ = self.feedback.remove_attribute("data-verdict");
        self.hints.set_inner_html("");
        // The worked solution (and the answer in it) enters the page only
        // when it is shown.
        clear(&self.solution);
        attr(&self.solution, "hidden", "");
        attr(&self.solution_button, "disabled", "");
        let _ = self.hint_button.remove_attribute("disabled");
        let spent = cx.store.spent(&q);
        self.tries = spent.tries;
        self.solved = spent.solved;
        self.hints_shown = 0;
        self.question = Some(q);
        self.asked = None;
        self.paint_spent();
        self.paint_score(cx.store);
        // The address names the question on show.
        cx.fx.push(Effect::AddressChanged { push: false });
    }

    /// The question's text, what to answer in, and its data attributes.
    fn paint_question(&self, q: &Question) {
        // The practice page names the topic and challenge in the line above
        // (`#q-about`); a topic page is its own heading.
        self.text.set_text_content(Some(&q.text));
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
        attr(&self.text, "data-template", &q.template);
        attr(&self.text, "data-seed", &q.seed.to_string());
        attr(
            &self.text,
            "data-live",
            if q.live { "true" } else { "false" },
        );
        attr(&self.text, "data-topic", q.topic);
    }

    fn out_of_tries(&self) -> Option<u32> {
        self.options.max_tries.filter(|max| self.tries >= *max)
    }

    /// The question is over: solved, or its tries used.
    fn over(&self) -> bool {
        self.solved || self.out_of_tries().is_some()
    }

    /// A question opened with tries already spent on it (before a reload,
    /// in another tab): its box, its feedback and its solution say so.
    fn paint_spent(&mut self) {
        if self.tries > 0 && !self.options.hide.solution {
            let _ = self.solution_button.remove_attribute("disabled");
        }
        let said = if self.solved {
            format!("Solved already, in {} of your tries.", self.tries)
        } else if let Some(max) = self.out_of_tries() {
            format!("No tries left on this question ({max} allowed).")
        } else {
            return;
        };
        attr(&self.input, "disabled", "");
        self.feedback.set_text_content(Some(&said));
        self.paint_over();
    }

    /// With the solution hidden by the host, the question's end brings it in.
    fn paint_over(&mut self) {
        if self.options.hide.solution && self.over() {
            self.insert_solution();
        }
    }

    fn check(&mut self, cx: &mut Cx) {
        let Some(q) = self.question.clone() else {
            return;
        };
        // Tries spent meanwhile in another tab count too.
        let spent = cx.store.spent(&q);
        self.tries = self.tries.max(spent.tries);
        self.solved |= spent.solved;
        if self.solved {
            return;
        }
        if let Some(max) = self.out_of_tries() {
            attr(&self.input, "disabled", "");
            self.feedback.set_text_content(Some(&format!(
                "No tries left on this question ({max} allowed)."
            )));
            return;
        }
        let response = self.input.value();
        let g = challenge::grade(&q, &response);
        if !g.verdict.counts() {
            self.paint_feedback(&g);
            return;
        }
        self.tries += 1;
        let message = self.paint_feedback(&g);
        let (right, first) = (g.correct(), self.tries == 1);
        self.solved = right;
        let spent = Spent {
            tries: self.tries,
            solved: right,
        };
        let saved =
            cx.store.spend(&q, spent).and(cx.store.update(|p| {
                p.record_question(q.topic, &q.template, &q.text, q.seed, right, first)
            }));
        self.saved
            .set_text_content(saved.err().as_deref().filter(|s| !s.is_empty()));
        if !self.options.hide.solution {
            let _ = self.solution_button.remove_attribute("disabled");
        }
        if let Some(max) = self.out_of_tries().filter(|_| !self.solved) {
            attr(&self.input, "disabled", "");
            self.feedback.set_text_content(Some(&format!(
                "{message} That was the last of {max} tries."
            )));
            if self.options.graded {
                // Its solution is on show now: the question stays over
                // under a link that allows more tries.
                let closed = Spent {
                    tries: urlstate::MAX_TRIES,
                    solved: false,
                };
                let _ = cx.store.spend(&q, closed);
            }
        }
        self.paint_over();
        cx.fx.push(Effect::Graded {
            question: q,
            grade: g,
            tries: self.tries,
            response,
            done: self.over(),
        });
        self.paint_score(cx.store);
    }

    /// Shows the grader's verdict (and the first hint after a wrong answer);
    /// returns the message shown.
    fn paint_feedback(&mut self, g: &challenge::Grade) -> String {
        let class = match g.verdict {
            Verdict::Correct => "q-feedback correct",
            Verdict::Close => "q-feedback close",
            Verdict::Wrong => "q-feedback wrong",
            Verdict::Unreadable | Verdict::Ambiguous => "q-feedback unreadable",
        };
        self.feedback.set_class_name(class);
        attr(&self.feedback, "data-verdict", g.verdict.word());
        let mut message = g.message.clone();
        // The grader's wrong-answer message carries the first hint: here it
        // goes to the hints' list under the answer (once, not in both), or
        // nowhere where the host hides hints.
        if let Some(i) = message.find(" Hint:") {
            message.truncate(i);
        }
        if !self.options.hide.hints && g.verdict == Verdict::Wrong && self.hints_shown == 0 {
            self.hints_shown = 1;
            self.paint_hints();
        }
        self.feedback.set_text_content(Some(&message));
        message
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
        if self.options.hide.solution || self.solution_button.has_attribute("disabled") {
            return;
        }
        self.insert_solution();
    }

    /// The worked solution, computed and put in the page now.
    fn insert_solution(&self) {
        let Some(q) = &self.question else { return };
        self.solution.set_text_content(Some(&q.solution));
        let _ = self.solution.remove_attribute("hidden");
    }

    pub fn paint_score(&self, store: &Store) {
        let p = store.progress();
        let line = match (&self.mode, &self.question) {
            (Mode::Topic { .. }, Some(q)) => {
                let e = p.entry(q.topic, &q.template);
                format!(
                    "{}: solved {} in {}. Score {} · streak {} (best {}).",
                    q.template,
                    e.correct,
                    crate::model::units::counted(e.attempts as f64, "tries"),
                    p.score,
                    p.streak,
                    p.best_streak
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
