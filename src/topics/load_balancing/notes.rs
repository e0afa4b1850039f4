//! The explorer's notes: why the seed's layout is n − 1 other members, and
//! how shares became utilization here.

use super::model::{fleet_average, hash_busiest_card_share};
use super::params::Input;
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
