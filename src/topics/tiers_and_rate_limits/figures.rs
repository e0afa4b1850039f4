//! The figures: what the formulas say, then what the simulation measured,
//! each as one row of a table (id, label, unit, how to read it).

use super::model::Solved;
use super::params::{Input, BURST_SECONDS};
use super::sim::SimResult;
use crate::model::{Outcome, Unit};

const RQ: Unit = Unit::Count("requests");
const CARDS: Unit = Unit::Count("cards");

/// A figure the formulas give: id, label, unit, and its value.
type FormulaRow = (&'static str, &'static str, Unit, fn(&Solved) -> f64);

/// The formulas' figures, in the order the page lists them.
#[rustfmt::skip]
static FORMULA: [FormulaRow; 25] = [
    ("provisioned_util", "Provisioned pool utilization ρ_P", Unit::Share, |m| m.rho_p),
    ("paid_wait_ms", "Paid wait (worst pool)", Unit::Ms, |m| m.paid_wait),
    ("prov_wait_ms", "Paid wait, provisioned pool", Unit::Ms, |m| m.w_p),
    ("shared_paid_wait_ms", "Paid wait, shared pool (priority)", Unit::Ms, |m| m.w_ps),
    ("shared_paid_fifo_wait_ms", "Paid wait, shared pool, without priority", Unit::Ms, |m| m.w_ps_fifo),
    ("shared_util", "Shared pool utilization ρ_S", Unit::Share, |m| m.rho_s),
    ("shared_paid_util", "Shared pool utilization by paid ρ_pS", Unit::Share, |m| m.rho_ps),
    ("free_wait_ms", "Free wait (shared pool)", Unit::Ms, |m| m.w_f),
    ("shed_share", "Free shed at the gateway", Unit::Share, |m| m.shed_share),
    ("free_admitted_per_s", "Free admitted", Unit::ReqPerS, |m| m.free_adm),
    ("free_shed_per_s", "Free refused (429)", Unit::ReqPerS, |m| m.shed),
    ("free_room_per_s", "Room for free under the 85 % cap", Unit::ReqPerS, |m| m.room),
    ("burst_cards", "Burst cards to rent at this admit share", CARDS, |m| m.burst_needed),
    ("prov_cards_up", "Provisioned cards standing", CARDS, |m| m.cp_up as f64),
    ("shared_cards_up", "Shared cards standing (with burst)", CARDS, |m| m.cs_up as f64),
    ("card_rate", "Service rate per card μ", Unit::ReqPerS, |m| m.mu),
    ("paid_spilled_per_s", "Paid spilled to the shared pool", Unit::ReqPerS, |m| m.paid_shared),
    ("spill_to_restore", "Spill that restores the pre-incident ρ_P", Unit::Share, |m| m.spill_restore),
    ("prov_queue_per_card", "Mean queue per provisioned card", RQ, |m| m.q_prov),
    ("shared_queue_per_card", "Mean queue per shared card", RQ, |m| m.q_shared),
    ("bucket_empty_s", "Burst: bucket empties after", Unit::Seconds, |m| m.t_empty),
    ("arrivals_first_10s", "Burst: free arrivals in 10 s", RQ, |m| (m.free * 10.0).floor()),
    ("admitted_first_10s", "Burst: admitted in the first 10 s", RQ, |m| m.admitted_10),
    ("arrivals_first_60s", "Burst: free arrivals in 60 s", RQ, |m| (m.free * BURST_SECONDS).floor()),
    ("admitted_first_60s", "Burst: admitted in the first 60 s", RQ, |m| m.admitted_60),
];

/// A figure the simulation gives: id, label, unit, and its value.
type SimRow = (
    &'static str,
    &'static str,
    Unit,
    fn(&Input, &SimResult) -> f64,
);

/// The simulation's figures, listed after the formulas'.
#[rustfmt::skip]
static SIMULATED: [SimRow; 6] = [
    ("sim_paid_wait_ms", "Simulated paid wait (worst pool)", Unit::Ms, sim_paid_wait),
    ("sim_prov_wait_ms", "Simulated paid wait, provisioned", Unit::Ms, |_, sim| sim.prov.mean_ms()),
    ("sim_shared_paid_wait_ms", "Simulated paid wait, shared (0 if none spilled)", Unit::Ms, |_, sim| sim.shared_paid.mean_ms()),
    ("sim_free_wait_ms", "Simulated free wait", Unit::Ms, |_, sim| sim.free.mean_ms()),
    ("sim_free_admitted_per_s", "Simulated free admitted", Unit::ReqPerS, |_, sim| sim_free_admitted(sim)),
    ("sim_requests", "Simulated requests measured", RQ, |_, sim| sim.measured() as f64),
];

/// The worst pool carrying paid, as the formula's paid wait.
fn sim_paid_wait(inp: &Input, sim: &SimResult) -> f64 {
    if inp.spill <= 0.0 {
        sim.prov.mean_ms()
    } else if inp.spill >= 1.0 {
        sim.shared_paid.mean_ms()
    } else {
        sim.prov.mean_ms().max(sim.shared_paid.mean_ms())
    }
}

/// Free req/s the simulated bucket granted over the measured window.
fn sim_free_admitted(sim: &SimResult) -> f64 {
    if sim.seconds > 0.0 {
        sim.free_admitted as f64 / sim.seconds
    } else {
        0.0
    }
}

pub(super) fn figures(inp: &Input, m: &Solved, sim: &SimResult, out: &mut Outcome) {
    for (id, label, unit, value) in &FORMULA {
        out.figure(id, label, value(m), *unit);
    }
    for (id, label, unit, value) in &SIMULATED {
        out.figure(id, label, value(inp, sim), *unit);
    }
}
