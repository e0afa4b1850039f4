//! What the explorer's model does closer to production: the seed card's two
//! simplifications this page swaps, each with what real systems do, where
//! that is documented, and the figures and checks it moves. Declarations
//! only, beside the notes (the model's `Input::production` reads the
//! switch).

use crate::model::Difference;

/// The differences, in the order the page lists them.
pub static DIFFERENCES: [Difference; 2] = [
    Difference {
        id: "lru-prefix-cache",
        title: "Only home cards keep copies, or every card keeps what it prefilled",
        card: "Only a member's home card keeps its preamble copy; a card that prefills it for an arrival from elsewhere drops it at once. So round-robin meets a copy one time in n (64 cards: 1.56 %) however much scratch a card has, and every arrival overflow sends off its home misses.",
        production: "Engines with automatic prefix caching keep every prefilled block until the least recently used must make room. Under round-robin every card keeps the members it is asked for most, in the same 8 GB (20 copies): the hot member always meets a copy and the others when the scratch has room for them, so locality is about 86 % on 64 cards and all of it once the family's members fit a card's scratch (20 or fewer cards); its real price is a copy of each member on every card. A card that overflow reaches keeps the copies it prefilled too, so overflow's arrivals mostly hit.",
        source: "vLLM's automatic prefix caching (its documentation: cached blocks are kept after a request ends and evicted least recently used first) and SGLang's RadixAttention (Zheng et al. 2024, an LRU-evicted radix tree of prefixes); the hit share of an LRU cache by Che's approximation (Che, Tung and Wang 2002).",
        figures: &["locality"],
        checks: &["locality"],
    },
    Difference {
        id: "heavy-tailed-costs",
        title: "Requests alike, or costs spread a thousand-fold",
        card: "Every request costs the same and load is a fluid average, so least-loaded balances exactly as round-robin does (they would differ only under uneven service times), and the busiest check reads a card's long-run average.",
        production: "A request holds its card for as long as its output runs, and output lengths are heavy-tailed: here lognormal with σ = 1.5, a thousand-fold between the 1st and 99th percentiles, a card decoding up to 256 requests at once. Averages do not move, but a card that draws several long requests carries them all at once: dealing in turn (round-robin) or at random lets the busiest card stray far above the average, which is why balancers send a request to the card with the fewest requests in flight (least outstanding requests, this page's least-loaded) or to the better of two cards drawn at random (power of two choices). The busiest check reads the busiest card's load at the 95th percentile of time.",
        source: "Output-length spreads of published serving traces (ShareGPT conversations; the Azure LLM inference traces of Patel et al., Splitwise, 2024); Mitzenmacher, 'The Power of Two Choices in Randomized Load Balancing' (2001); Envoy's least-request balancer (two random hosts, the one with fewer active requests) and vLLM's long-standing default cap of 256 requests in a batch (newer versions choose a larger cap on large-memory GPUs).",
        figures: &["busiest_card_p95_util"],
        checks: &["busiest"],
    },
];
