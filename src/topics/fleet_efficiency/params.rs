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
    pub fn word(self) -> &'static str {
        CLASSES[self as usize].0
    }
    pub(super) fn from_word(w: &str) -> Class {
        match w {
            "bargain" => Class::Bargain,
            _ => Class::Flagship,
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
    pub fn word(self) -> &'static str {
        WINDOWS[self as usize].0
    }
    pub(super) fn from_word(w: &str) -> Window {
        match w {
            "hour" => Window::Hour,
            "week" => Window::Week,
            _ => Window::Day,
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

impl Mode {
    pub fn word(self) -> &'static str {
        MODES[self as usize].0
    }
    fn from_word(w: &str) -> Mode {
        match w {
            "steady" => Mode::Steady,
            _ => Mode::AlwaysWarm,
        }
    }
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
    pub fn word(self) -> &'static str {
        SHAPES[self as usize].0
    }
    fn from_word(w: &str) -> Shape {
        match w {
            "diurnal" => Shape::Diurnal,
            _ => Shape::Flat,
        }
    }
}

const CLASSES: &[(&str, &str)] = &[
    ("flagship", "flagship (7,000 tok/s, $2,600/month)"),
    ("bargain", "bargain (3,150 tok/s, $1,400/month)"),
];
const WINDOWS: &[(&str, &str)] = &[
    ("hour", "hour (±25 %)"),
    ("day", "day (±5 %)"),
    ("week", "week (±2 %)"),
];
const MODES: &[(&str, &str)] = &[
    ("always-warm", "always warm (every survivor runs)"),
    (
        "steady",
        "steady (fewest best-scoring cards that cover the peak plus the window's error)",
    ),
];
const SHAPES: &[(&str, &str)] = &[
    ("flat", "flat (24 × 1.0)"),
    ("diurnal", "diurnal (0.75 / 1.05 / 1.25)"),
];

// ---------------------------------------------------------------------------
// The sliders and the stories

pub(super) static PARAMS: [ParamSpec; 8] = [
    ParamSpec {
        name: "class",
        label: "Card class",
        unit: Unit::None,
        kind: ParamKind::Choice(CLASSES),
        default: 0.0,
        source: "the seed cards' Fleet Efficiency & Eviction: a pool of flagship cards; card-months of $2,600 (flagship) and $1,400 (bargain) are Fleetlab's, chosen because they reproduce the seed's bills",
        help: "Every card (a rented GPU serving one copy of the model) of the pool is this class: its rated speed and its card-month rent.",
    },
    ParamSpec {
        name: "pool_size",
        label: "Cards in the pool",
        unit: Unit::Count("cards"),
        kind: ParamKind::range(1.0, MAX_POOL as f64, 1.0),
        default: 32.0,
        source: "the golden-idler story: a 32-card pool",
        help: "How many cards were rented and probed at boot; a larger pool draws more lottery tickets from the same seed.",
    },
    ParamSpec {
        name: "seed",
        label: "Lottery seed",
        unit: Unit::None,
        kind: ParamKind::range(0.0, 99_999.0, 1.0),
        default: 3178.0,
        source: "Fleetlab's search: 3178 is the first lottery seed that lands the golden idler's figures",
        help: "The random seed of the pool: it fixes each card's quality ticket, its silent dips and its measurement luck, so the same seed gives the same month.",
    },
    ParamSpec {
        name: "demand",
        label: "Demand (month average)",
        unit: Unit::TokPerS,
        kind: ParamKind::range(0.0, 1_000_000.0, 1000.0),
        default: 60_000.0,
        source: "the seed cards: the golden idler's 60,000 tokens per second average",
        help: "Tokens per second the month asks for on average; the shape sets each hour's share of it.",
    },
    ParamSpec {
        name: "window",
        label: "Measurement window",
        unit: Unit::None,
        kind: ParamKind::Choice(WINDOWS),
        default: 1.0,
        source: "the seed cards: ±25 % over an hour, ±5 % over a day, ±2 % over a week",
        help: "How long the autoscaler watches a card before scoring it; a short window mistakes luck for speed.",
    },
    ParamSpec {
        name: "share_pct",
        label: "Eviction share",
        unit: Unit::Count("%"),
        kind: ParamKind::range(0.0, 100.0, 1.0),
        default: 20.0,
        source: "the golden-idler story: evict 20 % (6 of 32)",
        help: "The policy evicts this percent of the pool, rounded down to whole cards, starting from the lowest measured score; each bills 15 % of a card-month on its way out.",
    },
    ParamSpec {
        name: "mode",
        label: "Run mode",
        unit: Unit::None,
        kind: ParamKind::Choice(MODES),
        default: 0.0,
        source: "the golden-idler story: every survivor kept warm",
        help: "Always warm bills every survivor, busy or idle; steady runs the best-scoring cards until their measured rates cover the peak plus the window's error.",
    },
    ParamSpec {
        name: "shape",
        label: "Demand shape",
        unit: Unit::None,
        kind: ParamKind::Choice(SHAPES),
        default: 0.0,
        source: "the stories, flat in every one (a real peak adds cards and breaks the seed cards' bills)",
        help: "Flat asks the average every hour; diurnal asks 0.75× at night, 1.05× by day and 1.25× in the evening.",
    },
];

pub(super) static PRESETS: [Preset; 3] = [
    Preset {
        id: "golden-idler",
        title: "The golden idler",
        story: "The pool keeps all 26 flagship survivors warm for a 60,000 tok/s average and bills $69,940. It shows zero unmet demand and zero wrong evictions, yet $44,348 of the bill pays for capacity that moved no tokens. Only the convergence check sees it.",
        set: &[
            ("class", "flagship"),
            ("pool_size", "32"),
            ("seed", "3178"),
            ("demand", "60000"),
            ("window", "day"),
            ("share_pct", "20"),
            ("mode", "always-warm"),
            ("shape", "flat"),
        ],
        fix: Some(Fix {
            label: "Run in steady mode",
            explain: "The whole-card greedy keeps only the best-scoring cards that cover the peak with 5 % headroom, so the bill falls to $25,740 and converges at 90.9 %.",
            set: &[("mode", "steady")],
        }),
    },
    Preset {
        id: "noise-evictor",
        title: "The noise evictor",
        story: "The autoscaler scores 32 flagships through the hour window, where a card can look 25 % better or worse than it is, and evicts the bottom 40 %: 12 cards, 4 of them healthy (33 % wrong). The 20 left can't carry 140,000 tok/s, a shortage the policy caused itself, while the bill still looks fine.",
        set: &[
            ("class", "flagship"),
            ("pool_size", "32"),
            ("seed", "643"),
            ("demand", "140000"),
            ("window", "hour"),
            ("share_pct", "40"),
            ("mode", "steady"),
            ("shape", "flat"),
        ],
        fix: Some(Fix {
            label: "Score over a day, evict 10 %",
            explain: "A day's window shrinks the measurement error to ±5 % and a 10 % share evicts only the 3 weakest scores, so no healthy card leaves and the month converges at 97.9 %.",
            set: &[("window", "day"), ("share_pct", "10")],
        }),
    },
    Preset {
        id: "bargain-shortfall",
        title: "The bargain shortfall",
        story: "A 24-card bargain pool bills a tempting $28,840, but its 20 survivors carry only 61,015 of the 90,000 tok/s demanded: a 32 % shortage no eviction policy can buy back. The bill is even below the ideal operator's, the signature of a rate shortage.",
        set: &[
            ("class", "bargain"),
            ("pool_size", "24"),
            ("seed", "51141"),
            ("demand", "90000"),
            ("window", "day"),
            ("share_pct", "20"),
            ("mode", "steady"),
            ("shape", "flat"),
        ],
        fix: Some(Fix {
            label: "Swap to flagship cards",
            explain: "The same lottery draws on flagship cards carry 90,000 tok/s on 13 warm cards for $35,360, converging at 95.6 %.",
            set: &[("class", "flagship")],
        }),
    },
];

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
