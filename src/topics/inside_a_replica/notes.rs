//! The replica's notes: a model that does not fit, requests refused, a run
//! stopped before its queue drained.

use super::model::Replica;
use super::params::Input;
use super::sim_stats::Stats;
use crate::model::units::number;
use crate::model::{Note, Outcome, Unit};

pub(super) fn notes(inp: &Input, r: &Replica, s: &Stats, out: &mut Outcome) {
    if r.blocks == 0 {
        out.notes.push(Note::Info(format!(
            "The weights ({}) and the reserve leave no memory for the KV cache on {} × {}: no request can run. Add GPUs, or store the weights in 8 bits.",
            Unit::Gb.format(r.weights / 1e9),
            inp.hw.tp,
            inp.hw.gpu.name
        )));
    } else if s.refused_share > 0.0 {
        out.notes.push(Note::Info(format!(
            "{} of requests are refused at arrival: a prompt and its reply need more than the {} tokens the KV cache holds.",
            Unit::Share.format(s.refused_share),
            number(r.kv_tokens())
        )));
    }
    if s.unfinished > 0 {
        out.notes.push(Note::Info(format!(
            "The queue was still growing when the run stopped after {} simulated: {} requests had not finished. Their waits so far count, so the tails are lower bounds.",
            Unit::Seconds.format(s.duration),
            number(s.unfinished as f64)
        )));
    }
}
