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
            "Draining by 100 a second from 3,000, the bucket is empty after 30 seconds, and free requests keep arriving at 500 a second. Choose an answer, or press Show me, to watch it run dry.",
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
            "Launch day triples the free arrivals to 1,500 a second. The bucket, refilling at 80 % of them, runs dry within 10 seconds and from then on refuses a fifth of them (the refused share the picture counts is since the start, so it climbs towards a fifth), yet admits 1,200 a second to shared cards that serve about 600: their queues grow without end.",
            &[("free_rps", "1500")],
            30.0,
        ),
        IntroStep::new(
            "Paid ahead of free",
            "An incident takes 30 % of both pools, 3 of the 10 paid cards and 9 of the 30 shared, and paid requests now wait about 850 ms. Send 30 % of them to the shared cards: there each is served before any free one, so paid waits little while free waits behind them. The full page opens on the incident, before this fix; its fix also sheds free at the gateway to keep the shared cards under their cap.",
            &[("loss_prov", "0.3"), ("loss_shared", "0.3"), ("spill_share", "0.3")],
            20.0,
        )
        .opens("incident"),
    ],
};
