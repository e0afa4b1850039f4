//! The simulator's notes: the sample beside the model, and the situations a
//! figure alone does not explain.

use super::params::Input;
use super::sim::PAGE_SEED;
use crate::engine::routing::{Evaluation, Policy, Scenario, POLICY_WORDS};
use crate::engine::routing_sim::SimResult;
use crate::model::{Note, Outcome, Unit};

pub(super) fn notes(
    inp: &Input,
    s: &Scenario,
    ev: &Evaluation,
    sim: &SimResult,
    out: &mut Outcome,
) {
    out.notes.push(Note::Info(format!(
        "Request-level simulation: {} arrivals drawn from the fixed random seed {PAGE_SEED}, routed by “{}” to cards that hold their {} most-requested homes. Measured hit {} against the model's {}; routed home {} against {}.",
        crate::model::units::number(sim.requests as f64),
        POLICY_WORDS
            .iter()
            .find(|(w, _)| *w == inp.policy.word())
            .map_or("", |(_, label)| *label),
        s.held,
        Unit::Share.format(sim.hit_share()),
        Unit::Share.format(ev.hit),
        Unit::Share.format(sim.affinity()),
        Unit::Share.format(ev.affinity)
    )));
    if inp.hot_share > 0.0 && inp.policy.hashes() {
        out.notes.push(Note::Info(format!(
            "A hash is blind to popularity: the hot family shares the first card with the first cold family ({} + {} req/s).",
            crate::model::units::number(inp.arrivals * s.hot_per_home()),
            crate::model::units::number(inp.arrivals * s.cold_share())
        )));
    }
    if inp.policy == Policy::HashShard2 && inp.cards < 2 {
        out.notes.push(Note::Info(
            "One card cannot shard: the hot family keeps a single home.".to_string(),
        ));
    }
    if inp.policy == Policy::HashOverflow && ev.capped_cards > 0 && ev.spill_targets == 0 {
        out.notes.push(Note::Info(
            "Every card is at or above the 60% cap, so the overflow has nowhere to go: arrivals stay on their home cards and queue.".to_string(),
        ));
    }
    if inp.policy == Policy::RoundRobin {
        out.notes.push(Note::Info(format!(
            "Only home cards keep copies (a miss prefills into working memory and drops it), so round-robin meets a copy one time in {} however big the scratch.",
            inp.cards
        )));
    }
}
