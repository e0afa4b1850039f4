//! The page's request-level sample (seeded, memoized) and the benchmark's
//! engine loop, both through the engine's routing simulation.

use super::params::{scenario, PARAMS, PRESETS};
use super::sim_lru::{simulate_lru, Cached};
use crate::engine::routing::{Policy, Scenario};
use crate::engine::routing_sim::{simulate, SimResult};
use crate::model::memo::Memo;
use crate::model::Engine;
use crate::model::Params;
use std::rc::Rc;

/// Requests the page simulates on each (memoized) run.
pub(super) const PAGE_REQUESTS: u64 = 40_000;
/// The page simulation's SplitMix64 seed.
pub(super) const PAGE_SEED: u64 = 2026;

/// The sample the page shows, memoized on what the counts depend on: the
/// fleet, the families, the scratch and the policy (and, for the overflow
/// meter, the cap relative to the arrivals).
pub(super) fn page_sample(s: &Scenario) -> Rc<SimResult> {
    let key = sample_key(s);
    SIM.with(|m| m.get_or(key, || simulate(&key, PAGE_REQUESTS, PAGE_SEED)))
}

/// Closer to production, the page's sample with an LRU prefix cache on
/// every card ([`simulate_lru`]): the same draws and routes as
/// [`page_sample`], memoized apart (the memo's key is the model too).
pub(super) fn production_sample(s: &Scenario) -> Rc<Cached> {
    let key = sample_key(s);
    LRU.with(|m| m.get_or(key, || simulate_lru(&key, PAGE_REQUESTS, PAGE_SEED)))
}

/// What a sample depends on (see [`page_sample`]).
fn sample_key(s: &Scenario) -> Scenario {
    let mut key = *s;
    if s.policy != Policy::HashOverflow {
        key.arrivals = 1.0;
        key.capacity = 1.0;
        key.cap = 0.0;
        key.background = 0.0;
    }
    key
}

thread_local! {
    static SIM: Memo<Scenario, SimResult> = const { Memo::new() };
    static LRU: Memo<Scenario, Cached> = const { Memo::new() };
}

/// The benchmark's engine: `n` requests of the silent-eviction story (400
/// families hashed over 16 cards, 8 GB of scratch) through [`simulate`];
/// returns the hits.
pub(super) fn simulate_silent_eviction(n: u64, seed: u64) -> u64 {
    let p = PRESETS
        .iter()
        .find(|p| p.id == "silent-eviction")
        .and_then(|p| {
            let mut params = Params::defaults(&PARAMS);
            params.apply(p.set).ok().map(|()| params)
        });
    match p {
        Some(p) => simulate(&scenario(&p), n, seed).hits,
        None => 0,
    }
}

/// The topic's benchmark engine.
pub(super) const ENGINE: Engine = Engine {
    name: "route requests of the silent-eviction story through 16 cards' residency",
    unit: "requests",
    default_n: 10_000_000,
    run: simulate_silent_eviction,
};
