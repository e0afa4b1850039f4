//! # Tiers & rate limits: the model
//!
//! The formulas of the simulator, and what they say about one set of
//! parameters ([`solve`]).
//!
//! Two tiers (paid, free) and two pools of identical cards. Every card is an
//! M/M/1 queue with mean service time `S` ms; arrivals are spread evenly over
//! a pool's cards. Units: times in ms, rates in req/s, shares as fractions.
//!
//! ```text
//! μ    = 1000/S                               req/s per card
//! c_P' = c_P − round(δ_P·c_P)                 c_S' = c_S − round(δ_S·c_S) + b
//! λ_fA = min(λ_f, a·λ_f)                      free admitted (bucket refill r = λ_fA)
//!        shed to the cap: λ_fA = min(λ_f, floor(0.85·c_S'·μ − σ·λ_p)), a ignored
//! ρ_P  = (1−σ)·λ_p/(c_P'·μ)    ρ_pS = σ·λ_p/(c_S'·μ)    ρ_S = ρ_pS + λ_fA/(c_S'·μ)
//! W(ρ) = S·ρ/(1−ρ)  (∞ if ρ ≥ 1)              provisioned: W_P = W(ρ_P)
//! tail, first come first served: P(W > t) = ρ·e^(−(1−ρ)·t/S)
//!   p-quantile W_p = max(0, S·ln(ρ/(1−p))/(1−ρ))  provisioned: p95, p99 at ρ_P
//! Cobham, non-preemptive priority, equal exponential service (shared pool):
//!   W0 = S·min(ρ_S, 1)   W_pS = W0/(1−ρ_pS)   W_f = W0/((1−ρ_pS)(1−ρ_S)) (∞ if ρ_S ≥ 1)
//! paid wait = max(W_P if σ < 1, W_pS if σ > 0)     L_q = λ_card·W per card
//! bucket (starts full, B grants, refill r, arrivals at λ_f for T s):
//!   admitted(T) = floor(min(λ_f·T, B + r·T)), empty at t* = B/(λ_f − r)
//! spill restoring ρ*: σ = 1 − ρ*·c_P'·μ/λ_p
//! burst cards to rent: b = ceil((σ·λ_p + a·λ_f)/(0.85·μ)) − (c_S − lost)
//! the bill (`model_cost`): (c_P + c_S + b)·p $/h, split between the tiers
//!   by the requests each pool serves of each; per 1M tokens at n_t a request
//! ```
//!
//! Sources: the pools, the token bucket, shedding and the three checks are
//! seed cards 001–003 ("Design ChatGPT: Tiers & Rate Limits", in their "Where
//! this shows up" part) as the topic's written model states them. `S` is calibrated so that losing 3 of 10 provisioned cards takes the
//! paid wait from 97 ms to 850 ms (S = 8245/166 ms). The priority waits are
//! Cobham's formula for two classes. The tail is the waiting-time
//! distribution of the M/M/1 queue served in arrival order: an arrival finds
//! the card busy with probability ρ, and then waits for the work of
//! 1 + Geometric(ρ) exponential services, an exponential with rate (1−ρ)/S.
//! The burst formula is the written model's
//! `ceil(a·λ_f/(ρ_cap·μ)) − c_S`, extended to count spilled paid and cards an
//! incident removed; with neither it is that formula.
//!
//! Checks: paid wait ≤ 150 ms; shared pool ρ_S ≤ 85 %; free shed ≤ 50 %.
//!
//! Closer to production ([`Input::production`]) the same quantities come
//! from three other assumptions: each pool is one queue on its c cards
//! (`model_pool`: Erlang C, Cobham on c cards), the bucket refills at a
//! constant `r = a·λ_f⁰` (λ_f⁰ the normal day's free arrivals, the slider's
//! default; shed to the cap, `r = floor(room)`) so that `λ_fA = min(λ_f, r)`,
//! and the paid SLO judges the p95 of the worse pool carrying paid.

use super::model_cost::{Billed, Cost};
use super::model_pool::{pooled_priority_waits_ms, pooled_quantile_ms, pooled_wait_ms};
use super::params::{Input, BURST_SECONDS, SLO_QUANTILE, UTIL_CAP};
pub(super) use crate::model::units::pct;
use crate::model::Unit;

