//! URL state: what a link carries, and how a query string rebuilds a page.
//!
//! A link names the view, the topic, the story (preset) and whether its fix is
//! applied, every parameter whose value differs from the *baseline* (the
//! preset with its fix when a story is named, the defaults otherwise), the
//! challenge question on show, and the embed options a course page sets. The
//! browser edge reads `location.search` through [`decode`] and writes it back
//! with [`encode`]; nothing here touches the browser, so the whole format is
//! tested natively (tests/urlstate.rs).
//!
//! Parameter values use the CLI's text form and validator
//! ([`ParamSpec::parse`], [`ParamSpec::show`]). A link is never refused:
//! out-of-range values are clamped ([`ParamSpec::clamp`]), unreadable ones
//! fall back to the baseline, unknown keys are ignored, and each adjustment
//! comes back as a sentence the page shows.
//!
//! | key | value |
//! |---|---|
//! | `view` | `home`, `practice`, `instructors`, `glossary` or `interview` (absent: a topic page, or the home page when no topic is named either) |
//! | `topic` | a topic id |
//! | `preset`, `fix` | a story id; `fix=1` applies its fix |
//! | parameter name | its value as the CLI writes it (`cards_after=65`, `scheme=ring`) |
//! | `challenge` | the challenge template on show (`C2`) |
//! | `challenge_seed` | the seed the question on show was drawn from (with `view=interview`: the mock's seed, which draws its problem and numbers) |
//! | `challenge_values` | the question's own values, `name:value` separated by commas (`C:3000,P:9000,spare:1`): the page asks exactly that question (a mock interview's review reopens its questions so); names the template does not have, or values that are not numbers or words, drop them all |
//! | `ask` | `page`: the question was asked about the page's parameters |
//! | `embed` | `1`: no site chrome, one topic |
//! | `lock` | `all`, or parameter names separated by commas |
//! | `compare` | a comparison of the topic's scene, shown side by side |
//! | `hide` | any of `hints`, `solution`, `score`, `practice`, `stories`, `scene` |
//! | `tries` | tries allowed per question, 1 to 99 |
//! | `fixed_seed` | every question uses this seed (a class gets the same numbers) |
//! | `chart_height` | chart height in CSS pixels, 160 to 800 |
//! | `kinds` | the practice page's kinds of question: any of `numbers`, `lever`, `choice`, `order`, `predict` (absent: all) |
//! | `predict` | `on`: a topic page asks for a prediction before a story's outcome shows; `off`: the practice page asks none (absent: off on a topic page, on in practice) |
//! | `intro` | `1`: a topic page opens its guided start; `0`: the page does not offer it (absent: offered, closed) |
//! | `questions` | `page`: questions are asked about the page's values; `drawn`: drawn from the seed alone (absent: about the page when embedded) |
//! | `actor`, `actor_home` | the learner the xAPI statements name: `mailto:…`, or an account name on the site `actor_home` |
//! | `theme` | `light`, `dark` or `projector` (absent: the reader's choice, or the system's) |
//! | `mode` | `graded`: graded mode, for a course that grades the page: questions drawn from the learner's seed alone, the sliders they mirror locked, no "Ask about this page" or "New question", the worked solution only once a question is over; `practice` or absent: practice. On a topic with a parameter named `mode`, the key carries both: `graded` and `practice` are never that parameter's values |
//! | `salt` | a whole number mixed with the learner (`actor`) into their questions' seed in graded mode, so two learners get different numbers and one learner the same numbers every time |
//! | `only` | the challenges asked in graded mode, template ids separated by commas (absent: all of the topic's) |
//! | `spent` | tries used and solved per challenge, as a course's launcher restores them: `C1-2-0,C2-1-1` (template, tries, solved 0 or 1) |
//! | `model` | `production`: the page runs closer to production, on a topic that has a production model; `seed` or absent: the seed card's model. On a topic with a parameter named `model`, the key carries both: `seed` and `production` are never that parameter's values |

use crate::challenge::{self, tries::Spent};
use crate::model::{learner_seed, Assumptions, Comparison, ParamError, ParamSpec, Params, Topic};
use crate::topics;
use crate::xapi::Agent;

