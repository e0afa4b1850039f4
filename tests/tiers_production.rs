//! Tiers & rate limits closer to production (issue #33): one queue per pool
//! (M/M/c), a constant-rate token bucket, and the paid SLO on the p95; the
//! seed card's model unchanged. Run with `--nocapture` to print both models'
//! figures and every check's verdict for each story ± fix.

mod common;

use common::fig;
use fleetlab::model::{Assumptions, Outcome, Params, Topic};
use fleetlab::topics::tiers_and_rate_limits::{simulate, Assign, SimConfig};

const T: &str = "tiers-and-rate-limits";

fn topic() -> &'static dyn Topic {
    common::topic(T)
}

fn story(preset: &str, fix: bool, a: Assumptions) -> Params {
    common::story(T, preset, fix, &[], a)
}

fn run(preset: &str, fix: bool, a: Assumptions) -> Outcome {
    topic().run(&story(preset, fix, a))
}

/// Every story with and without its fix.
fn stories() -> Vec<(&'static str, bool)> {
    common::stories(T)
}

/// Erlang C's mean wait (ms) for `c` cards of `s` ms at `lambda` req/s,
/// written out here apart from the topic's.
fn erlang_c_wait_ms(c: usize, s: f64, lambda: f64) -> f64 {
    let a = lambda * s / 1000.0;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..c {
        term *= a / k as f64;
        sum += term;
    }
    let top = term * a / c as f64 * c as f64 / (c as f64 - a);
    let wait = top / (sum + top);
    wait * s / (c as f64 - a)
}

/// At the incident's load (133.15 paid req/s on 7 provisioned cards of
/// 49.67 ms), one queue for the pool waits about 108 ms on average where
/// seven queues of one card wait 850 ms; the simulation of the one queue
/// agrees with Erlang C within 3 %.
#[test]
fn one_queue_per_pool_waits_what_erlang_c_says() {
    let seed = run("incident", false, Assumptions::Seed);
    let prod = run("incident", false, Assumptions::Production);
    assert!((fig(&seed, "prov_wait_ms") - 850.06).abs() < 0.01);
    let formula = fig(&prod, "prov_wait_ms");
    let erlang = erlang_c_wait_ms(7, 49.67, 133.15);
    assert!(
        (formula / erlang - 1.0).abs() < 1e-9,
        "{formula} vs {erlang}"
    );
    assert!((formula - 108.0).abs() < 1.0, "{formula}");
    let cfg = SimConfig {
        service_ms: 49.67,
        prov_cards: 7,
        shared_cards: 0,
        paid_rps: 133.15,
        free_rps: 0.0,
        spill_share: 0.0,
        refill_rps: 0.0,
        bucket_capacity: 0.0,
        assign: Assign::Random,
        pooled: true,
    };
    let r = simulate(&cfg, 3_000_000, 3);
    let sim = r.prov.mean_ms();
    assert!(
        (sim / formula - 1.0).abs() < 0.03,
        "simulated {sim} vs {formula}"
    );
    let p95 = fig(&prod, "paid_p95_ms");
    let sim95 = r.prov.quantile_ms(0.95);
    assert!(
        (sim95 / p95 - 1.0).abs() < 0.03,
        "p95: simulated {sim95} vs {p95}"
    );
    // The page's own run of the story, under production, within its ±.
    let page = fig(&prod, "sim_prov_wait_ms");
    let ci = fig(&prod, "sim_prov_wait_ci_ms");
    assert!(
        (page - formula).abs() < 2.0 * ci + 0.03 * formula,
        "{page} ± {ci} vs {formula}"
    );
}

