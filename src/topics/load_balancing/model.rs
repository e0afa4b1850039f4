//! The explorer's arithmetic: shares of one family over `n` cards, and the
//! utilization they become. Every number comes from the engine's routing
//! evaluator ([`crate::engine::routing::evaluate`]); what is here reads it.
//!
//! Words: the seed calls the routed stream "the family" ("80.32 percent of the
//! family", "the family is 30 percent of all fleet traffic") and its hot part
//! the one that "owns 80 percent of all arrivals". The page says *the family*
//! for the stream (100 %) and *hot member* for its hot part: a hot member of
//! share `h` plus `n − 1` other members of `(1−h)/(n−1)` each. Member j is
//! homed on card j, the hot member on card 0 (cards 0 and 1 when sharded) — a
//! hash is blind to popularity, so it shares card 0 with one other member
//! (the routing model's convention). Shares of the family:
//!
//! ```text
//! round-robin / least-loaded   every card 1/n                 64 cards: 1.5625 %
//! hash          busiest = h + (1−h)/(n−1)                    = 80 + 20/63 = 80.3175 %
//! hash-shard2   busiest = h/2 + (1−h)/(n−1)                  = 40.3175 %  (+1 copy)
//! fleet points  = 100 · w · busiest   (w = family's share of fleet traffic) = 24.095
//! ```
//!
//! **How "busiest card ≤ 60 % of decode capacity" is judged.** Shares of the
//! family need a load to become utilization. The explorer states the family's
//! arrivals in cards of decode capacity, `A` (`family_load`, default 1: the
//! family alone would fill one card). The rest of the fleet's traffic is
//! `A·(1−w)/w` cards, spread evenly over the n cards as background
//! `b = A(1−w)/(w·n)`. Card i's decode utilization is `A·s_i + b`, where `s_i`
//! is its share of the family; the fleet average is `A/(w·n)`. At the worked
//! example (A = 1, w = 30 %, n = 64: b = 3.65 %, fleet average 5.2 %) the hash
//! card runs at 80.32 % + 3.65 % = 83.96 % (over 60 %), the sharded card at
//! 43.96 % and round-robin's at 5.2 %: the seed's story read as utilization.
//! Holding the family's load fixed (rather than the fleet's average
//! utilization) lets the seed's shares read directly as a card's utilization;
//! the fleet average it implies is shown beside them. Both readings agree on
//! the physics: `A = w·n·(fleet average)`, so a family worth 30 % of a
//! 64-card fleet overloads its hash card whenever the fleet averages more
//! than 3.7 % — the seed's reason the hot card needs overflow or sharding.
//!
//! `hash-overflow` keeps the sticky card at the `cap` (utilization, default
//! 60 %) and spreads the excess evenly over the cards under it, where it
//! misses. `least-loaded` equalizes load exactly as round-robin does in this
//! fluid model (they differ only in how fast they react to uneven service
//! times), so it shares round-robin's figures.
//!
//! Locality = share of the family's arrivals that meet a resident copy (only
//! home cards keep copies; 8 GB holds 20 copies of 384 MB, far more than the
//! one or two homes a card has here). Copies needed = preamble copies that
//! would let every arrival of the hot member meet one (n under round-robin,
//! 1 under hash, 2 sharded).

use super::params::Input;
use crate::engine::routing::{self, evaluate, Evaluation, Policy, Scenario};

/// C1 of the load-balancing templates: round-robin's share of the family per
/// card, `1/n` (64 cards: 1.5625 %), from the evaluator.
pub(super) fn round_robin_share_per_card(cards: usize) -> f64 {
    evaluate(&Scenario::family_level(cards, 0.8, Policy::RoundRobin))
        .busiest()
        .1
}

/// C2: the hash card's share of the family, `h + (1−h)/(n−1)` (80.3175 %).
pub(super) fn hash_busiest_card_share(cards: usize, hot_share: f64) -> f64 {
    routing::hash_busiest_share(cards, hot_share, false)
}

/// C3: the hash card's points of fleet load, `100·w·(h + (1−h)/(n−1))` (24.095).
pub(super) fn hash_card_fleet_points(cards: usize, hot_share: f64, family_share: f64) -> f64 {
    routing::hash_card_fleet_points(cards, hot_share, family_share, false)
}

/// The busiest card by utilization and its share of the family.
pub(super) fn busiest(inp: &Input, ev: &Evaluation) -> (usize, f64, f64) {
    let (b, util) = ev.busiest();
    (b, util, ev.family_load(b) / inp.load)
}

/// Copies of the hot member's preamble that every one of its arrivals would
/// meet: one on each card it reaches.
pub(super) fn hot_copies_needed(inp: &Input, ev: &Evaluation) -> usize {
    if inp.h <= 0.0 {
        return 0;
    }
    let reached = ev.hot_load.iter().filter(|&&l| l > 0.0).count();
    let spills = ev.keep.first().is_some_and(|&k| k < 1.0);
    reached + if spills { ev.spill_targets } else { 0 }
}

/// Copies of every member's preamble for every arrival to meet one.
pub(super) fn fleet_copies_needed(ev: &Evaluation, policy: Policy) -> usize {
    let homes = ev.copies_demanded();
    match policy {
        Policy::RoundRobin => homes * ev.homes.len(),
        _ => {
            homes
                + (0..ev.homes.len())
                    .filter(|&i| ev.keep[i] < 1.0)
                    .map(|i| ev.homes[i] * ev.spill_targets)
                    .sum::<usize>()
        }
    }
}

/// The fleet's average utilization, `A/(w·n)`.
pub(super) fn fleet_average(inp: &Input) -> f64 {
    inp.load / (inp.w * inp.n as f64)
}
