//! The math panel: the preamble copy, the copies a card's scratch holds,
//! where each policy lands the families, and what a miss costs.

use crate::engine::routing::CARDS_SYMBOL;
use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "A hot family with share h of the arrivals and C equally popular cold families, each homed on one card in turn. Only a family's home card keeps its preamble copy, and only as many copies as its scratch holds; an arrival that lands elsewhere, or on a home that evicted the copy, re-prefills the preamble.",
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
            note: "With one resident home per family, an arrival lands on it one time in n, however big the scratch: 16 cards, 6.25 %.",
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
    ],
    terms: &["card", "gpu", "preamble", "prefix-cache", "kv-cache", "prompt-family", "round-robin", "prefill"],
};