/// The shared pool as one queue with paid first: Cobham's waits on c cards
/// (the incident's fix: 40 paid and 319 free req/s on 21 cards).
#[test]
fn one_shared_queue_with_priority_waits_what_cobham_says() {
    let prod = run("incident", true, Assumptions::Production);
    let cfg = SimConfig {
        service_ms: 49.67,
        prov_cards: 7,
        shared_cards: 21,
        paid_rps: 133.15,
        free_rps: 319.0,
        spill_share: 0.3,
        refill_rps: 400.0,
        bucket_capacity: 3000.0,
        assign: Assign::Random,
        pooled: true,
    };
    let r = simulate(&cfg, 3_000_000, 4);
    for (sim, id) in [
        (r.shared_paid.mean_ms(), "shared_paid_wait_ms"),
        (r.free.mean_ms(), "free_wait_ms"),
        (r.prov.mean_ms(), "prov_wait_ms"),
    ] {
        let formula = fig(&prod, id);
        assert!(
            (sim / formula - 1.0).abs() < 0.05,
            "{id}: simulated {sim} vs {formula}"
        );
    }
}

/// Closer to production the bucket refills a constant r = admit share × the
/// normal day's 500 free req/s (the slider's default), whatever the demand:
/// over a window T from full it admits min(demand·T, B + r·T).
#[test]
fn the_bucket_refills_at_a_constant_rate() {
    let t = topic();
    let base = t
        .params()
        .iter()
        .find(|s| s.name == "free_rps")
        .unwrap()
        .default;
    let prod = run("launch-day", false, Assumptions::Production);
    let seed = run("launch-day", false, Assumptions::Seed);
    let (b, r, demand) = (3000.0, 0.8 * base, 1500.0);
    assert_eq!(fig(&prod, "free_admitted_per_s"), r);
    assert_eq!(fig(&seed, "free_admitted_per_s"), 0.8 * demand);
    for (secs, id) in [(10.0, "admitted_first_10s"), (60.0, "admitted_first_60s")] {
        let want = f64::min(demand * secs, b + r * secs).floor();
        assert_eq!(fig(&prod, id), want, "{id}");
    }
    assert_eq!(fig(&prod, "bucket_empty_s"), b / (demand - r));
    // The simulated bucket, at its long-run level, grants r a second.
    let sim = fig(&prod, "sim_free_admitted_per_s");
    assert!((sim - r).abs() < 0.01 * r, "{sim} vs {r}");
    // Under the refill, demand passes whole: the normal day admits all 500
    // at an admit share of 100 %, and 400 of 400 at 80 %.
    let mut p = story("normal-day", false, Assumptions::Production);
    p.apply(&[("free_rps", "400")]).unwrap();
    let o = t.run(&p);
    assert_eq!(fig(&o, "free_admitted_per_s"), 400.0);
    assert_eq!(fig(&o, "shed_share"), 0.0);
}

/// The paid SLO judges the mean on the seed card and the p95 closer to
/// production, and says which.
#[test]
fn the_paid_slo_judges_the_mean_then_the_tail() {
    let seed = run("normal-day", false, Assumptions::Seed);
    let prod = run("incident", false, Assumptions::Production);
    let v = seed.verdict("paid_slo").unwrap();
    assert_eq!(v.value, fig(&seed, "paid_wait_ms"));
    assert!(v.why.contains("on average"), "{}", v.why);
    let v = prod.verdict("paid_slo").unwrap();
    assert_eq!(v.value, fig(&prod, "paid_p95_ms"));
    assert!(v.why.contains("95th percentile"), "{}", v.why);
    assert!(!v.pass && v.value > 150.0 && fig(&prod, "paid_wait_ms") < 150.0);
}

