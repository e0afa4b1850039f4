//! The discrete-event simulation run beside the formulas ([`simulate`]):
//! Poisson arrivals, exponential service, a token bucket at the gateway, each
//! request sent to a card of its pool drawn at random (random assignment
//! splits a Poisson stream into independent Poisson streams, so each card is
//! exactly the M/M/1 queue the formula assumes; round-robin is offered to
//! show what a smoother per-card stream does), non-preemptive priority for
//! paid on shared cards. SplitMix64, seeded; exponential draws by a ziggurat.
//! Two departures are shown, not hidden: near saturation a finite run cannot
//! settle (relaxation time S/(1−√ρ)²), and a bucket that runs dry grants free
//! requests more evenly than Poisson, so simulated free waits sit ~2 % under
//! the formula on 30 cards.

use super::params::Assign;
use crate::model::SplitMix64;
use std::collections::VecDeque;

/// What [`simulate`] runs: the pools as they stand (after an incident, with
/// burst cards), the tiers' arrivals, the spill, and the gateway's bucket.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimConfig {
    pub service_ms: f64,
    pub prov_cards: usize,
    pub shared_cards: usize,
    pub paid_rps: f64,
    pub free_rps: f64,
    /// Share of paid sent to the shared pool (each request independently).
    pub spill_share: f64,
    /// The bucket's refill, grants/s.
    pub refill_rps: f64,
    pub bucket_capacity: f64,
    pub assign: Assign,
}

/// Batches of the measured window, for the batch-means error of a mean wait.
pub const BATCHES: usize = 20;
/// Student's t at 97.5 % for BATCHES − 1 degrees of freedom.
const T_19: f64 = 2.093;

/// One class of requests in one pool.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ClassStat {
    /// Requests measured (arrived after the warm-up) that started service.
    pub served: u64,
    pub wait_sum_ms: f64,
    /// Requests sent to a pool with no cards: they wait forever.
    pub stranded: u64,
    /// The same sums per batch of arrival time.
    pub batch_served: [u64; BATCHES],
    pub batch_sum_ms: [f64; BATCHES],
}

impl ClassStat {
    #[inline]
    fn add(&mut self, wait_ms: f64, batch: usize) {
        self.served += 1;
        self.wait_sum_ms += wait_ms;
        self.batch_served[batch] += 1;
        self.batch_sum_ms[batch] += wait_ms;
    }

    /// Mean queue wait (ms): ∞ if any request was stranded, 0 with none.
    pub fn mean_ms(&self) -> f64 {
        if self.stranded > 0 {
            f64::INFINITY
        } else if self.served == 0 {
            0.0
        } else {
            self.wait_sum_ms / self.served as f64
        }
    }

