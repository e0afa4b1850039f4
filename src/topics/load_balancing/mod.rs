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
//! Files: `params` (parameters, worked examples, balancers, input) → `model`
//! (shares and utilization, read off the engine's routing evaluator) →
//! `figures`, `checks`, `charts`, `notes` → `challenges` (the solver).

mod challenges;
mod charts;
mod checks;
mod figures;
mod intro;
mod model;
mod notes;
mod notes_math;
mod params;
mod scene;

pub use challenges::SOLVER;
pub use intro::INTRO;
pub use notes_math::MATH;
pub use scene::SCENE;

use crate::engine::routing::evaluate;
use crate::model::*;
use params::Input;

pub static TOPIC: Declared = declared!(run, engine: None);

fn run(p: &Params) -> Outcome {
    let inp = Input::read(p);
    let ev = evaluate(&inp.scenario(inp.balancer));
    let mut out = Outcome::default();
    figures::figures(&inp, &ev, &mut out);
    checks::checks(&inp, &ev, &mut out);
    out.charts.push(charts::load_chart(&inp, &ev));
    out.charts.push(charts::tradeoff_chart(&inp));
    out.charts.push(charts::concentration_chart(&inp));
    notes::notes(&inp, &mut out);
    out
}
