//! Seeds 001–003 ("Buying the Fleet") and docs/models/buying-the-fleet.md: the preset
//! table, the seed-figures table, the $/1M table, the minimum utilizations and
//! the challenge worked examples. Tolerances follow the precision the spec
//! states each figure at (half a unit of its last digit).

use super::{Row, Tol};
use fleetlab::model::{Outcome, Topic};

const T: &str = "buying-the-fleet";

pub const ROWS: &[Row] = &[
    Row {
        source: "docs/models/buying-the-fleet.md preset 1: capacity 1.6556T (2,000 used A100 × 827,820,000 tok)",
        topic: T,
        preset: "used-chip-bargain",
        fix: false,
        set: &[],
        figure: "capacity_t",
        expected: 1.6556,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1: bill $3.000M (2,000 × $1,500)",
        topic: T,
        preset: "used-chip-bargain",
        fix: false,
        set: &[],
        figure: "bill",
        expected: 3_000_000.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1 / seed 'cheap per card and expensive per token': blended $2.00 per 1M",
        topic: T,
        preset: "used-chip-bargain",
        fix: false,
        set: &[],
        figure: "blended_per_1m",
        expected: 2.00,
        tol: Tol::Abs(0.005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1: margin 80.0% of $2.50 (fails)",
        topic: T,
        preset: "used-chip-bargain",
        fix: false,
        set: &[],
        figure: "margin_share",
        expected: 0.800,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1: idle 9.40%",
        topic: T,
        preset: "used-chip-bargain",
        fix: false,
        set: &[],
        figure: "idle_share",
        expected: 0.0940,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1: overflow 0%",
        topic: T,
        preset: "used-chip-bargain",
        fix: false,
        set: &[],
        figure: "api_share",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1: per H100-equivalent of throughput $3,333 (vs H100 $2,100)",
        topic: T,
        preset: "used-chip-bargain",
        fix: false,
        set: &[],
        figure: "owned_per_h100_equiv",
        expected: 3_333.0,
        tol: Tol::Abs(0.5),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1 fix: 900 H100 carry the same capacity, 1.6556T",
        topic: T,
        preset: "used-chip-bargain",
        fix: true,
        set: &[],
        figure: "capacity_t",
        expected: 1.6556,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1 fix: bill $1.890M",
        topic: T,
        preset: "used-chip-bargain",
        fix: true,
        set: &[],
        figure: "bill",
        expected: 1_890_000.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1 fix: $1.26 per 1M",
        topic: T,
        preset: "used-chip-bargain",
        fix: true,
        set: &[],
        figure: "blended_per_1m",
        expected: 1.26,
        tol: Tol::Abs(0.005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1 fix: margin 50.4%",
        topic: T,
        preset: "used-chip-bargain",
        fix: true,
        set: &[],
        figure: "margin_share",
        expected: 0.504,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1 fix: idle 9.40%",
        topic: T,
        preset: "used-chip-bargain",
        fix: true,
        set: &[],
        figure: "idle_share",
        expected: 0.0940,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1 fix: overflow 0",
        topic: T,
        preset: "used-chip-bargain",
        fix: true,
        set: &[],
        figure: "api_share",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 1 fix: an H100 is $2,100 per H100-equivalent",
        topic: T,
        preset: "used-chip-bargain",
        fix: true,
        set: &[],
        figure: "owned_per_h100_equiv",
        expected: 2_100.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2: capacity 315.36T (5,000 B200 × 63,072,000,000 tok)",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "capacity_t",
        expected: 315.36,
        tol: Tol::Abs(0.005),
    },
    Row {
        source: "seed 'Buying the Fleet': 'a $441M bet' = 5,000 B200 × $2,450 × 36 (docs/models/buying-the-fleet.md reading A)",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "commitment",
        expected: 441_000_000.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2: 91.4T needs 1,450 cards",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "owned_cards_needed",
        expected: 1_450.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2: 3,550 of 5,000 cards idle",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "idle_cards",
        expected: 3_550.0,
        tol: Tol::Exact,
    },
    Row {
        source: "seed 'Buying the Fleet': 'runs 71% idle' = 71.00% of cards (docs/models/buying-the-fleet.md preset 2)",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "idle_card_share",
        expected: 0.7100,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2: token idle 71.02% (fails the 15% idle check)",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "idle_share",
        expected: 0.7102,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2: $12.25M a month",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "bill",
        expected: 12_250_000.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2: $0.1340 per 1M",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "blended_per_1m",
        expected: 0.1340,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2: margin 67.0% (passes)",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "margin_share",
        expected: 0.670,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2: overflow 0",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[],
        figure: "api_share",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md '$441M bet' readings: at $2,900 the story would also fail the margin, 79.3%",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[("card_month_b200", "2900")],
        figure: "margin_share",
        expected: 0.793,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md '$441M bet' readings: 4,375 B200 × $2,800 × 36 = $441M",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[("card_month_b200", "2800"), ("owned_b200", "4375"), ("demand_t", "80")],
        figure: "commitment",
        expected: 441_000_000.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md '$441M bet' readings: 4,375 B200 at $2,800 and 80T run 71.01% idle",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[("card_month_b200", "2800"), ("owned_b200", "4375"), ("demand_t", "80")],
        figure: "idle_share",
        expected: 0.7101,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md '$441M bet' readings: 4,375 B200 at $2,800 and 80T fail the margin too, 76.6%",
        topic: T,
        preset: "shiny-chip-bet",
        fix: false,
        set: &[("card_month_b200", "2800"), ("owned_b200", "4375"), ("demand_t", "80")],
        figure: "margin_share",
        expected: 0.766,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2 fix: commitment $114.66M (1,300 × $2,450 × 36)",
        topic: T,
        preset: "shiny-chip-bet",
        fix: true,
        set: &[],
        figure: "commitment",
        expected: 114_660_000.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2 fix: $0.0403 per 1M",
        topic: T,
        preset: "shiny-chip-bet",
        fix: true,
        set: &[],
        figure: "blended_per_1m",
        expected: 0.0403,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2 fix: margin 20.1%",
        topic: T,
        preset: "shiny-chip-bet",
        fix: true,
        set: &[],
        figure: "margin_share",
        expected: 0.201,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2 fix: idle 0.00%",
        topic: T,
        preset: "shiny-chip-bet",
        fix: true,
        set: &[],
        figure: "idle_share",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 2 fix: overflow 0",
        topic: T,
        preset: "shiny-chip-bet",
        fix: true,
        set: &[],
        figure: "api_share",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: K_own 11.0376T (6,000 H100 × 1,839,600,000 tok)",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "capacity_t",
        expected: 11.0376,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: shortfall 8.4624T",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "shortfall_t",
        expected: 8.4624,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: rented carries 5.0773T (1,150 B200)",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "rented_tokens_t",
        expected: 5.0773,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: API carries 3.3851T",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "api_tokens_t",
        expected: 3.3851,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "seed 'Buying the Fleet': '40% of a big month's shortfall on the API' = 40.00% (docs/models/buying-the-fleet.md preset 3)",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "api_shortfall_share",
        expected: 0.4000,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: API 17.36% of demand (fails the 10% overflow check)",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "api_share",
        expected: 0.1736,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: API bill $8.463M",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "api_bill",
        expected: 8_463_000.0,
        tol: Tol::Abs(500.0),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: ceil(8.4624T / 4.41504B) = 1,917 whole rented B200",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "rented_fill_cards",
        expected: 1_917.0,
        tol: Tol::Exact,
    },
    Row {
        source: "seed 'bills more than the whole rented cloud': 1,917 rented B200 = $6.340M < $8.463M (docs/models/buying-the-fleet.md preset 3)",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "rented_fill_bill",
        expected: 6_340_000.0,
        tol: Tol::Abs(500.0),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: total $24.866M",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "bill",
        expected: 24_866_000.0,
        tol: Tol::Abs(500.0),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: $1.2752 per 1M",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "blended_per_1m",
        expected: 1.2752,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: margin 51.0% (passes)",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "margin_share",
        expected: 0.510,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3: idle 0%",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "idle_share",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md API-tax claim: with whole B200 cards the preset breaks even at 30.0% of the shortfall",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "breakeven_api_share_b200",
        expected: 0.300,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md seed figures: H100 rentals break even at 61.7% of the shortfall",
        topic: T,
        preset: "api-tax",
        fix: false,
        set: &[],
        figure: "breakeven_api_share_h100",
        expected: 0.617,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3 fix: total $18.940M with 1,917 rented B200",
        topic: T,
        preset: "api-tax",
        fix: true,
        set: &[],
        figure: "bill",
        expected: 18_940_000.0,
        tol: Tol::Abs(500.0),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3 fix: $0.9713 per 1M",
        topic: T,
        preset: "api-tax",
        fix: true,
        set: &[],
        figure: "blended_per_1m",
        expected: 0.9713,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3 fix: margin 38.9%",
        topic: T,
        preset: "api-tax",
        fix: true,
        set: &[],
        figure: "margin_share",
        expected: 0.389,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3 fix: idle 0%",
        topic: T,
        preset: "api-tax",
        fix: true,
        set: &[],
        figure: "idle_share",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3 fix: no API",
        topic: T,
        preset: "api-tax",
        fix: true,
        set: &[],
        figure: "api_share",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md preset 3 fix: no API bill",
        topic: T,
        preset: "api-tax",
        fix: true,
        set: &[],
        figure: "api_bill",
        expected: 0.0,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: 'a month is 730 hours' → 730 h = 2,628,000 s; one 8B H100 at 10,000 tok/s carries 26,280,000,000 tok",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_h100", "1")],
        figure: "capacity_t",
        expected: 0.02628,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: 'an H100 carries about ... 700 on a 70B' → 1,839,600,000 tok a card-month (spec table)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_h100", "1")],
        figure: "capacity_t",
        expected: 0.0018396,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: 'a B200 is 2.4x either' → 24,000 tok/s on the 8B, 63,072,000,000 tok a card-month",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_b200", "1")],
        figure: "capacity_t",
        expected: 0.063072,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: 'a B200 is 2.4x either' → 1,680 tok/s on the 70B, 4,415,040,000 tok a card-month",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_b200", "1")],
        figure: "capacity_t",
        expected: 0.00441504,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: 'a used A100 is 0.45x an H100' → 4,500 tok/s on the 8B, 11,826,000,000 tok",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_a100u", "1")],
        figure: "capacity_t",
        expected: 0.011826,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: 'a used A100 is 0.45x an H100' → 315 tok/s on the 70B, 827,820,000 tok",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_a100u", "1")],
        figure: "capacity_t",
        expected: 0.00082782,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: modern card-month $2,100–$2,900; spec chooses H100 $2,100",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_h100", "1")],
        figure: "owned_bill",
        expected: 2_100.0,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: modern card-month $2,100–$2,900; spec chooses B200 $2,450",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("owned_b200", "1")],
        figure: "owned_bill",
        expected: 2_450.0,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: rent 'roughly 1.35x premium on the same floor' → $2,835 an H100",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("rented_h100", "1")],
        figure: "rented_bill",
        expected: 2_835.0,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: rent 'roughly 1.35x premium on the same floor' → $3,307.50 a B200",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("owned_h100", "0"), ("rented_b200", "0"), ("rented_b200", "1")],
        figure: "rented_bill",
        expected: 3_307.5,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: the API bills '$0.20 per 1M for the 8B chat'",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "api_price",
        expected: 0.20,
        tol: Tol::Exact,
    },
    Row {
        source: "seed: the API bills '$2.50 for the 70B premium'",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "api_price",
        expected: 2.50,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 8B owned h100: $0.0799 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "per_1m_owned_h100",
        expected: 0.0799,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 8B rented h100: $0.1079 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "per_1m_rented_h100",
        expected: 0.1079,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 8B owned b200: $0.0388 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "per_1m_owned_b200",
        expected: 0.0388,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 8B rented b200: $0.0524 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "per_1m_rented_b200",
        expected: 0.0524,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 8B owned a100u: $0.1268 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "per_1m_owned_a100u",
        expected: 0.1268,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 8B rented a100u: $0.1712 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "per_1m_rented_a100u",
        expected: 0.1712,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 70B owned h100: $1.1416 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "per_1m_owned_h100",
        expected: 1.1416,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 70B rented h100: $1.5411 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "per_1m_rented_h100",
        expected: 1.5411,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 70B owned b200: $0.5549 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "per_1m_owned_b200",
        expected: 0.5549,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 70B rented b200: $0.7491 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "per_1m_rented_b200",
        expected: 0.7491,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 70B owned a100u: $1.8120 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "per_1m_owned_a100u",
        expected: 1.8120,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md $/1M table at 100% use, 70B rented a100u: $2.4462 (ownership beats renting everywhere)",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "per_1m_rented_a100u",
        expected: 2.4462,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md: minimum use an owned h100 needs for the margin on the 8B: 53.3%",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "min_util_h100",
        expected: 0.533,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md: minimum use an owned b200 needs for the margin on the 8B: 25.9%",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "min_util_b200",
        expected: 0.259,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md: minimum use an owned a100u needs for the margin on the 8B: 84.6%",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b")],
        figure: "min_util_a100u",
        expected: 0.846,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md: minimum use an owned h100 needs for the margin on the 70B: 60.9%",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "min_util_h100",
        expected: 0.609,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md: minimum use an owned b200 needs for the margin on the 70B: 29.6%",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "min_util_b200",
        expected: 0.296,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md: minimum use an owned a100u needs for the margin on the 70B: 96.6%",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b")],
        figure: "min_util_a100u",
        expected: 0.966,
        tol: Tol::Abs(0.0005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md T1-C1 worked example: 1,200 H100 + 300 B200 on the 8B carry 50.4576T",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("owned_h100", "1200"), ("owned_b200", "300")],
        figure: "capacity_t",
        expected: 50.4576,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md T1-C2 worked example: 70B, 8T, 3,000 owned H100 → 562 B200",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "70b"), ("demand_t", "8"), ("owned_h100", "3000"), ("rented_b200", "0"), ("fill_chip", "b200")],
        figure: "rented_fill_cards",
        expected: 562.0,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md T1-C3 worked example: API carries 15.9312T",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("demand_t", "120"), ("owned_h100", "3000"), ("rented_b200", "400")],
        figure: "api_tokens_t",
        expected: 15.9312,
        tol: Tol::Exact,
    },
    Row {
        source: "docs/models/buying-the-fleet.md T1-C3 worked example: 13.28% of demand",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("demand_t", "120"), ("owned_h100", "3000"), ("rented_b200", "400")],
        figure: "api_share",
        expected: 0.1328,
        tol: Tol::Abs(0.00005),
    },
    Row {
        source: "docs/models/buying-the-fleet.md T1-C3 worked example: the API bills $3,186,240",
        topic: T,
        preset: "",
        fix: false,
        set: &[("model", "8b"), ("demand_t", "120"), ("owned_h100", "3000"), ("rented_b200", "400")],
        figure: "api_bill",
        expected: 3_186_240.0,
        tol: Tol::Exact,
    },
];

fn topic() -> &'static dyn Topic {
    fleetlab::topics::find(T).expect("buying-the-fleet is registered")
}

fn run(preset: &str, fix: bool, set: &[(&str, &str)]) -> Outcome {
    let t = topic();
    let mut p = if preset.is_empty() {
        t.defaults()
    } else {
        t.preset_params(t.preset(preset).unwrap(), fix).unwrap()
    };
    p.apply(set).unwrap();
    t.run(&p)
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
