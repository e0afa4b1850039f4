//! The math panel: a card's true and measured rate, its score, the
//! evictions, the month's bill and the three checks.

use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "One month of one rented pool of n cards of one class. Each card draws a quality ticket and silent dips at boot; the autoscaler never sees its true rate, only a score measured through a window. It evicts the lowest scores and runs the rest, all of them or just enough for the peak.",
    equations: &[
        Equation {
            name: "A card's true rate",
            formula: "\"true\" = R · q · (1 − \"dips\" · 12/730)",
            note: "tok/s, a month's average: a dip is a day at half rate, 12 of the month's 730 hours lost.",
        },
        Equation {
            name: "What the autoscaler measures",
            formula: "\"measured\" = \"true\" · (1 + e · u)",
            note: "tok/s. The window's error e is ±25 % over an hour, ±5 % over a day, ±2 % over a week; u is the card's luck, between −1 and 1.",
        },
        Equation {
            name: "A card's score",
            formula: "\"score\" = {\"rate\" · 2,628,000}/{\"rent\"}",
            note: "Tokens per dollar over the month's 2,628,000 seconds.",
        },
        Equation {
            name: "Cards evicted",
            formula: "k = ⌊{x · n}/100⌋",
            note: "The k lowest measured scores leave; a wrong eviction is one whose true rate was at or above the pool's median.",
        },
        Equation {
            name: "The month's bill",
            formula: "\"bill\" = (\"warm cards\" + 0.15 · k) · \"rent\"",
            note: "$: warm cards bill their card-month, each evicted card 15 % of one on the way out.",
        },
        Equation {
            name: "Convergence check",
            formula: "{\"ideal bill\"}/{\"bill\"} ≥ 0.90",
            note: "The ideal operator runs the fewest cards by true score that cover the peak, and pays no churn.",
        },
        Equation {
            name: "Capacity check",
            formula: "{\"delivered\"}/{\"demanded\"} ≥ 0.99",
            note: "Hour by hour the warm cards' true rates meet the demand; no eviction policy repairs a rate shortage.",
        },
    ],
    symbols: &[
        Symbol {
            symbol: "R",
            meaning: "the class's rated speed: 7,000 tok/s flagship, 3,150 bargain (0.45 × the flagship, the used-A100 ratio of the seed cards); rent $2,600 and $1,400 a month",
            param: Some("class"),
        },
        Symbol {
            symbol: "q",
            meaning: "the card's quality ticket, drawn between 0.75 and 1.15",
            param: Some("seed"),
        },
        Symbol {
            symbol: "\"dips\"",
            meaning: "silent one-day dips at half rate, 0 to 3 a card",
            param: None,
        },
        Symbol {
            symbol: "e",
            meaning: "the measurement window's error",
            param: Some("window"),
        },
        Symbol {
            symbol: "n",
            meaning: "cards in the pool",
            param: Some("pool_size"),
        },
        Symbol {
            symbol: "x",
            meaning: "the eviction share, percent",
            param: Some("share_pct"),
        },
    ],
    terms: &["card", "eviction", "autoscaler", "idle", "tok-per-s"],
};
