//! Parameters: the specs a topic declares (name, unit, range, default and the
//! source of the default) and the values a run reads.
//!
//! Every value enters through [`Params::set`], whether it comes from a preset,
//! the CLI's `--set`, a URL or a slider, so one validator says what is wrong
//! with a bad value in one voice.

use super::assumptions::Assumptions;
use super::units::Unit;
use std::fmt;

/// What a parameter can take.
#[derive(Clone, Copy, Debug)]
pub enum ParamKind {
    /// A number in `[min, max]`. A `step` of 1 or more that is whole makes the
    /// parameter an integer. `log` asks the slider for a logarithmic track.
    Number {
        min: f64,
        max: f64,
        step: f64,
        log: bool,
    },
    /// One of a list of lowercase words (`ring`, `hash-shard2`); the second
    /// string of each pair is the label a reader sees.
    Choice(&'static [(&'static str, &'static str)]),
}

impl ParamKind {
    /// Numbers from `min` to `max` in steps of `step` (whole steps make the
    /// parameter an integer).
    pub const fn range(min: f64, max: f64, step: f64) -> ParamKind {
        ParamKind::Number {
            min,
            max,
            step,
            log: false,
        }
    }
    /// The same range on a logarithmic slider track.
    pub const fn log_range(min: f64, max: f64, step: f64) -> ParamKind {
        ParamKind::Number {
            min,
            max,
            step,
            log: true,
        }
    }
}

/// A declared parameter of a topic.
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    /// snake_case; the key for `--set` and for the URL.
    pub name: &'static str,
    /// What the slider says.
    pub label: &'static str,
    pub unit: Unit,
    pub kind: ParamKind,
    /// The default: a number, or the index of a choice.
    pub default: f64,
    /// Where the default comes from (a seed's worked example, a spec's choice).
    pub source: &'static str,
    /// One sentence on what moving it does.
    pub help: &'static str,
}

impl ParamSpec {
    /// A parameter with no source or help, for the model's own tests.
    #[cfg(test)]
    pub(crate) const fn bare(
        name: &'static str,
        label: &'static str,
        unit: Unit,
        kind: ParamKind,
        default: f64,
    ) -> ParamSpec {
        ParamSpec {
            name,
            label,
            unit,
            kind,
            default,
            source: "",
            help: "",
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self.kind, ParamKind::Number { step, .. } if step >= 1.0 && step.fract() == 0.0)
    }

    /// Reads a value written as text: a number for numeric parameters
    /// (`64`, `0.4`, `1e3`), a word for choices (`ring`). Out of range, not a
    /// whole number where one is needed, or not one of the words: an error
    /// that says what is allowed.
    pub fn parse(&self, text: &str) -> Result<f64, ParamError> {
        let t = text.trim();
        match self.kind {
            ParamKind::Choice(options) => options
                .iter()
                .position(|(word, _)| word.eq_ignore_ascii_case(t))
                .map(|i| i as f64)
                .ok_or_else(|| ParamError::NotAChoice {
                    name: self.name,
                    got: quote(t),
                    allowed: options.iter().map(|(w, _)| *w).collect(),
                }),
            ParamKind::Number { .. } => {
                let v = read_number(t).ok_or_else(|| ParamError::NotANumber {
                    name: self.name,
                    got: quote(t),
                })?;
                self.check(v).map_err(|e| e.typed_as(t))
            }
        }
    }

