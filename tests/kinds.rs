//! Question kinds beyond one number (src/challenge/kinds/): every kind of
//! every topic over 1,000 seeds — the key marks correct, every distractor
//! does not, no draw is degenerate; the levers come from the model; the
//! numeric templates at every tagged level; the spaced repetition brings a
//! miss back within three practice questions; predictions are judged
//! against the model's outcome.

use fleetlab::challenge::kinds::{
    self, levels, lever, predict, schedule, Body, Kind, Level, Posed, Response,
};
use fleetlab::challenge::progress::Progress;
use fleetlab::challenge::{grade, templates, Verdict};
use fleetlab::model::Topic;
use fleetlab::topics;

const SEEDS: u64 = 1000;

fn level_of(seed: u64) -> Level {
    Level::ALL[(seed % 3) as usize]
}

/// No placeholder left, nothing that is not a number, something to read.
fn readable(ctx: &str, text: &str) {
    assert!(!text.trim().is_empty(), "{ctx}: empty text");
    for bad in ['{', '}'] {
        assert!(
            !text.contains(bad),
            "{ctx}: unfilled placeholder in '{text}'"
        );
    }
    for bad in ["NaN", "inf%"] {
        assert!(!text.contains(bad), "{ctx}: '{bad}' in '{text}'");
    }
}

fn check_options(t: &dyn Topic, q: &Posed, ctx: &str) {
    let Body::Options { options, key } = &q.body else {
        panic!("{ctx}: not an options question")
    };
    assert!(options.len() >= 2 && *key < options.len(), "{ctx}");
    for (i, o) in options.iter().enumerate() {
        readable(ctx, &o.text);
        readable(ctx, &o.why);
        assert!(
            !options[..i].iter().any(|p| p.text == o.text),
            "{ctx}: option '{}' twice",
            o.text
        );
        let m = kinds::mark(t, q, &Response::Pick(i));
        assert_eq!(
            m.correct,
            i == *key,
            "{ctx}: option {i} marked {}",
            m.correct
        );
        assert!(!m.unreadable && !m.message.is_empty(), "{ctx}");
        assert_eq!(m.reasons.len(), options.len(), "{ctx}: a reason per option");
    }
    assert_eq!(kinds::key(t, q), Some(Response::Pick(*key)), "{ctx}");
}

fn check_order(t: &dyn Topic, q: &Posed, ctx: &str) {
    let Body::Order { steps, right } = &q.body else {
        panic!("{ctx}: not an order question")
    };
    let n = steps.len();
    assert!((3..=7).contains(&n), "{ctx}");
    let mut sorted = right.clone();
    sorted.sort();
    assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "{ctx}: a permutation");
    for s in steps {
        readable(ctx, &s.text);
        readable(ctx, &s.why);
    }
    let key = kinds::key(t, q).expect("a key");
    assert!(kinds::mark(t, q, &key).correct, "{ctx}: the key");
    // As shown is never already right, nor is any one swap of the key.
    let shown = Response::Order((0..n).collect());
    assert!(
        !kinds::mark(t, q, &shown).correct,
        "{ctx}: shown already in order"
    );
    for k in 0..n - 1 {
        let mut swapped = right.clone();
        swapped.swap(k, k + 1);
        let m = kinds::mark(t, q, &Response::Order(swapped));
        assert!(!m.correct && !m.unreadable, "{ctx}: swap {k} marked right");
    }
    // A repeated step is not an order.
    let mut twice = right.clone();
    twice[0] = twice[1];
    assert!(
        kinds::mark(t, q, &Response::Order(twice)).unreadable,
        "{ctx}"
    );
}

#[test]
fn every_topic_has_every_kind() {
    for t in topics::all() {
        has_every_kind(t);
    }
}

fn has_every_kind(t: &dyn Topic) {
    {
        assert_eq!(kinds::kinds_of(t), Kind::ALL, "{}", t.id());
        let d = kinds::data(t.id()).unwrap_or_else(|| panic!("challenges/{}.kinds.toml", t.id()));
        for l in Level::ALL {
            assert!(
                d.choices.iter().any(|c| c.level == l),
                "{}: a {} multiple-choice question",
                t.id(),
                l.word()
            );
        }
    }
}

