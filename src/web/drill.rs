//! The practice page (`?view=practice`): choose topics and kinds of
//! question, drill them, see progress and mastery, export and import it.
//!
//! The drill adapts (src/challenge/kinds/schedule.rs): each template has a
//! Leitner box, a miss comes back within the next three questions, and a
//! template is drawn at the level its box has earned. Numeric questions show
//! in the question widget (src/web/practice.rs), the other kinds in theirs
//! (src/web/kinds.rs).

use super::dom::*;
use super::kinds::KindPanel;
use super::msg::{dispatch, Effect, Msg, PracticeMsg};
use super::practice::{fresh_seed, msg_button, Cx, Options, Panel};
use super::store::{self, Store};
use crate::challenge::kinds::{self as qk, schedule, Kind};
use crate::challenge::{self, progress::Progress};
use crate::model::Topic;
use crate::topics;
use crate::urlstate::{State, View};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

pub struct Drill {
    panel: Panel,
    kinds: KindPanel,
    /// The numeric widget's box (hidden while another kind is on show).
    numbers: Element,
    section: Element,
    /// The template on show, so the next question is another.
    last: Option<(&'static str, String)>,
    fixed_seed: Option<u64>,
}

/// The kinds of question the drill offers: the numbers, then each kind.
const KIND_BOXES: [(&str, &str); 5] = [
    ("numbers", "Numbers to work out"),
    ("lever", "Choose the lever"),
    ("choice", "The concept"),
    ("order", "Order the steps"),
    ("predict", "Predict, then reveal"),
];

/// The page's head and its notice (the link's adjustments, then what reading
/// the saved record found).
fn head(app: &Element, notes: Vec<String>, store: &Store) {
    let head = title_block(
        "practice",
        "Practice",
        "Questions drawn from every topic's challenges, graded as you type them. Your progress stays in this browser; export it to keep it.",
    );
    append(app, &head);
    let mut said = notes;
    said.extend(store.notice());
    notice(app, &said.join(" "));
}

/// A checkbox per topic that has challenges, all checked.
fn topic_choice(app: &Element, available: &[&'static dyn Topic]) {
    let choose = el("fieldset", "q-topics");
    append(&choose, &text_el("legend", "", "Topics in the drill"));
    for t in available {
        let lab = el("label", "");
        let cb = el("input", "");
        attr(&cb, "type", "checkbox");
        attr(&cb, "checked", "");
        attr(&cb, "value", t.id());
        on(&cb, "change", |_| {
            dispatch(Msg::Practice(PracticeMsg::Chosen))
        });
        append(&lab, &cb);
        append(&lab, &text_el("span", "", &format!(" {}", t.title())));
        append(&choose, &lab);
    }
    append(app, &choose);
}

/// A checkbox per kind of question, checked as the link's `kinds` names
/// them (all when it names none); predictions unless `predict=off`.
fn kind_choice(app: &Element, link: &State) {
    let choose = el("fieldset", "q-topics q-kinds");
    append(&choose, &text_el("legend", "", "Kinds of question"));
    for (word, label) in KIND_BOXES {
        let lab = el("label", "");
        let cb = el("input", "");
        attr(&cb, "type", "checkbox");
        let named = link.embed.kinds.as_ref().is_none_or(|k| k.contains(&word));
        if named && (word != "predict" || link.embed.predicts(View::Practice)) {
            attr(&cb, "checked", "");
        }
        attr(&cb, "value", word);
        on(&cb, "change", |_| {
            dispatch(Msg::Practice(PracticeMsg::Chosen))
        });
        append(&lab, &cb);
        append(&lab, &text_el("span", "", &format!(" {label}")));
        append(&choose, &lab);
    }
    append(app, &choose);
}

/// "Your progress": mastery by topic, the table, export, import and the
/// backup download.
fn records(app: &Element) {
    let records = el("section", "records");
    append(&records, &text_el("h2", "", "Your progress"));
    append(&records, &text_el("h3", "", "Mastery by topic"));
    let m = el("ul", "mastery");
    attr(&m, "id", "mastery");
    append(&records, &m);
    let table = el("div", "table-wrap");
    attr(&table, "id", "progress-table");
    append(&records, &table);
    let tools = el("div", "q-row");
    append(
        &tools,
        &msg_button("", "Export progress", "export", || PracticeMsg::Export),
    );
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
        let b = push_button("", "Download the unreadable backup");
        attr(&b, "id", "backup");
        // Reads only the saved backup, none of the page's state.
        on(&b, "click", |_| {
            if let Some(text) = store::backup() {
                store::download("fleetlab-progress-backup.txt", &text);
            }
        });
        append(&tools, &b);
    }
    append(&records, &tools);
    append(app, &records);
}

impl Drill {
    /// Builds the practice page in `app` with its first question on show.
    pub fn mount(app: &Element, link: &State, notes: Vec<String>, store: &mut Store) -> Drill {
        clear(app);
        let _ = app.remove_attribute("aria-busy");
        document().set_title("Practice · Fleetlab");
        head(app, notes, store);
        let available: Vec<&'static dyn Topic> = topics::all()
            .filter(|t| !challenge::templates(*t).is_empty())
            .collect();
        topic_choice(app, &available);
        kind_choice(app, link);

        let section = el("section", "practice drill");
        attr(&section, "id", "practice");
        let row = el("div", "q-row");
        append(
            &row,
            &msg_button("primary", "Next question", "q-new", || PracticeMsg::Fresh),
        );
        append(&section, &row);
        let about = el("p", "q-meta");
        attr(&about, "id", "q-about");
        append(&section, &about);
        let numbers = el("div", "q-numbers");
        append(&section, &numbers);
        let chosen = available.iter().map(|t| t.id()).collect();
        let options = Options::embedded(link);
        let kinds = KindPanel::mount(&section, options.max_tries);
        let fixed_seed = options.seed;
        let panel = Panel::mount_drill(&numbers, options, chosen);
        append(app, &section);
        records(app);
        let mut drill = Drill {
            panel,
            kinds,
            numbers,
            section,
            last: None,
            fixed_seed,
        };
        // The first question's address change means nothing on this page.
        drill.next(&mut Cx::new(store, None));
        paint_progress_table(store);
        drill
    }

