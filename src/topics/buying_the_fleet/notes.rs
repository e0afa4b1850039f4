//! The notes under the page: the seed's API-tax claim checked on this month,
//! and what a fleet with no owned cards means.

use super::model::{api_bill, Month};
use super::model_units::{musd, pct, per_1m, t_text};
use super::params::{Chip, Input, FAILURE_DOMAINS, OUTPUT_PRICE_RATIO, OUTPUT_SHARE};
use super::params::{BLEND_OUTPUT_SHARE, PEAK_TO_MEAN, TARGET_UTIL};
use crate::model::units::number;
use crate::model::{Note, Outcome};

pub(super) fn notes(inp: &Input, m: &Month, out: &mut Outcome) {
    if inp.production {
        out.notes.push(Note::Info(production_note(inp)));
    }
    out.notes.push(Note::Info(api_tax_note(inp, m)));
    if inp.owned_cards() == 0 {
        out.notes.push(Note::Info(
            "No owned cards: nothing can idle and there is no commitment; the month is all rent and API."
                .to_string(),
        ));
    }
}

/// The seed's API-tax claim checked on this month, with its limits.
fn api_tax_note(inp: &Input, m: &Month) -> String {
    let d = &m.d;
    let rate = |c: Chip| inp.rent_per_1m_sustained(c) / inp.api_price;
    let be = |c: Chip| inp.breakeven(d, c);
    let holds = match (rate(Chip::B200) > 0.4, rate(Chip::H100) > 0.4) {
        (false, false) => "holds for B200 rentals",
        (false, true) => "holds for B200 rentals, not for H100",
        (true, false) => "holds for H100 rentals, not for B200",
        (true, true) => "holds for neither B200 nor H100 rentals",
    };
    let volume = if inp.production {
        "At sustained volume, rented cards sized for the daily peak at their target use with a failure domain spare, "
    } else {
        "At sustained volume "
    };
    let limits = format!(
        "{volume}renting costs {} of the API's price on B200 and {} on H100, so the seed cards' '40% of the shortfall on the API bills more than the whole rented cloud' {holds}.",
        pct(rate(Chip::B200)),
        pct(rate(Chip::H100)),
    );
    if d.shortfall == 0 {
        return format!("API tax: no shortfall this month, so the break-even shown is the sustained-volume limit. {limits}");
    }
    let n_b = inp.fill_for(d, Chip::B200);
    let n_h = inp.fill_for(d, Chip::H100);
    let (b, h) = (be(Chip::B200), be(Chip::H100));
    let out_bills = match (b > 1.0, h > 1.0) {
        (false, false) => format!(
            "The API out-bills the whole rented fleet once it takes more than {} of the shortfall (B200) or {} (H100)",
            pct(b),
            pct(h)
        ),
        (false, true) => format!(
            "The API out-bills the whole rented B200 once it takes more than {} of the shortfall, and never the H100 (all of the shortfall on the API bills less)",
            pct(b)
        ),
        (true, false) => format!(
            "The API out-bills the whole rented H100 once it takes more than {} of the shortfall, and never the B200 (all of the shortfall on the API bills less)",
            pct(h)
        ),
        (true, true) => "The API never out-bills the whole rented fleet: all of the shortfall on the API bills less than either".to_string(),
    };
    format!(
        "API tax on this {} shortfall: the API on all of it would bill {}; {} whole rented B200 carry it for {} and {} whole H100 for {}. {out_bills}; it takes {} now. {limits}",
        t_text(d.shortfall),
        musd(api_bill(d.shortfall, inp.api_price)),
        number(n_b as f64),
        musd(n_b as f64 * inp.rent_of(Chip::B200)),
        number(n_h as f64),
        musd(n_h as f64 * inp.rent_of(Chip::H100)),
        pct(m.api_shortfall_share())
    )
}

/// What closer to production changes on this page, with its numbers.
fn production_note(inp: &Input) -> String {
    let (input, output) = inp.input_output_prices();
    format!(
        "Closer to production: demand follows a daily cycle that peaks at {}× the month's mean; a card is loaded to {} at the peak, leaving headroom for latency, and the fleet spreads over {} failure domains and carries its peak with one of them out, so a card counts for {} of its flat-out month. The API bills {} per 1M input tokens and {} per 1M output ({}× as much; its list price {} is the blend at {} output), so at this month's {} output it bills {} per 1M. The moving picture still dispatches the seed card's flat month.",
        PEAK_TO_MEAN,
        pct(TARGET_UTIL),
        FAILURE_DOMAINS,
        pct(inp.usable()),
        per_1m(input),
        per_1m(output),
        OUTPUT_PRICE_RATIO,
        per_1m(inp.list_price),
        pct(BLEND_OUTPUT_SHARE),
        pct(OUTPUT_SHARE),
        per_1m(inp.api_price),
    )
}
