//! # Buying the fleet — simulator
//!
//! Teaches how a month of demand splits across owned cards (paid whether busy
//! or not), rented cards (a cloud premium, month to month) and the API (retail
//! per token): which mix keeps owned cards busy, beats the API by a quarter and
//! leaves the API only the spikes. Source: the "Buying the Fleet" section of
//! seed cards 001–003.
//!
//! Closer to production (`Assumptions::Production`) the fleet is sized for a
//! daily peak (1.7× the mean) at 75 % use with one failure domain in 8
//! spare, and the API prices input and output tokens apart (output 4×
//! input, the month one output token in five); `production` lists these
//! differences. The seed card's model is unchanged.
//!
//! Files: `params` (month, chips, parameters, stories, `Input`) → `model` (the
//! dispatch and dollar arithmetic; `model_units` writes its quantities), with
//! `model_day` (the dispatch, whole cards and break-even under either model:
//! the daily cycle closer to production) → `figures`, `checks`, `notes`,
//! `charts` (the outcome), `scene` and `scene_draw` (the seed card's month
//! dispatched as it runs), and `production` (the Differences) →
//! `challenges` (the solver of the topic's questions).

mod challenges;
mod charts;
mod checks;
mod figures;
mod intro;
mod model;
mod model_day;
mod model_units;
mod notes;
mod notes_math;
mod params;
/// Its name in the menu, in every build (a page build holds one topic).
pub(crate) use params::ABOUT;
mod production;
mod scene;
mod scene_draw;

use crate::model::*;
use model::Month;
use params::Input;

pub use challenges::SOLVER;
pub use intro::INTRO;
pub use model::{
    api_bill, api_overflow_tokens, fill_cards, fleet_tokens, tokens_carried, tokens_per_card_month,
};
pub use notes_math::MATH;
pub use params::{Chip, Model};
pub use scene::SCENE;

pub static TOPIC: Declared = declared!(
    run,
    engine: None,
    preview: None,
    differences: &production::DIFFERENCES
);

fn run(p: &Params) -> Outcome {
    let inp = Input::read(p);
    let m = Month::of(&inp);
    let mut out = Outcome::default();
    figures::figures(&inp, &m, &mut out);
    checks::checks(&inp, &m, &mut out);
    charts::charts(&inp, &m, &mut out);
    notes::notes(&inp, &m, &mut out);
    out
}