    /// Half-width (ms) of a 95 % confidence interval for the mean wait by
    /// batch means over [`BATCHES`] stretches of arrival time; `None` when a
    /// batch is empty or a request was stranded. Batches longer than the
    /// queue's memory are nearly independent; near saturation they are not,
    /// and this interval is too narrow.
    pub fn half_width_ms(&self) -> Option<f64> {
        if self.stranded > 0 || self.batch_served.contains(&0) {
            return None;
        }
        let means: Vec<f64> = self
            .batch_sum_ms
            .iter()
            .zip(&self.batch_served)
            .map(|(s, &n)| s / n as f64)
            .collect();
        let k = BATCHES as f64;
        let avg = means.iter().sum::<f64>() / k;
        let var = means.iter().map(|m| (m - avg).powi(2)).sum::<f64>() / (k - 1.0);
        Some(T_19 * (var / k).sqrt())
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimResult {
    /// Gateway arrivals generated (paid and free, refused ones included).
    pub arrivals: u64,
    /// Simulated seconds of the measured window (after the warm-up).
    pub seconds: f64,
    pub prov: ClassStat,
    pub shared_paid: ClassStat,
    pub free: ClassStat,
    /// Free arrivals in the measured window the bucket granted and refused.
    pub free_admitted: u64,
    pub free_refused: u64,
}

impl SimResult {
    /// Requests whose wait was measured.
    pub fn measured(&self) -> u64 {
        self.prov.served + self.shared_paid.served + self.free.served
    }
}

/// Exponential draws with mean 1 by the ziggurat method (Marsaglia & Tsang
/// 2000, in Doornik's 2005 form with independent layer and uniform bits):
/// 256 layers of equal area under e^−x; most draws cost one SplitMix64 output
/// and a multiply, where −ln(U) costs a logarithm.
pub(super) struct ExpZiggurat {
    x: [f64; 257],
    f: [f64; 257],
}

const ZIG_R: f64 = 7.697_117_470_131_05;
const ZIG_V: f64 = 3.949_659_822_581_557e-3;

impl ExpZiggurat {
    pub(super) fn new() -> ExpZiggurat {
        let mut x = [0.0f64; 257];
        x[0] = ZIG_V / (-ZIG_R).exp();
        x[1] = ZIG_R;
        for i in 2..256 {
            x[i] = -(ZIG_V / x[i - 1] + (-x[i - 1]).exp()).ln();
        }
        x[256] = 0.0;
        let f = x.map(|v| (-v).exp());
        ExpZiggurat { x, f }
    }

    #[inline]
    pub(super) fn draw(&self, rng: &mut SplitMix64) -> f64 {
        loop {
            let bits = rng.next_u64();
            let i = (bits & 0xff) as usize;
            let u = (bits >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0);
            let z = u * self.x[i];
            if z < self.x[i + 1] {
                return z;
            }
            if i == 0 {
                // The tail beyond r: memoryless, so r + Exp(1).
                return ZIG_R - (1.0 - rng.next_unit()).ln();
            }
            let y = self.f[i] + rng.next_unit() * (self.f[i + 1] - self.f[i]);
            if y < (-z).exp() {
                return z;
            }
        }
    }
}

impl Default for ExpZiggurat {
    fn default() -> Self {
        Self::new()
    }
}

/// The gateway's token bucket: a continuous refill (grants per ms), capped.
struct Bucket {
    tokens: f64,
    last: f64,
    refill: f64,
    cap: f64,
}

impl Bucket {
    /// Starts at its long-run level: empty when demand outruns the refill,
    /// else full.
    fn new(cfg: &SimConfig) -> Bucket {
        let cap = cfg.bucket_capacity.max(0.0);
        Bucket {
            tokens: if cfg.free_rps > cfg.refill_rps {
                0.0
            } else {
                cap
            },
            last: 0.0,
            refill: cfg.refill_rps.max(0.0) / 1000.0,
            cap,
        }
    }

    /// Refills up to time `t`, then takes a token if one is there.
    #[inline]
    fn grant(&mut self, t: f64) -> bool {
        self.tokens = (self.tokens + self.refill * (t - self.last)).min(self.cap);
        self.last = t;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Which card of a pool of `n` takes the next request.
struct Picker {
    n: u64,
    round_robin: bool,
    next: u64,
}

impl Picker {
    fn new(n: usize, assign: Assign) -> Picker {
        Picker {
            n: n as u64,
            round_robin: assign == Assign::RoundRobin,
            next: 0,
        }
    }

    #[inline]
    fn pick(&mut self, rng: &mut SplitMix64) -> usize {
        if self.round_robin {
            self.next += 1;
            (self.next % self.n) as usize
        } else {
            rng.below(self.n) as usize
        }
    }
}

/// What the cards need while the simulation runs: service, the measured
/// window, and where the shared pool's waits go.
struct Run<'a> {
    s: f64,
    t_warm: f64,
    per_batch: f64,
    zig: &'a ExpZiggurat,
    paid: &'a mut ClassStat,
    free: &'a mut ClassStat,
}

impl Run<'_> {
    #[inline]
    fn batch(&self, arrival: f64) -> usize {
        (((arrival - self.t_warm) * self.per_batch) as usize).min(BATCHES - 1)
    }

    /// The shared pool's statistics of a class.
    #[inline]
    fn class(&mut self, is_paid: bool) -> &mut ClassStat {
        if is_paid {
            self.paid
        } else {
            self.free
        }
    }
}

/// The provisioned pool: when each card is next free (paid only, first come
/// first served).
struct ProvPool {
    free_at: Vec<f64>,
    pick: Picker,
}

impl ProvPool {
    /// A paid request arriving at `t` joins a card, or is stranded if the
    /// pool has none; its wait goes to `stat` if `measured`.
    #[inline]
    fn join(
        &mut self,
        t: f64,
        measured: bool,
        stat: &mut ClassStat,
        run: &Run,
        rng: &mut SplitMix64,
    ) {
        if self.free_at.is_empty() {
            if measured {
                stat.stranded += 1;
            }
            return;
        }
        let k = self.pick.pick(rng);
        let at = &mut self.free_at[k];
        let wait = (*at - t).max(0.0);
        if measured {
            stat.add(wait, run.batch(t));
        }
        *at = t + wait + run.s * run.zig.draw(rng);
    }
}

/// A shared card: when it is next free, and its two queues of arrival times.
struct SharedCard {
    busy_until: f64,
    paid: VecDeque<f64>,
    free: VecDeque<f64>,
}

impl SharedCard {
    /// Runs the card up to time `t`: whenever it frees up, it starts the
    /// oldest paid request, else the oldest free one (non-preemptive).
    #[inline]
    fn advance(&mut self, t: f64, run: &mut Run, rng: &mut SplitMix64) {
        while self.busy_until <= t {
            let start = self.busy_until;
            if let Some(a) = self.paid.pop_front() {
                if a >= run.t_warm {
                    let b = run.batch(a);
                    run.paid.add(start - a, b);
                }
            } else if let Some(a) = self.free.pop_front() {
                if a >= run.t_warm {
                    let b = run.batch(a);
                    run.free.add(start - a, b);
                }
            } else {
                return;
            }
            self.busy_until = start + run.s * run.zig.draw(rng);
        }
    }
}

/// The shared pool: free requests and spilled paid, paid served first.
struct SharedPool {
    cards: Vec<SharedCard>,
    pick: Picker,
}

impl SharedPool {
    fn new(n: usize, assign: Assign) -> SharedPool {
        SharedPool {
            cards: (0..n)
                .map(|_| SharedCard {
                    busy_until: 0.0,
                    paid: VecDeque::with_capacity(16),
                    free: VecDeque::with_capacity(16),
                })
                .collect(),
            pick: Picker::new(n, assign),
        }
    }

    /// A request arriving at `t` joins a card: served at once if the card is
    /// idle, else queued in its class; stranded if the pool has no card.
    #[inline]
    fn join(&mut self, t: f64, is_paid: bool, measured: bool, run: &mut Run, rng: &mut SplitMix64) {
        if self.cards.is_empty() {
            if measured {
                run.class(is_paid).stranded += 1;
            }
            return;
        }
        let k = self.pick.pick(rng);
        let card = &mut self.cards[k];
        card.advance(t, run, rng);
        if card.busy_until <= t {
            // Idle (advance leaves it idle only with empty queues).
            if measured {
                let b = run.batch(t);
                run.class(is_paid).add(0.0, b);
            }
            card.busy_until = t + run.s * run.zig.draw(rng);
        } else if is_paid {
            card.paid.push_back(t);
        } else {
            card.free.push_back(t);
        }
    }

    /// After the last arrival: every card serves its queues to the end.
    fn drain(&mut self, run: &mut Run, rng: &mut SplitMix64) {
        for card in &mut self.cards {
            card.advance(f64::INFINITY, run, rng);
        }
    }
}

/// Runs `arrivals` gateway arrivals through the pools and returns the mean
/// waits. Paid and free arrive as independent Poisson streams; the gateway
/// grants a free request if its bucket (continuous refill, capped) holds a
/// token, else returns a 429; each admitted request joins a card of its pool
/// (a random card, or round-robin); service is exponential with mean `S`;
/// shared cards serve paid before free without preempting. The first 5 % of
/// arrivals warm the queues up and are not measured, the bucket starts at its
/// long-run level (empty when demand outruns the refill, else full), and
/// after the last arrival the queues drain so that every measured request's
/// wait is complete. Deterministic in `seed`; no allocation per request
/// beyond the queues' growth.
pub fn simulate(cfg: &SimConfig, arrivals: u64, seed: u64) -> SimResult {
    let mut res = SimResult {
        arrivals,
        ..SimResult::default()
    };
    let paid = cfg.paid_rps.max(0.0);
    let total = paid + cfg.free_rps.max(0.0);
    if total <= 0.0 || arrivals == 0 {
        return res;
    }
    let zig = ExpZiggurat::new();
    let gap = 1000.0 / total;
    let p_paid = paid / total;
    let spill = cfg.spill_share.clamp(0.0, 1.0);
    let mut bucket = Bucket::new(cfg);
    let mut prov = ProvPool {
        free_at: vec![0.0f64; cfg.prov_cards],
        pick: Picker::new(cfg.prov_cards, cfg.assign),
    };
    let mut shared = SharedPool::new(cfg.shared_cards, cfg.assign);
    let warm = arrivals / 20;
    let mut rng = SplitMix64::new(seed);
    let mut shared_paid = ClassStat::default();
    let mut free = ClassStat::default();
    let mut run = Run {
        s: cfg.service_ms,
        t_warm: f64::INFINITY,
        // Batches split the expected measured span evenly.
        per_batch: BATCHES as f64 / ((arrivals - warm) as f64 * gap),
        zig: &zig,
        paid: &mut shared_paid,
        free: &mut free,
    };
    let mut t = 0.0;
    for i in 0..arrivals {
        t += gap * zig.draw(&mut rng);
        if i == warm {
            run.t_warm = t;
        }
        let measured = i >= warm;
        let is_paid = rng.next_unit() < p_paid;
        let to_shared = if is_paid {
            spill >= 1.0 || (spill > 0.0 && rng.next_unit() < spill)
        } else if bucket.grant(t) {
            if measured {
                res.free_admitted += 1;
            }
            true
        } else {
            if measured {
                res.free_refused += 1;
            }
            continue;
        };
        if to_shared {
            shared.join(t, is_paid, measured, &mut run, &mut rng);
        } else {
            prov.join(t, measured, &mut res.prov, &run, &mut rng);
        }
    }
    shared.drain(&mut run, &mut rng);
    res.seconds = if run.t_warm.is_finite() {
        (t - run.t_warm) / 1000.0
    } else {
        0.0
    };
    res.shared_paid = shared_paid;
    res.free = free;
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ziggurat_draws_are_exponential() {
        let z = ExpZiggurat::new();
        let mut rng = SplitMix64::new(11);
        let n = 400_000;
        let (mut sum, mut sq, mut over3, mut over8) = (0.0, 0.0, 0u32, 0u32);
        for _ in 0..n {
            let x = z.draw(&mut rng);
            assert!(x >= 0.0 && x.is_finite());
            sum += x;
            sq += x * x;
            over3 += (x > 3.0) as u32;
            over8 += (x > 8.0) as u32;
        }
        let mean = sum / n as f64;
        let var = sq / n as f64 - mean * mean;
        assert!((mean - 1.0).abs() < 0.01, "mean {mean}");
        assert!((var - 1.0).abs() < 0.02, "variance {var}");
        let p3 = over3 as f64 / n as f64;
        assert!((p3 - (-3.0f64).exp()).abs() < 0.002, "P(X > 3) = {p3}");
        // The tail beyond r = 7.7 is reached: P(X > 8) = 3.4e-4.
        assert!((50..300).contains(&over8), "{over8}");
    }

    #[test]
    fn simulation_is_deterministic_and_total() {
        let cfg = SimConfig {
            service_ms: 49.67,
            prov_cards: 0,
            shared_cards: 0,
            paid_rps: 100.0,
            free_rps: 100.0,
            spill_share: 0.5,
            refill_rps: 80.0,
            bucket_capacity: 10.0,
            assign: Assign::Random,
        };
        let a = simulate(&cfg, 2000, 7);
        assert_eq!(a, simulate(&cfg, 2000, 7));
        assert!(a.prov.mean_ms().is_infinite());
        assert!(a.free.mean_ms().is_infinite());
    }
}
