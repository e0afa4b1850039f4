//! The guided start: four cards on a ring, a fifth joining, and modulo's
//! re-deal, each a picture from the topic's own scene at toy scale.

use crate::model::{Intro, IntroStep, Predict};

/// Four cards of two points each, two dozen families: small enough to follow
/// one key, and enough that the new card's share shows (5 of 24 move on the
/// ring, 20 of 24 by modulo).
const RING: &[(&str, &str)] = &[
    ("cards_before", "4"),
    ("cards_after", "4"),
    ("families", "24"),
    ("scheme", "ring"),
    ("vnodes", "2"),
];

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "Four cards on a ring",
            "Each prompt family's key is a point on a circle, and so are each card's few points (its virtual nodes). A family walks clockwise from its key to the next card point: that card keeps its copy.",
            RING,
            1.5,
        ),
        IntroStep::new(
            "A fifth card joins the ring",
            "The new card's points land between old ones. Watch the sweep go round the circle once: it moves each family whose card has changed.",
            &[
                ("cards_before", "4"),
                ("cards_after", "5"),
                ("families", "24"),
                ("scheme", "ring"),
                ("vnodes", "2"),
            ],
            5.0,
        )
        .asks(Predict {
            question: "A fifth card joins four on the ring. Which families move?",
            choices: &[
                "Only those whose keys fall on the new card's arcs",
                "About half of them, spread over every card",
                "Nearly all of them",
            ],
            answer: 0,
            reveal: "Only a family whose clockwise walk now ends at one of the new card's points changes card: about one in five, the new card's share. Every other family stays where it was. With so few points and families the share is lumpy; more points even it out.",
        }),
        IntroStep::new(
            "Modulo re-deals the keys",
            "Modulo placement sends a family to card (key mod N), with no circle at all. Going from 4 to 5 cards changes N for every key, and each family that lands on another card is a copy rebuilt.",
            &[
                ("cards_before", "4"),
                ("cards_after", "5"),
                ("families", "24"),
                ("scheme", "modulo"),
            ],
            5.0,
        )
        .asks(Predict {
            question: "The same fifth card, but placed by key mod N. How many families move now?",
            choices: &["Fewer than on the ring", "About as many", "Most of them"],
            answer: 2,
            reveal: "A key stays only where key mod 4 equals key mod 5, which is 4 keys in 20: modulo moves about four families in five.",
        }),
        IntroStep::new(
            "The same at full scale",
            "64 cards become 65 on a ring with 128 points each, with 100,000 families: the new card takes about one 65th of the keys. The full page opens on this story.",
            &[
                ("cards_before", "64"),
                ("cards_after", "65"),
                ("families", "100000"),
                ("scheme", "ring"),
                ("vnodes", "128"),
            ],
            5.0,
        )
        .opens("ring-plus-one"),
    ],
};
