//! # Fleet efficiency: the month's charts
//!
//! Every card (true rate against its measured score, coloured by fate), the
//! bill beside the ideal operator's, and delivered against demanded hour by
//! hour.

use super::model::pct1;
use super::params::{Shape, CONVERGENCE_PASS, HOURS};
use super::sim::Month;
use crate::model::*;

pub(super) fn charts(m: &Month, out: &mut Outcome) {
    out.charts.push(cards_chart(m));
    out.charts.push(bill_chart(m));
    out.charts.push(delivery_chart(m));
}

/// (true, measured) of every card, by fate: warm, kept but not warm,
/// evicted below the median, wrongly evicted.
type Groups = [Vec<(f64, f64)>; 4];

fn card_groups(m: &Month) -> Groups {
    let [mut warm, mut cold, mut right, mut wrong]: Groups = Default::default();
    for i in 0..m.cards.len() {
        let p = (m.cards[i].true_rate, m.measured[i]);
        if m.is_evicted[i] {
            if m.cards[i].true_rate >= m.median {
                wrong.push(p);
            } else {
                right.push(p);
            }
        } else if m.is_warm[i] {
            warm.push(p);
        } else {
            cold.push(p);
        }
    }
    [warm, cold, right, wrong]
}

/// The card groups as points, then the lines measured = true × (1 ± err).
fn card_series(m: &Month) -> Vec<Series> {
    let [warm, cold, right, wrong] = card_groups(m);
    let lo = m
        .cards
        .iter()
        .map(|c| c.true_rate)
        .fold(f64::INFINITY, f64::min);
    let hi = m.cards.iter().map(|c| c.true_rate).fold(0.0, f64::max);
    let err = m.input.window.err();
    let (kept, below, wrongly) = (cold.len(), right.len(), wrong.len());
    let rows = [
        (
            format!("warm ({})", m.run.len()),
            Style::Points,
            Tone::Good,
            warm,
        ),
        (
            format!("kept, not warm ({kept})"),
            Style::Points,
            Tone::Muted,
            cold,
        ),
        (
            format!("evicted, below median ({below})"),
            Style::Points,
            Tone::Warn,
            right,
        ),
        (
            format!("wrong eviction ({wrongly})"),
            Style::Points,
            Tone::Bad,
            wrong,
        ),
        (
            "measured = true".to_string(),
            Style::Dashed,
            Tone::Ink,
            vec![(lo, lo), (hi, hi)],
        ),
        (
            format!("true × (1 + {})", err),
            Style::Dashed,
            Tone::Muted,
            vec![(lo, lo * (1.0 + err)), (hi, hi * (1.0 + err))],
        ),
        (
            format!("true × (1 − {})", err),
            Style::Dashed,
            Tone::Muted,
            vec![(lo, lo * (1.0 - err)), (hi, hi * (1.0 - err))],
        ),
    ];
    rows.into_iter()
        .filter(|r| !r.3.is_empty())
        .map(|(name, style, tone, pts)| Series::new(name, style, tone, pts))
        .collect()
}

/// The eviction cut halfway between the last evicted and the first kept
/// measured rate (none when nothing is evicted).
fn eviction_cut(m: &Month) -> Vec<RefLine> {
    let n = m.cards.len();
    if m.k == 0 {
        return Vec::new();
    }
    let mut sorted = m.measured.clone();
    sorted.sort_by(f64::total_cmp);
    let cut = if m.k < n {
        (sorted[m.k - 1] + sorted[m.k]) / 2.0
    } else {
        sorted[n - 1]
    };
    vec![RefLine::new(
        cut,
        format!("eviction cut: bottom {} of {} by score", m.k, n),
        Tone::Bad,
    )]
}

