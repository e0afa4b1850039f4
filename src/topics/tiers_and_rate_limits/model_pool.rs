//! Closer to production: each pool is one queue served by its c cards
//! (M/M/c), where the seed card makes every card an M/M/1 queue of its own.
//!
//! ```text
//! a = c·ρ (offered load, in cards)     Erlang B: B_0 = 1, B_k = a·B_{k−1}/(k + a·B_{k−1})
//! Erlang C (the chance an arrival waits): C = c·B_c/(c − a·(1 − B_c)), 1 once ρ ≥ 1
//! first come first served: W = C·S/(c·(1−ρ))     P(W > t) = C·e^(−c·(1−ρ)·t/S)
//! non-preemptive priority, equal exponential service (Cobham on c cards):
//!   W0 = C(ρ_S)·S/c   W_paid = W0/(1−ρ_paid)   W_free = W0/((1−ρ_paid)(1−ρ_S))
//!   P(W_paid > t) = C(ρ_S)·e^(−c·(1−ρ_paid)·t/S)
//! ```
//!
//! Sources: Erlang's delay formula (Erlang C) and the M/M/c waiting-time
//! distribution, as in any queueing text (Kleinrock, Queueing Systems vol. 1,
//! on M/M/m); the priority waits are Cobham's (1954) on c servers with equal
//! exponential service. The paid tail holds exactly: an arrival waits only
//! if all c cards are busy (probability C(ρ_S), the pool's total count being
//! M/M/c's since service is work-conserving and alike for both classes);
//! while all are busy the paid queue is an M/M/1 queue served at c·μ, so the
//! paid requests ahead of it are geometric with ratio ρ_paid and its wait is
//! exponential with rate c·μ·(1−ρ_paid). With one card every formula here is
//! the seed card's M/M/1 one.

/// Erlang C: the chance an arrival finds all `c` cards busy at utilization
/// `rho` (1 once `rho ≥ 1` or with no card, 0 with no load).
pub(super) fn erlang_c(c: usize, rho: f64) -> f64 {
    if c == 0 || rho >= 1.0 {
        return 1.0;
    }
    if rho <= 0.0 {
        return 0.0;
    }
    let a = c as f64 * rho;
    let b = (1..=c).fold(1.0, |b, k| a * b / (k as f64 + a * b));
    let cf = c as f64;
    (cf * b / (cf - a * (1.0 - b))).clamp(0.0, 1.0)
}

/// The mean queue wait of one pool of `c` cards served first come first
/// served: `C·S/(c·(1−ρ))` ms, ∞ once `ρ ≥ 1`.
pub(super) fn pooled_wait_ms(service_ms: f64, c: usize, rho: f64) -> f64 {
    if rho >= 1.0 || c == 0 && rho > 0.0 {
        f64::INFINITY
    } else if rho <= 0.0 {
        0.0
    } else {
        erlang_c(c, rho) * service_ms / (c as f64 * (1.0 - rho))
    }
}

/// The `p`-quantile of a class's queue wait in a pool of `c` cards at total
/// utilization `rho_total`, the class seeing only `rho_ahead` of it ahead of
/// its arrivals (the pool's ρ first come first served, paid's own under
/// priority): `max(0, S·ln(C/(1−p))/(c·(1−ρ_ahead)))` ms, from
/// `P(W > t) = C·e^(−c(1−ρ_ahead)t/S)`; ∞ once `ρ_ahead ≥ 1`.
pub(super) fn pooled_quantile_ms(
    service_ms: f64,
    c: usize,
    rho_total: f64,
    rho_ahead: f64,
    p: f64,
) -> f64 {
    if rho_ahead >= 1.0 || c == 0 && rho_total > 0.0 {
        return f64::INFINITY;
    }
    let wait = erlang_c(c, rho_total);
    if wait <= 0.0 {
        return 0.0;
    }
    let rate = c as f64 * (1.0 - rho_ahead.max(0.0)) / service_ms;
    ((wait / (1.0 - p)).ln() / rate).max(0.0)
}

/// Cobham's mean waits (ms) for two classes with non-preemptive priority
/// and equal exponential service `S` on one pool of `c` cards: paid's
/// utilization `rho_paid` and the pool's `rho_total`. Returns
/// `(W_paid, W_free)`; on one card, the seed card's formula.
pub(super) fn pooled_priority_waits_ms(
    service_ms: f64,
    c: usize,
    rho_paid: f64,
    rho_total: f64,
) -> (f64, f64) {
    let w0 = erlang_c(c, rho_total) * service_ms / c.max(1) as f64;
    let paid = if rho_paid >= 1.0 {
        f64::INFINITY
    } else {
        w0 / (1.0 - rho_paid.max(0.0))
    };
    let free = if rho_total >= 1.0 {
        f64::INFINITY
    } else {
        paid / (1.0 - rho_total.max(0.0))
    };
    (paid, free)
}

/// The highest utilization of `c` cards (served first come first served)
/// whose `p`-quantile wait stays within `target_ms`, by bisection (the
/// quantile grows with ρ); 0 with no card.
pub(super) fn utilization_for_quantile(service_ms: f64, c: usize, p: f64, target_ms: f64) -> f64 {
    if c == 0 {
        return 0.0;
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if pooled_quantile_ms(service_ms, c, mid, mid, p) <= target_ms {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_card_is_the_seed_cards_queue() {
        let (s, rho) = (49.67, 0.66);
        assert!((erlang_c(1, rho) - rho).abs() < 1e-12);
        assert!((pooled_wait_ms(s, 1, rho) - s * rho / (1.0 - rho)).abs() < 1e-9);
        let (paid, free) = pooled_priority_waits_ms(s, 1, 0.2, rho);
        assert!((paid - s * rho / 0.8).abs() < 1e-9);
        assert!((free - s * rho / (0.8 * (1.0 - rho))).abs() < 1e-9);
    }

    #[test]
    fn erlang_c_matches_a_table() {
        // c = 2, a = 1: C = 1/3; c = 10, a = 8: C = 0.4092 (standard tables).
        assert!((erlang_c(2, 0.5) - 1.0 / 3.0).abs() < 1e-12);
        assert!((erlang_c(10, 0.8) - 0.4092).abs() < 5e-4);
        assert_eq!(erlang_c(5, 1.0), 1.0);
        assert_eq!(erlang_c(5, 0.0), 0.0);
    }

    #[test]
    fn the_quantile_inverts_the_tail_and_the_slo_load_meets_it() {
        let (s, c, rho) = (49.67, 7, 0.9448);
        let t = pooled_quantile_ms(s, c, rho, rho, 0.95);
        let tail = erlang_c(c, rho) * (-(c as f64) * (1.0 - rho) * t / s).exp();
        assert!((tail - 0.05).abs() < 1e-12, "{tail}");
        let star = utilization_for_quantile(s, c, 0.95, 150.0);
        assert!((pooled_quantile_ms(s, c, star, star, 0.95) - 150.0).abs() < 1e-6);
    }
}
