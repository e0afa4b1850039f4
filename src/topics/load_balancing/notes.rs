//! The explorer's notes: why the seed's layout is n − 1 other members, and
//! how shares became utilization here.

use super::model::{fleet_average, hash_busiest_card_share};
use super::params::Input;
use super::sim::{peak_load, Dispatch, COST_SIGMA, STREAMS_PER_CARD};
use crate::engine::routing::Evaluation;
use crate::model::{Note, Outcome, Unit};

pub(super) fn notes(inp: &Input, out: &mut Outcome) {
    let spread = inp.h + (1.0 - inp.h) / inp.n as f64;
    out.notes.push(Note::Info(format!(
        "The hot member shares its hash card with one of the family's other {} members, which gives the seed card's {}: the hot member's {} plus one member's even slice of the remaining {}. Spreading that remaining {} over all {} cards instead would give {} ({} points of fleet load); only the first layout reproduces the seed card's figure.",
        inp.n - 1,
        Unit::Share.format(hash_busiest_card_share(inp.n, inp.h)),
        Unit::Share.format(inp.h),
        Unit::Share.format(1.0 - inp.h),
        Unit::Share.format(1.0 - inp.h),
        inp.n,
        Unit::Share.format(spread),
        crate::model::units::trim(&crate::model::units::fixed(100.0 * inp.w * spread, 3))
    )));
    out.notes.push(Note::Info(format!(
        "Utilization: the family's arrivals are {}× one card's decode capacity and {} of fleet traffic, so the rest adds {} to every card and the fleet averages {}.",
        crate::model::units::number(inp.load),
        Unit::Share.format(inp.w),
        Unit::Share.format(inp.background()),
        Unit::Share.format(fleet_average(inp))
    )));
}

/// Closer to production: how four ways of dealing requests out keep the
/// busiest card, requests holding a card for heavy-tailed times.
pub(super) fn production_notes(inp: &Input, ev: &Evaluation, out: &mut Outcome) {
    let at = |d: Dispatch| Unit::Share.format(peak_load(inp, ev, d));
    out.notes.push(Note::Info(format!(
        "Closer to production a request holds its card as long as its output runs, lognormal with σ = {} (a thousand-fold between the 1st and 99th percentiles), and a card decodes up to {} requests at once. Dealt over the {} cards, the family leaves the busiest card at the 95th percentile of time at: {} at random, {} by round-robin, {} by the better of two random cards, {} by the fewest requests in flight (least-loaded). All four average {}.",
        crate::model::units::number(COST_SIGMA),
        crate::model::units::number(STREAMS_PER_CARD),
        inp.n,
        at(Dispatch::Random),
        at(Dispatch::RoundRobin),
        at(Dispatch::TwoChoices),
        at(Dispatch::LeastOutstanding),
        Unit::Share.format(fleet_average(inp)),
    )));
}
