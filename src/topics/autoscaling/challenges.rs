//! The autoscaling challenges (templates C1–C3 in `challenges/autoscaling.toml`):
//! replicas for a peak with a spare, the hourly bill, and replicas released
//! when demand falls. Each is solved with the worked example's functions.

use super::model::{
    hourly_bill, replicas_for_peak, replicas_kept, replicas_released, replicas_with_spare,
};
use super::params::MAX_REPLICAS;
use crate::challenge::{answers, Answers, Solution, Template, Value, Vars};
use crate::model::rng::SplitMix64;
use crate::model::units;
use crate::model::Unit;

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    "replicas_with_spare" => replicas_with_spare_solution,
    "hourly_bill" => hourly_bill_solution,
    "replicas_released" => replicas_released_solution,
    "replicas_no_spare" => |v| Ok(Solution::new(Peak::read(v)?.n as f64)),
    "replicas_rounded_down" => rounded_down,
    "replicas_exact_fit_plus_one" => exact_fit_plus_one,
    "hourly_bill_no_spare" => bill_no_spare,
    "hourly_bill_fractional" => bill_fractional,
    "hourly_bill_per_day" => |v| Ok(Solution::new(24.0 * hourly_bill_solution(v)?.answer)),
    "released_ignoring_floor" => released_ignoring_floor,
    "released_keeping_spare" => released_keeping_spare,
    "released_without_peak_spare" => released_without_peak_spare,
};

/// C3's lower demand level is drawn between these shares of the drawn peak
/// (then rounded to 100 tok/s, at least 100).
const LEVEL_LO: f64 = 0.10;
const LEVEL_HI: f64 = 0.90;

/// Draws a challenge: every variable in order with one `next_unit()` each, as
/// the default draw does, except C3's `level`, which is 10–90 % of the peak
/// already drawn (a fall, never a rise), rounded to 100 tok/s.
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    let mut vars = t.draw_vars_except(rng, |name, vars, rng| {
        (name == "level").then(|| {
            let share = LEVEL_LO + (LEVEL_HI - LEVEL_LO) * rng.next_unit();
            let level = (vars.num("P") * share / 100.0).round() * 100.0;
            Value::Num(level.max(100.0))
        })
    });
    // No floor above the peak: a floor the peak does not reach would keep
    // more replicas at the lower level than ran at the peak.
    let (c, p, floor) = (vars.num("C"), vars.num("P"), vars.num("floor"));
    if c > 0.0 && floor.is_finite() {
        let n = replicas_for_peak(p, c) as f64;
        if floor > n {
            vars.set_num("floor", n.max(1.0));
        }
    }
    vars
}

/// A whole, non-negative count among the drawn values.
fn whole(v: &Vars, name: &str) -> Result<u32, String> {
    let x = v.num(name);
    (x >= 0.0 && x.fract() == 0.0 && x <= MAX_REPLICAS as f64)
        .then_some(x as u32)
        .ok_or(format!("{name} must be a whole number of replicas"))
}

/// What every template asks about: a peak, the ceiling and the spares.
struct Peak {
    ceiling: f64,
    peak: f64,
    spare: u32,
    /// Replicas for the peak with no headroom.
    n: u32,
    /// With the spares.
    at_peak: u32,
    /// `peak / ceiling`, written out.
    ratio: String,
}

impl Peak {
    fn read(v: &Vars) -> Result<Peak, String> {
        let (ceiling, peak) = (v.num("C"), v.num("P"));
        if !(ceiling > 0.0 && ceiling.is_finite()) {
            return Err("the replica ceiling must be above zero".to_string());
        }
        if !(peak >= 0.0 && peak.is_finite()) {
            return Err("the peak must be a demand of zero or more".to_string());
        }
        let spare = whole(v, "spare")?;
        Ok(Peak {
            ceiling,
            peak,
            spare,
            n: replicas_for_peak(peak, ceiling),
            at_peak: replicas_with_spare(peak, ceiling, spare),
            ratio: units::number(peak / ceiling),
        })
    }
}

/// "1 replica", "3 replicas", "1.5 replicas".
fn replicas_text(x: f64) -> String {
    Unit::Count("replicas").format(x)
}

/// C1: `ceil(P / C) + spare`.
fn replicas_with_spare_solution(v: &Vars) -> Result<Solution, String> {
    let p = Peak::read(v)?;
    let headroom = p.n as f64 * p.ceiling - p.peak;
    let headroom = if headroom < 1e-6 {
        "zero headroom: they carry exactly the peak".to_string()
    } else {
        format!("{} of headroom", Unit::TokPerS.format(headroom))
    };
    Ok(Solution::new(p.at_peak as f64)
        .with("ratio", p.ratio)
        .with("n", p.n.to_string())
        .with("n_replicas", replicas_text(p.n as f64))
        .with("headroom", headroom))
}