    /// Validates a number for this parameter (a choice index for choices).
    pub fn check(&self, v: f64) -> Result<f64, ParamError> {
        match self.kind {
            ParamKind::Choice(options) => {
                if v.fract() == 0.0 && v >= 0.0 && (v as usize) < options.len() {
                    Ok(v)
                } else {
                    Err(ParamError::NotAChoice {
                        name: self.name,
                        got: crate::model::units::number(v),
                        allowed: options.iter().map(|(w, _)| *w).collect(),
                    })
                }
            }
            ParamKind::Number { min, max, .. } => {
                if !v.is_finite() {
                    return Err(ParamError::NotANumber {
                        name: self.name,
                        got: crate::model::units::number(v),
                    });
                }
                if v < min || v > max {
                    return Err(ParamError::OutOfRange {
                        name: self.name,
                        got: v,
                        min,
                        max,
                        typed: None,
                    });
                }
                if self.is_integer() && v.fract() != 0.0 {
                    return Err(ParamError::NotWhole {
                        name: self.name,
                        got: v,
                        typed: None,
                    });
                }
                Ok(v)
            }
        }
    }

    /// The nearest allowed value to `v` (for URLs and scripted sliders, which
    /// are adjusted and told, not refused). NaN goes to the default.
    pub fn clamp(&self, v: f64) -> f64 {
        if v.is_nan() {
            return self.default;
        }
        match self.kind {
            ParamKind::Choice(options) => v.round().clamp(0.0, (options.len() - 1) as f64),
            ParamKind::Number { min, max, .. } => {
                let c = v.clamp(min, max);
                if self.is_integer() {
                    c.round().clamp(min, max)
                } else {
                    c
                }
            }
        }
    }

    /// The value written as text: the word for a choice, the number otherwise.
    pub fn show(&self, v: f64) -> String {
        match self.kind {
            ParamKind::Choice(options) => choice(options, v, |(word, _)| word),
            ParamKind::Number { .. } => {
                if v.fract() == 0.0 && v.abs() < 1e15 {
                    format!("{}", v as i64)
                } else {
                    format!("{v}")
                }
            }
        }
    }

    /// The value as a reader sees it beside the slider ("128 cards", "ring").
    pub fn display(&self, v: f64) -> String {
        match self.kind {
            ParamKind::Choice(options) => choice(options, v, |(_, label)| label),
            ParamKind::Number { .. } => self.unit.format(v),
        }
    }
}

/// The word or the label (as `part` picks) of choice `v` of `options`;
/// empty when there is no such choice.
fn choice(
    options: &[(&'static str, &'static str)],
    v: f64,
    part: fn((&'static str, &'static str)) -> &'static str,
) -> String {
    options
        .get(v as usize)
        .map_or(String::new(), |&o| part(o).to_string())
}

/// The index of `word` among a choice's `options`, the default a
/// topic's `params.toml` names by word; at compile time, a word that is not
/// one of them fails the build.
pub const fn choice_index(options: &[(&str, &str)], word: &str) -> f64 {
    let mut i = 0;
    while i < options.len() {
        if same_bytes(options[i].0.as_bytes(), word.as_bytes()) {
            return i as f64;
        }
        i += 1;
    }
    panic!("a params.toml names a word its choice parameter does not offer")
}

/// `a == b`, for constants.
const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `word` and `from_word` of an enum whose variants are, in order, the
/// choices of a word table (`ParamKind::Choice`): `choice_words!(Mode in
/// MODES: AlwaysWarm, Steady)`. A word the table lacks reads as the first
/// variant; a table whose length is not the variants' fails the build.
macro_rules! choice_words {
    ($name:ident in $table:ident: $($variant:ident),+ $(,)?) => {
        const _: () = assert!($table.len() == [$($name::$variant),+].len());

        impl $name {
            /// Its word in the parameter's table.
            pub fn word(self) -> &'static str {
                $table[self as usize].0
            }
            /// The variant a word of the parameter's table names.
            pub fn from_word(w: &str) -> $name {
                const ALL: &[$name] = &[$($name::$variant),+];
                $table
                    .iter()
                    .zip(ALL)
                    .find(|((word, _), _)| *word == w)
                    .map_or(ALL[0], |(_, v)| *v)
            }
        }
    };
}
pub(crate) use choice_words;

