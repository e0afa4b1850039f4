//! The discrete-event simulation run beside the formulas ([`simulate`]):
//! Poisson arrivals, exponential service, a token bucket at the gateway, each
//! request sent to a card of its pool drawn at random (random assignment
//! splits a Poisson stream into independent Poisson streams, so each card is
//! exactly the M/M/1 queue the formula assumes; round-robin is offered to
//! show what a smoother per-card stream does), non-preemptive priority for
//! paid on shared cards. SplitMix64, seeded; exponential draws by a ziggurat.
//!
//! Where a card serves one class first come first served (every
//! provisioned card; a shared card when no paid spills, as on the normal
//! day), a request's wait is known when it arrives, the work ahead of it
//! (Lindley's recursion), and its service is drawn then: the same waits in
//! law as drawing the service when the card frees up, without a queue to
//! walk at each arrival or a branch on whether the card has freed up, which
//! no processor predicts (it halved the run's speed). The watched run
//! (`Live`) keeps the queues: its scene shows them.
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
//!
//! Closer to production (`pooled`), each pool is one queue instead
//! (`sim_pool`): the first card to free up takes the head of its pool's
//! queue, and a pool's cards are no longer independent samples, so the
//! samples are whole replications, as with round-robin.

use super::model_pool::erlang_c;
use super::params::Assign;
use super::sim_draws::{erlang_sigma, exp_sum, geometric, ExpZiggurat};
use super::sim_pool::{earliest, PooledShared, Serve};
pub use super::sim_stats::{ClassStat, BATCHES};
use crate::model::hot::{larger, smaller};
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
    /// Closer to production: each pool is one queue its cards serve (the
    /// first card to free up takes the head), where the seed card sends
    /// each request to a card of its own (`assign`).
    pub pooled: bool,
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
        pooled: false,
    };
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
        self.prov.served() + self.shared_paid.served() + self.free.served()
    }

    /// Whether the worst pool carrying paid at spill share `spill` is the
    /// provisioned one, as for the formula's paid wait: the longer simulated
    /// mean when paid is split.
    pub fn paid_is_prov(&self, spill: f64) -> bool {
        paid_is_prov(spill, &self.prov, &self.shared_paid)
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

/// Whether the worst pool carrying paid at spill share `spill` is the
/// provisioned one: the longer measured mean when paid is split.
pub(super) fn paid_is_prov(spill: f64, prov: &ClassStat, shared_paid: &ClassStat) -> bool {
    spill <= 0.0 || (spill < 1.0 && shared_paid.mean_ms() <= prov.mean_ms())
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

/// Closer to production, requests in a pool of `c` cards at utilization
/// `rho`, drawn from the M/M/c steady state: all c busy with Erlang C's
/// chance, then c + Geometric(ρ); else fewer, in proportion to aⁿ/n! (0 with
/// no steady state: no card, no load, ρ ≥ 1).
fn steady_count(c: usize, rho: f64, rng: &mut SplitMix64) -> u64 {
    if c == 0 || !(rho > 0.0 && rho < 1.0) {
        return 0;
    }
    if rng.next_unit() < erlang_c(c, rho) {
        return c as u64 + geometric(rho, rng);
    }
    let a = c as f64 * rho;
    let mut terms = Vec::with_capacity(c);
    let mut term = 1.0;
    for n in 0..c {
        if n > 0 {
            term *= a / n as f64;
        }
        terms.push(term);
    }
    let mut u = rng.next_unit() * terms.iter().sum::<f64>();
    for (n, t) in terms.iter().enumerate() {
        if u < *t {
            return n as u64;
        }
        u -= t;
    }
    c as u64 - 1
}

/// What a run needs throughout: the arrivals, the split, and each pool's
/// steady state.
struct Plan {
    cfg: SimConfig,
    /// Mean gap between gateway arrivals, ms.
    gap: f64,
    p_paid: f64,
    /// 1/p_paid and 1/(1 − p_paid), scaling the class's draw to a card's
    /// ([`Pools::arrive`]); infinite for a class that never arrives.
    per_paid: f64,
    per_free: f64,
    spill: f64,
    prov: Option<Steady>,
    shared: Option<Steady>,
}

impl Plan {
    fn new(cfg: &SimConfig) -> Option<Plan> {
        let paid = cfg.paid_rps.max(0.0);
        let free = cfg.free_rps.max(0.0);
        let total = paid + free;
        if total <= 0.0 {
            return None;
        }
        let spill = cfg.spill_share.clamp(0.0, 1.0);
        let admitted = free.min(cfg.refill_rps.max(0.0));
        Some(Plan {
            cfg: *cfg,
            gap: 1000.0 / total,
            p_paid: paid / total,
            per_paid: total / paid,
            per_free: total / free,
            spill,
            prov: Steady::of((1.0 - spill) * paid, 0.0, cfg.prov_cards, cfg),
            shared: Steady::of(spill * paid + admitted, spill * paid, cfg.shared_cards, cfg),
        })
    }

    /// The gap to the next gateway arrival (ms).
    #[inline(always)]
    fn gap(&self, run: &Run, rng: &mut SplitMix64) -> f64 {
        self.gap * run.zig.draw(rng)
    }
}

/// How long a request arriving at `t` waits for a card free at `at`: `(at −
/// t).max(0)`, kept inline in the browser's build ([`larger`]).
#[inline(always)]
fn after(at: f64, t: f64) -> f64 {
    larger(at - t, 0.0)
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
    #[inline(always)]
    fn grant(&mut self, t: f64) -> bool {
        let tokens = self.tokens + self.refill * (t - self.last);
        self.tokens = smaller(tokens, self.cap);
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
    /// `n` as a float, and the last card: a random pick is
    /// [`SplitMix64::below`]'s draw, floor(unit × n) capped at n − 1, with
    /// these converted once rather than per request.
    n_f64: f64,
    last: u64,
    round_robin: bool,
    next: u64,
}

impl Picker {
    fn new(n: usize, assign: Assign) -> Picker {
        Picker {
            n: n as u64,
            n_f64: n as f64,
            last: (n as u64).saturating_sub(1),
            round_robin: assign == Assign::RoundRobin,
            next: 0,
        }
    }

    /// The next card; a random one is the uniform `u` in [0, 1) scaled.
    #[inline(always)]
    fn pick(&mut self, u: f64) -> usize {
        if self.round_robin {
            self.next += 1;
            (self.next % self.n) as usize
        } else {
            // Below n ≤ 2^53: the signed conversion is the unsigned one's
            // value, in one instruction.
            ((u * self.n_f64) as i64 as u64).min(self.last) as usize
        }
    }
}

/// What the cards need while a replication runs: service, which
/// replication it is, and where every class's waits go.
pub(super) struct Run {
    s: f64,
    batch: usize,
    /// Each card of a replication is an independent sample (random
    /// assignment), else the whole replication is.
    per_card: bool,
    zig: ExpZiggurat,
    pub(super) prov: ClassStat,
    pub(super) paid: ClassStat,
    pub(super) free: ClassStat,
    pub(super) admitted: u64,
    pub(super) refused: u64,
}

impl Run {
    /// No request yet: each class with room for its independent samples.
    fn new(cfg: &SimConfig) -> Run {
        let per_card = cfg.assign == Assign::Random && !cfg.pooled;
        let units = |cards: usize| BATCHES * if per_card { cards.max(1) } else { 1 };
        Run {
            s: cfg.service_ms,
            batch: 0,
            per_card,
            zig: ExpZiggurat::new(),
            prov: ClassStat::with_units(units(cfg.prov_cards)),
            paid: ClassStat::with_units(units(cfg.shared_cards)),
            free: ClassStat::with_units(units(cfg.shared_cards)),
            admitted: 0,
            refused: 0,
        }
    }

    /// The independent sample card `card` of a pool of `cards` adds to.
    #[inline(always)]
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
            &mut self.paid
        } else {
            &mut self.free
        }
    }

    /// One service time, ms.
    #[inline(always)]
    fn service(&self, rng: &mut SplitMix64) -> f64 {
        self.s * self.zig.draw(rng)
    }
}

/// A run and its random stream, as a pooled queue uses them.
struct Ctx<'a> {
    run: &'a mut Run,
    rng: &'a mut SplitMix64,
}

