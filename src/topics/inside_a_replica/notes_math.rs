//! The math panel: the KV cache per token, the memory left for it, the
//! sequences it holds, one step's roofline and the decode floor, and
//! Little's law.

use crate::model::{Equation, Math, Symbol};

pub static MATH: Math = Math {
    intro: "One replica is tp GPUs holding a model's weights; what memory is left holds the KV cache, the keys and values of every token of every sequence in the batch. Each step reads all the weights and the batch's KV, and computes every token it processes: a decode step of a small batch waits on memory, a prefill of a long prompt on arithmetic.",
    equations: &[
        Equation {
            name: "KV cache per token",
            formula: "k = 2 × L × H_{kv} × d × b",
            note: "Bytes: a key and a value for every layer. The 70B-class model in 16 bits: 2 × 80 × 8 × 128 × 2 = 327,680 bytes = 320 KiB, the seed cards' 320 KB per token.",
        },
        Equation {
            name: "Memory left for the KV cache",
            formula: "M_{kv} = u × M × tp − W − R × tp",
            note: "Bytes; M a GPU's memory (an H100's 80 GiB is 85.9 GB), u the share the engine may use, the weights W = parameters × bytes per weight (70.6 B × 2 = 141.2 GB), R the engine's reserve per GPU. Paged in blocks of 16 tokens.",
        },
        Equation {
            name: "Sequences the KV cache fits",
            formula: "S = ⌊{M_{kv}/k}/{P + O}⌋",
            note: "Whole sequences of the mean prompt P plus the mean reply O. The batch limit caps the batch too: it runs at most the smaller of the two.",
        },
        Equation {
            name: "One step (the roofline)",
            formula: "t = c + max({W + k · K}/{tp · B}, {2 · N · T}/{tp · F · e})",
            note: "Seconds: the weights and the K tokens of KV the step reads over the bandwidth, or its T tokens' arithmetic over the FLOP/s at efficiency e, whichever is slower (attention's arithmetic adds to the second), plus the overhead c. Closer to production the bytes are read at 80 % of B, and on more than one GPU each layer's two all-reduces add their time (\"What production does differently\").",
        },
        Equation {
            name: "The decode floor",
            formula: "t_{1} = W/{tp · B}",
            note: "One step at batch 1 reads every weight once: 141.2 GB ÷ (2 × 3.35 TB/s) = 21.1 ms for the 70B-class model on 2 H100s, at the datasheet's bandwidth (no step is faster). A batch of 32 costs little more, which is why batching multiplies the tokens a second.",
        },
        Equation {
            name: "Little's law",
            formula: "\"in the replica\" = λ × \"time in it\"",
            note: "Requests waiting or running, on average, equal the requests a second times the seconds each spends there: at the defaults under the datasheet model, 7.2 requests finished a second × 2.59 s each = 18.7 requests in the replica.",
        },
    ],
    symbols: &[
        Symbol {
            symbol: "k",
            meaning: "KV cache per token, bytes",
            param: None,
        },
        Symbol {
            symbol: "L",
            meaning: "layers of the model",
            param: Some("model"),
        },
        Symbol {
            symbol: "H_{kv}",
            meaning: "key/value heads",
            param: Some("model"),
        },
        Symbol {
            symbol: "d",
            meaning: "elements per head (head size)",
            param: Some("model"),
        },
        Symbol {
            symbol: "b",
            meaning: "bytes per stored KV element",
            param: Some("kv_bits"),
        },
        Symbol {
            symbol: "N",
            meaning: "the model's parameters",
            param: Some("model"),
        },
        Symbol {
            symbol: "W",
            meaning: "the weights' bytes: N × bytes per weight",
            param: Some("weight_bits"),
        },
        Symbol {
            symbol: "B",
            meaning: "one GPU's memory bandwidth, bytes a second",
            param: Some("gpu"),
        },
        Symbol {
            symbol: "F",
            meaning: "one GPU's dense 16-bit FLOP/s",
            param: Some("gpu"),
        },
        Symbol {
            symbol: "T",
            meaning: "tokens a step processes",
            param: None,
        },
        Symbol {
            symbol: "K",
            meaning: "tokens of KV a step reads",
            param: None,
        },
        Symbol {
            symbol: "M",
            meaning: "memory of one GPU",
            param: Some("gpu"),
        },
        Symbol {
            symbol: "tp",
            meaning: "GPUs in the replica",
            param: Some("tp"),
        },
        Symbol {
            symbol: "u",
            meaning: "share of the memory the engine may use",
            param: Some("mem_util"),
        },
        Symbol {
            symbol: "R",
            meaning: "reserve per GPU",
            param: Some("reserve_gb"),
        },
        Symbol {
            symbol: "P",
            meaning: "mean prompt, tokens",
            param: Some("prompt_tokens"),
        },
        Symbol {
            symbol: "O",
            meaning: "mean reply, tokens",
            param: Some("output_tokens"),
        },
        Symbol {
            symbol: "e",
            meaning: "compute efficiency",
            param: Some("compute_eff"),
        },
        Symbol {
            symbol: "c",
            meaning: "overhead per step",
            param: Some("step_overhead_ms"),
        },
        Symbol {
            symbol: "λ",
            meaning: "arrivals a second",
            param: Some("arrival_rps"),
        },
    ],
    terms: &["replica", "kv-cache", "prefill", "decode", "gpu", "token"],
};
