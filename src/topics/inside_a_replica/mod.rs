//! # Inside one replica — simulator
//!
//! Where does a card's rate come from? One replica is `tp` GPUs holding a
//! model's weights, with the rest of their memory a paged KV cache; a
//! continuous-batching scheduler admits requests while the cache has room,
//! prefills their prompts and decodes their replies a token a step, each
//! step timed by a roofline. The page measures what users feel (time to
//! first token, time per output token, the longest pause) and what the
//! replica sustains (tokens a second, goodput).
//!
//! Closer to production (`Assumptions::Production`) a step reads its bytes
//! at 80 % of the datasheet's bandwidth and, on more than one GPU, every
//! layer's two all-reduces add their time; `production` lists these
//! differences. The seed card's model is unchanged, and the scene runs it
//! under both.
//!
//! Map: params → model → sim_draws → sim → sim_page → figures, checks,
//! notes, charts, scene, scene_draw → production (the Differences:
//! declarations at the outcome's layer, naming only the model's
//! vocabulary) → challenges.

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
mod sim_draws;
mod sim_page;

use crate::model::units::number;
use crate::model::{Declared, Note, Outcome, Params};
use model::Replica;
use params::Input;
use sim_page::{Run, Sustained};

pub use challenges::SOLVER;
pub use intro::INTRO;
pub use model::{decode_floor_s, kv_bytes_per_token, kv_memory_bytes, littles_law};
pub use notes_math::MATH;
pub use params::{
    Arrivals, Bits, Gpu, GpuKind, Model, ModelShape, Tp, A100, B200, BLOCK_TOKENS, H100, MODEL_70B,
    MODEL_8B,
};
pub use scene::SCENE;

pub static TOPIC: Declared = declared!(
    run,
    engine: Some(sim_page::ENGINE),
    preview: Some(preview),
    differences: &production::DIFFERENCES
);

fn run(p: &Params) -> Outcome {
    let inp = Input::read(p);
    let replica = Replica::new(&inp.hw);
    let run = sim_page::page_run(&inp, replica);
    let sustained = sim_page::sustained(&inp, replica);
    outcome(&inp, &replica, &run, &sustained)
}

/// While a slider moves: the outcome of a short run (and a coarser search
/// for the sustained rate), unless the full run of these values is at hand.
fn preview(p: &Params) -> Option<Outcome> {
    let inp = Input::read(p);
    let replica = Replica::new(&inp.hw);
    let (run, full) = sim_page::preview_run(&inp, replica)?;
    let sustained = sim_page::sustained_preview(&inp, replica);
    let mut out = outcome(&inp, &replica, &run, &sustained);
    out.notes.insert(0, Note::Info(format!(
        "A first look while the slider moves: the simulated figures come from a short run of {} requests, so their tails are rough and may fall outside the full run's intervals (a p99 of so few is close to their slowest); the full run of {} requests follows once the slider rests.",
        number(sim_page::PREVIEW_REQUESTS as f64),
        number(full as f64),
    )));
    Some(out)
}

fn outcome(inp: &Input, r: &Replica, run: &Run, sustained: &Sustained) -> Outcome {
    let mut out = Outcome::default();
    figures::figures(inp, r, &run.stats, sustained, &mut out);
    checks::checks(inp, r, &run.stats, &mut out);
    charts::charts(inp, r, run, sustained, &mut out);
    notes::notes(inp, r, &run.stats, sustained, &mut out);
    out
}

#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "mod_tests.rs"]
mod tests;