/// Template T2-C1, "the admit count a token bucket grants": a bucket that
/// starts full with `capacity` grants, refills `refill` grants/s and meets
/// `arrivals` req/s for `t` seconds admits `floor(min(arrivals·t, B + r·t))`.
pub fn bucket_admitted(capacity: f64, refill: f64, arrivals: f64, t: f64) -> f64 {
    let t = t.max(0.0);
    let offered = arrivals.max(0.0) * t;
    if arrivals <= refill {
        offered.floor()
    } else {
        offered.min(capacity.max(0.0) + refill.max(0.0) * t).floor()
    }
}

/// When the bucket of [`bucket_admitted`] runs dry: `B/(arrivals − refill)` s,
/// or never (∞) when the refill keeps up.
pub(super) fn bucket_empty_s(capacity: f64, refill: f64, arrivals: f64) -> f64 {
    if arrivals > refill {
        capacity.max(0.0) / (arrivals - refill)
    } else {
        f64::INFINITY
    }
}

/// Grants left in the bucket after `t` s of the burst (fluid arrivals).
pub(super) fn bucket_level(capacity: f64, refill: f64, arrivals: f64, t: f64) -> f64 {
    let b = capacity.max(0.0);
    (b - (arrivals - refill) * t.max(0.0)).clamp(0.0, b)
}

/// Requests per second one card serves: μ = 1000/S.
pub(super) fn card_rate(service_ms: f64) -> f64 {
    1000.0 / service_ms
}

/// Cards left after an incident removes `round(loss·cards)` of them.
pub(super) fn cards_after_loss(cards: usize, loss: f64) -> usize {
    let lost = (loss.clamp(0.0, 1.0) * cards as f64).round() as usize;
    cards - lost.min(cards)
}

/// Utilization of a pool: `load/(cards·μ)`; no load is 0, load on no cards ∞.
pub(super) fn utilization(load_rps: f64, cards: usize, mu: f64) -> f64 {
    if load_rps <= 0.0 {
        0.0
    } else if cards == 0 {
        f64::INFINITY
    } else {
        load_rps / (cards as f64 * mu)
    }
}

/// The utilization formula of one M/M/1 card: `W = S·ρ/(1−ρ)` ms, ∞ once
/// `ρ ≥ 1` (the queue grows without bound).
pub(super) fn mm1_wait_ms(service_ms: f64, rho: f64) -> f64 {
    if rho >= 1.0 {
        f64::INFINITY
    } else {
        service_ms * rho.max(0.0) / (1.0 - rho.max(0.0))
    }
}

/// The `p`-quantile of one M/M/1 card's queue wait in arrival order:
/// `max(0, S·ln(ρ/(1−p))/(1−ρ))` ms, from `P(W > t) = ρ·e^(−(1−ρ)t/S)`; ∞ once
/// `ρ ≥ 1`.
pub(super) fn mm1_wait_quantile_ms(service_ms: f64, rho: f64, p: f64) -> f64 {
    if rho >= 1.0 {
        f64::INFINITY
    } else if rho <= 0.0 {
        0.0
    } else {
        (service_ms * (rho / (1.0 - p)).ln() / (1.0 - rho)).max(0.0)
    }
}

/// Cobham's mean waits (ms) for two classes with non-preemptive priority and
/// equal exponential service `S` on one card: the paid class's utilization
/// `rho_paid` and the card's total `rho_total`. Returns `(W_paid, W_free)`.
pub(super) fn priority_waits_ms(service_ms: f64, rho_paid: f64, rho_total: f64) -> (f64, f64) {
    let w0 = service_ms * rho_total.clamp(0.0, 1.0);
    let paid = if rho_paid >= 1.0 {
        f64::INFINITY
    } else {
        w0 / (1.0 - rho_paid)
    };
    let free = if rho_total >= 1.0 {
        f64::INFINITY
    } else {
        paid / (1.0 - rho_total)
    };
    (paid, free)
}

/// The shed arithmetic of template T2-C3 (req/s and a fraction).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shed {
    /// `cap·c·μ − λ_pS`, at least 0: free req/s the pool takes under the cap.
    pub room: f64,
    /// `min(λ_f, room)`.
    pub admit: f64,
    /// `λ_f − admit`.
    pub shed: f64,
    /// `shed/λ_f` (0 with no free demand).
    pub share: f64,
}

