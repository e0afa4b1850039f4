//! The registry: every topic the product knows, in menu order, each beside
//! the solver of its challenges. A topic that is not built yet is
//! `Entry::Coming` and shows as "coming" in the menu; adding a topic is its
//! folder, three lines here, its `challenges/<id>.toml`, and tests
//! (ARCHITECTURE.md, "How to add a topic").

use crate::challenge::{self, ChallengeError, Question, Solution, Solver, Vars};
use crate::model::{Intro, Math, Params, SceneSpec};
use crate::model::{Topic, TopicKind};

/// A topic folder's `TOPIC`: its `run`, its engine, and what the folder
/// declares where every topic declares it: its words, parameters and stories
/// (`params::ABOUT`, from its params.toml), its checks (`checks::CHECKS`) and
/// the parameters and figures its page shows first (`params::KEY_PARAMS`,
/// `figures::KEY_FIGURES`).
macro_rules! declared {
    ($run:expr, engine: $engine:expr) => {
        declared!($run, engine: $engine, preview: None)
    };
    ($run:expr, engine: $engine:expr, preview: $preview:expr) => {
        declared!($run, engine: $engine, preview: $preview, differences: &[])
    };
    ($run:expr, engine: $engine:expr, preview: $preview:expr, differences: $differences:expr) => {
        declared!($run, engine: $engine, preview: $preview, differences: $differences,
            keys: $crate::model::Keys::of(params::KEY_PARAMS, figures::KEY_FIGURES))
    };
    ($run:expr, engine: $engine:expr, preview: $preview:expr, differences: $differences:expr, keys: $keys:expr) => {
        $crate::model::Declared {
            about: $crate::model::About {
                declares: $crate::model::Declarations::of(
                    &params::PARAMS,
                    &params::PRESETS,
                    &checks::CHECKS,
                ),
                keys: $keys,
                differences: $differences,
                ..params::ABOUT
            },
            run: $run,
            engine: $engine,
            preview: $preview,
        }
    };
}

pub mod autoscaling;
pub mod buying_the_fleet;
pub mod cache_aware_routing;
pub mod consistent_hashing;
pub mod fleet_efficiency;
pub mod inside_a_replica;
pub mod load_balancing;
pub mod tiers_and_rate_limits;
pub mod warm_pool;

/// One line of the menu: a built topic, a topic built in another of the
/// browser's page builds (it holds one topic; its menu links the others,
/// whose pages load their own build), or one announced as "coming".
pub enum Entry {
    Built(Parts),
    Elsewhere {
        id: &'static str,
        title: &'static str,
        kind: TopicKind,
    },
    Coming {
        id: &'static str,
        title: &'static str,
        kind: TopicKind,
    },
}

/// A built topic and what is registered beside it: its scene (its request-level engine, watched as it runs,
/// `model::scene`), its guided start (a few toy-scale steps, each a picture
/// from that scene, `model::intro`) and its math panel (equations, units,
/// symbols, key terms).
pub struct Parts {
    pub topic: &'static dyn Topic,
    pub scene: &'static SceneSpec,
    pub intro: &'static Intro,
    pub math: &'static Math,
}

/// The entry of a built topic: its folder's `TOPIC`, `SCENE`
/// (`scene::SCENE`), `INTRO` (`intro::INTRO`) and `MATH`
/// (`notes_math::MATH`), when this build holds the topic (its cargo
/// feature, the topic's id; every build but a browser page build holds them
/// all); otherwise only its name, and nothing of its code is linked in.
macro_rules! built {
    ($folder:ident, $feature:literal) => {
        if cfg!(feature = $feature) {
            Entry::Built(Parts {
                topic: &$folder::TOPIC,
                scene: &$folder::SCENE,
                intro: &$folder::INTRO,
                math: &$folder::MATH,
            })
        } else {
            Entry::Elsewhere {
                id: $folder::ABOUT.id,
                title: $folder::ABOUT.title,
                kind: $folder::ABOUT.kind,
            }
        }
    };
}

