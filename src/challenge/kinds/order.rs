//! Order the steps: a procedure's steps from the topic's kinds file, shown
//! shuffled (never already in order); the learner puts them in order and
//! reads why each step comes where it does.

use super::{at_level, fill, shuffle, Body, Kind, Level, Marked, Posed, Said};
use crate::model::{SplitMix64, Topic};

/// How many questions a seed chooses among at `level` (the first draw of
/// [`pose`] is below it).
pub(crate) fn count(topic: &dyn Topic, level: Level) -> usize {
    super::data(topic.id()).map_or(0, |d| at_level(d.orders, level, |x| x.level).len())
}

/// Draws one of the topic's procedures at `level` and shuffles its steps.
pub fn pose(topic: &dyn Topic, seed: u64, level: Level) -> Option<Posed> {
    let items = at_level(super::data(topic.id())?.orders, level, |o| o.level);
    let mut rng = SplitMix64::new(seed);
    let o = items.get(rng.below(items.len() as u64) as usize)?;
    let n = o.steps.len();
    let mut perm = shuffle(n, &mut rng);
    if perm.iter().enumerate().all(|(k, i)| k == *i) {
        // Already in order: shown rotated by one, so there is work to do.
        perm.rotate_left(1);
    }
    let mut fill = fill::Filler::new(topic);
    let steps = perm
        .iter()
        .map(|i| Said {
            text: fill.text(o.steps[*i].0),
            why: fill.text(o.steps[*i].1),
        })
        .collect();
    let right = (0..n)
        .map(|r| perm.iter().position(|i| *i == r).unwrap_or(0))
        .collect();
    Some(Posed {
        topic: topic.id(),
        kind: Kind::Order,
        seed,
        level,
        text: fill.text(o.prompt),
        body: Body::Order { steps, right },
        reveal: String::new(),
    })
}

/// Right when every step is in its place; otherwise the first misplaced
/// position says which step belongs there and why.
pub fn mark(steps: &[Said], right: &[usize], given: &[usize]) -> Marked {
    let reasons = right
        .iter()
        .enumerate()
        .map(|(k, i)| format!("{}. {} — {}", k + 1, steps[*i].text, steps[*i].why))
        .collect();
    let mut seen = vec![false; steps.len()];
    let whole = given.len() == steps.len()
        && given
            .iter()
            .all(|i| *i < seen.len() && !std::mem::replace(&mut seen[*i], true));
    if !whole {
        return Marked {
            correct: false,
            message: format!("Put all {} steps in an order, each once.", steps.len()),
            reasons: Vec::new(),
            unreadable: true,
        };
    }
    let placed = given.iter().zip(right).filter(|(a, b)| a == b).count();
    let message = match given.iter().zip(right).position(|(a, b)| a != b) {
        None => "Right: every step is in its place.".to_string(),
        Some(p) => {
            let s = &steps[right[p]];
            format!(
                "{placed} of {} in place. Step {} should be “{}”: {}",
                steps.len(),
                p + 1,
                s.text,
                s.why
            )
        }
    };
    Marked {
        correct: placed == steps.len(),
        message,
        reasons,
        unreadable: false,
    }
}
