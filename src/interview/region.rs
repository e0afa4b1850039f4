//! The region problem: a zone lost at the peak. The fleet is N + 1 in
//! replicas but not in zones, so losing one leaves the survivors short: the
//! backlog the failover's cold start leaves and the time it takes to clear
//! (warm pool), shedding the free tier instead (tiers and rate limits) and
//! the attempts its retries bring back; then the requirement changes to
//! N + 1 across zones: the replicas every zone needs (tiers), the standby
//! rent that spare is (warm pool) and the queue wait with a zone lost
//! (tiers).
//!
//! The numbers hang together: the peak is a whole number of replicas'
//! worth, above what the surviving zones serve and below the whole fleet;
//! the paid and free arrivals add up to it; a replica's rate and its
//! service time are one number; the cap the shedding keeps is the cap the
//! new rule keeps.

use super::{copy, drawn, one_of, pick, put, whole, Dim, Problem, Step};
use crate::challenge::Vars;
use crate::model::{SplitMix64, Unit};

const TIERS: &str = "tiers-and-rate-limits";
const WARM: &str = "warm-pool";
const REPLICAS: Unit = Unit::Count("replicas");

pub static PROBLEM: Problem = Problem {
    id: "region",
    title: "A zone lost at the peak",
    brief: "A chat API runs in one region across {zones} zones, {m} replicas in each ({fleet} \
            in all), one card a replica. Each replica serves {r}, a request every {S}. At the \
            evening peak {lambda} arrive: {paid} from the paid tier and {free} from the free \
            one. A replacement replica takes {T} to boot. The interviewer takes a zone away at \
            the peak. Later questions take your own earlier numbers, so carry them forward.",
    change: "After the incident review the rule is N + 1 across zones: with any one zone lost at \
             the peak, nothing is shed and the surviving replicas run at or under {cap}.",
    change_at: 4,
    story,
    steps: &[
        Step {
            dim: Dim::Reliability,
            topic: WARM,
            template: "C2",
            uses: &[],
            prompt: "A zone goes dark at the peak and takes its {m} replicas with it. The other \
                     {w} keep serving {r} each while the failover launches {m} replacements in \
                     the surviving zones, ready after the {T} boot. Meanwhile {lambda} keep \
                     arriving ({k} replicas' worth), and what the survivors cannot take queues. \
                     How many requests are waiting when the replacements come up?",
            worked: "The {w} survivors serve {warm_rate} of the {peak_rate} arriving, so \
                     {missing_worth}, {missing_rate}, queues for the whole {T} boot: \
                     {missing_rate} × {T} = {answer}.",
            values: backlog,
        },
        Step {
            dim: Dim::Reliability,
            topic: WARM,
            template: "C4",
            uses: &[],
            prompt: "Once the replacements serve, the fleet is back to {n}, more than the \
                     {k} replicas' worth the peak needs. From the moment the zone went dark, how \
                     long until no request waits?",
            worked: "{solution}",
            values: clear,
        },
        Step {
            dim: Dim::TradeOffs,
            topic: TIERS,
            template: "C3",
            uses: &[],
            prompt: "Waiting that long is worse than a clean 429, so while the replacements boot \
                     you shed instead. The {c} that survive, {mu} each, must run at or under \
                     {cap}; the paid tier's {paid} goes first, and the free tier's {free} \
                     gets what room is left. How many free requests a second must the gateway \
                     refuse?",
            worked: "{solution}",
            values: shed,
        },
        Step {
            dim: Dim::Reliability,
            topic: TIERS,
            template: "C6",
            uses: &[2],
            prompt: "Free clients retry a 429 {retries_how}, and the boot outlasts the \
                     backoffs, so a retry is refused as often \
                     as a first try: your {shed} of {rate} is {refused}. How many free attempts a \
                     second reach the gateway?",
            worked: "{solution}",
            values: retries,
        },
        Step {
            dim: Dim::Estimation,
            topic: TIERS,
            template: "C7",
            uses: &[],
            prompt: "Size the fleet for the rule: {rate} at the peak, {mu} a replica, at or \
                     under {cap} with any one of the {zones} zones lost, and the same number of \
                     replicas in every zone. How many replicas (cards) does the fleet run in all?",
            worked: "{solution}",
            values: zones,
        },
        Step {
            dim: Dim::Cost,
            topic: WARM,
            template: "C1",
            uses: &[4],
            prompt: "Your {N} are {W} more than today's {today}: on a normal day that spare \
                     stands by. At {price} a replica, what does that spare of {W} rent per year \
                     (365 days), busy or idle?",
            worked: "{solution}",
            values: standby,
        },
        Step {
            dim: Dim::Reliability,
            topic: TIERS,
            template: "C2",
            uses: &[4],
            prompt: "Check your fleet of {N} against the bad day: a zone goes dark at the peak \
                     and {lost} of them with it. Each replica is one queue serving a request \
                     every {S}, and {lambda} arrive, spread evenly over the survivors. What mean \
                     queue wait does the utilization formula quote?",
            worked: "{solution}",
            values: wait,
        },
    ],
};

