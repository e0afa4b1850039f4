//! The home page: the way in. Every topic of the registry on one learning
//! path (the concept explorers first, then the simulators they feed), each
//! with its question, the learner's progress from the saved record, a live
//! preview of its scene, and "Start here" on the first.
//!
//! Which explorer feeds which simulator comes from the topics' own
//! declarations: an explorer feeds every simulator that draws on its seed
//! card. Nothing here names a topic.

use super::dom::*;
use super::glossary::{text_with_term, SEED_CARD};
use super::store::Store;
use crate::challenge;
use crate::model::{Topic, TopicKind};
use crate::topics::{self, Entry};
use web_sys::Element;

/// The home page's heading and lede. www/index.html carries the same words
/// in a header it shows while the model loads, when the address opens the
/// home page (www/loader.js marks `<html data-opens="home">`), so that the
/// page's largest text is painted before the model arrives; [`mount`] keeps
/// that header, and builds this one where the page has none.
/// tests/browser/layout.test.mjs holds the two to the same words and size.
const TITLE: &str = "Learn to design an LLM-serving fleet";
const LEDE: &str = "A page for each question a fleet designer faces. The concept explorers \
     work one idea at a time with its worked example; the simulators put those ideas together \
     in a fleet-design story you can break and fix. Move a slider and every figure, check and \
     chart follows.";

/// Builds the home page in `app`; `notes`: the link's adjustments.
pub fn mount(app: &Element, notes: &[String], store: &Store) {
    // index.html's header, painted while the model loaded, stays in place.
    let kept = clear_but(app, "header.home-shell").pop();
    let _ = app.remove_attribute("aria-busy");
    attr(app, "data-view", "home");
    document().set_title("Fleetlab · learn to design an LLM-serving fleet");
    if kept.is_none() {
        let head = el("header", "home-head");
        append(&head, &text_el("h1", "", TITLE));
        append(&head, &text_el("p", "lede", LEDE));
        append(app, &head);
    }
    if !notes.is_empty() {
        let notice = text_el("p", "notice", &notes.join(" "));
        attr(&notice, "role", "status");
        attr(&notice, "id", "notice");
        append(app, &notice);
    }
    if let Some(why) = store.notice() {
        append(app, &text_el("p", "notice", &why));
    }
    let mut step = 0;
    for (kind, heading, intro) in [
        (
            TopicKind::Explorer,
            "1 · Concept explorers",
            "One idea each, with the seed card's worked example. Start here.",
        ),
        (
            TopicKind::Simulator,
            "2 · Simulators",
            "Fleet-design stories that combine the explorers' ideas, with a fix to try \
             where a story breaks a check; or find your own.",
        ),
    ] {
        let section = el("section", "path-part");
        let h_id = format!("path-{}", kind.word().replace(' ', "-"));
        let h = text_el("h2", "", heading);
        attr(&h, "id", &h_id);
        attr(&section, "aria-labelledby", &h_id);
        append(&section, &h);
        append(
            &section,
            &text_with_term("p", "path-intro", intro, SEED_CARD, false),
        );
        let list = el("ol", "path");
        for e in topics::CATALOG.iter().filter(|e| e.kind() == kind) {
            step += 1;
            append(&list, &card(e, step, store));
        }
        append(&section, &list);
        append(app, &section);
    }
    interview_card(app, store);
}

/// After the path: the mock interview, which puts the topics together.
fn interview_card(app: &Element, store: &Store) {
    let section = el("section", "path-part");
    let h = text_el("h2", "", "3 · Interview practice");
    attr(&h, "id", "path-interview");
    attr(&section, "aria-labelledby", "path-interview");
    append(&section, &h);
    let list = el("ul", "path");
    let li = el("li", "path-card");
    attr(&li, "data-view", "interview");
    let body = el("div", "path-body");
    append(&body, &text_el("p", "kind", "timed mock"));
    let title = el("h3", "");
    let a = text_el("a", "", "Mock interview");
    attr(&a, "href", "?view=interview");
    append(&title, &a);
    append(&body, &title);
    append(
        &body,
        &text_el(
            "p",
            "question",
            "One fleet-design problem in seven questions against a 20- or 45-minute clock, \
             as a systems-design interview runs it: later questions take your own numbers, \
             the requirements change half-way, and a scorecard by dimension closes it.",
        ),
    );
    let n = store.progress().interviews.len();
    let done = match n {
        0 => "No mock yet".to_string(),
        1 => "1 mock done".to_string(),
        n => format!("{n} mocks done"),
    };
    let foot = el("div", "path-foot");
    append(&foot, &text_el("p", "progress", &done));
    let go = text_el("a", "start", "Start a mock →");
    attr(&go, "href", "?view=interview");
    append(&foot, &go);
    append(&body, &foot);
    append(&li, &body);
    append(&list, &li);
    append(&section, &list);
    append(app, &section);
}

