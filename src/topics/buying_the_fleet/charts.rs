//! Buying the fleet's charts: tokens by source and idle owned capacity as
//! demand sweeps the slider's range, the month's dollars by line, and each
//! chip's dollars per 1M tokens against the API.

use super::model::{api_bill, cost_per_1m, Month};
use super::model_units::{musd, pct, per_1m, t_text, tt};
use super::params::{Chip, Input, CHIPS, IDLE_MAX, MARGIN_MAX};
use crate::model::units::{compact, number};
use crate::model::*;

pub(super) fn charts(inp: &Input, m: &Month, out: &mut Outcome) {
    out.charts.push(tokens_chart(inp, m));
    out.charts.push(dollars_chart(inp, m));
    out.charts.push(per_1m_chart(inp, m));
    out.charts.push(idle_chart(inp, m));
}

// Charts

/// Demand sweep: log-spaced points over the slider's 1–1,000T, plus the
/// current demand and the fleet's knees.
const SWEEP_STEPS: usize = 120;
const T_MIN: f64 = 1.0;
const T_MAX: f64 = 1_000.0;

fn sweep_grid(inp: &Input, m: &Month, extra: &[f64]) -> Vec<f64> {
    let mut xs: Vec<f64> = (0..=SWEEP_STEPS)
        .map(|i| T_MIN * (T_MAX / T_MIN).powf(i as f64 / SWEEP_STEPS as f64))
        .collect();
    let k_own = tt(m.d.owned_capacity);
    let k_all = tt(m.d.owned_capacity + m.d.rented_capacity);
    xs.extend(
        [tt(inp.demand), k_own, k_all]
            .iter()
            .chain(extra)
            .filter(|x| (T_MIN..=T_MAX).contains(*x)),
    );
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-12);
    xs
}

fn tokens_of(x: f64) -> u64 {
    (x * 1e12).round() as u64
}

/// Lowest value drawn on the tokens chart's log axis, T.
const Y_FLOOR: f64 = 0.01;

fn tokens_chart(inp: &Input, m: &Month) -> Chart {
    let xs = sweep_grid(inp, m, &[]);
    let (k_own, k_rent) = (m.d.owned_capacity, m.d.rented_capacity);
    let (flat_own, flat_rent) = (inp.k_own(), inp.k_rent());
    let mut own = Vec::with_capacity(xs.len());
    let mut rent = Vec::with_capacity(xs.len());
    let mut api = Vec::with_capacity(xs.len());
    for &x in &xs {
        let d = inp.dispatch(tokens_of(x), flat_own, flat_rent);
        own.push((x, tt(d.owned)));
        rent.push((x, tt(d.rented)));
        api.push((x, tt(d.api)));
    }
    let demand_line = xs.iter().map(|&x| (x, x)).collect();
    let mut hlines = Vec::new();
    let in_y = |v: f64| (Y_FLOOR..=T_MAX).contains(&v);
    if in_y(tt(k_own)) {
        hlines.push(RefLine::new(
            tt(k_own),
            format!("owned capacity {}", t_text(k_own)),
            Tone::Cat(0),
        ));
    }
    if k_rent > 0 && in_y(tt(k_own + k_rent)) {
        hlines.push(RefLine::new(
            tt(k_own + k_rent),
            format!("owned + rented {}", t_text(k_own + k_rent)),
            Tone::Cat(1),
        ));
    }
    let d = &m.d;
    Chart {
        id: "tokens-by-source",
        title: "Tokens by source as demand grows".to_string(),
        summary: format!(
            "At {} this month, owned cards carry {}, rented {} and the API {} ({} of demand); below {} everything runs on owned cards.",
            t_text(d.demand),
            t_text(d.owned),
            t_text(d.rented),
            t_text(d.api),
            pct(m.api_share()),
            t_text(inp.owned_only_below(d))
        ),
        plot: Plot::Xy(XyChart {
            x: Axis::new("demand a month", Unit::TTokens)
                .log()
                .range(T_MIN, T_MAX),
            y: Axis::new("tokens carried a month", Unit::TTokens)
                .log()
                .range(Y_FLOOR, T_MAX),
            series: vec![
                Series::new("owned cards", Style::Line, Tone::Cat(0), own),
                Series::new("rented cards", Style::Line, Tone::Cat(1), rent),
                Series::new("API overflow", Style::Line, Tone::Bad, api),
                Series::new("demand", Style::Dashed, Tone::Muted, demand_line),
            ],
            hlines,
            vlines: vec![RefLine::new(
                tt(d.demand),
                format!("now: {}", t_text(d.demand)),
                Tone::Ink,
            )],
        }),
    }
}

