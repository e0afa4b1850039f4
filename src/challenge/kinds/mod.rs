//! Question kinds beyond one number, for every topic: choose the lever (a
//! failing check on show: which parameter fixes it, and to what?), multiple
//! choice on the concept with a reason for every option, order the steps,
//! and predict, then reveal. Each is a template of the topic beside its
//! numeric C1–C3, with an id of its own (L1, M1, O1, P1), so the practice
//! record, the spaced repetition and the links treat all alike.
//!
//! Levers, predictions and their answers come from the topic's declarations
//! and its model ([`lever`], [`predict`]); the words of the multiple-choice
//! and ordering questions, and the draw ranges of each numeric template
//! tagged easy, medium or hard, come from `challenges/<topic>.kinds.toml`
//! (embedded at build time, [`schema`]). A question is drawn from a seed and
//! a level; the same seed gives the same question on every machine.

pub mod choice;
pub mod fill;
pub mod levels;
pub mod lever;
pub mod order;
pub mod predict;
pub mod schedule;
pub mod schema;

/// The challenge schema, by the name `schema.rs` reads it under (build.rs
/// gives it the same).
use super::schema as base_schema;

use super::StaticVar;
use crate::model::{Params, Topic, Verdict};

/// How hard a question is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Level {
    Easy,
    #[default]
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// "easy", "medium", "hard".
    pub fn word(self) -> &'static str {
        schema::LEVELS[self as usize]
    }

    pub fn from_word(w: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.word() == w)
    }
}

/// A topic's kinds file as static data.
pub struct Kinds {
    pub choices: &'static [Choice],
    pub orders: &'static [Order],
    pub levels: &'static [Ranges],
}

/// `(text, why)`: what the learner reads, and why it is right or wrong.
pub type Text = (&'static str, &'static str);

pub struct Choice {
    pub level: Level,
    pub prompt: &'static str,
    pub answer: Text,
    pub wrong: &'static [Text],
}

pub struct Order {
    pub level: Level,
    pub prompt: &'static str,
    /// In their right order.
    pub steps: &'static [Text],
}

/// A numeric template's draw ranges at one level.
pub struct Ranges {
    pub template: &'static str,
    pub level: Level,
    pub vars: &'static [StaticVar],
}

mod data {
    // A topic may have no kinds file, and a kinds file no part of its own.
    #[allow(unused_imports)]
    use super::{Choice, Kinds, Level, Order, Ranges, StaticVar};
    include!(concat!(env!("OUT_DIR"), "/kinds.rs"));
}

/// A topic's kinds file, if it has one.
pub fn data(topic: &str) -> Option<&'static Kinds> {
    data::kinds(topic)
}

/// The kinds of question, each a template id of every topic that has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Lever,
    Choice,
    Order,
    Predict,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Lever, Kind::Choice, Kind::Order, Kind::Predict];

    /// The template id: L1, M1, O1, P1.
    pub fn id(self) -> &'static str {
        ["L1", "M1", "O1", "P1"][self as usize]
    }

    /// The word a link and the command line use.
    pub fn word(self) -> &'static str {
        ["lever", "choice", "order", "predict"][self as usize]
    }

    pub fn title(self) -> &'static str {
        [
            "Choose the lever",
            "The concept",
            "Order the steps",
            "Predict, then reveal",
        ][self as usize]
    }

    pub fn from_id(id: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.id().eq_ignore_ascii_case(id) || k.word() == id)
    }
}

/// The kinds a topic has: a lever and a prediction wherever a story has a
/// fix, the words-only kinds wherever its kinds file has them.
pub fn kinds_of(topic: &dyn Topic) -> Vec<Kind> {
    let fixes = topic.presets().iter().any(|p| p.fix.is_some());
    let d = data(topic.id());
    Kind::ALL
        .into_iter()
        .filter(|k| match k {
            Kind::Lever | Kind::Predict => fixes,
            Kind::Choice => d.is_some_and(|d| !d.choices.is_empty()),
            Kind::Order => d.is_some_and(|d| !d.orders.is_empty()),
        })
        .collect()
}

