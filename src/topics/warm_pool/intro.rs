//! The guided start: one burst meeting three cold replicas, then one warm
//! and two cold, then three warm.

use crate::model::{Intro, IntroStep, Predict};

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "A burst meets four cold replicas",
            "A burst needs four replicas. None is running: all four launch when it starts and serve nothing until their 32 s cold start ends, so the first requests queue, and the queue drains once they are ready.",
            &[("warm", "0"), ("burst_replicas", "4")],
            60.0,
        ),
        IntroStep::new(
            "One warm, three cold",
            "Now one replica waits warm between bursts, renting by the hour; the other three still launch cold.",
            &[("warm", "1"), ("burst_replicas", "4")],
            55.0,
        )
        .asks(Predict {
            question: "With one warm replica, what happens to the burst's queue?",
            choices: &[
                "It disappears: nothing waits",
                "It is smaller: the warm replica serves at once while three boot",
                "It is the same: warm or cold makes no difference",
            ],
            answer: 1,
            reveal: "The warm replica serves from the first second, so fewer requests pile up while the three cold ones boot; it rents all day for that.",
        }),
        IntroStep::new(
            "Four warm",
            "With all four warm the burst waits for no cold start at all, and four replicas rent all day between bursts. The full page opens on the middle ground: one warm replica.",
            &[("warm", "4"), ("burst_replicas", "4")],
            55.0,
        )
        .opens("one-warm"),
    ],
};
