//! The autoscaling notes: where the day's autoscaler departs from the worked
//! example, and the inputs the model had to hold in range.

use super::model::{ceil_whole, replicas_kept, trough_kept};
use super::params::{Day, Signal, DAY_S, FALL_AT, FALL_S, MAX_REPLICAS, RISE_AT};
use super::sim::DayStats;
use crate::model::*;

pub(super) fn notes(d: &Day, p: &Params, s: &DayStats, out: &mut Outcome) {
    if d.production {
        production(d, p, s, out);
    }
    let kept = trough_kept(d);
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
    if s.max_paid >= MAX_REPLICAS && !d.production {
        out.notes.push(Note::Info(format!(
            "The autoscaler hit its cap of {MAX_REPLICAS} replicas."
        )));
    }
}

/// Closer to production: what the page runs differently, the spare the
/// trough keeps and its rent, and where the GPU gauge's pool ends the day.
fn production(d: &Day, p: &Params, s: &DayStats, out: &mut Outcome) {
    let price = p.get("price_per_hour");
    let with = trough_kept(d);
    let without = replicas_kept(d.trough, d.ceiling, d.floor);
    // Hours the day's curve spends at the trough: before the rise and after
    // the fall.
    let hours = (RISE_AT + DAY_S - (FALL_AT + FALL_S)) as f64 / 3600.0;
    let spare = if with > without {
        format!(
            "The trough keeps its spare: {} at {} where the worked example keeps {without}, {} more, {} over the {} hours the day spends there.",
            units::counted(with as f64, "replicas"),
            Unit::TokPerS.format(d.trough),
            Unit::UsdPerHour.format((with - without) as f64 * price),
            Unit::Usd.format((with - without) as f64 * price * hours),
            units::number(hours)
        )
    } else {
        format!(
            "The trough keeps its spare, and here the floor already holds it: {} at {}.",
            units::counted(with as f64, "replicas"),
            Unit::TokPerS.format(d.trough)
        )
    };
    out.notes.push(Note::Info(format!(
        "Closer to production the GPU utilization gauge is the share of time a kernel runs, as nvidia-smi and DCGM report it (the slider for where the seed card's gauge saturates is not read). {spare} The moving picture still runs the seed card's model."
    )));
    if d.signal == Signal::GpuUtilization && s.end_paid >= s.max_paid {
        out.notes.push(Note::Info(format!(
            "The gauge reads near 100 % at any load, so the autoscaler reads a full pool at every hour: it reached {} and held {} until midnight, {} replica-hours for the day.",
            units::counted(s.max_paid as f64, "replicas"),
            if s.max_paid == 1 { "it" } else { "them" },
            units::number((s.paid_replica_s / 3600.0).round())
        )));
    }
}
