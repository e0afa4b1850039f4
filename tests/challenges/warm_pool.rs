//! warm-pool challenges (docs/models/warm-pool.md, seed 003): the seed's
//! $87,600 and $21,900 a year and the one-warm backlog come out of the
//! templates asked about the presets' pages, the draws keep their documented
//! ranges, and the break-even pool is the model's (the page's own figure for
//! a burst that arrives at once, and a hand-checked example).

use crate::support::{accepts, on_grid, page_of, refuses, says};
use fleetlab::challenge::Vars;
use fleetlab::model::Params;
use fleetlab::topics::warm_pool::{step_burst_wait, MAX_POOL};
use fleetlab::topics::{question, question_live};

for_topic!("warm-pool");

/// Seed 003: always-warm 4 × $2.50 × 24 = $240 a day, about $87,600 a year;
/// one warm replica about $21,900 a year; all cold, no question about the
/// page.
#[test]
fn the_seeds_rents_are_the_presets_questions() {
    let t = topic();
    let always = question_live(t, "C1", 1, &story("always-warm")).unwrap();
    assert_eq!(always.answer, 87_600.0);
    says(&always, &["$240.00/day"]);
    accepts(&always, &["$87,600", "87600"]);
    refuses(&always, &["$21,900"]);
    let one = question_live(t, "C1", 1, &story("one-warm")).unwrap();
    assert_eq!(one.answer, 21_900.0);
    accepts(&one, &["21900 $/year"]);
    // All cold keeps no warm replica: no rent to ask about, so the question
    // is drawn, and not said to be about the page.
    let cold = question_live(t, "C1", 1, &story("all-cold")).unwrap();
    assert!(!cold.live && cold.answer > 0.0, "{}", cold.text);
}

/// Seed 003's middle ground: 1 warm, the other 3 launch and arrive 32 s late
/// at 10 req/s each: 3 × 10 × 32 = 960 requests of backlog; all cold,
/// 4 × 10 × 32 = 1,280. The same as the page's step-burst figure.
#[test]
fn the_backlog_a_cold_start_leaves() {
    let t = topic();
    for (preset, want) in [
        ("one-warm", 960.0),
        ("all-cold", 1280.0),
        ("always-warm", 0.0),
    ] {
        let p = story(preset);
        let q = question_live(t, "C2", 1, &p).unwrap();
        assert_eq!(q.answer, want, "{preset}");
        assert_eq!(t.run(&p).get("step_backlog"), Some(want), "{preset}");
    }
    let q = question_live(t, "C2", 1, &story("one-warm")).unwrap();
    assert!(q.text.contains("the other 3 launch when"), "{}", q.text);
    accepts(&q, &["960"]);
    refuses(&q, &["1280"]);
    let s = solve("C2", &[("k", 4.0), ("w", 1.0), ("r", 10.0), ("T", 32.0)]);
    assert_eq!(s.answer, 960.0);
    assert_eq!(value(&s, "missing_rate"), "30 req/s");
}

/// A break-even worked by hand: k = 4, T = 20 s, L = 40 s, r = 2 req/s,
/// 14 bursts a day, $10 a user-hour, $2.50/h ($60 a day a replica). Replica
/// w removes r·T·(L + T·(k − 2w + 1)/(2k)) = 1,900, 1,700, 1,500, 1,300
/// request-seconds a burst, worth 1,900 × 14 × $10 / 3,600 = $73.89, $66.11,
/// $58.33, $50.56 a day: the first two pay, so the pool is 2.
#[test]
fn the_break_even_pool_by_hand() {
    let mut v = vec![
        ("k", 4.0),
        ("T", 20.0),
        ("L", 40.0),
        ("r", 2.0),
        ("V", 10.0),
        ("price", 2.5),
        ("n", 14.0),
    ];
    let s = solve("C3", &v);
    assert_eq!(s.answer, 2.0);
    assert_eq!(
        value(&s, "marginals"),
        "replica 1 $73.89/day, replica 2 $66.11/day, replica 3 $58.33/day, replica 4 $50.56/day"
    );
    assert_eq!(value(&s, "wait_none"), "6,400");
    // 12 bursts: $63.33 for the first, $56.67 for the second: one pays.
    v[6].1 = 12.0;
    assert_eq!(solve("C3", &v).answer, 1.0);
    // 10 bursts: $52.78 for the first: none pays.
    v[6].1 = 10.0;
    assert_eq!(solve("C3", &v).answer, 0.0);
    // 20 bursts: the last removes $72.22 > $60: all four.
    v[6].1 = 20.0;
    assert_eq!(solve("C3", &v).answer, 4.0);
}

