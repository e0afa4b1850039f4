//! The registry: every topic the product knows, in menu order, each beside
//! the solver of its challenges. A topic that is not built yet is
//! `Entry::Coming` and shows as "coming" in the menu; adding a topic is its
//! folder, two lines here, its `challenges/<id>.toml`, and tests
//! (ARCHITECTURE.md, "How to add a topic").

use crate::challenge::{self, ChallengeError, Question, Solution, Solver, Vars};
use crate::model::{Params, SceneSpec};
use crate::model::{Topic, TopicKind};

pub mod autoscaling;
pub mod buying_the_fleet;
pub mod cache_aware_routing;
pub mod consistent_hashing;
pub mod fleet_efficiency;
pub mod load_balancing;
pub mod tiers_and_rate_limits;
pub mod warm_pool;

/// One line of the menu: a built topic, or one announced as "coming".
pub enum Entry {
    /// A topic and the solver of its challenges, side by side.
    Built(&'static dyn Topic, &'static dyn Solver),
    Coming {
        id: &'static str,
        title: &'static str,
        kind: TopicKind,
    },
}

impl Entry {
    pub fn id(&self) -> &'static str {
        match self {
            Entry::Built(t, _) => t.id(),
            Entry::Coming { id, .. } => id,
        }
    }
    pub fn title(&self) -> &'static str {
        match self {
            Entry::Built(t, _) => t.title(),
            Entry::Coming { title, .. } => title,
        }
    }
    pub fn kind(&self) -> TopicKind {
        match self {
            Entry::Built(t, _) => t.kind(),
            Entry::Coming { kind, .. } => *kind,
        }
    }
    pub fn topic(&self) -> Option<&'static dyn Topic> {
        match self {
            Entry::Built(t, _) => Some(*t),
            Entry::Coming { .. } => None,
        }
    }
}

/// The eight topics, in menu order. A topic not built yet is
/// `Entry::Coming { id, title, kind }` and shows as "coming".
pub static CATALOG: [Entry; 8] = [
    Entry::Built(&consistent_hashing::TOPIC, &consistent_hashing::SOLVER),
    Entry::Built(&load_balancing::TOPIC, &load_balancing::SOLVER),
    Entry::Built(&autoscaling::TOPIC, &autoscaling::SOLVER),
    Entry::Built(&warm_pool::TOPIC, &warm_pool::SOLVER),
    Entry::Built(&cache_aware_routing::TOPIC, &cache_aware_routing::SOLVER),
    Entry::Built(&buying_the_fleet::TOPIC, &buying_the_fleet::SOLVER),
    Entry::Built(&fleet_efficiency::TOPIC, &fleet_efficiency::SOLVER),
    Entry::Built(
        &tiers_and_rate_limits::TOPIC,
        &tiers_and_rate_limits::SOLVER,
    ),
];

/// The scenes, by topic id: a topic's request-level engine, watched as it
/// runs (`model::scene`). Each is its folder's `scene::SCENE`.
static SCENES: &[(&str, &SceneSpec)] = &[
    ("load-balancing", &load_balancing::SCENE),
    ("autoscaling", &autoscaling::SCENE),
    ("warm-pool", &warm_pool::SCENE),
    ("buying-the-fleet", &buying_the_fleet::SCENE),
    ("fleet-efficiency", &fleet_efficiency::SCENE),
    ("tiers-and-rate-limits", &tiers_and_rate_limits::SCENE),
    ("cache-aware-routing", &cache_aware_routing::SCENE),
    ("consistent-hashing", &consistent_hashing::SCENE),
];

/// The scene of a built topic, by topic id.
pub fn scene(id: &str) -> Option<&'static SceneSpec> {
    SCENES.iter().find(|(t, _)| *t == id).map(|(_, s)| *s)
}

/// The built topics, in menu order.
pub fn all() -> impl Iterator<Item = &'static dyn Topic> {
    CATALOG.iter().filter_map(Entry::topic)
}

/// The challenge solver of a built topic, by topic id.
pub fn solver(id: &str) -> Option<&'static dyn Solver> {
    CATALOG.iter().find_map(|e| match e {
        Entry::Built(t, s) if t.id() == id => Some(*s),
        _ => None,
    })
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

/// Template `id` of a registered topic asked about the page's parameters.
pub fn question_live(
    topic: &dyn Topic,
    id: &str,
    seed: u64,
    params: &Params,
) -> Result<Question, ChallengeError> {
    challenge::question_live(solver_or_err(topic)?, id, seed, params)
}

/// Template `id` of a registered topic solved on given values.
pub fn solve(topic: &dyn Topic, id: &str, vars: &Vars) -> Result<Solution, String> {
    challenge::solve(solver_or_err(topic).map_err(|e| e.to_string())?, id, vars)
}
