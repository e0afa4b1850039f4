//! # Fleet efficiency: the month's constants, sliders and stories
//!
//! The constants of the month (hours, the quality lottery, dips, churn, the
//! checks' thresholds), the four choices a pool is made of (card class,
//! measurement window, run mode, demand shape), the page's eight sliders, the
//! three preset stories with their fixes, and [`MonthInput`], the typed
//! reading of the sliders.
//!
//! Parameter ranges (chosen here; the model is total over all of them):
//! `pool_size` 1–256 cards, `seed` 0–99,999, `demand` 0–1,000,000 tok/s in
//! steps of 1,000 (256 flagships carry at most about 2 M tok/s), `share_pct`
//! 0–100 %, an integer percent as the model documentation keeps it. Demand 0 delivers
//! everything (the capacity ratio reads 100 %) and a month with nothing to pay
//! on either side converges at 100 %. The three preset seeds (3178, 643,
//! 51141) are the first that land every figure they control.

use crate::model::*;

/// Hours in the month.
pub(super) const HOURS: usize = 730;
/// 3,600 × 730.
pub(super) const SECONDS_PER_MONTH: f64 = 2_628_000.0;
/// The quality lottery: q ~ U[Q_LO, Q_HI).
pub const Q_LO: f64 = 0.75;
pub const Q_HI: f64 = 1.15;
/// Closer to production (`Assumptions::Production`): healthy cards of one
/// model differ by a few per cent, ±[`PROD_SPREAD`] about the seed
/// lottery's mean quality 0.95, q ~ U[PROD_Q_LO, PROD_Q_HI).
pub const PROD_SPREAD: f64 = 0.03;
pub const PROD_Q_LO: f64 = (Q_LO + Q_HI) / 2.0 * (1.0 - PROD_SPREAD);
pub const PROD_Q_HI: f64 = (Q_LO + Q_HI) / 2.0 * (1.0 + PROD_SPREAD);
/// Closer to production: the share of cards with a fault this month
/// (throttling, error counters climbing, a degraded link), drawn from a
/// stream of its own so the lottery tickets keep their order.
pub const FAULT_SHARE: f64 = 0.03;
/// A faulty card's rate over a healthy one's: two thirds, an outlier 1.5×
/// slower than the median card.
pub const FAULT_SPEED: f64 = 2.0 / 3.0;
/// Mixed into the seed for the fault stream.
pub(super) const FAULT_STREAM: u64 = 0x6865_616c_7468; // "health"
/// One silent dip: a day at half rate.
pub(super) const DIP_HOURS: f64 = 24.0;
pub(super) const DIP_DEPTH: f64 = 0.5;
/// Dips per card per month: a uniform integer 0..=MAX_DIPS.
pub(super) const MAX_DIPS: u32 = 3;
/// The share of a card's month one dip costs: 0.5 × 24 / 730.
pub(super) const DIP_COST: f64 = DIP_DEPTH * DIP_HOURS / HOURS as f64;
/// An evicted card bills this share of its node-month.
pub(super) const CHURN_FEE: f64 = 0.15;
/// Capacity check: delivered / demanded at least this.
pub(super) const CAPACITY_PASS: f64 = 0.99;
/// Convergence check: ideal bill / bill at least this.
pub(super) const CONVERGENCE_PASS: f64 = 0.90;
/// The largest pool the slider offers.
pub(super) const MAX_POOL: usize = 256;

// ---------------------------------------------------------------------------
// Vocabulary of the model

/// A card class: every card of a pool is the same class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Flagship,
    Bargain,
}

impl Class {
    /// Rated month-average tok/s.
    pub fn rated(self) -> f64 {
        match self {
            Class::Flagship => 7000.0,
            // 0.45 × the flagship (the used-A100 ratio of seed 002's context).
            Class::Bargain => 3150.0,
        }
    }
    /// Dollars per card-month: the whole card-months the seed's bills split
    /// into.
    pub fn rent(self) -> f64 {
        match self {
            Class::Flagship => 2600.0,
            Class::Bargain => 1400.0,
        }
    }
}

/// The measurement window the autoscaler scores through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    Hour,
    Day,
    Week,
}

