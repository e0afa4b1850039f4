//! The notes under the page: the seed's API-tax claim checked on this month,
//! and what a fleet with no owned cards means.

use super::model::{api_bill, breakeven_api_share, cost_per_1m, fill_cards, Month};
use super::model_units::{musd, pct, t_text};
use super::params::{Chip, Input};
use crate::model::units::number;
use crate::model::{Note, Outcome};

pub(super) fn notes(inp: &Input, m: &Month, out: &mut Outcome) {
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
    let rate = |c: Chip| cost_per_1m(inp.rent_of(c), inp.t(c), 1.0) / inp.api_price;
    let be = |c: Chip| breakeven_api_share(d.shortfall, inp.t(c), inp.rent_of(c), inp.api_price);
    let limits = format!(
        "At sustained volume renting costs {} of the API's price on B200 and {} on H100, so the seed cards' '40% of the shortfall on the API bills more than the whole rented cloud' holds for B200 rentals{}.",
        pct(rate(Chip::B200)),
        pct(rate(Chip::H100)),
        if rate(Chip::H100) > 0.4 {
            ", not for H100"
        } else {
            ""
        }
    );
    if d.shortfall == 0 {
        return format!("API tax: no shortfall this month, so the break-even shown is the sustained-volume limit. {limits}");
    }
    let n_b = fill_cards(d.shortfall, inp.t(Chip::B200));
    let n_h = fill_cards(d.shortfall, inp.t(Chip::H100));
    format!(
        "API tax on this {} shortfall: the API on all of it would bill {}; {} whole rented B200 carry it for {} and {} whole H100 for {}. The API out-bills the whole rented fleet once it takes more than {} of the shortfall (B200) or {} (H100); it takes {} now. {limits}",
        t_text(d.shortfall),
        musd(api_bill(d.shortfall, inp.api_price)),
        number(n_b as f64),
        musd(n_b as f64 * inp.rent_of(Chip::B200)),
        number(n_h as f64),
        musd(n_h as f64 * inp.rent_of(Chip::H100)),
        pct(be(Chip::B200)),
        pct(be(Chip::H100)),
        pct(m.api_shortfall_share())
    )
}