fn dollars_chart(inp: &Input, m: &Month) -> Chart {
    let d = &m.d;
    let all_api = api_bill(d.demand, inp.api_price);
    let alt = format!(
        "{} whole rented {} instead",
        number(m.fill_cards as f64),
        inp.fill.name()
    );
    let alt_bill = m.owned_dollars + m.fill_dollars;
    Chart {
        id: "dollars-by-line",
        title: "The month's dollars by line".to_string(),
        summary: format!(
            "This month bills {}: owned {}, rented {}, API {}. Renting {} whole {} for the whole {} shortfall instead would bill {}; the API for all {} would bill {}.",
            musd(m.bill),
            musd(m.owned_dollars),
            musd(m.rented_dollars),
            musd(m.api_dollars),
            number(m.fill_cards as f64),
            inp.fill.name(),
            t_text(d.shortfall),
            musd(alt_bill),
            t_text(d.demand),
            musd(all_api)
        ),
        plot: Plot::Bars(BarChart {
            categories: vec!["this month".to_string(), alt],
            y: Axis::new("the month's bill", Unit::Usd),
            sets: vec![
                BarSet::new("owned cards", Tone::Cat(0), vec![m.owned_dollars, m.owned_dollars]),
                BarSet::new("rented cards", Tone::Cat(1), vec![m.rented_dollars, m.fill_dollars]),
                BarSet::new("API", Tone::Bad, vec![m.api_dollars, 0.0]),
            ],
            stacked: true,
            hlines: vec![
                RefLine::new(
                    all_api,
                    format!("the API for everything: {}", musd(all_api)),
                    Tone::Muted,
                ),
                RefLine::new(
                    MARGIN_MAX * all_api,
                    format!("75% of that: {}", musd(MARGIN_MAX * all_api)),
                    Tone::Warn,
                ),
            ],
            highlight: if m.bill > alt_bill { vec![1] } else { vec![0] },
        }),
    }
}

fn per_1m_chart(inp: &Input, m: &Month) -> Chart {
    let u = inp.owned_use(&m.d);
    let owned: Vec<f64> = CHIPS
        .iter()
        .map(|&c| cost_per_1m(inp.price_of(c), inp.t(c), 1.0))
        .collect();
    let rented: Vec<f64> = CHIPS
        .iter()
        .map(|&c| cost_per_1m(inp.rent_of(c), inp.t(c), 1.0))
        .collect();
    let at_use: Vec<f64> = CHIPS
        .iter()
        .map(|&c| {
            if m.d.owned_capacity > 0 && u > 0.0 {
                cost_per_1m(inp.price_of(c), inp.t(c), u)
            } else {
                f64::INFINITY
            }
        })
        .collect();
    let p = inp.api_price;
    let top = owned
        .iter()
        .chain(&rented)
        .fold(p, |a, &b| a.max(b))
        .max(1.5 * p)
        * 1.08;
    let in_fleet: Vec<usize> = CHIPS
        .iter()
        .filter(|&&c| inp.owned[c as usize] + inp.rented[c as usize] > 0)
        .map(|&c| c as usize)
        .collect();
    Chart {
        id: "per-1m-by-chip",
        title: format!("$ per 1M tokens by chip, {}", inp.model.name()),
        summary: per_1m_summary(p, &owned, &rented, u),
        plot: Plot::Bars(BarChart {
            categories: CHIPS.iter().map(|c| c.name().to_string()).collect(),
            y: Axis::new("$ per 1M tokens", Unit::UsdPerMTok).range(0.0, top),
            sets: vec![
                BarSet::new("owned, 100% use", Tone::Cat(0), owned),
                BarSet::new("rented, 100% use", Tone::Cat(1), rented),
                BarSet::new(
                    format!("owned at this month's {} use", pct(u)),
                    Tone::Cat(2),
                    at_use,
                ),
            ],
            stacked: false,
            hlines: vec![
                RefLine::new(p, format!("API {}", per_1m(p)), Tone::Bad),
                RefLine::new(
                    MARGIN_MAX * p,
                    format!("75% margin line {}", per_1m(MARGIN_MAX * p)),
                    Tone::Warn,
                ),
            ],
            highlight: in_fleet,
        }),
    }
}

