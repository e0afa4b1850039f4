//! The guided start: one hot family over four cards, dealt round-robin,
//! hashed to one card, then sharded over two.

use crate::model::{Intro, IntroStep, Predict};

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "Round-robin deals the family out",
            "Four cards, and one prompt family sending most of the traffic. Round-robin gives each arrival to the next card in turn, so every card gets a quarter of it and the load spreads evenly, but most requests land on a card that does not keep the family's preamble.",
            &[("cards", "4"), ("policy", "round-robin")],
            6.0,
        ),
        IntroStep::new(
            "Hash the family to one card",
            "Hashing sends every request of a family to its home card, where its preamble is already in memory.",
            &[("cards", "4"), ("policy", "hash")],
            6.0,
        )
        .asks(Predict {
            question: "Every request of the hot family now goes to one home card. What happens there?",
            choices: &[
                "Nothing: the load spreads by itself",
                "Its queue grows: the home card takes more than it can serve",
                "The other cards get busier",
            ],
            answer: 1,
            reveal: "The home card gets the whole family on top of its share of the rest: past its capacity, its queue grows while the other cards idle.",
        }),
        IntroStep::new(
            "Shard the family over two homes",
            "Giving the hot family two home cards halves what each receives, and each request still meets a resident copy. The full page opens on this story.",
            &[("cards", "4"), ("policy", "hash-shard2")],
            6.0,
        )
        .opens("hash-shard2"),
    ],
};
