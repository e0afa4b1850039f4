//! The registry: every topic the product knows, in menu order. A topic that is
//! not built yet is `Entry::Coming` and shows as "coming" in the menu; adding a
//! topic is its model file, one line here, its `challenges/<id>.toml`, and tests.

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
    Built(&'static dyn Topic),
    Coming {
        id: &'static str,
        title: &'static str,
        kind: TopicKind,
    },
}

impl Entry {
    pub fn id(&self) -> &'static str {
        match self {
            Entry::Built(t) => t.id(),
            Entry::Coming { id, .. } => id,
        }
    }
    pub fn title(&self) -> &'static str {
        match self {
            Entry::Built(t) => t.title(),
            Entry::Coming { title, .. } => title,
        }
    }
    pub fn kind(&self) -> TopicKind {
        match self {
            Entry::Built(t) => t.kind(),
            Entry::Coming { kind, .. } => *kind,
        }
    }
    pub fn topic(&self) -> Option<&'static dyn Topic> {
        match self {
            Entry::Built(t) => Some(*t),
            Entry::Coming { .. } => None,
        }
    }
}

/// The eight topics, in menu order. A topic not built yet is
/// `Entry::Coming { id, title, kind }` and shows as "coming".
pub static CATALOG: [Entry; 8] = [
    Entry::Built(&consistent_hashing::TOPIC),
    Entry::Built(&load_balancing::TOPIC),
    Entry::Built(&autoscaling::TOPIC),
    Entry::Built(&warm_pool::TOPIC),
    Entry::Built(&cache_aware_routing::TOPIC),
    Entry::Built(&buying_the_fleet::TOPIC),
    Entry::Built(&fleet_efficiency::TOPIC),
    Entry::Built(&tiers_and_rate_limits::TOPIC),
];

/// The built topics, in menu order.
pub fn all() -> impl Iterator<Item = &'static dyn Topic> {
    CATALOG.iter().filter_map(Entry::topic)
}

/// A built topic by id.
pub fn find(id: &str) -> Option<&'static dyn Topic> {
    all().find(|t| t.id() == id)
}
