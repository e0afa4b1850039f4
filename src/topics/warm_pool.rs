//! # Model warm pools — concept explorer
//!
//! Source: seed card `003_65fc01d1a8f426b5.txt` ("Model warm pool"), model per
//! `shared/spec/concepts.md` § warm-pool.
//!
//! How many standby replicas does a burst shape justify?
//!
//! ## Rent (the worked example)
//!
//! A warm replica rents its card all day whether or not anyone calls it:
//! idle rent = `w × price × 24` per day, `× 365` per year. Always warm for a
//! burst of `k = 4`: 4 × $2.50 × 24 = $240/day = $87,600/year; one warm
//! replica $21,900/year; all cold $0, and each of the `k − w` launched
//! replicas arrives a cold start (32 s) late.
//!
//! ## The burst (fluid FIFO model)
//!
//! A burst needs `k` replicas of `r` req/s at its top: demand climbs linearly
//! from 0 to `k·r` over the rise time, holds for the burst length, then stops.
//! At its start the `w` warm replicas serve at once and the other `k − w`
//! launch, ready after the cold start `T`: capacity is `w·r` before `T` and
//! `k·r` after. Demand above capacity waits in one FIFO queue; the backlog is
//! the demand the booting replicas miss. For a burst that arrives all at once
//! (rise 0) the backlog at `T` is `(k − w)·r·T` (missing replicas × rate × cold
//! start: 3 × 10 × 32 = 960 requests for one warm replica). A request arriving
//! at `t` leaves when cumulative service reaches the cumulative arrivals at
//! `t`; its wait is the difference. The model steps the burst in 2,000 even
//! slices and reports the peak backlog, and the mean and p95 wait of the
//! burst's arrivals (weighted by requests).
//!
//! Closed form for a step burst of length `L ≥ w·T/k`: total wait
//! `W = r·(k − w)·T·(L − w·T/(2k))` request-seconds.
//!
//! ## What the pool buys
//!
//! Wait removed by `w` = wait with no pool − wait with `w`, per burst, times
//! bursts per day; priced at the value of a user-hour of waiting. The cost
//! per second of wait removed is shown two ways: idle rent per day ÷ user-hours
//! of waiting removed per day ($ per user-hour, since a user-second is a
//! fraction of a cent), and idle rent per year ÷ seconds of p95 wait removed. The break-even pool
//! is where one more replica would rent more than the wait it removes is
//! worth: the `w` minimizing rent − value of the wait removed.
//!
//! Checks: p95 burst wait ≤ the target (10 s, spec); idle rent per year ≤ the
//! budget ($30,000, chosen between one warm replica and two).

use crate::challenge::{Solution, Solver, Template, Value, Vars};
use crate::model::memo::Memo;
use crate::model::units;
use crate::model::*;
use std::rc::Rc;

pub struct WarmPool;
pub static TOPIC: WarmPool = WarmPool;
/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: WarmPool = WarmPool;

/// Hours in a day, days in a year (the seed's 365).
const HOURS_PER_DAY: f64 = 24.0;
const DAYS_PER_YEAR: f64 = 365.0;
/// The largest pool the page considers (the slider's top).
pub const MAX_POOL: usize = 16;
/// Even slices of one burst's timeline.
pub const SLICES: usize = 2000;
/// Points per series on the timeline chart.
const DRAWN: usize = 400;

static PARAMS: [ParamSpec; 11] = [
    ParamSpec::number(
        "warm",
        "Warm replicas",
        Unit::Count("replicas"),
        (0.0, MAX_POOL as f64, 1.0),
        1.0,
        "seed 003 middle ground: 1 warm replica",
        "Standby replicas booted and ready before the burst; each rents all day.",
    ),
    ParamSpec::number(
        "burst_replicas",
        "Replicas the burst needs",
        Unit::Count("replicas"),
        (1.0, MAX_POOL as f64, 1.0),
        4.0,
        "seed 003 worked example: bursts that need 4 replicas up at once",
        "Replicas the top of the burst needs; the rest of them launch when it starts.",
    ),
    ParamSpec::number(
        "cold_start_s",
        "Cold start",
        Unit::Seconds,
        (0.0, 600.0, 1.0),
        32.0,
        "seed 003 worked example: cold start of 32 s per replica",
        "Seconds from launch to admitting traffic: weights, cache, kernels.",
    ),
    ParamSpec::number(
        "price_per_hour",
        "Price per replica-hour",
        Unit::UsdPerHour,
        (0.1, 20.0, 0.05),
        2.5,
        "seed 003 worked example: an H100 renting at $2.50 per hour",
        "Rent of one replica for an hour.",
    ),
    ParamSpec::number(
        "rise_s",
        "Burst rise time",
        Unit::Seconds,
        (0.0, 600.0, 5.0),
        60.0,
        "chosen: the burst climbs to its top in a minute (seed 003: one warm replica 'absorbs the first seconds')",
        "Seconds the burst takes to climb from nothing to its top; 0 arrives all at once.",
    ),
    ParamSpec::number(
        "burst_s",
        "Burst length at the top",
        Unit::Seconds,
        (10.0, 3600.0, 10.0),
        60.0,
        "chosen: a one-minute spike at the top (a push notification, a class hitting submit)",
        "How long the burst holds at its top before it stops.",
    ),
    ParamSpec::number(
        "bursts_per_day",
        "Bursts per day",
        Unit::Count("per day"),
        (1.0, 96.0, 1.0),
        12.0,
        "chosen: a dozen spikes a day",
        "How often the pool earns its rent.",
    ),
    ParamSpec::number(
        "replica_rate",
        "Requests per replica",
        Unit::ReqPerS,
        (1.0, 200.0, 1.0),
        10.0,
        "seed 002's 3,000 tok/s per replica ÷ 300-token replies (chosen reply length)",
        "Requests per second one replica serves at the top of its SLO.",
    ),
    ParamSpec::number(
        "wait_target_s",
        "p95 wait target",
        Unit::Seconds,
        (1.0, 120.0, 1.0),
        10.0,
        "spec concepts.md: p95 burst wait ≤ 10 s",
        "The most the 95th-percentile burst arrival may wait.",
    ),
    ParamSpec::number(
        "rent_budget",
        "Idle rent budget",
        Unit::UsdPerYear,
        (0.0, 400_000.0, 500.0),
        30_000.0,
        "chosen: between one warm replica ($21,900/yr) and two ($43,800), the seed's middle path",
        "The most the standby pool may rent in a year.",
    ),
    ParamSpec::number(
        "wait_value",
        "Value of a user-hour of waiting",
        Unit::UsdPerHour,
        (0.0, 500.0, 1.0),
        20.0,
        "chosen: $20 per user-hour spent waiting (a round figure; move it)",
        "What an hour of users' waiting costs the business; prices the wait a pool removes.",
    ),
];

