//! Mock interviews: one design problem walked through chained questions, the
//! way a systems-design interviewer runs it. A problem is a story drawn from
//! a seed (a chat product, a tiered API, a bursty batch service, the capacity
//! chain from daily users to dollars, a zone lost at the peak), seven steps
//! across the topics, and one change of requirements half-way ("traffic
//! grows", "a new tier with a p99 SLO", "the budget is cut").
//!
//! Every key comes from a topic's own challenge formula through the registry
//! (`topics::solve`): a step names a topic's template, and builds the values
//! that formula reads from the story and from the candidate's earlier
//! numbers. So a follow-up is graded against the key computed from the
//! candidate's own number, and the exact chain (every earlier number right)
//! says whether that number was right. Steps the candidate skipped, or
//! answered with a number the formula cannot take, carry the key instead.
//!
//! Pure: the seed and the clock come in from the edge.

mod bursts;
mod capacity;
mod chat;
mod region;
pub mod rubric;
mod session;
mod tiers;

pub use session::{announce, fresh_seed, Session, LENGTHS};

use crate::challenge::answer::parse_answer;
use crate::challenge::progress::{DimTally, InterviewResult};
use crate::challenge::slip::{self, Slip};
use crate::challenge::{self, Solution, Template, Tolerance, Value, Vars, Verdict};
use crate::model::{units, ParamKind, SplitMix64, Unit};
use crate::topics;
use crate::urlstate::{self, State};

/// The problems, in seed order: seed `s` draws problem `s mod 5`.
pub static PROBLEMS: [&Problem; 5] = [
    &chat::PROBLEM,
    &tiers::PROBLEM,
    &bursts::PROBLEM,
    &capacity::PROBLEM,
    &region::PROBLEM,
];

/// What an answer shows about the candidate: the scorecard's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    Estimation,
    TradeOffs,
    Cost,
    Reliability,
}

impl Dim {
    pub const ALL: [Dim; 4] = [Dim::Estimation, Dim::TradeOffs, Dim::Cost, Dim::Reliability];

    /// "estimation", "trade-offs", "cost", "reliability" (the record's keys).
    pub fn word(self) -> &'static str {
        match self {
            Dim::Estimation => "estimation",
            Dim::TradeOffs => "trade-offs",
            Dim::Cost => "cost",
            Dim::Reliability => "reliability",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Dim::Estimation => "Estimation",
            Dim::TradeOffs => "Trade-offs",
            Dim::Cost => "Cost",
            Dim::Reliability => "Reliability",
        }
    }
}

/// The values a step's formula reads, from the story and the numbers carried
/// from earlier steps (`carried[i]`: step i's number as the candidate left
/// it); `None` when those numbers leave no question to ask.
pub type Values = fn(&Vars, &[f64]) -> Option<Vars>;

/// One question of a problem.
pub struct Step {
    pub dim: Dim,
    /// The topic whose challenge formula gives the key, and its template.
    pub topic: &'static str,
    pub template: &'static str,
    /// The earlier steps whose numbers this one takes.
    pub uses: &'static [usize],
    /// The question in the interviewer's words (`{name}`: a value of the
    /// step, or of the formula's solution).
    pub prompt: &'static str,
    /// The worked solution; `{solution}` is the template's own, filled.
    pub worked: &'static str,
    pub values: Values,
}

/// One design problem.
pub struct Problem {
    pub id: &'static str,
    /// Title, brief and change: `{name}` is a value of the story.
    pub title: &'static str,
    pub brief: &'static str,
    /// The change of requirements, announced before step `change_at`.
    pub change: &'static str,
    pub change_at: usize,
    pub story: fn(&mut SplitMix64) -> Vars,
    pub steps: &'static [Step],
}

/// A problem drawn from a seed: its story.
pub struct Mock {
    pub problem: &'static Problem,
    pub seed: u64,
    story: Vars,
}

/// What an earlier step gave a follow-up.
#[derive(Clone, Debug, PartialEq)]
pub struct Carry {
    pub step: usize,
    /// The number the follow-up took (the candidate's, or the key).
    pub used: f64,
    /// That step's key in the exact chain.
    pub exact: f64,
    pub unit: Unit,
    /// Whether the number taken was the candidate's (else that step was
    /// skipped or unreadable, and its key was taken).
    pub theirs: bool,
    /// Whether the number taken grades correct against the exact key.
    pub right: bool,
}

