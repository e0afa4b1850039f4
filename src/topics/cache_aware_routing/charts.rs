//! The simulator's charts: load per card (model beside the sample), copies
//! homed against held, every policy on this fleet, and hit share against the
//! scratch size.

use super::model::{evaluate, fleet_average, hit_share_at};
use super::params::{Input, AFFINITY_FLOOR};
use crate::engine::preamble::copies_per_card;
use crate::engine::routing::{Evaluation, Policy, Scenario, ALL_POLICIES, HEADROOM};
use crate::engine::routing_sim::SimResult;
use crate::model::*;

fn card_names(n: usize) -> Vec<String> {
    (0..n).map(|i| i.to_string()).collect()
}

/// Load per card: its arrivals' decode, and closer to production its
/// re-prefills (`misses`, each card's in the sample).
pub(super) fn load_chart(inp: &Input, ev: &Evaluation, sim: &SimResult, misses: &[u64]) -> Chart {
    let n = ev.load.len();
    let mu = inp.capacity;
    let (b, busiest) = ev.busiest();
    let (idle_i, idlest) = ev.idlest();
    let cost = inp.prefill_cost();
    let measured: Vec<f64> = (0..n)
        .map(|i| {
            let prefill = misses.get(i).map_or(0.0, |&m| m as f64 * cost);
            if inp.production {
                (sim.per_card[i] as f64 + prefill) / sim.requests.max(1) as f64 * inp.arrivals / mu
            } else {
                sim.card_share(i) * inp.arrivals / mu
            }
        })
        .collect();
    let average = fleet_average(inp, ev);
    Chart {
        id: "load",
        title: if inp.production {
            format!("Load per card, decode and re-prefill ({})", inp.policy.word())
        } else {
            format!("Decode load per card ({})", inp.policy.word())
        },
        summary: format!(
            "Card {b} is busiest at {} of its decode capacity ({} req/s{}) against the 60% headroom line; card {idle_i} is idlest at {}; the fleet averages {}. The simulated {} requests put card {b} at {}.",
            Unit::Share.format(busiest / mu),
            crate::model::units::number(busiest),
            if inp.production { ", its re-prefills counted as the requests they displace" } else { "" },
            Unit::Share.format(idlest / mu),
            Unit::Share.format(average),
            crate::model::units::number(sim.requests as f64),
            Unit::Share.format(measured[b])
        ),
        plot: Plot::Bars(BarChart {
            categories: card_names(n),
            y: Axis::new("decode utilization", Unit::Share),
            sets: vec![
                BarSet::new("model", Tone::Cat(0), ev.load.iter().map(|l| l / mu).collect()),
                BarSet::new(
                    format!("simulated ({} requests)", sim.requests),
                    Tone::Cat(1),
                    measured,
                ),
            ],
            stacked: false,
            hlines: vec![
                RefLine::new(HEADROOM, "60% headroom", Tone::Bad),
                RefLine::new(average, "fleet average", Tone::Muted),
            ],
            highlight: vec![b],
        }),
    }
}