#[test]
fn choices_orders_and_predictions_over_a_thousand_seeds() {
    for t in topics::all() {
        words_over_a_thousand_seeds(t);
    }
}

fn words_over_a_thousand_seeds(t: &dyn Topic) {
    {
        for kind in [Kind::Choice, Kind::Order, Kind::Predict] {
            for seed in 0..SEEDS {
                let level = level_of(seed);
                let ctx = format!("{} {} seed {seed} {}", t.id(), kind.id(), level.word());
                let q = kinds::pose(t, kind, seed, level).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                assert_eq!((q.kind, q.seed, q.level), (kind, seed, level), "{ctx}");
                readable(&ctx, &q.text);
                match kind {
                    Kind::Order => check_order(t, &q, &ctx),
                    _ => check_options(t, &q, &ctx),
                }
                if kind == Kind::Predict {
                    readable(&ctx, &q.reveal);
                }
                // Deterministic: the same seed, the same question.
                let again = kinds::pose(t, kind, seed, level).unwrap();
                assert_eq!(
                    format!("{:?}", again.body),
                    format!("{:?}", q.body),
                    "{ctx}"
                );
            }
        }
    }
}

/// Every scenario the model finds: a lever that fixes the check alone, its
/// key marked right; the story's own value, a failing value of the lever and
/// every dud marked wrong, each with the model's reason.
#[test]
fn levers_come_from_the_model() {
    for t in topics::all() {
        levers_of(t);
    }
}

fn levers_of(t: &dyn Topic) {
    {
        let all = lever::scenarios(t);
        assert!(!all.is_empty(), "{}: a story its fix repairs", t.id());
        let mut keyed = Vec::new();
        for s in &all {
            let ctx = format!("{} {} / {}", t.id(), s.story.id, s.check.id);
            let a =
                lever::analyse(t, *s).unwrap_or_else(|| panic!("{ctx}: no lever fixes it alone"));
            assert!(!a.verdict.pass, "{ctx}: the story fails the check");
            let seed = (0..SEEDS)
                .find(|seed| {
                    matches!(kinds::pose(t, Kind::Lever, *seed, Level::Medium).map(|q| q.body),
                        Ok(Body::Lever(ask)) if ask.scenario.story.id == s.story.id && ask.scenario.check.id == s.check.id)
                })
                .unwrap_or_else(|| panic!("{ctx}: no seed draws it"));
            let q = kinds::pose(t, Kind::Lever, seed, Level::Medium).unwrap();
            let ask = |param: &str, value: String| {
                kinds::mark(
                    t,
                    &q,
                    &Response::Lever {
                        param: param.into(),
                        value,
                    },
                )
            };
            for l in &a.levers {
                let m = ask(l.spec.name, l.spec.box_text(l.sample));
                assert!(
                    m.correct,
                    "{ctx}: {}={} : {}",
                    l.spec.name, l.sample, m.message
                );
                let now = a.base.get(l.spec.name);
                let m = ask(l.spec.name, l.spec.box_text(now));
                assert!(!m.correct && !m.unreadable, "{ctx}: the story's own value");
                assert!(m.message.contains("can fix it"), "{ctx}: {}", m.message);
                if let Some(miss) = l.miss {
                    let m = ask(l.spec.name, l.spec.box_text(miss));
                    assert!(!m.correct, "{ctx}: {}={miss} marked right", l.spec.name);
                }
                // By its label too, as a page shows it.
                assert!(
                    ask(l.spec.label, l.spec.box_text(l.sample)).correct,
                    "{ctx}"
                );
            }
            for d in &a.duds {
                let m = ask(d.name, d.box_text(a.base.get(d.name)));
                assert!(!m.correct, "{ctx}: dud {}", d.name);
                assert!(m.message.contains("No value of"), "{ctx}: {}", m.message);
            }
            assert!(ask("no-such-lever", "1".into()).unreadable, "{ctx}");
            assert!(!lever::explain(
                t,
                match &q.body {
                    Body::Lever(a) => a,
                    _ => unreachable!(),
                }
            )
            .is_empty());
            keyed.push((s.story.id, s.check.id));
        }
        // Every seed draws one of those scenarios, with its question filled.
        for seed in 0..SEEDS {
            let ctx = format!("{} L1 seed {seed}", t.id());
            let q = kinds::pose(t, Kind::Lever, seed, Level::Medium)
                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
            readable(&ctx, &q.text);
            readable(&ctx, &q.reveal);
            let Body::Lever(ask) = &q.body else {
                panic!("{ctx}")
            };
            assert!(
                keyed.contains(&(ask.scenario.story.id, ask.scenario.check.id)),
                "{ctx}"
            );
            assert!(!ask.verdict.pass, "{ctx}");
        }
    }
}