impl Serve for Ctx<'_> {
    #[inline]
    fn service(&mut self) -> f64 {
        self.run.service(self.rng)
    }

    #[inline]
    fn record(&mut self, is_paid: bool, wait_ms: f64) {
        let b = self.run.batch;
        self.run.class(is_paid).add(wait_ms, b);
    }
}

/// The provisioned pool: when each card is next free (paid only, first come
/// first served).
struct ProvPool {
    free_at: Box<[f64]>,
    pick: Picker,
    /// One queue: the card that frees up first takes the next request.
    pooled: bool,
}

impl ProvPool {
    /// Each card's remaining work drawn from its steady state: 0 if idle,
    /// else Exp with mean S/(1−σ).
    fn steady(plan: &Plan, run: &Run, rng: &mut SplitMix64) -> ProvPool {
        if plan.cfg.pooled {
            return ProvPool::pooled(plan, run, rng);
        }
        let free_at = (0..plan.cfg.prov_cards)
            .map(|_| match plan.prov {
                Some(st) if rng.next_unit() < st.busy => run.service(rng) / (1.0 - st.sigma),
                _ => 0.0,
            })
            .collect();
        ProvPool {
            free_at,
            pick: Picker::new(plan.cfg.prov_cards, plan.cfg.assign),
            pooled: false,
        }
    }

