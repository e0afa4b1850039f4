//! The discrete-event simulation run beside the formulas ([`simulate`]):
//! Poisson arrivals, exponential service, a token bucket at the gateway, each
//! request sent to a card of its pool drawn at random (random assignment
//! splits a Poisson stream into independent Poisson streams, so each card is
//! exactly the M/M/1 queue the formula assumes; round-robin is offered to
//! show what a smoother per-card stream does), non-preemptive priority for
//! paid on shared cards. SplitMix64, seeded; exponential draws by a ziggurat.
//!
//! No warm-up to throw away: every card starts from a draw of its own steady
//! state. A run that starts from empty queues reads low for a time of the
//! order of the relaxation time S/(1−√ρ)² (67 s at ρ = 94.6 %), exactly where
//! the lesson is; discarding that much would cost more than the page can
//! spend, while a steady-state start costs one or two draws per card. An
//! M/M/1 card is idle with probability 1 − ρ and otherwise holds
//! 1 + Geometric(ρ) requests (P(n) = (1−ρ)ρⁿ), whose remaining work, by the
//! memoryless service, is Exp with mean S/(1−ρ). The draw is exact for the
//! cases the formulas describe (random assignment, Poisson arrivals); where
//! the model is not M/M/1 it is exact in the slow part, the number of
//! requests on the card, and close in parts that settle within a few
//! services: round-robin takes the same shape with the ratio σ of the GI/M/1
//! queue its Erlang gaps make (σ = (nρ/(nρ+1−σ))ⁿ on n cards); under priority
//! the count on a shared card is still M/M/1's (work-conserving, equal
//! exponential service), its queued paid drawn with the mean ρ_pS/(1−ρ_pS)
//! Cobham's formula gives given the card is busy; a bucket that runs dry
//! makes the free stream smoother than the Poisson the draw assumes. A pool
//! at or over 100 % has no steady state and starts empty.
//!
//! The run is [`BATCHES`] independent replications, each with fresh draws,
//! and with random assignment every card of a replication is a queue of its
//! own, independent of the others (a Poisson stream split at random is
//! independent Poisson streams): each (replication, card) is an independent
//! sample of the mean wait by construction, however short a replication is
//! against the relaxation time (batches of one long run are not independent
//! near saturation, and their interval is too narrow). The 95 % interval is
//! the ratio estimator's over those samples, hundreds of them on the page, so
//! its ± is itself stable; round-robin ties a pool's cards together, and its
//! samples are whole replications. Every wait also goes to a fixed log-linear
//! histogram (128 buckets an octave, within 0.4 % of the exact order
//! statistic) for the tail quantiles.

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

impl SimConfig {
    /// The normal-day story: 133.15 paid req/s on 10 provisioned cards of
    /// 49.67 ms, 500 free req/s admitted at 80 % into 30 shared cards.
    pub const NORMAL_DAY: SimConfig = SimConfig {
        service_ms: 49.67,
        prov_cards: 10,
        shared_cards: 30,
        paid_rps: 133.15,
        free_rps: 500.0,
        spill_share: 0.0,
        refill_rps: 400.0,
        bucket_capacity: 3000.0,
        assign: Assign::Random,
    };
}

/// Independent replications of a run, for the error of a mean wait.
pub const BATCHES: usize = 20;
/// Student's t at 97.5 % for `df` degrees of freedom, by the
/// Cornish–Fisher expansion about the normal's 1.96 (2.093 at 19, within
/// 0.002 from 10 up).
fn t975(df: f64) -> f64 {
    let z: f64 = 1.959_964;
    let (z3, z5, z7) = (z.powi(3), z.powi(5), z.powi(7));
    z + (z3 + z) / (4.0 * df)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df.powi(2))
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * df.powi(3))
}

/// Sub-buckets per octave of the wait histogram (2^7 = 128).
const SUB_BITS: u32 = 7;
/// Octaves of the histogram: waits from 2^−20 ms (shorter ones count with
/// the shortest) to 2^44 ms (longer ones count with the longest).
const OCT_LO: i64 = -20;
const OCT_HI: i64 = 44;
const HIST_LEN: usize = 1 + (((OCT_HI - OCT_LO) as usize) << SUB_BITS);

