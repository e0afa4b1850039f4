//! Buying the fleet's checks, each spec beside the function that gives its
//! verdict: owned cards busy (idle), self-hosting a quarter under the API
//! (margin), the API only for spikes (overflow).

use super::model::{cost_per_1m, fill_cards, max_owned_passing, worst_line, Line, Month};
use super::model_units::{musd, pct, per_1m, t_text, usd};
use super::params::{Chip, Input, IDLE_MAX, MARGIN_MAX, OVERFLOW_MAX};
use crate::model::units::number;
use crate::model::{CheckSpec, Cmp, Outcome, Unit, Verdict};

pub(super) fn checks(inp: &Input, m: &Month, out: &mut Outcome) {
    out.checks.push(idle(inp, m));
    out.checks.push(margin(inp, m));
    out.checks.push(overflow(inp, m));
}

// ---------------------------------------------------------------------------
// Idle

const IDLE: CheckSpec = CheckSpec {
    id: "idle",
    label: "Owned cards are busy",
    rule: "idle owned capacity (1 − tokens the owned cards carry ÷ tokens they could carry: flat out under the seed card's model, at the target use with a failure domain spare closer to production) ≤ 15%",
    cmp: Cmp::AtMost,
};

fn idle(inp: &Input, m: &Month) -> Verdict {
    let d = &m.d;
    let demand = t_text(d.demand);
    let idle = d.idle_share();
    let chip = inp.biggest_owned();
    IDLE.verdict(
        idle,
        IDLE_MAX,
        Unit::Share,
        Some(chip.owned_param()),
        |pass| {
            if d.owned_capacity == 0 {
                "No owned cards, so no owned capacity idles: every card is rented month to month."
                    .to_string()
            } else if pass {
                format!(
                    "Owned cards carry {} of their {} capacity: {} idle, within the 15% an owned fleet may leave unused.",
                    t_text(d.owned),
                    t_text(d.owned_capacity),
                    pct(idle)
                )
            } else {
                let fix = match max_owned_passing(inp, chip) {
                    Some(n) => format!(
                        "at {demand} at most {} owned {} keep idle within 15%; own fewer (“{}”) and rent the growth when it comes.",
                        number(n as f64),
                        chip.name(),
                        chip.owned_label()
                    ),
                    None => format!(
                        "even with no owned {} the other owned cards hold more than {demand} ÷ 0.85; own fewer of every chip, starting with “{}”.",
                        chip.name(),
                        chip.owned_label()
                    ),
                };
                format!(
                    "{} of owned capacity sits idle: {demand} needs {} of {} owned cards, so {} ({}) are mortgage payments with no tokens. The limit is 15%: {fix}",
                    pct(idle),
                    number(m.cards_needed as f64),
                    number(inp.owned_cards() as f64),
                    number(m.idle_cards(inp) as f64),
                    pct(m.idle_card_share(inp)),
                )
            }
        },
    )
}

// ---------------------------------------------------------------------------
// Margin

const MARGIN: CheckSpec = CheckSpec {
    id: "margin",
    label: "Self-hosting beats the API by a quarter",
    rule: "blended cost per 1M ≤ 75% of the API's price (one price for every token under the seed card's model; input and output priced apart, at the month's mix, closer to production)",
    cmp: Cmp::AtMost,
};

fn margin(inp: &Input, m: &Month) -> Verdict {
    let margin = m.margin(inp);
    let ceiling = MARGIN_MAX * inp.api_price;
    let worst = worst_line(inp, m);
    let lever = match worst {
        Some((Line::Owned(c), ..)) => c.owned_param(),
        Some((Line::Rented(c), ..)) => c.rented_param(),
        Some((Line::Api, ..)) if renting_costs_more(m) => base_chip(inp).owned_param(),
        Some((Line::Api, ..)) | None => inp.fill.rented_param(),
    };
    MARGIN.verdict(margin, MARGIN_MAX, Unit::Share, Some(lever), |pass| {
        let head = format!(
            "Blended cost {} per 1M is {} of the API's {}",
            per_1m(m.blended),
            pct(margin),
            per_1m(inp.api_price)
        );
        if pass {
            return format!(
                "{head}: self-hosting beats the API by at least the quarter the check asks."
            );
        }
        let Some((line, dollars, tokens)) = worst else {
            return format!("{head}, above the 75% line.");
        };
        format!(
            "{head}, above the 75% line ({} per 1M). The costliest line: {}",
            per_1m(ceiling),
            costliest_line(inp, m, line, dollars, tokens)
        )
    })
}

