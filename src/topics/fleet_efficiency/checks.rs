//! # Fleet efficiency: the three checks, and the slider move that flips one
//!
//! The checks' specs stand in one table that [`Check`] indexes; each check's
//! function computes its verdict through it. A failing check names the
//! single slider move (in the order a reader would try them) that makes it
//! pass; every candidate is a real run.

use super::model::{card_score, pct1, plural};
use super::params::{Class, Mode, MonthInput, Window, CAPACITY_PASS, CONVERGENCE_PASS, MAX_POOL};
#[cfg(test)]
use super::sim::run_month;
use super::sim::{eviction_order, run_month_as, Month};
use crate::model::outcome::CHECK_EPSILON;
use crate::model::{Assumptions, CheckSpec, Cmp, Outcome, Unit, Verdict};

/// The checks, in the order the page lists them and [`Check`] counts them.
pub static CHECKS: [CheckSpec; 3] = [
    CheckSpec {
        id: "capacity",
        label: "Demand is carried",
        rule: "delivered ÷ demanded ≥ 99 % over the month",
        cmp: Cmp::AtLeast,
    },
    CheckSpec {
        id: "convergence",
        label: "Bill converges on the ideal",
        rule: "ideal operator's bill ÷ this bill ≥ 90 %",
        cmp: Cmp::AtLeast,
    },
    CheckSpec {
        id: "eviction",
        label: "No wrong evictions",
        rule: "no evicted card had a true rate at or above the fleet median (closer to production, no healthy one: a card whose health counters show a fault is always rightly evicted)",
        cmp: Cmp::AtMost,
    },
];

/// One check, by its place in [`CHECKS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    Capacity,
    Convergence,
    Eviction,
}

impl Check {
    fn passes(self, m: &Month) -> bool {
        match self {
            Check::Capacity => m.delivered_share() >= CAPACITY_PASS - CHECK_EPSILON,
            Check::Convergence => m.convergence >= CONVERGENCE_PASS - CHECK_EPSILON,
            Check::Eviction => m.wrong == 0,
        }
    }
    /// What the check reads after a move, in words.
    fn result(self, m: &Month) -> String {
        match self {
            Check::Capacity => format!(
                "it delivers {} of {} ({})",
                Unit::TokPerS.format(m.delivered_avg),
                Unit::TokPerS.format(m.demanded_avg),
                Unit::Share.format(m.delivered_share())
            ),
            Check::Convergence => format!(
                "it bills {} against the ideal {} ({})",
                Unit::Usd.format(m.bill),
                Unit::Usd.format(m.ideal_bill),
                pct1(m.convergence)
            ),
            Check::Eviction if m.k == 0 => "it evicts no card at all".to_string(),
            Check::Eviction => format!("none of its {} evictions is at or above the median", m.k),
        }
    }
    /// The spec the page lists for this check.
    fn spec(self) -> &'static CheckSpec {
        &CHECKS[self as usize]
    }
    /// The lever a passing verdict names, the lever a failing one names
    /// when no single move flips it, and the advice its text ends on then.
    fn fallback(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Check::Capacity => (
                "pool_size",
                "pool_size",
                "No single slider move covers it: even the largest pool falls short; lower the demand, or add cards in the pool and switch the card class together with a gentler eviction share.",
            ),
            Check::Convergence => (
                "mode",
                "window",
                "No single slider move brings it to 90 %: move several together (run mode, measurement window, eviction share).",
            ),
            Check::Eviction => (
                "window",
                "share_pct",
                "Set the eviction share to 0 % to evict nothing.",
            ),
        }
    }
    /// The lever a verdict names and the advice its failing text ends on:
    /// the passing lever and no advice when it passes; otherwise the move
    /// that flips it, or the fallback lever and advice when no single move
    /// does.
    fn lever(self, m: &Month) -> (&'static str, String) {
        let (pass_lever, fallback, none) = self.fallback();
        if self.passes(m) {
            return (pass_lever, String::new());
        }
        match find_move(self, m) {
            Some((mv, after)) => (
                mv.param(),
                format!("{}: {}.", mv.says(&after), self.result(&after)),
            ),
            None => (fallback, none.to_string()),
        }
    }
    /// This check's verdict on `value` against `threshold`, naming its
    /// lever; `why` receives the verdict and the advice a failing text ends
    /// on.
    fn verdict(
        self,
        m: &Month,
        value: f64,
        threshold: f64,
        unit: Unit,
        why: impl FnOnce(bool, &str) -> String,
    ) -> Verdict {
        let (lever, fix) = self.lever(m);
        self.spec()
            .verdict(value, threshold, unit, Some(lever), |pass| why(pass, &fix))
    }
}

