//! # Cache-aware routing & affinity — simulator
//!
//! Source: the "Cache-Aware Routing & Affinity" story of seed cards 000
//! and 001. Where should each request land so its shared opening (the
//! preamble) is already resident on its card, without one card drowning?
//! Four policies (round-robin, hash, hash with the hot family sharded, hash
//! with overflow at the 60 % cap) over `n` cards whose scratch holds `H`
//! copies each.
//!
//! Units: arrivals Λ and card capacity μ in req/s (μ = decode capacity of one
//! card at 100 %); preamble P in tokens; KV k in KB per token; scratch M in
//! GB, decimal. Shares are fractions.
//!
//! ```text
//! copy_MB = P·k/1000                     1200·320/1000 = 384 MB
//! H       = floor(M·10^6 / (P·k))        8 GB → 20 copies, 10 GB → 26
//! re-prefills/s = Λ(1 − hit);  wasted prefill tok/s = Λ(1 − hit)·P
//! ```
//!
//! Homes, residency, routing and overflow are the engine's routing evaluator
//! ([`crate::engine::routing`]), which load balancing shares; the page also
//! routes a seeded sample of requests one by one
//! ([`crate::engine::routing_sim`]) and shows the measured figures beside the
//! analytic ones. Checks: affinity ≥ 90 %; scratch: `max d_i ≤ H`; headroom:
//! busiest ≤ 60 %.
//!
//! Closer to production (`Assumptions::Production`) every card keeps the
//! openings it prefills in an LRU prefix cache (round-robin then needs n
//! copies of each, and hits once a card holds them all), and each miss's
//! prefill goes on its card's load at a 70B-class replica's prefill rate;
//! `production` lists these differences. The seed card's model is
//! unchanged.
//!
//! Files: `params` (parameters, stories, input, the prefill rate) → `model`
//! (the engine's evaluator, or the LRU caches by Che's approximation with
//! the prefill on the load) → `sim` (the page's sample, the benchmark
//! loop), with `sim_lru` (the sample through LRU caches) → `figures`,
//! `checks`, `charts`, `notes`, `scene`, `intro`, and `production` (the
//! Differences: declarations at the outcome's layer) → `challenges` (the
//! solver and its formulas).

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
mod scene_lru;
mod sim;
mod sim_lru;

pub use challenges::{
    round_robin_hit_share, round_robin_thrown_away_points, round_robin_waste, SOLVER,
};
pub use intro::INTRO;
pub use notes_math::MATH;
pub use params::scenario;
pub use scene::SCENE;

use crate::engine;
use crate::model::*;
use params::Input;

pub static TOPIC: Declared = declared!(
    run,
    engine: Some(sim::ENGINE),
    preview: None,
    differences: &production::DIFFERENCES,
    keys: crate::model::Keys::of(params::KEY_PARAMS, figures::KEY_FIGURES)
        .closer_to_production(figures::KEY_FIGURES_PRODUCTION)
);

fn run(p: &Params) -> Outcome {
    let inp = Input::read(p);
    let s = inp.scenario();
    let ev = model::evaluate(&inp, &s);
    let seed_sample;
    let lru_sample;
    let (sim, misses): (&engine::routing_sim::SimResult, &[u64]) = if inp.production {
        lru_sample = sim::production_sample(&s);
        (&lru_sample.sim, &lru_sample.misses)
    } else {
        seed_sample = sim::page_sample(&s);
        (&seed_sample, &[])
    };
    let mut out = Outcome::default();
    figures::figures(&inp, &s, &ev, sim, misses, &mut out);
    checks::checks(&inp, &s, &ev, &mut out);
    out.charts.push(charts::load_chart(&inp, &ev, sim, misses));
    out.charts.push(charts::copies_chart(&inp, &ev));
    out.charts.push(charts::levers_chart(&inp));
    out.charts.push(charts::scratch_chart(&inp, &s));
    notes::notes(&inp, &s, &ev, sim, &mut out);
    out
}
