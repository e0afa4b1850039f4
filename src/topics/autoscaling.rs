//! # Replica autoscaling — concept explorer
//!
//! Source: seed card `002_7df42d945086b395.txt` ("Replica autoscaling"), model
//! per `shared/spec/concepts.md` § autoscaling.
//!
//! How many replicas, driven by which signal, launched how early?
//!
//! ## The worked example (static arithmetic, preset 1)
//!
//! With a replica ceiling `C` (tok/s one replica sustains inside the latency
//! SLO), a peak `P`, a trough `T`, `s` spares, a floor `f` and a price `p` per
//! replica-hour:
//!
//! * replicas for the peak `N = ceil(P / C)` (9,000 / 3,000 = 3, zero headroom);
//! * with the spare `N + s` (4); hourly bill `(N + s) · p` ($10.00/h) against
//!   `N · p` with no spare ($7.50/h);
//! * at the trough the need is `T / C` (4,500 / 3,000 = 1.5 replicas), so
//!   `max(ceil(T / C), f)` replicas carry it (2) and `N + s − kept` are
//!   released (2). The seed keeps no spare at the trough: its half replica of
//!   rounding is the headroom, and the floor the redundancy.
//!
//! ## The day (1 s steps, 86,400 of them)
//!
//! Demand `D(t)` (tok/s) is a business day: the trough until 08:00, a smooth
//! rise (smoothstep `3x² − 2x³`) over `ramp_s` to the peak, the peak until
//! 18:00, a four-hour fall back to the trough; times a minute-to-minute swing
//! `1 + swing · n(t)`, `n` piecewise linear between per-minute draws in
//! [−1, 1] of SplitMix64 with a fixed seed (so the day is the same every run).
//! The swing is 0 by default (the worked example's day follows its curve) and
//! ±5 % in the GPU-trap preset.
//!
//! Each second: launches whose cold start has passed become ready; ready
//! capacity is `R · C`; demand above it queues, `Q ← max(0, Q + D − R·C)`
//! (tokens); the wait of a token arriving now is `Q / (R·C)` seconds. Then the
//! autoscaler reads its signal as a demand estimate `m` (tok/s):
//!
//! * `queue-depth`: in-flight plus waiting work, read as a rate:
//!   `D + Q / max(SLO, cold start)` (the backlog cleared within the wait SLO,
//!   or within a cold start, since no launch helps sooner);
//! * `tokens-per-second`: the arriving tokens, `D`, against the ceiling;
//! * `gpu-utilization`: the gauge `g = min(busy, 60 %)` read as the share of
//!   the ceiling in use, `m = g · R · C`. Decode is memory-bound, so the gauge
//!   saturates near 60 % however deep the queue (spec), and the autoscaler
//!   under-scales: with one spare it never grows past 3 replicas.
//!
//! It adds the rise the day's curve expects over the forecast window `F`
//! (`max D̄[t, t+F] − D̄(t)`, where `D̄` is the curve without the swing: the
//! daily shape is known from earlier days, the swing is not; `F = 0` turns it
//! off) and wants `desired = max(ceil(estimate / C) + s, f)`, at most 2,000.
//! Launches are immediate and ready after the cold start; removals wait until
//! the want has stayed lower for 300 s (the Kubernetes HPA default scale-down
//! stabilization) and nothing is booting, then drain: a draining replica
//! admits nothing and bills `drain_s` more seconds.
//!
//! Figures: replica-hours (ready + booting + draining), bill = replica-hours ×
//! price, peak queue (tokens), seconds with wait above the SLO, idle share =
//! paid replica-seconds beyond what the second's demand needs with one spare
//! (`ceil(D / C) + 1`) ÷ all paid replica-seconds. Checks: wait SLO held every
//! second; at least one spare ready throughout the peak (N + 1); idle share ≤
//! 30 %.

use crate::challenge::{Solution, Solver, Template, Value, Vars};
use crate::model::memo::Memo;
use crate::model::rng::SplitMix64;
use crate::model::units;
use crate::model::*;
use std::rc::Rc;

pub struct Autoscaling;
pub static TOPIC: Autoscaling = Autoscaling;
/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Autoscaling = Autoscaling;

/// Seconds in the simulated day.
pub const DAY_S: usize = 86_400;
/// The rise begins at 08:00.
const RISE_AT: usize = 8 * 3600;
/// The fall begins at 18:00 ...
const FALL_AT: usize = 18 * 3600;
/// ... and takes four hours.
const FALL_S: usize = 4 * 3600;
/// Kubernetes HPA's default scale-down stabilization window (5 minutes).
pub const STABILIZE_S: usize = 300;
/// Seed of the minute-to-minute swing.
const SWING_SEED: u64 = 2;
/// Most replicas the autoscaler will ask for.
pub const MAX_REPLICAS: u32 = 2000;
/// Ring of pending arrivals and drain ends; longer than any cold start or drain.
const RING: usize = 1024;
/// Idle is measured against the need plus this one spare (N + 1).
const IDLE_SPARE: i64 = 1;
/// Threshold of the idle check.
const IDLE_MAX: f64 = 0.30;

/// What the autoscaler reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    QueueDepth,
    TokensPerSecond,
    GpuUtilization,
}

const SIGNALS: &[(&str, &str)] = &[
    ("queue-depth", "queue depth (in flight + waiting)"),
    ("tokens-per-second", "tokens per second vs the ceiling"),
    ("gpu-utilization", "GPU utilization gauge"),
];

impl Signal {
    fn from_word(w: &str) -> Signal {
        match w {
            "tokens-per-second" => Signal::TokensPerSecond,
            "gpu-utilization" => Signal::GpuUtilization,
            _ => Signal::QueueDepth,
        }
    }
    fn word(self) -> &'static str {
        SIGNALS[self as usize].0
    }
}

