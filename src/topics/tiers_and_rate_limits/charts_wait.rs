//! The wait chart: the curve W = S·ρ/(1−ρ), each pool's operating point on
//! it, and the simulation's points beside them. Closer to production each
//! pool is one queue on its cards: the curves are Erlang C's, one per pool
//! size, and the one-card simulated curve (a card's own queue) is left out.

use super::model::{mm1_wait_ms, ms, pct, priority_waits_ms, Solved};
use super::model_pool::{pooled_priority_waits_ms, pooled_wait_ms};
use super::params::{Input, PAID_SLO_MS, UTIL_CAP};
use super::sim::SimResult;
use super::sim_page::{sweep_arrivals, SweepPoint};
use crate::model::units;
use crate::model::*;

/// The curve's x limit: a pool past it is drawn at the edge as jammed.
const X_HI: f64 = 1.05;

pub(super) fn wait_chart(inp: &Input, m: &Solved, sim: &SimResult, sweep: &[SweepPoint]) -> Chart {
    let s = inp.s;
    let y_hi = y_top(inp, m, sim);
    let mut series = if inp.production {
        pooled_curves(inp, m, y_hi)
    } else {
        curves(inp, m, y_hi)
    };
    series.extend(operating_points(inp, m, y_hi));
    let sweep: &[SweepPoint] = if inp.production { &[] } else { sweep };
    series.extend(simulated(m, sim, sweep, s, y_hi));
    Chart {
        id: "wait_curve",
        title: if inp.production {
            "Mean queue wait against utilization, one queue per pool"
        } else {
            "Mean queue wait against utilization, per card"
        }
        .to_string(),
        summary: if inp.production {
            pooled_summary(m, s)
        } else {
            summary(m, s, sweep)
        },
        plot: Plot::Xy(XyChart {
            x: Axis::new("utilization ρ", Unit::Share).range(0.0, X_HI),
            y: Axis::new("mean queue wait", Unit::Ms).range(0.0, y_hi),
            series,
            hlines: vec![RefLine::new(PAID_SLO_MS, "paid SLO 150 ms", Tone::Bad)],
            vlines: vec![
                RefLine::new(UTIL_CAP, "85 % cap", Tone::Warn),
                RefLine::new(1.0, "100 %: jams", Tone::Bad),
            ],
        }),
    }
}

/// The y limit: a quarter above the largest finite wait shown, and at least
/// 22·S.
fn y_top(inp: &Input, m: &Solved, sim: &SimResult) -> f64 {
    let mut finite = vec![PAID_SLO_MS];
    for w in [m.w_p, m.w_f, sim.prov.mean_ms(), sim.free.mean_ms()] {
        if w.is_finite() {
            finite.push(w);
        }
    }
    if inp.spill > 0.0 {
        finite.extend(
            [m.w_ps, sim.shared_paid.mean_ms()]
                .iter()
                .filter(|w| w.is_finite()),
        );
    }
    (finite.iter().fold(0.0f64, |a, &b| a.max(b)) * 1.25).max(22.0 * inp.s)
}

/// The formula's curve up to where it leaves the chart, and with spilled
/// paid, the free wait behind paid priority.
fn curves(inp: &Input, m: &Solved, y_hi: f64) -> Vec<Series> {
    let s = inp.s;
    let rho_top = (y_hi / (s + y_hi)).min(0.999);
    let curve: Vec<(f64, f64)> = (0..=200)
        .map(|i| {
            let rho = rho_top * i as f64 / 200.0;
            (rho, mm1_wait_ms(s, rho))
        })
        .collect();
    let mut series = vec![Series::new("W = S·ρ/(1−ρ)", Style::Line, Tone::Ink, curve)];
    if inp.spill > 0.0 && m.rho_ps < rho_top {
        series.extend(behind_priority(m.rho_ps, y_hi, |rho| {
            priority_waits_ms(s, m.rho_ps, rho).1
        }));
    }
    series
}

/// The free wait behind paid priority from paid's utilization `lo` up to
/// where it leaves the chart; none when it starts above it.
fn behind_priority(lo: f64, y_hi: f64, wait: impl Fn(f64) -> f64) -> Option<Series> {
    let pts: Vec<(f64, f64)> = (0..=120)
        .map(|i| {
            let rho = lo + (0.999 - lo) * i as f64 / 120.0;
            (rho, wait(rho))
        })
        .take_while(|p| p.1 <= y_hi)
        .collect();
    (!pts.is_empty()).then(|| {
        Series::new(
            format!("free behind {} paid priority", pct(lo)),
            Style::Dashed,
            Tone::Cat(1),
            pts,
        )
    })
}

/// Closer to production: Erlang C's mean wait on each pool's cards, up to
/// where it leaves the chart, and with spilled paid, the free wait behind
/// paid priority (Cobham on the shared pool's cards).
fn pooled_curves(inp: &Input, m: &Solved, y_hi: f64) -> Vec<Series> {
    let s = inp.s;
    let grid = |lo: f64, n: usize| (0..=n).map(move |i| lo + (0.999 - lo) * i as f64 / n as f64);
    let mut pools = vec![("provisioned", m.cp_up), ("shared", m.cs_up)];
    if m.cp_up == m.cs_up {
        pools = vec![("both pools", m.cp_up)];
    }
    let mut series: Vec<Series> = pools
        .into_iter()
        .filter(|&(_, c)| c > 0)
        .enumerate()
        .map(|(i, (name, c))| {
            let pts = grid(0.0, 200)
                .map(|rho| (rho, pooled_wait_ms(s, c, rho)))
                .take_while(|p| p.1 <= y_hi)
                .collect();
            let style = if i == 0 { Style::Line } else { Style::Dashed };
            Series::new(
                format!(
                    "{name}: one queue on {} (Erlang C)",
                    units::counted(c as f64, "cards")
                ),
                style,
                Tone::Ink,
                pts,
            )
        })
        .collect();
    if inp.spill > 0.0 && m.cs_up > 0 {
        series.extend(behind_priority(m.rho_ps, y_hi, |rho| {
            pooled_priority_waits_ms(s, m.cs_up, m.rho_ps, rho).1
        }));
    }
    series
}