/// Waits counted in fixed buckets: index 0 holds waits of exactly 0 (the
/// card was idle), then 128 buckets an octave, each 1/128 of its octave.
#[derive(Clone, Debug, PartialEq)]
pub struct WaitHistogram {
    counts: Vec<u32>,
}

impl Default for WaitHistogram {
    fn default() -> Self {
        WaitHistogram {
            counts: vec![0; HIST_LEN],
        }
    }
}

impl WaitHistogram {
    #[inline]
    fn bucket(wait_ms: f64) -> usize {
        if wait_ms <= 0.0 {
            return 0;
        }
        let bits = wait_ms.to_bits();
        let oct = ((bits >> 52) & 0x7ff) as i64 - 1023;
        if oct < OCT_LO {
            return 1;
        }
        if oct >= OCT_HI {
            return HIST_LEN - 1;
        }
        let sub = ((bits >> (52 - SUB_BITS)) & ((1 << SUB_BITS) - 1)) as usize;
        1 + (((oct - OCT_LO) as usize) << SUB_BITS) + sub
    }

    #[inline]
    fn add(&mut self, wait_ms: f64) {
        self.counts[Self::bucket(wait_ms)] += 1;
    }

    /// The middle of bucket `i` (ms); 0 for the idle bucket.
    fn middle(i: usize) -> f64 {
        if i == 0 {
            return 0.0;
        }
        let k = i - 1;
        let oct = (k >> SUB_BITS) as i64 + OCT_LO;
        let sub = (k & ((1 << SUB_BITS) - 1)) as f64;
        2f64.powi(oct as i32) * (1.0 + (sub + 0.5) / (1u32 << SUB_BITS) as f64)
    }

    /// The `p`-quantile of `n` counted waits: the middle of the bucket that
    /// holds the ⌈p·n⌉-th smallest (0 with none counted).
    pub fn quantile_ms(&self, p: f64, n: u64) -> f64 {
        let rank = ((p.clamp(0.0, 1.0) * n as f64).ceil() as u64).max(1);
        let mut seen = 0u64;
        for (i, &c) in self.counts.iter().enumerate() {
            seen += u64::from(c);
            if seen >= rank {
                return Self::middle(i);
            }
        }
        0.0
    }
}

/// One class of requests in one pool.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClassStat {
    /// Requests that started service (every arrival is measured: no warm-up).
    pub served: u64,
    pub wait_sum_ms: f64,
    /// Requests sent to a pool with no cards: they wait forever.
    pub stranded: u64,
    /// The same sums per replication.
    pub batch_served: [u64; BATCHES],
    pub batch_sum_ms: [f64; BATCHES],
    /// The same sums per independent sample: (replication, card), or the
    /// replication with round-robin.
    pub unit_served: Vec<u64>,
    pub unit_sum_ms: Vec<f64>,
    /// Every wait, for the tail quantiles.
    pub hist: WaitHistogram,
}

impl ClassStat {
    /// No request yet, with room for `units` independent samples.
    fn with_units(units: usize) -> ClassStat {
        ClassStat {
            unit_served: vec![0; units],
            unit_sum_ms: vec![0.0; units],
            ..ClassStat::default()
        }
    }

