//! The warm pool's notes: a pool larger than the burst only rents; closer
//! to production, when the launched replicas come up.

use super::model::Burst;
use super::params::{Input, SPREAD_P95_OVER_FLOOR};
use crate::model::{units, Note, Outcome, Unit};

pub(super) fn notes(inp: &Input, b: &Burst, out: &mut Outcome) {
    if inp.shape.spread {
        out.notes.push(Note::Info(production(inp, b)));
    }
    if inp.warm > inp.shape.need {
        out.notes.push(Note::Info(format!(
            "{} warm replicas are more than the {} the burst needs: the extra {} only rent.",
            inp.warm,
            inp.shape.need,
            inp.warm - inp.shape.need
        )));
    }
}

/// Closer to production: the launches' cold starts spread above the
/// slider's, and the scene runs them too.
fn production(inp: &Input, b: &Burst) -> String {
    let t = Unit::Seconds.format(inp.shape.cold_start_s);
    let head = format!(
        "Closer to production each launched replica has its own cold start: {t} is a boot that goes as planned, and an image pull on a node without the image, weights fetched from remote storage or a busy node only add to it; the slowest launch in twenty takes {} times as long.",
        units::number(SPREAD_P95_OVER_FLOOR)
    );
    let when = match b.launches() {
        [] => "This pool launches none.".to_string(),
        [one] => format!(
            "The one launched here comes up at {}.",
            Unit::Seconds.format(*one)
        ),
        all => format!(
            "The {} launched here come up at {}.",
            all.len(),
            all.iter()
                .map(|&a| Unit::Seconds.format(a))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    format!("{head} {when} The moving picture runs them too: each launch boots until its own cold start.")
}