static PARAMS: [ParamSpec; 14] = [
    ParamSpec::number(
        "replica_ceiling",
        "Replica ceiling inside the SLO",
        Unit::TokPerS,
        (500.0, 20_000.0, 100.0),
        3000.0,
        "seed 002 worked example: one replica sustains 3,000 tok/s inside the latency SLO",
        "Aggregate tokens per second one replica serves without breaking the latency SLO.",
    ),
    ParamSpec::number(
        "peak",
        "Peak demand",
        Unit::TokPerS,
        (1000.0, 100_000.0, 100.0),
        9000.0,
        "seed 002 worked example: peak demand 9,000 tok/s",
        "The day's top demand (before the minute-to-minute swing).",
    )
    .log(),
    ParamSpec::number(
        "trough",
        "Trough demand",
        Unit::TokPerS,
        (0.0, 100_000.0, 100.0),
        4500.0,
        "seed 002 worked example: traffic halves to 4,500 tok/s",
        "Overnight demand; the worked example's 'traffic halves' level.",
    ),
    ParamSpec::number(
        "spare",
        "Spare replicas",
        Unit::Count("replicas"),
        (0.0, 8.0, 1.0),
        1.0,
        "seed 002: one spare absorbs a deploy or a failure (3 + 1 = 4)",
        "Replicas kept above the need, for a failure, a deploy or a swing.",
    ),
    ParamSpec::number(
        "floor",
        "Floor",
        Unit::Count("replicas"),
        (1.0, 32.0, 1.0),
        2.0,
        "seed 002: keep a floor for redundancy at the minimum size (2 carry the trough)",
        "The fewest replicas the autoscaler keeps, whatever the signal says.",
    ),
    ParamSpec::number(
        "price_per_hour",
        "Price per replica-hour",
        Unit::UsdPerHour,
        (0.1, 20.0, 0.05),
        2.5,
        "seed 002 worked example: cards rent at $2.50 per hour",
        "Rent of one replica for an hour, booting and draining included.",
    ),
    ParamSpec::number(
        "cold_start_s",
        "Cold start",
        Unit::Seconds,
        (0.0, 900.0, 1.0),
        32.0,
        "spec concepts.md: cold start 32 s (seed 003's boot time)",
        "Seconds from launch until a replica admits traffic (weights, cache, kernels).",
    ),
    ParamSpec::number(
        "forecast_s",
        "Forecast window",
        Unit::Seconds,
        (0.0, 3600.0, 10.0),
        60.0,
        "spec concepts.md: forecast window 60 s",
        "How far ahead the autoscaler looks along the day's curve; 0 reacts to the last second only.",
    ),
    ParamSpec::number(
        "drain_s",
        "Scale-down drain",
        Unit::Seconds,
        (0.0, 600.0, 5.0),
        60.0,
        "chosen: a long reply (1,500 tokens at 25 tok/s per stream) finishes within 60 s",
        "A removed replica stops admitting and bills this long while its in-flight replies finish.",
    ),
    ParamSpec::choice(
        "signal",
        "Signal",
        SIGNALS,
        0,
        "seed 002: 'a live signal such as queue depth'",
        "What the autoscaler reads to size the pool.",
    ),
    ParamSpec::number(
        "wait_slo_s",
        "Queueing wait SLO",
        Unit::Seconds,
        (0.5, 30.0, 0.5),
        2.0,
        "chosen (the seeds state none): a first token within about 2 s of queueing",
        "The most a token may wait in the queue before the second counts as a breach.",
    ),
    ParamSpec::number(
        "ramp_s",
        "Morning rise time",
        Unit::Seconds,
        (60.0, 14_400.0, 60.0),
        7200.0,
        "chosen: a business day that climbs from trough to peak over two hours from 08:00",
        "How long the morning climb from trough to peak takes; short is a surge.",
    ),
    ParamSpec::number(
        "swing",
        "Minute-to-minute swing",
        Unit::Share,
        (0.0, 0.3, 0.01),
        0.0,
        "chosen: the worked example's day follows its curve exactly; the GPU trap adds ±5 %",
        "How far demand wanders around the curve (a fixed seeded pattern).",
    ),
    ParamSpec::number(
        "gauge_cap",
        "GPU gauge saturates at",
        Unit::Share,
        (0.3, 1.0, 0.05),
        0.6,
        "spec concepts.md: decode is memory-bound, the gauge saturates near 60 %",
        "Where the GPU utilization gauge flattens however deep the queue; 100 % is an honest gauge.",
    ),
];

static PRESETS: [Preset; 3] = [
    Preset {
        id: "peak-with-spare",
        title: "Worked example: the peak with a spare",
        story: "One replica sustains 3,000 tok/s inside the SLO and the peak is 9,000 tok/s: 3 replicas leave zero headroom, so one spare makes 4, $10.00 an hour against $7.50. When traffic halves to 4,500 tok/s the need is 1.5 replicas, 2 carry it and 2 are released. The day below runs that fleet on a queue-depth autoscaler.",
        set: &[
            ("replica_ceiling", "3000"),
            ("peak", "9000"),
            ("trough", "4500"),
            ("spare", "1"),
            ("floor", "2"),
            ("price_per_hour", "2.5"),
            ("signal", "queue-depth"),
        ],
        fix: None,
    },
    Preset {
        id: "gpu-util-trap",
        title: "The GPU-utilization trap",
        story: "The same 9,000 tok/s day, wandering ±5 % minute to minute, scaled on the GPU utilization gauge. Decode is memory-bound, so the gauge flattens near 60 % however deep the queue: the autoscaler reads 40 % headroom, stops at 3 replicas for a 9,000 tok/s peak, and every upward swing queues.",
        set: &[("signal", "gpu-utilization"), ("swing", "0.05")],
        fix: Some(Fix {
            label: "Scale on queue depth",
            explain: "Queue depth counts the work waiting, so it sees the peak the gauge hides and keeps the fourth replica.",
            set: &[("signal", "queue-depth")],
        }),
    },
    Preset {
        id: "late-ramp",
        title: "The late ramp",
        story: "Overnight the pool idles at 1,500 tok/s on 2 replicas; at 08:00 demand climbs to 9,000 tok/s in five minutes. A 70B replica takes 4 minutes to boot and the autoscaler has no forecast window, so each launch lands after the demand it was meant for and the queue spikes.",
        set: &[
            ("trough", "1500"),
            ("ramp_s", "300"),
            ("cold_start_s", "240"),
            ("forecast_s", "0"),
        ],
        fix: Some(Fix {
            label: "Forecast 300 s ahead",
            explain: "Looking 300 s along the day's curve launches each replica a cold start before the demand it serves arrives.",
            set: &[("forecast_s", "300")],
        }),
    },
];

