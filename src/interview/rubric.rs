//! What an interviewer listens for beside the number: the rubric points of
//! a step, which the candidate ticks in the review after reading the model
//! answer, and the communication row they make on the scorecard.
//!
//! The points are those a systems-design interviewer scores whatever the
//! numbers: the formula said before the arithmetic, the units and time
//! base kept, rounding in the safe direction, what a choice gives up, what
//! users see while something is broken. A step's points are its
//! dimension's; the scorecard's communication row counts the points ticked
//! over the points of the steps answered.

use super::{Asked, Dim};

/// The points an answer of dimension `dim` is heard for.
pub fn points(dim: Dim) -> &'static [&'static str] {
    match dim {
        Dim::Estimation => &[
            "Said the formula before the numbers",
            "Kept the units and the time base (per second, per hour) at every step",
            "Rounded in the safe direction and said why",
            "Checked the result's order of magnitude against something known",
        ],
        Dim::TradeOffs => &[
            "Named what the choice gives up",
            "Named the alternative and when it would win",
            "Tied the choice to the requirement that decides it (an SLO, the budget)",
        ],
        Dim::Cost => &[
            "Counted everything that bills: spares, idle and warm replicas",
            "Said the bill's time base (per hour, per month) and kept it",
            "Named a lever that lowers the bill and what it costs in latency or risk",
        ],
        Dim::Reliability => &[
            "Named the failure domain: a replica, a zone, a region",
            "Said what users see meanwhile: the queue, the wait, who is shed",
            "Sized the spare for the loss, not for the average",
        ],
    }
}

/// The communication row: rubric points ticked, of the points of the steps
/// the candidate answered (`ticked(step, point)`).
pub fn communication(asked: &[Asked], ticked: impl Fn(usize, u32) -> bool) -> (u32, u32) {
    asked
        .iter()
        .filter(|a| a.answer.is_some())
        .fold((0, 0), |(got, of), a| {
            let n = points(a.dim).len() as u32;
            let here = (0..n).filter(|&k| ticked(a.index, k)).count() as u32;
            (got + here, of + n)
        })
}

/// The communication row's word for `got` of `of` points, on the
/// scorecard's scale.
pub fn verdict(got: u32, of: u32) -> &'static str {
    super::scale(got as f64, of as f64)
}
