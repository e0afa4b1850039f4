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

mod challenges;
mod charts;
mod checks;
mod figures;
mod model;
mod notes;
mod notes_math;
mod params;
mod scene;
mod scene_draw;
mod sim;
mod sim_draws;
mod sim_page;
mod sim_stats;

use crate::model::units::number;
use crate::model::{Declared, Note, Outcome, Params};
use model::Replica;
use params::Input;
use sim_page::{Run, Sustained};

pub use challenges::SOLVER;
pub use model::{decode_floor_s, kv_bytes_per_token, kv_memory_bytes, littles_law};
pub use notes_math::MATH;
pub use params::{
    Arrivals, Bits, Gpu, GpuKind, Model, ModelShape, Tp, A100, B200, BLOCK_TOKENS, H100, MODEL_70B,
    MODEL_8B,
};
pub use scene::SCENE;

pub static TOPIC: Declared = declared!(run, engine: Some(sim_page::ENGINE), preview: Some(preview));

fn run(p: &Params) -> Outcome {
    let inp = Input::read(p);
    let replica = Replica::new(&inp.hw);
    let run = sim_page::page_run(&inp, replica);
    let sustained = sim_page::sustained(&inp, replica);
    outcome(&inp, &replica, &run, &sustained)
}

/// While a slider moves: the outcome of a short run (and a coarser search
/// for the sustained rate), unless the full run of these values is at hand.
fn preview(p: &Params) -> Option<Outcome> {
    let inp = Input::read(p);
    let replica = Replica::new(&inp.hw);
    let (run, full) = sim_page::preview_run(&inp, replica)?;
    let sustained = sim_page::sustained_preview(&inp, replica);
    let mut out = outcome(&inp, &replica, &run, &sustained);
    out.notes.insert(0, Note::Info(format!(
        "A first look while the slider moves: the simulated figures come from a short run of {} requests, so their intervals are wider; the full run of {} requests follows once the slider rests.",
        number(sim_page::PREVIEW_REQUESTS as f64),
        number(full as f64),
    )));
    Some(out)
}

