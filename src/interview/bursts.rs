//! The bursts problem: a summarization service whose work lands in bursts.
//! Read the backlog a cold start leaves and size the warm pool that pays
//! for itself (warm pool), price it, then live with a budget cut: the
//! backlog it brings back, the steady pool's night (autoscaling), the cards
//! worth renting (fleet efficiency) and the ring the launched replicas join
//! (consistent hashing).

use super::{copy, drawn, drawn_keyed, key_of, one_of, pick, put, whole, Dim, Problem, Step};
use crate::challenge::Vars;
use crate::model::{SplitMix64, Unit};

const REPLICAS: Unit = Unit::Count("replicas");
const WARM: &str = "warm-pool";

pub static PROBLEM: Problem = Problem {
    id: "bursts",
    title: "A bursty summarization service on a standby budget",
    brief: "A document-summarization service gets its work in bursts: a batch lands and needs \
            {k} replicas at once. Cold starts are slow, warm replicas rent around the clock, and \
            the standby budget is fixed. Later questions take your own earlier numbers, so carry \
            them forward.",
    change: "Finance cuts the standby budget by {cut}: the warm pool keeps only the replicas the \
             cut budget still pays for, rounded down.",
    change_at: 3,
    story,
    steps: &[
        Step {
            dim: Dim::Reliability,
            topic: WARM,
            template: "C2",
            uses: &[],
            prompt: "Start with no warm pool. A burst arrives all at once and needs {k} \
                     replicas at {r} each ({peak_rate}); all of them launch when it starts and \
                     serve only after a {T} cold start. How many requests are waiting when they \
                     become ready?",
            worked: "{solution}",
            values: cold,
        },
        Step {
            dim: Dim::TradeOffs,
            topic: WARM,
            template: "C3",
            uses: &[],
            prompt: "Bursts come {n} times a day and hold for {L}; arrivals wait first come, \
                     first served, and each user-hour of waiting costs the business ${V}. A warm \
                     replica serves from the first second and rents {price} around the clock; \
                     the others start cold. Which warm pool, from 0 to {k} replicas, makes a \
                     day's rent minus the waiting it removes smallest (on a tie, the smaller)?",
            worked: "{solution}",
            values: pool,
        },
        Step {
            dim: Dim::Cost,
            topic: WARM,
            template: "C1",
            uses: &[1],
            prompt: "What does your warm pool of {W} rent per year (365 days), busy or idle?",
            worked: "{solution}",
            values: rent,
        },
        Step {
            dim: Dim::Reliability,
            topic: WARM,
            template: "C2",
            uses: &[1],
            prompt: "The cut leaves {w} of your {W} warm ((1 − {cut}) × {W}, rounded down). \
                     When the next burst needs {k} replicas at {r} each, {others_launch} and serve after \
                     the {T} cold start. How many requests are waiting when they become ready?",
            worked: "{solution}",
            values: after_cut,
        },
        Step {
            dim: Dim::Estimation,
            topic: "autoscaling",
            template: "C3",
            uses: &[],
            prompt: "Between bursts the steady pool autoscales. One replica sustains {C}; at \
                     the day's peak of {P} the pool runs the replicas the peak needs plus \
                     {spare} spare. Overnight demand falls to {level}; the pool keeps only the \
                     replicas that carry it, never fewer than its floor of {floor}. How many \
                     replicas does it release?",
            worked: "{solution}",
            values: night,
        },
        Step {
            dim: Dim::Cost,
            topic: "fleet-efficiency",
            template: "C1",
            uses: &[],
            prompt: "To stretch the budget you rank cards by tokens per dollar. A {class} card \
                     measures {tok_s} tok/s through its window and rents {rent} a month. What is \
                     its score over a 730-hour month, in tokens per dollar?",
            worked: "{solution}",
            values: score,
        },
        Step {
            dim: Dim::TradeOffs,
            topic: "consistent-hashing",
            template: "C3",
            uses: &[1],
            prompt: "At the day's peak the steady pool runs {n} replicas, the ones the peak \
                     needs plus its spare, with prompt families placed on a consistent-hash \
                     ring. When a burst starts then, the {launched} it launches (the {need} it \
                     needs less the {w} you keep warm) join the ring. What share of the \
                     families is expected to move?",
            worked: "{solution}",
            values: join,
        },
    ],
};

