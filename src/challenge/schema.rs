//! The challenge file format (`challenges/<topic>.toml`, documented in
//! challenges/README.md): serde structs and their checks.
//!
//! This file is compiled twice: by `build.rs`, which parses and checks every
//! challenge file at build time and generates the templates as Rust data (so
//! the browser ships no TOML parser and a malformed file fails the build), and
//! as `challenge::schema` in the crate, for the types and the native tests.
//! It must therefore not name anything from the crate.

use serde::Deserialize;

/// The unit words a template's `unit` (and a variable's) may use.
pub const UNIT_WORDS: &[&str] = &[
    "share",
    "points",
    "ratio",
    "mb",
    "gb",
    "ms",
    "s",
    "h",
    "usd",
    "usd_per_hour",
    "usd_per_day",
    "usd_per_month",
    "usd_per_year",
    "usd_per_mtok",
    "tok_s",
    "req_s",
    "tokens",
    "t_tokens",
    "tok_per_usd",
    "cards",
    "replicas",
    "families",
    "copies",
    "requests",
    "count",
    "number",
];

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
    /// The page figure this variable mirrors (a value the model derives
    /// from several sliders, such as the bucket's refill): "ask about this
    /// page" takes the figure of the page's run instead of a draw.
    #[serde(default)]
    pub figure: Option<String>,
}

impl Var {
    pub fn check(&self) -> Result<(), String> {
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
            UNIT_WORDS
                .contains(&u.as_str())
                .then_some(())
                .ok_or(format!("var {}: unknown unit '{u}'", self.name))?;
        }
        Ok(())
    }
}

/// One template of a challenge file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// C1, C2, C3, … (a file's templates are numbered in order).
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
    /// The common wrong ideas the question separates from the right one,
    /// each a formula of the topic's solver with its own feedback.
    #[serde(default, rename = "misconception")]
    pub misconceptions: Vec<Misconception>,
}

/// A common wrong idea a template names: its formula (a key of the topic's
/// solver, like `answer`) and what a learner whose answer matches it is
/// told. The formula may decline a draw where the idea gives no other
/// number than the right one.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Misconception {
    /// The wrong idea in a few words ("1/n: the new cards over the old ring").
    pub name: String,
    /// The key the topic's `solve` computes for it.
    pub answer: String,
    /// What the learner is told, with the template's placeholders and
    /// `{value}` (the misconception's number in the answer's unit).
    pub feedback: String,
}

impl Template {
    pub fn check(&self) -> Result<(), String> {
        let id = &self.id;
        if !id
            .strip_prefix('C')
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| (1..=9).contains(&n) && id.len() == 2)
        {
            return Err(format!("template id '{id}' must be C1, C2, C3, … up to C9"));
        }
        UNIT_WORDS
            .contains(&self.unit.as_str())
            .then_some(())
            .ok_or(format!("{id}: unknown unit '{}'", self.unit))?;
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
        for m in &self.misconceptions {
            if [&m.name, &m.answer, &m.feedback]
                .iter()
                .any(|x| x.trim().is_empty())
                || m.answer == self.answer
            {
                return Err(format!(
                    "{id}: a misconception has a name, feedback and its own answer key"
                ));
            }
        }
        self.vars.iter().try_for_each(Var::check)
    }
}

/// Reads and checks a challenge file.
#[cfg(not(target_arch = "wasm32"))]
pub fn parse_file(text: &str) -> Result<File, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let ids: Vec<&str> = file.templates.iter().map(|t| t.id.as_str()).collect();
    let numbered = ids.len() >= 3
        && ids
            .iter()
            .enumerate()
            .all(|(i, id)| *id == format!("C{}", i + 1));
    if !numbered {
        return Err(format!(
            "templates must be C1, C2, C3 (and on, up to C9) in order, found {ids:?}"
        ));
    }
    file.templates.iter().try_for_each(Template::check)?;
    Ok(file)
}

impl Var {
    /// The variable as a Rust expression of static data (for build.rs):
    /// `StaticVar { .. }`.
    pub fn to_rust(&self) -> String {
        fn opt<T>(x: &Option<T>, f: impl Fn(&T) -> String) -> String {
            x.as_ref()
                .map_or("None".into(), |v| format!("Some({})", f(v)))
        }
        let num = |x: &f64| format!("{x:?}_f64");
        let s = |x: &String| format!("{x:?}");
        let list = |xs: &[String]| format!("&[{}]", xs.join(", "));
        format!(
            "StaticVar {{ name: {}, min: {}, max: {}, step: {}, values: {}, words: {}, unit: {}, param: {}, figure: {} }}",
            s(&self.name),
            opt(&self.min, num),
            opt(&self.max, num),
            opt(&self.step, num),
            opt(&self.values, |xs| list(&xs.iter().map(num).collect::<Vec<_>>())),
            opt(&self.words, |ws| list(&ws.iter().map(s).collect::<Vec<_>>())),
            opt(&self.unit, s),
            opt(&self.param, s),
            opt(&self.figure, s),
        )
    }
}

/// Writes templates as a Rust expression of static data (for build.rs):
/// `&[StaticTemplate { .. }, ..]`, turned into [`Template`]s on demand.
pub fn to_rust(templates: &[Template]) -> String {
    fn num(x: &f64) -> String {
        format!("{x:?}_f64")
    }
    fn list<T>(xs: &[T], f: impl Fn(&T) -> String) -> String {
        format!("&[{}]", xs.iter().map(f).collect::<Vec<_>>().join(", "))
    }
    let s = |x: &String| format!("{x:?}");
    let mut out = String::from("&[");
    for t in templates {
        let tol = match t.tolerance {
            Tolerance::Rel(v) => format!("Tolerance::Rel({})", num(&v)),
            Tolerance::Abs(v) => format!("Tolerance::Abs({})", num(&v)),
            Tolerance::Exact => "Tolerance::Exact".into(),
        };
        let vars = list(&t.vars, Var::to_rust);
        let misconceptions = list(&t.misconceptions, |m| {
            format!(
                "StaticMisconception {{ name: {}, answer: {}, feedback: {} }}",
                s(&m.name),
                s(&m.answer),
                s(&m.feedback)
            )
        });
        out += &format!(
            "StaticTemplate {{ id: {}, title: {}, prompt: {}, answer: {}, unit: {}, tolerance: {tol}, hints: {}, solution: {}, vars: {vars}, misconceptions: {misconceptions} }},\n",
            s(&t.id),
            s(&t.title),
            s(&t.prompt),
            s(&t.answer),
            s(&t.unit),
            list(&t.hints, s),
            s(&t.solution),
        );
    }
    out + "]"
}