/// Every story ± fix, re-judged under both models: printed, finite, and no
/// panic. The fixes are not forced to pass closer to production.
#[test]
fn every_story_is_judged_under_both_models() {
    for (preset, fix) in stories() {
        for a in Assumptions::ALL {
            let o = run(preset, fix, a);
            println!(
                "{preset}{} [{}]: paid mean {:.1} ms, paid p95 {:.1} ms (sim {:.1}), free {:.1} ms, refused {:.1} %, shared {:.1} %",
                if fix { " + fix" } else { "" },
                a.word(),
                fig(&o, "paid_wait_ms"),
                o.verdict("paid_slo").unwrap().value,
                fig(&o, "sim_paid_p95_ms"),
                fig(&o, "free_wait_ms"),
                100.0 * fig(&o, "shed_share"),
                100.0 * fig(&o, "shared_util"),
            );
            for v in &o.checks {
                println!(
                    "    {} {} {:.4} (lever {:?}): {}",
                    v.id,
                    if v.pass { "pass" } else { "FAIL" },
                    v.value,
                    v.lever,
                    v.why
                );
                assert!(!v.why.is_empty());
                assert!(!v.value.is_nan(), "{preset} {fix} {}: NaN", v.id);
            }
            for f in &o.figures {
                assert!(!f.value.is_nan(), "{preset} {fix} {a:?} {}: NaN", f.id);
            }
        }
    }
}

/// The topic declares its differences, and each figure a difference lists
/// moves between the two models for at least one story ± fix.
#[test]
fn each_listed_figure_moves_between_the_models() {
    let diffs = topic().about().differences;
    assert_eq!(diffs.len(), 3);
    let runs: Vec<(Outcome, Outcome)> = stories()
        .into_iter()
        .map(|(p, f)| {
            (
                run(p, f, Assumptions::Seed),
                run(p, f, Assumptions::Production),
            )
        })
        .collect();
    for d in diffs {
        for id in d.figures {
            let moved = runs.iter().any(|(s, p)| fig(s, id) != fig(p, id));
            assert!(moved, "{}: {id} is the same under both models", d.id);
        }
    }
}

/// Closer to production the wait chart draws one queue per pool: its
/// provisioned curve is Erlang C's on the pool's standing cards (the
/// incident's 7 cards), the provisioned point sits on it, no one-card
/// simulated curve is drawn, and its words quote the model's waits.
#[test]
fn the_wait_chart_draws_erlang_c_closer_to_production() {
    use fleetlab::model::Plot;
    let chart = |a| {
        let o = run("incident", false, a);
        let c = o
            .charts
            .iter()
            .find(|c| c.id == "wait_curve")
            .unwrap()
            .clone();
        (o, c)
    };
    let (seed_out, seed) = chart(Assumptions::Seed);
    let (prod_out, prod) = chart(Assumptions::Production);
    assert!(seed.title.ends_with("per card"), "{}", seed.title);
    assert!(prod.title.ends_with("one queue per pool"), "{}", prod.title);
    let series = |c: &fleetlab::model::Chart| match &c.plot {
        Plot::Xy(xy) => xy.series.clone(),
        _ => panic!("an xy chart"),
    };
    assert!(series(&seed)
        .iter()
        .any(|s| s.name.starts_with("simulated, one card")));
    assert!(!series(&prod)
        .iter()
        .any(|s| s.name.starts_with("simulated, one card")));
    let cards = fig(&prod_out, "prov_cards_up") as usize;
    assert_eq!(cards, 7);
    let s = fig(&prod_out, "card_rate").recip() * 1000.0;
    let curve = series(&prod)
        .into_iter()
        .find(|x| x.name == format!("provisioned: one queue on {cards} cards (Erlang C)"))
        .expect("the provisioned pool's Erlang C curve");
    for &(rho, w) in curve.points.iter().step_by(20) {
        let want = erlang_c_wait_ms(cards, s, rho * cards as f64 * 1000.0 / s);
        assert!(
            (w - want).abs() <= 1e-6 * want.max(1.0),
            "ρ {rho}: {w} vs {want}"
        );
    }
    let point = series(&prod)
        .into_iter()
        .find(|x| x.name.starts_with("provisioned: paid"))
        .unwrap()
        .points[0];
    assert!((point.1 - fig(&prod_out, "prov_wait_ms")).abs() < 1e-9);
    assert!(prod.summary.contains("Erlang C"), "{}", prod.summary);
    assert!(!seed.summary.contains("Erlang C"));
    assert!(fig(&seed_out, "prov_wait_ms") > 5.0 * fig(&prod_out, "prov_wait_ms"));
}

