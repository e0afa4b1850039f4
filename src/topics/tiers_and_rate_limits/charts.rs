//! The other charts: pool utilization against the cap, the token bucket
//! during a burst, the requests it admits and refuses, and the formula's
//! mean waits beside the simulation's.

use super::model::{bucket_admitted, bucket_level, ms, pct, rps, Solved};
use super::params::{BURST_SECONDS, PAID_SLO_MS, UTIL_CAP};
use super::sim::{SimResult, BATCHES};
use crate::model::units;
use crate::model::*;

pub(super) fn utilization_chart(m: &Solved) -> Chart {
    let cats = vec![
        format!("provisioned ({})", units::counted(m.cp_up as f64, "cards")),
        format!("shared ({})", units::counted(m.cs_up as f64, "cards")),
    ];
    let free_part = if m.rho_s.is_finite() {
        m.rho_s - m.rho_ps
    } else {
        f64::INFINITY
    };
    let highlight = [m.rho_p, m.rho_s]
        .iter()
        .enumerate()
        .filter(|(_, r)| **r > UTIL_CAP + crate::model::outcome::CHECK_EPSILON)
        .map(|(i, _)| i)
        .collect();
    Chart {
        id: "pool_utilization",
        title: "Pool utilization against the 85 % cap".to_string(),
        summary: format!(
            "The provisioned pool runs at {} and the shared pool at {} ({} of it spilled paid); the cap is 85 % and a pool jams at 100 %.",
            pct(m.rho_p),
            pct(m.rho_s),
            Unit::Points.format(m.rho_ps * 100.0)
        ),
        plot: Plot::Bars(BarChart {
            categories: cats,
            y: Axis::new("utilization", Unit::Share),
            sets: vec![
                BarSet::new("paid", Tone::Cat(0), vec![m.rho_p, m.rho_ps]),
                BarSet::new("free", Tone::Cat(1), vec![0.0, free_part]),
            ],
            stacked: true,
            hlines: vec![
                RefLine::new(UTIL_CAP, "85 % cap", Tone::Warn),
                RefLine::new(1.0, "100 %: jams", Tone::Bad),
            ],
            highlight,
        }),
    }
}

/// Times of the burst charts: every half second, plus the moment the bucket
/// empties.
fn burst_times(m: &Solved) -> Vec<f64> {
    let mut ts: Vec<f64> = (0..=120).map(|i| i as f64 * 0.5).collect();
    if m.t_empty > 0.0 && m.t_empty < BURST_SECONDS {
        ts.push(m.t_empty);
        ts.sort_by(f64::total_cmp);
        ts.dedup();
    }
    ts
}

pub(super) fn bucket_level_chart(m: &Solved) -> Chart {
    let ts = burst_times(m);
    let level = ts
        .iter()
        .map(|&t| (t, bucket_level(m.bucket, m.free_adm, m.free, t)))
        .collect();
    let mut vlines = Vec::new();
    if m.t_empty <= BURST_SECONDS {
        vlines.push(RefLine::valued(
            m.t_empty,
            "empty at",
            Unit::Seconds,
            Tone::Bad,
        ));
    }
    Chart {
        id: "bucket_level",
        title: "The gateway's token bucket during a burst".to_string(),
        summary: if m.t_empty.is_finite() {
            format!(
                "Starting full with {} grants and refilling {} while {} arrive, the bucket empties after {}; from then on it grants only its refill.",
                units::number(m.bucket),
                rps(m.free_adm),
                rps(m.free),
                Unit::Seconds.format(m.t_empty)
            )
        } else {
            format!(
                "The refill of {} keeps up with {} of free arrivals, so the bucket stays full at {} grants and refuses nothing.",
                rps(m.free_adm),
                rps(m.free),
                units::number(m.bucket)
            )
        },
        plot: Plot::Xy(XyChart {
            x: Axis::new("time since the burst began", Unit::Seconds).range(0.0, BURST_SECONDS),
            y: Axis::new("grants in the bucket", Unit::Count("grants")),
            series: vec![Series::new(
                "bucket level",
                Style::Line,
                Tone::Cat(0),
                level,
            )],
            hlines: vec![RefLine::new(m.bucket, "capacity B", Tone::Muted)],
            vlines,
        }),
    }
}

