//! The simulator's notes: the sample beside the model, and the situations a
//! figure alone does not explain.

use super::params::{Input, PREFILL_TOK_S};
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
    let cards_hold = if inp.production {
        format!(
            "to cards whose LRU prefix caches keep the {} most recently used openings",
            s.held
        )
    } else {
        format!("to cards that hold their {} most-requested homes", s.held)
    };
    out.notes.push(Note::Info(format!(
        "Request-level simulation: {} arrivals drawn from the fixed random seed {PAGE_SEED}, routed by “{}” {cards_hold}. Measured hit {} against the model's {}; routed home {} against {}.",
        crate::model::units::number(sim.requests as f64),
        POLICY_WORDS
            .iter()
            .find(|(w, _)| *w == inp.policy.word())
            .map_or("", |(_, label)| *label),
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
    if inp.production {
        production_notes(inp, ev, out);
    } else if inp.policy == Policy::RoundRobin {
        out.notes.push(Note::Info(format!(
            "Only home cards keep copies (a miss prefills into working memory and drops it), so round-robin meets a copy one time in {} however big the scratch.",
            inp.cards
        )));
    }
}

/// Closer to production: what round-robin's copies cost, and what the
/// re-prefills take from the fleet.
fn production_notes(inp: &Input, ev: &Evaluation, out: &mut Outcome) {
    if inp.policy == Policy::RoundRobin {
        let sent = ev.max_homes();
        let need = sent as f64 * inp.copy_mb() / 1000.0;
        let fits = if inp.held() >= sent {
            format!(
                "{} holds them all, so every arrival finds its opening after the first",
                Unit::Gb.format(inp.scratch_gb)
            )
        } else {
            format!(
                "{} holds {} of them, so {} of arrivals hit; every arrival would once a card's scratch holds all {sent} ({})",
                Unit::Gb.format(inp.scratch_gb),
                inp.held(),
                Unit::Share.format(ev.hit),
                Unit::Gb.format((need * 100.0).ceil() / 100.0)
            )
        };
        out.notes.push(Note::Info(format!(
            "Closer to production each card keeps every opening it prefills until its LRU prefix cache evicts it, so round-robin sends every card every family's opening: {sent} a card, {} copies of each where a hash keeps one. {fits}.",
            inp.cards
        )));
    }
    let misses = inp.arrivals * (1.0 - ev.hit).max(0.0);
    if misses > 0.0 {
        let tokens = misses * inp.preamble_tokens;
        out.notes.push(Note::Info(format!(
            "Re-prefills are compute: {} a second × {} = {} of prefill. At {} a card (a 70B-class model on four H100s at half their dense FLOP/s) that is {} of the fleet's {} cards, on their load beside decode.",
            crate::model::units::number(misses),
            Unit::Tokens.format(inp.preamble_tokens),
            Unit::TokPerS.format(tokens),
            Unit::TokPerS.format(PREFILL_TOK_S),
            Unit::Share.format(tokens / (PREFILL_TOK_S * inp.cards as f64)),
            inp.cards
        )));
    }
}
