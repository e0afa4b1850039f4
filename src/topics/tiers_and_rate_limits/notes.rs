//! The notes: what the page says beside the figures (the incident, shedding,
//! priority) and where the simulation departs from the formulas.

use super::model::{mm1_wait_ms, ms, pct, rps, utilization, Solved};
use super::params::{Assign, Input};
use super::sim::{ClassStat, SimResult};
use crate::model::units;
use crate::model::{Note, Outcome};

pub(super) fn notes(inp: &Input, m: &Solved, sim: &SimResult, out: &mut Outcome) {
    let notes = [
        incident(inp, m),
        shed_to_cap(inp, m),
        priority(inp, m),
        simulation(inp, m, sim),
        steady_refill(inp, m),
        saturation(inp, m, sim),
        round_robin(inp),
    ];
    out.notes.extend(notes.into_iter().flatten());
}

/// What an incident removes, and what it costs paid on the provisioned cards.
fn incident(inp: &Input, m: &Solved) -> Option<Note> {
    let lost_p = inp.c_p - m.cp_up;
    let lost_s = inp.c_s - m.cs_own;
    if lost_p + lost_s == 0 {
        return None;
    }
    let rho_all = utilization(inp.paid, m.cp_up, m.mu);
    Some(Note::Info(format!(
        "The incident removes {lost_p} of {} provisioned and {lost_s} of {} shared cards (round(δ·c)); S stays {}. With all paid on the provisioned cards, their utilization goes {} → {} and the paid wait {} → {}: W = S·ρ/(1−ρ) is non-linear, so the last points of utilization cost the most.",
        inp.c_p,
        inp.c_s,
        ms(inp.s),
        pct(m.rho_p_before),
        pct(rho_all),
        ms(mm1_wait_ms(inp.s, m.rho_p_before)),
        ms(mm1_wait_ms(inp.s, rho_all)),
    )))
}

/// Shedding to the cap sets the bucket's refill.
fn shed_to_cap(inp: &Input, m: &Solved) -> Option<Note> {
    inp.shed_to_cap.then(|| Note::Info(format!(
        "Shedding to the cap: the bucket's refill is floor(0.85 × {} cards × {} − {} paid) = {} free, so the admit share slider is not used.",
        m.cs_up,
        rps(m.mu),
        units::number(m.paid_shared),
        rps(m.free_adm)
    )))
}

/// Spilled paid waits less than it would without priority.
fn priority(inp: &Input, m: &Solved) -> Option<Note> {
    (inp.spill > 0.0).then(|| Note::Info(format!(
        "Priority is what makes the spill work: spilled paid waits {} ahead of free; without priority it would wait {} like everyone else in a pool at {}.",
        ms(m.w_ps),
        ms(m.w_ps_fifo),
        pct(m.rho_s)
    )))
}

/// One class's simulated mean wait, its band, and its distance from the
/// formula.
fn simulated_class(name: &str, st: &ClassStat, formula: f64) -> String {
    let mean = st.mean_ms();
    let band = st
        .half_width_ms()
        .map(|h| format!(" ± {}", units::number((h * 10.0).round() / 10.0)))
        .unwrap_or_default();
    let off = if formula.is_finite() && formula > 0.0 && mean.is_finite() {
        format!(" ({:+.1} %)", (mean / formula - 1.0) * 100.0)
    } else {
        String::new()
    };
    format!(
        "{name} {}{band} ms vs {}{off}",
        units::number(mean),
        ms(formula)
    )
}

/// The simulation beside the formulas, class by class.
fn simulation(inp: &Input, m: &Solved, sim: &SimResult) -> Option<Note> {
    let parts: Vec<String> = [
        ("provisioned paid", &sim.prov, m.w_p),
        ("shared paid", &sim.shared_paid, m.w_ps),
        ("free", &sim.free, m.w_f),
    ]
    .iter()
    .filter(|(_, st, _)| st.served + st.stranded > 0)
    .map(|(name, st, formula)| simulated_class(name, st, *formula))
    .collect();
    if parts.is_empty() {
        return None;
    }
    Some(Note::Info(format!(
        "Simulation beside the formulas ({} gateway arrivals, {} s measured after a 5 % warm-up, seed {}, {} card assignment; ± is a 95 % batch-means interval): {}. A native test runs 10⁶ requests at the normal-day point and agrees within 2 %.",
        units::number(sim.arrivals as f64),
        units::number((sim.seconds * 10.0).round() / 10.0),
        inp.seed,
        if inp.assign == Assign::Random {
            "random"
        } else {
            "round-robin"
        },
        parts.join("; ")
    )))
}

/// A bucket that runs dry grants free at its refill's steadier pace.
fn steady_refill(inp: &Input, m: &Solved) -> Option<Note> {
    (inp.free > m.free_adm && m.free_adm > 0.0 && m.rho_s < 1.0).then(|| Note::Info(
        "The formula treats admitted free requests as a Poisson stream. A bucket that runs dry grants them at the steadier pace of its refill, so the simulated free wait runs a little under the formula: about 2 % on the normal day's 30 cards (a native test pins it), less on more cards, where each card's share of the stream looks Poisson again."
            .to_string(),
    ))
}

/// A jammed or nearly saturated pool: where a finite run cannot settle.
fn saturation(inp: &Input, m: &Solved, sim: &SimResult) -> Option<Note> {
    let hottest = [m.rho_p, m.rho_s]
        .into_iter()
        .filter(|r| r.is_finite())
        .fold(0.0, f64::max);
    if m.rho_p >= 1.0 || m.rho_s >= 1.0 {
        Some(Note::Info(format!(
            "A pool at or over 100 % has no steady state: the formula's wait is ∞, while a finite simulation reports the mean of a queue still growing ({} s of arrivals here), which only grows with a longer run.",
            units::number((sim.seconds * 10.0).round() / 10.0)
        )))
    } else if hottest >= 0.9 {
        let tau = inp.s / (1.0 - hottest.sqrt()).powi(2) / 1000.0;
        Some(Note::Info(format!(
            "Near saturation the simulation departs from the formula: at ρ = {}, a card's queue needs about S/(1−√ρ)² = {} s to forget where it started, and the error of a sampled mean wait grows like 1/(1−ρ)². This page simulates {} s, so its mean is unsettled, swings with the seed and more often falls short (a short run from empty queues rarely meets the rare long busy periods that carry the long-run mean); its ± is too narrow too, because its batches are not independent. The formula is the long-run mean; the curve chart's one-card points show the same departure above about 90 %.",
            pct(hottest),
            units::number(tau.round()),
            units::number((sim.seconds * 10.0).round() / 10.0)
        )))
    } else {
        None
    }
}

/// Round-robin smooths each card's arrivals below the formula's Poisson.
fn round_robin(inp: &Input) -> Option<Note> {
    (inp.assign == Assign::RoundRobin).then(|| Note::Info(
        "Round-robin hands each card every n-th arrival, a smoother stream than Poisson (Erlang gaps), so simulated waits fall below the M/M/1 formula; the formula's 'spread evenly' means random assignment, which keeps each card's arrivals Poisson."
            .to_string(),
    ))
}
