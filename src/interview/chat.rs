//! The chat problem: size a chat assistant's fleet, price it, route its
//! prompt cache, then grow it when a launch multiplies the peak, and read
//! the queue it leaves. Capacity (autoscaling), cost, the cache
//! (cache-aware routing), the resize (consistent hashing) and the wait
//! (tiers and rate limits).

use super::{
    bill_step, copy, drawn, fleet_bill, key_of, one_of, pick, put, say, whole, Dim, Problem, Step,
};
use crate::challenge::Vars;
use crate::model::{SplitMix64, Unit};

const REPLICAS: Unit = Unit::Count("replicas");
/// The autoscaling page's highest peak: the grown peak stays on its slider.
const PEAK_MAX: f64 = 100_000.0;

pub static PROBLEM: Problem = Problem {
    id: "chat",
    title: "A chat assistant's fleet through a launch",
    brief: "You are sizing the serving fleet of a chat assistant; each replica of the model runs \
            on one card. The interviewer walks you from capacity and cost through routing and \
            the prompt cache to growth and reliability. Later questions take your own earlier \
            numbers, so carry them forward.",
    change: "A launch in a new market lands early: the evening peak grows {growth}, from {P} to \
             {P2}. Same replicas, same price, same spare.",
    change_at: 4,
    story,
    steps: &[
        Step {
            dim: Dim::Estimation,
            topic: "autoscaling",
            template: "C1",
            uses: &[],
            prompt: "Start with capacity. A load test shows one replica sustains {C} inside the \
                     latency SLO, and the evening peak asks for {P}. You keep {spare} spare for \
                     deploys and failures. How many replicas run at the peak?",
            worked: "{solution}",
            values: peak,
        },
        bill_step(
            "Cost: each replica rents {price}. What does your fleet of {N} bill per hour at the \
             peak, spares included?",
            &[0],
            bill,
        ),
        Step {
            dim: Dim::TradeOffs,
            topic: "cache-aware-routing",
            template: "C1",
            uses: &[0],
            prompt: "Conversations open with the system prompt of one of many prompt \
                     families (one for each customer's assistant), about {P} each, and each \
                     family's copy stays resident on its home replica. A cache-blind round-robin \
                     balancer deals the peak's {arrivals} over your {N}; hashing each family to \
                     its home would hit every time. What share of requests loses its cache hit \
                     under round-robin?",
            worked: "{solution}",
            values: cache,
        },
        Step {
            dim: Dim::Estimation,
            topic: "cache-aware-routing",
            template: "C2",
            uses: &[],
            prompt: "Each replica keeps {M} of prefix scratch for the families' prompts, and \
                     the model's KV cache takes {k} KB per token (decimal units: 1 GB = 1,000,000 \
                     KB). How many families' prompts of {P} fit whole in one replica's scratch?",
            worked: "{solution}",
            values: copies,
        },
        Step {
            dim: Dim::Estimation,
            topic: "autoscaling",
            template: "C1",
            uses: &[],
            prompt: "Capacity again: the peak is {growth} the old, {P}. With the same {C} per \
                     replica and {spare} spare, how many replicas run at the new peak?",
            worked: "{solution}",
            values: grown,
        },
        Step {
            dim: Dim::TradeOffs,
            topic: "consistent-hashing",
            template: "C1",
            uses: &[0, 4],
            prompt: "Your router sends each prompt family to a replica by key mod n. Growing \
                     from your {N0} to your {N1}, what share of the families lands on a \
                     different replica and loses its cached prompt?",
            worked: "{solution} {ring}",
            values: remap,
        },
        Step {
            dim: Dim::Reliability,
            topic: "tiers-and-rate-limits",
            template: "C2",
            uses: &[4],
            prompt: "Reliability: each replica is one queue, serving a request in {S} on \
                     average at its {C}. At the new peak {lambda} arrive, spread evenly over \
                     your {N}.{outage} What mean queue wait does the utilization formula quote?",
            worked: "{solution}",
            values: wait,
        },
    ],
};