static CHECKS: [CheckSpec; 3] = [
    CheckSpec {
        id: "wait_slo",
        label: "Wait SLO held every second",
        rule: "seconds with queueing wait above the SLO = 0",
    },
    CheckSpec {
        id: "spare_at_peak",
        label: "A spare at the peak (N + 1)",
        rule: "ready replicas throughout the peak ≥ ceil(peak / ceiling) + 1",
    },
    CheckSpec {
        id: "idle",
        label: "Little idle hardware",
        rule: "paid replica-seconds beyond the need plus one spare ≤ 30 % of all paid",
    },
];

/// The benchmark's engine: the worked example's day on the GPU-utilization
/// signal, simulated second by second for at least `n` seconds (whole days);
/// returns the billed replica-seconds.
fn simulate_seconds(n: u64, seed: u64) -> u64 {
    let mut day = Day {
        signal: Signal::GpuUtilization,
        ..Day::default()
    };
    // Vary the day a little with the seed, so no run is a copy of another.
    day.peak += (seed % 7) as f64;
    (0..n.div_ceil(86_400).max(1))
        .map(|_| simulate_day(&day, None).paid_replica_s as u64)
        .sum()
}

static ABOUT: About = About {
    id: "autoscaling",
    title: "Replica autoscaling",
    kind: TopicKind::Explorer,
    question: "How many replicas, driven by which signal, launched how early?",
    source: "seed 002 (Replica autoscaling); shared/spec/concepts.md § autoscaling",
    params: &PARAMS,
    presets: &PRESETS,
    checks: &CHECKS,
};

impl Topic for Autoscaling {
    fn about(&self) -> &'static About {
        &ABOUT
    }
    fn engine(&self) -> Option<Engine> {
        Some(Engine {
            name: "simulate the worked example's day second by second",
            unit: "simulated seconds",
            default_n: 86_400 * 20,
            run: simulate_seconds,
        })
    }
    fn run(&self, p: &Params) -> Outcome {
        let day = Day::read(p);
        let price = p.get("price_per_hour");
        let sim = day_run(&day);
        let mut out = Outcome::default();
        static_figures(&day, price, &mut out);
        day_figures(&day, price, &sim.stats, &mut out);
        checks(&day, &sim.stats, &mut out);
        out.charts.push(day_chart(&day, &sim));
        out.charts.push(queue_chart(&day, &sim));
        notes(&day, p, &sim.stats, &mut out);
        out
    }
}