impl Entry {
    pub fn id(&self) -> &'static str {
        match self {
            Entry::Built(p) => p.topic.id(),
            Entry::Elsewhere { id, .. } | Entry::Coming { id, .. } => id,
        }
    }
    pub fn title(&self) -> &'static str {
        match self {
            Entry::Built(p) => p.topic.title(),
            Entry::Elsewhere { title, .. } | Entry::Coming { title, .. } => title,
        }
    }
    pub fn kind(&self) -> TopicKind {
        match self {
            Entry::Built(p) => p.topic.kind(),
            Entry::Elsewhere { kind, .. } | Entry::Coming { kind, .. } => *kind,
        }
    }
    pub fn topic(&self) -> Option<&'static dyn Topic> {
        self.parts().map(|p| p.topic)
    }
    pub fn parts(&self) -> Option<&Parts> {
        match self {
            Entry::Built(p) => Some(p),
            Entry::Elsewhere { .. } | Entry::Coming { .. } => None,
        }
    }
    /// Whether the topic has a page (in this build or another).
    pub fn has_page(&self) -> bool {
        !matches!(self, Entry::Coming { .. })
    }
}

/// The nine topics, in menu order. A topic not built yet is
/// `Entry::Coming { id, title, kind }` and shows as "coming".
pub static CATALOG: [Entry; 9] = [
    built!(consistent_hashing, "consistent-hashing"),
    built!(load_balancing, "load-balancing"),
    built!(autoscaling, "autoscaling"),
    built!(warm_pool, "warm-pool"),
    built!(inside_a_replica, "inside-a-replica"),
    built!(cache_aware_routing, "cache-aware-routing"),
    built!(buying_the_fleet, "buying-the-fleet"),
    built!(fleet_efficiency, "fleet-efficiency"),
    built!(tiers_and_rate_limits, "tiers-and-rate-limits"),
];

/// What is registered beside a built topic, by topic id.
fn parts(id: &str) -> Option<&'static Parts> {
    CATALOG
        .iter()
        .filter_map(Entry::parts)
        .find(|p| p.topic.id() == id)
}

/// The scene of a built topic, by topic id.
pub fn scene(id: &str) -> Option<&'static SceneSpec> {
    parts(id).map(|p| p.scene)
}

/// The guided start of a built topic, by topic id.
pub fn intro(id: &str) -> Option<&'static Intro> {
    parts(id).map(|p| p.intro)
}

/// The math panel of a built topic, by topic id.
pub fn math(id: &str) -> Option<&'static Math> {
    parts(id).map(|p| p.math)
}

/// The built topics, in menu order.
pub fn all() -> impl Iterator<Item = &'static dyn Topic> {
    CATALOG.iter().filter_map(Entry::topic)
}

/// The challenge solver of a built topic (its folder's `SOLVER`), by topic
/// id. Not one of the [`Parts`]: only the challenges' code asks for a
/// solver, so that in a browser page build the solvers go with the
/// challenge panel's part, fetched after the page's first paint
/// (src/web/practice_load.rs), where a table the page reads would keep them
/// in its first part.
pub fn solver(id: &str) -> Option<&'static dyn Solver> {
    macro_rules! solver {
        ($folder:ident, $feature:literal) => {
            if cfg!(feature = $feature) && id == $folder::ABOUT.id {
                return Some(&$folder::SOLVER);
            }
        };
    }
    solver!(consistent_hashing, "consistent-hashing");
    solver!(load_balancing, "load-balancing");
    solver!(autoscaling, "autoscaling");
    solver!(warm_pool, "warm-pool");
    solver!(inside_a_replica, "inside-a-replica");
    solver!(cache_aware_routing, "cache-aware-routing");
    solver!(buying_the_fleet, "buying-the-fleet");
    solver!(fleet_efficiency, "fleet-efficiency");
    solver!(tiers_and_rate_limits, "tiers-and-rate-limits");
    None
}

/// A built topic by id.
pub fn find(id: &str) -> Option<&'static dyn Topic> {
    all().find(|t| t.id() == id)
}

