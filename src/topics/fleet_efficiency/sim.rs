//! # Fleet efficiency: one simulated month of one pool
//!
//! One month (730 h) of one rented pool of `n` cards of one class. Every
//! random quantity comes from `SplitMix64(seed)`; card `i` draws, in this
//! order, `q = 0.75 + (1.15 − 0.75) · unit`, `dips = floor(unit · 4)`,
//! `u = 2 · unit − 1`.
//!
//! The month: evict `k = floor(share_pct · n / 100)` cards, lowest measured
//! score first (ties by index); a *wrong eviction* has `true ≥` the pool's
//! median true rate. The run set is every survivor (`always-warm`) or the
//! whole-card greedy over survivors by measured score until the measured sum
//! reaches `peak · (1 + err)` (`steady`). Hour by hour the warm cards' true
//! capacity meets the demand. Bill = warm cards × rent + k × 15 % × rent;
//! idle $ = warm rent × mean idle share. The ideal operator picks from the
//! whole pool by true score until `Σ true ≥ peak` and pays no churn:
//! convergence = ideal bill / bill (100 % when neither side pays anything).

use super::model::{ascending, card_score, descending, fleet_median, greedy, hours};
use super::model::{measured_rate, true_rate};
use super::params::{Class, Mode, MonthInput, Window};
use super::params::{CHURN_FEE, HOURS, MAX_DIPS, Q_HI, Q_LO, SECONDS_PER_MONTH};
use super::params::{FAULT_SHARE, FAULT_SPEED, FAULT_STREAM, PROD_Q_HI, PROD_Q_LO};
use crate::model::{Assumptions, SplitMix64};

/// One card of a pool, as drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Card {
    pub q: f64,
    pub dips: u32,
    pub u: f64,
    /// Month-average true rate, tok/s.
    pub true_rate: f64,
    /// Closer to production: the card has a fault its health counters show
    /// (never on the seed card).
    pub faulty: bool,
}

impl Card {
    /// The rate the autoscaler sees through `window`.
    pub fn measured(&self, window: Window) -> f64 {
        measured_rate(self.true_rate, window.err(), self.u)
    }
}

/// Draws `n` cards of `class` from `SplitMix64(seed)`: per card `q`, `dips`,
/// `u` in that order (the seed card's model).
pub fn draw_pool(class: Class, n: usize, seed: u64) -> Vec<Card> {
    draw_pool_as(class, n, seed, Assumptions::Seed)
}

/// Draws `n` cards under the model `a`: the same three draws per card; closer
/// to production the quality ticket maps the same draw into ±3 %, and a
/// stream of its own (`seed` mixed with a constant) marks each card faulty
/// with chance [`FAULT_SHARE`], at [`FAULT_SPEED`] of its rate.
pub fn draw_pool_as(class: Class, n: usize, seed: u64, a: Assumptions) -> Vec<Card> {
    let mut rng = SplitMix64::new(seed);
    let mut faults = SplitMix64::new(seed ^ FAULT_STREAM);
    let (lo, hi) = if a.is_production() {
        (PROD_Q_LO, PROD_Q_HI)
    } else {
        (Q_LO, Q_HI)
    };
    let rated = class.rated();
    (0..n)
        .map(|_| {
            let q = lo + (hi - lo) * rng.next_unit();
            let dips = (rng.next_unit() * (MAX_DIPS + 1) as f64) as u32;
            let u = 2.0 * rng.next_unit() - 1.0;
            let faulty = a.is_production() && faults.next_unit() < FAULT_SHARE;
            let rate = true_rate(rated, q, dips);
            Card {
                q,
                dips,
                u,
                true_rate: if faulty { rate * FAULT_SPEED } else { rate },
                faulty,
            }
        })
        .collect()
}

/// The order a policy evicts in: lowest measured score first (ties by
/// index); on health (closer to production) the cards whose health counters
/// show a fault first, then the healthy ones by score.
pub(super) fn eviction_order(cards: &[Card], score: &[f64], on_health: bool) -> Vec<usize> {
    let by_score = ascending(score);
    if !on_health {
        return by_score;
    }
    let mut order: Vec<usize> = by_score
        .iter()
        .copied()
        .filter(|&i| cards[i].faulty)
        .collect();
    order.extend(by_score.iter().copied().filter(|&i| !cards[i].faulty));
    order
}