impl Solver for Autoscaling {
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
// The worked example's arithmetic (challenge templates C1–C3)

/// `ceil(x)` that forgives floating-point dust (9,000 / 3,000 is 3, not 4),
/// as a whole number, 0 for anything not above zero. Written with a
/// truncation to `i64`: `f64::ceil` is a libm call on baseline x86-64, and
/// the day calls this twice a second.
#[inline]
fn ceil_count(x: f64) -> i64 {
    let x = x - 1e-9;
    // Also catches NaN.
    if x.is_nan() || x <= 0.0 {
        return 0;
    }
    if x >= 1.0e15 {
        return 1_000_000_000_000_000;
    }
    let i = x as i64;
    i + ((i as f64) < x) as i64
}

/// [`ceil_count`] as a float.
#[inline]
fn ceil_whole(x: f64) -> f64 {
    ceil_count(x) as f64
}

/// The larger of two numbers that are never NaN (one `maxsd`, no NaN dance).
#[inline]
fn fmax(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// The smaller of two numbers that are never NaN.
#[inline]
fn fmin(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

/// Replicas a peak needs with no headroom: `ceil(peak / ceiling)`.
pub fn replicas_for_peak(peak: f64, ceiling: f64) -> u32 {
    ceil_whole(peak / ceiling) as u32
}

/// Challenge C1, replicas for a peak with a spare: `ceil(peak / ceiling) + spare`.
pub fn replicas_with_spare(peak: f64, ceiling: f64, spare: u32) -> u32 {
    replicas_for_peak(peak, ceiling) + spare
}

/// Challenge C2, the hourly bill: `replicas × price per replica-hour`.
pub fn hourly_bill(replicas: u32, price_per_hour: f64) -> f64 {
    replicas as f64 * price_per_hour
}

/// Replicas kept when demand falls to `level`: `max(ceil(level / ceiling), floor)`.
pub fn replicas_kept(level: f64, ceiling: f64, floor: u32) -> u32 {
    (ceil_whole(level / ceiling) as u32).max(floor)
}

/// Challenge C3, replicas released when demand falls from the peak (with its
/// spares) to `level`: `ceil(peak / C) + spare − max(ceil(level / C), floor)`,
/// never below zero.
pub fn replicas_released(peak: f64, level: f64, ceiling: f64, spare: u32, floor: u32) -> u32 {
    replicas_with_spare(peak, ceiling, spare).saturating_sub(replicas_kept(level, ceiling, floor))
}

/// C3's lower demand level is drawn between these shares of the drawn peak
/// (then rounded to 100 tok/s, at least 100).
const LEVEL_LO: f64 = 0.10;
const LEVEL_HI: f64 = 0.90;

/// Draws a challenge: every variable in order with one `next_unit()` each, as
/// the default draw does, except C3's `level`, which is 10–90 % of the peak
/// already drawn (a fall, never a rise), rounded to 100 tok/s.
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    let mut vars = Vars::default();
    for var in &t.vars {
        let value = if var.name == "level" {
            let share = LEVEL_LO + (LEVEL_HI - LEVEL_LO) * rng.next_unit();
            let level = (vars.num("P") * share / 100.0).round() * 100.0;
            Value::Num(level.max(100.0))
        } else {
            var.draw(rng)
        };
        vars.values.push((var.name.clone(), value));
    }
    t.attach_units(&mut vars);
    vars
}

/// A whole, non-negative count among the drawn values.
fn whole(v: &Vars, name: &str) -> Result<u32, String> {
    let x = v.num(name);
    (x >= 0.0 && x.fract() == 0.0 && x <= MAX_REPLICAS as f64)
        .then_some(x as u32)
        .ok_or(format!("{name} must be a whole number of replicas"))
}

/// Solves C1–C3 with the worked example's functions.
fn solve_challenge(t: &Template, v: &Vars) -> Result<Solution, String> {
    let (ceiling, peak) = (v.num("C"), v.num("P"));
    if !(ceiling > 0.0 && ceiling.is_finite()) {
        return Err("the replica ceiling must be above zero".to_string());
    }
    if !(peak >= 0.0 && peak.is_finite()) {
        return Err("the peak must be a demand of zero or more".to_string());
    }
    let spare = whole(v, "spare")?;
    let n = replicas_for_peak(peak, ceiling);
    let at_peak = replicas_with_spare(peak, ceiling, spare);
    let ratio = units::number(peak / ceiling);
    match t.answer.as_str() {
        "replicas_with_spare" => {
            let headroom = n as f64 * ceiling - peak;
            let headroom = if headroom < 1e-6 {
                "zero headroom: they carry exactly the peak".to_string()
            } else {
                format!("{} of headroom", Unit::TokPerS.format(headroom))
            };
            Ok(Solution::new(at_peak as f64)
                .with("ratio", ratio)
                .with("n", n.to_string())
                .with("headroom", headroom))
        }
        "hourly_bill" => {
            let price = v.num("price");
            if !(price >= 0.0 && price.is_finite()) {
                return Err("the price must be zero or more".to_string());
            }
            Ok(Solution::new(hourly_bill(at_peak, price))
                .with("ratio", ratio)
                .with("n", n.to_string())
                .with("replicas", at_peak.to_string())
                .with(
                    "bill_no_spare",
                    Unit::UsdPerHour.format(hourly_bill(n, price)),
                )
                .with(
                    "spare_cost",
                    Unit::UsdPerHour.format(hourly_bill(spare, price)),
                ))
        }
        "replicas_released" => {
            let level = v.num("level");
            if !(level >= 0.0 && level.is_finite()) {
                return Err("the lower level must be a demand of zero or more".to_string());
            }
            let floor = whole(v, "floor")?;
            let kept = replicas_kept(level, ceiling, floor);
            let released = replicas_released(peak, level, ceiling, spare, floor);
            let released_work = if released == 0 {
                format!("none, since the pool keeps {kept}, no fewer than the {at_peak} it ran at the peak")
            } else {
                format!("{at_peak} − {kept} = {released}")
            };
            Ok(Solution::new(released as f64)
                .with("released", released_work)
                .with("n", n.to_string())
                .with("at_peak", at_peak.to_string())
                .with("need", units::number(level / ceiling))
                .with("carry", replicas_kept(level, ceiling, 0).to_string())
                .with("kept", kept.to_string()))
        }
        other => Err(format!("no answer named {other}")),
    }
}

fn static_figures(d: &Day, price: f64, out: &mut Outcome) {
    let n = replicas_for_peak(d.peak, d.ceiling);
    let with = replicas_with_spare(d.peak, d.ceiling, d.spare);
    let kept = replicas_kept(d.trough, d.ceiling, d.floor);
    out.figure(
        "replicas_for_peak",
        "Replicas for the peak (zero headroom)",
        n as f64,
        Unit::Count("replicas"),
    );
    out.figure(
        "replicas_with_spare",
        "Replicas with the spare",
        with as f64,
        Unit::Count("replicas"),
    );
    out.figure(
        "cost_per_hour_with_spare",
        "Hourly bill with the spare",
        hourly_bill(with, price),
        Unit::UsdPerHour,
    );
    out.figure(
        "cost_per_hour_no_spare",
        "Hourly bill with no spare",
        hourly_bill(n, price),
        Unit::UsdPerHour,
    );
    out.figure(
        "replicas_needed_at_half",
        "Replicas' worth of load at the trough",
        d.trough / d.ceiling,
        Unit::Count("replicas"),
    );
    out.figure(
        "replicas_kept_at_half",
        "Replicas that carry the trough",
        kept as f64,
        Unit::Count("replicas"),
    );
    out.figure(
        "replicas_released_at_half",
        "Replicas released at the trough",
        replicas_released(d.peak, d.trough, d.ceiling, d.spare, d.floor) as f64,
        Unit::Count("replicas"),
    );
}

// ---------------------------------------------------------------------------
// The day

/// The inputs of one simulated day (everything but the price, which only
/// scales the bill).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Day {
    /// tok/s one replica sustains inside the SLO.
    pub ceiling: f64,
    pub peak: f64,
    /// At most the peak.
    pub trough: f64,
    pub spare: u32,
    /// At least 1.
    pub floor: u32,
    pub cold_start_s: usize,
    pub forecast_s: usize,
    pub drain_s: usize,
    pub signal: Signal,
    pub wait_slo_s: f64,
    pub ramp_s: usize,
    pub swing: f64,
    pub gauge_cap: f64,
}

impl Default for Day {
    /// The worked example's day (the parameters' defaults).
    fn default() -> Day {
        Day::read(&Params::defaults(&PARAMS))
    }
}

impl Day {
    pub fn read(p: &Params) -> Day {
        let peak = p.get("peak").max(1.0);
        Day {
            ceiling: p.get("replica_ceiling").max(1.0),
            peak,
            trough: p.get("trough").clamp(0.0, peak),
            spare: p.count("spare") as u32,
            floor: (p.count("floor") as u32).max(1),
            cold_start_s: p.count("cold_start_s").min(RING - 2),
            forecast_s: p.count("forecast_s"),
            drain_s: p.count("drain_s").min(RING - 2),
            signal: Signal::from_word(p.choice("signal")),
            wait_slo_s: p.get("wait_slo_s").max(0.01),
            ramp_s: p.count("ramp_s").max(1),
            swing: p.get("swing").clamp(0.0, 0.9),
            gauge_cap: p.get("gauge_cap").clamp(0.01, 1.0),
        }
    }

    /// The day's curve without the swing, at second `t`.
    #[inline]
    pub fn curve(&self, t: usize) -> f64 {
        Curve::new(self).at(t)
    }

    /// First and last second of the plateau at the peak.
    pub fn plateau(&self) -> (usize, usize) {
        ((RISE_AT + self.ramp_s).min(FALL_AT), FALL_AT)
    }

