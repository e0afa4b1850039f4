//! # Load balancing — concept explorer
//!
//! Source: seed card `001_bf34b9f7b8e611d2.txt` ("Load balancing"), model per
//! `shared/spec/concepts.md` § load-balancing, with the family-level
//! arithmetic of `shared/spec/cache-aware-routing.md`. The arithmetic is not
//! repeated here: every number comes from the general evaluator
//! [`crate::engine::routing::evaluate`].
//!
//! Words: the seed calls the routed stream "the family" ("80.32 percent of the
//! family", "the family is 30 percent of all fleet traffic") and its hot part
//! the one that "owns 80 percent of all arrivals". The page says *the family*
//! for the stream (100 %) and *hot member* for its hot part: a hot member of
//! share `h` plus `n − 1` other members of `(1−h)/(n−1)` each. Member j is
//! homed on card j, the hot member on card 0 (cards 0 and 1 when sharded) — a
//! hash is blind to popularity, so it shares card 0 with one other member
//! (the spec's convention, cache-aware-routing.md). Shares of the family:
//!
//! ```text
//! round-robin / least-loaded   every card 1/n                 64 cards: 1.5625 %
//! hash          busiest = h + (1−h)/(n−1)                    = 80 + 20/63 = 80.3175 %
//! hash-shard2   busiest = h/2 + (1−h)/(n−1)                  = 40.3175 %  (+1 copy)
//! fleet points  = 100 · w · busiest   (w = family's share of fleet traffic) = 24.095
//! ```
//!
//! **How "busiest card ≤ 60 % of decode capacity" is judged.** Shares of the
//! family need a load to become utilization. The explorer states the family's
//! arrivals in cards of decode capacity, `A` (`family_load`, default 1: the
//! family alone would fill one card). The rest of the fleet's traffic is
//! `A·(1−w)/w` cards, spread evenly over the n cards as background
//! `b = A(1−w)/(w·n)`. Card i's decode utilization is `A·s_i + b`, where `s_i`
//! is its share of the family; the fleet average is `A/(w·n)`. At the worked
//! example (A = 1, w = 30 %, n = 64: b = 3.65 %, fleet average 5.2 %) the hash
//! card runs at 80.32 % + 3.65 % = 83.96 % (over 60 %), the sharded card at
//! 43.96 % and round-robin's at 5.2 %: the seed's story read as utilization.
//! Holding the family's load fixed (rather than the fleet's average
//! utilization) lets the seed's shares read directly as a card's utilization;
//! the fleet average it implies is shown beside them. Both readings agree on
//! the physics: `A = w·n·(fleet average)`, so a family worth 30 % of a
//! 64-card fleet overloads its hash card whenever the fleet averages more
//! than 3.7 % — the seed's reason the hot card needs overflow or sharding.
//!
//! `hash-overflow` keeps the sticky card at the `cap` (utilization, default
//! 60 %) and spreads the excess evenly over the cards under it, where it
//! misses. `least-loaded` equalizes load exactly as round-robin does in this
//! fluid model (they differ only in how fast they react to uneven service
//! times), so it shares round-robin's figures.
//!
//! Locality = share of the family's arrivals that meet a resident copy (only
//! home cards keep copies; 8 GB holds 20 copies of 384 MB, far more than the
//! one or two homes a card has here). Copies needed = preamble copies that
//! would let every arrival of the hot member meet one (n under round-robin,
//! 1 under hash, 2 sharded). Checks: busiest card ≤ 60 % of decode capacity;
//! locality ≥ 90 %.
//!
//! **Challenges** (`challenges/load-balancing.toml`, concepts.md C1–C3),
//! solved by the pub fns [`round_robin_share_per_card`],
//! [`hash_busiest_card_share`] and [`hash_card_fleet_points`]: `1/n` (±0.01
//! pt), `h + (1−h)/(n−1)` (±0.1 pt) and `100·w·busiest` points (±0.1). Their
//! variables mirror the `cards`, `hot_share` and `family_share` sliders.