pub(super) fn copies_chart(inp: &Input, ev: &Evaluation) -> Chart {
    let n = ev.homes.len();
    let held = inp.held();
    let evicting: Vec<usize> = (0..n).filter(|&i| ev.homes[i] > ev.held[i]).collect();
    Chart {
        id: "copies",
        title: if inp.production {
            "Openings sent vs copies held, per card (LRU prefix cache)".to_string()
        } else {
            "Copies homed vs copies held, per card".to_string()
        },
        summary: if inp.production && ev.evicted() > 0 {
            format!(
                "Cards are sent up to {} different openings but {} holds {held} of {}: {} of {} cards keep only the most recently used and evict as others arrive, {} copies short in all.",
                ev.max_homes(),
                Unit::Gb.format(inp.scratch_gb),
                Unit::Mb.format(inp.copy_mb()),
                evicting.len(),
                n,
                ev.evicted()
            )
        } else if inp.production {
            format!(
                "Every card holds every opening it is sent: at most {} copies against the {held} that {} holds ({} copies across the fleet, all held).",
                ev.max_homes(),
                Unit::Gb.format(inp.scratch_gb),
                crate::model::units::number(ev.copies_demanded() as f64)
            )
        } else if ev.evicted() > 0 {
            format!(
                "Cards are asked to hold up to {} copies but {} holds {held} of {}: {} of {} cards silently evict, {} copies in all.",
                ev.max_homes(),
                Unit::Gb.format(inp.scratch_gb),
                Unit::Mb.format(inp.copy_mb()),
                evicting.len(),
                n,
                ev.evicted()
            )
        } else {
            format!(
                "Every card holds all its homes: at most {} copies against the {held} that {} holds ({} copies demanded, all held).",
                ev.max_homes(),
                Unit::Gb.format(inp.scratch_gb),
                ev.copies_demanded()
            )
        },
        plot: Plot::Bars(BarChart {
            categories: card_names(n),
            y: Axis::new("preamble copies", Unit::Count("copies")),
            sets: vec![
                BarSet::new(
                    "held (resident)",
                    Tone::Good,
                    ev.held.iter().map(|&h| h as f64).collect(),
                ),
                BarSet::new(
                    if inp.production {
                        "sent but evicted by LRU"
                    } else {
                        "homed but silently evicted"
                    },
                    Tone::Bad,
                    (0..n).map(|i| (ev.homes[i] - ev.held[i]) as f64).collect(),
                ),
            ],
            stacked: true,
            hlines: vec![RefLine::new(
                held as f64,
                format!("scratch holds {held}"),
                Tone::Ink,
            )],
            highlight: evicting,
        }),
    }
}

/// Every policy at the current parameters: what switching would buy.
pub(super) fn levers_chart(inp: &Input) -> Chart {
    let evs: Vec<Evaluation> = ALL_POLICIES
        .iter()
        .map(|&p| evaluate(inp, &inp.with_policy(p)))
        .collect();
    let mu = inp.capacity;
    let cur = inp.policy as usize;
    let passing: Vec<&str> = ALL_POLICIES
        .iter()
        .zip(&evs)
        .filter(|(_, e)| {
            e.affinity >= AFFINITY_FLOOR - 1e-9
                && e.busiest().1 / mu <= HEADROOM + 1e-9
                && e.max_homes() <= inp.held()
        })
        .map(|(p, _)| p.word())
        .collect();
    Chart {
        id: "levers",
        title: "What else helps: every policy on this fleet".to_string(),
        summary: format!(
            "Hit share / busiest card — {}. {}",
            ALL_POLICIES
                .iter()
                .zip(&evs)
                .map(|(p, e)| format!(
                    "{}: {} / {}",
                    p.word(),
                    Unit::Share.format(e.hit),
                    Unit::Share.format(e.busiest().1 / mu)
                ))
                .collect::<Vec<_>>()
                .join("; "),
            if passing.is_empty() {
                "No policy passes every check here; the scratch or the cards must change too."
                    .to_string()
            } else {
                format!("Passing every check: {}.", passing.join(", "))
            }
        ),
        plot: Plot::Bars(BarChart {
            categories: ALL_POLICIES.iter().map(|p| p.word().to_string()).collect(),
            y: Axis::new("share", Unit::Share),
            sets: vec![
                BarSet::new(
                    "routed home (affinity)",
                    Tone::Cat(0),
                    evs.iter().map(|e| e.affinity).collect(),
                ),
                BarSet::new("hit share", Tone::Good, evs.iter().map(|e| e.hit).collect()),
                BarSet::new(
                    "busiest card",
                    Tone::Warn,
                    evs.iter().map(|e| e.busiest().1 / mu).collect(),
                ),
            ],
            stacked: false,
            hlines: vec![
                RefLine::new(AFFINITY_FLOOR, "90% affinity floor", Tone::Ink),
                RefLine::new(HEADROOM, "60% headroom", Tone::Bad),
            ],
            highlight: vec![cur],
        }),
    }
}

