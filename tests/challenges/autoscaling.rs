//! autoscaling challenges (docs/models/autoscaling.md, seed 002): the
//! seed's worked example comes out of the three templates asked about the
//! worked-example page, the draws keep their documented ranges, and every
//! drawn answer equals the page's own figure for the same numbers.

use crate::support::{accepts, on_grid, page_of, refuses, says};
use fleetlab::topics::{question, question_live};

for_topic!("autoscaling");

/// Seed 002: 9,000 / 3,000 = 3 replicas, one spare makes 4; 4 × $2.50 =
/// $10.00/h against $7.50 with no spare; at 4,500 tok/s, 2 carry the load
/// and 2 are released. Asked about the worked-example page, the templates
/// take every number from its sliders.
#[test]
fn the_worked_example_is_the_pages_question() {
    let t = topic();
    let p = story("peak-with-spare");
    let c1 = question_live(t, "C1", 1, &p).unwrap();
    assert_eq!(c1.answer, 4.0);
    says(&c1, &["zero headroom"]);
    accepts(&c1, &["4"]);
    refuses(&c1, &["3"]);

    let c2 = question_live(t, "C2", 1, &p).unwrap();
    assert_eq!(c2.answer, 10.0);
    says(&c2, &["$7.50/h", "the spare costs $2.50/h"]);
    accepts(&c2, &["$10", "10.00 $/h"]);
    refuses(&c2, &["$7.50"]);

    let c3 = question_live(t, "C3", 1, &p).unwrap();
    assert_eq!(c3.answer, 2.0);
    assert!(c3.text.contains("4,500 tok/s"), "{}", c3.text);
    says(&c3, &["= 1.5 replicas"]);
    accepts(&c3, &["2"]);
}

/// The same example on hand-built values, and the floor and spare at work.
#[test]
fn hand_built_examples() {
    let seed = [("C", 3000.0), ("P", 9000.0), ("spare", 1.0)];
    assert_eq!(solve("C1", &seed).answer, 4.0);
    let bill = solve("C2", &[seed.as_slice(), &[("price", 2.5)]].concat());
    assert_eq!(bill.answer, 10.0);
    assert_eq!(value(&bill, "bill_no_spare"), "$7.50/h");
    let fall = |level: f64, floor: f64| {
        solve(
            "C3",
            &[seed.as_slice(), &[("floor", floor), ("level", level)]].concat(),
        )
    };
    assert_eq!(fall(4500.0, 2.0).answer, 2.0);
    // A floor of 3 keeps one more at the same level.
    assert_eq!(fall(4500.0, 3.0).answer, 1.0);
    // 9,001 tok/s needs a fourth replica before the spare.
    assert_eq!(
        solve("C1", &[("C", 3000.0), ("P", 9001.0), ("spare", 1.0)]).answer,
        5.0
    );
    // Demand that falls only a little releases only the spare.
    assert_eq!(fall(8500.0, 2.0).answer, 1.0);
    let none = fall(500.0, 5.0);
    assert_eq!(none.answer, 0.0);
    assert!(value(&none, "released").starts_with("none"));
}

/// The page parameter each drawn variable mirrors.
const MIRROR: &[(&str, &str)] = &[
    ("C", "replica_ceiling"),
    ("P", "peak"),
    ("spare", "spare"),
    ("price", "price_per_hour"),
    ("floor", "floor"),
    ("level", "trough"),
];

/// Draws keep the documented ranges (ceilings 1,000–6,000 by 500, peaks
/// 2,000–48,000 by 500, one or two spares, quarter-dollar prices, floors
/// 1–3, a lower level 10–90 % of the peak by 100 tok/s), about one peak in
/// five is an exact multiple of the ceiling, and the answers are the page's
/// figures for the same numbers.
#[test]
fn draws_follow_their_ranges_and_answer_like_the_page() {
    let t = topic();
    let mut multiples = 0;
    for seed in 0..1000u64 {
        for id in ["C1", "C2", "C3"] {
            let q = question(t, id, seed).unwrap();
            let v = &q.vars;
            let (c, p) = (v.num("C"), v.num("P"));
            assert!(on_grid(c, 1000.0, 6000.0, 500.0), "{id} seed {seed}: C {c}");
            assert!(
                on_grid(p, 2000.0, 48000.0, 500.0),
                "{id} seed {seed}: P {p}"
            );
            assert!([1.0, 2.0].contains(&v.num("spare")));
            if id == "C1" && (p / c).fract() == 0.0 {
                multiples += 1;
            }
            if id == "C2" {
                assert!(on_grid(v.num("price"), 1.0, 6.0, 0.25));
            }
            if id == "C3" {
                let level = v.num("level");
                assert!(on_grid(v.num("floor"), 1.0, 3.0, 1.0));
                assert!(
                    level % 100.0 == 0.0 && level >= 100.0,
                    "seed {seed}: {level}"
                );
                assert!(
                    level >= 0.1 * p - 50.0 && level <= 0.9 * p + 50.0,
                    "seed {seed}: {level} of {p}"
                );
            }
            // Every tenth seed: the page's figure for the same numbers.
            if seed % 10 == 0 {
                let figure = match id {
                    "C1" => "replicas_with_spare",
                    "C2" => "cost_per_hour_with_spare",
                    _ => "replicas_released_at_half",
                };
                let page = t.run(&page_of(ID, v, MIRROR)).get(figure).unwrap();
                assert_eq!(q.answer, page, "{id} seed {seed}");
            }
        }
    }
    assert!(
        (100..=350).contains(&multiples),
        "{multiples} of 1,000 peaks are exact multiples"
    );
}
