//! The guided start: a token bucket draining, a 429 at the gateway, launch
//! day jamming the shared pool, and paid overtaking free in its queue.
//!
//! The bucket is the card's: it refills at the admit share of the free
//! arrivals (80 % of them), so it drains whenever free requests arrive.

use crate::model::{Intro, IntroStep, Predict};

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "A token bucket at the gateway",
            "Each free request takes a token from the bucket at the gateway. The bucket starts full with 3,000 tokens and, in this card's model, refills at 80 % of the free arrivals: 400 a second against 500 arriving, so it drains by 100 a second.",
            &[],
            20.0,
        ),
        IntroStep::new(
            "The bucket runs dry",
            "After 30 seconds the bucket is empty, and free requests keep arriving at 500 a second.",
            &[],
            45.0,
        )
        .asks(Predict {
            question: "The bucket is empty and free requests keep coming. What happens to those it has no token for?",
            choices: &[
                "They wait in the bucket",
                "They bounce with a 429 (too many requests)",
                "They go to the paid cards",
            ],
            answer: 1,
            reveal: "With no token left the gateway answers 429 at once: the request is refused, not queued. From then on the bucket admits only its refill, 400 of the 500 a second.",
        }),
        IntroStep::new(
            "Launch day jams the shared pool",
            "Launch day triples the free arrivals to 1,500 a second. The bucket, refilling at 80 % of them, runs dry within 10 seconds and refuses a fifth, yet admits 1,200 a second to shared cards that serve about 600: their queues grow without end.",
            &[("free_rps", "1500")],
            30.0,
        ),
        IntroStep::new(
            "Paid ahead of free",
            "Send 30 % of the paid requests to the shared cards too: there they are served before any free one, so paid waits little while free waits behind them. The full page opens on launch day, with no paid request spilled.",
            &[("free_rps", "1500"), ("spill_share", "0.3")],
            20.0,
        )
        .opens("launch-day"),
    ],
};
