//! Challenges: every template of every topic, over 1,000 seeds, draws a
//! question whose text is fully filled, whose reference answer grades
//! correct and whose reference × 1.5 does not; the files parse and check;
//! the same seed gives the same question. Property tests: the answer parser
//! never panics and reads back what `format_exact` writes.

#[macro_use]
mod support;

mod autoscaling;
mod buying_the_fleet;
mod cache_aware_routing;
mod fleet_efficiency;
mod inside_a_replica;
mod load_balancing;
mod tiers_and_rate_limits;
mod warm_pool;

use fleetlab::challenge::answer::{format_exact, parse_answer};
use fleetlab::challenge::{grade, templates, Verdict};
use fleetlab::model::{Topic, Unit};
use fleetlab::topics;
use fleetlab::topics::question;
use proptest::prelude::*;

fn with_challenges() -> Vec<&'static dyn Topic> {
    topics::all()
        .filter(|t| !templates(*t).is_empty())
        .collect()
}

/// Template ids C1, C2, C3 and on, in order (three at least).
fn numbered(ids: &[String]) -> bool {
    ids.len() >= 3
        && ids
            .iter()
            .enumerate()
            .all(|(i, id)| *id == format!("C{}", i + 1))
}

/// build.rs has parsed and checked every file (a malformed one fails the
/// build); here: each names a built topic and has its templates, C1, C2, C3
/// and on.
#[test]
fn challenge_files_name_built_topics() {
    assert!(!with_challenges().is_empty());
    for id in fleetlab::challenge::topics_with_challenges() {
        let t =
            topics::find(id).unwrap_or_else(|| panic!("challenges/{id}.toml names no built topic"));
        let ids: Vec<_> = templates(t).iter().map(|t| t.id.clone()).collect();
        assert!(numbered(&ids), "{id}: {ids:?}");
    }
}

/// What one template's 1,000 draws showed: how often each misconception
/// applied, how often the answer was zero.
#[derive(Default)]
struct Tally {
    applied: Vec<(String, usize)>,
    zeros: usize,
    /// What went wrong, one line each (the first few of each template).
    faults: Vec<String>,
}

impl Tally {
    fn fault(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok && self.faults.len() < 6 {
            self.faults.push(what());
        }
    }
}

#[test]
fn every_template_over_a_thousand_seeds() {
    let mut report = Vec::new();
    for t in with_challenges() {
        for tpl in templates(t) {
            let id = tpl.id.as_str();
            let mut tally = Tally {
                applied: tpl
                    .misconceptions
                    .iter()
                    .map(|m| (m.name.clone(), 0))
                    .collect(),
                zeros: 0,
                faults: Vec::new(),
            };
            for seed in 0..1000u64 {
                let q = question(t, id, seed)
                    .unwrap_or_else(|e| panic!("{} {id} seed {seed}: {e}", t.id()));
                let ctx = format!("{} {id} seed {seed}", t.id());
                one_draw(t, &q, &ctx, &mut tally);
                // Deterministic: the same seed, the same question.
                assert_eq!(q, question(t, id, seed).unwrap(), "{ctx}");
            }
            report.push((format!("{} {id}", t.id()), tally));
        }
    }
    for (name, tally) in &report {
        eprintln!("{name}: zero answers {} of 1,000", tally.zeros);
        for (m, n) in &tally.applied {
            eprintln!("    {n:>4} of 1,000 separate “{m}”");
        }
    }
    let mut faults = Vec::new();
    for (name, tally) in &report {
        faults.extend(tally.faults.iter().cloned());
        // No trivial zero: where "none" is an answer, it is a rare one.
        if tally.zeros >= 100 {
            faults.push(format!("{name}: {} zero answers", tally.zeros));
        }
        // Every misconception is one the draws ask about.
        for (m, n) in &tally.applied {
            if *n < 100 {
                faults.push(format!("{name}: “{m}” separates in only {n} draws"));
            }
        }
    }
    assert!(faults.is_empty(), "\n{}", faults.join("\n"));
}

