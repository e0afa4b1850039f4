//! "Choose the lever": a story's failing check is on show; which one
//! parameter fixes it, and to what?
//!
//! Everything comes from the topic's declarations and its model, nothing is
//! typed to match: the scenarios are the (story, check) pairs where the story
//! fails the check and the story's fix repairs it; the levers worth scanning
//! are the parameters the fix sets and the one the failing verdict names; the
//! values that fix the check are found by running the model across each
//! lever's range. A learner's answer is graded by running the model once
//! more with their lever at their value: any lever and value that make the
//! check pass is right.

use super::{Body, Kind, Level, LeverAsk, Marked, Posed};
use crate::model::memo::Memo;
use crate::model::{CheckSpec, ParamKind, ParamSpec, Params, Preset, SplitMix64, Topic, Verdict};

/// A story that fails a check its fix repairs.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    pub story: &'static Preset,
    pub check: &'static CheckSpec,
}

/// Values of one parameter that make the check pass: a range of numbers
/// (both ends pass), or a choice (its index).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Span {
    Range(f64, f64),
    Choice(usize),
}

/// A parameter that fixes the check on its own, with where.
#[derive(Clone, Debug)]
pub struct Lever {
    pub spec: &'static ParamSpec,
    pub spans: Vec<Span>,
    /// A value that fixes it (the story's fix where it sets this lever).
    pub sample: f64,
    /// A value of its range that does not fix it, besides the story's own.
    pub miss: Option<f64>,
}

/// What the model says about one scenario.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub scenario: Scenario,
    /// The story's values (the question's starting point).
    pub base: Params,
    /// The failing verdict as the page shows it.
    pub verdict: Verdict,
    /// Levers that fix the check alone (at least one for a usable scenario).
    pub levers: Vec<Lever>,
    /// Scanned parameters no value of which fixes it alone.
    pub duds: Vec<&'static ParamSpec>,
}

/// Grid points per numeric lever (plus the ends and the fix's value), and
/// halvings that sharpen each edge of a range.
const GRID: usize = 16;
const SHARPEN: usize = 6;
/// Multiples of the story's value also tried.
const NEAR: [f64; 10] = [0.5, 0.7, 0.8, 0.85, 0.9, 1.1, 1.15, 1.2, 1.3, 1.5];
/// A whole-number lever with at most this many values is scanned value by value.
const EVERY: f64 = 40.0;

/// The (story, check) pairs of a topic: the story fails the check, its fix
/// passes it. Two runs per story with a fix.
pub fn scenarios(topic: &dyn Topic) -> Vec<Scenario> {
    let mut out = Vec::new();
    for story in topic.presets() {
        let Some(_) = story.fix else { continue };
        let (Ok(before), Ok(after)) = (
            topic.preset_params(story, false),
            topic.preset_params(story, true),
        ) else {
            continue;
        };
        let (b, a) = (topic.run(&before), topic.run(&after));
        for check in topic.checks() {
            let failed = b.verdict(check.id).is_some_and(|v| !v.pass);
            let fixed = a.verdict(check.id).is_some_and(|v| v.pass);
            if failed && fixed {
                out.push(Scenario { story, check });
            }
        }
    }
    out
}

/// Whether the check passes with `spec` at `v` over `base`.
pub fn passes(topic: &dyn Topic, base: &Params, check: &str, spec: &ParamSpec, v: f64) -> bool {
    let mut p = base.clone();
    if p.set_value(spec.name, v).is_err() {
        return false;
    }
    topic.run(&p).verdict(check).is_some_and(|x| x.pass)
}

/// Scans the fix's parameters and the verdict's lever for values that make
/// the scenario's check pass.
pub fn analyse(topic: &dyn Topic, s: Scenario) -> Option<Analysis> {
    let base = topic.preset_params(s.story, false).ok()?;
    let verdict = topic.run(&base).verdict(s.check.id)?.clone();
    let fix = s.story.fix?;
    let mut names: Vec<&str> = fix.set.iter().map(|(n, _)| *n).collect();
    if let Some(l) = verdict.lever {
        names.push(l);
    }
    let mut levers = Vec::new();
    let mut duds = Vec::new();
    for spec in topic.params() {
        if !names.contains(&spec.name) {
            continue;
        }
        let fix_value = fix
            .set
            .iter()
            .find(|(n, _)| *n == spec.name)
            .and_then(|(_, t)| spec.parse(t).ok());
        let (spans, sample, miss) = scan(topic, &base, s.check.id, spec, fix_value);
        match sample {
            Some(sample) => levers.push(Lever {
                spec,
                spans,
                sample,
                miss,
            }),
            None => duds.push(spec),
        }
    }
    (!levers.is_empty()).then_some(Analysis {
        scenario: s,
        base,
        verdict,
        levers,
        duds,
    })
}

