//! The figures: what the formulas say, then what the simulation measured,
//! each as one row of a table (id, label, unit, how to read it).

use super::model::Solved;
use super::model_cost::HOURS_PER_MONTH;
use super::params::{Input, BURST_SECONDS};
use super::sim::{ClassStat, SimResult};
use crate::model::{Outcome, Unit};

const RQ: Unit = Unit::Count("requests");
const CARDS: Unit = Unit::Count("cards");

/// A figure the formulas give: id, label, unit, and its value.
type FormulaRow = (&'static str, &'static str, Unit, fn(&Solved) -> f64);

/// The formulas' figures, in the order the page lists them.
#[rustfmt::skip]
static FORMULA: [FormulaRow; 36] = [
    ("provisioned_util", "Provisioned pool utilization", Unit::Share, |m| m.rho_p),
    ("paid_wait_ms", "Paid wait (worst pool)", Unit::Ms, |m| m.paid_wait),
    ("paid_wait_p95_ms", "Paid wait p95 (worst pool)", Unit::Ms, |m| m.paid_p95),
    ("prov_wait_ms", "Paid wait, provisioned pool", Unit::Ms, |m| m.w_p),
    ("paid_p95_ms", "Paid wait p95 (formula), provisioned pool", Unit::Ms, |m| m.w_p95),
    ("paid_p99_ms", "Paid wait p99 (formula), provisioned pool", Unit::Ms, |m| m.w_p99),
    ("shared_paid_wait_ms", "Paid wait, shared pool (priority)", Unit::Ms, |m| m.w_ps),
    ("shared_paid_fifo_wait_ms", "Paid wait, shared pool, without priority", Unit::Ms, |m| m.w_ps_fifo),
    ("shared_util", "Shared pool utilization", Unit::Share, |m| m.rho_s),
    ("shared_paid_util", "Shared pool utilization by spilled paid alone", Unit::Share, |m| m.rho_ps),
    ("free_wait_ms", "Free wait (shared pool)", Unit::Ms, |m| m.w_f),
    ("shed_share", "Free shed at the gateway", Unit::Share, |m| m.shed_share),
    ("free_admitted_per_s", "Free admitted", Unit::ReqPerS, |m| m.free_adm),
    ("free_shed_per_s", "Free refused (429)", Unit::ReqPerS, |m| m.shed),
    ("free_room_per_s", "Room for free under the 85 % cap", Unit::ReqPerS, |m| m.room),
    ("burst_cards", "Burst cards to rent at this admit share", CARDS, |m| m.burst_needed),
    ("prov_cards_up", "Provisioned cards standing", CARDS, |m| m.cp_up as f64),
    ("shared_cards_up", "Shared cards standing (with burst)", CARDS, |m| m.cs_up as f64),
    ("card_rate", "Requests one card serves a second (μ)", Unit::ReqPerS, |m| m.mu),
    ("card_tok_s", "Tokens one card serves a second (μ × tokens per request)", Unit::TokPerS, |m| m.card_tok_s),
    ("cards_billed", "Cards billed: provisioned, shared and burst, an incident's lost ones too", CARDS, |m| m.cost.cards),
    ("fleet_bill_per_hour", "Fleet bill", Unit::UsdPerHour, |m| m.cost.fleet_per_hour),
    ("fleet_bill_per_month", "Fleet bill a month (730 h)", Unit::UsdPerMonth, |m| m.cost.fleet_per_hour * HOURS_PER_MONTH),
    ("paid_bill_per_month", "Paid tier's bill a month: the provisioned pool and its part of the shared pool", Unit::UsdPerMonth, |m| m.cost.paid_per_hour * HOURS_PER_MONTH),
    ("free_bill_per_month", "Free tier's bill a month: its part of the shared pool", Unit::UsdPerMonth, |m| m.cost.free_per_hour * HOURS_PER_MONTH),
    ("paid_cost_per_1m", "Paid tier's cost per million tokens served", Unit::UsdPerMTok, |m| m.cost.paid_per_1m),
    ("free_cost_per_1m", "Free tier's cost per million tokens served", Unit::UsdPerMTok, |m| m.cost.free_per_1m),
    ("paid_spilled_per_s", "Paid spilled to the shared pool", Unit::ReqPerS, |m| m.paid_shared),
    ("spill_to_restore", "Spill that restores the provisioned pool's pre-incident utilization", Unit::Share, |m| m.spill_restore),
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
    fn(&Input, &Solved, &SimResult) -> f64,
);

