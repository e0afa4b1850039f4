//! Inside one replica closer to production (issue #33): a step reads its
//! bytes at the bandwidth kernels reach (80 % of the datasheet's), and on
//! more than one GPU every layer's all-reduces take time; the seed card's
//! model unchanged. Run with `--nocapture` to print both models' figures for
//! each story ± fix.

mod common;

use common::fig;
use fleetlab::model::{Assumptions, Outcome, Params, Topic};

const T: &str = "inside-a-replica";

fn topic() -> &'static dyn Topic {
    common::topic(T)
}

/// The page's defaults with `pairs` set, under `a`.
fn page(pairs: &[(&str, &str)], a: Assumptions) -> Params {
    common::page(T, pairs, a)
}

/// Both models' outcomes of the same values.
fn both(pairs: &[(&str, &str)]) -> (Outcome, Outcome) {
    let t = topic();
    (
        t.run(&page(pairs, Assumptions::Seed)),
        t.run(&page(pairs, Assumptions::Production)),
    )
}

/// Every story with and without its fix, under `a`.
fn stories(a: Assumptions) -> Vec<(String, Params)> {
    let t = topic();
    let mut out = Vec::new();
    for p in t.presets() {
        out.push((
            p.id.to_string(),
            t.preset_params(p, false).unwrap().under(a),
        ));
        if p.fix.is_some() {
            out.push((
                format!("{}+fix", p.id),
                t.preset_params(p, true).unwrap().under(a),
            ));
        }
    }
    out
}

/// The memory is the same whichever model: the weights, the KV cache, the
/// sequences that fit and the decode floor (the datasheet's bound) do not
/// move; the steps (and so the run's tails and rates) do, on every story.
#[test]
fn memory_and_the_floor_stay_the_steps_move() {
    let seed = stories(Assumptions::Seed);
    let prod = stories(Assumptions::Production);
    for ((name, s), (_, p)) in seed.iter().zip(&prod) {
        let (s, p) = (topic().run(s), topic().run(p));
        for id in [
            "weights_gb",
            "kv_memory_gb",
            "kv_tokens",
            "max_sequences",
            "decode_floor_ms",
        ] {
            assert_eq!(fig(&s, id), fig(&p, id), "{name}: {id}");
        }
        println!(
            "{name}: TPOT p50 {:.2} → {:.2} ms, p99 {:.2} → {:.2} ms; TTFT p99 {:.0} → {:.0} ms; {:.0} → {:.0} tok/s; sustains {:.3} → {:.3} req/s",
            fig(&s, "tpot_p50_ms"),
            fig(&p, "tpot_p50_ms"),
            fig(&s, "tpot_p99_ms"),
            fig(&p, "tpot_p99_ms"),
            fig(&s, "ttft_p99_ms"),
            fig(&p, "ttft_p99_ms"),
            fig(&s, "throughput_tok_s"),
            fig(&p, "throughput_tok_s"),
            fig(&s, "sustained_rps"),
            fig(&p, "sustained_rps"),
        );
        assert!(
            fig(&p, "tpot_p50_ms") > fig(&s, "tpot_p50_ms"),
            "{name}: every decode step is longer closer to production"
        );
        assert!(
            fig(&p, "ridge_tokens") > fig(&s, "ridge_tokens"),
            "{name}: reading the weights takes longer, so the ridge moves up"
        );
    }
}

/// On one GPU with no step overhead, a memory-bound decode step is its
/// bytes over the bandwidth: closer to production, at 80 % of the
/// datasheet's, the time per output token is 1/0.8 = 1.25 times the seed
/// card's and the tokens a second of a full batch 0.8 times.
#[test]
fn tpot_and_tokens_a_second_scale_with_the_bandwidth_reached() {
    // A batch of 32 short prompts always full: every step decodes 32
    // sequences, far under the ridge (memory-bound).
    let full = [
        ("step_overhead_ms", "0"),
        ("prompt_tokens", "16"),
        ("output_tokens", "250"),
        ("max_batch", "32"),
        ("arrival_rps", "100"),
        ("requests", "400"),
    ];
    let (s, p) = both(&full);
    let ratio = fig(&p, "throughput_tok_s") / fig(&s, "throughput_tok_s");
    println!("full batch: tokens a second × {ratio:.4}");
    assert!((ratio - 0.8).abs() < 0.01, "tokens a second × {ratio}");
    // One sequence at a time: its time per token is one step's.
    let alone = [
        ("step_overhead_ms", "0"),
        ("arrival_rps", "0.05"),
        ("requests", "200"),
    ];
    let (s, p) = both(&alone);
    let ratio = fig(&p, "tpot_p50_ms") / fig(&s, "tpot_p50_ms");
    println!("alone: TPOT × {ratio:.4}");
    assert!((ratio - 1.25).abs() < 0.01, "TPOT × {ratio}");
    // With the card's 2 ms overhead a step is less than 1.25 times longer:
    // the overhead does not read memory.
    let (s, p) = both(&[("arrival_rps", "0.05"), ("requests", "200")]);
    let ratio = fig(&p, "tpot_p50_ms") / fig(&s, "tpot_p50_ms");
    assert!(
        ratio > 1.1 && ratio < 1.25,
        "TPOT × {ratio} with the overhead"
    );
}

