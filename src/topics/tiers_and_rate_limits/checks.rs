//! The checks: each one's spec beside the function that computes its
//! verdict, the words of the verdict, and its lever.

use super::model::{burst_cards_to_rent, ms, pct, rps, spill_to_restore, Solved, Worst};
use super::model_pool::utilization_for_quantile;
use super::params::{Input, PAID_SLO_MS, SHED_LIMIT, SLO_QUANTILE, UTIL_CAP};
use crate::model::units;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const PAID_SLO: CheckSpec = CheckSpec {
    id: "paid_slo",
    label: "Paid tier inside its wait target (SLO)",
    rule: "paid queue wait (in the worse of the pools carrying paid) ≤ 150 ms: its mean under the seed card's model, its p95 closer to production",
    cmp: Cmp::AtMost,
};

/// The worst pool carrying paid waits at most [`PAID_SLO_MS`]: on average
/// on the seed card, at the p95 closer to production ([`paid_slo_p95`]).
fn paid_slo(inp: &Input, m: &Solved) -> Verdict {
    if inp.production {
        return paid_slo_p95(inp, m);
    }
    // The utilization at which a card's wait meets the SLO, and the spill
    // that brings the provisioned pool down to it.
    let rho_slo = PAID_SLO_MS / (inp.s + PAID_SLO_MS);
    let spill_slo = spill_to_restore(rho_slo, m.cp_up, m.mu, inp.paid);
    let lever = if m.worst == Worst::Shared {
        "spill_share"
    } else if m.cp_up == 0 || spill_slo >= 1.0 {
        "prov_cards"
    } else {
        "spill_share"
    };
    PAID_SLO.verdict(m.paid_wait, PAID_SLO_MS, Unit::Ms, Some(lever), |pass| {
        let head = format!(
            "Paid waits {} on average in {}",
            ms(m.paid_wait),
            paid_pool(m, m.worst)
        );
        if pass {
            format!("{head}{}: within the 150 ms SLO.", other_paid_wait(inp, m))
        } else {
            paid_slo_missed(inp, m, &head, rho_slo, spill_slo)
        }
    })
}

/// Closer to production the SLO judges the tail: the worse pool carrying
/// paid has a p95 queue wait of at most [`PAID_SLO_MS`] (one queue per pool,
/// `P(W > t) = C·e^(−c·μ·(1−ρ)·t)`).
fn paid_slo_p95(inp: &Input, m: &Solved) -> Verdict {
    // The utilization at which the provisioned pool's p95 meets the SLO, and
    // the spill that brings the pool down to it.
    let rho_slo = utilization_for_quantile(inp.s, m.cp_up, SLO_QUANTILE, PAID_SLO_MS);
    let spill_slo = spill_to_restore(rho_slo, m.cp_up, m.mu, inp.paid);
    let lever = if m.worst_p95 == Worst::Shared || m.cp_up > 0 && spill_slo < 1.0 {
        "spill_share"
    } else {
        "prov_cards"
    };
    PAID_SLO.verdict(m.paid_p95, PAID_SLO_MS, Unit::Ms, Some(lever), |pass| {
        let head = format!(
            "Paid waits {} at the 95th percentile (p95; {} on average) in {}, one queue for the pool's cards",
            ms(m.paid_p95),
            ms(if m.worst_p95 == Worst::Shared { m.w_ps } else { m.w_p }),
            paid_pool(m, m.worst_p95)
        );
        let other = if inp.spill > 0.0 && inp.spill < 1.0 {
            match m.worst_p95 {
                Worst::Provisioned => format!("; spilled paid's p95 is {} in the shared pool, ahead of free", ms(m.w_ps95)),
                Worst::Shared => format!("; the provisioned pool's p95 {}", ms(m.w_p95)),
            }
        } else {
            String::new()
        };
        if pass {
            format!("{head}{other}: within the 150 ms SLO, judged on the p95 as production SLOs are.")
        } else if m.worst_p95 == Worst::Shared {
            format!("{head}{other}: past the 150 ms SLO even with priority. Spill less paid (Paid spilled to the shared pool) or add shared cards.")
        } else if m.cp_up == 0 {
            format!("{head}: past the 150 ms SLO; with no provisioned card standing, spill all paid to the shared pool (100%) or add provisioned cards.")
        } else if spill_slo >= 1.0 {
            format!("{head}{other}: past the 150 ms SLO; the tail grows as 1/(1−ρ) with the utilization ρ. Add provisioned cards.")
        } else {
            format!(
                "{head}{other}: past the 150 ms SLO, because the tail grows as 1/(1−ρ) with the utilization ρ. Spill paid into the shared pool, where it overtakes free: spilling {} or more keeps the provisioned pool at or under {} utilization, where its p95 is 150 ms.",
                pct((spill_slo * 100.0).ceil() / 100.0),
                pct(rho_slo)
            )
        }
    })
}

