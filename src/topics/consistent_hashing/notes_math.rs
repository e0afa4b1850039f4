//! The math panel: the resize's shares, the rebuild bill, the preamble copy
//! and the load bound, with the symbols they use.

use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "Every prompt family has a key (a hash of its number) and every scheme maps keys to cards. A resize from n₀ to n₁ cards moves some families to another card, and each moved family re-prefills its preamble there.",
    equations: &[
        Equation {
            name: "Share of families modulo routing moves",
            formula: "\"moved\" = 1 − {min(n_0, n_1)}/{lcm(n_0, n_1)}",
            note: "A fraction of the families, shown as %. A key keeps its card only when its remainder is the same for both fleet sizes: 64 → 128 cards moves 50 %, 64 → 65 moves 64/65 = 98.46 %.",
        },
        Equation {
            name: "Least share a resize can move",
            formula: "\"moved\" = {|n_1 − n_0|}/{max(n_0, n_1)}",
            note: "Only the keys of the cards added (or removed) change card. A ring, jump hash and rendezvous hashing move this share in theory (64 → 65: 1/65 = 1.54 %); a ring's measured share scatters around it, less with more virtual nodes.",
        },
        Equation {
            name: "Size of one preamble copy",
            formula: "s = {P × k}/1000",
            note: "MB, decimal: 1,200 tokens × 320 KB a token = 384 MB.",
        },
        Equation {
            name: "Rebuild bill of a resize",
            formula: "R = m × s",
            note: "MB of KV cache re-prefilled. The worked example: 32 moved families × 384 MB = 12,288 MB.",
        },
        Equation {
            name: "Most families one card may hold under a load bound",
            formula: "\"cap\" = ⌈c · F/n_1⌉",
            note: "Families. A family whose card is full walks clockwise to the next card with room. Ring only; off when c = 0.",
        },
        Equation {
            name: "Balance after the resize",
            formula: "{\"busiest card\"}/{F ÷ n_1} ≤ 1.25",
            note: "Families on the busiest card over the average. Judged once cards hold 20 families or more on average: with fewer, chance alone piles a few on one card.",
        },
    ],
    symbols: &[
        Symbol {
            symbol: "n_0",
            meaning: "cards before the resize",
            param: Some("cards_before"),
        },
        Symbol {
            symbol: "n_1",
            meaning: "cards after the resize",
            param: Some("cards_after"),
        },
        Symbol {
            symbol: "F",
            meaning: "cached prompt families",
            param: Some("families"),
        },
        Symbol {
            symbol: "m",
            meaning: "families whose card changed, counted by placing every family's key in both fleets",
            param: None,
        },
        Symbol {
            symbol: "s",
            meaning: "one preamble copy, MB",
            param: Some("copy_mb"),
        },
        Symbol {
            symbol: "P",
            meaning: "preamble tokens: 1,200, the seed cards' shared opening",
            param: None,
        },
        Symbol {
            symbol: "k",
            meaning: "KV cache per token: 320 KB for a 70B-class model, from the seed cards",
            param: None,
        },
        Symbol {
            symbol: "c",
            meaning: "load-bound factor; 0 turns the bound off",
            param: Some("bound"),
        },
        Symbol {
            symbol: "v",
            meaning: "virtual nodes (points on the ring) per card",
            param: Some("vnodes"),
        },
    ],
    terms: &["card", "gpu", "prompt-family", "preamble", "prefill", "consistent-hashing", "virtual-node"],
};
