//! The math panel: the family's shares per card under each balancer, the
//! points of fleet load, and the utilization they become.

use crate::engine::routing::CARDS_SYMBOL;
use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "One prompt family: a hot member with share h of its arrivals, and one other member on each of the other n − 1 cards. Round-robin spreads the family over every card; a hash sends each member to its home card, where its preamble stays resident.",
    equations: &[
        Equation {
            name: "Round-robin: the family's share on each card",
            formula: "\"share\" = 1/n",
            note: "Of the family's arrivals. 64 cards: 1.5625 %. A card meets the family's resident copy one time in n.",
        },
        Equation {
            name: "Hash: the busiest card's share of the family",
            formula: "\"busiest\" = h + {1 − h}/{n − 1}",
            note: "The hot member plus one other member's slice. 80 % on 64 cards: 80 % + 20 % ÷ 63 = 80.32 %.",
        },
        Equation {
            name: "Hash with the hot member sharded over two cards",
            formula: "\"busiest\" = h/2 + {1 − h}/{n − 1}",
            note: "40.32 % at the worked example, for one more preamble copy (2 instead of 1).",
        },
        Equation {
            name: "Points of fleet load on the busiest card",
            formula: "\"points\" = 100 · w · \"busiest\"",
            note: "Percentage points of all fleet traffic: 30 % × 80.32 % = 24.1 points.",
        },
        Equation {
            name: "Decode utilization of card i",
            formula: "u_i = A · s_i + {A · (1 − w)}/{w · n}",
            note: "A share of one card's decode capacity: the card's part of the family plus the rest of the fleet's traffic, spread evenly. The fleet averages A/(w·n). The check asks u ≤ 60 % on the busiest card.",
        },
    ],
    symbols: &[
        CARDS_SYMBOL,
        Symbol {
            symbol: "h",
            meaning: "the hot member's share of the family's arrivals",
            param: Some("hot_share"),
        },
        Symbol {
            symbol: "w",
            meaning: "the family's share of all fleet traffic",
            param: Some("family_share"),
        },
        Symbol {
            symbol: "A",
            meaning: "the family's arrivals, in cards of decode capacity",
            param: Some("family_load"),
        },
        Symbol {
            symbol: "s_i",
            meaning: "card i's share of the family under the chosen balancer",
            param: None,
        },
        Symbol {
            symbol: "\"cap\"",
            meaning: "with overflow: the sticky card keeps load up to this utilization, and the excess goes to cards without the copy",
            param: Some("cap"),
        },
    ],
    terms: &["card", "gpu", "prompt-family", "preamble", "round-robin", "hash-routing", "decode", "utilization", "headroom"],
};