/// One topic's card.
fn card(e: &Entry, step: usize, store: &Store) -> Element {
    let li = el("li", "path-card");
    attr(&li, "data-topic", e.id());
    let Some(t) = e.topic() else {
        li.set_class_name("path-card coming");
        append(&li, &text_el("p", "kind", &format!("{step} · coming")));
        append(&li, &text_el("h3", "", e.title()));
        return li;
    };
    let href = format!("?topic={}", t.id());
    // The topic's scene, live (src/web/scene/preview.rs), in a box of
    // fixed proportions, so nothing moves when it arrives.
    let preview = el("div", "preview");
    attr(&preview, "data-topic", t.id());
    attr(&preview, "aria-hidden", "true");
    append(&li, &preview);
    let body = el("div", "path-body");
    append(
        &body,
        &text_el("p", "kind", &format!("{step} · {}", t.kind().word())),
    );
    let h = el("h3", "");
    let a = text_el("a", "", t.title());
    attr(&a, "href", &href);
    append(&h, &a);
    append(&body, &h);
    append(&body, &text_el("p", "question", t.question()));
    if let Some(line) = relations(t) {
        append(&body, &line);
    }
    let foot = el("div", "path-foot");
    append(&foot, &progress(t, store));
    // The topic's guided start (src/web/scene/intro.rs), opened by its
    // link key. On the first card it is where a newcomer starts: one
    // button, "Start here", not two to the same place.
    let first = step == 1;
    let go = match crate::topics::intro(t.id()) {
        Some(intro) => {
            let n = intro.steps.len();
            let (class, words) = if first {
                ("start", format!("Start here: guided start ({n} steps) →"))
            } else {
                ("guided", format!("Guided start ({n} steps)"))
            };
            let guide = text_el("a", class, &words);
            attr(&guide, "href", &format!("{href}&intro=1"));
            attr(&guide, "data-intro-offer", t.id());
            Some(guide)
        }
        None if first => {
            let start = text_el("a", "start", "Start here →");
            attr(&start, "href", &href);
            Some(start)
        }
        None => None,
    };
    if let Some(go) = go {
        append(&foot, &go);
    }
    if first {
        li.set_class_name("path-card first");
    }
    append(&body, &foot);
    append(&li, &body);
    li
}

/// "Feeds: …" under an explorer, "Builds on: …" under a simulator: the
/// topics of the other kind that draw on one of its seed cards.
fn relations(t: &'static dyn Topic) -> Option<Element> {
    let others: Vec<&'static dyn Topic> = topics::all()
        .filter(|o| o.kind() != t.kind())
        .filter(|o| o.seed_cards().iter().any(|c| t.seed_cards().contains(c)))
        .collect();
    if others.is_empty() {
        return None;
    }
    let word = match t.kind() {
        TopicKind::Explorer => "Feeds: ",
        TopicKind::Simulator => "Builds on: ",
    };
    let p = el("p", "relations");
    append(&p, &text_el("span", "", word));
    for (i, o) in others.iter().enumerate() {
        if i > 0 {
            let _ = p.append_with_str_1(", ");
        }
        let a = text_el("a", "", o.title());
        attr(&a, "href", &format!("?topic={}", o.id()));
        append(&p, &a);
    }
    Some(p)
}

/// The learner's record for `t`: challenges solved and questions answered
/// right, from the saved practice record.
fn progress(t: &'static dyn Topic, store: &Store) -> Element {
    let p = store.progress();
    let templates = challenge::templates(t);
    let (mut solved, mut right, mut tried) = (0, 0u32, 0u32);
    for tpl in &templates {
        let e = p.entry(t.id(), &tpl.id);
        solved += usize::from(e.correct > 0);
        right = right.saturating_add(e.correct);
        tried = tried.saturating_add(e.attempts);
    }
    let n = templates.len();
    // Mastery: the boxes of all its questions, of every kind.
    let m = (super::drill::mastery(p, t) * 100.0).round();
    let text = match (tried, m > 0.0) {
        (0, false) => format!("Not started · {n} challenges"),
        (0, true) => format!("{n} challenges · mastery {m}%"),
        _ => {
            let q = if right == 1 { "question" } else { "questions" };
            let ms = if m > 0.0 {
                format!(" · mastery {m}%")
            } else {
                String::new()
            };
            format!("{solved} of {n} challenges solved · {right} {q} right{ms}")
        }
    };
    let out = text_el("p", "progress", &text);
    attr(&out, "data-solved", &right.to_string());
    attr(&out, "data-mastery", &m.to_string());
    if n > 0 {
        let bar = el("span", "meter");
        attr(&bar, "role", "img");
        attr(
            &bar,
            "aria-label",
            &format!("{solved} of {n} challenges solved"),
        );
        for k in 0..n {
            append(&bar, &el("span", if k < solved { "done" } else { "" }));
        }
        append(&out, &bar);
    }
    out
}
