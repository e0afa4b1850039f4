//! Timing of the autoscaling day (86,400 one-second steps), for the lead's
//! benchmark: `cargo test --release --test autoscaling_bench -- --ignored --nocapture`.
//! The budget is 4 ms per repaint in wasm; natively a day should take ≤ 1 ms.

use fleetlab::topics::autoscaling::{simulate_day, Day, Trace};
use fleetlab::topics::find;
use std::time::Instant;

/// Runs per measurement (`FLEETLAB_BENCH_ITERS`, default 200).
fn iters() -> usize {
    std::env::var("FLEETLAB_BENCH_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

fn percentile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[((v.len() - 1) as f64 * q).round() as usize]
}

#[test]
#[ignore]
fn simulate_day_timing() {
    let t = find("autoscaling").unwrap();
    let mut trace = Trace::new();
    for p in t.presets() {
        for fix in [false, true] {
            if fix && p.fix.is_none() {
                continue;
            }
            let day = Day::read(&t.preset_params(p, fix).unwrap());
            let mut ms = Vec::new();
            for _ in 0..iters() {
                let t0 = Instant::now();
                let s = simulate_day(&day, Some(&mut trace));
                ms.push(t0.elapsed().as_secs_f64() * 1e3);
                assert!(s.paid_replica_s > 0.0);
            }
            let min = percentile(&mut ms, 0.0);
            let p50 = percentile(&mut ms, 0.5);
            let p95 = percentile(&mut ms, 0.95);
            println!(
                "simulate_day {}{}: min {min:.3} ms, p50 {p50:.3} ms, p95 {p95:.3} ms",
                p.id,
                if fix { " + fix" } else { "" }
            );
        }
    }
    // run() on every slider move: alternate two cold starts so the memo misses.
    let mut a = t.defaults();
    let mut b = t.defaults();
    b.set("cold_start_s", "33").unwrap();
    a.set("cold_start_s", "32").unwrap();
    let mut ms = Vec::new();
    for i in 0..iters() {
        let p = if i % 2 == 0 { &a } else { &b };
        let t0 = Instant::now();
        let out = t.run(p);
        ms.push(t0.elapsed().as_secs_f64() * 1e3);
        assert!(!out.figures.is_empty());
    }
    let p50 = percentile(&mut ms, 0.5);
    let p95 = percentile(&mut ms, 0.95);
    println!("run() on a slider move (memo miss): p50 {p50:.3} ms, p95 {p95:.3} ms");
}
