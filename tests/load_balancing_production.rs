//! Load balancing closer to production (issue #33): every card keeps the
//! preambles it prefilled until LRU evicts them, and requests hold a card
//! for heavy-tailed times, so least-loaded (least outstanding requests) and
//! two random choices beat round-robin and random dispatch; the seed card's
//! model unchanged. Run with `--nocapture` to print both models' figures
//! and every check's verdict for each story ± fix.

mod common;

use common::fig;
use fleetlab::model::{Assumptions, Outcome, Params, SplitMix64, Topic};
use fleetlab::topics::load_balancing::{busiest_held, Dispatch};

const T: &str = "load-balancing";

fn topic() -> &'static dyn Topic {
    common::topic(T)
}

fn story(preset: &str, fix: bool, a: Assumptions) -> Params {
    common::story(T, preset, fix, &[], a)
}

fn with(set: &[(&str, &str)], a: Assumptions) -> Outcome {
    topic().run(&common::page(T, set, a))
}

/// Every story with and without its fix.
fn stories() -> Vec<(&'static str, bool)> {
    common::stories(T)
}

/// An LRU cache of `held` copies, simulated arrival by arrival, written out
/// here apart from the topic's: the share of `arrivals` that find their
/// member resident (after `arrivals / 10` to warm it).
fn lru_simulated(cards: usize, hot: f64, held: usize, arrivals: usize) -> f64 {
    let mut rng = SplitMix64::new(7);
    let mut cache: Vec<usize> = Vec::new();
    let (mut hits, mut counted) = (0usize, 0usize);
    for k in 0..arrivals {
        let m = if rng.next_unit() < hot {
            0
        } else {
            1 + rng.below(cards as u64 - 1) as usize
        };
        let hit = if let Some(i) = cache.iter().position(|&x| x == m) {
            cache.remove(i);
            true
        } else {
            if cache.len() == held {
                cache.remove(0);
            }
            false
        };
        cache.push(m);
        if k >= arrivals / 10 {
            counted += 1;
            hits += usize::from(hit);
        }
    }
    hits as f64 / counted as f64
}

/// Round-robin under an LRU prefix cache: every arrival meets its copy once
/// the family's members fit a card's 20 copies (at least 90 %), and locality
/// falls as the members outgrow it; the seed card's round-robin meets a copy
/// one time in n whatever the cache. Che's figure agrees with an LRU cache
/// simulated request by request.
#[test]
fn round_robin_hits_while_the_family_fits_a_cards_cache() {
    let mut last = 1.0;
    for cards in [4, 16, 20, 24, 32, 64, 128, 256] {
        let n = cards.to_string();
        let seed = with(&[("cards", &n)], Assumptions::Seed);
        let prod = with(&[("cards", &n)], Assumptions::Production);
        assert!((fig(&seed, "locality") - 1.0 / cards as f64).abs() < 1e-12);
        let hit = fig(&prod, "locality");
        if cards <= 20 {
            assert!(
                hit >= 0.9 && prod.verdict("locality").unwrap().pass,
                "{cards}: {hit}"
            );
        } else {
            assert!(hit < last, "{cards}: {hit} does not fall from {last}");
        }
        last = hit;
        let sim = lru_simulated(cards, 0.8, 20, 400_000);
        assert!(
            (sim - hit).abs() < 0.01,
            "{cards} cards: simulated {sim} vs {hit}"
        );
    }
    // The worked example: the hot member hits, the other 63 members about
    // 19 times in 63: 80 % + 20 % × 19/63 = 86.0 %.
    let prod = topic().run(&story("round-robin", false, Assumptions::Production));
    assert!((fig(&prod, "locality") - (0.8 + 0.2 * 19.0 / 63.0)).abs() < 1e-3);
    assert!(!prod.verdict("locality").unwrap().pass);
}

/// Overflow's arrivals reach cards that keep the copy after its first
/// prefill: closer to production the overflow story meets its copies (the
/// seed card's overflow misses on every one it sends off).
#[test]
fn overflow_hits_once_its_cards_keep_what_they_prefilled() {
    let seed = with(&[("policy", "hash-overflow")], Assumptions::Seed);
    let prod = with(&[("policy", "hash-overflow")], Assumptions::Production);
    let spilled = fig(&seed, "spilled_share");
    assert!((fig(&seed, "locality") - (1.0 - spilled)).abs() < 1e-9);
    assert!(!seed.verdict("locality").unwrap().pass);
    assert!(fig(&prod, "locality") > 0.99);
    assert!(prod.verdict("locality").unwrap().pass);
    // The cap acts on the card's load as each request arrives, so the
    // busiest card stays at it over time.
    assert!(fig(&prod, "busiest_card_p95_util") <= 0.6 + 1e-9);
    assert!((fig(&prod, "spilled_share") - spilled).abs() < 0.03);
}

