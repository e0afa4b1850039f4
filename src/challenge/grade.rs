//! Grading a typed answer against a drawn question: correct inside the
//! tolerance, close inside five times it, wrong (with the feedback of the
//! misconception it matches, else the slip it makes: the key off by exactly
//! 3,600×, 730×, 100×…, [`super::slip`]; else the first hint), unreadable
//! (with what the question expects), or ambiguous: a bare share of 1 or
//! less ("0.99") whose two readings (99 % or 0.99 %) grade differently while both are
//! answers a learner could have meant is asked about, never guessed.

use super::answer::{self, Reading};
use super::slip::{self, Slip};
use super::{Misconception, Question};
use crate::model::Unit;

/// The grade of one typed answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Correct,
    Close,
    Wrong,
    Unreadable,
    /// A number with two readings that grade differently: the learner is
    /// asked which one they mean.
    Ambiguous,
}

impl Verdict {
    /// "correct", "close", "wrong", "unreadable", "ambiguous" (as in the
    /// JSON).
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Correct => "correct",
            Verdict::Close => "close",
            Verdict::Wrong => "wrong",
            Verdict::Unreadable => "unreadable",
            Verdict::Ambiguous => "ambiguous",
        }
    }

    /// Whether the answer was read as one number and graded: a try. An
    /// unreadable or ambiguous answer costs none.
    pub fn counts(self) -> bool {
        !matches!(self, Verdict::Unreadable | Verdict::Ambiguous)
    }

    fn rank(self) -> u8 {
        match self {
            Verdict::Correct => 3,
            Verdict::Close => 2,
            _ => 1,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    pub verdict: Verdict,
    /// The number the answer was read as (a set's size), in the question's
    /// unit; none when unreadable or ambiguous.
    pub parsed: Option<f64>,
    pub message: String,
    /// The name of the misconception the answer matches, if any.
    pub misconception: Option<String>,
    /// The id of the slip family the answer makes ("month-hour",
    /// "percent"…), where no misconception explains it.
    pub slip: Option<&'static str>,
    /// The two readings of an ambiguous answer.
    pub readings: Vec<f64>,
}

impl Grade {
    pub fn correct(&self) -> bool {
        self.verdict == Verdict::Correct
    }

    fn new(verdict: Verdict, parsed: Option<f64>, message: String) -> Grade {
        Grade {
            verdict,
            parsed,
            message,
            misconception: None,
            slip: None,
            readings: Vec::new(),
        }
    }
}

/// Grades `text` against `q`: correct within the tolerance, close within 5×
/// of it (with a nudge), wrong (with the matching misconception's feedback,
/// else the slip's sentence, else the first hint), unreadable (with what to
/// type) or ambiguous (with the two readings). A set answer may be typed as its members ("F2, F4,
/// F1") or as their count.
pub fn grade(q: &Question, text: &str) -> Grade {
    // A set answer, or a question whose misconceptions are sets (where the
    // right set is empty, its answer is 0).
    let like = q
        .detail
        .as_ref()
        .or_else(|| q.misconceptions.iter().find_map(|m| m.detail.as_ref()));
    if let Some(like) = like {
        if let Some(got) = read_members(text, like, q.detail.is_none()) {
            return grade_set(q, q.detail.as_deref().unwrap_or_default(), got);
        }
    }
    let reading = match answer::read(text, q.unit) {
        Ok(r) => r,
        Err(e) => {
            let mut message = e.to_string();
            if matches!(e, answer::AnswerError::UnknownUnit(_)) {
                message += &format!(" The question expects {}.", answer::expected(q.unit));
            }
            return Grade::new(Verdict::Unreadable, None, message);
        }
    };
    match choose(q, reading) {
        Ok(j) => finish(q, j),
        Err((a, b)) => ambiguous(text, a, b),
    }
}

/// One reading of an answer, judged.
struct Judged<'q> {
    value: f64,
    verdict: Verdict,
    /// The misconception that explains it.
    misconception: Option<&'q Misconception>,
    /// Else the slip it makes.
    slip: Option<Slip>,
}

impl Judged<'_> {
    fn explained(&self) -> bool {
        self.misconception.is_some() || self.slip.is_some()
    }
}

fn judge(q: &Question, v: f64) -> Judged<'_> {
    let verdict = if q.tolerance.accepts(v, q.answer) {
        Verdict::Correct
    } else if q.tolerance.widen(5.0, q.answer).accepts(v, q.answer) {
        Verdict::Close
    } else {
        Verdict::Wrong
    };
    // A misconception explains an answer inside its tolerance and nearer to
    // it than to the right answer.
    let misconception = (verdict != Verdict::Correct)
        .then(|| {
            q.misconceptions.iter().find(|m| {
                q.tolerance.accepts(v, m.answer) && (v - m.answer).abs() < (v - q.answer).abs()
            })
        })
        .flatten();
    // Else a slip: the key off by exactly one of the factors learners
    // convert by (a set's count has no unit to slip).
    let slip = (verdict != Verdict::Correct && misconception.is_none() && q.detail.is_none())
        .then(|| slip::diagnose(v, q.answer, q.unit, q.tolerance))
        .flatten();
    let explained = misconception.is_some() || slip.is_some();
    Judged {
        value: v,
        // An answer a misconception or a slip explains is wrong, however
        // near.
        verdict: if explained { Verdict::Wrong } else { verdict },
        misconception,
        slip,
    }
}