/// The story: the warm pool's break-even draw (its burst, cold start,
/// value of waiting and price), the cut, the autoscaling night, and a card
/// to score. The ring the launched replicas join is the steady pool at the
/// day's peak, the pool the night question counts from.
fn story(rng: &mut SplitMix64) -> Vars {
    // A break-even pool of at least 2, so the cut takes a replica away.
    let mut s = drawn_keyed(WARM, "C3", 2.0, rng);
    put(&mut s, "cut", one_of(rng, &[0.2, 0.3, 0.4]), Unit::Share);
    let night = drawn("autoscaling", "C3", rng);
    for name in ["C", "P", "spare", "floor", "level"] {
        copy(&mut s, &night, name, &format!("as_{name}"));
    }
    let card = drawn("fleet-efficiency", "C1", rng);
    for name in ["class", "q", "rent_factor"] {
        copy(&mut s, &card, name, name);
    }
    let at_peak = key_of(
        "autoscaling",
        "C1",
        &pick(&s, &[("C", "as_C"), ("P", "as_P"), ("spare", "as_spare")]),
    )
    .unwrap_or(1.0);
    put(&mut s, "ring_n", at_peak, Unit::None);
    s
}

/// The pool the cut budget keeps of `w` warm replicas.
fn kept(s: &Vars, w: f64) -> f64 {
    ((1.0 - s.num("cut")) * w + 1e-9).floor()
}

fn cold(s: &Vars, _: &[f64]) -> Option<Vars> {
    let mut v = pick(s, &[("k", "k"), ("r", "r"), ("T", "T")]);
    v.set_num("w", 0.0);
    Some(v)
}

fn pool(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(
        s,
        &[
            ("k", "k"),
            ("T", "T"),
            ("L", "L"),
            ("r", "r"),
            ("n", "n"),
            ("V", "V"),
            ("price", "price"),
        ],
    ))
}

fn rent(s: &Vars, c: &[f64]) -> Option<Vars> {
    let w = whole(c[1], 0.0, 16.0)?;
    let mut v = pick(s, &[("price", "price")]);
    v.set_num("w", w);
    put(&mut v, "W", w, REPLICAS);
    Some(v)
}

fn after_cut(s: &Vars, c: &[f64]) -> Option<Vars> {
    let w = whole(c[1], 0.0, 16.0)?;
    let mut v = pick(s, &[("k", "k"), ("r", "r"), ("T", "T"), ("cut", "cut")]);
    v.set_num("w", kept(s, w));
    put(&mut v, "W", w, REPLICAS);
    Some(v)
}

fn night(s: &Vars, _: &[f64]) -> Option<Vars> {
    let names = ["C", "P", "spare", "floor", "level"].map(|n| (n, format!("as_{n}")));
    let mut v = Vars::default();
    for (n, from) in &names {
        copy(&mut v, s, from, n);
    }
    Some(v)
}

fn score(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(
        s,
        &[
            ("class", "class"),
            ("q", "q"),
            ("rent_factor", "rent_factor"),
        ],
    ))
}

/// The launched replicas (the burst less the warm the cut keeps) join a
/// ring of the steady pool; none joining is no question.
fn join(s: &Vars, c: &[f64]) -> Option<Vars> {
    let w = kept(s, whole(c[1], 0.0, 16.0)?);
    let launched = s.num("k") - w;
    if launched < 1.0 {
        return None;
    }
    let mut v = Vars::numbers(&[("k", launched), ("w", w)]);
    copy(&mut v, s, "ring_n", "n");
    put(&mut v, "need", s.num("k"), REPLICAS);
    put(&mut v, "launched", launched, REPLICAS);
    Some(v)
}
