//! The replica's engine: continuous batching, one iteration (step) at a
//! time, as a serving engine's scheduler runs it.
//!
//! Each step the scheduler builds a batch and the roofline
//! ([`Replica::step_s`]) times it:
//! - **chunked prefill on**: every decoding sequence adds one token, then
//!   prompts being prefilled take chunks, oldest first, then waiting requests
//!   are admitted and start theirs, until the step's token budget is spent;
//! - **off**: if the request at the head of the queue can be admitted, the
//!   step prefills whole prompts only (at least one, more while their tokens
//!   fit the budget) and no sequence decodes; otherwise every running
//!   sequence decodes one token.
//!
//! A request is admitted, first come first served, while the batch is under
//! its limit and the KV cache has free blocks for its whole prompt with the
//! watermark to spare. A decoding sequence that needs a new block when none
//! is free preempts the most recently arrived running sequence (perhaps
//! itself): its blocks are freed and it waits at the head of the queue to
//! prefill again its prompt and the tokens it has generated (recompute). A
//! request that could not fit even alone is refused at arrival.
//!
//! The end of a prefill yields the sequence's next token (its first, unless
//! it is a recompute); each decode yields one more. A run ends when every
//! request has finished, or when it has spent its budget ([`MAX_STEPS`]
//! steps, [`WORK_BUDGET`] sequence-steps) with the rest unfinished.

use super::model::Replica;
use super::params::{Input, Traffic, BLOCK_TOKENS, MAX_STEPS, WATERMARK, WORK_BUDGET};
use super::sim_draws::{requests, Request};
use crate::model::hot::larger;
use std::collections::VecDeque;

/// What one request went through.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Record {
    /// When its first token came out (NaN: not yet).
    pub first: f64,
    /// When its latest token came out.
    pub last: f64,
    /// When it finished (NaN: not yet).
    pub done: f64,
    /// Tokens generated.
    pub generated: u32,
    /// The longest gap between two of its tokens.
    pub max_gap: f64,
    /// Times it was preempted.
    pub preempted: u32,
    /// Refused at arrival: it cannot fit the KV cache even alone.
    pub refused: bool,
}

/// A sequence in the running batch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seq {
    /// Index of its request.
    pub req: u32,
    /// Tokens whose KV is in the cache.
    pub computed: u32,
    /// Tokens to prefill before it decodes (prompt, plus what it had
    /// generated if it is a recompute).
    pub target: u32,
    /// Blocks it holds.
    pub blocks: u32,
    /// Prefill tokens it took in the last step (0: it decoded or waited).
    pub chunk: u32,
    /// Tokens its reply has when it is done (its request's output).
    pub output: u32,
}

impl Seq {
    pub fn prefilling(&self) -> bool {
        self.computed < self.target
    }
}

/// What the last step did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepInfo {
    pub prefill_tokens: u32,
    pub decode_tokens: u32,
    /// Its duration, seconds.
    pub dt: f64,
    /// Sequences preempted in it.
    pub preempted: u32,
}

/// The replica serving a run's requests, one step at a time.
pub struct Engine {
    pub replica: Replica,
    /// (Boxed slices, as `running` is read through one: indexing a slice is
    /// inline in the browser's build, `Vec`'s `Index` a call.)
    pub requests: Box<[Request]>,
    pub records: Box<[Record]>,
    /// Requests waiting, in the order they will be admitted.
    pub waiting: VecDeque<u32>,
    pub running: Vec<Seq>,
    pub free_blocks: u32,
    /// Seconds since the run began.
    pub now: f64,
    pub last: StepInfo,
    pub steps: u64,
    /// ∫ requests in the replica dt (waiting or running), for Little's law.
    pub in_system_area: f64,
    /// ∫ running sequences dt.
    pub batch_area: f64,
    /// Output tokens generated (recomputed prefills yield tokens too).
    pub tokens_out: u64,
    /// A first token later than this after its arrival counts in
    /// `late_first` (a search stops a run once too many are late).
    pub ttft_limit: f64,
    pub late_first: u32,
    next: usize,
    max_batch: u32,
    chunked: bool,
    step_tokens: u32,
    watermark: u32,
    finished: usize,
    /// The steps after which a run stops, drained or not: twice what every
    /// request needs alone (a step per reply token, one per prefill chunk),
    /// at most [`MAX_STEPS`]. Only a batch that preempts again and again
    /// runs into it.
    pub max_steps: u64,
    /// Sequence-steps so far (each step adds its batch, and one): what a
    /// run costs to simulate.
    pub work: u64,
    /// The work after which a run stops ([`WORK_BUDGET`] unless set).
    pub max_work: u64,
}

impl Engine {
    pub fn new(inp: &Input) -> Engine {
        Engine::with(Replica::new(&inp.hw), &inp.traffic)
    }