/// The spans of `spec` that pass, a passing value (the fix's where it
/// passes) and a failing one other than the story's own.
fn scan(
    topic: &dyn Topic,
    base: &Params,
    check: &str,
    spec: &'static ParamSpec,
    fix_value: Option<f64>,
) -> (Vec<Span>, Option<f64>, Option<f64>) {
    let now = base.values()[base.index(spec.name).unwrap_or(0)];
    let ok = |v: f64| passes(topic, base, check, spec, v);
    let (min, max, step) = match spec.kind {
        ParamKind::Choice(options) => {
            let pass: Vec<usize> = (0..options.len()).filter(|i| ok(*i as f64)).collect();
            let miss = (0..options.len()).find(|i| !pass.contains(i) && *i as f64 != now);
            let sample = fix_value
                .filter(|v| pass.contains(&(*v as usize)))
                .or(pass.first().map(|i| *i as f64));
            let spans = pass.into_iter().map(Span::Choice).collect();
            return (spans, sample, miss.map(|i| i as f64));
        }
        ParamKind::Number { min, max, step, .. } => (min, max, step),
    };
    let mut grid = grid(spec, min, max, step);
    grid.extend(fix_value);
    // Near the story's value too, where a learner would look first.
    let snap = |v: f64| spec.clamp(min + ((v - min) / step).round() * step);
    grid.extend(NEAR.iter().map(|k| snap(now * k)));
    grid.sort_by(f64::total_cmp);
    grid.dedup();
    let marks: Vec<(f64, bool)> = grid.iter().map(|v| (*v, ok(*v))).collect();
    let miss = marks
        .iter()
        .filter(|(v, p)| !p && *v != now)
        .min_by(|a, b| (a.0 - now).abs().total_cmp(&(b.0 - now).abs()))
        .map(|(v, _)| *v);
    let sample = fix_value
        .filter(|v| marks.iter().any(|(x, p)| x == v && *p))
        .or(marks.iter().find(|(_, p)| *p).map(|(v, _)| *v));
    let mut spans = Vec::new();
    let mut i = 0;
    while i < marks.len() {
        if !marks[i].1 {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < marks.len() && marks[j + 1].1 {
            j += 1;
        }
        let lo = match i.checked_sub(1) {
            Some(k) => sharpen(spec, (min, step), (marks[k].0, marks[i].0), &ok),
            None => marks[i].0,
        };
        let hi = match marks.get(j + 1) {
            Some(next) => sharpen(spec, (min, step), (marks[j].0, next.0), &ok),
            None => marks[j].0,
        };
        spans.push(Span::Range(lo.min(hi), lo.max(hi)));
        i = j + 1;
    }
    (spans, sample, miss)
}

/// The values a numeric lever is tried at: every value of a short whole
/// range, else a grid (geometric on a logarithmic slider) snapped to the step.
fn grid(spec: &ParamSpec, min: f64, max: f64, step: f64) -> Vec<f64> {
    let snap = |v: f64| spec.clamp(min + ((v - min) / step).round() * step);
    if spec.is_integer() && (max - min) / step <= EVERY {
        let n = ((max - min) / step).round() as usize;
        return (0..=n).map(|k| snap(min + k as f64 * step)).collect();
    }
    let log = matches!(spec.kind, ParamKind::Number { log: true, .. }) && min > 0.0;
    (0..=GRID)
        .map(|k| {
            let u = k as f64 / GRID as f64;
            if log {
                snap(min * (max / min).powf(u))
            } else {
                snap(min + u * (max - min))
            }
        })
        .collect()
}

/// The passing end of the edge between `a` and `b` (one passes, the other
/// not), found by halving to the parameter's step.
fn sharpen(
    spec: &ParamSpec,
    (min, step): (f64, f64),
    (a, b): (f64, f64),
    ok: &dyn Fn(f64) -> bool,
) -> f64 {
    let (mut pass, mut fail) = if ok(a) { (a, b) } else { (b, a) };
    for _ in 0..SHARPEN {
        if (pass - fail).abs() <= step * 1.000_001 {
            break;
        }
        let mid = spec.clamp(min + (((pass + fail) / 2.0 - min) / step).round() * step);
        if mid == pass || mid == fail {
            break;
        }
        if ok(mid) {
            pass = mid;
        } else {
            fail = mid;
        }
    }
    pass
}

impl Span {
    /// "1 to 3 replicas", "Hash the prefix family".
    pub fn describe(&self, spec: &ParamSpec) -> String {
        match *self {
            Span::Range(a, b) if a == b => spec.display(a),
            Span::Range(a, b) => format!("{} to {}", spec.display(a), spec.display(b)),
            Span::Choice(i) => spec.display(i as f64),
        }
    }
}

impl Lever {
    /// Where it fixes the check: "1 to 3 replicas or 5 replicas".
    pub fn where_it_works(&self) -> String {
        let parts: Vec<String> = self.spans.iter().map(|s| s.describe(self.spec)).collect();
        match parts.len() {
            0 => String::new(),
            1 => parts[0].clone(),
            n => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
        }
    }
}

thread_local! {
    /// Each topic's scenarios (two runs a story), kept for the next question.
    static SCENARIOS: Memo<&'static str, Vec<Scenario>> = const { Memo::with_capacity(8) };
}

/// Draws one of the topic's scenarios: the story's values, the failing
/// verdict, and the question.
pub fn pose(topic: &dyn Topic, seed: u64) -> Option<Posed> {
    let all = SCENARIOS.with(|m| m.get_or(topic.id(), || scenarios(topic)));
    let mut rng = SplitMix64::new(seed);
    let s = *all.get(rng.below(all.len() as u64) as usize)?;
    let base = topic.preset_params(s.story, false).ok()?;
    let verdict = topic.run(&base).verdict(s.check.id)?.clone();
    let fix = s.story.fix?;
    // The verdict's reason often names its lever: it is said after an answer.
    let text = format!(
        "“{}”: {}. The check “{}” ({}) fails: {}. Which one parameter would you change so that it passes, and to what?",
        s.story.title,
        super::predict::setup(topic, s.story),
        s.check.label,
        s.check.rule,
        verdict.comparison(),
    );
    Some(Posed {
        topic: topic.id(),
        kind: Kind::Lever,
        seed,
        level: Level::Medium,
        text,
        body: Body::Lever(LeverAsk {
            scenario: s,
            base,
            verdict,
        }),
        reveal: format!("The story's own fix: {}. {}", fix.label, fix.explain),
    })
}

/// The parameter a learner named, by name or by the label the page shows.
pub fn find_param(topic: &dyn Topic, named: &str) -> Option<&'static ParamSpec> {
    let n = named.trim();
    topic
        .params()
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(n) || s.label.eq_ignore_ascii_case(n))
}

