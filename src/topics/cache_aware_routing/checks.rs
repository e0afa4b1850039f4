//! The simulator's three checks, each beside the function that judges it.

use super::params::{Input, AFFINITY_FLOOR};
use crate::engine::routing::{headroom_verdict, Evaluation, Policy, Scenario, HEADROOM};
use crate::model::units::pct;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const AFFINITY: CheckSpec = CheckSpec {
    id: "affinity",
    label: "Arrivals meet their home card",
    rule: "share of arrivals routed to a card that homes their opening ≥ 90%",
    cmp: Cmp::AtLeast,
};

fn affinity(inp: &Input, ev: &Evaluation) -> Verdict {
    let policy = inp.policy;
    AFFINITY.verdict(
        ev.affinity,
        AFFINITY_FLOOR,
        Unit::Share,
        Some("policy"),
        |pass| {
            match (pass, policy) {
            (true, _) => format!(
                "{} of arrivals land on the card that homes their opening ({}), at least the 90% floor.",
                pct(ev.affinity),
                policy.label()
            ),
            (false, Policy::RoundRobin) => format!(
                "Round-robin meets the home card one time in {}: only {} of arrivals land where their opening lives, under the 90% floor. Set the policy to hash.",
                inp.cards,
                pct(ev.affinity)
            ),
            (false, Policy::HashOverflow) => format!(
                "The overflow holds the hot card at 60% by spilling {} req/s to cards without the copy, so only {} of arrivals reach their home, under the 90% floor. Shard the hot family across two cards instead (Routing policy).",
                crate::model::units::number(ev.spilled),
                pct(ev.affinity)
            ),
            (false, _) => format!(
                "Only {} of arrivals reach their home card, under the 90% floor. Change the policy.",
                pct(ev.affinity)
            ),
        }
        },
    )
}

const SCRATCH: CheckSpec = CheckSpec {
    id: "scratch",
    label: "No silent eviction",
    rule:
        "every card holds all the copies homed on it: the most homes on one card ≤ the copies its scratch holds",
    cmp: Cmp::AtMost,
};

fn scratch(inp: &Input, s: &Scenario, ev: &Evaluation) -> Verdict {
    let worst = ev.max_homes();
    let held = s.held;
    SCRATCH.verdict(
        worst as f64,
        held as f64,
        Unit::Count("copies"),
        Some("scratch_gb"),
        |pass| {
            if pass {
                format!(
                    "The fullest card is asked for {worst} copies and {} of scratch holds {held} of {}: nothing is evicted.",
                    Unit::Gb.format(inp.scratch_gb),
                    Unit::Mb.format(inp.copy_mb())
                )
            } else {
                let need = worst as f64 * inp.copy_mb() / 1000.0;
                format!(
                    "The fullest card is asked for {worst} copies but {} holds only {held} of {}: {} copies are silently evicted across the fleet and their arrivals re-prefill. Raise the scratch to at least {} (or add cards).",
                    Unit::Gb.format(inp.scratch_gb),
                    Unit::Mb.format(inp.copy_mb()),
                    ev.evicted(),
                    Unit::Gb.format((need * 100.0).ceil() / 100.0)
                )
            }
        },
    )
}

const HEADROOM_CHECK: CheckSpec = CheckSpec {
    id: "headroom",
    label: "Busiest card keeps decode headroom",
    rule: "busiest card's decode utilization ≤ 60%",
    cmp: Cmp::AtMost,
};

fn headroom(inp: &Input, ev: &Evaluation) -> Verdict {
    let policy = inp.policy;
    let (b, busiest) = ev.busiest();
    let util = busiest / inp.capacity;
    let average = inp.arrivals / (inp.cards as f64 * inp.capacity);
    let lever =
        if average > HEADROOM || policy == Policy::RoundRobin || policy == Policy::HashOverflow {
            "cards"
        } else {
            "policy"
        };
    headroom_verdict(&HEADROOM_CHECK, util, lever, |pass| {
        let head = format!(
            "Card {b} carries {} req/s, {} of its {} req/s decode capacity",
            crate::model::units::number(busiest),
            pct(util),
            crate::model::units::number(inp.capacity)
        );
        if pass {
            format!(
                "{head}: within the 60% headroom (fleet average {}).",
                pct(average)
            )
        } else if lever == "cards" {
            format!(
                "{head}, over the 60% headroom with the fleet averaging {}: add cards.",
                pct(average)
            )
        } else if policy == Policy::HashShard2 {
            format!(
                "{head}, over the 60% headroom while the fleet averages {}: even half of the hot family is too much for one card. Choose the routing policy that overflows at the cap (or lower the hot share).",
                pct(average)
            )
        } else {
            format!(
                "{head}, over the 60% headroom while the fleet averages {}: the hash piles the hot family on one card. Choose the routing policy that shards the hot family across two cards (or the one that overflows at the cap).",
                pct(average)
            )
        }
    })
}

pub(super) static CHECKS: [CheckSpec; 3] = [AFFINITY, SCRATCH, HEADROOM_CHECK];

pub(super) fn checks(inp: &Input, s: &Scenario, ev: &Evaluation, out: &mut Outcome) {
    out.checks.push(affinity(inp, ev));
    out.checks.push(scratch(inp, s, ev));
    out.checks.push(headroom(inp, ev));
}
