//! The topic trait: what every explorer and simulator is to the rest of the
//! program. Small and object-safe, so the registry is a list of `&dyn Topic`
//! and the page, the CLI and the tests treat all eight alike.

use super::outcome::{CheckSpec, Outcome};
use super::param::{ParamError, ParamSpec, Params};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopicKind {
    /// A concept explorer: one seed card's idea and its worked example.
    Explorer,
    /// A simulator: a fleet-design story with fixes.
    Simulator,
}

impl TopicKind {
    pub fn word(self) -> &'static str {
        match self {
            TopicKind::Explorer => "concept explorer",
            TopicKind::Simulator => "simulator",
        }
    }
}

/// What "apply the fix" changes on top of its preset.
#[derive(Clone, Copy, Debug)]
pub struct Fix {
    pub label: &'static str,
    /// Why it works, in a sentence.
    pub explain: &'static str,
    pub set: &'static [(&'static str, &'static str)],
}

/// A story: parameter values over the defaults, and optionally a fix.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// Stable id (`modulo-doubling`), a contract (docs/contract.md).
    pub id: &'static str,
    pub title: &'static str,
    /// The story in two or three sentences.
    pub story: &'static str,
    /// `(parameter, value as text)` applied over the defaults.
    pub set: &'static [(&'static str, &'static str)],
    /// The parameters that state what the story asks of the fleet — its
    /// demand, a resize, an SLO target, a budget — as opposed to the
    /// operator's levers: a choose-the-lever answer must leave them
    /// standing. Named by every story with a fix.
    pub requirement: &'static [&'static str],
    pub fix: Option<Fix>,
}

/// A topic's heavy inner loop, exposed for the benchmark (`fleetlab bench`
/// natively, `fleetlabBench()` in the browser): `run(n, seed)` processes `n`
/// items (requests, families, seconds) and returns a checksum, so the work
/// cannot be optimised away.
#[derive(Clone, Copy, Debug)]
pub struct Engine {
    /// What it does, in a few words ("route requests through the cards").
    pub name: &'static str,
    /// What one item is ("requests").
    pub unit: &'static str,
    /// A size that takes about a tenth of a second natively.
    pub default_n: u64,
    pub run: fn(n: u64, seed: u64) -> u64,
}

/// What a topic is: its ids, words and declarations, as one static value.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// Stable kebab-case id (`consistent-hashing`).
    pub id: &'static str,
    pub title: &'static str,
    pub kind: TopicKind,
    /// The question the page answers, in a sentence.
    pub question: &'static str,
    /// Where the model comes from (seed card, spec section).
    pub source: &'static str,
    pub declares: Declarations,
    /// What its page shows first.
    pub keys: Keys,
    /// The seed cards the topic draws on, as its source names them (`0` for
    /// seed card 000): an explorer feeds the simulators that draw on its card
    /// (the home page's learning path).
    pub seed_cards: &'static [u16],
    /// Where its first model comes from: a seed card's, unless no seed card
    /// sketches the topic (`base` in its params.toml).
    pub base: super::Base,
    /// Where the topic's seed card simplifies and production does otherwise,
    /// each run under [`Assumptions::Production`](super::Assumptions) (empty:
    /// the topic runs the seed card's model under both).
    pub differences: &'static [super::Difference],
}

/// What a page puts in its first screen: the parameters and figures its
/// stories move and read (in a topic folder: `params::KEY_PARAMS`,
/// `figures::KEY_FIGURES`). The other parameters fold under "More
/// parameters", the other figures under "More figures".
#[derive(Clone, Copy, Debug)]
pub struct Keys {
    /// Three or four parameter names.
    pub params: &'static [&'static str],
    /// One to three figure ids, in the order shown: the first screen shows
    /// at most three figures beside the checks.
    pub figures: &'static [&'static str],
    /// The same closer to production ([`Keys::closer_to_production`];
    /// `figures` unless a topic says otherwise).
    pub production: &'static [&'static str],
}

