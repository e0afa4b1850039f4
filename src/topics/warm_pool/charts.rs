//! The warm pool's charts: one burst's timeline, its backlog, and idle rent
//! against the waiting each pool size removes.

use super::model::{idle_rent_per_year, Burst};
use super::params::{Input, DAYS_PER_YEAR, MAX_POOL};
use super::sim::{removed_per_day, BurstStats, BurstTrace};
use crate::model::units::number;
use crate::model::*;

/// When the launched replicas are ready, in words: at the cold start on
/// the seed card, between the first and the last closer to production.
fn ready_when(inp: &Input, b: &Burst) -> String {
    match b.launches() {
        [first, .., last] if inp.shape.spread => format!(
            "between {} and {}",
            Unit::Seconds.format(*first),
            Unit::Seconds.format(*last)
        ),
        [one] if inp.shape.spread => format!("at {}", Unit::Seconds.format(*one)),
        _ => format!("at {}", Unit::Seconds.format(inp.shape.cold_start_s)),
    }
}

fn timeline_chart(inp: &Input, b: &Burst, now: &BurstStats, tr: &BurstTrace) -> Chart {
    let pts = |v: &[f64]| {
        tr.t.iter()
            .copied()
            .zip(v.iter().copied())
            .collect::<Vec<_>>()
    };
    let k = inp.shape.need;
    Chart {
        id: "burst",
        title: format!("One burst: {} warm, {} launched", inp.warm, k.saturating_sub(inp.warm)),
        summary: format!(
            "Demand climbs to {} in {}; {} at once and {} more are ready {}, so the backlog peaks at {} requests and clears by {}.",
            units::worth(k as f64, "replicas"),
            Unit::Seconds.format(inp.shape.rise_s),
            match inp.warm {
                1 => "1 warm replica serves".to_string(),
                w => format!("{w} warm replicas serve"),
            },
            k.saturating_sub(inp.warm),
            ready_when(inp, b),
            number(now.peak_backlog.round()),
            Unit::Seconds.format(now.clear_s)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("time since the burst began", Unit::Seconds).range(0.0, now.horizon_s),
            y: Axis::new("replicas", Unit::Count("replicas")),
            series: vec![
                Series::new("demand (replicas' worth)", Style::Line, Tone::Cat(0), pts(&tr.demand)),
                Series::new("ready replicas", Style::Step, Tone::Good, pts(&tr.ready)),
                Series::new("booting replicas", Style::Step, Tone::Warn, pts(&tr.booting)),
            ],
            hlines: vec![RefLine::new(
                inp.warm as f64,
                format!("warm pool: {}", inp.warm),
                Tone::Muted,
            )],
            vlines: launch_lines(inp, b),
        }),
    }
}

/// The timeline's marks: when the launches are ready (on the seed card all
/// at the cold start; closer to production the first and the last).
fn launch_lines(inp: &Input, b: &Burst) -> Vec<RefLine> {
    match b.launches() {
        [first, .., last] if inp.shape.spread => vec![
            RefLine::valued(*first, "first launch ready at", Unit::Seconds, Tone::Ink),
            RefLine::valued(*last, "last launch ready at", Unit::Seconds, Tone::Ink),
        ],
        [one] if inp.shape.spread => vec![RefLine::valued(
            *one,
            "launch ready at",
            Unit::Seconds,
            Tone::Ink,
        )],
        _ => vec![RefLine::valued(
            inp.shape.cold_start_s,
            "launches ready at",
            Unit::Seconds,
            Tone::Ink,
        )],
    }
}

fn backlog_chart(inp: &Input, b: &Burst, now: &BurstStats, tr: &BurstTrace) -> Chart {
    let step = b.step_backlog();
    let step_label = if inp.shape.spread {
        "missing replicas × rate × their mean cold start"
    } else {
        "missing replicas × rate × cold start"
    };
    Chart {
        id: "backlog",
        title: "The backlog: requests waiting for a ready replica".to_string(),
        summary: format!(
            "The backlog peaks at {} requests (a burst arriving at once would leave {}); the p95 arrival waits {}.",
            number(now.peak_backlog.round()),
            number(step.round()),
            Unit::Seconds.format(now.p95_wait_s)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("time since the burst began", Unit::Seconds).range(0.0, now.horizon_s),
            y: Axis::new("backlog", Unit::Count("requests")),
            series: vec![Series::new(
                "backlog",
                Style::Line,
                Tone::Bad,
                tr.t.iter().copied().zip(tr.backlog.iter().copied()).collect(),
            )],
            hlines: vec![RefLine::new(
                step,
                step_label.to_string(),
                Tone::Muted,
            )],
            vlines: vec![],
        }),
    }
}

fn rent_chart(inp: &Input, pools: &[BurstStats]) -> Chart {
    let xs = 0..=MAX_POOL;
    let rent: Vec<(f64, f64)> = xs
        .clone()
        .map(|w| (w as f64, idle_rent_per_year(w as u32, inp.price)))
        .collect();
    let removed: Vec<(f64, f64)> = xs
        .map(|w| (w as f64, removed_per_day(inp, pools, w) * DAYS_PER_YEAR))
        .collect();
    let removed_now = removed_per_day(inp, pools, inp.warm as usize) * DAYS_PER_YEAR;
    Chart {
        id: "rent",
        title: "Idle rent per year against pool size".to_string(),
        summary: format!(
            "With {} warm {}, idle rent is {} and the waiting removed is worth {}; the budget is {}.",
            inp.warm,
            if inp.warm == 1 { "replica" } else { "replicas" },
            Unit::UsdPerYear.format(idle_rent_per_year(inp.warm, inp.price)),
            Unit::UsdPerYear.format(removed_now),
            Unit::UsdPerYear.format(inp.budget)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("warm replicas", Unit::Count("replicas")).range(0.0, MAX_POOL as f64),
            y: Axis::new("cost a year", Unit::UsdPerYear),
            series: vec![
                Series::new("idle rent", Style::Line, Tone::Cat(0), rent),
                Series::new(
                    "waiting removed (at its value)",
                    Style::Line,
                    Tone::Good,
                    removed,
                ),
            ],
            hlines: vec![RefLine::valued(inp.budget, "budget", Unit::UsdPerYear, Tone::Warn)],
            vlines: vec![RefLine::new(
                inp.warm as f64,
                format!("now: {}", inp.warm),
                Tone::Ink,
            )],
        }),
    }
}

/// The page's three charts, in order.
pub(super) fn charts(
    inp: &Input,
    b: &Burst,
    now: &BurstStats,
    trace: &BurstTrace,
    pools: &[BurstStats],
    out: &mut Outcome,
) {
    out.charts.push(timeline_chart(inp, b, now, trace));
    out.charts.push(backlog_chart(inp, b, now, trace));
    out.charts.push(rent_chart(inp, pools));
}