    /// One queue on the pool's cards, from the M/M/c steady state: the
    /// busy cards' remaining services, then each queued request on the card
    /// that frees up first.
    fn pooled(plan: &Plan, run: &Run, rng: &mut SplitMix64) -> ProvPool {
        let c = plan.cfg.prov_cards;
        let n = plan.prov.map_or(0, |st| steady_count(c, st.busy, rng));
        let mut free_at: Vec<f64> = (0..c)
            .map(|k| {
                if (k as u64) < n {
                    run.service(rng)
                } else {
                    0.0
                }
            })
            .collect();
        for _ in c as u64..n {
            if let Some((k, at)) = earliest(&free_at) {
                free_at[k] = at + run.service(rng);
            }
        }
        ProvPool {
            free_at: free_at.into(),
            pick: Picker::new(c, plan.cfg.assign),
            pooled: true,
        }
    }

    /// A paid request arriving at `t` joins a card (in one queue, the card
    /// that frees up first; else the uniform `u` picks it), or is stranded
    /// if the pool has none.
    #[inline(always)]
    fn join(&mut self, t: f64, u: f64, run: &mut Run, rng: &mut SplitMix64) -> Fate {
        if self.free_at.is_empty() {
            run.prov.stranded += 1;
            return Fate::Stranded;
        }
        let k = if self.pooled {
            earliest(&self.free_at).map_or(0, |(k, _)| k)
        } else {
            self.pick.pick(u)
        };
        let unit = run.unit(k, self.free_at.len());
        let at = &mut self.free_at[k];
        let wait = after(*at, t);
        run.prov.add(wait, unit);
        *at = t + wait + run.s * run.zig.draw(rng);
        Fate::Prov {
            card: k,
            start_ms: t + wait,
        }
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
    /// ones split into paid and free. On a `fcfs` card the queued ones are
    /// work ahead of every arrival, their services drawn at once.
    fn steady(
        st: Option<Steady>,
        unit: usize,
        fcfs: bool,
        run: &Run,
        rng: &mut SplitMix64,
    ) -> SharedCard {
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
                if fcfs {
                    let old = std::mem::take(&mut card.old_free);
                    card.busy_until += run.s * exp_sum(old, &run.zig, rng);
                }
            }
        }
        card
    }

    /// Runs the card up to time `t`: whenever it frees up, it starts the
    /// oldest paid request, else the oldest free one (non-preemptive).
    #[inline(always)]
    fn advance(&mut self, t: f64, run: &mut Run, rng: &mut SplitMix64) {
        while self.busy_until <= t {
            let start = self.busy_until;
            if self.old_paid > 0 {
                self.old_paid -= 1;
            } else if let Some(a) = self.paid.pop_front() {
                run.paid.add(start - a, self.unit);
            } else if self.old_free > 0 {
                self.old_free -= 1;
            } else if let Some(a) = self.free.pop_front() {
                run.free.add(start - a, self.unit);
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
        t += run.s * exp_sum(std::mem::take(&mut self.old_paid), &run.zig, rng);
        while let Some(a) = self.paid.pop_front() {
            run.paid.add(t - a, self.unit);
            t += run.service(rng);
        }
        t += run.s * exp_sum(std::mem::take(&mut self.old_free), &run.zig, rng);
        while let Some(a) = self.free.pop_front() {
            run.free.add(t - a, self.unit);
            t += run.service(rng);
        }
        self.busy_until = t;
    }
}

/// The shared pool: free requests and spilled paid, paid served first; a
/// queue per card, or closer to production one for the pool (`cards` then
/// empty).
struct SharedPool {
    cards: Box<[SharedCard]>,
    pooled: Option<PooledShared>,
    pick: Picker,
    /// No paid comes to the pool and no one watches its queues: each card
    /// serves one class first come first served, so a request's wait is
    /// known when it arrives, the work ahead of it (Lindley's recursion),
    /// and its service is drawn then. Nothing queues: no queue to walk at
    /// each arrival, and no branch on whether the card has freed up.
    fcfs: bool,
}

impl SharedPool {
    fn steady(plan: &Plan, watched: bool, run: &Run, rng: &mut SplitMix64) -> SharedPool {
        let fcfs = !watched && plan.spill <= 0.0;
        if plan.cfg.pooled {
            let rhos = plan.shared.map_or((0.0, 0.0), |st| {
                (st.busy, st.paid_queued / (1.0 + st.paid_queued))
            });
            return SharedPool {
                cards: Box::default(),
                pooled: Some(pooled_shared(plan.cfg.shared_cards, rhos, run, rng)),
                pick: Picker::new(plan.cfg.shared_cards, plan.cfg.assign),
                fcfs: false,
            };
        }
        SharedPool {
            pooled: None,
            cards: (0..plan.cfg.shared_cards)
                .map(|k| {
                    let unit = run.unit(k, plan.cfg.shared_cards);
                    SharedCard::steady(plan.shared, unit, fcfs, run, rng)
                })
                .collect::<Vec<_>>()
                .into(),
            pick: Picker::new(plan.cfg.shared_cards, plan.cfg.assign),
            fcfs,
        }
    }

    /// A request arriving at `t` joins a card: served at once if the card is
    /// idle, else queued in its class (on a `fcfs` card, it waits for the
    /// work ahead of it); stranded if the pool has no card. The uniform `u`
    /// picks a random card.
    #[inline(always)]
    fn join(&mut self, t: f64, u: f64, is_paid: bool, run: &mut Run, rng: &mut SplitMix64) -> Fate {
        if let Some(pool) = self.pooled.as_mut().filter(|p| !p.free_at.is_empty()) {
            let card = pool.join(t, is_paid, &mut Ctx { run, rng });
            return Fate::Shared { card };
        }
        if self.cards.is_empty() {
            run.class(is_paid).stranded += 1;
            return Fate::Stranded;
        }
        let k = self.pick.pick(u);
        let card = &mut self.cards[k];
        if self.fcfs {
            let wait = after(card.busy_until, t);
            run.free.add(wait, card.unit);
            card.busy_until = t + wait + run.service(rng);
            return Fate::Shared { card: Some(k) };
        }
        card.advance(t, run, rng);
        if card.busy_until <= t {
            // Idle (advance leaves it idle only with nothing queued). The
            // class by a branch, not a selected reference: a selected one
            // costs a select per field `add` touches.
            if is_paid {
                run.paid.add(0.0, card.unit);
            } else {
                run.free.add(0.0, card.unit);
            }
            card.busy_until = t + run.service(rng);
        } else if is_paid {
            card.paid.push_back(t);
        } else {
            card.free.push_back(t);
        }
        Fate::Shared { card: Some(k) }
    }

    fn drain(&mut self, run: &mut Run, rng: &mut SplitMix64) {
        if let Some(pool) = &mut self.pooled {
            pool.drain(&mut Ctx { run, rng });
        }
        for card in &mut self.cards {
            card.drain(run, rng);
        }
    }
}

/// The shared pool as one queue, from the M/M/c steady state of total
/// utilization `rho` (paid `rho_paid` of it): `min(n, c)` cards busy with a
/// fresh service each (memoryless), the rest queued, paid among them
/// geometric with ratio ρ_paid (`model_pool`).
fn pooled_shared(
    cards: usize,
    (rho, rho_paid): (f64, f64),
    run: &Run,
    rng: &mut SplitMix64,
) -> PooledShared {
    let n = steady_count(cards, rho, rng);
    let busy = (n as usize).min(cards);
    let queued = n - busy as u64;
    let old_paid = geometric(rho_paid.clamp(0.0, 1.0), rng).min(queued);
    let free_at = (0..cards)
        .map(|k| if k < busy { run.service(rng) } else { 0.0 })
        .collect();
    PooledShared::new(free_at, old_paid, queued - old_paid)
}

/// What became of one gateway arrival.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Fate {
    /// A free request the bucket had no token for: a 429.
    Refused,
    /// Joined provisioned card `card`, where its service starts at
    /// `start_ms`.
    Prov { card: usize, start_ms: f64 },
    /// Joined shared card `card`; closer to production, `None` when it
    /// waits in the pool's one queue.
    Shared { card: Option<usize> },
    /// Its pool has no card: it waits forever.
    Stranded,
}