/// Template T2-C3, "the shed arithmetic that keeps the shared pool from
/// jamming": `room = cap·c·μ − λ_pS`, `shed = λ_f − min(λ_f, room)`.
pub fn shed_arithmetic(cards: f64, mu: f64, cap: f64, paid_in_shared: f64, free: f64) -> Shed {
    let room = (cap * cards * mu - paid_in_shared).max(0.0);
    let admit = free.min(room);
    let shed = free - admit;
    Shed {
        room,
        admit,
        shed,
        share: if free > 0.0 { shed / free } else { 0.0 },
    }
}

/// The spill that brings the provisioned pool back to utilization `rho_star`
/// on `cards_after` cards: `σ = 1 − ρ*·c_P'·μ/λ_p`, within [0, 1].
pub(super) fn spill_to_restore(rho_star: f64, cards_after: usize, mu: f64, paid: f64) -> f64 {
    if paid <= 0.0 {
        return 0.0;
    }
    (1.0 - rho_star * cards_after as f64 * mu / paid).clamp(0.0, 1.0)
}

/// Burst cards to rent so that `load` req/s runs a pool of `cards` at the cap:
/// `ceil(load/(cap·μ)) − cards`, never negative.
pub(super) fn burst_cards_to_rent(load: f64, cap: f64, mu: f64, cards: usize) -> f64 {
    let need = (load / (cap * mu) - 1e-9).ceil().max(0.0);
    (need - cards as f64).max(0.0)
}

/// Which pool gives paid its worst wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Worst {
    Provisioned,
    Shared,
}

/// Everything the formulas say about one set of parameters.
pub(super) struct Solved {
    pub(super) mu: f64,
    /// Cards standing after the incident (shared includes rented burst cards).
    pub(super) cp_up: usize,
    pub(super) cs_up: usize,
    /// Shared cards standing before the rented ones are added.
    pub(super) cs_own: usize,
    pub(super) paid_prov: f64,
    pub(super) paid_shared: f64,
    /// Free admitted (on the seed card, = the bucket's refill), shed, and
    /// shed share.
    pub(super) free_adm: f64,
    /// The bucket's refill, grants/s (closer to production it does not
    /// follow demand, and may exceed it).
    pub(super) refill: f64,
    pub(super) shed: f64,
    pub(super) shed_share: f64,
    /// Room under the cap for free, req/s (shed arithmetic).
    pub(super) room: f64,
    pub(super) rho_p: f64,
    pub(super) rho_ps: f64,
    pub(super) rho_s: f64,
    pub(super) w_p: f64,
    /// The provisioned pool's p95 and p99 queue waits.
    pub(super) w_p95: f64,
    pub(super) w_p99: f64,
    pub(super) w_ps: f64,
    pub(super) w_f: f64,
    /// A spilled paid request's wait if the shared pool had no priority.
    pub(super) w_ps_fifo: f64,
    pub(super) paid_wait: f64,
    pub(super) worst: Worst,
    /// The paid SLO's p95 closer to production: the worse pool carrying
    /// paid by its p95, and which pool it is.
    pub(super) paid_p95: f64,
    pub(super) worst_p95: Worst,
    /// Spilled paid's p95 in the shared pool, behind priority.
    pub(super) w_ps95: f64,
    /// Burst cards to rent at the admit share (the written model's formula, generalized).
    pub(super) burst_needed: f64,
    /// Pre-incident provisioned utilization and the spill that restores it.
    pub(super) rho_p_before: f64,
    pub(super) spill_restore: f64,
    pub(super) q_prov: f64,
    pub(super) q_shared: f64,
    /// The bucket facing the current free arrivals.
    pub(super) bucket: f64,
    pub(super) free: f64,
    pub(super) t_empty: f64,
    pub(super) admitted_10: f64,
    pub(super) admitted_60: f64,
    /// Tokens one card serves a second: μ × tokens a request.
    pub(super) card_tok_s: f64,
    /// The bill and its split between the tiers (`model_cost`).
    pub(super) cost: Cost,
}

