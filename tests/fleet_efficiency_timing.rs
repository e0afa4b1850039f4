//! run() timings of fleet-efficiency (ignored by default; the lead runs it):
//! `cargo test --release --test fleet_efficiency_timing -- --ignored --nocapture`.

use fleetlab::model::Params;
use fleetlab::topics;
use std::time::Instant;

fn time(label: &str, p: &Params) -> f64 {
    let t = topics::find("fleet-efficiency").unwrap();
    for _ in 0..20 {
        std::hint::black_box(t.run(p));
    }
    let mut samples: Vec<f64> = (0..200)
        .map(|_| {
            let s = Instant::now();
            std::hint::black_box(t.run(p));
            s.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    let (p50, p95) = (samples[100], samples[190]);
    println!("{label:40} p50 {p50:8.1} µs   p95 {p95:8.1} µs");
    p95
}

#[test]
#[ignore]
fn run_timings() {
    let t = topics::find("fleet-efficiency").unwrap();
    time("defaults", &t.defaults());
    for pr in t.presets() {
        time(pr.id, &t.preset_params(pr, false).unwrap());
        time(
            &format!("{} + fix", pr.id),
            &t.preset_params(pr, true).unwrap(),
        );
    }
    let mut worst = t.defaults();
    worst
        .apply(&[
            ("pool_size", "256"),
            ("class", "bargain"),
            ("demand", "1000000"),
            ("share_pct", "60"),
            ("window", "hour"),
            ("mode", "steady"),
            ("shape", "diurnal"),
        ])
        .unwrap();
    time("256 bargain, 1M tok/s, hour, 60 %", &worst);
    let mut big = t.defaults();
    big.apply(&[("pool_size", "256"), ("demand", "500000")])
        .unwrap();
    time("256 flagship always-warm, 500k", &big);
}