mod embed;
mod question;
use embed::{read_embed, MODE_KEY, MODE_PAIR};
pub use question::question_iri;
use question::read_values;

/// Keys that are not parameters. No topic may name a parameter after one of
/// these (tests/urlstate.rs checks every topic).
pub const KEYS: [&str; 25] = [
    "view",
    "topic",
    "preset",
    "fix",
    "compare",
    "challenge",
    "challenge_seed",
    "ask",
    "embed",
    "lock",
    "hide",
    "tries",
    "fixed_seed",
    "chart_height",
    "questions",
    "actor",
    "actor_home",
    "theme",
    "predict",
    "kinds",
    "intro",
    "salt",
    "only",
    "spent",
    "challenge_values",
];

/// The themes a link may ask for (www/theme.js applies them before the
/// page is drawn; the page keeps the word in its address).
pub const THEMES: [&str; 3] = ["light", "dark", "projector"];

/// The kinds of question a practice page may drill (`kinds=`), in order.
pub const KIND_WORDS: [&str; 5] = ["numbers", "lever", "choice", "order", "predict"];

/// Tries allowed per question: `1..=MAX_TRIES`.
pub const MAX_TRIES: u32 = 99;
/// Chart heights a link may ask for, in CSS pixels.
pub const CHART_HEIGHT: (u32, u32) = (160, 800);
/// Seeds survive a JavaScript number exactly up to 2^53 − 1.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// At most this many adjustment sentences; the rest are counted.
const MAX_NOTES: usize = 8;
/// A link's keys beyond this many are not read (a crafted link cannot make
/// the page slow).
const MAX_KEYS: usize = 200;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// A topic page (the default).
    #[default]
    Topic,
    /// The practice drill.
    Practice,
    /// The instructors' page: build a link and an iframe snippet.
    Instructors,
    /// The home page: every topic on a learning path, with the learner's
    /// progress. An address naming neither a view nor a topic opens it.
    Home,
    /// The glossary: every term the pages use, defined in plain words.
    Glossary,
    /// A timed mock interview: one design problem, chained questions, a
    /// scorecard.
    Interview,
}

impl View {
    pub fn word(self) -> &'static str {
        match self {
            View::Topic => "topic",
            View::Practice => "practice",
            View::Instructors => "instructors",
            View::Home => "home",
            View::Glossary => "glossary",
            View::Interview => "interview",
        }
    }
}

/// Which sliders a course page fixed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Lock {
    #[default]
    None,
    All,
    /// These parameters, in spec order.
    Some(Vec<&'static str>),
}

/// What a course page turned off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hide {
    pub hints: bool,
    pub solution: bool,
    pub score: bool,
    /// The whole challenge panel.
    pub practice: bool,
    /// The stories (presets) row.
    pub stories: bool,
    /// The scene (the topic's engine, watched as it runs).
    pub scene: bool,
}

impl Hide {
    pub const WORDS: [&'static str; 6] =
        ["hints", "solution", "score", "practice", "stories", "scene"];

    fn flag(&mut self, word: &str) -> Option<&mut bool> {
        match word {
            "hints" => Some(&mut self.hints),
            "solution" => Some(&mut self.solution),
            "score" => Some(&mut self.score),
            "practice" => Some(&mut self.practice),
            "stories" => Some(&mut self.stories),
            "scene" => Some(&mut self.scene),
            _ => None,
        }
    }

    /// Whether `word` (one of [`Hide::WORDS`]) is hidden.
    pub fn is(&self, word: &str) -> bool {
        let mut copy = *self;
        copy.flag(word).is_some_and(|f| *f)
    }

    /// Hides or shows `word` (one of [`Hide::WORDS`]; others are ignored).
    pub fn set(&mut self, word: &str, on: bool) {
        if let Some(f) = self.flag(word) {
            *f = on;
        }
    }

    fn words(&self) -> Vec<&'static str> {
        Hide::WORDS.iter().copied().filter(|w| self.is(w)).collect()
    }
}

/// Where a topic page's questions take their values from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Questions {
    /// The page's values (the story on show), the rest from the seed.
    Page,
    /// The seed alone, whatever the page shows.
    Drawn,
}

