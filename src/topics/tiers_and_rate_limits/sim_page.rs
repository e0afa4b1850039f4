//! What the page and the benchmark simulate: the page's run of the current
//! parameters and the one-card curve (both memoized), the short run a page
//! shows while a slider moves, and the benchmark's normal day.

use super::model::Solved;
use super::params::{Assign, Input};
use super::sim::{simulate, SimConfig, SimResult, BATCHES};
use crate::model::memo::Memo;
use crate::model::rng::hash64;
use crate::model::{Assumptions, Engine};
use std::rc::Rc;

/// Gateway arrivals (paid and free, refused ones included) the page's
/// simulation runs at least, and at most (the page's time budget: about
/// 20 ms natively).
pub(super) const PAGE_ARRIVALS: u64 = 100_000;
pub(super) const PAGE_ARRIVALS_MAX: u64 = 400_000;
/// Gateway arrivals of the short run a page shows while a slider moves
/// (about a millisecond in the browser), before the full run.
pub(super) const PREVIEW_ARRIVALS: u64 = 12_000;
/// Relaxation times of the hottest pool each replication spans, when the
/// budget allows: long enough for a replication's mean to be near normal, as
/// the t interval across them assumes.
pub(super) const RELAXATIONS_PER_RUN: f64 = 10.0;
/// Requests of the simulated curve's point at ρ are this over 1 − ρ.
pub(super) const SWEEP_ARRIVALS: u64 = 4_000;
/// Utilizations of the simulated curve.
const SWEEP_RHOS: [f64; 9] = [0.3, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95];

/// The benchmark's engine: the normal day's gateway, pools and bucket (the
/// normal-day story's values) through the discrete-event simulation for `n`
/// arrivals; returns the free requests admitted.
pub(super) fn simulate_normal_day(n: u64, seed: u64) -> u64 {
    simulate(&SimConfig::NORMAL_DAY, n, seed).free_admitted
}

/// The topic's benchmark engine.
pub(super) const ENGINE: Engine = Engine {
    name: "discrete-event simulation of the normal day (Poisson arrivals, bucket, priority)",
    unit: "arrivals",
    default_n: 2_000_000,
    run: simulate_normal_day,
};

/// One point of the simulated curve: ρ, and the mean wait and its 95 %
/// half-width in units of S (∞ when the run could not give one).
pub(super) type SweepPoint = (f64, f64, f64);

thread_local! {
    /// The page's recent simulations: a slider that moves only a
    /// formula-side parameter (bucket chart, shed check) reuses the last; a
    /// story and its fix, side by side's two settings, or the three stories
    /// ± fix a learner flips between are each simulated once (about 100 KB
    /// each, mostly the three classes' wait histograms).
    /// Keyed on the model too, so a production run never returns a seed
    /// result (their configurations differ as well: pooled, the refill).
    static SIM: Memo<SimKey, SimResult> = const { Memo::with_capacity(8) };
    /// The short runs shown while a slider moves.
    static PREVIEW: Memo<SimKey, SimResult> = const { Memo::with_capacity(4) };
    /// The simulated curve, in units of S: it depends on the seed only.
    static SWEEP: Memo<u64, Vec<SweepPoint>> = const { Memo::new() };
}

/// A memoized simulation: the model, the configuration, arrivals and seed.
type SimKey = (Assumptions, SimConfig, u64, u64);

/// The model `inp` runs under.
fn assumptions(inp: &Input) -> Assumptions {
    if inp.production {
        Assumptions::Production
    } else {
        Assumptions::Seed
    }
}

/// The simulation of the pools the formulas solved (closer to production,
/// one queue per pool and the bucket's constant refill).
pub(super) fn sim_config(inp: &Input, m: &Solved) -> SimConfig {
    SimConfig {
        service_ms: inp.s,
        prov_cards: m.cp_up,
        shared_cards: m.cs_up,
        paid_rps: inp.paid,
        free_rps: inp.free,
        spill_share: inp.spill,
        refill_rps: m.refill,
        bucket_capacity: inp.bucket,
        assign: inp.assign,
        pooled: inp.production,
    }
}

/// A card's relaxation time at utilization `rho` (s): S/(1−√ρ)², how long
/// its queue takes to forget where it stood.
pub(super) fn relaxation_s(service_ms: f64, rho: f64) -> f64 {
    service_ms / (1.0 - rho.sqrt()).powi(2) / 1000.0
}

/// The hottest pool that has a steady state (0 when none carries load).
pub(super) fn hottest_steady(m: &Solved) -> f64 {
    [m.rho_p, m.rho_s]
        .into_iter()
        .filter(|r| *r < 1.0)
        .fold(0.0, f64::max)
}

/// Gateway arrivals for the page's run: enough simulated time for each of
/// the replications to span [`RELAXATIONS_PER_RUN`] relaxation times of the
/// hottest pool with a steady state, within [`PAGE_ARRIVALS`] and
/// [`PAGE_ARRIVALS_MAX`]. A jammed pool has no steady state to measure: it
/// does not lengthen the run.
pub(super) fn page_arrivals(inp: &Input, m: &Solved) -> u64 {
    let seconds = RELAXATIONS_PER_RUN * BATCHES as f64 * relaxation_s(inp.s, hottest_steady(m));
    let n = (inp.paid + inp.free) * seconds;
    if n.is_finite() {
        (n as u64).clamp(PAGE_ARRIVALS, PAGE_ARRIVALS_MAX)
    } else {
        PAGE_ARRIVALS_MAX
    }
}

/// The page's simulation of the pools as they stand, [`page_arrivals`]
/// arrivals, seeded by the `seed` parameter.
pub(super) fn page_sim(inp: &Input, m: &Solved) -> Rc<SimResult> {
    let cfg = sim_config(inp, m);
    let n = page_arrivals(inp, m);
    let key = (assumptions(inp), cfg, n, inp.seed);
    SIM.with(|c| c.get_or(key, || simulate(&cfg, n, inp.seed)))
}

/// The short run of the pools as they stand, for a slider on the move, and
/// the arrivals of the full run it stands in for; `None` once the full run
/// of these values is at hand.
pub(super) fn preview_sim(inp: &Input, m: &Solved) -> Option<(Rc<SimResult>, u64)> {
    let cfg = sim_config(inp, m);
    let n = page_arrivals(inp, m);
    if SIM.with(|c| c.has(&(assumptions(inp), cfg, n, inp.seed))) {
        return None;
    }
    let key = (assumptions(inp), cfg, PREVIEW_ARRIVALS, inp.seed);
    let sim = PREVIEW.with(|c| c.get_or(key, || simulate(&cfg, PREVIEW_ARRIVALS, inp.seed)));
    Some((sim, n))
}

/// Requests of the simulated curve's point at `rho`.
pub(super) fn sweep_arrivals(rho: f64) -> u64 {
    (SWEEP_ARRIVALS as f64 / (1.0 - rho)).round() as u64
}

/// One card's simulated mean wait at each utilization of [`SWEEP_RHOS`], in
/// units of S (with S = 1 ms, time scales out: W(ρ; S) = S·W(ρ; 1)).
pub(super) fn sweep(seed: u64) -> Rc<Vec<SweepPoint>> {
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
                        pooled: false,
                    };
                    let seed = hash64(seed ^ ((i as u64) << 40));
                    let r = simulate(&cfg, sweep_arrivals(rho), seed);
                    let hw = r.prov.half_width_ms().unwrap_or(f64::INFINITY);
                    (rho, r.prov.mean_ms(), hw)
                })
                .collect()
        })
    })
}
