//! Slip diagnosis over every numeric template (#35): for every topic, every
//! template (C1–C3; the other kinds L1, M1, O1, P1 are not numbers), every
//! level and a few seeds, the key off by each slip family's factor, both
//! ways, typed as the page writes a number, grades not correct, and its
//! feedback is the slip's own: its family in the grade and its sentence in
//! the message. Where one of the template's misconceptions is the same
//! number within the tolerance, the misconception's feedback comes first (it
//! is more specific); the test counts those and prints the tally. A family
//! is skipped only where the question cannot carry its product (it would
//! grade correct, or it divides a whole-number answer down to a fraction
//! a learner would round), also counted.
//! And the CLI's `grade --json` names the slip.

use fleetlab::challenge::answer::{format_exact, read};
use fleetlab::challenge::kinds::{levels, Level};
use fleetlab::challenge::slip::{carries, diagnose, Direction, Family};
use fleetlab::challenge::{grade, templates, Question, Verdict};
use fleetlab::topics;
use std::collections::BTreeMap;
use std::process::Command;

const SEEDS: u64 = 6;

/// What the sweep saw.
#[derive(Default)]
struct Tally {
    /// Slips typed and graded.
    graded: usize,
    /// Said as a misconception of the template, by template and name.
    misconceptions: BTreeMap<String, usize>,
    /// Typed with every digit: the page's rounding of the product left the
    /// tolerance (a tiny dollar figure, a fraction of a card).
    every_digit: usize,
    /// Products the tolerance cannot carry, by unit and family.
    uncarried: BTreeMap<String, usize>,
    /// Questions whose key is zero (no factor moves it), and set answers
    /// (a count of members has no unit to slip).
    zero_keys: usize,
    sets: usize,
    faults: Vec<String>,
}

impl Tally {
    fn fault(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok && self.faults.len() < 30 {
            self.faults.push(what());
        }
    }
}

/// The key off by `f` the way `d` as the page writes it in `q`'s unit,
/// where that form, put back by the factor, would grade correct (the key as
/// precisely as a right answer) and is relatively nearer its product than
/// any other family's; else with every digit (the answer parser's exact
/// form).
fn typed(q: &Question, f: Family, d: Direction, tally: &mut Tally) -> String {
    let v = d.apply(q.answer, f.factor());
    let page = q.unit.format(v);
    let off = |r: f64, p: f64| (r - p).abs() / p.abs();
    let nearest = |r: f64| {
        Family::ALL.into_iter().all(|g| {
            Direction::BOTH.into_iter().all(|e| {
                let p = e.apply(q.answer, g.factor());
                (g, e) == (f, d) || off(r, v) < off(r, p)
            })
        })
    };
    match read(&page, q.unit) {
        Ok(r)
            if r.percent.is_none()
                && q.tolerance.accepts(d.undo(r.value, f.factor()), q.answer)
                && nearest(r.value) =>
        {
            page
        }
        _ => {
            tally.every_digit += 1;
            format_exact(v, q.unit)
        }
    }
}

