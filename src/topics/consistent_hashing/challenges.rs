//! The topic's challenges, solved by the model: the share modulo remaps on a
//! resize, the rebuild bill in MB, and the share a ring gives up when cards
//! join; and the misconceptions each one separates (the ring's share for
//! modulo, every family moving, the other scheme, k/n for k/(n + k), the
//! share that stays, modulo's share on a ring).

use super::model::{ideal_moved_share, lcm, modulo_moved_share};
use crate::challenge::{answers, Answers, Solution, Template, Vars};
use crate::model::units;
use crate::model::{Params, SplitMix64, Unit};

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    page: on_the_page,
    "modulo_remap_share" => modulo_remap_share,
    "rebuild_mb" => rebuild_mb,
    "ring_join_share" => ring_join_share,
    "modulo_as_ring_share" => modulo_as_ring_share,
    "every_family_moves" => |_| Ok(Solution::new(1.0)),
    "rebuild_mb_other_scheme" => rebuild_mb_other_scheme,
    "rebuild_mb_every_family" => rebuild_mb_every_family,
    "ring_join_share_over_old" => ring_join_share_over_old,
    "ring_join_share_kept" => ring_join_share_kept,
    "ring_join_share_modulo" => ring_join_share_modulo,
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
    // A join of fewer than n / 20 cards cannot tell k / n from k / (n + k)
    // at the answer's tolerance: such a ring is folded onto the sizes
    // 4, 8, …, 20·k (up to the largest ring drawn), on the same grid.
    if t.answer == "ring_join_share" {
        let (n, k) = (vars.num("n"), vars.num("k"));
        let largest = t
            .vars
            .iter()
            .find(|v| v.name == "n")
            .and_then(|v| v.max)
            .unwrap_or(256.0);
        let most = ((20.0 * k).min(largest) / 4.0).floor().max(1.0);
        if n > 4.0 * most {
            vars.set_num("n", 4.0 + 4.0 * ((n / 4.0 - 1.0) % most));
        }
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
    let (joining, k_new) = match k {
        1 => ("1 more card joins".to_string(), "new card".to_string()),
        k => (format!("{k} more cards join"), format!("{k} new cards")),
    };
    Ok(Solution::new(ideal_moved_share(n, n + k))
        .with("total", (n + k).to_string())
        .with("joining", joining)
        .with("k_new", k_new))
}

/// Where `n` divides `m` (or the other way), modulo moves what a ring
/// moves: the two ideas give one number.
fn one_divides(a: usize, b: usize) -> bool {
    a.max(b).is_multiple_of(a.min(b).max(1))
}

/// Misconception of C1: modulo moves what a ring moves.
fn modulo_as_ring_share(v: &Vars) -> Result<Solution, String> {
    let (n0, n1) = (size(v, "n0")?, size(v, "n1")?);
    if one_divides(n0, n1) {
        return Err("one size divides the other: modulo moves what a ring moves".into());
    }
    Ok(Solution::new(ideal_moved_share(n0, n1)))
}

/// The scheme C2 does not route by, and the share it would move.
fn other_scheme(v: &Vars) -> Result<(&'static str, f64), String> {
    let (n0, n1) = (size(v, "n0")?, size(v, "n1")?);
    if one_divides(n0, n1) {
        return Err("one size divides the other: both schemes move the same share".into());
    }
    Ok(match v.word("scheme") {
        "modulo" => ("ring", ideal_moved_share(n0, n1)),
        _ => ("modulo", modulo_moved_share(n0, n1)),
    })
}

/// Misconception of C2: the other scheme's share of moved families.
fn rebuild_mb_other_scheme(v: &Vars) -> Result<Solution, String> {
    let (other, share) = other_scheme(v)?;
    let copy = v.num("tokens") * v.num("kv") / 1000.0;
    Ok(Solution::new(share * v.num("families") * copy).with("other", other))
}

/// Misconception of C2: every family re-prefills (declined where nearly
/// every family moves anyway).
fn rebuild_mb_every_family(v: &Vars) -> Result<Solution, String> {
    let right = rebuild_mb(v)?.answer;
    let all = v.num("families") * v.num("tokens") * v.num("kv") / 1000.0;
    if right > 0.95 * all {
        return Err("nearly every family moves on this resize".into());
    }
    Ok(Solution::new(all))
}

/// Misconception of C3: `k / n`, the new cards over the old ring.
fn ring_join_share_over_old(v: &Vars) -> Result<Solution, String> {
    let (n, k) = (size(v, "n")?, size(v, "k")?);
    Ok(Solution::new(k as f64 / n as f64))
}

/// Misconception of C3: `n / (n + k)`, the share that stays (the same
/// number where as many cards join as there were).
fn ring_join_share_kept(v: &Vars) -> Result<Solution, String> {
    let (n, k) = (size(v, "n")?, size(v, "k")?);
    if n == k {
        return Err("as many join as there were: half moves and half stays".into());
    }
    Ok(Solution::new(1.0 - ideal_moved_share(n, n + k)))
}

/// Misconception of C3: what key mod n would move on the same resize.
fn ring_join_share_modulo(v: &Vars) -> Result<Solution, String> {
    let (n, k) = (size(v, "n")?, size(v, "k")?);
    if one_divides(n, n + k) {
        return Err("n divides n + k: modulo moves what a ring moves".into());
    }
    Ok(Solution::new(modulo_moved_share(n, n + k)))
}

/// KB of KV a token the rebuild question may state (its `kv` values).
const KV_KB: [f64; 4] = [80.0, 128.0, 160.0, 320.0];

/// Asked about the page: a resize to the same size is no question; the
/// rebuild (C2) states the page's copy size as tokens × KB a token, with
/// the drawn KB a token if the copy divides into whole tokens of it, else
/// the first that does (none: the question is drawn).
fn on_the_page(t: &Template, vars: &mut Vars, params: &Params) -> bool {
    if vars.num("n0") == vars.num("n1") {
        return false;
    }
    if t.answer != "rebuild_mb" {
        return true;
    }
    let Ok(i) = params.index("copy_mb") else {
        return false;
    };
    let copy_kb = params.values()[i] * 1000.0;
    let drawn = vars.num("kv");
    for kv in std::iter::once(drawn).chain(KV_KB) {
        let tokens = copy_kb / kv;
        if tokens >= 1.0 && tokens.fract() == 0.0 {
            vars.set_num("kv", kv);
            vars.set_num("tokens", tokens);
            return true;
        }
    }
    false
}