/// The gateway and both pools of one run, as they stand: arrivals come one
/// at a time, in order.
struct Pools {
    bucket: Bucket,
    prov: ProvPool,
    shared: SharedPool,
}

impl Pools {
    /// The bucket at its long-run level and every card drawn from its
    /// pool's steady state; `watched` keeps every queue (the scene's run).
    fn steady(plan: &Plan, watched: bool, run: &Run, rng: &mut SplitMix64) -> Pools {
        let bucket = Bucket::new(&plan.cfg);
        let prov = ProvPool::steady(plan, run, rng);
        let shared = SharedPool::steady(plan, watched, run, rng);
        Pools {
            bucket,
            prov,
            shared,
        }
    }

    /// A gateway arrival at `t`: paid or free, spilled or not, granted or
    /// refused, then joined to a card. Returns whether it is paid, and its
    /// fate.
    ///
    /// One uniform draw says both the class and, random assignment, the
    /// card: given u < p (paid), u/p is uniform on [0, 1) and independent of
    /// the class, and so is (u − p)/(1 − p) given free. A draw fewer an
    /// arrival is about 5 % of the browser's engine.
    #[inline(always)]
    fn arrive(&mut self, t: f64, plan: &Plan, run: &mut Run, rng: &mut SplitMix64) -> (bool, Fate) {
        let u = rng.next_unit();
        let is_paid = u < plan.p_paid;
        let u = if is_paid {
            u * plan.per_paid
        } else {
            (u - plan.p_paid) * plan.per_free
        };
        let to_shared = if is_paid {
            plan.spill >= 1.0 || (plan.spill > 0.0 && rng.next_unit() < plan.spill)
        } else if self.bucket.grant(t) {
            run.admitted += 1;
            true
        } else {
            run.refused += 1;
            return (false, Fate::Refused);
        };
        let fate = if to_shared {
            self.shared.join(t, u, is_paid, run, rng)
        } else {
            self.prov.join(t, u, run, rng)
        };
        (is_paid, fate)
    }
}