/// A compute-bound step does not move with the bandwidth: on one GPU the
/// long prompt prefilled whole (chunked prefill off) freezes the replies for
/// the same time under both models.
#[test]
fn a_compute_bound_prefill_does_not_move_on_one_gpu() {
    let t = topic();
    let pr = t.preset("long-prompt-stall").unwrap();
    let seed = t.run(&t.preset_params(pr, false).unwrap());
    let prod = t.run(
        &t.preset_params(pr, false)
            .unwrap()
            .under(Assumptions::Production),
    );
    let (a, b) = (fig(&seed, "stall_p99_ms"), fig(&prod, "stall_p99_ms"));
    assert!((b / a - 1.0).abs() < 0.01, "stall p99 {a} → {b}");
}

/// More GPUs read faster, but closer to production each step also waits on
/// every layer's all-reduces, which grow with the GPUs: for the 70B-class
/// model decoding alone, the time per token halves from 2 to 4 GPUs and from
/// 4 to 8 on the seed card, and gains less each time closer to production.
#[test]
fn more_gpus_gain_less_than_linearly_with_the_all_reduce() {
    let tpot = |tp: &str, a: Assumptions| {
        let p = page(
            &[
                ("model", "70b"),
                ("tp", tp),
                ("step_overhead_ms", "0"),
                ("arrival_rps", "0.05"),
                ("requests", "200"),
            ],
            a,
        );
        fig(&topic().run(&p), "tpot_p50_ms")
    };
    for a in Assumptions::ALL {
        let (t2, t4, t8) = (tpot("2", a), tpot("4", a), tpot("8", a));
        let (g24, g48) = (t2 / t4, t4 / t8);
        println!(
            "{}: TPOT {t2:.2} / {t4:.2} / {t8:.2} ms; gains × {g24:.3}, × {g48:.3}",
            a.word()
        );
        if a.is_production() {
            assert!(g24 < 1.95 && g24 > 1.5, "2 → 4 GPUs: × {g24}");
            assert!(
                g48 < g24 - 0.05,
                "4 → 8 GPUs gains less: × {g48} after × {g24}"
            );
        } else {
            assert!((g24 - 2.0).abs() < 0.02, "seed 2 → 4 GPUs: × {g24}");
            assert!((g48 - 2.0).abs() < 0.02, "seed 4 → 8 GPUs: × {g48}");
        }
    }
}

/// The first story with a fix moves under production (the page's browser
/// test needs a figure to move), and its fix, four GPUs, sustains less:
/// reading at the bandwidth reached and all-reducing, a 4-GPU replica
/// carries fewer requests within its targets.
#[test]
fn the_memory_story_and_its_fix_move() {
    let t = topic();
    let first = t.presets().iter().find(|p| p.fix.is_some()).unwrap();
    assert_eq!(first.id, "memory-caps-batch");
    for fix in [false, true] {
        let seed = t.run(&t.preset_params(first, fix).unwrap());
        let prod = t.run(
            &t.preset_params(first, fix)
                .unwrap()
                .under(Assumptions::Production),
        );
        for id in ["tpot_p50_ms", "tpot_p99_ms", "ttft_p99_ms"] {
            assert!(fig(&prod, id) > fig(&seed, id), "fix {fix}: {id}");
        }
        if fix {
            let (a, b) = (fig(&seed, "sustained_rps"), fig(&prod, "sustained_rps"));
            assert!(b < 0.85 * a, "4 GPUs sustain {a} → {b} req/s");
        }
    }
}

/// The seed card's model is what a run gives unless production is asked
/// for: the defaults and the seed model are the same run.
#[test]
fn the_seed_model_is_the_default() {
    let t = topic();
    let a = t.run(&t.defaults());
    let b = t.run(&t.defaults().under(Assumptions::Seed));
    assert_eq!(format!("{:?}", a.figures), format!("{:?}", b.figures));
    let c = t.run(&t.defaults().under(Assumptions::Production));
    assert_ne!(format!("{:?}", a.figures), format!("{:?}", c.figures));
}