use crate::challenge::{Solution, Solver, Template, Vars};
use crate::engine::preamble::{
    copies_per_card, copy_mb, KV_KB_PER_TOKEN, PREAMBLE_TOKENS, SCRATCH_GB,
};
use crate::engine::routing::{self, evaluate, Evaluation, Policy, Scenario};
use crate::model::units::{self, percent4};
use crate::model::*;

pub struct LoadBalancing;
pub static TOPIC: LoadBalancing = LoadBalancing;
/// The solver of this topic's challenges, registered beside it.
pub static SOLVER: LoadBalancing = LoadBalancing;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Balancer {
    RoundRobin,
    LeastLoaded,
    Hash,
    HashOverflow,
    HashShard2,
}

const BALANCERS: &[(&str, &str)] = &[
    ("round-robin", "round-robin"),
    ("least-loaded", "least-loaded"),
    ("hash", "hash the family"),
    ("hash-overflow", "hash + overflow at the cap"),
    ("hash-shard2", "hash, hot member sharded across two cards"),
];

const ALL: [Balancer; 5] = [
    Balancer::RoundRobin,
    Balancer::LeastLoaded,
    Balancer::Hash,
    Balancer::HashOverflow,
    Balancer::HashShard2,
];

impl Balancer {
    fn from_word(w: &str) -> Balancer {
        match w {
            "least-loaded" => Balancer::LeastLoaded,
            "hash" => Balancer::Hash,
            "hash-overflow" => Balancer::HashOverflow,
            "hash-shard2" => Balancer::HashShard2,
            _ => Balancer::RoundRobin,
        }
    }
    fn word(self) -> &'static str {
        BALANCERS[self as usize].0
    }
    /// The evaluator's policy: least-loaded balances like round-robin.
    fn policy(self) -> Policy {
        match self {
            Balancer::RoundRobin | Balancer::LeastLoaded => Policy::RoundRobin,
            Balancer::Hash => Policy::Hash,
            Balancer::HashOverflow => Policy::HashOverflow,
            Balancer::HashShard2 => Policy::HashShard2,
        }
    }
}

/// The locality floor and the busiest card's headroom.
const LOCALITY_FLOOR: f64 = 0.9;
const HEADROOM: f64 = routing::HEADROOM;

static PARAMS: [ParamSpec; 6] = [
    ParamSpec::number(
        "cards",
        "Cards",
        Unit::Count("cards"),
        (2.0, 256.0, 1.0),
        64.0,
        "seed 001 worked example: a 64-card fleet",
        "Fleet size n; the family's other n − 1 members are hashed one per card.",
    ),
    ParamSpec::number(
        "hot_share",
        "Hot member's share of the family",
        Unit::Share,
        (0.0, 1.0, 0.01),
        0.8,
        "seed 001 worked example: one family owns 80 percent of arrivals",
        "Share h of the family's arrivals that carry the hot member's preamble; the other n − 1 members share the rest.",
    ),
    ParamSpec::number(
        "family_share",
        "Family's share of fleet traffic",
        Unit::Share,
        (0.01, 1.0, 0.01),
        0.3,
        "seed 001 worked example: the family is 30 percent of all fleet traffic",
        "Share w of all fleet traffic the family's arrivals make up; the rest is spread evenly.",
    ),
    ParamSpec::choice(
        "policy",
        "Balancer",
        BALANCERS,
        0,
        "seed 001: round-robin first, the plain answer",
        "What the balancer balances for: load, or the family's cache.",
    ),
    ParamSpec::number(
        "cap",
        "Overflow cap (hash-overflow)",
        Unit::Share,
        (0.05, 1.0, 0.01),
        HEADROOM,
        "seeds: busiest-card headroom capped near 60%",
        "hash-overflow only: the sticky card keeps load up to this utilization; the excess goes elsewhere and misses.",
    ),
    ParamSpec::number(
        "family_load",
        "Family's arrivals, in cards of decode capacity",
        Unit::Ratio,
        (0.05, 16.0, 0.05),
        1.0,
        "explorer's choice: the family alone would fill one card (documented in the model)",
        "Turns shares into utilization: 1× means the family's arrivals equal one card's decode capacity.",
    )
    .log(),
];

