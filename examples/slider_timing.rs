//! Times a topic's `run()` the way a dragged slider calls it: one story, one
//! parameter stepping to a new value on every call (so no cache holds the
//! answer), and prints ms per call (each value's fastest of five drags).
//! Also prints a digest of every outcome, so two builds can be compared
//! value for value:
//!
//! ```text
//! cargo run --release -q --example slider_timing                  # both topics
//! cargo run --release -q --example slider_timing -- autoscaling    # one
//! ```

use fleetlab::model::{Params, Topic};
use fleetlab::topics;
use std::time::Instant;

/// The stories timed, with the slider each drags and the values it takes.
fn sliders() -> Vec<(&'static str, &'static str, Vec<f64>)> {
    // A drag over the peak slider's range (100 tok/s a step), every value new.
    let peaks: Vec<f64> = (0..400)
        .map(|i| 1000.0 + 100.0 * (i * 7 % 400) as f64)
        .collect();
    // The cards-after slider dragged up from 1 to 512, one card a step, and
    // back down by odd steps.
    let mut cards: Vec<f64> = (1..=512).map(|n| n as f64).collect();
    cards.extend((1..=170).rev().map(|i| (3 * i - 1) as f64));
    vec![
        ("autoscaling", "peak", peaks),
        ("consistent-hashing", "cards_after", cards),
    ]
}

/// Drags over the values, each value's time the fastest of them.
const PASSES: usize = 5;

fn fnv(h: &mut u64, s: &str) {
    for b in s.bytes() {
        *h = (*h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let only: Option<String> = std::env::args().nth(1);
    let mut all = 0xcbf2_9ce4_8422_2325u64;
    for (id, slider, values) in sliders() {
        if only.as_deref().is_some_and(|o| o != id) {
            continue;
        }
        let topic: &dyn Topic = topics::find(id).expect("topic");
        for preset in topic.presets() {
            for fix in [false, true] {
                if fix && preset.fix.is_none() {
                    continue;
                }
                let base: Params = topic.preset_params(preset, fix).expect("preset");
                // Each value's fastest of PASSES drags: the machine is shared,
                // and the fastest is the least disturbed.
                let mut ms = vec![f64::INFINITY; values.len()];
                let mut digest = 0xcbf2_9ce4_8422_2325u64;
                for pass in 0..PASSES {
                    for (i, &v) in values.iter().enumerate() {
                        let mut p = base.clone();
                        p.set_value(slider, v).expect("value");
                        let t0 = Instant::now();
                        let out = std::hint::black_box(topic.run(&p));
                        ms[i] = ms[i].min(t0.elapsed().as_secs_f64() * 1e3);
                        if pass == 0 {
                            fnv(&mut digest, &format!("{out:?}"));
                        }
                    }
                }
                fnv(&mut all, &format!("{digest:x}"));
                ms.sort_by(f64::total_cmp);
                let mean = ms.iter().sum::<f64>() / ms.len() as f64;
                let p95 = ms[ms.len() * 95 / 100];
                let label = format!("{}{}", preset.id, if fix { " +fix" } else { "" });
                println!(
                    "{id:<20} {label:<22} {slider:<12} n={:<4} mean {mean:.3} ms  p50 {:.3}  p95 {p95:.3}  max {:.3}  digest {digest:016x}",
                    ms.len(),
                    ms[ms.len() / 2],
                    ms[ms.len() - 1],
                );
            }
        }
    }
    println!("all digests {all:016x}");
}
