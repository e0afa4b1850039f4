//! The explorer's challenges (`challenges/load-balancing.toml`, C1–C3),
//! solved by the model's [`round_robin_share_per_card`],
//! [`hash_busiest_card_share`] and [`hash_card_fleet_points`]: `1/n` (±0.01
//! pt), `h + (1−h)/(n−1)` (±0.1 pt) and `100·w·busiest` points (±0.1). Their
//! variables mirror the `cards`, `hot_share` and `family_share` sliders.

use super::model::{hash_busiest_card_share, hash_card_fleet_points, round_robin_share_per_card};
use crate::challenge::{Solution, Solver, Template, Vars};
use crate::model::units::{self, percent4};
use crate::model::{Topic, Unit};

/// A drawn number that must be a whole count of cards, at least 2.
fn cards(v: &Vars) -> Result<usize, String> {
    let x = v.num("n");
    (x >= 2.0 && x.fract() == 0.0)
        .then_some(x as usize)
        .ok_or("n must be a whole number of cards, at least 2".to_string())
}

/// Solves the templates of `challenges/load-balancing.toml` with C1–C3 above.
fn solve_challenge(t: &Template, v: &Vars) -> Result<Solution, String> {
    let n = cards(v)?;
    let even = round_robin_share_per_card(n);
    let (h, w) = (v.num("h"), v.num("w"));
    let cold = (1.0 - h) / (n - 1) as f64;
    match t.answer.as_str() {
        "round_robin_share_per_card" => Ok(Solution::new(even).with("pct", percent4(even))),
        "hash_busiest_card_share" => {
            let busiest = hash_busiest_card_share(n, h);
            Ok(Solution::new(busiest)
                .with("others", (n - 1).to_string())
                .with("cold", percent4(cold))
                .with("exact", percent4(busiest))
                .with("even", percent4(even))
                .with("ratio", units::number(busiest / even)))
        }
        "hash_card_fleet_points" => Ok(Solution::new(hash_card_fleet_points(n, h, w))
            .with("others", (n - 1).to_string())
            .with("cold", percent4(cold))
            .with("busiest", percent4(hash_busiest_card_share(n, h)))
            .with("even_points", Unit::Points.format(100.0 * w * even))),
        other => Err(format!("no answer named {other}")),
    }
}

/// The explorer's challenge solver.
pub struct Challenges;
/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Challenges = Challenges;

impl Solver for Challenges {
    fn topic(&self) -> &'static dyn Topic {
        &super::TOPIC
    }
    fn solve(&self, t: &Template, v: &Vars) -> Result<Solution, String> {
        solve_challenge(t, v)
    }
}