/// An operating point; a jammed one sits at the chart's edge.
fn point(rho: f64, w: f64, y_hi: f64) -> (f64, f64) {
    if w.is_finite() && rho <= X_HI {
        (rho, w)
    } else {
        (rho.min(X_HI), y_hi)
    }
}

/// What a jammed point's name adds.
fn jam(rho: f64, w: f64) -> String {
    if w.is_finite() {
        String::new()
    } else {
        format!(" (jammed at {}: ∞)", pct(rho))
    }
}

/// The formula's operating points of the classes that carry traffic.
fn operating_points(inp: &Input, m: &Solved, y_hi: f64) -> Vec<Series> {
    let mut series = Vec::new();
    if inp.spill < 1.0 {
        series.push(Series::new(
            format!("provisioned: paid{}", jam(m.rho_p, m.w_p)),
            Style::Points,
            Tone::Cat(0),
            vec![point(m.rho_p, m.w_p, y_hi)],
        ));
    }
    if inp.free > 0.0 || inp.spill == 0.0 {
        series.push(Series::new(
            format!("shared: free{}", jam(m.rho_s, m.w_f)),
            Style::Points,
            Tone::Cat(1),
            vec![point(m.rho_s, m.w_f, y_hi)],
        ));
    }
    if inp.spill > 0.0 {
        series.push(Series::new(
            format!("shared: paid with priority{}", jam(m.rho_s, m.w_ps)),
            Style::Points,
            Tone::Cat(2),
            vec![point(m.rho_s, m.w_ps, y_hi)],
        ));
    }
    series
}

/// The one-card simulated curve, then this run's simulated waits.
fn simulated(m: &Solved, sim: &SimResult, sweep: &[SweepPoint], s: f64, y_hi: f64) -> Vec<Series> {
    let mut series = Vec::new();
    if !sweep.is_empty() {
        series.push(Series::new(
            "simulated, one card, from its steady state",
            Style::Points,
            Tone::Muted,
            sweep
                .iter()
                .map(|&(r, w, _)| (r, (w * s).min(y_hi)))
                .collect(),
        ));
    }
    let mut simulated = Vec::new();
    if sim.prov.served() > 0 || sim.prov.stranded > 0 {
        simulated.push(point(m.rho_p, sim.prov.mean_ms(), y_hi));
    }
    if sim.free.served() > 0 || sim.free.stranded > 0 {
        simulated.push(point(m.rho_s, sim.free.mean_ms(), y_hi));
    }
    if sim.shared_paid.served() > 0 || sim.shared_paid.stranded > 0 {
        simulated.push(point(m.rho_s, sim.shared_paid.mean_ms(), y_hi));
    }
    if !simulated.is_empty() {
        series.push(Series::new(
            "simulated, this run",
            Style::Points,
            Tone::Warn,
            simulated,
        ));
    }
    series
}

/// The chart in words closer to production: each pool's point on its own
/// Erlang C curve.
fn pooled_summary(m: &Solved, s: f64) -> String {
    format!(
        "Each pool is one queue its cards serve. The provisioned pool sits at {} ({} paid wait) on Erlang C's curve for {} and the shared pool at {} ({} free wait) on the curve for {}, with S = {}. More cards sharing one queue wait less at the same utilization: a card's own queue (the seed card's W = S·ρ/(1−ρ)) waits {} at the provisioned pool's utilization.",
        pct(m.rho_p),
        ms(m.w_p),
        units::counted(m.cp_up as f64, "cards"),
        pct(m.rho_s),
        ms(m.w_f),
        units::counted(m.cs_up as f64, "cards"),
        ms(s),
        ms(mm1_wait_ms(s, m.rho_p)),
    )
}

/// The chart in words, with the simulated points near saturation and their
/// intervals.
fn summary(m: &Solved, s: f64, sweep: &[SweepPoint]) -> String {
    let high: Vec<String> = sweep
        .iter()
        .filter(|p| p.0 >= 0.9)
        .map(|&(r, w, h)| {
            format!(
                "{} ± {} at {} over {} requests (formula {})",
                ms(w * s).trim_end_matches(" ms"),
                ms(h * s),
                pct(r),
                units::number(sweep_arrivals(r) as f64),
                ms(mm1_wait_ms(s, r))
            )
        })
        .collect();
    let covered = sweep
        .iter()
        .filter(|&&(r, w, h)| (w - mm1_wait_ms(1.0, r)).abs() <= h)
        .count();
    format!(
        "The provisioned pool sits at {} ({} paid wait) and the shared pool at {} ({} free wait) on the curve W = S·ρ/(1−ρ) with S = {}. One card simulated from its steady state, longer near saturation where a sampled mean is noisier: {}; the curve lies within {} of the {} points' 95 % intervals.",
        pct(m.rho_p),
        ms(m.w_p),
        pct(m.rho_s),
        ms(m.w_f),
        ms(s),
        high.join(", "),
        covered,
        sweep.len(),
    )
}
