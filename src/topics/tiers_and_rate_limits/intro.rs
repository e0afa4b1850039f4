//! The guided start: a token bucket filling and draining, a 429 at the
//! gateway, paid overtaking free in the shared queue.

use crate::model::{Intro, IntroStep, Predict};

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "A token bucket at the gateway",
            "Each free request takes a token from the bucket; the bucket refills at its rate. It starts full, so a burst is admitted until the bucket runs dry.",
            &[("bucket_capacity", "600")],
            2.0,
        ),
        IntroStep::new(
            "The bucket runs dry",
            "Launch day: free requests arrive three times as fast as on a normal day, faster than the bucket refills.",
            &[("free_rps", "1500"), ("bucket_capacity", "600")],
            4.0,
        )
        .asks(Predict {
            question: "The bucket is empty and free requests keep coming. What happens to them?",
            choices: &[
                "They wait in the bucket",
                "They bounce with a 429 (too many requests)",
                "They go to the paid cards",
            ],
            answer: 1,
            reveal: "With no token left, the gateway answers 429 at once: the request is refused, not queued.",
        }),
        IntroStep::new(
            "Paid ahead of free",
            "Admitted requests queue at their pool. On the shared cards paid requests are served before free ones, so paid waits little while free waits behind them. The full page opens on launch day.",
            &[("free_rps", "1500"), ("spill_share", "0.3")],
            8.0,
        )
        .opens("launch-day"),
    ],
};
