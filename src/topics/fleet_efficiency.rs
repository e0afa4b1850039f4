//! # Fleet efficiency & eviction — simulator
//!
//! Source: seed card `002_7df42d945086b395.txt` ("Where this shows up: Fleet
//! Efficiency & Eviction"); model per `shared/spec/fleet-efficiency.md` (§1–§8).
//!
//! One month (`HOURS` = 730 h, 2,628,000 s) of one rented pool of `n` cards of
//! one class: flagship rated 7,000 tok/s at $2,600 a card-month, bargain rated
//! 3,150 tok/s (0.45×) at $1,400. Every random quantity comes from
//! `SplitMix64(seed)`; card `i` draws, in this order,
//!
//! * `q = 0.75 + (1.15 − 0.75) · unit` (the quality lottery),
//! * `dips = floor(unit · 4)` (silent one-day dips at half rate, 0..3),
//! * `u = 2 · unit − 1` (its measurement luck, in [−1, 1)).
//!
//! `true = rated · q · (1 − dips · 12/730)` tok/s (month average);
//! `measured = true · (1 + err · u)` with `err` = 0.25 / 0.05 / 0.02 for the
//! hour / day / week window; `score(x) = x · 2,628,000 / rent` tok/$.
//!
//! The month: evict `k = floor(share_pct · n / 100)` cards, lowest measured
//! score first (ties by index); a *wrong eviction* has `true ≥` the pool's
//! median true rate. The run set is every survivor (`always-warm`) or the
//! whole-card greedy over survivors by measured score until the measured sum
//! reaches `peak · (1 + err)` (`steady`). Hour by hour, `d = demand · shape[h
//! mod 24]`; the warm cards' true capacity `cap` delivers `min(d, cap)` and the
//! rest of `cap` idles. Bill = warm cards × rent + k × 15 % × rent; idle $ =
//! warm rent × mean idle share. The ideal operator picks from the whole pool by
//! true score until `Σ true ≥ peak`, pays no churn: convergence = ideal bill /
//! bill. Checks: delivered/demanded ≥ 99 %, convergence ≥ 90 %, no wrong
//! evictions. All arithmetic is binary64, left to right, no FMA (spec §4).
//!
//! Units: rates in tok/s, money in dollars, shares as fractions (shown as %),
//! except `share_pct`, an integer percent as the spec keeps it.
//!
//! Calibration (spec §1): the seed's bills split into whole card-months of
//! $2,600 (flagship) or $1,400 (bargain) plus 15 % churn per evicted card;
//! the "obvious" $69,940 / 26 = $2,690 reading cannot produce $25,740 or
//! $35,360. The three preset seeds (3178, 643, 51141) are the first that land
//! every figure they control.
//!
//! Parameter ranges (chosen here; the model is total over all of them):
//! `pool_size` 1–256 cards, `seed` 0–99,999, `demand` 0–1,000,000 tok/s in
//! steps of 1,000 (256 flagships carry at most about 2 M tok/s), `share_pct`
//! 0–100 %. Demand 0 delivers everything (the capacity ratio reads 100 %)
//! and a month with nothing to pay on either side converges at 100 %.
//!
//! Challenge templates (spec §7) live here as `pub fn`s: C1
//! [`c1_question`]/[`card_score`], C2 [`c2_question`]/[`whole_card_greedy`],
//! C3 [`c3_question`]/[`eviction_decision`].

use crate::challenge::{Solution, Solver, Template, Value, Vars};
use crate::model::outcome::CHECK_EPSILON;
use crate::model::units::group;
use crate::model::*;

/// Hours in the month.
pub const HOURS: usize = 730;
/// 3,600 × 730.
pub const SECONDS_PER_MONTH: f64 = 2_628_000.0;
/// The quality lottery: q ~ U[Q_LO, Q_HI).
pub const Q_LO: f64 = 0.75;
pub const Q_HI: f64 = 1.15;
/// One silent dip: a day at half rate.
pub const DIP_HOURS: f64 = 24.0;
pub const DIP_DEPTH: f64 = 0.5;
/// Dips per card per month: a uniform integer 0..=MAX_DIPS.
pub const MAX_DIPS: u32 = 3;
/// The share of a card's month one dip costs: 0.5 × 24 / 730.
pub const DIP_COST: f64 = DIP_DEPTH * DIP_HOURS / HOURS as f64;
/// An evicted card bills this share of its node-month.
pub const CHURN_FEE: f64 = 0.15;
/// Capacity check: delivered / demanded at least this.
pub const CAPACITY_PASS: f64 = 0.99;
/// Convergence check: ideal bill / bill at least this.
pub const CONVERGENCE_PASS: f64 = 0.90;
/// The largest pool the slider offers.
pub const MAX_POOL: usize = 256;

pub struct FleetEfficiency;
pub static TOPIC: FleetEfficiency = FleetEfficiency;
/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: FleetEfficiency = FleetEfficiency;

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
    /// Dollars per card-month (spec §1).
    pub fn rent(self) -> f64 {
        match self {
            Class::Flagship => 2600.0,
            Class::Bargain => 1400.0,
        }
    }
    pub fn word(self) -> &'static str {
        CLASSES[self as usize].0
    }
    fn from_word(w: &str) -> Class {
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
    fn from_word(w: &str) -> Window {
        match w {
            "hour" => Window::Hour,
            "week" => Window::Week,
            _ => Window::Day,
        }
    }
    /// `[hour, day, week][i]` (challenge draws).
    fn nth(i: usize) -> Window {
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
    ("steady", "steady (whole-card greedy, headroom 1 + err)"),
];
const SHAPES: &[(&str, &str)] = &[
    ("flat", "flat (24 × 1.0)"),
    ("diurnal", "diurnal (0.75 / 1.05 / 1.25)"),
];

/// Tokens per dollar over a month of a card delivering `tok_s` at `rent`
/// dollars a card-month: `tok_s × 2,628,000 / rent` (spec §4 `score`).
/// Challenge C1's answer ("tokens-per-dollar score of one card").
pub fn card_score(tok_s: f64, rent: f64) -> f64 {
    tok_s * SECONDS_PER_MONTH / rent
}

/// Display rounding of the challenges: half up, `floor(x/step + 0.5) × step`.
pub fn round_half_up(x: f64, step: f64) -> f64 {
    (x / step + 0.5).floor() * step
}

/// One card of a pool, as drawn (spec §3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Card {
    pub q: f64,
    pub dips: u32,
    pub u: f64,
    /// Month-average true rate, tok/s.
    pub true_rate: f64,
}

impl Card {
    /// The rate the autoscaler sees through `window`.
    pub fn measured(&self, window: Window) -> f64 {
        self.true_rate * (1.0 + window.err() * self.u)
    }
}

/// Draws `n` cards of `class` from `SplitMix64(seed)`: per card `q`, `dips`,
/// `u` in that order (spec §3).
pub fn draw_pool(class: Class, n: usize, seed: u64) -> Vec<Card> {
    let mut rng = SplitMix64::new(seed);
    let rated = class.rated();
    (0..n)
        .map(|_| {
            let q = Q_LO + (Q_HI - Q_LO) * rng.next_unit();
            let dips = (rng.next_unit() * (MAX_DIPS + 1) as f64) as u32;
            let u = 2.0 * rng.next_unit() - 1.0;
            let true_rate = rated * q * (1.0 - dips as f64 * DIP_COST);
            Card {
                q,
                dips,
                u,
                true_rate,
            }
        })
        .collect()
}