/// The pool `worst` (the one that gives paid its worst wait), in words.
fn paid_pool(m: &Solved, worst: Worst) -> String {
    match worst {
        Worst::Provisioned => format!(
            "the provisioned pool ({}, {} at utilization {})",
            units::counted(m.cp_up as f64, "cards"),
            rps(m.paid_prov),
            pct(m.rho_p)
        ),
        Worst::Shared => format!(
            "the shared pool ({} spilled on {}: paid alone keeps them {} busy, paid and free together {})",
            rps(m.paid_shared),
            units::counted(m.cs_up as f64, "cards"),
            pct(m.rho_ps),
            pct(m.rho_s)
        ),
    }
}

/// The paid wait of the other pool, when paid is split between the two.
fn other_paid_wait(inp: &Input, m: &Solved) -> String {
    if inp.spill > 0.0 && inp.spill < 1.0 {
        match m.worst {
            Worst::Provisioned => format!(
                "; spilled paid waits {} in the shared pool, ahead of free",
                ms(m.w_ps)
            ),
            Worst::Shared => {
                format!("; the provisioned pool's paid wait {}", ms(m.w_p))
            }
        }
    } else {
        String::new()
    }
}

/// Why paid misses its SLO, and what brings it back.
fn paid_slo_missed(inp: &Input, m: &Solved, head: &str, rho_slo: f64, spill_slo: f64) -> String {
    if m.worst == Worst::Shared {
        format!(
            "{head}: past the 150 ms SLO even with priority, since paid there waits the service time × the pool's utilization ÷ (1 − paid's own utilization). Spill less paid (Paid spilled to the shared pool) or add shared cards."
        )
    } else if m.cp_up == 0 {
        format!(
            "{head}: past the 150 ms SLO; with no provisioned card standing, spill all paid to the shared pool (100%) or add provisioned cards."
        )
    } else if spill_slo >= 1.0 {
        format!("{head}: past the 150 ms SLO; the wait grows as ρ/(1−ρ) with the utilization ρ. Add provisioned cards.")
    } else {
        let restore = if m.cp_up < inp.c_p && m.spill_restore > inp.spill {
            format!(
                " (spilling {} restores the pre-incident utilization, {})",
                pct(m.spill_restore),
                pct(m.rho_p_before)
            )
        } else {
            String::new()
        };
        format!(
            "{head}: past the 150 ms SLO, because the wait grows as ρ/(1−ρ) with the utilization ρ. Spill paid into the shared pool, where it overtakes free: spilling {} or more keeps the provisioned pool at or under {} utilization{restore}.",
            pct((spill_slo * 100.0).ceil() / 100.0),
            pct(rho_slo)
        )
    }
}

const SHARED_CAP: CheckSpec = CheckSpec {
    id: "shared_cap",
    label: "Shared pool under its cap",
    rule: "shared-pool utilization ≤ 85 %",
    cmp: Cmp::AtMost,
};

/// The shared pool runs at most at [`UTIL_CAP`].
fn shared_cap(inp: &Input, m: &Solved) -> Verdict {
    let paid_alone_over = m.rho_ps > UTIL_CAP;
    SHARED_CAP.verdict(
        m.rho_s,
        UTIL_CAP,
        Unit::Share,
        Some(if paid_alone_over {
            "spill_share"
        } else {
            "admit_share"
        }),
        |pass| {
            let head = format!(
                "The shared pool runs at {} on {} ({} free and {} paid against {} of service)",
                pct(m.rho_s),
                units::counted(m.cs_up as f64, "cards"),
                rps(m.free_adm),
                rps(m.paid_shared),
                rps(m.cs_up as f64 * m.mu)
            );
            if pass {
                format!("{head}: at or under the 85 % cap.")
            } else if paid_alone_over {
                format!(
                    "{head}: over the 85 % cap, and the spilled paid alone fill {}. Spill less paid (Paid spilled to the shared pool) or rent burst cards.",
                    pct(m.rho_ps)
                )
            } else {
                shared_cap_missed_by_free(inp, m, &head)
            }
        },
    )
}