static PRESETS: [Preset; 3] = [
    Preset {
        id: "round-robin",
        title: "Worked example: round-robin",
        story: "A 64-card fleet serves one family whose hot member owns 80 percent of its arrivals. Round-robin gives every card an equal 100/64 = 1.5625 % of the family, so the busiest card idles at the fleet's 5.2 % — and a card meets the family's resident copy one time in 64: perfect balance, a starved cache.",
        set: &[
            ("cards", "64"),
            ("hot_share", "0.8"),
            ("family_share", "0.3"),
            ("cap", "0.6"),
            ("family_load", "1"),
            ("policy", "round-robin"),
        ],
        fix: Some(Fix {
            label: "Hash the family, shard its hot member",
            explain: "Hashing sends each member to its one home card, so every arrival meets a resident copy, and sharding the hot member keeps its card at 44 %.",
            set: &[("policy", "hash-shard2")],
        }),
    },
    Preset {
        id: "hash",
        title: "Worked example: hash routing",
        story: "Hash routing sends the family to its home: the busiest card takes 80 + 20/63 = 80.32 % of the family, and one resident copy catches all of it. With the family 30 % of fleet traffic that card absorbs 24.1 points of fleet load; with the family worth one card of decode capacity it runs at 84 %, over the 60 % headroom, while the rest idle.",
        set: &[
            ("cards", "64"),
            ("hot_share", "0.8"),
            ("family_share", "0.3"),
            ("cap", "0.6"),
            ("family_load", "1"),
            ("policy", "hash"),
        ],
        fix: Some(Fix {
            label: "Shard the hot member across two cards",
            explain: "Two homes split the hot member's 80 %, so the busiest card carries 40 + 20/63 = 40.32 % of the family (44 % utilization) for one duplicate preamble copy.",
            set: &[("policy", "hash-shard2")],
        }),
    },
    Preset {
        id: "hash-shard2",
        title: "Shard the hot member across two cards",
        story: "The hot member gets two home cards, each taking half: the busiest card carries 40 + 20/63 = 40.32 % of the family, 12.1 points of fleet load, 44 % of its decode capacity. Locality stays 100 % at the price of one duplicate preamble copy (2 instead of 1). Try hash-overflow to see the other fallback: balance bought with misses.",
        set: &[
            ("cards", "64"),
            ("hot_share", "0.8"),
            ("family_share", "0.3"),
            ("cap", "0.6"),
            ("family_load", "1"),
            ("policy", "hash-shard2"),
        ],
        fix: None,
    },
];

static CHECKS: [CheckSpec; 2] = [
    CheckSpec {
        id: "busiest",
        label: "Busiest card keeps headroom",
        rule: "busiest card ≤ 60% of its decode capacity (the family's part plus the rest of the fleet's traffic)",
    },
    CheckSpec {
        id: "locality",
        label: "The family meets its cache",
        rule: "share of the family's arrivals that meet a resident preamble copy ≥ 90%",
    },
];

static ABOUT: About = About {
    id: "load-balancing",
    title: "Load balancing",
    kind: TopicKind::Explorer,
    question: "What does balancing cost cache locality, and what does locality cost balance?",
    source: "seed 001 (Load balancing); shared/spec/concepts.md and cache-aware-routing.md",
    params: &PARAMS,
    presets: &PRESETS,
    checks: &CHECKS,
};

