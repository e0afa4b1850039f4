//! The simulator's figures: the analytic model's, then the request-level
//! sample's beside them. Re-prefills `= Λ(1 − hit)`/s; wasted prefill
//! `= Λ(1 − hit)·P` tok/s.

use super::model::fleet_average;
use super::params::Input;
use crate::engine::routing::{Evaluation, Scenario};
use crate::engine::routing_sim::SimResult;
use crate::model::{FigureRow, Outcome, Unit};

pub(super) fn figures(
    inp: &Input,
    s: &Scenario,
    ev: &Evaluation,
    sim: &SimResult,
    misses: &[u64],
    out: &mut Outcome,
) {
    out.add_figures(
        analytic(inp, ev)
            .into_iter()
            .chain(measured(inp, s, sim, misses)),
    );
}

/// The evaluator's figures.
#[rustfmt::skip]
fn analytic(inp: &Input, ev: &Evaluation) -> [FigureRow; 16] {
    let lam = inp.arrivals;
    let mu = inp.capacity;
    let (_, busiest) = ev.busiest();
    let (_, idlest) = ev.idlest();
    let miss = lam * (1.0 - ev.hit).max(0.0);
    let copies = Unit::Count("copies");
    [
        ("copy_mb", "Preamble copy", inp.copy_mb(), Unit::Mb),
        ("copies_per_card", "Copies a card's scratch holds", inp.held() as f64, copies),
        ("homes_per_card", "Most homes on one card", ev.max_homes() as f64, copies),
        ("affinity", "Routed to the home card", ev.affinity, Unit::Share),
        ("hit_share", "Hit share", ev.hit, Unit::Share),
        ("busiest_share", "Busiest card", busiest / mu, Unit::Share),
        ("busiest_req_s", "Busiest card's load", busiest, Unit::ReqPerS),
        ("idlest_share", "Idlest card", idlest / mu, Unit::Share),
        ("fleet_average_share", "Fleet average", fleet_average(inp, ev), Unit::Share),
        ("hot_req_s_per_card", "Hot family on its busiest card", ev.hot_on_one_card(), Unit::ReqPerS),
        ("copies_demanded", "Copies demanded (homes)", ev.copies_demanded() as f64, copies),
        ("copies_held", "Copies held", ev.copies_held() as f64, copies),
        ("evicted_copies", "Copies silently evicted", ev.evicted() as f64, copies),
        ("spilled_req_s", "Overflow (misses)", ev.spilled, Unit::ReqPerS),
        ("reprefills_per_s", "Re-prefills", miss, Unit::ReqPerS),
        ("wasted_prefill_tok_s", "Wasted prefill", miss * inp.preamble_tokens, Unit::TokPerS),
    ]
}

/// The request-level simulation beside the analytic figures (`misses`,
/// each card's re-prefills closer to production, go on its load there).
#[rustfmt::skip]
fn measured(inp: &Input, s: &Scenario, sim: &SimResult, misses: &[u64]) -> [FigureRow; 6] {
    let lam = inp.arrivals;
    let mu = inp.capacity;
    let m_miss = lam * (1.0 - sim.hit_share());
    let cost = inp.prefill_cost();
    let m_busiest = if inp.production {
        (0..sim.per_card.len())
            .map(|i| {
                let prefill = misses.get(i).map_or(0.0, |&m| m as f64 * cost);
                (sim.per_card[i] as f64 + prefill) / sim.requests.max(1) as f64
            })
            .fold(0.0, f64::max)
            * lam
            / mu
            + s.background / mu
    } else {
        (0..sim.per_card.len())
            .map(|i| sim.card_share(i))
            .fold(0.0, f64::max)
            * lam
            / mu
            + s.background / mu
    };
    [
        ("sim_requests", "Simulated requests", sim.requests as f64, Unit::Count("requests")),
        ("measured_affinity", "Routed home (simulated)", sim.affinity(), Unit::Share),
        ("measured_hit_share", "Hit share (simulated)", sim.hit_share(), Unit::Share),
        ("measured_busiest_share", "Busiest card (simulated)", m_busiest, Unit::Share),
        ("measured_reprefills_per_s", "Re-prefills (simulated)", m_miss, Unit::ReqPerS),
        ("measured_wasted_prefill_tok_s", "Wasted prefill (simulated)", m_miss * inp.preamble_tokens, Unit::TokPerS),
    ]
}

/// The figures the page shows first, three so they sit in one row on a
/// phone (the checks' chips show the rest): affinity, the busiest card's
/// share and the re-prefills they cost; the rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["affinity", "busiest_share", "reprefills_per_s"];
/// Closer to production the affinity check judges the hit share (a card
/// keeps what it prefilled): the key figure is it.
pub const KEY_FIGURES_PRODUCTION: &[&str] = &["hit_share", "busiest_share", "reprefills_per_s"];
