//! The guided start: a request meeting its resident preamble (a hit)
//! against prefilling it again (a miss), at four cards.

use crate::model::{Intro, IntroStep, Predict};

const FEW: &[(&str, &str)] = &[("cards", "4"), ("families", "8"), ("policy", "round-robin")];

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "Round-robin: anywhere, often a miss",
            "Four cards, eight prompt families; each card keeps the preambles of the families it homes. Round-robin sends a request to whichever card is next, so most land where their preamble is not kept and prefill it again (a miss).",
            FEW,
            4.0,
        ),
        IntroStep::new(
            "Hash each family to its home",
            "Now the router hashes each request's family to the card that homes it.",
            &[("cards", "4"), ("families", "8"), ("policy", "hash")],
            4.0,
        )
        .asks(Predict {
            question: "Each request now goes to its family's home card. What does it meet there?",
            choices: &[
                "Its preamble, already in memory: a hit",
                "An empty cache: a miss",
                "A longer queue than before",
            ],
            answer: 0,
            reveal: "The home card keeps the family's preamble, so every request meets it resident and skips its prefill.",
        }),
        IntroStep::new(
            "More families than slots",
            "With 400 families, each card homes more than its scratch can keep: an evicted family's request prefills again even on its home. The full page opens on this story.",
            &[("cards", "4"), ("families", "400"), ("policy", "hash")],
            4.0,
        )
        .opens("silent-eviction"),
    ],
};