/// The page set to a C3 question, the burst arriving at once.
fn page_of_c3(v: &Vars) -> Params {
    let mut p = page_of(
        ID,
        v,
        &[
            ("k", "burst_replicas"),
            ("T", "cold_start_s"),
            ("L", "burst_s"),
            ("r", "replica_rate"),
            ("V", "wait_value"),
            ("price", "price_per_hour"),
            ("n", "bursts_per_day"),
        ],
    );
    p.set("rise_s", "0").unwrap();
    p
}

/// Draws keep the documented ranges; C3's answers spread over 0..k, mostly
/// inside; they are the pool that minimizes rent minus removed waiting
/// (brute force on the closed form), and the page's own break-even figure
/// for a burst that arrives at once.
#[test]
fn draws_follow_their_ranges_and_answer_like_the_model() {
    let t = topic();
    let (mut inside, mut none, mut all) = (0, 0, 0);
    let mut agree = 0;
    for seed in 0..1000u64 {
        let q = question(t, "C1", seed).unwrap();
        assert!(on_grid(q.vars.num("w"), 1.0, 16.0, 1.0));
        assert!(on_grid(q.vars.num("price"), 1.0, 8.0, 0.05));
        assert_eq!(
            q.answer,
            q.vars.num("w") * q.vars.num("price") * 24.0 * 365.0
        );

        let q = question(t, "C2", seed).unwrap();
        let (k, w) = (q.vars.num("k"), q.vars.num("w"));
        assert!(on_grid(k, 2.0, 8.0, 1.0) && w >= 0.0 && w < k && w.fract() == 0.0);
        assert!(on_grid(q.vars.num("r"), 4.0, 40.0, 2.0));
        assert!(on_grid(q.vars.num("T"), 12.0, 120.0, 4.0));
        assert_eq!(q.answer, (k - w) * q.vars.num("r") * q.vars.num("T"));

        let q = question(t, "C3", seed).unwrap();
        let v = &q.vars;
        let k = v.num("k");
        let (tc, l, r, n) = (v.num("T"), v.num("L"), v.num("r"), v.num("n"));
        assert!(on_grid(k, 2.0, 16.0, 1.0));
        assert!(on_grid(tc, 20.0, 40.0, 2.0) && on_grid(l, 40.0, 60.0, 10.0) && l >= tc);
        assert!(on_grid(r, 2.0, 4.0, 1.0) && on_grid(v.num("V"), 5.0, 10.0, 1.0));
        assert!(on_grid(n, 4.0, 12.0, 1.0));
        let price = v.num("price");
        assert!(
            (0.5..=20.0).contains(&price) && ((price * 20.0).round() - price * 20.0).abs() < 1e-9,
            "seed {seed}: price {price}"
        );
        // Brute force: rent minus the value of the waiting removed.
        let rent = v.num("price") * 24.0;
        let net = |w: u32| {
            let removed = (step_burst_wait(0, k as u32, r, tc, l)
                - step_burst_wait(w, k as u32, r, tc, l))
                / 3600.0
                * n
                * v.num("V");
            w as f64 * rent - removed
        };
        // No replica removes within a cent of its rent: no answer hinges on
        // rounding or on the tie rule.
        for j in 1..=k as u32 {
            let margin = net(j) - net(j - 1);
            assert!(margin.abs() >= 0.01, "seed {seed}: replica {j} {margin}");
        }
        let best = (0..=MAX_POOL as u32)
            .min_by(|a, b| net(*a).total_cmp(&net(*b)).then(a.cmp(b)))
            .unwrap();
        assert_eq!(q.answer, best as f64, "seed {seed}");
        match q.answer {
            0.0 => none += 1,
            a if a == k => all += 1,
            _ => inside += 1,
        }
        if seed % 10 == 0 {
            let page = t.run(&page_of_c3(v)).get("break_even_pool").unwrap();
            agree += (page == q.answer) as u32;
        }
    }
    assert!(inside >= 500, "{inside} inside, {none} none, {all} all");
    assert!(
        none >= 50 && all >= 50,
        "{inside} inside, {none} none, {all} all"
    );
    // The page simulates the burst in slices; it may differ where a
    // replica's removed waiting is within a hair of its rent.
    assert!(agree >= 95, "{agree} of 100 agree with the page");
}
