//! Challenges: templates as data (`challenges/<topic>.toml`, embedded at
//! compile time by each topic and parsed with serde), answers computed by the
//! topic's model, typed answers read and graded.
//!
//! A question is a template drawn from a seed: `SplitMix64(seed)` draws the
//! template's variables in order (or the topic's own draw where the spec fixes
//! one), the topic solves it, and the text is filled from the draw. The same
//! seed gives the same question on every machine. The file format is
//! documented in challenges/README.md.

pub mod answer;
pub mod progress;

use crate::model::{ParamKind, Params, SplitMix64, Topic, Unit};
use answer::parse_answer;
use serde::Deserialize;
use std::fmt;

/// One challenge file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    pub topic: String,
    #[serde(rename = "template")]
    pub templates: Vec<Template>,
}

/// How close an answer must be.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, serde::Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Tolerance {
    /// Within this fraction of the answer.
    Rel(f64),
    /// Within this difference, in the answer's unit (fractions for shares).
    Abs(f64),
    /// Equal (whole numbers, sets).
    Exact,
}

impl Tolerance {
    pub fn accepts(self, got: f64, want: f64) -> bool {
        let slack = 1e-9 * want.abs().max(1.0);
        match self {
            Tolerance::Rel(r) => (got - want).abs() <= r * want.abs() + slack,
            Tolerance::Abs(a) => (got - want).abs() <= a + slack,
            Tolerance::Exact => (got - want).abs() <= slack.max(1e-6),
        }
    }

    /// The "close" band: `k` times the tolerance; for exact answers, off by
    /// one or by 1 % (whichever is more).
    pub fn widen(self, k: f64, want: f64) -> Tolerance {
        match self {
            Tolerance::Rel(r) => Tolerance::Rel(r * k),
            Tolerance::Abs(a) => Tolerance::Abs(a * k),
            Tolerance::Exact => Tolerance::Abs((0.01 * want.abs()).max(1.0)),
        }
    }

    pub fn kind(self) -> &'static str {
        match self {
            Tolerance::Rel(_) => "rel",
            Tolerance::Abs(_) => "abs",
            Tolerance::Exact => "exact",
        }
    }

    pub fn value(self) -> f64 {
        match self {
            Tolerance::Rel(v) | Tolerance::Abs(v) => v,
            Tolerance::Exact => 0.0,
        }
    }

    /// "±1%", "±0.1 points", "exact".
    pub fn describe(self, unit: Unit) -> String {
        match self {
            Tolerance::Rel(r) => format!(
                "±{}%",
                crate::model::units::trim(&format!("{:.3}", r * 100.0))
            ),
            Tolerance::Abs(a) => match unit {
                Unit::Share => format!(
                    "±{} points",
                    crate::model::units::trim(&format!("{:.3}", a * 100.0))
                ),
                u => format!("±{}", u.format(a)),
            },
            Tolerance::Exact => "exact".to_string(),
        }
    }
}

/// A randomized variable: a grid `min..=max` by `step`, a list of numbers,
/// or a list of words. `unit` says how the prompt shows it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Var {
    pub name: String,
    #[serde(default)]
    pub min: Option<f64>,
    #[serde(default)]
    pub max: Option<f64>,
    #[serde(default)]
    pub step: Option<f64>,
    #[serde(default)]
    pub values: Option<Vec<f64>>,
    #[serde(default)]
    pub words: Option<Vec<String>>,
    #[serde(default)]
    pub unit: Option<String>,
    /// The page parameter this variable mirrors: "ask about this page" takes
    /// the slider's value instead of a draw.
    #[serde(default)]
    pub param: Option<String>,
}

