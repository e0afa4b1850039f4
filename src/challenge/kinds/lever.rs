//! "Choose the lever": a story's failing check is on show; which one
//! parameter fixes it, and to what?
//!
//! Everything comes from the topic's declarations and its model, nothing is
//! typed to match: the scenarios are the (story, check) pairs where the story
//! fails the check and the story's fix repairs it; the levers worth scanning
//! are the parameters the fix sets, then the topic's other levers (those any
//! story's fix sets or any of its verdicts names), never one the story states
//! as its requirement (`Preset::requirement`: its demand, a resize, a target,
//! a budget); the values that fix the check are found by running the model
//! across each lever's range. A learner's answer is graded by running the
//! model once more with their lever at their value: any lever and value that
//! make the check pass is right, and an answer that moves the requirement is
//! refused in plain words and not counted.
//!
//! A scenario is asked three ways, one a level ([`Variant`]): easy names the
//! lever (one question per lever the model finds), medium asks for any
//! lever, hard puts the fix's own levers off the table where the model finds
//! another.

use super::{Body, Kind, Level, LeverAsk, Marked, Posed};
use crate::model::memo::Memo;
use crate::model::{CheckSpec, ParamKind, ParamSpec, Params, Preset, SplitMix64, Topic, Verdict};
use std::cell::RefCell;
use std::collections::HashMap;

/// A story that fails a check its fix repairs.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    pub story: &'static Preset,
    pub check: &'static CheckSpec,
}

/// How a question asks about its scenario; each is a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// This lever (a parameter's name): to what value? Easy.
    Only(&'static str),
    /// Any one lever, and its value. Medium.
    Any,
    /// Any lever but those the story's fix sets. Hard.
    Other,
}

impl Variant {
    pub fn level(self) -> Level {
        match self {
            Variant::Only(_) => Level::Easy,
            Variant::Any => Level::Medium,
            Variant::Other => Level::Hard,
        }
    }

    /// Whether an answer on the parameter `name` answers this question.
    pub fn allows(self, story: &Preset, name: &str) -> bool {
        match self {
            Variant::Only(l) => l == name,
            Variant::Any => true,
            Variant::Other => !fix_sets(story, name),
        }
    }
}

/// Whether the story's fix sets the parameter `name`.
pub fn fix_sets(story: &Preset, name: &str) -> bool {
    story
        .fix
        .is_some_and(|f| f.set.iter().any(|(n, _)| *n == name))
}

/// One question choose-the-lever may ask: a scenario, and how it is asked.
#[derive(Clone, Copy, Debug)]
pub struct Question {
    pub scenario: Scenario,
    pub variant: Variant,
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
    /// Levers that fix the check alone (at least one for a usable
    /// scenario): the fix's first, then the topic's other levers.
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

/// The topic's levers: the parameters its stories' fixes set and those its
/// verdicts name on the stories, with and without their fixes.
fn topic_levers(topic: &dyn Topic) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for story in topic.presets() {
        out.extend(story.fix.iter().flat_map(|f| f.set.iter().map(|(n, _)| *n)));
        for fix in [false, true] {
            if let Ok(p) = topic.preset_params(story, fix) {
                out.extend(topic.run(&p).checks.iter().filter_map(|c| c.lever));
            }
        }
    }
    out
}

/// The parameters worth scanning for a scenario, in the page's order: those
/// the story's fix sets first, then the topic's other levers; none that the
/// story states as its requirement.
fn candidates(topic: &dyn Topic, s: Scenario, levers: &[&str]) -> Vec<&'static ParamSpec> {
    let specs = topic.params();
    let open = |p: &&'static ParamSpec| !s.story.requirement.contains(&p.name);
    let fixed = specs.iter().filter(|p| fix_sets(s.story, p.name));
    let others = specs
        .iter()
        .filter(|p| !fix_sets(s.story, p.name) && levers.contains(&p.name));
    fixed.chain(others).filter(open).collect()
}

