//! The file format of a topic's question kinds beyond one number
//! (`challenges/<topic>.kinds.toml`, documented in challenges/README.md):
//! multiple-choice questions with a reason for every option, steps to put in
//! order with a reason for each, and the draw ranges of the topic's numeric
//! templates tagged easy, medium or hard.
//!
//! Compiled twice, like the challenge schema: by `build.rs`, which parses and
//! checks every kinds file and writes its contents as Rust data (so the
//! browser ships no TOML parser and a malformed file fails the build), and as
//! `challenge::kinds::schema` in the crate for the native tests. It must
//! therefore not name anything from the crate but the challenge schema, as
//! `super::base_schema` (both places make that name).

use super::base_schema::Var;
use serde::Deserialize;

/// The difficulty words, easiest first.
pub const LEVELS: [&str; 3] = ["easy", "medium", "hard"];

/// One kinds file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindsFile {
    pub topic: String,
    #[serde(default, rename = "choice")]
    pub choices: Vec<Choice>,
    #[serde(default, rename = "order")]
    pub orders: Vec<Order>,
    #[serde(default, rename = "level")]
    pub levels: Vec<Level>,
}

/// A text shown to the learner and why it is right or wrong.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Said {
    pub text: String,
    pub why: String,
}

/// A multiple-choice question on the concept: the right answer and three
/// wrong ones, each with the reason a learner reads after answering.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub level: String,
    pub prompt: String,
    pub answer: Said,
    pub wrong: Vec<Said>,
}

/// Steps in their right order, each with why it comes there.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Order {
    pub level: String,
    pub prompt: String,
    pub steps: Vec<Said>,
}

/// The draw ranges of a numeric template at one difficulty: each named
/// variable is drawn from these values instead of the template's own.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    pub template: String,
    pub level: String,
    /// Each a variable of the template (its name) with a grid, numbers or
    /// words, as a challenge file writes it (no `unit` or `param`: those
    /// stay the template's).
    pub vars: Vec<Var>,
}

fn blank(s: &str) -> bool {
    s.trim().is_empty()
}

fn level(word: &str, what: &str) -> Result<(), String> {
    LEVELS.contains(&word).then_some(()).ok_or(format!(
        "{what}: level '{word}' must be easy, medium or hard"
    ))
}

fn distinct(texts: &[&str], what: &str) -> Result<(), String> {
    for (i, a) in texts.iter().enumerate() {
        if blank(a) {
            return Err(format!("{what}: an empty text"));
        }
        if texts[..i].iter().any(|b| b.trim() == a.trim()) {
            return Err(format!("{what}: '{a}' appears twice"));
        }
    }
    Ok(())
}

impl KindsFile {
    /// Every question well formed: a level word, a prompt, four distinct
    /// options (or three to seven distinct steps), a reason for each.
    pub fn check(&self) -> Result<(), String> {
        for (i, c) in self.choices.iter().enumerate() {
            let what = format!("choice {}", i + 1);
            level(&c.level, &what)?;
            if blank(&c.prompt) {
                return Err(format!("{what}: a prompt"));
            }
            if c.wrong.len() != 3 {
                return Err(format!("{what}: three wrong answers"));
            }
            let all: Vec<&Said> = std::iter::once(&c.answer).chain(&c.wrong).collect();
            distinct(
                &all.iter().map(|s| s.text.as_str()).collect::<Vec<_>>(),
                &what,
            )?;
            if all.iter().any(|s| blank(&s.why)) {
                return Err(format!("{what}: a reason for every option"));
            }
        }
        for (i, o) in self.orders.iter().enumerate() {
            let what = format!("order {}", i + 1);
            level(&o.level, &what)?;
            if blank(&o.prompt) || !(3..=7).contains(&o.steps.len()) {
                return Err(format!("{what}: a prompt and three to seven steps"));
            }
            distinct(
                &o.steps.iter().map(|s| s.text.as_str()).collect::<Vec<_>>(),
                &what,
            )?;
            if o.steps.iter().any(|s| blank(&s.why)) {
                return Err(format!("{what}: a reason for every step"));
            }
        }
        for l in &self.levels {
            let what = format!("level {} of {}", l.level, l.template);
            level(&l.level, &what)?;
            if l.vars.is_empty() {
                return Err(format!("{what}: at least one var"));
            }
            for r in &l.vars {
                r.check().map_err(|e| format!("{what}: {e}"))?;
                if r.unit.is_some() || r.param.is_some() {
                    return Err(format!("{what}: var {}: no unit or param", r.name));
                }
            }
        }
        Ok(())
    }
}

/// Reads and checks a kinds file.
#[cfg(not(target_arch = "wasm32"))]
pub fn parse_kinds(text: &str) -> Result<KindsFile, String> {
    let file: KindsFile = toml::from_str(text).map_err(|e| e.to_string())?;
    file.check()?;
    Ok(file)
}

/// Writes a kinds file as a Rust expression of static data (for build.rs).
pub fn to_rust(file: &KindsFile) -> String {
    fn s(x: &str) -> String {
        format!("{x:?}")
    }
    fn lvl(w: &str) -> String {
        let i = LEVELS.iter().position(|l| *l == w).unwrap_or(1);
        ["Level::Easy", "Level::Medium", "Level::Hard"][i].to_string()
    }
    fn said(x: &Said) -> String {
        format!("({}, {})", s(&x.text), s(&x.why))
    }
    fn list<T>(xs: &[T], f: impl Fn(&T) -> String) -> String {
        format!("&[{}]", xs.iter().map(f).collect::<Vec<_>>().join(", "))
    }
    let choices = list(&file.choices, |c| {
        format!(
            "Choice {{ level: {}, prompt: {}, answer: {}, wrong: {} }}",
            lvl(&c.level),
            s(&c.prompt),
            said(&c.answer),
            list(&c.wrong, said)
        )
    });
    let orders = list(&file.orders, |o| {
        format!(
            "Order {{ level: {}, prompt: {}, steps: {} }}",
            lvl(&o.level),
            s(&o.prompt),
            list(&o.steps, said)
        )
    });
    let levels = list(&file.levels, |l| {
        let vars = list(&l.vars, Var::to_rust);
        format!(
            "Ranges {{ template: {}, level: {}, vars: {vars} }}",
            s(&l.template),
            lvl(&l.level)
        )
    });
    format!("Kinds {{ choices: {choices}, orders: {orders}, levels: {levels} }}")
}