/// Median of a pool's true rates (sorted ascending; the mean of the two
/// middle values for even n). 0 for an empty pool.
pub fn fleet_median(values: &[f64]) -> f64 {
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
fn ascending(key: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..key.len()).collect();
    idx.sort_by(|&a, &b| key[a].total_cmp(&key[b]).then(a.cmp(&b)));
    idx
}

/// Indices sorted by `key` descending, ties by index.
fn descending(key: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..key.len()).collect();
    idx.sort_by(|&a, &b| key[b].total_cmp(&key[a]).then(a.cmp(&b)));
    idx
}

/// Whole-card greedy: walk `order`, and before adding each card stop if the
/// running sum of `rate` has reached `target`. Returns the picked cards (in
/// pick order) and their sum.
fn greedy(order: &[usize], rate: &[f64], target: f64) -> (Vec<usize>, f64) {
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
fn hours(demand: f64, shape: &[f64; 24], cap: f64) -> (f64, f64, f64) {
    let mut delivered = 0.0;
    let mut demanded = 0.0;
    let mut idle = 0.0;
    for h in 0..HOURS {
        let d = demand * shape[h % 24];
        demanded += d;
        if d < cap {
            delivered += d;
            idle += (cap - d) / cap;
        } else {
            delivered += cap;
        }
    }
    (delivered, demanded, idle)
}

// ---------------------------------------------------------------------------
// The month

/// Everything one month depends on (the page's sliders).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MonthInput {
    pub class: Class,
    pub pool_size: usize,
    pub seed: u64,
    /// Month-average demand, tok/s (the shape's multipliers average 1).
    pub demand: f64,
    pub window: Window,
    /// Integer percent of the pool to evict.
    pub share_pct: u32,
    pub mode: Mode,
    pub shape: Shape,
}

impl MonthInput {
    fn read(p: &Params) -> MonthInput {
        MonthInput {
            class: Class::from_word(p.choice("class")),
            pool_size: p.count("pool_size").clamp(1, MAX_POOL),
            seed: p.get("seed").max(0.0) as u64,
            demand: p.get("demand").max(0.0),
            window: Window::from_word(p.choice("window")),
            share_pct: p.get("share_pct").clamp(0.0, 100.0) as u32,
            mode: Mode::from_word(p.choice("mode")),
            shape: Shape::from_word(p.choice("shape")),
        }
    }
}

/// One month of one pool (spec §4 `run_month`).
#[derive(Clone, Debug, PartialEq)]
pub struct Month {
    pub input: MonthInput,
    pub cards: Vec<Card>,
    /// Measured rate of each card through the window.
    pub measured: Vec<f64>,
    pub median: f64,
    /// Cards evicted: `floor(share_pct × n / 100)`.
    pub k: usize,
    /// Evicted cards, lowest measured score first.
    pub evicted: Vec<usize>,
    pub is_evicted: Vec<bool>,
    /// Evicted cards with true ≥ the fleet median.
    pub wrong: usize,
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

/// Runs one month (spec §4): eviction, run set, hour by hour, bill, ideal.
pub fn run_month(inp: &MonthInput) -> Month {
    let cards = draw_pool(inp.class, inp.pool_size, inp.seed);
    month_of(inp, cards)
}

fn month_of(inp: &MonthInput, cards: Vec<Card>) -> Month {
    let n = cards.len();
    let rent = inp.class.rent();
    let err = inp.window.err();
    let trues: Vec<f64> = cards.iter().map(|c| c.true_rate).collect();
    let measured: Vec<f64> = cards.iter().map(|c| c.measured(inp.window)).collect();
    let measured_score: Vec<f64> = measured.iter().map(|&m| card_score(m, rent)).collect();
    let median = fleet_median(&trues);

    // 1. Eviction policy.
    let k = (inp.share_pct as usize * n) / 100;
    let evicted: Vec<usize> = ascending(&measured_score).into_iter().take(k).collect();
    let mut is_evicted = vec![false; n];
    evicted.iter().for_each(|&i| is_evicted[i] = true);
    let wrong = evicted.iter().filter(|&&i| trues[i] >= median).count();

    // 2. Run set.
    let shape = inp.shape.multipliers();
    let peak = inp.demand * inp.shape.max();
    let (run, target, exhausted) = match inp.mode {
        Mode::AlwaysWarm => ((0..n).filter(|&i| !is_evicted[i]).collect(), 0.0, false),
        Mode::Steady => {
            let order: Vec<usize> = descending(&measured_score)
                .into_iter()
                .filter(|&i| !is_evicted[i])
                .collect();
            let target = peak * (1.0 + err);
            let (run, sum) = greedy(&order, &measured, target);
            let exhausted = run.len() == order.len() && sum < target;
            (run, target, exhausted)
        }
    };
    let mut is_warm = vec![false; n];
    run.iter().for_each(|&i| is_warm[i] = true);
    let capacity = run.iter().fold(0.0, |a, &i| a + trues[i]);
    let measured_capacity = run.iter().fold(0.0, |a, &i| a + measured[i]);

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
    let convergence = if bill > 0.0 {
        ideal_bill / bill
    } else if ideal_bill == 0.0 {
        1.0
    } else {
        f64::INFINITY
    };

    Month {
        input: *inp,
        cards,
        measured,
        median,
        k,
        evicted,
        is_evicted,
        wrong,
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
        convergence,
    }
}

// ---------------------------------------------------------------------------
// Parameters, presets, checks

static PARAMS: [ParamSpec; 8] = [
    ParamSpec::choice(
        "class",
        "Card class",
        CLASSES,
        0,
        "seed 002: a pool of flagship cards; rents per spec §1 ($2,600 / $1,400)",
        "Every card of the pool is this class: its rated speed and its card-month rent.",
    ),
    ParamSpec::number(
        "pool_size",
        "Cards in the pool",
        Unit::Count("cards"),
        (1.0, MAX_POOL as f64, 1.0),
        32.0,
        "spec §5: the golden idler's 32-card pool",
        "How many cards were rented and probed at boot; a larger pool draws more lottery tickets from the same seed.",
    ),
    ParamSpec::number(
        "seed",
        "Lottery seed",
        Unit::None,
        (0.0, 99_999.0, 1.0),
        3178.0,
        "spec §3: seed 3178, the first that lands the golden idler's figures",
        "SplitMix64 seed of the pool: each card's quality ticket, silent dips and measurement luck.",
    ),
    ParamSpec::number(
        "demand",
        "Demand (month average)",
        Unit::TokPerS,
        (0.0, 1_000_000.0, 1000.0),
        60_000.0,
        "seed 002: the golden idler's 60,000 tok/s average",
        "Tokens per second the month asks for on average; the shape sets each hour's share of it.",
    ),
    ParamSpec::choice(
        "window",
        "Measurement window",
        WINDOWS,
        1,
        "seed 002: ±25 % over an hour, ±5 % over a day, ±2 % over a week",
        "How long the autoscaler watches a card before scoring it; a short window mistakes luck for speed.",
    ),
    ParamSpec::number(
        "share_pct",
        "Eviction share",
        Unit::Count("%"),
        (0.0, 100.0, 1.0),
        20.0,
        "spec §5: the golden idler evicts 20 % (6 of 32)",
        "The policy evicts the bottom floor(share × pool / 100) cards by measured score; each bills 15 % of a card-month on its way out.",
    ),
    ParamSpec::choice(
        "mode",
        "Run mode",
        MODES,
        0,
        "spec §5: the golden idler keeps every survivor warm",
        "Always warm bills every survivor; steady runs the best-scoring cards until their measured sum covers the peak × (1 + err).",
    ),
    ParamSpec::choice(
        "shape",
        "Demand shape",
        SHAPES,
        0,
        "spec §2/§6: flat in every preset (a real peak adds cards and breaks the seed bills)",
        "Flat asks the average every hour; diurnal asks 0.75× at night, 1.05× by day and 1.25× in the evening.",
    ),
];

static PRESETS: [Preset; 3] = [
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

static CHECKS: [CheckSpec; 3] = [
    CheckSpec {
        id: "capacity",
        label: "Demand is carried",
        rule: "delivered ÷ demanded ≥ 99 % over the month",
    },
    CheckSpec {
        id: "convergence",
        label: "Bill converges on the ideal",
        rule: "ideal operator's bill ÷ this bill ≥ 90 %",
    },
    CheckSpec {
        id: "eviction",
        label: "No wrong evictions",
        rule: "no evicted card had a true rate at or above the fleet median",
    },
];

static ABOUT: About = About {
    id: "fleet-efficiency",
    title: "Fleet efficiency & eviction",
    kind: TopicKind::Simulator,
    question: "Which cards of a rented pool should run, and which should leave, when the autoscaler sees only a noisy measured score?",
    source: "seed 002 (Fleet Efficiency & Eviction); shared/spec/fleet-efficiency.md",
    params: &PARAMS,
    presets: &PRESETS,
    checks: &CHECKS,
};

impl Topic for FleetEfficiency {
    fn about(&self) -> &'static About {
        &ABOUT
    }
    /// The spec's own draws (§7): the generator handed in is
    /// `SplitMix64(seed)`, so a question's seed is the practice seed and
    /// `cN_question(seed)` shows the same numbers.
    fn run(&self, p: &Params) -> Outcome {
        let inp = MonthInput::read(p);
        let m = run_month(&inp);
        let mut out = Outcome::default();
        figures(&m, &mut out);
        checks(&m, &mut out);
        out.charts.push(cards_chart(&m));
        out.charts.push(bill_chart(&m));
        out.charts.push(delivery_chart(&m));
        notes(&m, &mut out);
        out
    }
}

impl Solver for FleetEfficiency {
    fn topic(&self) -> &'static dyn Topic {
        &TOPIC
    }
    fn draw(&self, t: &Template, rng: &mut SplitMix64) -> Vars {
        let mut v = Vars::default();
        match t.answer.as_str() {
            "card_score" => {
                let d = c1_draw(rng);
                v.set("class", Value::Word(d.class.word().to_string()));
                v.set_num("q", d.q);
                v.set_num("rent_factor", d.rent_factor);
            }
            "greedy_cards" => {
                let q = c2_draw(rng);
                v.set_num("n", q.candidates.len() as f64);
                for (i, c) in q.candidates.iter().enumerate() {
                    v.set(
                        &format!("class_{i}"),
                        Value::Word(c.class.word().to_string()),
                    );
                    v.set_num(&format!("measured_{i}"), c.measured);
                }
                v.set("window", Value::Word(q.window.word().to_string()));
                v.set_num("demand", q.demand);
            }
            "wrong_evictions" => {
                let d = c3_draw(rng);
                v.set_num("n", d.pool.len() as f64);
                v.set_num("p", d.share_pct as f64);
                v.set("window", Value::Word(d.window.word().to_string()));
                for (i, c) in d.pool.iter().enumerate() {
                    v.set_num(&format!("true_{i}"), c.true_rate);
                    v.set_num(&format!("u_{i}"), c.u);
                }
            }
            _ => return t.draw_vars(rng),
        }
        t.attach_units(&mut v);
        v
    }
    fn solve(&self, t: &Template, v: &Vars) -> Result<Solution, String> {
        match t.answer.as_str() {
            "card_score" => solve_c1(v),
            "greedy_cards" => solve_c2(v),
            "wrong_evictions" => solve_c3(v),
            other => Err(format!("no answer named {other}")),
        }
    }
}