/// The cheapest owned chip at full use against the API and the margin line,
/// and what this month's use does to an owned card's cost per 1M.
fn per_1m_summary(p: f64, owned: &[f64], rented: &[f64], u: f64) -> String {
    let cheapest = CHIPS
        .iter()
        .min_by(|a, b| owned[**a as usize].total_cmp(&owned[**b as usize]))
        .copied()
        .unwrap_or(Chip::B200);
    format!(
        "At 100% use an owned {} costs {} per 1M ({} of the API's {}), renting it {}; owned is cheaper than rented for every chip, and the margin line is {}. The owned fleet runs at {} use, which multiplies an owned card's cost per 1M by {}.",
        cheapest.name(),
        per_1m(owned[cheapest as usize]),
        pct(owned[cheapest as usize] / p),
        per_1m(p),
        per_1m(rented[cheapest as usize]),
        per_1m(MARGIN_MAX * p),
        pct(u),
        if u > 0.0 { format!("{}×", number(1.0 / u)) } else { "∞×".to_string() }
    )
}

fn idle_chart(inp: &Input, m: &Month) -> Chart {
    let k_own = m.d.owned_capacity;
    let flat_own = inp.k_own();
    let sized = inp.idle_passes_from_t();
    let xs = sweep_grid(inp, m, &[sized]);
    let n = inp.owned_cards();
    let mut by_tokens = Vec::with_capacity(xs.len());
    let mut by_cards = Vec::with_capacity(xs.len());
    for &x in &xs {
        let d = inp.dispatch(tokens_of(x), flat_own, 0);
        by_tokens.push((x, d.idle_share()));
        let need = inp.cards_needed_for(&d);
        by_cards.push((
            x,
            if n == 0 {
                0.0
            } else {
                (n - need) as f64 / n as f64
            },
        ));
    }
    let mut vlines = vec![RefLine::new(
        tt(inp.demand),
        format!("now: {}", t_text(inp.demand)),
        Tone::Ink,
    )];
    if k_own > 0 && (T_MIN..=T_MAX).contains(&sized) {
        vlines.push(RefLine::new(
            sized,
            format!("passes from {}T", compact(sized)),
            Tone::Good,
        ));
    }
    let summary = if k_own == 0 {
        "No owned cards: no owned capacity can idle at any demand.".to_string()
    } else {
        format!(
            "At {} the owned {} capacity runs {} idle by tokens ({} of {} cards idle); it passes the 15% line only from {} of demand.",
            t_text(inp.demand),
            t_text(k_own),
            pct(m.d.idle_share()),
            number(m.idle_cards(inp) as f64),
            number(n as f64),
            format_args!("{}T", number((sized * 10.0).ceil() / 10.0))
        )
    };
    Chart {
        id: "idle-owned",
        title: "Idle owned capacity against demand".to_string(),
        summary,
        plot: Plot::Xy(XyChart {
            x: Axis::new("demand a month", Unit::TTokens)
                .log()
                .range(T_MIN, T_MAX),
            y: Axis::new("idle owned capacity", Unit::Share).range(0.0, 1.0),
            series: vec![
                Series::new("idle share of tokens", Style::Line, Tone::Cat(0), by_tokens),
                Series::new("idle share of cards", Style::Dashed, Tone::Cat(3), by_cards),
            ],
            hlines: vec![RefLine::new(IDLE_MAX, "15% idle limit", Tone::Warn)],
            vlines,
        }),
    }
}
