//! The guided start: one burst meeting three cold replicas, then one warm
//! and two cold, then three warm.

use crate::model::{Intro, IntroStep, Predict};

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "A burst meets three cold replicas",
            "A burst needs three replicas. None is running: all three launch when it starts and serve nothing until their cold start ends, so the first requests queue.",
            &[("warm", "0"), ("burst_replicas", "3")],
            30.0,
        ),
        IntroStep::new(
            "One warm, two cold",
            "Now one replica waits warm between bursts, renting by the hour; the other two still launch cold.",
            &[("warm", "1"), ("burst_replicas", "3")],
            30.0,
        )
        .asks(Predict {
            question: "With one warm replica, what happens to the burst's queue?",
            choices: &[
                "It disappears: nothing waits",
                "It is smaller: the warm replica serves at once while two boot",
                "It is the same: warm or cold makes no difference",
            ],
            answer: 1,
            reveal: "The warm replica serves from the first second, so fewer requests pile up while the two cold ones boot; it rents all day for that.",
        }),
        IntroStep::new(
            "Three warm",
            "With all three warm the burst waits for no cold start at all, and three replicas rent all day between bursts. The full page opens on one warm replica.",
            &[("warm", "3"), ("burst_replicas", "3")],
            30.0,
        )
        .opens("one-warm"),
    ],
};