impl Questions {
    pub fn word(self) -> &'static str {
        match self {
            Questions::Page => "page",
            Questions::Drawn => "drawn",
        }
    }
}

/// The embed options a course page sets in its iframe's URL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Embed {
    /// `embed=1`: no header, menu or footer; the page reports its height.
    pub on: bool,
    pub lock: Lock,
    pub hide: Hide,
    /// Tries allowed per question.
    pub tries: Option<u32>,
    /// Every question is drawn from this seed.
    pub fixed_seed: Option<u64>,
    /// Chart height in CSS pixels.
    pub chart_height: Option<u32>,
    /// Where questions take their values (none: about the page when
    /// embedded; on a full page, tabs ask about it and "New question" draws).
    pub questions: Option<Questions>,
    /// The learner the page's xAPI statements name.
    pub actor: Option<Agent>,
    /// One of [`THEMES`]: the page's look, whatever the reader chose.
    pub theme: Option<&'static str>,
    /// Predict before the outcome shows: on a topic page, before a story's
    /// outcome; on the practice page, its prediction questions. `None`: the
    /// view's default (off on a topic page, on in practice).
    pub predict: Option<bool>,
    /// The practice page's kinds of question, some of [`KIND_WORDS`] in
    /// that order (`None`: all).
    pub kinds: Option<Vec<&'static str>>,
    /// The guided start: `Some(true)` open, `Some(false)` not offered,
    /// `None` offered and closed.
    pub intro: Option<bool>,
    /// `mode=graded`: the page is graded (see [`State::graded`]).
    pub graded: bool,
    /// Mixed with the learner into their seed in graded mode.
    pub salt: Option<u64>,
    /// The templates asked in graded mode, in the topic's order (`None`:
    /// all).
    pub only: Option<Vec<String>>,
    /// Tries used and solved per template, as a launcher restores them.
    pub spent: Vec<(String, Spent)>,
}

impl Embed {
    /// Whether predictions are asked in `view`.
    pub fn predicts(&self, view: View) -> bool {
        self.predict.unwrap_or(view == View::Practice)
    }
}

/// The challenge question on show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Challenge {
    /// A template id of the topic (`C2`); none: the first.
    pub template: Option<String>,
    /// The seed the question was drawn from; none: a fresh draw.
    pub seed: Option<u64>,
    /// Asked about the page's parameters rather than drawn.
    pub live: bool,
    /// The question's own values by name (a template's variables), as
    /// typed in the link: the page asks exactly that question.
    pub values: Vec<(String, String)>,
}

/// Everything a link rebuilds.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub view: View,
    /// A built topic's id (decode always names one).
    pub topic: &'static str,
    pub preset: Option<&'static str>,
    /// Only with a preset that has a fix.
    pub fix: bool,
    /// Parameters whose value differs from the baseline, in spec order.
    pub params: Vec<(&'static str, f64)>,
    /// The comparison of the topic's scene shown side by side, by id (one
    /// the scene offers, whose parameter is not locked and whose scene is
    /// not hidden).
    pub compare: Option<&'static str>,
    /// The model the page runs (`model=`): production only on a topic with
    /// a production model.
    pub model: Assumptions,
    pub challenge: Challenge,
    pub embed: Embed,
}

impl State {
    /// A topic page at its defaults.
    pub fn new(topic: &'static dyn Topic) -> State {
        State {
            view: View::Topic,
            topic: topic.id(),
            preset: None,
            fix: false,
            params: Vec::new(),
            compare: None,
            model: Assumptions::Seed,
            challenge: Challenge::default(),
            embed: Embed::default(),
        }
    }

