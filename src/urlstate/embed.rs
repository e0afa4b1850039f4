//! The embed options a link carries (src/urlstate/mod.rs): locks, hidden parts,
//! tries, seeds, chart height, theme, the learner, predictions and the
//! practice page's kinds of question; each read, clamped and explained.

use super::{
    flag, seed, short, whole, Embed, Hide, Lock, Pairs, Questions, CHART_HEIGHT, KIND_WORDS,
    MAX_TRIES, THEMES,
};
use crate::challenge::tries::Spent;
use crate::model::Topic;
use crate::xapi::Agent;

/// The options a course page sets in its iframe's URL.
pub(super) fn read_embed(
    e: &mut Embed,
    topic: &'static dyn Topic,
    pairs: &Pairs,
    notes: &mut Vec<String>,
) {
    if let Some(v) = pairs.get("embed") {
        match flag(v) {
            Some(on) => e.on = on,
            None => notes.push(format!("embed={} is not 1 or 0; ignored.", short(v))),
        }
    }
    if let Some(v) = pairs.get("lock") {
        e.lock = lock(topic, v, notes);
    }
    if let Some(v) = pairs.get("hide") {
        for word in v.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match e.hide.flag(&word.to_ascii_lowercase()) {
                Some(f) => *f = true,
                None => notes.push(format!(
                    "hide={} is not one of {}; ignored.",
                    short(word),
                    Hide::WORDS.join(", ")
                )),
            }
        }
    }
    if let Some(v) = pairs.given("tries") {
        e.tries = whole("tries", v, (1, MAX_TRIES as u64), "", notes).map(|n| n as u32);
    }
    if let Some(v) = pairs.given("fixed_seed") {
        e.fixed_seed = seed("fixed_seed", v, "each question draws its own", notes);
    }
    if let Some(v) = pairs.given("chart_height") {
        let (lo, hi) = CHART_HEIGHT;
        e.chart_height =
            whole("chart_height", v, (lo as u64, hi as u64), " px", notes).map(|n| n as u32);
    }
    if let Some(v) = pairs.get("predict") {
        match flag(v) {
            Some(on) => e.predict = Some(on),
            None => notes.push(format!("predict={} is not on or off; ignored.", short(v))),
        }
    }
    if let Some(v) = pairs.get("intro") {
        match flag(v) {
            Some(on) => e.intro = Some(on),
            None => notes.push(format!("intro={} is not 1 or 0; ignored.", short(v))),
        }
    }
    if let Some(v) = pairs.given("kinds") {
        e.kinds = kinds(v, notes);
    }
    if let Some(v) = pairs.given("theme") {
        e.theme = THEMES.iter().copied().find(|t| t.eq_ignore_ascii_case(v));
        if e.theme.is_none() {
            notes.push(format!(
                "theme={} is not one of {}; ignored.",
                short(v),
                THEMES.join(", ")
            ));
        }
    }
    read_learner(e, pairs, notes);
    read_graded(e, topic, pairs, notes);
}

/// Graded mode and what it is given: the salt, the templates asked and the
/// tries a launcher restores.
fn read_graded(e: &mut Embed, topic: &'static dyn Topic, pairs: &Pairs, notes: &mut Vec<String>) {
    if let Some(v) = pairs.get(MODE_PAIR) {
        e.graded = mode_word(v) == Some(true);
    }
    let has_param = topic.params().iter().any(|s| s.name == MODE_KEY);
    if let (false, Some(v)) = (has_param, pairs.given(MODE_KEY)) {
        notes.push(format!(
            "mode={} is not graded or practice; the page is for practice.",
            short(v)
        ));
    }
    if let Some(v) = pairs.given("salt") {
        e.salt = seed("salt", v, "the learner's seed is unsalted", notes);
    }
    let ids: Vec<String> = crate::challenge::templates(topic)
        .into_iter()
        .map(|t| t.id)
        .collect();
    let known = |w: &str| ids.iter().find(|id| id.eq_ignore_ascii_case(w)).cloned();
    if let Some(v) = pairs.given("only") {
        let words: Vec<&str> = v
            .split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect();
        let strangers: Vec<String> = words
            .iter()
            .filter(|w| known(w).is_none())
            .map(|w| short(w))
            .collect();
        if !strangers.is_empty() {
            notes.push(format!(
                "only: {} has no challenge {}; ignored.",
                topic.title(),
                strangers.join(", ")
            ));
        }
        let only: Vec<String> = ids
            .iter()
            .filter(|id| words.iter().any(|w| w.eq_ignore_ascii_case(id)))
            .cloned()
            .collect();
        e.only = (!only.is_empty()).then_some(only);
    }
    if let Some(v) = pairs.given("spent") {
        for item in v.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match spent_item(item, &known) {
                Some(s) if !e.spent.iter().any(|(t, _)| *t == s.0) => e.spent.push(s),
                Some(_) => {}
                None => notes.push(format!(
                    "spent: {} is not a challenge, its tries and 0 or 1 (C1-2-0); ignored.",
                    short(item)
                )),
            }
        }
    }
}

/// `C1-2-0` → the template, 2 tries, not solved.
fn spent_item(item: &str, known: &dyn Fn(&str) -> Option<String>) -> Option<(String, Spent)> {
    let mut parts = item.split('-');
    let (t, tries, solved) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let tries: u32 = tries.parse().ok().filter(|n| *n <= MAX_TRIES)?;
    let solved = match solved {
        "0" => false,
        "1" => true,
        _ => return None,
    };
    Some((known(t)?, Spent { tries, solved }))
}

