//! The autoscaling figures: the worked example's static arithmetic, then what
//! the simulated day adds up to.

use super::model::{hourly_bill, replicas_for_peak, replicas_with_spare, trough_kept};
use super::params::Day;
use super::sim::DayStats;
use crate::model::*;

#[rustfmt::skip]
pub(super) fn static_figures(d: &Day, price: f64, out: &mut Outcome) {
    let n = replicas_for_peak(d.peak, d.ceiling);
    let with = replicas_with_spare(d.peak, d.ceiling, d.spare);
    // Closer to production the trough keeps its spare too.
    let kept = trough_kept(d);
    let released = with.saturating_sub(kept);
    let replicas = Unit::Count("replicas");
    out.add_figures([
        ("replicas_for_peak", "Replicas for the peak (zero headroom)", n as f64, replicas),
        ("replicas_with_spare", "Replicas with the spare", with as f64, replicas),
        ("cost_per_hour_with_spare", "Hourly bill with the spare", hourly_bill(with, price), Unit::UsdPerHour),
        ("cost_per_hour_no_spare", "Hourly bill with no spare", hourly_bill(n, price), Unit::UsdPerHour),
        ("replicas_needed_at_half", "Replicas' worth of load at the trough", d.trough / d.ceiling, replicas),
        ("replicas_kept_at_half", "Replicas that carry the trough", kept as f64, replicas),
        ("replicas_released_at_half", "Replicas released at the trough", released as f64, replicas),
    ]);
}

#[rustfmt::skip]
pub(super) fn day_figures(d: &Day, price: f64, s: &DayStats, out: &mut Outcome) {
    let hours = s.paid_replica_s / 3600.0;
    let static_day = hourly_bill(replicas_with_spare(d.peak, d.ceiling, d.spare), price) * 24.0;
    let bill = hours * price;
    let saved = if static_day > 0.0 { 1.0 - bill / static_day } else { 0.0 };
    let used = if s.ready_replica_s > 0.0 { s.served_tokens / (s.ready_replica_s * d.ceiling) } else { 0.0 };
    let replicas = Unit::Count("replicas");
    out.add_figures([
        ("replica_hours", "Replica-hours", hours, Unit::Hours),
        ("bill", "Bill for the day", bill, Unit::Usd),
        ("static_bill", "Bill holding the peak fleet all day", static_day, Unit::Usd),
        ("saved_share", "Saved against holding the peak", saved, Unit::Share),
        ("peak_queue", "Peak queue", s.peak_queue, Unit::Tokens),
        ("max_wait_s", "Longest queueing wait", s.max_wait_s, Unit::Seconds),
        ("seconds_above_slo", "Seconds above the wait SLO", s.seconds_above_slo as f64, Unit::Seconds),
        ("idle_share", "Idle share (beyond N + 1)", s.idle_share(), Unit::Share),
        ("capacity_used_share", "Ready capacity used", used, Unit::Share),
        // Below 0 when the peak ran short: "−1 replicas" beside this reads
        // as one short, where "fewest spares" read as a count. Short enough
        // for a key figure's box on a phone (360 px) without an ellipsis.
        ("spare_at_peak", "Fewest above the peak's need", s.spare_at_peak, replicas),
        ("max_replicas", "Most replicas billed at once", s.max_paid as f64, replicas),
        ("launches", "Replicas launched", s.launches as f64, replicas),
    ]);
}

/// The figures the page shows first, three so they sit in one row on a
/// phone (the checks' chips show the rest): the longest wait, the spare at
/// the peak and the bill; the rest fold under "More figures".
pub const KEY_FIGURES: &[&str] = &["max_wait_s", "spare_at_peak", "bill"];
