//! The JSON contract of `fleetlab run --json` and `fleetlab figures --json`
//! (shared/spec/README.md): serde shapes over an [`Outcome`], kept apart from
//! the model so the model never bends to a format. A figure that is infinite
//! (a jammed queue's wait) is written `null`.

use crate::model::{Outcome, Params, Preset, Topic};
use serde::ser::{Serialize, SerializeMap, Serializer};

/// A parameter's value: a number, or a choice's word.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamValue {
    Number(f64),
    Word(&'static str),
}

impl Serialize for ParamValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ParamValue::Number(v) => number(*v, s),
            ParamValue::Word(w) => s.serialize_str(w),
        }
    }
}

/// Whole numbers print without a decimal point; non-finite ones as null.
fn number<S: Serializer>(v: f64, s: S) -> Result<S::Ok, S::Error> {
    if !v.is_finite() {
        s.serialize_none()
    } else if v.fract() == 0.0 && v.abs() < 9.0e15 {
        s.serialize_i64(v as i64)
    } else {
        s.serialize_f64(v)
    }
}

struct Num(f64);
impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        number(self.0, s)
    }
}

/// Name → value pairs serialized as a JSON object in their given order.
#[derive(Clone, Debug, PartialEq)]
pub struct Ordered<V>(pub Vec<(&'static str, V)>);

impl<V: Serialize> Serialize for Ordered<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    pub id: &'static str,
    pub pass: bool,
    pub value: f64,
    pub threshold: f64,
    pub why: String,
    pub lever: Option<&'static str>,
}

impl Serialize for CheckReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("id", self.id)?;
        m.serialize_entry("pass", &self.pass)?;
        m.serialize_entry("value", &Num(self.value))?;
        m.serialize_entry("threshold", &Num(self.threshold))?;
        m.serialize_entry("why", &self.why)?;
        m.serialize_entry("lever", &self.lever)?;
        m.end()
    }
}

/// One run: `{"topic", "preset", "fix", "params", "figures", "checks"}`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RunReport {
    pub topic: &'static str,
    pub preset: Option<&'static str>,
    pub fix: bool,
    pub params: Ordered<ParamValue>,
    pub figures: Ordered<FigureValue>,
    pub checks: Vec<CheckReport>,
}

/// A figure's number (null when infinite).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FigureValue(pub f64);
impl Serialize for FigureValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        number(self.0, s)
    }
}

pub fn params_report(p: &Params) -> Ordered<ParamValue> {
    use crate::model::ParamKind;
    Ordered(
        p.specs()
            .iter()
            .zip(p.values())
            .map(|(spec, &v)| {
                let value = match spec.kind {
                    ParamKind::Choice(options) => ParamValue::Word(options[v as usize].0),
                    ParamKind::Number { .. } => ParamValue::Number(v),
                };
                (spec.name, value)
            })
            .collect(),
    )
}

pub fn run_report(
    topic: &dyn Topic,
    preset: Option<&Preset>,
    fix: bool,
    params: &Params,
    out: &Outcome,
) -> RunReport {
    RunReport {
        topic: topic.id(),
        preset: preset.map(|p| p.id),
        fix,
        params: params_report(params),
        figures: Ordered(
            out.figures
                .iter()
                .map(|f| (f.id, FigureValue(f.value)))
                .collect(),
        ),
        checks: out
            .checks
            .iter()
            .map(|c| CheckReport {
                id: c.id,
                pass: c.pass,
                value: c.value,
                threshold: c.threshold,
                why: c.why.clone(),
                lever: c.lever,
            })
            .collect(),
    }
}

/// Every preset of every built topic, and each fix: the `figures --json` list.
pub fn all_figures() -> Vec<RunReport> {
    let mut reports = Vec::new();
    for topic in crate::topics::all() {
        for preset in topic.presets() {
            let fixes: &[bool] = if preset.fix.is_some() {
                &[false, true]
            } else {
                &[false]
            };
            for &fix in fixes {
                // Presets are checked by the registry tests; a bad one is skipped here, not a panic.
                if let Ok(p) = topic.preset_params(preset, fix) {
                    let out = topic.run(&p);
                    reports.push(run_report(topic, Some(preset), fix, &p, &out));
                }
            }
        }
    }
    reports
}