/// The label a reader sees for parameter `name` of `specs` (the name itself
/// if there is none: the registry tests hold every lever to a parameter).
pub fn label_of(specs: &'static [ParamSpec], name: &'static str) -> &'static str {
    specs
        .iter()
        .find(|s| s.name == name)
        .map_or(name, |s| s.label)
}

/// Why a value was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    Unknown {
        name: String,
        known: Vec<&'static str>,
    },
    NotANumber {
        name: &'static str,
        got: String,
    },
    NotWhole {
        name: &'static str,
        got: f64,
        /// The value as the user wrote it, when it was written.
        typed: Option<String>,
    },
    OutOfRange {
        name: &'static str,
        got: f64,
        min: f64,
        max: f64,
        /// The value as the user wrote it, when it was written.
        typed: Option<String>,
    },
    NotAChoice {
        name: &'static str,
        got: String,
        allowed: Vec<&'static str>,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::model::units::number;
        match self {
            ParamError::Unknown { name, known } => write!(
                f,
                "unknown parameter '{name}'; this topic has: {}",
                known.join(", ")
            ),
            ParamError::NotANumber { name, got } => {
                write!(f, "{name}: '{got}' is not a number")
            }
            ParamError::NotWhole { name, got, typed } => {
                let shown = typed.clone().unwrap_or_else(|| number(*got));
                write!(f, "{name}: {shown} is not a whole number")
            }
            ParamError::OutOfRange {
                name,
                got,
                min,
                max,
                typed,
            } => {
                let shown = typed.clone().unwrap_or_else(|| number(*got));
                write!(
                    f,
                    "{name}: {shown} is out of range (allowed {} to {})",
                    number(*min),
                    number(*max)
                )
            }
            ParamError::NotAChoice { name, got, allowed } => {
                write!(f, "{name}: '{got}' is not one of {}", allowed.join(", "))
            }
        }
    }
}

impl std::error::Error for ParamError {}

impl ParamError {
    /// The same error, quoting the value as the user typed it.
    fn typed_as(self, text: &str) -> ParamError {
        match self {
            ParamError::NotWhole { name, got, .. } => ParamError::NotWhole {
                name,
                got,
                typed: Some(quote(text)),
            },
            ParamError::OutOfRange {
                name,
                got,
                min,
                max,
                ..
            } => ParamError::OutOfRange {
                name,
                got,
                min,
                max,
                typed: Some(quote(text)),
            },
            other => other,
        }
    }
}

/// Text quoted back to its writer: as given, shortened in the middle when
/// long (so a pasted novel does not become the error message).
pub fn quote(text: &str) -> String {
    const KEEP: usize = 24;
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 2 * KEEP + 1 {
        return text.to_string();
    }
    let head: String = chars[..KEEP].iter().collect();
    let tail: String = chars[chars.len() - KEEP..].iter().collect();
    format!("{head}…{tail}")
}

/// Reads a number as people and programs write it: `64`, `-0.4`, `1e3`,
/// `.5`, and digits grouped in threes by `_` or `,` (`1_000`, `12,288`).
/// Refuses what would be read as something else than was meant: odd
/// groupings (`1__0`, `1,00`), `inf` and `nan`, and values that overflow to
/// infinity or underflow to zero (`1e-400`).
pub fn read_number(text: &str) -> Option<f64> {
    let t = text.trim();
    let (mantissa, exponent) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let unsigned = mantissa.strip_prefix(['-', '+']).unwrap_or(mantissa);
    let (int, frac) = match unsigned.find('.') {
        Some(i) => (&unsigned[..i], Some(&unsigned[i + 1..])),
        None => (unsigned, None),
    };
    let int_digits = ungroup(int)?;
    if let Some(f) = frac {
        if !f.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
    }
    if int_digits.is_empty() && frac.is_none_or(str::is_empty) {
        return None;
    }
    if let Some(e) = exponent {
        let digits = e.strip_prefix(['-', '+']).unwrap_or(e);
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
    }
    let mut plain = String::with_capacity(t.len());
    plain.push_str(&mantissa[..mantissa.len() - unsigned.len()]);
    plain.push_str(&int_digits);
    if let Some(f) = frac {
        plain.push('.');
        plain.push_str(f);
    }
    if let Some(e) = exponent {
        plain.push('e');
        plain.push_str(e);
    }
    let v = super::decimal::parse(&plain)?;
    let nonzero = plain
        .split(['e', 'E'])
        .next()
        .is_some_and(|m| m.chars().any(|c| ('1'..='9').contains(&c)));
    (v.is_finite() && (v != 0.0 || !nonzero)).then_some(v)
}

