//! The load balancing challenges: worked examples solved on hand-built draws,
//! questions drawn from seeds and asked about the stories' pages.

use crate::support::{accepts, page, refuses, says};
use fleetlab::challenge::{templates, Vars};
use fleetlab::topics::{question, question_live};

for_topic!("load-balancing");

/// The seed's numbers by solve() on hand-built draws: 64 cards → 1.5625 %;
/// h = 80 % → 80 + 20/63 = 80.3175 %; w = 30 % → 24.095 ≈ 24.1 points.
#[test]
fn challenge_worked_examples_solve() {
    let vars = Vars::numbers(&[("n", 64.0), ("h", 0.8), ("w", 0.3)]);
    let want = [
        ("C1", 1.0 / 64.0, 1e-15),
        ("C2", 0.8 + 0.2 / 63.0, 1e-12),
        ("C3", 30.0 * (0.8 + 0.2 / 63.0), 1e-9),
    ];
    for (tpl, (id, answer, tol)) in templates(topic()).iter().zip(want) {
        assert_eq!(tpl.id, id);
        let s = solve_vars(id, &vars);
        assert!((s.answer - answer).abs() < tol, "{id}: {}", s.answer);
    }
}

/// The seeds that draw the seed's fleet, graded as the seed writes them.
#[test]
fn challenge_worked_examples_are_drawn() {
    let t = topic();
    let q = question(t, "C1", 200).unwrap();
    assert_eq!(q.vars.num("n"), 64.0);
    assert_eq!(q.answer, 0.015625);
    accepts(&q, &["1.5625%", "1.56%", "0.015625", "1.5625"]);
    // Within ±0.01 point.
    refuses(&q, &["1.6%"]);
    says(&q, &["1.5625%"]);

    let q = question(t, "C2", 2691).unwrap();
    assert_eq!((q.vars.num("n"), q.vars.num("h")), (64.0, 0.8));
    accepts(&q, &["80.32%", "80.3%"]);
    // Within ±0.1 point.
    refuses(&q, &["80.5%"]);
    says(&q, &["80.3175%"]);

    let q = question(t, "C3", 6779).unwrap();
    assert_eq!(
        (q.vars.num("n"), q.vars.num("h"), q.vars.num("w")),
        (64.0, 0.8, 0.3)
    );
    accepts(&q, &["24.1", "24.1 points"]);
    refuses(&q, &["80.32"]);
}

/// "Ask about this page" at the page's defaults (64 cards, 80 %, 30 %) asks
/// the seed's own questions, and every answer equals the page's figure.
#[test]
fn challenges_asked_about_the_page_agree_with_it() {
    let t = topic();
    let seed_numbers = [1.0 / 64.0, 0.8 + 0.2 / 63.0, 30.0 * (0.8 + 0.2 / 63.0)];
    let figures = [
        "round_robin_share_per_card",
        "hash_busiest_card_share",
        "hash_card_fleet_points",
    ];
    let set = [
        ("cards", "16"),
        ("hot_share", "0.55"),
        ("family_share", "0.45"),
    ];
    for (k, id) in ["C1", "C2", "C3"].into_iter().enumerate() {
        let p = t.defaults();
        let q = question_live(t, id, 11, &p).unwrap();
        assert!(
            (q.answer - seed_numbers[k]).abs() < 1e-9,
            "{id}: {}",
            q.answer
        );
        for set in [&[][..], &set[..]] {
            let p = page(ID, "", false, set);
            let q = question_live(t, id, 11, &p).unwrap();
            let page = t.run(&p).get(figures[k]).unwrap();
            assert!(
                (q.answer - page).abs() < 1e-9,
                "{id} {set:?}: {} vs {page}",
                q.answer
            );
        }
    }
}
