//! The warm pool's challenges: C1 idle rent per year, C2 the backlog a cold
//! start leaves, C3 the break-even pool, drawn and solved with the page's
//! arithmetic; C4 (the lost zone of the mock interviews) the time that
//! backlog takes to clear once more replicas serve than the demand needs.

use super::model::{
    break_even_pool, cold_start_backlog, idle_rent_per_day, idle_rent_per_year, step_burst_wait,
};
use super::params::MAX_POOL;
use crate::challenge::{answers, Answers, Solution, Template, Value, Vars};
use crate::model::units;
use crate::model::{Params, SplitMix64, Unit};

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    page: on_the_page,
    "idle_rent_per_year" => solve_idle_rent,
    "cold_start_backlog" => solve_backlog,
    "break_even_pool" => solve_break_even,
    "idle_rent_per_day" => |v| rent_over(v, 24.0),
    "idle_rent_per_month" => |v| rent_over(v, 730.0),
    "idle_rent_one_replica" => idle_rent_one_replica,
    "backlog_whole_burst" => |v| backlog_with(v, |k, w| (w > 0).then_some(k)),
    "backlog_one_replica" => |v| backlog_with(v, |k, w| (k - w != 1).then_some(1)),
    "backlog_half" => backlog_half,
    "break_even_whole_burst" => |v| break_even_with(v, |k, _, _, _| k as usize),
    "break_even_hourly_rent" => |v| break_even_with(v, |_, price, _, removed| {
        break_even_pool(price, removed)
    }),
    "break_even_one_burst" => |v| break_even_with(v, |_, price, n, removed| {
        let once: Vec<f64> = removed.iter().map(|x| x / n.max(1.0)).collect();
        break_even_pool(idle_rent_per_day(1, price), &once)
    }),
    "backlog_clear_s" => solve_clear,
    "backlog_clear_cold_start" => |v| clear_with(v, |c| c.cold),
    "backlog_clear_drain_only" => |v| clear_with(v, |c| c.drain()),
    "backlog_clear_whole_fleet" => |v| clear_with(v, |c| {
        c.cold + c.backlog() / (c.serving * c.rate)
    }),
};

/// Daily dollars of the waiting each pool size `0..=MAX_POOL` removes from
/// a step burst (it arrives all at once at `k·r` req/s for `length_s`),
/// against no pool: `(W(0) − W(w)) / 3600 × bursts × value` with `W` from
/// [`step_burst_wait`]. The input of [`break_even_pool`] for challenge C3.
fn step_removed_per_day(
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

/// C3's price is drawn to put the break-even inside the burst: the target
/// pool's last replica removes this much more than it rents when the target
/// is the whole burst, and the first replica this much less when the target
/// is no pool.
const EDGE_MARGIN: f64 = 1.25;
/// C3's draws whose target is no pool at all (the answer 0): one in twenty.
const NO_POOL_DRAWS: f64 = 0.05;
/// C3's price grid and range: the page slider's step, $0.50–$20 an hour.
const PRICE_STEP: f64 = 0.05;
const PRICE_MIN: f64 = 0.5;
const PRICE_MAX: f64 = 20.0;

/// C4's replicas serving once the launches are ready: k + 1 to 2k, at most
/// this many.
const CLEAR_MAX_SERVING: f64 = 20.0;

/// Draws a challenge: every variable in order with one `next_unit()` each, as
/// the default draw does, except C2's and C4's warm pool (0 to k − 1: some
/// replicas always launch), C4's replicas serving after the cold start
/// (k + 1 to 2k, at most [`CLEAR_MAX_SERVING`]) and C3's price (see
/// [`price_for_target`]).
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    t.draw_vars_except(rng, |name, vars, rng| {
        Some(match (t.answer.as_str(), name) {
            ("cold_start_backlog" | "backlog_clear_s", "w") => {
                let k = vars.num("k").max(1.0);
                Value::Num((rng.next_unit() * k).floor().min(k - 1.0))
            }
            ("backlog_clear_s", "n") => {
                let k = vars.num("k").max(1.0);
                let top = (2.0 * k).min(CLEAR_MAX_SERVING).max(k + 1.0);
                Value::Num((k + 1.0 + (rng.next_unit() * (top - k)).floor()).min(top))
            }
            ("break_even_pool", "price") => Value::Num(price_for_target(vars, rng.next_unit())),
            _ => return None,
        })
    })
}

