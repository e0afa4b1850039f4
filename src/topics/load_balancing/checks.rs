//! The explorer's two checks, each beside the function that judges it.

use super::model::{busiest, fleet_average};
use super::model_cache::copies_held;
use super::params::{Balancer, Input, LOCALITY_FLOOR};
use super::sim::{Closer, COST_SIGMA};
use crate::engine::routing::{headroom_verdict, Evaluation, Policy, HEADROOM};
use crate::model::units::pct;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const BUSIEST: CheckSpec = CheckSpec {
    id: "busiest",
    label: "Busiest card keeps headroom",
    rule: "busiest card ≤ 60% of its decode capacity (the family's part plus the rest of the fleet's traffic): its average under the seed card's model, its load at the 95th percentile of time closer to production",
    cmp: Cmp::AtMost,
};

fn busiest_card(inp: &Input, ev: &Evaluation, closer: Option<&Closer>) -> Verdict {
    if let Some(c) = closer {
        return busiest_over_time(inp, ev, c);
    }
    let (b, util, share) = busiest(inp, ev);
    let bg = inp.background();
    let lever = busiest_lever(inp);
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

/// The lever of the busiest check: the balancer for a hash, the cap for an
/// overflow set above the headroom, else cards.
fn busiest_lever(inp: &Input) -> &'static str {
    match inp.balancer {
        Balancer::Hash | Balancer::HashShard2 => "policy",
        Balancer::HashOverflow if inp.cap > HEADROOM && inp.background() < HEADROOM => "cap",
        _ => "cards",
    }
}

/// Closer to production: the busiest card's load at the 95th percentile of
/// time, requests holding a card for heavy-tailed times.
fn busiest_over_time(inp: &Input, ev: &Evaluation, c: &Closer) -> Verdict {
    let (b, util, _) = busiest(inp, ev);
    let lever = if inp.balancer == Balancer::RoundRobin {
        "policy"
    } else {
        busiest_lever(inp)
    };
    headroom_verdict(&BUSIEST, c.peak, lever, |pass| {
        let average = if inp.balancer == Balancer::HashOverflow {
            String::new()
        } else {
            format!(" (card {b} averages {})", pct(util))
        };
        let head = format!(
            "At the 95th percentile of time the busiest card runs at {} of its decode capacity{average}: requests hold a card as long as their output runs, lognormal with σ = {}, so a card's load rises with the long ones it draws",
            pct(c.peak),
            crate::model::units::number(COST_SIGMA)
        );
        if pass {
            format!("{head}; within the 60% headroom.")
        } else {
            match lever {
                "policy" if inp.balancer == Balancer::RoundRobin => format!("{head}; over the 60% headroom: round-robin deals requests in turn whatever each card still holds. Choose least-loaded (the card with the fewest requests in flight)."),
                "policy" => format!("{head}; over the 60% headroom: the hash concentrates the hot member on its card. Choose a Balancer that shards the hot member across two cards, or one that overflows at the cap."),
                "cap" => format!("{head}; over the 60% headroom because the overflow cap is {}. Lower the cap to 60%.", pct(inp.cap)),
                _ => format!("{head}; over the 60% headroom: the fleet itself averages {}. Add cards.", pct(fleet_average(inp))),
            }
        }
    })
}

const LOCALITY: CheckSpec = CheckSpec {
    id: "locality",
    label: "The family meets its cache",
    rule: "share of the family's arrivals that meet a resident preamble copy ≥ 90%: only home cards keep copies under the seed card's model, every card keeps what it prefilled until LRU evicts it closer to production",
    cmp: Cmp::AtLeast,
};

fn locality(inp: &Input, ev: &Evaluation, closer: Option<&Closer>) -> Verdict {
    if let Some(c) = closer {
        return locality_lru(inp, c);
    }
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

/// Closer to production: every card keeps the preambles it prefilled until
/// LRU evicts them.
fn locality_lru(inp: &Input, c: &Closer) -> Verdict {
    let held = copies_held();
    LOCALITY.verdict(c.locality, LOCALITY_FLOOR, Unit::Share, Some("policy"), |pass| {
        let dealt = inp.balancer.policy() == Policy::RoundRobin;
        let head = if dealt {
            if inp.n <= held {
                format!("“{}” brings all {} of the family's members to every card, and each card keeps the {held} copies its scratch holds: once prefilled, every arrival meets its copy", inp.balancer.label(), inp.n)
            } else {
                format!("“{}” brings all {} of the family's members to every card, more than the {held} copies its scratch holds: the least recently used are evicted, and a member asked less often is prefilled again", inp.balancer.label(), inp.n)
            }
        } else if c.spilled > 0.0 {
            format!("Overflow sends {} of the family to cards under the cap, and each keeps the copies it prefilled", pct(c.spilled))
        } else {
            format!("Under “{}” each card is asked for its own members only, fewer than the {held} copies it holds", inp.balancer.label())
        };
        if pass {
            format!("{head}: {} locality, at least the 90% floor.", pct(c.locality))
        } else {
            format!("{head}: {} locality, under the 90% floor. Choose a Balancer that hashes the family (or fewer cards).", pct(c.locality))
        }
    })
}

pub(super) static CHECKS: [CheckSpec; 2] = [BUSIEST, LOCALITY];

pub(super) fn checks(inp: &Input, ev: &Evaluation, closer: Option<&Closer>, out: &mut Outcome) {
    out.checks.push(busiest_card(inp, ev, closer));
    out.checks.push(locality(inp, ev, closer));
}