static PRESETS: [Preset; 3] = [
    Preset {
        id: "always-warm",
        title: "Always warm: all 4 standing by",
        story: "Keep all 4 replicas the burst needs booted all day: 4 × $2.50 × 24 = $240 a day, about $87,600 a year. No burst arrival ever waits, and most of that rent buys readiness nobody calls.",
        set: &[("warm", "4"), ("burst_replicas", "4")],
        fix: None,
    },
    Preset {
        id: "all-cold",
        title: "All cold: launch on the burst",
        story: "Keep nothing warm: $0 of idle rent. When the burst starts, all 4 replicas launch and each arrives 32 s late, so the first arrivals queue for up to half a minute and the backlog lingers after the pool is up.",
        set: &[("warm", "0"), ("burst_replicas", "4")],
        fix: None,
    },
    Preset {
        id: "one-warm",
        title: "The middle ground: one warm replica",
        story: "Keep 1 replica warm, about $21,900 a year. It absorbs the first seconds of the burst while the other 3 launch, and they arrive 32 s later to clear the small backlog: little queueing for a quarter of the always-warm rent.",
        set: &[("warm", "1"), ("burst_replicas", "4")],
        fix: None,
    },
];

static CHECKS: [CheckSpec; 2] = [
    CheckSpec {
        id: "p95_wait",
        label: "Burst arrivals barely wait",
        rule: "p95 wait of burst arrivals ≤ the target (default 10 s)",
    },
    CheckSpec {
        id: "idle_rent",
        label: "Standby rent within budget",
        rule: "idle rent per year ≤ the budget (default $30,000)",
    },
];

static ABOUT: About = About {
    id: "warm-pool",
    title: "Model warm pools",
    kind: TopicKind::Explorer,
    question: "How many standby replicas does a burst shape justify?",
    source: "seed 003 (Model warm pool); shared/spec/concepts.md § warm-pool",
    params: &PARAMS,
    presets: &PRESETS,
    checks: &CHECKS,
};

impl Topic for WarmPool {
    fn about(&self) -> &'static About {
        &ABOUT
    }
    fn run(&self, p: &Params) -> Outcome {
        let inp = Input::read(p);
        let pools = pool_curve(&inp.shape);
        let mut trace = BurstTrace::default();
        let now = simulate_burst(&inp.burst(), Some(&mut trace));
        let mut out = Outcome::default();
        figures(&inp, &now, &pools, &mut out);
        checks(&inp, &now, &mut out);
        out.charts.push(timeline_chart(&inp, &now, &trace));
        out.charts.push(backlog_chart(&inp, &now, &trace));
        out.charts.push(rent_chart(&inp, &pools));
        if inp.warm > inp.shape.need {
            out.notes.push(Note::Info(format!(
                "{} warm replicas are more than the {} the burst needs: the extra {} only rent.",
                inp.warm,
                inp.shape.need,
                inp.warm - inp.shape.need
            )));
        }
        out
    }
}

impl Solver for WarmPool {
    fn topic(&self) -> &'static dyn Topic {
        &TOPIC
    }
    fn draw(&self, t: &Template, rng: &mut SplitMix64) -> Vars {
        draw_challenge(t, rng)
    }
    fn solve(&self, t: &Template, v: &Vars) -> Result<Solution, String> {
        solve_challenge(t, v)
    }
}

// ---------------------------------------------------------------------------
// The arithmetic of the challenge templates

