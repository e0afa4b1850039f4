//! Difficulty levels of the numeric templates: a topic's kinds file tags
//! draw ranges easy or hard (medium is the template as its challenge file
//! writes it); a question drawn at a level draws those variables from the
//! level's ranges and the rest as usual, and is solved by the same model.

use super::{data, Level};
use crate::challenge::{ask_template, template, ChallengeError, Question, Solver, Template};

/// Template `t` of `topic` with its ranges at `level`.
pub fn leveled(topic: &str, t: &Template, level: Level) -> Template {
    let mut t = t.clone();
    let Some(r) = data(topic).and_then(|d| {
        d.levels
            .iter()
            .find(|r| r.template == t.id && r.level == level)
    }) else {
        return t;
    };
    for sv in r.vars {
        if let Some(v) = t.vars.iter_mut().find(|v| v.name == sv.name) {
            v.min = sv.min;
            v.max = sv.max;
            v.step = sv.step;
            v.values = sv.values.map(<[f64]>::to_vec);
            v.words = sv
                .words
                .map(|ws| ws.iter().map(|w| w.to_string()).collect());
        }
    }
    t
}

/// The levels a numeric template is tagged at, besides medium.
pub fn tagged(topic: &str, template: &str) -> Vec<Level> {
    data(topic).map_or(Vec::new(), |d| {
        d.levels
            .iter()
            .filter(|r| r.template == template)
            .map(|r| r.level)
            .collect()
    })
}

/// Template `id` drawn at `level` from `seed` and solved with the model.
pub fn question_at(
    solver: &'static dyn Solver,
    id: &str,
    seed: u64,
    level: Level,
) -> Result<Question, ChallengeError> {
    let topic = solver.topic();
    let t = template(topic, id)?;
    ask_template(solver, &leveled(topic.id(), &t, level), seed, None)
}