    /// The rise the curve expects over `[t, t + F]`: `max D̄ − D̄(t)`. The
    /// curve climbs, holds, then falls, so its maximum over a window is the
    /// peak if the window meets the plateau, else the larger end.
    #[inline]
    fn rise_ahead(&self, t: usize, now: f64) -> f64 {
        Curve::new(self).rise_ahead(t, now, self.forecast_s)
    }
}

/// The curve's constants, worked out once per day.
#[derive(Clone, Copy)]
struct Curve {
    trough: f64,
    peak: f64,
    amp: f64,
    up_end: usize,
    inv_ramp: f64,
}

impl Curve {
    fn new(d: &Day) -> Curve {
        Curve {
            trough: d.trough,
            peak: d.peak,
            amp: d.peak - d.trough,
            up_end: (RISE_AT + d.ramp_s).min(FALL_AT),
            inv_ramp: 1.0 / d.ramp_s as f64,
        }
    }

    /// Demand without the swing at second `t`.
    #[inline]
    fn at(&self, t: usize) -> f64 {
        if !(RISE_AT..FALL_AT + FALL_S).contains(&t) {
            self.trough
        } else if t < self.up_end {
            self.trough + self.amp * smoothstep((t - RISE_AT) as f64 * self.inv_ramp)
        } else if t < FALL_AT {
            self.peak
        } else {
            self.trough
                + self.amp * (1.0 - smoothstep((t - FALL_AT) as f64 * (1.0 / FALL_S as f64)))
        }
    }

    /// `max D̄[t, t + f] − now`, with `now = D̄(t)`.
    #[inline]
    fn rise_ahead(&self, t: usize, now: f64, f: usize) -> f64 {
        if f == 0 {
            return 0.0;
        }
        let end = (t + f).min(DAY_S - 1);
        let top = if end >= self.up_end && t <= FALL_AT {
            self.peak
        } else {
            fmax(self.at(end), now)
        };
        top - now
    }
}

/// `ceil_count(x / c)`, remembered: the answer holds while `x` stays in the
/// same step of the ceiling, which is most seconds of a day, so the loop
/// compares twice instead of converting.
struct CeilSteps {
    c: f64,
    inv_c: f64,
    k: i64,
    lo: f64,
    hi: f64,
}

impl CeilSteps {
    fn new(c: f64) -> CeilSteps {
        CeilSteps {
            c,
            inv_c: 1.0 / c,
            k: 0,
            lo: 1.0,
            hi: 0.0,
        }
    }

    #[inline]
    fn of(&mut self, x: f64) -> i64 {
        if x > self.lo && x <= self.hi {
            return self.k;
        }
        let k = ceil_count(x * self.inv_c);
        self.k = k;
        // The step whose members all give k; empty when k is 0 (x ≤ 0).
        if k > 0 {
            // x/c − 1e-9 ∈ (k − 1, k] ⇔ x ∈ ((k − 1 + 1e-9)·c, (k + 1e-9)·c];
            // kept a hair inside, so an edge case takes the direct path.
            self.lo = ((k - 1) as f64 + 2e-9) * self.c;
            self.hi = k as f64 * self.c;
        } else {
            self.lo = 1.0;
            self.hi = 0.0;
        }
        k
    }
}

#[inline]
fn smoothstep(x: f64) -> f64 {
    x * x * (3.0 - 2.0 * x)
}

/// What a day adds up to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DayStats {
    /// Replica-seconds billed: ready, booting and draining.
    pub paid_replica_s: f64,
    /// Replica-seconds of ready replicas.
    pub ready_replica_s: f64,
    /// Paid replica-seconds beyond `ceil(D / C) + 1`.
    pub idle_replica_s: f64,
    pub demand_tokens: f64,
    pub served_tokens: f64,
    /// Largest queue (tokens).
    pub peak_queue: f64,
    /// Queue left at midnight (tokens).
    pub end_queue: f64,
    /// Longest queueing wait (s).
    pub max_wait_s: f64,
    /// Seconds whose wait exceeded the SLO.
    pub seconds_above_slo: u32,
    /// First such second, or `DAY_S` if none.
    pub first_breach_s: usize,
    /// Fewest ready replicas during the peak plateau, minus `ceil(peak / C)`.
    pub spare_at_peak: f64,
    /// Most replicas billed at once.
    pub max_paid: u32,
    /// Replicas launched during the day.
    pub launches: u32,
    /// Ready replicas at the start of the day.
    pub start_ready: u32,
}

/// Per-minute samples of a day, for drawing (1,440 rows).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// Highest demand in the minute (tok/s).
    pub demand: Vec<f64>,
    /// Lowest ready capacity in the minute (tok/s).
    pub ready_capacity: Vec<f64>,
    /// Most replicas billed in the minute.
    pub paid: Vec<f64>,
    /// Largest queue in the minute (tokens).
    pub queue: Vec<f64>,
}

impl Trace {
    /// Empty, with room for a day's 1,440 rows.
    pub fn new() -> Trace {
        let n = DAY_S / 60;
        Trace {
            demand: Vec::with_capacity(n),
            ready_capacity: Vec::with_capacity(n),
            paid: Vec::with_capacity(n),
            queue: Vec::with_capacity(n),
        }
    }
    fn clear(&mut self) {
        self.demand.clear();
        self.ready_capacity.clear();
        self.paid.clear();
        self.queue.clear();
    }
}

/// A draw of the swing in [−1, 1].
#[inline]
fn swing_draw(rng: &mut SplitMix64) -> f64 {
    2.0 * rng.next_unit() - 1.0
}

