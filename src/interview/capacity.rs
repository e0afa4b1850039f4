//! The capacity problem: the chain an interviewer walks from daily users to
//! dollars. Daily users and their habits give the peak's requests a second
//! (tiers and rate limits), those the tokens a second in and out (inside
//! one replica), one replica's tokens a second from its prefill and decode
//! steps (inside one replica's roofline), the replicas (autoscaling), then a
//! launch grows the users; the grown fleet's GPUs and their month's rent
//! (buying the fleet) and what a user of a tier costs a month (tiers).
//!
//! Every number the brief states is one a question takes: the users and
//! their requests (the peak), the prompt and the reply (the tokens a second
//! and the replica's steps), the model and its GPUs (the replica).

use super::{copy, drawn, key_of, one_of, pick, put, say, whole, Dim, Problem, Step};
use crate::challenge::{Value, Vars};
use crate::model::{SplitMix64, Unit};

const REPLICA: &str = "inside-a-replica";
const TIERS: &str = "tiers-and-rate-limits";
const REPLICAS: Unit = Unit::Count("replicas");

pub static PROBLEM: Problem = Problem {
    id: "capacity",
    title: "From {users} daily users to GPUs and dollars",
    brief: "A chat assistant has {users} daily users on a free and a paid tier. Each sends \
            {per_user} requests a day, with prompts of {prompt} and replies of {output}. It \
            serves {model_name} on replicas of {gpus}. The interviewer walks you down the \
            capacity chain: requests, tokens, one replica, the fleet, its GPUs and what a user \
            costs. Later questions take your own earlier numbers, so carry them forward.",
    change: "A launch in a new market lands: daily users grow {growth}, to {users2}, with the \
             same habits, the same replicas and the same spare.",
    change_at: 4,
    story,
    steps: &[
        Step {
            dim: Dim::Estimation,
            topic: TIERS,
            template: "C4",
            uses: &[],
            prompt: "Start with the load. Your {users} daily users send {per_user} requests a \
                     day each, and the evening peak runs at {ratio} the day's mean rate. How many \
                     requests a second arrive at the peak?",
            worked: "{solution}",
            values: peak,
        },
        Step {
            dim: Dim::Estimation,
            topic: REPLICA,
            template: "C5",
            uses: &[0],
            prompt: "Each request brings a prompt of {prompt} and asks for a reply of {output}. \
                     At your peak of {rate}, how many tokens a second must the fleet process, \
                     prompts (input) and replies (output) together?",
            worked: "{solution}",
            values: tokens,
        },
        Step {
            dim: Dim::TradeOffs,
            topic: REPLICA,
            template: "C4",
            uses: &[],
            prompt: "Now one replica: {model_name} in {wbits}-bit weights on {gpus}. Prompts \
                     are prefilled whole, each in a step of its own, which takes {prefill} for a \
                     prompt of {prompt}. Between prefills it decodes a batch of {batch} replies, \
                     each gaining a token a step, and a decode step takes {decode}. Working back \
                     to back, how many tokens a second does one replica process, prompts and \
                     replies together?",
            worked: "{solution}",
            values: replica,
        },
        Step {
            dim: Dim::Estimation,
            topic: "autoscaling",
            template: "C1",
            uses: &[1, 2],
            prompt: "The peak asks for your {P}, and one replica processes your {C}. You keep \
                     {spare} spare for deploys and failures. How many replicas run at the peak?",
            worked: "{solution}",
            values: fleet,
        },
        Step {
            dim: Dim::Reliability,
            topic: "autoscaling",
            template: "C1",
            uses: &[1, 2],
            prompt: "With {growth} the users the peak asks for {growth} your {P0}: {P}. With \
                     the same {C} per replica and {spare} spare, how many replicas run at the \
                     new peak?",
            worked: "{solution}",
            values: grown,
        },
        Step {
            dim: Dim::Cost,
            topic: "buying-the-fleet",
            template: "C4",
            uses: &[4],
            prompt: "Each replica runs on {gpus_each}, and you rent them all: an owned {gpu} \
                     card-month comes to {card_month}, and the cloud bills {premium} that. Held \
                     at its peak size all month, what does your fleet of {replicas} rent per \
                     month?",
            worked: "{solution}",
            values: rent,
        },
        Step {
            dim: Dim::Cost,
            topic: TIERS,
            template: "C5",
            uses: &[5],
            prompt: "The paid tier is {paid_users} of your {users} daily users and sends \
                     {paid_traffic} of the requests. Sharing your {bill} by requests, what does \
                     each {tier} user cost a month?",
            worked: "{solution}",
            values: per_user,
        },
    ],
};

/// The replica's values, as its template names them.
const REPLICA_VARS: [&str; 7] = ["model", "wbits", "gpu", "tp", "prompt", "output", "batch"];

