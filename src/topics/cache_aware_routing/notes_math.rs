//! The math panel: the preamble copy, the copies a card's scratch holds,
//! where each policy lands the families, and what a miss costs.

use crate::engine::routing::CARDS_SYMBOL;
use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "A hot family with share h of the arrivals and C equally popular cold families, each homed on one card in turn. Under the seed card's model only a family's home card keeps its preamble copy, and only as many copies as its scratch holds; an arrival that lands elsewhere, or on a home that evicted the copy, re-prefills the preamble. Closer to production every card keeps the openings it prefills in an LRU prefix cache, and a re-prefill loads its card.",
    equations: &[
        Equation {
            name: "Size of one preamble copy",
            formula: "s = {P · k}/1000",
            note: "MB, decimal: 1,200 × 320/1000 = 384 MB.",
        },
        Equation {
            name: "Copies one card's scratch holds",
            formula: "H = ⌊{M · 10^6}/{P · k}⌋",
            note: "Whole copies: 8 GB holds 20, 10 GB holds 26. A card asked for d more than H evicts d − H, silently.",
        },
        Equation {
            name: "Share of each cold family",
            formula: "q = {1 − h}/C",
            note: "Of all arrivals.",
        },
        Equation {
            name: "Round-robin: arrivals that meet their copy",
            formula: "\"hit\" = 1/n",
            note: "Under the seed card's model, with one resident home per family, an arrival lands on it one time in n, however big the scratch: 16 cards, 6.25 %. Closer to production each card keeps what it prefills, so round-robin hits min(1, H/C) of C equally popular families: 20/64 = 31.25 % at 8 GB, every arrival at 80 GB.",
        },
        Equation {
            name: "Closer to production: what an LRU cache keeps",
            formula: "Σ_f (1 − e^{−λ_f T}) = H, quad \"hit\"_f = 1 − e^{−λ_f T}",
            note: "Che's approximation, card by card, over the openings the card is sent, each at its own rate in req/s; every one hits when they all fit. Exact for equally popular openings: H/C.",
        },
        Equation {
            name: "Closer to production: a re-prefill on its card",
            formula: "u_i = {L_i + m_i · μ · P/R}/μ",
            note: "A card's utilization: its arrivals and its re-prefills a second, each P tokens at R ≈ 14,000 tokens a second (a 70B-class model on four H100s at half their dense FLOP/s).",
        },
        Equation {
            name: "Hash: load on the hot family's card",
            formula: "L = {Λ · (h + q)}/μ",
            note: "A share of that card's decode capacity: the hot family shares its card with one cold family. 40 × (0.4 + 0.04)/20 = 88 %. Sharded over two cards, h becomes h/2; with overflow the card keeps 60 % and the rest misses.",
        },
        Equation {
            name: "What the misses cost",
            formula: "\"re-prefills\" = Λ · (1 − \"hit\"), quad \"wasted\" = Λ · (1 − \"hit\") · P",
            note: "Re-prefills a second, and prefill tokens a second spent on openings a resident copy would have saved.",
        },
    ],
    symbols: &[
        CARDS_SYMBOL,
        Symbol {
            symbol: "Λ",
            meaning: "arrivals, requests a second",
            param: Some("arrivals"),
        },
        Symbol {
            symbol: "μ",
            meaning: "one card's decode capacity, requests a second at 100 %",
            param: Some("card_capacity"),
        },
        Symbol {
            symbol: "M",
            meaning: "prefix scratch per card, GB",
            param: Some("scratch_gb"),
        },
        Symbol {
            symbol: "h",
            meaning: "the hot family's share of arrivals",
            param: Some("hot_share"),
        },
        Symbol {
            symbol: "C",
            meaning: "cold families",
            param: Some("families"),
        },
        Symbol {
            symbol: "P",
            meaning: "preamble tokens",
            param: Some("preamble_tokens"),
        },
        Symbol {
            symbol: "k",
            meaning: "KV cache per token, KB",
            param: Some("kv_kb"),
        },
        Symbol {
            symbol: "R",
            meaning: "closer to production, one card's prefill rate, tokens a second",
            param: None,
        },
    ],
    terms: &["card", "gpu", "preamble", "prefix-cache", "kv-cache", "prompt-family", "round-robin", "prefill"],
};
