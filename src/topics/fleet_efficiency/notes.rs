//! # Fleet efficiency: notes on a month the sliders pushed to an edge
//!
//! Steady mode running out of cards, a pool too small for the ideal operator,
//! and what the diurnal shape's peak costs.

use super::params::Shape;
use super::sim::Month;
use crate::model::{Note, Outcome, Unit};

pub(super) fn notes(m: &Month, out: &mut Outcome) {
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
