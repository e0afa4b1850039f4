//! Closer to production, a prefix cache that keeps what it prefilled: every
//! card keeps the preamble of each member it served until its least recently
//! used copies make room (automatic prefix caching, vLLM's and SGLang's), in
//! the same scratch of [`copies_per_card`] copies. An arrival meets a
//! resident copy when its member was asked of that card recently enough.
//!
//! The hit share of an LRU cache of `C` copies under independent arrivals is
//! Che's approximation (Che, Tung & Wang 2002): a characteristic time `T`
//! with `Σ_m (1 − e^(−r_m·T)) = C`, and member `m` hits with probability
//! `1 − e^(−r_m·T)`; a card asked for at most `C` members keeps them all.
//! Steady state: each card's first prefill of a member is not counted.
//!
//! ```text
//! round-robin, least-loaded   every card sees the whole family: the hot member at h,
//!                             n − 1 others at (1 − h)/(n − 1) each
//!                             64 cards, 20 copies: 80 % + 20 % × 30.2 % = 86.0 %
//! hash, sharded               a card's one or two members: all resident (100 %)
//! hash + overflow             a home keeps its members; a card under the cap also
//!                             keeps the members overflow sends it
//! ```

use super::params::{Balancer, Input};
use crate::engine::preamble::{copies_per_card, KV_KB_PER_TOKEN, PREAMBLE_TOKENS, SCRATCH_GB};
use crate::engine::routing::{Evaluation, Policy};

/// Copies one card's scratch holds (8 GB of 384 MB copies: 20).
pub(super) fn copies_held() -> usize {
    copies_per_card(SCRATCH_GB, PREAMBLE_TOKENS, KV_KB_PER_TOKEN)
}

/// Members asked of one card: `(rate, how many members at that rate)`.
pub(super) type Asked = Vec<(f64, usize)>;

/// Che's approximation: the share of `asked`'s arrivals that meet a resident
/// copy in an LRU cache of `held` copies (1 when every member fits).
pub(super) fn lru_hit_share(asked: &[(f64, usize)], held: usize) -> f64 {
    let asked: Vec<(f64, usize)> = asked
        .iter()
        .copied()
        .filter(|&(r, k)| r > 0.0 && k > 0)
        .collect();
    let members: usize = asked.iter().map(|a| a.1).sum();
    let total: f64 = asked.iter().map(|&(r, k)| r * k as f64).sum();
    if total <= 0.0 {
        return 1.0;
    }
    if members <= held {
        return 1.0;
    }
    if held == 0 {
        return 0.0;
    }
    let filled = |t: f64| -> f64 {
        asked
            .iter()
            .map(|&(r, k)| k as f64 * -(-r * t).exp_m1())
            .sum()
    };
    // T grows until the cache fills: bisect on log T.
    let (mut lo, mut hi) = (1e-12 / total, 1.0 / total);
    while filled(hi) < held as f64 {
        hi *= 2.0;
    }
    for _ in 0..100 {
        let mid = (lo * hi).sqrt();
        if filled(mid) < held as f64 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let t = (lo * hi).sqrt();
    let hits: f64 = asked
        .iter()
        .map(|&(r, k)| r * k as f64 * -(-r * t).exp_m1())
        .sum();
    (hits / total).clamp(0.0, 1.0)
}

/// What every card is asked for under round-robin (and least-loaded): the
/// whole family's mix, whichever card.
pub(super) fn dealt_mix(inp: &Input) -> Asked {
    let others = inp.n - 1;
    vec![(inp.h, 1), ((1.0 - inp.h) / others as f64, others)]
}

/// Closer to production: the share of the family's arrivals that meet a
/// copy their card kept, under balancer `b` and its evaluation `ev`.
pub(super) fn lru_locality(inp: &Input, b: Balancer, ev: &Evaluation) -> f64 {
    let held = copies_held();
    if b.policy() == Policy::RoundRobin {
        return lru_hit_share(&dealt_mix(inp), held);
    }
    let n = ev.load.len();
    let cold = (1.0 - inp.h) / (inp.n - 1) as f64;
    let hot_homes = inp.scenario(b).hot_homes();
    // Card i's own members at their full rate: the hot member on its homes,
    // one other member on each of cards 0 to n − 2.
    let base = |i: usize| -> Asked {
        let mut a = Vec::new();
        if i < hot_homes {
            a.push((inp.h / hot_homes as f64, 1));
        }
        if i + 1 < n {
            a.push((cold, 1));
        }
        a
    };
    let scaled = |a: Asked, by: f64| -> Asked { a.into_iter().map(|(r, k)| (r * by, k)).collect() };
    // What overflow sends each card under the cap: what every capped card
    // does not keep, evenly.
    let targets = ev.spill_in.iter().filter(|&&s| s > 0.0).count().max(1) as f64;
    let spilled: Asked = (0..n)
        .filter(|&i| ev.keep[i] < 1.0)
        .flat_map(|i| scaled(base(i), (1.0 - ev.keep[i]) / targets))
        .collect();
    let own = |i: usize| scaled(base(i), ev.keep[i]);
    let (mut hits, mut total) = (0.0, 0.0);
    for i in 0..n {
        let mut asked = own(i);
        if ev.spill_in[i] > 0.0 {
            asked.extend(spilled.iter().copied());
        }
        let rate: f64 = asked.iter().map(|&(r, k)| r * k as f64).sum();
        hits += rate * lru_hit_share(&asked, held);
        total += rate;
    }
    if total > 0.0 {
        (hits / total).clamp(0.0, 1.0)
    } else {
        1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With equal rates, Che's hit share is C/N for large N.
    #[test]
    fn equal_members_hit_in_proportion_to_the_cache() {
        let hit = lru_hit_share(&[(1.0, 1000)], 200);
        assert!((hit - 0.2).abs() < 1e-6, "{hit}");
        assert_eq!(lru_hit_share(&[(1.0, 20)], 20), 1.0);
    }
}
