//! The answer parser and the grader. The parser is total, what it accepts is
//! finite, its exact form and the page's display form read back, and an
//! error stays a short sentence however long the answer. The grader, on
//! questions drawn from every template, grades the exact answer in any unit
//! of its family as correct, the page's rounded display as correct or close,
//! a set in any order as correct, and agrees with its own tolerance on
//! everything else.

use crate::{chance, clip, fuzz, long_text, mutate, number_text, pick, wild_f64};
use fleetlab::challenge::answer::{format_exact, parse_answer, read};
use fleetlab::challenge::{grade, templates, unit_from_word, Question, Verdict};
use fleetlab::model::{SplitMix64, Unit};
use fleetlab::topics;
use std::sync::OnceLock;

/// Every unit a challenge file can name, and no unit.
fn units() -> Vec<Unit> {
    let words = fleetlab::challenge::schema::UNIT_WORDS;
    let mut all: Vec<Unit> = words.iter().map(|w| unit_from_word(w).unwrap()).collect();
    all.push(Unit::None);
    all
}

/// Words people put after a number.
const UNIT_WORDS: &[&str] = &[
    "%",
    "percent",
    "pts",
    "points",
    "pp",
    "kb",
    "MB",
    "GB",
    "TB",
    "ms",
    "s",
    "sec",
    "min",
    "h",
    "hours",
    "tokens",
    "T tokens",
    "B tokens",
    "M tokens",
    "tok/s",
    "req/s",
    "rps",
    "tok/$",
    "$/h",
    "/h",
    "per hour",
    "/day",
    "a day",
    "$/month",
    "/year",
    "x",
    "×",
    "times",
    "$",
    "usd",
    "dollars",
    "cards",
    "card",
    "families",
    "replicas",
    "gpus",
    "parsecs",
    "per year",
    "/month",
    "per 1M",
    "$ per 1M tokens",
    "/mtok",
    "",
];

/// A realistic answer, then mutated: a number in one of its written forms,
/// maybe a sign, a dollar sign, a magnitude letter, a unit word.
fn answer_text(rng: &mut SplitMix64, unit: Unit) -> String {
    let v = wild_f64(rng);
    let base = match rng.below(8) {
        0 => format_exact(v, unit),
        1 => unit.format(v),
        2 if chance(rng, 0.1) => long_text(rng, "24,576 MB "),
        _ => {
            let mut s = number_text(v, rng);
            if chance(rng, 0.2) {
                s = format!("{}{s}", pick(rng, &["$", "-$", "$-", "≈ ", "~", "−"]));
            }
            if chance(rng, 0.2) {
                s.push(*pick(rng, &['k', 'K', 'M', 'B', 'T']));
            }
            if chance(rng, 0.6) {
                let (gap, word) = (*pick(rng, &["", " "]), *pick(rng, UNIT_WORDS));
                s.push_str(gap);
                s.push_str(word);
            }
            s
        }
    };
    let ops = *pick(rng, &[0, 0, 1, 2, 4]);
    mutate(&base, ops, rng)
}

/// Same reading: exact, but shares within a few ulps (a percentage is read
/// as hundredths).
fn same(a: f64, b: f64, unit: Unit) -> bool {
    match unit {
        Unit::Share => (a - b).abs() <= 4.0 * f64::EPSILON * a.abs().max(b.abs()),
        _ => a == b,
    }
}

/// How far the page's display form may sit from the value: four
/// significant digits, cents, two decimals of a percent.
fn display_slack(v: f64, unit: Unit) -> f64 {
    let abs = match unit {
        Unit::Share => 5e-5,
        Unit::Points => 5e-3,
        Unit::Ratio => 5e-4,
        Unit::Usd | Unit::UsdPerHour | Unit::UsdPerDay | Unit::UsdPerMonth | Unit::UsdPerYear => {
            5e-3
        }
        Unit::UsdPerMTok => 5e-5,
        _ => 0.0,
    };
    // number() writes a value within 1e-9 of a whole number as that number.
    abs + 5.01e-4 * v.abs() + 1e-9
}

