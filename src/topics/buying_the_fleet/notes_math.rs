//! The math panel: tokens per card-month, the dispatch owned → rented →
//! API, the bill and the three checks.

use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "One month of 730 hours. Owned cards carry the demand first, rented cards the shortfall, and the API whatever is left. Owned cards bill their card-month whatever flows; rented cards bill it times the cloud premium; the API bills per token at retail.",
    equations: &[
        Equation {
            name: "Tokens one card carries in the month",
            formula: "t_c = r · k_c · 2,628,000",
            note: "Tokens: its rate in tok/s, flat out, over 730 h = 2,628,000 s. An H100 on the 70B: 700 × 2,628,000 = 1.84 billion.",
        },
        Equation {
            name: "Capacity of the owned and the rented fleet",
            formula: "K_\"own\" = Σ_c O_c · t_c, quad K_\"rent\" = Σ_c R_c · t_c",
            note: "Tokens (T = 10^12 on the page).",
        },
        Equation {
            name: "Shortfall after the owned cards, and the API's part",
            formula: "F = max(0, D − K_\"own\"), quad X_\"api\" = F − min(F, K_\"rent\")",
            note: "Tokens. The whole rented cards that would carry all of F: F over one card's month, rounded up.",
        },
        Equation {
            name: "The month's bill",
            formula: "\"bill\" = Σ_c O_c · C_c + π · Σ_c R_c · C_c + {X_\"api\"}/{10^6} · p",
            note: "$ a month; blended cost = bill ÷ (D/10^6), $ per 1M tokens.",
        },
        Equation {
            name: "Idle check",
            formula: "1 − {\"tokens owned cards carry\"}/{K_\"own\"} ≤ 0.15",
            note: "An owned card idling is a mortgage payment.",
        },
        Equation {
            name: "Margin check",
            formula: "{\"blended cost\"}/p ≤ 0.75",
            note: "Self-hosting must beat the API by a quarter: owning takes a financing risk renting does not.",
        },
        Equation {
            name: "Overflow check",
            formula: "{X_\"api\"}/D ≤ 0.10",
            note: "The API is for spikes: it bills retail while rented cards bill wholesale.",
        },
    ],
    symbols: &[
        Symbol {
            symbol: "D",
            meaning: "demand this month, tokens",
            param: Some("demand_t"),
        },
        Symbol {
            symbol: "r",
            meaning: "an H100's rate on the model served: 10,000 tok/s on the 8B chat, 700 on the 70B premium (the seed cards)",
            param: Some("model"),
        },
        Symbol {
            symbol: "k_c",
            meaning: "a chip's rate against an H100: 1 for the H100, 2.4 for the B200, 0.45 for a used A100 (the seed cards)",
            param: None,
        },
        Symbol {
            symbol: "O_c",
            meaning: "owned cards of chip c",
            param: Some("owned_h100"),
        },
        Symbol {
            symbol: "R_c",
            meaning: "rented cards of chip c",
            param: Some("rented_b200"),
        },
        Symbol {
            symbol: "C_c",
            meaning: "the card-month of chip c, $",
            param: Some("card_month_h100"),
        },
        Symbol {
            symbol: "π",
            meaning: "the cloud rent premium",
            param: Some("rent_premium"),
        },
        Symbol {
            symbol: "p",
            meaning: "the API's retail price per 1M tokens of the model served, $",
            param: Some("api_price_70b"),
        },
    ],
    terms: &["card", "gpu", "h100", "api", "card-month", "idle", "blended-cost", "token"],
};
