//! The progress import: a record read from a file a learner picked (the
//! browser parses it with `JSON.parse` and serde; natively the same serde
//! types read it with serde_json). Mutated records (wrong types, huge and
//! negative counts, unknown topics and templates, deep nesting, megabyte
//! strings, broken text) never panic; what parses is repaired into a
//! consistent record, the repair says what it changed and is idempotent,
//! the repaired record survives writing and reading, and merging and
//! recording keep it consistent.

use crate::{chance, clip, fuzz, long_text, mutate, pick};
use fleetlab::challenge::progress::{key, Progress, VERSION};
use fleetlab::challenge::templates;
use fleetlab::model::SplitMix64;
use fleetlab::topics;
use serde_json::{json, Map, Value};

const MAX_SAFE: u64 = (1 << 53) - 1;

/// A key: mostly a real topic and template, sometimes not.
fn entry_key(rng: &mut SplitMix64) -> String {
    let all: Vec<_> = topics::all().collect();
    let t = *pick(rng, &all);
    let tpl = templates(t)
        .first()
        .map_or("C1".to_string(), |x| x.id.clone());
    match rng.below(8) {
        0 => pick(
            rng,
            &[
                "nope/C2",
                "warm-pool/C4",
                "warm-pool/c1",
                "/C1",
                "a/b/C1",
                "",
                "C1",
                "x/",
            ],
        )
        .to_string(),
        1 => key(&mutate(t.id(), 2, rng), &tpl),
        2 if chance(rng, 0.02) => long_text(rng, "warm-pool/"),
        _ => {
            let c = *pick(rng, &["C1", "C2", "C3", "L1", "M1", "O1", "P1"]);
            key(t.id(), c)
        }
    }
}

/// A count: small, at the u32 edge, or a seed past what JavaScript holds.
fn count(rng: &mut SplitMix64) -> u64 {
    match rng.below(6) {
        0 => u32::MAX as u64,
        1 => rng.below(u32::MAX as u64 + 1),
        2 => MAX_SAFE + rng.below(3),
        _ => rng.below(50),
    }
}

/// A record as a learner's page writes it.
fn valid(rng: &mut SplitMix64) -> Value {
    let mut entries = Map::new();
    for _ in 0..rng.below(12) {
        let attempts = count(rng).min(u32::MAX as u64);
        let correct = rng.below(attempts + 1);
        let mut e = json!({
            "attempts": attempts,
            "correct": correct,
            "first_try": rng.below(correct + 1),
            "last_seed": if chance(rng, 0.7) { json!(count(rng)) } else { Value::Null },
        });
        if chance(rng, 0.3) {
            e.as_object_mut().unwrap().remove("first_try");
        }
        if chance(rng, 0.5) {
            let o = e.as_object_mut().unwrap();
            o.insert("box".into(), json!(rng.below(7)));
            o.insert("due".into(), json!(count(rng).min(u32::MAX as u64)));
        }
        entries.insert(entry_key(rng), e);
    }
    let streak = count(rng).min(u32::MAX as u64);
    json!({
        "version": if chance(rng, 0.9) { VERSION as u64 } else { rng.below(3) },
        "entries": entries,
        "score": count(rng).min(u32::MAX as u64),
        "streak": streak,
        "best_streak": streak + rng.below(5).min(u32::MAX as u64 - streak),
        "drawn": count(rng).min(u32::MAX as u64),
        "predictions": { "warm-pool/all-cold": { "attempts": rng.below(5), "correct": rng.below(7) } },
    })
}

/// Something in a wrong shape or size.
fn odd_value(rng: &mut SplitMix64) -> Value {
    match rng.below(12) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(1.5),
        4 => json!(4_294_967_296u64),
        5 => json!(u64::MAX),
        6 => json!(1e300),
        7 => json!("3"),
        8 => json!([1, 2, 3]),
        9 => json!({"attempts": "many"}),
        10 => {
            let mut v = json!(0);
            for _ in 0..rng.below(200) {
                v = json!([v]);
            }
            v
        }
        _ => json!(long_text(rng, "a")),
    }
}

