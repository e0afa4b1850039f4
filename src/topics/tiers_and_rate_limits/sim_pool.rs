//! Closer to production, the simulation's pools are one queue each: a
//! request waits in its pool's queue (paid ahead of free in the shared
//! pool, each class first come first served) and the first card to free up
//! takes the head. The simulation draws where each replication starts (the
//! M/M/c steady state); this file holds the queues.

use std::collections::VecDeque;

/// What a pooled queue asks of the run it serves: a service time, and
/// where a request's wait goes.
pub(super) trait Serve {
    /// One service time, ms.
    fn service(&mut self) -> f64;
    /// A request of the class (paid or not) waited `wait_ms`.
    fn record(&mut self, is_paid: bool, wait_ms: f64);
}

/// The card that frees up first, and when (ms); `None` with no card.
#[inline]
pub(super) fn earliest(free_at: &[f64]) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (k, &t) in free_at.iter().enumerate() {
        if best.is_none_or(|(_, b)| t < b) {
            best = Some((k, t));
        }
    }
    best
}

/// The shared pool as one queue: when each card is next free, the requests
/// queued at the start (counted, not measured: older than every arrival of
/// their class), and the two queues of arrival times.
pub(super) struct PooledShared {
    pub(super) free_at: Vec<f64>,
    old_paid: u64,
    old_free: u64,
    paid: VecDeque<f64>,
    free: VecDeque<f64>,
}

impl PooledShared {
    /// A pool whose cards are next free at `free_at` (ms), with `old_paid`
    /// and `old_free` requests queued at the start.
    pub(super) fn new(free_at: Vec<f64>, old_paid: u64, old_free: u64) -> PooledShared {
        PooledShared {
            free_at,
            old_paid,
            old_free,
            paid: VecDeque::with_capacity(64),
            free: VecDeque::with_capacity(64),
        }
    }

    /// Requests waiting (paid, free), those from the start included.
    pub(super) fn waiting(&self) -> (u64, u64) {
        (
            self.old_paid + self.paid.len() as u64,
            self.old_free + self.free.len() as u64,
        )
    }

    /// Runs the pool up to time `t`: whenever a card frees up, it starts
    /// the oldest paid request, else the oldest free one (non-preemptive).
    pub(super) fn advance(&mut self, t: f64, s: &mut impl Serve) {
        while let Some((k, start)) = earliest(&self.free_at) {
            if start > t {
                return;
            }
            if self.old_paid > 0 {
                self.old_paid -= 1;
            } else if let Some(a) = self.paid.pop_front() {
                s.record(true, start - a);
            } else if self.old_free > 0 {
                self.old_free -= 1;
            } else if let Some(a) = self.free.pop_front() {
                s.record(false, start - a);
            } else {
                return;
            }
            self.free_at[k] = start + s.service();
        }
    }

    /// A request arriving at `t`: started at once on an idle card, else
    /// queued in its class. Returns the card it started on, if any.
    pub(super) fn join(&mut self, t: f64, is_paid: bool, s: &mut impl Serve) -> Option<usize> {
        self.advance(t, s);
        let (k, at) = earliest(&self.free_at)?;
        if at <= t {
            s.record(is_paid, 0.0);
            self.free_at[k] = t + s.service();
            Some(k)
        } else {
            if is_paid {
                self.paid.push_back(t);
            } else {
                self.free.push_back(t);
            }
            None
        }
    }

    /// After the last arrival: the cards serve both queues to the end.
    pub(super) fn drain(&mut self, s: &mut impl Serve) {
        self.advance(f64::INFINITY, s);
    }
}