/// One replication: pools drawn from their steady state, `n` gateway
/// arrivals, then the queues drain so that every wait is complete. Returns
/// the time of the last arrival (ms).
fn replicate(plan: &Plan, n: u64, run: &mut Run, rng: &mut SplitMix64) -> f64 {
    let mut pools = Pools::steady(plan, false, run, rng);
    let mut t = 0.0;
    for _ in 0..n {
        t += plan.gap(run, rng);
        pools.arrive(t, plan, run, rng);
    }
    pools.shared.drain(run, rng);
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
    let mut run = Run::new(cfg);
    let mut ms = 0.0;
    if let Some(plan) = Plan::new(cfg).filter(|_| arrivals > 0) {
        let mut rng = SplitMix64::new(seed);
        let (per, extra) = (arrivals / BATCHES as u64, arrivals % BATCHES as u64);
        for b in 0..BATCHES {
            run.batch = b;
            let n = per + u64::from((b as u64) < extra);
            ms += replicate(&plan, n, &mut run, &mut rng);
        }
    }
    SimResult {
        arrivals,
        seconds: ms / 1000.0,
        prov: run.prov,
        shared_paid: run.paid,
        free: run.free,
        free_admitted: run.admitted,
        free_refused: run.refused,
    }
}

/// One run watched as it goes (the page's scene): the same gateway, bucket
/// and pools as [`simulate`], drawn from their steady state once and then
/// fed arrivals up to any time, never drained. Its bucket starts full, as
/// the page's bucket chart and its questions have it (a learner watches it
/// drain), where a replication starts it at its long-run level. Its waits
/// count when a request starts service.
pub(super) struct Live {
    cfg: SimConfig,
    run: Run,
    /// None when nothing arrives.
    pools: Option<(Plan, Pools)>,
    rng: SplitMix64,
    /// When the next gateway arrival comes (ms).
    next_ms: f64,
}

