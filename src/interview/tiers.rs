//! The tiers problem: a coding assistant's free tier shares a pool with the
//! paid tier's spill. Shed and rate-limit the free tier (tiers and rate
//! limits), place the paid tier's hot customer (load balancing), then carve
//! an enterprise tier with a p99 SLO out of the shared pool (autoscaling)
//! and read what that costs the free tier, the budget and the bursts (warm
//! pool).

use super::{
    bill_step, copy, drawn, drawn_keyed, fleet_bill, one_of, pick, put, whole, Dim, Problem, Step,
};
use crate::challenge::Vars;
use crate::model::{SplitMix64, Unit};

const CARDS: Unit = Unit::Count("cards");
const TIERS: &str = "tiers-and-rate-limits";

pub static PROBLEM: Problem = Problem {
    id: "tiers",
    title: "Free and paid tiers for a coding assistant's API",
    brief: "A coding assistant sells a paid tier and gives a free one away. Free requests share \
            a pool of {c} cards with paid requests that spill over from the paid tier's own \
            cards. Size the shedding and the rate limit, place the paid tier's traffic, then \
            adapt when the requirements change. Later questions take your own earlier numbers.",
    change: "Sales signs an enterprise tier with a p99 latency SLO of {slo}. Its cards come out \
             of the shared pool, and each rents {price}.",
    change_at: 3,
    story,
    steps: &[
        Step {
            dim: Dim::Estimation,
            topic: TIERS,
            template: "C3",
            uses: &[],
            prompt: "Start with the shared pool: {c} cards, each serving {mu}, must run at or \
                     under {cap} utilization. Paid requests spilled from the paid tier take \
                     {paid} of it first. Free requests arrive at {free}. How many free requests \
                     per second must the gateway refuse with a 429 to keep the pool under its \
                     cap?",
            worked: "{solution}",
            values: shed,
        },
        Step {
            dim: Dim::TradeOffs,
            topic: TIERS,
            template: "C1",
            uses: &[0],
            prompt: "You enforce that with a token bucket on the free tier. It refills at the \
                     free rate the pool can carry, {a} − your {shed} = {r} grants a second, \
                     holds {B} grants and starts full. Free requests arrive at a steady {a} for \
                     {T}. How many does the bucket admit?",
            worked: "{solution}",
            values: bucket,
        },
        Step {
            dim: Dim::TradeOffs,
            topic: "load-balancing",
            template: "C2",
            uses: &[],
            prompt: "The paid tier runs on its own {n} cards behind a hash balancer. Its biggest \
                     customer's prompt family has a hot member with {h} of its arrivals; the \
                     other {others} members split the rest equally, and the hash homes each on \
                     its own card, putting the hot member beside one of them. What share of the \
                     family's arrivals does the busiest card carry?",
            worked: "{solution}",
            values: hot,
        },
        Step {
            dim: Dim::Estimation,
            topic: "autoscaling",
            template: "C1",
            uses: &[],
            prompt: "A load test shows one card sustains {C} while keeping the enterprise p99 \
                     under {slo}. The enterprise peak is {P}, and you keep {spare} spare. How \
                     many cards does the enterprise pool need (one replica per card)?",
            worked: "{solution}",
            values: enterprise,
        },
        Step {
            dim: Dim::TradeOffs,
            topic: TIERS,
            template: "C3",
            uses: &[3],
            prompt: "The shared pool gives up your {E}, leaving {c} cards with the same cap, the \
                     same paid spill and the same free arrivals. How many free requests per \
                     second must it shed now?",
            worked: "{solution}",
            values: shed_after,
        },
        bill_step(
            "What does your enterprise pool of {N} bill per hour, spares included?",
            &[3],
            bill,
        ),
        Step {
            dim: Dim::Reliability,
            topic: "warm-pool",
            template: "C2",
            uses: &[],
            prompt: "On top of its steady peak, enterprise traffic brings bursts (a customer's \
                     batch jobs) that need {k} more replicas at {r} each, all at once \
                     ({peak_rate}). A warm pool holds {w} of them, serving from the first \
                     second; {others_launch} when the burst starts, ready only after a {T} cold \
                     start. How many requests wait in the backlog when the launched replicas \
                     become ready?",
            worked: "{solution}",
            values: burst,
        },
    ],
};