/// Why the line that overruns the margin ceiling most costs what it does, and
/// which parameter to move.
fn costliest_line(inp: &Input, m: &Month, line: Line, dollars: f64, tokens: f64) -> String {
    let rate = if tokens > 0.0 {
        per_1m(dollars / (tokens / 1e6))
    } else {
        "∞".to_string()
    };
    match line {
        Line::Owned(c) => owned_line(inp, m, c, &rate),
        Line::Rented(c) => format!(
            "rented {} cost {rate} per 1M they carry. Rent fewer (“{}”) or own the base.",
            c.name(),
            c.rented_label()
        ),
        Line::Api if renting_costs_more(m) => format!(
            "the API bills {} retail on {}, yet {} whole rented {} for the whole shortfall would bill {}, more than the rented cards and the API bill now. Own more of the base (“{}”).",
            musd(m.api_dollars),
            t_text(m.d.api),
            number(m.fill_cards as f64),
            inp.fill.name(),
            musd(m.fill_dollars),
            base_chip(inp).owned_label()
        ),
        Line::Api => format!(
            "the API bills {} retail on {}. Rent {} whole {} instead (“{}”).",
            musd(m.api_dollars),
            t_text(m.d.api),
            number(m.fill_cards as f64),
            inp.fill.name(),
            inp.fill.rented_label()
        ),
    }
}

/// Whether the whole rented cards for the shortfall would bill more than
/// the rented cards and the API bill now (closer to production, where they
/// must cover the day's peak, they can).
fn renting_costs_more(m: &Month) -> bool {
    m.fill_dollars > m.rented_dollars + m.api_dollars
}

/// The owned chip to own more of: the largest owned pool's, or the B200.
fn base_chip(inp: &Input) -> Chip {
    if inp.owned_cards() == 0 {
        Chip::B200
    } else {
        inp.biggest_owned()
    }
}

/// Owned cards of chip `c` as the costliest line; a used A100 is priced per
/// H100-equivalent of throughput, the seed's "cheap per card" trap.
fn owned_line(inp: &Input, m: &Month, c: Chip, rate: &str) -> String {
    let mut text = format!(
        "owned {} cost {rate} per 1M they carry at {} use ({} at 100%)",
        c.name(),
        pct(1.0 - m.d.idle_share()),
        per_1m(cost_per_1m(inp.price_of(c), inp.t(c), 1.0))
    );
    if c == Chip::A100u {
        let per_equiv = inp.price_of(c) / c.k();
        text += &format!(
            ": {} a card is {} per H100-equivalent of throughput against {} for an H100",
            usd(inp.price_of(c)),
            usd(per_equiv),
            usd(inp.price_of(Chip::H100))
        );
        if per_equiv > inp.price_of(Chip::H100) {
            let equiv = fill_cards(inp.owned[c as usize] * inp.t(c), inp.t(Chip::H100));
            text += &format!(
                ", so {} H100 carry the same tokens for less",
                number(equiv as f64)
            );
        }
    }
    format!("{text}. Own fewer (“{}”).", c.owned_label())
}

// ---------------------------------------------------------------------------
// Overflow

const OVERFLOW: CheckSpec = CheckSpec {
    id: "overflow",
    label: "The API only catches spikes",
    rule: "API overflow ≤ 10% of the month's tokens",
    cmp: Cmp::AtMost,
};

fn overflow(inp: &Input, m: &Month) -> Verdict {
    let d = &m.d;
    let share = m.api_share();
    OVERFLOW.verdict(
        share,
        OVERFLOW_MAX,
        Unit::Share,
        Some(inp.fill.rented_param()),
        |pass| {
            if d.api == 0 {
                return format!(
                    "The API carries nothing: owned and rented cards cover the {} month.",
                    t_text(d.demand)
                );
            }
            let head = format!(
                "The API carries {} = {} of demand ({} of the {} shortfall) and bills {} retail",
                t_text(d.api),
                pct(share),
                pct(m.api_shortfall_share()),
                t_text(d.shortfall),
                musd(m.api_dollars)
            );
            if pass {
                return format!("{head}: within the 10% cap for spikes.");
            }
            let compare = if m.fill_dollars < m.api_dollars {
                "less than the API's share alone"
            } else {
                "more at this shortfall, but the API has swallowed the month"
            };
            format!(
                "{head}, over the 10% cap. {} whole rented {} would carry the whole shortfall for {}, {compare}: raise “{}”.",
                number(m.fill_cards as f64),
                inp.fill.name(),
                musd(m.fill_dollars),
                inp.fill.rented_label()
            )
        },
    )
}

pub(super) static CHECKS: [CheckSpec; 3] = [IDLE, MARGIN, OVERFLOW];
