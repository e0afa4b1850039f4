//! # Model warm pools — concept explorer
//!
//! How many standby replicas does a burst shape justify? Warm replicas rent
//! all day; the replicas a burst launches arrive a cold start late, and the
//! burst queues for them meanwhile. The page weighs the rent against the
//! waiting it removes (source: the "Model warm pool" seed card, 003).
//!
//! Closer to production (`Assumptions::Production`) each launched replica
//! has its own cold start, spread above the slider's with a heavy tail
//! (`model::launch_spread`); `production` lists this difference. The seed
//! card's model is unchanged; the scene runs whichever the page does.
//!
//! Map: params → model → sim → figures, checks, notes, charts, scene,
//! scene_draw → production (the Difference: declarations at the outcome's
//! layer, naming only the model's vocabulary) → challenges.

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

use crate::model::{Declared, Outcome, Params};
use model::Burst;
use params::Input;
use sim::{pool_curve, simulate_burst, BurstTrace};

pub use challenges::SOLVER;
pub use intro::INTRO;
pub use model::{
    break_even_pool, cold_start_backlog, idle_rent_per_year, launch_spread, step_burst_wait,
};
pub use notes_math::MATH;
pub use params::{MAX_POOL, SPREAD_P95_OVER_FLOOR};
pub use scene::SCENE;

pub static TOPIC: Declared = declared!(
    run,
    engine: None,
    preview: None,
    differences: &production::DIFFERENCES
);

fn run(p: &Params) -> Outcome {
    let inp = Input::read(p);
    let pools = pool_curve(&inp.shape);
    let mut trace = BurstTrace::default();
    let burst = Burst::new(inp.warm, inp.shape);
    let now = simulate_burst(&burst, Some(&mut trace));
    let mut out = Outcome::default();
    figures::figures(&inp, &burst, &now, &pools, &mut out);
    checks::checks(&inp, &burst, &now, &mut out);
    charts::charts(&inp, &burst, &now, &trace, &pools, &mut out);
    notes::notes(&inp, &burst, &mut out);
    out
}