/// One question: every family, both ways.
fn one(q: &Question, ctx: &str, tally: &mut Tally) {
    if q.detail.is_some() {
        tally.sets += 1;
        return;
    }
    if q.answer == 0.0 {
        tally.zero_keys += 1;
        return;
    }
    for f in Family::ALL {
        for d in Direction::BOTH {
            let product = d.apply(q.answer, f.factor());
            if !carries(product, q.answer, q.tolerance) {
                let why = if q.tolerance.accepts(product, q.answer) {
                    "it would grade correct"
                } else {
                    "a whole-number answer divided down"
                };
                *tally
                    .uncarried
                    .entry(format!("{:?} {} {}: {why}", q.unit, f.id(), d.words()))
                    .or_default() += 1;
                continue;
            }
            let text = typed(q, f, d, tally);
            let g = grade(q, &text);
            let ctx = || format!("{ctx} {} {} ('{text}')", f.id(), d.words());
            tally.graded += 1;
            tally.fault(g.verdict == Verdict::Wrong, || {
                format!("{}: graded {:?}: {}", ctx(), g.verdict, g.message)
            });
            let Some(parsed) = g.parsed else {
                tally.fault(false, || format!("{}: not read: {}", ctx(), g.message));
                continue;
            };
            if let Some(name) = &g.misconception {
                let m = q.misconceptions.iter().find(|m| &m.name == name);
                tally.fault(
                    m.is_some_and(|m| q.tolerance.accepts(parsed, m.answer)),
                    || format!("{}: said as “{name}”, not its number", ctx()),
                );
                *tally
                    .misconceptions
                    .entry(format!("{} {}: “{name}”", q.topic, q.template))
                    .or_default() += 1;
                continue;
            }
            let want = diagnose(parsed, q.answer, q.unit, q.tolerance);
            tally.fault(
                want.as_ref().map(|s| (s.family, s.direction)) == Some((f, d)),
                || format!("{}: diagnosed {want:?}", ctx()),
            );
            tally.fault(g.slip == Some(f.id()), || {
                format!("{}: graded slip {:?}: {}", ctx(), g.slip, g.message)
            });
            if let Some(s) = want {
                let said = format!(
                    "Not quite: read as {}. {}",
                    q.unit.format(parsed),
                    s.sentence
                );
                tally.fault(g.message == said, || {
                    format!("{}: message “{}”, not “{said}”", ctx(), g.message)
                });
            }
        }
    }
}

#[test]
fn every_numeric_template_names_every_slip() {
    let mut tally = Tally::default();
    let mut templates_seen = 0;
    for t in topics::all() {
        let Some(solver) = topics::solver(t.id()) else {
            continue;
        };
        for tpl in templates(t) {
            templates_seen += 1;
            for level in Level::ALL {
                for seed in 0..SEEDS {
                    let ctx = format!("{} {} {} seed {seed}", t.id(), tpl.id, level.word());
                    let q = levels::question_at(solver, &tpl.id, seed, level)
                        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    one(&q, &ctx, &mut tally);
                }
            }
        }
    }
    eprintln!(
        "{templates_seen} templates: {} slips graded, {} typed with every digit, {} zero keys, {} set answers",
        tally.graded, tally.every_digit, tally.zero_keys, tally.sets
    );
    for (m, n) in &tally.misconceptions {
        eprintln!("  said as the misconception {m}: {n}");
    }
    for (u, n) in &tally.uncarried {
        eprintln!("  not carried: {u}: {n}");
    }
    assert!(templates_seen >= 27, "{templates_seen} templates");
    assert!(tally.graded > 1000, "{} slips graded", tally.graded);
    assert!(tally.faults.is_empty(), "\n{}", tally.faults.join("\n"));
}

/// The brief's own example: a $/h key 730× too big is a month's bill.
#[test]
fn an_hourly_bill_off_by_a_month_says_so() {
    let t = topics::find("autoscaling").unwrap();
    let q = topics::question(t, "C2", 1).unwrap();
    let text = q.unit.format(q.answer * 730.0);
    let g = grade(&q, &text);
    assert_eq!(g.slip, Some("month-hour"), "{}", g.message);
    assert_eq!(
        g.message,
        format!(
            "Not quite: read as {text}. Off by exactly 730×: that is a month's bill; the question asks per hour."
        )
    );
}

/// `grade --json` carries the slip's family beside the message; an answer
/// a misconception explains carries the misconception instead.
#[test]
fn the_cli_names_the_slip() {
    let grade = |answer: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
            .args([
                "grade",
                "warm-pool",
                "C1",
                "--seed",
                "7676",
                "--answer",
                answer,
                "--json",
            ])
            .output()
            .expect("run fleetlab");
        assert!(out.status.success());
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    // Seed 7676: $39,420 a year; $39,420 a month is 12× that.
    let v = grade("$39,420/month");
    assert_eq!(v["verdict"], "wrong", "{v}");
    assert_eq!(v["slip"], "year-month", "{v}");
    let said = |v: &serde_json::Value| v["message"].as_str().unwrap().to_string();
    assert!(
        said(&v).contains("Off by exactly 12×, too big: 12 months make a year"),
        "{v}"
    );
    let v = grade("$108");
    assert_eq!(v["misconception"], "a day's rent for a year's", "{v}");
    assert!(v.get("slip").is_none(), "{v}");
}
