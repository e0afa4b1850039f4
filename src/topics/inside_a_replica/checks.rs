//! The replica's checks, each on a simulated p99 against its target: the
//! first token comes quickly, tokens flow fast, and no reply freezes. Each
//! names the lever that moves it on the run at hand: GPUs when the KV cache
//! caps the batch, the scheduler's switch when prefill stalls the decodes,
//! and the arrivals (one more replica) when the replica is simply busy.

use super::model::{max_sequences, Replica};
use super::params::Input;
use super::sim_page::Stats;
use crate::model::units::{counted, number};
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

const TTFT: CheckSpec = CheckSpec {
    id: "ttft_p99",
    label: "First tokens come quickly",
    rule: "time to first token for 99 % of requests (p99) ≤ the target (default 2 s)",
    cmp: Cmp::AtMost,
};

const TPOT: CheckSpec = CheckSpec {
    id: "tpot_p99",
    label: "Tokens flow fast",
    rule: "time per output token for 99 % of requests (p99) ≤ the target (default 50 ms)",
    cmp: Cmp::AtMost,
};

const STALL: CheckSpec = CheckSpec {
    id: "stall_p99",
    label: "No reply freezes",
    rule: "the longest pause between two tokens, for 99 % of replies (p99) ≤ the target (default 500 ms)",
    cmp: Cmp::AtMost,
};

pub(super) static CHECKS: [CheckSpec; 3] = [TTFT, TPOT, STALL];

/// Why the run is slow, as a lever and a sentence.
fn busy_lever(inp: &Input, r: &Replica, s: &Stats) -> (&'static str, String) {
    let fits = max_sequences(inp, r);
    let capped = fits < inp.traffic.max_batch as f64 && s.mean_batch >= 0.7 * fits.max(1.0);
    if capped || s.preempted_share > 0.01 {
        (
            "tp",
            format!(
                "the KV cache holds only {} of the mean context, so the batch cannot grow with the queue: add GPUs to the replica (8-bit weights and KV cache make room too, but not speed)",
                counted(fits, "sequences")
            ),
        )
    } else {
        (
            "arrival_rps",
            format!(
                "the replica runs {} sequences at a time on average and the queue still builds: lower the arrivals it takes (add a replica beside it)",
                number((s.mean_batch * 10.0).round() / 10.0)
            ),
        )
    }
}

/// Where more than 1 % of requests were preempted, that as the lever and
/// the sentence: each waited to be prefilled again.
fn preempted(s: &Stats) -> Option<(&'static str, String)> {
    (s.preempted_share > 0.01).then(|| {
        (
            "tp",
            format!(
                "{} of requests were preempted when the KV cache ran out, and each waited to be prefilled again: give the replica more GPUs (8-bit weights and KV cache make room too, but not speed)",
                Unit::Share.format(s.preempted_share)
            ),
        )
    })
}

/// A wait as a reader takes it in: ms up to a minute, then minutes, then
/// hours ("91 min", not "5,475,224 ms").
fn readable(ms: f64) -> String {
    if ms >= 3.6e6 {
        format!("{} h", number((ms / 3.6e6 * 10.0).round() / 10.0))
    } else if ms >= 60_000.0 {
        format!("{} min", number((ms / 60_000.0).round()))
    } else {
        Unit::Ms.format(ms)
    }
}

/// A tail's 95 % interval `(lo, hi)` (seconds) told with `show` (from
/// ms): "95 % interval 170.2 ms to 184.0 ms"; where both ends are one
/// value, that value and why (`same`: the requests around that rank took
/// one step's length alike); where they only round alike ("1.5 h"), so.
fn interval(lo: f64, hi: f64, show: impl Fn(f64) -> String, same: &str) -> String {
    let (a, b) = (show(lo * 1000.0), show(hi * 1000.0));
    if a != b {
        format!("95 % interval {a} to {b}")
    } else if hi - lo <= 1e-9 * hi.abs().max(1.0) {
        format!("95 % interval {a} at both ends: {same}")
    } else {
        format!("95 % interval {a} at both ends, as rounded")
    }
}

