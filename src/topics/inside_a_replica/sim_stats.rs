//! What a run measured: the latency tails with their intervals, throughput,
//! goodput, preemption and Little's law, from the engine's records.
//!
//! - TTFT: first token − arrival.
//! - TPOT: (last token − first token) ÷ (tokens − 1), for replies of two
//!   tokens or more.
//! - Longest pause: the longest gap between two tokens of one reply.
//! - A tail's 95 % interval is the pair of order statistics whose ranks lie
//!   1.96 binomial standard deviations either side of the quantile's (a
//!   distribution-free interval).
//! - A request unfinished when the run stopped counts with what it had
//!   waited so far (its TTFT is then a lower bound) and never as good.

use super::sim::Engine;

/// A tail and its 95 % interval, in seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tail {
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

/// The quantile `q` of `xs` (sorted in place) and its 95 % interval:
/// `xs[⌈q·n⌉ − 1]`, and the order statistics at `q·n ± 1.96·√(n·q·(1 − q))`.
pub fn tail(xs: &mut [f64], q: f64) -> Tail {
    if xs.is_empty() {
        return Tail::default();
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len() as f64;
    let at = |rank: f64| xs[(rank.clamp(1.0, n) as usize) - 1];
    let spread = 1.96 * (n * q * (1.0 - q)).sqrt();
    Tail {
        value: at((q * n).ceil()),
        lo: at((q * n - spread).floor()),
        hi: at((q * n + spread).ceil()),
    }
}

/// What one run measured.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    pub ttft_p50: Tail,
    pub ttft_p99: Tail,
    pub tpot_p50: Tail,
    pub tpot_p99: Tail,
    pub stall_p99: Tail,
    /// Seconds from the start to the last step.
    pub duration: f64,
    /// Output tokens a second over the run.
    pub tokens_per_s: f64,
    /// Prompt tokens (of requests that started) and output tokens a second.
    pub processed_per_s: f64,
    /// Requests finished a second.
    pub finished_per_s: f64,
    /// Requests a second that finished meeting the TTFT and TPOT targets.
    pub goodput: f64,
    /// Their share of all requests.
    pub good_share: f64,
    pub preempted_share: f64,
    pub refused_share: f64,
    /// Requests not finished when the run stopped.
    pub unfinished: u32,
    /// Requests in the replica (waiting or running), time-averaged.
    pub in_system: f64,
    /// Sequences in the batch, time-averaged.
    pub mean_batch: f64,
    /// Mean seconds from arrival to the last token, of finished requests.
    pub mean_latency: f64,
    pub requests: u32,
}

/// The measures of a finished (or stopped) run against the two targets.
pub fn stats(e: &Engine, ttft_target: f64, tpot_target: f64) -> Stats {
    let n = e.requests.len();
    let (mut ttft, mut tpot, mut stall) = (Vec::with_capacity(n), Vec::new(), Vec::new());
    let (mut good, mut preempted, mut refused, mut unfinished) = (0u32, 0u32, 0u32, 0u32);
    let (mut finished, mut sojourn, mut prompts) = (0u32, 0.0, 0.0);
    for (req, rec) in e.requests.iter().zip(&e.records) {
        if rec.refused {
            refused += 1;
            continue;
        }
        let first = if rec.first.is_nan() { e.now } else { rec.first };
        ttft.push((first - req.arrival).max(0.0));
        if !rec.first.is_nan() {
            prompts += req.prompt as f64;
        }
        let per_token = if rec.generated >= 2 {
            let v = (rec.last - rec.first) / (rec.generated - 1) as f64;
            tpot.push(v);
            stall.push(rec.max_gap);
            v
        } else {
            0.0
        };
        preempted += (rec.preempted > 0) as u32;
        if rec.done.is_nan() {
            unfinished += 1;
            continue;
        }
        finished += 1;
        sojourn += rec.done - req.arrival;
        let t = rec.first - req.arrival;
        if t <= ttft_target && per_token <= tpot_target {
            good += 1;
        }
    }
    let duration = e.now.max(1e-9);
    let served = (n as u32 - refused).max(1) as f64;
    Stats {
        ttft_p50: tail(&mut ttft, 0.5),
        ttft_p99: tail(&mut ttft, 0.99),
        tpot_p50: tail(&mut tpot, 0.5),
        tpot_p99: tail(&mut tpot, 0.99),
        stall_p99: tail(&mut stall, 0.99),
        duration,
        tokens_per_s: e.tokens_out as f64 / duration,
        processed_per_s: (prompts + e.tokens_out as f64) / duration,
        finished_per_s: finished as f64 / duration,
        goodput: good as f64 / duration,
        good_share: good as f64 / n.max(1) as f64,
        preempted_share: preempted as f64 / served,
        refused_share: refused as f64 / n.max(1) as f64,
        unfinished,
        in_system: e.in_system_area / duration,
        mean_batch: e.batch_area / duration,
        mean_latency: if finished > 0 {
            sojourn / finished as f64
        } else {
            0.0
        },
        requests: n as u32,
    }
}
