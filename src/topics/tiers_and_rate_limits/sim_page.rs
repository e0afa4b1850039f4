//! What the page and the benchmark simulate: the page's run of the current
//! parameters and the one-card curve (both memoized), and the benchmark's
//! normal day.

use super::model::Solved;
use super::params::{Assign, Input};
use super::sim::{simulate, SimConfig, SimResult};
use crate::model::memo::Memo;
use crate::model::rng::hash64;
use crate::model::Engine;
use std::rc::Rc;

/// Gateway arrivals (paid and free, refused ones included) the page's
/// simulation runs on every slider move.
pub(super) const PAGE_ARRIVALS: u64 = 20_000;
/// Requests per point of the simulated curve (one card).
pub(super) const SWEEP_ARRIVALS: u64 = 10_000;
/// Utilizations of the simulated curve.
const SWEEP_RHOS: [f64; 9] = [0.3, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95];

/// The benchmark's engine: the normal day's gateway, pools and bucket (the
/// normal-day story's values) through the discrete-event simulation for `n`
/// arrivals; returns the free requests admitted.
pub(super) fn simulate_normal_day(n: u64, seed: u64) -> u64 {
    let cfg = SimConfig {
        service_ms: 49.67,
        prov_cards: 10,
        shared_cards: 30,
        paid_rps: 133.15,
        free_rps: 500.0,
        spill_share: 0.0,
        refill_rps: 400.0,
        bucket_capacity: 3000.0,
        assign: Assign::Random,
    };
    simulate(&cfg, n, seed).free_admitted
}

/// The topic's benchmark engine.
pub(super) const ENGINE: Engine = Engine {
    name: "discrete-event simulation of the normal day (Poisson arrivals, bucket, priority)",
    unit: "arrivals",
    default_n: 2_000_000,
    run: simulate_normal_day,
};

thread_local! {
    /// The page's last simulation: a slider that moves only a formula-side
    /// parameter (bucket chart, shed check) reuses it.
    static SIM: Memo<(SimConfig, u64), SimResult> = const { Memo::new() };
    /// The simulated curve, in units of S: it depends on the seed only.
    static SWEEP: Memo<u64, Vec<(f64, f64)>> = const { Memo::new() };
}

/// The simulation of the pools the formulas solved.
fn sim_config(inp: &Input, m: &Solved) -> SimConfig {
    SimConfig {
        service_ms: inp.s,
        prov_cards: m.cp_up,
        shared_cards: m.cs_up,
        paid_rps: inp.paid,
        free_rps: inp.free,
        spill_share: inp.spill,
        refill_rps: m.free_adm,
        bucket_capacity: inp.bucket,
        assign: inp.assign,
    }
}

/// The page's simulation of the pools as they stand, [`PAGE_ARRIVALS`]
/// arrivals, seeded by the `seed` parameter.
pub(super) fn page_sim(inp: &Input, m: &Solved) -> Rc<SimResult> {
    let cfg = sim_config(inp, m);
    SIM.with(|c| c.get_or((cfg, inp.seed), || simulate(&cfg, PAGE_ARRIVALS, inp.seed)))
}

/// One card's simulated mean wait at each utilization of [`SWEEP_RHOS`], in
/// units of S (with S = 1 ms, time scales out: W(ρ; S) = S·W(ρ; 1)).
pub(super) fn sweep(seed: u64) -> Rc<Vec<(f64, f64)>> {
    SWEEP.with(|c| {
        c.get_or(seed, || {
            SWEEP_RHOS
                .iter()
                .enumerate()
                .map(|(i, &rho)| {
                    let cfg = SimConfig {
                        service_ms: 1.0,
                        prov_cards: 1,
                        shared_cards: 0,
                        paid_rps: rho * 1000.0,
                        free_rps: 0.0,
                        spill_share: 0.0,
                        refill_rps: 0.0,
                        bucket_capacity: 0.0,
                        assign: Assign::Random,
                    };
                    let r = simulate(&cfg, SWEEP_ARRIVALS, hash64(seed ^ ((i as u64) << 40)));
                    (rho, r.prov.mean_ms())
                })
                .collect()
        })
    })
}