/// One drawn question: its text filled and grammatical, its key correct,
/// 1.5 × the key not, every misconception that applies wrong with its own
/// feedback, and the values that mirror a page parameter ones the page can
/// show.
fn one_draw(t: &dyn Topic, q: &fleetlab::challenge::Question, ctx: &str, tally: &mut Tally) {
    tally.fault(q.answer.is_finite(), || {
        format!("{ctx}: answer {}", q.answer)
    });
    for text in [&q.text, &q.solution, &q.hints[0], &q.hints[1]] {
        tally.fault(!text.contains('{') && !text.contains('}'), || {
            format!("{ctx}: unfilled placeholder in '{text}'")
        });
        tally.fault(plural_agrees(text), || format!("{ctx}: plural in {text}"));
    }
    let reference = q.exact_answer();
    let g = grade(q, &reference);
    tally.fault(g.verdict == Verdict::Correct, || {
        format!(
            "{ctx}: reference '{reference}' graded {:?}: {}",
            g.verdict, g.message
        )
    });
    if q.answer == 0.0 {
        tally.zeros += 1;
    } else {
        let off = format_exact(q.answer * 1.5, q.unit);
        tally.fault(!grade(q, &off).correct(), || {
            format!("{ctx}: 1.5 × the answer ('{off}') graded correct")
        });
    }
    for m in &q.misconceptions {
        let typed = m.exact_answer(q.unit);
        let g = grade(q, &typed);
        tally.fault(g.verdict == Verdict::Wrong, || {
            format!(
                "{ctx}: misconception “{}” ('{typed}', answer {}) graded {:?}: {}",
                m.name,
                q.exact_answer(),
                g.verdict,
                g.message
            )
        });
        let matched = g.misconception.as_deref().unwrap_or("none");
        let first = q
            .misconceptions
            .iter()
            .find(|o| match (&m.detail, &o.detail) {
                // A set matches a set with the same members, in any order.
                (Some(a), Some(b)) => sorted(a) == sorted(b),
                (None, None) => {
                    q.tolerance.accepts(m.answer, o.answer)
                        && (m.answer - o.answer).abs() < (m.answer - q.answer).abs()
                }
                _ => false,
            })
            .map_or("none", |o| o.name.as_str());
        tally.fault(matched == first, || {
            format!("{ctx}: '{typed}' matched {matched}, not {first}")
        });
        tally.fault(!m.feedback.contains('{'), || {
            format!("{ctx}: {}", m.feedback)
        });
        tally.fault(plural_agrees(&m.feedback), || {
            format!("{ctx}: plural in {}", m.feedback)
        });
        if let Some(slot) = tally.applied.iter_mut().find(|(n, _)| *n == m.name) {
            slot.1 += 1;
        }
    }
    if let Err(e) = page_can_show(t, q) {
        tally.fault(false, || format!("{ctx}: {e}"));
    }
}

fn sorted(xs: &[String]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|x| x.to_ascii_lowercase()).collect();
    v.sort();
    v
}

/// No "1 cards" or "1 more cards join": a count of one takes the singular.
fn plural_agrees(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let noun = |x: &str| {
        let x = x.trim_end_matches([',', '.', ';', ':', ')']);
        [
            "cards", "replicas", "families", "copies", "requests", "bursts", "GPUs",
        ]
        .contains(&x)
    };
    !words
        .windows(3)
        .any(|w| w[0] == "1" && (noun(w[1]) || (w[1] == "more" && noun(w[2]))))
}

