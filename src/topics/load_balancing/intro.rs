//! The guided start: round-robin dealing one family over four cards,
//! hashing it to one home card that runs hot, and sharding its hot member
//! over two homes. The family carries half a card's worth of work here, so
//! the toy's four cards show what the full page's 64 do.

use crate::model::{Intro, IntroStep, Predict};

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "Round-robin deals the family out",
            "Four cards, the rest of the fleet's traffic spread evenly over them, and one prompt family worth half a card of work. Round-robin gives each arrival to the next card in turn: the load is even, but only about a quarter of the family's requests land on a card that keeps its preamble.",
            &[("cards", "4"), ("policy", "round-robin"), ("family_load", "0.5")],
            40.0,
        ),
        IntroStep::new(
            "Hash the family to one card",
            "The family's requests carry several preambles, its members; most carry one, the hot member. Hashing sends each member to its own home card, where its preamble stays in memory, so once the picture runs every request meets its copy.",
            &[("cards", "4"), ("policy", "hash"), ("family_load", "0.5")],
            40.0,
        )
        .asks(Predict {
            question: "All of the hot member now goes to one home card. What happens to that card?",
            choices: &[
                "Nothing: the load stays even",
                "It runs hotter than the others, past the 60 % headroom",
                "The other cards get busier",
            ],
            answer: 1,
            reveal: "The home card takes the hot member on top of its share of the rest: it climbs past the 60 % it should keep free for bursts, while the other cards run cooler.",
        }),
        IntroStep::new(
            "Shard the hot member over two homes",
            "Giving the hot member two home cards halves what each receives, and each request still meets a resident copy: the busiest card is back under 60 %. The full page opens on this story, with 64 cards.",
            &[("cards", "4"), ("policy", "hash-shard2"), ("family_load", "0.5")],
            40.0,
        )
        .opens("hash-shard2"),
    ],
};