fn outcome(inp: &Input, r: &Replica, run: &Run, sustained: &Sustained) -> Outcome {
    let mut out = Outcome::default();
    figures::figures(inp, r, &run.stats, sustained, &mut out);
    checks::checks(inp, r, &run.stats, &mut out);
    charts::charts(inp, r, run, sustained, &mut out);
    notes::notes(inp, r, &run.stats, sustained, &mut out);
    out
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use params::PARAMS;

    fn with(pairs: &[(&str, &str)]) -> Outcome {
        let mut p = Params::defaults(&PARAMS);
        p.apply(pairs).unwrap();
        run(&p)
    }

    /// KV bytes per token is 2 × layers × KV heads × head size × bytes, for
    /// every model and KV format; the 70B-class model in 16 bits is the
    /// seed cards' 320 KB (KiB) per token.
    #[test]
    fn kv_bytes_per_token_from_the_dimensions() {
        for (model, shape) in [("8b", MODEL_8B), ("70b", MODEL_70B)] {
            for (bits, bytes) in [("16", 2.0), ("8", 1.0)] {
                let got = with(&[("model", model), ("kv_bits", bits), ("requests", "200")])
                    .get("kv_bytes_per_token")
                    .unwrap();
                let want = 2.0 * (shape.layers * shape.kv_heads * shape.head_dim) as f64 * bytes;
                assert_eq!(got, want, "{model} at {bits} bits");
            }
        }
        let seed = with(&[("model", "70b"), ("kv_bits", "16"), ("requests", "200")]);
        assert_eq!(seed.get("kv_bytes_per_token"), Some(320.0 * 1024.0));
    }

    /// The decode floor is the weights over the replica's bandwidth, for
    /// every model, GPU, size and weight format.
    #[test]
    fn decode_floor_is_weights_over_bandwidth() {
        for (model, shape) in [("8b", MODEL_8B), ("70b", MODEL_70B)] {
            for (gpu, spec) in [("h100", H100), ("b200", B200), ("a100", A100)] {
                for tp in ["1", "2", "4", "8"] {
                    for (bits, bytes) in [("16", 2.0), ("8", 1.0)] {
                        let out = with(&[
                            ("model", model),
                            ("gpu", gpu),
                            ("tp", tp),
                            ("weight_bits", bits),
                            ("requests", "200"),
                            ("arrival_rps", "0.5"),
                        ]);
                        let tp: f64 = tp.parse().unwrap();
                        let want = shape.params * bytes / (tp * spec.bandwidth) * 1000.0;
                        let got = out.get("decode_floor_ms").unwrap();
                        assert!(
                            (got - want).abs() <= 1e-9 * want,
                            "{model} {gpu} ×{tp} {bits}: {got} ≠ {want}"
                        );
                    }
                }
            }
        }
    }

    /// More memory for the KV cache never fits fewer sequences: more GPUs, a
    /// larger share of each, a smaller reserve, 8-bit weights or KV.
    #[test]
    fn more_kv_memory_never_fits_fewer_sequences() {
        use model::{kv_blocks, kv_memory_bytes};
        let fits = |tp: u32, share: f64| {
            let kv = kv_memory_bytes(80.0 * params::GIB, share, tp, 141.2e9, 5e9);
            let tokens = kv_blocks(kv, 327_680.0, BLOCK_TOKENS) as f64 * BLOCK_TOKENS as f64;
            model::sequences_that_fit(tokens, 8000.0)
        };
        for tp in [1, 2, 4] {
            for share in [0.5, 0.7, 0.9] {
                assert!(
                    fits(tp * 2, share) >= fits(tp, share),
                    "tp {tp}, share {share}"
                );
                assert!(
                    fits(tp, share + 0.08) >= fits(tp, share),
                    "tp {tp}, share {share}"
                );
            }
        }
        let fits = |pairs: &[(&str, &str)]| {
            let mut all = vec![
                ("model", "70b"),
                ("tp", "2"),
                ("requests", "200"),
                ("arrival_rps", "0.5"),
            ];
            all.extend_from_slice(pairs);
            with(&all).get("max_sequences").unwrap()
        };
        let base = fits(&[]);
        assert!(fits(&[("tp", "4")]) >= base);
        assert!(fits(&[("kv_bits", "8")]) >= base);
        assert!(fits(&[("weight_bits", "8")]) >= base);
        assert!(fits(&[("mem_util", "0.95")]) >= base);
        assert!(fits(&[("reserve_gb", "1")]) >= base);
    }

    /// The first story: about one 8k conversation fits in 16 bits on 2 ×
    /// H100; its fix, and 8-bit weights and KV instead, make room for dozens.
    #[test]
    fn memory_caps_the_batch_until_the_fix() {
        let story = params::PRESETS
            .iter()
            .find(|p| p.id == "memory-caps-batch")
            .unwrap();
        let mut p = Params::defaults(&PARAMS);
        p.apply(story.set).unwrap();
        p.set("requests", "200").unwrap();
        assert!(run(&p).get("max_sequences").unwrap() <= 2.0);
        let mut q = p.clone();
        q.apply(story.fix.unwrap().set).unwrap();
        assert!(run(&q).get("max_sequences").unwrap() >= 24.0);
        p.apply(&[("weight_bits", "8"), ("kv_bits", "8")]).unwrap();
        assert!(run(&p).get("max_sequences").unwrap() >= 24.0);
    }

    /// While a slider moves, the page shows a short run of the same shape;
    /// once the full run of these values is at hand, no preview.
    #[test]
    fn preview_has_the_full_runs_shape() {
        let p = Params::defaults(&PARAMS);
        let first = preview(&p).expect("a preview before the full run");
        let full = run(&p);
        let ids = |o: &Outcome| o.figures.iter().map(|f| f.id).collect::<Vec<_>>();
        assert_eq!(ids(&first), ids(&full));
        assert_eq!(first.checks.len(), full.checks.len());
        assert!(preview(&p).is_none());
    }
}
