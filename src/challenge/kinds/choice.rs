//! Multiple choice on the concept: the right answer and three wrong ones from
//! the topic's kinds file, shown in an order drawn from the seed, each with
//! the reason the learner reads once they have answered.

use super::{at_level, fill, letter, shuffle, Body, Kind, Level, Marked, Posed, Said};
use crate::model::{SplitMix64, Topic};

/// How many questions a seed chooses among at `level` (the first draw of
/// [`pose`] is below it).
pub(crate) fn count(topic: &dyn Topic, level: Level) -> usize {
    super::data(topic.id()).map_or(0, |d| at_level(d.choices, level, |x| x.level).len())
}

/// Draws one of the topic's questions at `level` and orders its options.
pub fn pose(topic: &dyn Topic, seed: u64, level: Level) -> Option<Posed> {
    let items = at_level(super::data(topic.id())?.choices, level, |c| c.level);
    let mut rng = SplitMix64::new(seed);
    let c = items.get(rng.below(items.len() as u64) as usize)?;
    let mut fill = fill::Filler::new(topic);
    let all: Vec<Said> = std::iter::once(&c.answer)
        .chain(c.wrong)
        .map(|(text, why)| Said {
            text: fill.text(text),
            why: fill.text(why),
        })
        .collect();
    let order = shuffle(all.len(), &mut rng);
    let key = order.iter().position(|i| *i == 0)?;
    Some(Posed {
        topic: topic.id(),
        kind: Kind::Choice,
        seed,
        level,
        text: fill.text(c.prompt),
        body: Body::Options {
            options: order.iter().map(|i| all[*i].clone()).collect(),
            key,
        },
        reveal: String::new(),
    })
}

/// Right when the key is picked; the message gives the picked option's
/// reason, and every option's reason follows.
pub fn mark(options: &[Said], key: usize, picked: usize) -> Marked {
    let reasons = options
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let tag = if i == key { "right" } else { "wrong" };
            format!("{} ({tag}): {}", letter(i), o.why)
        })
        .collect();
    let Some(p) = options.get(picked) else {
        return Marked {
            correct: false,
            message: format!(
                "Pick one of A to {}.",
                letter(options.len().saturating_sub(1))
            ),
            reasons: Vec::new(),
            unreadable: true,
        };
    };
    let message = if picked == key {
        format!("Right: {}", p.why)
    } else {
        format!(
            "Not {}: {} The answer is {}, “{}”.",
            letter(picked),
            p.why,
            letter(key),
            options[key].text
        )
    };
    Marked {
        correct: picked == key,
        message,
        reasons,
        unreadable: false,
    }
}
