//! tiers-and-rate-limits challenges (docs/models/tiers-and-rate-limits.md, challenges T2-C1..C3): the documented three worked examples come
//! out of the templates, the queue-wait template asked about the presets'
//! pages quotes the seeds' 97 ms and 850 ms, and the draws keep the documented
//! ranges, steps and dependent values.

use crate::support::{accepts, on_grid, page, refuses, says};
use fleetlab::challenge::grade;
use fleetlab::topics::{question, question_live};

for_topic!("tiers-and-rate-limits");

/// C1: B = 2,000, r = 400/s, a = 1,000/s for 10 s → min(10,000, 6,000) = 6,000.
#[test]
fn c1_worked_example() {
    let s = solve(
        "C1",
        &[("B", 2000.0), ("r", 400.0), ("a", 1000.0), ("T", 10.0)],
    );
    assert_eq!(s.answer, 6000.0);
    assert_eq!(value(&s, "offered"), "10,000");
    assert_eq!(value(&s, "limit"), "6,000");
    assert!(
        value(&s, "mechanism").contains("3.333 s"),
        "{}",
        value(&s, "mechanism")
    );
    assert!(value(&s, "refused").contains("4,000"));
    // A slow trickle never empties the bucket.
    let s = solve(
        "C1",
        &[("B", 2000.0), ("r", 400.0), ("a", 300.0), ("T", 10.0)],
    );
    assert_eq!(s.answer, 3000.0);
    // Launch day under fix B (spec notes): B = 3,000, r = 900/s, 1,500/s
    // arrive: 12,000 of the first 15,000 in 10 s, 57,000 of 90,000 in 60 s.
    let fix_b = |secs: f64| {
        solve(
            "C1",
            &[("B", 3000.0), ("r", 900.0), ("a", 1500.0), ("T", secs)],
        )
        .answer
    };
    assert_eq!((fix_b(10.0), fix_b(60.0)), (12_000.0, 57_000.0));
}

/// C2: S = 40 ms, 20 cards, 380 req/s → ρ = 0.76, W = 126.7 ms; the same
/// asked about a page set to those numbers, and the seeds' 97 ms (normal
/// day) and 850 ms (30 % of the provisioned cards lost) from the presets.
#[test]
fn c2_worked_example_and_the_seeds_waits() {
    let s = solve(
        "C2",
        &[("S", 40.0), ("c", 20.0), ("lambda", 380.0), ("loss", 0.0)],
    );
    assert!((s.answer - 126.666_666_666).abs() < 1e-6, "{}", s.answer);
    assert_eq!(value(&s, "rho"), "0.7600");
    let t = topic();
    let p = page(
        ID,
        "",
        false,
        &[
            ("service_ms", "40"),
            ("prov_cards", "20"),
            ("paid_rps", "380"),
        ],
    );
    let q = question_live(t, "C2", 5, &p).unwrap();
    assert!((q.answer - 126.666_666_666).abs() < 1e-6);
    assert!(
        q.text.contains("380 req/s") && !q.text.contains("incident"),
        "{}",
        q.text
    );
    accepts(&q, &["126.7 ms", "0.1267 s"]);
    refuses(&q, &["95 ms"]);

    let normal = question_live(t, "C2", 5, &story("normal-day")).unwrap();
    assert!((normal.answer - 97.0).abs() < 0.01, "{}", normal.answer);
    assert_eq!(
        t.run(&story("normal-day"))
            .get("paid_wait_ms")
            .map(|w| (w * 100.0).round()),
        Some((normal.answer * 100.0).round())
    );
    let incident = question_live(t, "C2", 5, &story("incident")).unwrap();
    assert!(
        (incident.answer - 850.06).abs() < 0.01,
        "{}",
        incident.answer
    );
    assert!(
        incident.text.contains("(round(0.3 × 10) = 3 cards)"),
        "{}",
        incident.text
    );
    says(&incident, &["10 − 3 = 7 cards"]);
}

