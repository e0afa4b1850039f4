//! Seed 001 (Load balancing) and docs/models/load-balancing.md. Extra
//! tests: the presets tell the seed's story through the checks.

use super::{figure, outcome, row, Row, Tol};

pub const T: &str = "load-balancing";

pub const ROWS: &[Row] = &[
    row("seed 001 worked example: 'every card sees an equal 100/64 = about 1.56 percent of the family'", "round-robin", "round_robin_share_per_card", 1.0 / 64.0),
    row("seed 001 worked example (round-robin preset): the busiest card's share is the same 1/64", "round-robin", "busiest_card_share", 1.0 / 64.0),
    row("docs/models/load-balancing.md: under round-robin 'a card meets the family's resident copy one time in n' (1/64)", "round-robin", "locality", 1.0 / 64.0),
    row("seed 001 worked example: 'the busiest card takes 80 + 20/63 = about 80.32 percent of the family'", "hash", "hash_busiest_card_share", 0.8 + 0.2 / 63.0),
    row("seed 001 worked example (hash preset): busiest card's share 80 + 20/63 %", "hash", "busiest_card_share", 0.8 + 0.2 / 63.0),
    row("seed 001 worked example: '80.32 percent of 30 = about 24.1 points of fleet load' (24.095)", "hash", "hash_card_fleet_points", 30.0 * (0.8 + 0.2 / 63.0)),
    row("seed 001 worked example: '≈ 24.1 points' as the seed rounds it", "hash", "hash_card_fleet_points", 24.1).within(Tol::Abs(0.05)),
    row("seed 001 worked example: 'one resident preamble copy catches nearly all of its traffic' — hash locality 100%", "hash", "locality", 1.0),
    row("seed 001 worked example: one resident copy of the hot family under hash", "hash", "copies_needed", 1.0),
    row("docs/models/load-balancing.md: sharded busiest share h/2 + (1−h)/(n−1) = 40 + 20/63 %", "hash-shard2", "busiest_card_share", 0.4 + 0.2 / 63.0),
    row("docs/models/load-balancing.md hash-shard2: 40.3175 % → 12.095 points", "hash-shard2", "busiest_card_fleet_points", 30.0 * (0.4 + 0.2 / 63.0)),
    row("seed 001: 'shard the hottest families across two cards' — docs/models/load-balancing.md: +1 preamble copy (2)", "hash-shard2", "copies_needed", 2.0),
    row("docs/models/load-balancing.md hash-shard2: the hash figure stays 80 + 20/63 % beside the sharded one", "hash-shard2", "hash_busiest_card_share", 0.8 + 0.2 / 63.0),
    row("docs/models/load-balancing.md C2/C3 and docs/models/cache-aware-routing.md T3-C3 worked example: n = 32, h = 0.6 → 61.29% of the family", "hash", "hash_busiest_card_share", 0.6 + 0.4 / 31.0).with(&[("cards", "32"), ("hot_share", "0.6"), ("family_share", "0.25")]),
    row("docs/models/cache-aware-routing.md T3-C3 worked example: n = 32, h = 0.6, w = 0.25 → 15.32 points", "hash", "hash_card_fleet_points", 15.32).with(&[("cards", "32"), ("hot_share", "0.6"), ("family_share", "0.25")]).within(Tol::Abs(0.005)),
    row("docs/models/load-balancing.md C1: per-card share under round-robin 100/n % (n = 16: 6.25 %)", "round-robin", "round_robin_share_per_card", 0.0625).with(&[("cards", "16")]),
];

fn verdicts(preset: &str, set: &[(&str, &str)]) -> Vec<(&'static str, bool)> {
    let out = outcome(T, preset, false, set);
    out.checks.iter().map(|c| (c.id, c.pass)).collect()
}

/// "Round-robin balances and starves the cache; the hash feeds the cache and
/// concentrates load" (seed 001), and sharding halves the hot card.
#[test]
fn presets_tell_the_seeds_story() {
    assert_eq!(
        verdicts("round-robin", &[]),
        [("busiest", true), ("locality", false)]
    );
    assert_eq!(
        verdicts("hash", &[]),
        [("busiest", false), ("locality", true)]
    );
    assert_eq!(
        verdicts("hash-shard2", &[]),
        [("busiest", true), ("locality", true)]
    );
    // Overflow buys balance with misses: the card sits exactly at the cap.
    assert_eq!(
        verdicts("hash", &[("policy", "hash-overflow")]),
        [("busiest", true), ("locality", false)]
    );
    let util = figure(
        T,
        "hash",
        false,
        &[("policy", "hash-overflow")],
        "busiest_card_util",
    );
    assert!((util - 0.6).abs() < 1e-12, "{util}");
    // Least-loaded balances like round-robin in the fluid model.
    for id in ["busiest_card_share", "locality", "busiest_card_util"] {
        let rr = figure(T, "round-robin", false, &[], id);
        let ll = figure(T, "round-robin", false, &[("policy", "least-loaded")], id);
        assert_eq!(rr, ll, "{id}");
    }
}

/// Sharding halves the hot member's part of the busiest card, whatever the
/// fleet: busiest(hash) − busiest(shard2) = h/2 when the shard's second home
/// is not the busier one.
#[test]
fn sharding_halves_the_hot_part() {
    for (n, h) in [(64, 0.8), (8, 0.5), (128, 0.3), (3, 0.9)] {
        let set = [("cards", n.to_string()), ("hot_share", h.to_string())];
        let set: Vec<(&str, &str)> = set.iter().map(|(a, b)| (*a, b.as_str())).collect();
        let hash = figure(T, "hash", false, &set, "hash_busiest_card_share");
        let shard = figure(T, "hash", false, &set, "shard2_busiest_card_share");
        assert!((hash - shard - h / 2.0).abs() < 1e-12, "n {n} h {h}");
    }
}