/// Challenge C1, idle rent per year of `w` warm replicas:
/// `w × price per hour × 24 × 365`.
pub fn idle_rent_per_year(warm: u32, price_per_hour: f64) -> f64 {
    idle_rent_per_day(warm, price_per_hour) * DAYS_PER_YEAR
}

/// Idle rent per day: `w × price per hour × 24`.
pub fn idle_rent_per_day(warm: u32, price_per_hour: f64) -> f64 {
    warm as f64 * price_per_hour * HOURS_PER_DAY
}

/// Challenge C2, the backlog a cold start leaves when the burst arrives at
/// once: `missing replicas × rate × cold start` (requests).
pub fn cold_start_backlog(missing: u32, rate: f64, cold_start_s: f64) -> f64 {
    missing as f64 * rate * cold_start_s
}

/// Total wait (request-seconds) of a burst that arrives at once at `k·r`
/// req/s for `length_s`, with `w` warm replicas and `k − w` launched at its
/// start: `r·(k − w)·T·(L − w·T/(2k))` when `L ≥ w·T/k`, else
/// `r·(k − w)·k·L²/(2w)`. Used by challenge C3 and by the tests of the
/// simulation.
pub fn step_burst_wait(warm: u32, need: u32, rate: f64, cold_start_s: f64, length_s: f64) -> f64 {
    if warm >= need || need == 0 {
        return 0.0;
    }
    let (w, k, t, l) = (warm as f64, need as f64, cold_start_s, length_s);
    if w == 0.0 || l >= w * t / k {
        rate * (k - w) * t * (l - w * t / (2.0 * k))
    } else {
        rate * (k - w) * k * l * l / (2.0 * w)
    }
}

/// Challenge C3, the break-even pool: the pool size past which one more
/// replica rents more than the wait it removes is worth, i.e. the `w` that
/// minimizes `w · rent per replica − removed[w]` (the smallest on a tie;
/// `removed[w]` is the daily cost of the wait `w` warm replicas remove, 0 at
/// `w = 0`). Where the removed wait flattens (at `k`), so does the answer.
pub fn break_even_pool(rent_per_replica_day: f64, removed_per_day: &[f64]) -> usize {
    let mut best = (0usize, 0.0f64);
    for (w, r) in removed_per_day.iter().enumerate() {
        let net = rent_per_replica_day * w as f64 - r;
        if net < best.1 - 1e-9 {
            best = (w, net);
        }
    }
    best.0
}