/// Under heavy-tailed request costs, sending a request to the card with
/// the fewest in flight, or to the better of two random cards, keeps the
/// busiest card far nearer the average than random or round-robin dispatch.
#[test]
fn least_outstanding_and_two_choices_beat_random_under_heavy_tails() {
    for (cards, in_flight) in [(64, 256.0), (16, 512.0), (128, 2048.0), (8, 64.0)] {
        let p95 = |d: Dispatch| busiest_held(cards, in_flight, d, &[], f64::INFINITY).busiest;
        let (random, rr, two, least) = (
            p95(Dispatch::Random),
            p95(Dispatch::RoundRobin),
            p95(Dispatch::TwoChoices),
            p95(Dispatch::LeastOutstanding),
        );
        let average = in_flight / cards as f64;
        println!("{cards} cards, {average} a card on average: random {random}, round-robin {rr}, two choices {two}, least outstanding {least}");
        assert!(least < two && two < rr && rr <= random, "{cards}");
        // Random's excess over the average is at least twice least-outstanding's.
        assert!(random - average >= 2.0 * (least - average), "{cards}");
        assert!(least >= average.floor());
    }
}

/// On the page: least-loaded shares round-robin's figures on the seed card;
/// closer to production its busiest card over time is lower, and the
/// averages stay the seed's.
#[test]
fn least_loaded_parts_from_round_robin_closer_to_production() {
    let seed_rr = with(&[("policy", "round-robin")], Assumptions::Seed);
    let seed_ll = with(&[("policy", "least-loaded")], Assumptions::Seed);
    assert_eq!(
        format!("{:?}", seed_rr.figures),
        format!("{:?}", seed_ll.figures)
    );
    assert!(seed_rr.get("busiest_card_p95_util").is_none());
    let rr = with(&[("policy", "round-robin")], Assumptions::Production);
    let ll = with(&[("policy", "least-loaded")], Assumptions::Production);
    assert!(fig(&ll, "busiest_card_p95_util") < fig(&rr, "busiest_card_p95_util"));
    for o in [&rr, &ll] {
        assert_eq!(
            fig(o, "busiest_card_util"),
            fig(&seed_rr, "busiest_card_util")
        );
        assert!(fig(o, "busiest_card_p95_util") > fig(o, "busiest_card_util"));
        let v = o.verdict("busiest").unwrap();
        assert_eq!(v.value, fig(o, "busiest_card_p95_util"));
        assert!(v.why.contains("95th percentile"), "{}", v.why);
    }
}

/// Every story ± fix, judged under both models: printed, finite.
#[test]
fn every_story_is_judged_under_both_models() {
    for (preset, fix) in stories() {
        for a in Assumptions::ALL {
            let o = topic().run(&story(preset, fix, a));
            println!(
                "{preset}{} [{}]: busiest {:.4} (p95 {:?}), locality {:.4}, spilled {:.4}",
                if fix { " + fix" } else { "" },
                a.word(),
                fig(&o, "busiest_card_util"),
                o.get("busiest_card_p95_util"),
                fig(&o, "locality"),
                fig(&o, "spilled_share"),
            );
            for v in &o.checks {
                println!(
                    "    {} {} {:.4}: {}",
                    v.id,
                    if v.pass { "pass" } else { "FAIL" },
                    v.value,
                    v.why
                );
                assert!(!v.value.is_nan() && !v.why.is_empty());
            }
            for f in &o.figures {
                assert!(!f.value.is_nan(), "{preset} {fix} {a:?} {}", f.id);
            }
        }
    }
}

/// Each difference's figures move between the models in some story ± fix,
/// and each of its checks is judged on another value.
#[test]
fn each_difference_moves_what_it_lists() {
    let diffs = topic().about().differences;
    assert_eq!(diffs.len(), 2);
    let runs: Vec<(Outcome, Outcome)> = stories()
        .into_iter()
        .map(|(p, f)| {
            let t = topic();
            (
                t.run(&story(p, f, Assumptions::Seed)),
                t.run(&story(p, f, Assumptions::Production)),
            )
        })
        .collect();
    for d in diffs {
        for id in d.figures {
            // Moved, or measured closer to production only.
            assert!(
                runs.iter().any(|(s, p)| s.get(id) != Some(fig(p, id))),
                "{}: {id}",
                d.id
            );
        }
        for id in d.checks {
            let moved = runs
                .iter()
                .any(|(s, p)| s.verdict(id).unwrap().value != p.verdict(id).unwrap().value);
            assert!(moved, "{}: check {id}", d.id);
        }
    }
}