/// One month of one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Month {
    pub input: MonthInput,
    /// The model the month ran under.
    pub assumptions: Assumptions,
    pub cards: Vec<Card>,
    /// Measured rate of each card through the window.
    pub measured: Vec<f64>,
    pub median: f64,
    /// Cards evicted: `floor(share_pct × n / 100)`; closer to production at
    /// least every faulty card.
    pub k: usize,
    /// Evicted cards, lowest measured score first.
    pub evicted: Vec<usize>,
    pub is_evicted: Vec<bool>,
    /// Evicted healthy cards with true ≥ the fleet median.
    pub wrong: usize,
    /// Closer to production: the faulty cards, and those still warm.
    pub faulty: usize,
    pub faulty_warm: usize,
    /// Peak hourly demand, tok/s.
    pub peak: f64,
    /// Steady mode's measured target `peak × (1 + err)`; 0 in always-warm.
    pub target: f64,
    /// The warm cards, in pick order.
    pub run: Vec<usize>,
    pub is_warm: Vec<bool>,
    /// Steady mode ran out of survivors before reaching its target.
    pub exhausted: bool,
    /// Σ true over the run set (pick order).
    pub capacity: f64,
    /// Σ measured over the run set.
    pub measured_capacity: f64,
    pub delivered_avg: f64,
    pub demanded_avg: f64,
    pub warm_rent: f64,
    pub churn: f64,
    pub bill: f64,
    pub idle_dollars: f64,
    /// The ideal operator's cards, in pick order.
    pub ideal: Vec<usize>,
    pub ideal_capacity: f64,
    /// The whole pool could not cover the peak, so the ideal is the whole pool.
    pub ideal_short: bool,
    pub ideal_bill: f64,
    pub ideal_idle_dollars: f64,
    pub convergence: f64,
}

impl Month {
    /// Delivered ÷ demanded (1 when nothing is demanded).
    pub fn delivered_share(&self) -> f64 {
        if self.demanded_avg > 0.0 {
            self.delivered_avg / self.demanded_avg
        } else {
            1.0
        }
    }
    pub fn shortage_share(&self) -> f64 {
        1.0 - self.delivered_share()
    }
    /// Tokens the month delivered per dollar billed (a KPI, not a check).
    pub fn tok_per_dollar(&self) -> f64 {
        if self.bill > 0.0 {
            self.delivered_avg * SECONDS_PER_MONTH / self.bill
        } else {
            0.0
        }
    }
    pub fn survivors(&self) -> usize {
        self.cards.len() - self.k
    }
    pub fn wrong_share(&self) -> f64 {
        if self.k > 0 {
            self.wrong as f64 / self.k as f64
        } else {
            0.0
        }
    }
}

/// Runs one month under the seed card's model: eviction, run set, hour by
/// hour, bill, ideal.
pub fn run_month(inp: &MonthInput) -> Month {
    run_month_as(inp, Assumptions::Seed)
}

/// Runs one month under the model `a`: closer to production the policy
/// evicts on the cards' health as well as on their scores.
pub fn run_month_as(inp: &MonthInput, a: Assumptions) -> Month {
    run_month_policy(inp, a, a.is_production())
}

/// Runs one month of the cards model `a` draws, evicting on health first
/// (`on_health`) or on the measured scores alone (the seed card's policy).
pub fn run_month_policy(inp: &MonthInput, a: Assumptions, on_health: bool) -> Month {
    let cards = draw_pool_as(inp.class, inp.pool_size, inp.seed, a);
    month_of(inp, cards, a, on_health)
}

/// The run set: every survivor, or (steady) the whole-card greedy over the
/// survivors by measured score up to `peak × (1 + err)`. Returns the warm
/// cards in pick order, the target (0 in always-warm) and whether the
/// survivors ran out before reaching it.
fn run_set(
    inp: &MonthInput,
    is_evicted: &[bool],
    measured: &[f64],
    measured_score: &[f64],
    peak: f64,
) -> (Vec<usize>, f64, bool) {
    let n = is_evicted.len();
    match inp.mode {
        Mode::AlwaysWarm => ((0..n).filter(|&i| !is_evicted[i]).collect(), 0.0, false),
        Mode::Steady => {
            let order: Vec<usize> = descending(measured_score)
                .into_iter()
                .filter(|&i| !is_evicted[i])
                .collect();
            let target = peak * (1.0 + inp.window.err());
            let (run, sum) = greedy(&order, measured, target);
            let exhausted = run.len() == order.len() && sum < target;
            (run, target, exhausted)
        }
    }
}