fn figures(m: &Month, out: &mut Outcome) {
    let cards = Unit::Count("cards");
    out.figure("bill", "Month's bill", m.bill, Unit::Usd);
    out.figure("warm_rent", "Warm rent", m.warm_rent, Unit::Usd);
    out.figure("churn_fees", "Churn fees", m.churn, Unit::Usd);
    out.figure("warm_cards", "Warm cards", m.run.len() as f64, cards);
    out.figure(
        "pool_cards",
        "Cards in the pool",
        m.cards.len() as f64,
        cards,
    );
    out.figure("evicted", "Evicted cards", m.k as f64, cards);
    out.figure("wrong_evictions", "Wrong evictions", m.wrong as f64, cards);
    out.figure(
        "wrong_eviction_share",
        "Wrong among the evicted",
        m.wrong_share(),
        Unit::Share,
    );
    out.figure(
        "fleet_median_tok_s",
        "Fleet median true rate",
        m.median,
        Unit::TokPerS,
    );
    out.figure(
        "true_capacity_tok_s",
        "Warm cards' true capacity",
        m.capacity,
        Unit::TokPerS,
    );
    out.figure(
        "measured_capacity_tok_s",
        "Warm cards' measured capacity",
        m.measured_capacity,
        Unit::TokPerS,
    );
    out.figure(
        "demand_tok_s",
        "Demand (month average)",
        m.demanded_avg,
        Unit::TokPerS,
    );
    out.figure("peak_tok_s", "Peak hourly demand", m.peak, Unit::TokPerS);
    out.figure(
        "delivered_tok_s",
        "Delivered (month average)",
        m.delivered_avg,
        Unit::TokPerS,
    );
    out.figure(
        "delivered_share",
        "Delivered ÷ demanded",
        m.delivered_share(),
        Unit::Share,
    );
    out.figure(
        "shortage_share",
        "Shortage",
        m.shortage_share(),
        Unit::Share,
    );
    out.figure("idle_dollars", "Idle dollars", m.idle_dollars, Unit::Usd);
    out.figure(
        "ideal_cards",
        "Ideal operator's cards",
        m.ideal.len() as f64,
        cards,
    );
    out.figure(
        "ideal_bill",
        "Ideal operator's bill",
        m.ideal_bill,
        Unit::Usd,
    );
    out.figure(
        "convergence",
        "Convergence (ideal ÷ bill)",
        m.convergence,
        Unit::Share,
    );
    out.figure(
        "month_tok_per_usd",
        "Month's tokens per dollar",
        m.tok_per_dollar(),
        Unit::TokPerUsd,
    );
}

// ---------------------------------------------------------------------------
// Checks, and the single slider move that would flip a failing one

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    Capacity,
    Convergence,
    Eviction,
}

