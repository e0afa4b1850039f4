//! The replica's figures: its memory (from the model's arithmetic) and what
//! the simulated run measured, each tail with its 95 % interval.

use super::model::{max_sequences, mean_context, Replica};
use super::params::Input;
use super::sim_page::Sustained;
use super::sim_page::{Stats, Tail};
use crate::model::{FigureRow, Outcome, Unit};

pub(super) fn figures(inp: &Input, r: &Replica, s: &Stats, sus: &Sustained, out: &mut Outcome) {
    out.add_figures(memory_rows(inp, r));
    out.add_figures(latency_rows(s));
    out.add_figures(rate_rows(inp, s));
    out.add_figures(sustained_rows(inp, sus));
}

/// The rate this replica sustains within its targets: what the pages that
/// take a card's rate as given (buying the fleet, autoscaling) assume.
#[rustfmt::skip]
fn sustained_rows(inp: &Input, sus: &Sustained) -> [FigureRow; 3] {
    let tok = sus.at.map_or(0.0, |s| s.tokens_per_s);
    [
        ("sustained_rps", "Arrivals this replica sustains within all three targets (about)", sus.rate, Unit::ReqPerS),
        ("sustained_tok_s", "Output tokens a second the run at that rate made", tok, Unit::TokPerS),
        ("sustained_tok_s_per_gpu", "Output tokens a second per GPU at that rate", tok / inp.hw.tp as f64, Unit::TokPerS),
    ]
}

#[rustfmt::skip]
fn memory_rows(inp: &Input, r: &Replica) -> [FigureRow; 10] {
    let gpus = inp.hw.tp as f64;
    [
        ("kv_bytes_per_token", "KV cache per token", r.kv_per_token, Unit::Count("bytes")),
        ("model_params_b", "Parameters of the model, billions", inp.hw.model.params / 1e9, Unit::None),
        ("weights_gb", "Weights", r.weights / 1e9, Unit::Gb),
        ("kv_memory_gb", "KV cache memory", r.kv_memory / 1e9, Unit::Gb),
        ("kv_tokens", "Tokens the KV cache holds", r.kv_tokens(), Unit::Tokens),
        ("mean_context", "Mean context of a request (prompt + reply)", mean_context(inp), Unit::Tokens),
        ("max_sequences", "Sequences the KV cache fits", max_sequences(inp, r), Unit::Count("sequences")),
        ("decode_floor_ms", "Decode floor: one step at batch 1 reads every weight", r.decode_floor_s() * 1000.0, Unit::Ms),
        ("ridge_tokens", "Tokens a step takes before its arithmetic outlasts reading the weights", r.ridge_tokens(), Unit::Tokens),
        ("gpus", "GPUs in the replica", gpus, Unit::Count("GPUs")),
    ]
}

fn ms(t: Tail) -> [f64; 3] {
    [t.value * 1000.0, t.lo * 1000.0, t.hi * 1000.0]
}

#[rustfmt::skip]
fn latency_rows(s: &Stats) -> [FigureRow; 15] {
    let [t50, t50lo, t50hi] = ms(s.ttft_p50);
    let [t99, t99lo, t99hi] = ms(s.ttft_p99);
    let [p50, p50lo, p50hi] = ms(s.tpot_p50);
    let [p99, p99lo, p99hi] = ms(s.tpot_p99);
    let [s99, s99lo, s99hi] = ms(s.stall_p99);
    [
        ("ttft_p50_ms", "Time to first token, median (p50)", t50, Unit::Ms),
        ("ttft_p50_lo_ms", "Time to first token, p50: low end of its 95 % interval", t50lo, Unit::Ms),
        ("ttft_p50_hi_ms", "Time to first token, p50: high end of its 95 % interval", t50hi, Unit::Ms),
        ("ttft_p99_ms", "Time to first token, p99", t99, Unit::Ms),
        ("ttft_p99_lo_ms", "Time to first token, p99: low end of its 95 % interval", t99lo, Unit::Ms),
        ("ttft_p99_hi_ms", "Time to first token, p99: high end of its 95 % interval", t99hi, Unit::Ms),
        ("tpot_p50_ms", "Time per output token, median (p50)", p50, Unit::Ms),
        ("tpot_p50_lo_ms", "Time per output token, p50: low end of its 95 % interval", p50lo, Unit::Ms),
        ("tpot_p50_hi_ms", "Time per output token, p50: high end of its 95 % interval", p50hi, Unit::Ms),
        ("tpot_p99_ms", "Time per output token, p99", p99, Unit::Ms),
        ("tpot_p99_lo_ms", "Time per output token, p99: low end of its 95 % interval", p99lo, Unit::Ms),
        ("tpot_p99_hi_ms", "Time per output token, p99: high end of its 95 % interval", p99hi, Unit::Ms),
        ("stall_p99_ms", "Longest pause, p99", s99, Unit::Ms),
        ("stall_p99_lo_ms", "Longest pause, p99: low end of its 95 % interval", s99lo, Unit::Ms),
        ("stall_p99_hi_ms", "Longest pause, p99: high end of its 95 % interval", s99hi, Unit::Ms),
    ]
}

#[rustfmt::skip]
fn rate_rows(inp: &Input, s: &Stats) -> [FigureRow; 13] {
    [
        ("throughput_tok_s", "Output tokens a second", s.tokens_per_s, Unit::TokPerS),
        ("processed_tok_s", "Tokens a second, prompts and replies", s.processed_per_s, Unit::TokPerS),
        ("throughput_tok_s_per_gpu", "Output tokens a second per GPU", s.tokens_per_s / inp.hw.tp as f64, Unit::TokPerS),
        ("goodput_rps", "Goodput: requests a second meeting both targets", s.goodput, Unit::ReqPerS),
        ("good_share", "Requests meeting both targets", s.good_share, Unit::Share),
        ("finished_rps", "Requests finished a second", s.finished_per_s, Unit::ReqPerS),
        ("mean_batch", "Sequences in the batch, on average", s.mean_batch, Unit::Count("sequences")),
        ("concurrency", "Requests in the replica (waiting or running), on average", s.in_system, Unit::Count("requests")),
        ("mean_latency_s", "Mean time from arrival to the last token", s.mean_latency, Unit::Seconds),
        ("preempted_share", "Requests preempted at least once", s.preempted_share, Unit::Share),
        ("refused_share", "Requests refused: too long for the KV cache", s.refused_share, Unit::Share),
        ("unfinished", "Requests unfinished when the run stopped", s.unfinished as f64, Unit::Count("requests")),
        ("simulated_s", "Seconds simulated", s.duration, Unit::Seconds),
    ]
}

/// The figures the page shows first (three, so they sit in one row on a
/// phone): what the memory holds, the first-token tail (the checks show the
/// other two), and the tokens a second it is bought with.
pub const KEY_FIGURES: &[&str] = &["max_sequences", "ttft_p99_ms", "throughput_tok_s"];