/// Where questions take their values, and the learner statements name.
fn read_learner(e: &mut Embed, pairs: &Pairs, notes: &mut Vec<String>) {
    if let Some(v) = pairs.given("questions") {
        e.questions = match v.to_ascii_lowercase().as_str() {
            "page" => Some(Questions::Page),
            "drawn" => Some(Questions::Drawn),
            _ => {
                notes.push(format!(
                    "questions={} is not “page” or “drawn”; ignored.",
                    short(v)
                ));
                None
            }
        };
    }
    if let Some(v) = pairs.given("actor") {
        match Agent::from_link(v, pairs.given("actor_home")) {
            Ok(a) => e.actor = Some(a),
            Err(why) => notes.push(format!("{why}; the learner is not named.")),
        }
    } else if pairs.given("actor_home").is_some() {
        notes.push("actor_home needs an actor; ignored.".into());
    }
}

/// The kinds a link names, in their canonical order; none named: all.
fn kinds(v: &str, notes: &mut Vec<String>) -> Option<Vec<&'static str>> {
    let asked: Vec<String> = v
        .split(',')
        .map(|w| w.trim().to_ascii_lowercase())
        .filter(|w| !w.is_empty())
        .collect();
    let strangers: Vec<&String> = asked
        .iter()
        .filter(|w| !KIND_WORDS.contains(&w.as_str()))
        .collect();
    if let Some(first) = strangers.first() {
        let more = match strangers.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        notes.push(format!(
            "kinds: {}{more} is not one of {}; ignored.",
            short(first),
            KIND_WORDS.join(", ")
        ));
    }
    let known: Vec<&'static str> = KIND_WORDS
        .iter()
        .copied()
        .filter(|k| asked.iter().any(|w| w == k))
        .collect();
    (!known.is_empty()).then_some(known)
}

fn lock(topic: &'static dyn Topic, v: &str, notes: &mut Vec<String>) -> Lock {
    let v = v.trim();
    if v.eq_ignore_ascii_case("all") {
        return Lock::All;
    }
    if v.is_empty() || v.eq_ignore_ascii_case("none") {
        return Lock::None;
    }
    let mut wanted = Vec::new();
    let mut strangers = Vec::new();
    for name in v.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match topic.params().iter().find(|s| s.name == name) {
            Some(s) => wanted.push(s.name),
            None => strangers.push(short(name)),
        }
    }
    if !strangers.is_empty() {
        notes.push(format!(
            "lock: {} has no parameter {}; ignored.",
            topic.title(),
            strangers.join(", ")
        ));
    }
    let names: Vec<&'static str> = topic
        .params()
        .iter()
        .map(|s| s.name)
        .filter(|n| wanted.contains(n))
        .collect();
    if names.is_empty() {
        Lock::None
    } else {
        Lock::Some(names)
    }
}

/// The link key of graded mode (`mode=graded`).
pub const MODE_KEY: &str = "mode";
/// Where [`Pairs`] keeps a `mode=` whose value is a mode word, apart from a
/// topic parameter named `mode`.
pub const MODE_PAIR: &str = "mode (page)";

/// `graded` → graded, `practice` → not; other words are no mode.
pub fn mode_word(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "graded" => Some(true),
        "practice" => Some(false),
        _ => None,
    }
}

/// The embed options as a link's keys and values, in their fixed order and
/// only what differs from the defaults.
pub(super) fn write_embed(e: &Embed, out: &mut Vec<(&str, String)>) {
    if e.on {
        out.push(("embed", "1".into()));
    }
    match &e.lock {
        Lock::None => {}
        Lock::All => out.push(("lock", "all".into())),
        Lock::Some(names) => out.push(("lock", names.join(","))),
    }
    let hide = e.hide.words();
    if !hide.is_empty() {
        out.push(("hide", hide.join(",")));
    }
    if let Some(n) = e.tries {
        out.push(("tries", n.to_string()));
    }
    if let Some(s) = e.fixed_seed {
        out.push(("fixed_seed", s.to_string()));
    }
    if let Some(h) = e.chart_height {
        out.push(("chart_height", h.to_string()));
    }
    if let Some(p) = e.predict {
        out.push(("predict", if p { "on" } else { "off" }.into()));
    }
    if let Some(k) = &e.kinds {
        out.push(("kinds", k.join(",")));
    }
    if let Some(i) = e.intro {
        out.push(("intro", if i { "1" } else { "0" }.into()));
    }
    if let Some(q) = e.questions {
        out.push(("questions", q.word().into()));
    }
    if let Some(a) = &e.actor {
        let (actor, home) = a.link_values();
        out.push(("actor", actor));
        if let Some(h) = home {
            out.push(("actor_home", h));
        }
    }
    if let Some(t) = e.theme {
        out.push(("theme", t.into()));
    }
    if e.graded {
        out.push((MODE_KEY, "graded".into()));
    }
    if let Some(s) = e.salt {
        out.push(("salt", s.to_string()));
    }
    if let Some(only) = &e.only {
        out.push(("only", only.join(",")));
    }
    if !e.spent.is_empty() {
        let items: Vec<String> = e
            .spent
            .iter()
            .map(|(t, s)| format!("{t}-{}-{}", s.tries, u8::from(s.solved)))
            .collect();
        out.push(("spent", items.join(",")));
    }
}