/// The story: a replica and its traffic's shape (the roofline template's
/// own draw), a day's habits and peak (the peak template's), a daily
/// audience sized so the fleet runs 6 to 60 replicas at the peak, a spare,
/// the growth, the GPUs' rent and the tiers' shares.
fn story(rng: &mut SplitMix64) -> Vars {
    let rep = drawn(REPLICA, "C4", rng);
    let mut s = pick(&rep, &REPLICA_VARS.map(|n| (n, n)));
    let day = drawn(TIERS, "C4", rng);
    copy(&mut s, &day, "per_user", "per_user");
    copy(&mut s, &day, "ratio", "ratio");
    // A model's words, as the replica's question writes them.
    if let Some(sol) =
        crate::topics::find(REPLICA).and_then(|t| crate::topics::solve(t, "C4", &rep).ok())
    {
        for name in ["model_name", "gpus"] {
            if let Some(w) = sol.value(name) {
                say(&mut s, name, w.to_string());
            }
        }
    }
    let rate = key_of(REPLICA, "C4", &rep).unwrap_or(1000.0);
    let per_request = s.num("prompt") + s.num("output");
    let day = s.num("per_user") * s.num("ratio") / 86_400.0;
    put(&mut s, "spare", one_of(rng, &[1.0, 2.0]), Unit::None);
    let growth = one_of(rng, &[1.5, 2.0, 2.5, 3.0]);
    put(&mut s, "growth", growth, Unit::Ratio);
    // The audience for a fleet of 6 to 60 replicas at the peak, to three
    // significant digits, where neither peak is within 0.05 of a whole
    // number of replicas (a ratio that prints as "22" and rounds up to 23
    // reads as a slip).
    let whole_replicas = 6.0 + rng.below(55) as f64;
    let mut users = 0.0;
    for _ in 0..16 {
        let target = whole_replicas + 0.15 + 0.7 * rng.next_unit();
        users = round_to(target * rate / per_request / day, 3).max(1000.0);
        let ratio = users * day * per_request / rate;
        let clear = |x: f64| (x - x.round()).abs() >= 0.05;
        if clear(ratio) && clear(ratio * growth) {
            break;
        }
    }
    put(&mut s, "users", users, Unit::None);
    put(&mut s, "users2", users * growth, Unit::None);
    let rent = drawn("buying-the-fleet", "C4", rng);
    copy(&mut s, &rent, "card_month", "card_month");
    copy(&mut s, &rent, "premium", "premium");
    let tier = drawn(TIERS, "C5", rng);
    for name in ["paid_users", "paid_traffic", "tier"] {
        copy(&mut s, &tier, name, name);
    }
    s
}

/// `x` to `digits` significant digits.
fn round_to(x: f64, digits: i32) -> f64 {
    if !(x > 0.0 && x.is_finite()) {
        return 0.0;
    }
    let scale = 10f64.powi(x.log10().floor() as i32 - digits + 1);
    (x / scale).round() * scale
}

fn peak(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(
        s,
        &[
            ("users", "users"),
            ("per_user", "per_user"),
            ("ratio", "ratio"),
        ],
    ))
}

/// The tokens a second the candidate's peak asks for.
fn tokens(s: &Vars, c: &[f64]) -> Option<Vars> {
    let rate = c[0];
    if !(rate > 0.0 && rate.is_finite()) {
        return None;
    }
    let mut v = pick(s, &[("prompt", "prompt"), ("output", "output")]);
    put(&mut v, "rate", rate, Unit::ReqPerS);
    Some(v)
}

fn replica(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(s, &REPLICA_VARS.map(|n| (n, n))))
}

/// The replicas the candidate's tokens a second need at the candidate's
/// rate a replica, grown `growth` times (1 before the launch).
fn replicas_for(s: &Vars, c: &[f64], growth: f64) -> Option<Vars> {
    let (asked, rate) = (c[1], c[2]);
    if !(asked > 0.0 && asked.is_finite() && rate > 0.0 && rate.is_finite()) {
        return None;
    }
    let mut v = pick(s, &[("spare", "spare")]);
    put(&mut v, "C", rate, Unit::TokPerS);
    put(&mut v, "P", asked * growth, Unit::TokPerS);
    put(&mut v, "P0", asked, Unit::TokPerS);
    Some(v)
}

fn fleet(s: &Vars, c: &[f64]) -> Option<Vars> {
    replicas_for(s, c, 1.0)
}

fn grown(s: &Vars, c: &[f64]) -> Option<Vars> {
    let mut v = replicas_for(s, c, s.num("growth"))?;
    copy(&mut v, s, "growth", "growth");
    Some(v)
}

/// The month's rent of the candidate's grown fleet.
fn rent(s: &Vars, c: &[f64]) -> Option<Vars> {
    let n = whole(c[4], 1.0, 100_000.0)?;
    let mut v = pick(
        s,
        &[
            ("tp", "tp"),
            ("card_month", "card_month"),
            ("premium", "premium"),
        ],
    );
    put(&mut v, "replicas", n, REPLICAS);
    let gpu = s.word("gpu").to_uppercase();
    v.set("gpu", Value::Word(gpu));
    Some(v)
}

/// A tier's cost a user on the candidate's month's rent, over the grown
/// audience.
fn per_user(s: &Vars, c: &[f64]) -> Option<Vars> {
    let bill = c[5];
    if !(bill > 0.0 && bill.is_finite()) {
        return None;
    }
    let mut v = pick(
        s,
        &[
            ("users", "users2"),
            ("paid_users", "paid_users"),
            ("paid_traffic", "paid_traffic"),
            ("tier", "tier"),
        ],
    );
    put(&mut v, "bill", bill, Unit::UsdPerMonth);
    Some(v)
}
