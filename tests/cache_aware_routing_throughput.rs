//! Throughput of the request-level simulation (issue 4: ≥ 10 million
//! simulated requests per second natively) and run() timings of the two
//! routing pages. Ignored by default; run in release:
//!
//! ```text
//! cargo test --release --test cache_aware_routing_throughput -- --ignored --nocapture
//! ```

use fleetlab::model::{Params, Topic};
use fleetlab::topics::cache_aware_routing as car;
use std::time::Instant;

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
        car::simulate(&s, 1_000_000, 1); // warm up
        let t0 = Instant::now();
        let r = car::simulate(&s, N, 7);
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
            // A cold run (new memo key) and warm runs (slider moves that hit it).
            let t0 = Instant::now();
            t.run(&p);
            let cold = t0.elapsed().as_secs_f64() * 1e6;
            let mut times: Vec<f64> = (0..200)
                .map(|_| {
                    let t0 = Instant::now();
                    t.run(&p);
                    t0.elapsed().as_secs_f64() * 1e6
                })
                .collect();
            times.sort_by(|a, b| a.total_cmp(b));
            println!(
                "{id:<20} {label:<32} cold {cold:>7.0} µs   warm p50 {:>6.0} µs   p95 {:>6.0} µs",
                times[100], times[190]
            );
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
        let t0 = Instant::now();
        t.run(&p);
        let cold = t0.elapsed().as_secs_f64() * 1e6;
        let mut times: Vec<f64> = (0..100)
            .map(|_| {
                let t0 = Instant::now();
                t.run(&p);
                t0.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        times.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{id:<20} {set:?}: cold {cold:.0} µs, warm p50 {:.0} µs, p95 {:.0} µs",
            times[50], times[95]
        );
    }
}
