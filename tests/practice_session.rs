//! A practice session as the practice page runs it (src/web/drill.rs): each
//! next question from `schedule::next` over the chosen topics' templates and
//! kinds, the drill's clock moved, the answer marked by the model (a kind's
//! through `kinds::mark`, a number through `grade`) and recorded through
//! `Progress::record_question`, as the page records it. A question is its
//! text (#35, item 7: "a practice session of 30 questions repeats none
//! except those missed").

use fleetlab::challenge::kinds::schedule::{self, Practice};
use fleetlab::challenge::kinds::{self, Body, Kind, Response};
use fleetlab::challenge::progress::Progress;
use fleetlab::challenge::{grade, templates};
use fleetlab::model::{SplitMix64, Topic};
use fleetlab::topics;

type Pool = Vec<(&'static dyn Topic, String)>;

/// Every template of the chosen topics, numbers then kinds, as the page's
/// pool lists them.
fn pool(chosen: &[&str], kinds_only: bool) -> Pool {
    let mut out: Pool = Vec::new();
    for t in topics::all().filter(|t| chosen.is_empty() || chosen.contains(&t.id())) {
        if !kinds_only {
            out.extend(templates(t).into_iter().map(|x| (t, x.id)));
        }
        out.extend(kinds::kinds_of(t).iter().map(|k| (t, k.id().to_string())));
    }
    out
}

/// One question of a session: its template, its text, and whether it was
/// answered right.
#[derive(Debug)]
struct Asked {
    template: String,
    text: String,
    right: bool,
    /// It was answered right before it was drawn.
    known: bool,
}

/// A wrong answer as a learner gives one: another option, the steps as
/// shown, the key's lever left where the story has it, a number three
/// times the answer.
fn wrong(t: &dyn Topic, q: &kinds::Posed) -> Response {
    match (&q.body, kinds::key(t, q).expect("a key")) {
        (Body::Options { key, .. }, _) => Response::Pick(usize::from(*key == 0)),
        (Body::Order { steps, .. }, _) => Response::Order((0..steps.len()).collect()),
        (Body::Lever(ask), Response::Lever { param, .. }) => {
            let spec = kinds::lever::find_param(t, &param).unwrap();
            Response::Lever {
                value: spec.box_text(ask.base.get(spec.name)),
                param,
            }
        }
        _ => unreachable!(),
    }
}

/// Runs `n` questions (or until every question of the pool was answered
/// right); `seed_of(k)` is the page's seed for question `k`, `right(k,
/// text, seen)` whether the learner answers it right (`seen`: times drawn
/// before).
fn session(
    pool: &Pool,
    n: u32,
    mut seed_of: impl FnMut(u32) -> u64,
    right: impl Fn(u32, &str, usize) -> bool,
) -> Vec<Asked> {
    let named: Vec<(&'static dyn Topic, &str)> =
        pool.iter().map(|(t, id)| (*t, id.as_str())).collect();
    let mut p = Progress::default();
    let mut last: Option<(&'static str, String)> = None;
    let mut out: Vec<Asked> = Vec::new();
    for k in 1..=n {
        let l = last.as_ref().map(|(t, id)| (*t, id.as_str()));
        let next = schedule::next(&p, &named, &topics::solver, seed_of(k), l).unwrap();
        let (topic, id) = named[next.index];
        p.drawn += 1;
        let q = next
            .question
            .unwrap_or_else(|e| panic!("{}/{id}: {e}", topic.id()));
        let text = q.text().to_string();
        let known = p.knows(topic.id(), id, &text);
        let seen = out.iter().filter(|a| a.text == text).count();
        let want = right(k, &text, seen);
        let (correct, seed) = match &q {
            Practice::Kind(q) => {
                let r = if want {
                    kinds::key(topic, q).unwrap()
                } else {
                    wrong(topic, q)
                };
                let m = kinds::mark(topic, q, &r);
                assert!(!m.unreadable, "{}: {}", q.text, m.message);
                (m.correct, q.seed)
            }
            Practice::Number(q) => {
                let typed = if want {
                    q.exact_answer()
                } else {
                    format!("{}", q.answer * 3.0 + 1.0)
                };
                (grade(q, &typed).correct(), q.seed)
            }
        };
        assert_eq!(correct, want, "{}/{id}: {text}", topic.id());
        p.record_question(topic.id(), id, &text, seed, correct, true);
        out.push(Asked {
            template: format!("{}/{id}", topic.id()),
            text,
            right: correct,
            known,
        });
        last = Some((topic.id(), id.to_string()));
    }
    out
}

/// No question answered right comes back while another is left to ask.
fn no_right_repeats(asked: &[Asked], ctx: &str) {
    for (k, a) in asked.iter().enumerate() {
        let before = asked[..k].iter().find(|b| b.right && b.text == a.text);
        assert!(
            before.is_none(),
            "{ctx}: question {} ({}) was answered right before: {}",
            k + 1,
            a.template,
            a.text
        );
    }
}

/// Thirty questions under one seed, every one answered right: none comes
/// back, neither with the page's fresh seeds (drawn here from one seed) nor
/// with a host's fixed seed, where every question is drawn from the same
/// seed.
#[test]
fn thirty_questions_answered_right_repeat_none() {
    let all = pool(&[], false);
    let mut rng = SplitMix64::new(35);
    let fresh = session(&all, 30, |_| rng.below(1 << 32), |_, _, _| true);
    no_right_repeats(&fresh, "fresh seeds");
    let fixed = session(&all, 30, |_| 35, |_, _, _| true);
    no_right_repeats(&fixed, "one fixed seed");
    // The kinds beyond numbers are in it, some template more than once.
    for s in [&fresh, &fixed] {
        let kind = |a: &&Asked| Kind::from_id(a.template.rsplit('/').next().unwrap()).is_some();
        assert!(s.iter().any(|a| kind(&a)), "{s:?}");
        let twice = s
            .iter()
            .any(|a| s.iter().filter(|b| b.template == a.template).count() > 1);
        assert!(twice, "a template comes back: {s:?}");
    }
}

/// Thirty questions with some missed: none answered right comes back, and
/// a missed template comes back (at the level of the missed, within three
/// questions, as the boxes say).
#[test]
fn thirty_questions_with_misses_repeat_only_the_missed() {
    let all = pool(&[], false);
    let mut rng = SplitMix64::new(36);
    let asked = session(
        &all,
        30,
        |_| rng.below(1 << 32),
        |k, _, seen| seen > 0 || k % 3 != 0,
    );
    no_right_repeats(&asked, "some missed");
    let missed: Vec<&Asked> = asked.iter().filter(|a| !a.right).collect();
    assert!(missed.len() >= 5, "{asked:?}");
    for (k, a) in asked.iter().enumerate().filter(|(_, a)| !a.right) {
        let back = asked[k + 1..]
            .iter()
            .take(3)
            .any(|b| b.template == a.template);
        assert!(
            back || k + 3 >= asked.len(),
            "{} missed at {}",
            a.template,
            k + 1
        );
    }
}

/// Over a topic's kinds a missed question comes back, and it is asked until
/// it is answered right: a learner who misses every question the first time
/// and answers it right the second sees each question twice, no question a
/// third time, and the session runs out of new questions only once every
/// one is answered right.
#[test]
fn a_missed_question_comes_back() {
    for topic in ["warm-pool", "load-balancing"] {
        for kind in [Kind::Choice, Kind::Order, Kind::Lever] {
            let t = topics::find(topic).unwrap();
            let one: Pool = vec![(t, kind.id().to_string())];
            let asked = session(&one, 200, |k| u64::from(k) * 7919, |_, _, seen| seen > 0);
            let ctx = format!("{topic} {}", kind.id());
            // Once everything is known, repeats are all that is left.
            let end = asked
                .iter()
                .position(|a| a.known)
                .unwrap_or_else(|| panic!("{ctx}: 200 questions and some left"));
            no_right_repeats(&asked[..end], &ctx);
            let first: Vec<&Asked> = asked[..end].iter().filter(|a| !a.right).collect();
            assert!(!first.is_empty(), "{ctx}: {asked:?}");
            for a in &first {
                let times = asked[..end].iter().filter(|b| b.text == a.text).count();
                assert_eq!(times, 2, "{ctx}: missed, then back once: {}", a.text);
            }
            assert_eq!(2 * first.len(), end, "{ctx}: every question missed once");
            let d = kinds::data(topic).unwrap();
            let all = match kind {
                Kind::Choice => d.choices.len(),
                Kind::Order => d.orders.len(),
                _ => kinds::lever::questions(t).len(),
            };
            assert_eq!(
                first.len(),
                all,
                "{ctx}: every question asked before any again"
            );
        }
    }
}

/// The record remembers what was answered right, compactly, through export
/// and import; one missed is not remembered.
#[test]
fn the_record_remembers_questions_answered_right() {
    let mut p = Progress::default();
    p.record_question("warm-pool", "M1", "Which is it?", 4, true, true);
    p.record_question("warm-pool", "M1", "Another one?", 5, false, true);
    p.record_question("warm-pool", "M1", "Another one?", 5, true, false);
    assert!(p.knows("warm-pool", "M1", "Which is it?"));
    assert!(!p.knows("warm-pool", "M1", "Another one?"), "missed first");
    assert!(!p.knows("warm-pool", "O1", "Which is it?"), "per template");
    let text = serde_json::to_string(&p).unwrap();
    assert!(text.contains("\"known\":["), "{text}");
    let back: Progress = serde_json::from_str(&text).unwrap();
    assert_eq!(back.repaired().unwrap(), (p.clone(), vec![]));
    // A template remembers its newest questions only.
    for k in 0..100 {
        p.record_question("warm-pool", "C1", &format!("q{k}"), k, true, true);
    }
    let e = p.entry("warm-pool", "C1");
    assert_eq!(e.known.len(), fleetlab::challenge::progress::MAX_KNOWN);
    assert!(p.knows("warm-pool", "C1", "q99") && !p.knows("warm-pool", "C1", "q0"));
}