/// The numeric templates at every tagged level: drawn from the level's
/// ranges, solved, the reference graded correct, over 1,000 seeds.
#[test]
fn numeric_templates_at_every_level() {
    for t in topics::all() {
        levels_of(t, topics::solver(t.id()).unwrap());
    }
}

fn levels_of(t: &dyn Topic, solver: &'static dyn fleetlab::challenge::Solver) {
    {
        for tpl in templates(t) {
            for level in levels::tagged(t.id(), &tpl.id) {
                let leveled = levels::leveled(t.id(), &tpl, level);
                let overridden: Vec<_> = leveled
                    .vars
                    .iter()
                    .zip(&tpl.vars)
                    .filter(|(a, b)| {
                        a.values != b.values
                            || a.min != b.min
                            || a.max != b.max
                            || a.words != b.words
                    })
                    .map(|(a, _)| a.clone())
                    .collect();
                assert!(
                    !overridden.is_empty(),
                    "{} {} {}: changes a range",
                    t.id(),
                    tpl.id,
                    level.word()
                );
                let mut inside = vec![0u64; overridden.len()];
                for seed in 0..SEEDS {
                    let ctx = format!("{} {} {} seed {seed}", t.id(), tpl.id, level.word());
                    let q = levels::question_at(solver, &tpl.id, seed, level)
                        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    assert!(q.answer.is_finite(), "{ctx}");
                    readable(&ctx, &q.text);
                    readable(&ctx, &q.solution);
                    let g = grade(&q, &q.exact_answer());
                    assert_eq!(g.verdict, Verdict::Correct, "{ctx}: {}", g.message);
                    for (k, v) in overridden.iter().enumerate() {
                        // A variable a topic's own draw consumes without
                        // keeping (the number of chip classes) is not seen.
                        if !q.vars.values.iter().any(|(n, _)| *n == v.name) {
                            inside[k] += 1;
                            continue;
                        }
                        let hit = match (&v.words, &v.values) {
                            (Some(ws), _) => ws.iter().any(|w| w == q.vars.word(&v.name)),
                            (_, Some(xs)) => xs.contains(&q.vars.num(&v.name)),
                            _ => {
                                let x = q.vars.num(&v.name);
                                x >= v.min.unwrap() - 1e-9 && x <= v.max.unwrap() + 1e-9
                            }
                        };
                        inside[k] += u64::from(hit);
                    }
                }
                for (k, v) in overridden.iter().enumerate() {
                    assert!(
                        inside[k] * 10 >= SEEDS * 9,
                        "{} {} {}: {} drawn from its level's range only {} times in {SEEDS}",
                        t.id(),
                        tpl.id,
                        level.word(),
                        v.name,
                        inside[k]
                    );
                }
            }
        }
    }
}

