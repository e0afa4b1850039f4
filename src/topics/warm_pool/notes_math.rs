//! The math panel: the rent of a warm pool, the backlog a cold start
//! leaves, and the wait of a burst that arrives at once.

use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "A warm replica rents its GPU all day. When a burst needing k replicas starts, the w warm ones serve at once and the other k − w launch, ready after the cold start; until then the demand they would have served waits in one first-come-first-served queue.",
    equations: &[
        Equation {
            name: "Idle rent of the pool",
            formula: "\"rent\" = w × p × 24 × 365",
            note: "$ a year: 4 × $2.50 × 24 × 365 = $87,600 always warm, $21,900 a replica.",
        },
        Equation {
            name: "Capacity during the burst",
            formula: "\"capacity\" = w · r",
            note: "Requests a second until the cold start T has passed; k · r after it.",
        },
        Equation {
            name: "Backlog a cold start leaves (a burst that arrives at once)",
            formula: "\"backlog\" = (k − w) × r × T",
            note: "Requests: missing replicas × rate × cold start; 3 × 10 × 32 = 960 with one warm replica.",
        },
        Equation {
            name: "Total wait of such a burst",
            formula: "W = r · (k − w) · T · (L − {w · T}/{2k})",
            note: "Request-seconds, for a burst lasting at least w·T/k; the backlog lingers until the burst ends. Spread over the day's bursts and priced at the value of a user-hour, it sets the break-even pool.",
        },
    ],
    symbols: &[
        Symbol {
            symbol: "w",
            meaning: "warm replicas",
            param: Some("warm"),
        },
        Symbol {
            symbol: "k",
            meaning: "replicas the burst needs",
            param: Some("burst_replicas"),
        },
        Symbol {
            symbol: "T",
            meaning: "cold start, s",
            param: Some("cold_start_s"),
        },
        Symbol {
            symbol: "p",
            meaning: "price of a replica-hour, $",
            param: Some("price_per_hour"),
        },
        Symbol {
            symbol: "r",
            meaning: "requests a second one replica serves",
            param: Some("replica_rate"),
        },
        Symbol {
            symbol: "L",
            meaning: "how long the burst holds at its top, s",
            param: Some("burst_s"),
        },
    ],
    terms: &["warm-pool", "replica", "cold-start", "burst", "gpu", "p95"],
};
