//! Every topic's guided start (`model::intro`): three to six steps, at least
//! one asking for a prediction, each step's values valid and its scene
//! built from them, pictures that differ from one step to the next, and a
//! last step that opens a real story.

use fleetlab::model::intro::advance_to;
use fleetlab::model::scene::Shape;
use fleetlab::model::{Frame, Topic};
use fleetlab::topics;

const SEED: u64 = 1;

fn each() -> impl Iterator<Item = (&'static dyn Topic, &'static fleetlab::model::Intro)> {
    topics::all().map(|t| {
        let intro =
            topics::intro(t.id()).unwrap_or_else(|| panic!("{} has no guided start", t.id()));
        (t, intro)
    })
}

#[test]
fn every_topic_has_a_guided_start_of_three_to_six_steps() {
    assert_eq!(each().count(), 9);
    for (t, intro) in each() {
        let n = intro.steps.len();
        assert!((3..=6).contains(&n), "{}: {n} steps", t.id());
        assert!(
            intro.steps.iter().any(|s| s.predict.is_some()),
            "{}: no step asks for a prediction",
            t.id()
        );
        for (i, s) in intro.steps.iter().enumerate() {
            assert!(
                !s.title.is_empty() && !s.text.is_empty(),
                "{} step {i}",
                t.id()
            );
            assert!(
                s.at_s > 0.0 && s.at_s.is_finite(),
                "{} step {i}: at_s",
                t.id()
            );
            if let Some(p) = &s.predict {
                assert!(p.choices.len() >= 2, "{} step {i}: choices", t.id());
                assert!(p.answer < p.choices.len(), "{} step {i}: answer", t.id());
                assert!(!p.question.is_empty() && !p.reveal.is_empty());
            }
            let last = i + 1 == n;
            assert_eq!(
                s.story.is_some(),
                last,
                "{} step {i}: only the last names a story",
                t.id()
            );
        }
        let story = intro.steps[n - 1].story.unwrap();
        assert!(t.preset(story).is_some(), "{}: no story {story}", t.id());
    }
}

/// A frame's shapes as the picture shows them: each shape's kind, ink and
/// position rounded to a unit, and its text.
fn look(f: &Frame) -> Vec<String> {
    f.shapes
        .iter()
        .map(|s| match s {
            Shape::Text { x, y, text, .. } => format!(
                "T{:.0},{:.0}:{}",
                x,
                y,
                &f.text[text.start as usize..text.end as usize]
            ),
            other => format!("{:.0?}", other),
        })
        .collect()
}

#[test]
fn each_step_builds_its_scene_and_pictures_differ_step_to_step() {
    for (t, intro) in each() {
        let spec = topics::scene(t.id()).unwrap();
        let mut before: Option<Vec<String>> = None;
        for (i, s) in intro.steps.iter().enumerate() {
            let params = s
                .params(t)
                .unwrap_or_else(|e| panic!("{} step {i}: {e:?}", t.id()));
            assert!(!params.values().is_empty());
            let mut frame = Frame::default();
            let mut summary = String::new();
            s.still(t, spec, SEED, &mut frame, &mut summary).unwrap();
            assert!(!summary.is_empty(), "{} step {i}: no summary", t.id());
            assert!(
                !frame.shapes.is_empty(),
                "{} step {i}: an empty picture",
                t.id()
            );
            let shapes = look(&frame);
            if let Some(b) = &before {
                assert_ne!(
                    b,
                    &shapes,
                    "{} step {i}: the same picture as the step before",
                    t.id()
                );
            }
            before = Some(shapes);
        }
    }
}

/// Prints every step's summary and counters at its still time (a tool for
/// writing steps: `cargo test --test intro -- --ignored --nocapture`).
#[test]
#[ignore]
fn print_steps() {
    for (t, intro) in each() {
        let spec = topics::scene(t.id()).unwrap();
        for (i, s) in intro.steps.iter().enumerate() {
            let mut sc = s.scene(t, spec, SEED).unwrap();
            advance_to(sc.as_mut(), s.at_s);
            let mut out = String::new();
            sc.summary(&mut out);
            let mut c = Vec::new();
            sc.counters(&mut c);
            let named: Vec<String> = spec
                .counters
                .iter()
                .zip(&c)
                .map(|(k, v)| format!("{}={v:.3}", k.id))
                .collect();
            println!(
                "{} {i} t={:.1} speed={:.1}\n  {out}\n  {}",
                t.id(),
                sc.now_s(),
                sc.default_speed(),
                named.join(" ")
            );
        }
    }
}

