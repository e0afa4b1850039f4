//! The simulator's challenges (`challenges/cache-aware-routing.toml`): C1 the
//! share round-robin throws away, `1 − 1/n` (variants in the solution: hit
//! `1/n`, re-prefills `Λ(1−1/n)`/s, wasted `Λ(1−1/n)·P` tok/s); C2 `H` for a
//! drawn scratch, opening and KV; C3 `100·w·(h′ + (1−h)/(n−1))` points,
//! h′ = h/2 in the 30 % of draws that shard the hot template (see `draw`).

use crate::challenge::{answers, Answers, Solution, Template, Value, Vars};
use crate::engine::preamble::{copies_per_card, copy_mb};
use crate::engine::routing::{
    evaluate, hash_busiest_share, hash_card_fleet_points, Policy, Scenario,
};
use crate::model::units::{self, percent4};
use crate::model::{SplitMix64, Unit};

/// C1 ("the hit share round-robin throws away"): points of arrivals
/// round-robin misses on `n` cards, `100·(1 − hit)` with the evaluator's
/// round-robin hit (= 100·(1 − 1/n) when every home copy is resident).
pub fn round_robin_thrown_away_points(cards: usize) -> f64 {
    100.0 * (1.0 - round_robin_hit_share(cards))
}

/// C1 variant: round-robin's hit share on `n` equally loaded cards (1/n).
pub fn round_robin_hit_share(cards: usize) -> f64 {
    let n = cards.max(1);
    let s = Scenario {
        cards: n,
        cold_families: n,
        hot_share: 0.0,
        ..Scenario::family_level(n, 0.0, Policy::RoundRobin)
    };
    evaluate(&s).hit
}

/// C1 variants: re-prefills per second `Λ(1 − 1/n)` and wasted prefill
/// tokens per second `Λ(1 − 1/n)·P` under round-robin.
pub fn round_robin_waste(cards: usize, arrivals: f64, preamble_tokens: f64) -> (f64, f64) {
    let miss = arrivals * (1.0 - round_robin_hit_share(cards));
    (miss, miss * preamble_tokens)
}

/// C3's draw: the share of questions whose hot template is sharded across
/// two cards (the question set's "30% of draws shard the hot family").
const CHALLENGE_SHARD_DRAWS: f64 = 0.3;

/// A drawn number that must be a whole count of at least `least`.
fn whole(v: &Vars, name: &str, least: usize) -> Result<usize, String> {
    let x = v.num(name);
    (x >= least as f64 && x.fract() == 0.0)
        .then_some(x as usize)
        .ok_or(format!("{name} must be a whole number, at least {least}"))
}

/// C1: the share round-robin throws away, with its waste.
fn round_robin_thrown_away(v: &Vars) -> Result<Solution, String> {
    let n = whole(v, "n", 1)?;
    let (arrivals, preamble) = (v.num("arrivals"), v.num("P"));
    let points = round_robin_thrown_away_points(n);
    let (misses, wasted) = round_robin_waste(n, arrivals, preamble);
    Ok(Solution::new(points / 100.0)
        .with("hit", percent4(round_robin_hit_share(n)))
        .with("points", units::number(points))
        .with("thrown", percent4(points / 100.0))
        .with("misses", units::trim(&units::group(misses, 2)))
        .with("wasted", Unit::TokPerS.format(wasted)))
}

/// C2: whole preamble copies a drawn scratch holds.
fn copies(v: &Vars) -> Result<Solution, String> {
    let (m, p, k) = (v.num("M"), v.num("P"), v.num("k"));
    let held = copies_per_card(m, p, k);
    let copy_kb = p * k;
    let scratch_kb = m * 1e6;
    Ok(Solution::new(held as f64)
        .with("copy_kb", units::group(copy_kb, 0))
        .with("copy", Unit::Mb.format(copy_mb(p, k)))
        .with("scratch_kb", units::group(scratch_kb, 0))
        .with("fit", units::number(scratch_kb / copy_kb.max(1e-12)))
        .with(
            "left",
            Unit::Mb.format((scratch_kb - held as f64 * copy_kb) / 1000.0),
        ))
}