/// The story: zones and replicas per zone (a fleet of 16 or fewer, as the
/// warm-pool page's bursts are), a peak between the survivors' replicas and
/// the whole fleet's, a replica's rate, the boot (the warm-pool backlog
/// template's own cold start), the tiers' split, the cap, the retries and
/// the rent (the autoscaling bill's price).
fn story(rng: &mut SplitMix64) -> Vars {
    let zones = one_of(rng, &[3.0, 4.0]);
    let m = if zones == 3.0 {
        one_of(rng, &[3.0, 4.0, 5.0])
    } else {
        one_of(rng, &[3.0, 4.0])
    };
    let survivors = (zones - 1.0) * m;
    let k = survivors + 1.0 + rng.below(m as u64 - 1) as f64;
    let r = one_of(rng, &[10.0, 20.0, 25.0, 40.0, 50.0]);
    let mut s = Vars::default();
    put(&mut s, "zones", zones, Unit::None);
    put(&mut s, "m", m, Unit::None);
    put(&mut s, "fleet", zones * m, REPLICAS);
    put(&mut s, "survivors", survivors, Unit::None);
    put(&mut s, "k", k, Unit::None);
    put(&mut s, "r", r, Unit::ReqPerS);
    put(&mut s, "S", 1000.0 / r, Unit::Ms);
    let lambda = k * r;
    put(&mut s, "lambda", lambda, Unit::ReqPerS);
    let paid = (lambda * one_of(rng, &[0.2, 0.25, 0.3, 0.35, 0.4])).round();
    put(&mut s, "paid", paid, Unit::ReqPerS);
    put(&mut s, "free", lambda - paid, Unit::ReqPerS);
    copy(&mut s, &drawn(WARM, "C2", rng), "T", "T");
    put(&mut s, "cap", one_of(rng, &[0.8, 0.85, 0.9]), Unit::Share);
    put(&mut s, "retries", one_of(rng, &[2.0, 3.0]), Unit::None);
    copy(&mut s, &drawn("autoscaling", "C2", rng), "price", "price");
    s
}

fn backlog(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(
        s,
        &[
            ("k", "k"),
            ("w", "survivors"),
            ("r", "r"),
            ("T", "T"),
            ("m", "m"),
            ("lambda", "lambda"),
        ],
    ))
}

fn clear(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(
        s,
        &[
            ("k", "k"),
            ("w", "survivors"),
            ("n", "fleet"),
            ("r", "r"),
            ("T", "T"),
        ],
    ))
}

fn shed(s: &Vars, _: &[f64]) -> Option<Vars> {
    let mut v = pick(
        s,
        &[
            ("mu", "r"),
            ("cap", "cap"),
            ("paid", "paid"),
            ("free", "free"),
        ],
    );
    put(&mut v, "c", s.num("survivors"), REPLICAS);
    Some(v)
}

/// The free tier's attempts, refused at the candidate's shed share.
fn retries(s: &Vars, c: &[f64]) -> Option<Vars> {
    let free = s.num("free");
    let refused = c[2] / free;
    if !(c[2] > 0.0 && refused < 1.0) {
        return None;
    }
    let mut v = pick(s, &[("rate", "free"), ("retries", "retries")]);
    put(&mut v, "refused", refused, Unit::Share);
    put(&mut v, "shed", c[2], Unit::ReqPerS);
    Some(v)
}

fn zones(s: &Vars, _: &[f64]) -> Option<Vars> {
    Some(pick(
        s,
        &[
            ("rate", "lambda"),
            ("mu", "r"),
            ("cap", "cap"),
            ("zones", "zones"),
        ],
    ))
}

/// The replicas the candidate's fleet holds beyond today's, standing by.
fn standby(s: &Vars, c: &[f64]) -> Option<Vars> {
    let n = whole(c[4], 1.0, 100_000.0)?;
    let today = s.num("fleet");
    let w = whole(n - today, 1.0, 16.0)?;
    let mut v = pick(s, &[("price", "price"), ("today", "fleet")]);
    v.set_num("w", w);
    put(&mut v, "W", w, REPLICAS);
    put(&mut v, "N", n, REPLICAS);
    Some(v)
}

/// The candidate's fleet with one zone lost, as the tiers page's incident
/// takes a share of its cards out.
fn wait(s: &Vars, c: &[f64]) -> Option<Vars> {
    let n = whole(c[4], 1.0, 100_000.0)?;
    let loss = 1.0 / s.num("zones");
    let mut v = pick(s, &[("S", "S"), ("lambda", "lambda")]);
    v.set_num("c", n);
    put(&mut v, "loss", loss, Unit::Share);
    put(&mut v, "N", n, REPLICAS);
    let lost = (loss * n).round();
    put(&mut v, "lost", lost, Unit::None);
    Some(v)
}
