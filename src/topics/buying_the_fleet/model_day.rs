//! # Buying the fleet — the month's arithmetic either model
//!
//! The dispatch, the whole cards and the break-even under the model a run
//! assumes: the seed card's flat month at 100 % use (`model`'s formulas,
//! called as they are), or closer to production a daily cycle the fleet is
//! sized for.
//!
//! Closer to production the demand follows a daily cycle, a sine about the
//! month's mean rate with peak-to-mean `P` (1.7): `d(θ) = d̄·(1 + a·sin θ)`,
//! `a = P − 1`. A card counts for the share `f = U·(N − 1)/N` of its flat-out
//! month (target use `U` = 75 %, one of `N` = 8 failure domains spare). A pool
//! whose counted rate is `x` times the mean carries, of the day's tokens,
//! `V(x) = x` below the trough (`x ≤ 1 − a`), all of them above the peak
//! (`x ≥ 1 + a`), and between, with `s = (x − 1)/a` and `φ = asin s`,
//! `V(x) = 1 − a/(2π)·(2·cos φ − s·(π − 2φ))`. Owned cards carry `V` of
//! their counted rate, owned and rented together `V` of theirs, the API the
//! rest. Whole cards cover the peak, `P·D`, at `f` of a card's month.

use super::model::{
    api_bill, breakeven_api_share, cards_needed, cost_per_1m, dispatch, fill_cards,
    fleet_tokens_at, Dispatch,
};
use super::params::{Chip, Input, IDLE_MAX};
use std::f64::consts::PI;

/// `V(x)`: the share of a day's tokens a pool carries whose steady rate is
/// `x` times the mean, when demand follows `1 + a·sin θ` (`a` in [0, 1]).
pub(super) fn carried_share(x: f64, a: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if a <= 0.0 {
        return x.min(1.0);
    }
    if x >= 1.0 + a {
        return 1.0;
    }
    if x <= 1.0 - a {
        return x;
    }
    let s = (x - 1.0) / a;
    let phi = s.asin();
    1.0 - a / (2.0 * PI) * (2.0 * phi.cos() - s * (PI - 2.0 * phi))
}

/// Whole cards of `per_card` tokens that cover `need` tokens (0 for none).
fn whole(need: f64, per_card: f64) -> u64 {
    if need <= 0.0 || per_card <= 0.0 {
        0
    } else {
        (need / per_card - 1e-9).ceil().max(0.0) as u64
    }
}

impl Input {
    /// The owned fleet's flat-out month, `K_own`.
    pub(super) fn k_own(&self) -> u64 {
        fleet_tokens_at(self.h100_rate, self.owned)
    }
    /// The rented fleet's flat-out month, `K_rent`.
    pub(super) fn k_rent(&self) -> u64 {
        fleet_tokens_at(self.h100_rate, self.rented)
    }

    /// One month's dispatch of `demand` over fleets of flat-out months
    /// `k_own` and `k_rent`: the seed card's (capacities flat out, demand
    /// flat), or closer to production the daily cycle, each capacity counted
    /// at `f` of flat out.
    pub(super) fn dispatch(&self, demand: u64, k_own: u64, k_rent: u64) -> Dispatch {
        if !self.production {
            return dispatch(demand, k_own, k_rent);
        }
        let f = self.usable();
        let (c_own, c_rent) = (k_own as f64 * f, k_rent as f64 * f);
        let a = self.peak_to_mean() - 1.0;
        let carried = |c: f64| {
            if demand == 0 {
                0
            } else {
                let mean = demand as f64;
                ((mean * carried_share(c / mean, a)).round() as u64).min(demand)
            }
        };
        let owned = carried(c_own);
        let through = carried(c_own + c_rent).max(owned);
        Dispatch {
            demand,
            owned_capacity: c_own.round() as u64,
            rented_capacity: c_rent.round() as u64,
            owned,
            rented: through - owned,
            api: demand - through,
            shortfall: demand - owned,
        }
    }

    /// The day's peak as a month of tokens at that rate, `P·D`.
    fn peak_tokens(&self, demand: u64) -> f64 {
        demand as f64 * self.peak_to_mean()
    }

    /// Whole rented cards of chip `c` that carry the whole shortfall of `d`:
    /// `ceil(F / t_c)` on the seed card; closer to production the peak above
    /// the owned cards' counted rate, at `f` of a card's month.
    pub(super) fn fill_for(&self, d: &Dispatch, c: Chip) -> u64 {
        if !self.production {
            return fill_cards(d.shortfall, self.t(c));
        }
        if d.shortfall == 0 {
            return 0;
        }
        let need = self.peak_tokens(d.demand) - d.owned_capacity as f64;
        whole(need, self.t(c) as f64 * self.usable())
    }

