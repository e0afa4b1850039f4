//! What the topic's model does closer to production: the seed card's two
//! simplifications this page swaps, each with what serving engines do,
//! where that is documented, and the figures it moves. Declarations only,
//! beside the notes (the model's `Input::production` reads the switch).

use crate::model::Difference;

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 2] = [
    Difference {
        id: "lru-prefix-cache",
        title: "Only home cards keep copies, or every card keeps what it prefills",
        card: "Only the card a family is homed on keeps its opening; an arrival that lands anywhere else prefills the opening into working memory and drops it. So round-robin meets a copy one time in n however big the scratch (16 cards: 6.25 % at 8 GB and at 80 GB).",
        production: "Engines with automatic prefix caching keep every full block of tokens they prefill, keyed by its tokens, and free the least recently used when memory runs short: a card's scratch keeps the openings it is sent, not those it is homed. Round-robin then sends every card every family's opening, n copies of each where a hash keeps one; it hits about the share of all openings a card's scratch holds (at the defaults, 20 of 64 at 8 GB: 31.25 %) and every arrival once a card holds them all. Its real cost is the memory: it bites when the working set times n outgrows the fleet's cache. Hashed homes hit as before while they fit; past that an LRU cache of equally popular homes hits the share of its homes it holds, as the card's count does. The affinity check then judges what arrivals find cached, wherever they are sent.",
        source: "vLLM's automatic prefix caching (its design documents: KV blocks hashed by their tokens and prefix, kept after a request ends, evicted least recently used first) and SGLang's RadixAttention (Zheng et al. 2024, a radix tree of cached prefixes with LRU eviction); the hit share of an LRU cache from Che's approximation (Che, Tung and Wang 2002).",
        figures: &[
            "hit_share",
            "reprefills_per_s",
            "wasted_prefill_tok_s",
            "homes_per_card",
            "copies_demanded",
            "copies_held",
            "evicted_copies",
            "measured_hit_share",
            "measured_reprefills_per_s",
            "measured_wasted_prefill_tok_s",
        ],
        checks: &["affinity", "scratch"],
    },
    Difference {
        id: "prefill-on-the-load",
        title: "A miss costs no capacity, or its prefill loads its card",
        card: "A card's load counts its arrivals only, at μ requests a second of decode: a miss re-prefills its opening at no cost to the card, so round-robin and hash load the fleet alike.",
        production: "A re-prefill is compute on the card that runs it, in the same batches as decode. Prefill is compute-bound at 2 FLOPs a parameter a token: a 70B-class model on four H100s at half their dense 989 TFLOP/s prefills about 14,000 tokens a second, so a 1,200-token opening takes about 86 ms of the card, close to two requests' decode at 20 a second. Each card's load adds its re-prefills at that cost, and the headroom check judges decode and prefill together. This is an upper bound: with chunked prefill a replica folds part of that compute into memory-bound decode steps, which have compute to spare.",
        source: "The compute roofline of a transformer's forward pass (2 × parameters FLOPs a token, as in Kaplan et al. 2020 and the inside-a-replica page's roofline), with Llama 3.1 70B's 70.6 B parameters and NVIDIA's H100 SXM datasheet (989 TFLOP/s dense BF16); vLLM's chunked prefill, which schedules prefill and decode in the same batches.",
        figures: &[
            "busiest_share",
            "busiest_req_s",
            "idlest_share",
            "fleet_average_share",
            "measured_busiest_share",
        ],
        checks: &["headroom"],
    },
];
