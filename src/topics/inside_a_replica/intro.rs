//! The guided start: one sequence prefilling then decoding, a batch sharing
//! steps, and the KV cache filling.

use crate::model::{Intro, IntroStep, Predict};

pub static INTRO: Intro = Intro {
    steps: &[
        IntroStep::new(
            "One sequence: prefill, then decode",
            "A request's prompt is read in one pass (prefill), then its reply comes out one token per step (decode), each token reading the sequence's KV cache.",
            &[("arrival_rps", "0.2"), ("output_tokens", "600")],
            3.0,
        ),
        IntroStep::new(
            "A batch shares each step",
            "At 8 requests a second many sequences are in flight. Continuous batching runs them all in each step: each gets one token a step, and new prompts join between steps.",
            &[],
            4.0,
        )
        .asks(Predict {
            question: "Eight times as many requests arrive. What happens to each step?",
            choices: &[
                "Each sequence waits its turn for the whole replica",
                "Every running sequence gets a token from the same step",
                "The replica refuses the extra requests",
            ],
            answer: 1,
            reveal: "A decode step reads the weights once for the whole batch, so the sequences share it: the batch grows and each still gets a token a step.",
        }),
        IntroStep::new(
            "The KV cache fills",
            "A 70B model in 16 bits on two H100s leaves memory for about 10,400 tokens of KV cache, and prompts here average 7,500 tokens: one sequence takes most of the cache. The next prompt usually needs more blocks than are left, so it waits in the queue while the replica decodes one sequence, now and then two short ones. The full page opens on this story.",
            &[
                ("model", "70b"),
                ("tp", "2"),
                ("arrival_rps", "0.5"),
                ("prompt_tokens", "7500"),
                ("output_tokens", "500"),
            ],
            60.0,
        )
        .opens("memory-caps-batch"),
    ],
};
