//! The topic's tests: the model's arithmetic against the dimensions, the
//! stories, the preview, and the engine's books under random replicas and
//! traffic.

use super::*;
use params::PARAMS;

/// The story `id`.
fn preset(id: &str) -> &'static crate::model::Preset {
    params::PRESETS.iter().find(|p| p.id == id).unwrap()
}

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
    let story = preset("memory-caps-batch");
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

/// The engine: no request lost, no block made or lost, Little's law.
mod engine {
    use super::super::params::{Input, BLOCK_TOKENS};
    use super::super::sim::Engine;
    use super::super::sim_page::stats;
    use crate::model::Params;
    use proptest::prelude::*;

    /// Steps `e` to the end, holding the engine's books at every step: every
    /// block is free or held by one running sequence, no request is in two
    /// places, the clock never runs back.
    fn run_audited(e: &mut Engine) {
        let total = e.replica.blocks;
        let mut last_now = e.now;
        while e.within_budget() && e.step() {
            let held: u32 = e.running.iter().map(|s| s.blocks).sum();
            assert_eq!(held + e.free_blocks, total, "blocks lost or made");
            assert!(e.now >= last_now, "the clock ran back");
            last_now = e.now;
            for s in &e.running {
                assert!(s.computed <= s.target + e.requests[s.req as usize].output);
                assert!(s.blocks * BLOCK_TOKENS >= s.computed.min(s.target));
                assert!(
                    !e.waiting.contains(&s.req),
                    "request {} both waiting and running",
                    s.req
                );
            }
        }
    }

    fn params(pairs: &[(&str, String)]) -> Params {
        let mut p = Params::defaults(&super::super::params::PARAMS);
        for (k, v) in pairs {
            p.set(k, v).unwrap();
        }
        p
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// Over random replicas and traffic: no request lost (each finished,
        /// refused or still in the replica), no negative wait, no NaN.
        #[test]
        fn no_request_lost(
            model in prop::sample::select(vec!["8b", "70b"]),
            gpu in prop::sample::select(vec!["h100", "b200", "a100"]),
            tp in prop::sample::select(vec!["1", "2", "4", "8"]),
            bits in prop::sample::select(vec!["16", "8"]),
            rate in 0.1f64..60.0,
            prompt in 16u32..9000,
            output in 1u32..900,
            long_share in 0.0f64..0.2,
            batch in 1u32..512,
            chunked in prop::sample::select(vec!["on", "off"]),
            budget in 1u32..40,
            arrivals in prop::sample::select(vec!["poisson", "bursty"]),
            seed in 0u32..999,
        ) {
            let p = params(&[
                ("model", model.into()), ("gpu", gpu.into()), ("tp", tp.into()),
                ("weight_bits", bits.into()), ("kv_bits", bits.into()),
                ("arrival_rps", format!("{rate:.2}")), ("prompt_tokens", prompt.to_string()),
                ("output_tokens", output.to_string()), ("long_share", format!("{:.3}", long_share)),
                ("max_batch", batch.to_string()), ("chunked_prefill", chunked.into()),
                ("step_tokens", (budget * 256).to_string()), ("arrivals", arrivals.into()),
                ("requests", "200".into()), ("seed", seed.to_string()),
            ]);
            let inp = Input::read(&p);
            let mut e = Engine::new(&inp);
            run_audited(&mut e);
            let n = e.requests.len();
            let refused = e.records.iter().filter(|r| r.refused).count();
            let done = e.records.iter().filter(|r| !r.done.is_nan()).count();
            let inside = e.waiting.len() + e.running.len() + (n - e.arrived());
            prop_assert_eq!(refused + done + inside, n, "a request was lost");
            for (req, rec) in e.requests.iter().zip(&e.records) {
                if !rec.first.is_nan() {
                    prop_assert!(rec.first >= req.arrival, "a first token before its arrival");
                    prop_assert!(rec.max_gap >= 0.0 && rec.last >= rec.first);
                }
                if !rec.done.is_nan() {
                    prop_assert_eq!(rec.generated, req.output);
                }
            }
            let s = stats(&e, 2.0, 0.05);
            for v in [s.ttft_p99.value, s.tpot_p99.value, s.stall_p99.value, s.tokens_per_s, s.in_system] {
                prop_assert!(v.is_finite() && v >= 0.0);
            }
        }
    }

    /// Little's law holds on a drained run: requests in the replica on
    /// average = requests finished a second × mean time in the replica.
    #[test]
    fn littles_law_on_drained_runs() {
        for rate in ["2", "8", "20"] {
            let p = params(&[("arrival_rps", rate.into())]);
            let inp = Input::read(&p);
            let mut e = Engine::new(&inp);
            e.run();
            assert!(e.drained());
            let s = stats(&e, 2.0, 0.05);
            let lambda_w = super::super::model::littles_law(s.finished_per_s, s.mean_latency);
            assert!(
                (s.in_system - lambda_w).abs() <= 1e-6 * s.in_system,
                "at {rate} req/s: {} in the replica against λW = {lambda_w}",
                s.in_system
            );
        }
    }
}