    /// The next question: the adaptive pick among the chosen topics' and
    /// kinds' templates, drawn at the level its box has earned.
    fn next(&mut self, cx: &mut Cx) {
        let pool = pool();
        let keys: Vec<(&str, &str)> = pool.iter().map(|(t, id)| (t.id(), id.as_str())).collect();
        if keys.is_empty() {
            self.kinds.hide();
            let _ = self.numbers.remove_attribute("hidden");
            self.panel.show(
                Err(challenge::ChallengeError::NoTemplate(
                    "choose at least one topic and one kind of question above".into(),
                )),
                cx,
            );
            return;
        }
        let seed = self.fixed_seed.unwrap_or_else(fresh_seed);
        let last = self.last.as_ref().map(|(t, id)| (*t, id.as_str()));
        let named: Vec<(&'static dyn Topic, &str)> =
            pool.iter().map(|(t, id)| (*t, id.as_str())).collect();
        let Some(next) = schedule::next(cx.store.progress(), &named, &topics::solver, seed, last)
        else {
            return;
        };
        let (topic, id) = (pool[next.index].0, pool[next.index].1.clone());
        // The drill's clock; a record that cannot be saved is said when an
        // answer is recorded.
        let _ = cx.store.update(|p| p.drawn = p.drawn.saturating_add(1));
        let entry = cx.store.progress().entry(topic.id(), &id);
        let level = next.level;
        for (k, v) in [
            ("data-topic", topic.id().to_string()),
            ("data-template", id.clone()),
            ("data-level", level.word().to_string()),
            ("data-drawn", cx.store.progress().drawn.to_string()),
        ] {
            attr(&self.section, k, &v);
        }
        if let Some(about) = by_id("q-about") {
            about.set_text_content(Some(&about_line(topic, &id, &entry, level)));
        }
        let number = match next.question {
            Ok(schedule::Practice::Kind(q)) => {
                attr(&self.numbers, "hidden", "");
                self.kinds.show(topic, q);
                None
            }
            Ok(schedule::Practice::Number(q)) => Some(Ok(q)),
            Err(e) => Some(Err(e)),
        };
        if let Some(q) = number {
            self.kinds.hide();
            let _ = self.numbers.remove_attribute("hidden");
            self.panel.show(q, cx);
        }
        self.last = Some((topic.id(), id));
    }

    /// Handles a message of the practice page; the widget's effects go back
    /// to the owner.
    pub fn update(&mut self, msg: PracticeMsg, store: &mut Store) -> Vec<Effect> {
        let mut cx = Cx::new(store, None);
        match msg {
            PracticeMsg::Chosen => {
                self.panel.choose(chosen_topics());
                self.next(&mut cx);
            }
            PracticeMsg::Fresh => self.next(&mut cx),
            PracticeMsg::Kind(m) => {
                if self.kinds.update(m, cx.store) {
                    paint_progress_table(cx.store);
                    self.panel.paint_score(cx.store);
                }
            }
            PracticeMsg::Export => {
                store::download("fleetlab-progress.json", &store::write(cx.store.progress()))
            }
            PracticeMsg::Imported(text) => {
                let said = match cx.store.import(&text) {
                    Ok(m) => m,
                    Err(why) => {
                        format!("That file could not be imported: {why}. Nothing was changed.")
                    }
                };
                if let Some(n) = by_id("notice") {
                    n.set_text_content(Some(&said));
                }
                paint_progress_table(cx.store);
                self.panel.paint_score(cx.store);
            }
            other => self.panel.update(other, &mut cx),
        }
        cx.fx
    }
}

/// Why this question now, in a line: its topic and kind, its level and box.
fn about_line(
    topic: &'static dyn Topic,
    id: &str,
    e: &challenge::progress::Entry,
    level: qk::Level,
) -> String {
    let box_words = match e.leitner {
        0 => "new to you".to_string(),
        1 => "missed last time, so it is back".to_string(),
        b => format!("box {b} of {}", schedule::TOP),
    };
    format!(
        "{} · {} · {} ({box_words}).",
        topic.title(),
        template_title(topic, id),
        level.word()
    )
}

/// "C2: The rebuild bill of a resize", "L1: Choose the lever".
fn template_title(topic: &'static dyn Topic, id: &str) -> String {
    match Kind::from_id(id) {
        Some(k) => format!("{id}: {}", k.title()),
        None => challenge::templates(topic)
            .into_iter()
            .find(|t| t.id == id)
            .map_or(id.to_string(), |t| format!("{id}: {}", t.title)),
    }
}

/// Every template id of `topic`: its numeric challenges, then its kinds.
pub fn template_ids(topic: &'static dyn Topic) -> Vec<String> {
    let mut ids: Vec<String> = challenge::templates(topic)
        .into_iter()
        .map(|t| t.id)
        .collect();
    ids.extend(qk::kinds_of(topic).iter().map(|k| k.id().to_string()));
    ids
}

/// The chosen topics' templates of the chosen kinds.
fn pool() -> Vec<(&'static dyn Topic, String)> {
    let kinds = checked(".q-kinds input[type=checkbox]");
    let mut out = Vec::new();
    for id in chosen_topics() {
        let Some(t) = topics::find(id) else { continue };
        for tpl in template_ids(t) {
            let word = Kind::from_id(&tpl).map_or("numbers", |k| k.word());
            if kinds.iter().any(|k| k == word) {
                out.push((t, tpl));
            }
        }
    }
    out
}

/// The values of the checked boxes under `selector`.
fn checked(selector: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Ok(list) = document().query_selector_all(selector) {
        for i in 0..list.length() {
            if let Some(cb) = list
                .item(i)
                .and_then(|n| n.dyn_into::<HtmlInputElement>().ok())
            {
                if cb.checked() {
                    out.push(cb.value());
                }
            }
        }
    }
    out
}

/// The topics whose box is checked.
fn chosen_topics() -> Vec<&'static str> {
    let boxes = document().query_selector_all(".q-topics:not(.q-kinds) input[type=checkbox]");
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
    chosen
}

/// Reads the chosen file, then sends its text as [`PracticeMsg::Imported`].
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
        dispatch(Msg::Practice(PracticeMsg::Imported(text)));
    });
    let _ = reader.read_as_text(&file);
    input.set_value("");
}