impl Check {
    fn passes(self, m: &Month) -> bool {
        match self {
            Check::Capacity => m.delivered_share() >= CAPACITY_PASS - CHECK_EPSILON,
            Check::Convergence => m.convergence >= CONVERGENCE_PASS - CHECK_EPSILON,
            Check::Eviction => m.wrong == 0,
        }
    }
    /// What the check reads after a move, in words.
    fn result(self, m: &Month) -> String {
        match self {
            Check::Capacity => format!(
                "it delivers {} of {} ({})",
                Unit::TokPerS.format(m.delivered_avg),
                Unit::TokPerS.format(m.demanded_avg),
                Unit::Share.format(m.delivered_share())
            ),
            Check::Convergence => format!(
                "it bills {} against the ideal {} ({})",
                Unit::Usd.format(m.bill),
                Unit::Usd.format(m.ideal_bill),
                pct1(m.convergence)
            ),
            Check::Eviction if m.k == 0 => "it evicts no card at all".to_string(),
            Check::Eviction => format!("none of its {} evictions is at or above the median", m.k),
        }
    }
}

/// "1 eviction", "3 evictions".
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A share written to 0.1 point, as the spec's tables do.
fn pct1(x: f64) -> String {
    if x.is_finite() {
        format!("{:.1} %", x * 100.0)
    } else {
        "∞ %".to_string()
    }
}

/// One slider moved.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    Mode(Mode),
    Window(Window),
    Share(u32),
    Class(Class),
    Pool(usize),
}

impl Move {
    fn param(self) -> &'static str {
        match self {
            Move::Mode(_) => "mode",
            Move::Window(_) => "window",
            Move::Share(_) => "share_pct",
            Move::Class(_) => "class",
            Move::Pool(_) => "pool_size",
        }
    }
    fn apply(self, mut inp: MonthInput) -> MonthInput {
        match self {
            Move::Mode(x) => inp.mode = x,
            Move::Window(x) => inp.window = x,
            Move::Share(x) => inp.share_pct = x,
            Move::Class(x) => inp.class = x,
            Move::Pool(x) => inp.pool_size = x,
        }
        inp
    }
    fn says(self, after: &Month) -> String {
        match self {
            Move::Mode(x) => format!(
                "Switch mode to {} ({} cards run)",
                x.word(),
                after.run.len()
            ),
            Move::Window(x) => format!(
                "Score through the {} window (±{} %)",
                x.word(),
                x.err() * 100.0
            ),
            Move::Share(x) => format!("Lower share_pct to {x} % ({})", plural(after.k, "eviction")),
            Move::Class(x) => format!(
                "Switch class to {} ({} cards run)",
                x.word(),
                after.run.len()
            ),
            Move::Pool(x) => format!("Grow pool_size to {x} cards"),
        }
    }
}

/// The single slider move (in the order a reader would try them) that makes
/// `check` pass, with the month it gives. Every candidate is a real run.
fn find_move(check: Check, m: &Month) -> Option<(Move, Month)> {
    let inp = m.input;
    let try_move = |mv: Move| {
        let after = run_month(&mv.apply(inp));
        check.passes(&after).then_some((mv, after))
    };
    let longer: Vec<Move> = match inp.window {
        Window::Hour => vec![Move::Window(Window::Day), Move::Window(Window::Week)],
        Window::Day => vec![Move::Window(Window::Week)],
        Window::Week => vec![],
    };
    let mut moves: Vec<Move> = Vec::new();
    match check {
        Check::Capacity => {
            if inp.class == Class::Bargain {
                moves.push(Move::Class(Class::Flagship));
            }
        }
        Check::Convergence => {
            if inp.mode == Mode::AlwaysWarm {
                moves.push(Move::Mode(Mode::Steady));
            }
            moves.extend(&longer);
        }
        Check::Eviction => moves.extend(&longer),
    }
    for mv in moves {
        if let Some(hit) = try_move(mv) {
            return Some(hit);
        }
    }
    if inp.share_pct > 0 && check == Check::Eviction {
        // The eviction order and the median don't depend on the share: the
        // largest safe k is the position of the first card at or above the
        // median in that order, and the largest share_pct that floors to it.
        let rent = inp.class.rent();
        let score: Vec<f64> = m.measured.iter().map(|&x| card_score(x, rent)).collect();
        let n = m.cards.len();
        let safe = ascending(&score)
            .iter()
            .position(|&i| m.cards[i].true_rate >= m.median)
            .unwrap_or(n);
        let pct = ((100 * safe + 99) / n.max(1)).min(inp.share_pct as usize - 1) as u32;
        if let Some(hit) = try_move(Move::Share(pct)) {
            return Some(hit);
        }
    }
    // The largest lower share that passes (binary search, assuming fewer
    // evictions never hurt; every answer is a real run).
    if inp.share_pct > 0 {
        if let Some(mut best) = try_move(Move::Share(0)) {
            let (mut lo, mut hi) = (0u32, inp.share_pct - 1);
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                match try_move(Move::Share(mid)) {
                    Some(h) => {
                        lo = mid;
                        best = h;
                    }
                    None => hi = mid - 1,
                }
            }
            return Some(best);
        }
    }
    if check == Check::Capacity {
        if inp.mode == Mode::Steady {
            // A longer window changes the scores, hence who is evicted.
            for mv in longer {
                if let Some(hit) = try_move(mv) {
                    return Some(hit);
                }
            }
        }
        // The smallest larger pool that passes (binary search; verified).
        if inp.pool_size < MAX_POOL {
            if let Some(mut best) = try_move(Move::Pool(MAX_POOL)) {
                let (mut lo, mut hi) = (inp.pool_size + 1, MAX_POOL);
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    match try_move(Move::Pool(mid)) {
                        Some(h) => {
                            hi = mid;
                            best = h;
                        }
                        None => lo = mid + 1,
                    }
                }
                return Some(best);
            }
        }
    }
    None
}