    /// The fewest owned cards (largest chips first) the month needs: those
    /// that carry the owned tokens flat out on the seed card; closer to
    /// production those whose counted rate covers the owned cards' part of
    /// the peak.
    pub(super) fn cards_needed_for(&self, d: &Dispatch) -> u64 {
        if !self.production {
            return cards_needed(self.h100_rate, self.owned, d.owned);
        }
        let rate = self.peak_tokens(d.demand).min(d.owned_capacity as f64);
        let flat = whole(rate, self.usable()).min(self.k_own());
        cards_needed(self.h100_rate, self.owned, flat)
    }

    /// A rented card's dollars per 1M tokens at sustained volume: flat out
    /// on the seed card; closer to production sized for the peak at the
    /// target use with the reserve, so carrying `f/P` of its flat-out month.
    pub(super) fn rent_per_1m_sustained(&self, c: Chip) -> f64 {
        cost_per_1m(
            self.rent_of(c),
            self.t(c),
            self.usable() / self.peak_to_mean(),
        )
    }

    /// The API share of the shortfall at which its bill equals the whole
    /// rented cards of chip `c` for all of it (with no shortfall, the
    /// sustained-volume limit).
    pub(super) fn breakeven(&self, d: &Dispatch, c: Chip) -> f64 {
        if !self.production {
            return breakeven_api_share(d.shortfall, self.t(c), self.rent_of(c), self.api_price);
        }
        if d.shortfall == 0 {
            return self.rent_per_1m_sustained(c) / self.api_price;
        }
        self.fill_for(d, c) as f64 * self.rent_of(c) / api_bill(d.shortfall, self.api_price)
    }

    /// The month's demand below which owned cards carry it all: their
    /// capacity on the seed card, its `1/P` closer to production (the peak
    /// must fit).
    pub(super) fn owned_only_below(&self, d: &Dispatch) -> u64 {
        if self.production {
            (d.owned_capacity as f64 / self.peak_to_mean()).round() as u64
        } else {
            d.owned_capacity
        }
    }

    /// The owned cards' use of their flat-out month, `(1 − idle)·f`.
    pub(super) fn owned_use(&self, d: &Dispatch) -> f64 {
        (1.0 - d.idle_share()) * self.usable()
    }

    /// The most owned cards of `chip`, others held, that keep idle ≤ 15 %
    /// at this demand, or None when even zero idles more. On the seed card
    /// `floor((D/0.85 − K_other)/t)`; closer to production found by
    /// bisection on the daily cycle (idle grows with the cards).
    pub(super) fn max_owned_passing_day(&self, chip: Chip) -> Option<u64> {
        let idle_at = |n: u64| {
            let mut owned = self.owned;
            owned[chip as usize] = n;
            let k = fleet_tokens_at(self.h100_rate, owned);
            self.dispatch(self.demand, k, 0).idle_share()
        };
        let passes = |n: u64| idle_at(n) <= IDLE_MAX + 1e-12;
        if !passes(0) {
            return None;
        }
        let mut hi = 1u64;
        while passes(hi) {
            if hi >= 1 << 40 {
                return Some(hi);
            }
            hi *= 2;
        }
        let mut lo = hi / 2;
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if passes(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(lo)
    }

    /// The least demand (T) at which the owned cards idle no more than 15 %:
    /// `0.85·K_own` on the seed card; closer to production found by
    /// bisection (idle falls as demand grows).
    pub(super) fn idle_passes_from_t(&self) -> f64 {
        let k_own = self.k_own();
        if !self.production {
            return k_own as f64 / 1e12 * (1.0 - IDLE_MAX);
        }
        let idle = |t: f64| self.dispatch((t * 1e12) as u64, k_own, 0).idle_share();
        let (mut lo, mut hi) = (0.0f64, k_own as f64 / 1e12 * 4.0 + 1.0);
        for _ in 0..80 {
            let mid = (lo + hi) / 2.0;
            if idle(mid) <= IDLE_MAX {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        hi
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `V` against a numeric integral of `min(1 + a·sin θ, x)` over a day.
    #[test]
    fn carried_share_is_the_clipped_sine() {
        for a in [0.0, 0.3, 0.7, 1.0] {
            for i in 0..=40 {
                let x = i as f64 * 0.05;
                let n = 200_000;
                let num: f64 = (0..n)
                    .map(|k| {
                        let th = 2.0 * PI * (k as f64 + 0.5) / n as f64;
                        (1.0 + a * th.sin()).min(x)
                    })
                    .sum::<f64>()
                    / n as f64;
                let v = carried_share(x, a);
                assert!((v - num).abs() < 1e-6, "a {a} x {x}: {v} vs {num}");
            }
        }
    }
}
