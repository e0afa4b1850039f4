//! The topic's challenges, solved by the model: the share modulo remaps on a
//! resize, the rebuild bill in MB, and the share a ring gives up when cards
//! join.

use super::model::{ideal_moved_share, lcm, modulo_moved_share};
use crate::challenge::{answers, Answers, Solution, Template, Vars};
use crate::model::units;
use crate::model::{SplitMix64, Unit};

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    "modulo_remap_share" => modulo_remap_share,
    "rebuild_mb" => rebuild_mb,
    "ring_join_share" => ring_join_share,
};

/// Draws the template's variables in order, as the file says, then steps a
/// resize to the same size on to the next size.
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    let mut vars = t.draw_vars(rng);
    // A resize to the same size is no question.
    if vars.num("n0") == vars.num("n1") {
        let n1 = vars.num("n1") + 1.0;
        vars.set_num("n1", n1);
    }
    vars
}

/// A drawn fleet size: a whole number of cards, at least 1.
fn size(v: &Vars, name: &str) -> Result<usize, String> {
    let x = v.num(name);
    (x >= 1.0 && x.fract() == 0.0)
        .then_some(x as usize)
        .ok_or(format!("{name} must be a whole number of cards"))
}

/// The share of families modulo moves from `n0` to `n1` cards.
fn modulo_remap_share(v: &Vars) -> Result<Solution, String> {
    let (n0, n1) = (size(v, "n0")?, size(v, "n1")?);
    let share = modulo_moved_share(n0, n1);
    Ok(Solution::new(share)
        .with("lcm", units::group(lcm(n0, n1) as f64, 0))
        .with("low", n0.min(n1).to_string())
        .with("kept", Unit::Share.format(1.0 - share)))
}

/// The rebuild in MB: moved families × one preamble copy (`tokens · kv / 1000`).
fn rebuild_mb(v: &Vars) -> Result<Solution, String> {
    let (n0, n1) = (size(v, "n0")?, size(v, "n1")?);
    let copy = v.num("tokens") * v.num("kv") / 1000.0;
    let share = match v.word("scheme") {
        "modulo" => modulo_moved_share(n0, n1),
        _ => ideal_moved_share(n0, n1),
    };
    let moved = share * v.num("families");
    Ok(Solution::new(moved * copy)
        .with("copy", Unit::Mb.format(copy))
        .with("share", Unit::Share.format(share))
        .with("moved", units::number(moved)))
}

/// The share that moves when `k` cards join a ring of `n`.
fn ring_join_share(v: &Vars) -> Result<Solution, String> {
    let (n, k) = (size(v, "n")?, size(v, "k")?);
    Ok(Solution::new(ideal_moved_share(n, n + k)).with("total", (n + k).to_string()))
}