/// A check's sentence: its `head`, then within the target (`target_s`), or
/// over it and `why`.
fn against(head: String, pass: bool, target_s: f64, why: &str) -> String {
    let target = Unit::Ms.format(target_s * 1000.0);
    if pass {
        format!("{head}, within the {target} target.")
    } else {
        format!("{head}, over the {target} target: {why}.")
    }
}

fn ttft(inp: &Input, r: &Replica, s: &Stats) -> Verdict {
    let (lever, why) = busy_lever(inp, r, s);
    let t = s.ttft_p99;
    let range = interval(
        t.lo,
        t.hi,
        readable,
        "the requests around that rank all waited as long",
    );
    TTFT.verdict(
        t.value * 1000.0,
        inp.ttft_target_s * 1000.0,
        Unit::Ms,
        Some(lever),
        |pass| {
            let head = format!(
                "99 % of requests saw their first token within {} ({range}; the median {})",
                readable(t.value * 1000.0),
                readable(s.ttft_p50.value * 1000.0)
            );
            against(head, pass, inp.ttft_target_s, &why)
        },
    )
}

fn tpot(inp: &Input, r: &Replica, s: &Stats) -> Verdict {
    let t = s.tpot_p99;
    let stalled = !inp.traffic.chunked && s.stall_p99.value > inp.stall_target_s;
    // A batch held small by the KV cache makes each step quicker, not
    // slower: where requests were preempted, their wait to be prefilled
    // again is what stretches a reply's time a token.
    let (lever, why) = if stalled {
        (
            "chunked_prefill",
            "whole prompts prefilled in steps of their own hold every decode back: turn chunked prefill on".to_string(),
        )
    } else if let Some(why) = preempted(s) {
        why
    } else {
        busy_lever(inp, r, s)
    };
    let range = interval(
        t.lo,
        t.hi,
        |ms| Unit::Ms.format(ms),
        "the replies around that rank all came at that pace",
    );
    TPOT.verdict(
        t.value * 1000.0,
        inp.tpot_target_s * 1000.0,
        Unit::Ms,
        Some(lever),
        |pass| {
            let mut head = format!(
                "99 % of replies came at most {} a token ({range}), against a decode floor of {} a step",
                Unit::Ms.format(t.value * 1000.0),
                Unit::Ms.format(r.decode_floor_s() * 1000.0)
            );
            if inp.hw.production {
                // Closer to production a step at batch 1 reads slower than the
                // floor and, on several GPUs, all-reduces.
                head += &format!(
                " at the datasheet's bandwidth ({} at the bandwidth reached, with its all-reduces)",
                Unit::Ms.format((r.weights_read_s() + r.allreduce_step_s(1.0)) * 1000.0)
            );
            }
            against(head, pass, inp.tpot_target_s, &why)
        },
    )
}

fn stall(inp: &Input, s: &Stats) -> Verdict {
    let t = s.stall_p99;
    let (lever, fix) = if let Some(why) = preempted(s) {
        why
    } else if inp.traffic.chunked {
        (
            "step_tokens",
            "lower the token budget per step, so each prefill chunk is shorter".to_string(),
        )
    } else {
        (
            "chunked_prefill",
            "each prompt is prefilled whole in a step of its own while every reply waits: turn chunked prefill on".to_string(),
        )
    };
    let range = interval(
        t.lo,
        t.hi,
        readable,
        "the replies around that rank all paused that long",
    );
    STALL.verdict(
        t.value * 1000.0,
        inp.stall_target_s * 1000.0,
        Unit::Ms,
        Some(lever),
        |pass| {
            let head = format!(
                "99 % of replies never paused longer than {} between two tokens ({range})",
                readable(t.value * 1000.0)
            );
            against(head, pass, inp.stall_target_s, &fix)
        },
    )
}

pub(super) fn checks(inp: &Input, r: &Replica, s: &Stats, out: &mut Outcome) {
    out.checks.push(ttft(inp, r, s));
    out.checks.push(tpot(inp, r, s));
    out.checks.push(stall(inp, s));
}
