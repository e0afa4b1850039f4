//! What the page and the benchmark simulate, and what a run measured: the
//! run of the current parameters (memoized), the short run a page shows
//! while a slider moves, the search for the highest arrival rate the replica
//! sustains within its targets, and the benchmark's default day.
//!
//! What a run measured:
//! - TTFT: first token − arrival.
//! - TPOT: (last token − first token) ÷ (tokens − 1), for replies of two
//!   tokens or more.
//! - Longest pause: the longest gap between two tokens of one reply.
//! - A tail's 95 % interval is the pair of order statistics whose ranks lie
//!   1.96 binomial standard deviations either side of the quantile's (a
//!   distribution-free interval).
//! - A request unfinished when the run stopped counts with what it had
//!   waited so far (its TTFT is then a lower bound) and never as good.

use super::model::Replica;
use super::params::{Input, Traffic, SEARCH_BUDGET, WORK_BUDGET};
use super::sim::Engine;
use crate::model::memo::Memo;
use crate::model::Engine as Bench;
use std::rc::Rc;

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

/// Requests of the short run a page shows while a slider moves.
pub(super) const PREVIEW_REQUESTS: u32 = 150;
/// The work (sequence-steps) a preview's run and each of its search's
/// probes may take, and its search in all: about a millisecond in the
/// browser.
const PREVIEW_WORK: u64 = 40_000;
const PREVIEW_SEARCH: u64 = 60_000;
/// Probes of the search after its bracket is found (the answer to within
/// 2^(1/2^4), about 4 %).
const BISECTIONS: u32 = 4;
/// The preview's search: probes as short as the preview's run, fewer
/// bisections.
const PREVIEW_BISECTIONS: u32 = 2;
/// The bracket's search doubles the rate at most this often, and halves it
/// at most [`HALVINGS`] times (below an eighth of the capacity bound, a
/// replica that still fails fails for a reason more load did not cause).
const BRACKET_STEPS: u32 = 10;
const HALVINGS: u32 = 3;

/// One run: what it measured, and the batch and queue it went through.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Run {
    pub stats: Stats,
    /// (time, running sequences, waiting requests, share of KV blocks used),
    /// sampled every step, at most [`TRACE_POINTS`] of them.
    pub trace: Vec<(f64, f64, f64, f64)>,
}

/// Points of a run's trace.
pub(super) const TRACE_POINTS: usize = 400;

/// The targets a run is measured against, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Targets {
    pub ttft: f64,
    pub tpot: f64,
    pub stall: f64,
}

impl Targets {
    pub(super) fn of(inp: &Input) -> Targets {
        Targets {
            ttft: inp.ttft_target_s,
            tpot: inp.tpot_target_s,
            stall: inp.stall_target_s,
        }
    }
    /// Whether a run meets all three at p99.
    pub(super) fn met(&self, s: &Stats) -> bool {
        s.refused_share == 0.0
            && s.ttft_p99.value <= self.ttft
            && s.tpot_p99.value <= self.tpot
            && s.stall_p99.value <= self.stall
    }
}

type Key = (Replica, Traffic, Targets);

thread_local! {
    /// The page's recent runs: a story and its fix, and side by side's two
    /// settings, are each simulated once.
    static RUNS: Memo<Key, Run> = const { Memo::with_capacity(8) };
    /// The short runs shown while a slider moves.
    static PREVIEWS: Memo<Key, Run> = const { Memo::with_capacity(4) };
    /// The sustained-rate searches, with their probes.
    static SUSTAINED: Memo<(Replica, Traffic, Targets), Sustained> = const { Memo::with_capacity(8) };
}