/// The bill (issue #35, defect 7) under both models: the same cards bill the
/// same dollars, the tiers' bills add up to the fleet's, and only what the
/// free tier is served differs. Closer to production the launch-day fix's
/// burst cards idle behind the bucket's constant refill, so a free token
/// costs three times what it does on the seed card.
#[test]
fn the_bill_is_the_cards_under_both_models() {
    for (preset, fix) in stories() {
        let (s, p) = (
            run(preset, fix, Assumptions::Seed),
            run(preset, fix, Assumptions::Production),
        );
        for id in [
            "cards_billed",
            "fleet_bill_per_hour",
            "fleet_bill_per_month",
        ] {
            assert_eq!(fig(&s, id), fig(&p, id), "{preset} {fix}: {id}");
        }
        for o in [&s, &p] {
            let tiers = fig(o, "paid_bill_per_month") + fig(o, "free_bill_per_month");
            let fleet = fig(o, "fleet_bill_per_month");
            assert!(
                (tiers - fleet).abs() < 1e-6,
                "{preset} {fix}: {tiers} vs {fleet}"
            );
            assert!(fig(o, "paid_cost_per_1m").is_finite());
            assert!(fig(o, "free_cost_per_1m").is_finite());
        }
    }
    let seed = run("launch-day", true, Assumptions::Seed);
    let prod = run("launch-day", true, Assumptions::Production);
    assert!(
        fig(&prod, "free_cost_per_1m") > 2.5 * fig(&seed, "free_cost_per_1m"),
        "{} vs {}",
        fig(&prod, "free_cost_per_1m"),
        fig(&seed, "free_cost_per_1m")
    );
}

/// Moving the fleet's size or the shares moves the dollars: more cards bill
/// more, a burst card rents, admitting fewer free requests leaves the same
/// cards to fewer tokens, and spilling paid hands it part of the shared bill.
#[test]
fn the_sliders_move_the_dollars() {
    let at = |set: &[(&str, &str)]| {
        let p = common::story(T, "normal-day", false, set, Assumptions::Seed);
        topic().run(&p)
    };
    let base = at(&[]);
    let more = |o: &Outcome, id: &str| fig(o, id) > fig(&base, id);
    assert!(more(&at(&[("shared_cards", "40")]), "fleet_bill_per_hour"));
    assert!(more(&at(&[("prov_cards", "12")]), "paid_cost_per_1m"));
    assert!(more(&at(&[("burst_cards", "5")]), "free_bill_per_month"));
    assert!(more(&at(&[("admit_share", "0.5")]), "free_cost_per_1m"));
    assert!(more(&at(&[("spill_share", "0.2")]), "paid_bill_per_month"));
    assert!(more(&at(&[("price_per_hour", "4")]), "free_cost_per_1m"));
}

/// `fleetlab run tiers-and-rate-limits --json` carries the price, the tokens
/// a request and the dollars beside every figure it had.
#[test]
fn the_command_line_reports_the_bill() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["run", T, "--preset", "launch-day", "--fix", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["params"]["price_per_hour"].as_f64(), Some(2.5));
    assert_eq!(v["params"]["tokens_per_request"].as_f64(), Some(500.0));
    assert_eq!(v["figures"]["fleet_bill_per_hour"].as_f64(), Some(157.5));
    for id in [
        "card_tok_s",
        "cards_billed",
        "fleet_bill_per_month",
        "paid_bill_per_month",
        "free_bill_per_month",
        "paid_cost_per_1m",
        "free_cost_per_1m",
        "paid_wait_ms",
        "shared_util",
        "shed_share",
    ] {
        assert!(v["figures"][id].is_number(), "{id}: {}", v["figures"]);
    }
}
