//! The replica's notes: a model that does not fit, requests refused, a run
//! stopped before its queue drained.

use super::model::Replica;
use super::params::Input;
use super::sim_page::Stats;
use super::sim_page::Sustained;
use crate::model::units::number;
use crate::model::{Carry, Note, Outcome, Unit};

/// The autoscaling page's replica ceiling: its range and step, tok/s.
const CEILING: (f64, f64, f64) = (500.0, 20_000.0, 100.0);

/// The rate this replica sustains, carried into the page that takes a
/// replica's rate as given, and set beside the seed cards' card rates.
fn carry(inp: &Input, sus: &Sustained, out: &mut Outcome) {
    let Some(at) = sus.at else {
        return;
    };
    let out_tok = at.tokens_per_s;
    let all_tok = at.processed_per_s;
    let gpus = inp.hw.tp as f64;
    let seed_rate = if inp.hw.model.params < 20e9 {
        10_000.0
    } else {
        700.0
    };
    out.notes.push(Note::Info(format!(
        "Within all three targets this replica sustains about {} requests a second: {} output tokens a second, {} counting the prompts it prefills, {} per GPU. The buying-the-fleet page takes the seed cards' rate for an H100 as given, {} tokens a second for this size of model.",
        number((sus.rate * 100.0).round() / 100.0),
        number(out_tok.round()),
        number(all_tok.round()),
        number((all_tok / gpus).round()),
        number(seed_rate)
    )));
    let ceiling = (out_tok / CEILING.2).round() * CEILING.2;
    if (CEILING.0..=CEILING.1).contains(&ceiling) {
        out.notes.push(Note::Carry(Carry {
            text: format!(
                "The autoscaling page sizes a pool by one replica's tokens a second inside its latency target. Carried as the tokens users see, this replica's output: about {} a second.",
                number(ceiling)
            ),
            topic: "autoscaling",
            label: format!("Open replica autoscaling with a {} tok/s replica", number(ceiling)),
            set: vec![("replica_ceiling", format!("{ceiling}"))],
        }));
    }
}

pub(super) fn notes(inp: &Input, r: &Replica, s: &Stats, sus: &Sustained, out: &mut Outcome) {
    carry(inp, sus, out);
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
