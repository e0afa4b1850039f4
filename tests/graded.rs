//! Graded mode natively: the link keys (`mode=graded`, `salt`, `only`,
//! `spent`) read and written back; the learner's seed (two learners apart,
//! one learner the same every time); the sliders a graded page locks; and
//! on every topic and challenge, a graded draw whose key the page and the
//! question do not show.

use fleetlab::challenge::graded::{key_forms, page_text, shows_key};
use fleetlab::challenge::{self, tries::Spent};
use fleetlab::model::Unit;
use fleetlab::topics;
use fleetlab::topics::static_text;
use fleetlab::urlstate::{decode, encode};

const LMS: &str = "actor_home=https%3A%2F%2Flms.example.org";

#[test]
fn the_graded_keys_read_and_write_back() {
    let (s, notes) =
        decode("topic=warm-pool&mode=graded&salt=7&only=c3,C2&spent=C1-2-0,C2-1-1&tries=2");
    assert!(notes.is_empty(), "{notes:?}");
    assert!(s.graded());
    assert_eq!(s.embed.salt, Some(7));
    assert_eq!(s.embed.only, Some(vec!["C2".to_string(), "C3".to_string()]));
    let spent = |tries, solved| Spent { tries, solved };
    assert_eq!(
        s.embed.spent,
        vec![
            ("C1".to_string(), spent(2, false)),
            ("C2".to_string(), spent(1, true))
        ]
    );
    assert_eq!(decode(&encode(&s)).0, s);
    let ids: Vec<String> = s.asked_templates().into_iter().map(|t| t.id).collect();
    assert_eq!(ids, ["C2", "C3"]);
    // Practice (or no mode) asks every template, whatever `only` says.
    let (p, _) = decode("topic=warm-pool&only=C2");
    assert!(!p.graded());
    let all = challenge::templates(topics::find("warm-pool").unwrap()).len();
    assert_eq!(p.asked_templates().len(), all);
}

#[test]
fn what_a_graded_link_cannot_use_is_said() {
    let (s, notes) = decode("topic=warm-pool&mode=exam&only=C9&spent=C1-x-0,C7-1-1&salt=-3");
    assert!(!s.graded());
    assert_eq!(s.embed.only, None);
    assert!(s.embed.spent.is_empty());
    let said = notes.join(" ");
    for part in ["mode=exam", "only:", "C1-x-0", "C7-1-1", "salt=-3"] {
        assert!(said.contains(part), "{part} not said in: {said}");
    }
}

#[test]
fn mode_is_kept_apart_from_a_topic_parameter_named_mode() {
    let (s, notes) = decode("topic=fleet-efficiency&mode=steady&mode=graded");
    assert!(notes.is_empty(), "{notes:?}");
    assert!(s.graded());
    let mode = s.params().get("mode");
    let (d, _) = decode("topic=fleet-efficiency&mode=steady");
    assert_eq!(mode, d.params().get("mode"), "the parameter is read too");
    assert_ne!(
        mode,
        decode("topic=fleet-efficiency").0.params().get("mode")
    );
    assert_eq!(decode(&encode(&s)).0, s);
}

#[test]
fn each_learner_has_their_own_seed_and_keeps_it() {
    let seed = |q: &str| decode(q).0.question_seed();
    let ada = seed(&format!(
        "topic=warm-pool&mode=graded&salt=2026&actor=ada&{LMS}"
    ));
    let grace = seed(&format!(
        "topic=warm-pool&mode=graded&salt=2026&actor=grace&{LMS}"
    ));
    assert!(ada.is_some());
    assert_ne!(ada, grace);
    assert_eq!(
        ada,
        seed(&format!(
            "topic=warm-pool&mode=graded&salt=2026&actor=ADA&{LMS}"
        ))
    );
    assert_ne!(
        ada,
        seed(&format!(
            "topic=warm-pool&mode=graded&salt=2027&actor=ada&{LMS}"
        )),
        "another package, other numbers"
    );
    assert_eq!(
        seed(&format!(
            "topic=warm-pool&mode=graded&fixed_seed=8&actor=ada&{LMS}"
        )),
        Some(8),
        "a fixed seed wins"
    );
    assert_eq!(
        seed("topic=warm-pool&actor=ada&actor_home=https%3A%2F%2Flms.example.org"),
        None,
        "practice draws afresh"
    );
}

#[test]
fn a_graded_page_locks_the_sliders_its_questions_mirror() {
    for t in topics::all() {
        let (s, _) = decode(&format!("topic={}&mode=graded", t.id()));
        let mirrored: Vec<&str> = challenge::templates(t)
            .iter()
            .flat_map(|tpl| tpl.vars.iter().filter_map(|v| v.param.clone()))
            .map(|p| t.params().iter().find(|s| s.name == p).unwrap().name)
            .collect();
        for name in &mirrored {
            assert!(s.locked(name), "{}: {name} mirrored but not locked", t.id());
        }
        let (practice, _) = decode(&format!("topic={}", t.id()));
        assert!(mirrored.iter().all(|n| !practice.locked(n)));
    }
}

#[test]
fn no_graded_draw_shows_its_key_and_learners_draw_apart() {
    let mut failures = Vec::new();
    for t in topics::all() {
        let page = t.defaults();
        for tpl in challenge::templates(t) {
            let mut texts = std::collections::BTreeSet::new();
            for who in 0..40 {
                let seed = fleetlab::model::learner_seed(2026, &format!("learner-{who}"));
                let q = topics::graded_question(t, &tpl.id, seed, &page).unwrap();
                let shown = page_text(t, &page) + "\n" + static_text(t.id());
                // A whole count ("5 replicas") is on every page that draws
                // a scale of counts; tests/browser/graded.test.mjs shows the
                // page carries nothing that depends on it.
                let count = matches!(q.unit, Unit::Count(_))
                    && q.detail.is_none()
                    && q.answer.fract() == 0.0;
                if shows_key(&shown, &q) && !count {
                    failures.push(format!(
                        "{} {} seed {}: the page or the question shows {:?}",
                        t.id(),
                        tpl.id,
                        q.seed,
                        key_forms(&q)
                    ));
                }
                texts.insert(q.text);
            }
            if texts.len() < 20 {
                failures.push(format!(
                    "{} {}: 40 learners, {} questions",
                    t.id(),
                    tpl.id,
                    texts.len()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
