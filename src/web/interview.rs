//! The mock interview (`?view=interview`): choose 20 or 45 minutes, then
//! one design problem drawn from a seed, asked a question at a time while
//! a countdown runs; at the end a scorecard by dimension and a review of
//! every answer with its worked solution and a link to the topic page that
//! shows it. The problems, their keys and the scorecard are the core's
//! (crate::interview); this page keeps the session in localStorage so the
//! countdown keeps counting across a reload, reads the clock, and records
//! the result in the progress record.

use super::dom::*;
use super::msg::{dispatch, InterviewMsg, Msg};
use super::practice::fresh_seed as entropy;
use super::store::Store;
use crate::challenge::Verdict;
use crate::interview::{
    self, announce, fresh_seed, rubric, scorecard, Asked, Mock, Session, LENGTHS,
};
use crate::urlstate::State;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement};

/// Where the session is kept between reloads, and the last mock's seed (so
/// the next one draws another problem).
const KEY: &str = "fleetlab.interview";
const LAST: &str = "fleetlab.interview.last";

pub struct Interview {
    body: Element,
    status: Element,
    /// The mock on show (none: the start screen).
    session: Option<Session>,
    /// The seed the link names, for the start screen.
    linked: Option<u64>,
    /// The whole seconds the clock shows.
    shown: f64,
}

fn now() -> f64 {
    js_sys::Date::now()
}

fn load() -> Option<Session> {
    Session::read(&local_storage()?.get_item(KEY).ok()??)
}

fn save(s: &Session) {
    if let Some(ls) = local_storage() {
        let _ = ls.set_item(KEY, &s.write());
    }
}

/// Replaces the address (no new history entry): the mock on show.
fn set_address(query: &str) {
    if let Ok(h) = window().history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(query));
    }
}

