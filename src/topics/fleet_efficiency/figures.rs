//! # Fleet efficiency: the month's figures
//!
//! One row per figure, in the order the page lists them: id, label, unit and
//! how it reads off the [`Month`].

use super::sim::Month;
use crate::model::{Outcome, Unit};

const CARDS: Unit = Unit::Count("cards");

/// id, label, unit, value.
type Row = (&'static str, &'static str, Unit, fn(&Month) -> f64);

static ROWS: [Row; 21] = [
    ("bill", "Month's bill", Unit::Usd, |m| m.bill),
    ("warm_rent", "Warm rent", Unit::Usd, |m| m.warm_rent),
    ("churn_fees", "Churn fees", Unit::Usd, |m| m.churn),
    ("warm_cards", "Warm cards", CARDS, |m| m.run.len() as f64),
    ("pool_cards", "Cards in the pool", CARDS, |m| {
        m.cards.len() as f64
    }),
    ("evicted", "Evicted cards", CARDS, |m| m.k as f64),
    ("wrong_evictions", "Wrong evictions", CARDS, |m| {
        m.wrong as f64
    }),
    (
        "wrong_eviction_share",
        "Wrong among the evicted",
        Unit::Share,
        Month::wrong_share,
    ),
    (
        "fleet_median_tok_s",
        "Fleet median true rate",
        Unit::TokPerS,
        |m| m.median,
    ),
    (
        "true_capacity_tok_s",
        "Warm cards' true capacity",
        Unit::TokPerS,
        |m| m.capacity,
    ),
    (
        "measured_capacity_tok_s",
        "Warm cards' measured capacity",
        Unit::TokPerS,
        |m| m.measured_capacity,
    ),
    (
        "demand_tok_s",
        "Demand (month average)",
        Unit::TokPerS,
        |m| m.demanded_avg,
    ),
    ("peak_tok_s", "Peak hourly demand", Unit::TokPerS, |m| {
        m.peak
    }),
    (
        "delivered_tok_s",
        "Delivered (month average)",
        Unit::TokPerS,
        |m| m.delivered_avg,
    ),
    (
        "delivered_share",
        "Delivered ÷ demanded",
        Unit::Share,
        Month::delivered_share,
    ),
    (
        "shortage_share",
        "Shortage",
        Unit::Share,
        Month::shortage_share,
    ),
    ("idle_dollars", "Idle dollars", Unit::Usd, |m| {
        m.idle_dollars
    }),
    ("ideal_cards", "Ideal operator's cards", CARDS, |m| {
        m.ideal.len() as f64
    }),
    ("ideal_bill", "Ideal operator's bill", Unit::Usd, |m| {
        m.ideal_bill
    }),
    (
        "convergence",
        "Convergence (ideal ÷ bill)",
        Unit::Share,
        |m| m.convergence,
    ),
    (
        "month_tok_per_usd",
        "Month's tokens per dollar",
        Unit::TokPerUsd,
        Month::tok_per_dollar,
    ),
];

pub(super) fn figures(m: &Month, out: &mut Outcome) {
    for &(id, label, unit, value) in &ROWS {
        out.figure(id, label, value(m), unit);
    }
}

/// The figures the page shows first, three so they sit in one row on a
/// phone (the checks' chips show the rest): the bill, its convergence and
/// the wrong evictions; the rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["bill", "convergence", "wrong_evictions"];