#[test]
fn answer_parser_is_total_and_reads_back() {
    let units = units();
    fuzz(
        "answer_parser_is_total_and_reads_back",
        1.0,
        |rng| {
            let unit = *pick(rng, &units);
            (answer_text(rng, unit), unit)
        },
        |(text, unit)| {
            let unit = *unit;
            match parse_answer(text, unit) {
                Ok(v) => {
                    assert!(v.is_finite(), "{} as {unit:?} read as {v}", clip(text));
                    let exact = format_exact(v, unit);
                    let back = parse_answer(&exact, unit);
                    assert!(
                        back.as_ref().is_ok_and(|b| same(*b, v, unit)),
                        "{} as {unit:?} read as {v}, written {exact:?}, read back {back:?}",
                        clip(text)
                    );
                    let shown = unit.format(v);
                    let back = parse_answer(&shown, unit);
                    assert!(
                        back.as_ref()
                            .is_ok_and(|b| (b - v).abs() <= display_slack(v, unit)),
                        "{v} {unit:?} shown as {shown:?}, read back {back:?}"
                    );
                }
                Err(e) => {
                    let msg = e.to_string();
                    assert!(
                        !msg.is_empty() && msg.chars().count() <= 200,
                        "the message for {} is {} chars: {}",
                        clip(text),
                        msg.chars().count(),
                        clip(&msg)
                    );
                }
            }
        },
    );
}

/// Questions of every template of every topic, a few seeds each.
fn questions() -> &'static [Question] {
    static QS: OnceLock<Vec<Question>> = OnceLock::new();
    QS.get_or_init(|| {
        let mut rng = SplitMix64::new(0xA115_0E15);
        let mut qs = Vec::new();
        for t in topics::all() {
            for tpl in templates(t) {
                for _ in 0..12 {
                    let seed = rng.below(1 << 53);
                    qs.push(topics::question(t, &tpl.id, seed).expect("a drawn question"));
                }
            }
        }
        qs
    })
}

/// The exact answer written in every unit of its family a learner might use.
fn equivalents(a: f64, unit: Unit) -> Vec<String> {
    let f = |x: f64| format!("{x}");
    match unit {
        Unit::Mb => vec![
            f(a) + " MB",
            f(a / 1e3) + " GB",
            f(a / 1e6) + "TB",
            f(a * 1e3) + " kb",
        ],
        Unit::Gb => vec![f(a) + "GB", f(a * 1e3) + " MB", f(a / 1e3) + " TB"],
        Unit::Ms => vec![
            f(a) + "ms",
            f(a / 1e3) + " s",
            f(a / 6e4) + " min",
            f(a / 3.6e6) + " h",
        ],
        Unit::Seconds => vec![f(a) + " sec", f(a * 1e3) + " ms", f(a / 60.0) + " minutes"],
        Unit::Hours => vec![f(a) + " hours", f(a * 60.0) + " min", f(a * 3600.0) + " s"],
        Unit::Share => {
            let mut v = vec![f(a * 100.0) + "%", f(a * 100.0) + " percent"];
            if a.abs() <= 1.0 {
                v.push(f(a));
            }
            if (a * 100.0).abs() > 1.0 {
                v.push(f(a * 100.0));
            }
            v
        }
        Unit::Points => vec![f(a), f(a) + "%", f(a) + " pts", f(a) + " pp"],
        Unit::Ratio => vec![f(a), f(a) + "x", f(a) + "×", f(a) + " times"],
        Unit::Usd => vec![
            format!("${a}"),
            f(a) + " dollars",
            f(a / 1e3) + "k",
            format!("${}M", a / 1e6),
        ],
        Unit::UsdPerHour => vec![
            format!("${a}"),
            format!("${a}/h"),
            f(a) + " $/hour",
            format!("${}/day", a * 24.0),
            format!("${}/month", a * 730.0),
            format!("${} per year", a * 8760.0),
        ],
        Unit::UsdPerYear => vec![
            format!("${a}/year"),
            format!("${}/h", a / 8760.0),
            format!("${} a day", a / 365.0),
            format!("${}/month", a / 12.0),
        ],
        Unit::TokPerS => vec![f(a), f(a) + " tok/s", f(a / 1e3) + "k tok/s"],
        Unit::ReqPerS => vec![f(a), f(a) + " rps", f(a) + " requests per second"],
        Unit::Tokens => vec![
            f(a) + " tokens",
            f(a / 1e3) + "k tokens",
            f(a / 1e6) + " M tokens",
        ],
        Unit::TTokens => vec![
            f(a) + "T",
            f(a) + " T tokens",
            f(a * 1e3) + "B tokens",
            f(a * 1e12) + " tokens",
        ],
        Unit::TokPerUsd => vec![
            f(a) + " tok/$",
            f(a / 1e6) + "M tok/$",
            f(a) + " tokens per dollar",
        ],
        Unit::Count(noun) if !noun.is_empty() => vec![f(a), f(a) + " " + noun, f(a / 1e3) + "k"],
        _ => vec![f(a), f(a / 1e3) + "k"],
    }
}