/// C3's price per replica-hour: a target pool `w*` (0 when `u` is below
/// [`NO_POOL_DRAWS`], else `1 + floor(k·(u − that) / (1 − that))`), then
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
    let target = if u < NO_POOL_DRAWS {
        0
    } else {
        1 + (((u - NO_POOL_DRAWS) / (1.0 - NO_POOL_DRAWS) * k as f64) as u32).min(k - 1)
    };
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

/// C1: what `w` warm replicas rent in a year.
fn solve_idle_rent(v: &Vars) -> Result<Solution, String> {
    let (w, price) = (whole(v, "w", MAX_POOL as u32)?, amount(v, "price")?);
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

/// C2: the backlog the launched replicas leave when the burst arrives at once.
fn solve_backlog(v: &Vars) -> Result<Solution, String> {
    let pool = MAX_POOL as u32;
    let k = whole(v, "k", pool)?.max(1);
    let w = whole(v, "w", pool)?;
    let (r, t) = (amount(v, "r")?, amount(v, "T")?);
    let missing = k.saturating_sub(w);
    let rate = |n: u32| Unit::ReqPerS.format(n as f64 * r);
    Ok(Solution::new(cold_start_backlog(missing, r, t))
        .with("missing", missing.to_string())
        .with("missing_worth", units::worth(missing as f64, "replicas"))
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

/// Misconception of C1: the pool's rent over `hours` instead of a year.
fn rent_over(v: &Vars, hours: f64) -> Result<Solution, String> {
    let (w, price) = (whole(v, "w", MAX_POOL as u32)?, amount(v, "price")?);
    Ok(Solution::new(w as f64 * price * hours))
}

/// Misconception of C1: one replica's year (the same for a pool of one).
fn idle_rent_one_replica(v: &Vars) -> Result<Solution, String> {
    let (w, price) = (whole(v, "w", MAX_POOL as u32)?, amount(v, "price")?);
    if w == 1 {
        return Err("the pool is one replica".into());
    }
    Ok(Solution::new(idle_rent_per_year(1, price)))
}

/// A misconception of C2: the backlog of `replicas(k, w)` replicas missing
/// for the cold start, where that idea applies (it differs from `k − w`).
fn backlog_with(v: &Vars, replicas: fn(u32, u32) -> Option<u32>) -> Result<Solution, String> {
    let pool = MAX_POOL as u32;
    let (k, w) = (whole(v, "k", pool)?.max(1), whole(v, "w", pool)?);
    let (r, t) = (amount(v, "r")?, amount(v, "T")?);
    if w >= k {
        return Err("no replica launches".into());
    }
    let n = replicas(k, w).ok_or("the same number of replicas")?;
    Ok(Solution::new(cold_start_backlog(n, r, t)).with("missing", (k - w).to_string()))
}

/// Misconception of C2: half the backlog, as if the burst ramped up.
fn backlog_half(v: &Vars) -> Result<Solution, String> {
    let right = solve_backlog(v)?;
    if right.answer == 0.0 {
        return Err("no backlog".into());
    }
    Ok(Solution::new(right.answer / 2.0))
}

/// A misconception of C3: the pool `pick(k, price, bursts a day, removed
/// per day)` chooses, where it differs from the right one.
fn break_even_with(v: &Vars, pick: fn(u32, f64, f64, &[f64]) -> usize) -> Result<Solution, String> {
    let right = solve_break_even(v)?.answer as usize;
    let k = whole(v, "k", MAX_POOL as u32)?.max(1);
    let (t, l, r) = (amount(v, "T")?, amount(v, "L")?, amount(v, "r")?);
    let (value, price, n) = (amount(v, "V")?, amount(v, "price")?, amount(v, "n")?);
    let removed = step_removed_per_day(k, r, t, l, n, value);
    let wrong = pick(k, price, n, &removed[..=k as usize]).min(k as usize);
    if wrong == right {
        return Err("the same pool".into());
    }
    Ok(Solution::new(wrong as f64)
        .with(
            "rent_day",
            Unit::UsdPerDay.format(idle_rent_per_day(1, price)),
        )
        .with("price", Unit::UsdPerHour.format(price)))
}

/// Asked about the page: a pool of no warm replicas has no rent to ask
/// about (C1, "a warm pool keeps 0 replicas"); such a page's question is
/// drawn instead. (A pool as big as the burst leaves no backlog, C2's
/// answer 0: a lesson, not a trivial question.)
/// C4 takes the page's burst, warm pool, rate and cold start; where its
/// drawn replicas serving afterwards are no more than the page's burst
/// needs, half as many again serve.
fn on_the_page(t: &Template, vars: &mut Vars, _: &Params) -> bool {
    if t.answer == "backlog_clear_s" {
        let k = vars.num("k");
        if vars.num("n") <= k {
            vars.set_num("n", (1.5 * k).ceil().max(k + 1.0));
        }
    }
    t.answer != "idle_rent_per_year" || vars.num("w") >= 1.0
}

/// C4's draw, read: the demand in replicas, those serving during the cold
/// start and after it, a replica's rate and the cold start.
struct Clear {
    need: f64,
    warm: f64,
    serving: f64,
    rate: f64,
    cold: f64,
}

impl Clear {
    /// Requests waiting when the launched replicas are ready.
    fn backlog(&self) -> f64 {
        (self.need - self.warm) * self.rate * self.cold
    }
    /// Seconds the backlog takes to clear once they are.
    fn drain(&self) -> f64 {
        self.backlog() / ((self.serving - self.need) * self.rate)
    }
}

fn clear_draw(v: &Vars) -> Result<Clear, String> {
    let count = |name: &str| {
        let x = v.num(name);
        (x >= 0.0 && x.fract() == 0.0 && x <= 100_000.0)
            .then_some(x)
            .ok_or(format!("{name} must be a whole number of replicas"))
    };
    let (need, warm, serving) = (count("k")?, count("w")?, count("n")?);
    if !(warm < need && need < serving) {
        return Err("fewer replicas serve than the demand needs, then more".into());
    }
    let (rate, cold) = (amount(v, "r")?, amount(v, "T")?);
    if rate <= 0.0 {
        return Err("a replica serves some requests a second".into());
    }
    Ok(Clear {
        need,
        warm,
        serving,
        rate,
        cold,
    })
}

/// C4: from the start of the shortfall until no request waits:
/// `T + (k − w)·r·T ÷ ((n − k)·r)`.
fn solve_clear(v: &Vars) -> Result<Solution, String> {
    let c = clear_draw(v)?;
    let rate = |n: f64| Unit::ReqPerS.format(n * c.rate);
    let serving = if c.warm == 0.0 {
        "none is serving".to_string()
    } else if c.warm == 1.0 {
        "only 1 is serving".to_string()
    } else {
        format!("only {} are serving", units::number(c.warm))
    };
    Ok(Solution::new(c.cold + c.drain())
        .with("serving", serving)
        .with("demand", rate(c.need))
        .with("growth_rate", rate(c.need - c.warm))
        .with("backlog", Unit::Count("requests").format(c.backlog()))
        .with("backlog_bare", units::number(c.backlog()))
        .with("capacity", rate(c.serving))
        .with("spare_rate", rate(c.serving - c.need))
        .with("spare_worth", units::worth(c.serving - c.need, "replicas"))
        .with("drain", Unit::Seconds.format(c.drain())))
}

/// A misconception of C4: `seconds(draw)`, where it is more than the
/// tolerance from the right answer.
fn clear_with(v: &Vars, seconds: fn(&Clear) -> f64) -> Result<Solution, String> {
    let right = solve_clear(v)?.answer;
    let wrong = seconds(&clear_draw(v)?);
    if (wrong - right).abs() <= 0.01 * right {
        return Err("within the tolerance of the right answer".into());
    }
    Ok(Solution::new(wrong))
}