/// One step as asked of this candidate, and how it went.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub index: usize,
    pub dim: Dim,
    pub topic: &'static str,
    /// The template's title ("Replicas for a peak with a spare").
    pub title: String,
    pub text: String,
    pub unit: Unit,
    pub tolerance: Tolerance,
    /// The key computed from the candidate's own earlier numbers.
    pub key: f64,
    /// The key when every earlier number is right.
    pub exact: f64,
    pub worked: String,
    pub built_on: Vec<Carry>,
    /// The earlier step whose number the formula could not take (its key
    /// was carried instead).
    pub refused: Option<usize>,
    /// What the candidate typed (none: skipped or out of time), and the
    /// number read from it.
    pub answer: Option<String>,
    pub given: Option<f64>,
    pub verdict: Option<Verdict>,
    /// The slip a wrong number shows (off by exactly 3,600×: per second
    /// for per hour), as the practice pages diagnose it.
    pub slip: Option<Slip>,
    /// The answer against the exact chain's key.
    pub exact_verdict: Option<Verdict>,
    /// The topic page showing this step's exact values (a query string).
    pub link: String,
}

impl Asked {
    /// The key as the review writes it, in the question's unit.
    pub fn key_text(&self) -> String {
        self.unit.format(self.key)
    }
}

/// One row of the scorecard: points are 1 for a correct answer and ½ for a
/// close one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tally {
    pub dim: Dim,
    pub asked: u32,
    pub correct: u32,
    pub close: u32,
}

impl Tally {
    pub fn points(&self) -> f64 {
        self.correct as f64 + 0.5 * self.close as f64
    }
    /// "strong", "mixed" or "needs work" (nothing asked: "not asked").
    pub fn verdict(&self) -> &'static str {
        scale(self.points(), self.asked as f64)
    }
}

/// The scorecard's word for `points` of `of`: "strong" from three quarters,
/// "mixed" from two fifths, else "needs work" (of none: "not asked").
pub fn scale(points: f64, of: f64) -> &'static str {
    if of <= 0.0 {
        return "not asked";
    }
    match points / of {
        s if s >= 0.75 => "strong",
        s if s >= 0.4 => "mixed",
        _ => "needs work",
    }
}

/// The scorecard of a walk: a row per dimension, in [`Dim::ALL`] order.
pub fn scorecard(asked: &[Asked]) -> [Tally; 4] {
    Dim::ALL.map(|dim| {
        let mine = asked.iter().filter(|a| a.dim == dim);
        let count = |v: Verdict| mine.clone().filter(|a| a.verdict == Some(v)).count() as u32;
        Tally {
            dim,
            asked: mine.clone().count() as u32,
            correct: count(Verdict::Correct),
            close: count(Verdict::Close),
        }
    })
}

/// A finished mock as the progress record keeps it (dimensions in
/// [`Dim::ALL`] order, as [`scorecard`] gives them).
pub fn result(mock: &Mock, minutes: u32, card: &[Tally; 4]) -> InterviewResult {
    InterviewResult {
        problem: mock.problem.id.to_string(),
        seed: mock.seed,
        minutes,
        dims: card.map(|t| DimTally {
            asked: t.asked,
            correct: t.correct,
            close: t.close,
        }),
    }
}

/// Grades `text` against `key`: correct inside the template's tolerance,
/// close inside five times it, as the practice panel grades; a number off
/// by a slip's exact factor is wrong however near (as there).
pub fn grade(text: &str, key: f64, unit: Unit, tolerance: Tolerance) -> Verdict {
    match parse_answer(text, unit) {
        Err(_) => Verdict::Unreadable,
        Ok(x) if tolerance.accepts(x, key) => Verdict::Correct,
        Ok(x) if slip::diagnose(x, key, unit, tolerance).is_some() => Verdict::Wrong,
        Ok(x) if tolerance.widen(5.0, key).accepts(x, key) => Verdict::Close,
        Ok(_) => Verdict::Wrong,
    }
}