    /// The topic this state names (the first built topic if it names none).
    pub fn topic(&self) -> &'static dyn Topic {
        topics::find(self.topic).unwrap_or_else(first_topic)
    }

    /// The preset with its fix when one is named, the defaults otherwise.
    pub fn baseline(&self) -> Params {
        let t = self.topic();
        self.preset
            .and_then(|id| t.preset(id))
            .and_then(|p| t.preset_params(p, self.fix).ok())
            .unwrap_or_else(|| t.defaults())
            .under(self.model)
    }

    /// The parameter values the page shows: the baseline with the link's
    /// values over it (each clamped to its spec).
    pub fn params(&self) -> Params {
        let mut p = self.baseline();
        for (name, v) in &self.params {
            if let Ok(i) = p.index(name) {
                p.set_clamped(i, *v);
            }
        }
        p
    }

    /// Records `p` as the page's values: only those that differ from the
    /// baseline are kept.
    pub fn set_params(&mut self, p: &Params) {
        let base = self.baseline();
        self.params = p
            .specs()
            .iter()
            .zip(p.values().iter().zip(base.values()))
            .filter(|(_, (v, b))| v != b)
            .map(|(s, (v, _))| (s.name, *v))
            .collect();
    }

    /// The comparison shown side by side, if any.
    pub fn comparison(&self) -> Option<&'static Comparison> {
        let id = self.compare?;
        let spec = topics::scene(self.topic)?;
        spec.offered().into_iter().find(|c| c.id == id)
    }

    /// Whether the page can show comparison `c`: its parameter is not
    /// locked (a comparison changes it) and the scene is not hidden.
    pub fn can_compare(&self, c: &Comparison) -> bool {
        !self.locked(c.param) && !self.embed.hide.scene
    }

    /// Whether the slider of parameter `name` is locked: by the link, or
    /// in graded mode because a question asked mirrors it (a learner could
    /// otherwise set the question's values and read its key off the page).
    pub fn locked(&self, name: &str) -> bool {
        let by_link = match &self.embed.lock {
            Lock::None => false,
            Lock::All => true,
            Lock::Some(names) => names.contains(&name),
        };
        by_link || (self.embed.graded && self.graded_locks().contains(&name))
    }

    /// The parameters the questions of a graded page mirror (none on a
    /// practice page).
    pub fn graded_locks(&self) -> Vec<&'static str> {
        if !self.embed.graded {
            return Vec::new();
        }
        let asked = self.asked_templates();
        self.topic()
            .params()
            .iter()
            .map(|s| s.name)
            .filter(|n| {
                asked
                    .iter()
                    .flat_map(|t| &t.vars)
                    .any(|v| v.param.as_deref() == Some(*n))
            })
            .collect()
    }

    /// Graded mode (`mode=graded`): questions drawn from the learner's seed
    /// alone, never about the page.
    pub fn graded(&self) -> bool {
        self.embed.graded
    }

    /// The templates the page asks: in graded mode those `only=` names,
    /// else all of the topic's.
    pub fn asked_templates(&self) -> Vec<challenge::Template> {
        let all = challenge::templates(self.topic());
        match (&self.embed.only, self.embed.graded) {
            (Some(only), true) => all
                .into_iter()
                .filter(|t| only.iter().any(|o| o.eq_ignore_ascii_case(&t.id)))
                .collect(),
            _ => all,
        }
    }

    /// The seed every question of the page is drawn from, where one is
    /// fixed: the link's `fixed_seed`, else in graded mode the learner's
    /// (their `actor` mixed with the `salt`; no learner named: the salt's
    /// own, the same for everyone who opens the link).
    pub fn question_seed(&self) -> Option<u64> {
        let e = &self.embed;
        e.fixed_seed.or_else(|| {
            e.graded.then(|| {
                let who = e.actor.as_ref().map(|a| a.link_values().0);
                learner_seed(e.salt.unwrap_or(0), who.as_deref().unwrap_or(""))
            })
        })
    }

    /// Whether the page's questions have a fixed seed (`question_seed` is
    /// `Some`), without working it out: the learner's seed folds the
    /// learner's name to lowercase, whose Unicode tables (7 KB brotli) a
    /// topic page's first part then need not carry.
    pub fn has_question_seed(&self) -> bool {
        self.embed.fixed_seed.is_some() || self.embed.graded
    }
}

fn first_topic() -> &'static dyn Topic {
    topics::all().next().expect("at least one topic is built")
}

