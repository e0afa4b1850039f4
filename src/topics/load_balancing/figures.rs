//! The explorer's figures: the seed's shares under every hash layout, then
//! this balancer's busiest card, locality and the copies it would need.

use super::model::{
    busiest, fleet_average, fleet_copies_needed, hash_busiest_card_share, hash_card_fleet_points,
    hot_copies_needed, round_robin_share_per_card,
};
use super::params::Input;
use super::sim::Closer;
use crate::engine::preamble::{
    copies_per_card, copy_mb, KV_KB_PER_TOKEN, PREAMBLE_TOKENS, SCRATCH_GB,
};
use crate::engine::routing::{self, Evaluation};
use crate::model::{FigureRow, Outcome, Unit};

pub(super) fn figures(inp: &Input, ev: &Evaluation, closer: Option<&Closer>, out: &mut Outcome) {
    out.add_figures(shares(inp).into_iter().chain(balancer(inp, ev, closer)));
    // Closer to production only: the busiest card's load over time (the
    // seed card's fluid model has none but its average).
    if let Some(c) = closer {
        out.figure(
            "busiest_card_p95_util",
            "Busiest card's decode load, 95th percentile of time",
            c.peak,
            Unit::Share,
        );
    }
}

/// The seed's shares of the family, whatever the balancer.
#[rustfmt::skip]
fn shares(inp: &Input) -> [FigureRow; 5] {
    let (n, h, w) = (inp.n, inp.h, inp.w);
    [
        ("round_robin_share_per_card", "Round-robin: each card's share of the family", round_robin_share_per_card(n), Unit::Share),
        ("hash_busiest_card_share", "Hash: busiest card's share of the family", hash_busiest_card_share(n, h), Unit::Share),
        ("hash_card_fleet_points", "Hash card's points of fleet load", hash_card_fleet_points(n, h, w), Unit::Points),
        ("shard2_busiest_card_share", "Sharded: busiest card's share of the family", routing::hash_busiest_share(n, h, true), Unit::Share),
        ("shard2_card_fleet_points", "Sharded card's points of fleet load", routing::hash_card_fleet_points(n, h, w, true), Unit::Points),
    ]
}

/// This balancer's busiest card, locality and copies.
#[rustfmt::skip]
fn balancer(inp: &Input, ev: &Evaluation, closer: Option<&Closer>) -> [FigureRow; 11] {
    let (_, util, share) = busiest(inp, ev);
    let locality = closer.map_or(ev.hit, |c| c.locality);
    // What overflow sends off its home misses on the seed card; closer to
    // production the cards it reaches keep the copy after its first prefill.
    let spilled = if closer.is_some() { "Overflow (sent off its home)" } else { "Overflow (misses)" };
    let copy = copy_mb(PREAMBLE_TOKENS, KV_KB_PER_TOKEN);
    let hot = hot_copies_needed(inp, ev);
    let copies = Unit::Count("copies");
    let fleet_copies = fleet_copies_needed(ev, inp.balancer.policy()) as f64;
    let per_card = copies_per_card(SCRATCH_GB, PREAMBLE_TOKENS, KV_KB_PER_TOKEN) as f64;
    [
        ("busiest_card_share", "Busiest card's share of the family (this balancer)", share, Unit::Share),
        ("busiest_card_fleet_points", "Busiest card's points of fleet load (this balancer)", 100.0 * inp.w * share, Unit::Points),
        ("busiest_card_util", "Busiest card's decode utilization", util, Unit::Share),
        ("fleet_average_util", "Fleet average utilization", fleet_average(inp), Unit::Share),
        ("other_traffic_per_card", "Rest of the fleet's traffic per card", inp.background(), Unit::Share),
        ("locality", "Locality (meets a resident copy)", locality, Unit::Share),
        ("spilled_share", spilled, closer.map_or(ev.spilled / inp.load, |c| c.spilled), Unit::Share),
        ("copies_needed", "Hot member's preamble copies needed", hot as f64, copies),
        ("copies_needed_mb", "Hot member's copies, memory", hot as f64 * copy, Unit::Mb),
        ("fleet_copies_needed", "Copies for the whole family to hit", fleet_copies, copies),
        ("copies_per_card", "Copies 8 GB holds", per_card, copies),
    ]
}

/// The figures the page shows first, three so they sit in one row on a
/// phone: the busiest card, locality and what the balancer spills; the
/// rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["busiest_card_util", "locality", "spilled_share"];
/// Closer to production the headroom check judges the busiest card's load
/// at the 95th percentile of time: the key figure is it.
pub const KEY_FIGURES_PRODUCTION: &[&str] = &["busiest_card_p95_util", "locality", "spilled_share"];