/// Every drawn value that mirrors a page parameter is one its slider can
/// show (so "ask about this page" and the problem set's link rebuild it).
fn page_can_show(t: &dyn Topic, q: &fleetlab::challenge::Question) -> Result<(), String> {
    let tpl = templates(t)
        .into_iter()
        .find(|x| x.id == q.template)
        .unwrap();
    let mut p = t.defaults();
    for v in &tpl.vars {
        let (Some(param), Some((_, value))) =
            (&v.param, q.vars.values.iter().find(|(n, _)| *n == v.name))
        else {
            continue;
        };
        let text = match value {
            fleetlab::challenge::Value::Num(x) => x.to_string(),
            fleetlab::challenge::Value::Word(w) => w.clone(),
        };
        // A month with no demand given runs the cards flat out: the
        // demand slider (1T up) is left where it is.
        if param == "demand_t" && text == "0" {
            continue;
        }
        p.set(param, &text)
            .map_err(|e| format!("{} = {text} is not on the page's slider: {e}", v.name))?;
    }
    Ok(())
}

#[test]
fn worked_examples_of_consistent_hashing() {
    let t = topics::find("consistent-hashing").unwrap();
    // Find a drawn C1 with 64 → 128 and check the seed card's 50 %.
    let q = (0..5000)
        .map(|s| question(t, "C1", s).unwrap())
        .find(|q| q.vars.num("n0") == 64.0 && q.vars.num("n1") == 128.0)
        .expect("a 64 → 128 draw");
    assert_eq!(q.answer, 0.5);
    support::accepts(&q, &["50%", "0.5"]);
    support::grades(
        &q,
        &[
            ("50.4%", Verdict::Close),
            ("98%", Verdict::Wrong),
            ("fifty", Verdict::Unreadable),
            ("", Verdict::Unreadable),
            ("50 ms", Verdict::Unreadable),
        ],
    );
}

#[test]
fn grading_messages_help() {
    let t = topics::find("consistent-hashing").unwrap();
    let q = question(t, "C2", 7).unwrap();
    let wrong = grade(&q, &format_exact(q.answer * 0.1, q.unit));
    assert_eq!(wrong.verdict, Verdict::Wrong);
    assert!(
        wrong.message.contains(&q.hints[0]),
        "a wrong answer no misconception explains shows the first hint"
    );
    for m in &q.misconceptions {
        let g = grade(&q, &m.exact_answer(q.unit));
        assert_eq!(g.verdict, Verdict::Wrong);
        assert!(g.message.contains(&m.feedback), "{}", g.message);
    }
    let unit = grade(&q, "12 ms");
    assert!(unit.message.contains("memory"), "{}", unit.message);
    let close = grade(&q, &format_exact(q.answer * 1.03, q.unit));
    assert_eq!(close.verdict, Verdict::Close, "{}", close.message);
}

#[test]
fn bad_template_ids_are_refused() {
    let t = topics::find("consistent-hashing").unwrap();
    let e = question(t, "C9", 1).unwrap_err().to_string();
    assert!(e.contains("C1, C2, C3"), "{e}");
}

#[test]
fn malformed_files_are_refused_with_a_reason() {
    use fleetlab::challenge::parse_file;
    let good = &std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/challenges/consistent-hashing.toml"
    ))
    .unwrap();
    assert!(parse_file(good).is_ok());
    for (bad, why) in [
        ("topic = 1", "invalid type"),
        (&good.replace("id = \"C3\"", "id = \"C4\""), "C1, C2, C3"),
        (
            &good.replace("unit = \"mb\"", "unit = \"parsecs\""),
            "unknown unit",
        ),
        (
            &good.replace(
                "tolerance = { kind = \"rel\", value = 0.01 }",
                "tolerance = { kind = \"rel\", value = -1 }",
            ),
            "positive",
        ),
        (&good.replace("title = ", "titel = "), "unknown field"),
    ] {
        let e = parse_file(bad).unwrap_err();
        assert!(e.contains(why), "expected '{why}' in: {e}");
    }
}

const UNITS: [Unit; 12] = [
    Unit::Share,
    Unit::Points,
    Unit::Mb,
    Unit::Gb,
    Unit::Ms,
    Unit::Seconds,
    Unit::Usd,
    Unit::UsdPerHour,
    Unit::TokPerS,
    Unit::TTokens,
    Unit::Count("cards"),
    Unit::Ratio,
];

