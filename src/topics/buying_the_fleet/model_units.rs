//! How the topic writes its quantities: tokens in T, dollars, millions of
//! dollars, shares and prices per 1M tokens.

pub(super) use crate::model::units::pct;
use crate::model::units::{group, number, trim};
use crate::model::Unit;

/// Tokens in T (10^12).
pub(super) fn tt(tokens: u64) -> f64 {
    tokens as f64 / 1e12
}

/// "91.4T".
pub(super) fn t_text(tokens: u64) -> String {
    format!("{}T", number(tt(tokens)))
}

pub(super) fn usd(v: f64) -> String {
    Unit::Usd.format(v)
}

/// "$8.463M": dollars in millions above a million.
pub(super) fn musd(v: f64) -> String {
    if v.abs() >= 1e6 {
        format!("${}M", trim(&format!("{:.3}", v / 1e6)))
    } else {
        usd(v)
    }
}

/// "$2.00", "$1.2752", "$0.0403": four decimals, trailing zeros dropped down to two.
pub(super) fn per_1m(v: f64) -> String {
    if !v.is_finite() {
        return "∞".to_string();
    }
    let mut s = group(v, 4);
    while s.ends_with('0') && s.len() - s.find('.').unwrap_or(s.len()) > 3 {
        s.pop();
    }
    format!("${s}")
}