/// Whether a learner could have meant `v`: near the answer or a
/// misconception.
fn plausible(q: &Question, v: f64) -> bool {
    q.tolerance.widen(5.0, q.answer).accepts(v, q.answer)
        || q.misconceptions
            .iter()
            .any(|m| q.tolerance.widen(5.0, m.answer).accepts(v, m.answer))
}

/// The reading to grade, or the two readings to ask about.
fn choose(q: &Question, r: Reading) -> Result<Judged<'_>, (f64, f64)> {
    let a = judge(q, r.value);
    let Some(p) = r.percent else { return Ok(a) };
    let b = judge(q, p);
    if a.verdict == b.verdict {
        // Both readings grade alike: the one a misconception explains
        // says more, then the one a slip explains.
        let b_says_more = (a.misconception.is_none() && b.misconception.is_some())
            || (!a.explained() && b.slip.is_some());
        return Ok(if b_says_more { b } else { a });
    }
    let a_best = a.verdict.rank() >= b.verdict.rank();
    let other = if a_best { b.value } else { a.value };
    if plausible(q, other) {
        Err((a.value, b.value))
    } else {
        Ok(if a_best { a } else { b })
    }
}

fn finish(q: &Question, j: Judged<'_>) -> Grade {
    let shown = |v: f64| q.unit.format(v);
    let tolerance = q.tolerance.describe(q.unit);
    let within = q.tolerance.within(q.unit);
    let mut g = match j.verdict {
        Verdict::Correct => Grade::new(
            Verdict::Correct,
            Some(j.value),
            format!("Correct: {} ({within}).", shown(q.answer)),
        ),
        Verdict::Close => Grade::new(
            Verdict::Close,
            Some(j.value),
            format!(
                "Close: {} is near but outside {tolerance}. Check your rounding and carry more digits.",
                shown(j.value)
            ),
        ),
        _ => Grade::new(
            Verdict::Wrong,
            Some(j.value),
            match (j.misconception, &j.slip) {
                (Some(m), _) => format!("Not quite: read as {}. {}", shown(j.value), m.feedback),
                (None, Some(s)) => format!("Not quite: read as {}. {}", shown(j.value), s.sentence),
                (None, None) => format!(
                    "Not quite: read as {}. Hint: {}",
                    shown(j.value),
                    q.hints.first().cloned().unwrap_or_default()
                ),
            },
        ),
    };
    g.misconception = j.misconception.map(|m| m.name.clone());
    g.slip = j.slip.map(|s| s.family.id());
    g
}

/// The message asking which of two readings (a fraction `a`, a percent
/// `b`) is meant.
fn ambiguous(text: &str, a: f64, b: f64) -> Grade {
    let typed = crate::model::param::quote(text.trim());
    let (fraction, percent) = (Unit::Share.format(a), Unit::Share.format(b));
    let mut g = Grade::new(
        Verdict::Ambiguous,
        None,
        format!(
            "“{typed}” could be {percent} or, as a fraction of the whole, {fraction}. Type it with its % sign ({percent} or {fraction}) so the answer says which."
        ),
    );
    g.readings = vec![a, b];
    g
}

fn grade_set(q: &Question, members: &[String], got: Vec<String>) -> Grade {
    let sorted = |xs: &[String]| {
        let mut v: Vec<String> = xs.iter().map(|m| m.to_ascii_lowercase()).collect();
        crate::model::few::sort_by(&mut v, |a, b| a.cmp(b));
        v
    };
    let given = sorted(&got);
    let count = Some(got.len() as f64);
    if given == sorted(members) {
        return Grade::new(
            Verdict::Correct,
            count,
            format!("Correct: {}.", members.join(", ")),
        );
    }
    let slip = q
        .misconceptions
        .iter()
        .find(|m| m.detail.as_deref().is_some_and(|d| sorted(d) == given));
    let mut g = Grade::new(
        Verdict::Wrong,
        count,
        match slip {
            Some(m) => format!("Not that set. {}", m.feedback),
            None => format!(
                "Not that set. Hint: {}",
                q.hints.first().cloned().unwrap_or_default()
            ),
        },
    );
    g.misconception = slip.map(|m| m.name.clone());
    g
}

/// Reads "F2, F4, F1" or "c1 c8 c4" as a list when every word is a name
/// like the members' (letters and digits: "c5" is a name, "3 cards" is a
/// count); `None` otherwise. Where the right set is empty (`strict`, the
/// members are a misconception's), a name must also start with the letters
/// of a member's name ("0k" stays a number).
fn read_members(text: &str, members: &[String], strict: bool) -> Option<Vec<String>> {
    let letters = |t: &str| {
        t.chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let tokens: Vec<String> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("and"))
        .map(|t| t.to_ascii_lowercase())
        .collect();
    let name = |t: &String| {
        t.chars().all(|c| c.is_ascii_alphanumeric())
            && t.chars().any(|c| c.is_ascii_alphabetic())
            && t.chars().any(|c| c.is_ascii_digit())
            && (!strict || members.iter().any(|m| letters(m) == letters(t)))
    };
    (!members.is_empty() && !tokens.is_empty() && tokens.iter().all(name)).then_some(tokens)
}
