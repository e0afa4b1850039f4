//! Invariants every topic keeps, checked over the whole registry (the way
//! ripgrep and regex test every entry of a table, not one by one): the ids,
//! presets, parameters and figure ids fixed in docs/contract.md; specs
//! that are well formed; presets and fixes that apply; runs that are total,
//! finite and deterministic; checks that explain themselves.

use fleetlab::model::chart::names;
use fleetlab::model::chart_layout::{layout, ChartLayout, Role};
use fleetlab::model::{
    Assumptions, Axis, Chart, Outcome, ParamKind, Params, Plot, RefLine, SplitMix64, Topic,
    TopicKind,
};
use fleetlab::topics::{self, CATALOG};

/// The contract of docs/contract.md: topic, presets in order, parameter
/// names that must exist, figure ids that must exist.
struct Contract {
    topic: &'static str,
    kind: TopicKind,
    presets: [&'static str; 3],
    params: &'static [&'static str],
    figures: &'static [&'static str],
}

const CONTRACTS: &[Contract] = &[
    Contract {
        topic: "consistent-hashing",
        kind: TopicKind::Explorer,
        presets: ["modulo-doubling", "ring-plus-one", "modulo-plus-one"],
        params: &[
            "cards_before",
            "cards_after",
            "families",
            "vnodes",
            "scheme",
            "bound",
            "copy_mb",
        ],
        figures: &[
            "copy_mb",
            "modulo_remap_share",
            "moved_share",
            "displaced_families",
            "rebuild_mb",
            "expected_move_share",
        ],
    },
    Contract {
        topic: "load-balancing",
        kind: TopicKind::Explorer,
        presets: ["round-robin", "hash", "hash-shard2"],
        params: &["cards", "hot_share", "family_share", "policy", "cap"],
        figures: &[
            "round_robin_share_per_card",
            "hash_busiest_card_share",
            "hash_card_fleet_points",
            "busiest_card_share",
        ],
    },
    Contract {
        topic: "autoscaling",
        kind: TopicKind::Explorer,
        presets: ["peak-with-spare", "gpu-util-trap", "late-ramp"],
        params: &[
            "replica_ceiling",
            "peak",
            "trough",
            "spare",
            "floor",
            "price_per_hour",
            "cold_start_s",
            "forecast_s",
            "drain_s",
            "signal",
        ],
        figures: &[
            "replicas_for_peak",
            "replicas_with_spare",
            "cost_per_hour_with_spare",
            "cost_per_hour_no_spare",
            "replicas_needed_at_half",
            "replicas_kept_at_half",
            "replicas_released_at_half",
        ],
    },
    Contract {
        topic: "warm-pool",
        kind: TopicKind::Explorer,
        presets: ["always-warm", "all-cold", "one-warm"],
        params: &["warm", "burst_replicas", "cold_start_s", "price_per_hour"],
        figures: &[
            "cold_start_s",
            "always_warm_per_day",
            "always_warm_per_year",
            "one_warm_per_year",
            "idle_rent_per_year",
        ],
    },
    Contract {
        topic: "inside-a-replica",
        kind: TopicKind::Simulator,
        presets: ["memory-caps-batch", "long-prompt-stall", "saturated"],
        params: &[
            "model",
            "gpu",
            "tp",
            "weight_bits",
            "kv_bits",
            "arrival_rps",
            "prompt_tokens",
            "output_tokens",
            "max_batch",
            "chunked_prefill",
            "step_tokens",
        ],
        figures: &[
            "kv_bytes_per_token",
            "kv_tokens",
            "max_sequences",
            "decode_floor_ms",
            "ttft_p50_ms",
            "ttft_p99_ms",
            "tpot_p50_ms",
            "tpot_p99_ms",
            "throughput_tok_s",
            "goodput_rps",
            "preempted_share",
            "sustained_tok_s",
        ],
    },
    Contract {
        topic: "cache-aware-routing",
        kind: TopicKind::Simulator,
        presets: ["round-robin-politeness", "hot-template", "silent-eviction"],
        params: &[
            "cards",
            "arrivals",
            "card_capacity",
            "scratch_gb",
            "hot_share",
            "families",
            "preamble_tokens",
            "kv_kb",
            "policy",
        ],
        figures: &[
            "copy_mb",
            "copies_per_card",
            "affinity",
            "hit_share",
            "busiest_share",
            "copies_demanded",
            "copies_held",
            "evicted_copies",
            "reprefills_per_s",
            "wasted_prefill_tok_s",
        ],
    },
    Contract {
        topic: "buying-the-fleet",
        kind: TopicKind::Simulator,
        presets: ["used-chip-bargain", "shiny-chip-bet", "api-tax"],
        params: &[
            "model",
            "demand_t",
            "owned_h100",
            "owned_b200",
            "owned_a100u",
            "rented_h100",
            "rented_b200",
            "rented_a100u",
            "card_month_h100",
            "card_month_b200",
            "card_month_a100u",
            "rent_premium",
            "fill_chip",
        ],
        figures: &[
            "capacity_t",
            "shortfall_t",
            "rented_fill_cards",
            "api_tokens_t",
            "api_bill",
            "bill",
            "blended_per_1m",
            "margin_share",
            "idle_share",
            "api_share",
            "commitment",
        ],
    },
    Contract {
        topic: "fleet-efficiency",
        kind: TopicKind::Simulator,
        presets: ["golden-idler", "noise-evictor", "bargain-shortfall"],
        params: &[
            "class",
            "pool_size",
            "seed",
            "demand",
            "window",
            "share_pct",
            "mode",
            "shape",
        ],
        figures: &[
            "bill",
            "warm_cards",
            "evicted",
            "wrong_evictions",
            "idle_dollars",
            "delivered_tok_s",
            "demand_tok_s",
            "shortage_share",
            "ideal_bill",
            "convergence",
        ],
    },
    Contract {
        topic: "tiers-and-rate-limits",
        kind: TopicKind::Simulator,
        presets: ["normal-day", "launch-day", "incident"],
        params: &[
            "service_ms",
            "prov_cards",
            "shared_cards",
            "paid_rps",
            "free_rps",
            "admit_share",
            "bucket_capacity",
            "spill_share",
            "burst_cards",
            "loss_prov",
            "loss_shared",
        ],
        figures: &[
            "provisioned_util",
            "paid_wait_ms",
            "shared_util",
            "free_wait_ms",
            "shed_share",
            "free_admitted_per_s",
            "burst_cards",
        ],
    },
];

