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
};

/// C3's lower demand level is drawn between these shares of the drawn peak
/// (then rounded to 100 tok/s, at least 100).
const LEVEL_LO: f64 = 0.10;
const LEVEL_HI: f64 = 0.90;

/// Draws a challenge: every variable in order with one `next_unit()` each, as
/// the default draw does, except C3's `level`, which is 10–90 % of the peak
/// already drawn (a fall, never a rise), rounded to 100 tok/s.
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    t.draw_vars_except(rng, |name, vars, rng| {
        (name == "level").then(|| {
            let share = LEVEL_LO + (LEVEL_HI - LEVEL_LO) * rng.next_unit();
            let level = (vars.num("P") * share / 100.0).round() * 100.0;
            Value::Num(level.max(100.0))
        })
    })
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
        .with("carry", replicas_kept(level, ceiling, 0).to_string())
        .with("kept", kept.to_string()))
}
