//! The mock interviews' scenarios hang together (issue 35, defect 5), for
//! every problem over 200 seeds each:
//! - every value the title, the brief and the change state is used by one
//!   of the problem's questions: changed in the story, it changes some
//!   question's key or words (a word stated must be written in a question);
//!   and a value the change states is used at or after the change;
//! - a number stated in two places is one number (the steady pool in the
//!   night question and in the ring question, a request's tokens in the
//!   capacity and the queue questions, the fleet in the brief and in a
//!   later prompt…);
//! - each problem is seven steps with one change half-way; every step has
//!   an answer on the exact chain (the chain worked out here from the story
//!   is the one the mock walks), its keys are on sensible scales for their
//!   units, and its counts agree with their nouns ("1 replica").
//!
//! And the two newer problems' chains by hand: the capacity chain from
//! daily users to dollars a user, the zone lost at the peak.

use fleetlab::challenge::answer::format_exact;
use fleetlab::challenge::{self, Value, Vars};
use fleetlab::interview::{Mock, Problem, PROBLEMS};
use fleetlab::model::Unit;
use fleetlab::topics;

const SEEDS: u64 = 200;

/// The seeds that draw problem `p`.
fn seeds_of(p: usize) -> impl Iterator<Item = u64> {
    (0..SEEDS).map(move |k| k * PROBLEMS.len() as u64 + p as u64)
}

/// One step of the exact chain: the values its formula read, its key, its
/// words and its unit.
struct Said {
    vars: Vars,
    key: f64,
    text: String,
    unit: Unit,
}

/// The exact chain on `story`: each step's values on the earlier steps'
/// keys, solved through the registry, its prompt filled; an error naming
/// the step that has no answer.
fn chain(problem: &Problem, story: &Vars) -> Result<Vec<Said>, String> {
    let mut keys: Vec<f64> = Vec::new();
    let mut out = Vec::new();
    for (i, step) in problem.steps.iter().enumerate() {
        let q = format!("{} Q{}", problem.id, i + 1);
        let topic = topics::find(step.topic).ok_or(format!("{q}: no topic"))?;
        let t = challenge::template(topic, step.template).map_err(|e| format!("{q}: {e}"))?;
        let mut vars = (step.values)(story, &keys).ok_or(format!("{q}: no values"))?;
        t.attach_units(&mut vars);
        let sol = topics::solve(topic, step.template, &vars).map_err(|e| format!("{q}: {e}"))?;
        if !sol.answer.is_finite() {
            return Err(format!("{q}: key {}", sol.answer));
        }
        let unit = t.unit();
        let text = challenge::fill(step.prompt, &vars, &sol, &unit.format(sol.answer));
        keys.push(sol.answer);
        out.push(Said {
            vars,
            key: sol.answer,
            text,
            unit,
        });
    }
    Ok(out)
}

/// The names `{name}` in `text`.
fn names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        out.push(after[..close].to_string());
        rest = &after[close + 1..];
    }
    out
}

/// `story` with the number `name` moved: a whole count by one, a share
/// down a tenth, any other number by 37 %.
fn moved(story: &Vars, name: &str) -> Option<Vars> {
    let mut s = story.clone();
    let slot = s.values.iter_mut().find(|(n, _)| n == name)?;
    let Value::Num(x) = slot.1 else { return None };
    slot.1 = Value::Num(if x >= 1.0 && x.fract() == 0.0 {
        x + 1.0
    } else if x > 0.0 && x < 1.0 {
        x * 0.9
    } else {
        x * 1.37 + 0.1
    });
    Some(s)
}

/// Whether steps `from..` of the chain on `other` differ from `base`'s: a
/// key, a text, or an answer one of them lacks.
fn differs(base: &[Said], other: &Result<Vec<Said>, String>, from: usize) -> bool {
    match other {
        Err(_) => true,
        Ok(o) => base
            .iter()
            .zip(o)
            .skip(from)
            .any(|(a, b)| a.key != b.key || a.text != b.text),
    }
}

