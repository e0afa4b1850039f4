//! The guided start: a month of demand filling owned cards, then rented
//! ones, then the API, each line's dollars adding up.

use crate::model::{Intro, IntroStep, Predict};

/// Six days: the dollar bars are a fifth of the month's.
const DAYS: f64 = 6.0 * 86_400.0;

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "Owned cards carry the month",
            "The month's tokens arrive evenly and go to the owned cards first. Owned cards are billed every hour of the month, busy or idle.",
            &[("demand_t", "2"), ("rented_b200", "0")],
            DAYS,
        ),
        IntroStep::new(
            "Demand past the owned cards",
            "Now demand is more than the owned cards can carry, and 40 rented cards stand behind them.",
            &[],
            DAYS,
        )
        .asks(Predict {
            question: "Where does the demand the owned cards cannot carry go?",
            choices: &[
                "It waits for next month",
                "To the rented cards, then to the API once they are full",
                "Straight to the API",
            ],
            answer: 1,
            reveal: "Dispatch fills owned, then rented, then the API: each line's dollars grow as it carries its share.",
        }),
        IntroStep::new(
            "No rented cards: the API takes the rest",
            "Without rented cards everything past the owned cards goes to the API, paid per token. The full page opens on the story where that costs most.",
            &[("rented_b200", "0")],
            DAYS,
        )
        .opens("api-tax"),
    ],
};