impl Topic for LoadBalancing {
    fn about(&self) -> &'static About {
        &ABOUT
    }
    fn run(&self, p: &Params) -> Outcome {
        let inp = Input::read(p);
        let ev = evaluate(&inp.scenario(inp.balancer));
        let mut out = Outcome::default();
        figures(&inp, &ev, &mut out);
        checks(&inp, &ev, &mut out);
        out.charts.push(load_chart(&inp, &ev));
        out.charts.push(tradeoff_chart(&inp));
        out.charts.push(concentration_chart(&inp));
        notes(&inp, &mut out);
        out
    }
}

impl Solver for LoadBalancing {
    fn topic(&self) -> &'static dyn Topic {
        &TOPIC
    }
    fn solve(&self, t: &Template, v: &Vars) -> Result<Solution, String> {
        solve_challenge(t, v)
    }
}

struct Input {
    n: usize,
    h: f64,
    w: f64,
    balancer: Balancer,
    cap: f64,
    load: f64,
}

impl Input {
    fn read(p: &Params) -> Input {
        Input {
            n: p.count("cards").max(2),
            h: p.get("hot_share"),
            w: p.get("family_share").max(0.01),
            balancer: Balancer::from_word(p.choice("policy")),
            cap: p.get("cap"),
            load: p.get("family_load"),
        }
    }

    /// The rest of the fleet's traffic on every card, in cards of capacity.
    fn background(&self) -> f64 {
        self.load * (1.0 - self.w) / (self.w * self.n as f64)
    }

    /// The evaluator's scenario, in units of one card's decode capacity.
    fn scenario(&self, b: Balancer) -> Scenario {
        Scenario {
            arrivals: self.load,
            cap: self.cap,
            background: self.background(),
            ..Scenario::family_level(self.n, self.h, b.policy())
        }
    }
}

/// C1 of the load-balancing templates: round-robin's share of the family per
/// card, `1/n` (64 cards: 1.5625 %), from the evaluator.
pub fn round_robin_share_per_card(cards: usize) -> f64 {
    evaluate(&Scenario::family_level(cards, 0.8, Policy::RoundRobin))
        .busiest()
        .1
}

/// C2: the hash card's share of the family, `h + (1−h)/(n−1)` (80.3175 %).
pub fn hash_busiest_card_share(cards: usize, hot_share: f64) -> f64 {
    routing::hash_busiest_share(cards, hot_share, false)
}

/// C3: the hash card's points of fleet load, `100·w·(h + (1−h)/(n−1))` (24.095).
pub fn hash_card_fleet_points(cards: usize, hot_share: f64, family_share: f64) -> f64 {
    routing::hash_card_fleet_points(cards, hot_share, family_share, false)
}

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

/// The busiest card by utilization and its share of the family.
fn busiest(inp: &Input, ev: &Evaluation) -> (usize, f64, f64) {
    let (b, util) = ev.busiest();
    (b, util, ev.family_load(b) / inp.load)
}

/// Copies of the hot member's preamble that every one of its arrivals would
/// meet: one on each card it reaches.
fn hot_copies_needed(inp: &Input, ev: &Evaluation) -> usize {
    if inp.h <= 0.0 {
        return 0;
    }
    let reached = ev.hot_load.iter().filter(|&&l| l > 0.0).count();
    let spills = ev.keep.first().is_some_and(|&k| k < 1.0);
    reached + if spills { ev.spill_targets } else { 0 }
}

/// Copies of every member's preamble for every arrival to meet one.
fn fleet_copies_needed(ev: &Evaluation, policy: Policy) -> usize {
    let homes = ev.copies_demanded();
    match policy {
        Policy::RoundRobin => homes * ev.homes.len(),
        _ => {
            homes
                + (0..ev.homes.len())
                    .filter(|&i| ev.keep[i] < 1.0)
                    .map(|i| ev.homes[i] * ev.spill_targets)
                    .sum::<usize>()
        }
    }
}