/// Daily dollars of the waiting each pool size `0..=MAX_POOL` removes from
/// a step burst (it arrives all at once at `k·r` req/s for `length_s`),
/// against no pool: `(W(0) − W(w)) / 3600 × bursts × value` with `W` from
/// [`step_burst_wait`]. The input of [`break_even_pool`] for challenge C3.
pub fn step_removed_per_day(
    need: u32,
    rate: f64,
    cold_start_s: f64,
    length_s: f64,
    bursts_per_day: f64,
    value_per_hour: f64,
) -> Vec<f64> {
    let none = step_burst_wait(0, need, rate, cold_start_s, length_s);
    (0..=MAX_POOL as u32)
        .map(|w| {
            let left = step_burst_wait(w, need, rate, cold_start_s, length_s);
            (none - left).max(0.0) / 3600.0 * bursts_per_day * value_per_hour
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Challenge draws and answers

/// C3's price is drawn to put the break-even inside the burst: the target
/// pool's last replica removes this much more than it rents when the target
/// is the whole burst, and the first replica this much less when the target
/// is no pool.
const EDGE_MARGIN: f64 = 1.25;
/// C3's price grid and range: the page slider's step, $0.50–$20 an hour.
const PRICE_STEP: f64 = 0.05;
const PRICE_MIN: f64 = 0.5;
const PRICE_MAX: f64 = 20.0;

/// Draws a challenge: every variable in order with one `next_unit()` each, as
/// the default draw does, except C2's warm pool (0 to k − 1: some replicas
/// always launch) and C3's price (see [`price_for_target`]).
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    let mut vars = Vars::default();
    for var in &t.vars {
        let value = match (t.answer.as_str(), var.name.as_str()) {
            ("cold_start_backlog", "w") => {
                let k = vars.num("k").max(1.0);
                Value::Num((rng.next_unit() * k).floor().min(k - 1.0))
            }
            ("break_even_pool", "price") => Value::Num(price_for_target(&vars, rng.next_unit())),
            _ => var.draw(rng),
        };
        vars.values.push((var.name.clone(), value));
    }
    t.attach_units(&mut vars);
    vars
}

/// C3's price per replica-hour: a target pool `w* = floor(u·(k + 1))`, then
/// the price at which replica `w*` still removes more waiting than it rents
/// and replica `w* + 1` less: `n × V × g / 24`, where `g` (user-hours a
/// burst) is the mean of the two replicas' removed waiting (from
/// [`step_burst_wait`]), or the edge replica's ×/÷ [`EDGE_MARGIN`] when `w*`
/// is 0 or `k`; on the page slider's $0.05 grid, $0.50–$20, and moved by
/// $0.05 while some replica's removed waiting is within a cent of its rent
/// (no answer hinges on rounding or the tie rule). The answer is always the
/// model's, whatever the target was.
fn price_for_target(v: &Vars, u: f64) -> f64 {
    let k = v.num("k").max(1.0) as u32;
    let (t, l, r) = (v.num("T"), v.num("L"), v.num("r"));
    let (n, value) = (v.num("n"), v.num("V"));
    let removed_by =
        |j: u32| (step_burst_wait(j - 1, k, r, t, l) - step_burst_wait(j, k, r, t, l)) / 3600.0;
    let target = ((u * (k + 1) as f64) as u32).min(k);
    let g = if target == 0 {
        removed_by(1) * EDGE_MARGIN
    } else if target == k {
        removed_by(k) / EDGE_MARGIN
    } else {
        (removed_by(target) + removed_by(target + 1)) / 2.0
    };
    let price = n * value * g / idle_rent_per_day(1, 1.0);
    let mut price = if price.is_finite() {
        ((price / PRICE_STEP).round() * PRICE_STEP).clamp(PRICE_MIN, PRICE_MAX)
    } else {
        PRICE_MIN
    };
    let removed = step_removed_per_day(k, r, t, l, n, value);
    for _ in 0..4 {
        let rent = idle_rent_per_day(1, price);
        let near = (1..=k as usize).any(|j| (removed[j] - removed[j - 1] - rent).abs() < 0.01);
        if !near {
            break;
        }
        price += if price < PRICE_MAX {
            PRICE_STEP
        } else {
            -PRICE_STEP
        };
    }
    (price * 100.0).round() / 100.0
}

/// A whole number among the drawn values, within `0..=max`.
fn whole(v: &Vars, name: &str, max: u32) -> Result<u32, String> {
    let x = v.num(name);
    (x >= 0.0 && x.fract() == 0.0 && x <= max as f64)
        .then_some(x as u32)
        .ok_or(format!("{name} must be a whole number from 0 to {max}"))
}

/// A finite number of zero or more among the drawn values.
fn amount(v: &Vars, name: &str) -> Result<f64, String> {
    let x = v.num(name);
    (x >= 0.0 && x.is_finite())
        .then_some(x)
        .ok_or(format!("{name} must be zero or more"))
}

/// Solves C1–C3 with the page's arithmetic.
fn solve_challenge(t: &Template, v: &Vars) -> Result<Solution, String> {
    let pool = MAX_POOL as u32;
    match t.answer.as_str() {
        "idle_rent_per_year" => {
            let (w, price) = (whole(v, "w", pool)?, amount(v, "price")?);
            Ok(Solution::new(idle_rent_per_year(w, price))
                .with(
                    "per_day",
                    Unit::UsdPerDay.format(idle_rent_per_day(w, price)),
                )
                .with(
                    "per_replica",
                    Unit::UsdPerYear.format(idle_rent_per_year(1, price)),
                ))
        }
        "cold_start_backlog" => {
            let k = whole(v, "k", pool)?.max(1);
            let w = whole(v, "w", pool)?;
            let (r, t) = (amount(v, "r")?, amount(v, "T")?);
            let missing = k.saturating_sub(w);
            let rate = |n: u32| Unit::ReqPerS.format(n as f64 * r);
            Ok(Solution::new(cold_start_backlog(missing, r, t))
                .with("missing", missing.to_string())
                .with(
                    "others_launch",
                    match missing {
                        0 => "no other replica launches".to_string(),
                        1 => "the other one launches".to_string(),
                        m => format!("the other {m} launch"),
                    },
                )
                .with("peak_rate", rate(k))
                .with("warm_rate", rate(w.min(k)))
                .with("missing_rate", rate(missing)))
        }
        "break_even_pool" => solve_break_even(v),
        other => Err(format!("no answer named {other}")),
    }
}

/// C3: the pool minimizing a day's rent minus the waiting it removes.
fn solve_break_even(v: &Vars) -> Result<Solution, String> {
    let k = whole(v, "k", MAX_POOL as u32)?.max(1);
    let (t, l, r) = (amount(v, "T")?, amount(v, "L")?, amount(v, "r")?);
    let (value, price, n) = (amount(v, "V")?, amount(v, "price")?, amount(v, "n")?);
    let rent = idle_rent_per_day(1, price);
    let removed = step_removed_per_day(k, r, t, l, n, value);
    let best = break_even_pool(rent, &removed);
    let day = |x: f64| Unit::UsdPerDay.format(x);
    let marginals = (1..=k as usize)
        .map(|w| format!("replica {w} {}", day(removed[w] - removed[w - 1])))
        .collect::<Vec<_>>()
        .join(", ");
    let rent_text = day(rent);
    let verdict = if best == 0 {
        format!("Even the first removes no more than its {rent_text} of rent.")
    } else if best >= k as usize {
        format!(
            "All {k} remove more than the {rent_text} each rents, and past {k} no waiting is left to remove."
        )
    } else if best == 1 {
        format!("Replica 1 removes more than its {rent_text} of rent; replica 2 would not.")
    } else {
        format!(
            "Replicas 1 to {best} each remove more than the {rent_text} they rent; replica {} would not.",
            best + 1
        )
    };
    let best_line = if best == 0 {
        ": no standby rent, and the bursts wait".to_string()
    } else {
        let rent_best = idle_rent_per_day(best as u32, price);
        format!(
            ": it rents {} and removes {} of waiting, {} better than no pool",
            day(rent_best),
            day(removed[best]),
            day(removed[best] - rent_best)
        )
    };
    Ok(Solution::new(best as f64)
        .with("wait_none", units::number(step_burst_wait(0, k, r, t, l)))
        .with("peak_rate", Unit::ReqPerS.format(k as f64 * r))
        .with("rent_day", rent_text)
        .with("marginals", marginals)
        .with("verdict", verdict)
        .with("best_line", best_line))
}

// ---------------------------------------------------------------------------
// The burst

/// The burst's shape and the pool's response, without the pool size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Replicas the top needs (`k`).
    pub need: u32,
    pub cold_start_s: f64,
    pub rise_s: f64,
    /// Length at the top.
    pub hold_s: f64,
    /// req/s per replica.
    pub rate: f64,
}

/// One burst met by `warm` standby replicas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Burst {
    pub warm: u32,
    pub shape: Shape,
}

