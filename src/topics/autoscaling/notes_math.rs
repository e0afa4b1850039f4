//! The math panel: the worked example's replica counts and bill, and the
//! rule the simulated autoscaler follows every second.

use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "The worked example is static arithmetic on the peak and the trough. The page then runs a business day second by second: every second the autoscaler reads its signal as a demand estimate, adds the rise it expects over its forecast window, and asks for replicas; a launched replica is ready after the cold start.",
    equations: &[
        Equation {
            name: "Replicas for the peak",
            formula: "N = ⌈P/C⌉",
            note: "Replicas, zero headroom: 9,000/3,000 = 3.",
        },
        Equation {
            name: "Hourly bill with the spares",
            formula: "\"bill\" = (N + s) × p",
            note: "$ an hour: (3 + 1) × $2.50 = $10.00, against N × p = $7.50 with no spare.",
        },
        Equation {
            name: "Replicas that carry the trough",
            formula: "\"kept\" = max(⌈T/C⌉, f)",
            note: "Replicas: 4,500/3,000 = 1.5, so 2 carry it; N + s − kept = 2 are released.",
        },
        Equation {
            name: "What the autoscaler asks for each second",
            formula: "\"desired\" = max(⌈{m + Δ}/C⌉ + s, f)",
            note: "Replicas. m is the signal read as tok/s, Δ the rise the day's curve expects over the forecast window. Removals wait 5 minutes and then drain.",
        },
        Equation {
            name: "Signal: queue depth, read as tok/s",
            formula: "m = D + Q/{max(\"wait target\", \"cold start\")}",
            note: "D is this second's demand and Q the queue in tokens: the backlog is spread over the time a launch needs to help.",
        },
        Equation {
            name: "Signal: tokens per second",
            formula: "m = D",
            note: "The arriving tokens against the replica ceiling.",
        },
        Equation {
            name: "Signal: the GPU utilization gauge",
            formula: "m = min(\"served\", g · R · C)",
            note: "R is the ready replicas. The gauge flattens at g however deep the queue, so the autoscaler under-reads the peak: the trap.",
        },
        Equation {
            name: "Idle share of the day",
            formula: "\"idle\" = {\"replica-seconds beyond the need + 1\"}/{\"replica-seconds billed\"}",
            note: "A fraction; the check allows 30 %.",
        },
    ],
    symbols: &[
        Symbol {
            symbol: "C",
            meaning: "tok/s one replica sustains inside the latency target",
            param: Some("replica_ceiling"),
        },
        Symbol {
            symbol: "P",
            meaning: "peak demand, tok/s",
            param: Some("peak"),
        },
        Symbol {
            symbol: "T",
            meaning: "trough demand, tok/s",
            param: Some("trough"),
        },
        Symbol {
            symbol: "s",
            meaning: "spare replicas",
            param: Some("spare"),
        },
        Symbol {
            symbol: "f",
            meaning: "the floor, the fewest replicas kept",
            param: Some("floor"),
        },
        Symbol {
            symbol: "p",
            meaning: "price of a replica-hour, $",
            param: Some("price_per_hour"),
        },
        Symbol {
            symbol: "g",
            meaning: "where the GPU utilization gauge flattens",
            param: Some("gauge_cap"),
        },
        Symbol {
            symbol: "Δ",
            meaning: "the rise expected over the forecast window",
            param: Some("forecast_s"),
        },
    ],
    terms: &["replica", "autoscaler", "slo", "tok-per-s", "cold-start", "gpu-utilization", "spare"],
};