/// C2: the peak fleet with its spares times the price per replica-hour.
fn hourly_bill_solution(v: &Vars) -> Result<Solution, String> {
    let p = Peak::read(v)?;
    let price = v.num("price");
    if !(price >= 0.0 && price.is_finite()) {
        return Err("the price must be zero or more".to_string());
    }
    Ok(Solution::new(hourly_bill(p.at_peak, price))
        .with("ratio", p.ratio)
        .with("n", p.n.to_string())
        .with("n_replicas", replicas_text(p.n as f64))
        .with("replicas", p.at_peak.to_string())
        .with(
            "bill_no_spare",
            Unit::UsdPerHour.format(hourly_bill(p.n, price)),
        )
        .with(
            "spare_cost",
            Unit::UsdPerHour.format(hourly_bill(p.spare, price)),
        ))
}

/// C3: the peak fleet less what the lower level keeps (never below zero).
fn replicas_released_solution(v: &Vars) -> Result<Solution, String> {
    let p = Peak::read(v)?;
    let level = v.num("level");
    if !(level >= 0.0 && level.is_finite()) {
        return Err("the lower level must be a demand of zero or more".to_string());
    }
    let floor = whole(v, "floor")?;
    let (ceiling, at_peak) = (p.ceiling, p.at_peak);
    let kept = replicas_kept(level, ceiling, floor);
    let released = replicas_released(p.peak, level, ceiling, p.spare, floor);
    let released_work = if released == 0 {
        format!("none, since the pool keeps {kept}, no fewer than the {at_peak} it ran at the peak")
    } else {
        format!("{at_peak} − {kept} = {released}")
    };
    Ok(Solution::new(released as f64)
        .with("released", released_work)
        .with("n", p.n.to_string())
        .with("at_peak", at_peak.to_string())
        .with("need", units::number(level / ceiling))
        .with("need_replicas", replicas_text(level / ceiling))
        .with("carry", replicas_kept(level, ceiling, 0).to_string())
        .with("kept", kept.to_string()))
}

/// Whether the peak is an exact multiple of the ceiling.
fn exact_fit(p: &Peak) -> bool {
    (p.peak / p.ceiling).fract() == 0.0
}

/// Misconception of C1: `floor(P / C) + spare` (the same where the peak
/// fits exactly).
fn rounded_down(v: &Vars) -> Result<Solution, String> {
    let p = Peak::read(v)?;
    if exact_fit(&p) {
        return Err("the peak fits exactly: nothing to round".into());
    }
    Ok(Solution::new((p.peak / p.ceiling).floor() + p.spare as f64).with("ratio", p.ratio))
}

/// Misconception of C1: a replica of headroom added where the peak fits
/// exactly.
fn exact_fit_plus_one(v: &Vars) -> Result<Solution, String> {
    let p = Peak::read(v)?;
    if !exact_fit(&p) {
        return Err("the peak does not fit exactly".into());
    }
    Ok(Solution::new(p.at_peak as f64 + 1.0).with("ratio", p.ratio))
}

/// Misconception of C2: the replicas the peak needs, without the spare.
fn bill_no_spare(v: &Vars) -> Result<Solution, String> {
    let p = Peak::read(v)?;
    Ok(Solution::new(hourly_bill(p.n, v.num("price"))))
}

/// Misconception of C2: `(P / C + spare) × price`, replicas in fractions.
fn bill_fractional(v: &Vars) -> Result<Solution, String> {
    let p = Peak::read(v)?;
    if exact_fit(&p) {
        return Err("the peak fits exactly: no fraction of a replica".into());
    }
    let replicas = p.peak / p.ceiling + p.spare as f64;
    Ok(Solution::new(replicas * v.num("price")).with("ratio", p.ratio))
}

/// C3's pool at the peak, and at the lower level before and after the floor.
fn fall(v: &Vars) -> Result<(Peak, u32, u32), String> {
    let p = Peak::read(v)?;
    let carry = replicas_kept(v.num("level"), p.ceiling, 0);
    let floor = whole(v, "floor")?;
    Ok((p, carry, floor))
}

/// Misconception of C3: the floor ignored (the same where it does not bind).
fn released_ignoring_floor(v: &Vars) -> Result<Solution, String> {
    let (p, carry, floor) = fall(v)?;
    if floor <= carry {
        return Err("the floor does not bind at this level".into());
    }
    Ok(Solution::new(p.at_peak.saturating_sub(carry) as f64))
}

/// Misconception of C3: the spare kept at the lower level (the same where
/// the floor keeps as many).
fn released_keeping_spare(v: &Vars) -> Result<Solution, String> {
    let (p, carry, floor) = fall(v)?;
    if carry + p.spare <= floor {
        return Err("the floor keeps as many as the spare would".into());
    }
    Ok(Solution::new(
        p.at_peak.saturating_sub((carry + p.spare).max(floor)) as f64,
    ))
}

/// Misconception of C3: the peak's pool counted without its spare.
fn released_without_peak_spare(v: &Vars) -> Result<Solution, String> {
    let (p, carry, floor) = fall(v)?;
    Ok(Solution::new(p.n as f64 - carry.max(floor) as f64))
}