impl Burst {
    fn peak(&self) -> f64 {
        self.shape.need as f64 * self.shape.rate
    }
    /// When arrivals stop.
    fn end(&self) -> f64 {
        self.shape.rise_s + self.shape.hold_s
    }
    fn launched(&self) -> u32 {
        self.shape.need.saturating_sub(self.warm)
    }
    /// Requests arrived by `t`.
    fn arrived(&self, t: f64) -> f64 {
        let (p, rise) = (self.peak(), self.shape.rise_s);
        let t = t.min(self.end()).max(0.0);
        if rise <= 0.0 {
            p * t
        } else if t <= rise {
            p * t * t / (2.0 * rise)
        } else {
            p * (rise / 2.0 + (t - rise))
        }
    }
    /// Demand (req/s) at `t`.
    fn demand(&self, t: f64) -> f64 {
        if t < 0.0 || t >= self.end() {
            0.0
        } else if t < self.shape.rise_s {
            self.peak() * t / self.shape.rise_s
        } else {
            self.peak()
        }
    }
    /// Requests the pool can have served by `t` (cumulative capacity).
    fn capacity_by(&self, t: f64) -> f64 {
        let r = self.shape.rate;
        self.warm as f64 * r * t
            + self.launched() as f64 * r * (t - self.shape.cold_start_s).max(0.0)
    }
    /// Ready replicas at `t`.
    fn ready(&self, t: f64) -> u32 {
        if t >= self.shape.cold_start_s {
            self.warm.max(self.shape.need)
        } else {
            self.warm
        }
    }
    /// Seconds simulated: until arrivals stop and the launched replicas have
    /// had a cold start to clear what is left (the backlog never exceeds
    /// `(k − w)·r·T`, cleared at `k·r` or faster).
    fn horizon(&self) -> f64 {
        self.end().max(self.shape.cold_start_s) + self.shape.cold_start_s + 1.0
    }
}

/// What one burst adds up to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BurstStats {
    /// Requests arriving in the burst.
    pub arrivals: f64,
    /// Largest backlog (requests).
    pub peak_backlog: f64,
    /// Total wait, request-seconds.
    pub total_wait: f64,
    pub mean_wait_s: f64,
    pub p95_wait_s: f64,
    pub max_wait_s: f64,
    /// When the backlog last emptied (s from the burst's start).
    pub clear_s: f64,
    /// Seconds simulated.
    pub horizon_s: f64,
}

/// The timeline, thinned for drawing: time, demand in replicas' worth,
/// ready replicas, booting replicas, backlog.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BurstTrace {
    pub t: Vec<f64>,
    pub demand: Vec<f64>,
    pub ready: Vec<f64>,
    pub booting: Vec<f64>,
    pub backlog: Vec<f64>,
}