fn figures(inp: &Input, ev: &Evaluation, out: &mut Outcome) {
    let (_, util, share) = busiest(inp, ev);
    let copy = copy_mb(PREAMBLE_TOKENS, KV_KB_PER_TOKEN);
    out.figure(
        "round_robin_share_per_card",
        "Round-robin: each card's share of the family",
        round_robin_share_per_card(inp.n),
        Unit::Share,
    );
    out.figure(
        "hash_busiest_card_share",
        "Hash: busiest card's share of the family",
        hash_busiest_card_share(inp.n, inp.h),
        Unit::Share,
    );
    out.figure(
        "hash_card_fleet_points",
        "Hash card's points of fleet load",
        hash_card_fleet_points(inp.n, inp.h, inp.w),
        Unit::Points,
    );
    out.figure(
        "shard2_busiest_card_share",
        "Sharded: busiest card's share of the family",
        routing::hash_busiest_share(inp.n, inp.h, true),
        Unit::Share,
    );
    out.figure(
        "shard2_card_fleet_points",
        "Sharded card's points of fleet load",
        routing::hash_card_fleet_points(inp.n, inp.h, inp.w, true),
        Unit::Points,
    );
    out.figure(
        "busiest_card_share",
        "Busiest card's share of the family (this balancer)",
        share,
        Unit::Share,
    );
    out.figure(
        "busiest_card_fleet_points",
        "Busiest card's points of fleet load (this balancer)",
        100.0 * inp.w * share,
        Unit::Points,
    );
    out.figure(
        "busiest_card_util",
        "Busiest card's decode utilization",
        util,
        Unit::Share,
    );
    out.figure(
        "fleet_average_util",
        "Fleet average utilization",
        inp.load / (inp.w * inp.n as f64),
        Unit::Share,
    );
    out.figure(
        "other_traffic_per_card",
        "Rest of the fleet's traffic per card",
        inp.background(),
        Unit::Share,
    );
    out.figure(
        "locality",
        "Locality (meets a resident copy)",
        ev.hit,
        Unit::Share,
    );
    out.figure(
        "spilled_share",
        "Overflow (misses)",
        ev.spilled / inp.load,
        Unit::Share,
    );
    let hot = hot_copies_needed(inp, ev);
    out.figure(
        "copies_needed",
        "Hot member's preamble copies needed",
        hot as f64,
        Unit::Count("copies"),
    );
    out.figure(
        "copies_needed_mb",
        "Hot member's copies, memory",
        hot as f64 * copy,
        Unit::Mb,
    );
    out.figure(
        "fleet_copies_needed",
        "Copies for the whole family to hit",
        fleet_copies_needed(ev, inp.balancer.policy()) as f64,
        Unit::Count("copies"),
    );
    out.figure(
        "copies_per_card",
        "Copies 8 GB holds",
        copies_per_card(SCRATCH_GB, PREAMBLE_TOKENS, KV_KB_PER_TOKEN) as f64,
        Unit::Count("copies"),
    );
}

