//! Two closer looks at the day: the morning rise zoomed in minute by minute
//! (on a 24-hour axis a five-minute ramp is a pixel wide), and what the GPU
//! utilization gauge reads beside the real load, the trap the seed card
//! names.
//!
//! The gauge is read from the minute rows of the trace: a minute whose
//! queue is not empty has its ready replicas fully busy, otherwise they are
//! busy `demand ÷ ready capacity`; the gauge shows that, flattened at its
//! cap. Both are the minute's highest reading. Closer to production the
//! gauge is the share of time a kernel runs (`kernel_busy_share` on the
//! minute's demand and ready replicas).

use super::model::kernel_busy_share;
use super::params::{Day, DAY_S, RISE_AT};
use super::sim::Trace;
use crate::model::*;

/// Minutes shown before the rise starts and after the slower of the cold
/// start and the forecast window has played out past its top.
const BEFORE_MIN: usize = 15;
const AFTER_MIN: usize = 45;

/// The minutes `[from, to)` the zoom shows.
fn window(d: &Day) -> (usize, usize) {
    let rise = RISE_AT / 60;
    let settle = (d.ramp_s + d.cold_start_s.max(d.forecast_s)).div_ceil(60);
    let from = rise.saturating_sub(BEFORE_MIN);
    let to = (rise + settle + AFTER_MIN).min(DAY_S / 60);
    (from, to.max(from + 1))
}

/// `(hour, value)` of the minutes `[from, to)` of `ys` (a minute's row is
/// drawn at its end).
fn points(ys: &[f64], from: usize, to: usize) -> Vec<(f64, f64)> {
    (from..to.min(ys.len()))
        .map(|i| ((i as f64 + 1.0) / 60.0, ys[i]))
        .collect()
}

/// The morning rise, zoomed: demand against ready capacity.
pub(super) fn ramp_chart(d: &Day, tr: &Trace) -> Chart {
    let (from, to) = window(d);
    let queued: Vec<usize> = (from..to.min(tr.queue.len()))
        .filter(|&i| tr.queue[i] > 0.0)
        .collect();
    let summary = match (queued.first(), queued.last()) {
        (Some(a), Some(b)) => format!(
            "Demand climbs from {} to {} over {} from 08:00; work queues in {} of these minutes, from {} to {}, because ready capacity trails the demand.",
            Unit::TokPerS.format(d.trough),
            Unit::TokPerS.format(d.peak),
            Unit::Seconds.format(d.ramp_s as f64),
            queued.len(),
            clock(*a),
            clock(*b + 1)
        ),
        _ => format!(
            "Demand climbs from {} to {} over {} from 08:00, and ready capacity stays ahead of it: nothing queues.",
            Unit::TokPerS.format(d.trough),
            Unit::TokPerS.format(d.peak),
            Unit::Seconds.format(d.ramp_s as f64)
        ),
    };
    Chart {
        id: "ramp",
        title: "The morning rise, minute by minute".to_string(),
        summary,
        plot: Plot::Xy(XyChart {
            x: Axis::new("hour of the day", Unit::Hours)
                .range(from as f64 / 60.0, to as f64 / 60.0),
            y: Axis::new("tokens per second", Unit::TokPerS),
            series: vec![
                Series::new(
                    "demand (highest in the minute)",
                    Style::Line,
                    Tone::Cat(0),
                    points(&tr.demand, from, to),
                ),
                Series::new(
                    "ready capacity (lowest in the minute)",
                    Style::Step,
                    Tone::Good,
                    points(&tr.ready_capacity, from, to),
                ),
            ],
            hlines: vec![],
            vlines: vec![],
        }),
    }
}

/// "08:05" for minute `m` of the day.
fn clock(m: usize) -> String {
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// What the GPU gauge reads against the real load, over the day.
pub(super) fn gauge_chart(d: &Day, tr: &Trace) -> Chart {
    let n = tr
        .demand
        .len()
        .min(tr.ready_capacity.len())
        .min(tr.queue.len());
    let load: Vec<f64> = (0..n)
        .map(|i| {
            let cap = tr.ready_capacity[i];
            if cap > 0.0 {
                tr.demand[i] / cap
            } else {
                1.0
            }
        })
        .collect();
    let gauge: Vec<f64> = (0..n)
        .map(|i| {
            let queued = tr.queue[i] > 0.0;
            if d.production {
                let cap = tr.ready_capacity[i];
                let served = tr.demand[i].min(cap);
                return kernel_busy_share(served, cap / d.ceiling, queued);
            }
            let busy = if queued { 1.0 } else { load[i].min(1.0) };
            busy.min(d.gauge_cap)
        })
        .collect();
    let top_load = load.iter().copied().fold(0.0, f64::max);
    let top_gauge = gauge.iter().copied().fold(0.0, f64::max);
    let summary = if d.production {
        let low_load = load.iter().copied().fold(f64::INFINITY, f64::min);
        let low_gauge = gauge.iter().copied().fold(f64::INFINITY, f64::min);
        format!(
            "The real load (demand over ready capacity) runs from {} to {}, while the gauge, the share of time a kernel runs, never reads below {}: a replica with dozens of replies in flight always has a kernel running, so the gauge cannot tell a full pool from a half-empty one.",
            Unit::Share.format(low_load),
            Unit::Share.format(top_load),
            Unit::Share.format(low_gauge)
        )
    } else {
        format!(
            "The real load (demand over ready capacity) peaks at {}, while the gauge never reads above {}: decode waits on memory, so the gauge flattens at {} however deep the queue.",
            Unit::Share.format(top_load),
            Unit::Share.format(top_gauge),
            Unit::Share.format(d.gauge_cap)
        )
    };
    let hlines = if d.production {
        vec![]
    } else {
        vec![RefLine::valued(
            d.gauge_cap,
            "gauge flattens at",
            Unit::Share,
            Tone::Muted,
        )]
    };
    Chart {
        id: "gauge",
        title: "What the GPU utilization gauge reads, against the real load".to_string(),
        summary,
        plot: Plot::Xy(XyChart {
            x: Axis::new("hour of the day", Unit::Hours).range(0.0, 24.0),
            y: Axis::new("share of ready capacity", Unit::Share),
            series: vec![
                Series::new(
                    "real load: demand ÷ ready capacity",
                    Style::Line,
                    Tone::Bad,
                    points(&load, 0, n),
                ),
                Series::new(
                    "GPU gauge reading",
                    Style::Line,
                    Tone::Cat(1),
                    points(&gauge, 0, n),
                ),
            ],
            hlines,
            vlines: vec![],
        }),
    }
}