/// Whether `id` names a kind `topic` has (for the practice record).
pub fn has(topic: &dyn Topic, id: &str) -> bool {
    Kind::from_id(id).is_some_and(|k| k.id() == id && kinds_of(topic).contains(&k))
}

/// An option, a step: its text and why it is right or wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Said {
    pub text: String,
    pub why: String,
}

/// A choose-the-lever question: the story and the check it fails.
#[derive(Clone, Debug)]
pub struct LeverAsk {
    pub scenario: lever::Scenario,
    /// How it is asked: for any lever, one named, or another than the fix's.
    pub variant: lever::Variant,
    /// The story's values.
    pub base: Params,
    /// The failing verdict the question shows.
    pub verdict: Verdict,
}

/// What the learner answers.
#[derive(Clone, Debug)]
pub enum Body {
    /// A parameter and a value.
    Lever(LeverAsk),
    /// One of some options (multiple choice, a prediction).
    Options { options: Vec<Said>, key: usize },
    /// Steps as shown; `right` lists the shown indices in their right order.
    Order { steps: Vec<Said>, right: Vec<usize> },
}

/// A drawn question of one kind.
#[derive(Clone, Debug)]
pub struct Posed {
    pub topic: &'static str,
    pub kind: Kind,
    pub seed: u64,
    pub level: Level,
    pub text: String,
    pub body: Body,
    /// Said after the answer, whatever it was: the model's numbers, the
    /// story's explanation.
    pub reveal: String,
}

/// A learner's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Response {
    /// A parameter by name and its value as typed (a word for a choice).
    Lever { param: String, value: String },
    /// The index of a shown option.
    Pick(usize),
    /// Shown step indices in the learner's order.
    Order(Vec<usize>),
}

/// The mark of one answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Marked {
    pub correct: bool,
    /// One or two sentences: right or not, and why.
    pub message: String,
    /// Read after answering: the reason of every option or step, in order.
    pub reasons: Vec<String>,
    /// Not an answer (an unknown parameter, a value out of range): not
    /// counted as a try.
    pub unreadable: bool,
}

/// Draws a question of `kind` about `topic` from `seed` at `level`.
pub fn pose(topic: &dyn Topic, kind: Kind, seed: u64, level: Level) -> Result<Posed, String> {
    let posed = match kind {
        Kind::Lever => lever::pose(topic, seed, level),
        Kind::Choice => choice::pose(topic, seed, level),
        Kind::Order => order::pose(topic, seed, level),
        Kind::Predict => predict::pose(topic, seed, level),
    }
    .ok_or_else(|| format!("{} has no question of the kind {}", topic.id(), kind.id()))?;
    Ok(Posed {
        level,
        seed,
        ..posed
    })
}

/// How many questions of `kind` a seed chooses among at `level`.
fn count(topic: &dyn Topic, kind: Kind, level: Level) -> usize {
    match kind {
        Kind::Lever => lever::count(topic, level),
        Kind::Choice => choice::count(topic, level),
        Kind::Order => order::count(topic, level),
        Kind::Predict => predict::count(topic, level),
    }
}

/// The `k`th seed after `seed` a fresh draw tries (the 0th is `seed`):
/// below 2^32, as the page's seeds are, so a link or JS number keeps it.
pub fn next_seed(seed: u64, k: u64) -> u64 {
    if k == 0 {
        seed
    } else {
        crate::model::hash64(seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15)) & 0xffff_ffff
    }
}

/// Draws a question of `kind` that `known` (by its text) does not name: the
/// seed's own question where it is new, else that of the first seed after
/// it ([`next_seed`]) whose question is, so the question is drawn again from
/// its seed and level alone. At `level` first; where every question of
/// that level is known, at the others. None where every question is known.
pub fn pose_new(
    topic: &dyn Topic,
    kind: Kind,
    seed: u64,
    level: Level,
    known: &dyn Fn(&str) -> bool,
) -> Result<Option<Posed>, String> {
    let levels = std::iter::once(level).chain(Level::ALL.into_iter().filter(|l| *l != level));
    for lv in levels {
        let n = count(topic, kind, lv);
        // Each seed's first draw picks one of `n` starts; once every start
        // was tried, so was every question of the level.
        let mut tried = vec![false; n];
        let mut left = n;
        let mut k = 0;
        while left > 0 && k < 64 * (n as u64 + 1) {
            let s = next_seed(seed, k);
            k += 1;
            let start = crate::model::SplitMix64::new(s).below(n as u64) as usize;
            if std::mem::replace(&mut tried[start], true) {
                continue;
            }
            left -= 1;
            let q = pose(topic, kind, s, lv)?;
            if !known(&q.text) {
                return Ok(Some(q));
            }
        }
    }
    Ok(None)
}

