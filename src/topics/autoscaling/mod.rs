//! # Replica autoscaling — concept explorer
//!
//! How many replicas, driven by which signal, launched how early? The seed
//! card "Replica autoscaling" works the static arithmetic (replicas for a
//! peak, the spare, the bill, what a trough releases); the page then runs a
//! business day second by second on an autoscaler that reads queue depth,
//! tokens per second or the GPU utilization gauge, and shows where it queues
//! or idles. Checks: wait SLO held every second; at least one spare ready
//! throughout the peak (N + 1); idle share ≤ 30 %.
//!
//! Closer to production (`Assumptions::Production`) the GPU gauge is the
//! share of time a kernel runs (near 100 % at any load, so the gauge's
//! autoscaler climbs to its maximum, the peak's fleet, and never comes
//! down), and the worked example keeps its spare at the trough;
//! `production` lists these differences. The seed card's model is
//! unchanged, and the scene runs it.
//!
//! Files, in layer order: params → model → sim, sim_day → figures, checks,
//! notes, notes_math, charts, charts_ramp (the morning zoomed in, the GPU
//! gauge against the real load), scene, scene_draw → production (the
//! Differences: declarations at the outcome's layer, naming only the
//! model's vocabulary) → challenges → mod.

mod challenges;
mod charts;
mod charts_ramp;
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
mod sim_day;

use crate::model::*;

pub use challenges::SOLVER;
pub use intro::INTRO;
pub use model::{hourly_bill, kernel_busy_share, replicas_released, replicas_with_spare};
pub use notes_math::MATH;
pub use params::{Day, Signal, STREAM_TOK_S};
pub use scene::SCENE;
pub use sim::{DayStats, Trace};
pub use sim_day::{simulate_day, DayRun};

pub static TOPIC: Declared = declared!(
    run,
    engine: Some(sim_day::ENGINE),
    preview: None,
    differences: &production::DIFFERENCES
);

fn run(p: &Params) -> Outcome {
    let day = Day::read(p);
    let price = p.get("price_per_hour");
    let sim = sim_day::day_run(&day);
    let mut out = Outcome::default();
    figures::static_figures(&day, price, &mut out);
    figures::day_figures(&day, price, &sim.stats, &mut out);
    checks::checks(&day, &sim.stats, &mut out);
    out.charts.push(charts::day_chart(&day, &sim));
    out.charts.push(charts::queue_chart(&day, &sim));
    out.charts.push(charts_ramp::ramp_chart(&day, &sim.trace));
    out.charts.push(charts_ramp::gauge_chart(&day, &sim.trace));
    notes::notes(&day, p, &sim.stats, &mut out);
    out
}