impl Keys {
    pub const fn of(params: &'static [&'static str], figures: &'static [&'static str]) -> Keys {
        Keys {
            params,
            figures,
            production: figures,
        }
    }

    /// Closer to production, where a check judges another statistic than
    /// under the seed card's model (a p95 for a mean), the key figures show
    /// the one it judges (in a topic folder: `figures::KEY_FIGURES_PRODUCTION`).
    pub const fn closer_to_production(self, figures: &'static [&'static str]) -> Keys {
        Keys {
            production: figures,
            ..self
        }
    }

    /// The key figures under the model a run assumes.
    pub fn figures_under(&self, production: bool) -> &'static [&'static str] {
        if production {
            self.production
        } else {
            self.figures
        }
    }
}

/// What a topic declares beside its words: its parameters, its stories and
/// its checks (in a topic folder: `params::PARAMS`, `params::PRESETS`,
/// `checks::CHECKS`).
#[derive(Clone, Copy, Debug)]
pub struct Declarations {
    pub params: &'static [ParamSpec],
    pub presets: &'static [Preset],
    pub checks: &'static [CheckSpec],
}

impl Declarations {
    pub const fn of(
        params: &'static [ParamSpec],
        presets: &'static [Preset],
        checks: &'static [CheckSpec],
    ) -> Declarations {
        Declarations {
            params,
            presets,
            checks,
        }
    }
}

pub trait Topic: Sync {
    /// The topic's declarations.
    fn about(&self) -> &About;
    fn id(&self) -> &'static str {
        self.about().id
    }
    fn title(&self) -> &'static str {
        self.about().title
    }
    fn kind(&self) -> TopicKind {
        self.about().kind
    }
    fn question(&self) -> &'static str {
        self.about().question
    }
    fn source(&self) -> &'static str {
        self.about().source
    }
    fn params(&self) -> &'static [ParamSpec] {
        self.about().declares.params
    }
    fn presets(&self) -> &'static [Preset] {
        self.about().declares.presets
    }
    fn checks(&self) -> &'static [CheckSpec] {
        self.about().declares.checks
    }
    fn keys(&self) -> Keys {
        self.about().keys
    }
    fn seed_cards(&self) -> &'static [u16] {
        self.about().seed_cards
    }
    /// The model: pure, deterministic, total over every value the specs allow.
    fn run(&self, params: &Params) -> Outcome;
    /// The inner loop worth benchmarking, if the topic has one.
    fn engine(&self) -> Option<Engine> {
        None
    }
    /// An outcome for a slider on the move, where [`Topic::run`] would take
    /// longer than a frame for these values (a long simulation not yet
    /// run): the same figures, checks, notes and charts, the simulated ones
    /// from a short run, and a note that says so. `None` where `run` is
    /// quick (every topic without such a simulation, and values already
    /// simulated). The page shows it while the slider moves and runs
    /// `run` once it rests.
    fn preview(&self, _params: &Params) -> Option<Outcome> {
        None
    }
}

/// A topic as one static value: its declarations, its model and its
/// engine. Every topic folder's `mod.rs` declares its `TOPIC` this way.
#[derive(Clone, Copy, Debug)]
pub struct Declared {
    pub about: About,
    pub run: fn(&Params) -> Outcome,
    pub engine: Option<Engine>,
    /// [`Topic::preview`], where the topic has one.
    pub preview: Option<fn(&Params) -> Option<Outcome>>,
}

impl Topic for Declared {
    fn about(&self) -> &About {
        &self.about
    }
    fn run(&self, params: &Params) -> Outcome {
        (self.run)(params)
    }
    fn engine(&self) -> Option<Engine> {
        self.engine
    }
    fn preview(&self, params: &Params) -> Option<Outcome> {
        self.preview.and_then(|f| f(params))
    }
}

impl dyn Topic + '_ {
    pub fn defaults(&self) -> Params {
        Params::defaults(self.params())
    }

    pub fn preset(&self, id: &str) -> Option<&'static Preset> {
        self.presets().iter().find(|p| p.id == id)
    }

    /// The parameters of a preset, with its fix applied when `fix` is set.
    pub fn preset_params(&self, preset: &Preset, fix: bool) -> Result<Params, ParamError> {
        let mut p = self.defaults();
        p.apply(preset.set)?;
        if fix {
            if let Some(f) = &preset.fix {
                p.apply(f.set)?;
            }
        }
        Ok(p)
    }
}