/// The story: a shared pool that has to shed (the topic's own draw, drawn
/// again until it sheds at least 3 req/s), a bucket, the paid tier's hot
/// family, an enterprise tier of 15–35 % of the shared cards, its price and
/// its bursts.
fn story(rng: &mut SplitMix64) -> Vars {
    let pool = drawn_keyed(TIERS, "C3", 3.0, rng);
    let mut s = pick(
        &pool,
        &[("c", "c"), ("mu", "mu"), ("cap", "cap"), ("paid", "paid")],
    );
    copy(&mut s, &pool, "free", "free");
    let bucket = drawn(TIERS, "C1", rng);
    copy(&mut s, &bucket, "B", "B");
    copy(&mut s, &bucket, "T", "window");
    let lb = drawn("load-balancing", "C2", rng);
    copy(&mut s, &lb, "n", "lb_n");
    copy(&mut s, &lb, "h", "h");
    let ent = drawn("autoscaling", "C1", rng);
    copy(&mut s, &ent, "C", "C");
    copy(&mut s, &ent, "spare", "spare");
    copy(&mut s, &drawn("autoscaling", "C2", rng), "price", "price");
    put(&mut s, "slo", one_of(rng, &[150.0, 250.0, 400.0]), Unit::Ms);
    let spare = s.num("spare");
    let target = (s.num("c") * (0.15 + 0.2 * rng.next_unit()))
        .round()
        .max(spare + 1.0);
    let need = target - spare;
    let reach = need - 0.7 + 0.7 * rng.next_unit();
    let peak = ((reach * s.num("C") / 100.0).round() * 100.0).max(100.0);
    put(&mut s, "P", peak, Unit::TokPerS);
    let b = drawn("warm-pool", "C2", rng);
    for (name, as_name) in [
        ("k", "burst_k"),
        ("w", "burst_w"),
        ("r", "rate"),
        ("T", "cold"),
    ] {
        copy(&mut s, &b, name, as_name);
    }
    s
}

const POOL: [(&str, &str); 5] = [
    ("c", "c"),
    ("mu", "mu"),
    ("cap", "cap"),
    ("paid", "paid"),
    ("free", "free"),
];

fn shed(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(s, &POOL))
}

/// The bucket refills at the free arrivals less the candidate's shed.
fn bucket(s: &Vars, c: &[f64]) -> Option<Vars> {
    let free = s.num("free");
    let refill = free - c[0];
    if !(c[0] >= 0.0 && refill >= 0.0) {
        return None;
    }
    let mut v = pick(s, &[("B", "B"), ("a", "free"), ("T", "window")]);
    put(&mut v, "shed", c[0], Unit::ReqPerS);
    put(&mut v, "r", refill, Unit::None);
    Some(v)
}

fn hot(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(s, &[("n", "lb_n"), ("h", "h")]))
}

fn enterprise(s: &Vars, _: &[f64]) -> Option<Vars> {
    let mut v = pick(s, &[("C", "C"), ("P", "P"), ("spare", "spare")]);
    copy(&mut v, s, "slo", "slo");
    Some(v)
}

/// The shared pool less the candidate's enterprise cards (at least one left).
fn shed_after(s: &Vars, c: &[f64]) -> Option<Vars> {
    let cards = s.num("c");
    let e = whole(c[3], 1.0, cards - 1.0)?;
    let mut v = pick(s, &POOL);
    v.set_num("c", cards - e);
    put(&mut v, "E", e, CARDS);
    Some(v)
}

fn bill(s: &Vars, c: &[f64]) -> Option<Vars> {
    fleet_bill(s, c[3], CARDS)
}

fn burst(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(
        s,
        &[
            ("k", "burst_k"),
            ("w", "burst_w"),
            ("r", "rate"),
            ("T", "cold"),
        ],
    ))
}
