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

use super::Level;
use crate::challenge::progress::{Entry, Progress};
use crate::model::SplitMix64;

/// The highest box.
pub const TOP: u8 = 5;

/// Questions until a template in box `b` is due again after its answer.
const GAP: [u32; 6] = [0, 3, 4, 8, 16, 32];

/// A box's wait, in practice questions.
pub fn gap(b: u8) -> u32 {
    GAP[b.min(TOP) as usize]
}

/// Moves a template's box after the first answer to one of its questions,
/// asked as practice question number `now`.
pub fn after(e: &mut Entry, correct: bool, now: u32) {
    e.leitner = if !correct {
        1
    } else if e.leitner == 0 {
        // Right the first time it is met: skips the box of the missed.
        2
    } else {
        (e.leitner + 1).min(TOP)
    };
    e.due = Some(now.saturating_add(gap(e.leitner)));
}

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
    if pool.len() <= 1 {
        return 0;
    }
    let now = p.drawn.saturating_add(1);
    let entry = |i: usize| p.entry(pool[i].0, pool[i].1);
    let earliest = |f: &dyn Fn(&Entry) -> bool| {
        (0..pool.len())
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
            if Some(pool[i]) == last {
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
    0
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
