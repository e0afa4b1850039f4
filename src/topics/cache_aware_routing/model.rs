//! The page's model: the engine's routing evaluator under the seed card's
//! model, and closer to production an LRU prefix cache on every card with a
//! miss's prefill on its card's load.
//!
//! Closer to production a card keeps every opening it prefills until its
//! least recently used copy makes room: what it keeps is decided by what it
//! is sent, not by the hash's homes. Card i is sent its own families (all of
//! them under round-robin, each at `Λ·p_f/n`; its homes under a hash, each
//! at `Λ·p_f/|homes_f|`, times its keep under overflow) and, under
//! overflow, a share of what the capped cards spill. Its hits follow Che's
//! approximation of an LRU cache of `H` copies:
//!
//! ```text
//! Σ_f (1 − e^(−λ_f·T)) = H        (solved for T when the card is sent more than H families)
//! hits_i = Σ_f λ_f·(1 − e^(−λ_f·T))    (every family hits when they all fit)
//! load_i = arrivals_i + (arrivals_i − hits_i) · μ·P/R
//! ```
//!
//! With `C` equally popular families it is exact: `hit = min(1, H/C)`, so
//! round-robin at 8 GB hits 20/64 = 31.25 % and at 80 GB every arrival. `R`
//! is [`super::params::PREFILL_TOK_S`].

use super::params::Input;
use crate::engine::routing::{self, hit_share_with, Evaluation, Policy, Scenario};

/// Families of one rate sent to one card: how many, and req/s each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Class {
    pub(super) families: usize,
    pub(super) rate: f64,
}

/// Cold families homed on card i.
fn cold_on(s: &Scenario, i: usize) -> usize {
    s.homes_on(i) - usize::from(i < s.hot_homes())
}

/// The cards whose families card i is sent, with the share of each of
/// their families' arrivals it takes: itself (its keep) and, when it takes
/// overflow, every capped card (its spill over the cards taking it).
/// Round-robin is apart: every card is sent every family.
fn sources(ev: &Evaluation, i: usize) -> Vec<(usize, f64)> {
    let mut out = vec![(i, ev.keep.get(i).copied().unwrap_or(1.0))];
    if ev.spill_in.get(i).copied().unwrap_or(0.0) > 0.0 && ev.spill_targets > 0 {
        for (k, &keep) in ev.keep.iter().enumerate() {
            if keep < 1.0 {
                out.push((k, (1.0 - keep) / ev.spill_targets as f64));
            }
        }
    }
    out
}

/// What card i is sent, by class: the hot family (all of it on this card
/// merged into one family) and the cold families of each source.
pub(super) fn demand(s: &Scenario, ev: &Evaluation, i: usize) -> Vec<Class> {
    let lam = s.arrivals.max(0.0);
    let n = s.cards.max(1) as f64;
    let q = s.cold_share();
    let mut out = Vec::new();
    let mut hot = 0.0;
    if s.policy == Policy::RoundRobin {
        out.push(Class {
            families: s.cold_families.max(1),
            rate: lam * q / n,
        });
        hot = lam * s.hot_share.clamp(0.0, 1.0) / n;
    } else {
        for (k, share) in sources(ev, i) {
            out.push(Class {
                families: cold_on(s, k),
                rate: lam * q * share,
            });
            if k < s.hot_homes() {
                hot += lam * s.hot_per_home() * share;
            }
        }
    }
    if s.hot_homes() > 0 {
        out.push(Class {
            families: 1,
            rate: hot,
        });
    }
    out.retain(|c| c.families > 0 && c.rate > 0.0);
    out
}

/// The families a card is sent: (family, req/s), cold family j as j and
/// the hot family as C, most requested first (ties to the lower index, the
/// hot family first), for a simulation to start warm.
pub(super) fn families_sent(s: &Scenario, ev: &Evaluation, i: usize) -> Vec<(u32, f64)> {
    let lam = s.arrivals.max(0.0);
    let (n, c) = (s.cards.max(1), s.cold_families.max(1));
    let q = s.cold_share();
    let mut out: Vec<(u32, f64)> = Vec::new();
    let mut hot = 0.0;
    if s.policy == Policy::RoundRobin {
        out.extend((0..c).map(|j| (j as u32, lam * q / n as f64)));
        hot = lam * s.hot_share.clamp(0.0, 1.0) / n as f64;
    } else {
        for (k, share) in sources(ev, i) {
            out.extend((k..c).step_by(n).map(|j| (j as u32, lam * q * share)));
            if k < s.hot_homes() {
                hot += lam * s.hot_per_home() * share;
            }
        }
    }
    if s.hot_homes() > 0 && hot > 0.0 {
        out.push((c as u32, hot));
    }
    out.retain(|f| f.1 > 0.0);
    out.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then((a.0 != c as u32).cmp(&(b.0 != c as u32)))
            .then(a.0.cmp(&b.0))
    });
    out
}