impl Mock {
    /// The problem seed `seed` draws (without drawing its story).
    pub fn problem_of(seed: u64) -> &'static Problem {
        PROBLEMS[(seed % PROBLEMS.len() as u64) as usize]
    }

    /// The problem seed `seed` draws, and its story.
    pub fn new(seed: u64) -> Mock {
        let problem = Mock::problem_of(seed);
        let story = (problem.story)(&mut SplitMix64::new(seed));
        Mock {
            problem,
            seed,
            story,
        }
    }

    pub fn steps(&self) -> usize {
        self.problem.steps.len()
    }

    /// The story's values, by name (what the steps' values read).
    pub fn story(&self) -> &Vars {
        &self.story
    }

    pub fn title(&self) -> String {
        self.say(self.problem.title)
    }

    pub fn brief(&self) -> String {
        self.say(self.problem.brief)
    }

    /// The change of requirements, in words.
    pub fn change(&self) -> String {
        self.say(self.problem.change)
    }

    fn say(&self, text: &str) -> String {
        challenge::fill(text, &self.story, &Solution::default(), "")
    }

    /// The first `upto` steps as asked of a candidate whose answers so far
    /// are `answers` (an empty answer: skipped), each graded if answered.
    pub fn walk(&self, answers: &[String], upto: usize) -> Vec<Asked> {
        let steps = &self.problem.steps[..upto.min(self.steps())];
        let mut exact: Vec<f64> = Vec::new();
        let mut keys: Vec<f64> = Vec::new();
        let mut carried: Vec<f64> = Vec::new();
        let mut out: Vec<Asked> = Vec::new();
        for (i, step) in steps.iter().enumerate() {
            let t = template(step);
            let unit = t.unit();
            let (evars, esol, _) = self
                .ask(step, &t, &exact, &exact, &exact)
                .expect("the exact chain always has an answer");
            let (vars, sol, took) =
                self.ask(step, &t, &carried, &keys, &exact)
                    .unwrap_or_else(|| {
                        let first = step.uses.first().map(|&j| (j, exact[j]));
                        (evars.clone(), esol.clone(), first)
                    });
            let refused = took.map(|(j, _)| j);
            let answer = answers.get(i).filter(|a| !a.trim().is_empty()).cloned();
            let given = answer
                .as_deref()
                .and_then(|a| parse_answer(a, unit).ok())
                .filter(|x| x.is_finite());
            let verdict = answer
                .as_deref()
                .map(|a| grade(a, sol.answer, unit, t.tolerance));
            let exact_verdict = answer
                .as_deref()
                .map(|a| grade(a, esol.answer, unit, t.tolerance));
            let slip = given
                .filter(|_| verdict != Some(Verdict::Correct))
                .and_then(|x| slip::diagnose(x, sol.answer, unit, t.tolerance));
            let built_on: Vec<Carry> = step
                .uses
                .iter()
                .map(|&j| {
                    // A number the formula refused is not the one taken.
                    let used = match took {
                        Some((r, x)) if r == j => x,
                        _ => carried[j],
                    };
                    Carry {
                        step: j,
                        used,
                        exact: exact[j],
                        unit: out[j].unit,
                        theirs: out[j].given.is_some() && refused != Some(j),
                        right: out[j].tolerance.accepts(used, exact[j]),
                    }
                })
                .collect();
            let answer_text = unit.format(sol.answer);
            let own = challenge::fill(&t.solution, &vars, &sol, &answer_text);
            let worked_sol = sol.clone().with("solution", own);
            let text = prompt(step, &built_on, &out, &vars, &sol, &answer_text);
            out.push(Asked {
                index: i,
                dim: step.dim,
                topic: step.topic,
                title: t.title.clone(),
                text,
                unit,
                tolerance: t.tolerance,
                key: sol.answer,
                exact: esol.answer,
                worked: challenge::fill(step.worked, &vars, &worked_sol, &answer_text),
                built_on,
                refused,
                answer,
                given,
                verdict,
                slip,
                exact_verdict,
                link: link(step, &t, &vars, self.seed),
            });
            exact.push(esol.answer);
            keys.push(sol.answer);
            // A step left without a number goes on with the interviewer's
            // stand-in, never its key: the mock gives nothing away before
            // the review.
            carried.push(given.unwrap_or_else(|| self.stand_in_for(i, sol.answer, &t)));
        }
        out
    }

    /// The stand-in for step `i` (key `key` in this chain): of the two
    /// directions, the first every later step that takes step `i`'s number
    /// can take (with every other number right), else the first.
    fn stand_in_for(&self, i: usize, key: f64, t: &Template) -> f64 {
        let steps = self.problem.steps;
        let up = stand_in(key, t.unit(), t.tolerance, self.seed, i);
        let down = stand_in_toward(key, t.unit(), t.tolerance, !leans_up(self.seed, i));
        let later: Vec<&Step> = steps[i + 1..]
            .iter()
            .filter(|s| s.uses.contains(&i))
            .collect();
        if later.is_empty() {
            return up;
        }
        let exact = self.exact_chain();
        let takes = |x: f64| {
            let mut numbers = exact.clone();
            numbers[i] = x;
            later.iter().all(|s| {
                self.ask(s, &template(s), &numbers, &exact, &exact)
                    .is_some_and(|(_, _, refused)| refused.is_none())
            })
        };
        [up, down].into_iter().find(|&x| takes(x)).unwrap_or(up)
    }

    /// Every step's key when every earlier number is right.
    fn exact_chain(&self) -> Vec<f64> {
        let mut exact = Vec::new();
        for step in self.problem.steps {
            let (_, sol, _) = self
                .ask(step, &template(step), &exact, &exact, &exact)
                .expect("the exact chain always has an answer");
            exact.push(sol.answer);
        }
        exact
    }

    /// Step `step`'s values and solution on the numbers `carried`; where the
    /// formula refuses them, on the interviewer's stand-in for the refused
    /// number (a round number near the exact chain's, as an interviewer
    /// says "that is far off; take about 40 and go on"), then on `keys`
    /// (each earlier step's key in this chain) and then on `exact`; with
    /// the earlier step it refused and the number taken in its place.
    #[allow(clippy::type_complexity)]
    fn ask(
        &self,
        step: &Step,
        t: &Template,
        carried: &[f64],
        keys: &[f64],
        exact: &[f64],
    ) -> Option<(Vars, Solution, Option<(usize, f64)>)> {
        let topic = topics::find(step.topic)?;
        let solve = |numbers: &[f64]| {
            let mut vars = (step.values)(&self.story, numbers)?;
            t.attach_units(&mut vars);
            let sol = topics::solve(topic, step.template, &vars).ok()?;
            sol.answer.is_finite().then_some((vars, sol))
        };
        if let Some((v, s)) = solve(carried) {
            return Some((v, s, None));
        }
        let refused = step
            .uses
            .iter()
            .copied()
            .find(|&j| carried[j] != keys[j])
            .or(step.uses.first().copied());
        let with = |from: &[f64]| {
            let mut numbers = carried.to_vec();
            for &j in step.uses {
                numbers[j] = from[j];
            }
            numbers
        };
        let mut stood = carried.to_vec();
        if let Some(r) = refused {
            let t = template(&self.problem.steps[r]);
            stood[r] = stand_in(exact[r], t.unit(), t.tolerance, self.seed, r);
        }
        [stood, with(keys), with(exact)]
            .into_iter()
            .find_map(|numbers| {
                let (v, s) = solve(&numbers)?;
                Some((v, s, refused.map(|j| (j, numbers[j]))))
            })
    }
}