fn solver_or_err(topic: &dyn Topic) -> Result<&'static dyn Solver, ChallengeError> {
    solver(topic.id())
        .ok_or_else(|| ChallengeError::NoTemplate(format!("{} has no challenges", topic.id())))
}

/// Template `id` of a registered topic drawn from `seed` and solved.
pub fn question(topic: &dyn Topic, id: &str, seed: u64) -> Result<Question, ChallengeError> {
    challenge::question(solver_or_err(topic)?, id, seed)
}

/// Template `id` of a registered topic drawn for a graded page showing
/// `params`: from `seed`, passing over draws whose key the page shows.
pub fn graded_question(
    topic: &dyn Topic,
    id: &str,
    seed: u64,
    params: &Params,
) -> Result<Question, ChallengeError> {
    let solver = solver_or_err(topic)?;
    challenge::graded::graded_question(solver, id, seed, params, static_text(topic.id()))
}

/// Template `id` of a registered topic asked about the page's parameters.
pub fn question_live(
    topic: &dyn Topic,
    id: &str,
    seed: u64,
    params: &Params,
) -> Result<Question, ChallengeError> {
    challenge::question_live(solver_or_err(topic)?, id, seed, params)
}

/// Template `id` of a registered topic asked on the values a link names.
pub fn question_on(
    topic: &dyn Topic,
    id: &str,
    seed: u64,
    values: &[(String, String)],
) -> Result<Question, ChallengeError> {
    challenge::question_on(solver_or_err(topic)?, id, seed, values)
}

/// Template `id` of a registered topic solved on given values.
pub fn solve(topic: &dyn Topic, id: &str, vars: &Vars) -> Result<Solution, String> {
    challenge::solve(solver_or_err(topic).map_err(|e| e.to_string())?, id, vars)
}

/// The words a topic's page carries whatever its values: its title,
/// question, parameters, stories, checks, math, guided start, what
/// production does differently and its challenge templates; and the
/// glossary's definitions, which its terms link to. A graded question passes
/// over a key these already hold (a learner may read "20%" in a story and
/// take it for the answer), so its key is no number the page states anyway
/// (src/challenge/graded.rs). Built once per topic.
pub fn static_text(id: &str) -> &'static str {
    static TEXT: std::sync::OnceLock<Vec<(&'static str, String)>> = std::sync::OnceLock::new();
    let all = TEXT.get_or_init(|| all().map(|t| (t.id(), build_static_text(t))).collect());
    all.iter()
        .find(|(t, _)| *t == id)
        .map_or("", |(_, text)| text.as_str())
}

fn build_static_text(t: &dyn Topic) -> String {
    let mut out: Vec<&str> = Vec::new();
    let a = t.about();
    out.extend([a.title, a.question, a.source]);
    for s in t.params() {
        out.extend([s.label, s.help, s.source]);
        if let crate::model::ParamKind::Choice(options) = s.kind {
            out.extend(options.iter().map(|(_, label)| *label));
        }
    }
    for p in t.presets() {
        out.extend([p.title, p.story]);
        if let Some(f) = &p.fix {
            out.extend([f.label, f.explain]);
        }
    }
    for c in t.checks() {
        out.extend([c.label, c.rule]);
    }
    if let Some(m) = math(t.id()) {
        out.push(m.intro);
        out.extend(m.equations.iter().flat_map(|e| [e.name, e.note]));
        out.extend(m.symbols.iter().map(|s| s.meaning));
    }
    if let Some(i) = intro(t.id()) {
        for s in i.steps {
            out.extend([s.title, s.text]);
            if let Some(p) = &s.predict {
                out.extend([p.question, p.reveal]);
                out.extend(p.choices.iter().copied());
            }
        }
    }
    for d in a.differences {
        out.extend([d.title, d.card, d.production, d.source]);
    }
    out.extend(crate::glossary::TERMS.iter().map(|term| term.short));
    let mut text = out.join("\n");
    for tpl in challenge::templates(t) {
        for part in [&tpl.title, &tpl.prompt, &tpl.solution]
            .into_iter()
            .chain(&tpl.hints)
        {
            text.push('\n');
            text += part;
        }
    }
    text
}