/// Simulates `traffic` on `replica` to the end (or `max_work`) and
/// measures it.
pub(super) fn simulate(replica: Replica, traffic: &Traffic, t: Targets, max_work: u64) -> Run {
    let mut e = Engine::with(replica, traffic);
    e.max_work = max_work;
    let mut trace = Vec::new();
    let mut next_sample = 0.0;
    // The trace samples the run evenly in time: its length is unknown until
    // it ends, so the spacing starts from the arrivals' span and doubles
    // (keeping every other point) whenever the trace fills.
    let mut spacing = e.requests.last().map_or(1.0, |r| r.arrival) / TRACE_POINTS as f64 * 2.0;
    let blocks = replica.blocks.max(1) as f64;
    while e.within_budget() && e.step() {
        if e.now >= next_sample {
            let used = (replica.blocks - e.free_blocks) as f64 / blocks;
            trace.push((e.now, e.running.len() as f64, e.waiting.len() as f64, used));
            next_sample = e.now + spacing;
            if trace.len() >= TRACE_POINTS {
                let mut i = 0;
                trace.retain(|_| {
                    i += 1;
                    i % 2 == 1
                });
                spacing *= 2.0;
            }
        }
    }
    Run {
        stats: stats(&e, t.ttft, t.tpot),
        trace,
    }
}

/// The page's run of the current parameters.
pub(super) fn page_run(inp: &Input, r: Replica) -> Rc<Run> {
    let t = Targets::of(inp);
    RUNS.with(|c| {
        c.get_or((r, inp.traffic, t), || {
            simulate(r, &inp.traffic, t, WORK_BUDGET)
        })
    })
}

/// The short run for a slider on the move, and the requests of the full run
/// it stands in for; `None` once the full run of these values is at hand or
/// the full run is no longer than the short one.
pub(super) fn preview_run(inp: &Input, r: Replica) -> Option<(Rc<Run>, u32)> {
    let t = Targets::of(inp);
    let full = inp.traffic.requests;
    if full <= PREVIEW_REQUESTS || RUNS.with(|c| c.has(&(r, inp.traffic, t))) {
        return None;
    }
    let short = Traffic {
        requests: PREVIEW_REQUESTS,
        ..inp.traffic
    };
    let run = PREVIEWS.with(|c| c.get_or((r, short, t), || simulate(r, &short, t, PREVIEW_WORK)));
    Some((run, full))
}

/// The sustained-rate search: the highest arrival rate found to meet the
/// targets, and every probe as (rate, its stats).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Sustained {
    /// Requests a second; 0 when even the lowest probe failed.
    pub rate: f64,
    /// What the run at that rate measured (none when no probe passed).
    pub at: Option<Stats>,
    pub probes: Vec<(f64, Stats)>,
}

/// The highest arrival rate (requests a second) at which runs as long as
/// the page's (its requests, its seed) meet all three targets: a bracket by
/// halving or doubling from [`capacity_bound`], then bisection in the
/// logarithm. The page's own run at a rate below it passes, and at a rate
/// above it fails, wherever the tails grow with the rate.
pub(super) fn sustained(inp: &Input, r: Replica) -> Rc<Sustained> {
    sustained_with(inp, r, inp.traffic.requests, FULL)
}

/// How hard a search looks: bisections after the bracket, the work each
/// probe may take, and the work of the whole search.
#[derive(Clone, Copy)]
struct Search {
    bisections: u32,
    probe_work: u64,
    budget: u64,
}

const FULL: Search = Search {
    bisections: BISECTIONS,
    probe_work: WORK_BUDGET,
    budget: SEARCH_BUDGET,
};
const PREVIEW: Search = Search {
    bisections: PREVIEW_BISECTIONS,
    probe_work: PREVIEW_WORK,
    budget: PREVIEW_SEARCH,
};

/// The search a preview shows: probes as short as the preview's run and
/// fewer bisections (unless the full search is at hand).
pub(super) fn sustained_preview(inp: &Input, r: Replica) -> Rc<Sustained> {
    let full = key(inp, r, inp.traffic.requests);
    if let Some(s) = SUSTAINED.with(|c| c.has(&full).then(|| c.get_or(full, Sustained::default))) {
        return s;
    }
    sustained_with(inp, r, PREVIEW_REQUESTS, PREVIEW)
}

fn key(inp: &Input, r: Replica, requests: u32) -> (Replica, Traffic, Targets) {
    let base = Traffic {
        requests: requests.min(inp.traffic.requests),
        rate: 0.0,
        ..inp.traffic
    };
    (r, base, Targets::of(inp))
}

