//! Practice that adapts: a Leitner box per template, and the choice of the
//! next practice question.
//!
//! The clock is the practice page's count of questions drawn
//! (`Progress::drawn`), not time: "comes back within three questions" means
//! what it says whether the learner practises for a minute or a month. A
//! template answered wrong at its first try drops to box 1 and is due again
//! within the next three questions (never the very next one, so it is
//! recalled, not copied); answered right at its first try it climbs a box
//! and waits longer: 4, 8, 16, 32 questions. A template's box also sets the
//! level it is drawn at: as written (medium) when new, easy in box 1 (just
//! missed), medium in 2–3, hard in 4–5.
//!
//! Within a template, practice asks no question again that was answered
//! right at its first try ([`next`]): the record remembers those questions
//! (`Entry::known`), a drawn question already known is passed over for the
//! next seed's, and a template with nothing new left is passed over for
//! another. A missed question may come back; one answered right comes back
//! only once every question of the chosen templates has been.

use super::{next_seed, pose_new, Kind, Level, Posed};
use crate::challenge::progress::{Entry, Progress};
use crate::challenge::{ChallengeError, Question, Solver};
use crate::model::{SplitMix64, Topic};

// The boxes themselves (their number, their waits, the move after an
// answer) are the record's: `challenge::progress`.
pub use crate::challenge::progress::{after, gap, TOP};

/// The level a template is drawn at, from its box: as written (medium)
/// until it is met, easy after a miss, medium again as it climbs, hard in
/// the top two boxes.
pub fn level(e: &Entry) -> Level {
    match e.leitner {
        1 => Level::Easy,
        0 | 2 | 3 => Level::Medium,
        _ => Level::Hard,
    }
}

/// Picks the next practice question among `pool` (`(topic, template)`),
/// the question after number `p.drawn`; `last` is the template on show.
///
/// In order: a missed template whose turn has come (the earliest due
/// first: each miss is due three questions after it, and at most one
/// practice question is missed at a time, so every one is met in time);
/// then any other template that is due; then a draw from `seed` weighted
/// towards templates never met and low boxes, never the one on show when
/// there is another.
pub fn pick(p: &Progress, pool: &[(&str, &str)], seed: u64, last: Option<(&str, &str)>) -> usize {
    pick_open(p, pool, seed, last, &vec![true; pool.len()])
}

/// [`pick`] among the templates `open` leaves in (each passed over as if
/// it were not in the pool; none open: the first).
fn pick_open(
    p: &Progress,
    pool: &[(&str, &str)],
    seed: u64,
    last: Option<(&str, &str)>,
    open: &[bool],
) -> usize {
    let first = open.iter().position(|o| *o).unwrap_or(0);
    if open.iter().filter(|o| **o).count() <= 1 {
        return first;
    }
    let now = p.drawn.saturating_add(1);
    let entry = |i: usize| p.entry(pool[i].0, pool[i].1);
    let earliest = |f: &dyn Fn(&Entry) -> bool| {
        (0..pool.len())
            .filter(|i| open[*i])
            .filter_map(|i| {
                let e = entry(i);
                let due = e.due?;
                f(&e).then_some((due, i))
            })
            .min()
            .map(|(_, i)| i)
    };
    let missed = earliest(&|e| e.leitner == 1 && e.due.is_some_and(|d| d <= now + 1));
    if let Some(i) = missed.filter(|i| Some(pool[*i]) != last) {
        return i;
    }
    if let Some(i) = earliest(&|e| e.due.is_some_and(|d| d <= now)) {
        return i;
    }
    let weights: Vec<u64> = (0..pool.len())
        .map(|i| {
            let e = entry(i);
            if Some(pool[i]) == last || !open[i] {
                0
            } else if e.attempts == 0 {
                8
            } else {
                (2 * (TOP + 1 - e.leitner.min(TOP))) as u64
            }
        })
        .collect();
    let total: u64 = weights.iter().sum();
    let mut r = SplitMix64::new(seed).below(total.max(1));
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return i;
        }
        r -= w;
    }
    first
}

/// A practice question: of a kind beyond one number, or a number to work
/// out.
#[derive(Clone, Debug)]
pub enum Practice {
    Kind(Posed),
    Number(Question),
}