impl Var {
    /// Draws this variable: one `next_unit()` from the generator.
    pub fn draw(&self, rng: &mut SplitMix64) -> Value {
        let u = rng.next_unit();
        if let Some(words) = &self.words {
            let i = ((u * words.len() as f64) as usize).min(words.len().saturating_sub(1));
            return Value::Word(words.get(i).cloned().unwrap_or_default());
        }
        if let Some(values) = &self.values {
            let i = ((u * values.len() as f64) as usize).min(values.len().saturating_sub(1));
            return Value::Num(values.get(i).copied().unwrap_or(0.0));
        }
        let (min, max) = (self.min.unwrap_or(0.0), self.max.unwrap_or(0.0));
        let step = self.step.unwrap_or(1.0).max(1e-12);
        let slots = ((max - min) / step + 1e-9).floor() as u64 + 1;
        let k = ((u * slots as f64) as u64).min(slots - 1);
        // Round away float noise of min + k·step to the step's decimals.
        let v = min + k as f64 * step;
        let decimals = decimals_of(step);
        let p = 10f64.powi(decimals);
        Value::Num((v * p).round() / p)
    }

    pub fn unit(&self) -> Option<Unit> {
        self.unit
            .as_deref()
            .map(|w| unit_from_word(w).unwrap_or(Unit::None))
    }

    fn check(&self) -> Result<(), String> {
        let kinds = [
            self.min.is_some() || self.max.is_some(),
            self.values.is_some(),
            self.words.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            return Err(format!(
                "var {}: give min/max/step, values, or words",
                self.name
            ));
        }
        if let (Some(a), Some(b)) = (self.min, self.max) {
            if a > b || self.step.is_some_and(|s| s <= 0.0) {
                return Err(format!("var {}: min ≤ max and step > 0", self.name));
            }
        } else if self.min.is_some() || self.max.is_some() {
            return Err(format!("var {}: needs both min and max", self.name));
        }
        if self.values.as_ref().is_some_and(|v| v.is_empty())
            || self.words.as_ref().is_some_and(|v| v.is_empty())
        {
            return Err(format!("var {}: empty list", self.name));
        }
        if let Some(u) = &self.unit {
            unit_from_word(u).ok_or(format!("var {}: unknown unit '{u}'", self.name))?;
        }
        Ok(())
    }
}

fn decimals_of(step: f64) -> i32 {
    let mut d = 0;
    let mut s = step;
    while d < 9 && (s - s.round()).abs() > 1e-9 {
        s *= 10.0;
        d += 1;
    }
    d
}

/// A drawn value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Num(f64),
    Word(String),
}

impl Value {
    pub fn num(&self) -> f64 {
        match self {
            Value::Num(v) => *v,
            Value::Word(_) => f64::NAN,
        }
    }
    pub fn word(&self) -> &str {
        match self {
            Value::Word(w) => w,
            Value::Num(_) => "",
        }
    }
}

/// The drawn values of one question, in draw order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Vars {
    pub values: Vec<(String, Value)>,
    /// How each value is shown in the text (its unit), by name.
    pub units: Vec<(String, Unit)>,
}

impl Vars {
    pub fn set(&mut self, name: &str, v: Value) {
        match self.values.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => self.values.push((name.to_string(), v)),
        }
    }
    pub fn set_num(&mut self, name: &str, v: f64) {
        self.set(name, Value::Num(v));
    }
    /// A number by name (NaN if missing: the registry tests catch that).
    pub fn num(&self, name: &str) -> f64 {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.num())
            .unwrap_or(f64::NAN)
    }
    pub fn word(&self, name: &str) -> &str {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.word())
            .unwrap_or("")
    }
    fn show(&self, name: &str) -> Option<String> {
        let v = self.values.iter().find(|(n, _)| n == name)?;
        Some(match &v.1 {
            Value::Word(w) => w.clone(),
            Value::Num(x) => match self.units.iter().find(|(n, _)| n == name).map(|(_, u)| *u) {
                Some(Unit::None) | None => {
                    crate::model::units::group(*x, decimals_of(*x).min(6) as usize)
                }
                Some(u) => u.format(*x),
            },
        })
    }
}

/// A topic's answer to a drawn question: the number, the members when the
/// answer is a set (then `answer` is their count), and named values for the
/// worked solution's placeholders.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Solution {
    pub answer: f64,
    pub detail: Option<Vec<String>>,
    pub values: Vec<(String, String)>,
}