fn sustained_with(inp: &Input, r: Replica, requests: u32, how: Search) -> Rc<Sustained> {
    let k = key(inp, r, requests);
    SUSTAINED.with(|c| c.get_or(k, || search(r, k.1, k.2, how)))
}

/// One probe of the search: the run at this rate, stopped as soon as more
/// than 1 % of its requests have had their first token late (its TTFT p99
/// has then failed; what it measured so far is a lower bound).
fn probe_run(r: Replica, traffic: &Traffic, t: Targets, max_work: u64) -> (Stats, u64) {
    let mut e = Engine::with(r, traffic);
    e.max_work = max_work;
    e.ttft_limit = t.ttft;
    let n = e.requests.len() as f64;
    let allowed = (n - (0.99 * n).ceil()) as u32;
    while e.within_budget() && e.late_first <= allowed && e.step() {}
    (stats(&e, t.ttft, t.tpot), e.work)
}

/// Where the search starts, whatever the page's rate (so its answer depends
/// on the replica and the traffic's shape only): a bound on the rate the
/// replica can serve at all, each request's prefill computed alone and its
/// reply decoded in the largest batch the limit and the KV cache allow.
fn capacity_bound(r: &Replica, t: &Traffic) -> f64 {
    let prompt = t.mean_prompt();
    let context = prompt + t.output;
    let fits = (r.kv_tokens() / context).floor().max(1.0);
    let batch = (t.max_batch as f64).min(fits);
    let prefill =
        (prompt * r.flops_per_token + prompt * prompt / 2.0 * r.attn_per_context) / r.flops;
    let decode = t.output * r.step_s(batch, batch * context, batch * context) / batch;
    (1.0 / (prefill + decode)).clamp(1e-3, 1e4)
}

fn search(r: Replica, base: Traffic, t: Targets, how: Search) -> Sustained {
    let mut probes = Vec::new();
    let mut spent = 0u64;
    let mut probe = |rate: f64| {
        if spent > how.budget {
            return None;
        }
        let (s, work) = probe_run(r, &Traffic { rate, ..base }, t, how.probe_work);
        spent += work;
        let ok = t.met(&s);
        probes.push((rate, s));
        Some(ok)
    };
    let (mut lo, mut hi) = (0.0, f64::INFINITY);
    let mut rate = capacity_bound(&r, &base);
    let mut halvings = 0;
    for _ in 0..BRACKET_STEPS {
        let Some(ok) = probe(rate) else { break };
        if ok {
            lo = rate;
            if hi.is_finite() {
                break;
            }
            rate *= 2.0;
        } else {
            hi = rate;
            if lo > 0.0 || halvings == HALVINGS {
                break;
            }
            halvings += 1;
            rate /= 2.0;
        }
    }
    if lo > 0.0 && hi.is_finite() {
        for _ in 0..how.bisections {
            let mid = (lo * hi).sqrt();
            let Some(ok) = probe(mid) else { break };
            if ok {
                lo = mid;
            } else {
                hi = mid;
            }
        }
    }
    probes.sort_by(|a, b| a.0.total_cmp(&b.0));
    let at = probes.iter().find(|(r, _)| *r == lo).map(|(_, s)| *s);
    Sustained {
        rate: lo,
        at,
        probes,
    }
}

/// The benchmark's engine: the page's default replica and traffic for `n`
/// requests; returns the output tokens generated.
fn simulate_default(n: u64, seed: u64) -> u64 {
    let p = crate::model::Params::defaults(&super::params::PARAMS);
    let inp = Input::read(&p);
    let traffic = Traffic {
        requests: n.clamp(1, u32::MAX as u64) as u32,
        seed,
        ..inp.traffic
    };
    let mut e = Engine::with(Replica::new(&inp.hw), &traffic);
    e.run();
    e.tokens_out
}

/// The topic's benchmark engine.
pub(super) const ENGINE: Bench = Bench {
    name: "continuous batching of the default replica (an 8B-class model on one H100)",
    unit: "requests",
    default_n: 20_000,
    run: simulate_default,
};