impl Practice {
    /// What the learner reads: the question's identity in the record.
    pub fn text(&self) -> &str {
        match self {
            Practice::Kind(q) => &q.text,
            Practice::Number(q) => &q.text,
        }
    }
}

/// The practice page's next question.
#[derive(Debug)]
pub struct Next {
    /// Its template's place in the pool.
    pub index: usize,
    /// The level the template's box has earned (a kind's question may be
    /// of another where every one of this level was answered right).
    pub level: Level,
    pub question: Result<Practice, ChallengeError>,
}

/// Seeds a numeric template tries for a question not answered right yet.
const NUMERIC_TRIES: u64 = 32;

/// A numeric template's solver, by its topic's id.
pub type Solvers<'a> = &'a dyn Fn(&str) -> Option<&'static dyn Solver>;

/// The practice page's next question among `pool` (`(topic, template)`),
/// from `seed`, after the template `last`: the template [`pick`] chooses
/// among those with a question not answered right yet, drawn at its box's
/// level, the seed's own question where it is new, else the next seed's
/// ([`pose_new`]; a numeric template's through its solver). Only when every
/// template has nothing new does a question answered right come back (the
/// first pick's, from `seed`). None for an empty pool.
pub fn next(
    p: &Progress,
    pool: &[(&'static dyn Topic, &str)],
    solver: Solvers,
    seed: u64,
    last: Option<(&str, &str)>,
) -> Option<Next> {
    let keys: Vec<(&str, &str)> = pool.iter().map(|(t, id)| (t.id(), *id)).collect();
    let pick_seed = crate::model::mix64(seed ^ u64::from(p.drawn));
    let mut open = vec![true; pool.len()];
    let mut fallback = None;
    while open.iter().any(|o| *o) {
        let index = pick_open(p, &keys, pick_seed, last, &open);
        let (topic, id) = pool[index];
        let level = level(&p.entry(topic.id(), id));
        fallback.get_or_insert((index, level));
        let known = |text: &str| p.knows(topic.id(), id, text);
        let question = match draw(topic, id, solver, seed, level, &known) {
            Ok(None) => {
                open[index] = false;
                continue;
            }
            Ok(Some(q)) => Ok(q),
            Err(e) => Err(e),
        };
        return Some(Next {
            index,
            level,
            question,
        });
    }
    // Everything chosen was answered right: the first pick's question again.
    let (index, level) = fallback?;
    let (topic, id) = pool[index];
    let question = draw(topic, id, solver, seed, level, &|_| false)
        .and_then(|q| q.ok_or_else(|| ChallengeError::NoTemplate(id.to_string())));
    Some(Next {
        index,
        level,
        question,
    })
}

/// Template `id` of `topic` at `level` from `seed`, or the next seed's,
/// passing over the questions `known` names; none where every one tried is.
fn draw(
    topic: &'static dyn Topic,
    id: &str,
    solver: Solvers,
    seed: u64,
    level: Level,
    known: &dyn Fn(&str) -> bool,
) -> Result<Option<Practice>, ChallengeError> {
    if let Some(kind) = Kind::from_id(id) {
        return pose_new(topic, kind, seed, level, known)
            .map(|q| q.map(Practice::Kind))
            .map_err(ChallengeError::Model);
    }
    let s = solver(topic.id())
        .ok_or_else(|| ChallengeError::NoTemplate(format!("{} has no challenges", topic.id())))?;
    for k in 0..NUMERIC_TRIES {
        let q = super::levels::question_at(s, id, next_seed(seed, k), level)?;
        if !known(&q.text) {
            return Ok(Some(Practice::Number(q)));
        }
    }
    Ok(None)
}

/// A topic's mastery, 0 to 1: its templates' boxes over the top box.
pub fn mastery(p: &Progress, topic: &str, templates: &[&str]) -> f64 {
    if templates.is_empty() {
        return 0.0;
    }
    let sum: u32 = templates
        .iter()
        .map(|t| p.entry(topic, t).leitner.min(TOP) as u32)
        .sum();
    sum as f64 / (TOP as u32 * templates.len() as u32) as f64
}