    #[inline]
    fn add(&mut self, wait_ms: f64, batch: usize, unit: usize) {
        self.served += 1;
        self.wait_sum_ms += wait_ms;
        self.batch_served[batch] += 1;
        self.batch_sum_ms[batch] += wait_ms;
        self.unit_served[unit] += 1;
        self.unit_sum_ms[unit] += wait_ms;
        self.hist.add(wait_ms);
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

    /// Half-width (ms) of a 95 % confidence interval for the mean wait: the
    /// ratio estimator's over the k independent samples (sums s_i of n_i
    /// waits, mean R = Σs_i/Σn_i), Var R ≈ k/(k−1)·Σ(s_i − R·n_i)²/(Σn_i)²,
    /// with Student's t for k − 1 degrees of freedom. `None` when a
    /// replication served none of the class or a request was stranded.
    pub fn half_width_ms(&self) -> Option<f64> {
        let k = self.unit_served.len() as f64;
        if self.stranded > 0 || self.batch_served.contains(&0) || k < 2.0 {
            return None;
        }
        let n = self.served as f64;
        let r = self.wait_sum_ms / n;
        let ss: f64 = self
            .unit_sum_ms
            .iter()
            .zip(&self.unit_served)
            .map(|(s, &m)| (s - r * m as f64).powi(2))
            .sum();
        Some(t975(k - 1.0) * (k / (k - 1.0) * ss).sqrt() / n)
    }

    /// The `p`-quantile of the waits (ms) to within 0.4 %: ∞ if a request
    /// was stranded, 0 with none served.
    pub fn quantile_ms(&self, p: f64) -> f64 {
        if self.stranded > 0 {
            f64::INFINITY
        } else {
            self.hist.quantile_ms(p, self.served)
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SimResult {
    /// Gateway arrivals generated (paid and free, refused ones included).
    pub arrivals: u64,
    /// Simulated seconds, summed over the replications.
    pub seconds: f64,
    pub prov: ClassStat,
    pub shared_paid: ClassStat,
    pub free: ClassStat,
    /// Free arrivals the bucket granted and refused.
    pub free_admitted: u64,
    pub free_refused: u64,
}

impl SimResult {
    /// Requests whose wait was measured.
    pub fn measured(&self) -> u64 {
        self.prov.served + self.shared_paid.served + self.free.served
    }

    /// Whether the worst pool carrying paid at spill share `spill` is the
    /// provisioned one, as for the formula's paid wait: the longer simulated
    /// mean when paid is split.
    pub fn paid_is_prov(&self, spill: f64) -> bool {
        spill <= 0.0 || (spill < 1.0 && self.shared_paid.mean_ms() <= self.prov.mean_ms())
    }

    /// The paid class of the worst pool carrying paid ([`Self::paid_is_prov`]).
    pub fn paid(&self, spill: f64) -> &ClassStat {
        if self.paid_is_prov(spill) {
            &self.prov
        } else {
            &self.shared_paid
        }
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

/// Sum of `k` exponential draws with mean 1 (a Gamma(k) variate): the draws
/// themselves for a few, else Marsaglia and Tsang's method (2000) for shape k.
fn exp_sum(k: u64, zig: &ExpZiggurat, rng: &mut SplitMix64) -> f64 {
    if k <= 16 {
        return (0..k).map(|_| zig.draw(rng)).sum();
    }
    let d = k as f64 - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal draw (Box–Muller).
        let r = (-2.0 * (1.0 - rng.next_unit()).ln()).sqrt();
        let z = r * (std::f64::consts::TAU * rng.next_unit()).cos();
        let v = (1.0 + c * z).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = 1.0 - rng.next_unit();
        if u.ln() < 0.5 * z * z + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// A geometric count with ratio `q`: P(k) = (1−q)·qᵏ, k ≥ 0.
#[inline]
fn geometric(q: f64, rng: &mut SplitMix64) -> u64 {
    if q <= 0.0 {
        0
    } else {
        ((1.0 - rng.next_unit()).ln() / q.ln()).floor().min(1e15) as u64
    }
}

/// The ratio σ of a GI/M/1 card fed every n-th arrival of a Poisson stream
/// (Erlang-n gaps) at utilization ρ: the root in (0, 1) of
/// σ = (nρ/(nρ + 1 − σ))ⁿ, by bisection; σ = ρ for one card.
pub(super) fn erlang_sigma(n: usize, rho: f64) -> f64 {
    if n <= 1 {
        return rho;
    }
    let nr = n as f64 * rho;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if (nr / (nr + 1.0 - mid)).powi(n as i32) > mid {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// A pool's steady state, drawn per card at the start of each replication:
/// busy with probability ρ, then 1 + Geometric(σ) requests on the card, of
/// which queued paid (shared cards) Geometric with mean `paid_queued`.
#[derive(Clone, Copy, Debug)]
struct Steady {
    busy: f64,
    sigma: f64,
    paid_queued: f64,
}

impl Steady {
    /// The steady state of `cards` cards carrying `load_rps` of which
    /// `paid_rps` has priority; `None` (start empty) with no cards, no load,
    /// or ρ ≥ 1, where there is no steady state.
    fn of(load_rps: f64, paid_rps: f64, cards: usize, cfg: &SimConfig) -> Option<Steady> {
        if cards == 0 || load_rps <= 0.0 {
            return None;
        }
        let per_card = cfg.service_ms / 1000.0 / cards as f64;
        let rho = load_rps * per_card;
        if !rho.is_finite() || rho >= 1.0 {
            return None;
        }
        let rho_paid = (paid_rps * per_card).min(rho);
        Some(Steady {
            busy: rho,
            sigma: match cfg.assign {
                Assign::Random => rho,
                Assign::RoundRobin => erlang_sigma(cards, rho),
            },
            paid_queued: rho_paid / (1.0 - rho_paid),
        })
    }

    /// Requests on a card: 0 if idle, else 1 + Geometric(σ).
    #[inline]
    fn on_card(&self, rng: &mut SplitMix64) -> u64 {
        if rng.next_unit() < self.busy {
            1 + geometric(self.sigma, rng)
        } else {
            0
        }
    }
}

/// What a run needs throughout: the arrivals, the split, and each pool's
/// steady state.
struct Plan<'a> {
    cfg: &'a SimConfig,
    /// Mean gap between gateway arrivals, ms.
    gap: f64,
    p_paid: f64,
    spill: f64,
    prov: Option<Steady>,
    shared: Option<Steady>,
}

impl Plan<'_> {
    fn new(cfg: &SimConfig) -> Option<Plan<'_>> {
        let paid = cfg.paid_rps.max(0.0);
        let free = cfg.free_rps.max(0.0);
        let total = paid + free;
        if total <= 0.0 {
            return None;
        }
        let spill = cfg.spill_share.clamp(0.0, 1.0);
        let admitted = free.min(cfg.refill_rps.max(0.0));
        Some(Plan {
            cfg,
            gap: 1000.0 / total,
            p_paid: paid / total,
            spill,
            prov: Steady::of((1.0 - spill) * paid, 0.0, cfg.prov_cards, cfg),
            shared: Steady::of(spill * paid + admitted, spill * paid, cfg.shared_cards, cfg),
        })
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

/// What the cards need while a replication runs: service, which
/// replication it is, and where every class's waits go.
struct Run<'a> {
    s: f64,
    batch: usize,
    /// Each card of a replication is an independent sample (random
    /// assignment), else the whole replication is.
    per_card: bool,
    zig: &'a ExpZiggurat,
    prov: &'a mut ClassStat,
    paid: &'a mut ClassStat,
    free: &'a mut ClassStat,
    admitted: u64,
    refused: u64,
}

impl Run<'_> {
    /// The independent sample card `card` of a pool of `cards` adds to.
    #[inline]
    fn unit(&self, card: usize, cards: usize) -> usize {
        if self.per_card {
            self.batch * cards + card
        } else {
            self.batch
        }
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

    /// One service time, ms.
    #[inline]
    fn service(&self, rng: &mut SplitMix64) -> f64 {
        self.s * self.zig.draw(rng)
    }
}

/// The provisioned pool: when each card is next free (paid only, first come
/// first served).
struct ProvPool {
    free_at: Vec<f64>,
    pick: Picker,
}

impl ProvPool {
    /// Each card's remaining work drawn from its steady state: 0 if idle,
    /// else Exp with mean S/(1−σ).
    fn steady(plan: &Plan, run: &Run, rng: &mut SplitMix64) -> ProvPool {
        let free_at = (0..plan.cfg.prov_cards)
            .map(|_| match plan.prov {
                Some(st) if rng.next_unit() < st.busy => run.service(rng) / (1.0 - st.sigma),
                _ => 0.0,
            })
            .collect();
        ProvPool {
            free_at,
            pick: Picker::new(plan.cfg.prov_cards, plan.cfg.assign),
        }
    }

    /// A paid request arriving at `t` joins a card, or is stranded if the
    /// pool has none.
    #[inline]
    fn join(&mut self, t: f64, run: &mut Run, rng: &mut SplitMix64) {
        if self.free_at.is_empty() {
            run.prov.stranded += 1;
            return;
        }
        let k = self.pick.pick(rng);
        let unit = run.unit(k, self.free_at.len());
        let at = &mut self.free_at[k];
        let wait = (*at - t).max(0.0);
        run.prov.add(wait, run.batch, unit);
        *at = t + wait + run.s * run.zig.draw(rng);
    }
}

/// A shared card: when it is next free, the requests it held at the start
/// (counted, not measured: older than every arrival of their class), and
/// its two queues of arrival times.
struct SharedCard {
    /// The independent sample its waits add to, this replication.
    unit: usize,
    busy_until: f64,
    old_paid: u64,
    old_free: u64,
    paid: VecDeque<f64>,
    free: VecDeque<f64>,
}

impl SharedCard {
    /// A card drawn from the pool's steady state: the request in service
    /// (its remaining time is a full service: memoryless), and the queued
    /// ones split into paid and free.
    fn steady(st: Option<Steady>, unit: usize, run: &Run, rng: &mut SplitMix64) -> SharedCard {
        let mut card = SharedCard {
            unit,
            busy_until: 0.0,
            old_paid: 0,
            old_free: 0,
            paid: VecDeque::with_capacity(16),
            free: VecDeque::with_capacity(16),
        };
        if let Some(st) = st {
            let n = st.on_card(rng);
            if n > 0 {
                card.busy_until = run.service(rng);
                let queued = n - 1;
                let q = st.paid_queued / (1.0 + st.paid_queued);
                card.old_paid = geometric(q, rng).min(queued);
                card.old_free = queued - card.old_paid;
            }
        }
        card
    }

    /// Runs the card up to time `t`: whenever it frees up, it starts the
    /// oldest paid request, else the oldest free one (non-preemptive).
    #[inline]
    fn advance(&mut self, t: f64, run: &mut Run, rng: &mut SplitMix64) {
        while self.busy_until <= t {
            let start = self.busy_until;
            if self.old_paid > 0 {
                self.old_paid -= 1;
            } else if let Some(a) = self.paid.pop_front() {
                run.paid.add(start - a, run.batch, self.unit);
            } else if self.old_free > 0 {
                self.old_free -= 1;
            } else if let Some(a) = self.free.pop_front() {
                run.free.add(start - a, run.batch, self.unit);
            } else {
                return;
            }
            self.busy_until = start + run.service(rng);
        }
    }

    /// After the last arrival: the card serves its queues to the end, paid
    /// first, each class oldest first (the old requests in one draw).
    fn drain(&mut self, run: &mut Run, rng: &mut SplitMix64) {
        let mut t = self.busy_until;
        t += run.s * exp_sum(std::mem::take(&mut self.old_paid), run.zig, rng);
        while let Some(a) = self.paid.pop_front() {
            run.paid.add(t - a, run.batch, self.unit);
            t += run.service(rng);
        }
        t += run.s * exp_sum(std::mem::take(&mut self.old_free), run.zig, rng);
        while let Some(a) = self.free.pop_front() {
            run.free.add(t - a, run.batch, self.unit);
            t += run.service(rng);
        }
        self.busy_until = t;
    }
}

/// The shared pool: free requests and spilled paid, paid served first.
struct SharedPool {
    cards: Vec<SharedCard>,
    pick: Picker,
}

impl SharedPool {
    fn steady(plan: &Plan, run: &Run, rng: &mut SplitMix64) -> SharedPool {
        SharedPool {
            cards: (0..plan.cfg.shared_cards)
                .map(|k| {
                    let unit = run.unit(k, plan.cfg.shared_cards);
                    SharedCard::steady(plan.shared, unit, run, rng)
                })
                .collect(),
            pick: Picker::new(plan.cfg.shared_cards, plan.cfg.assign),
        }
    }

    /// A request arriving at `t` joins a card: served at once if the card is
    /// idle, else queued in its class; stranded if the pool has no card.
    #[inline]
    fn join(&mut self, t: f64, is_paid: bool, run: &mut Run, rng: &mut SplitMix64) {
        if self.cards.is_empty() {
            run.class(is_paid).stranded += 1;
            return;
        }
        let k = self.pick.pick(rng);
        let card = &mut self.cards[k];
        card.advance(t, run, rng);
        if card.busy_until <= t {
            // Idle (advance leaves it idle only with nothing queued).
            let (b, u) = (run.batch, card.unit);
            run.class(is_paid).add(0.0, b, u);
            card.busy_until = t + run.service(rng);
        } else if is_paid {
            card.paid.push_back(t);
        } else {
            card.free.push_back(t);
        }
    }

    fn drain(&mut self, run: &mut Run, rng: &mut SplitMix64) {
        for card in &mut self.cards {
            card.drain(run, rng);
        }
    }
}

/// One replication: pools drawn from their steady state, `n` gateway
/// arrivals, then the queues drain so that every wait is complete. Returns
/// the time of the last arrival (ms).
fn replicate(plan: &Plan, n: u64, run: &mut Run, rng: &mut SplitMix64) -> f64 {
    let mut bucket = Bucket::new(plan.cfg);
    let mut prov = ProvPool::steady(plan, run, rng);
    let mut shared = SharedPool::steady(plan, run, rng);
    let mut t = 0.0;
    for _ in 0..n {
        t += plan.gap * run.zig.draw(rng);
        let is_paid = rng.next_unit() < plan.p_paid;
        let to_shared = if is_paid {
            plan.spill >= 1.0 || (plan.spill > 0.0 && rng.next_unit() < plan.spill)
        } else if bucket.grant(t) {
            run.admitted += 1;
            true
        } else {
            run.refused += 1;
            continue;
        };
        if to_shared {
            shared.join(t, is_paid, run, rng);
        } else {
            prov.join(t, run, rng);
        }
    }
    shared.drain(run, rng);
    t
}

/// Runs `arrivals` gateway arrivals through the pools in [`BATCHES`]
/// independent replications and returns the waits. Paid and free arrive as
/// independent Poisson streams; the gateway grants a free request if its
/// bucket (continuous refill, capped) holds a token, else returns a 429; each
/// admitted request joins a card of its pool (a random card, or round-robin);
/// service is exponential with mean `S`; shared cards serve paid before free
/// without preempting. Each replication starts every card from a draw of its
/// steady state and the bucket at its long-run level (empty when demand
/// outruns the refill, else full), measures every arrival, and drains its
/// queues at the end. Deterministic in `seed`; no allocation per request
/// beyond the queues' growth.
pub fn simulate(cfg: &SimConfig, arrivals: u64, seed: u64) -> SimResult {
    let per_card = cfg.assign == Assign::Random;
    let units = |cards: usize| BATCHES * if per_card { cards.max(1) } else { 1 };
    let mut res = SimResult {
        arrivals,
        prov: ClassStat::with_units(units(cfg.prov_cards)),
        shared_paid: ClassStat::with_units(units(cfg.shared_cards)),
        free: ClassStat::with_units(units(cfg.shared_cards)),
        ..SimResult::default()
    };
    let Some(plan) = Plan::new(cfg) else {
        return res;
    };
    if arrivals == 0 {
        return res;
    }
    let zig = ExpZiggurat::new();
    let mut rng = SplitMix64::new(seed);
    let SimResult {
        prov,
        shared_paid,
        free,
        ..
    } = &mut res;
    let mut run = Run {
        s: cfg.service_ms,
        batch: 0,
        per_card,
        zig: &zig,
        prov,
        paid: shared_paid,
        free,
        admitted: 0,
        refused: 0,
    };
    let (per, extra) = (arrivals / BATCHES as u64, arrivals % BATCHES as u64);
    let mut ms = 0.0;
    for b in 0..BATCHES {
        run.batch = b;
        ms += replicate(
            &plan,
            per + u64::from((b as u64) < extra),
            &mut run,
            &mut rng,
        );
    }
    let (admitted, refused) = (run.admitted, run.refused);
    res.free_admitted = admitted;
    res.free_refused = refused;
    res.seconds = ms / 1000.0;
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
    fn histogram_quantiles_are_order_statistics_to_within_half_a_percent() {
        let z = ExpZiggurat::new();
        let mut rng = SplitMix64::new(3);
        let mut st = ClassStat::with_units(1);
        let mut waits: Vec<f64> = (0..200_000).map(|_| 40.0 * z.draw(&mut rng)).collect();
        for &w in &waits {
            st.add(w, 0, 0);
        }
        waits.sort_by(f64::total_cmp);
        for p in [0.5, 0.95, 0.99, 0.999] {
            let exact = waits[(p * waits.len() as f64).ceil() as usize - 1];
            let got = st.quantile_ms(p);
            assert!((got / exact - 1.0).abs() < 0.005, "p{p}: {got} vs {exact}");
        }
        // Exactly zero waits (an idle card) are their own bucket.
        let mut idle = ClassStat::with_units(1);
        (0..10).for_each(|i| idle.add(if i < 9 { 0.0 } else { 5.0 }, 0, 0));
        assert_eq!(idle.quantile_ms(0.9), 0.0);
        assert!((idle.quantile_ms(0.95) / 5.0 - 1.0).abs() < 0.005);
    }

    /// Short runs from the steady state are not biased: pooled over many
    /// seeds, 50-arrival replications at ρ = 0.9 give the formula's mean
    /// (from empty queues they would read far below it).
    #[test]
    fn short_runs_from_the_steady_state_are_unbiased() {
        let cfg = SimConfig {
            service_ms: 1.0,
            prov_cards: 1,
            shared_cards: 1,
            paid_rps: 900.0,
            free_rps: 900.0,
            spill_share: 0.0,
            refill_rps: 900.0,
            bucket_capacity: 1e9,
            assign: Assign::Random,
        };
        let (mut prov, mut free) = ((0.0, 0u64), (0.0, 0u64));
        for seed in 0..300 {
            let r = simulate(&cfg, 2000, seed);
            prov = (prov.0 + r.prov.wait_sum_ms, prov.1 + r.prov.served);
            free = (free.0 + r.free.wait_sum_ms, free.1 + r.free.served);
        }
        // W = S·ρ/(1−ρ) = 9 ms; the pooled means' error is about 3 %.
        for (name, (sum, n)) in [("prov", prov), ("free", free)] {
            let mean = sum / n as f64;
            assert!((mean / 9.0 - 1.0).abs() < 0.1, "{name}: {mean}");
        }
    }

    #[test]
    fn t_quantiles_match_the_tables() {
        for (df, t) in [(10.0, 2.228), (19.0, 2.093), (139.0, 1.977), (1e9, 1.960)] {
            assert!((t975(df) - t).abs() < 0.002, "{df}: {}", t975(df));
        }
    }

    #[test]
    fn round_robin_ratio_solves_its_equation() {
        assert_eq!(erlang_sigma(1, 0.7), 0.7);
        for (n, rho) in [(2, 0.5), (10, 0.9), (30, 0.66)] {
            let s = erlang_sigma(n, rho);
            let nr = n as f64 * rho;
            assert!((s - (nr / (nr + 1.0 - s)).powi(n as i32)).abs() < 1e-12);
            assert!(s > 0.0 && s < rho, "{n} {rho}: {s}");
        }
    }

    #[test]
    fn exp_sums_have_the_gamma_moments() {
        let z = ExpZiggurat::new();
        let mut rng = SplitMix64::new(9);
        for k in [5u64, 40, 10_000] {
            let n = 20_000;
            let xs: Vec<f64> = (0..n).map(|_| exp_sum(k, &z, &mut rng)).collect();
            let mean = xs.iter().sum::<f64>() / n as f64;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
            let k = k as f64;
            assert!((mean / k - 1.0).abs() < 0.03 / k.sqrt(), "{k}: mean {mean}");
            assert!((var / k - 1.0).abs() < 0.05, "{k}: variance {var}");
        }
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