/// The rate the replica sustains is told in three places, the figure, the
/// note and the tails chart's summary: each gives the output tokens a second
/// the run at that rate made, the same number.
#[test]
fn the_sustained_tokens_are_the_same_number_wherever_they_are_told() {
    for pairs in [&[][..], &[("model", "70b"), ("tp", "4")][..]] {
        let out = with(pairs);
        let tok = out.get("sustained_tok_s").unwrap();
        assert!(tok > 0.0, "{pairs:?}");
        let said = crate::model::units::number(tok.round());
        let chart = out.charts.iter().find(|c| c.id == "load").unwrap();
        assert!(
            chart
                .summary
                .contains(&format!("the run made {said} output tokens")),
            "{}",
            chart.summary
        );
        let note = out
            .notes
            .iter()
            .find_map(|n| match n {
                Note::Info(t) if t.contains("sustains about") => Some(t),
                _ => None,
            })
            .unwrap();
        assert!(
            note.contains(&format!(": {said} output tokens a second")),
            "{note}"
        );
    }
}

/// A tail's interval whose two ends read the same is told as one value
/// with its reason, never as "78.55 ms to 78.55 ms": at the default the
/// longest pause is one step's length for every reply near the tail.
#[test]
fn an_interval_of_one_value_says_so() {
    let out = with(&[]);
    let stall = out.checks.iter().find(|c| c.id == "stall_p99").unwrap();
    assert!(
        stall
            .why
            .contains("at both ends: the replies around that rank"),
        "{}",
        stall.why
    );
    // Ends that only round alike (1.5 h, from 5,429,828 ms and 5,498,011
    // ms) are not told as one value.
    let topic: &dyn crate::model::Topic = &TOPIC;
    let caps = topic.preset("memory-caps-batch").unwrap();
    let out = run(&topic.preset_params(caps, false).unwrap());
    let ttft = out.checks.iter().find(|c| c.id == "ttft_p99").unwrap();
    assert!(
        ttft.why.contains("1.5 h at both ends, as rounded"),
        "{}",
        ttft.why
    );
    for preset in topic.presets() {
        for fix in [false, true] {
            let p = topic.preset_params(preset, fix).unwrap();
            for c in &run(&p).checks {
                for told in c.why.split("95 % interval ").skip(1) {
                    let told = told.split([')', ';', ':']).next().unwrap();
                    if let Some((lo, hi)) = told.split_once(" to ") {
                        assert_ne!(lo, hi, "{}: {}", preset.id, c.why);
                    }
                }
            }
        }
    }
}

/// Where the weights overflow a GPU's usable memory, the memory chart says
/// so and draws what does not fit above it (weights that fit plus those
/// that do not are the whole weights); where they fit, it has no such set.
#[test]
fn the_memory_chart_shows_weights_that_do_not_fit() {
    use crate::model::Plot;
    let chart = |pairs: &[(&str, &str)]| {
        let out = with(pairs);
        out.charts.into_iter().find(|c| c.id == "memory").unwrap()
    };
    let c = chart(&[("model", "70b"), ("tp", "1")]);
    assert!(
        c.summary
            .contains("on 1 GPU the weights alone overflow the memory"),
        "{}",
        c.summary
    );
    let Plot::Bars(b) = &c.plot else {
        panic!("bars")
    };
    let set = |name: &str| &b.sets.iter().find(|s| s.name == name).unwrap().values;
    let (fit, over) = (set("weights"), set("weights that do not fit"));
    assert!(
        over[0] > 0.0 && over[1..].iter().all(|&v| v == 0.0),
        "{over:?}"
    );
    for k in 0..fit.len() {
        assert!(
            (fit[k] + over[k] - fit[fit.len() - 1]).abs() < 1e-9,
            "{fit:?} {over:?}"
        );
    }
    let c = chart(&[]);
    assert!(!c.summary.contains("overflow"), "{}", c.summary);
    let Plot::Bars(b) = &c.plot else {
        panic!("bars")
    };
    assert!(b.sets.iter().all(|s| s.name != "weights that do not fit"));
}

/// On the first story the per-token tail fails for the requests that were
/// preempted and prefilled again (a batch the KV cache holds small steps
/// faster, not slower): its reason says so, and its lever adds GPUs.
#[test]
fn a_slow_token_tail_on_the_capped_story_is_told_by_its_preemptions() {
    let story = preset("memory-caps-batch");
    let out = with(story.set);
    let v = out.checks.iter().find(|c| c.id == "tpot_p99").unwrap();
    assert!(!v.pass && v.lever == Some("tp"), "{v:?}");
    assert!(v.why.contains("preempted"), "{}", v.why);
    assert!(!v.why.contains("cannot grow"), "{}", v.why);
}

/// Where no rate meets all three targets, the tails chart names the tail
/// that misses at the slowest rate tried, and speaks of runs stopped by a
/// failed first-token tail only where that tail failed (the long-prompt
/// story's pauses fail; its first tokens come within 1 s).
#[test]
fn the_tails_chart_names_the_tail_that_misses() {
    let caption = |id: &str| {
        let out = with(preset(id).set);
        out.charts
            .into_iter()
            .find(|c| c.id == "load")
            .unwrap()
            .summary
    };
    let stall = caption("long-prompt-stall");
    assert!(
        stall.contains("where the longest-pause p99 is over its target"),
        "{stall}"
    );
    assert!(!stall.contains("first-token"), "{stall}");
    let capped = caption("memory-caps-batch");
    assert!(
        capped.contains("first-token p99") && capped.contains("lower bounds"),
        "{capped}"
    );
}
