//! What the fleet costs: the bill of the cards it pays for, split between
//! the tiers, and each tier's price per million tokens served.
//!
//! ```text
//! cards billed      n = c_P + c_S + b         (an incident's lost cards are billed too)
//! fleet bill        n · p $/h,  730 · n · p $/month
//! served, req/s     paid_P = min((1−σ)·λ_p, c_P′·μ)      paid_S = min(σ·λ_p, c_S′·μ)
//!                   free = min(λ_fA, c_S′·μ − paid_S)    (a jammed pool serves its capacity)
//! paid's part of the shared pool   w = paid_S / (paid_S + free)   (0 when it serves nothing)
//! tier bills        paid (c_P + w·(c_S + b))·p     free (1 − w)·(c_S + b)·p
//! per 1M tokens     tier bill / (served req/s · n_t · 3600 / 10⁶)
//! ```
//!
//! Sources: the price per card-hour is the seeds' worked example ($2.50 an
//! hour for an H100, as autoscaling and the warm pool take it); the tokens a
//! request are Fleetlab's baseline, chosen so that a card at the calibrated
//! service time carries about the seeds' 10,000 tokens a second of an H100
//! on an 8B chat. The split charges a shared card's hour, idle minutes
//! included, to the tiers in proportion to the requests it serves of each.
//! Both models bill alike: one queue per pool serves as many requests as a
//! queue per card; only the bucket's refill (closer to production, constant)
//! changes what the free tier is served.

/// Hours in the month the bills use (the seeds' 730).
pub(super) const HOURS_PER_MONTH: f64 = 730.0;

/// What the dollars are computed from: the cards paid for, their price and
/// the requests each pool is offered against what it can serve.
pub(super) struct Billed {
    /// $ per card-hour.
    pub(super) price: f64,
    /// Tokens a request (prompt and reply).
    pub(super) tokens: f64,
    /// Provisioned and shared cards paid for (shared with the burst cards).
    pub(super) prov_cards: usize,
    pub(super) shared_cards: usize,
    /// Requests a second the standing cards of each pool can serve.
    pub(super) prov_capacity: f64,
    pub(super) shared_capacity: f64,
    /// Requests a second offered: paid to each pool, free admitted.
    pub(super) paid_prov: f64,
    pub(super) paid_shared: f64,
    pub(super) free_admitted: f64,
}

/// The dollars.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Cost {
    pub(super) cards: f64,
    pub(super) fleet_per_hour: f64,
    pub(super) paid_per_hour: f64,
    pub(super) free_per_hour: f64,
    /// Requests a second served: paid (both pools) and free.
    pub(super) paid_served: f64,
    pub(super) free_served: f64,
    /// $ per million tokens served, ∞ for a bill with nothing served.
    pub(super) paid_per_1m: f64,
    pub(super) free_per_1m: f64,
}

/// `bill_h` dollars an hour over `served` req/s of `tokens` each, per
/// million tokens: 0 with no bill, ∞ with a bill and nothing served.
pub(super) fn per_million_tokens(bill_h: f64, served: f64, tokens: f64) -> f64 {
    let tokens_h = served * tokens * 3600.0;
    if bill_h <= 0.0 {
        0.0
    } else if tokens_h <= 0.0 {
        f64::INFINITY
    } else {
        bill_h / tokens_h * 1e6
    }
}

impl Billed {
    pub(super) fn cost(&self) -> Cost {
        let paid_prov = self.paid_prov.min(self.prov_capacity).max(0.0);
        let paid_shared = self.paid_shared.min(self.shared_capacity).max(0.0);
        let free = self
            .free_admitted
            .min(self.shared_capacity - paid_shared)
            .max(0.0);
        let w = if paid_shared + free > 0.0 {
            paid_shared / (paid_shared + free)
        } else {
            0.0
        };
        let shared = self.shared_cards as f64;
        let paid_per_hour = (self.prov_cards as f64 + w * shared) * self.price;
        let free_per_hour = (1.0 - w) * shared * self.price;
        let paid_served = paid_prov + paid_shared;
        Cost {
            cards: (self.prov_cards + self.shared_cards) as f64,
            fleet_per_hour: (self.prov_cards + self.shared_cards) as f64 * self.price,
            paid_per_hour,
            free_per_hour,
            paid_served,
            free_served: free,
            paid_per_1m: per_million_tokens(paid_per_hour, paid_served, self.tokens),
            free_per_1m: per_million_tokens(free_per_hour, free, self.tokens),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal() -> Billed {
        let mu = 1000.0 / 49.67;
        Billed {
            price: 2.5,
            tokens: 500.0,
            prov_cards: 10,
            shared_cards: 30,
            prov_capacity: 10.0 * mu,
            shared_capacity: 30.0 * mu,
            paid_prov: 133.15,
            paid_shared: 0.0,
            free_admitted: 400.0,
        }
    }

    #[test]
    fn the_tiers_bills_add_up_to_the_fleets() {
        let c = normal().cost();
        assert_eq!(c.fleet_per_hour, 100.0);
        assert_eq!(c.paid_per_hour, 25.0);
        assert_eq!(c.free_per_hour, 75.0);
        // 400 req/s × 500 tokens × 3,600 s = 720M tokens for $75.
        assert!((c.free_per_1m - 75.0 / 720.0).abs() < 1e-12);
    }

    #[test]
    fn a_jammed_pool_bills_what_it_serves() {
        let mut b = normal();
        b.free_admitted = 1200.0;
        let c = b.cost();
        assert!((c.free_served - b.shared_capacity).abs() < 1e-9);
        // Spilled paid is served first, free gets the rest of the pool.
        b.paid_shared = 40.0;
        let c = b.cost();
        assert!((c.free_served - (b.shared_capacity - 40.0)).abs() < 1e-9);
        let w = 40.0 / b.shared_capacity;
        assert!((c.paid_per_hour - (10.0 + w * 30.0) * 2.5).abs() < 1e-9);
        assert!((c.paid_per_hour + c.free_per_hour - c.fleet_per_hour).abs() < 1e-9);
    }

    #[test]
    fn no_bill_costs_nothing_and_a_bill_with_nothing_served_is_unbounded() {
        assert_eq!(per_million_tokens(0.0, 0.0, 500.0), 0.0);
        assert!(per_million_tokens(25.0, 0.0, 500.0).is_infinite());
        let mut b = normal();
        b.free_admitted = 0.0;
        let c = b.cost();
        // The shared pool's hour, serving no one, is the free tier's.
        assert_eq!(c.free_per_hour, 75.0);
        assert!(c.free_per_1m.is_infinite());
    }
}