fn built() -> Vec<&'static dyn Topic> {
    topics::all().collect()
}

fn is_snake(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && s.starts_with(|c: char| c.is_ascii_lowercase())
}

fn is_kebab(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

/// Every run a reader can reach from a button: defaults, each preset, each fix.
fn runs(t: &dyn Topic) -> Vec<(String, Params)> {
    let mut v = vec![("defaults".to_string(), t.defaults())];
    for p in t.presets() {
        v.push((p.id.to_string(), t.preset_params(p, false).unwrap()));
        if p.fix.is_some() {
            v.push((format!("{} + fix", p.id), t.preset_params(p, true).unwrap()));
        }
    }
    v
}

#[test]
fn catalog_is_the_eight_topics_of_the_spec_in_order() {
    let ids: Vec<_> = CATALOG.iter().map(|e| e.id()).collect();
    let want: Vec<_> = CONTRACTS.iter().map(|c| c.topic).collect();
    assert_eq!(ids, want);
    for (e, c) in CATALOG.iter().zip(CONTRACTS) {
        assert_eq!(e.kind(), c.kind, "{}", e.id());
        if let Some(t) = e.topic() {
            assert_eq!(t.id(), e.id(), "registry line and topic disagree");
            assert_eq!(
                t.title(),
                e.title(),
                "{}: menu title and page title disagree",
                e.id()
            );
            assert_eq!(t.kind(), e.kind(), "{}", e.id());
        }
    }
    assert!(!built().is_empty());
}

#[test]
fn contract_ids_exist() {
    for c in CONTRACTS {
        let Some(t) = topics::find(c.topic) else {
            continue;
        };
        let presets: Vec<_> = t.presets().iter().map(|p| p.id).collect();
        assert_eq!(presets, c.presets, "{}: preset ids and order", c.topic);
        let names: Vec<_> = t.params().iter().map(|p| p.name).collect();
        for want in c.params {
            assert!(
                names.contains(want),
                "{}: parameter {want} missing",
                c.topic
            );
        }
        for (label, p) in runs(t) {
            let out = t.run(&p);
            for want in c.figures {
                assert!(
                    out.get(want).is_some(),
                    "{} / {label}: figure {want} missing",
                    c.topic
                );
            }
        }
    }
}

#[test]
fn topics_describe_themselves() {
    for t in built() {
        assert!(is_kebab(t.id()), "{}", t.id());
        assert!(
            !t.title().is_empty() && t.question().ends_with('?'),
            "{}",
            t.id()
        );
        assert!(
            t.source().contains("seed"),
            "{}: name the seed card it follows",
            t.id()
        );
        // A topic no seed card sketches names its first model as its own;
        // its scene offers no side by side whose words name a seed card's.
        if t.about().base != fleetlab::model::Base::SeedCard {
            assert!(
                !fleetlab::topics::scene(t.id()).is_some_and(|s| s.production),
                "{}: the two models side by side say \"the seed card's model\"",
                t.id()
            );
        }
        assert_eq!(t.presets().len(), 3, "{}: three preset stories", t.id());
        assert!(!t.checks().is_empty(), "{}", t.id());
        let mut ids: Vec<_> = t.checks().iter().map(|c| c.id).collect();
        ids.dedup();
        assert_eq!(ids.len(), t.checks().len(), "{}: check ids unique", t.id());
        for c in t.checks() {
            assert!(
                is_snake(c.id) && !c.label.is_empty() && !c.rule.is_empty(),
                "{}: {}",
                t.id(),
                c.id
            );
        }
    }
}

#[test]
fn parameter_specs_are_well_formed() {
    for t in built() {
        let mut seen = std::collections::HashSet::new();
        for s in t.params() {
            assert!(is_snake(s.name), "{}: {}", t.id(), s.name);
            assert!(seen.insert(s.name), "{}: {} declared twice", t.id(), s.name);
            assert!(
                !s.label.is_empty() && !s.help.is_empty(),
                "{}: {}",
                t.id(),
                s.name
            );
            assert!(
                s.source.len() > 5,
                "{}: {} must say where its default comes from",
                t.id(),
                s.name
            );
            assert!(
                s.check(s.default).is_ok(),
                "{}: default of {} is not allowed by its own spec",
                t.id(),
                s.name
            );
            match s.kind {
                ParamKind::Number {
                    min,
                    max,
                    step,
                    log,
                } => {
                    assert!(min < max && step > 0.0, "{}: {}", t.id(), s.name);
                    assert!(!log || min > 0.0, "{}: a log slider needs min > 0", t.id());
                    // The text form round-trips through the parser (URL, CLI).
                    assert_eq!(s.parse(&s.show(s.default)).unwrap(), s.default);
                    assert!(s.parse(&format!("{}", max + step.max(1.0))).is_err());
                    assert!(s.parse("not a number").is_err());
                }
                ParamKind::Choice(options) => {
                    assert!(options.len() >= 2, "{}: {}", t.id(), s.name);
                    for (i, (word, label)) in options.iter().enumerate() {
                        assert!(is_kebab(word) && !label.is_empty(), "{}: {word}", t.id());
                        assert_eq!(s.parse(word).unwrap(), i as f64);
                    }
                    assert!(s.parse("no-such-choice").is_err());
                }
            }
        }
    }
}

#[test]
fn presets_and_fixes_apply_and_differ_from_their_base() {
    for t in built() {
        for p in t.presets() {
            assert!(is_kebab(p.id), "{}", p.id);
            assert!(
                !p.title.is_empty() && p.story.len() > 40,
                "{}: tell the story",
                p.id
            );
            let base = t
                .preset_params(p, false)
                .unwrap_or_else(|e| panic!("{}: {e}", p.id));
            if let Some(f) = &p.fix {
                assert!(
                    !f.set.is_empty() && !f.label.is_empty() && !f.explain.is_empty(),
                    "{}",
                    p.id
                );
                let fixed = t
                    .preset_params(p, true)
                    .unwrap_or_else(|e| panic!("{} fix: {e}", p.id));
                assert_ne!(base, fixed, "{}: the fix changes nothing", p.id);
            }
        }
    }
}

#[test]
fn runs_are_complete_finite_and_explained() {
    for t in built() {
        let mut figure_ids: Option<Vec<&str>> = None;
        for (label, p) in runs(t) {
            let out = t.run(&p);
            let ids: Vec<_> = out.figures.iter().map(|f| f.id).collect();
            // The same figures in the same order on every run: the page
            // updates them in place and the JSON keeps its shape.
            match &figure_ids {
                None => figure_ids = Some(ids.clone()),
                Some(first) => assert_eq!(first, &ids, "{} / {label}: figure set changed", t.id()),
            }
            let mut uniq = ids.clone();
            uniq.sort();
            uniq.dedup();
            assert_eq!(
                uniq.len(),
                ids.len(),
                "{} / {label}: figure ids unique",
                t.id()
            );
            for f in &out.figures {
                assert!(
                    is_snake(f.id) && !f.label.is_empty(),
                    "{}: {}",
                    t.id(),
                    f.id
                );
                assert!(!f.value.is_nan(), "{} / {label}: {} is NaN", t.id(), f.id);
            }
            let check_ids: Vec<_> = out.checks.iter().map(|c| c.id).collect();
            let spec_ids: Vec<_> = t.checks().iter().map(|c| c.id).collect();
            assert_eq!(
                check_ids,
                spec_ids,
                "{} / {label}: one verdict per declared check",
                t.id()
            );
            for v in &out.checks {
                assert!(
                    v.why.len() > 20,
                    "{} / {label}: {} must say why",
                    t.id(),
                    v.id
                );
                assert!(
                    !v.value.is_nan() && !v.threshold.is_nan(),
                    "{} / {label}: {}",
                    t.id(),
                    v.id
                );
                if !v.pass {
                    let lever = v.lever.unwrap_or_else(|| {
                        panic!("{} / {label}: failing {} names no lever", t.id(), v.id)
                    });
                    assert!(
                        t.params().iter().any(|s| s.name == lever),
                        "{}: lever {lever} is not a parameter",
                        t.id()
                    );
                }
            }
            charts_are_drawable(t.id(), &label, &out.charts);
            // Deterministic: the same parameters give the same outcome.
            assert_eq!(out, t.run(&p), "{} / {label}: not deterministic", t.id());
        }
    }
}

fn charts_are_drawable(topic: &str, label: &str, charts: &[Chart]) {
    assert!(!charts.is_empty(), "{topic} / {label}: no chart");
    let mut ids: Vec<_> = charts.iter().map(|c| c.id).collect();
    ids.dedup();
    assert_eq!(ids.len(), charts.len(), "{topic}: chart ids unique");
    for c in charts {
        assert!(
            !c.title.is_empty() && c.summary.len() > 20,
            "{topic} / {}: title and summary",
            c.id
        );
        match &c.plot {
            Plot::Xy(xy) => {
                assert!(!xy.series.is_empty(), "{topic} / {}", c.id);
                for s in &xy.series {
                    assert!(
                        !s.points.is_empty(),
                        "{topic} / {} / {}: empty series",
                        c.id,
                        s.name
                    );
                    assert!(
                        s.points.len() <= 5000,
                        "{topic} / {}: thin the series for drawing",
                        c.id
                    );
                    assert!(
                        s.points.iter().all(|p| !p.0.is_nan() && !p.1.is_nan()),
                        "{topic} / {}: NaN",
                        c.id
                    );
                }
            }
            Plot::Bars(b) => {
                assert!(
                    !b.categories.is_empty() && !b.sets.is_empty(),
                    "{topic} / {}",
                    c.id
                );
                for s in &b.sets {
                    assert_eq!(
                        s.values.len(),
                        b.categories.len(),
                        "{topic} / {}: one value per bar",
                        c.id
                    );
                }
            }
            Plot::Ring(r) => {
                assert!(
                    r.arcs
                        .iter()
                        .all(|a| a.start < a.end && a.end <= 1.0 + 1e-9),
                    "{topic}: arcs"
                );
                assert!(
                    r.dots.iter().all(|d| (0.0..1.0).contains(&d.at)),
                    "{topic}: dots"
                );
            }
        }
        let t = c.table();
        assert!(
            !t.headers.is_empty() && !t.rows.is_empty(),
            "{topic} / {}: the chart must read as a table",
            c.id
        );
        assert!(
            t.rows.iter().all(|r| r.len() == t.headers.len()),
            "{topic} / {}: ragged table",
            c.id
        );
    }
}

/// Every parameter drawn uniformly from its range (log-uniformly on a log
/// slider), every choice equally likely.
fn random_params(t: &dyn Topic, rng: &mut SplitMix64) -> Params {
    let mut p = t.defaults();
    for (i, s) in t.params().iter().enumerate() {
        let u = rng.next_unit();
        let v = match s.kind {
            ParamKind::Number { min, max, log, .. } if log => min * (max / min).powf(u),
            ParamKind::Number { min, max, .. } => min + (max - min) * u,
            ParamKind::Choice(o) => (u * o.len() as f64).floor(),
        };
        p.set_clamped(i, v);
    }
    p
}

/// Totality: any values the specs allow give a finished run with no NaN.
/// Random parameter vectors (seeded, so a failure reproduces) plus every
/// parameter at its minimum and maximum.
#[test]
fn every_allowed_value_gives_a_finished_run() {
    let mut rng = SplitMix64::new(2026);
    for t in built() {
        let specs = t.params();
        let mut cases: Vec<Params> = Vec::new();
        for (i, s) in specs.iter().enumerate() {
            if let ParamKind::Number { min, max, .. } = s.kind {
                for v in [min, max] {
                    let mut p = t.defaults();
                    p.set_clamped(i, v);
                    cases.push(p);
                }
            }
        }
        for _ in 0..40 {
            cases.push(random_params(t, &mut rng));
        }
        for p in cases {
            let out = t.run(&p);
            for f in &out.figures {
                assert!(
                    !f.value.is_nan(),
                    "{}: {} is NaN at {:?}",
                    t.id(),
                    f.id,
                    p.shown()
                );
            }
            for v in &out.checks {
                assert!(
                    !v.value.is_nan(),
                    "{}: check {} NaN at {:?}",
                    t.id(),
                    v.id,
                    p.shown()
                );
            }
        }
    }
}

/// A preview (what a page shows while a slider moves, where the full run
/// takes longer than a frame) is the run's outcome in shape: the same
/// figures, checks and charts by id, the same verdicts (checks never wait
/// for a simulation), values that are not NaN, and a note that says it is a
/// first look. Once the full run of the values is done, there is none.
#[test]
fn previews_are_runs_in_shape_and_end_with_the_run() {
    let mut rng = SplitMix64::new(77);
    let mut seen = 0;
    for t in built() {
        let mut cases: Vec<(String, Params)> = runs(t);
        for k in 0..6 {
            cases.push((format!("random {k}"), random_params(t, &mut rng)));
        }
        for (label, p) in cases {
            let Some(pre) = t.preview(&p) else { continue };
            seen += 1;
            let full = t.run(&p);
            let ids = |o: &fleetlab::model::Outcome| {
                (
                    o.figures.iter().map(|f| f.id).collect::<Vec<_>>(),
                    o.charts.iter().map(|c| c.id).collect::<Vec<_>>(),
                )
            };
            assert_eq!(ids(&pre), ids(&full), "{} {label}: preview's ids", t.id());
            // A topic whose checks judge simulated tails (inside a
            // replica) gives a short run's verdicts while the slider moves;
            // the checks, their thresholds and levers are the same.
            let judged = |o: &fleetlab::model::Outcome| {
                o.checks
                    .iter()
                    .map(|c| (c.id, c.threshold, c.cmp))
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                judged(&pre),
                judged(&full),
                "{} {label}: preview's checks",
                t.id()
            );
            assert!(
                pre.figures.iter().all(|f| !f.value.is_nan()),
                "{} {label}: a preview figure is NaN",
                t.id()
            );
            assert!(
                pre.notes.first().is_some_and(|n| !full.notes.contains(n)),
                "{} {label}: the preview says it is one",
                t.id()
            );
            assert!(
                t.preview(&p).is_none(),
                "{} {label}: a preview after the full run",
                t.id()
            );
        }
    }
    assert!(
        seen > 0,
        "no topic previews: the test would pass on nothing"
    );
}

/// A story with a fix fails a check and its fix passes every check; a story
/// that fails a check always carries a fix (every failing story makes its
/// point and shows the way out), so a story without one passes: a baseline,
/// like tiers' normal day or the warm pool's one warm replica.
#[test]
fn preset_fixes_flip_failing_stories_to_passing() {
    for t in built() {
        for p in t.presets() {
            let before = t.run(&t.preset_params(p, false).unwrap());
            match &p.fix {
                Some(fix) => {
                    let after = t.run(&t.preset_params(p, true).unwrap());
                    assert!(
                        !before.all_pass(),
                        "{} / {}: a preset with a fix fails first",
                        t.id(),
                        p.id
                    );
                    assert!(
                        after.all_pass(),
                        "{} / {} + fix '{}' must pass every check",
                        t.id(),
                        p.id,
                        fix.label
                    );
                }
                None => {
                    assert!(
                        before.all_pass(),
                        "{} / {}: a story without a fix is a passing baseline",
                        t.id(),
                        p.id
                    );
                }
            }
        }
    }
}

/// What a page shows first names what the topic declares: three or four of
/// its parameters, one to three figures that every reachable run gives,
/// each once; and the seed cards place every simulator after an explorer
/// that feeds it.
/// A key figure never contradicts its check: where a check judges the
/// value a key figure shows under the seed card's model, closer to
/// production the key figures show the value it judges then (a p95 where
/// the seed card's model judges a mean), not the other statistic beside it.
#[test]
fn key_figures_show_what_their_checks_judge_under_both_models() {
    // A key figure of the check's unit at its value (0 and 1, which many
    // figures take at once, tell nothing).
    let shown = |out: &Outcome, ids: &[&str], v: &fleetlab::model::Verdict| {
        out.figures
            .iter()
            .filter(|f| ids.contains(&f.id) && f.unit == v.unit)
            .any(|f| (f.value - v.value).abs() <= 1e-9 * v.value.abs().max(1.0))
    };
    let telling = |v: f64| v != 0.0 && v != 1.0;
    for t in built() {
        if t.about().differences.is_empty() {
            continue;
        }
        let keys = t.keys();
        for (label, params) in runs(t) {
            let prod = params.clone().under(Assumptions::Production);
            let (a, b) = (t.run(&params), t.run(&prod));
            for id in keys.production {
                assert!(
                    b.figures.iter().any(|f| f.id == *id),
                    "{} ({label}): production key figure {id} is not in the outcome",
                    t.id()
                );
            }
            for (va, vb) in a.checks.iter().zip(&b.checks) {
                // (A check that changes what it measures, a share under one
                // model and a multiple under the other, says so by its unit.)
                let same_kind = va.unit == vb.unit;
                if va.judged()
                    && vb.judged()
                    && same_kind
                    && telling(va.value)
                    && telling(vb.value)
                    && shown(&a, keys.figures, va)
                {
                    assert!(
                        shown(&b, keys.production, vb),
                        "{} ({label}): check {} judges {} closer to production, which no key figure shows",
                        t.id(),
                        vb.id,
                        vb.value
                    );
                }
            }
        }
    }
}

#[test]
fn key_parameters_and_figures_exist() {
    for t in built() {
        let keys = t.keys();
        assert!(
            (3..=4).contains(&keys.params.len()),
            "{}: {} key parameters",
            t.id(),
            keys.params.len()
        );
        assert!(
            (1..=3).contains(&keys.figures.len()),
            "{}: {} key figures",
            t.id(),
            keys.figures.len()
        );
        for (i, name) in keys.params.iter().enumerate() {
            assert!(
                t.params().iter().any(|s| s.name == *name),
                "{}: key parameter {name} is not declared",
                t.id()
            );
            assert!(!keys.params[..i].contains(name), "{}: {name} twice", t.id());
        }
        for (label, params) in runs(t) {
            let out = t.run(&params);
            for id in keys.figures {
                assert!(
                    out.figures.iter().any(|f| f.id == *id),
                    "{} ({label}): key figure {id} is not in the outcome",
                    t.id()
                );
            }
        }
        for (i, id) in keys.figures.iter().enumerate() {
            assert!(!keys.figures[..i].contains(id), "{}: {id} twice", t.id());
        }
        assert_eq!(keys.production.len(), keys.figures.len(), "{}", t.id());
        assert!(!t.seed_cards().is_empty(), "{}: no seed card", t.id());
    }
    let explorers: Vec<_> = built()
        .into_iter()
        .filter(|t| t.kind() == TopicKind::Explorer)
        .collect();
    for s in built()
        .into_iter()
        .filter(|t| t.kind() == TopicKind::Simulator)
    {
        assert!(
            explorers
                .iter()
                .any(|e| e.seed_cards().iter().any(|c| s.seed_cards().contains(c))),
            "{}: no explorer shares a seed card with it",
            s.id()
        );
    }
}

/// The chart canvases of the page, CSS px: a 360 px phone (one column,
/// `--chart-h` 260 px), a 1366 px desktop (two charts side by side, 320 px
/// high), one chart across a wide column, and an embed's lowest chart
/// height (160 px) on a phone.
const CANVASES: [(f64, f64); 4] = [
    (316.0, 260.0),
    (420.0, 320.0),
    (900.0, 320.0),
    (316.0, 160.0),
];

/// Random parameter states per topic for the chart text test.
const CHART_STATES: usize = 200;

/// Every text box every chart draws, for every story ± fix and 200 random
/// states at the page's canvas sizes: none overlaps another, none leaves
/// the canvas, nothing is cut short, every reference label is shown (by
/// its line or in the key), and each axis keeps two ticks to read a scale by.
#[test]
fn chart_text_never_overlaps_or_leaves_the_canvas() {
    let mut rng = SplitMix64::new(7);
    let (mut charts, mut layouts, mut boxes) = (0usize, 0usize, 0usize);
    for t in built() {
        let mut cases = runs(t);
        for k in 0..CHART_STATES {
            cases.push((format!("random state {k}"), random_params(t, &mut rng)));
        }
        for (label, p) in cases {
            for c in &t.run(&p).charts {
                charts += 1;
                for (w, h) in CANVASES {
                    let at = format!(
                        "{} / {label} / {} at {w}x{h} ({:?})",
                        t.id(),
                        c.id,
                        p.shown()
                    );
                    let l = layout(c, w, h);
                    text_is_clear(c, &l, &at);
                    layouts += 1;
                    boxes += l.labels.len();
                }
            }
        }
    }
    eprintln!("chart text: {charts} charts, {layouts} layouts, {boxes} text boxes, all clear");
}

fn text_is_clear(c: &Chart, l: &ChartLayout, at: &str) {
    let canvas = l.canvas();
    for (i, a) in l.labels.iter().enumerate() {
        assert!(a.rect.inside(&canvas), "{at}: {:?} leaves the canvas", a);
        assert!(
            !a.text.contains('…') && !a.text.trim().is_empty(),
            "{at}: {:?}",
            a.text
        );
        for b in &l.labels[i + 1..] {
            assert!(!a.rect.overlaps(&b.rect), "{at}: {:?} overlaps {:?}", a, b);
        }
    }
    let ticks = |left: bool| {
        l.labels
            .iter()
            .filter(|b| b.role == Role::Tick && (b.rect.right() <= l.plane.x) == left)
            .count()
    };
    let (hlines, vlines): (&[RefLine], &[RefLine]) = match &c.plot {
        Plot::Xy(xy) => {
            assert!(ticks(false) >= 2, "{at}: fewer than two x ticks");
            (&xy.hlines, &xy.vlines)
        }
        Plot::Bars(b) => (&b.hlines, &[]),
        Plot::Ring(_) => return,
    };
    assert!(ticks(true) >= 2, "{at}: fewer than two y ticks");
    // The data keeps its room: at least 100 px high on the page's canvases,
    // a third of an embed's lowest one, and half the width.
    let low = if l.height >= 260.0 {
        100.0
    } else {
        0.35 * l.height
    };
    assert!(
        l.plane.h >= low && l.plane.w >= 0.5 * l.width,
        "{at}: the plane shrank to {:?}",
        l.plane
    );
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let key: String = l
        .labels
        .iter()
        .filter(|b| b.role == Role::Key)
        .map(|b| squeeze(&b.text))
        .collect();
    for r in hlines.iter().chain(vlines) {
        let by_line = l
            .labels
            .iter()
            .any(|b| b.role == Role::Reference && b.text == r.label);
        assert!(
            by_line || key.contains(&squeeze(&r.label)),
            "{at}: {:?} not shown",
            r.label
        );
    }
}

/// Every axis of every chart names its unit in its title: a measure's
/// symbol ("GB", "%", "tok/s") or, on a count axis, what it counts.
#[test]
fn every_axis_names_its_unit() {
    let mut rng = SplitMix64::new(11);
    for t in built() {
        let mut cases = runs(t);
        cases.extend((0..20).map(|k| (format!("random state {k}"), random_params(t, &mut rng))));
        for (label, p) in cases {
            for c in &t.run(&p).charts {
                let axes: Vec<&Axis> = match &c.plot {
                    Plot::Xy(xy) => vec![&xy.x, &xy.y],
                    Plot::Bars(b) => vec![&b.y],
                    Plot::Ring(_) => vec![],
                };
                for a in axes {
                    let symbol = a.unit.symbol();
                    assert!(
                        !symbol.is_empty() && names(&a.title(), symbol),
                        "{} / {label} / {}: the axis {:?} names no unit ({:?})",
                        t.id(),
                        c.id,
                        a.label,
                        a.unit
                    );
                }
            }
        }
    }
}

/// A figure carried into another page opens a real topic with values its
/// parameters accept as they are (not clamped): the link says what the page
/// will show.
#[test]
fn carried_figures_open_real_pages() {
    let mut seen = 0;
    for t in built() {
        for (label, p) in runs(t) {
            for n in t.run(&p).notes {
                let fleetlab::model::Note::Carry(c) = n else {
                    continue;
                };
                seen += 1;
                let to = topics::find(c.topic).unwrap_or_else(|| {
                    panic!("{} / {label}: carries to no topic {}", t.id(), c.topic)
                });
                assert_ne!(to.id(), t.id(), "{} / {label}: carries to itself", t.id());
                let mut q = to.defaults();
                for (name, value) in &c.set {
                    let spec = to
                        .params()
                        .iter()
                        .find(|s| s.name == *name)
                        .unwrap_or_else(|| {
                            panic!("{} / {label}: {} has no {name}", t.id(), c.topic)
                        });
                    let v = spec
                        .parse(value)
                        .unwrap_or_else(|e| panic!("{} / {label}: {name}={value}: {e:?}", t.id()));
                    assert_eq!(
                        spec.check(v),
                        Ok(v),
                        "{} / {label}: {name}={value} is clamped",
                        t.id()
                    );
                    q.set(name, value).unwrap();
                }
                assert!(!c.label.is_empty() && !c.text.is_empty());
            }
        }
    }
    assert!(
        seen > 0,
        "no page carries a figure: the test would pass on nothing"
    );
}

/// A typing hint never offers one spelling as two ("200, 200 are the same").
#[test]
fn typing_hints_name_distinct_spellings() {
    for t in fleetlab::topics::all() {
        for spec in t.params() {
            let Some(hint) = spec.box_hint() else {
                continue;
            };
            if let Some(rest) = hint.split(": ").nth(1) {
                let forms: Vec<&str> = rest
                    .trim_end_matches(" are the same.")
                    .split(", ")
                    .collect();
                let mut seen = forms.clone();
                seen.dedup();
                assert_eq!(seen, forms, "{} {}: {hint}", t.id(), spec.name);
            }
        }
    }
}

/// Every difference a topic declares names its own figures and checks, once
/// each, with its words filled in; and its topic runs under both models.
#[test]
fn differences_name_the_topics_own_figures_and_checks() {
    use fleetlab::model::Assumptions;
    for t in fleetlab::topics::all() {
        let ds = t.about().differences;
        let seed = t.run(&t.defaults());
        let prod = t.run(&t.defaults().under(Assumptions::Production));
        let mut ids = std::collections::HashSet::new();
        for d in ds {
            assert!(ids.insert(d.id), "{}: difference {} twice", t.id(), d.id);
            assert!(
                d.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{}: {}",
                t.id(),
                d.id
            );
            for text in [d.title, d.card, d.production, d.source] {
                assert!(text.len() > 10, "{} {}: {text:?}", t.id(), d.id);
            }
            assert!(
                !d.figures.is_empty() || !d.checks.is_empty(),
                "{} {}",
                t.id(),
                d.id
            );
            // A figure is production's at least (one the seed card has no
            // name for shows "—" on its side of the panel).
            for f in d.figures {
                assert!(
                    prod.figures.iter().any(|x| x.id == *f),
                    "{} {}: figure {f}",
                    t.id(),
                    d.id
                );
            }
            for c in d.checks {
                assert!(
                    t.checks().iter().any(|x| x.id == *c),
                    "{} {}: check {c}",
                    t.id(),
                    d.id
                );
            }
        }
        if ds.is_empty() {
            assert_eq!(
                format!("{:?}", seed.figures),
                format!("{:?}", prod.figures),
                "{}: no differences, yet production moves a figure",
                t.id()
            );
        }
    }
}

/// Every topic has a production model (issue #33): at least one
/// difference, and a section of its model document that names each one
/// by its title.
#[test]
fn every_topic_says_what_production_does_differently() {
    for t in fleetlab::topics::all() {
        let ds = t.about().differences;
        assert!(!ds.is_empty(), "{}: no production model", t.id());
        let path = format!("{}/docs/models/{}.md", env!("CARGO_MANIFEST_DIR"), t.id());
        let doc = std::fs::read_to_string(&path).unwrap();
        let section = doc
            .split("\n## What production does differently\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{path}: no section \"What production does differently\""));
        let section = section.split("\n## ").next().unwrap().to_lowercase();
        for d in ds {
            let words: Vec<String> = d
                .title
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| w.len() >= 4)
                .map(str::to_lowercase)
                .collect();
            assert!(
                words.iter().any(|w| section.contains(w.as_str())),
                "{path}: the section does not speak of {:?}",
                d.title
            );
        }
    }
}