fn checks(inp: &Input, ev: &Evaluation, out: &mut Outcome) {
    let pct = |v: f64| Unit::Share.format(v);
    let (b, util, share) = busiest(inp, ev);
    let bg = inp.background();
    let lever = match inp.balancer {
        Balancer::Hash | Balancer::HashShard2 => "policy",
        Balancer::HashOverflow if inp.cap > HEADROOM && bg < HEADROOM => "cap",
        _ => "cards",
    };
    out.checks.push(Verdict::at_most(
        "busiest",
        util,
        HEADROOM,
        Unit::Share,
        Some(lever),
        |pass| {
            let head = format!(
                "Card {b} carries {} of the family ({} of a card) plus {} of other traffic: {} of its decode capacity",
                pct(share),
                pct(share * inp.load),
                pct(bg),
                pct(util)
            );
            if pass {
                format!("{head}, within the 60% headroom.")
            } else {
                match lever {
                    "policy" => format!(
                        "{head}, over the 60% headroom: the hash concentrates the hot member on its card. Shard it (policy hash-shard2) or overflow at the cap (hash-overflow)."
                    ),
                    "cap" => format!(
                        "{head}, over the 60% headroom because the overflow cap is {}. Lower the cap to 60%.",
                        pct(inp.cap)
                    ),
                    _ => format!(
                        "{head}, over the 60% headroom: the fleet itself averages {}. Add cards.",
                        pct(inp.load / (inp.w * inp.n as f64))
                    ),
                }
            }
        },
    ));
    out.checks.push(Verdict::at_least(
        "locality",
        ev.hit,
        LOCALITY_FLOOR,
        Unit::Share,
        Some("policy"),
        |pass| {
            if pass {
                format!(
                    "{} of the family's arrivals meet a resident preamble copy under {}, at least the 90% floor.",
                    pct(ev.hit),
                    inp.balancer.word()
                )
            } else if inp.balancer.policy() == Policy::RoundRobin {
                format!(
                    "{} spreads the family over all {} cards, so an arrival meets its resident copy one time in {}: {} locality, under the 90% floor. Hash the family (policy hash or hash-shard2).",
                    inp.balancer.word(),
                    inp.n,
                    inp.n,
                    pct(ev.hit)
                )
            } else {
                format!(
                    "The overflow holds the sticky card at the cap by sending {} of the family to cards without its copy: {} locality, under the 90% floor. Shard the hot member instead (policy hash-shard2).",
                    pct(ev.spilled / inp.load),
                    pct(ev.hit)
                )
            }
        },
    ));
}

fn load_chart(inp: &Input, ev: &Evaluation) -> Chart {
    let n = inp.n;
    let (b, util, share) = busiest(inp, ev);
    let mut hlines = vec![RefLine::new(HEADROOM, "60% headroom", Tone::Bad)];
    if inp.balancer == Balancer::HashOverflow && (inp.cap - HEADROOM).abs() > 1e-9 {
        hlines.push(RefLine::new(inp.cap, "overflow cap", Tone::Warn));
    }
    Chart {
        id: "load",
        title: format!("Decode load per card ({})", inp.balancer.word()),
        summary: format!(
            "Under {} card {b} is busiest: {} of the family plus other traffic puts it at {} of its decode capacity against the 60% headroom line; the fleet averages {}.",
            inp.balancer.word(),
            Unit::Share.format(share),
            Unit::Share.format(util),
            Unit::Share.format(inp.load / (inp.w * n as f64))
        ),
        plot: Plot::Bars(BarChart {
            categories: (0..n).map(|i| i.to_string()).collect(),
            y: Axis::new("decode utilization", Unit::Share),
            sets: vec![
                BarSet {
                    name: "the family, on its own cards".to_string(),
                    tone: Tone::Cat(0),
                    values: (0..n).map(|i| ev.hot_load[i] + ev.cold_load[i]).collect(),
                },
                BarSet {
                    name: "overflow received (misses)".to_string(),
                    tone: Tone::Warn,
                    values: ev.spill_in.clone(),
                },
                BarSet {
                    name: "rest of the fleet's traffic".to_string(),
                    tone: Tone::Muted,
                    values: vec![inp.background(); n],
                },
            ],
            stacked: true,
            hlines,
            highlight: vec![b],
        }),
    }
}