pub(super) fn burst_chart(m: &Solved) -> Chart {
    let ts: Vec<f64> = (0..=60).map(|i| i as f64).collect();
    let arrived: Vec<(f64, f64)> = ts.iter().map(|&t| (t, (m.free * t).floor())).collect();
    let admitted: Vec<(f64, f64)> = ts
        .iter()
        .map(|&t| (t, bucket_admitted(m.bucket, m.free_adm, m.free, t)))
        .collect();
    let refused = arrived
        .iter()
        .zip(&admitted)
        .map(|(a, b)| (a.0, a.1 - b.1))
        .collect();
    Chart {
        id: "bucket_burst",
        title: "Free requests admitted and refused in the first 60 s".to_string(),
        summary: format!(
            "Of {} free requests in the first 10 s the bucket admits {}, and {} of {} in 60 s; the rest get an instant 429 without touching a GPU.",
            units::number((m.free * 10.0).floor()),
            units::number(m.admitted_10),
            units::number(m.admitted_60),
            units::number((m.free * BURST_SECONDS).floor()),
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("time since the burst began", Unit::Seconds).range(0.0, BURST_SECONDS),
            y: Axis::new("requests so far", Unit::Count("requests")),
            series: vec![
                Series::new("arrived", Style::Dashed, Tone::Ink, arrived),
                Series::new("admitted", Style::Line, Tone::Good, admitted),
                Series::new("refused (429)", Style::Line, Tone::Bad, refused),
            ],
            hlines: vec![],
            vlines: vec![RefLine::new(10.0, "10 s", Tone::Muted)],
        }),
    }
}

pub(super) fn sim_chart(m: &Solved, sim: &SimResult) -> Chart {
    // The classes that carry traffic (the provisioned one when none does).
    let all = [
        ("paid, provisioned", m.paid_prov, m.w_p, &sim.prov),
        (
            "paid, shared (priority)",
            m.paid_shared,
            m.w_ps,
            &sim.shared_paid,
        ),
        ("free, shared", m.free_adm, m.w_f, &sim.free),
    ];
    let mut rows: Vec<_> = all.iter().filter(|r| r.1 > 0.0).collect();
    if rows.is_empty() {
        rows.push(&all[0]);
    }
    let bands: Vec<String> = rows
        .iter()
        .map(|(name, _, w, st)| {
            let sim = match st.half_width_ms() {
                Some(h) => format!("{} ± {}", ms(st.mean_ms()).trim_end_matches(" ms"), ms(h)),
                None => ms(st.mean_ms()),
            };
            format!("{name} {} against {sim} simulated", ms(*w))
        })
        .collect();
    Chart {
        id: "sim_vs_formula",
        title: "Mean waits: formula and simulation".to_string(),
        summary: format!(
            "Formula against a {}-arrival simulation ({BATCHES} independent runs, each from the pools' steady state; ± is a 95 % interval): {}.",
            units::number(sim.arrivals as f64),
            bands.join("; ")
        ),
        plot: Plot::Bars(BarChart {
            categories: rows.iter().map(|r| r.0.to_string()).collect(),
            y: Axis::new("mean queue wait", Unit::Ms),
            sets: vec![
                BarSet::new("formula", Tone::Ink, rows.iter().map(|r| r.2).collect()),
                BarSet::new("simulated", Tone::Warn, rows.iter().map(|r| r.3.mean_ms()).collect()),
            ],
            stacked: false,
            hlines: vec![RefLine::new(PAID_SLO_MS, "paid SLO 150 ms", Tone::Bad)],
            highlight: vec![],
        }),
    }
}