impl Window {
    /// Half-width of the multiplicative measurement error.
    pub fn err(self) -> f64 {
        match self {
            Window::Hour => 0.25,
            Window::Day => 0.05,
            Window::Week => 0.02,
        }
    }
    /// `[hour, day, week][i]` (challenge draws).
    pub(super) fn nth(i: usize) -> Window {
        [Window::Hour, Window::Day, Window::Week][i.min(2)]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every survivor is warm.
    AlwaysWarm,
    /// Whole-card greedy over survivors with headroom 1 + err.
    Steady,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// 24 × 1.0 (every preset).
    Flat,
    /// 8 h × 0.75, 10 h × 1.05, 6 h × 1.25 (practice only; mean 1.0).
    Diurnal,
}

impl Shape {
    /// The 24 hourly multipliers.
    pub fn multipliers(self) -> [f64; 24] {
        match self {
            Shape::Flat => [1.0; 24],
            Shape::Diurnal => {
                let mut m = [0.0; 24];
                for (h, x) in m.iter_mut().enumerate() {
                    *x = if h < 8 {
                        0.75
                    } else if h < 18 {
                        1.05
                    } else {
                        1.25
                    };
                }
                m
            }
        }
    }
    pub fn max(self) -> f64 {
        self.multipliers().iter().fold(0.0, |a, &b| f64::max(a, b))
    }
}

const CLASSES: &[(&str, &str)] = &[
    ("flagship", "flagship (7,000 tok/s, $2,600/month)"),
    ("bargain", "bargain (3,150 tok/s, $1,400/month)"),
];

choice_words!(Class in CLASSES: Flagship, Bargain);

const WINDOWS: &[(&str, &str)] = &[
    ("hour", "hour (±25 %)"),
    ("day", "day (±5 %)"),
    ("week", "week (±2 %)"),
];

choice_words!(Window in WINDOWS: Hour, Day, Week);

const MODES: &[(&str, &str)] = &[
    ("always-warm", "always warm (every survivor runs)"),
    (
        "steady",
        "steady (fewest best-scoring cards that cover the peak plus the window's error)",
    ),
];

choice_words!(Mode in MODES: AlwaysWarm, Steady);

const SHAPES: &[(&str, &str)] = &[
    ("flat", "flat (24 × 1.0)"),
    ("diurnal", "diurnal (0.75 / 1.05 / 1.25)"),
];

choice_words!(Shape in SHAPES: Flat, Diurnal);

// ---------------------------------------------------------------------------
// The sliders and the stories

// The sliders and the stories, from params.toml (see build/params.rs).
include!(concat!(env!("OUT_DIR"), "/params/fleet_efficiency.rs"));

// ---------------------------------------------------------------------------
// The sliders, typed

typed_input! {
    /// Everything one month depends on (the page's sliders).
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct MonthInput from p {
        class: Class = Class::from_word(p.choice("class")),
        pool_size: usize = p.count("pool_size").clamp(1, MAX_POOL),
        seed: u64 = p.get("seed").max(0.0) as u64,
        /// Month-average demand, tok/s (the shape's multipliers average 1).
        demand: f64 = p.get("demand").max(0.0),
        window: Window = Window::from_word(p.choice("window")),
        /// Integer percent of the pool to evict.
        share_pct: u32 = p.get("share_pct").clamp(0.0, 100.0) as u32,
        mode: Mode = Mode::from_word(p.choice("mode")),
        shape: Shape = Shape::from_word(p.choice("shape")),
    }
}

/// The parameters the page shows first (the run mode, pool, eviction share
/// and window the stories and fixes set); the rest fold under "More
/// parameters".
pub const KEY_PARAMS: &[&str] = &["mode", "pool_size", "share_pct", "window"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dip_cost_is_twelve_730ths() {
        assert_eq!(DIP_COST, 12.0 / 730.0);
    }

    #[test]
    fn diurnal_shape_averages_one_and_peaks_at_1_25() {
        let m = Shape::Diurnal.multipliers();
        assert!((m.iter().sum::<f64>() - 24.0).abs() < 1e-12);
        assert_eq!(Shape::Diurnal.max(), 1.25);
        assert_eq!(Shape::Flat.max(), 1.0);
    }
}