/// A number the interviewer offers for a step the candidate left without
/// one ("take 250 req/s and go on"): the key moved a quarter up or a fifth
/// down (by the seed and the step, so a candidate cannot undo it), rounded
/// to two significant figures (a count to a whole one), and never a number
/// the key's tolerance accepts. A key of 0 stands in as 1 (a share as 10 %).
pub fn stand_in(key: f64, unit: Unit, tolerance: Tolerance, seed: u64, step: usize) -> f64 {
    stand_in_toward(key, unit, tolerance, leans_up(seed, step))
}

/// Whether the stand-in of `step` in mock `seed` is drawn above its key.
fn leans_up(seed: u64, step: usize) -> bool {
    (seed ^ step as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1
}

/// [`stand_in`] moved up (a quarter) or down (a fifth) as `up` says.
fn stand_in_toward(key: f64, unit: Unit, tolerance: Tolerance, up: bool) -> f64 {
    if !key.is_finite() {
        return key;
    }
    let share = matches!(unit, Unit::Share);
    let mut factor = if up { 1.25 } else { 0.8 };
    if share && key * factor > 1.0 {
        factor = 0.8;
    }
    let two_figures = |x: f64| {
        if x == 0.0 {
            return x;
        }
        let step = 10f64.powf(x.abs().log10().floor() - 1.0);
        (x / step).round() * step
    };
    let mut x = two_figures(key * factor);
    if matches!(unit, Unit::Count(_)) {
        x = x.round();
    }
    if key == 0.0 {
        x = if share { 0.1 } else { 1.0 };
    }
    let count = matches!(unit, Unit::Count(_));
    // A step as wide as the tolerance at least, so each one leaves it.
    let width = match tolerance {
        Tolerance::Abs(a) => a,
        Tolerance::Rel(r) => r * key.abs(),
        Tolerance::Exact => 0.0,
    };
    let nudge = if count {
        1.0
    } else {
        (key.abs() * 0.3).max(width * 1.5).max(1e-6)
    };
    let mut down = !up;
    for _ in 0..64 {
        if !tolerance.accepts(x, key) && (!count || x >= 1.0) {
            break;
        }
        if down && x - nudge >= 0.0 {
            x -= nudge;
        } else {
            down = false;
            x += nudge;
        }
    }
    x
}

/// A step's question in the interviewer's words. Where an earlier step it
/// takes was left without the candidate's number, the number it takes is
/// the interviewer's stand-in, said as such ("Question 1 was skipped: take
/// 250 req/s for it") and never called the candidate's ("your").
fn prompt(
    step: &Step,
    built_on: &[Carry],
    asked: &[Asked],
    vars: &Vars,
    sol: &Solution,
    answer: &str,
) -> String {
    let stood_in: Vec<&Carry> = built_on.iter().filter(|c| !c.theirs).collect();
    if stood_in.is_empty() {
        return challenge::fill(step.prompt, vars, sol, answer);
    }
    let mut text = String::new();
    for c in &stood_in {
        let earlier = &asked[c.step];
        let why = match (&earlier.answer, earlier.given) {
            (None, _) => "was skipped".to_string(),
            (Some(_), None) => "has no number that can be read".to_string(),
            (Some(_), Some(x)) => format!(
                "was answered {}, which this question cannot take",
                c.unit.format(x)
            ),
        };
        text += &format!(
            "Question {} {why}: take {} for it and go on. ",
            c.step + 1,
            c.unit.format(c.used)
        );
    }
    let body = step
        .prompt
        .replace("your ", "the ")
        .replace("Your ", "The ");
    text + &challenge::fill(&body, vars, sol, answer)
}

/// The template a step asks through.
fn template(step: &Step) -> Template {
    topics::find(step.topic)
        .and_then(|topic| challenge::template(topic, step.template).ok())
        .expect("every step names a template of a built topic")
}

/// The topic page asking exactly the step's question as this candidate met
/// it: its values in the link (`challenge_values`), and those a slider
/// shows on the sliders: `?topic=…`.
fn link(step: &Step, t: &Template, vars: &Vars, seed: u64) -> String {
    let Some(topic) = topics::find(step.topic) else {
        return String::new();
    };
    let mut p = topic.defaults();
    for v in &t.vars {
        let Some(name) = &v.param else { continue };
        let Ok(i) = p.index(name) else { continue };
        let x = match p.specs()[i].kind {
            ParamKind::Choice(options) => {
                let word = vars.word(&v.name);
                match options.iter().position(|o| o.0 == word) {
                    Some(k) => k as f64,
                    None => continue,
                }
            }
            ParamKind::Number { .. } => vars.num(&v.name),
        };
        if x.is_finite() {
            p.set_clamped(i, x);
        }
    }
    let mut state = State::new(topic);
    state.set_params(&p);
    // The values the template's own draw names (not the interviewer's
    // extra words): the formula reads no others.
    let drawn = topics::question(topic, &t.id, seed & urlstate::MAX_SEED)
        .map(|q| q.vars)
        .unwrap_or_default();
    let values = vars
        .values
        .iter()
        .filter(|(n, _)| drawn.values.iter().any(|(d, _)| d == n))
        .filter_map(|(n, value)| {
            let text = match value {
                Value::Num(x) if x.is_finite() => x.to_string(),
                Value::Word(w) => w.clone(),
                Value::Num(_) => return None,
            };
            Some((n.clone(), text))
        })
        .collect();
    state.challenge = urlstate::Challenge {
        template: Some(t.id.clone()),
        seed: Some(seed & urlstate::MAX_SEED),
        live: false,
        values,
    };
    format!("?{}", urlstate::encode(&state))
}

// ---------------------------------------------------------------------------
// Helpers for the problems' stories and values.

/// The values template `template` of `topic` draws from the next seed of
/// `rng`, by the topic's own draw (named as the template names them).
fn drawn(topic: &str, template: &str, rng: &mut SplitMix64) -> Vars {
    let seed = rng.next_u64() & urlstate::MAX_SEED;
    topics::find(topic)
        .and_then(|t| topics::question(t, template, seed).ok())
        .map(|q| q.vars)
        .unwrap_or_default()
}

/// As [`drawn`], drawn again (up to 32 times) until the template's key is at
/// least `least`; the last draw stands if none is.
fn drawn_keyed(topic: &str, template: &str, least: f64, rng: &mut SplitMix64) -> Vars {
    let mut v = drawn(topic, template, rng);
    for _ in 0..32 {
        if key_of(topic, template, &v).is_some_and(|k| k >= least) {
            break;
        }
        v = drawn(topic, template, rng);
    }
    v
}

/// The key of template `template` of `topic` on `vars`, if it has one.
fn key_of(topic: &str, template: &str, vars: &Vars) -> Option<f64> {
    let t = topics::find(topic)?;
    topics::solve(t, template, vars).ok().map(|s| s.answer)
}

/// Copies `from`'s value `name` (and how it is shown) into `to` as `as_name`.
fn copy(to: &mut Vars, from: &Vars, name: &str, as_name: &str) {
    if let Some((_, v)) = from.values.iter().find(|(n, _)| n == name) {
        to.set(as_name, v.clone());
    }
    if let Some((_, u)) = from.units.iter().find(|(n, _)| n == name) {
        to.units.push((as_name.to_string(), *u));
    }
}

/// The story's values a formula reads: `(as the template names it, as the
/// story does)`.
fn pick(story: &Vars, names: &[(&str, &str)]) -> Vars {
    let mut v = Vars::default();
    for (as_name, name) in names {
        copy(&mut v, story, name, as_name);
    }
    v
}

/// Sets `name` to `x`, shown in `unit`.
fn put(v: &mut Vars, name: &str, x: f64, unit: Unit) {
    v.set_num(name, x);
    v.units.retain(|(n, _)| n != name);
    v.units.push((name.to_string(), unit));
}

/// Sets `name` to a sentence of the text.
fn say(v: &mut Vars, name: &str, text: String) {
    v.set(name, Value::Word(text));
}

/// `x` as a whole number in `lo..=hi`, if it is one.
fn whole(x: f64, lo: f64, hi: f64) -> Option<f64> {
    (x.fract() == 0.0 && (lo..=hi).contains(&x)).then_some(x)
}

/// The cost step: what the candidate's fleet of step `uses[0]` bills per
/// hour at its rent (autoscaling's C2), on `values`, which are
/// [`fleet_bill`]'s for that step's number.
const fn bill_step(prompt: &'static str, uses: &'static [usize], values: Values) -> Step {
    Step {
        dim: Dim::Cost,
        topic: "autoscaling",
        template: "C2",
        uses,
        prompt,
        worked: "Every {one} bills its rent, the spares as much as the busy ones: \
                 {N} × {price} = {answer}.",
        values,
    }
}

/// The autoscaling bill's values (template C2) for the candidate's fleet of
/// `n` (shown as `{N}` in `unit`): the story's peak and spare (`C`, `P`,
/// `spare`, `price`) when `n` is the fleet that peak needs, else a peak `n`
/// replicas carry exactly, with no spare. The bill is `n` × the price
/// either way. `{one}` is one of what `unit` counts ("replica").
fn fleet_bill(s: &Vars, n: f64, unit: Unit) -> Option<Vars> {
    let n = whole(n, 1.0, 2000.0)?;
    let mut v = pick(s, &[("C", "C"), ("price", "price")]);
    let story = pick(s, &[("C", "C"), ("P", "P"), ("spare", "spare")]);
    if key_of("autoscaling", "C1", &story) == Some(n) {
        copy(&mut v, s, "P", "P");
        copy(&mut v, s, "spare", "spare");
    } else {
        v.set_num("P", n * s.num("C"));
        v.set_num("spare", 0.0);
    }
    put(&mut v, "N", n, unit);
    if let Unit::Count(noun) = unit {
        say(&mut v, "one", units::singular(noun).to_string());
    }
    Some(v)
}

/// One of `values`, drawn.
fn one_of(rng: &mut SplitMix64, values: &[f64]) -> f64 {
    values[rng.below(values.len() as u64) as usize]
}