/// Simulates the day second by second (86,400 steps, no allocation inside the
/// loop) and, when `trace` is given, fills it with one row per minute. The
/// lead's benchmark calls this.
pub fn simulate_day(d: &Day, mut trace: Option<&mut Trace>) -> DayStats {
    if let Some(tr) = trace.as_deref_mut() {
        tr.clear();
    }
    let c = d.ceiling;
    let n_peak = ceil_whole(d.peak / c);
    let (p0, p1) = d.plateau();
    let cold = d.cold_start_s.max(1);
    let spare = d.spare as i64;
    let floor = d.floor as i64;
    // A launch helps only after the cold start, so the queue-depth signal
    // spreads the backlog over the longer of the SLO and the cold start.
    let inv_backlog = 1.0 / d.wait_slo_s.max(d.cold_start_s as f64);
    let curve_of = Curve::new(d);
    let mut want_steps = CeilSteps::new(c);
    let mut need_steps = CeilSteps::new(c);
    let mut want = |est: f64| (want_steps.of(est) + spare).clamp(floor, MAX_REPLICAS as i64) as u32;

    // Pending arrivals and drain ends, by second modulo RING.
    let mut arrive = [0u32; RING];
    let mut leave = [0u32; RING];
    let mut rng = SplitMix64::new(SWING_SEED);
    let (mut knot_a, mut knot_b) = (swing_draw(&mut rng), swing_draw(&mut rng));

    // The day opens in the overnight steady state.
    let d0 = d.curve(0) * (1.0 + d.swing * knot_a);
    let mut ready = want(d0 + d.rise_ahead(0, d.curve(0)));
    let mut booting = 0u32;
    let mut draining = 0u32;
    let mut q = 0.0f64;
    let mut below_since: Option<usize> = None;
    let mut below_hi = 0u32;

    let mut s = DayStats {
        first_breach_s: DAY_S,
        spare_at_peak: f64::INFINITY,
        start_ready: ready,
        ..DayStats::default()
    };
    let mut idle_rs = 0u64;
    let mut paid_rs = 0u64;
    let mut ready_rs = 0u64;
    let (mut m_dem, mut m_cap, mut m_paid, mut m_q) = (0.0f64, f64::INFINITY, 0u32, 0.0f64);
    let mut sec = 0usize;
    let mut demand_tokens = 0.0f64;
    let mut served_tokens = 0.0f64;

    for t in 0..DAY_S {
        let slot = t & (RING - 1);
        let a = arrive[slot];
        if a > 0 {
            ready += a;
            booting -= a;
            arrive[slot] = 0;
        }
        let l = leave[slot];
        if l > 0 {
            draining -= l;
            leave[slot] = 0;
        }
        if sec == 60 {
            sec = 0;
            knot_a = knot_b;
            knot_b = swing_draw(&mut rng);
        }
        let curve = curve_of.at(t);
        let n = knot_a + (knot_b - knot_a) * (sec as f64 * (1.0 / 60.0));
        let demand = curve * (1.0 + d.swing * n);

        // Serve: demand above ready capacity queues.
        let cap = ready as f64 * c;
        let total = q + demand;
        let served = fmin(total, cap);
        q = total - served;

        let paid = ready + booting + draining;
        let need1 = need_steps.of(demand) + IDLE_SPARE;
        let extra = paid as i64 - need1;
        if extra > 0 {
            idle_rs += extra as u64;
        }
        paid_rs += paid as u64;
        ready_rs += ready as u64;
        demand_tokens += demand;
        served_tokens += served;
        if q > 0.0 {
            if q > s.peak_queue {
                s.peak_queue = q;
            }
            // The wait of a token arriving now: the queue ahead at full speed.
            let wait = if cap > 0.0 { q / cap } else { f64::INFINITY };
            if wait > s.max_wait_s {
                s.max_wait_s = wait;
            }
            if wait > d.wait_slo_s {
                s.seconds_above_slo += 1;
                if s.first_breach_s == DAY_S {
                    s.first_breach_s = t;
                }
            }
        }
        if t >= p0 && t < p1 {
            let sp = ready as f64 - n_peak;
            if sp < s.spare_at_peak {
                s.spare_at_peak = sp;
            }
        }
        if paid > s.max_paid {
            s.max_paid = paid;
        }

        // The autoscaler reads its signal.
        let measured = match d.signal {
            Signal::QueueDepth => demand + q * inv_backlog,
            Signal::TokensPerSecond => demand,
            // min(served / cap, gauge) × cap.
            Signal::GpuUtilization => fmin(served, d.gauge_cap * cap),
        };
        let desired = want(measured + curve_of.rise_ahead(t, curve, d.forecast_s));
        let target = ready + booting;
        if desired > target {
            let n = desired - target;
            booting += n;
            arrive[(t + cold) & (RING - 1)] += n;
            s.launches += n;
            below_since = None;
        } else if desired < target {
            match below_since {
                None => {
                    below_since = Some(t);
                    below_hi = desired;
                }
                Some(since) => {
                    below_hi = below_hi.max(desired);
                    if t - since >= STABILIZE_S && booting == 0 {
                        let n = ready.saturating_sub(below_hi.max(d.floor));
                        ready -= n;
                        if d.drain_s > 0 {
                            draining += n;
                            leave[(t + d.drain_s) & (RING - 1)] += n;
                        }
                        below_since = None;
                    }
                }
            }
        } else {
            below_since = None;
        }

        if let Some(tr) = trace.as_deref_mut() {
            m_dem = fmax(m_dem, demand);
            m_cap = fmin(m_cap, cap);
            m_paid = m_paid.max(paid);
            m_q = fmax(m_q, q);
            if sec == 59 {
                tr.demand.push(m_dem);
                tr.ready_capacity.push(m_cap);
                tr.paid.push(m_paid as f64);
                tr.queue.push(m_q);
                (m_dem, m_cap, m_paid, m_q) = (0.0, f64::INFINITY, 0, 0.0);
            }
        }
        sec += 1;
    }
    s.demand_tokens = demand_tokens;
    s.served_tokens = served_tokens;
    s.end_queue = q;
    s.idle_replica_s = idle_rs as f64;
    s.paid_replica_s = paid_rs as f64;
    s.ready_replica_s = ready_rs as f64;
    if !s.spare_at_peak.is_finite() {
        s.spare_at_peak = 0.0;
    }
    s
}

/// A day's stats and its drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct DayRun {
    pub stats: DayStats,
    pub trace: Trace,
}

thread_local! {
    /// The last day simulated: moving the price re-bills it without rerunning.
    static DAY: Memo<Day, DayRun> = const { Memo::new() };
}

fn day_run(d: &Day) -> Rc<DayRun> {
    DAY.with(|m| {
        m.get_or(*d, || {
            let mut trace = Trace::new();
            let stats = simulate_day(d, Some(&mut trace));
            DayRun { stats, trace }
        })
    })
}

fn idle_share(s: &DayStats) -> f64 {
    if s.paid_replica_s > 0.0 {
        s.idle_replica_s / s.paid_replica_s
    } else {
        0.0
    }
}