/// Every template of every topic in one drill, two learners: one right 60 %
/// of the time, one never. A template missed at practice question t comes
/// back at t + 2 or t + 3: within the next three, never the very next.
#[test]
fn a_miss_returns_within_three_questions() {
    let mut ids: Vec<(&'static str, String)> = Vec::new();
    for t in topics::all() {
        ids.extend(templates(t).into_iter().map(|x| (t.id(), x.id)));
        ids.extend(
            kinds::kinds_of(t)
                .iter()
                .map(|k| (t.id(), k.id().to_string())),
        );
    }
    let pool: Vec<(&str, &str)> = ids.iter().map(|(t, x)| (*t, x.as_str())).collect();
    assert!(pool.len() >= 9 * 7, "{}", pool.len());
    for right_share in [0.6, 0.0] {
        let mut p = Progress::default();
        let mut rng = fleetlab::model::SplitMix64::new(7);
        let mut last: Option<(&str, &str)> = None;
        let mut pending: Vec<(u32, (&str, &str))> = Vec::new();
        for n in 1..=3000u32 {
            let i = schedule::pick(&p, &pool, fleetlab::model::hash64(n as u64), last);
            p.drawn += 1;
            assert_eq!(p.drawn, n);
            let here = pool[i];
            if let Some(k) = pending.iter().position(|(_, x)| *x == here) {
                let (t, _) = pending.remove(k);
                assert!((2..=3).contains(&(n - t)), "missed at {t}, back at {n}");
            }
            assert!(
                pending.iter().all(|(t, _)| n < t + 3),
                "a miss waited more than three questions at {n}: {pending:?}"
            );
            let right = rng.next_unit() < right_share;
            p.record(here.0, here.1, n as u64, right, true);
            if !right {
                pending.push((n, here));
                let level = schedule::level(&p.entry(here.0, here.1));
                assert_eq!(level, Level::Easy, "a miss drops to easy");
            }
            last = Some(here);
        }
    }
}

#[test]
fn boxes_climb_levels_and_mastery() {
    let mut p = Progress::default();
    for k in 0..6u32 {
        p.drawn = k * 40;
        p.record("warm-pool", "C1", 1, true, true);
    }
    let e = p.entry("warm-pool", "C1");
    assert_eq!(e.leitner, schedule::TOP);
    assert_eq!(schedule::level(&e), Level::Hard);
    let all = ["C1", "C2", "C3", "L1", "M1", "O1", "P1"];
    assert!((schedule::mastery(&p, "warm-pool", &all) - 1.0 / 7.0).abs() < 1e-12);
    // A second try's answer does not move the box.
    p.record("warm-pool", "C1", 1, false, false);
    assert_eq!(p.entry("warm-pool", "C1").leitner, schedule::TOP);
    p.record("warm-pool", "C1", 1, false, true);
    assert_eq!(p.entry("warm-pool", "C1").leitner, 1);
    assert_eq!(schedule::level(&p.entry("warm-pool", "C1")), Level::Easy);
}

/// The record carries boxes, the drill's clock and predictions through
/// export and import; a format-1 record reads as before, with empty boxes.
#[test]
fn the_record_carries_boxes_and_predictions() {
    let mut p = Progress {
        drawn: 12,
        ..Progress::default()
    };
    p.record("load-balancing", "L1", 3, false, true);
    p.record("load-balancing", "M1", 4, true, true);
    p.predicted("load-balancing", "hash", true);
    p.predicted("load-balancing", "hash+fix", false);
    let text = serde_json::to_string(&p).unwrap();
    assert!(
        text.contains("\"box\":1") && text.contains("\"due\":15"),
        "{text}"
    );
    let back: Progress = serde_json::from_str(&text).unwrap();
    let (back, notes) = back.repaired().unwrap();
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(back, p);

    let v1 = r#"{"version":1,"entries":{"warm-pool/C2":{"attempts":2,"correct":1,"first_try":1,"last_seed":9}},"score":1,"streak":0,"best_streak":1}"#;
    let (old, notes) = serde_json::from_str::<Progress>(v1)
        .unwrap()
        .repaired()
        .unwrap();
    assert_eq!(notes, ["upgraded from format 1 to 2"]);
    assert_eq!(old.version, fleetlab::challenge::progress::VERSION);
    assert_eq!(old.entry("warm-pool", "C2").correct, 1);
    assert_eq!(old.entry("warm-pool", "C2").leitner, 0);

    // Inconsistent boxes and predictions are bounded, and said.
    let bad = r#"{"version":2,"drawn":5,"entries":{"warm-pool/O1":{"attempts":1,"box":9,"due":4000000},"warm-pool/Z9":{}},"predictions":{"warm-pool/all-cold":{"attempts":1,"correct":3},"nonsense":{}}}"#;
    let (fixed, notes) = serde_json::from_str::<Progress>(bad)
        .unwrap()
        .repaired()
        .unwrap();
    let e = fixed.entry("warm-pool", "O1");
    assert_eq!(
        (e.leitner, e.due),
        (schedule::TOP, Some(5 + schedule::gap(schedule::TOP)))
    );
    assert_eq!(fixed.predictions["warm-pool/all-cold"].correct, 1);
    assert_eq!(notes.len(), 3, "{notes:?}");

    // Import adds counts and keeps the further box.
    let mut mine = Progress::default();
    mine.merge(&p);
    mine.merge(&p);
    assert_eq!(mine.predictions["load-balancing/hash"].attempts, 2);
    assert_eq!(mine.entry("load-balancing", "M1").leitner, 2);
    assert_eq!(mine.drawn, 12);
}

/// On every story, with and without its fix: the page's predictions are the
/// first key figure and the check the story is about, and the model's own
/// answers judge right.
#[test]
fn story_predictions_read_the_model() {
    use predict::{Guess, Near};
    for t in topics::all() {
        for story in t.presets() {
            for fix in [false, true] {
                if fix && story.fix.is_none() {
                    continue;
                }
                let out = t.run(&t.preset_params(story, fix).unwrap());
                let prompts = predict::story_prompts(t, story, &out);
                assert_eq!(prompts.len(), 2, "{} {}", t.id(), story.id);
                for prompt in &prompts {
                    let guess = match prompt {
                        predict::Prompt::Figure { id, unit, .. } => {
                            let v = out.get(id).unwrap();
                            Guess::Figure(fleetlab::challenge::answer::format_exact(v, *unit))
                        }
                        predict::Prompt::Holds(c) => Guess::Holds(out.verdict(c.id).unwrap().pass),
                    };
                    let r = predict::reveal(prompt, &guess, &out).unwrap();
                    assert_eq!(r.near, Near::Right, "{} {}: {r:?}", t.id(), story.id);
                    readable(t.id(), &r.question);
                }
            }
        }
    }
    use fleetlab::model::Unit;
    assert_eq!(predict::judge(Unit::Share, 0.30, 0.5), Near::Off);
    assert_eq!(predict::judge(Unit::Share, 0.40, 0.5), Near::Range);
    assert_eq!(predict::judge(Unit::Ms, 95.0, 100.0), Near::Right);
    assert_eq!(predict::judge(Unit::Ms, 1e9, f64::INFINITY), Near::Off);
}

/// The rule a reveal states under its table is the one `judge` applies:
/// just inside each bound it reads the nearer word, just outside the next.
#[test]
fn a_reveal_states_the_rule_its_judge_applies() {
    use fleetlab::challenge::kinds::predict::Near;
    use fleetlab::model::Unit;
    let rule = predict::near_rule();
    let nums: Vec<f64> = rule
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    let [right, share_right, range, share_range] = nums[..] else {
        panic!("four bounds in {rule:?}");
    };
    for (bound, inside, outside) in [
        (right, Near::Right, Near::Range),
        (range, Near::Range, Near::Off),
    ] {
        assert_eq!(
            predict::judge(Unit::Ms, 100.0 + bound - 0.01, 100.0),
            inside,
            "{rule}"
        );
        assert_eq!(
            predict::judge(Unit::Ms, 100.0 + bound + 0.01, 100.0),
            outside,
            "{rule}"
        );
    }
    for (points, inside, outside) in [
        (share_right, Near::Right, Near::Range),
        (share_range, Near::Range, Near::Off),
    ] {
        let at = 0.5 + points / 100.0;
        assert_eq!(
            predict::judge(Unit::Share, at - 1e-4, 0.5),
            inside,
            "{rule}"
        );
        assert_eq!(
            predict::judge(Unit::Share, at + 1e-4, 0.5),
            outside,
            "{rule}"
        );
    }
}

/// `fleetlab kind`: the question, its key, and the mark of a typed answer,
/// as docs/contract.md writes them; bad input is refused with status 2.
#[test]
fn the_command_line_asks_keys_and_marks() {
    use std::process::Command;
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_fleetlab"))
            .args(args)
            .output()
            .unwrap()
    };
    for (kind, list) in [
        ("L1", "levers"),
        ("M1", "options"),
        ("O1", "steps"),
        ("P1", "options"),
    ] {
        let out = run(&["kind", "warm-pool", kind, "--seed", "5", "--key", "--json"]);
        assert!(out.status.success(), "{kind}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for field in [
            "topic", "kind", "template", "title", "seed", "level", "question", "key", "reasons",
            "reveal", list,
        ] {
            assert!(!v[field].is_null(), "{kind}: {field}");
        }
        let key = v["key"].as_str().unwrap();
        let wrong = v["wrong"].as_str().unwrap();
        let mark = |answer: &str| {
            let args = [
                "kind",
                "warm-pool",
                kind,
                "--seed",
                "5",
                "--answer",
                answer,
                "--json",
            ];
            let v: serde_json::Value = serde_json::from_slice(&run(&args).stdout).unwrap();
            v["mark"].clone()
        };
        assert_eq!(mark(wrong)["correct"], false, "{kind}: {wrong}");
        let m = mark(key);
        assert_eq!(m["correct"], true, "{kind}: {key}");
        assert_eq!(m["counted"], true, "{kind}");
    }
    let out = run(&[
        "kind",
        "warm-pool",
        "L1",
        "--seed",
        "5",
        "--answer",
        "warm=4",
        "--json",
    ]);
    let m: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(m["mark"]["correct"], false);
    // The levers a question may be answered with leave out what the story
    // asks for, and a requirement moved is not counted.
    let out = run(&["kind", "consistent-hashing", "L1", "--seed", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let levers: Vec<&str> = v["levers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        levers.contains(&"scheme") && !levers.contains(&"cards_after"),
        "{levers:?}"
    );
    let args = ["kind", "consistent-hashing", "L1", "--seed", "1"];
    let out = run(&[&args[..], &["--answer", "cards_after=128", "--json"]].concat());
    let m: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(m["mark"]["counted"], false, "{m}");
    for bad in [
        vec!["kind", "warm-pool", "Z1", "--seed", "1"],
        vec![
            "kind",
            "warm-pool",
            "M1",
            "--seed",
            "1",
            "--level",
            "extreme",
        ],
        vec!["kind", "warm-pool", "M1", "--seed", "1", "--answer", "Q"],
        vec!["kind", "nowhere", "M1", "--seed", "1"],
    ] {
        let out = run(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(!out.stderr.is_empty());
    }
}

/// A prediction whose answer differs between the two models says it asks
/// about the seed card's, and each reason gives production's answer; one
/// whose answer is the same under both says nothing of models (issue #33:
/// no question grades the production behaviour wrong unannounced).
#[test]
fn predictions_say_which_model_where_the_models_differ() {
    use fleetlab::model::Assumptions;
    let t = topics::find("tiers-and-rate-limits").unwrap();
    let mut labelled = 0;
    for p in t.presets() {
        for fix in [false, true] {
            if fix && p.fix.is_none() {
                continue;
            }
            let params = t.preset_params(p, fix).unwrap();
            let (seed, prod) = (
                t.run(&params),
                t.run(&params.clone().under(Assumptions::Production)),
            );
            for c in t.checks() {
                let differs = seed.verdict(c.id).unwrap().pass != prod.verdict(c.id).unwrap().pass;
                let level = if fix { Level::Hard } else { Level::Easy };
                for s in 0..400 {
                    let q = kinds::pose(t, Kind::Predict, s, level).unwrap();
                    let about = q.text.contains(&format!("“{}”", p.title))
                        && q.text.contains(&format!("“{}”", c.label));
                    if !about {
                        continue;
                    }
                    let said = q
                        .text
                        .starts_with(&format!("Under {}: ", t.about().base.phrase()));
                    assert_eq!(said, differs, "{} {} fix {fix}: {}", p.id, c.id, q.text);
                    let Body::Options { options, .. } = &q.body else {
                        panic!()
                    };
                    for o in options {
                        assert_eq!(
                            o.why.contains("Closer to production the answer differs"),
                            differs
                        );
                    }
                    labelled += usize::from(said);
                    break;
                }
            }
        }
    }
    assert!(
        labelled >= 2,
        "tiers has checks the models judge otherwise: {labelled}"
    );
}

/// A prediction's feedback says something: a figure that does not move is
/// said to stay ("stays at $182.20"), never "goes from $182.20 to
/// $182.20"; and where the fix leaves the asked figure where it was, the
/// reason does not pass the fix's explanation of another figure off as
/// this one's (#35, defect 6).
#[test]
fn a_prediction_that_nothing_moves_says_so() {
    use fleetlab::challenge::kinds::{predict, Body, Level};
    let mut seen_stay = 0;
    for t in topics::all() {
        for seed in 0..300 {
            for level in [Level::Easy, Level::Medium, Level::Hard] {
                let Some(p) = predict::pose(t, seed, level) else {
                    continue;
                };
                let Body::Options { options, key } = &p.body else {
                    continue;
                };
                for o in options {
                    let mut rest = o.why.as_str();
                    while let Some(at) = rest.find(" goes from ") {
                        let after = &rest[at + " goes from ".len()..];
                        let (from, tail) = after.split_once(" to ").unwrap();
                        let to = tail.split(". ").next().unwrap().trim_end_matches('.');
                        assert_ne!(from, to, "{} seed {seed}: {}", t.id(), o.why);
                        rest = tail;
                    }
                }
                if options.len() == 3 && *key == 2 {
                    seen_stay += 1;
                    assert!(
                        options[2].why.contains("stays"),
                        "{} seed {seed}: {}",
                        t.id(),
                        options[2].why
                    );
                }
            }
        }
    }
    assert!(
        seen_stay > 0,
        "some prediction asks about a figure the fix leaves alone"
    );
}

/// Choose-the-lever judges only levers that leave the story's requirement
/// standing: for every scenario, each parameter its story states as what it
/// asks of the fleet, set to a value that makes the check pass, is refused
/// in plain words and not counted (#35, defect 4: "The +1 resize by modulo"
/// with Cards after at 128 was "Yes: … passes"); no question offers one as
/// its key or its explanation's lever.
#[test]
fn a_lever_that_moves_the_requirement_is_refused() {
    use fleetlab::challenge::kinds::LeverAsk;
    let mut refused = 0;
    for t in topics::all() {
        for story in t.presets().iter().filter(|p| p.fix.is_some()) {
            assert!(
                !story.requirement.is_empty(),
                "{} {}: the story names what it asks of the fleet",
                t.id(),
                story.id
            );
        }
        for s in lever::scenarios(t) {
            let ctx = format!("{} {} / {}", t.id(), s.story.id, s.check.id);
            let base = t.preset_params(s.story, false).unwrap();
            let verdict = t.run(&base).verdict(s.check.id).unwrap().clone();
            let a = lever::analyse(t, s).unwrap();
            for l in &a.levers {
                assert!(
                    !s.story.requirement.contains(&l.spec.name),
                    "{ctx}: offered"
                );
            }
            for d in &a.duds {
                assert!(!s.story.requirement.contains(&d.name), "{ctx}: scanned");
            }
            let ask = LeverAsk {
                scenario: s,
                variant: lever::Variant::Any,
                base: base.clone(),
                verdict,
            };
            for name in s.story.requirement {
                let spec = t.params().iter().find(|p| p.name == *name).unwrap();
                let want = format!(
                    "{} is what this story asks for — {}; a lever must leave it standing.",
                    spec.label,
                    spec.display(base.get(name))
                );
                if let Some(v) = lever::passing(t, &base, s.check.id, spec, None) {
                    assert!(lever::passes(t, &base, s.check.id, spec, v), "{ctx}");
                    for named in [spec.name, spec.label] {
                        let m = lever::mark(t, &ask, named, &spec.box_text(v));
                        assert!(m.unreadable && !m.correct, "{ctx}: {name}={v}: {m:?}");
                        assert_eq!(m.message, want, "{ctx}");
                    }
                    refused += 1;
                }
            }
        }
    }
    assert!(
        refused > 0,
        "some requirement would pass its check if moved"
    );
    // The issue's own case, on the question as drawn.
    let t = topics::find("consistent-hashing").unwrap();
    let q = (0..SEEDS)
        .map(|seed| kinds::pose(t, Kind::Lever, seed, Level::Medium).unwrap())
        .find(|q| q.text.contains("The +1 resize by modulo"))
        .unwrap();
    let m = kinds::mark(
        t,
        &q,
        &Response::Lever {
            param: "Cards after".into(),
            value: "128".into(),
        },
    );
    assert!(m.unreadable && !m.correct, "{m:?}");
    assert_eq!(
        m.message,
        "Cards after is what this story asks for — 65 cards; a lever must leave it standing."
    );
}

/// The pool of choose-the-lever questions: each scenario asked for any
/// lever (medium), for each lever the model finds alone (easy), and for
/// another than the fix's where the model finds one (hard) — at least twice
/// the scenarios of every topic (#35, item 7). Every question is drawn by
/// some seed at its level, says what it asks, and its key is marked right;
/// a lever the question rules out is refused, not counted.
#[test]
fn the_lever_questions_are_at_least_twice_the_scenarios() {
    use lever::Variant;
    for t in topics::all() {
        let scenarios = lever::scenarios(t).len();
        let all = lever::questions(t);
        assert!(
            all.len() >= 2 * scenarios,
            "{}: {} questions from {scenarios} scenarios",
            t.id(),
            all.len()
        );
        let mut texts: Vec<String> = Vec::new();
        for level in Level::ALL {
            for seed in 0..400 {
                let q = kinds::pose(t, Kind::Lever, seed, level).unwrap();
                if !texts.contains(&q.text) {
                    texts.push(q.text.clone());
                }
                if seed % 7 != 0 {
                    continue;
                }
                let ctx = format!("{} L1 seed {seed} {}: {}", t.id(), level.word(), q.text);
                let Body::Lever(ask) = &q.body else {
                    panic!("{ctx}")
                };
                readable(&ctx, &q.text);
                let key = kinds::key(t, &q).unwrap_or_else(|| panic!("{ctx}: a key"));
                assert!(kinds::mark(t, &q, &key).correct, "{ctx}: the key");
                let story = ask.scenario.story;
                let ruled_out = t.params().iter().find(|p| {
                    !story.requirement.contains(&p.name) && !ask.variant.allows(story, p.name)
                });
                if let Some(p) = ruled_out {
                    let m = kinds::mark(
                        t,
                        &q,
                        &Response::Lever {
                            param: p.name.into(),
                            value: p.box_text(p.default),
                        },
                    );
                    assert!(m.unreadable && !m.correct, "{ctx}: {}: {m:?}", p.name);
                }
                match ask.variant {
                    Variant::Only(name) => {
                        let label = t.params().iter().find(|p| p.name == name).unwrap().label;
                        assert!(q.text.contains(&format!("Change only “{label}”")), "{ctx}");
                    }
                    Variant::Any => assert!(q.text.contains("Which one parameter"), "{ctx}"),
                    Variant::Other => assert!(q.text.contains("Which other parameter"), "{ctx}"),
                }
            }
        }
        assert_eq!(
            texts.len(),
            all.len(),
            "{}: every question drawn, each its own text",
            t.id()
        );
        println!(
            "{}: {} lever questions from {scenarios} scenarios",
            t.id(),
            all.len()
        );
    }
}
