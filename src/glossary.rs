//! The glossary: the words the pages use, each defined once in plain words,
//! and [`link`], which finds a term's first mention in a text so the page
//! can link it to its entry (`?view=glossary#<id>`). Pure data and a pure
//! function: tests/words.rs checks that every term is defined once and that
//! every topic links its key terms.

/// One entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The entry's anchor (`card` in `?view=glossary#card`), kebab-case.
    pub id: &'static str,
    /// The word the entry is headed by.
    pub term: &'static str,
    /// Other spellings that link to it (plurals, short forms); matched, like
    /// the term, whole-word and without regard to case.
    pub aliases: &'static [&'static str],
    /// The definition, in a sentence or two.
    pub short: &'static str,
}

const fn term(
    id: &'static str,
    term: &'static str,
    aliases: &'static [&'static str],
    short: &'static str,
) -> Term {
    Term {
        id,
        term,
        aliases,
        short,
    }
}

/// Every term, in alphabetical order of its heading.
pub static TERMS: &[Term] = &[
    term("tok-per-s", "tok/s", &["tokens per second", "tokens/sec"],
        "Tokens per second: how fast a card, a replica or a fleet produces (or is asked for) tokens, all requests added together."),
    term("http-429", "429", &["429s"],
        "The HTTP status \"Too Many Requests\": the gateway refuses a request at once instead of queueing it. A 429 costs the fleet nothing; a request admitted into a full pool costs every request behind it."),
    term("api", "API overflow", &["API", "frontier API"],
        "Sending the tokens your own cards cannot carry to a hosted model provider, which bills per token at retail prices."),
    term("autoscaler", "autoscaler", &["autoscaling", "autoscalers"],
        "The controller that adds replicas when a signal says demand is rising and removes them when it falls, so capacity follows the traffic."),
    term("blended-cost", "blended cost", &["blended"],
        "The month's whole bill divided by the tokens served, per million tokens: what one token cost across owned cards, rented cards and the API together."),
    term("bounded-load", "bounded load", &["load bound", "bounded-load"],
        "A rule added to a hash ring: no card may take more than a factor c (say 1.25) of its even share of keys; a key that finds its card full walks on to the next card with room."),
    term("burst", "burst", &["bursts"],
        "A sudden rise in arrivals (a launch, a push notification, a class hitting submit) that needs more replicas than the steady traffic."),
    term("card", "card", &["cards"],
        "One GPU serving one copy of the model: the unit a fleet is counted, bought and rented in. A card holds the model's weights and its KV cache, and serves many requests at once."),
    term("card-month", "card-month", &["card-months"],
        "What one card costs for a month: for an owned card, its purchase price spread over 36 months plus power, colocation, network and staff; for a rented one, the cloud's price."),
    term("cold-start", "cold start", &["cold starts", "cold-start"],
        "The time from launching a replica to its first admitted request: loading the weights, allocating the KV cache, warming the kernels. A launched replica helps only after it."),
    term("consistent-hashing", "consistent hashing", &["hash ring", "ring"],
        "Placing both keys and cards on one circle of hash values and giving each key to the next card clockwise, so adding or removing a card moves only the keys on that card's arcs."),
    term("decode", "decode", &["decoding", "decode capacity"],
        "The phase that writes a reply one token at a time. It reads the whole KV cache for every token, so it is limited by memory bandwidth more than by arithmetic."),
    term("drain", "drain", &["draining", "scale-down drain"],
        "Removing a replica politely: it stops admitting new requests and bills until the replies in flight finish."),
    term("eviction", "eviction", &["evictions", "evict", "evicts", "evicted"],
        "Dropping something to make room: a preamble copy pushed out of a full prefix cache, or a card removed from a rented pool because its measured score is low."),
    term("gpu", "GPU", &["GPUs"],
        "The accelerator (an H100, a B200, an A100) that runs the model; in Fleetlab one GPU serving one copy of the model is a card."),
    term("gpu-utilization", "GPU utilization gauge", &["GPU gauge", "GPU-utilization", "GPU utilization"],
        "The busy reading a GPU reports. Decode waits on memory, so the gauge flattens (Fleetlab puts it near 60 %) while the queue still grows: a misleading signal for an autoscaler."),
    term("h100", "H100, B200, A100", &["H100", "B200", "A100", "used A100"],
        "Data-centre GPU generations. Fleetlab's rates: an H100 carries 10,000 tok/s of an 8B chat model or 700 of a 70B one; a B200 carries 2.4 times that, a used A100 0.45 times."),
    term("hash-routing", "hash routing", &["hash", "hashing", "hashed", "hashes"],
        "Sending every request of a prompt family to the card its key hashes to, so that card keeps the family's preamble resident and every later request starts from a cache hit."),
    term("headroom", "headroom", &[],
        "Capacity kept unused on purpose. Here the busiest card should stay at or under about 60 % of its decode capacity, so a swing does not turn into a queue."),
    term("idle", "idle capacity", &["idle", "idles"],
        "Capacity that is paid for and carries no tokens. An owned GPU idling is a mortgage payment."),
    term("cache-hit", "cache hit", &["hit", "hits", "locality", "hit share"],
        "A request that finds its preamble already resident on its card and skips the prefill. Locality is the share of requests that do."),
    term("kv-cache", "KV cache", &["KV"],
        "The attention keys and values a model writes for every token it has read, kept in GPU memory so later tokens need not recompute them. 320 KB a token for a 70B-class model."),
    term("least-loaded", "least-loaded", &["least loaded"],
        "A balancer that sends each request to the card with the least work; like round-robin, it balances load and ignores the cache."),
    term("modulo", "modulo routing", &["modulo", "mod"],
        "Picking a card as the key's hash mod the number of cards. Simple, but a resize changes the divisor, so nearly every key moves."),
    term("mm1", "M/M/1 queue", &["M/M/1"],
        "The textbook queue of one server with random (Poisson) arrivals and random service times. Its mean wait is W = S·ρ/(1 − ρ): the wait explodes as utilization nears 100 %."),
    term("p95", "p95, p99", &["p95", "p99", "95th percentile", "99th percentile"],
        "Tail measures: the wait that 95 % (or 99 %) of requests stay under. Only 1 request in 20 (or in 100) waits longer. Means hide what the unlucky request sees; tails show it."),
    term("poisson", "Poisson arrivals", &["Poisson"],
        "Arrivals that come independently at random at a steady average rate, the assumption behind the queueing formulas."),
    term("preamble", "preamble", &["preambles", "shared opening", "opening", "openings"],
        "The shared opening of every request in a prompt family (a system line, a tool description, a project brief), about 1,200 tokens in the seed cards. Its KV cache, about 384 MB for a 70B-class model, is the copy a card keeps resident."),
    term("prefill", "prefill", &["prefills", "prefilled", "prefilling", "re-prefill", "re-prefills", "re-prefilling"],
        "The phase that reads a request's prompt and writes its KV cache, before the first reply token. Skipping it for the preamble is what a cache hit saves."),
    term("prefix-cache", "prefix cache", &["scratch", "prefix scratch"],
        "The part of a card's memory kept for resident preamble copies. It holds a whole number of copies; a card asked to keep more evicts some, silently."),
    term("priority", "priority", &[],
        "In the shared pool, a waiting paid request is served before any waiting free one (without interrupting a free request already being served)."),
    term("prompt-family", "prompt family", &["prompt families", "family", "families"],
        "Requests that share one preamble, such as every call of one product feature. A family is the unit a router hashes and a card keeps a copy for."),
    term("provisioned-pool", "provisioned pool", &["provisioned"],
        "Cards reserved for one tier only (the paid one): nothing else queues on them."),
    term("replica", "replica", &["replicas"],
        "One complete inference server: the model loaded, its cache ready, admitting requests. Autoscaling adds and removes replicas."),
    term("round-robin", "round-robin", &[],
        "A balancer that hands requests to the cards in turn. It spreads load evenly and ignores which card holds which preamble."),
    term("seed-card", "seed card", &["seed cards"],
        "One of the four short texts Fleetlab is built from. Each explains one concept with a worked example, and every figure it states comes out of Fleetlab's model."),
    term("shard", "sharding", &["shard", "sharded", "shards"],
        "Giving a hot prompt family two home cards instead of one, so each carries half of it, at the cost of one more copy of its preamble."),
    term("shared-pool", "shared pool", &[],
        "Cards that serve the free tier and any paid requests spilled onto them, paid first."),
    term("shed", "shedding", &["shed", "sheds"],
        "Refusing requests at the gateway (with a 429) so the pool behind it stays under its cap."),
    term("slo", "SLO", &["SLOs", "latency target", "wait target"],
        "Service level objective: the latency or wait a service promises, such as a mean queueing wait of at most 150 ms for the paid tier."),
    term("spare", "spare replica", &["spare", "spares", "N + 1"],
        "A replica beyond what the load needs, so one failure or one deploy still leaves the peak carried (N + 1)."),
    term("spill", "spill", &["spilled", "spills"],
        "Sending part of the paid traffic to the shared pool, where it is served ahead of free requests."),
    term("tier", "tier", &["tiers", "paid tier", "free tier"],
        "A class of users served under its own rules: subscribers (paid) and everyone else (free)."),
    term("token", "token", &["tokens"],
        "The unit a language model reads and writes, about three quarters of an English word. Demand, capacity and prices are counted in tokens."),
    term("token-bucket", "token bucket", &["bucket"],
        "A rate limiter: a bucket of grants that refills at a steady rate. Each admitted request spends one; a request that finds it empty is refused with a 429. A full bucket lets a short burst through."),
    term("utilization", "utilization ρ", &["utilization", "ρ"],
        "The share of time a card is busy: arrivals divided by what the cards can serve. Waits grow slowly at first and explode as it nears 100 %."),
    term("virtual-node", "virtual node", &["virtual nodes", "vnode", "vnodes"],
        "One of many points a card owns on a hash ring. With more points per card the arcs even out, and so does the load."),
    term("warm-pool", "warm pool", &["warm pools", "warm replicas", "standby replicas", "standby"],
        "Replicas booted and ready before a burst arrives. They pay idle rent so the burst does not wait out a cold start."),
];