proptest! {
    #[test]
    fn parser_never_panics(s in "\\PC{0,40}", u in 0usize..12) {
        let _ = parse_answer(&s, UNITS[u]);
    }

    #[test]
    fn parser_never_panics_on_number_like_text(s in "[-+$≈~ ]{0,2}[0-9,._]{0,12}([eE][-+]?[0-9]{0,4})?[ ]?[kKMBT%a-z/$ ]{0,8}", u in 0usize..12) {
        let _ = parse_answer(&s, UNITS[u]);
    }

    #[test]
    fn formatting_then_parsing_returns_the_number(v in -1.0e9f64..1.0e9, u in 0usize..12) {
        let unit = UNITS[u];
        // Shares are fractions: keep them where a learner would type them.
        let v = if unit == Unit::Share { v / 1.0e9 } else { v };
        let text = format_exact(v, unit);
        let back = parse_answer(&text, unit).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert!((back - v).abs() <= 1e-9 * v.abs().max(1e-9), "{} -> {} -> {}", v, text, back);
    }
}

#[test]
fn a_question_about_the_page_takes_the_sliders() {
    use fleetlab::challenge::mirrors_page;
    use fleetlab::topics::question_live;
    let t = topics::find("consistent-hashing").unwrap();
    let mut p = t.defaults();
    let q = question_live(t, "C1", 3, &p).unwrap();
    assert!(q.live);
    assert_eq!((q.vars.num("n0"), q.vars.num("n1")), (64.0, 128.0));
    assert_eq!(q.answer, 0.5);
    p.set("cards_after", "65").unwrap();
    assert!((question_live(t, "C1", 3, &p).unwrap().answer - 64.0 / 65.0).abs() < 1e-12);
    assert!(templates(t).iter().any(mirrors_page));
}

#[test]
fn every_topic_has_its_three_challenges() {
    for t in topics::all() {
        let ids: Vec<_> = templates(t).iter().map(|t| t.id.clone()).collect();
        assert!(numbered(&ids), "challenges/{}.toml: {ids:?}", t.id());
    }
}

/// "Ask about this page" on every page a reader reaches from a button (the
/// defaults, each preset, each fix): every template solves, with a finite
/// answer and every placeholder filled.
#[test]
fn every_template_answers_about_every_preset_page() {
    for t in topics::all() {
        let mut pages = vec![("defaults".to_string(), t.defaults())];
        for pr in t.presets() {
            pages.push((pr.id.to_string(), t.preset_params(pr, false).unwrap()));
            if pr.fix.is_some() {
                pages.push((
                    format!("{} + fix", pr.id),
                    t.preset_params(pr, true).unwrap(),
                ));
            }
        }
        for (label, p) in &pages {
            for tpl in templates(t) {
                let id = tpl.id.as_str();
                let q = fleetlab::topics::question_live(t, id, 7, p)
                    .unwrap_or_else(|e| panic!("{} / {label} / {id}: {e}", t.id()));
                assert!(q.answer.is_finite(), "{} / {label} / {id}", t.id());
                for text in [&q.text, &q.solution, &q.hints[0], &q.hints[1]] {
                    assert!(!text.contains('{'), "{} / {label} / {id}: {text}", t.id());
                }
            }
        }
    }
}

/// Every `param` a template mirrors is a parameter of its topic's page, so
/// "ask about this page" can take it from the sliders.
#[test]
fn mirrored_variables_name_page_parameters() {
    for t in with_challenges() {
        for tpl in templates(t) {
            for v in tpl.vars.iter().filter_map(|v| v.param.as_deref()) {
                assert!(
                    t.params().iter().any(|p| p.name == v),
                    "{} {}: {v} is no parameter",
                    t.id(),
                    tpl.id
                );
            }
        }
    }
}