/// The progress table: a row per template answered at least once, with its
/// box; and the mastery of each topic.
pub fn paint_progress_table(store: &Store) {
    let p = store.progress();
    paint_mastery(p);
    let Some(holder) = by_id("progress-table") else {
        return;
    };
    let mut html = String::from(
        "<table><thead><tr><th scope=\"col\">Topic</th><th scope=\"col\">Challenge</th><th scope=\"col\">Tries</th><th scope=\"col\">Solved</th><th scope=\"col\">First try</th><th scope=\"col\">Box</th></tr></thead><tbody>",
    );
    let mut rows = 0;
    for t in topics::all() {
        for id in template_ids(t) {
            let e = p.entry(t.id(), &id);
            if e.attempts == 0 {
                continue;
            }
            rows += 1;
            html += &format!(
                "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} of {}</td></tr>",
                esc(t.title()),
                esc(&template_title(t, &id)),
                e.attempts,
                e.correct,
                e.first_try,
                e.leitner,
                schedule::TOP
            );
        }
    }
    if rows == 0 {
        html += "<tr><td colspan=\"6\">No answers yet.</td></tr>";
    }
    html += "</tbody></table>";
    holder.set_inner_html(&html);
}

/// A topic's mastery: its templates' boxes over the top box, in percent.
pub fn mastery(p: &Progress, t: &'static dyn Topic) -> f64 {
    let ids = template_ids(t);
    let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
    schedule::mastery(p, t.id(), &refs)
}

/// A line per topic: its mastery in words and as a five-step meter.
fn paint_mastery(p: &Progress) {
    let Some(list) = by_id("mastery") else { return };
    let mut html = String::new();
    for t in topics::all() {
        let m = mastery(p, t);
        let pct = (m * 100.0).round();
        let steps = (m * 5.0).round() as usize;
        html += &format!(
            "<li data-topic=\"{}\" data-mastery=\"{pct}\"><span class=\"m-name\">{}</span><span class=\"m-pct\">{pct}%</span><span class=\"meter\" role=\"img\" aria-label=\"mastery {pct}%\">",
            t.id(),
            esc(t.title())
        );
        for k in 0..5 {
            html += if k < steps {
                "<span class=\"done\"></span>"
            } else {
                "<span></span>"
            };
        }
        html += "</span></li>";
    }
    list.set_inner_html(&html);
}
