//! What the topic's model does closer to production: the seed card's three
//! simplifications this page swaps, each with what real systems do, where
//! that is documented, and the figures it moves. Declarations only, beside
//! the notes (the model's `Input::production` reads the switch).

use crate::model::Difference;

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 3] = [
    Difference {
        id: "pooled-queues",
        title: "A queue per card, or one queue per pool",
        card: "Every card is an M/M/1 queue of its own and the gateway deals each request to a card at random, a poor way to dispatch: a request can wait behind a busy card while another card idles.",
        production: "A pool's cards take work from one queue: the first card to free up serves the head (an M/M/c queue, paid ahead of free in the shared pool), so no card idles while a request waits. At the same load the wait is many times shorter (Erlang C): the incident's paid wait still misses its objective, a normal day's is a few milliseconds, and the spill the incident's fix needs is smaller. Both models keep the card's picture of a card serving one request at a time with exponential service times; a replica that batches requests whose outputs vary a thousand-fold waits longer than Erlang C says (Kingman's rule scales a wait by about (1 + c²)/2, c the spread of service times over their mean), and real balancers send to the least-loaded replica rather than keep one central queue.",
        source: "Erlang's delay formula (Erlang C) and the M/M/c waiting-time distribution, as in any queueing text (Kleinrock, Queueing Systems vol. 1); Cobham's priority waits on c servers. A serving gateway that keeps one queue per model and hands a request to the first free replica is this model.",
        figures: &[
            "paid_wait_ms",
            "prov_wait_ms",
            "paid_p95_ms",
            "paid_p99_ms",
            "shared_paid_wait_ms",
            "shared_paid_fifo_wait_ms",
            "free_wait_ms",
            "prov_queue_per_card",
            "shared_queue_per_card",
            "sim_paid_wait_ms",
            "sim_prov_wait_ms",
            "sim_paid_p95_ms",
            "sim_paid_p99_ms",
            "sim_free_wait_ms",
        ],
        checks: &[],
    },
    Difference {
        id: "constant-rate-bucket",
        title: "A bucket that follows demand, or one with a fixed refill",
        card: "The token bucket 'admits 80 %': its refill follows demand, so on launch day, when free arrivals triple, it lets four fifths of them into a shared pool that cannot serve them, and the pool jams.",
        production: "A token bucket refills at a constant rate whatever the demand. Gateways keep one per key (a user or an organisation), so a crowd of new users each gets its own; this page keeps one for the whole free tier, as the card does, refilling at the admit share of the normal day's free arrivals, with the bucket's capacity as its burst. On launch day the pool is no longer flooded (the cap check passes without a fix) and the gateway refuses more, past the limit on refused free requests. The story's fix is no longer the fix: admitting a smaller share lowers the refill and refuses more still, and the burst cards it rents idle, billed in every free token; refusing at most half takes shedding to the cap with burst cards rented. Two more things real gateways do that neither model here does: they count tokens as well as requests (a tokens-a-minute limit beside the requests-a-minute one, as long replies cost more), and clients retry a 429 after a backoff (common SDKs retry twice by default), so a refused request comes back: the gateway sees more attempts than arrivals, while the pool sees no more, as the bucket still grants its refill.",
        source: "The token bucket of RFC 2697 and RFC 2698 (a committed rate and a burst size) and of API gateways such as Envoy's local rate limit: a fixed number of tokens added per interval, per key, up to a maximum.",
        figures: &[
            "free_admitted_per_s",
            "free_shed_per_s",
            "shed_share",
            "shared_util",
            "burst_cards",
            "bucket_empty_s",
            "admitted_first_10s",
            "admitted_first_60s",
            "sim_free_admitted_per_s",
            "free_cost_per_1m",
        ],
        checks: &["free_shed", "shared_cap"],
    },
    Difference {
        id: "slo-on-the-tail",
        title: "An SLO on the mean, or on the p95",
        card: "The paid SLO check grades the mean wait: a normal day passes the 150 ms target on average while the same page's p95 is more than twice the target.",
        production: "Service-level objectives are set on a percentile: the check judges the p95 queue wait of the worse pool carrying paid, from the tail of one queue per pool, P(W > t) = C·e^(−(cμ − λ)t). The incident fails on it and its fix passes.",
        source: "Latency objectives stated as percentiles, as in Google's Site Reliability Engineering book (the chapter on service level objectives) and the serving dashboards that report p95 and p99; the tail is the M/M/c waiting-time distribution (Kleinrock, Queueing Systems vol. 1).",
        figures: &["paid_wait_ms", "paid_p95_ms"],
        checks: &["paid_slo"],
    },
];

#[cfg(test)]
mod tests {
    use super::super::params::Assign;
    use super::super::sim::{Live, SimConfig};

    /// The simulated bucket, from full, over a window of T seconds admits
    /// min(demand·T, B + r·T): 3,000 + 400·10 of 15,000 arrivals in 10 s.
    #[test]
    fn a_full_bucket_admits_its_capacity_and_its_refill() {
        let cfg = SimConfig {
            service_ms: 49.67,
            prov_cards: 10,
            shared_cards: 30,
            paid_rps: 0.0,
            free_rps: 1500.0,
            spill_share: 0.0,
            refill_rps: 400.0,
            bucket_capacity: 3000.0,
            assign: Assign::Random,
            pooled: true,
        };
        for (secs, seed) in [(1.0, 1), (10.0, 2), (60.0, 3)] {
            let mut live = Live::new(&cfg, seed);
            let mut arrivals = 0.0;
            live.run_to(secs * 1000.0, |_, _, _| arrivals += 1.0);
            let (_, _, _, admitted, _) = live.stats();
            let want = f64::min(arrivals, 3000.0 + 400.0 * secs);
            assert!(
                (admitted as f64 - want).abs() <= 1.0,
                "{secs} s: {admitted} vs {want}"
            );
        }
    }
}
