//! Timing of the warm-pool page's run() on a slider move:
//! `cargo test --release --test warm_pool_bench -- --ignored --nocapture`.

use fleetlab::model::Params;
use fleetlab::topics::find;
use std::time::Instant;

fn time(label: &str, a: &Params, b: &Params) {
    let t = find("warm-pool").unwrap();
    let mut ms = Vec::new();
    for i in 0..200 {
        let p = if i % 2 == 0 { a } else { b };
        let t0 = Instant::now();
        let out = t.run(p);
        ms.push(t0.elapsed().as_secs_f64() * 1e3);
        assert!(!out.figures.is_empty());
    }
    ms.sort_by(|x, y| x.partial_cmp(y).unwrap());
    println!(
        "warm-pool run(), {label}: p50 {:.3} ms, p95 {:.3} ms",
        ms[ms.len() / 2],
        ms[ms.len() * 95 / 100]
    );
}

#[test]
#[ignore]
fn run_timing() {
    let t = find("warm-pool").unwrap();
    let base = t.defaults();
    // The pool slider: the per-pool curve is reused, one burst is simulated.
    let mut w2 = base.clone();
    w2.set("warm", "2").unwrap();
    time("warm slider (memo hit)", &base, &w2);
    // The rise slider: every pool size below the burst is simulated again.
    let mut r = base.clone();
    r.set("rise_s", "65").unwrap();
    time("rise slider (memo miss, k = 4)", &base, &r);
    // The worst case: a burst of 16 replicas.
    let mut k16 = base.clone();
    k16.set("burst_replicas", "16").unwrap();
    let mut k16r = k16.clone();
    k16r.set("rise_s", "65").unwrap();
    time("rise slider (memo miss, k = 16)", &k16, &k16r);
}