impl Solution {
    pub fn new(answer: f64) -> Solution {
        Solution {
            answer,
            ..Solution::default()
        }
    }
    /// A named value for the solution text.
    pub fn with(mut self, name: &str, text: impl Into<String>) -> Solution {
        self.values.push((name.to_string(), text.into()));
        self
    }
}

/// One template of a challenge file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// C1, C2 or C3.
    pub id: String,
    pub title: String,
    /// The question, with `{var}` placeholders.
    pub prompt: String,
    /// The key the topic's `solve` computes.
    pub answer: String,
    /// The answer's unit word (see `unit_from_word`).
    pub unit: String,
    pub tolerance: Tolerance,
    /// Two hints, the first shown after a wrong answer.
    pub hints: Vec<String>,
    /// The worked solution, with `{var}`, `{answer}` and the solver's named values.
    pub solution: String,
    #[serde(default, rename = "vars")]
    pub vars: Vec<Var>,
}

/// Unit words of the challenge files.
pub fn unit_from_word(w: &str) -> Option<Unit> {
    Some(match w {
        "share" => Unit::Share,
        "points" => Unit::Points,
        "ratio" => Unit::Ratio,
        "mb" => Unit::Mb,
        "gb" => Unit::Gb,
        "ms" => Unit::Ms,
        "s" => Unit::Seconds,
        "h" => Unit::Hours,
        "usd" => Unit::Usd,
        "usd_per_hour" => Unit::UsdPerHour,
        "usd_per_day" => Unit::UsdPerDay,
        "usd_per_month" => Unit::UsdPerMonth,
        "usd_per_year" => Unit::UsdPerYear,
        "usd_per_mtok" => Unit::UsdPerMTok,
        "tok_s" => Unit::TokPerS,
        "req_s" => Unit::ReqPerS,
        "tokens" => Unit::Tokens,
        "t_tokens" => Unit::TTokens,
        "tok_per_usd" => Unit::TokPerUsd,
        "cards" => Unit::Count("cards"),
        "replicas" => Unit::Count("replicas"),
        "families" => Unit::Count("families"),
        "copies" => Unit::Count("copies"),
        "requests" => Unit::Count("requests"),
        "count" | "number" => Unit::Count(""),
        _ => return None,
    })
}

impl Template {
    pub fn unit(&self) -> Unit {
        unit_from_word(&self.unit).unwrap_or(Unit::None)
    }

    /// Draws every variable in order: the default draw.
    pub fn draw_vars(&self, rng: &mut SplitMix64) -> Vars {
        let mut vars = Vars::default();
        for v in &self.vars {
            vars.values.push((v.name.clone(), v.draw(rng)));
        }
        self.attach_units(&mut vars);
        vars
    }

    /// Records how each declared variable is shown.
    pub fn attach_units(&self, vars: &mut Vars) {
        for v in &self.vars {
            if let Some(u) = v.unit() {
                vars.units.push((v.name.clone(), u));
            }
        }
    }

    fn check(&self) -> Result<(), String> {
        let id = &self.id;
        if !matches!(id.as_str(), "C1" | "C2" | "C3") {
            return Err(format!("template id '{id}' must be C1, C2 or C3"));
        }
        unit_from_word(&self.unit).ok_or(format!("{id}: unknown unit '{}'", self.unit))?;
        if self.hints.len() != 2 || self.hints.iter().any(|h| h.trim().is_empty()) {
            return Err(format!("{id}: two hints"));
        }
        if self.title.trim().is_empty()
            || self.prompt.trim().is_empty()
            || self.solution.trim().is_empty()
        {
            return Err(format!("{id}: title, prompt and solution"));
        }
        match self.tolerance {
            Tolerance::Rel(v) | Tolerance::Abs(v) if !(v > 0.0 && v.is_finite()) => {
                return Err(format!("{id}: tolerance must be positive"))
            }
            _ => {}
        }
        self.vars.iter().try_for_each(Var::check)
    }
}