fn checks(m: &Month, out: &mut Outcome) {
    let usd = |x: f64| Unit::Usd.format(x);
    let tok = |x: f64| Unit::TokPerS.format(x);
    let advice = |check: Check, fallback: &'static str, none: String| match find_move(check, m) {
        Some((mv, after)) => (
            mv.param(),
            format!("{}: {}.", mv.says(&after), check.result(&after)),
        ),
        None => (fallback, none),
    };

    // Capacity.
    let ratio = m.delivered_share();
    let warm = m.run.len();
    let (lever, fix) = if Check::Capacity.passes(m) {
        ("pool_size", String::new())
    } else {
        advice(
            Check::Capacity,
            "pool_size",
            "No single slider move covers it: even the largest pool falls short; lower the demand, or add cards (pool_size) and switch class together with a gentler eviction share."
                .to_string(),
        )
    };
    out.checks.push(Verdict::at_least(
        "capacity",
        ratio,
        CAPACITY_PASS,
        Unit::Share,
        Some(lever),
        |pass| {
            if pass {
                if m.demanded_avg <= 0.0 {
                    "Nothing is demanded, so nothing is short: the capacity ratio reads 100 %.".to_string()
                } else {
                    format!(
                        "The {warm} warm cards' true {} carry {} of the {} demanded ({}), at least 99 %.",
                        tok(m.capacity),
                        tok(m.delivered_avg),
                        tok(m.demanded_avg),
                        pct1(ratio)
                    )
                }
            } else {
                let why = if (m.exhausted || m.input.mode == Mode::AlwaysWarm) && m.k > 0 {
                    format!(
                        "after {} evictions only {} survivors are left, and all of them run",
                        m.k,
                        m.survivors()
                    )
                } else if m.exhausted || m.input.mode == Mode::AlwaysWarm {
                    "every card of the pool runs".to_string()
                } else {
                    "the measured scores overstated the warm cards".to_string()
                };
                format!(
                    "The {warm} warm cards carry only {} in truth, so {} of the {} demanded is delivered ({} < 99 %): {why}. {fix}",
                    tok(m.capacity),
                    tok(m.delivered_avg),
                    tok(m.demanded_avg),
                    pct1(ratio)
                )
            }
        },
    ));

    // Convergence.
    let (lever, fix) = if Check::Convergence.passes(m) {
        ("mode", String::new())
    } else {
        advice(
            Check::Convergence,
            "window",
            "No single slider move brings it to 90 %: move several together (mode, window, share_pct).".to_string(),
        )
    };
    out.checks.push(Verdict::at_least(
        "convergence",
        m.convergence,
        CONVERGENCE_PASS,
        Unit::Share,
        Some(lever),
        |pass| {
            let ideal = if m.ideal_short {
                format!(
                    "the ideal operator runs the whole pool of {} cards ({}) and still can't cover the {} peak",
                    m.ideal.len(),
                    usd(m.ideal_bill),
                    tok(m.peak)
                )
            } else {
                format!(
                    "the ideal operator covers the {} peak with {} cards for {}",
                    tok(m.peak),
                    m.ideal.len(),
                    usd(m.ideal_bill)
                )
            };
            let bill = format!(
                "This month bills {} ({warm} warm cards {} + churn on {} {})",
                usd(m.bill),
                usd(m.warm_rent),
                plural(m.k, "eviction"),
                usd(m.churn)
            );
            let idle = if m.idle_dollars > 0.5 {
                format!(", {} of it on idle capacity", usd(m.idle_dollars))
            } else {
                String::new()
            };
            if pass && m.convergence > 1.0 {
                format!(
                    "{bill}; {ideal}: {} ≥ 90 %. A bill below the ideal is the signature of a rate shortage, which only the capacity check sees.",
                    pct1(m.convergence)
                )
            } else if pass {
                format!("{bill}; {ideal}: {} ≥ 90 %.", pct1(m.convergence))
            } else {
                format!(
                    "{bill}{idle}; {ideal}: {} < 90 %. {fix}",
                    pct1(m.convergence)
                )
            }
        },
    ));

    // Eviction.
    let (lever, fix) = if Check::Eviction.passes(m) {
        ("window", String::new())
    } else {
        advice(
            Check::Eviction,
            "share_pct",
            "Set share_pct to 0 % to evict nothing.".to_string(),
        )
    };
    out.checks.push(Verdict::at_most(
        "eviction",
        m.wrong as f64,
        0.0,
        Unit::Count("wrong evictions"),
        Some(lever),
        |pass| {
            let err = m.input.window.err() * 100.0;
            if pass && m.k == 0 {
                format!(
                    "No card is evicted (share_pct {} % of {} cards rounds down to 0), so none is evicted wrongly.",
                    m.input.share_pct,
                    m.cards.len()
                )
            } else if pass {
                format!(
                    "All {} evicted cards had true rates below the fleet median {}: the {} window's ±{err} % error didn't hide a healthy card.",
                    m.k,
                    tok(m.median),
                    m.input.window.word()
                )
            } else {
                format!(
                    "{} of the {} evicted cards ({}) had true rates at or above the fleet median {}: the {} window's ±{err} % error made healthy cards look slow. {fix}",
                    m.wrong,
                    m.k,
                    Unit::Share.format(m.wrong_share()),
                    tok(m.median),
                    m.input.window.word()
                )
            }
        },
    ));
}

// ---------------------------------------------------------------------------
// Charts

fn cards_chart(m: &Month) -> Chart {
    let n = m.cards.len();
    let mut warm = Vec::new();
    let mut cold = Vec::new();
    let mut right = Vec::new();
    let mut wrong = Vec::new();
    for i in 0..n {
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
    let lo = m
        .cards
        .iter()
        .map(|c| c.true_rate)
        .fold(f64::INFINITY, f64::min);
    let hi = m.cards.iter().map(|c| c.true_rate).fold(0.0, f64::max);
    let err = m.input.window.err();
    let mut series = Vec::new();
    let mut push = |name: String, style, tone, pts: Vec<(f64, f64)>| {
        if !pts.is_empty() {
            series.push(Series::new(name, style, tone, pts));
        }
    };
    push(
        format!("warm ({})", m.run.len()),
        Style::Points,
        Tone::Good,
        warm,
    );
    push(
        format!("kept, not warm ({})", cold.len()),
        Style::Points,
        Tone::Muted,
        cold,
    );
    push(
        format!("evicted, below median ({})", right.len()),
        Style::Points,
        Tone::Warn,
        right,
    );
    push(
        format!("wrong eviction ({})", wrong.len()),
        Style::Points,
        Tone::Bad,
        wrong,
    );
    push(
        "measured = true".to_string(),
        Style::Dashed,
        Tone::Ink,
        vec![(lo, lo), (hi, hi)],
    );
    push(
        format!("true × (1 + {})", err),
        Style::Dashed,
        Tone::Muted,
        vec![(lo, lo * (1.0 + err)), (hi, hi * (1.0 + err))],
    );
    push(
        format!("true × (1 − {})", err),
        Style::Dashed,
        Tone::Muted,
        vec![(lo, lo * (1.0 - err)), (hi, hi * (1.0 - err))],
    );
    let mut hlines = Vec::new();
    if m.k > 0 {
        let sorted: Vec<f64> = {
            let mut s = m.measured.clone();
            s.sort_by(f64::total_cmp);
            s
        };
        let cut = if m.k < n {
            (sorted[m.k - 1] + sorted[m.k]) / 2.0
        } else {
            sorted[n - 1]
        };
        hlines.push(RefLine::new(
            cut,
            format!("eviction cut: bottom {} of {} by score", m.k, n),
            Tone::Bad,
        ));
    }
    Chart {
        id: "cards",
        title: format!(
            "Every card: true rate against its {}-window score",
            m.input.window.word()
        ),
        summary: format!(
            "{} of {} cards fall below the eviction cut; {} of them (red) sit at or above the fleet median true rate of {}.",
            m.k,
            n,
            m.wrong,
            Unit::TokPerS.format(m.median)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("true rate", Unit::TokPerS),
            y: Axis::new("measured rate", Unit::TokPerS),
            series,
            hlines,
            vlines: vec![RefLine::new(
                m.median,
                format!("fleet median {}", Unit::TokPerS.format(m.median)),
                Tone::Ink,
            )],
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
            y: Axis::new("dollars per month", Unit::Usd),
            sets: vec![
                BarSet {
                    name: "rent that moved tokens".to_string(),
                    tone: Tone::Good,
                    values: vec![
                        m.warm_rent - m.idle_dollars,
                        m.ideal_bill - m.ideal_idle_dollars,
                    ],
                },
                BarSet {
                    name: "idle dollars".to_string(),
                    tone: Tone::Warn,
                    values: vec![m.idle_dollars, m.ideal_idle_dollars],
                },
                BarSet {
                    name: "churn fees".to_string(),
                    tone: Tone::Bad,
                    values: vec![m.churn, 0.0],
                },
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
            y: Axis::new("tok/s", Unit::TokPerS),
            series,
            hlines: vec![RefLine::new(
                m.capacity,
                format!("warm cards' true capacity {}", Unit::TokPerS.format(m.capacity)),
                Tone::Good,
            )],
            vlines: vec![],
        }),
    }
}

fn notes(m: &Month, out: &mut Outcome) {
    if m.exhausted {
        out.notes.push(Note::Info(format!(
            "Steady mode ran out of cards: all {} survivors run and their measured {} stays below the {} target (peak × {}).",
            m.run.len(),
            Unit::TokPerS.format(m.measured_capacity),
            Unit::TokPerS.format(m.target),
            1.0 + m.input.window.err()
        )));
    }
    if m.ideal_short && m.peak > 0.0 {
        out.notes.push(Note::Info(format!(
            "Even the whole pool's {} true can't cover the {} peak, so the ideal operator is the whole pool of {} cards.",
            Unit::TokPerS.format(m.ideal_capacity),
            Unit::TokPerS.format(m.peak),
            m.cards.len()
        )));
    }
    if m.input.shape == Shape::Diurnal {
        out.notes.push(Note::Info(format!(
            "The diurnal shape peaks at {} × the average ({}); whole card-months must cover the peak, so every operator pays for evening capacity that idles at night.",
            m.input.shape.max(),
            Unit::TokPerS.format(m.peak)
        )));
    }
}

// ---------------------------------------------------------------------------
// Challenge templates (spec §7). Each generator seeds its own SplitMix64 and
// draws in the order the spec lists; answers use the displayed numbers.

/// Challenge C1 ("tokens-per-dollar score of one card"): the question's
/// displayed numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct C1Question {
    pub class: Class,
    /// Measured tok/s, rounded to 10.
    pub tok_s: f64,
    /// Dollars per card-month, rounded to 10.
    pub rent: f64,
}

