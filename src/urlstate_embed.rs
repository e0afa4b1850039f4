//! The embed options a link carries (src/urlstate.rs): locks, hidden parts,
//! tries, seeds, chart height, theme, the learner, predictions and the
//! practice page's kinds of question; each read, clamped and explained.

use super::{
    flag, seed, short, whole, Embed, Hide, Lock, Pairs, Questions, CHART_HEIGHT, KIND_WORDS,
    MAX_TRIES, THEMES,
};
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