fn day_figures(d: &Day, price: f64, s: &DayStats, out: &mut Outcome) {
    let hours = s.paid_replica_s / 3600.0;
    let static_day = hourly_bill(replicas_with_spare(d.peak, d.ceiling, d.spare), price) * 24.0;
    let bill = hours * price;
    out.figure("replica_hours", "Replica-hours", hours, Unit::Hours);
    out.figure("bill", "Bill for the day", bill, Unit::Usd);
    out.figure(
        "static_bill",
        "Bill holding the peak fleet all day",
        static_day,
        Unit::Usd,
    );
    out.figure(
        "saved_share",
        "Saved against holding the peak",
        if static_day > 0.0 {
            1.0 - bill / static_day
        } else {
            0.0
        },
        Unit::Share,
    );
    out.figure("peak_queue", "Peak queue", s.peak_queue, Unit::Tokens);
    out.figure(
        "max_wait_s",
        "Longest queueing wait",
        s.max_wait_s,
        Unit::Seconds,
    );
    out.figure(
        "seconds_above_slo",
        "Seconds above the wait SLO",
        s.seconds_above_slo as f64,
        Unit::Seconds,
    );
    out.figure(
        "idle_share",
        "Idle share (beyond N + 1)",
        idle_share(s),
        Unit::Share,
    );
    out.figure(
        "capacity_used_share",
        "Ready capacity used",
        if s.ready_replica_s > 0.0 {
            s.served_tokens / (s.ready_replica_s * d.ceiling)
        } else {
            0.0
        },
        Unit::Share,
    );
    out.figure(
        "spare_at_peak",
        "Fewest spares ready at the peak",
        s.spare_at_peak,
        Unit::Count("replicas"),
    );
    out.figure(
        "max_replicas",
        "Most replicas billed at once",
        s.max_paid as f64,
        Unit::Count("replicas"),
    );
    out.figure(
        "launches",
        "Replicas launched",
        s.launches as f64,
        Unit::Count("replicas"),
    );
}

fn hhmm(t: usize) -> String {
    format!("{:02}:{:02}", t / 3600, (t % 3600) / 60)
}

fn checks(d: &Day, s: &DayStats, out: &mut Outcome) {
    let slo = Unit::Seconds.format(d.wait_slo_s);
    let above = s.seconds_above_slo as f64;
    let gpu = d.signal == Signal::GpuUtilization;
    let late = d.forecast_s < d.cold_start_s;
    let slo_lever = if gpu {
        "signal"
    } else if late {
        "forecast_s"
    } else {
        "spare"
    };
    out.checks.push(Verdict::at_most(
        "wait_slo",
        above,
        0.0,
        Unit::Seconds,
        Some(slo_lever),
        |pass| {
            if pass {
                format!(
                    "No second of the day queued past the {slo} SLO; the longest wait was {} and the queue peaked at {}.",
                    Unit::Seconds.format(s.max_wait_s),
                    Unit::Tokens.format(s.peak_queue)
                )
            } else {
                let head = format!(
                    "{} seconds waited past the {slo} SLO, the first at {}, the worst {} behind a queue of {}.",
                    above,
                    hhmm(s.first_breach_s),
                    Unit::Seconds.format(s.max_wait_s),
                    Unit::Tokens.format(s.peak_queue)
                );
                if gpu {
                    format!("{head} The GPU gauge flattens at {} while the queue grows, so the autoscaler sees headroom that is not there: switch the signal to queue depth.", Unit::Share.format(d.gauge_cap))
                } else if late {
                    format!("{head} Launches land {} s after the autoscaler sees the demand and it looks only {} s ahead: raise the forecast window past the cold start.", d.cold_start_s, d.forecast_s)
                } else {
                    format!("{head} The ready pool has no room for the swing: raise the spare replicas.")
                }
            }
        },
    ));

    let n_peak = replicas_for_peak(d.peak, d.ceiling);
    let fewest = n_peak as f64 + s.spare_at_peak;
    let spare_lever = if gpu {
        "signal"
    } else if d.spare == 0 {
        "spare"
    } else {
        "forecast_s"
    };
    out.checks.push(Verdict::at_least(
        "spare_at_peak",
        s.spare_at_peak,
        1.0,
        Unit::Count("replicas"),
        Some(spare_lever),
        |pass| {
            let head = format!(
                "The peak of {} needs {n_peak} replicas; the fewest ready during it were {}",
                Unit::TokPerS.format(d.peak),
                crate::model::units::number(fewest)
            );
            if pass {
                format!("{head}, so a failure or a deploy still leaves the peak carried (N + 1).")
            } else if gpu {
                format!("{head}: the GPU gauge reads at most {} of the pool, so the autoscaler never adds the spare. Switch the signal to queue depth.", Unit::Share.format(d.gauge_cap))
            } else if d.spare == 0 {
                format!("{head}: with no spare, one failure drops the peak into a queue. Raise the spare replicas to 1.")
            } else {
                format!("{head}: the spare was still booting when the peak arrived. Raise the forecast window.")
            }
        },
    ));

    let idle = idle_share(s);
    let trough_need = replicas_kept(d.trough, d.ceiling, 1) + 1;
    let idle_lever = if d.floor > trough_need {
        "floor"
    } else if d.spare > 1 {
        "spare"
    } else if d.forecast_s > 600 {
        "forecast_s"
    } else {
        "drain_s"
    };
    out.checks.push(Verdict::at_most(
        "idle",
        idle,
        IDLE_MAX,
        Unit::Share,
        Some(idle_lever),
        |pass| {
            let head = format!(
                "{} of the {} paid replica-hours sat beyond the need plus one spare",
                Unit::Share.format(idle),
                crate::model::units::number((s.paid_replica_s / 3600.0).round())
            );
            if pass {
                format!("{head}: capacity follows the traffic (the check allows 30 %).")
            } else {
                let why = match idle_lever {
                    "floor" => format!("the floor of {} holds replicas the trough does not need ({trough_need} with a spare): lower the floor", d.floor),
                    "spare" => format!("{} spares are more than the one the peak needs: lower the spare replicas", d.spare),
                    "forecast_s" => format!("a {} s forecast window launches replicas long before they are needed: shorten the forecast window", d.forecast_s),
                    _ => format!("removed replicas bill {} s of drain each: shorten the drain", d.drain_s),
                };
                format!("{head}, above the 30 % the check allows: {why}.")
            }
        },
    ));
}

