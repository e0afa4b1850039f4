//! The checks, each declared beside the verdict it computes: a resize should
//! move at most twice the least possible share, and no card should hold more
//! than 1.25 × the average (judged once cards hold 20 families or more on
//! average: below that, chance alone makes hot spots).

use super::model::ideal_moved_share;
use super::params::{Input, Scheme};
use super::sim::Resize;
use crate::model::units;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const MOVED: CheckSpec = CheckSpec {
    id: "moved",
    label: "Resize moves little",
    rule: "moved share ≤ 2 × the least possible: the cards added or removed ÷ the larger fleet",
    cmp: Cmp::AtMost,
};

fn moved(inp: &Input, r: &Resize) -> Verdict {
    let ideal = ideal_moved_share(inp.n0, inp.n1);
    let moved = r.moved as f64 / inp.families as f64;
    let scheme = inp.scheme.word();
    let resize = format!("{} → {} cards", inp.n0, inp.n1);
    MOVED.verdict(
        moved,
        2.0 * ideal,
        Unit::Share,
        Some(if inp.scheme == Scheme::Ring {
            "vnodes"
        } else {
            "scheme"
        }),
        |pass| {
            if pass {
                format!(
                    "{scheme} moved {} of families; a {resize} resize needs at least {}, and the check allows twice that.",
                    Unit::Share.format(moved),
                    Unit::Share.format(ideal)
                )
            } else if inp.scheme == Scheme::Modulo {
                format!(
                    "modulo moved {} of families where {resize} needs only {}: it redraws nearly every assignment. Switch the scheme to ring, jump or rendezvous.",
                    Unit::Share.format(moved),
                    Unit::Share.format(ideal)
                )
            } else {
                format!(
                    "{scheme} moved {}, more than twice the {} a {resize} resize needs. Raise the virtual nodes, or loosen the load bound.",
                    Unit::Share.format(moved),
                    Unit::Share.format(ideal)
                )
            }
        },
    )
}

/// Below this many families a card on average, chance alone piles a few
/// onto one card whatever the scheme: balance is not judged there.
const JUDGED_FROM: f64 = 20.0;

const BALANCE: CheckSpec = CheckSpec {
    id: "balance",
    label: "No card is a hot spot",
    rule: "busiest card's families ≤ 1.25 × the average, judged once cards hold 20 families or more on average",
    cmp: Cmp::AtMost,
};

fn balance(inp: &Input, r: &Resize) -> Verdict {
    let (busiest, avg) = (r.busiest, r.average);
    let ratio = busiest as f64 / avg;
    let head = format!(
        "The busiest card holds {} against an average of {}",
        Unit::Count("families").format(busiest as f64),
        units::number(avg)
    );
    if avg < JUDGED_FROM {
        // Not judged: the threshold is unbounded, so the verdict passes and
        // says why (the ratio shown as a plain number beside ∞).
        return BALANCE.verdict(
            ratio,
            f64::INFINITY,
            Unit::None,
            Some("families"),
            |_| {
                format!(
                    "Not judged here. {head}: with under {} families a card, chance alone puts a few on one card and leaves others empty, so a hot spot cannot be told from luck. Raise the families to judge balance.",
                    units::number(JUDGED_FROM)
                )
            },
        );
    }
    let lever = if inp.scheme == Scheme::Ring {
        "bound"
    } else {
        "families"
    };
    BALANCE.verdict(ratio, 1.25, Unit::Ratio, Some(lever), |pass| {
        if pass {
            format!("{head}: within 1.25× of even.")
        } else if inp.scheme == Scheme::Ring {
            format!(
                "{head}: the ring's arcs are uneven. Set a load bound (c = 1.2) or raise the virtual nodes."
            )
        } else {
            format!("{head}: raise the families, or use a ring with a load bound.")
        }
    })
}

pub static CHECKS: [CheckSpec; 2] = [MOVED, BALANCE];

pub(super) fn checks(inp: &Input, r: &Resize, out: &mut Outcome) {
    out.checks.push(moved(inp, r));
    out.checks.push(balance(inp, r));
}