/// Marks a lever by running the model with it over the story's values: the
/// check passes, or why not and whether that lever can fix it at all.
pub fn mark(topic: &dyn Topic, ask: &LeverAsk, param: &str, value: &str) -> Marked {
    let unread = |message: String| Marked {
        correct: false,
        message,
        reasons: Vec::new(),
        unreadable: true,
    };
    let Some(spec) = find_param(topic, param) else {
        return unread(format!(
            "“{}” is not a parameter of this page; choose one from the list.",
            crate::model::param::quote(param)
        ));
    };
    let v = match spec.read_typed(value) {
        Ok(v) => v,
        Err(e) => return unread(e),
    };
    let check = ask.scenario.check;
    let mut p = ask.base.clone();
    if let Err(e) = p.set_value(spec.name, v) {
        return unread(e.to_string());
    }
    let before = topic.run(&ask.base);
    let out = topic.run(&p);
    let Some(now) = out.verdict(check.id) else {
        return unread("The model gave no verdict for this check.".into());
    };
    let set = format!("{} at {}", spec.label, spec.display(v));
    if now.pass {
        let broke: Vec<&str> = out
            .checks
            .iter()
            .filter(|c| !c.pass && before.verdict(c.id).is_some_and(|b| b.pass))
            .filter_map(|c| topic.checks().iter().find(|s| s.id == c.id))
            .map(|s| s.label)
            .collect();
        let mut message = format!(
            "Yes: with {set}, “{}” passes ({}). {}",
            check.label,
            now.comparison(),
            now.why
        );
        if !broke.is_empty() {
            message += &format!(" It costs you “{}”, which now fails.", broke.join("”, “"));
        }
        return Marked {
            correct: true,
            message,
            reasons: Vec::new(),
            unreadable: false,
        };
    }
    let (spans, _, _) = scan(topic, &ask.base, check.id, spec, None);
    let lever = if spans.is_empty() {
        format!("No value of {} alone makes it pass.", spec.label)
    } else {
        format!("{} can fix it, but not at that value.", spec.label)
    };
    Marked {
        correct: false,
        message: format!(
            "No: with {set}, “{}” still fails ({}): {} {lever}",
            check.label,
            now.comparison(),
            now.why
        ),
        reasons: Vec::new(),
        unreadable: false,
    }
}

/// Every lever that fixes the check alone and where, as the model finds
/// them (read once the question is answered or given up).
pub fn explain(topic: &dyn Topic, ask: &LeverAsk) -> Vec<String> {
    let Some(a) = analyse(topic, ask.scenario) else {
        return Vec::new();
    };
    let mut out: Vec<String> = a
        .levers
        .iter()
        .map(|l| format!("{} fixes it alone at {}.", l.spec.label, l.where_it_works()))
        .collect();
    out.extend(a.duds.iter().map(|d| {
        format!(
            "{} alone does not: no value of it passes the check.",
            d.label
        )
    }));
    out
}
