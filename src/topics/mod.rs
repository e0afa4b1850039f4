//! The registry: every topic the product knows, in menu order. A topic that is
//! not built yet has `topic: None` and shows as "coming" in the menu; adding a
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

/// One line of the menu.
pub struct Entry {
    pub id: &'static str,
    pub title: &'static str,
    pub kind: TopicKind,
    pub topic: Option<&'static dyn Topic>,
}

const fn entry(
    id: &'static str,
    title: &'static str,
    kind: TopicKind,
    topic: Option<&'static dyn Topic>,
) -> Entry {
    Entry {
        id,
        title,
        kind,
        topic,
    }
}

use TopicKind::{Explorer, Simulator};

/// The eight topics, in menu order (one line each).
#[rustfmt::skip]
pub static CATALOG: [Entry; 8] = [
    entry("consistent-hashing", "Consistent hashing", Explorer, Some(&consistent_hashing::TOPIC)),
    entry("load-balancing", "Load balancing", Explorer, Some(&load_balancing::TOPIC)),
    entry("autoscaling", "Replica autoscaling", Explorer, Some(&autoscaling::TOPIC)),
    entry("warm-pool", "Model warm pools", Explorer, Some(&warm_pool::TOPIC)),
    entry("cache-aware-routing", "Cache-aware routing & affinity", Simulator, Some(&cache_aware_routing::TOPIC)),
    entry("buying-the-fleet", "Buying the fleet", Simulator, Some(&buying_the_fleet::TOPIC)),
    entry("fleet-efficiency", "Fleet efficiency & eviction", Simulator, Some(&fleet_efficiency::TOPIC)),
    entry("tiers-and-rate-limits", "Design ChatGPT: tiers & rate limits", Simulator, Some(&tiers_and_rate_limits::TOPIC)),
];

/// The built topics, in menu order.
pub fn all() -> impl Iterator<Item = &'static dyn Topic> {
    CATALOG.iter().filter_map(|e| e.topic)
}

/// A built topic by id.
pub fn find(id: &str) -> Option<&'static dyn Topic> {
    all().find(|t| t.id() == id)
}
