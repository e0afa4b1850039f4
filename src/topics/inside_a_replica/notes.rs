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
    let small = inp.hw.model.params < 20e9;
    let seed_rate = if small { 10_000.0 } else { 700.0 };
    out.notes.push(Note::Info(format!(
        "Within all three targets this replica sustains about {} requests a second: {} output tokens a second, {} counting the prompts it prefills; per GPU, {} and {}. The seed cards give an H100 {} tokens a second on a model of this size, a well-fed batch's rate.",
        number((sus.rate * 100.0).round() / 100.0),
        number(out_tok.round()),
        number(all_tok.round()),
        number((out_tok / gpus).round()),
        number((all_tok / gpus).round()),
        number(seed_rate)
    )));
    // Buying the fleet prices cards (GPUs) by an H100's rate: carried from
    // a replica of H100s, per GPU, on the step of its slider.
    let (param, lo, hi) = if small {
        ("h100_rate_8b", 100.0, 50_000.0)
    } else {
        ("h100_rate_70b", 20.0, 10_000.0)
    };
    let per_gpu = (out_tok / gpus / 20.0).round() * 20.0;
    if inp.hw.gpu.name == "H100" && (lo..=hi).contains(&per_gpu) {
        out.notes.push(Note::Carry(Carry {
            text: format!(
                "The buying-the-fleet page prices a month of cards by what one H100 carries. Carried as this replica's output tokens per GPU, within its targets: about {} a second.",
                number(per_gpu)
            ),
            topic: "buying-the-fleet",
            label: format!("Open buying the fleet with an H100 at {} tok/s", number(per_gpu)),
            set: vec![
                ("model", (if small { "8b" } else { "70b" }).to_string()),
                (param, format!("{per_gpu}")),
            ],
        }));
    }
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

/// Closer to production: what a step costs beyond the seed card's
/// roofline on these GPUs, from the replica's own constants.
fn production(inp: &Input, r: &Replica) -> Note {
    let hw = &inp.hw;
    let ms = |s: f64| Unit::Ms.format(s * 1000.0);
    let tb = |b: f64| format!("{} TB/s", number((b / 1e10).round() / 100.0));
    let gpus = if hw.tp == 1 { "GPU" } else { "GPUs" };
    let tp_words = if hw.tp == 1 {
        "On one GPU there is no all-reduce to add.".to_string()
    } else {
        let budget = inp.traffic.step_tokens as f64;
        format!(
            "On {} GPUs each of the model's {} layers all-reduces twice a step: {} more for a decode step of one sequence, {} more for a step of {} tokens.",
            hw.tp,
            hw.model.layers,
            ms(r.allreduce_step_s(1.0)),
            ms(r.allreduce_step_s(budget)),
            number(budget)
        )
    };
    Note::Info(format!(
        "Closer to production, each step reads the weights and the KV cache at {} of the datasheet's bandwidth, {} of {} on {} × {} {gpus}: reading the weights once takes {}, not the decode floor's {}. {tp_words}",
        Unit::Share.format(r.read_bandwidth / r.bandwidth),
        tb(r.read_bandwidth),
        tb(r.bandwidth),
        hw.tp,
        hw.gpu.name,
        ms(r.weights_read_s()),
        ms(r.decode_floor_s()),
    ))
}

pub(super) fn notes(inp: &Input, r: &Replica, s: &Stats, sus: &Sustained, out: &mut Outcome) {
    if inp.hw.production {
        out.notes.push(production(inp, r));
    }
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
            "The run reached its limit of work after {} simulated with {} requests not finished (a queue that grows, or a short run's last replies). Their waits so far count, so the tails are lower bounds.",
            Unit::Seconds.format(s.duration),
            number(s.unfinished as f64)
        )));
    }
}