impl C1Question {
    /// The answer: `tok_s × 3,600 × 730 / rent` tok/$ (±0.5 % relative).
    pub fn answer(&self) -> f64 {
        self.tok_s * 3600.0 * 730.0 / self.rent
    }

    /// The displayed numbers of a draw: `tok_s = round10(rated × q)`,
    /// `rent = round10(class rent × rent_factor)`.
    pub fn of(class: Class, q: f64, rent_factor: f64) -> C1Question {
        C1Question {
            class,
            tok_s: round_half_up(class.rated() * q, 10.0),
            rent: round_half_up(class.rent() * rent_factor, 10.0),
        }
    }
}

/// Challenge C1's raw draws, in the spec's order: the class (`unit < 0.5`
/// flagship), the lottery `q`, the rent factor `0.8 + 0.4 × unit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct C1Draw {
    pub class: Class,
    pub q: f64,
    pub rent_factor: f64,
}

/// Challenge C1's draws from `rng` (the practice generator).
pub fn c1_draw(rng: &mut SplitMix64) -> C1Draw {
    let class = if rng.next_unit() < 0.5 {
        Class::Flagship
    } else {
        Class::Bargain
    };
    let q = Q_LO + (Q_HI - Q_LO) * rng.next_unit();
    let rent_factor = 0.8 + 0.4 * rng.next_unit();
    C1Draw {
        class,
        q,
        rent_factor,
    }
}

/// Challenge C1 generator: class (`unit < 0.5` flagship), `tok_s =
/// round10(rated × q)`, `rent = round10(class rent × (0.8 + 0.4 × unit))`.
pub fn c1_question(practice_seed: u64) -> C1Question {
    let d = c1_draw(&mut SplitMix64::new(practice_seed));
    C1Question::of(d.class, d.q, d.rent_factor)
}

/// A candidate card of challenge C2.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// "F1", "B2": class letter and its count in list order.
    pub name: String,
    pub class: Class,
    /// Measured tok/s (displayed).
    pub measured: f64,
    pub rent: f64,
}

/// Challenge C2 ("whole-card greedy"): the question's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct C2Question {
    pub candidates: Vec<Candidate>,
    pub window: Window,
    /// Peak demand, tok/s (whole thousands).
    pub demand: f64,
}

/// The run set a whole-card greedy picks.
#[derive(Clone, Debug, PartialEq)]
pub struct GreedyPick {
    /// Indices into the candidate list, in pick order.
    pub picked: Vec<usize>,
    pub tok_s: f64,
    pub bill: f64,
}

/// Names candidates F1.., B1.. by class, in list order.
pub fn name_candidates(cards: &[(Class, f64)]) -> Vec<Candidate> {
    let (mut f, mut b) = (0, 0);
    cards
        .iter()
        .map(|&(class, measured)| {
            let name = match class {
                Class::Flagship => {
                    f += 1;
                    format!("F{f}")
                }
                Class::Bargain => {
                    b += 1;
                    format!("B{b}")
                }
            };
            Candidate {
                name,
                class,
                measured,
                rent: class.rent(),
            }
        })
        .collect()
}

/// Challenge C2 generator: `n = 6 + floor(5u)`; per candidate class (`u <
/// 0.6` flagship) then `measured = round10(rated × q)`; window
/// `[hour, day, week][floor(3u)]`; `D = floor(f × Σmeasured / (1+err) / 1000)
/// × 1000` with `f = 0.4 + 0.4u`.
pub fn c2_question(practice_seed: u64) -> C2Question {
    c2_draw(&mut SplitMix64::new(practice_seed))
}

/// Challenge C2's draws from `rng` (the practice generator), in the order of
/// [`c2_question`].
pub fn c2_draw(rng: &mut SplitMix64) -> C2Question {
    let n = 6 + (5.0 * rng.next_unit()) as usize;
    let cards: Vec<(Class, f64)> = (0..n)
        .map(|_| {
            let class = if rng.next_unit() < 0.6 {
                Class::Flagship
            } else {
                Class::Bargain
            };
            let q = Q_LO + (Q_HI - Q_LO) * rng.next_unit();
            (class, round_half_up(class.rated() * q, 10.0))
        })
        .collect();
    let window = Window::nth((3.0 * rng.next_unit()) as usize);
    let f = 0.4 + 0.4 * rng.next_unit();
    let sum = cards.iter().fold(0.0, |a, c| a + c.1);
    let demand = (f * sum / (1.0 + window.err()) / 1000.0).floor() * 1000.0;
    C2Question {
        candidates: name_candidates(&cards),
        window,
        demand,
    }
}

