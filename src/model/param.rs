//! Parameters: the specs a topic declares (name, unit, range, default and the
//! source of the default) and the values a run reads.
//!
//! Every value enters through [`Params::set`], whether it comes from a preset,
//! the CLI's `--set`, a URL or a slider, so one validator says what is wrong
//! with a bad value in one voice.

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
    /// A numeric parameter; `int` when `step` is whole.
    pub const fn number(
        name: &'static str,
        label: &'static str,
        unit: Unit,
        (min, max, step): (f64, f64, f64),
        default: f64,
        source: &'static str,
        help: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            name,
            label,
            unit,
            kind: ParamKind::Number {
                min,
                max,
                step,
                log: false,
            },
            default,
            source,
            help,
        }
    }

    /// The same parameter on a logarithmic slider track.
    pub const fn log(mut self) -> ParamSpec {
        if let ParamKind::Number { min, max, step, .. } = self.kind {
            self.kind = ParamKind::Number {
                min,
                max,
                step,
                log: true,
            };
        }
        self
    }

    /// A choice among words; `default` is the index of the default word.
    pub const fn choice(
        name: &'static str,
        label: &'static str,
        options: &'static [(&'static str, &'static str)],
        default: usize,
        source: &'static str,
        help: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            name,
            label,
            unit: Unit::None,
            kind: ParamKind::Choice(options),
            default: default as f64,
            source,
            help,
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
                    got: t.to_string(),
                    allowed: options.iter().map(|(w, _)| *w).collect(),
                }),
            ParamKind::Number { .. } => {
                let v: f64 = t
                    .replace('_', "")
                    .parse()
                    .map_err(|_| ParamError::NotANumber {
                        name: self.name,
                        got: t.to_string(),
                    })?;
                self.check(v)
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
                        got: format!("{v}"),
                    });
                }
                if v < min || v > max {
                    return Err(ParamError::OutOfRange {
                        name: self.name,
                        got: v,
                        min,
                        max,
                    });
                }
                if self.is_integer() && v.fract() != 0.0 {
                    return Err(ParamError::NotWhole {
                        name: self.name,
                        got: v,
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
            ParamKind::Choice(options) => options
                .get(v as usize)
                .map(|(w, _)| w.to_string())
                .unwrap_or_default(),
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
            ParamKind::Choice(options) => options
                .get(v as usize)
                .map(|(_, label)| label.to_string())
                .unwrap_or_default(),
            ParamKind::Number { .. } => self.unit.format(v),
        }
    }
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
    },
    OutOfRange {
        name: &'static str,
        got: f64,
        min: f64,
        max: f64,
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
            ParamError::NotWhole { name, got } => {
                write!(f, "{name}: {} is not a whole number", number(*got))
            }
            ParamError::OutOfRange {
                name,
                got,
                min,
                max,
            } => write!(
                f,
                "{name}: {} is out of range (allowed {} to {})",
                number(*got),
                number(*min),
                number(*max)
            ),
            ParamError::NotAChoice { name, got, allowed } => {
                write!(f, "{name}: '{got}' is not one of {}", allowed.join(", "))
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// The values of one run, aligned with the topic's specs.
#[derive(Clone, Debug)]
pub struct Params {
    specs: &'static [ParamSpec],
    values: Vec<f64>,
}

impl PartialEq for Params {
    fn eq(&self, other: &Params) -> bool {
        std::ptr::eq(self.specs, other.specs) && self.values == other.values
    }
}

impl Params {
    pub fn defaults(specs: &'static [ParamSpec]) -> Params {
        Params {
            specs,
            values: specs.iter().map(|s| s.default).collect(),
        }
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