/// Writes `state` as a query string (no leading `?`), keys in a fixed order
/// and only what differs from the defaults.
pub fn encode(state: &State) -> String {
    let mut out: Vec<(&str, String)> = Vec::new();
    if state.view != View::Topic {
        out.push(("view", state.view.word().into()));
    }
    out.push(("topic", state.topic.into()));
    if let Some(p) = state.preset {
        out.push(("preset", p.into()));
        if state.fix {
            out.push(("fix", "1".into()));
        }
    }
    let specs = state.topic().params();
    for (name, v) in &state.params {
        let text = match specs.iter().find(|s| s.name == *name) {
            Some(s) => s.show(*v),
            None => format!("{v}"),
        };
        out.push((name, text));
    }
    if state.model != Assumptions::Seed {
        out.push((MODEL_KEY, state.model.word().into()));
    }
    if let Some(id) = state.compare {
        out.push(("compare", id.into()));
    }
    let c = &state.challenge;
    if let Some(t) = &c.template {
        out.push(("challenge", t.clone()));
    }
    if let Some(s) = c.seed {
        out.push(("challenge_seed", s.to_string()));
    }
    if c.live {
        out.push(("ask", "page".into()));
    }
    if !c.values.is_empty() {
        let pairs: Vec<String> = c.values.iter().map(|(n, v)| format!("{n}:{v}")).collect();
        out.push(("challenge_values", pairs.join(",")));
    }
    embed::write_embed(&state.embed, &mut out);
    out.iter()
        .map(|(k, v)| format!("{}={}", escape(k), escape(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Reads a query string (with or without its `?`). Never fails: what cannot
/// be used is adjusted or ignored, and each adjustment is a sentence in the
/// second value. The steps run in the order their sentences are listed.
pub fn decode(query: &str) -> (State, Vec<String>) {
    let mut notes = Vec::new();
    let pairs = Pairs::read(query, &mut notes);
    let view = match (pairs.given("view"), pairs.given("topic")) {
        // Neither a view nor a topic: the way in.
        (None, None) => View::Home,
        (v, _) => read_view(v, &mut notes),
    };
    let topic = read_topic(pairs.get("topic"), &mut notes);
    let mut state = State::new(topic);
    state.view = view;
    read_story(&mut state, &pairs, &mut notes);
    read_params(&mut state, &pairs, &mut notes);
    read_model(&mut state, &pairs, &mut notes);
    read_challenge(&mut state, &pairs, &mut notes);
    read_embed(&mut state.embed, topic, &pairs, &mut notes);
    read_compare(&mut state, &pairs, &mut notes);
    note_unknown(topic, &pairs, &mut notes);
    if notes.len() > MAX_NOTES {
        let extra = notes.len() - (MAX_NOTES - 1);
        notes.truncate(MAX_NOTES - 1);
        notes.push(format!("…and {extra} more adjustments."));
    }
    (state, notes)
}

/// The topic whose page `query` opens, when it opens a topic page that
/// names its topic (no view, or `view=topic`, and a `topic` given), read as
/// [`decode`] reads them; `None` for every other view and for a topic page
/// that names none. Whether the topic exists is not asked: a page build
/// (one topic's wasm, `Cargo.toml`'s features) serves the address only when
/// this is its own topic, and www/loader.js picks the build by the same rule.
pub fn page_topic(query: &str) -> Option<String> {
    let pairs = Pairs::read(query, &mut Vec::new());
    let topic = pairs.given("topic")?;
    matches!(pairs.get("view"), None | Some("") | Some("topic")).then(|| topic.to_string())
}

/// A link's keys and values, unescaped and trimmed; a later occurrence of a
/// key wins.
struct Pairs(Vec<(String, String)>);

impl Pairs {
    fn read(query: &str, notes: &mut Vec<String>) -> Pairs {
        let q = query.strip_prefix('?').unwrap_or(query);
        let parts: Vec<&str> = q.split('&').filter(|s| !s.is_empty()).collect();
        if parts.len() > MAX_KEYS {
            notes.push(format!(
                "The link has {} keys; only the first {MAX_KEYS} were read.",
                parts.len()
            ));
        }
        let mut pairs: Vec<(String, String)> = Vec::new();
        for part in parts.into_iter().take(MAX_KEYS) {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            let (k, v) = (
                unescape(k).trim().to_string(),
                unescape(v).trim().to_string(),
            );
            if k.is_empty() {
                continue;
            }
            // `model=seed|production` beside a topic's own `model=70b`.
            // `mode=graded|practice` beside a topic's own `mode=steady`.
            let k = if k == MODEL_KEY && Assumptions::from_word(&v).is_some() {
                ASSUMPTIONS_PAIR.to_string()
            } else if k == MODE_KEY && embed::mode_word(&v).is_some() {
                MODE_PAIR.to_string()
            } else {
                k
            };
            pairs.retain(|(old, _)| *old != k);
            pairs.push((k, v));
        }
        Pairs(pairs)
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `key` unless it is absent or blank.
    fn given(&self, key: &str) -> Option<&str> {
        self.get(key).filter(|s| !s.is_empty())
    }
}

fn read_view(v: Option<&str>, notes: &mut Vec<String>) -> View {
    match v {
        None | Some("") | Some("topic") => View::Topic,
        Some("practice") => View::Practice,
        Some("instructors") => View::Instructors,
        Some("home") => View::Home,
        Some("glossary") => View::Glossary,
        Some("interview") => View::Interview,
        Some(other) => {
            notes.push(format!(
                "There is no view “{}”; showing a topic page.",
                short(other)
            ));
            View::Topic
        }
    }
}

fn read_topic(v: Option<&str>, notes: &mut Vec<String>) -> &'static dyn Topic {
    let id = match v {
        None | Some("") => return first_topic(),
        Some(id) => id,
    };
    if let Some(t) = topics::find(id) {
        return t;
    }
    let first = first_topic();
    notes.push(if topics::CATALOG.iter().any(|e| e.id() == id) {
        format!(
            "“{id}” is coming soon; here is {} meanwhile.",
            first.title()
        )
    } else {
        format!(
            "There is no topic “{}”; showing {}.",
            short(id),
            first.title()
        )
    });
    first
}

/// The story and its fix: the baseline the parameters are read against.
fn read_story(state: &mut State, pairs: &Pairs, notes: &mut Vec<String>) {
    let topic = state.topic();
    if let Some(id) = pairs.given("preset") {
        match topic.preset(id) {
            Some(p) => state.preset = Some(p.id),
            None => notes.push(format!(
                "preset={} is not a story of {}; starting from the defaults.",
                short(id),
                topic.title()
            )),
        }
    }
    let Some(v) = pairs.get("fix") else { return };
    match flag(v) {
        Some(false) => {}
        Some(true) => {
            let has_fix = state
                .preset
                .and_then(|id| topic.preset(id))
                .is_some_and(|p| p.fix.is_some());
            if has_fix {
                state.fix = true;
            } else {
                notes.push("fix=1 needs a story that has a fix; ignored.".into());
            }
        }
        None => notes.push(format!("fix={} is not 1 or 0; ignored.", short(v))),
    }
}

/// Parameters, clamped into their specs.
fn read_params(state: &mut State, pairs: &Pairs, notes: &mut Vec<String>) {
    let mut values = state.baseline();
    for (i, spec) in state.topic().params().iter().enumerate() {
        if let Some(text) = pairs.get(spec.name) {
            read_param(&mut values, i, spec, text, notes);
        }
    }
    state.set_params(&values);
}

/// One parameter's text into `values[i]`, with a sentence when adjusted.
fn read_param(
    values: &mut Params,
    i: usize,
    spec: &ParamSpec,
    text: &str,
    notes: &mut Vec<String>,
) {
    let keep = spec.show(values.values()[i]);
    match spec.parse(text) {
        Ok(v) => {
            values.set_clamped(i, v);
        }
        Err(ParamError::OutOfRange { got, min, max, .. }) => {
            let c = values.set_clamped(i, got);
            let side = if got > max {
                format!("above the maximum {}", spec.show(max))
            } else {
                format!("below the minimum {}", spec.show(min))
            };
            notes.push(format!(
                "{}={} is {side}; using {}.",
                spec.name,
                short(text),
                spec.show(c)
            ));
        }
        Err(ParamError::NotWhole { got, .. }) => {
            let c = values.set_clamped(i, got);
            notes.push(format!(
                "{}={} is not a whole number; using {}.",
                spec.name,
                short(text),
                spec.show(c)
            ));
        }
        Err(ParamError::NotAChoice { allowed, .. }) => notes.push(format!(
            "{}={} is not one of {}; keeping {keep}.",
            spec.name,
            short(text),
            allowed.join(", ")
        )),
        Err(_) => notes.push(format!(
            "{}={} is not a number; keeping {keep}.",
            spec.name,
            short(text)
        )),
    }
}

/// The challenge on show: its template, seed and whether it was asked about
/// the page.
fn read_challenge(state: &mut State, pairs: &Pairs, notes: &mut Vec<String>) {
    let topic = state.topic();
    let templates = challenge::templates(topic);
    if let Some(id) = pairs.given("challenge") {
        match templates.iter().find(|t| t.id.eq_ignore_ascii_case(id)) {
            Some(t) => state.challenge.template = Some(t.id.clone()),
            None if templates.is_empty() => notes.push(format!(
                "{} has no challenges yet; challenge={} ignored.",
                topic.title(),
                short(id)
            )),
            None => notes.push(format!(
                "challenge={} is not one of {}; opening {}.",
                short(id),
                templates
                    .iter()
                    .map(|t| t.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                templates[0].id
            )),
        }
    }
    if let Some(v) = pairs.given("challenge_seed") {
        state.challenge.seed = seed("challenge_seed", v, "drawing a fresh question", notes);
    }
    if let Some(v) = pairs.given("challenge_values") {
        let template = match &state.challenge.template {
            Some(id) => templates.iter().find(|t| &t.id == id),
            None => templates.first(),
        };
        match template.map(|t| read_values(t, v)) {
            Some(Ok(values)) => state.challenge.values = values,
            Some(Err(why)) => notes.push(format!("challenge_values: {why}; ignored.")),
            None => notes.push("challenge_values: this page has no challenge; ignored.".into()),
        }
    }
    if let Some(v) = pairs.given("ask") {
        let template = match &state.challenge.template {
            Some(id) => templates.iter().find(|t| &t.id == id),
            None => templates.first(),
        };
        if v != "page" {
            notes.push(format!("ask={} is not “page”; ignored.", short(v)));
        } else if template.is_some_and(challenge::mirrors_page) {
            state.challenge.live = true;
        } else {
            notes.push(
                "ask=page: that challenge does not ask about the page's parameters; ignored."
                    .into(),
            );
        }
    }
}

/// The comparison shown side by side: one the topic's scene offers, on a
/// parameter the page does not lock, with the scene on show.
fn read_compare(state: &mut State, pairs: &Pairs, notes: &mut Vec<String>) {
    let Some(v) = pairs.given("compare") else {
        return;
    };
    let topic = state.topic();
    let Some(spec) = topics::scene(topic.id()) else {
        notes.push(format!(
            "{} has no scene to compare; compare={} ignored.",
            topic.title(),
            short(v)
        ));
        return;
    };
    let offered = spec.offered();
    let Some(c) = offered
        .iter()
        .copied()
        .find(|c| c.id.eq_ignore_ascii_case(v))
    else {
        let ids: Vec<&str> = offered.iter().map(|c| c.id).collect();
        notes.push(match ids.is_empty() {
            true => format!(
                "{}'s scene has no comparisons; compare={} ignored.",
                topic.title(),
                short(v)
            ),
            false => format!(
                "compare={} is not one of {}; ignored.",
                short(v),
                ids.join(", ")
            ),
        });
        return;
    };
    if state.can_compare(c) {
        state.compare = Some(c.id);
    } else if state.embed.hide.scene {
        notes.push(format!("compare={}: the scene is hidden; ignored.", c.id));
    } else {
        notes.push(format!(
            "compare={} changes {}, which this page keeps fixed; ignored.",
            c.id, c.param
        ));
    }
}

/// The link key of the model switch.
pub const MODEL_KEY: &str = "model";
/// Where [`Pairs`] keeps a `model=` whose value is an [`Assumptions`] word,
/// apart from a topic parameter named `model`.
const ASSUMPTIONS_PAIR: &str = "model (assumptions)";

/// The model the page runs: production where the topic has a production
/// model; otherwise a sentence, and the seed card's.
fn read_model(state: &mut State, pairs: &Pairs, notes: &mut Vec<String>) {
    let topic = state.topic();
    if let Some(w) = pairs.get(ASSUMPTIONS_PAIR) {
        let a = Assumptions::from_word(w).unwrap_or_default();
        if a.is_production() && topic.about().differences.is_empty() {
            notes.push(format!(
                "{} has no production model to switch to; model={} ignored.",
                topic.title(),
                a.word()
            ));
        } else {
            state.model = a;
        }
    }
    let has_param = topic.params().iter().any(|s| s.name == MODEL_KEY);
    if let (false, Some(v)) = (has_param, pairs.given(MODEL_KEY)) {
        notes.push(format!(
            "model={} is not seed or production; the page runs the seed card's model.",
            short(v)
        ));
    }
}

/// One sentence naming the keys neither the link format nor the topic uses.
fn note_unknown(topic: &'static dyn Topic, pairs: &Pairs, notes: &mut Vec<String>) {
    let unknown: Vec<String> = pairs
        .0
        .iter()
        .map(|(k, _)| k)
        .filter(|k| {
            !KEYS.contains(&k.as_str())
                && k.as_str() != MODEL_KEY
                && k.as_str() != ASSUMPTIONS_PAIR
                && k.as_str() != MODE_PAIR
                && !topic.params().iter().any(|s| s.name == *k)
        })
        .map(|k| short(k))
        .collect();
    if unknown.is_empty() {
        return;
    }
    let shown: Vec<&str> = unknown.iter().take(5).map(String::as_str).collect();
    let more = if unknown.len() > 5 {
        format!(" and {} more", unknown.len() - 5)
    } else {
        String::new()
    };
    notes.push(format!(
        "Ignored what {} does not use: {}{more}.",
        topic.title(),
        shown.join(", ")
    ));
}

/// `1/true/yes/on` (or a bare key) and `0/false/no/off`.
fn flag(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// A whole number in `lo..=hi`, clamped with a note; none (with a note) when
/// it is not a number at all.
fn whole(
    key: &str,
    v: &str,
    (lo, hi): (u64, u64),
    unit: &str,
    notes: &mut Vec<String>,
) -> Option<u64> {
    let number = v.trim().strip_suffix(unit.trim()).unwrap_or(v).trim();
    let x = match crate::model::decimal::parse(number) {
        Some(x) if x.is_finite() => x,
        _ => {
            notes.push(format!("{key}={} is not a number; ignored.", short(v)));
            return None;
        }
    };
    let c = x.round().clamp(lo as f64, hi as f64) as u64;
    if x > hi as f64 {
        notes.push(format!(
            "{key}={} is above the maximum {hi}{unit}; using {c}{unit}.",
            short(v)
        ));
    } else if x < lo as f64 {
        notes.push(format!(
            "{key}={} is below the minimum {lo}{unit}; using {c}{unit}.",
            short(v)
        ));
    } else if x.fract() != 0.0 {
        notes.push(format!(
            "{key}={} is not a whole number; using {c}{unit}.",
            short(v)
        ));
    }
    Some(c)
}

/// A seed: a whole number from 0 to [`MAX_SEED`].
fn seed(key: &str, v: &str, otherwise: &str, notes: &mut Vec<String>) -> Option<u64> {
    match v.trim().parse::<u64>() {
        Ok(s) if s <= MAX_SEED => Some(s),
        Ok(_) => {
            notes.push(format!(
                "{key}={} is above the maximum {MAX_SEED}; using {MAX_SEED}.",
                short(v)
            ));
            Some(MAX_SEED)
        }
        Err(_) => {
            notes.push(format!(
                "{key}={} is not a whole number from 0 to {MAX_SEED}; {otherwise}.",
                short(v)
            ));
            None
        }
    }
}

/// Text from a link, cut short for a sentence.
fn short(s: &str) -> String {
    const MAX: usize = 24;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(MAX - 1).collect();
        t.push('…');
        t
    }
}

/// Percent-encodes everything but unreserved characters and commas.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Decodes `%XX` and `+`; a malformed escape is kept as written, and bytes
/// that are not UTF-8 become U+FFFD.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(hi), Some(lo)) => {
                    out.push(hi * 16 + lo);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}
