//! What every topic's challenge tests reach for: the topic by id, a worked
//! example solved on hand-built values, a named value of a solution.

use fleetlab::challenge::{Solution, Vars};
use fleetlab::model::{Params, Topic};

pub fn topic(id: &str) -> &'static dyn Topic {
    fleetlab::topics::find(id).unwrap_or_else(|| panic!("{id} is registered"))
}

/// Solves template `template` of topic `id` on hand-built values.
pub fn solve(id: &str, template: &str, values: &[(&str, f64)]) -> Solution {
    fleetlab::topics::solve(topic(id), template, &Vars::numbers(values))
        .unwrap_or_else(|e| panic!("{id} {template}: {e}"))
}

/// The page of story `preset` of topic `id` (± its fix), then `set` over it.
pub fn page(id: &str, preset: &str, fix: bool, set: &[(&str, &str)]) -> Params {
    let t = topic(id);
    let mut p = t.preset_params(t.preset(preset).unwrap(), fix).unwrap();
    p.apply(set).unwrap();
    p
}

/// A topic module's helpers, bound to its topic id: `topic()`,
/// `solve(template, values)` and `value(solution, name)`.
macro_rules! for_topic {
    ($id:literal) => {
        #[allow(dead_code)]
        fn topic() -> &'static dyn fleetlab::model::Topic {
            $crate::support::topic($id)
        }
        #[allow(dead_code)]
        fn solve(template: &str, values: &[(&str, f64)]) -> fleetlab::challenge::Solution {
            $crate::support::solve($id, template, values)
        }
        #[allow(dead_code)]
        fn value<'a>(s: &'a fleetlab::challenge::Solution, name: &str) -> &'a str {
            s.value(name).unwrap_or_else(|| panic!("no value {name}"))
        }
    };
}
