//! The autoscaling charts: the day's demand against ready capacity, and the
//! queue, one point per minute.

use super::params::Day;
use super::sim_day::DayRun;
use crate::model::*;

fn minutes_x(n: usize) -> impl Iterator<Item = f64> {
    (0..n).map(|i| (i as f64 + 1.0) / 60.0)
}

pub(super) fn day_chart(d: &Day, r: &DayRun) -> Chart {
    let tr = &r.trace;
    let xs = || minutes_x(tr.demand.len());
    let s = &r.stats;
    let series = vec![
        Series::new(
            "demand (highest in the minute)",
            Style::Line,
            Tone::Cat(0),
            xs().zip(tr.demand.iter().copied()).collect(),
        ),
        Series::new(
            "ready capacity (replicas × ceiling)",
            Style::Step,
            Tone::Good,
            xs().zip(tr.ready_capacity.iter().copied()).collect(),
        ),
        Series::new(
            "replicas billed (× ceiling)",
            Style::Dashed,
            Tone::Muted,
            xs().zip(tr.paid.iter().map(|p| p * d.ceiling)).collect(),
        ),
    ];
    Chart {
        id: "day",
        title: format!(
            "A day on the {} signal: demand against ready capacity",
            d.signal.word()
        ),
        summary: format!(
            "Demand runs from {} to {} and the pool from {} to {} replicas of {} each: {} replica-hours, {} seconds above the wait SLO.",
            Unit::TokPerS.format(d.trough),
            Unit::TokPerS.format(d.peak),
            s.start_ready,
            s.max_paid,
            Unit::TokPerS.format(d.ceiling),
            crate::model::units::number((s.paid_replica_s / 3600.0 * 10.0).round() / 10.0),
            s.seconds_above_slo
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("hour of the day", Unit::Hours).range(0.0, 24.0),
            y: Axis::new("tokens per second", Unit::TokPerS),
            series,
            hlines: vec![RefLine::valued(d.peak, "peak", Unit::TokPerS, Tone::Warn)],
            vlines: vec![],
        }),
    }
}

pub(super) fn queue_chart(d: &Day, r: &DayRun) -> Chart {
    let tr = &r.trace;
    let s = &r.stats;
    Chart {
        id: "queue",
        title: "The queue: tokens waiting for a ready replica".to_string(),
        summary: format!(
            "The queue peaks at {} (a wait of {} against the {} SLO), over the SLO for {} seconds of the day.",
            Unit::Tokens.format(s.peak_queue),
            Unit::Seconds.format(s.max_wait_s),
            Unit::Seconds.format(d.wait_slo_s),
            s.seconds_above_slo
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("hour of the day", Unit::Hours).range(0.0, 24.0),
            y: Axis::new("largest queue in the minute", Unit::Tokens),
            series: vec![Series::new(
                "queue",
                Style::Line,
                Tone::Bad,
                minutes_x(tr.queue.len())
                    .zip(tr.queue.iter().copied())
                    .collect(),
            )],
            hlines: vec![],
            vlines: vec![],
        }),
    }
}