/// `λ·W` with W in ms, 0 when nothing arrives.
fn little(rate: f64, wait_ms: f64) -> f64 {
    if rate <= 0.0 {
        0.0
    } else {
        rate * wait_ms / 1000.0
    }
}

/// A pool's arrivals per card: 0 with none, ∞ on no cards.
fn per_card(rate: f64, cards: usize) -> f64 {
    if rate <= 0.0 {
        0.0
    } else if cards == 0 {
        f64::INFINITY
    } else {
        rate / cards as f64
    }
}

/// The bucket's refill, req/s: the room under the cap when shedding to it,
/// else the admit share (of the current free demand on the seed card, of the
/// normal day's closer to production).
fn bucket_refill(inp: &Input, room: f64) -> f64 {
    if inp.shed_to_cap {
        // The presets floor the shed arithmetic to whole req/s.
        room.floor()
    } else {
        inp.admit_refill()
    }
}

/// The paid wait of the worst pool that carries paid, and which pool it is.
fn worst_paid_wait(spill: f64, w_p: f64, w_ps: f64) -> (f64, Worst) {
    let uses_prov = spill < 1.0;
    let uses_shared = spill > 0.0;
    match (uses_prov, uses_shared) {
        (true, true) if w_ps > w_p => (w_ps, Worst::Shared),
        (true, _) => (w_p, Worst::Provisioned),
        (false, _) => (w_ps, Worst::Shared),
    }
}

/// Everything the formulas say about `inp`.
pub(super) fn solve(inp: &Input) -> Solved {
    let mu = card_rate(inp.s);
    let cp_up = cards_after_loss(inp.c_p, inp.loss_p);
    let cs_own = cards_after_loss(inp.c_s, inp.loss_s);
    let cs_up = cs_own + inp.burst;
    let paid_prov = (1.0 - inp.spill) * inp.paid;
    let paid_shared = inp.spill * inp.paid;
    let cap_room = shed_arithmetic(cs_up as f64, mu, UTIL_CAP, paid_shared, inp.free);
    let grants = bucket_refill(inp, cap_room.room);
    let free_adm = inp.free.min(grants);
    // On the seed card the refill is what it admits, following demand.
    let refill = if inp.production { grants } else { free_adm };
    let shed = inp.free - free_adm;
    let shed_share = if inp.free > 0.0 { shed / inp.free } else { 0.0 };
    let rho_p = utilization(paid_prov, cp_up, mu);
    let rho_ps = utilization(paid_shared, cs_up, mu);
    let rho_s = utilization(paid_shared + free_adm, cs_up, mu);
    let q = Queues::of(inp, cp_up, cs_up, rho_p, rho_ps, rho_s);
    let (paid_wait, worst) = worst_paid_wait(inp.spill, q.w_p, q.w_ps);
    let (paid_p95, worst_p95) = worst_paid_wait(inp.spill, q.w_p95, q.w_ps95);
    let burst_needed = burst_cards_to_rent(
        paid_shared + inp.free.min(inp.admit_refill()),
        UTIL_CAP,
        mu,
        cs_own,
    );
    let rho_p_before = utilization(inp.paid, inp.c_p, mu);
    let spill_restore = if rho_p_before.is_finite() {
        spill_to_restore(rho_p_before, cp_up, mu, inp.paid)
    } else {
        1.0
    };
    let cost = Billed {
        price: inp.price,
        tokens: inp.tokens,
        prov_cards: inp.c_p,
        shared_cards: inp.c_s + inp.burst,
        prov_capacity: cp_up as f64 * mu,
        shared_capacity: cs_up as f64 * mu,
        paid_prov,
        paid_shared,
        free_admitted: free_adm,
    }
    .cost();
    Solved {
        mu,
        cp_up,
        cs_up,
        cs_own,
        paid_prov,
        paid_shared,
        free_adm,
        refill,
        shed,
        shed_share,
        room: cap_room.room,
        rho_p,
        rho_ps,
        rho_s,
        w_p: q.w_p,
        w_p95: q.w_p95,
        w_p99: q.w_p99,
        w_ps: q.w_ps,
        w_f: q.w_f,
        w_ps_fifo: q.w_ps_fifo,
        paid_wait,
        worst,
        paid_p95,
        worst_p95,
        w_ps95: q.w_ps95,
        burst_needed,
        rho_p_before,
        spill_restore,
        q_prov: little(per_card(paid_prov, cp_up), q.w_p),
        q_shared: little(per_card(paid_shared, cs_up), q.w_ps)
            + little(per_card(free_adm, cs_up), q.w_f),
        bucket: inp.bucket,
        free: inp.free,
        t_empty: bucket_empty_s(inp.bucket, refill, inp.free),
        admitted_10: bucket_admitted(inp.bucket, refill, inp.free, 10.0),
        admitted_60: bucket_admitted(inp.bucket, refill, inp.free, BURST_SECONDS),
        card_tok_s: mu * inp.tokens,
        cost,
    }
}

