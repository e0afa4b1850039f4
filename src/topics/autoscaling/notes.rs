//! The autoscaling notes: where the day's autoscaler departs from the worked
//! example, and the inputs the model had to hold in range.

use super::model::{ceil_whole, replicas_kept};
use super::params::{Day, MAX_REPLICAS};
use super::sim::DayStats;
use crate::model::*;

pub(super) fn notes(d: &Day, p: &Params, s: &DayStats, out: &mut Outcome) {
    let kept = replicas_kept(d.trough, d.ceiling, d.floor);
    let day_trough = (ceil_whole(d.trough / d.ceiling) as u32 + d.spare).max(d.floor);
    if day_trough != kept {
        out.notes.push(Note::Info(format!(
            "The worked example keeps {kept} replicas at {} (no spare at the trough: the rounding is the headroom); the day's autoscaler keeps its spare there too, {day_trough} replicas.",
            Unit::TokPerS.format(d.trough)
        )));
    }
    if p.get("trough") > d.peak {
        out.notes.push(Note::Info(format!(
            "The trough is above the peak; the model holds it at the peak, {}.",
            Unit::TokPerS.format(d.peak)
        )));
    }
    if s.max_paid >= MAX_REPLICAS {
        out.notes.push(Note::Info(format!(
            "The autoscaler hit its cap of {MAX_REPLICAS} replicas."
        )));
    }
}
