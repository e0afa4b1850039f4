//! The explorer's charts: decode load per card under this balancer, locality
//! against balance for every balancer, and the busiest card's share of the
//! family against the hot share.

use super::model::{busiest, round_robin_share_per_card};
use super::model_cache::lru_locality;
use super::params::{Balancer, Input, ALL, LOCALITY_FLOOR};
use super::sim::{peak_load, Dispatch};
use crate::engine::routing::{self, evaluate, Evaluation, Scenario, HEADROOM};
use crate::model::*;

pub(super) fn load_chart(inp: &Input, ev: &Evaluation) -> Chart {
    let n = inp.n;
    let (b, util, share) = busiest(inp, ev);
    let mut hlines = vec![RefLine::new(HEADROOM, "60% headroom", Tone::Bad)];
    if inp.balancer == Balancer::HashOverflow && (inp.cap - HEADROOM).abs() > 1e-9 {
        hlines.push(RefLine::new(inp.cap, "overflow cap", Tone::Warn));
    }
    Chart {
        id: "load",
        title: format!("Decode load per card ({})", inp.balancer.word()),
        summary: format!(
            "Under {} card {b} is busiest: {} of the family plus other traffic puts it at {} of its decode capacity against the 60% headroom line; the fleet averages {}.",
            inp.balancer.word(),
            Unit::Share.format(share),
            Unit::Share.format(util),
            Unit::Share.format(inp.load / (inp.w * n as f64))
        ),
        plot: Plot::Bars(BarChart {
            categories: (0..n).map(|i| i.to_string()).collect(),
            y: Axis::new("decode utilization", Unit::Share),
            sets: vec![
                BarSet::new(
                    "the family, on its own cards",
                    Tone::Cat(0),
                    (0..n).map(|i| ev.hot_load[i] + ev.cold_load[i]).collect(),
                ),
                BarSet::new(
                    if inp.production { "overflow received" } else { "overflow received (misses)" },
                    Tone::Warn,
                    ev.spill_in.clone(),
                ),
                BarSet::new("rest of the fleet's traffic", Tone::Muted, vec![inp.background(); n]),
            ],
            stacked: true,
            hlines,
            highlight: vec![b],
        }),
    }
}

/// Locality against balance: one point per balancer.
pub(super) fn tradeoff_chart(inp: &Input) -> Chart {
    let points: Vec<(Balancer, f64, f64)> = ALL
        .iter()
        .map(|&b| {
            let ev = evaluate(&inp.scenario(b));
            let hit = if inp.production {
                lru_locality(inp, b, &ev)
            } else {
                ev.hit
            };
            (b, ev.busiest().1, hit)
        })
        .collect();
    let hi = points.iter().map(|p| p.1).fold(1.0, f64::max);
    let series = points
        .iter()
        .map(|&(b, x, y)| {
            let name = if b == inp.balancer {
                format!("{} (chosen)", b.word())
            } else {
                b.word().to_string()
            };
            Series::new(name, Style::Points, Tone::Cat(b as u8), vec![(x, y)])
        })
        .collect();
    Chart {
        id: "tradeoff",
        title: "Locality against balance, every balancer".to_string(),
        summary: format!(
            "{} / locality — {}. {}",
            if inp.production {
                "Busiest card (average)"
            } else {
                "Busiest card"
            },
            points
                .iter()
                .map(|(b, x, y)| format!(
                    "{}: {} / {}",
                    b.word(),
                    Unit::Share.format(*x),
                    Unit::Share.format(*y)
                ))
                .collect::<Vec<_>>()
                .join("; "),
            dealt_alike(inp)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("busiest card's decode utilization", Unit::Share).range(0.0, hi * 1.05),
            y: Axis::new("locality", Unit::Share).range(0.0, 1.05),
            series,
            hlines: vec![RefLine::new(
                LOCALITY_FLOOR,
                "90% locality floor",
                Tone::Good,
            )],
            vlines: vec![RefLine::new(HEADROOM, "60% headroom", Tone::Bad)],
        }),
    }
}

/// Round-robin against least-loaded: one point in the fluid model; closer to
/// production they share the average but not the load over time.
fn dealt_alike(inp: &Input) -> String {
    if !inp.production {
        return "Round-robin and least-loaded coincide in this fluid model.".to_string();
    }
    let ev = evaluate(&inp.scenario(Balancer::RoundRobin));
    format!(
        "Round-robin and least-loaded share their averages; at the 95th percentile of time least-loaded's busiest card runs at {}, round-robin's at {}, requests holding a card for heavy-tailed times.",
        Unit::Share.format(peak_load(inp, &ev, Dispatch::LeastOutstanding)),
        Unit::Share.format(peak_load(inp, &ev, Dispatch::RoundRobin))
    )
}

/// Steps of the hot-share sweep.
const SWEEP_STEPS: usize = 20;

/// The busiest card's share of the family against the hot share.
pub(super) fn concentration_chart(inp: &Input) -> Chart {
    let hs: Vec<f64> = (0..=SWEEP_STEPS)
        .map(|k| k as f64 / SWEEP_STEPS as f64)
        .collect();
    let series = [Balancer::RoundRobin, Balancer::Hash, Balancer::HashShard2]
        .iter()
        .map(|&b| {
            Series::new(
                b.word(),
                Style::Line,
                Tone::Cat(b as u8),
                hs.iter()
                    .map(|&h| {
                        let s = Scenario::family_level(inp.n, h, b.policy());
                        (h, evaluate(&s).busiest().1)
                    })
                    .collect(),
            )
        })
        .collect();
    // The family share that fills a card to the headroom, given the rest.
    let fill = ((HEADROOM - inp.background()) / inp.load).max(0.0);
    Chart {
        id: "concentration",
        title: format!("Busiest card's share of the family on {} cards", inp.n),
        summary: format!(
            "At h = {}: hash puts {} of the family on one card, sharding {}, round-robin {}. A card reaches the 60% headroom at {} of the family.",
            Unit::Share.format(inp.h),
            Unit::Share.format(routing::hash_busiest_share(inp.n, inp.h, false)),
            Unit::Share.format(routing::hash_busiest_share(inp.n, inp.h, true)),
            Unit::Share.format(round_robin_share_per_card(inp.n)),
            Unit::Share.format(fill)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("hot member's share of the family", Unit::Share).range(0.0, 1.0),
            y: Axis::new("busiest card's share of the family", Unit::Share).range(0.0, 1.0),
            series,
            hlines: if fill <= 1.0 {
                vec![RefLine::new(fill, "fills the 60% headroom", Tone::Bad)]
            } else {
                vec![]
            },
            vlines: vec![RefLine::new(inp.h, "now", Tone::Ink)],
        }),
    }
}