    pub fn with(replica: Replica, traffic: &Traffic) -> Engine {
        let requests = requests(traffic).into_boxed_slice();
        let n = requests.len();
        let budget = traffic.step_tokens.max(1);
        let natural: u64 = requests
            .iter()
            .map(|r| r.output as u64 + r.prompt.div_ceil(budget) as u64 + 1)
            .sum();
        Engine {
            replica,
            records: vec![
                Record {
                    first: f64::NAN,
                    done: f64::NAN,
                    last: f64::NAN,
                    ..Record::default()
                };
                n
            ]
            .into_boxed_slice(),
            requests,
            waiting: VecDeque::new(),
            running: Vec::new(),
            free_blocks: replica.blocks,
            now: 0.0,
            last: StepInfo::default(),
            steps: 0,
            in_system_area: 0.0,
            batch_area: 0.0,
            tokens_out: 0,
            ttft_limit: f64::INFINITY,
            late_first: 0,
            next: 0,
            max_batch: traffic.max_batch.max(1),
            chunked: traffic.chunked,
            step_tokens: traffic.step_tokens.max(1),
            watermark: (replica.blocks as f64 * WATERMARK).floor() as u32,
            finished: 0,
            max_steps: (2 * natural).min(MAX_STEPS),
            work: 0,
            max_work: WORK_BUDGET,
        }
    }

    /// Requests finished or refused.
    pub fn settled(&self) -> usize {
        self.finished
    }

    /// Every request has finished or been refused.
    #[cfg(test)]
    pub fn drained(&self) -> bool {
        self.finished == self.requests.len()
    }

    /// Whether the run may take another step: under [`Engine::max_steps`]
    /// and [`WORK_BUDGET`].
    pub fn within_budget(&self) -> bool {
        self.steps < self.max_steps && self.work < self.max_work
    }

    /// Runs to the end: drained, or out of budget.
    pub fn run(&mut self) {
        while self.within_budget() && self.step() {}
    }

    /// Requests that have arrived (queued, running, finished or refused):
    /// the first `arrived()` of `requests`.
    pub fn arrived(&self) -> usize {
        self.next
    }

    /// The arrival time of the next request not yet arrived.
    pub fn next_arrival(&self) -> Option<f64> {
        self.requests.get(self.next).map(|r| r.arrival)
    }

    fn blocks_for(tokens: u32) -> u32 {
        tokens.div_ceil(BLOCK_TOKENS)
    }

    fn arrive(&mut self) {
        while let Some(r) = self.requests.get(self.next) {
            if r.arrival > self.now {
                break;
            }
            let i = self.next as u32;
            self.next += 1;
            let need = Engine::blocks_for(r.prompt + r.output);
            if need > self.replica.blocks {
                self.records[i as usize].refused = true;
                self.finished += 1;
            } else {
                // It has been in the replica since it arrived, perhaps
                // during the step that just ended.
                self.in_system_area += self.now - r.arrival;
                self.waiting.push_back(i);
            }
        }
    }

    /// Admits the head of the queue if the batch and the blocks allow.
    fn admit(&mut self) -> bool {
        let Some(&i) = self.waiting.front() else {
            return false;
        };
        if self.running.len() as u32 >= self.max_batch {
            return false;
        }
        let rec = &self.records[i as usize];
        let target = self.requests[i as usize].prompt + rec.generated;
        let need = Engine::blocks_for(target + 1);
        // The watermark keeps room for the batch to grow, but never bars a
        // request from an idle replica.
        let spare = if self.running.is_empty() {
            0
        } else {
            self.watermark
        };
        if self.free_blocks < need + spare {
            return false;
        }
        self.waiting.pop_front();
        self.free_blocks -= need;
        self.running.push(Seq {
            req: i,
            computed: 0,
            target,
            blocks: need,
            chunk: 0,
            output: self.requests[i as usize].output,
        });
        true
    }

    /// Frees the most recently arrived running sequence and puts it back at
    /// the head of the queue. Returns its index in `running` before removal
    /// and whether it was decoding.
    fn preempt_youngest(&mut self) -> (usize, bool) {
        let (at, _) = self
            .running
            .iter()
            .enumerate()
            .max_by_key(|(_, s)| s.req)
            .expect("preempting from an empty batch");
        let s = self.running.remove(at);
        self.free_blocks += s.blocks;
        self.records[s.req as usize].preempted += 1;
        self.waiting.push_front(s.req);
        self.last.preempted += 1;
        (at, !s.prefilling())
    }

    /// Gives every decoding sequence a block for its next token, preempting
    /// where none is free; returns the decoding sequences left (counted in
    /// the same pass).
    #[inline(always)]
    fn grow_decodes(&mut self) -> u32 {
        let (mut k, mut decodes) = (0, 0);
        while k < self.running.len() {
            let s = &mut self.running.as_mut_slice()[k];
            if s.prefilling() {
                k += 1;
                continue;
            }
            if Engine::blocks_for(s.computed + 1) <= s.blocks {
                decodes += 1;
                k += 1;
                continue;
            }
            if self.free_blocks > 0 {
                self.free_blocks -= 1;
                s.blocks += 1;
                decodes += 1;
                k += 1;
            } else {
                let (gone, decoded) = self.preempt_youngest();
                if gone < k {
                    // A sequence already passed: counted if it decoded.
                    k -= 1;
                    decodes -= u32::from(decoded);
                }
            }
        }
        decodes
    }