/// Marks `r` against `q`. A lever is marked by running the model with it.
pub fn mark(topic: &dyn Topic, q: &Posed, r: &Response) -> Marked {
    match (&q.body, r) {
        (Body::Lever(ask), Response::Lever { param, value }) => {
            lever::mark(topic, ask, param, value)
        }
        (Body::Options { options, key }, Response::Pick(i)) => choice::mark(options, *key, *i),
        (Body::Order { steps, right }, Response::Order(given)) => order::mark(steps, right, given),
        _ => Marked {
            correct: false,
            message: "That answer does not fit this kind of question.".into(),
            reasons: Vec::new(),
            unreadable: true,
        },
    }
}

/// Reads an answer as typed on the command line: `name=value` for a lever,
/// a letter (A, B, …) for an option, letters in order for steps.
pub fn read(q: &Posed, text: &str) -> Result<Response, String> {
    let t = text.trim();
    match &q.body {
        Body::Lever(_) => {
            let (p, v) = t
                .split_once('=')
                .ok_or("type the lever as name=value, e.g. warm=1")?;
            Ok(Response::Lever {
                param: p.trim().to_string(),
                value: v.trim().to_string(),
            })
        }
        Body::Options { options, .. } => letters(t, options.len())
            .and_then(|l| (l.len() == 1).then(|| Response::Pick(l[0])))
            .ok_or_else(|| format!("type one letter, A to {}", letter(options.len() - 1))),
        Body::Order { steps, .. } => letters(t, steps.len())
            .filter(|l| l.len() == steps.len())
            .map(Response::Order)
            .ok_or_else(|| {
                format!(
                    "type all {} letters in your order, e.g. {}",
                    steps.len(),
                    (0..steps.len()).map(letter).collect::<Vec<_>>().join(",")
                )
            }),
    }
}

/// "A", "B", … for option `i`.
pub fn letter(i: usize) -> String {
    char::from(b'A' + (i % 26) as u8).to_string()
}

fn letters(t: &str, n: usize) -> Option<Vec<usize>> {
    let out: Vec<usize> = t
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            let c = s.chars().next().filter(|_| s.chars().count() == 1)?;
            let i = (c.to_ascii_uppercase() as u32).checked_sub('A' as u32)? as usize;
            (i < n).then_some(i)
        })
        .collect::<Option<_>>()?;
    (!out.is_empty()).then_some(out)
}

/// The key as a response (for the tests and the command line's key). A
/// lever's key runs the model over the lever's range.
pub fn key(topic: &dyn Topic, q: &Posed) -> Option<Response> {
    match &q.body {
        Body::Lever(ask) => {
            let (spec, value) = lever::key(topic, ask)?;
            Some(Response::Lever {
                param: spec.name.to_string(),
                value: spec.show(value),
            })
        }
        Body::Options { key, .. } => Some(Response::Pick(*key)),
        Body::Order { right, .. } => Some(Response::Order(right.clone())),
    }
}

/// A permutation of `0..n` drawn from `rng` (Fisher–Yates).
pub(crate) fn shuffle(n: usize, rng: &mut crate::model::SplitMix64) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
    v
}

/// The items of `level`, else all of them (a file may tag none at a level).
pub(crate) fn at_level<T>(
    items: &'static [T],
    level: Level,
    of: fn(&T) -> Level,
) -> Vec<&'static T> {
    let same: Vec<&T> = items.iter().filter(|x| of(x) == level).collect();
    if same.is_empty() {
        items.iter().collect()
    } else {
        same
    }
}
