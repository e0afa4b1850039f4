//! A problem set as a Moodle XML question bank: one category per problem
//! of the set, holding its variants, one numerical question per student
//! (a quiz draws one with a random question from the category). Each
//! question's answer carries its tolerance and the units a learner may
//! type with their multipliers; each misconception is an answer worth 0
//! with its feedback, and anything else gets the first hint. The question
//! text links the page state it comes from.

use super::problem::{html_escape, page_link, SheetView};
use super::unit_name;
use crate::challenge::{Question, Tolerance};
use crate::model::Unit;

/// XML text: `&`, `<`, `>` and quotes escaped.
fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// A number as Moodle reads it: plain decimal digits, to twelve
/// significant digits (no float dust like 87.60000000000001).
fn num(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return "0".into();
    }
    let decimals = (11 - v.abs().log10().floor() as i32).clamp(0, 20) as usize;
    crate::model::units::trim(&format!("{v:.decimals$}"))
}

/// The question's unit in Moodle's terms: the number is entered in the
/// first unit (a share in percent), and each unit's multiplier turns the
/// first unit's value into its own.
fn units(unit: Unit) -> (f64, Vec<(&'static str, f64)>) {
    let money = |hours: f64| {
        vec![
            ("$/h", 1.0 / hours),
            ("$/day", 24.0 / hours),
            ("$/month", 730.0 / hours),
            ("$/year", 8760.0 / hours),
        ]
    };
    match unit {
        // Moodle's numbers are percentages where the page's are fractions.
        Unit::Share => (100.0, vec![("%", 1.0)]),
        Unit::Points => (1.0, vec![("points", 1.0), ("%", 1.0)]),
        Unit::Mb => (
            1.0,
            vec![("MB", 1.0), ("GB", 1e-3), ("GiB", 1.0 / 1073.741824)],
        ),
        Unit::Gb => (1.0, vec![("GB", 1.0), ("MB", 1e3), ("TB", 1e-3)]),
        Unit::Ms => (1.0, vec![("ms", 1.0), ("s", 1e-3)]),
        Unit::Seconds => (1.0, vec![("s", 1.0), ("ms", 1e3), ("min", 1.0 / 60.0)]),
        Unit::Hours => (1.0, vec![("h", 1.0), ("min", 60.0)]),
        Unit::UsdPerHour => (1.0, rotate(money(1.0), "$/h")),
        Unit::UsdPerDay => (1.0, rotate(money(24.0), "$/day")),
        Unit::UsdPerMonth => (1.0, rotate(money(730.0), "$/month")),
        Unit::UsdPerYear => (1.0, rotate(money(8760.0), "$/year")),
        Unit::TTokens => (1.0, vec![("T tokens", 1.0), ("T", 1.0), ("B tokens", 1e3)]),
        Unit::TokPerS => (1.0, vec![("tok/s", 1.0), ("k tok/s", 1e-3)]),
        Unit::Ratio => (1.0, vec![("×", 1.0), ("x", 1.0)]),
        u if !u.symbol().is_empty() => (1.0, vec![(u.symbol(), 1.0)]),
        _ => (1.0, Vec::new()),
    }
}

/// `list` with `first` first (Moodle's first unit has multiplier 1).
fn rotate(mut list: Vec<(&'static str, f64)>, first: &str) -> Vec<(&'static str, f64)> {
    if let Some(i) = list.iter().position(|(u, _)| *u == first) {
        let unit = list.remove(i);
        list.insert(0, unit);
    }
    list
}

/// The absolute tolerance Moodle takes around `answer` (in Moodle's number).
fn tolerance(t: Tolerance, answer: f64, scale: f64) -> f64 {
    match t {
        Tolerance::Rel(r) => r * answer.abs() * scale,
        Tolerance::Abs(a) => a * scale,
        Tolerance::Exact => 0.0,
    }
}

/// One numerical question: a student's variant of a problem.
fn question(q: &Question, label: &str, app: Option<&str>) -> String {
    let (scale, units) = units(q.unit);
    let text = format!(
        "<p>{}</p><p><em>Answer in {}; graded {}.</em></p>{}",
        html_escape(&q.text),
        html_escape(&unit_name(q.unit)),
        html_escape(&q.tolerance.describe(q.unit)),
        app.map_or(String::new(), |a| format!(
            "<p><a href=\"{}\">Open this page</a> (the page this question is asked on).</p>",
            html_escape(&page_link(a, q))
        ))
    );
    let answer = |value: f64, fraction: u32, feedback: &str| {
        format!(
            "    <answer fraction=\"{fraction}\" format=\"moodle_auto_format\">\n      <text>{}</text>\n      <feedback format=\"html\"><text>{}</text></feedback>\n      <tolerance>{}</tolerance>\n    </answer>\n",
            num(value * scale),
            xml(&html_escape(feedback)),
            num(tolerance(q.tolerance, value, scale))
        )
    };
    let mut s = format!(
        "  <question type=\"numerical\">\n    <name><text>{}</text></name>\n    <questiontext format=\"html\"><text>{}</text></questiontext>\n    <generalfeedback format=\"html\"><text>{}</text></generalfeedback>\n    <defaultgrade>1.0000000</defaultgrade>\n    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n",
        xml(label),
        xml(&text),
        xml(&html_escape(&q.solution))
    );
    s += &answer(
        q.answer,
        100,
        &format!("Correct: {}.", q.unit.format(q.answer)),
    );
    for m in &q.misconceptions {
        if m.answer.is_finite() && !q.tolerance.accepts(m.answer, q.answer) {
            s += &answer(m.answer, 0, &m.feedback);
        }
    }
    s += &format!(
        "    <answer fraction=\"0\" format=\"moodle_auto_format\">\n      <text>*</text>\n      <feedback format=\"html\"><text>{}</text></feedback>\n      <tolerance>0</tolerance>\n    </answer>\n",
        xml(&html_escape(&format!(
            "Hint: {}",
            q.hints.first().cloned().unwrap_or_default()
        )))
    );
    // Units are optional: a learner may type one, and it is converted.
    s += "    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n";
    s += &format!(
        "    <showunits>{}</showunits>\n    <unitsleft>0</unitsleft>\n",
        if units.is_empty() { 3 } else { 0 }
    );
    if !units.is_empty() {
        s += "    <units>\n";
        for (name, multiplier) in units {
            s += &format!(
                "      <unit><multiplier>{}</multiplier><unit_name>{}</unit_name></unit>\n",
                num(multiplier),
                xml(name)
            );
        }
        s += "    </units>\n";
    }
    s + "  </question>\n"
}

/// The question bank: per problem a category, then one variant per sheet.
/// Each of `notes` (a template with too few variants) is a comment.
pub fn quiz(seed: u64, sheets: &[SheetView<'_>], app: Option<&str>, notes: &[String]) -> String {
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Fleetlab problem set {seed}: {} variants of each question, one per student, each problem in its own category (draw one with a random question). -->\n",
        sheets.len()
    );
    for note in notes {
        // A comment holds no "--".
        s += &format!("<!-- Note: {}. -->\n", note.replace("--", "- -"));
    }
    s += "<quiz>\n";
    let n = sheets.first().map_or(0, |s| s.2.len());
    for k in 0..n {
        let Some((title, first)) = sheets[0].2.get(k) else {
            continue;
        };
        s += &format!(
            "  <question type=\"category\">\n    <category><text>$course$/top/Fleetlab set {seed}/{:02} {} {}: {}</text></category>\n  </question>\n",
            k + 1,
            xml(title),
            xml(&first.template),
            xml(&first.title)
        );
        for (name, sheet_seed, problems) in sheets {
            let Some((_, q)) = problems.get(k) else {
                continue;
            };
            let label = format!(
                "{:02} {} {} — {} (sheet seed {sheet_seed}, question seed {})",
                k + 1,
                q.topic,
                q.template,
                name,
                q.seed
            );
            s += &question(q, &label, app);
        }
    }
    s + "</quiz>\n"
}