/// `mm:ss`.
fn clock_text(s: f64) -> String {
    let s = s.ceil() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

fn button(class: &str, text: &str, id: &str, msg: fn() -> InterviewMsg) -> Element {
    let b = push_button(class, text);
    attr(&b, "id", id);
    on(&b, "click", move |_| dispatch(Msg::Interview(msg())));
    b
}

impl Interview {
    /// Builds the page in `app`: the mock in progress (or just ended) if
    /// the browser keeps one for this link, else the start screen.
    pub fn mount(app: &Element, link: &State, notes: Vec<String>, store: &mut Store) -> Interview {
        clear(app);
        let _ = app.remove_attribute("aria-busy");
        attr(app, "data-view", "interview");
        document().set_title("Mock interview · Fleetlab");
        let head = el("header", "topic-head");
        append(&head, &text_el("p", "kind", "interview practice"));
        append(&head, &text_el("h1", "", "Mock interview"));
        append(app, &head);
        let notice = text_el("p", "notice", &notes.join(" "));
        attr(&notice, "role", "status");
        append(app, &notice);
        let status = el("p", "vh");
        attr(&status, "id", "interview-status");
        attr(&status, "role", "status");
        append(app, &status);
        let body = el("section", "iv");
        attr(&body, "id", "interview");
        append(app, &body);
        let linked = link.challenge.seed;
        let session = load().filter(|s| linked.is_none_or(|l| l == s.seed));
        let mut page = Interview {
            body,
            status,
            session,
            linked,
            shown: -1.0,
        };
        let cb = Closure::<dyn FnMut()>::new(|| dispatch(Msg::Interview(InterviewMsg::Tick)));
        let _ = window().set_interval_with_callback_and_timeout_and_arguments_0(
            cb.as_ref().unchecked_ref(),
            1000,
        );
        cb.forget();
        page.tick(store);
        page.render(store);
        page
    }

    pub fn update(&mut self, msg: InterviewMsg, store: &mut Store) {
        match msg {
            InterviewMsg::Tick => {
                if !self.tick(store) {
                    return;
                }
            }
            InterviewMsg::Start => self.start(),
            InterviewMsg::Again => {
                self.linked = None;
                self.session = None;
                if let Some(ls) = local_storage() {
                    let _ = ls.remove_item(KEY);
                }
                set_address("?view=interview");
            }
            InterviewMsg::Submit | InterviewMsg::Skip => {
                let (text, reason) = match msg {
                    InterviewMsg::Submit => (input_value(), reason_value()),
                    _ => (String::new(), String::new()),
                };
                if let Some(s) = &mut self.session {
                    s.answer(&text, &reason, now());
                    save(s);
                }
                self.finish(store);
            }
            InterviewMsg::Rubric(step, point, on) => {
                // The review stays as it is (focus on the box just ticked);
                // only the communication row follows.
                if let Some(s) = &mut self.session {
                    s.tick_point(step, point, on);
                    save(s);
                    show_communication(s);
                }
                return;
            }
            InterviewMsg::End => {
                if let Some(s) = &mut self.session {
                    s.end(now());
                    save(s);
                }
                self.finish(store);
            }
        }
        self.render(store);
        focus_first(&self.body);
    }

    /// Starts a mock of the chosen length: the link's seed, or a fresh one
    /// that draws another problem than the last mock's.
    fn start(&mut self) {
        let minutes = chosen_length();
        let ls = local_storage();
        let previous = ls
            .as_ref()
            .and_then(|ls| ls.get_item(LAST).ok().flatten())
            .and_then(|t| t.parse().ok());
        let seed = self
            .linked
            .unwrap_or_else(|| fresh_seed(entropy() << 21 ^ entropy(), previous));
        let s = Session::start(seed, minutes, now());
        save(&s);
        if let Some(ls) = ls {
            let _ = ls.set_item(LAST, &s.seed.to_string());
        }
        set_address(&format!("?view=interview&challenge_seed={}", s.seed));
        self.shown = -1.0;
        self.session = Some(s);
        self.say("The mock has started. The clock is running.");
    }

    /// The clock: shows the time left, says the milestones out loud, and
    /// ends the mock when time is up (true: the page changes).
    fn tick(&mut self, store: &mut Store) -> bool {
        let t = now();
        let Some(s) = self.session.as_mut().filter(|s| s.ended_ms.is_none()) else {
            return false;
        };
        let left = s.remaining_s(t).ceil();
        let over = s.tick(t);
        let said = if over {
            save(s);
            announce(s.minutes, f64::INFINITY, 0.0)
        } else {
            (self.shown >= 0.0)
                .then(|| announce(s.minutes, self.shown, left))
                .flatten()
        };
        self.show_clock(left);
        if let Some(text) = said {
            self.say(&text);
        }
        if over {
            self.finish(store);
        }
        over
    }

    fn show_clock(&mut self, left: f64) {
        self.shown = left;
        if let Some(clock) = by_id("interview-clock") {
            clock.set_text_content(Some(&clock_text(left)));
            attr(&clock, "data-remaining", &left.to_string());
        }
    }

    /// Records an ended mock in the progress record, once.
    fn finish(&mut self, store: &mut Store) {
        let Some(s) = &mut self.session else { return };
        if s.ended_ms.is_none() || s.recorded {
            return;
        }
        let mock = s.mock();
        let card = scorecard(&mock.walk(&s.answers, mock.steps()));
        let saved =
            store.update(|p| p.record_interview(interview::result(&mock, s.minutes, &card)));
        s.recorded = true;
        save(s);
        // A record that could not be saved is said, not lost in silence.
        if let Err(why) = saved {
            self.say(&why);
        }
    }

    fn say(&self, text: &str) {
        self.status.set_text_content(Some(text));
    }

    fn render(&mut self, store: &Store) {
        clear(&self.body);
        match &self.session {
            None => start_screen(&self.body, self.linked, store),
            Some(s) if s.ended_ms.is_some() => review(&self.body, s),
            Some(s) => {
                let left = s.remaining_s(now()).ceil();
                running(&self.body, s);
                self.show_clock(left);
            }
        }
        if let Some(s) = &self.session {
            attr(&self.body, "data-problem", s.mock().problem.id);
        }
        attr(
            &self.body,
            "data-state",
            match &self.session {
                None => "start",
                Some(s) if s.ended_ms.is_some() => "done",
                Some(_) => "running",
            },
        );
    }
}

fn input_value() -> String {
    by_id("interview-answer")
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

fn reason_value() -> String {
    by_id("interview-reason")
        .and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// The length radio that is checked (the first length if none).
fn chosen_length() -> u32 {
    document()
        .query_selector("input[name=iv-length]:checked")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .and_then(|i| i.value().parse().ok())
        .unwrap_or(LENGTHS[0])
}

/// Moves focus to the first control of the new content (the answer box, or
/// the first heading), so a keyboard carries on where the page changed.
fn focus_first(body: &Element) {
    let target = [
        "#interview-answer",
        "#interview-start",
        "#interview-scorecard",
    ]
    .iter()
    .find_map(|q| body.query_selector(q).ok().flatten());
    if let Some(t) = target {
        if t.tag_name() == "H2" {
            attr(&t, "tabindex", "-1");
        }
        let _ = html(&t).focus();
    }
}

/// Before a mock: the length, what it will be, and past results.
fn start_screen(body: &Element, linked: Option<u64>, store: &Store) {
    let what = match linked {
        Some(seed) => format!("This link's mock: {}.", Mock::new(seed).title()),
        None => format!(
            "One design problem, drawn at random from {}.",
            crate::model::units::count_word(interview::PROBLEMS.len())
        ),
    };
    let intro = format!(
        "{what} Seven questions; later ones take your own earlier numbers, and the \
         requirements change half-way. No feedback until the end, as in the room: then a \
         scorecard and a worked review."
    );
    append(body, &text_el("p", "iv-intro", &intro));
    let set = el("fieldset", "iv-length");
    append(&set, &text_el("legend", "", "Length"));
    for (i, m) in LENGTHS.iter().enumerate() {
        let r = radio(
            &set,
            "",
            "iv-length",
            &m.to_string(),
            &format!(" {m} minutes"),
        );
        if i == 0 {
            attr(&r, "checked", "");
        }
    }
    append(body, &set);
    append(
        body,
        &button("primary", "Start the mock", "interview-start", || {
            InterviewMsg::Start
        }),
    );
    let past = &store.progress().interviews;
    if past.is_empty() {
        return;
    }
    append(body, &text_el("h2", "", "Your past mocks"));
    let list = el("ul", "iv-past");
    for r in past.iter().rev().take(5) {
        let (points, asked) = r.dims.iter().fold((0.0, 0), |(p, n), t| {
            (p + t.correct as f64 + 0.5 * t.close as f64, n + t.asked)
        });
        let line = format!(
            "{} · {} minutes · {points} of {asked} points",
            Mock::new(r.seed).title(),
            r.minutes
        );
        append(&list, &text_el("li", "", &line));
    }
    append(body, &list);
}

/// The mock in progress: the clock, the problem, the answers so far, the
/// change once it has come, and the question on show.
fn running(body: &Element, s: &Session) {
    let mock = s.mock();
    let k = s.answers.len();
    let walk = mock.walk(&s.answers, k + 1);
    let bar = el("div", "iv-bar");
    let clock = child(&bar, "p", "iv-clock", &[]);
    append(&clock, &text_el("span", "", "Time left "));
    child(
        &clock,
        "span",
        "iv-time",
        &[("id", "interview-clock"), ("role", "timer")],
    );
    let of = format!("Question {} of {}", k + 1, mock.steps());
    append(&bar, &text_el("p", "iv-step", &of));
    append(
        &bar,
        &button("", "End the mock now", "interview-end", || {
            InterviewMsg::End
        }),
    );
    append(body, &bar);
    append(body, &text_el("h2", "iv-title", &mock.title()));
    append(body, &text_el("p", "iv-brief", &mock.brief()));
    if k > 0 {
        let h = text_el("p", "iv-so-far-h", "Your answers so far");
        attr(&h, "id", "iv-so-far");
        append(body, &h);
        let list = el("ol", "iv-so-far");
        attr(&list, "aria-labelledby", "iv-so-far");
        for a in &walk[..k] {
            let given = match (a.given, &a.answer) {
                (Some(x), _) => a.unit.format(x),
                (None, Some(t)) => format!("“{t}”, unreadable"),
                (None, None) => "skipped".to_string(),
            };
            append(
                &list,
                &text_el("li", "", &format!("{}: {given}", a.dim.title())),
            );
        }
        append(body, &list);
    }
    if k >= mock.problem.change_at {
        let note = el("div", "iv-change");
        append(&note, &text_el("h3", "", "The requirements change"));
        append(&note, &text_el("p", "", &mock.change()));
        append(body, &note);
    }
    if let Some(a) = walk.get(k) {
        question(body, a);
    }
}

fn question(body: &Element, a: &Asked) {
    let step = (a.index + 1).to_string();
    let q = child(body, "div", "iv-q", &[("data-step", &step)]);
    let h = format!("Question {} · {}", a.index + 1, a.dim.title());
    append(&q, &text_el("h3", "", &h));
    text_child(&q, "p", "q-text", &a.text, &[("id", "interview-question")]);
    let form = submit_form(&q, "q-form", "", || {
        dispatch(Msg::Interview(InterviewMsg::Submit))
    });
    let unit = match a.unit.symbol() {
        "" => String::new(),
        u => format!(" (in {u})"),
    };
    let label = format!("Your answer{unit}");
    text_child(&form, "label", "", &label, &[("for", "interview-answer")]);
    child(
        &form,
        "input",
        "",
        &[
            ("id", "interview-answer"),
            ("type", "text"),
            ("autocomplete", "off"),
            ("inputmode", "decimal"),
        ],
    );
    let why = "Why? Say it as you would aloud (optional; you score it against the model \
               answer at the end)";
    text_child(
        &form,
        "label",
        "iv-why",
        why,
        &[("for", "interview-reason")],
    );
    child(
        &form,
        "textarea",
        "",
        &[("id", "interview-reason"), ("rows", "2")],
    );
    submit_button(&form, "primary", "Submit answer", "interview-submit");
    append(
        &form,
        &button("", "Skip", "interview-skip", || InterviewMsg::Skip),
    );
}

/// After a mock: the scorecard by dimension and the review of every step.
fn review(body: &Element, s: &Session) {
    let mock = s.mock();
    let walk = mock.walk(&s.answers, mock.steps());
    let card = scorecard(&walk);
    append(body, &text_el("h2", "iv-title", &mock.title()));
    let h = text_el("h2", "", "Scorecard");
    attr(&h, "id", "interview-scorecard");
    append(body, &h);
    let (points, asked) = card
        .iter()
        .fold((0.0, 0), |(p, n), t| (p + t.points(), n + t.asked));
    let total = format!(
        "{points} of {asked} points on the {}-minute clock, {} of {} answered (a correct answer \
         scores 1, a close one ½).",
        s.minutes,
        walk.iter().filter(|a| a.answer.is_some()).count(),
        walk.len()
    );
    append(body, &text_el("p", "iv-total", &total));
    let mut html = String::from(
        "<table class=\"iv-card\"><thead><tr><th scope=\"col\">Dimension</th><th scope=\"col\">Points</th><th scope=\"col\">Verdict</th></tr></thead><tbody>",
    );
    for t in &card {
        html += &format!(
            "<tr data-dim=\"{}\"><th scope=\"row\">{}</th><td>{} of {}</td><td>{}</td></tr>",
            t.dim.word(),
            t.dim.title(),
            t.points(),
            t.asked,
            t.verdict()
        );
    }
    html += "<tr data-dim=\"communication\"><th scope=\"row\">Communication</th>\
             <td id=\"interview-communication\"></td><td id=\"interview-communication-verdict\"></td></tr>";
    html += "</tbody></table>";
    scroll_box(body, "table-wrap", "Scorecard").set_inner_html(&html);
    append(
        body,
        &text_el(
            "p",
            "iv-note",
            "Communication counts the rubric points you tick below, beside each model answer: \
             what an interviewer listens for besides the number.",
        ),
    );
    show_communication_in(body, s, &walk);
    per_question(body, s, &walk);
    append(body, &text_el("h2", "", "Review"));
    let list = el("ol", "iv-review");
    let seconds = s.seconds();
    for a in &walk {
        let spent = seconds.get(a.index).copied().flatten();
        let why = s.reasons.get(a.index).map_or("", String::as_str);
        append(
            &list,
            &reviewed(a, &walk, mock.problem.change_at, spent, why, s),
        );
    }
    append(body, &list);
    append(
        body,
        &button("primary", "Start another mock", "interview-again", || {
            InterviewMsg::Again
        }),
    );
}

/// The communication row of the scorecard on show, from the session's ticks.
fn show_communication(s: &Session) {
    let walk = s.mock().walk(&s.answers, s.steps());
    if let Some(body) = by_id("interview") {
        show_communication_in(&body, s, &walk);
    }
}

fn show_communication_in(body: &Element, s: &Session, walk: &[Asked]) {
    let (got, of) = rubric::communication(walk, |step, k| s.ticked(step, k));
    let cell = |id: &str| body.query_selector(&format!("#{id}")).ok().flatten();
    if let Some(c) = cell("interview-communication") {
        c.set_text_content(Some(&format!("{got} of {of} rubric points")));
    }
    if let Some(c) = cell("interview-communication-verdict") {
        c.set_text_content(Some(rubric::verdict(got, of)));
    }
}

/// The scorecard's table by question: dimension, time spent, the result.
fn per_question(body: &Element, s: &Session, walk: &[Asked]) {
    let seconds = s.seconds();
    let mut html = String::from(
        "<table class=\"iv-times\" id=\"interview-times\"><caption>Time per question</caption>\
         <thead><tr><th scope=\"col\">Question</th><th scope=\"col\">Dimension</th>\
         <th scope=\"col\">Time</th><th scope=\"col\">Result</th></tr></thead><tbody>",
    );
    for a in walk {
        let time = match seconds.get(a.index).copied().flatten() {
            Some(t) => clock_text(t),
            None if a.index < s.answers.len() => "not kept".to_string(),
            None => "not reached".to_string(),
        };
        let result = match (&a.answer, a.verdict) {
            (Some(_), Some(v)) => v.word(),
            _ if a.index < s.answers.len() => "skipped",
            _ => "not reached",
        };
        html += &format!(
            "<tr data-step=\"{}\"><th scope=\"row\">{}</th><td>{}</td><td class=\"iv-time-cell\">{time}</td><td>{result}</td></tr>",
            a.index + 1,
            a.index + 1,
            a.dim.title(),
        );
    }
    html += "</tbody></table>";
    scroll_box(body, "table-wrap", "Time per question").set_inner_html(&html);
}

/// The rubric beside the model answer: a box per point, ticked by the
/// candidate for what their answer said.
fn rubric_boxes(li: &Element, a: &Asked, s: &Session) {
    let set = el("fieldset", "iv-rubric");
    let legend = format!("Did your answer to question {} say…", a.index + 1);
    append(&set, &text_el("legend", "", &legend));
    for (k, point) in rubric::points(a.dim).iter().enumerate() {
        let id = format!("iv-rubric-{}-{k}", a.index);
        let label = child(&set, "label", "", &[("for", &id)]);
        let input = child(&label, "input", "", &[("type", "checkbox"), ("id", &id)]);
        if s.ticked(a.index, k as u32) {
            attr(&input, "checked", "");
        }
        text_child(&label, "span", "", &format!(" {point}"), &[]);
        let (step, point) = (a.index, k as u32);
        let input: HtmlInputElement = input.unchecked_into();
        let read = input.clone();
        on(&input, "change", move |_| {
            dispatch(Msg::Interview(InterviewMsg::Rubric(
                step,
                point,
                read.checked(),
            )))
        });
    }
    append(li, &set);
}

/// One step in the review: the question, the answer and its grade, the
/// time it took and the reason given, what it built on, the worked
/// solution with the rubric beside it, and the topic page asking it.
fn reviewed(
    a: &Asked,
    walk: &[Asked],
    change_at: usize,
    spent: Option<f64>,
    why: &str,
    s: &Session,
) -> Element {
    let li = el("li", "iv-item");
    attr(&li, "data-verdict", a.verdict.map_or("none", Verdict::word));
    let after = if a.index >= change_at {
        " · after the change"
    } else {
        ""
    };
    // The template's own title names its topic's story, not this problem's.
    let h = format!("Question {} · {}{after}", a.index + 1, a.dim.title());
    append(&li, &text_el("h3", "", &h));
    append(&li, &text_el("p", "q-text", &a.text));
    let given = match (&a.answer, a.verdict) {
        (Some(t), Some(v)) => format!("Your answer: {t} ({}).", v.word()),
        _ => "Not answered.".to_string(),
    };
    let took = spent.map_or(String::new(), |t| format!(" Time: {}.", clock_text(t)));
    let mut key = format!("{given}{took} Key: {}.", a.key_text());
    if !a.tolerance.accepts(a.key, a.exact) {
        key += &format!(
            " That key follows from your earlier numbers; with every earlier number right it is {}.",
            a.unit.format(a.exact)
        );
    }
    append(&li, &text_el("p", "iv-key", &key));
    if let Some(slip) = &a.slip {
        let said = text_el("p", "iv-slip", &slip.sentence);
        attr(&said, "data-slip", slip.family.id());
        append(&li, &said);
    }
    for c in &a.built_on {
        let (q, used) = (c.step + 1, c.unit.format(c.used));
        let line = match (c.theirs, c.right) {
            (false, _) if walk[c.step].given.is_some() => format!(
                "Built on question {q}: your answer could not be taken here, so the \
                 interviewer's {used}."
            ),
            (false, _) => {
                format!("Built on question {q}, not answered: the interviewer's stand-in, {used}.")
            }
            (true, true) => format!("Built on question {q}: your {used}, right."),
            (true, false) => format!(
                "Built on question {q}: your {used}, where the key was {}.",
                c.unit.format(c.exact)
            ),
        };
        append(&li, &text_el("p", "iv-carry", &line));
    }
    if !why.is_empty() {
        append(
            &li,
            &text_el("p", "iv-reason", &format!("Your reason: {why}")),
        );
    }
    append(&li, &text_el("div", "q-solution", &a.worked));
    if a.answer.is_some() {
        rubric_boxes(&li, a, s);
    }
    let link = text_el("a", "", "Open this question on its topic page");
    attr(&link, "href", &a.link);
    append(&li, &link);
    li
}