/// What a step's words claim about its picture, as its scene's counters at
/// the step's still time: (topic, step, counter, what holds of its value).
type Claim = (&'static str, usize, &'static str, fn(f64) -> bool);
const CLAIMS: &[Claim] = &[
    ("consistent-hashing", 1, "moved_share", |v| {
        v > 0.0 && v < 0.5
    }),
    ("consistent-hashing", 2, "moved_share", |v| v > 0.5),
    ("load-balancing", 0, "busiest_share", |v| {
        (v - 0.25).abs() < 0.05
    }),
    ("load-balancing", 0, "locality", |v| v < 0.5),
    ("load-balancing", 0, "busiest_load", |v| v < 0.6),
    ("load-balancing", 1, "busiest_load", |v| v > 0.6),
    ("load-balancing", 1, "locality", |v| v > 0.99),
    ("load-balancing", 2, "busiest_load", |v| v < 0.6),
    ("load-balancing", 2, "locality", |v| v > 0.99),
    ("autoscaling", 0, "max_wait_s", |v| v == 0.0),
    ("autoscaling", 1, "max_wait_s", |v| v > 0.0),
    ("autoscaling", 2, "max_wait_s", |v| v == 0.0),
    ("warm-pool", 0, "served_at_once", |v| v == 0.0),
    ("warm-pool", 1, "served_at_once", |v| v > 0.0 && v < 1.0),
    ("warm-pool", 2, "max_wait_s", |v| v == 0.0),
    ("inside-a-replica", 0, "batch", |v| v == 1.0),
    ("inside-a-replica", 1, "batch", |v| v > 1.0),
    ("inside-a-replica", 2, "waiting", |v| v > 0.0),
    ("cache-aware-routing", 0, "hit_share", |v| v < 0.5),
    ("cache-aware-routing", 1, "hit_share", |v| v == 1.0),
    ("cache-aware-routing", 2, "hit_share", |v| v < 0.5),
    ("buying-the-fleet", 0, "rented_bill", |v| v == 0.0),
    ("buying-the-fleet", 1, "rented_bill", |v| v > 0.0),
    ("buying-the-fleet", 2, "api_bill", |v| v > 0.0),
    ("fleet-efficiency", 1, "wrong_evictions", |v| v >= 1.0),
    ("fleet-efficiency", 2, "wrong_evictions", |v| v == 0.0),
    ("tiers-and-rate-limits", 0, "refused_share", |v| v == 0.0),
    ("tiers-and-rate-limits", 1, "refused_share", |v| v > 0.0),
    ("tiers-and-rate-limits", 2, "refused_share", |v| v > 0.0),
    ("tiers-and-rate-limits", 2, "waiting", |v| v > 1000.0),
    ("tiers-and-rate-limits", 3, "paid_wait_ms", |v| v < 150.0),
    ("tiers-and-rate-limits", 3, "free_wait_ms", |v| v > 300.0),
];

#[test]
fn each_step_says_what_its_picture_shows() {
    for &(id, i, counter, holds) in CLAIMS {
        let t = topics::find(id).unwrap();
        let spec = topics::scene(id).unwrap();
        let step = &topics::intro(id).unwrap().steps[i];
        let mut sc = step.scene(t, spec, SEED).unwrap();
        advance_to(sc.as_mut(), step.at_s);
        let mut c = Vec::new();
        sc.counters(&mut c);
        let k = spec.counters.iter().position(|s| s.id == counter).unwrap();
        assert!(holds(c[k]), "{id} step {i}: {counter} = {}", c[k]);
    }
}

/// The replica's last step names the KV cache's size as the page's figure
/// gives it at the step's values, and one sequence as what fits.
#[test]
fn the_replica_step_names_its_cache_as_the_page_does() {
    let id = "inside-a-replica";
    let t = topics::find(id).unwrap();
    let step = topics::intro(id).unwrap().steps.last().unwrap();
    let mut p = t.defaults();
    p.apply(step.set).unwrap();
    let out = t.run(&p);
    let fig = |id: &str| out.figures.iter().find(|f| f.id == id).unwrap().value;
    let tokens = (fig("kv_tokens") / 100.0).round() * 100.0;
    let said = format!(
        "about {},{:03} tokens of KV cache",
        tokens as u64 / 1000,
        tokens as u64 % 1000
    );
    assert!(
        step.text.contains(&said),
        "{:?} does not say {said:?}",
        step.text
    );
    assert_eq!(fig("max_sequences"), 1.0);
}

/// The tiers incident step names the cards its picture has down, in both
/// pools (its words once named only the paid pool's, beside a picture
/// with nine shared cards down).
#[test]
fn the_incident_step_names_the_cards_its_picture_has_down() {
    let id = "tiers-and-rate-limits";
    let t = topics::find(id).unwrap();
    let spec = topics::scene(id).unwrap();
    let step = topics::intro(id).unwrap().steps.last().unwrap();
    let mut sc = step.scene(t, spec, SEED).unwrap();
    advance_to(sc.as_mut(), step.at_s);
    let mut summary = String::new();
    sc.summary(&mut summary);
    let mut p = t.defaults();
    p.apply(step.set).unwrap();
    let (prov, shared) = (p.get("prov_cards"), p.get("shared_cards"));
    let down = |n: f64, share: &str| (p.get(share) * n).round();
    let (down_p, down_s) = (down(prov, "loss_prov"), down(shared, "loss_shared"));
    let pictured = format!("{down_p} provisioned and {down_s} shared cards down");
    assert!(
        summary.contains(&pictured),
        "{summary:?} lacks {pictured:?}"
    );
    let said = format!("{down_p} of the {prov} paid cards and {down_s} of the {shared} shared");
    assert!(
        step.text.contains(&said),
        "{:?} does not say {said:?}",
        step.text
    );
}