/// Challenge C2's answer: sort by score descending (ties by list order) and
/// add whole cards until `Σ measured ≥ demand × (1 + err)`.
pub fn whole_card_greedy(candidates: &[Candidate], demand: f64, window: Window) -> GreedyPick {
    let score: Vec<f64> = candidates
        .iter()
        .map(|c| card_score(c.measured, c.rent))
        .collect();
    let rate: Vec<f64> = candidates.iter().map(|c| c.measured).collect();
    let (picked, tok_s) = greedy(&descending(&score), &rate, demand * (1.0 + window.err()));
    let bill = picked.iter().fold(0.0, |a, &i| a + candidates[i].rent);
    GreedyPick {
        picked,
        tok_s,
        bill,
    }
}

/// Challenge C3 ("the eviction decision"): the question's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct C3Question {
    pub share_pct: u32,
    pub window: Window,
    /// Displayed (rounded to 10) measured and true rates of flagship cards.
    pub measured: Vec<f64>,
    pub true_rate: Vec<f64>,
}

/// Challenge C3's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct EvictionDecision {
    /// Evicted cards, lowest score first.
    pub evicted: Vec<usize>,
    pub median: f64,
    pub wrong: Vec<usize>,
}

impl C3Question {
    /// The displayed numbers of flagship cards with month-average `true_rate`
    /// and measurement luck `u`: `round10(true × (1 + err × u))` measured
    /// through `window` and `round10(true)`.
    pub fn of(share_pct: u32, window: Window, true_rate: &[f64], u: &[f64]) -> C3Question {
        C3Question {
            share_pct,
            window,
            measured: true_rate
                .iter()
                .zip(u)
                .map(|(&t, &u)| round_half_up(t * (1.0 + window.err() * u), 10.0))
                .collect(),
            true_rate: true_rate
                .iter()
                .take(u.len())
                .map(|&t| round_half_up(t, 10.0))
                .collect(),
        }
    }
}

/// Challenge C3's raw draws, in the spec's order: `n`, `p`, the window, then
/// the pool `draw_pool(flagship, n, next_u64())`.
#[derive(Clone, Debug, PartialEq)]
pub struct C3Draw {
    pub share_pct: u32,
    pub window: Window,
    pub pool: Vec<Card>,
}

/// Challenge C3's draws from `rng` (the practice generator).
pub fn c3_draw(rng: &mut SplitMix64) -> C3Draw {
    let n = 10 + (7.0 * rng.next_unit()) as usize;
    let share_pct = [10, 20, 25, 30, 40][((5.0 * rng.next_unit()) as usize).min(4)];
    let window = Window::nth((3.0 * rng.next_unit()) as usize);
    let pool = draw_pool(Class::Flagship, n, rng.next_u64());
    C3Draw {
        share_pct,
        window,
        pool,
    }
}

/// Challenge C3 generator: `n = 10 + floor(7u)`; `p = [10, 20, 25, 30,
/// 40][floor(5u)]`; window `[hour, day, week][floor(3u)]`; `pool_seed =
/// next_u64()`, then `draw_pool(flagship, n, pool_seed)`; both rates shown
/// rounded to 10 tok/s.
pub fn c3_question(practice_seed: u64) -> C3Question {
    let d = c3_draw(&mut SplitMix64::new(practice_seed));
    let true_rate: Vec<f64> = d.pool.iter().map(|c| c.true_rate).collect();
    let u: Vec<f64> = d.pool.iter().map(|c| c.u).collect();
    C3Question::of(d.share_pct, d.window, &true_rate, &u)
}

/// Challenge C3's answer (flagship cards): evict the `floor(p × n / 100)`
/// lowest measured scores, ties by list order; a wrong eviction has true ≥
/// the median of all true rates.
pub fn eviction_decision(measured: &[f64], true_rate: &[f64], share_pct: u32) -> EvictionDecision {
    let n = measured.len().min(true_rate.len());
    let rent = Class::Flagship.rent();
    let score: Vec<f64> = measured[..n].iter().map(|&m| card_score(m, rent)).collect();
    let k = (share_pct as usize * n) / 100;
    let evicted: Vec<usize> = ascending(&score).into_iter().take(k).collect();
    let median = fleet_median(&true_rate[..n]);
    let wrong = evicted
        .iter()
        .copied()
        .filter(|&i| true_rate[i] >= median)
        .collect();
    EvictionDecision {
        evicted,
        median,
        wrong,
    }
}

// ---------------------------------------------------------------------------
// Solving drawn challenges (the topic's `solve()`): the numbers come back out
// of the variables `draw()` wrote, or the page's sliders for the variables
// that mirror one, and go through the generators' own functions.

fn class_var(v: &Vars, name: &str) -> Result<Class, String> {
    match v.word(name) {
        "flagship" => Ok(Class::Flagship),
        "bargain" => Ok(Class::Bargain),
        w => Err(format!("{name}: no card class '{w}'")),
    }
}

fn window_var(v: &Vars) -> Result<Window, String> {
    match v.word("window") {
        w @ ("hour" | "day" | "week") => Ok(Window::from_word(w)),
        w => Err(format!("window: no window '{w}'")),
    }
}

fn finite_var(v: &Vars, name: &str) -> Result<f64, String> {
    let x = v.num(name);
    x.is_finite()
        .then_some(x)
        .ok_or(format!("{name} is missing"))
}

fn count_var(v: &Vars, name: &str, max: usize) -> Result<usize, String> {
    let x = finite_var(v, name)?;
    (x >= 0.0 && x.fract() == 0.0 && x <= max as f64)
        .then_some(x as usize)
        .ok_or(format!("{name} must be a whole number from 0 to {max}"))
}

/// "±5 %" for a window's error.
fn err_text(w: Window) -> String {
    format!("±{} %", (w.err() * 100.0).round())
}

fn tok(x: f64) -> String {
    group(x, 0)
}

/// C1: the tokens-per-dollar score of one card.
fn solve_c1(v: &Vars) -> Result<Solution, String> {
    let class = class_var(v, "class")?;
    let c = C1Question::of(class, finite_var(v, "q")?, finite_var(v, "rent_factor")?);
    if c.rent <= 0.0 {
        return Err("rent must be positive".into());
    }
    let score = c.answer();
    Ok(Solution::new(score)
        .with("tok_s", tok(c.tok_s))
        .with("rent", Unit::Usd.format(c.rent))
        .with("month_tokens", tok(c.tok_s * SECONDS_PER_MONTH))
        .with("hour_tokens", tok(c.tok_s * 3600.0))
        .with("rent_hour", Unit::UsdPerHour.format(c.rent / HOURS as f64))
        .with("millions", format!("{:.2} M", score / 1e6))
        .with("per_m", Unit::UsdPerMTok.format(1e6 / score)))
}