/// C3: the hash card's points of fleet load, sharded in some draws.
fn hash_card_points(v: &Vars) -> Result<Solution, String> {
    let n = whole(v, "n", 2)?;
    let (h, w) = (v.num("h"), v.num("w"));
    let sharded = match v.word("policy") {
        "hash-shard2" => true,
        "hash" => false,
        other => return Err(format!("policy must be hash or hash-shard2, not '{other}'")),
    };
    let busiest = hash_busiest_share(n, h, sharded);
    let hot_part = if sharded { h / 2.0 } else { h };
    let layout = if sharded {
        "homes the hot template on cards 0 and 1 (sharded, each taking half of its arrivals), so each of those two cards also carries one of the others."
    } else {
        "puts the hot template on card 0, beside one of the others, and every arrival goes to its template's home card."
    };
    let shard_note = if sharded {
        format!(" (half of {}, sharded)", percent4(h))
    } else {
        String::new()
    };
    Ok(Solution::new(hash_card_fleet_points(n, h, w, sharded))
        .with("others", (n - 1).to_string())
        .with("layout", layout)
        .with("hot_part", percent4(hot_part))
        .with("shard_note", shard_note)
        .with("cold", percent4((1.0 - h) / (n - 1) as f64))
        .with("busiest", percent4(busiest)))
}

/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: Answers = answers! {
    draw: draw_challenge,
    "round_robin_thrown_away" => round_robin_thrown_away,
    "copies_per_card" => copies,
    "hash_card_fleet_points" => hash_card_points,
    "round_robin_kept" => |v| Ok(Solution::new(round_robin_hit_share(whole(v, "n", 1)?))),
    "round_robin_all_lost" => |_| Ok(Solution::new(1.0)),
    "copies_rounded_up" => |v| copies_with(v, 1e6, f64::ceil),
    "copies_binary_units" => |v| copies_with(v, 1_048_576.0, f64::floor),
    "hash_card_family_points" => |v| card_points(v, |_, _, busiest| busiest),
    "hash_card_unsharded_points" => |v| {
        if v.word("policy") != "hash-shard2" {
            return Err("the hot template is not sharded".into());
        }
        let (n, h, w) = (whole(v, "n", 2)?, v.num("h"), v.num("w"));
        Ok(Solution::new(100.0 * w * hash_busiest_share(n, h, false)))
    },
    "hash_card_even_points" => |v| card_points(v, |n, w, _| w / n as f64),
};

/// A misconception of C2: copies counted with `kb_per_gb` and `round`,
/// where that gives another number.
fn copies_with(v: &Vars, kb_per_gb: f64, round: fn(f64) -> f64) -> Result<Solution, String> {
    let right = copies(v)?.answer;
    let (m, p, k) = (v.num("M"), v.num("P"), v.num("k"));
    let wrong = round(m * kb_per_gb / (p * k).max(1e-12));
    if wrong == right {
        return Err("the same number of copies".into());
    }
    Ok(Solution::new(wrong))
}

/// A misconception of C3: `100 × share(n, w, busiest)` points of fleet
/// load, with `busiest` the busiest card's share of the family.
fn card_points(v: &Vars, share: fn(usize, f64, f64) -> f64) -> Result<Solution, String> {
    let (n, h, w) = (whole(v, "n", 2)?, v.num("h"), v.num("w"));
    let sharded = v.word("policy") == "hash-shard2";
    Ok(Solution::new(
        100.0 * share(n, w, hash_busiest_share(n, h, sharded)),
    ))
}

/// C3 shards the hot template in 30 % of draws: its `policy` word takes
/// its one unit as `hash-shard2` below 0.3. Every other variable is drawn
/// as the file says, in order.
fn draw_challenge(t: &Template, rng: &mut SplitMix64) -> Vars {
    t.draw_vars_except(rng, |name, _, rng| {
        (t.id == "C3" && name == "policy").then(|| {
            let word = if rng.next_unit() < CHALLENGE_SHARD_DRAWS {
                Policy::HashShard2
            } else {
                Policy::Hash
            };
            Value::Word(word.word().to_string())
        })
    })
}
