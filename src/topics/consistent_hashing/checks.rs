//! The checks, each declared beside the verdict it computes: a resize should
//! move at most twice the least possible share, and no card should hold more
//! than 1.25 × the average (judged once cards hold 20 families or more on
//! average: below that, chance alone makes hot spots).

use super::model::ideal_moved_share;
use super::params::{Input, Scheme};
use super::sim::Resize;
use super::sim_loss::Loss;
use crate::model::units;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const MOVED: CheckSpec = CheckSpec {
    id: "moved",
    label: "Resize moves near the minimum",
    rule: "moved share ≤ 2 × the least possible: the cards added or removed ÷ the larger fleet, for the resize; closer to production also for losing the middle card after it (least: the share of families that card held), judged as the worse multiple of its least",
    cmp: Cmp::AtMost,
};

fn moved(inp: &Input, r: &Resize, loss: Option<&Loss>) -> Verdict {
    // With one card after the resize there is none to lose: the resize
    // alone is judged.
    if let Some(l) = loss.filter(|_| inp.n1 > 1) {
        return moved_with_loss(inp, r, l);
    }
    let ideal = ideal_moved_share(inp.n0, inp.n1);
    let moved = r.moved as f64 / inp.families as f64;
    let scheme = inp.scheme.word();
    let resize = format!(
        "{} → {}",
        units::number(inp.n0 as f64),
        units::counted(inp.n1 as f64, "cards")
    );
    MOVED.verdict(
        moved,
        // Twice the least, but no share is over all of them: a shrink that
        // must move more than half (4 → 1 cards, 75 %) is held to 100 %,
        // not shown against "150%".
        (2.0 * ideal).min(1.0),
        Unit::Share,
        Some(if inp.scheme == Scheme::Ring {
            "vnodes"
        } else {
            "scheme"
        }),
        |pass| {
            if pass {
                let allows = if 2.0 * ideal > 1.0 {
                    "twice that is every family"
                } else {
                    "the check allows twice that"
                };
                format!(
                    "{scheme} moved {} of families; a {resize} resize needs at least {}, and {allows}.",
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

/// `moved` as a multiple of `least` (0 when nothing need move and nothing
/// did, unbounded when something did).
fn times(moved: f64, least: f64) -> f64 {
    if least > 0.0 {
        moved / least
    } else if moved > 0.0 {
        f64::INFINITY
    } else {
        0.0
    }
}

/// Closer to production: the resize, then the middle card lost; each event
/// against twice its own least, the worse multiple judged.
fn moved_with_loss(inp: &Input, r: &Resize, l: &Loss) -> Verdict {
    let f = inp.families as f64;
    let ideal = ideal_moved_share(inp.n0, inp.n1);
    let (grown, lost) = (r.moved as f64 / f, l.moved as f64 / f);
    let (a, b) = (times(grown, ideal), times(lost, l.least));
    let scheme = inp.scheme.word();
    let lever = if inp.scheme == Scheme::Ring {
        "vnodes"
    } else {
        "scheme"
    };
    let x = |v: f64| Unit::Ratio.format(v);
    let s = |v: f64| Unit::Share.format(v);
    // Against its least: "(1.06× the least, 50%)", or, where nothing need
    // move and something did, no multiple (it is unbounded).
    let against = |m: f64, v: f64, least: f64| {
        if least <= 0.0 && m > 0.0 {
            "where none need move: the card held no family".to_string()
        } else {
            format!("{} the least, {}", x(v), s(least))
        }
    };
    MOVED.verdict(a.max(b), 2.0, Unit::Ratio, Some(lever), |pass| {
        let head = format!(
            "{scheme}: the {} → {} resize moved {} of families ({}); losing card {} of {} after it moved {} ({})",
            units::number(inp.n0 as f64),
            units::number(inp.n1 as f64),
            s(grown),
            against(grown, a, ideal),
            l.lost,
            units::number(inp.n1 as f64),
            s(lost),
            against(lost, b, l.least)
        );
        if pass {
            format!("{head}: both within twice the least.")
        } else if b > 2.0 && inp.scheme == Scheme::Jump {
            format!(
                "{head}. Jump hash numbers its cards 0 to n − 1 and can only drop the last: the survivors past card {} are numbered again, and their families move with them. Route by rendezvous or a ring, which drop any card and move only its families.",
                l.lost
            )
        } else if inp.scheme == Scheme::Modulo {
            format!("{head}: modulo places by a card's number and redraws nearly every assignment on any change. Switch the scheme to rendezvous or a ring, which also drop any card and move only its families.")
        } else {
            format!("{head}: more than twice the least. Raise the virtual nodes, or loosen the load bound.")
        }
    })
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
    if inp.n1 == 1 {
        // One card holds them all: nothing to balance, and no luck to tell
        // a hot spot from.
        return BALANCE.verdict(ratio, f64::INFINITY, Unit::Ratio, None, |_| {
            let all = match busiest {
                1 => "the one family".to_string(),
                n => format!("all {}", Unit::Count("families").format(n as f64)),
            };
            format!("Not judged here: one card holds {all}, so there is no other card to balance against.")
        });
    }
    if avg < JUDGED_FROM {
        // Not judged: the threshold is unbounded, so the verdict passes and
        // says why (the ratio shown alone, "6×, not judged").
        return BALANCE.verdict(
            ratio,
            f64::INFINITY,
            Unit::Ratio,
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

pub(super) fn checks(inp: &Input, r: &Resize, loss: Option<&Loss>, out: &mut Outcome) {
    out.checks.push(moved(inp, r, loss));
    out.checks.push(balance(inp, r));
}
