//! The explorer's two checks, each beside the function that judges it.

use super::model::{busiest, fleet_average};
use super::params::{Balancer, Input, LOCALITY_FLOOR};
use crate::engine::routing::{headroom_verdict, Evaluation, Policy, HEADROOM};
use crate::model::units::pct;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const BUSIEST: CheckSpec = CheckSpec {
    id: "busiest",
    label: "Busiest card keeps headroom",
    rule: "busiest card ≤ 60% of its decode capacity (the family's part plus the rest of the fleet's traffic)",
    cmp: Cmp::AtMost,
};

fn busiest_card(inp: &Input, ev: &Evaluation) -> Verdict {
    let (b, util, share) = busiest(inp, ev);
    let bg = inp.background();
    let lever = match inp.balancer {
        Balancer::Hash | Balancer::HashShard2 => "policy",
        Balancer::HashOverflow if inp.cap > HEADROOM && bg < HEADROOM => "cap",
        _ => "cards",
    };
    headroom_verdict(&BUSIEST, util, lever, |pass| {
        let head = format!(
                "Card {b} carries {} of the family ({} of a card) plus {} of other traffic: {} of its decode capacity",
                pct(share),
                pct(share * inp.load),
                pct(bg),
                pct(util)
            );
        if pass {
            format!("{head}, within the 60% headroom.")
        } else {
            match lever {
                    "policy" => format!(
                        "{head}, over the 60% headroom: the hash concentrates the hot member on its card. Choose a Balancer that shards the hot member across two cards, or one that overflows at the cap."
                    ),
                    "cap" => format!(
                        "{head}, over the 60% headroom because the overflow cap is {}. Lower the cap to 60%.",
                        pct(inp.cap)
                    ),
                    _ => format!(
                        "{head}, over the 60% headroom: the fleet itself averages {}. Add cards.",
                        pct(fleet_average(inp))
                    ),
                }
        }
    })
}

const LOCALITY: CheckSpec = CheckSpec {
    id: "locality",
    label: "The family meets its cache",
    rule: "share of the family's arrivals that meet a resident preamble copy ≥ 90%",
    cmp: Cmp::AtLeast,
};

fn locality(inp: &Input, ev: &Evaluation) -> Verdict {
    LOCALITY.verdict(
        ev.hit,
        LOCALITY_FLOOR,
        Unit::Share,
        Some("policy"),
        |pass| {
            if pass {
                format!(
                    "{} of the family's arrivals meet a resident preamble copy under “{}”, at least the 90% floor.",
                    pct(ev.hit),
                    inp.balancer.label()
                )
            } else if inp.balancer.policy() == Policy::RoundRobin {
                format!(
                    "“{}” spreads the family over all {} cards, so an arrival meets its resident copy one time in {}: {} locality, under the 90% floor. Choose a Balancer that hashes the family.",
                    inp.balancer.label(),
                    inp.n,
                    inp.n,
                    pct(ev.hit)
                )
            } else {
                format!(
                    "The overflow holds the sticky card at the cap by sending {} of the family to cards without its copy: {} locality, under the 90% floor. Shard the hot member across two cards instead (Balancer).",
                    pct(ev.spilled / inp.load),
                    pct(ev.hit)
                )
            }
        },
    )
}

pub(super) static CHECKS: [CheckSpec; 2] = [BUSIEST, LOCALITY];

pub(super) fn checks(inp: &Input, ev: &Evaluation, out: &mut Outcome) {
    out.checks.push(busiest_card(inp, ev));
    out.checks.push(locality(inp, ev));
}