fn tok(x: f64) -> String {
    Unit::TokPerS.format(x)
}

fn usd(x: f64) -> String {
    Unit::Usd.format(x)
}

// ---------------------------------------------------------------------------
// The checks

fn capacity(m: &Month) -> Verdict {
    let ratio = m.delivered_share();
    let warm = m.run.len();
    Check::Capacity.verdict(
        m,
        ratio,
        CAPACITY_PASS,
        Unit::Share,
        |pass, fix| {
            if pass && m.demanded_avg <= 0.0 {
                "Nothing is demanded, so nothing is short: the capacity ratio reads 100 %."
                    .to_string()
            } else if pass {
                format!(
                    "The {warm} warm cards' true {} carry {} of the {} demanded ({}), at least 99 %.",
                    tok(m.capacity),
                    tok(m.delivered_avg),
                    tok(m.demanded_avg),
                    pct1(ratio)
                )
            } else {
                format!(
                    "The {warm} warm cards carry only {} in truth, so {} of the {} demanded is delivered ({} < 99 %): {}. {fix}",
                    tok(m.capacity),
                    tok(m.delivered_avg),
                    tok(m.demanded_avg),
                    pct1(ratio),
                    shortage_cause(m)
                )
            }
        },
    )
}

/// Why the warm cards fall short, in words.
fn shortage_cause(m: &Month) -> String {
    let all_run = m.exhausted || m.input.mode == Mode::AlwaysWarm;
    if all_run && m.k > 0 {
        format!(
            "after {} evictions only {} survivors are left, and all of them run",
            m.k,
            m.survivors()
        )
    } else if all_run {
        "every card of the pool runs".to_string()
    } else {
        "the measured scores overstated the warm cards".to_string()
    }
}

fn convergence(m: &Month) -> Verdict {
    Check::Convergence.verdict(
        m,
        m.convergence,
        CONVERGENCE_PASS,
        Unit::Share,
        |pass, fix| {
            let (bill, ideal) = (bill_words(m), ideal_words(m));
            if pass && m.convergence > 1.0 {
                format!(
                    "{bill}; {ideal}: {} ≥ 90 %. A bill below the ideal is the signature of a rate shortage, which only the capacity check sees.",
                    pct1(m.convergence)
                )
            } else if pass {
                format!("{bill}; {ideal}: {} ≥ 90 %.", pct1(m.convergence))
            } else {
                let idle = if m.idle_dollars > 0.5 {
                    format!(", {} of it on idle capacity", usd(m.idle_dollars))
                } else {
                    String::new()
                };
                format!(
                    "{bill}{idle}; {ideal}: {} < 90 %. {fix}",
                    pct1(m.convergence)
                )
            }
        },
    )
}

/// "This month bills $X (N warm cards $Y + churn on K evictions $Z)".
fn bill_words(m: &Month) -> String {
    format!(
        "This month bills {} ({} warm cards {} + churn on {} {})",
        usd(m.bill),
        m.run.len(),
        usd(m.warm_rent),
        plural(m.k, "eviction"),
        usd(m.churn)
    )
}

/// What the ideal operator runs, in words.
fn ideal_words(m: &Month) -> String {
    if m.ideal_short {
        format!(
            "the ideal operator runs the whole pool of {} cards ({}) and still can't cover the {} peak",
            m.ideal.len(),
            usd(m.ideal_bill),
            tok(m.peak)
        )
    } else {
        format!(
            "the ideal operator covers the {} peak with {} cards for {}",
            tok(m.peak),
            m.ideal.len(),
            usd(m.ideal_bill)
        )
    }
}