/// Req/s of hits an LRU cache of `held` copies serves from `classes`
/// (Che's approximation; exact when every family fits, or all are alike).
pub(super) fn lru_hits(classes: &[Class], held: usize) -> f64 {
    let sent: usize = classes.iter().map(|c| c.families).sum();
    let arrivals: f64 = classes.iter().map(|c| c.families as f64 * c.rate).sum();
    if sent <= held {
        return arrivals;
    }
    if held == 0 {
        return 0.0;
    }
    let kept = |t: f64| -> f64 {
        classes
            .iter()
            .map(|c| c.families as f64 * -(-c.rate * t).exp_m1())
            .sum()
    };
    let least = classes.iter().map(|c| c.rate).fold(f64::INFINITY, f64::min);
    let (mut lo, mut hi) = (0.0, 1.0 / least);
    while kept(hi) < held as f64 {
        hi *= 2.0;
    }
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if kept(mid) < held as f64 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let t = 0.5 * (lo + hi);
    classes
        .iter()
        .map(|c| c.families as f64 * c.rate * -(-c.rate * t).exp_m1())
        .sum()
}

/// [`lru_hits`] of `classes`, or the last card's when it was sent the same
/// (neighbouring cards mostly are: under round-robin every card is).
fn same_or(last: &mut Option<(Vec<Class>, f64)>, classes: Vec<Class>, held: usize) -> f64 {
    if let Some((prev, hits)) = last {
        if *prev == classes {
            return *hits;
        }
    }
    let hits = lru_hits(&classes, held);
    *last = Some((classes, hits));
    hits
}

/// The page's evaluation of `s`: the engine's under the seed card's model;
/// closer to production, the same routing with an LRU prefix cache on each
/// card (homes = the openings a card is sent, held = as many as fit, hit =
/// Che's) and each miss's prefill on its card's load.
pub(super) fn evaluate(inp: &Input, s: &Scenario) -> Evaluation {
    let mut ev = routing::evaluate(s);
    if !inp.production {
        return ev;
    }
    let lam = s.arrivals.max(0.0);
    let cost = inp.prefill_cost();
    let mut hits = 0.0;
    let mut last: Option<(Vec<Class>, f64)> = None;
    for i in 0..ev.load.len() {
        let classes = demand(s, &ev, i);
        let sent: usize = classes.iter().map(|c| c.families).sum();
        let arrivals: f64 = classes.iter().map(|c| c.families as f64 * c.rate).sum();
        let hit = same_or(&mut last, classes, s.held);
        ev.homes[i] = sent;
        ev.held[i] = sent.min(s.held);
        ev.load[i] += (arrivals - hit).max(0.0) * cost;
        hits += hit;
    }
    if lam > 0.0 {
        ev.hit = (hits / lam).clamp(0.0, 1.0);
    }
    ev
}

/// The hit share of `s` if each card held `held` copies, in the run's
/// model; `ev` is the evaluation of `s` (its overflow's keep factors).
pub(super) fn hit_share_at(inp: &Input, s: &Scenario, ev: &Evaluation, held: usize) -> f64 {
    if !inp.production {
        return hit_share_with(s, &ev.keep, held);
    }
    let lam = s.arrivals.max(0.0);
    if lam <= 0.0 {
        return 1.0;
    }
    let mut last = None;
    let hits: f64 = (0..ev.load.len())
        .map(|i| same_or(&mut last, demand(s, ev, i), held))
        .sum();
    (hits / lam).clamp(0.0, 1.0)
}

/// Closer to production, the re-prefills of card i a second: its arrivals
/// less its hits (0 under the seed card's model, where a miss costs no
/// capacity).
pub(super) fn card_misses(inp: &Input, s: &Scenario, ev: &Evaluation, i: usize) -> f64 {
    let cost = inp.prefill_cost();
    if cost > 0.0 {
        (ev.load[i] - ev.family_load(i) - s.background.max(0.0)).max(0.0) / cost
    } else {
        0.0
    }
}

/// The fleet's average utilization: `Λ/(n·μ)`, and closer to production
/// with every card's re-prefills on it.
pub(super) fn fleet_average(inp: &Input, ev: &Evaluation) -> f64 {
    let n = ev.load.len().max(1) as f64;
    if inp.production {
        ev.load.iter().sum::<f64>() / (n * inp.capacity)
    } else {
        inp.arrivals / (inp.cards as f64 * inp.capacity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lru_of_equal_families_keeps_its_share() {
        let c = [Class {
            families: 64,
            rate: 2.5 / 64.0,
        }];
        assert!((lru_hits(&c, 20) / 2.5 - 20.0 / 64.0).abs() < 1e-9);
        assert_eq!(lru_hits(&c, 64), 2.5);
        assert_eq!(lru_hits(&c, 0), 0.0);
    }

    #[test]
    fn a_hot_family_mostly_hits_under_lru() {
        let c = [
            Class {
                families: 1,
                rate: 10.0,
            },
            Class {
                families: 100,
                rate: 0.1,
            },
        ];
        let hits = lru_hits(&c, 10);
        // The hot family is nearly always resident; the cold ones share
        // the other nine slots.
        assert!(hits > 10.0 * 0.99 + 0.09 * 10.0 * 0.8, "{hits}");
        assert!(hits < 10.0 + 10.0 * 0.1);
    }
}
