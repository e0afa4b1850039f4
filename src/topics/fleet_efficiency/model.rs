//! # Fleet efficiency: the arithmetic of a card and of a month
//!
//! Source: seed card 002 ("Where this shows up: Fleet Efficiency &
//! Eviction"), with the fleet-efficiency spec's month model and its test
//! vectors.
//!
//! A card of rated speed `rated` (flagship 7,000 tok/s; bargain 3,150 tok/s,
//! 0.45 × the flagship) draws a quality ticket `q` in [0.75, 1.15), `dips` in
//! 0..=3 silent one-day dips at half rate and a measurement luck `u` in
//! [−1, 1). Then, in tok/s (month averages):
//!
//! * `true = rated · q · (1 − dips · 12/730)` (a dip costs 0.5 × 24 h of 730);
//! * `measured = true · (1 + err · u)`, `err` = 0.25 / 0.05 / 0.02 for the
//!   hour / day / week window (the seed card's "±25 % over an hour");
//! * `score(x) = x · 2,628,000 / rent` tok/$, with `rent` the card-month in
//!   dollars ($2,600 flagship, $1,400 bargain: the seed's bills split into
//!   whole card-months of these plus 15 % churn per evicted card; the
//!   "obvious" $69,940 / 26 = $2,690 reading cannot produce $25,740 or
//!   $35,360).
//!
//! The fleet median is the middle true rate (the mean of the two middle ones
//! for an even pool). The whole-card greedy walks cards in score order and
//! stops before a card once the running sum has reached its target. Hour `h`
//! asks `d = demand · shape[h mod 24]`; a run set of true capacity `cap`
//! delivers `min(d, cap)` and idles the share `(cap − d) / cap` when `d < cap`.
//! All arithmetic is binary64, left to right, no FMA, so the test vectors
//! match bit for bit.
//!
//! Units: rates in tok/s, money in dollars, shares as fractions (shown as %).

use super::params::{DIP_COST, HOURS, SECONDS_PER_MONTH};

/// Tokens per dollar over a month of a card delivering `tok_s` at `rent`
/// dollars a card-month: `tok_s × 2,628,000 / rent` (the month's `score`).
/// Challenge C1's answer ("tokens-per-dollar score of one card").
pub fn card_score(tok_s: f64, rent: f64) -> f64 {
    tok_s * SECONDS_PER_MONTH / rent
}

/// Display rounding of the challenges: half up, `floor(x/step + 0.5) × step`.
pub fn round_half_up(x: f64, step: f64) -> f64 {
    (x / step + 0.5).floor() * step
}

/// A card's month-average true rate: `rated × q × (1 − dips × 12/730)`.
pub(super) fn true_rate(rated: f64, q: f64, dips: u32) -> f64 {
    rated * q * (1.0 - dips as f64 * DIP_COST)
}

/// The rate a window with error `err` shows for a card of true rate `t` and
/// measurement luck `u`: `t × (1 + err × u)`.
pub(super) fn measured_rate(t: f64, err: f64, u: f64) -> f64 {
    t * (1.0 + err * u)
}

/// Median of a pool's true rates (sorted ascending; the mean of the two
/// middle values for even n). 0 for an empty pool.
pub(super) fn fleet_median(values: &[f64]) -> f64 {
    let n = values.len();
    if n == 0 {
        return 0.0;
    }
    let mut s = values.to_vec();
    s.sort_by(f64::total_cmp);
    if n.is_multiple_of(2) {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    } else {
        s[n / 2]
    }
}

/// Indices sorted by `key` ascending, ties by index (a stable sort).
pub(super) fn ascending(key: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..key.len()).collect();
    idx.sort_by(|&a, &b| key[a].total_cmp(&key[b]).then(a.cmp(&b)));
    idx
}

/// Indices sorted by `key` descending, ties by index.
pub(super) fn descending(key: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..key.len()).collect();
    idx.sort_by(|&a, &b| key[b].total_cmp(&key[a]).then(a.cmp(&b)));
    idx
}

/// Whole-card greedy: walk `order`, and before adding each card stop if the
/// running sum of `rate` has reached `target`. Returns the picked cards (in
/// pick order) and their sum.
pub(super) fn greedy(order: &[usize], rate: &[f64], target: f64) -> (Vec<usize>, f64) {
    let mut picked = Vec::new();
    let mut sum = 0.0;
    for &i in order {
        if sum >= target {
            break;
        }
        picked.push(i);
        sum += rate[i];
    }
    (picked, sum)
}

/// The hour-by-hour month of a run set with true capacity `cap`:
/// (Σ delivered, Σ demanded, Σ idle share) over hours 0..729 in order.
pub(super) fn hours(demand: f64, shape: &[f64; 24], cap: f64) -> (f64, f64, f64) {
    let mut sums = HourSums::default();
    for h in 0..HOURS {
        sums.add(demand, shape, cap, h);
    }
    (sums.delivered, sums.demanded, sums.idle)
}

/// The month's running sums, an hour at a time (the scene steps them).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct HourSums {
    pub(super) delivered: f64,
    pub(super) demanded: f64,
    /// Σ idle share.
    pub(super) idle: f64,
}

impl HourSums {
    /// Hour `h`: it asks `d = demand · shape[h mod 24]`; capacity `cap`
    /// delivers `min(d, cap)` and idles `(cap − d)/cap` when `d < cap`.
    pub(super) fn add(&mut self, demand: f64, shape: &[f64; 24], cap: f64, h: usize) {
        let d = demand * shape[h % 24];
        self.demanded += d;
        if d < cap {
            self.delivered += d;
            self.idle += (cap - d) / cap;
        } else {
            self.delivered += cap;
        }
    }
}

// ---------------------------------------------------------------------------
// Words the checks, charts and worked solutions share

/// "1 eviction", "3 evictions".
pub(super) fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A share written to 0.1 point, as the spec's tables do.
pub(super) fn pct1(x: f64) -> String {
    if x.is_finite() {
        format!("{:.1} %", x * 100.0)
    } else {
        "∞ %".to_string()
    }
}