fn eviction(m: &Month) -> Verdict {
    Check::Eviction.verdict(
        m,
        m.wrong as f64,
        0.0,
        Unit::Count("wrong evictions"),
        |pass, fix| {
            let err = m.input.window.err() * 100.0;
            if pass && m.k == 0 {
                format!(
                    "No card is evicted (an eviction share of {} % of {} cards rounds down to 0), so none is evicted wrongly.",
                    m.input.share_pct,
                    m.cards.len()
                )
            } else if pass {
                format!(
                    "All {} evicted cards had true rates below the fleet median {}: the {} window's ±{err} % error didn't hide a healthy card.",
                    m.k,
                    tok(m.median),
                    m.input.window.word()
                )
            } else {
                format!(
                    "{} of the {} evicted cards ({}) had true rates at or above the fleet median {}: the {} window's ±{err} % error made healthy cards look slow. {fix}",
                    m.wrong,
                    m.k,
                    Unit::Share.format(m.wrong_share()),
                    tok(m.median),
                    m.input.window.word()
                )
            }
        },
    )
}

pub(super) fn checks(m: &Month, out: &mut Outcome) {
    out.checks.push(capacity(m));
    out.checks.push(convergence(m));
    out.checks.push(eviction(m));
}

// ---------------------------------------------------------------------------
// The single slider move that would flip a failing check

/// One slider moved.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    Mode(Mode),
    Window(Window),
    Share(u32),
    Class(Class),
    Pool(usize),
}

impl Move {
    fn param(self) -> &'static str {
        match self {
            Move::Mode(_) => "mode",
            Move::Window(_) => "window",
            Move::Share(_) => "share_pct",
            Move::Class(_) => "class",
            Move::Pool(_) => "pool_size",
        }
    }
    fn apply(self, mut inp: MonthInput) -> MonthInput {
        match self {
            Move::Mode(x) => inp.mode = x,
            Move::Window(x) => inp.window = x,
            Move::Share(x) => inp.share_pct = x,
            Move::Class(x) => inp.class = x,
            Move::Pool(x) => inp.pool_size = x,
        }
        inp
    }
    fn says(self, after: &Month) -> String {
        match self {
            Move::Mode(x) => format!(
                "Switch the run mode to {} ({} cards run)",
                x.word(),
                after.run.len()
            ),
            Move::Window(x) => format!(
                "Score through the {} measurement window (±{} %)",
                x.word(),
                x.err() * 100.0
            ),
            Move::Share(x) => format!(
                "Lower the eviction share to {x} % ({})",
                plural(after.k, "eviction")
            ),
            Move::Class(x) => format!(
                "Switch the card class to {} ({} cards run)",
                x.word(),
                after.run.len()
            ),
            Move::Pool(x) => format!("Grow the pool to {x} cards"),
        }
    }
}

/// The month `mv` gives, if `check` passes in it.
fn try_move(check: Check, inp: MonthInput, a: Assumptions, mv: Move) -> Option<(Move, Month)> {
    let after = run_month_as(&mv.apply(inp), a);
    check.passes(&after).then_some((mv, after))
}

/// The windows longer than `w`, shortest first.
fn longer_windows(w: Window) -> Vec<Move> {
    match w {
        Window::Hour => vec![Move::Window(Window::Day), Move::Window(Window::Week)],
        Window::Day => vec![Move::Window(Window::Week)],
        Window::Week => vec![],
    }
}

/// The single slider move (in the order a reader would try them) that makes
/// `check` pass, with the month it gives. Every candidate is a real run.
fn find_move(check: Check, m: &Month) -> Option<(Move, Month)> {
    let inp = m.input;
    let a = m.assumptions;
    let longer = longer_windows(inp.window);
    let mut moves: Vec<Move> = Vec::new();
    match check {
        Check::Capacity => {
            if inp.class == Class::Bargain {
                moves.push(Move::Class(Class::Flagship));
            }
        }
        Check::Convergence => {
            if inp.mode == Mode::AlwaysWarm {
                moves.push(Move::Mode(Mode::Steady));
            }
            moves.extend(&longer);
        }
        Check::Eviction => moves.extend(&longer),
    }
    moves
        .into_iter()
        .find_map(|mv| try_move(check, inp, a, mv))
        .or_else(|| safe_share(check, m))
        .or_else(|| largest_passing_share(check, inp, a))
        .or_else(|| match check {
            Check::Capacity => capacity_moves(inp, a, longer),
            _ => None,
        })
}