/// The names the problem's title, brief and change state, each once.
fn stated(problem: &Problem) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for text in [problem.title, problem.brief, problem.change] {
        for n in names(text) {
            if !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

/// Whether the story's value `name` is used by a question from step
/// `from` on: moved, it changes a key or words there (or leaves a step
/// without an answer); a word is written in one.
fn used(problem: &Problem, story: &Vars, base: &[Said], name: &str, from: usize) -> Option<bool> {
    let (_, value) = story.values.iter().find(|(n, _)| n == name)?;
    Some(match value {
        Value::Word(w) => base[from..].iter().any(|a| a.text.contains(w.as_str())),
        Value::Num(_) => {
            let other = moved(story, name)?;
            differs(base, &chain(problem, &other), from)
        }
    })
}

/// Faults written "problem seed N: what: detail", the first of each
/// (problem, what) with the number of seeds that had it.
fn first_of_each(faults: Vec<String>) -> Vec<String> {
    let mut out: Vec<(String, String, String, usize)> = Vec::new();
    for f in &faults {
        let (at, rest) = f.split_once(": ").unwrap_or((f.as_str(), ""));
        let problem = at.split(' ').next().unwrap_or("").to_string();
        let what = rest.split(": ").next().unwrap_or(rest).to_string();
        match out
            .iter_mut()
            .find(|(p, w, _, _)| *p == problem && *w == what)
        {
            Some(slot) => slot.3 += 1,
            None => out.push((problem, what, f.clone(), 1)),
        }
    }
    out.into_iter()
        .map(|(_, _, first, n)| format!("{first} (on {n} of {SEEDS} seeds)"))
        .collect()
}

#[test]
fn every_number_a_problem_states_is_used_by_a_question() {
    let mut faults = Vec::new();
    for (p, problem) in PROBLEMS.iter().enumerate() {
        for seed in seeds_of(p) {
            let mock = Mock::new(seed);
            let story = mock.story();
            let base = chain(problem, story).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let ctx = format!("{} seed {seed}", problem.id);
            for name in stated(problem) {
                match used(problem, story, &base, &name, 0) {
                    None => faults.push(format!("{ctx}: {{{name}}} is not in the story")),
                    Some(false) => faults.push(format!(
                        "{ctx}: {{{name}}} is stated but no question uses it"
                    )),
                    Some(true) => {}
                }
            }
            // The change changes something: a value it states is used at
            // or after it.
            let after = names(problem.change)
                .iter()
                .any(|n| used(problem, story, &base, n, problem.change_at) == Some(true));
            if !after {
                faults.push(format!(
                    "{ctx}: no question from the change on uses what it states"
                ));
            }
        }
    }
    assert!(faults.is_empty(), "\n{}", first_of_each(faults).join("\n"));
}

/// Step `i`'s value `name`.
fn num(said: &[Said], i: usize, name: &str) -> f64 {
    said[i].vars.num(name)
}

/// The autoscaling page's replicas for a peak with a spare, on `vars`'s
/// `C`, `P` and `spare`.
fn replicas_with_spare(vars: &Vars) -> f64 {
    let t = topics::find("autoscaling").unwrap();
    topics::solve(t, "C1", vars).unwrap().answer
}

/// The numbers each problem states in two places, as pairs that must agree
/// (what, one place, the other, within a relative tolerance).
fn twice(problem: &str, s: &Vars, q: &[Said]) -> Vec<(&'static str, f64, f64, f64)> {
    match problem {
        "chat" => vec![
            (
                "a request's tokens at the first peak and at the grown one",
                num(q, 0, "P") / num(q, 2, "arrivals"),
                num(q, 4, "P") / num(q, 6, "lambda"),
                0.03,
            ),
            (
                "a replica's ceiling, and its requests a second × a request's tokens",
                num(q, 0, "C"),
                1000.0 / num(q, 6, "S") * num(q, 4, "P") / num(q, 6, "lambda"),
                0.03,
            ),
            (
                "the grown peak, and the growth × the first peak",
                num(q, 4, "P"),
                s.num("growth") * num(q, 0, "P"),
                1e-12,
            ),
            (
                "the queue's replicas and the grown fleet",
                num(q, 6, "c"),
                q[4].key,
                0.0,
            ),
        ],
        "tiers" => vec![
            (
                "the shared pool before and after the enterprise cards",
                num(q, 0, "c"),
                num(q, 4, "c") + q[3].key,
                0.0,
            ),
            ("the free arrivals", num(q, 0, "free"), num(q, 1, "a"), 0.0),
            ("the shed", q[0].key, num(q, 1, "shed"), 0.0),
        ],
        "bursts" => vec![
            (
                "the steady pool at the day's peak, in the night and the ring questions",
                replicas_with_spare(&q[4].vars),
                num(q, 6, "n"),
                0.0,
            ),
            (
                "the replicas a burst needs",
                num(q, 0, "k"),
                num(q, 6, "need"),
                0.0,
            ),
            ("the warm pool", q[1].key, num(q, 2, "w"), 0.0),
        ],
        "capacity" => vec![
            ("the peak", q[0].key, num(q, 1, "rate"), 0.0),
            ("the prompt", s.num("prompt"), num(q, 2, "prompt"), 0.0),
            ("the reply", s.num("output"), num(q, 2, "output"), 0.0),
            (
                "the prompt, twice",
                num(q, 1, "prompt"),
                num(q, 2, "prompt"),
                0.0,
            ),
            ("the tokens a second", q[1].key, num(q, 3, "P"), 0.0),
            ("a replica's tokens a second", q[2].key, num(q, 4, "C"), 0.0),
            (
                "the grown peak",
                s.num("growth") * q[1].key,
                num(q, 4, "P"),
                1e-12,
            ),
            ("the grown fleet", q[4].key, num(q, 5, "replicas"), 0.0),
            ("the month's rent", q[5].key, num(q, 6, "bill"), 0.0),
            (
                "the grown audience",
                s.num("users") * s.num("growth"),
                num(q, 6, "users"),
                1e-12,
            ),
        ],
        "region" => vec![
            (
                "the peak in replicas' worth",
                s.num("lambda"),
                s.num("k") * s.num("r"),
                0.0,
            ),
            (
                "the tiers' arrivals",
                s.num("lambda"),
                s.num("paid") + s.num("free"),
                0.0,
            ),
            (
                "the fleet",
                s.num("fleet"),
                s.num("zones") * s.num("m"),
                0.0,
            ),
            (
                "a replica's rate and service time",
                s.num("S") * s.num("r"),
                1000.0,
                1e-12,
            ),
            (
                "the survivors",
                num(q, 0, "w"),
                s.num("fleet") - s.num("m"),
                0.0,
            ),
            (
                "the fleet after the failover",
                num(q, 1, "n"),
                s.num("fleet"),
                0.0,
            ),
            (
                "the survivors that shed",
                num(q, 2, "c"),
                num(q, 0, "w"),
                0.0,
            ),
            (
                "the free arrivals",
                num(q, 2, "free"),
                num(q, 3, "rate"),
                0.0,
            ),
            ("the shed", q[2].key, num(q, 3, "shed"), 0.0),
            (
                "the peak after the rule",
                num(q, 4, "rate"),
                s.num("lambda"),
                0.0,
            ),
            (
                "the spare over today's fleet",
                num(q, 5, "N") - num(q, 5, "W"),
                s.num("fleet"),
                0.0,
            ),
            ("the checked fleet", num(q, 6, "c"), q[4].key, 0.0),
            (
                "the peak in the check",
                num(q, 6, "lambda"),
                s.num("lambda"),
                0.0,
            ),
        ],
        _ => Vec::new(),
    }
}

#[test]
fn a_number_stated_twice_is_one_number() {
    let mut faults = Vec::new();
    for (p, problem) in PROBLEMS.iter().enumerate() {
        for seed in seeds_of(p) {
            let mock = Mock::new(seed);
            let q = chain(problem, mock.story()).unwrap();
            let checks = twice(problem.id, mock.story(), &q);
            assert!(
                !checks.is_empty(),
                "{}: no number is stated twice?",
                problem.id
            );
            for (what, a, b, rel) in checks {
                if !((a - b).abs() <= rel * a.abs().max(b.abs()) && a.is_finite()) {
                    faults.push(format!("{} seed {seed}: {what}: {a} and {b}", problem.id));
                }
            }
        }
    }
    assert!(faults.is_empty(), "\n{}", first_of_each(faults).join("\n"));
}

/// Whether `key` is a sensible size for a question in `unit`.
fn sensible(unit: Unit, key: f64) -> bool {
    let whole = key.fract() == 0.0;
    match unit {
        Unit::Count("requests") => whole && (1.0..=1e7).contains(&key),
        Unit::Count(_) => whole && (1.0..=5000.0).contains(&key),
        Unit::Share => (0.0..=1.0).contains(&key),
        Unit::ReqPerS => (0.0..=1e6).contains(&key),
        Unit::TokPerS => (1.0..=1e9).contains(&key),
        Unit::Ms => key > 0.0 && key <= 600_000.0,
        Unit::Seconds => key > 0.0 && key <= 86_400.0,
        Unit::UsdPerHour | Unit::UsdPerMonth => (0.01..=1e9).contains(&key),
        Unit::UsdPerYear => (1.0..=1e10).contains(&key),
        _ => key.is_finite() && key > 0.0,
    }
}

/// No "1 replicas": a count of one takes the singular ("228.1 copies" is
/// no count of one).
fn counts_agree(text: &str) -> bool {
    const PLURALS: [&str; 8] = [
        "replicas", "cards", "requests", "GPUs", "zones", "copies", "families", "users",
    ];
    let words: Vec<&str> = text.split_whitespace().collect();
    !words.windows(2).any(|w| {
        let noun = w[1].trim_end_matches([',', '.', ';', ':', ')']);
        w[0].trim_start_matches('(') == "1" && PLURALS.contains(&noun)
    })
}

#[test]
fn each_problem_is_seven_steps_with_one_change_and_sensible_keys() {
    let ids: Vec<&str> = PROBLEMS.iter().map(|p| p.id).collect();
    assert_eq!(ids, ["chat", "tiers", "bursts", "capacity", "region"]);
    for (p, problem) in PROBLEMS.iter().enumerate() {
        assert_eq!(problem.steps.len(), 7, "{}", problem.id);
        assert!((2..=5).contains(&problem.change_at), "{}", problem.id);
        assert!(!problem.change.trim().is_empty(), "{}", problem.id);
        for seed in seeds_of(p) {
            let mock = Mock::new(seed);
            assert_eq!(mock.problem.id, problem.id);
            let said = chain(problem, mock.story()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            // Every step has an answer on the exact chain, the one the mock
            // walks when every answer is right.
            let right: Vec<String> = said.iter().map(|a| format_exact(a.key, a.unit)).collect();
            let walk = mock.walk(&right, mock.steps());
            for text in [mock.title(), mock.brief(), mock.change()] {
                assert!(counts_agree(&text), "{} seed {seed}: {text}", problem.id);
            }
            for (i, (a, w)) in said.iter().zip(&walk).enumerate() {
                let ctx = format!("{} seed {seed} Q{}", problem.id, i + 1);
                for text in [&w.text, &w.worked] {
                    assert!(counts_agree(text), "{ctx}: {text}");
                }
                assert_eq!(w.refused, None, "{ctx}");
                assert_eq!((w.key, w.exact, &w.text), (a.key, a.key, &a.text), "{ctx}");
                assert!(
                    sensible(a.unit, a.key),
                    "{ctx}: {} for “{}”",
                    a.unit.format(a.key),
                    a.text
                );
            }
        }
    }
}

/// The capacity chain by hand: users × requests ÷ 86,400 × the ratio; × the
/// tokens of a request; a replica's time per request from its two steps;
/// ceil + the spare; grown; × GPUs × card-month × premium; a tier's share
/// of the bill over its users.
#[test]
fn the_capacity_chain_by_hand() {
    let p = PROBLEMS.iter().position(|p| p.id == "capacity").unwrap();
    for seed in seeds_of(p).take(50) {
        let mock = Mock::new(seed);
        let s = mock.story();
        let q = chain(mock.problem, s).unwrap();
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs();
        let peak = s.num("users") * s.num("per_user") / 86_400.0 * s.num("ratio");
        assert!(close(q[0].key, peak), "seed {seed}");
        let tokens = s.num("prompt") + s.num("output");
        assert!(close(q[1].key, peak * tokens));
        // The question gives the two step times, to the hundredth of a ms.
        let ms = |name: &str| -> f64 {
            let at = q[2].text.find(name).unwrap();
            let before = &q[2].text[..at];
            let num = before.trim_end().trim_end_matches(" ms");
            let start = num.rfind(' ').map_or(0, |i| i + 1);
            num[start..].replace(',', "").parse::<f64>().unwrap() / 1000.0
        };
        let (prefill, decode) = (ms(" for a prompt of"), ms(". Working back to back"));
        let per_request = prefill + s.num("output") * decode / s.num("batch");
        assert!(
            (q[2].key - tokens / per_request).abs() <= 0.001 * q[2].key,
            "seed {seed}: {} against {}: {}",
            q[2].key,
            tokens / per_request,
            q[2].text
        );
        let n = |x: f64| (x / q[2].key).ceil() + s.num("spare");
        assert_eq!(q[3].key, n(q[1].key));
        assert_eq!(q[4].key, n(q[1].key * s.num("growth")));
        let gpus: f64 = s.word("tp").parse().unwrap();
        let rent = q[4].key * gpus * s.num("card_month") * s.num("premium");
        assert!(close(q[5].key, rent));
        let (users, paid_users, paid_traffic) = (
            s.num("users") * s.num("growth"),
            s.num("paid_users"),
            s.num("paid_traffic"),
        );
        let per_user = match s.word("tier") {
            "paid" => rent * paid_traffic / (users * paid_users),
            _ => rent * (1.0 - paid_traffic) / (users * (1.0 - paid_users)),
        };
        assert!(close(q[6].key, per_user), "seed {seed}");
    }
}

/// The zone lost at the peak by hand: the survivors' shortfall × the boot;
/// the boot plus the backlog over the spare after it; the free tier shed to
/// the cap with paid first; 1 + f + … + f^n attempts; zones × ceil(peak ÷
/// ((zones − 1) × cap × rate)); the extra replicas' year; the M/M/1 wait
/// on the survivors.
#[test]
fn the_zone_lost_at_the_peak_by_hand() {
    let p = PROBLEMS.iter().position(|p| p.id == "region").unwrap();
    for seed in seeds_of(p).take(50) {
        let mock = Mock::new(seed);
        let s = mock.story();
        let q = chain(mock.problem, s).unwrap();
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
        let (k, r, t) = (s.num("k"), s.num("r"), s.num("T"));
        let (zones, m, fleet) = (s.num("zones"), s.num("m"), s.num("fleet"));
        let survivors = fleet - m;
        let backlog = (k - survivors) * r * t;
        assert!(close(q[0].key, backlog), "seed {seed}");
        assert!(close(q[1].key, t + backlog / ((fleet - k) * r)));
        let room = s.num("cap") * survivors * r - s.num("paid");
        let shed = s.num("free") - room.min(s.num("free"));
        assert!(close(q[2].key, shed), "seed {seed}");
        let f = shed / s.num("free");
        let attempts: f64 = (0..=s.num("retries") as i32).map(|i| f.powi(i)).sum();
        assert!(close(q[3].key, s.num("free") * attempts));
        let per_zone = (s.num("lambda") / ((zones - 1.0) * s.num("cap") * r) - 1e-9).ceil();
        assert_eq!(q[4].key, zones * per_zone, "seed {seed}");
        assert!(close(
            q[5].key,
            (q[4].key - fleet) * s.num("price") * 24.0 * 365.0
        ));
        let up = q[4].key - (q[4].key / zones).round();
        let rho = s.num("lambda") / (up * r);
        assert!(rho <= s.num("cap") + 1e-9, "seed {seed}: ρ = {rho}");
        assert!(
            close(q[6].key, s.num("S") * rho / (1.0 - rho)),
            "seed {seed}"
        );
    }
}
