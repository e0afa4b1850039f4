//! The practice page (`?view=practice`): choose topics, drill questions from
//! their challenges, see progress, export and import it.

use super::dom::*;
use super::msg::{dispatch, Effect, Msg, PracticeMsg};
use super::practice::{msg_button, Cx, Options, Panel};
use super::store::{self, Store};
use crate::challenge;
use crate::model::Topic;
use crate::topics;
use crate::urlstate::State;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

pub struct Drill {
    panel: Panel,
}

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

/// "Your progress": the table, export, import and the backup download.
fn records(app: &Element) {
    let records = el("section", "records");
    append(&records, &text_el("h2", "", "Your progress"));
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
        let b = text_el("button", "", "Download the unreadable backup");
        attr(&b, "type", "button");
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

        let section = el("section", "practice drill");
        attr(&section, "id", "practice");
        let row = el("div", "q-row");
        append(
            &row,
            &msg_button("primary", "Next question", "q-new", || PracticeMsg::Fresh),
        );
        append(&section, &row);
        let chosen = available.iter().map(|t| t.id()).collect();
        let mut panel = Panel::mount_drill(&section, Options::embedded(link), chosen);
        append(app, &section);
        records(app);

        // The first question's address change means nothing on this page.
        panel.fresh(&mut Cx::new(store, None));
        paint_progress_table(store);
        Drill { panel }
    }

    /// Handles a message of the practice page; the widget's effects go back
    /// to the owner.
    pub fn update(&mut self, msg: PracticeMsg, store: &mut Store) -> Vec<Effect> {
        let mut cx = Cx::new(store, None);
        match msg {
            PracticeMsg::Chosen => {
                self.panel.choose(chosen_topics());
                self.panel.fresh(&mut cx);
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

/// The topics whose box is checked.
fn chosen_topics() -> Vec<&'static str> {
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

/// The progress table: a row per template answered at least once.
pub fn paint_progress_table(store: &Store) {
    let Some(holder) = by_id("progress-table") else {
        return;
    };
    let p = store.progress();
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