/// C3: 40 cards × 25 req/s, cap 85 %, paid 150/s, free 900/s → room 700/s,
/// shed 200/s = 22.2 %.
#[test]
fn c3_worked_example() {
    // 40 cards of 25 req/s capped at 85 %, 150 paid req/s, and `free`.
    let c3 = |free: f64| {
        solve(
            "C3",
            &[
                ("c", 40.0),
                ("mu", 25.0),
                ("cap", 0.85),
                ("paid", 150.0),
                ("free", free),
            ],
        )
    };
    let s = c3(900.0);
    assert!((s.answer - 200.0).abs() < 1e-9, "{}", s.answer);
    assert_eq!(value(&s, "capped"), "850 req/s");
    assert_eq!(value(&s, "room"), "700 req/s");
    assert_eq!(value(&s, "share"), "22.22%");
    // Free within the room: nothing to shed.
    let s = c3(600.0);
    assert_eq!(s.answer, 0.0);
}

/// The documented ranges and steps, its dependent draws, and answers recomputed
/// here from the formulas.
#[test]
fn draws_follow_the_spec() {
    let t = topic();
    let (mut losses, mut kept, mut no_shed) = ([0; 3], 0, 0);
    let mut emptied = 0;
    for seed in 0..1000u64 {
        let q = question(t, "C1", seed).unwrap();
        let v = &q.vars;
        let (b, r, a, secs) = (v.num("B"), v.num("r"), v.num("a"), v.num("T"));
        assert!(on_grid(b, 500.0, 5000.0, 100.0) && on_grid(r, 100.0, 1000.0, 50.0));
        assert!(
            on_grid(a, r + 100.0, 3.0 * r + 1000.0, 50.0),
            "seed {seed}: a {a} r {r}"
        );
        assert!(on_grid(secs, 5.0, 60.0, 5.0));
        assert_eq!(q.answer, (a * secs).min(b + r * secs).floor());
        emptied += (a * secs > b + r * secs) as u32;

        let q = question(t, "C2", seed).unwrap();
        let v = &q.vars;
        let (s, c, rho, loss, lambda) = (
            v.num("S"),
            v.num("c"),
            v.num("rho"),
            v.num("loss"),
            v.num("lambda"),
        );
        assert!(on_grid(s, 20.0, 100.0, 5.0) && on_grid(c, 4.0, 40.0, 2.0));
        assert!(on_grid(rho, 0.5, 0.95, 0.01));
        assert_eq!(lambda, (rho * c * 1000.0 / s * 10.0).round() / 10.0);
        let after = c - (loss * c).round();
        let rho_after = lambda / (after * 1000.0 / s);
        match loss {
            0.0 => losses[0] += 1,
            0.1 => losses[1] += 1,
            0.2 => losses[2] += 1,
            x => panic!("seed {seed}: loss {x}"),
        }
        if loss > 0.0 {
            assert!(rho_after < 0.98 && after < c, "seed {seed}");
        }
        let w = s * rho_after / (1.0 - rho_after);
        assert!((q.answer - w).abs() <= 1e-9 * w, "seed {seed}");
        assert!(grade(&q, &format!("{:.4}", w * 1.019)).correct());

        let q = question(t, "C3", seed).unwrap();
        let v = &q.vars;
        let (c, mu, cap) = (v.num("c"), v.num("mu"), v.num("cap"));
        let (paid, free) = (v.num("paid"), v.num("free"));
        assert!(on_grid(c, 10.0, 60.0, 1.0) && [10.0, 20.0, 25.0, 40.0].contains(&mu));
        assert!([0.75, 0.8, 0.85, 0.9].contains(&cap));
        let share = v.num("paid_share");
        assert!(on_grid(share, 0.05, 0.40, 0.01));
        assert_eq!(paid, (share * c * mu).round());
        let room = cap * c * mu - paid;
        let factor = v.num("free_factor");
        assert!(on_grid(factor, 0.8, 2.5, 0.05));
        let drawn = (factor * room).round();
        if drawn > room && drawn - room < 3.0 {
            assert_eq!(free, room.floor(), "seed {seed}");
        } else {
            assert_eq!(free, drawn, "seed {seed}");
        }
        let shed = free - free.min(room);
        assert!((q.answer - shed).abs() < 1e-9, "seed {seed}");
        if shed == 0.0 {
            no_shed += 1;
        } else {
            kept += 1;
        }
    }
    assert!(
        losses[0] > 400 && losses[1] > 100 && losses[2] > 100,
        "{losses:?}"
    );
    assert!(
        no_shed > 50 && kept > 700,
        "{no_shed} shed nothing, {kept} shed"
    );
    assert!(emptied > 300 && emptied < 1000, "{emptied} buckets ran dry");
}
