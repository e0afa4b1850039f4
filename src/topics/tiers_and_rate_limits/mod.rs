//! # Design ChatGPT: tiers & rate limits — simulator
//!
//! When everyone arrives at once, who gets served, who waits and who is told
//! no: a paid tier on provisioned cards, a free tier through a token bucket
//! into a shared pool, spilled paid overtaking free there, and the gateway
//! shedding free to keep the pool under its cap. The formulas (M/M/1 waits,
//! Cobham's priority waits, the bucket) run beside a seeded discrete-event
//! simulation of the same pools.
//!
//! Fixes as parameters: launch day `admit_share = 0.6`, `burst_cards = 23`;
//! incident `spill_share = 0.3`, `shed_to_cap = on` (the bucket admits
//! floor(0.85·c_S'·μ − σ·λ_p) = 319 req/s). The written model's alternatives
//! by slider: "tighten only" is launch day with `shed_to_cap = on` (513 req/s)
//! or `admit_share = 0.342`; the provisioned-only incident is
//! `loss_shared = 0`.
//!
//! Closer to production (`Assumptions::Production`) each pool is
//! one queue on its cards (M/M/c), the bucket refills at a constant rate
//! (the admit share of the normal day's free arrivals) and the paid SLO
//! judges the p95; `production` lists these differences. The seed card's
//! model is unchanged.
//!
//! Files: `params` (declarations, input) → `model` (formulas, solve), with
//! `model_pool` (one queue per pool: Erlang C, Cobham on c cards) and
//! `model_cost` (the bill, split between the tiers, per million tokens) → `sim`
//! (the discrete-event simulation, by replications or watched live), with
//! `sim_stats` (what it counts), `sim_draws` (its random draws), `sim_pool`
//! (one queue per pool) and `sim_page` (the page's runs, the benchmark) →
//! `figures`, `checks`, `notes`, `charts`, `charts_wait`, `scene` and
//! `scene_draw` (the simulation watched as it runs), and `production` (the
//! Differences: declarations at the outcome's layer, naming only `model`'s
//! vocabulary; its tests use `sim`) → `challenges` (the solver).

mod challenges;
mod charts;
mod charts_wait;
mod checks;
mod figures;
mod intro;
mod model;
mod model_cost;
mod model_pool;
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
mod sim_pool;
mod sim_stats;

pub use challenges::{queue_wait_ms, SOLVER};
pub use intro::INTRO;
pub use model::{bucket_admitted, shed_arithmetic, Shed};
pub use notes_math::MATH;
pub use params::Assign;
pub use scene::SCENE;
pub use sim::{simulate, ClassStat, SimConfig, SimResult, BATCHES};

use crate::model::*;

pub static TOPIC: Declared = declared!(
    run,
    engine: Some(sim_page::ENGINE),
    preview: Some(preview),
    differences: &production::DIFFERENCES,
    keys: crate::model::Keys::of(params::KEY_PARAMS, figures::KEY_FIGURES)
        .closer_to_production(figures::KEY_FIGURES_PRODUCTION)
);

fn run(p: &Params) -> Outcome {
    let inp = params::Input::read(p);
    let m = model::solve(&inp);
    let sim = sim_page::page_sim(&inp, &m);
    outcome(&inp, &m, &sim)
}

/// While a slider moves: the outcome of a short simulation, unless the full
/// one of these values has run (a 100,000 to 400,000-arrival run takes tens
/// of milliseconds in a browser, longer than a frame).
fn preview(p: &Params) -> Option<Outcome> {
    let inp = params::Input::read(p);
    let m = model::solve(&inp);
    let (sim, full) = sim_page::preview_sim(&inp, &m)?;
    let mut out = outcome(&inp, &m, &sim);
    out.notes.insert(0, Note::Info(format!(
        "A first look while the slider moves: the simulated figures come from a short run of {} arrivals, so their ± is wider; the full run of {} arrivals follows once the slider rests.",
        units::number(sim.arrivals as f64),
        units::number(full as f64),
    )));
    Some(out)
}

fn outcome(inp: &params::Input, m: &model::Solved, sim: &SimResult) -> Outcome {
    let sweep = sim_page::sweep(inp.seed);
    let mut out = Outcome::default();
    figures::figures(inp, m, sim, &mut out);
    checks::checks(inp, m, &mut out);
    out.charts
        .push(charts_wait::wait_chart(inp, m, sim, &sweep));
    out.charts.push(charts::utilization_chart(m));
    out.charts.push(charts::bucket_level_chart(m));
    out.charts.push(charts::burst_chart(m));
    out.charts.push(charts::sim_chart(m, sim));
    notes::notes(inp, m, sim, &mut out);
    out
}