/// Ideal bill ÷ bill; 100 % when neither pays anything, unbounded when only
/// the ideal does.
fn convergence(ideal_bill: f64, bill: f64) -> f64 {
    if bill > 0.0 {
        ideal_bill / bill
    } else if ideal_bill == 0.0 {
        1.0
    } else {
        f64::INFINITY
    }
}

fn month_of(
    inp: &MonthInput,
    cards: Vec<Card>,
    assumptions: Assumptions,
    on_health: bool,
) -> Month {
    let n = cards.len();
    let rent = inp.class.rent();
    let trues: Vec<f64> = cards.iter().map(|c| c.true_rate).collect();
    let measured: Vec<f64> = cards.iter().map(|c| c.measured(inp.window)).collect();
    let measured_score: Vec<f64> = measured.iter().map(|&m| card_score(m, rent)).collect();
    let median = fleet_median(&trues);

    // 1. Eviction policy (every faulty card first, closer to production).
    let faulty = cards.iter().filter(|c| c.faulty).count();
    let share_k = (inp.share_pct as usize * n) / 100;
    let k = if on_health {
        share_k.max(faulty)
    } else {
        share_k
    };
    let evicted: Vec<usize> = eviction_order(&cards, &measured_score, on_health)
        .into_iter()
        .take(k)
        .collect();
    let mut is_evicted = vec![false; n];
    evicted.iter().for_each(|&i| is_evicted[i] = true);
    let wrong = evicted
        .iter()
        .filter(|&&i| !cards[i].faulty && trues[i] >= median)
        .count();

    // 2. Run set.
    let shape = inp.shape.multipliers();
    let peak = inp.demand * inp.shape.max();
    let (run, target, exhausted) = run_set(inp, &is_evicted, &measured, &measured_score, peak);
    let mut is_warm = vec![false; n];
    run.iter().for_each(|&i| is_warm[i] = true);
    let capacity = run.iter().fold(0.0, |a, &i| a + trues[i]);
    let measured_capacity = run.iter().fold(0.0, |a, &i| a + measured[i]);
    let faulty_warm = run.iter().filter(|&&i| cards[i].faulty).count();

    // 3. Hour by hour.
    let (delivered, demanded, idle) = hours(inp.demand, &shape, capacity);
    let delivered_avg = delivered / HOURS as f64;
    let demanded_avg = demanded / HOURS as f64;

    // 4. Bill.
    let warm_rent = run.len() as f64 * rent;
    let churn = k as f64 * CHURN_FEE * rent;
    let bill = warm_rent + churn;
    let idle_dollars = warm_rent * idle / HOURS as f64;

    // 5. Ideal operator: the whole pool by true score, no headroom, no churn.
    let true_score: Vec<f64> = trues.iter().map(|&t| card_score(t, rent)).collect();
    let (ideal, ideal_capacity) = greedy(&descending(&true_score), &trues, peak);
    let ideal_short = ideal_capacity < peak;
    let ideal_bill = ideal.len() as f64 * rent;
    let (_, _, ideal_idle) = hours(inp.demand, &shape, ideal_capacity);
    let ideal_idle_dollars = ideal_bill * ideal_idle / HOURS as f64;

    Month {
        input: *inp,
        assumptions,
        cards,
        measured,
        median,
        k,
        evicted,
        is_evicted,
        wrong,
        faulty,
        faulty_warm,
        peak,
        target,
        run,
        is_warm,
        exhausted,
        capacity,
        measured_capacity,
        delivered_avg,
        demanded_avg,
        warm_rent,
        churn,
        bill,
        idle_dollars,
        ideal,
        ideal_capacity,
        ideal_short,
        ideal_bill,
        ideal_idle_dollars,
        convergence: convergence(ideal_bill, bill),
    }
}

#[cfg(test)]
mod tests {
    use super::super::params::Shape;
    use super::*;

    #[test]
    fn an_empty_pool_is_total() {
        let inp = MonthInput {
            class: Class::Flagship,
            pool_size: 0,
            seed: 1,
            demand: 1000.0,
            window: Window::Hour,
            share_pct: 50,
            mode: Mode::Steady,
            shape: Shape::Flat,
        };
        let m = run_month(&inp);
        assert_eq!(m.bill, 0.0);
        assert!(!m.convergence.is_nan());
        assert_eq!(m.delivered_share(), 0.0);
    }
}
