//! What fleet efficiency does closer to production: the seed card's two
//! simplifications this page swaps, each with what real fleets do, where
//! that is documented, and the figures it moves. Declarations only, beside
//! the notes (`sim::run_month_as` reads the switch).

use crate::model::Difference;

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 2] = [
    Difference {
        id: "few-per-cent-spread",
        title: "Cards of one model a lottery, or a few per cent apart",
        card: "Each card of one model draws a quality ticket between 0.75 and 1.15, a spread of ±20 % around 0.95, so ranking the cards by speed and evicting the slowest buys real throughput.",
        production: "Healthy cards of one model differ by a few per cent: here the same draw lands within ±3 % of the lottery's mean, between 0.92 and 0.98, besides the card's silent dips. Read through a window's noise (±25 % over an hour, ±5 % over a day), a ranking by measured speed is mostly noise, so an evictor that acts on speed alone evicts healthy cards about as often as slow ones and gains little rate for its churn fees.",
        source: "Published measurements of same-model GPU fleets: Sinha et al., 'Not All GPUs Are Created Equal' (SC 2022), found an average performance variation of 8 % (22 % at most) across GPUs of one model and SKU in five large clusters, with rare outliers up to 1.5× slower than the median card. This page takes ±3 %, narrower than those clusters: its point is a spread of a few per cent, against the card's 0.75 to 1.15.",
        figures: &[
            "fleet_median_tok_s",
            "true_capacity_tok_s",
            "measured_capacity_tok_s",
            "wrong_evictions",
            "wrong_eviction_share",
            "warm_cards",
            "delivered_tok_s",
            "delivered_share",
            "shortage_share",
            "ideal_cards",
            "ideal_bill",
            "bill",
            "convergence",
        ],
        checks: &["eviction", "capacity", "convergence"],
    },
    Difference {
        id: "evict-on-health",
        title: "Evict on speed alone, or on health too",
        card: "The autoscaler sees a card only through its measured speed and evicts the lowest scores; a card is healthy or not by its true rate against the fleet median.",
        production: "Fleets evict on health as much as on speed: the error counters (memory ECC errors, driver Xid errors), thermal and power throttling and link faults that a GPU's management interface reports. Here 3 % of cards have such a fault this month and run at two thirds of their rate (the outliers 1.5× slower than the median); the policy evicts every faulty card first, whatever its luck in the window, and fills the rest of its share by speed. A faulty card is never a wrong eviction.",
        source: "NVIDIA's Data Center GPU Manager (DCGM) health checks and nvidia-smi's ECC, Xid, throttle-reason and NVLink error counters, which fleet operators use to drain and replace cards; Meta's Llama 3 paper (2024) reports 419 unexpected interruptions in 54 days on 16,384 H100s, most of them faulty GPUs or their HBM3 memory.",
        figures: &[
            "evicted",
            "churn_fees",
            "wrong_evictions",
            "warm_cards",
            "true_capacity_tok_s",
            "bill",
            "convergence",
        ],
        checks: &["eviction"],
    },
];
