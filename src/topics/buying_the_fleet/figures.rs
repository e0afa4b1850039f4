//! Buying the fleet's figures: a table, one row per figure in the order the
//! page shows them, each with how its value comes out of the month.

use super::model::{cost_per_1m, Month};
use super::model_units::tt;
use super::params::{Chip, Input, AMORTIZATION_MONTHS, CHIPS, MARGIN_MAX};
use crate::model::{Outcome, Unit};

pub(super) fn figures(inp: &Input, m: &Month, out: &mut Outcome) {
    for Row(id, label, unit, value) in &ROWS {
        out.figure(id, label, value(inp, m), *unit);
    }
}

/// One figure: id, label, unit, and its value from the inputs and the month.
struct Row(&'static str, &'static str, Unit, fn(&Input, &Month) -> f64);

const CARDS: Unit = Unit::Count("cards");
const TT: Unit = Unit::TTokens;
const MONTHLY: Unit = Unit::UsdPerMonth;
const PER_1M: Unit = Unit::UsdPerMTok;

// One row a line, so the table reads as one.
#[rustfmt::skip]
static ROWS: [Row; 34] = [
    // The month's verdicts.
    Row("bill", "Month's bill", MONTHLY, |_, m| m.bill),
    Row("blended_per_1m", "Blended cost per 1M tokens", PER_1M, |_, m| m.blended),
    Row("margin_share", "Blended ÷ API price", Unit::Share, |i, m| m.margin(i)),
    Row("idle_share", "Idle owned capacity (tokens)", Unit::Share, |_, m| m.d.idle_share()),
    Row("api_share", "API share of demand", Unit::Share, |_, m| m.api_share()),
    Row("commitment", "Commitment: 36 months of owned card-months", Unit::Usd, commitment),
    // Tokens: capacity, then owned → rented → API.
    Row("capacity_t", "Owned capacity", TT, |_, m| tt(m.d.owned_capacity)),
    Row("rented_capacity_t", "Rented capacity", TT, |_, m| tt(m.d.rented_capacity)),
    Row("owned_tokens_t", "Carried by owned cards", TT, |_, m| tt(m.d.owned)),
    Row("shortfall_t", "Shortfall after owned", TT, |_, m| tt(m.d.shortfall)),
    Row("rented_tokens_t", "Carried by rented cards", TT, |_, m| tt(m.d.rented)),
    Row("api_tokens_t", "Carried by the API", TT, |_, m| tt(m.d.api)),
    Row("api_shortfall_share", "API share of the shortfall", Unit::Share, |_, m| m.api_shortfall_share()),
    // Dollars by line, and the whole rented cards that would replace the API.
    Row("owned_bill", "Owned card-months", MONTHLY, |_, m| m.owned_dollars),
    Row("rented_bill", "Rented card-months", MONTHLY, |_, m| m.rented_dollars),
    Row("api_bill", "API bill", MONTHLY, |_, m| m.api_dollars),
    Row("rented_fill_cards", "Whole rented cards for the shortfall (fill chip)", CARDS, |_, m| m.fill_cards as f64),
    Row("rented_fill_bill", "Those rented cards' bill", MONTHLY, |_, m| m.fill_dollars),
    Row("breakeven_api_share_b200", "Break-even API share of the shortfall, B200 rentals", Unit::Share, |i, m| breakeven(i, m, Chip::B200)),
    Row("breakeven_api_share_h100", "Break-even API share of the shortfall, H100 rentals", Unit::Share, |i, m| breakeven(i, m, Chip::H100)),
    // Idle owned cards.
    Row("owned_cards_needed", "Owned cards the month needs", CARDS, |_, m| m.cards_needed as f64),
    Row("idle_cards", "Idle owned cards", CARDS, |i, m| m.idle_cards(i) as f64),
    Row("idle_card_share", "Idle owned cards (share)", Unit::Share, |i, m| m.idle_card_share(i)),
    Row("owned_per_h100_equiv", "Owned card-month per H100-equivalent", MONTHLY, owned_per_h100_equiv),
    Row("api_price", "API price", PER_1M, |i, _| i.api_price),
    // Per chip: $ per 1M owned and rented at full use, and the use an owned
    // card needs to pass the margin check.
    Row("per_1m_owned_h100", "H100 owned, $ per 1M at 100%", PER_1M, |i, _| owned_per_1m(i, Chip::H100)),
    Row("per_1m_owned_b200", "B200 owned, $ per 1M at 100%", PER_1M, |i, _| owned_per_1m(i, Chip::B200)),
    Row("per_1m_owned_a100u", "Used A100 owned, $ per 1M at 100%", PER_1M, |i, _| owned_per_1m(i, Chip::A100u)),
    Row("per_1m_rented_h100", "H100 rented, $ per 1M at 100%", PER_1M, |i, _| rented_per_1m(i, Chip::H100)),
    Row("per_1m_rented_b200", "B200 rented, $ per 1M at 100%", PER_1M, |i, _| rented_per_1m(i, Chip::B200)),
    Row("per_1m_rented_a100u", "Used A100 rented, $ per 1M at 100%", PER_1M, |i, _| rented_per_1m(i, Chip::A100u)),
    Row("min_util_h100", "Use an owned H100 needs for the margin", Unit::Share, |i, _| min_util(i, Chip::H100)),
    Row("min_util_b200", "Use an owned B200 needs for the margin", Unit::Share, |i, _| min_util(i, Chip::B200)),
    Row("min_util_a100u", "Use an owned used A100 needs for the margin", Unit::Share, |i, _| min_util(i, Chip::A100u)),
];

/// `36·Σ O_c·C_c`: the owned card-months over the amortization term.
fn commitment(_: &Input, m: &Month) -> f64 {
    AMORTIZATION_MONTHS as f64 * m.owned_dollars
}

fn breakeven(inp: &Input, m: &Month, chip: Chip) -> f64 {
    inp.breakeven(&m.d, chip)
}

/// The owned card-month bill over the owned fleet's throughput in H100s
/// (0 with no owned cards).
fn owned_per_h100_equiv(inp: &Input, m: &Month) -> f64 {
    let h100_equiv: f64 = CHIPS
        .iter()
        .map(|&c| inp.owned[c as usize] as f64 * c.k())
        .sum();
    if h100_equiv > 0.0 {
        m.owned_dollars / h100_equiv
    } else {
        0.0
    }
}

fn owned_per_1m(inp: &Input, c: Chip) -> f64 {
    cost_per_1m(inp.price_of(c), inp.t(c), 1.0)
}

fn rented_per_1m(inp: &Input, c: Chip) -> f64 {
    cost_per_1m(inp.rent_of(c), inp.t(c), 1.0)
}

/// The use at which an owned card's cost per 1M meets the margin line.
fn min_util(inp: &Input, c: Chip) -> f64 {
    owned_per_1m(inp, c) / (MARGIN_MAX * inp.api_price)
}

/// The figures the page shows first, three so they sit in one row on a
/// phone (the checks' chips show the rest): the bill, the margin over the
/// API and the API's share; the rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["bill", "margin_share", "api_share"];