/// The pools' waits (ms): per-card M/M/1 queues on the seed card, one
/// M/M/c queue per pool closer to production.
struct Queues {
    w_p: f64,
    w_p95: f64,
    w_p99: f64,
    w_ps: f64,
    /// Spilled paid's p95 in the shared pool, behind priority.
    w_ps95: f64,
    w_f: f64,
    w_ps_fifo: f64,
}

impl Queues {
    fn of(inp: &Input, cp: usize, cs: usize, rho_p: f64, rho_ps: f64, rho_s: f64) -> Queues {
        let s = inp.s;
        if inp.production {
            let (w_ps, w_f) = pooled_priority_waits_ms(s, cs, rho_ps, rho_s);
            Queues {
                w_p: pooled_wait_ms(s, cp, rho_p),
                w_p95: pooled_quantile_ms(s, cp, rho_p, rho_p, SLO_QUANTILE),
                w_p99: pooled_quantile_ms(s, cp, rho_p, rho_p, 0.99),
                w_ps,
                w_ps95: pooled_quantile_ms(s, cs, rho_s, rho_ps, SLO_QUANTILE),
                w_f,
                w_ps_fifo: pooled_wait_ms(s, cs, rho_s),
            }
        } else {
            let (w_ps, w_f) = priority_waits_ms(s, rho_ps, rho_s);
            Queues {
                w_p: mm1_wait_ms(s, rho_p),
                w_p95: mm1_wait_quantile_ms(s, rho_p, SLO_QUANTILE),
                w_p99: mm1_wait_quantile_ms(s, rho_p, 0.99),
                w_ps,
                // On one card, paid's tail behind priority: busy with
                // chance ρ_S, then exponential at rate (1−ρ_pS)/S.
                w_ps95: pooled_quantile_ms(s, 1, rho_s, rho_ps, SLO_QUANTILE),
                w_f,
                w_ps_fifo: mm1_wait_ms(s, rho_s),
            }
        }
    }
}

// How the outcome writes the model's quantities.

pub(super) fn ms(v: f64) -> String {
    Unit::Ms.format(v)
}
pub(super) fn rps(v: f64) -> String {
    Unit::ReqPerS.format(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cobham_without_paid_is_the_utilization_formula() {
        let (_, free) = priority_waits_ms(49.67, 0.0, 0.66);
        assert!((free - mm1_wait_ms(49.67, 0.66)).abs() < 1e-9);
    }

    #[test]
    fn the_tail_quantile_inverts_the_tail() {
        let (s, rho) = (49.67, 0.9448);
        for p in [0.5, 0.95, 0.99] {
            let t = mm1_wait_quantile_ms(s, rho, p);
            let tail = rho * (-(1.0 - rho) * t / s).exp();
            assert!((tail - (1.0 - p)).abs() < 1e-12, "{p}: {tail}");
        }
        // Idle more often than 1 − p: the quantile is no wait at all.
        assert_eq!(mm1_wait_quantile_ms(s, 0.04, 0.95), 0.0);
        assert!(mm1_wait_quantile_ms(s, 1.0, 0.95).is_infinite());
    }

    #[test]
    fn bucket_level_meets_admitted() {
        // Between grants, admitted = B + r·t − level while the bucket drains.
        let (b, r, a) = (3000.0, 900.0, 1500.0);
        for t in [1.0, 2.0, 4.0] {
            let level = bucket_level(b, r, a, t);
            assert_eq!(bucket_admitted(b, r, a, t), (b + r * t - level).floor());
        }
        assert_eq!(bucket_empty_s(b, r, a), 5.0);
    }
}