/// A shared card as the scene shows it: busy until (ms), paid and free
/// requests queued.
pub(super) type SharedView = (f64, u64, u64);

impl Live {
    pub(super) fn new(cfg: &SimConfig, seed: u64) -> Live {
        let mut run = Run::new(cfg);
        let mut rng = SplitMix64::new(seed);
        let pools = Plan::new(cfg).map(|plan| {
            let mut pools = Pools::steady(&plan, true, &run, &mut rng);
            pools.bucket.tokens = pools.bucket.cap;
            (plan, pools)
        });
        let next_ms = match &pools {
            Some((plan, _)) => plan.gap(&run, &mut rng),
            None => f64::INFINITY,
        };
        run.batch = 0;
        Live {
            cfg: *cfg,
            run,
            pools,
            rng,
            next_ms,
        }
    }

    /// Runs every arrival up to `t_ms`, telling `seen` each one's time, class
    /// (paid or not) and fate, then brings every shared card up to `t_ms`.
    pub(super) fn run_to(&mut self, t_ms: f64, mut seen: impl FnMut(f64, bool, Fate)) {
        let Some((plan, pools)) = &mut self.pools else {
            return;
        };
        let (run, rng) = (&mut self.run, &mut self.rng);
        while self.next_ms <= t_ms {
            let t = self.next_ms;
            let (is_paid, fate) = pools.arrive(t, plan, run, rng);
            seen(t, is_paid, fate);
            self.next_ms = t + plan.gap(run, rng);
        }
        if let Some(pool) = &mut pools.shared.pooled {
            pool.advance(t_ms, &mut Ctx { run, rng });
        }
        for card in &mut pools.shared.cards {
            card.advance(t_ms, run, rng);
        }
    }

    pub(super) fn cfg(&self) -> &SimConfig {
        &self.cfg
    }

    /// The waits so far: provisioned, shared paid, free; and free requests
    /// admitted and refused.
    pub(super) fn stats(&self) -> (&ClassStat, &ClassStat, &ClassStat, u64, u64) {
        let r = &self.run;
        (&r.prov, &r.paid, &r.free, r.admitted, r.refused)
    }

    /// When each provisioned card is next free (ms; empty with no arrivals).
    pub(super) fn prov_free_at(&self) -> &[f64] {
        self.pools.as_ref().map_or(&[], |(_, p)| &p.prov.free_at)
    }