fn minutes_x(n: usize) -> impl Iterator<Item = f64> {
    (0..n).map(|i| (i as f64 + 1.0) / 60.0)
}

fn day_chart(d: &Day, r: &DayRun) -> Chart {
    let tr = &r.trace;
    let xs = || minutes_x(tr.demand.len());
    let s = &r.stats;
    let series = vec![
        Series::new(
            "demand (highest in the minute)",
            Style::Line,
            Tone::Cat(0),
            xs().zip(tr.demand.iter().copied()).collect(),
        ),
        Series::new(
            "ready capacity (replicas × ceiling)",
            Style::Step,
            Tone::Good,
            xs().zip(tr.ready_capacity.iter().copied()).collect(),
        ),
        Series::new(
            "replicas billed (× ceiling)",
            Style::Dashed,
            Tone::Muted,
            xs().zip(tr.paid.iter().map(|p| p * d.ceiling)).collect(),
        ),
    ];
    Chart {
        id: "day",
        title: format!(
            "A day on the {} signal: demand against ready capacity",
            d.signal.word()
        ),
        summary: format!(
            "Demand runs from {} to {} and the pool from {} to {} replicas of {} each: {} replica-hours, {} seconds above the wait SLO.",
            Unit::TokPerS.format(d.trough),
            Unit::TokPerS.format(d.peak),
            s.start_ready,
            s.max_paid,
            Unit::TokPerS.format(d.ceiling),
            crate::model::units::number((s.paid_replica_s / 3600.0 * 10.0).round() / 10.0),
            s.seconds_above_slo
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("hour of the day", Unit::Hours).range(0.0, 24.0),
            y: Axis::new("tokens per second", Unit::TokPerS),
            series,
            hlines: vec![RefLine::new(
                d.peak,
                format!("peak {}", Unit::TokPerS.format(d.peak)),
                Tone::Warn,
            )],
            vlines: vec![],
        }),
    }
}

fn queue_chart(d: &Day, r: &DayRun) -> Chart {
    let tr = &r.trace;
    let s = &r.stats;
    Chart {
        id: "queue",
        title: "The queue: tokens waiting for a ready replica".to_string(),
        summary: format!(
            "The queue peaks at {} (a wait of {} against the {} SLO), over the SLO for {} seconds of the day.",
            Unit::Tokens.format(s.peak_queue),
            Unit::Seconds.format(s.max_wait_s),
            Unit::Seconds.format(d.wait_slo_s),
            s.seconds_above_slo
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("hour of the day", Unit::Hours).range(0.0, 24.0),
            y: Axis::new("queue (largest in the minute)", Unit::Tokens),
            series: vec![Series::new(
                "queue",
                Style::Line,
                Tone::Bad,
                minutes_x(tr.queue.len())
                    .zip(tr.queue.iter().copied())
                    .collect(),
            )],
            hlines: vec![],
            vlines: vec![],
        }),
    }
}

fn notes(d: &Day, p: &Params, s: &DayStats, out: &mut Outcome) {
    let kept = replicas_kept(d.trough, d.ceiling, d.floor);
    let day_trough = (ceil_whole(d.trough / d.ceiling) as u32 + d.spare).max(d.floor);
    if day_trough != kept {
        out.notes.push(Note::Info(format!(
            "The worked example keeps {kept} replicas at {} (no spare at the trough: the rounding is the headroom); the day's autoscaler keeps its spare there too, {day_trough} replicas.",
            Unit::TokPerS.format(d.trough)
        )));
    }
    if p.get("trough") > d.peak {
        out.notes.push(Note::Info(format!(
            "The trough is above the peak; the model holds it at the peak, {}.",
            Unit::TokPerS.format(d.peak)
        )));
    }
    if s.max_paid >= MAX_REPLICAS {
        out.notes.push(Note::Info(format!(
            "The autoscaler hit its cap of {MAX_REPLICAS} replicas."
        )));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceil_steps_agree_with_ceil_count() {
        let mut rng = SplitMix64::new(7);
        for c in [3000.0, 500.0, 1234.5, 20_000.0] {
            let mut steps = CeilSteps::new(c);
            for i in 0..20_000 {
                let x = match i % 4 {
                    0 => rng.next_unit() * 12.0 * c,
                    1 => (rng.below(12) as f64) * c,
                    2 => (rng.below(12) as f64) * c * (1.0 + 1e-10),
                    _ => rng.next_unit() * 1e-5,
                };
                // The cache answers as the direct computation would.
                assert_eq!(steps.of(x), ceil_count(x * (1.0 / c)), "x {x} c {c}");
            }
        }
        assert_eq!(ceil_count(9000.0 / 3000.0), 3);
        assert_eq!(ceil_count(4500.0 / 3000.0), 2);
        assert_eq!(ceil_count(0.0), 0);
        assert_eq!(ceil_count(-5.0), 0);
    }

    #[test]
    fn the_curve_climbs_holds_and_falls() {
        let d = Day::default();
        assert_eq!(d.curve(0), 4500.0);
        assert_eq!(d.curve(RISE_AT + d.ramp_s), 9000.0);
        assert_eq!(d.curve(FALL_AT - 1), 9000.0);
        assert_eq!(d.curve(DAY_S - 1), 4500.0);
        let mid = d.curve(RISE_AT + d.ramp_s / 2);
        assert!((mid - 6750.0).abs() < 1e-9);
    }

    #[test]
    fn rise_ahead_is_the_window_maximum() {
        let mut d = Day {
            forecast_s: 300,
            ..Day::default()
        };
        for ramp in [60, 300, 7200] {
            d.ramp_s = ramp;
            for t in (0..DAY_S).step_by(37) {
                let now = d.curve(t);
                let brute = (t..=(t + d.forecast_s).min(DAY_S - 1))
                    .map(|u| d.curve(u))
                    .fold(f64::MIN, f64::max);
                assert!(
                    (d.rise_ahead(t, now) - (brute - now)).abs() < 1e-6,
                    "ramp {ramp} t {t}"
                );
            }
        }
    }
}