/// Every question the topic's scenarios may be asked, before the model says
/// which have an answer: for each scenario, any lever; each candidate lever
/// alone; another than the fix's, where there is a candidate.
fn questions_of(topic: &dyn Topic) -> Vec<Question> {
    let levers = topic_levers(topic);
    let mut out = Vec::new();
    for scenario in scenarios(topic) {
        let names = candidates(topic, scenario, &levers);
        let q = |variant| Question { scenario, variant };
        out.push(q(Variant::Any));
        out.extend(names.iter().map(|p| q(Variant::Only(p.name))));
        if names.iter().any(|p| !fix_sets(scenario.story, p.name)) {
            out.push(q(Variant::Other));
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

/// The value the story's fix gives `spec`, if it sets it.
fn fix_value(story: &Preset, spec: &ParamSpec) -> Option<f64> {
    story
        .fix?
        .set
        .iter()
        .find(|(n, _)| *n == spec.name)
        .and_then(|(_, t)| spec.parse(t).ok())
}

/// Scans the scenario's candidate levers for values that make its check
/// pass (kept for the next call: a page asks the key and the explanation).
pub fn analyse(topic: &dyn Topic, s: Scenario) -> Option<Analysis> {
    let key = (topic.id(), s.story.id, s.check.id);
    let found = ANALYSES.with(|m| m.get_or(key, || analysis(topic, s)));
    let a = found.as_ref().as_ref()?;
    WORKS.with(|w| {
        let mut w = w.borrow_mut();
        for l in &a.levers {
            w.insert((key, l.spec.name), true);
        }
        for d in &a.duds {
            w.insert((key, d.name), false);
        }
    });
    Some(a.clone())
}

fn analysis(topic: &dyn Topic, s: Scenario) -> Option<Analysis> {
    let base = topic.preset_params(s.story, false).ok()?;
    let verdict = topic.run(&base).verdict(s.check.id)?.clone();
    let pool = POOLS.with(|m| m.get_or(topic.id(), || Pool::of(topic)));
    let mut levers = Vec::new();
    let mut duds = Vec::new();
    for spec in candidates(topic, s, &pool.levers) {
        let (spans, sample, miss) = scan(topic, &base, s.check.id, spec, fix_value(s.story, spec));
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

/// The values a scan tries: every choice, or the grid, the fix's value and
/// values near the story's, in order.
fn tried(spec: &ParamSpec, now: f64, fix_value: Option<f64>) -> Vec<f64> {
    let (min, max, step) = match spec.kind {
        ParamKind::Choice(options) => return (0..options.len()).map(|i| i as f64).collect(),
        ParamKind::Number { min, max, step, .. } => (min, max, step),
    };
    let mut grid = grid(spec, min, max, step);
    grid.extend(fix_value);
    // Near the story's value too, where a learner would look first.
    let snap = |v: f64| spec.clamp(min + ((v - min) / step).round() * step);
    grid.extend(NEAR.iter().map(|k| snap(now * k)));
    grid.sort_by(f64::total_cmp);
    grid.dedup();
    grid
}

/// A value a scan tries that makes the check pass with `spec` alone over
/// `base`: `first` (the fix's value) tried first, then near the story's,
/// then the rest of the grid; it stops at the first that passes (found
/// where a scan finds one, in fewer runs).
pub fn passing(
    topic: &dyn Topic,
    base: &Params,
    check: &str,
    spec: &'static ParamSpec,
    first: Option<f64>,
) -> Option<f64> {
    let now = base.get(spec.name);
    let mut order = tried(spec, now, first);
    order.sort_by(|a, b| {
        let rank = |v: &f64| (Some(*v) != first, (v - now).abs());
        let (x, y) = (rank(a), rank(b));
        x.0.cmp(&y.0).then(x.1.total_cmp(&y.1))
    });
    order
        .into_iter()
        .find(|v| *v != now && passes(topic, base, check, spec, *v))
}

/// Whether `spec` alone fixes the scenario's check (kept for the next ask).
fn works(topic: &dyn Topic, s: Scenario, base: &Params, spec: &'static ParamSpec) -> bool {
    let key = ((topic.id(), s.story.id, s.check.id), spec.name);
    if let Some(w) = WORKS.with(|w| w.borrow().get(&key).copied()) {
        return w;
    }
    let w = passing(topic, base, s.check.id, spec, fix_value(s.story, spec)).is_some();
    WORKS.with(|m| m.borrow_mut().insert(key, w));
    w
}

/// Whether the model finds an answer to the question.
pub fn answerable(topic: &dyn Topic, q: &Question) -> bool {
    let s = q.scenario;
    let Ok(base) = topic.preset_params(s.story, false) else {
        return false;
    };
    let levers = POOLS.with(|m| m.get_or(topic.id(), || Pool::of(topic)));
    let names = candidates(topic, s, &levers.levers);
    names
        .into_iter()
        .filter(|p| q.variant.allows(s.story, p.name))
        .any(|p| works(topic, s, &base, p))
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
    let (min, step) = match spec.kind {
        ParamKind::Choice(options) => {
            let pass: Vec<usize> = (0..options.len()).filter(|i| ok(*i as f64)).collect();
            let miss = (0..options.len()).find(|i| !pass.contains(i) && *i as f64 != now);
            let sample = fix_value
                .filter(|v| pass.contains(&(*v as usize)))
                .or(pass.first().map(|i| *i as f64));
            let spans = pass.into_iter().map(Span::Choice).collect();
            return (spans, sample, miss.map(|i| i as f64));
        }
        ParamKind::Number { min, step, .. } => (min, step),
    };
    let grid = tried(spec, now, fix_value);
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

/// A topic's levers and the questions its scenarios may be asked.
struct Pool {
    levers: Vec<&'static str>,
    questions: Vec<Question>,
}

impl Pool {
    fn of(topic: &dyn Topic) -> Pool {
        Pool {
            levers: topic_levers(topic),
            questions: questions_of(topic),
        }
    }
}

type Key = (&'static str, &'static str, &'static str);

thread_local! {
    /// Each topic's pool (two runs a story), kept for the next question.
    static POOLS: Memo<&'static str, Pool> = const { Memo::with_capacity(9) };
    /// The last scenarios analysed (a page asks for the key and the reasons).
    static ANALYSES: Memo<Key, Option<Analysis>> = const { Memo::with_capacity(12) };
    /// Whether a lever fixes a scenario's check alone, as found so far.
    static WORKS: RefCell<HashMap<(Key, &'static str), bool>> = RefCell::new(HashMap::new());
}

/// The questions of `level` among `all` (all of them where none is).
fn at_level(all: &[Question], level: Level) -> Vec<Question> {
    let same: Vec<Question> = all
        .iter()
        .filter(|q| q.variant.level() == level)
        .copied()
        .collect();
    if same.is_empty() {
        all.to_vec()
    } else {
        same
    }
}

/// How many questions a seed chooses among at `level` (the first draw of
/// [`pose`] is below it).
pub(crate) fn count(topic: &dyn Topic, level: Level) -> usize {
    let pool = POOLS.with(|m| m.get_or(topic.id(), || Pool::of(topic)));
    at_level(&pool.questions, level).len()
}

/// Every question the model finds an answer to (for the tests and the
/// count of a topic's questions): each scenario asked for any lever, for
/// each lever that fixes it alone, and for another than the fix's where the
/// model finds one.
pub fn questions(topic: &dyn Topic) -> Vec<Question> {
    let pool = POOLS.with(|m| m.get_or(topic.id(), || Pool::of(topic)));
    pool.questions
        .iter()
        .filter(|q| answerable(topic, q))
        .copied()
        .collect()
}

/// Draws a question at `level` from `seed`: the seed's question where the
/// model finds it an answer, else the next that has one (at the level, then
/// at any); the story's values, the failing verdict, and the question.
pub fn pose(topic: &dyn Topic, seed: u64, level: Level) -> Option<Posed> {
    let pool = POOLS.with(|m| m.get_or(topic.id(), || Pool::of(topic)));
    let at = at_level(&pool.questions, level);
    let start = SplitMix64::new(seed).below(at.len().max(1) as u64) as usize;
    let all = &pool.questions;
    let q = (0..at.len())
        .map(|k| at[(start + k) % at.len()])
        .chain((0..all.len()).map(|k| all[(start + k) % all.len()]))
        .find(|q| answerable(topic, q))?;
    ask(topic, q, seed, level)
}

/// The question `q` as a learner reads it.
fn ask(topic: &dyn Topic, q: Question, seed: u64, level: Level) -> Option<Posed> {
    let s = q.scenario;
    let base = topic.preset_params(s.story, false).ok()?;
    let verdict = topic.run(&base).verdict(s.check.id)?.clone();
    let fix = s.story.fix?;
    let label = |name: &str| find_param(topic, name).map_or("", |p| p.label);
    // The verdict's reason often names its lever: it is said after an answer.
    let asked = match q.variant {
        Variant::Any => {
            "Which one parameter would you change so that it passes, and to what?".to_string()
        }
        Variant::Only(name) => {
            let story = find_param(topic, name).map(|p| p.display(base.get(name)));
            format!(
                "Change only “{}” (the story has {}): to what value would it pass?",
                label(name),
                story.unwrap_or_default()
            )
        }
        Variant::Other => {
            let own: Vec<&str> = fix.set.iter().map(|(n, _)| label(n)).collect();
            format!(
                "The story's own fix, “{}”, sets “{}”: leave {} as the story has {}. Which other parameter would you change so that it passes, and to what?",
                fix.label,
                own.join("” and “"),
                if own.len() == 1 { "it" } else { "them" },
                if own.len() == 1 { "it" } else { "them" },
            )
        }
    };
    let text = format!(
        "“{}”: {}. The check “{}” ({}) fails: {}. {asked}",
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
        level,
        text,
        body: Body::Lever(LeverAsk {
            scenario: s,
            variant: q.variant,
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

/// Why an answer on `spec` is no answer to this question, if it is not: it
/// moves what the story asks for, or it is not the lever the question asks
/// about.
fn refusal(topic: &dyn Topic, ask: &LeverAsk, spec: &ParamSpec) -> Option<String> {
    let story = ask.scenario.story;
    if story.requirement.contains(&spec.name) {
        return Some(format!(
            "{} is what this story asks for — {}; a lever must leave it standing.",
            spec.label,
            spec.display(ask.base.get(spec.name))
        ));
    }
    if ask.variant.allows(story, spec.name) {
        return None;
    }
    Some(match ask.variant {
        Variant::Only(name) => format!(
            "This question asks what {} should be; answer with that one.",
            find_param(topic, name).map_or(name, |p| p.label)
        ),
        _ => format!(
            "{} is what the story's own fix sets, off the table in this question; choose another lever.",
            spec.label
        ),
    })
}

/// Marks a lever by running the model with it over the story's values: the
/// check passes, or why not and whether that lever can fix it at all. A
/// lever that moves the story's requirement, or another than the question
/// allows, is refused and not counted.
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
    if let Some(why) = refusal(topic, ask, spec) {
        return unread(why);
    }
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

/// The key: the first lever the model finds that the question allows, and
/// a value of it that passes.
pub fn key(topic: &dyn Topic, ask: &LeverAsk) -> Option<(&'static ParamSpec, f64)> {
    let a = analyse(topic, ask.scenario)?;
    a.levers
        .iter()
        .find(|l| ask.variant.allows(ask.scenario.story, l.spec.name))
        .map(|l| (l.spec, l.sample))
}

/// Every lever that fixes the check alone and where, as the model finds
/// them (read once the question is answered or given up).
pub fn explain(topic: &dyn Topic, ask: &LeverAsk) -> Vec<String> {
    let Some(a) = analyse(topic, ask.scenario) else {
        return Vec::new();
    };
    let story = ask.scenario.story;
    let mut out: Vec<String> = a
        .levers
        .iter()
        .map(|l| {
            let own = if fix_sets(story, l.spec.name) {
                " (the story's own fix sets it)"
            } else {
                ""
            };
            format!(
                "{} fixes it alone at {}{own}.",
                l.spec.label,
                l.where_it_works()
            )
        })
        .collect();
    out.extend(a.duds.iter().map(|d| {
        format!(
            "{} alone does not: no value of it passes the check.",
            d.label
        )
    }));
    out
}
