//! The guided start: a noisy meter read through a short and a long window,
//! choosing which card to evict.

use crate::model::{Intro, IntroStep, Predict};

const HOUR: f64 = 3600.0;

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "Eight cards, one noisy meter",
            "Cards of one class differ in true speed (the lottery). The autoscaler reads each card's speed through a window, and a short window reads with more noise.",
            &[("pool_size", "8"), ("window", "hour"), ("share_pct", "25"), ("mode", "steady")],
            0.5 * HOUR,
        ),
        IntroStep::new(
            "Evict on an hour's reading",
            "After its window the autoscaler evicts the lowest readings.",
            &[("pool_size", "8"), ("window", "hour"), ("share_pct", "25"), ("mode", "steady")],
            8.0 * HOUR,
        )
        .asks(Predict {
            question: "An hour's reading is ±25 %. Does it evict the slowest cards?",
            choices: &[
                "Always: the reading is the card's speed",
                "Not always: noise can make a healthy card read low",
                "Never: it evicts at random",
            ],
            answer: 1,
            reveal: "The ±25 % noise can drop a healthy card's reading below a weak card's, and an eviction of a card at or above the median is wrong.",
        }),
        IntroStep::new(
            "Read through a week",
            "A week's window reads within ±2 %, so the lowest readings are the slowest cards. The full page opens on the story of the noisy evictor.",
            &[("pool_size", "8"), ("window", "week"), ("share_pct", "25"), ("mode", "steady")],
            176.0 * HOUR,
        )
        .opens("noise-evictor"),
    ],
};