/// The integer digits without their group separators, if every group after
/// the first has exactly three digits and one separator kind is used.
fn ungroup(int: &str) -> Option<String> {
    let sep = match (int.contains('_'), int.contains(',')) {
        (true, true) => return None,
        (true, false) => '_',
        (false, true) => ',',
        (false, false) => {
            return int
                .chars()
                .all(|c| c.is_ascii_digit())
                .then(|| int.to_string());
        }
    };
    let groups: Vec<&str> = int.split(sep).collect();
    let first_ok = (1..=3).contains(&groups[0].len());
    let rest_ok = groups[1..].iter().all(|g| g.len() == 3);
    let digits = groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()));
    (first_ok && rest_ok && digits).then(|| groups.concat())
}

/// The values of one run, aligned with the topic's specs.
#[derive(Clone, Debug)]
pub struct Params {
    specs: &'static [ParamSpec],
    values: Vec<f64>,
    /// The model the values are run under (the seed card's unless set).
    assumptions: Assumptions,
}

impl PartialEq for Params {
    fn eq(&self, other: &Params) -> bool {
        std::ptr::eq(self.specs, other.specs)
            && self.values == other.values
            && self.assumptions == other.assumptions
    }
}

impl Params {
    pub fn defaults(specs: &'static [ParamSpec]) -> Params {
        Params {
            specs,
            values: specs.iter().map(|s| s.default).collect(),
            assumptions: Assumptions::Seed,
        }
    }

    /// The model these values are run under.
    pub fn assumptions(&self) -> Assumptions {
        self.assumptions
    }

    /// Whether they are run closer to production.
    pub fn production(&self) -> bool {
        self.assumptions.is_production()
    }

    pub fn set_assumptions(&mut self, a: Assumptions) {
        self.assumptions = a;
    }

    /// These values under `a`.
    pub fn under(mut self, a: Assumptions) -> Params {
        self.assumptions = a;
        self
    }