    /// Closer to production, the shared pool's one queue as it stands:
    /// paid and free waiting. `None` on the seed card's model.
    pub(super) fn shared_pool_waiting(&self) -> Option<(u64, u64)> {
        let (_, p) = self.pools.as_ref()?;
        p.shared.pooled.as_ref().map(PooledShared::waiting)
    }

    /// Shared card `k` as it stands (idle and empty with no arrivals);
    /// closer to production its queues are the pool's, so none of its own.
    pub(super) fn shared_card(&self, k: usize) -> SharedView {
        if let Some(pool) = self
            .pools
            .as_ref()
            .and_then(|(_, p)| p.shared.pooled.as_ref())
        {
            return (pool.free_at.get(k).copied().unwrap_or(0.0), 0, 0);
        }
        self.pools
            .as_ref()
            .and_then(|(_, p)| p.shared.cards.get(k))
            .map_or((0.0, 0, 0), |c| {
                (
                    c.busy_until,
                    c.old_paid + c.paid.len() as u64,
                    c.old_free + c.free.len() as u64,
                )
            })
    }

    /// Grants in the bucket at `t_ms` (no later than the last arrival
    /// refills it to).
    pub(super) fn bucket_tokens(&self, t_ms: f64) -> f64 {
        self.pools.as_ref().map_or(0.0, |(_, p)| {
            let b = &p.bucket;
            (b.tokens + b.refill * (t_ms - b.last).max(0.0)).min(b.cap)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::sim_draws::exp_draws;
    use super::*;

    #[test]
    fn histogram_quantiles_are_order_statistics_to_within_half_a_percent() {
        let mut st = ClassStat::with_units(1);
        let mut waits: Vec<f64> = exp_draws(3, 200_000).iter().map(|x| 40.0 * x).collect();
        for &w in &waits {
            st.add(w, 0);
        }
        waits.sort_by(f64::total_cmp);
        for p in [0.5, 0.95, 0.99, 0.999] {
            let exact = waits[(p * waits.len() as f64).ceil() as usize - 1];
            let got = st.quantile_ms(p);
            assert!((got / exact - 1.0).abs() < 0.005, "p{p}: {got} vs {exact}");
        }
        // Exactly zero waits (an idle card) are their own bucket.
        let mut idle = ClassStat::with_units(1);
        (0..10).for_each(|i| idle.add(if i < 9 { 0.0 } else { 5.0 }, 0));
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
            pooled: false,
        };
        let (mut prov, mut free) = ((0.0, 0u64), (0.0, 0u64));
        for seed in 0..300 {
            let r = simulate(&cfg, 2000, seed);
            prov = (prov.0 + r.prov.wait_sum_ms(), prov.1 + r.prov.served());
            free = (free.0 + r.free.wait_sum_ms(), free.1 + r.free.served());
        }
        // W = S·ρ/(1−ρ) = 9 ms; the pooled means' error is about 3 %.
        for (name, (sum, n)) in [("prov", prov), ("free", free)] {
            let mean = sum / n as f64;
            assert!((mean / 9.0 - 1.0).abs() < 0.1, "{name}: {mean}");
        }
    }

    #[test]
    fn steady_counts_have_the_mmc_mean() {
        // M/M/c mean count: a + C·ρ/(1−ρ).
        let (c, rho) = (7, 0.9);
        let mut rng = SplitMix64::new(5);
        let n = 200_000;
        let mean = (0..n)
            .map(|_| steady_count(c, rho, &mut rng) as f64)
            .sum::<f64>()
            / n as f64;
        let want = c as f64 * rho + erlang_c(c, rho) * rho / (1.0 - rho);
        assert!((mean / want - 1.0).abs() < 0.02, "{mean} vs {want}");
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
            pooled: false,
        };
        let a = simulate(&cfg, 2000, 7);
        assert_eq!(a, simulate(&cfg, 2000, 7));
        assert!(a.prov.mean_ms().is_infinite());
        assert!(a.free.mean_ms().is_infinite());
    }
}
