//! Predict, then reveal. Before a story's outcome shows, the learner commits
//! a prediction — does a check hold, which way does a figure move when the
//! fix is applied, how big is the page's first figure — then reads the
//! model's answer beside theirs and the story's own explanation.
//!
//! Two faces: a practice question of its own (P1, [`pose`]), and the
//! prompts a topic page asks when a story is chosen ([`story_prompts`],
//! [`reveal`]). Every answer is the model's: the story is run, nothing is
//! typed to match.

use super::{Body, Kind, Level, Posed, Said};
use crate::challenge::answer::parse_answer;
use crate::model::{
    Assumptions, Base, CheckSpec, Figure, Outcome, Preset, SplitMix64, Topic, Unit,
};

/// The values a story sets, as a reader sees them: "Cards: 16 cards ·
/// Routing policy: round-robin".
pub fn setup(topic: &dyn Topic, story: &Preset) -> String {
    let specs = topic.params();
    story
        .set
        .iter()
        .filter_map(|(name, text)| {
            let s = specs.iter().find(|s| s.name == *name)?;
            let v = s.parse(text).ok()?;
            Some(format!("{}: {}", s.label, s.display(v)))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What a practice prediction asks about.
#[derive(Clone, Copy)]
enum Item {
    /// Does this check hold in the story (with its fix applied, or not)?
    Holds(&'static Preset, &'static CheckSpec, bool),
    /// Which way does this key figure move when the story's fix is applied?
    Moves(&'static Preset, &'static str),
}

/// The items of a level: easy asks whether a check holds in a story, medium
/// which way a key figure moves under the fix, hard whether a check holds
/// once the fix is applied.
fn items(topic: &dyn Topic, level: Level) -> Vec<Item> {
    let mut out = Vec::new();
    for story in topic.presets() {
        let fixed = story.fix.is_some();
        match level {
            Level::Easy => out.extend(topic.checks().iter().map(|c| Item::Holds(story, c, false))),
            Level::Medium if fixed => {
                out.extend(topic.keys().figures.iter().map(|f| Item::Moves(story, f)))
            }
            Level::Hard if fixed => {
                out.extend(topic.checks().iter().map(|c| Item::Holds(story, c, true)))
            }
            _ => {}
        }
    }
    out
}

/// How many questions a seed chooses among at `level` (the first draw of
/// [`pose`] is below it).
pub(crate) fn count(topic: &dyn Topic, level: Level) -> usize {
    items(topic, level).len()
}

/// Draws a prediction at `level`: an item from the seed, the next one where
/// the model's answer is not a clear one (a figure that is not a number).
pub fn pose(topic: &dyn Topic, seed: u64, level: Level) -> Option<Posed> {
    let all = items(topic, level);
    let start = SplitMix64::new(seed).below(all.len().max(1) as u64) as usize;
    (0..all.len()).find_map(|k| ask(topic, all[(start + k) % all.len()], seed, level))
}

fn run(topic: &dyn Topic, story: &Preset, fix: bool) -> Option<Outcome> {
    topic.preset_params(story, fix).ok().map(|p| topic.run(&p))
}

/// The story closer to production, on a topic that has a production model.
fn run_production(topic: &dyn Topic, story: &Preset, fix: bool) -> Option<Outcome> {
    if topic.about().differences.is_empty() {
        return None;
    }
    let p = topic.preset_params(story, fix).ok()?;
    Some(topic.run(&p.under(Assumptions::Production)))
}

/// Where the two models give different answers, the question says which it
/// asks about (the topic's first model, `base`) and every reason adds
/// production's answer: a prediction never grades the production behaviour
/// wrong unannounced.
fn under_both(base: Base, mut asked: Asked, production: Option<String>) -> Asked {
    if let Some(other) = production {
        asked.0 = format!("Under {}: {}", base.phrase(), asked.0);
        for o in &mut asked.1 {
            o.why = format!("{} Closer to production the answer differs: {other}", o.why);
        }
    }
    asked
}

fn ask(topic: &dyn Topic, item: Item, seed: u64, level: Level) -> Option<Posed> {
    let (text, options, key, reveal) = match item {
        Item::Holds(story, check, fix) => holds(topic, story, check, fix)?,
        Item::Moves(story, figure) => moves(topic, story, figure)?,
    };
    Some(Posed {
        topic: topic.id(),
        kind: Kind::Predict,
        seed,
        level,
        text,
        body: Body::Options { options, key },
        reveal,
    })
}

type Asked = (String, Vec<Said>, usize, String);

fn holds(topic: &dyn Topic, story: &Preset, check: &CheckSpec, fix: bool) -> Option<Asked> {
    let out = run(topic, story, fix)?;
    let v = out.verdict(check.id)?;
    let applied = match (fix, story.fix) {
        (true, Some(f)) => format!(
            ", with the fix “{}” applied ({})",
            f.label,
            fix_setup(topic, story)
        ),
        _ => String::new(),
    };
    let text = format!(
        "“{}”: {}{applied}. Before you look: does the check “{}” ({}) hold?",
        story.title,
        setup(topic, story),
        check.label,
        check.rule
    );
    let model = format!("The model: {}. {}", v.comparison(), v.why);
    let options = vec![
        Said {
            text: "Yes, it holds".into(),
            why: model.clone(),
        },
        Said {
            text: "No, it fails".into(),
            why: model,
        },
    ];
    let key = if v.pass { 0 } else { 1 };
    let production = run_production(topic, story, fix)
        .and_then(|o| o.verdict(check.id).cloned())
        .filter(|p| p.pass != v.pass)
        .map(|p| {
            let word = if p.pass { "it holds" } else { "it fails" };
            format!("{word} ({}).", p.comparison())
        });
    Some(under_both(
        topic.about().base,
        (text, options, key, explanation(story, fix)),
        production,
    ))
}

fn moves(topic: &dyn Topic, story: &Preset, figure: &str) -> Option<Asked> {
    let fix = story.fix?;
    let (a, b) = (run(topic, story, false)?, run(topic, story, true)?);
    let (fa, fb) = (
        a.figures.iter().find(|f| f.id == figure)?,
        b.figures.iter().find(|f| f.id == figure)?,
    );
    let key = direction(fa.value, fb.value)?;
    let said = went(fa, fb, key);
    let text = format!(
        "“{}”: {}. Now apply the fix “{}” ({}). Before you look: what happens to “{}”?",
        story.title,
        setup(topic, story),
        fix.label,
        fix_setup(topic, story),
        fa.label
    );
    let options = ["It rises", "It falls", "It stays within 1%"]
        .iter()
        .enumerate()
        .map(|(i, t)| Said {
            text: (*t).into(),
            why: if i == key && key == 2 {
                // The fix works elsewhere: its explanation is not this
                // figure's.
                format!("{said} The fix acts on other figures: {}", fix.explain)
            } else if i == key {
                format!("{said} {}", fix.explain)
            } else {
                format!("The model says otherwise: {said}")
            },
        })
        .collect();
    let production = (|| {
        let (pa, pb) = (
            run_production(topic, story, false)?,
            run_production(topic, story, true)?,
        );
        let (ga, gb) = (
            pa.figures.iter().find(|f| f.id == figure)?,
            pb.figures.iter().find(|f| f.id == figure)?,
        );
        let d = direction(ga.value, gb.value)?;
        (d != key).then(|| went(ga, gb, d))
    })();
    Some(under_both(
        topic.about().base,
        (text, options, key, explanation(story, true)),
        production,
    ))
}

/// What a figure does under the fix, in words that say something: "stays
/// at 4" where its text does not change, "stays within 1%: from 1.063× to
/// 1.06×" where it barely moves, else "goes from … to …".
fn went(a: &Figure, b: &Figure, direction: usize) -> String {
    let (from, to) = (a.text(), b.text());
    match direction {
        2 if from == to => format!("{} stays at {from}.", a.label),
        2 => format!("{} stays within 1%: from {from} to {to}.", a.label),
        _ => format!("{} goes from {from} to {to}.", a.label),
    }
}

/// 0 rises, 1 falls, 2 stays within 1 % (an unbounded value counts as
/// larger than any number); none for a value that is not a number.
fn direction(a: f64, b: f64) -> Option<usize> {
    if a.is_nan() || b.is_nan() {
        return None;
    }
    if a == b || (a.is_finite() && b.is_finite() && (b - a).abs() <= 0.01 * a.abs().max(b.abs())) {
        return Some(2);
    }
    Some(if b > a { 0 } else { 1 })
}

fn fix_setup(topic: &dyn Topic, story: &Preset) -> String {
    match story.fix {
        Some(f) => setup(
            topic,
            &Preset {
                set: f.set,
                fix: None,
                ..*story
            },
        ),
        None => String::new(),
    }
}

fn explanation(story: &Preset, fix: bool) -> String {
    match (fix, story.fix) {
        (true, Some(f)) => format!("{} The fix: {}", story.story, f.explain),
        _ => story.story.to_string(),
    }
}

/// A prediction a topic page asks for before a story's outcome shows.
#[derive(Clone, Debug)]
pub enum Prompt {
    /// "About how big will this figure be?"
    Figure {
        id: &'static str,
        label: &'static str,
        unit: Unit,
    },
    /// "Will this check hold?"
    Holds(&'static CheckSpec),
}

impl Prompt {
    /// The question as the page asks it.
    pub fn question(&self) -> String {
        match self {
            Prompt::Figure { label, .. } => format!("About what will “{label}” be?"),
            Prompt::Holds(c) => format!("Will “{}” hold? ({})", c.label, c.rule),
        }
    }
}

/// The predictions a page asks when a story is chosen (`fix`: when its fix
/// is applied), read against the outcome it will show: the first figure the
/// page shows, and the check the story is about — the first it fails
/// without its fix (the first check where it fails none).
pub fn story_prompts(topic: &dyn Topic, story: &Preset, outcome: &Outcome) -> Vec<Prompt> {
    let mut out = Vec::new();
    if let Some(f) = topic
        .keys()
        .figures
        .first()
        .and_then(|id| outcome.figures.iter().find(|f| f.id == *id))
    {
        out.push(Prompt::Figure {
            id: f.id,
            label: f.label,
            unit: f.unit,
        });
    }
    let failing = run(topic, story, false).and_then(|o| {
        topic
            .checks()
            .iter()
            .find(|c| o.verdict(c.id).is_some_and(|v| !v.pass))
    });
    if let Some(c) = failing.or(topic.checks().first()) {
        out.push(Prompt::Holds(c));
    }
    out
}

/// How near a guess came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Near {
    /// A figure within 10 % (a share within 5 points); a check's verdict.
    Right,
    /// A figure within 50 % (a share within 15 points).
    Range,
    Off,
}

impl Near {
    pub fn word(self) -> &'static str {
        match self {
            Near::Right => "right",
            Near::Range => "in range",
            Near::Off => "off",
        }
    }
}

/// A prediction beside the model's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Revealed {
    pub question: String,
    pub yours: String,
    pub model: String,
    pub near: Near,
    /// How near, in words: "close", "in range", "off" for a figure;
    /// "right", "wrong" for a check.
    pub said: &'static str,
}

/// What the learner predicted: a number typed in the figure's unit, or
/// whether the check holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Guess {
    Figure(String),
    Holds(bool),
}