/// An entry by id.
pub fn find(id: &str) -> Option<&'static Term> {
    TERMS.iter().find(|t| t.id == id)
}

/// A piece of a text: plain, or the first mention of a term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Term(&'a str, &'static Term),
}

/// Whether `c` may sit beside a word without joining it: a hyphen joins
/// ("consistent-hashing seed card" does not mention hashing on its own, and
/// "64-card" is no card).
fn boundary(c: Option<char>) -> bool {
    c.is_none_or(|c| !c.is_alphanumeric() && c != '-')
}

/// The longest term spelling that starts at byte `at` of `text`, whole word,
/// among terms not yet `seen`: its length in bytes and its entry.
fn match_at(text: &str, at: usize, seen: &[&str]) -> Option<(usize, &'static Term)> {
    if !boundary(text[..at].chars().next_back()) {
        return None;
    }
    let rest = &text[at..];
    let mut best: Option<(usize, &'static Term)> = None;
    for t in TERMS.iter().filter(|t| !seen.contains(&t.id)) {
        for spelling in std::iter::once(&t.term).chain(t.aliases) {
            let n = spelling.len();
            let hit = rest.len() >= n
                && rest.is_char_boundary(n)
                && rest[..n].eq_ignore_ascii_case(spelling)
                && boundary(rest[n..].chars().next());
            if hit && best.is_none_or(|(m, _)| n > m) {
                best = Some((n, t));
            }
        }
    }
    best
}

/// `text` cut into pieces, the first mention of each term not in `seen`
/// marked (and added to `seen`), the longest spelling winning where two
/// start at the same place.
pub fn link<'a>(text: &'a str, seen: &mut Vec<&'static str>) -> Vec<Piece<'a>> {
    let mut out = Vec::new();
    let mut plain = 0;
    let mut at = 0;
    while at < text.len() {
        if let Some((n, t)) = match_at(text, at, seen) {
            if plain < at {
                out.push(Piece::Text(&text[plain..at]));
            }
            out.push(Piece::Term(&text[at..at + n], t));
            seen.push(t.id);
            at += n;
            plain = at;
        } else {
            at += text[at..].chars().next().map_or(1, char::len_utf8);
        }
    }
    if plain < text.len() {
        out.push(Piece::Text(&text[plain..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_first_mentions_whole_words_longest_first() {
        let mut seen = Vec::new();
        let pieces = link(
            "Cards hold prompt families; a card's KV cache, not the scratchpad.",
            &mut seen,
        );
        let terms: Vec<(&str, &str)> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Term(s, t) => Some((*s, t.id)),
                Piece::Text(_) => None,
            })
            .collect();
        assert_eq!(
            terms,
            [
                ("Cards", "card"),
                ("prompt families", "prompt-family"),
                ("KV cache", "kv-cache")
            ]
        );
        let text: String = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(s) | Piece::Term(s, _) => *s,
            })
            .collect();
        assert!(text.starts_with("Cards hold") && text.ends_with("scratchpad."));
        // A hyphen joins words: no term inside "64-card" or "x-hashing".
        assert!(link("a 64-card fleet, consistent-hashing", &mut Vec::new())
            .iter()
            .all(|p| matches!(p, Piece::Text(_))));
        // Already seen: not linked again.
        assert!(link("a card", &mut seen)
            .iter()
            .all(|p| matches!(p, Piece::Text(_))));
    }
}