fn cards_chart(m: &Month) -> Chart {
    Chart {
        id: "cards",
        title: format!(
            "Every card: true rate against its {}-window score",
            m.input.window.word()
        ),
        summary: format!(
            "{} of {} cards fall below the eviction cut; {} of them (red) sit at or above the fleet median true rate of {}.",
            m.k,
            m.cards.len(),
            m.wrong,
            Unit::TokPerS.format(m.median)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("true rate", Unit::TokPerS),
            y: Axis::new("measured rate", Unit::TokPerS),
            series: card_series(m),
            hlines: eviction_cut(m),
            vlines: vec![RefLine::valued(m.median, "fleet median", Unit::TokPerS, Tone::Ink)],
        }),
    }
}

fn bill_chart(m: &Month) -> Chart {
    let usd = |x: f64| Unit::Usd.format(x);
    let mut hlines = Vec::new();
    if m.ideal_bill > 0.0 {
        hlines.push(RefLine::new(
            m.ideal_bill / CONVERGENCE_PASS,
            format!("90 % convergence: {}", usd(m.ideal_bill / CONVERGENCE_PASS)),
            Tone::Warn,
        ));
    }
    Chart {
        id: "bill",
        title: "The month's bill beside the ideal operator's".to_string(),
        summary: format!(
            "This month bills {}: {} of rent that moved tokens, {} idle and {} churn, against the ideal operator's {} ({} convergence).",
            usd(m.bill),
            usd(m.warm_rent - m.idle_dollars),
            usd(m.idle_dollars),
            usd(m.churn),
            usd(m.ideal_bill),
            pct1(m.convergence)
        ),
        plot: Plot::Bars(BarChart {
            categories: vec![
                format!("this month ({} warm, {} evicted)", m.run.len(), m.k),
                format!("ideal operator ({} cards)", m.ideal.len()),
            ],
            y: Axis::new("the month's bill", Unit::Usd),
            sets: vec![
                BarSet::new(
                    "rent that moved tokens",
                    Tone::Good,
                    vec![
                        m.warm_rent - m.idle_dollars,
                        m.ideal_bill - m.ideal_idle_dollars,
                    ],
                ),
                BarSet::new("idle dollars", Tone::Warn, vec![m.idle_dollars, m.ideal_idle_dollars]),
                BarSet::new("churn fees", Tone::Bad, vec![m.churn, 0.0]),
            ],
            stacked: true,
            hlines,
            highlight: vec![],
        }),
    }
}

fn delivery_chart(m: &Month) -> Chart {
    let inp = &m.input;
    let shape = inp.shape.multipliers();
    let demand: Vec<(f64, f64)> = (0..HOURS)
        .map(|h| (h as f64, inp.demand * shape[h % 24]))
        .collect();
    let delivered: Vec<(f64, f64)> = demand
        .iter()
        .map(|&(h, d)| (h, d.min(m.capacity)))
        .collect();
    let mut series = vec![
        Series::new("demand", Style::Step, Tone::Ink, demand),
        Series::new("delivered", Style::Step, Tone::Good, delivered),
    ];
    if inp.shape == Shape::Flat && inp.demand > 0.0 {
        let practice = Shape::Diurnal.multipliers();
        series.push(Series::new(
            "demand on the diurnal practice shape",
            Style::Dashed,
            Tone::Muted,
            (0..HOURS)
                .map(|h| (h as f64, inp.demand * practice[h % 24]))
                .collect(),
        ));
    }
    Chart {
        id: "delivery",
        title: "Delivered against demand, hour by hour".to_string(),
        summary: format!(
            "Over {HOURS} hours the {} warm cards deliver an average of {} of the {} demanded ({}); their true capacity is {}.",
            m.run.len(),
            Unit::TokPerS.format(m.delivered_avg),
            Unit::TokPerS.format(m.demanded_avg),
            pct1(m.delivered_share()),
            Unit::TokPerS.format(m.capacity)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("hour of the month", Unit::Hours).range(0.0, HOURS as f64),
            y: Axis::new("tokens per second", Unit::TokPerS),
            series,
            hlines: vec![RefLine::valued(
                m.capacity,
                "warm cards' true capacity",
                Unit::TokPerS,
                Tone::Good,
            )],
            vlines: vec![],
        }),
    }
}