/// Locality against balance: one point per balancer.
fn tradeoff_chart(inp: &Input) -> Chart {
    let points: Vec<(Balancer, f64, f64)> = ALL
        .iter()
        .map(|&b| {
            let ev = evaluate(&inp.scenario(b));
            (b, ev.busiest().1, ev.hit)
        })
        .collect();
    let hi = points.iter().map(|p| p.1).fold(1.0, f64::max);
    let series = points
        .iter()
        .map(|&(b, x, y)| {
            let name = if b == inp.balancer {
                format!("{} (chosen)", b.word())
            } else {
                b.word().to_string()
            };
            Series::new(name, Style::Points, Tone::Cat(b as u8), vec![(x, y)])
        })
        .collect();
    Chart {
        id: "tradeoff",
        title: "Locality against balance, every balancer".to_string(),
        summary: format!(
            "Busiest card / locality — {}. Round-robin and least-loaded coincide in this fluid model.",
            points
                .iter()
                .map(|(b, x, y)| format!(
                    "{}: {} / {}",
                    b.word(),
                    Unit::Share.format(*x),
                    Unit::Share.format(*y)
                ))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("busiest card's decode utilization", Unit::Share).range(0.0, hi * 1.05),
            y: Axis::new("locality", Unit::Share).range(0.0, 1.05),
            series,
            hlines: vec![RefLine::new(LOCALITY_FLOOR, "90% locality floor", Tone::Good)],
            vlines: vec![RefLine::new(HEADROOM, "60% headroom", Tone::Bad)],
        }),
    }
}

/// Steps of the hot-share sweep.
const SWEEP_STEPS: usize = 20;

/// The busiest card's share of the family against the hot share.
fn concentration_chart(inp: &Input) -> Chart {
    let hs: Vec<f64> = (0..=SWEEP_STEPS)
        .map(|k| k as f64 / SWEEP_STEPS as f64)
        .collect();
    let series = [Balancer::RoundRobin, Balancer::Hash, Balancer::HashShard2]
        .iter()
        .map(|&b| {
            Series::new(
                b.word(),
                Style::Line,
                Tone::Cat(b as u8),
                hs.iter()
                    .map(|&h| {
                        let s = Scenario::family_level(inp.n, h, b.policy());
                        (h, evaluate(&s).busiest().1)
                    })
                    .collect(),
            )
        })
        .collect();
    // The family share that fills a card to the headroom, given the rest.
    let fill = ((HEADROOM - inp.background()) / inp.load).max(0.0);
    Chart {
        id: "concentration",
        title: format!("Busiest card's share of the family on {} cards", inp.n),
        summary: format!(
            "At h = {}: hash puts {} of the family on one card, sharding {}, round-robin {}. A card reaches the 60% headroom at {} of the family.",
            Unit::Share.format(inp.h),
            Unit::Share.format(routing::hash_busiest_share(inp.n, inp.h, false)),
            Unit::Share.format(routing::hash_busiest_share(inp.n, inp.h, true)),
            Unit::Share.format(round_robin_share_per_card(inp.n)),
            Unit::Share.format(fill)
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("hot member's share of the family", Unit::Share).range(0.0, 1.0),
            y: Axis::new("busiest card's share of the family", Unit::Share).range(0.0, 1.0),
            series,
            hlines: if fill <= 1.0 {
                vec![RefLine::new(fill, "fills the 60% headroom", Tone::Bad)]
            } else {
                vec![]
            },
            vlines: vec![RefLine::new(inp.h, "now", Tone::Ink)],
        }),
    }
}

fn notes(inp: &Input, out: &mut Outcome) {
    let spread = inp.h + (1.0 - inp.h) / inp.n as f64;
    out.notes.push(Note::Info(format!(
        "The hot member shares its hash card with one of the other {} members, which gives the seed's {}. Spreading the other {} over all {} cards instead would give {} ({} points); only the n − 1 layout gives the seed's h + (1−h)/(n−1).",
        inp.n - 1,
        Unit::Share.format(hash_busiest_card_share(inp.n, inp.h)),
        Unit::Share.format(1.0 - inp.h),
        inp.n,
        Unit::Share.format(spread),
        crate::model::units::trim(&crate::model::units::fixed(100.0 * inp.w * spread, 3))
    )));
    out.notes.push(Note::Info(format!(
        "Utilization: the family's arrivals are {}× one card's decode capacity and {} of fleet traffic, so the rest adds {} to every card and the fleet averages {}.",
        crate::model::units::number(inp.load),
        Unit::Share.format(inp.w),
        Unit::Share.format(inp.background()),
        Unit::Share.format(inp.load / (inp.w * inp.n as f64))
    )));
}
