//! The tiers topic's discrete-event simulation on its own: a digest of its
//! results over configurations that reach every path (pooled, round-robin,
//! a dry or full bucket, paid spilled onto shared cards, a pool with no
//! card or over 100 %), so two builds can be compared bit for bit, and the
//! normal day's arrivals per second, as the benchmark times it:
//!
//! ```text
//! cargo run --release -q --example tiers_engine -- digest     # one line a run
//! cargo run --release -q --example tiers_engine -- time 5     # best of five
//! cargo run --release -q --example tiers_engine -- once 400000  # a profiler's run
//! ```

use fleetlab::model::fnv1a;
use fleetlab::topics::tiers_and_rate_limits::{simulate, Assign, SimConfig};
use std::time::Instant;

/// The configurations digested: the normal day and its variations.
fn configs() -> Vec<(&'static str, SimConfig)> {
    let day = SimConfig::NORMAL_DAY;
    let spilled = SimConfig {
        spill_share: 0.3,
        ..day
    };
    vec![
        ("normal day", day),
        (
            "pooled",
            SimConfig {
                pooled: true,
                ..day
            },
        ),
        (
            "round-robin",
            SimConfig {
                assign: Assign::RoundRobin,
                ..day
            },
        ),
        (
            "bucket dry",
            SimConfig {
                free_rps: 2000.0,
                bucket_capacity: 50.0,
                ..day
            },
        ),
        (
            "bucket full",
            SimConfig {
                free_rps: 300.0,
                ..day
            },
        ),
        ("spill 0.3", spilled),
        (
            "spill 0.3 pooled",
            SimConfig {
                pooled: true,
                ..spilled
            },
        ),
        (
            "spill 0.3 round-robin",
            SimConfig {
                assign: Assign::RoundRobin,
                ..spilled
            },
        ),
        (
            "spill all, hot",
            SimConfig {
                spill_share: 1.0,
                paid_rps: 250.0,
                refill_rps: 300.0,
                ..day
            },
        ),
        (
            "round-robin pooled",
            SimConfig {
                assign: Assign::RoundRobin,
                pooled: true,
                ..spilled
            },
        ),
        (
            "no cards",
            SimConfig {
                prov_cards: 0,
                shared_cards: 0,
                spill_share: 0.5,
                ..day
            },
        ),
        (
            "over 100 %",
            SimConfig {
                prov_cards: 5,
                shared_cards: 15,
                ..spilled
            },
        ),
        (
            "one card",
            SimConfig {
                service_ms: 1.0,
                prov_cards: 1,
                shared_cards: 0,
                paid_rps: 930.0,
                free_rps: 0.0,
                refill_rps: 0.0,
                bucket_capacity: 0.0,
                ..day
            },
        ),
        (
            "one card each, priority",
            SimConfig {
                service_ms: 1.0,
                prov_cards: 1,
                shared_cards: 1,
                paid_rps: 900.0,
                free_rps: 500.0,
                spill_share: 0.5,
                refill_rps: 900.0,
                bucket_capacity: 1e9,
                ..day
            },
        ),
    ]
}

fn digest() {
    for (name, cfg) in configs() {
        for (seed, n) in [(1, 2_000_000), (2, 100_000), (3, 12_345), (4, 7)] {
            let r = simulate(&cfg, n, seed);
            println!(
                "{name:24} seed {seed} n {n:>9}: {:016x}  prov {:.6} paid {:.6} free {:.6} admitted {}",
                fnv1a(&format!("{r:?}")),
                r.prov.mean_ms(),
                r.shared_paid.mean_ms(),
                r.free.mean_ms(),
                r.free_admitted,
            );
        }
    }
}

/// Arrivals per second of the normal day (2,000,000 arrivals, seed 1, as the
/// benchmark runs it), the best of `reps`.
fn time(reps: usize) {
    let n = 2_000_000;
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = Instant::now();
        std::hint::black_box(simulate(&SimConfig::NORMAL_DAY, n, 1));
        let s = t.elapsed().as_secs_f64();
        println!("{:.2} M arrivals/s", n as f64 / s / 1e6);
        best = best.min(s);
    }
    println!("best {:.2} M arrivals/s", n as f64 / best / 1e6);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    match args.first().map(String::as_str) {
        Some("digest") => digest(),
        Some("once") => {
            std::hint::black_box(simulate(&SimConfig::NORMAL_DAY, arg(1, 400_000), 1));
        }
        _ => time(arg(1, 5) as usize),
    }
}