/// Reads and checks a challenge file.
pub fn parse_file(text: &str) -> Result<File, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let ids: Vec<&str> = file.templates.iter().map(|t| t.id.as_str()).collect();
    if ids != ["C1", "C2", "C3"] {
        return Err(format!(
            "templates must be C1, C2, C3 in order, found {ids:?}"
        ));
    }
    file.templates.iter().try_for_each(Template::check)?;
    Ok(file)
}

/// The templates of a topic.
pub fn templates(topic: &dyn Topic) -> Result<Vec<Template>, String> {
    let text = topic.challenges();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let file = parse_file(text).map_err(|e| format!("challenges/{}.toml: {e}", topic.id()))?;
    if file.topic != topic.id() {
        return Err(format!(
            "challenges/{}.toml names topic '{}'",
            topic.id(),
            file.topic
        ));
    }
    Ok(file.templates)
}

/// A drawn, solved question ready to show and grade.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    pub topic: &'static str,
    pub template: String,
    pub title: String,
    pub seed: u64,
    pub text: String,
    pub vars: Vars,
    pub answer: f64,
    pub detail: Option<Vec<String>>,
    pub unit: Unit,
    pub tolerance: Tolerance,
    pub hints: Vec<String>,
    pub solution: String,
    /// Asked about the page's current parameters rather than drawn.
    pub live: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ChallengeError {
    NoTemplate(String),
    Model(String),
}

impl fmt::Display for ChallengeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeError::NoTemplate(s) | ChallengeError::Model(s) => f.write_str(s),
        }
    }
}

/// Draws template `id` of `topic` from `seed` and solves it with the model.
pub fn question(
    topic: &'static dyn Topic,
    id: &str,
    seed: u64,
) -> Result<Question, ChallengeError> {
    ask(topic, id, seed, None)
}

/// Template `id` asked about the page's parameters: variables that mirror a
/// parameter take its value, the rest are drawn from `seed`.
pub fn question_live(
    topic: &'static dyn Topic,
    id: &str,
    seed: u64,
    params: &Params,
) -> Result<Question, ChallengeError> {
    ask(topic, id, seed, Some(params))
}

/// Whether a template has a variable that mirrors a page parameter.
pub fn mirrors_page(t: &Template) -> bool {
    t.vars.iter().any(|v| v.param.is_some())
}