/// What a learner types for `q`, and what it must grade: `Some(verdicts)`
/// when the text is an exact or displayed form of the answer.
type Typed = (usize, String, Option<&'static [Verdict]>);

fn typed_answer(rng: &mut SplitMix64) -> Typed {
    let qs = questions();
    let i = rng.below(qs.len() as u64) as usize;
    let q = &qs[i];
    const RIGHT: &[Verdict] = &[Verdict::Correct];
    const NEAR: &[Verdict] = &[Verdict::Correct, Verdict::Close];
    const RIGHT_OR_ASK: &[Verdict] = &[Verdict::Correct, Verdict::Ambiguous];
    let (text, want) = match (&q.detail, rng.below(6)) {
        (Some(members), 0 | 1) => {
            let mut m = members.clone();
            for k in (1..m.len()).rev() {
                m.swap(k, rng.below(k as u64 + 1) as usize);
            }
            if chance(rng, 0.5) {
                m = m.iter().map(|x| x.to_ascii_uppercase()).collect();
            }
            (
                m.join(*pick(rng, &[", ", " ", "; ", " and ", ",\t"])),
                Some(RIGHT),
            )
        }
        (None, 0) => (format_exact(q.answer, q.unit), Some(RIGHT)),
        (None, 1) => {
            let text = pick(rng, &equivalents(q.answer, q.unit)).clone();
            // A bare share of 1 or less has two readings: the grader may ask.
            let bare = q.unit == Unit::Share && !text.contains('%') && !text.contains("per");
            (text, Some(if bare { RIGHT_OR_ASK } else { RIGHT }))
        }
        (None, 2) => (q.unit.format(q.answer), Some(NEAR)),
        (_, 3) => {
            let k = *pick(rng, &[0.0, -1.0, 0.5, 0.999, 1.001, 1.02, 1.5, 3.0, 1e6]);
            (format_exact(q.answer * k, q.unit), None)
        }
        _ => {
            let base = match q.detail.as_ref() {
                Some(_) if chance(rng, 0.5) => q.exact_answer(),
                _ => format_exact(q.answer, q.unit),
            };
            let ops = *pick(rng, &[1, 2, 4]);
            (mutate(&base, ops, rng), None)
        }
    };
    (i, text, want)
}

/// The grader's documented reading of a set answer: when the question's
/// answer is a set and every word of the text is a name like its members'
/// (ASCII letters and digits, with at least one of each; "and" and the
/// separators `,` `;` and spaces aside), the text is that set, lowercased.
/// So "F2, f4" is a set, and "3 cards" a count — but so is "1cards" a set.
fn as_members(q: &Question, text: &str) -> Option<Vec<String>> {
    let members = q
        .detail
        .as_ref()
        .or_else(|| q.misconceptions.iter().find_map(|m| m.detail.as_ref()))?;
    let words: Vec<String> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("and"))
        .map(|w| w.to_ascii_lowercase())
        .collect();
    // Where the right set is empty, a name also starts with the letters of
    // a misconception's member ("c3"; "0k" is a number).
    let letters = |t: &str| {
        t.chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let name = |w: &String| {
        w.chars().all(|c| c.is_ascii_alphanumeric())
            && w.chars().any(|c| c.is_ascii_alphabetic())
            && w.chars().any(|c| c.is_ascii_digit())
            && (q.detail.is_some() || members.iter().any(|m| letters(m) == letters(w)))
    };
    (!members.is_empty() && !words.is_empty() && words.iter().all(name)).then_some(words)
}

#[test]
fn grader_agrees_with_its_tolerance() {
    fuzz(
        "grader_agrees_with_its_tolerance",
        0.5,
        typed_answer,
        |(i, text, want)| {
            let q = &questions()[*i];
            let g = grade(q, text);
            let ctx = || {
                format!(
                    "{} {} seed {}: {:?} ({:?}, answer {})",
                    q.topic,
                    q.template,
                    q.seed,
                    clip(text),
                    q.unit,
                    q.answer
                )
            };
            // An answer a misconception explains is wrong, with its feedback.
            let explained = g.verdict == Verdict::Wrong && g.misconception.is_some();
            if let Some(want) = want {
                assert!(
                    want.contains(&g.verdict) || explained,
                    "{}: graded {:?}: {}",
                    ctx(),
                    g.verdict,
                    g.message
                );
            }
            assert!(!g.message.is_empty(), "{}", ctx());
            // The message never echoes the typed text; it writes the
            // reading in full, which for the largest floats is a 309-digit
            // number ("0.625e308%" is read as 6,250,000,…%).
            let hint = q.hints.first().map_or(0, |h| h.chars().count());
            assert!(
                g.message.chars().count() <= 800 + hint,
                "{}: a long message: {}",
                ctx(),
                clip(&g.message)
            );
            if let Some(given) = as_members(q, text) {
                let mut want: Vec<String> = q
                    .detail
                    .iter()
                    .flatten()
                    .map(|m| m.to_ascii_lowercase())
                    .collect();
                let mut got = given;
                want.sort();
                got.sort();
                let expect = if got == want {
                    Verdict::Correct
                } else {
                    Verdict::Wrong
                };
                assert_eq!(g.verdict, expect, "{}: read as the set {got:?}", ctx());
                assert_eq!(g.parsed, Some(got.len() as f64), "{}", ctx());
                return;
            }
            let Some(p) = g.parsed else {
                if g.verdict == Verdict::Ambiguous {
                    // Asked only about a number with two readings.
                    let r = read(text, q.unit).expect("an ambiguous answer reads");
                    assert_eq!(g.readings, vec![r.value, r.percent.unwrap()], "{}", ctx());
                    return;
                }
                assert_eq!(g.verdict, Verdict::Unreadable, "{}", ctx());
                assert!(parse_answer(text, q.unit).is_err(), "{}", ctx());
                return;
            };
            // The reading graded: the answer's, or its percent reading.
            let r = read(text, q.unit).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
            assert!(p == r.value || Some(p) == r.percent, "{}", ctx());
            assert!(p.is_finite(), "{}", ctx());
            if explained {
                return;
            }
            let right = q.tolerance.accepts(p, q.answer);
            let near = q.tolerance.widen(5.0, q.answer).accepts(p, q.answer);
            let expect = if right {
                Verdict::Correct
            } else if near {
                Verdict::Close
            } else {
                Verdict::Wrong
            };
            assert_eq!(g.verdict, expect, "{}: read as {p}", ctx());
        },
    );
}
