//! The cache-aware routing challenges: worked examples solved on hand-built draws,
//! questions drawn from seeds and asked about the stories' pages.

use crate::support::{accepts, page, refuses, says};
use fleetlab::challenge::{Solution, Value, Vars};
use fleetlab::engine::routing;
use fleetlab::model::Params;
use fleetlab::topics::{question, question_live};

for_topic!("cache-aware-routing");

/// C3 on a hand-built draw: `n` cards, hot share `h`, family share `w`,
/// routed by `policy`.
fn solve_c3(n: f64, h: f64, w: f64, policy: &str) -> Solution {
    let mut vars = Vars::numbers(&[("n", n), ("h", h), ("w", w)]);
    vars.set("policy", Value::Word(policy.into()));
    solve_vars("C3", &vars)
}

/// The documented worked examples, solved on hand-built draws: C1 n = 16 → 6.25 %
/// kept, 93.75 % thrown away, 37.5 /s and 45,000 tok/s at 40 req/s; C2 24 GB,
/// 2,000 tok, 160 KB → 75; C3 n = 32, h = 0.6, w = 0.25 → 61.29 % of the
/// family = 15.32 points.
#[test]
fn challenge_worked_examples_solve() {
    let c1 = solve("C1", &[("n", 16.0), ("arrivals", 40.0), ("P", 1200.0)]);
    assert!((c1.answer - 0.9375).abs() < 1e-12, "{}", c1.answer);
    assert_eq!(value(&c1, "hit"), "6.25%");
    assert_eq!(value(&c1, "points"), "93.75");
    assert_eq!(value(&c1, "misses"), "37.5");
    assert_eq!(value(&c1, "wasted"), "45,000 tok/s");

    let c2 = solve("C2", &[("M", 24.0), ("P", 2000.0), ("k", 160.0)]);
    assert_eq!(c2.answer, 75.0);
    assert_eq!(value(&c2, "copy"), "320 MB");
    // The seed's own pair: 8 GB holds 20 copies of 384 MB.
    let seed = solve("C2", &[("M", 8.0), ("P", 1200.0), ("k", 320.0)]);
    assert_eq!(seed.answer, 20.0);

    let c3 = solve_c3(32.0, 0.6, 0.25, "hash");
    assert!((c3.answer - 25.0 * (0.6 + 0.4 / 31.0)).abs() < 1e-9);
    assert!((c3.answer - 15.32).abs() < 0.005, "{}", c3.answer);
    assert_eq!(value(&c3, "busiest"), "61.2903%");
    // Sharded, the seed's 64 cards: 40.32 % of the family, 12.095 points.
    let s3 = solve_c3(64.0, 0.8, 0.3, "hash-shard2");
    assert!((s3.answer - 12.095).abs() < 1e-3, "{}", s3.answer);
    assert_eq!(value(&s3, "busiest"), "40.3175%");
}

/// The same worked examples as drawn questions: the seeds that draw them,
/// graded the way a learner types them.
#[test]
fn challenge_worked_examples_are_drawn() {
    let t = topic();
    let q = question(t, "C1", 398).unwrap();
    assert_eq!((q.vars.num("n"), q.vars.num("arrivals")), (16.0, 40.0));
    assert!((q.answer - 0.9375).abs() < 1e-12);
    accepts(&q, &["93.75%", "93.75", "0.9375", "93.8 %"]);
    // The hit share is not the loss.
    refuses(&q, &["6.25%"]);
    says(&q, &["37.5 re-prefills a second", "45,000 tok/s"]);

    let q = question(t, "C2", 9067).unwrap();
    assert_eq!(
        (q.vars.num("M"), q.vars.num("P"), q.vars.num("k")),
        (24.0, 2000.0, 160.0)
    );
    assert_eq!(q.answer, 75.0);
    accepts(&q, &["75", "75 copies"]);
    refuses(&q, &["76", "74"]);

    let q = question(t, "C3", 118_838).unwrap();
    assert_eq!(
        (q.vars.num("n"), q.vars.num("h"), q.vars.num("w")),
        (32.0, 0.6, 0.25)
    );
    assert_eq!(q.vars.word("policy"), "hash");
    accepts(&q, &["15.32", "15.3 points"]);
    says(&q, &["61.2903%"]);

    let q = question(t, "C3", 19_414).unwrap();
    assert_eq!(
        (q.vars.num("n"), q.vars.num("h"), q.vars.num("w")),
        (64.0, 0.8, 0.3)
    );
    assert_eq!(q.vars.word("policy"), "hash-shard2");
    accepts(&q, &["12.1"]);
}

/// T3-C3: 30 % of draws shard the hot template, and a sharded draw is solved
/// with the sharded layout.
#[test]
fn three_in_ten_c3_draws_shard_the_hot_template() {
    let t = topic();
    let draws = 4000;
    let mut sharded = 0;
    for seed in 0..draws {
        let q = question(t, "C3", seed).unwrap();
        let (n, h, w) = (q.vars.num("n") as usize, q.vars.num("h"), q.vars.num("w"));
        let shard = match q.vars.word("policy") {
            "hash-shard2" => true,
            "hash" => false,
            other => panic!("seed {seed}: policy {other}"),
        };
        sharded += usize::from(shard);
        let hot = if shard { h / 2.0 } else { h };
        let formula = 100.0 * w * (hot + (1.0 - h) / (n - 1) as f64);
        assert!((q.answer - formula).abs() < 1e-9, "seed {seed}");
        assert_eq!(q.answer, routing::hash_card_fleet_points(n, h, w, shard));
    }
    let share = sharded as f64 / draws as f64;
    // The documented "30% of draws shard the hot family".
    assert!((share - 0.3).abs() < 0.025, "{share}");
}

/// "Ask about this page": the questions take the sliders and agree with the
/// page's own figures.
#[test]
fn challenges_asked_about_the_page_agree_with_it() {
    let t = topic();
    let figure = |p: &Params, id: &str| t.run(p).get(id).unwrap();
    // Round-robin politeness: the page's hit share and re-prefills.
    let p = page(ID, "round-robin-politeness", false, &[]);
    let q = question_live(t, "C1", 1, &p).unwrap();
    assert!((q.answer - (1.0 - figure(&p, "hit_share"))).abs() < 1e-12);
    let misses = figure(&p, "reprefills_per_s");
    says(&q, &[&format!("{misses} re-prefills")]);
    // The scratch: 8 GB holds 20, the 10 GB fix 26.
    for fix in [false, true] {
        let p = page(ID, "silent-eviction", fix, &[]);
        let q = question_live(t, "C2", 2, &p).unwrap();
        assert_eq!(q.answer, figure(&p, "copies_per_card"));
    }
    // The hot template (15 cold families = n − 1): the busiest card's share
    // of the family is the page's busiest load over Λ, hashed or sharded.
    for fix in [false, true] {
        let p = page(ID, "hot-template", fix, &[]);
        let q = question_live(t, "C3", 3, &p).unwrap();
        assert_eq!(q.vars.word("policy"), p.choice("policy"));
        let busiest = figure(&p, "busiest_req_s") / p.get("arrivals");
        assert!(
            (q.answer - 100.0 * q.vars.num("w") * busiest).abs() < 1e-9,
            "fix {fix}: {} vs {busiest}",
            q.answer
        );
    }
    // A round-robin page keeps C3's drawn layout.
    let p = page(ID, "round-robin-politeness", false, &[]);
    let drawn = question(t, "C3", 3).unwrap();
    assert_eq!(
        question_live(t, "C3", 3, &p).unwrap().vars.word("policy"),
        drawn.vars.word("policy")
    );
}
