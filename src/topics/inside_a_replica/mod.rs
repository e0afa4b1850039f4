//! # Inside one replica — simulator
//!
//! Where does a card's rate come from? One replica is `tp` GPUs holding a
//! model's weights, with the rest of their memory a paged KV cache; a
//! continuous-batching scheduler admits requests while the cache has room,
//! prefills their prompts and decodes their replies a token a step, each
//! step timed by a roofline. The page measures what users feel (time to
//! first token, time per output token, the longest pause) and what the
//! replica sustains (tokens a second, goodput).
//!
//! Map: params → model → sim_draws → sim → sim_stats → figures, checks,
//! notes, charts, scene, scene_draw → challenges.

mod checks;
mod figures;
mod model;
mod notes;
mod params;
mod scene;
mod scene_draw;
mod sim;
mod sim_draws;
mod sim_stats;

use crate::model::{Outcome, Params};
use model::Replica;
use params::Input;
use sim::Engine;

pub use model::{decode_floor_s, kv_bytes_per_token, kv_memory_bytes, littles_law};
pub use params::{Gpu, ModelShape, A100, B200, BLOCK_TOKENS, H100, MODEL_70B, MODEL_8B};
pub use scene::SCENE;

pub fn run(p: &Params) -> Outcome {
    let inp = Input::read(p);
    let replica = Replica::new(&inp.hw);
    let mut engine = Engine::with(replica, &inp.traffic);
    engine.run();
    let s = sim_stats::stats(&engine, inp.ttft_target_s, inp.tpot_target_s);
    let mut out = Outcome::default();
    figures::figures(&inp, &replica, &s, &mut out);
    checks::checks(&inp, &replica, &s, &mut out);
    notes::notes(&inp, &replica, &s, &mut out);
    out
}

#[cfg(test)]
mod explore {
    use super::*;
    fn show(label: &str, p: &Params) {
        let t0 = std::time::Instant::now();
        let out = run(p);
        let el = t0.elapsed();
        println!("== {label} ({:?})", el);
        for f in &out.figures {
            println!("  {} = {}", f.id, f.text());
        }
        for c in &out.checks {
            println!(
                "  [{}] {} {} lever={:?}",
                if c.pass { "pass" } else { "FAIL" },
                c.id,
                c.comparison(),
                c.lever
            );
        }
        for n in &out.notes {
            println!("  note {:?}", n);
        }
    }
    #[test]
    #[ignore]
    fn stories() {
        show("defaults", &Params::defaults(&params::PARAMS));
        for pr in params::PRESETS.iter() {
            let mut p = Params::defaults(&params::PARAMS);
            p.apply(pr.set).unwrap();
            show(pr.id, &p);
            if let Some(f) = pr.fix {
                p.apply(f.set).unwrap();
                show(&format!("{} + fix", pr.id), &p);
            }
        }
    }
}
#[cfg(test)]
mod scan {
    use super::*;
    #[test]
    #[ignore]
    fn scan() {
        let spec = std::env::var("SCAN").unwrap_or_default();
        for set in spec.split(';') {
            let mut p = Params::defaults(&params::PARAMS);
            let pairs: Vec<(&str, &str)> = set
                .split(',')
                .filter(|s| !s.is_empty())
                .map(|kv| kv.split_once('=').unwrap())
                .collect();
            p.apply(&pairs).unwrap();
            let out = run(&p);
            let g = |id: &str| out.get(id).unwrap();
            println!("{set:60} ttft50 {:8.0} ttft99 {:8.0} tpot50 {:6.1} tpot99 {:6.1} stall99 {:7.0} tok/s {:7.0} batch {:6.1} good {:.3} pre {:.3} unf {}",
              g("ttft_p50_ms"), g("ttft_p99_ms"), g("tpot_p50_ms"), g("tpot_p99_ms"), g("stall_p99_ms"), g("throughput_tok_s"), g("mean_batch"), g("good_share"), g("preempted_share"), g("unfinished"));
        }
    }
}
