//! # Load balancing — concept explorer
//!
//! Source: seed card 001 ("Load balancing"), with the family-level routing
//! arithmetic the cache-aware routing simulator also uses. What does
//! balancing cost cache locality, and what does locality cost balance? One
//! family over `n` cards under five balancers (round-robin, least-loaded,
//! hash, hash with overflow at a cap, hash with the hot member sharded),
//! judged by two checks: busiest card ≤ 60 % of decode capacity; locality
//! ≥ 90 %. The equations are in `model`.
//!
//! Closer to production (`Assumptions::Production`) every card keeps the
//! preambles it prefilled until LRU evicts them, and requests hold a card
//! for heavy-tailed times, so least-loaded (least outstanding requests)
//! parts from round-robin and the busiest check reads the p95 of time;
//! `production` lists these differences. The seed card's model is
//! unchanged.
//!
//! Files: `params` (parameters, worked examples, balancers, input) → `model`
//! (shares and utilization, read off the engine's routing evaluator), with
//! `model_cache` (closer to production: an LRU prefix cache on every card,
//! Che's approximation) → `sim` (closer to production: heavy-tailed request
//! costs dispatched to cards, the busiest card's load over time) →
//! `figures`, `checks`, `charts`, `notes` → `production` (the Differences:
//! declarations at the outcome's layer) → `challenges` (the solver).

mod challenges;
mod charts;
mod checks;
mod figures;
mod intro;
mod model;
mod model_cache;
mod notes;
mod notes_math;
mod params;
/// Its name in the menu, in every build (a page build holds one topic).
pub(crate) use params::ABOUT;
mod production;
mod scene;
mod sim;

pub use challenges::SOLVER;
pub use intro::INTRO;
pub use notes_math::MATH;
pub use scene::SCENE;

use crate::engine::routing::evaluate;
use crate::model::*;
use params::Input;

pub use sim::{busiest_held, Dispatch, Held, COST_SIGMA, STREAMS_PER_CARD};

pub static TOPIC: Declared = declared!(
    run,
    engine: None,
    preview: None,
    differences: &production::DIFFERENCES,
    keys: crate::model::Keys::of(params::KEY_PARAMS, figures::KEY_FIGURES)
        .closer_to_production(figures::KEY_FIGURES_PRODUCTION)
);

fn run(p: &Params) -> Outcome {
    let inp = Input::read(p);
    let ev = evaluate(&inp.scenario(inp.balancer));
    let closer = sim::closer(&inp, &ev);
    let closer = closer.as_ref();
    let mut out = Outcome::default();
    figures::figures(&inp, &ev, closer, &mut out);
    checks::checks(&inp, &ev, closer, &mut out);
    out.charts.push(charts::load_chart(&inp, &ev));
    out.charts.push(charts::tradeoff_chart(&inp));
    out.charts.push(charts::concentration_chart(&inp));
    notes::notes(&inp, &mut out);
    if closer.is_some() {
        notes::production_notes(&inp, &ev, &mut out);
    }
    out
}