/// Points of the scratch sweep.
const SWEEP_POINTS: usize = 160;

/// Hit share against the scratch size, for every policy.
pub(super) fn scratch_chart(inp: &Input, s: &Scenario) -> Chart {
    let copy_gb = inp.copy_mb() / 1000.0;
    let ev = evaluate(inp, s);
    let need_gb = ev.max_homes() as f64 * copy_gb;
    let hi = (2.0 * inp.scratch_gb).max(1.25 * need_gb).clamp(1.0, 160.0);
    let xs: Vec<f64> = (0..=SWEEP_POINTS)
        .map(|k| hi * k as f64 / SWEEP_POINTS as f64)
        .collect();
    let series = ALL_POLICIES
        .iter()
        .map(|&p| {
            let sp = inp.with_policy(p);
            let e = evaluate(inp, &sp);
            // Beyond the fullest card's homes more scratch changes nothing,
            // and neighbouring points often hold the same count: compute
            // each distinct count once.
            let top = e.max_homes();
            let mut last: Option<(usize, f64)> = None;
            let points = xs
                .iter()
                .map(|&x| {
                    let held = copies_per_card(x, inp.preamble_tokens, inp.kv_kb).min(top);
                    let hit = match last {
                        Some((h, v)) if h == held => v,
                        _ => hit_share_at(inp, &sp, &e, held),
                    };
                    last = Some((held, hit));
                    (x, hit)
                })
                .collect();
            Series::new(p.word(), Style::Step, Tone::Cat(p as u8), points)
        })
        .collect();
    let rr = inp.with_policy(Policy::RoundRobin);
    let rr_ev = evaluate(inp, &rr);
    let rr_big = hit_share_at(
        inp,
        &rr,
        &rr_ev,
        copies_per_card(160.0, inp.preamble_tokens, inp.kv_kb),
    );
    let mut vlines = vec![RefLine::valued(inp.scratch_gb, "now:", Unit::Gb, Tone::Ink)];
    if need_gb <= hi {
        vlines.push(RefLine::new(
            need_gb,
            format!("holds all {} homes", ev.max_homes()),
            Tone::Good,
        ));
    }
    Chart {
        id: "scratch",
        title: "Hit share against the scratch per card".to_string(),
        summary: if inp.production {
            let homes = evaluate(inp, &inp.with_policy(Policy::Hash)).max_homes();
            format!(
                "Round-robin sends every card every family's opening, so a card needs {} ({} copies of {}) to hold them, from where round-robin hits {}; a hash sends a card only its homes, {} copies ({}).",
                Unit::Gb.format((rr_ev.max_homes() as f64 * copy_gb * 100.0).ceil() / 100.0),
                rr_ev.max_homes(),
                Unit::Mb.format(inp.copy_mb()),
                Unit::Share.format(hit_share_at(inp, &rr, &rr_ev, rr_ev.max_homes())),
                homes,
                Unit::Gb.format((homes as f64 * copy_gb * 100.0).ceil() / 100.0)
            )
        } else {
            format!(
                "A card needs {} ({} copies of {}) to hold all its homes; round-robin stays at {} even with 160 GB, while hashing reaches its best once the homes fit.",
                Unit::Gb.format((need_gb * 100.0).ceil() / 100.0),
                ev.max_homes(),
                Unit::Mb.format(inp.copy_mb()),
                Unit::Share.format(rr_big)
            )
        },
        plot: Plot::Xy(XyChart {
            x: Axis::new("scratch per card", Unit::Gb),
            y: Axis::new("hit share", Unit::Share).range(0.0, 1.0),
            series,
            hlines: vec![],
            vlines,
        }),
    }
}