/// Replaces or adds one value somewhere in `v`.
fn poke(rng: &mut SplitMix64, v: &mut Value) {
    match v {
        Value::Object(m) if !m.is_empty() && chance(rng, 0.7) => {
            let k = m
                .keys()
                .nth(rng.below(m.len() as u64) as usize)
                .unwrap()
                .clone();
            if chance(rng, 0.6) {
                poke(rng, m.get_mut(&k).unwrap());
            } else {
                m.remove(&k);
            }
        }
        Value::Object(m) => {
            let k = pick(
                rng,
                &[
                    "version",
                    "entries",
                    "score",
                    "streak",
                    "best_streak",
                    "attempts",
                    "correct",
                    "first_try",
                    "last_seed",
                    "box",
                    "due",
                    "drawn",
                    "predictions",
                    "extra",
                ],
            );
            m.insert(k.to_string(), odd_value(rng));
        }
        _ => *v = odd_value(rng),
    }
}

/// A record, mutated as a value and then as text.
fn record_text(rng: &mut SplitMix64) -> String {
    let mut v = valid(rng);
    for _ in 0..rng.below(3) {
        poke(rng, &mut v);
    }
    let text = if chance(rng, 0.5) {
        serde_json::to_string(&v).unwrap()
    } else {
        serde_json::to_string_pretty(&v).unwrap()
    };
    match rng.below(12) {
        0 => format!("{}{text}", "[".repeat(1 + rng.below(100_000) as usize)),
        1 => format!(
            "{{\"entries\":{}",
            "{\"a\":".repeat(1 + rng.below(10_000) as usize)
        ),
        2 => format!("\u{feff}{text}"),
        3 => text.replacen('}', ",\"score\":1}", 1),
        _ => mutate(&text, *pick(rng, &[0, 0, 1, 3]), rng),
    }
}

fn assert_consistent(p: &Progress, ctx: &str) {
    assert_eq!(p.version, VERSION, "{ctx}");
    assert!(p.best_streak >= p.streak, "{ctx}: streak above best");
    for (k, e) in &p.entries {
        let ok = k.split_once('/').is_some_and(|(t, c)| {
            !t.is_empty()
                && (matches!(c, "L1" | "M1" | "O1" | "P1")
                    || topics::find(t).is_some_and(|x| templates(x).iter().any(|y| y.id == c)))
        });
        assert!(ok, "{ctx}: key {}", clip(k));
        assert!(e.leitner <= 5, "{ctx}: box {}", e.leitner);
        assert_eq!(e.due.is_some(), e.leitner > 0, "{ctx}: due {e:?}");
        assert!(
            e.correct <= e.attempts && e.first_try <= e.correct,
            "{ctx}: {} counts {e:?}",
            clip(k)
        );
        assert!(e.last_seed.is_none_or(|s| s <= MAX_SAFE), "{ctx}: seed");
    }
    for x in p.predictions.values() {
        assert!(x.correct <= x.attempts, "{ctx}: predictions {x:?}");
    }
    let _ = p.solved();
}

#[test]
fn progress_import_repairs_or_refuses() {
    fuzz(
        "progress_import_repairs_or_refuses",
        0.15,
        record_text,
        |text| {
            let ctx = clip(text);
            let Ok(p) = serde_json::from_str::<Progress>(text) else {
                return;
            };
            let (r, notes) = match p.clone().repaired() {
                Ok(r) => r,
                Err(why) => {
                    assert!(p.version > VERSION && why.contains("newer"), "{ctx}: {why}");
                    return;
                }
            };
            assert_consistent(&r, &ctx);
            assert!(
                r == p || !notes.is_empty(),
                "{ctx}: changed without saying so"
            );
            for n in &notes {
                assert!(n.chars().count() < 200, "{ctx}: {n}");
            }
            assert_eq!(
                r.clone().repaired(),
                Ok((r.clone(), vec![])),
                "{ctx}: repair again"
            );
            let written = serde_json::to_string(&r).unwrap();
            let back: Progress = serde_json::from_str(&written).unwrap();
            assert_eq!(back, r, "{ctx}: written {}", clip(&written));
            let mut merged = r.clone();
            merged.merge(&r);
            merged.merge(&Progress::default());
            assert_consistent(&merged, &ctx);
            // The page records answers to its own topics' templates.
            let mut rng = SplitMix64::new(text.len() as u64);
            let all: Vec<_> = topics::all().collect();
            for _ in 0..4 {
                let t = pick(&mut rng, &all).id();
                let c = pick(&mut rng, &["C1", "C2", "L1", "P1"]);
                let (seed, right, first) = (
                    count(&mut rng),
                    chance(&mut rng, 0.5),
                    chance(&mut rng, 0.5),
                );
                merged.record(t, c, seed, right, first);
            }
            assert_consistent(&merged, &ctx);
        },
    );
}