    pub fn specs(&self) -> &'static [ParamSpec] {
        self.specs
    }

    pub fn values(&self) -> &[f64] {
        &self.values
    }

    pub fn index(&self, name: &str) -> Result<usize, ParamError> {
        self.specs
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| ParamError::Unknown {
                name: name.to_string(),
                known: self.specs.iter().map(|s| s.name).collect(),
            })
    }

    /// Sets a parameter from text, validating it.
    pub fn set(&mut self, name: &str, text: &str) -> Result<(), ParamError> {
        let i = self.index(name)?;
        self.values[i] = self.specs[i].parse(text)?;
        Ok(())
    }

    /// Sets a parameter from a number (a choice's index), validating it.
    pub fn set_value(&mut self, name: &str, v: f64) -> Result<(), ParamError> {
        let i = self.index(name)?;
        self.values[i] = self.specs[i].check(v)?;
        Ok(())
    }

    /// Sets the i-th parameter to the nearest allowed value; returns what was
    /// stored, so the caller can tell the reader when it differs.
    pub fn set_clamped(&mut self, i: usize, v: f64) -> f64 {
        let c = self.specs[i].clamp(v);
        self.values[i] = c;
        c
    }

    /// Applies `(name, text)` pairs in order (a preset, a fix).
    pub fn apply(&mut self, pairs: &[(&str, &str)]) -> Result<(), ParamError> {
        pairs.iter().try_for_each(|(n, t)| self.set(n, t))
    }

    /// A numeric parameter. Names are checked by the registry tests, which run
    /// every topic; a typo in a topic file fails them, not a reader's page.
    pub fn get(&self, name: &str) -> f64 {
        match self.index(name) {
            Ok(i) => self.values[i],
            Err(e) => panic!("topic reads an undeclared parameter: {e}"),
        }
    }

    /// A whole-number parameter as usize (negative values read as 0).
    pub fn count(&self, name: &str) -> usize {
        self.get(name).max(0.0) as usize
    }

    /// The word of a choice parameter.
    pub fn choice(&self, name: &str) -> &'static str {
        let i = self.index(name).unwrap_or_else(|e| panic!("{e}"));
        match self.specs[i].kind {
            ParamKind::Choice(options) => options[self.values[i] as usize].0,
            ParamKind::Number { .. } => panic!("{name} is not a choice parameter"),
        }
    }

    /// `(name, text)` for every parameter, in spec order.
    pub fn shown(&self) -> Vec<(&'static str, String)> {
        self.specs
            .iter()
            .zip(&self.values)
            .map(|(s, v)| (s.name, s.show(*v)))
            .collect()
    }

    /// Parameters whose value differs from the default.
    pub fn changed(&self) -> Vec<(&'static str, String)> {
        self.specs
            .iter()
            .zip(&self.values)
            .filter(|(s, v)| **v != s.default)
            .map(|(s, v)| (s.name, s.show(*v)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_written() {
        for (text, want) in [
            ("64", 64.0),
            (" -0.4 ", -0.4),
            ("+2", 2.0),
            ("1e3", 1000.0),
            ("2.5E-2", 0.025),
            (".5", 0.5),
            ("5.", 5.0),
            ("1_000", 1000.0),
            ("12,288", 12288.0),
            ("1,000,000.5", 1_000_000.5),
            ("0", 0.0),
            ("0e-400", 0.0),
        ] {
            assert_eq!(read_number(text), Some(want), "{text}");
        }
    }

    #[test]
    fn odd_numbers_are_refused() {
        for text in [
            "",
            "-",
            ".",
            "1__0",
            "1_0",
            "10_00",
            "_100",
            "1,00",
            "1_000,000",
            "1e",
            "1e+",
            "inf",
            "-inf",
            "NaN",
            "infinity",
            "1e-400",
            "1e400",
            "0x10",
            "1.2.3",
            "1 000",
            "٣",
        ] {
            assert_eq!(read_number(text), None, "{text}");
        }
    }

    const CARDS: ParamKind = ParamKind::range(1.0, 512.0, 1.0);

    #[test]
    fn errors_quote_what_was_typed() {
        let spec = ParamSpec::bare("cards", "Cards", Unit::Count("cards"), CARDS, 64.0);
        let e = spec.parse("0.0000000000000001").unwrap_err().to_string();
        assert_eq!(
            e,
            "cards: 0.0000000000000001 is out of range (allowed 1 to 512)"
        );
        let e = spec.parse("1e308").unwrap_err().to_string();
        assert!(e.contains("1e308") && e.len() < 80, "{e}");
        let e = spec.parse("1.5").unwrap_err().to_string();
        assert_eq!(e, "cards: 1.5 is not a whole number");
        let long = "9".repeat(500);
        let e = spec.parse(&long).unwrap_err().to_string();
        assert!(e.len() < 120 && e.contains('…'), "{e}");
        // Found by fuzzing: a choice quoted the whole of a long word.
        let choice = ParamKind::Choice(&[("ring", "Ring")]);
        let choice = ParamSpec::bare("scheme", "Scheme", Unit::None, choice, 0.0);
        let e = choice.parse(&"x".repeat(500)).unwrap_err().to_string();
        assert!(e.len() < 120 && e.contains('…'), "{e}");
    }
}