    /// Plans the step: sets each sequence's `chunk` (prefill tokens) and
    /// returns the decode tokens.
    #[inline(always)]
    fn plan(&mut self) -> u32 {
        if self.chunked {
            let decodes = self.grow_decodes();
            let mut budget = self.step_tokens.saturating_sub(decodes);
            let mut k = 0;
            loop {
                if k == self.running.len() && (budget == 0 || !self.admit()) {
                    break;
                }
                // Every sequence is visited once, admitted ones too: its
                // chunk is set here, 0 unless it prefills.
                let s = &mut self.running.as_mut_slice()[k];
                s.chunk = 0;
                if s.prefilling() && budget > 0 {
                    let take = (s.target - s.computed).min(budget);
                    s.chunk = take;
                    budget -= take;
                }
                k += 1;
            }
            decodes
        } else {
            for s in &mut self.running {
                s.chunk = 0;
            }
            let mut tokens = 0u32;
            let mut any = false;
            while self.admit() {
                let s = self.running.last_mut().expect("just admitted");
                if any && tokens + s.target > self.step_tokens {
                    // Over the budget: back to the head of the queue.
                    let s = self.running.pop().expect("just admitted");
                    self.free_blocks += s.blocks;
                    self.waiting.push_front(s.req);
                    break;
                }
                s.chunk = s.target;
                tokens += s.target;
                any = true;
            }
            if any {
                0
            } else {
                self.grow_decodes();
                self.running.len() as u32
            }
        }
    }

    fn emit(&mut self, req: u32) {
        let r = &mut self.records[req as usize];
        if r.first.is_nan() {
            r.first = self.now;
            if self.now - self.requests[req as usize].arrival > self.ttft_limit {
                self.late_first += 1;
            }
        } else {
            r.max_gap = larger(r.max_gap, self.now - r.last);
        }
        r.last = self.now;
        r.generated += 1;
        self.tokens_out += 1;
    }

    /// One step: arrivals, the plan, its time, and what it yields. False
    /// once every request has finished.
    pub fn step(&mut self) -> bool {
        self.last = StepInfo::default();
        self.arrive();
        if self.running.is_empty() && self.waiting.is_empty() {
            let Some(t) = self.next_arrival() else {
                return false;
            };
            self.now = larger(self.now, t);
            self.arrive();
        }
        let decodes = self.plan();
        let (mut prefill, mut attn, mut kv_read) = (0.0, 0.0, 0.0);
        for s in &self.running {
            if s.chunk > 0 {
                let (c0, c1) = (s.computed as f64, (s.computed + s.chunk) as f64);
                prefill += s.chunk as f64;
                attn += (c1 * c1 - c0 * c0) / 2.0;
                kv_read += c1;
            } else if !s.prefilling() {
                attn += s.computed as f64 + 1.0;
                kv_read += s.computed as f64 + 1.0;
            }
        }
        if decodes == 0 && prefill == 0.0 {
            // Nothing fits (all preempted into the queue): wait for memory
            // is impossible with an empty batch, so this is an idle wait for
            // the next arrival.
            let Some(t) = self.next_arrival() else {
                return false;
            };
            let in_system = (self.waiting.len() + self.running.len()) as f64;
            self.in_system_area += in_system * larger(t - self.now, 0.0);
            self.now = larger(self.now, t);
            self.steps += 1;
            return true;
        }
        let dt = self.replica.step_s(prefill + decodes as f64, attn, kv_read);
        let in_system = (self.waiting.len() + self.running.len()) as f64;
        self.in_system_area += in_system * dt;
        self.batch_area += self.running.len() as f64 * dt;
        self.now += dt;
        self.steps += 1;
        self.work += self.running.len() as u64 + 1;
        self.last.dt = dt;
        self.last.prefill_tokens = prefill as u32;
        self.last.decode_tokens = decodes;
        self.finish_step();
        true
    }

    /// Applies the step: prefill progress, tokens out, finished sequences.
    #[inline(always)]
    fn finish_step(&mut self) {
        let mut k = 0;
        while k < self.running.len() {
            let s = &mut self.running.as_mut_slice()[k];
            let (req, output) = (s.req, s.output);
            let yields = if s.chunk > 0 {
                s.computed += s.chunk;
                !s.prefilling()
            } else if !s.prefilling() {
                s.computed += 1;
                true
            } else {
                false
            };
            if yields {
                self.emit(req);
            }
            if self.records[req as usize].generated >= output {
                let s = self.running.remove(k);
                self.free_blocks += s.blocks;
                self.records[req as usize].done = self.now;
                self.finished += 1;
            } else {
                k += 1;
            }
        }
    }
}
