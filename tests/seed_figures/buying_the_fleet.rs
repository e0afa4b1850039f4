//! Seeds 001–003 ("Buying the Fleet") and docs/models/buying-the-fleet.md: the preset
//! table, the seed-figures table, the $/1M table, the minimum utilizations and
//! the challenge worked examples. Tolerances follow the precision the spec
//! states each figure at (half a unit of its last digit).

use super::{outcome, row, Row, Tol};
use fleetlab::model::{Outcome, Topic};

pub const T: &str = "buying-the-fleet";

/// The '$441M bet' read as 4,375 B200 at $2,800 carrying 80T.
const AT_2800: &[(&str, &str)] = &[
    ("card_month_b200", "2800"),
    ("owned_b200", "4375"),
    ("demand_t", "80"),
];
/// T1-C3's worked example: 120T on the 8B, 3,000 owned H100 and 400 rented B200.
const T1_C3: &[(&str, &str)] = &[
    ("model", "8b"),
    ("demand_t", "120"),
    ("owned_h100", "3000"),
    ("rented_b200", "400"),
];

pub const ROWS: &[Row] = &[
    row("docs/models/buying-the-fleet.md preset 1: capacity 1.6556T (2,000 used A100 × 827,820,000 tok)", "used-chip-bargain", "capacity_t", 1.6556).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 1: bill $3.000M (2,000 × $1,500)", "used-chip-bargain", "bill", 3_000_000.0),
    row("docs/models/buying-the-fleet.md preset 1 / seed 'cheap per card and expensive per token': blended $2.00 per 1M", "used-chip-bargain", "blended_per_1m", 2.00).within(Tol::Abs(0.005)),
    row("docs/models/buying-the-fleet.md preset 1: margin 80.0% of $2.50 (fails)", "used-chip-bargain", "margin_share", 0.800).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md preset 1: idle 9.40%", "used-chip-bargain", "idle_share", 0.0940).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 1: overflow 0%", "used-chip-bargain", "api_share", 0.0),
    row("docs/models/buying-the-fleet.md preset 1: per H100-equivalent of throughput $3,333 (vs H100 $2,100)", "used-chip-bargain", "owned_per_h100_equiv", 3_333.0).within(Tol::Abs(0.5)),
    row("docs/models/buying-the-fleet.md preset 1 fix: 900 H100 carry the same capacity, 1.6556T", "used-chip-bargain", "capacity_t", 1.6556).fixed().within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 1 fix: bill $1.890M", "used-chip-bargain", "bill", 1_890_000.0).fixed(),
    row("docs/models/buying-the-fleet.md preset 1 fix: $1.26 per 1M", "used-chip-bargain", "blended_per_1m", 1.26).fixed().within(Tol::Abs(0.005)),
    row("docs/models/buying-the-fleet.md preset 1 fix: margin 50.4%", "used-chip-bargain", "margin_share", 0.504).fixed().within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md preset 1 fix: idle 9.40%", "used-chip-bargain", "idle_share", 0.0940).fixed().within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 1 fix: overflow 0", "used-chip-bargain", "api_share", 0.0).fixed(),
    row("docs/models/buying-the-fleet.md preset 1 fix: an H100 is $2,100 per H100-equivalent", "used-chip-bargain", "owned_per_h100_equiv", 2_100.0).fixed(),
    row("docs/models/buying-the-fleet.md preset 2: capacity 315.36T (5,000 B200 × 63,072,000,000 tok)", "shiny-chip-bet", "capacity_t", 315.36).within(Tol::Abs(0.005)),
    row("seed 'Buying the Fleet': 'a $441M bet' = 5,000 B200 × $2,450 × 36 (docs/models/buying-the-fleet.md reading A)", "shiny-chip-bet", "commitment", 441_000_000.0),
    row("docs/models/buying-the-fleet.md preset 2: 91.4T needs 1,450 cards", "shiny-chip-bet", "owned_cards_needed", 1_450.0),
    row("docs/models/buying-the-fleet.md preset 2: 3,550 of 5,000 cards idle", "shiny-chip-bet", "idle_cards", 3_550.0),
    row("seed 'Buying the Fleet': 'runs 71% idle' = 71.00% of cards (docs/models/buying-the-fleet.md preset 2)", "shiny-chip-bet", "idle_card_share", 0.7100).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 2: token idle 71.02% (fails the 15% idle check)", "shiny-chip-bet", "idle_share", 0.7102).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 2: $12.25M a month", "shiny-chip-bet", "bill", 12_250_000.0),
    row("docs/models/buying-the-fleet.md preset 2: $0.1340 per 1M", "shiny-chip-bet", "blended_per_1m", 0.1340).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 2: margin 67.0% (passes)", "shiny-chip-bet", "margin_share", 0.670).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md preset 2: overflow 0", "shiny-chip-bet", "api_share", 0.0),
    row("docs/models/buying-the-fleet.md '$441M bet' readings: at $2,900 the story would also fail the margin, 79.3%", "shiny-chip-bet", "margin_share", 0.793).with(&[("card_month_b200", "2900")]).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md '$441M bet' readings: 4,375 B200 × $2,800 × 36 = $441M", "shiny-chip-bet", "commitment", 441_000_000.0).with(AT_2800),
    row("docs/models/buying-the-fleet.md '$441M bet' readings: 4,375 B200 at $2,800 and 80T run 71.01% idle", "shiny-chip-bet", "idle_share", 0.7101).with(AT_2800).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md '$441M bet' readings: 4,375 B200 at $2,800 and 80T fail the margin too, 76.6%", "shiny-chip-bet", "margin_share", 0.766).with(AT_2800).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md preset 2 fix: commitment $114.66M (1,300 × $2,450 × 36)", "shiny-chip-bet", "commitment", 114_660_000.0).fixed(),
    row("docs/models/buying-the-fleet.md preset 2 fix: $0.0403 per 1M", "shiny-chip-bet", "blended_per_1m", 0.0403).fixed().within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 2 fix: margin 20.1%", "shiny-chip-bet", "margin_share", 0.201).fixed().within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md preset 2 fix: idle 0.00%", "shiny-chip-bet", "idle_share", 0.0).fixed(),
    row("docs/models/buying-the-fleet.md preset 2 fix: overflow 0", "shiny-chip-bet", "api_share", 0.0).fixed(),
    row("docs/models/buying-the-fleet.md preset 3: K_own 11.0376T (6,000 H100 × 1,839,600,000 tok)", "api-tax", "capacity_t", 11.0376).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 3: shortfall 8.4624T", "api-tax", "shortfall_t", 8.4624).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 3: rented carries 5.0773T (1,150 B200)", "api-tax", "rented_tokens_t", 5.0773).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 3: API carries 3.3851T", "api-tax", "api_tokens_t", 3.3851).within(Tol::Abs(0.00005)),
    row("seed 'Buying the Fleet': '40% of a big month's shortfall on the API' = 40.00% (docs/models/buying-the-fleet.md preset 3)", "api-tax", "api_shortfall_share", 0.4000).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 3: API 17.36% of demand (fails the 10% overflow check)", "api-tax", "api_share", 0.1736).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 3: API bill $8.463M", "api-tax", "api_bill", 8_463_000.0).within(Tol::Abs(500.0)),
    row("docs/models/buying-the-fleet.md preset 3: ceil(8.4624T / 4.41504B) = 1,917 whole rented B200", "api-tax", "rented_fill_cards", 1_917.0),
    row("seed 'bills more than the whole rented cloud': 1,917 rented B200 = $6.340M < $8.463M (docs/models/buying-the-fleet.md preset 3)", "api-tax", "rented_fill_bill", 6_340_000.0).within(Tol::Abs(500.0)),
    row("docs/models/buying-the-fleet.md preset 3: total $24.866M", "api-tax", "bill", 24_866_000.0).within(Tol::Abs(500.0)),
    row("docs/models/buying-the-fleet.md preset 3: $1.2752 per 1M", "api-tax", "blended_per_1m", 1.2752).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 3: margin 51.0% (passes)", "api-tax", "margin_share", 0.510).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md preset 3: idle 0%", "api-tax", "idle_share", 0.0),
    row("docs/models/buying-the-fleet.md API-tax claim: with whole B200 cards the preset breaks even at 30.0% of the shortfall", "api-tax", "breakeven_api_share_b200", 0.300).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md seed figures: H100 rentals break even at 61.7% of the shortfall", "api-tax", "breakeven_api_share_h100", 0.617).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md preset 3 fix: total $18.940M with 1,917 rented B200", "api-tax", "bill", 18_940_000.0).fixed().within(Tol::Abs(500.0)),
    row("docs/models/buying-the-fleet.md preset 3 fix: $0.9713 per 1M", "api-tax", "blended_per_1m", 0.9713).fixed().within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md preset 3 fix: margin 38.9%", "api-tax", "margin_share", 0.389).fixed().within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md preset 3 fix: idle 0%", "api-tax", "idle_share", 0.0).fixed(),
    row("docs/models/buying-the-fleet.md preset 3 fix: no API", "api-tax", "api_share", 0.0).fixed(),
    row("docs/models/buying-the-fleet.md preset 3 fix: no API bill", "api-tax", "api_bill", 0.0).fixed(),
    row("seed: 'a month is 730 hours' → 730 h = 2,628,000 s; one 8B H100 at 10,000 tok/s carries 26,280,000,000 tok", "", "capacity_t", 0.02628).with(&[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_h100", "1")]),
    row("seed: 'an H100 carries about ... 700 on a 70B' → 1,839,600,000 tok a card-month (spec table)", "", "capacity_t", 0.0018396).with(&[("model", "70b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_h100", "1")]),
    row("seed: 'a B200 is 2.4x either' → 24,000 tok/s on the 8B, 63,072,000,000 tok a card-month", "", "capacity_t", 0.063072).with(&[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_b200", "1")]),
    row("seed: 'a B200 is 2.4x either' → 1,680 tok/s on the 70B, 4,415,040,000 tok a card-month", "", "capacity_t", 0.00441504).with(&[("model", "70b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_b200", "1")]),
    row("seed: 'a used A100 is 0.45x an H100' → 4,500 tok/s on the 8B, 11,826,000,000 tok", "", "capacity_t", 0.011826).with(&[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_a100u", "1")]),
    row("seed: 'a used A100 is 0.45x an H100' → 315 tok/s on the 70B, 827,820,000 tok", "", "capacity_t", 0.00082782).with(&[("model", "70b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_a100u", "1")]),
    row("seed: modern card-month $2,100–$2,900; spec chooses H100 $2,100", "", "owned_bill", 2_100.0).with(&[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_h100", "1")]),
    row("seed: modern card-month $2,100–$2,900; spec chooses B200 $2,450", "", "owned_bill", 2_450.0).with(&[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_b200", "1")]),
    row("seed: rent 'roughly 1.35x premium on the same floor' → $2,835 an H100", "", "rented_bill", 2_835.0).with(&[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("rented_h100", "1")]),
    row("seed: rent 'roughly 1.35x premium on the same floor' → $3,307.50 a B200", "", "rented_bill", 3_307.5).with(&[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("rented_b200", "1")]),
    row("seed: the API bills '$0.20 per 1M for the 8B chat'", "", "api_price", 0.20).with(&[("model", "8b")]),
    row("seed: the API bills '$2.50 for the 70B premium'", "", "api_price", 2.50).with(&[("model", "70b")]),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 8B owned h100: $0.0799 (ownership beats renting everywhere)", "", "per_1m_owned_h100", 0.0799).with(&[("model", "8b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 8B rented h100: $0.1079 (ownership beats renting everywhere)", "", "per_1m_rented_h100", 0.1079).with(&[("model", "8b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 8B owned b200: $0.0388 (ownership beats renting everywhere)", "", "per_1m_owned_b200", 0.0388).with(&[("model", "8b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 8B rented b200: $0.0524 (ownership beats renting everywhere)", "", "per_1m_rented_b200", 0.0524).with(&[("model", "8b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 8B owned a100u: $0.1268 (ownership beats renting everywhere)", "", "per_1m_owned_a100u", 0.1268).with(&[("model", "8b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 8B rented a100u: $0.1712 (ownership beats renting everywhere)", "", "per_1m_rented_a100u", 0.1712).with(&[("model", "8b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 70B owned h100: $1.1416 (ownership beats renting everywhere)", "", "per_1m_owned_h100", 1.1416).with(&[("model", "70b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 70B rented h100: $1.5411 (ownership beats renting everywhere)", "", "per_1m_rented_h100", 1.5411).with(&[("model", "70b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 70B owned b200: $0.5549 (ownership beats renting everywhere)", "", "per_1m_owned_b200", 0.5549).with(&[("model", "70b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 70B rented b200: $0.7491 (ownership beats renting everywhere)", "", "per_1m_rented_b200", 0.7491).with(&[("model", "70b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 70B owned a100u: $1.8120 (ownership beats renting everywhere)", "", "per_1m_owned_a100u", 1.8120).with(&[("model", "70b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md $/1M table at 100% use, 70B rented a100u: $2.4462 (ownership beats renting everywhere)", "", "per_1m_rented_a100u", 2.4462).with(&[("model", "70b")]).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md: minimum use an owned h100 needs for the margin on the 8B: 53.3%", "", "min_util_h100", 0.533).with(&[("model", "8b")]).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md: minimum use an owned b200 needs for the margin on the 8B: 25.9%", "", "min_util_b200", 0.259).with(&[("model", "8b")]).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md: minimum use an owned a100u needs for the margin on the 8B: 84.6%", "", "min_util_a100u", 0.846).with(&[("model", "8b")]).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md: minimum use an owned h100 needs for the margin on the 70B: 60.9%", "", "min_util_h100", 0.609).with(&[("model", "70b")]).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md: minimum use an owned b200 needs for the margin on the 70B: 29.6%", "", "min_util_b200", 0.296).with(&[("model", "70b")]).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md: minimum use an owned a100u needs for the margin on the 70B: 96.6%", "", "min_util_a100u", 0.966).with(&[("model", "70b")]).within(Tol::Abs(0.0005)),
    row("docs/models/buying-the-fleet.md T1-C1 worked example: 1,200 H100 + 300 B200 on the 8B carry 50.4576T", "", "capacity_t", 50.4576).with(&[("model", "8b"), ("owned_h100", "1200"), ("owned_b200", "300")]),
    row("docs/models/buying-the-fleet.md T1-C2 worked example: 70B, 8T, 3,000 owned H100 → 562 B200", "", "rented_fill_cards", 562.0).with(&[("model", "70b"), ("demand_t", "8"), ("owned_h100", "3000"), ("rented_b200", "0"), ("fill_chip", "b200")]),
    row("docs/models/buying-the-fleet.md T1-C3 worked example: API carries 15.9312T", "", "api_tokens_t", 15.9312).with(T1_C3),
    row("docs/models/buying-the-fleet.md T1-C3 worked example: 13.28% of demand", "", "api_share", 0.1328).with(T1_C3).within(Tol::Abs(0.00005)),
    row("docs/models/buying-the-fleet.md T1-C3 worked example: the API bills $3,186,240", "", "api_bill", 3_186_240.0).with(T1_C3),
];

fn topic() -> &'static dyn Topic {
    fleetlab::topics::find(T).expect("buying-the-fleet is registered")
}

fn run(preset: &str, fix: bool, set: &[(&str, &str)]) -> Outcome {
    outcome(T, preset, fix, set)
}

fn get(out: &Outcome, id: &str) -> f64 {
    out.get(id).unwrap_or_else(|| panic!("no figure {id}"))
}

/// The documented preset table: each story fails exactly the one check it names,
/// its fix passes all three, and a failing verdict names the lever the fix
/// moves.
#[test]
fn each_story_fails_exactly_its_one_check() {
    for (preset, fails, lever) in [
        ("used-chip-bargain", "margin", "owned_a100u"),
        ("shiny-chip-bet", "idle", "owned_b200"),
        ("api-tax", "overflow", "rented_b200"),
    ] {
        let out = run(preset, false, &[]);
        let failing: Vec<_> = out.checks.iter().filter(|c| !c.pass).collect();
        assert_eq!(failing.len(), 1, "{preset}: {:?}", out.checks);
        assert_eq!(failing[0].id, fails, "{preset}");
        assert_eq!(failing[0].lever, Some(lever), "{preset}");
        let fixed = run(preset, true, &[]);
        assert!(fixed.all_pass(), "{preset} + fix: {:?}", fixed.checks);
    }
}

/// Seed: "at most 15% ... idle", "at most 75% of the API's price", "10% of
/// needed tokens".
#[test]
fn check_thresholds_are_the_seeds() {
    let out = run("", false, &[]);
    let th = |id: &str| out.verdict(id).unwrap().threshold;
    assert_eq!(th("idle"), 0.15);
    assert_eq!(th("margin"), 0.75);
    assert_eq!(th("overflow"), 0.10);
}

/// The $/1M table's shares of the API price, and the seed's "ownership beats
/// renting on the per-token rate everywhere": owned < rented in all six cells.
#[test]
fn per_1m_shares_of_the_api_and_ownership_beats_renting() {
    let shares = [
        ("8b", [0.400, 0.539, 0.194, 0.262, 0.634, 0.856]),
        ("70b", [0.457, 0.616, 0.222, 0.300, 0.725, 0.978]),
    ];
    for (model, want) in shares {
        let out = run("", false, &[("model", model)]);
        let p = get(&out, "api_price");
        for (i, chip) in ["h100", "b200", "a100u"].iter().enumerate() {
            let owned = get(&out, &format!("per_1m_owned_{chip}"));
            let rented = get(&out, &format!("per_1m_rented_{chip}"));
            assert!(
                owned < rented,
                "{model} {chip}: owning is cheaper per token"
            );
            assert!(
                (owned / p - want[2 * i]).abs() < 0.0005,
                "{model} {chip} owned"
            );
            assert!(
                (rented / p - want[2 * i + 1]).abs() < 0.0005,
                "{model} {chip} rented"
            );
        }
    }
}

/// Preset 3: the API bill is ×1.335 the whole-shortfall B200 rental; with H100
/// rentals the claim fails (renting all of the shortfall costs more than the
/// API's 40%), as the documented limits say.
#[test]
fn api_tax_claim_holds_for_b200_not_h100() {
    let out = run("api-tax", false, &[]);
    let ratio = get(&out, "api_bill") / get(&out, "rented_fill_bill");
    assert!((ratio - 1.335).abs() < 0.0005, "{ratio}");
    let share = get(&out, "api_shortfall_share");
    assert!(share > get(&out, "breakeven_api_share_b200"));
    assert!(share < get(&out, "breakeven_api_share_h100"));
    let h = run("api-tax", false, &[("fill_chip", "h100")]);
    assert_eq!(get(&h, "rented_fill_cards"), 4_601.0);
    assert!(get(&h, "rented_fill_bill") > get(&h, "api_bill"));
    // The page says so in a note carrying both break-even shares.
    let note = out
        .notes
        .iter()
        .map(|n| format!("{n:?}"))
        .collect::<String>();
    assert!(note.contains("29.97%") && note.contains("61.66%"), "{note}");
}

/// "At sustained volumes": for a tiny shortfall one whole rented card costs
/// more than the API's tokens, so the break-even share exceeds 100%.
#[test]
fn a_tiny_shortfall_is_cheaper_on_the_api() {
    // 543 H100 on the 70B carry 0.9989028T; 1T of demand leaves 1.0972B tokens,
    // $2,743 on the API against $3,307.50 for one rented B200.
    let set = [
        ("model", "70b"),
        ("demand_t", "1"),
        ("owned_h100", "543"),
        ("rented_b200", "0"),
    ];
    let out = run("", false, &set);
    assert_eq!(get(&out, "rented_fill_cards"), 1.0);
    assert!((get(&out, "api_bill") - 2_743.0).abs() < 1e-6);
    assert_eq!(get(&out, "rented_fill_bill"), 3_307.5);
    assert!(get(&out, "breakeven_api_share_b200") > 1.0);
}

/// Dispatch order and conservation: owned + rented + API = demand, and the
/// shortfall is what owned cards leave.
#[test]
fn tokens_are_conserved_in_dispatch() {
    for (preset, fix) in [
        ("used-chip-bargain", false),
        ("shiny-chip-bet", true),
        ("api-tax", false),
        ("api-tax", true),
    ] {
        let out = run(preset, fix, &[]);
        let sum =
            get(&out, "owned_tokens_t") + get(&out, "rented_tokens_t") + get(&out, "api_tokens_t");
        let demand = topic()
            .preset_params(topic().preset(preset).unwrap(), fix)
            .unwrap()
            .get("demand_t");
        assert!((sum - demand).abs() < 1e-9, "{preset}: {sum} vs {demand}");
        let short = get(&out, "shortfall_t");
        assert!((short - (demand - get(&out, "owned_tokens_t"))).abs() < 1e-9);
    }
}