fn ask(
    topic: &'static dyn Topic,
    id: &str,
    seed: u64,
    live: Option<&Params>,
) -> Result<Question, ChallengeError> {
    let all = templates(topic).map_err(ChallengeError::Model)?;
    let t = all
        .iter()
        .find(|t| t.id.eq_ignore_ascii_case(id))
        .ok_or_else(|| {
            ChallengeError::NoTemplate(format!(
                "{} has no challenge '{id}'; it has {}",
                topic.id(),
                all.iter()
                    .map(|t| t.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
    let mut rng = SplitMix64::new(seed);
    let mut vars = topic.draw(t, &mut rng);
    if let Some(params) = live {
        for v in &t.vars {
            let Some(name) = &v.param else { continue };
            let Ok(i) = params.index(name) else { continue };
            let spec = &params.specs()[i];
            let x = params.values()[i];
            match spec.kind {
                ParamKind::Choice(options) => {
                    let word = options[x as usize].0;
                    if v.words
                        .as_ref()
                        .is_some_and(|ws| ws.iter().any(|w| w == word))
                    {
                        vars.set(&v.name, Value::Word(word.to_string()));
                    }
                }
                ParamKind::Number { .. } => vars.set_num(&v.name, x),
            }
        }
    }
    let sol = topic.solve(t, &vars).map_err(ChallengeError::Model)?;
    let unit = t.unit();
    let answer_text = match &sol.detail {
        Some(members) => format!(
            "{} ({})",
            members.join(", "),
            crate::model::units::number(sol.answer)
        ),
        None => unit.format(sol.answer),
    };
    let fill = |s: &str| fill(s, &vars, &sol, &answer_text);
    Ok(Question {
        topic: topic.id(),
        template: t.id.clone(),
        title: t.title.clone(),
        seed,
        text: fill(&t.prompt),
        answer: sol.answer,
        detail: sol.detail.clone(),
        unit,
        tolerance: t.tolerance,
        hints: t.hints.iter().map(|h| fill(h)).collect(),
        solution: fill(&t.solution),
        vars,
        live: live.is_some(),
    })
}

/// Replaces `{name}` with a drawn value, a solver value or the answer.
/// Unknown names stay as written (a test finds them).
fn fill(text: &str, vars: &Vars, sol: &Solution, answer: &str) -> String {
    let mut out = String::with_capacity(text.len() + 32);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                let value = if name == "answer" {
                    Some(answer.to_string())
                } else {
                    sol.values
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, v)| v.clone())
                        .or_else(|| vars.show(name))
                };
                match value {
                    Some(v) => out.push_str(&v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The grade of one typed answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Correct,
    Close,
    Wrong,
    Unreadable,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    pub verdict: Verdict,
    pub parsed: Option<f64>,
    pub message: String,
}

impl Grade {
    pub fn correct(&self) -> bool {
        self.verdict == Verdict::Correct
    }
}

/// Grades `text` against `q`: correct within the tolerance, close within 5×
/// of it (with a nudge), wrong (with the first hint), or unreadable (with what
/// to type). A set answer may be typed as its members ("F2, F4, F1") or as
/// their count.
pub fn grade(q: &Question, text: &str) -> Grade {
    if let Some(members) = &q.detail {
        if let Some(given) = read_members(text, members) {
            let mut want: Vec<String> = members.iter().map(|m| m.to_ascii_lowercase()).collect();
            let mut got = given;
            want.sort();
            got.sort();
            return if got == want {
                Grade {
                    verdict: Verdict::Correct,
                    parsed: Some(got.len() as f64),
                    message: format!("Correct: {}.", members.join(", ")),
                }
            } else {
                Grade {
                    verdict: Verdict::Wrong,
                    parsed: Some(got.len() as f64),
                    message: format!(
                        "Not that set. Hint: {}",
                        q.hints.first().cloned().unwrap_or_default()
                    ),
                }
            };
        }
    }
    let parsed = match parse_answer(text, q.unit) {
        Ok(v) => v,
        Err(e) => {
            return Grade {
                verdict: Verdict::Unreadable,
                parsed: None,
                message: e.to_string(),
            }
        }
    };
    let shown = |v: f64| match q.unit {
        Unit::Share => Unit::Share.format(v),
        u => u.format(v),
    };
    if q.tolerance.accepts(parsed, q.answer) {
        Grade {
            verdict: Verdict::Correct,
            parsed: Some(parsed),
            message: format!(
                "Correct: {} (within {}).",
                shown(q.answer),
                q.tolerance.describe(q.unit)
            ),
        }
    } else if q.tolerance.widen(5.0, q.answer).accepts(parsed, q.answer) {
        Grade {
            verdict: Verdict::Close,
            parsed: Some(parsed),
            message: format!(
                "Close: {} is near but outside {}. Check your rounding and carry more digits.",
                shown(parsed),
                q.tolerance.describe(q.unit)
            ),
        }
    } else {
        Grade {
            verdict: Verdict::Wrong,
            parsed: Some(parsed),
            message: format!(
                "Not quite: read as {}. Hint: {}",
                shown(parsed),
                q.hints.first().cloned().unwrap_or_default()
            ),
        }
    }
}

/// Reads "F2, F4, F1" or "c1 c8 c4" as a list when every word is a name
/// like the members' (letters and digits: "c5" is a name, "3 cards" is a
/// count); `None` otherwise.
fn read_members(text: &str, members: &[String]) -> Option<Vec<String>> {
    let tokens: Vec<String> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("and"))
        .map(|t| t.to_ascii_lowercase())
        .collect();
    let name = |t: &String| {
        t.chars().all(|c| c.is_ascii_alphanumeric())
            && t.chars().any(|c| c.is_ascii_alphabetic())
            && t.chars().any(|c| c.is_ascii_digit())
    };
    (!members.is_empty() && !tokens.is_empty() && tokens.iter().all(name)).then_some(tokens)
}
