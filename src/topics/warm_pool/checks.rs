//! The warm pool's checks: p95 burst wait ≤ the target (10 s by default);
//! idle rent per year ≤ the budget ($30,000 by default, chosen between one
//! warm replica and two). Each check's spec sits beside its verdict.

use super::model::{idle_rent_per_year, Burst};
use super::params::Input;
use super::sim::BurstStats;
use crate::model::units::number;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const P95_WAIT: CheckSpec = CheckSpec {
    id: "p95_wait",
    label: "Burst arrivals barely wait",
    rule: "the wait 95 % of burst arrivals stay under (p95) ≤ the target (default 10 s)",
    cmp: Cmp::AtMost,
};

fn p95_wait(inp: &Input, b: &Burst, now: &BurstStats) -> Verdict {
    let k = inp.shape.need;
    let target = inp.target_s;
    P95_WAIT.verdict(
        now.p95_wait_s,
        target,
        Unit::Seconds,
        Some("warm"),
        |pass| {
            let head = format!(
                "With {} warm and the burst needing {}, 95 % of burst arrivals wait at most {} (mean {}, backlog up to {} requests)",
                inp.warm,
                crate::model::units::counted(k as f64, "replicas"),
                Unit::Seconds.format(now.p95_wait_s),
                Unit::Seconds.format(now.mean_wait_s),
                number(now.peak_backlog.round())
            );
            if pass {
                format!(
                    "{head}, within the {} target.",
                    Unit::Seconds.format(target)
                )
            } else {
                let late = match b.launches() {
                    [first, .., last] if inp.shape.spread => format!(
                        "between {} and {}",
                        Unit::Seconds.format(*first),
                        Unit::Seconds.format(*last)
                    ),
                    _ => Unit::Seconds.format(inp.shape.cold_start_s),
                };
                format!(
                    "{head}, over the {} target: the {} launched replicas arrive {late} late. Raise the warm replicas.",
                    Unit::Seconds.format(target),
                    k.saturating_sub(inp.warm),
                )
            }
        },
    )
}

const IDLE_RENT: CheckSpec = CheckSpec {
    id: "idle_rent",
    label: "Standby rent within budget",
    rule: "idle rent per year ≤ the budget (default $30,000)",
    cmp: Cmp::AtMost,
};

fn idle_rent(inp: &Input) -> Verdict {
    let rent = idle_rent_per_year(inp.warm, inp.price);
    IDLE_RENT.verdict(rent, inp.budget, Unit::UsdPerYear, Some("warm"), |pass| {
        let head = format!(
            "{} warm {} × {} × 24 h × 365 = {} of standby rent",
            inp.warm,
            if inp.warm == 1 { "replica" } else { "replicas" },
            Unit::UsdPerHour.format(inp.price),
            Unit::UsdPerYear.format(rent)
        );
        if pass {
            format!(
                "{head}, within the {} budget.",
                Unit::UsdPerYear.format(inp.budget)
            )
        } else {
            format!(
                "{head}, over the {} budget: lower the warm replicas (each costs {}).",
                Unit::UsdPerYear.format(inp.budget),
                Unit::UsdPerYear.format(idle_rent_per_year(1, inp.price))
            )
        }
    })
}

pub(super) static CHECKS: [CheckSpec; 2] = [P95_WAIT, IDLE_RENT];

pub(super) fn checks(inp: &Input, b: &Burst, now: &BurstStats, out: &mut Outcome) {
    out.checks.push(p95_wait(inp, b, now));
    out.checks.push(idle_rent(inp));
}
