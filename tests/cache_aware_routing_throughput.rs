//! Throughput of the request-level simulation (issue 4: ≥ 10 million
//! simulated requests per second natively) and run() timings of the two
//! routing pages. Ignored by default; run in release:
//!
//! ```text
//! cargo test --release --test cache_aware_routing_throughput -- --ignored --nocapture
//! ```

use fleetlab::engine::routing_sim::simulate;
use fleetlab::model::{Params, Topic};
use fleetlab::topics::cache_aware_routing as car;
use std::time::Instant;

/// One cold run (a new memo key) and `n` warm ones (slider moves that hit
/// it): the cold time and the warm p50 and p95, in µs.
fn timings(t: &dyn Topic, p: &Params, n: usize) -> (f64, f64, f64) {
    let time = || {
        let t0 = Instant::now();
        t.run(p);
        t0.elapsed().as_secs_f64() * 1e6
    };
    let cold = time();
    let mut warm: Vec<f64> = (0..n).map(|_| time()).collect();
    warm.sort_by(|a, b| a.total_cmp(b));
    (cold, warm[n / 2], warm[n * 95 / 100])
}

fn stories() -> Vec<(String, Params)> {
    let t: &dyn Topic = fleetlab::topics::find("cache-aware-routing").unwrap();
    let mut v = Vec::new();
    for p in t.presets() {
        v.push((p.id.to_string(), t.preset_params(p, false).unwrap()));
        v.push((format!("{} + fix", p.id), t.preset_params(p, true).unwrap()));
    }
    let mut alt = t
        .preset_params(t.preset("hot-template").unwrap(), false)
        .unwrap();
    alt.set("policy", "hash-overflow").unwrap();
    v.push(("hot-template, hash-overflow".to_string(), alt));
    v
}

#[test]
#[ignore]
fn simulated_requests_per_second() {
    const N: u64 = 50_000_000;
    let mut worst = f64::INFINITY;
    for (label, p) in stories() {
        let s = car::scenario(&p);
        simulate(&s, 1_000_000, 1); // warm up
        let t0 = Instant::now();
        let r = simulate(&s, N, 7);
        let secs = t0.elapsed().as_secs_f64();
        let rate = N as f64 / secs;
        worst = worst.min(rate);
        println!(
            "{label:<32} {:>8.1} M requests/s  (hit {:.4})",
            rate / 1e6,
            r.hit_share()
        );
    }
    println!("slowest policy: {:.1} M simulated requests/s", worst / 1e6);
}

#[test]
#[ignore]
fn run_timings() {
    for id in ["cache-aware-routing", "load-balancing"] {
        let t: &dyn Topic = fleetlab::topics::find(id).unwrap();
        let mut cases = vec![("defaults".to_string(), t.defaults())];
        for p in t.presets() {
            cases.push((p.id.to_string(), t.preset_params(p, false).unwrap()));
            if p.fix.is_some() {
                cases.push((format!("{} + fix", p.id), t.preset_params(p, true).unwrap()));
            }
        }
        for (label, p) in cases {
            let (cold, p50, p95) = timings(t, &p, 200);
            println!("{id:<20} {label:<32} cold {cold:>7.0} µs   warm p50 {p50:>6.0} µs   p95 {p95:>6.0} µs");
        }
    }
}

#[test]
#[ignore]
fn run_timings_at_the_extremes() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            "cache-aware-routing",
            &[
                ("cards", "256"),
                ("families", "5000"),
                ("hot_share", "0.5"),
                ("policy", "hash-overflow"),
            ],
        ),
        (
            "cache-aware-routing",
            &[
                ("cards", "256"),
                ("families", "5000"),
                ("policy", "round-robin"),
            ],
        ),
        (
            "load-balancing",
            &[("cards", "256"), ("policy", "hash-overflow")],
        ),
    ];
    for (id, set) in cases {
        let t: &dyn Topic = fleetlab::topics::find(id).unwrap();
        let mut p = t.defaults();
        p.apply(set).unwrap();
        let (cold, p50, p95) = timings(t, &p, 100);
        println!("{id:<20} {set:?}: cold {cold:.0} µs, warm p50 {p50:.0} µs, p95 {p95:.0} µs");
    }
}
