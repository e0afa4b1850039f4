//! The simulator's three checks, each beside the function that judges it.

use super::model::{card_misses, fleet_average};
use super::params::{Input, AFFINITY_FLOOR, PREFILL_TOK_S};
use crate::engine::routing::{headroom_verdict, Evaluation, Policy, Scenario, HEADROOM};
use crate::model::units::pct;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const AFFINITY: CheckSpec = CheckSpec {
    id: "affinity",
    label: "Arrivals meet their opening cached",
    rule: "share of arrivals that meet their opening cached ≥ 90% (routed to its home card on the seed card's model; found in the card's LRU scratch closer to production)",
    cmp: Cmp::AtLeast,
};

fn affinity(inp: &Input, ev: &Evaluation) -> Verdict {
    if inp.production {
        return cached(inp, ev);
    }
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
            (false, Policy::RoundRobin) if inp.production => format!(
                "Round-robin meets the home card one time in {}: only {} of arrivals land on the card that homes their opening, under the 90% floor. Closer to production each card keeps the openings it prefills, so round-robin asks every card for every family's opening ({} copies a card, {} copies of each), and with {} slots a card it hits {} of arrivals here. Set the policy to hash.",
                inp.cards,
                pct(ev.affinity),
                ev.max_homes(),
                inp.cards,
                inp.held(),
                pct(ev.hit)
            ),
            (false, Policy::RoundRobin) => format!(
                "Round-robin meets the home card one time in {}: only {} of arrivals land where their opening lives, under the 90% floor. Set the policy to hash.",
                inp.cards,
                pct(ev.affinity)
            ),
            (false, Policy::HashOverflow) if inp.production => format!(
                "The overflow holds the hot card at 60% by spilling {} req/s to other cards, so only {} of arrivals reach their home, under the 90% floor. Closer to production the cards it spills to prefill those openings and keep copies of their own (hit share {}): the price is duplicate copies and their first prefills. Shard the hot family across two cards instead (Routing policy).",
                crate::model::units::number(ev.spilled),
                pct(ev.affinity),
                pct(ev.hit)
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

/// Closer to production a card's LRU scratch keeps what it prefills, so
/// the check judges what arrivals find cached, wherever they are sent.
fn cached(inp: &Input, ev: &Evaluation) -> Verdict {
    AFFINITY.verdict(ev.hit, AFFINITY_FLOOR, Unit::Share, Some("policy"), |pass| {
        match (pass, inp.policy) {
            (true, Policy::RoundRobin) => format!(
                "{} of arrivals find their opening in the card's scratch: round-robin asks every card for every family's opening ({} a card) and {} slots hold them, {} copies of each where a hash keeps one; at least the 90% floor.",
                pct(ev.hit),
                ev.max_homes(),
                inp.held(),
                inp.cards
            ),
            (true, _) => format!(
                "{} of arrivals find their opening in the card's scratch ({}), at least the 90% floor.",
                pct(ev.hit),
                inp.policy.label()
            ),
            (false, Policy::RoundRobin) => format!(
                "Round-robin asks every card for every family's opening ({} a card), more than its {} slots hold: the least recently used are evicted and only {} of arrivals find theirs cached, under the 90% floor. Hash each family to a home card (Routing policy), or give each card room for every opening.",
                ev.max_homes(),
                inp.held(),
                pct(ev.hit)
            ),
            (false, _) => format!(
                "Only {} of arrivals find their opening cached ({}), under the 90% floor. Change the policy, or give each card more scratch.",
                pct(ev.hit),
                inp.policy.label()
            ),
        }
    })
}

const SCRATCH: CheckSpec = CheckSpec {
    id: "scratch",
    label: "No silent eviction",
    rule:
        "every card holds all the copies it is asked for: the most on one card ≤ the copies its scratch holds (asked for: the openings homed on it under the seed card's model; every opening routed to it closer to production)",
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
            if inp.production {
                scratch_lru(inp, ev, pass)
            } else if pass {
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

/// The scratch verdict's words closer to production: an LRU cache keeps
/// what it is sent while it fits.
fn scratch_lru(inp: &Input, ev: &Evaluation, pass: bool) -> String {
    let worst = ev.max_homes();
    let held = inp.held();
    let head = format!(
        "The fullest card is sent {worst} different openings and {} holds {held} of {}",
        Unit::Gb.format(inp.scratch_gb),
        Unit::Mb.format(inp.copy_mb())
    );
    if pass {
        return format!("{head}: its LRU prefix cache keeps them all.");
    }
    let need = worst as f64 * inp.copy_mb() / 1000.0;
    format!(
        "{head}: its LRU prefix cache keeps the most recently used and evicts one each time another arrives, so {} of arrivals re-prefill. Raise the scratch to at least {} ({}).",
        pct(1.0 - ev.hit),
        Unit::Gb.format((need * 100.0).ceil() / 100.0),
        if inp.policy == Policy::RoundRobin {
            "or hash the prefix family, so each card is sent only its homes"
        } else {
            "or add cards"
        }
    )
}

const HEADROOM_CHECK: CheckSpec = CheckSpec {
    id: "headroom",
    label: "Busiest card keeps decode headroom",
    rule: "busiest card's utilization ≤ 60%: its decode under the seed card's model, its decode and re-prefills closer to production",
    cmp: Cmp::AtMost,
};

fn headroom(inp: &Input, s: &Scenario, ev: &Evaluation) -> Verdict {
    let policy = inp.policy;
    let (b, busiest) = ev.busiest();
    let util = busiest / inp.capacity;
    let average = fleet_average(inp, ev);
    // Closer to production round-robin's re-prefills can be what takes a
    // card over: hashing takes them off.
    let prefill_over = inp.production
        && policy == Policy::RoundRobin
        && ev.family_load(b) / inp.capacity <= HEADROOM;
    let lever = if prefill_over {
        "policy"
    } else if average > HEADROOM || policy == Policy::RoundRobin || policy == Policy::HashOverflow {
        "cards"
    } else {
        "policy"
    };
    headroom_verdict(&HEADROOM_CHECK, util, lever, |pass| {
        let misses = card_misses(inp, s, ev, b);
        let head = if inp.production && misses > 1e-9 {
            format!(
                "Card {b} takes {} req/s and re-prefills {} of them, {} each at {}: decode and prefill fill {} of its time (decode capacity {} req/s)",
                crate::model::units::number(ev.family_load(b)),
                crate::model::units::number(misses),
                Unit::Tokens.format(inp.preamble_tokens),
                Unit::TokPerS.format(PREFILL_TOK_S),
                pct(util),
                crate::model::units::number(inp.capacity)
            )
        } else if inp.production {
            format!(
                "Card {b} takes {} req/s and re-prefills none of them: {} of its {} req/s decode capacity",
                crate::model::units::number(ev.family_load(b)),
                pct(util),
                crate::model::units::number(inp.capacity)
            )
        } else {
            format!(
                "Card {b} carries {} req/s, {} of its {} req/s decode capacity",
                crate::model::units::number(busiest),
                pct(util),
                crate::model::units::number(inp.capacity)
            )
        };
        if pass {
            format!(
                "{head}: within the 60% headroom (fleet average {}).",
                pct(average)
            )
        } else if prefill_over {
            format!(
                "{head}, over the 60% headroom where its decode alone is {}: hash the prefix family, so arrivals meet their copies and skip the prefill (or add cards).",
                pct(ev.family_load(b) / inp.capacity)
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
    out.checks.push(headroom(inp, s, ev));
}
