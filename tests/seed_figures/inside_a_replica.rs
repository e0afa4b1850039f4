//! The seed cards' replica (its 70B-class KV cache per token) and
//! docs/models/inside-a-replica.md. Extra tests: each story fails a check
//! that its fix passes, and the page's own rate agrees with the search.

use super::{figure, outcome, row, Row, Tol};

pub const T: &str = "inside-a-replica";

pub const ROWS: &[Row] = &[
    row("seed cards, cache-aware routing: '70B-class KV at 320 KB per token' (320 KiB = 327,680 bytes)", "memory-caps-batch", "kv_bytes_per_token", 327_680.0),
    row("docs/models/inside-a-replica.md: the 8B-class model in 16 bits, 2 × 32 × 8 × 128 × 2 bytes", "", "kv_bytes_per_token", 131_072.0),
    row("docs/models/inside-a-replica.md: 70.6 B parameters in 16 bits are 141.2 GB of weights", "memory-caps-batch", "weights_gb", 141.2),
    row("docs/models/inside-a-replica.md: the decode floor of 141.2 GB over 2 × 3.35 TB/s", "memory-caps-batch", "decode_floor_ms", 141.2e9 / 6.7e12 * 1000.0).within(Tol::Rel(1e-9)),
    row("docs/models/inside-a-replica.md: 8-bit KV halves the bytes per token", "memory-caps-batch", "kv_bytes_per_token", 163_840.0).with(&[("kv_bits", "8")]),
    row("docs/models/inside-a-replica.md: 0.9 × 2 × 80 GiB − 141.2 GB − 2 × 5 GB = 3.42 GB of KV cache on 2 H100s", "memory-caps-batch", "kv_memory_gb", 0.9 * 2.0 * 80.0 * 1.073_741_824 - 141.2 - 10.0).within(Tol::Rel(1e-9)),
    row("docs/models/inside-a-replica.md: about one 8k-token conversation fits on 2 H100s", "memory-caps-batch", "max_sequences", 1.0),
];

/// Each story fails a check, and its fix passes all three.
#[test]
fn each_story_fails_until_its_fix() {
    for (story, failing) in [
        ("memory-caps-batch", "ttft_p99"),
        ("long-prompt-stall", "stall_p99"),
        ("saturated", "ttft_p99"),
    ] {
        let before = outcome(T, story, false, &[]);
        let v = before.verdict(failing).unwrap();
        assert!(
            !v.pass,
            "{story}: {failing} passes before the fix: {}",
            v.why
        );
        let after = outcome(T, story, true, &[]);
        for c in &after.checks {
            assert!(c.pass, "{story} + fix: {} fails: {}", c.id, c.why);
        }
    }
}

/// The long-prompt story's fix cuts the longest pause far more than the
/// time per token: chunked prefill spreads the prefill, it does not remove
/// it.
#[test]
fn chunked_prefill_cuts_the_pause_not_the_mean() {
    let stall = |fix| figure(T, "long-prompt-stall", fix, &[], "stall_p99_ms");
    let tpot = |fix| figure(T, "long-prompt-stall", fix, &[], "tpot_p50_ms");
    assert!(
        stall(true) < stall(false) / 3.0,
        "{} vs {}",
        stall(true),
        stall(false)
    );
    assert!((tpot(true) - tpot(false)).abs() < 0.2 * tpot(false));
}

/// Throughput bought with latency: the saturated replica makes more tokens
/// a second than its fix, and the page's rate sits above the rate it
/// sustains; the fix's sits below it.
#[test]
fn saturation_is_past_the_sustained_rate() {
    let at = |fix, id| figure(T, "saturated", fix, &[], id);
    assert!(at(false, "throughput_tok_s") > at(true, "throughput_tok_s"));
    assert!(at(false, "sustained_rps") < 26.0);
    assert!(at(true, "sustained_rps") > 13.0);
}