/// The story: the autoscaling draw's ceiling, peak and spare, its price,
/// the routing topic's prompt, KV and scratch, a growth that keeps the
/// grown peak on the page's slider, and a request of 250–800 tokens: the
/// peaks' requests a second and a replica's service time follow from it
/// and the ceiling, so the queue question's load is the capacity
/// questions' (ρ = λ·S ÷ replicas = grown peak ÷ (replicas × ceiling)).
/// The incident is dropped where it would tip the exact chain's queue over.
fn story(rng: &mut SplitMix64) -> Vars {
    let mut s = drawn("autoscaling", "C1", rng);
    let bill = drawn("autoscaling", "C2", rng);
    copy(&mut s, &bill, "price", "price");
    let cache = drawn("cache-aware-routing", "C2", rng);
    for (name, as_name) in [("M", "M"), ("P", "prompt"), ("k", "kv")] {
        copy(&mut s, &cache, name, as_name);
    }
    let p = s.num("P");
    let mut growth = one_of(rng, &[1.5, 2.0, 2.5, 3.0]);
    while growth > 1.5 && p * growth > PEAK_MAX {
        growth -= 0.5;
    }
    put(&mut s, "growth", growth, Unit::Ratio);
    // The peak's grid (by 500) times a growth by halves: whole tok/s, as
    // the change states it.
    let p2 = (p * growth).min(PEAK_MAX);
    put(&mut s, "P2", p2, Unit::TokPerS);
    let per_request = one_of(rng, &[250.0, 300.0, 400.0, 500.0, 600.0, 750.0, 800.0]);
    let service = (1000.0 * per_request / s.num("C")).round();
    put(&mut s, "S", service, Unit::Ms);
    let rate = |tok_s: f64| (tok_s / per_request * 10.0).round() / 10.0;
    put(&mut s, "lambda", rate(p2), Unit::ReqPerS);
    put(&mut s, "arrivals", rate(p), Unit::ReqPerS);
    let loss = one_of(rng, &[0.1, 0.2, 0.25]);
    let n2 = key_of(
        "autoscaling",
        "C1",
        &pick(&s, &[("C", "C"), ("P", "P2"), ("spare", "spare")]),
    )
    .unwrap_or(1.0);
    for l in [loss, 0.1, 0.0] {
        put(&mut s, "loss", l, Unit::Share);
        if wait(&s, &[0.0, 0.0, 0.0, 0.0, n2]).is_some_and(|v| {
            key_of("tiers-and-rate-limits", "C2", &v).is_some_and(|w| w < 20.0 * s.num("S"))
        }) {
            break;
        }
    }
    s
}

fn peak(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(s, &[("C", "C"), ("P", "P"), ("spare", "spare")]))
}

fn bill(s: &Vars, c: &[f64]) -> Option<Vars> {
    fleet_bill(s, c[0], REPLICAS)
}

fn cache(s: &Vars, c: &[f64]) -> Option<Vars> {
    let n = whole(c[0], 1.0, 100_000.0)?;
    let mut v = pick(s, &[("arrivals", "arrivals"), ("P", "prompt")]);
    v.set_num("n", n);
    put(&mut v, "N", n, REPLICAS);
    Some(v)
}

fn copies(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(s, &[("M", "M"), ("P", "prompt"), ("k", "kv")]))
}

fn grown(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(
        s,
        &[
            ("C", "C"),
            ("P", "P2"),
            ("spare", "spare"),
            ("growth", "growth"),
        ],
    ))
}

/// Modulo's remap from the candidate's first fleet to their grown one, and
/// the ring's share on the same resize for the worked solution.
fn remap(_: &Vars, c: &[f64]) -> Option<Vars> {
    let n0 = whole(c[0], 1.0, 100_000.0)?;
    let n1 = whole(c[4], 1.0, 100_000.0)?;
    let mut v = Vars::numbers(&[("n0", n0), ("n1", n1)]);
    put(&mut v, "N0", n0, REPLICAS);
    put(&mut v, "N1", n1, REPLICAS);
    let ring = Vars::numbers(&[("n", n0.min(n1)), ("k", (n1 - n0).abs())]);
    let (modulo, moved) = if n0 == n1 {
        (0.0, 0.0)
    } else {
        (
            key_of("consistent-hashing", "C1", &v)?,
            key_of("consistent-hashing", "C3", &ring)?,
        )
    };
    let line = if moved + 1e-9 < modulo {
        format!(
            "A consistent-hash ring would move only {}: a ring lookup costs little next to \
             the cold prompt caches modulo leaves behind.",
            Unit::Share.format(moved)
        )
    } else {
        format!(
            "A consistent-hash ring would move the same {} on this resize, but on any other \
             it moves far fewer than modulo.",
            Unit::Share.format(moved)
        )
    };
    say(&mut v, "ring", line);
    Some(v)
}

fn wait(s: &Vars, c: &[f64]) -> Option<Vars> {
    let n = whole(c[4], 1.0, 100_000.0)?;
    let mut v = pick(
        s,
        &[
            ("S", "S"),
            ("loss", "loss"),
            ("lambda", "lambda"),
            ("C", "C"),
        ],
    );
    v.set_num("c", n);
    put(&mut v, "N", n, REPLICAS);
    let loss = s.num("loss");
    let outage = if loss > 0.0 {
        format!(
            " An incident takes {} of them out of service.",
            Unit::Share.format(loss)
        )
    } else {
        String::new()
    };
    say(&mut v, "outage", outage);
    Some(v)
}