/// For the eviction check: the largest share that evicts no card at or above
/// the median.
fn safe_share(check: Check, m: &Month) -> Option<(Move, Month)> {
    let inp = m.input;
    let a = m.assumptions;
    if inp.share_pct == 0 || check != Check::Eviction {
        return None;
    }
    // The eviction order and the median don't depend on the share: the
    // largest safe k is the position of the first card at or above the
    // median in that order, and the largest share_pct that floors to it.
    let rent = inp.class.rent();
    let score: Vec<f64> = m.measured.iter().map(|&x| card_score(x, rent)).collect();
    let n = m.cards.len();
    // Closer to production the faulty cards lead the order and are never
    // wrong evictions.
    let on_health = a.is_production();
    let safe = eviction_order(&m.cards, &score, on_health)
        .iter()
        .position(|&i| !m.cards[i].faulty && m.cards[i].true_rate >= m.median)
        .unwrap_or(n);
    let pct = ((100 * safe + 99) / n.max(1)).min(inp.share_pct as usize - 1) as u32;
    try_move(check, inp, a, Move::Share(pct))
}

/// The largest lower share that passes (binary search, assuming fewer
/// evictions never hurt; every answer is a real run).
fn largest_passing_share(check: Check, inp: MonthInput, a: Assumptions) -> Option<(Move, Month)> {
    if inp.share_pct == 0 {
        return None;
    }
    let mut best = try_move(check, inp, a, Move::Share(0))?;
    let (mut lo, mut hi) = (0u32, inp.share_pct - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        match try_move(check, inp, a, Move::Share(mid)) {
            Some(h) => {
                lo = mid;
                best = h;
            }
            None => hi = mid - 1,
        }
    }
    Some(best)
}

/// For the capacity check, after the share: a longer window (steady mode),
/// then the smallest larger pool that passes.
fn capacity_moves(inp: MonthInput, a: Assumptions, longer: Vec<Move>) -> Option<(Move, Month)> {
    let check = Check::Capacity;
    if inp.mode == Mode::Steady {
        // A longer window changes the scores, hence who is evicted.
        if let Some(hit) = longer
            .into_iter()
            .find_map(|mv| try_move(check, inp, a, mv))
        {
            return Some(hit);
        }
    }
    // The smallest larger pool that passes (binary search; verified).
    if inp.pool_size >= MAX_POOL {
        return None;
    }
    let mut best = try_move(check, inp, a, Move::Pool(MAX_POOL))?;
    let (mut lo, mut hi) = (inp.pool_size + 1, MAX_POOL);
    while lo < hi {
        let mid = (lo + hi) / 2;
        match try_move(check, inp, a, Move::Pool(mid)) {
            Some(h) => {
                hi = mid;
                best = h;
            }
            None => lo = mid + 1,
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::super::params::Shape;
    use super::*;
    use crate::model::SplitMix64;

    /// The eviction lever names the largest share with no wrong eviction
    /// (brute force over every share agrees).
    #[test]
    fn eviction_lever_is_the_largest_safe_share() {
        let mut rng = SplitMix64::new(7);
        let mut checked = 0;
        for _ in 0..300 {
            let inp = MonthInput {
                class: Class::Flagship,
                pool_size: 5 + rng.below(60) as usize,
                seed: rng.below(100_000),
                demand: 50_000.0,
                window: Window::Hour,
                share_pct: 1 + rng.below(99) as u32,
                mode: Mode::Steady,
                shape: Shape::Flat,
            };
            let m = run_month(&inp);
            if Check::Eviction.passes(&m) {
                continue;
            }
            let shares = |w: Window| {
                (0..inp.share_pct)
                    .rev()
                    .find(|&s| {
                        let mut i = inp;
                        i.share_pct = s;
                        i.window = w;
                        run_month(&i).wrong == 0
                    })
                    .unwrap()
            };
            let (mv, after) = find_move(Check::Eviction, &m).unwrap();
            assert_eq!(after.wrong, 0);
            match mv {
                Move::Window(w) => assert!(w != Window::Hour),
                Move::Share(s) => {
                    assert_eq!(s, shares(Window::Hour), "{inp:?}");
                    checked += 1;
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(checked > 10, "only {checked} share moves");
    }
}
