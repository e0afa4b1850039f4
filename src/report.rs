//! The JSON contract of `fleetlab run --json` and `fleetlab figures --json`
//! (docs/contract.md): serde shapes over an [`Outcome`], kept apart from
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

/// One run: `{"topic", "preset", "fix", "params", "figures", "checks",
/// "carries"}`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RunReport {
    pub topic: &'static str,
    pub preset: Option<&'static str>,
    pub fix: bool,
    /// `"production"` when run closer to production; absent under the seed
    /// card's model, so a seed run's object is as it always was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<&'static str>,
    pub params: Ordered<ParamValue>,
    pub figures: Ordered<FigureValue>,
    pub checks: Vec<CheckReport>,
    /// The figures this run carries into other topics' pages.
    pub carries: Vec<CarryReport>,
}

/// A carried figure: `{"topic", "label", "set": {name: value as text}}`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CarryReport {
    pub topic: &'static str,
    pub label: String,
    pub set: Ordered<String>,
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
        model: params.production().then(|| params.assumptions().word()),
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
        carries: out
            .notes
            .iter()
            .filter_map(|n| match n {
                crate::model::Note::Carry(c) => Some(CarryReport {
                    topic: c.topic,
                    label: c.label.clone(),
                    set: Ordered(c.set.clone()),
                }),
                _ => None,
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

/// One story's run() time: the first (cold) run, then the mean of repeats
/// (warm: what a slider that leaves the memoized part alone costs).
#[derive(Clone, Debug, serde::Serialize)]
pub struct BenchRun {
    pub topic: &'static str,
    pub preset: &'static str,
    pub fix: bool,
    pub cold_ms: f64,
    pub ms: f64,
}

/// One engine's throughput.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BenchEngine {
    pub topic: &'static str,
    pub name: &'static str,
    pub unit: &'static str,
    pub items_per_s: f64,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct Bench {
    pub runs: Vec<BenchRun>,
    pub engines: Vec<BenchEngine>,
}

/// Milliseconds of the first call of `f`, and the mean of repeats for about
/// `budget_ms`.
fn time_ms(now_ms: &dyn Fn() -> f64, budget_ms: f64, mut f: impl FnMut()) -> (f64, f64) {
    let t0 = now_ms();
    f();
    let once = now_ms() - t0;
    let reps = ((budget_ms / once.max(1e-3)) as usize).clamp(1, 10_000);
    let t1 = now_ms();
    for _ in 0..reps {
        f();
    }
    (once, (now_ms() - t1) / reps as f64)
}

/// Times every preset's run() and every topic's engine. The clock comes from
/// the caller (the CLI's `Instant`, the browser's `performance.now()`), so the
/// core reads no clock of its own.
pub fn bench(now_ms: &dyn Fn() -> f64, budget_ms: f64, quick: bool) -> Bench {
    let mut runs = Vec::new();
    let mut engines = Vec::new();
    for t in crate::topics::all() {
        for p in t.presets() {
            let fixes: &[bool] = if p.fix.is_some() && !quick {
                &[false, true]
            } else {
                &[false]
            };
            for &fix in fixes {
                if let Ok(params) = t.preset_params(p, fix) {
                    let (cold_ms, ms) = time_ms(now_ms, budget_ms, || {
                        std::hint::black_box(t.run(&params));
                    });
                    runs.push(BenchRun {
                        topic: t.id(),
                        preset: p.id,
                        fix,
                        cold_ms,
                        ms,
                    });
                }
            }
        }
        if let Some(e) = t.engine() {
            let n = if quick {
                (e.default_n / 20).max(1)
            } else {
                e.default_n
            };
            let (_, ms) = time_ms(now_ms, budget_ms, || {
                std::hint::black_box((e.run)(n, 1));
            });
            engines.push(BenchEngine {
                topic: t.id(),
                name: e.name,
                unit: e.unit,
                items_per_s: n as f64 / (ms.max(1e-6) / 1000.0),
            });
        }
    }
    Bench { runs, engines }
}