/// Each prediction beside the model's answer in `outcome`; a figure guess
/// that cannot be read is said so, and judged off.
pub fn reveal(prompt: &Prompt, guess: &Guess, outcome: &Outcome) -> Option<Revealed> {
    reveal_with(prompt, guess, outcome, read_guess)
}

/// Reads a figure guess as a question's answer is read ("2.5k", "40 ms",
/// "1/3"), in the figure's unit; the reason it cannot, in words.
pub fn read_guess(text: &str, unit: Unit) -> Result<f64, String> {
    parse_answer(text, unit).map_err(|e| e.to_string())
}

/// What reads a figure guess: [`read_guess`], handed in where the answer
/// reader's code comes later (a browser page build fetches it with the
/// challenge panel's part, after the page's first paint).
pub type GuessReader = fn(&str, Unit) -> Result<f64, String>;

/// [`reveal`] with the figure guess read by `read`.
pub fn reveal_with(
    prompt: &Prompt,
    guess: &Guess,
    outcome: &Outcome,
    read: GuessReader,
) -> Option<Revealed> {
    let question = prompt.question();
    match (prompt, guess) {
        (Prompt::Figure { id, unit, .. }, Guess::Figure(text)) => {
            let f = outcome.figures.iter().find(|f| f.id == *id)?;
            let (yours, near) = match read(text, *unit) {
                Ok(g) => (unit.format(g), judge(*unit, g, f.value)),
                Err(e) => (format!("“{}” ({e})", text.trim()), Near::Off),
            };
            Some(Revealed {
                question,
                yours,
                model: f.text(),
                near,
                said: ["close", "in range", "off"][near as usize],
            })
        }
        (Prompt::Holds(c), Guess::Holds(said)) => {
            let v = outcome.verdict(c.id)?;
            let word = |b: bool| if b { "holds" } else { "fails" };
            Some(Revealed {
                question,
                yours: word(*said).into(),
                model: format!("{}: {}", word(v.pass), v.comparison()),
                said: if *said == v.pass { "right" } else { "wrong" },
                near: if *said == v.pass {
                    Near::Right
                } else {
                    Near::Off
                },
            })
        }
        _ => None,
    }
}

