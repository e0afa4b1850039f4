//! The explorer's challenges (`challenges/load-balancing.toml`, C1–C3),
//! solved by the model's [`round_robin_share_per_card`],
//! [`hash_busiest_card_share`] and [`hash_card_fleet_points`]: `1/n` (±0.01
//! pt), `h + (1−h)/(n−1)` (±0.02 pt) and `100·w·busiest` points (±0.1), with
//! the misconceptions each separates. Their variables mirror the `cards`,
//! `hot_share` and `family_share` sliders.

use super::model::{hash_busiest_card_share, hash_card_fleet_points, round_robin_share_per_card};
use crate::challenge::{answers, Answers, Solution, Vars};
use crate::model::units::{self, percent4};
use crate::model::Unit;

/// A drawn number that must be a whole count of cards, at least 2.
fn cards(v: &Vars) -> Result<usize, String> {
    let x = v.num("n");
    (x >= 2.0 && x.fract() == 0.0)
        .then_some(x as usize)
        .ok_or("n must be a whole number of cards, at least 2".to_string())
}

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    "round_robin_share_per_card" => round_robin_share,
    "hash_busiest_card_share" => hash_busiest_share,
    "hash_card_fleet_points" => hash_card_points,
    "round_robin_others_share" => others_share,
    "round_robin_whole_family" => |_| Ok(Solution::new(1.0)),
    "hash_even_share" => even_share,
    "hash_hot_member_alone" => |v| Ok(Solution::new(v.num("h"))),
    "hash_card_family_points" => family_points,
    "hash_card_even_points" => even_points,
};

/// Misconception of C1: `1 − 1/n`, what the other cards take (the same
/// number on two cards).
fn others_share(v: &Vars) -> Result<Solution, String> {
    let n = cards(v)?;
    if n == 2 {
        return Err("on two cards each card and the other see half".into());
    }
    Ok(Solution::new(1.0 - round_robin_share_per_card(n)).with("others", (n - 1).to_string()))
}

/// Misconception of C2: the even share `1/n`.
fn even_share(v: &Vars) -> Result<Solution, String> {
    Ok(Solution::new(round_robin_share_per_card(cards(v)?)))
}

/// Misconception of C3: the busiest card's share of the family, in points.
fn family_points(v: &Vars) -> Result<Solution, String> {
    Ok(Solution::new(
        100.0 * hash_busiest_card_share(cards(v)?, v.num("h")),
    ))
}

/// Misconception of C3: the family spread evenly, `100·w/n` points.
fn even_points(v: &Vars) -> Result<Solution, String> {
    Ok(Solution::new(
        100.0 * v.num("w") * round_robin_share_per_card(cards(v)?),
    ))
}

/// C1: `1/n`.
fn round_robin_share(v: &Vars) -> Result<Solution, String> {
    let even = round_robin_share_per_card(cards(v)?);
    Ok(Solution::new(even).with("pct", percent4(even)))
}

/// The share of each of the `n − 1` cold cards, `(1 − h)/(n − 1)`.
fn cold_share(n: usize, h: f64) -> f64 {
    (1.0 - h) / (n - 1) as f64
}

/// C2: `h + (1−h)/(n−1)`, beside the even share.
fn hash_busiest_share(v: &Vars) -> Result<Solution, String> {
    let (n, h) = (cards(v)?, v.num("h"));
    let even = round_robin_share_per_card(n);
    let busiest = hash_busiest_card_share(n, h);
    Ok(Solution::new(busiest)
        .with("others", (n - 1).to_string())
        .with("cold", percent4(cold_share(n, h)))
        .with("exact", percent4(busiest))
        .with("even", percent4(even))
        .with("ratio", units::number(busiest / even)))
}

/// C3: `100·w·busiest` points of fleet load.
fn hash_card_points(v: &Vars) -> Result<Solution, String> {
    let (n, h, w) = (cards(v)?, v.num("h"), v.num("w"));
    let even = round_robin_share_per_card(n);
    Ok(Solution::new(hash_card_fleet_points(n, h, w))
        .with("others", (n - 1).to_string())
        .with("cold", percent4(cold_share(n, h)))
        .with("busiest", percent4(hash_busiest_card_share(n, h)))
        .with("even_points", Unit::Points.format(100.0 * w * even)))
}