/// C2: the whole-card greedy over named candidates.
fn solve_c2(v: &Vars) -> Result<Solution, String> {
    let n = count_var(v, "n", 64)?;
    let cards = (0..n)
        .map(|i| {
            let m = finite_var(v, &format!("measured_{i}"))?;
            Ok((class_var(v, &format!("class_{i}"))?, m))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let window = window_var(v)?;
    let demand = finite_var(v, "demand")?;
    let c = name_candidates(&cards);
    let pick = whole_card_greedy(&c, demand, window);
    let target = demand * (1.0 + window.err());
    let list = c
        .iter()
        .map(|x| {
            format!(
                "{} {} @ {}",
                x.name,
                tok(x.measured),
                Unit::Usd.format(x.rent)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let score: Vec<f64> = c.iter().map(|x| card_score(x.measured, x.rent)).collect();
    let scores = descending(&score)
        .iter()
        .map(|&i| format!("{} {:.2} M", c[i].name, score[i] / 1e6))
        .collect::<Vec<_>>()
        .join(", ");
    let mut sum = 0.0;
    let mut walk: Vec<String> = pick
        .picked
        .iter()
        .map(|&i| {
            sum += c[i].measured;
            format!("{} → {}", c[i].name, tok(sum))
        })
        .collect();
    if pick.tok_s >= target {
        if let Some(last) = walk.last_mut() {
            last.push_str(&format!(" ≥ {}, stop", tok(target)));
        }
    } else {
        walk.push(format!(
            "every candidate runs and still falls short of {}",
            tok(target)
        ));
    }
    let names: Vec<String> = pick.picked.iter().map(|&i| c[i].name.clone()).collect();
    let rents = pick
        .picked
        .iter()
        .map(|&i| Unit::Usd.format(c[i].rent))
        .collect::<Vec<_>>()
        .join(" + ");
    let mut sol = Solution::new(names.len() as f64)
        .with("list", list)
        .with("demand", tok(demand))
        .with("err", err_text(window))
        .with("headroom", format!("{}", 1.0 + window.err()))
        .with("target", tok(target))
        .with("scores", scores)
        .with("walk", walk.join(", "))
        .with("picked", names.join(", "))
        .with("count", names.len().to_string())
        .with("picked_tok_s", tok(pick.tok_s))
        .with("rents", rents)
        .with("bill", Unit::Usd.format(pick.bill));
    if !names.is_empty() {
        sol.detail = Some(names);
    }
    Ok(sol)
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "1st", "2nd", "7th".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// C3: which evicted cards are wrong evictions.
fn solve_c3(v: &Vars) -> Result<Solution, String> {
    let n = count_var(v, "n", MAX_POOL)?;
    let p = count_var(v, "p", 100)? as u32;
    let window = window_var(v)?;
    let true_raw = (0..n)
        .map(|i| finite_var(v, &format!("true_{i}")))
        .collect::<Result<Vec<_>, String>>()?;
    let u = (0..n)
        .map(|i| finite_var(v, &format!("u_{i}")))
        .collect::<Result<Vec<_>, String>>()?;
    let q = C3Question::of(p, window, &true_raw, &u);
    let d = eviction_decision(&q.measured, &q.true_rate, p);
    let name = |i: usize| format!("c{i}");
    let list = (0..n)
        .map(|i| {
            format!(
                "{} {} / {}",
                name(i),
                tok(q.measured[i]),
                tok(q.true_rate[i])
            )
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let k = d.evicted.len();
    let evicted = if k == 0 {
        "nobody leaves".to_string()
    } else {
        let list = d
            .evicted
            .iter()
            .map(|&i| format!("{} ({})", name(i), tok(q.measured[i])))
            .collect::<Vec<_>>()
            .join(", ");
        format!("{list} {}", if k == 1 { "leaves" } else { "leave" })
    };
    let median_how = if n % 2 == 0 {
        format!(
            "the mean of the {} and {} smallest",
            ordinal(n / 2),
            ordinal(n / 2 + 1)
        )
    } else {
        format!("the {} smallest", ordinal(n / 2 + 1))
    };
    let mut sorted = q.true_rate.clone();
    sorted.sort_by(f64::total_cmp);
    let median_rule = if n == 0 {
        "undefined (no cards)".to_string()
    } else if n % 2 == 0 {
        format!(
            "({} + {}) / 2 = {}",
            tok(sorted[n / 2 - 1]),
            tok(sorted[n / 2]),
            tok(d.median)
        )
    } else {
        format!("the middle value, {}", tok(d.median))
    };
    let wrong: Vec<String> = d.wrong.iter().map(|&i| name(i)).collect();
    let verdict = if wrong.is_empty() {
        format!(
            "No evicted card has a true rate at or above {}: 0 wrong evictions.",
            tok(d.median)
        )
    } else {
        format!(
            "Among the evicted, {} {} at or above it: {}.",
            and_list(
                &d.wrong
                    .iter()
                    .map(|&i| format!("{} (true {})", name(i), tok(q.true_rate[i])))
                    .collect::<Vec<_>>()
            ),
            if wrong.len() == 1 { "is" } else { "are" },
            plural(wrong.len(), "wrong eviction")
        )
    };
    // The k truly slowest cards, and which of them the noise let through.
    let truly_slow: Vec<usize> = ascending(&q.true_rate).into_iter().take(k).collect();
    let missed: Vec<String> = truly_slow
        .iter()
        .filter(|i| !d.evicted.contains(i))
        .map(|&i| {
            format!(
                "{} (true {}, measured {})",
                name(i),
                tok(q.true_rate[i]),
                tok(q.measured[i])
            )
        })
        .collect();
    let slow_note = if k == 0 {
        String::new()
    } else if missed.is_empty() {
        if k == 1 {
            " The noise was kind: the truly slowest card is the one evicted.".to_string()
        } else {
            format!(
                " The noise was kind: the {k} truly slowest cards are exactly the ones evicted."
            )
        }
    } else {
        format!(
            " Meanwhile {} of the {} truly slowest {} on a lucky measurement: {}.",
            missed.len(),
            k,
            if missed.len() == 1 {
                "survives"
            } else {
                "survive"
            },
            and_list(&missed)
        )
    };
    let mut sol = Solution::new(wrong.len() as f64)
        .with("list", list)
        .with("err", err_text(window))
        .with("rent", Unit::Usd.format(Class::Flagship.rent()))
        .with("k", k.to_string())
        .with("evicted", evicted)
        .with("median_rule", median_rule)
        .with("median_how", median_how)
        .with("median", tok(d.median))
        .with("verdict", verdict + &slow_note);
    if !wrong.is_empty() {
        sol.detail = Some(wrong);
    }
    Ok(sol)
}

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

    /// The eviction lever names the largest share with no wrong eviction
    /// (brute force over every share agrees).
    #[test]
    fn eviction_lever_is_the_largest_safe_share() {
        let mut rng = SplitMix64::new(7);
        let mut checked = 0;
        for _ in 0..300 {
            let inp = MonthInput {
                class: Class::Flagship,
                pool_size: 5 + rng.below(60) as usize,
                seed: rng.below(100_000),
                demand: 50_000.0,
                window: Window::Hour,
                share_pct: 1 + rng.below(99) as u32,
                mode: Mode::Steady,
                shape: Shape::Flat,
            };
            let m = run_month(&inp);
            if Check::Eviction.passes(&m) {
                continue;
            }
            let shares = |w: Window| {
                (0..inp.share_pct)
                    .rev()
                    .find(|&s| {
                        let mut i = inp;
                        i.share_pct = s;
                        i.window = w;
                        run_month(&i).wrong == 0
                    })
                    .unwrap()
            };
            let (mv, after) = find_move(Check::Eviction, &m).unwrap();
            assert_eq!(after.wrong, 0);
            match mv {
                Move::Window(w) => assert!(w != Window::Hour),
                Move::Share(s) => {
                    assert_eq!(s, shares(Window::Hour), "{inp:?}");
                    checked += 1;
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(checked > 10, "only {checked} share moves");
    }

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
