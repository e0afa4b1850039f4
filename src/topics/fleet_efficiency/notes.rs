//! # Fleet efficiency: notes on a month the sliders pushed to an edge
//!
//! Steady mode running out of cards, a pool too small for the ideal operator,
//! and what the diurnal shape's peak costs.

use super::params::{Shape, FAULT_SHARE, FAULT_SPEED, PROD_Q_HI, PROD_Q_LO, PROD_SPREAD};
use super::sim::Month;
use crate::model::{Note, Outcome, Unit};

pub(super) fn notes(m: &Month, out: &mut Outcome) {
    if m.assumptions.is_production() {
        out.notes.push(Note::Info(production_note(m)));
    }
    if m.exhausted {
        out.notes.push(Note::Info(format!(
            "Steady mode ran out of cards: all {} survivors run and their measured {} stays below the {} target (peak × {}).",
            m.run.len(),
            Unit::TokPerS.format(m.measured_capacity),
            Unit::TokPerS.format(m.target),
            1.0 + m.input.window.err()
        )));
    }
    if m.ideal_short && m.peak > 0.0 {
        out.notes.push(Note::Info(format!(
            "Even the whole pool's {} true can't cover the {} peak, so the ideal operator is the whole pool of {} cards.",
            Unit::TokPerS.format(m.ideal_capacity),
            Unit::TokPerS.format(m.peak),
            m.cards.len()
        )));
    }
    if m.input.shape == Shape::Diurnal {
        out.notes.push(Note::Info(format!(
            "The diurnal shape peaks at {} × the average ({}); whole card-months must cover the peak, so every operator pays for evening capacity that idles at night.",
            m.input.shape.max(),
            Unit::TokPerS.format(m.peak)
        )));
    }
}

/// What closer to production changes on this page, with this pool's faults.
fn production_note(m: &Month) -> String {
    let faults = match (m.faulty, m.k > m.faulty) {
        (0, _) => "none of this pool's cards has one, so the share goes by score alone".to_string(),
        (1, true) => "1 of this pool's cards has one and leaves first; the rest of the share goes by score".to_string(),
        (1, false) => "1 of this pool's cards has one and leaves, which fills the share".to_string(),
        (n, true) => format!("{n} of this pool's cards have one and leave first; the rest of the share goes by score"),
        (n, false) => format!("{n} of this pool's cards have one and leave, which fills the share"),
    };
    format!(
        "Closer to production: healthy cards of one model differ by ±{} (quality between {:.2} and {:.2}), so a ranking by measured speed is mostly the window's noise. The policy evicts on health as well: {} of cards have a fault their health counters show (error counters, throttling, a degraded link) and run at {} of their rate: {faults}. A faulty card is never a wrong eviction. The moving picture still runs the seed card's lottery.",
        Unit::Share.format(PROD_SPREAD),
        PROD_Q_LO,
        PROD_Q_HI,
        Unit::Share.format(FAULT_SHARE),
        Unit::Share.format(FAULT_SPEED),
    )
}