/// Simulates one burst in [`SLICES`] even slices (fluid FIFO). The only
/// allocations are the slices' buffers, once per call.
pub fn simulate_burst(b: &Burst, mut trace: Option<&mut BurstTrace>) -> BurstStats {
    let h = b.horizon();
    let dt = h / SLICES as f64;
    let every = SLICES.div_ceil(DRAWN).max(1);
    // Cumulative arrivals and service at each slice edge.
    let mut served_by = Vec::with_capacity(SLICES + 1);
    let mut waits: Vec<(f64, f64)> = Vec::with_capacity(SLICES);
    let mut q = 0.0f64;
    let mut served = 0.0f64;
    let mut s = BurstStats {
        arrivals: b.arrived(h),
        horizon_s: h,
        ..BurstStats::default()
    };
    served_by.push(0.0);
    if let Some(tr) = trace.as_deref_mut() {
        *tr = BurstTrace::default();
    }
    let mut a_prev = 0.0;
    let mut c_prev = 0.0;
    for i in 0..SLICES {
        let t1 = (i + 1) as f64 * dt;
        let a1 = b.arrived(t1);
        let c1 = b.capacity_by(t1);
        let (a, c) = (a1 - a_prev, c1 - c_prev);
        (a_prev, c_prev) = (a1, c1);
        let total = q + a;
        let out = total.min(c);
        q = total - out;
        // Rounding dust is not a backlog.
        if q <= 1e-9 * (a + c) {
            served += q;
            q = 0.0;
        }
        served += out;
        served_by.push(served);
        if q > s.peak_backlog {
            s.peak_backlog = q;
        }
        if q > 1e-9 {
            s.clear_s = t1;
        }
        if let Some(tr) = trace.as_deref_mut() {
            if i % every == 0 || i + 1 == SLICES {
                let tm = i as f64 * dt;
                let r = b.shape.rate;
                tr.t.push(t1);
                tr.demand.push(b.demand(tm) / r);
                tr.ready.push(b.ready(tm) as f64);
                tr.booting.push(if tm < b.shape.cold_start_s {
                    b.launched() as f64
                } else {
                    0.0
                });
                tr.backlog.push(q);
            }
        }
    }
    // FIFO: the request at cumulative level y leaves when service reaches y.
    let mut j = 0usize;
    let mut arrived = 0.0;
    for i in 0..SLICES {
        let t0 = i as f64 * dt;
        let a = b.arrived(t0 + dt) - arrived;
        if a <= 0.0 {
            arrived += a.max(0.0);
            continue;
        }
        let y = arrived + a / 2.0;
        arrived += a;
        while j < SLICES && served_by[j + 1] < y {
            j += 1;
        }
        let leave = if j >= SLICES {
            h
        } else {
            let (s0, s1) = (served_by[j], served_by[j + 1]);
            let f = if s1 > s0 {
                ((y - s0) / (s1 - s0)).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (j as f64 + f) * dt
        };
        let wait = leave - (t0 + dt / 2.0);
        // Interpolation dust is not a wait.
        let wait = if wait > 1e-9 * h { wait } else { 0.0 };
        waits.push((wait, a));
    }
    let weight: f64 = waits.iter().map(|w| w.1).sum();
    s.total_wait = waits.iter().map(|(w, a)| w * a).sum();
    s.mean_wait_s = if weight > 0.0 {
        s.total_wait / weight
    } else {
        0.0
    };
    s.max_wait_s = waits.iter().map(|w| w.0).fold(0.0, f64::max);
    waits.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    let mut acc = 0.0;
    for (w, a) in &waits {
        acc += a;
        if acc >= 0.95 * weight {
            s.p95_wait_s = *w;
            break;
        }
    }
    s
}

thread_local! {
    /// The burst met by every pool size 0..=16, for the last burst shape:
    /// moving the pool, the price, the budget or the value of waiting reuses it.
    static POOLS: Memo<Shape, Vec<BurstStats>> = const { Memo::new() };
}

/// One burst for every pool size `0..=MAX_POOL`.
fn pool_curve(shape: &Shape) -> Rc<Vec<BurstStats>> {
    POOLS.with(|m| {
        m.get_or(*shape, || {
            let mut v = Vec::with_capacity(MAX_POOL + 1);
            let mut last = None;
            for w in 0..=MAX_POOL as u32 {
                // With the whole burst warm nothing waits; the rest only rent.
                let st = match last {
                    Some(st) if w >= shape.need => st,
                    _ => simulate_burst(
                        &Burst {
                            warm: w,
                            shape: *shape,
                        },
                        None,
                    ),
                };
                if w >= shape.need {
                    last = Some(st);
                }
                v.push(st);
            }
            v
        })
    })
}

struct Input {
    warm: u32,
    shape: Shape,
    price: f64,
    bursts_per_day: f64,
    target_s: f64,
    budget: f64,
    wait_value: f64,
}

impl Input {
    fn read(p: &Params) -> Input {
        Input {
            warm: p.count("warm") as u32,
            shape: Shape {
                need: (p.count("burst_replicas") as u32).max(1),
                cold_start_s: p.get("cold_start_s"),
                rise_s: p.get("rise_s"),
                hold_s: p.get("burst_s"),
                rate: p.get("replica_rate").max(1e-6),
            },
            price: p.get("price_per_hour"),
            bursts_per_day: p.get("bursts_per_day"),
            target_s: p.get("wait_target_s"),
            budget: p.get("rent_budget"),
            wait_value: p.get("wait_value"),
        }
    }
    fn burst(&self) -> Burst {
        Burst {
            warm: self.warm,
            shape: self.shape,
        }
    }
    /// Dollars per day of the waiting a pool of `w` removes.
    fn removed_per_day(&self, pools: &[BurstStats], w: usize) -> f64 {
        let hours = (pools[0].total_wait - pools[w.min(MAX_POOL)].total_wait).max(0.0) / 3600.0;
        hours * self.bursts_per_day * self.wait_value
    }
}

fn figures(inp: &Input, now: &BurstStats, pools: &[BurstStats], out: &mut Outcome) {
    let k = inp.shape.need;
    let launched = k.saturating_sub(inp.warm);
    let rent_day = idle_rent_per_day(inp.warm, inp.price);
    let hours_removed =
        (pools[0].total_wait - now.total_wait).max(0.0) / 3600.0 * inp.bursts_per_day;
    out.figure(
        "cold_start_s",
        "Cold start",
        inp.shape.cold_start_s,
        Unit::Seconds,
    );
    out.figure(
        "always_warm_per_day",
        "Always warm: the whole burst, per day",
        idle_rent_per_day(k, inp.price),
        Unit::UsdPerDay,
    );
    out.figure(
        "always_warm_per_year",
        "Always warm: the whole burst, per year",
        idle_rent_per_year(k, inp.price),
        Unit::UsdPerYear,
    );
    out.figure(
        "one_warm_per_year",
        "One warm replica, per year",
        idle_rent_per_year(1, inp.price),
        Unit::UsdPerYear,
    );
    out.figure(
        "idle_rent_per_day",
        "Idle rent of this pool, per day",
        rent_day,
        Unit::UsdPerDay,
    );
    out.figure(
        "idle_rent_per_year",
        "Idle rent of this pool, per year",
        idle_rent_per_year(inp.warm, inp.price),
        Unit::UsdPerYear,
    );
    out.figure(
        "launched_replicas",
        "Replicas launched at the burst",
        launched as f64,
        Unit::Count("replicas"),
    );
    out.figure(
        "launch_late_s",
        "Each launched replica arrives late by",
        if launched > 0 {
            inp.shape.cold_start_s
        } else {
            0.0
        },
        Unit::Seconds,
    );
    out.figure(
        "step_backlog",
        "Backlog if the burst arrived at once",
        cold_start_backlog(launched, inp.shape.rate, inp.shape.cold_start_s),
        Unit::Count("requests"),
    );
    out.figure(
        "backlog",
        "Peak backlog of this burst",
        now.peak_backlog,
        Unit::Count("requests"),
    );
    out.figure(
        "mean_wait_s",
        "Mean wait of burst arrivals",
        now.mean_wait_s,
        Unit::Seconds,
    );
    out.figure(
        "p95_wait_s",
        "p95 wait of burst arrivals",
        now.p95_wait_s,
        Unit::Seconds,
    );
    out.figure("max_wait_s", "Longest wait", now.max_wait_s, Unit::Seconds);
    out.figure(
        "burst_requests",
        "Requests per burst",
        now.arrivals,
        Unit::Count("requests"),
    );
    out.figure(
        "wait_hours_per_day",
        "User-hours of waiting per day",
        now.total_wait / 3600.0 * inp.bursts_per_day,
        Unit::Hours,
    );
    out.figure(
        "wait_hours_removed_per_day",
        "User-hours of waiting the pool removes per day",
        hours_removed,
        Unit::Hours,
    );
    out.figure(
        "cost_per_wait_hour_removed",
        "Pool rent per user-hour of waiting removed",
        if rent_day <= 0.0 {
            0.0
        } else if hours_removed > 0.0 {
            rent_day / hours_removed
        } else {
            f64::INFINITY
        },
        Unit::UsdPerHour,
    );
    let p95_removed = (pools[0].p95_wait_s - now.p95_wait_s).max(0.0);
    let rent_year = idle_rent_per_year(inp.warm, inp.price);
    out.figure(
        "cost_per_p95_second_removed",
        "Rent per year per second of p95 wait removed",
        if rent_year <= 0.0 {
            0.0
        } else if p95_removed > 1e-9 {
            rent_year / p95_removed
        } else {
            f64::INFINITY
        },
        Unit::UsdPerYear,
    );
    let removed: Vec<f64> = (0..=MAX_POOL)
        .map(|w| inp.removed_per_day(pools, w))
        .collect();
    out.figure(
        "break_even_pool",
        "Break-even pool (the last replica still pays for itself)",
        break_even_pool(idle_rent_per_day(1, inp.price), &removed) as f64,
        Unit::Count("replicas"),
    );
}

fn checks(inp: &Input, now: &BurstStats, out: &mut Outcome) {
    let k = inp.shape.need;
    let target = inp.target_s;
    out.checks.push(Verdict::at_most(
        "p95_wait",
        now.p95_wait_s,
        target,
        Unit::Seconds,
        Some("warm"),
        |pass| {
            let head = format!(
                "With {} warm of the {k} replicas the burst needs, 95 % of burst arrivals wait at most {} (mean {}, backlog up to {} requests)",
                inp.warm,
                Unit::Seconds.format(now.p95_wait_s),
                Unit::Seconds.format(now.mean_wait_s),
                crate::model::units::number(now.peak_backlog.round())
            );
            if pass {
                format!("{head}, within the {} target.", Unit::Seconds.format(target))
            } else {
                format!(
                    "{head}, over the {} target: the {} launched replicas arrive {} late. Raise the warm replicas.",
                    Unit::Seconds.format(target),
                    k.saturating_sub(inp.warm),
                    Unit::Seconds.format(inp.shape.cold_start_s)
                )
            }
        },
    ));
    let rent = idle_rent_per_year(inp.warm, inp.price);
    out.checks.push(Verdict::at_most(
        "idle_rent",
        rent,
        inp.budget,
        Unit::UsdPerYear,
        Some("warm"),
        |pass| {
            let head = format!(
                "{} warm replicas × {} × 24 h × 365 = {} of standby rent",
                inp.warm,
                Unit::UsdPerHour.format(inp.price),
                Unit::UsdPerYear.format(rent)
            );
            if pass {
                format!(
                    "{head}, within the {} budget.",
                    Unit::UsdPerYear.format(inp.budget)
                )
            } else {
                format!(
                    "{head}, over the {} budget: lower the warm replicas (each costs {}).",
                    Unit::UsdPerYear.format(inp.budget),
                    Unit::UsdPerYear.format(idle_rent_per_year(1, inp.price))
                )
            }
        },
    ));
}

fn timeline_chart(inp: &Input, now: &BurstStats, tr: &BurstTrace) -> Chart {
    let pts = |v: &[f64]| {
        tr.t.iter()
            .copied()
            .zip(v.iter().copied())
            .collect::<Vec<_>>()
    };
    let k = inp.shape.need;
    Chart {
        id: "burst",
        title: format!("One burst: {} warm, {} launched", inp.warm, k.saturating_sub(inp.warm)),
        summary: format!(
            "Demand climbs to {k} replicas' worth in {}; {} warm replicas serve at once and {} more are ready at {}, so the backlog peaks at {} requests and clears by {}.",
            Unit::Seconds.format(inp.shape.rise_s),
            inp.warm,
            k.saturating_sub(inp.warm),
            Unit::Seconds.format(inp.shape.cold_start_s),
            crate::model::units::number(now.peak_backlog.round()),
            Unit::Seconds.format(now.clear_s)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("seconds since the burst began", Unit::Seconds).range(0.0, now.horizon_s),
            y: Axis::new("replicas", Unit::Count("replicas")),
            series: vec![
                Series::new("demand (replicas' worth)", Style::Line, Tone::Cat(0), pts(&tr.demand)),
                Series::new("ready replicas", Style::Step, Tone::Good, pts(&tr.ready)),
                Series::new("booting replicas", Style::Step, Tone::Warn, pts(&tr.booting)),
            ],
            hlines: vec![RefLine::new(
                inp.warm as f64,
                format!("warm pool: {}", inp.warm),
                Tone::Muted,
            )],
            vlines: vec![RefLine::new(
                inp.shape.cold_start_s,
                format!("launches ready at {}", Unit::Seconds.format(inp.shape.cold_start_s)),
                Tone::Ink,
            )],
        }),
    }
}

