//! # Fleet efficiency & eviction — simulator
//!
//! Source: seed card 002 ("Where this shows up: Fleet Efficiency &
//! Eviction") and the fleet-efficiency spec. One month of a rented pool of
//! cards whose true speeds are a lottery: the autoscaler sees each card only
//! through a noisy measured score, evicts the bottom share, runs every
//! survivor or just enough of the best, and is judged against an ideal
//! operator who knows the true speeds. It teaches that a bill can look fine
//! while idle rent or healthy evictions hide in it.
//!
//! Closer to production (`Assumptions::Production`) healthy cards of one
//! model are within ±3 % of each other, 3 % of cards have a fault their
//! health counters show, and the policy evicts those first; `production`
//! lists these differences. The seed card's model is unchanged.
//!
//! Files: `params` (constants, sliders, stories) → `model` (a card's rates,
//! score, median, greedy, the hours) → `sim` (the seeded pool and its month,
//! under either model) → `figures`, `checks`, `notes`, `charts`, `scene` and
//! `scene_draw` (the seed card's month watched as it runs), and
//! `production` (the Differences) → `challenges` (the solver).

mod challenges;
mod charts;
mod checks;
mod figures;
mod intro;
mod model;
mod notes;
mod notes_math;
mod params;
/// Its name in the menu, in every build (a page build holds one topic).
pub(crate) use params::ABOUT;
mod production;
mod scene;
mod scene_draw;
mod sim;

pub use challenges::{c1_question, c2_question, c3_question, eviction_decision};
pub use challenges::{name_candidates, whole_card_greedy, SOLVER};
pub use challenges::{C1Question, C2Question, C3Question, Candidate, EvictionDecision, GreedyPick};
pub use intro::INTRO;
pub use model::{card_score, round_half_up};
pub use notes_math::MATH;
pub use params::{Class, Mode, MonthInput, Shape, Window, Q_HI, Q_LO};
pub use params::{FAULT_SHARE, FAULT_SPEED, PROD_Q_HI, PROD_Q_LO, PROD_SPREAD};
pub use scene::SCENE;
pub use sim::{draw_pool, draw_pool_as, run_month, run_month_as, run_month_policy, Card, Month};

use crate::model::{Declared, Outcome, Params};

pub static TOPIC: Declared = declared!(
    run,
    engine: None,
    preview: None,
    differences: &production::DIFFERENCES
);

fn run(p: &Params) -> Outcome {
    let m = run_month_as(&MonthInput::read(p), p.assumptions());
    let mut out = Outcome::default();
    figures::figures(&m, &mut out);
    checks::checks(&m, &mut out);
    charts::charts(&m, &mut out);
    notes::notes(&m, &mut out);
    out
}
