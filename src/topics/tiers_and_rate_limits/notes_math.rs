//! The math panel: utilizations, the M/M/1 wait and its tail, the priority
//! waits of the shared pool, the token bucket and the bill; closer to production,
//! Erlang C's wait and tail for one queue on a pool's cards.

use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "Two tiers and two pools of identical cards. Every card is a queue with random arrivals and random service times (an M/M/1 queue), arrivals spread evenly over a pool's cards. Paid runs on the provisioned cards, and spilled paid in the shared pool ahead of free; free passes a token bucket at the gateway.",
    equations: &[
        Equation {
            name: "Requests one card serves a second",
            formula: "μ = 1000/S",
            note: "req/s: S = 49.67 ms gives 20.13.",
        },
        Equation {
            name: "Cards left after an incident",
            formula: "c′ = c − round(δ · c)",
            note: "Cards, for each pool; the shared pool adds the burst cards b.",
        },
        Equation {
            name: "Utilization of the provisioned pool",
            formula: "ρ_P = {(1 − σ) · λ_p}/{c_P · μ}",
            note: "A fraction: 133.15/(10 × 20.13) = 66.1 %.",
        },
        Equation {
            name: "Utilization of the shared pool",
            formula: "ρ_S = {σ · λ_p + a · λ_f}/{c_S · μ}",
            note: "A fraction: spilled paid (the first term) and admitted free (the second) over what the shared cards serve.",
        },
        Equation {
            name: "Utilization of the shared pool by spilled paid alone",
            formula: "ρ_pS = {σ · λ_p}/{c_S · μ}",
            note: "A fraction: what paid, served first, sees of the pool."
        },
        Equation {
            name: "Mean queue wait on a provisioned card",
            formula: "W = {S · ρ}/{1 − ρ}",
            note: "ms; unbounded at ρ ≥ 1. At 66.1 % it is 97 ms; at 94.5 %, after the incident, 850 ms.",
        },
        Equation {
            name: "The tail of that wait",
            formula: "P(W > t) = ρ · e^{−(1 − ρ) · t/S}, quad W_95 = {S · ln(20ρ)}/{1 − ρ}",
            note: "ms: the wait only 1 request in 20 exceeds; with ln(100ρ), 1 in 100 (the p99).",
        },
        Equation {
            name: "Waits in the shared pool, paid first (Cobham)",
            formula: "W_pS = {S · ρ_S}/{1 − ρ_pS}, quad W_f = {S · ρ_S}/{(1 − ρ_pS)(1 − ρ_S)}",
            note: "ms, with priority that never interrupts a request being served.",
        },
        Equation {
            name: "Requests a token bucket admits",
            formula: "\"admitted\" = ⌊min(λ_f · T, B + r · T)⌋",
            note: "Requests in T seconds, from a full bucket of B grants refilled at r grants a second: the admit share of the free arrivals."
        },
        Equation {
            name: "The fleet's bill",
            formula: "\"bill\" = (c_P + c_S + b) · p",
            note: "$ an hour for every card held, the ones an incident took down too (the provisioned and shared cards before the incident); 730 hours make a month: 40 cards at $2.50 bill $100 an hour, $73,000 a month.",
        },
        Equation {
            name: "A tier's cost per million tokens",
            formula: "\"per 1M\" = {\"its bill\" · 10^6}/{\"its requests served\" · n_t · 3600}",
            note: "$ per million tokens: paid's bill is the provisioned pool and its part of the shared pool (its share of the requests that pool serves), free's the rest; a jammed pool serves only what its cards can.",
        },
        Equation {
            name: "Closer to production: the chance to wait, one queue on c cards (Erlang C)",
            formula: "C = {{(cρ)^c}/{c!} · {1}/{1 − ρ}}/{Σ_{k=0}^{c−1} {(cρ)^k}/{k!} + {(cρ)^c}/{c!} · {1}/{1 − ρ}}",
            note: "A fraction: the chance that all c cards are busy when a request arrives. With c = 1 it is ρ, the seed card's chance.",
        },
        Equation {
            name: "Closer to production: the pool's mean wait and its tail",
            formula: "W = {C · S}/{c · (1 − ρ)}, quad P(W > t) = C · e^{−c · (1 − ρ) · t/S}",
            note: "ms: one queue on the pool's cards, the first card to free up taking the head. Far shorter than c queues of their own at the same ρ (the panel “What production does differently” gives both). With priority in the shared pool, Cobham's waits take C · S/c, the wait for any card, where one card's is S · ρ.",
        },
    ],
    symbols: &[
        Symbol {
            symbol: "S",
            meaning: "mean service time of a request, ms",
            param: Some("service_ms"),
        },
        Symbol {
            symbol: "c_P",
            meaning: "provisioned cards standing",
            param: Some("prov_cards"),
        },
        Symbol {
            symbol: "c_S",
            meaning: "shared cards standing, burst cards included",
            param: Some("shared_cards"),
        },
        Symbol {
            symbol: "λ_p",
            meaning: "paid arrivals, requests a second",
            param: Some("paid_rps"),
        },
        Symbol {
            symbol: "λ_f",
            meaning: "free arrivals, requests a second",
            param: Some("free_rps"),
        },
        Symbol {
            symbol: "a",
            meaning: "the share of free demand the bucket admits",
            param: Some("admit_share"),
        },
        Symbol {
            symbol: "B",
            meaning: "grants a full bucket holds",
            param: Some("bucket_capacity"),
        },
        Symbol {
            symbol: "σ",
            meaning: "share of paid spilled to the shared pool",
            param: Some("spill_share"),
        },
        Symbol {
            symbol: "b",
            meaning: "burst cards rented into the shared pool",
            param: Some("burst_cards"),
        },
        Symbol {
            symbol: "p",
            meaning: "price of a card-hour, $",
            param: Some("price_per_hour"),
        },
        Symbol {
            symbol: "n_t",
            meaning: "tokens in a request, prompt and reply",
            param: Some("tokens_per_request"),
        },
        Symbol {
            symbol: "c",
            meaning: "the cards of a pool (the provisioned pool's, in the questions; closer to production, the cards one queue feeds)",
            param: Some("prov_cards"),
        },
        Symbol {
            symbol: "C",
            meaning: "closer to production: the chance a request finds every card busy and waits",
            param: None,
        },
        Symbol {
            symbol: "δ",
            meaning: "share of a pool's cards an incident removes",
            param: Some("loss_prov"),
        },
    ],
    terms: &["tier", "card", "token-bucket", "http-429", "slo", "utilization", "p95", "shared-pool", "provisioned-pool", "spill"],
};