fn backlog_chart(inp: &Input, now: &BurstStats, tr: &BurstTrace) -> Chart {
    let step = cold_start_backlog(
        inp.shape.need.saturating_sub(inp.warm),
        inp.shape.rate,
        inp.shape.cold_start_s,
    );
    Chart {
        id: "backlog",
        title: "The backlog: requests waiting for a ready replica".to_string(),
        summary: format!(
            "The backlog peaks at {} requests (a burst arriving at once would leave {}); the p95 arrival waits {}.",
            crate::model::units::number(now.peak_backlog.round()),
            crate::model::units::number(step.round()),
            Unit::Seconds.format(now.p95_wait_s)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("seconds since the burst began", Unit::Seconds).range(0.0, now.horizon_s),
            y: Axis::new("backlog", Unit::Count("requests")),
            series: vec![Series::new(
                "backlog",
                Style::Line,
                Tone::Bad,
                tr.t.iter().copied().zip(tr.backlog.iter().copied()).collect(),
            )],
            hlines: vec![RefLine::new(
                step,
                "missing replicas × rate × cold start".to_string(),
                Tone::Muted,
            )],
            vlines: vec![],
        }),
    }
}

fn rent_chart(inp: &Input, pools: &[BurstStats]) -> Chart {
    let xs = 0..=MAX_POOL;
    let rent: Vec<(f64, f64)> = xs
        .clone()
        .map(|w| (w as f64, idle_rent_per_year(w as u32, inp.price)))
        .collect();
    let removed: Vec<(f64, f64)> = xs
        .map(|w| (w as f64, inp.removed_per_day(pools, w) * DAYS_PER_YEAR))
        .collect();
    let removed_now = inp.removed_per_day(pools, inp.warm as usize) * DAYS_PER_YEAR;
    Chart {
        id: "rent",
        title: "Idle rent per year against pool size".to_string(),
        summary: format!(
            "{} warm replicas rent {} a year and remove waiting worth {} a year; the budget is {}.",
            inp.warm,
            Unit::UsdPerYear.format(idle_rent_per_year(inp.warm, inp.price)),
            Unit::UsdPerYear.format(removed_now),
            Unit::UsdPerYear.format(inp.budget)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("warm replicas", Unit::Count("replicas")).range(0.0, MAX_POOL as f64),
            y: Axis::new("dollars per year", Unit::UsdPerYear),
            series: vec![
                Series::new("idle rent", Style::Line, Tone::Cat(0), rent),
                Series::new(
                    "waiting removed (at its value)",
                    Style::Line,
                    Tone::Good,
                    removed,
                ),
            ],
            hlines: vec![RefLine::new(
                inp.budget,
                format!("budget {}", Unit::UsdPerYear.format(inp.budget)),
                Tone::Warn,
            )],
            vlines: vec![RefLine::new(
                inp.warm as f64,
                format!("now: {}", inp.warm),
                Tone::Ink,
            )],
        }),
    }
}