/// How near a figure must come: right within `RIGHT` of the model's (a
/// share within `SHARE_RIGHT` of it, in points), in range within `RANGE`
/// (`SHARE_RANGE`).
const RIGHT: f64 = 0.10;
const RANGE: f64 = 0.50;
const SHARE_RIGHT: f64 = 0.05;
const SHARE_RANGE: f64 = 0.15;

/// [`judge`]'s rule in words, as a reveal states it.
pub fn near_rule() -> String {
    let pct = |x: f64| format!("{}", (x * 100.0).round());
    format!(
"A figure bears out within {} % of the model's value (a percentage within {} percentage points of it), and is in range within {} % ({} percentage points).",
        pct(RIGHT),
        pct(SHARE_RIGHT),
        pct(RANGE),
        pct(SHARE_RANGE)
    )
}

/// Right within 10 % (5 points of a share), in range within 50 % (15
/// points), off beyond; an unbounded answer is met only by an unbounded guess.
pub fn judge(unit: Unit, guess: f64, model: f64) -> Near {
    if !model.is_finite() || !guess.is_finite() {
        return if guess == model {
            Near::Right
        } else {
            Near::Off
        };
    }
    let (err, right, range) = match unit {
        Unit::Share => ((guess - model).abs(), SHARE_RIGHT, SHARE_RANGE),
        _ if model == 0.0 => (guess.abs(), 1e-9, 1e-9),
        _ => ((guess - model).abs() / model.abs(), RIGHT, RANGE),
    };
    if err <= right {
        Near::Right
    } else if err <= range {
        Near::Range
    } else {
        Near::Off
    }
}
