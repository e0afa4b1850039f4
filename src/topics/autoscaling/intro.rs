//! The guided start: a slow rise the replicas keep up with, a fast one that
//! beats the cold start, and a forecast that launches replicas early.

use crate::model::{Intro, IntroStep, Predict};

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "Demand rises, replicas follow",
            "The autoscaler watches the queue and launches a replica when the queue says it wants one. Over a two-hour rise each new replica is ready well before the demand it serves.",
            &[],
            3600.0,
        ),
        IntroStep::new(
            "A five-minute rise meets a four-minute cold start",
            "Now the morning rise takes five minutes and a new replica needs four to boot.",
            &[("trough", "1500"), ("ramp_s", "300"), ("cold_start_s", "240"), ("forecast_s", "0")],
            600.0,
        )
        .asks(Predict {
            question: "The queue grows and the autoscaler launches replicas. What happens while they boot?",
            choices: &[
                "Nothing waits: a launched replica serves at once",
                "The queue keeps growing until the booting replicas are ready",
                "The autoscaler refuses the extra demand",
            ],
            answer: 1,
            reveal: "A launched replica serves nothing until its cold start ends, so the tokens that arrive meanwhile wait in the queue.",
        }),
        IntroStep::new(
            "Launch a cold start ahead",
            "Reading the day's curve 300 s ahead, the autoscaler launches each replica a cold start before its demand arrives. The full page opens on the late ramp, before this fix.",
            &[("trough", "1500"), ("ramp_s", "300"), ("cold_start_s", "240"), ("forecast_s", "300")],
            600.0,
        )
        .opens("late-ramp"),
    ],
};