/// Free fills the shared pool past its cap: how much to admit, or to rent.
fn shared_cap_missed_by_free(inp: &Input, m: &Solved, head: &str) -> String {
    let jam = if m.rho_s >= 1.0 {
        ", and past 100 % it jams: the free queue grows without bound"
    } else {
        ""
    };
    // The admit share is of the current free demand on the seed card, of the
    // normal day's closer to production (a constant refill).
    let per = if inp.production {
        inp.base_free
    } else {
        inp.free
    };
    let admit = if per > 0.0 {
        (m.room.floor() / per).min(1.0)
    } else {
        0.0
    };
    format!(
        "{head}: over the 85 % cap{jam}. Admit at most {} free (a bucket admit share of {} or less, or shed free to the cap), or rent {} burst cards for the current admit share.",
        rps(m.room.floor()),
        pct((admit * 1000.0).floor() / 1000.0),
        units::number(m.burst_needed)
    )
}

const FREE_SHED: CheckSpec = CheckSpec {
    id: "free_shed",
    label: "At most half the free tier refused",
    rule: "free arrivals refused at the gateway ≤ 50 %",
    cmp: Cmp::AtMost,
};

/// The gateway refuses at most [`SHED_LIMIT`] of free arrivals.
fn free_shed(inp: &Input, m: &Solved) -> Verdict {
    // The burst cards that carry half the free demand under the cap.
    let half_load = m.paid_shared + SHED_LIMIT * inp.free;
    let burst_half = burst_cards_to_rent(half_load, UTIL_CAP, m.mu, m.cs_own);
    if inp.production {
        return free_shed_constant_refill(inp, m, burst_half);
    }
    FREE_SHED.verdict(
        m.shed_share,
        SHED_LIMIT,
        Unit::Share,
        Some(if inp.shed_to_cap || burst_half > inp.burst as f64 {
            "burst_cards"
        } else {
            "admit_share"
        }),
        |pass| {
            let head = format!(
                "The gateway refuses {} of free arrivals ({} of {}) with an instant 429",
                pct(m.shed_share),
                rps(m.shed),
                rps(inp.free)
            );
            if pass {
                format!("{head}: within the 50 % limit.")
            } else if burst_half > inp.burst as f64 {
                format!(
                    "{head}: more than the 50 % limit. Rent burst cards: {} of them carry half the free demand under the 85 % cap, then admit 50 % or more.",
                    units::number(burst_half)
                )
            } else {
                format!(
                    "{head}: more than the 50 % limit, though the pool has room. Raise the admit share to 50 % or more."
                )
            }
        },
    )
}

/// Closer to production the bucket refills at a constant rate (the admit
/// share of the normal day's free arrivals, or the room under the cap when
/// shedding to it): refusing at most half takes a refill of half the demand.
fn free_shed_constant_refill(inp: &Input, m: &Solved, burst_half: f64) -> Verdict {
    let need = SHED_LIMIT * inp.free;
    let admit_need = if inp.base_free > 0.0 {
        need / inp.base_free
    } else {
        f64::INFINITY
    };
    let short_of_room = burst_half > inp.burst as f64;
    let lever = if short_of_room {
        "burst_cards"
    } else if inp.shed_to_cap || admit_need > 1.0 {
        "shed_to_cap"
    } else {
        "admit_share"
    };
    FREE_SHED.verdict(m.shed_share, SHED_LIMIT, Unit::Share, Some(lever), |pass| {
        let head = format!(
            "The gateway refuses {} of free arrivals ({} of {}) with an instant 429; its bucket refills a constant {}",
            pct(m.shed_share),
            rps(m.shed),
            rps(inp.free),
            rps(m.refill)
        );
        let refill = if inp.shed_to_cap {
            "shedding to the cap, the bucket then refills the room under it".to_string()
        } else if admit_need <= 1.0 {
            format!(
                "raise the refill to {}: an admit share of {} or more (of the normal day's {} free, whatever the demand)",
                rps(need),
                pct((admit_need * 1000.0).ceil() / 1000.0),
                rps(inp.base_free)
            )
        } else {
            format!(
                "the bucket must refill {}, more than any admit share can give (a share of the normal day's {}): shed free to the cap instead, which refills whatever room the pool has",
                rps(need),
                rps(inp.base_free)
            )
        };
        if pass {
            format!("{head}: within the 50 % limit.")
        } else if short_of_room {
            format!(
                "{head}: more than the 50 % limit. Rent burst cards: {} of them carry half the free demand under the 85 % cap; then {refill}.",
                units::number(burst_half)
            )
        } else {
            format!("{head}: more than the 50 % limit, though the pool has room. To refuse at most half, {refill}.")
        }
    })
}

pub(super) static CHECKS: [CheckSpec; 3] = [PAID_SLO, SHARED_CAP, FREE_SHED];

/// Every check's verdict, in the order of [`CHECKS`].
pub(super) fn checks(inp: &Input, m: &Solved, out: &mut Outcome) {
    out.checks.push(paid_slo(inp, m));
    out.checks.push(shared_cap(inp, m));
    out.checks.push(free_shed(inp, m));
}