/// The simulation's figures, listed after the formulas'.
#[rustfmt::skip]
static SIMULATED: [SimRow; 14] = [
    ("sim_paid_wait_ms", "Simulated paid wait (worst pool)", Unit::Ms, |inp, _, sim| sim.paid(inp.spill).mean_ms()),
    ("sim_paid_wait_ci_ms", "Simulated paid wait: ± of its 95 % interval", Unit::Ms, |inp, m, sim| half_width(sim.paid(inp.spill), paid_formula(inp, m, sim))),
    ("sim_paid_p95_ms", "Simulated paid wait p95 (worst pool)", Unit::Ms, |inp, _, sim| sim.paid(inp.spill).quantile_ms(0.95)),
    ("sim_paid_p99_ms", "Simulated paid wait p99 (worst pool)", Unit::Ms, |inp, _, sim| sim.paid(inp.spill).quantile_ms(0.99)),
    ("sim_prov_wait_ms", "Simulated paid wait, provisioned", Unit::Ms, |_, _, sim| sim.prov.mean_ms()),
    ("sim_shared_paid_wait_ms", "Simulated paid wait, shared (0 if none spilled)", Unit::Ms, |_, _, sim| sim.shared_paid.mean_ms()),
    ("sim_prov_wait_ci_ms", "Simulated paid wait, provisioned: ± of its 95 % interval", Unit::Ms, |_, m, sim| half_width(&sim.prov, m.w_p)),
    ("sim_shared_paid_wait_ci_ms", "Simulated paid wait, shared: ± of its 95 % interval", Unit::Ms, |_, m, sim| half_width(&sim.shared_paid, m.w_ps)),
    ("sim_free_wait_ms", "Simulated free wait", Unit::Ms, |_, _, sim| sim.free.mean_ms()),
    ("sim_free_wait_ci_ms", "Simulated free wait: ± of its 95 % interval", Unit::Ms, |_, m, sim| half_width(&sim.free, m.w_f)),
    ("sim_free_p95_ms", "Simulated free wait p95", Unit::Ms, |_, _, sim| sim.free.quantile_ms(0.95)),
    ("sim_free_p99_ms", "Simulated free wait p99", Unit::Ms, |_, _, sim| sim.free.quantile_ms(0.99)),
    ("sim_free_admitted_per_s", "Simulated free admitted", Unit::ReqPerS, |_, _, sim| sim_free_admitted(sim)),
    ("sim_requests", "Simulated requests measured", RQ, |_, _, sim| sim.measured() as f64),
];

/// The formula's wait for the simulated paid class [`SimResult::paid`] picks.
fn paid_formula(inp: &Input, m: &Solved, sim: &SimResult) -> f64 {
    if sim.paid_is_prov(inp.spill) {
        m.w_p
    } else {
        m.w_ps
    }
}

/// The ± of a class's 95 % interval (ms): 0 with no request; ∞ when the run
/// gives none (a request stranded, a replication without one) or the pool
/// has no steady state (its formula wait is ∞): no finite run pins a mean
/// that does not exist.
fn half_width(st: &ClassStat, formula: f64) -> f64 {
    if st.served() == 0 && st.stranded == 0 {
        0.0
    } else if formula.is_infinite() {
        f64::INFINITY
    } else {
        st.half_width_ms().unwrap_or(f64::INFINITY)
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
        out.figure(id, label, value(inp, m, sim), *unit);
    }
}

/// The figures the page shows first, three so they sit in one row on a
/// phone (the checks' chips show the rest): the paid wait, the shared
/// pool's use and the share shed; the rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["paid_wait_ms", "shared_util", "shed_share"];
/// Closer to production the paid SLO judges the p95: the key figure is it.
pub const KEY_FIGURES_PRODUCTION: &[&str] = &["paid_wait_p95_ms", "shared_util", "shed_share"];
